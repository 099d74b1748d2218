/*
** memo.c — the remembered answers of pure hooks: open addressing with
** linear probing in a table that doubles until it reaches its bound, then
** overwrites.
*/
#include "memo.h"

#include <string.h>

#include "memory.h"

#define FIRST_SLOTS 1024         /* a new table's size */
#define PROBES 4                 /* slots looked at for one key */
#define USED ((uint64_t)1 << 63) /* in key.w[3]: the slot holds a state */

typedef struct Slot {
  MemoKey key; /* w[3] | USED when in use; all zero when free */
  Judgement j;
} Slot;

struct HookMemo {
  Slot *slots;
  size_t mask;      /* slots - 1 (0 before the first store) */
  size_t states;    /* slots in use */
  size_t max_slots; /* the bound */
  uint64_t hits, misses;
};

HookMemo *memo_new(size_t max_bytes) {
  HookMemo *m = memory_realloc(NULL, sizeof *m);
  if (!m) return NULL;
  memset(m, 0, sizeof *m);
  size_t slots = max_bytes / sizeof(Slot), p = FIRST_SLOTS;
  while (p * 2 <= slots) p *= 2;
  m->max_slots = p;
  return m;
}

void memo_free(HookMemo *m) {
  if (!m) return;
  memory_realloc(m->slots, 0);
  memory_realloc(m, 0);
}

void memo_clear(HookMemo *m) {
  if (m->slots) memset(m->slots, 0, (m->mask + 1) * sizeof *m->slots);
  m->states = 0;
}

MemoKey memo_key(const Rules *r, const Position *p, const History *h) {
  MemoKey k;
  int kept = h ? h->count : 0;
  if (kept > rules_memory(r)) kept = rules_memory(r);
  k.w[0] = p->arms[BLACK];
  k.w[1] = p->arms[WHITE];
  k.w[2] = (uint64_t)p->centre | (uint64_t)p->side << 2 |
           (uint64_t)rules_ply_bucket(r, p->ply) << 3;
  k.w[3] = (uint64_t)kept;
  for (int i = 0; i < kept; i++)
    k.w[3] |= (uint64_t)(h->moves[i].to & 0x7f) << (4 + 7 * i);
  return k;
}

/* The home slot of a key: the words mixed, then a 64-bit finaliser
** (xor-shift-multiply). */
static size_t home(const HookMemo *m, const MemoKey *key) {
  uint64_t x = key->w[0] * 0x9e3779b97f4a7c15u;
  x ^= (key->w[1] << 21 | key->w[1] >> 43) ^ key->w[2] << 7 ^
       key->w[3] * 0xd6e8feb86659fd93u;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 29;
  x *= 0x94d049bb133111ebu;
  return (size_t)(x ^ (x >> 32)) & m->mask;
}

/* 1 when slot key a (marked USED) holds key b. */
static int same_key(const MemoKey *a, const MemoKey *b) {
  return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] &&
         a->w[3] == (b->w[3] | USED);
}

int memo_get(HookMemo *m, const MemoKey *key, Judgement *j) {
  if (m->slots) {
    size_t i = home(m, key);
    for (int probe = 0; probe < PROBES; probe++, i = (i + 1) & m->mask) {
      Slot *s = &m->slots[i];
      if (!(s->key.w[3] & USED)) break;
      if (same_key(&s->key, key)) {
        *j = s->j;
        m->hits++;
        return 1;
      }
    }
  }
  m->misses++;
  return 0;
}

/* Puts a key into the first free slot of its probe window; 0 when the
** window is full. */
static int place(HookMemo *m, const MemoKey *key, const Judgement *j) {
  size_t i = home(m, key);
  for (int probe = 0; probe < PROBES; probe++, i = (i + 1) & m->mask) {
    Slot *s = &m->slots[i];
    int used = (s->key.w[3] & USED) != 0;
    if (used && !same_key(&s->key, key)) continue;
    if (!used) m->states++;
    s->key = *key;
    s->key.w[3] |= USED;
    s->j = *j;
    return 1;
  }
  return 0;
}

/* Doubles the table (or makes the first one).  Returns 0, or -1 when the
** bound or the allocator says no. */
static int grow(HookMemo *m) {
  size_t old = m->slots ? m->mask + 1 : 0, size = old ? 2 * old : FIRST_SLOTS;
  if (size > m->max_slots) return -1;
  Slot *fresh = memory_realloc(NULL, size * sizeof *fresh);
  if (!fresh) return -1;
  memset(fresh, 0, size * sizeof *fresh);
  Slot *before = m->slots;
  m->slots = fresh;
  m->mask = size - 1;
  m->states = 0;
  for (size_t i = 0; i < old; i++)
    if (before[i].key.w[3] & USED) {
      MemoKey key = before[i].key;
      key.w[3] &= ~USED;
      place(m, &key, &before[i].j);
    }
  memory_realloc(before, 0);
  return 0;
}

void memo_put(HookMemo *m, const MemoKey *key, const Judgement *j) {
  if (!m->slots && grow(m)) return;
  if (m->states * 2 > m->mask + 1) grow(m); /* keep it half empty if we can */
  if (place(m, key, j)) return;
  Slot *s = &m->slots[home(m, key)]; /* a crowded window: forget one */
  s->key = *key;
  s->key.w[3] |= USED;
  s->j = *j;
}

MemoStats memo_stats(const HookMemo *m) {
  MemoStats s = {m->hits, m->misses, m->states,
                 sizeof *m + (m->slots ? (m->mask + 1) * sizeof(Slot) : 0),
                 m->max_slots * sizeof(Slot)};
  return s;
}

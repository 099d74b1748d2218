/*
** memo.h — what pure rule hooks said, remembered: a bounded table from a
** state (position, ply as the rules read it, remembered moves) to the
** hooks' answers (the allowed moves and the verdict), so that perft,
** searches and solvers ask a hook once per state.  Its memory comes from
** the core's counted allocator; when the table is full it forgets.
*/
#ifndef MUTORERE_MEMO_H
#define MUTORERE_MEMO_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define MEMO_DEFAULT_BYTES ((size_t)256 << 20) /* the default bound */

/* The key of a state: its pieces, centre, side, ply bucket and the to
** points of its remembered moves. */
typedef struct MemoKey {
  uint64_t w[4];
} MemoKey;

/* The table (its fields are memo.c's business; lookups are inline). */
typedef struct MemoSlot {
  MemoKey key; /* w[3] | MEMO_USED when in use; all zero when free */
  Judgement j;
} MemoSlot;

typedef struct HookMemo {
  MemoSlot *slots;
  size_t mask;      /* slots - 1 (0 before the first store) */
  size_t states;    /* slots in use */
  size_t max_slots; /* the bound */
  uint64_t hits, misses;
} HookMemo;

#define MEMO_USED ((uint64_t)1 << 63)
#define MEMO_PROBES 8 /* slots looked at for one key */

/* A new, empty memo that will hold at most max_bytes (at least a few
** kilobytes).  Returns NULL without memory. */
HookMemo *memo_new(size_t max_bytes);

void memo_free(HookMemo *m);

/* Forgets everything (the memory stays). */
void memo_clear(HookMemo *m);

/* The key of p reached by h under r (h's moves past rules_memory(r) are
** not part of it). */
static inline MemoKey memo_key(const Rules *r, const Position *p,
                               const History *h) {
  MemoKey k;
  int kept = h ? h->count : 0, opening = rules_opening_plies(r);
  if (kept > r->history) kept = r->history;
  k.w[0] = p->arms[BLACK];
  k.w[1] = p->arms[WHITE];
  k.w[2] = (uint64_t)p->centre | (uint64_t)p->side << 2;
  if (opening)
    k.w[2] |=
        (uint64_t)(p->ply < (uint32_t)opening ? p->ply : (uint32_t)opening)
        << 3;
  k.w[3] = (uint64_t)kept;
  for (int i = 0; i < kept; i++)
    k.w[3] |= (uint64_t)(h->moves[i].to & 0x7f) << (4 + 7 * i);
  return k;
}

/* The home slot of a key: the words mixed, then a 64-bit finaliser
** (xor-shift-multiply). */
static inline size_t memo_home(const HookMemo *m, const MemoKey *key) {
  uint64_t x = key->w[0] * 0x9e3779b97f4a7c15u;
  x ^= (key->w[1] << 21 | key->w[1] >> 43) ^ key->w[2] << 7 ^
       key->w[3] * 0xd6e8feb86659fd93u;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 29;
  return (size_t)(x ^ (x >> 32)) & m->mask;
}

/* 1 when slot key a (marked MEMO_USED) holds key b. */
static inline int memo_same(const MemoKey *a, const MemoKey *b) {
  return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] &&
         a->w[3] == (b->w[3] | MEMO_USED);
}

/* 1 with the judgement in *j when key is remembered; 0 when not. */
static inline int memo_get(HookMemo *m, const MemoKey *key, Judgement *j) {
  if (m->slots) {
    size_t i = memo_home(m, key);
    for (int probe = 0; probe < MEMO_PROBES; probe++, i = (i + 1) & m->mask) {
      const MemoSlot *s = &m->slots[i];
      if (!(s->key.w[3] & MEMO_USED)) break;
      if (memo_same(&s->key, key)) {
        *j = s->j;
        m->hits++;
        return 1;
      }
    }
  }
  m->misses++;
  return 0;
}

/* Remembers the judgement for key (forgetting another state when full). */
void memo_put(HookMemo *m, const MemoKey *key, const Judgement *j);

typedef struct MemoStats {
  uint64_t hits, misses; /* lookups answered and not */
  size_t states;         /* states held now */
  size_t bytes;          /* memory held now */
  size_t max_bytes;      /* the bound */
} MemoStats;

MemoStats memo_stats(const HookMemo *m);

#endif

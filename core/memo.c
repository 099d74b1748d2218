/*
** memo.c — the remembered answers of pure hooks: open addressing with
** linear probing in a table that doubles until it reaches its bound, then
** overwrites.
*/
#include "memo.h"

#include <string.h>

#include "memory.h"

#define FIRST_SLOTS 1024 /* a new table's size */

HookMemo *memo_new(size_t max_bytes) {
  HookMemo *m = memory_realloc(NULL, sizeof *m);
  if (!m) return NULL;
  memset(m, 0, sizeof *m);
  size_t slots = max_bytes / sizeof(MemoSlot), p = FIRST_SLOTS;
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

/* Puts a key into the first free slot of its probe window; 0 when the
** window is full. */
static int place(HookMemo *m, const MemoKey *key, const Judgement *j) {
  size_t i = memo_home(m, key);
  for (int probe = 0; probe < MEMO_PROBES; probe++, i = (i + 1) & m->mask) {
    MemoSlot *s = &m->slots[i];
    int used = (s->key.w[3] & MEMO_USED) != 0;
    if (used && !memo_same(&s->key, key)) continue;
    if (!used) m->states++;
    s->key = *key;
    s->key.w[3] |= MEMO_USED;
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
  MemoSlot *fresh = memory_realloc(NULL, size * sizeof *fresh);
  if (!fresh) return -1;
  memset(fresh, 0, size * sizeof *fresh);
  MemoSlot *before = m->slots;
  m->slots = fresh;
  m->mask = size - 1;
  m->states = 0;
  for (size_t i = 0; i < old; i++)
    if (before[i].key.w[3] & MEMO_USED) {
      MemoKey key = before[i].key;
      key.w[3] &= ~MEMO_USED;
      place(m, &key, &before[i].j);
    }
  memory_realloc(before, 0);
  return 0;
}

void memo_put(HookMemo *m, const MemoKey *key, const Judgement *j) {
  if (!m->slots && grow(m)) return;
  if (m->states * 2 > m->mask + 1) grow(m); /* keep it half empty if we can */
  if (place(m, key, j)) return;
  MemoSlot *s = &m->slots[memo_home(m, key)]; /* a crowded window: forget one */
  s->key = *key;
  s->key.w[3] |= MEMO_USED;
  s->j = *j;
}

MemoStats memo_stats(const HookMemo *m) {
  MemoStats s = {m->hits, m->misses, m->states,
                 sizeof *m + (m->slots ? (m->mask + 1) * sizeof(MemoSlot) : 0),
                 m->max_slots * sizeof(MemoSlot)};
  return s;
}

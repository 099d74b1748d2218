/*
** states.c — the index of states: open addressing over state numbers,
** linear probing, at most half full.  Each slot keeps half of its state's
** hash: a probe looks at a state only when that half matches, and the
** index grows without looking at any.
*/
#include "states.h"

#include <string.h>

#include "memory.h"

void states_init(StateIndex *x, int opening, int memory) {
  memset(x, 0, sizeof *x);
  x->opening = opening;
  x->memory = memory;
}

void states_free(StateIndex *x) {
  memory_realloc(x->slots, 0);
  x->slots = NULL;
  x->size = 0;
  x->used = 0;
}

/* The ply as the rules read it: the ply itself in the opening, then the
** opening plies (every later ply reads the same). */
static uint32_t ply_bucket(const StateIndex *x, uint32_t ply) {
  return ply < (uint32_t)x->opening ? ply : (uint32_t)x->opening;
}

/* The number of moves of h the rules remember. */
static int kept(const StateIndex *x, const History *h) {
  int k = h ? h->count : 0;
  return k < x->memory ? k : x->memory;
}

int states_same(const StateIndex *x, const Position *a, const History *ha,
                const Position *b, const History *hb) {
  int k = kept(x, ha);
  if (!board_same(a, b) || ply_bucket(x, a->ply) != ply_bucket(x, b->ply) ||
      k != kept(x, hb))
    return 0;
  for (int i = 0; i < k; i++)
    if (!move_equal(ha->moves[i], hb->moves[i])) return 0;
  return 1;
}

/* The hash of a state: of what states_same compares (multiplications
** and one final mix: its high half is the tag, whose low bits pick the
** slot). */
static uint64_t state_hash(const StateIndex *x, const Position *p,
                           const History *h) {
  int k = kept(x, h);
  uint64_t small = (uint64_t)p->centre | (uint64_t)p->side << 2 |
                   (uint64_t)p->n << 3 | (uint64_t)p->graph << 10 |
                   (uint64_t)k << 11 | (uint64_t)ply_bucket(x, p->ply) << 15;
  uint64_t hash = p->arms[BLACK] * 0x9e3779b97f4a7c15u ^
                  (p->arms[WHITE] * 0xc2b2ae3d27d4eb4fu >> 7) ^
                  small * 0x165667b19e3779f9u ^
                  (uint64_t)(p->hand[BLACK] | p->hand[WHITE] << 8) << 40;
  for (int i = 0; i < k; i++)
    hash = (hash ^ (uint64_t)(h->moves[i].from << 8 | h->moves[i].to) ^
            h->moves[i].taken) *
           0x100000001b3u;
  hash ^= hash >> 31;
  hash *= 0xbf58476d1ce4e5b9u;
  return hash ^ hash >> 29;
}

/* The slot where the state p reached by h (whose hash has high half tag)
** is, or the empty slot where it goes (the index has slots). */
static inline uint64_t slot_of(const StateIndex *x, const Position *state,
                        const History *history, const Position *p,
                        const History *h, uint32_t tag) {
  uint64_t mask = x->size - 1;
  for (uint64_t i = tag & mask;; i = (i + 1) & mask) {
    uint64_t slot = x->slots[i];
    if (!slot) return i;
    uint32_t at = (uint32_t)slot;
    if ((uint32_t)(slot >> 32) == tag &&
        states_same(x, &state[at - 1], states_history(history, at - 1), p, h))
      return i;
  }
}

/* The high half of the hash of the state p reached by h. */
static uint32_t tag_of(const StateIndex *x, const Position *p,
                       const History *h) {
  return (uint32_t)(state_hash(x, p, h) >> 32);
}

uint32_t states_find(const StateIndex *x, const Position *state,
                     const History *history, const Position *p,
                     const History *h) {
  if (!x->size) return STATES_NONE;
  uint64_t slot = x->slots[slot_of(x, state, history, p, h, tag_of(x, p, h))];
  return slot ? (uint32_t)slot - 1 : STATES_NONE;
}

uint32_t states_probe(const StateIndex *x, const Position *state,
                      const History *history, const Position *p,
                      const History *h, StateSlot *where) {
  where->tag = tag_of(x, p, h);
  where->slot = slot_of(x, state, history, p, h, where->tag);
  uint64_t slot = x->slots[where->slot];
  return slot ? (uint32_t)slot - 1 : STATES_NONE;
}

void states_put(StateIndex *x, const StateSlot *where, uint32_t id) {
  x->slots[where->slot] = (uint64_t)where->tag << 32 | (id + 1);
  x->used++;
}

/* Makes room for size slots (a power of two, more than the states).
** Returns 0, or -1 without memory. */
static int grow(StateIndex *x, uint64_t size) {
  uint64_t *slots = memory_realloc(NULL, (size_t)size * sizeof *slots);
  if (!slots) return -1;
  memset(slots, 0, (size_t)size * sizeof *slots);
  for (uint64_t i = 0; i < x->size; i++) {
    uint64_t slot = x->slots[i], j = slot >> 32 & (size - 1);
    if (!slot) continue;
    while (slots[j]) j = (j + 1) & (size - 1);
    slots[j] = slot;
  }
  memory_realloc(x->slots, 0);
  x->slots = slots;
  x->size = size;
  return 0;
}

int states_grow(StateIndex *x, uint32_t more) {
  uint64_t need = 2 * ((uint64_t)x->used + more), size = x->size;
  if ((uint64_t)x->used + more > STATES_MAX) return -1;
  if (need <= size) return 0;
  if (!size) size = 1024;
  while (size < need) size *= 2;
  return grow(x, size);
}

int states_add(StateIndex *x, const Position *state, const History *history,
               uint32_t id) {
  if (states_reserve(x, 1)) return -1;
  const History *own = states_history(history, id);
  uint32_t tag = tag_of(x, &state[id], own);
  x->slots[slot_of(x, state, history, &state[id], own, tag)] =
      (uint64_t)tag << 32 | (id + 1);
  x->used++;
  return 0;
}

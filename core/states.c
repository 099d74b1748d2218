/*
** states.c — the index of states: open addressing over state numbers,
** linear probing, at most half full.
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
    if (ha->moves[i].from != hb->moves[i].from ||
        ha->moves[i].to != hb->moves[i].to)
      return 0;
  return 1;
}

/* The hash of a state: of what states_same compares. */
static uint64_t state_hash(const StateIndex *x, const Position *p,
                           const History *h) {
  uint64_t hash = board_hash(p);
  int k = kept(x, h);
  uint64_t extra = (uint64_t)ply_bucket(x, p->ply) << 4 | (uint64_t)k;
  for (int i = 0; i < k; i++)
    extra = (extra ^ (uint64_t)(h->moves[i].from << 8 | h->moves[i].to)) *
            0x100000001b3u;
  extra *= 0x9e3779b97f4a7c15u;
  return hash ^ extra ^ (extra >> 29);
}

/* The slot where the state p reached by h is, or the empty slot where it
** goes (the index has slots). */
static uint64_t slot_of(const StateIndex *x, const Position *state,
                        const History *history, const Position *p,
                        const History *h) {
  uint64_t mask = x->size - 1;
  for (uint64_t i = state_hash(x, p, h) >> 11 & mask;; i = (i + 1) & mask) {
    uint32_t at = x->slots[i];
    if (!at || states_same(x, &state[at - 1], &history[at - 1], p, h))
      return i;
  }
}

uint32_t states_find(const StateIndex *x, const Position *state,
                     const History *history, const Position *p,
                     const History *h) {
  if (!x->size) return STATES_NONE;
  uint32_t at = x->slots[slot_of(x, state, history, p, h)];
  return at ? at - 1 : STATES_NONE;
}

/* Makes room for size slots (a power of two, more than the states).
** Returns 0, or -1 without memory. */
static int grow(StateIndex *x, const Position *state, const History *history,
                uint64_t size) {
  StateIndex bigger = *x;
  bigger.size = size;
  bigger.slots = memory_realloc(NULL, (size_t)bigger.size * sizeof *x->slots);
  if (!bigger.slots) return -1;
  memset(bigger.slots, 0, (size_t)bigger.size * sizeof *x->slots);
  for (uint64_t i = 0; i < x->size; i++) {
    uint32_t at = x->slots[i];
    if (at)
      bigger.slots[slot_of(&bigger, state, history, &state[at - 1],
                           &history[at - 1])] = at;
  }
  memory_realloc(x->slots, 0);
  *x = bigger;
  return 0;
}

int states_reserve(StateIndex *x, const Position *state, const History *history,
                   uint32_t more) {
  uint64_t need = 2 * ((uint64_t)x->used + more), size = x->size;
  if ((uint64_t)x->used + more > STATES_MAX) return -1;
  if (need <= size) return 0;
  if (!size) size = 1024;
  while (size < need) size *= 2;
  return grow(x, state, history, size);
}

int states_add(StateIndex *x, const Position *state, const History *history,
               uint32_t id) {
  if (states_reserve(x, state, history, 1)) return -1;
  x->slots[slot_of(x, state, history, &state[id], &history[id])] = id + 1;
  x->used++;
  return 0;
}

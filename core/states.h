/*
** states.h — an index of states: the states of a variant (a position, its
** ply while the rules read it, the moves they remember) kept in arrays
** that the caller owns, found again by their numbers in a hash table.
** This is the one notion of "the same state" of everything that walks
** states (metrics.h) and of the solution kept by them (reach.h): the same
** pieces and side to move, the same ply below the opening plies (every
** later ply reads the same), and the same last remembered moves.
*/
#ifndef MUTORERE_STATES_H
#define MUTORERE_STATES_H

#include <stdint.h>

#include "board.h"
#include "judgement.h"

#define STATES_NONE 0xffffffffu /* no state has this number */
#define STATES_MAX 0x7ffffff0u  /* the most states an index holds */

typedef struct StateIndex {
  uint64_t *slots; /* the state's number + 1 in the low half, the high half
                   ** of its hash in the high one; 0 is an empty slot */
  uint64_t size;   /* the slots: a power of two, or 0 */
  uint32_t used;   /* the states indexed */
  int opening;     /* states differ by their ply only below this ply */
  int memory;      /* and by their last memory moves */
} StateIndex;

/* The moves state i remembers, of an array of histories that is NULL when
** the rules remember none (NULL then). */
static inline const History *states_history(const History *history,
                                            uint32_t i) {
  return history ? &history[i] : NULL;
}

/* An empty index of the states of rules with the given opening plies
** (rules_opening_plies) and memory (rules_memory). */
void states_init(StateIndex *x, int opening, int memory);

void states_free(StateIndex *x);

/* 1 when a reached by ha and b reached by hb are the same state. */
int states_same(const StateIndex *x, const Position *a, const History *ha,
                const Position *b, const History *hb);

/* The number of the state p reached by h (NULL: no moves) among those
** indexed, whose positions and histories are state[i] and history[i]
** (history NULL when the rules remember no moves); or STATES_NONE. */
uint32_t states_find(const StateIndex *x, const Position *state,
                     const History *history, const Position *p,
                     const History *h);

/* Where a state is, or goes, in an index (states_probe). */
typedef struct StateSlot {
  uint64_t slot;
  uint32_t tag; /* the high half of its hash */
} StateSlot;

/* As states_find, in an index with room for one more state
** (states_reserve): and when the state is not there, where it goes into
** *where, for states_put. */
uint32_t states_probe(const StateIndex *x, const Position *state,
                      const History *history, const Position *p,
                      const History *h, StateSlot *where);

/* Indexes the state numbered id where states_probe said it goes (nothing
** added or grown since). */
void states_put(StateIndex *x, const StateSlot *where, uint32_t id);

/* Indexes the state numbered id (state[id] and history[id], set by the
** caller), which is not indexed yet.  Returns 0, or -1 without memory or
** past STATES_MAX states. */
int states_add(StateIndex *x, const Position *state, const History *history,
               uint32_t id);

/* Makes room to add more states without asking for memory.  Returns 0,
** or -1 without memory or past STATES_MAX states. */
int states_grow(StateIndex *x, uint32_t more);
static inline int states_reserve(StateIndex *x, uint32_t more) {
  uint64_t need = (uint64_t)x->used + more;
  return 2 * need <= x->size && need <= STATES_MAX ? 0 : states_grow(x, more);
}

/* The bytes the index takes. */
static inline uint64_t states_bytes(const StateIndex *x) {
  return x->size * sizeof *x->slots;
}

#endif

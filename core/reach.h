/*
** reach.h — the reachable-states solution: perfect play solved on the
** states that play reaches from a start, and kept for them alone.
**
** The states reachable from the start (metrics_frontier walks them: the
** position, its ply while the rules read it, the moves they remember) are
** solved by retrograde analysis on their graph, distance by distance as
** the plain solver does (winners hurry, losers delay, the rest is drawn),
** and kept as a list of states, their codes (one byte each, coded as the
** plain table's) and an index of them (states.h).  Where the states play
** reaches are far fewer than the plain table's index — rules that remember
** moves, boards of points with many empty points — it takes a fraction of
** the table's memory and time; it takes about REACH_STATE_BYTES a state
** (and a History more for rules that remember moves).
**
** The states held are closed under moves: every move of a state held
** leads to a state held.  A lookup of a state it does not hold gives
** VALUE_UNKNOWN, never a wrong value; reach_extend then solves that state
** and every state reachable from it that is not held yet (the values of
** the states held stay as they are: none of their moves leads to a new
** state), and the solution holds them from then on.
*/
#ifndef MUTORERE_REACH_H
#define MUTORERE_REACH_H

#include "metrics.h"
#include "solver.h"
#include "states.h"

#define REACH_MORE 1 /* reach_solve met more states than it was allowed */

/* The bytes a state takes in a reachable-states solution: its position,
** the moves it remembers, its code and its place in the index. */
#define REACH_STATE_BYTES                                                     \
  (sizeof(Position) + 1 + 2 * sizeof(uint64_t))

/* The states of a reachable-states solution (Solution.reach); their codes
** are Solution.codes, one a state in the same order. */
typedef struct ReachTable {
  Position *state;  /* the ply kept below the opening, else opening + memory */
  History *history; /* the moves each remembers (at most Solution.memory;
                    ** NULL when the rules remember none) */
  uint64_t room;    /* states the arrays and the codes have room for */
  StateIndex index;
  int wide; /* 1: the rules have moves beside the slides (rules_general):
            ** a file keeps hands and the pieces remembered moves took */
} ReachTable;

/* Sets s to a reachable-states solution of r that holds no state yet.
** Returns SOLVER_OK, or SOLVER_ERROR (err says why). */
int reach_new(Solution *s, const Rules *r, char *err);

/* Solves the states reachable from start reached by h (NULL: no moves)
** under r into s, a new reachable-states solution.  max: the most states
** to walk (0: no bound); more gives REACH_MORE, and nothing is kept.
** Reports the walk and the analysis to progress (may be NULL).  Returns
** SOLVER_OK (s then needs solver_free), REACH_MORE, or another SOLVER_*
** code (SOLVER_ERROR with a message in err). */
int reach_solve(Solution *s, const Rules *r, const Position *start,
                const History *h, uint64_t max, const Cancel *c,
                const Progress *progress, char *err);

/* Adds to s, a reachable-states solution of r, the state p reached by h
** and every state reachable from it, solved (nothing when s holds it).
** Returns a SOLVER_* code; on failure s is as it was. */
int reach_extend(Solution *s, const Rules *r, const Position *p,
                 const History *h, const Cancel *c, char *err);

/* As solver_census, for a reachable-states solution s that holds start
** reached by h (reach_extend). */
int reach_census(const Solution *s, const Rules *r, const Position *start,
                 const History *h, Census *census,
                 void (*on_trap)(void *ud, const Position *p, const History *h,
                                 int losing),
                 void *ud, const Cancel *c, char *err);

/* The bytes s takes (a reachable-states solution). */
uint64_t reach_bytes(const Solution *s);

/* The state i of s (a reachable-states solution) into *p and *h. */
void reach_state(const Solution *s, uint64_t i, Position *p, History *h);

/* Makes room in s (a reachable-states solution) for more states: its
** arrays, codes and index.  Returns 0, or -1 without memory (s holds what
** it held). */
int reach_reserve(Solution *s, uint64_t more);

/* Adds the state p reached by h with its code to s (as a file holds it:
** solfile.h checks that the states and codes fit the rules).  Returns 0,
** 1 when s holds it already, or -1 without memory. */
int reach_add(Solution *s, const Position *p, const History *h, uint8_t code);

#endif

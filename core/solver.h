/*
** solver.h — perfect play by retrograde analysis: the value (win, loss or
** draw for the side to move) and the distance in plies to the end of every
** legal position of a variant, one byte per position.
**
** The ply counter is part of a position only while the rules read it: a
** variant whose opening rules end at ply K (rules_opening_plies) gets K+1
** layers, layers 0..K-1 for plies 0..K-1 and layer K for every later ply.
** Layer K is solved backwards from the ends of the game (retrograde
** analysis); the opening layers then by looking one ply ahead.  Winners
** hurry and losers delay: a win's distance is the shortest forced one, a
** loss's the longest.  Draws are the positions from which neither side can
** force an end.  Repetition and ply caps are not part of the solution.
*/
#ifndef MUTORERE_SOLVER_H
#define MUTORERE_SOLVER_H

#include <stdint.h>

#include "cancel.h"
#include "rules.h"

enum { VALUE_DRAW = 0, VALUE_WIN = 1, VALUE_LOSS = 2 };
enum {
  SOLVER_OK = 0,
  SOLVER_ERROR = -1,    /* err says why: too large, no memory, too long */
  SOLVER_EHOOK = -2,    /* a rule hook failed */
  SOLVER_CANCELLED = -3 /* the Cancel asked to stop */
};

#define SOLVER_MAX_DISTANCE 126
#define SOLVER_MAX_STATES ((uint64_t)1 << 32)

typedef struct Solution {
  int n;          /* arms */
  int opening;    /* K: the number of opening layers */
  uint64_t layer; /* positions per layer */
  uint8_t *codes; /* (K+1) * layer codes: 0 draw, else 1 + 2*distance (+1
                  ** for a loss) */
  /* Not NULL: the codes are indexed and coded as symsolver.h says. */
  struct SymTable *sym;
} Solution;

/* Solves the variant r.  Returns SOLVER_OK, or another SOLVER_* (with a
** message in err for SOLVER_ERROR); s needs solver_free only after
** SOLVER_OK. */
int solver_solve(Solution *s, const Rules *r, const Cancel *c, char *err);

void solver_free(Solution *s);

/* The number of positions solved. */
static inline uint64_t solver_states(const Solution *s) {
  return s->layer * (uint64_t)(s->opening + 1);
}

/* The value of p (VALUE_*) for its side to move, and its distance in
** *distance (-1 for a draw).  p must have s->n arms. */
int solver_lookup(const Solution *s, const Position *p, int *distance);

/* What the positions reachable from a start have: counts by value, and
** the traps (drawn positions with a move that loses). */
typedef struct Census {
  uint64_t reachable, wins, losses, draws, traps;
  int longest; /* the longest distance among them */
} Census;

/* Walks every position reachable from start under r (hooks asked) and
** counts them into *census; calls on_trap (when not NULL) with each trap
** and its losing moves' count.  Returns a SOLVER_* code. */
int solver_census(const Solution *s, const Rules *r, const Position *start,
                  Census *census,
                  void (*on_trap)(void *ud, const Position *p, int losing),
                  void *ud, const Cancel *c, char *err);

#endif

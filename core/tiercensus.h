/*
** tiercensus.h — the census (solver.h) of a tiered solution (tiers.h):
** the states reachable from a start, a bit a state of the table for those
** met, walked tier by tier on the table's threads, each tier once the
** tiers above it are walked (a move leaves a tier only for a tier below
** it), as a walk on one thread meets them.  When a mirror of the board
** (tiermirror.h) keeps the start, the states reached come in pairs of
** images with the same value: one of each pair is walked for both.
*/
#ifndef MUTORERE_TIERCENSUS_H
#define MUTORERE_TIERCENSUS_H

#include "cancel.h"
#include "solver.h"

#define TIERCENSUS_EXAMPLES 1000 /* the traps told to on_trap, at most */

/* As solver_census, for the tiered solution s of r (h is not read: the
** rules remember no moves); on_trap hears of the first
** TIERCENSUS_EXAMPLES traps (a trap and its mirror image one after the
** other), on the caller's thread, once the walk is
** done.  Returns a SOLVER_* code (SOLVER_ERROR with a
** message in err: no memory, a start the table does not hold). */
int tiercensus_run(const Solution *s, const Rules *r, const Position *start,
                   const History *h, Census *census,
                   void (*on_trap)(void *ud, const Position *p,
                                   const History *h, int losing),
                   void *ud, const Cancel *c, char *err);

#endif

/*
** tiercensus.h — the census (solver.h) of a tiered solution (tiers.h):
** the states reachable from a start, walked tier by tier, the latest
** stage first (a move leaves a tier only for an earlier stage), a bit a
** state of the table for those met.
*/
#ifndef MUTORERE_TIERCENSUS_H
#define MUTORERE_TIERCENSUS_H

#include "cancel.h"
#include "solver.h"

/* As solver_census, for the tiered solution s of r (h is not read: the
** rules remember no moves).  Returns a SOLVER_* code (SOLVER_ERROR with a
** message in err: no memory, a start the table does not hold). */
int tiercensus_run(const Solution *s, const Rules *r, const Position *start,
                   const History *h, Census *census,
                   void (*on_trap)(void *ud, const Position *p,
                                   const History *h, int losing),
                   void *ud, const Cancel *c, char *err);

#endif

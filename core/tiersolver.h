/*
** tiersolver.h — perfect play of rules that drop, take or pass, solved in
** tiers (tiers.h): every state, one byte each.
**
** A tier is solved once the tiers below it are (tiers_below: a move
** leaves a tier only for one of those), the threads each taking the
** largest tier ready.  In a tier, each state first reads the values of
** the states its moves to other tiers reach and counts its moves that
** stay; then retrograde analysis runs on the moves that stay, distance by
** distance, from the states whose value is known (the ends of the game
** and those the other tiers decide), each resolved state resolving the
** states of its tier with a move to it (tiermoves.h): a lost one makes
** them won, a won one takes a move from each, and one left with none is
** lost.  Winners hurry and losers delay, as in the plain solver
** (solver.h): a state is won in the fewest plies a move to a lost state
** gives, and lost in the most a move to a won one gives; the rest are
** drawn.  The values are those the solver of the states play reaches
** (reach.h) gives: the tests compare them on every state it reaches.
** When the board has a mirror that keeps the rules (tiermirror.h), one
** state of each pair of images is solved and the other copies its code
** (when its counts in half moves fit a byte).
**
** A tier takes a byte a state besides the codes while it is solved (the
** moves not yet known to lose of each) and a bit for each distance and
** block of 64 states (which blocks hold the states resolved at a
** distance), so the solve takes the table's states and about the largest
** tier's for each thread (tiersolver_bytes).
*/
#ifndef MUTORERE_TIERSOLVER_H
#define MUTORERE_TIERSOLVER_H

#include "cancel.h"
#include "progress.h"
#include "solver.h"
#include "tiers.h"

/* Sets s to the tiered table of r (tiers_plan), codes not yet there, with
** the methods of a tiered solution (its lookup, release, states and
** census).  Returns SOLVER_OK, or SOLVER_ERROR with a message in err
** (also when a state may have more moves that stay in its tier than the
** solver's byte counts: tiermoves_staying). */
int tiersolver_plan(Solution *s, const Rules *r, char *err);

/* The bytes a solve of the rules r, whose table s plans (tiersolver_plan),
** takes on threads threads besides the plan: its codes, the work of each
** thread, and the moves read (at most). */
uint64_t tiersolver_bytes(const Solution *s, const Rules *r, int threads);

/* Solves r, whose rules tiers_applies, into s on threads threads (>= 1);
** reports to progress (may be NULL).  A table that does not fit in the
** memory left (memory_room) is refused before it starts.  Returns
** SOLVER_OK (s then needs solver_free), or another SOLVER_* code
** (SOLVER_ERROR with a message in err). */
int tiersolver_solve(Solution *s, const Rules *r, int threads,
                     const Cancel *c, const Progress *progress, char *err);

#endif

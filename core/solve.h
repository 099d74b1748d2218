/*
** solve.h — which solver solves a variant: the symmetric one (symsolver.h)
** when the board's symmetries leave the rules unchanged and the rules
** remember no moves — no hooks, or hooks that say so and pass a check —
** else the plain one (solver.h).
*/
#ifndef MUTORERE_SOLVE_H
#define MUTORERE_SOLVE_H

#include "cancel.h"
#include "progress.h"
#include "solver.h"

typedef struct SolveOptions {
  int threads;   /* worker threads; 0: one per core */
  int symmetric; /* the variant says its hooks are symmetric */
  const Cancel *cancel;
  const Progress *progress; /* may be NULL */
} SolveOptions;

/* Solves r as solver_solve does, with the solver that fits.  A symmetric
** claim that the hooks belie is SOLVER_ERROR (err says where); a solve
** that would not fit in memory is refused before it starts.  o may be
** NULL (defaults). */
int solve_variant(Solution *s, const Rules *r, const SolveOptions *o,
                  char *err);

/* 1 when r would be solved up to symmetry (given the claim). */
int solve_is_symmetric(const Rules *r, int claim);

/* The number of threads for a request (0: one per core). */
int solve_threads(int asked);

/* Checks on sample positions that the hooks of r answer alike under
** rotation, reflection and colour swap.  Returns 0, 1 with the first
** difference in err, or RULES_EHOOK. */
int solve_check_symmetric(const Rules *r, char *err);

#endif

/*
** tiersolver_dispatch.c — the tier solver as the processor running
** chooses it: the build compiles tiersolver.c as tiersolver_*_portable
** for any x86-64, and the tier solver's six files (tiers.c, tiermoves.c,
** tiermirror.c, tiersolver.c, tiercensus.c, tierschedule.c) again for
** x86-64-v3, linked into one object whose only names are
** tiersolver_*_v3 (CMakeLists.txt); the loader binds tiersolver_plan and
** tiersolver_solve to one build once (ifuncs).  A table planned by one
** build is looked up and counted by the same build (its methods), so a
** table solved or read from a file on an x86-64-v3 processor runs the
** x86-64-v3 build throughout.  Built only when the build dispatches.
*/
#include "hot.h"
#include "tiersolver.h"

int tiersolver_plan_portable(Solution *s, const Rules *r, char *err);
int tiersolver_plan_v3(Solution *s, const Rules *r, char *err);
int tiersolver_solve_portable(Solution *s, const Rules *r, int threads,
                              const Cancel *c, const Progress *progress,
                              char *err);
int tiersolver_solve_v3(Solution *s, const Rules *r, int threads,
                        const Cancel *c, const Progress *progress, char *err);

typedef int (*PlanFn)(Solution *, const Rules *, char *);
typedef int (*SolveFn)(Solution *, const Rules *, int, const Cancel *,
                       const Progress *, char *);

/* The ifuncs' resolvers: the build this processor runs. */
static PlanFn resolve_plan(void) {
  return hot_runs_v3() ? tiersolver_plan_v3 : tiersolver_plan_portable;
}
static SolveFn resolve_solve(void) {
  return hot_runs_v3() ? tiersolver_solve_v3 : tiersolver_solve_portable;
}

int tiersolver_plan(Solution *s, const Rules *r, char *err)
    __attribute__((ifunc("resolve_plan")));
int tiersolver_solve(Solution *s, const Rules *r, int threads,
                     const Cancel *c, const Progress *progress, char *err)
    __attribute__((ifunc("resolve_solve")));

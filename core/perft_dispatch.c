/*
** perft_dispatch.c — perft as the processor running chooses it: the build
** compiles perft.c twice (CMakeLists.txt), as perft_portable for any x86-64
** and as perft_v3 for x86-64-v3 (hot.h), and the loader binds perft to one
** of them once (an ifunc).  Built only when the build dispatches.
*/
#include "hot.h"
#include "perft.h"

int64_t perft_portable(const Rules *r, const Position *p, const History *h,
                       int depth, const Cancel *c);
int64_t perft_v3(const Rules *r, const Position *p, const History *h,
                 int depth, const Cancel *c);

typedef int64_t (*PerftFn)(const Rules *, const Position *, const History *,
                           int, const Cancel *);

/* The ifunc's resolver: the build of perft this processor runs. */
static PerftFn resolve_perft(void) {
  return hot_runs_v3() ? perft_v3 : perft_portable;
}

int64_t perft(const Rules *r, const Position *p, const History *h, int depth,
              const Cancel *c) __attribute__((ifunc("resolve_perft")));

/*
** hot.h — the few hot loops that gain from newer instructions, built twice
** when the build dispatches at run time (MUTORERE_DISPATCH: x86-64, GCC,
** ifunc): for any x86-64, and for x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT:
** the processors of 2013 on), the processor running choosing one when the
** program or library is loaded.  A native build (-DMUTORERE_NATIVE=ON) and
** other architectures build each once.
*/
#ifndef MUTORERE_HOT_H
#define MUTORERE_HOT_H

/* A hot loop, built twice when the build dispatches.  (GCC 12 gives the
** function that dispatches default visibility whatever the build asks:
** the libraries' version scripts keep it inside.) */
#ifdef MUTORERE_DISPATCH
#define HOT_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define HOT_CLONES
#endif

/* A helper of hot loops, inlined into each build of them (a function of
** the default target is not inlined into a clone of another otherwise). */
#ifdef MUTORERE_DISPATCH
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE
#endif

/* Whether the processor running runs the x86-64-v3 builds: what the
** resolvers of the dispatched functions ask (perft_dispatch.c,
** tiersolver_dispatch.c), before the program's own code runs. */
#ifdef MUTORERE_DISPATCH
static inline int hot_runs_v3(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("x86-64-v3");
}
#endif

#endif

/*
** progress.h — how a long computation of the core tells its caller how far
** it has got (for a progress bar): a callback called now and then, on the
** caller's thread only.
*/
#ifndef MUTORERE_PROGRESS_H
#define MUTORERE_PROGRESS_H

#include <stdint.h>

typedef struct Progress {
  /* phase names the step ("ends", "distance 12", ...); done of total work
  ** units (positions) are done, total 0 when unknown; done == total ends
  ** the phase. */
  void (*report)(void *ctx, const char *phase, uint64_t done, uint64_t total);
  void *ctx;
} Progress;

/* A report whose phase is PROGRESS_SETTLED is not a phase: for work done in
** passes whose number is not known ahead (the solver's distance passes go
** on while they settle positions), it says that done of total units are
** settled so far, before the report of the pass it goes with.  A callback
** that has no use for it ignores it. */
#define PROGRESS_SETTLED "settled"

/* Tells p (which may be NULL or have no callback). */
static inline void progress_report(const Progress *p, const char *phase,
                                   uint64_t done, uint64_t total) {
  if (p && p->report) p->report(p->ctx, phase, done, total);
}

#endif

/*
** fuzz_clock.c — the virtual clock of the Lua fuzz targets.  They are
** linked with -Wl,--wrap=clock_gettime,--wrap=timespec_get,--wrap=time, so
** that the project's reads of the monotonic clock (the budgets of mt.limit,
** mt.clock, UGI's move times), of the wall clock for deadlines (the core's
** searches) and of the date (a record's Date tag) come here.  While an input runs, on the thread that runs it,
** every read answers a time one tick later than the last: time passes
** only as the code looks at it, the same way on every run of an input,
** however loaded the machine, and a search of 99 ms takes 99 looks instead
** of 99 ms.  Other threads, other clocks and the fuzzer itself get the
** real time.
*/
#define _POSIX_C_SOURCE 200809L
#include "fuzz_clock.h"

#include <time.h>

#define TICK_NS 1000000 /* virtual nanoseconds between two reads: 1 ms */
#define BASE_SECONDS 1000000 /* the virtual time of an input's start */

int __real_clock_gettime(clockid_t id, struct timespec *t);
int __real_timespec_get(struct timespec *t, int base);
int __wrap_clock_gettime(clockid_t id, struct timespec *t);
int __wrap_timespec_get(struct timespec *t, int base);
time_t __real_time(time_t *t);
time_t __wrap_time(time_t *t);

static _Thread_local int on;              /* 1 while an input runs here */
static _Thread_local unsigned long reads; /* since the input began */

void fuzz_clock_start(void) {
  on = 1;
  reads = 0;
}

void fuzz_clock_stop(void) { on = 0; }

unsigned long fuzz_clock_reads(void) { return reads; }

/* The next virtual time into t. */
static void tick(struct timespec *t) {
  unsigned long long ns = (unsigned long long)++reads * TICK_NS;
  t->tv_sec = BASE_SECONDS + (time_t)(ns / 1000000000u);
  t->tv_nsec = (long)(ns % 1000000000u);
}

int __wrap_clock_gettime(clockid_t id, struct timespec *t) {
  if (!on || id != CLOCK_MONOTONIC) return __real_clock_gettime(id, t);
  tick(t);
  return 0;
}

int __wrap_timespec_get(struct timespec *t, int base) {
  if (!on || base != TIME_UTC) return __real_timespec_get(t, base);
  tick(t);
  return base;
}

time_t __wrap_time(time_t *t) {
  if (!on) return __real_time(t);
  struct timespec now;
  tick(&now);
  if (t) *t = now.tv_sec;
  return now.tv_sec;
}

/*
** tierschedule.c — the order the threads take the tiers in, and their
** slots.
*/
#define _POSIX_C_SOURCE 200809L
#include "tierschedule.h"

#include <string.h>
#include <time.h>

#include "memory.h"

uint64_t tierschedule_bytes(int n, int slots) {
  uint64_t tiers = (uint64_t)n;
  return (tiers * tiers + 3 * tiers + 1 + (uint64_t)slots) * sizeof(int);
}

/* Counts what waits says of the tiers into s: each tier's waiting, the
** tiers waiting for each (after_first) and the ready.  Returns the pairs
** of a tier and one it waits for. */
static int count_waits(TierSchedule *s, TierWaits waits) {
  int n = s->t->count, pairs = 0;
  memset(s->after_first, 0, (size_t)(n + 1) * sizeof(int));
  for (int k = 0; k < n; k++) {
    s->waiting[k] = 0;
    if (waits(s->t, k, k)) continue; /* never taken */
    s->tiers++;
    for (int c = 0; c < n; c++)
      if (c != k && waits(s->t, k, c))
        s->waiting[k]++, s->after_first[c + 1]++, pairs++;
    if (!s->waiting[k]) s->ready[s->readies++] = k;
  }
  for (int c = 0; c < n; c++) s->after_first[c + 1] += s->after_first[c];
  return pairs;
}

/* Lists after each tier the tiers that wait for it. */
static void list_waits(TierSchedule *s, TierWaits waits) {
  int n = s->t->count;
  for (int c = 0; c < n; c++) {
    int fill = s->after_first[c];
    for (int k = 0; k < n; k++)
      if (k != c && !waits(s->t, k, k) && waits(s->t, k, c))
        s->after[fill++] = k;
  }
}

int tierschedule_plan(TierSchedule *s, const TierTable *t, TierWaits waits,
                      int slots) {
  size_t n = (size_t)t->count;
  memset(s, 0, sizeof *s);
  s->t = t;
  s->slots = slots;
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->done, NULL);
  s->waiting = memory_realloc(NULL, n * sizeof *s->waiting);
  s->after_first = memory_realloc(NULL, (n + 1) * sizeof *s->after_first);
  s->ready = memory_realloc(NULL, n * sizeof *s->ready);
  s->busy = memory_realloc(NULL, (size_t)slots * sizeof *s->busy);
  if (!s->waiting || !s->after_first || !s->ready || !s->busy) return -1;
  memset(s->busy, 0, (size_t)slots * sizeof *s->busy);
  int pairs = count_waits(s, waits);
  s->after = memory_realloc(NULL, (size_t)(pairs ? pairs : 1) * sizeof(int));
  if (!s->after) return -1;
  list_waits(s, waits);
  return 0;
}

int tierschedule_take(TierSchedule *s, int *k, int (*poll)(void *ud),
                      void *ud) {
  int rc = 0;
  pthread_mutex_lock(&s->lock);
  while (s->readies == 0 && rc == 0) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += 20000000; /* look again in 20 ms */
    if (t.tv_nsec >= 1000000000) t.tv_sec++, t.tv_nsec -= 1000000000;
    pthread_cond_timedwait(&s->done, &s->lock, &t);
    pthread_mutex_unlock(&s->lock);
    rc = poll(ud);
    pthread_mutex_lock(&s->lock);
  }
  if (rc == 0) {
    int best = 0;
    for (int i = 1; i < s->readies; i++)
      if (s->t->tier[s->ready[i]].size > s->t->tier[s->ready[best]].size)
        best = i;
    *k = s->ready[best];
    s->ready[best] = s->ready[--s->readies];
  }
  pthread_mutex_unlock(&s->lock);
  return rc;
}

void tierschedule_done(TierSchedule *s, int k) {
  pthread_mutex_lock(&s->lock);
  for (int i = s->after_first[k]; i < s->after_first[k + 1]; i++)
    if (--s->waiting[s->after[i]] == 0) s->ready[s->readies++] = s->after[i];
  pthread_cond_broadcast(&s->done);
  pthread_mutex_unlock(&s->lock);
}

int tierschedule_hold(TierSchedule *s) {
  for (;;)
    for (int i = 0; i < s->slots; i++) {
      int idle = 0;
      if (__atomic_compare_exchange_n(&s->busy[i], &idle, 1, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        return i;
    }
}

void tierschedule_release(TierSchedule *s, int slot) {
  __atomic_store_n(&s->busy[slot], 0, __ATOMIC_RELEASE);
}

int tierschedule_run(TierSchedule *s, uint64_t from, uint64_t to,
                     int (*work)(void *ud, int k, int slot),
                     int (*poll)(void *ud), void *ud) {
  int rc = 0, k;
  for (uint64_t i = from; i < to && rc == 0; i++) {
    if ((rc = tierschedule_take(s, &k, poll, ud)) != 0) break;
    int slot = tierschedule_hold(s);
    rc = work(ud, k, slot);
    tierschedule_release(s, slot);
    if (rc == 0) tierschedule_done(s, k);
  }
  return rc;
}

void tierschedule_free(TierSchedule *s) {
  memory_realloc(s->waiting, 0);
  memory_realloc(s->after, 0);
  memory_realloc(s->after_first, 0);
  memory_realloc(s->ready, 0);
  memory_realloc(s->busy, 0);
  pthread_cond_destroy(&s->done);
  pthread_mutex_destroy(&s->lock);
  memset(s, 0, sizeof *s);
}

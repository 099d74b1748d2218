/*
** test_pool.c — the pool's passes: every number worked once, on every
** thread count (at most once in a failed pass); the ticks each new and below the count, the end told once
** and last, even while a helper holds the pass up for longer than the
** caller waits between looks; a failed pass told no end; the helpers'
** blocks charged to the caller's memory account.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "memory.h"
#include "pool.h"

#define COUNT 4000

typedef struct Pass {
  unsigned char seen[COUNT]; /* each number's visits (atomic) */
  int slow;                  /* the first chunk a helper takes sleeps this
                             ** many ms (the caller waits meanwhile) */
  pthread_t caller;
  int slept;                 /* (atomic) */
  int fail_at;               /* the chunk holding it fails (-1: none) */
  MemoryAccount *account;    /* where a helper's block must be charged */
  int wrong_account;         /* (atomic) */
  uint64_t ticks[COUNT + 8], last;
  int count;
  int repeated, past, ends;
} Pass;

static int chunk(void *ud, uint64_t from, uint64_t to) {
  Pass *p = ud;
  if (p->slow && !pthread_equal(pthread_self(), p->caller) &&
      !__atomic_exchange_n(&p->slept, 1, __ATOMIC_RELAXED)) {
    struct timespec t = {0, (long)p->slow * 1000000L};
    nanosleep(&t, NULL);
  }
  void *block = memory_realloc(NULL, 64);
  if (memory_account() != p->account)
    __atomic_store_n(&p->wrong_account, 1, __ATOMIC_RELAXED);
  memory_realloc(block, 0);
  for (uint64_t i = from; i < to; i++)
    __atomic_add_fetch(&p->seen[i], 1, __ATOMIC_RELAXED);
  return p->fail_at >= 0 && (uint64_t)p->fail_at >= from &&
                 (uint64_t)p->fail_at < to
             ? 7
             : 0;
}

static void tick(void *ud, uint64_t done) {
  Pass *p = ud;
  if (p->count && done == p->last) p->repeated++;
  if (p->count && done < p->last) p->past++;
  if (p->count && p->last == COUNT) p->past++; /* a tick after the end */
  if (done == COUNT) p->ends++;
  p->last = done;
  if (p->count < COUNT + 8) p->ticks[p->count++] = done;
}

/* One pass on threads with the first chunk slow by slow ms. */
static void check_pass(int threads, int slow, int fail_at) {
  static Pass p;
  MemoryAccount account = {0, 0, 0};
  memset(&p, 0, sizeof p);
  p.slow = slow, p.fail_at = fail_at, p.account = &account;
  p.caller = pthread_self();
  MemoryAccount *before = memory_use(&account);
  Pool *pool = pool_new(threads);
  int rc = pool_run(pool, chunk, &p, COUNT, 10, NULL, -1, tick);
  pool_free(pool);
  memory_use(before);
  int once = 1, at_most_once = 1;
  for (int i = 0; i < COUNT; i++)
    once &= p.seen[i] == 1, at_most_once &= p.seen[i] <= 1;
  CHECK(at_most_once); /* a failed pass skips the chunks left */
  CHECK(once || fail_at >= 0);
  CHECK_INT(p.wrong_account, 0);
  CHECK_INT(memory_account_held(&account), 0);
  CHECK_INT(p.repeated, 0);
  CHECK_INT(p.past, 0);
  if (fail_at < 0) {
    CHECK_INT(rc, 0);
    CHECK_INT(p.ends, 1);
    CHECK(p.count > 0 && p.ticks[p.count - 1] == COUNT);
  } else {
    CHECK_INT(rc, 7);
    CHECK_INT(p.ends, 0);
  }
}

int main(void) {
  for (int threads = 1; threads <= 4; threads++) {
    check_pass(threads, 0, -1);
    check_pass(threads, 70, -1); /* a helper holds it up past 3 looks */
    check_pass(threads, 0, 1234);
  }
  return harness_report();
}

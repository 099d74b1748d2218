/*
** pool.c — a pool of threads for parallel passes.
**
** Helpers sleep until the generation changes, then take chunks with an
** atomic counter that holds the generation in its top 16 bits, so a helper
** late from one pass can never take a chunk of the next.  Every chunk taken
** is counted done when it ends (once the pass has failed, chunks are taken
** and skipped), so the caller waits for done == count and no chunk of one
** pass can outlive it.
*/
#define _POSIX_C_SOURCE 200809L
#include "pool.h"

#include <pthread.h>
#include <time.h>

#include "memory.h"

#define MAX_HELPERS 63
#define SPAN_BITS 48 /* the low bits of taken: the numbers handed out */
#define SPAN_MASK (((uint64_t)1 << SPAN_BITS) - 1)

struct Pool {
  pthread_mutex_t lock;
  pthread_cond_t wake, finished;
  pthread_t helpers[MAX_HELPERS];
  int started, quit;
  unsigned generation;
  /* the pass */
  MemoryAccount *account; /* the caller's: the helpers' blocks go there */
  PoolChunk chunk;
  void *ud;
  uint64_t count, size;
  uint64_t taken; /* generation << SPAN_BITS | numbers handed out (atomic) */
  uint64_t done;  /* numbers done (atomic) */
  int failed;     /* the first code (atomic) */
};

/* Records the first failure. */
static void pool_fail(Pool *p, int code) {
  int none = 0;
  __atomic_compare_exchange_n(&p->failed, &none, code, 0, __ATOMIC_ACQ_REL,
                              __ATOMIC_RELAXED);
}

/* Runs one chunk of pass generation if any is left; returns 0 when none
** was. */
static int take_chunk(Pool *p, unsigned generation) {
  uint64_t t = __atomic_load_n(&p->taken, __ATOMIC_ACQUIRE), from, to;
  uint64_t count, size;
  do {
    if (t >> SPAN_BITS != (generation & 0xffff)) return 0;
    from = t & SPAN_MASK;
    count = __atomic_load_n(&p->count, __ATOMIC_RELAXED);
    size = __atomic_load_n(&p->size, __ATOMIC_RELAXED);
    if (from >= count) return 0;
  } while (!__atomic_compare_exchange_n(&p->taken, &t, t + size, 1,
                                        __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
  to = count - from > size ? from + size : count;
  if (!__atomic_load_n(&p->failed, __ATOMIC_RELAXED)) {
    int rc = p->chunk(p->ud, from, to);
    if (rc) pool_fail(p, rc);
  }
  if (__atomic_add_fetch(&p->done, to - from, __ATOMIC_ACQ_REL) == count) {
    pthread_mutex_lock(&p->lock);
    pthread_cond_signal(&p->finished);
    pthread_mutex_unlock(&p->lock);
  }
  return 1;
}

static void *helper(void *arg) {
  Pool *p = arg;
  unsigned seen = 0;
  pthread_mutex_lock(&p->lock);
  for (;;) {
    while (!p->quit && p->generation == seen)
      pthread_cond_wait(&p->wake, &p->lock);
    if (p->quit) break;
    seen = p->generation;
    memory_use(p->account);
    pthread_mutex_unlock(&p->lock);
    while (take_chunk(p, seen)) continue;
    pthread_mutex_lock(&p->lock);
  }
  pthread_mutex_unlock(&p->lock);
  return NULL;
}

Pool *pool_new(int threads) {
  Pool *p = memory_realloc(NULL, sizeof *p);
  if (!p) return NULL;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, NULL);
  pthread_cond_init(&p->finished, NULL);
  p->started = p->quit = 0;
  p->generation = 0;
  p->account = NULL;
  p->count = p->taken = p->done = 0;
  p->failed = 0;
  while (p->started < threads - 1 && p->started < MAX_HELPERS &&
         pthread_create(&p->helpers[p->started], NULL, helper, p) == 0)
    p->started++;
  return p;
}

void pool_free(Pool *p) {
  if (!p) return;
  pthread_mutex_lock(&p->lock);
  p->quit = 1;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  for (int i = 0; i < p->started; i++) pthread_join(p->helpers[i], NULL);
  pthread_cond_destroy(&p->finished);
  pthread_cond_destroy(&p->wake);
  pthread_mutex_destroy(&p->lock);
  memory_realloc(p, 0);
}

/* Polls the Cancel and ticks with the numbers done when they are more than
** *ticked and fewer than count (the end is told once, by pool_run), while
** the pass has not failed: the chunks skipped after a failure count as
** done, and a bar would show them so. */
static void pool_look(Pool *p, const Cancel *c, int cancelled, PoolTick tick,
                      uint64_t *ticked) {
  if (cancel_now(c)) pool_fail(p, cancelled);
  uint64_t done = __atomic_load_n(&p->done, __ATOMIC_RELAXED);
  if (tick && !__atomic_load_n(&p->failed, __ATOMIC_ACQUIRE) &&
      done > *ticked && done < p->count) {
    *ticked = done;
    tick(p->ud, done);
  }
}

int pool_run(Pool *p, PoolChunk chunk, void *ud, uint64_t count, uint64_t size,
             const Cancel *c, int cancelled, PoolTick tick) {
  if (count == 0) return 0;
  pthread_mutex_lock(&p->lock);
  /* A helper late from the last pass must not take a chunk of this one:
  ** the counter is closed under the new generation before the pass is set
  ** up, and opened once it is. */
  p->generation++;
  uint64_t tag = (uint64_t)(p->generation & 0xffff) << SPAN_BITS;
  __atomic_store_n(&p->taken, tag | SPAN_MASK, __ATOMIC_SEQ_CST);
  p->chunk = chunk;
  p->ud = ud;
  p->account = memory_account();
  __atomic_store_n(&p->count, count, __ATOMIC_RELAXED);
  __atomic_store_n(&p->size, size ? size : 1, __ATOMIC_RELAXED);
  __atomic_store_n(&p->failed, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&p->done, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&p->taken, tag, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  uint64_t ticked = 0;
  while (take_chunk(p, p->generation)) pool_look(p, c, cancelled, tick, &ticked);
  pthread_mutex_lock(&p->lock);
  while (__atomic_load_n(&p->done, __ATOMIC_ACQUIRE) < count) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += 20000000; /* look again in 20 ms */
    if (t.tv_nsec >= 1000000000) t.tv_sec++, t.tv_nsec -= 1000000000;
    pthread_cond_timedwait(&p->finished, &p->lock, &t);
    pthread_mutex_unlock(&p->lock);
    pool_look(p, c, cancelled, tick, &ticked);
    pthread_mutex_lock(&p->lock);
  }
  pthread_mutex_unlock(&p->lock);
  int failed = __atomic_load_n(&p->failed, __ATOMIC_ACQUIRE);
  if (tick && !failed) tick(p->ud, count); /* the end, once */
  return failed;
}

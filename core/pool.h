/*
** pool.h — worker threads that run a pass over a range of numbers (table
** entries) in chunks, the calling thread among them.  Only the calling
** thread polls the Cancel and reports progress; the others look at a flag.
** A helper that the system has not scheduled yet holds nothing up: the
** calling thread takes the chunks that are left.
*/
#ifndef MUTORERE_POOL_H
#define MUTORERE_POOL_H

#include <stdint.h>

#include "cancel.h"

typedef struct Pool Pool;

/* Works on [from, to); returns 0, or a code that stops the pass. */
typedef int (*PoolChunk)(void *ud, uint64_t from, uint64_t to);

/* Called on the calling thread now and then with the numbers done: each
** time more than the last, and count once at the end of a pass that did
** not fail (never after a failure or a cancel). */
typedef void (*PoolTick)(void *ud, uint64_t done);

/* A pool of threads (>= 1) counting the caller, or NULL without memory.
** Fewer helpers start when the system refuses more. */
Pool *pool_new(int threads);

/* Stops the helpers and frees the pool (NULL is fine). */
void pool_free(Pool *p);

/* Runs chunk(ud, from, to) over [0, count) in chunks of size numbers
** (count < 2^47).
** Returns 0 when every chunk returned 0, the first other code, or
** cancelled when c asked to stop; either way every chunk begun has ended. */
int pool_run(Pool *p, PoolChunk chunk, void *ud, uint64_t count, uint64_t size,
             const Cancel *c, int cancelled, PoolTick tick);

#endif

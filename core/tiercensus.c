/*
** tiercensus.c — the states a tiered solution's start reaches, counted,
** tier by tier on the threads.
*/
#define _POSIX_C_SOURCE 200809L
#include "tiercensus.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "memory.h"
#include "pool.h"
#include "tiermirror.h"
#include "tiermoves.h"
#include "tiers.h"
#include "tierschedule.h"

#define POLL_MASK 0x3fff

/* A trap as found: its points, side to move and losing moves. */
typedef struct Trap {
  uint64_t black, white;
  int side, losing;
} Trap;

typedef struct Walk {
  const Solution *s;
  const TierTable *t;
  TierMoves moves;
  /* With a mirror that keeps the start, the states reached are the images
  ** of each other in pairs: one of each pair (its points first as numbers,
  ** as the solver's) is walked and counts for both. */
  TierMirror mirror;
  const TierMirror *mirrored; /* &mirror, or NULL */
  uint64_t *seen;   /* a bit a state of the table: met (atomic) */
  uint32_t *queues; /* threads slots of the largest tier's states */
  int threads;
  Census *counts;   /* of each tier */
  Trap *traps;      /* of each tier, TIERCENSUS_EXAMPLES (or NULL) */
  int *trapped;     /* how many each tier keeps */
  const Cancel *cancel;
  pthread_t caller;
  int stop, failed; /* atomic */
  char *err;
  TierSchedule schedule; /* each tier once those above it are walked */
  uint64_t largest;
} Walk;

/* Marks state i met; 1 when it was not. */
static int meet(Walk *w, uint64_t i) {
  uint64_t bit = (uint64_t)1 << (i % 64), *word = &w->seen[i / 64];
  if (__atomic_load_n(word, __ATOMIC_RELAXED) & bit) return 0;
  return !(__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit);
}

/* SOLVER_CANCELLED when the walk is to stop (the caller's thread polls). */
static int poll_walk(Walk *w) {
  if (pthread_equal(pthread_self(), w->caller) && cancel_now(w->cancel))
    __atomic_store_n(&w->stop, 1, __ATOMIC_RELEASE);
  return __atomic_load_n(&w->stop, __ATOMIC_ACQUIRE) ? SOLVER_CANCELLED
                                                     : SOLVER_OK;
}

/* Keeps trap example (black, white, side, losing) of tier k, while
** there is room. */
static void keep_trap(Walk *w, int k, uint64_t black, uint64_t white,
                      int side, int losing) {
  if (w->traps && w->trapped[k] < TIERCENSUS_EXAMPLES)
    w->traps[(size_t)k * TIERCENSUS_EXAMPLES + (size_t)w->trapped[k]++] =
        (Trap){black, white, side, losing};
}

/* Counts state i of tier k into c (with its mirror image, when the walk
** has a mirror and the image is another state), meets the states its
** moves lead to and queues those of its tier at queue[*tail]; a state
** whose image stands for it meets and queues the image instead.  Returns
** 0, or -1 when a move leads out of the table. */
static int walk_state(Walk *w, int k, uint64_t i, Census *c, uint32_t *queue,
                      uint64_t *tail) {
  const Tier *tier = &w->t->tier[k];
  const uint8_t *codes = w->s->codes;
  TierExpansion x;
  uint64_t black, white, mb = 0, mw = 0;
  int side, d, images = 1;
  tiers_unrank(w->t, tier, i, &black, &white, &side);
  if (w->mirrored) {
    mb = tiermirror_set(w->mirrored, black);
    mw = tiermirror_set(w->mirrored, white);
    if (mb < black || (mb == black && mw < white)) {
      uint64_t image = tiers_rank(w->t, tier, mb, mw, side);
      if (meet(w, tier->first + image)) queue[(*tail)++] = (uint32_t)image;
      return 0;
    }
    images += mb != black || mw != white;
  }
  int value = solver_code_value(
      codes[tiers_code_of(w->t, k, black, white, side)], &d);
  c->reachable += images;
  c->wins += value == VALUE_WIN ? images : 0;
  c->losses += value == VALUE_LOSS ? images : 0;
  c->draws += value == VALUE_DRAW ? images : 0;
  if (d > c->longest) c->longest = d;
  int what = value == VALUE_DRAW ? TIERMOVES_BOTH : TIERMOVES_STATES;
  if (tiermoves_expand(&w->moves, k, black, white, side, what, &x)) return -1;
  int losing = 0;
  for (int j = 0; j < x.leave + x.stay; j++) {
    if (what == TIERMOVES_BOTH)
      losing += solver_code_value(codes[x.child[j]], NULL) == VALUE_WIN;
    if (meet(w, x.state[j]) && j >= x.leave)
      queue[(*tail)++] = (uint32_t)(x.state[j] - tier->first);
  }
  if (!losing) return 0;
  c->traps += images;
  keep_trap(w, k, black, white, side, losing);
  if (images == 2) keep_trap(w, k, mb, mw, side, losing);
  return 0;
}

/* Walks the states of tier k met so far and those they reach in it, with
** the queue of a slot.  Returns a SOLVER_* code. */
static int walk_tier(Walk *w, int k, uint32_t *queue) {
  const Tier *tier = &w->t->tier[k];
  Census *c = &w->counts[k];
  uint64_t head = 0, tail = 0;
  c->longest = -1;
  for (uint64_t i = 0; i < tier->size; i++) {
    uint64_t at = tier->first + i;
    if (__atomic_load_n(&w->seen[at / 64], __ATOMIC_RELAXED) >> (at % 64) & 1)
      queue[tail++] = (uint32_t)i;
  }
  while (head < tail) {
    if (walk_state(w, k, queue[head++], c, queue, &tail)) {
      int none = 0;
      if (__atomic_compare_exchange_n(&w->failed, &none, 1, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        snprintf(w->err, BOARD_ERRMAX, "a move leads out of the table's tiers");
      __atomic_store_n(&w->stop, 1, __ATOMIC_RELEASE);
      return SOLVER_ERROR;
    }
    if ((head & POLL_MASK) == 0 && poll_walk(w)) return SOLVER_CANCELLED;
  }
  return SOLVER_OK;
}

/* --- the schedule: each tier once the tiers above it are walked --- */

/* Whether tier k waits for tier c: c lies above it. */
static int waits_above(const TierTable *t, int k, int c) {
  return tiers_below(t, k, c);
}

/* The schedule's poll: SOLVER_CANCELLED when the walk is to stop. */
static int poll_schedule(void *ud) { return poll_walk(ud); }

/* The schedule's work: tier k walked with the queue of slot. */
static int walk_in_slot(void *ud, int k, int slot) {
  Walk *w = ud;
  return walk_tier(w, k, w->queues + (size_t)slot * w->largest);
}

/* The pool's chunk: as many tiers as it numbers, each the largest ready. */
static int walk_chunk(void *ud, uint64_t from, uint64_t to) {
  Walk *w = ud;
  return tierschedule_run(&w->schedule, from, to, walk_in_slot, poll_schedule,
                          w);
}

/* Frees what w holds. */
static void free_walk(Walk *w) {
  tiermoves_free(&w->moves);
  memory_realloc(w->seen, 0);
  memory_realloc(w->queues, 0);
  memory_realloc(w->counts, 0);
  memory_realloc(w->traps, 0);
  memory_realloc(w->trapped, 0);
  tierschedule_free(&w->schedule);
}

/* Allocates the walk's tables.  Returns 0, or -1 without memory. */
static int start_walk(Walk *w, const Rules *r, int traps) {
  const TierTable *t = w->t;
  size_t words = (size_t)((t->states + 63) / 64), n = (size_t)t->count;
  for (int k = 0; k < t->count; k++)
    if (t->tier[k].size > w->largest) w->largest = t->tier[k].size;
  w->seen = memory_realloc(NULL, words * sizeof *w->seen);
  w->queues = memory_realloc(NULL, (size_t)w->threads * (size_t)w->largest *
                                       sizeof *w->queues);
  w->counts = memory_realloc(NULL, n * sizeof *w->counts);
  w->trapped = memory_realloc(NULL, n * sizeof *w->trapped);
  if (traps)
    w->traps = memory_realloc(NULL, n * TIERCENSUS_EXAMPLES * sizeof *w->traps);
  int planned = tierschedule_plan(&w->schedule, t, waits_above, w->threads);
  if (!w->seen || !w->queues || !w->counts || !w->trapped ||
      (traps && !w->traps) || planned || tiermoves_init(&w->moves, r, t))
    return -1;
  memset(w->seen, 0, words * sizeof *w->seen);
  memset(w->counts, 0, n * sizeof *w->counts);
  memset(w->trapped, 0, n * sizeof *w->trapped);
  return 0;
}

/* The census of every tier summed into c; the traps kept told to on_trap
** in the order a walk on one thread meets them (the tiers from the last,
** each in its order), the first TIERCENSUS_EXAMPLES. */
static void sum_census(const Walk *w, Census *c,
                       void (*on_trap)(void *ud, const Position *p,
                                       const History *h, int losing),
                       void *ud) {
  int told = 0;
  for (int k = w->t->count - 1; k >= 0; k--) {
    const Census *x = &w->counts[k];
    c->reachable += x->reachable;
    c->wins += x->wins;
    c->losses += x->losses;
    c->draws += x->draws;
    c->traps += x->traps;
    if (x->reachable && x->longest > c->longest) c->longest = x->longest;
    for (int i = 0; on_trap && i < w->trapped[k] && told < TIERCENSUS_EXAMPLES;
         i++, told++) {
      const Trap *trap = &w->traps[(size_t)k * TIERCENSUS_EXAMPLES + (size_t)i];
      Position p;
      History none = {0};
      tiers_position(w->t, trap->black, trap->white, trap->side,
                     w->t->tier[k].hand, &p);
      on_trap(ud, &p, &none, trap->losing);
    }
  }
}

int tiercensus_run(const Solution *s, const Rules *r, const Position *start,
                   const History *h, Census *census,
                   void (*on_trap)(void *ud, const Position *p,
                                   const History *h, int losing),
                   void *ud, const Cancel *c, char *err) {
  Walk w;
  uint64_t black, white;
  (void)h;
  memset(&w, 0, sizeof w);
  memset(census, 0, sizeof *census);
  census->longest = -1;
  w.s = s;
  w.t = s->tiers;
  w.threads = w.t->threads;
  w.cancel = c;
  w.caller = pthread_self();
  w.err = err;
  tiers_masks(w.t, start, &black, &white);
  int k = tiers_index(w.t, start) == TIERS_NONE
              ? -1
              : tiers_find(w.t, __builtin_popcountll(black),
                           __builtin_popcountll(white), start->hand[BLACK],
                           start->hand[WHITE]);
  if (k < 0) {
    snprintf(err, BOARD_ERRMAX, "the start is not a state of the table");
    return SOLVER_ERROR;
  }
  Pool *pool = start_walk(&w, r, on_trap != NULL) ? NULL : pool_new(w.threads);
  if (!pool) {
    free_walk(&w);
    snprintf(err, BOARD_ERRMAX, "not enough memory for the census");
    return SOLVER_ERROR;
  }
  meet(&w, w.t->tier[k].first +
               tiers_rank(w.t, &w.t->tier[k], black, white, start->side));
  w.mirrored = tiermirror_find(&w.mirror, &w.moves, black, white) ? &w.mirror
                                                                   : NULL;
  int rc = pool_run(pool, walk_chunk, &w, (uint64_t)w.t->count, 1, c,
                    SOLVER_CANCELLED, NULL);
  if (rc == SOLVER_OK && __atomic_load_n(&w.stop, __ATOMIC_ACQUIRE))
    rc = SOLVER_CANCELLED;
  if (w.failed) rc = SOLVER_ERROR;
  if (rc == SOLVER_OK) sum_census(&w, census, on_trap, ud);
  pool_free(pool);
  free_walk(&w);
  return rc;
}

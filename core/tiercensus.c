/*
** tiercensus.c — the states a tiered solution's start reaches, counted.
*/
#include "tiercensus.h"

#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "tiermoves.h"
#include "tiers.h"

#define POLL_MASK 0x3fff

typedef struct Walk {
  const Solution *s;
  const TierMoves *m;
  uint64_t *seen;  /* a bit a state of the table: met */
  uint32_t *queue; /* the states of the tier met and not yet walked */
  uint64_t head, tail;
  Census *census;
  void (*on_trap)(void *ud, const Position *p, const History *h, int losing);
  void *ud;
} Walk;

/* Marks state i met; 1 when it was not. */
static int meet(Walk *w, uint64_t i) {
  uint64_t bit = (uint64_t)1 << (i % 64);
  if (w->seen[i / 64] & bit) return 0;
  w->seen[i / 64] |= bit;
  return 1;
}

/* Counts state i of tier k (its first state at first) and meets the
** states its moves lead to, queueing those of its tier.  Returns 0, or -1
** when a move leads out of the table. */
static int walk_state(Walk *w, int k, uint64_t i) {
  const TierTable *t = w->m->t;
  const Tier *tier = &t->tier[k];
  const uint8_t *codes = w->s->codes;
  TierExpansion x;
  uint64_t black, white;
  int side, d;
  tiers_unrank(t, tier, i, &black, &white, &side);
  int value =
      solver_code_value(codes[tiers_code_of(t, k, black, white, side)], &d);
  Census *cs = w->census;
  cs->reachable++;
  cs->wins += value == VALUE_WIN;
  cs->losses += value == VALUE_LOSS;
  cs->draws += value == VALUE_DRAW;
  if (d > cs->longest) cs->longest = d;
  if (tiermoves_expand(w->m, k, black, white, side, 1, &x)) return -1;
  int losing = 0;
  for (int j = 0; j < x.leave + x.stay; j++) {
    uint64_t c = x.state[j];
    losing += solver_code_value(codes[x.child[j]], NULL) == VALUE_WIN;
    if (meet(w, c) && j >= x.leave)
      w->queue[w->tail++] = (uint32_t)(c - tier->first);
  }
  if (value == VALUE_DRAW && losing) {
    cs->traps++;
    if (w->on_trap) {
      Position p;
      History none = {0};
      tiers_position(t, black, white, side, tier->hand, &p);
      w->on_trap(w->ud, &p, &none, losing);
    }
  }
  return 0;
}

/* Walks the states of tier k met so far and those they reach in it.
** Returns a SOLVER_* code. */
static int walk_tier(Walk *w, int k, const Cancel *c, uint64_t *steps,
                     char *err) {
  const Tier *tier = &w->m->t->tier[k];
  w->head = w->tail = 0;
  for (uint64_t i = 0; i < tier->size; i++) {
    uint64_t at = tier->first + i;
    if (w->seen[at / 64] >> (at % 64) & 1) w->queue[w->tail++] = (uint32_t)i;
  }
  while (w->head < w->tail) {
    if (walk_state(w, k, w->queue[w->head++])) {
      snprintf(err, BOARD_ERRMAX, "a move leads out of the table's tiers");
      return SOLVER_ERROR;
    }
    if ((++*steps & POLL_MASK) == 0 && cancel_now(c)) return SOLVER_CANCELLED;
  }
  return SOLVER_OK;
}

int tiercensus_run(const Solution *s, const Rules *r, const Position *start,
                   const History *h, Census *census,
                   void (*on_trap)(void *ud, const Position *p,
                                   const History *h, int losing),
                   void *ud, const Cancel *c, char *err) {
  const TierTable *t = s->tiers;
  TierMoves m;
  Walk w = {s, &m, NULL, NULL, 0, 0, census, on_trap, ud};
  uint64_t steps = 0, first = TIERS_NONE, black, white;
  (void)h;
  memset(census, 0, sizeof *census);
  census->longest = -1;
  tiers_masks(t, start, &black, &white);
  int k = tiers_index(t, start) == TIERS_NONE
              ? -1
              : tiers_find(t, __builtin_popcountll(black),
                           __builtin_popcountll(white), start->hand[BLACK],
                           start->hand[WHITE]);
  if (k >= 0)
    first = t->tier[k].first +
            tiers_rank(t, &t->tier[k], black, white, start->side);
  if (first == TIERS_NONE) {
    snprintf(err, BOARD_ERRMAX, "the start is not a state of the table");
    return SOLVER_ERROR;
  }
  size_t words = (size_t)((t->states + 63) / 64);
  w.seen = memory_realloc(NULL, words * sizeof *w.seen);
  uint64_t largest = 0;
  for (int i = 0; i < t->count; i++)
    if (t->tier[i].size > largest) largest = t->tier[i].size;
  w.queue = memory_realloc(NULL, (size_t)largest * sizeof *w.queue);
  int rc = SOLVER_OK;
  if (!w.seen || !w.queue || tiermoves_init(&m, r, t)) {
    memory_realloc(w.seen, 0);
    memory_realloc(w.queue, 0);
    snprintf(err, BOARD_ERRMAX, "not enough memory for the census");
    return SOLVER_ERROR;
  }
  memset(w.seen, 0, words * sizeof *w.seen);
  meet(&w, first);
  for (k = t->count - 1; k >= 0 && rc == SOLVER_OK; k--)
    rc = walk_tier(&w, k, c, &steps, err);
  tiermoves_free(&m);
  memory_realloc(w.seen, 0);
  memory_realloc(w.queue, 0);
  return rc;
}

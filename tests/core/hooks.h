/*
** hooks.h — rule hooks for the C tests written as one allow function per
** move and one result function, turned into the core's judge interface.
*/
#ifndef MUTORERE_TEST_HOOKS_H
#define MUTORERE_TEST_HOOKS_H

#include "rules.h"

typedef struct TestHooks {
  /* 1 allows m in p reached by h, 0 forbids it, RULES_EHOOK fails */
  int (*allow)(void *ctx, const Position *p, const History *h, Move m);
  /* an OUTCOME_*, or RULES_EHOOK */
  int (*result)(void *ctx, const Position *p, const History *h);
  void *ctx;
} TestHooks;

/* The judge over a TestHooks: the result first, then each move. */
static inline int test_hooks_judge(void *ctx, const Position *p,
                                   const History *h, Move *moves, int *count,
                                   uint64_t *allowed) {
  int k = *count;
  TestHooks *t = ctx;
  int outcome = OUTCOME_NONE;
  if (t->result && (outcome = t->result(t->ctx, p, h)) < 0) return RULES_EHOOK;
  *allowed = 0;
  for (int i = 0; i < k; i++) {
    int ok = t->allow ? t->allow(t->ctx, p, h, moves[i]) : 1;
    if (ok < 0) return RULES_EHOOK;
    if (ok) *allowed |= (uint64_t)1 << i;
  }
  return outcome;
}

/* Makes t the hooks of r (not memoised). */
static inline void test_hooks_wire(Rules *r, TestHooks *t) {
  r->hooks.judge = t->allow || t->result ? test_hooks_judge : NULL;
  r->hooks.ctx = t;
  r->hooks.memo = NULL;
}

#endif

/*
** test_mcts.c — Monte Carlo tree search: it takes wins in one, plays only
** legal moves, repeats itself for a seed, calls its policy, and reports
** failures.
*/
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "mcts.h"
#include "rank.h"
#include "solver.h"

static void test_wins_in_one(void) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  int positions = 0, found = 0;
  rules_named(&r, "standard", 8, err);
  solver_solve(&s, &r, NULL, err);
  for (uint64_t i = 0; i < s.layer; i++) {
    Position p;
    int d;
    rank_unrank(i, 8, 0, &p);
    if (solver_lookup(&s, &p, NULL, &d) != VALUE_WIN || d != 1) continue;
    MctsLimits limits = {300, 0, 0, 0, i + 1};
    MctsResult res;
    CHECK_INT(mcts_run(&r, &p, NULL, &limits, NULL, NULL, &res, err), MCTS_OK);
    Position q = p;
    board_play(&q, res.best);
    positions++;
    found += solver_lookup(&s, &q, NULL, NULL) == VALUE_LOSS;
  }
  CHECK(positions > 50);
  CHECK_INT(found, positions);
  solver_free(&s);
}

static void test_seeded_and_legal(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  MctsResult a, b;
  rules_named(&r, "standard", 10, err);
  board_start(&p, 10);
  MctsLimits limits = {2000, 0, 100, 0, 42};
  CHECK_INT(mcts_run(&r, &p, NULL, &limits, NULL, NULL, &a, err), MCTS_OK);
  CHECK_INT(mcts_run(&r, &p, NULL, &limits, NULL, NULL, &b, err), MCTS_OK);
  CHECK_INT(a.playouts, 2000);
  CHECK(memcmp(&a, &b, sizeof a) == 0);
  CHECK_INT(a.moves, 2);
  CHECK(a.best.to == BOARD_CENTRE && (a.best.from == 0 || a.best.from == 4));
  uint64_t visits = 0;
  for (int i = 0; i < a.moves; i++) visits += a.children[i].visits;
  CHECK_INT(visits, 2000);
}

static int first_move_policy(void *ctx, const Position *p, const Move *moves,
                             int k) {
  (void)p, (void)moves, (void)k;
  int *calls = ctx;
  return ++*calls > 5000 ? RULES_EHOOK : 0;
}

static void test_policy(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  MctsResult res;
  int calls = 0;
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  Policy policy = {first_move_policy, &calls};
  MctsLimits limits = {50, 0, 20, 0, 1};
  CHECK_INT(mcts_run(&r, &p, NULL, &limits, &policy, NULL, &res, err), MCTS_OK);
  CHECK(calls > 0);
  limits.playouts = 100000;
  CHECK_INT(mcts_run(&r, &p, NULL, &limits, &policy, NULL, &res, err),
            MCTS_EHOOK);
}

int main(void) {
  test_wins_in_one();
  test_seeded_and_legal();
  test_policy();
  return harness_report();
}

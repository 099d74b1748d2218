/*
** test_perft.c — perft against the published rows, the naive
** implementation, rules written as hooks, and cancellation.
*/
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "harness.h"
#include "naive.h"
#include "hooks.h"
#include "perft.h"
#include "rules.h"

/* perft from the 8-arm start, depths 1..10.  The first three rows are the
** published ones; the others were derived with naive.h and are checked
** against it below too. */
static const struct {
  const char *variant;
  long long leaves[10];
} rows[] = {
    {"standard", {2, 2, 2, 6, 8, 12, 28, 34, 52, 128}},
    {"first-two-turns", {2, 2, 2, 6, 8, 12, 34, 34, 52, 144}},
    {"first-move", {2, 2, 2, 8, 8, 12, 34, 34, 52, 144}},
    {"no-restriction", {4, 2, 2, 8, 8, 12, 34, 34, 52, 144}},
    {"adjacent-enemy", {2, 2, 2, 6, 8, 10, 28, 34, 44, 128}},
    {"misere", {2, 2, 2, 6, 8, 12, 28, 34, 52, 128}},
};

static void test_rows(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  for (size_t v = 0; v < sizeof rows / sizeof *rows; v++) {
    rules_named(&r, rows[v].variant, 8, err);
    board_start(&p, 8);
    NaiveRules nr = naive_rules(rows[v].variant, 8);
    NaivePos q = naive_read("bbbbwwww/. b");
    for (int d = 1; d <= 10; d++) {
      CHECK_INT(perft(&r, &p, NULL, d, NULL), rows[v].leaves[d - 1]);
      CHECK_INT(naive_perft(&nr, &q, d), rows[v].leaves[d - 1]);
    }
  }
}

static void test_depth_35(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  CHECK_INT(perft(&r, &p, NULL, 35, NULL), 359046914);
  CHECK_INT(perft(&r, &p, NULL, 0, NULL), 1);
}

/* Every variant, other board sizes and a few midgame positions, against
** the naive perft. */
static void test_against_naive(void) {
  static const struct {
    const char *position;
    int depth;
  } cases[] = {
      {"bbww/. b", 14},
      {"bbbwww/. b", 14},
      {"bbbbbwwwww/. b", 14},
      {"bbbbbbwwwwww/. b", 13},
      {"bbbbbbbbwwwwwwww/. b", 12},
      {"bwbwbwbw/. w 2", 12},
      {"bb.bwwwb/w b", 14},
      {"wbwbbwwb/. b 1", 14},
      {"bbbbbbbbbbbbbbbbwwwwwwwwwwwwwwww/. b", 10},
  };
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  for (int v = 0; rules_names[v]; v++)
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
      CHECK_INT(board_parse(&p, cases[i].position, err), 0);
      rules_named(&r, rules_names[v], p.n, err);
      NaiveRules nr = naive_rules(rules_names[v], p.n);
      NaivePos q = naive_read(cases[i].position);
      for (int d = 1; d <= cases[i].depth; d++)
        if (!CHECK_INT(perft(&r, &p, NULL, d, NULL), naive_perft(&nr, &q, d)))
          fprintf(stderr, "  %s %s depth %d\n", rules_names[v],
                  cases[i].position, d);
    }
}

/* The flank rule written as an allow hook over no-restriction. */
static int hook_flank(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)h;
  if (m.to != BOARD_CENTRE) return 1;
  uint64_t enemy = p->arms[p->side ^ 1];
  return (int)((rules_rot_up(enemy, p->n) | rules_rot_down(enemy, p->n)) >>
                   m.from &
               1);
}

/* A result hook: the game ends, drawn, when a piece has reached arm 1 by
** ply 6 or later (an arbitrary rule to test termination). */
static int hook_end(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)h;
  return p->ply >= 6 && board_at(p, 0) == WHITE ? OUTCOME_DRAW : OUTCOME_NONE;
}

/* The naive perft with hook_end's rule. */
static long long naive_perft_end(const NaiveRules *r, const NaivePos *p,
                                 int depth) {
  NaiveMove moves[80];
  if (depth == 0) return 1;
  if (p->ply >= 6 && p->point[0] == 'w') return 0;
  int k = naive_moves(r, p, moves);
  long long sum = 0;
  for (int i = 0; i < k; i++) {
    NaivePos q = naive_play(p, moves[i]);
    sum += naive_perft_end(r, &q, depth - 1);
  }
  return sum;
}

static int failing_hook(void *ctx, const Position *p, const History *h,
                        Move m) {
  (void)p, (void)h, (void)m;
  return --*(int *)ctx > 0 ? 1 : RULES_EHOOK;
}

static void test_hooked(void) {
  Rules r, std;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, "no-restriction", 8, err);
  rules_named(&std, "standard", 8, err);
  TestHooks flank = {hook_flank, NULL, NULL};
  test_hooks_wire(&r, &flank);
  board_start(&p, 8);
  for (int d = 1; d <= 20; d++)
    CHECK_INT(perft(&r, &p, NULL, d, NULL), perft(&std, &p, NULL, d, NULL));
  TestHooks end = {NULL, hook_end, NULL};
  test_hooks_wire(&r, &end);
  NaiveRules nr = naive_rules("no-restriction", 8);
  NaivePos q = naive_read("bbbbwwww/. b");
  for (int d = 1; d <= 16; d++)
    CHECK_INT(perft(&r, &p, NULL, d, NULL), naive_perft_end(&nr, &q, d));
  int calls = 50;
  TestHooks failing = {failing_hook, NULL, &calls};
  test_hooks_wire(&r, &failing);
  CHECK_INT(perft(&r, &p, NULL, 20, NULL), PERFT_EHOOK);
}

static int stop_after(void *ctx) {
  return --*(int *)ctx <= 0;
}

static void test_cancel(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  int polls = 3;
  Cancel c = {stop_after, &polls};
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  CHECK_INT(perft(&r, &p, NULL, 60, &c), PERFT_CANCELLED);
  CHECK_INT(polls, 0);
  TestHooks flank = {hook_flank, NULL, NULL};
  test_hooks_wire(&r, &flank);
  polls = 2;
  CHECK_INT(perft(&r, &p, NULL, 60, &c), PERFT_CANCELLED);
}

int main(void) {
  test_rows();
  test_depth_35();
  test_against_naive();
  test_hooked();
  test_cancel();
  return harness_report();
}

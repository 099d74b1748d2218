/*
** test_search.c — alpha-beta against the solver on every position of the
** 8-arm variants, determinism, limits, repetition, and failures.
*/
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "movetext.h"
#include "random_position.h"
#include "rank.h"
#include "search.h"
#include "solver.h"

static int run(const Rules *r, const Position *p, int depth,
               SearchResult *out) {
  SearchLimits limits = {depth, 0, 0};
  Evaluator eval = {search_builtin_eval, (void *)r};
  char err[BOARD_ERRMAX];
  return search_run(r, p, NULL, NULL, 0, &limits, &eval, NULL, NULL, out, err);
}

/* Every position of a variant on 8 arms: a mate score agrees with the
** solver's value and distance, and a forced end within the depth is found
** with its distance. */
static void compare_with_solver(const char *variant) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  rules_named(&r, variant, 8, err);
  CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_OK);
  int wrong = 0, missed = 0, checked = 0;
  for (int ply = 0; ply <= s.opening; ply++)
    for (uint64_t i = 0; i < s.layer; i++) {
      Position p;
      SearchResult res;
      int d;
      rank_unrank(i, 8, (uint32_t)ply, &p);
      int value = solver_lookup(&s, &p, NULL, &d);
      CHECK_INT(run(&r, &p, 9, &res), SEARCH_OK);
      if (res.moves == 0) continue;
      checked++;
      int mate = res.score > SEARCH_MATE - 1000   ? VALUE_WIN
                 : res.score < 1000 - SEARCH_MATE ? VALUE_LOSS
                                                  : VALUE_DRAW;
      int mate_d = mate == VALUE_WIN    ? SEARCH_MATE - res.score
                   : mate == VALUE_LOSS ? SEARCH_MATE + res.score
                                        : -1;
      if (mate != VALUE_DRAW && (mate != value || mate_d != d)) wrong++;
      if (mate == VALUE_DRAW && value != VALUE_DRAW && d < 9) missed++;
      /* the move it plays keeps a win or a draw */
      Position q = p;
      board_play(&q, res.best);
      int after = solver_lookup(&s, &q, NULL, NULL);
      if (value == VALUE_WIN) CHECK_INT(after, VALUE_LOSS);
      if (value == VALUE_DRAW) CHECK(after != VALUE_WIN);
    }
  if (!CHECK_INT(wrong, 0) || !CHECK_INT(missed, 0))
    fprintf(stderr, "  %s: %d wrong, %d missed of %d\n", variant, wrong, missed,
            checked);
  solver_free(&s);
}

static void test_against_solver(void) {
  for (int v = 0; rules_names[v]; v++) compare_with_solver(rules_names[v]);
}

/* The search as mt.search runs it: a fresh table (table, cleared: a new
** one each time costs more than the search under ASan), depth plies. */
static int run_with_table(const Rules *r, const Position *p, int depth,
                          SearchTable *table, SearchResult *out) {
  SearchLimits limits = {depth, 0, 0};
  Evaluator eval = {search_builtin_eval, (void *)r};
  char err[BOARD_ERRMAX];
  search_table_clear(table);
  return search_run(r, p, NULL, NULL, 0, &limits, &eval, table, NULL, out,
                    err);
}

/* One notion of the same state: on every stride-th state (every layer) of
** a variant on n arms, a search deep enough to reach the solver's distance
** (at most max_depth) finds the solver's value and distance, and a drawn
** state is never claimed as a forced end. */
static void agree_on_states(const char *variant, int n, int stride,
                            int max_depth) {
  Rules r;
  Solution s;
  SearchTable table;
  char err[BOARD_ERRMAX];
  rules_named(&r, variant, n, err);
  if (!CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_OK)) return;
  /* mt.search's table: 2^12 entries unless its options say */
  if (!CHECK_INT(search_table_init(&table, 12), 0)) return;
  int wrong = 0, checked = 0;
  for (int ply = 0; ply <= s.opening; ply++)
    for (uint64_t i = (uint64_t)ply % (uint64_t)stride; i < s.layer;
         i += (uint64_t)stride) {
      Position p;
      SearchResult res;
      int d;
      rank_unrank(i, n, (uint32_t)ply, &p);
      int value = solver_lookup(&s, &p, NULL, &d);
      int depth = value == VALUE_DRAW ? max_depth / 2 : d + 1;
      if (depth > max_depth || d == 0) continue;
      if (run_with_table(&r, &p, depth, &table, &res) != SEARCH_OK || !res.moves)
        continue;
      checked++;
      int mate = res.score > SEARCH_MATE - 1000   ? SEARCH_MATE - res.score
                 : res.score < 1000 - SEARCH_MATE ? -(SEARCH_MATE + res.score)
                                                  : 0;
      int want = value == VALUE_WIN ? d : value == VALUE_LOSS ? -d : 0;
      if (mate != want && wrong++ < 3) {
        char text[BOARD_POSMAX];
        fprintf(stderr, "  %s %d arms %s: solver %d, search %d (depth %d)\n",
                variant, n, board_format(&p, text), want, mate, depth);
      }
    }
  CHECK_INT(wrong, 0);
  CHECK(checked > 0);
  search_table_free(&table);
  solver_free(&s);
}

/* The case that showed it: a board met again at a later ply of the
** opening is another state, not a repetition. */
static void test_opening_is_not_repetition(void) {
  Rules r;
  Position p;
  SearchResult res;
  SearchTable table;
  char err[BOARD_ERRMAX], move[BOARD_MOVEMAX];
  rules_named(&r, "first-two-turns", 12, err);
  board_parse(&p, "bbbbwbwbwwww/. b", err);
  if (!CHECK_INT(search_table_init(&table, 14), 0)) return;
  for (int depth = 12; depth <= 16; depth += 4) {
    CHECK_INT(run_with_table(&r, &p, depth, &table, &res), SEARCH_OK);
    CHECK_INT(SEARCH_MATE - res.score, 7);
    CHECK_STR(movetext_format(NULL, res.best, move), "6-c");
  }
  search_table_free(&table);
}

static void test_one_notion_of_state(void) {
  test_opening_is_not_repetition();
  for (int v = 0; rules_names[v]; v++) {
    agree_on_states(rules_names[v], 8, 1, 14);
    agree_on_states(rules_names[v], 10, 1, 12);
    agree_on_states(rules_names[v], 12, 7, 12);
  }
}

static void test_deterministic(void) {
  Rules r;
  Position p;
  SearchResult a, b;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 12, err);
  board_start(&p, 12);
  CHECK_INT(run(&r, &p, 10, &a), SEARCH_OK);
  CHECK_INT(run(&r, &p, 10, &b), SEARCH_OK);
  CHECK(a.best.from == b.best.from && a.best.to == b.best.to);
  CHECK_INT(a.nodes, b.nodes);
  CHECK_INT(a.score, b.score);
  CHECK_INT(a.depth, 10);
  CHECK(a.pv_length >= 1);
}

static int stop_at_once(void *ctx) {
  (void)ctx;
  return 1;
}

static int failing_eval(void *ctx, const Position *p, int *score) {
  (void)p, (void)score;
  return --*(int *)ctx > 0 ? (*score = 0, 0) : RULES_EHOOK;
}

static void test_limits_and_failures(void) {
  Rules r;
  Position p;
  SearchResult res;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 16, err);
  board_start(&p, 16);
  SearchLimits few = {40, 5000, 0};
  Evaluator eval = {search_builtin_eval, &r};
  CHECK_INT(
      search_run(&r, &p, NULL, NULL, 0, &few, &eval, NULL, NULL, &res, err),
      SEARCH_OK);
  CHECK(res.nodes < 7000);
  CHECK(res.depth >= 1 && res.depth < 40);
  CHECK(res.moves == 2);
  Cancel stop = {stop_at_once, NULL};
  SearchLimits deep = {40, 0, 0};
  CHECK_INT(
      search_run(&r, &p, NULL, NULL, 0, &deep, &eval, NULL, &stop, &res, err),
      SEARCH_OK);
  CHECK(res.best.to == BOARD_CENTRE); /* a legal move even so */
  int calls = 100;
  Evaluator bad = {failing_eval, &calls};
  CHECK_INT(
      search_run(&r, &p, NULL, NULL, 0, &deep, &bad, NULL, NULL, &res, err),
      SEARCH_EHOOK);
  SearchTable t;
  CHECK_INT(search_table_init(&t, 12), 0);
  SearchLimits six = {6, 0, 0};
  CHECK_INT(search_run(&r, &p, NULL, NULL, 0, &six, &eval, &t, NULL, &res, err),
            SEARCH_OK);
  uint64_t first = res.nodes;
  CHECK_INT(search_run(&r, &p, NULL, NULL, 0, &six, &eval, &t, NULL, &res, err),
            SEARCH_OK);
  CHECK(res.nodes <= first); /* the table helps the second time */
  search_table_free(&t);
}

static void test_repetition(void) {
  /* after 4-c 5-4 c-5 4-c? no: a position whose every line repeats the
  ** game's history scores as a draw */
  Rules r;
  Position p;
  SearchResult res;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_parse(&p, "bbb.wwww/b w 1", err); /* white's only move is 5-4 */
  Position next = p;
  board_play(&next, move_of(4, 3));
  uint64_t history[1] = {rules_state_hash(&r, &next, NULL)};
  SearchLimits limits = {6, 0, 0};
  Evaluator eval = {search_builtin_eval, &r};
  CHECK_INT(search_run(&r, &p, NULL, history, 1, &limits, &eval, NULL, NULL,
                       &res, err),
            SEARCH_OK);
  CHECK_INT(res.score, 0); /* 5-4 repeats a position of the game */
  CHECK_INT(res.moves, 1);
}

/* A xorshift generator for the random games below. */
static uint64_t next_random(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* Positions along random games on 12, 14 and 16 arms, searched at depths
** 8 to 12 with a transposition table: every forced end claimed agrees with
** the solver's value and distance, and the move played keeps a win or a
** draw.  With a fresh table (shared 0) no forced end is claimed beyond the
** depth reached; with one table kept across the searches (shared 1, as a
** player keeps it) a deeper search may have left one, but it is exact. */
static void table_keeps_scores_exact(int shared) {
  uint64_t seed = 0x9E3779B97F4A7C15u;
  for (int arms = 12; arms <= 16; arms += 2) {
    Rules r;
    Solution sol;
    SearchTable table;
    char err[BOARD_ERRMAX];
    rules_named(&r, "standard", arms, err);
    CHECK_INT(solver_solve(&sol, &r, NULL, err), SOLVER_OK);
    CHECK_INT(search_table_init(&table, 12), 0);
    Evaluator eval = {search_builtin_eval, &r};
    int wrong = 0, beyond = 0, claims = 0, searches = 0;
    for (int game = 0; game < 6; game++) {
      Position p;
      board_start(&p, arms);
      for (int ply = 0; ply < 30; ply++) {
        Move moves[RULES_MAX_MOVES];
        int k = rules_moves(&r, &p, NULL, moves);
        if (k <= 0) break;
        if (ply % 3 == 2) {
          SearchLimits limits = {8 + (searches % 5), 0, 0};
          SearchResult res;
          int d, value = solver_lookup(&sol, &p, NULL, &d);
          if (!shared) search_table_clear(&table);
          CHECK_INT(search_run(&r, &p, NULL, NULL, 0, &limits, &eval, &table,
                               NULL, &res, err),
                    SEARCH_OK);
          searches++;
          int claim = res.score > SEARCH_MATE - 1000   ? VALUE_WIN
                      : res.score < 1000 - SEARCH_MATE ? VALUE_LOSS
                                                       : VALUE_DRAW;
          if (claim != VALUE_DRAW) {
            int claim_d = SEARCH_MATE - (res.score > 0 ? res.score : -res.score);
            claims++;
            beyond += !shared && claim_d > res.depth;
            wrong += claim != value || claim_d != d;
          }
          Position q = p;
          board_play(&q, res.best);
          int after = solver_lookup(&sol, &q, NULL, NULL);
          if (value == VALUE_WIN) wrong += after != VALUE_LOSS;
          if (value == VALUE_DRAW) wrong += after == VALUE_WIN;
        }
        board_play(&p, moves[next_random(&seed) % (uint64_t)k]);
      }
    }
    if (!CHECK_INT(wrong, 0) || !CHECK_INT(beyond, 0))
      fprintf(stderr, "  %d arms, %s table: %d wrong, %d beyond the depth, "
                      "of %d claims in %d searches\n",
              arms, shared ? "a shared" : "a fresh", wrong, beyond, claims,
              searches);
    CHECK(claims > 0); /* the games reach forced ends */
    search_table_free(&table);
    solver_free(&sol);
  }
}

/* --- the cut-offs: nodes --- */

/* The nodes of a full-width search of p, depth plies deep: every line
** until the game ends (no cut-off, no table, repetitions searched on). */
static uint64_t full_width(const Rules *r, const Position *p, int depth) {
  Move moves[RULES_MAX_MOVES];
  uint64_t nodes = 1;
  if (depth == 0) return nodes;
  int k = rules_moves(r, p, NULL, moves);
  for (int i = 0; i < k; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    nodes += full_width(r, &q, depth - 1);
  }
  return nodes;
}

/* Alpha-beta with mt.search's table, from two positions of standard on 12
** arms: 10 plies deep, its cut-offs leave it less than a third of the
** nodes that a full-width search of each depth up to 10 takes (as
** iterative deepening runs them); at 6, 8 and 10 plies the nodes and scores are these (the
** signature, as Stockfish's bench: a change of the search's pruning, its
** table's bounds or its move order changes them). */
static void test_cutoffs(void) {
  static const struct {
    int depth;
    uint64_t nodes;
    int score;
  } want[2][3] = {{{6, 136, -15}, {8, 341, 0}, {10, 608, 0}},
                  {{6, 71, -5}, {8, 160, 0}, {10, 358, 15}}};
  Rules r;
  SearchTable table;
  char err[BOARD_ERRMAX];
  uint64_t seed = 7;
  rules_named(&r, "standard", 12, err);
  if (!CHECK_INT(search_table_init(&table, 12), 0)) return;
  for (int i = 0; i < 2; i++) {
    Position p = random_position(12, &seed);
    p.ply = 10;
    uint64_t widths = 0;
    for (int depth = 1; depth <= 10; depth++) {
      widths += full_width(&r, &p, depth);
      SearchResult res;
      if (depth < 6 || depth % 2 ||
          !CHECK_INT(run_with_table(&r, &p, depth, &table, &res), SEARCH_OK))
        continue;
      if (depth == 10) CHECK(res.nodes * 3 < widths);
      CHECK_INT(res.nodes, want[i][depth / 2 - 3].nodes);
      CHECK_INT(res.score, want[i][depth / 2 - 3].score);
    }
  }
  search_table_free(&table);
}

int main(void) {
  test_against_solver();
  table_keeps_scores_exact(0);
  table_keeps_scores_exact(1);
  test_one_notion_of_state();
  test_deterministic();
  test_limits_and_failures();
  test_repetition();
  test_cutoffs();
  return harness_report();
}

/*
** test_symsolver.c — the symmetric index and solver: the index is a dense
** map of the positions up to rotation and colour swap; the symmetric
** solver agrees with the plain one on every position of every built-in
** variant on 4 to 16 arms, and on hooked variants; threads change nothing;
** a false claim of symmetry is refused; failures.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "memory.h"
#include "random_position.h"
#include "rank.h"
#include "solve.h"
#include "symsolver.h"

/* --- the index --- */

static Position turned(const Position *p, int s) {
  Position q = *p;
  for (int c = 0; c < 2; c++) q.arms[c] = symrank_rot_up(p->arms[c], s, p->n);
  return q;
}

static Position swapped(const Position *p) {
  Position q = *p;
  q.arms[BLACK] = p->arms[WHITE];
  q.arms[WHITE] = p->arms[BLACK];
  q.side ^= 1;
  if (q.centre != NOBODY) q.centre ^= 1;
  return q;
}

static void test_index(void) {
  for (int n = 4; n <= 14; n += 2) {
    SymRank t;
    CHECK_INT(symrank_init(&t, n), 0);
    uint64_t size = symrank_layer(&t);
    CHECK_INT(size, 2 * rank_binomial(n, n / 2));
    char *hit = calloc((size_t)size, 1);
    uint64_t mask = symrank_mask(&t, 0);
    int ordered = 1;
    for (uint64_t r = 0; r < t.combos; r++, mask = symrank_next(mask)) {
      ordered &= symrank_mask(&t, r) == mask && symrank_combo(&t, mask) == r;
      Position p;
      char err[BOARD_ERRMAX];
      for (uint64_t half = 0; half < 2; half++) {
        symrank_unrank(&t, r + half * t.combos, 3, &p);
        CHECK_INT(board_check(&p, err), 0);
        CHECK_INT(p.ply, 3);
        CHECK_INT(symrank_position(&t, &p), r + half * t.combos);
        CHECK_INT(board_empty_point(&p) == BOARD_CENTRE, half);
      }
    }
    CHECK(ordered);
    /* every position lands in the entry of its rotations and colour swap */
    for (uint64_t r = 0; r < rank_layer(n); r++) {
      Position p;
      rank_unrank(r, n, 0, &p);
      uint64_t i = symrank_position(&t, &p);
      if (i < size) hit[i] = 1;
      Position q = swapped(&p);
      CHECK_INT(symrank_position(&t, &q), i);
      if (board_empty_point(&p) != BOARD_CENTRE)
        for (int s = 1; s < n; s++)
          if (q = turned(&p, s), symrank_position(&t, &q) != i) {
            CHECK(!"a rotation changes the entry");
            break;
          }
    }
    int all = 1;
    for (uint64_t i = 0; i < size; i++) all &= hit[i];
    CHECK(all);
    free(hit);
    symrank_free(&t);
  }
  uint64_t seed = 5;
  for (int n = 16; n <= SYMRANK_MAX_ARMS; n += 2) {
    SymRank t;
    CHECK_INT(symrank_init(&t, n), 0);
    for (int i = 0; i < 300; i++) {
      Position p = random_position(n, &seed), q;
      uint64_t r = symrank_position(&t, &p);
      CHECK(r < symrank_layer(&t));
      symrank_unrank(&t, r, 0, &q);
      CHECK_INT(symrank_position(&t, &q), r);
    }
    symrank_free(&t);
  }
}

/* --- against the plain solver --- */

/* Compares a symmetric solution with a plain one on every position. */
static int same_as_plain(const Solution *sym, const Solution *plain,
                         const char *what) {
  int bad = 0;
  for (int ply = 0; ply <= plain->opening; ply++)
    for (uint64_t r = 0; r < plain->layer; r++) {
      Position p;
      int d1, d2;
      rank_unrank(r, plain->n, (uint32_t)ply, &p);
      int v1 = solver_lookup(plain, &p, &d1), v2 = solver_lookup(sym, &p, &d2);
      if (v1 != v2 || d1 != d2) {
        char text[BOARD_POSMAX];
        if (bad++ < 3)
          fprintf(stderr, "%s %s: plain %d/%d, symmetric %d/%d\n", what,
                  board_format(&p, text), v1, d1, v2, d2);
      }
    }
  return bad == 0;
}

/* Solves r both ways (threads for the symmetric one) and compares. */
static void compare(const Rules *r, int threads, const char *what) {
  Solution plain, sym;
  char err[BOARD_ERRMAX];
  if (!CHECK_INT(solver_solve(&plain, r, NULL, err), SOLVER_OK)) return;
  if (CHECK_INT(symsolver_solve(&sym, r, threads, NULL, NULL, err),
                SOLVER_OK)) {
    CHECK_INT(solver_states(&sym), solver_states(&plain));
    CHECK(same_as_plain(&sym, &plain, what));
    solver_free(&sym);
  }
  solver_free(&plain);
}

static void test_against_plain(void) {
  for (int v = 0; rules_names[v]; v++)
    for (int n = 4; n <= 16; n += 2) {
      Rules r;
      char err[BOARD_ERRMAX], what[64];
      rules_named(&r, rules_names[v], n, err);
      snprintf(what, sizeof what, "%s %d", rules_names[v], n);
      compare(&r, n % 4 ? 1 : 2, what);
    }
}

/* --- threads --- */

static void test_threads(void) {
  static const char *const variants[] = {"standard", "first-two-turns",
                                         "misere"};
  for (int v = 0; v < 3; v++) {
    Rules r;
    Solution a, b;
    char err[BOARD_ERRMAX];
    rules_named(&r, variants[v], 18, err);
    CHECK_INT(symsolver_solve(&a, &r, 1, NULL, NULL, err), SOLVER_OK);
    CHECK_INT(symsolver_solve(&b, &r, 3, NULL, NULL, err), SOLVER_OK);
    CHECK(memcmp(a.codes, b.codes, (size_t)symsolver_entries(&a)) == 0);
    solver_free(&a);
    solver_free(&b);
  }
}

/* --- hooks --- */

/* The first-move rule as an allow hook over no-restriction: symmetric. */
static int first_move_hook(void *ctx, const Position *p, Move m) {
  (void)ctx;
  if (p->ply > 0 || m.to != BOARD_CENTRE) return 1;
  uint64_t enemy = p->arms[p->side ^ 1];
  return (int)((rules_rot_up(enemy, p->n) | rules_rot_down(enemy, p->n)) >>
                   m.from &
               1);
}

/* A symmetric result hook: the side not to move wins when it holds both
** arms next to the empty arm. */
static int hemmed_result(void *ctx, const Position *p) {
  (void)ctx;
  uint64_t empty = board_empty_arms(p), other = p->arms[p->side ^ 1];
  if (!empty) return OUTCOME_NONE;
  uint64_t around = rules_rot_up(empty, p->n) | rules_rot_down(empty, p->n);
  if ((around & other) != around) return OUTCOME_NONE;
  return p->side == BLACK ? OUTCOME_WHITE : OUTCOME_BLACK;
}

/* Not symmetric: no move from arm 1. */
static int not_from_arm_1(void *ctx, const Position *p, Move m) {
  (void)ctx, (void)p;
  return m.from != 0;
}

/* Not symmetric under colour swap: white wins at once when black holds
** the centre. */
static int black_centre_loses(void *ctx, const Position *p) {
  (void)ctx;
  return p->centre == BLACK ? OUTCOME_WHITE : OUTCOME_NONE;
}

static void test_hooks(void) {
  Rules r, built_in;
  Solution a, b;
  char err[BOARD_ERRMAX];
  SolveOptions claim = {2, 1, NULL, NULL};
  for (int n = 6; n <= 12; n += 6) {
    rules_named(&r, "no-restriction", n, err);
    r.hooks.allow = first_move_hook;
    r.hook_plies = 1;
    compare(&r, 1, "first-move hook");
    rules_named(&built_in, "first-move", n, err);
    CHECK_INT(solve_variant(&a, &r, &claim, err), SOLVER_OK);
    CHECK(a.sym != NULL);
    CHECK_INT(solve_variant(&b, &built_in, NULL, err), SOLVER_OK);
    CHECK(memcmp(a.codes, b.codes, (size_t)symsolver_entries(&a)) == 0);
    solver_free(&a);
    solver_free(&b);
    rules_named(&r, "standard", n, err);
    r.hooks.result = hemmed_result;
    compare(&r, 1, "hemmed result hook");
    CHECK_INT(solve_check_symmetric(&r, err), 0);
  }
  /* without the claim a hooked variant is solved by the plain solver */
  CHECK_INT(solve_variant(&a, &r, NULL, err), SOLVER_OK);
  CHECK(a.sym == NULL);
  solver_free(&a);
  /* a false claim is refused */
  rules_named(&r, "standard", 8, err);
  r.hooks.allow = not_from_arm_1;
  CHECK_INT(solve_variant(&a, &r, &claim, err), SOLVER_ERROR);
  CHECK(strstr(err, "symmetric") && strstr(err, "allow hook"));
  r.hooks.allow = NULL;
  r.hooks.result = black_centre_loses;
  CHECK_INT(solve_variant(&a, &r, &claim, err), SOLVER_ERROR);
  CHECK(strstr(err, "result hook") && strstr(err, "colour swap"));
}

/* --- failures --- */

static int failing_allow(void *ctx, const Position *p, Move m) {
  (void)p, (void)m;
  return --*(int *)ctx > 0 ? 1 : RULES_EHOOK;
}

static int stop_now(void *ctx) {
  return --*(int *)ctx <= 0;
}

static void test_failures(void) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  int calls = 50;
  rules_named(&r, "standard", 8, err);
  r.hooks.allow = failing_allow;
  r.hooks.ctx = &calls;
  CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, err), SOLVER_EHOOK);
  rules_named(&r, "standard", 18, err);
  for (int polls = 1; polls <= 3; polls++) {
    int left = polls;
    Cancel c = {stop_now, &left};
    CHECK_INT(symsolver_solve(&s, &r, 2, &c, NULL, err), SOLVER_CANCELLED);
  }
  rules_named(&r, "standard", 20, err);
  size_t before = memory_set_limit(100000); /* 20 arms take 370 kB */
  SolveOptions o = {1, 0, NULL, NULL};
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_ERROR);
  CHECK(strstr(err, "not enough memory") && strstr(err, "370 kB"));
  memory_set_limit(before);
  rules_named(&r, "standard", 8, err);
  for (long k = 0; k < 3; k++) {
    memory_fail_after(k);
    CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, err), SOLVER_ERROR);
    CHECK(strstr(err, "not enough memory") != NULL);
    memory_fail_after(-1);
  }
  CHECK_INT(memory_in_use(), 0);
}

int main(void) {
  test_index();
  test_against_plain();
  test_threads();
  test_hooks();
  test_failures();
  return harness_report();
}

/*
** test_solver.c — the ranking and the solver: ranks are a dense bijection;
** every variant on 4, 6 and 8 arms agrees, position by position, with a
** naive solver written here; the published figures of the standard game;
** hooks; cancellation; allocation failures.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hooks.h"
#include "memory.h"
#include "naive.h"
#include "random_position.h"
#include "rank.h"
#include "solve.h"
#include "solver.h"

/* --- ranking --- */

static void test_rank_bijection(void) {
  for (int n = 4; n <= 12; n += 2) {
    uint64_t size = rank_layer(n);
    char *hit = calloc((size_t)size, 1);
    for (uint64_t r = 0; r < size; r++) {
      Position p;
      char err[BOARD_ERRMAX];
      rank_unrank(r, n, 7, &p);
      CHECK_INT(board_check(&p, err), 0);
      CHECK_INT(p.ply, 7);
      uint64_t back = rank_position(&p);
      CHECK_INT(back, r);
      if (back < size) hit[back]++;
    }
    int all_once = 1;
    for (uint64_t r = 0; r < size; r++) all_once &= hit[r] == 1;
    CHECK(all_once);
    free(hit);
  }
  CHECK_INT(rank_layer(8), 1260);
  CHECK_INT(rank_layer(20), 7759752);
  uint64_t seed = 3;
  for (int n = 14; n <= RANK_MAX_ARMS; n += 2)
    for (int i = 0; i < 500; i++) {
      Position p = random_position(n, &seed), q;
      uint64_t r = rank_position(&p);
      CHECK(r < rank_layer(n));
      rank_unrank(r, n, 0, &q);
      CHECK(memcmp(&p, &q, sizeof p) == 0);
    }
}

/* --- the naive solver: all positions as text, rounds by distance --- */

typedef struct NaiveState {
  char text[80];
  int value, distance; /* value: -1 unknown, VALUE_* */
} NaiveState;

typedef struct NaiveTable {
  NaiveState *s;
  int count;
} NaiveTable;

static int by_text(const void *a, const void *b) {
  return strcmp(((const NaiveState *)a)->text, ((const NaiveState *)b)->text);
}

static int naive_find(const NaiveTable *t, const char *text) {
  NaiveState key;
  snprintf(key.text, sizeof key.text, "%s", text);
  NaiveState *hit = bsearch(&key, t->s, (size_t)t->count, sizeof key, by_text);
  return hit ? (int)(hit - t->s) : -1;
}

/* Every position of n arms with plies 0..layers-1 as text, sorted. */
static NaiveTable naive_states(int n, int layers) {
  NaiveTable t = {NULL, 0};
  int points = n + 1;
  t.s = calloc((size_t)(layers * 2 * (points << points)), sizeof *t.s);
  for (int ply = 0; ply < layers; ply++)
    for (uint64_t black = 0; black < (uint64_t)1 << points; black++) {
      if (__builtin_popcountll(black) != n / 2) continue;
      for (int e = 0; e < points; e++) {
        if (black >> e & 1) continue;
        for (int side = 0; side < 2; side++) {
          NaivePos p = {n, {0}, side ? 'w' : 'b', ply};
          for (int i = 0; i < points; i++)
            p.point[i] = i == e ? '.' : (black >> i & 1) ? 'b' : 'w';
          naive_write(&p, t.s[t.count].text);
          t.s[t.count].value = -1;
          t.count++;
        }
      }
    }
  qsort(t.s, (size_t)t.count, sizeof *t.s, by_text);
  return t;
}

/* Solves round by round: round d resolves the positions at distance d. */
static void naive_solve(NaiveTable *t, const NaiveRules *r, int misere,
                        int layers) {
  for (int d = 0;; d++) {
    int changed = 0;
    for (int i = 0; i < t->count; i++) {
      NaiveState *s = &t->s[i];
      if (s->value >= 0) continue;
      NaivePos p = naive_read(s->text);
      NaiveMove moves[80];
      int k = naive_moves(r, &p, moves), win = 0, all_win = 1, worst = -1;
      if (k == 0 && d == 0) {
        s->value = misere ? VALUE_WIN : VALUE_LOSS;
        s->distance = 0;
        changed = 1;
        continue;
      }
      if (k == 0 || d == 0) continue;
      for (int m = 0; m < k; m++) {
        NaivePos q = naive_play(&p, moves[m]);
        if (q.ply > layers - 1) q.ply = layers - 1;
        char text[80];
        naive_write(&q, text);
        NaiveState *c = &t->s[naive_find(t, text)];
        if (c->value == VALUE_LOSS && c->distance == d - 1) win = 1;
        if (c->value != VALUE_WIN)
          all_win = 0;
        else if (c->distance > worst)
          worst = c->distance;
      }
      if (win || (all_win && worst == d - 1)) {
        s->value = win ? VALUE_WIN : VALUE_LOSS;
        s->distance = d;
        changed = 1;
      }
    }
    if (!changed && d > 0) break;
  }
  for (int i = 0; i < t->count; i++)
    if (t->s[i].value < 0) t->s[i].value = VALUE_DRAW, t->s[i].distance = -1;
}

/* Compares the solver with the naive one on every position. */
static void compare_with_naive(const char *variant, int n) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  rules_named(&r, variant, n, err);
  if (!CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_OK)) return;
  int layers = s.opening + 1, bad = 0;
  NaiveTable t = naive_states(n, layers);
  CHECK_INT(t.count, solver_states(&s));
  NaiveRules nr = naive_rules(variant, n);
  naive_solve(&t, &nr, r.misere, layers);
  for (int i = 0; i < t.count; i++) {
    Position p;
    int d;
    board_parse(&p, t.s[i].text, err);
    int v = solver_lookup(&s, &p, NULL, &d);
    if (v != t.s[i].value || d != t.s[i].distance) {
      if (bad++ < 3)
        fprintf(stderr, "%s %s: solver %d/%d, naive %d/%d\n", variant,
                t.s[i].text, v, d, t.s[i].value, t.s[i].distance);
    }
  }
  CHECK_INT(bad, 0);
  free(t.s);
  solver_free(&s);
}

static void test_against_naive(void) {
  for (int v = 0; rules_names[v]; v++)
    for (int n = 4; n <= 8; n += 2) compare_with_naive(rules_names[v], n);
}

/* --- published figures and start values --- */

/* The value and distance of the n-arm start of a variant. */
static int start_value(const char *variant, int n, int *distance) {
  Rules r;
  Solution s;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, variant, n, err);
  if (solver_solve(&s, &r, NULL, err)) return -1;
  board_start(&p, n);
  int v = solver_lookup(&s, &p, NULL, distance);
  solver_free(&s);
  return v;
}

static void test_published(void) {
  Rules r;
  Solution s;
  Position p;
  Census c;
  char err[BOARD_ERRMAX];
  int d;
  rules_named(&r, "standard", 8, err);
  CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_OK);
  CHECK_INT(solver_states(&s), 1260);
  board_start(&p, 8);
  CHECK_INT(solver_census(&s, &r, &p, NULL, &c, NULL, NULL, NULL, err),
            SOLVER_OK);
  CHECK_INT(c.reachable, 1180);
  CHECK_INT(c.wins, 208);
  CHECK_INT(c.losses, 128);
  CHECK_INT(c.draws, 844);
  CHECK_INT(solver_lookup(&s, &p, NULL, &d), VALUE_DRAW);
  CHECK_INT(d, -1);
  solver_free(&s);
  CHECK_INT(start_value("standard", 8, &d), VALUE_DRAW);
  CHECK_INT(start_value("first-two-turns", 8, &d), VALUE_DRAW);
  CHECK_INT(start_value("first-move", 8, &d), VALUE_LOSS);
  CHECK_INT(d, 4);
  CHECK_INT(start_value("no-restriction", 8, &d), VALUE_WIN);
  CHECK_INT(d, 1);
}

/* --- hooks --- */

/* The first-move rule as an allow hook over no-restriction. */
static int first_move_hook(void *ctx, const Position *p, const History *h,
                           Move m) {
  (void)ctx, (void)h;
  if (p->ply > 0 || m.to != BOARD_CENTRE) return 1;
  uint64_t enemy = p->arms[p->side ^ 1];
  return (int)((rules_rot_up(enemy, p->n) | rules_rot_down(enemy, p->n)) >>
                   m.from &
               1);
}

static void test_hooks(void) {
  Rules a, b;
  Solution x, y;
  char err[BOARD_ERRMAX];
  rules_named(&a, "first-move", 8, err);
  rules_named(&b, "no-restriction", 8, err);
  TestHooks hooks = {first_move_hook, NULL, NULL};
  test_hooks_wire(&b, &hooks);
  b.hook_plies = 1;
  CHECK_INT(solver_solve(&x, &a, NULL, err), SOLVER_OK);
  CHECK_INT(solver_solve(&y, &b, NULL, err), SOLVER_OK);
  CHECK_INT(solver_states(&y), solver_states(&x));
  CHECK(memcmp(x.codes, y.codes, (size_t)solver_states(&x)) == 0);
  solver_free(&x);
  solver_free(&y);
}

/* A rule that remembers: no piece moves twice in a row (history[1] is the
** mover's own last move).  Symmetric, but the symmetric solver keeps no
** history. */
static int never_twice(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)p;
  return !(h && h->count >= 2 && m.from == h->moves[1].to);
}

static void test_history_claimed_symmetric(void) {
  Rules r;
  Solution plain, claimed;
  Position start;
  char err[BOARD_ERRMAX];
  int d1, d2;
  rules_named(&r, "standard", 8, err);
  TestHooks hooks = {never_twice, NULL, NULL};
  test_hooks_wire(&r, &hooks);
  r.history = 2;
  SolveOptions claim = {2, 1, NULL, NULL, SOLVE_TABLE, NULL, 0};
  CHECK_INT(solver_solve(&plain, &r, NULL, err), SOLVER_OK);
  if (!CHECK_INT(solve_variant(&claimed, &r, &claim, err), SOLVER_OK)) return;
  CHECK(claimed.sym == NULL); /* the claim does not reach the sym solver */
  CHECK(claimed.reach == NULL);
  /* states: positions with what the hooks remember (1,260 without) */
  CHECK_INT(solver_states(&plain), 114660);
  if (CHECK_INT(solver_states(&claimed), solver_states(&plain)))
    CHECK(memcmp(claimed.codes, plain.codes, solver_states(&plain)) == 0);
  /* black's first piece goes to the centre, white fills the arm it left,
  ** and black is blocked: lost in 2 */
  board_start(&start, 8);
  History none = {0};
  CHECK_INT(solver_lookup(&plain, &start, &none, &d1), VALUE_LOSS);
  CHECK_INT(d1, 2);
  CHECK_INT(solver_lookup(&claimed, &start, &none, &d2), VALUE_LOSS);
  CHECK_INT(d2, 2);
  solver_free(&claimed);
  /* left to choose, the solve takes the 5 states play reaches */
  claim.kind = SOLVE_AUTO;
  if (!CHECK_INT(solve_variant(&claimed, &r, &claim, err), SOLVER_OK)) return;
  CHECK(claimed.reach != NULL);
  CHECK_INT(solver_states(&claimed), 5);
  CHECK_INT(solver_lookup(&claimed, &start, &none, &d2), VALUE_LOSS);
  CHECK_INT(d2, 2);
  solver_free(&claimed);
  solver_free(&plain);
}

static int failing_allow(void *ctx, const Position *p, const History *h,
                         Move m) {
  (void)p, (void)h, (void)m;
  return --*(int *)ctx > 0 ? 1 : RULES_EHOOK;
}

static int stop_now(void *ctx) {
  return --*(int *)ctx <= 0;
}

static void test_failures(void) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  int calls = 500;
  rules_named(&r, "standard", 8, err);
  TestHooks failing = {failing_allow, NULL, &calls};
  test_hooks_wire(&r, &failing);
  CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_EHOOK);
  rules_named(&r, "standard", 12, err);
  int polls = 1;
  Cancel c = {stop_now, &polls};
  CHECK_INT(solver_solve(&s, &r, &c, err), SOLVER_CANCELLED);
  rules_named(&r, "standard", 42, err);
  CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_ERROR);
  CHECK(strstr(err, "too many") != NULL);
  rules_named(&r, "standard", 16, err);
  size_t before = memory_set_limit(100000); /* a 16-arm table needs 875 KB */
  CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_ERROR);
  CHECK(strstr(err, "not enough memory") != NULL);
  memory_set_limit(before);
  CHECK_INT(memory_in_use(), 0);
  rules_named(&r, "standard", 8, err);
  for (long k = 0; k < 2; k++) {
    memory_fail_after(k);
    CHECK_INT(solver_solve(&s, &r, NULL, err), SOLVER_ERROR);
    CHECK(strstr(err, "not enough memory") != NULL);
    memory_fail_after(-1);
  }
}

int main(void) {
  test_rank_bijection();
  test_against_naive();
  test_published();
  test_hooks();
  test_history_claimed_symmetric();
  test_failures();
  return harness_report();
}

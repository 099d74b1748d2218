/*
** test_rules.c — the core's move generation against the naive one on every
** position of the small boards and on random positions of the large ones,
** the reasons given for illegal moves, game ends, and hooks.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movetext.h"
#include "harness.h"
#include "memo.h"
#include "hooks.h"
#include "naive.h"
#include "random_position.h"
#include "rules.h"

static const long plies[] = {0, 1, 2, 3, 4, 5, 1000};

/* The core's moves of p as one string "1-c 4-c ", in the core's order. */
static void core_list(const Rules *r, const Position *p, char *out) {
  Move moves[RULES_MAX_MOVES];
  char buf[BOARD_MOVEMAX];
  int k = rules_moves(r, p, NULL, moves);
  out[0] = '\0';
  for (int i = 0; i < k; i++) {
    strcat(out, movetext_format(NULL, moves[i], buf));
    strcat(out, " ");
  }
}

static int compare_text(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

/* The naive moves as one string, in the core's order (arms ascending by
** from point, centre last). */
static void naive_list(const NaiveRules *r, const NaivePos *p, char *out) {
  NaiveMove moves[80];
  char text[80][12];
  int k = naive_moves(r, p, moves);
  for (int i = 0; i < k; i++) {
    /* sort key: from point (centre = n sorts last), then the text */
    snprintf(text[i], sizeof text[i], "%02d", moves[i].from);
    naive_write_move(p, moves[i], text[i] + 2);
  }
  qsort(text, (size_t)k, sizeof text[0], compare_text);
  out[0] = '\0';
  for (int i = 0; i < k; i++) {
    strcat(out, text[i] + 2);
    strcat(out, " ");
  }
}

/* Compares core and naive on p under the named variant at every ply of
** interest.  Returns the number of disagreements. */
static int cross_check(const char *name, Position p) {
  Rules r;
  char err[BOARD_ERRMAX], text[BOARD_POSMAX], a[1024], b[1024];
  int bad = 0;
  rules_named(&r, name, p.n, err);
  NaiveRules nr = naive_rules(name, p.n);
  for (size_t i = 0; i < sizeof plies / sizeof *plies; i++) {
    p.ply = (uint32_t)plies[i];
    board_format(&p, text);
    NaivePos q = naive_read(text);
    core_list(&r, &p, a);
    naive_list(&nr, &q, b);
    if (strcmp(a, b) != 0) {
      if (bad++ < 5)
        fprintf(stderr, "%s %s: core [%s] naive [%s]\n", name, text, a, b);
    }
  }
  return bad;
}

/* Calls f on every position of n arms (every empty point, every placement
** of the black pieces, both sides to move). */
static void for_every_position(int n, void (*f)(Position, void *), void *ud) {
  int points = n + 1;
  for (uint64_t black = 0; black < (uint64_t)1 << points; black++) {
    if (__builtin_popcountll(black) != n / 2) continue;
    for (int e = 0; e < points; e++) {
      if (black >> e & 1) continue;
      Position p;
      memset(&p, 0, sizeof p);
      p.n = (uint8_t)n;
      for (int i = 0; i < points; i++) {
        int c = i == e ? NOBODY : (black >> i & 1) ? BLACK : WHITE;
        if (i == n)
          p.centre = (uint8_t)c;
        else if (c != NOBODY)
          p.arms[c] |= (uint64_t)1 << i;
      }
      for (int side = BLACK; side <= WHITE; side++) {
        p.side = (uint8_t)side;
        f(p, ud);
      }
    }
  }
}

typedef struct Tally {
  const char *variant;
  long positions, disagreements;
} Tally;

static void check_one(Position p, void *ud) {
  Tally *t = ud;
  t->positions++;
  t->disagreements += cross_check(t->variant, p);
}

static void test_every_small_position(void) {
  for (int v = 0; rules_names[v]; v++) {
    for (int n = 4; n <= 10; n += 2) { /* every case (12 on: sampled) */
      Tally t = {rules_names[v], 0, 0};
      for_every_position(n, check_one, &t);
      CHECK_INT(t.disagreements, 0);
      if (n == 8) CHECK_INT(t.positions, 9 * 70 * 2);
    }
  }
}

static void test_random_large_positions(void) {
  uint64_t seed = 99;
  for (int v = 0; rules_names[v]; v++)
    for (int n = 12; n <= 64; n += 2)
      for (int i = 0; i < 300; i++) {
        Position p = random_position(n, &seed);
        CHECK_INT(cross_check(rules_names[v], p), 0);
      }
}

/* Checks that rules_explain agrees with rules_moves on every pair of points,
** and that the count agrees too. */
static void explain_agrees(Position p, void *ud) {
  const Rules *r = ud;
  Move moves[RULES_MAX_MOVES];
  char why[BOARD_ERRMAX];
  int k = rules_moves(r, &p, NULL, moves), legal = 0;
  CHECK_INT(rules_param_count(r, &p), k);
  for (int a = 0; a <= p.n; a++)
    for (int b = 0; b <= p.n; b++) {
      if (a == b) continue;
      Move m = move_of(a == p.n ? BOARD_CENTRE : a, b == p.n ? BOARD_CENTRE : b);
      int ok = rules_explain(r, &p, NULL, m, why), listed = 0;
      for (int i = 0; i < k; i++)
        listed |= moves[i].from == m.from && moves[i].to == m.to;
      if (!CHECK_INT(ok, listed)) fprintf(stderr, "  %s\n", why);
      legal += ok;
    }
  CHECK_INT(legal, k);
}

static void test_explain_agrees(void) {
  Rules r;
  char err[BOARD_ERRMAX];
  for (int v = 0; rules_names[v]; v++) {
    rules_named(&r, rules_names[v], 8, err);
    for_every_position(8, explain_agrees, &r);
  }
}

/* Checks the reason rules_explain gives for move text in position text. */
static void expect_reason(const char *variant, const char *pos,
                          const char *move, const char *want) {
  Rules r;
  Position p;
  Move m;
  char err[BOARD_ERRMAX], why[BOARD_ERRMAX] = "";
  rules_named(&r, variant, 8, err);
  CHECK_INT(board_parse(&p, pos, err), 0);
  CHECK_INT(movetext_parse(NULL, 8, move, &m, err), 0);
  CHECK_INT(rules_explain(&r, &p, NULL, m, why), 0);
  if (!CHECK(strstr(why, want) != NULL))
    fprintf(stderr, "  %s %s: \"%s\", want \"%s\"\n", pos, move, why, want);
}

static void test_reasons(void) {
  expect_reason("standard", "bbbbwwww/. b", "2-c", "the flank rule");
  expect_reason("first-two-turns", "bbbbwwww/. b", "2-c", "first 4 plies");
  expect_reason("first-move", "bbbbwwww/. b", "3-c", "first 1 plies");
  expect_reason("standard", "bbbbwwww/. b", "5-c", "arm 5 holds a white piece");
  expect_reason("standard", "bbb.wwww/b w", "5-c", "the centre is occupied");
  expect_reason("standard", "bbb.wwww/b w", "4-5", "arm 4 is empty");
  expect_reason("standard", "bbb.wwww/b w", "c-4", "the centre holds a black");
  expect_reason("standard", "bbb.wwww/b b", "2-4",
                "arm 4 is not next to arm 2");
  expect_reason("standard", "bbb.wwww/b b", "2-3", "arm 3 is occupied");
  expect_reason("standard", "bbbbwwww/. b", "1-2", "arm 2 is occupied");
  expect_reason("standard", "bbbbwwww/. b", "c-1", "the centre is empty");
  expect_reason("adjacent-enemy", "bbb.wwww/b b", "3-4", "adjacent-enemy rule");
}

static void test_outcomes(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  int reason;
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), OUTCOME_NONE);
  CHECK_INT(reason, REASON_NONE);
  /* black to move; the empty arm 5 lies between white pieces and white
  ** holds the centre: black is blocked */
  board_parse(&p, "bbbw.wwb/w b", err);
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), OUTCOME_WHITE);
  CHECK_INT(reason, REASON_BLOCKED);
  r.misere = 1;
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), OUTCOME_BLACK);
  CHECK_INT(reason, REASON_BLOCKED);
  /* the same with white to move is no block: 4-5, 6-5 and c-5 */
  board_parse(&p, "bbbw.wwb/w w", err);
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), OUTCOME_NONE);
}

/* A C hook: forbids every move to the centre; fails when ctx says so. */
static int hook_no_centre(void *ctx, const Position *p, const History *h,
                          Move m) {
  (void)p, (void)h;
  if (*(int *)ctx) return RULES_EHOOK;
  return m.to != BOARD_CENTRE;
}

/* A C hook: white wins as soon as a white piece holds the centre. */
static int hook_white_centre(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)h;
  return p->centre == WHITE ? OUTCOME_WHITE : OUTCOME_NONE;
}

static void test_hooks(void) {
  Rules r;
  Position p;
  Move moves[RULES_MAX_MOVES];
  char err[BOARD_ERRMAX], why[BOARD_ERRMAX];
  int fail = 0, reason;
  rules_named(&r, "standard", 8, err);
  TestHooks no_centre = {hook_no_centre, NULL, &fail};
  test_hooks_wire(&r, &no_centre);
  CHECK(rules_hooked(&r));
  board_start(&p, 8);
  CHECK_INT(rules_moves(&r, &p, NULL, moves), 0);
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), OUTCOME_WHITE);
  CHECK_INT(reason, REASON_BLOCKED);
  CHECK_INT(rules_explain(&r, &p, NULL, move_of(0, BOARD_CENTRE), why), 0);
  CHECK(strstr(why, "allow rule") != NULL);
  board_parse(&p, "bbb.wwww/b w", err);
  CHECK_INT(rules_moves(&r, &p, NULL, moves), 1); /* 5-4; the centre is full */
  fail = 1;
  CHECK_INT(rules_moves(&r, &p, NULL, moves), RULES_EHOOK);
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), RULES_EHOOK);
  CHECK_INT(rules_explain(&r, &p, NULL, move_of(4, 3), why), RULES_EHOOK);
  TestHooks white_centre = {NULL, hook_white_centre, NULL};
  test_hooks_wire(&r, &white_centre);
  board_parse(&p, "bbbbwww./w b", err);
  CHECK_INT(rules_outcome(&r, &p, NULL, &reason), OUTCOME_WHITE);
  CHECK_INT(reason, REASON_RULE);
}

/* A judge that counts its calls and allows every move but those back
** into the arm the mover's last move left (reads the history). */
static int counting_judge(void *ctx, const Position *p, const History *h,
                          Move *moves, int *count, uint64_t *allowed) {
  int k = *count;
  (void)p;
  ++*(int *)ctx;
  *allowed = 0;
  for (int i = 0; i < k; i++)
    if (!(h && h->count >= 2 && moves[i].to == h->moves[1].from))
      *allowed |= (uint64_t)1 << i;
  return OUTCOME_NONE;
}

/* The memo asks once per state, and states that differ only in their
** remembered moves or in the ply the rules read are different states. */
static void test_memo(void) {
  Rules r;
  Position p;
  Move moves[RULES_MAX_MOVES];
  char err[BOARD_ERRMAX];
  int calls = 0;
  for (int small = 0; small <= 1; small++) {
    rules_named(&r, small ? "standard" : "first-two-turns", small ? 8 : 30,
                err);
    r.hooks.judge = counting_judge;
    r.hooks.ctx = &calls;
    r.history = small ? 0 : 2;
    r.hooks.memo = rules_memo_new(&r, 1 << 20);
    CHECK(r.hooks.memo != NULL);
    CHECK_INT(r.hooks.memo->key_words, small ? 1 : 4);
    board_start(&p, r.arms);
    calls = 0;
    rules_moves(&r, &p, NULL, moves);
    rules_moves(&r, &p, NULL, moves);
    CHECK_INT(calls, 1); /* asked once */
    if (!small) {
      History a = {2, {move_of(3, 14), move_of(14, BOARD_CENTRE)}}, b = a;
      b.moves[1] = move_of(14, 15);
      Position q = p;
      q.ply = 2;
      rules_moves(&r, &q, &a, moves);
      rules_moves(&r, &q, &b, moves);
      CHECK_INT(calls, 3); /* two histories: two states */
      q.ply = 9;           /* past the opening: one state for plies 4.. */
      rules_moves(&r, &q, &a, moves);
      q.ply = 12;
      rules_moves(&r, &q, &a, moves);
      CHECK_INT(calls, 4);
    }
    MemoStats st = memo_stats(r.hooks.memo);
    CHECK_INT(st.hits, small ? 1 : 2);
    CHECK_INT(st.states, small ? 1 : 4);
    memo_free(r.hooks.memo);
  }
}

static void test_explain_out_of_range(void) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX], why[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  CHECK_INT(rules_explain(&r, &p, NULL, move_of(9, BOARD_CENTRE), why), 0);
  CHECK(strstr(why, "no such move on a board of 8 arms") != NULL);
  CHECK_INT(rules_explain(&r, &p, NULL, move_of(3, 3), why), 0);
}

static void test_named_and_check(void) {
  Rules r;
  char err[BOARD_ERRMAX];
  CHECK_INT(rules_named(&r, "standard", 8, err), 0);
  CHECK_INT(r.flank_plies, RULES_ALWAYS);
  CHECK_INT(r.repetition, 3);
  CHECK_INT(rules_opening_plies(&r), 0);
  CHECK_INT(rules_named(&r, "first-two-turns", 8, err), 0);
  CHECK_INT(rules_opening_plies(&r), 4);
  CHECK_INT(rules_named(&r, "nonesuch", 8, err), -1);
  CHECK(strstr(err, "unknown variant \"nonesuch\"") != NULL);
  CHECK_INT(rules_named(&r, "standard", 7, err), -1);
  CHECK(strstr(err, "7 arms") != NULL);
  CHECK_INT(rules_named(&r, "standard", 66, err), -1);
  rules_named(&r, "standard", 8, err);
  r.repetition = 1;
  CHECK_INT(rules_check(&r, err), -1);
  CHECK(strstr(err, "repetition") != NULL);
  r.repetition = 3;
  r.max_plies = -1;
  CHECK_INT(rules_check(&r, err), -1);
  int count = 0;
  for (int i = 0; rules_names[i]; i++) count++;
  CHECK_INT(count, 6);
}

int main(void) {
  test_every_small_position();
  test_random_large_positions();
  test_explain_agrees();
  test_reasons();
  test_outcomes();
  test_hooks();
  test_memo();
  test_named_and_check();
  test_explain_out_of_range();
  return harness_report();
}

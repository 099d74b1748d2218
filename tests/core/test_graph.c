/*
** test_graph.c — boards that are graphs: building and checking a board,
** the notation, the moves and the moves back, the ranking, perft and the
** solver, each against the naive implementation of naive_graph.h on random
** boards (lines and one-way arrows, any number of pieces and empty
** points); and the 8-arm wheel drawn as a graph against the wheel itself.
*/
#include <stdio.h>
#include <string.h>

#include "graph.h"
#include "harness.h"
#include "movetext.h"
#include "hooks.h"
#include "memo.h"
#include "naive_graph.h"
#include "perft.h"
#include "random_position.h"
#include "rank.h"
#include "rules.h"
#include "solver.h"

static uint64_t seed = 0x5eedu;

static int rnd(int k) {
  return (int)(test_random(&seed) % (uint64_t)k);
}

/* A random board of n points: each pair joined with chance 1 in spread,
** an arrow (one way) with chance 1 in 4 when arrows; then every point
** left alone joined to another.  Fills g and the naive b alike. */
static void random_board(int n, int spread, int arrows, Graph *g,
                         NaiveBoard *b) {
  char err[BOARD_ERRMAX], name[8];
  graph_init(g);
  memset(b, 0, sizeof *b);
  b->n = n;
  b->centre = -1;
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "p%d", i);
    CHECK_INT(graph_add_point(g, name, err), i);
  }
  for (int x = 0; x < n; x++)
    for (int y = x + 1; y < n; y++) {
      int join = rnd(spread) == 0 || (y == x + 1 && rnd(3) == 0);
      if (!join) continue;
      int arrow = arrows && rnd(4) == 0, back = rnd(2);
      int a = back ? y : x, c = back ? x : y;
      CHECK_INT(graph_add_line(g, a, c, arrow, err), 0);
      b->line[a][c] = 1;
      if (!arrow) b->line[c][a] = 1;
    }
  for (int x = 0; x < n; x++) {
    if (g->near[x]) continue;
    int y = (x + 1 + rnd(n - 1)) % n;
    CHECK_INT(graph_add_line(g, x, y, 0, err), 0);
    b->line[x][y] = b->line[y][x] = 1;
  }
  CHECK_INT(graph_finish(g, err), 0);
}

/* A random position of the board: black and white pieces, the rest
** empty, a random side, as a core Position and a naive state. */
static void random_start(int n, int black, int white, Position *p,
                         NaiveGState *s) {
  char cells[NG_MAX];
  for (int i = 0; i < n; i++) cells[i] = i < black ? 'b' : i < black + white ? 'w' : '.';
  for (int i = n - 1; i > 0; i--) {
    int j = rnd(i + 1);
    char c = cells[i];
    cells[i] = cells[j];
    cells[j] = c;
  }
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  p->graph = 1;
  p->centre = NOBODY;
  p->side = (uint8_t)rnd(2);
  for (int i = 0; i < n; i++) {
    if (cells[i] == 'b') p->arms[BLACK] |= (uint64_t)1 << i;
    if (cells[i] == 'w') p->arms[WHITE] |= (uint64_t)1 << i;
    s->s[i] = cells[i];
  }
  s->s[n] = p->side == BLACK ? 'b' : 'w';
  s->s[n + 1] = '\0';
}

/* The naive state of a graph position. */
static NaiveGState naive_of(const Position *p) {
  NaiveGState s;
  for (int i = 0; i < p->n; i++)
    s.s[i] = board_at(p, i) == BLACK ? 'b' : board_at(p, i) == WHITE ? 'w' : '.';
  s.s[p->n] = p->side == BLACK ? 'b' : 'w';
  s.s[p->n + 1] = '\0';
  return s;
}

/* The graph position of a naive state (ply 0). */
static Position position_of(const char *s, int n) {
  Position p;
  memset(&p, 0, sizeof p);
  p.n = (uint8_t)n;
  p.graph = 1;
  p.centre = NOBODY;
  p.side = s[n] == 'b' ? BLACK : WHITE;
  for (int i = 0; i < n; i++) {
    if (s[i] == 'b') p.arms[BLACK] |= (uint64_t)1 << i;
    if (s[i] == 'w') p.arms[WHITE] |= (uint64_t)1 << i;
  }
  return p;
}

/* Rules on g with the pieces of p and the naive board's parameters. */
static Rules rules_of(const Graph *g, const NaiveBoard *b, const Position *p) {
  Rules r;
  memset(&r, 0, sizeof r);
  r.arms = g->n;
  r.graph = g;
  r.pieces[BLACK] = __builtin_popcountll(p->arms[BLACK]);
  r.pieces[WHITE] = __builtin_popcountll(p->arms[WHITE]);
  r.flank_plies = b->flank ? RULES_ALWAYS : 0;
  r.adjacent_enemy = b->adjacent;
  r.misere = b->misere;
  return r;
}

/* --- building and notation --- */

static void expect_error(int rc, const char *err, const char *want) {
  CHECK_INT(rc, -1);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  error \"%s\", want \"%s\"\n", err, want);
}

static void test_building(void) {
  Graph g;
  char err[BOARD_ERRMAX];
  graph_init(&g);
  expect_error(graph_add_point(&g, "", err), err, "1 to 11 characters");
  expect_error(graph_add_point(&g, "twelve_chars", err), err, "1 to 11");
  expect_error(graph_add_point(&g, "a-b", err), err, "letters, digits and _");
  CHECK_INT(graph_add_point(&g, "a", err), 0);
  expect_error(graph_add_point(&g, "a", err), err, "named twice");
  expect_error(graph_finish(&g, err), err, "at least two points");
  CHECK_INT(graph_add_point(&g, "b", err), 1);
  CHECK_INT(graph_add_point(&g, "c", err), 2);
  expect_error(graph_add_line(&g, 0, 0, 0, err), err, "to itself");
  expect_error(graph_add_line(&g, 0, 7, 0, err), err, "not on the board");
  CHECK_INT(graph_add_line(&g, 0, 1, 0, err), 0);
  expect_error(graph_finish(&g, err), err, "point \"c\" is on no line");
  CHECK_INT(graph_add_line(&g, 1, 2, 1, err), 0); /* b -> c only */
  CHECK_INT(graph_finish(&g, err), 0);
  CHECK_INT(g.arcs, 3);
  CHECK_INT(graph_find(&g, "c", 1), 2);
  CHECK_INT(graph_find(&g, "cc", 2), -1);
  for (int a = 0; a < g.arcs; a++)
    CHECK_INT(graph_arc(&g, graph_arc_move(&g, a)), a);
  Graph full;
  graph_init(&full);
  for (int i = 0; i < GRAPH_MAX_POINTS; i++) {
    char name[8];
    snprintf(name, sizeof name, "q%d", i);
    CHECK_INT(graph_add_point(&full, name, err), i);
  }
  expect_error(graph_add_point(&full, "one_more", err), err, "more than 64");
  /* the rules: pieces, the centre, the move bound */
  Rules r;
  memset(&r, 0, sizeof r);
  r.graph = &g;
  r.arms = 3;
  r.pieces[BLACK] = 2;
  r.pieces[WHITE] = 1;
  expect_error(rules_check(&r, err), err, "on 3 points: no empty point");
  r.pieces[BLACK] = 3;
  expect_error(rules_check(&r, err), err, "more pieces than points");
  r.fields.slide_takes = 1; /* captures may start from a full board, */
  r.pieces[BLACK] = 2;
  CHECK_INT(rules_check(&r, err), 0);
  r.pieces[BLACK] = 3; /* never from more pieces than points */
  expect_error(rules_check(&r, err), err, "more pieces than points");
  r.fields.slide_takes = 0;
  r.pieces[BLACK] = 2;
  r.pieces[BLACK] = 1;
  CHECK_INT(rules_check(&r, err), 0);
  r.flank_plies = RULES_ALWAYS;
  expect_error(rules_check(&r, err), err, "names no centre point");
  Graph star; /* 30 points all joined to each other: too many moves */
  graph_init(&star);
  for (int i = 0; i < 30; i++) {
    char name[8];
    snprintf(name, sizeof name, "s%d", i);
    graph_add_point(&star, name, err);
  }
  for (int x = 0; x < 30; x++)
    for (int y = x + 1; y < 30; y++) graph_add_line(&star, x, y, 0, err);
  CHECK_INT(graph_finish(&star, err), 0);
  Rules big = {0};
  big.graph = &star;
  big.arms = 30;
  big.pieces[BLACK] = big.pieces[WHITE] = 10;
  expect_error(rules_check(&big, err), err, "moves (at most 64 are allowed)");
}

static void test_notation(void) {
  Position p;
  char err[BOARD_ERRMAX], buf[BOARD_POSMAX];
  CHECK_INT(board_parse(&p, "bb.ww b", err), 0);
  CHECK_INT(p.graph, 1);
  CHECK_INT(p.n, 5);
  CHECK_INT(p.centre, NOBODY);
  CHECK_STR(board_format(&p, buf), "bb.ww b");
  CHECK_INT(board_parse(&p, "b..w w 17", err), 0);
  CHECK_STR(board_format(&p, buf), "b..w w 17");
  CHECK_INT(board_parse(&p, "bbww b", err), 0); /* full: a variant says */
  CHECK_STR(board_format(&p, buf), "bbww b");
  expect_error(board_parse(&p, "b b", err), err, "1 points");
  expect_error(board_parse(&p, "bxw. b", err), err, "point 2 is 'x'");
  expect_error(board_parse(&p, "bb.ww", err), err, "the side to move is missing");
  expect_error(board_parse(&p, "bb.ww x", err), err, "side to move is 'x'");
  expect_error(board_parse(&p, "bbbbwwww . b", err), err, "expected '/'");
  /* moves in names */
  Graph g;
  graph_init(&g);
  const char *names[] = {"tl", "tr", "c", "bl", "br"};
  for (int i = 0; i < 5; i++) graph_add_point(&g, names[i], err);
  int lines[][2] = {{0, 2}, {1, 2}, {3, 2}, {4, 2}, {0, 3}, {1, 4}, {3, 4}};
  for (int i = 0; i < 7; i++) graph_add_line(&g, lines[i][0], lines[i][1], 0, err);
  CHECK_INT(graph_finish(&g, err), 0);
  Move m;
  char text[BOARD_MOVEMAX];
  CHECK_INT(movetext_parse(&g, 0, " tl-c ", &m, err), 0);
  CHECK_INT(m.from, 0);
  CHECK_INT(m.to, 2);
  CHECK_STR(movetext_format(&g, m, text), "tl-c");
  expect_error(movetext_parse(&g, 0, "tl-x", &m, err), err, "no point \"x\"");
  expect_error(movetext_parse(&g, 0, "tl-x", &m, err), err, "tl tr c bl br");
  expect_error(movetext_parse(&g, 0, "tlc", &m, err), err, "no point \"tlc\"");
  expect_error(movetext_parse(&g, 0, "tl+c", &m, err), err, "expected '-'");
  expect_error(movetext_parse(&g, 0, "c-c", &m, err), err, "the same point");
  expect_error(movetext_parse(&g, 0, "-c", &m, err), err, "from point's name");
  /* the rules explain in names */
  Rules r = {0};
  r.graph = &g;
  r.arms = 5;
  r.pieces[BLACK] = r.pieces[WHITE] = 2;
  r.repetition = 3;
  CHECK_INT(board_parse(&p, "bb.ww b", err), 0);
  CHECK_INT(rules_check_position(&r, &p, err), 0);
  char why[BOARD_ERRMAX];
  movetext_parse(&g, 0, "tl-tr", &m, err);
  CHECK_INT(rules_explain(&r, &p, NULL, m, why), 0);
  CHECK(strstr(why, "point tr is occupied") != NULL);
  movetext_parse(&g, 0, "bl-c", &m, err);
  CHECK_INT(rules_explain(&r, &p, NULL, m, why), 0);
  CHECK(strstr(why, "white piece and black is to move") != NULL);
  CHECK_INT(board_parse(&p, "b.bww b", err), 0);
  movetext_parse(&g, 0, "tl-tr", &m, err);
  CHECK_INT(rules_explain(&r, &p, NULL, m, why), 0);
  CHECK(strstr(why, "point tr is not next to point tl") != NULL);
  CHECK_INT(board_parse(&p, "b.bwww b", err), 0);
  expect_error(rules_check_position(&r, &p, err), err, "6 points, but the board has 5");
  CHECK_INT(board_parse(&p, "b..ww b", err), 0);
  expect_error(rules_check_position(&r, &p, err), err, "1 black pieces (this board has 2)");
  CHECK_INT(board_parse(&p, "bbbbwwww/. b", err), 0);
  expect_error(rules_check_position(&r, &p, err), err, "a position of the wheel");
}

/* --- moves, moves back, ranking, perft, solver against the naive --- */

/* 1 when the core's parameter moves of p are the naive ones, in order. */
static int same_moves(const Rules *r, const NaiveBoard *b, const Position *p) {
  Move moves[RULES_MAX_MOVES];
  int naive[NG_MAX * NG_MAX];
  NaiveGState s = naive_of(p);
  int k = rules_moves(r, p, NULL, moves), j = ng_moves(b, s.s, naive);
  if (k != j || (!rules_hooked(r) && rules_param_count(r, p) != k)) return 0;
  for (int i = 0; i < k; i++)
    if (moves[i].from * NG_MAX + moves[i].to != naive[i]) return 0;
  return 1;
}

/* 1 when the moves back of p are every (from, to) that a piece of the
** side that moved can have taken (tried on every pair). */
static int same_unmoves(const Rules *r, const NaiveBoard *b, const Position *p) {
  Move back[RULES_MAX_MOVES];
  int k = rules_unmoves(r, p, back), count = 0;
  NaiveGState s = naive_of(p);
  char mover = p->side == BLACK ? 'w' : 'b';
  for (int x = 0; x < b->n; x++)
    for (int y = 0; y < b->n; y++)
      if (s.s[x] == '.' && s.s[y] == mover && b->line[x][y]) {
        int found = 0;
        for (int i = 0; i < k; i++)
          found |= back[i].from == x && back[i].to == y;
        if (!found || !rules_led_to(r, p, move_of((uint8_t)x, (uint8_t)y)))
          return 0;
        count++;
      }
  return count == k;
}

static void test_against_naive(void) {
  for (int trial = 0; trial < 240; trial++) {
    int n = 3 + rnd(8);
    int black = 1 + rnd(n - 2), white = 1 + rnd(n - black - 1);
    Graph g;
    NaiveBoard b;
    random_board(n, 1 + rnd(4), trial % 3 == 0, &g, &b);
    if (trial % 5 == 1) b.adjacent = 1;
    if (trial % 7 == 2) b.misere = 1;
    if (trial % 4 == 3) {
      g.centre = b.centre = rnd(n);
      b.flank = 1;
    }
    Position start;
    NaiveGState s;
    random_start(n, black, white, &start, &s);
    Rules r = rules_of(&g, &b, &start);
    char err[BOARD_ERRMAX];
    if (!CHECK_INT(rules_check(&r, err), 0)) fprintf(stderr, "  %s\n", err);
    /* perft */
    for (int d = 1; d <= 5; d++)
      if (!CHECK_INT(perft(&r, &start, NULL, d, NULL), ng_perft(&b, s.s, d)))
        fprintf(stderr, "  trial %d depth %d\n", trial, d);
    /* every reachable state: moves, moves back, ranks, values */
    NaiveSolved ns = ng_solve(&b, s.s);
    Solution sol;
    CHECK_INT(solver_solve(&sol, &r, NULL, err), SOLVER_OK);
    int bad = 0;
    for (int i = 0; i < ns.count; i++) {
      Position p = position_of(ns.state[i].s, n);
      bad += !same_moves(&r, &b, &p) || !same_unmoves(&r, &b, &p);
      uint64_t k = rank_graph_position(&p, black, white);
      Position q;
      rank_graph_unrank(k, n, black, white, 0, &q);
      bad += memcmp(&p, &q, sizeof p) != 0;
      int d, value = solver_lookup(&sol, &p, NULL, &d);
      int want = ns.value[i] == 1 ? VALUE_WIN : ns.value[i] == 2 ? VALUE_LOSS : VALUE_DRAW;
      if (value != want || (want != VALUE_DRAW && d != ns.distance[i])) {
        if (bad++ < 3)
          fprintf(stderr, "  trial %d state %s: value %d d %d, naive %d d %d\n",
                  trial, ns.state[i].s, value, d, want, ns.distance[i]);
      }
    }
    CHECK_INT(bad, 0);
    Census c;
    CHECK_INT(solver_census(&sol, &r, &start, NULL, &c, NULL, NULL, NULL, err),
              SOLVER_OK);
    CHECK_INT(c.reachable, ns.count);
    solver_free(&sol);
    ng_free(&ns);
  }
}

static void test_ranks(void) {
  int sizes[][3] = {{5, 2, 2}, {7, 3, 3}, {6, 1, 3}, {9, 2, 4}, {4, 0, 2}};
  for (int t = 0; t < 5; t++) {
    int n = sizes[t][0], b = sizes[t][1], w = sizes[t][2];
    uint64_t layer = rank_graph_layer(n, b, w);
    CHECK_INT(layer, 2 * rank_binomial(n, b) * rank_binomial(n - b, w));
    int bad = 0;
    for (uint64_t k = 0; k < layer; k++) {
      Position p;
      char err[BOARD_ERRMAX];
      rank_graph_unrank(k, n, b, w, 3, &p);
      bad += board_check(&p, err) != 0 ||
             __builtin_popcountll(p.arms[BLACK]) != b ||
             __builtin_popcountll(p.arms[WHITE]) != w ||
             rank_graph_position(&p, b, w) != k || p.ply != 3;
    }
    CHECK_INT(bad, 0);
  }
  CHECK_INT(rank_graph_layer(64, 21, 21), 0); /* does not fit */
}

/* --- hooks on a graph board --- */

/* A piece may not move to the point with the lowest number unless it is
** black's; and black wins at once when it holds point 1. */
static int allow_low(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)h;
  return m.to != 0 || p->side == BLACK;
}

static int naive_allow_low(const char *s, int a, int b) {
  (void)a;
  size_t n = strlen(s) - 1;
  return b != 0 || s[n] == 'b';
}

static void test_hooked(void) {
  for (int trial = 0; trial < 40; trial++) {
    int n = 4 + rnd(6);
    Graph g;
    NaiveBoard b;
    random_board(n, 2, trial % 2, &g, &b);
    b.allow = naive_allow_low;
    Position start;
    NaiveGState s;
    random_start(n, 1 + rnd(2), 1 + rnd(2), &start, &s);
    Rules r = rules_of(&g, &b, &start);
    TestHooks hooks = {allow_low, NULL, NULL};
    test_hooks_wire(&r, &hooks);
    if (trial % 2) r.hooks.memo = rules_memo_new(&r, 1 << 20);
    for (int d = 1; d <= 5; d++)
      CHECK_INT(perft(&r, &start, NULL, d, NULL), ng_perft(&b, s.s, d));
    NaiveSolved ns = ng_solve(&b, s.s);
    Solution sol;
    char err[BOARD_ERRMAX];
    CHECK_INT(solver_solve(&sol, &r, NULL, err), SOLVER_OK);
    int bad = 0;
    for (int i = 0; i < ns.count; i++) {
      Position p = position_of(ns.state[i].s, n);
      int d, value = solver_lookup(&sol, &p, NULL, &d);
      int want = ns.value[i] == 1 ? VALUE_WIN : ns.value[i] == 2 ? VALUE_LOSS : VALUE_DRAW;
      int wrong = value != want || (want != VALUE_DRAW && d != ns.distance[i]);
      if (wrong && bad < 2)
        fprintf(stderr, "  hooked trial %d %s: %d %d, naive %d %d\n", trial,
                ns.state[i].s, value, d, want, ns.distance[i]);
      bad += wrong;
      if (!same_moves(&r, &b, &p) && bad++ < 2)
        fprintf(stderr, "  hooked trial %d %s: moves differ\n", trial, ns.state[i].s);
    }
    CHECK_INT(bad, 0);
    solver_free(&sol);
    memo_free(r.hooks.memo);
    ng_free(&ns);
  }
}

/* --- remembered moves on a graph board --- */

/* A piece may not go straight back to the point its side's last move
** left (history[1] is the mover's own last move). */
static int allow_no_return(void *ctx, const Position *p, const History *h,
                           Move m) {
  (void)ctx, (void)p;
  return !h || h->count < 2 || !(h->moves[1].from == m.to && h->moves[1].to == m.from);
}

/* The naive perft of that rule: the last two moves passed down. */
static long long naive_no_return(const NaiveBoard *b, const char *s, int last,
                                 int before, int depth) {
  int moves[NG_MAX * NG_MAX];
  if (depth == 0) return 1;
  int k = ng_moves(b, s, moves);
  long long sum = 0;
  for (int i = 0; i < k; i++) {
    int from = moves[i] / NG_MAX, to = moves[i] % NG_MAX;
    if (before >= 0 && before / NG_MAX == to && before % NG_MAX == from) continue;
    NaiveGState t = ng_play(b, s, moves[i]);
    sum += naive_no_return(b, t.s, moves[i], last, depth - 1);
  }
  return sum;
}

/* 1 when the solution's value of state (p, h) follows from its children's
** one ply ahead. */
static int consistent(const Solution *sol, const Rules *r, const Position *p,
                      const History *h) {
  Move moves[RULES_MAX_MOVES];
  int d, value = solver_lookup(sol, p, h, &d);
  int k = rules_moves(r, p, h, moves);
  if (k == 0) return value == VALUE_LOSS && d == 0;
  int best_win = -1, worst = -1, draw = 0;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    History g = *h;
    board_play(&q, moves[i]);
    history_push(&g, moves[i], r->history);
    int e, v = solver_lookup(sol, &q, &g, &e);
    if (v == VALUE_LOSS && (best_win < 0 || e + 1 < best_win)) best_win = e + 1;
    if (v == VALUE_DRAW) draw = 1;
    if (v == VALUE_WIN && e + 1 > worst) worst = e + 1;
  }
  if (best_win >= 0) return value == VALUE_WIN && d == best_win;
  if (draw) return value == VALUE_DRAW;
  return value == VALUE_LOSS && d == worst;
}

/* Checks every state reachable from start (a walk with the history) for
** consistency; returns how many states it saw. */
static int check_reachable(const Solution *sol, const Rules *r,
                           const Position *start, int *bad) {
  enum { MAX = 20000 };
  static Position ps[MAX];
  static History hs[MAX];
  int count = 1;
  ps[0] = *start;
  hs[0] = (History){0};
  for (int i = 0; i < count; i++) {
    *bad += !consistent(sol, r, &ps[i], &hs[i]);
    Move moves[RULES_MAX_MOVES];
    int k = rules_moves(r, &ps[i], &hs[i], moves);
    for (int j = 0; j < k && count < MAX; j++) {
      Position q = ps[i];
      History g = hs[i];
      board_play(&q, moves[j]);
      history_push(&g, moves[j], r->history);
      int seen = 0;
      for (int x = 0; x < count && !seen; x++)
        seen = rules_same_state(r, &ps[x], &hs[x], &q, &g);
      if (!seen) ps[count] = q, hs[count++] = g;
    }
  }
  return count;
}

static void test_history(void) {
  int seen = 0;
  for (int trial = 0; trial < 12; trial++) {
    int n = 4 + rnd(3);
    Graph g;
    NaiveBoard b;
    random_board(n, 2, trial % 2, &g, &b);
    Position start;
    NaiveGState s;
    random_start(n, 1 + rnd(2), 1 + rnd(2), &start, &s);
    Rules r = rules_of(&g, &b, &start);
    r.history = 2;
    TestHooks hooks = {allow_no_return, NULL, NULL};
    test_hooks_wire(&r, &hooks);
    History none = {0};
    for (int d = 1; d <= 6; d++)
      CHECK_INT(perft(&r, &start, &none, d, NULL),
                naive_no_return(&b, s.s, -1, -1, d));
    Solution sol;
    char err[BOARD_ERRMAX];
    if (!CHECK_INT(solver_solve(&sol, &r, NULL, err), SOLVER_OK)) {
      fprintf(stderr, "  %s\n", err);
      continue;
    }
    int bad = 0;
    seen += check_reachable(&sol, &r, &start, &bad);
    CHECK_INT(bad, 0);
    Census c;
    CHECK_INT(solver_census(&sol, &r, &start, NULL, &c, NULL, NULL, NULL, err),
              SOLVER_OK);
    CHECK(c.reachable > 0);
    solver_free(&sol);
  }
  CHECK(seen > 500); /* the boards make games, not only blocked starts */
}

/* --- the wheel as a graph --- */

/* The 8-arm wheel as a board of 9 points: arms "1".."8" on a ring, "c"
** joined to each. */
static void wheel_graph(Graph *g) {
  char err[BOARD_ERRMAX], name[8];
  graph_init(g);
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "%d", i + 1);
    graph_add_point(g, name, err);
  }
  graph_add_point(g, "c", err);
  for (int i = 0; i < 8; i++) {
    graph_add_line(g, i, (i + 1) % 8, 0, err);
    graph_add_line(g, i, 8, 0, err);
  }
  g->centre = 8;
  graph_finish(g, err);
}

/* The graph position of a wheel position (the centre is point 8). */
static Position graph_of_wheel(const Position *w) {
  Position p = *w;
  p.graph = 1;
  p.n = 9;
  p.centre = NOBODY;
  if (w->centre != NOBODY) p.arms[w->centre] |= (uint64_t)1 << 8;
  return p;
}

static void test_wheel(void) {
  static const char *const names[] = {"standard", "no-restriction",
                                      "adjacent-enemy", "first-two-turns",
                                      "misere"};
  Graph g;
  wheel_graph(&g);
  for (int i = 0; i < 5; i++) {
    Rules wheel, graph;
    char err[BOARD_ERRMAX];
    rules_named(&wheel, names[i], 8, err);
    graph = wheel;
    graph.graph = &g;
    graph.arms = 9;
    graph.pieces[BLACK] = graph.pieces[WHITE] = 4;
    CHECK_INT(rules_check(&graph, err), 0);
    Position w, p;
    board_start(&w, 8);
    p = graph_of_wheel(&w);
    for (int d = 1; d <= 10; d++)
      CHECK_INT(perft(&graph, &p, NULL, d, NULL), perft(&wheel, &w, NULL, d, NULL));
    Solution ws, gs;
    CHECK_INT(solver_solve(&ws, &wheel, NULL, err), SOLVER_OK);
    CHECK_INT(solver_solve(&gs, &graph, NULL, err), SOLVER_OK);
    int bad = 0;
    for (int layer = 0; layer <= ws.opening; layer++)
      for (uint64_t k = 0; k < rank_layer(8); k++) {
        rank_unrank(k, 8, (uint32_t)layer, &w);
        p = graph_of_wheel(&w);
        int dw, dg;
        bad += solver_lookup(&ws, &w, NULL, &dw) != solver_lookup(&gs, &p, NULL, &dg) ||
               dw != dg;
      }
    CHECK_INT(bad, 0);
    Census cw, cg;
    board_start(&w, 8);
    p = graph_of_wheel(&w);
    CHECK_INT(solver_census(&ws, &wheel, &w, NULL, &cw, NULL, NULL, NULL, err), 0);
    CHECK_INT(solver_census(&gs, &graph, &p, NULL, &cg, NULL, NULL, NULL, err), 0);
    CHECK_INT(cg.reachable, cw.reachable);
    CHECK_INT(cg.wins, cw.wins);
    CHECK_INT(cg.draws, cw.draws);
    CHECK_INT(cg.traps, cw.traps);
    if (i == 0) { /* the published figures */
      CHECK_INT(cg.reachable, 1180);
      CHECK_INT(cg.wins, 208);
      CHECK_INT(cg.losses, 128);
      CHECK_INT(cg.draws, 844);
    }
    solver_free(&ws);
    solver_free(&gs);
  }
}

/* --- Ctrl-C and budgets --- */

/* Makes g the complete graph of n points p0 .. p(n-1). */
static void complete_graph(Graph *g, int n) {
  char err[BOARD_ERRMAX], name[8];
  graph_init(g);
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "p%d", i);
    graph_add_point(g, name, err);
  }
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++) graph_add_line(g, a, b, 0, err);
  CHECK_INT(graph_finish(g, err), 0);
}

/* A Cancel's stop that counts how often it is asked, and never stops. */
static int count_polls(void *ctx) {
  ++*(int *)ctx;
  return 0;
}

/* Perft on a dense board polls its Cancel as its work goes: the complete
** graph of 12 points, 3 pieces a side, has 18 moves a position, and a
** poll only every 64K nodes of depth 5 or more came once in billions of
** leaves (a budget of 0.1 s stopped it after 17 s). */
static void test_perft_polls(void) {
  Graph g;
  complete_graph(&g, 12);
  Position p = position_of("bbbwww...... b", 12);
  Rules r;
  memset(&r, 0, sizeof r);
  r.arms = 12;
  r.graph = &g;
  r.pieces[BLACK] = r.pieces[WHITE] = 3;
  int polls = 0;
  Cancel c = {count_polls, &polls};
  int64_t leaves = perft(&r, &p, NULL, 7, &c);
  CHECK_INT(leaves, 612220032); /* 18^7: every position has 18 moves */
  /* at least one poll for every 2^28 leaves (64K nodes of 64 moves of
  ** 64 moves) */
  if (!CHECK(polls >= leaves >> 28))
    fprintf(stderr, "  %d polls for %lld leaves\n", polls, (long long)leaves);
}

/* --- the bound on the moves of a position --- */

/* The most moves pieces pieces can have on g with empty empty points:
** every way of placing them tried. */
static int naive_max_moves(const Graph *g, int pieces, int empty) {
  int most = 0;
  uint64_t all = board_full(g->n);
  for (uint64_t own = 0; own <= all; own++) {
    if (__builtin_popcountll(own) != pieces) continue;
    uint64_t rest = all & ~own;
    for (uint64_t free = rest;; free = (free - 1) & rest) { /* subsets */
      if (__builtin_popcountll(free) == empty) {
        int k = 0;
        for (uint64_t f = own; f; f &= f - 1)
          k += __builtin_popcountll(g->next[__builtin_ctzll(f)] & free);
        if (k > most) most = k;
      }
      if (!free) break;
    }
  }
  return most;
}

/* graph_max_moves bounds the moves of every position, and is the most on
** complete graphs: each piece goes to at most the empty points and each
** empty point takes at most the pieces (K16 with 8 pieces and 8 empty
** points has 64 moves, not the 120 its degrees give). */
static void test_move_bound(void) {
  char err[BOARD_ERRMAX];
  for (int trial = 0; trial < 40; trial++) {
    Graph g;
    NaiveBoard b;
    int n = 3 + rnd(8);
    random_board(n, 1 + rnd(3), rnd(2), &g, &b);
    int pieces = 1 + rnd(n - 1), empty = 1 + rnd(n - pieces);
    int bound = graph_max_moves(&g, pieces, empty);
    int most = naive_max_moves(&g, pieces, empty);
    if (!CHECK(bound >= most))
      fprintf(stderr, "  %d points, %d pieces, %d empty: bound %d, most %d\n",
              n, pieces, empty, bound, most);
  }
  /* boards where the bound is the most (found by a search), each because
  ** of another of its parts: a piece's moves capped by the empty points, a
  ** point's by the pieces, the lesser of the two sums either way */
  static const struct {
    int n, pieces, empty;
    const char *lines; /* "a-b" a line, "a>b" an arrow */
  } tight[] = {
      {8, 2, 5, "0-3 0-4 5-0 2-1 1-5 1-6 7-1 2-4 2>5 4-3 3-6 4-5 4-6 4>7 5>7"},
      {7, 2, 2, "4>0 2-1 1>6 3-6 4>5 4>6"},
      {5, 3, 2, "2-0 4-0 2-1 3-1"},
      {5, 1, 3, "1-0 2-0 4>0 3-1 3-2"},
  };
  for (size_t t = 0; t < sizeof tight / sizeof *tight; t++) {
    Graph g;
    char name[16];
    graph_init(&g);
    for (int i = 0; i < tight[t].n; i++) {
      snprintf(name, sizeof name, "p%d", i);
      graph_add_point(&g, name, err);
    }
    for (const char *c = tight[t].lines; *c; c += c[3] ? 4 : 3)
      CHECK_INT(graph_add_line(&g, c[0] - '0', c[2] - '0', c[1] == '>', err), 0);
    CHECK_INT(graph_finish(&g, err), 0);
    CHECK_INT(graph_max_moves(&g, tight[t].pieces, tight[t].empty),
              naive_max_moves(&g, tight[t].pieces, tight[t].empty));
  }
  Graph k;
  complete_graph(&k, 16);
  CHECK_INT(graph_max_moves(&k, 8, 8), 64);
  CHECK_INT(graph_max_moves(&k, 5, 3), 15);
  Rules r;
  memset(&r, 0, sizeof r);
  r.graph = &k;
  r.arms = 16;
  r.pieces[BLACK] = 8;
  CHECK_INT(rules_check(&r, err), 0);
  r.pieces[WHITE] = 1; /* 8 x 7 */
  CHECK_INT(rules_check(&r, err), 0);
}

int main(void) {
  test_building();
  test_notation();
  test_ranks();
  test_against_naive();
  test_hooked();
  test_history();
  test_wheel();
  test_perft_polls();
  test_move_bound();
  return harness_report();
}

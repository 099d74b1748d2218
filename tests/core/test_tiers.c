/*
** test_tiers.c — the tiered table of rules that drop, take or pass
** (tiers.h, tiermoves.h, tiermirror.h, tiersolver.h, tiercensus.h)
** against the solver of the states play reaches (reach.h), its
** independent second: on the five small games of issue 32 and on variants
** of this test (a kono on 3x4 points, one with fewer white pieces, drops
** anywhere with captures and a pass, captures by replacement under the
** adjacent-enemy rule in misère, long jumps on 21 points, a pass at any
** time, misère with a row, one-way lines, boards whose mirrors the rules
** forbid), every state play reaches has the same value and distance, the
** census is the same and its traps are traps there; and every state of
** each table, reached or not, keeps the values its moves give by the
** rules' own moves.  Beside it: the moves made the fast way against the
** rules' own on every state, the moves back against the moves forward on
** every state, the ranks against rank.h's, the mirrors found; files
** saved, loaded and refused; the rules a table refuses, a table past the
** memory left, Ctrl-C and failed allocations.  With the argument "kono":
** four-field-kono's start and census against the reach solver's figures.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "memory.h"
#include "random_position.h"
#include "rank.h"
#include "reach.h"
#include "solfile.h"
#include "solve.h"
#include "tiercensus.h"
#include "tiermirror.h"
#include "tiermoves.h"
#include "tiers.h"
#include "tiersolver.h"

static char err[BOARD_ERRMAX];

/* --- the games --- */

typedef struct Game {
  const char *name;
  Graph g;
  Rules r;
  Position start;
} Game;

/* Makes g a grid of cols x rows points named a1, b1, ... (row 1 first),
** joined along rows and columns, and with half_diagonals the four half
** diagonals through the middle of a 3x3 grid; laid out as drawn. */
static void grid(Graph *g, int cols, int rows, int half_diagonals) {
  double x[GRAPH_MAX_POINTS], y[GRAPH_MAX_POINTS];
  graph_init(g);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      char name[4] = {(char)('a' + c), (char)('1' + r), 0};
      int i = graph_add_point(g, name, err);
      x[i] = c;
      y[i] = r;
    }
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      int i = r * cols + c;
      if (c + 1 < cols) graph_add_line(g, i, i + 1, 0, err);
      if (r + 1 < rows) graph_add_line(g, i, i + cols, 0, err);
    }
  if (half_diagonals) { /* a1-b2, b2-c3, a3-b2, b2-c1 */
    graph_add_line(g, 0, 4, 0, err);
    graph_add_line(g, 4, 8, 0, err);
    graph_add_line(g, 6, 4, 0, err);
    graph_add_line(g, 4, 2, 0, err);
  }
  CHECK_INT(graph_finish(g, err), 0);
  graph_set_beyond(g, x, y);
}

/* Makes g a grid of 3x3 points whose rows run one way (a1 to b1 to c1,
** ...) and columns both ways. */
static void one_way_grid(Graph *g) {
  double x[9], y[9];
  graph_init(g);
  for (int i = 0; i < 9; i++) {
    char name[4] = {(char)('a' + i % 3), (char)('1' + i / 3), 0};
    graph_add_point(g, name, err);
    x[i] = i % 3;
    y[i] = i / 3;
  }
  for (int i = 0; i < 9; i++) {
    if (i % 3 < 2) graph_add_line(g, i, i + 1, 1, err);
    if (i < 6) graph_add_line(g, i, i + 3, 0, err);
  }
  CHECK_INT(graph_finish(g, err), 0);
  graph_set_beyond(g, x, y);
}

/* Makes g a path of six points a..f, straight from a to c, then turning
** a right angle and straight from c to f: its reversal keeps its lines
** but not its straight lines. */
static void bent_path(Graph *g) {
  static const double x[6] = {0, 1, 2, 2, 2, 2}, y[6] = {0, 0, 0, 1, 2, 3};
  graph_init(g);
  for (int i = 0; i < 6; i++) {
    char name[2] = {(char)('a' + i), 0};
    graph_add_point(g, name, err);
    if (i) graph_add_line(g, i - 1, i, 0, err);
  }
  CHECK_INT(graph_finish(g, err), 0);
  graph_set_beyond(g, x, y);
}

/* Sets game's rules to its grid's with pieces a side, no flank rule. */
static void graph_rules(Game *game, int black, int white) {
  memset(&game->r, 0, sizeof game->r);
  game->r.arms = game->g.n;
  game->r.graph = &game->g;
  game->r.pieces[BLACK] = black;
  game->r.pieces[WHITE] = white;
  game->r.repetition = 3;
}

/* Sets game's start from its text ("bb.ww b"; hands as given). */
static void start_of(Game *game, const char *text, int hb, int hw) {
  CHECK_INT(board_parse(&game->start, text, err), 0);
  game->start.hand[BLACK] = (uint8_t)hb;
  game->start.hand[WHITE] = (uint8_t)hw;
}

/* Achi (pieces 4), Tapatan (3), or Three Men's Morris (3, no diagonals). */
static void morris(Game *game, const char *name, int pieces, int diagonals) {
  game->name = name;
  grid(&game->g, 3, 3, diagonals);
  graph_rules(game, pieces, pieces);
  game->r.fields.drops = DROPS_FIRST;
  CHECK_INT(fields_set_row(&game->r.fields, &game->g, 9, 3, err), 0);
  start_of(game, "......... b", pieces, pieces);
}

/* A kono: a piece jumps over its own onto an enemy, taking it. */
static void kono(Game *game, const char *name, int cols, int rows,
                 const char *start, int black, int white) {
  game->name = name;
  grid(&game->g, cols, rows, 0);
  graph_rules(game, black, white);
  game->r.fields.jumps = 1;
  game->r.fields.jump[0] = (JumpRule){HOLDS_OWN, HOLDS_ENEMY, 0, 1, 1};
  start_of(game, start, 0, 0);
}

/* The wheel of 8 arms by the standard rules. */
static void wheel(Game *game, const char *name, const char *base, int n) {
  game->name = name;
  CHECK_INT(rules_named(&game->r, base, n, err), 0);
  board_start(&game->start, n);
}

/* The games of this test, into games; returns how many. */
static int all_games(Game *games) {
  int k = 0;
  morris(&games[k++], "achi", 4, 1);
  morris(&games[k++], "tapatan", 3, 1);
  morris(&games[k++], "three-mens-morris", 3, 0);
  wheel(&games[k], "leaping-torere", "standard", 8);
  games[k].r.fields.jumps = 1;
  games[k++].r.fields.jump[0] = (JumpRule){HOLDS_ENEMY, HOLDS_EMPTY, 0, 1, 1};
  wheel(&games[k], "placing-torere", "standard", 8);
  games[k].r.fields.drops = DROPS_FIRST;
  games[k].r.fields.no_drop_centre = 1;
  CHECK_INT(board_parse(&games[k].start, "......../. b", err), 0);
  games[k].start.hand[BLACK] = games[k].start.hand[WHITE] = 4;
  k++;
  kono(&games[k++], "kono 3x4", 3, 4, "bbbb....wwww b", 4, 4);
  kono(&games[k++], "kono 3x3, 3 against 2", 3, 3, "bbb....ww b", 3, 2);
  /* drops anywhere, checkers' captures (over an enemy onto an empty point,
  ** taking it), a pass when blocked */
  games[k].name = "drops and captures";
  grid(&games[k].g, 3, 3, 0);
  graph_rules(&games[k], 3, 3);
  games[k].r.fields.drops = DROPS_ANY;
  games[k].r.fields.pass = PASS_BLOCKED;
  games[k].r.fields.jumps = 1;
  games[k].r.fields.jump[0] = (JumpRule){HOLDS_ENEMY, HOLDS_EMPTY, 1, 1, 1};
  start_of(&games[k++], "......... b", 3, 3);
  /* the wheel of 6: captures by replacement, the adjacent-enemy rule,
  ** misère (the rules' own moves, the moves back asked) */
  wheel(&games[k], "replacing misere", "adjacent-enemy", 6);
  games[k].r.fields.slide_takes = 1;
  games[k++].r.misere = 1;
  /* 21 points (ranked by bytes, not by a table of every set), long jumps
  ** over enemies and empty points taking the enemies */
  kono(&games[k], "long jumps 7x3", 7, 3, "bb..................w b", 2, 1);
  games[k++].r.fields.jump[0] =
      (JumpRule){HOLDS_ENEMY | HOLDS_EMPTY, HOLDS_EMPTY, 1, 1, 2};
  /* a pass at any time, drops first, three in a row */
  morris(&games[k], "passing tapatan", 3, 1);
  games[k++].r.fields.pass = PASS_ALWAYS;
  /* a kono on a 3x3 grid with two lines askew: no mirror */
  kono(&games[k], "kono askew", 3, 3, "bbb...www b", 3, 3);
  graph_add_line(&games[k].g, 0, 4, 0, err); /* a1-b2 */
  graph_add_line(&games[k].g, 1, 5, 0, err); /* b1-c2 */
  CHECK_INT(graph_finish(&games[k].g, err), 0);
  k++;
  /* a bent path: three in a row along its straight parts, after drops;
  ** and jumps over an enemy along them, taking it */
  games[k].name = "bent row";
  bent_path(&games[k].g);
  graph_rules(&games[k], 3, 2);
  games[k].r.fields.drops = DROPS_FIRST;
  CHECK_INT(fields_set_row(&games[k].r.fields, &games[k].g, 6, 3, err), 0);
  start_of(&games[k++], "...... b", 3, 2);
  games[k].name = "bent jumps";
  bent_path(&games[k].g);
  graph_rules(&games[k], 2, 2);
  games[k].r.fields.jumps = 1;
  games[k].r.fields.jump[0] = (JumpRule){HOLDS_ENEMY, HOLDS_EMPTY, 1, 1, 1};
  start_of(&games[k++], "b.wb.w b", 0, 0);
  /* drops anywhere but a1; a kono whose corner a1 the flank rule guards:
  ** mirrors that move a1 do not keep these rules */
  morris(&games[k], "tapatan but a1", 3, 1);
  games[k++].r.fields.no_drop = 1;
  kono(&games[k], "kono guarded a1", 3, 3, "b.b.w.w.. b", 3, 3);
  games[k].g.centre = 0;
  games[k++].r.flank_plies = RULES_ALWAYS;
  /* a misère tapatan: the row that wins loses */
  morris(&games[k], "misere tapatan", 3, 1);
  games[k++].r.misere = 1;
  /* one-way lines: a kono on 3x3 points whose rows go right only */
  games[k].name = "kono one way";
  one_way_grid(&games[k].g);
  graph_rules(&games[k], 3, 3);
  games[k].r.fields.jumps = 1;
  games[k].r.fields.jump[0] = (JumpRule){HOLDS_OWN, HOLDS_ENEMY, 0, 1, 1};
  start_of(&games[k++], "b.b.b.w.w w", 0, 0);
  return k;
}

#define MAX_GAMES 32

/* --- the solvers against each other --- */

/* Every state of reach has the value and distance the tiers give. */
static void same_values(const Game *game, const Solution *tiers,
                        const Solution *reach) {
  uint64_t wrong = 0;
  for (uint64_t i = 0; i < reach->layer; i++) {
    Position p;
    History h;
    int d, e;
    reach_state(reach, i, &p, &h);
    int want = solver_code_value(reach->codes[i], &d);
    int got = solver_lookup(tiers, &p, &h, &e);
    if ((got != want || d != e) && wrong++ < 3) {
      char text[BOARD_POSMAX];
      fprintf(stderr, "%s: %s: tiers %d in %d, reach %d in %d\n", game->name,
              board_format(&p, text), got, e, want, d);
    }
  }
  CHECK_INT(wrong, 0);
}

/* The traps a census tells: positions and their losing moves. */
typedef struct Traps {
  int count;
  struct {
    Position p;
    int losing;
  } trap[4096];
} Traps;

static void on_trap(void *ud, const Position *p, const History *h,
                    int losing) {
  Traps *t = ud;
  (void)h;
  if (t->count < 4096) t->trap[t->count].p = *p;
  if (t->count < 4096) t->trap[t->count].p.ply = 0;
  if (t->count < 4096) t->trap[t->count++].losing = losing;
}

static int by_trap(const void *a, const void *b) {
  return memcmp(a, b, sizeof(((Traps *)0)->trap[0]));
}

/* The traps the tiers' census tells are the reach census's (all of them,
** or the first TIERCENSUS_EXAMPLES of them). */
static void same_traps(Traps *tiers, Traps *reach, uint64_t all) {
  CHECK_INT(reach->count, all < 4096 ? all : 4096);
  CHECK_INT(tiers->count, all < TIERCENSUS_EXAMPLES ? all : TIERCENSUS_EXAMPLES);
  if (all >= 4096) return;
  qsort(reach->trap, (size_t)reach->count, sizeof reach->trap[0], by_trap);
  int missing = 0;
  for (int i = 0; i < tiers->count; i++)
    missing += !bsearch(&tiers->trap[i], reach->trap, (size_t)reach->count,
                        sizeof reach->trap[0], by_trap);
  CHECK_INT(missing, 0);
}

/* Every state of the table, each side to move, has the value and
** distance its moves give by the rules' own moves (rules_judge): a win in
** one more than its quickest move to a lost state, a loss in one more
** than its slowest move when all go to won states, else a draw (an end:
** its verdict).  Those values are the only ones with finite distances
** that hold on every state, so this checks the whole table, states play
** does not reach included. */
static void recurrence_holds(const Game *game, const Solution *s) {
  const TierTable *t = s->tiers;
  uint64_t wrong = 0;
  for (int k = 0; k < t->count; k++)
    for (uint64_t i = 0; i < t->tier[k].size; i++) {
      uint64_t black, white;
      int side, d, outcome, win = -1, lose = -1, draw = 0, want, e;
      Position p;
      Move moves[RULES_MAX_MOVES];
      tiers_unrank(t, &t->tier[k], i, &black, &white, &side);
      tiers_position(t, black, white, side, t->tier[k].hand, &p);
      int value = solver_lookup(s, &p, NULL, &d);
      int n = rules_judge(&game->r, &p, NULL, moves, &outcome);
      for (int j = 0; j < n && !outcome; j++) {
        Position q = p;
        board_play(&q, moves[j]);
        int after = solver_lookup(s, &q, NULL, &e);
        if (after == VALUE_LOSS && (win < 0 || e + 1 < win)) win = e + 1;
        if (after == VALUE_WIN && e + 1 > lose) lose = e + 1;
        draw |= after == VALUE_DRAW;
      }
      if (outcome || n == 0) {
        int won = outcome ? (outcome == OUTCOME_BLACK) == (side == BLACK)
                          : game->r.misere;
        want = won ? VALUE_WIN : VALUE_LOSS, e = 0;
      } else if (win >= 0)
        want = VALUE_WIN, e = win;
      else if (draw)
        want = VALUE_DRAW, e = -1;
      else
        want = VALUE_LOSS, e = lose;
      wrong += value != want || d != e;
    }
  if (wrong) fprintf(stderr, "%s: the values break on %llu states\n",
                     game->name, (unsigned long long)wrong);
  CHECK_INT(wrong, 0);
}

/* Solves game both ways and compares them. */
static void against_reach(const Game *game) {
  Solution tiers, reach;
  Census a, b;
  SolveOptions table = {2, 0, NULL, NULL, SOLVE_TABLE, &game->start, 0};
  SolveOptions reachable = table;
  reachable.kind = SOLVE_REACHABLE;
  CHECK_INT(rules_check(&game->r, err), 0);
  CHECK_INT(rules_check_position(&game->r, &game->start, err), 0);
  if (!CHECK_INT(solve_variant(&tiers, &game->r, &table, err), SOLVER_OK)) {
    fprintf(stderr, "%s: %s\n", game->name, err);
    return;
  }
  CHECK(tiers.tiers != NULL);
  recurrence_holds(game, &tiers);
  CHECK_INT(solve_variant(&reach, &game->r, &reachable, err), SOLVER_OK);
  same_values(game, &tiers, &reach);
  static Traps tiers_traps, reach_traps;
  tiers_traps.count = reach_traps.count = 0;
  CHECK_INT(solver_census(&tiers, &game->r, &game->start, NULL, &a, on_trap,
                          &tiers_traps, NULL, err),
            SOLVER_OK);
  CHECK_INT(reach_census(&reach, &game->r, &game->start, NULL, &b, on_trap,
                         &reach_traps, NULL, err),
            SOLVER_OK);
  same_traps(&tiers_traps, &reach_traps, b.traps);
  CHECK_INT(a.reachable, b.reachable);
  CHECK_INT(a.reachable, reach.layer);
  CHECK_INT(a.wins, b.wins);
  CHECK_INT(a.losses, b.losses);
  CHECK_INT(a.draws, b.draws);
  CHECK_INT(a.traps, b.traps);
  CHECK_INT(a.longest, b.longest);
  solver_free(&reach);
  solver_free(&tiers);
}

/* --- the moves, forwards and back --- */

/* Sorts n numbers. */
static int by_number(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* 1 when the two expansions have the same children (all: of their own
** tier too, with their numbers). */
static int same_expansion(TierExpansion *a, TierExpansion *b, int all) {
  if (a->end != b->end || a->code != b->code || a->stay != b->stay ||
      a->leave != b->leave)
    return 0;
  int n = a->leave + (all ? a->stay : 0);
  uint64_t x[2 * RULES_MAX_MOVES], y[2 * RULES_MAX_MOVES];
  for (int i = 0; i < n; i++) {
    x[i] = a->child[i] * 2 + 0, y[i] = b->child[i] * 2 + 0;
    if (all) x[n + i] = a->state[i] * 2 + 1, y[n + i] = b->state[i] * 2 + 1;
  }
  int m = all ? 2 * n : n;
  qsort(x, (size_t)m, sizeof *x, by_number);
  qsort(y, (size_t)m, sizeof *y, by_number);
  return memcmp(x, y, (size_t)m * sizeof *x) == 0;
}

/* The fast way against the rules' own moves, on every state of every
** tier; and the ranks: unranked and ranked again, and as rank.h ranks the
** points. */
static void moves_both_ways(const Game *game, const TierMoves *m) {
  const TierTable *t = m->t;
  uint64_t wrong = 0, ranks = 0, states = 0;
  for (int k = 0; k < t->count; k++) {
    const Tier *tier = &t->tier[k];
    for (uint64_t i = 0; i < tier->size; i++) {
      uint64_t black, white;
      int side;
      TierExpansion a, b;
      tiers_unrank(t, tier, i, &black, &white, &side);
      Position points = {{black, white}, 0, NOBODY, (uint8_t)side,
                         (uint8_t)t->points, 1, {0, 0}, {0}};
      ranks += tiers_rank(t, tier, black, white, side) != i ||
               rank_graph_position(&points, tier->on[BLACK],
                                   tier->on[WHITE]) != i;
      for (int what = TIERMOVES_COUNT; what <= TIERMOVES_BOTH; what += 2) {
        CHECK_INT(tiermoves_expand(m, k, black, white, side, what, &a), 0);
        CHECK_INT(tiermoves_expand_rules(m, k, black, white, side, what, &b),
                  0);
        wrong += !same_expansion(&a, &b, what == TIERMOVES_BOTH);
      }
      states++;
    }
  }
  if (wrong || ranks) fprintf(stderr, "%s: moves or ranks differ\n", game->name);
  CHECK_INT(wrong, 0);
  CHECK_INT(ranks, 0);
  CHECK_INT(states, t->states);
}

/* An edge of a tier: from state (its number) to state. */
typedef struct Edge {
  uint64_t from, to;
} Edge;

static int by_edge(const void *a, const void *b) {
  const Edge *x = a, *y = b;
  return x->from != y->from ? (x->from < y->from ? -1 : 1)
         : x->to != y->to   ? (x->to < y->to ? -1 : 1)
                            : 0;
}

/* A list of edges that grows. */
typedef struct Edges {
  Edge *at;
  size_t count, room;
  int failed; /* 1: out of memory */
} Edges;

/* Appends the edge (from, to) to e. */
static void add_edge(Edges *e, uint64_t from, uint64_t to) {
  if (e->count == e->room) {
    size_t room = e->room ? 2 * e->room : 1024;
    Edge *at = realloc(e->at, room * sizeof *at);
    if (!at) {
      e->failed = 1;
      return;
    }
    e->at = at, e->room = room;
  }
  e->at[e->count++] = (Edge){from, to};
}

/* The edges of tier k into f (forth: the moves forward that stay in it)
** and b (back: the moves back of each state, those asked asked, the
** others from states that go on), one walk of the tier. */
static void tier_edges(const TierMoves *m, int k, Edges *f, Edges *b) {
  const Tier *tier = &m->t->tier[k];
  TierExpansion x;
  TierBefore before[TIERMOVES_MAX_BEFORE];
  for (uint64_t i = 0; i < tier->size; i++) {
    uint64_t black, white;
    int side;
    tiers_unrank(m->t, tier, i, &black, &white, &side);
    tiermoves_expand(m, k, black, white, side, TIERMOVES_STATES, &x);
    for (int j = x.leave; j < x.leave + x.stay; j++)
      add_edge(f, i, x.state[j] - tier->first);
    int n = tiermoves_before(m, k, black, white, side, before);
    for (int j = 0; j < n; j++) {
      uint64_t pb, pw;
      int ps;
      tiers_unrank(m->t, tier, before[j].index, &pb, &pw, &ps);
      tiermoves_expand(m, k, pb, pw, ps, TIERMOVES_COUNT, &x);
      int legal = before[j].ask
                      ? tiermoves_legal(m, k, black, white, side, &before[j])
                      : !x.end;
      if (legal) add_edge(b, before[j].index, i);
    }
  }
}

/* The moves back of every state of tier k against its moves forward that
** stay in it. */
static int tier_back_and_forth(const TierMoves *m, int k) {
  Edges f = {0}, b = {0};
  tier_edges(m, k, &f, &b);
  int ok = !f.failed && !b.failed && f.count == b.count;
  if (ok && f.count > 0) { /* (no list at all when there is no edge) */
    qsort(f.at, f.count, sizeof *f.at, by_edge);
    qsort(b.at, b.count, sizeof *b.at, by_edge);
    ok = memcmp(f.at, b.at, f.count * sizeof *f.at) == 0;
  }
  free(f.at);
  free(b.at);
  return ok;
}

/* The moves back against the moves forward on every tier kept. */
static void back_and_forth(const Game *game, const TierMoves *m) {
  int wrong = 0;
  for (int k = 0; k < m->t->count; k++)
    if (m->t->tier[k].kept && !tier_back_and_forth(m, k)) wrong++;
  if (wrong) fprintf(stderr, "%s: moves back differ\n", game->name);
  CHECK_INT(wrong, 0);
}

/* The moves of game's table both ways. */
static void table_moves(const Game *game, int want_fast) {
  Solution plan;
  TierMoves m;
  if (!CHECK_INT(tiersolver_plan(&plan, &game->r, err), SOLVER_OK)) return;
  CHECK_INT(tiermoves_init(&m, &game->r, plan.tiers), 0);
  CHECK_INT(m.fast, want_fast);
  moves_both_ways(game, &m);
  back_and_forth(game, &m);
  tiermoves_free(&m);
  solver_free(&plan);
}

/* --- the tiers --- */

/* The tiers of achi: as many pieces in all, any number in hand; a tier
** and its colour swap share their codes. */
static void test_achi_tiers(const Game *achi) {
  Solution s;
  CHECK_INT(tiersolver_plan(&s, &achi->r, err), SOLVER_OK);
  const TierTable *t = s.tiers;
  CHECK_INT(t->count, 25); /* 0..4 in each hand */
  CHECK_INT(t->swap, 1);
  uint64_t states = 0, codes = 0;
  for (int k = 0; k < t->count; k++) {
    const Tier *tier = &t->tier[k];
    CHECK_INT(tier->on[BLACK] + tier->hand[BLACK], 4);
    CHECK_INT(tier->on[WHITE] + tier->hand[WHITE], 4);
    const Tier *image = &t->tier[tier->image];
    CHECK_INT(image->on[BLACK], tier->on[WHITE]);
    CHECK_INT(image->hand[WHITE], tier->hand[BLACK]);
    CHECK(tier->kept || image->kept);
    CHECK(k == tier->image || !(tier->kept && image->kept));
    if (k > 0) CHECK(t->tier[k - 1].stage <= tier->stage);
    states += tier->size;
    codes += tier->kept ? tier->size : 0;
  }
  CHECK_INT(states, t->states);
  CHECK_INT(codes, t->codes);
  CHECK_INT(solver_states(&s), 27962);
  CHECK(codes < states);
  solver_free(&s);
}

/* Random states of the tiers of a kono on 6x4 points with 5 pieces a
** side (past TIERS_DIRECT_POINTS: ranked by bytes, several pieces in a
** byte): each ranked as rank.h ranks it, and unranked back. */
static void test_large_ranks(void) {
  Game game;
  Solution plan;
  uint64_t seed = 0x7e5u, wrong = 0;
  kono(&game, "kono 6x4", 6, 4, "bbbbb..............wwwww b", 5, 5);
  if (!CHECK_INT(tiersolver_plan(&plan, &game.r, err), SOLVER_OK)) return;
  const TierTable *t = plan.tiers;
  CHECK(t->rank_of == NULL && t->byte != NULL);
  for (int k = 0; k < t->count; k++) {
    const Tier *tier = &t->tier[k];
    for (int n = 0; n < 200; n++) {
      uint64_t i = test_random(&seed) % tier->size, black, white, bb, ww;
      int side, s2;
      tiers_unrank(t, tier, i, &black, &white, &side);
      Position points = {{black, white}, 0, NOBODY, (uint8_t)side,
                         (uint8_t)t->points, 1, {0, 0}, {0}};
      wrong += __builtin_popcountll(black) != tier->on[BLACK] ||
               __builtin_popcountll(white) != tier->on[WHITE] ||
               (black & white) ||
               tiers_rank(t, tier, black, white, side) != i ||
               rank_graph_position(&points, tier->on[BLACK],
                                   tier->on[WHITE]) != i;
      tiers_unrank(t, tier, tiers_rank(t, tier, black, white, side), &bb, &ww,
                   &s2);
      wrong += bb != black || ww != white || s2 != side;
    }
  }
  CHECK_INT(wrong, 0);
  solver_free(&plan);
}

/* The mirrors found: a kono on 4x4 points has one that leaves no point
** in place, the wheel one that leaves its centre alone (half a turn);
** a grid with two lines askew has none, and its table is solved without
** (against_reach does). */
static void test_mirrors(const Game *askew, const Game *leaping) {
  Game kono4;
  Solution plan;
  TierMoves m;
  TierMirror x;
  kono(&kono4, "kono 4x4", 4, 4, "bbbbbbbbwwwwwwww b", 8, 8);
  const Game *games[3] = {&kono4, leaping, askew};
  int found[3] = {1, 1, 0}, fixed[3] = {0, 1, 0};
  for (int i = 0; i < 3; i++) {
    if (!CHECK_INT(tiersolver_plan(&plan, &games[i]->r, err), SOLVER_OK))
      continue;
    CHECK_INT(tiermoves_init(&m, &games[i]->r, plan.tiers), 0);
    CHECK_INT(tiermirror_find(&x, &m, 0, 0), found[i]);
    if (x.found) {
      CHECK_INT(x.fixed, fixed[i]);
      for (int p = 0; p < plan.tiers->points; p++)
        CHECK_INT(x.point[x.point[p]], p); /* its own inverse */
    }
    tiermoves_free(&m);
    solver_free(&plan);
  }
}

/* --- what a table refuses --- */

static int judge_all(void *ctx, const Position *p, const History *h,
                     Move *moves, int *k, uint64_t *allowed) {
  (void)ctx, (void)p, (void)h, (void)moves;
  *allowed = *k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << *k) - 1;
  return OUTCOME_NONE;
}

/* Asks to stop at the n-th look. */
static int stop_at(void *ctx) {
  int *n = ctx;
  return --*n <= 0;
}

static void test_refusals(const Game *achi, const Game *leaping) {
  Solution s;
  SolveOptions table = {1, 0, NULL, NULL, SOLVE_TABLE, &achi->start, 0};
  Rules r = achi->r;
  r.hooks.judge = judge_all;
  CHECK_INT(solve_variant(&s, &r, &table, err), SOLVER_ERROR);
  CHECK(strstr(err, "no table: the rules have hooks") != NULL);
  r = leaping->r;
  r.flank_plies = 4; /* the flank rule binds on the first plies */
  CHECK_INT(tiers_applies(&r), 0);
  CHECK_INT(solve_variant(&s, &r, &table, err), SOLVER_ERROR);
  CHECK(strstr(err, "read the ply") != NULL);
  CHECK_INT(rules_named(&r, "standard", 8, err), 0);
  CHECK_INT(tiersolver_plan(&s, &r, err), SOLVER_ERROR);
  CHECK(strstr(err, "only by sliding") != NULL);
  CHECK_INT(rules_named(&r, "standard", 62, err), 0); /* 31 pieces a side */
  r.fields.drops = DROPS_ANY;
  r.fields.slide_takes = 1;
  CHECK_INT(tiersolver_plan(&s, &r, err), SOLVER_ERROR);
  CHECK(strstr(err, "more tiers or states than a table may have") != NULL);
  r.arms = 64; /* 65 points with the centre */
  CHECK_INT(tiersolver_plan(&s, &r, err), SOLVER_ERROR);
  CHECK(strstr(err, "has 65 points with its centre") != NULL);
  /* left to choose, hooked rules are solved on the states play reaches */
  r = achi->r;
  r.hooks.judge = judge_all;
  SolveOptions any = table;
  any.kind = SOLVE_AUTO;
  CHECK_INT(solve_variant(&s, &r, &any, err), SOLVER_OK);
  CHECK(s.reach != NULL && s.tiers == NULL);
  solver_free(&s);
  /* a table past the memory left is refused before it starts (its plan
  ** fits, its codes and work do not); left to choose, the states play
  ** reaches are walked instead (and here do not fit either) */
  size_t held = memory_in_use();
  CHECK_INT(tiersolver_plan(&s, &achi->r, err), SOLVER_OK);
  size_t plan = memory_in_use() - held,
         need = tiersolver_bytes(&s, &achi->r, 1);
  solver_free(&s);
  size_t before = memory_set_limit(memory_total() + plan + need - 1);
  CHECK_INT(solve_variant(&s, &achi->r, &table, err), SOLVER_ERROR);
  CHECK(strstr(err, "not enough memory to solve: the table of") != NULL);
  CHECK_INT(solve_variant(&s, &achi->r, &any, err), SOLVER_ERROR);
  CHECK(strstr(err, "the states play reaches pass") != NULL);
  memory_set_limit(memory_total() + plan + need);
  CHECK_INT(solve_variant(&s, &achi->r, &any, err), SOLVER_OK);
  CHECK(s.tiers != NULL); /* it fits now */
  solver_free(&s);
  memory_set_limit(before);
  /* a position of no tier: pieces in hand without drops */
  Solution kono3;
  Game small;
  kono(&small, "kono 3x3", 3, 3, "bbb...www b", 3, 3);
  CHECK_INT(tiersolver_solve(&kono3, &small.r, 1, NULL, NULL, err), SOLVER_OK);
  Position p = small.start;
  p.hand[BLACK] = 1;
  p.arms[BLACK] &= p.arms[BLACK] - 1;
  int d = 0;
  CHECK_INT(solver_lookup(&kono3, &p, NULL, &d), VALUE_UNKNOWN);
  CHECK_INT(d, -1);
  CHECK_INT(solver_lookup(&kono3, &small.start, NULL, &d) != VALUE_UNKNOWN, 1);
  solver_free(&kono3);
}

/* Ctrl-C at every point of a solve, and each of its allocations failed:
** nothing kept, nothing leaked (harness_report checks the core holds no memory). */
static void test_stops(const Game *game) {
  Solution s;
  int stopped = 0;
  for (int n = 1; n < 400; n += 7) {
    int left = n;
    Cancel c = {stop_at, &left};
    int rc = tiersolver_solve(&s, &game->r, 2, &c, NULL, err);
    if (rc == SOLVER_OK) {
      solver_free(&s);
      break;
    }
    stopped += CHECK_INT(rc, SOLVER_CANCELLED);
  }
  CHECK(stopped > 0);
  /* each allocation fails in turn, up to the first solve that needs no
  ** more than those allowed, and eight more to see that it was so (a
  ** failure swallowed on the way would let a solve through early, and the
  ** next fail again; every later one would solve whole again) */
  int solved = 0;
  for (long k = 0; k < 48 && solved < 9; k++) {
    memory_fail_after(k);
    int rc = tiersolver_solve(&s, &game->r, 2, NULL, NULL, err);
    memory_fail_after(-1);
    if (rc == SOLVER_OK) {
      solver_free(&s);
      solved++;
      continue;
    }
    CHECK_INT(solved, 0);
    CHECK_INT(rc, SOLVER_ERROR);
    CHECK(strstr(err, "not enough memory") != NULL);
  }
  CHECK_INT(solved, 9);
}

/* --- files --- */

/* Writes the bytes of a file at offset (whence as fseek's). */
static void poke(const char *path, long offset, int whence, const char *bytes,
                 size_t k) {
  FILE *f = fopen(path, "r+b");
  if (!CHECK(f != NULL)) return;
  fseek(f, offset, whence);
  fwrite(bytes, 1, k, f);
  fclose(f);
}

/* A tiered solution saved and loaded gives every state the same code; a
** file of the states play reaches of the same rules loads too; damaged or
** other rules' files are refused with the reason. */
static void test_files(const Game *game) {
  char path[] = "/tmp/test_tiers_XXXXXX";
  int fd = mkstemp(path);
  if (!CHECK(fd >= 0)) return;
  close(fd);
  Solution s, back;
  SolfileId id = {"9.9.9", game->name, "none", &game->r, 0, 0};
  CHECK_INT(tiersolver_solve(&s, &game->r, 2, NULL, NULL, err), SOLVER_OK);
  CHECK_INT(solfile_save(&s, &id, path, NULL, NULL, err), SOLVER_OK);
  if (CHECK_INT(solfile_load(&back, &id, path, NULL, NULL, err), SOLVER_OK)) {
    CHECK(back.tiers != NULL);
    CHECK_INT(back.layer, s.layer);
    CHECK(memcmp(back.codes, s.codes, (size_t)s.layer) == 0);
    int d, e;
    CHECK_INT(solver_lookup(&back, &game->start, NULL, &d),
              solver_lookup(&s, &game->start, NULL, &e));
    CHECK_INT(d, e);
    solver_free(&back);
  }
  /* a code no distance of the coding holds, past the header */
  char bad = (char)255;
  poke(path, -1, SEEK_END, &bad, 1);
  CHECK_INT(solfile_load(&back, &id, path, NULL, NULL, err), SOLVER_ERROR);
  CHECK(strstr(err, "damaged") != NULL);
  /* the table of other rules: fewer pieces */
  Rules fewer = game->r;
  fewer.pieces[WHITE]--;
  SolfileId other = id;
  other.rules = &fewer;
  CHECK_INT(solfile_save(&s, &id, path, NULL, NULL, err), SOLVER_OK);
  CHECK_INT(solfile_load(&back, &other, path, NULL, NULL, err), SOLVER_ERROR);
  CHECK(strstr(err, "its header's entries") != NULL);
  solver_free(&s);
  /* the states play reaches, kept for the same rules, load as they are */
  SolveOptions reachable = {1, 0, NULL, NULL, SOLVE_REACHABLE, &game->start, 0};
  CHECK_INT(solve_variant(&s, &game->r, &reachable, err), SOLVER_OK);
  CHECK_INT(solfile_save(&s, &id, path, NULL, NULL, err), SOLVER_OK);
  if (CHECK_INT(solfile_load(&back, &id, path, NULL, NULL, err), SOLVER_OK)) {
    CHECK(back.reach != NULL);
    solver_free(&back);
  }
  solver_free(&s);
  remove(path);
}

/* --- four-field-kono --- */

/* The figures the reach solver gives (its states are those play reaches,
** solved on their graph), from `build/bench/bench tiers long`, which
** solves four-field-kono both ways and checks that every state it reaches
** has the same value and distance in both (about 7 minutes, 8 GB). */
static void test_kono(void) {
  Game game;
  Solution s;
  Census c;
  kono(&game, "four-field-kono", 4, 4, "bbbbbbbbwwwwwwww b", 8, 8);
  CHECK_INT(solve_variant(&s, &game.r, NULL, err), SOLVER_OK);
  CHECK(s.tiers != NULL);
  int d, value = solver_lookup(&s, &game.start, NULL, &d);
  CHECK_INT(value, VALUE_DRAW);
  CHECK_INT(d, -1);
  CHECK_INT(solver_states(&s), 77490558);
  CHECK_INT(solver_census(&s, &game.r, &game.start, NULL, &c, NULL, NULL,
                          NULL, err),
            SOLVER_OK);
  CHECK_INT(c.reachable, 64140783);
  CHECK_INT(c.wins, 33346442);
  CHECK_INT(c.losses, 23471024);
  CHECK_INT(c.draws, 7323317);
  CHECK_INT(c.traps, 6460196);
  CHECK_INT(c.longest, 120);
  solver_free(&s);
}

int main(int argc, char **argv) {
  static Game games[MAX_GAMES];
  if (argc > 1 && strcmp(argv[1], "kono") == 0) {
    test_kono();
    return harness_report();
  }
  int n = all_games(games);
  for (int i = 0; i < n; i++) {
    against_reach(&games[i]);
    /* the flank rule guarding a point, and the adjacent-enemy rule: the
    ** rules' own moves */
    const Rules *r = &games[i].r;
    int guarded = r->flank_plies && (!r->graph || r->graph->centre >= 0);
    table_moves(&games[i], !guarded && !r->adjacent_enemy);
  }
  test_achi_tiers(&games[0]);
  test_large_ranks();
  for (int i = 0; i < n; i++)
    if (strcmp(games[i].name, "kono askew") == 0) test_mirrors(&games[i], &games[3]);
  test_files(&games[0]);
  for (int i = 0; i < n; i++) /* misère with a row: both parities at 0 */
    if (strcmp(games[i].name, "misere tapatan") == 0) test_files(&games[i]);
  test_refusals(&games[0], &games[3]);
  test_stops(&games[5]);
  return harness_report();
}

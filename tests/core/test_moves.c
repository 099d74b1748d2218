/*
** test_moves.c — moves of every kind in the core: move text read and
** written on both boards (drops, captures, the pass, names that hold an
** x), and for every move the fields make in the states random play
** reaches under several rule sets: its text reads back to it, it leads
** to the state that rules_move_between reads it from, rules_led_to knows
** it, and board_unplay takes it back exactly.
*/
#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "harness.h"
#include "movetext.h"
#include "perft.h"
#include "rules.h"

/* Reads text on board g (NULL: the wheel of n arms) and checks that it
** reads and writes back as want (NULL: the text itself). */
static void round_trip(const Graph *g, int n, const char *text,
                       const char *want) {
  Move m;
  char err[BOARD_ERRMAX], buf[BOARD_MOVEMAX];
  if (!CHECK(movetext_parse(g, n, text, &m, err) == 0)) {
    fprintf(stderr, "  \"%s\": %s\n", text, err);
    return;
  }
  CHECK_STR(movetext_format(g, m, buf), want ? want : text);
}

/* Checks that text does not read as a move, with want in the message. */
static void refused(const Graph *g, int n, const char *text,
                    const char *want) {
  Move m = move_of(7, 7);
  char err[BOARD_ERRMAX] = "";
  CHECK_INT(movetext_parse(g, n, text, &m, err), -1);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  \"%s\": \"%s\", want \"%s\"\n", text, err, want);
  CHECK(m.from == 7 && m.to == 7 && m.taken == 0);
}

/* A board of points with the given names and no lines (move text needs
** only the names). */
static void named_board(Graph *g, const char *const *names) {
  char err[BOARD_ERRMAX];
  graph_init(g);
  for (int i = 0; names[i]; i++) graph_add_point(g, names[i], err);
}

static void test_text(void) {
  round_trip(NULL, 8, "4-c", NULL);
  round_trip(NULL, 8, "@3", NULL);
  round_trip(NULL, 8, "@c", NULL);
  round_trip(NULL, 8, "3x5", NULL);
  round_trip(NULL, 8, "3-5x4", NULL);
  round_trip(NULL, 8, "3x5x4", NULL);
  round_trip(NULL, 8, "3-5xc", NULL);
  round_trip(NULL, 8, "3xc", NULL);
  round_trip(NULL, 8, "cx4", NULL);
  round_trip(NULL, 8, "3-5x6x4", "3-5x4x6"); /* the taken in board order */
  round_trip(NULL, 8, "3X5", "3x5");
  round_trip(NULL, 8, "PASS", "pass");
  round_trip(NULL, 8, " pass ", "pass");
  round_trip(NULL, 8, "@3x4", NULL);
  Move m;
  char err[BOARD_ERRMAX];
  CHECK_INT(movetext_parse(NULL, 8, "3-5xc", &m, err), 0);
  CHECK(m.from == 2 && m.to == 4 && m.taken == 0 && m.centre == 1);
  CHECK_INT(movetext_parse(NULL, 8, "cx4", &m, err), 0);
  CHECK(m.from == BOARD_CENTRE && m.to == 3 && m.taken == 1u << 3 && !m.centre);
  CHECK_INT(movetext_parse(NULL, 8, "@c", &m, err), 0);
  CHECK(m.from == BOARD_HAND && m.to == BOARD_CENTRE && !move_takes(m));
  CHECK_INT(movetext_parse(NULL, 8, "pass", &m, err), 0);
  CHECK(move_equal(m, move_pass()));
  refused(NULL, 8, "4", "expected '-' after the from point");
  refused(NULL, 8, "@", "the to point is end of text");
  refused(NULL, 8, "@3-4", "unexpected '-'");
  refused(NULL, 8, "3-5x3", "3 is both the from point and taken");
  refused(NULL, 8, "3-5x4x4", "4 is taken twice");
  refused(NULL, 8, "3xcxc", "c is taken twice");
  refused(NULL, 8, "3-5x9", "there is no arm 9");
  refused(NULL, 8, "passx", "the from point is 'p'");
  /* a board whose names hold an x: every reading is tried */
  Graph g;
  static const char *const names[] = {"a1", "ax", "b1", "xb", "x", NULL};
  named_board(&g, names);
  round_trip(&g, 0, "a1-b1", NULL);
  round_trip(&g, 0, "ax-b1", NULL);
  round_trip(&g, 0, "a1xb1", NULL);
  round_trip(&g, 0, "axxb1", NULL); /* ax takes b1: the only reading */
  round_trip(&g, 0, "@xb", NULL);
  round_trip(&g, 0, "a1xxb", NULL); /* a1 takes xb: "x" then "b" is no name */
  refused(&g, 0, "a1-zz", "there is no point \"zz\"");
  refused(&g, 0, "a1xzz", "there is no point \"zz\"");
  static const char *const tricky[] = {"a", "b", "axb", NULL};
  named_board(&g, tricky);
  refused(&g, 0, "@axb", "reads as more than one move"); /* onto axb, or a x b */
  round_trip(&g, 0, "@a", NULL);
}

/* The next number of a xorshift64 sequence. */
static uint64_t next_random(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* Plays random games under r from start and checks every move of every
** state met: its text, its child, how the child tells it, its undoing.
** Returns the number of moves checked. */
static int check_moves(const Rules *r, const Position *start, int games,
                       uint64_t seed) {
  Move moves[RULES_MAX_MOVES], back;
  char text[BOARD_MOVEMAX], err[BOARD_ERRMAX], a[BOARD_POSMAX], b[BOARD_POSMAX];
  int checked = 0;
  for (int game = 0; game < games; game++) {
    Position p = *start;
    for (int ply = 0; ply < 80; ply++) {
      int outcome, k = rules_judge(r, &p, NULL, moves, &outcome);
      if (outcome || k == 0) break;
      for (int i = 0; i < k; i++) {
        Move m = moves[i];
        Position q = p;
        board_play(&q, m);
        rules_format_move(r, m, text);
        if (!CHECK(rules_parse_move(r, text, &back, err) == 0 &&
                   move_equal(back, m)))
          fprintf(stderr, "  %s in %s: %s\n", text, board_format(&p, a), err);
        Move between = rules_move_between(&p, &q);
        if (!CHECK(move_equal(between, m)))
          fprintf(stderr, "  %s in %s: read back as %s\n", text,
                  board_format(&p, a), rules_format_move(r, between, b));
        CHECK(rules_led_to(r, &q, m));
        CHECK(rules_explain(r, &p, NULL, m, err) == 1);
        Position u = q;
        board_unplay(&u, m);
        if (!CHECK(board_equal(&u, &p)))
          fprintf(stderr, "  %s: %s undone is %s\n", text, board_format(&p, a),
                  board_format(&u, b));
        checked++;
      }
      board_play(&p, moves[next_random(&seed) % (uint64_t)k]);
    }
  }
  return checked;
}

/* The leaves below p at depth by the moves the fields make, one by one
** (no bulk counting, no masks): the perft that perft's own paths are
** checked against. */
static uint64_t slow_perft(const Rules *r, const Position *p, int depth) {
  Move moves[RULES_MAX_MOVES];
  int outcome, k = rules_judge(r, p, NULL, moves, &outcome);
  if (outcome) return 0;
  if (depth == 1) return (uint64_t)k;
  uint64_t sum = 0;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    sum += slow_perft(r, &q, depth - 1);
  }
  return sum;
}

/* Checks perft of r from p against slow_perft at depths 1..most. */
static void same_perft(const Rules *r, const Position *p, int most) {
  char a[BOARD_POSMAX];
  for (int d = 1; d <= most; d++) {
    uint64_t want = slow_perft(r, p, d);
    if (!CHECK(perft(r, p, NULL, d, NULL) == (int64_t)want))
      fprintf(stderr, "  perft %d of %s: %lld, want %llu\n", d, board_format(p, a),
              (long long)perft(r, p, NULL, d, NULL), (unsigned long long)want);
  }
}

/* The wheel of 8 arms under the standard rules with fields f. */
static Rules wheel_rules(Fields f) {
  Rules r;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  r.fields = f;
  if (!CHECK(rules_check(&r, err) == 0)) fprintf(stderr, "  %s\n", err);
  return r;
}

/* A grid of w by h points, joined along rows and columns and, when
** diagonals, along both diagonals of every square; its straight lines
** from the grid's layout.  Seed 0 names the points a1.. by rows; another
** shuffles their order (the strides scattered). */
static void grid_in_order(Graph *g, int w, int h, int diagonals, uint64_t seed) {
  char err[BOARD_ERRMAX], name[GRAPH_NAMEMAX];
  double x[GRAPH_MAX_POINTS], y[GRAPH_MAX_POINTS];
  int at[GRAPH_MAX_POINTS], order[GRAPH_MAX_POINTS];
  graph_init(g);
  for (int k = 0; k < w * h; k++) order[k] = k;
  for (int k = w * h - 1; seed && k > 0; k--) {
    int j = (int)(next_random(&seed) % (uint64_t)(k + 1)), t = order[k];
    order[k] = order[j], order[j] = t;
  }
  for (int k = 0; k < w * h; k++) {
    int square = order[k];
    snprintf(name, sizeof name, "%c%d", 'a' + square % w, (square / w + 1) % 100);
    int i = graph_add_point(g, name, err);
    x[i] = square % w, y[i] = square / w;
    at[square] = i;
  }
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++) {
      int i = r * w + c;
      if (c + 1 < w) graph_add_line(g, at[i], at[i + 1], 0, err);
      if (r + 1 < h) graph_add_line(g, at[i], at[i + w], 0, err);
      if (diagonals && c + 1 < w && r + 1 < h) graph_add_line(g, at[i], at[i + w + 1], 0, err);
      if (diagonals && c > 0 && r + 1 < h) graph_add_line(g, at[i], at[i + w - 1], 0, err);
    }
  graph_finish(g, err);
  graph_set_beyond(g, x, y);
}

/* The grid of grid_in_order, its points a1.. by rows. */
static void grid(Graph *g, int w, int h, int diagonals) {
  grid_in_order(g, w, h, diagonals, 0);
}

/* Rules on board g with fields f and the pieces of start. */
static Rules graph_rules(const Graph *g, Fields f, const Position *start) {
  Rules r;
  char err[BOARD_ERRMAX];
  memset(&r, 0, sizeof r);
  r.arms = g->n;
  r.graph = g;
  r.repetition = 3;
  r.fields = f;
  for (int c = BLACK; c <= WHITE; c++)
    r.pieces[c] = __builtin_popcountll(start->arms[c]) + start->hand[c];
  if (!CHECK(rules_check(&r, err) == 0)) fprintf(stderr, "  %s\n", err);
  if (!CHECK(rules_check_position(&r, start, err) == 0))
    fprintf(stderr, "  %s\n", err);
  return r;
}

static Position parsed(const char *text) {
  Position p;
  char err[BOARD_ERRMAX];
  if (!CHECK(board_parse(&p, text, err) == 0)) fprintf(stderr, "  %s\n", err);
  return p;
}

static void test_every_move(void) {
  const JumpRule leap = {HOLDS_ENEMY, HOLDS_EMPTY, 0, 1, 1};
  const JumpRule take_over = {HOLDS_ENEMY, HOLDS_EMPTY, 1, 1, 2};
  const JumpRule kono = {HOLDS_OWN, HOLDS_ENEMY, 0, 1, 1};
  Fields placing = {0}, leaping = {0}, taking = {0}, replacing = {0};
  placing.drops = DROPS_FIRST;
  placing.no_drop_centre = 1;
  leaping.jumps = 1;
  leaping.jump[0] = leap;
  taking.jumps = 2;
  taking.jump[0] = take_over;
  taking.jump[1] = kono;
  taking.pass = PASS_BLOCKED;
  replacing.slide_takes = 1;
  replacing.drops = DROPS_ANY;
  Rules r = wheel_rules(placing);
  Position p = parsed("......../. 4/4 b");
  CHECK(check_moves(&r, &p, 20, 1) > 1000);
  same_perft(&r, &p, 10);
  p = parsed("b.b.w.../. 2/2 w"); /* drops onto the centre too */
  r.fields.no_drop_centre = 0;
  same_perft(&r, &p, 7);
  r = wheel_rules(leaping);
  board_start(&p, 8);
  CHECK(check_moves(&r, &p, 20, 2) > 300);
  same_perft(&r, &p, 14);
  r = wheel_rules(taking);
  CHECK(check_moves(&r, &p, 20, 3) > 300);
  same_perft(&r, &p, 10);
  r.fields.jumps = 1; /* one jump rule, that takes: the masks' path */
  r.fields.jump[0].max = 1;
  same_perft(&r, &p, 12);
  r = wheel_rules(replacing);
  p = parsed("bbb.ww../. 1/2 b");
  CHECK(check_moves(&r, &p, 20, 4) > 300);
  same_perft(&r, &p, 7);
  r.adjacent_enemy = 1; /* the adjacent-enemy rule beside the fields */
  r.fields.pass = PASS_BLOCKED;
  same_perft(&r, &p, 7);
  static Graph square, three;
  grid(&square, 4, 4, 0);
  Fields k = {0};
  k.jumps = 1;
  k.jump[0] = kono;
  p = parsed("bbbbbbbbwwwwwwww b");
  r = graph_rules(&square, k, &p);
  CHECK(check_moves(&r, &p, 20, 5) > 1000);
  same_perft(&r, &p, 6);
  CHECK_INT(square.strides, 4); /* right, left, up, down: jumps on masks */
  CHECK_INT(square.steps, 4);   /* and slides */
  /* the same board with its points scattered: more strides than kept,
  ** the jumps found point by point, and the same counts */
  static Graph scattered;
  grid_in_order(&scattered, 4, 4, 0, 12345);
  CHECK_INT(scattered.strides, -1);
  CHECK_INT(scattered.steps, -1);
  Position ps = p; /* the start, each point's piece by its name's row */
  ps.arms[BLACK] = ps.arms[WHITE] = 0;
  for (int i = 0; i < scattered.n; i++)
    ps.arms[scattered.name[i][1] <= '2' ? BLACK : WHITE] |= (uint64_t)1 << i;
  Rules rs = graph_rules(&scattered, k, &ps);
  same_perft(&rs, &ps, 6);
  CHECK(perft(&rs, &ps, NULL, 7, NULL) == perft(&r, &p, NULL, 7, NULL));
  grid(&three, 3, 3, 1);
  Fields achi = {0};
  achi.drops = DROPS_FIRST;
  char err[BOARD_ERRMAX];
  CHECK_INT(fields_set_row(&achi, &three, 0, 3, err), 0);
  CHECK_INT(achi.rows, 8); /* rows, columns, diagonals */
  p = parsed("......... 4/4 b");
  r = graph_rules(&three, achi, &p);
  CHECK(check_moves(&r, &p, 20, 6) > 500);
  same_perft(&r, &p, 9);
  Fields wild = {0}; /* everything at once, on the diagonal grid */
  wild.drops = DROPS_ANY;
  wild.slide_takes = 1;
  wild.jumps = 2;
  wild.jump[0] = take_over;
  wild.jump[1] = kono;
  wild.pass = PASS_ALWAYS;
  p = parsed("b.w.b.w.. 2/2 b");
  r = graph_rules(&three, wild, &p);
  CHECK(check_moves(&r, &p, 20, 7) > 500);
  same_perft(&r, &p, 5);
  Fields guarded = {0}; /* the flank rule on the middle point, with jumps */
  guarded.jumps = 1;
  guarded.jump[0] = leap;
  three.centre = 4;
  p = parsed("bwbw.wbwb b");
  r = graph_rules(&three, guarded, &p);
  r.flank_plies = RULES_ALWAYS;
  same_perft(&r, &p, 8);
  r.flank_plies = 3;
  same_perft(&r, &p, 8);
  three.centre = -1;
  wild.jumps = 1; /* one jump rule: the masks' path */
  wild.pass = PASS_BLOCKED;
  r = graph_rules(&three, wild, &p);
  same_perft(&r, &p, 6);
  CHECK_INT(three.strides, 8); /* the diagonals' four strides too */
  CHECK_INT(three.steps, 8);
  /* a jump over one enemy that takes it, by strides */
  const JumpRule hop = {HOLDS_ENEMY, HOLDS_EMPTY, 1, 1, 1};
  wild.jump[0] = hop;
  p = parsed("bwb.w.bw. 1/1 b");
  r = graph_rules(&three, wild, &p);
  same_perft(&r, &p, 7);
  static Graph five;
  grid(&five, 5, 5, 1);
  Fields alquerque = {0};
  alquerque.jumps = 1;
  alquerque.jump[0] = hop;
  p = parsed("bbbbbbbbbbbb.wwwwwwwwwwww b");
  r = graph_rules(&five, alquerque, &p);
  CHECK(check_moves(&r, &p, 20, 8) > 300);
  same_perft(&r, &p, 6);
  /* arrows: a jump goes the way its two lines go, or not at all */
  static Graph row;
  double x[6] = {0, 1, 2, 3, 4, 5}, y[6] = {0};
  graph_init(&row);
  for (int i = 0; i < 6; i++) {
    char name[3] = {'p', (char)('0' + i), 0};
    graph_add_point(&row, name, err);
  }
  graph_add_line(&row, 2, 1, 1, err); /* p2 > p1 < p0: p1 a dead end */
  graph_add_line(&row, 0, 1, 1, err);
  graph_add_line(&row, 2, 3, 0, err);
  graph_add_line(&row, 3, 4, 1, err); /* p3 > p4 > p5 */
  graph_add_line(&row, 4, 5, 1, err);
  graph_finish(&row, err);
  graph_set_beyond(&row, x, y);
  Fields leaping_row = {0};
  leaping_row.jumps = 1;
  leaping_row.jump[0] = leap;
  leaping_row.pass = PASS_BLOCKED;
  p = parsed(".wbbw. b");
  r = graph_rules(&row, leaping_row, &p);
  same_perft(&r, &p, 8);
  /* p3 over p4 onto p5; not p2 over p1 onto p0 (no way from p1 to p0) */
  CHECK_INT((int)perft(&r, &p, NULL, 1, NULL), 1);
}

int main(void) {
  test_text();
  test_every_move();
  return harness_report();
}

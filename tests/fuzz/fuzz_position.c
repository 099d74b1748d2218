/*
** fuzz_position.c — libFuzzer target: position and move text.  Whatever
** parses must format back to text that parses to the same position, and
** the rules must handle it (moves, their reasons, the outcome): the
** built-in variants a position of the wheel they take (its pieces theirs), a board of points drawn for
** it (a ring with chords) a position of a board of points.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movetext.h"
#include "graph.h"
#include "rules.h"

/* The input as a C string (a copy with a terminating zero). */
static char *text_of(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* Checks what the rules r say of p. */
static void exercise(const Rules *r, const Position *p) {
  Move moves[RULES_MAX_MOVES];
  char why[BOARD_ERRMAX], text[BOARD_MOVEMAX], err[BOARD_ERRMAX];
  int k = rules_moves(r, p, NULL, moves);
  if (k < 0 || k > RULES_MAX_MOVES || k != rules_param_count(r, p)) abort();
  for (int i = 0; i < k; i++) {
    Move back;
    /* every move is legal, yet none is played from the last ply */
    int last = p->ply >= BOARD_MAX_PLY;
    if (rules_explain(r, p, NULL, moves[i], why) != !last) abort();
    if (last && !strstr(why, "no move is played past it")) abort();
    if (rules_parse_move(r, rules_format_move(r, moves[i], text), &back, err))
      abort();
    if (back.from != moves[i].from || back.to != moves[i].to) abort();
  }
  rules_outcome(r, p, NULL, NULL);
}

/* A board of n points for a position of a board of points: a ring, each
** point also joined to the one two along (n > 4), point 0 its centre. */
static void ring_board(Graph *g, int n) {
  char err[BOARD_ERRMAX], name[8];
  graph_init(g);
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "p%d", i);
    if (graph_add_point(g, name, err) != i) abort();
  }
  for (int i = 0; i < n; i++) {
    if (graph_add_line(g, i, (i + 1) % n, 0, err)) abort();
    if (n > 4 && graph_add_line(g, i, (i + 2) % n, 0, err)) abort();
  }
  g->centre = 0;
  if (graph_finish(g, err)) abort();
}

/* Checks what the rules say of a parsed position. */
static void exercise_rules(const Position *p) {
  Rules r;
  char err[BOARD_ERRMAX];
  if (p->graph) {
    Graph g;
    ring_board(&g, p->n);
    memset(&r, 0, sizeof r);
    r.graph = &g;
    r.arms = p->n;
    r.pieces[BLACK] = __builtin_popcountll(p->arms[BLACK]) + p->hand[BLACK];
    r.pieces[WHITE] = __builtin_popcountll(p->arms[WHITE]) + p->hand[WHITE];
    for (int v = 0; v < 8; v++) { /* with drops when pieces are in hand */
      r.fields.drops = p->hand[BLACK] || p->hand[WHITE]
                           ? (v < 4 ? DROPS_FIRST : DROPS_ANY)
                           : DROPS_NEVER;
      if (v >= 4 && !r.fields.drops) break;
      r.flank_plies = v % 4 == 1 ? RULES_ALWAYS : 0;
      r.adjacent_enemy = v % 4 == 2;
      r.misere = v % 4 == 3;
      if (rules_check(&r, err) == 0) {
        if (rules_check_position(&r, p, err)) abort();
        exercise(&r, p);
      }
    }
    return;
  }
  for (int v = 0; rules_names[v]; v++) { /* the positions its rules take */
    if (rules_named(&r, rules_names[v], p->n, err)) abort();
    if (rules_check_position(&r, p, err) == 0) exercise(&r, p);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = text_of(data, size);
  char err[BOARD_ERRMAX], buf[BOARD_POSMAX], again[BOARD_POSMAX];
  Position p, q;
  if (board_parse(&p, s, err) == 0) {
    board_format(&p, buf);
    if (board_parse(&q, buf, err) != 0) abort();
    if (memcmp(&p, &q, sizeof p) != 0) abort();
    if (strcmp(board_format(&q, again), buf) != 0) abort();
    exercise_rules(&p);
  }
  for (int n = 4; n <= 64; n += 30) {
    Move m;
    char text[BOARD_MOVEMAX];
    if (movetext_parse(NULL, n, s, &m, err) == 0) {
      Move back;
      if (movetext_parse(NULL, n, movetext_format(NULL, m, text), &back, err) != 0)
        abort();
      if (back.from != m.from || back.to != m.to || back.centre != m.centre ||
          back.taken != m.taken)
        abort();
    }
  }
  free(s);
  return 0;
}

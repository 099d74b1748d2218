/*
** board.h — the Mū Tōrere board: a ring of N arms (kewai) around a centre
** (putahi), positions and moves, and their text notation.
**
** Points are numbered 0..N-1 for the arms (shown to users as 1..N,
** clockwise) and BOARD_CENTRE for the centre.  Each side is a bit mask over
** the arms plus, possibly, the centre; exactly one point is empty.
**
** A Position may also be one of a graph board (graph.h): then graph is 1,
** the masks are over its n points, there is no centre, and any number of
** points may be empty.  Its notation needs no names ("bb.ww b"), so the
** functions here read and write both; the moves of a graph board are
** written in its point names (graph.h).
*/
#ifndef MUTORERE_BOARD_H
#define MUTORERE_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define BOARD_MIN_ARMS 4
#define BOARD_MAX_ARMS 64
#define BOARD_CENTRE 64 /* the point number of the centre */
#define BOARD_MAX_PLY 999999999u
#define BOARD_ERRMAX 160 /* size of every error buffer */
#define BOARD_POSMAX 136 /* size of a buffer that holds any position text */
#define BOARD_MOVEMAX 24 /* size of a buffer that holds any move text */

enum { BLACK = 0, WHITE = 1, NOBODY = 2 };

typedef struct Position {
  uint64_t arms[2]; /* arms[BLACK], arms[WHITE]: bit i is arm i (user i+1) */
  uint32_t ply;     /* plies played so far (opening rules read it) */
  uint8_t centre;   /* BLACK, WHITE or NOBODY */
  uint8_t side;     /* BLACK or WHITE: the side to move */
  uint8_t n;        /* number of arms (of a graph board: of points) */
  uint8_t graph;    /* 1: a position of a graph board; else 0 */
} Position;

typedef struct Move {
  uint8_t from, to; /* point numbers */
} Move;

/* The mask of all n arms (1 <= n <= 64). */
static inline uint64_t board_full(int n) {
  return ~(uint64_t)0 >> (64 - n);
}

/* The mask of the empty arm, or 0 when the centre is the empty point. */
static inline uint64_t board_empty_arms(const Position *p) {
  return ~(p->arms[BLACK] | p->arms[WHITE]) & board_full(p->n);
}

/* The empty point: an arm number or BOARD_CENTRE (of a graph position:
** its first empty point). */
int board_empty_point(const Position *p);

/* The colour on a point: BLACK, WHITE or NOBODY. */
int board_at(const Position *p, int point);

/* Sets the start position on n arms: black on arms 1..n/2, white on the
** rest, the centre empty, black to move, ply 0. */
void board_start(Position *p, int n);

/* Checks the invariants of a position (arm count, piece counts, one empty
** point, side, ply; of a graph position: 2..64 points, at least one of
** them empty).  Returns 0, or -1 with a message in err. */
int board_check(const Position *p, char *err);

/* Parses position text "<arms>/<centre> <side>[ <ply>]", or of a graph
** board "<points> <side>[ <ply>]".  Returns 0, or -1 with a message in err
** (p is then left unchanged). */
int board_parse(Position *p, const char *text, char *err);

/* Writes the position text (ply left out when 0) into buf, which must hold
** BOARD_POSMAX bytes.  Returns buf. */
char *board_format(const Position *p, char *buf);

/* Parses move text "<from>-<to>" (arm numbers 1..n or "c") for a board of
** n arms.  Syntax and range only; legality is the rules' business.
** Returns 0, or -1 with a message in err. */
int board_parse_move(Move *m, int n, const char *text, char *err);

/* Writes the move text into buf (BOARD_MOVEMAX bytes).  Returns buf. */
char *board_format_move(Move m, char *buf);

/* The end of reading move text, on any board: what is left after the to
** point, rest, must be spaces alone, and from and to must differ.  Sets m.
** Returns 0, or -1 with a message in err. */
int board_move_of(Move *m, int from, int to, const char *rest, char *err);

/* Writes a point as users see it ("4" or "c") into buf (4 bytes). */
char *board_format_point(int point, char *buf);

/* Moves the piece on m.from to m.to (no legality check: m.to must be the
** empty point) and passes the turn: ply + 1, the other side to move. */
static inline void board_play(Position *p, Move m) {
  int colour;
  if (m.from == BOARD_CENTRE) {
    colour = p->centre;
    p->centre = NOBODY;
  } else {
    uint64_t bit = (uint64_t)1 << m.from;
    colour = (p->arms[WHITE] & bit) ? WHITE : BLACK;
    p->arms[colour] &= ~bit;
  }
  if (m.to == BOARD_CENTRE)
    p->centre = (uint8_t)colour;
  else
    p->arms[colour] |= (uint64_t)1 << m.to;
  p->side ^= 1;
  p->ply++;
}

/* Takes back move m, which led to p (no check: the piece of the side that
** moved stands on m.to and m.from is empty): the piece goes back, the turn
** passes back, ply - 1. */
static inline void board_unplay(Position *p, Move m) {
  board_play(p, (Move){m.to, m.from});
  p->ply -= 2;
}

/* 1 when the two positions have the same pieces and side to move (the ply
** is not compared: this is the sameness that repetition counts). */
int board_same(const Position *a, const Position *b);

/* A 64-bit hash of pieces and side to move (not ply). */
uint64_t board_hash(const Position *p);

#endif

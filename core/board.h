/*
** board.h — the Mū Tōrere board: a ring of N arms (kewai) around a centre
** (putahi), positions and moves, and their text notation.
**
** Points are numbered 0..N-1 for the arms (shown to users as 1..N,
** clockwise) and BOARD_CENTRE for the centre.  Each side is a bit mask over
** the arms plus, possibly, the centre, and a hand: pieces off the board
** that drops may bring on.  In the game of the sources each side has N/2
** pieces on the board and exactly one point is empty; variants with drops
** or captures have fewer on the board (never more than N/2 a side, board
** and hand together) and several empty points.
**
** A move takes a piece from a point (or from the hand: a drop) to an
** empty point, and may take enemy pieces off the board (a capture); a pass
** moves nothing.  Its text: "4-c" (a slide or a jump), "@3" (a drop),
** "3x5" (a capture of the piece on the to point), "3-5x4" (the pieces of
** the points after each x are taken), "pass".
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
#define BOARD_MOVEMAX 800 /* size of a buffer that holds any move text */
#define BOARD_HAND 0xFE  /* the from point of a drop: the mover's hand */
#define BOARD_PASS 0xFF  /* the from and to points of a pass */

enum { BLACK = 0, WHITE = 1, NOBODY = 2 };

typedef struct Position {
  uint64_t arms[2]; /* arms[BLACK], arms[WHITE]: bit i is arm i (user i+1) */
  uint32_t ply;     /* plies played so far (opening rules read it) */
  uint8_t centre;   /* BLACK, WHITE or NOBODY */
  uint8_t side;     /* BLACK or WHITE: the side to move */
  uint8_t n;        /* number of arms (of a graph board: of points) */
  uint8_t graph;    /* 1: a position of a graph board; else 0 */
  uint8_t hand[2];  /* hand[BLACK], hand[WHITE]: pieces off the board */
  uint8_t spare[6]; /* zero (the struct has no padding to compare) */
} Position;

typedef struct Move {
  uint8_t from, to;  /* point numbers (a drop: from BOARD_HAND; a pass:
                     ** both BOARD_PASS) */
  uint8_t centre;    /* 1 when the move takes the piece on the centre */
  uint8_t spare[5];  /* zero */
  uint64_t taken;    /* the arms (points) whose pieces the move takes */
} Move;

/* The move of a piece from point from to point to, taking nothing. */
static inline Move move_of(int from, int to) {
  return (Move){(uint8_t)from, (uint8_t)to, 0, {0}, 0};
}

/* 1 when the two moves are the same move. */
static inline int move_equal(Move a, Move b) {
  return a.from == b.from && a.to == b.to && a.taken == b.taken &&
         a.centre == b.centre;
}

/* 1 when m takes pieces. */
static inline int move_takes(Move m) {
  return m.taken != 0 || m.centre;
}

/* The pass. */
static inline Move move_pass(void) {
  return (Move){BOARD_PASS, BOARD_PASS, 0, {0}, 0};
}

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

/* Writes a printable rendering of character c into buf (16 bytes), for
** messages: 'x', \x07, or "end of text".  Returns buf. */
const char *board_show_char(int c, char *buf);

/* The bytes board_shown may write for most bytes of text. */
#define BOARD_SHOWN_SIZE(most) (4 * (most) + 4)

/* Writes text s (k bytes) into out (size bytes) as a message shows what was
** typed: at most most bytes of it, cut before a character that would not
** fit whole, "..." where it was cut; a zero byte as \0, a line break as
** \n, a carriage return as \r, another control byte as \ddd.  Returns
** out. */
char *board_shown(char *out, size_t size, const char *s, size_t k,
                  size_t most);

/* Writes the position text (ply left out when 0) into buf, which must hold
** BOARD_POSMAX bytes.  Returns buf. */
char *board_format(const Position *p, char *buf);

/* Plays m for the side to move (no legality check: m.to must be empty or
** taken by m): the piece leaves m.from (or the hand), the pieces m takes
** leave the board, the piece goes to m.to; then the turn passes: ply + 1,
** the other side to move. */
static inline void board_play(Position *p, Move m) {
  int side = p->side;
  if (m.from < BOARD_HAND) {
    if (m.from == BOARD_CENTRE)
      p->centre = NOBODY;
    else
      p->arms[side] &= ~((uint64_t)1 << m.from);
  } else if (m.from == BOARD_HAND)
    p->hand[side]--;
  if (m.taken | m.centre) {
    p->arms[side ^ 1] &= ~m.taken;
    if (m.centre) p->centre = NOBODY;
  }
  if (m.to < BOARD_HAND) {
    if (m.to == BOARD_CENTRE)
      p->centre = (uint8_t)side;
    else
      p->arms[side] |= (uint64_t)1 << m.to;
  }
  p->side ^= 1;
  p->ply++;
}

/* Takes back move m, which led to p (no check: the piece of the side that
** moved stands on m.to, m.from is empty): the piece goes back (to the hand
** for a drop), the pieces it took come back, the turn passes back, ply - 1. */
static inline void board_unplay(Position *p, Move m) {
  int side = p->side ^ 1;
  if (m.to < BOARD_HAND) {
    if (m.to == BOARD_CENTRE)
      p->centre = NOBODY;
    else
      p->arms[side] &= ~((uint64_t)1 << m.to);
  }
  if (m.taken | m.centre) {
    p->arms[side ^ 1] |= m.taken;
    if (m.centre) p->centre = (uint8_t)(side ^ 1);
  }
  if (m.from < BOARD_HAND) {
    if (m.from == BOARD_CENTRE)
      p->centre = (uint8_t)side;
    else
      p->arms[side] |= (uint64_t)1 << m.from;
  } else if (m.from == BOARD_HAND)
    p->hand[side]++;
  p->side = (uint8_t)side;
  p->ply--;
}

/* 1 when the two positions have the same pieces (on the board and in
** hand) and side to move (the ply is not compared: this is the sameness
** that repetition counts). */
int board_same(const Position *a, const Position *b);

/* 1 when the two positions are the same, ply included. */
int board_equal(const Position *a, const Position *b);

/* A 64-bit hash of pieces (hands included) and side to move (not ply). */
uint64_t board_hash(const Position *p);

/* The pieces of a colour on the board (arms and centre). */
int board_count(const Position *p, int colour);

#endif

/*
** movetext.h — move text on every board, read and written by one grammar:
**
**   4-c      a slide or a jump: the piece on the from point goes to the to
**            point;
**   3x5      a capture by replacement: it goes onto the enemy piece on 5,
**            which is taken;
**   3-5x4    a move that takes the pieces after each x (3x5x4 takes 5's
**            piece too);
**   @3       a drop: a piece from the mover's hand onto point 3 (@3x4: a
**            drop that takes 4's piece);
**   pass     the mover moves nothing.
**
** The wheel's points are arm numbers 1..N and c; a graph board's are its
** point names (graph.h), which may hold an x: a text that reads as points
** more than one way is refused as ambiguous.  The text names every piece
** a move takes, so that a move is one text and a text one move; legality
** is the rules' business.
*/
#ifndef MUTORERE_MOVETEXT_H
#define MUTORERE_MOVETEXT_H

#include "board.h"
#include "graph.h"

/* Reads move text on the board g (NULL: the wheel of n arms).  Returns 0,
** or -1 with a message in err (m is then left unchanged). */
int movetext_parse(const Graph *g, int n, const char *text, Move *m,
                   char *err);

/* Writes the text of m on the board g (NULL: the wheel) into buf
** (BOARD_MOVEMAX bytes).  Returns buf. */
char *movetext_format(const Graph *g, Move m, char *buf);

/* 1 when the text of m names no taken piece but its to point's: a text
** like "3-5" or "3x5" that a player may type for a capture whose other
** pieces the position says (rules_settle). */
static inline int movetext_short(Move m) {
  uint64_t to = m.to < 64 ? (uint64_t)1 << m.to : 0;
  return (m.taken & ~to) == 0 && (!m.centre || m.to == BOARD_CENTRE);
}

#endif

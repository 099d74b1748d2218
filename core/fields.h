/*
** fields.h — the moves a variant declares as fields, beside the slides of
** the game of the sources: drops from the hand, slides that take the enemy
** piece they land on, jumps along straight lines (over pieces or empty
** points, taking what they pass over or land on), the pass; and the rule
** that n of a side's pieces in a row win.  Each runs in C on either
** board: the wheel (its straight lines run along the ring) and a graph
** (its straight lines come from its layout: graph_set_beyond).
**
** The order of the moves made: drops (to points ascending, the centre
** last), slides (the parameters' order), slides that take, then each jump
** rule's jumps (from points ascending, then by direction), then the pass.
*/
#ifndef MUTORERE_FIELDS_H
#define MUTORERE_FIELDS_H

#include <stdint.h>

#include "board.h"
#include "graph.h"

#define FIELDS_MAX_JUMPS 4 /* jump rules a variant may declare */
#define FIELDS_MAX_ROWS 64 /* rows of n points a board may have */
#define FIELDS_MAX_MOVES 256 /* the most moves (RULES_MAX_MOVES) */

/* What a point holds, seen from the mover: bits of JumpRule.over, .onto. */
enum { HOLDS_EMPTY = 1, HOLDS_OWN = 2, HOLDS_ENEMY = 4 };

/* When drops are made (Fields.drops). */
enum {
  DROPS_NEVER = 0,
  DROPS_FIRST = 1, /* while the mover holds pieces, it drops and only drops */
  DROPS_ANY = 2    /* the mover may drop or move */
};

/* When the mover may pass (Fields.pass). */
enum {
  PASS_NEVER = 0,
  PASS_BLOCKED = 1, /* when the fields give it no other move */
  PASS_ALWAYS = 2
};

/* A kind of jump: a piece goes along a straight line over min..max points,
** each holding what over allows, to the point beyond, which holds what
** onto allows (an enemy piece there is taken); take: the enemy pieces it
** passes over are taken too. */
typedef struct JumpRule {
  uint8_t over, onto; /* HOLDS_* bits (onto: never HOLDS_OWN) */
  uint8_t take;       /* 1: the enemy pieces jumped over are taken */
  uint8_t min, max;   /* 1 <= min <= max <= 63 */
} JumpRule;

/* The fields of a variant: all zero is the game of the sources (slides
** alone, no hand, no pass, no row). */
typedef struct Fields {
  uint8_t drops;       /* DROPS_* */
  uint8_t no_slides;   /* 1: pieces do not slide along lines */
  uint8_t slide_takes; /* 1: a slide may go onto an enemy piece, taking it */
  uint8_t pass;        /* PASS_* */
  uint8_t jumps;       /* jump rules in jump[] */
  uint8_t row;         /* n >= 2: a move that makes n in a row wins; 0 */
  uint8_t rows;        /* the rows of row points of the board, in row_mask */
  uint8_t no_drop_centre; /* 1: no drop goes to the wheel's centre */
  uint64_t no_drop;       /* the points (arms) no drop goes to */
  JumpRule jump[FIELDS_MAX_JUMPS];
  uint64_t row_mask[FIELDS_MAX_ROWS];
} Fields;

/* 1 when the fields make only the slides of the game of the sources. */
static inline int fields_plain(const Fields *f) {
  return !(f->drops | f->no_slides | f->slide_takes | f->pass | f->jumps |
           f->row);
}

/* 1 when the side to move passes, after k other moves the fields make:
** as the pass rule says, and only with a piece on the board or in hand
** (pieces): a side with no piece left loses, pass or no pass. */
static inline int fields_pass(const Fields *f, int k, int pieces) {
  return pieces &&
         (f->pass == PASS_ALWAYS || (f->pass == PASS_BLOCKED && k == 0));
}

/* 1 when a move the fields make may take pieces. */
int fields_capture(const Fields *f);

/* The moves the fields make in p, a position of the board g (NULL: the
** wheel), into out (RULES_MAX_MOVES entries: fields_check bounds them);
** flank: the flank rule binds now; adjacent: the adjacent-enemy rule holds
** (both for slides alone).  Returns how many. */
int fields_moves(const Fields *f, const Graph *g, const Position *p, int flank,
                 int adjacent, Move *out);

/* The number of moves fields_moves makes in p, counted without making
** them where it can (a perft's last ply). */
int fields_count(const Fields *f, const Graph *g, const Position *p, int flank,
                 int adjacent);

/* 1 when colour has f->row pieces in a row in p. */
static inline int fields_row_of(const Fields *f, const Position *p,
                                int colour) {
  uint64_t own = p->arms[colour];
  for (int i = 0; i < f->rows; i++)
    if ((own & f->row_mask[i]) == f->row_mask[i]) return 1;
  return 0;
}

/* Sets f->row to n and finds the rows of n points of the board g (NULL:
** the wheel of arms arms, its rows along the ring).  Returns 0, or -1 with
** a message in err (no row, or too many). */
int fields_set_row(Fields *f, const Graph *g, int arms, int n, char *err);

/* Checks the fields on the board g (NULL: the wheel of arms arms) for a
** side of at most pieces pieces: their ranges, and that no position can
** have more than max_moves moves.  Returns 0, or -1 with a message. */
int fields_check(const Fields *f, const Graph *g, int arms, int pieces,
                 int max_moves, char *err);

/* 1 when the two sets of fields are the same. */
int fields_equal(const Fields *a, const Fields *b);

#endif

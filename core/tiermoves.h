/*
** tiermoves.h — the moves of a tiered table's states (tiers.h) as its
** solver and its census need them: where a state's moves lead (how many
** stay in its tier, and the states of other tiers the others reach), and
** which states of its tier have a legal move to it.
**
** The moves are the rules' own (rules_param_moves, rules_row_outcome),
** with the position rebuilt from a state's points.  Where the rules allow
** it, the moves are made here instead, from the board's lines and straight
** lines read once (the fast way, tiermoves_fast): the slides, the slides
** that take, the jumps, the drops, the pass and the row, with the
** adjacent-enemy rule off, the flank rule binding no point, and no two of
** a point's moves able to land on the same point (else the rules make each
** move once: fields.c).  The tests compare both ways on every state.
**
** Backwards, a state's predecessors in its tier are the states before a
** slide, a jump that took nothing or a pass of the side that moved last.
** A slide back is legal without asking when the side slides at all in
** the tier and no rule binds its slides (no adjacent-enemy rule, the flank
** rule not guarding its point): the state before needs only to go on,
** which the solver knows.  Every other move back is asked of the rules
** (tiermoves_legal).
*/
#ifndef MUTORERE_TIERMOVES_H
#define MUTORERE_TIERMOVES_H

#include <stdint.h>

#include "rules.h"
#include "tiers.h"

#define TIERMOVES_MAX_BEFORE 1025 /* predecessors of a state, at most */
#define TIERMOVES_PASS 0xff       /* the points of a pass back */

/* The moves of a table's rules, read once. */
typedef struct TierMoves {
  const Rules *r;
  const TierTable *t;
  uint64_t full;            /* the board's points */
  uint64_t next[64];        /* where a piece on each point slides */
  uint64_t prev[64];        /* whence a piece slides to each point */
  uint64_t jump_from[64];   /* whence a jump may land on each point */
  uint64_t drop_to;         /* the points drops go to */
  int guard;   /* the point the flank rule guards (it binds), or -1 */
  int fast;    /* 1: the moves are made here (see above) */
  int trusted; /* 1: no rule binds the slides but the guard's */
  int span;    /* the points of a straight line kept: the longest jump + 1 */
  uint16_t line_first[65];  /* the lines from point u: line_first[u] .. */
  uint8_t *line_length;     /* the points of each line */
  uint8_t *line_point;      /* span points a line, from the first beyond */
  uint64_t *line_bits;      /* the first two points of each line, as bits
                            ** (0 for a line of one point) */
} TierMoves;

/* The bytes tiermoves_init takes for the rules r and their table t. */
uint64_t tiermoves_bytes(const Rules *r, const TierTable *t);

/* Reads the moves of r for its table t into m.  Returns 0, or -1 without
** memory. */
int tiermoves_init(TierMoves *m, const Rules *r, const TierTable *t);

void tiermoves_free(TierMoves *m);

/* The most moves a state may have that stay in its tier (a bound): its
** side's slides and jumps that take nothing, from the points that have
** the most, one a piece, and the pass. */
int tiermoves_staying(const TierMoves *m);

/* What an expansion gives. */
enum {
  TIERMOVES_COUNT = 0, /* the codes of the states of other tiers its moves
                       ** lead to; its moves that stay, counted */
  TIERMOVES_STATES,    /* the numbers of every state its moves lead to */
  TIERMOVES_BOTH       /* and their codes */
};

/* Where the moves of a state lead. */
typedef struct TierExpansion {
  int end;      /* 1: the state ends the game, with code (for its mover) */
  uint8_t code;
  int stay;     /* its moves that stay in its tier */
  int leave;    /* the others */
  /* the states its moves lead to, those of other tiers first (then, but
  ** for TIERMOVES_COUNT, those of its own): their indexes in the codes
  ** (not for TIERMOVES_STATES) and their numbers among the table's
  ** (Tier.first; not for TIERMOVES_COUNT) */
  uint64_t child[RULES_MAX_MOVES];
  uint64_t state[RULES_MAX_MOVES];
} TierExpansion;

/* Expands the state of tier k with the black and white points and the
** side to move into *x, giving what (TIERMOVES_*).  Returns 0, or -1 when
** a move leads to no tier below k (tiers_below: a table that does not fit
** its rules). */
int tiermoves_expand(const TierMoves *m, int k, uint64_t black,
                     uint64_t white, int side, int what, TierExpansion *x);

/* As tiermoves_expand, by the rules' own moves (never the fast way). */
int tiermoves_expand_rules(const TierMoves *m, int k, uint64_t black,
                           uint64_t white, int side, int what,
                           TierExpansion *x);

/* A state with a move to a given state of its tier. */
typedef struct TierBefore {
  uint64_t index; /* its number within the tier */
  uint8_t from;   /* the move: the point it left (TIERMOVES_PASS: a pass) */
  uint8_t to;     /* and the point it went to */
  uint8_t ask;    /* 1: whether the rules allow the move is to be asked */
} TierBefore;

/* The states of tier k from which a move may lead to the state with the
** black and white points and side to move, into out
** (TIERMOVES_MAX_BEFORE).  Those without ask have the move legal when
** they do not end the game.  Returns how many. */
int tiermoves_before(const TierMoves *m, int k, uint64_t black,
                     uint64_t white, int side, TierBefore *out);

/* 1 when the move of b is legal in its state (which leads to the state
** with the black and white points and side to move). */
int tiermoves_legal(const TierMoves *m, int k, uint64_t black, uint64_t white,
                    int side, const TierBefore *b);

#endif

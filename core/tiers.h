/*
** tiers.h — the table of rules whose moves drop, take or pass (rules
** without hooks, rules_general): every state of the variant, in tiers of
** states with the same pieces, one byte a state.
**
** A tier holds the states whose sides have the same pieces on the board
** and in hand: b black and w white on the board, hb and hw in hand.  A
** move that changes those counts (a drop, a capture) leads to another
** tier, on an earlier stage: the stage of a tier is its pieces in all,
** then its pieces in hand, so that a capture (fewer pieces) and a drop
** (fewer in hand) both go down; the other moves (slides, jumps that take
** nothing, the pass) stay in their tier.  The solver (tiersolver.h)
** solves each tier by retrograde analysis on its own, once the tiers
** below it (tiers_below) are solved.
**
** The states of a tier are numbered as rank.h numbers a graph board's:
**   (side * C(N, b) + rank of the black set) * C(N - b, w)
**     + rank of the white set among the points black leaves free,
** over the board's N points: a graph's points, or the wheel's arms and
** then its centre (point number arms); the tiers' states follow one
** another in stage order (the census numbers them so).  Every position
** the rules allow is in a tier (each side's pieces at most the variant's,
** none in hand without drops, all of them without captures), so that
** every lookup finds its state.  Rules that read the ply or remember moves
** are not kept here (tiers_applies).
**
** The colour swap: the rules here say nothing of colours (a side's moves,
** the row that wins and the blocked side's loss are the same for black
** and white), so a state and its image with the colours swapped (black's
** pieces and hand white's, and the other side to move) are worth the
** same, move for move.  When both sides have as many pieces (and may
** hold as many), the tier of b black and w white pieces (hb, hw in hand)
** has the tier of w black and b white (hw, hb) as its image, and only
** one of the two is kept: the one whose black has the more pieces on the
** board (then in hand); a tier that is its own image is kept whole.  The
** codes of the tiers kept lie one after the other in Solution.codes,
** coded as the plain table's (solver.h).
*/
#ifndef MUTORERE_TIERS_H
#define MUTORERE_TIERS_H

#include <stdint.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "rules.h"
#include "solver.h"

#define TIERS_NONE UINT64_MAX /* no state of the table */
#define TIERS_MAX_TIER 0xfffffff0u /* the most states of one tier */
#define TIERS_MAX_COUNT 4096       /* the most tiers of a table */
#define TIERS_DIRECT_POINTS 20 /* boards up to this size rank by tables */

/* The states with the same pieces. */
typedef struct Tier {
  uint8_t on[2];   /* the pieces on the board: black's, white's */
  uint8_t hand[2]; /* and in hand */
  int stage;       /* its moves lead only to tiers of earlier stages */
  int kept;        /* 1: its codes are kept; else its image's stand for them */
  int image;       /* the tier of its colour swap (itself without one) */
  uint64_t first;  /* the number of its first state among the table's */
  uint64_t code;   /* a kept tier: the index of its first code */
  uint64_t sets;   /* C(N, b): the black sets */
  uint64_t rest;   /* C(N - b, w): the white sets beside a black set */
  uint64_t half;   /* its states with one side to move: sets * rest */
  uint64_t size;   /* its states: 2 * half */
} Tier;

/* The tiers of a solution (Solution.tiers), and how positions are ranked
** in them. */
typedef struct TierTable {
  int points;   /* N */
  int arms;     /* the wheel's arms (its centre is point arms); 0: a graph */
  int most[2];  /* the pieces a side has, on the board and in hand */
  int held[2];  /* the most it may hold in hand */
  int capture;  /* 1: moves may take pieces (a side may have fewer) */
  int swap;     /* 1: a tier's image stands for it (the colour swap) */
  int threads;  /* the threads its solve and census run on */
  int count;    /* tiers */
  int stages;   /* their stages: 0 .. stages - 1 */
  Tier *tier;   /* in stage order */
  int *at;      /* the tier of each count of pieces (tiers_find), or -1 */
  uint64_t states;  /* in every tier */
  uint64_t codes;   /* in the tiers kept: the codes */
  uint64_t largest; /* in the largest tier kept */
  /* On boards of up to TIERS_DIRECT_POINTS points: the rank of every set
  ** of points, and the sets of k points in rank order from set_first[k];
  ** else byte[(chunk * (kmost + 1) + k) * 256 + x]: the rank's share of
  ** the bits x of a set's chunk-th byte, k of its bits lying below it. */
  uint32_t *rank_of;
  uint32_t *set_of;
  uint32_t set_first[TIERS_DIRECT_POINTS + 2];
  uint64_t *byte;
  int kmost; /* the most pieces a side has on the board */
  uint64_t binomial[65][65];
} TierTable;

/* 1 when r is solved in tiers: rules with moves beside the slides, no
** hooks, and neither the ply nor past moves read. */
int tiers_applies(const Rules *r);

/* Sets s to the table of r without its codes: its tiers, their order,
** and methods as its methods (tiersolver.h gives them).  Returns
** SOLVER_OK, or SOLVER_ERROR with a message in err (rules it does not
** apply to, a tier or a table past the most one may hold, no memory); s
** needs solver_free after SOLVER_OK. */
int tiers_plan(Solution *s, const Rules *r, const SolutionMethods *methods,
               char *err);

/* The code of a value and distance, as the plain table codes them
** (solver.h): 0 a draw, else 1 + 2 * distance, + 1 for a loss. */
static inline uint8_t tiers_code(int value, int distance) {
  if (value == VALUE_DRAW) return 0;
  return (uint8_t)(1 + 2 * distance + (value == VALUE_LOSS));
}

/* The points of a set.  Without the popcnt instruction GCC makes
** __builtin_popcountll a call to libgcc's function (a tenth of a
** census's time in the portable build): here it is counted inline. */
static inline int tiers_count(uint64_t set) {
#if defined(__POPCNT__) || !defined(__x86_64__)
  return __builtin_popcountll(set);
#else
  set -= (set >> 1) & 0x5555555555555555u;
  set = (set & 0x3333333333333333u) + ((set >> 2) & 0x3333333333333333u);
  set = (set + (set >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (int)((set * 0x0101010101010101u) >> 56);
#endif
}

/* The tier of the counts (pieces on the board, in hand), or -1. */
static inline int tiers_find(const TierTable *t, int b, int w, int hb,
                             int hw) {
  if (b < 0 || w < 0 || hb < 0 || hw < 0 || b > t->most[BLACK] ||
      w > t->most[WHITE] || hb > t->held[BLACK] || hw > t->held[WHITE])
    return -1;
  int i = ((b * (t->most[WHITE] + 1) + w) * (t->held[BLACK] + 1) + hb) *
              (t->held[WHITE] + 1) +
          hw;
  return t->at[i];
}

/* 1 when tier c lies below tier k (c is not k): neither side has more
** pieces in hand or in all there, so that a move of a state of k that
** changes the counts (a drop, a capture) may lead there, and only there. */
static inline int tiers_below(const TierTable *t, int c, int k) {
  const Tier *x = &t->tier[c], *y = &t->tier[k];
  return c != k && x->hand[BLACK] <= y->hand[BLACK] &&
         x->hand[WHITE] <= y->hand[WHITE] &&
         x->on[BLACK] + x->hand[BLACK] <= y->on[BLACK] + y->hand[BLACK] &&
         x->on[WHITE] + x->hand[WHITE] <= y->on[WHITE] + y->hand[WHITE];
}

/* How a table ranks sets of points, by value: what loops that store
** bytes keep in registers (a byte stored may be any object's, so the
** table's fields would be read again after each one). */
typedef struct TierRanks {
  const uint32_t *rank_of; /* NULL: by bytes */
  const uint64_t *byte;
  uint64_t full; /* the board's points */
  int kmost;
} TierRanks;

static inline TierRanks tiers_ranks(const TierTable *t) {
  TierRanks r = {t->rank_of, t->byte, ~(uint64_t)0 >> (64 - t->points),
                 t->kmost};
  return r;
}

/* The rank of a set of k points (k <= kmost) among the sets of as many,
** in rank.h's order. */
static inline uint64_t tiers_ranks_set(TierRanks t, uint64_t set) {
  if (t.rank_of) return t.rank_of[set];
  uint64_t r = 0;
  int k = 0;
  for (int chunk = 0; set; chunk++, set >>= 8) {
    unsigned x = (unsigned)(set & 0xff);
    r += t.byte[((size_t)chunk * (size_t)(t.kmost + 1) + (size_t)k) * 256 + x];
    k += __builtin_popcount(x);
  }
  return r;
}

#ifndef __BMI2__
/* Without BMI2's pext and pdep: for each byte m of a mask and byte x,
** x's bits at m's packed down, and x's low bits spread onto m's; the bits
** set in m (tables built at load, tiers.c). */
extern uint8_t tiers_pack8[256][256], tiers_spread8[256][256];
extern uint8_t tiers_bits8[256];
#endif

/* The bits of x at the set bits of mask, packed down. */
static inline uint64_t tiers_pack(uint64_t x, uint64_t mask) {
#ifdef __BMI2__
  return _pext_u64(x, mask);
#else /* a byte at a time, by tables */
  uint64_t out = 0;
  for (int at = 0; mask; mask >>= 8, x >>= 8) {
    unsigned m = (unsigned)(mask & 0xff);
    out |= (uint64_t)tiers_pack8[m][x & 0xff] << at;
    at += tiers_bits8[m];
  }
  return out;
#endif
}

/* The bits of x spread onto the set bits of mask (tiers_pack's inverse). */
static inline uint64_t tiers_spread(uint64_t x, uint64_t mask) {
#ifdef __BMI2__
  return _pdep_u64(x, mask);
#else /* a byte at a time, by tables */
  uint64_t out = 0;
  for (int at = 0; mask; mask >>= 8, at += 8) {
    unsigned m = (unsigned)(mask & 0xff);
    out |= (uint64_t)tiers_spread8[m][x & 0xff] << at;
    x >>= tiers_bits8[m];
  }
  return out;
#endif
}

/* The number of the state of a tier of sets black sets and rest white
** sets beside each with the black and white point sets and the side to
** move, within its tier. */
static inline uint64_t tiers_ranks_state(TierRanks t, uint64_t sets,
                                         uint64_t rest, uint64_t black,
                                         uint64_t white, int side) {
  return ((uint64_t)side * sets + tiers_ranks_set(t, black)) * rest +
         tiers_ranks_set(t, tiers_pack(white, t.full & ~black));
}

/* The number of the state of tier k with the black and white point sets
** and the side to move, within its tier. */
static inline uint64_t tiers_rank(const TierTable *t, const Tier *k,
                                  uint64_t black, uint64_t white, int side) {
  return tiers_ranks_state(tiers_ranks(t), k->sets, k->rest, black, white,
                           side);
}

/* The state numbered i within tier k: its black and white points and its
** side to move. */
void tiers_unrank(const TierTable *t, const Tier *k, uint64_t i,
                  uint64_t *black, uint64_t *white, int *side);

/* The index in Solution.codes of the state of tier k with the black and
** white points and the side to move: its own, or its image's. */
static inline uint64_t tiers_code_of(const TierTable *t, int k,
                                     uint64_t black, uint64_t white,
                                     int side) {
  const Tier *tier = &t->tier[k];
  if (tier->kept) return tier->code + tiers_rank(t, tier, black, white, side);
  const Tier *image = &t->tier[tier->image];
  return image->code + tiers_rank(t, image, white, black, side ^ 1);
}

/* The point sets of p: black's and white's (the wheel's centre is point
** arms). */
void tiers_masks(const TierTable *t, const Position *p, uint64_t *black,
                 uint64_t *white);

/* The position of the point sets, side to move and hands (ply 0). */
void tiers_position(const TierTable *t, uint64_t black, uint64_t white,
                    int side, const uint8_t hand[2], Position *p);

/* The index in Solution.codes of the code of state p (any ply), or
** TIERS_NONE when no tier holds its pieces. */
uint64_t tiers_index(const TierTable *t, const Position *p);

/* The methods of a tiered solution s (SolutionMethods): the value of p
** (its ply and h not read; VALUE_UNKNOWN when no tier holds its pieces),
** the release of its tiers, the number of its states. */
int tiers_lookup(const Solution *s, const Position *p, const History *h,
                 int *distance);
void tiers_release(Solution *s);
uint64_t tiers_states(const Solution *s);

#endif

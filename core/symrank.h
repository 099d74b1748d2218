/*
** symrank.h — a dense index of positions up to the board's symmetries, for
** the symmetric solver (symsolver.c).
**
** A position is seen from the side to move: its pieces are "own", the
** others "enemy" (so a position and its colour swap share an index).  A
** layer of n arms has 2 * C(n, n/2) entries:
**   - [0, C): the empty point is an arm.  The board is turned so that the
**     empty arm is arm 0 (so every rotation shares the index); the n
**     occupied points are bit i-1 for arm i (1..n-1) and bit n-1 for the
**     centre; the entry is the rank of the own set.
**   - [C, 2C): the centre is empty; the entry is C + the rank of the own
**     arms (no rotation).
** A rank is the place of an n-bit mask with n/2 bits among all such masks
** in increasing order (the combinatorial number system), so entries can be
** walked in order by stepping from one mask to the next.
*/
#ifndef MUTORERE_SYMRANK_H
#define MUTORERE_SYMRANK_H

#include <stdint.h>

#include "board.h"
#include "rules.h"

#define SYMRANK_MAX_ARMS 44 /* 2·C(44, 22) entries, 2.1 TB while solving:
                            ** a cluster's (doc/solving-large.md) */

typedef struct SymRank {
  int n, k;        /* arms, and pieces of each side (n/2) */
  int chunks;      /* bytes of an n-bit mask */
  uint64_t combos; /* C(n, n/2): the entries of each half of a layer */
  uint64_t full;   /* the mask of the n arms */
  uint64_t *part;  /* part[(chunk * (k+1) + below) * 256 + byte]: what one
                   ** byte of a mask adds to its rank, with below bits set
                   ** in the bytes under it */
  uint64_t choose[SYMRANK_MAX_ARMS][SYMRANK_MAX_ARMS / 2 + 1]; /* C(i, j) */
  int prime_turns[8], nprime_turns; /* n/p for each prime p dividing n */
  int divisors[SYMRANK_MAX_ARMS], ndivisors; /* of n, below n, ascending */
} SymRank;

/* Builds the tables for n arms (even, 4..SYMRANK_MAX_ARMS).  Returns 0, or
** -1 when out of memory. */
int symrank_init(SymRank *t, int n);

void symrank_free(SymRank *t);

/* The number of entries of a layer. */
static inline uint64_t symrank_layer(const SymRank *t) {
  return 2 * t->combos;
}

/* The rank of an n-bit mask with n/2 bits set. */
static inline uint64_t symrank_combo(const SymRank *t, uint64_t mask) {
  uint64_t r = 0;
  int below = 0;
  const uint64_t *part = t->part;
  for (int c = 0; c < t->chunks; c++, part += (t->k + 1) * 256) {
    unsigned byte = (unsigned)(mask >> (8 * c)) & 0xff;
    r += part[below * 256 + byte];
    below += __builtin_popcount(byte);
  }
  return r;
}

/* The mask of a rank (0 <= r < combos). */
uint64_t symrank_mask(const SymRank *t, uint64_t r);

/* The next mask with as many bits set, in increasing order (Gosper). */
static inline uint64_t symrank_next(uint64_t m) {
  uint64_t low = m & -m, up = m + low;
  return up | (((m ^ up) >> 2) / low);
}

/* Rotations of the n arms by s places (0 <= s < n): bit i to i-s, and bit i
** to i+s. */
static inline uint64_t symrank_rot_down(uint64_t x, int s, int n) {
  if (s == 0) return x;
  return ((x >> s) | (x << (n - s))) & board_full(n);
}
static inline uint64_t symrank_rot_up(uint64_t x, int s, int n) {
  if (s == 0) return x;
  return ((x << s) | (x >> (n - s))) & board_full(n);
}

/* The rotation period of an arm mask: the least s > 0 with the mask
** turned by s the same (a divisor of n). */
static inline int symrank_period(const SymRank *t, uint64_t mask) {
  int repeats = 0; /* a mask with a period repeats under some n/prime */
  for (int i = 0; i < t->nprime_turns && !repeats; i++)
    repeats = symrank_rot_down(mask, t->prime_turns[i], t->n) == mask;
  if (!repeats) return t->n;
  for (int i = 0; i < t->ndivisors; i++)
    if (symrank_rot_down(mask, t->divisors[i], t->n) == mask)
      return t->divisors[i];
  return t->n;
}

/* The least of the rotations of an arm mask (as a number; mask neither
** empty nor full), and in *turn the least s with mask ==
** symrank_rot_up(least, s, n).  The least rotation puts a longest run of
** empty arms at the top, so only the starts of those runs are tried. */
static inline uint64_t symrank_least(uint64_t mask, int n, int *turn) {
  uint64_t runs = ~mask & board_full(n), starts = runs;
  int length = 0; /* starts: where runs of length + 1 empty arms begin */
  while (runs) {
    starts = runs;
    runs &= symrank_rot_down(runs, 1, n);
    length++;
  }
  uint64_t least = ~(uint64_t)0;
  *turn = n;
  for (; starts; starts &= starts - 1) {
    int s = (__builtin_ctzll(starts) + length) % n;
    uint64_t x = symrank_rot_down(mask, s, n);
    if (x < least || (x == least && s < *turn)) least = x, *turn = s;
  }
  return least;
}

/* The entry of the board seen from the side to move: own and enemy arms,
** the centre (CENTRE_*). */
static inline uint64_t symrank_index(const SymRank *t, uint64_t own,
                                     uint64_t enemy, int centre) {
  if (centre == CENTRE_EMPTY) return t->combos + symrank_combo(t, own);
  int e = __builtin_ctzll(~(own | enemy));
  uint64_t turned = symrank_rot_down(own, e, t->n) >> 1;
  return symrank_combo(t, turned | (uint64_t)(centre == CENTRE_OWN)
                                       << (t->n - 1));
}

/* The centre (CENTRE_*) seen from the other side. */
static inline int symrank_flip_centre(int centre) {
  return centre == CENTRE_EMPTY ? CENTRE_EMPTY
         : centre == CENTRE_OWN ? CENTRE_ENEMY
                                : CENTRE_OWN;
}

/* The entry of the child of a board (own and enemy arms, the centre, seen
** from the side to move) by move m (legal), seen from the child's side to
** move. */
static inline uint64_t symrank_child(const SymRank *t, uint64_t own,
                                     uint64_t enemy, int centre, Move m) {
  uint64_t moved = own;
  int after = centre;
  if (m.from == BOARD_CENTRE)
    after = CENTRE_EMPTY;
  else
    moved &= ~((uint64_t)1 << m.from);
  if (m.to == BOARD_CENTRE)
    after = CENTRE_OWN;
  else
    moved |= (uint64_t)1 << m.to;
  return symrank_index(t, enemy, moved, symrank_flip_centre(after));
}

/* The board of an entry's mask (the mask of its rank within its half):
** own and enemy arms and the centre, seen from the side to move. */
static inline void symrank_board(const SymRank *t, int centre_empty,
                                 uint64_t mask, uint64_t *own, uint64_t *enemy,
                                 int *centre) {
  if (centre_empty) {
    *own = mask;
    *enemy = t->full & ~mask;
    *centre = CENTRE_EMPTY;
    return;
  }
  uint64_t arms = (mask << 1) & t->full;
  *own = arms;
  *enemy = t->full & ~arms & ~(uint64_t)1;
  *centre = mask >> (t->n - 1) & 1 ? CENTRE_OWN : CENTRE_ENEMY;
}

/* The entry of p within its layer. */
uint64_t symrank_position(const SymRank *t, const Position *p);

/* The position of an entry: black to move, with the given ply. */
void symrank_unrank(const SymRank *t, uint64_t index, uint32_t ply,
                    Position *p);

/* The position of a board seen from the side to move: black to move. */
void symrank_to_position(int n, uint64_t own, uint64_t enemy, int centre,
                         uint32_t ply, Position *p);

#endif

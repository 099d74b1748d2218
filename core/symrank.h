/*
** symrank.h — a dense index of positions up to the board's symmetries, for
** the symmetric solver (symsolver.c).
**
** A position is seen from the side to move: its pieces are "own", the
** others "enemy" (so a position and its colour swap share an index).  A
** layer of n arms has C(n, n/2) + cycles entries, each class of positions
** under rotation and colour swap (a true class) once:
**   - [0, C): the empty point is an arm.  The board is turned so that the
**     empty arm is arm 0 (so every rotation shares the index); the n
**     occupied points are bit i-1 for arm i (1..n-1) and bit n-1 for the
**     centre; the entry is the rank of the own set.  A rank is the place
**     of an n-bit mask with n/2 bits among all such masks in increasing
**     order (the combinatorial number system, a byte at a time: constant
**     time), so entries can be walked in order by stepping from one mask
**     to the next.
**   - [C, C + cycles): the centre is empty, and the own arms are turned to
**     their least rotation (as a number: symrank_least), which puts a
**     longest run of L empty arms at the top: bits n-L..n-1 clear, bits 0
**     and n-L-1 set, and between them m = n-L-2 bits with n/2-2 set and
**     no run of more than L clear.  The entry is C + the first slot of L +
**     the rank of those m bits among all such, in increasing order, found
**     a bit at a time from a table of counts (cycle_count: the strings of
**     a length, with so many bits set, whose runs of clear bits stay
**     within L, below an open run of r).  A rank or its inverse takes
**     O(n) steps of a table read, and is only asked for boards whose
**     centre is empty, about 1/n of all.  The slots of L hold every string
**     that is a least rotation with that longest run, and also those that
**     are not (a run of L clear bits elsewhere, before this one in
**     rotation order): such a slot holds no class (symrank_cycle_mask
**     says 0), and neither do the slots that pad a layer to a multiple of
**     SYMRANK_ALIGN.  At 30 arms the slots are 1.392 times the necklaces,
**     and the layer 1.0126 times the true classes (1.0119 at 32, 1.0091
**     at 44; scripts/tools/solve-plan.lua prints them).
*/
#ifndef MUTORERE_SYMRANK_H
#define MUTORERE_SYMRANK_H

#include <stdint.h>

#include "board.h"
#include "rules.h"

#define SYMRANK_MAX_ARMS 44 /* 2.17e12 entries, 1.09 TB while solving:
                            ** a cluster's (doc/solving-large.md) */
#define SYMRANK_ALIGN 320 /* a layer's entries are a multiple: of 16 (a
                          ** word of working codes), 5 (a byte of values)
                          ** and 64 (the slices of mutorere-mpi) */

typedef struct SymRank {
  int n, k;        /* arms, and pieces of each side (n/2) */
  int chunks;      /* bytes of an n-bit mask */
  uint64_t combos; /* C(n, n/2): the entries with an empty arm */
  uint64_t cycles; /* the slots of the entries with the centre empty */
  uint64_t full;   /* the mask of the n arms */
  uint64_t *part;  /* part[(chunk * (k+1) + below) * 256 + byte]: what one
                   ** byte of a mask adds to its rank, with below bits set
                   ** in the bytes under it */
  uint64_t choose[SYMRANK_MAX_ARMS][SYMRANK_MAX_ARMS / 2 + 1]; /* C(i, j) */
  int prime_turns[8], nprime_turns; /* n/p for each prime p dividing n */
  int divisors[SYMRANK_MAX_ARMS], ndivisors; /* of n, below n, ascending */
  uint64_t cycle_first[SYMRANK_MAX_ARMS / 2 + 2]; /* the first slot of the
                   ** least rotations whose longest clear run is L (1..k),
                   ** and past the last */
  uint64_t *cycle_count; /* [((L * (n + 1) + m) * (k + 1) + j) * (k + 1) + r]
                   ** strings of m bits, j of them set, no clear run past
                   ** L, below an open clear run of r (r <= L) */
} SymRank;

/* Builds the tables for n arms (even, 4..SYMRANK_MAX_ARMS).  Returns 0, or
** -1 when out of memory. */
int symrank_init(SymRank *t, int n);

void symrank_free(SymRank *t);

/* The number of entries of a layer. */
static inline uint64_t symrank_layer(const SymRank *t) {
  return t->combos + t->cycles;
}

/* The number of entries of a layer of n arms (even, 4..BOARD_MAX_ARMS:
** boards past SYMRANK_MAX_ARMS counted too, for messages), else 0. */
uint64_t symrank_entries(int n);

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

/* The slot of a least rotation (symrank_least) among the cycles. */
uint64_t symrank_cycle_least(const SymRank *t, uint64_t least);

/* The slot among the cycles of the own arms of a board whose centre is
** empty (any rotation). */
static inline uint64_t symrank_cycle(const SymRank *t, uint64_t own) {
  int turn;
  return symrank_cycle_least(t, symrank_least(own, t->n, &turn));
}

/* The least rotation held by a slot of the cycles (0 <= r < cycles), or 0
** when the slot holds no class. */
uint64_t symrank_cycle_mask(const SymRank *t, uint64_t r);

/* The mask of entry i (its rank's, or its slot's least rotation; 0 when
** the slot holds no class). */
static inline uint64_t symrank_entry_mask(const SymRank *t, uint64_t i) {
  return i < t->combos ? symrank_mask(t, i)
                       : symrank_cycle_mask(t, i - t->combos);
}

/* Entries walked in order: the last entry asked and its mask. */
typedef struct SymCursor {
  uint64_t index, mask;
} SymCursor;

#define SYMCURSOR_START {UINT64_MAX, 0}

/* The mask of entry i as symrank_entry_mask, stepping on from the last
** entry c was asked for when both have an empty arm and i is near. */
static inline uint64_t symrank_cursor(const SymRank *t, SymCursor *c,
                                      uint64_t i) {
  if (c->index <= i && i < t->combos && i - c->index <= 32)
    for (uint64_t j = c->index; j < i; j++) c->mask = symrank_next(c->mask);
  else
    c->mask = symrank_entry_mask(t, i);
  c->index = i;
  return c->mask;
}

/* The entry of the board seen from the side to move: own and enemy arms,
** the centre (CENTRE_*). */
static inline uint64_t symrank_index(const SymRank *t, uint64_t own,
                                     uint64_t enemy, int centre) {
  if (centre == CENTRE_EMPTY) return t->combos + symrank_cycle(t, own);
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

/* The board of an entry's mask (symrank_entry_mask, not 0): own and
** enemy arms and the centre, seen from the side to move. */
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

/* The position of an entry: black to move, with the given ply.  Returns
** 0, or -1 when the entry's slot holds no class (p is then unset). */
int symrank_unrank(const SymRank *t, uint64_t index, uint32_t ply,
                   Position *p);

/* The position of a board seen from the side to move: black to move. */
void symrank_to_position(int n, uint64_t own, uint64_t enemy, int centre,
                         uint32_t ply, Position *p);

#endif

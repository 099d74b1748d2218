/*
** tiermirror.h — a mirror of a tiered table's board: a map of the points
** onto themselves, its own inverse and not the identity, under which the
** rules' moves are the same (tiermoves.h).
**
** The map must keep: every line and arrow (a piece on a may slide to b
** exactly when a piece on its image may slide to b's), every straight line
** the jumps run along, with its points in order, the points drops go to,
** the rows that win, and the point the flank rule guards.  Then a state
** and its mirror image (each piece on the image of its point, the same
** side to move and hands) have the same moves, mirrored, the same end,
** and so the same value and distance: the solver (tiersolver.h) solves
** one of each pair.  The mirrors are searched point by point (lines kept
** as points are placed), within a bound on the steps; of those found, the
** one that leaves the fewest points in place is kept.
*/
#ifndef MUTORERE_TIERMIRROR_H
#define MUTORERE_TIERMIRROR_H

#include <stdint.h>

#include "tiermoves.h"

#define TIERMIRROR_STEPS 200000 /* the most steps a search takes */

/* A mirror of a board. */
typedef struct TierMirror {
  int found;            /* 1: the board has one (the rest is set) */
  int fixed;            /* the points it leaves in place */
  uint8_t point[64];    /* the image of each point */
  uint64_t byte[8][256]; /* the images of the points of each byte of a set */
} TierMirror;

/* Looks for a mirror of the board and rules of m into *x under which
** the points of black and those of white are their own images (0 and 0:
** any mirror).  Returns x->found. */
int tiermirror_find(TierMirror *x, const TierMoves *m, uint64_t black,
                    uint64_t white);

/* The image of a set of points. */
static inline uint64_t tiermirror_set(const TierMirror *x, uint64_t set) {
  uint64_t image = 0;
  for (int chunk = 0; set; chunk++, set >>= 8)
    image |= x->byte[chunk][set & 0xff];
  return image;
}

#endif

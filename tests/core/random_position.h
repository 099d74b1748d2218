/*
** random_position.h — random legal positions for tests, from a seed.
*/
#ifndef MUTORERE_RANDOM_POSITION_H
#define MUTORERE_RANDOM_POSITION_H

#include <string.h>

#include "board.h"

/* The next number of a xorshift64* sequence. */
static inline uint64_t test_random(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545f4914f6cdd1du;
}

/* A uniformly shuffled position on n arms (the empty point anywhere), side
** to move at random, ply 0. */
static inline Position random_position(int n, uint64_t *seed) {
  int colour[BOARD_MAX_ARMS + 1], k = n + 1;
  for (int i = 0; i < k; i++)
    colour[i] = i < n / 2 ? BLACK : i < n ? WHITE : NOBODY;
  for (int i = k - 1; i > 0; i--) {
    int j = (int)(test_random(seed) % (uint64_t)(i + 1)), t = colour[i];
    colour[i] = colour[j];
    colour[j] = t;
  }
  Position p;
  memset(&p, 0, sizeof p);
  p.n = (uint8_t)n;
  for (int i = 0; i < n; i++)
    if (colour[i] != NOBODY) p.arms[colour[i]] |= (uint64_t)1 << i;
  p.centre = (uint8_t)colour[n];
  p.side = (uint8_t)(test_random(seed) & 1);
  return p;
}

#endif

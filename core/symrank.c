/*
** symrank.c — ranking positions up to the board's symmetries.
*/
#include "symrank.h"

#include <string.h>

#include "memory.h"
#include "rank.h"
#include "hot.h"

int symrank_init(SymRank *t, int n) {
  memset(t, 0, sizeof *t);
  t->n = n;
  t->k = n / 2;
  t->chunks = (n + 7) / 8;
  t->combos = rank_binomial(n, n / 2);
  t->full = board_full(n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= t->k; j++) t->choose[i][j] = rank_binomial(i, j);
  for (int d = 1; d < n; d++)
    if (n % d == 0) {
      t->divisors[t->ndivisors++] = d;
      int prime = n / d > 1;
      for (int f = 2; f * f <= n / d && prime; f++) prime = (n / d) % f != 0;
      if (prime) t->prime_turns[t->nprime_turns++] = d;
    }
  size_t entries = (size_t)t->chunks * (size_t)(t->k + 1) * 256;
  t->part = memory_realloc(NULL, entries * sizeof *t->part);
  if (!t->part) return -1;
  for (int c = 0; c < t->chunks; c++)
    for (int below = 0; below <= t->k; below++)
      for (int byte = 0; byte < 256; byte++) {
        uint64_t sum = 0;
        int i = below;
        for (int bit = 0; bit < 8; bit++)
          if (byte >> bit & 1) sum += rank_binomial(8 * c + bit, ++i);
        t->part[((size_t)c * (size_t)(t->k + 1) + (size_t)below) * 256 +
                (size_t)byte] = sum;
      }
  return 0;
}

void symrank_free(SymRank *t) {
  memory_realloc(t->part, 0);
  t->part = NULL;
}

HOT_CLONES uint64_t symrank_mask(const SymRank *t, uint64_t r) {
  uint64_t mask = 0;
  int pos = t->n - 1;
  for (int k = t->k; k >= 1; k--) { /* greedy, highest element first */
    uint64_t b;
    while ((b = t->choose[pos][k]) > r) pos--;
    r -= b;
    mask |= (uint64_t)1 << pos;
    pos--;
  }
  return mask;
}

uint64_t symrank_position(const SymRank *t, const Position *p) {
  return symrank_index(t, p->arms[p->side], p->arms[p->side ^ 1],
                       rules_centre_of(p));
}

void symrank_to_position(int n, uint64_t own, uint64_t enemy, int centre,
                         uint32_t ply, Position *p) {
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  p->ply = ply;
  p->side = BLACK;
  p->arms[BLACK] = own;
  p->arms[WHITE] = enemy;
  p->centre = centre == CENTRE_OWN     ? BLACK
              : centre == CENTRE_ENEMY ? WHITE
                                       : NOBODY;
}

void symrank_unrank(const SymRank *t, uint64_t index, uint32_t ply,
                    Position *p) {
  int centre_empty = index >= t->combos, centre;
  uint64_t own, enemy;
  symrank_board(t, centre_empty, symrank_mask(t, index % t->combos), &own,
                &enemy, &centre);
  symrank_to_position(t->n, own, enemy, centre, ply, p);
}

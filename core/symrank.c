/*
** symrank.c — ranking positions up to the board's symmetries.
*/
#include "symrank.h"

#include <string.h>

#include "memory.h"
#include "rank.h"
#include "hot.h"

/* The place of F(L, m, j, r) in t->cycle_count (symrank.h). */
static size_t cycle_at(const SymRank *t, int L, int m, int j, int r) {
  size_t k1 = (size_t)t->k + 1;
  return (((size_t)L * (size_t)(t->n + 1) + (size_t)m) * k1 + (size_t)j) * k1 +
         (size_t)r;
}

#define MAX_K (BOARD_MAX_ARMS / 2) /* symrank_entries counts up to there */

/* The number of strings of m bits, j of them set, without a run of more
** than L clear bits (a short table, row by row: no allocation). */
static uint64_t bounded_strings(int m, int j, int L) {
  uint64_t row[MAX_K + 1][MAX_K + 1], next[MAX_K + 1][MAX_K + 1];
  for (int b = 0; b <= j; b++) /* row[b][r]: of length 0 */
    for (int r = 0; r <= L; r++) row[b][r] = b == 0;
  for (int len = 1; len <= m; len++) {
    for (int b = 0; b <= j; b++)
      for (int r = 0; r <= L; r++)
        next[b][r] = (b > 0 ? row[b - 1][0] : 0) + (r < L ? row[b][r + 1] : 0);
    memcpy(row, next, sizeof row);
  }
  return row[j][0];
}

/* The first slot of the least rotations of each longest run L (1..k+1,
** the last past them) at n arms, and the slots in all: the layer padded
** to SYMRANK_ALIGN, less the C(n, n/2) entries with an empty arm. */
static uint64_t cycle_slots(int n, uint64_t combos, uint64_t *first) {
  int k = n / 2;
  first[1] = 0;
  for (int L = 1; L <= k; L++)
    first[L + 1] = first[L] + bounded_strings(n - L - 2, k - 2, L);
  uint64_t layer = combos + first[k + 1];
  layer = (layer + SYMRANK_ALIGN - 1) / SYMRANK_ALIGN * SYMRANK_ALIGN;
  return layer - combos;
}

/* Fills the counts of the cycles and the first slot of each longest run.
** Returns 0, or -1 without memory. */
static int cycle_init(SymRank *t) {
  int n = t->n, k = t->k;
  size_t size = cycle_at(t, k + 1, 0, 0, 0);
  t->cycle_count = memory_realloc(NULL, size * sizeof *t->cycle_count);
  if (!t->cycle_count) return -1;
  memset(t->cycle_count, 0, size * sizeof *t->cycle_count);
  uint64_t *f = t->cycle_count;
  for (int L = 1; L <= k; L++)
    for (int m = 0; m <= n; m++)
      for (int j = 0; j <= k; j++)
        for (int r = 0; r <= L; r++)
          f[cycle_at(t, L, m, j, r)] =
              m == 0 ? j == 0
                     : (j > 0 ? f[cycle_at(t, L, m - 1, j - 1, 0)] : 0) +
                           (r < L ? f[cycle_at(t, L, m - 1, j, r + 1)] : 0);
  t->cycles = cycle_slots(n, t->combos, t->cycle_first);
  return 0;
}

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
  if (cycle_init(t) == 0) return 0;
  symrank_free(t);
  return -1;
}

void symrank_free(SymRank *t) {
  memory_realloc(t->part, 0);
  memory_realloc(t->cycle_count, 0);
  t->part = NULL;
  t->cycle_count = NULL;
}

uint64_t symrank_entries(int n) {
  uint64_t first[MAX_K + 2];
  if (n < 4 || n > BOARD_MAX_ARMS || n % 2) return 0;
  uint64_t combos = rank_binomial(n, n / 2);
  return combos + cycle_slots(n, combos, first);
}

uint64_t symrank_cycle_least(const SymRank *t, uint64_t least) {
  int top = 63 - __builtin_clzll(least), L = t->n - 1 - top, j = t->k - 2;
  int run = 0; /* the clear bits above, since the last set one */
  uint64_t r = t->cycle_first[L];
  for (int bit = top - 1; bit >= 1; bit--) {
    if (!(least >> bit & 1)) {
      run++;
      continue;
    }
    if (run < L) r += t->cycle_count[cycle_at(t, L, bit - 1, j, run + 1)];
    j--;
    run = 0;
  }
  return r;
}

uint64_t symrank_cycle_mask(const SymRank *t, uint64_t r) {
  int L = 1, n = t->n, j = t->k - 2, run = 0, turn;
  if (r >= t->cycle_first[t->k + 1]) return 0; /* padding */
  while (t->cycle_first[L + 1] <= r) L++;
  r -= t->cycle_first[L];
  uint64_t x = (uint64_t)1 << (n - L - 1) | 1;
  for (int bit = n - L - 2; bit >= 1; bit--) {
    uint64_t clear = run < L ? t->cycle_count[cycle_at(t, L, bit - 1, j, run + 1)]
                             : 0;
    if (r < clear) {
      run++;
      continue;
    }
    r -= clear;
    x |= (uint64_t)1 << bit;
    j--;
    run = 0;
  }
  return symrank_least(x, n, &turn) == x ? x : 0;
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

int symrank_unrank(const SymRank *t, uint64_t index, uint32_t ply,
                   Position *p) {
  int centre;
  uint64_t own, enemy, mask = symrank_entry_mask(t, index);
  if (!mask) return -1;
  symrank_board(t, index >= t->combos, mask, &own, &enemy, &centre);
  symrank_to_position(t->n, own, enemy, centre, ply, p);
  return 0;
}

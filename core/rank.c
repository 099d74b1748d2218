/*
** rank.c — combinatorial ranking of positions.
*/
#include "rank.h"

#include <string.h>

static uint64_t binomial[65][65]; /* Pascal's triangle, built on first use */
static int binomial_ready;

static void build_binomials(void) {
  for (int n = 0; n <= 64; n++) {
    binomial[n][0] = 1;
    for (int k = 1; k <= n; k++)
      binomial[n][k] =
          binomial[n - 1][k - 1] + (k < n ? binomial[n - 1][k] : 0);
  }
  binomial_ready = 1;
}

uint64_t rank_binomial(int n, int k) {
  if (!binomial_ready) build_binomials();
  if (k < 0 || n < 0 || k > n || n > 64) return 0;
  return binomial[n][k];
}

/* The black set as a mask over the n+1 points (bit n: the centre). */
static uint64_t black_points(const Position *p) {
  return p->arms[BLACK] | (uint64_t)(p->centre == BLACK) << p->n;
}

uint64_t rank_position(const Position *p) {
  if (!binomial_ready) build_binomials();
  int n = p->n, e = board_empty_point(p);
  if (e == BOARD_CENTRE) e = n;
  uint64_t black = black_points(p);
  uint64_t low = black & (((uint64_t)1 << e) - 1);
  uint64_t packed = low | (black >> (e + 1)) << e; /* the empty point out */
  uint64_t r = 0;
  int k = 1;
  for (uint64_t m = packed; m; m &= m - 1, k++)
    r += binomial[__builtin_ctzll(m)][k];
  return ((uint64_t)p->side * (uint64_t)(n + 1) + (uint64_t)e) *
             binomial[n][n / 2] +
         r;
}

void rank_unrank(uint64_t r, int n, uint32_t ply, Position *p) {
  if (!binomial_ready) build_binomials();
  uint64_t sets = binomial[n][n / 2];
  uint64_t combo = r % sets, rest = r / sets;
  int e = (int)(rest % (uint64_t)(n + 1)),
      side = (int)(rest / (uint64_t)(n + 1));
  uint64_t packed = 0;
  int pos = n - 1;
  for (int k = n / 2; k >= 1; k--) { /* greedy, highest element first */
    while (binomial[pos][k] > combo) pos--;
    combo -= binomial[pos][k];
    packed |= (uint64_t)1 << pos;
    pos--;
  }
  uint64_t low = packed & (((uint64_t)1 << e) - 1);
  uint64_t black = low | (packed >> e) << (e + 1); /* the empty point back */
  uint64_t all = ((uint64_t)1 << n << 1) - 1;      /* the n+1 points */
  uint64_t white = all & ~black & ~((uint64_t)1 << e);
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  p->side = (uint8_t)side;
  p->ply = ply;
  uint64_t arms = board_full(n);
  p->arms[BLACK] = black & arms;
  p->arms[WHITE] = white & arms;
  p->centre = black >> n & 1 ? BLACK : white >> n & 1 ? WHITE : NOBODY;
}

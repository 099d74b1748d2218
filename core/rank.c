/*
** rank.c — combinatorial ranking of positions.
*/
#include "rank.h"

#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

/* Pascal's triangle, built when the program or library loads, before
** any thread can read it (it was built on first use: two threads raced). */
static uint64_t binomial[65][65];

__attribute__((constructor)) static void build_binomials(void) {
  for (int n = 0; n <= 64; n++) {
    binomial[n][0] = 1;
    for (int k = 1; k <= n; k++)
      binomial[n][k] =
          binomial[n - 1][k - 1] + (k < n ? binomial[n - 1][k] : 0);
  }
}

uint64_t rank_binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n || n > 64) return 0;
  return binomial[n][k];
}

/* The black set as a mask over the n+1 points (bit n: the centre). */
static uint64_t black_points(const Position *p) {
  return p->arms[BLACK] | (uint64_t)(p->centre == BLACK) << p->n;
}

uint64_t rank_position(const Position *p) {
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

/* --- graph boards --- */

uint64_t rank_graph_layer(int n, int b, int w) {
  uint64_t sets = rank_binomial(n, b), rest = rank_binomial(n - b, w);
  if (!sets || !rest || sets > ((uint64_t)1 << 62) / rest) return 0;
  return 2 * sets * rest;
}

/* The bits of x at the set bits of mask, packed down (x within mask). */
static uint64_t pack_bits(uint64_t x, uint64_t mask) {
#ifdef __BMI2__
  return _pext_u64(x, mask);
#else
  uint64_t out = 0;
  for (int k = 0; mask; mask &= mask - 1, k++)
    if (x & mask & -mask) out |= (uint64_t)1 << k;
  return out;
#endif
}

/* The bits of x spread onto the set bits of mask, the inverse of
** pack_bits. */
static uint64_t spread_bits(uint64_t x, uint64_t mask) {
#ifdef __BMI2__
  return _pdep_u64(x, mask);
#else
  uint64_t out = 0;
  for (int k = 0; mask; mask &= mask - 1, k++)
    if (x >> k & 1) out |= mask & -mask;
  return out;
#endif
}

/* The rank of a set (a mask) among the sets of its size (colex order). */
static uint64_t set_rank(uint64_t set) {
  uint64_t r = 0;
  int k = 1;
  for (; set; set &= set - 1, k++) r += binomial[__builtin_ctzll(set)][k];
  return r;
}

/* The set of k elements below n of rank r. */
static uint64_t set_unrank(uint64_t r, int n, int k) {
  uint64_t set = 0;
  int pos = n - 1;
  for (; k >= 1; k--) { /* greedy, highest element first */
    while (binomial[pos][k] > r) pos--;
    r -= binomial[pos][k];
    set |= (uint64_t)1 << pos;
    pos--;
  }
  return set;
}

uint64_t rank_graph_position(const Position *p, int b, int w) {
  int n = p->n;
  uint64_t black = p->arms[BLACK];
  uint64_t free = board_full(n) & ~black;
  uint64_t white = pack_bits(p->arms[WHITE], free);
  return ((uint64_t)p->side * binomial[n][b] + set_rank(black)) *
             binomial[n - b][w] +
         set_rank(white);
}

void rank_graph_unrank(uint64_t r, int n, int b, int w, uint32_t ply,
                       Position *p) {
  uint64_t rest = binomial[n - b][w], sets = binomial[n][b];
  uint64_t white = r % rest, upper = r / rest;
  uint64_t black = set_unrank(upper % sets, n, b);
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  p->graph = 1;
  p->centre = NOBODY;
  p->side = (uint8_t)(upper / sets);
  p->ply = ply;
  p->arms[BLACK] = black;
  p->arms[WHITE] =
      spread_bits(set_unrank(white, n - b, w), board_full(n) & ~black);
}

void rank_graph_walk(RankWalk *k, uint64_t r, int n, int b, int w,
                     uint32_t ply) {
  rank_graph_unrank(r, n, b, w, ply, &k->p);
  k->b = b;
  k->w = w;
  k->white = pack_bits(k->p.arms[WHITE], board_full(n) & ~k->p.arms[BLACK]);
}

/* The next set of as many elements below n in colex order (Gosper's
** step), or the first one after the last: *wrapped set then. */
static uint64_t next_set(uint64_t set, int n, int k, int *wrapped) {
  uint64_t first = ((uint64_t)1 << k) - 1;
  *wrapped = k == 0 || set == first << (n - k);
  if (*wrapped) return first;
  uint64_t low = set & -set, up = set + low;
  return up | (((set ^ up) >> 2) / low);
}

void rank_graph_step(RankWalk *k) {
  Position *p = &k->p;
  int n = p->n, wrapped;
  k->white = next_set(k->white, n - k->b, k->w, &wrapped);
  if (wrapped) {
    p->arms[BLACK] = next_set(p->arms[BLACK], n, k->b, &wrapped);
    if (wrapped) p->side++;
  }
  p->arms[WHITE] = spread_bits(k->white, board_full(n) & ~p->arms[BLACK]);
}

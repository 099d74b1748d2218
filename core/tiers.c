/*
** tiers.c — the tiers of a table of rules that drop, take or pass: which
** there are, their order, and the ranking of positions in them.
*/
#define _POSIX_C_SOURCE 200809L
#include "tiers.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "memory.h"
#include "rank.h"

#define MAX_STATES ((uint64_t)1 << 48) /* the most states of a table */

#ifndef __BMI2__
uint8_t tiers_pack8[256][256], tiers_spread8[256][256], tiers_bits8[256];

/* Builds tiers_pack8, tiers_spread8 and tiers_bits8, bit by bit. */
__attribute__((constructor)) static void build_byte_tables(void) {
  for (unsigned m = 0; m < 256; m++) {
    tiers_bits8[m] = (uint8_t)__builtin_popcount(m);
    for (unsigned x = 0; x < 256; x++) {
      unsigned pack = 0, spread = 0;
      for (unsigned bit = 0, k = 0; bit < 8; bit++)
        if (m >> bit & 1) {
          pack |= (x >> bit & 1) << k;
          spread |= (x >> k & 1) << bit;
          k++;
        }
      tiers_pack8[m][x] = (uint8_t)pack;
      tiers_spread8[m][x] = (uint8_t)spread;
    }
  }
}
#endif

int tiers_applies(const Rules *r) {
  return rules_general(r) && !rules_hooked(r) && !r->hooks.makes &&
         rules_opening_plies(r) == 0 && rules_memory(r) == 0;
}

/* The mask of the table's points. */
static uint64_t all_points(const TierTable *t) {
  return ~(uint64_t)0 >> (64 - t->points);
}

/* The set of k points below n of rank r (rank.h's order). */
static uint64_t set_unrank(const TierTable *t, uint64_t r, int n, int k) {
  if (t->set_of) return t->set_of[t->set_first[k] + r];
  uint64_t set = 0;
  int pos = n - 1;
  for (; k >= 1; k--) { /* greedy, the highest point first */
    while (t->binomial[pos][k] > r) pos--;
    r -= t->binomial[pos][k];
    set |= (uint64_t)1 << pos;
    pos--;
  }
  return set;
}

void tiers_unrank(const TierTable *t, const Tier *k, uint64_t i,
                  uint64_t *black, uint64_t *white, int *side) {
  uint64_t r = i % k->half;
  *side = (int)(i / k->half);
  *black = set_unrank(t, r / k->rest, t->points, k->on[BLACK]);
  *white = tiers_spread(
      set_unrank(t, r % k->rest, t->points - k->on[BLACK], k->on[WHITE]),
      all_points(t) & ~*black);
}

void tiers_masks(const TierTable *t, const Position *p, uint64_t *black,
                 uint64_t *white) {
  *black = p->arms[BLACK];
  *white = p->arms[WHITE];
  if (t->arms && p->centre != NOBODY)
    *(p->centre == BLACK ? black : white) |= (uint64_t)1 << t->arms;
}

void tiers_position(const TierTable *t, uint64_t black, uint64_t white,
                    int side, const uint8_t hand[2], Position *p) {
  memset(p, 0, sizeof *p);
  p->side = (uint8_t)side;
  p->hand[BLACK] = hand[BLACK];
  p->hand[WHITE] = hand[WHITE];
  if (!t->arms) {
    p->n = (uint8_t)t->points;
    p->graph = 1;
    p->centre = NOBODY;
    p->arms[BLACK] = black;
    p->arms[WHITE] = white;
    return;
  }
  uint64_t arms = board_full(t->arms), centre = (uint64_t)1 << t->arms;
  p->n = (uint8_t)t->arms;
  p->arms[BLACK] = black & arms;
  p->arms[WHITE] = white & arms;
  p->centre = black & centre ? BLACK : white & centre ? WHITE : NOBODY;
}

uint64_t tiers_index(const TierTable *t, const Position *p) {
  uint64_t black, white;
  int n = t->arms ? t->arms : t->points;
  if (p->n != n || !p->graph != !!t->arms || p->side > WHITE)
    return TIERS_NONE;
  tiers_masks(t, p, &black, &white);
  int k = tiers_find(t, __builtin_popcountll(black),
                     __builtin_popcountll(white), p->hand[BLACK],
                     p->hand[WHITE]);
  if (k < 0 || (black & white) || ((black | white) & ~all_points(t)))
    return TIERS_NONE;
  return tiers_code_of(t, k, black, white, p->side);
}

/* --- the plan --- */

/* The order of the stages: by the pieces in all, then those in hand. */
static int stage_key(const TierTable *t, const Tier *k) {
  int pieces = k->on[BLACK] + k->on[WHITE] + k->hand[BLACK] + k->hand[WHITE];
  return pieces * (t->held[BLACK] + t->held[WHITE] + 1) + k->hand[BLACK] +
         k->hand[WHITE];
}

/* The number of the slot of at for the counts. */
static int slot_of(const TierTable *t, int b, int w, int hb, int hw) {
  return ((b * (t->most[WHITE] + 1) + w) * (t->held[BLACK] + 1) + hb) *
             (t->held[WHITE] + 1) +
         hw;
}

/* The counts of a side on the board from its pieces in hand: every one
** up to the rest of its pieces when moves take pieces, else the rest. */
static int on_from(const TierTable *t, int colour, int held) {
  return t->capture ? 0 : t->most[colour] - held;
}

/* Lists the tiers of t (tier NULL: counts them).  Returns how many. */
static int list_tiers(TierTable *t, Tier *tier) {
  int k = 0;
  for (int hb = 0; hb <= t->held[BLACK]; hb++)
    for (int hw = 0; hw <= t->held[WHITE]; hw++)
      for (int b = on_from(t, BLACK, hb); b <= t->most[BLACK] - hb; b++)
        for (int w = on_from(t, WHITE, hw); w <= t->most[WHITE] - hw; w++) {
          if (b + w > t->points) continue;
          if (tier) {
            memset(&tier[k], 0, sizeof tier[k]);
            tier[k].on[BLACK] = (uint8_t)b;
            tier[k].on[WHITE] = (uint8_t)w;
            tier[k].hand[BLACK] = (uint8_t)hb;
            tier[k].hand[WHITE] = (uint8_t)hw;
            tier[k].stage = stage_key(t, &tier[k]);
          }
          k++;
        }
  return k;
}

/* 1 when the tiers of t are more than a table may have: more than
** TIERS_MAX_COUNT of them, one past TIERS_MAX_TIER states, or past
** MAX_STATES in all. */
static int too_many(const TierTable *t) {
  uint64_t states = 0;
  int count = 0;
  for (int hb = 0; hb <= t->held[BLACK]; hb++)
    for (int hw = 0; hw <= t->held[WHITE]; hw++)
      for (int b = on_from(t, BLACK, hb); b <= t->most[BLACK] - hb; b++)
        for (int w = on_from(t, WHITE, hw); w <= t->most[WHITE] - hw; w++) {
          if (b + w > t->points) continue;
          uint64_t sets = t->binomial[t->points][b],
                   rest = t->binomial[t->points - b][w];
          if (++count > TIERS_MAX_COUNT || sets > TIERS_MAX_TIER / 2 / rest)
            return 1;
          states += 2 * sets * rest;
          if (states > MAX_STATES) return 1;
        }
  return 0;
}

/* Sorts the tiers by stage (stable: the listing's order within one), and
** numbers the stages from 0. */
static void order_tiers(TierTable *t) {
  for (int i = 1; i < t->count; i++)
    for (int j = i; j > 0 && t->tier[j].stage < t->tier[j - 1].stage; j--) {
      Tier x = t->tier[j];
      t->tier[j] = t->tier[j - 1];
      t->tier[j - 1] = x;
    }
  int stage = -1, last = -1;
  for (int i = 0; i < t->count; i++) {
    if (t->tier[i].stage != last) stage++, last = t->tier[i].stage;
    t->tier[i].stage = stage;
  }
  t->stages = stage + 1;
}

/* Pairs each tier with its image under the colour swap and keeps one of
** each pair: the one whose black has more pieces on the board, then in
** hand (t->swap), else every one. */
static void pair_tiers(TierTable *t) {
  for (int i = 0; i < t->count; i++) {
    Tier *k = &t->tier[i];
    k->image = i;
    k->kept = 1;
    if (!t->swap) continue;
    k->image = t->at[slot_of(t, k->on[WHITE], k->on[BLACK], k->hand[WHITE],
                             k->hand[BLACK])];
    k->kept = k->on[BLACK] != k->on[WHITE] ? k->on[BLACK] > k->on[WHITE]
                                           : k->hand[BLACK] >= k->hand[WHITE];
  }
}

/* Sizes the tiers (too_many said they fit), numbers their states and
** places the codes of those kept. */
static void size_tiers(TierTable *t) {
  uint64_t first = 0, code = 0;
  t->largest = 0;
  for (int i = 0; i < t->count; i++) {
    Tier *k = &t->tier[i];
    k->sets = t->binomial[t->points][k->on[BLACK]];
    k->rest = t->binomial[t->points - k->on[BLACK]][k->on[WHITE]];
    k->half = k->sets * k->rest;
    k->size = 2 * k->half;
    k->first = first;
    first += k->size;
    if (!k->kept) continue;
    k->code = code;
    code += k->size;
    if (k->size > t->largest) t->largest = k->size;
  }
  t->states = first;
  t->codes = code;
}

/* The rank of set among the sets of as many points (rank.h's order). */
static uint64_t rank_by_binomials(const TierTable *t, uint64_t set) {
  uint64_t r = 0;
  int k = 1;
  for (; set; set &= set - 1, k++) r += t->binomial[__builtin_ctzll(set)][k];
  return r;
}

/* Fills the tables of the ranks of every set of the board's points and of
** the sets by rank.  Returns 0, or -1 without memory. */
static int build_direct(TierTable *t) {
  uint32_t sets = (uint32_t)1 << t->points;
  t->rank_of = memory_realloc(NULL, (size_t)sets * sizeof *t->rank_of);
  t->set_of = memory_realloc(NULL, (size_t)sets * sizeof *t->set_of);
  if (!t->rank_of || !t->set_of) return -1;
  t->set_first[0] = 0;
  for (int k = 0; k <= t->points; k++)
    t->set_first[k + 1] =
        t->set_first[k] + (uint32_t)t->binomial[t->points][k];
  for (uint32_t set = 0; set < sets; set++) {
    uint32_t r = (uint32_t)rank_by_binomials(t, set);
    t->rank_of[set] = r;
    t->set_of[t->set_first[__builtin_popcount(set)] + r] = set;
  }
  return 0;
}

/* Fills the ranking tables of t.  Returns 0, or -1 without memory. */
static int build_ranks(TierTable *t) {
  if (t->points <= TIERS_DIRECT_POINTS) return build_direct(t);
  int chunks = (t->points + 7) / 8, ks = t->kmost + 1;
  t->byte = memory_realloc(NULL, (size_t)chunks * (size_t)ks * 256 *
                                     sizeof *t->byte);
  if (!t->byte) return -1;
  for (int chunk = 0; chunk < chunks; chunk++)
    for (int k = 0; k < ks; k++)
      for (unsigned x = 0; x < 256; x++) {
        uint64_t r = 0;
        int j = k;
        for (unsigned bits = x; bits; bits &= bits - 1) {
          int pos = 8 * chunk + __builtin_ctz(bits);
          j++;
          if (pos < 64 && j <= 64) r += t->binomial[pos][j];
        }
        t->byte[((size_t)chunk * (size_t)ks + (size_t)k) * 256 + x] = r;
      }
  return 0;
}

/* Frees t and what it holds (NULL is fine). */
static void free_table(TierTable *t) {
  if (!t) return;
  memory_realloc(t->tier, 0);
  memory_realloc(t->at, 0);
  memory_realloc(t->byte, 0);
  memory_realloc(t->rank_of, 0);
  memory_realloc(t->set_of, 0);
  memory_realloc(t, 0);
}

/* Fills the tiers of the rules r into t.  Returns 0, or -1 with a message
** in err. */
static int plan_table(TierTable *t, const Rules *r, char *err) {
  t->arms = r->graph ? 0 : r->arms;
  t->points = r->graph ? r->graph->n : r->arms + 1;
  if (t->points > 64) { /* a set of points is a 64-bit mask */
    snprintf(err, BOARD_ERRMAX,
             "no table: the wheel of %d arms has %d points with its centre, "
             "and a table's states hold at most 64",
             r->arms, t->points);
    return -1;
  }
  for (int c = BLACK; c <= WHITE; c++) {
    t->most[c] = r->graph ? r->pieces[c] : r->arms / 2;
    t->held[c] = r->fields.drops ? t->most[c] : 0;
    if (t->most[c] > t->kmost) t->kmost = t->most[c];
  }
  if (t->kmost > t->points) t->kmost = t->points;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  t->threads = cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
  t->capture = rules_capture(r);
  t->swap = t->most[BLACK] == t->most[WHITE];
  for (int n = 0; n <= 64; n++)
    for (int k = 0; k <= 64; k++) t->binomial[n][k] = rank_binomial(n, k);
  if (too_many(t)) {
    snprintf(err, BOARD_ERRMAX,
             "no table: %d points with these pieces make more tiers or "
             "states than a table may have (%d tiers, %u states a tier)",
             t->points, TIERS_MAX_COUNT, TIERS_MAX_TIER);
    return -1;
  }
  t->count = list_tiers(t, NULL);
  size_t slots = (size_t)slot_of(t, t->most[BLACK], t->most[WHITE],
                                 t->held[BLACK], t->held[WHITE]) + 1;
  t->tier = memory_realloc(NULL, (size_t)(t->count ? t->count : 1) *
                                     sizeof *t->tier);
  t->at = memory_realloc(NULL, slots * sizeof *t->at);
  if (!t->tier || !t->at || build_ranks(t)) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return -1;
  }
  list_tiers(t, t->tier);
  order_tiers(t);
  for (size_t i = 0; i < slots; i++) t->at[i] = -1;
  for (int i = 0; i < t->count; i++) {
    const Tier *k = &t->tier[i];
    t->at[slot_of(t, k->on[BLACK], k->on[WHITE], k->hand[BLACK],
                  k->hand[WHITE])] = i;
  }
  pair_tiers(t);
  size_tiers(t);
  return 0;
}

int tiers_plan(Solution *s, const Rules *r, const SolutionMethods *methods,
               char *err) {
  memset(s, 0, sizeof *s);
  if (!tiers_applies(r)) {
    snprintf(err, BOARD_ERRMAX,
             "no table: %s",
             !rules_general(r) ? "these rules move pieces only by sliding "
                                 "(the plain or symmetric table solves them)"
             : rules_hooked(r) ? "the rules have hooks, whose answers a table "
                                 "of tiers cannot take back; solve the "
                                 "states play reaches (kind \"reachable\")"
                               : "the rules read the ply or remember moves; "
                                 "solve the states play reaches (kind "
                                 "\"reachable\")");
    return SOLVER_ERROR;
  }
  TierTable *t = memory_realloc(NULL, sizeof *t);
  if (!t) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  memset(t, 0, sizeof *t);
  if (plan_table(t, r, err)) {
    free_table(t);
    return SOLVER_ERROR;
  }
  s->n = r->arms;
  s->graph = r->graph;
  s->pieces[BLACK] = r->pieces[BLACK];
  s->pieces[WHITE] = r->pieces[WHITE];
  s->histories = 1;
  s->positions = s->layer = t->codes;
  s->methods = methods;
  s->tiers = t;
  return SOLVER_OK;
}

/* --- the methods of a tiered solution --- */

int tiers_lookup(const Solution *s, const Position *p, const History *h,
                 int *distance) {
  (void)h;
  uint64_t i = tiers_index(s->tiers, p);
  if (i == TIERS_NONE) {
    if (distance) *distance = -1;
    return VALUE_UNKNOWN;
  }
  return solver_code_value(s->codes[i], distance);
}

void tiers_release(Solution *s) {
  free_table(s->tiers);
  s->tiers = NULL;
}

uint64_t tiers_states(const Solution *s) {
  return s->tiers->states;
}

/*
** accuracy.c — verdicts on moves against the solution, and their tally.
*/
#include "accuracy.h"

#include <math.h>
#include <string.h>

#define RANK_DRAW 1000
#define RANK_WIN 3000

int accuracy_rank(const MetricsGraph *g, uint32_t i, uint32_t j) {
  uint32_t c = g->child[g->first[i] + j];
  int d = g->distance[c] + 1; /* the child's value is the opponent's */
  if (g->value[c] == VALUE_LOSS) return RANK_WIN - d;
  if (g->value[c] == VALUE_WIN) return d;
  return RANK_DRAW;
}

/* The value class (VALUE_*) of a rank. */
static int rank_value(int rank) {
  if (rank > RANK_DRAW) return VALUE_WIN;
  return rank == RANK_DRAW ? VALUE_DRAW : VALUE_LOSS;
}

AccuracyJudgement accuracy_judge(const MetricsGraph *g, uint32_t i,
                                 uint32_t j) {
  uint32_t k = metrics_moves(g, i);
  int best = 0, mine = accuracy_rank(g, i, j);
  for (uint32_t m = 0; m < k; m++) {
    int r = accuracy_rank(g, i, m);
    if (r > best) best = r;
  }
  AccuracyJudgement out = {ACCURACY_BEST, best - mine, k == 1};
  if (rank_value(mine) != g->value[i])
    out.verdict = ACCURACY_BLUNDER;
  else if (mine < best)
    out.verdict = ACCURACY_INACCURACY;
  return out;
}

int accuracy_move_index(const MetricsGraph *g, uint32_t i, Move m) {
  uint32_t k = metrics_moves(g, i);
  for (uint32_t j = 0; j < k; j++) {
    Move x = metrics_move(g, i, j);
    if (move_equal(x, m)) return (int)j;
  }
  return -1;
}

void accuracy_tally_init(AccuracyTally *t, int examples) {
  memset(t, 0, sizeof *t);
  t->examples = examples < 0                       ? 0
                : examples > ACCURACY_MAX_EXAMPLES ? ACCURACY_MAX_EXAMPLES
                                                   : examples;
}

/* Whether example a goes before b among the worst: more severe, then the
** lower state number (so that the order of judging does not matter). */
static int worse(const AccuracyExample *a, const AccuracyExample *b) {
  if (a->severity != b->severity) return a->severity > b->severity;
  return a->state < b->state;
}

/* Keeps example e among the worst when it is worse than one kept. */
static void keep_worst(AccuracyTally *t, AccuracyExample e) {
  int at = t->kept;
  if (at == t->examples) {
    if (at == 0 || !worse(&e, &t->worst[at - 1])) return;
    at--;
  } else
    t->kept++;
  while (at > 0 && worse(&e, &t->worst[at - 1])) {
    t->worst[at] = t->worst[at - 1];
    at--;
  }
  t->worst[at] = e;
}

void accuracy_add(AccuracyTally *t, const MetricsGraph *g, uint32_t i,
                  uint32_t j, double w) {
  AccuracyJudgement a = accuracy_judge(g, i, j);
  t->states++;
  t->forced += a.forced;
  t->counts[g->value[i]][a.verdict]++;
  if (a.verdict == ACCURACY_INACCURACY) t->plies_lost += (uint64_t)a.severity;
  t->w += w;
  t->w2 += w * w;
  t->wy[a.verdict] += w;
  t->w2y[a.verdict] += w * w;
  if (a.severity > 0) keep_worst(t, (AccuracyExample){i, j, a.severity});
}

double accuracy_share(const AccuracyTally *t, int verdict, uint64_t population,
                      double *se) {
  double n = (double)t->states, share = t->w > 0 ? t->wy[verdict] / t->w : 0;
  if (t->states < 2) {
    *se = t->states == population ? 0 : -1;
    return share;
  }
  /* the ratio estimator's variance, linearised: (1 - n/N) n/(n - 1)
  ** sum w^2 (y - share)^2 / (sum w)^2, y being 0 or 1 */
  double squares = t->w2y[verdict] * (1 - 2 * share) + share * share * t->w2;
  double f = population > 0 ? n / (double)population : 1;
  double var = (1 - f) * n / (n - 1) * squares / (t->w * t->w);
  *se = var > 0 ? sqrt(var) : 0;
  return share;
}

/* xorshift64*: the next number of the sequence in *s. */
static uint64_t order_next(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545F4914F6CDD1Du;
}

uint32_t accuracy_order(const MetricsGraph *g, uint64_t seed, uint32_t *order) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < g->count; i++)
    if (!g->outcome[i]) order[count++] = i;
  uint64_t s = seed ? seed : 0x9E3779B97F4A7C15u;
  for (uint32_t k = count; k > 1; k--) { /* Fisher-Yates */
    uint32_t r = (uint32_t)((order_next(&s) >> 11) % k);
    uint32_t x = order[k - 1];
    order[k - 1] = order[r];
    order[r] = x;
  }
  return count;
}

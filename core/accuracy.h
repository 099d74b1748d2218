/*
** accuracy.h — how good a player's moves are, judged against perfect play:
** the verdict on a move of a state of the reachable graph (metrics.h) in
** the words of Game:review() (best, inaccuracy, blunder), and the tally of
** the verdicts on many states, by the value of the state, weighted, with
** the standard errors of a uniform sample of the states and the worst
** moves met.
**
** The rank of a move for its mover orders what it leaves: a win, sooner
** first (3000 - d), a draw (1000), a loss, later first (d).  A move is a
** blunder when the value class it leaves differs from the state's, an
** inaccuracy when it keeps the class but ranks below the best move, and
** best otherwise (a forced move, an only move and a best move alike).
*/
#ifndef MUTORERE_ACCURACY_H
#define MUTORERE_ACCURACY_H

#include <stdint.h>

#include "metrics.h"

enum { ACCURACY_BEST, ACCURACY_INACCURACY, ACCURACY_BLUNDER };
#define ACCURACY_VERDICTS 3
#define ACCURACY_MAX_EXAMPLES 100

/* The verdict on one move. */
typedef struct AccuracyJudgement {
  int verdict;  /* ACCURACY_* */
  int severity; /* the best move's rank less this move's (0: a best move);
                ** for an inaccuracy, the plies it loses */
  int forced;   /* the state had a single move */
} AccuracyJudgement;

/* The rank for the mover of move j of state i (which goes on). */
int accuracy_rank(const MetricsGraph *g, uint32_t i, uint32_t j);

/* The verdict on move j of state i (which goes on). */
AccuracyJudgement accuracy_judge(const MetricsGraph *g, uint32_t i, uint32_t j);

/* The index of move m among the moves of state i, or -1 when it is not one
** of them. */
int accuracy_move_index(const MetricsGraph *g, uint32_t i, Move m);

/* A move that was not best: state i, its move j. */
typedef struct AccuracyExample {
  uint32_t state, move;
  int severity;
} AccuracyExample;

/* The verdicts on the states judged so far.  The sums make the weighted
** shares of each verdict and their standard errors: w the weight of a
** state, y 1 when the verdict is the one counted. */
typedef struct AccuracyTally {
  uint64_t states, forced;
  uint64_t counts[3][ACCURACY_VERDICTS]; /* [VALUE_* of the state][verdict] */
  uint64_t plies_lost;                   /* summed over the inaccuracies */
  double w, w2;                          /* sums of w and w^2 */
  double wy[ACCURACY_VERDICTS], w2y[ACCURACY_VERDICTS]; /* of w y, w^2 y */
  int examples; /* the worst moves kept: at most ACCURACY_MAX_EXAMPLES */
  int kept;     /* how many worst holds: the most severe first, then by
                ** state number */
  AccuracyExample worst[ACCURACY_MAX_EXAMPLES];
} AccuracyTally;

/* An empty tally that keeps the examples worst moves (capped). */
void accuracy_tally_init(AccuracyTally *t, int examples);

/* Adds the verdict on move j of state i, of weight w, to t. */
void accuracy_add(AccuracyTally *t, const MetricsGraph *g, uint32_t i,
                  uint32_t j, double w);

/* The weighted share of verdict among the states judged, and its standard
** error as an estimate of the share over a population of states of which
** those judged are a uniform sample without replacement (0 when all of
** them were judged; -1 when fewer than 2 were). */
double accuracy_share(const AccuracyTally *t, int verdict, uint64_t population,
                      double *se);

/* The states of g that go on (those with a move), in a random order drawn
** from seed, into order (room for g->count).  Returns how many. */
uint32_t accuracy_order(const MetricsGraph *g, uint64_t seed, uint32_t *order);

#endif

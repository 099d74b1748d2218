/*
** metrics.h — what a variant's designer measures, exactly: the graph of
** the states reachable from a start (the one place that walks states), and
** on it the values by distance, the branching, the traps, the lookahead a
** player needs, and uniformly random play as an absorbing Markov chain;
** then random games sampled on the graph for what no chain gives.
**
** A state is what the rules read: the position, with its ply while the
** opening rules read it, and the moves the rules remember (the solver's
** notion).  Random play here follows
** the rules of positions only: a game ends when the side to move is blocked
** or the variant's result hook says so, or is drawn after a ply cap; the
** repetition rule, which needs a game's whole past, is not part of it (as
** in Ludii's Mū Tōrere, which has none).
*/
#ifndef MUTORERE_METRICS_H
#define MUTORERE_METRICS_H

#include <stdint.h>

#include "cancel.h"
#include "progress.h"
#include "rules.h"
#include "solver.h"
#include "states.h"

#define METRICS_MAX_LOOKAHEAD 40 /* a deeper lookahead counts as none */
#define METRICS_MAX_STATES STATES_MAX /* the most states a graph holds */
#define METRICS_HELD 4 /* outcome of a state a frontier walk does not walk */
#define METRICS_MORE 1 /* a frontier walk met more states than its most */

/* The states reachable from a start and the moves between them.  State 0
** is the start; the moves of state i lead to child[first[i]] ..
** child[first[i + 1] - 1], in the rules' order. */
typedef struct MetricsGraph {
  uint32_t count;    /* states */
  uint64_t *first;   /* count + 1 offsets into child */
  uint32_t *child;   /* first[count] entries */
  Position *state;   /* each state's position (ply kept while read) */
  History *history;  /* and the moves it remembers (NULL when the rules
                     ** remember none: metrics_history) */
  uint8_t *outcome;  /* OUTCOME_* when the state ends the game, else 0
                     ** (METRICS_HELD: see metrics_frontier) */
  uint8_t *value;    /* VALUE_* for the side to move, by the solution */
  uint16_t *distance; /* plies to the end under best play (0 for a draw) */
} MetricsGraph;

/* Walks every state reachable from start reached by h (NULL: no moves
** known) under r (hooks asked), with its value from s.  Returns a SOLVER_*
** code (SOLVER_ERROR with a message in err, among others when s holds no
** value for a state: VALUE_UNKNOWN); g needs metrics_graph_free only after
** SOLVER_OK. */
int metrics_graph(MetricsGraph *g, const Solution *s, const Rules *r,
                  const Position *start, const History *h, const Cancel *c,
                  char *err);

/* The walk of a solver that adds to s (NULL: nothing known yet) the states
** reachable from start: as metrics_graph, but a state s holds gets its
** value from s, outcome METRICS_HELD and no moves (it is not walked on),
** and the others get value VALUE_DRAW and distance 0, for the caller to
** solve.  At most max states: more returns METRICS_MORE (g freed).  The
** walk reports to progress (may be NULL) the states walked of those found. */
int metrics_frontier(MetricsGraph *g, const Solution *s, const Rules *r,
                     const Position *start, const History *h, uint64_t max,
                     const Cancel *c, const Progress *progress, char *err);

void metrics_graph_free(MetricsGraph *g);

/* The number of moves of state i (0 when it ends the game). */
static inline uint32_t metrics_moves(const MetricsGraph *g, uint32_t i) {
  return (uint32_t)(g->first[i + 1] - g->first[i]);
}

/* The moves state i remembers (none when the rules remember none). */
static inline History metrics_history(const MetricsGraph *g, uint32_t i) {
  History none = {0};
  return g->history ? g->history[i] : none;
}

/* The move from state i to its j-th child. */
Move metrics_move(const MetricsGraph *g, uint32_t i, uint32_t j);

/* What the solution says of the reachable states. */
typedef struct MetricsCensus {
  uint64_t states, wins, losses, draws;
  uint64_t ends;   /* states that end the game */
  uint64_t moves;  /* legal moves summed over the states that go on */
  uint64_t forced; /* states that go on with one legal move */
  /* remoteness[0][d]: states won in d plies; [1][d]: lost in d */
  uint64_t remoteness[2][SOLVER_LONGEST + 1];
  uint64_t traps;      /* drawn states with a losing move */
  uint64_t trap_moves; /* their losing moves */
  uint64_t trap_losing[RULES_MAX_MOVES + 1]; /* traps by losing moves */
  uint64_t win_to_draw, win_to_loss;         /* moves that throw a win */
  /* The smallest d such that in every state not lost for its side to move,
  ** every move a d-ply negamax (ends scored, the horizon unknown, no
  ** evaluation) rates best keeps a draw or a win; -1 when beyond
  ** METRICS_MAX_LOOKAHEAD. */
  int lookahead;
  /* When lookahead > 0: a state and the index of one of its moves that a
  ** (lookahead - 1)-ply search rates best and that loses. */
  uint32_t witness_state, witness_move;
} MetricsCensus;

void metrics_census(const MetricsGraph *g, MetricsCensus *c);

/* Uniformly random play from the start as an absorbing Markov chain (the
** distribution over states carried ply by ply, to the cap): the chance of
** each result and the expectations of Ludii's per-game averages, each
** state rated by its exact value. */
typedef struct MetricsRandom {
  int cap;                    /* plies after which a game is drawn */
  double black, white, draws; /* wins of each side, draws by a rule */
  double timeouts;            /* games drawn by the cap */
  double length, length_sd;   /* mean and standard deviation */
  int length_median;          /* the median length */
  double length_ended;        /* E[plies | no timeout] (0 if none) */
  double branching;           /* E[mean legal moves over a game's moves] */
  double decisions;           /* E[share of a game's moves with a choice] */
  double lead_change;         /* E[share of moves after which who is winning
                              ** (black, white or neither) differs] */
  double stability;           /* E[variance of each side's value over a game,
                              ** summed over both sides], values -1, 0, 1 */
  double drama;   /* E[mean over a game's moves of how far the eventual winner
                  ** (both sides in a draw) was behind the leader] */
  int plies;      /* plies carried (fewer than cap when the rest is < 1e-16) */
  double residue; /* the chance not carried to the end */
  uint32_t classes; /* the states of the chain */
} MetricsRandom;

/* Fills *out.  cap >= 1.  symmetric: the rules treat positions the ring's
** rotations and reflections map onto one another alike (true of rules
** without hooks) and remember no moves, so the chain may run on classes of
** states.  Returns a SOLVER_* code. */
int metrics_random(const MetricsGraph *g, int symmetric, int cap,
                   MetricsRandom *out, const Cancel *c, char *err);

/* The number of times uniformly random play from the start (the chain of
** metrics_random, to the cap) makes a move in each state of g, expected
** over all games: visits[i] for state i (0 for the states that end the
** game); visits holds g->count entries.  Returns a SOLVER_* code. */
int metrics_visits(const MetricsGraph *g, int cap, double *visits,
                   const Cancel *c, char *err);

/* What only sampling gives: random games on the graph (same rules as the
** chain).  Means over the games of Ludii's GameTreeComplexity (plies times
** log10 of the mean legal moves) and PositionalRepetition (the share of a
** game's states that repeat an earlier one), and of the results. */
typedef struct MetricsSample {
  int games, cap;
  double tree_complexity, repetition;
  double black, white, draws, timeouts, length;
} MetricsSample;

/* Plays games random games from seed.  Returns a SOLVER_* code. */
int metrics_sample(const MetricsGraph *g, int cap, int games, uint64_t seed,
                   MetricsSample *out, const Cancel *c, char *err);

#endif

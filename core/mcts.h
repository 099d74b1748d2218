/*
** mcts.h — Monte Carlo tree search (UCT) with random playouts, or playouts
** that a policy (a C function pointer with a context) chooses.
*/
#ifndef MUTORERE_MCTS_H
#define MUTORERE_MCTS_H

#include <stdint.h>

#include "cancel.h"
#include "rules.h"

enum { MCTS_OK = 0, MCTS_ERROR = -1, MCTS_EHOOK = -2 };

/* A playout policy: the index (0..k-1) of the move to play in p, or
** RULES_EHOOK on failure. */
typedef struct Policy {
  int (*choose)(void *ctx, const Position *p, const Move *moves, int k);
  void *ctx;
} Policy;

typedef struct MctsLimits {
  uint64_t playouts;  /* stop after this many (0: no limit; then seconds) */
  double seconds;     /* stop after about this long (0: no limit) */
  int max_plies;      /* a playout longer than this is a draw (default 200) */
  double exploration; /* the UCT constant (default 1.4) */
  uint64_t seed;      /* the random sequence */
} MctsLimits;

typedef struct MctsChild {
  Move move;
  uint64_t visits;
  double score; /* the mean result for the side to move at the root */
} MctsChild;

typedef struct MctsResult {
  Move best; /* the most visited move (valid when moves > 0) */
  int moves;
  uint64_t playouts;
  uint64_t nodes;
  MctsChild children[RULES_MAX_MOVES]; /* in the order of rules_moves */
} MctsResult;

/* Searches root reached by the moves in h (NULL: none known).  The policy
** may be NULL (uniform random playouts).  Returns an MCTS_* code (with a
** message in err for MCTS_ERROR). */
int mcts_run(const Rules *r, const Position *root, const History *h,
             const MctsLimits *limits, const Policy *policy, const Cancel *c,
             MctsResult *out, char *err);

#endif

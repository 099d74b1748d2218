/*
** search.h — negamax alpha-beta with iterative deepening, a transposition
** table and move ordering, over any variant (hooks included), with a
** built-in evaluation or one given as a C function pointer.
*/
#ifndef MUTORERE_SEARCH_H
#define MUTORERE_SEARCH_H

#include <stdint.h>

#include "cancel.h"
#include "rules.h"

#define SEARCH_MAX_DEPTH 64
#define SEARCH_MATE 30000       /* a win now; a win in d plies: MATE - d */
#define SEARCH_EVAL_LIMIT 20000 /* evaluations are clamped to +-this */

enum {
  SEARCH_OK = 0,
  SEARCH_ERROR = -1, /* err says why */
  SEARCH_EHOOK = -2, /* a rule hook or the evaluation failed */
};

/* An evaluation: the score of p for its side to move (positive is good)
** into *score; returns 0, or RULES_EHOOK on failure. */
typedef struct Evaluator {
  int (*eval)(void *ctx, const Position *p, int *score);
  void *ctx;
} Evaluator;

/* The built-in evaluation (mobility and the centre); ctx is the Rules. */
int search_builtin_eval(void *ctx, const Position *p, int *score);

/* A transposition table: 2^bits entries, reused across searches. */
typedef struct SearchTable {
  struct TableEntry *entries;
  uint64_t mask;
} SearchTable;

/* Allocates a table of 2^bits entries (10..26).  Returns 0, or -1 without
** memory. */
int search_table_init(SearchTable *t, int bits);
void search_table_free(SearchTable *t);
void search_table_clear(SearchTable *t);

typedef struct SearchLimits {
  int depth;      /* deepest iteration, 1..SEARCH_MAX_DEPTH */
  uint64_t nodes; /* stop after about this many nodes (0: no limit) */
  double seconds; /* stop after about this long (0: no limit) */
} SearchLimits;

typedef struct SearchResult {
  Move best; /* the best move found (valid when moves > 0) */
  int moves; /* legal moves at the root */
  int score; /* for the side to move; |score| > MATE - 1000: a forced end */
  int depth; /* the deepest completed iteration */
  uint64_t nodes; /* nodes searched */
  int pv_length;  /* the principal variation */
  Move pv[SEARCH_MAX_DEPTH];
} SearchResult;

/* Searches root reached by the moves in h (NULL: none known).  history
** holds the keys (rules_state_hash) of the states before it in the game,
** count of them: a state seen before, in the game or on the line, counts
** as a draw.  The table may be NULL.  Stops early on the Cancel, the
** limits or a completed search.  Returns a SEARCH_* code. */
int search_run(const Rules *r, const Position *root, const History *h,
               const uint64_t *history, int count, const SearchLimits *limits,
               const Evaluator *eval, SearchTable *table, const Cancel *c,
               SearchResult *out, char *err);

#endif

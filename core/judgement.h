/*
** judgement.h — what the rules read of a state besides its position (the
** moves it remembers) and what they answer (its legal moves and verdict):
** the two types that the rules (rules.h) and the memo of their hooks'
** answers (memo.h) share, below both.
*/
#ifndef MUTORERE_JUDGEMENT_H
#define MUTORERE_JUDGEMENT_H

#include <stdint.h>

#include "board.h"

#define RULES_MAX_HISTORY 8 /* the most moves a variant may remember */

/* The last moves of a game, most recent first: what rules with a memory
** read besides the position.  moves[0] led to the position, moves[1] to
** the one before it, and so on; count may be smaller than the variant's
** memory near the start of a game or after a setup. */
typedef struct History {
  int count;
  Move moves[RULES_MAX_HISTORY];
} History;

/* Makes m the latest of at most k remembered moves (k <= 0: none). */
static inline void history_push(History *h, Move m, int k) {
  int keep = h->count < k ? h->count : k - 1;
  for (int i = keep; i > 0; i--) h->moves[i] = h->moves[i - 1];
  if (k > 0) h->moves[0] = m;
  h->count = k > 0 ? keep + 1 : 0;
}

/* What the rules say of a state: its legal moves by the point they leave
** (every move goes to the empty point), and the variant's own verdict.
** On a graph board, and for rules with moves beside the slides
** (rules_indexed), arms has bit i set when the i-th move of
** rules_param_moves is legal, and centre is 0; when hooks make the moves,
** list holds them (count of them, all legal; kept by the memo). */
typedef struct Judgement {
  uint64_t arms;    /* the arms whose piece may move */
  uint8_t centre;   /* 1 when the centre's piece may move */
  uint8_t outcome;  /* OUTCOME_* by the result hook (NONE without one) */
  uint16_t count;   /* the moves in list */
  const Move *list; /* NULL, or the moves the hooks made and allowed */
} Judgement;

#endif

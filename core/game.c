/*
** game.c — a game in progress.
*/
#include "game.h"

#include <stdio.h>
#include <string.h>

#include "memory.h"

/* Grows the arrays to hold at least need positions.  Returns 0 or -1. */
static int game_reserve(Game *g, int need) {
  if (need <= g->capacity) return 0;
  int cap = g->capacity ? g->capacity : 16;
  while (cap < need) cap *= 2;
  Position *p = memory_realloc(g->positions, (size_t)cap * sizeof *p);
  if (p) g->positions = p;
  Move *m = memory_realloc(g->moves, (size_t)cap * sizeof *m);
  if (m) g->moves = m;
  uint8_t *o = memory_realloc(g->outcomes, (size_t)cap);
  if (o) g->outcomes = o;
  uint8_t *r = memory_realloc(g->reasons, (size_t)cap);
  if (r) g->reasons = r;
  if (!p || !m || !o || !r) return -1;
  g->capacity = cap;
  return 0;
}

void game_free(Game *g) {
  memory_realloc(g->positions, 0);
  memory_realloc(g->moves, 0);
  memory_realloc(g->outcomes, 0);
  memory_realloc(g->reasons, 0);
  memset(g, 0, sizeof *g);
}

void game_history(const Game *g, int i, History *h) {
  int k = rules_memory(&g->rules);
  h->count = i < k ? i : k;
  for (int j = 0; j < h->count; j++) h->moves[j] = g->moves[i - 1 - j];
}

/* How many of the states after 0..n-1 moves are the same as p reached by
** h (see rules_same_state). */
static int count_same(const Game *g, int n, const Position *p,
                      const History *h) {
  int seen = 0;
  History past;
  for (int j = 0; j < n; j++) {
    game_history(g, j, &past);
    seen += rules_same_state(&g->rules, &g->positions[j], &past, p, h);
  }
  return seen;
}

/* Works out the outcome of position p reached after i moves, the positions
** before it being positions[0..i-1] and the moves to it moves[0..i-1],
** into outcomes[i] and reasons[i].  Returns 0 or RULES_EHOOK (nothing
** written then). */
static int game_judge(Game *g, int i, const Position *p) {
  History h;
  game_history(g, i, &h);
  int reason, outcome = rules_outcome(&g->rules, p, &h, &reason);
  if (outcome < 0) return RULES_EHOOK;
  if (!outcome && g->rules.repetition) {
    if (1 + count_same(g, i, p, &h) >= g->rules.repetition)
      outcome = OUTCOME_DRAW, reason = REASON_REPETITION;
  }
  if (!outcome && g->rules.max_plies && i >= g->rules.max_plies)
    outcome = OUTCOME_DRAW, reason = REASON_CAP;
  g->outcomes[i] = (uint8_t)outcome;
  g->reasons[i] = (uint8_t)reason;
  return 0;
}

int game_init(Game *g, const Rules *r, const Position *start, char *err) {
  memset(g, 0, sizeof *g);
  if (rules_check(r, err) || rules_check_position(r, start, err))
    return GAME_ERROR;
  g->rules = *r;
  if (game_reserve(g, 1)) {
    game_free(g);
    snprintf(err, BOARD_ERRMAX, "not enough memory");
    return GAME_ERROR;
  }
  g->positions[0] = *start;
  if (game_judge(g, 0, start)) {
    game_free(g);
    return GAME_EHOOK;
  }
  return GAME_OK;
}

int game_copy(Game *dst, const Game *src, char *err) {
  memset(dst, 0, sizeof *dst);
  dst->rules = src->rules;
  if (game_reserve(dst, src->top + 1)) {
    game_free(dst);
    snprintf(err, BOARD_ERRMAX, "not enough memory");
    return GAME_ERROR;
  }
  size_t k = (size_t)src->top + 1;
  memcpy(dst->positions, src->positions, k * sizeof *src->positions);
  memcpy(dst->moves, src->moves, (k - 1) * sizeof *src->moves);
  memcpy(dst->outcomes, src->outcomes, k);
  memcpy(dst->reasons, src->reasons, k);
  dst->length = src->length;
  dst->top = src->top;
  return GAME_OK;
}

int game_outcome(const Game *g, int *reason) {
  if (reason) *reason = g->reasons[g->length];
  return g->outcomes[g->length];
}

int game_moves(const Game *g, Move *out) {
  History h;
  if (g->outcomes[g->length]) return 0;
  game_history(g, g->length, &h);
  int k = rules_moves(&g->rules, game_position(g), &h, out);
  return k < 0 ? GAME_EHOOK : k;
}

/* Explains why the game is over into err. */
static void game_over_message(const Game *g, char *err) {
  static const char *winner[4] = {"", "black won", "white won", "drawn"};
  static const char *why[6] = {"",           "blocked",     "the variant's rule",
                               "repetition", "the ply cap", "a row"};
  int reason, outcome = game_outcome(g, &reason);
  snprintf(err, BOARD_ERRMAX, "the game is over (%s by %s)", winner[outcome],
           why[reason]);
}

int game_play(Game *g, Move m, char *err) {
  char text[BOARD_MOVEMAX], why[BOARD_ERRMAX];
  if (g->outcomes[g->length]) {
    game_over_message(g, err);
    return GAME_ERROR;
  }
  History h;
  game_history(g, g->length, &h);
  int legal = rules_settle(&g->rules, game_position(g), &h, &m, why);
  if (legal < 0) return GAME_EHOOK;
  if (!legal) {
    snprintf(err, BOARD_ERRMAX, "illegal move %s: %.140s",
             rules_format_move(&g->rules, m, text), why);
    return GAME_ERROR;
  }
  if (game_reserve(g, g->length + 2)) {
    snprintf(err, BOARD_ERRMAX, "not enough memory");
    return GAME_ERROR;
  }
  int i = g->length + 1;
  int same_as_redo =
      g->top > g->length && move_equal(g->moves[g->length], m);
  Position next = g->positions[i - 1];
  board_play(&next, m);
  Move redo = g->moves[i - 1]; /* put back if the hooks fail */
  g->moves[i - 1] = m;
  if (game_judge(g, i, &next)) {
    g->moves[i - 1] = redo;
    return GAME_EHOOK;
  }
  g->positions[i] = next;
  g->length = i;
  if (!same_as_redo) g->top = i;
  return GAME_OK;
}

int game_undo(Game *g) {
  if (g->length == 0) return GAME_ERROR;
  g->length--;
  return GAME_OK;
}

int game_redo(Game *g) {
  if (g->length >= g->top) return GAME_ERROR;
  g->length++;
  return GAME_OK;
}

int game_repetitions(const Game *g) {
  History h;
  game_history(g, g->length, &h);
  return count_same(g, g->length + 1, game_position(g), &h);
}

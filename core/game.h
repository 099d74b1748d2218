/*
** game.h — a game in progress: its rules, the positions and moves so far,
** undo and redo, and the result (blocked, the variant's own rule,
** repetition or the ply cap).
*/
#ifndef MUTORERE_GAME_H
#define MUTORERE_GAME_H

#include "board.h"
#include "rules.h"

/* Return codes of the game functions. */
enum { GAME_OK = 0, GAME_ERROR = -1, GAME_EHOOK = -2 };

typedef struct Game {
  Rules rules;
  Position *positions; /* positions[i]: after i moves; [0] is the start */
  Move *moves;         /* moves[i] led from positions[i] to positions[i+1] */
  uint8_t *outcomes;   /* outcomes[i], reasons[i]: of positions[i] */
  uint8_t *reasons;
  int length;   /* moves played: positions[length] is the current one */
  int top;      /* moves length..top-1 can be redone */
  int capacity; /* room in the arrays */
} Game;

/* Starts a game from start under rules r (both are copied).  Returns
** GAME_OK; GAME_ERROR with a message in err (bad position, arms that do
** not match, no memory); GAME_EHOOK (the hook's context holds why).  On
** failure g needs no game_free. */
int game_init(Game *g, const Rules *r, const Position *start, char *err);

/* Frees what g holds. */
void game_free(Game *g);

/* Makes dst an independent copy of src.  Returns GAME_OK or GAME_ERROR (no
** memory, with a message in err; dst then needs no game_free). */
int game_copy(Game *dst, const Game *src, char *err);

/* The current position. */
static inline const Position *game_position(const Game *g) {
  return &g->positions[g->length];
}

/* The outcome of the current position (OUTCOME_*), and its REASON_* in
** *reason when not NULL. */
int game_outcome(const Game *g, int *reason);

/* The legal moves now (none when the game is over), into out
** (RULES_MAX_MOVES entries).  Returns how many, or GAME_EHOOK. */
int game_moves(const Game *g, Move *out);

/* Plays m.  Returns GAME_OK; GAME_ERROR with the reason in err (game over,
** illegal move, no memory); GAME_EHOOK.  On failure nothing changes. */
int game_play(Game *g, Move m, char *err);

/* Takes back the last move.  Returns GAME_OK, or GAME_ERROR when at the
** start. */
int game_undo(Game *g);

/* Plays again the last move taken back.  Returns GAME_OK, or GAME_ERROR when
** there is none. */
int game_redo(Game *g);

/* How many times the current state (pieces, side to move, ply while the
** rules read it, remembered moves: see rules_same_state) occurred in the
** game so far, the current one included. */
int game_repetitions(const Game *g);

/* The moves the rules remember at positions[i] (the last
** rules_memory(&g->rules) of moves[0..i-1], most recent first) into h. */
void game_history(const Game *g, int i, History *h);

#endif

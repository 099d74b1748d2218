/*
** lmove.h — Move values, as the other bridge files make and read them
** (lboard.h gives each board's interned ones).
*/
#ifndef MUTORERE_LMOVE_H
#define MUTORERE_LMOVE_H

#include "board.h"
#include "lbridge.h"
#include "rules.h"

/* Pushes a new Move value for m: its text on a graph board, NULL for the
** wheel's notation. */
void lmove_new(lua_State *L, Move m, const char *text);

/* Pushes the Move value for m from the interned table at index interned,
** made and kept there when it is not yet (the wheel's moves). */
void lmove_push_interned(lua_State *L, int interned, Move m);

/* Pushes the table of the wheel's interned Move values (keys from * 256 +
** to; a board's are in its Board value: lboard_push_moves). */
void lmove_push_wheel_moves(lua_State *L);

/* The Move value at idx, or NULL. */
const Move *lmove_test(lua_State *L, int idx);

/* The Move at arg on r's board: a Move value or move text. */
Move lmove_check(lua_State *L, int arg, const Rules *r);

#endif

/*
** lmove.h — Move values, as the other bridge files make and read them
** (lboard.h gives each board's interned ones).
*/
#ifndef MUTORERE_LMOVE_H
#define MUTORERE_LMOVE_H

#include "board.h"
#include "lbridge.h"
#include "rules.h"

/* Marks the table at interned as the interned Moves of the board g (a
** wheel's table is known by its size, unmarked), keeping the value at keep (the Board that
** holds g; 0: none) alive with it: its Moves are then known as that
** board's (lmove_of_board). */
void lmove_own(lua_State *L, int interned, const Graph *g, int keep);

/* Pushes the Move value for m on the board g (NULL: the wheel of n arms)
** from the interned table at index interned, made and kept there when it
** is not yet (keys: from * 256 + to for a move that takes nothing, else
** its text). */
void lmove_push_interned(lua_State *L, int interned, const Graph *g, int n,
                         Move m);

/* Pushes the table of the interned Move values of the wheel of n arms (a
** board's are in its Board value: lboard_push_moves). */
void lmove_push_wheel_moves(lua_State *L, int n);

/* Pushes a point as Lua sees it: an arm number 1..n or "c"; on a graph
** board, its name. */
void lmove_push_point(lua_State *L, const Graph *g, int point);

/* The Move value at idx, or NULL. */
const Move *lmove_test(lua_State *L, int idx);

/* 1 when the Move value at idx is a move of the board g (NULL: the wheel
** of n arms): made on it or on a board equal to it. */
int lmove_of_board(lua_State *L, int idx, const Graph *g, int n);

/* The Move at arg on r's board: a Move value of that board, or move
** text. */
Move lmove_check(lua_State *L, int arg, const Rules *r);

#endif

/*
** lposition.h — Position and Move values, as the other bridge files make
** and read them.
*/
#ifndef MUTORERE_LPOSITION_H
#define MUTORERE_LPOSITION_H

#include "board.h"
#include "lbridge.h"

/* Pushes a new immutable Position value. */
void lposition_push(lua_State *L, const Position *p);

/* The Position at arg: a Position value or position text (errors name the
** argument). */
Position lposition_check(lua_State *L, int arg);

/* Pushes the Move value for m (interned: the same value each time). */
void lmove_push(lua_State *L, Move m);

/* The Move at arg on a board of n arms: a Move value or move text. */
Move lmove_check(lua_State *L, int arg, int n);

/* Pushes "black"/"white"/nil for a colour. */
void lposition_push_colour(lua_State *L, int colour);

#endif

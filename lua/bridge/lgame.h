/*
** lgame.h — Game values, as the other bridge files read and make them.
*/
#ifndef MUTORERE_LGAME_H
#define MUTORERE_LGAME_H

#include "game.h"
#include "lbridge.h"

/* The core game of the started Game value at idx, or NULL.  Its variant is
** the value's first user value. */
const Game *lgame_test(lua_State *L, int idx);

/* Pushes a Game value of the Variant at vidx that takes over game (an
** initialised core game, which the value now frees). */
void lgame_adopt(lua_State *L, int vidx, Game *game);

#endif

/*
** moves.h — the bench of the six games of drops, jumps and captures
** (moves.c).
*/
#ifndef MUTORERE_BENCH_MOVES_H
#define MUTORERE_BENCH_MOVES_H

#include "lua.h"

/* Prints the perft figures of the six games: the hand-written reference,
** the engine with the rules as fields and as a Lua moves hook (L has the
** module and bench/moves_hooks.lua loaded: its moves_perft). */
void bench_moves(lua_State *L, int quick);

#endif

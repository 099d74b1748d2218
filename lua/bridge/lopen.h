/*
** lopen.h — the functions that open each C part of the module (as lualib.h
** is for Lua's libraries): declarations only.  lmutorere.c alone calls
** them, in the order they must run (as linit.c does); each part includes
** this header to see its own.
*/
#ifndef MUTORERE_LOPEN_H
#define MUTORERE_LOPEN_H

#include <lua.h>

/* Each part registers its functions and classes in the module table at
** index module. */
void lposition_open(lua_State *L, int module);
/* Makes the Move values' metatable and the wheel's table of them (before
** anything makes a move). */
void lmove_open(lua_State *L);
void lvariant_open(lua_State *L, int module);
void lgame_open(lua_State *L, int module);
void lperft_open(lua_State *L, int module);
void lsolver_open(lua_State *L, int module);
void lsearch_open(lua_State *L, int module);
void lrecord_open(lua_State *L, int module);

/* Puts the library functions that can run long in C (the pattern
** functions, string.rep, table.insert, remove, move, concat, sort) in place
** of the standard ones, with versions that answer the budgets. */
void lsafelib_open(lua_State *L);

/* Puts metrics_exact (the exact figures of a variant's reachable states)
** and reach_count (their number, up to a most) in the table at shared. */
void lmetrics_open(lua_State *L, int shared);

/* Puts accuracy_run and accuracy_states (the C side of mt.accuracy and
** mt.tune) in the table at shared. */
void laccuracy_open(lua_State *L, int shared);

/* Puts guard(name) in the table at shared: the module function that calls
** shared[name] and keeps its partial result when it is stopped (lguard.c). */
void lguard_open(lua_State *L, int shared);

/* Registers workers() (a pool of worker processes, see lworkers.c) and
** cores() in the table at shared. */
void lworkers_open(lua_State *L, int shared);

/* Registers spawn() (a program run as a child, spoken to by lines: see
** lprocess.c) and find_program() in the table at shared. */
void lprocess_open(lua_State *L, int shared);

/* Counts L's memory (first: before anything is allocated that should be
** counted). */
void lwatchdog_watch(lua_State *L);

/* Registers mt.limit and mt.sandboxed, and within_sandbox in the table at
** shared (the Lua parts' private one). */
void lwatchdog_open(lua_State *L, int module, int shared);

/* Puts coroutine.resume, wrap and close and xpcall, as Lua's but watched
** (see lcoroutines.c), in place of the standard ones. */
void lcoroutines_open(lua_State *L);

#endif

/*
** lmutorere.h — the module "mutorere" and the functions that open each of
** its parts (as lualib.h is for Lua's libraries).
*/
#ifndef MUTORERE_LMUTORERE_H
#define MUTORERE_LMUTORERE_H

#include <lua.h>

/* Opens the module; the entry point of mutorere.so (its one exported
** symbol) and of the program. */
__attribute__((visibility("default"))) int luaopen_mutorere(lua_State *L);

/* Loads the embedded Lua part called name (e.g. "repl.lua") as a function
** whose globals are the module's private environment: the standard
** library as it was when the module opened.  Returns the load status, the
** function or a message pushed. */
int lmutorere_load(lua_State *L, const char *name);

/* Runs every Lua part of the module not run yet (they run when first used;
** the REPL wants them all, for completion).  Returns the status of the
** protected call, the message pushed on an error. */
int lmutorere_load_all(lua_State *L);

/* Each part registers its functions and classes in the module table at
** index module. */
void lposition_open(lua_State *L, int module);
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
** in the table at shared. */
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

/* Counts L's memory and puts the watched coroutine functions and xpcall
** in place (first: before anything copies the libraries). */
void lwatchdog_watch(lua_State *L);

/* Registers mt.limit and mt.sandboxed, and within_sandbox in the table at
** shared (the Lua parts' private one). */
void lwatchdog_open(lua_State *L, int module, int shared);

/* Puts coroutine.resume, wrap and close and xpcall, as Lua's but watched
** (see lcoroutines.c), in place of the standard ones. */
void lcoroutines_open(lua_State *L);

#endif

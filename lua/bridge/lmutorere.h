/*
** lmutorere.h — the module "mutorere": its entry point, and the loading
** of its embedded Lua parts (what the program calls; the functions that
** open each C part are declared in lopen.h).
*/
#ifndef MUTORERE_LMUTORERE_H
#define MUTORERE_LMUTORERE_H

#include <lua.h>

/* The registry field of the folder the module's code is in, which a host
** may set before it opens the module (the program sets its own; a fuzz
** target the top of its build tree): the search path starts with its
** scripts/.  Unset, the folder of mutorere.so (or of the library). */
#define LMUTORERE_HOME_KEY "mutorere.home"

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

#endif

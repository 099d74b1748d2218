/*
** linterrupt.h — Ctrl-C for the host program: the signal handler, the
** count hook and clearing the flag.  (The module itself only reads the
** flag: see lmutorere.h.)
*/
#ifndef MUTORERE_LINTERRUPT_H
#define MUTORERE_LINTERRUPT_H

#include <lua.h>

/* Installs the count hook on L; threads created from L inherit it. */
void linterrupt_install(lua_State *L);

/* Catches SIGINT from now on (a second one while the first is pending
** kills the program, as Ctrl-C would without us). */
void linterrupt_catch(void);

/* Sets the flag as SIGINT would. */
void linterrupt_set(void);

/* Clears the flag and restores L's hook after an interrupt. */
void linterrupt_clear(lua_State *L);

#endif

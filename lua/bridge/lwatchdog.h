/*
** lwatchdog.h — the watchdog: what the bridge files ask of it (a Cancel
** for core calls, Ctrl-C, the sandbox flag, the threads coroutines run),
** and the host program's side: a state with the counting allocator, the
** signals (Ctrl-C, the budgets' timer), and the memory cap of --safe.
*/
#ifndef MUTORERE_LWATCHDOG_H
#define MUTORERE_LWATCHDOG_H

#include <stddef.h>

#include <lua.h>

#include "cancel.h"
#include "memory.h"

/* --- for the bridge --- */

/* A Cancel for core calls made from L: it stops them on Ctrl-C or when a
** budget of mt.limit runs out. */
Cancel lwatchdog_cancel(lua_State *L);

/* 1 when Ctrl-C is pending. */
int lwatchdog_pending(void);

/* Raises "interrupted", or what ran out of a budget. */
int lwatchdog_raise(lua_State *L);

/* For long loops in C: counts work (as instructions) against the budget
** and raises when Ctrl-C came or a budget ran out.  Call it where a Lua
** error may be raised, every few thousand steps. */
void lwatchdog_poll(lua_State *L, lua_Integer work);

/* Before Lua code runs in the thread co on behalf of L (a resume, a
** close): makes co the thread that Ctrl-C and the timer stop, and carries
** the watch into it while something is watched.  Returns what to give
** lwatchdog_leave. */
lua_State *lwatchdog_enter(lua_State *L, lua_State *co);

/* Back in L once co has run (before: what lwatchdog_enter returned): a
** trip in co goes on tripping in L. */
void lwatchdog_leave(lua_State *L, lua_State *before);

/* 1 when Ctrl-C came or a budget of L ran out (Lua code would run
** unwatched in a message handler: do not call one then). */
int lwatchdog_tripped(lua_State *L);

/* 1 inside a sandbox (file access is refused there). */
int lwatchdog_sandboxed(lua_State *L);

/* Sets the sandbox flag on (1) or off (0); sandboxes nest. */
void lwatchdog_set_sandboxed(lua_State *L, int on);

/* --- for the host program --- */

/* A new state whose allocator counts its memory. */
lua_State *lwatchdog_newstate(void);

/* Catches SIGINT and SIGALRM from now on for L: Ctrl-C, and the timer of
** a time budget, stop the thread of L running Lua code (a second Ctrl-C
** while the first is pending kills the program, as it would without us). */
void lwatchdog_catch(lua_State *L);

/* Clears the interrupt flag and L's hook after an interrupt. */
void lwatchdog_clear(lua_State *L);

/* Starts a time budget of seconds for what runs next (0: none), as
** mt.limit does; lwatchdog_end ends it. */
void lwatchdog_begin(lua_State *L, double seconds);
void lwatchdog_end(lua_State *L);

/* Makes the Lua code of L stop, as a budget does ("cancelled"), once the
** Cancel c says so (polled every thousand instructions or so); NULL: no
** longer.  c must live until it is taken back. */
void lwatchdog_set_cancel(lua_State *L, const Cancel *c);

/* Charges the bytes L's allocator holds, now and from now on, to account a
** too (NULL: none), which has no limit yet; an allocation that would pass
** the limit it gets later fails. */
void lwatchdog_set_account(lua_State *L, MemoryAccount *a);

/* Caps the memory Lua and the core may take together at bytes more than
** they hold now (0: no cap). */
void lwatchdog_set_cap(lua_State *L, size_t bytes);

#endif

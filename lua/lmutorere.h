/*
** lmutorere.h — the Lua bridge: what its files share.  The bridge turns Lua
** values into core calls; the core never sees Lua.
*/
#ifndef MUTORERE_LMUTORERE_H
#define MUTORERE_LMUTORERE_H

#include <lauxlib.h>
#include <lua.h>

#include "board.h"
#include "cancel.h"
#include "game.h"
#include "rules.h"

#define MUTORERE_VERSION "0.1.0"

/* Metatable names in the registry. */
#define LPOSITION_META "mutorere.Position"
#define LMOVE_META "mutorere.Move"
#define LVARIANT_META "mutorere.Variant"
#define LGAME_META "mutorere.Game"

/* --- lmutorere.c: the module --- */

/* Opens the module; the entry point of mutorere.so (its one exported
** symbol) and of the program. */
__attribute__((visibility("default"))) int luaopen_mutorere(lua_State *L);

/* Creates the metatable tname with the given methods as its __index table,
** metamethods meta, and fields listed for completion; leaves nothing on
** the stack.  The methods table becomes module field class (e.g. "Game"). */
void lmutorere_class(lua_State *L, int module, const char *tname,
                     const char *class, const luaL_Reg *methods,
                     const luaL_Reg *meta);

/* Pushes module field name (the module is kept in the registry). */
void lmutorere_push_field(lua_State *L, const char *name);

/* Adds the NAME of every folder/NAME.lua on the search path to the set at
** index set (NAME = true). */
void lmutorere_scripts(lua_State *L, const char *folder, int set);

/* Pushes the keys of the set at index set as a sorted list. */
void lmutorere_sorted_keys(lua_State *L, int set);

/* --- lposition.c: Position and Move values --- */

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

void lposition_open(lua_State *L, int module);

/* --- lvariant.c: variants and their loading --- */

typedef struct HookContext {
  lua_State *L;  /* the thread running the current core call */
  int allow_ref; /* registry refs of the hook functions, or LUA_NOREF */
  int result_ref;
  int error_ref; /* the last hook failure's message, or LUA_NOREF */
  int last_ref;  /* the Position value last given to a hook, and its */
  Position last; /* position: reused while the position is the same */
} HookContext;

typedef struct Variant {
  Rules rules; /* rules.hooks.ctx points at hook */
  Position start;
  HookContext hook;
} Variant;

/* The variant of any spec at arg (name, path, Variant, table); the stack
** slot is replaced by the Variant value. */
Variant *lvariant_get(lua_State *L, int arg);

/* The Variant value at arg, or NULL. */
Variant *lvariant_test(lua_State *L, int arg);

/* Pushes v's name. */
void lvariant_push_name(lua_State *L, int arg);

/* Pushes field key of the description table of the Variant at idx (name,
** description, path, ..., and caches such as "solution"); returns its
** type. */
int lvariant_info_get(lua_State *L, int idx, const char *key);

/* Sets that field to the value on top (popped). */
void lvariant_info_set(lua_State *L, int idx, const char *key);

void lvariant_open(lua_State *L, int module);

/* --- lhook.c: the variants' Lua hooks --- */

/* Points v's rule hooks at its Lua functions (refs in v->hook). */
void lhook_wire(Variant *v);

/* Makes L the thread that runs v's hooks; returns the one before, to give
** back to lhook_leave. */
lua_State *lhook_enter(Variant *v, lua_State *L);
void lhook_leave(Variant *v, lua_State *before);

/* Raises the last hook failure of v (after a core call returned
** RULES_EHOOK or GAME_EHOOK). */
int lhook_raise(lua_State *L, Variant *v);

/* --- lgame.c: games --- */

/* The core game of the started Game value at idx, or NULL.  Its variant is
** the value's first user value. */
const Game *lgame_test(lua_State *L, int idx);

/* Pushes a Game value of the Variant at vidx that takes over game (an
** initialised core game, which the value now frees). */
void lgame_adopt(lua_State *L, int vidx, Game *game);

void lgame_open(lua_State *L, int module);

/* --- lsolver.c, lsearch.c: perfect play and searches --- */

void lsolver_open(lua_State *L, int module);
void lsearch_open(lua_State *L, int module);

/* --- lrecord.c: game records --- */

void lrecord_open(lua_State *L, int module);

/* --- lperft.c: perft --- */

void lperft_open(lua_State *L, int module);

/* --- lwatchdog.c: Ctrl-C, budgets, the memory cap, the sandbox flag --- */

/* A Cancel for core calls made from L: it stops them on Ctrl-C or when a
** budget of mt.limit runs out. */
Cancel lwatchdog_cancel(lua_State *L);

/* 1 when Ctrl-C is pending. */
int lwatchdog_pending(void);

/* Raises "interrupted", or what ran out of a budget. */
int lwatchdog_raise(lua_State *L);

/* 1 inside a sandbox (file access is refused there). */
int lwatchdog_sandboxed(lua_State *L);

/* Sets the sandbox flag on (1) or off (0); sandboxes nest. */
void lwatchdog_set_sandboxed(lua_State *L, int on);

/* Registers mt.limit and mt.sandboxed, and within_sandbox in the table at
** shared (the Lua parts' private one); wraps L's allocator and installs the
** hook when a host has not. */
void lwatchdog_open(lua_State *L, int module, int shared);

/* --- lembedded.c (generated): the module's Lua parts --- */

typedef struct EmbeddedFile {
  const char *name; /* e.g. "diagram.lua" */
  const char *text;
  size_t size;
} EmbeddedFile;

extern const EmbeddedFile lembedded_files[]; /* ends with a NULL name */

/* The embedded file called name, or NULL. */
const EmbeddedFile *lembedded_find(const char *name);

#endif

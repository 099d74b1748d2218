/*
** lbridge.h — what every file of the Lua bridge may use (as lauxlib.h is
** for Lua's libraries): the version, the metatable names, the helpers that
** build classes, reach the module and list scripts, and the embedded
** files.  The bridge turns Lua values into core calls; the core never sees
** Lua.
*/
#ifndef MUTORERE_LBRIDGE_H
#define MUTORERE_LBRIDGE_H

#include <lauxlib.h>
#include <lua.h>

#define MUTORERE_VERSION "0.1.0"

/* The registry key of the module table. */
#define LBRIDGE_MODULE_KEY "mutorere.module"

/* Metatable names in the registry. */
#define LPOSITION_META "mutorere.Position"
#define LMOVE_META "mutorere.Move"
#define LVARIANT_META "mutorere.Variant"
#define LGAME_META "mutorere.Game"

/* Creates the metatable tname with the given methods as its __index table,
** metamethods meta, and fields listed for completion; leaves nothing on
** the stack.  The methods table becomes module field class (e.g. "Game"). */
void lbridge_class(lua_State *L, int module, const char *tname,
                   const char *class, const luaL_Reg *methods,
                   const luaL_Reg *meta);

/* Pushes module field name (the module is kept in the registry). */
void lbridge_push_field(lua_State *L, const char *name);

/* Adds the NAME of every folder/NAME.lua on the search path to the set at
** index set (NAME = true). */
void lbridge_scripts(lua_State *L, const char *folder, int set);

/* Pushes the keys of the set at index set as a sorted list. */
void lbridge_sorted_keys(lua_State *L, int set);

/* --- the embedded files (lembedded.c, generated at build time) --- */

typedef struct EmbeddedFile {
  const char *name; /* e.g. "diagram.lua" */
  const char *text;
  size_t size;
  const char *defines; /* what a Lua part defines: "M.diagram shared.rng
                       ** M.Game:analyse " (each followed by a space) */
} EmbeddedFile;

extern const EmbeddedFile lembedded_files[]; /* ends with a NULL name */

/* The embedded file called name, or NULL. */
const EmbeddedFile *lbridge_embedded(const char *name);

#endif

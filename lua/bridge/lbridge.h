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

/* MUTORERE_VERSION, "0.1.0": the build defines it (from the version of the
** C library's header, core/capi/mutorere.h). */
#ifndef MUTORERE_VERSION
#error "the build defines MUTORERE_VERSION"
#endif

/* Registry keys: the module table scripts see (mt), the private one the
** module calls its own functions from, the environment of its Lua parts,
** and the table they share. */
#define LBRIDGE_MODULE_KEY "mutorere.module"
#define LBRIDGE_API_KEY "mutorere.api"
#define LBRIDGE_ENV_KEY "mutorere.env"
#define LBRIDGE_SHARED_KEY "mutorere.shared" /* what the Lua parts share */

/* Metatable names in the registry.  Those of Position, Variant and Game
** are arrays: their addresses key the metatables too
** (lbridge_newmetatable). */
#define LPOSITION_META lbridge_position_meta
#define LMOVE_META "mutorere.Move"
#define LVARIANT_META lbridge_variant_meta
#define LGAME_META lbridge_game_meta
extern const char lbridge_position_meta[], lbridge_variant_meta[],
    lbridge_game_meta[];

/* luaL_newmetatable, and the metatable also kept under tname's address,
** where lbridge_testudata, lbridge_checkudata and lbridge_setmetatable
** find it without a look-up of tname's text (a userdata's type is
** checked at every call of a method). */
int lbridge_newmetatable(lua_State *L, const char *tname);

/* luaL_testudata for a metatable of lbridge_newmetatable's. */
void *lbridge_testudata(lua_State *L, int idx, const char *tname);

/* luaL_checkudata for a metatable of lbridge_newmetatable's. */
void *lbridge_checkudata(lua_State *L, int idx, const char *tname);

/* luaL_setmetatable for a metatable of lbridge_newmetatable's. */
void lbridge_setmetatable(lua_State *L, const char *tname);

/* Creates the metatable tname with the given methods as its __index table,
** metamethods meta, and fields listed for completion; leaves nothing on
** the stack.  The methods table becomes module field class (e.g. "Game"). */
void lbridge_class(lua_State *L, int module, const char *tname,
                   const char *class, const luaL_Reg *methods,
                   const luaL_Reg *meta);

/* Pushes field name of the module table scripts see (mt.path). */
void lbridge_push_field(lua_State *L, const char *name);

/* Pushes the module's own function name (mt.variant as the module opened
** it, whatever a script has put in mt since). */
void lbridge_push_api(lua_State *L, const char *name);

/* Adds the NAME of every folder/NAME.lua on the search path to the set at
** index set (NAME = true). */
void lbridge_scripts(lua_State *L, const char *folder, int set);

/* Pushes the string keys of the set at index set as a sorted list (no Lua
** function is called). */
void lbridge_sorted_keys(lua_State *L, int set);

/* How much of what was typed a message shows, in bytes: a value
** described, a name (of a variant, a player, a puzzle) not found. */
#define LBRIDGE_SHOWN_VALUE 40
#define LBRIDGE_SHOWN_NAME 100

/* Pushes and returns text s (k bytes) as a message shows what was typed
** (board_shown's rule), at most most bytes (LBRIDGE_SHOWN_NAME at most). */
const char *lbridge_push_shown(lua_State *L, const char *s, size_t k,
                               size_t most);

/* Pushes and returns a short description of the value at idx for error
** messages: a number as written (66, 1e+300), a string quoted (as
** lbridge_push_shown shows it, at most LBRIDGE_SHOWN_VALUE bytes), else
** its type name. */
const char *lbridge_describe(lua_State *L, int idx);

/* The error object at idx as text for a message: itself when a string (or
** a number), else "(an error object of type T)"; runs no code. */
const char *lbridge_message(lua_State *L, int idx);

/* 1 when the value at idx is a string without zero bytes (a path, a
** name: what C would read whole). */
int lbridge_is_text(lua_State *L, int idx);

/* The one rule for a text argument: raises an argument error of arg
** naming what ("the move holds a zero byte") when the string at arg holds
** a zero byte, which C would cut short; returns the string (a number is
** taken as luaL_checklstring takes it).  *len gets its length when len is
** not NULL. */
const char *lbridge_check_text(lua_State *L, int arg, const char *what,
                               size_t *len);

/* The one rule for a count (an integer argument, option or field): 1 when
** the value at idx is a number with a whole value that fits an integer (2,
** or 4/2 = 2.0, as Lua's own functions take it), and then *x is it; 0 for
** 2.5, a string ("2") or anything else. */
int lbridge_whole(lua_State *L, int idx, lua_Integer *x);

/* The argument arg as a count from lo to hi (def when arg is none or nil
** and optional), or an argument error: "what must be a whole number from
** lo to hi, got 2.5" (without the bounds that are the integers' own). */
lua_Integer lbridge_check_whole(lua_State *L, int arg, const char *what,
                                lua_Integer lo, lua_Integer hi);
lua_Integer lbridge_opt_whole(lua_State *L, int arg, const char *what,
                              lua_Integer def, lua_Integer lo, lua_Integer hi);

/* Seconds on a monotonic clock (mt.clock). */
double lbridge_clock(void);

/* Pushes the least key of the table at t that is not among names (a
** NULL-terminated list of strings) and returns 1, or pushes nothing and
** returns 0 when every key is among them.  "Least" is an order that does
** not hang on the table's layout (by type, strings by their bytes, numbers
** and booleans by value), so that a message naming the key is the same
** whatever order Lua's hashing gives the keys.  Runs no Lua code. */
int lbridge_unknown_key(lua_State *L, int t, const char *const *names);

/* Pushes and returns names (a NULL-terminated list) joined by ", ", for a
** message that lists what is known. */
const char *lbridge_push_names(lua_State *L, const char *const *names);

/* Raises an error of argument arg, a table of options, when one of its keys
** is not among names (a NULL-terminated list): "unknown option "x" (the
** options are a, b)", naming the least such key (lbridge_unknown_key). */
void lbridge_check_options(lua_State *L, int arg, const char *const *names);

/* The reason an error message at idx gives: the text inside an argument
** error ("bad argument #1 to 'variant' (unknown variant 'x')" gives
** "unknown variant 'x'"), else the message as lbridge_message says it. */
const char *lbridge_reason(lua_State *L, int idx);

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

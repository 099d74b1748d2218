/*
** lmutorere.c — the module "mutorere": its C functions, the search path for
** scripts, and its Lua parts (embedded at build time), each run over it
** the first time something it defines is used (so that a start that needs
** none of them pays for none), then published like the rest.
*/
#define _GNU_SOURCE /* dladdr */
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <poll.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lbridge.h"
#include "lfiles.h"
#include "lmutorere.h"
#include "lopen.h"
#include "lposition.h"
#include "lwatchdog.h"

#define LOADED_KEY "mutorere.parts" /* the parts run so far */

/* The installed scripts of the prefix the build was configured for. */
#ifndef MUTORERE_SCRIPTS
#define MUTORERE_SCRIPTS "/usr/local/share/mutorere/scripts"
#endif
/* Where the installed scripts are from the installed program, C library and
** Lua module: paths relative to their folder, colon-separated (the build
** computes them from the install layout, so that an install moved to
** another prefix, or staged under DESTDIR, still finds its scripts). */
#ifndef MUTORERE_SCRIPTS_NEAR
#define MUTORERE_SCRIPTS_NEAR "../share/mutorere/scripts"
#endif

/* The Lua parts that run when first used, in the order they run when all
** do.  sandbox.lua (which hardens the strings' methods and the metatables)
** and then api.lua (which makes the functions of the others raise errors as
** the C ones do, and each part's as it runs) run at once. */
static const char *const lua_parts[] = {
    "diagram.lua",  "help.lua",     "extras.lua",   "players.lua",
    "against.lua",  "matches.lua",  "stats.lua",    "openings.lua", "standings.lua",
    "metrics.lua",  "review.lua",   "report.lua",   "pictures.lua",
    "html.lua",     "play.lua",     "puzzles.lua",  "accuracy.lua",
    "tune.lua",     "boards.lua",   "engines.lua",  "enginerules.lua",
    "clocks.lua",   "gamefiles.lua", "charts.lua", NULL};

/* 1 when path is a directory. */
static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Appends dir to the list at t when it is a directory. */
static void path_add(lua_State *L, int t, const char *dir) {
  if (!is_dir(dir)) return;
  lua_Integer n = luaL_len(L, t);
  for (lua_Integer i = 1; i <= n; i++) { /* no duplicates */
    lua_rawgeti(L, t, i);
    int same = strcmp(lua_tostring(L, -1), dir) == 0;
    lua_pop(L, 1);
    if (same) return;
  }
  lua_pushstring(L, dir);
  lua_rawseti(L, t, n + 1);
}

/* Pushes the directory of this code: the program's (set by it) or that of
** the file this code was loaded from (mutorere.so, libmutorere), where the
** file really is: a link to it in another folder (a module linked into a
** Lua tree, a library into a program's folder) does not lose its scripts. */
static void push_home(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, LMUTORERE_HOME_KEY) == LUA_TSTRING)
    return;
  lua_pop(L, 1);
  Dl_info info;
  char real[PATH_MAX];
  const char *file = NULL;
  if (dladdr((void *)luaopen_mutorere, &info) && info.dli_fname &&
      strchr(info.dli_fname, '/'))
    file = realpath(info.dli_fname, real) ? real : info.dli_fname;
  if (file)
    lua_pushlstring(L, file, (size_t)(strrchr(file, '/') - file));
  else
    lua_pushliteral(L, ".");
}

/* Appends to the list at t each directory of the colon-separated list,
** each after prefix (a folder and a slash, or ""); with a prefix, as its
** real path (without the "..": "/opt/x/share/...", not
** "/opt/x/lib/lua/5.4/../../../share/..."). */
static void path_add_list(lua_State *L, int t, const char *prefix,
                          const char *list) {
  while (list && *list) {
    const char *colon = strchr(list, ':');
    int k = colon ? (int)(colon - list) : (int)strlen(list);
    if (k) {
      char real[PATH_MAX];
      lua_pushstring(L, prefix);
      lua_pushlstring(L, list, (size_t)k);
      lua_concat(L, 2);
      const char *dir = lua_tostring(L, -1);
      path_add(L, t, *prefix && realpath(dir, real) ? real : dir);
      lua_pop(L, 1);
    }
    list = colon ? colon + 1 : NULL;
  }
}

/* Pushes the search path: MUTORERE_PATH's directories, then the scripts
** next to the program or module (the build tree), then the installed ones
** found from the program or module, then those of the prefix it was built
** for. */
static void push_search_path(lua_State *L) {
  lua_newtable(L);
  int t = lua_gettop(L);
  path_add_list(L, t, "", getenv("MUTORERE_PATH"));
  push_home(L);
  const char *home = lua_pushfstring(L, "%s/", lua_tostring(L, -1));
  path_add(L, t, lua_pushfstring(L, "%sscripts", home));
  path_add_list(L, t, home, MUTORERE_SCRIPTS_NEAR);
  path_add(L, t, MUTORERE_SCRIPTS);
  lua_settop(L, t);
}

/* The reader the Lua parts get: embedded(name) -> text or nil. */
static int read_embedded(lua_State *L) {
  const EmbeddedFile *f = lbridge_embedded(luaL_checkstring(L, 1));
  if (!f) return 0;
  lua_pushlstring(L, f->text, f->size);
  return 1;
}

/* shared.globals() — the global table of the code running now (the
** REPL's, the sandbox's under --safe). */
static int push_globals(lua_State *L) {
  lua_pushglobaltable(L);
  return 1;
}

/* shared.lua_function(x) — true when x is a function written in Lua. */
static int is_lua_function(lua_State *L) {
  lua_pushboolean(L, lua_isfunction(L, 1) && !lua_iscfunction(L, 1));
  return 1;
}

/* shared.whole(x) — x as an integer when it is a count by the one rule of
** lbridge_whole (2 and 4/2 give 2), else nil (2.5, "2"). */
static int shared_whole(lua_State *L) {
  lua_Integer x;
  if (lbridge_whole(L, 1, &x))
    lua_pushinteger(L, x);
  else
    lua_pushnil(L);
  return 1;
}

/* shared.text(x) — true when x is a string without a zero byte (what C
** reads whole: lbridge_is_text). */
static int shared_text(lua_State *L) {
  lua_pushboolean(L, lbridge_is_text(L, 1));
  return 1;
}

/* shared.shown(s [, most]) — text s as a message shows what was typed
** (lbridge_push_shown: at most most bytes, LBRIDGE_SHOWN_VALUE by
** default). */
static int shared_shown(lua_State *L) {
  size_t k;
  lua_Integer most = LBRIDGE_SHOWN_VALUE;
  if (!lua_isnoneornil(L, 2) && !lbridge_whole(L, 2, &most))
    luaL_argerror(L, 2, "a count");
  const char *s = luaL_checklstring(L, 1, &k); /* (bytes and all: shown) */
  lbridge_push_shown(L, s, k, most > 0 ? (size_t)most : 0);
  return 1;
}

/* Pushes a shallow copy of the table at idx (made at its size at once:
** growing it field by field would rehash it at every power of two). */
static void push_copy(lua_State *L, int idx) {
  int n = 0;
  idx = lua_absindex(L, idx);
  for (lua_pushnil(L); lua_next(L, idx); n++) lua_pop(L, 1);
  lua_createtable(L, 0, n);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
}

/* Pushes the environment of the Lua parts: the base functions and copies
** of the library tables as they are now, so that nothing a script changes
** in the globals later reaches the module (lfiles_open then puts its own
** loadfile in place of Lua's). */
static void push_private_env(lua_State *L) {
  static const char *const base[] = {"assert",
                                     "error",
                                     "getmetatable",
                                     "ipairs",
                                     "next",
                                     "pairs",
                                     "pcall",
                                     "print",
                                     "rawequal",
                                     "rawget",
                                     "rawlen",
                                     "rawset",
                                     "select",
                                     "setmetatable",
                                     "tonumber",
                                     "tostring",
                                     "type",
                                     "xpcall",
                                     "load",
                                     "loadfile",
                                     "collectgarbage",
                                     "_VERSION",
                                     NULL};
  static const char *const libraries[] = {"string", "table",     "math",
                                          "utf8",   "coroutine", "os",
                                          "io",     "debug",     NULL};
  lua_createtable(L, 0, 32); /* the base, the libraries, _G */
  int env = lua_gettop(L);
  lua_pushglobaltable(L);
  for (int i = 0; base[i]; i++) {
    lua_getfield(L, env + 1, base[i]);
    lua_setfield(L, env, base[i]);
  }
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  for (int i = 0; libraries[i]; i++)
    if (lua_getfield(L, -1, libraries[i]) == LUA_TTABLE) {
      push_copy(L, -1);
      lua_setfield(L, env, libraries[i]);
      lua_pop(L, 1);
    } else
      lua_pop(L, 1);
  lua_settop(L, env);
  lua_pushvalue(L, env);
  lua_setfield(L, env, "_G");
}

int lmutorere_load(lua_State *L, const char *name) {
  const EmbeddedFile *f = lbridge_embedded(name);
  if (!f) {
    lua_pushfstring(L, "mutorere: missing part %s", name);
    return LUA_ERRFILE;
  }
  lua_pushfstring(L, "@mutorere/%s", name);
  int status = luaL_loadbufferx(L, f->text, f->size, lua_tostring(L, -1), "b");
  lua_remove(L, -2);
  if (status != LUA_OK) return status;
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_ENV_KEY);
  if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  return LUA_OK;
}

/* Runs the Lua part called name (with module, embedded reader, the table
** the parts share). */
static void call_part(lua_State *L, int module, int shared, const char *name) {
  if (lmutorere_load(L, name) != LUA_OK) lua_error(L);
  lua_pushvalue(L, module);
  lua_pushcfunction(L, read_embedded);
  lua_pushvalue(L, shared);
  lua_call(L, 3, 0);
}

/* Registers the method table on top as package.loaded["mutorere.Class"],
** where Lua looks for the names of functions called without one (through
** pcall, say): an argument error then names mutorere.Game.play, not '?'. */
static void name_class(lua_State *L, const char *class) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushfstring(L, "mutorere.%s", class);
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* Publishes field key (on top, popped) of the private table at api in the
** public module at module: the same function, a copy of a table.  A method
** table the values use stays private; its public copy is where it looks
** for methods that scripts add. */
static void publish_field(lua_State *L, int api, int module) {
  lua_pushvalue(L, -1);
  lua_rawget(L, api);
  const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
  if (lua_type(L, -1) == LUA_TTABLE) {
    push_copy(L, -1);
    if (*key >= 'A' && *key <= 'Z' && !lua_getmetatable(L, -2)) {
      lua_createtable(L, 0, 1); /* private methods fall back on the copy */
      lua_pushvalue(L, -2);
      lua_setfield(L, -2, "__index");
      lua_setmetatable(L, -3);
      name_class(L, key);
    }
    lua_remove(L, -2);
  }
  lua_rawset(L, module);
}

/* Fills the public module table at module from the private one at api, so
** that what a script changes in mt never reaches the module's own calls. */
static void publish(lua_State *L, int api, int module) {
  lua_pushnil(L);
  while (lua_next(L, api)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    publish_field(L, api, module);
  }
}

/* --- the parts, run when first used --- */

/* Pushes the private table, the public module and the shared table. */
static void push_tables(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_SHARED_KEY);
}

/* Calls visit(L, ud, word, k) for each word of the part's definitions
** starting with prefix ("M.", "shared."), k being the prefix's length. */
static void each_definition(lua_State *L, const char *part, const char *prefix,
                            void (*visit)(lua_State *, void *, const char *,
                                          size_t, size_t),
                            void *ud) {
  const char *list = lbridge_embedded(part)->defines;
  size_t k = strlen(prefix);
  for (const char *at = list; (at = strstr(at, prefix)); at += k)
    if (at == list || at[-1] == ' ')
      visit(L, ud, at, k, (size_t)(strchr(at, ' ') - at));
}

/* Pushes the table a definition "M.name" or "M.Class:name" is in, in the
** private (side 0) or the public (side 1) module, and the name; returns 0
** when there is no such table. */
static int push_place(lua_State *L, const char *word, size_t k, size_t len,
                      int side) {
  const char *colon = memchr(word + k, ':', len - k);
  lua_getfield(L, LUA_REGISTRYINDEX,
               side ? LBRIDGE_MODULE_KEY : LBRIDGE_API_KEY);
  if (colon) {
    lua_pushlstring(L, word + k, (size_t)(colon - word) - k);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
      lua_pop(L, 2);
      return 0;
    }
    lua_remove(L, -2);
    lua_pushlstring(L, colon + 1, (size_t)(word + len - colon) - 1);
  } else
    lua_pushlstring(L, word + k, len - k);
  return 1;
}

static int redefined(lua_State *L);

/* Puts back a C function that a part redefines, where a stand-in
** (redefined) waits for the part, on both sides. */
static void restore(lua_State *L, void *ud, const char *word, size_t k,
                    size_t len) {
  (void)ud;
  for (int side = 0; side < 2; side++) {
    if (!push_place(L, word, k, len, side)) continue;
    lua_pushvalue(L, -1);
    lua_rawget(L, -3);
    if (lua_tocfunction(L, -1) == redefined) {
      lua_getupvalue(L, -1, 2);
      lua_replace(L, -2);
      lua_rawset(L, -3);
      lua_pop(L, 1);
    } else
      lua_pop(L, 3);
  }
}

/* After a part ran: makes what it defined raise errors as the C functions
** do (api.lua's shared.positioned and shared.wrap_functions, for Lua
** functions: a C function raises its own) and publishes it. */
static void settle(lua_State *L, void *ud, const char *word, size_t k,
                   size_t len) {
  int shared = *(int *)ud, method = memchr(word + k, ':', len - k) != NULL;
  if (!push_place(L, word, k, len, 0)) return; /* table, name */
  int table = lua_gettop(L) - 1, name = table + 1;
  lua_pushvalue(L, name);
  int type = lua_rawget(L, table); /* table, name, value */
  if (type == LUA_TFUNCTION && !lua_iscfunction(L, -1) &&
      lua_getfield(L, shared, "positioned") == LUA_TFUNCTION) {
    lua_insert(L, -2);
    lua_call(L, 1, 1);
    lua_pushvalue(L, name);
    lua_insert(L, -2);
    lua_rawset(L, table);
  } else if (type == LUA_TTABLE &&
             lua_getfield(L, shared, "wrap_functions") == LUA_TFUNCTION) {
    lua_insert(L, -2);
    lua_call(L, 1, 0);
  } else
    lua_settop(L, name);
  lua_settop(L, name);
  if (method) {                           /* into the class's public copy */
    if (push_place(L, word, k, len, 1)) { /* table, name, copy, name */
      lua_pushvalue(L, name);
      lua_rawget(L, table);
      lua_rawset(L, -3);
      lua_pop(L, 1);
    }
  } else {
    lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
    lua_pushvalue(L, name);
    publish_field(L, table, lua_gettop(L) - 1);
    lua_pop(L, 1);
  }
  lua_settop(L, table - 1);
}

/* Locks the parts' classes (sandbox.lua's shared.lock: a script then sees
** a read-only view of their metatables). */
static void lock_classes(lua_State *L, int shared) {
  if (lua_getfield(L, shared, "lock") != LUA_TFUNCTION ||
      lua_getfield(L, shared, "classes") != LUA_TTABLE) {
    lua_settop(L, shared);
    return;
  }
  for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
    lua_pushvalue(L, -3);
    lua_insert(L, -2);
    lua_call(L, 1, 0);
  }
  lua_settop(L, shared);
}

/* run_part's protected body (the part's name: light userdata 1): puts back
** the C functions the part redefines, runs it over the private table,
** settles what it defined. */
static int run_part_body(lua_State *L) {
  const char *name = lua_touserdata(L, 1);
  each_definition(L, name, "M.", restore, NULL);
  push_tables(L);
  int shared = lua_gettop(L);
  call_part(L, shared - 2, shared, name);
  each_definition(L, name, "M.", settle, &shared);
  lock_classes(L, shared);
  return 0;
}

/* Runs the part called name unless it has run.  When it fails (a budget of
** mt.limit or Ctrl-C may stop it) it counts as not run: the next use runs
** it again, instead of finding half of it. */
static void run_part(lua_State *L, const char *name) {
  lua_getfield(L, LUA_REGISTRYINDEX, LOADED_KEY);
  if (lua_getfield(L, -1, name) != LUA_TNIL) {
    lua_pop(L, 2);
    return;
  }
  lua_pushboolean(L, 1); /* marked first: a part may use what it defines */
  lua_setfield(L, -3, name);
  lua_pop(L, 1);
  lua_pushcfunction(L, run_part_body);
  lua_pushlightuserdata(L, (void *)name);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    lua_pushnil(L);
    lua_setfield(L, -3, name);
    lua_error(L);
  }
  lua_pop(L, 1);
}

/* shared.run_all_parts() — runs every part not run yet. */
static int run_all_parts(lua_State *L) {
  for (int i = 0; lua_parts[i]; i++) run_part(L, lua_parts[i]);
  return 0;
}

int lmutorere_load_all(lua_State *L) {
  lua_pushcfunction(L, run_all_parts);
  return lua_pcall(L, 0, 0, 0);
}

/* 1 when the definitions list (words each followed by a space) has word. */
static int defines(const char *list, const char *word) {
  size_t k = strlen(word);
  for (const char *at = list; (at = strstr(at, word)); at += k)
    if ((at == list || at[-1] == ' ') && at[k] == ' ') return 1;
  return 0;
}

/* __index of the private and public modules, the shared table and the
** public method tables: runs the part that defines the key (upvalue 1:
** the prefix of its definitions, "M.", "shared." or "M.Game:"), then
** answers from upvalue 2 (the table the part fills), raw. */
static int lazy_index(lua_State *L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    const char *word = lua_pushfstring(
        L, "%s%s", lua_tostring(L, lua_upvalueindex(1)), lua_tostring(L, 2));
    for (int i = 0; lua_parts[i]; i++)
      if (defines(lbridge_embedded(lua_parts[i])->defines, word)) {
        run_part(L, lua_parts[i]);
        break;
      }
  }
  lua_settop(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  return 1;
}

/* next(t, k) as the base library's (which a script may have replaced). */
static int raw_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

/* __pairs of those tables: every part runs first, so that all is seen. */
static int lazy_pairs(lua_State *L) {
  run_all_parts(L);
  lua_pushcfunction(L, raw_next);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* Makes the table at idx run the parts as its fields are first used:
** prefix names its fields in the parts' definitions, and the table at
** source is where the parts put them. */
static void make_lazy(lua_State *L, int idx, const char *prefix, int source) {
  idx = lua_absindex(L, idx);
  source = lua_absindex(L, source);
  lua_createtable(L, 0, 2);
  lua_pushstring(L, prefix);
  lua_pushvalue(L, source);
  lua_pushcclosure(L, lazy_index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, lazy_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_setmetatable(L, idx);
}

/* Stands for a C function that a part redefines (upvalues: the part's
** name, the C function, the place's word): runs the part (which puts the C
** function back first, then wraps it) and calls what it put there. */
static int redefined(lua_State *L) {
  run_part(L, lua_tostring(L, lua_upvalueindex(1)));
  size_t len;
  const char *word = lua_tolstring(L, lua_upvalueindex(3), &len);
  push_place(L, word, 2, len, 0);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* Where a part redefines a C function, a stand-in (redefined) takes its
** place on both sides until the part runs. */
static void defer(lua_State *L, void *ud, const char *word, size_t k,
                  size_t len) {
  const char *part = ud;
  for (int side = 0; side < 2; side++) {
    if (!push_place(L, word, k, len, side)) continue;
    lua_pushvalue(L, -1);
    if (lua_rawget(L, -3) == LUA_TFUNCTION && lua_iscfunction(L, -1) &&
        lua_tocfunction(L, -1) != redefined) {
      lua_pushstring(L, part);
      lua_insert(L, -2);
      lua_pushlstring(L, word, len);
      lua_pushcclosure(L, redefined, 3);
      lua_rawset(L, -3);
      lua_pop(L, 1);
    } else
      lua_pop(L, 3);
  }
}

/* Makes the module lazy: the private and public tables, the shared table,
** and the public copy of every class. */
static void make_module_lazy(lua_State *L, int api, int module, int shared) {
  make_lazy(L, api, "M.", api);
  make_lazy(L, module, "M.", module);
  make_lazy(L, shared, "shared.", shared);
  lua_pushnil(L);
  while (lua_next(L, module)) { /* key, public copy */
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
    if (*key >= 'A' && *key <= 'Z' && lua_type(L, -1) == LUA_TTABLE) {
      lua_pushfstring(L, "M.%s:", key);
      lua_pushvalue(L, -3);
      lua_rawget(L, api); /* the private methods */
      make_lazy(L, -3, lua_tostring(L, -2), -1);
      lua_pop(L, 2);
    }
    lua_pop(L, 1);
  }
  for (int i = 0; lua_parts[i]; i++)
    each_definition(L, lua_parts[i], "M.", defer, (void *)lua_parts[i]);
}

/* mt.type(x) — "Game", "Variant", "Position" or "Move" for the module's
** values, else nil (as io.type does for files). */
static int module_type(lua_State *L) {
  luaL_checkany(L, 1);
  if (lbridge_testudata(L, 1, LGAME_META))
    lua_pushliteral(L, "Game");
  else if (lbridge_testudata(L, 1, LVARIANT_META))
    lua_pushliteral(L, "Variant");
  else if (lposition_test(L, 1))
    lua_pushliteral(L, "Position");
  else if (lmove_test(L, 1))
    lua_pushliteral(L, "Move");
  else
    lua_pushnil(L);
  return 1;
}

/* mt.clock() — seconds on a monotonic clock (for timing). */
static int module_clock(lua_State *L) {
  lua_pushnumber(L, lbridge_clock());
  return 1;
}

/* The descriptor of the file (io.stdout, ...) or number at arg, or -1. */
static int fd_of(lua_State *L, int arg) {
  luaL_Stream *s = luaL_testudata(L, arg, LUA_FILEHANDLE);
  if (s) return s->f ? fileno(s->f) : -1;
  return (int)lbridge_check_whole(L, arg, "a file descriptor", 0, INT_MAX);
}

/* mt.isatty(file) — true when a file (io.stdout, io.stderr, ...) or
** descriptor number is a terminal. */
static int module_isatty(lua_State *L) {
  int fd = fd_of(L, 1);
  lua_pushboolean(L, fd >= 0 && isatty(fd));
  return 1;
}

/* mt.input_ready(file) — true when input is waiting on a file (io.stdin)
** or descriptor: a read would not block. */
static int module_input_ready(lua_State *L) {
  int fd = fd_of(L, 1);
  struct pollfd p = {fd, POLLIN, 0};
  lua_pushboolean(L, fd >= 0 && poll(&p, 1, 0) > 0);
  return 1;
}

/* mt.scripts(folder) — the sorted names of the scripts folder/NAME.lua on
** the search path ("variants", "ai", "puzzles"). */
static int module_scripts(lua_State *L) {
  const char *folder = lfiles_checkpath(L, 1);
  luaL_argcheck(L, !strchr(folder, '.') && !strchr(folder, '/'), 1,
                "a folder name");
  lua_newtable(L);
  int set = lua_gettop(L);
  lbridge_scripts(L, folder, set);
  lbridge_sorted_keys(L, set);
  return 1;
}

/* Sets mt.colours: true when standard output is a terminal and NO_COLOR is
** unset or empty. */
static void set_colours(lua_State *L, int module) {
  const char *no_colour = getenv("NO_COLOR");
  int terminal = isatty(STDOUT_FILENO);
  lua_pushboolean(L, terminal && !(no_colour && *no_colour));
  lua_setfield(L, module, "colours");
  lua_pushboolean(L, terminal);
  lua_setfield(L, module, "terminal");
}

int luaopen_mutorere(lua_State *L) {
  luaL_checkversion(L);
  lwatchdog_watch(L);
  lcoroutines_open(L); /* before anything copies the libraries */
  lsafelib_open(L);
  lua_newtable(L);
  int module = lua_gettop(L); /* what scripts see */
  lua_newtable(L);
  int api = lua_gettop(L); /* what the module itself calls */
  lua_pushvalue(L, module);
  lua_setfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
  lua_pushvalue(L, api);
  lua_setfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
  push_private_env(L);
  lua_setfield(L, LUA_REGISTRYINDEX, LBRIDGE_ENV_KEY);
  lua_pushliteral(L, MUTORERE_VERSION);
  lua_setfield(L, api, "version");
  push_search_path(L);
  lua_setfield(L, module, "path");
  lmove_open(L);
  lposition_open(L, api);
  lvariant_open(L, api);
  lgame_open(L, api);
  lperft_open(L, api);
  lsolver_open(L, api);
  lsearch_open(L, api);
  lrecord_open(L, api);
  set_colours(L, module);
  static const luaL_Reg functions[] = {
      {"type", module_type},       {"clock", module_clock},
      {"isatty", module_isatty},   {"input_ready", module_input_ready},
      {"scripts", module_scripts}, {NULL, NULL}};
  lua_pushvalue(L, api);
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
  lua_newtable(L);
  int shared = lua_gettop(L);
  lua_pushvalue(L, module);
  lua_setfield(L, shared, "module");
  lua_pushcfunction(L, push_globals);
  lua_setfield(L, shared, "globals");
  lua_pushcfunction(L, is_lua_function);
  lua_setfield(L, shared, "lua_function");
  lua_pushcfunction(L, shared_whole);
  lua_setfield(L, shared, "whole");
  lua_pushcfunction(L, shared_text);
  lua_setfield(L, shared, "text");
  lua_pushcfunction(L, shared_shown);
  lua_setfield(L, shared, "shown");
  lua_pushinteger(L, LBRIDGE_SHOWN_NAME); /* (a name not found: as much) */
  lua_setfield(L, shared, "SHOWN_NAME");
  lua_pushvalue(L, shared);
  lua_setfield(L, LUA_REGISTRYINDEX, LBRIDGE_SHARED_KEY);
  lwatchdog_open(L, api, shared);
  lfiles_open(L, shared);
  lmetrics_open(L, shared);
  laccuracy_open(L, shared);
  lguard_open(L, shared);
  lworkers_open(L, shared);
  lprocess_open(L, shared);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, LOADED_KEY);
  lua_newtable(L);
  lua_setfield(L, shared, "classes"); /* the parts' classes, for locking */
  lua_pushcfunction(L, run_all_parts);
  lua_setfield(L, shared, "run_all_parts");
  call_part(L, api, shared, "sandbox.lua");
  call_part(L, api, shared, "api.lua");
  publish(L, api, module);
  make_module_lazy(L, api, module, shared);
  lua_settop(L, module);
  return 1;
}

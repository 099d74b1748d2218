/*
** lmutorere.c — the module "mutorere": its C functions, the search path for
** scripts, and its Lua parts (embedded at build time), each run over the
** module the first time one of the things it defines is used (so that a
** start that needs none of them pays for none).
*/
#define _GNU_SOURCE /* dladdr */
#include <dirent.h>
#include <dlfcn.h>
#include <poll.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lbridge.h"
#include "lmutorere.h"
#include "lposition.h"
#include "lwatchdog.h"

#define HOME_KEY "mutorere.home"     /* set by the program: its directory */
#define SHARED_KEY "mutorere.shared" /* the table the parts share */
#define LOADED_KEY "mutorere.parts"  /* the parts run so far */

#ifndef MUTORERE_DATADIR
#define MUTORERE_DATADIR "/usr/local/share/mutorere"
#endif

/* The Lua parts, in the order they run. */
static const char *const lua_parts[] = {
    "diagram.lua", "help.lua",    "extras.lua", "players.lua",  "matches.lua",
    "metrics.lua", "review.lua",  "report.lua", "pictures.lua", "html.lua",
    "puzzles.lua", "sandbox.lua", NULL};

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
** mutorere.so. */
static void push_home(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, HOME_KEY) == LUA_TSTRING) return;
  lua_pop(L, 1);
  Dl_info info;
  if (dladdr((void *)luaopen_mutorere, &info) && info.dli_fname &&
      strchr(info.dli_fname, '/')) {
    const char *slash = strrchr(info.dli_fname, '/');
    lua_pushlstring(L, info.dli_fname, (size_t)(slash - info.dli_fname));
  } else
    lua_pushliteral(L, ".");
}

/* Pushes the search path: MUTORERE_PATH's directories, then the scripts
** next to the program or module, then the installed ones. */
static void push_search_path(lua_State *L) {
  lua_newtable(L);
  int t = lua_gettop(L);
  const char *env = getenv("MUTORERE_PATH");
  while (env && *env) {
    const char *colon = strchr(env, ':');
    size_t k = colon ? (size_t)(colon - env) : strlen(env);
    if (k) {
      lua_pushlstring(L, env, k);
      path_add(L, t, lua_tostring(L, -1));
      lua_pop(L, 1);
    }
    env = colon ? colon + 1 : NULL;
  }
  push_home(L);
  const char *home = lua_tostring(L, -1);
  path_add(L, t, lua_pushfstring(L, "%s/scripts", home));
  path_add(L, t, lua_pushfstring(L, "%s/../share/mutorere/scripts", home));
  path_add(L, t, MUTORERE_DATADIR "/scripts");
  lua_settop(L, t);
}

/* The reader the Lua parts get: embedded(name) -> text or nil. */
static int read_embedded(lua_State *L) {
  const EmbeddedFile *f = lbridge_embedded(luaL_checkstring(L, 1));
  if (!f) return 0;
  lua_pushlstring(L, f->text, f->size);
  return 1;
}

static int redefined(lua_State *L);

/* Puts back the C functions that the part called name redefines where
** stand-ins (redefined) wait for it. */
static void restore_originals(lua_State *L, const char *name) {
  static const char *const prefixes[] = {"M.", "M.Game:"};
  const char *list = lbridge_embedded(name)->defines;
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
  lua_getfield(L, -1, "Game");
  for (int p = 0; p < 2; p++) {
    int table = lua_gettop(L) - 1 + p; /* the module, then Game's methods */
    size_t k = strlen(prefixes[p]);
    for (const char *at = list; (at = strstr(at, prefixes[p])); at += k) {
      if (at != list && at[-1] != ' ') continue;
      const char *end = strchr(at, ' ');
      lua_pushlstring(L, at + k, (size_t)(end - at) - k);
      lua_pushvalue(L, -1);
      lua_rawget(L, table);
      if (lua_tocfunction(L, -1) == redefined) {
        lua_getupvalue(L, -1, 4);
        lua_replace(L, -2);
        lua_rawset(L, table);
      } else
        lua_pop(L, 2);
    }
  }
  lua_pop(L, 2);
}

/* Runs the Lua part called name, unless it has run, with (module,
** embedded reader, the table the parts share). */
static void run_part(lua_State *L, const char *name) {
  lua_getfield(L, LUA_REGISTRYINDEX, LOADED_KEY);
  int done = lua_getfield(L, -1, name) != LUA_TNIL;
  lua_pop(L, 1);
  if (done) {
    lua_pop(L, 1);
    return;
  }
  lua_pushboolean(L, 1); /* marked first: a part may use what it defines */
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
  const EmbeddedFile *f = lbridge_embedded(name);
  if (!f) luaL_error(L, "mutorere: missing part %s", name);
  restore_originals(L, name);
  lua_pushfstring(L, "@mutorere/%s", name);
  if (luaL_loadbufferx(L, f->text, f->size, lua_tostring(L, -1), "b"))
    lua_error(L);
  lua_remove(L, -2);
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
  lua_pushcfunction(L, read_embedded);
  lua_getfield(L, LUA_REGISTRYINDEX, SHARED_KEY);
  lua_call(L, 3, 0);
}

/* Runs every part not run yet. */
static int run_all_parts(lua_State *L) {
  for (int i = 0; lua_parts[i]; i++) run_part(L, lua_parts[i]);
  return 0;
}

/* 1 when the definitions list (words each followed by a space) has word. */
static int defines(const char *list, const char *word) {
  size_t k = strlen(word);
  for (const char *at = list; (at = strstr(at, word)); at += k)
    if ((at == list || at[-1] == ' ') && at[k] == ' ') return 1;
  return 0;
}

/* __index of the module, the shared table and the Game methods: runs the
** part that defines the key (upvalue 1 names the table: "M.", "shared."
** or "M.Game:"), then answers from the table itself. */
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
  lua_rawget(L, 1);
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

/* Makes the table at idx run the parts as its fields are first used; which
** names the table in the parts' definitions. */
static void make_lazy(lua_State *L, int idx, const char *which) {
  idx = lua_absindex(L, idx);
  lua_createtable(L, 0, 2);
  lua_pushstring(L, which);
  lua_pushcclosure(L, lazy_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, lazy_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_setmetatable(L, idx);
}

/* Stands for a C function that a part redefines (upvalues: the part's
** name, the table, the key, the C function): runs the part (which puts
** the C function back first, then wraps it) and calls what it put there. */
static int redefined(lua_State *L) {
  run_part(L, lua_tostring(L, lua_upvalueindex(1)));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_rawget(L, -2);
  lua_replace(L, -2);
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* Where a part redefines a field that the C code has already set in the
** table at idx (whose fields are prefix...), the field is replaced by a
** stand-in that runs the part first. */
static void defer_redefinitions(lua_State *L, int idx, const char *prefix) {
  idx = lua_absindex(L, idx);
  size_t k = strlen(prefix);
  for (int i = 0; lua_parts[i]; i++) {
    const char *at = lbridge_embedded(lua_parts[i])->defines;
    for (; (at = strstr(at, prefix)); at += k) {
      if (at != lbridge_embedded(lua_parts[i])->defines && at[-1] != ' ')
        continue;
      const char *end = strchr(at, ' ');
      lua_pushlstring(L, at + k, (size_t)(end - at) - k);
      if (lua_rawget(L, idx) == LUA_TFUNCTION) {
        lua_pushstring(L, lua_parts[i]);
        lua_pushvalue(L, idx);
        lua_pushlstring(L, at + k, (size_t)(end - at) - k);
        lua_pushvalue(L, -4);
        lua_pushcclosure(L, redefined, 4);
        lua_pushlstring(L, at + k, (size_t)(end - at) - k);
        lua_insert(L, -2);
        lua_rawset(L, idx);
      }
      lua_pop(L, 1);
    }
  }
}

/* mt.type(x) — "Game", "Variant", "Position" or "Move" for the module's
** values, else nil (as io.type does for files). */
static int module_type(lua_State *L) {
  luaL_checkany(L, 1);
  if (luaL_testudata(L, 1, LGAME_META))
    lua_pushliteral(L, "Game");
  else if (luaL_testudata(L, 1, LVARIANT_META))
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
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  lua_pushnumber(L, (lua_Number)t.tv_sec + (lua_Number)t.tv_nsec / 1e9);
  return 1;
}

/* The descriptor of the file (io.stdout, ...) or number at arg, or -1. */
static int fd_of(lua_State *L, int arg) {
  luaL_Stream *s = luaL_testudata(L, arg, LUA_FILEHANDLE);
  if (s) return s->f ? fileno(s->f) : -1;
  return (int)luaL_checkinteger(L, arg);
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
  const char *folder = luaL_checkstring(L, 1);
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
  lua_pushboolean(L, isatty(STDOUT_FILENO) && !(no_colour && *no_colour));
  lua_setfield(L, module, "colours");
  lua_pushboolean(L, isatty(STDOUT_FILENO));
  lua_setfield(L, module, "terminal");
}

int luaopen_mutorere(lua_State *L) {
  luaL_checkversion(L);
  lua_newtable(L);
  int module = lua_gettop(L);
  lua_pushvalue(L, module);
  lua_setfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
  lua_pushliteral(L, MUTORERE_VERSION);
  lua_setfield(L, module, "version");
  push_search_path(L);
  lua_setfield(L, module, "path");
  lposition_open(L, module);
  lvariant_open(L, module);
  lgame_open(L, module);
  lperft_open(L, module);
  lsolver_open(L, module);
  lsearch_open(L, module);
  lrecord_open(L, module);
  set_colours(L, module);
  static const luaL_Reg functions[] = {
      {"type", module_type},       {"clock", module_clock},
      {"isatty", module_isatty},   {"input_ready", module_input_ready},
      {"scripts", module_scripts}, {NULL, NULL}};
  lua_pushvalue(L, module);
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
  lua_newtable(L);
  int shared = lua_gettop(L);
  lua_newtable(L);
  lua_setfield(L, shared, "classes"); /* the parts' classes, for locking */
  lua_pushcfunction(L, run_all_parts);
  lua_setfield(L, shared, "run_all_parts");
  lua_pushvalue(L, shared);
  lua_setfield(L, LUA_REGISTRYINDEX, SHARED_KEY);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, LOADED_KEY);
  lwatchdog_open(L, module, shared);
  lmetrics_open(L, shared);
  lworkers_open(L, shared);
  make_lazy(L, module, "M.");
  make_lazy(L, shared, "shared.");
  defer_redefinitions(L, module, "M.");
  lua_getfield(L, module, "Game");
  make_lazy(L, -1, "M.Game:");
  defer_redefinitions(L, -1, "M.Game:");
  lua_settop(L, module);
  return 1;
}

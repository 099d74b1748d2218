/*
** lbridge.c — the helpers every bridge file may use: classes, the module
** table, script listings, the embedded files, the clock.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lbridge.h"

#include "board.h"

double lbridge_clock(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void lbridge_push_field(lua_State *L, const char *name) {
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_MODULE_KEY);
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
}

void lbridge_push_api(lua_State *L, const char *name) {
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
}

/* Adds s (k bytes) to b as board_shown shows what was typed (most: at
** most LBRIDGE_SHOWN_NAME). */
static void add_shown(luaL_Buffer *b, const char *s, size_t k, size_t most) {
  char out[BOARD_SHOWN_SIZE(LBRIDGE_SHOWN_NAME)];
  if (most > LBRIDGE_SHOWN_NAME) most = LBRIDGE_SHOWN_NAME;
  luaL_addstring(b, board_shown(out, sizeof out, s, k, most));
}

const char *lbridge_push_shown(lua_State *L, const char *s, size_t k,
                               size_t most) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  add_shown(&b, s, k, most);
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

const char *lbridge_describe(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TNUMBER) {
    lua_pushvalue(L, idx);
    return lua_tostring(L, -1);
  }
  if (lua_type(L, idx) == LUA_TSTRING) {
    size_t k;
    const char *s = lua_tolstring(L, idx, &k);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addchar(&b, '"');
    add_shown(&b, s, k, LBRIDGE_SHOWN_VALUE);
    luaL_addchar(&b, '"');
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
  }
  return lua_pushstring(L, luaL_typename(L, idx));
}

const char *lbridge_message(lua_State *L, int idx) {
  int type = lua_type(L, idx);
  if (type == LUA_TSTRING || type == LUA_TNUMBER) return lua_tostring(L, idx);
  return lua_pushfstring(L, "(an error object of type %s)",
                         luaL_typename(L, idx));
}

/* Orders the bytes x (m of them) and y (n) as memcmp does, a prefix
** first: a zero byte among them counts. */
static int compare_bytes(const char *x, size_t m, const char *y, size_t n) {
  int c = memcmp(x, y, m < n ? m : n);
  return c ? c : (m > n) - (m < n);
}

/* 1 when key a comes before key b in an order that does not hang on a
** table's layout: by type, then strings by their bytes, numbers and
** booleans by value (other keys of a type as met). */
static int key_before(lua_State *L, int a, int b) {
  int ta = lua_type(L, a), tb = lua_type(L, b);
  if (ta != tb) return ta < tb;
  if (ta == LUA_TSTRING) {
    size_t m, n;
    const char *x = lua_tolstring(L, a, &m), *y = lua_tolstring(L, b, &n);
    return compare_bytes(x, m, y, n) < 0;
  }
  if (ta == LUA_TNUMBER) return lua_compare(L, a, b, LUA_OPLT);
  if (ta == LUA_TBOOLEAN) return lua_toboolean(L, a) < lua_toboolean(L, b);
  return 0;
}

int lbridge_unknown_key(lua_State *L, int t, const char *const *names) {
  t = lua_absindex(L, t);
  int least = lua_gettop(L) + 1;
  lua_pushnil(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int known = 0;
    size_t k = 0;
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &k) : NULL;
    for (int i = 0; names[i] && key && !known; i++) /* "onto\0x" is not "onto" */
      known = compare_bytes(key, k, names[i], strlen(names[i])) == 0;
    lua_pop(L, 1);
    if (!known && (lua_isnil(L, least) || key_before(L, -1, least))) {
      lua_pushvalue(L, -1);
      lua_replace(L, least);
    }
  }
  if (lua_isnil(L, least)) {
    lua_pop(L, 1);
    return 0;
  }
  return 1;
}

const char *lbridge_push_names(lua_State *L, const char *const *names) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; names[i]; i++) {
    luaL_addstring(&b, i ? ", " : "");
    luaL_addstring(&b, names[i]);
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

void lbridge_check_options(lua_State *L, int arg, const char *const *names) {
  if (!lbridge_unknown_key(L, arg, names)) return;
  const char *all = lbridge_push_names(L, names);
  const char *key = lbridge_describe(L, -2);
  luaL_argerror(L, arg,
                lua_pushfstring(L, "unknown option %s (the options are %s)",
                                key, all));
}

const char *lbridge_reason(lua_State *L, int idx) {
  const char *s = lbridge_message(L, idx);
  size_t k = strlen(s);
  const char *open = strstr(s, "' (");
  if (strncmp(s, "bad argument #", 14) != 0 || !open || s[k - 1] != ')')
    return s;
  open += 3;
  return lua_pushlstring(L, open, (size_t)(s + k - 1 - open));
}

const char lbridge_position_meta[] = "mutorere.Position";
const char lbridge_variant_meta[] = "mutorere.Variant";
const char lbridge_game_meta[] = "mutorere.Game";

int lbridge_newmetatable(lua_State *L, const char *tname) {
  int created = luaL_newmetatable(L, tname);
  lua_pushvalue(L, -1); /* (kept under this tname's address even when another */
  lua_rawsetp(L, LUA_REGISTRYINDEX, tname); /* copy of the module made it) */
  return created;
}

void *lbridge_testudata(lua_State *L, int idx, const char *tname) {
  void *p = lua_touserdata(L, idx);
  if (!p || !lua_getmetatable(L, idx)) return NULL;
  lua_rawgetp(L, LUA_REGISTRYINDEX, tname);
  int same = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return same ? p : NULL;
}

void *lbridge_checkudata(lua_State *L, int idx, const char *tname) {
  void *p = lbridge_testudata(L, idx, tname);
  if (!p) luaL_typeerror(L, idx, tname);
  return p;
}

void lbridge_setmetatable(lua_State *L, const char *tname) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, tname);
  lua_setmetatable(L, -2);
}

void lbridge_class(lua_State *L, int module, const char *tname,
                   const char *class, const luaL_Reg *methods,
                   const luaL_Reg *meta) {
  lbridge_newmetatable(L, tname);
  luaL_setfuncs(L, meta, 0);
  lua_newtable(L);
  luaL_setfuncs(L, methods, 0);
  lua_pushvalue(L, -1);
  lua_setfield(L, module, class);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}

const EmbeddedFile *lbridge_embedded(const char *name) {
  for (const EmbeddedFile *f = lembedded_files; f->name; f++)
    if (strcmp(f->name, name) == 0) return f;
  return NULL;
}

/* Adds the NAME of every dir/folder/NAME.lua to the set at t. */
static void scan_scripts(lua_State *L, const char *dir, const char *folder,
                         int t) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, folder);
  DIR *d = opendir(path);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t k = strlen(e->d_name);
    if (k <= 4 || strcmp(e->d_name + k - 4, ".lua") != 0 || e->d_name[0] == '.')
      continue;
    lua_pushlstring(L, e->d_name, k - 4);
    lua_pushboolean(L, 1);
    lua_rawset(L, t);
  }
  closedir(d);
}

void lbridge_scripts(lua_State *L, const char *folder, int set) {
  set = lua_absindex(L, set);
  int top = lua_gettop(L);
  lbridge_push_field(L, "path");
  for (lua_Integer i = 1;
       lua_istable(L, top + 1) && lua_rawgeti(L, top + 1, i) == LUA_TSTRING;
       i++) {
    if (lbridge_is_text(L, -1))
      scan_scripts(L, lua_tostring(L, -1), folder, set);
    lua_pop(L, 1);
  }
  lua_settop(L, top);
}

/* A string key as sorted_keys keeps it: its bytes (kept alive by the
** table) and their count, a zero byte among them. */
typedef struct {
  const char *bytes;
  size_t size;
} Name;

/* Orders two Names by their bytes, a prefix first. */
static int compare_names(const void *a, const void *b) {
  const Name *x = a, *y = b;
  return compare_bytes(x->bytes, x->size, y->bytes, y->size);
}

void lbridge_sorted_keys(lua_State *L, int set) {
  set = lua_absindex(L, set);
  size_t n = 0;
  lua_pushnil(L);
  while (lua_next(L, set)) {
    n += lua_type(L, -2) == LUA_TSTRING;
    lua_pop(L, 1);
  }
  Name *names = lua_newuserdatauv(L, (n ? n : 1) * sizeof *names, 0);
  size_t k = 0;
  lua_pushnil(L);
  while (lua_next(L, set)) {
    if (lua_type(L, -2) == LUA_TSTRING && k < n) {
      names[k].bytes = lua_tolstring(L, -2, &names[k].size);
      k++;
    }
    lua_pop(L, 1);
  }
  qsort(names, k, sizeof *names, compare_names);
  lua_createtable(L, (int)k, 0);
  for (size_t i = 0; i < k; i++) {
    lua_pushlstring(L, names[i].bytes, names[i].size);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  lua_remove(L, -2);
}

int lbridge_is_text(lua_State *L, int idx) {
  size_t k;
  if (lua_type(L, idx) != LUA_TSTRING) return 0;
  const char *s = lua_tolstring(L, idx, &k);
  return strlen(s) == k;
}

const char *lbridge_check_text(lua_State *L, int arg, const char *what,
                               size_t *len) {
  size_t k;
  const char *s = luaL_checklstring(L, arg, &k);
  if (strlen(s) != k)
    luaL_argerror(L, arg, lua_pushfstring(L, "%s holds a zero byte", what));
  if (len) *len = k;
  return s;
}

int lbridge_whole(lua_State *L, int idx, lua_Integer *x) {
  int ok = 0;
  if (lua_type(L, idx) == LUA_TNUMBER) *x = lua_tointegerx(L, idx, &ok);
  return ok;
}

lua_Integer lbridge_check_whole(lua_State *L, int arg, const char *what,
                                lua_Integer lo, lua_Integer hi) {
  lua_Integer x = 0;
  if (!lbridge_whole(L, arg, &x) || x < lo || x > hi) {
    const char *got = lbridge_describe(L, arg);
    const char *range = lo == LUA_MININTEGER ? ""
                        : hi == LUA_MAXINTEGER
                            ? lua_pushfstring(L, " >= %I", lo)
                            : lua_pushfstring(L, " from %I to %I", lo, hi);
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "%s must be a whole number%s, got %s", what,
                                  range, got));
  }
  return x;
}

lua_Integer lbridge_opt_whole(lua_State *L, int arg, const char *what,
                              lua_Integer def, lua_Integer lo, lua_Integer hi) {
  return lua_isnoneornil(L, arg) ? def
                                 : lbridge_check_whole(L, arg, what, lo, hi);
}

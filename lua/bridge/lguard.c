/*
** lguard.c — module functions written in Lua that keep what they found
** when Ctrl-C or a budget stops them.
**
** Once Ctrl-C or a budget trips, every Lua instruction raises its error
** until the REPL or mt.limit clears it: no Lua code can add to the message
** then, and api.lua's wrapper (Lua itself) would lose what a function
** raised.  So a Lua part writes such a function as shared.NAME(note,
** ...) and makes M.NAME = shared.guard("NAME"): a C function (which the
** module leaves unwrapped) that calls it with a note table first.  The
** function keeps in note.partial the text of what it has found so far (a
** partial result, up to date as it goes); when it is stopped, the guard
** adds that text to the error.  Its other errors are raised at the
** caller's line, as api.lua does.
*/
#include <stdio.h>
#include <string.h>

#include "lbridge.h"
#include "lopen.h"
#include "lwatchdog.h"

/* Pushes field key of the table at idx, raw; returns its type. */
static int raw_field(lua_State *L, int idx, const char *key) {
  lua_pushstring(L, key);
  return lua_rawget(L, idx < 0 ? idx - 1 : idx);
}

/* Adds the note's partial result to the error on top (a stop), and takes
** the note's progress bar off the terminal's line. */
static void add_partial(lua_State *L, int note) {
  if (raw_field(L, note, "progress") != LUA_TNIL && lua_toboolean(L, -1))
    fputs("\r\033[K", stderr);
  lua_pop(L, 1);
  if (raw_field(L, note, "partial") == LUA_TSTRING) {
    lua_pushfstring(L, "%s; %s", lbridge_message(L, -2), lua_tostring(L, -1));
    lua_replace(L, -3);
  }
  lua_pop(L, 1);
}

/* A message that starts with a position in the module's own files gets
** the caller's instead (see api.lua's finish). */
static void reposition(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  if (lua_type(L, -1) != LUA_TSTRING || strncmp(msg, "mutorere/", 9) != 0)
    return;
  const char *colon = strstr(msg, ".lua:");
  const char *rest = colon ? strstr(colon + 5, ": ") : NULL;
  if (!rest) return;
  luaL_where(L, 1);
  lua_pushstring(L, rest + 2);
  lua_concat(L, 2);
  lua_replace(L, -2);
}

/* The guard: calls shared[NAME](note, ...) (upvalue 1: NAME) and returns
** its results; on an error, adds the note or repositions it. */
static int guarded(lua_State *L) {
  int n = lua_gettop(L);
  lua_newtable(L);
  lua_insert(L, 1); /* the note, kept below the call */
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_SHARED_KEY);
  lua_getfield(L, -1, lua_tostring(L, lua_upvalueindex(1)));
  lua_remove(L, -2);
  lua_insert(L, 2);
  lua_pushvalue(L, 1);
  lua_insert(L, 3);
  if (lua_pcall(L, n + 1, LUA_MULTRET, 0) == LUA_OK) return lua_gettop(L) - 1;
  if (lwatchdog_tripped(L))
    add_partial(L, 1);
  else
    reposition(L);
  return lua_error(L);
}

/* guard(name) — the module function that calls shared[name] guarded. */
static int guard(lua_State *L) {
  luaL_checkstring(L, 1);
  lua_settop(L, 1);
  lua_pushcclosure(L, guarded, 1);
  return 1;
}

void lguard_open(lua_State *L, int shared) {
  lua_pushcfunction(L, guard);
  lua_setfield(L, shared, "guard");
}

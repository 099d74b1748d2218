/*
** fuzz_lua.h — a Lua state with the module, for the Lua fuzz targets.
*/
#ifndef MUTORERE_FUZZ_LUA_H
#define MUTORERE_FUZZ_LUA_H

#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>

#include <lauxlib.h>

#include "lmutorere.h"
#include "lwatchdog.h"

/* broken(message): a driver found a broken invariant; stops the fuzzer
** with the message (an error would only be caught). */
static int fuzz_broken(lua_State *L) {
  fprintf(stderr, "broken invariant: %s\n", luaL_optstring(L, 1, "?"));
  abort();
}

/* The state (made once) with the module as global mt, the function broken,
** and the driver chunk (Lua text taking the input string) ready as global
** "drive". */
static lua_State *fuzz_state(const char *driver) {
  static lua_State *L;
  if (L) return L;
  L = lwatchdog_newstate();
  luaL_openlibs(L);
  lua_register(L, "broken", fuzz_broken);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  if (luaL_loadstring(L, driver) != LUA_OK) abort();
  lua_setglobal(L, "drive");
  return L;
}

/* Runs drive(input) protected; a Lua error is fine, a crash is not. */
static void fuzz_drive(lua_State *L, const uint8_t *data, size_t size) {
  lua_getglobal(L, "drive");
  lua_pushlstring(L, (const char *)data, size);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
  lua_settop(L, 0);
  lua_gc(L, LUA_GCCOLLECT);
}

#endif

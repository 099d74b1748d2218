/*
** module_host.c — a stock Lua 5.4 host, linked with nothing of mutorere,
** that finds mutorere.so on package.cpath: the test that the module works
** where lua5.4 (or any other host) loads it.
**
** usage: module_host MODULE_DIR SCRIPT [ARGS]
*/
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: module_host MODULE_DIR SCRIPT [ARGS]\n");
    return 2;
  }
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/?.so", argv[1]);
  lua_setfield(L, -2, "cpath");
  lua_pop(L, 1);
  lua_createtable(L, argc, 1);
  for (int i = 2; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - 2);
  }
  lua_setglobal(L, "arg");
  int status = luaL_dofile(L, argv[2]);
  if (status != LUA_OK)
    fprintf(stderr, "module_host: %s\n", lua_tostring(L, -1));
  lua_close(L);
  return status == LUA_OK ? 0 : 1;
}

/*
** lcoroutines.c — coroutine.resume, wrap and close, and xpcall, as Lua
** 5.4's but watched.  The watchdog hooks only the thread that is running
** when Ctrl-C or a budget's timer comes, so the functions that run Lua code
** in another thread (a resume; a close, which runs the thread's pending
** __close handlers) tell it which thread that is, and carry an instruction
** budget's count hook into it.  xpcall does not call its message handler
** once a budget has run out or Ctrl-C came: Lua runs a handler called from
** the hook's error with hooks off, where nothing could stop it.
*/
#include <string.h>

#include <lualib.h>

#include "lbridge.h"
#include "lmutorere.h"
#include "lwatchdog.h"

#define MAX_CLOSING 200 /* nested closes before "C stack overflow" */

static int closing; /* closes under way (Lua 5.4.4 does not count them) */

/* Resumes co with the narg values on top of L, watched.  Leaves co's
** results (or its error) on L; returns their count, or -1 with the error.
** Raises nothing. */
static int resume(lua_State *L, lua_State *co, int narg) {
  int nres;
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_State *before = lwatchdog_enter(L, co);
  lua_xmove(L, co, narg);
  int status = lua_resume(co, L, narg, &nres);
  lwatchdog_leave(L, before);
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, L, 1);
    return -1;
  }
  if (!lua_checkstack(L, nres + 1)) {
    lua_pop(co, nres);
    lua_pushliteral(L, "too many results to resume");
    return -1;
  }
  lua_xmove(co, L, nres);
  return nres;
}

/* Closes co (its pending __close handlers run in it), watched; returns
** the status, the error object on co's stack when it is not LUA_OK. */
static int close_thread(lua_State *L, lua_State *co) {
  if (closing >= MAX_CLOSING) luaL_error(L, "C stack overflow");
  lua_State *before = lwatchdog_enter(L, co);
  closing++;
#if LUA_VERSION_RELEASE_NUM >= 50406
  int status = lua_closethread(co, L);
#else
  int status = lua_resetthread(co);
#endif
  closing--;
  lwatchdog_leave(L, before);
  return status;
}

/* The thread at argument 1. */
static lua_State *check_thread(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTHREAD);
  return lua_tothread(L, 1);
}

/* coroutine.resume(co, ...) -> true, results | false, error. */
static int co_resume(lua_State *L) {
  lua_State *co = check_thread(L);
  int n = resume(L, co, lua_gettop(L) - 1);
  lua_pushboolean(L, n >= 0);
  lua_insert(L, n >= 0 ? -(n + 1) : -2);
  return n >= 0 ? n + 1 : 2;
}

/* A function made by coroutine.wrap (its thread: upvalue 1): resumes it,
** returns its results or raises its error (a message with where it was
** resumed from, the thread closed). */
static int co_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  if (!co)
    return luaL_error(L, "its coroutine was replaced (debug.setupvalue)");
  int n = resume(L, co, lua_gettop(L));
  if (n >= 0) return n;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) { /* an error in co */
    status = close_thread(L, co);
    lua_xmove(co, L, 1); /* the error object, as closing left it */
    lua_replace(L, -2);
  }
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* coroutine.wrap(f) -> a function that resumes a new thread running f. */
static int co_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, co_wrapped, 1);
  return 1;
}

/* The status of co seen from L, as coroutine.status names it. */
static const char *status_of(lua_State *L, lua_State *co) {
  lua_Debug ar;
  if (L == co) return "running";
  switch (lua_status(co)) {
  case LUA_YIELD: return "suspended";
  case LUA_OK:
    if (lua_getstack(co, 0, &ar)) return "normal"; /* it resumed another */
    return lua_gettop(co) == 0 ? "dead" : "suspended";
  default: return "dead"; /* it ended in an error */
  }
}

/* coroutine.close(co) -> true | false, error: closes a suspended or dead
** thread. */
static int co_close(lua_State *L) {
  lua_State *co = check_thread(L);
  const char *status = status_of(L, co);
  if (strcmp(status, "suspended") != 0 && strcmp(status, "dead") != 0)
    return luaL_error(L, "cannot close a %s coroutine", status);
  if (close_thread(L, co) == LUA_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);
  return 2;
}

/* tripped() -> true when a budget ran out or Ctrl-C came. */
static int tripped_l(lua_State *L) {
  lua_pushboolean(L, lwatchdog_tripped(L));
  return 1;
}

/* A chunk that, given tripped, makes the message handler xpcall gives
** lua_pcallk from the caller's: it calls it (a tail call, so that a Lua
** handler sees the stack as it would under Lua's xpcall) unless something
** tripped. */
static const char handler_maker[] =
    "local tripped = ...\n"
    "return function(handler)\n"
    "  return function(e) if tripped() then return e end return handler(e) "
    "end\n"
    "end\n";

/* What xpcall returns: true and f's results (above the extra slots kept
** below them), or false and the error. */
static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

/* The message handler for debug.traceback (a C function would see a frame
** of ours): its traceback from the level where the error was raised,
** unless something tripped. */
static int traceback_handler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (!lwatchdog_tripped(L) && (msg || lua_isnoneornil(L, 1)))
    luaL_traceback(L, L, msg, 1);
  return 1;
}

/* xpcall(f, msgh, ...) -> true, results | false, msgh's answer (upvalues:
** the handler maker, debug.traceback). */
static int base_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (lua_rawequal(L, 2, lua_upvalueindex(2)))
    lua_pushcfunction(L, traceback_handler);
  else {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);
  }
  lua_replace(L, 2);     /* the stack: f, handler, args */
  lua_pushboolean(L, 1); /* the first result */
  lua_pushvalue(L, 1);   /* f */
  lua_rotate(L, 3, 2);   /* f, handler, true, f, args */
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
  return finish_xpcall(L, status, 2);
}

/* Sets funcs (with the nup upvalues under the loaded table at top) in its
** library name, if any; pops the upvalues. */
static void replace_in(lua_State *L, const char *name, const luaL_Reg *funcs,
                       int nup) {
  if (lua_getfield(L, -1, name) == LUA_TTABLE) {
    for (int i = 0; i < nup; i++) lua_pushvalue(L, -2 - nup);
    luaL_setfuncs(L, funcs, nup);
  }
  lua_pop(L, 1);
  lua_rotate(L, -1 - nup, -nup);
  lua_pop(L, nup);
}

void lcoroutines_open(lua_State *L) {
  static const luaL_Reg coroutine_funcs[] = {{"resume", co_resume},
                                             {"wrap", co_wrap},
                                             {"close", co_close},
                                             {NULL, NULL}};
  static const luaL_Reg base_funcs[] = {{"xpcall", base_xpcall}, {NULL, NULL}};
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  replace_in(L, LUA_COLIBNAME, coroutine_funcs, 0);
  if (luaL_loadbufferx(L, handler_maker, sizeof handler_maker - 1, "=xpcall",
                       "t") != LUA_OK)
    lua_error(L);
  lua_pushcfunction(L, tripped_l);
  lua_call(L, 1, 1);
  lua_insert(L, -2);
  if (lua_getfield(L, -1, LUA_DBLIBNAME) == LUA_TTABLE)
    lua_getfield(L, -1, "traceback");
  else
    lua_pushnil(L);
  lua_remove(L, -2);
  lua_insert(L, -2); /* maker, traceback, loaded */
  replace_in(L, LUA_GNAME, base_funcs, 2);
  lua_pop(L, 1);
}

/*
** lcoroutines.c — coroutine.resume, wrap and close, and xpcall, as Lua
** 5.4's but watched.  The watchdog hooks only the thread that is running
** when Ctrl-C or a budget's timer comes, so the functions that run Lua code
** in another thread (a resume; a close, which runs the thread's pending
** __close handlers) tell it which thread that is, and carry an instruction
** budget's count hook into it.  An error the watchdog raises is raised
** inside its hook, where Lua turns hooks off; Lua turns them back on where
** a pcall catches the error, but not in a coroutine the error ends: such a
** thread's __close handlers are never run (nothing could stop them), and
** xpcall calls a Lua message handler only when nothing has tripped (C
** handlers, which cannot loop by themselves, are called as they are).
*/
#include <stdint.h>
#include <string.h>

#include <lualib.h>

#include "lbridge.h"
#include "lopen.h"
#include "lwatchdog.h"

#define CLOSE_STACK (1 << 20) /* bytes of C stack nested closes may take */

/* Where the outermost close under way on this thread began on its C stack
** (0: none): Lua 5.4.4 does not count the C calls of the __close handlers
** a close runs.  (Each thread has its own stack: states of the C library
** run on many.) */
static _Thread_local uintptr_t close_base;

static const char trip_dead_key = 'd'; /* threads a trip killed (weak) */

/* Notes that the thread at idx ended in an error raised by the watchdog's
** hook: Lua left its hooks off, so its pending __close handlers would run
** where nothing can stop them. */
static void note_trip_death(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &trip_dead_key);
  lua_pushvalue(L, idx);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* 1 when the thread at idx ended so. */
static int trip_dead(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &trip_dead_key);
  lua_pushvalue(L, idx);
  int dead = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return dead;
}

/* Resumes co (the thread at index at) with the narg values on top of L,
** watched.  Leaves co's results (or its error) on L; returns their count,
** or -1 with the error. */
static int resume(lua_State *L, int at, lua_State *co, int narg) {
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
    if (lwatchdog_tripped(L)) note_trip_death(L, at);
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
  char here;
  uintptr_t at = (uintptr_t)&here, base = close_base;
  if (base && (base > at ? base - at : at - base) > CLOSE_STACK)
    luaL_error(L, "C stack overflow");
  lua_State *before = lwatchdog_enter(L, co);
  if (!base) close_base = at;
#if LUA_VERSION_RELEASE_NUM >= 50406
  int status = lua_closethread(co, L);
#else
  int status = lua_resetthread(co);
#endif
  close_base = base;
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
  int n = resume(L, 1, co, lua_gettop(L) - 1);
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
  int n = resume(L, lua_upvalueindex(1), co, lua_gettop(L));
  if (n >= 0) return n;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD && /* an error in co */
      !trip_dead(L, lua_upvalueindex(1))) {
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
  if (trip_dead(L, 1)) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "cannot close a coroutine stopped by a budget or "
                       "Ctrl-C: its __close handlers would run unwatched");
    return 2;
  }
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

/* xpcall(f, msgh, ...) -> true, results | false, msgh's answer (upvalue
** 1: the handler maker). */
static int base_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (!lua_iscfunction(L, 2)) { /* a C handler cannot loop by itself */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);
    lua_replace(L, 2);
  }                      /* the stack: f, handler, args */
  lua_pushboolean(L, 1); /* the first result */
  lua_pushvalue(L, 1);   /* f */
  lua_rotate(L, 3, 2);   /* f, handler, true, f, args */
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
  return finish_xpcall(L, status, 2);
}

void lcoroutines_open(lua_State *L) {
  static const luaL_Reg coroutine_funcs[] = {{"resume", co_resume},
                                             {"wrap", co_wrap},
                                             {"close", co_close},
                                             {NULL, NULL}};
  lua_newtable(L); /* the threads a trip killed, weak keys */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &trip_dead_key);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  if (lua_getfield(L, -1, LUA_COLIBNAME) == LUA_TTABLE)
    luaL_setfuncs(L, coroutine_funcs, 0);
  if (lua_getfield(L, -2, LUA_GNAME) == LUA_TTABLE) {
    if (luaL_loadbufferx(L, handler_maker, sizeof handler_maker - 1, "=xpcall",
                         "t") != LUA_OK)
      lua_error(L);
    lua_pushcfunction(L, tripped_l);
    lua_call(L, 1, 1);
    lua_pushcclosure(L, base_xpcall, 1);
    lua_setfield(L, -2, "xpcall");
  }
  lua_pop(L, 3); /* the loaded table, the coroutine and base libraries */
}

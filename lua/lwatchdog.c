/*
** lwatchdog.c — what stops runaway code: Ctrl-C, budgets of time,
** instructions and memory (mt.limit), and the sandbox flag.
**
** A count hook that every Lua thread inherits looks at a flag and at the
** budget every CHECK_EVERY instructions; once something trips, the hook
** raises an error at every instruction of every thread until the host (or
** mt.limit) clears it, so neither pcall nor a coroutine can swallow it.  The
** core's long computations poll the same state through a Cancel.  Memory is
** counted by an allocator that wraps the state's own.
*/
#define _POSIX_C_SOURCE 200809L
#include "lwatchdog.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lbridge.h"
#include "lmutorere.h"
#include "memory.h"

#define CHECK_EVERY 1000 /* instructions between two looks */

static volatile sig_atomic_t interrupted;

typedef struct Watch {
  lua_Alloc base; /* the allocator wrapped (NULL: realloc and free) */
  void *base_ud;
  size_t used; /* bytes Lua holds */
  size_t cap;  /* fail allocations past this (0: no cap) */
  /* the budget of mt.limit */
  int active;
  double deadline;      /* monotonic seconds (0: none) */
  long long steps_left; /* instructions (< 0: none) */
  double seconds;       /* as given, for the message */
  long long steps;
  const char *tripped; /* the message once the budget ran out */
  int sandboxed;       /* > 0 inside a sandbox */
} Watch;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --- the allocator --- */

static void *watch_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Watch *w = ud;
  size_t old = ptr ? osize : 0;
  if (nsize > old && w->cap && w->used - old + nsize > w->cap) return NULL;
  void *p;
  if (w->base)
    p = w->base(w->base_ud, ptr, osize, nsize);
  else if (nsize == 0) {
    free(ptr);
    p = NULL;
  } else
    p = realloc(ptr, nsize);
  if (p || nsize == 0) w->used = w->used - old + nsize;
  return p;
}

/* The Watch of L, or NULL when its allocator is not ours. */
static Watch *watch_of(lua_State *L) {
  void *ud;
  return lua_getallocf(L, &ud) == watch_alloc ? ud : NULL;
}

lua_State *lwatchdog_newstate(void) {
  static Watch main_watch = {NULL, NULL, 0, 0, 0, 0, -1, 0, 0, NULL, 0};
  return lua_newstate(watch_alloc, &main_watch);
}

/* Restores the wrapped allocator when the state closes (a module loaded by
** another host wrapped it). */
static int watch_release(lua_State *L) {
  Watch *w = watch_of(L);
  if (w && w->base) {
    lua_setallocf(L, w->base, w->base_ud);
    free(w);
  }
  return 0;
}

/* Wraps L's allocator in a Watch when it is not one yet. */
static void wrap_allocator(lua_State *L) {
  if (watch_of(L)) return;
  Watch *w = calloc(1, sizeof *w);
  if (!w) return;
  w->base = lua_getallocf(L, &w->base_ud);
  w->steps_left = -1;
  lua_setallocf(L, watch_alloc, w);
  lua_newtable(L); /* a sentinel whose finaliser unwraps */
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, watch_release);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, "mutorere.watch");
}

/* --- what trips --- */

/* The message of whatever has tripped, or NULL; looks at the clock. */
static const char *tripped(Watch *w) {
  if (interrupted) return "interrupted";
  if (!w || !w->active) return NULL;
  if (!w->tripped && w->deadline > 0 && now() > w->deadline)
    w->tripped = "time";
  if (!w->tripped && w->steps_left == 0) w->tripped = "instructions";
  return w->tripped;
}

/* Pushes the message for what tripped. */
static void push_message(lua_State *L, Watch *w, const char *what) {
  if (strcmp(what, "time") == 0)
    lua_pushfstring(L, "the time budget (%f s) ran out", w->seconds);
  else if (strcmp(what, "instructions") == 0)
    lua_pushfstring(L, "the instruction budget (%I instructions) ran out",
                    (lua_Integer)w->steps);
  else
    lua_pushstring(L, what);
}

static void watch_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  Watch *w = watch_of(L);
  if (w && w->active && w->steps_left > 0 && !w->tripped) {
    int count = lua_gethookcount(L);
    w->steps_left -= count < w->steps_left ? count : w->steps_left;
  }
  const char *what = tripped(w);
  if (!what) {
    if (lua_gethookcount(L) != CHECK_EVERY)
      lua_sethook(L, watch_hook, LUA_MASKCOUNT, CHECK_EVERY);
    return;
  }
  lua_sethook(L, watch_hook, LUA_MASKCOUNT, 1);
  push_message(L, w, what);
  lua_error(L);
}

void lwatchdog_install(lua_State *L) {
  lua_sethook(L, watch_hook, LUA_MASKCOUNT, CHECK_EVERY);
}

static void on_signal(int sig) {
  (void)sig;
  if (interrupted) { /* a second Ctrl-C while code ignores the first */
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
  }
  interrupted = 1;
}

void lwatchdog_catch(void) {
  struct sigaction sa;
  sa.sa_handler = on_signal;
  sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
}

void lwatchdog_clear(lua_State *L) {
  interrupted = 0;
  if (L && lua_gethook(L) == watch_hook)
    lua_sethook(L, watch_hook, LUA_MASKCOUNT, CHECK_EVERY);
}

int lwatchdog_pending(void) {
  return interrupted != 0;
}

void lwatchdog_begin(lua_State *L, double seconds) {
  Watch *w = watch_of(L);
  if (!w || seconds <= 0) return;
  w->active = 1;
  w->deadline = now() + seconds;
  w->seconds = seconds;
  w->steps_left = -1;
  w->tripped = NULL;
}

void lwatchdog_end(lua_State *L) {
  Watch *w = watch_of(L);
  if (!w) return;
  w->active = 0;
  w->deadline = 0;
  w->tripped = NULL;
  if (lua_gethook(L) == watch_hook)
    lua_sethook(L, watch_hook, LUA_MASKCOUNT, CHECK_EVERY);
}

void lwatchdog_set_cap(lua_State *L, size_t bytes) {
  Watch *w = watch_of(L);
  if (w) w->cap = bytes ? w->used + bytes : 0;
  memory_set_limit(bytes ? memory_in_use() + bytes : 0);
}

void lwatchdog_set_sandboxed(lua_State *L, int on) {
  Watch *w = watch_of(L);
  if (w) w->sandboxed += on ? 1 : -1;
}

int lwatchdog_sandboxed(lua_State *L) {
  Watch *w = watch_of(L);
  return w && w->sandboxed > 0;
}

int lwatchdog_raise(lua_State *L) {
  Watch *w = watch_of(L);
  const char *what = tripped(w);
  push_message(L, w, what ? what : "interrupted");
  return lua_error(L);
}

static int cancel_stop(void *ctx) {
  return tripped(ctx) != NULL;
}

Cancel lwatchdog_cancel(lua_State *L) {
  Cancel c = {cancel_stop, watch_of(L)};
  return c;
}

/* --- mt.limit --- */

/* Reads a number option (nil: none), >= 0. */
static double limit_option(lua_State *L, const char *key) {
  int type = lua_getfield(L, 1, key);
  double x = -1;
  if (type != LUA_TNIL) {
    int ok;
    x = lua_tonumberx(L, -1, &ok);
    if (!ok || x < 0) luaL_error(L, "limit %s must be a number >= 0", key);
  }
  lua_pop(L, 1);
  return x;
}

/* mt.limit({time = s, instructions = n, memory = bytes}, f, ...) — calls
** f(...) within a budget that neither pcall nor coroutines escape; returns
** true and f's results, or false and the error ("the time budget (1 s) ran
** out", "not enough memory", or f's own).  Budgets nest: the inner one is
** never looser than the outer. */
static int limit_l(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  Watch *w = watch_of(L);
  if (!w) return luaL_error(L, "mt.limit needs the module's allocator");
  double seconds = limit_option(L, "time");
  double steps = limit_option(L, "instructions");
  double memory = limit_option(L, "memory");
  Watch saved = *w;
  size_t core_limit = memory_limit();
  if (seconds >= 0) {
    double deadline = now() + seconds;
    if (!w->active || w->deadline <= 0 || deadline < w->deadline)
      w->deadline = deadline, w->seconds = seconds;
  } else if (!w->active)
    w->deadline = 0;
  if (steps >= 0) {
    long long n = (long long)steps;
    if (!w->active || w->steps_left < 0 || n < w->steps_left)
      w->steps_left = n, w->steps = n;
  } else if (!w->active)
    w->steps_left = -1;
  if (memory >= 0) {
    size_t cap = w->used + (size_t)memory;
    if (!w->cap || cap < w->cap) w->cap = cap;
    size_t core = memory_in_use() + (size_t)memory;
    if (!core_limit || core < core_limit) memory_set_limit(core);
  }
  w->active = 1;
  w->tripped = NULL;
  lua_sethook(L, watch_hook, LUA_MASKCOUNT, CHECK_EVERY);
  int n = lua_gettop(L) - 2;
  int status = lua_pcall(L, n, LUA_MULTRET, 0);
  if (w->tripped) { /* it ran out, even if the error was caught inside */
    push_message(L, w, w->tripped);
    int said = status != LUA_OK && lua_type(L, 2) == LUA_TSTRING &&
               strstr(lua_tostring(L, 2), lua_tostring(L, -1)) != NULL;
    if (!said && lua_gettop(L) > 2) lua_replace(L, 2); /* the message */
    lua_settop(L, 2); /* or the error that says it and where (a hook) */
    status = LUA_ERRRUN;
  }
  size_t used = w->used;
  *w = saved; /* the outer budget again */
  w->used = used;
  memory_set_limit(core_limit);
  if (interrupted) return lwatchdog_raise(L); /* Ctrl-C stops everything */
  lua_sethook(L, watch_hook, LUA_MASKCOUNT, CHECK_EVERY);
  if (status != LUA_OK) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1); /* the stack: options, results */
  lua_insert(L, 2);
  return lua_gettop(L) - 1;
}

/* mt.sandboxed() — true inside a sandbox. */
static int sandboxed_l(lua_State *L) {
  lua_pushboolean(L, lwatchdog_sandboxed(L));
  return 1;
}

/* within_sandbox(f, ...) calls f(...) with the sandbox flag set (file
** access refused); mt.sandbox uses it.  Returns f's results. */
static int within_sandbox(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lwatchdog_set_sandboxed(L, 1);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  lwatchdog_set_sandboxed(L, 0);
  if (status != LUA_OK) return lua_error(L);
  return lua_gettop(L);
}

void lwatchdog_open(lua_State *L, int module, int shared) {
  wrap_allocator(L);
  if (!lua_gethook(L)) lwatchdog_install(L);
  lua_pushcfunction(L, limit_l);
  lua_setfield(L, module, "limit");
  lua_pushcfunction(L, sandboxed_l);
  lua_setfield(L, module, "sandboxed");
  lua_pushcfunction(L, within_sandbox);
  lua_setfield(L, shared, "within_sandbox");
}

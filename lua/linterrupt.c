/*
** linterrupt.c — Ctrl-C: a signal handler sets a flag; a count hook that
** every Lua thread inherits raises "interrupted" in whatever thread runs,
** and the core's long computations poll the same flag through a Cancel.
** The flag stays set until the host clears it, so neither pcall nor a
** coroutine can swallow the interrupt.
*/
#define _POSIX_C_SOURCE 200809L
#include "linterrupt.h"

#include <signal.h>

#include "lmutorere.h"

#define CHECK_EVERY 1000 /* instructions between two looks at the flag */

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
  (void)sig;
  if (interrupted) { /* a second Ctrl-C while code ignores the first */
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
  }
  interrupted = 1;
}

/* The count hook: raises "interrupted" while the flag is set, and then
** looks at every instruction so that the error cannot be caught and
** ignored in a loop. */
static void interrupt_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  if (!interrupted) {
    if (lua_gethookcount(L) != CHECK_EVERY)
      lua_sethook(L, interrupt_hook, LUA_MASKCOUNT, CHECK_EVERY);
    return;
  }
  lua_sethook(L, interrupt_hook, LUA_MASKCOUNT, 1);
  luaL_error(L, "interrupted");
}

void linterrupt_install(lua_State *L) {
  lua_sethook(L, interrupt_hook, LUA_MASKCOUNT, CHECK_EVERY);
}

void linterrupt_catch(void) {
  struct sigaction sa;
  sa.sa_handler = on_signal;
  sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
}

void linterrupt_set(void) {
  interrupted = 1;
}

void linterrupt_clear(lua_State *L) {
  interrupted = 0;
  if (L && lua_gethook(L) == interrupt_hook)
    lua_sethook(L, interrupt_hook, LUA_MASKCOUNT, CHECK_EVERY);
}

int linterrupt_pending(void) {
  return interrupted != 0;
}

int linterrupt_raise(lua_State *L) {
  return luaL_error(L, "interrupted");
}

static int cancel_stop(void *ctx) {
  (void)ctx;
  return interrupted != 0;
}

Cancel linterrupt_cancel(lua_State *L) {
  (void)L;
  Cancel c = {cancel_stop, NULL};
  return c;
}

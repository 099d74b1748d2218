/*
** lwatchdog.c — what stops runaway code: Ctrl-C, budgets of time,
** instructions and memory (mt.limit), and the sandbox flag.
**
** A count hook looks at a flag and at the budget every CHECK_EVERY
** instructions.  It is set only while it is needed, since a hooked thread
** runs every instruction through the debug interface (1.5 to 2 times
** slower): on the running thread while an instruction budget of mt.limit
** is active, or a time budget in a host that has not given us SIGALRM
** (threads created then inherit it; coroutine.resume, wrap and close,
** replaced by lcoroutines.c, carry it into the thread they run); and by
** the SIGINT handler, and the SIGALRM handler when a time budget's timer
** rings, on the thread running at the time (as lua.c does).  Once
** something trips, the hook raises an error at every instruction until the
** host (or mt.limit) clears it, so neither pcall nor a coroutine can
** swallow it; a hook that finds nothing to watch removes itself.  The
** core's long computations poll the same state through a Cancel.  A host
** that runs Lua code inside long work of its own (the C library, whose
** variants have hooks in Lua) gives its Cancel, which the hook polls too.
** Memory is counted by an allocator that wraps the state's own, with
** memory.c's atomic counts in steps (charge), exactly from where a budget
** is set.
*/
#define _POSIX_C_SOURCE 200809L
#include "lwatchdog.h"

#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/time.h>
#include <time.h>

#include "lbridge.h"
#include "lopen.h"
#include "memory.h"

#define CHECK_EVERY 100 /* instructions between two looks */
#define SLACK 65536     /* bytes of Lua's counted ahead (charge) */
#define POLL_WORK 1000  /* instructions a poll of the core counts for */
#define START_COST 100  /* instructions a coroutine's start counts for */
#define MAX_SECONDS 1e9 /* the largest time budget (about 31 years) */
#define MAX_COUNT 9007199254740992.0 /* 2^53: instructions and bytes */
#define ALARM_LATE 1e-3 /* seconds the timer rings after a deadline */
#define CANCEL_EVERY 1000 /* instructions between two polls of a host's Cancel */

static volatile sig_atomic_t interrupted;
static volatile sig_atomic_t alarm_rang; /* the budget's timer rang */
static int alarms; /* SIGALRM is ours: a timer watches time budgets */

/* The thread running Lua code (the one SIGINT hooks), and the main thread
** of its state (NULL: none known). */
static lua_State *volatile running;
static lua_State *running_main;

/* The budget in force: the innermost mt.limit's, clipped by the outer
** ones (so it only ever shrinks what is left). */
typedef struct Budget {
  int active;
  double deadline;     /* monotonic seconds (0: none) */
  double seconds;      /* the binding time budget, for the message */
  lua_Integer stop_at; /* trip when the count reaches this (-1: none) */
  lua_Integer steps;   /* the binding instruction budget, for the message */
  const char *tripped; /* what ran out, once it has */
} Budget;

typedef struct Watch {
  lua_Alloc base; /* the allocator wrapped (NULL: realloc and free) */
  void *base_ud;
  size_t used;         /* bytes Lua holds */
  size_t charged;      /* bytes memory.c counts for them (charge) */
  lua_Integer counted; /* instructions (and C work) counted so far */
  Budget budget;
  int sandboxed; /* > 0 inside a sandbox */
  const Cancel *cancel;      /* the host's (lwatchdog_set_cancel), or NULL */
  MemoryAccount *account;    /* charged with used too (lwatchdog_set_account) */
  lua_Integer cancel_next;   /* polled again once counted reaches this */
  int cancelled;             /* it said stop (until it is set again) */
} Watch;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --- the allocator --- */

/* Counts used bytes of Lua's with memory.c, whose counts are atomic, in
** steps of SLACK (an atomic add every SLACK bytes, not every block): the
** count stays between used and used + 2 * SLACK, or is exactly used where
** a limit leaves no room for more.  Returns 0, or -1 when the limit
** refuses the bytes. */
static int charge(Watch *w, size_t used) {
  if (used <= w->charged && w->charged - used <= 2 * SLACK) return 0;
  size_t to = used + SLACK;
  if (memory_charge(w->charged, to)) {
    if (memory_charge(w->charged, used)) return -1;
    to = used;
  }
  w->charged = to;
  return 0;
}

/* Counts exactly what w holds with memory.c, before a limit is read. */
static void settle(Watch *w) {
  if (w && !memory_charge(w->charged, w->used)) w->charged = w->used;
}

/* Lua's allocator: the bytes are charged to memory.c, so one limit covers
** Lua and the core. */
static void *watch_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Watch *w = ud;
  size_t old = ptr ? osize : 0;
  size_t counted = old < w->used ? old : w->used; /* blocks from before the
                                                     watch were not counted */
  size_t used = w->used - counted + nsize;
  if (charge(w, used)) return NULL;
  if (memory_charge_account(w->account, counted, nsize)) return NULL;
  void *p;
  if (w->base)
    p = w->base(w->base_ud, ptr, osize, nsize);
  else if (nsize == 0) {
    free(ptr);
    p = NULL;
  } else
    p = realloc(ptr, nsize);
  if (!p && nsize) {
    memory_charge_account(w->account, nsize, counted); /* given back */
    return NULL;
  }
  w->used = used;
  return p;
}

/* The Watch of L, or NULL when its allocator is not ours. */
static Watch *watch_of(lua_State *L) {
  void *ud;
  return lua_getallocf(L, &ud) == watch_alloc ? ud : NULL;
}

lua_State *lwatchdog_newstate(void) {
  static Watch main_watch = {.budget = {.stop_at = -1}};
  return lua_newstate(watch_alloc, &main_watch);
}

/* Restores the wrapped allocator when the state closes (a module loaded by
** another host wrapped it). */
static int watch_release(lua_State *L) {
  Watch *w = watch_of(L);
  if (w && w->base) {
    memory_charge(w->charged, 0);
    memory_charge_account(w->account, w->used, 0);
    lua_setallocf(L, w->base, w->base_ud);
    free(w);
  }
  return 0;
}

/* Wraps L's allocator in a Watch when it is not one yet; the bytes L holds
** already are counted from now. */
static void wrap_allocator(lua_State *L) {
  if (watch_of(L)) return;
  Watch *w = calloc(1, sizeof *w);
  if (!w) return;
  w->base = lua_getallocf(L, &w->base_ud);
  w->budget.stop_at = -1;
  w->used = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 +
            (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
  if (memory_charge(0, w->used)) w->used = 0;
  w->charged = w->used;
  lua_setallocf(L, watch_alloc, w);
  lua_newtable(L); /* a sentinel whose finaliser unwraps */
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, watch_release);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, "mutorere.watch");
}

/* --- what trips --- */

/* 1 when the host's Cancel of w has said stop; polls it every
** CANCEL_EVERY instructions. */
static int host_cancelled(Watch *w) {
  if (!w->cancelled && w->counted >= w->cancel_next) {
    w->cancel_next = w->counted + CANCEL_EVERY;
    w->cancelled = cancel_now(w->cancel);
  }
  return w->cancelled;
}

/* The message of whatever has tripped, or NULL; looks at the clock. */
static const char *tripped(Watch *w) {
  if (interrupted) return "interrupted";
  if (w && w->cancel && host_cancelled(w)) return "cancelled";
  if (!w || !w->budget.active) return NULL;
  Budget *b = &w->budget;
  if (!b->tripped && b->deadline > 0 && now() > b->deadline)
    b->tripped = "time";
  if (!b->tripped && b->stop_at >= 0 && w->counted >= b->stop_at)
    b->tripped = "instructions";
  return b->tripped;
}

/* Pushes the message for what tripped of budget b. */
static void push_message(lua_State *L, const Budget *b, const char *what) {
  if (strcmp(what, "time") == 0)
    lua_pushfstring(L, "the time budget (%f s) ran out", b->seconds);
  else if (strcmp(what, "instructions") == 0)
    lua_pushfstring(L, "the instruction budget (%I instructions) ran out",
                    b->steps);
  else
    lua_pushstring(L, what);
}

static void watch_hook(lua_State *L, lua_Debug *ar);

/* 1 while the hook has something to watch: Ctrl-C came, the timer rang,
** a budget tripped, or a budget is active that only the hook can watch
** (instructions, or time when no timer does). */
static int watching(Watch *w) {
  if (interrupted || alarm_rang || (w && w->cancel)) return 1;
  if (!w || !w->budget.active) return 0;
  Budget *b = &w->budget;
  return b->tripped || b->stop_at >= 0 || (b->deadline > 0 && !alarms);
}

static Watch *timed; /* the Watch whose budget the timer watches */

/* Arms the timer to ring just after the deadline of w's budget (so that
** the clock has passed it when it rings), or disarms it when there is
** none (only when SIGALRM is ours). */
static void arm_alarm(Watch *w) {
  if (!alarms) return;
  timed = w;
  struct itimerval t = {{0, 0}, {0, 0}};
  if (w && w->budget.active && w->budget.deadline > 0 && !w->budget.tripped) {
    double left = w->budget.deadline - now() + ALARM_LATE;
    if (left < ALARM_LATE) left = ALARM_LATE;
    t.it_value.tv_sec = (time_t)left;
    t.it_value.tv_usec = (suseconds_t)((left - floor(left)) * 1e6);
  }
  setitimer(ITIMER_REAL, &t, NULL);
  alarm_rang = 0; /* after: a ring of the old timer is forgotten */
}

/* Sets L's count hook to look again after CHECK_EVERY instructions, or
** sooner when the instruction budget ends sooner (1: at once); removes it
** when there is nothing to watch. */
static void set_count(lua_State *L, Watch *w) {
  int count = CHECK_EVERY;
  if (!watching(w)) {
    if (lua_gethook(L) == watch_hook) lua_sethook(L, NULL, 0, 0);
    if (!interrupted && !alarm_rang) return; /* else a signal came since */
  }
  if (tripped(w))
    count = 1;
  else if (w && w->budget.stop_at >= 0 &&
           w->budget.stop_at - w->counted < count)
    count = (int)(w->budget.stop_at - w->counted);
  if (count < 1) count = 1;
  if (lua_gethook(L) != watch_hook || lua_gethookmask(L) != LUA_MASKCOUNT ||
      lua_gethookcount(L) != count)
    lua_sethook(L, watch_hook, LUA_MASKCOUNT, count);
}

static void watch_hook(lua_State *L, lua_Debug *ar) {
  Watch *w = watch_of(L);
  if (w && ar->event == LUA_HOOKCOUNT) w->counted += lua_gethookcount(L);
  const char *what = tripped(w);
  if (!what && alarm_rang) arm_alarm(w); /* it rang early: again */
  set_count(L, w);
  if (what) {
    push_message(L, &w->budget, what);
    lua_error(L);
  }
}

/* __gc of a state's sentinel: SIGINT no longer hooks its threads. */
static int forget_state(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  if (lua_tothread(L, -1) == running_main) running = running_main = NULL;
  lua_pop(L, 1);
  return 0;
}

/* Makes L's main thread the one the signals stop (until a resume runs
** another; until L closes). */
static void track_running(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  running = running_main = lua_tothread(L, -1);
  lua_newtable(L); /* the sentinel */
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, forget_state);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, "mutorere.running");
  lua_pop(L, 1);
}

/* --- other threads --- */

/* 1 when the thread co has not started: its function waits on its stack. */
static int fresh(lua_State *co) {
  lua_Debug ar;
  return lua_status(co) == LUA_OK && !lua_getstack(co, 0, &ar) &&
         lua_gettop(co) > 0;
}

lua_State *lwatchdog_enter(lua_State *L, lua_State *co) {
  Watch *w = watch_of(L);
  if (w && w->budget.active && w->budget.stop_at >= 0 && fresh(co))
    w->counted += START_COST; /* what a thread runs before its first look */
  if (co != L && watching(w)) set_count(co, w);
  lua_State *before = running;
  if (before) running = co;
  return before;
}

void lwatchdog_leave(lua_State *L, lua_State *before) {
  if (before) running = before;
  Watch *w = watch_of(L);
  if (watching(w)) set_count(L, w);
}

int lwatchdog_tripped(lua_State *L) {
  return tripped(watch_of(L)) != NULL;
}

/* Hooks the running thread so that it looks at once (a signal handler). */
static void hook_running(void) {
  lua_State *L = running;
  if (L) /* as lua.c: calls and returns too, so C loops calling Lua stop */
    lua_sethook(L, watch_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

static void on_alarm(int sig) {
  (void)sig;
  alarm_rang = 1;
  hook_running();
}

static void on_signal(int sig) {
  (void)sig;
  if (interrupted) { /* a second Ctrl-C while code ignores the first */
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
  }
  interrupted = 1;
  hook_running();
}

/* In a forked child: timers are not inherited, so arm its own. */
static void rearm_in_child(void) {
  arm_alarm(timed);
}

void lwatchdog_catch(lua_State *L) {
  struct sigaction sa;
  track_running(L);
  sa.sa_handler = on_signal;
  sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART; /* reads go on: the budget stops Lua code */
  if (sigaction(SIGALRM, &sa, NULL) == 0) {
    alarms = 1;
    pthread_atfork(NULL, NULL, rearm_in_child);
  }
}

void lwatchdog_clear(lua_State *L) {
  interrupted = 0;
  if (L) set_count(L, watch_of(L));
}

int lwatchdog_pending(void) {
  return interrupted != 0;
}

void lwatchdog_begin(lua_State *L, double seconds) {
  Watch *w = watch_of(L);
  if (!w || seconds <= 0) return;
  Budget b = {1, now() + seconds, seconds, -1, 0, NULL};
  w->budget = b;
  arm_alarm(w);
  set_count(L, w);
}

void lwatchdog_end(lua_State *L) {
  Watch *w = watch_of(L);
  if (!w) return;
  Budget none = {0, 0, 0, -1, 0, NULL};
  w->budget = none;
  arm_alarm(w);
  set_count(L, w);
}

void lwatchdog_set_cancel(lua_State *L, const Cancel *c) {
  Watch *w = watch_of(L);
  if (!w) return;
  w->cancel = c;
  w->cancelled = 0;
  w->cancel_next = w->counted;
  set_count(L, w);
}

void lwatchdog_set_account(lua_State *L, MemoryAccount *a) {
  Watch *w = watch_of(L);
  if (!w || w->account == a) return;
  memory_charge_account(w->account, w->used, 0);
  w->account = a;
  memory_charge_account(a, 0, w->used); /* no limit yet: it cannot fail */
}

void lwatchdog_set_cap(lua_State *L, size_t bytes) {
  settle(watch_of(L));
  size_t total = memory_total();
  memory_set_limit(!bytes                     ? 0
                   : bytes > SIZE_MAX - total ? SIZE_MAX
                                              : total + bytes);
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
  set_count(L, w);
  push_message(L, w ? &w->budget : NULL, what ? what : "interrupted");
  return lua_error(L);
}

void lwatchdog_poll(lua_State *L, lua_Integer work) {
  Watch *w = watch_of(L);
  if (w) w->counted += work;
  if (tripped(w)) lwatchdog_raise(L);
}

/* The Cancel's callback: each poll counts as POLL_WORK instructions, so
** that the instruction budget bounds the core's work too. */
static int cancel_stop(void *ctx) {
  Watch *w = ctx;
  if (w) w->counted += POLL_WORK;
  return tripped(w) != NULL;
}

Cancel lwatchdog_cancel(lua_State *L) {
  Cancel c = {cancel_stop, watch_of(L)};
  return c;
}

/* --- mt.limit --- */

/* Reads field key of the budget table at 1: -1 when absent, else a number
** from 0 to max (a whole number when whole); errors say what it must be. */
static double budget_field(lua_State *L, const char *key, double max, int whole,
                           const char *want) {
  int type = lua_getfield(L, 1, key);
  double x = -1;
  if (type != LUA_TNIL) {
    lua_Integer k;
    x = lua_tonumber(L, -1);
    if (type != LUA_TNUMBER || !(x >= 0 && x <= max) ||
        (whole && !lbridge_whole(L, -1, &k)))
      luaL_argerror(L, 1,
                    lua_pushfstring(L, "bad budget: %s must be %s, got %s", key,
                                    want, lbridge_describe(L, -1)));
  }
  lua_pop(L, 1);
  return x;
}

/* Checks that every key of the budget table at 1 is known. */
static void budget_keys(lua_State *L) {
  static const char *const fields[] = {"time", "instructions", "memory", NULL};
  if (lbridge_unknown_key(L, 1, fields))
    luaL_argerror(L, 1,
                  lua_pushfstring(L,
                                  "bad budget: unknown field %s (the fields "
                                  "are time, instructions and memory)",
                                  lbridge_describe(L, -1)));
}

/* Narrows the budget of w by the table at 1: a time, instruction or memory
** budget given there replaces the one in force only when it is tighter. */
static void narrow(lua_State *L, Watch *w) {
  budget_keys(L);
  double seconds = budget_field(L, "time", MAX_SECONDS, 0,
                                "a number of seconds from 0 to 1e9");
  double steps = budget_field(L, "instructions", MAX_COUNT, 1,
                              "a whole number from 0 to 2^53");
  double memory = budget_field(L, "memory", MAX_COUNT, 1,
                               "a whole number of bytes from 0 "
                               "to 2^53");
  Budget *b = &w->budget;
  if (!b->active) {
    Budget none = {0, 0, 0, -1, 0, NULL};
    *b = none;
  }
  if (seconds >= 0) {
    double deadline = now() + seconds;
    if (b->deadline <= 0 || deadline < b->deadline)
      b->deadline = deadline, b->seconds = seconds;
  }
  if (steps >= 0) {
    lua_Integer at = w->counted + (lua_Integer)steps;
    if (b->stop_at < 0 || at < b->stop_at)
      b->stop_at = at, b->steps = (lua_Integer)steps;
  }
  if (memory >= 0) {
    settle(w);
    size_t total = memory_total(), limit = memory_limit();
    size_t cap =
        (size_t)memory > SIZE_MAX - total ? SIZE_MAX : total + (size_t)memory;
    if (!limit || cap < limit) memory_set_limit(cap);
  }
  b->active = 1;
}

/* mt.limit({time = s, instructions = n, memory = bytes}, f, ...) — calls
** f(...) within a budget that neither pcall nor coroutines escape; returns
** true and f's results, or false and the error ("the time budget (1 s) ran
** out", "not enough memory", or f's own).  Budgets nest: the inner one only
** shrinks what the outer one leaves. */
static int limit_l(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  Watch *w = watch_of(L);
  if (!w) return luaL_error(L, "mt.limit needs the module's allocator");
  Budget saved = w->budget;
  size_t saved_limit = memory_limit();
  narrow(L, w);
  arm_alarm(w);
  set_count(L, w);
  int n = lua_gettop(L) - 2;
  int status = lua_pcall(L, n, LUA_MULTRET, 0);
  Budget inner = w->budget;
  w->budget = saved; /* the outer budget again, less what was spent */
  memory_set_limit(saved_limit); /* (before anything that may raise) */
  arm_alarm(w);
  if (inner.tripped) { /* it ran out, even if the error was caught inside */
    push_message(L, &inner, inner.tripped);
    int said = status != LUA_OK && lua_type(L, 2) == LUA_TSTRING &&
               strstr(lua_tostring(L, 2), lua_tostring(L, -1)) != NULL;
    if (!said && lua_gettop(L) > 2) lua_replace(L, 2); /* the message */
    lua_settop(L, 2); /* or the error that says it and where (a hook) */
    status = LUA_ERRRUN;
  }
  if (tripped(w)) return lwatchdog_raise(L); /* Ctrl-C, or the outer ran out */
  set_count(L, w);
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

/* shared.interruptible(f, ...) -> true, f's results | false: calls
** f(...); when Ctrl-C stops it, takes the Ctrl-C (as the REPL does after
** a command) and answers false, so that the caller can keep what was done
** (matches keep the games played).  Any other error, and a budget that ran
** out meanwhile, go on. */
static int interruptible(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    return lua_gettop(L);
  }
  if (!interrupted) return lua_error(L);
  interrupted = 0;
  if (tripped(watch_of(L))) return lwatchdog_raise(L);
  lwatchdog_clear(L);
  lua_pushboolean(L, 0);
  return 1;
}

void lwatchdog_watch(lua_State *L) { wrap_allocator(L); }

void lwatchdog_open(lua_State *L, int module, int shared) {
  lua_pushcfunction(L, limit_l);
  lua_setfield(L, module, "limit");
  lua_pushcfunction(L, sandboxed_l);
  lua_setfield(L, module, "sandboxed");
  lua_pushcfunction(L, within_sandbox);
  lua_setfield(L, shared, "within_sandbox");
  lua_pushcfunction(L, interruptible);
  lua_setfield(L, shared, "interruptible");
}

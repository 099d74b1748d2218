/*
** fuzz_lua.h — the harness of the Lua fuzz targets: one Lua state with the
** module, made once and reused for every input (a new state costs more
** than most inputs), and what keeps one input from changing the next one's
** result, so that what the fuzzer finds replays from its input alone.
**
** A target's driver is Lua text that runs once, when the state is made,
** and returns the function run for each input: drive(input) -> trace, a
** text of what the input did (each call's outcome).  What the driver makes
** before that function (variants by name, say) is made once and only
** read; everything an input changes lives inside the function.  Before
** each input the harness gives the state the same start: every part of the
** module already loaded (a part loads when first used, which would count
** against the first input's budgets only), the last input's garbage
** collected, the virtual clock (fuzz_clock.c) back at its start,
** math.random reseeded, no budget in force.  What else lasts from input to input is the module's
** caches (solutions, symmetries of boards, interned moves), which may make
** a call cheaper but must never change what it answers.  That is checked,
** not assumed: with MUTORERE_FUZZ_FRESH=1 in the environment each input
** also runs in a new state, and the two traces must be equal up to where a
** budget first ran out in either (fuzz_same; else the target aborts with
** both).  CI runs that check over the seed corpus and
** over everything its fuzzing found.
**
** The collector runs in generational mode: after an input, a young
** collection frees what the input made and dropped, at a cost that grows
** with that garbage and not with the module's heap (a full collection
** marks and sweeps all of it, and cost more than the average input).  What
** an input leaves older than young (it outlived a collection of its own)
** is freed by a full collection, made when the heap ends more than SLACK
** bytes above where the last full one left it.  So an input's blocks are
** freed by its end, and libFuzzer, which counts mallocs and frees, sees no
** leak to chase.
*/
#ifndef MUTORERE_FUZZ_LUA_H
#define MUTORERE_FUZZ_LUA_H

#include <lualib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>

#include "fuzz_clock.h"
#include "lbridge.h"
#include "lmutorere.h"
#include "lwatchdog.h"

/* broken(message): a driver found a broken invariant; stops the fuzzer
** with the message (an error would only be caught). */
static int fuzz_broken(lua_State *L) {
  fprintf(stderr, "broken invariant: %s\n", luaL_optstring(L, 1, "?"));
  abort();
}

/* Pushes the private module table (what the program gives its Lua parts,
** as main.c gives it to ugi.lua). */
static void fuzz_push_api(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
}

/* Sets the module's home to the top of this target's build tree (this
** binary's folder, then FUZZ_BUILD_TOP, "../.."), whose scripts/ links to
** the source's: the variants and players drivers name by name are found
** wherever the build tree is, without MUTORERE_PATH. */
static void fuzz_set_home(lua_State *L) {
  char path[4096];
  ssize_t k = readlink("/proc/self/exe", path, sizeof path - 1);
  if (k <= 0) return;
  path[k] = '\0';
  char *slash = strrchr(path, '/');
  if (!slash) return;
  *slash = '\0';
  lua_pushfstring(L, "%s/%s", path, FUZZ_BUILD_TOP);
  lua_setfield(L, LUA_REGISTRYINDEX, LMUTORERE_HOME_KEY);
}

/* A new state with the module as global mt (every part loaded), the
** function broken, the embedded part `part` (NULL: none) run with the
** private module and its result as global `part_result`, and the function
** the driver returns as global drive.  Aborts when any of it fails. */
static lua_State *fuzz_new_state(const char *driver, const char *part) {
  lua_State *L = lwatchdog_newstate();
  luaL_openlibs(L);
  /* os.time() on the virtual date too (liblua's calls are not wrapped), for
  ** the module to capture: UGI's Seed 0 mixes it in. */
  if (luaL_dostring(L, "local time = os.time\n"
                       "os.time = function(t) if t == nil then return "
                       "1000000 end return time(t) end"))
    abort();
  lua_register(L, "broken", fuzz_broken);
  fuzz_set_home(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  if (lmutorere_load_all(L) != LUA_OK) abort();
  if (part) {
    if (lmutorere_load(L, part) != LUA_OK) abort();
    fuzz_push_api(L);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) abort();
    lua_setglobal(L, "part_result");
  }
  fuzz_clock_start(); /* what the driver makes once, the same every time */
  if (luaL_loadstring(L, driver) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK ||
      !lua_isfunction(L, -1)) {
    fprintf(stderr, "fuzz driver: %s\n", lua_tostring(L, -1));
    abort();
  }
  fuzz_clock_stop();
  lua_setglobal(L, "drive");
  lua_gc(L, LUA_GCGEN, 0, 0);
  lua_gc(L, LUA_GCCOLLECT);
  return L;
}

/* The bytes L's heap holds. */
static size_t fuzz_heap(lua_State *L) {
  return (size_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB);
}

/* Frees what the input just run in L made and dropped (see the top);
** before is L's heap before the input. */
static void fuzz_collect(lua_State *L, size_t before) {
  /* in generational mode, young collections: the second frees the objects
  ** whose finalizers the first ran */
  lua_gc(L, LUA_GCSTEP, 0);
  lua_gc(L, LUA_GCSTEP, 0);
  if (fuzz_heap(L) <= before) return;
  lua_gc(L, LUA_GCCOLLECT);
  lua_gc(L, LUA_GCSTEP, 0);
}

/* A trace: what drive(input) returned, or its error. */
typedef struct Trace {
  char *text; /* malloc'd */
  size_t size;
} Trace;

/* Runs drive(input) in L from the harness's start; returns the trace. */
static Trace fuzz_run(lua_State *L, const uint8_t *data, size_t size) {
  size_t before = fuzz_heap(L);
  lua_getglobal(L, "math");
  lua_getfield(L, -1, "randomseed");
  lua_pushinteger(L, 0);
  lua_call(L, 1, 0);
  lua_settop(L, 0);
  lua_getglobal(L, "drive");
  lua_pushlstring(L, (const char *)data, size);
  fuzz_clock_start();
  int status = lua_pcall(L, 1, 1, 0);
  fuzz_clock_stop();
  if (status != LUA_OK) lua_pushfstring(L, "error: %s", lua_tostring(L, -1));
  Trace t = {NULL, 0};
  const char *text = luaL_tolstring(L, -1, &t.size);
  if (!(t.text = malloc(t.size + 1))) abort();
  memcpy(t.text, text, t.size + 1);
  lua_settop(L, 0);
  fuzz_collect(L, before);
  return t;
}

/* The length of t's text before the line where a time or instruction
** budget first ran out (all of it when none did). */
static size_t fuzz_before_budget(const Trace *t) {
  const char *hit = strstr(t->text, " budget (");
  if (!hit) return t->size;
  while (hit > t->text && hit[-1] != '\n') hit--;
  return (size_t)(hit - t->text);
}

/* 1 when two traces of one input agree: equal, or, where a budget ran out
** in either, equal before the first such line.  (Where a budget runs out
** depends on the instructions and looks at the clock a call makes, and
** those vary with the order of a table's keys, which Lua draws afresh for
** each state from addresses; what ran before must agree all the same.) */
static int fuzz_same(const Trace *a, const Trace *b) {
  size_t n = fuzz_before_budget(a), m = fuzz_before_budget(b);
  if (n == a->size && m == b->size)
    return a->size == b->size && memcmp(a->text, b->text, a->size) == 0;
  size_t k = n < m ? n : m;
  return memcmp(a->text, b->text, k) == 0;
}

/* Runs one input in the reused state (made on the first call) and, when
** MUTORERE_FUZZ_FRESH is set, again in a new state: the traces must agree
** (fuzz_same). */
static void fuzz_one(const char *driver, const char *part, const uint8_t *data,
                     size_t size) {
  static lua_State *L;
  static int fresh = -1;
  if (!L) L = fuzz_new_state(driver, part);
  if (fresh < 0) fresh = getenv("MUTORERE_FUZZ_FRESH") != NULL;
  Trace t = fuzz_run(L, data, size);
  if (fresh) {
    lua_State *F = fuzz_new_state(driver, part);
    Trace alone = fuzz_run(F, data, size);
    lua_close(F);
    if (!fuzz_same(&t, &alone)) {
      fprintf(stderr,
              "the input's result depends on the inputs before it:\n"
              "after them: %s\nalone:      %s\n",
              t.text, alone.text);
      abort();
    }
    free(alone.text);
  }
  free(t.text);
}

#endif

/*
** lsolver.c — Solution values: a variant solved by the core's retrograde
** analysis (solve.h picks the solver and the kind of solution), cached
** with the variant (and, for variants without hooks, with every variant of
** the same parameters), kept in files on request; a reachable-states
** solution grows when asked about a state it does not hold; a progress bar
** on standard error for long solves.
*/
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lfiles.h"
#include "lgame.h"
#include "lvariant.h"
#include "lposition.h"
#include "lwatchdog.h"
#include "lopen.h"
#include "lsolver.h"
#include "memory.h"
#include "reach.h"
#include "safefile.h"
#include "solfile.h"
#include "solve.h"
#include "solver.h"
#include "symcensus.h"
#include "symtable.h"

static const char LSOLUTION_META[] = "mutorere.Solution";
#define CACHE_KEY "mutorere.solutions" /* parameters -> Solution, weak */

static const char *const value_names[] = {"draw", "win", "loss"};

typedef struct LSolution {
  Solution s;
  int live;
  int threads;    /* for the census */
  double delay;   /* the progress bar shows after this many seconds (< 0:
                  ** never) */
  double seconds; /* the solve took (0 when loaded) */
} LSolution;

/* --- the progress bar --- */

typedef struct Bar {
  double delay, start, last; /* seconds */
  int shown;
  char phase[32];
  double phase_start;
  uint64_t phase_done;
  /* passes whose number is not known ahead (the solver's distances) */
  int counting;        /* the next report is of such a pass */
  int phase_counted;   /* the phase shown is such a pass */
  int passes;          /* such passes begun */
  double pass_seconds; /* the last one finished took */
  /* the walk of the states play reaches: the bytes it may take, and the
  ** core's bytes when it began (0: not bounded so) */
  size_t walk_bytes, walk_from;
} Bar;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Writes a count as "812", "12.3k", "27.1M", "1.2G" into buf (16 bytes). */
static const char *count_text(double x, char *buf) {
  static const char *const units[] = {"", "k", "M", "G", "T"};
  int u = 0;
  while (x >= 1000 && u < 4) x /= 1000, u++;
  snprintf(buf, 16, u ? "%.1f%s" : "%.0f%s", x, units[u]);
  return buf;
}

/* Writes seconds as "1:05" or "2:03:07" into buf (32 bytes). */
static const char *time_text(double t, char *buf) {
  int s = t < 0 ? 0 : t > 3.6e8 ? 360000000 : (int)(t + 0.5);
  if (s >= 3600)
    snprintf(buf, 32, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  else
    snprintf(buf, 32, "%d:%02d", s / 60, s % 60);
  return buf;
}

/* Notes a new phase at time t: the end of a counted pass, the start of
** the next. */
static void bar_phase(Bar *b, const char *phase, double t) {
  if (b->phase_counted) b->pass_seconds = t - b->phase_start;
  b->phase_counted = b->counting;
  b->passes += b->counting;
  snprintf(b->phase, sizeof b->phase, "%s", phase);
  b->phase_start = t;
  b->phase_done = 0;
}

/* The line of a counted pass, in 79 columns: its own bar and time left,
** then the pass's number, the time the last one took, the time so far. */
static void pass_line(const Bar *b, char *line, size_t size, double t,
                      uint64_t done, uint64_t total) {
  char bar[11], left[32], all[32], each[48];
  int filled = (int)(10 * (double)done / (double)total);
  for (int i = 0; i < 10; i++) bar[i] = i < filled ? '#' : '.';
  bar[10] = 0;
  double elapsed = t - b->phase_start;
  double rate = elapsed > 0 ? (double)done / elapsed : 0;
  if (b->pass_seconds >= 60)
    snprintf(each, sizeof each, ", the last %s",
             time_text(b->pass_seconds, left));
  else if (b->pass_seconds > 0)
    snprintf(each, sizeof each, ", the last %.1f s", b->pass_seconds);
  else
    each[0] = 0;
  snprintf(line, size, "%s [%s] %3.0f%%, %s left; pass %d%s, %s so far",
           b->phase, bar, 100.0 * (double)done / (double)total,
           rate > 0 ? time_text((double)(total - done) / rate, left) : "?",
           b->passes, each, time_text(t - b->start, all));
}

/* The line of the walk of the states play reaches, in 79 columns: its bar
** (the states walked of those found so far, which the walk's growth keeps
** ahead), then the memory it holds of what it may take and, at the pace
** the memory grew so far, when it would be full. */
static void walk_line(const Bar *b, char *line, size_t size, double t,
                      uint64_t done, uint64_t total) {
  char bar[11], a[16], c[16], r[16], used[16], most[16], full[32];
  int filled = total ? (int)(10 * (double)done / (double)total) : 0;
  for (int i = 0; i < 10; i++) bar[i] = i < filled ? '#' : '.';
  bar[10] = 0;
  size_t now_bytes = memory_total();
  double held =
      now_bytes > b->walk_from ? (double)(now_bytes - b->walk_from) : 0;
  double elapsed = t - b->phase_start;
  double pace = elapsed > 0 ? held / elapsed : 0; /* bytes a second */
  double left = (double)b->walk_bytes - held;
  snprintf(line, size, "walking [%s] %s of %s, %s/s; %s of %s, full in %s", bar,
           count_text((double)done, a), count_text((double)total, c),
           count_text(elapsed > 0 ? (double)done / elapsed : 0, r),
           memory_format((size_t)held, used),
           memory_format(b->walk_bytes, most),
           pace > 0 && left > 0 ? time_text(left / pace, full) : "?");
}

/* The core's progress callback: redraws the bar on standard error at most
** ten times a second, once the work has run for the delay; a report of
** PROGRESS_SETTLED marks the next as one of passes counted as they come. */
static void bar_report(void *ctx, const char *phase, uint64_t done,
                       uint64_t total) {
  Bar *b = ctx;
  if (strcmp(phase, PROGRESS_SETTLED) == 0) { /* before a pass's report */
    b->counting = 1;
    return;
  }
  double t = now();
  if (strcmp(phase, b->phase) != 0) bar_phase(b, phase, t);
  int counting = b->counting;
  b->counting = 0;
  if (b->delay < 0 || t - b->start < b->delay) return;
  if (t - b->last < 0.1 && done != total) return;
  b->last = t;
  char line[300], a[16], c[16], r[16], left[32], bar[21];
  double elapsed = t - b->phase_start, rate = 0;
  if (elapsed > 0) rate = (double)(done - b->phase_done) / elapsed;
  if (total && counting)
    pass_line(b, line, sizeof line, t, done, total);
  else if (b->walk_bytes && strcmp(phase, "walking") == 0)
    walk_line(b, line, sizeof line, t, done, total);
  else if (total) {
    int filled = (int)(20 * (double)done / (double)total);
    for (int i = 0; i < 20; i++) bar[i] = i < filled ? '#' : '.';
    bar[20] = 0;
    snprintf(line, sizeof line, "%s [%s] %3.0f%% %s of %s, %s/s, %s left",
             phase, bar, 100.0 * (double)done / (double)total,
             count_text((double)done, a), count_text((double)total, c),
             count_text(rate, r),
             rate > 0 ? time_text((double)(total - done) / rate, left) : "?");
  } else
    snprintf(line, sizeof line, "%s: %s resolved, %s/s, %s", phase,
             count_text((double)done, a), count_text(rate, r),
             time_text(t - b->start, left));
  fprintf(stderr, "\r%s\033[K", line);
  fflush(stderr);
  b->shown = 1;
}

/* Starts a bar that shows after delay seconds (< 0: never). */
static Bar bar_start(double delay) {
  Bar b;
  memset(&b, 0, sizeof b);
  b.delay = delay;
  b.start = b.last = b.phase_start = now();
  return b;
}

/* Clears the bar from the terminal. */
static void bar_end(Bar *b) {
  if (!b->shown) return;
  fprintf(stderr, "\r\033[K");
  fflush(stderr);
}

static LSolution *solution_self(lua_State *L) {
  LSolution *s = lbridge_checkudata(L, 1, LSOLUTION_META);
  if (!s->live) luaL_error(L, "this solution was freed");
  return s;
}

const Solution *lsolver_check(lua_State *L, int idx) {
  LSolution *s = lbridge_checkudata(L, idx, LSOLUTION_META);
  if (!s->live) luaL_error(L, "this solution was freed");
  return &s->s;
}

static int solution_gc(lua_State *L) {
  LSolution *s = lbridge_checkudata(L, 1, LSOLUTION_META);
  if (s->live) solver_free(&s->s);
  s->live = 0;
  return 0;
}

/* Pushes the cache key of a variant without hooks: its rules as a
** solution file names them (fields and board included), and for rules
** solved on the states play reaches, its start. */
static void push_cache_key(lua_State *L, const Variant *v) {
  char line[384], start[BOARD_POSMAX];
  solfile_rules_line(&v->rules, line, sizeof line);
  if (rules_general(&v->rules))
    lua_pushfstring(L, "%s from %s", line, board_format(&v->start, start));
  else
    lua_pushstring(L, line);
}

/* Pushes the cached Solution of the Variant at vidx, or nil. */
static int cache_get(lua_State *L, int vidx, const Variant *v) {
  if (lvariant_info_get(L, vidx, "solution") != LUA_TNIL) return 1;
  lua_pop(L, 1);
  if (rules_hooked(&v->rules)) return lua_pushnil(L), 0;
  lua_getfield(L, LUA_REGISTRYINDEX, CACHE_KEY);
  push_cache_key(L, v);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  return !lua_isnil(L, -1);
}

/* Stores the Solution on top (left there) for the Variant at vidx. */
static void cache_set(lua_State *L, int vidx, const Variant *v) {
  lua_pushvalue(L, -1);
  lvariant_info_set(L, vidx, "solution");
  if (rules_hooked(&v->rules)) return;
  lua_getfield(L, LUA_REGISTRYINDEX, CACHE_KEY);
  push_cache_key(L, v);
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* The options of mt.solve. */
typedef struct SolveRequest {
  int threads;
  double delay; /* of the progress bar; < 0: none */
  const char *file;
  int kind;            /* SOLVE_*: of the option reachable */
  double memory_share; /* of the memory available, for the states play
                       ** reaches (0: the default) */
  int mapped;          /* the file's table read on demand, not loaded */
} SolveRequest;

/* Reads the options table at arg (may be absent). */
static SolveRequest solve_options(lua_State *L, int arg) {
  SolveRequest o = {0, isatty(STDERR_FILENO) ? 1.0 : -1.0, NULL, SOLVE_AUTO, 0,
                    0};
  if (lua_isnoneornil(L, arg)) return o;
  static const char *const names[] = {"threads",      "progress", "file",
                                      "reachable",    "memory_share",
                                      "mapped",       NULL};
  luaL_checktype(L, arg, LUA_TTABLE);
  lbridge_check_options(L, arg, names);
  if (lua_getfield(L, arg, "threads") != LUA_TNIL) {
    o.threads = (int)lbridge_check_whole(L, -1, "threads", 1, 64);
  }
  if (lua_getfield(L, arg, "progress") != LUA_TNIL) {
    if (lua_isboolean(L, -1))
      o.delay = lua_toboolean(L, -1) ? 1.0 : -1.0;
    else {
      int ok;
      o.delay = lua_tonumberx(L, -1, &ok);
      luaL_argcheck(L, ok && o.delay >= 0, arg,
                    "progress must be a boolean or seconds >= 0");
    }
  }
  if (lua_getfield(L, arg, "file") != LUA_TNIL) {
    luaL_argcheck(L, lbridge_is_text(L, -1), arg,
                  "file must be a path (a string without zero bytes)");
    o.file = lua_tostring(L, -1);
    if (lwatchdog_sandboxed(L))
      luaL_error(L, "reading and writing files is not allowed in a sandbox");
  }
  if (lua_getfield(L, arg, "reachable") != LUA_TNIL) {
    luaL_argcheck(L, lua_isboolean(L, -1), arg,
                  "reachable must be a boolean (true: the states reachable "
                  "from the start; false: every state)");
    o.kind = lua_toboolean(L, -1) ? SOLVE_REACHABLE : SOLVE_TABLE;
  }
  if (lua_getfield(L, arg, "memory_share") != LUA_TNIL) {
    int ok;
    o.memory_share = lua_tonumberx(L, -1, &ok);
    luaL_argcheck(L, ok && o.memory_share > 0 && o.memory_share <= 1, arg,
                  "memory_share must be a number above 0 and at most 1 (the "
                  "share of the memory available a walk of the states play "
                  "reaches may take)");
  }
  if (lua_getfield(L, arg, "mapped") != LUA_TNIL) {
    luaL_argcheck(L, lua_isboolean(L, -1), arg,
                  "mapped must be a boolean (true: the file's table is read "
                  "as lookups ask, not loaded)");
    o.mapped = lua_toboolean(L, -1);
    luaL_argcheck(L, !o.mapped || o.file, arg, "mapped needs a file");
  }
  lua_pop(L, 6);
  return o;
}

/* --- what ties a file to the rules it solved --- */

/* The FNV-1a digest h carried over k bytes at p. */
static uint64_t digest_bytes(uint64_t h, const void *p, size_t k) {
  const unsigned char *b = p;
  for (size_t i = 0; i < k; i++) h = (h ^ b[i]) * 0x100000001b3u;
  return h;
}

/* lua_dump's writer: carries the digest in ud. */
static int digest_writer(lua_State *L, const void *p, size_t k, void *ud) {
  (void)L;
  *(uint64_t *)ud = digest_bytes(*(uint64_t *)ud, p, k);
  return 0;
}

/* Adds the value on top (popped) to *h: a plain value (nil, boolean,
** number, string) as itself, a Lua function by its place in the list at
** queue (appended when new; seen maps functions to places), anything else
** by its type alone. */
static void digest_value(lua_State *L, int queue, int seen, uint64_t *h) {
  int type = lua_type(L, -1);
  *h = digest_bytes(*h, &type, sizeof type);
  if (type == LUA_TBOOLEAN) {
    int b = lua_toboolean(L, -1);
    *h = digest_bytes(*h, &b, sizeof b);
  } else if (type == LUA_TNUMBER && lua_isinteger(L, -1)) {
    lua_Integer i = lua_tointeger(L, -1);
    *h = digest_bytes(*h, "i", 1);
    *h = digest_bytes(*h, &i, sizeof i);
  } else if (type == LUA_TNUMBER) {
    lua_Number x = lua_tonumber(L, -1);
    *h = digest_bytes(*h, &x, sizeof x);
  } else if (type == LUA_TSTRING) {
    size_t k;
    const char *text = lua_tolstring(L, -1, &k);
    *h = digest_bytes(*h, &k, sizeof k);
    *h = digest_bytes(*h, text, k);
  } else if (type == LUA_TFUNCTION && !lua_iscfunction(L, -1)) {
    lua_pushvalue(L, -1);
    if (lua_rawget(L, seen) == LUA_TNIL) {
      lua_Integer n = (lua_Integer)lua_rawlen(L, queue) + 1;
      lua_pushvalue(L, -2);
      lua_rawseti(L, queue, n);
      lua_pushvalue(L, -2);
      lua_pushinteger(L, n);
      lua_rawset(L, seen);
      lua_pop(L, 1);
      lua_pushinteger(L, n);
    }
    lua_Integer place = lua_tointeger(L, -1);
    *h = digest_bytes(*h, &place, sizeof place);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* Pushes the digest of the code of v's hooks as 16 hex digits: their
** compiled code (stripped of names and lines' debug data) and the plain
** values of their upvalues, through every Lua function those reach.
** Tables and userdata are taken by their type alone.  Raises when a hook
** is a C function, whose code cannot be read. */
static void push_hooks_digest(lua_State *L, const Variant *v) {
  const int refs[2] = {v->hook.allow_ref, v->hook.result_ref};
  static const char *const names[2] = {"allow", "result"};
  uint64_t h = 0xcbf29ce484222325u;
  char hex[17];
  lua_newtable(L);
  int queue = lua_gettop(L);
  lua_newtable(L);
  int seen = queue + 1;
  for (int i = 0; i < 2; i++) {
    if (refs[i] == LUA_NOREF) {
      lua_pushnil(L);
    } else {
      lua_rawgeti(L, LUA_REGISTRYINDEX, refs[i]);
      if (lua_iscfunction(L, -1))
        luaL_error(L,
                   "the solution of a variant whose %s hook is a C function "
                   "cannot be kept in a file (its code cannot be checked "
                   "when the file is read)",
                   names[i]);
    }
    digest_value(L, queue, seen, &h);
  }
  for (lua_Integer i = 1; lua_rawgeti(L, queue, i) == LUA_TFUNCTION; i++) {
    lua_dump(L, digest_writer, &h, 1);
    for (int up = 1; lua_getupvalue(L, -1, up); up++)
      digest_value(L, queue, seen, &h);
    lua_pop(L, 1);
  }
  lua_settop(L, queue - 1);
  snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
  lua_pushstring(L, hex);
}

/* Pushes the line that names the variant in a solution file: its rule
** parameters, and for a variant with hooks its name too. */
static const char *push_file_variant(lua_State *L, int vidx, const Variant *v) {
  const Rules *r = &v->rules;
  char line[384];
  solfile_rules_line(r, line, sizeof line);
  if (!rules_hooked(r)) return lua_pushstring(L, line);
  lvariant_push_name(L, vidx); /* "rules X" -> "hooked NAME X ..." */
  const char *name = lua_tostring(L, -1);
  lua_pushfstring(L, "hooked %s %s opening_plies=%d history=%d allow=%s "
                     "result=%s%s",
                  name ? name : "?", line + strlen("rules "), r->hook_plies,
                  r->history, v->hook.allow_ref != LUA_NOREF ? "yes" : "no",
                  v->hook.result_ref != LUA_NOREF ? "yes" : "no",
                  v->hook.moves_ref != LUA_NOREF ? " moves=yes" : "");
  lua_remove(L, -2);
  return lua_tostring(L, -1);
}

/* What a file of the Variant v holds: id gets the variant line and the
** hooks' digest, pushed in that order. */
static void push_file_id(lua_State *L, int vidx, const Variant *v,
                         SolfileId *id) {
  id->program = MUTORERE_VERSION;
  id->variant = push_file_variant(L, vidx, v);
  if (rules_hooked(&v->rules))
    push_hooks_digest(L, v);
  else
    lua_pushliteral(L, "none");
  id->hooks = lua_tostring(L, -1);
  id->rules = &v->rules;
  id->symmetric = solve_is_symmetric(&v->rules, v->symmetric);
  id->verdicts = v->hook.result_ref != LUA_NOREF;
}

/* 1 when something is at path (a link counts, even to nothing). */
static int file_exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

/* Saves the Solution s of the Variant at vidx to path (raises on failure). */
static void save_solution(lua_State *L, int vidx, Variant *v, LSolution *s,
                          const char *path) {
  char err[BOARD_ERRMAX];
  SolfileId id;
  push_file_id(L, vidx, v, &id);
  Cancel cancel = lwatchdog_cancel(L);
  Bar bar = bar_start(s->delay);
  Progress progress = {bar_report, &bar};
  int rc = solfile_save(&s->s, &id, path, &cancel, &progress, err);
  bar_end(&bar);
  lua_pop(L, 2);
  if (rc == SOLVER_CANCELLED) lwatchdog_raise(L);
  if (rc != SOLVER_OK) luaL_error(L, "%s", err);
}

/* 1 when the Solution s is of the kind asked for (SOLVE_*). */
static int kind_fits(const LSolution *s, int kind) {
  return kind == SOLVE_AUTO || (kind == SOLVE_REACHABLE) == (s->s.reach != NULL);
}

/* Fills s by loading path or by solving the Variant at vidx.  Returns a
** SOLVER_* code (err says why). */
static int solve_or_load(lua_State *L, int vidx, Variant *v, LSolution *s,
                         const SolveRequest *o, char *err) {
  Cancel cancel = lwatchdog_cancel(L);
  Bar bar = bar_start(o->delay);
  Progress progress = {bar_report, &bar};
  int rc;
  if (o->file && file_exists(o->file)) {
    SolfileId id;
    push_file_id(L, vidx, v, &id);
    rc = o->mapped ? solfile_map(&s->s, &id, o->file, err)
                   : solfile_load(&s->s, &id, o->file, &cancel, &progress,
                                  err);
    lua_pop(L, 2);
  } else {
    SolveOptions so = {o->threads, v->symmetric, &cancel,        &progress,
                       o->kind,    &v->start,    o->memory_share};
    bar.walk_bytes = solve_reach_bytes(&so);
    bar.walk_from = memory_total();
    lua_State *before = lhook_enter(v, L);
    double t = now();
    rc = solve_variant(&s->s, &v->rules, &so, err);
    s->seconds = now() - t;
    lhook_leave(v, before);
  }
  bar_end(&bar);
  return rc;
}

/* Raises unless the solution of the Variant at vidx could be saved to
** path: checked before a solve, so that a long one is not lost. */
static void check_save(lua_State *L, int vidx, const Variant *v,
                       const SolveRequest *o) {
  char why[BOARD_ERRMAX];
  const char *path = o->file;
  if (rules_memory(&v->rules) > 0 && o->kind != SOLVE_REACHABLE)
    luaL_error(L, "cannot save the solution: the plain tables of rules that "
                  "remember moves are not kept in files (their reachable "
                  "states are: reachable = true)");
  SolfileId id;
  push_file_id(L, vidx, v, &id); /* raises for hooks it cannot tie */
  lua_pop(L, 2);
  if (safefile_writable(path, why))
    luaL_error(L, "cannot save the solution to %s: %s", path, why);
}

/* mt.solve(variant [, options]) — the variant solved (once; later calls
** return the same Solution).  options: threads (default: every core),
** file (read the solution from it when it exists, else write it there),
** mapped (the file, which must exist, read as lookups ask: not cached),
** progress (true, false, or seconds before the bar shows; default 1 on a
** terminal). */
static int solve_l(lua_State *L) {
  char err[BOARD_ERRMAX];
  Variant *v = lvariant_get(L, 1);
  SolveRequest o = solve_options(L, 2);
  if (o.mapped && !file_exists(o.file))
    return luaL_error(L, "mapped: no solution file at %s", o.file);
  if (o.file && o.kind == SOLVE_AUTO && rules_memory(&v->rules) > 0)
    o.kind = SOLVE_REACHABLE; /* the kind a file keeps */
  if (!o.mapped) {
    if (cache_get(L, 1, v) && kind_fits(lua_touserdata(L, -1), o.kind)) {
      LSolution *cached = lua_touserdata(L, -1);
      if (o.file && !file_exists(o.file))
        save_solution(L, 1, v, cached, o.file);
      return 1;
    }
    lua_pop(L, 1);
  }
  int loaded = o.file && file_exists(o.file);
  if (o.file && !loaded) check_save(L, 1, v, &o);
  LSolution *s = lua_newuserdatauv(L, sizeof *s, 1);
  memset(s, 0, sizeof *s);
  s->threads = o.threads;
  s->delay = o.delay;
  lbridge_setmetatable(L, LSOLUTION_META);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  int rc = solve_or_load(L, 1, v, s, &o, err);
  if (rc == SOLVER_EHOOK) return lhook_raise(L, v);
  if (rc == SOLVER_CANCELLED) return lwatchdog_raise(L);
  if (rc != SOLVER_OK)
    return luaL_error(L, loaded ? "%s" : "cannot solve: %s", err);
  s->live = 1;
  if (!o.mapped) cache_set(L, 1, v);
  if (o.file && !loaded) save_solution(L, 1, v, s, o.file);
  return 1;
}

/* The Solution's Variant (pushed). */
static Variant *solution_variant(lua_State *L, int idx) {
  lua_getiuservalue(L, idx, 1);
  return lvariant_test(L, -1);
}

/* The state at arg: a Game (its position and the moves the solution
** remembers of it), or a position and the history after it; either must
** be a state of the solution's rules (a game of another board is not). */
static Position check_state(lua_State *L, const LSolution *s, int arg,
                            History *h) {
  char err[BOARD_ERRMAX];
  const Game *g = lgame_test(L, arg);
  const Variant *v = solution_variant(L, 1);
  lua_pop(L, 1); /* the Solution keeps it */
  if (g) {
    Position p = *game_position(g);
    game_history(g, g->length, h);
    if (h->count > s->s.memory) h->count = s->s.memory;
    if (rules_check_position(&v->rules, &p, err) ||
        rules_check_history(&v->rules, &p, h, err))
      luaL_error(L, "the game is not of the solution's board: %s", err);
    return p;
  }
  Position p = lposition_check(L, arg);
  if (rules_check_position(&v->rules, &p, err)) luaL_error(L, "%s", err);
  lhistory_check(L, arg + 1, &v->rules, &p, s->s.memory, h);
  return p;
}

/* Makes the Solution s at idx hold the state p reached by h: a
** reachable-states solution that does not hold it solves it (with the
** rules of the variant it solved), and every state reachable from it;
** raises when that fails. */
static void hold(lua_State *L, int idx, LSolution *s, const Position *p,
                 const History *h) {
  char err[BOARD_ERRMAX];
  if (!s->s.reach || solver_lookup(&s->s, p, h, NULL) != VALUE_UNKNOWN) return;
  Variant *v = solution_variant(L, idx);
  Cancel cancel = lwatchdog_cancel(L);
  lua_State *before = lhook_enter(v, L);
  int rc = reach_extend(&s->s, &v->rules, p, h, &cancel, err);
  lhook_leave(v, before);
  if (rc == SOLVER_EHOOK) lhook_raise(L, v);
  if (rc == SOLVER_CANCELLED) lwatchdog_raise(L);
  if (rc != SOLVER_OK) luaL_error(L, "%s", err);
  lua_pop(L, 1);
}

const Solution *lsolver_holding(lua_State *L, int idx, const Position *p,
                                const History *h) {
  LSolution *s = lbridge_checkudata(L, idx, LSOLUTION_META);
  if (!s->live) luaL_error(L, "this solution was freed");
  hold(L, lua_absindex(L, idx), s, p, h);
  return &s->s;
}

/* s:lookup(position [, history]) or s:lookup(game) — "win", "loss" or
** "draw" for the side to move, and the distance in plies (nil for a
** draw). */
static int solution_lookup(lua_State *L) {
  LSolution *s = solution_self(L);
  History h;
  Position p = check_state(L, s, 2, &h);
  hold(L, 1, s, &p, &h);
  int d, value = solver_lookup(&s->s, &p, &h, &d);
  if (value == VALUE_UNKNOWN) /* never: hold solved it */
    return luaL_error(L, "the solution holds no value for this state");
  lua_pushstring(L, value_names[value]);
  if (d < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, d);
  return 2;
}

/* s:states() — the number of positions solved. */
static int solution_states(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)solver_states(&solution_self(L)->s));
  return 1;
}

/* s:info() — how the solution is kept: {kind ("symmetric", "plain",
** "tiers" or "reachable"), positions, entries (of its table), bits (an entry's code),
** bytes, symmetric, seconds (the solve's; 0 when loaded)}. */
static int solution_info(lua_State *L) {
  LSolution *s = solution_self(L);
  uint64_t entries = s->s.sym ? symtable_entries(&s->s) : solver_states(&s->s);
  int bits = s->s.sym ? s->s.sym->bits : 8;
  uint64_t bytes = s->s.reach ? reach_bytes(&s->s) : symtable_bytes(entries, bits);
  lua_createtable(L, 0, 8);
  lua_pushstring(L, s->s.reach   ? "reachable"
                  : s->s.sym   ? "symmetric"
                  : s->s.tiers ? "tiers"
                               : "plain");
  lua_setfield(L, -2, "kind");
  lua_pushinteger(L, (lua_Integer)solver_states(&s->s));
  lua_setfield(L, -2, "positions");
  lua_pushinteger(L, (lua_Integer)entries);
  lua_setfield(L, -2, "entries");
  if (bits == 2) /* five values a byte */
    lua_pushnumber(L, 8.0 / SYMTABLE_PER_BYTE);
  else
    lua_pushinteger(L, bits);
  lua_setfield(L, -2, "bits");
  lua_pushinteger(L, (lua_Integer)bytes);
  lua_setfield(L, -2, "bytes");
  lua_pushboolean(L, s->s.sym != NULL);
  lua_setfield(L, -2, "symmetric");
  lua_pushnumber(L, s->seconds);
  lua_setfield(L, -2, "seconds");
  return 1;
}

/* s:variant() — the Variant solved. */
static int solution_variant_l(lua_State *L) {
  solution_self(L);
  solution_variant(L, 1);
  return 1;
}

typedef struct TrapList {
  lua_State *L;
  int table, count, max;
  const Graph *graph; /* the board, for the names of moves */
} TrapList;

/* Collects up to max traps as {position = text, history = moves (when
** the rules remember), losing = k}. */
static void on_trap(void *ud, const Position *p, const History *h, int losing) {
  TrapList *t = ud;
  char buf[BOARD_POSMAX];
  if (t->count >= t->max || !lua_checkstack(t->L, 4)) return;
  lua_createtable(t->L, 0, 3);
  lua_pushstring(t->L, board_format(p, buf));
  lua_setfield(t->L, -2, "position");
  if (h && h->count) {
    lhistory_push(t->L, t->graph, p->n, h);
    lua_setfield(t->L, -2, "history");
  }
  lua_pushinteger(t->L, losing);
  lua_setfield(t->L, -2, "losing");
  lua_rawseti(t->L, t->table, ++t->count);
}

/* s:census([start [, traps]]) — the positions reachable from start (default
** the variant's start): {reachable, wins, losses, draws, traps, longest,
** examples = {up to traps (default 10) traps}}. */
static int solution_census(lua_State *L) {
  LSolution *s = solution_self(L);
  lua_settop(L, 3);
  Variant *v = solution_variant(L, 1);
  Position start = lua_isnoneornil(L, 2) ? v->start : lposition_check(L, 2);
  int max = (int)lbridge_opt_whole(L, 3, "examples", 10, 0, INT_MAX);
  char err[BOARD_ERRMAX];
  Census c;
  if (rules_check_position(&v->rules, &start, err))
    return luaL_error(L, "%s", err);
  lua_newtable(L);
  TrapList traps = {L, lua_gettop(L), 0, max, v->rules.graph};
  Cancel cancel = lwatchdog_cancel(L);
  Bar bar = bar_start(s->delay);
  Progress progress = {bar_report, &bar};
  History none = {0};
  hold(L, 1, s, &start, &none);
  lua_State *before = lhook_enter(v, L);
  int rc = s->s.sym ? symcensus_run(&s->s, &v->rules, &start, &c, on_trap,
                                    &traps, solve_threads(s->threads), &cancel,
                                    &progress, err)
           : s->s.reach ? reach_census(&s->s, &v->rules, &start, &none, &c,
                                       on_trap, &traps, &cancel, err)
                        : solver_census(&s->s, &v->rules, &start, NULL, &c,
                                        on_trap, &traps, &cancel, err);
  lhook_leave(v, before);
  bar_end(&bar);
  if (rc == SOLVER_EHOOK) return lhook_raise(L, v);
  if (rc == SOLVER_CANCELLED) return lwatchdog_raise(L);
  if (rc != SOLVER_OK) return luaL_error(L, "%s", err);
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, (lua_Integer)c.reachable);
  lua_setfield(L, -2, "reachable");
  lua_pushinteger(L, (lua_Integer)c.wins);
  lua_setfield(L, -2, "wins");
  lua_pushinteger(L, (lua_Integer)c.losses);
  lua_setfield(L, -2, "losses");
  lua_pushinteger(L, (lua_Integer)c.draws);
  lua_setfield(L, -2, "draws");
  lua_pushinteger(L, (lua_Integer)c.traps);
  lua_setfield(L, -2, "traps");
  lua_pushinteger(L, c.longest);
  lua_setfield(L, -2, "longest");
  lua_pushvalue(L, traps.table);
  lua_setfield(L, -2, "examples");
  return 1;
}

static int solution_tostring(lua_State *L) {
  LSolution *s = solution_self(L);
  solution_variant(L, 1);
  lvariant_push_name(L, -1);
  lua_pushfstring(L, "solution of %s (%d %s, %I positions)",
                  lua_tostring(L, -1), s->s.n, s->s.graph ? "points" : "arms",
                  (lua_Integer)solver_states(&s->s));
  return 1;
}

void lsolver_open(lua_State *L, int module) {
  static const luaL_Reg meta[] = {
      {"__gc", solution_gc}, {"__tostring", solution_tostring}, {NULL, NULL}};
  static const luaL_Reg methods[] = {
      {"lookup", solution_lookup},     {"states", solution_states},
      {"variant", solution_variant_l}, {"census", solution_census},
      {"info", solution_info},         {NULL, NULL}};
  lbridge_class(L, module, LSOLUTION_META, "Solution", methods, meta);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, CACHE_KEY);
  lua_pushcfunction(L, solve_l);
  lua_setfield(L, module, "solve");
}

/*
** bench.c — speed figures, printed: the core's perft against a tight
** hand-written bitboard perft of the standard rule (8 to 32 arms) and
** against the same rule in plain Lua; the cost of a rule written as a Lua
** hook; the solver's speed and memory, on one thread and on all; the
** designer's metrics (the reachable graph, its census and the random-play
** chain, against a bare chain of chances alone); loading a solution file
** against reading it alone; the lookups of a symmetric table (a value
** read, a distance searched); the waves' memory traffic (bytes a wave,
** the bandwidth they imply) against a read of memory and random lines in
** it; the tiered solver of rules that drop, take or pass against the reach
** solver (bench_tiers.c); the program's start-up
** time against lua5.4's.  Run it on an idle machine;
** nothing here is a test.
**
** usage: bench [quick] [long] [section ...]   (quick: shorter runs; long:
**   the solver up to 32 arms and the lookups to 28, which take many
**   minutes, and the plain tables of reach.lua; sections, all when none is
**   named: perft hooks solver lookups traffic tiers ai tournament matches against tester
**   metrics pages accuracy boards reach patterns python startup watchdog; long:
**   four-field-kono on the states play reaches too, minutes and gigabytes)
*/
#define _POSIX_C_SOURCE 200809L
#include <lauxlib.h>
#include <lualib.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_tiers.h"
#include "lmutorere.h"
#include "lwatchdog.h"
#include "memory.h"
#include "metrics.h"
#include "moves.h"
#include "perft.h"
#include "solfile.h"
#include "solve.h"
#include "symsolver.h"

/* Seconds on a monotonic clock. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Seconds of this process's processor time: the measure of one-threaded
** work, which other programs on a busy machine disturb less. */
static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A tight perft of the standard rule for one board size, written by hand
** for this comparison: own/enemy masks in the narrowest type that holds the
** arms, the size a constant, the centre 0 empty, 1 own, 2 enemy, bulk
** counting at the last ply. */
#define DEFINE_REFERENCE(name, type, bits)                                     \
  static const type name##_full =                                              \
      (type)((((uint64_t)1 << (bits - 1)) << 1) - 1);                          \
  static type name##_rl(type x) {                                              \
    return (type)((x << 1 | x >> (bits - 1)) & name##_full);                   \
  }                                                                            \
  static type name##_rr(type x) {                                              \
    return (type)((x >> 1 | x << (bits - 1)) & name##_full);                   \
  }                                                                            \
  static uint64_t name(type own, type en, int c, int d) {                      \
    uint64_t s = 0;                                                            \
    if (c == 0) {                                                              \
      type mv = own & (name##_rl(en) | name##_rr(en));                         \
      if (d == 1) return (uint64_t)__builtin_popcountll(mv);                   \
      for (; mv; mv &= (type)(mv - 1))                                         \
        s += name(en, own & (type) ~(mv & -mv), 2, d - 1);                     \
      return s;                                                                \
    }                                                                          \
    type e = (type) ~(own | en) & name##_full;                                 \
    type nb = (name##_rl(e) | name##_rr(e)) & own;                             \
    if (d == 1) return (uint64_t)__builtin_popcountll(nb) + (c == 1);          \
    for (; nb; nb &= (type)(nb - 1))                                           \
      s += name(en, (own & (type) ~(nb & -nb)) | e, c == 1 ? 2 : 1, d - 1);    \
    if (c == 1) s += name(en, own | e, 0, d - 1);                              \
    return s;                                                                  \
  }

DEFINE_REFERENCE(reference8, uint8_t, 8)
DEFINE_REFERENCE(reference12, uint16_t, 12)
DEFINE_REFERENCE(reference16, uint16_t, 16)
DEFINE_REFERENCE(reference20, uint32_t, 20)
DEFINE_REFERENCE(reference24, uint32_t, 24)
DEFINE_REFERENCE(reference28, uint32_t, 28)
DEFINE_REFERENCE(reference32, uint32_t, 32)

/* The reference perft from the n-arm start (n one of 8, 12, ..., 32). */
static uint64_t reference(int n, int depth) {
  uint64_t own = ((uint64_t)1 << (n / 2)) - 1;
  uint64_t enemy = ((((uint64_t)1 << (n - 1)) << 1) - 1) & ~own;
  switch (n) {
  case 8: return reference8((uint8_t)own, (uint8_t)enemy, 0, depth);
  case 12: return reference12((uint16_t)own, (uint16_t)enemy, 0, depth);
  case 16: return reference16((uint16_t)own, (uint16_t)enemy, 0, depth);
  case 20: return reference20((uint32_t)own, (uint32_t)enemy, 0, depth);
  case 24: return reference24((uint32_t)own, (uint32_t)enemy, 0, depth);
  case 28: return reference28((uint32_t)own, (uint32_t)enemy, 0, depth);
  default: return reference32((uint32_t)own, (uint32_t)enemy, 0, depth);
  }
}

/* Prints one figure line; returns leaves per second. */
static double report(const char *what, int64_t leaves, double seconds) {
  double rate = (double)leaves / seconds;
  printf("  %-44s %11lld leaves %7.3f s %8.1f M leaves/s\n", what,
         (long long)leaves, seconds, rate / 1e6);
  return rate;
}

/* The core's perft of the standard rule from the n-arm start. */
static double bench_core(int n, int depth) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX], what[64];
  rules_named(&r, "standard", n, err);
  board_start(&p, n);
  double t = cpu_now();
  int64_t leaves = perft(&r, &p, NULL, depth, NULL);
  snprintf(what, sizeof what, "core perft, %d arms, depth %d", n, depth);
  return report(what, leaves, cpu_now() - t);
}

/* The hand-written reference from the n-arm start. */
static double bench_reference(int n, int depth) {
  char what[64];
  double t = cpu_now();
  uint64_t leaves = reference(n, depth);
  snprintf(what, sizeof what, "hand-written perft, %d arms, depth %d", n,
           depth);
  return report(what, (int64_t)leaves, cpu_now() - t);
}

/* The core against the reference on 8 to 32 arms, in turns; the fastest
** turn of each is kept. */
static double bench_perft(int quick) {
  static const int sizes[] = {8, 12, 16, 20, 24, 28, 32};
  static const int depths[] = {34, 32, 32, 31, 31, 31, 31};
  double ratio[7], rate8 = 0;
  int turns = quick ? 3 : 5;
  printf("perft, standard rule (bulk counting at the last ply), processor "
         "time, best of %d\n",
         turns);
  for (int i = 0; i < 7; i++) {
    int depth = depths[i] - (quick ? 3 : 0);
    double core = 0, ref = 0;
    for (int run = 0; run < turns; run++) {
      double a = bench_core(sizes[i], depth),
             b = bench_reference(sizes[i], depth);
      if (a > core) core = a;
      if (b > ref) ref = b;
    }
    ratio[i] = core / ref;
    if (i == 0) rate8 = core;
  }
  printf("core / hand-written:");
  for (int i = 0; i < 7; i++) printf(" %d arms %.2f,", sizes[i], ratio[i]);
  printf(" (bar: 0.90)\n");
  return rate8;
}

/* The plain-Lua perft from the 8-arm start. */
static double bench_plain_lua(int depth) {
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  if (luaL_dofile(L, BENCH_DIR "/perft_plain.lua")) {
    fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return 0;
  }
  lua_pushinteger(L, 8);
  lua_pushinteger(L, depth);
  double t = now();
  lua_call(L, 2, 1);
  double seconds = now() - t;
  int64_t leaves = (int64_t)lua_tointeger(L, -1);
  lua_close(L);
  char what[64];
  snprintf(what, sizeof what, "plain Lua perft, 8 arms, depth %d", depth);
  return report(what, leaves, seconds);
}

/* The first-move rule as a C hook over no-restriction. */
static int first_move_hook(void *ctx, const Position *p, const History *h,
                           Move *moves, int *count, uint64_t *allowed) {
  int k = *count;
  (void)ctx, (void)h;
  uint64_t enemy = p->arms[p->side ^ 1];
  uint64_t flanked = rules_rot_up(enemy, p->n) | rules_rot_down(enemy, p->n);
  *allowed = 0;
  for (int i = 0; i < k; i++)
    if (p->ply > 0 || moves[i].to != BOARD_CENTRE ||
        (flanked >> moves[i].from & 1))
      *allowed |= (uint64_t)1 << i;
  return OUTCOME_NONE;
}

/* Times mt.perft(variant, depth) in a Lua state with the module. */
static double lua_perft_rate(lua_State *L, const char *variant, int depth,
                             const char *what) {
  lua_getglobal(L, "mt");
  lua_getfield(L, -1, "perft");
  lua_pushstring(L, variant);
  lua_pushinteger(L, depth);
  double t = now();
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
    fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
    lua_settop(L, 0);
    return 0;
  }
  double seconds = now() - t;
  int64_t leaves = (int64_t)lua_tointeger(L, -1);
  lua_settop(L, 0);
  return report(what, leaves, seconds);
}

/* The same rule three ways: parameters (the fast path), a C hook (the
** general path), a Lua hook (the general path calling Lua). */
static void bench_hooks(int depth) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX], what[64];
  printf("the first-move rule, perft depth %d from the 8-arm start\n", depth);
  rules_named(&r, "first-move", 8, err);
  board_start(&p, 8);
  double t = now();
  int64_t leaves = perft(&r, &p, NULL, depth, NULL);
  double params = report("as parameters (fast path)", leaves, now() - t);
  rules_named(&r, "no-restriction", 8, err);
  r.hooks.judge = first_move_hook;
  r.hook_plies = 1;
  t = now();
  leaves = perft(&r, &p, NULL, depth, NULL);
  double c_hook = report("as a C hook (general path)", leaves, now() - t);
  setenv("MUTORERE_PATH", BENCH_DIR "/../scripts", 1);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  snprintf(what, sizeof what, "as a Lua hook (first-move-hook)");
  double lua_hook = lua_perft_rate(L, "first-move-hook", depth, what);
  lua_close(L);
  if (lua_hook > 0)
    printf("Lua hook: %.0fx slower than parameters, %.1fx slower than a C "
           "hook\n",
           params / lua_hook, c_hook / lua_hook);
}

/* plain_solve(arms) in hooks.lua: seconds of the plain (not symmetric)
** solver on the standard rule's parameters, the yardstick of a hooked
** variant that does not promise symmetry. */
static int plain_solve(lua_State *L) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  if (rules_named(&r, "standard", (int)luaL_checkinteger(L, 1), err))
    return luaL_error(L, "%s", err);
  double t0 = now();
  if (solver_solve(&s, &r, NULL, err)) return luaL_error(L, "%s", err);
  lua_pushnumber(L, now() - t0);
  solver_free(&s);
  return 1;
}

/* Runs bench/hooks.lua: rules written as Lua hooks (pure and impure)
** against parameters and plain Lua, hooked solves, a variant that
** remembers moves. */
static void bench_lua_hooks(int quick) {
  setenv("MUTORERE_PATH", BENCH_DIR "/../scripts", 1);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  lua_register(L, "plain_solve", plain_solve);
  if (luaL_loadfile(L, BENCH_DIR "/hooks.lua") != LUA_OK ||
      luaL_loadfile(L, BENCH_DIR "/perft_plain.lua") != LUA_OK) {
    fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
  } else {
    lua_call(L, 0, 1); /* the plain-Lua perft function */
    lua_pushboolean(L, quick);
    lua_insert(L, -2);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK)
      fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
  }
  lua_close(L);
}

/* --- start-up, timed as hyperfine -N times it --- */

/* Milliseconds one run of a command (argv) takes, from its spawn to its
** exit, its output thrown away; -1 when it cannot start or fails.
** posix_spawn starts it without copying this large process (as fork
** would: that copy would be most of what is timed). */
static double time_run(char *const argv[]) {
  extern char **environ;
  posix_spawn_file_actions_t files;
  posix_spawnattr_t attributes;
  sigset_t none;
  pid_t pid;
  int status;
  sigemptyset(&none);
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
  double t = now();
  int failed = posix_spawnp(&pid, argv[0], &files, &attributes, argv, environ);
  if (!failed)
    failed = waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
             WEXITSTATUS(status) != 0;
  t = now() - t;
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attributes);
  return failed ? -1 : t * 1000;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of the n values at v (sorts them). */
static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Start-up: mutorere -e '' against lua5.4 -e '', one run of each in turn
** for pairs pairs after a tenth more not counted: the median run of each,
** as in hyperfine -N, and the median of the pairs' ratios (both runs of a
** pair see the same load, so that a busy machine moves it least). */
static void bench_startup(int pairs) {
  char *ours[] = {BENCH_BINARY_DIR "/mutorere", "-e", "", NULL};
  char *stock[] = {"lua5.4", "-e", "", NULL};
  double *a = malloc(3 * (size_t)pairs * sizeof *a);
  if (!a) return;
  double *b = a + pairs, *ratio = b + pairs;
  int stock_runs = 1;
  printf("start-up, the median of %d runs of each in turns (spawned, as "
         "hyperfine -N)\n",
         pairs);
  for (int i = -pairs / 10; i < pairs; i++) {
    double x = time_run(ours), y = stock_runs ? time_run(stock) : 0;
    if (x < 0) {
      printf("  %s -e '' failed\n", ours[0]);
      free(a);
      return;
    }
    if (y < 0) stock_runs = 0;
    if (i < 0) continue; /* the warm-up */
    a[i] = x;
    if (stock_runs) b[i] = y, ratio[i] = x / y;
  }
  printf("  %-44s %8.3f ms\n", "mutorere -e ''", median(a, pairs));
  if (stock_runs) {
    printf("  %-44s %8.3f ms\n", "lua5.4 -e ''", median(b, pairs));
    printf("mutorere / lua5.4: %.2fx, the median of the pairs (bar: 1.2x)\n",
           median(ratio, pairs));
  } else
    printf("  lua5.4 -e '' does not run (not installed?): no comparison\n");
  free(a);
}

/* core_peak() in the Lua benches: the core's peak memory in bytes since
** core_reset_peak(). */
static int core_peak(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)memory_peak());
  return 1;
}

static int core_reset_peak(lua_State *L) {
  (void)L;
  memory_reset_peak();
  return 0;
}

/* Runs the Lua bench file name (in bench/) with the module as mt, quick
** and extra (long) as its arguments, and core_peak and core_reset_peak.
** prelude (or NULL): Lua run before the module opens.  watched: in a state that owns SIGINT and SIGALRM as the
** program's does (the bench's Ctrl-C then stops Lua code). */
static void bench_lua_file(const char *name, int quick, int extra,
                           const char *prelude, int watched) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", BENCH_DIR, name);
  setenv("MUTORERE_PATH", BENCH_DIR "/../scripts", 1);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  if (watched) lwatchdog_catch(L);
  int status = prelude ? luaL_dostring(L, prelude) : LUA_OK;
  if (status == LUA_OK) {
    luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
    lua_setglobal(L, "mt");
    lua_register(L, "core_peak", core_peak);
    lua_register(L, "core_reset_peak", core_reset_peak);
    status = luaL_loadfile(L, path);
  }
  if (status == LUA_OK) {
    lua_pushboolean(L, quick);
    lua_pushboolean(L, extra);
    status = lua_pcall(L, 2, 0, 0);
  }
  if (status != LUA_OK) fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
  lua_close(L);
}

/* The bench of the six games of drops, jumps and captures (moves.c), in a
** state with the module and bench/moves_hooks.lua. */
static void bench_moves_file(int quick) {
  setenv("MUTORERE_PATH", BENCH_DIR "/../scripts", 1);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  if (luaL_dofile(L, BENCH_DIR "/moves_hooks.lua") != LUA_OK)
    fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
  else
    bench_moves(L, quick);
  lua_close(L);
}

/* Solves a variant of n arms on threads threads; prints the time, the
** positions and table entries a second and the core's peak memory. */
static void solve_line(const char *variant, int n, int threads) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX], what[64], peak[16];
  rules_named(&r, variant, n, err);
  SolveOptions o = {threads, 0, NULL, NULL, SOLVE_AUTO, NULL, 0};
  memory_reset_peak();
  double t = now(), c = cpu_now();
  int rc = solve_variant(&s, &r, &o, err);
  double seconds = now() - t, cpu = cpu_now() - c;
  snprintf(what, sizeof what, "%s, %d arms, %d thread%s", variant, n, threads,
           threads > 1 ? "s" : "");
  if (rc != SOLVER_OK) {
    printf("  %-36s %s\n", what, err);
    return;
  }
  printf("  %-34s %7.2f s (cpu %6.2f s) %8.1f M positions/s %7.1f M "
         "entries/s %8s\n",
         what, seconds, cpu, (double)solver_states(&s) / seconds / 1e6,
         (double)symtable_entries(&s) / seconds / 1e6,
         memory_format(memory_peak(), peak));
  solver_free(&s);
}

/* The solver on 16 to 24 arms (to 32 when long), one thread and all. */
static void bench_solver(int quick, int extra) {
  int all = solve_threads(0), top = extra ? 32 : quick ? 20 : 24;
  printf("solver, up to symmetry (positions: those it answers for; entries: "
         "its table's; memory: the core's peak)\n");
  for (int n = 16; n <= top; n += 4) {
    solve_line("standard", n, 1);
    if (all > 1) solve_line("standard", n, all);
  }
  solve_line("first-two-turns", quick ? 20 : 24, 1);
}

/* --- the waves' memory traffic against the machine's --- */

/* Bytes a second that reading a buffer of size bytes, a word at a time,
** gives (the best of three passes): what the solver's scans could reach. */
static double stream_read(size_t size) {
  uint64_t *buffer = malloc(size), sum = 0;
  size_t words = size / 8;
  double best = 0;
  if (!buffer) return 0;
  for (size_t i = 0; i < words; i++) buffer[i] = i;
  for (int pass = 0; pass < 3; pass++) {
    double t = now();
    for (size_t i = 0; i < words; i++) sum += buffer[i];
    double rate = (double)size / (now() - t);
    if (rate > best) best = rate;
  }
  free(buffer);
  return sum == 1 ? 0 : best; /* sum kept, so the loop is not dropped */
}

/* Cache lines a second that reads and writes at random in a buffer of
** size bytes give, prefetched in batches of 64 as the solver does. */
static double random_lines(size_t size) {
  uint8_t *buffer = calloc(size, 1);
  uint64_t seed = 1, at[64];
  size_t count = 1u << 24;
  if (!buffer) return 0;
  double t = now();
  for (size_t i = 0; i < count; i += 64) {
    for (int j = 0; j < 64; j++) {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      at[j] = (seed >> 16) % size;
      __builtin_prefetch(buffer + at[j], 1);
    }
    for (int j = 0; j < 64; j++) buffer[at[j]]++;
  }
  double rate = (double)count / (now() - t);
  free(buffer);
  return rate;
}

/* The waves of the standard rule on n arms, one thread: the bytes they
** touch a wave (the table read whole each pass, a cache line of 64 bytes
** each read and write at random), the bandwidth that implies, against a
** read of a buffer as large and random lines in it. */
static void traffic_line(int n) {
  Rules r;
  char err[BOARD_ERRMAX];
  SymStats st;
  SymWatch watch = {NULL, NULL, NULL, &st};
  rules_named(&r, "standard", n, err);
  double c = cpu_now();
  if (symsolver_replay(&r, 1, &watch, NULL, NULL, err) != SOLVER_OK) {
    printf("  %d arms: %s\n", n, err);
    return;
  }
  double cpu = cpu_now() - c, waves = (double)st.waves;
  double scanned = (double)st.passes * (double)st.table_bytes / waves;
  double random = 64.0 * (double)(st.arrivals + st.recounted) / waves;
  size_t size = (size_t)st.table_bytes;
  double stream = stream_read(size), lines = random_lines(size);
  printf("  %2d arms: %3.0f waves, %.2f passes a wave over %s: %6.1f MB "
         "scanned + %6.1f MB at random (%.2e lines) a wave; %.2f s cpu: "
         "%5.2f GB/s, %.2e lines/s; the machine: a read %5.2f GB/s, %.2e "
         "random lines/s: %.0f%% of the time a read and the random lines "
         "alone would take\n",
         n, waves, (double)st.passes / waves,
         memory_format(size, (char[16]){0}), scanned / 1e6, random / 1e6,
         random / 64, cpu, (scanned + random) * waves / cpu / 1e9,
         random / 64 * waves / cpu, stream / 1e9, lines,
         100 * (scanned * waves / stream + random / 64 * waves / lines) / cpu);
}

static void bench_traffic(int quick, int extra) {
  printf("the waves' memory traffic (one thread, processor time) against "
         "the machine's\n");
  for (int n = 24; n <= (extra ? 30 : quick ? 24 : 28); n += 2)
    traffic_line(n);
}

/* --- lookups --- */

static int by_seconds(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The lookups of a solution of the standard rule on n arms: a value read,
** and the distance searched from the values, for count won or lost
** positions of the last layer at random: the mean, the median, the 99th
** percentile and the most. */
static void lookup_line(int n, int count) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", n, err);
  if (solve_variant(&s, &r, NULL, err)) {
    printf("  %d arms: %s\n", n, err);
    return;
  }
  const SymRank *t = &s.sym->rank;
  double *took = malloc((size_t)count * sizeof *took), sum = 0;
  Position *at = malloc((size_t)count * sizeof *at);
  uint64_t seed = 0x9e3779b97f4a7c15u;
  int found = 0, farthest = 0;
  for (int tries = 0; found < count && tries < 100 * count; tries++) {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    if (symrank_unrank(t, seed % symrank_layer(t), (uint32_t)s.opening,
                       &at[found]))
      continue; /* a slot that holds no class */
    found += symtable_lookup(&s, &at[found], NULL) != VALUE_DRAW;
  }
  double values = cpu_now();
  for (int rounds = 0; rounds < 100; rounds++)
    for (int i = 0; i < found; i++) symtable_lookup(&s, &at[i], NULL);
  values = (cpu_now() - values) / 100;
  for (int i = 0; i < found; i++) {
    Position p = at[i];
    int d;
    double c = cpu_now();
    symtable_lookup(&s, &p, &d);
    took[i] = cpu_now() - c;
    sum += took[i];
    if (d > farthest) farthest = d;
  }
  qsort(took, (size_t)found, sizeof *took, by_seconds);
  if (found)
    printf("  %2d arms: a value %6.2f us; a distance (%d positions, up to "
           "%d plies) mean %8.1f us, median %8.1f us, 99%% %9.1f us, most "
           "%9.1f us\n",
           n, values / found * 1e6, found, farthest, sum / found * 1e6,
           took[found / 2] * 1e6, took[found * 99 / 100] * 1e6,
           took[found - 1] * 1e6);
  free(took);
  free(at);
  solver_free(&s);
}

/* The lookups of symmetric tables, 8 to 24 arms (28 when long, 20 when
** quick). */
static void bench_lookups(int quick, int extra) {
  printf("lookups of a symmetric table, standard rule (processor time; a "
         "distance is searched from the values kept)\n");
  for (int n = 8; n <= (extra ? 28 : quick ? 20 : 24); n += 4)
    lookup_line(n, quick ? 200 : 1000);
}

/* --- solution files --- */

/* Seconds to read the file at path into buf (size bytes at most) with
** fread: the reference a load is measured against. */
static double read_seconds(const char *path, char *buf, size_t size) {
  double c = now();
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  while (fread(buf, 1, size, f) == size) continue;
  fclose(f);
  return now() - c;
}

/* A solution of the standard rule on n arms saved, then loaded (header,
** checksum and every code checked) against reading the same file alone,
** best of 5 (the file in the page cache). */
static void bench_solution_file(int quick) {
  int n = quick ? 20 : 24;
  Rules r;
  Solution s, back;
  char err[BOARD_ERRMAX], path[256];
  rules_named(&r, "standard", n, err);
  SolfileId id = {"bench", "standard", "none", &r, 1, 0};
  snprintf(path, sizeof path, "%s/mutorere-bench-%ld.mts",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
  if (solve_variant(&s, &r, NULL, err) ||
      solfile_save(&s, &id, path, NULL, NULL, err)) {
    printf("solution file: %s\n", err);
    return;
  }
  size_t size = (size_t)symtable_bytes(symtable_entries(&s), s.sym->bits);
  char *buf = malloc(size);
  double load = 1e9, read = 1e9;
  for (int i = 0; i < 5 && buf; i++) {
    double c = now();
    if (solfile_load(&back, &id, path, NULL, NULL, err) == SOLVER_OK)
      solver_free(&back);
    double t = now() - c, raw = read_seconds(path, buf, size);
    load = t < load ? t : load;
    read = raw < read ? raw : read;
  }
  printf("solution file, standard rule, %d arms (%.1f MB): load %.0f MB/s, "
         "fread alone %.0f MB/s: %.2fx its time\n",
         n, (double)size / 1e6, (double)size / load / 1e6,
         (double)size / read / 1e6, load / read);
  remove(path);
  free(buf);
  solver_free(&s);
}

/* The reference for the chain: the chance of each state carried ply by ply
** over all of g's states, nothing else; returns the chance left after
** plies. */
static double bare_chain(const MetricsGraph *g, int plies) {
  double *now = calloc(g->count, sizeof *now),
         *next = calloc(g->count, sizeof *next);
  double live = 1;
  now[0] = 1;
  for (int t = 0; t < plies && now && next; t++) {
    live = 0;
    for (uint32_t i = 0; i < g->count; i++) {
      uint32_t k = metrics_moves(g, i);
      if (now[i] == 0 || k == 0) continue;
      double w = now[i] / k;
      for (uint64_t e = g->first[i]; e < g->first[i + 1]; e++)
        next[g->child[e]] += w;
      live += now[i];
      now[i] = 0;
    }
    double *swap = now;
    now = next;
    next = swap;
  }
  free(now);
  free(next);
  return live;
}

/* mt.metrics's work in C for the standard rule on n arms: the solve, the
** reachable graph and its census, the random-play chain on symmetry
** classes and on all states, and the bare chain. */
static void bench_metrics_arms(int n) {
  Rules r;
  Solution s;
  MetricsGraph g;
  MetricsCensus c;
  MetricsRandom sym, all;
  char err[BOARD_ERRMAX];
  Position start;
  rules_named(&r, "standard", n, err);
  board_start(&start, n);
  double t0 = now();
  if (solver_solve(&s, &r, NULL, err)) return;
  double t1 = now();
  if (metrics_graph(&g, &s, &r, &start, NULL, NULL, err)) return;
  metrics_census(&g, &c);
  double t2 = now();
  metrics_random(&g, 1, 2500, &sym, NULL, err);
  double t3 = now();
  metrics_random(&g, 0, 2500, &all, NULL, err);
  double t4 = now();
  bare_chain(&g, all.plies);
  double t5 = now();
  printf("  %2d arms %7u states (%u classes): solve %.1f ms, graph %.1f ms, "
         "chain %.1f ms, %d plies\n",
         n, g.count, sym.classes, 1e3 * (t1 - t0), 1e3 * (t2 - t1),
         1e3 * (t3 - t2), sym.plies);
  printf("          on all states %.1f ms; a bare chain of chances %.1f ms: "
         "%.2fx on classes, %.2fx on all\n",
         1e3 * (t4 - t3), 1e3 * (t5 - t4), (t3 - t2) / (t5 - t4),
         (t4 - t3) / (t5 - t4));
  metrics_graph_free(&g);
  solver_free(&s);
}

static void bench_metrics(int quick) {
  printf("metrics (standard rule; random play to 2500 plies or a chance "
         "< 1e-16)\n");
  for (int n = 8; n <= (quick ? 12 : 16); n += 2) bench_metrics_arms(n);
}

/* Python over the C library: plies a second with a ctypes call a ply and
** batched (bench/python_plies.py, with Debian's python3). */
static void bench_python(int quick) {
  char command[4096];
  snprintf(command, sizeof command,
           "PYTHONPATH='" BENCH_DIR "/../python' MUTORERE_LIBRARY='"
           BENCH_BINARY_DIR "/libmutorere.so.0' /usr/bin/python3 '" BENCH_DIR
           "/python_plies.py' %d",
           quick ? 50 : 300);
  printf("Python (ctypes) random games, plies a second:\n");
  fflush(stdout);
  if (system(command) != 0) printf("  (python3 or the library is missing)\n");
}

/* 1 when section name is to run: every section when none is named. */
static int wanted(int argc, char **argv, const char *name) {
  int named = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "quick") == 0 || strcmp(argv[i], "long") == 0)
      continue;
    if (strcmp(argv[i], name) == 0) return 1;
    named = 1;
  }
  return !named;
}

int main(int argc, char **argv) {
  int quick = 0, extra = 0;
  for (int i = 1; i < argc; i++) {
    quick |= strcmp(argv[i], "quick") == 0;
    extra |= strcmp(argv[i], "long") == 0;
  }
  if (wanted(argc, argv, "perft")) {
    double core8 = bench_perft(quick);
    double lua = bench_plain_lua(quick ? 20 : 26);
    if (lua > 0) printf("core / plain Lua, 8 arms: %.0fx\n", core8 / lua);
    printf("\n");
  }
  if (wanted(argc, argv, "hooks")) {
    bench_hooks(quick ? 18 : 24);
    printf("\n");
    bench_lua_hooks(quick);
    printf("\n");
  }
  if (wanted(argc, argv, "moves")) {
    bench_moves_file(quick);
    printf("\n");
  }
  if (wanted(argc, argv, "solver")) {
    bench_solver(quick, extra);
    printf("\n");
    bench_solution_file(quick);
    printf("\n");
  }
  if (wanted(argc, argv, "lookups")) {
    bench_lookups(quick, extra);
    printf("\n");
  }
  if (wanted(argc, argv, "traffic")) {
    bench_traffic(quick, extra);
    printf("\n");
  }
  if (wanted(argc, argv, "tiers")) {
    bench_tiers(quick, extra, solve_threads(0));
    printf("\n");
  }
  /* each section: its name, its file (NULL: in C), what the file is
  ** given before it runs */
  static const char *const files[][3] = {
      {"ai", "ai.lua", NULL},                 /* alpha-beta, MCTS */
      {"tournament", "tournament.lua", NULL}, /* games/s, serial and jobs */
      {"matches", "matches.lua", NULL},       /* judged, jobs */
      {"against", "against.lua", NULL},       /* playing for the win */
      {"tester", "tester.lua",                /* the SPRT, engines, clocks */
       "PROGRAM = '" BENCH_BINARY_DIR "/mutorere'"},
      {"metrics", NULL, NULL},                /* in C */
      {"pages", "pages.lua", NULL},           /* mt.html's play page */
      {"accuracy", "accuracy.lua", NULL},     /* mt.accuracy */
      {"boards", "boards.lua", NULL},         /* boards of points */
      {"reach", "reach.lua", NULL}};          /* the states the rules reach */
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    if (!wanted(argc, argv, files[i][0])) continue;
    if (files[i][1])
      bench_lua_file(files[i][1], quick, extra, files[i][2], 0);
    else
      bench_metrics(quick);
    printf("\n");
  }
  /* the module's pattern, rep and table functions against Lua's own, kept
  ** in lua_library before the module replaces them */
  if (wanted(argc, argv, "patterns")) {
    bench_lua_file("patterns.lua", quick, extra,
                   "lua_library = {find = string.find, match = string.match, "
                   "gmatch = string.gmatch, gsub = string.gsub, rep = "
                   "string.rep, sort = table.sort, insert = table.insert, "
                   "concat = table.concat}",
                   0);
    printf("\n");
  }
  if (wanted(argc, argv, "python")) {
    bench_python(quick);
    printf("\n");
  }
  if (wanted(argc, argv, "startup")) {
    bench_startup(quick ? 60 : 300);
    printf("\n");
  }
  if (wanted(argc, argv, "watchdog")) /* last: it takes Ctrl-C */
    bench_lua_file("watchdog.lua", quick, extra, NULL, 1);
  return 0;
}

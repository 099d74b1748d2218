/*
** bench_tiers.c — the tiered solver of rules that drop, take or pass
** against the solver of the states play reaches, on the six games of
** issue 32: time and memory of each, and whether they agree on every
** state play reaches from the start (value and distance) and on the
** census.  The reach solver is the independent second implementation:
** it walks the states with the rules' own moves and solves their graph,
** where the tiers take moves back.
*/
#define _POSIX_C_SOURCE 200809L
#include "bench_tiers.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lmutorere.h"
#include "lvariant.h"
#include "memory.h"
#include "reach.h"
#include "solve.h"

/* Seconds on a monotonic clock, and of this process's processor time. */
static double wall_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
static double cpu_clock(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One solve's figures. */
typedef struct Run {
  double wall, cpu;
  size_t peak;
  int rc;
} Run;

/* Solves r of the kind asked into s, timed. */
static Run timed_solve(Solution *s, const Rules *r, const Position *start,
                       int kind, int threads, char *err) {
  SolveOptions o = {threads, 0, NULL, NULL, kind, start, 0};
  Run run;
  memory_reset_peak();
  double t = wall_now(), c = cpu_clock();
  run.rc = solve_variant(s, r, &o, err);
  run.wall = wall_now() - t;
  run.cpu = cpu_clock() - c;
  run.peak = memory_peak();
  return run;
}

/* The census of the reachable-states solution reach read off its states
** (every state it holds is reachable from its start): counts by value,
** the longest distance, and the traps (drawn, with a move to a state won
** for the side to move there).  Returns 0, or -1 when a move leads to a
** state it does not hold. */
static int reach_figures(const Solution *reach, const Rules *r, Census *c) {
  memset(c, 0, sizeof *c);
  c->longest = -1;
  for (uint64_t i = 0; i < reach->layer; i++) {
    Position p, q;
    History h, none = {0};
    Move moves[RULES_MAX_MOVES];
    int d, value = solver_code_value(reach->codes[i], &d), losing = 0;
    reach_state(reach, i, &p, &h);
    c->reachable++;
    c->wins += value == VALUE_WIN;
    c->losses += value == VALUE_LOSS;
    c->draws += value == VALUE_DRAW;
    if (d > c->longest) c->longest = d;
    if (value != VALUE_DRAW) continue;
    int k = rules_moves(r, &p, &none, moves);
    for (int j = 0; j < k; j++) {
      q = p;
      board_play(&q, moves[j]);
      q.ply = p.ply;
      int after = solver_lookup(reach, &q, &none, NULL);
      if (after == VALUE_UNKNOWN) return -1;
      losing += after == VALUE_WIN;
    }
    c->traps += losing > 0;
  }
  return 0;
}

/* The states of reach whose value or distance the tiers give otherwise. */
static uint64_t differences(const Solution *tiers, const Solution *reach) {
  uint64_t wrong = 0;
  for (uint64_t i = 0; i < reach->layer; i++) {
    Position p;
    History h;
    int d, e;
    reach_state(reach, i, &p, &h);
    int want = solver_code_value(reach->codes[i], &d);
    int got = solver_lookup(tiers, &p, &h, &e);
    wrong += got != want || d != e;
  }
  return wrong;
}

/* 1 when the two censuses have the same figures. */
static int same_census(const Census *a, const Census *b) {
  return a->reachable == b->reachable && a->wins == b->wins &&
         a->losses == b->losses && a->draws == b->draws &&
         a->traps == b->traps && a->longest == b->longest;
}

/* The variant named name of the module in L (left on L's stack). */
static Variant *variant_named(lua_State *L, const char *name) {
  lua_getglobal(L, "mt");
  lua_getfield(L, -1, "variant");
  lua_pushstring(L, name);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
    return NULL;
  }
  return lvariant_test(L, -1);
}

/* One game: both solvers (reach when with_reach), their agreement, and
** (when with_census) the tiers' census. */
static void bench_game(lua_State *L, const char *name, int with_reach,
                       int with_census, int threads) {
  char err[BOARD_ERRMAX], peak[16], reach_peak[16];
  Solution tiers, reach;
  Census a, b;
  Variant *v = variant_named(L, name);
  if (!v) return;
  Run t = timed_solve(&tiers, &v->rules, &v->start, SOLVE_TABLE, threads,
                      err);
  if (t.rc != SOLVER_OK) {
    printf("  %-18s tiers: %s\n", name, err);
    return;
  }
  int d, value = solver_lookup(&tiers, &v->start, NULL, &d);
  char distance[16] = "";
  if (value != VALUE_DRAW) snprintf(distance, sizeof distance, " in %d", d);
  printf("  %-18s tiers %7.2f s (cpu %6.2f s, %d thread%s) %9s, %llu states; "
         "start: %s%s\n",
         name, t.wall, t.cpu, threads, threads > 1 ? "s" : "",
         memory_format(t.peak, peak),
         (unsigned long long)solver_states(&tiers),
         value == VALUE_WIN ? "win" : value == VALUE_LOSS ? "loss" : "draw",
         distance);
  int crc = !with_census && !with_reach
                ? SOLVER_ERROR
                : solver_census(&tiers, &v->rules, &v->start, NULL, &a, NULL,
                                NULL, NULL, err);
  if (with_reach) {
    Run r = timed_solve(&reach, &v->rules, &v->start, SOLVE_REACHABLE, 1, err);
    if (r.rc != SOLVER_OK) {
      printf("  %-18s reach: %s\n", "", err);
    } else {
      uint64_t wrong = differences(&tiers, &reach);
      int figures = reach_figures(&reach, &v->rules, &b);
      printf("  %-18s reach %7.2f s (cpu %6.2f s) %9s, %llu states: %s, "
             "%s\n",
             "", r.wall, r.cpu, memory_format(r.peak, reach_peak),
             (unsigned long long)reach.layer,
             wrong ? "SOME STATES DIFFER" : "every state the same",
             crc == SOLVER_OK && figures == 0 && same_census(&a, &b)
                 ? "the same census"
                 : "NOT THE SAME CENSUS");
      if (wrong) printf("  %-18s %llu states differ\n", "",
                        (unsigned long long)wrong);
      solver_free(&reach);
    }
  }
  if (crc == SOLVER_OK)
    printf("  %-18s census: %llu reachable, %llu won, %llu lost, %llu "
           "drawn, %llu traps, longest %d\n",
           "", (unsigned long long)a.reachable, (unsigned long long)a.wins,
           (unsigned long long)a.losses, (unsigned long long)a.draws,
           (unsigned long long)a.traps, a.longest);
  solver_free(&tiers);
  lua_settop(L, 0);
}

void bench_tiers(int quick, int extra, int threads) {
  static const char *const games[] = {"achi",           "tapatan",
                                      "three-mens-morris", "leaping-torere",
                                      "placing-torere", "four-field-kono"};
  setenv("MUTORERE_PATH", BENCH_DIR "/../scripts", 1);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  printf("tiers of rules that drop, take or pass, on %d thread%s, against "
         "the states play reaches (one thread%s)\n",
         threads, threads > 1 ? "s" : "",
         extra ? "" : "; four-field-kono's with long only");
  for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
    int kono = i + 1 == sizeof games / sizeof *games;
    if (quick && kono && !extra) continue;
    bench_game(L, games[i], !kono || extra, 1, threads);
    if (kono && threads > 1) bench_game(L, games[i], 0, 0, 1); /* one thread */
  }
  lua_close(L);
}

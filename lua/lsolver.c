/*
** lsolver.c — Solution values: a variant solved by the core's retrograde
** analysis, cached with the variant (and, for variants without hooks, with
** every variant of the same parameters).
*/
#include <stdio.h>
#include <string.h>

#include "lgame.h"
#include "lvariant.h"
#include "lposition.h"
#include "lwatchdog.h"
#include "lmutorere.h"
#include "lsolver.h"
#include "solver.h"

#define LSOLUTION_META "mutorere.Solution"
#define CACHE_KEY "mutorere.solutions" /* parameters -> Solution, weak */

static const char *const value_names[] = {"draw", "win", "loss"};

typedef struct LSolution {
  Solution s;
  int live;
} LSolution;

static LSolution *solution_self(lua_State *L) {
  LSolution *s = luaL_checkudata(L, 1, LSOLUTION_META);
  if (!s->live) luaL_error(L, "this solution was freed");
  return s;
}

const Solution *lsolver_check(lua_State *L, int idx) {
  LSolution *s = luaL_checkudata(L, idx, LSOLUTION_META);
  if (!s->live) luaL_error(L, "this solution was freed");
  return &s->s;
}

static int solution_gc(lua_State *L) {
  LSolution *s = luaL_checkudata(L, 1, LSOLUTION_META);
  if (s->live) solver_free(&s->s);
  s->live = 0;
  return 0;
}

/* Pushes the cache key of a variant without hooks: its parameters. */
static void push_cache_key(lua_State *L, const Variant *v) {
  lua_pushfstring(L, "%d/%d/%d/%d", v->rules.arms, v->rules.flank_plies,
                  v->rules.adjacent_enemy, v->rules.misere);
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

/* mt.solve(variant) — the variant solved (once; later calls return the
** same Solution). */
static int solve_l(lua_State *L) {
  char err[BOARD_ERRMAX];
  Variant *v = lvariant_get(L, 1);
  if (cache_get(L, 1, v)) return 1;
  lua_pop(L, 1);
  LSolution *s = lua_newuserdatauv(L, sizeof *s, 1);
  memset(s, 0, sizeof *s);
  luaL_setmetatable(L, LSOLUTION_META);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  Cancel cancel = lwatchdog_cancel(L);
  lua_State *before = lhook_enter(v, L);
  int rc = solver_solve(&s->s, &v->rules, &cancel, err);
  lhook_leave(v, before);
  if (rc == SOLVER_EHOOK) return lhook_raise(L, v);
  if (rc == SOLVER_CANCELLED) return lwatchdog_raise(L);
  if (rc != SOLVER_OK) return luaL_error(L, "cannot solve: %s", err);
  s->live = 1;
  cache_set(L, 1, v);
  return 1;
}

/* The Solution's Variant (pushed). */
static Variant *solution_variant(lua_State *L, int idx) {
  lua_getiuservalue(L, idx, 1);
  return lvariant_test(L, -1);
}

/* The state at arg: a Game (its position and history), or a position and
** the history after it. */
static Position check_state(lua_State *L, const LSolution *s, int arg,
                            History *h) {
  const Game *g = lgame_test(L, arg);
  if (g) {
    game_history(g, g->length, h);
    return *game_position(g);
  }
  Position p = lposition_check(L, arg);
  if (p.n != s->s.n)
    luaL_error(L, "the position has %d arms but the solution %d", p.n, s->s.n);
  lhistory_check(L, arg + 1, &p, s->s.memory, h);
  return p;
}

/* s:lookup(position [, history]) or s:lookup(game) — "win", "loss" or
** "draw" for the side to move, and the distance in plies (nil for a
** draw). */
static int solution_lookup(lua_State *L) {
  LSolution *s = solution_self(L);
  History h;
  Position p = check_state(L, s, 2, &h);
  if (p.n != s->s.n)
    return luaL_error(L, "the game has %d arms but the solution %d", p.n,
                      s->s.n);
  int d, value = solver_lookup(&s->s, &p, &h, &d);
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

/* s:variant() — the Variant solved. */
static int solution_variant_l(lua_State *L) {
  solution_self(L);
  solution_variant(L, 1);
  return 1;
}

typedef struct TrapList {
  lua_State *L;
  int table, count, max;
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
    lhistory_push(t->L, h);
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
  int max = (int)luaL_optinteger(L, 3, 10);
  char err[BOARD_ERRMAX];
  Census c;
  if (start.n != s->s.n)
    return luaL_error(L, "the position has %d arms but the solution %d",
                      start.n, s->s.n);
  lua_newtable(L);
  TrapList traps = {L, lua_gettop(L), 0, max};
  Cancel cancel = lwatchdog_cancel(L);
  lua_State *before = lhook_enter(v, L);
  int rc = solver_census(&s->s, &v->rules, &start, NULL, &c, on_trap, &traps,
                         &cancel, err);
  lhook_leave(v, before);
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
  lua_pushfstring(L, "solution of %s (%d arms, %I positions)",
                  lua_tostring(L, -1), s->s.n,
                  (lua_Integer)solver_states(&s->s));
  return 1;
}

void lsolver_open(lua_State *L, int module) {
  static const luaL_Reg meta[] = {
      {"__gc", solution_gc}, {"__tostring", solution_tostring}, {NULL, NULL}};
  static const luaL_Reg methods[] = {{"lookup", solution_lookup},
                                     {"states", solution_states},
                                     {"variant", solution_variant_l},
                                     {"census", solution_census},
                                     {NULL, NULL}};
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

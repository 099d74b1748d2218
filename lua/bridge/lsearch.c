/*
** lsearch.c — mt.search (alpha-beta) and mt.mcts from Lua, with Lua
** evaluations and playout policies called from the C search through
** function pointers.
*/
#include <math.h>
#include <string.h>

#include "lgame.h"
#include "lvariant.h"
#include "lboard.h"
#include "lposition.h"
#include "movetext.h"
#include "lwatchdog.h"
#include "lopen.h"
#include "mcts.h"
#include "search.h"

#define EVAL_SCALE 100.0 /* a Lua evaluation of 1.0 is 100 search units */

/* A Lua function called from the core: where it, its extra argument and
** the slot for its error are on the stack of L. */
typedef struct Callback {
  lua_State *L;
  int function;   /* stack index of the Lua function */
  int extra;      /* stack index of a value passed after the position */
  int error_slot; /* stack index that receives the error */
  int view;       /* stack index of the position view it is given */
  int failed;
  const Graph *graph; /* the board (NULL: the wheel), for views and moves */
} Callback;

/* Pushes a position view and a table (the moves given to a policy) for the
** callback cb, which keeps their stack indexes. */
static void callback_values(lua_State *L, Callback *cb) {
  lposition_view_push(L, cb->graph);
  cb->view = lua_gettop(L);
  lua_newtable(L);
}

/* Runs inside lua_pcall: (eval function, view, variant, Position*) ->
** number. */
static int call_eval(lua_State *L) {
  const Position *p = lua_touserdata(L, 4);
  lua_settop(L, 3);
  lposition_view_set(L, 2, p);
  lua_call(L, 2, 1);
  int ok;
  lua_Number x = lua_tonumberx(L, -1, &ok);
  if (!ok)
    return luaL_error(L, "eval returned %s, not a number",
                      luaL_typename(L, -1));
  lua_pushnumber(L, x);
  return 1;
}

static int lua_eval(void *ctx, const Position *p, int *score) {
  Callback *cb = ctx;
  lua_State *L = cb->L;
  if (!lua_checkstack(L, 4)) return RULES_EHOOK;
  lua_pushcfunction(L, call_eval);
  lua_pushvalue(L, cb->function);
  lua_pushvalue(L, cb->view);
  lua_pushvalue(L, cb->extra);
  lua_pushlightuserdata(L, (void *)p);
  if (lua_pcall(L, 4, 1, 0) != LUA_OK) {
    lua_replace(L, cb->error_slot);
    cb->failed = 1;
    return RULES_EHOOK;
  }
  double x = lua_tonumber(L, -1) * EVAL_SCALE;
  lua_pop(L, 1);
  if (x != x) x = 0; /* NaN */
  if (x > SEARCH_EVAL_LIMIT) x = SEARCH_EVAL_LIMIT;
  if (x < -SEARCH_EVAL_LIMIT) x = -SEARCH_EVAL_LIMIT;
  *score = (int)lround(x);
  return 0;
}

/* Runs inside lua_pcall: (policy, view, moves table, Position*, Move*, k,
** Graph*) -> index 0..k-1. */
static int call_policy(lua_State *L) {
  const Position *p = lua_touserdata(L, 4);
  const Move *moves = lua_touserdata(L, 5);
  int k = (int)lua_tointeger(L, 6);
  const Graph *g = lua_touserdata(L, 7);
  lua_settop(L, 3);
  lposition_view_set(L, 2, p);
  for (int i = 0; i < k; i++) {
    lboard_push_move(L, g, p->n, moves[i]);
    lua_rawseti(L, 3, i + 1);
  }
  for (int i = k + 1; lua_rawgeti(L, 3, i) != LUA_TNIL; i++) {
    lua_pushnil(L);
    lua_rawseti(L, 3, i);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_call(L, 2, 1);
  lua_Integer i;
  if (lbridge_whole(L, -1, &i) && i >= 1 && i <= k) {
    lua_pushinteger(L, i - 1);
    return 1;
  }
  char text[BOARD_MOVEMAX];
  const char *chosen = luaL_tolstring(L, -1, NULL);
  if (!lbridge_is_text(L, -1))
    return luaL_error(L, "policy chose %s: a move holds no zero byte",
                      lbridge_describe(L, -1));
  for (int j = 0; j < k; j++)
    if (strcmp(chosen, movetext_format(g, moves[j], text)) == 0) {
      lua_pushinteger(L, j);
      return 1;
    }
  return luaL_error(L, "policy chose %s: not one of the %d moves", chosen, k);
}

static int lua_policy(void *ctx, const Position *p, const Move *moves, int k) {
  Callback *cb = ctx;
  lua_State *L = cb->L;
  if (!lua_checkstack(L, 6)) return RULES_EHOOK;
  lua_pushcfunction(L, call_policy);
  lua_pushvalue(L, cb->function);
  lua_pushvalue(L, cb->view);
  lua_pushvalue(L, cb->view + 1);
  lua_pushlightuserdata(L, (void *)p);
  lua_pushlightuserdata(L, (void *)moves);
  lua_pushinteger(L, k);
  lua_pushlightuserdata(L, (void *)cb->graph);
  if (lua_pcall(L, 7, 1, 0) != LUA_OK) {
    lua_replace(L, cb->error_slot);
    cb->failed = 1;
    return RULES_EHOOK;
  }
  int i = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return i;
}

/* A Cancel that stops on Ctrl-C, when a budget of mt.limit runs out, or
** when the Lua function stop (a Callback) returns true; an error in stop
** stops too. */
static int stop_requested(void *ctx) {
  Callback *cb = ctx;
  lua_State *L = cb->L;
  Cancel watchdog = lwatchdog_cancel(L);
  if (cancel_now(&watchdog)) return 1;
  if (!cb->function || !lua_checkstack(L, 2)) return 0;
  lua_pushvalue(L, cb->function);
  if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
    lua_pop(L, 1);
    return 1;
  }
  int stop = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return stop;
}

/* --- options --- */

/* Reads integer option key of the table at idx (default def) in lo..hi. */
static lua_Integer int_option(lua_State *L, int idx, const char *key,
                              lua_Integer def, lua_Integer lo, lua_Integer hi) {
  int type = lua_getfield(L, idx, key);
  lua_Integer x = def;
  if (type != LUA_TNIL && (!lbridge_whole(L, -1, &x) || x < lo || x > hi))
    luaL_error(L, "option %s must be a whole number from %I to %I, got %s",
               key, lo, hi, lbridge_describe(L, -1));
  lua_pop(L, 1);
  return x;
}

/* Reads number option key (seconds, or a constant): from 0 to 1e9. */
static double number_option(lua_State *L, int idx, const char *key) {
  int type = lua_getfield(L, idx, key);
  double x = 0;
  if (type != LUA_TNIL) {
    x = lua_tonumber(L, -1);
    if (type != LUA_TNUMBER || !(x >= 0 && x <= 1e9))
      luaL_error(L, "option %s must be a number from 0 to 1e9, got %s", key,
                 lbridge_describe(L, -1));
  }
  lua_pop(L, 1);
  return x;
}

/* Pushes function option key, or nil; errors on another type. */
static void function_option(lua_State *L, int idx, const char *key) {
  int type = lua_getfield(L, idx, key);
  if (type != LUA_TNIL && type != LUA_TFUNCTION)
    luaL_error(L, "option %s must be a function, got %s", key,
               lbridge_describe(L, -1));
}

/* The started game at arg 1 and its variant (pushed); errors when over. */
static const Game *check_game(lua_State *L, Variant **v) {
  const Game *g = lgame_test(L, 1);
  if (!g) luaL_typeerror(L, 1, "Game");
  if (game_outcome(g, NULL)) luaL_error(L, "the game is over");
  lua_getiuservalue(L, 1, 1);
  *v = lvariant_test(L, -1);
  return g;
}

/* Pushes the move list of pv (on r's board). */
static void push_moves(lua_State *L, const Rules *r, const Move *moves, int k) {
  char text[BOARD_MOVEMAX];
  lua_createtable(L, k, 0);
  for (int i = 0; i < k; i++) {
    lua_pushstring(L, rules_format_move(r, moves[i], text));
    lua_rawseti(L, -2, i + 1);
  }
}

/* Pushes the result of a search as a table. */
static void push_search_result(lua_State *L, const Rules *r,
                               const SearchResult *res) {
  char text[BOARD_MOVEMAX];
  lua_createtable(L, 0, 7);
  lua_pushstring(L, rules_format_move(r, res->best, text));
  lua_setfield(L, -2, "move");
  lua_pushnumber(L, res->score / EVAL_SCALE);
  lua_setfield(L, -2, "score");
  if (res->score > SEARCH_MATE - 1000 || res->score < 1000 - SEARCH_MATE) {
    int d = SEARCH_MATE - (res->score > 0 ? res->score : -res->score);
    lua_pushinteger(L, res->score > 0 ? d : -d);
    lua_setfield(L, -2, "mate");
  }
  lua_pushinteger(L, res->depth);
  lua_setfield(L, -2, "depth");
  lua_pushinteger(L, (lua_Integer)res->nodes);
  lua_setfield(L, -2, "nodes");
  push_moves(L, r, res->pv, res->pv_length);
  lua_setfield(L, -2, "pv");
}

/* Raises what ended a search that did not succeed (succeeded 0): the error
** of its Lua callback cb or of v's hooks (hook_failed), else err; then a
** Ctrl-C or a budget met during it.  Returns when there is none. */
static void raise_failure(lua_State *L, Variant *v, const Callback *cb,
                          int hook_failed, int succeeded, const char *err) {
  if (hook_failed && cb->failed) {
    lua_pushvalue(L, cb->error_slot);
    lua_error(L);
  }
  if (hook_failed) lhook_raise(L, v);
  if (!succeeded) luaL_error(L, "%s", err);
  Cancel watchdog = lwatchdog_cancel(L);
  if (cancel_now(&watchdog)) lwatchdog_raise(L);
}

/* mt.search(game [, options]) — alpha-beta from the game's position:
** {move, score, mate, depth, nodes, pv}.  options: depth (default 8), nodes,
** time (seconds), eval (a Lua function(position, variant); default built
** in), table (log2 of the transposition table's entries, 12), stop (a Lua
** function polled now and then: true stops the search). */
static int search_l(lua_State *L) {
  Variant *v;
  lua_settop(L, 2);
  const Game *g = check_game(L, &v);
  int vidx = lua_gettop(L);
  if (lua_isnil(L, 2)) lua_newtable(L), lua_replace(L, 2);
  luaL_checktype(L, 2, LUA_TTABLE);
  static const char *const names[] = {"depth", "nodes", "time", "eval",
                                      "table", "stop",  NULL};
  lbridge_check_options(L, 2, names);
  SearchLimits limits = {
      (int)int_option(L, 2, "depth", 8, 1, SEARCH_MAX_DEPTH),
      (uint64_t)int_option(L, 2, "nodes", 0, 0, LUA_MAXINTEGER),
      number_option(L, 2, "time")};
  int bits = (int)int_option(L, 2, "table", 12, 10, 26);
  function_option(L, 2, "eval");
  Callback cb = {L, lua_gettop(L), vidx, 0, 0, 0, g->rules.graph};
  lua_pushnil(L);
  cb.error_slot = lua_gettop(L);
  callback_values(L, &cb);
  Evaluator eval = {search_builtin_eval, (void *)&g->rules};
  if (lua_isfunction(L, cb.function)) eval = (Evaluator){lua_eval, &cb};
  uint64_t *keys =
      lua_newuserdatauv(L, sizeof *keys * (size_t)(g->length + 1), 0);
  History h;
  for (int i = 0; i < g->length; i++) {
    game_history(g, i, &h);
    keys[i] = rules_state_hash(&g->rules, &g->positions[i], &h);
  }
  game_history(g, g->length, &h);
  SearchTable table;
  if (search_table_init(&table, bits))
    return luaL_error(L, "not enough memory");
  SearchResult res;
  char err[BOARD_ERRMAX];
  function_option(L, 2, "stop");
  Callback stopper = {L, lua_isfunction(L, -1) ? lua_gettop(L) : 0, 0, 0, 0, 0,
                      NULL};
  Cancel cancel = {stop_requested, &stopper};
  lua_State *before = lhook_enter(v, L);
  int rc = search_run(&g->rules, game_position(g), &h, keys, g->length, &limits,
                      &eval, &table, &cancel, &res, err);
  lhook_leave(v, before);
  search_table_free(&table);
  raise_failure(L, v, &cb, rc == SEARCH_EHOOK, rc == SEARCH_OK, err);
  push_search_result(L, &g->rules, &res);
  return 1;
}

/* Pushes the result of an MCTS as a table. */
static void push_mcts_result(lua_State *L, const Rules *r,
                             const MctsResult *res) {
  char text[BOARD_MOVEMAX];
  lua_createtable(L, 0, 4);
  lua_pushstring(L, rules_format_move(r, res->best, text));
  lua_setfield(L, -2, "move");
  lua_pushinteger(L, (lua_Integer)res->playouts);
  lua_setfield(L, -2, "playouts");
  lua_pushinteger(L, (lua_Integer)res->nodes);
  lua_setfield(L, -2, "nodes");
  lua_createtable(L, res->moves, 0);
  for (int i = 0; i < res->moves; i++) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, rules_format_move(r, res->children[i].move, text));
    lua_setfield(L, -2, "move");
    lua_pushinteger(L, (lua_Integer)res->children[i].visits);
    lua_setfield(L, -2, "visits");
    lua_pushnumber(L, res->children[i].score);
    lua_setfield(L, -2, "score");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "moves");
}

/* mt.mcts(game [, options]) — Monte Carlo tree search from the game's
** position: {move, playouts, nodes, moves = {{move, visits, score}}}.
** options: playouts (default 1000), time, max_plies, exploration, seed,
** policy (a Lua function(position, moves) -> index or move). */
static int mcts_l(lua_State *L) {
  Variant *v;
  lua_settop(L, 2);
  const Game *g = check_game(L, &v);
  if (lua_isnil(L, 2)) lua_newtable(L), lua_replace(L, 2);
  luaL_checktype(L, 2, LUA_TTABLE);
  static const char *const names[] = {"playouts",    "time", "max_plies",
                                      "exploration", "seed", "stop",
                                      "policy",      NULL};
  lbridge_check_options(L, 2, names);
  MctsLimits limits = {0, 0, 0, 0, 0};
  limits.seconds = number_option(L, 2, "time");
  limits.playouts = (uint64_t)int_option(
      L, 2, "playouts", limits.seconds > 0 ? 0 : 1000, 0, LUA_MAXINTEGER);
  limits.max_plies = (int)int_option(L, 2, "max_plies", 200, 1, 100000);
  limits.exploration = number_option(L, 2, "exploration");
  limits.seed = (uint64_t)int_option(L, 2, "seed", 1, 0, LUA_MAXINTEGER);
  function_option(L, 2, "policy");
  Callback cb = {L, lua_gettop(L), 0, 0, 0, 0, g->rules.graph};
  lua_pushnil(L);
  cb.error_slot = lua_gettop(L);
  callback_values(L, &cb);
  Policy policy = {lua_policy, &cb};
  History h;
  game_history(g, g->length, &h);
  MctsResult res;
  char err[BOARD_ERRMAX];
  function_option(L, 2, "stop");
  Callback stopper = {L, lua_isfunction(L, -1) ? lua_gettop(L) : 0, 0, 0, 0, 0,
                      NULL};
  Cancel cancel = {stop_requested, &stopper};
  lua_State *before = lhook_enter(v, L);
  int rc = mcts_run(&g->rules, game_position(g), &h, &limits,
                    lua_isfunction(L, cb.function) ? &policy : NULL, &cancel,
                    &res, err);
  lhook_leave(v, before);
  raise_failure(L, v, &cb, rc == MCTS_EHOOK, rc == MCTS_OK, err);
  push_mcts_result(L, &g->rules, &res);
  return 1;
}

void lsearch_open(lua_State *L, int module) {
  lua_pushcfunction(L, search_l);
  lua_setfield(L, module, "search");
  lua_pushcfunction(L, mcts_l);
  lua_setfield(L, module, "mcts");
}

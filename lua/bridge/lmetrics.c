/*
** lmetrics.c — the exact figures of core/metrics.c for the Lua part
** metrics.lua: one call builds the reachable graph of a variant's start
** and returns everything measured on it as a plain table; and that graph
** as the play page carries it (core/pagegraph.c).
*/
#include <limits.h>
#include <string.h>

#include "lmetrics.h"
#include "lopen.h"
#include "lposition.h"
#include "lsolver.h"
#include "lwatchdog.h"
#include "memory.h"
#include "pagegraph.h"

#define LGRAPH_META "mutorere.MetricsGraph"
#define LPAGETEXT_META "mutorere.PageText"

static const char *const value_names[] = {"draw", "win", "loss"};

/* Frees a graph box when Lua collects it. */
static int graph_gc(lua_State *L) {
  metrics_graph_free(luaL_checkudata(L, 1, LGRAPH_META));
  return 0;
}

static void set_integer(lua_State *L, const char *key, lua_Integer x) {
  lua_pushinteger(L, x);
  lua_setfield(L, -2, key);
}

static void set_number(lua_State *L, const char *key, lua_Number x) {
  lua_pushnumber(L, x);
  lua_setfield(L, -2, key);
}

static void set_position(lua_State *L, const char *key, const Position *p) {
  char buf[BOARD_POSMAX];
  lua_pushstring(L, board_format(p, buf));
  lua_setfield(L, -2, key);
}

/* Pushes {[d] = count} of the non-zero entries of counts[0..max]. */
static void push_histogram(lua_State *L, const uint64_t *counts, int max) {
  lua_newtable(L);
  for (int d = 0; d <= max; d++)
    if (counts[d]) {
      lua_pushinteger(L, (lua_Integer)counts[d]);
      lua_rawseti(L, -2, d);
    }
}

/* Sets field history to the moves state i remembers, when it remembers
** any. */
static void set_history(lua_State *L, const Rules *r, const MetricsGraph *g,
                        uint32_t i) {
  History h = metrics_history(g, i);
  if (h.count == 0) return;
  lhistory_push(L, r->graph, r->arms, &h);
  lua_setfield(L, -2, "history");
}

/* Pushes up to max examples of traps: {{position, losing [, history]}}. */
static void push_trap_examples(lua_State *L, const Rules *r,
                               const MetricsGraph *g, int max) {
  lua_newtable(L);
  int n = 0;
  for (uint32_t i = 0; i < g->count && n < max; i++) {
    if (g->outcome[i] || g->value[i] != VALUE_DRAW) continue;
    int losing = 0;
    for (uint32_t j = 0; j < metrics_moves(g, i); j++)
      losing += g->value[g->child[g->first[i] + j]] == VALUE_WIN;
    if (!losing) continue;
    lua_createtable(L, 0, 2);
    set_position(L, "position", &g->state[i]);
    set_history(L, r, g, i);
    set_integer(L, "losing", losing);
    lua_rawseti(L, -2, ++n);
  }
}

/* Sets the census's fields in the table on top. */
static void push_census(lua_State *L, const Rules *r, const MetricsGraph *g,
                        const MetricsCensus *c, int examples) {
  set_integer(L, "states", (lua_Integer)c->states);
  set_integer(L, "wins", (lua_Integer)c->wins);
  set_integer(L, "losses", (lua_Integer)c->losses);
  set_integer(L, "draws", (lua_Integer)c->draws);
  set_integer(L, "ends", (lua_Integer)c->ends);
  set_integer(L, "moves", (lua_Integer)c->moves);
  set_integer(L, "forced", (lua_Integer)c->forced);
  set_integer(L, "win_to_draw", (lua_Integer)c->win_to_draw);
  set_integer(L, "win_to_loss", (lua_Integer)c->win_to_loss);
  lua_createtable(L, 0, 2);
  push_histogram(L, c->remoteness[0], SOLVER_LONGEST);
  lua_setfield(L, -2, "win");
  push_histogram(L, c->remoteness[1], SOLVER_LONGEST);
  lua_setfield(L, -2, "loss");
  lua_setfield(L, -2, "remoteness");
  lua_createtable(L, 0, 4);
  set_integer(L, "count", (lua_Integer)c->traps);
  set_integer(L, "moves", (lua_Integer)c->trap_moves);
  push_histogram(L, c->trap_losing, RULES_MAX_MOVES);
  lua_setfield(L, -2, "by_losing");
  push_trap_examples(L, r, g, examples);
  lua_setfield(L, -2, "examples");
  lua_setfield(L, -2, "traps");
  if (c->lookahead < 0) return;
  set_integer(L, "lookahead", c->lookahead);
  if (c->lookahead == 0) return;
  char text[BOARD_MOVEMAX];
  lua_createtable(L, 0, 2);
  set_position(L, "position", &g->state[c->witness_state]);
  set_history(L, r, g, c->witness_state);
  lua_pushstring(
      L, rules_format_move(
             r, metrics_move(g, c->witness_state, c->witness_move), text));
  lua_setfield(L, -2, "move");
  lua_setfield(L, -2, "witness");
}

/* Pushes the random-play chain's figures. */
static void push_random(lua_State *L, const MetricsRandom *r) {
  lua_createtable(L, 0, 16);
  set_integer(L, "cap", r->cap);
  set_number(L, "black", r->black);
  set_number(L, "white", r->white);
  set_number(L, "draws", r->draws);
  set_number(L, "timeouts", r->timeouts);
  set_number(L, "length", r->length);
  set_number(L, "length_sd", r->length_sd);
  set_integer(L, "length_median", r->length_median);
  set_number(L, "length_ended", r->length_ended);
  set_number(L, "branching", r->branching);
  set_number(L, "decisions", r->decisions);
  set_number(L, "lead_change", r->lead_change);
  set_number(L, "stability", r->stability);
  set_number(L, "drama", r->drama);
  set_integer(L, "plies", r->plies);
  set_number(L, "residue", r->residue);
  set_integer(L, "classes", r->classes);
}

/* Pushes the sampled games' figures. */
static void push_sample(lua_State *L, const MetricsSample *s) {
  lua_createtable(L, 0, 9);
  set_integer(L, "games", s->games);
  set_integer(L, "cap", s->cap);
  set_number(L, "tree_complexity", s->tree_complexity);
  set_number(L, "repetition", s->repetition);
  set_number(L, "black", s->black);
  set_number(L, "white", s->white);
  set_number(L, "draws", s->draws);
  set_number(L, "timeouts", s->timeouts);
  set_number(L, "length", s->length);
}

int lmetrics_raise(lua_State *L, Variant *v, int rc, const char *err) {
  if (rc == SOLVER_EHOOK) return lhook_raise(L, v);
  if (rc == SOLVER_CANCELLED) return lwatchdog_raise(L);
  return luaL_error(L, "%s", err);
}

MetricsGraph *lmetrics_graph(lua_State *L, Variant *v, const Solution *s,
                             const Position *start, const History *h) {
  char err[BOARD_ERRMAX];
  MetricsGraph *g = lua_newuserdatauv(L, sizeof *g, 0);
  memset(g, 0, sizeof *g);
  luaL_setmetatable(L, LGRAPH_META);
  Cancel cancel = lwatchdog_cancel(L);
  lua_State *before = lhook_enter(v, L);
  int rc = metrics_graph(g, s, &v->rules, start, h, &cancel, err);
  lhook_leave(v, before);
  if (rc != SOLVER_OK) lmetrics_raise(L, v, rc, err);
  return g;
}

/* Whether the random-play chain may run on classes of states under the
** ring's symmetries: rules that answer alike for turned and mirrored
** positions and remember no moves. */
static int chain_symmetric(const Variant *v) {
  return !v->rules.graph && !rules_general(&v->rules) &&
         (v->symmetric || !rules_hooked(&v->rules)) &&
         rules_memory(&v->rules) == 0;
}

/* The arguments of a walk: the variant at 1 into *v, its solution at 2,
** the start at 3 into *start, reached by the moves at 4 (a list or nil)
** into *h.  Returns the solution, holding the start (a solution of the
** states play reaches is extended to it). */
static const Solution *check_walk(lua_State *L, Variant **v, Position *start,
                                  History *h) {
  char err[BOARD_ERRMAX];
  *v = lvariant_get(L, 1);
  const Solution *s = lsolver_check(L, 2);
  *start = lposition_check(L, 3);
  if (rules_check_position(&(*v)->rules, start, err)) luaL_error(L, "%s", err);
  lhistory_check(L, 4, &(*v)->rules, start, s->memory, h);
  return lsolver_holding(L, 2, start, h);
}

/* metrics_exact(variant, solution, start, history, options) — the graph
** of the states reachable from start (reached by history, a list or nil),
** and on it the census (always), the random-play chain (options.cap > 0)
** and sampled games (options.games > 0, options.seed); options.examples:
** how many traps to list. */
static int metrics_exact(lua_State *L) {
  char err[BOARD_ERRMAX];
  History h;
  Variant *v;
  Position start;
  const Solution *s = check_walk(L, &v, &start, &h);
  luaL_checktype(L, 5, LUA_TTABLE);
  lua_getfield(L, 5, "cap");
  lua_getfield(L, 5, "games");
  lua_getfield(L, 5, "seed");
  lua_getfield(L, 5, "examples");
  int cap = (int)lbridge_opt_whole(L, 6, "cap", 0, 0, INT_MAX),
      games = (int)lbridge_opt_whole(L, 7, "games", 0, 0, INT_MAX);
  uint64_t seed = (uint64_t)lbridge_opt_whole(L, 8, "seed", 1, LUA_MININTEGER,
                                              LUA_MAXINTEGER);
  int examples = (int)lbridge_opt_whole(L, 9, "examples", 10, 0, INT_MAX);
  MetricsGraph *g = lmetrics_graph(L, v, s, &start, &h);
  Cancel cancel = lwatchdog_cancel(L);
  int rc;
  MetricsCensus census;
  metrics_census(g, &census);
  MetricsRandom random;
  if (cap > 0 &&
      (rc = metrics_random(g, chain_symmetric(v), cap, &random, &cancel, err)))
    return lmetrics_raise(L, v, rc, err);
  MetricsSample sample;
  if (games > 0 && (rc = metrics_sample(g, cap > 0 ? cap : 1000, games, seed,
                                        &sample, &cancel, err)))
    return lmetrics_raise(L, v, rc, err);
  lua_newtable(L);
  set_position(L, "start", &g->state[0]);
  lua_pushstring(L, value_names[g->value[0]]);
  lua_setfield(L, -2, "value");
  if (g->value[0] != VALUE_DRAW) set_integer(L, "distance", g->distance[0]);
  set_integer(L, "start_moves", metrics_moves(g, 0));
  push_census(L, &v->rules, g, &census, examples);
  if (cap > 0) {
    push_random(L, &random);
    lua_setfield(L, -2, "random");
  }
  if (games > 0) {
    push_sample(L, &sample);
    lua_setfield(L, -2, "sample");
  }
  return 1;
}

/* reach_count(variant, start, history, most) — the number of states
** reachable from start (reached by history, a list or nil), walked in C
** with the variant's hooks; nil when there are more than most. */
static int reach_count(lua_State *L) {
  char err[BOARD_ERRMAX];
  History h;
  Variant *v = lvariant_get(L, 1);
  Position start = lposition_check(L, 2);
  if (rules_check_position(&v->rules, &start, err))
    return luaL_error(L, "%s", err);
  lhistory_check(L, 3, &v->rules, &start, rules_memory(&v->rules), &h);
  lua_Integer most = lbridge_check_whole(L, 4, "most", 1, METRICS_MAX_STATES);
  MetricsGraph g;
  memset(&g, 0, sizeof g);
  Cancel cancel = lwatchdog_cancel(L);
  lua_State *before = lhook_enter(v, L);
  int rc = metrics_frontier(&g, NULL, &v->rules, &start, &h, (uint64_t)most,
                            &cancel, NULL, err);
  lhook_leave(v, before);
  if (rc == METRICS_MORE) return 0;
  if (rc != SOLVER_OK) return lmetrics_raise(L, v, rc, err);
  lua_pushinteger(L, (lua_Integer)g.count);
  metrics_graph_free(&g);
  return 1;
}

/* Frees a page text's box (a char * of memory_realloc, or NULL) when Lua
** collects it. */
static int page_text_gc(lua_State *L) {
  char **text = luaL_checkudata(L, 1, LPAGETEXT_META);
  *text = memory_realloc(*text, 0);
  return 0;
}

/* page_graph(variant, solution, start, history) — the graph of the states
** reachable from start (reached by history, a list or nil) as the play
** page carries it: its base64 text, the number of states, and the most
** pieces a hand holds plus one (nil when no piece is ever in hand). */
static int page_graph(lua_State *L) {
  char err[BOARD_ERRMAX];
  History h;
  Variant *v;
  Position start;
  const Solution *s = check_walk(L, &v, &start, &h);
  MetricsGraph *g = lmetrics_graph(L, v, s, &start, &h);
  char **text = lua_newuserdatauv(L, sizeof *text, 0);
  *text = NULL;
  luaL_setmetatable(L, LPAGETEXT_META);
  size_t len;
  int hands;
  lua_State *before = lhook_enter(v, L);
  int rc = pagegraph_encode(g, &v->rules, text, &len, &hands, err);
  lhook_leave(v, before);
  if (rc != SOLVER_OK) return lmetrics_raise(L, v, rc, err);
  lua_pushlstring(L, *text, len);
  *text = memory_realloc(*text, 0);
  lua_pushinteger(L, (lua_Integer)g->count);
  if (hands)
    lua_pushinteger(L, hands);
  else
    lua_pushnil(L);
  return 3;
}

void lmetrics_open(lua_State *L, int shared) {
  luaL_newmetatable(L, LGRAPH_META);
  lua_pushcfunction(L, graph_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  luaL_newmetatable(L, LPAGETEXT_META);
  lua_pushcfunction(L, page_text_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  lua_pushcfunction(L, page_graph);
  lua_setfield(L, shared, "page_graph");
  lua_pushcfunction(L, metrics_exact);
  lua_setfield(L, shared, "metrics_exact");
  lua_pushcfunction(L, reach_count);
  lua_setfield(L, shared, "reach_count");
}

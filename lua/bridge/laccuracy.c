/*
** laccuracy.c — what mt.accuracy and mt.tune (accuracy.lua, tune.lua) do
** in C: the states reachable from a start (the graph of lmetrics.c), each
** weighed by random play when asked (the chain of core/metrics.c), taken
** in a random order; the player asked for its move in each through its
** Lua interface, every pick judged and tallied by core/accuracy.c; and for
** tuning, the states with their true outcome.
*/
#include <stdio.h>
#include <string.h>

#include "accuracy.h"
#include "memory.h"
#include "lgame.h"
#include "lmetrics.h"
#include "lopen.h"
#include "lposition.h"
#include "lsolver.h"
#include "lwatchdog.h"

#define CANCEL_EVERY 64       /* states between two looks at Ctrl-C */
#define PROGRESS_EVERY 256    /* states between two calls of the bar */
#define FULL_WALK_MAX 4000000 /* more states: a sample by default, */
#define DEFAULT_SAMPLE 100000 /* of this many */

static const char *const value_names[] = {"draw", "win", "loss"};
static const char *const verdict_names[] = {"best", "inaccuracy", "blunder"};

/* One run of accuracy_run: its arguments' stack indexes and its state. */
typedef struct Run {
  lua_State *L;
  Variant *v;
  int variant, player, choose, progress, note; /* stack indexes (0: none) */
  MetricsGraph *g;
  const double *weights; /* random play's visits, or NULL: all weigh 1 */
  uint32_t *order;       /* the states that go on, in a random order */
  uint32_t *parent;      /* for rules that remember moves: the state each
                         ** state is first reached from (the start: none) */
  uint8_t *via;          /* and the index of the move from there */
  uint32_t population;   /* how many */
  uint32_t target;       /* how many to judge */
  double deadline;       /* on the monotonic clock; 0: none */
  AccuracyTally tally;
} Run;

/* --- options, checked by accuracy.lua and tune.lua --- */

/* Integer field key of the table at idx (def when nil). */
static lua_Integer int_field(lua_State *L, int idx, const char *key,
                             lua_Integer def) {
  lua_getfield(L, idx, key);
  lua_Integer x = lbridge_opt_whole(L, -1, key, def, LUA_MININTEGER,
                                    LUA_MAXINTEGER);
  lua_pop(L, 1);
  return x;
}

/* Number field key of the table at idx (def when nil). */
static double number_field(lua_State *L, int idx, const char *key, double def) {
  lua_getfield(L, idx, key);
  double x = luaL_optnumber(L, -1, def);
  lua_pop(L, 1);
  return x;
}

/* Pushes the reachable graph from the start at index first (a position,
** then a history at first + 1) of the variant at vidx solved by the
** Solution at vidx + 1, and, when options.weights, the visits of random
** play (up to options.cap plies) as a box below it (NULL otherwise). */
static MetricsGraph *push_graph(lua_State *L, Variant *v, int vidx, int first,
                                int options, const double **weights) {
  char err[BOARD_ERRMAX];
  const Solution *s = lsolver_check(L, vidx + 1);
  Position start = lposition_check(L, first);
  History h;
  if (rules_check_position(&v->rules, &start, err)) luaL_error(L, "%s", err);
  lhistory_check(L, first + 1, &v->rules, &start, s->memory, &h);
  s = lsolver_holding(L, vidx + 1, &start, &h); /* a reachable kind: solved */
  MetricsGraph *g = lmetrics_graph(L, v, s, &start, &h);
  *weights = NULL;
  lua_getfield(L, options, "weights");
  int weighted = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (!weighted) return g;
  double *visits = lua_newuserdatauv(L, (size_t)g->count * sizeof *visits, 0);
  Cancel cancel = lwatchdog_cancel(L);
  int cap = (int)int_field(L, options, "cap", 2500);
  int rc = metrics_visits(g, cap, visits, &cancel, err);
  if (rc != SOLVER_OK) lmetrics_raise(L, v, rc, err);
  *weights = visits;
  return g;
}

/* --- the state a player is asked about --- */

/* Pushes the text of state i: its position, and the moves it remembers. */
static void push_state_text(lua_State *L, const Rules *rules,
                            const MetricsGraph *g, uint32_t i) {
  char buf[BOARD_POSMAX], move[BOARD_MOVEMAX];
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, board_format(&g->state[i], buf));
  History h = metrics_history(g, i);
  for (int k = 0; k < h.count; k++) {
    luaL_addstring(&b, k ? " " : " after ");
    luaL_addstring(&b, rules_format_move(rules, h.moves[k], move));
  }
  if (h.count) luaL_addstring(&b, " (the last first)");
  luaL_pushresult(&b);
}

static int raise_stop(Run *r);

/* Finds, for rules that remember moves, the state each state of the graph
** is first reached from and the move that leads there (the graph is
** numbered breadth first: these are the shortest paths from the start). */
static void find_parents(Run *r) {
  const MetricsGraph *g = r->g;
  r->parent = lua_newuserdatauv(r->L, (size_t)g->count * sizeof *r->parent, 0);
  r->via = lua_newuserdatauv(r->L, (size_t)g->count, 0);
  memset(r->parent, 0xff, (size_t)g->count * sizeof *r->parent);
  for (uint32_t x = 0; x < g->count; x++)
    for (uint32_t j = 0; j < metrics_moves(g, x); j++) {
      uint32_t c = g->child[g->first[x] + j];
      if (c && r->parent[c] == UINT32_MAX) r->parent[c] = x, r->via[c] = (uint8_t)j;
    }
}

/* Starts game at state i of the graph: before the moves the state
** remembers, which it plays.  Returns a GAME_* code (err says why; game
** needs game_free only after GAME_OK). */
static int game_at(Run *r, uint32_t i, Game *game, char *err) {
  History h = metrics_history(r->g, i);
  Position start = r->g->state[i];
  for (int k = 0; k < h.count; k++) board_unplay(&start, h.moves[k]);
  int rc = game_init(game, &r->v->rules, &start, err);
  for (int k = h.count - 1; k >= 0 && rc == GAME_OK; k--)
    if ((rc = game_play(game, h.moves[k], err)) != GAME_OK) game_free(game);
  return rc;
}

/* Starts game at the start of the graph and plays the moves of the path
** to state i (find_parents).  Returns as game_at. */
static int game_by_path(Run *r, uint32_t i, Game *game, char *err) {
  uint32_t depth = 0;
  for (uint32_t x = i; x; x = r->parent[x]) depth++;
  Move *path = memory_realloc(NULL, (size_t)(depth ? depth : 1) * sizeof *path);
  if (!path) {
    snprintf(err, BOARD_ERRMAX, "not enough memory");
    return GAME_ERROR;
  }
  for (uint32_t x = i, k = depth; x; x = r->parent[x])
    path[--k] = metrics_move(r->g, r->parent[x], r->via[x]);
  int rc = game_at(r, 0, game, err);
  for (uint32_t k = 0; k < depth && rc == GAME_OK; k++)
    if ((rc = game_play(game, path[k], err)) != GAME_OK) game_free(game);
  memory_realloc(path, 0);
  return rc;
}

/* Pushes a Game of the run's variant standing at state i: started before
** the moves the state remembers, which it plays; or, when the rules refuse
** that (they may read what was remembered before those moves), started at
** the start and brought to the state along its shortest path. */
static void push_state_game(Run *r, uint32_t i) {
  char err[BOARD_ERRMAX];
  Game game;
  lua_State *before = lhook_enter(r->v, r->L);
  int rc = game_at(r, i, &game, err);
  if (rc == GAME_ERROR && r->parent) rc = game_by_path(r, i, &game, err);
  lhook_leave(r->v, before);
  if (rc != GAME_OK && lwatchdog_tripped(r->L)) raise_stop(r);
  if (rc == GAME_EHOOK) lhook_raise(r->L, r->v);
  if (rc != GAME_OK) luaL_error(r->L, "%s", err);
  lgame_adopt(r->L, r->variant, &game);
}

/* --- what a stopped run keeps --- */

/* Pushes a share of the tally as "12.3%", with its standard error when the
** states judged are a sample. */
static void push_share(lua_State *L, const Run *r, int verdict) {
  double se, x = accuracy_share(&r->tally, verdict, r->population, &se);
  char text[64];
  if (se > 0)
    snprintf(text, sizeof text, "%.2f%% (± %.2f%%)", 100 * x, 100 * se);
  else
    snprintf(text, sizeof text, "%.2f%%", 100 * x);
  lua_pushstring(L, text);
}

/* Pushes what the run has found so far, in words. */
static void push_partial(Run *r) {
  const AccuracyTally *t = &r->tally;
  uint64_t blunders = 0, inaccuracies = 0;
  for (int v = 0; v < 3; v++) {
    blunders += t->counts[v][ACCURACY_BLUNDER];
    inaccuracies += t->counts[v][ACCURACY_INACCURACY];
  }
  if (t->states == 0) {
    lua_pushfstring(r->L, "mt.accuracy stopped before judging any of %I states",
                    (lua_Integer)r->population);
    return;
  }
  push_share(r->L, r, ACCURACY_BEST);
  lua_pushfstring(r->L,
                  "mt.accuracy stopped after %I of %I states (a uniform "
                  "sample): best moves %s, %I inaccuracies, %I blunders",
                  (lua_Integer)t->states, (lua_Integer)r->population,
                  lua_tostring(r->L, -1), (lua_Integer)inaccuracies,
                  (lua_Integer)blunders);
  lua_remove(r->L, -2);
}

/* Raises what stopped the run (Ctrl-C or a budget) with the partial result
** kept in the note for the guard (lguard.c) to add. */
static int raise_stop(Run *r) {
  push_partial(r);
  lua_setfield(r->L, r->note, "partial");
  return lwatchdog_raise(r->L);
}

/* Raises a failure of the player at state i: message on top. */
static int raise_player(Run *r, uint32_t i, const char *what) {
  lua_State *L = r->L;
  const char *msg = lbridge_message(L, -1);
  lua_pushliteral(L, "name");
  lua_rawget(L, r->player);
  const char *name = luaL_tolstring(L, -1, NULL);
  push_state_text(L, &r->v->rules, r->g, i);
  push_partial(r);
  return luaL_error(L, "player %s %s in %s: %s (%s)", name, what,
                    lua_tostring(L, -2), msg, lua_tostring(L, -1));
}

/* --- the run --- */

/* Calls the progress bar with the states judged (a stop raises). */
static void report_progress(Run *r) {
  lua_State *L = r->L;
  lua_pushvalue(L, r->progress);
  lua_pushinteger(L, (lua_Integer)r->tally.states);
  lua_pushinteger(L, (lua_Integer)r->target);
  if (lua_pcall(L, 2, 0, 0) == LUA_OK) return;
  if (lwatchdog_tripped(L)) raise_stop(r);
  lua_error(L);
}

/* Asks the player for its move in state i, and judges it. */
static void judge_state(Run *r, uint32_t i) {
  lua_State *L = r->L;
  char err[BOARD_ERRMAX];
  int top = lua_gettop(L);
  lua_pushvalue(L, r->choose);
  lua_pushvalue(L, r->player);
  push_state_game(r, i);
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
    if (lwatchdog_tripped(L)) raise_stop(r);
    raise_player(r, i, "failed");
  }
  Move m;
  const char *text = lua_tostring(L, -1);
  int j = -1;
  if (text && lbridge_is_text(L, -1) && rules_parse_move(&r->v->rules, text, &m, err) == 0)
    j = accuracy_move_index(r->g, i, m);
  if (j < 0) {
    lua_pushfstring(L, "%s is not a legal move", lbridge_describe(L, -1));
    raise_player(r, i, "chose badly");
  }
  accuracy_add(&r->tally, r->g, i, (uint32_t)j,
               r->weights ? r->weights[i] : 1.0);
  lua_settop(L, top);
}

/* Judges the states of the order until the target, the deadline or a
** stop.  Returns "time" when the deadline stopped it, else NULL. */
static const char *judge_all(Run *r) {
  Cancel cancel = lwatchdog_cancel(r->L);
  for (uint32_t k = 0; k < r->target; k++) {
    if (k % CANCEL_EVERY == 0 && cancel_now(&cancel)) raise_stop(r);
    if (r->progress && k % PROGRESS_EVERY == 0) report_progress(r);
    if (k > 0 && r->deadline > 0 && lbridge_clock() >= r->deadline)
      return "time";
    judge_state(r, r->order[k]);
  }
  return NULL;
}

/* --- the result --- */

static void set_integer(lua_State *L, const char *key, lua_Integer x) {
  lua_pushinteger(L, x);
  lua_setfield(L, -2, key);
}

/* Sets field key to {value, distance} (no distance for a draw). */
static void set_value(lua_State *L, const char *key, int value, int distance) {
  lua_createtable(L, 0, 2);
  lua_pushstring(L, value_names[value]);
  lua_setfield(L, -2, "value");
  if (value != VALUE_DRAW) set_integer(L, "distance", distance);
  lua_setfield(L, -2, key);
}

/* Pushes a worst move: {position, history, move, verdict, before, after,
** best = {moves}, lost}. */
static void push_example(lua_State *L, const Rules *rules,
                         const MetricsGraph *g, const AccuracyExample *e) {
  char buf[BOARD_POSMAX], move[BOARD_MOVEMAX];
  uint32_t i = e->state, c = g->child[g->first[i] + e->move];
  AccuracyJudgement a = accuracy_judge(g, i, e->move);
  lua_createtable(L, 0, 8);
  lua_pushstring(L, board_format(&g->state[i], buf));
  lua_setfield(L, -2, "position");
  History h = metrics_history(g, i);
  if (h.count) {
    lhistory_push(L, rules->graph, rules->arms, &h);
    lua_setfield(L, -2, "history");
  }
  lua_pushstring(L, rules_format_move(rules, metrics_move(g, i, e->move), move));
  lua_setfield(L, -2, "move");
  lua_pushstring(L, verdict_names[a.verdict]);
  lua_setfield(L, -2, "verdict");
  set_value(L, "before", g->value[i], g->distance[i]);
  int after = g->value[c] == VALUE_DRAW  ? VALUE_DRAW
              : g->value[c] == VALUE_WIN ? VALUE_LOSS
                                         : VALUE_WIN;
  set_value(L, "after", after, g->distance[c]);
  lua_newtable(L);
  int best = e->severity + accuracy_rank(g, i, e->move), n = 0;
  for (uint32_t j = 0; j < metrics_moves(g, i); j++)
    if (accuracy_rank(g, i, j) == best) {
      lua_pushstring(L, rules_format_move(rules, metrics_move(g, i, j), move));
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "best");
  set_integer(L, "lost", e->severity);
}

/* Pushes the run's result as a plain table (accuracy.lua shapes it). */
static void push_result(Run *r, const char *stopped) {
  lua_State *L = r->L;
  const AccuracyTally *t = &r->tally;
  lua_createtable(L, 0, 12);
  set_integer(L, "population", r->population);
  set_integer(L, "states", (lua_Integer)t->states);
  if (r->target < r->population) set_integer(L, "sample", r->target);
  set_integer(L, "forced", (lua_Integer)t->forced);
  set_integer(L, "plies_lost", (lua_Integer)t->plies_lost);
  lua_pushnumber(L, t->w);
  lua_setfield(L, -2, "weight");
  if (stopped) {
    lua_pushstring(L, stopped);
    lua_setfield(L, -2, "stopped");
  }
  lua_createtable(L, 0, 3); /* counts[value][verdict] */
  for (int v = 0; v < 3; v++) {
    lua_createtable(L, 0, ACCURACY_VERDICTS);
    for (int k = 0; k < ACCURACY_VERDICTS; k++)
      set_integer(L, verdict_names[k], (lua_Integer)t->counts[v][k]);
    lua_setfield(L, -2, value_names[v]);
  }
  lua_setfield(L, -2, "counts");
  lua_createtable(L, 0, ACCURACY_VERDICTS); /* shares[verdict] = {x, se} */
  for (int k = 0; k < ACCURACY_VERDICTS; k++) {
    double se, x = accuracy_share(t, k, r->population, &se);
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, x);
    lua_rawseti(L, -2, 1);
    if (se >= 0) {
      lua_pushnumber(L, se);
      lua_rawseti(L, -2, 2);
    }
    lua_setfield(L, -2, verdict_names[k]);
  }
  lua_setfield(L, -2, "shares");
  lua_createtable(L, t->kept, 0);
  for (int k = 0; k < t->kept; k++) {
    push_example(L, &r->v->rules, r->g, &t->worst[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "worst");
}

/* accuracy_run(note, variant, solution, start, history, player, choose,
** options) — judges the player's picks (choose(player, game) -> move
** text) in the states reachable from start (reached by history).
** options: seed, sample (the states to judge; when nil, all of them up to
** FULL_WALK_MAX, else DEFAULT_SAMPLE), weights (true: by random play's
** visits, to cap plies), examples (the worst moves kept), time (seconds,
** then stop), progress (a function(done, total) called now and then).
** Returns a plain table; Ctrl-C and the budgets raise, with the partial
** result in note.partial. */
static int accuracy_run(lua_State *L) {
  lua_settop(L, 8);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 7, LUA_TFUNCTION);
  luaL_checktype(L, 8, LUA_TTABLE);
  Run r;
  memset(&r, 0, sizeof r);
  r.L = L;
  r.note = 1, r.variant = 2, r.player = 6, r.choose = 7;
  r.v = lvariant_get(L, 2);
  r.g = push_graph(L, r.v, 2, 4, 8, &r.weights);
  lua_getfield(L, 8, "progress");
  r.progress = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  uint64_t seed = (uint64_t)int_field(L, 8, "seed", 1);
  lua_Integer sample = int_field(L, 8, "sample", 0);
  double seconds = number_field(L, 8, "time", 0);
  accuracy_tally_init(&r.tally, (int)int_field(L, 8, "examples", 10));
  r.order = lua_newuserdatauv(L, (size_t)r.g->count * sizeof *r.order, 0);
  if (rules_memory(&r.v->rules) > 0) find_parents(&r);
  r.population = accuracy_order(r.g, seed, r.order);
  if (sample == 0 && r.population > FULL_WALK_MAX) sample = DEFAULT_SAMPLE;
  r.target = sample > 0 && (uint64_t)sample < r.population ? (uint32_t)sample
                                                           : r.population;
  r.deadline = seconds > 0 ? lbridge_clock() + seconds : 0;
  const char *stopped = judge_all(&r);
  if (r.progress) report_progress(&r);
  push_result(&r, stopped);
  return 1;
}

/* accuracy_states(variant, solution, start, history, options) — the
** states reachable from start that go on, for tuning: {positions, targets,
** weights}, the outcome for the side to move in targets (1 a win, 0.5 a
** draw, 0 a loss), the visits of random play in weights when
** options.weights (to options.cap plies). */
static int accuracy_states(lua_State *L) {
  static const double outcome[] = {0.5, 1, 0};
  lua_settop(L, 5);
  luaL_checktype(L, 5, LUA_TTABLE);
  Variant *v = lvariant_get(L, 1);
  const double *weights;
  MetricsGraph *g = push_graph(L, v, 1, 3, 5, &weights);
  lua_createtable(L, 0, 3);
  int out = lua_gettop(L);
  lua_newtable(L);
  lua_newtable(L);
  lua_newtable(L);
  int n = 0;
  for (uint32_t i = 0; i < g->count; i++) {
    if (g->outcome[i]) continue;
    lposition_push(L, &g->state[i], v->rules.graph);
    lua_rawseti(L, out + 1, ++n);
    lua_pushnumber(L, outcome[g->value[i]]);
    lua_rawseti(L, out + 2, n);
    lua_pushnumber(L, weights ? weights[i] : 1.0);
    lua_rawseti(L, out + 3, n);
  }
  lua_setfield(L, out, "weights");
  lua_setfield(L, out, "targets");
  lua_setfield(L, out, "positions");
  return 1;
}

void laccuracy_open(lua_State *L, int shared) {
  lua_pushcfunction(L, accuracy_run);
  lua_setfield(L, shared, "accuracy_run");
  lua_pushcfunction(L, accuracy_states);
  lua_setfield(L, shared, "accuracy_states");
}

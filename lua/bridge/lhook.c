/*
** lhook.c — a variant's Lua hooks (result, moves, allow) as the core calls
** them: one judge call per state, through a C closure run inside a
** protected call, so that a Lua error never unwinds the core; a failure is
** kept and raised once the core has returned.
**
** The closure keeps what the hooks are given and reuses it from call to
** call: a position view whose changed fields alone are set, a history
** list, the list of the moves the fields made, the interned Move values.
** Its upvalues: the allow function (or false), the result function (or
** false), the view, the history list, the table of interned Moves, the
** HookContext (light userdata), whose position, past, moves and count say
** what to judge, the moves function (or false) and the list of moves made.
*/
#include <string.h>

#include "lboard.h"
#include "lmove.h"
#include "lposition.h"
#include "lvariant.h"
#include "lwatchdog.h"
#include "memo.h"
#include "movetext.h"

enum {
  UP_ALLOW = 1,
  UP_RESULT,
  UP_VIEW,
  UP_HISTORY,
  UP_MOVES,
  UP_CONTEXT,
  UP_MAKE,
  UP_MADE
};

/* Runs inside lua_pcall: converts the error object at the top to text
** (its __tostring may fail too). */
static int error_text(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}

/* Records the error on top of the stack as the context's failure, with
** the hook, move and position; pops it.  Returns RULES_EHOOK. */
static int hook_failed(HookContext *h, const Position *p) {
  lua_State *L = h->L;
  char pos[BOARD_POSMAX], move[BOARD_MOVEMAX] = "";
  const char *msg = lua_tostring(L, -1);
  if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
    lua_pushcfunction(L, error_text);
    lua_pushvalue(L, -2);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_isstring(L, -1)) {
      lua_pop(L, 1);
      lua_pushfstring(L, "(an error object of type %s)", luaL_typename(L, -1));
    }
    lua_replace(L, -2);
    msg = lua_tostring(L, -1);
  }
  if (h->for_move) {
    movetext_format(h->graph, h->move, move);
    if (strlen(move) > 60) strcpy(move + 57, "...");
  }
  if (lwatchdog_pending())
    lua_pushliteral(L, "interrupted");
  else
    lua_pushfstring(L, "%s hook failed at %s%s%s: %s", h->asking,
                    board_format(p, pos), *move ? " for move " : "", move, msg);
  luaL_unref(L, LUA_REGISTRYINDEX, h->error_ref);
  h->error_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  return RULES_EHOOK;
}

/* Raises the error for an answer (at the top) that is not one, of the
** hook h->asking. */
static int bad_answer(lua_State *L, HookContext *h) {
  int allow = strcmp(h->asking, "allow") == 0;
  int string = lua_type(L, -1) == LUA_TSTRING;
  return luaL_error(
      L, "it returned %s; want %s",
      string ? lbridge_describe(L, -1) : luaL_typename(L, -1),
      allow ? "true or false" : "\"black\", \"white\", \"draw\" or nil");
}

/* Calls the result hook with the view at v and the history at hist;
** returns its OUTCOME_*. */
static int ask_result(lua_State *L, HookContext *h, int v, int hist) {
  h->asking = "result";
  h->for_move = 0;
  lua_pushvalue(L, lua_upvalueindex(UP_RESULT));
  lua_pushvalue(L, v);
  lua_pushvalue(L, hist);
  lua_call(L, 2, 1);
  int outcome = OUTCOME_NONE;
  if (lbridge_is_text(L, -1)) {
    const char *s = lua_tostring(L, -1);
    outcome = strcmp(s, "black") == 0   ? OUTCOME_BLACK
              : strcmp(s, "white") == 0 ? OUTCOME_WHITE
              : strcmp(s, "draw") == 0  ? OUTCOME_DRAW
                                        : -1;
  } else if (!lua_isnil(L, -1))
    outcome = -1;
  if (outcome < 0) return bad_answer(L, h);
  lua_pop(L, 1);
  return outcome;
}

/* Calls the allow hook for move m with the view at v and the history at
** hist; returns 1 or 0. */
static int ask_allow(lua_State *L, HookContext *h, int v, int hist, Move m) {
  h->asking = "allow";
  h->for_move = 1;
  h->move = m;
  lua_pushvalue(L, lua_upvalueindex(UP_ALLOW));
  lua_pushvalue(L, v);
  lmove_push_interned(L, lua_upvalueindex(UP_MOVES), h->graph,
                      h->rules->arms, m);
  lua_pushvalue(L, hist);
  lua_call(L, 3, 1);
  if (!lua_isboolean(L, -1)) return bad_answer(L, h);
  int ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

/* The move at idx of a list a moves hook returned (a Move value or move
** text), which must be one the position p can play; i: its place. */
static Move made_move(lua_State *L, HookContext *h, const Position *p, int idx,
                      int i) {
  char err[BOARD_ERRMAX];
  const Move *u = lmove_test(L, idx);
  Move m = {0}; /* (luaL_error, below, does not return) */
  if (u && !lmove_of_board(L, idx, h->graph, h->rules->arms))
    luaL_error(L, "it returned %s at [%d], a move of another board",
               luaL_tolstring(L, idx, NULL), i);
  if (u)
    m = *u;
  else if (!lbridge_is_text(L, idx))
    luaL_error(L, "it returned %s at [%d]; want a Move or move text",
               lbridge_describe(L, idx), i);
  else if (movetext_parse(h->graph, h->rules->arms, lua_tostring(L, idx), &m,
                          err))
    luaL_error(L, "it returned %s at [%d]: %s", lbridge_describe(L, idx), i,
               err);
  if (!rules_check_made(h->rules, p, m, err)) {
    char text[BOARD_MOVEMAX];
    luaL_error(L, "it returned %s at [%d], which cannot be played here: %s",
               movetext_format(h->graph, m, text), i, err);
  }
  return m;
}

/* Calls the moves hook with the view at v (of p), the k moves the fields
** made in moves and the history at hist; its moves replace them.  Returns
** their count. */
static int ask_moves(lua_State *L, HookContext *h, const Position *p, int v,
                     int hist, Move *moves, int k) {
  int made = lua_upvalueindex(UP_MADE);
  if (h->depth > 1) { /* a hook asks its own variant: a fresh list */
    lua_newtable(L);
    made = lua_gettop(L);
  }
  h->asking = "moves";
  h->for_move = 0;
  for (int i = 0; i < k; i++) {
    lmove_push_interned(L, lua_upvalueindex(UP_MOVES), h->graph,
                        h->rules->arms, moves[i]);
    lua_rawseti(L, made, i + 1);
  }
  for (int i = k + 1; lua_rawgeti(L, made, i) != LUA_TNIL; i++) {
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_rawseti(L, made, i);
  }
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(UP_MAKE));
  lua_pushvalue(L, v);
  lua_pushvalue(L, made);
  lua_pushvalue(L, hist);
  lua_call(L, 3, 1);
  if (!lua_istable(L, -1))
    luaL_error(L, "it returned %s; want a list of moves",
               lbridge_describe(L, -1));
  int list = lua_gettop(L);
  lua_Integer n = (lua_Integer)lua_rawlen(L, list);
  k = 0;
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, list, i);
    Move m = made_move(L, h, p, -1, (int)i);
    lua_pop(L, 1);
    int again = 0;
    for (int j = 0; j < k && !again; j++) again = move_equal(moves[j], m);
    if (again) continue;
    if (k >= RULES_MAX_JUDGED)
      luaL_error(L, "it returned more than %d moves", RULES_MAX_JUDGED);
    moves[k++] = m;
  }
  lua_settop(L, list - 1);
  return k;
}

/* The judge closure, run inside lua_pcall: judges the context's position
** -> allowed mask, outcome (and, with a moves hook, the context's moves). */
static int call_judge(lua_State *L) {
  HookContext *h = lua_touserdata(L, lua_upvalueindex(UP_CONTEXT));
  const Position *p = h->position; /* kept: a hook may judge again */
  const History *past = h->past;
  Move *moves = h->moves;
  int k = h->count, outcome = OUTCOME_NONE;
  uint64_t allowed = 0;
  if (h->depth++ > 0) { /* a hook asks its own variant: fresh values */
    lposition_view_push(L, h->graph);
    lua_newtable(L);
  } else {
    lua_pushvalue(L, lua_upvalueindex(UP_VIEW));
    lua_pushvalue(L, lua_upvalueindex(UP_HISTORY));
  }
  lposition_view_set(L, 1, p);
  lhistory_set(L, 2, h->graph, h->rules->arms, past);
  if (lua_toboolean(L, lua_upvalueindex(UP_RESULT)))
    outcome = ask_result(L, h, 1, 2);
  if (lua_toboolean(L, lua_upvalueindex(UP_MAKE)))
    k = ask_moves(L, h, p, 1, 2, moves, k);
  int allow = lua_toboolean(L, lua_upvalueindex(UP_ALLOW));
  if (allow && k > RULES_MAX_JUDGED) {
    h->asking = "allow";
    h->for_move = 0;
    return luaL_error(L, "this position has %d moves, and an allow hook "
                         "judges at most %d",
                      k, RULES_MAX_JUDGED);
  }
  for (int i = 0; i < k && i < 64; i++)
    if (!allow || ask_allow(L, h, 1, 2, moves[i])) allowed |= (uint64_t)1 << i;
  lua_pushinteger(L, (lua_Integer)allowed);
  lua_pushinteger(L, outcome);
  lua_pushinteger(L, k);
  return 3;
}

/* The core's judge: runs the closure in a protected call. */
static int hook_judge(void *ctx, const Position *p, const History *past,
                      Move *moves, int *k, uint64_t *allowed) {
  HookContext *h = ctx;
  lua_State *L = h->L;
  if (!L || !lua_checkstack(L, 8)) return RULES_EHOOK;
  int depth = h->depth;
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->judge_ref);
  h->position = p;
  h->past = past;
  h->moves = moves;
  h->count = *k;
  h->asking = "rule";
  h->for_move = 0;
  int status = lua_pcall(L, 0, 3, 0);
  h->depth = depth;
  if (status != LUA_OK) return hook_failed(h, p);
  *allowed = (uint64_t)lua_tointeger(L, -3);
  int outcome = (int)lua_tointeger(L, -2);
  *k = (int)lua_tointeger(L, -1);
  lua_pop(L, 3);
  return outcome;
}

lua_State *lhook_enter(Variant *v, lua_State *L) {
  lua_State *before = v->hook.L;
  v->hook.L = L;
  return before;
}

void lhook_leave(Variant *v, lua_State *before) {
  v->hook.L = before;
}

int lhook_raise(lua_State *L, Variant *v) {
  if (v->hook.error_ref == LUA_NOREF || v->hook.error_ref == LUA_REFNIL)
    return luaL_error(L, "a rule hook failed (stack overflow?)");
  lua_rawgeti(L, LUA_REGISTRYINDEX, v->hook.error_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, v->hook.error_ref);
  v->hook.error_ref = LUA_NOREF;
  return lua_error(L);
}

void lhook_init(Variant *v) {
  memset(&v->hook, 0, sizeof v->hook);
  v->hook.allow_ref = v->hook.result_ref = v->hook.moves_ref = LUA_NOREF;
  v->hook.judge_ref = v->hook.error_ref = LUA_NOREF;
  v->pure = 1;
  memset(&v->rules.hooks, 0, sizeof v->rules.hooks);
}

/* Pushes the hook function of ref, or false. */
static void push_hook(lua_State *L, int ref) {
  if (ref == LUA_NOREF)
    lua_pushboolean(L, 0);
  else
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
}

void lhook_wire(lua_State *L, Variant *v) {
  HookContext *h = &v->hook;
  int hooked = h->allow_ref != LUA_NOREF || h->result_ref != LUA_NOREF ||
               h->moves_ref != LUA_NOREF;
  luaL_unref(L, LUA_REGISTRYINDEX, h->judge_ref);
  h->judge_ref = LUA_NOREF;
  memo_free(h->memo);
  h->memo = NULL;
  memset(&v->rules.hooks, 0, sizeof v->rules.hooks);
  if (!hooked) return;
  h->graph = v->rules.graph;
  h->rules = &v->rules;
  push_hook(L, h->allow_ref);
  push_hook(L, h->result_ref);
  lposition_view_push(L, h->graph);
  lua_newtable(L);
  lboard_push_moves(L, h->graph, v->rules.arms);
  lua_pushlightuserdata(L, h);
  push_hook(L, h->moves_ref);
  lua_newtable(L);
  lua_pushcclosure(L, call_judge, 8);
  h->judge_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  v->rules.hooks.judge = hook_judge; /* first: the memo reads the rules */
  v->rules.hooks.ctx = h;
  v->rules.hooks.makes = h->moves_ref != LUA_NOREF;
  if (v->pure) h->memo = rules_memo_new(&v->rules, MEMO_DEFAULT_BYTES);
  v->rules.hooks.memo = h->memo;
}

void lhook_free(lua_State *L, Variant *v) {
  HookContext *h = &v->hook;
  luaL_unref(L, LUA_REGISTRYINDEX, h->allow_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->result_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->moves_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->judge_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->error_ref);
  h->allow_ref = h->result_ref = h->moves_ref = LUA_NOREF;
  h->judge_ref = h->error_ref = LUA_NOREF;
  memo_free(h->memo);
  h->memo = NULL;
  memset(&v->rules.hooks, 0, sizeof v->rules.hooks);
}

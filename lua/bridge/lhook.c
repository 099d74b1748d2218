/*
** lhook.c — a variant's Lua hooks (allow, result) as the core calls them:
** one judge call per state, through a C closure run inside a protected
** call, so that a Lua error never unwinds the core; a failure is kept and
** raised once the core has returned.
**
** The closure keeps what the hooks are given and reuses it from call to
** call: a position view whose changed fields alone are set, a history
** list, the interned Move values.  Its upvalues: the allow function (or
** false), the result function (or false), the view, the history list, the
** table of interned Moves, the HookContext (light userdata), whose
** position, past, moves and count say what to judge.
*/
#include <string.h>

#include "lboard.h"
#include "lposition.h"
#include "lvariant.h"
#include "lwatchdog.h"
#include "memo.h"

enum { UP_ALLOW = 1, UP_RESULT, UP_VIEW, UP_HISTORY, UP_MOVES, UP_CONTEXT };

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
  if (strcmp(h->asking, "allow") == 0) {
    if (h->graph)
      graph_format_move(h->graph, h->move, move);
    else
      board_format_move(h->move, move);
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
  h->move = m;
  lua_pushvalue(L, lua_upvalueindex(UP_ALLOW));
  lua_pushvalue(L, v);
  lmove_push_interned(L, lua_upvalueindex(UP_MOVES), m);
  lua_pushvalue(L, hist);
  lua_call(L, 3, 1);
  if (!lua_isboolean(L, -1)) return bad_answer(L, h);
  int ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

/* The judge closure, run inside lua_pcall: judges the context's position
** -> allowed mask, outcome. */
static int call_judge(lua_State *L) {
  HookContext *h = lua_touserdata(L, lua_upvalueindex(UP_CONTEXT));
  const Position *p = h->position;
  const History *past = h->past;
  const Move *moves = h->moves;
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
  lhistory_set(L, 2, h->graph, past);
  if (lua_toboolean(L, lua_upvalueindex(UP_RESULT)))
    outcome = ask_result(L, h, 1, 2);
  int allow = lua_toboolean(L, lua_upvalueindex(UP_ALLOW));
  for (int i = 0; i < k; i++)
    if (!allow || ask_allow(L, h, 1, 2, moves[i])) allowed |= (uint64_t)1 << i;
  lua_pushinteger(L, (lua_Integer)allowed);
  lua_pushinteger(L, outcome);
  return 2;
}

/* The core's judge: runs the closure in a protected call. */
static int hook_judge(void *ctx, const Position *p, const History *past,
                      const Move *moves, int k, uint64_t *allowed) {
  HookContext *h = ctx;
  lua_State *L = h->L;
  if (!L || !lua_checkstack(L, 8)) return RULES_EHOOK;
  int depth = h->depth;
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->judge_ref);
  h->position = p;
  h->past = past;
  h->moves = moves;
  h->count = k;
  h->asking = "rule";
  int status = lua_pcall(L, 0, 2, 0);
  h->depth = depth;
  if (status != LUA_OK) return hook_failed(h, p);
  *allowed = (uint64_t)lua_tointeger(L, -2);
  int outcome = (int)lua_tointeger(L, -1);
  lua_pop(L, 2);
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
  v->hook.allow_ref = v->hook.result_ref = LUA_NOREF;
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
  int hooked = h->allow_ref != LUA_NOREF || h->result_ref != LUA_NOREF;
  luaL_unref(L, LUA_REGISTRYINDEX, h->judge_ref);
  h->judge_ref = LUA_NOREF;
  memo_free(h->memo);
  h->memo = NULL;
  memset(&v->rules.hooks, 0, sizeof v->rules.hooks);
  if (!hooked) return;
  h->graph = v->rules.graph;
  push_hook(L, h->allow_ref);
  push_hook(L, h->result_ref);
  lposition_view_push(L, h->graph);
  lua_newtable(L);
  lboard_push_moves(L, h->graph);
  lua_pushlightuserdata(L, h);
  lua_pushcclosure(L, call_judge, 6);
  h->judge_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  v->rules.hooks.judge = hook_judge; /* first: the memo reads the rules */
  v->rules.hooks.ctx = h;
  if (v->pure) h->memo = rules_memo_new(&v->rules, MEMO_DEFAULT_BYTES);
  v->rules.hooks.memo = h->memo;
}

void lhook_free(lua_State *L, Variant *v) {
  HookContext *h = &v->hook;
  luaL_unref(L, LUA_REGISTRYINDEX, h->allow_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->result_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->judge_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, h->error_ref);
  h->allow_ref = h->result_ref = h->judge_ref = h->error_ref = LUA_NOREF;
  memo_free(h->memo);
  h->memo = NULL;
  memset(&v->rules.hooks, 0, sizeof v->rules.hooks);
}

/*
** lhook.c — a variant's Lua hooks (allow, result) as the core calls them:
** one judge call per state, through a C closure run inside a protected
** call, so that a Lua error never unwinds the core; a failure is kept and
** raised once the core has returned.
**
** The closure keeps what the hooks are given and reuses it from call to
** call: a position view whose changed fields alone are set, a history
** list, the interned Move values.  Its upvalues: the allow function (or
** false), the result function (or false), the view, the history list.
*/
#include <string.h>

#include "lposition.h"
#include "lvariant.h"
#include "lwatchdog.h"
#include "memo.h"

enum { UP_ALLOW = 1, UP_RESULT, UP_VIEW, UP_HISTORY };

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
  if (h->asking && strcmp(h->asking, "allow") == 0)
    board_format_move(h->move, move);
  if (lwatchdog_pending())
    lua_pushliteral(L, "interrupted");
  else
    lua_pushfstring(L, "%s hook failed at %s%s%s: %s",
                    h->asking ? h->asking : "rule", board_format(p, pos),
                    *move ? " for move " : "", move, msg);
  luaL_unref(L, LUA_REGISTRYINDEX, h->error_ref);
  h->error_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  return RULES_EHOOK;
}

/* Calls the result hook (at the top, with the view at v and the history
** at hist); returns its OUTCOME_*. */
static int ask_result(lua_State *L, int v, int hist) {
  static const char *const names[] = {"black", "white", "draw", NULL};
  static const int outcomes[] = {OUTCOME_BLACK, OUTCOME_WHITE, OUTCOME_DRAW};
  lua_pushvalue(L, v);
  lua_pushvalue(L, hist);
  lua_call(L, 2, 1);
  int type = lua_type(L, -1);
  if (type == LUA_TNIL) return lua_pop(L, 1), OUTCOME_NONE;
  if (type == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1);
    for (int i = 0; names[i]; i++)
      if (strcmp(s, names[i]) == 0) return lua_pop(L, 1), outcomes[i];
  }
  return luaL_error(L,
                    "it returned %s%s%s; want \"black\", \"white\", "
                    "\"draw\" or nil",
                    type == LUA_TSTRING ? "\"" : "",
                    type == LUA_TSTRING ? lua_tostring(L, -1)
                                        : luaL_typename(L, -1),
                    type == LUA_TSTRING ? "\"" : "");
}

/* Calls the allow hook for move m (hook at the top, view at v, history at
** hist); returns 1 or 0. */
static int ask_allow(lua_State *L, int v, int hist, Move m) {
  lua_pushvalue(L, v);
  lmove_push(L, m);
  lua_pushvalue(L, hist);
  lua_call(L, 3, 1);
  if (!lua_isboolean(L, -1))
    return luaL_error(L, "it returned %s; want true or false",
                      luaL_typename(L, -1));
  int ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

/* The judge closure, run inside lua_pcall: (HookContext*, Position*,
** History* or nil, Move*, k) -> allowed mask, outcome. */
static int call_judge(lua_State *L) {
  HookContext *h = lua_touserdata(L, 1);
  const Position *p = lua_touserdata(L, 2);
  const History *past = lua_touserdata(L, 3);
  const Move *moves = lua_touserdata(L, 4);
  int k = (int)lua_tointeger(L, 5), outcome = OUTCOME_NONE;
  uint32_t allowed = 0;
  lua_settop(L, 0);
  if (h->depth++ > 0) { /* a hook asks its own variant: fresh values */
    lposition_view_push(L);
    lua_newtable(L);
  } else {
    lua_pushvalue(L, lua_upvalueindex(UP_VIEW));
    lua_pushvalue(L, lua_upvalueindex(UP_HISTORY));
  }
  lposition_view_set(L, 1, p);
  lhistory_set(L, 2, past);
  if (lua_toboolean(L, lua_upvalueindex(UP_RESULT))) {
    h->asking = "result";
    lua_pushvalue(L, lua_upvalueindex(UP_RESULT));
    outcome = ask_result(L, 1, 2);
  }
  int allow = lua_toboolean(L, lua_upvalueindex(UP_ALLOW));
  for (int i = 0; i < k; i++) {
    if (allow) {
      h->asking = "allow";
      h->move = moves[i];
      lua_pushvalue(L, lua_upvalueindex(UP_ALLOW));
    }
    if (!allow || ask_allow(L, 1, 2, moves[i])) allowed |= (uint32_t)1 << i;
  }
  lua_pushinteger(L, (lua_Integer)allowed);
  lua_pushinteger(L, outcome);
  return 2;
}

/* The core's judge: runs the closure in a protected call. */
static int hook_judge(void *ctx, const Position *p, const History *past,
                      const Move *moves, int k, uint32_t *allowed) {
  HookContext *h = ctx;
  lua_State *L = h->L;
  if (!L || !lua_checkstack(L, 8)) return RULES_EHOOK;
  int depth = h->depth;
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->judge_ref);
  lua_pushlightuserdata(L, h);
  lua_pushlightuserdata(L, (void *)p);
  if (past)
    lua_pushlightuserdata(L, (void *)past);
  else
    lua_pushnil(L);
  lua_pushlightuserdata(L, (void *)moves);
  lua_pushinteger(L, k);
  h->asking = NULL;
  int status = lua_pcall(L, 5, 2, 0);
  h->depth = depth;
  if (status != LUA_OK) return hook_failed(h, p);
  *allowed = (uint32_t)lua_tointeger(L, -2);
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
  push_hook(L, h->allow_ref);
  push_hook(L, h->result_ref);
  lposition_view_push(L);
  lua_newtable(L);
  lua_pushcclosure(L, call_judge, 4);
  h->judge_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  if (v->pure) h->memo = memo_new(MEMO_DEFAULT_BYTES);
  v->rules.hooks.judge = hook_judge;
  v->rules.hooks.ctx = h;
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

/*
** lhook.c — a variant's Lua hooks (allow, result) as the core calls them:
** through C function pointers with a HookContext, each call run inside a
** protected call so that a Lua error never unwinds the core; a failure is
** kept and raised once the core has returned.
*/
#include <string.h>

#include "lvariant.h"
#include "lposition.h"
#include "lwatchdog.h"

/* Records the error on top of the stack as the context's failure, prefixed
** with what failed; pops it.  Returns RULES_EHOOK. */
static int hook_failed(HookContext *h, const char *what, const Position *p) {
  lua_State *L = h->L;
  char pos[BOARD_POSMAX];
  const char *msg = luaL_tolstring(L, -1, NULL);
  if (lwatchdog_pending())
    lua_pushliteral(L, "interrupted");
  else
    lua_pushfstring(L, "%s hook failed at %s: %s", what, board_format(p, pos),
                    msg);
  luaL_unref(L, LUA_REGISTRYINDEX, h->error_ref);
  h->error_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 2);
  return RULES_EHOOK;
}

/* Pushes the Position value of p for a hook, reusing the value made for
** the previous call when p is the same position (positions are immutable,
** and a node's moves are judged one after another). */
static void push_hook_position(lua_State *L, HookContext *h,
                               const Position *p) {
  if (h->last_ref != LUA_NOREF && memcmp(&h->last, p, sizeof *p) == 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->last_ref);
    return;
  }
  lposition_push(L, p);
  lua_pushvalue(L, -1);
  if (h->last_ref == LUA_NOREF)
    h->last_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  else
    lua_rawseti(L, LUA_REGISTRYINDEX, h->last_ref);
  h->last = *p;
}

/* Runs inside lua_pcall: (hook function, HookContext*, Position*, move
** code) -> allowed. */
static int call_allow(lua_State *L) {
  HookContext *h = lua_touserdata(L, 2);
  const Position *p = lua_touserdata(L, 3);
  int code = (int)lua_tointeger(L, 4);
  lua_settop(L, 1);
  push_hook_position(L, h, p);
  lmove_push(L, (Move){(uint8_t)(code >> 8), (uint8_t)(code & 0xff)});
  lua_call(L, 2, 1);
  lua_pushboolean(L, lua_toboolean(L, -1));
  return 1;
}

/* Runs inside lua_pcall: (hook function, HookContext*, Position*) ->
** OUTCOME_*. */
static int call_result(lua_State *L) {
  static const char *const names[] = {"black", "white", "draw", NULL};
  static const int outcomes[] = {OUTCOME_BLACK, OUTCOME_WHITE, OUTCOME_DRAW};
  HookContext *h = lua_touserdata(L, 2);
  const Position *p = lua_touserdata(L, 3);
  lua_settop(L, 1);
  push_hook_position(L, h, p);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pushinteger(L, OUTCOME_NONE);
    return 1;
  }
  const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  for (int i = 0; names[i]; i++)
    if (strcmp(s, names[i]) == 0) {
      lua_pushinteger(L, outcomes[i]);
      return 1;
    }
  return luaL_error(L,
                    "it returned %s; want \"black\", \"white\", \"draw\" "
                    "or nil",
                    luaL_tolstring(L, -1, NULL));
}

static int hook_allow(void *ctx, const Position *p, Move m) {
  HookContext *h = ctx;
  lua_State *L = h->L;
  if (!lua_checkstack(L, 6)) return RULES_EHOOK;
  lua_pushcfunction(L, call_allow);
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->allow_ref);
  lua_pushlightuserdata(L, h);
  lua_pushlightuserdata(L, (void *)p);
  lua_pushinteger(L, m.from << 8 | m.to);
  if (lua_pcall(L, 4, 1, 0) != LUA_OK) return hook_failed(h, "allow", p);
  int ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

static int hook_result(void *ctx, const Position *p) {
  HookContext *h = ctx;
  lua_State *L = h->L;
  if (!lua_checkstack(L, 6)) return RULES_EHOOK;
  lua_pushcfunction(L, call_result);
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->result_ref);
  lua_pushlightuserdata(L, h);
  lua_pushlightuserdata(L, (void *)p);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK) return hook_failed(h, "result", p);
  int outcome = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
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

/* Wires the hook pointers of v to its refs. */
void lhook_wire(Variant *v) {
  v->rules.hooks.ctx = &v->hook;
  v->rules.hooks.allow = v->hook.allow_ref == LUA_NOREF ? NULL : hook_allow;
  v->rules.hooks.result = v->hook.result_ref == LUA_NOREF ? NULL : hook_result;
}

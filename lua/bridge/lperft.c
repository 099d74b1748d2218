/*
** lperft.c — mt.perft: the core's perft run in C from Lua.
*/
#include "lgame.h"
#include "lvariant.h"
#include "lposition.h"
#include "lwatchdog.h"
#include "lopen.h"
#include "perft.h"

/* mt.perft(game, depth) or mt.perft(variant [, depth [, position [,
** history]]]) — the number of leaves of the move tree at depth from the
** game's current state, or from the variant's start or the given position
** (reached by history). */
static int perft_l(lua_State *L) {
  Position p;
  History h = {0};
  Variant *v;
  const Game *g = lgame_test(L, 1);
  if (g) {
    p = *game_position(g);
    game_history(g, g->length, &h);
    lua_getiuservalue(L, 1, 1);
    lua_replace(L, 1);
    v = lvariant_get(L, 1);
  } else {
    v = lvariant_get(L, 1);
    char err[BOARD_ERRMAX];
    p = lua_isnoneornil(L, 3) ? v->start : lposition_check(L, 3);
    if (rules_check_position(&v->rules, &p, err)) return luaL_error(L, "%s", err);
    lhistory_check(L, 4, &v->rules, &p, rules_memory(&v->rules), &h);
  }
  lua_Integer depth = lbridge_check_whole(L, 2, "depth", 0, PERFT_MAX_DEPTH);
  Cancel cancel = lwatchdog_cancel(L);
  lua_State *before = lhook_enter(v, L);
  int64_t n = perft(&v->rules, &p, &h, (int)depth, &cancel);
  lhook_leave(v, before);
  if (n == PERFT_EHOOK) return lhook_raise(L, v);
  if (n == PERFT_CANCELLED) return lwatchdog_raise(L);
  lua_pushinteger(L, n);
  return 1;
}

void lperft_open(lua_State *L, int module) {
  lua_pushcfunction(L, perft_l);
  lua_setfield(L, module, "perft");
}

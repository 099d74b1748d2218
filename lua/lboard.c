/*
** lboard.c — Board values: a Graph in a userdata, found again from the
** Graph's address through a weak table, with its Move values made once.
** The user values of a Board: the table of its interned Moves, the list of
** its point names.
*/
#include <string.h>

#include "lboard.h"
#include "lposition.h"

#define LBOARD_META "mutorere.Board"

/* Registry key (its address): the weak table from a Graph's address to its
** Board value. */
static const char boards_key = 'B';

/* Pushes the weak table of live Boards, made on first use. */
static void push_boards(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &boards_key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &boards_key);
}

const Graph *lboard_test(lua_State *L, int idx) {
  return luaL_testudata(L, idx, LBOARD_META);
}

const Graph *lboard_new(lua_State *L, const Graph *g) {
  Graph *b = lua_newuserdatauv(L, sizeof *b, 2);
  int at = lua_gettop(L);
  *b = *g;
  if (luaL_newmetatable(L, LBOARD_META)) {
    lua_pushliteral(L, "a board");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, at);
  lua_createtable(L, b->arcs, 0); /* the moves, each made once */
  for (int a = 0; a < b->arcs; a++) {
    Move m = graph_arc_move(b, a);
    char text[BOARD_MOVEMAX];
    lmove_new(L, m, graph_format_move(b, m, text));
    lua_rawseti(L, -2, m.from << 8 | m.to);
  }
  lua_setiuservalue(L, at, 1);
  lua_createtable(L, b->n, 0);
  for (int i = 0; i < b->n; i++) {
    lua_pushstring(L, b->name[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setiuservalue(L, at, 2);
  push_boards(L);
  lua_pushvalue(L, at);
  lua_rawsetp(L, -2, b);
  lua_pop(L, 1);
  return b;
}

void lboard_push(lua_State *L, const Graph *g) {
  if (!g) {
    lua_pushnil(L);
    return;
  }
  push_boards(L);
  lua_rawgetp(L, -1, g);
  lua_remove(L, -2);
}

/* Pushes user value k of g's Board (an empty table when g has none). */
static void push_value(lua_State *L, const Graph *g, int k) {
  lboard_push(L, g);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    return;
  }
  lua_getiuservalue(L, -1, k);
  lua_remove(L, -2);
}

void lboard_push_moves(lua_State *L, const Graph *g) {
  push_value(L, g, 1);
}

void lboard_push_names(lua_State *L, const Graph *g) {
  push_value(L, g, 2);
}

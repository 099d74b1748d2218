/*
** lboard.c — Board values: a Graph in a userdata, found again from the
** Graph's address through a weak table, with its Move values made once.
** The user values of a Board: the table of its interned Moves, the list of
** its point names, its layout (or nil).
*/
#include <stdio.h>
#include <string.h>

#include "lboard.h"
#include "lmove.h"

static const char LBOARD_META[] = "mutorere.Board";

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
  return lbridge_testudata(L, idx, LBOARD_META);
}

/* Pushes a copy of the layout table at idx: {name = {x, y}}. */
static void copy_layout(lua_State *L, int idx, const Graph *g) {
  lua_createtable(L, 0, g->n);
  for (int i = 0; i < g->n; i++) {
    lua_getfield(L, idx, g->name[i]);
    lua_createtable(L, 2, 0);
    for (int c = 1; c <= 2; c++) {
      lua_rawgeti(L, -2, c);
      lua_rawseti(L, -2, c);
    }
    lua_setfield(L, -3, g->name[i]);
    lua_pop(L, 1);
  }
}

const Graph *lboard_new(lua_State *L, const Graph *g, int layout) {
  if (layout) layout = lua_absindex(L, layout);
  Graph *b = lua_newuserdatauv(L, sizeof *b, 3);
  int at = lua_gettop(L);
  *b = *g;
  if (lbridge_newmetatable(L, LBOARD_META)) {
    lua_pushliteral(L, "a board");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, at);
  lua_createtable(L, b->arcs, 0); /* the moves, each made once, when met */
  lmove_own(L, -1, b, at);
  lua_setiuservalue(L, at, 1);
  lua_createtable(L, b->n, 0);
  for (int i = 0; i < b->n; i++) {
    lua_pushstring(L, b->name[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setiuservalue(L, at, 2);
  if (layout) {
    copy_layout(L, layout, b);
    lua_setiuservalue(L, at, 3);
  }
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

void lboard_push_moves(lua_State *L, const Graph *g, int n) {
  if (g)
    push_value(L, g, 1);
  else
    lmove_push_wheel_moves(L, n);
}

void lboard_push_move(lua_State *L, const Graph *g, int n, Move m) {
  lboard_push_moves(L, g, n);
  lmove_push_interned(L, lua_gettop(L), g, n, m);
  lua_remove(L, -2);
}

void lboard_push_names(lua_State *L, const Graph *g) {
  push_value(L, g, 2);
}

/* Adds {a, b} to the list at the top. */
static void add_pair(lua_State *L, const char *a, const char *b) {
  lua_createtable(L, 2, 0);
  lua_pushstring(L, a);
  lua_rawseti(L, -2, 1);
  lua_pushstring(L, b);
  lua_rawseti(L, -2, 2);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
}

/* The wheel of n arms as a graph: arms "1".."n" on a ring, each joined to
** the centre "c". */
static void wheel_graph(Graph *g, int n) {
  char err[BOARD_ERRMAX], name[12];
  graph_init(g);
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "%d", i + 1);
    graph_add_point(g, name, err);
  }
  int c = graph_add_point(g, "c", err);
  for (int i = 0; i < n; i++) {
    graph_add_line(g, i, (i + 1) % n, 0, err);
    graph_add_line(g, i, c, 0, err);
  }
  g->centre = c;
  graph_finish(g, err);
}

void lboard_describe(lua_State *L, const Graph *g, int n) {
  Graph wheel;
  if (!g) {
    wheel_graph(&wheel, n);
    g = &wheel;
  }
  lua_createtable(L, 0, 7);
  lua_pushstring(L, g == &wheel ? "wheel" : "graph");
  lua_setfield(L, -2, "kind");
  if (g == &wheel) {
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "arms");
  }
  lua_createtable(L, g->n, 0);
  for (int i = 0; i < g->n; i++) {
    lua_pushstring(L, g->name[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "points");
  lua_newtable(L); /* lines: both ways, each once */
  lua_newtable(L); /* arrows: one way */
  for (int a = 0; a < g->n; a++)
    for (uint64_t to = g->next[a]; to; to &= to - 1) {
      int b = __builtin_ctzll(to), both = g->next[b] >> a & 1;
      if (both && b < a) continue;
      if (!both) add_pair(L, g->name[a], g->name[b]);
      else {
        lua_insert(L, -2);
        add_pair(L, g->name[a], g->name[b]);
        lua_insert(L, -2);
      }
    }
  lua_setfield(L, -3, "arrows");
  lua_setfield(L, -2, "lines");
  if (g->centre >= 0) {
    lua_pushstring(L, g->name[g->centre]);
    lua_setfield(L, -2, "centre");
  }
  if (g == &wheel) return;
  int top = lua_gettop(L);
  lboard_push(L, g);
  if (!lua_isnil(L, -1) && lua_getiuservalue(L, -1, 3) == LUA_TTABLE) {
    copy_layout(L, lua_gettop(L), g);
    lua_setfield(L, top, "layout");
  }
  lua_settop(L, top);
}

/*
** lmove.c — Move values: a move as Lua holds it (immutable, interned: the
** same value for the same move of a board), its text, and the moves a
** script gives as text or values.
**
** Each Move value has a metatable of its own whose __index is a plain
** table ({from = 4, to = "c"}): reading move.from costs a table access,
** not a C call; move.take, a list, is a new one at each read.
*/
#include "lmove.h"

#include <string.h>

#include "lopen.h"
#include "movetext.h"

static const char interned_moves_key = 'm', move_mark = 'M', take_key = 't',
                  fields_meta_key = 'f', owner_key = 'o', keep_key = 'k';

/* 1 when the value at idx is a full userdata whose metatable has mark. */
static int marked(lua_State *L, int idx, const char *mark) {
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return 0;
  int ok = lua_rawgetp(L, -1, mark) != LUA_TNIL;
  lua_pop(L, 2);
  return ok;
}

void lmove_push_point(lua_State *L, const Graph *g, int point) {
  if (g)
    lua_pushstring(L, point < g->n ? g->name[point] : "?");
  else if (point == BOARD_CENTRE)
    lua_pushliteral(L, "c");
  else
    lua_pushinteger(L, point + 1);
}

/* The kind of m on the board g (NULL: the wheel of n arms): "pass",
** "drop", "slide" (to a point a line joins to its own, taking nothing
** but what stands there) or "jump". */
static const char *move_kind(const Graph *g, int n, Move m) {
  if (m.from == BOARD_PASS) return "pass";
  if (m.from == BOARD_HAND) return "drop";
  uint64_t to = m.to < 64 ? (uint64_t)1 << m.to : 0;
  if ((m.taken & ~to) || (m.centre && m.to != BOARD_CENTRE))
    return "jump"; /* (it took a piece it passed over) */
  if (g) return m.from < g->n && g->next[m.from] >> m.to & 1 ? "slide" : "jump";
  if (m.from == BOARD_CENTRE || m.to == BOARD_CENTRE) return "slide";
  return n > 0 && (m.to == (m.from + 1) % n || m.from == (m.to + 1) % n)
             ? "slide"
             : "jump";
}

/* Pushes the list of the points m takes. */
static void push_taken(lua_State *L, const Graph *g, Move m) {
  int k = 0;
  lua_createtable(L, __builtin_popcountll(m.taken) + m.centre, 0);
  for (uint64_t t = m.taken; t; t &= t - 1) {
    lmove_push_point(L, g, __builtin_ctzll(t));
    lua_rawseti(L, -2, ++k);
  }
  if (m.centre) {
    lmove_push_point(L, g, BOARD_CENTRE);
    lua_rawseti(L, -2, ++k);
  }
}

static int move_tostring(lua_State *L);
static int move_eq(lua_State *L);

/* The __index of a move's fields (a plain table: from, to, kind), for
** what they do not hold: move.take, a new list each time, so that a
** script that changes the list it got changes no move. */
static int fields_index(lua_State *L) {
  if (lua_type(L, 2) != LUA_TSTRING || strcmp(lua_tostring(L, 2), "take") != 0)
    return 0;
  lua_rawgetp(L, 1, &take_key);
  lua_Integer k = (lua_Integer)lua_rawlen(L, -1);
  lua_createtable(L, (int)k, 0);
  for (lua_Integer i = 1; i <= k; i++) {
    lua_rawgeti(L, -2, i);
    lua_rawseti(L, -2, i);
  }
  return 1;
}

/* Pushes a new Move value for m on the board g (NULL: the wheel of n
** arms) whose interned Moves are the table at interned. */
static void move_new(lua_State *L, int interned, const Graph *g, int n,
                     Move m) {
  char text[BOARD_MOVEMAX];
  Move *u = lua_newuserdatauv(L, sizeof *u, 0);
  *u = m;
  lua_createtable(L, 0, 7);
  lua_createtable(L, 0, 4);
  if (m.from < BOARD_HAND) {
    lmove_push_point(L, g, m.from);
    lua_setfield(L, -2, "from");
  }
  if (m.to < BOARD_HAND) {
    lmove_push_point(L, g, m.to);
    lua_setfield(L, -2, "to");
  }
  lua_pushstring(L, move_kind(g, n, m));
  lua_setfield(L, -2, "kind");
  push_taken(L, g, m); /* (read through fields_meta: a copy each time) */
  lua_rawsetp(L, -2, &take_key);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &fields_meta_key);
  lua_setmetatable(L, -2);
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, movetext_format(g, m, text));
  lua_setfield(L, -2, "text");
  lua_pushcfunction(L, move_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushcfunction(L, move_eq);
  lua_setfield(L, -2, "__eq");
  lua_pushliteral(L, LMOVE_META);
  lua_setfield(L, -2, "__name");
  lua_pushliteral(L, "a move");       /* what getmetatable shows: nothing to */
  lua_setfield(L, -2, "__metatable"); /* change */
  lua_pushboolean(L, 1);
  lua_rawsetp(L, -2, &move_mark);
  lua_pushvalue(L, interned); /* (its board: lmove_of_board) */
  lua_rawsetp(L, -2, &owner_key);
  lua_setmetatable(L, -2);
}

void lmove_own(lua_State *L, int interned, const Graph *g, int keep) {
  interned = lua_absindex(L, interned);
  lua_pushlightuserdata(L, (void *)g);
  lua_rawsetp(L, interned, &owner_key);
  if (keep) {
    lua_pushvalue(L, keep);
    lua_rawsetp(L, interned, &keep_key);
  }
}

int lmove_of_board(lua_State *L, int idx, const Graph *g, int n) {
  int same = 0;
  if (!lmove_test(L, idx) || !lua_getmetatable(L, idx)) return 0;
  lua_rawgetp(L, -1, &owner_key); /* the table of its board's Moves */
  if (g && lua_istable(L, -1)) {
    lua_rawgetp(L, -1, &owner_key);
    const Graph *o = lua_touserdata(L, -1);
    same = o && (o == g || graph_equal(o, g));
    lua_pop(L, 1);
  } else if (!g) {
    lmove_push_wheel_moves(L, n);
    same = lua_rawequal(L, -1, -2);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return same;
}

void lmove_push_interned(lua_State *L, int interned, const Graph *g, int n,
                         Move m) {
  char text[BOARD_MOVEMAX];
  interned = lua_absindex(L, interned);
  if (move_takes(m))
    lua_pushstring(L, movetext_format(g, m, text));
  else
    lua_pushinteger(L, m.from << 8 | m.to);
  lua_pushvalue(L, -1);
  if (lua_rawget(L, interned) != LUA_TNIL) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  move_new(L, interned, g, n, m);
  lua_pushvalue(L, -1);
  lua_insert(L, -3); /* the move, the key, the move */
  lua_rawset(L, interned);
}

const Move *lmove_test(lua_State *L, int idx) {
  return marked(L, idx, &move_mark) ? lua_touserdata(L, idx) : NULL;
}

Move lmove_check(lua_State *L, int arg, const Rules *r) {
  const Move *u = lmove_test(L, arg);
  Move m;
  char err[BOARD_ERRMAX];
  if (u && !lmove_of_board(L, arg, r->graph, r->arms))
    luaL_argerror(L, arg, lua_pushfstring(L, "%s is a move of another board",
                                          luaL_tolstring(L, arg, NULL)));
  if (u) return *u;
  if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "move text");
  if (rules_parse_move(r, lbridge_check_text(L, arg, "the move", NULL), &m, err))
    luaL_argerror(L, arg, err);
  return m;
}

static int move_tostring(lua_State *L) {
  if (!lmove_test(L, 1)) return luaL_typeerror(L, 1, "Move");
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "text");
  return 1;
}

static int move_eq(lua_State *L) {
  const Move *a = lmove_test(L, 1), *b = lmove_test(L, 2);
  lua_pushboolean(L, a && b && move_equal(*a, *b));
  return 1;
}

void lmove_push_wheel_moves(lua_State *L, int n) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &interned_moves_key);
  if (lua_rawgeti(L, -1, n) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, n);
  }
  lua_remove(L, -2);
}

void lmove_open(lua_State *L) {
  luaL_newmetatable(L, LMOVE_META); /* what getmetatable(move) shows */
  lua_createtable(L, 4, 0);
  static const char *const fields[] = {"from", "to", "kind", "take"};
  for (int i = 0; i < 4; i++) {
    lua_pushstring(L, fields[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "fields");
  lua_pop(L, 1);
  lua_newtable(L); /* the wheels' interned moves, a table for each size */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &interned_moves_key);
  lua_createtable(L, 0, 2); /* the metatable of every move's fields */
  lua_pushcfunction(L, fields_index);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "a move's fields"); /* (nothing to change) */
  lua_setfield(L, -2, "__metatable");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &fields_meta_key);
}

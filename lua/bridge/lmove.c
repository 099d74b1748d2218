/*
** lmove.c — Move values: a move as Lua holds it (immutable, interned: the
** same value for the same move of a board), its text, and the moves a
** script gives as text or values.
**
** Each Move value has a metatable of its own whose __index is a plain
** table ({from = 4, to = "c"}): reading move.from costs a table access,
** not a C call.
*/
#include "lmove.h"

#include <string.h>

#include "lopen.h"

static const char interned_moves_key = 'm', move_mark = 'M';

/* 1 when the value at idx is a full userdata whose metatable has mark. */
static int marked(lua_State *L, int idx, const char *mark) {
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return 0;
  int ok = lua_rawgetp(L, -1, mark) != LUA_TNIL;
  lua_pop(L, 2);
  return ok;
}

/* Pushes a point of the wheel as Lua sees it: an arm number 1..n or "c". */
static void push_point(lua_State *L, int point) {
  if (point == BOARD_CENTRE)
    lua_pushliteral(L, "c");
  else
    lua_pushinteger(L, point + 1);
}

static int move_tostring(lua_State *L);
static int move_eq(lua_State *L);

void lmove_new(lua_State *L, Move m, const char *text) {
  Move *u = lua_newuserdatauv(L, sizeof *u, 0);
  *u = m;
  lua_createtable(L, 0, 7);
  lua_createtable(L, 0, 2);
  if (text) { /* a graph board's: the names in the text */
    const char *dash = strchr(text, '-');
    lua_pushlstring(L, text, (size_t)(dash - text));
    lua_setfield(L, -2, "from");
    lua_pushstring(L, dash + 1);
    lua_setfield(L, -2, "to");
    lua_pushstring(L, text);
    lua_setfield(L, -3, "text");
  } else {
    push_point(L, m.from);
    lua_setfield(L, -2, "from");
    push_point(L, m.to);
    lua_setfield(L, -2, "to");
  }
  lua_setfield(L, -2, "__index");
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
  lua_setmetatable(L, -2);
}


void lmove_push_interned(lua_State *L, int interned, Move m) {
  int key = m.from << 8 | m.to;
  if (lua_rawgeti(L, interned, key) != LUA_TNIL) return;
  lua_pop(L, 1);
  lmove_new(L, m, NULL);
  lua_pushvalue(L, -1);
  lua_rawseti(L, interned, key);
}


const Move *lmove_test(lua_State *L, int idx) {
  return marked(L, idx, &move_mark) ? lua_touserdata(L, idx) : NULL;
}

Move lmove_check(lua_State *L, int arg, const Rules *r) {
  const Move *u = lmove_test(L, arg);
  Move m;
  char err[BOARD_ERRMAX];
  if (u) return *u;
  if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "move text");
  if (rules_parse_move(r, lbridge_check_text(L, arg, "the move", NULL), &m, err))
    luaL_argerror(L, arg, err);
  return m;
}

static int move_tostring(lua_State *L) {
  char buf[BOARD_MOVEMAX];
  const Move *m = lmove_test(L, 1);
  if (!m) return luaL_typeerror(L, 1, "Move");
  lua_getmetatable(L, 1);
  if (lua_getfield(L, -1, "text") == LUA_TSTRING) return 1; /* a graph's */
  lua_pushstring(L, board_format_move(*m, buf));
  return 1;
}

static int move_eq(lua_State *L) {
  const Move *a = lmove_test(L, 1), *b = lmove_test(L, 2);
  lua_pushboolean(L, a && b && a->from == b->from && a->to == b->to);
  return 1;
}

void lmove_push_wheel_moves(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &interned_moves_key);
}

void lmove_open(lua_State *L) {
  luaL_newmetatable(L, LMOVE_META); /* what getmetatable(move) shows */
  lua_createtable(L, 2, 0);
  lua_pushliteral(L, "from");
  lua_rawseti(L, -2, 1);
  lua_pushliteral(L, "to");
  lua_rawseti(L, -2, 2);
  lua_setfield(L, -2, "fields");
  lua_pop(L, 1);
  lua_newtable(L); /* interned moves, kept: at most 65 * 65 of them */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &interned_moves_key);
}

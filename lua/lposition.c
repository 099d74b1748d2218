/*
** lposition.c — Position and Move as Lua values: immutable userdata with
** fields, their notation as tostring, and equality.
*/
#include <string.h>

#include "lposition.h"
#include "lmutorere.h"

static const char *const colour_names[] = {"black", "white"};

/* Registry keys (their addresses): the Position metatable and the table of
** interned Moves.  Light-userdata keys keep the hook path lean. */
static const char position_meta_key = 'p', interned_moves_key = 'm';

/* The Position at idx, or NULL when idx holds something else. */
static Position *to_position(lua_State *L, int idx) {
  Position *p = lua_touserdata(L, idx);
  if (!p || !lua_getmetatable(L, idx)) return NULL;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &position_meta_key);
  int ok = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return ok ? p : NULL;
}

void lposition_push_colour(lua_State *L, int colour) {
  if (colour == BLACK || colour == WHITE)
    lua_pushstring(L, colour_names[colour]);
  else
    lua_pushnil(L);
}

/* Pushes a point as Lua sees it: an arm number 1..n or "c". */
static void push_point(lua_State *L, int point) {
  if (point == BOARD_CENTRE)
    lua_pushliteral(L, "c");
  else
    lua_pushinteger(L, point + 1);
}

/* The point at arg on n arms: an arm number 1..n or "c". */
static int check_point(lua_State *L, int arg, int n) {
  if (lua_type(L, arg) == LUA_TSTRING) {
    const char *s = lua_tostring(L, arg);
    if (strcmp(s, "c") == 0) return BOARD_CENTRE;
    return luaL_argerror(L, arg, "a point is an arm number or \"c\"");
  }
  lua_Integer a = luaL_checkinteger(L, arg);
  if (a < 1 || a > n)
    return luaL_argerror(L, arg,
                         lua_pushfstring(L,
                                         "no arm %d on a board "
                                         "of %d arms",
                                         (int)a, n));
  return (int)a - 1;
}

/* --- Position --- */

void lposition_push(lua_State *L, const Position *p) {
  Position *q = lua_newuserdatauv(L, sizeof *q, 0);
  *q = *p;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &position_meta_key);
  lua_setmetatable(L, -2);
}

Position lposition_check(lua_State *L, int arg) {
  Position *p = to_position(L, arg), q;
  char err[BOARD_ERRMAX];
  if (p) return *p;
  if (lua_type(L, arg) != LUA_TSTRING)
    luaL_typeerror(L, arg, "position text or Position");
  if (board_parse(&q, lua_tostring(L, arg), err)) luaL_error(L, "%s", err);
  return q;
}

static Position *position_self(lua_State *L) {
  Position *p = to_position(L, 1);
  if (!p) luaL_typeerror(L, 1, "Position");
  return p;
}

/* p:at(point) — the colour on a point ("black", "white" or nil). */
static int position_at(lua_State *L) {
  Position *p = position_self(L);
  lposition_push_colour(L, board_at(p, check_point(L, 2, p->n)));
  return 1;
}

/* p:pieces(colour) — the points that colour holds, arms ascending, "c"
** last. */
static int position_pieces(lua_State *L) {
  Position *p = position_self(L);
  int colour = luaL_checkoption(L, 2, NULL, colour_names), k = 0;
  lua_createtable(L, p->n / 2, 0);
  for (uint64_t m = p->arms[colour]; m; m &= m - 1) {
    lua_pushinteger(L, __builtin_ctzll(m) + 1);
    lua_rawseti(L, -2, ++k);
  }
  if (p->centre == colour) {
    lua_pushliteral(L, "c");
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* p:neighbours(point) — the points joined to a point by a line. */
static int position_neighbours(lua_State *L) {
  Position *p = position_self(L);
  int point = check_point(L, 2, p->n), n = p->n;
  if (point == BOARD_CENTRE) {
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; i++) {
      lua_pushinteger(L, i);
      lua_rawseti(L, -2, i);
    }
    return 1;
  }
  lua_createtable(L, 3, 0);
  lua_pushinteger(L, (point + n - 1) % n + 1);
  lua_rawseti(L, -2, 1);
  lua_pushinteger(L, (point + 1) % n + 1);
  lua_rawseti(L, -2, 2);
  lua_pushliteral(L, "c");
  lua_rawseti(L, -2, 3);
  return 1;
}

/* p:same(q) — true when p and q have the same pieces and side to move (the
** ply is not compared). */
static int position_same(lua_State *L) {
  Position p = *position_self(L), q = lposition_check(L, 2);
  lua_pushboolean(L, board_same(&p, &q));
  return 1;
}

/* p:transform{rotate = k, mirror = bool, swap = bool} — the position
** mirrored through the line of arm 1 (arm i goes to arm n+2-i), then turned
** k arms clockwise, and/or with the colours (and the side to move)
** swapped. */
static int position_transform(lua_State *L) {
  Position *p = position_self(L), q;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
    if (strcmp(key, "rotate") && strcmp(key, "mirror") && strcmp(key, "swap"))
      luaL_argerror(L, 2,
                    lua_pushfstring(L, "unknown field %s (the fields are "
                                       "rotate, mirror and swap)",
                                    lbridge_describe(L, -2)));
    lua_pop(L, 1);
  }
  int ok = 1;
  lua_Integer k = 0;
  if (lua_getfield(L, 2, "rotate") != LUA_TNIL) {
    k = lua_tointegerx(L, -1, &ok);
    if (!ok || lua_type(L, -1) != LUA_TNUMBER)
      luaL_argerror(L, 2,
                    lua_pushfstring(L, "rotate must be a whole number, got %s",
                                    lbridge_describe(L, -1)));
  }
  int flags[2];
  static const char *const flag_names[] = {"mirror", "swap"};
  for (int i = 0; i < 2; i++) {
    int type = lua_getfield(L, 2, flag_names[i]);
    if (type != LUA_TNIL && type != LUA_TBOOLEAN)
      luaL_argerror(L, 2,
                    lua_pushfstring(L, "%s must be a boolean, got %s",
                                    flag_names[i], lbridge_describe(L, -1)));
    flags[i] = lua_toboolean(L, -1);
  }
  int mirror = flags[0], swap = flags[1];
  int n = p->n;
  k %= n; /* no overflow below, whatever k is */
  q = *p;
  q.arms[BLACK] = q.arms[WHITE] = 0;
  for (int i = 0; i < n; i++) {
    int c = board_at(p, i);
    if (c == NOBODY) continue;
    int j = mirror ? (n - i) % n : i;
    j = (int)(((j + k) % n + n) % n);
    q.arms[swap ? c ^ 1 : c] |= (uint64_t)1 << j;
  }
  if (swap) {
    if (q.centre != NOBODY) q.centre ^= 1;
    q.side ^= 1;
  }
  lposition_push(L, &q);
  return 1;
}

/* Fields: arms, side, ply, centre, empty, black and white (arm masks: bit
** i-1 for arm i); p[i] is the colour on arm i;
** anything else is looked up in the methods (upvalue 1). */
static int position_index(lua_State *L) {
  Position *p = position_self(L);
  size_t k;
  if (lua_type(L, 2) == LUA_TNUMBER) {
    lua_Integer i = lua_tointeger(L, 2);
    lposition_push_colour(L, i >= 1 && i <= p->n ? board_at(p, (int)i - 1)
                                                 : NOBODY);
    return 1;
  }
  const char *key = luaL_checklstring(L, 2, &k);
  if (k == 3 && memcmp(key, "ply", 3) == 0)
    lua_pushinteger(L, p->ply);
  else if (k == 4 && memcmp(key, "side", 4) == 0)
    lposition_push_colour(L, p->side);
  else if (k == 4 && memcmp(key, "arms", 4) == 0)
    lua_pushinteger(L, p->n);
  else if (k == 6 && memcmp(key, "centre", 6) == 0)
    lposition_push_colour(L, p->centre);
  else if (k == 5 && memcmp(key, "empty", 5) == 0)
    push_point(L, board_empty_point(p));
  else if (k == 5 && memcmp(key, "black", 5) == 0)
    lua_pushinteger(L, (lua_Integer)p->arms[BLACK]);
  else if (k == 5 && memcmp(key, "white", 5) == 0)
    lua_pushinteger(L, (lua_Integer)p->arms[WHITE]);
  else
    lua_rawget(L, lua_upvalueindex(1));
  return 1;
}

static int position_tostring(lua_State *L) {
  char buf[BOARD_POSMAX];
  lua_pushstring(L, board_format(position_self(L), buf));
  return 1;
}

static int position_eq(lua_State *L) {
  Position *a = to_position(L, 1), *b = to_position(L, 2);
  lua_pushboolean(L, a && b && memcmp(a, b, sizeof *a) == 0);
  return 1;
}

/* mt.position(text) — a Position from position text. */
static int position_new(lua_State *L) {
  Position p = lposition_check(L, 1);
  lposition_push(L, &p);
  return 1;
}

/* --- Move --- */

void lmove_push(lua_State *L, Move m) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &interned_moves_key);
  int key = m.from << 8 | m.to;
  if (lua_rawgeti(L, -1, key) == LUA_TNIL) {
    lua_pop(L, 1);
    Move *u = lua_newuserdatauv(L, sizeof *u, 0);
    *u = m;
    luaL_setmetatable(L, LMOVE_META);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, key);
  }
  lua_remove(L, -2);
}

Move lmove_check(lua_State *L, int arg, int n) {
  Move *u = luaL_testudata(L, arg, LMOVE_META), m;
  char err[BOARD_ERRMAX];
  if (u) return *u;
  if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "move text");
  if (board_parse_move(&m, n, lua_tostring(L, arg), err))
    luaL_error(L, "%s", err);
  return m;
}

static int move_index(lua_State *L) {
  Move *m = luaL_checkudata(L, 1, LMOVE_META);
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "from") == 0)
    push_point(L, m->from);
  else if (strcmp(key, "to") == 0)
    push_point(L, m->to);
  else
    lua_pushnil(L);
  return 1;
}

static int move_tostring(lua_State *L) {
  char buf[BOARD_MOVEMAX];
  lua_pushstring(
      L, board_format_move(*(Move *)luaL_checkudata(L, 1, LMOVE_META), buf));
  return 1;
}

static int move_eq(lua_State *L) {
  Move *a = luaL_testudata(L, 1, LMOVE_META);
  Move *b = luaL_testudata(L, 2, LMOVE_META);
  lua_pushboolean(L, a && b && a->from == b->from && a->to == b->to);
  return 1;
}

/* Sets the metatable up for a value type: metamethods meta, an __index
** closure over the methods table, the methods under "methods" and the field
** names under "fields" (for completion).  Leaves the metatable and the
** methods table on the stack. */
static void value_type(lua_State *L, const char *tname, const luaL_Reg *meta,
                       lua_CFunction index, const luaL_Reg *methods,
                       const char *const *fields) {
  luaL_newmetatable(L, tname);
  luaL_setfuncs(L, meta, 0);
  lua_newtable(L);
  if (methods) luaL_setfuncs(L, methods, 0);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "methods");
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, index, 1);
  lua_setfield(L, -3, "__index");
  lua_newtable(L);
  for (int i = 0; fields[i]; i++) {
    lua_pushstring(L, fields[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -3, "fields");
}

void lposition_open(lua_State *L, int module) {
  static const luaL_Reg position_meta[] = {
      {"__tostring", position_tostring}, {"__eq", position_eq}, {NULL, NULL}};
  static const luaL_Reg position_methods[] = {
      {"at", position_at},
      {"pieces", position_pieces},
      {"neighbours", position_neighbours},
      {"same", position_same},
      {"transform", position_transform},
      {NULL, NULL}};
  static const char *const position_fields[] = {
      "arms", "side", "ply", "centre", "empty", "black", "white", NULL};
  static const luaL_Reg move_meta[] = {
      {"__tostring", move_tostring}, {"__eq", move_eq}, {NULL, NULL}};
  static const char *const move_fields[] = {"from", "to", NULL};
  value_type(L, LPOSITION_META, position_meta, position_index, position_methods,
             position_fields);
  lua_setfield(L, module, "Position");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &position_meta_key);
  value_type(L, LMOVE_META, move_meta, move_index, NULL, move_fields);
  lua_pop(L, 2);
  lua_newtable(L); /* interned moves, weak values */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &interned_moves_key);
  lua_pushcfunction(L, position_new);
  lua_setfield(L, module, "position");
}

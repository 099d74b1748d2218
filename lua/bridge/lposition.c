/*
** lposition.c — Position values: immutable userdata with fields, their
** notation as tostring, and equality; the reusable position views and
** history tables that hooks and evaluations get; histories given from Lua
** (lists of Move values, which lmove.c makes).
**
** A view is one userdata per caller whose metatable's __index table holds
** the fields of the position it shows now; the caller updates only what
** changed.
*/
#include <string.h>

#include "lposition.h"
#include "lboard.h"
#include "lmove.h"
#include "lopen.h"

static const char *const colour_names[] = {"black", "white"};

/* Registry keys (their addresses): the table of interned Moves, the
** Position methods; and the marks (keys in a metatable) of Move values and
** of views.  Light-userdata keys keep the hook path lean (the Position
** metatable is kept under LPOSITION_META's address: lbridge_newmetatable). */
static const char position_methods_key = 'f', view_mark = 'V';

/* 1 when the value at idx is a full userdata whose metatable has mark. */
static int marked(lua_State *L, int idx, const char *mark) {
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return 0;
  int ok = lua_rawgetp(L, -1, mark) != LUA_TNIL;
  lua_pop(L, 2);
  return ok;
}

Position *lposition_test(lua_State *L, int idx) {
  Position *p = lbridge_testudata(L, idx, LPOSITION_META);
  return p || marked(L, idx, &view_mark) ? lua_touserdata(L, idx) : NULL;
}

#define to_position lposition_test

void lposition_push_colour(lua_State *L, int colour) {
  if (colour == BLACK || colour == WHITE)
    lua_pushstring(L, colour_names[colour]);
  else
    lua_pushnil(L);
}

/* The point at arg on the board of p (g: its graph, or NULL): an arm
** number 1..n or "c"; on a graph board a point's name or number 1..n. */
static int check_point(lua_State *L, int arg, const Position *p,
                       const Graph *g) {
  int n = p->n;
  if (lua_type(L, arg) == LUA_TSTRING) {
    size_t len;
    const char *s = lbridge_check_text(L, arg, "the point", &len);
    if (!p->graph && strcmp(s, "c") == 0) return BOARD_CENTRE;
    int point = g ? graph_find(g, s, len) : -1;
    if (point >= 0) return point;
    if (!p->graph)
      return luaL_argerror(L, arg, "a point is an arm number or \"c\"");
    return luaL_argerror(L, arg,
                         g ? lua_pushfstring(L, "no point named %s on this board",
                                             lbridge_describe(L, arg))
                           : "this position knows no point names (a point "
                             "is a number 1..n)");
  }
  lua_Integer a = 0;
  if (!lbridge_whole(L, arg, &a))
    return luaL_argerror(L, arg,
                         lua_pushfstring(L, "a point is %s, got %s",
                                         p->graph ? "a number 1..n or a name"
                                                  : "an arm number or \"c\"",
                                         lbridge_describe(L, arg)));
  if (a < 1 || a > n)
    return luaL_argerror(L, arg,
                         lua_pushfstring(L, "no %s %d on a board of %d %ss",
                                         p->graph ? "point" : "arm", (int)a, n,
                                         p->graph ? "point" : "arm"));
  return (int)a - 1;
}

/* --- Position --- */

void lposition_push(lua_State *L, const Position *p, const Graph *g) {
  Position *q = lua_newuserdatauv(L, sizeof *q, 1);
  *q = *p;
  if (g && p->graph) {
    lboard_push(L, g);
    lua_setiuservalue(L, -2, 1);
  }
  lbridge_setmetatable(L, LPOSITION_META);
}

Position lposition_check(lua_State *L, int arg) {
  Position *p = to_position(L, arg), q;
  char err[BOARD_ERRMAX];
  if (p) return *p;
  if (lua_type(L, arg) != LUA_TSTRING)
    luaL_typeerror(L, arg, "position text or Position");
  if (board_parse(&q, lbridge_check_text(L, arg, "the position", NULL), err))
    luaL_argerror(L, arg, err);
  return q;
}

static Position *position_self(lua_State *L) {
  Position *p = to_position(L, 1);
  if (!p) luaL_typeerror(L, 1, "Position");
  return p;
}

/* The board of the Position (or view) at idx: its Graph, or NULL for the
** wheel and for a graph position that knows no board. */
static const Graph *position_graph(lua_State *L, int idx) {
  const Position *p = lua_touserdata(L, idx);
  if (!p->graph) return NULL;
  lua_getiuservalue(L, idx, 1);
  const Graph *g = lboard_test(L, -1);
  lua_pop(L, 1);
  return g && g->n == p->n ? g : NULL;
}

/* p:at(point) — the colour on a point ("black", "white" or nil). */
static int position_at(lua_State *L) {
  Position *p = position_self(L);
  lposition_push_colour(L, board_at(p, check_point(L, 2, p, position_graph(L, 1))));
  return 1;
}

/* Pushes the points of mask as a list (on the wheel the centre too when
** centre is set): numbers or names as lmove_push_point has them. */
static void push_points(lua_State *L, const Graph *g, uint64_t mask,
                        int centre) {
  int k = 0;
  lua_createtable(L, __builtin_popcountll(mask) + 1, 0);
  for (; mask; mask &= mask - 1) {
    lmove_push_point(L, g, __builtin_ctzll(mask));
    lua_rawseti(L, -2, ++k);
  }
  if (centre) {
    lua_pushliteral(L, "c");
    lua_rawseti(L, -2, ++k);
  }
}

/* p:pieces(colour) — the points that colour holds, arms ascending, "c"
** last; on a graph board the points in their order, and "empty" gives the
** empty points. */
static int position_pieces(lua_State *L) {
  static const char *const kinds[] = {"black", "white", "empty", NULL};
  Position *p = position_self(L);
  const Graph *g = position_graph(L, 1);
  const char *kind = lbridge_check_text(L, 2, "the colour", NULL);
  int colour = 0;
  while (kinds[colour] && strcmp(kinds[colour], kind) != 0) colour++;
  if (!kinds[colour])
    luaL_argerror(L, 2, lua_pushfstring(L, "\"black\", \"white\" or "
                                           "\"empty\" expected, got %s",
                                        lbridge_describe(L, 2)));
  if (colour == 2) {
    uint64_t empty = ~(p->arms[BLACK] | p->arms[WHITE]) & board_full(p->n);
    push_points(L, g, empty, !p->graph && p->centre == NOBODY);
  } else
    push_points(L, g, p->arms[colour], !p->graph && p->centre == colour);
  return 1;
}

/* p:neighbours(point) — the points joined to a point by a line. */
static int position_neighbours(lua_State *L) {
  Position *p = position_self(L);
  const Graph *g = position_graph(L, 1);
  int point = check_point(L, 2, p, g), n = p->n;
  if (p->graph) {
    if (!g)
      return luaL_error(L, "neighbours: this position knows no board (take "
                           "it from a game or a variant of its board)");
    push_points(L, g, g->near[point], 0);
    return 1;
  }
  if (point == BOARD_CENTRE) {
    push_points(L, NULL, board_full(n), 0);
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

/* p:board() — the position's board: points, lines, layout (see
** lboard_describe); nil for a graph position that knows no board. */
static int position_board(lua_State *L) {
  Position *p = position_self(L);
  const Graph *g = position_graph(L, 1);
  if (p->graph && !g) return 0;
  lboard_describe(L, g, p->n);
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
  static const char *const fields[] = {"rotate", "mirror", "swap", NULL};
  if (lbridge_unknown_key(L, 2, fields))
    luaL_argerror(L, 2,
                  lua_pushfstring(L,
                                  "unknown field %s (the fields are "
                                  "rotate, mirror and swap)",
                                  lbridge_describe(L, -1)));
  int ok = 1;
  lua_Integer k = 0;
  if (lua_getfield(L, 2, "rotate") != LUA_TNIL) {
    ok = lbridge_whole(L, -1, &k);
    if (!ok)
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
  if (p->graph && (mirror || k))
    luaL_argerror(L, 2,
                  "a graph board has no rotate or mirror (only swap); its "
                  "symmetries are its variant's (mt.same_game)");
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
    q.hand[BLACK] = p->hand[WHITE];
    q.hand[WHITE] = p->hand[BLACK];
  }
  lposition_push(L, &q, position_graph(L, 1));
  return 1;
}

/* Pushes a new table of the pieces each side of p holds in hand: {black =
** k, white = k}. */
static void push_hand(lua_State *L, const Position *p) {
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, p->hand[BLACK]);
  lua_setfield(L, -2, "black");
  lua_pushinteger(L, p->hand[WHITE]);
  lua_setfield(L, -2, "white");
}

/* Fields: arms, side, ply, centre, empty (the first empty point), hand
** ({black = k, white = k}: the pieces each side holds off the board),
** black and white (arm masks: bit i-1 for arm i); p[i] is the colour on
** arm i; on a graph board points (their number) instead of arms and
** empty, and p[name] the colour on a point; anything else is looked up in
** the methods (upvalue 1). */
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
  else if (k == 4 && memcmp(key, "arms", 4) == 0 && !p->graph)
    lua_pushinteger(L, p->n);
  else if (k == 6 && memcmp(key, "points", 6) == 0 && p->graph)
    lua_pushinteger(L, p->n);
  else if (k == 6 && memcmp(key, "centre", 6) == 0)
    lposition_push_colour(L, p->centre);
  else if (k == 5 && memcmp(key, "empty", 5) == 0 && !p->graph)
    lmove_push_point(L, NULL, board_empty_point(p));
  else if (k == 4 && memcmp(key, "hand", 4) == 0)
    push_hand(L, p);
  else if (k == 5 && memcmp(key, "black", 5) == 0)
    lua_pushinteger(L, (lua_Integer)p->arms[BLACK]);
  else if (k == 5 && memcmp(key, "white", 5) == 0)
    lua_pushinteger(L, (lua_Integer)p->arms[WHITE]);
  else if (lua_gettable(L, lua_upvalueindex(1)) == LUA_TNIL && p->graph) {
    /* the methods, and those scripts add to mt.Position; then a point */
    const Graph *g = position_graph(L, 1);
    int point = g ? graph_find(g, key, k) : -1;
    if (point >= 0) lposition_push_colour(L, board_at(p, point));
  }
  return 1;
}

static int position_tostring(lua_State *L) {
  char buf[BOARD_POSMAX];
  lua_pushstring(L, board_format(position_self(L), buf));
  return 1;
}

static int position_eq(lua_State *L) {
  Position *a = to_position(L, 1), *b = to_position(L, 2);
  lua_pushboolean(L, a && b && board_equal(a, b));
  return 1;
}

/* mt.position(text) — a Position from position text. */
static int position_new(lua_State *L) {
  Position p = lposition_check(L, 1);
  lposition_push(L, &p, NULL);
  return 1;
}

/* --- histories --- */

void lhistory_check(lua_State *L, int arg, const Rules *r, const Position *p,
                    int keep, History *h) {
  char err[BOARD_ERRMAX];
  h->count = 0;
  if (lua_isnoneornil(L, arg)) return;
  if (!lua_istable(L, arg))
    luaL_typeerror(L, arg, "a history (a list of moves, the last first)");
  lua_Integer given = (lua_Integer)lua_rawlen(L, arg);
  for (lua_Integer i = 1; i <= given && h->count < keep; i++) {
    lua_rawgeti(L, arg, i);
    const Move *u = lmove_test(L, -1);
    if (!u && lua_type(L, -1) != LUA_TSTRING)
      luaL_argerror(L, arg,
                    lua_pushfstring(L, "history[%d] is a %s, not a move",
                                    (int)i, luaL_typename(L, -1)));
    if (!u && !lbridge_is_text(L, -1))
      luaL_argerror(L, arg,
                    lua_pushfstring(L, "history[%d] holds a zero byte", (int)i));
    if (u && !lmove_of_board(L, -1, r->graph, r->arms))
      luaL_argerror(L, arg,
                    lua_pushfstring(L, "history[%d] is %s, a move of another "
                                       "board",
                                    (int)i, luaL_tolstring(L, -1, NULL)));
    if (u)
      h->moves[h->count++] = *u;
    else if (rules_parse_move(r, lua_tostring(L, -1), &h->moves[h->count++],
                              err))
      luaL_argerror(L, arg, lua_pushfstring(L, "history[%d]: %s", (int)i, err));
    lua_pop(L, 1);
  }
  if (rules_check_history(r, p, h, err)) luaL_argerror(L, arg, err);
}

void lhistory_push(lua_State *L, const Graph *g, int n, const History *h) {
  int k = h ? h->count : 0;
  lua_createtable(L, k, 0);
  for (int i = 0; i < k; i++) {
    lboard_push_move(L, g, n, h->moves[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

void lhistory_set(lua_State *L, int idx, const Graph *g, int n,
                  const History *h) {
  int k = h ? h->count : 0;
  idx = lua_absindex(L, idx);
  for (int i = 0; i < k; i++) {
    lboard_push_move(L, g, n, h->moves[i]);
    lua_rawseti(L, idx, i + 1);
  }
  for (int i = k + 1; lua_rawgeti(L, idx, i) != LUA_TNIL; i++) {
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_rawseti(L, idx, i);
  }
  lua_pop(L, 1);
}

/* --- views --- */

/* The __index of a view's fields table (its upvalue: the view): the arm
** masks "black" and "white", which few hooks read, from the position. */
static int view_masks(lua_State *L) {
  const Position *p = lua_touserdata(L, lua_upvalueindex(1));
  const char *key = lua_tostring(L, 2);
  if (key && strcmp(key, "black") == 0)
    lua_pushinteger(L, (lua_Integer)p->arms[BLACK]);
  else if (key && strcmp(key, "white") == 0)
    lua_pushinteger(L, (lua_Integer)p->arms[WHITE]);
  else
    lua_pushnil(L);
  return 1;
}

/* A view's user values: its board (or nil), its fields table, then the
** strings it sets (kept there so that an update pushes them without hashing
** C strings), and on a graph board the names of its points. */
enum {
  VIEW_BOARD = 1,
  VIEW_FIELDS,
  VIEW_HAND, /* the view's hand table */
  VIEW_BLACK, /* "black", "white": BLACK + VIEW_BLACK, WHITE + VIEW_BLACK */
  VIEW_WHITE,
  VIEW_SIDE, /* the keys "side", "centre", "empty", "ply" */
  VIEW_CENTRE,
  VIEW_EMPTY,
  VIEW_PLY,
  VIEW_C, /* "c", the centre as a point */
  VIEW_NAMES,
  VIEW_VALUES = VIEW_NAMES
};

static const char *const view_strings[] = {"black", "white", "side", "centre",
                                           "empty", "ply",   "c",    NULL};

void lposition_view_push(lua_State *L, const Graph *g) {
  Position *p = lua_newuserdatauv(L, sizeof *p, VIEW_VALUES);
  int v = lua_gettop(L);
  memset(p, 0, sizeof *p);
  lboard_push(L, g);
  lua_setiuservalue(L, v, VIEW_BOARD);
  if (g) {
    lboard_push_names(L, g);
    lua_setiuservalue(L, v, VIEW_NAMES);
  }
  for (int i = 0; view_strings[i]; i++) {
    lua_pushstring(L, view_strings[i]);
    lua_setiuservalue(L, v, VIEW_BLACK + i);
  }
  lua_createtable(L, BOARD_MAX_ARMS, 16); /* the fields, and the methods */
  lua_rawgetp(L, LUA_REGISTRYINDEX, &position_methods_key);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -5);
  }
  lua_pop(L, 1);
  for (int i = 1; i <= BOARD_MAX_ARMS; i++) { /* room for every arm */
    lua_pushboolean(L, 0);
    lua_rawseti(L, -2, i);
  }
  static const char *const keys[] = {"arms",   "side",  "ply",
                                     "centre", "empty", NULL};
  for (int i = 0; keys[i]; i++) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, keys[i]);
  }
  lua_createtable(L, 0, 2); /* hand = {black = k, white = k} */
  for (int c = BLACK; c <= WHITE; c++) {
    lua_pushinteger(L, 0);
    lua_setfield(L, -2, colour_names[c]);
  }
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, v, VIEW_HAND);
  lua_setfield(L, -2, "hand");
  lua_createtable(L, 0, 1); /* black and white, read rarely, through C */
  lua_pushvalue(L, v);
  lua_pushcclosure(L, view_masks, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, v, VIEW_FIELDS);
  lua_createtable(L, 0, 6); /* the metatable */
  lua_insert(L, -2);
  lua_setfield(L, -2, "__index");
  luaL_getmetatable(L, LPOSITION_META);
  lua_getfield(L, -1, "__tostring");
  lua_setfield(L, -3, "__tostring");
  lua_getfield(L, -1, "__eq");
  lua_setfield(L, -3, "__eq");
  lua_pop(L, 1);
  lua_pushstring(L, LPOSITION_META);
  lua_setfield(L, -2, "__name");
  lua_pushliteral(L, "a position view"); /* what getmetatable shows: */
  lua_setfield(L, -2, "__metatable");    /* nothing to change */
  lua_pushboolean(L, 1);
  lua_rawsetp(L, -2, &view_mark);
  lua_setmetatable(L, v);
}

/* Pushes the colour (BLACK, WHITE or none) as the view at v names it. */
static void view_push_colour(lua_State *L, int v, int colour) {
  if (colour == BLACK || colour == WHITE)
    lua_getiuservalue(L, v, VIEW_BLACK + colour);
  else
    lua_pushnil(L);
}

/* Pushes point (an arm or the centre) as the view at v shows it. */
static void view_push_point(lua_State *L, int v, int point) {
  if (point == BOARD_CENTRE)
    lua_getiuservalue(L, v, VIEW_C);
  else
    lua_pushinteger(L, point + 1);
}

/* Sets the colour on point i of p in the fields table at t of the view at
** v: under its number, and on a graph board (names at the index names,
** else 0) under its name too. */
static void view_set_point(lua_State *L, int v, int t, int names,
                           const Position *p, int i) {
  view_push_colour(L, v, board_at(p, i));
  if (names) {
    lua_rawgeti(L, names, i + 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, t);
  }
  lua_rawseti(L, t, i + 1);
}

/* Sets every field of the fields table (at t) of the view at v to p's. */
static void view_fill(lua_State *L, int v, int t, int names,
                      const Position *p) {
  for (int i = 0; i < BOARD_MAX_ARMS; i++) {
    if (i < p->n) {
      view_set_point(L, v, t, names, p, i);
      continue;
    }
    lua_pushnil(L);
    lua_rawseti(L, t, i + 1);
  }
  lua_pushinteger(L, p->n);
  lua_setfield(L, t, p->graph ? "points" : "arms");
  lua_getiuservalue(L, v, VIEW_SIDE);
  view_push_colour(L, v, p->side);
  lua_rawset(L, t);
  lua_getiuservalue(L, v, VIEW_CENTRE);
  view_push_colour(L, v, p->centre);
  lua_rawset(L, t);
  lua_getiuservalue(L, v, VIEW_EMPTY);
  if (p->graph)
    lua_pushnil(L);
  else
    view_push_point(L, v, board_empty_point(p));
  lua_rawset(L, t);
}

/* Sets the fields of the fields table (at t) of the view at v that differ
** between was and p. */
static void view_update(lua_State *L, int v, int t, int names,
                        const Position *was, const Position *p) {
  uint64_t changed =
      (was->arms[BLACK] ^ p->arms[BLACK]) | (was->arms[WHITE] ^ p->arms[WHITE]);
  for (; changed; changed &= changed - 1)
    view_set_point(L, v, t, names, p, __builtin_ctzll(changed));
  if (was->side != p->side) {
    lua_getiuservalue(L, v, VIEW_SIDE);
    view_push_colour(L, v, p->side);
    lua_rawset(L, t);
  }
  if (p->graph) return;
  if (was->centre != p->centre) {
    lua_getiuservalue(L, v, VIEW_CENTRE);
    view_push_colour(L, v, p->centre);
    lua_rawset(L, t);
  }
  int e = board_empty_point(p);
  if (board_empty_point(was) != e) {
    lua_getiuservalue(L, v, VIEW_EMPTY);
    view_push_point(L, v, e);
    lua_rawset(L, t);
  }
}

void lposition_view_set(lua_State *L, int v, const Position *p) {
  Position *was = lua_touserdata(L, v);
  v = lua_absindex(L, v);
  lua_getiuservalue(L, v, VIEW_FIELDS);
  int t = lua_gettop(L), names = 0;
  if (p->graph && lua_getiuservalue(L, v, VIEW_NAMES) == LUA_TTABLE)
    names = lua_gettop(L);
  if (was->n != p->n || was->graph != p->graph)
    view_fill(L, v, t, names, p);
  else
    view_update(L, v, t, names, was, p);
  if (was->hand[BLACK] != p->hand[BLACK] || was->hand[WHITE] != p->hand[WHITE]) {
    lua_getiuservalue(L, v, VIEW_HAND);
    for (int c = BLACK; c <= WHITE; c++) {
      lua_pushinteger(L, p->hand[c]);
      lua_setfield(L, -2, colour_names[c]);
    }
    lua_pop(L, 1);
  }
  if (was->ply != p->ply || was->n != p->n) {
    lua_getiuservalue(L, v, VIEW_PLY);
    lua_pushinteger(L, p->ply);
    lua_rawset(L, t);
  }
  lua_settop(L, t - 1);
  *was = *p;
}

/* Sets the metatable up for a value type: metamethods meta, an __index
** closure over the methods table, the methods under "methods" and the field
** names under "fields" (for completion).  Leaves the metatable and the
** methods table on the stack. */
static void value_type(lua_State *L, const char *tname, const luaL_Reg *meta,
                       lua_CFunction index, const luaL_Reg *methods,
                       const char *const *fields) {
  lbridge_newmetatable(L, tname);
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
      {"board", position_board},
      {NULL, NULL}};
  static const char *const position_fields[] = {
      "arms",  "points", "side", "ply", "centre", "empty", "hand",
      "black", "white",  NULL};
  value_type(L, LPOSITION_META, position_meta, position_index, position_methods,
             position_fields);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &position_methods_key);
  lua_setfield(L, module, "Position");
  lua_pop(L, 1);
  lua_pushcfunction(L, position_new);
  lua_setfield(L, module, "position");
}

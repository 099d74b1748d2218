/*
** lvariant.c — Variant values: built from a name, a file or a table (with
** inheritance through "base"), found on the search path; their methods.
** (Their Lua hooks are in lhook.c.)
*/
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lfiles.h"
#include "lvariant.h"
#include "lboard.h"
#include "lposition.h"
#include "lwatchdog.h"
#include "lopen.h"
#include "memo.h"

#define MAX_BASE_DEPTH 32

/* The fields a variant table may have, for error messages. */
static const char *const variant_fields[] = {
    "name",          "description",    "source", "base",       "arms",
    "flank",         "adjacent_enemy", "misere", "repetition", "max_plies",
    "opening_plies", "history",        "pure",   "symmetric",  "allow",
    "result",        "moves",          "start",  "points",     "lines",
    "arrows",        "centre",         "layout", "drops",      "drop_to",
    "slides",        "jumps",          "row",    "pass",       NULL};

/* Names a point may not have: the fields and methods of a position, which
** hooks read beside the points' names. */
static const char *const reserved_names[] = {
    "arms",   "points", "side", "ply",    "centre",     "empty",
    "black",  "white",  "at",   "pieces", "neighbours", "same",
    "transform", "board", "hand", NULL};

/* --- Variant values --- */

Variant *lvariant_test(lua_State *L, int arg) {
  return lbridge_testudata(L, arg, LVARIANT_META);
}

/* Pushes a new Variant with the standard rules on 8 arms and an empty
** description table as its user value. */
static Variant *variant_new(lua_State *L) {
  Variant *v = lua_newuserdatauv(L, sizeof *v, 1);
  char err[BOARD_ERRMAX];
  memset(v, 0, sizeof *v);
  lhook_init(v);
  lbridge_setmetatable(L, LVARIANT_META);
  rules_named(&v->rules, "standard", 8, err);
  board_start(&v->start, 8);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 1);
  return v;
}

/* Sets field key of the user value of the Variant at index idx to the value
** on top (popped). */
void lvariant_info_set(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  lua_getiuservalue(L, idx, 1);
  lua_insert(L, -2);
  lua_setfield(L, -2, key);
  lua_pop(L, 1);
}

/* Pushes field key of the user value of the Variant at idx. */
int lvariant_info_get(lua_State *L, int idx, const char *key) {
  lua_getiuservalue(L, idx, 1);
  int t = lua_getfield(L, -1, key);
  lua_remove(L, -2);
  return t;
}

void lvariant_push_name(lua_State *L, int arg) {
  lvariant_info_get(L, arg, "name");
}

static int variant_gc(lua_State *L) {
  Variant *v = lbridge_checkudata(L, 1, LVARIANT_META);
  lhook_free(L, v);
  return 0;
}

/* --- building a variant from a table --- */

static Variant *resolve(lua_State *L, int spec, int chain);

/* Raises an error about variant table field key; the variant's name and
** file are at the top of the message. */
static int field_error(lua_State *L, int v, const char *key, const char *want) {
  lvariant_info_get(L, v, "name");
  lvariant_info_get(L, v, "path");
  const char *name = lua_tostring(L, -2), *path = lua_tostring(L, -1);
  return luaL_error(L, "variant '%s'%s%s%s: %s must be %s, got %s",
                    name ? name : "?", path ? " (" : "", path ? path : "",
                    path ? ")" : "", key, want, lbridge_describe(L, -3));
}

/* Reads an integer field at the top of the stack in lo..hi. */
static int int_field(lua_State *L, int v, const char *key, int lo, int hi,
                     const char *want) {
  lua_Integer x = 0;
  if (!lbridge_whole(L, -1, &x) || x < lo || x > hi) field_error(L, v, key, want);
  return (int)x;
}

/* Reads a boolean field at the top of the stack. */
static int bool_field(lua_State *L, int v, const char *key) {
  if (!lua_isboolean(L, -1)) field_error(L, v, key, "a boolean");
  return lua_toboolean(L, -1);
}

/* Reads the flank field: "always", "never", true, false or a ply count. */
static int flank_field(lua_State *L, int v) {
  static const char *want = "\"always\", \"never\" or a ply count";
  if (lua_isboolean(L, -1)) return lua_toboolean(L, -1) ? RULES_ALWAYS : 0;
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *s = lbridge_is_text(L, -1) ? lua_tostring(L, -1) : "";
    if (strcmp(s, "always") == 0) return RULES_ALWAYS;
    if (strcmp(s, "never") == 0) return 0;
    field_error(L, v, "flank", want);
  }
  return int_field(L, v, "flank", 0, BOARD_MAX_PLY, want);
}

/* Reads a hook field: a function, or false to drop an inherited hook. */
static void hook_field(lua_State *L, int v, const char *key, int *ref) {
  if (lua_isfunction(L, -1)) {
    luaL_unref(L, LUA_REGISTRYINDEX, *ref);
    lua_pushvalue(L, -1);
    *ref = luaL_ref(L, LUA_REGISTRYINDEX);
  } else if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
    luaL_unref(L, LUA_REGISTRYINDEX, *ref);
    *ref = LUA_NOREF;
  } else
    field_error(L, v, key, "a function (or false)");
}

/* Checks that every key of the table at t is a known field. */
static void check_keys(lua_State *L, int v, int t) {
  if (!lbridge_unknown_key(L, t, variant_fields)) return;
  const char *key = lbridge_describe(L, -1); /* (pushed: each read apart) */
  const char *all = lbridge_push_names(L, variant_fields);
  lvariant_info_get(L, v, "name");
  luaL_error(L, "variant '%s': unknown field %s (the fields are: %s)",
             lua_tostring(L, -1), key, all);
}

/* Copies the rules, start, hooks and description of the Variant at base
** into the Variant at v. */
static void inherit(lua_State *L, int v, int base) {
  Variant *to = lua_touserdata(L, v), *from = lua_touserdata(L, base);
  to->rules = from->rules;
  memset(&to->rules.hooks, 0, sizeof to->rules.hooks); /* wired later */
  to->start = from->start;
  to->pure = from->pure;
  to->symmetric = from->symmetric;
  int *refs[3] = {&to->hook.allow_ref, &to->hook.result_ref,
                  &to->hook.moves_ref};
  int from_refs[3] = {from->hook.allow_ref, from->hook.result_ref,
                      from->hook.moves_ref};
  for (int i = 0; i < 3; i++) {
    if (from_refs[i] == LUA_NOREF) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, from_refs[i]);
    *refs[i] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lvariant_info_get(L, base, "name");
  lvariant_info_set(L, v, "base");
  lvariant_info_get(L, base, "description");
  lvariant_info_set(L, v, "description");
  lvariant_info_get(L, base, "board"); /* the Board the graph lives in */
  lvariant_info_set(L, v, "board");
}

/* --- graph boards --- */

/* Raises an error about the board of the Variant at v (name first). */
static int board_error(lua_State *L, int v, const char *what) {
  lvariant_info_get(L, v, "name");
  return luaL_error(L, "variant '%s': bad board: %s", lua_tostring(L, -1),
                    what);
}

/* The point named by the string at idx on g, or an error naming where the
** name was found (field). */
static int board_point(lua_State *L, int v, const Graph *g, int idx,
                       const char *field) {
  size_t len = 0;
  const char *name =
      lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &len) : NULL;
  if (name && !lbridge_is_text(L, idx))
    board_error(L, v, lua_pushfstring(L, "%s names %s, which holds a zero byte",
                                      field, lbridge_describe(L, idx)));
  int point = name ? graph_find(g, name, len) : -1;
  if (point < 0) {
    const char *d = lbridge_describe(L, idx);
    board_error(L, v, lua_pushfstring(L, "%s names %s, which is not a point "
                                         "(points are listed in 'points')",
                                      field, d));
  }
  return point;
}

/* Adds the points of the list at the top to g. */
static void board_points(lua_State *L, int v, Graph *g) {
  char err[BOARD_ERRMAX];
  if (!lua_istable(L, -1))
    board_error(L, v, lua_pushfstring(L, "points must be a list of names, "
                                         "got %s",
                                      lbridge_describe(L, -1)));
  lua_Integer k = (lua_Integer)lua_rawlen(L, -1);
  for (lua_Integer i = 1; i <= k; i++) {
    if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
      board_error(L, v, lua_pushfstring(L, "points[%d] is %s, not a name",
                                        (int)i, lbridge_describe(L, -1)));
    const char *name = lua_tostring(L, -1);
    if (!lbridge_is_text(L, -1))
      board_error(L, v, lua_pushfstring(L, "points[%d] is %s, which holds a "
                                           "zero byte",
                                        (int)i, lbridge_describe(L, -1)));
    for (int r = 0; reserved_names[r]; r++)
      if (strcmp(name, reserved_names[r]) == 0)
        board_error(L, v, lua_pushfstring(L, "points[%d]: \"%s\" is the name "
                                             "of a position's field or method",
                                          (int)i, name));
    if (graph_add_point(g, name, err) < 0)
      board_error(L, v, lua_pushfstring(L, "points[%d]: %s", (int)i, err));
    lua_pop(L, 1);
  }
}

/* Adds the lines (arrow: one way) of the list at the top to g: each a pair
** {from, to} of names or a string "from-to". */
static void board_lines(lua_State *L, int v, Graph *g, const char *field,
                        int arrow) {
  char err[BOARD_ERRMAX], where[48];
  if (!lua_istable(L, -1))
    board_error(L, v, lua_pushfstring(L, "%s must be a list of pairs of "
                                         "point names, got %s",
                                      field, lbridge_describe(L, -1)));
  lua_Integer k = (lua_Integer)lua_rawlen(L, -1);
  for (lua_Integer i = 1; i <= k; i++) {
    snprintf(where, sizeof where, "%s[%d]", field, (int)i);
    int type = lua_rawgeti(L, -1, i), top = lua_gettop(L);
    if (type == LUA_TSTRING) { /* "a-b" */
      const char *text = lua_tostring(L, -1), *dash = strchr(text, '-');
      if (!lbridge_is_text(L, -1))
        board_error(L, v, lua_pushfstring(L, "%s is %s, which holds a zero "
                                             "byte",
                                          where, lbridge_describe(L, -1)));
      if (!dash)
        board_error(L, v, lua_pushfstring(L, "%s is %s: write a line as "
                                             "{\"a\", \"b\"} or \"a-b\"",
                                          where, lbridge_describe(L, -1)));
      lua_pushlstring(L, text, (size_t)(dash - text));
      lua_pushstring(L, dash + 1);
    } else if (type == LUA_TTABLE && lua_rawlen(L, -1) == 2) {
      lua_rawgeti(L, top, 1);
      lua_rawgeti(L, top, 2);
    } else
      board_error(L, v, lua_pushfstring(L, "%s is %s: write a line as "
                                           "{\"a\", \"b\"} or \"a-b\"",
                                        where, lbridge_describe(L, -1)));
    int a = board_point(L, v, g, top + 1, where);
    int b = board_point(L, v, g, top + 2, where);
    if (graph_add_line(g, a, b, arrow, err))
      board_error(L, v, lua_pushfstring(L, "%s: %s", where, err));
    lua_settop(L, top - 1);
  }
}

/* Checks the layout table at the top: a position {x, y} for every point of
** g, numbers. */
static void board_layout(lua_State *L, int v, const Graph *g) {
  if (!lua_istable(L, -1))
    board_error(L, v, lua_pushfstring(L, "layout must be a table {name = {x, "
                                         "y}}, got %s",
                                      lbridge_describe(L, -1)));
  for (int i = 0; i < g->n; i++) {
    int type = lua_getfield(L, -1, g->name[i]), ok = type == LUA_TTABLE;
    if (type == LUA_TNIL)
      board_error(L, v, lua_pushfstring(L, "layout gives no place to point "
                                           "\"%s\": give every point {x, y}",
                                        g->name[i]));
    if (!ok)
      board_error(L, v, lua_pushfstring(L, "layout.%s must be {x, y}, two "
                                           "numbers, got %s",
                                        g->name[i], lbridge_describe(L, -1)));
    for (int c = 1; c <= 2; c++) {
      int number = lua_rawgeti(L, -1, c) == LUA_TNUMBER;
      lua_Number x = lua_tonumber(L, -1);
      if (!(number && x > -1e9 && x < 1e9)) /* (NaN too) */
        board_error(L, v, lua_pushfstring(L, "layout.%s[%d] must be a number "
                                             "between -1e9 and 1e9, got %s",
                                          g->name[i], c,
                                          lbridge_describe(L, -1)));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

/* Sets g's straight lines from the layout table at idx (checked by
** board_layout: {x, y} for every point). */
static void board_straight(lua_State *L, int idx, Graph *g) {
  double x[GRAPH_MAX_POINTS], y[GRAPH_MAX_POINTS];
  idx = lua_absindex(L, idx);
  for (int i = 0; i < g->n; i++) {
    lua_getfield(L, idx, g->name[i]);
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    x[i] = (double)lua_tonumber(L, -2);
    y[i] = (double)lua_tonumber(L, -1);
    lua_pop(L, 3);
  }
  graph_set_beyond(g, x, y);
}

/* Reads the board fields of the table at t (points, lines, arrows, centre,
** layout) into the Variant at v: a new Board when t declares points, or a
** layout for the board it inherited. */
static void apply_board(lua_State *L, int v, int t) {
  Variant *var = lua_touserdata(L, v);
  char err[BOARD_ERRMAX];
  static const char *const with_points[] = {"lines", "arrows", "centre", NULL};
  int layout = lua_getfield(L, t, "layout") != LUA_TNIL ? lua_gettop(L) : 0;
  if (layout && lua_getfield(L, t, "points") == LUA_TNIL && !var->rules.graph)
    board_error(L, v, "layout belongs to a board of points");
  lua_settop(L, layout ? layout : lua_gettop(L) - 1);
  if (lua_getfield(L, t, "points") == LUA_TNIL) {
    lua_pop(L, 1);
    for (int i = 0; with_points[i]; i++) {
      int given = lua_getfield(L, t, with_points[i]) != LUA_TNIL;
      lua_pop(L, 1);
      if (given && (i < 2 || !var->rules.graph))
        board_error(L, v, lua_pushfstring(L, "%s without points (declare a "
                                             "board's points and lines "
                                             "together)",
                                          with_points[i]));
    }
    Graph g; /* the inherited board, with a centre or a layout of its own */
    if (var->rules.graph && lua_getfield(L, t, "centre") != LUA_TNIL) {
      g = *var->rules.graph;
      g.centre = board_point(L, v, &g, -1, "centre");
      lua_pop(L, 1);
      if (!layout) { /* keep the layout it had */
        lboard_push(L, var->rules.graph);
        lua_getiuservalue(L, -1, 3);
        lua_remove(L, -2);
        layout = lua_isnil(L, -1) ? (lua_pop(L, 1), 0) : lua_gettop(L);
      } else {
        board_layout(L, v, &g);
        board_straight(L, -1, &g);
      }
      var->rules.graph = lboard_new(L, &g, layout);
      lvariant_info_set(L, v, "board");
    } else if (var->rules.graph) {
      lua_pop(L, 1); /* the centre's nil */
      if (layout) {
        board_layout(L, v, var->rules.graph);
        g = *var->rules.graph;
        board_straight(L, -1, &g);
        var->rules.graph = lboard_new(L, &g, layout);
        lvariant_info_set(L, v, "board");
      }
    }
    lua_settop(L, layout ? layout - 1 : lua_gettop(L));
    return;
  }
  Graph g;
  graph_init(&g);
  if (lua_getfield(L, t, "arms") != LUA_TNIL)
    board_error(L, v, "arms belongs to the wheel; a board of points has "
                      "no arms");
  lua_pop(L, 1);
  board_points(L, v, &g);
  lua_pop(L, 1);
  if (lua_getfield(L, t, "lines") != LUA_TNIL) board_lines(L, v, &g, "lines", 0);
  if (lua_getfield(L, t, "arrows") != LUA_TNIL)
    board_lines(L, v, &g, "arrows", 1);
  lua_pop(L, 2);
  if (lua_getfield(L, t, "centre") != LUA_TNIL)
    g.centre = board_point(L, v, &g, -1, "centre");
  lua_pop(L, 1);
  if (graph_finish(&g, err)) board_error(L, v, err);
  if (layout) {
    lua_pushvalue(L, layout);
    board_layout(L, v, &g);
    board_straight(L, -1, &g);
    lua_pop(L, 1);
  }
  var->rules.graph = lboard_new(L, &g, layout);
  lvariant_info_set(L, v, "board");
  var->rules.arms = g.n;
  if (lua_getfield(L, t, "flank") == LUA_TNIL) var->rules.flank_plies = 0;
  lua_pop(L, 1);
  if (lua_getfield(L, t, "start") == LUA_TNIL)
    board_error(L, v, "a board of points needs a start: one character per "
                      "point (b, w or .) and the side to move, e.g. \"bb.ww "
                      "b\"");
  lua_pop(L, 1);
  if (layout) lua_settop(L, layout - 1);
}

/* Applies the rule fields of the table at t to the Variant at v. */
static void apply_rules(lua_State *L, int v, int t) {
  Variant *var = lua_touserdata(L, v);
  int arms_before = var->rules.arms;
  if (lua_getfield(L, t, "arms") != LUA_TNIL && var->rules.graph)
    board_error(L, v, "arms belongs to the wheel; this variant's board is a "
                      "graph of points");
  if (!lua_isnil(L, -1))
    var->rules.arms = int_field(L, v, "arms", BOARD_MIN_ARMS, BOARD_MAX_ARMS,
                                "an even number from 4 to 64");
  if (var->rules.arms % 2 && !var->rules.graph)
    field_error(L, v, "arms", "an even number");
  if (lua_getfield(L, t, "flank") != LUA_TNIL)
    var->rules.flank_plies = flank_field(L, v);
  if (lua_getfield(L, t, "adjacent_enemy") != LUA_TNIL)
    var->rules.adjacent_enemy = bool_field(L, v, "adjacent_enemy");
  if (lua_getfield(L, t, "misere") != LUA_TNIL)
    var->rules.misere = bool_field(L, v, "misere");
  if (lua_getfield(L, t, "repetition") != LUA_TNIL)
    var->rules.repetition =
        lua_isboolean(L, -1) && !lua_toboolean(L, -1)
            ? 0
            : int_field(L, v, "repetition", 0, 1000,
                        "a count from 2 to 1000, or 0 or false for none");
  if (var->rules.repetition == 1)
    field_error(L, v, "repetition", "a count from 2 to 1000, or 0 or false");
  if (lua_getfield(L, t, "max_plies") != LUA_TNIL)
    var->rules.max_plies =
        lua_isboolean(L, -1) && !lua_toboolean(L, -1)
            ? 0
            : int_field(L, v, "max_plies", 0, BOARD_MAX_PLY,
                        "a ply count, or 0 or false for no cap");
  if (lua_getfield(L, t, "opening_plies") != LUA_TNIL)
    var->rules.hook_plies =
        int_field(L, v, "opening_plies", 0, BOARD_MAX_PLY, "a ply count");
  if (lua_getfield(L, t, "history") != LUA_TNIL)
    var->rules.history = int_field(L, v, "history", 0, RULES_MAX_HISTORY,
                                   "a number of moves from 0 to 8");
  if (lua_getfield(L, t, "pure") != LUA_TNIL)
    var->pure = bool_field(L, v, "pure");
  if (lua_getfield(L, t, "symmetric") != LUA_TNIL)
    var->symmetric = bool_field(L, v, "symmetric");
  lua_pop(L, 10);
  if (var->rules.arms != arms_before && !var->rules.graph) {
    int in_hand = var->start.hand[BLACK] == arms_before / 2 &&
                  var->start.hand[WHITE] == arms_before / 2;
    board_start(&var->start, var->rules.arms);
    if (in_hand) { /* every piece in hand, as the base started */
      var->start.arms[BLACK] = var->start.arms[WHITE] = 0;
      var->start.hand[BLACK] = var->start.hand[WHITE] =
          (uint8_t)(var->rules.arms / 2);
    }
  }
}

/* --- the move fields: drops, drop_to, slides, jumps, row, pass --- */

/* The point of the wheel of arms arms or of the board g named by the value
** at idx (an arm number or "c"; a point's name), or an error of field. */
static int field_point(lua_State *L, int v, const Graph *g, int arms, int idx,
                       const char *field) {
  lua_Integer a = 0;
  char want[48];
  if (g) return board_point(L, v, g, idx, field);
  if (lbridge_is_text(L, idx) && strcmp(lua_tostring(L, idx), "c") == 0)
    return BOARD_CENTRE;
  snprintf(want, sizeof want, "an arm number 1..%d or \"c\"", arms);
  if (!lbridge_whole(L, idx, &a) || a < 1 || a > arms) {
    lua_pushvalue(L, idx); /* the value given, where field_error reads it */
    field_error(L, v, field, want);
  }
  return (int)a - 1;
}

/* Reads the drop_to field at the top: "arms" (the wheel's, not its
** centre), a list of points or false (every point), into the points no
** drop goes to. */
static void drop_to_field(lua_State *L, int v, Variant *var) {
  Fields *f = &var->rules.fields;
  const Graph *g = var->rules.graph;
  int arms = var->rules.arms;
  if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
    f->no_drop = 0;
    f->no_drop_centre = 0;
    lua_pop(L, 1);
    return;
  }
  if (lbridge_is_text(L, -1) && strcmp(lua_tostring(L, -1), "arms") == 0 &&
      !g) {
    f->no_drop = 0;
    f->no_drop_centre = 1;
    return;
  }
  if (!lua_istable(L, -1))
    field_error(L, v, "drop_to",
                g ? "a list of points" : "\"arms\" or a list of points");
  uint64_t to = 0;
  int centre = 0, top = lua_gettop(L);
  for (lua_Integer i = 1; lua_rawgeti(L, top, i) != LUA_TNIL; i++) {
    int point = field_point(L, v, g, arms, -1, "drop_to");
    if (point == BOARD_CENTRE)
      centre = 1;
    else
      to |= (uint64_t)1 << point;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  if (!to && !centre)
    field_error(L, v, "drop_to",
                "a list of at least one point (none: no drop could be made)");
  f->no_drop = ~to;
  f->no_drop_centre = !centre;
}

/* What the errors of holds_field want: what a piece passes over, or
** where it lands (never on its own side's). */
static const char *const over_want = "\"own\", \"enemy\", \"empty\", "
                                     "\"piece\", \"any\", or a list of them";
static const char *const onto_want = "\"empty\", \"enemy\", \"any\", or a "
                                     "list of them (a piece never lands on "
                                     "its own side's)";

/* What a field naming what points hold (a jump's over and onto, a slide's
** onto) at the top says: a word or a list of words ("own", "enemy",
** "empty"; "piece": own or enemy; "any": all three), as HOLDS_* bits; an
** error saying want for anything else. */
static int holds_field(lua_State *L, int v, const char *field,
                       const char *want) {
  static const char *const words[] = {"empty", "own", "enemy", "piece", "any"};
  static const int bits[] = {HOLDS_EMPTY, HOLDS_OWN, HOLDS_ENEMY,
                             HOLDS_OWN | HOLDS_ENEMY, 7};
  int top = lua_gettop(L), out = 0, k = lua_istable(L, top) ? 0 : 1;
  if (lua_istable(L, top)) k = (int)lua_rawlen(L, top);
  if (k == 0) field_error(L, v, field, want);
  for (int i = 1; i <= k; i++) {
    if (lua_istable(L, top))
      lua_rawgeti(L, top, i);
    else
      lua_pushvalue(L, top);
    int found = -1;
    for (int w = 0; w < 5 && lbridge_is_text(L, -1); w++)
      if (strcmp(lua_tostring(L, -1), words[w]) == 0) found = w;
    if (found < 0) field_error(L, v, field, want);
    out |= bits[found];
    lua_pop(L, 1);
  }
  return out;
}

/* Reads the jump rule (a table) at the top into j. */
static void jump_rule(lua_State *L, int v, JumpRule *j, int which) {
  static const char *const keys[] = {"over", "onto", "take", "span", NULL};
  char field[32];
  int top = lua_gettop(L);
  snprintf(field, sizeof field, "jumps[%d]", which);
  if (!lua_istable(L, top))
    field_error(L, v, field, "a table {over = ..., onto = ..., take = bool, "
                             "span = n or {min, max}}");
  if (lbridge_unknown_key(L, top, keys)) /* the key, not its value, is wrong */
    field_error(L, v, field, "a table with only the fields over, onto, take "
                             "and span");
  lua_settop(L, top);
  memset(j, 0, sizeof *j);
  snprintf(field, sizeof field, "jumps[%d].over", which);
  lua_getfield(L, top, "over");
  j->over = (uint8_t)(lua_isnil(L, -1) ? HOLDS_OWN | HOLDS_ENEMY
                                       : holds_field(L, v, field, over_want));
  snprintf(field, sizeof field, "jumps[%d].onto", which);
  lua_getfield(L, top, "onto");
  j->onto = (uint8_t)(lua_isnil(L, -1) ? HOLDS_EMPTY
                                       : holds_field(L, v, field, onto_want));
  if (j->onto == 7) j->onto = HOLDS_EMPTY | HOLDS_ENEMY; /* "any" place to land */
  if (j->onto & HOLDS_OWN) field_error(L, v, field, onto_want);
  snprintf(field, sizeof field, "jumps[%d].take", which);
  if (lua_getfield(L, top, "take") != LUA_TNIL) j->take = (uint8_t)bool_field(L, v, field);
  snprintf(field, sizeof field, "jumps[%d].span", which);
  int lo = 1, hi = 1;
  if (lua_getfield(L, top, "span") == LUA_TTABLE) {
    if (lua_rawlen(L, -1) != 2)
      field_error(L, v, field, "a count 1..63 or {min, max}, two counts");
    lua_rawgeti(L, -1, 1);
    lo = int_field(L, v, field, 1, 63, "a count 1..63 or {min, max}");
    lua_rawgeti(L, -2, 2);
    hi = int_field(L, v, field, lo, 63, "{min, max}, 1 <= min <= max <= 63");
    lua_pop(L, 2);
  } else if (!lua_isnil(L, -1))
    lo = hi = int_field(L, v, field, 1, 63, "a count 1..63 or {min, max}");
  j->min = (uint8_t)lo;
  j->max = (uint8_t)hi;
  lua_settop(L, top);
}

/* Reads the jumps field at the top: false, one rule, or a list of them. */
static void jumps_field(lua_State *L, int v, Fields *f) {
  int top = lua_gettop(L);
  f->jumps = 0;
  if (lua_isboolean(L, top) && !lua_toboolean(L, top)) return;
  if (!lua_istable(L, top))
    field_error(L, v, "jumps", "a jump rule {over = ..., onto = ...}, a list "
                               "of them, or false");
  if (lua_rawlen(L, top) == 0) { /* one rule */
    jump_rule(L, v, &f->jump[0], 1);
    f->jumps = 1;
    return;
  }
  int k = (int)lua_rawlen(L, top);
  if (k > FIELDS_MAX_JUMPS) {
    char want[32];
    snprintf(want, sizeof want, "at most %d jump rules", FIELDS_MAX_JUMPS);
    field_error(L, v, "jumps", want);
  }
  for (int i = 1; i <= k; i++) {
    lua_rawgeti(L, top, i);
    jump_rule(L, v, &f->jump[i - 1], i);
    lua_pop(L, 1);
  }
  f->jumps = (uint8_t)k;
}

/* Applies the move fields of the table at t (drops, drop_to, slides,
** jumps, row, pass) to the Variant at v. */
static void apply_moves(lua_State *L, int v, int t) {
  Variant *var = lua_touserdata(L, v);
  Fields *f = &var->rules.fields;
  int top = lua_gettop(L);
  if (lua_getfield(L, t, "drops") != LUA_TNIL) {
    const char *s = lbridge_is_text(L, -1) ? lua_tostring(L, -1) : "";
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
      f->drops = DROPS_NEVER;
    else if (strcmp(s, "first") == 0)
      f->drops = DROPS_FIRST;
    else if (strcmp(s, "any") == 0)
      f->drops = DROPS_ANY;
    else
      field_error(L, v, "drops", "\"first\" (drop while holding pieces), "
                                 "\"any\" (drop or move) or false");
  }
  if (lua_getfield(L, t, "drop_to") != LUA_TNIL) drop_to_field(L, v, var);
  if (lua_getfield(L, t, "slides") != LUA_TNIL) {
    if (lua_isboolean(L, -1)) {
      f->no_slides = !lua_toboolean(L, -1);
      f->slide_takes = 0;
    } else if (lua_istable(L, -1)) {
      static const char *const keys[] = {"onto", NULL};
      if (lbridge_unknown_key(L, -1, keys)) /* the key is what is wrong */
        field_error(L, v, "slides", "true, false or {onto = ...}");
      lua_getfield(L, -1, "onto");
      int onto = holds_field(L, v, "slides.onto", onto_want);
      if (onto == 7) onto = HOLDS_EMPTY | HOLDS_ENEMY; /* "any" place to go */
      if (onto & HOLDS_OWN) field_error(L, v, "slides.onto", onto_want);
      f->no_slides = !(onto & HOLDS_EMPTY);
      f->slide_takes = (onto & HOLDS_ENEMY) != 0;
    } else
      field_error(L, v, "slides", "true, false or {onto = \"any\"}");
  }
  if (lua_getfield(L, t, "jumps") != LUA_TNIL) jumps_field(L, v, f);
  if (lua_getfield(L, t, "row") != LUA_TNIL)
    f->row = (uint8_t)(lua_isboolean(L, -1) && !lua_toboolean(L, -1)
                           ? 0
                           : int_field(L, v, "row", 2, 64,
                                       "a number of points 2..64, or false"));
  if (lua_getfield(L, t, "pass") != LUA_TNIL) {
    const char *s = lbridge_is_text(L, -1) ? lua_tostring(L, -1) : "";
    if (lua_isboolean(L, -1))
      f->pass = lua_toboolean(L, -1) ? PASS_ALWAYS : PASS_NEVER;
    else if (strcmp(s, "blocked") == 0)
      f->pass = PASS_BLOCKED;
    else if (strcmp(s, "always") == 0)
      f->pass = PASS_ALWAYS;
    else
      field_error(L, v, "pass", "\"blocked\" (when no other move), "
                                "\"always\", true or false");
  }
  if (lua_getfield(L, t, "moves") != LUA_TNIL)
    hook_field(L, v, "moves", &var->hook.moves_ref);
  if (lua_getfield(L, t, "drop_to") != LUA_TNIL && lua_toboolean(L, -1) &&
      f->drops == DROPS_NEVER)
    field_error(L, v, "drop_to", "given with drops (\"first\" or \"any\"): "
                                 "these rules drop nothing");
  lua_settop(L, top);
}

/* Sets the rows of the row rule of the Variant at v for its board (after
** the board and the fields are in). */
static void apply_row(lua_State *L, int v) {
  Variant *var = lua_touserdata(L, v);
  char err[BOARD_ERRMAX];
  Fields *f = &var->rules.fields;
  if (!f->row) {
    f->rows = 0;
    return;
  }
  if (fields_set_row(f, var->rules.graph, var->rules.arms, f->row, err)) {
    lvariant_info_get(L, v, "name");
    luaL_error(L, "variant '%s': %s", lua_tostring(L, -1), err);
  }
}

/* Applies the hook fields and the start position of the table at t. */
static void apply_hooks_start(lua_State *L, int v, int t) {
  Variant *var = lua_touserdata(L, v);
  char err[BOARD_ERRMAX];
  if (lua_getfield(L, t, "allow") != LUA_TNIL)
    hook_field(L, v, "allow", &var->hook.allow_ref);
  if (lua_getfield(L, t, "result") != LUA_TNIL)
    hook_field(L, v, "result", &var->hook.result_ref);
  if (lua_getfield(L, t, "start") != LUA_TNIL) {
    Position p;
    if (!lbridge_is_text(L, -1))
      field_error(L, v, "start", "position text (without a zero byte)");
    int bad = board_parse(&p, lua_tostring(L, -1), err) != 0;
    if (!bad && var->rules.graph)
      bad = graph_check_position(var->rules.graph, &p, err) != 0;
    else if (!bad && (p.graph || p.n != var->rules.arms)) {
      if (p.graph)
        snprintf(err, sizeof err, "it is written for a board of points, and "
                                  "the variant's board is the wheel");
      else
        snprintf(err, sizeof err, "it has %d arms, the variant %d", p.n,
                 var->rules.arms);
      bad = 1;
    }
    if (bad) {
      static const char prefix[] = "bad position: "; /* said once, below */
      const char *why = err;
      if (strncmp(why, prefix, sizeof prefix - 1) == 0) why += sizeof prefix - 1;
      lvariant_info_get(L, v, "name");
      luaL_error(L, "variant '%s': bad start position: %s", lua_tostring(L, -1),
                 why);
    }
    var->start = p;
    var->rules.pieces[BLACK] = __builtin_popcountll(p.arms[BLACK]) + p.hand[BLACK];
    var->rules.pieces[WHITE] = __builtin_popcountll(p.arms[WHITE]) + p.hand[WHITE];
    lua_getfield(L, t, "drops"); /* pieces in hand drop first, unless said */
    if (lua_isnil(L, -1) && (p.hand[BLACK] || p.hand[WHITE]) &&
        !var->rules.fields.drops)
      var->rules.fields.drops = DROPS_FIRST;
    lua_pop(L, 1);
  }
  lua_pop(L, 3);
}

/* 1 when text holds no control character (a line break, a tab...). */
static int one_line(const char *text) {
  for (; *text; text++)
    if ((unsigned char)*text < 0x20 || *text == 0x7f) return 0;
  return 1;
}

/* Applies the descriptive fields (name, description, source); a name is
** one line. */
static void apply_info(lua_State *L, int v, int t) {
  static const char *const keys[] = {"name", "description", "source"};
  for (int i = 0; i < 3; i++) {
    int type = lua_getfield(L, t, keys[i]);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    if (!lbridge_is_text(L, -1))
      field_error(L, v, keys[i], "a string without a zero byte");
    if (i == 0 && !one_line(lua_tostring(L, -1))) /* it is sent as a line */
      field_error(L, v, keys[i], "one line of text (no control characters)");
    lvariant_info_set(L, v, keys[i]);
  }
}

/* Builds a Variant from the table at t (pushed); default_name and path (may
** be NULL) describe where it came from; chain lists the specs being
** resolved. */
static Variant *from_table(lua_State *L, int t, int chain,
                           const char *default_name, const char *path) {
  char err[BOARD_ERRMAX];
  t = lua_absindex(L, t);
  Variant *var = variant_new(L);
  int v = lua_gettop(L);
  /* a table without a name or a base changes the standard rules, unless
  ** it draws a board of its own */
  lua_getfield(L, t, "points");
  lua_pushstring(L, default_name        ? default_name
                    : lua_isnil(L, -1) ? "standard"
                                        : "custom");
  lua_remove(L, -2);
  lvariant_info_set(L, v, "name");
  if (path) {
    lua_pushstring(L, path);
    lvariant_info_set(L, v, "path");
  }
  apply_info(L, v, t);
  check_keys(L, v, t);
  if (lua_getfield(L, t, "base") != LUA_TNIL) {
    resolve(L, lua_gettop(L), chain);
    inherit(L, v, lua_gettop(L));
    if (!default_name) { /* a table without a name is named after its base */
      lvariant_info_get(L, lua_gettop(L), "name");
      lvariant_info_set(L, v, "name");
    }
    lua_pop(L, 1);
    apply_info(L, v, t); /* the table's own name and description win */
  }
  lua_pop(L, 1);
  apply_board(L, v, t);
  apply_rules(L, v, t);
  apply_moves(L, v, t);
  apply_hooks_start(L, v, t);
  apply_row(L, v);
  lhook_wire(L, var);
  if (rules_check(&var->rules, err)) {
    lvariant_info_get(L, v, "name");
    luaL_error(L, "variant '%s': %s", lua_tostring(L, -1), err);
  }
  if (var->symmetric && rules_general(&var->rules)) {
    lvariant_info_get(L, v, "name");
    luaL_error(L, "variant '%s': symmetric = true does not apply: rules that "
                  "drop, jump, take, pass or win by a row are solved in tiers "
                  "or on the states play reaches, not by the symmetric table",
               lua_tostring(L, -1));
  }
  if (rules_check_position(&var->rules, &var->start, err)) {
    static const char prefix[] = "bad position: ";
    const char *why = err;
    if (strncmp(why, prefix, sizeof prefix - 1) == 0) why += sizeof prefix - 1;
    lvariant_info_get(L, v, "name");
    luaL_error(L, "variant '%s': bad start position: %s", lua_tostring(L, -1),
               why);
  }
  for (int side = BLACK; side <= WHITE && var->rules.fields.row; side++)
    if (fields_row_of(&var->rules.fields, &var->start, side)) {
      lvariant_info_get(L, v, "name");
      luaL_error(L, "variant '%s': bad start position: %s already has %d "
                    "in a row (row = %d): the game would be over before its "
                    "first move",
                 lua_tostring(L, -1), side == BLACK ? "black" : "white",
                 var->rules.fields.row, var->rules.fields.row);
    }
  lua_pushvalue(L, t);
  lvariant_info_set(L, v, "definition");
  return var;
}

/* --- finding variants: built-ins, the search path, files --- */

/* Pushes the search path list (module field "path"). */
static void push_search_path(lua_State *L) {
  lbridge_push_field(L, "path");
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
  }
}

/* 1 when s is a plain variant name (not a path). */
static int plain_name(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!(isalnum((unsigned char)*s) || *s == '-' || *s == '_')) return 0;
  return 1;
}

/* Pushes the path of variants/<name>.lua on the search path, or nothing;
** returns 1 when found (whatever it is: loading it says when it is not a
** file). */
static int find_on_path(lua_State *L, const char *name) {
  struct stat st;
  push_search_path(L);
  int list = lua_gettop(L);
  for (lua_Integer i = 1; lua_rawgeti(L, list, i) == LUA_TSTRING; i++) {
    if (!lbridge_is_text(L, -1))
      luaL_error(L,
                 "mt.path must be a list of directories: entry %d holds "
                 "a zero byte",
                 (int)i);
    const char *path =
        lua_pushfstring(L, "%s/variants/%s.lua", lua_tostring(L, -1), name);
    if (stat(path, &st) == 0) {
      lua_replace(L, list);
      lua_settop(L, list);
      return 1;
    }
    lua_pop(L, 2);
  }
  lua_settop(L, list - 1);
  return 0;
}

/* The file name of a path without directory and ".lua". */
static void base_name(const char *path, char *out, size_t size) {
  const char *slash = strrchr(path, '/');
  const char *b = slash ? slash + 1 : path;
  size_t k = strlen(b);
  if (k > 4 && strcmp(b + k - 4, ".lua") == 0) k -= 4;
  if (k >= size) k = size - 1;
  memcpy(out, b, k);
  out[k] = '\0';
}

/* 1 when an error message starts at a place in a chunk ("f.lua:3: ...",
** the chunk's name shortened or not). */
static int has_place(const char *msg) {
  for (const char *c = msg; *c && *c != '\n'; c++)
    if (c[0] == ':' && isdigit((unsigned char)c[1])) {
      const char *d = c + 1;
      while (isdigit((unsigned char)*d)) d++;
      if (d[0] == ':' && d[1] == ' ') return 1;
    }
  return 0;
}

/* Loads the variant file at path (a text chunk returning a table); in a
** sandbox (mt.sandbox, --safe) it runs with a fresh sandbox environment
** for its globals, as any script there does. */
static Variant *from_file(lua_State *L, const char *path, int chain) {
  char name[64];
  if (lfiles_load(L, path, "t") != LUA_OK)
    luaL_error(L, "cannot load variant: %s", lua_tostring(L, -1));
  if (lwatchdog_sandboxed(L)) {
    lbridge_push_api(L, "sandbox_env");
    lua_call(L, 0, 1);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  }
  int status = lua_pcall(L, 0, 1, 0);
  if (status != LUA_OK) { /* an error of its code without a place: the file's */
    if (status == LUA_ERRRUN && lua_type(L, -1) == LUA_TSTRING &&
        !lwatchdog_tripped(L) && !has_place(lua_tostring(L, -1)))
      luaL_error(L, "variant file %s: %s", path, lua_tostring(L, -1));
    lua_error(L); /* (a budget's, Ctrl-C's, memory's: as they are) */
  }
  if (!lua_istable(L, -1))
    luaL_error(L, "variant file %s must return a table, not %s", path,
               luaL_typename(L, -1));
  base_name(path, name, sizeof name);
  Variant *v = from_table(L, -1, chain, name, path);
  lua_remove(L, -2);
  return v;
}

/* Pushes a built-in variant; returns NULL when name is not one. */
static Variant *from_builtin(lua_State *L, const char *name) {
  Rules r;
  char err[BOARD_ERRMAX];
  if (rules_named(&r, name, 8, err)) return NULL;
  Variant *v = variant_new(L);
  v->rules = r;
  v->symmetric = 1;
  lua_pushstring(L, name);
  lvariant_info_set(L, -2, "name");
  return v;
}

/* Adds the spec at idx (a name, a path or a table) to the chain at chain,
** failing on a cycle (the same name, or the same table) or a chain too
** long. */
static void chain_push(lua_State *L, int chain, int idx) {
  idx = lua_absindex(L, idx);
  lua_Integer n = (lua_Integer)lua_rawlen(L, chain);
  int cycle = 0;
  for (lua_Integer i = 1; i <= n && !cycle; i++) {
    lua_rawgeti(L, chain, i);
    cycle = lua_rawequal(L, -1, idx);
    lua_pop(L, 1);
  }
  if (cycle || n >= MAX_BASE_DEPTH) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (lua_Integer i = 1; i <= n + 1; i++) {
      if (i > 1) luaL_addstring(&b, " -> ");
      if (i <= n)
        lua_rawgeti(L, chain, i);
      else
        lua_pushvalue(L, idx);
      if (lua_type(L, -1) == LUA_TSTRING)
        luaL_addvalue(&b);
      else {
        lua_pop(L, 1);
        luaL_addstring(&b, "(a table)");
      }
    }
    luaL_pushresult(&b);
    luaL_error(L, "variant bases form a %s: %s",
               cycle ? "cycle" : "chain too long", lua_tostring(L, -1));
  }
  lua_pushvalue(L, idx);
  lua_rawseti(L, chain, n + 1);
}

static void chain_pop(lua_State *L, int chain) {
  lua_pushnil(L);
  lua_rawseti(L, chain, (lua_Integer)lua_rawlen(L, chain));
}

/* The letters U+00C0 to U+017F (Latin-1 and Latin Extended-A) without
** their accents; '?' where no one plain letter is that letter. */
static const char unaccented[] =
    "AAAAAA?CEEEEIIII?NOOOOO??UUUUY??aaaaaa?ceeeeiiii?nooooo??uuuuy?y"
    "AaAaAaCcCcCcCcDd??EeEeEeEeEeGgGgGgGgHh??IiIiIiIiI?IiJjKk?LlLlLlLl"
    "??NnNnNnn??OoOoOo??RrRrRrSsSsSsSsTtTt??UuUuUuUuUuUuWwYyYZzZzZzs";

/* Raises the error of a name that names no variant (name: as given). */
static void unknown_variant(lua_State *L, const char *name) {
  luaL_error(L, "unknown variant '%s' (mt.variants() lists them)",
             lbridge_push_shown(L, name, strlen(name), LBRIDGE_SHOWN_NAME));
}

/* Pushes the name s with its accented letters plain ("misère": "misere");
** raises "unknown variant" when that is no plain name. */
static const char *push_unaccented(lua_State *L, const char *s) {
  luaL_Buffer b;
  const char *spec = s;
  luaL_buffinit(L, &b);
  while (*s) {
    unsigned char c = (unsigned char)*s, d = (unsigned char)s[1];
    unsigned code = ((c & 0x1Fu) << 6) | (d & 0x3Fu);
    if (c < 0x80)
      luaL_addchar(&b, *s++);
    else if ((c & 0xE0) == 0xC0 && (d & 0xC0) == 0x80 && code >= 0xC0 &&
             code < 0x180) { /* '?' where there is none: no plain name */
      luaL_addchar(&b, unaccented[code - 0xC0]);
      s += 2;
    } else
      break;
  }
  luaL_pushresult(&b);
  if (*s || !plain_name(lua_tostring(L, -1))) unknown_variant(L, spec);
  return lua_tostring(L, -1);
}

/* 1 when the spec s names a file: it has a /, ends in .lua or is there. */
static int names_file(const char *s) {
  struct stat st;
  size_t k = strlen(s);
  return strchr(s, '/') || (k > 4 && strcmp(s + k - 4, ".lua") == 0) ||
         stat(s, &st) == 0;
}

/* Pushes the Variant for a name or path (a name with accented letters is
** taken without them). */
static Variant *from_string(lua_State *L, int spec, int chain) {
  Variant *v;
  const char *s = lua_tostring(L, spec);
  if (!lbridge_is_text(L, spec))
    luaL_error(L, "a variant's name or path holds a zero byte");
  chain_push(L, chain, spec);
  int unaccented_at = 0; /* where the name without accents is, if pushed */
  if (!plain_name(s) && !names_file(s)) {
    s = push_unaccented(L, s);
    unaccented_at = lua_gettop(L);
  }
  if (!plain_name(s) && lwatchdog_sandboxed(L))
    luaL_error(L, "loading a variant from a file is not allowed in a sandbox");
  if (!plain_name(s))
    v = from_file(L, s, chain);
  else if (find_on_path(L, s)) {
    v = from_file(L, lua_tostring(L, -1), chain);
    lua_remove(L, -2);
  } else if (!(v = from_builtin(L, s))) {
    unknown_variant(L, lua_tostring(L, spec));
  }
  if (unaccented_at) lua_remove(L, unaccented_at);
  chain_pop(L, chain);
  return v;
}

/* Pushes the Variant of the spec at index spec. */
static Variant *resolve(lua_State *L, int spec, int chain) {
  spec = lua_absindex(L, spec);
  luaL_checkstack(L, 20, "variant bases nest too deeply");
  Variant *v = lvariant_test(L, spec);
  if (v) {
    lua_pushvalue(L, spec);
    return v;
  }
  if (lua_type(L, spec) == LUA_TSTRING) return from_string(L, spec, chain);
  if (lua_istable(L, spec)) {
    chain_push(L, chain, spec);
    v = from_table(L, spec, chain, NULL, NULL);
    chain_pop(L, chain);
    return v;
  }
  luaL_error(L, "a variant is a name, a path, a table or a Variant, not %s",
             luaL_typename(L, spec));
  return NULL;
}

/* resolve_spec(spec) — the Variant of a name, path or table (run
** protected by lvariant_get). */
static int resolve_spec(lua_State *L) {
  lua_newtable(L);
  resolve(L, 1, 2);
  return 1;
}

Variant *lvariant_get(lua_State *L, int arg) {
  arg = lua_absindex(L, arg);
  if (lua_gettop(L) < arg) lua_settop(L, arg);
  if (lua_isnil(L, arg)) {
    lua_pushliteral(L, "standard");
    lua_replace(L, arg);
  }
  Variant *v = lvariant_test(L, arg);
  if (v) return v;
  if (lua_type(L, arg) != LUA_TSTRING && !lua_istable(L, arg))
    luaL_typeerror(L, arg, "variant (a name, a path, a table or a Variant)");
  lua_pushcfunction(L, resolve_spec);
  lua_pushvalue(L, arg);
  int status = lua_pcall(L, 1, 1, 0);
  if (status != LUA_OK) { /* what is wrong with it, as an argument error */
    if (status == LUA_ERRMEM || lua_type(L, -1) != LUA_TSTRING ||
        lwatchdog_tripped(L))
      lua_error(L);
    luaL_argerror(L, arg, lua_tostring(L, -1));
  }
  lua_replace(L, arg);
  return lvariant_test(L, arg);
}

/* --- the Lua API --- */

/* mt.variant(spec) — the Variant of any spec. */
static int variant_get(lua_State *L) {
  luaL_checkany(L, 1);
  lvariant_get(L, 1);
  lua_settop(L, 1);
  return 1;
}

/* mt.variants() — the sorted names of the built-ins and of every variant
** script on the search path. */
static int variant_list(lua_State *L) {
  lua_newtable(L);
  int set = lua_gettop(L);
  for (int i = 0; rules_names[i]; i++) {
    lua_pushboolean(L, 1);
    lua_setfield(L, set, rules_names[i]);
  }
  lbridge_scripts(L, "variants", set);
  lbridge_sorted_keys(L, set);
  return 1;
}

/* Pushes what a HOLDS_* mask names as a list ({"own", "enemy"}). */
static void push_holds(lua_State *L, int holds) {
  static const char *const words[] = {"empty", "own", "enemy"};
  int k = 0;
  lua_newtable(L);
  for (int i = 0; i < 3; i++)
    if (holds >> i & 1) {
      lua_pushstring(L, words[i]);
      lua_rawseti(L, -2, ++k);
    }
}

/* Pushes a point of r's board as the fields name it. */
static void push_rule_point(lua_State *L, const Rules *r, int point) {
  if (r->graph)
    lua_pushstring(L, r->graph->name[point]);
  else if (point == BOARD_CENTRE)
    lua_pushliteral(L, "c");
  else
    lua_pushinteger(L, point + 1);
}

/* Sets the move fields of r in the parameters table on top, as a variant
** table gives them: drops, drop_to, slides, jumps, row, pass. */
static void set_move_parameters(lua_State *L, const Rules *r) {
  static const char *const drops[] = {NULL, "first", "any"};
  static const char *const passes[] = {NULL, "blocked", "always"};
  const Fields *f = &r->fields;
  uint64_t full = board_full(r->arms), to = ~f->no_drop & full;
  if (f->drops) lua_pushstring(L, drops[f->drops]);
  else lua_pushboolean(L, 0);
  lua_setfield(L, -2, "drops");
  if (f->drops && !r->graph && to == full && f->no_drop_centre)
    lua_pushliteral(L, "arms");
  else if (f->drops && (to != full || f->no_drop_centre)) {
    int k = 0;
    lua_newtable(L);
    for (; to; to &= to - 1) {
      push_rule_point(L, r, __builtin_ctzll(to));
      lua_rawseti(L, -2, ++k);
    }
    if (!r->graph && !f->no_drop_centre) {
      lua_pushliteral(L, "c");
      lua_rawseti(L, -2, ++k);
    }
  } else
    lua_pushnil(L);
  lua_setfield(L, -2, "drop_to");
  if (f->slide_takes) {
    lua_createtable(L, 0, 1);
    lua_pushstring(L, f->no_slides ? "enemy" : "any");
    lua_setfield(L, -2, "onto");
  } else
    lua_pushboolean(L, !f->no_slides);
  lua_setfield(L, -2, "slides");
  if (!f->jumps) lua_pushboolean(L, 0);
  else {
    lua_createtable(L, f->jumps, 0);
    for (int i = 0; i < f->jumps; i++) {
      const JumpRule *j = &f->jump[i];
      lua_createtable(L, 0, 4);
      push_holds(L, j->over);
      lua_setfield(L, -2, "over");
      push_holds(L, j->onto);
      lua_setfield(L, -2, "onto");
      lua_pushboolean(L, j->take);
      lua_setfield(L, -2, "take");
      lua_createtable(L, 2, 0);
      lua_pushinteger(L, j->min);
      lua_rawseti(L, -2, 1);
      lua_pushinteger(L, j->max);
      lua_rawseti(L, -2, 2);
      lua_setfield(L, -2, "span");
      lua_rawseti(L, -2, i + 1);
    }
  }
  lua_setfield(L, -2, "jumps");
  if (f->row) lua_pushinteger(L, f->row);
  else lua_pushboolean(L, 0);
  lua_setfield(L, -2, "row");
  if (f->pass) lua_pushstring(L, passes[f->pass]);
  else lua_pushboolean(L, 0);
  lua_setfield(L, -2, "pass");
}

void lvariant_set_rule_fields(lua_State *L, const Rules *r) {
  if (r->flank_plies == RULES_ALWAYS)
    lua_pushliteral(L, "always");
  else if (r->flank_plies == 0)
    lua_pushliteral(L, "never");
  else
    lua_pushinteger(L, r->flank_plies);
  lua_setfield(L, -2, "flank");
  lua_pushboolean(L, r->adjacent_enemy);
  lua_setfield(L, -2, "adjacent_enemy");
  lua_pushboolean(L, r->misere);
  lua_setfield(L, -2, "misere");
  lua_pushinteger(L, r->repetition);
  lua_setfield(L, -2, "repetition");
  lua_pushinteger(L, r->max_plies);
  lua_setfield(L, -2, "max_plies");
}

/* Pushes the parameters of r as a table, with the hooks (whether allow,
** result and moves are there) and the promises of the hooks. */
static void push_parameters(lua_State *L, const Rules *r, int allow, int result,
                            int pure, int symmetric) {
  lua_createtable(L, 0, 12);
  lua_pushinteger(L, r->arms);
  lua_setfield(L, -2, r->graph ? "points" : "arms");
  if (r->graph) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, r->pieces[BLACK]);
    lua_setfield(L, -2, "black");
    lua_pushinteger(L, r->pieces[WHITE]);
    lua_setfield(L, -2, "white");
    lua_setfield(L, -2, "pieces");
  }
  lvariant_set_rule_fields(L, r);
  lua_pushinteger(L, r->hook_plies);
  lua_setfield(L, -2, "opening_plies");
  lua_pushinteger(L, r->history);
  lua_setfield(L, -2, "history");
  lua_pushboolean(L, pure);
  lua_setfield(L, -2, "pure");
  lua_pushboolean(L, symmetric && !rules_general(r));
  lua_setfield(L, -2, "symmetric");
  set_move_parameters(L, r);
  lua_createtable(L, 0, 3);
  lua_pushboolean(L, allow);
  lua_setfield(L, -2, "allow");
  lua_pushboolean(L, result);
  lua_setfield(L, -2, "result");
  lua_pushboolean(L, r->hooks.makes);
  lua_setfield(L, -2, "moves");
  lua_setfield(L, -2, "hooks");
}

/* mt.builtins() — {name = parameters} of the variants built into the
** core. */
static int variant_builtins(lua_State *L) {
  Rules r;
  char err[BOARD_ERRMAX];
  lua_newtable(L);
  for (int i = 0; rules_names[i]; i++) {
    rules_named(&r, rules_names[i], 8, err);
    push_parameters(L, &r, 0, 0, 1, 1);
    lua_setfield(L, -2, rules_names[i]);
  }
  return 1;
}

static Variant *variant_self(lua_State *L) {
  return lbridge_checkudata(L, 1, LVARIANT_META);
}

/* v:parameters() — the rule parameters as a table. */
static int variant_parameters(lua_State *L) {
  Variant *v = variant_self(L);
  push_parameters(L, &v->rules, v->hook.allow_ref != LUA_NOREF,
                  v->hook.result_ref != LUA_NOREF, v->pure,
                  v->symmetric || !rules_hooked(&v->rules));
  return 1;
}

/* v:board() — the board: its points, lines and layout (lboard_describe). */
static int variant_board(lua_State *L) {
  Variant *v = variant_self(L);
  lboard_describe(L, v->rules.graph, v->rules.arms);
  return 1;
}

/* v:memo() — what the memo of the variant's pure hooks holds: {states,
** hits, misses, bytes, limit}; nil when the variant has no pure hooks. */
static int variant_memo(lua_State *L) {
  Variant *v = variant_self(L);
  if (!v->hook.memo) return 0;
  MemoStats s = memo_stats(v->hook.memo);
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, (lua_Integer)s.states);
  lua_setfield(L, -2, "states");
  lua_pushinteger(L, (lua_Integer)s.hits);
  lua_setfield(L, -2, "hits");
  lua_pushinteger(L, (lua_Integer)s.misses);
  lua_setfield(L, -2, "misses");
  lua_pushinteger(L, (lua_Integer)s.bytes);
  lua_setfield(L, -2, "bytes");
  lua_pushinteger(L, (lua_Integer)s.max_bytes);
  lua_setfield(L, -2, "limit");
  return 1;
}

/* Checks that position p (argument arg) fits variant v (its board and
** pieces). */
static void check_fits(lua_State *L, const Variant *v, const Position *p,
                       int arg) {
  char err[BOARD_ERRMAX];
  if (rules_check_position(&v->rules, p, err)) luaL_argerror(L, arg, err);
}

/* The position at arg and the history after it (arg + 1) that led to it,
** for variant v. */
static Position check_state(lua_State *L, const Variant *v, int arg,
                            History *h) {
  Position p = lposition_check(L, arg);
  check_fits(L, v, &p, arg);
  lhistory_check(L, arg + 1, &v->rules, &p, rules_memory(&v->rules), h);
  return p;
}

/* v:moves(position [, history]) — the legal moves in a position reached by
** the history, as Move values. */
static int variant_moves(lua_State *L) {
  Variant *v = variant_self(L);
  History h;
  Position p = check_state(L, v, 2, &h);
  Move moves[RULES_MAX_MOVES];
  lua_State *before = lhook_enter(v, L);
  int k = rules_moves(&v->rules, &p, &h, moves);
  lhook_leave(v, before);
  if (k < 0) return lhook_raise(L, v);
  lua_createtable(L, k, 0);
  for (int i = 0; i < k; i++) {
    lboard_push_move(L, v->rules.graph, v->rules.arms, moves[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* v:play(position, move [, history]) — the position after a legal move,
** and the history after it. */
static int variant_play(lua_State *L) {
  Variant *v = variant_self(L);
  Position p = lposition_check(L, 2);
  History h;
  check_fits(L, v, &p, 2);
  Move m = lmove_check(L, 3, &v->rules);
  lhistory_check(L, 4, &v->rules, &p, rules_memory(&v->rules), &h);
  char why[BOARD_ERRMAX], text[BOARD_MOVEMAX];
  lua_State *before = lhook_enter(v, L);
  int ok = rules_explain(&v->rules, &p, &h, m, why);
  lhook_leave(v, before);
  if (ok < 0) return lhook_raise(L, v);
  if (!ok)
    return luaL_error(L, "illegal move %s: %s",
                      rules_format_move(&v->rules, m, text), why);
  board_play(&p, m);
  history_push(&h, m, rules_memory(&v->rules));
  lposition_push(L, &p, v->rules.graph);
  lhistory_push(L, v->rules.graph, v->rules.arms, &h);
  return 2;
}

/* v:key(position [, history]) — a text two states share exactly when they
** are the same to the variant's rules: the board and side, the ply as the
** rules read it, the moves they remember. */
static int variant_key(lua_State *L) {
  Variant *v = variant_self(L);
  History h;
  Position p = check_state(L, v, 2, &h);
  char text[BOARD_POSMAX];
  unsigned ply = rules_ply_bucket(&v->rules, p.ply);
  p.ply = 0;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, board_format(&p, text));
  lua_pushfstring(L, " %d", (int)ply);
  luaL_addvalue(&b);
  for (int i = 0; i < h.count; i++) {
    luaL_addchar(&b, ' ');
    luaL_addstring(&b, rules_format_move(&v->rules, h.moves[i], text));
  }
  luaL_pushresult(&b);
  return 1;
}

/* v:mobility(position [, history]) — the number of legal moves of the side
** to move, and of the other side were it to move (hooks asked when there
** are any; the other side's count knows no history). */
static int variant_mobility(lua_State *L) {
  Variant *v = variant_self(L);
  History h;
  Position p = check_state(L, v, 2, &h), other;
  Move moves[RULES_MAX_MOVES];
  other = p;
  other.side ^= 1;
  if (!rules_hooked(&v->rules)) {
    lua_pushinteger(L, rules_param_count(&v->rules, &p));
    lua_pushinteger(L, rules_param_count(&v->rules, &other));
    return 2;
  }
  lua_State *before = lhook_enter(v, L);
  int a = rules_moves(&v->rules, &p, &h, moves);
  int b = a < 0 ? a : rules_moves(&v->rules, &other, NULL, moves);
  lhook_leave(v, before);
  if (a < 0 || b < 0) return lhook_raise(L, v);
  lua_pushinteger(L, a);
  lua_pushinteger(L, b);
  return 2;
}

/* v:outcome(position [, history]) — nil while the game goes on, else
** "black", "white" or "draw" and the reason ("blocked" or "rule");
** repetition and the ply cap need a game. */
static int variant_outcome(lua_State *L) {
  static const char *const outcomes[] = {NULL, "black", "white", "draw"};
  Variant *v = variant_self(L);
  History h;
  Position p = check_state(L, v, 2, &h);
  int reason;
  lua_State *before = lhook_enter(v, L);
  int outcome = rules_outcome(&v->rules, &p, &h, &reason);
  lhook_leave(v, before);
  if (outcome < 0) return lhook_raise(L, v);
  if (!outcome) return 0;
  lua_pushstring(L, outcomes[outcome]);
  lua_pushstring(L, reason == REASON_RULE  ? "rule"
                   : reason == REASON_ROW ? "row"
                                          : "blocked");
  return 2;
}

/* 1 when key (k bytes) is name. */
static int key_is(const char *key, size_t k, const char *name) {
  return k == strlen(name) && memcmp(key, name, k) == 0;
}

/* __index (upvalue 1: the methods table): the fields, then the methods. */
static int variant_index(lua_State *L) {
  Variant *v = variant_self(L);
  size_t k;
  const char *key = luaL_checklstring(L, 2, &k);
  if (!lbridge_is_text(L, 2)) return 0; /* no field's name */
  if (key_is(key, k, "arms") && !v->rules.graph)
    lua_pushinteger(L, v->rules.arms);
  else if (key_is(key, k, "points") && v->rules.graph)
    lua_pushinteger(L, v->rules.arms);
  else if (key_is(key, k, "start"))
    lposition_push(L, &v->start, v->rules.graph);
  else if (key_is(key, k, "hooked"))
    lua_pushboolean(L, rules_hooked(&v->rules));
  else if (key_is(key, k, "general"))
    lua_pushboolean(L, rules_general(&v->rules));
  else if (key_is(key, k, "opening"))
    lua_pushinteger(L, rules_opening_plies(&v->rules));
  else if (key_is(key, k, "history"))
    lua_pushinteger(L, rules_memory(&v->rules));
  else if (key_is(key, k, "name") || key_is(key, k, "description") ||
           key_is(key, k, "source") || key_is(key, k, "path") ||
           key_is(key, k, "base") || key_is(key, k, "definition"))
    lvariant_info_get(L, 1, key);
  else {
    lua_settop(L, 2);
    lua_gettable(L, lua_upvalueindex(1));
  }
  return 1;
}

static int variant_tostring(lua_State *L) {
  Variant *v = variant_self(L);
  lvariant_info_get(L, 1, "name");
  lua_pushfstring(L, "variant %s (%d %s)", lua_tostring(L, -1),
                  v->rules.arms, v->rules.graph ? "points" : "arms");
  return 1;
}

/* Two variants are equal when they are the same value, or when neither has
** hooks and their parameters and start positions agree. */
static int variant_eq(lua_State *L) {
  Variant *a = lvariant_test(L, 1), *b = lvariant_test(L, 2);
  int same = a && b && a == b;
  if (a && b && !same && !rules_hooked(&a->rules) && !rules_hooked(&b->rules)) {
    Rules x = a->rules, y = b->rules;
    memset(&x.hooks, 0, sizeof x.hooks);
    memset(&y.hooks, 0, sizeof y.hooks);
    same = rules_equal(&x, &y) &&
           memcmp(&a->start, &b->start, sizeof a->start) == 0;
  }
  lua_pushboolean(L, same);
  return 1;
}

void lvariant_open(lua_State *L, int module) {
  static const luaL_Reg meta[] = {{"__tostring", variant_tostring},
                                  {"__eq", variant_eq},
                                  {"__gc", variant_gc},
                                  {NULL, NULL}};
  static const luaL_Reg methods[] = {{"parameters", variant_parameters},
                                     {"moves", variant_moves},
                                     {"play", variant_play},
                                     {"outcome", variant_outcome},
                                     {"mobility", variant_mobility},
                                     {"memo", variant_memo},
                                     {"board", variant_board},
                                     {"key", variant_key},
                                     {NULL, NULL}};
  static const char *const fields[] = {
      "name",  "description", "source",     "path",    "base",    "arms",
      "start", "hooked",      "definition", "opening", "history", "points",
      "general", NULL};
  lbridge_newmetatable(L, LVARIANT_META);
  luaL_setfuncs(L, meta, 0);
  lua_newtable(L);
  luaL_setfuncs(L, methods, 0);
  lua_pushvalue(L, -1);
  lua_setfield(L, module, "Variant");
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, variant_index, 1);
  lua_setfield(L, -3, "__index");
  lua_setfield(L, -2, "methods");
  lua_newtable(L);
  for (int i = 0; fields[i]; i++) {
    lua_pushstring(L, fields[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "fields");
  lua_pop(L, 1);
  static const luaL_Reg functions[] = {{"variant", variant_get},
                                       {"variants", variant_list},
                                       {"builtins", variant_builtins},
                                       {NULL, NULL}};
  lua_pushvalue(L, module);
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
}

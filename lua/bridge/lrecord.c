/*
** lrecord.c — game records from Lua: g:record(), g:save(path) (written as
** safefile.h says, so a crash never leaves half a record), mt.load(path)
** (regular files only) and mt.from_record(text).
*/
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lboard.h"
#include "lfiles.h"
#include "lgame.h"
#include "lvariant.h"
#include "lposition.h"
#include "lwatchdog.h"
#include "lopen.h"
#include "memory.h"
#include "record.h"
#include "safefile.h"

/* The tags in the order they are written; others follow, sorted. */
static const char *const tag_order[] = {
    "Event",  "Site",     "Date",   "Round",         "Variant", "VariantPath",
    "Arms",   "Points",   "Lines",  "Arrows",        "Centre",  "Layout",
    "Flank",  "AdjacentEnemy",      "Misere",        "Repetition", "MaxPlies",
    "Moves",  "Black",    "White",  "Result",        "Position",   NULL};

/* The tags that carry a graph board, and the variant table fields they
** fill. */
static const char *const board_tags[] = {"Points", "Lines", "Arrows", "Centre",
                                         NULL};
static const char *const board_fields[] = {"points", "lines", "arrows",
                                           "centre"};

/* 1 when s is a plain variant name (letters, digits, - and _). */
static int plain_name(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!(isalnum((unsigned char)*s) || *s == '-' || *s == '_')) return 0;
  return 1;
}

/* Pushes the Variant that {base = name, arms = arms} gives (arms 0: the
** name alone), or nil when it does not resolve. */
static Variant *resolve_name(lua_State *L, const char *name, int arms) {
  lbridge_push_api(L, "variant");
  lua_createtable(L, 0, 2);
  lua_pushstring(L, name);
  lua_setfield(L, -2, "base");
  if (arms) {
    lua_pushinteger(L, arms);
    lua_setfield(L, -2, "arms");
  }
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    lua_pop(L, 1);
    lua_pushnil(L);
    return NULL;
  }
  return lvariant_test(L, -1);
}

/* The words of what each point may hold, for the Moves tag. */
static const char *const holds_words[] = {"empty", "own", "enemy"};

/* Appends what a HOLDS_* mask names ("own+enemy") to the buffer. */
static void add_holds(luaL_Buffer *b, int holds) {
  int first = 1;
  for (int i = 0; i < 3; i++)
    if (holds >> i & 1) {
      if (!first) luaL_addchar(b, '+');
      luaL_addstring(b, holds_words[i]);
      first = 0;
    }
}

/* Pushes the text of the Moves tag of r's move fields: words such as
** "drops=first drop_to=arms slides=empty jump=own>enemy:1-1 row=3
** pass=blocked" (slides always said, the others when set). */
static void push_moves_text(lua_State *L, const Rules *r) {
  static const char *const slides[] = {"empty", "any", "none", "enemy"};
  static const char *const drops[] = {"", "first", "any"};
  static const char *const passes[] = {"", "blocked", "always"};
  const Fields *f = &r->fields;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  if (f->drops) lua_pushfstring(L, "drops=%s ", drops[f->drops]), luaL_addvalue(&b);
  uint64_t to = ~f->no_drop & board_full(r->arms);
  if (f->drops && (to != board_full(r->arms) || f->no_drop_centre)) {
    luaL_addstring(&b, "drop_to=");
    if (!r->graph && to == board_full(r->arms) && f->no_drop_centre)
      luaL_addstring(&b, "arms");
    int first = 1;
    for (; to != board_full(r->arms) || (r->graph && to); to &= to - 1) {
      char name[GRAPH_NAMEMAX + 4];
      int p = __builtin_ctzll(to);
      if (!to) break;
      if (r->graph)
        snprintf(name, sizeof name, "%s", r->graph->name[p]);
      else
        snprintf(name, sizeof name, "%d", p + 1);
      luaL_addstring(&b, first ? "" : ",");
      luaL_addstring(&b, name);
      first = 0;
    }
    if (!r->graph && !f->no_drop_centre && ~f->no_drop & board_full(r->arms))
      luaL_addstring(&b, ",c");
    luaL_addchar(&b, ' ');
  }
  lua_pushfstring(L, "slides=%s", slides[f->no_slides * 2 + f->slide_takes]);
  luaL_addvalue(&b);
  for (int i = 0; i < f->jumps; i++) {
    luaL_addstring(&b, " jump=");
    add_holds(&b, f->jump[i].over);
    luaL_addchar(&b, '>');
    add_holds(&b, f->jump[i].onto);
    if (f->jump[i].take) luaL_addstring(&b, ":take");
    lua_pushfstring(L, ":%d-%d", f->jump[i].min, f->jump[i].max);
    luaL_addvalue(&b);
  }
  if (f->row) lua_pushfstring(L, " row=%d", f->row), luaL_addvalue(&b);
  if (f->pass) lua_pushfstring(L, " pass=%s", passes[f->pass]), luaL_addvalue(&b);
  luaL_pushresult(&b);
}

/* Sets the rule tags (Flank, ...) in the table at t where the variant v
** differs from named, what its name gives (all of them when it gives
** nothing). */
static void rule_tags(lua_State *L, int t, const Variant *v,
                      const Variant *named) {
  const Rules *a = &v->rules, *b = named ? &named->rules : NULL;
  if (!b || a->flank_plies != b->flank_plies) {
    if (a->flank_plies == RULES_ALWAYS)
      lua_pushliteral(L, "always");
    else if (a->flank_plies == 0)
      lua_pushliteral(L, "never");
    else
      lua_pushinteger(L, a->flank_plies);
    lua_setfield(L, t, "Flank");
  }
  if (!b || !a->adjacent_enemy != !b->adjacent_enemy) {
    lua_pushstring(L, a->adjacent_enemy ? "true" : "false");
    lua_setfield(L, t, "AdjacentEnemy");
  }
  if (!b || !a->misere != !b->misere) {
    lua_pushstring(L, a->misere ? "true" : "false");
    lua_setfield(L, t, "Misere");
  }
  if (!b || a->repetition != b->repetition) {
    lua_pushinteger(L, a->repetition);
    lua_setfield(L, t, "Repetition");
  }
  if (!b || a->max_plies != b->max_plies) {
    lua_pushinteger(L, a->max_plies);
    lua_setfield(L, t, "MaxPlies");
  }
  if ((!b && !fields_plain(&a->fields)) ||
      (b && !fields_equal(&a->fields, &b->fields))) {
    push_moves_text(L, a);
    lua_setfield(L, t, "Moves");
  }
}

static int known_tag(const char *name) {
  for (int i = 0; tag_order[i]; i++)
    if (strcmp(tag_order[i], name) == 0) return 1;
  return 0;
}

/* Adds tag name = value to the list (when there is a value; tag_list
** checked the room and the lengths). */
static void add_tag(RecordTag *tags, int *count, const char *name,
                    const char *value) {
  if (!value || *count >= RECORD_MAX_TAGS) return;
  snprintf(tags[*count].name, RECORD_NAMEMAX, "%s", name);
  snprintf(tags[*count].value, RECORD_VALUEMAX, "%s", value);
  (*count)++;
}

/* The tags written from the game itself: what it is and how it ended. */
static int game_tag(const char *name) {
  static const char *const names[] = {
      "Variant",  "Arms",       "Points",   "Lines",    "Arrows",
      "Centre",   "Layout",     "Flank",    "AdjacentEnemy",        "Misere",
      "Repetition", "MaxPlies", "Moves",    "Position", "Result",   NULL};
  for (int i = 0; names[i]; i++)
    if (strcmp(names[i], name) == 0) return 1;
  return 0;
}

/* 1 when path is a relative path that stays in its folder: no leading /,
** no .. part. */
static int inside_path(const char *path) {
  if (!*path || *path == '/') return 0;
  for (const char *p = path; *p;) {
    const char *slash = strchr(p, '/');
    size_t k = slash ? (size_t)(slash - p) : strlen(p);
    if (k == 2 && p[0] == '.' && p[1] == '.') return 0;
    p += k + (slash != NULL);
  }
  return 1;
}

/* Raises an error about a tag: one of argument arg (the tags a call
** gives), or, when arg is 0, a plain one (the game's own tags). */
static int tag_error(lua_State *L, int arg, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  const char *message = lua_pushvfstring(L, format, ap);
  va_end(ap);
  return arg ? luaL_argerror(L, arg, message)
             : luaL_error(L, "the game's tags: %s", message);
}

/* Checks the tag name = value at the top two stack slots (name below, a
** string), which a record must hold as written; raises a clear error when
** it cannot (one of argument arg, when not 0).  The value is left as a
** string. */
static void check_tag(lua_State *L, int arg) {
  size_t k, n;
  const char *name = lua_tolstring(L, -2, &n);
  int ok = n > 0 && n < RECORD_NAMEMAX;
  for (size_t i = 0; i < n && ok; i++)
    ok = isalnum((unsigned char)name[i]) || name[i] == '_';
  if (!ok)
    tag_error(L, arg,
              "bad tag name %s: a tag name is a word of letters, digits "
              "and _, at most %d characters",
              lbridge_describe(L, -2), RECORD_NAMEMAX - 1);
  int type = lua_type(L, -1);
  if (type == LUA_TBOOLEAN) {
    lua_pushstring(L, lua_toboolean(L, -1) ? "true" : "false");
    lua_replace(L, -2);
  } else if (type != LUA_TSTRING && type != LUA_TNUMBER)
    tag_error(L, arg,
              "tag %s: the value must be a string, a number or a "
              "boolean, not a %s",
              name, luaL_typename(L, -1));
  const char *value = lua_tolstring(L, -1, &k);
  if (k >= RECORD_VALUEMAX)
    tag_error(L, arg, "tag %s: the value is longer than %d bytes", name,
              RECORD_VALUEMAX - 1);
  if (strlen(value) != k || strchr(value, '\n'))
    tag_error(L, arg,
              "tag %s: a tag value is one line of text (no line break "
              "or zero byte)",
              name);
  if (strcmp(name, "VariantPath") == 0 && !inside_path(value))
    tag_error(L, arg,
              "tag VariantPath: \"%s\" is not a relative path inside "
              "the record's folder",
              value);
}

/* Pushes the entries of the list at index list joined by spaces: names,
** or with pairs the pairs {a, b} written "a-b". */
static void push_joined(lua_State *L, int list, int pairs) {
  luaL_Buffer b;
  list = lua_absindex(L, list);
  luaL_buffinit(L, &b);
  lua_Integer k = (lua_Integer)lua_rawlen(L, list);
  for (lua_Integer i = 1; i <= k; i++) {
    if (i > 1) luaL_addchar(&b, ' ');
    for (int j = 1; j <= (pairs ? 2 : 1); j++) {
      if (j == 2) luaL_addchar(&b, '-');
      lua_rawgeti(L, list, i);
      if (pairs) {
        lua_rawgeti(L, -1, j);
        lua_remove(L, -2);
      }
      luaL_addvalue(&b);
    }
  }
  luaL_pushresult(&b);
}

/* Adds x to the buffer b as the shortest text that reads back as x, a
** whole number below 2^53 in plain digits (100, not 1e+02). */
static void add_number(luaL_Buffer *b, double x) {
  char text[32];
  if (x > -9007199254740992.0 && x < 9007199254740992.0 &&
      x == (double)(long long)x)
    snprintf(text, sizeof text, "%.0f", x);
  else
    for (int digits = 1; digits <= 17; digits++) {
      snprintf(text, sizeof text, "%.*g", digits, x);
      if (strtod(text, NULL) == x) break;
    }
  luaL_addstring(b, text);
}

/* Pushes the Layout tag of the layout table at idx ({name = {x, y}}) on
** board g: "name:x,y" for each point in order, spaces between; raises when
** it is longer than a tag holds. */
static void push_layout(lua_State *L, int idx, const Graph *g) {
  luaL_Buffer b;
  idx = lua_absindex(L, idx);
  luaL_buffinit(L, &b);
  for (int i = 0; i < g->n; i++) {
    lua_getfield(L, idx, g->name[i]);
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    double x = lua_tonumber(L, -2), y = lua_tonumber(L, -1);
    lua_pop(L, 3);
    if (i) luaL_addchar(&b, ' ');
    luaL_addstring(&b, g->name[i]);
    luaL_addchar(&b, ':');
    add_number(&b, x);
    luaL_addchar(&b, ',');
    add_number(&b, y);
  }
  luaL_pushresult(&b);
  if (lua_rawlen(L, -1) >= RECORD_VALUEMAX)
    luaL_error(L, "the board's layout does not fit a record: its Layout tag "
                  "would be longer than %d bytes",
               RECORD_VALUEMAX - 1);
}

/* Sets the tags of graph board g in the table at t: Points (the names in
** their order), Lines and Arrows ("a-b", spaces between), Centre, Layout
** ("name:x,y" in the points' order). */
static void set_board_tags(lua_State *L, int t, const Graph *g) {
  lboard_describe(L, g, g->n);
  int d = lua_gettop(L);
  for (int i = 0; board_tags[i]; i++) {
    int type = lua_getfield(L, d, board_fields[i]);
    if (type == LUA_TTABLE && lua_rawlen(L, -1) > 0) {
      push_joined(L, -1, i > 0);
      lua_setfield(L, t, board_tags[i]);
    } else if (type == LUA_TSTRING) {
      lua_pushvalue(L, -1);
      lua_setfield(L, t, board_tags[i]);
    }
    lua_settop(L, d);
  }
  if (lua_getfield(L, d, "layout") == LUA_TTABLE) {
    push_layout(L, -1, g);
    lua_setfield(L, t, "Layout");
  }
  lua_settop(L, d - 1);
}

/* 1 when the Result tag on top (its value, the name below) is a result
** decided outside the moves that the record keeps: the moves do not end
** the game (a draw agreed, a resignation, a loss on time, an
** adjudication), nothing is left to redo (after an undo the game goes on,
** and so does its record), and the value is 1-0, 0-1, 1/2-1/2 or *.
** Otherwise 0: the game's own result is written.  A value that is no
** result is an error (of argument arg, or of the game's own tags when arg
** is 0), and so is a Result among the tags given (arg) that the moves
** contradict. */
static int claimed_result(lua_State *L, const Game *g, int arg) {
  static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", NULL};
  const char *value = lua_tostring(L, -1);
  int known = 0;
  for (int i = 0; results[i]; i++) known |= strcmp(results[i], value) == 0;
  if (!known)
    tag_error(L, arg, "tag Result: \"%s\" is not 1-0, 0-1, 1/2-1/2 or *",
              value);
  const char *actual = record_result_of(g);
  if (strcmp(actual, "*") == 0) return g->top == g->length;
  if (arg && strcmp(actual, value) != 0)
    tag_error(L, arg, "tag Result: the moves end the game %s", actual);
  return 0;
}

/* The default tags of the game at 1 (the variant's, Date, Position),
** overridden by the game's tags and then by the table at extra (may be
** 0); collected into a table left on the stack.  The tags that say what
** the game is and how it ended are always the game's own: extra may not
** name them. */
static void collect_tags(lua_State *L, int extra, const Game *g) {
  char buf[BOARD_POSMAX];
  lua_newtable(L);
  int t = lua_gettop(L);
  time_t now = time(NULL);
  struct tm day;
  if (localtime_r(&now, &day) && strftime(buf, sizeof buf, "%Y.%m.%d", &day)) {
    lua_pushstring(L, buf);
    lua_setfield(L, t, "Date");
  }
  for (int source = 0; source < 2; source++) {
    if (source == 0)
      lua_getiuservalue(L, 1, 2);
    else if (extra)
      lua_pushvalue(L, extra);
    else
      break;
    int from = lua_gettop(L), arg = source ? extra : 0;
    /* the names in order, so that the tag an error names is the same
    ** whatever the table's layout: a name of another type first */
    int other = LUA_TNONE;
    for (lua_pushnil(L); lua_next(L, from); lua_pop(L, 1))
      if (lua_type(L, -2) != LUA_TSTRING &&
          (other == LUA_TNONE || lua_type(L, -2) < other))
        other = lua_type(L, -2);
    if (other != LUA_TNONE)
      tag_error(L, arg,
                "bad tag name %s: a tag name is a word of letters, digits "
                "and _",
                lua_typename(L, other));
    lbridge_sorted_keys(L, from);
    int names = lua_gettop(L);
    for (lua_Integer i = 1; lua_rawgeti(L, names, i) != LUA_TNIL; i++) {
      lua_pushvalue(L, -1);
      lua_rawget(L, from);
      check_tag(L, arg);
      if (strcmp(lua_tostring(L, -2), "Result") == 0) {
        if (claimed_result(L, g, arg))
          lua_rawset(L, t);
        else
          lua_pop(L, 2); /* the game's own result is written */
        continue;
      }
      if (game_tag(lua_tostring(L, -2))) {
        if (source == 1)
          tag_error(L, extra, "tag %s: it is written from the game itself",
                    lua_tostring(L, -2));
        lua_pop(L, 2);
        continue;
      }
      lua_rawset(L, t);
    }
    lua_pop(L, 3); /* nil, the names, the table */
  }
  lua_getiuservalue(L, 1, 1); /* the variant */
  int vidx = lua_gettop(L);
  Variant *v = lvariant_test(L, vidx);
  lvariant_push_name(L, vidx);
  if (lua_type(L, -1) != LUA_TSTRING || !plain_name(lua_tostring(L, -1)))
    luaL_error(L,
               "the variant's name %s is not one a record can hold: name "
               "the variant with letters, digits, - and _",
               lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(none)");
  lua_pushvalue(L, -1);
  lua_setfield(L, t, "Variant");
  const Variant *named = resolve_name(L, lua_tostring(L, -1),
                                      v->rules.graph ? 0 : v->rules.arms);
  /* a board of points: its file may be on no reader's search path (and a
  ** board not its name's takes nothing from the name), so every rule and
  ** the start are written, for the record to be read alone */
  int own_board = v->rules.graph != NULL;
  rule_tags(L, t, v, own_board ? NULL : named);
  if (v->rules.graph)
    set_board_tags(L, t, v->rules.graph);
  else if (v->rules.arms != 8) {
    lua_pushinteger(L, v->rules.arms);
    lua_setfield(L, t, "Arms");
  }
  Position start; /* where a reader of the tags starts */
  if (named)
    start = named->start;
  else
    board_start(&start, v->rules.arms);
  if (own_board || memcmp(&g->positions[0], &start, sizeof start) != 0) {
    lua_pushstring(L, board_format(&g->positions[0], buf));
    lua_setfield(L, t, "Position");
  }
  lua_settop(L, t);
  if (strcmp(record_result_of(g), "*") != 0 ||
      lua_getfield(L, t, "Result") != LUA_TSTRING) {
    lua_pushstring(L, record_result_of(g));
    lua_setfield(L, t, "Result");
  }
  lua_settop(L, t);
}

/* Turns the tags table on top into the list, in the written order: the
** known names in their order, then the others sorted. */
static int tag_list(lua_State *L, RecordTag *tags) {
  int count = 0, t = lua_gettop(L);
  lua_newtable(L); /* the set of other names */
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (!known_tag(lua_tostring(L, -1))) {
      lua_pushvalue(L, -1);
      lua_pushboolean(L, 1);
      lua_rawset(L, t + 1);
    }
  }
  lbridge_sorted_keys(L, t + 1);
  int others = t + 2;
  lua_Integer k = (lua_Integer)lua_rawlen(L, others);
  for (int i = 0; tag_order[i]; i++) {
    lua_getfield(L, t, tag_order[i]);
    add_tag(tags, &count, tag_order[i], lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  if (count + k > RECORD_MAX_TAGS)
    luaL_error(L, "too many tags: a record holds at most %d", RECORD_MAX_TAGS);
  for (lua_Integer i = 1; i <= k; i++) {
    lua_rawgeti(L, others, i);
    lua_getfield(L, t, lua_tostring(L, -1));
    add_tag(tags, &count, lua_tostring(L, -2), lua_tostring(L, -1));
    lua_pop(L, 2);
  }
  lua_settop(L, t);
  return count;
}

/* Pushes the record text of the game at 1 with the extra tags at 2. */
static void push_record(lua_State *L, int extra) {
  const Game *g = lgame_test(L, 1);
  if (!g) luaL_typeerror(L, 1, "Game");
  if (extra && !lua_isnoneornil(L, extra))
    luaL_checktype(L, extra, LUA_TTABLE);
  else
    extra = 0;
  collect_tags(L, extra, g);
  RecordTag *tags = lua_newuserdatauv(L, sizeof *tags * RECORD_MAX_TAGS, 0);
  lua_insert(L, -2);
  int count = tag_list(L, tags);
  char *text = record_write(g, tags, count);
  if (!text) luaL_error(L, "not enough memory");
  lua_pushstring(L, text);
  memory_realloc(text, 0);
}

/* g:record([tags]) — the game as record text. */
static int game_record(lua_State *L) {
  push_record(L, 2);
  return 1;
}

/* g:save(path [, tags]) — writes the game's record to a file (as
** safefile.h says). */
static int game_save(lua_State *L) {
  char why[BOARD_ERRMAX];
  const char *path = lfiles_checkpath(L, 2);
  if (lwatchdog_sandboxed(L))
    return luaL_error(L, "writing files is not allowed in a sandbox");
  push_record(L, 3);
  size_t k;
  const char *text = lua_tolstring(L, -1, &k);
  if (safefile_write(path, text, k, why))
    return luaL_error(L, "cannot save the game to %s: %s", path, why);
  lua_pushboolean(L, 1);
  return 1;
}

/* Adds the rule tags of a record to the variant table on top. */
static void apply_rule_tags(lua_State *L, const Record *r, const char *where) {
  static const char *const tags[] = {"Flank",      "AdjacentEnemy", "Misere",
                                     "Repetition", "MaxPlies",      NULL};
  static const char *const fields[] = {"flank", "adjacent_enemy", "misere",
                                       "repetition", "max_plies"};
  for (int i = 0; tags[i]; i++) {
    const char *value = record_tag(r, tags[i]);
    if (!value) continue;
    char *end;
    long n = strtol(value, &end, 10);
    if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)
      lua_pushboolean(L, value[0] == 't');
    else if (*value && !*end)
      lua_pushinteger(L, n);
    else if (strcmp(value, "always") == 0 || strcmp(value, "never") == 0)
      lua_pushstring(L, value);
    else
      luaL_error(L, "%s: the %s tag \"%s\" is not a value", where, tags[i],
                 value);
    lua_setfield(L, -2, fields[i]);
  }
}

/* Pushes the list of the words of holds (what a point may hold, "own+enemy")
** of a Moves tag. */
static void push_holds(lua_State *L, const char *text, size_t len) {
  lua_newtable(L);
  for (int k = 1; len > 0; k++) {
    size_t n = 0;
    while (n < len && text[n] != '+') n++;
    lua_pushlstring(L, text, n);
    lua_rawseti(L, -2, k);
    text += n + (n < len);
    len -= n + (n < len);
  }
}

/* Sets the move fields of the Moves tag's word at w (len bytes) in the
** variant table on top (its jumps list below it); errors name where. */
static void apply_moves_word(lua_State *L, const char *w, size_t len,
                             const char *where) {
  const char *eq = memchr(w, '=', len);
  if (!eq) luaL_error(L, "%s: the Moves tag's word \"%s\" is not name=value", where,
                      lua_pushlstring(L, w, len));
  size_t k = (size_t)(eq - w), vlen = len - k - 1;
  const char *v = eq + 1;
  lua_pushlstring(L, w, k);
  const char *name = lua_tostring(L, -1);
  if (strcmp(name, "slides") == 0) {
    if (vlen == 4 && memcmp(v, "none", 4) == 0)
      lua_pushboolean(L, 0);
    else {
      lua_createtable(L, 0, 1);
      lua_pushlstring(L, v, vlen);
      lua_setfield(L, -2, "onto");
    }
  } else if (strcmp(name, "row") == 0) {
    lua_pushlstring(L, v, vlen);
    if (!lua_stringtonumber(L, lua_tostring(L, -1))) lua_pushnil(L);
    lua_remove(L, -2);
  } else if (strcmp(name, "drop_to") == 0) {
    if (vlen == 4 && memcmp(v, "arms", 4) == 0)
      lua_pushliteral(L, "arms");
    else {
      lua_newtable(L);
      for (int i = 1; vlen > 0; i++) {
        size_t n = 0;
        while (n < vlen && v[n] != ',') n++;
        lua_pushlstring(L, v, n);
        if (lua_stringtonumber(L, lua_tostring(L, -1))) lua_remove(L, -2);
        lua_rawseti(L, -2, i);
        v += n + (n < vlen);
        vlen -= n + (n < vlen);
      }
    }
  } else if (strcmp(name, "jump") == 0) {
    const char *gt = memchr(v, '>', vlen), *end = v + vlen;
    if (!gt) luaL_error(L, "%s: the Moves tag's jump \"%s\" is not over>onto", where,
                        lua_pushlstring(L, v, vlen));
    const char *colon = memchr(gt, ':', (size_t)(end - gt));
    const char *onto_end = colon ? colon : end;
    lua_createtable(L, 0, 4);
    push_holds(L, v, (size_t)(gt - v));
    lua_setfield(L, -2, "over");
    push_holds(L, gt + 1, (size_t)(onto_end - gt - 1));
    lua_setfield(L, -2, "onto");
    while (colon && colon < end) {
      const char *part = colon + 1, *next = memchr(part, ':', (size_t)(end - part));
      size_t n = (size_t)((next ? next : end) - part);
      int lo, hi, used = 0;
      char span[16];
      snprintf(span, sizeof span, "%.*s", (int)(n < 15 ? n : 15), part);
      if (n == 4 && memcmp(part, "take", 4) == 0) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "take");
      } else if (sscanf(span, "%3d-%3d%n", &lo, &hi, &used) == 2 && (size_t)used == n) {
        lua_createtable(L, 2, 0);
        lua_pushinteger(L, lo);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, hi);
        lua_rawseti(L, -2, 2);
        lua_setfield(L, -2, "span");
      } else
        luaL_error(L, "%s: the Moves tag's jump part \"%s\" is not take or min-max",
                   where, span);
      colon = next;
    }
    lua_rawseti(L, -4, (lua_Integer)lua_rawlen(L, -4) + 1); /* the jumps */
    lua_pop(L, 1);
    return;
  } else if (strcmp(name, "drops") == 0 || strcmp(name, "pass") == 0) {
    lua_pushlstring(L, v, vlen);
  } else
    luaL_error(L, "%s: the Moves tag names %s, which is not a move field "
                  "(drops, drop_to, slides, jump, row, pass)",
               where, name);
  lua_setfield(L, -3, name);
  lua_pop(L, 1);
}

/* Adds the move fields of a record's Moves tag to the variant table on
** top.  The tag says them all: a field it leaves out is off (drop_to:
** every point), not the named variant's. */
static void apply_moves_tag(lua_State *L, const Record *r, const char *where) {
  static const char *const off[] = {"drops", "drop_to", "row", "pass", NULL};
  const char *text = record_tag(r, "Moves");
  if (!text) return;
  for (int i = 0; off[i]; i++) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, off[i]);
  }
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "slides");
  lua_newtable(L); /* the jumps */
  lua_insert(L, -2);
  while (*text) {
    while (*text == ' ') text++;
    size_t len = strcspn(text, " ");
    if (!len) break;
    apply_moves_word(L, text, len, where);
    text += len;
  }
  lua_insert(L, -2);
  if (lua_rawlen(L, -1) == 0) {
    lua_pop(L, 1);
    lua_pushboolean(L, 0);
  }
  lua_setfield(L, -2, "jumps");
}

/* Pushes the Variant of the file at VariantPath, relative to folder, run
** in a sandbox (so a record never runs code with the caller's rights). */
static void push_variant_file(lua_State *L, const char *path,
                              const char *folder, const char *where) {
  if (!inside_path(path))
    luaL_error(L,
               "%s: the VariantPath tag \"%s\" is not a relative path "
               "inside the record's folder",
               where, path);
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_SHARED_KEY);
  lua_getfield(L, -1, "variant_file");
  lua_remove(L, -2);
  lua_pushfstring(L, "%s/%s", folder, path);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK)
    luaL_error(L, "%s: the variant of VariantPath: %s", where,
               lbridge_message(L, -1));
}

/* Pushes a list of the words of text (split at spaces). */
static void push_words(lua_State *L, const char *text) {
  lua_newtable(L);
  lua_Integer k = 0;
  while (*text) {
    while (*text == ' ') text++;
    size_t len = strcspn(text, " ");
    if (!len) break;
    lua_pushlstring(L, text, len);
    lua_rawseti(L, -2, ++k);
    text += len;
  }
}

/* Pushes the layout table {name = {x, y}} of a record's Layout tag
** ("name:x,y" words, one for each of the points points), or raises naming
** the word that is not one, or saying that the points differ. */
static void push_layout_tag(lua_State *L, const char *text, lua_Integer points,
                            const char *where) {
  lua_newtable(L);
  push_words(L, text);
  lua_Integer k = (lua_Integer)lua_rawlen(L, -1), named = 0;
  for (lua_Integer i = 1; i <= k; i++) {
    lua_rawgeti(L, -1, i);
    const char *word = lua_tostring(L, -1), *colon = strchr(word, ':');
    char *comma = NULL, *end = NULL;
    double x = colon ? strtod(colon + 1, &comma) : 0, y = 0;
    int ok = colon && colon > word && comma && comma > colon + 1 && *comma == ',';
    if (ok) y = strtod(comma + 1, &end);
    if (!ok || end == comma + 1 || *end || x != x || y != y)
      luaL_error(L, "%s: the Layout tag: \"%s\" is not name:x,y", where, word);
    lua_pushlstring(L, word, (size_t)(colon - word));
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, x);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, y);
    lua_rawseti(L, -2, 2);
    lua_rawset(L, -5);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) named++;
  if (named != k || k != points)
    luaL_error(L, "%s: the Layout tag gives %I place%s for the %I points of "
                  "the Points tag: give each point one place",
               where, k, k == 1 ? "" : "s", points);
}

/* Adds the board of a record's tags (Points, Lines, Arrows, Centre, Layout,
** and the start from Position) to the variant table on top, unless the
** variant of that name (name, may be NULL) has that very board: then it is
** the base, hooks and all (with the tags' layout, when they give one). */
static void apply_board_tags(lua_State *L, const Record *r, const char *name,
                             const char *where) {
  int t = lua_gettop(L);
  lua_newtable(L); /* the board alone, to compare */
  int board = lua_gettop(L);
  for (int i = 0; board_tags[i]; i++) {
    const char *value = record_tag(r, board_tags[i]);
    if (!value) continue;
    if (i < 3)
      push_words(L, value);
    else
      lua_pushstring(L, value);
    lua_setfield(L, board, board_fields[i]);
  }
  const char *layout = record_tag(r, "Layout");
  if (layout) {
    lua_getfield(L, board, "points");
    lua_Integer points = (lua_Integer)lua_rawlen(L, -1);
    lua_pop(L, 1);
    push_layout_tag(L, layout, points, where);
    lua_setfield(L, board, "layout");
  }
  const char *pos = record_tag(r, "Position");
  const Variant *named = name ? resolve_name(L, name, 0) : NULL;
  if (pos)
    lua_pushstring(L, pos);
  else if (named && named->rules.graph) {
    char buf[BOARD_POSMAX];
    lua_pushstring(L, board_format(&named->start, buf));
  } else
    luaL_error(L, "%s: a record of a board of points needs a Position tag "
                  "(or its variant on the search path)",
               where);
  lua_setfield(L, board, "start");
  static const char *const moves[] = {"drops", "drop_to", "slides", "jumps",
                                      "row", "pass", NULL};
  for (int i = 0; moves[i]; i++) { /* the Moves tag's, read already */
    lua_getfield(L, t, moves[i]);
    lua_setfield(L, board, moves[i]);
  }
  if (!record_tag(r, "Moves") && named && named->rules.graph) {
    lua_pushstring(L, name); /* the name's moves, on the tags' board */
    lua_setfield(L, board, "base");
  }
  lbridge_push_api(L, "variant");
  lua_pushvalue(L, board);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK)
    luaL_error(L, "%s: the board of the tags: %s", where,
               lbridge_message(L, -1));
  const Variant *tagged = lvariant_test(L, -1);
  if (named && named->rules.graph &&
      graph_equal(named->rules.graph, tagged->rules.graph)) {
    lua_getfield(L, board, "layout"); /* the named variant has this board: */
    lua_setfield(L, t, "layout");     /* base = name, and the tags' layout */
    lua_settop(L, t);
    return;
  }
  lua_pushnil(L); /* the board of the tags, under the record's name */
  lua_setfield(L, t, "base");
  for (int i = 0; board_tags[i]; i++) {
    lua_getfield(L, board, board_fields[i]);
    lua_setfield(L, t, board_fields[i]);
  }
  lua_getfield(L, board, "start");
  lua_setfield(L, t, "start");
  lua_getfield(L, board, "layout");
  lua_setfield(L, t, "layout");
  lua_settop(L, t);
}

/* Pushes the variant of a record's tags: Variant (default "standard"; a
** name only, found among the built-ins and on the search path; "standard"
** too when the name is unknown but rule tags say what the rules are), or,
** when folder is given (the caller asked for it), the file of the
** VariantPath tag in that folder; then Arms and the rule tags. */
static Variant *record_variant(lua_State *L, const Record *r, const char *where,
                               const char *folder) {
  const char *name = record_tag(r, "Variant"), *arms = record_tag(r, "Arms");
  const char *path = folder ? record_tag(r, "VariantPath") : NULL;
  if (name && !plain_name(name))
    luaL_error(L, "%s: the Variant tag \"%s\" is not a variant name", where,
               lbridge_push_shown(L, name, strlen(name), LBRIDGE_SHOWN_NAME));
  lua_createtable(L, 0, 8);
  if (path)
    push_variant_file(L, path, folder, where);
  else
    lua_pushstring(L, name ? name : "standard");
  lua_setfield(L, -2, "base");
  if (name) {
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
  }
  if (arms) {
    char *end;
    long n = strtol(arms, &end, 10);
    if (*end || n < BOARD_MIN_ARMS || n > BOARD_MAX_ARMS || n % 2)
      luaL_error(L,
                 "%s: the Arms tag \"%s\" is not an even number from 4 to 64",
                 where, arms);
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "arms");
  }
  apply_rule_tags(L, r, where);
  apply_moves_tag(L, r, where);
  if (record_tag(r, "Points"))
    apply_board_tags(L, r, name, where);
  else {
    static const char *const with_points[] = {"Lines", "Centre", "Arrows",
                                              "Layout", NULL};
    for (int i = 0; with_points[i]; i++)
      if (record_tag(r, with_points[i]))
        luaL_error(L, "%s: the %s tag describes a board of points: it needs "
                      "a Points tag",
                   where, with_points[i]);
  }
  if (!path && name && record_tag(r, "Flank")) { /* fully described by tags */
    lbridge_push_api(L, "variant");
    lua_pushstring(L, name);
    int status = lua_pcall(L, 1, 1, 0);
    /* the name unknown, or a board of points where the tags tell of none
    ** (a wheel named like it): the wheel of the tags */
    if (status != LUA_OK ||
        (!record_tag(r, "Points") && lvariant_test(L, -1)->rules.graph)) {
      lua_pushliteral(L, "standard");
      lua_setfield(L, -3, "base");
    }
    lua_pop(L, 1);
  }
  lbridge_push_api(L, "variant");
  lua_insert(L, -2);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    const char *why = lbridge_reason(L, -1);
    if (name && !path && strncmp(why, "unknown variant", 15) == 0)
      why = lua_pushfstring(L,
                            "%s; a reader needs variants/%s.lua in a folder "
                            "of MUTORERE_PATH, or a VariantPath tag naming "
                            "the file beside the record, loaded by "
                            "mt.load(path, {variant_path = true})",
                            why,
                            lbridge_push_shown(L, name, strlen(name),
                                               LBRIDGE_SHOWN_NAME));
    luaL_error(L, "%s: %s", where, why);
  }
  return lvariant_test(L, -1);
}

#define LRECORD_META "mutorere.Record"

static int record_gc(lua_State *L) {
  record_free(luaL_checkudata(L, 1, LRECORD_META));
  return 0;
}

/* Pushes the game of record text (where names it in errors; folder, or
** NULL, is where a VariantPath tag is looked for). */
static int push_game_from(lua_State *L, const char *text, const char *where,
                          const char *folder) {
  Record *r = lua_newuserdatauv(L, sizeof *r, 0);
  r->moves = NULL; /* what record_free needs; record_parse sets the rest */
  luaL_setmetatable(L, LRECORD_META); /* frees its moves whatever happens */
  char err[BOARD_ERRMAX];
  int rc = record_parse(r, text, err);
  if (rc) {
    record_free(r);
    return luaL_error(L, "%s: %s", where, err);
  }
  int top = lua_gettop(L);
  Variant *v = record_variant(L, r, where, folder);
  int vidx = lua_gettop(L);
  Position start = v->start;
  const char *pos = record_tag(r, "Position");
  if (pos && board_parse(&start, pos, err)) {
    record_free(r);
    return luaL_error(L, "%s: the Position tag: %s", where, err);
  }
  Game g;
  lua_State *before = lhook_enter(v, L);
  rc = record_replay(r, &v->rules, &start, &g, err);
  lhook_leave(v, before);
  if (rc == GAME_EHOOK) {
    record_free(r);
    return lhook_raise(L, v);
  }
  if (rc) {
    record_free(r);
    return luaL_error(L, "%s: %s", where, err);
  }
  lgame_adopt(L, vidx, &g);
  lua_getiuservalue(L, -1, 2);
  for (int i = 0; i < r->tag_count; i++) {
    lua_pushstring(L, r->tags[i].value);
    lua_setfield(L, -2, r->tags[i].name);
  }
  lua_pop(L, 1);
  record_free(r);
  lua_replace(L, top);
  lua_settop(L, top);
  return 1;
}

/* mt.from_record(text) — the game a record describes (a VariantPath tag
** is not followed). */
static int from_record_l(lua_State *L) {
  return push_game_from(L, lbridge_check_text(L, 1, "the record", NULL),
                        "record", NULL);
}

/* Reads the options of mt.load at arg: {variant_path = bool}.  Returns
** whether to follow VariantPath. */
static int load_options(lua_State *L, int arg) {
  if (lua_isnoneornil(L, arg)) return 0;
  static const char *const names[] = {"variant_path", NULL};
  luaL_checktype(L, arg, LUA_TTABLE);
  lbridge_check_options(L, arg, names);
  lua_getfield(L, arg, "variant_path");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    luaL_argerror(L, arg, "variant_path must be a boolean");
  int follow = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return follow;
}

/* mt.load(path [, options]) — the game of a record file; with
** {variant_path = true}, a VariantPath tag names the variant's file
** (relative to the record's folder, run in a sandbox). */
static int load_l(lua_State *L) {
  const char *path = lfiles_checkpath(L, 1);
  int follow = load_options(L, 2);
  if (lwatchdog_sandboxed(L))
    return luaL_error(L, "reading files is not allowed in a sandbox");
  if (!lfiles_read(L, path))
    return luaL_error(L, "cannot load %s: %s", path, lua_tostring(L, -1));
  if (strlen(lua_tostring(L, -1)) != lua_rawlen(L, -1))
    return luaL_error(L, "record %s: not a text file (it holds a zero byte)",
                      path);
  const char *text = lua_tostring(L, -1);
  const char *where = lua_pushfstring(L, "record %s", path);
  const char *slash = strrchr(path, '/');
  const char *folder =
      !follow ? NULL
      : slash
          ? lua_pushlstring(L, path, (size_t)(slash - path + (slash == path)))
          : lua_pushliteral(L, ".");
  return push_game_from(L, text, where, folder);
}

void lrecord_open(lua_State *L, int module) {
  luaL_newmetatable(L, LRECORD_META);
  lua_pushcfunction(L, record_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  lbridge_push_api(L, "Game");
  lua_pushcfunction(L, game_record);
  lua_setfield(L, -2, "record");
  lua_pushcfunction(L, game_save);
  lua_setfield(L, -2, "save");
  lua_pop(L, 1);
  lua_pushcfunction(L, load_l);
  lua_setfield(L, module, "load");
  lua_pushcfunction(L, from_record_l);
  lua_setfield(L, module, "from_record");
}

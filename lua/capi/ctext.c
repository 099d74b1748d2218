/*
** ctext.c — the C library's texts that the module writes and reads: a
** game's SVG picture and its record, and a game read from a record.  The
** game is played again in Lua, in its variant's Lua state (a variant made
** in Lua) or in one opened for the call (a variant made without Lua, as
** the module's variant of the same name or rule fields).
*/
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "capi.h"
#include "cscript.h"
#include "lbridge.h"
#include "lvariant.h"

enum { TEXT_SVG, TEXT_RECORD };

/* Pushes v as a Variant of the module: the state's own for a variant made
** in Lua; else the built-in of its name when it has its rules, else one
** made of its rule fields. */
static void push_variant(lua_State *L, const mutorere_variant *v) {
  if (cscript_state(v)) {
    cscript_push_variant(L);
    return;
  }
  const Rules *r = &v->rules;
  Rules builtin;
  char err[BOARD_ERRMAX];
  lbridge_push_api(L, "variant");
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, r->arms);
  lua_setfield(L, -2, "arms");
  if (capi_builtin(v->name) && !rules_named(&builtin, v->name, r->arms, err) &&
      rules_equal(&builtin, r)) {
    lua_pushstring(L, v->name);
    lua_setfield(L, -2, "base");
  } else {
    lua_pushstring(L, v->name);
    lua_setfield(L, -2, "name");
    lvariant_set_rule_fields(L, r);
  }
  lua_call(L, 1, 1);
}

/* Calls method name of the value at idx with the string arg (NULL: none),
** leaving nresults. */
static void call_method(lua_State *L, int idx, const char *name,
                        const char *arg, int nresults) {
  idx = lua_absindex(L, idx);
  lua_getfield(L, idx, name);
  lua_pushvalue(L, idx);
  if (arg) lua_pushstring(L, arg);
  lua_call(L, arg ? 2 : 1, nresults);
}

/* Run protected: the variant at 1 and the game at 2 (light userdata), the
** text to write at 3 (TEXT_*): plays the game again in Lua and returns
** its SVG picture or its record. */
static int game_text(lua_State *L) {
  const mutorere_variant *v = lua_touserdata(L, 1);
  const mutorere_game *g = lua_touserdata(L, 2);
  int what = (int)lua_tointeger(L, 3);
  char text[BOARD_POSMAX], move[BOARD_MOVEMAX];
  if (!cscript_state(v)) {
    lua_pushcfunction(L, cscript_open_module);
    lua_call(L, 0, 0);
  }
  lbridge_push_api(L, "game");
  push_variant(L, v);
  lua_pushstring(L, board_format(&g->game.positions[0], text));
  lua_call(L, 2, 1);
  int game = lua_gettop(L);
  for (int i = 0; i < g->game.length; i++)
    call_method(L, game, "play",
                rules_format_move(&v->rules, g->game.moves[i], move), 0);
  if (what == TEXT_SVG) {
    lbridge_push_api(L, "svg");
    lua_pushvalue(L, game);
    lua_call(L, 1, 1);
  } else
    call_method(L, game, "record", NULL, 1);
  return 1;
}

/* Runs f protected with the light userdata a and b and the integer k, on
** v's Lua state or a new one (the caller holds v's call); its result, a
** string, goes to out (NULL: dropped) as for copy_out, or its error to
** the last error as status. */
static int run_text(lua_CFunction f, const mutorere_variant *v, const void *a,
                    const void *b, int k, int status, const char *what,
                    char *buf, size_t *size) {
  lua_State *own = cscript_state(v), *L = own ? own : luaL_newstate();
  if (!L) return capi_fail(MUTORERE_ENOMEM, "not enough memory for a Lua state");
  int top = lua_gettop(L), rc = MUTORERE_OK;
  lua_pushcfunction(L, f);
  lua_pushlightuserdata(L, (void *)a);
  lua_pushlightuserdata(L, (void *)b);
  lua_pushinteger(L, k);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
    const char *why = lua_tostring(L, -1);
    rc = capi_fail(why && strcmp(why, "not enough memory") ? status
                                                           : MUTORERE_ENOMEM,
                   "%s: %s", what, why ? why : "?");
  } else if (size) {
    size_t k2;
    const char *text = lua_tolstring(L, -1, &k2);
    if (!buf || *size <= k2)
      rc = capi_fail(MUTORERE_EINVAL, "the %s takes %zu bytes, and buf has %zu",
                     what, k2 + 1, buf ? *size : 0);
    else
      memcpy(buf, text, k2 + 1);
    *size = k2 + 1;
  }
  if (own)
    lua_settop(L, top);
  else
    lua_close(L);
  return rc;
}

/* A game's SVG or record into buf (*size bytes; *size set to what it
** takes). */
static int write_text(const mutorere_game *g, int what, char *buf,
                      size_t *size) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(size, "size");
  if (rc) return rc;
  CapiCall call;
  capi_begin(&call, g->variant, NULL, NULL, 0);
  rc = run_text(game_text, g->variant, g->variant, g, what, MUTORERE_ESCRIPT,
                what == TEXT_SVG ? "SVG picture" : "record", buf, size);
  return capi_end(&call, rc);
}

int mutorere_game_svg(const mutorere_game *g, char *buf, size_t *size) {
  return write_text(g, TEXT_SVG, buf, size);
}

int mutorere_game_record(const mutorere_game *g, char *buf, size_t *size) {
  return write_text(g, TEXT_RECORD, buf, size);
}

/* What a record read gives: its variant's name, its start and moves. */
typedef struct Read {
  char name[128];
  char start[BOARD_POSMAX];
  char (*moves)[BOARD_MOVEMAX];
  int count;
} Read;

/* Run protected: the record text at 1 and the Read at 2 (light
** userdata), true at 3 in a new state: reads it with mt.from_record into
** the Read (its moves in a userdata left on the stack). */
static int read_record(lua_State *L) {
  const char *text = lua_touserdata(L, 1);
  Read *r = lua_touserdata(L, 2);
  if (lua_toboolean(L, 3)) {
    lua_pushcfunction(L, cscript_open_module);
    lua_call(L, 0, 0);
  }
  lbridge_push_api(L, "from_record");
  lua_pushstring(L, text);
  lua_call(L, 1, 1);
  int game = lua_gettop(L);
  call_method(L, game, "variant", NULL, 1);
  lua_getfield(L, -1, "name");
  snprintf(r->name, sizeof r->name, "%s",
           lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "");
  call_method(L, game, "start", NULL, 1);
  snprintf(r->start, sizeof r->start, "%s", lua_tostring(L, -1));
  call_method(L, game, "history", NULL, 1);
  int list = lua_gettop(L);
  r->count = (int)luaL_len(L, list);
  r->moves = lua_newuserdatauv(L, sizeof *r->moves * (size_t)(r->count + 1), 0);
  for (int i = 0; i < r->count; i++) {
    lua_rawgeti(L, list, i + 1);
    snprintf(r->moves[i], BOARD_MOVEMAX, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  return 1;
}

/* Plays the moves of r on a new game of v from r's start, into *out. */
static int replay(const mutorere_variant *v, const Read *r,
                  mutorere_game **out) {
  mutorere_game *g = NULL;
  int rc = mutorere_game_new(v, r->start, &g);
  for (int i = 0; !rc && i < r->count; i++) {
    mutorere_move m;
    rc = mutorere_move_parse(v, r->moves[i], &m);
    if (!rc) rc = mutorere_game_play(g, m);
  }
  if (rc) {
    mutorere_game_free(g);
    return rc;
  }
  *out = g;
  return MUTORERE_OK;
}

/* from_record's reading, within v's call: the record's name, start and
** moves into r (its moves in a new block: memory_realloc(r->moves, 0)). */
static int read_text(const mutorere_variant *v, const char *text, Read *r) {
  lua_State *own = cscript_state(v), *L = own ? own : luaL_newstate();
  if (!L) return capi_fail(MUTORERE_ENOMEM, "not enough memory for a Lua state");
  int top = lua_gettop(L), rc = MUTORERE_OK;
  lua_pushcfunction(L, read_record);
  lua_pushlightuserdata(L, (void *)text);
  lua_pushlightuserdata(L, r);
  lua_pushboolean(L, own == NULL);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK)
    rc = capi_fail(MUTORERE_EINVAL, "bad record: %s",
                   lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
  else {
    char(*moves)[BOARD_MOVEMAX] =
        memory_realloc(NULL, sizeof *moves * (size_t)(r->count + 1));
    if (moves)
      memcpy(moves, r->moves, sizeof *moves * (size_t)r->count);
    else
      rc = capi_fail(MUTORERE_ENOMEM, "not enough memory for a record");
    r->moves = moves;
  }
  if (own)
    lua_settop(L, top);
  else
    lua_close(L);
  return rc;
}

int mutorere_game_from_record(const mutorere_variant *v, const char *text,
                              mutorere_game **out) {
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(text, "text");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  Read r;
  memset(&r, 0, sizeof r);
  CapiCall call;
  capi_begin(&call, v, NULL, NULL, 0);
  rc = capi_end(&call, read_text(v, text, &r));
  if (!rc && strcmp(r.name, v->name) != 0)
    rc = capi_fail(MUTORERE_EINVAL, "the record is of variant '%s', not '%s'",
                   r.name, v->name);
  if (!rc) rc = replay(v, &r, out);
  memory_realloc(r.moves, 0);
  return rc;
}

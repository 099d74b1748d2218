/*
** lgame.c — Game values: a game in progress of some variant, with moves,
** undo, redo and results.  The game's variant is its user value, so hook
** contexts live as long as the game.
*/
#include <string.h>

#include "lgame.h"
#include "lvariant.h"
#include "lposition.h"
#include "lopen.h"

typedef struct LGame {
  Game game;
  int live; /* game holds memory (game_init succeeded) */
  int busy; /* a core call on this game is running its hooks */
} LGame;

static LGame *game_self(lua_State *L) {
  LGame *g = lbridge_checkudata(L, 1, LGAME_META);
  if (!g->live) luaL_error(L, "this game was never started");
  return g;
}

const Game *lgame_test(lua_State *L, int idx) {
  LGame *g = lbridge_testudata(L, idx, LGAME_META);
  return g && g->live ? &g->game : NULL;
}

/* The game's Variant (pushed on the stack). */
static Variant *game_variant(lua_State *L, int idx) {
  lua_getiuservalue(L, idx, 1);
  return lua_touserdata(L, -1);
}

/* Fails when a hook of the game is running (it must not change the game
** under the core's feet). */
static void game_not_busy(lua_State *L, LGame *g) {
  if (g->busy)
    luaL_error(L, "this game is in the middle of a move: a rule hook may not "
                  "change it");
}

/* Raises the error of a failed game call rc (err holds GAME_ERROR's). */
static int game_fail(lua_State *L, int rc, Variant *v, const char *err) {
  if (rc == GAME_EHOOK) return lhook_raise(L, v);
  return luaL_error(L, "%s", err);
}

/* Pushes a new, not yet started Game value whose variant is at vidx; its
** second user value is its tags table. */
static LGame *game_push(lua_State *L, int vidx) {
  vidx = lua_absindex(L, vidx);
  LGame *g = lua_newuserdatauv(L, sizeof *g, 2);
  memset(g, 0, sizeof *g);
  lbridge_setmetatable(L, LGAME_META);
  lua_pushvalue(L, vidx);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);
  return g;
}

void lgame_adopt(lua_State *L, int vidx, Game *game) {
  LGame *g = game_push(L, vidx);
  g->game = *game;
  g->live = 1;
}

/* Starts the game g of the variant at index 1 (v) from start.  Returns a
** GAME_* code (err holds GAME_ERROR's message). */
static int game_start_at(lua_State *L, LGame *g, Variant *v,
                         const Position *start, char *err) {
  lua_State *before = lhook_enter(v, L);
  int rc = game_init(&g->game, &v->rules, start, err);
  lhook_leave(v, before);
  if (rc == GAME_OK) g->live = 1;
  return rc;
}

/* Plays the moves of h in g, the oldest first.  Returns a GAME_* code. */
static int game_replay(lua_State *L, LGame *g, Variant *v, const History *h,
                       char *err) {
  int rc = GAME_OK;
  lua_State *before = lhook_enter(v, L);
  for (int i = h->count - 1; i >= 0 && rc == GAME_OK; i--)
    rc = game_play(&g->game, h->moves[i], err);
  lhook_leave(v, before);
  return rc;
}

/* mt.game([variant [, position [, history]]]) — a new game: from the
** variant's start, or from position; with a history (the moves that led
** to position, the last first), the game starts before them and plays
** them. */
static int game_new(lua_State *L) {
  char err[BOARD_ERRMAX];
  Variant *v = lvariant_get(L, 1);
  Position start = lua_isnoneornil(L, 2) ? v->start : lposition_check(L, 2);
  History h;
  if (!v->rules.graph && !start.graph && start.n != v->rules.arms) {
    lvariant_push_name(L, 1);
    const char *name = lua_tostring(L, -1);
    return luaL_argerror(
        L, 2,
        lua_pushfstring(L,
                        "the position has %d arms but variant '%s' has %d (a "
                        "variant of another size: {base = \"%s\", arms = %d})",
                        start.n, name, v->rules.arms, name, start.n));
  }
  if (rules_check_position(&v->rules, &start, err))
    return luaL_error(L, "%s", err);
  lhistory_check(L, 3, &v->rules, &start, RULES_MAX_HISTORY, &h);
  for (int i = 0; i < h.count; i++) board_unplay(&start, h.moves[i]);
  LGame *g = game_push(L, 1);
  int rc = game_start_at(L, g, v, &start, err);
  if (rc == GAME_OK) rc = game_replay(L, g, v, &h, err);
  if (rc != GAME_OK) return game_fail(L, rc, v, err);
  return 1;
}

static int game_gc(lua_State *L) {
  LGame *g = lbridge_checkudata(L, 1, LGAME_META);
  if (g->live) game_free(&g->game);
  g->live = 0;
  return 0;
}

/* g:moves() — the legal moves now, as move text (none once the game is
** over). */
static int game_moves_l(lua_State *L) {
  LGame *g = game_self(L);
  Variant *v = game_variant(L, 1);
  Move moves[RULES_MAX_MOVES];
  char text[BOARD_MOVEMAX];
  game_not_busy(L, g);
  g->busy = 1;
  lua_State *before = lhook_enter(v, L);
  int k = game_moves(&g->game, moves);
  lhook_leave(v, before);
  g->busy = 0;
  if (k < 0) return lhook_raise(L, v);
  lua_createtable(L, k, 0);
  for (int i = 0; i < k; i++) {
    lua_pushstring(L, rules_format_move(&g->game.rules, moves[i], text));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:play(move) — plays a move (text or Move); returns the game. */
static int game_play_l(lua_State *L) {
  LGame *g = game_self(L);
  Move m = lmove_check(L, 2, &g->game.rules);
  Variant *v = game_variant(L, 1);
  char err[BOARD_ERRMAX];
  game_not_busy(L, g);
  g->busy = 1;
  lua_State *before = lhook_enter(v, L);
  int rc = game_play(&g->game, m, err);
  lhook_leave(v, before);
  g->busy = 0;
  if (rc != GAME_OK) return game_fail(L, rc, v, err);
  lua_settop(L, 1);
  return 1;
}

/* g:undo() — takes back the last move; false when there is none. */
static int game_undo_l(lua_State *L) {
  LGame *g = game_self(L);
  game_not_busy(L, g);
  lua_pushboolean(L, game_undo(&g->game) == GAME_OK);
  return 1;
}

/* g:redo() — plays again the last move taken back; false when there is
** none. */
static int game_redo_l(lua_State *L) {
  LGame *g = game_self(L);
  game_not_busy(L, g);
  lua_pushboolean(L, game_redo(&g->game) == GAME_OK);
  return 1;
}

/* g:position() — the current position as text. */
static int game_position_l(lua_State *L) {
  char buf[BOARD_POSMAX];
  lua_pushstring(L, board_format(game_position(&game_self(L)->game), buf));
  return 1;
}

/* g:board() — the current position as a Position value. */
static int game_board(lua_State *L) {
  LGame *g = game_self(L);
  lposition_push(L, game_position(&g->game), g->game.rules.graph);
  return 1;
}

/* g:state() — the current state: the Position, and the moves the rules
** remember (a list of Move values, the last first; empty when the variant
** remembers none). */
static int game_state(lua_State *L) {
  LGame *g = game_self(L);
  History h;
  game_history(&g->game, g->game.length, &h);
  lposition_push(L, game_position(&g->game), g->game.rules.graph);
  lhistory_push(L, g->game.rules.graph, g->game.rules.arms, &h);
  return 2;
}

/* g:start() — the starting position as text. */
static int game_start(lua_State *L) {
  char buf[BOARD_POSMAX];
  lua_pushstring(L, board_format(&game_self(L)->game.positions[0], buf));
  return 1;
}

/* g:turn() — "black" or "white": the side to move. */
static int game_turn(lua_State *L) {
  lposition_push_colour(L, game_position(&game_self(L)->game)->side);
  return 1;
}

/* g:result() — nil while the game goes on; else "black", "white" or "draw",
** and the reason: "blocked", "rule", "repetition", "ply cap" or "row". */
static int game_result(lua_State *L) {
  static const char *const outcomes[] = {NULL, "black", "white", "draw"};
  static const char *const reasons[] = {NULL,      "blocked", "rule",
                                        "repetition", "ply cap", "row"};
  int reason, outcome = game_outcome(&game_self(L)->game, &reason);
  if (!outcome) return 0;
  lua_pushstring(L, outcomes[outcome]);
  lua_pushstring(L, reasons[reason]);
  return 2;
}

/* g:history() — the moves played so far, as text. */
static int game_history_l(lua_State *L) {
  LGame *g = game_self(L);
  char text[BOARD_MOVEMAX];
  lua_createtable(L, g->game.length, 0);
  for (int i = 0; i < g->game.length; i++) {
    lua_pushstring(L, rules_format_move(&g->game.rules, g->game.moves[i], text));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:ply() and #g — the number of moves played. */
static int game_ply(lua_State *L) {
  lua_pushinteger(L, game_self(L)->game.length);
  return 1;
}

/* g:repetitions() — how often the current position has occurred. */
static int game_repetitions_l(lua_State *L) {
  lua_pushinteger(L, game_repetitions(&game_self(L)->game));
  return 1;
}

/* g:variant() — the game's Variant. */
static int game_variant_l(lua_State *L) {
  game_self(L);
  game_variant(L, 1);
  return 1;
}

/* g:copy() — an independent copy of the game (history, redo list and
** tags too). */
static int game_copy_l(lua_State *L) {
  LGame *g = game_self(L);
  char err[BOARD_ERRMAX];
  game_variant(L, 1);
  LGame *c = game_push(L, -1);
  if (game_copy(&c->game, &g->game, err) != GAME_OK)
    return luaL_error(L, "%s", err);
  c->live = 1;
  lua_getiuservalue(L, -1, 2);
  lua_getiuservalue(L, 1, 2);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -5);
  }
  lua_pop(L, 2);
  return 1;
}

/* g:tags() — the game's tags (a table to read and change: Black, White,
** Date, Event, ...), written into its record. */
static int game_tags(lua_State *L) {
  game_self(L);
  lua_getiuservalue(L, 1, 2);
  return 1;
}

/* tostring(g) — the board as a diagram (drawn by the module's Lua part). */
static int game_tostring(lua_State *L) {
  game_self(L);
  lbridge_push_api(L, "diagram");
  if (!lua_isfunction(L, -1)) return game_position_l(L);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  return 1;
}

void lgame_open(lua_State *L, int module) {
  static const luaL_Reg meta[] = {{"__gc", game_gc},
                                  {"__tostring", game_tostring},
                                  {"__len", game_ply},
                                  {NULL, NULL}};
  static const luaL_Reg methods[] = {{"moves", game_moves_l},
                                     {"play", game_play_l},
                                     {"undo", game_undo_l},
                                     {"redo", game_redo_l},
                                     {"position", game_position_l},
                                     {"board", game_board},
                                     {"state", game_state},
                                     {"start", game_start},
                                     {"turn", game_turn},
                                     {"result", game_result},
                                     {"history", game_history_l},
                                     {"ply", game_ply},
                                     {"repetitions", game_repetitions_l},
                                     {"variant", game_variant_l},
                                     {"copy", game_copy_l},
                                     {"tags", game_tags},
                                     {NULL, NULL}};
  lbridge_class(L, module, LGAME_META, "Game", methods, meta);
  lua_pushcfunction(L, game_new);
  lua_setfield(L, module, "game");
}

/*
** cgame.c — game handles: a game of a variant from its start or from
** position text, its position and side to move, its legal moves, play and
** undo, how it stands; moves from and to text.
*/
#include <string.h>

#include "capi.h"
#include "memory.h"

/* game_new's work, within its call. */
static int new_game(const mutorere_variant *v, const Position *start,
                    mutorere_game **out) {
  char err[BOARD_ERRMAX];
  mutorere_game *g = memory_realloc(NULL, sizeof *g);
  if (!g) return capi_fail(MUTORERE_ENOMEM, "not enough memory for a game");
  int rc = game_init(&g->game, &v->rules, start, err);
  if (rc != GAME_OK) {
    memory_realloc(g, 0);
    return rc == GAME_EHOOK ? capi_hook_failed(v)
                            : capi_fail(MUTORERE_EINVAL, "%s", err);
  }
  g->variant = (mutorere_variant *)v;
  capi_variant_hold(g->variant);
  *out = g;
  return MUTORERE_OK;
}

int mutorere_game_new(const mutorere_variant *v, const char *position,
                      mutorere_game **out) {
  char err[BOARD_ERRMAX];
  Position start = {{0, 0}, 0, 0, 0, 0, 0, {0, 0}, {0}};
  if (v) start = v->start;
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  if (position && board_parse(&start, position, err))
    return capi_fail(MUTORERE_EINVAL, "%s", err);
  CapiCall call;
  capi_begin(&call, v, NULL, NULL, 0);
  rc = new_game(v, &start, out);
  return capi_end(&call, rc);
}

/* game_copy's work, within its call. */
static int copy_game(const mutorere_game *g, mutorere_game **out) {
  char err[BOARD_ERRMAX];
  mutorere_game *c = memory_realloc(NULL, sizeof *c);
  if (!c) return capi_fail(MUTORERE_ENOMEM, "not enough memory for a game");
  if (game_copy(&c->game, &g->game, err) != GAME_OK) {
    memory_realloc(c, 0);
    return capi_fail(MUTORERE_ENOMEM, "%s", err);
  }
  c->variant = g->variant;
  capi_variant_hold(c->variant);
  *out = c;
  return MUTORERE_OK;
}

int mutorere_game_copy(const mutorere_game *g, mutorere_game **out) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  CapiCall call;
  capi_begin(&call, g->variant, NULL, NULL, 0);
  return capi_end(&call, copy_game(g, out));
}

void mutorere_game_free(mutorere_game *g) {
  if (!g) return;
  mutorere_variant *v = g->variant;
  CapiCall call;
  capi_begin(&call, v, NULL, NULL, 0);
  game_free(&g->game);
  memory_realloc(g, 0);
  capi_end(&call, MUTORERE_OK);
  mutorere_variant_free(v);
}

/* Copies text into buf of size bytes, or fails naming what it is. */
static int copy_out(const char *text, char *buf, size_t size,
                    const char *what) {
  size_t k = strlen(text);
  int rc = capi_need(buf, "buf");
  if (rc) return rc;
  if (k >= size)
    return capi_fail(MUTORERE_EINVAL,
                     "the %s \"%s\" takes %zu bytes, and buf has %zu", what,
                     text, k + 1, size);
  memcpy(buf, text, k + 1);
  return MUTORERE_OK;
}

int mutorere_game_position(const mutorere_game *g, char *buf, size_t size) {
  char text[BOARD_POSMAX];
  int rc = capi_need(g, "game");
  if (rc) return rc;
  return copy_out(board_format(game_position(&g->game), text), buf, size,
                  "position");
}

int mutorere_game_turn(const mutorere_game *g, int *side) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(side, "side");
  if (!rc) *side = game_position(&g->game)->side;
  return rc;
}

int mutorere_game_moves(const mutorere_game *g, mutorere_move *moves,
                        int *count) {
  Move list[RULES_MAX_MOVES];
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(moves, "moves");
  if (!rc) rc = capi_need(count, "count");
  if (rc) return rc;
  CapiCall call;
  capi_begin(&call, g->variant, NULL, NULL, 0);
  int k = game_moves(&g->game, list);
  if (k < 0) return capi_end(&call, capi_hook_failed(g->variant));
  for (int i = 0; i < k; i++) moves[i] = capi_move_out(list[i]);
  *count = k;
  return capi_end(&call, MUTORERE_OK);
}

/* Fails unless m's points are points of v's board, two of them (or a
** drop onto one, or a pass), and it takes only points of the board. */
static int check_points(const mutorere_variant *v, mutorere_move m) {
  const Rules *r = &v->rules;
  int n = r->arms;
  int from_ok = m.from < n || (!r->graph && m.from == BOARD_CENTRE) ||
                m.from == BOARD_HAND;
  int to_ok = m.to < n || (!r->graph && m.to == BOARD_CENTRE);
  int taken_ok = (m.taken & ~board_full(n)) == 0 && m.centre <= !r->graph;
  int pass = m.from == BOARD_PASS && m.to == BOARD_PASS && !m.taken && !m.centre;
  if (pass || (from_ok && to_ok && taken_ok && m.from != m.to))
    return MUTORERE_OK;
  return capi_fail(MUTORERE_EINVAL,
                   "bad move {%d, %d}: points are 0 to %d%s, two of them (a "
                   "drop: MUTORERE_HAND and a point; a pass: MUTORERE_PASS "
                   "twice), and it takes only points of the board",
                   m.from, m.to, n - 1,
                   r->graph ? "" : " and MUTORERE_CENTRE (64)");
}

/* game_play's work, within its call. */
static int play(mutorere_game *g, mutorere_move move) {
  char err[BOARD_ERRMAX];
  int over = game_outcome(&g->game, NULL) != OUTCOME_NONE;
  int rc = game_play(&g->game, capi_move_in(move), err);
  if (rc == GAME_EHOOK) return capi_hook_failed(g->variant);
  if (rc != GAME_OK)
    return capi_fail(over || strncmp(err, "illegal", 7) == 0 ? MUTORERE_EILLEGAL
                                                             : MUTORERE_ENOMEM,
                     "%s", err);
  return MUTORERE_OK;
}

int mutorere_game_play(mutorere_game *g, mutorere_move move) {
  int rc = capi_need(g, "game");
  if (!rc) rc = check_points(g->variant, move);
  if (rc) return rc;
  CapiCall call;
  capi_begin(&call, g->variant, NULL, NULL, 0);
  return capi_end(&call, play(g, move));
}

int mutorere_game_undo(mutorere_game *g) {
  int rc = capi_need(g, "game");
  if (rc) return rc;
  CapiCall call;
  capi_begin(&call, g->variant, NULL, NULL, 0);
  rc = game_undo(&g->game) == GAME_OK
           ? MUTORERE_OK
           : capi_fail(MUTORERE_EINVAL, "no move to take back: the game is at "
                                        "its start");
  return capi_end(&call, rc);
}

int mutorere_game_result(const mutorere_game *g, int *result) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(result, "result");
  if (rc) return rc;
  CapiCall call;
  capi_begin(&call, g->variant, NULL, NULL, 0);
  *result = game_outcome(&g->game, NULL);
  return capi_end(&call, MUTORERE_OK);
}

int mutorere_move_parse(const mutorere_variant *v, const char *text,
                        mutorere_move *move) {
  char err[BOARD_ERRMAX];
  Move m;
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(text, "text");
  if (!rc) rc = capi_need(move, "move");
  if (rc) return rc;
  if (rules_parse_move(&v->rules, text, &m, err))
    return capi_fail(MUTORERE_EINVAL, "%s", err);
  *move = capi_move_out(m);
  return MUTORERE_OK;
}

int mutorere_move_text(const mutorere_variant *v, mutorere_move move,
                       char *buf, size_t size) {
  char text[BOARD_MOVEMAX];
  int rc = capi_need(v, "variant");
  if (!rc) rc = check_points(v, move);
  if (rc) return rc;
  return copy_out(rules_format_move(&v->rules, capi_move_in(move), text), buf,
                  size, "move");
}

/*
** csearch.c — counting a game's move tree (perft) and choosing a move by
** alpha-beta search, both stopped by the caller's cancel callback (and the
** search by its time), in the core and in the variant's hooks alike.
*/
#include "capi.h"
#include "memory.h"
#include "perft.h"
#include "search.h"

#define TABLE_BITS 16 /* the search's transposition table: 2^16 entries */

/* perft's work, within call c. */
static int count_leaves(const mutorere_game *g, int depth, CapiCall *c,
                        uint64_t *count) {
  History h;
  game_history(&g->game, g->game.length, &h);
  int64_t k = perft(&g->game.rules, game_position(&g->game), &h, depth,
                    &c->stop);
  if (k == PERFT_EHOOK && !c->stopped) return capi_hook_failed(g->variant);
  if (k == PERFT_EHOOK || k == PERFT_CANCELLED) /* a hook stopped, or not */
    return capi_fail(MUTORERE_ECANCELLED, "perft was cancelled");
  *count = (uint64_t)k;
  return MUTORERE_OK;
}

int mutorere_perft(const mutorere_game *g, int depth, mutorere_cancel cancel,
                   void *ctx, uint64_t *count) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(count, "count");
  if (rc) return rc;
  if (depth < 0 || depth > PERFT_MAX_DEPTH)
    return capi_fail(MUTORERE_EINVAL, "depth is %d (0 to %d)", depth,
                     PERFT_MAX_DEPTH);
  CapiCall call;
  capi_begin(&call, g->variant, cancel, ctx, 0);
  return capi_end(&call, count_leaves(g, depth, &call, count));
}

/* The keys of the states of g before its current one (the search counts a
** state seen before as a draw), in a new array (NULL without memory). */
static uint64_t *past_keys(const Game *g) {
  uint64_t *keys = memory_realloc(NULL, sizeof *keys * (size_t)(g->length + 1));
  History h;
  for (int i = 0; keys && i < g->length; i++) {
    game_history(g, i, &h);
    keys[i] = rules_state_hash(&g->rules, &g->positions[i], &h);
  }
  return keys;
}

/* search's work, within call c. */
static int search(const mutorere_game *g, int depth, double seconds,
                  CapiCall *c, mutorere_move *move, int *score) {
  char err[BOARD_ERRMAX];
  if (game_outcome(&g->game, NULL) != OUTCOME_NONE)
    return capi_fail(MUTORERE_EILLEGAL, "the game is over: no move to search");
  if (cancel_now(&c->stop)) /* the search first polls after many nodes */
    return capi_fail(MUTORERE_ECANCELLED, "the search was cancelled before "
                                          "it finished one ply");
  SearchTable table;
  uint64_t *keys = past_keys(&g->game);
  if (!keys || search_table_init(&table, TABLE_BITS)) {
    memory_realloc(keys, 0);
    return capi_fail(MUTORERE_ENOMEM, "not enough memory to search");
  }
  SearchLimits limits = {depth, 0, seconds};
  Evaluator eval = {search_builtin_eval, (void *)&g->game.rules};
  SearchResult res;
  History h;
  game_history(&g->game, g->game.length, &h);
  int rc = search_run(&g->game.rules, game_position(&g->game), &h, keys,
                      g->game.length, &limits, &eval, &table, &c->stop, &res,
                      err);
  search_table_free(&table);
  memory_realloc(keys, 0);
  if (rc == SEARCH_EHOOK && !c->stopped) return capi_hook_failed(g->variant);
  if (rc == SEARCH_EHOOK) rc = SEARCH_OK; /* a hook stopped: as a stop */
  if (rc != SEARCH_OK) return capi_fail(MUTORERE_ENOMEM, "%s", err);
  if (res.depth == 0)
    return capi_fail(MUTORERE_ECANCELLED,
                     "the search was cancelled before it finished one ply");
  *move = capi_move_out(res.best);
  *score = res.score;
  return MUTORERE_OK;
}

int mutorere_search(const mutorere_game *g, int depth, double seconds,
                    mutorere_cancel cancel, void *ctx, mutorere_move *move,
                    int *score) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(move, "move");
  if (!rc) rc = capi_need(score, "score");
  if (rc) return rc;
  if (depth < 1 || depth > SEARCH_MAX_DEPTH)
    return capi_fail(MUTORERE_EINVAL, "depth is %d (1 to %d)", depth,
                     SEARCH_MAX_DEPTH);
  if (!(seconds >= 0 && seconds <= 1e9))
    return capi_fail(MUTORERE_EINVAL,
                     "seconds is %g (0 for no limit, up to 1e9)", seconds);
  CapiCall call;
  capi_begin(&call, g->variant, cancel, ctx, seconds);
  return capi_end(&call, search(g, depth, seconds, &call, move, score));
}

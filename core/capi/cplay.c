/*
** cplay.c — random playouts in one call: games played from a game's
** position with moves drawn by a generator of the caller's seed, counted
** by how they ended (a batch, so that a caller in another language is not
** held to one call a ply).
*/
#include <string.h>

#include "capi.h"

/* The next number of splitmix64 whose state is *x (doc/c-api.md gives it,
** so that other implementations draw the same moves). */
static uint64_t next_random(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* One random game from g's position (a copy), at most cap plies (0: no
** cap): counts its end and plies.  Returns a MUTORERE_* code. */
static int playout(const mutorere_game *g, int cap, uint64_t *seed,
                   uint64_t counts[4], uint64_t *plies) {
  char err[BOARD_ERRMAX];
  Game game;
  Move moves[RULES_MAX_MOVES];
  if (game_copy(&game, &g->game, err) != GAME_OK)
    return capi_fail(MUTORERE_ENOMEM, "%s", err);
  int rc = MUTORERE_OK, ply = 0;
  while (game_outcome(&game, NULL) == OUTCOME_NONE && (!cap || ply < cap)) {
    int k = game_moves(&game, moves);
    if (k < 0) {
      rc = capi_hook_failed(g->variant);
      break;
    }
    int played = game_play(&game, moves[next_random(seed) % (uint64_t)k], err);
    if (played == GAME_EHOOK) rc = capi_hook_failed(g->variant);
    if (played == GAME_ERROR) rc = capi_fail(MUTORERE_ENOMEM, "%s", err);
    if (rc) break;
    ply++;
  }
  if (!rc) {
    counts[game_outcome(&game, NULL)]++;
    *plies += (uint64_t)ply;
  }
  game_free(&game);
  return rc;
}

/* playouts' work, within call c. */
static int play_games(const mutorere_game *g, int games, uint64_t seed,
                      int cap, CapiCall *c, uint64_t counts[4],
                      uint64_t *plies) {
  uint64_t got[4] = {0, 0, 0, 0}, played = 0;
  for (int i = 0; i < games; i++) {
    if (cancel_now(&c->stop))
      return capi_fail(MUTORERE_ECANCELLED, "the playouts were cancelled");
    int rc = playout(g, cap, &seed, got, &played);
    if (rc) return rc;
  }
  memcpy(counts, got, sizeof got);
  *plies = played;
  return MUTORERE_OK;
}

int mutorere_playouts(const mutorere_game *g, int games, uint64_t seed,
                      int max_plies, mutorere_cancel cancel, void *ctx,
                      uint64_t counts[4], uint64_t *plies) {
  int rc = capi_need(g, "game");
  if (!rc) rc = capi_need(counts, "counts");
  if (!rc) rc = capi_need(plies, "plies");
  if (rc) return rc;
  if (games < 0)
    return capi_fail(MUTORERE_EINVAL, "games is %d (a count, 0 or more)", games);
  if (max_plies < 0)
    return capi_fail(MUTORERE_EINVAL,
                     "max_plies is %d (a ply count, 0 for no cap)", max_plies);
  CapiCall call;
  capi_begin(&call, g->variant, cancel, ctx, 0);
  return capi_end(&call, play_games(g, games, seed, max_plies, &call, counts,
                                    plies));
}

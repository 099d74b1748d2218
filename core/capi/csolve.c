/*
** csolve.c — solution handles: a variant solved (with the caller's cancel
** and progress callbacks), and the value and distance of a game's state.
*/
#include "capi.h"
#include "memory.h"
#include "solve.h"

/* The caller's callbacks, as the core's Cancel and Progress call them. */
typedef struct Callbacks {
  mutorere_cancel cancel;
  mutorere_progress progress;
  void *ctx;
} Callbacks;

static int call_cancel(void *ctx) {
  const Callbacks *c = ctx;
  return c->cancel(c->ctx) != 0;
}

static void call_progress(void *ctx, const char *phase, uint64_t done,
                          uint64_t total) {
  const Callbacks *c = ctx;
  c->progress(c->ctx, phase, done, total);
}

int mutorere_solve(const mutorere_variant *v, int threads,
                   mutorere_cancel cancel, mutorere_progress progress,
                   void *ctx, mutorere_solution **out) {
  char err[BOARD_ERRMAX];
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  if (threads < 0 || threads > 64)
    return capi_fail(MUTORERE_EINVAL,
                     "threads is %d (a count from 1 to 64, or 0 for one per "
                     "core)",
                     threads);
  Callbacks calls = {cancel, progress, ctx};
  Cancel c = {call_cancel, &calls};
  Progress p = {call_progress, &calls};
  SolveOptions o = {threads, v->symmetric, cancel ? &c : NULL,
                    progress ? &p : NULL};
  mutorere_solution *s = memory_realloc(NULL, sizeof *s);
  if (!s) return capi_fail(MUTORERE_ENOMEM, "not enough memory to solve");
  rc = solve_variant(&s->solution, &v->rules, &o, err);
  if (rc != SOLVER_OK) {
    memory_realloc(s, 0);
    if (rc == SOLVER_EHOOK) return capi_hook_failed(v);
    if (rc == SOLVER_CANCELLED)
      return capi_fail(MUTORERE_ECANCELLED, "the solve was cancelled");
    return capi_fail(MUTORERE_ELIMIT, "cannot solve %s: %s", v->name, err);
  }
  s->variant = (mutorere_variant *)v;
  capi_variant_hold(s->variant);
  *out = s;
  return MUTORERE_OK;
}

void mutorere_solution_free(mutorere_solution *s) {
  if (!s) return;
  solver_free(&s->solution);
  mutorere_variant_free(s->variant);
  memory_realloc(s, 0);
}

int mutorere_solution_value(const mutorere_solution *s,
                            const mutorere_game *g, int *value,
                            int *distance) {
  int rc = capi_need(s, "solution");
  if (!rc) rc = capi_need(g, "game");
  if (!rc) rc = capi_need(value, "value");
  if (!rc) rc = capi_need(distance, "distance");
  if (rc) return rc;
  if (g->variant != s->variant &&
      !rules_equal(&g->game.rules, &s->variant->rules))
    return capi_fail(MUTORERE_EINVAL,
                     "the game is of variant '%s', the solution of '%s' "
                     "(other rules)",
                     g->variant->name, s->variant->name);
  History h;
  game_history(&g->game, g->game.length, &h);
  *value = solver_lookup(&s->solution, game_position(&g->game), &h, distance);
  return MUTORERE_OK;
}

const char *mutorere_value_name(int value) {
  switch (value) {
  case MUTORERE_WIN: return "win";
  case MUTORERE_LOSS: return "loss";
  case MUTORERE_DRAW: return "draw";
  default: return NULL;
  }
}

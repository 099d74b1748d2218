/*
** csolve.c — solution handles: a variant solved (with the caller's cancel
** and progress callbacks), and the value and distance of a game's state.
*/
#include <string.h>

#include "capi.h"
#include "memory.h"
#include "reach.h"
#include "solve.h"

/* The caller's progress callback, as the core's Progress calls it. */
typedef struct Reporter {
  mutorere_progress progress;
  void *ctx;
} Reporter;

static void call_progress(void *ctx, const char *phase, uint64_t done,
                          uint64_t total) {
  const Reporter *r = ctx;
  r->progress(r->ctx, phase, done, total);
}

#define CLAIM_BELIED 1 /* check_claim: the hooks are not symmetric (not a
                           ** SOLVER_* code: the core has none for it) */

/* Checks the claim of v's hooks to be symmetric, when the solve would rely
** on it: SOLVER_OK, CLAIM_BELIED (the script's fault, not a limit of the
** engine: err says where), or SOLVER_EHOOK. */
static int check_claim(const mutorere_variant *v, char *err) {
  if (!rules_hooked(&v->rules) || !solve_is_symmetric(&v->rules, v->symmetric))
    return SOLVER_OK;
  int rc = solve_check_symmetric(&v->rules, err);
  return rc == RULES_EHOOK ? SOLVER_EHOOK : rc ? CLAIM_BELIED : SOLVER_OK;
}

/* solve's work, within call c: the new solution into *out. */
static int solve(const mutorere_variant *v, int threads, CapiCall *c,
                 mutorere_progress progress, void *ctx,
                 mutorere_solution **out) {
  char err[BOARD_ERRMAX];
  Reporter reporter = {progress, ctx};
  Progress p = {call_progress, &reporter};
  SolveOptions o = {threads,    v->symmetric, &c->stop,
                    progress ? &p : NULL, SOLVE_AUTO,   &v->start, 0};
  mutorere_solution *s = memory_realloc(NULL, sizeof *s);
  if (!s) return capi_fail(MUTORERE_ENOMEM, "not enough memory to solve");
  int rc = check_claim(v, err);
  if (rc == SOLVER_OK) rc = solve_variant(&s->solution, &v->rules, &o, err);
  if (rc != SOLVER_OK) {
    memory_realloc(s, 0);
    if (rc == SOLVER_EHOOK && !c->stopped) return capi_hook_failed(v);
    if (rc == SOLVER_EHOOK || rc == SOLVER_CANCELLED) /* in a hook, or not */
      return capi_fail(MUTORERE_ECANCELLED, "the solve was cancelled");
    if (rc == CLAIM_BELIED)
      return capi_fail(MUTORERE_ESCRIPT, "cannot solve %s: %s", v->name, err);
    return capi_fail(MUTORERE_ELIMIT, "cannot solve %s: %s", v->name, err);
  }
  pthread_rwlock_init(&s->growth, NULL);
  s->variant = (mutorere_variant *)v;
  capi_variant_hold(s->variant);
  *out = s;
  return MUTORERE_OK;
}

int mutorere_solve(const mutorere_variant *v, int threads,
                   mutorere_cancel cancel, mutorere_progress progress,
                   void *ctx, mutorere_solution **out) {
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  if (threads < 0 || threads > 64)
    return capi_fail(MUTORERE_EINVAL,
                     "threads is %d (a count from 1 to 64, or 0 for one per "
                     "core)",
                     threads);
  CapiCall call;
  capi_begin(&call, v, cancel, ctx, 0);
  return capi_end(&call, solve(v, threads, &call, progress, ctx, out));
}

void mutorere_solution_free(mutorere_solution *s) {
  if (!s) return;
  mutorere_variant *v = s->variant;
  CapiCall call;
  capi_begin(&call, v, NULL, NULL, 0);
  solver_free(&s->solution);
  pthread_rwlock_destroy(&s->growth);
  memory_realloc(s, 0);
  capi_end(&call, MUTORERE_OK);
  mutorere_variant_free(v);
}

/* 1 when a and b are alike but for their hooks: two handles of one
** variant written in Lua (a script loaded twice). */
static int same_but_hooks(const mutorere_variant *a,
                          const mutorere_variant *b) {
  Rules x = a->rules, y = b->rules;
  x.hooks = y.hooks;
  return strcmp(a->name, b->name) == 0 && rules_equal(&x, &y);
}

/* Grows s, a solution of the states play reaches, by the state of g and
** every state reachable from it (another thread may have done so since
** the lookup that missed it).  Returns a MUTORERE_* code. */
static int grow(mutorere_solution *s, const mutorere_game *g, CapiCall *c) {
  char err[BOARD_ERRMAX];
  History h;
  const Position *p = game_position(&g->game);
  game_history(&g->game, g->game.length, &h);
  if (solver_lookup(&s->solution, p, &h, NULL) != VALUE_UNKNOWN)
    return MUTORERE_OK;
  int rc = reach_extend(&s->solution, &s->variant->rules, p, &h, &c->stop, err);
  if (rc == SOLVER_EHOOK && !c->stopped) return capi_hook_failed(s->variant);
  if (rc == SOLVER_EHOOK || rc == SOLVER_CANCELLED)
    return capi_fail(MUTORERE_ECANCELLED, "the lookup was cancelled");
  if (rc != SOLVER_OK)
    return capi_fail(MUTORERE_ELIMIT, "cannot solve the game's state: %s",
                     err);
  return MUTORERE_OK;
}

/* solution_value's work, within call c: lookups read s while it may grow
** (many threads may look up at once), growth writes it. */
static int look_up(const mutorere_solution *s, const mutorere_game *g,
                   CapiCall *c, int *value, int *distance) {
  mutorere_solution *grown = (mutorere_solution *)s; /* it only grows */
  int growing = s->solution.reach != NULL;
  History h;
  const Position *p = game_position(&g->game);
  game_history(&g->game, g->game.length, &h);
  if (growing) pthread_rwlock_rdlock(&grown->growth);
  int found = solver_lookup(&s->solution, p, &h, distance);
  if (growing) pthread_rwlock_unlock(&grown->growth);
  if (found == VALUE_UNKNOWN) { /* a state play from the start does not
                                ** reach: solved now, and kept */
    pthread_rwlock_wrlock(&grown->growth);
    int rc = grow(grown, g, c);
    if (rc == MUTORERE_OK) found = solver_lookup(&s->solution, p, &h, distance);
    pthread_rwlock_unlock(&grown->growth);
    if (rc != MUTORERE_OK) return rc;
  }
  *value = found;
  return MUTORERE_OK;
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
    return same_but_hooks(g->variant, s->variant)
               ? capi_fail(MUTORERE_EINVAL,
                           "the game and the solution are of two handles of "
                           "variant '%s' (hooks in Lua are their handle's "
                           "own): make the game of the variant solved",
                           g->variant->name)
               : capi_fail(MUTORERE_EINVAL,
                           "the game is of variant '%s', the solution of "
                           "'%s' (other rules)",
                           g->variant->name, s->variant->name);
  CapiCall call;
  capi_begin(&call, s->variant, NULL, NULL, 0);
  return capi_end(&call, look_up(s, g, &call, value, distance));
}

const char *mutorere_value_name(int value) {
  switch (value) {
  case MUTORERE_WIN: return "win";
  case MUTORERE_LOSS: return "loss";
  case MUTORERE_DRAW: return "draw";
  default: return NULL;
  }
}

/*
** ccall.c — what every call of the library on a variant's objects shares:
** the variant's lock while its hooks are in Lua, its memory account and
** limit, and the stop of long work (the caller's cancel callback, a
** deadline, mutorere_interrupt from any thread).
*/
#include <stdio.h>
#include <time.h>

#include "capi.h"

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)

/* mutorere_interrupt(NULL)'s calls so far (atomic). */
static unsigned all_interrupts;

double capi_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The Cancel of a call: says stop, from then on, once the caller's
** callback, the deadline or an interrupt begun after the call began does. */
static int call_stop(void *ctx) {
  CapiCall *c = ctx;
  if (!c->stopped)
    c->stopped = LOAD(all_interrupts) != c->all ||
                 (c->v && LOAD(c->v->interrupts) != c->interrupts) ||
                 (c->cancel && c->cancel(c->ctx)) ||
                 (c->deadline > 0 && capi_now() > c->deadline);
  return c->stopped;
}

void capi_begin(CapiCall *c, const mutorere_variant *variant,
                mutorere_cancel cancel, void *ctx, double seconds) {
  mutorere_variant *v = (mutorere_variant *)variant;
  *c = (CapiCall){v, cancel, ctx, 0, 0, 0, 0, NULL, {call_stop, c}};
  if (seconds > 0) c->deadline = capi_now() + seconds;
  if (v && v->owner.release) pthread_mutex_lock(&v->lock);
  c->all = LOAD(all_interrupts);
  if (!v) return;
  c->interrupts = LOAD(v->interrupts);
  c->account_before = memory_use(&v->account);
  if (v->owner.watch) v->owner.watch(v->owner.ctx, &c->stop);
}

int capi_end(CapiCall *c, int rc) {
  mutorere_variant *v = c->v;
  if (!v) return rc;
  if (v->owner.watch) v->owner.watch(v->owner.ctx, NULL);
  memory_use(c->account_before);
  /* refused by the account's limit, or a walk that kept inside it */
  int refused = memory_account_refused(&v->account) ||
                (rc == MUTORERE_ELIMIT && LOAD(v->account.limit));
  if (v->owner.release) pthread_mutex_unlock(&v->lock);
  if (rc == MUTORERE_OK || (!refused && !(c->stopped && rc == MUTORERE_ESCRIPT)))
    return rc;
  char why[CAPI_ERRMAX], limit[16];
  snprintf(why, sizeof why, "%s", mutorere_last_error());
  if (!refused) /* a hook that was stopped */
    return capi_fail(MUTORERE_ECANCELLED, "cancelled: %s", why);
  return capi_fail(MUTORERE_ELIMIT,
                   "the memory limit of variant '%s' (%s) was reached: %s",
                   v->name, memory_format(LOAD(v->account.limit), limit), why);
}

void mutorere_interrupt(const mutorere_variant *v) {
  if (v)
    __atomic_add_fetch(&((mutorere_variant *)v)->interrupts, 1,
                       __ATOMIC_RELAXED);
  else
    __atomic_add_fetch(&all_interrupts, 1, __ATOMIC_RELAXED);
}

int mutorere_variant_set_memory_limit(mutorere_variant *v, size_t bytes) {
  int rc = capi_need(v, "variant");
  if (!rc) memory_account_limit(&v->account, bytes);
  return rc;
}

int mutorere_variant_memory(const mutorere_variant *v, size_t *bytes) {
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(bytes, "bytes");
  if (!rc) *bytes = memory_account_held(&v->account);
  return rc;
}

/*
** cvariant.c — variant handles: the built-in variants, variants from rule
** fields, their fields and names, and the count of their holders.
*/
#include <string.h>

#include "capi.h"
#include "memory.h"

/* Calls the owner's release, if any. */
static void release_owner(VariantOwner *owner) {
  if (owner->release) owner->release(owner->ctx);
  owner->release = NULL;
}

mutorere_variant *capi_variant_new(const Rules *r, const Position *start,
                                   const char *name, int symmetric,
                                   VariantOwner owner) {
  size_t k = strlen(name);
  mutorere_variant *v = memory_realloc(NULL, sizeof *v);
  char *copy = memory_realloc(NULL, k + 1);
  if (!v || !copy) {
    memory_realloc(v, 0);
    memory_realloc(copy, 0);
    release_owner(&owner);
    capi_fail(MUTORERE_ENOMEM, "not enough memory for a variant");
    return NULL;
  }
  memcpy(copy, name, k + 1);
  memset(v, 0, sizeof *v);
  v->refs = 1;
  v->rules = *r;
  v->start = *start;
  v->symmetric = symmetric;
  v->name = copy;
  v->owner = owner;
  pthread_mutex_init(&v->lock, NULL);
  if (owner.account) owner.account(owner.ctx, &v->account);
  return v;
}

void capi_variant_hold(mutorere_variant *v) {
  __atomic_add_fetch(&v->refs, 1, __ATOMIC_RELAXED);
}

void mutorere_variant_free(mutorere_variant *v) {
  if (!v || __atomic_sub_fetch(&v->refs, 1, __ATOMIC_ACQ_REL) > 0) return;
  release_owner(&v->owner);
  pthread_mutex_destroy(&v->lock);
  memory_realloc(v->name, 0);
  memory_realloc(v, 0);
}

int capi_builtin(const char *name) {
  for (int i = 0; rules_names[i]; i++)
    if (strcmp(name, rules_names[i]) == 0) return 1;
  return 0;
}

int capi_variant_builtin(const char *name, int arms, mutorere_variant **out) {
  Rules r;
  Position start;
  char err[BOARD_ERRMAX];
  if (rules_named(&r, name, arms ? arms : 8, err))
    return capi_fail(MUTORERE_EINVAL, "%s", err);
  board_start(&start, r.arms);
  mutorere_variant *v = capi_variant_new(&r, &start, name, 1, (VariantOwner){0});
  if (!v) return MUTORERE_ENOMEM;
  *out = v;
  return MUTORERE_OK;
}

void mutorere_rules_standard(mutorere_rules *rules) {
  if (rules) *rules = (mutorere_rules){8, MUTORERE_FLANK_ALWAYS, 0, 0, 3, 0};
}

/* Fails unless the field called name is 0 or 1. */
static int check_flag(int value, const char *name) {
  if (value == 0 || value == 1) return MUTORERE_OK;
  return capi_fail(MUTORERE_EINVAL, "bad rules: %s is %d (0 or 1)", name,
                   value);
}

/* Checks the rule fields f and turns them into r. */
static int rules_of_fields(const mutorere_rules *f, Rules *r) {
  char err[BOARD_ERRMAX];
  int rc = check_flag(f->adjacent_enemy, "adjacent_enemy");
  if (!rc) rc = check_flag(f->misere, "misere");
  if (rc) return rc;
  if (f->flank_plies < 0)
    return capi_fail(MUTORERE_EINVAL,
                     "bad rules: flank_plies is %d (a ply count, 0 for "
                     "never, or MUTORERE_FLANK_ALWAYS)",
                     f->flank_plies);
  if (f->max_plies < 0 || (unsigned)f->max_plies > BOARD_MAX_PLY)
    return capi_fail(MUTORERE_EINVAL,
                     "bad rules: max_plies is %d (a ply count, 0 for no cap)",
                     f->max_plies);
  memset(r, 0, sizeof *r);
  r->arms = f->arms;
  r->flank_plies = f->flank_plies;
  r->adjacent_enemy = f->adjacent_enemy;
  r->misere = f->misere;
  r->repetition = f->repetition;
  r->max_plies = f->max_plies;
  if (rules_check(r, err)) return capi_fail(MUTORERE_EINVAL, "%s", err);
  return MUTORERE_OK;
}

int mutorere_variant_new(const char *name, const mutorere_rules *rules,
                         mutorere_variant **out) {
  Rules r;
  Position start;
  int rc = capi_need(rules, "rules");
  if (!rc) rc = capi_need(out, "out");
  if (!rc) rc = rules_of_fields(rules, &r);
  if (rc) return rc;
  board_start(&start, r.arms);
  mutorere_variant *v =
      capi_variant_new(&r, &start, name ? name : "custom", 1, (VariantOwner){0});
  if (!v) return MUTORERE_ENOMEM;
  *out = v;
  return MUTORERE_OK;
}

int mutorere_variant_rules(const mutorere_variant *v, mutorere_rules *rules) {
  int rc = capi_need(v, "variant");
  if (!rc) rc = capi_need(rules, "rules");
  if (rc) return rc;
  const Rules *r = &v->rules;
  if (r->graph)
    return capi_fail(MUTORERE_EINVAL,
                     "variant '%s' is played on a board of points, which has "
                     "no rule fields of the wheel",
                     v->name);
  *rules = (mutorere_rules){r->arms,   r->flank_plies, r->adjacent_enemy,
                            r->misere, r->repetition,  r->max_plies};
  return MUTORERE_OK;
}

const char *mutorere_variant_name(const mutorere_variant *v) {
  return v ? v->name : NULL;
}

/*
** test_solfile.c — solution files: round trips of symmetric and plain
** tables; a foreign, other-version, damaged, truncated or padded file is
** refused; a save cancelled or killed by a signal leaves the old file
** whole.
*/
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "hooks.h"
#include "memory.h"
#include "rank.h"
#include "solfile.h"
#include "symsolver.h"

#define PROGRAM "9.9.9"

static char path[256], text[BOARD_ERRMAX];
static Rules last_rules; /* the rules last solved */

/* Solves a built-in variant (symmetric), optionally with a hook. */
static void solve(Solution *s, const char *name, int n) {
  rules_named(&last_rules, name, n, text);
  CHECK_INT(symsolver_solve(s, &last_rules, 2, NULL, NULL, text), SOLVER_OK);
}

/* 1 when both solutions give every position the same value. */
static int same_values(const Solution *a, const Solution *b) {
  if (a->n != b->n || a->opening != b->opening) return 0;
  for (int ply = 0; ply <= a->opening; ply++)
    for (uint64_t r = 0; r < a->layer; r++) {
      Position p;
      int d1, d2;
      rank_unrank(r, a->n, (uint32_t)ply, &p);
      if (solver_lookup(a, &p, NULL, &d1) != solver_lookup(b, &p, NULL, &d2) ||
          d1 != d2)
        return 0;
    }
  return 1;
}

/* Loads path for a built-in variant of n arms (or the rules last solved
** when it is not one); returns the code, the message in text. */
static int load_rules(Solution *s, const Rules *r, const char *variant) {
  return solfile_load(s, r, PROGRAM, variant, path, NULL, NULL, text);
}

static int load(Solution *s, const char *variant) {
  Rules r = last_rules;
  char err[BOARD_ERRMAX];
  if (rules_named(&r, variant, last_rules.arms, err)) r = last_rules;
  return load_rules(s, &r, variant);
}

/* A result hook: the side to move wins with a piece in the centre and both
** arms next to the empty one (symmetric, and it makes value coding). */
static int centre_result(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)h;
  uint64_t empty = board_empty_arms(p), own = p->arms[p->side];
  uint64_t around = rules_rot_up(empty, p->n) | rules_rot_down(empty, p->n);
  if (!empty || p->centre != p->side || (around & own) != around)
    return OUTCOME_NONE;
  return p->side == BLACK ? OUTCOME_BLACK : OUTCOME_WHITE;
}

static void test_round_trips(void) {
  static const char *const names[] = {"standard", "first-two-turns", "misere"};
  for (int i = 0; i < 3; i++) {
    Solution a, b;
    solve(&a, names[i], 12);
    CHECK_INT(solfile_save(&a, PROGRAM, names[i], path, NULL, NULL, text),
              SOLVER_OK);
    if (CHECK_INT(load(&b, names[i]), SOLVER_OK)) {
      CHECK(b.sym != NULL);
      CHECK(same_values(&a, &b));
      solver_free(&b);
    }
    solver_free(&a);
  }
  Rules r;
  Solution a, b;
  rules_named(&r, "standard", 10, text);
  TestHooks hooks = {NULL, centre_result, NULL};
  test_hooks_wire(&r, &hooks);
  last_rules = r;
  CHECK_INT(symsolver_solve(&a, &r, 1, NULL, NULL, text), SOLVER_OK);
  CHECK(!a.sym->by_parity);
  CHECK_INT(solfile_save(&a, PROGRAM, "centre", path, NULL, NULL, text),
            SOLVER_OK);
  CHECK_INT(load(&b, "centre"), SOLVER_OK);
  CHECK(same_values(&a, &b));
  solver_free(&b);
  solver_free(&a);
  CHECK_INT(solver_solve(&a, &r, NULL, text), SOLVER_OK); /* a plain table */
  CHECK_INT(solfile_save(&a, PROGRAM, "centre", path, NULL, NULL, text),
            SOLVER_OK);
  CHECK_INT(load(&b, "centre"), SOLVER_OK);
  CHECK(b.sym == NULL);
  CHECK(same_values(&a, &b));
  solver_free(&b);
  solver_free(&a);
}

/* --- refusals --- */

/* Reads the whole file at path (size in *k). */
static char *slurp(size_t *k) {
  FILE *f = fopen(path, "rb");
  char *data = malloc(1 << 20);
  *k = fread(data, 1, 1 << 20, f);
  fclose(f);
  return data;
}

static void spit(const char *data, size_t k) {
  FILE *f = fopen(path, "wb");
  fwrite(data, 1, k, f);
  fclose(f);
}

/* Loads path as "standard" and checks the refusal says want. */
static void refused(const char *want) {
  Solution s;
  if (CHECK_INT(load(&s, "standard"), SOLVER_ERROR)) {
    if (!strstr(text, want)) fprintf(stderr, "message: %s\n", text);
    CHECK(strstr(text, want) != NULL);
  } else
    solver_free(&s);
}

/* Rewrites the file with the first occurrence of from replaced by to. */
static void edit(const char *original, size_t k, const char *from,
                 const char *to) {
  char *copy = malloc(k + 64);
  const char *at = strstr(original, from);
  size_t before = (size_t)(at - original), a = strlen(from), b = strlen(to);
  memcpy(copy, original, before);
  memcpy(copy + before, to, b);
  memcpy(copy + before + b, at + a, k - before - a);
  spit(copy, k - a + b);
  free(copy);
}

static void test_refusals(void) {
  Solution s;
  size_t k;
  solve(&s, "standard", 12);
  solfile_save(&s, PROGRAM, "standard", path, NULL, NULL, text);
  solver_free(&s);
  char *good = slurp(&k);
  CHECK_INT(load(&s, "misere"), SOLVER_ERROR);
  CHECK(strstr(text, "holds another variant: standard") != NULL);
  CHECK_INT(solfile_load(&s, &last_rules, "0.0.1", "standard", path, NULL, NULL,
                         text),
            SOLVER_ERROR);
  CHECK(strstr(text, "written by mutorere 9.9.9; this is 0.0.1") != NULL);
  edit(good, k, "format 1", "format 7");
  refused("of format 7; this program reads format 1");
  edit(good, k, "arms 12", "arms 14");
  refused("damaged: its header's shape is wrong");
  edit(good, k, "mutorere solution", "a grocery list");
  refused("is not a solution file");
  spit(good, k / 2);
  refused("truncated");
  spit(good, 20);
  refused("not a solution file");
  char *bad = malloc(k + 1);
  memcpy(bad, good, k);
  bad[k] = 0;
  spit(bad, k + 1);
  refused("damaged: its size is wrong");
  bad[k - 100] ^= 0x10;
  spit(bad, k);
  refused("damaged: its checksum does not match");
  spit(good, k);
  size_t before = memory_set_limit(memory_in_use() + 1000);
  refused("not enough memory to load");
  memory_set_limit(before);
  remove(path);
  refused("cannot read the solution");
  free(bad);
  free(good);
}

/* --- interrupted saves --- */

static int stop_now(void *ctx) {
  return --*(int *)ctx <= 0;
}

/* Kills the process as the table is being written. */
static void die_saving(void *ctx, const char *phase, uint64_t done,
                       uint64_t total) {
  (void)ctx, (void)done, (void)total;
  if (strcmp(phase, "saving") == 0) raise(SIGKILL);
}

/* 1 when no temporary file is left next to path. */
static int no_temporary(pid_t pid) {
  char tmp[300];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)pid);
  return access(tmp, F_OK) != 0;
}

static void test_interrupted(void) {
  Solution old, other, back;
  size_t k, j;
  solve(&old, "standard", 14);
  solfile_save(&old, PROGRAM, "standard", path, NULL, NULL, text);
  char *before = slurp(&k);
  solve(&other, "standard", 14);
  /* cancelled (Ctrl-C) while writing: the old file stays, no leftovers */
  int polls = 1;
  Cancel c = {stop_now, &polls};
  CHECK_INT(solfile_save(&other, PROGRAM, "standard", path, &c, NULL, text),
            SOLVER_CANCELLED);
  CHECK(no_temporary(getpid()));
  /* killed by a signal while writing */
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    Progress p = {die_saving, NULL};
    solfile_save(&other, PROGRAM, "standard", path, NULL, &p, text);
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  char *after = slurp(&j);
  CHECK(j == k && memcmp(before, after, k) == 0);
  if (CHECK_INT(load(&back, "standard"), SOLVER_OK)) {
    CHECK(same_values(&old, &back));
    solver_free(&back);
  }
  char tmp[300];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)pid);
  remove(tmp); /* what the killed save left */
  remove(path);
  free(before);
  free(after);
  solver_free(&old);
  solver_free(&other);
}

int main(void) {
  snprintf(path, sizeof path, "%s/mutorere-test-%ld.mts",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
  test_round_trips();
  test_refusals();
  test_interrupted();
  remove(path);
  return harness_report();
}

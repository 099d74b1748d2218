/*
** test_threads.c — the C library's thread rules, as threads use it: each
** thread solves, counts, searches and plays its own variants (built in
** and written in Lua), and all of them look up one solution of a variant
** without hooks and one of a variant with Lua hooks, with games made of
** the shared variants at once.  Every figure a thread gets is checked
** against the same work done first on one thread.  Run under
** ThreadSanitizer and helgrind in CI (.ci/run), where a race fails it.
**
** usage: test_threads [small]   (small: 8-arm boards and fewer plies, for
**   helgrind, which runs code some hundred times slower)
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>

#include "check.h"

#define THREADS 4

/* What one thread's work gives: every figure, kept to compare. */
typedef struct Figures {
  int rc;            /* MUTORERE_OK, or the first failure */
  char error[512];   /* its message */
  uint64_t leaves;   /* perft of its own variant */
  uint64_t hooked;   /* perft of its own variant with Lua hooks */
  uint64_t own_sum;  /* the lookups along random games: its own solution */
  uint64_t shared_sum, lua_sum; /* the shared solutions' */
  mutorere_move best;           /* its search's move */
  int score;
} Figures;

/* The shared objects. */
typedef struct Shared {
  int arms, plies, depth;
  mutorere_variant *plain, *lua;   /* misere; tired-piece (Lua hooks) */
  mutorere_solution *plain_solved, *lua_solved;
} Shared;

static Shared shared;

/* The next number of a simple generator of seed *x. */
static uint32_t next_random(uint64_t *x) {
  *x = *x * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(*x >> 33);
}

/* Fails figures f with the library's message, unless it failed before;
** returns rc. */
static int note(Figures *f, int rc) {
  if (rc != MUTORERE_OK && f->rc == MUTORERE_OK) {
    f->rc = rc;
    snprintf(f->error, sizeof f->error, "%s", mutorere_last_error());
  }
  return rc;
}

/* Plays random games of v from its start (seed), looking up every state in
** s; returns a sum of the values and distances met (0 after a failure). */
static uint64_t random_lookups(Figures *f, const mutorere_variant *v,
                               const mutorere_solution *s, uint64_t seed,
                               int games, int plies) {
  uint64_t sum = 0;
  for (int k = 0; k < games; k++) {
    mutorere_game *g = NULL;
    if (note(f, mutorere_game_new(v, NULL, &g))) return 0;
    for (int ply = 0; ply < plies; ply++) {
      mutorere_move moves[MUTORERE_MAX_MOVES];
      int count, value, distance;
      if (note(f, mutorere_solution_value(s, g, &value, &distance)) ||
          note(f, mutorere_game_moves(g, moves, &count)))
        break;
      sum = sum * 31 + (uint64_t)((value + 1) * 1000 + distance + 2);
      if (count == 0) break;
      if (note(f, mutorere_game_play(g, moves[next_random(&seed) % count])))
        break;
    }
    mutorere_game_free(g);
  }
  return sum;
}

/* One thread's work (seed: its number), into *f. */
static void work(int seed, Figures *f) {
  mutorere_variant *own = NULL, *lua = NULL;
  mutorere_solution *solved = NULL;
  mutorere_game *g = NULL, *h = NULL;
  memset(f, 0, sizeof *f);
  int arms = shared.arms + 2 * (seed % 2); /* two sizes among the threads */
  if (note(f, mutorere_variant_named("standard", arms, &own)) ||
      note(f, mutorere_variant_named("tired-piece", 0, &lua)) ||
      note(f, mutorere_game_new(own, NULL, &g)) ||
      note(f, mutorere_game_new(lua, NULL, &h)) ||
      note(f, mutorere_perft(g, shared.depth, NULL, NULL, &f->leaves)) ||
      note(f, mutorere_perft(h, shared.depth / 2, NULL, NULL, &f->hooked)) ||
      note(f, mutorere_solve(own, 1 + seed % 2, NULL, NULL, NULL, &solved)) ||
      note(f, mutorere_search(g, shared.depth / 2, 0, NULL, NULL, &f->best,
                              &f->score)))
    goto done;
  f->own_sum = random_lookups(f, own, solved, (uint64_t)seed, 10, shared.plies);
  f->shared_sum = random_lookups(f, shared.plain, shared.plain_solved,
                                 (uint64_t)seed + 100, 10, shared.plies);
  f->lua_sum = random_lookups(f, shared.lua, shared.lua_solved,
                              (uint64_t)seed + 200, 5, shared.plies);
done:
  mutorere_game_free(h);
  mutorere_game_free(g);
  mutorere_solution_free(solved);
  mutorere_variant_free(lua);
  mutorere_variant_free(own);
}

typedef struct Thread {
  pthread_t id;
  int seed;
  Figures figures;
} Thread;

static void *thread_main(void *arg) {
  Thread *t = arg;
  work(t->seed, &t->figures);
  return NULL;
}

/* Checks a thread's figures against those of the same work alone. */
static void compare(int seed, const Figures *got, const Figures *want) {
  char what[700];
  snprintf(what, sizeof what, "thread %d: %s", seed,
           got->rc ? got->error : "ok");
  check(got->rc == MUTORERE_OK, __FILE__, __LINE__, what);
  snprintf(what, sizeof what, "thread %d's figures as on one thread", seed);
  check(got->leaves == want->leaves && got->hooked == want->hooked &&
            got->own_sum == want->own_sum &&
            got->shared_sum == want->shared_sum &&
            got->lua_sum == want->lua_sum && got->best.from == want->best.from &&
            got->best.to == want->best.to && got->score == want->score,
        __FILE__, __LINE__, what);
}

int main(int argc, char **argv) {
  int small = argc > 1 && strcmp(argv[1], "small") == 0;
  shared.arms = small ? 8 : 18;
  shared.plies = small ? 12 : 200;
  shared.depth = small ? 6 : 24;
  if (!CHECK_OK(mutorere_variant_named("misere", shared.arms, &shared.plain)) ||
      !CHECK_OK(mutorere_variant_named("tired-piece", 0, &shared.lua)) ||
      !CHECK_OK(mutorere_solve(shared.plain, 2, NULL, NULL, NULL,
                               &shared.plain_solved)) ||
      !CHECK_OK(mutorere_solve(shared.lua, 1, NULL, NULL, NULL,
                               &shared.lua_solved)))
    return 1;
  Figures alone[THREADS];
  for (int i = 0; i < THREADS; i++) {
    work(i, &alone[i]);
    CHECK_STR(alone[i].rc ? alone[i].error : "ok", "ok");
  }
  CHECK(alone[0].leaves > 0 && alone[0].hooked > 0 && alone[0].own_sum > 0 &&
        alone[0].shared_sum > 0 && alone[0].lua_sum > 0);
  Thread threads[THREADS];
  for (int i = 0; i < THREADS; i++) {
    threads[i].seed = i;
    CHECK_INT(pthread_create(&threads[i].id, NULL, thread_main, &threads[i]), 0);
  }
  for (int i = 0; i < THREADS; i++) pthread_join(threads[i].id, NULL);
  for (int i = 0; i < THREADS; i++)
    compare(i, &threads[i].figures, &alone[i]);
  mutorere_solution_free(shared.lua_solved);
  mutorere_solution_free(shared.plain_solved);
  mutorere_variant_free(shared.lua);
  mutorere_variant_free(shared.plain);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

/*
** test_symsolver.c — the symmetric index and solver: the index is a dense
** map of the positions up to rotation and colour swap; the symmetric
** solver agrees with the plain one on every position of every built-in
** variant on 4 to 16 arms (what a lookup searches, on a sample from 14
** arms on), and on hooked variants; so do their censuses; threads change
** nothing; a false claim of symmetry is refused; failures.  Built again
** with WAVE_COUNTS 2 (core.symsolver_counts2), it checks the recounts of
** entries with more children than a count holds (there on 18 arms too).  Built with
** ThreadSanitizer (.ci/run), it runs only the checks that run threads.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hooks.h"
#include "memory.h"
#include "random_position.h"
#include "rank.h"
#include "solve.h"
#include "symcensus.h"
#include "symsolver.h"

/* Under ThreadSanitizer the checks against the plain solver, serial, can
** show no race and take minutes: there the threaded solves and censuses
** are checked against serial ones alone (test_threads). */
#if defined(__SANITIZE_THREAD__)
#define THREADED_ONLY 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define THREADED_ONLY 1
#endif
#endif
#ifndef THREADED_ONLY
#define THREADED_ONLY 0
#endif

/* --- the index --- */

static Position turned(const Position *p, int s) {
  Position q = *p;
  for (int c = 0; c < 2; c++) q.arms[c] = symrank_rot_up(p->arms[c], s, p->n);
  return q;
}

static Position swapped(const Position *p) {
  Position q = *p;
  q.arms[BLACK] = p->arms[WHITE];
  q.arms[WHITE] = p->arms[BLACK];
  q.side ^= 1;
  if (q.centre != NOBODY) q.centre ^= 1;
  return q;
}

/* The class of p, naively: the least of the ranks of its turns and their
** colour swaps, each seen with black to move. */
static uint64_t naive_class(const Position *p) {
  uint64_t least = UINT64_MAX;
  Position q = p->side == BLACK ? *p : swapped(p);
  for (int s = 0; s < p->n; s++) {
    Position t = turned(&q, s);
    uint64_t r = rank_position(&t);
    if (r < least) least = r;
  }
  return least;
}

/* Every position lands in the entry of its class, classes and the entries
** holding one match one to one, and every entry holding a class unranks to
** a position of it; the layer is a multiple of SYMRANK_ALIGN. */
static void test_index(void) {
  for (int n = 4; n <= 14; n += 2) {
    SymRank t;
    CHECK_INT(symrank_init(&t, n), 0);
    uint64_t size = symrank_layer(&t), classes = 0, holding = 0;
    CHECK_INT(size % SYMRANK_ALIGN, 0);
    CHECK_INT(t.combos, rank_binomial(n, n / 2));
    CHECK_INT(symrank_entries(n), size);
    uint64_t *class_of = malloc((size_t)size * sizeof *class_of);
    for (uint64_t i = 0; i < size; i++) class_of[i] = UINT64_MAX;
    uint64_t mask = symrank_mask(&t, 0);
    int ordered = 1;
    for (uint64_t r = 0; r < t.combos; r++, mask = symrank_next(mask))
      ordered &= symrank_mask(&t, r) == mask && symrank_combo(&t, mask) == r;
    CHECK(ordered);
    for (uint64_t r = 0; r < rank_layer(n); r++) {
      Position p;
      rank_unrank(r, n, 0, &p);
      uint64_t i = symrank_position(&t, &p), c = naive_class(&p);
      if (i >= size) {
        CHECK(!"an entry past the layer");
        break;
      }
      if (class_of[i] == UINT64_MAX) class_of[i] = c, classes++;
      if (class_of[i] != c) {
        CHECK(!"two classes share an entry");
        break;
      }
    }
    for (uint64_t i = 0; i < size; i++) {
      Position p;
      char err[BOARD_ERRMAX];
      int held = symrank_unrank(&t, i, 3, &p) == 0;
      holding += (uint64_t)held;
      CHECK_INT(held, class_of[i] != UINT64_MAX); /* the slots without */
      if (!held) continue;
      CHECK_INT(board_check(&p, err), 0);
      CHECK_INT(p.ply, 3);
      CHECK_INT(symrank_position(&t, &p), i);
      CHECK_INT(naive_class(&p), class_of[i]);
      CHECK_INT(board_empty_point(&p) == BOARD_CENTRE, i >= t.combos);
    }
    CHECK_INT(holding, classes);
    free(class_of);
    symrank_free(&t);
  }
  for (int n = 16; n <= SYMRANK_MAX_ARMS; n += 2) { /* the slots' share */
    SymRank t;
    CHECK_INT(symrank_init(&t, n), 0);
    uint64_t layer = symrank_layer(&t), necklaces = 0;
    for (int d = 1; d <= n / 2; d++) /* Burnside: over the turns by n/d */
      if (n % d == 0 && (n / 2) % d == 0) {
        uint64_t phi = 0;
        for (int j = 1; j <= d; j++) {
          int a = j, b = d;
          while (b) { int x = a % b; a = b; b = x; }
          phi += a == 1;
        }
        necklaces += phi * rank_binomial(n / d, n / 2 / d);
      }
    necklaces /= (uint64_t)n;
    double share = (double)layer / (double)(t.combos + necklaces);
    if (share > 1.05) CHECK(!"more than 1.05 entries a class");
    symrank_free(&t);
  }
  uint64_t seed = 5;
  for (int n = 4; n <= SYMRANK_MAX_ARMS; n += 2) /* the least rotation */
    for (int i = 0; i < 2000; i++) {
      uint64_t mask = test_random(&seed) & board_full(n), least = mask;
      int turn, want = 0, period = (int)(test_random(&seed) % (uint64_t)n) + 1;
      if (i % 2 && n % period == 0) /* a mask that repeats */
        for (int j = period; j < n; j++)
          mask = (mask & ~((uint64_t)1 << j)) | (mask >> (j - period) & 1) << j;
      least = mask;
      if (mask == 0 || mask == board_full(n)) continue;
      for (int s = 1; s < n; s++)
        if (symrank_rot_down(mask, s, n) < least)
          least = symrank_rot_down(mask, s, n), want = s;
      if (symrank_least(mask, n, &turn) != least || turn != want) {
        CHECK(!"symrank_least");
        break;
      }
    }
  for (int n = 16; n <= SYMRANK_MAX_ARMS; n += 2) {
    SymRank t;
    CHECK_INT(symrank_init(&t, n), 0);
    for (int i = 0; i < 300; i++) {
      Position p = random_position(n, &seed), q;
      uint64_t r = symrank_position(&t, &p);
      CHECK(r < symrank_layer(&t));
      CHECK_INT(symrank_unrank(&t, r, 0, &q), 0);
      CHECK_INT(symrank_position(&t, &q), r);
    }
    symrank_free(&t);
  }
}

/* --- against the plain solver --- */

/* Built with WAVE_COUNTS 2 (core.symsolver_counts2): the entries of every
** board are counted again; the default build counts them again from 24
** arms on only. */
#ifdef WAVE_COUNTS
#define COUNTS2 1
#else
#define COUNTS2 0
#endif

/* Every byte of five values (symtable_pack5) gives back each of its
** values (symtable_digit). */
static void test_digits(void) {
  int bad = 0;
  for (unsigned b = 0; b < 243; b++) {
    uint8_t v[SYMTABLE_PER_BYTE];
    for (unsigned j = 0, x = b; j < SYMTABLE_PER_BYTE; j++, x /= 3)
      v[j] = (uint8_t)(x % 3);
    bad += symtable_pack5(v) != b;
    for (unsigned j = 0; j < SYMTABLE_PER_BYTE; j++)
      bad += symtable_digit((uint8_t)b, j) != v[j];
  }
  CHECK_INT(bad, 0);
}

/* The largest board of every built-in variant compared with the plain
** solver (an own set that repeats every 8 arms first changes values there
** in the default build); its censuses are compared in the build counting
** to 2 alone, whose census differs from the default's only where it
** solves again (its replay of the distances). */
#define LARGEST_COMPARED 16

/* From this many arms on, what a values table searches at each lookup (a
** distance, a value in an opening ply whose layer is not kept) is compared
** on a sample of the positions, most of the test's time on those boards;
** the values the table keeps are compared on every position. */
#define SAMPLED_ARMS 14
#define SAMPLE_EVERY 16 /* one position in so many, spread by a hash */

/* 1 when position r of ply ply is in the sample of a board of n arms. */
static int sampled(int n, int ply, uint64_t r, uint64_t layer) {
  uint64_t key = (r + (uint64_t)ply * layer) * 0x9e3779b97f4a7c15u;
  return n < SAMPLED_ARMS || (key >> 40) % SAMPLE_EVERY == 0;
}

/* 1 when what the lookups of table t of n arms search is compared: a
** values table's distances (and values of the opening plies it does not
** keep) are searched by symtable.c from the values kept, the same object
** in both builds; the build counting to 2, whose values kept are compared
** on every position (so they are the default build's), compares those
** only on the boards the default build does not (18 arms).  A byte table
** keeps its distances: compared always. */
static int searches_compared(const SymTable *t, int n) {
  return !COUNTS2 || t->bits == 8 || n > LARGEST_COMPARED;
}

/* Compares a symmetric solution with a plain one: the value of every
** position the table keeps, and its distance, and the lookups of an opening
** ply searched, on every position below SAMPLED_ARMS, else on a sample
** (where searches_compared). */
static int same_as_plain(const Solution *sym, const Solution *plain,
                         const char *what) {
  int bad = 0;
  for (int ply = 0; ply <= plain->opening; ply++)
    for (uint64_t r = 0; r < plain->layer; r++) {
      Position p;
      int d1, d2 = -2, all = searches_compared(sym->sym, plain->n) &&
                             sampled(plain->n, ply, r, plain->layer);
      if (!all && ply < plain->opening && sym->sym->layers == 1) continue;
      rank_unrank(r, plain->n, (uint32_t)ply, &p);
      int v1 = solver_lookup(plain, &p, NULL, &d1),
          v2 = solver_lookup(sym, &p, NULL, all ? &d2 : NULL);
      if (v1 != v2 || (all && d1 != d2)) {
        char text[BOARD_POSMAX];
        if (bad++ < 3)
          fprintf(stderr, "%s %s: plain %d/%d, symmetric %d/%d\n", what,
                  board_format(&p, text), v1, d1, v2, d2);
      }
    }
  return bad == 0;
}

static void compare_census(const Solution *plain, const Solution *sym,
                           const Rules *r, const Position *start,
                           const char *what);

/* Solves r both ways (threads for the symmetric one) and compares them,
** and their censuses from each of the starts given (count of them). */
static void compare_with_census(const Rules *r, int threads, const char *what,
                                const Position *starts, int count) {
  Solution plain, sym;
  char err[BOARD_ERRMAX];
  if (!CHECK_INT(solver_solve(&plain, r, NULL, err), SOLVER_OK)) return;
  if (CHECK_INT(symsolver_solve(&sym, r, threads, NULL, NULL, err),
                SOLVER_OK)) {
    CHECK_INT(solver_states(&sym), solver_states(&plain));
    CHECK(same_as_plain(&sym, &plain, what));
    for (int i = 0; i < count; i++)
      compare_census(&plain, &sym, r, &starts[i], what);
    solver_free(&sym);
  }
  solver_free(&plain);
}

/* Solves r both ways (threads for the symmetric one) and compares. */
static void compare(const Rules *r, int threads, const char *what) {
  compare_with_census(r, threads, what, NULL, 0);
}

/* The smallest board the build counting to 2 compares: the default build
** compares the smaller ones and the flank rule's openings, whose last
** layers (all the waves solve) are standard's; its recounts are checked
** on 14 to 18 arms (each mutant of them tried failed there). */
#define SMALLEST_COUNTS2 14

/* The symmetric solutions of the flank rule, its opening plies kept as
** layers or searched at lookup, against the plain ones. */
static void test_flank(void) {
  for (int n = 6; n <= 10; n += 2) { /* opening plies kept as layers */
    Rules r;
    char err[BOARD_ERRMAX];
    rules_named(&r, "standard", n, err);
    r.flank_plies = SYMTABLE_SEARCH_PLIES + 2;
    CHECK_INT(symtable_layers(&r), SYMTABLE_SEARCH_PLIES + 3);
    compare(&r, 2, "flank for 6 plies");
  }
  /* the opening plies searched at lookup (the flank rule ends by ply
  ** SYMTABLE_SEARCH_PLIES), where a side can be blocked: misere makes
  ** that a win */
  static const char *const flanked[] = {"standard", "misere", NULL};
  for (int v = 0; flanked[v]; v++)
    for (int plies = 1; plies <= SYMTABLE_SEARCH_PLIES; plies++)
      for (int n = 6; n <= 10; n += 2) {
        Rules r;
        char err[BOARD_ERRMAX], what[64];
        rules_named(&r, flanked[v], n, err);
        r.flank_plies = plies;
        CHECK_INT(symtable_layers(&r), 1); /* one layer, the rest searched */
        snprintf(what, sizeof what, "%s %d, flank for %d plies", flanked[v], n,
                 plies);
        compare(&r, 1, what);
      }
}

/* Every built-in variant against the plain solver, and its census from
** the start and from a random position. */
static void test_against_plain(void) {
  uint64_t seed = 11;
  for (int v = 0; rules_names[v]; v++)
    for (int n = 4; n <= LARGEST_COMPARED; n += 2) {
      Rules r;
      Position starts[2];
      char err[BOARD_ERRMAX], what[64];
      rules_named(&r, rules_names[v], n, err);
      snprintf(what, sizeof what, "%s %d", rules_names[v], n);
      board_start(&starts[0], n);
      starts[1] = random_position(n, &seed);
      starts[1].ply = (uint32_t)(test_random(&seed) % 4);
      if (COUNTS2 && n < SMALLEST_COUNTS2) continue;
      int censuses = n < LARGEST_COMPARED || COUNTS2 ? 2 : 0;
      compare_with_census(&r, n % 4 ? 1 : 2, what, starts, censuses);
    }
  if (COUNTS2) { /* 18 arms, where an entry counted again finds children
                 ** of its own wave not yet settled */
    Rules r;
    char err[BOARD_ERRMAX];
    rules_named(&r, "standard", 18, err);
    compare(&r, 1, "standard 18");
  }
}

/* --- the census --- */

/* A symmetric result hook: the side not to move wins when it holds both
** arms next to the empty arm. */
static int hemmed_result(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)h;
  uint64_t empty = board_empty_arms(p), other = p->arms[p->side ^ 1];
  if (!empty) return OUTCOME_NONE;
  uint64_t around = rules_rot_up(empty, p->n) | rules_rot_down(empty, p->n);
  if ((around & other) != around) return OUTCOME_NONE;
  return p->side == BLACK ? OUTCOME_WHITE : OUTCOME_BLACK;
}

static int traps_told;

/* The traps a census told of, as position texts. */
typedef struct TrapSet {
  char text[64][BOARD_POSMAX];
  int count;
} TrapSet;

static void keep_trap(void *ud, const Position *p, const History *h,
                      int losing) {
  TrapSet *t = ud;
  (void)losing, (void)h;
  if (t->count < 64) board_format(p, t->text[t->count++]);
}

/* 1 when every trap of b is one of a's. */
static int traps_within(const TrapSet *b, const TrapSet *a) {
  for (int i = 0; i < b->count; i++) {
    int found = 0;
    for (int j = 0; j < a->count && !found; j++)
      found = strcmp(b->text[i], a->text[j]) == 0;
    if (!found) return 0;
  }
  return 1;
}

static void count_trap(void *ud, const Position *p, const History *h,
                       int losing) {
  (void)ud, (void)p, (void)h;
  traps_told += losing > 0;
}

/* The census from start of both solutions of r (the symmetric one on two
** threads). */
static void compare_census(const Solution *plain, const Solution *sym,
                           const Rules *r, const Position *start,
                           const char *what) {
  Census a, b;
  char err[BOARD_ERRMAX];
  CHECK_INT(solver_census(plain, r, start, NULL, &a, NULL, NULL, NULL, err),
            SOLVER_OK);
  traps_told = 0;
  CHECK_INT(
      symcensus_run(sym, r, start, &b, count_trap, NULL, 2, NULL, NULL, err),
      SOLVER_OK);
  if (memcmp(&a, &b, sizeof a) != 0) {
    fprintf(stderr,
            "%s: plain %llu %llu/%llu/%llu traps %llu longest %d, symmetric "
            "%llu %llu/%llu/%llu traps %llu longest %d\n",
            what, (unsigned long long)a.reachable, (unsigned long long)a.wins,
            (unsigned long long)a.losses, (unsigned long long)a.draws,
            (unsigned long long)a.traps, a.longest,
            (unsigned long long)b.reachable, (unsigned long long)b.wins,
            (unsigned long long)b.losses, (unsigned long long)b.draws,
            (unsigned long long)b.traps, b.longest);
    CHECK(!"the censuses differ");
  }
  CHECK(traps_told > 0 || b.traps == 0);
}

/* The censuses from every position of 8 arms, and the standard game's
** (each built-in variant's from its start and a random position on 4 to
** 16 arms: test_against_plain). */
static void test_census(void) {
  /* from every position of 8 arms: small walks whose reachable positions
  ** are not closed under the symmetries (the hemmed result hook makes
  ** them) test the turning of masks; of the built-in variants (whose walks
  ** reach all or nothing) standard and misere */
  for (int v = 0; v <= 6; v += v == 0 ? 5 : 1) {
    Rules r;
    Solution plain, sym;
    char err[BOARD_ERRMAX];
    int bad = 0;
    rules_named(&r, rules_names[v % 6], 8, err);
    TestHooks hemmed = {NULL, hemmed_result, NULL};
    if (v == 6) test_hooks_wire(&r, &hemmed);
    solver_solve(&plain, &r, NULL, err);
    symsolver_solve(&sym, &r, 1, NULL, NULL, err);
    for (uint64_t i = 0; i < rank_layer(8); i++) {
      Position p;
      Census a, b;
      static TrapSet ta, tb;
      ta.count = tb.count = 0;
      rank_unrank(i, 8, 0, &p);
      solver_census(&plain, &r, &p, NULL, &a, keep_trap, &ta, NULL, err);
      symcensus_run(&sym, &r, &p, &b, keep_trap, &tb, 1, NULL, NULL, err);
      bad += memcmp(&a, &b, sizeof a) != 0 ||
             (a.traps < 64 && !traps_within(&tb, &ta));
    }
    CHECK_INT(bad, 0);
    solver_free(&plain);
    solver_free(&sym);
  }
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  Solution s;
  Census c;
  symsolver_solve(&s, &r, 1, NULL, NULL, err);
  CHECK_INT(symcensus_run(&s, &r, &p, &c, NULL, NULL, 1, NULL, NULL, err),
            SOLVER_OK);
  CHECK_INT(c.reachable, 1180);
  CHECK_INT(c.wins, 208);
  CHECK_INT(c.losses, 128);
  CHECK_INT(c.draws, 844);
  solver_free(&s);
}

/* --- threads --- */

/* 1 when two censuses count the same. */
static int same_census(const Census *a, const Census *b) {
  return a->reachable == b->reachable && a->wins == b->wins &&
         a->losses == b->losses && a->draws == b->draws &&
         a->traps == b->traps && a->longest == b->longest;
}

/* Every built-in variant on 16 arms (18 in the build counting to 2): the
** table and the census from the start of three threads are those of one. */
static void test_threads(void) {
  const int n = COUNTS2 ? 18 : 16;
  for (int v = 0; rules_names[v]; v++) {
    Rules r;
    Solution a, b;
    Position start;
    Census one, three;
    char err[BOARD_ERRMAX];
    rules_named(&r, rules_names[v], n, err);
    board_start(&start, n);
    CHECK_INT(symsolver_solve(&a, &r, 1, NULL, NULL, err), SOLVER_OK);
    CHECK_INT(symsolver_solve(&b, &r, 3, NULL, NULL, err), SOLVER_OK);
    CHECK(memcmp(a.codes, b.codes,
                  (size_t)symtable_bytes(symtable_entries(&a), a.sym->bits)) == 0);
    CHECK_INT(symcensus_run(&a, &r, &start, &one, NULL, NULL, 1, NULL, NULL, err),
              SOLVER_OK);
    CHECK_INT(symcensus_run(&b, &r, &start, &three, NULL, NULL, 3, NULL, NULL, err),
              SOLVER_OK);
    CHECK(same_census(&one, &three));
    solver_free(&a);
    solver_free(&b);
  }
}

/* --- hooks --- */

/* The first-move rule as an allow hook over no-restriction: symmetric. */
static int first_move_hook(void *ctx, const Position *p, const History *h,
                           Move m) {
  (void)ctx, (void)h;
  if (p->ply > 0 || m.to != BOARD_CENTRE) return 1;
  uint64_t enemy = p->arms[p->side ^ 1];
  return (int)((rules_rot_up(enemy, p->n) | rules_rot_down(enemy, p->n)) >>
                   m.from &
               1);
}

/* Not symmetric: no move from arm 1. */
static int not_from_arm_1(void *ctx, const Position *p, const History *h,
                          Move m) {
  (void)ctx, (void)p, (void)h;
  return m.from != 0;
}

/* Not symmetric under colour swap: white wins at once when black holds
** the centre. */
static int black_centre_loses(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)h;
  return p->centre == BLACK ? OUTCOME_WHITE : OUTCOME_NONE;
}

static void test_hooks(void) {
  Rules r, built_in;
  Position start;
  Solution a, b;
  char err[BOARD_ERRMAX];
  SolveOptions claim = {2, 1, NULL, NULL, SOLVE_AUTO, NULL, 0};
  TestHooks first = {first_move_hook, NULL, NULL};
  TestHooks hemmed = {NULL, hemmed_result, NULL};
  for (int n = 6; n <= 12; n += 6) {
    rules_named(&r, "no-restriction", n, err);
    test_hooks_wire(&r, &first);
    r.hook_plies = 1;
    board_start(&start, n);
    compare_with_census(&r, 1, "first-move hook", &start, 1);
    rules_named(&built_in, "first-move", n, err);
    CHECK_INT(solve_variant(&a, &r, &claim, err), SOLVER_OK);
    CHECK(a.sym != NULL);
    CHECK_INT(solve_variant(&b, &built_in, NULL, err), SOLVER_OK);
    CHECK_INT(b.sym->layers, 1); /* the first ply is searched */
    CHECK_INT(a.sym->layers, 2); /* with hooks it is kept */
    CHECK(same_as_plain(&a, &b, "hook and built-in"));
    solver_free(&a);
    solver_free(&b);
    /* misere, its first move by the hook: a side left without a move
    ** (which no result hook judged first) wins */
    rules_named(&r, "misere", n, err);
    r.flank_plies = 0;
    test_hooks_wire(&r, &first);
    r.hook_plies = 1;
    compare(&r, 1, "misere, first-move hook");
    rules_named(&r, "standard", n, err);
    test_hooks_wire(&r, &hemmed);
    compare_with_census(&r, 1, "hemmed result hook", &start, 1);
    CHECK_INT(solve_check_symmetric(&r, err), 0);
  }
  /* without the claim a hooked variant is solved by the plain solver */
  CHECK_INT(solve_variant(&a, &r, NULL, err), SOLVER_OK);
  CHECK(a.sym == NULL);
  solver_free(&a);
  /* a false claim is refused */
  rules_named(&r, "standard", 8, err);
  TestHooks liar = {not_from_arm_1, NULL, NULL};
  test_hooks_wire(&r, &liar);
  CHECK_INT(solve_variant(&a, &r, &claim, err), SOLVER_ERROR);
  CHECK(strstr(err, "symmetric, but its hooks") && strstr(err, "in its"));
  TestHooks liar2 = {NULL, black_centre_loses, NULL};
  test_hooks_wire(&r, &liar2);
  CHECK_INT(solve_variant(&a, &r, &claim, err), SOLVER_ERROR);
  CHECK(strstr(err, "its hooks judge") && strstr(err, "colour swap"));
}

/* --- failures --- */

static int failing_allow(void *ctx, const Position *p, const History *h,
                         Move m) {
  (void)p, (void)m, (void)h;
  return --*(int *)ctx > 0 ? 1 : RULES_EHOOK;
}

static int stop_now(void *ctx) {
  return --*(int *)ctx <= 0;
}

static void test_failures(void) {
  Rules r;
  Solution s;
  char err[BOARD_ERRMAX];
  int calls = 50;
  rules_named(&r, "standard", 8, err);
  TestHooks failing = {failing_allow, NULL, &calls};
  test_hooks_wire(&r, &failing);
  CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, err), SOLVER_EHOOK);
  rules_named(&r, "standard", 18, err);
  for (int polls = 1; polls <= 3; polls++) {
    int left = polls;
    Cancel c = {stop_now, &left};
    CHECK_INT(symsolver_solve(&s, &r, 2, &c, NULL, err), SOLVER_CANCELLED);
  }
  rules_named(&r, "standard", 20, err);
  size_t before = memory_set_limit(50000); /* 20 arms take 99 kB */
  SolveOptions o = {1, 0, NULL, NULL, SOLVE_AUTO, NULL, 0};
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_ERROR);
  CHECK(strstr(err, "not enough memory") && strstr(err, "99 kB"));
  memory_set_limit(before);
  rules_named(&r, "standard", 8, err);
  for (long k = 0; k < 3; k++) {
    memory_fail_after(k);
    CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, err), SOLVER_ERROR);
    CHECK(strstr(err, "not enough memory") != NULL);
    memory_fail_after(-1);
  }
  CHECK_INT(memory_in_use(), 0);
}

/* The build counting to 2 runs what reaches the counts: the index and the
** censuses from every position of 8 arms (which solve nothing new) are the
** default build's. */
int main(void) {
  if (!COUNTS2) test_index();
  if (!COUNTS2) test_digits();
  if (!THREADED_ONLY) {
    if (!COUNTS2) test_flank();
    test_against_plain();
    if (!COUNTS2) test_census();
  }
  test_threads();
  test_hooks();
  test_failures();
  return harness_report();
}

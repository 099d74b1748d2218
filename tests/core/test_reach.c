/*
** test_reach.c — the reachable-states solution against the plain table,
** on variants small enough for both (parameters, the opening plies, hooks
** that remember moves, verdicts, a board of points): every state play
** reaches has the plain table's value and distance, and so has every other
** state, solved on demand; the census of the standard game; the automatic
** choice; solution files of the kind, and damaged ones refused; hooks that
** fail, Ctrl-C, bounds and allocation failures stop it and leave the
** solution as it was; a walk unbounded by its rules takes at most its share
** of the memory available.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "hooks.h"
#include "memory.h"
#include "rank.h"
#include "reach.h"
#include "solfile.h"
#include "solve.h"
#include "solver.h"

static char err[BOARD_ERRMAX];

/* --- rules that remember, hooks that read the ply --- */

/* A piece may not move twice in a row (history[1] is the mover's own last
** move) once a third move is remembered: the variants of issue 24, small. */
static int tired_late(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)p;
  return !(h && h->count >= 3 && m.from == h->moves[1].to);
}

/* Not straight back to where the mover's last move came from. */
static int no_return(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)p;
  return !(h && h->count >= 2 && m.from == h->moves[1].to &&
           m.to == h->moves[1].from);
}

/* Black wins holding the centre at ply 5; the ply 3 state drawn when the
** last move went to the centre (the hooks read the ply below 6). */
static int verdicts(void *ctx, const Position *p, const History *h) {
  (void)ctx;
  if (p->ply == 5 && p->centre == BLACK) return OUTCOME_BLACK;
  if (p->ply == 3 && h && h->count && h->moves[0].to == BOARD_CENTRE)
    return OUTCOME_DRAW;
  return OUTCOME_NONE;
}

/* Fails on the first state where white holds the centre. */
static int failing(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)h, (void)m;
  return p->centre == WHITE ? RULES_EHOOK : 1;
}

/* --- the variants --- */

typedef struct Case {
  const char *name; /* a built-in variant */
  int arms, history, hook_plies;
  TestHooks hooks;
} Case;

static const Case cases[] = {
    {"standard", 8, 0, 0, {NULL, NULL, NULL}},
    {"standard", 6, 0, 0, {NULL, NULL, NULL}},
    {"first-two-turns", 8, 0, 0, {NULL, NULL, NULL}},
    {"misere", 8, 0, 0, {NULL, NULL, NULL}},
    {"adjacent-enemy", 8, 0, 0, {NULL, NULL, NULL}},
    {"no-restriction", 6, 0, 0, {NULL, NULL, NULL}},
    {"standard", 6, 3, 0, {tired_late, NULL, NULL}},
    {"standard", 8, 2, 0, {no_return, NULL, NULL}},
    {"first-move", 6, 2, 6, {no_return, verdicts, NULL}},
};

/* The rules of case c into r (hooks wired to the case's). */
static void rules_of_case(const Case *c, Rules *r, TestHooks *hooks) {
  rules_named(r, c->name, c->arms, err);
  *hooks = c->hooks;
  test_hooks_wire(r, hooks);
  r->history = c->history;
  r->hook_plies = c->hook_plies;
}

/* --- helpers --- */

/* The number of the states of reach whose value or distance differs from
** the plain table's. */
static int differences(const Solution *reach, const Solution *plain) {
  int bad = 0;
  for (uint64_t i = 0; i < solver_states(reach); i++) {
    Position p;
    History h;
    int d1, d2;
    reach_state(reach, i, &p, &h);
    bad += solver_lookup(reach, &p, &h, &d1) !=
               solver_lookup(plain, &p, &h, &d2) ||
           d1 != d2;
  }
  return bad;
}

/* The states reachable from p reached by h with rules r, counted by a walk
** of the plain table (its census). */
static Census plain_census(const Solution *plain, const Rules *r,
                           const Position *p, const History *h) {
  Census c;
  CHECK_INT(solver_census(plain, r, p, h, &c, NULL, NULL, NULL, err),
            SOLVER_OK);
  return c;
}

static int same_census(const Census *a, const Census *b) {
  return a->reachable == b->reachable && a->wins == b->wins &&
         a->losses == b->losses && a->draws == b->draws &&
         a->traps == b->traps && a->longest == b->longest;
}

/* Every position of n arms at each ply below plies + 1, with no history,
** and random games of up to 12 plies from some of them: each state asked
** of the reachable-states solution (solved on demand) and of the plain
** table.  Returns the number that differ. */
static int on_demand_differences(Solution *reach, const Solution *plain,
                                 const Rules *r, int plies) {
  int bad = 0;
  uint64_t seed = 7;
  for (int ply = 0; ply <= plies; ply++)
    for (uint64_t k = 0; k < rank_layer(r->arms); k++) {
      Position p;
      History h = {0};
      rank_unrank(k, r->arms, (uint32_t)ply, &p);
      for (int step = 0; step < (k % 5 == 0 ? 12 : 1); step++) {
        int d1, d2;
        if (reach_extend(reach, r, &p, &h, NULL, err) != SOLVER_OK) return -1;
        bad += solver_lookup(reach, &p, &h, &d1) !=
                   solver_lookup(plain, &p, &h, &d2) ||
               d1 != d2;
        Move moves[RULES_MAX_MOVES];
        int count = rules_moves(r, &p, &h, moves);
        if (count <= 0) break;
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        Move m = moves[(seed >> 33) % (uint64_t)count];
        board_play(&p, m);
        history_push(&h, m, rules_memory(r));
      }
    }
  return bad;
}

/* A position of rules r that play cannot reach from the start: the first
** one s (solved from the start) does not hold. */
static Position unreachable(const Solution *s, const Rules *r) {
  Position p;
  for (uint64_t k = 0; k < rank_layer(r->arms); k++) {
    rank_unrank(k, r->arms, 0, &p);
    if (solver_lookup(s, &p, NULL, NULL) == VALUE_UNKNOWN) return p;
  }
  CHECK(0);
  return p;
}

/* --- the tests --- */

/* The sameness of states: the pieces and side, the ply below the opening,
** the remembered moves up to the memory; and the index finds each state
** added, and no other. */
static void test_sameness(void) {
  StateIndex x;
  Position p[4];
  History h[4];
  states_init(&x, 2, 1);
  board_parse(&p[0], "bbbbwwww/. b", err);
  p[1] = p[2] = p[3] = p[0];
  p[1].ply = 1, p[2].ply = 2, p[3].ply = 7;
  memset(h, 0, sizeof h);
  CHECK(!states_same(&x, &p[0], &h[0], &p[1], &h[1])); /* plies 0 and 1 */
  CHECK(!states_same(&x, &p[1], &h[1], &p[2], &h[2])); /* 1 and 2 */
  CHECK(states_same(&x, &p[2], &h[2], &p[3], &h[3]));  /* 2 and 7: the same */
  h[3].count = 1, h[3].moves[0] = move_of(3, BOARD_CENTRE);
  CHECK(!states_same(&x, &p[2], &h[2], &p[3], &h[3])); /* a move remembered */
  h[2] = h[3];
  h[2].count = 2, h[2].moves[1] = move_of(4, 3); /* past the memory */
  CHECK(states_same(&x, &p[2], &h[2], &p[3], &h[3]));
  h[2].moves[0].from = 2;
  CHECK(!states_same(&x, &p[2], &h[2], &p[3], &h[3]));
  h[2].moves[0] = move_of(3, 4); /* the same start, another end */
  CHECK(!states_same(&x, &p[2], &h[2], &p[3], &h[3]));
  Position q = p[3];
  q.side = WHITE;
  CHECK(!states_same(&x, &q, &h[3], &p[3], &h[3]));
  for (uint32_t i = 0; i < 3; i++) CHECK_INT(states_add(&x, p, h, i), 0);
  for (uint32_t i = 0; i < 3; i++)
    CHECK_INT(states_find(&x, p, h, &p[i], &h[i]), i);
  CHECK_INT(states_find(&x, p, h, &q, &h[3]), STATES_NONE);
  states_free(&x);
}

/* Every case: the states play reaches from the start have the plain
** table's values and distances, and their census is the plain one. */
static void test_against_plain(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const Case *c = &cases[i];
    Rules r;
    TestHooks hooks;
    Solution plain, reach;
    Position start;
    rules_of_case(c, &r, &hooks);
    board_start(&start, c->arms);
    if (!CHECK_INT(solver_solve(&plain, &r, NULL, err), SOLVER_OK)) continue;
    if (!CHECK_INT(reach_solve(&reach, &r, &start, NULL, 0, NULL, NULL, err),
                   SOLVER_OK)) {
      fprintf(stderr, "%s %d: %s\n", c->name, c->arms, err);
      solver_free(&plain);
      continue;
    }
    CHECK(reach.reach != NULL && reach.methods != NULL);
    Census a = plain_census(&plain, &r, &start, NULL), b;
    CHECK_INT(reach_census(&reach, &r, &start, NULL, &b, NULL, NULL, NULL, err),
              SOLVER_OK);
    if (!CHECK(same_census(&a, &b)))
      fprintf(stderr, "%s %d arms: %llu %llu\n", c->name, c->arms,
              (unsigned long long)a.reachable, (unsigned long long)b.reachable);
    CHECK_INT(solver_states(&reach), a.reachable);
    CHECK_INT(differences(&reach, &plain), 0);
    CHECK(reach_bytes(&reach) >= solver_states(&reach) * 45);
    solver_free(&reach);
    solver_free(&plain);
  }
}

/* The standard game's published figures. */
static void test_standard_census(void) {
  Rules r;
  Solution s;
  Position start;
  Census c;
  rules_named(&r, "standard", 8, err);
  board_start(&start, 8);
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_OK);
  CHECK_INT(reach_census(&s, &r, &start, NULL, &c, NULL, NULL, NULL, err),
            SOLVER_OK);
  CHECK_INT(c.reachable, 1180);
  CHECK_INT(c.wins, 208);
  CHECK_INT(c.losses, 128);
  CHECK_INT(c.draws, 844);
  CHECK_INT(solver_states(&s), 1180);
  int d;
  CHECK_INT(solver_lookup(&s, &start, NULL, &d), VALUE_DRAW);
  CHECK_INT(d, -1);
  solver_free(&s);
}

/* States play cannot reach from the start: the lookup says so
** (VALUE_UNKNOWN), reach_extend solves them, and their values are the
** plain table's; the states held before keep their codes. */
static void test_on_demand(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const Case *c = &cases[i];
    if (c->arms > 6 && c->history) continue; /* keep it quick */
    Rules r;
    TestHooks hooks;
    Solution plain, reach;
    Position start;
    rules_of_case(c, &r, &hooks);
    board_start(&start, c->arms);
    CHECK_INT(solver_solve(&plain, &r, NULL, err), SOLVER_OK);
    CHECK_INT(reach_solve(&reach, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_OK);
    uint64_t before = solver_states(&reach);
    uint8_t *codes = malloc((size_t)before);
    memcpy(codes, reach.codes, (size_t)before);
    int bad = on_demand_differences(&reach, &plain, &r,
                                    rules_opening_plies(&r) + 1);
    if (!CHECK_INT(bad, 0)) fprintf(stderr, "%s %d arms\n", c->name, c->arms);
    CHECK(memcmp(codes, reach.codes, (size_t)before) == 0);
    free(codes);
    solver_free(&reach);
    solver_free(&plain);
  }
  /* a state not held: no value until it is solved */
  Rules r;
  Solution s;
  Position start, p;
  int d = 5;
  rules_named(&r, "standard", 8, err);
  board_start(&start, 8);
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_OK);
  p = unreachable(&s, &r);
  CHECK_INT(solver_lookup(&s, &p, NULL, &d), VALUE_UNKNOWN);
  CHECK_INT(d, -1);
  uint64_t held = solver_states(&s);
  CHECK_INT(reach_extend(&s, &r, &p, NULL, NULL, err), SOLVER_OK);
  CHECK(solver_states(&s) > held);
  CHECK(solver_lookup(&s, &p, NULL, &d) != VALUE_UNKNOWN);
  held = solver_states(&s);
  CHECK_INT(reach_extend(&s, &r, &p, NULL, NULL, err), SOLVER_OK);
  CHECK_INT(solver_states(&s), held); /* held: nothing to do */
  solver_free(&s);
}

/* A board of points (a 3 by 3 grid, three pieces a side) and rules that
** remember on it. */
static void test_board_of_points(void) {
  Graph g;
  graph_init(&g);
  const char *names[] = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"};
  for (int i = 0; i < 9; i++) graph_add_point(&g, names[i], err);
  for (int i = 0; i < 9; i++) {
    if (i % 3 < 2) graph_add_line(&g, i, i + 1, 0, err);
    if (i < 6) graph_add_line(&g, i, i + 3, 0, err);
  }
  CHECK_INT(graph_finish(&g, err), 0);
  for (int history = 0; history <= 2; history += 2) {
    Rules r;
    TestHooks hooks = {history ? no_return : NULL, NULL, NULL};
    memset(&r, 0, sizeof r);
    r.arms = 9;
    r.graph = &g;
    r.pieces[BLACK] = r.pieces[WHITE] = 3;
    r.flank_plies = 0;
    test_hooks_wire(&r, &hooks);
    r.history = history;
    Position start;
    CHECK_INT(board_parse(&start, "bbb...www b", err), 0);
    Solution plain, reach;
    CHECK_INT(solver_solve(&plain, &r, NULL, err), SOLVER_OK);
    if (!CHECK_INT(reach_solve(&reach, &r, &start, NULL, 0, NULL, NULL, err),
                   SOLVER_OK)) {
      solver_free(&plain);
      continue;
    }
    Census a = plain_census(&plain, &r, &start, NULL), b;
    CHECK_INT(reach_census(&reach, &r, &start, NULL, &b, NULL, NULL, NULL, err),
              SOLVER_OK);
    CHECK(same_census(&a, &b));
    CHECK(a.reachable > 100);
    CHECK_INT(differences(&reach, &plain), 0);
    solver_free(&reach);
    solver_free(&plain);
  }
}

/* Left to choose, solve_variant takes the reachable states of hooked rules
** when they are far fewer than the table's, and the table otherwise; the
** kind asked for is the kind given. */
static void test_choice(void) {
  Rules r;
  TestHooks hooks;
  Solution s;
  SolveOptions o = {1, 0, NULL, NULL, SOLVE_AUTO, NULL, 0};
  rules_of_case(&cases[6], &r, &hooks); /* 6 arms, 3 remembered */
  r.arms = 8, r.history = 6;
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_OK);
  CHECK(s.reach != NULL);
  solver_free(&s);
  rules_of_case(&cases[7], &r, &hooks); /* 8 arms: reaches more than 1/1024 */
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_OK);
  CHECK(s.reach == NULL && s.sym == NULL);
  solver_free(&s);
  o.kind = SOLVE_REACHABLE;
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_OK);
  CHECK(s.reach != NULL);
  solver_free(&s);
  rules_named(&r, "standard", 8, err); /* no hooks: symmetric, or asked */
  o.kind = SOLVE_AUTO;
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_OK);
  CHECK(s.sym != NULL);
  solver_free(&s);
  o.kind = SOLVE_REACHABLE;
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_OK);
  CHECK(s.reach != NULL);
  CHECK_INT(solver_states(&s), 1180);
  solver_free(&s);
  /* 46 arms: beyond the table, not beyond what play reaches in a few
  ** plies when the variant ends early */
  rules_named(&r, "standard", 46, err);
  o.kind = SOLVE_AUTO;
  CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_ERROR);
  CHECK(strstr(err, "too many") != NULL);
}

/* Hooks that fail, Ctrl-C, a bound on the states and allocation failures:
** the solve stops and holds nothing; an extension that stops leaves the
** solution as it was. */
static int stop_now(void *ctx) {
  return ++*(int *)ctx > 2;
}

static void test_stops(void) {
  Rules r;
  Solution s;
  Position start;
  TestHooks hooks = {failing, NULL, NULL};
  rules_named(&r, "standard", 8, err);
  board_start(&start, 8);
  test_hooks_wire(&r, &hooks);
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_EHOOK);
  rules_named(&r, "standard", 16, err);
  board_start(&start, 16);
  int polls = 0;
  Cancel cancel = {stop_now, &polls};
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, &cancel, NULL, err),
            SOLVER_CANCELLED);
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 5000, NULL, NULL, err), REACH_MORE);
  /* an extension stopped: nothing added */
  rules_named(&r, "standard", 8, err);
  board_start(&start, 8);
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_OK);
  Position other = unreachable(&s, &r);
  uint64_t held = solver_states(&s);
  polls = 10; /* stop at the first poll */
  CHECK_INT(reach_extend(&s, &r, &other, NULL, &cancel, err),
            SOLVER_CANCELLED);
  CHECK_INT(solver_states(&s), held);
  CHECK_INT(solver_lookup(&s, &other, NULL, NULL), VALUE_UNKNOWN);
  solver_free(&s);
  /* every allocation failing in turn: a clean error or the right answer */
  int worked = 0;
  for (long k = 0; k < 400 && !worked; k++) {
    memory_fail_after(k);
    int rc = reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err);
    memory_fail_after(-1);
    if (rc == SOLVER_OK) {
      Census c;
      worked = 1;
      CHECK_INT(solver_states(&s), 1180);
      CHECK_INT(reach_census(&s, &r, &start, NULL, &c, NULL, NULL, NULL, err),
                SOLVER_OK);
      CHECK_INT(c.wins, 208);
      solver_free(&s);
    } else
      CHECK(rc == SOLVER_ERROR && strstr(err, "memory") != NULL);
  }
  CHECK(worked);
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_OK);
  for (long k = 0; k < 200; k++) {
    memory_fail_after(k);
    int rc = reach_extend(&s, &r, &other, NULL, NULL, err);
    memory_fail_after(-1);
    if (rc == SOLVER_OK) break;
    CHECK_INT(rc, SOLVER_ERROR);
    CHECK_INT(solver_states(&s), 1180);
    CHECK_INT(solver_lookup(&s, &other, NULL, NULL), VALUE_UNKNOWN);
  }
  CHECK(solver_lookup(&s, &other, NULL, NULL) != VALUE_UNKNOWN);
  solver_free(&s);
}

/* --- solution files --- */

static char path[300];

static SolfileId id_of(const Rules *r) {
  return (SolfileId){"9.9.9", "reach test", rules_hooked(r) ? "0123" : "none",
                     r,       0,            r->hooks.judge != NULL};
}

static char *slurp(size_t *k) {
  FILE *f = fopen(path, "rb");
  char *data = malloc(1 << 22);
  *k = fread(data, 1, 1 << 22, f);
  fclose(f);
  return data;
}

static void spit(const char *data, size_t k) {
  FILE *f = fopen(path, "wb");
  fwrite(data, 1, k, f);
  fclose(f);
}

/* The offset of the first state record in a file's bytes. */
static size_t records_at(const char *data, uint64_t states) {
  return (size_t)(strstr(data, "\n\n") - data) + 2 + (size_t)states;
}

/* The checksum of solfile.c over k bytes, carried from h. */
static uint64_t checksum(uint64_t h, const uint8_t *p, size_t k) {
  size_t i = 0;
  for (; i + 8 <= k; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001b3u;
    h ^= h >> 29;
  }
  for (; i < k; i++) h = (h ^ p[i]) * 0x100000001b3u;
  return h;
}

/* Rewrites the checksum of a file's bytes (k of them, states states) for
** what they hold now: over the header's lines, the codes, the records. */
static void recompute_checksum(char *data, size_t k, uint64_t states) {
  char *line = strstr(data, "checksum ");
  size_t covered = (size_t)(line - data);
  size_t header = (size_t)(strstr(data, "\n\n") - data) + 2;
  uint64_t h = checksum(0xcbf29ce484222325u, (uint8_t *)data, covered);
  h = checksum(h, (uint8_t *)data + header, (size_t)states);
  h = checksum(h, (uint8_t *)data + header + states, k - header - states);
  char hex[17];
  snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
  memcpy(line + 9, hex, 16);
}

/* Loads path for r and checks it is refused with a message holding want. */
static void refused(const Rules *r, const char *want) {
  Solution s;
  SolfileId id = id_of(r);
  if (CHECK_INT(solfile_load(&s, &id, path, NULL, NULL, err), SOLVER_ERROR)) {
    if (!CHECK(strstr(err, want) != NULL))
      fprintf(stderr, "wanted %s, said: %s\n", want, err);
  } else
    solver_free(&s);
}

static void test_files(void) {
  Rules r;
  TestHooks hooks;
  Solution s, back;
  Position start;
  rules_of_case(&cases[7], &r, &hooks); /* 8 arms, 2 remembered */
  board_start(&start, 8);
  snprintf(path, sizeof path, "%s/mutorere-reach-%ld.mts",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
  CHECK_INT(reach_solve(&s, &r, &start, NULL, 0, NULL, NULL, err), SOLVER_OK);
  Position other = unreachable(&s, &r); /* solved on demand: kept too */
  CHECK_INT(reach_extend(&s, &r, &other, NULL, NULL, err), SOLVER_OK);
  SolfileId id = id_of(&r);
  CHECK_INT(solfile_save(&s, &id, path, NULL, NULL, err), SOLVER_OK);
  if (!CHECK_INT(solfile_load(&back, &id, path, NULL, NULL, err), SOLVER_OK)) {
    fprintf(stderr, "%s\n", err);
    solver_free(&s);
    return;
  }
  CHECK(back.reach != NULL);
  CHECK_INT(solver_states(&back), solver_states(&s));
  CHECK_INT(differences(&back, &s), 0);
  CHECK_INT(differences(&s, &back), 0);
  CHECK_INT(solver_lookup(&back, &other, NULL, NULL),
            solver_lookup(&s, &other, NULL, NULL));
  CHECK(solver_lookup(&back, &other, NULL, NULL) != VALUE_UNKNOWN);
  Census a, b; /* and it grows on demand like the one saved */
  CHECK_INT(reach_census(&s, &r, &start, NULL, &a, NULL, NULL, NULL, err), 0);
  CHECK_INT(reach_census(&back, &r, &start, NULL, &b, NULL, NULL, NULL, err), 0);
  CHECK(same_census(&a, &b));
  solver_free(&back);
  size_t k;
  char *data = slurp(&k), *copy = malloc(k);
  CHECK(strstr(data, "index reachable\n") != NULL);
  uint64_t states = solver_states(&s);
  size_t at = records_at(data, states);
  CHECK_INT(k, at + 40 * states);
  /* damaged records, each with a checksum that fits */
  struct {
    size_t offset;
    uint8_t byte;
    const char *want;
  } flaws[] = {
      {20, 7, "bad position"},        /* the centre */
      {21, 2, "no side to move"},    /* the side */
      {22, 3, "malformed"},          /* more moves than remembered */
      {23, 1, "malformed"},          /* the zero */
      {39, 1, "malformed"},          /* past the moves */
      {0, 0xff, "bad position"},     /* black's pieces */
      {16, 200, "ply is 200"},       /* a ply the table never keeps */
      {25, 3, "bad history"},        /* a move that cannot have led there */
  };
  for (size_t i = 0; i < sizeof flaws / sizeof flaws[0]; i++) {
    memcpy(copy, data, k);
    size_t record = at + 40 * (size_t)(states / 2 + i); /* one with moves */
    while (copy[record + 22] == 0) record += 40;
    copy[record + flaws[i].offset] = (char)flaws[i].byte;
    recompute_checksum(copy, k, states);
    spit(copy, k);
    refused(&r, flaws[i].want);
  }
  memcpy(copy, data, k); /* a state twice */
  memcpy(copy + at + 40, copy + at, 40);
  recompute_checksum(copy, k, states);
  spit(copy, k);
  refused(&r, "held twice");
  memcpy(copy, data, k); /* an impossible code */
  copy[at - 1] = (char)255;
  recompute_checksum(copy, k, states);
  spit(copy, k);
  refused(&r, "beyond the longest distance");
  memcpy(copy, data, k); /* a flipped bit, checksum as it was */
  copy[k - 3] ^= 1;
  spit(copy, k);
  refused(&r, "damaged");
  spit(data, k - 40); /* truncated */
  refused(&r, "truncated");
  spit(data, k); /* the other kind's rules: no history */
  Rules plain_rules;
  rules_named(&plain_rules, "standard", 8, err);
  refused(&plain_rules, "other hooks");
  free(copy);
  free(data);
  remove(path);
  solver_free(&s);
}

/* MemAvailable of /proc/meminfo read again here, in bytes (0: none). */
static size_t meminfo_available(void) {
  FILE *f = fopen("/proc/meminfo", "r");
  char word[64];
  unsigned long long kb;
  size_t bytes = 0;
  if (!f) return 0;
  while (fscanf(f, "%63s %llu kB", word, &kb) == 2)
    if (strcmp(word, "MemAvailable:") == 0) bytes = (size_t)kb * 1024;
  fclose(f);
  return bytes;
}

/* (issue 33) A walk of the states play reaches, unbounded by its rules (40
** arms), takes at most its share of the memory available (the limit's room
** here): it stops there, saying so, and the core never held more; the
** memory available is the machine's MemAvailable, not its physical
** memory. */
static void test_memory_share(void) {
  Rules r;
  Solution s;
  SolveOptions o = {1, 0, NULL, NULL, SOLVE_REACHABLE, NULL, 0};
  size_t low = meminfo_available(), got = memory_available(),
         high = meminfo_available();
  if (low && high) { /* it moves while it is read: 64 MB of slack */
    size_t lo = low < high ? low : high, hi = low < high ? high : low;
    if (!CHECK(got + (64u << 20) >= lo && got <= hi + (64u << 20)))
      fprintf(stderr, "  memory_available %zu, MemAvailable %zu and %zu\n", got,
              low, high);
  }
  rules_named(&r, "standard", 40, err);
  const double shares[] = {0, 0.25};
  const char *const said[] = {"not enough memory: the states play reaches "
                              "pass what 32 MB holds, 50% of the 64 MB "
                              "available: ",
                              "not enough memory: the states play reaches "
                              "pass what 16 MB holds, 25% of the 64 MB "
                              "available: "};
  for (int i = 0; i < 2; i++) {
    size_t from = memory_total(), cap = from + 64000000;
    size_t before = memory_set_limit(cap);
    memory_reset_peak();
    o.memory_share = shares[i];
    CHECK_INT(solve_variant(&s, &r, &o, err), SOLVER_ERROR);
    if (!CHECK(strstr(err, said[i]) == err && strstr(err, " found so far")))
      fprintf(stderr, "  %s\n", err);
    CHECK(memory_peak() <= from + (i ? 16000000 : 32000000));
    CHECK(memory_limit() == cap); /* the limit as it was */
    memory_set_limit(before);
  }
}

int main(void) {
  test_memory_share();
  test_sameness();
  test_against_plain();
  test_standard_census();
  test_on_demand();
  test_board_of_points();
  test_choice();
  test_stops();
  test_files();
  return harness_report();
}

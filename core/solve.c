/*
** solve.c — choosing the solver, and checking a variant's claim that its
** hooks are symmetric.
*/
#define _POSIX_C_SOURCE 200809L
#include "solve.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "memory.h"
#include "rank.h"
#include "reach.h"
#include "symsolver.h"
#include "symwave.h"
#include "tiersolver.h"

#define SAMPLES 96 /* positions the symmetry check tries */

int solve_threads(int asked) {
  if (asked > 0) return asked > 64 ? 64 : asked;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  return cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
}

int solve_is_symmetric(const Rules *r, int claim) {
  return !r->graph && !rules_general(r) && (!rules_hooked(r) || claim) &&
         rules_memory(r) == 0 && r->arms <= SYMRANK_MAX_ARMS;
}

/* --- the symmetries of the board --- */

typedef struct Symmetry {
  int turn;    /* arm i goes to arm i + turn (after the reflection) */
  int reflect; /* arm i first goes to arm -i */
  int swap;    /* the colours (and the side to move) are swapped */
} Symmetry;

static int map_point(int point, Symmetry g, int n) {
  if (point == BOARD_CENTRE) return point;
  int i = g.reflect ? (n - point) % n : point;
  return (i + g.turn) % n;
}

static uint64_t map_arms(uint64_t arms, Symmetry g, int n) {
  uint64_t out = 0;
  for (; arms; arms &= arms - 1)
    out |= (uint64_t)1 << map_point(__builtin_ctzll(arms), g, n);
  return out;
}

static Position map_position(const Position *p, Symmetry g) {
  Position q = *p;
  int a = g.swap ? WHITE : BLACK;
  q.arms[BLACK] = map_arms(p->arms[a], g, p->n);
  q.arms[WHITE] = map_arms(p->arms[a ^ 1], g, p->n);
  if (g.swap) {
    q.side ^= 1;
    if (q.centre != NOBODY) q.centre ^= 1;
  }
  return q;
}

static Move map_move(Move m, Symmetry g, int n) {
  return move_of((uint8_t)map_point(m.from, g, n),
                (uint8_t)map_point(m.to, g, n));
}

/* The outcome seen after a colour swap. */
static int swap_outcome(int o, int swap) {
  if (!swap || (o != OUTCOME_BLACK && o != OUTCOME_WHITE)) return o;
  return o == OUTCOME_BLACK ? OUTCOME_WHITE : OUTCOME_BLACK;
}

/* Names the symmetry ("rotation", "reflection", "colour swap"). */
static const char *symmetry_name(Symmetry g) {
  return g.swap ? "colour swap" : g.reflect ? "reflection" : "rotation";
}

/* --- the check --- */

/* The next number of a xorshift64 sequence. */
static uint64_t next_random(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* A random position of n arms with a ply below plies. */
static Position random_position(int n, uint32_t plies, uint64_t *seed) {
  int colour[BOARD_MAX_ARMS + 1];
  for (int i = 0; i <= n; i++)
    colour[i] = i < n / 2 ? BLACK : i < n ? WHITE : NOBODY;
  for (int i = n; i > 0; i--) {
    int j = (int)(next_random(seed) % (uint64_t)(i + 1)), c = colour[i];
    colour[i] = colour[j];
    colour[j] = c;
  }
  Position p;
  memset(&p, 0, sizeof p);
  p.n = (uint8_t)n;
  for (int i = 0; i < n; i++)
    if (colour[i] != NOBODY) p.arms[colour[i]] |= (uint64_t)1 << i;
  p.centre = (uint8_t)colour[n];
  p.side = (uint8_t)(next_random(seed) & 1);
  p.ply = (uint32_t)(next_random(seed) % plies);
  return p;
}

/* 1 when m is in the list of k moves. */
static int has_move(const Move *list, int k, Move m) {
  for (int i = 0; i < k; i++)
    if (move_equal(list[i], m)) return 1;
  return 0;
}

/* Compares the hooks' answers at p and at its image under g.  Returns 0,
** 1 with the difference in err, or RULES_EHOOK. */
static int compare_images(const Rules *r, const Position *p, Symmetry g,
                          char *err) {
  char a[BOARD_POSMAX], b[BOARD_POSMAX], ma[BOARD_MOVEMAX], mb[BOARD_MOVEMAX];
  Move mine[RULES_MAX_MOVES], theirs[RULES_MAX_MOVES];
  int x, y;
  Position q = map_position(p, g);
  int k = rules_judge(r, p, NULL, mine, &x);
  if (k < 0) return RULES_EHOOK;
  int j = rules_judge(r, &q, NULL, theirs, &y);
  if (j < 0) return RULES_EHOOK;
  if (swap_outcome(x, g.swap) != y) {
    snprintf(err, BOARD_ERRMAX,
             "the variant says it is symmetric, but its hooks judge %s and "
             "its %s %s differently",
             board_format(p, a), symmetry_name(g), board_format(&q, b));
    return 1;
  }
  Move params[RULES_MAX_MOVES];
  int all = rules_param_moves(r, p, params);
  for (int i = 0; i < all; i++) {
    Move m = map_move(params[i], g, p->n);
    int here = has_move(mine, k, params[i]), there = has_move(theirs, j, m);
    if (here != there) {
      snprintf(err, BOARD_ERRMAX,
               "the variant says it is symmetric, but its hooks %s %s in %s "
               "and %s %s in its %s %s",
               here ? "allow" : "forbid", rules_format_move(r, params[i], ma),
               board_format(p, a), there ? "allow" : "forbid",
               rules_format_move(r, m, mb), symmetry_name(g), board_format(&q, b));
      return 1;
    }
  }
  return 0;
}

int solve_check_symmetric(const Rules *r, char *err) {
  int n = r->arms;
  uint64_t seed = 0x9e3779b97f4a7c15u;
  uint32_t plies = (uint32_t)rules_opening_plies(r) + 2;
  for (int i = 0; i < SAMPLES; i++) {
    Position p = random_position(n, plies, &seed);
    if (i == 0) board_start(&p, n);
    Symmetry images[3] = {
        {1 + (int)(next_random(&seed) % (uint64_t)(n - 1)), 0, 0},
        {(int)(next_random(&seed) % (uint64_t)n), 1, 0},
        {(int)(next_random(&seed) % (uint64_t)n), (int)(next_random(&seed) & 1),
         1}};
    for (int j = 0; j < 3; j++) {
      int rc = compare_images(r, &p, images[j], err);
      if (rc) return rc;
    }
  }
  return 0;
}

/* The bytes of the symmetric solver's working table at n arms. */
static size_t layer_bytes(int n) {
  return (size_t)wave_bytes(symrank_entries(n));
}

/* The share of the memory available a solve of the states play reaches
** may take under o. */
static double reach_share(const SolveOptions *o) {
  return o && o->memory_share > 0 ? o->memory_share : SOLVE_MEMORY_SHARE;
}

size_t solve_reach_bytes(const SolveOptions *o) {
  return (size_t)(reach_share(o) * (double)memory_room());
}

/* reach_solve within the bytes of solve_reach_bytes: the memory limit
** lowered to them for the solve (walk, analysis and the states kept), so
** that a walk that would pass them stops there, saying so. */
static int reach_within(Solution *s, const Rules *r, const Position *start,
                        uint64_t max, const SolveOptions *o, char *err) {
  char allowed[16], available[16];
  size_t room = memory_room(), bytes = (size_t)(reach_share(o) * (double)room);
  size_t before = memory_limit(), total = memory_total();
  size_t cap = bytes > (size_t)-1 - total ? (size_t)-1 : total + bytes;
  int ours = !before || cap < before;
  if (ours) memory_set_limit(cap);
  int rc = reach_solve(s, r, start, NULL, max, o->cancel, o->progress, err);
  memory_set_limit(before);
  if (!ours || rc != SOLVER_ERROR || !strstr(err, "not enough memory"))
    return rc;
  const char *open = strchr(err, '(');
  char found[48] = ""; /* the states found, when the message counted them */
  unsigned k;
  if (open && sscanf(open, "(%u", &k) == 1)
    snprintf(found, sizeof found, ": %u found so far", k);
  snprintf(err, BOARD_ERRMAX,
           "not enough memory: the states play reaches pass what %s holds, "
           "%.0f%% of the %s available%s",
           memory_format(bytes, allowed), 100 * reach_share(o),
           memory_format(room, available), found);
  return rc;
}

/* Solves r with the plain solver, or the reachable-states one: when the
** kind asks for it; left to choose, when the plain table would be too
** large, or when the rules have hooks and play reaches from the start at
** most one in SOLVE_REACH_SHARE of the table's states (without hooks, a
** state of the table costs too little for the walk to pay). */
static int solve_plain_or_reachable(Solution *s, const Rules *r,
                                    const SolveOptions *o, char *err) {
  Position wheel;
  const Position *start = o->start;
  if (!start && !r->graph) board_start(&wheel, r->arms), start = &wheel;
  if (o->kind == SOLVE_REACHABLE && !start) {
    snprintf(err, BOARD_ERRMAX,
             "the states reachable from the start need the start position");
    return SOLVER_ERROR;
  }
  char why[BOARD_ERRMAX];
  int fits = solver_plan(s, r, why) == SOLVER_OK;
  uint64_t most = fits ? solver_states(s) / SOLVE_REACH_SHARE + 1 : 0;
  if (o->kind == SOLVE_TABLE || !start ||
      (o->kind == SOLVE_AUTO && fits && !rules_hooked(r)))
    return solver_solve(s, r, o->cancel, err);
  int rc = reach_within(s, r, start, o->kind == SOLVE_AUTO ? most : 0, o, err);
  if (rc == REACH_MORE) return solver_solve(s, r, o->cancel, err);
  return rc;
}

/* 1 when the tiered table of r fits in the memory left on threads. */
static int tiers_fit(const Rules *r, int threads) {
  Solution plan;
  char why[BOARD_ERRMAX];
  if (tiersolver_plan(&plan, r, why) != SOLVER_OK) return 0;
  int fits = tiersolver_bytes(&plan, r, threads) <= memory_room();
  solver_free(&plan);
  return fits;
}

/* Solves rules with moves beside the slides: in tiers (tiersolver.h) when
** the table is asked for, or left to choose when the rules allow one and
** it fits in memory; else on the states play reaches, the only solver
** that takes hooks, and whose memory goes with what play reaches. */
static int solve_general(Solution *s, const Rules *r, const SolveOptions *o,
                         char *err) {
  Position wheel;
  const Position *start = o->start;
  int threads = solve_threads(o->threads);
  if (o->kind == SOLVE_TABLE ||
      (o->kind == SOLVE_AUTO && tiers_applies(r) && tiers_fit(r, threads)))
    return tiersolver_solve(s, r, threads, o->cancel, o->progress, err);
  if (!start && r->graph) {
    snprintf(err, BOARD_ERRMAX,
             "the states reachable from the start need the start position");
    return SOLVER_ERROR;
  }
  if (!start) board_start(&wheel, r->arms), start = &wheel;
  return reach_within(s, r, start, 0, o, err);
}

int solve_variant(Solution *s, const Rules *r, const SolveOptions *o,
                  char *err) {
  static const SolveOptions defaults = {0, 0, NULL, NULL, SOLVE_AUTO, NULL, 0};
  char need_text[16], room_text[16];
  if (!o) o = &defaults;
  if (rules_general(r)) return solve_general(s, r, o, err);
  if (o->kind != SOLVE_REACHABLE && !r->graph &&
      r->arms > SYMRANK_MAX_ARMS) { /* a graph: its table's size */
    snprintf(err, BOARD_ERRMAX,
             "%d arms are too many: the solvers go up to %d arms, where a "
             "solve takes 4 bits for each of the index's entries = %s (at "
             "%d, %s)",
             r->arms, SYMRANK_MAX_ARMS,
             memory_format(layer_bytes(SYMRANK_MAX_ARMS), need_text), r->arms,
             memory_format(layer_bytes(r->arms), room_text));
    return SOLVER_ERROR;
  }
  if (o->kind == SOLVE_REACHABLE || !solve_is_symmetric(r, o->symmetric))
    return solve_plain_or_reachable(s, r, o, err);
  if (rules_hooked(r)) {
    int rc = solve_check_symmetric(r, err);
    if (rc == RULES_EHOOK) return SOLVER_EHOOK;
    if (rc) return SOLVER_ERROR;
  }
  uint64_t need = symsolver_bytes(r);
  size_t room = memory_room();
  if (need > room) {
    snprintf(err, BOARD_ERRMAX,
             "not enough memory to solve: %d arms take %s, and only %s is "
             "left (the memory limit, or the machine's available memory)",
             r->arms, memory_format((size_t)need, need_text),
             memory_format(room, room_text));
    return SOLVER_ERROR;
  }
  return symsolver_solve(s, r, solve_threads(o->threads), o->cancel,
                         o->progress, err);
}

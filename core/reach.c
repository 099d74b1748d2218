/*
** reach.c — the reachable-states solution: the walk's graph solved by
** retrograde analysis, and the states kept with their codes.
*/
#include "reach.h"

#include <stdio.h>
#include <string.h>

#include "memory.h"

#define POLL_MASK 0x3fff /* look at the Cancel every this many + 1 steps */

/* --- codes, as the plain table codes them (solver.h) --- */

static uint8_t code_of(int value, int distance) {
  if (value == VALUE_DRAW) return 0;
  return (uint8_t)(1 + 2 * distance + (value == VALUE_LOSS));
}

static int distance_of(uint8_t code) {
  return code ? (code - 1) / 2 : -1;
}

/* The code of a state that ends the game with outcome (OUTCOME_*), for
** its side to move. */
static uint8_t end_code(int outcome, const Position *p) {
  if (outcome == OUTCOME_DRAW) return 0;
  int winner = outcome == OUTCOME_BLACK ? BLACK : WHITE;
  return code_of(winner == p->side ? VALUE_WIN : VALUE_LOSS, 0);
}

/* --- the table --- */

static int lookup_method(const Solution *s, const Position *p,
                         const History *h, int *distance) {
  const ReachTable *t = s->reach;
  uint32_t i = states_find(&t->index, t->state, t->history, p, h);
  if (i == STATES_NONE) {
    if (distance) *distance = -1;
    return VALUE_UNKNOWN;
  }
  return solver_code_value(s->codes[i], distance);
}

static void release_method(Solution *s) {
  ReachTable *t = s->reach;
  if (!t) return;
  memory_realloc(t->state, 0);
  memory_realloc(t->history, 0);
  states_free(&t->index);
  memory_realloc(t, 0);
  s->reach = NULL;
}

static uint64_t states_method(const Solution *s) {
  return s->layer;
}

static const SolutionMethods methods = {lookup_method, release_method,
                                        states_method, NULL};

int reach_new(Solution *s, const Rules *r, char *err) {
  memset(s, 0, sizeof *s);
  s->n = r->arms;
  s->graph = r->graph;
  s->pieces[BLACK] = r->pieces[BLACK];
  s->pieces[WHITE] = r->pieces[WHITE];
  s->opening = rules_opening_plies(r);
  s->memory = rules_memory(r);
  s->histories = 1;
  s->reach = memory_realloc(NULL, sizeof *s->reach);
  if (!s->reach) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  memset(s->reach, 0, sizeof *s->reach);
  s->reach->wide = rules_general(r);
  states_init(&s->reach->index, s->opening, s->memory);
  s->methods = &methods;
  return SOLVER_OK;
}

uint64_t reach_bytes(const Solution *s) {
  const ReachTable *t = s->reach;
  return t->room * (sizeof *t->state + (s->memory ? sizeof *t->history : 0) +
                    1) +
         states_bytes(&t->index);
}

void reach_state(const Solution *s, uint64_t i, Position *p, History *h) {
  History none = {0};
  *p = s->reach->state[i];
  *h = s->reach->history ? s->reach->history[i] : none;
}

int reach_reserve(Solution *s, uint64_t more) {
  ReachTable *t = s->reach;
  uint64_t need = s->layer + more;
  if (need > STATES_MAX) return -1;
  if (need > t->room) {
    uint64_t room = 2 * t->room > need ? 2 * t->room : need; /* amortized */
    Position *state =
        memory_realloc(t->state, (size_t)room * sizeof *t->state);
    if (state) t->state = state;
    History *history = t->history; /* only when the rules remember moves */
    if (s->memory > 0) {
      history = memory_realloc(t->history, (size_t)room * sizeof *t->history);
      if (history) t->history = history;
    }
    uint8_t *codes = memory_realloc(s->codes, (size_t)room);
    if (codes) s->codes = codes;
    if (!state || (!history && s->memory > 0) || !codes) return -1;
    t->room = room;
  }
  return states_reserve(&t->index, (uint32_t)more);
}

/* Appends the state p reached by h with its code (room reserved); its ply
** as the table keeps it. */
static void append(Solution *s, const Position *p, const History *h,
                   uint8_t code) {
  ReachTable *t = s->reach;
  uint64_t i = s->layer++;
  t->state[i] = *p;
  if (p->ply >= (uint32_t)s->opening)
    t->state[i].ply = (uint32_t)(s->opening + s->memory);
  if (t->history) {
    t->history[i] = *h;
    if (h->count > s->memory) t->history[i].count = s->memory;
  }
  s->codes[i] = code;
  s->positions = s->layer;
  states_add(&t->index, t->state, t->history, (uint32_t)i);
}

int reach_add(Solution *s, const Position *p, const History *h, uint8_t code) {
  const ReachTable *t = s->reach;
  if (states_find(&t->index, t->state, t->history, p, h) != STATES_NONE)
    return 1;
  if (reach_reserve(s, 1)) return -1;
  append(s, p, h, code);
  return 0;
}

/* --- retrograde analysis on the walk's graph --- */

typedef struct Retro {
  const MetricsGraph *g;
  uint8_t *code;   /* a code for each state of g */
  uint8_t *count;  /* its moves not yet known to win for the opponent; 0
                   ** once resolved (and for ends and states held) */
  uint64_t *first; /* the predecessors of state i: before[first[i]..] */
  uint32_t *before;
  uint32_t *fifo; /* states resolved during the analysis, in order */
  uint64_t head, tail, steps;
  const Progress *progress; /* may be NULL */
} Retro;

/* Frees what r holds. */
static void retro_free(Retro *r) {
  memory_realloc(r->count, 0);
  memory_realloc(r->first, 0);
  memory_realloc(r->before, 0);
  memory_realloc(r->fifo, 0);
}

/* Sets the codes and counts of every state of g and lists the predecessors
** of each.  Returns 0, or -1 without memory. */
static int retro_init(Retro *r) {
  const MetricsGraph *g = r->g;
  uint64_t n = g->count, edges = g->first[n];
  r->count = memory_realloc(NULL, (size_t)n);
  r->first = memory_realloc(NULL, ((size_t)n + 1) * sizeof *r->first);
  r->before = memory_realloc(NULL, (size_t)(edges ? edges : 1) * sizeof(uint32_t));
  r->fifo = memory_realloc(NULL, (size_t)n * sizeof *r->fifo);
  if (!r->count || !r->first || !r->before || !r->fifo) return -1;
  memset(r->first, 0, ((size_t)n + 1) * sizeof *r->first);
  for (uint64_t i = 0; i < n; i++) {
    int outcome = g->outcome[i];
    r->count[i] = outcome == OUTCOME_NONE ? (uint8_t)metrics_moves(g, (uint32_t)i) : 0;
    r->code[i] = outcome == METRICS_HELD ? code_of(g->value[i], g->distance[i])
                 : outcome != OUTCOME_NONE ? end_code(outcome, &g->state[i])
                                           : 0;
    for (uint64_t e = g->first[i]; e < g->first[i + 1]; e++)
      r->first[g->child[e] + 1]++;
  }
  for (uint64_t i = 0; i < n; i++) r->first[i + 1] += r->first[i];
  for (uint64_t i = 0; i < n; i++) /* first[c]: where c's next goes */
    for (uint64_t e = g->first[i]; e < g->first[i + 1]; e++)
      r->before[r->first[g->child[e]]++] = (uint32_t)i;
  for (uint64_t i = n; i > 0; i--) r->first[i] = r->first[i - 1];
  r->first[0] = 0;
  return 0;
}

/* The states resolved before the analysis (ends and states held, won or
** lost), by distance, into list.  Returns how many. */
static uint64_t sorted_resolved(const Retro *r, uint32_t *list) {
  uint64_t at[SOLVER_LONGEST + 2] = {0}, n = r->g->count;
  for (uint64_t i = 0; i < n; i++)
    if (r->code[i] && !r->count[i]) at[distance_of(r->code[i]) + 1]++;
  for (int d = 0; d <= SOLVER_LONGEST; d++) at[d + 1] += at[d];
  uint64_t k = at[SOLVER_LONGEST + 1];
  for (uint64_t i = 0; i < n; i++)
    if (r->code[i] && !r->count[i]) list[at[distance_of(r->code[i])]++] = (uint32_t)i;
  return k;
}

/* Resolves the predecessors of state x (won or lost at distance d): a
** loss makes each a win at d + 1, a win takes one move from each, and a
** predecessor left with none is lost at d + 1.  Returns a SOLVER_* code. */
static int resolve(Retro *r, uint32_t x, int d, char *err) {
  int lost = (r->code[x] - 1) & 1;
  for (uint64_t e = r->first[x]; e < r->first[x + 1]; e++) {
    uint32_t q = r->before[e];
    if (!r->count[q]) continue; /* resolved, an end, or held */
    if (!lost && --r->count[q]) continue;
    if (d + 1 > SOLVER_MAX_DISTANCE) {
      snprintf(err, BOARD_ERRMAX,
               "a forced end lies more than %d plies away: beyond the "
               "solver's table",
               SOLVER_MAX_DISTANCE);
      return SOLVER_ERROR;
    }
    r->code[q] = code_of(lost ? VALUE_WIN : VALUE_LOSS, d + 1);
    r->count[q] = 0;
    r->fifo[r->tail++] = q;
  }
  return SOLVER_OK;
}

/* Solves the states of g that are not held into code (one a state of g),
** distance by distance: the states resolved before the analysis and
** those it resolves are taken in the order of their distances.  Returns a
** SOLVER_* code. */
static int solve_graph(const MetricsGraph *g, uint8_t *code, const Cancel *c,
                       const Progress *progress, char *err) {
  Retro r;
  memset(&r, 0, sizeof r);
  r.g = g;
  r.code = code;
  r.progress = progress;
  uint32_t *first_resolved = NULL;
  int rc = retro_init(&r) ? SOLVER_ERROR : SOLVER_OK;
  if (rc == SOLVER_OK)
    first_resolved = memory_realloc(NULL, (size_t)g->count * sizeof(uint32_t));
  if (!first_resolved) rc = SOLVER_ERROR;
  if (rc != SOLVER_OK)
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve (%u states)",
             g->count);
  uint64_t k = rc == SOLVER_OK ? sorted_resolved(&r, first_resolved) : 0;
  for (uint64_t i = 0; rc == SOLVER_OK && (i < k || r.head < r.tail);) {
    uint32_t x;
    if (r.head == r.tail ||
        (i < k && distance_of(code[first_resolved[i]]) <=
                      distance_of(code[r.fifo[r.head]])))
      x = first_resolved[i++];
    else
      x = r.fifo[r.head++];
    rc = resolve(&r, x, distance_of(code[x]), err);
    if (rc == SOLVER_OK && (++r.steps & POLL_MASK) == 0) {
      rc = cancel_now(c) ? SOLVER_CANCELLED : SOLVER_OK;
      if (rc == SOLVER_OK && r.steps < g->count) /* the end is told below */
        progress_report(progress, "solving", r.steps, g->count);
    }
  }
  if (rc == SOLVER_OK) progress_report(progress, "solving", g->count, g->count);
  memory_realloc(first_resolved, 0);
  retro_free(&r);
  return rc; /* what is left unresolved is drawn: code 0 */
}

/* Adds the states of g that s does not hold, with their codes, to s: the
** states s held before the walk are not in g, and when s held any, those
** it came to hold during the walk are looked for too (a rule hook may
** have asked s about them, solving them on demand).  Returns a SOLVER_*
** code (s as it was on failure). */
static int keep(Solution *s, const MetricsGraph *g, const uint8_t *code,
                char *err) {
  const ReachTable *t = s->reach;
  uint64_t more = 0, before = s->layer;
  for (uint32_t i = 0; i < g->count; i++) more += g->outcome[i] != METRICS_HELD;
  if (reach_reserve(s, more)) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to keep %llu more states",
             (unsigned long long)more);
    return SOLVER_ERROR;
  }
  for (uint32_t i = 0; i < g->count; i++) {
    History h = metrics_history(g, i);
    if (g->outcome[i] != METRICS_HELD &&
        (!before || states_find(&t->index, t->state, t->history, &g->state[i],
                                &h) == STATES_NONE))
      append(s, &g->state[i], &h, code[i]);
  }
  return SOLVER_OK;
}

/* Walks, solves and keeps what is reachable from p reached by h and s
** does not hold, at most max states.  Returns a SOLVER_* code or
** REACH_MORE. */
static int extend(Solution *s, const Rules *r, const Position *p,
                  const History *h, uint64_t max, const Cancel *c,
                  const Progress *progress, char *err) {
  MetricsGraph g;
  int rc = metrics_frontier(&g, s->layer ? s : NULL, r, p, h, max, c,
                            progress, err);
  if (rc == METRICS_MORE) return REACH_MORE;
  if (rc != SOLVER_OK) return rc;
  uint8_t *code = memory_realloc(NULL, g.count);
  if (!code) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve (%u states)",
             g.count);
    rc = SOLVER_ERROR;
  } else
    rc = solve_graph(&g, code, c, progress, err);
  if (rc == SOLVER_OK) rc = keep(s, &g, code, err);
  memory_realloc(code, 0);
  metrics_graph_free(&g);
  return rc;
}

int reach_solve(Solution *s, const Rules *r, const Position *start,
                const History *h, uint64_t max, const Cancel *c,
                const Progress *progress, char *err) {
  if (reach_new(s, r, err)) return SOLVER_ERROR;
  int rc = extend(s, r, start, h, max ? max : METRICS_MAX_STATES, c,
                  progress, err);
  if (rc != SOLVER_OK) solver_free(s);
  return rc;
}

int reach_extend(Solution *s, const Rules *r, const Position *p,
                 const History *h, const Cancel *c, char *err) {
  if (lookup_method(s, p, h, NULL) != VALUE_UNKNOWN) return SOLVER_OK;
  int rc = extend(s, r, p, h, METRICS_MAX_STATES, c, NULL, err);
  if (rc == REACH_MORE) {
    snprintf(err, BOARD_ERRMAX, "more than %u states are reachable",
             METRICS_MAX_STATES);
    rc = SOLVER_ERROR;
  }
  return rc;
}

/* --- the census --- */

int reach_census(const Solution *s, const Rules *r, const Position *start,
                 const History *h, Census *census,
                 void (*on_trap)(void *ud, const Position *p, const History *h,
                                 int losing),
                 void *ud, const Cancel *c, char *err) {
  MetricsGraph g;
  memset(census, 0, sizeof *census);
  census->longest = -1;
  int rc = metrics_graph(&g, s, r, start, h, c, err);
  if (rc != SOLVER_OK) return rc;
  for (uint32_t i = 0; i < g.count; i++) {
    int value = g.value[i], losing = 0;
    census->reachable++;
    census->wins += value == VALUE_WIN;
    census->losses += value == VALUE_LOSS;
    census->draws += value == VALUE_DRAW;
    if (value != VALUE_DRAW && g.distance[i] > census->longest)
      census->longest = g.distance[i];
    for (uint64_t e = g.first[i]; e < g.first[i + 1]; e++)
      losing += g.value[g.child[e]] == VALUE_WIN;
    if (value != VALUE_DRAW || !losing) continue;
    census->traps++;
    if (!on_trap) continue;
    Position p = g.state[i];
    if (p.ply >= (uint32_t)s->opening) /* as the table keeps it */
      p.ply = (uint32_t)(s->opening + s->memory);
    History remembered = metrics_history(&g, i);
    on_trap(ud, &p, &remembered, losing);
  }
  metrics_graph_free(&g);
  return SOLVER_OK;
}

/*
** metrics.c — the reachable graph and the exact figures on it.
*/
#include "metrics.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "rank.h"
#include "states.h"

#define POLL_MASK 0xfff

/* --- a map from state keys to state numbers (open addressing) --- */

typedef struct StateMap {
  uint64_t *keys; /* key + 1; 0 is an empty slot */
  uint32_t *ids;
  uint64_t size; /* a power of two */
  uint64_t used;
} StateMap;

static void map_free(StateMap *m) {
  memory_realloc(m->keys, 0);
  memory_realloc(m->ids, 0);
  memset(m, 0, sizeof *m);
}

/* The slot of key in m: where it is, or the empty slot where it goes. */
static uint64_t map_slot(const StateMap *m, uint64_t key) {
  uint64_t h = (key + 1) * 0x9E3779B97F4A7C15u, mask = m->size - 1;
  for (uint64_t i = h >> 17 & mask;; i = (i + 1) & mask)
    if (m->keys[i] == 0 || m->keys[i] == key + 1) return i;
}

/* Makes room for twice the entries.  Returns 0, or -1 without memory. */
static int map_grow(StateMap *m) {
  StateMap bigger = {0};
  bigger.size = m->size ? 2 * m->size : 1024;
  bigger.keys = memory_realloc(NULL, (size_t)bigger.size * sizeof(uint64_t));
  bigger.ids = memory_realloc(NULL, (size_t)bigger.size * sizeof(uint32_t));
  if (!bigger.keys || !bigger.ids) {
    map_free(&bigger);
    return -1;
  }
  memset(bigger.keys, 0, (size_t)bigger.size * sizeof(uint64_t));
  for (uint64_t i = 0; i < m->size; i++) {
    if (!m->keys[i]) continue;
    uint64_t j = map_slot(&bigger, m->keys[i] - 1);
    bigger.keys[j] = m->keys[i];
    bigger.ids[j] = m->ids[i];
  }
  bigger.used = m->used;
  map_free(m);
  *m = bigger;
  return 0;
}

/* --- building the graph --- */

typedef struct Builder {
  MetricsGraph *g;
  const Solution *s;  /* the values; NULL: none known */
  const Rules *r;
  int frontier;       /* stop at the states s holds (metrics_frontier) */
  const Progress *progress; /* may be NULL */
  uint32_t max;       /* the most states to walk */
  StateIndex index;   /* of g's states */
  uint32_t room;      /* states the arrays hold */
  uint64_t edge_room; /* edges child holds */
} Builder;

void metrics_graph_free(MetricsGraph *g) {
  memory_realloc(g->first, 0);
  memory_realloc(g->child, 0);
  memory_realloc(g->state, 0);
  memory_realloc(g->history, 0);
  memory_realloc(g->outcome, 0);
  memory_realloc(g->value, 0);
  memory_realloc(g->distance, 0);
  memset(g, 0, sizeof *g);
}

/* The key of a position with the ply clamped to the opening, in the
** manner of the solver's index (for the chain's classes, which have no
** history). */
static uint64_t position_key(const Position *p) {
  return (uint64_t)p->ply * rank_layer(p->n) + rank_position(p);
}

/* Grows the per-state arrays to hold one more state.  Returns 0 or -1. */
static int builder_reserve(Builder *b) {
  MetricsGraph *g = b->g;
  if (g->count + 1 < b->room) return 0;
  if (b->room >= METRICS_MAX_STATES / 2) return -1;
  uint32_t room = b->room ? 2 * b->room : 1024;
  void *first = memory_realloc(g->first, ((size_t)room + 1) * sizeof *g->first);
  if (first) g->first = first;
  void *state = memory_realloc(g->state, (size_t)room * sizeof *g->state);
  if (state) g->state = state;
  void *history = g->history; /* only when the rules remember moves */
  if (b->index.memory > 0) {
    history = memory_realloc(g->history, (size_t)room * sizeof *g->history);
    if (history) g->history = history;
  }
  void *outcome = memory_realloc(g->outcome, room);
  if (outcome) g->outcome = outcome;
  void *value = memory_realloc(g->value, room);
  if (value) g->value = value;
  void *distance =
      memory_realloc(g->distance, (size_t)room * sizeof *g->distance);
  if (distance) g->distance = distance;
  if (!first || !state || (!history && b->index.memory > 0) || !outcome ||
      !value || !distance)
    return -1;
  b->room = room;
  return 0;
}

/* Why builder_state found no number. */
enum { STATE_NO_MEMORY = 1, STATE_UNKNOWN, STATE_TOO_MANY };

/* The number of the state p reached by h, added when new, with its value
** from the solution.  Returns STATES_NONE with why in *why: no memory, a
** value the solution does not hold (outside a frontier walk), more states
** than the most. */
static uint32_t builder_state(Builder *b, const Position *p, const History *h,
                              int *why) {
  MetricsGraph *g = b->g;
  StateSlot where;
  *why = STATE_NO_MEMORY;
  if (states_reserve(&b->index, 1)) return STATES_NONE;
  uint32_t id = states_probe(&b->index, g->state, g->history, p, h, &where);
  if (id != STATES_NONE) return id;
  *why = g->count >= b->max ? STATE_TOO_MANY : STATE_NO_MEMORY;
  if (g->count >= b->max || builder_reserve(b)) return STATES_NONE;
  int d = -1, value = b->s ? solver_lookup(b->s, p, h, &d) : VALUE_UNKNOWN;
  *why = STATE_UNKNOWN;
  if (value == VALUE_UNKNOWN && !b->frontier) return STATES_NONE;
  id = g->count;
  g->state[id] = *p;
  if (g->history) {
    g->history[id] = *h;
    if (g->history[id].count > b->index.memory)
      g->history[id].count = b->index.memory; /* the moves it remembers */
  }
  states_put(&b->index, &where, id);
  g->count++;
  g->value[id] = (uint8_t)(value == VALUE_UNKNOWN ? VALUE_DRAW : value);
  g->distance[id] = (uint16_t)(d < 0 ? 0 : d);
  g->outcome[id] = value == VALUE_UNKNOWN || !b->frontier ? OUTCOME_NONE
                                                          : METRICS_HELD;
  return id;
}

/* Whether p reached by h ends the game (the variant's own verdict, then a
** blocked side to move): its OUTCOME_*, or 0 with its legal moves in moves
** and their number in *k; or RULES_EHOOK. */
static int state_judge(const Rules *r, const Position *p, const History *h,
                       Move *moves, int *k) {
  int verdict = OUTCOME_NONE, n = rules_judge(r, p, h, moves, &verdict);
  *k = 0;
  if (n < 0) return RULES_EHOOK;
  if (verdict > OUTCOME_NONE && verdict <= OUTCOME_DRAW) return verdict;
  if (n == 0) return rules_blocked_outcome(r, p);
  *k = n;
  return OUTCOME_NONE;
}

/* The child of state (p, h) by move m into *q and *g: the ply kept as far
** as the rules and the remembered moves need it. */
static void state_child(const StateIndex *x, const Position *p,
                        const History *h, Move m, Position *q, History *g) {
  *q = *p;
  *g = *h;
  board_play(q, m);
  history_push(g, m, x->memory);
  uint32_t most = (uint32_t)(x->opening + x->memory);
  if (q->ply > most) q->ply = most;
}

/* The SOLVER_* code of why a state got no number (err says it). */
static int state_failed(const Builder *b, int why, const Position *p,
                        char *err) {
  char text[BOARD_POSMAX];
  if (why == STATE_TOO_MANY) return METRICS_MORE;
  if (why == STATE_UNKNOWN)
    snprintf(err, BOARD_ERRMAX,
             "the solution holds no value for %s, which play reaches from "
             "the start",
             board_format(p, text));
  else
    snprintf(err, BOARD_ERRMAX, "not enough memory for the reachable states "
                                "(%u of them so far)",
             b->g->count);
  return SOLVER_ERROR;
}

/* Visits state i: its outcome, or its moves and the states they lead to.
** This is the one function that knows what a state's children are. */
static int builder_visit(Builder *b, uint32_t i, uint64_t *edges, char *err) {
  MetricsGraph *g = b->g;
  Move moves[RULES_MAX_MOVES];
  Position p = g->state[i];
  History h = metrics_history(g, i);
  g->first[i] = *edges;
  if (g->outcome[i] == METRICS_HELD) return SOLVER_OK; /* known: not walked */
  int k, outcome = state_judge(b->r, &p, &h, moves, &k);
  if (outcome < 0) return SOLVER_EHOOK;
  g->outcome[i] = (uint8_t)outcome;
  if (*edges + (uint64_t)k > b->edge_room) {
    uint64_t room = b->edge_room ? 2 * b->edge_room : 4096;
    uint32_t *child = memory_realloc(g->child, (size_t)room * sizeof *child);
    if (!child) return state_failed(b, STATE_NO_MEMORY, &p, err);
    g->child = child;
    b->edge_room = room;
  }
  for (int j = 0; j < k; j++) {
    Position q;
    History next;
    int why;
    state_child(&b->index, &p, &h, moves[j], &q, &next);
    uint32_t id = builder_state(b, &q, &next, &why);
    if (id == STATES_NONE) return state_failed(b, why, &q, err);
    g->child[(*edges)++] = id;
  }
  return SOLVER_OK;
}

/* Walks the states reachable from start reached by h into g (as
** metrics_graph and metrics_frontier say).  Returns a SOLVER_* code or
** METRICS_MORE. */
static int build(Builder *b, const Position *start, const History *h,
                 const Cancel *c, char *err) {
  MetricsGraph *g = b->g;
  uint64_t edges = 0;
  int rc = SOLVER_OK, why;
  History none = {0};
  memset(g, 0, sizeof *g);
  states_init(&b->index, rules_opening_plies(b->r), rules_memory(b->r));
  if (builder_state(b, start, h ? h : &none, &why) == STATES_NONE)
    rc = state_failed(b, why, start, err);
  for (uint32_t i = 0; rc == SOLVER_OK && i < g->count; i++) {
    rc = builder_visit(b, i, &edges, err);
    if (rc == SOLVER_OK && (i & POLL_MASK) == 0 && cancel_now(c))
      rc = SOLVER_CANCELLED;
    if ((i & POLL_MASK) == 0)
      progress_report(b->progress, "walking", i, g->count);
  }
  if (rc == SOLVER_OK) g->first[g->count] = edges;
  if (rc == SOLVER_OK)
    progress_report(b->progress, "walking", g->count, g->count);
  states_free(&b->index);
  if (rc != SOLVER_OK) metrics_graph_free(g);
  return rc;
}

int metrics_graph(MetricsGraph *g, const Solution *s, const Rules *r,
                  const Position *start, const History *h, const Cancel *c,
                  char *err) {
  Builder b = {g, s, r, 0, NULL, METRICS_MAX_STATES, {0}, 0, 0};
  int rc = build(&b, start, h, c, err);
  if (rc == METRICS_MORE) {
    snprintf(err, BOARD_ERRMAX, "more than %u states are reachable",
             METRICS_MAX_STATES);
    rc = SOLVER_ERROR;
  }
  return rc;
}

int metrics_frontier(MetricsGraph *g, const Solution *s, const Rules *r,
                     const Position *start, const History *h, uint64_t max,
                     const Cancel *c, const Progress *progress, char *err) {
  Builder b = {g,        s,
               r,        1,
               progress, max < METRICS_MAX_STATES ? (uint32_t)max
                                                  : METRICS_MAX_STATES,
               {0},      0,
               0};
  return build(&b, start, h, c, err);
}

/* --- what the solution says of the reachable states --- */

/* The largest lookahead state i needs because of its losing move to c: a
** d-ply search rates that move best while it sees neither the loss after
** it (d - 1 < the opponent's win in distance[c]) nor a win of its own (d <
** the state's own win distance); so d up to that bound fails. */
static int lookahead_need(const MetricsGraph *g, uint32_t i, uint32_t c) {
  int bound = g->distance[c];
  if (g->value[i] == VALUE_WIN && g->distance[i] - 1 < bound)
    bound = g->distance[i] - 1;
  return bound + 1;
}

/* Counts the moves of the going-on state i into c. */
static void census_moves(const MetricsGraph *g, uint32_t i, MetricsCensus *c,
                         int *need) {
  uint32_t k = metrics_moves(g, i), losing = 0;
  c->moves += k;
  c->forced += k == 1;
  for (uint32_t j = 0; j < k; j++) {
    uint32_t to = g->child[g->first[i] + j];
    int after = g->value[to]; /* for the opponent */
    if (g->value[i] == VALUE_WIN) {
      c->win_to_draw += after == VALUE_DRAW;
      c->win_to_loss += after == VALUE_WIN;
    }
    if (after != VALUE_WIN) continue;
    losing++;
    if (g->value[i] == VALUE_LOSS) continue;
    int d = lookahead_need(g, i, to);
    if (d > *need) {
      *need = d;
      c->witness_state = i;
      c->witness_move = j;
    }
  }
  if (g->value[i] == VALUE_DRAW && losing) {
    c->traps++;
    c->trap_moves += losing;
    c->trap_losing[losing]++;
  }
}

void metrics_census(const MetricsGraph *g, MetricsCensus *c) {
  int need = 0;
  memset(c, 0, sizeof *c);
  for (uint32_t i = 0; i < g->count; i++) {
    int value = g->value[i];
    c->states++;
    c->wins += value == VALUE_WIN;
    c->losses += value == VALUE_LOSS;
    c->draws += value == VALUE_DRAW;
    if (value != VALUE_DRAW)
      c->remoteness[value == VALUE_LOSS][g->distance[i]]++;
    if (g->outcome[i])
      c->ends++;
    else
      census_moves(g, i, c, &need);
  }
  c->lookahead = need > METRICS_MAX_LOOKAHEAD ? -1 : need;
}

/* --- random play as a Markov chain --- */

/* The length figures from ended[t], the chance that a game lasts t plies
** (t = 0 .. cap). */
static void chain_lengths(MetricsRandom *out, const double *ended, int cap) {
  double sum = 0, mean = 0, var = 0, done = 0;
  for (int t = 0; t <= cap; t++) sum += ended[t], mean += t * ended[t];
  mean = sum > 0 ? mean / sum : 0;
  for (int t = 0; t <= cap; t++) var += (t - mean) * (t - mean) * ended[t];
  out->length = mean;
  out->length_sd = sum > 0 ? sqrt(var / sum) : 0;
  out->length_median = cap;
  for (int t = 0; t <= cap; t++)
    if ((done += ended[t]) >= sum / 2) {
      out->length_median = t;
      break;
    }
  double decided = out->black + out->white + out->draws;
  out->length_ended = decided > 0 ? out->length_ended / decided : 0;
}

/* --- the chain's states: the reachable ones, or their classes under the
** board's symmetries --- */

/* The chain random play runs on: the graph's states, or classes of them
** that the ring's rotations and reflections map onto one another (random
** play treats them alike when the rules do, so the chain on classes gives
** the same figures). */
typedef struct Chain {
  uint32_t count;
  uint64_t *first;  /* count + 1 offsets into child */
  uint32_t *child;  /* a class for each move of a state of the class */
  uint8_t *outcome; /* as in the graph */
  int8_t *x;        /* black's value: 1 won for black, -1 lost, 0 drawn */
  uint32_t start;
} Chain;

static void chain_free(Chain *ch) {
  memory_realloc(ch->first, 0);
  memory_realloc(ch->child, 0);
  memory_realloc(ch->outcome, 0);
  memory_realloc(ch->x, 0);
  memset(ch, 0, sizeof *ch);
}

/* Arm mask x with arm i moved to arm n - i (mod n): the mirror image
** through arm 1. */
static uint64_t mirror_arms(uint64_t x, int n) {
  uint64_t out = x & 1;
  for (int i = 1; i < n; i++) out |= (x >> i & 1) << (n - i);
  return out;
}

/* Arm mask x turned r arms on (0 <= r < n). */
static uint64_t turn_arms(uint64_t x, int r, int n) {
  if (r == 0) return x;
  return ((x << r) | (x >> (n - r))) & board_full(n);
}

/* p turned and mirrored so that its (black, white) masks are least: one
** position for each class of the ring's symmetries. */
static Position canonical(const Position *p) {
  Position best = *p;
  for (int mirror = 0; mirror < 2; mirror++) {
    uint64_t b = p->arms[BLACK], w = p->arms[WHITE];
    if (mirror) b = mirror_arms(b, p->n), w = mirror_arms(w, p->n);
    for (int r = 0; r < p->n; r++) {
      uint64_t tb = turn_arms(b, r, p->n), tw = turn_arms(w, r, p->n);
      if (tb < best.arms[BLACK] ||
          (tb == best.arms[BLACK] && tw < best.arms[WHITE]))
        best.arms[BLACK] = tb, best.arms[WHITE] = tw;
    }
  }
  return best;
}

/* The class of every state (as itself when not symmetric) into cls, the
** number of classes into *count, and the first state of each class into
** rep.  Returns 0, or -1 without memory. */
static int chain_classes(const MetricsGraph *g, int symmetric, uint32_t *cls,
                         uint32_t *rep, uint32_t *count) {
  StateMap map = {0};
  *count = 0;
  for (uint32_t i = 0; i < g->count; i++) {
    if (!symmetric) {
      cls[i] = rep[i] = i;
      continue;
    }
    Position c = canonical(&g->state[i]);
    uint64_t key = position_key(&c);
    if (2 * (map.used + 1) > map.size && map_grow(&map)) {
      map_free(&map);
      return -1;
    }
    uint64_t slot = map_slot(&map, key);
    if (!map.keys[slot]) {
      map.keys[slot] = key + 1;
      map.ids[slot] = *count;
      rep[(*count)++] = i;
      map.used++;
    }
    cls[i] = map.ids[slot];
  }
  if (!symmetric) *count = g->count;
  map_free(&map);
  return 0;
}

/* What a game so far carries, weighted by its chance: the chance itself,
** then sums over its moves so far of the legal moves, of the moves with a
** choice, the moves where black and where white stood lost (black's value
** x is -1 and 1 there, 0 in a draw), the square of the sum of x, and the
** moves after which who is winning changed. */
typedef struct Mass {
  double p, moves, choices, black_lost, white_lost, x_sum_sq, leads;
} Mass;

/* Black's value of state i: 1 won for black, -1 lost, 0 drawn. */
static int black_value(const MetricsGraph *g, uint32_t i) {
  int v = g->value[i];
  if (v == VALUE_DRAW) return 0;
  int mover_wins = v == VALUE_WIN;
  return (g->state[i].side == BLACK) == mover_wins ? 1 : -1;
}

/* Adds the games of mass m that end at ply t with outcome (OUTCOME_*, or
** -1 for the cap) to the figures, and their chance to ended[t]. */
static void chain_end(MetricsRandom *out, double *ended, const Mass *m, int t,
                      int outcome) {
  out->black += outcome == OUTCOME_BLACK ? m->p : 0;
  out->white += outcome == OUTCOME_WHITE ? m->p : 0;
  out->draws += outcome == OUTCOME_DRAW ? m->p : 0;
  out->timeouts += outcome < 0 ? m->p : 0;
  ended[t] += m->p;
  if (outcome >= 0) out->length_ended += t * m->p;
  if (t == 0) return;
  double x_sq = m->black_lost + m->white_lost; /* the moves where x*x = 1 */
  out->branching += m->moves / t;
  out->decisions += m->choices / t;
  out->lead_change += m->leads / t;
  out->stability += 2 * (x_sq / t - m->x_sum_sq / ((double)t * t));
  double behind = outcome == OUTCOME_BLACK   ? 2 * m->black_lost
                  : outcome == OUTCOME_WHITE ? 2 * m->white_lost
                                             : x_sq;
  out->drama += behind / t;
}

/* Carries the mass m of going-on state i (with k moves) one ply on into
** next. */
static void chain_step(const Chain *ch, uint32_t i, uint32_t k, const Mass *m,
                       Mass *next) {
  const int8_t *x = ch->x;
  int xi = x[i];
  double w = 1.0 / k, x_sum = m->white_lost - m->black_lost;
  Mass o = {m->p * w,
            (m->moves + k * m->p) * w,
            (m->choices + (k > 1) * m->p) * w,
            (m->black_lost + (xi < 0) * m->p) * w,
            (m->white_lost + (xi > 0) * m->p) * w,
            (m->x_sum_sq + 2 * xi * x_sum + xi * xi * m->p) * w,
            m->leads * w};
  const uint32_t *child = ch->child + ch->first[i];
  for (uint32_t j = 0; j < k; j++) {
    Mass *n = &next[child[j]];
    n->p += o.p;
    n->moves += o.moves;
    n->choices += o.choices;
    n->black_lost += o.black_lost;
    n->white_lost += o.white_lost;
    n->x_sum_sq += o.x_sum_sq;
    n->leads += o.leads + (x[child[j]] != xi) * o.p;
  }
}

/* Carries the chain from ply t to t + 1: ends the games in now that end at
** t, moves the others into next (which must be zero), and zeroes now; adds
** the chance of each state where a move is made to visits (when not NULL).
** Returns the chance carried on. */
static double chain_ply(const Chain *ch, int t, int cap, Mass *now, Mass *next,
                        double *ended, MetricsRandom *out, double *visits) {
  double live = 0;
  for (uint32_t i = 0; i < ch->count; i++) {
    if (now[i].p != 0) {
      if (ch->outcome[i])
        chain_end(out, ended, &now[i], t, ch->outcome[i]);
      else if (t == cap)
        chain_end(out, ended, &now[i], t, -1);
      else {
        chain_step(ch, i, (uint32_t)(ch->first[i + 1] - ch->first[i]), &now[i],
                   next);
        live += now[i].p;
        if (visits) visits[i] += now[i].p;
      }
    }
    memset(&now[i], 0, sizeof now[i]);
  }
  return live;
}

/* Builds the chain of g's states, or of their classes when symmetric.
** Returns 0, or -1 without memory. */
static int chain_build(Chain *ch, const MetricsGraph *g, int symmetric) {
  memset(ch, 0, sizeof *ch);
  uint32_t *cls = memory_realloc(NULL, (size_t)g->count * sizeof *cls);
  uint32_t *rep = memory_realloc(NULL, (size_t)g->count * sizeof *rep);
  int rc =
      !cls || !rep ? -1 : chain_classes(g, symmetric, cls, rep, &ch->count);
  if (rc == 0) {
    uint64_t edges = 0;
    for (uint32_t k = 0; k < ch->count; k++) edges += metrics_moves(g, rep[k]);
    ch->first =
        memory_realloc(NULL, ((size_t)ch->count + 1) * sizeof *ch->first);
    ch->child =
        memory_realloc(NULL, (size_t)(edges ? edges : 1) * sizeof *ch->child);
    ch->outcome = memory_realloc(NULL, ch->count);
    ch->x = memory_realloc(NULL, ch->count);
    rc = ch->first && ch->child && ch->outcome && ch->x ? 0 : -1;
  }
  uint64_t e = 0;
  for (uint32_t k = 0; rc == 0 && k < ch->count; k++) {
    uint32_t i = rep[k];
    ch->first[k] = e;
    ch->outcome[k] = g->outcome[i];
    ch->x[k] = (int8_t)black_value(g, i);
    for (uint32_t j = 0; j < metrics_moves(g, i); j++)
      ch->child[e++] = cls[g->child[g->first[i] + j]];
    ch->first[k + 1] = e;
  }
  if (rc == 0) ch->start = cls[0];
  memory_realloc(cls, 0);
  memory_realloc(rep, 0);
  if (rc) chain_free(ch);
  return rc;
}

/* Runs the chain ch from its start to the cap (or until less than 1e-16
** of the chance is left) into *out, adding each state's expected visits to
** visits when not NULL.  Returns a SOLVER_* code. */
static int chain_run(const Chain *ch, int cap, MetricsRandom *out,
                     double *visits, const Cancel *c, char *err) {
  size_t bytes = (size_t)ch->count * sizeof(Mass);
  Mass *now = memory_realloc(NULL, bytes), *next = memory_realloc(NULL, bytes);
  double *ended = memory_realloc(NULL, ((size_t)cap + 1) * sizeof *ended);
  int rc = SOLVER_OK;
  if (ended) memset(ended, 0, ((size_t)cap + 1) * sizeof *ended);
  if (!now || !next || !ended) {
    snprintf(err, BOARD_ERRMAX, "not enough memory for the random-play chain");
    rc = SOLVER_ERROR;
  } else {
    memset(now, 0, bytes);
    memset(next, 0, bytes);
    now[ch->start].p = 1;
  }
  for (int t = 0; rc == SOLVER_OK && t <= cap; t++) {
    double live = chain_ply(ch, t, cap, now, next, ended, out, visits);
    Mass *swap = now;
    now = next;
    next = swap;
    out->plies = t;
    if (live < 1e-16) {
      out->residue = live;
      break;
    }
    if ((t & 15) == 0 && cancel_now(c)) rc = SOLVER_CANCELLED;
  }
  if (rc == SOLVER_OK) chain_lengths(out, ended, cap);
  memory_realloc(now, 0);
  memory_realloc(next, 0);
  memory_realloc(ended, 0);
  return rc;
}

/* Runs the chain of g (on classes when symmetric) into *out, with the
** visits of its states when visits is not NULL.  Returns a SOLVER_* code. */
static int random_play(const MetricsGraph *g, int symmetric, int cap,
                       MetricsRandom *out, double *visits, const Cancel *c,
                       char *err) {
  Chain ch;
  memset(out, 0, sizeof *out);
  out->cap = cap;
  if (chain_build(&ch, g, symmetric)) {
    snprintf(err, BOARD_ERRMAX, "not enough memory for the random-play chain");
    return SOLVER_ERROR;
  }
  out->classes = ch.count;
  int rc = chain_run(&ch, cap, out, visits, c, err);
  chain_free(&ch);
  return rc;
}

int metrics_random(const MetricsGraph *g, int symmetric, int cap,
                   MetricsRandom *out, const Cancel *c, char *err) {
  return random_play(g, symmetric, cap, out, NULL, c, err);
}

int metrics_visits(const MetricsGraph *g, int cap, double *visits,
                   const Cancel *c, char *err) {
  MetricsRandom out;
  memset(visits, 0, (size_t)g->count * sizeof *visits);
  return random_play(g, 0, cap, &out, visits, c, err);
}

/* --- random games on the graph --- */

/* xorshift64*: the next number of the sequence in *s. */
static uint64_t sample_next(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545F4914F6CDD1Du;
}

/* Plays one random game; adds it to out.  seen holds, per state, the
** number of the last game that saw it. */
static void sample_game(const MetricsGraph *g, int cap, uint32_t game,
                        uint32_t *seen, uint64_t *rng, MetricsSample *out) {
  uint32_t i = 0, unique = 1;
  double moves = 0;
  int t = 0;
  seen[0] = game;
  while (!g->outcome[i] && t < cap) {
    uint32_t k = metrics_moves(g, i);
    moves += k;
    i = g->child[g->first[i] + (sample_next(rng) >> 11) % k];
    t++;
    if (seen[i] != game) seen[i] = game, unique++;
  }
  int o = g->outcome[i];
  out->black += o == OUTCOME_BLACK;
  out->white += o == OUTCOME_WHITE;
  out->draws += o == OUTCOME_DRAW;
  out->timeouts += o == OUTCOME_NONE;
  out->length += t;
  if (t > 0) out->tree_complexity += t * log10(moves / t);
  out->repetition += 1.0 - (double)unique / (t + 1);
}

int metrics_sample(const MetricsGraph *g, int cap, int games, uint64_t seed,
                   MetricsSample *out, const Cancel *c, char *err) {
  memset(out, 0, sizeof *out);
  out->games = games;
  out->cap = cap;
  uint32_t *seen = memory_realloc(NULL, (size_t)g->count * sizeof *seen);
  if (!seen) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to sample games");
    return SOLVER_ERROR;
  }
  memset(seen, 0, (size_t)g->count * sizeof *seen);
  uint64_t rng = seed ? seed : 0x9E3779B97F4A7C15u;
  for (int n = 0; n < games; n++) {
    sample_game(g, cap, (uint32_t)n + 1, seen, &rng, out);
    if ((n & 63) == 0 && cancel_now(c)) {
      memory_realloc(seen, 0);
      return SOLVER_CANCELLED;
    }
  }
  memory_realloc(seen, 0);
  if (games > 0) {
    double *fields[] = {&out->tree_complexity, &out->repetition, &out->black,
                        &out->white,           &out->draws,      &out->timeouts,
                        &out->length};
    for (int f = 0; f < 7; f++) *fields[f] /= games;
  }
  return SOLVER_OK;
}

Move metrics_move(const MetricsGraph *g, uint32_t i, uint32_t j) {
  return rules_move_between(&g->state[i],
                            &g->state[g->child[g->first[i] + j]]);
}

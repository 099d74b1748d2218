/*
** solver.c — retrograde analysis over a dense table of states.
*/
#include "solver.h"

#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "rank.h"

#define POLL_MASK 0x3fff /* look at the Cancel every this many + 1 steps */

/* --- the one-byte codes --- */

static uint8_t code_of(int value, int distance) {
  if (value == VALUE_DRAW) return 0;
  return (uint8_t)(1 + 2 * distance + (value == VALUE_LOSS));
}

static int value_of(uint8_t code) {
  if (code == 0) return VALUE_DRAW;
  return (code - 1) & 1 ? VALUE_LOSS : VALUE_WIN;
}

static int distance_of(uint8_t code) {
  return code ? (code - 1) / 2 : -1;
}

int solver_code_value(uint8_t code, int *distance) {
  if (distance) *distance = distance_of(code);
  return value_of(code);
}

/* --- the table's index: layer, history block, position --- */

/* A move as a digit of a history code: its to point (the centre is n),
** or on a graph board its arc. */
static uint64_t move_digit(const Solution *s, Move m) {
  if (s->graph) return (uint64_t)graph_arc(s->graph, m);
  return m.to == BOARD_CENTRE ? (uint64_t)s->n : m.to;
}

/* The first history code of histories of count moves: the codes of
** shorter histories come first. */
static uint64_t history_offset(const Solution *s, int count) {
  uint64_t offset = 0, power = 1;
  for (int j = 0; j < count; j++, power *= (uint64_t)s->digits) offset += power;
  return offset;
}

/* The history code of the first (at most s->memory) moves of h. */
static uint64_t history_code(const Solution *s, const History *h) {
  int count = h ? h->count : 0;
  if (count > s->memory) count = s->memory;
  uint64_t code = 0;
  for (int i = count - 1; i >= 0; i--)
    code = code * (uint64_t)s->digits + move_digit(s, h->moves[i]);
  return history_offset(s, count) + code;
}

/* The ply a state of layer stands for (any later ply of the last layer
** reads the same; past the remembered moves, so that they fit). */
static uint32_t layer_ply(const Solution *s, uint64_t layer) {
  return (uint32_t)layer +
         (layer == (uint64_t)s->opening ? (uint32_t)s->memory : 0);
}

/* The index of p within a history block. */
static uint64_t position_rank(const Solution *s, const Position *p) {
  if (s->graph)
    return rank_graph_position(p, s->pieces[BLACK], s->pieces[WHITE]);
  return rank_position(p);
}

/* The position of index r within a history block, with the given ply. */
static void position_unrank(const Solution *s, uint64_t r, uint32_t ply,
                            Position *p) {
  if (s->graph)
    rank_graph_unrank(r, s->n, s->pieces[BLACK], s->pieces[WHITE], ply, p);
  else
    rank_unrank(r, s->n, ply, p);
}

uint64_t solver_index(const Solution *s, const Position *p, const History *h) {
  uint64_t layer =
      p->ply < (uint32_t)s->opening ? p->ply : (uint64_t)s->opening;
  return layer * s->layer + history_code(s, h) * s->positions +
         position_rank(s, p);
}

/* The rules a solution's board reads (no parameters): for the moves back. */
static Rules board_of(const Solution *s) {
  Rules r;
  memset(&r, 0, sizeof r);
  r.arms = s->n;
  r.graph = s->graph;
  return r;
}

/* The move a digit of a history code stands for, that led to q. */
static Move digit_move(const Solution *s, uint64_t digit, const Position *q) {
  if (s->graph) return graph_arc_move(s->graph, (int)digit);
  return move_of((uint8_t)board_empty_point(q), (uint8_t)(digit == (uint64_t)s->n ? BOARD_CENTRE : digit));
}

/* Decodes history code into the moves that led to p.  Returns 1, or 0 when
** they cannot have led there (the index is not a state). */
static int decode_history(const Solution *s, uint64_t code, const Position *p,
                          History *h) {
  int count = 0;
  Rules board = board_of(s);
  while (count < s->memory && code >= history_offset(s, count + 1)) count++;
  code -= history_offset(s, count);
  if ((uint32_t)count > p->ply) return 0;
  Position q = *p;
  h->count = count;
  for (int i = 0; i < count; i++) {
    uint64_t digit = code % (uint64_t)s->digits;
    code /= (uint64_t)s->digits;
    Move m = digit_move(s, digit, &q);
    if (!rules_led_to(&board, &q, m)) return 0;
    h->moves[i] = m;
    board_unplay(&q, m);
  }
  return 1;
}

/* The state at table index i into *p and *h.  Returns 1, or 0 when i is
** not a state. */
static int state_at(const Solution *s, uint64_t i, Position *p, History *h) {
  uint64_t layer = i / s->layer, within = i % s->layer;
  position_unrank(s, within % s->positions, layer_ply(s, layer), p);
  return decode_history(s, within / s->positions, p, h);
}

/* --- shared state of one run --- */

typedef struct Solver {
  Solution *s;
  const Rules *r;
  const Cancel *cancel;
  uint64_t steps;
  char *err;
  uint32_t *movers; /* hooked rules remembering nothing: the points whose
                       piece may move in each state of the last layer
                       (MOVER_CENTRE for the centre), so that predecessors
                       are checked without asking the hooks again */
  Rules once;       /* with movers: the rules without their memo, since each
                       state of the last layer is then judged once */
} Solver;

#define MOVER_CENTRE 31 /* the centre's bit in a movers word */

/* The bit of point x in a movers word. */
static uint32_t mover_bit(int x) {
  return (uint32_t)1 << (x == BOARD_CENTRE ? MOVER_CENTRE : x);
}

/* SOLVER_CANCELLED when the Cancel asks to stop (polled now and then). */
static int solver_poll(Solver *sv) {
  if ((++sv->steps & POLL_MASK) == 0 && cancel_now(sv->cancel))
    return SOLVER_CANCELLED;
  return SOLVER_OK;
}

/* Whether p reached by h ends the game: 1 with its code in *code; 0 with
** its legal moves in moves (*k of them); or RULES_EHOOK. */
static int judge(const Rules *r, const Position *p, const History *h,
                 uint8_t *code, Move *moves, int *k) {
  int verdict;
  *k = rules_judge(r, p, h, moves, &verdict);
  if (*k < 0) return RULES_EHOOK;
  if (verdict) {
    int winner = verdict == OUTCOME_BLACK   ? BLACK
                 : verdict == OUTCOME_WHITE ? WHITE
                                            : -1;
    *code =
        winner < 0 ? 0 : code_of(winner == p->side ? VALUE_WIN : VALUE_LOSS, 0);
    return 1;
  }
  if (*k == 0) {
    *code = code_of(r->misere ? VALUE_WIN : VALUE_LOSS, 0);
    return 1;
  }
  return 0;
}

/* 1 when m is legal in q reached by h (q does not end the game and the
** rules allow m); or RULES_EHOOK. */
static int legal_in(const Rules *r, const Position *q, const History *h,
                    Move m) {
  Move moves[RULES_MAX_MOVES];
  uint8_t code;
  int k, end = judge(r, q, h, &code, moves, &k);
  if (end) return end < 0 ? RULES_EHOOK : 0;
  for (int i = 0; i < k; i++)
    if (move_equal(moves[i], m)) return 1;
  return 0;
}

/* --- predecessors --- */

typedef struct Before {
  Position p;
  History h;
} Before;

/* The predecessors of p when the rules remember nothing: every move back
** into p that was legal (with check; without, every one the board
** allows).  Returns how many, or RULES_EHOOK. */
static int predecessors_plain(const Rules *r, const Position *p, int check,
                              Before *out) {
  Move back[RULES_MAX_MOVES];
  int count = rules_unmoves(r, p, back), k = 0;
  for (int i = 0; i < count; i++) {
    Before b = {*p, {0}};
    board_unplay(&b.p, back[i]);
    b.p.ply = p->ply;
    int ok = check ? legal_in(r, &b.p, NULL, back[i]) : 1;
    if (ok < 0) return RULES_EHOOK;
    if (ok) out[k++] = b;
  }
  return k;
}

/* Adds to out (at *k) q reached by h when the last move m, played in it, is
** legal there.  Returns 0 or RULES_EHOOK. */
static int add_before(const Rules *r, const Position *q, const History *h,
                      Move m, Before *out, int *k) {
  int ok = legal_in(r, q, h, m);
  if (ok < 0) return RULES_EHOOK;
  if (ok) out[(*k)++] = (Before){*q, *h};
  return 0;
}

/* The predecessors of p reached by h when the rules remember k >= 1
** moves: the last move is h's first; the state before remembers the rest,
** and when h is full, possibly one older move.  Returns how many, or
** RULES_EHOOK. */
static int predecessors_remembered(const Rules *r, int memory,
                                   const Position *p, const History *h,
                                   Before *out) {
  int k = 0;
  if (h->count == 0) return 0; /* a start: nothing led here */
  Move last = h->moves[0];
  Position q = *p, oldest;
  board_unplay(&q, last);
  q.ply = p->ply; /* the last layer: every ply reads the same */
  History rest = {0};
  rest.count = h->count - 1;
  for (int i = 1; i < h->count; i++) rest.moves[i - 1] = h->moves[i];
  if (add_before(r, &q, &rest, last, out, &k)) return RULES_EHOOK;
  if (h->count < memory) return k;
  oldest = q; /* the position the oldest remembered move led to */
  oldest.ply = p->ply + (uint32_t)memory; /* room to take moves back */
  for (int i = 0; i < rest.count; i++) board_unplay(&oldest, rest.moves[i]);
  Move back[RULES_MAX_MOVES];
  int count = rules_unmoves(r, &oldest, back);
  for (int i = 0; i < count; i++) {
    History longer = rest;
    longer.moves[longer.count++] = back[i];
    if (add_before(r, &q, &longer, last, out, &k)) return RULES_EHOOK;
  }
  return k;
}

/* --- the layers --- */

/* --- every state of a layer --- */

typedef int (*Visit)(Solver *sv, void *ud, const Position *p, const History *h,
                     uint64_t i);

typedef struct Walker {
  Solver *sv;
  Visit visit;
  void *ud;
  const Position *p; /* the position whose histories are walked */
  uint64_t base;     /* the index of p with an empty history */
} Walker;

/* Visits p with the history h (its first h->count moves known, the oldest
** of them leading to q; their code digit so far, power the next digit's
** weight), then every longer history.  Returns a SOLVER_* code. */
static int each_history(Walker *w, History *h, const Position *q,
                        uint64_t digits, uint64_t power) {
  const Solution *s = w->sv->s;
  int rc = solver_poll(w->sv);
  if (rc) return rc;
  uint64_t code = history_offset(s, h->count) + digits;
  rc = w->visit(w->sv, w->ud, w->p, h, w->base + code * s->positions);
  if (rc || h->count >= s->memory || (uint32_t)h->count >= w->p->ply) return rc;
  Move back[RULES_MAX_MOVES];
  int count = rules_unmoves(w->sv->r, q, back);
  for (int i = 0; i < count && !rc; i++) {
    Position before = *q;
    board_unplay(&before, back[i]);
    h->moves[h->count++] = back[i];
    rc = each_history(w, h, &before, digits + move_digit(s, back[i]) * power,
                      power * (uint64_t)s->digits);
    h->count--;
  }
  return rc;
}

/* Visits every state of a layer: every position, with every history that
** can have led to it.  Returns a SOLVER_* code. */
static int each_state(Solver *sv, uint64_t layer, Visit visit, void *ud) {
  const Solution *s = sv->s;
  Walker w = {sv, visit, ud, NULL, 0};
  int rc = SOLVER_OK;
  RankWalk walk; /* a graph board's positions, stepped through */
  if (s->graph)
    rank_graph_walk(&walk, 0, s->n, s->pieces[BLACK], s->pieces[WHITE],
                    layer_ply(s, layer));
  for (uint64_t r = 0; r < s->positions && rc == SOLVER_OK; r++) {
    Position p;
    History h = {0};
    if (s->graph) {
      p = walk.p;
      rank_graph_step(&walk);
    } else
      position_unrank(s, r, layer_ply(s, layer), &p);
    w.p = &p;
    w.base = layer * s->layer + r;
    rc = each_history(&w, &h, &p, 0, 1);
  }
  return rc;
}

/* --- the last layer --- */

typedef struct Tables {
  uint8_t *code, *count; /* of the last layer */
  uint64_t first;        /* its first index */
} Tables;

/* Marks one state of the last layer: an end gets its code, the others
** their number of moves. */
static int mark_end(Solver *sv, void *ud, const Position *p, const History *h,
                    uint64_t i) {
  Tables *t = ud;
  Move moves[RULES_MAX_MOVES];
  uint8_t c = 0;
  int k = 0, end;
  if (!rules_hooked(sv->r)) { /* the parameters: a count is enough */
    k = rules_param_count(sv->r, p);
    end = k == 0;
    c = code_of(sv->r->misere ? VALUE_WIN : VALUE_LOSS, 0);
  } else
    end = judge(sv->movers ? &sv->once : sv->r, p, h, &c, moves, &k);
  if (end < 0) return SOLVER_EHOOK;
  t->code[i - t->first] = end ? c : 0;
  t->count[i - t->first] = end ? 0 : (uint8_t)k;
  if (sv->movers) {
    uint32_t w = 0;
    for (int j = 0; j < k && !end; j++) w |= mover_bit(moves[j].from);
    sv->movers[i - t->first] = w;
  }
  return SOLVER_OK;
}

/* Marks the ends of the game in the last layer; the others get their
** number of moves in count, and what is not a state gets 0 in both.
** Returns a SOLVER_* code. */
static int mark_ends(Solver *sv, uint8_t *code, uint8_t *count,
                     uint64_t first) {
  Tables t = {code, count, first};
  memset(code, 0, (size_t)sv->s->layer);
  memset(count, 0, (size_t)sv->s->layer);
  return each_state(sv, first / sv->s->layer, mark_end, &t);
}

/* Resolves the predecessors of the state at r (of the last layer, whose
** first index is first; code c at distance d). */
static int resolve_predecessors(Solver *sv, uint8_t *code, uint8_t *count,
                                uint64_t first, uint64_t r, int d) {
  Before before[RULES_MAX_MOVES + 1]; /* the most a state has */
  Position p;
  History h;
  uint8_t c = code[r];
  state_at(sv->s, first + r, &p, &h);
  int k = sv->s->memory
              ? predecessors_remembered(sv->r, sv->s->memory, &p, &h, before)
              : predecessors_plain(sv->r, &p, !sv->movers, before);
  if (k < 0) return SOLVER_EHOOK;
  uint32_t left = /* where its mover was */
      sv->movers ? mover_bit(board_empty_point(&p)) : 0;
  for (int i = 0; i < k; i++) {
    uint64_t q = solver_index(sv->s, &before[i].p, &before[i].h) - first;
    if (!count[q]) continue; /* already resolved, or an end */
    if (sv->movers && !(sv->movers[q] & left)) continue; /* not allowed */
    if (value_of(c) == VALUE_LOSS) {
      code[q] = code_of(VALUE_WIN, d + 1);
      count[q] = 0;
    } else if (--count[q] == 0)
      code[q] = code_of(VALUE_LOSS, d + 1);
  }
  return SOLVER_OK;
}

/* 1 when one of the 8 bytes of word x is b. */
static int has_byte(uint64_t x, uint8_t b) {
  uint64_t y = x ^ (0x0101010101010101u * b);
  return ((y - 0x0101010101010101u) & ~y & 0x8080808080808080u) != 0;
}

/* The first r >= from (below size) whose code is win or loss, or size;
** skips eight codes at a time. */
static uint64_t next_resolved(const uint8_t *code, uint64_t from, uint64_t size,
                              uint8_t win, uint8_t loss) {
  uint64_t r = from;
  for (; r < size && r % 8; r++)
    if (code[r] == win || code[r] == loss) return r;
  for (; r + 8 <= size; r += 8) {
    uint64_t x;
    memcpy(&x, code + r, 8);
    if (has_byte(x, win) || has_byte(x, loss)) break;
  }
  for (; r < size; r++)
    if (code[r] == win || code[r] == loss) return r;
  return size;
}

/* Retrograde analysis of the last layer: distance by distance, each
** resolved state resolves its predecessors. */
static int solve_last_layer(Solver *sv, uint8_t *code, uint64_t first) {
  uint64_t size = sv->s->layer;
  uint8_t *count = memory_realloc(NULL, size);
  if (!count) {
    snprintf(sv->err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  if (rules_hooked(sv->r) && !sv->s->memory && sv->s->n < MOVER_CENTRE &&
      !sv->r->graph)
    sv->movers = memory_realloc(NULL, size * sizeof *sv->movers); /* or
                                           not: the hooks are asked again */
  sv->once = *sv->r;
  sv->once.hooks.memo = NULL;
  int rc = mark_ends(sv, code, count, first);
  for (int d = 0; rc == SOLVER_OK; d++) {
    uint8_t win = code_of(VALUE_WIN, d), loss = code_of(VALUE_LOSS, d);
    int found = 0;
    for (uint64_t r = next_resolved(code, 0, size, win, loss);
         r < size && rc == SOLVER_OK;
         r = next_resolved(code, r + 1, size, win, loss)) {
      found = 1;
      if (d + 1 > SOLVER_MAX_DISTANCE) {
        snprintf(sv->err, BOARD_ERRMAX,
                 "a forced end lies more than %d plies away: beyond the "
                 "solver's table",
                 SOLVER_MAX_DISTANCE);
        rc = SOLVER_ERROR;
      } else if (!(rc = solver_poll(sv)))
        rc = resolve_predecessors(sv, code, count, first, r, d);
    }
    if (!found) break;
  }
  memory_realloc(count, 0);
  memory_realloc(sv->movers, 0);
  sv->movers = NULL;
  return rc;
}

/* The code of p reached by h, which has the k moves in moves, from its
** children's codes (one ply ahead). */
static uint8_t code_from_children(Solver *sv, const Position *p,
                                  const History *h, const Move *moves, int k) {
  int draw = 0, best_win = -1, worst = -1;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    History g = *h;
    board_play(&q, moves[i]);
    history_push(&g, moves[i], sv->s->memory);
    uint8_t c = sv->s->codes[solver_index(sv->s, &q, &g)];
    int d = distance_of(c);
    if (value_of(c) == VALUE_LOSS) {
      if (best_win < 0 || d + 1 < best_win) best_win = d + 1;
    } else if (value_of(c) == VALUE_DRAW)
      draw = 1;
    else if (d + 1 > worst)
      worst = d + 1;
  }
  return best_win >= 0 ? code_of(VALUE_WIN, best_win)
         : draw        ? 0
                       : code_of(VALUE_LOSS, worst);
}

/* Solves one state of an opening layer from its children. */
static int solve_opening_state(Solver *sv, void *ud, const Position *p,
                               const History *h, uint64_t i) {
  Move moves[RULES_MAX_MOVES];
  uint8_t c = 0;
  int k, end = judge(sv->r, p, h, &c, moves, &k);
  (void)ud;
  if (end < 0) return SOLVER_EHOOK;
  sv->s->codes[i] = end ? c : code_from_children(sv, p, h, moves, k);
  return SOLVER_OK;
}

/* Solves an opening layer from the layer after it. */
static int solve_opening_layer(Solver *sv, uint64_t layer) {
  memset(sv->s->codes + layer * sv->s->layer, 0, (size_t)sv->s->layer);
  return each_state(sv, layer, solve_opening_state, NULL);
}

int solver_plan(Solution *s, const Rules *r, char *err) {
  memset(s, 0, sizeof *s);
  s->n = r->arms;
  s->graph = r->graph;
  s->pieces[BLACK] = r->pieces[BLACK];
  s->pieces[WHITE] = r->pieces[WHITE];
  s->opening = rules_opening_plies(r);
  s->memory = rules_memory(r);
  if (r->graph) {
    s->digits = r->graph->arcs;
    s->positions = rank_graph_layer(s->n, s->pieces[BLACK], s->pieces[WHITE]);
  } else if (s->n > RANK_MAX_ARMS) {
    snprintf(err, BOARD_ERRMAX,
             "%d arms are too many to solve (the solver takes boards of up to "
             "%d arms)",
             s->n, RANK_MAX_ARMS);
    return SOLVER_ERROR;
  } else {
    s->digits = s->n + 1;
    s->positions = rank_layer(s->n);
  }
  s->histories = history_offset(s, s->memory + 1);
  s->layer = s->positions * s->histories;
  double states =
      (double)s->positions * (double)s->histories * (double)(s->opening + 1);
  if (!s->positions || states > (double)SOLVER_MAX_STATES ||
      s->opening > 1000) {
    snprintf(err, BOARD_ERRMAX,
             "%d %s with %d opening plies and %d remembered moves make "
             "too many states to solve (%.3g; the most is %.3g)",
             s->n, r->graph ? "points" : "arms", s->opening, s->memory,
             s->positions ? states : 1e19, (double)SOLVER_MAX_STATES);
    return SOLVER_ERROR;
  }
  return SOLVER_OK;
}

int solver_solve(Solution *s, const Rules *r, const Cancel *c, char *err) {
  Solver sv = {s, r, c, 0, err, NULL, *r};
  if (solver_plan(s, r, err)) return SOLVER_ERROR;
  s->codes = memory_realloc(NULL, (size_t)solver_states(s));
  if (!s->codes) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve (%.3g bytes)",
             (double)solver_states(s));
    return SOLVER_ERROR;
  }
  uint64_t k = (uint64_t)s->opening;
  int rc = solve_last_layer(&sv, s->codes + k * s->layer, k * s->layer);
  for (uint64_t layer = k; layer-- > 0 && rc == SOLVER_OK;)
    rc = solve_opening_layer(&sv, layer);
  if (rc != SOLVER_OK) solver_free(s);
  return rc;
}

void solver_free(Solution *s) {
  if (s->methods) s->methods->release(s); /* first: a table it maps */
  s->methods = NULL;
  memory_realloc(s->codes, 0);
  s->codes = NULL;
}

int solver_lookup(const Solution *s, const Position *p, const History *h,
                  int *distance) {
  if (s->methods) return s->methods->lookup(s, p, h, distance);
  uint8_t c = s->codes[solver_index(s, p, h)];
  if (distance) *distance = distance_of(c);
  return value_of(c);
}

/* --- the census of reachable states --- */

typedef struct Walk {
  uint64_t *seen;  /* one bit per table entry */
  uint64_t *queue; /* table indexes to visit */
  uint64_t head, tail, capacity;
} Walk;

/* Queues table index i unless seen.  Returns 0, or -1 without memory. */
static int walk_push(Walk *w, uint64_t i) {
  if (w->seen[i / 64] >> (i % 64) & 1) return 0;
  w->seen[i / 64] |= (uint64_t)1 << (i % 64);
  if (w->tail == w->capacity) {
    uint64_t cap = w->capacity ? 2 * w->capacity : 1024;
    uint64_t *q = memory_realloc(w->queue, (size_t)cap * sizeof *q);
    if (!q) return -1;
    w->queue = q;
    w->capacity = cap;
  }
  w->queue[w->tail++] = i;
  return 0;
}

typedef struct Trapper {
  void (*on_trap)(void *, const Position *, const History *, int);
  void *ud;
} Trapper;

/* Counts p reached by h into the census and queues its children.  Returns
** a SOLVER_* code. */
static int census_visit(const Solution *s, const Rules *r, const Position *p,
                        const History *h, Census *cs, Walk *w,
                        const Trapper *t) {
  Move moves[RULES_MAX_MOVES];
  int d, value = solver_lookup(s, p, h, &d), losing = 0;
  cs->reachable++;
  cs->wins += value == VALUE_WIN;
  cs->losses += value == VALUE_LOSS;
  cs->draws += value == VALUE_DRAW;
  if (d > cs->longest) cs->longest = d;
  uint8_t c;
  int k, end = judge(r, p, h, &c, moves, &k);
  if (end < 0) return SOLVER_EHOOK;
  if (end) return SOLVER_OK;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    History g = *h;
    board_play(&q, moves[i]);
    history_push(&g, moves[i], s->memory);
    losing += solver_lookup(s, &q, &g, NULL) == VALUE_WIN;
    if (walk_push(w, solver_index(s, &q, &g))) return SOLVER_ERROR;
  }
  if (value == VALUE_DRAW && losing) {
    cs->traps++;
    if (t->on_trap) t->on_trap(t->ud, p, h, losing);
  }
  return SOLVER_OK;
}

int solver_census(const Solution *s, const Rules *r, const Position *start,
                  const History *h, Census *census,
                  void (*on_trap)(void *ud, const Position *p, const History *h,
                                  int losing),
                  void *ud, const Cancel *c, char *err) {
  Walk w = {0};
  Trapper t = {on_trap, ud};
  Position p;
  History g;
  int rc = SOLVER_OK;
  memset(census, 0, sizeof *census);
  census->longest = -1;
  if (s->methods && s->methods->census)
    return s->methods->census(s, r, start, h, census, on_trap, ud, c, err);
  if (s->methods) {
    snprintf(err, BOARD_ERRMAX, "solver_census walks the plain table only");
    return SOLVER_ERROR;
  }
  size_t words = (size_t)((solver_states(s) + 63) / 64);
  w.seen = memory_realloc(NULL, words * sizeof *w.seen);
  if (w.seen) memset(w.seen, 0, words * sizeof *w.seen);
  if (!w.seen || walk_push(&w, solver_index(s, start, h))) rc = SOLVER_ERROR;
  for (uint64_t steps = 0; rc == SOLVER_OK && w.head < w.tail; steps++) {
    state_at(s, w.queue[w.head++], &p, &g);
    rc = census_visit(s, r, &p, &g, census, &w, &t);
    if (rc == SOLVER_OK && (steps & POLL_MASK) == 0 && cancel_now(c))
      rc = SOLVER_CANCELLED;
  }
  if (rc == SOLVER_ERROR) snprintf(err, BOARD_ERRMAX, "not enough memory");
  memory_realloc(w.seen, 0);
  memory_realloc(w.queue, 0);
  return rc;
}

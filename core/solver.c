/*
** solver.c — retrograde analysis over a dense table of positions.
*/
#include "solver.h"

#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "rank.h"
#include "symsolver.h"

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

/* --- shared state of one run --- */

typedef struct Solver {
  Solution *s;
  const Rules *r;
  const Cancel *cancel;
  uint64_t steps;
  char *err;
} Solver;

/* SOLVER_CANCELLED when the Cancel asks to stop (polled now and then). */
static int solver_poll(Solver *sv) {
  if ((++sv->steps & POLL_MASK) == 0 && cancel_now(sv->cancel))
    return SOLVER_CANCELLED;
  return SOLVER_OK;
}

/* Whether p ends the game: 1 with its code in *code; 0 with its number of
** legal moves in *moves; or RULES_EHOOK. */
static int judge(const Rules *r, const Position *p, uint8_t *code, int *moves) {
  if (r->hooks.result) {
    int o = r->hooks.result(r->hooks.ctx, p);
    if (o < 0) return RULES_EHOOK;
    if (o > OUTCOME_NONE && o <= OUTCOME_DRAW) {
      int winner = o == OUTCOME_BLACK ? BLACK : o == OUTCOME_WHITE ? WHITE : -1;
      *code = winner < 0
                  ? 0
                  : code_of(winner == p->side ? VALUE_WIN : VALUE_LOSS, 0);
      return 1;
    }
  }
  int k;
  if (r->hooks.allow) {
    Move list[RULES_MAX_MOVES];
    if ((k = rules_moves(r, p, list)) < 0) return RULES_EHOOK;
  } else
    k = rules_param_count(r, p);
  if (k == 0) {
    *code = code_of(r->misere ? VALUE_WIN : VALUE_LOSS, 0);
    return 1;
  }
  *moves = k;
  return 0;
}

/* 1 when move m (from the empty point of p back to where the piece stands)
** is legal in q, the position before it; or RULES_EHOOK. */
static int unmove_legal(const Rules *r, const Position *q, Move m) {
  Reach reach = rules_reach_of(r, q);
  int ok = m.from == BOARD_CENTRE ? reach.from_centre
           : m.to == BOARD_CENTRE ? (int)(reach.to_centre >> m.from & 1)
                                  : (int)(reach.steps >> m.from & 1);
  if (!ok || !rules_hooked(r)) return ok;
  if (r->hooks.result) {
    int o = r->hooks.result(r->hooks.ctx, q);
    if (o < 0) return RULES_EHOOK;
    if (o > OUTCOME_NONE && o <= OUTCOME_DRAW) return 0; /* q ended */
  }
  return r->hooks.allow ? r->hooks.allow(r->hooks.ctx, q, m) : 1;
}

/* The positions (with p's ply) from which a legal move leads to p, written
** to out.  Returns how many, or RULES_EHOOK. */
static int predecessors(const Rules *r, const Position *p, Position *out) {
  int mover = p->side ^ 1, n = p->n, e = board_empty_point(p), k = 0;
  int from[RULES_MAX_MOVES + 1], count = 0;
  if (e == BOARD_CENTRE) {
    for (uint64_t m = p->arms[mover]; m; m &= m - 1)
      from[count++] = __builtin_ctzll(m);
  } else {
    int a = (e + n - 1) % n, b = (e + 1) % n;
    if (p->arms[mover] >> a & 1) from[count++] = a;
    if (p->arms[mover] >> b & 1) from[count++] = b;
    if (p->centre == mover) from[count++] = BOARD_CENTRE;
  }
  for (int i = 0; i < count; i++) {
    int y = from[i]; /* where the piece stands now; it came from e */
    Position q = *p;
    if (y == BOARD_CENTRE)
      q.centre = NOBODY;
    else
      q.arms[mover] &= ~((uint64_t)1 << y);
    if (e == BOARD_CENTRE)
      q.centre = (uint8_t)mover;
    else
      q.arms[mover] |= (uint64_t)1 << e;
    q.side = (uint8_t)mover;
    int ok = unmove_legal(r, &q, (Move){(uint8_t)e, (uint8_t)y});
    if (ok < 0) return RULES_EHOOK;
    if (ok) out[k++] = q;
  }
  return k;
}

/* --- the layers --- */

/* Marks the ends of the game in the last layer; the others get their
** number of moves in count.  Returns a SOLVER_* code. */
static int mark_ends(Solver *sv, uint8_t *code, uint8_t *count, uint32_t ply) {
  for (uint64_t r = 0; r < sv->s->layer; r++) {
    Position p;
    uint8_t c = 0;
    int moves = 0, rc = solver_poll(sv);
    if (rc) return rc;
    rank_unrank(r, sv->s->n, ply, &p);
    int end = judge(sv->r, &p, &c, &moves);
    if (end < 0) return SOLVER_EHOOK;
    code[r] = end ? c : 0;
    count[r] = end ? 0 : (uint8_t)moves;
  }
  return SOLVER_OK;
}

/* Resolves the predecessors of the position at r (code c at distance d). */
static int resolve_predecessors(Solver *sv, uint8_t *code, uint8_t *count,
                                uint64_t r, uint32_t ply, int d) {
  Position p, before[RULES_MAX_MOVES + 1];
  uint8_t c = code[r];
  rank_unrank(r, sv->s->n, ply, &p);
  int k = predecessors(sv->r, &p, before);
  if (k < 0) return SOLVER_EHOOK;
  for (int i = 0; i < k; i++) {
    uint64_t q = rank_position(&before[i]);
    if (!count[q]) continue; /* already resolved, or an end */
    if (value_of(c) == VALUE_LOSS) {
      code[q] = code_of(VALUE_WIN, d + 1);
      count[q] = 0;
    } else if (--count[q] == 0)
      code[q] = code_of(VALUE_LOSS, d + 1);
  }
  return SOLVER_OK;
}

/* Retrograde analysis of the last layer: distance by distance, each
** resolved position resolves its predecessors. */
static int solve_last_layer(Solver *sv, uint8_t *code, uint32_t ply) {
  uint64_t size = sv->s->layer;
  uint8_t *count = memory_realloc(NULL, size);
  if (!count) {
    snprintf(sv->err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  int rc = mark_ends(sv, code, count, ply);
  for (int d = 0; rc == SOLVER_OK; d++) {
    uint8_t win = code_of(VALUE_WIN, d), loss = code_of(VALUE_LOSS, d);
    int found = 0;
    for (uint64_t r = 0; r < size && rc == SOLVER_OK; r++) {
      if (code[r] != win && code[r] != loss) continue;
      found = 1;
      if (d + 1 > SOLVER_MAX_DISTANCE) {
        snprintf(sv->err, BOARD_ERRMAX,
                 "a forced end lies more than %d plies away: beyond the "
                 "solver's table",
                 SOLVER_MAX_DISTANCE);
        rc = SOLVER_ERROR;
      } else if (!(rc = solver_poll(sv)))
        rc = resolve_predecessors(sv, code, count, r, ply, d);
    }
    if (!found) break;
  }
  memory_realloc(count, 0);
  return rc;
}

/* The code of p from its children's codes (one ply ahead, in next). */
static int code_from_children(Solver *sv, const Position *p,
                              const uint8_t *next, uint8_t *out) {
  Move moves[RULES_MAX_MOVES];
  int k = rules_moves(sv->r, p, moves), draw = 0, best_win = -1, worst = -1;
  if (k < 0) return SOLVER_EHOOK;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    uint8_t c = next[rank_position(&q)];
    int d = distance_of(c);
    if (value_of(c) == VALUE_LOSS) {
      if (best_win < 0 || d + 1 < best_win) best_win = d + 1;
    } else if (value_of(c) == VALUE_DRAW)
      draw = 1;
    else if (d + 1 > worst)
      worst = d + 1;
  }
  *out = best_win >= 0 ? code_of(VALUE_WIN, best_win)
         : draw        ? 0
                       : code_of(VALUE_LOSS, worst);
  return SOLVER_OK;
}

/* Solves an opening layer (ply) from the layer after it. */
static int solve_opening_layer(Solver *sv, uint8_t *code, const uint8_t *next,
                               uint32_t ply) {
  for (uint64_t r = 0; r < sv->s->layer; r++) {
    Position p;
    uint8_t c = 0;
    int moves, rc = solver_poll(sv);
    if (rc) return rc;
    rank_unrank(r, sv->s->n, ply, &p);
    int end = judge(sv->r, &p, &c, &moves);
    if (end < 0) return SOLVER_EHOOK;
    if (!end && (rc = code_from_children(sv, &p, next, &c))) return rc;
    code[r] = c;
  }
  return SOLVER_OK;
}

/* Checks that the table fits; sets the sizes. */
static int plan(Solution *s, const Rules *r, char *err) {
  memset(s, 0, sizeof *s);
  s->n = r->arms;
  s->opening = rules_opening_plies(r);
  if (s->n > RANK_MAX_ARMS) {
    snprintf(err, BOARD_ERRMAX, "%d arms are too many to solve", s->n);
    return SOLVER_ERROR;
  }
  s->layer = rank_layer(s->n);
  if (solver_states(s) > SOLVER_MAX_STATES || s->opening > 1000) {
    snprintf(err, BOARD_ERRMAX,
             "%d arms with %d opening plies make too many positions to "
             "solve",
             s->n, s->opening);
    return SOLVER_ERROR;
  }
  return SOLVER_OK;
}

int solver_solve(Solution *s, const Rules *r, const Cancel *c, char *err) {
  Solver sv = {s, r, c, 0, err};
  if (plan(s, r, err)) return SOLVER_ERROR;
  s->codes = memory_realloc(NULL, (size_t)solver_states(s));
  if (!s->codes) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  int k = s->opening;
  uint8_t *last = s->codes + (uint64_t)k * s->layer;
  int rc = solve_last_layer(&sv, last, (uint32_t)k);
  for (int ply = k - 1; ply >= 0 && rc == SOLVER_OK; ply--)
    rc = solve_opening_layer(&sv, s->codes + (uint64_t)ply * s->layer,
                             s->codes + (uint64_t)(ply + 1) * s->layer,
                             (uint32_t)ply);
  if (rc != SOLVER_OK) solver_free(s);
  return rc;
}

void solver_free(Solution *s) {
  memory_realloc(s->codes, 0);
  s->codes = NULL;
  if (s->sym) symsolver_free(s);
}

/* The index of p in the whole table. */
static uint64_t table_index(const Solution *s, const Position *p) {
  uint64_t layer =
      p->ply < (uint32_t)s->opening ? p->ply : (uint64_t)s->opening;
  return layer * s->layer + rank_position(p);
}

int solver_lookup(const Solution *s, const Position *p, int *distance) {
  if (s->sym) return symsolver_lookup(s, p, distance);
  uint8_t c = s->codes[table_index(s, p)];
  if (distance) *distance = distance_of(c);
  return value_of(c);
}

/* --- the census of reachable positions --- */

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

/* Counts p into the census and queues its children.  Returns a SOLVER_*
** code. */
static int census_visit(const Solution *s, const Rules *r, const Position *p,
                        Census *cs, Walk *w,
                        void (*on_trap)(void *, const Position *, int),
                        void *ud) {
  Move moves[RULES_MAX_MOVES];
  int d, value = solver_lookup(s, p, &d), losing = 0;
  cs->reachable++;
  cs->wins += value == VALUE_WIN;
  cs->losses += value == VALUE_LOSS;
  cs->draws += value == VALUE_DRAW;
  if (d > cs->longest) cs->longest = d;
  uint8_t c;
  int k, end = judge(r, p, &c, &k);
  if (end < 0) return SOLVER_EHOOK;
  if (end) return SOLVER_OK;
  if ((k = rules_moves(r, p, moves)) < 0) return SOLVER_EHOOK;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    if (q.ply > (uint32_t)s->opening) q.ply = (uint32_t)s->opening;
    losing += solver_lookup(s, &q, NULL) == VALUE_WIN;
    if (walk_push(w, table_index(s, &q))) return SOLVER_ERROR;
  }
  if (value == VALUE_DRAW && losing) {
    cs->traps++;
    if (on_trap) on_trap(ud, p, losing);
  }
  return SOLVER_OK;
}

int solver_census(const Solution *s, const Rules *r, const Position *start,
                  Census *census,
                  void (*on_trap)(void *ud, const Position *p, int losing),
                  void *ud, const Cancel *c, char *err) {
  Walk w = {0};
  Position p = *start;
  int rc = SOLVER_OK;
  memset(census, 0, sizeof *census);
  census->longest = -1;
  size_t words = (size_t)((solver_states(s) + 63) / 64);
  w.seen = memory_realloc(NULL, words * sizeof *w.seen);
  if (w.seen) memset(w.seen, 0, words * sizeof *w.seen);
  if (p.ply > (uint32_t)s->opening) p.ply = (uint32_t)s->opening;
  if (!w.seen || walk_push(&w, table_index(s, &p))) rc = SOLVER_ERROR;
  for (uint64_t steps = 0; rc == SOLVER_OK && w.head < w.tail; steps++) {
    uint64_t i = w.queue[w.head++];
    uint32_t layer = (uint32_t)(i / s->layer);
    rank_unrank(i % s->layer, s->n, layer, &p);
    rc = census_visit(s, r, &p, census, &w, on_trap, ud);
    if (rc == SOLVER_OK && (steps & POLL_MASK) == 0 && cancel_now(c))
      rc = SOLVER_CANCELLED;
  }
  if (rc == SOLVER_ERROR) snprintf(err, BOARD_ERRMAX, "not enough memory");
  memory_realloc(w.seen, 0);
  memory_realloc(w.queue, 0);
  return rc;
}

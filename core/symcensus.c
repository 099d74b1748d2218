/*
** symcensus.c — reachable positions of a symmetric solution, class by
** class.
*/
#include "symcensus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "pool.h"
#include "rank.h"
#include "symsolver.h"
#include "symtable.h"
#include "symwave.h"
#include "hot.h"

#define CHUNK 16384 /* entries a thread takes at a time (a multiple of 64) */
#define BATCH 64    /* children reached together */

typedef struct Walk {
  const Solution *s;
  const Rules *r;
  const SymTable *table;
  const SymRank *t;
  int n, hooked, threads;
  uint32_t ply;        /* the last layer's */
  uint64_t base;       /* the entry of the last layer's first */
  uint64_t entries;    /* of a layer */
  uint64_t *mask;      /* the reachable positions of each entry */
  uint64_t *open;      /* entries whose mask grew since they moved */
  uint64_t moved;      /* entries moved in the pass (atomic) */
  Census counts;       /* of the last layer (atomic adds) */
  uint64_t decisive;   /* its classes won or lost (atomic adds) */
  uint64_t settled;    /* those the replay has settled (atomic) */
  const Progress *progress;
  const char *phase;
} Walk;

/* --- the boards of entries --- */

/* The value of entry i of the last layer. */
static int entry_value(const Walk *w, uint64_t i) {
  const SymTable *t = w->table;
  return symtable_value(t, symtable_code(t, w->s->codes, w->base + i));
}

/* The board of entry i. */
static void entry_board(const Walk *w, uint64_t i, uint64_t *own,
                        uint64_t *enemy, int *centre) {
  const SymRank *t = w->t;
  symrank_board(t, i >= t->combos, symrank_entry_mask(t, i), own, enemy,
                centre);
}

/* The legal moves of a board of the last layer, hooks asked: none when the
** game has ended.  Returns how many, or RULES_EHOOK. */
static int walk_moves(const Walk *w, uint64_t own, uint64_t enemy, int centre,
                      Move *out) {
  Position p;
  int outcome;
  symrank_to_position(w->n, own, enemy, centre, w->ply, &p);
  int k = rules_judge(w->r, &p, NULL, out, &outcome);
  return k < 0 ? k : outcome ? 0 : k;
}

/* Where a move of a board leads: the child's entry, the turn of its board
** against the entry's, and the entry's period (n for an empty arm). */
typedef struct Child {
  uint64_t entry;
  int turn, period;
} Child;

static Child child_of(const Walk *w, uint64_t own, uint64_t enemy, int centre,
                      Move m) {
  Child c;
  const SymRank *t = w->t;
  if (m.from == BOARD_CENTRE) { /* the centre empties: the least rotation */
    uint64_t least = symrank_least(enemy, w->n, &c.turn);
    c.entry = t->combos + symrank_cycle_least(t, least);
    c.period = symrank_period(t, least);
    return c;
  }
  uint64_t moved = own & ~((uint64_t)1 << m.from);
  int after = centre;
  if (m.to == BOARD_CENTRE)
    after = CENTRE_OWN;
  else
    moved |= (uint64_t)1 << m.to;
  after = after == CENTRE_OWN ? CENTRE_ENEMY : CENTRE_OWN;
  c.entry = symrank_index(t, enemy, moved, after);
  c.turn = m.from; /* the child's empty arm */
  c.period = w->n;
  return c;
}

/* The child's mask of a mask: each position turned by turn, the side to
** move swapped, folded to the child's period. */
static uint64_t turn_mask(uint64_t mask, Child c, int n) {
  uint64_t full = board_full(n), half[2];
  for (int side = 0; side < 2; side++) {
    uint64_t h = symrank_rot_up(mask >> (side * n) & full, c.turn, n);
    if (c.period < n) {
      uint64_t folded = 0;
      for (int j = 0; j < n; j += c.period) folded |= h >> j;
      h = folded & board_full(c.period);
    }
    half[side] = h;
  }
  return half[1] | half[0] << n;
}

/* The position of bit b of entry i's mask. */
static Position entry_position(const Walk *w, uint64_t i, int b) {
  uint64_t own, enemy;
  int centre, side = b / w->n, turn = b % w->n;
  Position p;
  entry_board(w, i, &own, &enemy, &centre);
  own = symrank_rot_up(own, turn, w->n);
  enemy = symrank_rot_up(enemy, turn, w->n);
  symrank_to_position(w->n, own, enemy, centre, w->ply, &p);
  if (side == WHITE) { /* the board was seen from black */
    p.arms[BLACK] = enemy;
    p.arms[WHITE] = own;
    p.side = WHITE;
    if (p.centre != NOBODY) p.centre ^= 1;
  }
  return p;
}

/* Adds positions (a mask) to entry i; marks it open when they are new.
** Atomic when threads share the walk. */
static void reach(Walk *w, uint64_t i, uint64_t bits) {
  uint64_t old = w->threads > 1
                     ? __atomic_fetch_or(&w->mask[i], bits, __ATOMIC_SEQ_CST)
                     : w->mask[i];
  if ((old | bits) == old) return;
  if (w->threads > 1)
    __atomic_fetch_or(&w->open[i / 64], (uint64_t)1 << (i % 64),
                      __ATOMIC_SEQ_CST);
  else {
    w->mask[i] = old | bits;
    w->open[i / 64] |= (uint64_t)1 << (i % 64);
  }
}

/* Adds position p of the last layer. */
static void reach_position(Walk *w, const Position *p) {
  uint64_t own = p->arms[p->side], enemy = p->arms[p->side ^ 1];
  int turn, e = board_empty_point(p);
  uint64_t i;
  if (e == BOARD_CENTRE) {
    uint64_t least = symrank_least(own, w->n, &turn);
    i = w->t->combos + symrank_cycle_least(w->t, least);
  } else {
    turn = e;
    i = symrank_index(w->t, own, enemy, rules_centre_of(p));
  }
  reach(w, i, (uint64_t)1 << (p->side * w->n + turn));
}

/* --- the passes --- */

/* The children of moved entries waiting to be reached: their masks are
** prefetched as they come and reached a batch at a time, so that the cache
** misses overlap (the order does not change the walk). */
typedef struct Mover {
  Walk *w;
  SymCursor cursor; /* the last entry moved */
  int count;
  uint64_t entry[BATCH + RULES_MAX_MOVES], bits[BATCH + RULES_MAX_MOVES];
} Mover;

/* Reaches the waiting children. */
static void mover_flush(Mover *mv) {
  for (int j = 0; j < mv->count; j++) reach(mv->w, mv->entry[j], mv->bits[j]);
  mv->count = 0;
}

/* The board of entry i, stepping on from the last one when it is near. */
static void mover_board(Mover *mv, uint64_t i, uint64_t *own, uint64_t *enemy,
                        int *centre) {
  const SymRank *t = mv->w->t;
  symrank_board(t, i >= t->combos, symrank_cursor(t, &mv->cursor, i), own,
                enemy, centre);
}

/* Moves every position of open entry i. */
static int move_entry(Mover *mv, uint64_t i) {
  Walk *w = mv->w;
  Move moves[RULES_MAX_MOVES];
  uint64_t own, enemy;
  int centre;
  __atomic_fetch_and(&w->open[i / 64], ~((uint64_t)1 << (i % 64)),
                     __ATOMIC_SEQ_CST);
  uint64_t mask = __atomic_load_n(&w->mask[i], __ATOMIC_SEQ_CST);
  mover_board(mv, i, &own, &enemy, &centre);
  int k = walk_moves(w, own, enemy, centre, moves);
  if (k < 0) return SOLVER_EHOOK;
  for (int j = 0; j < k; j++) {
    Child c = child_of(w, own, enemy, centre, moves[j]);
    __builtin_prefetch(&w->mask[c.entry], 1);
    mv->entry[mv->count] = c.entry;
    mv->bits[mv->count++] = turn_mask(mask, c, w->n);
  }
  if (mv->count >= BATCH) mover_flush(mv);
  return SOLVER_OK;
}

/* Pass: the open entries move. */
HOT_CLONES static int move_chunk(void *ud, uint64_t from, uint64_t to) {
  Walk *w = ud;
  uint64_t moved = 0;
  int rc = SOLVER_OK;
  Mover mv;
  mv.w = w;
  mv.cursor = (SymCursor)SYMCURSOR_START;
  mv.count = 0;
  for (uint64_t word = from / 64; word * 64 < to && !rc; word++) {
    uint64_t bits = __atomic_load_n(&w->open[word], __ATOMIC_SEQ_CST);
    for (; bits && !rc; bits &= bits - 1, moved++)
      rc = move_entry(&mv, word * 64 + (uint64_t)__builtin_ctzll(bits));
  }
  mover_flush(&mv);
  __atomic_fetch_add(&w->moved, moved, __ATOMIC_RELAXED);
  return rc;
}

/* The number of moves of a board that lose (their child is won by its
** mover), or RULES_EHOOK. */
static int losing_moves(const Walk *w, uint64_t own, uint64_t enemy,
                        int centre) {
  Move moves[RULES_MAX_MOVES];
  int k = walk_moves(w, own, enemy, centre, moves), losing = 0;
  for (int j = 0; j < k; j++) {
    uint64_t child = symrank_child(w->t, own, enemy, centre, moves[j]);
    losing += entry_value(w, child) == VALUE_WIN;
  }
  return k < 0 ? k : losing;
}

/* The atomic max of *at and x. */
static void atomic_max(int *at, int x) {
  int old = __atomic_load_n(at, __ATOMIC_RELAXED);
  while (x > old && !__atomic_compare_exchange_n(at, &old, x, 1,
                                                 __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED))
    continue;
}

/* Adds a count to a census: n positions of a value and distance, traps
** among them or not. */
static void census_add(Census *c, uint64_t n, int value, int d, int trap) {
  c->reachable += n;
  c->wins += value == VALUE_WIN ? n : 0;
  c->losses += value == VALUE_LOSS ? n : 0;
  c->draws += value == VALUE_DRAW ? n : 0;
  c->traps += trap ? n : 0;
  if (d > c->longest) c->longest = d;
}

/* Pass: counts the reachable positions of the last layer (the longest
** distance among them from a byte table; a values table's is replayed). */
HOT_CLONES static int count_chunk(void *ud, uint64_t from, uint64_t to) {
  Walk *w = ud;
  Census local = {0, 0, 0, 0, 0, -1};
  uint64_t decisive = 0;
  for (uint64_t i = from; i < to; i++) {
    uint64_t mask = w->mask[i];
    if (!mask) continue;
    const SymTable *t = w->table;
    unsigned code = symtable_code(t, w->s->codes, w->base + i);
    int value = symtable_value(t, code), trap = 0;
    int d = t->bits == 8 ? symtable_distance(code) : -1;
    decisive += value != VALUE_DRAW;
    if (value == VALUE_DRAW) {
      uint64_t own, enemy;
      int centre;
      entry_board(w, i, &own, &enemy, &centre);
      if ((trap = losing_moves(w, own, enemy, centre)) < 0) return SOLVER_EHOOK;
    }
    census_add(&local, (uint64_t)__builtin_popcountll(mask), value, d, trap);
  }
  Census *c = &w->counts;
  __atomic_fetch_add(&w->decisive, decisive, __ATOMIC_RELAXED);
  __atomic_fetch_add(&c->reachable, local.reachable, __ATOMIC_RELAXED);
  __atomic_fetch_add(&c->wins, local.wins, __ATOMIC_RELAXED);
  __atomic_fetch_add(&c->losses, local.losses, __ATOMIC_RELAXED);
  __atomic_fetch_add(&c->draws, local.draws, __ATOMIC_RELAXED);
  __atomic_fetch_add(&c->traps, local.traps, __ATOMIC_RELAXED);
  atomic_max(&c->longest, local.longest);
  return SOLVER_OK;
}

/* The replay's watch: a reachable class settled at distance d. */
static void replay_settled(void *ctx, uint64_t i, int d) {
  Walk *w = ctx;
  if (!w->mask[i]) return;
  __atomic_fetch_add(&w->settled, 1, __ATOMIC_RELAXED);
  atomic_max(&w->counts.longest, d);
}

/* The replay may stop once every won or lost reachable class settled. */
static int replay_enough(void *ctx, int d) {
  Walk *w = ctx;
  (void)d;
  return __atomic_load_n(&w->settled, __ATOMIC_RELAXED) == w->decisive;
}

/* Tells the progress callback. */
static void walk_tick(void *ud, uint64_t done) {
  Walk *w = ud;
  progress_report(w->progress, w->phase, done, w->entries);
}

/* Tells on_trap of the first trap classes of the last layer, in entry
** order.  Returns a SOLVER_* code. */
static int tell_traps(Walk *w,
                      void (*on_trap)(void *ud, const Position *p,
                                      const History *h, int losing),
                      void *ud, const Cancel *c) {
  int told = 0;
  for (uint64_t i = 0; i < w->entries && told < SYMCENSUS_EXAMPLES; i++) {
    if (!w->mask[i] || entry_value(w, i) != VALUE_DRAW) continue;
    if ((i & 0xffff) == 0 && cancel_now(c)) return SOLVER_CANCELLED;
    uint64_t own, enemy;
    int centre;
    entry_board(w, i, &own, &enemy, &centre);
    int losing = losing_moves(w, own, enemy, centre);
    if (losing < 0) return SOLVER_EHOOK;
    if (!losing) continue;
    Position p = entry_position(w, i, __builtin_ctzll(w->mask[i]));
    on_trap(ud, &p, NULL, losing);
    told++;
  }
  return SOLVER_OK;
}

/* --- the opening plies, position by position --- */

static int by_number(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Counts position p of an opening ply into c and adds its children: to
** next (plain ranks, *count of them) or, at the last opening ply, to the
** last layer.  Returns a SOLVER_* code. */
static int visit_opening(
    Walk *w, const Position *p, Census *c, uint64_t *next, uint64_t *count,
    void (*on_trap)(void *, const Position *, const History *, int), void *ud) {
  Move moves[RULES_MAX_MOVES];
  int d, value = solver_lookup(w->s, p, NULL, &d), losing = 0, outcome;
  int k = rules_judge(w->r, p, NULL, moves, &outcome);
  if (k < 0) return SOLVER_EHOOK;
  if (outcome) k = 0;
  for (int j = 0; j < k; j++) {
    Position q = *p;
    board_play(&q, moves[j]);
    losing += solver_lookup(w->s, &q, NULL, NULL) == VALUE_WIN;
    if (q.ply >= w->ply) {
      q.ply = w->ply;
      reach_position(w, &q);
    } else
      next[(*count)++] = rank_position(&q);
  }
  census_add(c, 1, value, d, value == VALUE_DRAW && losing);
  if (value == VALUE_DRAW && losing && on_trap) on_trap(ud, p, NULL, losing);
  return SOLVER_OK;
}

/* Walks the opening plies from start (ply below the last layer's),
** counting into c and adding to the last layer what they lead to.
** Returns a SOLVER_* code. */
static int walk_opening(Walk *w, const Position *start, Census *c,
                        void (*on_trap)(void *, const Position *,
                                        const History *, int),
                        void *ud, const Cancel *cancel, char *err) {
  uint64_t *ply = memory_realloc(NULL, sizeof *ply), count = 1;
  int rc = SOLVER_OK;
  if (!ply) goto no_memory;
  ply[0] = rank_position(start);
  for (uint32_t at = start->ply; at < w->ply && rc == SOLVER_OK; at++) {
    uint64_t *next = memory_realloc(
        NULL, (size_t)(count * RULES_MAX_MOVES + 1) * sizeof *next);
    uint64_t kept = 0;
    if (!next) {
      memory_realloc(ply, 0);
      goto no_memory;
    }
    for (uint64_t j = 0; j < count && rc == SOLVER_OK; j++) {
      Position p;
      rank_unrank(ply[j], w->n, at, &p);
      rc = visit_opening(w, &p, c, next, &kept, on_trap, ud);
      if ((j & 0xfff) == 0 && cancel_now(cancel)) rc = SOLVER_CANCELLED;
    }
    qsort(next, (size_t)kept, sizeof *next, by_number);
    count = 0;
    for (uint64_t j = 0; j < kept; j++)
      if (count == 0 || next[j] != next[count - 1]) next[count++] = next[j];
    memory_realloc(ply, 0);
    ply = next;
  }
  memory_realloc(ply, 0);
  return rc;
no_memory:
  snprintf(err, BOARD_ERRMAX, "not enough memory for the census");
  return SOLVER_ERROR;
}

/* --- the census --- */

uint64_t symcensus_bytes(int n) {
  uint64_t entries = symrank_entries(n);
  return entries * sizeof(uint64_t) + (entries + 63) / 64 * sizeof(uint64_t) +
         wave_bytes(entries); /* the replay's working table */
}

/* The longest distance among the reachable classes of a values table: the
** last layer solved again, up to the wave that settles the last of them.
** Returns a SOLVER_* code. */
static int replay_longest(Walk *w, const Cancel *c, char *err) {
  if (w->table->bits != 2 || w->decisive == 0) return SOLVER_OK;
  SymWatch watch = {replay_settled, replay_enough, w, NULL};
  return symsolver_replay(w->r, w->threads, &watch, c, w->progress, err);
}

/* Walks the last layer to the end and counts it.  Returns a SOLVER_*
** code. */
static int walk_last_layer(Walk *w, Pool *pool, const Cancel *c, char *err) {
  int rc = SOLVER_OK;
  w->phase = "census: reach";
  do {
    w->moved = 0;
    rc = pool_run(pool, move_chunk, w, w->entries, CHUNK, c, SOLVER_CANCELLED,
                  walk_tick);
  } while (rc == SOLVER_OK && w->moved > 0);
  w->phase = "census: count";
  if (rc == SOLVER_OK)
    rc = pool_run(pool, count_chunk, w, w->entries, CHUNK, c, SOLVER_CANCELLED,
                  walk_tick);
  if (rc == SOLVER_OK) rc = replay_longest(w, c, err);
  return rc;
}

int symcensus_run(const Solution *s, const Rules *r, const Position *start,
                  Census *census,
                  void (*on_trap)(void *ud, const Position *p, const History *h,
                                  int losing),
                  void *ud, int threads, const Cancel *c,
                  const Progress *progress, char *err) {
  char need_text[16], room_text[16];
  Walk w;
  memset(&w, 0, sizeof w);
  memset(census, 0, sizeof *census);
  census->longest = w.counts.longest = -1;
  if (s->n > SYMCENSUS_MAX_ARMS) {
    snprintf(err, BOARD_ERRMAX, "a census goes up to %d arms",
             SYMCENSUS_MAX_ARMS);
    return SOLVER_ERROR;
  }
  uint64_t need = symcensus_bytes(s->n);
  if (need > memory_room()) {
    snprintf(err, BOARD_ERRMAX,
             "not enough memory for the census: %d arms take %s, and only %s "
             "is left",
             s->n, memory_format((size_t)need, need_text),
             memory_format(memory_room(), room_text));
    return SOLVER_ERROR;
  }
  w.s = s;
  w.r = r;
  w.table = s->sym;
  w.t = &s->sym->rank;
  w.n = s->n;
  w.hooked = rules_hooked(r);
  w.ply = (uint32_t)s->opening;
  w.entries = symrank_layer(w.t);
  w.base = (uint64_t)(s->sym->layers - 1) * w.entries;
  w.progress = progress;
  size_t words = (size_t)(w.entries + 63) / 64;
  w.mask = memory_realloc(NULL, (size_t)w.entries * sizeof *w.mask);
  w.open = memory_realloc(NULL, words * sizeof *w.open);
  w.threads = w.hooked || threads < 1 ? 1 : threads;
  Pool *pool = w.mask && w.open ? pool_new(w.threads) : NULL;
  int rc = SOLVER_OK;
  if (!pool) {
    snprintf(err, BOARD_ERRMAX, "not enough memory for the census");
    rc = SOLVER_ERROR;
  } else {
    memset(w.mask, 0, (size_t)w.entries * sizeof *w.mask);
    memset(w.open, 0, words * sizeof *w.open);
    Position p = *start;
    if (p.ply >= w.ply) {
      p.ply = w.ply;
      reach_position(&w, &p);
    } else
      rc = walk_opening(&w, &p, census, on_trap, ud, c, err);
    if (rc == SOLVER_OK) rc = walk_last_layer(&w, pool, c, err);
    if (rc == SOLVER_OK && on_trap) rc = tell_traps(&w, on_trap, ud, c);
  }
  if (rc == SOLVER_OK) {
    Census *l = &w.counts;
    census->reachable += l->reachable;
    census->wins += l->wins;
    census->losses += l->losses;
    census->draws += l->draws;
    census->traps += l->traps;
    if (l->longest > census->longest) census->longest = l->longest;
  }
  pool_free(pool);
  memory_realloc(w.mask, 0);
  memory_realloc(w.open, 0);
  return rc;
}

/*
** tiersolver.c — retrograde analysis, tier by tier.
*/
#define _POSIX_C_SOURCE 200809L
#include "tiersolver.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "memory.h"
#include "pool.h"
#include "tiercensus.h"
#include "tiermirror.h"
#include "tiermoves.h"
#include "tierschedule.h"

#define POLL_MASK 0xfff /* look at the Cancel every this many + 1 steps */
#define OPEN_CANNOT_LOSE 255 /* a count: the state has a move that does not
                             ** lose, to another tier (won or drawn there) */
#define MOST_STAYING 254     /* the most moves a state's count holds */
#define LEVELS (SOLVER_MAX_DISTANCE + 1) /* the distances a code holds */
#define POOL_BYTES 4096 /* a pool of threads takes less */
#define PIPELINE 8 /* states expanded ahead of their codes */
#define BLOCK 64 /* states a mark stands for, with one side to move: a
                 ** block's codes are looked at for a distance when a code
                 ** of that distance was given in it */

static const SolutionMethods methods = {tiers_lookup, tiers_release,
                                        tiers_states, tiercensus_run};

int tiersolver_plan(Solution *s, const Rules *r, char *err) {
  TierMoves m;
  if (tiers_plan(s, r, &methods, err)) return SOLVER_ERROR;
  int moves = tiermoves_init(&m, r, s->tiers) ? -1 : tiermoves_staying(&m);
  tiermoves_free(&m);
  if (moves >= 0 && moves <= MOST_STAYING) return SOLVER_OK;
  if (moves < 0)
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
  else
    snprintf(err, BOARD_ERRMAX,
             "no table: a state may have up to %d moves that keep its "
             "pieces, more than the solver counts (%d); solve the states "
             "play reaches (kind \"reachable\")",
             moves, MOST_STAYING);
  solver_free(s);
  return SOLVER_ERROR;
}

/* The blocks of a tier of half states with each side to move. */
static uint64_t half_blocks(uint64_t half) {
  return (half + BLOCK - 1) / BLOCK;
}

/* The words of a distance's marks of a tier of size states. */
static uint64_t mark_words(uint64_t size) {
  return (2 * half_blocks(size / 2) + 63) / 64;
}

uint64_t tiersolver_bytes(const Solution *s, const Rules *r, int threads) {
  const TierTable *t = s->tiers;
  uint64_t work = t->largest + LEVELS * mark_words(t->largest) * 8 +
                  sizeof(int);
  return t->codes + (uint64_t)threads * work +
         tierschedule_bytes(t->count, threads) +
         tiermoves_bytes(r, t) + POOL_BYTES;
}

/* --- one solve, shared by the threads --- */

typedef struct Work {
  Solution *s;
  const TierTable *t;
  TierMoves moves;
  TierMirror mirror;
  const TierMirror *mirrored; /* &mirror when the board has one, or NULL */
  const Cancel *cancel;
  const Progress *progress;
  pthread_t caller;    /* the thread that may poll and report */
  int stop;            /* atomic: a thread failed or Cancel asked */
  uint64_t done;       /* atomic: the states of the tiers solved */
  uint8_t *counts;     /* threads slots of t->largest bytes */
  uint64_t *marks;     /* and of LEVELS * words marks */
  uint64_t words;      /* the words of a distance's marks */
  int threads;
  int failed;          /* atomic: 1 once err holds the first failure */
  char *err;
  TierSchedule schedule; /* the tiers kept, each once those below it are */
} Work;

/* Records a failure with its message (the first one's kept); returns rc. */
static int fail(Work *w, int rc, const char *message) {
  int none = 0;
  if (rc == SOLVER_ERROR &&
      __atomic_compare_exchange_n(&w->failed, &none, 1, 0, __ATOMIC_ACQ_REL,
                                  __ATOMIC_RELAXED))
    snprintf(w->err, BOARD_ERRMAX, "%s", message);
  __atomic_store_n(&w->stop, 1, __ATOMIC_RELEASE);
  return rc;
}

/* SOLVER_CANCELLED when the solve is to stop: on the caller's thread, the
** Cancel is polled and progress reported. */
static int poll_work(Work *w) {
  if (pthread_equal(pthread_self(), w->caller)) {
    if (cancel_now(w->cancel)) __atomic_store_n(&w->stop, 1, __ATOMIC_RELEASE);
    progress_report(w->progress, "solving tiers",
                    __atomic_load_n(&w->done, __ATOMIC_RELAXED),
                    w->t->codes);
  }
  return __atomic_load_n(&w->stop, __ATOMIC_ACQUIRE) ? SOLVER_CANCELLED
                                                     : SOLVER_OK;
}

/* --- one tier --- */

typedef struct TierRun {
  Work *w;
  int k;           /* the tier */
  const Tier *tier;
  uint8_t *code;   /* its codes */
  uint8_t *count;  /* its counts */
  uint64_t *marks; /* marks[d * words + b / 64] bit b % 64: a code of
                   ** distance d was given in block b */
  uint64_t words;
  uint64_t blocks; /* the blocks of each side to move: block b holds
                   ** states of side b / blocks, none of the other, so
                   ** that none of a block's states has a move to another
                   ** of them (a move passes the turn) */
  int horizon;     /* the farthest distance given so far */
  uint64_t steps;
  TierExpansion *ring; /* the last PIPELINE states expanded */
  /* With a mirror, one state of each pair of images stands for both
  ** (standing: solved; the other copies its code at the end), and counts
  ** are in half moves (unit 2): see resolve_before. */
  const TierMirror *mirror;
  int unit;
} TierRun;

/* The states of a tier in index order, stepped through. */
typedef struct Walk {
  const Tier *tier;
  uint64_t full, i, black, white, packed, br, wr;
  int side;
} Walk;

/* The next set of as many points in rank.h's order (Gosper's step; not
** for the last set). */
static uint64_t next_set(uint64_t set) {
  uint64_t low = set & -set, up = set + low;
  return up | (((set ^ up) >> 2) / low);
}

/* The first set of k points. */
static uint64_t first_set(int k) {
  return k ? ~(uint64_t)0 >> (64 - k) : 0;
}

/* Starts a walk at the first state of tier on a board of points full. */
static void walk_start(Walk *x, const Tier *tier, uint64_t full) {
  x->tier = tier;
  x->full = full;
  x->i = x->br = x->wr = 0;
  x->side = 0;
  x->black = first_set(tier->on[BLACK]);
  x->packed = first_set(tier->on[WHITE]);
  x->white = tiers_spread(x->packed, full & ~x->black);
}

/* Steps to the next state.  Returns 0 past the last. */
static int walk_next(Walk *x) {
  const Tier *tier = x->tier;
  x->i++;
  if (++x->wr < tier->rest)
    x->packed = next_set(x->packed);
  else {
    x->wr = 0;
    x->packed = first_set(tier->on[WHITE]);
    if (++x->br < tier->sets)
      x->black = next_set(x->black);
    else {
      x->br = 0;
      x->black = first_set(tier->on[BLACK]);
      if (++x->side == 2) return 0;
    }
  }
  x->white = tiers_spread(x->packed, x->full & ~x->black);
  return 1;
}

/* 1 when the state with the black and white points stands for itself
** and its mirror image (the images of its points into *mb and *mw): its
** points come first, black's then white's, as numbers. */
static int standing(const TierRun *run, uint64_t black, uint64_t white,
                    uint64_t *mb, uint64_t *mw) {
  *mb = tiermirror_set(run->mirror, black);
  *mw = tiermirror_set(run->mirror, white);
  return black < *mb || (black == *mb && white <= *mw);
}

/* The distance of a code (-1 for a draw). */
static int distance_of(uint8_t code) {
  return code ? (code - 1) / 2 : -1;
}

/* 1 when a code is a loss. */
static int is_loss(uint8_t code) {
  return code && ((code - 1) & 1);
}

/* Notes that state i was given a code at distance d.  Returns SOLVER_OK,
** or SOLVER_ERROR past the farthest distance a code holds. */
static int reach_distance(TierRun *run, uint64_t i, int d) {
  if (d > SOLVER_MAX_DISTANCE) {
    char message[BOARD_ERRMAX];
    snprintf(message, sizeof message,
             "a forced end lies more than %d plies away: beyond the "
             "solver's table",
             SOLVER_MAX_DISTANCE);
    return fail(run->w, SOLVER_ERROR, message);
  }
  if (d > run->horizon) run->horizon = d;
  uint64_t side = i >= run->tier->half;
  uint64_t block = side * run->blocks + (i - side * run->tier->half) / BLOCK;
  run->marks[(uint64_t)d * run->words + block / 64] |= (uint64_t)1
                                                       << (block % 64);
  return SOLVER_OK;
}

/* Sets the code and count of state i from its expansion: the values of
** the states its moves to other tiers reach, and its moves that stay. */
static int start_state(TierRun *run, uint64_t i, const TierExpansion *x) {
  const uint8_t *codes = run->w->s->codes;
  if (x->leave < 0) { /* its mirror image stands for it */
    run->code[i] = run->count[i] = 0;
    return SOLVER_OK;
  }
  if (x->end) {
    run->code[i] = x->code;
    run->count[i] = 0;
    return reach_distance(run, i, 0);
  }
  int win = -1, lose = 0, draw = 0;
  for (int j = 0; j < x->leave; j++) {
    uint8_t c = codes[x->child[j]];
    int d = distance_of(c) + 1;
    if (!c)
      draw = 1;
    else if (is_loss(c)) /* lost for the side to move there */
      win = win < 0 || d < win ? d : win;
    else if (d > lose)
      lose = d;
  }
  if (x->stay * run->unit > MOST_STAYING)
    return fail(run->w, SOLVER_ERROR,
                "a state has more moves than the solver's counts hold");
  uint8_t code = win >= 0 ? tiers_code(VALUE_WIN, win)
                 : draw || !lose ? 0
                                 : tiers_code(VALUE_LOSS, lose);
  run->code[i] = code;
  run->count[i] = x->stay == 0                ? 0
                  : win >= 0 || draw          ? OPEN_CANNOT_LOSE
                                              : (uint8_t)(x->stay * run->unit);
  return code ? reach_distance(run, i, distance_of(code)) : SOLVER_OK;
}

/* Sets every state of the tier going, in index order: each expanded
** PIPELINE states before its code is set, the codes of the states its
** moves to other tiers reach fetched meanwhile; with a mirror, a state
** that does not stand for its pair (standing) is left to its image. */
static int start_tier(TierRun *run) {
  Work *w = run->w;
  TierExpansion *ring = run->ring;
  Walk x;
  int rc = SOLVER_OK;
  walk_start(&x, run->tier, ~(uint64_t)0 >> (64 - w->t->points));
  do {
    TierExpansion *e = &ring[x.i % PIPELINE];
    if (x.i >= PIPELINE &&
        (rc = start_state(run, x.i - PIPELINE, e)) != SOLVER_OK)
      return rc;
    uint64_t mb, mw;
    if (run->mirror && !standing(run, x.black, x.white, &mb, &mw)) {
      e->leave = -1;
      continue;
    }
    if (tiermoves_expand(&w->moves, run->k, x.black, x.white, x.side,
                         TIERMOVES_COUNT, e))
      return fail(w, SOLVER_ERROR, "a move leads out of the table's tiers");
    for (int j = 0; j < e->leave; j++)
      __builtin_prefetch(w->s->codes + e->child[j]);
    if ((x.i & POLL_MASK) == 0 && (rc = poll_work(w)) != SOLVER_OK) return rc;
  } while (walk_next(&x));
  for (uint64_t j = x.i > PIPELINE ? x.i - PIPELINE : 0; j < x.i && !rc; j++)
    rc = start_state(run, j, &ring[j % PIPELINE]);
  return rc;
}

/* Gives each state whose mirror image stood for it the image's code. */
static int copy_images(TierRun *run) {
  Walk x;
  int rc = SOLVER_OK;
  walk_start(&x, run->tier, ~(uint64_t)0 >> (64 - run->w->t->points));
  do {
    uint64_t mb, mw;
    if (!standing(run, x.black, x.white, &mb, &mw))
      run->code[x.i] = run->code[tiers_rank(run->w->t, run->tier, mb, mw,
                                            x.side)];
    if ((x.i & POLL_MASK) == 0) rc = poll_work(run->w);
  } while (rc == SOLVER_OK && walk_next(&x));
  return rc;
}

/* The number of the state standing for the state before move b of the
** state with the black and white points and side to move (itself, or
** with a mirror the one of it and its image that stands for both), and in
** *alone whether it is its own image. */
static uint64_t before_standing(const TierRun *run, uint64_t black,
                                uint64_t white, int side, const TierBefore *b,
                                int *alone) {
  uint64_t mb, mw;
  *alone = 1;
  if (!run->mirror) return b->index;
  if (b->from != TIERMOVES_PASS) {
    uint64_t moved = (uint64_t)1 << b->to | (uint64_t)1 << b->from;
    if (side == BLACK) /* white moved */
      white ^= moved;
    else
      black ^= moved;
  }
  int stands = standing(run, black, white, &mb, &mw);
  *alone = black == mb && white == mw;
  return stands ? b->index : tiers_rank(run->w->t, run->tier, mb, mw, side ^ 1);
}

/* Resolves the states of the tier with a move to state i, resolved at
** distance d: a loss makes them won, a win takes a move from each.  With
** a mirror, the state i stands for its pair O, and a state q before it
** for its pair Q, counted in half moves: the moves from q to O are
** |O| / |Q| for each state of Q with a move to i, so each such state
** takes 2 |O| / |Q| half moves (1, 2 or 4) from q's count. */
static int resolve_before(TierRun *run, uint64_t i, int d) {
  Work *w = run->w;
  TierBefore before[TIERMOVES_MAX_BEFORE];
  uint64_t black, white, at[TIERMOVES_MAX_BEFORE];
  int side, lost = is_loss(run->code[i]), alone[TIERMOVES_MAX_BEFORE];
  tiers_unrank(w->t, run->tier, i, &black, &white, &side);
  uint64_t mb, mw;
  int pair = run->mirror && (standing(run, black, white, &mb, &mw),
                             mb != black || mw != white)
                 ? 2
                 : 1;
  int n = tiermoves_before(&w->moves, run->k, black, white, side, before);
  for (int j = 0; j < n; j++) { /* their counts and codes fetched at once */
    at[j] = before_standing(run, black, white, side, &before[j], &alone[j]);
    __builtin_prefetch(run->count + at[j], 1);
    __builtin_prefetch(run->code + at[j], 1);
  }
  for (int j = 0; j < n; j++) {
    uint64_t q = at[j];
    uint8_t count = run->count[q], code = run->code[q];
    if (!count) continue; /* resolved, or an end */
    if (count == OPEN_CANNOT_LOSE && !lost) continue;
    if (before[j].ask &&
        !tiermoves_legal(&w->moves, run->k, black, white, side, &before[j]))
      continue;
    int rc = SOLVER_OK, take = run->unit == 1 ? 1 : pair * (alone[j] ? 2 : 1);
    if (lost) { /* q wins at d + 1 (a win by another tier is not sooner:
                ** those at d are closed) */
      run->code[q] = tiers_code(VALUE_WIN, d + 1);
      run->count[q] = 0;
      rc = reach_distance(run, q, d + 1);
    } else if (count < take) {
      rc = fail(w, SOLVER_ERROR, "a state's count of moves went below 0");
    } else if ((run->count[q] = (uint8_t)(count - take)) == 0) {
      int floor = code ? distance_of(code) : 0; /* other tiers' wins */
      int e = floor > d + 1 ? floor : d + 1;     /* every move loses */
      run->code[q] = tiers_code(VALUE_LOSS, e);
      rc = reach_distance(run, q, e);
    }
    if (rc) return rc;
  }
  return SOLVER_OK;
}

/* The first state of block b. */
static uint64_t block_first(const TierRun *run, uint64_t b) {
  uint64_t side = b / run->blocks;
  return side * run->tier->half + b % run->blocks * BLOCK;
}

/* The bytes of x equal to b: the high bit of each set, the rest clear. */
static uint64_t equal_bytes(uint64_t x, uint8_t b) {
  uint64_t t = x ^ (0x0101010101010101u * b), low7 = 0x7f7f7f7f7f7f7f7fu;
  return ~(((t & low7) + low7) | t | low7);
}

/* The states of block b whose code is win or loss, as a mask of the
** block's 64 from its first. */
static uint64_t block_states(const TierRun *run, uint64_t b, uint8_t win,
                             uint8_t loss) {
  uint64_t side = b / run->blocks, half = run->tier->half;
  uint64_t from = block_first(run, b), to = from + BLOCK, found = 0;
  if (to > (side + 1) * half) to = (side + 1) * half;
  for (uint64_t at = from; at < to; at += 8) {
    uint64_t x = 0;
    memcpy(&x, run->code + at, to - at < 8 ? to - at : 8);
    uint64_t hit = equal_bytes(x, win) | equal_bytes(x, loss);
    found |= tiers_pack(hit, 0x8080808080808080u) << (at - from);
  }
  return to - from < 64 ? found & (((uint64_t)1 << (to - from)) - 1) : found;
}

/* Closes the states won at distance d by a move to another tier (still
** open, not to lose), in the blocks marked at d. */
static void close_wins(TierRun *run, const uint64_t *marks, int d) {
  uint8_t win = tiers_code(VALUE_WIN, d);
  for (uint64_t j = 0; j < run->words; j++)
    for (uint64_t m = marks[j]; m; m &= m - 1) {
      uint64_t b = j * 64 + (uint64_t)__builtin_ctzll(m);
      for (uint64_t s = block_states(run, b, win, win); s; s &= s - 1) {
        uint64_t i = block_first(run, b) + (uint64_t)__builtin_ctzll(s);
        if (run->count[i] == OPEN_CANNOT_LOSE) run->count[i] = 0;
      }
    }
}

/* Retrograde analysis of the tier, distance by distance, in the blocks
** marked at each: the wins by other tiers closed first, then every
** closed state resolves its predecessors; what is left open is drawn. */
static int analyse_tier(TierRun *run) {
  uint64_t size = run->tier->size;
  int rc = SOLVER_OK;
  for (int d = 0; d <= run->horizon && rc == SOLVER_OK; d++) {
    uint8_t win = tiers_code(VALUE_WIN, d), loss = tiers_code(VALUE_LOSS, d);
    uint64_t *marks = run->marks + (uint64_t)d * run->words;
    close_wins(run, marks, d);
    for (uint64_t j = 0; j < run->words && rc == SOLVER_OK; j++)
      for (; marks[j] && rc == SOLVER_OK; marks[j] &= marks[j] - 1) {
        uint64_t b = j * 64 + (uint64_t)__builtin_ctzll(marks[j]);
        for (uint64_t s = block_states(run, b, win, loss);
             s && rc == SOLVER_OK; s &= s - 1) {
          uint64_t i = block_first(run, b) + (uint64_t)__builtin_ctzll(s);
          if (run->count[i]) continue; /* open: a loss's floor */
          rc = resolve_before(run, i, d);
          if (rc == SOLVER_OK && (++run->steps & POLL_MASK) == 0)
            rc = poll_work(run->w);
        }
      }
  }
  for (uint64_t i = 0; i < size && rc == SOLVER_OK; i++)
    if (run->count[i]) run->code[i] = 0;
  return rc;
}

/* Solves tier k with the counts and marks of a slot. */
static int solve_tier(Work *w, int k, uint8_t *count, uint64_t *marks) {
  const Tier *tier = &w->t->tier[k];
  uint64_t words = mark_words(tier->size);
  TierExpansion ring[PIPELINE];
  TierRun run = {w,     k, tier, w->s->codes + tier->code, count, marks,
                 words, half_blocks(tier->half), 0, 0, ring, w->mirrored,
                 w->mirrored ? 2 : 1};
  memset(marks, 0, (size_t)(LEVELS * words) * sizeof *marks);
  int rc = start_tier(&run);
  if (rc == SOLVER_OK) rc = analyse_tier(&run);
  if (rc == SOLVER_OK && run.mirror) rc = copy_images(&run);
  if (rc == SOLVER_OK)
    __atomic_add_fetch(&w->done, run.tier->size, __ATOMIC_RELAXED);
  return rc;
}

/* The schedule's poll: SOLVER_CANCELLED when the solve is to stop. */
static int poll_schedule(void *ud) { return poll_work(ud); }

/* The schedule's work: tier k solved with the counts and marks of slot. */
static int solve_in_slot(void *ud, int k, int slot) {
  Work *w = ud;
  return solve_tier(w, k, w->counts + (size_t)slot * w->t->largest,
                    w->marks + (size_t)slot * LEVELS * w->words);
}

/* The pool's chunk: as many tiers as it numbers, each the largest ready. */
static int solve_chunk(void *ud, uint64_t from, uint64_t to) {
  Work *w = ud;
  return tierschedule_run(&w->schedule, from, to, solve_in_slot,
                          poll_schedule, w);
}

/* The pool's tick: the progress of the solve. */
static void solve_tick(void *ud, uint64_t done) {
  Work *w = ud;
  (void)done;
  progress_report(w->progress, "solving tiers",
                  __atomic_load_n(&w->done, __ATOMIC_RELAXED), w->t->codes);
}

/* Whether tier k waits for tier c: both kept, and c or its image lies
** below k; a tier not kept is never taken (its image's codes stand for
** its own). */
static int waits_below(const TierTable *t, int k, int c) {
  if (k == c) return !t->tier[k].kept;
  int image = t->tier[c].image;
  return t->tier[k].kept && t->tier[c].kept &&
         (tiers_below(t, c, k) || (image != c && tiers_below(t, image, k)));
}

/* Solves the tiers kept, each once those below it are.  Returns a SOLVER_*
** code. */
static int solve_tiers(Work *w, Pool *pool) {
  int rc = pool_run(pool, solve_chunk, w, (uint64_t)w->schedule.tiers, 1,
                    w->cancel,
                    SOLVER_CANCELLED, solve_tick);
  if (rc == SOLVER_OK && __atomic_load_n(&w->stop, __ATOMIC_ACQUIRE))
    rc = SOLVER_CANCELLED;
  return w->failed ? SOLVER_ERROR : rc;
}

/* Checks that the solve of r, whose plan s is, fits in memory.  Returns
** 1, or 0 with a message in err. */
static int fits(const Solution *s, const Rules *r, int threads, char *err) {
  char need_text[16], room_text[16];
  uint64_t need = tiersolver_bytes(s, r, threads);
  size_t room = memory_room();
  if (need <= room) return 1;
  snprintf(err, BOARD_ERRMAX,
           "not enough memory to solve: the table of %llu states takes %s on "
           "%d thread%s, and only %s is left",
           (unsigned long long)s->tiers->codes,
           memory_format((size_t)need, need_text), threads,
           threads > 1 ? "s" : "", memory_format(room, room_text));
  return 0;
}

int tiersolver_solve(Solution *s, const Rules *r, int threads,
                     const Cancel *c, const Progress *progress, char *err) {
  Work w;
  memset(&w, 0, sizeof w);
  if (threads < 1) threads = 1;
  if (tiersolver_plan(s, r, err)) return SOLVER_ERROR;
  if (!fits(s, r, threads, err)) {
    solver_free(s);
    return SOLVER_ERROR;
  }
  w.s = s;
  w.t = s->tiers;
  s->tiers->threads = threads; /* and its census's */
  w.cancel = c;
  w.progress = progress;
  w.caller = pthread_self();
  w.threads = threads;
  w.err = err;
  s->codes = memory_realloc(NULL, (size_t)w.t->codes);
  w.counts = memory_realloc(NULL, (size_t)threads * (size_t)w.t->largest);
  w.words = mark_words(w.t->largest);
  w.marks = memory_realloc(NULL, (size_t)threads * LEVELS * w.words *
                                     sizeof *w.marks);
  Pool *pool = pool_new(threads);
  int rc = SOLVER_OK;
  int planned = tierschedule_plan(&w.schedule, w.t, waits_below, threads);
  if (!s->codes || !w.counts || !w.marks || !pool || planned ||
      tiermoves_init(&w.moves, r, w.t)) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    rc = SOLVER_ERROR;
  } else {
    int halves = 2 * tiermoves_staying(&w.moves) <= MOST_STAYING;
    int mirrored = halves && tiermirror_find(&w.mirror, &w.moves, 0, 0);
    w.mirrored = mirrored ? &w.mirror : NULL;
    rc = solve_tiers(&w, pool);
  }
  if (rc == SOLVER_OK)
    progress_report(progress, "solving tiers", w.t->codes, w.t->codes);
  pool_free(pool);
  tierschedule_free(&w.schedule);
  tiermoves_free(&w.moves);
  memory_realloc(w.counts, 0);
  memory_realloc(w.marks, 0);
  if (rc != SOLVER_OK) solver_free(s);
  return rc;
}

/*
** symsolver.c — the waves of symwave.h over the whole symmetric index, in
** parallel passes, and the opening layers after them.
**
** A pass splits the table into chunks that the threads take in turn; each
** pass gives the same table whatever the order: a spread only moves codes
** from unresolved to found (by atomic updates that commute), a settling
** writes only its own chunk and reads only codes that mean the same
** before and after it changes them.
*/
#define _POSIX_C_SOURCE 200809L
#include "symsolver.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "pool.h"
#include "rank.h"
#include "symwave.h"
#include "hot.h"

#define CHUNK 8000 /* entries a thread takes at a time (a multiple of 64,
                   ** and of 5: threads write whole bytes of values) */
#define BATCH 64   /* predecessors resolved together */

typedef uint64_t __attribute__((may_alias)) Word; /* 16 working codes */

/* --- one run --- */

typedef struct Sym Sym;
typedef int (*ChunkFn)(Sym *sv, uint64_t from, uint64_t to);

struct Sym {
  const Rules *r;
  const SymRank *t;
  Wave wave;        /* the layer solved */
  int threads;
  int even_wins;    /* without hooks: wins lie at even distances */
  int max_distance; /* the farthest the table reaches */
  uint64_t entries; /* per layer */
  uint8_t *work;    /* the last layer's working codes */
  uint8_t *bytes;   /* NULL, or its byte codes, written as waves settle */
  const SymWatch *watch;
  /* the pass being run */
  ChunkFn chunk;
  int counted;      /* a spreading pass: reported with the entries settled */
  int d;            /* the wave (-1: none) */
  const SymTable *table; /* an opening pass: the table's coding */
  uint8_t *layer;        /* its layer */
  const uint8_t *next;   /* and the layer after it */
  Pool *pool;
  uint64_t found; /* entries found at wave d (atomic) */
  int checks;     /* an entry's count ran out in the pass (atomic) */
  SymStats stats; /* arrivals and recounted: atomic adds */
  int failed;     /* the first SOLVER_* failure (atomic) */
  /* reporting */
  const Cancel *cancel;
  const Progress *progress;
  char phase[32];
  uint64_t resolved; /* entries resolved in the layer so far */
  char *err;
};

int symsolver_longest(int bits) {
  return bits == 2 ? SYMSOLVER_LONGEST : SYMTABLE_BYTE_LONGEST;
}

/* Records the first failure of a pass (with a message for SOLVER_ERROR). */
static void fail(Sym *sv, int rc, const char *message) {
  int none = 0;
  if (__atomic_compare_exchange_n(&sv->failed, &none, rc, 0, __ATOMIC_ACQ_REL,
                                  __ATOMIC_RELAXED) &&
      message)
    snprintf(sv->err, BOARD_ERRMAX, "%s", message);
}

/* Tells the progress callback how far the pass is (done entries of the
** layer's), and in a spreading pass how many entries are resolved. */
static void report(void *ud, uint64_t done) {
  Sym *sv = ud;
  if (sv->counted)
    progress_report(sv->progress, PROGRESS_SETTLED,
                    sv->resolved +
                        __atomic_load_n(&sv->found, __ATOMIC_RELAXED),
                    sv->entries);
  progress_report(sv->progress, sv->phase, done, sv->entries);
}

/* The pool's chunk: the pass's. */
static int pass_chunk(void *ud, uint64_t from, uint64_t to) {
  Sym *sv = ud;
  return sv->chunk(sv, from, to);
}

/* Runs one pass of chunk over the layer on every thread (counted as a
** spreading pass when counted).  Returns a SOLVER_* code. */
static int run_pass(Sym *sv, ChunkFn chunk, int counted) {
  sv->chunk = chunk;
  sv->counted = counted;
  sv->found = 0;
  sv->failed = 0;
  sv->stats.passes++;
  int rc = pool_run(sv->pool, pass_chunk, sv, sv->entries, CHUNK, sv->cancel,
                    SOLVER_CANCELLED, report);
  return sv->failed ? sv->failed : rc;
}

/* Calls visit for the boards of entries [from, to) of the layer, walking
** the masks in order (centre -1 for a slot that holds no class).  Stops
** at the first nonzero return. */
HOT_INLINE static int walk(Sym *sv, void *ud, uint64_t from, uint64_t to,
                int (*visit)(Sym *sv, void *ud, uint64_t index, uint64_t own,
                             uint64_t enemy, int centre)) {
  const SymRank *t = sv->t;
  SymCursor cursor = SYMCURSOR_START;
  for (uint64_t i = from; i < to; i++) {
    uint64_t own = 0, enemy = 0, mask = symrank_cursor(t, &cursor, i);
    int centre = -1, rc;
    if (mask) symrank_board(t, i >= t->combos, mask, &own, &enemy, &centre);
    if ((rc = visit(sv, ud, i, own, enemy, centre))) return rc;
  }
  return SOLVER_OK;
}

/* --- the waves --- */

/* 1 when the entries found at wave d are lost for their mover, where
** only a blocked side ends a game. */
HOT_INLINE static int parity_lost(const Sym *sv, int d) {
  return (d % 2 == 0) != sv->even_wins;
}

/* 1 when entry e, found at wave d, is lost for its mover: by the parity of
** d, or for hooked rules as their table of bytes says. */
HOT_INLINE static int found_lost(const Sym *sv, uint64_t e, int d) {
  return sv->bytes ? (sv->bytes[e] - 1) & 1 : parity_lost(sv, d);
}

/* Notes in the table of bytes (when there is one) that entry e is found at
** wave d with value. */
HOT_INLINE static void note_found(Sym *sv, uint64_t e, int value, int d) {
  if (sv->bytes) sv->bytes[e] = (uint8_t)symtable_byte(value, d);
}

HOT_INLINE static int visit_start(Sym *sv, void *ud, uint64_t i, uint64_t own,
                       uint64_t enemy, int centre) {
  (void)ud;
  if (centre < 0) { /* no class: unresolved, and never reached */
    wave_set(sv->work, i, wave_count(1));
    return SOLVER_OK;
  }
  int value, code = wave_start(&sv->wave, own, enemy, centre, &value);
  if (code < 0) return SOLVER_EHOOK;
  if ((unsigned)code == wave_found(0)) note_found(sv, i, value, 0);
  wave_set(sv->work, i, (unsigned)code);
  return SOLVER_OK;
}

/* Pass: the starting codes. */
HOT_CLONES static int start_chunk(Sym *sv, uint64_t from, uint64_t to) {
  return walk(sv, NULL, from, to, visit_start);
}

/* Resolves predecessor entry q (arms as wave_arrive) of a child found at
** wave d (lost for its mover or not).  Returns a SOLVER_* code. */
HOT_INLINE static int resolve(Sym *sv, uint64_t q, uint64_t arms, int child_lost,
                   int d) {
  unsigned old = wave_get(sv->work, q);
  for (;;) {
    int now = wave_arrive(&sv->wave, q, arms, old, child_lost, d);
    if (now < 0) return SOLVER_EHOOK;
    if ((unsigned)now == old) return SOLVER_OK;
    if ((unsigned)now == WAVE_CHECK)
      __atomic_store_n(&sv->checks, 1, __ATOMIC_RELAXED);
    if (sv->threads == 1) { /* hooked rules among them */
      if ((unsigned)now == wave_found(d + 1))
        note_found(sv, q, child_lost ? VALUE_WIN : VALUE_LOSS, d + 1);
      wave_set(sv->work, q, (unsigned)now);
      return SOLVER_OK;
    }
    if (wave_swap(sv->work, q, &old, (unsigned)now)) return SOLVER_OK;
  }
}

/* The predecessors of a pass's entries waiting to be resolved: their
** codes are prefetched as they come, and resolved a batch at a time, so
** that the cache misses overlap (the order does not change the pass). */
typedef struct Spread {
  Sym *sv;
  SymCursor cursor; /* the last entry found */
  int count;
  uint64_t arrivals; /* predecessors told */
  uint64_t pending[BATCH + WAVE_MAX_PREDECESSORS];
  uint64_t arms[BATCH + WAVE_MAX_PREDECESSORS]; /* as wave_predecessors */
  uint8_t lost[BATCH + WAVE_MAX_PREDECESSORS];  /* the child is lost */
} Spread;

/* Resolves the waiting predecessors.  Returns a SOLVER_* code. */
HOT_CLONES static int spread_flush(Spread *sp) {
  int rc = SOLVER_OK;
  for (int j = 0; j < sp->count && rc == SOLVER_OK; j++)
    rc = resolve(sp->sv, sp->pending[j], sp->arms[j], sp->lost[j], sp->sv->d);
  sp->count = 0;
  return rc;
}

/* Spreads the entry i found at wave d (lost for its mover or not) to its
** predecessors. */
HOT_INLINE static int spread_entry(Spread *sp, uint64_t i, int lost) {
  Sym *sv = sp->sv;
  uint64_t own, enemy, *list = sp->pending + sp->count;
  int centre;
  if (sv->d + 1 > sv->max_distance) {
    char message[BOARD_ERRMAX];
    snprintf(message, sizeof message,
             "a forced end lies more than %d plies away: beyond the "
             "solver's table",
             sv->max_distance);
    fail(sv, SOLVER_ERROR, message);
    return SOLVER_ERROR;
  }
  symrank_board(sv->t, i >= sv->t->combos,
                symrank_cursor(sv->t, &sp->cursor, i), &own, &enemy, &centre);
  int k = wave_predecessors(&sv->wave, own, enemy, centre, list,
                            sp->arms + sp->count);
  if (k < 0) return SOLVER_EHOOK;
  sp->arrivals += (uint64_t)k;
  for (int j = 0; j < k; j++) {
    __builtin_prefetch(sv->work + list[j] / 2, 1);
    sp->lost[sp->count + j] = (uint8_t)lost;
  }
  sp->count += k;
  return sp->count >= BATCH ? spread_flush(sp) : SOLVER_OK;
}

/* The 16 codes of entries [i, i + 16) (i a multiple of 16). */
HOT_INLINE static uint64_t codes_at(const Sym *sv, uint64_t i) {
  return __atomic_load_n((const Word *)(sv->work + i / 2), __ATOMIC_RELAXED);
}

/* Settles the entries found at wave d among those of the word at i (read
** as x) once they are spread: won or lost now, told to the watch.  Other
** threads may be resolving other entries of the word. */
HOT_INLINE static void settle_word(Sym *sv, uint64_t i, uint64_t x) {
  unsigned found_code = wave_found(sv->d);
  if (!sv->bytes) { /* all of one value: the word at once */
    Word *w = (Word *)(sv->work + i / 2);
    unsigned code = parity_lost(sv, sv->d) ? WAVE_LOSS : WAVE_WIN;
    uint64_t now = __atomic_load_n(w, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(w, &now,
                                        wave_replace(now, found_code, code), 1,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      continue;
  }
  for (int j = 0; j < 16; j++, x >>= 4) {
    uint64_t e = i + (uint64_t)j;
    if ((x & 15) != found_code) continue;
    if (sv->bytes) /* hooked rules: one thread */
      wave_set(sv->work, e, found_lost(sv, e, sv->d) ? WAVE_LOSS : WAVE_WIN);
    if (sv->watch && sv->watch->settled)
      sv->watch->settled(sv->watch->ctx, e, sv->d);
  }
}

/* Pass: every entry found at wave d spreads to its predecessors, and is
** settled.  The table is read a word (16 entries) at a time; words
** without such an entry are skipped. */
HOT_CLONES static int spread_chunk(Sym *sv, uint64_t from, uint64_t to) {
  unsigned found_code = wave_found(sv->d);
  uint64_t found = 0;
  int rc = SOLVER_OK;
  Spread sp;
  sp.sv = sv;
  sp.cursor = (SymCursor)SYMCURSOR_START;
  sp.count = 0;
  sp.arrivals = 0;
  for (uint64_t i = from; i < to && rc == SOLVER_OK; i += 16) {
    uint64_t x = codes_at(sv, i), y = x;
    if (!wave_has(x, found_code)) continue;
    for (int j = 0; j < 16 && rc == SOLVER_OK; j++, y >>= 4)
      if ((y & 15) == found_code) {
        uint64_t e = i + (uint64_t)j;
        found++;
        rc = spread_entry(&sp, e, found_lost(sv, e, sv->d));
      }
    if (rc == SOLVER_OK) settle_word(sv, i, x);
  }
  if (rc == SOLVER_OK)
    rc = spread_flush(&sp);
  __atomic_fetch_add(&sv->found, found, __ATOMIC_RELAXED);
  __atomic_fetch_add(&sv->stats.arrivals, sp.arrivals, __ATOMIC_RELAXED);
  return rc;
}

/* The entries whose count ran out waiting to be counted again at the end
** of wave d, with their children, whose codes are prefetched as they come
** (so that the cache misses overlap).  The entries found at the wave are
** settled by then: a child is won by d when its code says WAVE_WIN. */
typedef struct Recount {
  int count, used;
  uint64_t read; /* children read in the pass */
  uint64_t entry[BATCH];
  int first[BATCH + 1]; /* the children of entry j: first[j]..first[j+1] */
  uint64_t children[BATCH * RULES_MAX_MOVES];
} Recount;

/* Counts the waiting entries again.  Returns a SOLVER_* code. */
static int recount_flush(Sym *sv, Recount *rc) {
  for (int j = 0; j < rc->count; j++) {
    int left = rc->first[j + 1] - rc->first[j];
    for (int c = rc->first[j]; c < rc->first[j + 1]; c++)
      left -= wave_get(sv->work, rc->children[c]) == WAVE_WIN;
    unsigned code = wave_recounted(left, sv->d);
    if (code == wave_found(sv->d + 1))
      note_found(sv, rc->entry[j], VALUE_LOSS, sv->d + 1);
    wave_set(sv->work, rc->entry[j], code);
  }
  rc->count = rc->used = 0;
  return SOLVER_OK;
}

/* Adds entry q, whose count ran out, to those counted again.  Returns a
** SOLVER_* code. */
static int recount_add(Sym *sv, Recount *rc, uint64_t q) {
  uint64_t *children = rc->children + rc->used;
  int k = wave_children(&sv->wave, q, children);
  if (k < 0) return SOLVER_EHOOK;
  for (int j = 0; j < k; j++) __builtin_prefetch(sv->work + children[j] / 2);
  rc->entry[rc->count] = q;
  rc->used += k;
  rc->read += (uint64_t)k;
  rc->first[++rc->count] = rc->used;
  return rc->count == BATCH ? recount_flush(sv, rc) : SOLVER_OK;
}

/* Pass: the entries whose count ran out are counted again. */
HOT_CLONES static int settle_chunk(Sym *sv, uint64_t from, uint64_t to) {
  int rc = SOLVER_OK;
  Recount again;
  again.count = again.used = 0;
  again.read = 0;
  again.first[0] = 0;
  for (uint64_t i = from; i < to && rc == SOLVER_OK; i += 16) {
    uint64_t x = codes_at(sv, i);
    if (!wave_has(x, WAVE_CHECK)) continue;
    for (int j = 0; j < 16 && rc == SOLVER_OK; j++, x >>= 4)
      if ((x & 15) == WAVE_CHECK) rc = recount_add(sv, &again, i + (uint64_t)j);
  }
  __atomic_fetch_add(&sv->stats.recounted, (uint64_t)again.read,
                     __ATOMIC_RELAXED);
  return rc == SOLVER_OK ? recount_flush(sv, &again) : rc;
}

/* Solves the last layer by waves.  Returns a SOLVER_* code. */
static int run_waves(Sym *sv) {
  sv->d = -1;
  snprintf(sv->phase, sizeof sv->phase, "ends");
  int rc = run_pass(sv, start_chunk, 0);
  sv->resolved = 0;
  for (int d = 0; rc == SOLVER_OK; d++) {
    sv->d = d;
    sv->stats.waves = (uint64_t)d + 1;
    sv->checks = 0;
    snprintf(sv->phase, sizeof sv->phase, "distance %d", d);
    rc = run_pass(sv, spread_chunk, 1);
    sv->resolved += sv->found;
    if (rc != SOLVER_OK || sv->found == 0) break;
    snprintf(sv->phase, sizeof sv->phase, "counting again %d", d);
    if (sv->checks) rc = run_pass(sv, settle_chunk, 0);
    if (rc == SOLVER_OK && sv->watch && sv->watch->enough &&
        sv->watch->enough(sv->watch->ctx, d))
      break;
  }
  sv->d = -1;
  return rc;
}

/* --- the opening layers --- */

/* The code of a board of an opening layer from its children's codes in
** the next layer (k > 0), in the table's coding. */
static unsigned opening_code(const Sym *sv, const uint64_t *children, int k) {
  const SymTable *t = sv->table;
  int draw = 0, best_win = -1, worst = -1;
  for (int i = 0; i < k; i++) {
    unsigned code = symtable_code(t, sv->next, children[i]);
    int value = symtable_value(t, code), d = symtable_distance(code);
    if (value == VALUE_DRAW)
      draw = 1;
    else if (value == VALUE_LOSS) { /* the child is lost: a win */
      if (best_win < 0 || d + 1 < best_win) best_win = d + 1;
    } else if (d + 1 > worst)
      worst = d + 1;
  }
  int value = best_win >= 0 ? VALUE_WIN : draw ? VALUE_DRAW : VALUE_LOSS;
  if (t->bits == 2) return (unsigned)value;
  return symtable_byte(value, best_win >= 0 ? best_win : worst);
}

static int visit_opening(Sym *sv, void *ud, uint64_t i, uint64_t own,
                         uint64_t enemy, int centre) {
  (void)ud;
  uint64_t children[RULES_MAX_MOVES];
  if (centre < 0) { /* no class: a draw */
    symtable_put(sv->table, sv->layer, i, 0);
    return SOLVER_OK;
  }
  int end, k = wave_board_children(&sv->wave, own, enemy, centre, children,
                                   &end);
  unsigned code;
  if (k < 0) return SOLVER_EHOOK;
  if (end >= 0) /* ended */
    code = sv->table->bits == 2 ? (unsigned)end : symtable_byte(end, 0);
  else
    code = opening_code(sv, children, k);
  symtable_put(sv->table, sv->layer, i, code);
  return SOLVER_OK;
}

/* Pass: an opening layer from the layer after it. */
HOT_CLONES static int opening_chunk(Sym *sv, uint64_t from, uint64_t to) {
  return walk(sv, NULL, from, to, visit_opening);
}

/* Works out the opening layers of s, last first.  Returns a SOLVER_*
** code. */
static int solve_opening(Sym *sv, Solution *s) {
  const SymTable *t = s->sym;
  uint64_t layer_bytes = symtable_bytes(sv->entries, t->bits);
  int rc = SOLVER_OK;
  sv->table = t;
  for (int ply = t->layers - 2; ply >= 0 && rc == SOLVER_OK; ply--) {
    wave_init(&sv->wave, sv->r, sv->t, (uint32_t)ply);
    sv->layer = s->codes + (uint64_t)ply * layer_bytes;
    sv->next = sv->layer + layer_bytes;
    snprintf(sv->phase, sizeof sv->phase, "ply %d", ply);
    rc = run_pass(sv, opening_chunk, 0);
  }
  return rc;
}

/* --- the values, packed --- */

/* Packs the working codes of the last layer into values (five entries a
** byte: the entries still unresolved are drawn) at out, which may be the
** working table itself: each byte written was read before. */
static void pack_values(const Sym *sv, uint8_t *out) {
  static const uint8_t value[16] = {[WAVE_WIN] = VALUE_WIN,
                                    [WAVE_LOSS] = VALUE_LOSS};
  uint64_t bytes = symtable_bytes(sv->entries, 2);
  for (uint64_t j = 0; j < bytes; j++) {
    uint8_t v[SYMTABLE_PER_BYTE];
    for (int e = 0; e < SYMTABLE_PER_BYTE; e++)
      v[e] = value[wave_get(sv->work, SYMTABLE_PER_BYTE * j + (uint64_t)e)];
    out[j] = symtable_pack5(v);
    if (j % (1u << 22) == 0)
      progress_report(sv->progress, "draws", SYMTABLE_PER_BYTE * j,
                      sv->entries);
  }
  progress_report(sv->progress, "draws", sv->entries, sv->entries);
}

/* --- the solves --- */

/* Sets up a run of the rules r on threads threads (one with hooks).
** Returns 0, or -1 without memory for the pool. */
static int sym_begin(Sym *sv, const Rules *r, const SymRank *t, int threads,
                     const Cancel *c, const Progress *progress, char *err) {
  memset(sv, 0, sizeof *sv);
  sv->r = r;
  sv->t = t;
  sv->threads = rules_hooked(r) || threads < 1 ? 1 : threads;
  sv->even_wins = r->misere != 0;
  sv->entries = symrank_layer(t);
  sv->cancel = c;
  sv->progress = progress;
  sv->err = err;
  wave_init(&sv->wave, r, t, (uint32_t)rules_opening_plies(r));
  sv->pool = pool_new(sv->threads);
  return sv->pool ? 0 : -1;
}

uint64_t symsolver_bytes(const Rules *r) {
  int n = r->arms, bits, even_wins, layers = symtable_layers(r);
  if (n < BOARD_MIN_ARMS || n > SYMRANK_MAX_ARMS || n % 2) return 0;
  uint64_t entries = symrank_entries(n);
  symtable_coding(r, &bits, &even_wins);
  uint64_t kept = bits == 2 && layers == 1
                      ? 0 /* packed into the working table */
                      : symtable_bytes(entries, bits) * (uint64_t)layers;
  return wave_bytes(entries) + kept;
}

/* Allocates sv's working table, a whole number of words (read a word at
** a time), the entries past the layer drawn.  Returns 0, or -1. */
static int allocate_work(Sym *sv) {
  uint64_t bytes = wave_bytes(sv->entries), words = (bytes + 7) / 8;
  sv->work = memory_realloc(NULL, (size_t)(words * 8));
  if (!sv->work) return -1;
  memset(sv->work + bytes, 0, (size_t)(words * 8 - bytes));
  return 0;
}

/* Allocates the tables of s (its SymTable set): the working table, and
** the kept one unless it is packed into it.  Returns 0, or -1. */
static int allocate(Solution *s, Sym *sv) {
  const SymTable *t = s->sym;
  uint64_t kept = symtable_bytes(symtable_entries(s), t->bits);
  if (allocate_work(sv)) return -1;
  if (t->bits == 2 && t->layers == 1) return 0;
  s->codes = memory_realloc(NULL, (size_t)kept);
  if (!s->codes) return -1;
  memset(s->codes, 0, (size_t)kept);
  if (t->bits == 8)
    sv->bytes = s->codes + (uint64_t)(t->layers - 1) * sv->entries;
  return 0;
}

/* Keeps the last layer's values: packed in place (the working table
** becomes the codes), or into the kept table. */
static void keep_values(Solution *s, Sym *sv) {
  const SymTable *t = s->sym;
  if (t->bits == 8) return;
  if (t->layers > 1) {
    uint64_t at = symtable_bytes((uint64_t)(t->layers - 1) * sv->entries, 2);
    pack_values(sv, s->codes + at);
    return;
  }
  pack_values(sv, sv->work);
  s->codes = memory_realloc(sv->work, (size_t)symtable_bytes(sv->entries, 2));
  if (!s->codes) s->codes = sv->work; /* a shrink that failed: kept large */
  sv->work = NULL;
}

int symsolver_solve(Solution *s, const Rules *r, int threads, const Cancel *c,
                    const Progress *progress, char *err) {
  memset(s, 0, sizeof *s);
  s->n = r->arms;
  s->opening = rules_opening_plies(r);
  if (s->n > SYMRANK_MAX_ARMS) {
    snprintf(err, BOARD_ERRMAX, "%d arms are too many to solve", s->n);
    return SOLVER_ERROR;
  }
  s->positions = s->layer = rank_layer(s->n);
  s->histories = 1;
  int bits, even_wins;
  Sym sv;
  symtable_coding(r, &bits, &even_wins);
  memset(&sv, 0, sizeof sv);
  if (symtable_new(s, r, bits, even_wins, symtable_layers(r)) ||
      sym_begin(&sv, r, &s->sym->rank, threads, c, progress, err) ||
      allocate(s, &sv)) {
    pool_free(sv.pool);
    memory_realloc(sv.work, 0);
    solver_free(s);
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  sv.max_distance = symsolver_longest(bits);
  int rc = run_waves(&sv);
  if (rc == SOLVER_OK) keep_values(s, &sv);
  if (rc == SOLVER_OK) rc = solve_opening(&sv, s);
  pool_free(sv.pool);
  memory_realloc(sv.work, 0);
  if (rc != SOLVER_OK) solver_free(s);
  return rc;
}

int symsolver_replay(const Rules *r, int threads, const SymWatch *watch,
                     const Cancel *c, const Progress *progress, char *err) {
  SymRank t;
  Sym sv;
  memset(&sv, 0, sizeof sv);
  int rc = SOLVER_ERROR;
  if (symrank_init(&t, r->arms) == 0) {
    if (sym_begin(&sv, r, &t, threads, c, progress, err) == 0 &&
        allocate_work(&sv) == 0) {
      int bits, even_wins;
      symtable_coding(r, &bits, &even_wins);
      sv.max_distance = symsolver_longest(bits);
      sv.watch = watch;
      rc = run_waves(&sv);
      sv.stats.table_bytes = wave_bytes(sv.entries);
      if (watch->stats) *watch->stats = sv.stats;
    } else
      snprintf(err, BOARD_ERRMAX, "not enough memory for the distances");
    pool_free(sv.pool);
    memory_realloc(sv.work, 0);
    symrank_free(&t);
  } else
    snprintf(err, BOARD_ERRMAX, "not enough memory for the distances");
  return rc;
}

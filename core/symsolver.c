/*
** symsolver.c — retrograde analysis over the symmetric index of symrank.h,
** in parallel passes.
**
** The entries form a graph of their own: the children of an entry are the
** entries of the positions its representative (symrank_board) moves to.
** Turned boards share an entry only when an arm is empty, so an entry
** whose centre is empty has one predecessor at most (the piece on arm 0
** came from the centre), while an entry with the centre held by the
** enemy has one predecessor for each distinct rotation of the board the
** centre piece came from.  Several moves may lead to one entry; the count
** kept in a byte is of distinct children, and predecessors are listed
** without repeats, so each edge counts once.
**
** A pass splits the table into chunks that the threads take in turn; each
** pass gives the same table whatever the order (a byte only ever moves
** from unresolved to resolved, by atomic updates that commute).
*/
#define _POSIX_C_SOURCE 200809L
#include "symsolver.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "pool.h"
#include "rank.h"

#define CHUNK 8192     /* entries a thread takes at a time */
#define UNRESOLVED 236 /* bytes from here on: 256 - children left (<= 20) */
#define MAX_PREDECESSORS (BOARD_MAX_ARMS + 2)
#define BATCH 64 /* predecessors resolved together */

typedef uint64_t __attribute__((may_alias)) Word; /* 8 table bytes */

/* --- one run --- */

typedef struct Sym Sym;
typedef int (*ChunkFn)(Sym *sv, uint64_t from, uint64_t to);

struct Sym {
  Solution *s;
  const Rules *r;
  const SymTable *table;
  const SymRank *t;
  int n, hooked, threads;
  int max_distance; /* the farthest the codes reach */
  uint64_t entries; /* per layer */
  /* the pass being run */
  ChunkFn chunk;
  uint8_t *code;       /* the layer solved */
  const uint8_t *next; /* the layer after it (opening layers) */
  uint32_t ply;        /* the ply of the layer */
  int flank;           /* the flank rule binds in the layer */
  int d;               /* the distance spread (-1: none) */
  Pool *pool;
  uint64_t found; /* entries found at distance d (atomic) */
  int failed;     /* the first SOLVER_* failure (atomic) */
  /* reporting */
  const Cancel *cancel;
  const Progress *progress;
  char phase[32];
  uint64_t resolved; /* entries resolved in the layer so far */
  char *err;
};

/* --- the codes --- */

/* The code of a win, and of a loss, at distance d. */
static uint8_t code_win(const Sym *sv, int d) {
  return (uint8_t)(sv->table->by_parity ? 1 + d : 1 + 2 * d);
}

static uint8_t code_loss(const Sym *sv, int d) {
  return (uint8_t)(sv->table->by_parity ? 1 + d : 2 + 2 * d);
}

/* The code of a game ended in a win (1), a loss (-1) or a draw (0) for the
** side to move. */
static int code_end(const Sym *sv, int outcome) {
  return outcome > 0 ? code_win(sv, 0) : outcome < 0 ? code_loss(sv, 0) : 0;
}

/* Coded by parity: 1 when distance d is a loss. */
static int by_parity_lost(const SymTable *t, int d) {
  return (d % 2 == 0) != t->even_wins;
}

int symsolver_value(const SymTable *t, uint8_t code, int *distance) {
  if (code == 0) {
    if (distance) *distance = -1;
    return VALUE_DRAW;
  }
  int d = t->by_parity ? code - 1 : (code - 1) / 2;
  if (distance) *distance = d;
  int lost = t->by_parity ? by_parity_lost(t, d) : (code - 1) & 1;
  return lost ? VALUE_LOSS : VALUE_WIN;
}

int symsolver_max_distance(const SymTable *t) {
  return t->by_parity ? UNRESOLVED - 2 : (UNRESOLVED - 3) / 2;
}

void symsolver_coding(const Rules *r, int *by_parity, int *even_wins) {
  *by_parity = !rules_hooked(r);
  *even_wins = r->misere != 0;
}

_Static_assert(UNRESOLVED - 2 + SYMSOLVER_SEARCH_PLIES == SOLVER_LONGEST,
               "the longest distance a lookup gives");

/* Records the first failure of a pass (with a message for SOLVER_ERROR). */
static void fail(Sym *sv, int rc, const char *message) {
  int none = 0;
  if (__atomic_compare_exchange_n(&sv->failed, &none, rc, 0, __ATOMIC_ACQ_REL,
                                  __ATOMIC_RELAXED) &&
      message)
    snprintf(sv->err, BOARD_ERRMAX, "%s", message);
}

/* Tells the progress callback how far the pass is (done entries of the
** layer's), and in a distance pass how many entries are resolved. */
static void report(void *ud, uint64_t done) {
  Sym *sv = ud;
  if (sv->d >= 0)
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

/* Runs one pass of chunk over the layer on every thread.  Returns a
** SOLVER_* code. */
static int run_pass(Sym *sv, ChunkFn chunk) {
  sv->chunk = chunk;
  sv->found = 0;
  sv->failed = 0;
  int rc = pool_run(sv->pool, pass_chunk, sv, sv->entries, CHUNK, sv->cancel,
                    SOLVER_CANCELLED, report);
  if (!rc && !sv->failed) report(sv, sv->entries); /* a stopped pass never ends */
  return sv->failed ? sv->failed : rc;
}

/* --- boards seen from the side to move --- */

/* The reach of the side to move. */
static Reach reach_of(const Sym *sv, uint64_t own, uint64_t enemy, int centre) {
  return rules_reach(own, enemy, centre, sv->n, sv->flank,
                     sv->r->adjacent_enemy);
}

/* The number of distinct values in list (k entries; sorted on return). */
static int distinct(uint64_t *list, int k) {
  for (int i = 1; i < k; i++) /* insertion sort: k is small */
    for (int j = i; j > 0 && list[j - 1] > list[j]; j--) {
      uint64_t x = list[j];
      list[j] = list[j - 1];
      list[j - 1] = x;
    }
  int kept = k > 0;
  for (int i = 1; i < k; i++)
    if (list[i] != list[kept - 1]) list[kept++] = list[i];
  return kept;
}

/* The number of distinct children of a board without hooks, from its
** reach (k moves, k > 0). */
static int distinct_children(const Sym *sv, uint64_t own, Reach m) {
  int n = sv->n;
  if (!m.empty) { /* moves to the centre: a period repeats children */
    int p = symrank_period(sv->t, own);
    uint64_t low = p == n ? m.to_centre : m.to_centre & board_full(p);
    return __builtin_popcountll(low);
  }
  /* The steps from arms 1 and n-1 would lead to one entry only if the
  ** enemy repeated every 2 arms: on every odd arm, 1 and n-1 among them,
  ** where the steps start.  So the children are distinct. */
  return __builtin_popcountll(m.steps) + m.from_centre;
}

/* The legal moves of a board (hooks asked), into out.  Returns how many,
** or -1 when a hook failed; *end is the board's code when the game has
** ended there (the variant's verdict, or a blocked side), else -1. */
static int board_moves(const Sym *sv, uint64_t own, uint64_t enemy, int centre,
                       Move *out, int *end) {
  Position p;
  int outcome;
  symrank_to_position(sv->n, own, enemy, centre, sv->ply, &p);
  int k = rules_judge(sv->r, &p, NULL, out, &outcome);
  *end = -1;
  if (k < 0) return -1;
  if (outcome) { /* black is to move */
    *end = outcome == OUTCOME_DRAW    ? 0
           : outcome == OUTCOME_BLACK ? code_end(sv, 1)
                                      : code_end(sv, -1);
    return 0;
  }
  if (k == 0) *end = code_end(sv, sv->r->misere ? 1 : -1);
  return k;
}

/* The starting byte of a board of the last layer: its code when the game
** has ended, else 256 minus its number of distinct children.  Returns it,
** or -1 when a hook failed. */
static int start_byte(const Sym *sv, uint64_t own, uint64_t enemy, int centre) {
  const Rules *r = sv->r;
  if (!sv->hooked) {
    Reach m = reach_of(sv, own, enemy, centre);
    if (!(m.to_centre | m.steps) && !m.from_centre)
      return code_end(sv, r->misere ? 1 : -1);
    return 256 - distinct_children(sv, own, m);
  }
  Move moves[RULES_MAX_MOVES];
  uint64_t children[RULES_MAX_MOVES];
  int end, k = board_moves(sv, own, enemy, centre, moves, &end);
  if (k < 0) return -1;
  if (end >= 0) return end;
  for (int i = 0; i < k; i++)
    children[i] = symrank_child(sv->t, own, enemy, centre, moves[i]);
  return 256 - distinct(children, k);
}

/* --- the passes --- */

/* Calls visit for the boards of entries [from, to) of the layer, walking
** the masks in order.  Stops at the first nonzero return. */
static int walk(Sym *sv, void *ud, uint64_t from, uint64_t to,
                int (*visit)(Sym *sv, void *ud, uint64_t index, uint64_t own,
                             uint64_t enemy, int centre)) {
  const SymRank *t = sv->t;
  while (from < to) {
    int centre_empty = from >= t->combos;
    uint64_t base = centre_empty ? t->combos : 0;
    uint64_t end = centre_empty || to <= t->combos ? to : t->combos;
    uint64_t mask = symrank_mask(t, from - base);
    for (uint64_t i = from; i < end; i++, mask = symrank_next(mask)) {
      uint64_t own, enemy;
      int centre, rc;
      symrank_board(t, centre_empty, mask, &own, &enemy, &centre);
      if ((rc = visit(sv, ud, i, own, enemy, centre))) return rc;
    }
    from = end;
  }
  return SOLVER_OK;
}

static int visit_start(Sym *sv, void *ud, uint64_t i, uint64_t own,
                       uint64_t enemy, int centre) {
  (void)ud;
  int b = start_byte(sv, own, enemy, centre);
  if (b < 0) return SOLVER_EHOOK;
  sv->code[i] = (uint8_t)b;
  return SOLVER_OK;
}

/* Pass: the starting bytes of the last layer. */
static int start_chunk(Sym *sv, uint64_t from, uint64_t to) {
  return walk(sv, NULL, from, to, visit_start);
}

/* 1 when the move m of board q (the predecessor) is legal, hooks asked
** (q must not have ended); or RULES_EHOOK. */
static int unmove_legal(const Sym *sv, uint64_t own, uint64_t enemy, int centre,
                        Move m) {
  Reach reach = reach_of(sv, own, enemy, centre);
  int ok = m.from == BOARD_CENTRE ? reach.from_centre
           : m.to == BOARD_CENTRE ? (int)(reach.to_centre >> m.from & 1)
                                  : (int)(reach.steps >> m.from & 1);
  if (!ok || !sv->hooked) return ok;
  if (centre != CENTRE_EMPTY) { /* ask about the board of q's entry: */
    int e = __builtin_ctzll(~(own | enemy)), n = sv->n; /* turned so that */
    own = symrank_rot_down(own, e, n);     /* the empty arm is arm 0, as */
    enemy = symrank_rot_down(enemy, e, n); /* the hooks promise alike and */
    if (m.from != BOARD_CENTRE) m.from = (uint8_t)((m.from + n - e) % n);
    if (m.to != BOARD_CENTRE) m.to = (uint8_t)((m.to + n - e) % n);
  } /* the memo has it from the entry's own start */
  Move moves[RULES_MAX_MOVES];
  int end, k = board_moves(sv, own, enemy, centre, moves, &end);
  if (k < 0) return RULES_EHOOK;
  for (int i = 0; i < k; i++)
    if (moves[i].from == m.from && moves[i].to == m.to) return 1;
  return 0;
}

/* The distinct predecessors of the board of an entry, written to out.
** Returns how many, or RULES_EHOOK. */
static int predecessors(const Sym *sv, uint64_t own, uint64_t enemy, int centre,
                        uint64_t *out) {
  int n = sv->n, k = 0, ok;
  const SymRank *t = sv->t;
  if (centre == CENTRE_EMPTY) { /* the piece on arm 0 left the centre */
    if (!(enemy & 1)) return 0;
    uint64_t q = enemy & ~(uint64_t)1;
    ok = unmove_legal(sv, q, own, CENTRE_OWN, (Move){BOARD_CENTRE, 0});
    if (ok <= 0) return ok;
    out[k++] = symrank_index(t, q, own, CENTRE_OWN);
    return k;
  }
  int before = symrank_flip_centre(centre);
  static const int sides[2] = {1, -1};
  for (int i = 0; i < 2; i++) { /* a piece stepped from arm 0 */
    int a = (n + sides[i]) % n;
    if (!(enemy >> a & 1)) continue;
    uint64_t q = (enemy & ~((uint64_t)1 << a)) | 1;
    ok = unmove_legal(sv, q, own, before, (Move){0, (uint8_t)a});
    if (ok < 0) return ok;
    if (!ok) continue;
    uint64_t index = symrank_index(t, q, own, before);
    if (k == 0 || out[0] != index) out[k++] = index;
  }
  if (centre == CENTRE_ENEMY) { /* the centre piece came from arm 0 */
    uint64_t q = enemy | 1;
    ok = unmove_legal(sv, q, own, CENTRE_EMPTY, (Move){0, BOARD_CENTRE});
    if (ok < 0) return ok;
    if (ok) {
      int p = symrank_period(sv->t, q);
      for (int s = 0; s < p; s++)
        out[k++] = t->combos + symrank_combo(t, symrank_rot_down(q, s, n));
    }
  }
  return k;
}

/* Resolves predecessor entry q of a child at distance d: a win when the
** child is lost, one child fewer when it is won (a loss when none is
** left).  Atomic when threads share the table. */
static void resolve(Sym *sv, uint64_t q, int child_lost, int d) {
  uint8_t *b = &sv->code[q], old = __atomic_load_n(b, __ATOMIC_RELAXED), now;
  do {
    if (old < UNRESOLVED) return;
    now = child_lost   ? code_win(sv, d + 1)
          : old == 255 ? code_loss(sv, d + 1)
                       : (uint8_t)(old + 1);
    if (sv->threads == 1) {
      *b = now;
      return;
    }
  } while (!__atomic_compare_exchange_n(b, &old, now, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED));
}

/* The predecessors of a pass's entries waiting to be resolved: their
** bytes are prefetched as they come, and resolved a batch at a time, so
** that the cache misses overlap (the order does not change the pass). */
typedef struct Spread {
  Sym *sv;
  uint64_t index, mask; /* the last entry found and its mask */
  int count;
  uint64_t pending[BATCH + MAX_PREDECESSORS];
  uint8_t lost[BATCH + MAX_PREDECESSORS]; /* the child is lost */
} Spread;

/* Resolves the waiting predecessors. */
static void spread_flush(Spread *sp) {
  for (int j = 0; j < sp->count; j++)
    resolve(sp->sv, sp->pending[j], sp->lost[j], sp->sv->d);
  sp->count = 0;
}

/* The mask of entry i, stepping on from the last one when it is near. */
static uint64_t spread_mask(Spread *sp, uint64_t i) {
  const SymRank *t = sp->sv->t;
  uint64_t r = i % t->combos;
  if (sp->index <= i && i - sp->index <= 32 &&
      (sp->index >= t->combos) == (i >= t->combos))
    for (uint64_t j = sp->index; j < i; j++) sp->mask = symrank_next(sp->mask);
  else
    sp->mask = symrank_mask(t, r);
  sp->index = i;
  return sp->mask;
}

/* Spreads the entry i found at distance d (lost for its mover or not) to
** its predecessors. */
static int spread_entry(Spread *sp, uint64_t i, int lost) {
  Sym *sv = sp->sv;
  uint64_t own, enemy, *list = sp->pending + sp->count;
  int centre;
  symrank_board(sv->t, i >= sv->t->combos, spread_mask(sp, i), &own, &enemy,
                &centre);
  int k = predecessors(sv, own, enemy, centre, list);
  if (k < 0) return SOLVER_EHOOK;
  for (int j = 0; j < k; j++) {
    __builtin_prefetch(sv->code + list[j], 1);
    sp->lost[sp->count + j] = (uint8_t)lost;
  }
  sp->count += k;
  if (sp->count >= BATCH) spread_flush(sp);
  return SOLVER_OK;
}

/* A word with byte b in every byte. */
static uint64_t repeat(uint8_t b) {
  return (uint64_t)b * 0x0101010101010101u;
}

/* Nonzero when a byte of x is zero. */
static uint64_t has_zero(uint64_t x) {
  return (x - repeat(1)) & ~x & repeat(0x80);
}

/* Pass: every entry at distance d spreads to its predecessors.  The table
** is read 64 bytes at a time, a word at a time; blocks without such an
** entry are skipped. */
static int spread_chunk(Sym *sv, uint64_t from, uint64_t to) {
  uint8_t win = code_win(sv, sv->d), loss = code_loss(sv, sv->d);
  uint64_t wins = repeat(win), losses = repeat(loss), found = 0;
  int parity_lost = by_parity_lost(sv->table, sv->d), rc = SOLVER_OK;
  Spread sp;
  sp.sv = sv;
  sp.index = UINT64_MAX;
  sp.count = 0;
  for (uint64_t i = from; i < to && rc == SOLVER_OK; i++) {
    if ((uintptr_t)(sv->code + i) % 64 == 0 && i + 64 <= to) {
      const Word *w = (const Word *)(sv->code + i);
      uint64_t any = 0; /* 64 bytes at a time */
      for (int j = 0; j < 8; j++) {
        uint64_t x = __atomic_load_n(w + j, __ATOMIC_RELAXED);
        any |= has_zero(x ^ wins) | has_zero(x ^ losses);
      }
      if (!any) {
        i += 63;
        continue;
      }
    }
    uint8_t b = __atomic_load_n(sv->code + i, __ATOMIC_RELAXED);
    if (b != win && b != loss) continue;
    found++;
    if (sv->d + 1 > sv->max_distance) {
      char message[BOARD_ERRMAX];
      snprintf(message, sizeof message,
               "a forced end lies more than %d plies away: beyond the "
               "solver's table",
               sv->max_distance);
      fail(sv, SOLVER_ERROR, message);
      rc = SOLVER_ERROR;
    } else
      rc = spread_entry(&sp, i, sv->table->by_parity ? parity_lost : b == loss);
  }
  spread_flush(&sp);
  __atomic_fetch_add(&sv->found, found, __ATOMIC_RELAXED);
  return rc;
}

/* Pass: the entries still unresolved are draws. */
static int finish_chunk(Sym *sv, uint64_t from, uint64_t to) {
  for (uint64_t i = from; i < to; i++)
    if (sv->code[i] >= UNRESOLVED) sv->code[i] = 0;
  return SOLVER_OK;
}

/* The children of a board of an opening layer (entries of the next layer),
** written to out.  Returns how many; 0 with the code in *end when the game
** has ended (*end is -1 otherwise); or -1 when a hook failed. */
static int opening_children(const Sym *sv, uint64_t own, uint64_t enemy,
                            int centre, uint64_t *out, int *end) {
  Move moves[RULES_MAX_MOVES];
  int k = board_moves(sv, own, enemy, centre, moves, end);
  for (int i = 0; i < k; i++)
    out[i] = symrank_child(sv->t, own, enemy, centre, moves[i]);
  return k;
}

/* The code of a board from its children's codes in the next layer. */
static uint8_t opening_code(const Sym *sv, const uint64_t *children, int k) {
  int draw = 0, best_win = -1, worst = -1;
  for (int i = 0; i < k; i++) {
    int d, value = symsolver_value(sv->table, sv->next[children[i]], &d);
    if (value == VALUE_DRAW)
      draw = 1;
    else if (value == VALUE_LOSS) { /* the child is lost: a win */
      if (best_win < 0 || d + 1 < best_win) best_win = d + 1;
    } else if (d + 1 > worst)
      worst = d + 1;
  }
  return best_win >= 0 ? code_win(sv, best_win)
         : draw        ? 0
                       : code_loss(sv, worst);
}

/* The boards of an opening pass waiting for their children's codes, which
** are prefetched as they come (so that the cache misses overlap). */
typedef struct Opening {
  int count, used;
  uint64_t index[BATCH];
  int first[BATCH + 1]; /* the children of board j: first[j]..first[j+1] */
  uint64_t children[BATCH * RULES_MAX_MOVES];
} Opening;

/* Codes the waiting boards. */
static void opening_flush(Sym *sv, Opening *o) {
  for (int j = 0; j < o->count; j++)
    sv->code[o->index[j]] = opening_code(sv, o->children + o->first[j],
                                         o->first[j + 1] - o->first[j]);
  o->count = o->used = 0;
  o->first[0] = 0;
}

static int visit_opening(Sym *sv, void *ud, uint64_t i, uint64_t own,
                         uint64_t enemy, int centre) {
  Opening *o = ud;
  int end,
      k = opening_children(sv, own, enemy, centre, o->children + o->used, &end);
  if (k < 0) return SOLVER_EHOOK;
  if (end >= 0) {
    sv->code[i] = (uint8_t)end;
    return SOLVER_OK;
  }
  for (int j = 0; j < k; j++)
    __builtin_prefetch(sv->next + o->children[o->used + j]);
  o->index[o->count] = i;
  o->used += k;
  o->first[++o->count] = o->used;
  if (o->count == BATCH) opening_flush(sv, o);
  return SOLVER_OK;
}

/* Pass: an opening layer from the layer after it. */
static int opening_chunk(Sym *sv, uint64_t from, uint64_t to) {
  Opening o;
  o.count = o.used = 0;
  o.first[0] = 0;
  int rc = walk(sv, &o, from, to, visit_opening);
  opening_flush(sv, &o);
  return rc;
}

/* --- the layers --- */

/* Points the run at the layer of ply, kept at index layer of the table. */
static void set_layer(Sym *sv, uint32_t ply, int layer) {
  sv->ply = ply;
  sv->flank = rules_flank_at(sv->r, ply);
  sv->code = sv->s->codes + (uint64_t)layer * sv->entries;
  sv->next = ply < (uint32_t)sv->s->opening ? sv->code + sv->entries : NULL;
  sv->d = -1;
}

/* Retrograde analysis of the last layer. */
static int solve_last_layer(Sym *sv) {
  set_layer(sv, (uint32_t)sv->s->opening, sv->table->layers - 1);
  snprintf(sv->phase, sizeof sv->phase, "ends");
  int rc = run_pass(sv, start_chunk);
  sv->resolved = 0;
  for (int d = 0; rc == SOLVER_OK; d++) {
    sv->d = d;
    snprintf(sv->phase, sizeof sv->phase, "distance %d", d);
    rc = run_pass(sv, spread_chunk);
    sv->resolved += sv->found;
    if (rc == SOLVER_OK && sv->found == 0) break;
  }
  sv->d = -1;
  snprintf(sv->phase, sizeof sv->phase, "draws");
  if (rc == SOLVER_OK) rc = run_pass(sv, finish_chunk);
  return rc;
}

int symsolver_layers(const Rules *r) {
  int k = rules_opening_plies(r);
  return !rules_hooked(r) && k <= SYMSOLVER_SEARCH_PLIES ? 1 : k + 1;
}

uint64_t symsolver_bytes(const Rules *r) {
  int n = r->arms;
  if (n < BOARD_MIN_ARMS || n > SYMRANK_MAX_ARMS || n % 2) return 0;
  return 2 * rank_binomial(n, n / 2) * (uint64_t)symsolver_layers(r);
}

/* solver_lookup of a symmetric solution: its states remember no move. */
static int lookup_method(const Solution *s, const Position *p,
                         const History *h, int *distance) {
  (void)h;
  return symsolver_lookup(s, p, distance);
}

static const SolutionMethods methods = {lookup_method, symsolver_free, NULL};

int symsolver_new_table(Solution *s, const Rules *r, int by_parity,
                        int even_wins, int layers) {
  s->sym = memory_realloc(NULL, sizeof *s->sym);
  if (!s->sym) return -1;
  if (symrank_init(&s->sym->rank, s->n)) {
    memory_realloc(s->sym, 0);
    s->sym = NULL;
    return -1;
  }
  s->sym->by_parity = by_parity;
  s->sym->even_wins = even_wins;
  s->sym->layers = layers;
  s->sym->rules = *r;
  memset(&s->sym->rules.hooks, 0, sizeof s->sym->rules.hooks);
  s->methods = &methods;
  return 0;
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
  int by_parity, even_wins;
  symsolver_coding(r, &by_parity, &even_wins);
  if (symsolver_new_table(s, r, by_parity, even_wins, symsolver_layers(r)) ||
      !(s->codes = memory_realloc(NULL, (size_t)symsolver_entries(s)))) {
    solver_free(s);
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  Sym sv = {0};
  sv.s = s;
  sv.r = r;
  sv.table = s->sym;
  sv.t = &s->sym->rank;
  sv.n = s->n;
  sv.hooked = rules_hooked(r);
  sv.threads = sv.hooked || threads < 1 ? 1 : threads;
  sv.max_distance = symsolver_max_distance(s->sym);
  sv.entries = symrank_layer(sv.t);
  sv.cancel = c;
  sv.progress = progress;
  sv.err = err;
  sv.pool = pool_new(sv.threads);
  if (!sv.pool) {
    solver_free(s);
    snprintf(err, BOARD_ERRMAX, "not enough memory to solve");
    return SOLVER_ERROR;
  }
  int rc = solve_last_layer(&sv);
  for (int ply = s->sym->layers - 2; ply >= 0 && rc == SOLVER_OK; ply--) {
    set_layer(&sv, (uint32_t)ply, ply);
    snprintf(sv.phase, sizeof sv.phase, "ply %d", ply);
    rc = run_pass(&sv, opening_chunk);
  }
  pool_free(sv.pool);
  if (rc != SOLVER_OK) solver_free(s);
  return rc;
}

void symsolver_free(Solution *s) {
  symrank_free(&s->sym->rank);
  memory_realloc(s->sym, 0);
  s->sym = NULL;
  s->methods = NULL;
}

uint64_t symsolver_entries(const Solution *s) {
  return symrank_layer(&s->sym->rank) * (uint64_t)s->sym->layers;
}

uint64_t symsolver_index(const Solution *s, const Position *p) {
  const SymRank *t = &s->sym->rank;
  uint64_t layer = p->ply < (uint32_t)s->sym->layers - 1
                       ? p->ply
                       : (uint64_t)s->sym->layers - 1;
  return layer * symrank_layer(t) + symrank_position(t, p);
}

/* The value and distance of p (in an opening ply whose layer is not kept)
** from its children's, searched down to the layer kept. */
static int search_opening(const Solution *s, const Position *p, int *distance) {
  const Rules *r = &s->sym->rules;
  Move moves[RULES_MAX_MOVES];
  int k = rules_param_moves(r, p, moves), draw = 0, best_win = -1, worst = -1;
  if (k == 0) {
    *distance = 0;
    return r->misere ? VALUE_WIN : VALUE_LOSS;
  }
  for (int i = 0; i < k; i++) {
    Position q = *p;
    int d;
    board_play(&q, moves[i]);
    int value = symsolver_lookup(s, &q, &d);
    if (value == VALUE_DRAW)
      draw = 1;
    else if (value == VALUE_LOSS) { /* the child is lost: a win */
      if (best_win < 0 || d + 1 < best_win) best_win = d + 1;
    } else if (d + 1 > worst)
      worst = d + 1;
  }
  *distance = best_win >= 0 ? best_win : draw ? -1 : worst;
  return best_win >= 0 ? VALUE_WIN : draw ? VALUE_DRAW : VALUE_LOSS;
}

int symsolver_lookup(const Solution *s, const Position *p, int *distance) {
  if (p->ply < (uint32_t)s->opening && s->sym->layers == 1) {
    int d, value = search_opening(s, p, &d);
    if (distance) *distance = d;
    return value;
  }
  return symsolver_value(s->sym, s->codes[symsolver_index(s, p)], distance);
}

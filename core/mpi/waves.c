/*
** waves.c — the waves of the symmetric solver over the ranks' slices.
*/
#define _POSIX_C_SOURCE 200809L
#include "waves.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "memory.h"
#include "rank.h"
#include "solver.h"
#include "symsolver.h"

#define BUDGET ((size_t)16 << 20) /* bytes of words a round sends at most */
#define LOST ((uint64_t)1 << 63)  /* a word's top bit: the child is lost */
#ifndef PART_SCAN /* a test build makes rounds small, to make them many */
#define PART_SCAN ((uint64_t)1 << 22) /* entries a round reads at most: a
** round is three collective calls over every rank, so rounds are few (at
** 26 arms on 2 ranks here, 401 rounds in 14.7 s where 2^18 took 4,393 in
** 20.0 s), and a rank with nothing to send reads this many entries (a
** second at most) before it sees a Ctrl-C */
#define PART_CHECKS 4096              /* entries counted again in a round */
#endif
#define SCAN ((uint64_t)PART_SCAN)
#define CHECKS PART_CHECKS

typedef uint64_t __attribute__((may_alias)) Word; /* 16 entries' codes */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int part_init(Part *p, const Rules *r, const volatile sig_atomic_t *stop) {
  memset(p, 0, sizeof *p);
  p->rules = *r;
  p->stop = stop;
  p->even_wins = r->misere != 0;
  p->max_distance = symsolver_longest(2);
  if (symrank_init(&p->rank, r->arms)) {
    snprintf(p->err, sizeof p->err, "not enough memory");
    return -1;
  }
  wave_init(&p->wave, &p->rules, &p->rank,
            (uint32_t)rules_opening_plies(&p->rules));
  p->entries = symrank_layer(&p->rank);
  if (exchange_init(&p->ex, BUDGET) ||
      !(p->next = memory_realloc(NULL, (size_t)p->ex.ranks * sizeof *p->next))) {
    snprintf(p->err, sizeof p->err, "not enough memory for the messages");
    return -1;
  }
  int ranks = p->ex.ranks, me = p->ex.me;
  p->per = (p->entries + (uint64_t)ranks - 1) / (uint64_t)ranks;
  p->per = (p->per + SYMRANK_ALIGN - 1) / SYMRANK_ALIGN * SYMRANK_ALIGN;
  p->lo = (uint64_t)me * p->per;
  p->hi = p->lo + p->per;
  if (p->lo > p->entries) p->lo = p->entries;
  if (p->hi > p->entries) p->hi = p->entries;
  uint64_t words = (p->hi - p->lo + 15) / 16; /* read a word at a time */
  p->codes = memory_realloc(NULL, (size_t)(words ? words : 1) * 8);
  if (!p->codes) {
    char size[16];
    snprintf(p->err, sizeof p->err, "not enough memory for a slice of %llu "
             "entries (%s at 4 bits an entry): more ranks",
             (unsigned long long)(p->hi - p->lo),
             memory_format((size_t)(words * 8), size));
    return -1;
  }
  memset(p->codes, 0, (size_t)(words ? words : 1) * 8);
  p->bytes_held = words * 8;
  return 0;
}

void part_free(Part *p) {
  exchange_free(&p->ex);
  memory_realloc(p->next, 0);
  memory_realloc(p->codes, 0);
  symrank_free(&p->rank);
  p->codes = NULL;
}

/* 1 when the entries found at wave d are lost for their mover. */
static int parity_lost(const Part *p, int d) {
  return (d % 2 == 0) != p->even_wins;
}

/* The code of entry i of the slice (a global entry). */
static unsigned code_of(const Part *p, uint64_t i) {
  return wave_get(p->codes, i - p->lo);
}

/* --- the start --- */

/* The starting codes of the slice, walking its masks in order (a slot
** that holds no class stays unresolved: a draw). */
static int start(Part *p) {
  const SymRank *t = &p->rank;
  SymCursor cursor = SYMCURSOR_START;
  for (uint64_t i = p->lo; i < p->hi; i++) {
    uint64_t own, enemy, mask = symrank_cursor(t, &cursor, i);
    int centre, value, code = (int)wave_count(1);
    if (i % SCAN == 0 && *p->stop) return SOLVER_CANCELLED;
    if (mask) {
      symrank_board(t, i >= t->combos, mask, &own, &enemy, &centre);
      if ((code = wave_start(&p->wave, own, enemy, centre, &value)) < 0)
        return SOLVER_EHOOK;
    }
    wave_set(p->codes, i - p->lo, (unsigned)code);
  }
  return SOLVER_OK;
}

/* --- spreading --- */

/* A child found at wave d (lost for its mover or not) comes to entry q
** of the slice (arms as wave_arrive). */
static int arrive(Part *p, uint64_t q, uint64_t arms, int lost) {
  unsigned old = code_of(p, q);
  int now = wave_arrive(&p->wave, q, arms, old, lost, p->d);
  if (now < 0) return SOLVER_EHOOK;
  if ((unsigned)now != old) wave_set(p->codes, q - p->lo, (unsigned)now);
  p->checks += (unsigned)now == WAVE_CHECK;
  return SOLVER_OK;
}

/* The arrivals waiting at this rank, a child lost or not (all alike in a
** wave).  Returns a SOLVER_* code. */
static int flush(Part *p, int lost) {
  int rc = SOLVER_OK;
  for (int j = 0; j < p->pending && rc == SOLVER_OK; j++)
    rc = arrive(p, p->waiting[j], p->arms[j], lost);
  p->pending = 0;
  return rc;
}

/* Spreads entry i, found at the wave, to its predecessors: soon on this
** rank, else to their owners.  Returns a SOLVER_* code. */
static int spread_entry(Part *p, uint64_t i, int lost) {
  uint64_t own, enemy, list[WAVE_MAX_PREDECESSORS], arms[WAVE_MAX_PREDECESSORS];
  int centre;
  const SymRank *t = &p->rank;
  symrank_board(t, i >= t->combos, symrank_cursor(t, &p->cursor, i), &own,
                &enemy, &centre);
  int k = wave_predecessors(&p->wave, own, enemy, centre, list, arms);
  if (k < 0) return SOLVER_EHOOK;
  for (int j = 0; j < k; j++) {
    int owner = part_owner(p, list[j]);
    if (owner != p->ex.me) {
      exchange_put(&p->ex, owner, list[j] | (lost ? LOST : 0));
      continue;
    }
    __builtin_prefetch(p->codes + (list[j] - p->lo) / 2, 1);
    p->bytes_kept += sizeof(uint64_t);
    p->waiting[p->pending] = list[j];
    p->arms[p->pending++] = arms[j];
  }
  return p->pending >= 64 ? flush(p, lost) : SOLVER_OK;
}

/* Spreads the entries of the slice found at wave d, counting them into
** *found, and settles them (won or lost), in rounds.  Returns a SOLVER_*
** code (the same on every rank). */
static int spread(Part *p, uint64_t *found) {
  unsigned code = wave_found(p->d);
  int lost = parity_lost(p, p->d), all_done = 0, any_stop = 0;
  unsigned settled = lost ? WAVE_LOSS : WAVE_WIN;
  int rc = SOLVER_OK;
  uint64_t i = p->lo;
  *found = 0;
  p->cursor = (SymCursor)SYMCURSOR_START;
  p->pending = 0;
  while (!all_done) {
    uint64_t end = p->hi - i > SCAN ? i + SCAN : p->hi; /* i <= hi */
    if (*p->stop) end = i = p->hi; /* nothing more: the round says stop */
    for (; i < end && rc == SOLVER_OK &&
           !exchange_full(&p->ex, 16 * WAVE_MAX_PREDECESSORS);
         i += 16) {
      Word *w = (Word *)(p->codes + (i - p->lo) / 2);
      uint64_t x = *w;
      if (!wave_has(x, code)) continue;
      for (int j = 0; j < 16 && rc == SOLVER_OK; j++, x >>= 4)
        if ((x & 15) == code) {
          (*found)++;
          rc = spread_entry(p, i + (uint64_t)j, lost);
        }
      *w = wave_replace(*w, code, settled); /* spread: settled */
    }
    if (i > p->hi) i = p->hi; /* the last word may end past the slice */
    if (rc == SOLVER_OK) rc = flush(p, lost);
    if (exchange_round(&p->ex)) return SOLVER_ERROR;
    for (size_t k = 0; k < p->ex.received && rc == SOLVER_OK; k++) {
      uint64_t w = p->ex.in[k];
      if (k + 16 < p->ex.received)
        __builtin_prefetch(p->codes + ((p->ex.in[k + 16] & ~LOST) - p->lo) / 2,
                           1);
      rc = arrive(p, w & ~LOST, 0, (w & LOST) != 0);
    }
    if (exchange_agree(i >= p->hi || rc != SOLVER_OK,
                       *p->stop || rc != SOLVER_OK, &all_done, &any_stop))
      return SOLVER_ERROR;
    if (any_stop) return rc != SOLVER_OK ? rc : SOLVER_CANCELLED;
  }
  return rc;
}

/* --- settling --- */

/* The entries of a round counted again: each with its children not won
** here, and the owners its other children were asked of, in order. */
typedef struct Checks {
  int count;
  uint64_t entry[CHECKS];
  int left[CHECKS];      /* children known here not to be won, or asked */
  int first[CHECKS + 1]; /* the owners asked for entry j */
  int owner[CHECKS * RULES_MAX_MOVES];
} Checks;

/* The answer to another rank: is child w of this slice won by its mover
** (at the wave or before: the wave's entries are settled by then)? */
static uint8_t answer_won(void *ctx, uint64_t w) {
  Part *p = ctx;
  return code_of(p, w) == WAVE_WIN;
}

/* Adds entry q, whose count ran out, to the round's checks: its children
** here counted, the others asked of their owners.  Returns a SOLVER_*
** code. */
static int check_add(Part *p, Checks *c, uint64_t q) {
  uint64_t children[RULES_MAX_MOVES];
  int k = wave_children(&p->wave, q, children), j = c->count, asked = 0;
  if (k < 0) return SOLVER_EHOOK;
  c->entry[j] = q;
  c->left[j] = k;
  for (int i = 0; i < k; i++) {
    int owner = part_owner(p, children[i]);
    if (owner == p->ex.me) {
      c->left[j] -= code_of(p, children[i]) == WAVE_WIN;
      p->bytes_kept += sizeof(uint64_t) + 1; /* a word and its answer */
    } else {
      exchange_put(&p->ex, owner, children[i]);
      c->owner[c->first[j] + asked++] = owner;
    }
  }
  c->first[j + 1] = c->first[j] + asked;
  c->count++;
  return SOLVER_OK;
}

/* Counts the round's checks with the answers of the other ranks, and
** gives each its code. */
static void checks_done(Part *p, Checks *c) {
  for (int r = 0; r < p->ex.ranks; r++)
    p->next[r] = exchange_answered_at(&p->ex, r);
  for (int j = 0; j < c->count; j++) {
    int left = c->left[j];
    for (int a = c->first[j]; a < c->first[j + 1]; a++)
      left -= p->ex.answers_in[p->next[c->owner[a]]++];
    wave_set(p->codes, c->entry[j] - p->lo, wave_recounted(left, p->d));
  }
  c->count = 0;
  c->first[0] = 0;
}

/* Counts again the entries whose count ran out in the wave, in rounds.
** Returns a SOLVER_* code. */
static int settle(Part *p, Checks *c) {
  int all_done = 0, any_stop = 0, rc = SOLVER_OK;
  uint64_t i = p->lo;
  c->count = 0;
  c->first[0] = 0;
  while (!all_done) {
    uint64_t end = p->hi - i > SCAN ? i + SCAN : p->hi; /* i <= hi */
    if (*p->stop) end = i = p->hi; /* nothing more: the round says stop */
    while (i < end && rc == SOLVER_OK && c->count < CHECKS &&
           !exchange_full(&p->ex, RULES_MAX_MOVES)) {
      if ((i - p->lo) % 16 == 0 &&
          !wave_has(*(const Word *)(p->codes + (i - p->lo) / 2), WAVE_CHECK)) {
        i += 16;
        continue;
      }
      if (code_of(p, i) == WAVE_CHECK) rc = check_add(p, c, i);
      i++;
    }
    if (i > p->hi) i = p->hi; /* the last word may end past the slice */
    if (exchange_round(&p->ex) || exchange_answer(&p->ex, answer_won, p))
      return SOLVER_ERROR;
    checks_done(p, c);
    if (exchange_agree(i >= p->hi || rc != SOLVER_OK,
                       *p->stop || rc != SOLVER_OK, &all_done, &any_stop))
      return SOLVER_ERROR;
    if (any_stop) return rc != SOLVER_OK ? rc : SOLVER_CANCELLED;
  }
  return rc;
}

/* --- the solve --- */

/* Packs the slice's codes into values, five a byte, in place: the
** entries still unresolved are drawn.  Counts the classes of each value
** (not the slots that hold none) into p->census. */
static void pack(Part *p) {
  static const uint8_t value[16] = {[WAVE_WIN] = VALUE_WIN,
                                    [WAVE_LOSS] = VALUE_LOSS};
  const SymRank *t = &p->rank;
  for (uint64_t j = 0; j < part_bytes(p); j++) {
    uint8_t v[SYMTABLE_PER_BYTE];
    for (int e = 0; e < SYMTABLE_PER_BYTE; e++) {
      uint64_t i = SYMTABLE_PER_BYTE * j + (uint64_t)e;
      v[e] = value[wave_get(p->codes, i)];
      if (p->lo + i < t->combos || symrank_cycle_mask(t, p->lo + i - t->combos))
        p->census[v[e]]++;
    }
    p->codes[j] = symtable_pack5(v);
  }
}

int part_solve(Part *p, PartReport report) {
  static Checks again;
  uint64_t found, most;
  int rc = p->d == 0 ? start(p) : SOLVER_OK, all_done, any_stop;
  if (exchange_agree(1, *p->stop || rc != SOLVER_OK, &all_done, &any_stop))
    return SOLVER_ERROR;
  if (any_stop) return rc != SOLVER_OK ? rc : SOLVER_CANCELLED;
  for (; rc == SOLVER_OK; p->d++) {
    double t = now();
    uint64_t mine = 0, checks;
    p->checks = 0;
    rc = spread(p, &mine);
    if (rc == SOLVER_OK && (exchange_sum(mine, &found, &most) ||
                            exchange_sum(p->checks, &checks, &most)))
      rc = SOLVER_ERROR;
    if (rc != SOLVER_OK || found == 0) break;
    if (p->d + 1 > p->max_distance) {
      snprintf(p->err, sizeof p->err,
               "a forced end lies more than %d plies away: beyond the "
               "solver's table",
               p->max_distance);
      return SOLVER_ERROR;
    }
    if (checks) rc = settle(p, &again);
    p->settled += found;
    if (report && rc == SOLVER_OK)
      report(p, p->d, found, p->settled, now() - t);
  }
  if (rc == SOLVER_ERROR && !p->err[0])
    snprintf(p->err, sizeof p->err, "a message between the ranks failed");
  if (rc == SOLVER_OK) pack(p);
  return rc;
}

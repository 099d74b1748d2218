/*
** symtable.c — a symmetric solution's table: its shape, and lookups (the
** value read, the distance of a values table searched).
*/
#include "symtable.h"

#include <string.h>
#include <sys/mman.h>

#include "memory.h"
#include "rank.h"

#define MEMO_FIRST 256          /* bounds a search remembers at first */
#define MEMO_MOST (1u << 22)    /* and at most (then it searches on without) */
#define UNKNOWN_HIGH 0xffffu    /* no upper bound known */

/* The digits of each byte of values, two bits each: a digit steps the
** byte by a power of 3 and the entry by a power of 4. */
#define DIGITS0(x) x, x + 1, x + 2
#define DIGITS1(x) DIGITS0(x), DIGITS0(x + 4), DIGITS0(x + 8)
#define DIGITS2(x) DIGITS1(x), DIGITS1(x + 16), DIGITS1(x + 32)
#define DIGITS3(x) DIGITS2(x), DIGITS2(x + 64), DIGITS2(x + 128)
const uint16_t symtable_digits[256] = {DIGITS3(0), DIGITS3(256),
                                       DIGITS3(512)};

void symtable_coding(const Rules *r, int *bits, int *even_wins) {
  *bits = rules_hooked(r) ? 8 : 2;
  *even_wins = r->misere != 0;
}

int symtable_layers(const Rules *r) {
  int k = rules_opening_plies(r);
  return !rules_hooked(r) && k <= SYMTABLE_SEARCH_PLIES ? 1 : k + 1;
}

/* solver_lookup of a symmetric solution: its states remember no move. */
static int lookup_method(const Solution *s, const Position *p,
                         const History *h, int *distance) {
  (void)h;
  return symtable_lookup(s, p, distance);
}

static const SolutionMethods methods = {lookup_method, symtable_free, NULL,
                                        NULL};

int symtable_new(Solution *s, const Rules *r, int bits, int even_wins,
                 int layers) {
  s->sym = memory_realloc(NULL, sizeof *s->sym);
  if (!s->sym) return -1;
  memset(s->sym, 0, sizeof *s->sym);
  if (symrank_init(&s->sym->rank, s->n)) {
    memory_realloc(s->sym, 0);
    s->sym = NULL;
    return -1;
  }
  s->sym->bits = bits;
  s->sym->even_wins = even_wins;
  s->sym->layers = layers;
  s->sym->rules = *r;
  memset(&s->sym->rules.hooks, 0, sizeof s->sym->rules.hooks);
  s->methods = &methods;
  return 0;
}

void symtable_free(Solution *s) {
  if (s->sym->map) {
    munmap(s->sym->map, s->sym->map_size);
    s->codes = NULL;
  }
  symrank_free(&s->sym->rank);
  memory_realloc(s->sym, 0);
  s->sym = NULL;
  s->methods = NULL;
}

uint64_t symtable_entries(const Solution *s) {
  return symrank_layer(&s->sym->rank) * (uint64_t)s->sym->layers;
}

uint64_t symtable_index(const Solution *s, const Position *p) {
  const SymRank *t = &s->sym->rank;
  uint64_t layer = p->ply < (uint32_t)s->sym->layers - 1
                       ? p->ply
                       : (uint64_t)s->sym->layers - 1;
  return layer * symrank_layer(t) + symrank_position(t, p);
}

/* --- values --- */

/* 1 when p lies in an opening ply whose layer is not kept. */
static int searched_ply(const Solution *s, const Position *p) {
  return p->ply < (uint32_t)s->opening && s->sym->layers == 1;
}

static int value_of(const Solution *s, const Position *p);

/* The value of p (in an opening ply whose layer is not kept) from its
** children's, searched down to the layer kept. */
static int opening_value(const Solution *s, const Position *p) {
  Move moves[RULES_MAX_MOVES];
  int k = rules_param_moves(&s->sym->rules, p, moves), draw = 0;
  if (k == 0) return s->sym->rules.misere ? VALUE_WIN : VALUE_LOSS;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    int value = value_of(s, &q);
    if (value == VALUE_LOSS) return VALUE_WIN; /* the child is lost */
    draw |= value == VALUE_DRAW;
  }
  return draw ? VALUE_DRAW : VALUE_LOSS;
}

/* The value of p for its side to move. */
static int value_of(const Solution *s, const Position *p) {
  if (searched_ply(s, p)) return opening_value(s, p);
  const SymTable *t = s->sym;
  return symtable_value(t, symtable_code(t, s->codes, symtable_index(s, p)));
}

/* --- the distances of a values table, searched --- */

/* What a search knows of an entry: its distance lies in [lo, hi]. */
typedef struct Bound {
  uint64_t key; /* 0: a free place */
  uint16_t lo, hi;
} Bound;

typedef struct Search {
  const Solution *s;
  Bound *memo; /* open addressing, size a power of 2: first, then the heap's */
  size_t size, used;
  Bound first[MEMO_FIRST]; /* most searches need no more, nor a malloc */
} Search;

/* The key of p: its ply as the rules read it and its entry, plus 1. */
static uint64_t key_of(const Search *se, const Position *p) {
  const Solution *s = se->s;
  uint64_t ply = p->ply < (uint32_t)s->opening ? p->ply : (uint64_t)s->opening;
  return ply * symrank_layer(&s->sym->rank) +
         symrank_position(&s->sym->rank, p) + 1;
}

/* The place of key in the memo: its own, or the free one it would take. */
static Bound *memo_place(const Search *se, uint64_t key) {
  size_t mask = se->size - 1, i = (size_t)(key * 0x9e3779b97f4a7c15u >> 20);
  for (;; i++)
    if (se->memo[i & mask].key == key || se->memo[i & mask].key == 0)
      return &se->memo[i & mask];
}

/* Doubles the memo.  Returns 0, or -1 when it cannot (it stays). */
static int memo_grow(Search *se) {
  if (se->size >= MEMO_MOST) return -1;
  Bound *old = se->memo;
  size_t size = se->size;
  se->memo = memory_realloc(NULL, 2 * size * sizeof *old);
  if (!se->memo) {
    se->memo = old;
    return -1;
  }
  memset(se->memo, 0, 2 * size * sizeof *old);
  se->size = 2 * size;
  for (size_t i = 0; i < size; i++)
    if (old[i].key) *memo_place(se, old[i].key) = old[i];
  if (old != se->first) memory_realloc(old, 0);
  return 0;
}

/* Records what a search learned of key: d <= D when within, else d > D. */
static void memo_learn(Search *se, uint64_t key, int D, int within) {
  Bound *b = memo_place(se, key);
  if (b->key == 0) {
    if (2 * (se->used + 1) > se->size &&
        (memo_grow(se) || (b = memo_place(se, key))->key != 0))
      return; /* full: searched again when asked again */
    b->key = key;
    b->lo = 0;
    b->hi = UNKNOWN_HIGH;
    se->used++;
  }
  if (within && D < b->hi) b->hi = (uint16_t)D;
  if (!within && D + 1 > b->lo) b->lo = (uint16_t)(D + 1);
}

/* The distance parity of a value: 1 when its distances are odd. */
static int parity_of(const SymTable *t, int value) {
  return (value == VALUE_LOSS) == t->even_wins;
}

/* The largest distance at most D of that parity, or -1. */
static int snap(int D, int parity) {
  return D < 0 ? -1 : D % 2 == parity ? D : D - 1;
}

/* 1 when p, of value (a win or a loss), ends within D plies under best
** play: its distance is at most D. */
static int within(Search *se, const Position *p, int value, int D) {
  const Solution *s = se->s;
  const SymTable *t = s->sym;
  uint64_t key = key_of(se, p);
  Bound *b = memo_place(se, key);
  if (b->key == key && b->hi <= D) return 1;
  if (b->key == key && b->lo > D) return 0;
  Move moves[RULES_MAX_MOVES];
  int k = rules_param_moves(&t->rules, p, moves);
  int win = value == VALUE_WIN, ok = k == 0 || !win;
  for (int i = 0; i < k && ok != win; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    int child = value_of(s, &q);
    if (win && child != VALUE_LOSS) continue; /* keeps no win */
    int Dq = snap(D - 1, parity_of(t, child));
    ok = Dq >= 0 && child != VALUE_DRAW && within(se, &q, child, Dq);
  }
  memo_learn(se, key, D, ok);
  return ok;
}

/* The distance of p (of value, a win or a loss) in a values table. */
static int searched_distance(const Solution *s, const Position *p,
                             int value) {
  Search se;
  se.s = s;
  se.memo = se.first;
  se.size = MEMO_FIRST;
  se.used = 0;
  memset(se.first, 0, sizeof se.first);
  int D = parity_of(s->sym, value); /* a damaged table may prove none: */
  while (D + 2 <= SOLVER_LONGEST && !within(&se, p, value, D)) D += 2;
  if (se.memo != se.first) memory_realloc(se.memo, 0);
  return D;
}

int symtable_lookup(const Solution *s, const Position *p, int *distance) {
  const SymTable *t = s->sym;
  if (t->bits == 8) { /* hooked rules: every opening ply has its layer */
    unsigned code = s->codes[symtable_index(s, p)];
    if (distance) *distance = symtable_distance(code);
    return symtable_value(t, code);
  }
  int value = value_of(s, p);
  if (distance)
    *distance = value == VALUE_DRAW ? -1 : searched_distance(s, p, value);
  return value;
}

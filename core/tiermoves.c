/*
** tiermoves.c — a tiered table's moves, forwards and back.
*/
#include "tiermoves.h"

#include <string.h>

#include "memory.h"

/* --- reading the rules' moves --- */

/* The slides of the board: a graph's lines, or the wheel's (each arm to
** its two neighbours and the centre, the centre to every arm). */
static void read_slides(TierMoves *m) {
  const TierTable *t = m->t;
  if (m->r->graph) {
    for (int i = 0; i < t->points; i++) {
      m->next[i] = m->r->graph->next[i];
      m->prev[i] = m->r->graph->prev[i];
    }
    return;
  }
  int n = t->arms;
  uint64_t centre = (uint64_t)1 << n;
  for (int u = 0; u < n; u++)
    m->next[u] = m->prev[u] = (uint64_t)1 << ((u + 1) % n) |
                              (uint64_t)1 << ((u + n - 1) % n) | centre;
  m->next[n] = m->prev[n] = board_full(n);
}

/* The longest jump of the rules, in points jumped over (0: none). */
static int longest_jump(const Fields *f) {
  int most = 0;
  for (int i = 0; i < f->jumps; i++)
    if (f->jump[i].max > most) most = f->jump[i].max;
  return most;
}

/* Writes the straight line of the board from u through v into points (at
** most span of them, v first).  Returns how many. */
static int straight_line(const TierMoves *m, int u, int v, uint8_t *points) {
  const Graph *g = m->r->graph;
  int k = 0;
  if (!g) { /* along the ring, in v's direction, short of u */
    int n = m->t->arms, d = v == (u + 1) % n ? 1 : n - 1;
    for (int x = v; x != u && k < m->span; x = (x + d) % n)
      points[k++] = (uint8_t)x;
    return k;
  }
  int a = u, b = v;
  points[k++] = (uint8_t)v;
  while (k < m->span) {
    int c = g->beyond[a][b];
    if (c == GRAPH_NONE || !(g->next[b] >> c & 1)) break;
    points[k++] = (uint8_t)c;
    a = b;
    b = c;
  }
  return k;
}

/* The points from which a jump's first step goes from u: a graph's lines
** from u, the wheel's two neighbours on the ring. */
static uint64_t jump_starts(const TierMoves *m, int u) {
  if (m->r->graph) return m->r->graph->next[u];
  if (u == m->t->arms) return 0; /* the centre: no straight line */
  int n = m->t->arms;
  return (uint64_t)1 << ((u + 1) % n) | (uint64_t)1 << ((u + n - 1) % n);
}

/* The straight lines jumps run along: their number, and in *span the
** points each keeps. */
static int count_lines(const TierMoves *m, int *span) {
  int lines = 0, n = m->t->points;
  *span = longest_jump(&m->r->fields) + 1;
  if (*span > n) *span = n;
  for (int u = 0; u < n; u++)
    lines += __builtin_popcountll(jump_starts(m, u));
  return lines ? lines : 1;
}

uint64_t tiermoves_bytes(const Rules *r, const TierTable *t) {
  TierMoves m;
  int span;
  m.r = r;
  m.t = t;
  int lines = count_lines(&m, &span);
  return (uint64_t)lines * (uint64_t)(span + 1 + 2 * sizeof(uint64_t)) + 1;
}

/* Reads the straight lines jumps run along.  Returns 0, or -1 without
** memory. */
static int read_lines(TierMoves *m) {
  int lines = count_lines(m, &m->span), n = m->t->points;
  m->line_length = memory_realloc(NULL, (size_t)lines);
  m->line_point = memory_realloc(NULL, (size_t)lines * (size_t)m->span + 1);
  m->line_bits = memory_realloc(NULL, (size_t)lines * 2 * sizeof(uint64_t));
  if (!m->line_length || !m->line_point || !m->line_bits) return -1;
  int l = 0;
  for (int u = 0; u < n; u++) {
    m->line_first[u] = (uint16_t)l;
    for (uint64_t vs = jump_starts(m, u); vs; vs &= vs - 1, l++) {
      const uint8_t *line = m->line_point + (size_t)l * m->span;
      m->line_length[l] = (uint8_t)straight_line(
          m, u, __builtin_ctzll(vs), m->line_point + (size_t)l * m->span);
      int two = m->line_length[l] >= 2;
      m->line_bits[2 * l] = two ? (uint64_t)1 << line[0] : 0;
      m->line_bits[2 * l + 1] = two ? (uint64_t)1 << line[1] : 0;
    }
  }
  m->line_first[n] = (uint16_t)l;
  return 0;
}

/* The landing points of the jumps of rule j from u, by their lines. */
static uint64_t landings(const TierMoves *m, const JumpRule *j, int u) {
  uint64_t out = 0;
  for (int l = m->line_first[u]; l < m->line_first[u + 1]; l++)
    for (int over = j->min; over <= j->max && over < m->line_length[l]; over++)
      out |= (uint64_t)1 << m->line_point[(size_t)l * m->span + over];
  return out;
}

/* 1 when no two moves of a point can land on the same point: its slides
** and each line of each jump rule land on points of their own. */
static int landings_apart(const TierMoves *m) {
  const Fields *f = &m->r->fields;
  for (int u = 0; u < m->t->points; u++) {
    uint64_t seen = !f->no_slides || f->slide_takes ? m->next[u] : 0;
    for (int i = 0; i < f->jumps; i++)
      for (int l = m->line_first[u]; l < m->line_first[u + 1]; l++)
        for (int over = f->jump[i].min;
             over <= f->jump[i].max && over < m->line_length[l]; over++) {
          uint64_t c = (uint64_t)1 << m->line_point[(size_t)l * m->span + over];
          if (seen & c) return 0;
          seen |= c;
        }
  }
  return 1;
}

int tiermoves_init(TierMoves *m, const Rules *r, const TierTable *t) {
  const Fields *f = &r->fields;
  memset(m, 0, sizeof *m);
  m->r = r;
  m->t = t;
  m->full = ~(uint64_t)0 >> (64 - t->points);
  read_slides(m);
  if (read_lines(m)) {
    tiermoves_free(m);
    return -1;
  }
  m->drop_to = m->full & ~f->no_drop;
  if (t->arms) {
    m->drop_to &= board_full(t->arms);
    if (!f->no_drop_centre) m->drop_to |= (uint64_t)1 << t->arms;
  }
  m->guard = -1;
  if (rules_flank_at(r, 0)) m->guard = r->graph ? r->graph->centre : t->arms;
  m->trusted = !r->adjacent_enemy;
  for (int i = 0; i < f->jumps; i++)
    if (f->jump[i].onto & HOLDS_EMPTY) /* a jump that may take nothing */
      for (int u = 0; u < t->points; u++)
        for (uint64_t c = landings(m, &f->jump[i], u); c; c &= c - 1)
          m->jump_from[__builtin_ctzll(c)] |= (uint64_t)1 << u;
  m->fast = m->trusted && m->guard < 0 && landings_apart(m);
  return 0;
}

void tiermoves_free(TierMoves *m) {
  memory_realloc(m->line_length, 0);
  memory_realloc(m->line_point, 0);
  memory_realloc(m->line_bits, 0);
  m->line_length = m->line_point = NULL;
  m->line_bits = NULL;
}

int tiermoves_staying(const TierMoves *m) {
  const Fields *f = &m->r->fields;
  int per[64], n = m->t->points, most = 0;
  for (int u = 0; u < n; u++) {
    per[u] = f->no_slides ? 0 : __builtin_popcountll(m->next[u]);
    for (int i = 0; i < f->jumps; i++)
      if (f->jump[i].onto & HOLDS_EMPTY)
        per[u] += __builtin_popcountll(landings(m, &f->jump[i], u));
  }
  for (int k = 0; k < m->t->kmost && k < n; k++) { /* the largest first */
    int best = k;
    for (int u = k + 1; u < n; u++)
      if (per[u] > per[best]) best = u;
    int x = per[k];
    per[k] = per[best];
    per[best] = x;
    most += per[k];
  }
  return most + (f->pass != PASS_NEVER);
}

/* --- forwards --- */

/* The states a state's moves lead to, in the tier's own, kept apart. */
typedef struct Staying {
  uint64_t child[RULES_MAX_MOVES], state[RULES_MAX_MOVES];
  int what; /* TIERMOVES_* */
} Staying;

/* Sets x to a state that ends the game: the mover wins (won) or loses at
** once. */
static void ended(TierExpansion *x, int won) {
  x->end = 1;
  x->code = tiers_code(won ? VALUE_WIN : VALUE_LOSS, 0);
}

/* Adds the child of a state of tier k to x, from the mover's side: the
** mover (side) with own, the other with enemy, and the hands; to those of
** other tiers, or to stay (listed in y but for TIERMOVES_COUNT).  Returns 0,
** or -1 when neither tier k nor a tier below it holds it. */
static int add_child(const TierMoves *m, int k, uint64_t own, uint64_t enemy,
                     int side, const uint8_t hand[2], TierExpansion *x,
                     Staying *y) {
  const TierTable *t = m->t;
  uint64_t black = side == BLACK ? own : enemy;
  uint64_t white = side == BLACK ? enemy : own;
  int c = tiers_find(t, tiers_count(black), tiers_count(white), hand[BLACK],
                     hand[WHITE]);
  if (c < 0 || (c != k && !tiers_below(t, c, k))) return -1;
  if (c == k && y->what == TIERMOVES_COUNT) {
    x->stay++;
    return 0;
  }
  const Tier *to = &t->tier[c];
  uint64_t code = 0, state = 0;
  if (y->what != TIERMOVES_COUNT) {
    uint64_t r = tiers_rank(t, to, black, white, side ^ 1);
    state = to->first + r;
    if (y->what == TIERMOVES_BOTH)
      code = to->kept ? to->code + r
                      : tiers_code_of(t, c, black, white, side ^ 1);
  } else
    code = tiers_code_of(t, c, black, white, side ^ 1);
  if (c == k) {
    y->child[x->stay] = code;
    y->state[x->stay++] = state;
  } else {
    x->child[x->leave] = code;
    x->state[x->leave++] = state;
  }
  return 0;
}

/* The points of own, enemy and the empty ones that what allows
** (HOLDS_* bits). */
static uint64_t holding(int what, uint64_t own, uint64_t enemy,
                        uint64_t empty) {
  return (what & HOLDS_OWN ? own : 0) | (what & HOLDS_ENEMY ? enemy : 0) |
         (what & HOLDS_EMPTY ? empty : 0);
}

/* The jumps over one point of the pieces own against enemy by rule j
** (j->max is 1), added to x.  Returns 0 or -1. */
static int add_short_jumps(const TierMoves *m, int k, const JumpRule *j,
                           uint64_t own, uint64_t enemy, int side,
                           const uint8_t hand[2], TierExpansion *x,
                           Staying *own_list) {
  uint64_t empty = m->full & ~(own | enemy);
  uint64_t over = holding(j->over, own, enemy, empty);
  uint64_t onto = holding(j->onto, own, enemy, empty);
  const uint64_t *bits = m->line_bits;
  uint64_t take = j->take ? enemy : 0;
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    for (int l = m->line_first[u]; l < m->line_first[u + 1]; l++) {
      uint64_t b = bits[2 * l], c = bits[2 * l + 1];
      if (!(over & b) || !(onto & c)) continue;
      uint64_t taken = (take & b) | (enemy & c);
      if (add_child(m, k, (own & ~(from & -from)) | c, enemy & ~taken, side,
                    hand, x, own_list))
        return -1;
    }
  }
  return 0;
}

/* The jumps of the pieces own against enemy by rule j, added to x.
** Returns 0 or -1. */
static int add_jumps(const TierMoves *m, int k, const JumpRule *j,
                     uint64_t own, uint64_t enemy, int side,
                     const uint8_t hand[2], TierExpansion *x,
                     Staying *own_list) {
  if (j->max == 1)
    return add_short_jumps(m, k, j, own, enemy, side, hand, x, own_list);
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    for (int l = m->line_first[u]; l < m->line_first[u + 1]; l++) {
      const uint8_t *line = m->line_point + (size_t)l * m->span;
      uint64_t passed = 0;
      for (int i = 0; i < j->max && i + 1 <= m->line_length[l]; i++) {
        uint64_t b = (uint64_t)1 << line[i];
        int what = own & b ? HOLDS_OWN : enemy & b ? HOLDS_ENEMY : HOLDS_EMPTY;
        if (!(j->over & what)) break;
        if (what == HOLDS_ENEMY) passed |= b;
        if (i + 1 >= m->line_length[l]) break;
        uint64_t c = (uint64_t)1 << line[i + 1];
        int there = own & c ? HOLDS_OWN : enemy & c ? HOLDS_ENEMY : HOLDS_EMPTY;
        if (i + 1 < j->min || !(j->onto & there)) continue;
        uint64_t taken = (j->take ? passed : 0) | (enemy & c);
        if (add_child(m, k, (own & ~((uint64_t)1 << u)) | c, enemy & ~taken,
                      side, hand, x, own_list))
          return -1;
      }
    }
  }
  return 0;
}

/* The slides of own to the empty points: counted into x (all 0), or
** listed. */
static int add_slides(const TierMoves *m, int k, uint64_t own, uint64_t enemy,
                      int side, const uint8_t hand[2], int all,
                      TierExpansion *x, Staying *own_list) {
  uint64_t empty = m->full & ~(own | enemy);
  if (!all) {
    if (tiers_count(empty) < tiers_count(own))
      for (uint64_t to = empty; to; to &= to - 1)
        x->stay += tiers_count(m->prev[__builtin_ctzll(to)] & own);
    else
      for (uint64_t from = own; from; from &= from - 1)
        x->stay += tiers_count(m->next[__builtin_ctzll(from)] & empty);
    return 0;
  }
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    for (uint64_t to = m->next[u] & empty; to; to &= to - 1)
      if (add_child(m, k, (own & ~((uint64_t)1 << u)) | (to & -to), enemy,
                    side, hand, x, own_list))
        return -1;
  }
  return 0;
}

/* The moves of the pieces on the board made the fast way. */
static int fast_pieces(const TierMoves *m, int k, uint64_t own,
                       uint64_t enemy, int side, const uint8_t hand[2],
                       int all, TierExpansion *x, Staying *own_list) {
  const Fields *f = &m->r->fields;
  if (!f->no_slides &&
      add_slides(m, k, own, enemy, side, hand, all, x, own_list))
    return -1;
  if (f->slide_takes)
    for (uint64_t from = own; from; from &= from - 1) {
      int u = __builtin_ctzll(from);
      for (uint64_t to = m->next[u] & enemy; to; to &= to - 1)
        if (add_child(m, k, (own & ~((uint64_t)1 << u)) | (to & -to),
                      enemy & ~(to & -to), side, hand, x, own_list))
          return -1;
    }
  for (int i = 0; i < f->jumps; i++)
    if (add_jumps(m, k, &f->jump[i], own, enemy, side, hand, x, own_list))
      return -1;
  return 0;
}

/* tiermoves_expand the fast way. */
static int expand_fast(const TierMoves *m, int k, uint64_t black,
                       uint64_t white, int side, int all, TierExpansion *x,
                       Staying *own_list) {
  const Fields *f = &m->r->fields;
  const Tier *tier = &m->t->tier[k];
  uint64_t own = side == BLACK ? black : white;
  uint64_t enemy = side == BLACK ? white : black;
  if (f->row) /* the side that moved last made a row */
    for (int i = 0; i < f->rows; i++)
      if ((enemy & f->row_mask[i]) == f->row_mask[i]) {
        ended(x, 0);
        return 0;
      }
  int pieces = 1;
  if (f->drops && tier->hand[side]) {
    uint8_t hand[2] = {tier->hand[BLACK], tier->hand[WHITE]};
    hand[side]--;
    for (uint64_t to = m->drop_to & ~(black | white); to; to &= to - 1)
      if (add_child(m, k, own | (to & -to), enemy, side, hand, x, own_list))
        return -1;
    pieces = f->drops != DROPS_FIRST;
  }
  if (pieces &&
      fast_pieces(m, k, own, enemy, side, tier->hand, all, x, own_list))
    return -1;
  if (fields_pass(f, x->stay + x->leave, own || tier->hand[side]))
    if (add_child(m, k, own, enemy, side, tier->hand, x, own_list)) return -1;
  if (x->stay + x->leave == 0) ended(x, m->r->misere);
  return 0;
}

/* The point of a Move for a point of the table (the wheel's centre is
** BOARD_CENTRE there). */
static int move_point(const TierMoves *m, int point) {
  return m->t->arms && point == m->t->arms ? BOARD_CENTRE : point;
}

/* tiermoves_expand by the rules' own moves. */
static int expand_rules(const TierMoves *m, int k, uint64_t black,
                        uint64_t white, int side, int all, TierExpansion *x,
                        Staying *own_list) {
  const Tier *tier = &m->t->tier[k];
  Move moves[RULES_MAX_MOVES];
  Position p;
  (void)all; /* its own tier's children are always listed */
  tiers_position(m->t, black, white, side, tier->hand, &p);
  int outcome = rules_row_outcome(m->r, &p);
  if (outcome) {
    ended(x, (outcome == OUTCOME_BLACK) == (side == BLACK));
    return 0;
  }
  int n = rules_param_moves(m->r, &p, moves);
  for (int i = 0; i < n; i++) {
    Position q = p;
    uint64_t b, w;
    board_play(&q, moves[i]);
    tiers_masks(m->t, &q, &b, &w);
    if (add_child(m, k, side == BLACK ? b : w, side == BLACK ? w : b, side,
                  q.hand, x, own_list))
      return -1;
  }
  if (n == 0) ended(x, m->r->misere);
  return 0;
}

/* Runs an expansion way and moves the children of the state's own tier
** after the others, but for TIERMOVES_COUNT. */
static int expand_with(int (*way)(const TierMoves *, int, uint64_t, uint64_t,
                                  int, int, TierExpansion *, Staying *),
                       const TierMoves *m, int k, uint64_t black,
                       uint64_t white, int side, int what, TierExpansion *x) {
  Staying own_list;
  int all = what != TIERMOVES_COUNT;
  own_list.what = what;
  x->end = 0;
  x->code = 0;
  x->stay = x->leave = 0;
  if (way(m, k, black, white, side, all, x, &own_list)) return -1;
  if (all && !x->end) {
    memcpy(x->child + x->leave, own_list.child,
           (size_t)x->stay * sizeof *x->child);
    memcpy(x->state + x->leave, own_list.state,
           (size_t)x->stay * sizeof *x->state);
  }
  if (x->end) x->stay = x->leave = 0;
  return 0;
}

int tiermoves_expand(const TierMoves *m, int k, uint64_t black,
                     uint64_t white, int side, int what, TierExpansion *x) {
  return expand_with(m->fast ? expand_fast : expand_rules, m, k, black, white,
                     side, what, x);
}

int tiermoves_expand_rules(const TierMoves *m, int k, uint64_t black,
                           uint64_t white, int side, int what,
                           TierExpansion *x) {
  return expand_with(expand_rules, m, k, black, white, side, what, x);
}

/* --- backwards --- */

int tiermoves_before(const TierMoves *m, int k, uint64_t black,
                     uint64_t white, int side, TierBefore *out) {
  const Fields *f = &m->r->fields;
  const Tier *tier = &m->t->tier[k];
  TierRanks ranks = tiers_ranks(m->t);
  uint64_t sets = tier->sets, rest = tier->rest;
  int mover = side ^ 1, n = 0;
  uint64_t mine = mover == BLACK ? black : white;
  uint64_t other = mover == BLACK ? white : black;
  uint64_t empty = m->full & ~(black | white);
  int pieces = !(f->drops == DROPS_FIRST && tier->hand[mover]);
  int slides = pieces && !f->no_slides, guard = m->guard;
  int trusting = slides && m->trusted;
  for (uint64_t to = pieces ? mine : 0; to; to &= to - 1) {
    int v = __builtin_ctzll(to);
    uint64_t prev = slides ? m->prev[v] : 0;
    uint64_t from = (prev | m->jump_from[v]) & empty;
    int trusted = trusting && v != guard;
    for (; from; from &= from - 1) {
      int u = __builtin_ctzll(from);
      uint64_t before = (mine & ~(to & -to)) | (from & -from);
      TierBefore b = {tiers_ranks_state(ranks, sets, rest,
                                        mover == BLACK ? before : other,
                                        mover == BLACK ? other : before,
                                        mover),
                      (uint8_t)u, (uint8_t)v,
                      (uint8_t)!(trusted && (prev >> u & 1))};
      out[n++] = b;
    }
  }
  /* a pass, but not by a side with no piece left (fields_pass) */
  if (f->pass != PASS_NEVER && (mine || tier->hand[mover])) {
    TierBefore b = {tiers_ranks_state(ranks, sets, rest, black, white, mover),
                    TIERMOVES_PASS, TIERMOVES_PASS,
                    (uint8_t)(f->pass != PASS_ALWAYS)};
    out[n++] = b;
  }
  return n;
}

int tiermoves_legal(const TierMoves *m, int k, uint64_t black, uint64_t white,
                    int side, const TierBefore *b) {
  int mover = side ^ 1;
  Position p;
  Move moves[RULES_MAX_MOVES];
  if (b->from != TIERMOVES_PASS) {
    uint64_t *mine = mover == BLACK ? &black : &white;
    *mine = (*mine & ~((uint64_t)1 << b->to)) | (uint64_t)1 << b->from;
  }
  tiers_position(m->t, black, white, mover, m->t->tier[k].hand, &p);
  if (rules_row_outcome(m->r, &p)) return 0;
  int n = rules_param_moves(m->r, &p, moves);
  for (int i = 0; i < n; i++) {
    Move x = moves[i];
    if (b->from == TIERMOVES_PASS ? x.from == BOARD_PASS
                                  : x.from == move_point(m, b->from) &&
                                        x.to == move_point(m, b->to) &&
                                        !move_takes(x))
      return 1;
  }
  return 0;
}

/*
** fields.c — the moves of a variant's fields on the wheel and on graphs,
** the rows of a board, and the bound on the moves a position may have.
*/
#include "fields.h"

#include <stdio.h>
#include <string.h>

/* The ring's rotations by one arm: bit i to i+1, and bit i to i-1. */
static inline uint64_t ring_up(uint64_t x, int n) {
  return ((x << 1) | (x >> (n - 1))) & board_full(n);
}
static inline uint64_t ring_down(uint64_t x, int n) {
  return ((x >> 1) | (x << (n - 1))) & board_full(n);
}

int fields_capture(const Fields *f) {
  if (f->slide_takes) return 1;
  for (int i = 0; i < f->jumps; i++)
    if (f->jump[i].take || (f->jump[i].onto & HOLDS_ENEMY)) return 1;
  return 0;
}

/* What point holds, seen by the mover with pieces own against enemy. */
static inline int holds(uint64_t own, uint64_t enemy, int point) {
  uint64_t bit = (uint64_t)1 << point;
  return own & bit ? HOLDS_OWN : enemy & bit ? HOLDS_ENEMY : HOLDS_EMPTY;
}

/* 1 when m is among the k moves of out. */
static int made(const Move *out, int k, Move m) {
  for (int i = 0; i < k; i++)
    if (move_equal(out[i], m)) return 1;
  return 0;
}

/* Appends the drops of the mover onto the empty points of mask (and the
** centre when centre) to out[k..].  Returns the new count. */
static int add_drops(uint64_t mask, int centre, Move *out, int k) {
  for (; mask; mask &= mask - 1)
    out[k++] = (Move){BOARD_HAND, (uint8_t)__builtin_ctzll(mask), 0, {0}, 0};
  if (centre) out[k++] = (Move){BOARD_HAND, BOARD_CENTRE, 0, {0}, 0};
  return k;
}

/* Appends the jumps of rule j of the piece on u, first over v, along the
** straight line whose next point after b from a is next(a, b), to out.
** Returns the new count.  (One body for both boards: beyond is the board's
** straight line, lines whether a line leads from a point to another.) */
#define JUMP_WALK(BEYOND, LEADS)                                              \
  do {                                                                        \
    int a = u, b = v, over = 0;                                               \
    uint64_t passed = 0;                                                      \
    while (over < j->max) {                                                   \
      int what = holds(own, enemy, b);                                        \
      if (!(j->over & what)) break;                                           \
      if (what == HOLDS_ENEMY) passed |= (uint64_t)1 << b;                    \
      over++;                                                                 \
      int c = (BEYOND);                                                       \
      if (c == GRAPH_NONE || !(LEADS)) break;                                 \
      int there = holds(own, enemy, c);                                       \
      if (over >= j->min && (j->onto & there)) {                              \
        Move m = {(uint8_t)u, (uint8_t)c, 0, {0},                             \
                  (j->take ? passed : 0) |                                    \
                      (there == HOLDS_ENEMY ? (uint64_t)1 << c : 0)};         \
        if (!check || !made(out, k, m)) out[k++] = m;                         \
      }                                                                       \
      a = b;                                                                  \
      b = c;                                                                  \
    }                                                                         \
    (void)a;                                                                  \
  } while (0)

/* 1 when the jumps of the fields may make a move another rule (or the
** same rule along another line) makes too, on the board g (NULL: the
** wheel of n arms): then each jump is checked against the moves before
** it.  A jump's landing is a slide's only where a line shortcuts a
** straight line (graph.h); on the ring, the two ways round meet when a
** jump goes half round. */
static int jumps_may_repeat(const Fields *f, const Graph *g, int n) {
  if (f->jumps > 1) return 1;
  if (f->jumps == 0) return 0;
  const JumpRule *j = &f->jump[0];
  if (!g) return 2 * (j->max + 1) >= n;
  int to_empty = (j->onto & HOLDS_EMPTY) && (!j->take || j->over != HOLDS_ENEMY);
  return g->shortcut &&
         ((to_empty && !f->no_slides) || ((j->onto & HOLDS_ENEMY) && f->slide_takes));
}

/* The slides of the wheel, any number of points empty: from arms
** ascending (to arms ascending, the centre last), the centre's piece last;
** adjacent: a piece moves only with an enemy next to it (the centre being
** next to every arm); flank: a piece enters the centre only with an enemy
** on a neighbouring arm.  Takes: onto enemy pieces instead of empty points
** (the flank and adjacent-enemy rules bind slides onto empty points only). */
static int wheel_slides(const Position *p, int flank, int adjacent, int takes,
                        Move *out, int k) {
  int n = p->n, side = p->side;
  uint64_t own = p->arms[side], enemy = p->arms[side ^ 1];
  uint64_t target = takes ? enemy : ~(own | enemy) & board_full(n);
  int centre_target = takes ? p->centre == (side ^ 1) : p->centre == NOBODY;
  uint64_t flanked = ring_up(enemy, n) | ring_down(enemy, n);
  if (adjacent && p->centre != (side ^ 1)) own &= flanked;
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    int lo = u ? u - 1 : n - 1, hi = u + 1 == n ? 0 : u + 1;
    uint64_t to = target & ((uint64_t)1 << lo | (uint64_t)1 << hi);
    for (; to; to &= to - 1) {
      int t = __builtin_ctzll(to);
      out[k++] = (Move){(uint8_t)u, (uint8_t)t, 0, {0},
                        takes ? (uint64_t)1 << t : 0};
    }
    if (centre_target && (!(flank || adjacent) || (flanked >> u & 1)))
      out[k++] = (Move){(uint8_t)u, BOARD_CENTRE, (uint8_t)takes, {0}, 0};
  }
  if (p->centre == side && (!adjacent || enemy))
    for (uint64_t to = target; to; to &= to - 1) {
      int t = __builtin_ctzll(to);
      out[k++] = (Move){BOARD_CENTRE, (uint8_t)t, 0, {0},
                        takes ? (uint64_t)1 << t : 0};
    }
  return k;
}

/* The points of mask that hold what a HOLDS_* set names, for the mover
** with own against enemy, empty the empty points. */
static inline uint64_t holding(int holds, uint64_t own, uint64_t enemy,
                               uint64_t empty) {
  return (holds & HOLDS_OWN ? own : 0) | (holds & HOLDS_ENEMY ? enemy : 0) |
         (holds & HOLDS_EMPTY ? empty : 0);
}

/* The jumps of rule j over one point along the ring, as the general walk
** makes them (from points ascending, up the ring first), by masks. */
static int ring_jumps(const JumpRule *j, const Position *p, Move *out, int k) {
  int n = p->n;
  uint64_t own = p->arms[p->side], enemy = p->arms[p->side ^ 1];
  uint64_t empty = ~(own | enemy) & board_full(n);
  uint64_t over = holding(j->over, own, enemy, empty);
  uint64_t onto = holding(j->onto, own, enemy, empty);
  uint64_t up = own & ring_down(over & ring_down(onto, n), n);
  uint64_t down = own & ring_up(over & ring_up(onto, n), n);
  for (uint64_t from = up | down; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    for (int d = 1; d >= -1; d -= 2) {
      if (!((d > 0 ? up : down) >> u & 1)) continue;
      int v = u + d < 0 ? n - 1 : u + d >= n ? 0 : u + d;
      int c = v + d < 0 ? n - 1 : v + d >= n ? 0 : v + d;
      uint64_t vb = (uint64_t)1 << v, cb = (uint64_t)1 << c;
      out[k++] = (Move){(uint8_t)u, (uint8_t)c, 0, {0},
                        (j->take ? enemy & vb : 0) | (enemy & cb)};
    }
  }
  return k;
}

/* The moves of the pieces on the wheel by the fields (no drops). */
static int wheel_moves(const Fields *f, const Position *p, int flank,
                       int adjacent, Move *out, int k) {
  int n = p->n;
  uint64_t own = p->arms[p->side], enemy = p->arms[p->side ^ 1];
  if (!f->no_slides) k = wheel_slides(p, flank, adjacent, 0, out, k);
  if (f->slide_takes) k = wheel_slides(p, 0, 0, 1, out, k);
  int check = jumps_may_repeat(f, NULL, n);
  for (int i = 0; i < f->jumps; i++) {
    const JumpRule *j = &f->jump[i];
    if (j->max == 1 && !check) {
      k = ring_jumps(j, p, out, k);
      continue;
    }
    for (uint64_t from = own; from; from &= from - 1) {
      int u = __builtin_ctzll(from);
      for (int d = 1; d >= -1; d -= 2) { /* up the ring, then down */
        int v = (u + n + d) % n;
        JUMP_WALK((b + n + d) % n, 1); /* (fields_check: never back to u) */
      }
    }
  }
  return k;
}

/* The moves of the pieces on a graph by the fields (no drops). */
static int graph_field_moves(const Fields *f, const Graph *g,
                             const Position *p, int flank, int adjacent,
                             Move *out, int k) {
  uint64_t own = p->arms[p->side], enemy = p->arms[p->side ^ 1];
  if (!f->no_slides) k += graph_moves(g, p, flank, adjacent, out + k);
  if (f->slide_takes)
    for (uint64_t from = own; from; from &= from - 1) {
      int u = __builtin_ctzll(from);
      for (uint64_t to = g->next[u] & enemy; to; to &= to - 1) {
        int t = __builtin_ctzll(to);
        out[k++] = (Move){(uint8_t)u, (uint8_t)t, 0, {0}, (uint64_t)1 << t};
      }
    }
  int check = jumps_may_repeat(f, g, g->n);
  for (int i = 0; i < f->jumps; i++) {
    const JumpRule *j = &f->jump[i];
    for (uint64_t from = own; from; from &= from - 1) {
      int u = __builtin_ctzll(from);
      for (uint64_t first = g->next[u]; first; first &= first - 1) {
        int v = __builtin_ctzll(first);
        JUMP_WALK(g->beyond[a][b], g->next[b] >> c & 1);
      }
    }
  }
  return k;
}

int fields_moves(const Fields *f, const Graph *g, const Position *p, int flank,
                 int adjacent, Move *out) {
  int k = 0, side = p->side;
  if (f->drops && p->hand[side]) {
    uint64_t empty = ~(p->arms[BLACK] | p->arms[WHITE]) & board_full(p->n);
    k = add_drops(empty & ~f->no_drop,
                  !g && p->centre == NOBODY && !f->no_drop_centre, out, k);
    if (f->drops == DROPS_FIRST) goto pass;
  }
  k = g ? graph_field_moves(f, g, p, flank, adjacent, out, k)
        : wheel_moves(f, p, flank, adjacent, out, k);
pass:
  if (fields_pass(f, k, p->arms[side] || p->centre == side || p->hand[side]))
    out[k++] = move_pass();
  return k;
}

/* The number of slides of the wheel as wheel_slides makes them. */
static int wheel_slide_count(const Position *p, int flank, int adjacent,
                             int takes) {
  int n = p->n, side = p->side;
  uint64_t own = p->arms[side], enemy = p->arms[side ^ 1];
  uint64_t target = takes ? enemy : ~(own | enemy) & board_full(n);
  int centre_target = takes ? p->centre == (side ^ 1) : p->centre == NOBODY;
  uint64_t flanked = ring_up(enemy, n) | ring_down(enemy, n);
  if (adjacent && p->centre != (side ^ 1)) own &= flanked;
  int k = __builtin_popcountll(own & ring_down(target, n)) +
          __builtin_popcountll(own & ring_up(target, n));
  if (centre_target)
    k += __builtin_popcountll(flank || adjacent ? own & flanked : own);
  if (p->centre == side && (!adjacent || enemy))
    k += __builtin_popcountll(target);
  return k;
}

/* The number of jumps of rule j over one point: on the wheel along the
** ring both ways, on a graph along its straight lines. */
static int jump_count(const JumpRule *j, const Graph *g, const Position *p) {
  int n = p->n;
  uint64_t own = p->arms[p->side], enemy = p->arms[p->side ^ 1];
  uint64_t empty = ~(own | enemy) & board_full(n);
  uint64_t over = holding(j->over, own, enemy, empty);
  uint64_t onto = holding(j->onto, own, enemy, empty);
  if (!g)
    return __builtin_popcountll(own & ring_down(over & ring_down(onto, n), n)) +
           __builtin_popcountll(own & ring_up(over & ring_up(onto, n), n));
  int k = 0;
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    for (uint64_t first = g->next[u] & over; first; first &= first - 1) {
      int v = __builtin_ctzll(first), c = g->beyond[u][v];
      k += c != GRAPH_NONE && (g->next[v] >> c & 1) && (onto >> c & 1);
    }
  }
  return k;
}

int fields_count(const Fields *f, const Graph *g, const Position *p, int flank,
                 int adjacent) {
  Move moves[FIELDS_MAX_MOVES];
  int k = 0, side = p->side;
  for (int i = 0; i < f->jumps; i++)
    if (f->jump[i].max > 1) return fields_moves(f, g, p, flank, adjacent, moves);
  if (jumps_may_repeat(f, g, p->n))
    return fields_moves(f, g, p, flank, adjacent, moves);
  if (f->drops && p->hand[side]) {
    uint64_t empty = ~(p->arms[BLACK] | p->arms[WHITE]) & board_full(p->n);
    k = __builtin_popcountll(empty & ~f->no_drop) +
        (!g && p->centre == NOBODY && !f->no_drop_centre);
    if (f->drops == DROPS_FIRST) goto pass;
  }
  if (g) {
    if (!f->no_slides) k += graph_count(g, p, flank, adjacent);
    if (f->slide_takes)
      for (uint64_t from = p->arms[side]; from; from &= from - 1)
        k += __builtin_popcountll(g->next[__builtin_ctzll(from)] &
                                  p->arms[side ^ 1]);
  } else {
    if (!f->no_slides) k += wheel_slide_count(p, flank, adjacent, 0);
    if (f->slide_takes) k += wheel_slide_count(p, 0, 0, 1);
  }
  for (int i = 0; i < f->jumps; i++) k += jump_count(&f->jump[i], g, p);
pass:
  k += fields_pass(f, k, p->arms[side] || p->centre == side || p->hand[side]);
  return k;
}

/* Adds mask to the rows of f unless it is there.  Returns 0, or -1 when
** f holds FIELDS_MAX_ROWS already. */
static int add_row(Fields *f, uint64_t mask) {
  for (int i = 0; i < f->rows; i++)
    if (f->row_mask[i] == mask) return 0;
  if (f->rows >= FIELDS_MAX_ROWS) return -1;
  f->row_mask[f->rows++] = mask;
  return 0;
}

/* The mask of the n points of the straight line of g from a through b,
** or 0 when it is shorter. */
static uint64_t straight_row(const Graph *g, int a, int b, int n) {
  uint64_t mask = (uint64_t)1 << a | (uint64_t)1 << b;
  for (int k = 2; k < n; k++) {
    int c = g->beyond[a][b];
    if (c == GRAPH_NONE || (mask >> c & 1)) return 0;
    mask |= (uint64_t)1 << c;
    a = b;
    b = c;
  }
  return mask;
}

int fields_set_row(Fields *f, const Graph *g, int arms, int n, char *err) {
  int points = g ? g->n : arms, full = 0;
  f->row = 0;
  f->rows = 0;
  if (n < 2 || n > points) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: row is %d (a row has 2 to %d points on this board)",
             n, points);
    return -1;
  }
  if (g && !g->straight) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: rows run along the straight lines of the board's "
             "layout, and this board has no layout");
    return -1;
  }
  for (int a = 0; a < points && !full; a++) {
    if (!g) {
      uint64_t mask = 0;
      for (int i = 0; i < n; i++) mask |= (uint64_t)1 << ((a + i) % arms);
      full = add_row(f, mask);
      continue;
    }
    for (uint64_t bs = g->near[a]; bs && !full; bs &= bs - 1) {
      uint64_t mask = straight_row(g, a, __builtin_ctzll(bs), n);
      if (mask) full = add_row(f, mask);
    }
  }
  if (full || f->rows == 0) {
    snprintf(err, BOARD_ERRMAX,
             full ? "bad variant: the board has more than %d rows of %d "
                    "points (at most %d)"
                  : "bad variant: no %d points of this board lie in a row "
                    "along its lines",
             full ? FIELDS_MAX_ROWS : n, n, FIELDS_MAX_ROWS);
    f->rows = 0;
    return -1;
  }
  f->row = (uint8_t)n;
  return 0;
}

/* The most moves the pieces of a side of at most pieces pieces can make
** by the fields (drops aside): per piece, a slide or a take along each
** line, and each jump rule's landings along each line. */
static int piece_bound(const Fields *f, const Graph *g, int arms, int pieces) {
  int landings = 0, per[GRAPH_MAX_POINTS + 1], points = g ? g->n : arms + 1;
  for (int i = 0; i < f->jumps; i++)
    landings += f->jump[i].max - f->jump[i].min + 1;
  int slides = !f->no_slides || f->slide_takes;
  for (int i = 0; i < points; i++) {
    int lines = g ? __builtin_popcountll(g->next[i]) : i < arms ? 3 : arms;
    int ring = g ? lines : i < arms ? 2 : 0; /* the lines jumps run along */
    per[i] = (slides ? lines : 0) + ring * landings;
  }
  return graph_sum_largest(per, points, pieces);
}

int fields_check(const Fields *f, const Graph *g, int arms, int pieces,
                 int max_moves, char *err) {
  if (f->drops > DROPS_ANY || f->pass > PASS_ALWAYS ||
      f->jumps > FIELDS_MAX_JUMPS) {
    snprintf(err, BOARD_ERRMAX, "bad variant: corrupt move fields");
    return -1;
  }
  for (int i = 0; i < f->jumps; i++) {
    const JumpRule *j = &f->jump[i];
    const char *wrong =
        !j->over || j->over > 7 ? "over must name what it jumps over"
        : !j->onto || j->onto & ~(HOLDS_EMPTY | HOLDS_ENEMY)
            ? "onto must be empty or enemy points"
        : j->min < 1 || j->min > j->max || j->max > 63
            ? "it must jump over 1 to 63 points, the fewest first"
        : j->take && !(j->over & HOLDS_ENEMY)
            ? "take needs enemy pieces to jump over"
        : !g && j->max > arms - 2
            ? "a jump along the ring passes over fewer points than the ring "
              "has arms less one"
        : g && !g->straight
            ? "jumps run along the straight lines of the board's layout, "
              "and this board has no layout"
            : NULL;
    if (wrong) {
      snprintf(err, BOARD_ERRMAX, "bad variant: jump %d: %s", i + 1, wrong);
      return -1;
    }
  }
  int points = g ? g->n : arms + 1;
  int drops = !f->drops ? 0 : points - __builtin_popcountll(f->no_drop) -
                                  (!g && f->no_drop_centre);
  int moves = piece_bound(f, g, arms, pieces);
  int bound = (f->drops == DROPS_FIRST ? (drops > moves ? drops : moves)
                                       : drops + moves) +
              (f->pass != PASS_NEVER);
  if (bound > max_moves) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: a position of these rules may have up to %d moves "
             "(at most %d are allowed)",
             bound, max_moves);
    return -1;
  }
  return 0;
}

int fields_equal(const Fields *a, const Fields *b) {
  if (a->drops != b->drops || a->no_slides != b->no_slides ||
      a->slide_takes != b->slide_takes || a->pass != b->pass ||
      a->jumps != b->jumps || a->row != b->row || a->rows != b->rows ||
      a->no_drop != b->no_drop || a->no_drop_centre != b->no_drop_centre)
    return 0;
  for (int i = 0; i < a->jumps; i++)
    if (memcmp(&a->jump[i], &b->jump[i], sizeof a->jump[i]) != 0) return 0;
  for (int i = 0; i < a->rows; i++)
    if (a->row_mask[i] != b->row_mask[i]) return 0;
  return 1;
}

/*
** perft.c — move-tree leaf counts: a fast path for rules without hooks
** (bulk counting at the last ply) and a general path that asks the hooks.
*/
#include "perft.h"

#include "memo.h"

#define POLL_MASK 0xffff /* poll the Cancel every this many + 1 nodes */

typedef struct Run {
  const Rules *rules;
  const Cancel *cancel;
  uint64_t nodes;
  int failed;   /* PERFT_EHOOK or PERFT_CANCELLED once something went wrong */
  int n;        /* arms */
  int adjacent; /* the adjacent-enemy rule */
  int64_t flank_depth; /* the flank rule binds at remaining depths above it */
  int memory;          /* moves the rules remember */
} Run;

/* 1 when the run must stop (polls the Cancel now and then). */
static int run_stopped(Run *run) {
  if ((++run->nodes & POLL_MASK) == 0 && cancel_now(run->cancel))
    run->failed = PERFT_CANCELLED;
  return run->failed;
}

typedef uint64_t (*FastPerft)(Run *run, uint64_t own, uint64_t enemy,
                              int centre, int depth);

/* The number of moves of the mover with arms own against enemy and the
** centre as given on n arms, the flank rule binding or not. */
static inline uint64_t count_moves(const Run *run, uint64_t own, uint64_t enemy,
                                   int centre, int flank, int n) {
  return (uint64_t)rules_reach_count(
      rules_reach(own, enemy, centre, n, flank, run->adjacent));
}

/* Leaves below the position seen from the mover's side (depth >= 1) on n
** arms, parameters only; self is the function made of this body for n.
** The last two plies are counted without recursion: the moves of each
** child at once. */
static inline __attribute__((always_inline)) uint64_t
fast_body(Run *run, uint64_t own, uint64_t enemy, int centre, int depth,
          const int n, FastPerft self) {
  Reach m = rules_reach(own, enemy, centre, n, depth > run->flank_depth,
                        run->adjacent);
  if (depth == 1) return (uint64_t)rules_reach_count(m);
  int flipped = centre == CENTRE_OWN ? CENTRE_ENEMY : CENTRE_OWN;
  uint64_t sum = 0;
  if (depth == 2) {
    int flank = 1 > run->flank_depth;
    for (uint64_t a = m.to_centre; a; a &= a - 1)
      sum += count_moves(run, enemy, own & ~(a & -a), CENTRE_ENEMY, flank, n);
    for (uint64_t a = m.steps; a; a &= a - 1)
      sum += count_moves(run, enemy, (own & ~(a & -a)) | m.empty, flipped,
                         flank, n);
    if (m.from_centre)
      sum += count_moves(run, enemy, own | m.empty, CENTRE_EMPTY, flank, n);
    return sum;
  }
  if (depth > 4 && run_stopped(run)) return 0;
  for (uint64_t a = m.to_centre; a; a &= a - 1)
    sum += self(run, enemy, own & ~(a & -a), CENTRE_ENEMY, depth - 1);
  for (uint64_t a = m.steps; a; a &= a - 1)
    sum += self(run, enemy, (own & ~(a & -a)) | m.empty, flipped, depth - 1);
  if (m.from_centre)
    sum += self(run, enemy, own | m.empty, CENTRE_EMPTY, depth - 1);
  return sum;
}

/* One perft for each board size, the size a constant to the compiler (the
** ring's rotations become a few instructions with constant operands). */
#define DEFINE_FAST(N)                                                         \
  static uint64_t perft_fast_##N(Run *run, uint64_t own, uint64_t enemy,       \
                                 int centre, int depth) {                      \
    return fast_body(run, own, enemy, centre, depth, N, perft_fast_##N);       \
  }
/* clang-format off */
#define BOARD_SIZES(X)                                                        \
  X(4) X(6) X(8) X(10) X(12) X(14) X(16) X(18) X(20) X(22) X(24) X(26) X(28)  \
  X(30) X(32) X(34) X(36) X(38) X(40) X(42) X(44) X(46) X(48) X(50) X(52)    \
  X(54) X(56) X(58) X(60) X(62) X(64)
/* clang-format on */
BOARD_SIZES(DEFINE_FAST)
#define LIST_FAST(N) perft_fast_##N,
static const FastPerft fast_perfts[] = {BOARD_SIZES(LIST_FAST)};

static uint64_t perft_hooked(Run *run, const Position *p, const History *h,
                             int depth);

/* Leaves below the child of p reached by h after move m (depth >= 1). */
static uint64_t perft_child(Run *run, const Position *p, const History *h,
                            Move m, int depth) {
  Position q = *p;
  board_play(&q, m);
  if (!h) return perft_hooked(run, &q, NULL, depth);
  History g = *h;
  history_push(&g, m, run->memory);
  return perft_hooked(run, &q, &g, depth);
}

/* The judgement of p (no remembered moves) from the small memo m of rules
** r, the hooks asked when m has none.  Returns 0, or RULES_EHOOK. */
static inline int judgement_small(HookMemo *m, const Rules *r,
                                  const Position *p, Judgement *j) {
  MemoKey key;
  if (memo_get_small(m, p, &key, j)) return 0;
  return rules_judgement_asked(r, p, NULL, &key, j);
}

/* The moves of p's child by m (p's empty point to), 0 when the variant
** ends the game there, by the small memo m; -1 when a hook failed. */
static inline int64_t memo_child_moves(const Rules *r, HookMemo *m,
                                       const Position *p, Move move) {
  Judgement j;
  Position q = *p;
  board_play(&q, move);
  if (judgement_small(m, r, &q, &j)) return -1;
  return j.outcome ? 0 : rules_judged_count(&j);
}

/* Leaves below p (depth >= 1) for hooked rules that remember no moves and
** whose answers the small memo m keeps: perft_hooked with the lookups in
** line and the last two plies counted without recursion. */
static uint64_t perft_memo(Run *run, HookMemo *m, const Position *p,
                           int depth) {
  Judgement j;
  if (depth > 2 && run_stopped(run)) return 0;
  if (judgement_small(m, run->rules, p, &j))
    return run->failed = PERFT_EHOOK, 0;
  if (j.outcome) return 0;
  if (depth == 1) return (uint64_t)rules_judged_count(&j);
  uint64_t empty = board_empty_arms(p);
  Move move = move_of(BOARD_CENTRE, empty ? __builtin_ctzll(empty) : BOARD_CENTRE);
  uint64_t sum = 0;
  /* the movers: arms, and the centre as bit 63 (small boards only) */
  uint64_t from = j.arms | (j.centre ? (uint64_t)1 << 63 : 0);
  for (; from && !run->failed; from &= from - 1) {
    int bit = __builtin_ctzll(from);
    move.from = bit == 63 ? BOARD_CENTRE : (uint8_t)bit;
    if (depth > 2) {
      Position q = *p;
      board_play(&q, move);
      sum += perft_memo(run, m, &q, depth - 1);
      continue;
    }
    int64_t k = memo_child_moves(run->rules, m, p, move);
    if (k < 0) return run->failed = PERFT_EHOOK, 0;
    sum += (uint64_t)k;
  }
  return sum;
}

/* Leaves below p reached by h (NULL when the rules remember nothing;
** depth >= 1), hooks asked; the last ply is counted in bulk. */
static uint64_t perft_hooked(Run *run, const Position *p, const History *h,
                             int depth) {
  Judgement j;
  uint64_t sum = 0;
  if (depth > 2 && run_stopped(run)) return 0;
  if (rules_indexed(run->rules)) { /* the moves as a list */
    Move moves[RULES_MAX_MOVES];
    int outcome, k = rules_judge(run->rules, p, h, moves, &outcome);
    if (k < 0) return run->failed = PERFT_EHOOK, 0;
    if (outcome || depth == 1) return outcome ? 0 : (uint64_t)k;
    for (int i = 0; i < k && !run->failed; i++)
      sum += perft_child(run, p, h, moves[i], depth - 1);
    return sum;
  }
  if (rules_judgement(run->rules, p, h, &j))
    return run->failed = PERFT_EHOOK, 0;
  if (j.outcome) return 0;
  if (depth == 1) return (uint64_t)rules_judged_count(&j);
  uint8_t to = (uint8_t)board_empty_point(p);
  for (uint64_t a = j.arms; a && !run->failed; a &= a - 1)
    sum += perft_child(run, p, h, move_of((uint8_t)__builtin_ctzll(a), to),
                       depth - 1);
  if (j.centre && !run->failed)
    sum += perft_child(run, p, h, move_of(BOARD_CENTRE, to), depth - 1);
  return sum;
}

/* --- the fields on masks: the moves of rules with moves beside the
** slides and no hooks, as fields.c makes them, counted from the mover's
** side on bit masks (rules whose jumps pass over one point and never
** repeat a move: fields_fast) --- */

/* 1 when the fields of r run on masks here. */
static int fields_fast(const Rules *r) {
  const Fields *f = &r->fields;
  for (int i = 0; i < f->jumps; i++)
    if (f->jump[i].max != 1) return 0;
  if (f->jumps > 1) return 0;
  if (f->jumps && r->graph && r->graph->shortcut) return 0;
  return !f->jumps || r->graph || r->arms > 4; /* (4 arms: both ways meet) */
}

/* 1 when side holds a row of f. */
static inline int row_of(const Fields *f, uint64_t side) {
  for (int i = 0; i < f->rows; i++)
    if ((side & f->row_mask[i]) == f->row_mask[i]) return 1;
  return 0;
}

/* The points of a HOLDS_* set. */
static inline uint64_t held(int holds, uint64_t own, uint64_t enemy,
                            uint64_t empty) {
  return (holds & HOLDS_OWN ? own : 0) | (holds & HOLDS_ENEMY ? enemy : 0) |
         (holds & HOLDS_EMPTY ? empty : 0);
}

/* The points u whose point u + d is in x: x shifted d points down. */
static inline uint64_t shifted(uint64_t x, int d) {
  return d >= 0 ? x >> d : x << -d;
}

/* Leaves below the mover with own against enemy on the graph of r, the
** hands own_hand and enemy_hand, at ply (depth >= 1). */
static uint64_t fields_graph(Run *run, uint64_t own, uint64_t enemy,
                             int own_hand, int enemy_hand, uint32_t ply,
                             int depth) {
  const Rules *r = run->rules;
  const Fields *f = &r->fields;
  const Graph *g = r->graph;
  if (f->rows && row_of(f, enemy)) return 0;
  if (depth > 3 && run_stopped(run)) return 0;
  uint64_t empty = ~(own | enemy) & board_full(g->n), sum = 0, k = 0;
  int last = depth == 1;
/* Counts a move to the child (own, enemy seen from the mover) or, before
** the last ply, its leaves. */
#define CHILD(mover, other, mover_hand, other_hand)                           \
  do {                                                                        \
    k++;                                                                      \
    if (!last)                                                                \
      sum += fields_graph(run, other, mover, other_hand, mover_hand, ply + 1, \
                          depth - 1);                                         \
  } while (0)
  if (f->drops && own_hand) {
    uint64_t to = empty & ~f->no_drop;
    if (last)
      k += (uint64_t)__builtin_popcountll(to);
    else
      for (; to; to &= to - 1) CHILD(own | (to & -to), enemy, own_hand - 1, enemy_hand);
    if (f->drops == DROPS_FIRST) goto pass;
  }
  int flank = rules_flank_at(r, ply), adjacent = r->adjacent_enemy;
  uint64_t centre = g->centre >= 0 ? (uint64_t)1 << g->centre : 0;
  const JumpRule *j = f->jumps ? &f->jump[0] : NULL;
  if (last && !f->no_slides) /* by the empty points when they are fewer */
    k += (uint64_t)graph_count_masks(g, own, enemy, flank, adjacent);
  uint64_t over = j ? held(j->over, own, enemy, empty) : 0;
  uint64_t onto = j ? held(j->onto, own, enemy, empty) : 0;
  if (j && g->strides >= 0) { /* the jumps by strides, on masks */
    for (int s = 0; s < g->strides; s++) {
      const GraphStride *st = &g->stride[s];
      uint64_t from = own & st->from & shifted(over, st->over) &
                      shifted(onto, st->onto);
      if (last) {
        k += (uint64_t)__builtin_popcountll(from);
        continue;
      }
      for (; from; from &= from - 1) {
        int u = __builtin_ctzll(from);
        uint64_t ub = from & -from, cb = (uint64_t)1 << (u + st->onto);
        uint64_t taken = (j->take ? enemy & ((uint64_t)1 << (u + st->over)) : 0) |
                         (enemy & cb);
        CHILD((own & ~ub) | cb, enemy & ~taken, own_hand, enemy_hand);
      }
    }
    j = NULL; /* found: none by the points below */
  }
  /* the slides by steps, on masks, where no rule asks of the pieces */
  int by_steps = g->steps >= 0 && !flank && !adjacent;
  if (!f->no_slides && !last && by_steps)
    for (int s = 0; s < g->steps; s++) {
      int by = g->step[s].by;
      for (uint64_t from = own & g->step[s].from & shifted(empty, by); from;
           from &= from - 1) {
        uint64_t ub = from & -from;
        CHILD(own ^ ub ^ (uint64_t)1 << (__builtin_ctzll(from) + by), enemy,
              own_hand, enemy_hand);
      }
    }
  /* the moves of each piece: its slides (but at the last ply, counted
  ** above, or by steps), the slides that take, the jumps not found by
  ** strides */
  int slides = !f->no_slides && !last && !by_steps;
  uint64_t movers = slides || f->slide_takes || j ? own : 0;
  for (uint64_t from = movers; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    uint64_t left = own & ~(from & -from);
    if (slides) {
      uint64_t to = g->next[u] & empty;
      int flanked = (g->near[u] & enemy) != 0;
      if (adjacent && !flanked) to = 0;
      if (flank && !flanked) to &= ~centre;
      for (; to; to &= to - 1) CHILD(left | (to & -to), enemy, own_hand, enemy_hand);
    }
    if (f->slide_takes) {
      uint64_t to = g->next[u] & enemy;
      if (last)
        k += (uint64_t)__builtin_popcountll(to);
      else
        for (; to; to &= to - 1)
          CHILD(left | (to & -to), enemy & ~(to & -to), own_hand, enemy_hand);
    }
    if (j)
      for (uint64_t first = g->next[u] & over; first; first &= first - 1) {
        int v = __builtin_ctzll(first), c = g->beyond[u][v];
        if (c == GRAPH_NONE || !(g->next[v] >> c & 1) || !(onto >> c & 1))
          continue;
        uint64_t cb = (uint64_t)1 << c;
        uint64_t taken = (j->take ? enemy & (first & -first) : 0) | (enemy & cb);
        CHILD(left | cb, enemy & ~taken, own_hand, enemy_hand);
      }
  }
pass:
  if (fields_pass(f, (int)k, own || own_hand))
    CHILD(own, enemy, own_hand, enemy_hand);
#undef CHILD
  return last ? k : sum;
}

/* The centre seen from the other side. */
static inline int other_view(int centre) {
  return centre == CENTRE_OWN ? CENTRE_ENEMY
         : centre == CENTRE_ENEMY ? CENTRE_OWN
                                  : CENTRE_EMPTY;
}

/* Leaves below the mover with arms own against enemy on the wheel of r,
** the centre as given (CENTRE_*, the mover's view), the hands own_hand
** and enemy_hand, at ply (depth >= 1). */
typedef uint64_t (*FieldsWheel)(Run *run, uint64_t own, uint64_t enemy,
                                int centre, int own_hand, int enemy_hand,
                                uint32_t ply, int depth);

static inline __attribute__((always_inline)) uint64_t
fields_wheel_body(Run *run, uint64_t own, uint64_t enemy, int centre,
                  int own_hand, int enemy_hand, uint32_t ply, int depth,
                  const int n, FieldsWheel self) {
  const Rules *r = run->rules;
  const Fields *f = &r->fields;
  int last = depth == 1;
  if (f->rows && row_of(f, enemy)) return 0;
  if (depth > 3 && run_stopped(run)) return 0;
  uint64_t empty = ~(own | enemy) & board_full(n), sum = 0, k = 0;
/* Counts a move to the child (mover's arms, the other's, the centre in the
** mover's view) or, before the last ply, its leaves. */
#define CHILD(mover, other, c, mover_hand, other_hand)                        \
  do {                                                                        \
    k++;                                                                      \
    if (!last)                                                                \
      sum += self(run, other, mover, other_view(c), other_hand, mover_hand,   \
                  ply + 1, depth - 1);                                        \
  } while (0)
  if (f->drops && own_hand) {
    uint64_t to = empty & ~f->no_drop;
    int centre_too = centre == CENTRE_EMPTY && !f->no_drop_centre;
    if (last)
      k += (uint64_t)__builtin_popcountll(to) + (uint64_t)centre_too;
    else {
      for (; to; to &= to - 1)
        CHILD(own | (to & -to), enemy, centre, own_hand - 1, enemy_hand);
      if (centre_too) CHILD(own, enemy, CENTRE_OWN, own_hand - 1, enemy_hand);
    }
    if (f->drops == DROPS_FIRST) goto pass;
  }
  uint64_t flanked = rules_rot_up(enemy, n) | rules_rot_down(enemy, n);
  if (!f->no_slides) {
    int flank = rules_flank_at(r, ply), adjacent = r->adjacent_enemy;
    uint64_t movers = adjacent && centre != CENTRE_ENEMY ? own & flanked : own;
    uint64_t up = movers & rules_rot_down(empty, n);   /* i to i + 1 */
    uint64_t down = movers & rules_rot_up(empty, n);   /* i to i - 1 */
    uint64_t in = centre != CENTRE_EMPTY ? 0 : flank || adjacent ? movers & flanked : movers;
    int out = centre == CENTRE_OWN && (!adjacent || enemy);
    if (last)
      k += (uint64_t)(__builtin_popcountll(up) + __builtin_popcountll(down) +
                      __builtin_popcountll(in) + (out ? __builtin_popcountll(empty) : 0));
    else {
      for (; up; up &= up - 1) {
        uint64_t b = up & -up;
        CHILD((own & ~b) | rules_rot_up(b, n), enemy, centre, own_hand, enemy_hand);
      }
      for (; down; down &= down - 1) {
        uint64_t b = down & -down;
        CHILD((own & ~b) | rules_rot_down(b, n), enemy, centre, own_hand, enemy_hand);
      }
      for (; in; in &= in - 1)
        CHILD(own & ~(in & -in), enemy, CENTRE_OWN, own_hand, enemy_hand);
      if (out)
        for (uint64_t e = empty; e; e &= e - 1)
          CHILD(own | (e & -e), enemy, CENTRE_EMPTY, own_hand, enemy_hand);
    }
  }
  if (f->slide_takes) {
    uint64_t up = own & rules_rot_down(enemy, n), down = own & rules_rot_up(enemy, n);
    uint64_t in = centre == CENTRE_ENEMY ? own : 0;
    int out = centre == CENTRE_OWN;
    if (last)
      k += (uint64_t)(__builtin_popcountll(up) + __builtin_popcountll(down) +
                      __builtin_popcountll(in) + (out ? __builtin_popcountll(enemy) : 0));
    else {
      for (; up; up &= up - 1) {
        uint64_t b = up & -up, t = rules_rot_up(b, n);
        CHILD((own & ~b) | t, enemy & ~t, centre, own_hand, enemy_hand);
      }
      for (; down; down &= down - 1) {
        uint64_t b = down & -down, t = rules_rot_down(b, n);
        CHILD((own & ~b) | t, enemy & ~t, centre, own_hand, enemy_hand);
      }
      for (; in; in &= in - 1)
        CHILD(own & ~(in & -in), enemy, CENTRE_OWN, own_hand, enemy_hand);
      if (out)
        for (uint64_t t = enemy; t; t &= t - 1)
          CHILD(own | (t & -t), enemy & ~(t & -t), CENTRE_EMPTY, own_hand, enemy_hand);
    }
  }
  if (f->jumps) {
    const JumpRule *j = &f->jump[0];
    uint64_t over = held(j->over, own, enemy, empty);
    uint64_t onto = held(j->onto, own, enemy, empty);
    uint64_t up = own & rules_rot_down(over & rules_rot_down(onto, n), n);
    uint64_t down = own & rules_rot_up(over & rules_rot_up(onto, n), n);
    if (last)
      k += (uint64_t)(__builtin_popcountll(up) + __builtin_popcountll(down));
    else {
      for (int d = 0; d < 2; d++)
        for (uint64_t a = d ? down : up; a; a &= a - 1) {
          uint64_t b = a & -a;
          uint64_t v = d ? rules_rot_down(b, n) : rules_rot_up(b, n);
          uint64_t c = d ? rules_rot_down(v, n) : rules_rot_up(v, n);
          uint64_t taken = (j->take ? enemy & v : 0) | (enemy & c);
          CHILD((own & ~b) | c, enemy & ~taken, centre, own_hand, enemy_hand);
        }
    }
  }
pass:
  if (fields_pass(f, (int)k, own || centre == CENTRE_OWN || own_hand))
    CHILD(own, enemy, centre, own_hand, enemy_hand);
#undef CHILD
  return last ? k : sum;
}

/* One fields_wheel for each board size, the size a constant (as the fast
** perft of the plain rules has it). */
#define DEFINE_FIELDS_WHEEL(N)                                                 \
  static uint64_t fields_wheel_##N(Run *run, uint64_t own, uint64_t enemy,     \
                                   int centre, int own_hand, int enemy_hand,   \
                                   uint32_t ply, int depth) {                  \
    return fields_wheel_body(run, own, enemy, centre, own_hand, enemy_hand,    \
                             ply, depth, N, fields_wheel_##N);                 \
  }
BOARD_SIZES(DEFINE_FIELDS_WHEEL)
#define LIST_FIELDS_WHEEL(N) fields_wheel_##N,
static const FieldsWheel fields_wheels[] = {BOARD_SIZES(LIST_FIELDS_WHEEL)};

/* Leaves below p (depth >= 1) for rules with moves beside the slides and
** no hooks: the fields' moves, the row rule's end. */
static uint64_t perft_fields(Run *run, const Position *p, int depth) {
  const Rules *r = run->rules;
  Move moves[RULES_MAX_MOVES];
  if (rules_row_outcome(r, p)) return 0;
  if (depth == 1) return (uint64_t)rules_param_count(r, p);
  int k = rules_param_moves(r, p, moves);
  if (depth > 2 && run_stopped(run)) return 0;
  uint64_t sum = 0;
  for (int i = 0; i < k; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    sum += perft_fields(run, &q, depth - 1);
  }
  return sum;
}

/* Leaves below the position of a graph board seen from the mover's side
** (pieces own against enemy, at ply; depth >= 1), parameters only; the
** last two plies are counted without recursion: the moves of each child at
** once. */
static uint64_t perft_graph(Run *run, uint64_t own, uint64_t enemy,
                            uint32_t ply, int depth) {
  const Rules *r = run->rules;
  const Graph *g = r->graph;
  int flank = rules_flank_at(r, ply), adjacent = run->adjacent;
  if (depth == 1)
    return (uint64_t)graph_count_masks(g, own, enemy, flank, adjacent);
  /* a board may have 64 moves a position: a poll every 64K nodes of
  ** depth 2 or more, each at most 64 counts of moves below it */
  if (run_stopped(run)) return 0;
  uint64_t empty = ~(own | enemy) & board_full(g->n), sum = 0;
  uint64_t centre = g->centre >= 0 ? (uint64_t)1 << g->centre : 0;
  int next_flank = rules_flank_at(r, ply + 1);
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    uint64_t to = g->next[u] & empty;
    if (!to) continue;
    int flanked = (g->near[u] & enemy) != 0;
    if (adjacent && !flanked) continue;
    if (flank && !flanked) to &= ~centre;
    uint64_t left = own & ~((uint64_t)1 << u);
    for (; to; to &= to - 1) {
      uint64_t moved = left | (to & -to);
      sum += depth == 2 ? (uint64_t)graph_count_masks(g, enemy, moved,
                                                      next_flank, adjacent)
                        : perft_graph(run, enemy, moved, ply + 1, depth - 1);
    }
  }
  return sum;
}

int64_t perft(const Rules *r, const Position *p, const History *h, int depth,
              const Cancel *c) {
  /* the flank rule binds while ply < flank_plies, i.e. at remaining
  ** depths d with (start ply + depth - d) < flank_plies */
  Run run = {r,
             c,
             0,
             0,
             p->n,
             r->adjacent_enemy,
             (int64_t)p->ply + depth - r->flank_plies,
             rules_memory(r)};
  History none = {0};
  uint64_t n;
  if (depth <= 0) return 1;
  HookMemo *m = r->hooks.memo;
  if (rules_hooked(r) && m && m->key_words == 1 && !run.memory)
    n = perft_memo(&run, m, p, depth);
  else if (rules_hooked(r))
    n = perft_hooked(&run, p, run.memory ? (h ? h : &none) : NULL, depth);
  else if (rules_general(r) && fields_fast(r) && r->graph)
    n = fields_graph(&run, p->arms[p->side], p->arms[p->side ^ 1],
                     p->hand[p->side], p->hand[p->side ^ 1], p->ply, depth);
  else if (rules_general(r) && fields_fast(r))
    n = fields_wheels[(p->n - 4) / 2](&run, p->arms[p->side],
                                      p->arms[p->side ^ 1], rules_centre_of(p),
                                      p->hand[p->side], p->hand[p->side ^ 1],
                                      p->ply, depth);
  else if (rules_general(r))
    n = perft_fields(&run, p, depth);
  else if (r->graph)
    n = perft_graph(&run, p->arms[p->side], p->arms[p->side ^ 1], p->ply,
                    depth);
  else {
    n = fast_perfts[(p->n - 4) / 2](&run, p->arms[p->side],
                                    p->arms[p->side ^ 1], rules_centre_of(p),
                                    depth);
  }
  return run.failed ? run.failed : (int64_t)n;
}

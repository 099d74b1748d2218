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

/* Leaves below p (depth >= 1) for rules with moves beside the slides and
** no hooks: the fields' moves, the row rule's end. */
static uint64_t perft_fields(Run *run, const Position *p, int depth) {
  const Rules *r = run->rules;
  Move moves[RULES_MAX_MOVES];
  if (rules_row_outcome(r, p)) return 0;
  int k = rules_param_moves(r, p, moves);
  if (depth == 1) return (uint64_t)k;
  if (run_stopped(run)) return 0;
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

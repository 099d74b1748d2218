/*
** perft.c — move-tree leaf counts: a fast path for rules without hooks
** (bulk counting at the last ply) and a general path that asks the hooks.
*/
#include "perft.h"

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

/* Leaves below the position seen from the mover's side (depth >= 1),
** parameters only. */
static uint64_t perft_fast(Run *run, uint64_t own, uint64_t enemy, int centre,
                           int depth) {
  Reach m = rules_reach(own, enemy, centre, run->n, depth > run->flank_depth,
                        run->adjacent);
  if (depth == 1) return (uint64_t)rules_reach_count(m);
  if (depth > 4 && run_stopped(run)) return 0;
  uint64_t sum = 0;
  for (uint64_t a = m.to_centre; a; a &= a - 1)
    sum += perft_fast(run, enemy, own & ~(a & -a), CENTRE_ENEMY, depth - 1);
  int flipped = centre == CENTRE_OWN ? CENTRE_ENEMY : CENTRE_OWN;
  for (uint64_t a = m.steps; a; a &= a - 1)
    sum +=
        perft_fast(run, enemy, (own & ~(a & -a)) | m.empty, flipped, depth - 1);
  if (m.from_centre)
    sum += perft_fast(run, enemy, own | m.empty, CENTRE_EMPTY, depth - 1);
  return sum;
}

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

/* Leaves below p reached by h (NULL when the rules remember nothing;
** depth >= 1), hooks asked; the last ply is counted in bulk. */
static uint64_t perft_hooked(Run *run, const Position *p, const History *h,
                             int depth) {
  Judgement j;
  if (depth > 2 && run_stopped(run)) return 0;
  if (rules_judgement(run->rules, p, h, &j))
    return run->failed = PERFT_EHOOK, 0;
  if (j.outcome) return 0;
  if (depth == 1) return (uint64_t)rules_judged_count(&j);
  uint8_t to = (uint8_t)board_empty_point(p);
  uint64_t sum = 0;
  for (uint64_t a = j.arms; a && !run->failed; a &= a - 1)
    sum += perft_child(run, p, h, (Move){(uint8_t)__builtin_ctzll(a), to},
                       depth - 1);
  if (j.centre && !run->failed)
    sum += perft_child(run, p, h, (Move){BOARD_CENTRE, to}, depth - 1);
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
  History none = {0, {{0, 0}}};
  uint64_t n;
  if (depth <= 0) return 1;
  if (rules_hooked(r))
    n = perft_hooked(&run, p, run.memory ? (h ? h : &none) : NULL, depth);
  else {
    n = perft_fast(&run, p->arms[p->side], p->arms[p->side ^ 1],
                   rules_centre_of(p), depth);
  }
  return run.failed ? run.failed : (int64_t)n;
}

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

/* Leaves below p reached by h (depth >= 1), hooks asked; the last ply is
** counted in bulk. */
static uint64_t perft_hooked(Run *run, const Position *p, const History *h,
                             int depth) {
  Move moves[RULES_MAX_MOVES];
  int outcome;
  if (depth > 2 && run_stopped(run)) return 0;
  int k = rules_judge(run->rules, p, h, moves, &outcome);
  if (k < 0) return run->failed = PERFT_EHOOK, 0;
  if (outcome) return 0;
  if (depth == 1) return (uint64_t)k;
  uint64_t sum = 0;
  for (int i = 0; i < k && !run->failed; i++) {
    Position q = *p;
    History g = *h;
    board_play(&q, moves[i]);
    history_push(&g, moves[i], run->memory);
    sum += perft_hooked(run, &q, &g, depth - 1);
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
  History none = {0, {{0, 0}}};
  uint64_t n;
  if (depth <= 0) return 1;
  if (rules_hooked(r))
    n = perft_hooked(&run, p, h ? h : &none, depth);
  else {
    n = perft_fast(&run, p->arms[p->side], p->arms[p->side ^ 1],
                   rules_centre_of(p), depth);
  }
  return run.failed ? run.failed : (int64_t)n;
}

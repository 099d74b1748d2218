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

/* Leaves below p (depth >= 0), hooks asked. */
static uint64_t perft_hooked(Run *run, const Position *p, int depth) {
  Move moves[RULES_MAX_MOVES];
  if (run_stopped(run)) return 0;
  if (depth == 0) return 1;
  int outcome = OUTCOME_NONE;
  if (run->rules->hooks.result) {
    outcome = run->rules->hooks.result(run->rules->hooks.ctx, p);
    if (outcome < 0) return run->failed = PERFT_EHOOK, 0;
  }
  if (outcome > OUTCOME_NONE && outcome <= OUTCOME_DRAW) return 0;
  int k = rules_moves(run->rules, p, moves);
  if (k < 0) return run->failed = PERFT_EHOOK, 0;
  uint64_t sum = 0;
  for (int i = 0; i < k && !run->failed; i++) {
    Position q = *p;
    board_play(&q, moves[i]);
    sum += perft_hooked(run, &q, depth - 1);
  }
  return sum;
}

int64_t perft(const Rules *r, const Position *p, int depth, const Cancel *c) {
  /* the flank rule binds while ply < flank_plies, i.e. at remaining
  ** depths d with (start ply + depth - d) < flank_plies */
  Run run = {r,
             c,
             0,
             0,
             p->n,
             r->adjacent_enemy,
             (int64_t)p->ply + depth - r->flank_plies};
  uint64_t n;
  if (depth <= 0) return 1;
  if (rules_hooked(r))
    n = perft_hooked(&run, p, depth);
  else {
    n = perft_fast(&run, p->arms[p->side], p->arms[p->side ^ 1],
                   rules_centre_of(p), depth);
  }
  return run.failed ? run.failed : (int64_t)n;
}

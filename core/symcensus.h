/*
** symcensus.h — the census (solver.h) of a symmetric solution, on every
** core, counting the reachable positions class by class.
**
** An entry of the last layer stands for the positions that turn and
** colour-swap into its board: for each, a bit of a 2n-bit mask says which
** of them are reachable (bit side * n + s: the board turned by s, the side
** to move side; for a centre-empty board, kept as its least rotation, s
** below its period).  A move of the entry's board moves every position of
** the class at once, which turns the mask.  The opening plies are walked
** position by position.
*/
#ifndef MUTORERE_SYMCENSUS_H
#define MUTORERE_SYMCENSUS_H

#include "cancel.h"
#include "progress.h"
#include "solver.h"

#define SYMCENSUS_MAX_ARMS 32   /* a mask of 2n bits fits 64 */
#define SYMCENSUS_EXAMPLES 1000 /* trap classes told to on_trap at most */

/* The bytes the census of a symmetric solution of n arms takes. */
uint64_t symcensus_bytes(int n);

/* The census of the symmetric solution s from start under r, as
** solver_census; on_trap hears of one position of each class of traps, for
** the first SYMCENSUS_EXAMPLES classes.  threads as symsolver_solve. */
int symcensus_run(const Solution *s, const Rules *r, const Position *start,
                  Census *census,
                  void (*on_trap)(void *ud, const Position *p, const History *h,
                                  int losing),
                  void *ud, int threads, const Cancel *c,
                  const Progress *progress, char *err);

#endif

/*
** symsolver.h — retrograde analysis up to the board's symmetries, on every
** core: the solver for rules that rotations, reflections and the colour
** swap leave unchanged (every built-in variant, and hooked ones that say
** so).
**
** The last layer is solved by waves (symwave.h) on a working table of four
** bits an entry (symrank.h's 627,267,200 entries: 314 MB at 32 arms), then
** kept as symtable.h says: its values, five a byte, packed into the
** working table's own memory, or for hooked rules a byte an entry (value and
** distance) written as the waves settle.  The opening layers kept are
** worked out from the layer after them.  The passes are deterministic: any
** number of threads gives the same table.  Hooks are asked on the calling
** thread only (one thread when there are hooks).
*/
#ifndef MUTORERE_SYMSOLVER_H
#define MUTORERE_SYMSOLVER_H

#include <stdint.h>

#include "cancel.h"
#include "progress.h"
#include "solver.h"
#include "symtable.h"

/* The farthest distance the solver reaches: the longest of a values table
** (SOLVER_LONGEST less the plies a lookup may search above it), or of a
** byte table. */
#define SYMSOLVER_LONGEST (SOLVER_LONGEST - SYMTABLE_SEARCH_PLIES)

/* The bytes a symmetric solve of r takes at most (0 when its size is out
** of range): the working table and the opening layers kept. */
uint64_t symsolver_bytes(const Rules *r);

/* What the waves of a solve did to memory: each pass reads the working
** table whole, a word at a time; each arrival at a predecessor and each
** child read by a recount is a read (and a write) at random. */
typedef struct SymStats {
  uint64_t waves, passes; /* passes over the table, the start's included */
  uint64_t table_bytes;   /* of the working table */
  uint64_t arrivals;      /* predecessors told of an entry found */
  uint64_t recounted;     /* children read by the recounts */
} SymStats;

/* Who watches a solve's waves: settled is told of every entry of the last
** layer as its wave settles it (won or lost at distance d), from any
** thread; after each wave, enough may end the solve early (nonzero);
** stats, when not NULL, is given the figures of the waves at the end. */
typedef struct SymWatch {
  void (*settled)(void *ctx, uint64_t entry, int d);
  int (*enough)(void *ctx, int d);
  void *ctx;
  SymStats *stats;
} SymWatch;

/* Solves r (whose hooks, if any, must be symmetric: solve.h checks) with
** threads worker threads (>= 1).  Returns a SOLVER_* code as solver_solve
** does. */
int symsolver_solve(Solution *s, const Rules *r, int threads, const Cancel *c,
                    const Progress *progress, char *err);

/* Solves the last layer of r (without hooks) again, on a working table of
** its own, for watch: the distances of a values table, wave by wave.
** Returns a SOLVER_* code. */
int symsolver_replay(const Rules *r, int threads, const SymWatch *watch,
                     const Cancel *c, const Progress *progress, char *err);

/* The farthest distance a table coded in bits reaches. */
int symsolver_longest(int bits);

#endif

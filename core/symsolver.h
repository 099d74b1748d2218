/*
** symsolver.h — retrograde analysis up to the board's symmetries, on every
** core: the solver for rules that rotations, reflections and the colour
** swap leave unchanged (every built-in variant, and hooked ones that say
** so).
**
** The table has one byte per entry of symrank.h (2 * C(n, n/2) a layer,
** 1.2 GB at 32 arms): 0 for a draw, else a code of the value and the
** distance.  Without a result hook the value follows from the parity of the
** distance (the blocked side loses at 0, wins at 0 in misère), so the code
** is 1 + distance, up to 234 plies; with one it is 1 + 2 * distance (+1 for
** a loss), up to 116.  While a layer is solved, the byte of an unresolved
** entry holds 256 minus the number of its distinct children not yet known
** to be won by their mover, so no second table is needed.  The passes are
** deterministic: any number of threads gives the same table.  Hooks are
** asked on the calling thread only (one thread when there are hooks).
*/
#ifndef MUTORERE_SYMSOLVER_H
#define MUTORERE_SYMSOLVER_H

#include <stdint.h>

#include "cancel.h"
#include "progress.h"
#include "solver.h"
#include "symrank.h"

/* How a symmetric solution reads its table (Solution.sym). */
typedef struct SymTable {
  SymRank rank;
  int by_parity; /* codes are 1 + distance */
  int even_wins; /* by parity: even distances are wins */
  int layers;    /* the layers kept: opening + 1, or 1 when the opening plies
                 ** are searched at each lookup */
  Rules rules;   /* for that search: the rules' parameters (no hooks) */
} SymTable;

/* A variant without hooks whose opening rules end by this ply keeps only
** its last layer: a lookup in the opening searches the plies left (a few
** thousand table reads at most). */
#define SYMSOLVER_SEARCH_PLIES 4

/* The bytes a symmetric solve of r takes (0 when its size is out of
** range). */
uint64_t symsolver_bytes(const Rules *r);

/* Solves r (whose hooks, if any, must be symmetric: solve.h checks) with
** threads worker threads (>= 1).  Returns a SOLVER_* code as solver_solve
** does. */
int symsolver_solve(Solution *s, const Rules *r, int threads, const Cancel *c,
                    const Progress *progress, char *err);

/* The value of p (VALUE_*) and its distance in *distance (-1 for a draw),
** for a symmetric solution. */
int symsolver_lookup(const Solution *s, const Position *p, int *distance);

/* The table index of p in a symmetric solution. */
uint64_t symsolver_index(const Solution *s, const Position *p);

/* The number of table entries of a symmetric solution. */
uint64_t symsolver_entries(const Solution *s);

/* The value (VALUE_*) and distance (-1 for a draw) of a code. */
int symsolver_value(const SymTable *t, uint8_t code, int *distance);

/* The farthest distance the codes of t reach (SOLVER_LONGEST less the
** plies a lookup may search). */
int symsolver_max_distance(const SymTable *t);

/* The coding a symmetric solve of r uses: *by_parity (no hooks) and
** *even_wins (misère). */
void symsolver_coding(const Rules *r, int *by_parity, int *even_wins);

/* Gives s (n and opening set) its SymTable for the rules r (whose hooks
** are ignored) and a coding, keeping layers layers.  Returns 0, or -1
** without memory. */
int symsolver_new_table(Solution *s, const Rules *r, int by_parity,
                        int even_wins, int layers);

/* The number of layers a symmetric solution of r keeps. */
int symsolver_layers(const Rules *r);

/* Frees what a symmetric solution holds besides its codes (solver_free
** calls it). */
void symsolver_free(Solution *s);

#endif

/*
** solve.h — which solver solves a variant: rules with moves beside the
** slides (drops, jumps, captures, a pass) are solved in tiers of states
** with the same pieces (tiersolver.h) when the table fits in memory and
** the rules have no hooks and read neither the ply nor past moves, else
** on the states play reaches (reach.h); else the symmetric one (symsolver.h)
** when the board's symmetries leave the rules unchanged and the rules
** remember no moves — no hooks, or hooks that say so and pass a check —
** else, for rules with hooks, the reachable-states one (reach.h) when the
** states play reaches from the start are far fewer than the plain table's
** (at most one in SOLVE_REACH_SHARE), and for any rules when the plain
** table would be too large; else the plain one (solver.h).  Either kind
** can be asked for instead.
*/
#ifndef MUTORERE_SOLVE_H
#define MUTORERE_SOLVE_H

#include "cancel.h"
#include "progress.h"
#include "solver.h"

/* The kinds of solution a solve may give. */
enum {
  SOLVE_AUTO = 0,  /* the one that fits (as above) */
  SOLVE_TABLE,     /* every state: the symmetric table, the plain one or
                   ** the tiers */
  SOLVE_REACHABLE  /* the states reachable from the start (reach.h) */
};

/* The reachable-states solution of hooked rules is chosen when the states
** play reaches are at most one in this many of the plain table's: it then
** takes less memory (REACH_STATE_BYTES a state against a byte) and less
** time, and the walk that finds there are more costs a small share of a
** solve (a state walked costs a few times a state of the table). */
#define SOLVE_REACH_SHARE 1024

/* A solve of the states play reaches takes at most this share of the
** memory the machine has available when it starts (memory_room: the
** limit's room too), unless SolveOptions.memory_share gives another: the
** walk is not bounded by its rules, and on a shared machine what it takes
** past that is taken from the other processes. */
#define SOLVE_MEMORY_SHARE 0.5

typedef struct SolveOptions {
  int threads;   /* worker threads; 0: one per core */
  int symmetric; /* the variant says its hooks are symmetric */
  const Cancel *cancel;
  const Progress *progress; /* may be NULL */
  int kind;                 /* SOLVE_* */
  const Position *start;    /* where play starts; NULL: the wheel's start
                            ** (a board of points then gets a table) */
  double memory_share; /* of the memory available, for the states play
                       ** reaches (0: SOLVE_MEMORY_SHARE) */
} SolveOptions;

/* The bytes a solve of the states play reaches may take under o (may be
** NULL): its share of memory_room() now. */
size_t solve_reach_bytes(const SolveOptions *o);

/* Solves r as solver_solve does, with the solver that fits (or the kind
** asked for).  A symmetric claim that the hooks belie is SOLVER_ERROR (err
** says where); a solve that would not fit in memory is refused before it
** starts.  o may be NULL (defaults). */
int solve_variant(Solution *s, const Rules *r, const SolveOptions *o,
                  char *err);

/* 1 when r would be solved up to symmetry (given the claim). */
int solve_is_symmetric(const Rules *r, int claim);

/* The number of threads for a request (0: one per core). */
int solve_threads(int asked);

/* Checks on sample positions that the hooks of r answer alike under
** rotation, reflection and colour swap.  Returns 0, 1 with the first
** difference in err, or RULES_EHOOK. */
int solve_check_symmetric(const Rules *r, char *err);

#endif

/*
** solver.h — perfect play by retrograde analysis: the value (win, loss or
** draw for the side to move) and the distance in plies to the end of every
** legal position of a variant, one byte per position.
**
** A state is what the rules read: the position, its ply while the rules
** read it, and the moves they remember.  A variant whose opening rules end
** at ply K (rules_opening_plies) gets K+1 layers, layers 0..K-1 for plies
** 0..K-1 and layer K for every later ply.  A variant that remembers k
** moves (rules_memory) has, within each layer, a block of positions for
** every history of up to k moves, coded by their to points (the from
** points follow from the position; on a graph board, which may have many
** empty points, each move is coded by its arc); histories that cannot
** have led to the position are not states and are never looked at.
** Layer K is solved backwards from the ends of the game (retrograde
** analysis); the opening layers then by looking one ply ahead.  Winners
** hurry and losers delay: a win's distance is the shortest forced one, a
** loss's the longest.  Draws are the positions from which neither side can
** force an end.  Repetition and ply caps are not part of the solution.
*/
#ifndef MUTORERE_SOLVER_H
#define MUTORERE_SOLVER_H

#include <stdint.h>

#include "cancel.h"
#include "rules.h"

enum { VALUE_DRAW = 0, VALUE_WIN = 1, VALUE_LOSS = 2 };
/* What the lookup of a reachable-states solution (reach.h) gives for a
** state it does not hold: no value, never a wrong one. */
enum { VALUE_UNKNOWN = -1 };
enum {
  SOLVER_OK = 0,
  SOLVER_ERROR = -1,    /* err says why: too large, no memory, too long */
  SOLVER_EHOOK = -2,    /* a rule hook failed */
  SOLVER_CANCELLED = -3 /* the Cancel asked to stop */
};

#define SOLVER_MAX_DISTANCE 126 /* the farthest the plain solver codes */
/* The farthest distance a lookup gives: 1000 in a symmetric table of values
** (its distances are searched, not kept; the solver stops beyond), and 4
** opening plies searched above it (symsolver.h). */
#define SOLVER_LONGEST 1004
#define SOLVER_MAX_STATES ((uint64_t)1 << 32)

struct Solution;

/* What the positions reachable from a start have: counts by value, and
** the traps (drawn positions with a move that loses). */
typedef struct Census {
  uint64_t reachable, wins, losses, draws, traps;
  int longest; /* the longest distance among them */
} Census;

/* How a Solution reaches a table kept another way than the plain one (the
** symmetric table of symsolver.h, the reachable states of reach.h, the
** tiers of tiersolver.h): the lookup of a state (as solver_lookup), the
** release of what it holds besides the codes, (when not NULL) the number
** of states it holds, and (when not NULL) its census (as solver_census).
** The core's other layers reach such a table only through these, as a
** pager reaches its operating system through a table of functions. */
typedef struct SolutionMethods {
  int (*lookup)(const struct Solution *s, const Position *p, const History *h,
                int *distance);
  void (*release)(struct Solution *s);
  uint64_t (*states)(const struct Solution *s);
  int (*census)(const struct Solution *s, const Rules *r,
                const Position *start, const History *h, Census *census,
                void (*on_trap)(void *ud, const Position *p, const History *h,
                                int losing),
                void *ud, const Cancel *c, char *err);
} SolutionMethods;

typedef struct Solution {
  int n;              /* arms (of a graph board: points) */
  const Graph *graph; /* NULL: the wheel; else the board (rank.h ranks its
                      ** positions by the pieces of each side) */
  int pieces[2];
  int digits;         /* the values of a move's digit in a history code */
  int opening;        /* K: the number of opening layers */
  int memory;         /* k: the moves a state remembers */
  uint64_t positions; /* positions per history block (rank_layer) */
  uint64_t histories; /* history blocks per layer */
  uint64_t layer;     /* states per layer: positions * histories */
  uint8_t *codes;     /* (K+1) * layer codes: 0 draw, else 1 + 2*distance
                      ** (+1 for a loss) */
  /* Not NULL: the codes are indexed and coded another way, and read
  ** through these methods (symsolver.h sets them, with sym; reach.h with
  ** reach; tiersolver.h with tiers). */
  const SolutionMethods *methods;
  struct SymTable *sym;
  struct ReachTable *reach;
  struct TierTable *tiers;
} Solution;

/* Sets the shape of the plain table of r in s (no codes): its board, its
** layers, history blocks and positions.  Returns SOLVER_OK, or
** SOLVER_ERROR with a message in err when the table is too large. */
int solver_plan(Solution *s, const Rules *r, char *err);

/* Solves the variant r.  Returns SOLVER_OK, or another SOLVER_* (with a
** message in err for SOLVER_ERROR); s needs solver_free only after
** SOLVER_OK. */
int solver_solve(Solution *s, const Rules *r, const Cancel *c, char *err);

void solver_free(Solution *s);

/* The value (VALUE_*) and distance (-1 for a draw) of a code of the plain
** solver's table (Solution.codes without sym). */
int solver_code_value(uint8_t code, int *distance);

/* The number of states solved (of the plain table: those that are not
** states included). */
static inline uint64_t solver_states(const Solution *s) {
  if (s->methods && s->methods->states) return s->methods->states(s);
  return s->layer * (uint64_t)(s->opening + 1);
}

/* The index of the state p reached by h (NULL: no moves known) in the
** table; p must have s->n arms and h must have led to p
** (rules_check_history). */
uint64_t solver_index(const Solution *s, const Position *p, const History *h);

/* The value of p reached by h (VALUE_*) for its side to move, and its
** distance in *distance (-1 for a draw); as solver_index.  A
** reachable-states solution gives VALUE_UNKNOWN for a state it does not
** hold (reach_extend adds it). */
int solver_lookup(const Solution *s, const Position *p, const History *h,
                  int *distance);

/* Walks every state reachable from start reached by h (NULL: none) under
** r (hooks asked) and counts them into *census; calls on_trap (when not
** NULL) with each trap and its losing moves' count.  Returns a SOLVER_*
** code.  For the plain table and those whose methods have a census
** (reach.h and symcensus.h walk theirs). */
int solver_census(const Solution *s, const Rules *r, const Position *start,
                  const History *h, Census *census,
                  void (*on_trap)(void *ud, const Position *p, const History *h,
                                  int losing),
                  void *ud, const Cancel *c, char *err);

#endif

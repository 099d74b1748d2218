/*
** graph.h — boards that are graphs: named points joined by lines (a piece
** may go both ways) and arrows (one way).  The wheel of board.h is one
** such board, with its own fast code; every other board is a Graph.
**
** A position of a graph board is a Position (board.h) with graph set: its
** arm masks are masks over the points 0..n-1 (bit i: the i-th point
** declared) and there is no centre.  Its text is one character per point
** (b, w or .) in the order the points were declared, a space, the side to
** move and optionally the ply: "bb.ww b".  A move goes from a point along
** a line to an empty point; its text is "<from>-<to>" in point names.
*/
#ifndef MUTORERE_GRAPH_H
#define MUTORERE_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define GRAPH_MAX_POINTS 64
#define GRAPH_NAMEMAX 12 /* a point's name, NUL included: 1..11 characters */
#define GRAPH_NONE 0xff  /* no point (in beyond) */
#define GRAPH_MAX_STRIDES 16 /* the most strides a board keeps */
#define GRAPH_MAX_STEPS 16   /* the most steps a board keeps */

/* A step: the moves along a line from a to b of a board whose points are
** as far apart in the order of the points (b = a + by); from: the points
** a.  Slides are counted by steps, on masks, where they are few. */
typedef struct GraphStep {
  int by;
  uint64_t from;
} GraphStep;

/* A stride: the straight steps a -> b -> beyond of a board whose points
** are as far apart in the order of the points (b = a + over, beyond =
** a + onto), a line from a to b and one from b to beyond; from: the
** points a it starts from.  Perft finds jumps by strides, on masks. */
typedef struct GraphStride {
  int over, onto;
  uint64_t from;
} GraphStride;

typedef struct Graph {
  int n;      /* points */
  int centre; /* the point the flank rule guards, or -1 */
  int arcs;   /* the moves the lines allow: a line counts twice */
  uint64_t next[GRAPH_MAX_POINTS]; /* next[i]: where a piece on i may go */
  uint64_t prev[GRAPH_MAX_POINTS]; /* prev[i]: whence a piece may come to i */
  uint64_t near[GRAPH_MAX_POINTS]; /* next[i] | prev[i]: i's neighbours */
  uint16_t arc_base[GRAPH_MAX_POINTS]; /* the arcs that leave points < i */
  char name[GRAPH_MAX_POINTS][GRAPH_NAMEMAX];
  /* beyond[a][b]: the point after b on the straight line from a through
  ** b, joined to b by a line (GRAPH_NONE: none, or no layout given) */
  uint8_t beyond[GRAPH_MAX_POINTS][GRAPH_MAX_POINTS];
  int straight; /* 1 when beyond was set from a layout */
  int shortcut; /* 1 when a line joins some a to the point beyond b from a
                ** (a jump there ends where a slide does) */
  int steps; /* the steps of the lines, or -1 when more than
             ** GRAPH_MAX_STEPS */
  GraphStep step[GRAPH_MAX_STEPS];
  int strides; /* the strides of the straight lines, or -1 when they are
               ** more than GRAPH_MAX_STRIDES */
  GraphStride stride[GRAPH_MAX_STRIDES];
} Graph;

/* Makes g a board with no points. */
void graph_init(Graph *g);

/* Adds a point named name (letters, digits and _, at most GRAPH_NAMEMAX - 1
** of them).  Returns its number, or -1 with a message in err. */
int graph_add_point(Graph *g, const char *name, char *err);

/* The number of the point named by the len bytes at name, or -1. */
int graph_find(const Graph *g, const char *name, size_t len);

/* Joins points a and b: both ways, or from a to b only when arrow.
** Returns 0, or -1 with a message in err. */
int graph_add_line(Graph *g, int a, int b, int arrow, char *err);

/* Checks the board once its points and lines are in (at least two points,
** every point on a line) and counts its arcs.  Returns 0, or -1 with a
** message in err. */
int graph_finish(Graph *g, char *err);

/* Sets g's straight lines from a layout (x[i], y[i]: where point i is
** drawn): c is beyond b from a when lines join a to b and b to c, and b
** lies between a and c on the straight segment from one to the other
** (the nearest such c).  Run it after graph_finish. */
void graph_set_beyond(Graph *g, const double *x, const double *y);

/* 1 when the two boards have the same points (names and order), lines and
** centre. */
int graph_equal(const Graph *a, const Graph *b);

/* 1 when the two boards of as many points have the same straight lines. */
int graph_equal_straight(const Graph *a, const Graph *b);

/* A 64-bit digest of the board: its points' names and order, its lines
** and its centre (a check that two boards are the same, not a secret). */
uint64_t graph_digest(const Graph *g);

/* The sum of the k largest of the n numbers in x (sorted in place): a
** bound's arithmetic, shared with fields.c. */
int graph_sum_largest(int *x, int n, int k);

/* The most moves a side with pieces pieces can have on g with empty empty
** points (a bound, not always reached). */
int graph_max_moves(const Graph *g, int pieces, int empty);

/* The empty points of a position of g. */
static inline uint64_t graph_empty(const Graph *g, const Position *p) {
  return ~(p->arms[BLACK] | p->arms[WHITE]) & board_full(g->n);
}

/* The moves of the side to move in p by the board and the parameters:
** adjacent, every move needs an enemy piece next to the mover; flank, a
** move into the centre point needs one.  Written to out in the order:
** from points ascending, then to points ascending.  Returns how many. */
static inline int graph_moves(const Graph *g, const Position *p, int flank,
                              int adjacent, Move *out) {
  uint64_t own = p->arms[p->side], enemy = p->arms[p->side ^ 1];
  uint64_t empty = ~(own | enemy) & board_full(g->n);
  int k = 0;
  for (uint64_t from = own; from; from &= from - 1) {
    int u = __builtin_ctzll(from);
    uint64_t to = g->next[u] & empty;
    if (!to) continue;
    int flanked = (g->near[u] & enemy) != 0;
    if (adjacent && !flanked) continue;
    if (flank && !flanked && g->centre >= 0)
      to &= ~((uint64_t)1 << g->centre);
    for (; to; to &= to - 1)
      out[k++] = move_of((uint8_t)u, (uint8_t)__builtin_ctzll(to));
  }
  return k;
}

/* The number of moves of the side with pieces own against enemy (as
** graph_moves has them), counted by the empty points when they are fewer
** than the pieces to move. */
static inline int graph_count_masks(const Graph *g, uint64_t own,
                                    uint64_t enemy, int flank, int adjacent) {
  uint64_t empty = ~(own | enemy) & board_full(g->n);
  if (adjacent) { /* only the pieces with an enemy next to them move */
    uint64_t movers = 0;
    for (uint64_t from = own; from; from &= from - 1) {
      int u = __builtin_ctzll(from);
      if (g->near[u] & enemy) movers |= (uint64_t)1 << u;
    }
    own = movers;
    flank = 0;
  }
  int k = 0, fewer = __builtin_popcountll(empty);
  if (__builtin_popcountll(own) < fewer) fewer = __builtin_popcountll(own);
  if (g->steps >= 0 && g->steps < fewer) { /* by steps */
    for (int s = 0; s < g->steps; s++) {
      int by = g->step[s].by;
      k += __builtin_popcountll(own & g->step[s].from &
                                (by >= 0 ? empty >> by : empty << -by));
    }
  } else if (__builtin_popcountll(empty) <= __builtin_popcountll(own)) {
    for (uint64_t to = empty; to; to &= to - 1)
      k += __builtin_popcountll(g->prev[__builtin_ctzll(to)] & own);
  } else {
    for (uint64_t from = own; from; from &= from - 1)
      k += __builtin_popcountll(g->next[__builtin_ctzll(from)] & empty);
  }
  if (flank && g->centre >= 0 && (empty >> g->centre & 1)) /* unflanked */
    for (uint64_t from = g->prev[g->centre] & own; from; from &= from - 1)
      k -= (g->near[__builtin_ctzll(from)] & enemy) == 0;
  return k;
}

/* The number of moves graph_moves gives. */
static inline int graph_count(const Graph *g, const Position *p, int flank,
                              int adjacent) {
  return graph_count_masks(g, p->arms[p->side], p->arms[p->side ^ 1], flank,
                           adjacent);
}

/* The moves that can have led to q (its from point empty, its to point
** holding a piece of the side that moved, a line from one to the other),
** whether the rules allowed them or not, into out.  Returns how many. */
int graph_unmoves(const Graph *g, const Position *q, Move *out);

/* 1 when m can have led to q (as graph_unmoves has it). */
int graph_led_to(const Graph *g, const Position *q, Move m);

/* The number of the arc of move m (0 .. arcs - 1; m along a line). */
static inline int graph_arc(const Graph *g, Move m) {
  uint64_t below = ((uint64_t)1 << m.to) - 1;
  return g->arc_base[m.from] + __builtin_popcountll(g->next[m.from] & below);
}

/* The move along arc a (0 <= a < arcs). */
Move graph_arc_move(const Graph *g, int a);

/* Checks a position of g: the board's size, piece masks on its points,
** at least one empty point, no centre, a side to move.  Returns 0, or -1
** with a message in err. */
int graph_check_position(const Graph *g, const Position *p, char *err);

#endif

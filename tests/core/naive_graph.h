/*
** naive_graph.h — a second, deliberately naive implementation of blocking
** games on any board, for cross-checking the core's graph boards (graph.h)
** and its solver.  The board is a matrix of lines, a position a string of
** characters; moves are found by trying every pair of points; the solver
** walks the states reachable from a start and repeats one-ply passes until
** nothing changes.  It shares no code with core/.
*/
#ifndef MUTORERE_NAIVE_GRAPH_H
#define MUTORERE_NAIVE_GRAPH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NG_MAX 16 /* points */

typedef struct NaiveBoard {
  int n;
  char line[NG_MAX][NG_MAX]; /* line[a][b]: a piece may go from a to b */
  int centre;                /* -1: none */
  int flank;                 /* moves into the centre need an enemy near */
  int adjacent;              /* every move needs an enemy near the mover */
  int misere;                /* the blocked side wins */
  /* optional rule: 1 when the move from a to b is allowed in the text */
  int (*allow)(const char *text, int a, int b);
} NaiveBoard;

/* A state: one character per point ('b', 'w', '.'), then the side. */
typedef struct NaiveGState {
  char s[NG_MAX + 2];
} NaiveGState;

/* 1 when a point joined to x (either way) holds colour c. */
static inline int ng_near(const NaiveBoard *b, const char *s, int x, char c) {
  for (int y = 0; y < b->n; y++)
    if ((b->line[x][y] || b->line[y][x]) && s[y] == c) return 1;
  return 0;
}

/* The legal moves of state s as from * NG_MAX + to, by trying every pair. */
static inline int ng_moves(const NaiveBoard *b, const char *s, int *out) {
  char side = s[b->n], enemy = side == 'b' ? 'w' : 'b';
  int k = 0;
  for (int from = 0; from < b->n; from++)
    for (int to = 0; to < b->n; to++) {
      if (s[from] != side || s[to] != '.' || !b->line[from][to]) continue;
      if (b->adjacent && !ng_near(b, s, from, enemy)) continue;
      if (b->flank && to == b->centre && !ng_near(b, s, from, enemy)) continue;
      if (b->allow && !b->allow(s, from, to)) continue;
      out[k++] = from * NG_MAX + to;
    }
  return k;
}

/* The state after move m. */
static inline NaiveGState ng_play(const NaiveBoard *b, const char *s, int m) {
  NaiveGState t;
  memcpy(t.s, s, (size_t)b->n + 2);
  t.s[m % NG_MAX] = t.s[m / NG_MAX];
  t.s[m / NG_MAX] = '.';
  t.s[b->n] = s[b->n] == 'b' ? 'w' : 'b';
  return t;
}

static inline long long ng_perft(const NaiveBoard *b, const char *s,
                                 int depth) {
  int moves[NG_MAX * NG_MAX];
  if (depth == 0) return 1;
  int k = ng_moves(b, s, moves);
  long long sum = 0;
  for (int i = 0; i < k; i++) {
    NaiveGState t = ng_play(b, s, moves[i]);
    sum += ng_perft(b, t.s, depth - 1);
  }
  return sum;
}

/* The states reachable from a start, with their values: value 0 draw, 1
** win, 2 loss for the side to move, and the distance (shortest win,
** longest loss). */
typedef struct NaiveSolved {
  int count;
  NaiveGState *state;
  int *value, *distance;
} NaiveSolved;

/* The number of the state s among the first count, or -1 (a linear
** search: naive on purpose). */
static inline int ng_find(const NaiveSolved *ns, const char *s) {
  for (int i = 0; i < ns->count; i++)
    if (strcmp(ns->state[i].s, s) == 0) return i;
  return -1;
}

/* Walks every state reachable from start, then solves them by passes. */
static inline NaiveSolved ng_solve(const NaiveBoard *b, const char *start) {
  NaiveSolved ns = {0, NULL, NULL, NULL};
  int room = 64, moves[NG_MAX * NG_MAX];
  ns.state = malloc((size_t)room * sizeof *ns.state);
  memcpy(ns.state[0].s, start, (size_t)b->n + 2);
  ns.count = 1;
  for (int i = 0; i < ns.count; i++) {
    int k = ng_moves(b, ns.state[i].s, moves);
    for (int j = 0; j < k; j++) {
      NaiveGState t = ng_play(b, ns.state[i].s, moves[j]);
      if (ng_find(&ns, t.s) >= 0) continue;
      if (ns.count == room)
        ns.state = realloc(ns.state, (size_t)(room *= 2) * sizeof *ns.state);
      ns.state[ns.count++] = t;
    }
  }
  ns.value = calloc((size_t)ns.count, sizeof *ns.value);
  ns.distance = calloc((size_t)ns.count, sizeof *ns.distance);
  for (int i = 0; i < ns.count; i++)
    if (ng_moves(b, ns.state[i].s, moves) == 0)
      ns.value[i] = b->misere ? 1 : 2; /* blocked: distance 0 */
  for (int d = 0, changed = 1; changed; d++) {
    changed = 0;
    for (int i = 0; i < ns.count; i++) {
      if (ns.value[i]) continue;
      int k = ng_moves(b, ns.state[i].s, moves), all_won = 1, longest = -1;
      int wins_now = 0;
      for (int j = 0; j < k; j++) {
        NaiveGState t = ng_play(b, ns.state[i].s, moves[j]);
        int c = ng_find(&ns, t.s);
        if (ns.value[c] == 2 && ns.distance[c] == d) wins_now = 1;
        if (ns.value[c] != 1 || ns.distance[c] > d) all_won = 0;
        if (ns.value[c] == 1 && ns.distance[c] > longest)
          longest = ns.distance[c];
      }
      if (wins_now) {
        ns.value[i] = 3; /* a win at d + 1, made final after the pass */
        ns.distance[i] = d + 1;
        changed = 1;
      } else if (all_won && longest == d) {
        ns.value[i] = 4; /* a loss at d + 1 */
        ns.distance[i] = d + 1;
        changed = 1;
      }
    }
    for (int i = 0; i < ns.count; i++)
      if (ns.value[i] > 2) ns.value[i] -= 2;
  }
  return ns;
}

static inline void ng_free(NaiveSolved *ns) {
  free(ns->state);
  free(ns->value);
  free(ns->distance);
}

#endif

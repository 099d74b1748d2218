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
#define NG_BUCKETS 4096 /* chains of the states found, by their text */

typedef struct NaiveSolved {
  int count;
  NaiveGState *state;
  int *value, *distance;
  int bucket[NG_BUCKETS]; /* the last state of each chain, -1: none */
  int *chain;             /* the state before it in its chain, -1: none */
} NaiveSolved;

/* The chain of a state's text (FNV-1a). */
static inline int ng_bucket(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return (int)(h % NG_BUCKETS);
}

/* The number of the state s among those found, or -1: its chain walked,
** each text compared whole. */
static inline int ng_find(const NaiveSolved *ns, const char *s) {
  for (int i = ns->bucket[ng_bucket(s)]; i >= 0; i = ns->chain[i])
    if (strcmp(ns->state[i].s, s) == 0) return i;
  return -1;
}

/* Adds state t (not found yet) as number ns->count. */
static inline void ng_add(NaiveSolved *ns, int *room, NaiveGState t) {
  if (ns->count == *room) {
    *room *= 2;
    ns->state = realloc(ns->state, (size_t)*room * sizeof *ns->state);
    ns->chain = realloc(ns->chain, (size_t)*room * sizeof *ns->chain);
  }
  int h = ng_bucket(t.s);
  ns->state[ns->count] = t;
  ns->chain[ns->count] = ns->bucket[h];
  ns->bucket[h] = ns->count++;
}

/* Walks every state reachable from start, then solves them by passes. */
static inline NaiveSolved ng_solve(const NaiveBoard *b, const char *start) {
  NaiveSolved ns;
  int room = 64, moves[NG_MAX * NG_MAX];
  memset(&ns, 0, sizeof ns);
  memset(ns.bucket, -1, sizeof ns.bucket);
  ns.state = malloc((size_t)room * sizeof *ns.state);
  ns.chain = malloc((size_t)room * sizeof *ns.chain);
  NaiveGState first_state;
  memcpy(first_state.s, start, (size_t)b->n + 2);
  ng_add(&ns, &room, first_state);
  for (int i = 0; i < ns.count; i++) {
    int k = ng_moves(b, ns.state[i].s, moves);
    for (int j = 0; j < k; j++) {
      NaiveGState t = ng_play(b, ns.state[i].s, moves[j]);
      if (ng_find(&ns, t.s) < 0) ng_add(&ns, &room, t);
    }
  }
  ns.value = calloc((size_t)ns.count, sizeof *ns.value);
  ns.distance = calloc((size_t)ns.count, sizeof *ns.distance);
  /* each state's successors, looked up once for all the passes */
  int *first = malloc(((size_t)ns.count + 1) * sizeof *first), *next = NULL;
  for (int i = 0, total = 0; i < ns.count; i++) {
    int k = ng_moves(b, ns.state[i].s, moves);
    first[i] = total;
    next = realloc(next, ((size_t)total + (size_t)k + 1) * sizeof *next);
    for (int j = 0; j < k; j++) {
      NaiveGState t = ng_play(b, ns.state[i].s, moves[j]);
      next[total++] = ng_find(&ns, t.s);
    }
    first[i + 1] = total;
    if (k == 0) ns.value[i] = b->misere ? 1 : 2; /* blocked: distance 0 */
  }
  for (int d = 0, changed = 1; changed; d++) {
    changed = 0;
    for (int i = 0; i < ns.count; i++) {
      if (ns.value[i]) continue;
      int all_won = 1, longest = -1;
      int wins_now = 0;
      for (int j = first[i]; j < first[i + 1]; j++) {
        int c = next[j];
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
  free(first);
  free(next);
  return ns;
}

static inline void ng_free(NaiveSolved *ns) {
  free(ns->state);
  free(ns->chain);
  free(ns->value);
  free(ns->distance);
}

#endif

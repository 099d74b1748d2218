/*
** naive.h — a second, deliberately naive implementation of the rules, for
** cross-checking the core.  It keeps the board as characters, tries every
** pair of points, and states each rule as the sources word it.  It shares no
** code with core/.
*/
#ifndef MUTORERE_NAIVE_H
#define MUTORERE_NAIVE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct NaiveRules {
  int n;              /* arms */
  long flank_plies;   /* the flank rule binds while ply < this */
  int adjacent_enemy; /* every move needs an enemy next to the mover */
} NaiveRules;

typedef struct NaivePos {
  int n;
  char point[66]; /* point[0..n-1]: arms; point[n]: centre; 'b', 'w', '.' */
  char side;      /* 'b' or 'w' */
  long ply;
} NaivePos;

typedef struct NaiveMove {
  int from, to; /* naive points: n is the centre */
} NaiveMove;

/* Reads "<arms>/<centre> <side>[ <ply>]" (trusted input). */
static inline NaivePos naive_read(const char *text) {
  NaivePos p;
  memset(&p, 0, sizeof p);
  const char *slash = strchr(text, '/');
  p.n = (int)(slash - text);
  memcpy(p.point, text, (size_t)p.n);
  p.point[p.n] = slash[1];
  p.side = slash[3];
  p.ply = slash[4] == ' ' ? atol(slash + 5) : 0;
  return p;
}

/* Writes the position in the core's notation. */
static inline void naive_write(const NaivePos *p, char *buf) {
  char *t = buf;
  for (int i = 0; i < p->n; i++) *t++ = p->point[i];
  t += sprintf(t, "/%c %c", p->point[p->n], p->side);
  if (p->ply) sprintf(t, " %ld", p->ply);
}

/* Writes a move like "4-c". */
static inline void naive_write_move(const NaivePos *p, NaiveMove m, char *buf) {
  char a[16], b[16];
  if (m.from == p->n)
    strcpy(a, "c");
  else
    sprintf(a, "%d", m.from + 1);
  if (m.to == p->n)
    strcpy(b, "c");
  else
    sprintf(b, "%d", m.to + 1);
  sprintf(buf, "%s-%s", a, b);
}

/* 1 when points x and y are joined by a line of the board. */
static inline int naive_joined(int n, int x, int y) {
  if (x == y) return 0;
  if (x == n || y == n) return 1; /* every arm is joined to the centre */
  return (x + 1) % n == y || (y + 1) % n == x;
}

/* 1 when some point joined to x holds a piece of colour c. */
static inline int naive_enemy_near(const NaivePos *p, int x, char c) {
  for (int y = 0; y <= p->n; y++)
    if (naive_joined(p->n, x, y) && p->point[y] == c) return 1;
  return 0;
}

/* 1 when the arm x has colour c on a neighbouring arm. */
static inline int naive_flanked(const NaivePos *p, int x, char c) {
  int n = p->n;
  return p->point[(x + 1) % n] == c || p->point[(x + n - 1) % n] == c;
}

/* Every legal move, by trying every pair of points. */
static inline int naive_moves(const NaiveRules *r, const NaivePos *p,
                              NaiveMove *out) {
  int k = 0, n = p->n;
  char enemy = p->side == 'b' ? 'w' : 'b';
  for (int from = 0; from <= n; from++) {
    for (int to = 0; to <= n; to++) {
      if (p->point[from] != p->side || p->point[to] != '.') continue;
      if (!naive_joined(n, from, to)) continue;
      if (to == n && p->ply < r->flank_plies && !naive_flanked(p, from, enemy))
        continue;
      if (r->adjacent_enemy && !naive_enemy_near(p, from, enemy)) continue;
      out[k].from = from;
      out[k].to = to;
      k++;
    }
  }
  return k;
}

/* The position after m. */
static inline NaivePos naive_play(const NaivePos *p, NaiveMove m) {
  NaivePos q = *p;
  q.point[m.to] = q.point[m.from];
  q.point[m.from] = '.';
  q.side = p->side == 'b' ? 'w' : 'b';
  q.ply++;
  return q;
}

/* The leaves of the move tree at depth. */
static inline long long naive_perft(const NaiveRules *r, const NaivePos *p,
                                    int depth) {
  NaiveMove moves[80];
  if (depth == 0) return 1;
  int k = naive_moves(r, p, moves);
  long long sum = 0;
  for (int i = 0; i < k; i++) {
    NaivePos q = naive_play(p, moves[i]);
    sum += naive_perft(r, &q, depth - 1);
  }
  return sum;
}

/* The naive rules of a built-in variant by name (misere moves as
** standard). */
static inline NaiveRules naive_rules(const char *name, int n) {
  NaiveRules r = {n, 1L << 40, 0};
  if (!strcmp(name, "first-two-turns")) r.flank_plies = 4;
  if (!strcmp(name, "first-move")) r.flank_plies = 1;
  if (!strcmp(name, "no-restriction")) r.flank_plies = 0;
  if (!strcmp(name, "adjacent-enemy")) r.flank_plies = 0, r.adjacent_enemy = 1;
  return r;
}

#endif

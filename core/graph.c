/*
** graph.c — graph boards: building and checking them, the moves back, and
** their move notation.
*/
#include "graph.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void graph_init(Graph *g) {
  memset(g, 0, sizeof *g);
  memset(g->beyond, GRAPH_NONE, sizeof g->beyond);
  g->centre = -1;
  g->steps = -1; /* none found yet: graph_finish finds them */
}

/* 1 when c may be part of a point's name. */
static int name_char(int c) {
  return isalnum((unsigned char)c) || c == '_';
}

int graph_find(const Graph *g, const char *name, size_t len) {
  if (len == 0 || len >= GRAPH_NAMEMAX) return -1;
  for (int i = 0; i < g->n; i++)
    if (strncmp(g->name[i], name, len) == 0 && g->name[i][len] == '\0')
      return i;
  return -1;
}

int graph_add_point(Graph *g, const char *name, char *err) {
  size_t len = strlen(name);
  char shown[BOARD_SHOWN_SIZE(40)];
  if (len == 0 || len >= GRAPH_NAMEMAX) {
    snprintf(err, BOARD_ERRMAX,
             "bad point name \"%s\": a name has 1 to %d characters",
             board_shown(shown, sizeof shown, name, len, 40),
             GRAPH_NAMEMAX - 1);
    return -1;
  }
  for (size_t i = 0; i < len; i++)
    if (!name_char(name[i])) {
      snprintf(err, BOARD_ERRMAX,
               "bad point name \"%s\": use letters, digits and _",
               board_shown(shown, sizeof shown, name, len, 40));
      return -1;
    }
  if (graph_find(g, name, len) >= 0) {
    snprintf(err, BOARD_ERRMAX, "point \"%s\" is named twice", name);
    return -1;
  }
  if (g->n >= GRAPH_MAX_POINTS) {
    snprintf(err, BOARD_ERRMAX, "more than %d points", GRAPH_MAX_POINTS);
    return -1;
  }
  memcpy(g->name[g->n], name, len + 1);
  return g->n++;
}

int graph_add_line(Graph *g, int a, int b, int arrow, char *err) {
  if (a < 0 || b < 0 || a >= g->n || b >= g->n) {
    snprintf(err, BOARD_ERRMAX, "a line to a point that is not on the board");
    return -1;
  }
  if (a == b) {
    snprintf(err, BOARD_ERRMAX, "a line from point \"%s\" to itself",
             g->name[a]);
    return -1;
  }
  g->next[a] |= (uint64_t)1 << b;
  g->prev[b] |= (uint64_t)1 << a;
  if (!arrow) {
    g->next[b] |= (uint64_t)1 << a;
    g->prev[a] |= (uint64_t)1 << b;
  }
  g->near[a] = g->next[a] | g->prev[a];
  g->near[b] = g->next[b] | g->prev[b];
  return 0;
}

/* Sets g's steps from its lines: each move a -> b joins the step of its
** offset. */
static void set_steps(Graph *g) {
  g->steps = 0;
  for (int a = 0; a < g->n; a++)
    for (uint64_t bs = g->next[a]; bs; bs &= bs - 1) {
      int by = __builtin_ctzll(bs) - a, s = 0;
      while (s < g->steps && g->step[s].by != by) s++;
      if (s == g->steps) {
        if (s == GRAPH_MAX_STEPS) {
          g->steps = -1;
          return;
        }
        g->step[s] = (GraphStep){by, 0};
        g->steps++;
      }
      g->step[s].from |= (uint64_t)1 << a;
    }
}

int graph_finish(Graph *g, char *err) {
  if (g->n < 2) {
    snprintf(err, BOARD_ERRMAX, "a board needs at least two points, it has %d",
             g->n);
    return -1;
  }
  int arcs = 0;
  for (int i = 0; i < g->n; i++) {
    if (!g->near[i]) {
      snprintf(err, BOARD_ERRMAX, "point \"%s\" is on no line", g->name[i]);
      return -1;
    }
    g->arc_base[i] = (uint16_t)arcs;
    arcs += __builtin_popcountll(g->next[i]);
  }
  g->arcs = arcs;
  set_steps(g);
  return 0;
}

/* 1 when b lies strictly inside the segment from a to c, within a small
** tolerance of the segment's length. */
static int between(double ax, double ay, double bx, double by, double cx,
                   double cy) {
  double ux = bx - ax, uy = by - ay, vx = cx - bx, vy = cy - by;
  double cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
  double scale = (ux * ux + uy * uy) + (vx * vx + vy * vy);
  return dot > 0 && cross * cross <= 1e-12 * scale * scale;
}

/* Sets g's strides from its beyond: each straight step a -> b -> c (a
** line from a to b, one from b to c) joins the stride of its offsets. */
static void set_strides(Graph *g) {
  g->strides = 0;
  for (int a = 0; a < g->n; a++)
    for (uint64_t bs = g->next[a]; bs; bs &= bs - 1) {
      int b = __builtin_ctzll(bs), c = g->beyond[a][b], s = 0;
      if (c == GRAPH_NONE || !(g->next[b] >> c & 1)) continue;
      while (s < g->strides &&
             (g->stride[s].over != b - a || g->stride[s].onto != c - a))
        s++;
      if (s == g->strides) {
        if (s == GRAPH_MAX_STRIDES) {
          g->strides = -1;
          return;
        }
        g->stride[s] = (GraphStride){b - a, c - a, 0};
        g->strides++;
      }
      g->stride[s].from |= (uint64_t)1 << a;
    }
}

/* Writes the layout (x, y) moved and scaled alike in both directions so
** that its points span 1 at most from 0: straightness is the same, and
** no product of coordinates underflows (a layout drawn in 1e-200ths). */
static void unit_layout(int n, const double *x, const double *y, double *ux,
                        double *uy) {
  double lx = x[0], ly = y[0], span = 0;
  for (int i = 1; i < n; i++) {
    lx = x[i] < lx ? x[i] : lx;
    ly = y[i] < ly ? y[i] : ly;
  }
  for (int i = 0; i < n; i++) {
    span = x[i] - lx > span ? x[i] - lx : span;
    span = y[i] - ly > span ? y[i] - ly : span;
  }
  for (int i = 0; i < n; i++) {
    ux[i] = span > 0 ? (x[i] - lx) / span : 0;
    uy[i] = span > 0 ? (y[i] - ly) / span : 0;
  }
}

void graph_set_beyond(Graph *g, const double *layout_x,
                      const double *layout_y) {
  double x[GRAPH_MAX_POINTS], y[GRAPH_MAX_POINTS];
  if (g->n > 0) unit_layout(g->n, layout_x, layout_y, x, y);
  memset(g->beyond, GRAPH_NONE, sizeof g->beyond);
  g->shortcut = 0;
  for (int a = 0; a < g->n; a++)
    for (uint64_t bs = g->near[a]; bs; bs &= bs - 1) {
      int b = __builtin_ctzll(bs), best = GRAPH_NONE;
      double nearest = 0;
      for (uint64_t cs = g->near[b] & ~((uint64_t)1 << a); cs; cs &= cs - 1) {
        int c = __builtin_ctzll(cs);
        double dx = x[c] - x[b], dy = y[c] - y[b], d = dx * dx + dy * dy;
        if (between(x[a], y[a], x[b], y[b], x[c], y[c]) &&
            (best == GRAPH_NONE || d < nearest))
          best = c, nearest = d;
      }
      g->beyond[a][b] = (uint8_t)best;
      if (best != GRAPH_NONE && (g->near[a] >> best & 1)) g->shortcut = 1;
    }
  g->straight = 1;
  set_strides(g);
}

int graph_equal(const Graph *a, const Graph *b) {
  if (a == b) return 1;
  if (a->n != b->n || a->centre != b->centre) return 0;
  for (int i = 0; i < a->n; i++)
    if (a->next[i] != b->next[i] || strcmp(a->name[i], b->name[i]) != 0)
      return 0;
  return 1;
}

int graph_equal_straight(const Graph *a, const Graph *b) {
  if (a->straight != b->straight || a->n != b->n) return 0;
  for (int i = 0; i < a->n; i++)
    if (memcmp(a->beyond[i], b->beyond[i], (size_t)a->n) != 0) return 0;
  return 1;
}

uint64_t graph_digest(const Graph *g) {
  uint64_t h = 0xcbf29ce484222325u; /* FNV-1a over names, lines, centre */
  for (int i = 0; i < g->n; i++) {
    for (const char *c = g->name[i]; *c; c++)
      h = (h ^ (uint8_t)*c) * 0x100000001b3u;
    h = (h ^ 0xff) * 0x100000001b3u;
    for (int b = 0; b < 64; b += 8)
      h = (h ^ (g->next[i] >> b & 0xff)) * 0x100000001b3u;
  }
  return (h ^ (uint64_t)(g->centre + 1)) * 0x100000001b3u;
}

int graph_sum_largest(int *x, int n, int k) {
  for (int i = 1; i < n; i++) /* insertion sort, largest first */
    for (int j = i; j > 0 && x[j] > x[j - 1]; j--) {
      int t = x[j];
      x[j] = x[j - 1];
      x[j - 1] = t;
    }
  int sum = 0;
  for (int i = 0; i < k && i < n; i++) sum += x[i];
  return sum;
}

int graph_max_moves(const Graph *g, int pieces, int empty) {
  int out[GRAPH_MAX_POINTS], in[GRAPH_MAX_POINTS];
  for (int i = 0; i < g->n; i++) { /* a piece reaches at most the empty
                                    ** points, a point takes at most the
                                    ** pieces */
    out[i] = __builtin_popcountll(g->next[i]);
    in[i] = __builtin_popcountll(g->prev[i]);
    if (out[i] > empty) out[i] = empty;
    if (in[i] > pieces) in[i] = pieces;
  }
  int by_pieces = graph_sum_largest(out, g->n, pieces); /* (never above the arcs) */
  int by_empty = graph_sum_largest(in, g->n, empty);
  return by_pieces < by_empty ? by_pieces : by_empty;
}

int graph_unmoves(const Graph *g, const Position *q, Move *out) {
  uint64_t empty = graph_empty(g, q);
  int k = 0;
  for (uint64_t to = q->arms[q->side ^ 1]; to; to &= to - 1) {
    int v = __builtin_ctzll(to);
    for (uint64_t from = g->prev[v] & empty; from; from &= from - 1)
      out[k++] = move_of((uint8_t)__builtin_ctzll(from), (uint8_t)v);
  }
  return k;
}

int graph_led_to(const Graph *g, const Position *q, Move m) {
  if (m.from >= g->n || m.to >= g->n) return 0;
  return (graph_empty(g, q) >> m.from & 1) &&
         (q->arms[q->side ^ 1] >> m.to & 1) && (g->next[m.from] >> m.to & 1);
}

Move graph_arc_move(const Graph *g, int a) {
  int u = 0;
  while (u + 1 < g->n && g->arc_base[u + 1] <= a) u++;
  uint64_t to = g->next[u];
  for (int skip = a - g->arc_base[u]; skip > 0; skip--) to &= to - 1;
  return move_of((uint8_t)u, (uint8_t)__builtin_ctzll(to));
}

int graph_check_position(const Graph *g, const Position *p, char *err) {
  if (!p->graph || p->n != g->n) {
    if (p->graph)
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d points, but the board has %d", p->n, g->n);
    else
      snprintf(err, BOARD_ERRMAX,
               "bad position: a position of the wheel, but the board is a "
               "graph of %d points (write one character per point, e.g. "
               "\"bb.ww b\")",
               g->n);
    return -1;
  }
  return board_check(p, err);
}


/*
** tiermirror.c — the search for a mirror of a tiered table's board.
*/
#include "tiermirror.h"

#include <string.h>

#define FREE 0xff /* a point not placed yet */

typedef struct Search {
  const TierMoves *m;
  int n;
  uint64_t kept[2]; /* sets of points that must be their own images */
  uint8_t image[64]; /* FREE, or the point's image */
  long steps;
  TierMirror *best;
} Search;

/* The image of a set of points under a complete map. */
static uint64_t image_of(const uint8_t *image, uint64_t set) {
  uint64_t out = 0;
  for (; set; set &= set - 1) out |= (uint64_t)1 << image[__builtin_ctzll(set)];
  return out;
}

/* 1 when point y, placed, keeps its lines to and from every point placed
** so far (and to itself). */
static int keeps_lines(const Search *s, int y) {
  const TierMoves *m = s->m;
  int z = s->image[y];
  for (int x = 0; x < s->n; x++) {
    if (s->image[x] == FREE) continue;
    int w = s->image[x];
    if ((m->next[y] >> x & 1) != (m->next[z] >> w & 1) ||
        (m->next[x] >> y & 1) != (m->next[w] >> z & 1))
      return 0;
  }
  return 1;
}

/* 1 when points a and b may be each other's image: as many lines leave
** and reach each, and as many straight lines start there. */
static int alike(const TierMoves *m, int a, int b) {
  return __builtin_popcountll(m->next[a]) == __builtin_popcountll(m->next[b]) &&
         __builtin_popcountll(m->prev[a]) == __builtin_popcountll(m->prev[b]) &&
         m->line_first[a + 1] - m->line_first[a] ==
             m->line_first[b + 1] - m->line_first[b] &&
         ((m->drop_to >> a) & 1) == ((m->drop_to >> b) & 1) &&
         (a == m->guard) == (b == m->guard);
}

/* 1 when points a and b lie in the same sets s keeps. */
static int kept_alike(const Search *s, int a, int b) {
  for (int i = 0; i < 2; i++)
    if ((s->kept[i] >> a & 1) != (s->kept[i] >> b & 1)) return 0;
  return 1;
}

/* 1 when the straight lines from u, mapped, are those from u's image. */
static int keeps_straight_lines(const TierMoves *m, const uint8_t *image,
                                int u) {
  int v = image[u];
  for (int l = m->line_first[u]; l < m->line_first[u + 1]; l++) {
    const uint8_t *line = m->line_point + (size_t)l * m->span;
    int found = 0;
    for (int k = m->line_first[v]; k < m->line_first[v + 1] && !found; k++) {
      const uint8_t *other = m->line_point + (size_t)k * m->span;
      if (m->line_length[k] != m->line_length[l] || other[0] != image[line[0]])
        continue;
      found = 1;
      for (int i = 1; i < m->line_length[l]; i++)
        found &= other[i] == image[line[i]];
    }
    if (!found) return 0;
  }
  return 1;
}

/* 1 when the complete map keeps the straight lines and the rows. */
static int keeps_rules(const TierMoves *m, const uint8_t *image, int n) {
  const Fields *f = &m->r->fields;
  for (int u = 0; u < n; u++)
    if (!keeps_straight_lines(m, image, u)) return 0;
  for (int i = 0; i < f->rows; i++) {
    uint64_t row = image_of(image, f->row_mask[i]);
    int found = 0;
    for (int j = 0; j < f->rows && !found; j++) found = f->row_mask[j] == row;
    if (!found) return 0;
  }
  return 1;
}

/* Keeps the complete map of s when it is a mirror with fewer points in
** place than the best so far. */
static void consider(Search *s) {
  int fixed = 0;
  for (int i = 0; i < s->n; i++) fixed += s->image[i] == i;
  if (fixed == s->n || (s->best->found && fixed >= s->best->fixed) ||
      !keeps_rules(s->m, s->image, s->n))
    return;
  s->best->found = 1;
  s->best->fixed = fixed;
  memcpy(s->best->point, s->image, (size_t)s->n);
}

/* Places the points from a on: each the image of itself or of a later
** point not placed, the pair each other's. */
static void place(Search *s, int a) {
  while (a < s->n && s->image[a] != FREE) a++;
  if (a == s->n) {
    consider(s);
    return;
  }
  for (int b = a; b < s->n; b++) {
    if (s->image[b] != FREE || !alike(s->m, a, b) || !kept_alike(s, a, b))
      continue;
    if (++s->steps > TIERMIRROR_STEPS) return;
    s->image[a] = (uint8_t)b;
    s->image[b] = (uint8_t)a;
    if (keeps_lines(s, a) && keeps_lines(s, b)) place(s, a + 1);
    s->image[a] = s->image[b] = FREE;
    if (s->best->found && s->best->fixed == 0) return; /* none is better */
  }
}

int tiermirror_find(TierMirror *x, const TierMoves *m, uint64_t black,
                    uint64_t white) {
  Search s;
  memset(x, 0, sizeof *x);
  s.m = m;
  s.kept[0] = black;
  s.kept[1] = white;
  s.n = m->t->points;
  s.steps = 0;
  s.best = x;
  memset(s.image, FREE, sizeof s.image);
  place(&s, 0);
  if (!x->found) return 0;
  for (int chunk = 0; chunk < 8; chunk++)
    for (int bits = 0; bits < 256; bits++) {
      uint64_t set = 0;
      for (int i = 0; i < 8; i++)
        if (bits >> i & 1 && 8 * chunk + i < s.n)
          set |= (uint64_t)1 << x->point[8 * chunk + i];
      x->byte[chunk][bits] = set;
    }
  return 1;
}

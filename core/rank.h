/*
** rank.h — a dense index of positions (combinatorial ranking), for tables
** with one entry per position.
**
** A position of n arms has n+1 points, one empty; the black pieces take n/2
** of the other n.  Its index within a ply layer is
**   (side * (n+1) + empty point) * C(n, n/2) + rank of the black set,
** the black set ranked in the combinatorial number system over the n
** occupied points in order (arms 1..n, then the centre).
*/
#ifndef MUTORERE_RANK_H
#define MUTORERE_RANK_H

#include <stdint.h>

#include "board.h"

#define RANK_MAX_ARMS 40 /* beyond this a layer does not fit in 63 bits */

/* C(n, k) for 0 <= k <= n <= 64 (0 when k > n). */
uint64_t rank_binomial(int n, int k);

/* The number of positions of n arms with a given side and ply: the size of
** a layer is 2 * rank_layer_half(n). */
static inline uint64_t rank_layer_half(int n) {
  return (uint64_t)(n + 1) * rank_binomial(n, n / 2);
}

/* The number of positions of n arms in one ply layer (both sides). */
static inline uint64_t rank_layer(int n) {
  return 2 * rank_layer_half(n);
}

/* The index of p within its ply layer (0 .. rank_layer(n) - 1); n <=
** RANK_MAX_ARMS. */
uint64_t rank_position(const Position *p);

/* The position of index r within a layer of n arms, with the given ply. */
void rank_unrank(uint64_t r, int n, uint32_t ply, Position *p);

/* A graph board (graph.h) of n points with b black and w white pieces:
** the index of a position within a layer is
**   (side * C(n, b) + rank of the black set) * C(n - b, w)
**     + rank of the white set among the points black leaves free.
** The number of positions in a layer (both sides), or 0 when it does not
** fit in 63 bits. */
uint64_t rank_graph_layer(int n, int b, int w);

/* The index of p (a graph position with b black, w white pieces). */
uint64_t rank_graph_position(const Position *p, int b, int w);

/* The graph position of index r of a layer (n, b, w), with the given ply. */
void rank_graph_unrank(uint64_t r, int n, int b, int w, uint32_t ply,
                       Position *p);

/* The positions of a layer in index order, one step at a time (no
** unranking): p holds the current one. */
typedef struct RankWalk {
  Position p;
  int b, w;       /* the pieces of each side */
  uint64_t white; /* the white set among the points black leaves free */
} RankWalk;

/* Starts a walk at index r of the layer (n, b, w), with the given ply. */
void rank_graph_walk(RankWalk *k, uint64_t r, int n, int b, int w,
                     uint32_t ply);

/* Steps to the next index (past the last: the side becomes 2). */
void rank_graph_step(RankWalk *k);

#endif

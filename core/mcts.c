/*
** mcts.c — UCT: select by upper confidence bounds, expand, play out at
** random (or by a policy), back the result up.
*/
#include "mcts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "memory.h"

#define MAX_NODES (1u << 22)
#define NO_NODE UINT32_MAX

typedef struct Node {
  Position pos;
  History past;           /* the moves the rules remember at pos */
  uint32_t parent, first; /* first: the first child, NO_NODE until expanded */
  uint8_t count;          /* children */
  uint8_t outcome;        /* OUTCOME_* when the game ends here */
  Move move;              /* the move that led here */
  uint32_t visits;
  double wins; /* results for the side that moved into this node */
} Node;

typedef struct Tree {
  const Rules *r;
  const Policy *policy;
  const MctsLimits *limits;
  Node *nodes;
  uint32_t used, capacity;
  uint64_t rng;
  int failed; /* MCTS_EHOOK or MCTS_ERROR once something went wrong */
  int memory; /* moves the rules remember */
} Tree;

/* The next number of a xorshift64* sequence. */
static uint64_t next_random(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545f4914f6cdd1du;
}

static double now_seconds(void) {
  struct timespec t;
  timespec_get(&t, TIME_UTC);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The outcome of p reached by h by the variant's verdict and a block,
** moves listed in moves (*k of them).  Returns OUTCOME_*, or -1 on a hook
** failure. */
static int outcome_and_moves(Tree *t, const Position *p, const History *h,
                             Move *moves, int *k) {
  int verdict;
  if ((*k = rules_judge(t->r, p, h, moves, &verdict)) < 0) {
    *k = 0;
    return t->failed = MCTS_EHOOK, -1;
  }
  if (verdict) return verdict;
  return *k ? OUTCOME_NONE : rules_blocked_outcome(t->r, p);
}

/* Appends a node for p reached by h; returns its index, or NO_NODE when
** the tree is full. */
static uint32_t add_node(Tree *t, const Position *p, const History *h,
                         uint32_t parent, Move m) {
  if (t->used == t->capacity) {
    uint32_t cap = t->capacity ? t->capacity * 2 : 1024;
    if (cap > MAX_NODES) return NO_NODE;
    Node *n = memory_realloc(t->nodes, cap * sizeof *n);
    if (!n) return NO_NODE;
    t->nodes = n;
    t->capacity = cap;
  }
  Node *n = &t->nodes[t->used];
  memset(n, 0, sizeof *n);
  n->pos = *p;
  n->past = *h;
  n->parent = parent;
  n->first = NO_NODE;
  n->move = m;
  return t->used++;
}

/* Gives node i its children (or its outcome).  Returns 0, or -1. */
static int expand(Tree *t, uint32_t i) {
  Move moves[RULES_MAX_MOVES];
  int k;
  Position p = t->nodes[i].pos;
  History h = t->nodes[i].past;
  int o = outcome_and_moves(t, &p, &h, moves, &k);
  if (o < 0) return -1;
  t->nodes[i].outcome = (uint8_t)o;
  if (o) return 0;
  if (t->capacity - t->used < (uint32_t)k && t->used + (uint32_t)k > MAX_NODES)
    return 0; /* full: i stays a leaf */
  uint32_t first = t->used;
  for (int j = 0; j < k; j++) {
    Position q = p;
    History g = h;
    board_play(&q, moves[j]);
    history_push(&g, moves[j], t->memory);
    if (add_node(t, &q, &g, i, moves[j]) == NO_NODE) {
      t->used = first; /* leave i a leaf */
      return 0;
    }
  }
  t->nodes[i].first = first;
  t->nodes[i].count = (uint8_t)k;
  return 0;
}

/* The child of i with the best upper confidence bound (unvisited first). */
static uint32_t select_child(Tree *t, uint32_t i) {
  Node *n = &t->nodes[i];
  double log_n = log((double)n->visits + 1), best = -1;
  uint32_t pick = n->first;
  for (uint32_t c = n->first; c < n->first + n->count; c++) {
    Node *child = &t->nodes[c];
    if (child->visits == 0) return c;
    double ucb = child->wins / child->visits +
                 t->limits->exploration * sqrt(log_n / child->visits);
    if (ucb > best) best = ucb, pick = c;
  }
  return pick;
}

/* Plays from p reached by h to the end (or the ply cap).  Returns the
** OUTCOME_*, or -1 on a failure. */
static int play_out(Tree *t, Position p, History h) {
  Move moves[RULES_MAX_MOVES];
  for (int ply = 0; ply < t->limits->max_plies; ply++) {
    int k, o = outcome_and_moves(t, &p, &h, moves, &k);
    if (o) return o;
    int j;
    if (t->policy && t->policy->choose) {
      j = t->policy->choose(t->policy->ctx, &p, moves, k);
      if (j < 0) return t->failed = MCTS_EHOOK, -1;
      if (j >= k) j = k - 1;
    } else
      j = (int)(next_random(&t->rng) % (uint64_t)k);
    board_play(&p, moves[j]);
    history_push(&h, moves[j], t->memory);
  }
  return OUTCOME_DRAW;
}

/* One iteration: select, expand, play out, back up.  Returns 0 or -1. */
static int iterate(Tree *t) {
  uint32_t i = 0;
  while (t->nodes[i].first != NO_NODE && !t->nodes[i].outcome)
    i = select_child(t, i);
  if (!t->nodes[i].outcome && t->nodes[i].visits > 0 && i != 0) {
    if (expand(t, i)) return -1;
    if (t->nodes[i].first != NO_NODE) i = select_child(t, i);
  }
  int o = t->nodes[i].outcome ? t->nodes[i].outcome
                              : play_out(t, t->nodes[i].pos, t->nodes[i].past);
  if (o < 0) return -1;
  for (uint32_t j = i; j != NO_NODE; j = t->nodes[j].parent) {
    Node *n = &t->nodes[j];
    int mover = n->pos.side ^ 1; /* who moved into n */
    n->visits++;
    n->wins += o == OUTCOME_DRAW                          ? 0.5
               : (o == OUTCOME_BLACK) == (mover == BLACK) ? 1.0
                                                          : 0.0;
  }
  return 0;
}

/* Copies the root's children into the result; best: the most visited. */
static void report(Tree *t, MctsResult *out) {
  Node *root = &t->nodes[0];
  uint64_t most = 0;
  out->moves = root->count;
  for (int j = 0; j < root->count; j++) {
    Node *c = &t->nodes[root->first + (uint32_t)j];
    out->children[j].move = c->move;
    out->children[j].visits = c->visits;
    out->children[j].score = c->visits ? c->wins / c->visits : 0;
    if (j == 0 || c->visits > most) most = c->visits, out->best = c->move;
  }
  out->nodes = t->used;
}

int mcts_run(const Rules *r, const Position *root, const History *h,
             const MctsLimits *limits, const Policy *policy, const Cancel *c,
             MctsResult *out, char *err) {
  History none = {0};
  MctsLimits lim = *limits;
  if (lim.max_plies <= 0) lim.max_plies = 200;
  if (lim.exploration <= 0) lim.exploration = 1.4;
  if (!lim.playouts && lim.seconds <= 0) lim.playouts = 1000;
  Tree t = {r, policy,         &lim, NULL, 0, 0, lim.seed ? lim.seed : 1,
            0, rules_memory(r)};
  memset(out, 0, sizeof *out);
  double deadline = lim.seconds > 0 ? now_seconds() + lim.seconds : 0;
  if (add_node(&t, root, h ? h : &none, NO_NODE, move_of(0, 0)) == NO_NODE ||
      expand(&t, 0) < 0 || t.failed) {
    if (!t.failed) t.failed = MCTS_ERROR;
  }
  uint64_t n = 0;
  while (!t.failed && t.nodes[0].first != NO_NODE) {
    if (lim.playouts && n >= lim.playouts) break;
    if ((n & 63) == 0 &&
        ((deadline > 0 && now_seconds() > deadline) || cancel_now(c)))
      break;
    if (iterate(&t)) break;
    n++;
  }
  out->playouts = n;
  if (!t.failed && t.nodes) report(&t, out);
  if (t.failed == MCTS_ERROR)
    snprintf(err, BOARD_ERRMAX, "not enough memory for the search tree");
  memory_realloc(t.nodes, 0);
  return t.failed;
}

/*
** search.c — negamax alpha-beta: iterative deepening, a transposition
** table, the table's move first and then a history heuristic, positions
** repeated in the game or the line counted as draws.
*/
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "memory.h"

#define INFINITE (SEARCH_MATE + 1)
#define MATE_ZONE (SEARCH_MATE - 1000) /* beyond: a forced end */
#define POLL_MASK 0x3ff

enum { BOUND_NONE, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct TableEntry {
  uint64_t key;
  int32_t score;
  int8_t depth;
  uint8_t bound;
  uint16_t best; /* the best move's move_code, to search it first */
} TableEntry;

/* The place of a point (or the hand, or a pass) in the tables of the
** history heuristic: 0 .. BOARD_CENTRE + 2. */
static inline int point_slot(uint8_t point) {
  return point <= BOARD_CENTRE ? point : BOARD_CENTRE + 1 + (point == BOARD_PASS);
}

/* A short code of a move: its points, and whether it takes pieces (moves
** of one state that it confuses are only ordered alike). */
static inline uint16_t move_code(Move m) {
  return (uint16_t)(point_slot(m.from) | point_slot(m.to) << 7 |
                    move_takes(m) << 14);
}

typedef struct Searcher {
  const Rules *r;
  const Evaluator *eval;
  SearchTable *table;
  const Cancel *cancel;
  const SearchLimits *limits;
  double deadline; /* 0: none */
  uint64_t nodes;
  int stopped;    /* a limit or the Cancel ended the search */
  int failed;     /* SEARCH_EHOOK once a hook or the evaluation failed */
  int cut;        /* some node was cut off by depth (not exhausted) */
  int memory;     /* moves the rules remember */
  uint64_t *seen; /* sorted hashes of the game's earlier positions */
  int seen_count;
  uint64_t line[SEARCH_MAX_DEPTH + 2]; /* hashes along the current line */
  uint32_t order[BOARD_CENTRE + 3][BOARD_CENTRE + 3]; /* history heuristic */
  Move pv[SEARCH_MAX_DEPTH + 1][SEARCH_MAX_DEPTH + 1];
  int pv_length[SEARCH_MAX_DEPTH + 1];
} Searcher;

/* --- the table --- */

int search_table_init(SearchTable *t, int bits) {
  if (bits < 10) bits = 10;
  if (bits > 26) bits = 26;
  size_t size = (size_t)1 << bits;
  t->entries = memory_realloc(NULL, size * sizeof *t->entries);
  if (!t->entries) return -1;
  t->mask = size - 1;
  search_table_clear(t);
  return 0;
}

void search_table_free(SearchTable *t) {
  memory_realloc(t->entries, 0);
  t->entries = NULL;
}

void search_table_clear(SearchTable *t) {
  memset(t->entries, 0, (size_t)(t->mask + 1) * sizeof *t->entries);
}

/* --- evaluation --- */

int search_builtin_eval(void *ctx, const Position *p, int *score) {
  const Rules *r = ctx;
  Position other = *p;
  other.side ^= 1;
  int mobility = rules_param_count(r, p) - rules_param_count(r, &other);
  int centre = p->centre == p->side ? 1 : p->centre == NOBODY ? 0 : -1;
  *score = 10 * mobility + 5 * centre;
  if (r->misere) *score = -*score;
  return 0;
}

/* --- helpers --- */

static double now_seconds(void) {
  struct timespec t;
  timespec_get(&t, TIME_UTC);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int compare_keys(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* 1 when the state with this key occurred before: in the game or earlier
** on the line (ply entries). */
static int repeated(const Searcher *s, uint64_t key, int ply) {
  for (int i = ply - 2; i >= 0; i -= 2)
    if (s->line[i] == key) return 1;
  return s->seen_count && bsearch(&key, s->seen, (size_t)s->seen_count,
                                  sizeof key, compare_keys) != NULL;
}

/* 1 when the search must stop now (polls the clock and the Cancel). */
static int out_of_time(Searcher *s) {
  if (s->stopped) return 1;
  if ((s->nodes & POLL_MASK) == 0) {
    if ((s->deadline > 0 && now_seconds() > s->deadline) ||
        cancel_now(s->cancel))
      s->stopped = 1;
  }
  if (s->limits->nodes && s->nodes >= s->limits->nodes) s->stopped = 1;
  return s->stopped;
}

/* The score of an ended game for the side to move at ply. */
static int end_score(int outcome, int side, int ply) {
  if (outcome == OUTCOME_DRAW) return 0;
  int winner = outcome == OUTCOME_BLACK ? BLACK : WHITE;
  return winner == side ? SEARCH_MATE - ply : -(SEARCH_MATE - ply);
}

/* Mate scores are stored relative to the node, not the root. */
static int to_table(int score, int ply) {
  if (score > MATE_ZONE) return score + ply;
  if (score < -MATE_ZONE) return score - ply;
  return score;
}
static int from_table(int score, int ply) {
  if (score > MATE_ZONE) return score - ply;
  if (score < -MATE_ZONE) return score + ply;
  return score;
}

/* Orders moves: the table's move first, then by the history heuristic. */
static void order_moves(const Searcher *s, Move *moves, int k, uint16_t first,
                        int has_first) {
  uint32_t weight[RULES_MAX_MOVES];
  for (int i = 0; i < k; i++) {
    int top = has_first && move_code(moves[i]) == first;
    weight[i] = top ? UINT32_MAX
                    : s->order[point_slot(moves[i].from)][point_slot(moves[i].to)];
  }
  for (int i = 1; i < k; i++) { /* insertion sort, stable */
    Move m = moves[i];
    uint32_t w = weight[i];
    int j = i - 1;
    for (; j >= 0 && weight[j] < w; j--) {
      moves[j + 1] = moves[j];
      weight[j + 1] = weight[j];
    }
    moves[j + 1] = m;
    weight[j + 1] = w;
  }
}

/* The evaluation of a leaf, clamped. */
static int leaf_score(Searcher *s, const Position *p) {
  int score = 0;
  s->cut = 1;
  if (s->eval->eval(s->eval->ctx, p, &score) < 0) {
    s->failed = SEARCH_EHOOK;
    return 0;
  }
  if (score > SEARCH_EVAL_LIMIT) score = SEARCH_EVAL_LIMIT;
  if (score < -SEARCH_EVAL_LIMIT) score = -SEARCH_EVAL_LIMIT;
  return score;
}

/* Whether p reached by h ends the game (the variant's verdict, then no
** moves): 1 with the score in *score; 0 with the moves in moves and their
** number in *k; -1 on a hook failure. */
static int node_end(Searcher *s, const Position *p, const History *h, int ply,
                    Move *moves, int *k, int *score) {
  int verdict;
  if ((*k = rules_judge(s->r, p, h, moves, &verdict)) < 0)
    return s->failed = SEARCH_EHOOK, -1;
  if (verdict) {
    *score = end_score(verdict, p->side, ply);
    return 1;
  }
  if (*k == 0) {
    *score = end_score(rules_blocked_outcome(s->r, p), p->side, ply);
    return 1;
  }
  return 0;
}

/* Copies the child's principal variation after move m. */
static void update_pv(Searcher *s, int ply, Move m) {
  s->pv[ply][0] = m;
  int n = s->pv_length[ply + 1];
  memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(Move));
  s->pv_length[ply] = n + 1;
}

/* The score of p reached by h for its side to move, searched depth plies
** deep (ply plies from the root) within alpha..beta. */
static int negamax(Searcher *s, const Position *p, const History *h, int depth,
                   int ply, int alpha, int beta) {
  Move moves[RULES_MAX_MOVES];
  int k, score;
  s->nodes++;
  s->pv_length[ply] = 0;
  if (out_of_time(s) || s->failed) return 0;
  uint64_t key = rules_state_hash(s->r, p, h);
  if (ply > 0 && repeated(s, key, ply)) return 0;
  int end = node_end(s, p, h, ply, moves, &k, &score);
  if (end) return end < 0 ? 0 : score;
  if (depth == 0 || ply >= SEARCH_MAX_DEPTH) return leaf_score(s, p);
  TableEntry *e = s->table ? &s->table->entries[key & s->table->mask] : NULL;
  int has_first = e && e->key == key && e->bound != BOUND_NONE;
  if (has_first && ply > 0 && e->depth >= depth) {
    int t = from_table(e->score, ply);
    if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && t >= beta) ||
        (e->bound == BOUND_UPPER && t <= alpha)) {
      s->cut = 1; /* the stored search may have been cut off by depth */
      return t;
    }
  }
  order_moves(s, moves, k, has_first ? e->best : 0, has_first);
  s->line[ply] = key;
  int best = -INFINITE, start_alpha = alpha;
  Move best_move = moves[0];
  for (int i = 0; i < k; i++) {
    Position q = *p;
    History g = *h;
    board_play(&q, moves[i]);
    history_push(&g, moves[i], s->memory);
    score = -negamax(s, &q, &g, depth - 1, ply + 1, -beta, -alpha);
    if (s->stopped || s->failed) return 0;
    if (score > best) {
      best = score;
      best_move = moves[i];
      update_pv(s, ply, moves[i]);
    }
    if (score > alpha) alpha = score;
    if (alpha >= beta) {
      s->order[point_slot(moves[i].from)][point_slot(moves[i].to)] +=
          (uint32_t)(depth * depth);
      break;
    }
  }
  if (e && (e->key != key || e->depth <= depth)) {
    e->key = key;
    e->score = to_table(best, ply);
    e->depth = (int8_t)depth;
    e->bound = best <= start_alpha ? BOUND_UPPER
               : best >= beta      ? BOUND_LOWER
                                   : BOUND_EXACT;
    e->best = move_code(best_move);
  }
  return best;
}

/* Sets the searcher up: limits, the sorted keys of the game's earlier
** states.  Returns a SEARCH_* code. */
static int searcher_init(Searcher *s, const Rules *r, const uint64_t *history,
                         int count, const SearchLimits *limits,
                         const Evaluator *eval, SearchTable *table,
                         const Cancel *c, char *err) {
  memset(s, 0, sizeof *s);
  s->r = r;
  s->memory = rules_memory(r);
  s->eval = eval;
  s->table = table;
  s->cancel = c;
  s->limits = limits;
  if (limits->seconds > 0) s->deadline = now_seconds() + limits->seconds;
  if (count > 0) {
    s->seen = memory_realloc(NULL, (size_t)count * sizeof *s->seen);
    if (!s->seen) {
      snprintf(err, BOARD_ERRMAX, "not enough memory to search");
      return SEARCH_ERROR;
    }
    memcpy(s->seen, history, (size_t)count * sizeof *s->seen);
    qsort(s->seen, (size_t)count, sizeof *s->seen, compare_keys);
    s->seen_count = count;
  }
  return SEARCH_OK;
}

int search_run(const Rules *r, const Position *root, const History *h,
               const uint64_t *history, int count, const SearchLimits *limits,
               const Evaluator *eval, SearchTable *table, const Cancel *c,
               SearchResult *out, char *err) {
  History none = {0};
  if (!h) h = &none;
  Searcher *s = memory_realloc(NULL, sizeof *s);
  Move moves[RULES_MAX_MOVES];
  memset(out, 0, sizeof *out);
  if (!s) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to search");
    return SEARCH_ERROR;
  }
  int rc = searcher_init(s, r, history, count, limits, eval, table, c, err);
  int k = rc ? 0 : rules_moves(r, root, h, moves);
  if (k < 0) rc = SEARCH_EHOOK;
  out->moves = k > 0 ? k : 0;
  if (k > 0) out->best = moves[0];
  int max_depth = limits->depth < 1                  ? 1
                  : limits->depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH
                                                     : limits->depth;
  for (int d = 1; rc == SEARCH_OK && k > 0 && d <= max_depth; d++) {
    s->cut = 0;
    int score = negamax(s, root, h, d, 0, -INFINITE, INFINITE);
    if (s->failed) rc = s->failed;
    if (s->stopped || s->failed) break;
    out->score = score;
    out->depth = d;
    out->pv_length = s->pv_length[0];
    memcpy(out->pv, s->pv[0], (size_t)out->pv_length * sizeof(Move));
    if (out->pv_length) out->best = out->pv[0];
    if (!s->cut) break; /* the whole tree was searched: nothing more */
    if (score > MATE_ZONE || score < -MATE_ZONE) break; /* a forced end */
  }
  out->nodes = s->nodes;
  memory_realloc(s->seen, 0);
  memory_realloc(s, 0);
  return rc;
}

/*
** rules.c — built-in variants, legal moves with hooks, game ends, and why a
** move is illegal.
*/
#include "rules.h"

#include <stdio.h>
#include <string.h>

#include "memo.h"

/* The colour names for messages. */
static const char *const colour_names[2] = {"black", "white"};

const char *const rules_names[] = {
    "standard",       "first-two-turns", "first-move", "no-restriction",
    "adjacent-enemy", "misere",          NULL};

/* flank_plies, adjacent_enemy, misere of each built-in, in rules_names'
** order. */
static const int named_params[][3] = {
    {RULES_ALWAYS, 0, 0}, {4, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, 1, 0},
    {RULES_ALWAYS, 0, 1},
};

int rules_named(Rules *r, const char *name, int n, char *err) {
  for (int i = 0; rules_names[i]; i++) {
    if (strcmp(name, rules_names[i]) != 0) continue;
    memset(r, 0, sizeof *r);
    r->arms = n;
    r->flank_plies = named_params[i][0];
    r->adjacent_enemy = named_params[i][1];
    r->misere = named_params[i][2];
    r->repetition = 3;
    return rules_check(r, err);
  }
  snprintf(err, BOARD_ERRMAX, "unknown variant \"%.40s\"", name);
  return -1;
}

/* The checks of rules_check that belong to a graph board. */
static int check_graph_rules(const Rules *r, char *err) {
  const Graph *g = r->graph;
  int pieces = r->pieces[BLACK] + r->pieces[WHITE];
  if (r->arms != g->n || r->pieces[BLACK] < 0 || r->pieces[WHITE] < 0 ||
      pieces >= g->n) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: %d black and %d white pieces on %d points (at "
             "least one point must be empty)",
             r->pieces[BLACK], r->pieces[WHITE], g->n);
    return -1;
  }
  if (r->flank_plies > 0 && g->centre < 0) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: the flank rule guards the centre, and this board "
             "names no centre point (set flank = \"never\", or name a "
             "centre)");
    return -1;
  }
  int most = r->pieces[BLACK] > r->pieces[WHITE] ? r->pieces[BLACK]
                                                 : r->pieces[WHITE];
  int bound = graph_max_moves(g, most, g->n - pieces);
  if (bound > RULES_MAX_MOVES) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: a position of this board may have up to %d moves "
             "(at most %d are allowed)",
             bound, RULES_MAX_MOVES);
    return -1;
  }
  return 0;
}

int rules_check(const Rules *r, char *err) {
  if (r->graph) {
    if (check_graph_rules(r, err)) return -1;
  } else if (r->arms < BOARD_MIN_ARMS || r->arms > BOARD_MAX_ARMS ||
             r->arms % 2) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: %d arms (the board needs an even number from %d "
             "to %d)",
             r->arms, BOARD_MIN_ARMS, BOARD_MAX_ARMS);
    return -1;
  }
  if (r->flank_plies < 0 || r->max_plies < 0 || r->hook_plies < 0) {
    snprintf(err, BOARD_ERRMAX, "bad variant: negative ply count");
    return -1;
  }
  if (r->history < 0 || r->history > RULES_MAX_HISTORY) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: history is %d (the rules may remember 0 to %d "
             "moves)",
             r->history, RULES_MAX_HISTORY);
    return -1;
  }
  if (r->repetition == 1 || r->repetition < 0 || r->repetition > 1000) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: repetition is %d (0 for none, or 2..1000)",
             r->repetition);
    return -1;
  }
  return 0;
}

int rules_equal(const Rules *a, const Rules *b) {
  return a->arms == b->arms && a->flank_plies == b->flank_plies &&
         !a->adjacent_enemy == !b->adjacent_enemy && !a->misere == !b->misere &&
         a->repetition == b->repetition && a->max_plies == b->max_plies &&
         a->hook_plies == b->hook_plies && a->history == b->history &&
         a->hooks.judge == b->hooks.judge && a->hooks.ctx == b->hooks.ctx &&
         !a->graph == !b->graph &&
         (!a->graph || (graph_equal(a->graph, b->graph) &&
                        a->pieces[BLACK] == b->pieces[BLACK] &&
                        a->pieces[WHITE] == b->pieces[WHITE]));
}

/* The judgement of the k moves in moves, the parameters' moves of p: all
** allowed, no verdict.  (On a graph board: the first k moves allowed.) */
static void judge_all(const Rules *r, const Move *moves, int k, Judgement *j) {
  *j = (Judgement){0, 0, OUTCOME_NONE};
  if (r->graph) {
    j->arms = k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
    return;
  }
  for (int i = 0; i < k; i++) {
    if (moves[i].from == BOARD_CENTRE)
      j->centre = 1;
    else
      j->arms |= (uint64_t)1 << moves[i].from;
  }
}

/* Asks the hooks about p reached by h (at most r->history moves of it).
** Returns 0, or RULES_EHOOK. */
static int ask_hooks(const Rules *r, const Position *p, const History *h,
                     Judgement *j) {
  Move moves[RULES_MAX_MOVES] = {{0, 0}};
  int k = rules_param_moves(r, p, moves);
  uint64_t allowed = 0;
  int outcome = r->hooks.judge(r->hooks.ctx, p, h, moves, k, &allowed);
  if (outcome < 0) return RULES_EHOOK;
  int kept = 0;
  if (r->graph) {
    *j = (Judgement){0, 0, OUTCOME_NONE};
    j->arms = k >= 64 ? allowed : allowed & (((uint64_t)1 << k) - 1);
  } else {
    for (int i = 0; i < k; i++)
      if (allowed >> i & 1) moves[kept++] = moves[i];
    judge_all(r, moves, kept, j);
  }
  j->outcome = (uint8_t)(outcome > OUTCOME_DRAW ? OUTCOME_NONE : outcome);
  return 0;
}

int rules_judgement(const Rules *r, const Position *p, const History *h,
                    Judgement *j) {
  if (!r->hooks.judge) {
    Move moves[RULES_MAX_MOVES];
    judge_all(r, moves, rules_param_moves(r, p, moves), j);
    return 0;
  }
  History kept;
  if (h && h->count > r->history) {
    kept = *h;
    kept.count = r->history;
    h = &kept;
  }
  if (h && h->count == 0) h = NULL;
  if (!r->hooks.memo) return ask_hooks(r, p, h, j);
  MemoKey key = memo_key(r->hooks.memo, p, h);
  if (memo_get(r->hooks.memo, &key, j)) return 0;
  return rules_judgement_asked(r, p, h, &key, j);
}

int rules_judgement_asked(const Rules *r, const Position *p, const History *h,
                          const MemoKey *key, Judgement *j) {
  if (ask_hooks(r, p, h, j)) return RULES_EHOOK;
  memo_put(r->hooks.memo, key, j);
  return 0;
}

struct HookMemo *rules_memo_new(const Rules *r, size_t max_bytes) {
  int small = !r->graph && r->arms <= MEMO_SMALL_ARMS &&
              rules_memory(r) == 0 && rules_opening_plies(r) < 1 << 12;
  return memo_new(small ? 1 : r->graph ? 5 : 4,
                  (uint32_t)rules_opening_plies(r), rules_memory(r), max_bytes);
}

int rules_judge(const Rules *r, const Position *p, const History *h, Move *out,
                int *outcome) {
  Judgement j;
  if (!r->hooks.judge) {
    if (outcome) *outcome = OUTCOME_NONE;
    return rules_param_moves(r, p, out);
  }
  if (rules_judgement(r, p, h, &j)) return RULES_EHOOK;
  if (outcome) *outcome = j.outcome;
  int k = 0;
  if (r->graph) {
    Move all[RULES_MAX_MOVES];
    int count = rules_param_moves(r, p, all);
    for (int i = 0; i < count; i++)
      if (j.arms >> i & 1) out[k++] = all[i];
    return k;
  }
  uint8_t to = (uint8_t)board_empty_point(p);
  for (uint64_t a = j.arms; a; a &= a - 1)
    out[k++] = (Move){(uint8_t)__builtin_ctzll(a), to};
  if (j.centre) out[k++] = (Move){BOARD_CENTRE, to};
  return k;
}

int rules_moves(const Rules *r, const Position *p, const History *h,
                Move *out) {
  return rules_judge(r, p, h, out, NULL);
}

int rules_outcome(const Rules *r, const Position *p, const History *h,
                  int *reason) {
  Move moves[RULES_MAX_MOVES];
  int why = REASON_NONE, outcome;
  int k = rules_judge(r, p, h, moves, &outcome);
  if (k < 0) return RULES_EHOOK;
  if (outcome)
    why = REASON_RULE;
  else if (k == 0)
    outcome = rules_blocked_outcome(r, p), why = REASON_BLOCKED;
  if (reason) *reason = why;
  return outcome;
}

/* Writes "arm 4" or "the centre" (on a graph board: "point tl") into buf
** (32 bytes). */
static const char *point_name(const Rules *r, int point, char *buf) {
  if (r->graph)
    snprintf(buf, 32, "point %s",
             point < r->graph->n ? r->graph->name[point] : "?");
  else if (point == BOARD_CENTRE)
    snprintf(buf, 16, "the centre");
  else
    snprintf(buf, 32, "arm %d", point + 1);
  return buf;
}

/* 1 when the two arms are neighbours on a ring of n. */
static int arms_adjacent(int a, int b, int n) {
  return (a + 1) % n == b || (b + 1) % n == a;
}

/* 1 when a line leads from m.from to m.to on r's board. */
static int joined(const Rules *r, Move m, int n) {
  if (r->graph) return r->graph->next[m.from] >> m.to & 1;
  return m.from == BOARD_CENTRE || m.to == BOARD_CENTRE ||
         arms_adjacent(m.from, m.to, n);
}

/* The geometric and ownership checks of rules_explain. */
static int explain_board(const Rules *r, const Position *p, Move m,
                         char *why) {
  static const char *colour[2] = {"black", "white"};
  char a[32], b[32];
  int who = board_at(p, m.from);
  if (who == NOBODY) {
    snprintf(why, BOARD_ERRMAX, "%s is empty", point_name(r, m.from, a));
    return 0;
  }
  if (who != p->side) {
    snprintf(why, BOARD_ERRMAX, "%s holds a %s piece and %s is to move",
             point_name(r, m.from, a), colour[who], colour[p->side]);
    return 0;
  }
  if (board_at(p, m.to) != NOBODY) {
    snprintf(why, BOARD_ERRMAX, "%s is occupied", point_name(r, m.to, a));
    return 0;
  }
  if (!joined(r, m, p->n)) {
    if (r->graph && r->graph->next[m.to] >> m.from & 1)
      snprintf(why, BOARD_ERRMAX, "the line from %s to %s goes one way only",
               point_name(r, m.to, a), point_name(r, m.from, b));
    else
      snprintf(why, BOARD_ERRMAX, "%s is not next to %s",
               point_name(r, m.to, a), point_name(r, m.from, b));
    return 0;
  }
  return 1;
}

/* The parameter checks of rules_explain, for a move that passed
** explain_board. */
static int explain_params(const Rules *r, const Position *p, Move m,
                          char *why) {
  Move moves[RULES_MAX_MOVES];
  int k = rules_param_moves(r, p, moves);
  for (int i = 0; i < k; i++)
    if (moves[i].from == m.from && moves[i].to == m.to) return 1;
  const char *next_to = r->graph ? "next to it" : "on a neighbouring arm";
  if (r->adjacent_enemy)
    snprintf(why, BOARD_ERRMAX,
             "the adjacent-enemy rule: a piece moves only with an enemy "
             "piece next to it");
  else if (r->flank_plies == RULES_ALWAYS)
    snprintf(why, BOARD_ERRMAX,
             "the flank rule: a piece goes to the centre only with an enemy "
             "piece %s",
             next_to);
  else
    snprintf(why, BOARD_ERRMAX,
             "the flank rule (it binds on the first %d plies): a piece goes "
             "to the centre only with an enemy piece %s",
             r->flank_plies, next_to);
  return 0;
}

int rules_explain(const Rules *r, const Position *p, const History *h, Move m,
                  char *why) {
  Move moves[RULES_MAX_MOVES];
  int centre = r->graph ? -1 : BOARD_CENTRE;
  if ((m.from != centre && m.from >= p->n) ||
      (m.to != centre && m.to >= p->n) || m.from == m.to) {
    snprintf(why, BOARD_ERRMAX, "no such move on a board of %d %s", p->n,
             r->graph ? "points" : "arms");
    return 0;
  }
  if (!explain_board(r, p, m, why) || !explain_params(r, p, m, why)) return 0;
  if (p->ply >= BOARD_MAX_PLY) { /* its position's text could not be read */
    snprintf(why, BOARD_ERRMAX,
             "the game is at ply %u, the last a position holds: no move is "
             "played past it",
             BOARD_MAX_PLY);
    return 0;
  }
  if (!r->hooks.judge) return 1;
  int k = rules_judge(r, p, h, moves, NULL);
  if (k < 0) return RULES_EHOOK;
  for (int i = 0; i < k; i++)
    if (moves[i].from == m.from && moves[i].to == m.to) return 1;
  snprintf(why, BOARD_ERRMAX, "the variant's allow rule forbids it");
  return 0;
}

int rules_led_to(const Rules *r, const Position *q, Move m) {
  if (r->graph) return graph_led_to(r->graph, q, m);
  return m.from == board_empty_point(q) &&
         (m.to == BOARD_CENTRE || m.to < q->n) && m.from != m.to &&
         board_at(q, m.to) == (q->side ^ 1) &&
         (m.from == BOARD_CENTRE || m.to == BOARD_CENTRE ||
          arms_adjacent(m.from, m.to, q->n));
}

int rules_unmoves(const Rules *r, const Position *q, Move *out) {
  if (r->graph) return graph_unmoves(r->graph, q, out);
  int mover = q->side ^ 1, n = q->n, e = board_empty_point(q), k = 0;
  if (e == BOARD_CENTRE) {
    for (uint64_t m = q->arms[mover]; m; m &= m - 1)
      out[k++] = (Move){BOARD_CENTRE, (uint8_t)__builtin_ctzll(m)};
    return k;
  }
  int a = (e + n - 1) % n, b = (e + 1) % n;
  if (q->arms[mover] >> a & 1) out[k++] = (Move){(uint8_t)e, (uint8_t)a};
  if (q->arms[mover] >> b & 1) out[k++] = (Move){(uint8_t)e, (uint8_t)b};
  if (q->centre == mover) out[k++] = (Move){(uint8_t)e, BOARD_CENTRE};
  return k;
}

/* Checks that move m, the count-th most recent (1 = the last), led to q;
** then takes it back in q.  Returns 0, or -1 with a message in err. */
static int take_back(const Rules *r, Position *q, Move m, int count,
                     char *err) {
  char text[BOARD_MOVEMAX], a[32];
  int mover = q->side ^ 1;
  if (!rules_led_to(r, q, m)) {
    snprintf(err, BOARD_ERRMAX,
             "bad history: move %d back (%s) cannot have led here: it needs "
             "%s empty and a %s piece on %s, joined by a line",
             count, rules_format_move(r, m, text),
             r->graph                   ? "its from point"
             : m.from == BOARD_CENTRE ? "the centre"
                                      : "its from arm",
             colour_names[mover], point_name(r, m.to, a));
    return -1;
  }
  board_unplay(q, m);
  return 0;
}

int rules_check_history(const Rules *r, const Position *p, const History *h,
                        char *err) {
  Position q = *p;
  if (!h) return 0;
  if (h->count < 0 || h->count > RULES_MAX_HISTORY) {
    snprintf(err, BOARD_ERRMAX, "bad history: %d moves (at most %d)", h->count,
             RULES_MAX_HISTORY);
    return -1;
  }
  if ((uint32_t)h->count > p->ply) {
    snprintf(err, BOARD_ERRMAX,
             "bad history: %d moves, but only %u plies were played", h->count,
             (unsigned)p->ply);
    return -1;
  }
  for (int i = 0; i < h->count; i++)
    if (take_back(r, &q, h->moves[i], i + 1, err)) return -1;
  return 0;
}

int rules_check_position(const Rules *r, const Position *p, char *err) {
  if (!r->graph) {
    if (p->graph) {
      snprintf(err, BOARD_ERRMAX,
               "bad position: expected <arms>/<centre> <side>, e.g. "
               "bbbbwwww/. b (this variant's board is the wheel)");
      return -1;
    }
    if (board_check(p, err)) return -1;
    if (p->n != r->arms) {
      snprintf(err, BOARD_ERRMAX,
               "the position has %d arms but the variant has %d", p->n,
               r->arms);
      return -1;
    }
    return 0;
  }
  if (graph_check_position(r->graph, p, err)) return -1;
  for (int c = BLACK; c <= WHITE; c++) {
    int k = __builtin_popcountll(p->arms[c]);
    if (k != r->pieces[c]) {
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d %s pieces (this board has %d)", k,
               colour_names[c], r->pieces[c]);
      return -1;
    }
  }
  return 0;
}

int rules_parse_move(const Rules *r, const char *text, Move *m, char *err) {
  if (r->graph) return graph_parse_move(r->graph, text, m, err);
  return board_parse_move(m, r->arms, text, err);
}

char *rules_format_move(const Rules *r, Move m, char *buf) {
  if (r->graph) return graph_format_move(r->graph, m, buf);
  return board_format_move(m, buf);
}

Move rules_move_between(const Position *a, const Position *b) {
  int mover = a->side;
  uint64_t left = a->arms[mover] & ~b->arms[mover];
  uint64_t took = b->arms[mover] & ~a->arms[mover];
  Move m = {left ? (uint8_t)__builtin_ctzll(left) : (uint8_t)BOARD_CENTRE,
            took ? (uint8_t)__builtin_ctzll(took) : (uint8_t)BOARD_CENTRE};
  return m;
}

/* The number of remembered moves of h that the rules read. */
static int kept_moves(const Rules *r, const History *h) {
  int k = h ? h->count : 0, memory = rules_memory(r);
  return k < memory ? k : memory;
}

int rules_same_state(const Rules *r, const Position *a, const History *ha,
                     const Position *b, const History *hb) {
  if (!board_same(a, b) ||
      rules_ply_bucket(r, a->ply) != rules_ply_bucket(r, b->ply))
    return 0;
  int k = kept_moves(r, ha);
  if (k != kept_moves(r, hb)) return 0;
  for (int i = 0; i < k; i++)
    if (ha->moves[i].from != hb->moves[i].from ||
        ha->moves[i].to != hb->moves[i].to)
      return 0;
  return 1;
}

uint64_t rules_state_hash(const Rules *r, const Position *p, const History *h) {
  uint64_t x = board_hash(p);
  int k = kept_moves(r, h);
  uint64_t extra = (uint64_t)rules_ply_bucket(r, p->ply) << 4 | (uint64_t)k;
  for (int i = 0; i < k; i++)
    extra = extra * 0x100000001b3u ^
            (uint64_t)(h->moves[i].from << 8 | h->moves[i].to);
  if (extra == 0) return x;
  extra *= 0x9e3779b97f4a7c15u;
  return x ^ extra ^ (extra >> 29);
}

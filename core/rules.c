/*
** rules.c — built-in variants, legal moves with hooks, game ends, and why a
** move is illegal.
*/
#include "rules.h"

#include <stdio.h>
#include <string.h>

#include "memo.h"
#include "movetext.h"

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
  char shown[BOARD_SHOWN_SIZE(40)];
  snprintf(err, BOARD_ERRMAX, "unknown variant \"%s\"",
           board_shown(shown, sizeof shown, name, strlen(name), 40));
  return -1;
}

/* The checks of rules_check that belong to a graph board. */
static int check_graph_rules(const Rules *r, char *err) {
  const Graph *g = r->graph;
  int pieces = r->pieces[BLACK] + r->pieces[WHITE];
  int room = rules_capture(r) ? g->n + 1 : g->n; /* captures empty it */
  if (r->arms != g->n || r->pieces[BLACK] < 0 || r->pieces[WHITE] < 0 ||
      pieces >= room) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: %d black and %d white pieces (on the board and "
             "in hand) on %d points: %s",
             r->pieces[BLACK], r->pieces[WHITE], g->n,
             pieces > g->n ? "more pieces than points"
                           : "no empty point (a full board needs moves that "
                             "take pieces)");
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
  if (rules_general(r)) return 0; /* the fields' bound: rules_check */
  int bound = graph_max_moves(g, most, g->n - pieces);
  if (bound > RULES_MAX_PLAIN) {
    snprintf(err, BOARD_ERRMAX,
             "bad variant: a position of this board may have up to %d moves "
             "(at most %d are allowed)",
             bound, RULES_MAX_PLAIN);
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
  if (!fields_plain(&r->fields)) {
    int most = r->graph ? (r->pieces[BLACK] > r->pieces[WHITE]
                               ? r->pieces[BLACK]
                               : r->pieces[WHITE])
                        : r->arms / 2;
    return fields_check(&r->fields, r->graph, r->arms, most, RULES_MAX_MOVES,
                        err);
  }
  return 0;
}

int rules_equal(const Rules *a, const Rules *b) {
  if (!fields_equal(&a->fields, &b->fields) ||
      a->hooks.makes != b->hooks.makes ||
      (a->fields.jumps && a->graph && b->graph &&
       !graph_equal_straight(a->graph, b->graph)))
    return 0;
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
** allowed, no verdict.  (On an indexed board: the first k moves allowed;
** k <= RULES_MAX_JUDGED there.) */
static void judge_all(const Rules *r, const Move *moves, int k, Judgement *j) {
  *j = (Judgement){0, 0, OUTCOME_NONE, 0, NULL};
  if (rules_indexed(r)) {
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

/* Asks the hooks about p reached by h (at most r->history moves of it):
** the moves they allow into moves (the parameters' moves, or those the
** hooks make), *k their count, and the bits of those allowed in *allowed.
** Returns the hooks' verdict, or RULES_EHOOK. */
static int ask_hooks(const Rules *r, const Position *p, const History *h,
                     Move *moves, int *k, uint64_t *allowed) {
  *k = rules_param_moves(r, p, moves);
  *allowed = 0;
  int outcome = r->hooks.judge(r->hooks.ctx, p, h, moves, k, allowed);
  if (outcome < 0) return RULES_EHOOK;
  if (*k < 64) *allowed &= ((uint64_t)1 << *k) - 1;
  return outcome > OUTCOME_DRAW ? OUTCOME_NONE : outcome;
}

/* The judgement of the wheel's rules with hooks: the allowed moves by the
** point they leave.  Returns 0, or RULES_EHOOK. */
static int ask_wheel(const Rules *r, const Position *p, const History *h,
                     Judgement *j) {
  Move moves[RULES_MAX_MOVES];
  uint64_t allowed;
  int k, kept = 0, outcome = ask_hooks(r, p, h, moves, &k, &allowed);
  if (outcome < 0) return RULES_EHOOK;
  for (int i = 0; i < k; i++)
    if (allowed >> i & 1) moves[kept++] = moves[i];
  judge_all(r, moves, kept, j);
  j->outcome = (uint8_t)outcome;
  return 0;
}

/* h cut to the moves r's hooks read (NULL when none), in *kept if need be. */
static const History *hooks_history(const Rules *r, const History *h,
                                    History *kept) {
  if (h && h->count > r->history) {
    *kept = *h;
    kept->count = r->history;
    h = kept;
  }
  return h && h->count == 0 ? NULL : h;
}

int rules_judgement(const Rules *r, const Position *p, const History *h,
                    Judgement *j) {
  if (!r->hooks.judge) {
    Move moves[RULES_MAX_MOVES];
    judge_all(r, moves, rules_param_moves(r, p, moves), j);
    return 0;
  }
  History kept;
  h = hooks_history(r, h, &kept);
  if (!r->hooks.memo) return ask_wheel(r, p, h, j);
  MemoKey key = memo_key(r->hooks.memo, p, h);
  if (memo_get(r->hooks.memo, &key, j)) return 0;
  return rules_judgement_asked(r, p, h, &key, j);
}

int rules_judgement_asked(const Rules *r, const Position *p, const History *h,
                          const MemoKey *key, Judgement *j) {
  if (ask_wheel(r, p, h, j)) return RULES_EHOOK;
  memo_put(r->hooks.memo, key, j);
  return 0;
}

struct HookMemo *rules_memo_new(const Rules *r, size_t max_bytes) {
  int small = !rules_indexed(r) && r->arms <= MEMO_SMALL_ARMS &&
              rules_memory(r) == 0 && rules_opening_plies(r) < 1 << 12;
  if (rules_memory(r) && rules_capture(r))
    return NULL; /* its keys would need the pieces remembered moves took */
  return memo_new(small ? 1 : rules_indexed(r) ? 5 : 4,
                  (uint32_t)rules_opening_plies(r), rules_memory(r), max_bytes,
                  r->hooks.makes);
}

/* The legal moves of p reached by h for rules whose judgements number the
** moves (rules_indexed) and that have hooks, into out; the verdict in
** *outcome.  Returns how many, or RULES_EHOOK. */
static int judge_indexed(const Rules *r, const Position *p, const History *h,
                         Move *out, int *outcome) {
  HookMemo *m = r->hooks.memo;
  History kept;
  Judgement j;
  MemoKey key;
  h = hooks_history(r, h, &kept);
  if (m) key = memo_key(m, p, h);
  if (m && memo_get(m, &key, &j)) {
    *outcome = j.outcome;
    if (j.list) {
      memcpy(out, j.list, (size_t)j.count * sizeof *out);
      return j.count;
    }
  } else {
    uint64_t allowed;
    int k, o = ask_hooks(r, p, h, out, &k, &allowed);
    if (o < 0) return RULES_EHOOK;
    j = (Judgement){allowed, 0, (uint8_t)o, 0, NULL};
    *outcome = o;
    if (r->hooks.makes) {
      int kept_moves = 0;
      for (int i = 0; i < k; i++)
        if (allowed >> i & 1) out[kept_moves++] = out[i];
      if (m) memo_put_list(m, &key, &j, out, kept_moves);
      return kept_moves;
    }
    if (m) memo_put(m, &key, &j);
    int n = 0;
    for (int i = 0; i < k; i++)
      if (allowed >> i & 1) out[n++] = out[i];
    return n;
  }
  Move all[RULES_MAX_MOVES];
  int count = rules_param_moves(r, p, all), n = 0;
  for (int i = 0; i < count && i < 64; i++)
    if (j.arms >> i & 1) out[n++] = all[i];
  return n;
}

int rules_judge(const Rules *r, const Position *p, const History *h, Move *out,
                int *outcome) {
  Judgement j;
  int row = rules_row_outcome(r, p), verdict;
  if (outcome) *outcome = row;
  if (row) return 0;
  if (!r->hooks.judge) return rules_param_moves(r, p, out);
  if (rules_indexed(r)) {
    int k = judge_indexed(r, p, h, out, &verdict);
    if (outcome) *outcome = verdict;
    return k;
  }
  if (rules_judgement(r, p, h, &j)) return RULES_EHOOK;
  if (outcome) *outcome = j.outcome;
  int k = 0;
  uint8_t to = (uint8_t)board_empty_point(p);
  for (uint64_t a = j.arms; a; a &= a - 1)
    out[k++] = (Move){(uint8_t)__builtin_ctzll(a), to, 0, {0}, 0};
  if (j.centre) out[k++] = (Move){BOARD_CENTRE, to, 0, {0}, 0};
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
    why = rules_row_outcome(r, p) ? REASON_ROW : REASON_RULE;
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
    if (move_equal(moves[i], m)) return 1;
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

/* 1 when m's points are on p's board (taken points included). */
static int on_board(const Rules *r, const Position *p, Move m) {
  int centre = r->graph ? -1 : BOARD_CENTRE;
  if (m.from == BOARD_PASS) return m.to == BOARD_PASS && !move_takes(m);
  if ((m.from != centre && m.from != BOARD_HAND && m.from >= p->n) ||
      (m.to != centre && m.to >= p->n) || m.from == m.to)
    return 0;
  return (m.taken & ~board_full(p->n)) == 0 && (!m.centre || !r->graph);
}

/* Why the pieces m takes cannot be taken in p, into why (0); or 1. */
static int explain_taken(const Rules *r, const Position *p, Move m,
                         char *why) {
  char a[32];
  uint64_t taken = m.taken;
  int points[GRAPH_MAX_POINTS + 1], k = 0;
  for (; taken; taken &= taken - 1) points[k++] = __builtin_ctzll(taken);
  if (m.centre) points[k++] = BOARD_CENTRE;
  for (int i = 0; i < k; i++) {
    int who = board_at(p, points[i]);
    if (who == p->side) {
      snprintf(why, BOARD_ERRMAX, "it takes the piece on %s, %s's own",
               point_name(r, points[i], a), colour_names[who]);
      return 0;
    }
    if (who == NOBODY && points[i] != m.to) {
      snprintf(why, BOARD_ERRMAX, "it takes from %s, which is empty",
               point_name(r, points[i], a));
      return 0;
    }
  }
  return 1;
}

/* The message for a move no rule makes, when no fact of the board says
** more: the moves hook's, or the fields'. */
static const char *no_rule(const Rules *r) {
  return r->hooks.makes ? "the variant's moves hook does not make it" : NULL;
}

/* Why the drop or pass m is not a move of r's fields in p, into why. */
static void explain_drop_pass(const Rules *r, const Position *p, Move m,
                              char *why) {
  const Fields *f = &r->fields;
  const char *side = colour_names[p->side];
  char a[32];
  if (m.from == BOARD_PASS)
    snprintf(why, BOARD_ERRMAX,
             no_rule(r)              ? no_rule(r)
             : f->pass == PASS_NEVER ? "the rules give no pass"
                                   : "%s may pass only when it has no other move",
             side);
  else if (!f->drops && !no_rule(r))
    snprintf(why, BOARD_ERRMAX, "the rules have no drops");
  else if (!p->hand[p->side])
    snprintf(why, BOARD_ERRMAX, "%s has no piece in hand to drop", side);
  else if (board_at(p, m.to) != NOBODY)
    snprintf(why, BOARD_ERRMAX, "%s is occupied", point_name(r, m.to, a));
  else if (no_rule(r) || move_takes(m))
    snprintf(why, BOARD_ERRMAX, "%s",
             no_rule(r) ? no_rule(r) : "the rules' drops take nothing");
  else
    snprintf(why, BOARD_ERRMAX, "no piece is dropped on %s",
             point_name(r, m.to, a));
}

/* Why the move of a piece m is not a move of r's fields in p (legal moves
** are not asked here), into why. */
static void explain_piece_move(const Rules *r, const Position *p, Move m,
                               char *why) {
  char a[32], b[32];
  int who = board_at(p, m.from), there = board_at(p, m.to);
  const char *side = colour_names[p->side];
  if (who != p->side) {
    explain_board(r, p, m, why);
  } else if (r->fields.drops == DROPS_FIRST && p->hand[p->side]) {
    snprintf(why, BOARD_ERRMAX,
             "%s holds pieces in hand, and drops them before it moves one",
             side);
  } else if (move_takes(m) && !explain_taken(r, p, m, why)) {
    return; /* it takes a piece of its own, or from an empty point */
  } else if (there == p->side) {
    snprintf(why, BOARD_ERRMAX, "%s holds a %s piece", point_name(r, m.to, a),
             side);
  } else if (there != NOBODY && !move_takes(m)) {
    snprintf(why, BOARD_ERRMAX, "%s is occupied", point_name(r, m.to, a));
  } else if (explain_taken(r, p, m, why)) {
    if (no_rule(r))
      snprintf(why, BOARD_ERRMAX, "%s", no_rule(r));
    else
      snprintf(why, BOARD_ERRMAX,
               "no rule of this variant moves a piece from %s to %s%s",
               point_name(r, m.from, a), point_name(r, m.to, b),
               move_takes(m) ? " taking those pieces" : "");
  }
}

/* rules_explain for rules with moves beside the slides. */
static int explain_general(const Rules *r, const Position *p,
                           const History *h, Move m, char *why) {
  Move moves[RULES_MAX_MOVES];
  int k = rules_judge(r, p, h, moves, NULL);
  if (k < 0) return RULES_EHOOK;
  for (int i = 0; i < k; i++)
    if (move_equal(moves[i], m)) return 1;
  if (rules_row_outcome(r, p)) {
    snprintf(why, BOARD_ERRMAX, "the game is over: %s made a row",
             colour_names[p->side ^ 1]);
    return 0;
  }
  k = rules_param_moves(r, p, moves);
  for (int i = 0; i < k; i++)
    if (move_equal(moves[i], m)) { /* the fields make it: a hook forbids */
      snprintf(why, BOARD_ERRMAX,
               r->hooks.makes ? "the variant's moves hook does not make it"
                              : "the variant's allow rule forbids it");
      return 0;
    }
  if (m.from == BOARD_PASS || m.from == BOARD_HAND)
    explain_drop_pass(r, p, m, why);
  else
    explain_piece_move(r, p, m, why);
  return 0;
}

/* rules_explain before the ply is asked. */
static int explain_move(const Rules *r, const Position *p, const History *h,
                        Move m, char *why) {
  Move moves[RULES_MAX_MOVES];
  if (!on_board(r, p, m)) {
    snprintf(why, BOARD_ERRMAX, "no such move on a board of %d %s", p->n,
             r->graph ? "points" : "arms");
    return 0;
  }
  if (rules_general(r)) return explain_general(r, p, h, m, why);
  if (m.from == BOARD_PASS || m.from == BOARD_HAND || move_takes(m)) {
    snprintf(why, BOARD_ERRMAX, "the rules have no %s",
             m.from == BOARD_PASS   ? "pass"
             : m.from == BOARD_HAND ? "drops"
                                    : "captures");
    return 0;
  }
  if (!explain_board(r, p, m, why) || !explain_params(r, p, m, why)) return 0;
  if (!r->hooks.judge) return 1;
  int k = rules_judge(r, p, h, moves, NULL);
  if (k < 0) return RULES_EHOOK;
  for (int i = 0; i < k; i++)
    if (move_equal(moves[i], m)) return 1;
  snprintf(why, BOARD_ERRMAX, "the variant's allow rule forbids it");
  return 0;
}

int rules_explain(const Rules *r, const Position *p, const History *h, Move m,
                  char *why) {
  int legal = explain_move(r, p, h, m, why);
  if (legal == 1 && p->ply >= BOARD_MAX_PLY) { /* its text could not be read */
    snprintf(why, BOARD_ERRMAX,
             "the game is at ply %u, the last a position holds: no move is "
             "played past it",
             BOARD_MAX_PLY);
    return 0;
  }
  return legal;
}

int rules_check_made(const Rules *r, const Position *p, Move m, char *why) {
  char a[32];
  const char *side = colour_names[p->side];
  if (!on_board(r, p, m)) {
    snprintf(why, BOARD_ERRMAX, "no such move on a board of %d %s", p->n,
             r->graph ? "points" : "arms");
    return 0;
  }
  if (m.from == BOARD_PASS) return 1;
  if (m.from == BOARD_HAND && !p->hand[p->side]) {
    snprintf(why, BOARD_ERRMAX, "%s has no piece in hand to drop", side);
    return 0;
  }
  if (m.from != BOARD_HAND && board_at(p, m.from) != p->side)
    return explain_board(r, p, m, why);
  int there = board_at(p, m.to);
  uint64_t to_bit = m.to < 64 ? (uint64_t)1 << m.to : 0;
  int to_taken = m.to == BOARD_CENTRE ? m.centre : (m.taken & to_bit) != 0;
  if (move_takes(m) && !explain_taken(r, p, m, why)) return 0;
  if (there != NOBODY && !(there != p->side && to_taken)) {
    snprintf(why, BOARD_ERRMAX, "%s is occupied", point_name(r, m.to, a));
    return 0;
  }
  if (there == NOBODY && to_taken) {
    snprintf(why, BOARD_ERRMAX, "it takes from %s, which is empty",
             point_name(r, m.to, a));
    return 0;
  }
  return explain_taken(r, p, m, why);
}

int rules_settle(const Rules *r, const Position *p, const History *h, Move *m,
                 char *why) {
  Move moves[RULES_MAX_MOVES];
  int legal = rules_explain(r, p, h, *m, why);
  if (legal != 0 || m->from == BOARD_PASS || !movetext_short(*m) ||
      !rules_general(r))
    return legal;
  int k = rules_judge(r, p, h, moves, NULL), found = -1, more = -1;
  if (k < 0) return RULES_EHOOK;
  int takes = move_takes(*m); /* "3x5": only a move that takes */
  for (int i = 0; i < k; i++)
    if (moves[i].from == m->from && moves[i].to == m->to &&
        (!takes || move_takes(moves[i]))) {
      if (found < 0)
        found = i;
      else if (more < 0)
        more = i;
    }
  if (found < 0) return 0;
  if (more >= 0) {
    char a[BOARD_MOVEMAX], b[BOARD_MOVEMAX];
    snprintf(why, BOARD_ERRMAX, "it names more than one move: %.60s or %.60s",
             rules_format_move(r, moves[found], a),
             rules_format_move(r, moves[more], b));
    return 0;
  }
  *m = moves[found];
  return rules_explain(r, p, h, *m, why);
}

/* rules_led_to for rules with moves beside the slides: the pieces are where
** the move leaves them (its lines are not asked). */
static int led_to_general(const Position *q, Move m) {
  int mover = q->side ^ 1;
  uint64_t taken = m.taken;
  if (m.from == BOARD_PASS) return m.to == BOARD_PASS && !move_takes(m);
  if (m.from == m.to || m.to >= BOARD_HAND || board_at(q, m.to) != mover)
    return 0;
  if (m.from != BOARD_HAND &&
      (board_at(q, m.from) != NOBODY || (m.from != BOARD_CENTRE && m.from >= q->n)))
    return 0;
  if (m.to < 64) taken &= ~((uint64_t)1 << m.to);
  if (taken & (q->arms[BLACK] | q->arms[WHITE] | ~board_full(q->n))) return 0;
  return !m.centre || m.to == BOARD_CENTRE || q->centre == NOBODY;
}

int rules_led_to(const Rules *r, const Position *q, Move m) {
  if (rules_general(r)) return led_to_general(q, m);
  if (m.from >= BOARD_HAND || move_takes(m)) return 0;
  if (r->graph) return graph_led_to(r->graph, q, m);
  return m.from == board_empty_point(q) &&
         (m.to == BOARD_CENTRE || m.to < q->n) && m.from != m.to &&
         board_at(q, m.to) == (q->side ^ 1) &&
         (m.from == BOARD_CENTRE || m.to == BOARD_CENTRE ||
          arms_adjacent(m.from, m.to, q->n));
}

int rules_unmoves(const Rules *r, const Position *q, Move *out) {
  if (rules_general(r)) return 0; /* no table solves them (solve.h) */
  if (r->graph) return graph_unmoves(r->graph, q, out);
  int mover = q->side ^ 1, n = q->n, e = board_empty_point(q), k = 0;
  if (e == BOARD_CENTRE) {
    for (uint64_t m = q->arms[mover]; m; m &= m - 1)
      out[k++] = (Move){BOARD_CENTRE, (uint8_t)__builtin_ctzll(m), 0, {0}, 0};
    return k;
  }
  int a = (e + n - 1) % n, b = (e + 1) % n;
  if (q->arms[mover] >> a & 1)
    out[k++] = (Move){(uint8_t)e, (uint8_t)a, 0, {0}, 0};
  if (q->arms[mover] >> b & 1)
    out[k++] = (Move){(uint8_t)e, (uint8_t)b, 0, {0}, 0};
  if (q->centre == mover)
    out[k++] = (Move){(uint8_t)e, BOARD_CENTRE, 0, {0}, 0};
  return k;
}

/* Checks that move m, the count-th most recent (1 = the last), led to q;
** then takes it back in q.  Returns 0, or -1 with a message in err. */
static int take_back(const Rules *r, Position *q, Move m, int count,
                     char *err) {
  char text[BOARD_MOVEMAX], a[32];
  int mover = q->side ^ 1;
  if (!rules_led_to(r, q, m)) {
    rules_format_move(r, m, text); /* a long capture's list: its start */
    snprintf(err, BOARD_ERRMAX,
             "bad history: move %d back (%.20s) cannot have led here: it needs "
             "%s empty and a %s piece on %.17s, on a line",
             count, text,
             r->graph                   ? "its from point"
             : m.from == BOARD_CENTRE ? "the centre"
                                      : "its from arm",
             colour_names[mover],
             m.to < BOARD_HAND ? point_name(r, m.to, a) : "its to point");
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

/* The checks of rules_check_position of the pieces of each side: on the
** board and in hand, as many as r gives each side (at most as many when
** its moves take pieces), and none in hand without drops. */
static int check_pieces(const Rules *r, const Position *p, char *err) {
  for (int c = BLACK; c <= WHITE; c++) {
    int on = board_count(p, c), held = p->hand[c];
    int want = r->graph ? r->pieces[c] : r->arms / 2;
    if (held && !r->fields.drops && !r->hooks.makes) {
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d %s pieces in hand, but the rules have no "
               "drops",
               held, colour_names[c]);
      return -1;
    }
    if (on + held == want || (on + held < want && rules_capture(r))) continue;
    if (held)
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d %s pieces on the board and %d in hand (this "
               "variant has %d a side)",
               on, colour_names[c], held, want);
    else if (r->graph)
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d %s pieces (this board has %d)", on,
               colour_names[c], want);
    else
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d %s pieces (a board of %d arms needs %d)", on,
               colour_names[c], r->arms, want);
    return -1;
  }
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
    return check_pieces(r, p, err);
  }
  if (graph_check_position(r->graph, p, err)) return -1;
  if (!rules_general(r) && graph_empty(r->graph, p) == 0) {
    snprintf(err, BOARD_ERRMAX, "bad position: no empty point");
    return -1;
  }
  return check_pieces(r, p, err);
}

int rules_parse_move(const Rules *r, const char *text, Move *m, char *err) {
  return movetext_parse(r->graph, r->arms, text, m, err);
}

char *rules_format_move(const Rules *r, Move m, char *buf) {
  return movetext_format(r->graph, m, buf);
}

Move rules_move_between(const Position *a, const Position *b) {
  int mover = a->side, other = mover ^ 1;
  uint64_t left = a->arms[mover] & ~b->arms[mover];
  uint64_t took = b->arms[mover] & ~a->arms[mover];
  int centre_left = a->centre == mover && b->centre != mover;
  int centre_took = b->centre == mover && a->centre != mover;
  Move m = {0, 0, 0, {0}, a->arms[other] & ~b->arms[other]};
  m.centre = a->centre == other && b->centre != other;
  if (!left && !centre_left && !took && !centre_took) return move_pass();
  m.from = left                                 ? (uint8_t)__builtin_ctzll(left)
           : centre_left || a->hand[mover] == b->hand[mover] ? BOARD_CENTRE
                                                 : BOARD_HAND;
  m.to = took ? (uint8_t)__builtin_ctzll(took) : (uint8_t)BOARD_CENTRE;
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
    if (!move_equal(ha->moves[i], hb->moves[i])) return 0;
  return 1;
}

uint64_t rules_state_hash(const Rules *r, const Position *p, const History *h) {
  uint64_t x = board_hash(p);
  int k = kept_moves(r, h);
  uint64_t extra = (uint64_t)rules_ply_bucket(r, p->ply) << 4 | (uint64_t)k;
  for (int i = 0; i < k; i++)
    extra = (extra * 0x100000001b3u ^
             (uint64_t)(h->moves[i].from << 8 | h->moves[i].to) ^
             (uint64_t)h->moves[i].centre << 16) +
            h->moves[i].taken * 0x9e3779b97f4a7c15u;
  if (extra == 0) return x;
  extra *= 0x9e3779b97f4a7c15u;
  return x ^ extra ^ (extra >> 29);
}

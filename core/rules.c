/*
** rules.c — built-in variants, legal moves with hooks, game ends, and why a
** move is illegal.
*/
#include "rules.h"

#include <stdio.h>
#include <string.h>

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

int rules_check(const Rules *r, char *err) {
  if (r->arms < BOARD_MIN_ARMS || r->arms > BOARD_MAX_ARMS || r->arms % 2) {
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
         a->hook_plies == b->hook_plies && a->hooks.allow == b->hooks.allow &&
         a->hooks.result == b->hooks.result && a->hooks.ctx == b->hooks.ctx;
}

int rules_opening_plies(const Rules *r) {
  int k = r->flank_plies == RULES_ALWAYS ? 0 : r->flank_plies;
  if (r->adjacent_enemy) k = 0; /* it implies the flank rule on every ply */
  return rules_hooked(r) && r->hook_plies > k ? r->hook_plies : k;
}

int rules_moves(const Rules *r, const Position *p, Move *out) {
  int k = rules_param_moves(r, p, out);
  if (!r->hooks.allow) return k;
  int kept = 0;
  for (int i = 0; i < k; i++) {
    int ok = r->hooks.allow(r->hooks.ctx, p, out[i]);
    if (ok < 0) return RULES_EHOOK;
    if (ok) out[kept++] = out[i];
  }
  return kept;
}

int rules_outcome(const Rules *r, const Position *p, int *reason) {
  Move moves[RULES_MAX_MOVES];
  int why = REASON_NONE, outcome = OUTCOME_NONE;
  if (r->hooks.result) {
    outcome = r->hooks.result(r->hooks.ctx, p);
    if (outcome < 0) return RULES_EHOOK;
    if (outcome > OUTCOME_DRAW) outcome = OUTCOME_NONE;
    if (outcome) why = REASON_RULE;
  }
  if (!outcome) {
    int k = rules_moves(r, p, moves);
    if (k < 0) return RULES_EHOOK;
    if (k == 0) outcome = rules_blocked_outcome(r, p), why = REASON_BLOCKED;
  }
  if (reason) *reason = why;
  return outcome;
}

/* Writes "arm 4" or "the centre" into buf (16 bytes). */
static const char *point_name(int point, char *buf) {
  if (point == BOARD_CENTRE)
    snprintf(buf, 16, "the centre");
  else
    snprintf(buf, 16, "arm %d", point + 1);
  return buf;
}

/* 1 when the two arms are neighbours on a ring of n. */
static int arms_adjacent(int a, int b, int n) {
  return (a + 1) % n == b || (b + 1) % n == a;
}

/* The geometric and ownership checks of rules_explain. */
static int explain_board(const Position *p, Move m, char *why) {
  static const char *colour[2] = {"black", "white"};
  char a[16], b[16];
  int who = board_at(p, m.from);
  if (who == NOBODY) {
    snprintf(why, BOARD_ERRMAX, "%s is empty", point_name(m.from, a));
    return 0;
  }
  if (who != p->side) {
    snprintf(why, BOARD_ERRMAX, "%s holds a %s piece and %s is to move",
             point_name(m.from, a), colour[who], colour[p->side]);
    return 0;
  }
  if (board_at(p, m.to) != NOBODY) {
    snprintf(why, BOARD_ERRMAX, "%s is occupied", point_name(m.to, a));
    return 0;
  }
  if (m.from != BOARD_CENTRE && m.to != BOARD_CENTRE &&
      !arms_adjacent(m.from, m.to, p->n)) {
    snprintf(why, BOARD_ERRMAX, "%s is not next to %s", point_name(m.to, a),
             point_name(m.from, b));
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
  if (r->adjacent_enemy)
    snprintf(why, BOARD_ERRMAX,
             "the adjacent-enemy rule: a piece moves only with an enemy "
             "piece next to it");
  else if (r->flank_plies == RULES_ALWAYS)
    snprintf(why, BOARD_ERRMAX,
             "the flank rule: a piece goes to the centre only with an enemy "
             "piece on a neighbouring arm");
  else
    snprintf(why, BOARD_ERRMAX,
             "the flank rule (it binds on the first %d plies): a piece goes "
             "to the centre only with an enemy piece on a neighbouring arm",
             r->flank_plies);
  return 0;
}

int rules_explain(const Rules *r, const Position *p, Move m, char *why) {
  if ((m.from != BOARD_CENTRE && m.from >= p->n) ||
      (m.to != BOARD_CENTRE && m.to >= p->n) || m.from == m.to) {
    snprintf(why, BOARD_ERRMAX, "no such move on a board of %d arms", p->n);
    return 0;
  }
  if (!explain_board(p, m, why) || !explain_params(r, p, m, why)) return 0;
  if (!r->hooks.allow) return 1;
  int ok = r->hooks.allow(r->hooks.ctx, p, m);
  if (ok < 0) return RULES_EHOOK;
  if (!ok) snprintf(why, BOARD_ERRMAX, "the variant's allow rule forbids it");
  return ok != 0;
}

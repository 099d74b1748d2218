/*
** rules.h — a variant of Mū Tōrere as a value: its board (the wheel, or a
** graph: graph.h), rule parameters plus optional hooks (C function
** pointers with a context), the legal moves of a position, and when a
** position ends the game.
**
** The board is the one small interface between the two kinds: every
** function here that depends on it looks at r->graph, and keeps the
** wheel's code as it was for r->graph == NULL.
*/
#ifndef MUTORERE_RULES_H
#define MUTORERE_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "fields.h"
#include "graph.h"
#include "judgement.h"

#define RULES_ALWAYS 0x7fffffff /* flank_plies: the flank rule never ends */
#define RULES_MAX_MOVES FIELDS_MAX_MOVES /* no position has more moves */
#define RULES_MAX_JUDGED 64     /* the most moves hooks judge in a state */
#define RULES_MAX_PLAIN 64      /* the most moves of a board's slides alone */
#define RULES_EHOOK (-1)        /* a hook failed; its context holds why */

/* How a game ends. */
enum {
  OUTCOME_NONE = 0,  /* the game goes on */
  OUTCOME_BLACK = 1, /* black wins */
  OUTCOME_WHITE = 2, /* white wins */
  OUTCOME_DRAW = 3
};

/* Why it ended. */
enum {
  REASON_NONE = 0,
  REASON_BLOCKED,    /* the side to move has no legal move */
  REASON_RULE,       /* the variant's result hook said so */
  REASON_REPETITION, /* a position occurred repetition times */
  REASON_CAP,        /* the ply cap was reached */
  REASON_ROW         /* the side that moved made a row (Fields.row) */
};

struct HookMemo; /* memo.h: the remembered answers of pure hooks */

typedef struct RuleHooks {
  /* Judges position p reached by the moves in h (at most the variant's
  ** history, NULL for none), where the parameters and fields make the *k
  ** moves in moves: when makes, the hooks may first replace them (at most
  ** RULES_MAX_JUDGED, *k set); then sets bit i of *allowed when moves[i]
  ** is allowed too, and returns the variant's own verdict on p: an
  ** OUTCOME_* (OUTCOME_NONE: the rules decide), or RULES_EHOOK when the
  ** hook failed. */
  int (*judge)(void *ctx, const Position *p, const History *h, Move *moves,
               int *k, uint64_t *allowed);
  void *ctx;
  /* When not NULL the hooks are pure (their answers depend only on the
  ** state) and are asked once per state; the memo keeps the answers. */
  struct HookMemo *memo;
  int makes; /* 1: the hooks make the moves (a moves hook) */
} RuleHooks;

typedef struct Rules {
  int arms;           /* board size N: even, 4..64 (a graph's points) */
  const Graph *graph; /* NULL: the wheel of arms arms; else the board */
  int pieces[2];      /* on a graph board: each side's pieces */
  int flank_plies;    /* the flank rule binds while ply < flank_plies */
  int adjacent_enemy; /* every move needs an enemy next to the mover */
  int misere;         /* the blocked side wins */
  int repetition;     /* n-fold repetition draws (0: never) */
  int max_plies;      /* a game is drawn after this many plies (0: never) */
  int hook_plies;     /* the hooks read the ply only while ply < this */
  int history;        /* the hooks read the last this many moves */
  Fields fields;      /* moves beside the slides: drops, jumps, captures,
                      ** the pass; and the row that wins (fields.h) */
  RuleHooks hooks;
} Rules;

/* The built-in variants' names, NULL-terminated. */
extern const char *const rules_names[];

/* Sets r to the named built-in variant on n arms (no hooks).  Returns 0,
** or -1 with a message in err when the name is unknown or n is bad. */
int rules_named(Rules *r, const char *name, int n, char *err);

/* Checks the parameters.  Returns 0, or -1 with a message in err. */
int rules_check(const Rules *r, char *err);

/* 1 when both rule sets have the same parameters and hooks. */
int rules_equal(const Rules *a, const Rules *b);

/* 1 when r has hooks (the slow path). */
static inline int rules_hooked(const Rules *r) {
  return r->hooks.judge != NULL;
}

/* 1 when r's moves are more than the slides of the game of the sources:
** drops, jumps, captures, a pass, a row, or moves that hooks make.  Such
** rules have their moves from fields.h on either board, any number of
** points empty; the wheel's own fast code is for the others. */
static inline int rules_general(const Rules *r) {
  return !fields_plain(&r->fields) || r->hooks.makes;
}

/* 1 when a judgement's bits number the moves in the order the parameters
** and fields make them (rules_param_moves), not by the point each leaves. */
static inline int rules_indexed(const Rules *r) {
  return r->graph != NULL || rules_general(r);
}

/* 1 when a move of r may take pieces, so that a side's pieces on the board
** and in hand may be fewer than it started with. */
static inline int rules_capture(const Rules *r) {
  return r->hooks.makes || fields_capture(&r->fields);
}

/* The ply from which on the ply counter no longer changes the rules (0 when
** it never does). */
static inline int rules_opening_plies(const Rules *r) {
  int k = r->flank_plies == RULES_ALWAYS ? 0 : r->flank_plies;
  if (r->adjacent_enemy) k = 0; /* it implies the flank rule on every ply */
  return rules_hooked(r) && r->hook_plies > k ? r->hook_plies : k;
}

/* The number of moves the rules remember: the hooks' history (0 without
** hooks, which are all that read it). */
static inline int rules_memory(const Rules *r) {
  return rules_hooked(r) ? r->history : 0;
}

/* The ply as the rules read it: the ply itself in the opening, then
** rules_opening_plies (every later ply reads the same). */
static inline uint32_t rules_ply_bucket(const Rules *r, uint32_t ply) {
  uint32_t k = (uint32_t)rules_opening_plies(r);
  return ply < k ? ply : k;
}

/* Rotations of an arm mask by one arm: bit i to i+1, and bit i to i-1.
** The boards of 8, 16 and 32 arms turn in a byte, a half-word and a word
** (a rotate instruction when n is a constant, as in perft). */
static inline uint64_t rules_rot_up(uint64_t x, int n) {
  uint8_t b = (uint8_t)x;
  uint16_t h = (uint16_t)x;
  uint32_t w = (uint32_t)x;
  switch (n) {
  case 8: return (uint8_t)(b << 1 | b >> 7);
  case 16: return (uint16_t)(h << 1 | h >> 15);
  case 32: return (uint32_t)(w << 1 | w >> 31);
  default: return ((x << 1) | (x >> (n - 1))) & board_full(n);
  }
}
static inline uint64_t rules_rot_down(uint64_t x, int n) {
  uint8_t b = (uint8_t)x;
  uint16_t h = (uint16_t)x;
  uint32_t w = (uint32_t)x;
  switch (n) {
  case 8: return (uint8_t)(b >> 1 | b << 7);
  case 16: return (uint16_t)(h >> 1 | h << 15);
  case 32: return (uint32_t)(w >> 1 | w << 31);
  default: return ((x >> 1) | (x << (n - 1))) & board_full(n);
  }
}

/* Where the side to move may go, seen from its side: the move generator
** under every other function. */
typedef struct Reach {
  uint64_t to_centre; /* arms whose piece may go to the empty centre */
  uint64_t steps;     /* arms whose piece may step to the empty arm */
  uint64_t empty;     /* the empty arm (0 when the centre is empty) */
  int from_centre;    /* 1 when the centre piece may go to the empty arm */
} Reach;

/* The board from the mover's side: own and enemy arm masks, and who holds
** the centre. */
enum { CENTRE_EMPTY = 0, CENTRE_OWN = 1, CENTRE_ENEMY = 2 };

/* The Reach of the mover with arms own against enemy and the centre as
** given, on n arms; flank is 1 when the flank rule binds now, adjacent when
** the adjacent-enemy rule holds (hooks are not asked). */
static inline Reach rules_reach(uint64_t own, uint64_t enemy, int centre, int n,
                                int flank, int adjacent) {
  Reach m = {0, 0, 0, 0};
  if (centre == CENTRE_EMPTY) {
    m.to_centre = own;
    if (flank || adjacent)
      m.to_centre &= rules_rot_up(enemy, n) | rules_rot_down(enemy, n);
    return m;
  }
  m.empty = ~(own | enemy) & board_full(n);
  uint64_t above = rules_rot_up(m.empty, n) & own;   /* arm e+1 */
  uint64_t below = rules_rot_down(m.empty, n) & own; /* arm e-1 */
  if (adjacent && centre != CENTRE_ENEMY) {
    above &= rules_rot_down(enemy, n); /* an enemy on arm e+2 */
    below &= rules_rot_up(enemy, n);   /* an enemy on arm e-2 */
  }
  m.steps = above | below;
  m.from_centre = centre == CENTRE_OWN;
  return m;
}

/* 1 when the flank rule binds at ply. */
static inline int rules_flank_at(const Rules *r, uint32_t ply) {
  return (int64_t)ply < r->flank_plies;
}

/* Who holds the centre of p, seen from the side to move: CENTRE_*. */
static inline int rules_centre_of(const Position *p) {
  if (p->centre == NOBODY) return CENTRE_EMPTY;
  return p->centre == p->side ? CENTRE_OWN : CENTRE_ENEMY;
}

/* The Reach of the side to move in p. */
static inline Reach rules_reach_of(const Rules *r, const Position *p) {
  return rules_reach(p->arms[p->side], p->arms[p->side ^ 1], rules_centre_of(p),
                     p->n, rules_flank_at(r, p->ply), r->adjacent_enemy);
}

/* The number of moves in a Reach. */
static inline int rules_reach_count(Reach m) {
  return __builtin_popcountll(m.to_centre | m.steps) + m.from_centre;
}

/* The legal moves by the parameters alone (hooks not asked), written to
** out (RULES_MAX_MOVES entries), in the order: arms ascending, centre last
** (on a graph board, graph_moves' order).  Returns how many. */
static inline int rules_param_moves(const Rules *r, const Position *p,
                                    Move *out) {
  if (rules_general(r))
    return fields_moves(&r->fields, r->graph, p, rules_flank_at(r, p->ply),
                        r->adjacent_enemy, out);
  if (r->graph)
    return graph_moves(r->graph, p, rules_flank_at(r, p->ply),
                       r->adjacent_enemy, out);
  Reach m = rules_reach_of(r, p);
  int k = 0;
  uint8_t to = m.empty ? (uint8_t)__builtin_ctzll(m.empty) : BOARD_CENTRE;
  for (uint64_t from = m.to_centre | m.steps; from; from &= from - 1)
    out[k++] = move_of((uint8_t)__builtin_ctzll(from), to);
  if (m.from_centre) out[k++] = move_of(BOARD_CENTRE, to);
  return k;
}

/* The number of legal moves by the parameters alone. */
static inline int rules_param_count(const Rules *r, const Position *p) {
  if (rules_general(r))
    return fields_count(&r->fields, r->graph, p, rules_flank_at(r, p->ply),
                        r->adjacent_enemy);
  if (r->graph)
    return graph_count(r->graph, p, rules_flank_at(r, p->ply),
                       r->adjacent_enemy);
  return rules_reach_count(rules_reach_of(r, p));
}

/* The judgement of p reached by the moves in h (NULL: none known), hooks
** included; pure hooks are asked once per state.  Returns 0, or
** RULES_EHOOK. */
int rules_judgement(const Rules *r, const Position *p, const History *h,
                    Judgement *j);

/* Asks r's hooks about p reached by h and remembers their judgement (in
** *j) under key (memo.h) in r's memo.  Returns 0, or RULES_EHOOK. */
struct MemoKey;
int rules_judgement_asked(const Rules *r, const Position *p, const History *h,
                          const struct MemoKey *key, Judgement *j);

/* A new, empty memo (memo.h) for the states of r, whose hooks are set,
** that will hold at most max_bytes.  Returns NULL without memory. */
struct HookMemo *rules_memo_new(const Rules *r, size_t max_bytes);

/* The number of moves of a judgement. */
static inline int rules_judged_count(const Judgement *j) {
  return __builtin_popcountll(j->arms) + j->centre;
}

/* The verdict of the row rule on p: the side that moved wins when it has
** r->fields.row pieces in a row; else OUTCOME_NONE. */
static inline int rules_row_outcome(const Rules *r, const Position *p) {
  if (!r->fields.row || !fields_row_of(&r->fields, p, p->side ^ 1))
    return OUTCOME_NONE;
  return p->side == BLACK ? OUTCOME_WHITE : OUTCOME_BLACK;
}

/* The legal moves of p, reached by the moves in h (NULL: none known),
** hooks included, into out (RULES_MAX_MOVES entries), and in *outcome the
** variant's own verdict on p (the result hook's OUTCOME_*, OUTCOME_NONE
** without one; outcome may be NULL).  Pure hooks are asked once per state.
** Returns how many moves, or RULES_EHOOK. */
int rules_judge(const Rules *r, const Position *p, const History *h, Move *out,
                int *outcome);

/* The legal moves of p reached by h, hooks included (as rules_judge). */
int rules_moves(const Rules *r, const Position *p, const History *h, Move *out);

/* Whether p reached by h ends the game, before repetition and cap (which
** need the game's past): the variant's own verdict first, then a blocked
** side to move.  Returns an OUTCOME_* (and the REASON_* in *reason when
** not NULL), or RULES_EHOOK. */
int rules_outcome(const Rules *r, const Position *p, const History *h,
                  int *reason);

/* Whether m is legal in p reached by h, and may be played: never from ply
** BOARD_MAX_PLY (the position after could not be written).  Returns 1 when
** it is; 0 with the reason in why (e.g. "arm 4 is occupied") when not;
** RULES_EHOOK. */
int rules_explain(const Rules *r, const Position *p, const History *h, Move m,
                  char *why);

/* Whether m, a move that hooks made, can be played in p: its points are
** on the board, it leaves a piece of the side to move (or its hand, which
** holds one), goes to an empty point or onto a piece it takes, and takes
** only enemy pieces.  Returns 1; or 0 with the reason in why. */
int rules_check_made(const Rules *r, const Position *p, Move m, char *why);

/* The legal move that m names in p reached by h: m itself, or, when m's
** text names no taken piece but its to point's (movetext_short), the one
** legal move from and to the same points (the one that takes, for a text
** that says it takes: "3x5").  Returns 1 with it in *m; 0 with
** the reason in why; RULES_EHOOK. */
int rules_settle(const Rules *r, const Position *p, const History *h, Move *m,
                 char *why);

/* 1 when move m can have led to q on r's board (the from point is empty
** in q, the to point holds a piece of the side that moved, and a line
** leads from one to the other); legality under the rules is not asked. */
int rules_led_to(const Rules *r, const Position *q, Move m);

/* The moves that can have led to q on r's board (as rules_led_to), into out
** (RULES_MAX_MOVES entries).  Returns how many. */
int rules_unmoves(const Rules *r, const Position *q, Move *out);

/* Checks that the moves in h could have led to p on r's board (as
** rules_led_to, each in turn), and that there are no more moves than
** plies.  Returns 0, or -1 with a message in err. */
int rules_check_history(const Rules *r, const Position *p, const History *h,
                        char *err);

/* Checks that p is a position of r's board: its kind and size, and on a
** graph board the pieces of each side.  Returns 0, or -1 with a message in
** err. */
int rules_check_position(const Rules *r, const Position *p, char *err);

/* Parses move text on r's board (movetext.h: syntax and points only).
** Returns 0, or -1 with a message in err. */
int rules_parse_move(const Rules *r, const char *text, Move *m, char *err);

/* Writes the text of move m on r's board into buf (BOARD_MOVEMAX bytes).
** Returns buf. */
char *rules_format_move(const Rules *r, Move m, char *buf);

/* The move that led from position a to position b, its child (on either
** kind of board: the point a's mover left, or its hand, the point it
** took, and the enemy pieces that left the board; a pass when nothing
** moved). */
Move rules_move_between(const Position *a, const Position *b);

/* 1 when the two states are the same to the rules: the same pieces and
** side to move, the same ply as the rules read it, and the same
** remembered moves (of the last rules_memory(r)).  This is the sameness
** that repetition counts, and that the search and the solver use. */
int rules_same_state(const Rules *r, const Position *a, const History *ha,
                     const Position *b, const History *hb);

/* A 64-bit hash of a state (see rules_same_state). */
uint64_t rules_state_hash(const Rules *r, const Position *p, const History *h);

/* The outcome when the side to move is blocked. */
static inline int rules_blocked_outcome(const Rules *r, const Position *p) {
  int winner = r->misere ? p->side : p->side ^ 1;
  return winner == BLACK ? OUTCOME_BLACK : OUTCOME_WHITE;
}

#endif

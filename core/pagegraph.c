/*
** pagegraph.c — the play page's graph as the page reads it.
*/
#include "pagegraph.h"

#include <stdio.h>

#include "memory.h"

#define CHUNK 32 /* the points a varint of a board of points holds */

/* The bytes written so far. */
typedef struct Bytes {
  uint8_t *at;
  size_t count, room;
  int failed; /* an allocation failed */
} Bytes;

/* Appends x to b as an unsigned varint: 7 bits a byte, low first, the
** high bit set on all but the last. */
static void varint(Bytes *b, uint64_t x) {
  if (b->room - b->count < 10) {
    size_t room = b->room ? 2 * b->room : 1 << 16;
    uint8_t *at = memory_realloc(b->at, room);
    if (!at) {
      b->failed = 1;
      return;
    }
    b->at = at;
    b->room = room;
  }
  for (; x >= 128; x >>= 7) b->at[b->count++] = (uint8_t)(x & 127) | 128;
  b->at[b->count++] = (uint8_t)x;
}

/* The board of p on the wheel as one integer: side + 2 (e + (n + 1) c),
** side 1 when white is to move, e the empty point (0-based, n the
** centre), c the colours of the other points in order (the arms, then the
** centre), bit i set when the i-th is black. */
static uint64_t wheel_code(const Position *p) {
  uint64_t black = p->arms[BLACK], colours = black;
  int e = board_empty_point(p);
  if (e == BOARD_CENTRE)
    e = p->n;
  else {
    uint64_t low = ((uint64_t)1 << e) - 1;
    colours = (black & low) | (black >> 1 & ~low) |
              (p->centre == BLACK ? (uint64_t)1 << (p->n - 1) : 0);
  }
  return (uint64_t)(p->side == WHITE) +
         2 * ((uint64_t)e + (uint64_t)(p->n + 1) * colours);
}

/* The digit of point i of p (the wheel's centre after its arms): 0 empty,
** 1 black, 2 white. */
static uint64_t digit(const Position *p, int i) {
  int who = board_at(p, !p->graph && i == p->n ? BOARD_CENTRE : i);
  return who == BLACK ? 1 : who == WHITE ? 2 : 0;
}

/* Appends the board of p point by point: a varint for each CHUNK points,
** the base-3 number of their digits (the first point the lowest), the
** first times 2 plus the side; then, when hands, black's hand + hands *
** white's. */
static void points_code(Bytes *b, const Position *p, int hands) {
  int n = p->graph ? p->n : p->n + 1;
  for (int first = 0; first < n; first += CHUNK) {
    uint64_t x = 0, scale = 1;
    for (int i = first; i < n && i < first + CHUNK; i++, scale *= 3)
      x += digit(p, i) * scale;
    varint(b, first ? x : (uint64_t)(p->side == WHITE) + 2 * x);
  }
  if (hands)
    varint(b, (uint64_t)p->hand[BLACK] + (uint64_t)hands * p->hand[WHITE]);
}

/* The value of state i as one integer: 0 a draw, 1 + 2d lost in d plies,
** 2 + 2d won in d plies. */
static uint64_t value_code(const MetricsGraph *g, uint32_t i) {
  if (g->value[i] == VALUE_DRAW) return 0;
  return (g->value[i] == VALUE_WIN ? 2 : 1) + 2 * (uint64_t)g->distance[i];
}

/* The end code of state i, which ends the game: 0 its side to move is
** blocked, 1 a rule of the variant ended it, 2 a row; or RULES_EHOOK. */
static int end_code(const MetricsGraph *g, const Rules *r, uint32_t i) {
  History h = metrics_history(g, i);
  int reason = REASON_BLOCKED;
  if (rules_outcome(r, &g->state[i], &h, &reason) < 0) return RULES_EHOOK;
  return reason == REASON_RULE ? 1 : reason == REASON_ROW ? 2 : 0;
}

/* The most pieces a hand holds in g's states plus one, or 0. */
static int hands_of(const MetricsGraph *g) {
  int most = 0;
  for (uint32_t i = 0; i < g->count; i++) {
    const Position *p = &g->state[i];
    if (p->hand[BLACK] > most) most = p->hand[BLACK];
    if (p->hand[WHITE] > most) most = p->hand[WHITE];
  }
  return most ? most + 1 : 0;
}

/* Appends state i of g: its board, value, number of moves, then its end
** code or where each move leads.  Returns 0 or RULES_EHOOK. */
static int state_code(Bytes *b, const MetricsGraph *g, const Rules *r,
                      int wheel, int hands, uint32_t i) {
  const Position *p = &g->state[i];
  if (wheel)
    varint(b, wheel_code(p));
  else
    points_code(b, p, hands);
  varint(b, value_code(g, i));
  uint32_t k = metrics_moves(g, i);
  varint(b, k);
  if (k == 0) {
    int end = end_code(g, r, i);
    if (end < 0) return RULES_EHOOK;
    varint(b, (uint64_t)end);
  }
  for (uint32_t j = 0; j < k; j++) {
    int64_t d = (int64_t)g->child[g->first[i] + j] - (int64_t)i;
    varint(b, d >= 0 ? 2 * (uint64_t)d : 2 * (uint64_t)(-d) - 1);
  }
  return 0;
}

/* The bytes of b as a new NUL-ended base64 text (NULL without memory). */
static char *base64(const Bytes *b, size_t *len) {
  static const char digits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t n = b->count;
  char *out = memory_realloc(NULL, (n + 2) / 3 * 4 + 1), *o = out;
  if (!out) return NULL;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t x = (uint32_t)b->at[i] << 16 |
                 (uint32_t)(i + 1 < n ? b->at[i + 1] : 0) << 8 |
                 (uint32_t)(i + 2 < n ? b->at[i + 2] : 0);
    *o++ = digits[x >> 18];
    *o++ = digits[x >> 12 & 63];
    *o++ = i + 1 < n ? digits[x >> 6 & 63] : '=';
    *o++ = i + 2 < n ? digits[x & 63] : '=';
  }
  *o = '\0';
  *len = (size_t)(o - out);
  return out;
}

int pagegraph_encode(const MetricsGraph *g, const Rules *r, char **text,
                     size_t *len, int *hands, char *err) {
  Bytes b = {0};
  int wheel = !r->graph && !rules_general(r), rc = SOLVER_OK;
  *text = NULL;
  *len = 0;
  *hands = hands_of(g);
  for (uint32_t i = 0; i < g->count && rc == SOLVER_OK && !b.failed; i++)
    if (state_code(&b, g, r, wheel, *hands, i)) rc = SOLVER_EHOOK;
  if (rc == SOLVER_OK && !b.failed) *text = base64(&b, len);
  memory_realloc(b.at, 0);
  if (rc == SOLVER_OK && !*text) {
    snprintf(err, BOARD_ERRMAX, "not enough memory for the page's graph");
    rc = SOLVER_ERROR;
  }
  return rc;
}

/*
** test_pagegraph.c — the play page's graph as bytes (core/pagegraph.c):
** graphs made by hand written exactly (each length of base64's last
** group, varints of one and two bytes); the standard game's graph and 12
** arms' read back by a decoder of this file (every byte used, every move
** to a state of the graph, the start's board, the tallies of the solver's
** census); the end a rule makes; a hook that fails; every allocation
** failing in turn.  Each state against the rules, boards of points and
** hands: tests/lua/test_play.lua, which reads the pages mt.html writes.
*/
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "hooks.h"
#include "memory.h"
#include "metrics.h"
#include "pagegraph.h"
#include "solver.h"

static char err[BOARD_ERRMAX];

/* --- reading a page's graph back --- */

typedef struct Reader {
  uint8_t bytes[1 << 20];
  size_t count, at;
  int short_read; /* a varint ran past the end */
} Reader;

static Reader reader;

/* Decodes base64 text into reader (four digits make three bytes, fewer
** before padding).  Returns 0, or -1 on a character that is no digit. */
static int unbase64(const char *text, size_t len) {
  static const char digits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  reader.count = reader.at = 0;
  reader.short_read = 0;
  if (len % 4) return -1;
  for (size_t i = 0; i < len; i += 4) {
    uint32_t x = 0;
    int pad = 0;
    for (int j = 0; j < 4; j++) {
      const char *d = text[i + j] == '=' ? NULL : strchr(digits, text[i + j]);
      if (text[i + j] == '=')
        pad++;
      else if (!d || !*d || pad)
        return -1;
      x = x << 6 | (uint32_t)(d ? d - digits : 0);
    }
    if (pad && i + 4 != len) return -1;
    for (int j = 0; j < 3 - pad; j++)
      reader.bytes[reader.count++] = (uint8_t)(x >> (16 - 8 * j));
  }
  return 0;
}

/* The next varint of the reader. */
static uint64_t next(void) {
  uint64_t x = 0;
  for (int shift = 0; reader.at < reader.count; shift += 7) {
    uint8_t b = reader.bytes[reader.at++];
    x |= (uint64_t)(b & 127) << shift;
    if (b < 128) return x;
  }
  reader.short_read = 1;
  return x;
}

/* What a graph on the wheel read back says. */
typedef struct Read {
  uint32_t states;
  uint64_t start; /* the first state's board code */
  uint64_t wins, losses, draws;
  uint64_t ends[3]; /* states ended, by their end code */
  int astray;       /* a move to no state of the graph, or an end code past 2 */
} Read;

/* Reads the graph of count states in reader, written in the wheel's
** format, into *r.  Returns 1 when every byte was read and no more. */
static int read_wheel_graph(uint32_t count, Read *r) {
  memset(r, 0, sizeof *r);
  for (uint32_t i = 0; i < count && !reader.short_read; i++, r->states++) {
    uint64_t board = next(), value = next(), k = next();
    if (i == 0) r->start = board;
    r->draws += value == 0;
    r->losses += value % 2 == 1;
    r->wins += value && value % 2 == 0;
    if (k == 0) {
      uint64_t end = next();
      if (end > 2) r->astray = 1;
      else r->ends[end]++;
    }
    for (uint64_t j = 0; j < k; j++) {
      uint64_t z = next();
      int64_t to = (int64_t)i + (z % 2 ? -(int64_t)(z / 2) - 1 : (int64_t)(z / 2));
      if (to < 0 || to >= (int64_t)count) r->astray = 1;
    }
  }
  return !reader.short_read && reader.at == reader.count;
}

/* --- graphs made by hand --- */

/* A graph of one state, p, that ends the game, with its value. */
typedef struct OneState {
  MetricsGraph g;
  uint64_t first[2];
  Position state[1];
  uint8_t outcome[1], value[1];
  uint16_t distance[1];
} OneState;

static void one_state(OneState *o, const Position *p, int value, int d) {
  memset(o, 0, sizeof *o);
  o->g = (MetricsGraph){.count = 1, .first = o->first, .state = o->state,
                        .outcome = o->outcome, .value = o->value,
                        .distance = o->distance};
  o->state[0] = *p;
  o->outcome[0] = OUTCOME_WHITE;
  o->value[0] = (uint8_t)value;
  o->distance[0] = (uint16_t)d;
}

/* The text of g under r, compared with want (NULL: a failure expected). */
static void written(const MetricsGraph *g, const Rules *r, const char *want) {
  char *text;
  size_t len;
  int hands;
  CHECK_INT(pagegraph_encode(g, r, &text, &len, &hands, err), SOLVER_OK);
  CHECK_STR(text, want);
  CHECK_INT(len, strlen(want));
  CHECK_INT(hands, 0);
  memory_realloc(text, 0);
}

/* Each length of base64's last group, varints of one and two bytes, the
** wheel's board code (the start: e = 8, the centre; black on arms 1-4,
** c = 15; side + 2 (e + 9 c) = 286, bytes 9e 02), a value won in 100
** plies (202: ca 01), the end code of a blocked side (0). */
static void test_by_hand(void) {
  Rules r;
  Position p;
  OneState o;
  CHECK_INT(rules_named(&r, "standard", 8, err), 0);
  board_start(&p, 8);
  one_state(&o, &p, VALUE_DRAW, 0); /* 9e 02 00 00 00 */
  written(&o.g, &r, "ngIAAAA=");
  one_state(&o, &p, VALUE_WIN, 100); /* 9e 02 ca 01 00 00 */
  written(&o.g, &r, "ngLKAQAA");
  one_state(&o, &p, VALUE_LOSS, 3); /* 9e 02 07 00 00 */
  written(&o.g, &r, "ngIHAAA=");
  /* white to move, the empty point arm 3 (e = 2): the arms above it
  ** shift down a bit, the centre (black here) is the last colour */
  Position q = p;
  q.side = WHITE;
  q.arms[BLACK] = 0x03;           /* arms 1, 2 */
  q.arms[WHITE] = 0xf8;           /* arms 4 to 8 */
  q.centre = BLACK;               /* colours: 1, 1, 0 x 5, 1 = 0x83 */
  one_state(&o, &q, VALUE_DRAW, 0); /* 1 + 2 (2 + 9 * 131) = 2363: bb 12 */
  written(&o.g, &r, "uxIAAAA=");
  /* no black piece, the centre empty: 2 (8 + 9 * 0) = 16, one byte */
  q = p;
  q.arms[BLACK] = 0;
  q.arms[WHITE] = 0xff;
  one_state(&o, &q, VALUE_DRAW, 0); /* 10 00 00 00 */
  written(&o.g, &r, "EAAAAA==");
}

/* --- whole games --- */

/* The graph of r's states from its start, solved: into *g and *s. */
static void graph_of(Rules *r, int arms, MetricsGraph *g, Solution *s,
                     Census *c) {
  Position start;
  CHECK_INT(rules_named(r, "standard", arms, err), 0);
  board_start(&start, arms);
  CHECK_INT(solver_solve(s, r, NULL, err), SOLVER_OK); /* the plain table */
  CHECK_INT(metrics_graph(g, s, r, &start, NULL, NULL, err), SOLVER_OK);
  CHECK_INT(solver_census(s, r, &start, NULL, c, NULL, NULL, NULL, err),
            SOLVER_OK);
}

/* Writes g under r and reads it back into *read.  Returns 1 when it read
** cleanly. */
static int round_trip(const MetricsGraph *g, const Rules *r, Read *read) {
  char *text;
  size_t len;
  int hands;
  CHECK_INT(pagegraph_encode(g, r, &text, &len, &hands, err), SOLVER_OK);
  CHECK_INT(hands, 0);
  CHECK_INT(len, strlen(text));
  int ok = unbase64(text, len) == 0 && read_wheel_graph(g->count, read);
  memory_realloc(text, 0);
  return ok;
}

/* A result hook: every state drawn (the graph's ends then say a rule
** ended them). */
static int always_drawn(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)p, (void)h;
  return OUTCOME_DRAW;
}

/* A result hook that fails. */
static int failing(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)p, (void)h;
  return RULES_EHOOK;
}

/* The standard game: 1,180 states, 208 won, 128 lost, 844 drawn; the
** start first; the ends are blocked sides, or a rule's with a result
** hook; a hook that fails fails the writing. */
static void test_standard(void) {
  Rules r;
  MetricsGraph g;
  Solution s;
  Census c;
  Read read;
  graph_of(&r, 8, &g, &s, &c);
  CHECK_INT(g.count, 1180);
  CHECK(round_trip(&g, &r, &read));
  CHECK_INT(read.states, 1180);
  CHECK_INT(read.start, 286);
  CHECK_INT(read.wins, 208);
  CHECK_INT(read.losses, 128);
  CHECK_INT(read.draws, 844);
  CHECK_INT(read.astray, 0);
  CHECK(read.ends[0] > 0);
  CHECK_INT(read.ends[1] + read.ends[2], 0);
  uint64_t ended = read.ends[0];
  /* asked again with a result hook, the ends are the rule's */
  TestHooks draws = {NULL, always_drawn, NULL};
  test_hooks_wire(&r, &draws);
  CHECK(round_trip(&g, &r, &read));
  CHECK_INT(read.ends[1], ended);
  CHECK_INT(read.ends[0], 0);
  TestHooks fails = {NULL, failing, NULL};
  test_hooks_wire(&r, &fails);
  char *text = (char *)&r;
  size_t len = 7;
  int hands;
  CHECK_INT(pagegraph_encode(&g, &r, &text, &len, &hands, err), SOLVER_EHOOK);
  CHECK(text == NULL);
  metrics_graph_free(&g);
  solver_free(&s);
}

/* 12 arms: 21,840 states, bytes past the first buffer; the tallies of the
** census; every allocation failing in turn gives a clean error and holds
** nothing, until the text is right. */
static void test_twelve_arms(void) {
  Rules r;
  MetricsGraph g;
  Solution s;
  Census c;
  Read read;
  graph_of(&r, 12, &g, &s, &c);
  CHECK_INT(g.count, c.reachable);
  CHECK(round_trip(&g, &r, &read));
  /* (its bytes between 128 and 256 KiB: the buffer of 64 KiB grew twice) */
  CHECK(reader.count > 1 << 17 && reader.count <= 1 << 18);
  CHECK_INT(read.states, c.reachable);
  CHECK_INT(read.wins, c.wins);
  CHECK_INT(read.losses, c.losses);
  CHECK_INT(read.draws, c.draws);
  CHECK_INT(read.astray, 0);
  size_t before = memory_in_use();
  int worked = 0;
  for (long k = 0; k < 20 && !worked; k++) {
    char *text;
    size_t len;
    int hands;
    memory_fail_after(k);
    int rc = pagegraph_encode(&g, &r, &text, &len, &hands, err);
    memory_fail_after(-1);
    if (rc == SOLVER_OK) {
      worked = 1;
      CHECK_INT(k, 4); /* the first buffer, two growths, the text */
      CHECK(unbase64(text, len) == 0 && read_wheel_graph(g.count, &read));
      CHECK_INT(read.wins, c.wins);
      memory_realloc(text, 0);
    } else {
      CHECK_INT(rc, SOLVER_ERROR);
      CHECK(strstr(err, "not enough memory") != NULL);
      CHECK(text == NULL);
    }
    CHECK_INT(memory_in_use(), before);
  }
  CHECK(worked);
  metrics_graph_free(&g);
  solver_free(&s);
}

int main(void) {
  test_by_hand();
  test_standard();
  test_twelve_arms();
  return harness_report();
}

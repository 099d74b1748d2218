/*
** fuzz_position.c — libFuzzer target: position and move text.  Whatever
** parses must format back to text that parses to the same position, and
** the rules must handle it (moves, their reasons, the outcome).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "rules.h"

/* The input as a C string (a copy with a terminating zero). */
static char *text_of(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* Checks what the rules say of a parsed position. */
static void exercise_rules(const Position *p) {
  Rules r;
  Move moves[RULES_MAX_MOVES];
  char err[BOARD_ERRMAX], why[BOARD_ERRMAX];
  for (int v = 0; rules_names[v]; v++) {
    if (rules_named(&r, rules_names[v], p->n, err)) abort();
    int k = rules_moves(&r, p, NULL, moves);
    if (k < 0 || k > RULES_MAX_MOVES || k != rules_param_count(&r, p)) abort();
    for (int i = 0; i < k; i++)
      if (rules_explain(&r, p, NULL, moves[i], why) != 1) abort();
    rules_outcome(&r, p, NULL, NULL);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = text_of(data, size);
  char err[BOARD_ERRMAX], buf[BOARD_POSMAX], again[BOARD_POSMAX];
  Position p, q;
  if (board_parse(&p, s, err) == 0) {
    board_format(&p, buf);
    if (board_parse(&q, buf, err) != 0) abort();
    if (memcmp(&p, &q, sizeof p) != 0) abort();
    if (strcmp(board_format(&q, again), buf) != 0) abort();
    exercise_rules(&p);
  }
  for (int n = 4; n <= 64; n += 30) {
    Move m;
    char text[BOARD_MOVEMAX];
    if (board_parse_move(&m, n, s, err) == 0) {
      Move back;
      if (board_parse_move(&back, n, board_format_move(m, text), err) != 0)
        abort();
      if (back.from != m.from || back.to != m.to) abort();
    }
  }
  free(s);
  return 0;
}

/*
** fuzz_record.c — libFuzzer target: game records.  Whatever parses and
** replays must write back to a record that replays to the same game.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "record.h"

/* Replays the written record of g and compares. */
static void round_trip(const Game *g, const Rules *r) {
  char err[BOARD_ERRMAX];
  char *text = record_write(g, NULL, 0);
  if (!text) abort();
  Record again;
  Game h;
  if (record_parse(&again, text, err) != 0) abort();
  if (record_replay(&again, r, &g->positions[0], &h, err) != GAME_OK) abort();
  if (h.length != g->length) abort();
  if (memcmp(game_position(&h), game_position(g), sizeof(Position)) != 0)
    abort();
  game_free(&h);
  record_free(&again);
  memory_realloc(text, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = '\0';
  Record rec;
  char err[BOARD_ERRMAX];
  if (record_parse(&rec, s, err) == 0) {
    for (int v = 0; rules_names[v]; v++) {
      Rules r;
      Position start;
      Game g;
      rules_named(&r, rules_names[v], 8, err);
      const char *pos = record_tag(&rec, "Position");
      if (!pos || board_parse(&start, pos, err) != 0) board_start(&start, 8);
      if (start.n != 8) board_start(&start, 8);
      if (record_replay(&rec, &r, &start, &g, err) == GAME_OK) {
        round_trip(&g, &r);
        game_free(&g);
      }
    }
  }
  record_free(&rec);
  free(s);
  if (memory_in_use() != 0) abort(); /* nothing leaks */
  return 0;
}

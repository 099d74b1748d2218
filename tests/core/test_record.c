/*
** test_record.c — game records: round trips of random games of every
** variant, and one test per class of malformed record.
*/
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "memory.h"
#include "random_position.h"
#include "record.h"

/* Plays a random game of a variant (up to plies moves). */
static void random_game(Game *g, const char *variant, int n, const char *pos,
                        int plies, uint64_t *seed) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, variant, n, err);
  if (pos)
    board_parse(&p, pos, err);
  else
    board_start(&p, n);
  game_init(g, &r, &p, err);
  Move moves[RULES_MAX_MOVES];
  int k;
  while (g->length < plies && (k = game_moves(g, moves)) > 0)
    game_play(g, moves[test_random(seed) % (uint64_t)k], err);
}

static void test_round_trips(void) {
  uint64_t seed = 17;
  for (int v = 0; rules_names[v]; v++)
    for (int n = 4; n <= 16; n += 6)
      for (int i = 0; i < 20; i++) {
        Game g, h;
        Record rec;
        char err[BOARD_ERRMAX];
        random_game(&g, rules_names[v], n, NULL, 300, &seed);
        RecordTag tags[2] = {{"Variant", ""}, {"Black", "a \"quoted\" name"}};
        snprintf(tags[0].value, sizeof tags[0].value, "%s", rules_names[v]);
        char *text = record_write(&g, tags, 2);
        CHECK(text != NULL);
        if (!CHECK_INT(record_parse(&rec, text, err), 0))
          fprintf(stderr, "%s\n", err);
        CHECK_STR(record_tag(&rec, "Black"), "a \"quoted\" name");
        CHECK_STR(record_tag(&rec, "Result"), record_result_of(&g));
        CHECK_INT(rec.move_count, g.length);
        if (!CHECK_INT(record_replay(&rec, &g.rules, &g.positions[0], &h, err),
                       GAME_OK))
          fprintf(stderr, "%s\n%s\n", err, text);
        else {
          CHECK_INT(h.length, g.length);
          CHECK(memcmp(game_position(&h), game_position(&g),
                       sizeof(Position)) == 0);
          CHECK_INT(game_outcome(&h, NULL), game_outcome(&g, NULL));
          game_free(&h);
        }
        record_free(&rec);
        memory_realloc(text, 0);
        game_free(&g);
      }
}

/* Tag values with quotes and backslashes (one at the end, one before a
** quote, two in a row) are written escaped and read back as they were. */
static void test_escaped_values(void) {
  static const char *const values[] = {
      "back\\slash", "ends with \\",   "\\\"", "a \"quote\" and \\ too",
      "\\\\",        "\"\"",             "\\n is not a line break", ""};
  Game g;
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  game_init(&g, &r, &p, err);
  for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
    RecordTag tags[1] = {{"Event", ""}};
    snprintf(tags[0].value, sizeof tags[0].value, "%s", values[i]);
    char *text = record_write(&g, tags, 1);
    Record rec;
    CHECK(text != NULL);
    if (!CHECK_INT(record_parse(&rec, text, err), 0))
      fprintf(stderr, "%s\n%s\n", err, text);
    else if (!CHECK_STR(record_tag(&rec, "Event"), values[i]))
      fprintf(stderr, "%s\n", text);
    record_free(&rec);
    memory_realloc(text, 0);
  }
  game_free(&g);
}

static void test_forms(void) {
  Game g;
  Record rec;
  char err[BOARD_ERRMAX];
  uint64_t seed = 1;
  random_game(&g, "standard", 8, "bbb.wwww/b w 1", 3, &seed);
  char *text = record_write(&g, NULL, 0);
  CHECK(strstr(text, "1... 5-4 2. c-5") != NULL); /* white moved first */
  memory_realloc(text, 0);
  game_free(&g);
  const char *forms = "; a comment line\n"
                      "[Variant \"standard\"] [Black \"x\"]\n"
                      "{ a comment\n over two lines }\n"
                      "1.4-c 5-4 {why not} 2. c-5 ; to the end\n"
                      "*\n";
  CHECK_INT(record_parse(&rec, forms, err), 0);
  CHECK_INT(rec.move_count, 3);
  CHECK_STR(record_move_text(&rec, 0), "4-c");
  CHECK_INT(rec.moves[2].line, 5);
  CHECK_STR(rec.result, "*");
  record_free(&rec);
  CHECK_INT(record_parse(&rec, "", err), 0);
  CHECK_INT(rec.move_count, 0);
  record_free(&rec);
}

/* Parses text and checks that it fails with want in the message. */
static void expect_syntax_error(const char *text, const char *want) {
  Record rec;
  char err[BOARD_ERRMAX] = "";
  CHECK_INT(record_parse(&rec, text, err), -1);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  \"%s\": \"%s\", want \"%s\"\n", text, err, want);
  record_free(&rec);
}

/* Parses and replays text on the standard 8-arm start; checks the error. */
static void expect_replay_error(const char *text, const char *want) {
  Record rec;
  Rules r;
  Position p;
  Game g;
  char err[BOARD_ERRMAX] = "";
  rules_named(&r, "standard", 8, err);
  board_start(&p, 8);
  CHECK_INT(record_parse(&rec, text, err), 0);
  CHECK_INT(record_replay(&rec, &r, &p, &g, err), GAME_ERROR);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  \"%s\": \"%s\", want \"%s\"\n", text, err, want);
  record_free(&rec);
}

static void test_malformed(void) {
  expect_syntax_error("1. 4-c {never closed\n",
                      "line 1: a comment { is never closed");
  expect_syntax_error("[Variant standard]\n",
                      "line 1: a tag reads [Name \"value\"]");
  expect_syntax_error("[ \"x\"]\n", "a tag reads");
  expect_syntax_error("[Variant \"standard\" x]\n", "a tag reads");
  expect_syntax_error("[Variant \"stan\n",
                      "line 1: a tag's value is never closed");
  expect_syntax_error("[A \"1\"]\n[A \"2\"]\n", "line 2: a second tag 'A'");
  char many[4096] = "";
  for (int i = 0; i < 70; i++) {
    char t[32];
    snprintf(t, sizeof t, "[T%d \"x\"]\n", i);
    strcat(many, t);
  }
  expect_syntax_error(many, "line 65: too many tags");
  char long_value[RECORD_VALUEMAX + 20];
  memset(long_value, 'x', sizeof long_value);
  memcpy(long_value, "[A \"", 4);
  strcpy(long_value + RECORD_VALUEMAX + 10, "\"]");
  expect_syntax_error(long_value, "a tag's value is too long");
  expect_syntax_error("1. 4-c 1-0 5-4\n",
                      "line 1: text after the result: '5-4'");
  expect_syntax_error("1. 4-c\n2.. 5-4\n", "line 2: a move number reads");
  expect_syntax_error("1. hello\n", "line 1: not a move: 'hello'");
  expect_syntax_error("1. x+y\n", "not a move: 'x+y'");
  expect_syntax_error("1. 4-\n", "not a move: '4-'");
  static char long_move[BOARD_MOVEMAX + 16] = "1. ";
  memset(long_move + 3, '7', BOARD_MOVEMAX);
  strcpy(long_move + 3 + BOARD_MOVEMAX, "-c\n");
  expect_syntax_error(long_move, "not a move: '7777777777");
  expect_syntax_error("1. @3 c-@ pass\n", "not a move: 'c-@'");
  expect_syntax_error("1. 3- \n", "not a move: '3-'");
  expect_syntax_error("1. 3--4\n", "not a move: '3--4'");
  expect_replay_error("1. 4-c 5-4 2. 3-4\n",
                      "move 3 (line 1): illegal move 3-4");
  expect_replay_error("1. 4-c\n5-4\n2. c-9\n",
                      "move 3 (line 3): bad move: there is no arm 9");
  expect_replay_error("[Result \"2-0\"]\n", "the Result tag \"2-0\" is not");
  expect_replay_error("[Result \"1-0\"]\n1. 4-c 0-1\n",
                      "differs from the Result tag 1-0");
  /* a game that ends in a draw by repetition, claimed as a win */
  uint64_t seed = 2;
  for (int tries = 0; tries < 1000; tries++) {
    Game g;
    int reason;
    random_game(&g, "standard", 8, NULL, 500, &seed);
    if (game_outcome(&g, &reason) == OUTCOME_DRAW) {
      RecordTag claim[1] = {{"Result", "1-0"}};
      char *text = record_write(&g, claim, 1);
      char *token = strstr(text, "1/2-1/2\n"); /* only the tag claims */
      if (token) *token = '\0';
      expect_replay_error(
          text, "the moves end the game 1/2-1/2 but the record says 1-0");
      memory_realloc(text, 0);
      game_free(&g);
      break;
    }
    game_free(&g);
  }
}

static void test_start_errors(void) {
  Record rec;
  Rules r;
  Position p;
  Game g;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_start(&p, 10);
  record_parse(&rec, "1. 5-c\n", err);
  CHECK_INT(record_replay(&rec, &r, &p, &g, err), GAME_ERROR);
  CHECK(strstr(err, "the start position: the position has 10 arms") != NULL);
  record_free(&rec);
}

static void test_allocation_failures(void) {
  char text[8192] = "";
  for (int i = 0; i < 300; i++) strcat(text, i % 2 ? "5-4 " : "4-c ");
  int failures = 0;
  for (long k = 0; k < 8; k++) {
    Record rec;
    char err[BOARD_ERRMAX];
    memory_fail_after(k);
    if (record_parse(&rec, text, err)) {
      failures++;
      CHECK(strstr(err, "not enough memory") != NULL);
    }
    memory_fail_after(-1);
    record_free(&rec);
  }
  CHECK(failures >= 3);
  Game g;
  uint64_t seed = 3;
  random_game(&g, "standard", 8, NULL, 200, &seed);
  memory_fail_after(0);
  CHECK(record_write(&g, NULL, 0) == NULL);
  memory_fail_after(-1);
  game_free(&g);
}

int main(void) {
  test_escaped_values();
  test_round_trips();
  test_forms();
  test_malformed();
  test_start_errors();
  test_allocation_failures();
  return harness_report();
}

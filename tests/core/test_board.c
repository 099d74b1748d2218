/*
** test_board.c — position and move notation: round trips on every board
** size, and one test per class of malformed text.
*/
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "movetext.h"
#include "harness.h"
#include "random_position.h"

/* Parses text and checks that it fails with an error containing want. */
static void expect_bad_position(const char *text, const char *want) {
  Position p, before;
  char err[BOARD_ERRMAX] = "";
  board_start(&p, 8);
  before = p;
  CHECK_INT(board_parse(&p, text, err), -1);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  text \"%s\": error \"%s\", want \"%s\"\n", text, err,
            want);
  CHECK(memcmp(&p, &before, sizeof p) == 0); /* left unchanged */
}

/* Parses move text on n arms and checks the error. */
static void expect_bad_move(int n, const char *text, const char *want) {
  Move m = move_of(7, 7);
  char err[BOARD_ERRMAX] = "";
  CHECK_INT(movetext_parse(NULL, n, text, &m, err), -1);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  move \"%s\": error \"%s\", want \"%s\"\n", text, err,
            want);
  CHECK(m.from == 7 && m.to == 7);
}

static void test_start(void) {
  Position p;
  char buf[BOARD_POSMAX];
  board_start(&p, 8);
  CHECK_STR(board_format(&p, buf), "bbbbwwww/. b");
  board_start(&p, 4);
  CHECK_STR(board_format(&p, buf), "bbww/. b");
  board_start(&p, 64);
  CHECK_INT(strlen(board_format(&p, buf)), 64 + 4);
  CHECK_INT(board_empty_point(&p), BOARD_CENTRE);
  CHECK_INT(board_at(&p, 0), BLACK);
  CHECK_INT(board_at(&p, 63), WHITE);
}

static void test_round_trips(void) {
  uint64_t seed = 12345;
  char buf[BOARD_POSMAX], again[BOARD_POSMAX], err[BOARD_ERRMAX];
  for (int n = BOARD_MIN_ARMS; n <= BOARD_MAX_ARMS; n += 2) {
    for (int i = 0; i < 200; i++) {
      Position p = random_position(n, &seed), q;
      p.ply = (uint32_t)(i % 3 == 0 ? 0 : i * 7919 % 100000);
      board_format(&p, buf);
      if (!CHECK_INT(board_parse(&q, buf, err), 0))
        fprintf(stderr, "%s\n", err);
      CHECK(memcmp(&p, &q, sizeof p) == 0);
      CHECK_STR(board_format(&q, again), buf);
      CHECK_INT(board_check(&p, err), 0);
    }
  }
}

static void test_parse_forms(void) {
  Position p;
  char err[BOARD_ERRMAX], buf[BOARD_POSMAX];
  CHECK_INT(board_parse(&p, "bbb.wwww/b w 7", err), 0);
  CHECK_INT(p.ply, 7);
  CHECK_INT(board_empty_point(&p), 3);
  CHECK_INT(p.centre, BLACK);
  CHECK_INT(p.side, WHITE);
  CHECK_INT(board_parse(&p, "  bbbbwwww/. b  ", err), 0);
  CHECK_STR(board_format(&p, buf), "bbbbwwww/. b");
  CHECK_INT(board_parse(&p, "bbbbwwww/. b 0", err), 0);
  CHECK_STR(board_format(&p, buf), "bbbbwwww/. b");
}

static void test_bad_positions(void) {
  expect_bad_position("", "empty text");
  expect_bad_position("   ", "empty text");
  expect_bad_position("bbbbwwww", "the side to move is missing: after the 8 "
                                  "points, a space and b or w");
  expect_bad_position("bb.ww", "the side to move is missing");
  expect_bad_position("bbbbwwww . b", "expected '/'");
  expect_bad_position("bbxbwwww/. b", "arm 3 is 'x'");
  expect_bad_position("bbBbwwww/. b", "arm 3 is 'B'");
  expect_bad_position("bb\tbwwww/. b", "arm 3 is \\x09");
  expect_bad_position("bbbwwww/. b", "7 arms");
  expect_bad_position("bw/. b", "2 arms");
  expect_bad_position("/. b", "0 arms");
  expect_bad_position("bbbbwwww/x b", "the centre is 'x'");
  expect_bad_position("bbbbwwww/", "the centre is end of text");
  expect_bad_position("bbbbwwww/.", "expected a space");
  expect_bad_position("bbbbwwww/.b", "expected a space");
  expect_bad_position("bbbbwwww/. x", "side to move is 'x'");
  expect_bad_position("bbbbwwww/. ", "side to move is end of text");
  expect_bad_position("bbbbwwww/. black", "side to move");
  expect_bad_position("bbbbwwww/. b x", "the ply must be a number");
  expect_bad_position("bbbbwwww/. b -1", "the ply must be a number from 0 to "
                                         "999999999, found \"-1\"");
  /* (issue 33) a long token cut and said to be; a ply of 23 digits */
  expect_bad_position("bbbbwwww/. b 99999999999999999999999",
                      "found \"99999999999999999999...\"");
  expect_bad_position("bbbbwwww/. b 12345678901234567890",
                      "found \"12345678901234567890\"");
  expect_bad_position("bbbbwwww/. b 12x", "the ply must be a number");
  expect_bad_position("bbbbwwww/. b 1000000000", "the ply must be a number");
  expect_bad_position("bbbbwwww/. b 99999999999999999999", "the ply must be");
  expect_bad_position("bbbbwwww/. b 1 2", "the ply must be a number");
  expect_bad_position("bbbbbwww/. b", "5 black pieces");
  expect_bad_position("bbbbwwww/b b", "5 black pieces");
  expect_bad_position("bbbwwwww/. b", "5 white pieces");
  expect_bad_position("bbbbwwww/w b", "5 white pieces");
  expect_bad_position("bbb.w.../. 2/4 b", "3 black pieces on the board and 2 in hand");
  expect_bad_position("bbbbwwww/. 0/1 w", "4 white pieces on the board and 1 in hand");
  expect_bad_position("bb.ww 9/0 b", "bad position: 9 black pieces in hand");
  expect_bad_position("bbbbwwww/. 4 b", "the hands are \"4\" (");
  expect_bad_position("bbbbwwww/. 4/ b", "the hands are \"4/\" (");
  expect_bad_position("bbbbwwww/. 100/1 b", "the hands are");
  expect_bad_position("bbbbwwwwb/. b", "9 arms");
  char big[200];
  memset(big, 'b', 100);
  strcpy(big + 100, "/. b");
  expect_bad_position(big, "more than 64 arms");
  CHECK_INT(board_parse(&(Position){0}, NULL, (char[BOARD_ERRMAX]){0}), -1);
}

static void test_moves(void) {
  Move m;
  char err[BOARD_ERRMAX], buf[BOARD_MOVEMAX];
  CHECK_INT(movetext_parse(NULL, 8, "4-c", &m, err), 0);
  CHECK(m.from == 3 && m.to == BOARD_CENTRE);
  CHECK_STR(movetext_format(NULL, m, buf), "4-c");
  CHECK_INT(movetext_parse(NULL, 8, "c-5", &m, err), 0);
  CHECK(m.from == BOARD_CENTRE && m.to == 4);
  { /* more names than a move can hold (every point and two): refused,
    ** nothing written past the reading's lists (fuzz_position found it) */
    char many[300] = "1";
    for (int i = 0; i < 70; i++) strcat(many, i % 2 ? "x1" : "x2");
    CHECK_INT(movetext_parse(NULL, 64, many, &m, err), -1);
  }
  CHECK_INT(movetext_parse(NULL, 8, " 3-2 ", &m, err), 0);
  CHECK_STR(movetext_format(NULL, m, buf), "3-2");
  CHECK_INT(movetext_parse(NULL, 8, "C-8", &m, err), 0);
  CHECK_STR(movetext_format(NULL, m, buf), "c-8");
  for (int n = 4; n <= 64; n += 2)
    for (int a = 0; a <= n; a++)
      for (int b = 0; b <= n; b++) {
        if (a == b) continue;
        Move x = move_of(a == n ? BOARD_CENTRE : a, b == n ? BOARD_CENTRE : b),
             y;
        movetext_format(NULL, x, buf);
        CHECK_INT(movetext_parse(NULL, n, buf, &y, err), 0);
        CHECK(x.from == y.from && x.to == y.to);
      }
  expect_bad_move(8, "", "the from point is end of text");
  expect_bad_move(8, "x-1", "the from point is 'x'");
  expect_bad_move(8, "4c", "expected '-'");
  expect_bad_move(8, "4_c", "expected '-'");
  expect_bad_move(8, "4-", "the to point is end of text");
  expect_bad_move(8, "4-x", "the to point is 'x'");
  expect_bad_move(8, "9-c", "there is no arm 9");
  expect_bad_move(8, "0-c", "there is no arm 0");
  expect_bad_move(8, "c-123456789", "there is no arm 123456... (the board");
  expect_bad_move(8, "4-4", "the same point");
  expect_bad_move(8, "c-c", "the same point");
  expect_bad_move(8, "4-c x", "unexpected 'x'");
  expect_bad_move(8, "4-c-5", "unexpected '-'");
  CHECK_INT(movetext_parse(NULL, 8, NULL, &m, err), -1);
}

static void test_same_and_hash(void) {
  Position a, b;
  char err[BOARD_ERRMAX];
  board_parse(&a, "bbb.wwww/b w 3", err);
  board_parse(&b, "bbb.wwww/b w 11", err);
  CHECK(board_same(&a, &b));
  CHECK(board_hash(&a) == board_hash(&b));
  board_parse(&b, "bbb.wwww/b b 3", err);
  CHECK(!board_same(&a, &b));
  CHECK(board_hash(&a) != board_hash(&b));
}

/* board_check on structs that no text can give (the C API's misuse). */
static void test_check_structs(void) {
  Position p;
  char err[BOARD_ERRMAX];
  board_start(&p, 8);
  p.n = 9;
  CHECK_INT(board_check(&p, err), -1);
  CHECK(strstr(err, "9 arms") != NULL);
  board_start(&p, 8);
  p.arms[WHITE] |= 1; /* a point with two pieces */
  CHECK_INT(board_check(&p, err), -1);
  CHECK(strstr(err, "corrupt piece masks") != NULL);
  board_start(&p, 8);
  p.arms[BLACK] |= (uint64_t)1 << 9; /* a piece beyond the arms */
  CHECK_INT(board_check(&p, err), -1);
  board_start(&p, 8);
  p.side = 2;
  CHECK_INT(board_check(&p, err), -1);
  CHECK(strstr(err, "no side to move") != NULL);
  board_start(&p, 8);
  p.ply = BOARD_MAX_PLY + 1;
  CHECK_INT(board_check(&p, err), -1);
  CHECK(strstr(err, "too large") != NULL);
}

int main(void) {
  test_check_structs();
  test_start();
  test_round_trips();
  test_parse_forms();
  test_bad_positions();
  test_moves();
  test_same_and_hash();
  return harness_report();
}

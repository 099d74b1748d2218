/*
** test_game.c — games in progress: random games undone to the start,
** redo, results by block, repetition and cap, illegal moves, the last
** ply, hook failures and allocation failures that change nothing.
*/
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "harness.h"
#include "movetext.h"
#include "hooks.h"
#include "memory.h"
#include "random_position.h"

/* Plays move text in g; checks that it is accepted. */
static void play(Game *g, const char *text) {
  Move m;
  char err[BOARD_ERRMAX];
  CHECK_INT(movetext_parse(NULL, g->rules.arms, text, &m, err), 0);
  if (!CHECK_INT(game_play(g, m, err), GAME_OK))
    fprintf(stderr, "  %s: %s\n", text, err);
}

/* Plays move text in g; checks that it is refused with want in the
** message and that the game did not change. */
static void refuse(Game *g, const char *text, const char *want) {
  Move m;
  char err[BOARD_ERRMAX] = "", before[BOARD_POSMAX], after[BOARD_POSMAX];
  int length = g->length, top = g->top;
  board_format(game_position(g), before);
  CHECK_INT(movetext_parse(NULL, g->rules.arms, text, &m, err), 0);
  CHECK_INT(game_play(g, m, err), GAME_ERROR);
  if (!CHECK(strstr(err, want) != NULL))
    fprintf(stderr, "  %s: \"%s\", want \"%s\"\n", text, err, want);
  CHECK_STR(board_format(game_position(g), after), before);
  CHECK_INT(g->length, length);
  CHECK_INT(g->top, top);
}

/* Starts g on the named variant from the start or from position text. */
static void start(Game *g, const char *variant, int n, const char *pos) {
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  CHECK_INT(rules_named(&r, variant, n, err), 0);
  if (pos)
    CHECK_INT(board_parse(&p, pos, err), 0);
  else
    board_start(&p, n);
  CHECK_INT(game_init(g, &r, &p, err), GAME_OK);
}

static void test_random_games_undo(void) {
  uint64_t seed = 7;
  for (int v = 0; rules_names[v]; v++)
    for (int n = 4; n <= 20; n += 4)
      for (int round = 0; round < 20; round++) {
        Game g;
        Move moves[RULES_MAX_MOVES], played[400];
        start(&g, rules_names[v], n, NULL);
        Position first = *game_position(&g);
        int k, plies = 0;
        while (plies < 400 && (k = game_moves(&g, moves)) > 0) {
          Move m = moves[test_random(&seed) % (uint64_t)k];
          char err[BOARD_ERRMAX];
          CHECK_INT(game_play(&g, m, err), GAME_OK);
          played[plies++] = m;
        }
        CHECK_INT(g.length, plies);
        for (int i = 0; i < plies; i++)
          CHECK(g.moves[i].from == played[i].from &&
                g.moves[i].to == played[i].to);
        Position last = *game_position(&g);
        int outcome = game_outcome(&g, NULL);
        while (game_undo(&g) == GAME_OK) {
        }
        CHECK(memcmp(game_position(&g), &first, sizeof first) == 0);
        CHECK_INT(g.length, 0);
        CHECK_INT(game_outcome(&g, NULL), OUTCOME_NONE);
        while (game_redo(&g) == GAME_OK) {
        }
        CHECK_INT(g.length, plies);
        CHECK(memcmp(game_position(&g), &last, sizeof last) == 0);
        CHECK_INT(game_outcome(&g, NULL), outcome);
        game_free(&g);
      }
}

static void test_redo_rules(void) {
  Game g;
  char buf[BOARD_POSMAX];
  start(&g, "standard", 8, NULL);
  CHECK_INT(game_redo(&g), GAME_ERROR);
  CHECK_INT(game_undo(&g), GAME_ERROR);
  play(&g, "4-c");
  play(&g, "5-4");
  play(&g, "c-5");
  CHECK_STR(board_format(game_position(&g), buf), "bbbwbwww/. w 3");
  game_undo(&g);
  game_undo(&g);
  play(&g, "5-4"); /* the same move as the redo head keeps the redo list */
  CHECK_INT(g.top, 3);
  CHECK_INT(game_redo(&g), GAME_OK);
  CHECK_STR(board_format(game_position(&g), buf), "bbbwbwww/. w 3");
  while (game_undo(&g) == GAME_OK) {
  }
  play(&g, "1-c"); /* another move drops the redo list */
  CHECK_INT(g.top, 1);
  CHECK_INT(game_redo(&g), GAME_ERROR);
  CHECK_STR(board_format(game_position(&g), buf), ".bbbwwww/b w 1");
  game_free(&g);
}

static void test_results(void) {
  Game g;
  int reason;
  Move moves[RULES_MAX_MOVES];
  /* white plays 5-4: black's empty arm 5 then lies between white pieces
  ** and white holds the centre */
  start(&g, "standard", 8, "bbb.wwwb/w w");
  CHECK_INT(game_outcome(&g, &reason), OUTCOME_NONE);
  play(&g, "5-4");
  CHECK_INT(game_outcome(&g, &reason), OUTCOME_WHITE);
  CHECK_INT(reason, REASON_BLOCKED);
  CHECK_INT(game_moves(&g, moves), 0);
  refuse(&g, "c-5", "the game is over (white won by blocked)");
  game_free(&g);
  start(&g, "misere", 8, "bbb.wwwb/w w");
  play(&g, "5-4");
  CHECK_INT(game_outcome(&g, &reason), OUTCOME_BLACK);
  game_free(&g);
}

/* The first index at which some position occurs for the k-th time among
** positions[0..last], or -1. */
static int first_kth_occurrence(const Game *g, int last, int k) {
  for (int i = 0; i <= last; i++) {
    int seen = 0;
    for (int j = 0; j <= i; j++)
      seen += board_same(&g->positions[j], &g->positions[i]);
    if (seen >= k) return i;
  }
  return -1;
}

static void test_repetition(void) {
  int repetitions = 0;
  uint64_t seed = 11;
  for (int limit = 2; limit <= 4; limit++)
    for (int round = 0; round < 200; round++) {
      Game g;
      Rules r;
      Position p;
      Move moves[RULES_MAX_MOVES];
      char err[BOARD_ERRMAX];
      int k, reason;
      rules_named(&r, "standard", 8, err);
      r.repetition = limit;
      board_start(&p, 8);
      game_init(&g, &r, &p, err);
      while ((k = game_moves(&g, moves)) > 0)
        game_play(&g, moves[test_random(&seed) % (uint64_t)k], err);
      int outcome = game_outcome(&g, &reason);
      int first = first_kth_occurrence(&g, g.length, limit);
      if (reason == REASON_REPETITION) {
        repetitions++;
        CHECK_INT(outcome, OUTCOME_DRAW);
        CHECK_INT(game_repetitions(&g), limit);
        CHECK_INT(first, g.length); /* not missed earlier */
      } else {
        CHECK_INT(reason, REASON_BLOCKED);
        CHECK_INT(first, -1);
      }
      game_free(&g);
    }
  CHECK(repetitions > 100);
}

static void test_cap(void) {
  Game g;
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  int reason;
  rules_named(&r, "standard", 8, err);
  r.max_plies = 2;
  board_start(&p, 8);
  CHECK_INT(game_init(&g, &r, &p, err), GAME_OK);
  play(&g, "4-c");
  CHECK_INT(game_outcome(&g, &reason), OUTCOME_NONE);
  play(&g, "5-4");
  CHECK_INT(game_outcome(&g, &reason), OUTCOME_DRAW);
  CHECK_INT(reason, REASON_CAP);
  refuse(&g, "c-5", "drawn by the ply cap");
  game_undo(&g);
  CHECK_INT(game_outcome(&g, &reason), OUTCOME_NONE);
  game_free(&g);
}

static void test_illegal(void) {
  Game g;
  start(&g, "standard", 8, NULL);
  refuse(&g, "2-c", "illegal move 2-c: the flank rule");
  refuse(&g, "5-c", "illegal move 5-c: arm 5 holds a white piece");
  refuse(&g, "1-2", "illegal move 1-2: arm 2 is occupied");
  refuse(&g, "c-1", "illegal move c-1: the centre is empty");
  play(&g, "4-c");
  refuse(&g, "3-4", "arm 3 holds a black piece and white is to move");
  refuse(&g, "6-4", "arm 4 is not next to arm 6");
  game_free(&g);
}

/* (issue 33) A game stops at the last ply a position's text holds: a move
** past it is refused, and every position it reached reads back. */
static void test_last_ply(void) {
  Game g;
  Position back;
  char text[BOARD_POSMAX], err[BOARD_ERRMAX];
  start(&g, "standard", 8, "bbbbwwww/. b 999999998");
  play(&g, "4-c");
  CHECK_STR(board_format(game_position(&g), text), "bbb.wwww/b w 999999999");
  CHECK_INT(board_parse(&back, text, err), 0);
  refuse(&g, "5-4", "illegal move 5-4: the game is at ply 999999999, the last "
                    "a position holds: no move is played past it");
  refuse(&g, "3-4", "arm 3 holds a black piece"); /* the move's own reason */
  game_free(&g);
}

static void test_init_errors(void) {
  Game g;
  Rules r;
  Position p;
  char err[BOARD_ERRMAX];
  rules_named(&r, "standard", 8, err);
  board_start(&p, 10);
  CHECK_INT(game_init(&g, &r, &p, err), GAME_ERROR);
  CHECK(strstr(err, "the position has 10 arms but the variant has 8") != NULL);
  board_start(&p, 8);
  p.arms[BLACK] |= 1u << 7;
  CHECK_INT(game_init(&g, &r, &p, err), GAME_ERROR);
  CHECK(strstr(err, "bad position") != NULL);
}

static int hook_fail;

static int hook_allow(void *ctx, const Position *p, const History *h, Move m) {
  (void)ctx, (void)p, (void)h, (void)m;
  return hook_fail ? RULES_EHOOK : 1;
}

static void test_hook_failure_keeps_game(void) {
  Game g;
  Rules r;
  Position p;
  char err[BOARD_ERRMAX], before[BOARD_POSMAX], after[BOARD_POSMAX];
  rules_named(&r, "standard", 8, err);
  TestHooks hooks = {hook_allow, NULL, NULL};
  test_hooks_wire(&r, &hooks);
  board_start(&p, 8);
  hook_fail = 1;
  CHECK_INT(game_init(&g, &r, &p, err), GAME_EHOOK);
  hook_fail = 0;
  CHECK_INT(game_init(&g, &r, &p, err), GAME_OK);
  play(&g, "4-c");
  board_format(game_position(&g), before);
  hook_fail = 1;
  Move m = move_of(4, 3);
  CHECK_INT(game_play(&g, m, err), GAME_EHOOK);
  Move moves[RULES_MAX_MOVES];
  CHECK_INT(game_moves(&g, moves), GAME_EHOOK);
  CHECK_STR(board_format(game_position(&g), after), before);
  CHECK_INT(g.length, 1);
  hook_fail = 0;
  game_free(&g);
}

static void test_allocation_failures(void) {
  /* every allocation of a 100-move game made to fail in turn: each failure
  ** is reported and leaves the game as it was */
  int failures = 0;
  for (long k = 0; k < 40; k++) {
    Game g;
    Rules r;
    Position p;
    char err[BOARD_ERRMAX];
    rules_named(&r, "standard", 16, err);
    r.repetition = 0;
    board_start(&p, 16);
    memory_fail_after(k);
    if (game_init(&g, &r, &p, err) != GAME_OK) {
      CHECK(strstr(err, "not enough memory") != NULL);
      failures++;
      continue;
    }
    uint64_t seed = 5;
    for (int i = 0; i < 200; i++) {
      Move moves[RULES_MAX_MOVES];
      int n = game_moves(&g, moves);
      if (n <= 0) break;
      int before = g.length, first = (int)(test_random(&seed) % (uint64_t)n);
      for (int j = 0; j < n; j++) { /* a move that does not end the game */
        Move m = moves[(first + j) % n];
        if (game_play(&g, m, err)) {
          CHECK(strstr(err, "not enough memory") != NULL);
          CHECK_INT(g.length, before);
          failures++;
          break;
        }
        if (game_outcome(&g, NULL) == OUTCOME_NONE || j == n - 1) break;
        game_undo(&g);
      }
    }
    memory_fail_after(0);
    Game failed;
    CHECK_INT(game_copy(&failed, &g, err), GAME_ERROR);
    CHECK(strstr(err, "not enough memory") != NULL);
    memory_fail_after(-1);
    Game copy;
    CHECK_INT(game_copy(&copy, &g, err), GAME_OK);
    CHECK_INT(copy.length, g.length);
    CHECK(memcmp(game_position(&copy), game_position(&g), sizeof(Position)) ==
          0);
    game_free(&copy);
    game_free(&g);
  }
  CHECK_INT(failures, 20);
}

int main(void) {
  test_random_games_undo();
  test_redo_rules();
  test_results();
  test_repetition();
  test_cap();
  test_illegal();
  test_last_ply();
  test_init_errors();
  test_hook_failure_keeps_game();
  test_allocation_failures();
  return harness_report();
}

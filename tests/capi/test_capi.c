/*
** test_capi.c — the C library as a program that embeds it sees it: only
** mutorere.h, linked with libmutorere.  Every function, its errors (a
** clear message, nothing changed), the built-in variants' move counts,
** variants from rule fields, from Lua files and shipped scripts, and the
** solution checked state by state against its own definition (a win has a
** move to a loss, ...) over every state reachable from the start, with
** the published figures of the standard game.
**
** usage: test_capi SCRATCH_DIR (where it writes variant files)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutorere.h"

#include "check.h"

static const char *scratch;

/* The game's position as text (in a static buffer). */
static const char *position_of(const mutorere_game *g) {
  static char text[MUTORERE_POSITION_MAX];
  if (mutorere_game_position(g, text, sizeof text)) return "(error)";
  return text;
}

/* The legal moves of g as text, separated by spaces (static buffer). */
static const char *moves_of(const mutorere_variant *v, const mutorere_game *g) {
  static char text[MUTORERE_MAX_MOVES * MUTORERE_MOVE_MAX];
  mutorere_move moves[MUTORERE_MAX_MOVES];
  char one[MUTORERE_MOVE_MAX];
  int k = -1;
  text[0] = '\0';
  if (mutorere_game_moves(g, moves, &k)) return "(error)";
  for (int i = 0; i < k; i++) {
    if (mutorere_move_text(v, moves[i], one, sizeof one)) return "(error)";
    if (i) strcat(text, " ");
    strcat(text, one);
  }
  return text;
}

/* Plays move text on g; returns the status. */
static int play(const mutorere_variant *v, mutorere_game *g, const char *text) {
  mutorere_move m;
  int rc = mutorere_move_parse(v, text, &m);
  return rc ? rc : mutorere_game_play(g, m);
}

/* Perft 1..depth of the start of v, as text ("2 2 2 6"). */
static const char *perfts(const mutorere_variant *v, int depth) {
  static char text[256];
  mutorere_game *g = NULL;
  text[0] = '\0';
  if (mutorere_game_new(v, NULL, &g)) return mutorere_last_error();
  for (int d = 1; d <= depth; d++) {
    uint64_t n;
    if (mutorere_perft(g, d, NULL, NULL, &n)) {
      mutorere_game_free(g);
      g = NULL;
      return mutorere_last_error();
    }
    snprintf(text + strlen(text), sizeof text - strlen(text), "%s%llu",
             d > 1 ? " " : "", (unsigned long long)n);
  }
  mutorere_game_free(g);
  g = NULL;
  return text;
}

/* Writes a scratch file name with text; returns its path (static). */
static const char *scratch_file(const char *name, const char *text) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/%s", scratch, name);
  FILE *f = fopen(path, "w");
  if (!f) return path;
  fputs(text, f);
  fclose(f);
  return path;
}

static void test_version(void) {
  CHECK_STR(mutorere_version(), MUTORERE_VERSION_STRING);
  CHECK_INT(mutorere_version_number(), MUTORERE_VERSION_NUMBER);
  char want[32];
  snprintf(want, sizeof want, "%d.%d.%d", MUTORERE_VERSION_MAJOR,
           MUTORERE_VERSION_MINOR, MUTORERE_VERSION_PATCH);
  CHECK_STR(MUTORERE_VERSION_STRING, want);
  static const int codes[] = {MUTORERE_OK,     MUTORERE_EINVAL,
                              MUTORERE_EILLEGAL, MUTORERE_ESCRIPT,
                              MUTORERE_ELIMIT, MUTORERE_ENOMEM,
                              MUTORERE_ECANCELLED};
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < i; j++)
      CHECK(strcmp(mutorere_strerror(codes[i]), mutorere_strerror(codes[j])));
  CHECK_STR(mutorere_strerror(-99), "unknown status");
  CHECK_STR(mutorere_value_name(MUTORERE_WIN), "win");
  CHECK_STR(mutorere_value_name(MUTORERE_LOSS), "loss");
  CHECK_STR(mutorere_value_name(MUTORERE_DRAW), "draw");
  CHECK(mutorere_value_name(7) == NULL);
}

/* The six built-in variants count their move trees as published (the
** README's table); a bad name or size is refused and *out is left. */
static void test_builtins(void) {
  static const char *const table[][2] = {
      {"standard", "2 2 2 6 8 12 28 34 52 128"},
      {"first-two-turns", "2 2 2 6 8 12 34 34 52 144"},
      {"first-move", "2 2 2 8 8 12 34 34 52 144"},
      {"no-restriction", "4 2 2 8 8 12 34 34 52 144"},
      {"adjacent-enemy", "2 2 2 6 8 10 28 34 44 128"},
      {"misere", "2 2 2 6 8 12 28 34 52 128"}};
  for (int i = 0; i < 6; i++) {
    mutorere_variant *v = NULL;
    if (!CHECK_OK(mutorere_variant_named(table[i][0], 0, &v))) continue;
    CHECK_STR(mutorere_variant_name(v), table[i][0]);
    CHECK_STR(perfts(v, 10), table[i][1]);
    mutorere_variant_free(v);
  }
  mutorere_variant *v = (mutorere_variant *)&passed, *keep = v;
  CHECK_FAILS(mutorere_variant_named("standard", 7, &v), MUTORERE_EINVAL,
              "arms is 7");
  CHECK_FAILS(mutorere_variant_named("standard", 2, &v), MUTORERE_EINVAL,
              "arms is 2");
  /* a shipped script's size is the caller's argument too, not the
  ** script's failure */
  CHECK_FAILS(mutorere_variant_named("tired-piece", 5, &v), MUTORERE_EINVAL,
              "arms is 5 (an even number from 4 to 64");
  CHECK_FAILS(mutorere_variant_named("tired-piece", 2, &v), MUTORERE_EINVAL,
              "arms is 2");
  CHECK_FAILS(mutorere_variant_named("standard", 66, &v), MUTORERE_EINVAL,
              "arms is 66");
  CHECK_FAILS(mutorere_variant_named("nope", 0, &v), MUTORERE_EINVAL,
              "unknown variant 'nope'");
  CHECK_FAILS(mutorere_variant_named("../scripts/x", 0, &v), MUTORERE_EINVAL,
              "bad variant name");
  CHECK_FAILS(mutorere_variant_named(NULL, 0, &v), MUTORERE_EINVAL,
              "name is NULL");
  CHECK(v == keep);
  CHECK_OK(mutorere_variant_named("standard", 10, &v));
  mutorere_game *g = NULL;
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  CHECK_STR(position_of(g), "bbbbbwwwww/. b");
  uint64_t n = 0;
  CHECK_OK(mutorere_perft(g, 14, NULL, NULL, &n));
  CHECK_INT(n, 1050); /* mt.perft(mt.game{base = "standard", arms = 10}, 14) */
  mutorere_game_free(g);
  g = NULL;
  mutorere_variant_free(v);
}

/* Variants from rule fields: the standard fields make the standard game,
** the fields of each built-in come back as they went, bad fields are
** named. */
static void test_fields(void) {
  mutorere_rules r, back;
  mutorere_rules_standard(&r);
  CHECK_INT(r.arms, 8);
  CHECK_INT(r.flank_plies, MUTORERE_FLANK_ALWAYS);
  CHECK_INT(r.repetition, 3);
  mutorere_variant *v = NULL;
  CHECK_OK(mutorere_variant_new(NULL, &r, &v));
  CHECK_STR(mutorere_variant_name(v), "custom");
  CHECK_STR(perfts(v, 10), "2 2 2 6 8 12 28 34 52 128");
  mutorere_variant_free(v);
  r.flank_plies = 0; /* no-restriction */
  CHECK_OK(mutorere_variant_new("open", &r, &v));
  CHECK_STR(mutorere_variant_name(v), "open");
  CHECK_STR(perfts(v, 10), "4 2 2 8 8 12 34 34 52 144");
  mutorere_variant_free(v);
  static const char *const names[] = {"standard",       "first-two-turns",
                                      "first-move",     "no-restriction",
                                      "adjacent-enemy", "misere"};
  for (int i = 0; i < 6; i++) {
    mutorere_variant *a, *b;
    if (!CHECK_OK(mutorere_variant_named(names[i], 12, &a))) continue;
    CHECK_OK(mutorere_variant_rules(a, &r));
    CHECK_OK(mutorere_variant_new(names[i], &r, &b));
    CHECK_OK(mutorere_variant_rules(b, &back));
    CHECK(memcmp(&r, &back, sizeof r) == 0);
    char pa[256];
    snprintf(pa, sizeof pa, "%s", perfts(a, 9));
    CHECK_STR(perfts(b, 9), pa);
    mutorere_variant_free(a);
    mutorere_variant_free(b);
  }
  CHECK_OK(mutorere_variant_named("misere", 0, &v));
  CHECK_OK(mutorere_variant_rules(v, &r));
  CHECK_INT(r.misere, 1);
  CHECK_INT(r.adjacent_enemy, 0);
  mutorere_variant_free(v);
  CHECK_OK(mutorere_variant_named("first-two-turns", 0, &v));
  CHECK_OK(mutorere_variant_rules(v, &r));
  CHECK_INT(r.flank_plies, 4);
  mutorere_variant_free(v);
  v = NULL;
  struct {
    int field, value;
    const char *says;
  } bad[] = {{0, 5, "5 arms"},           {0, 2, "2 arms"},
             {1, -1, "flank_plies is -1"}, {2, 2, "adjacent_enemy is 2"},
             {3, -1, "misere is -1"},      {4, 1, "repetition is 1"},
             {5, -3, "max_plies is -3"}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    mutorere_rules_standard(&r);
    int *fields[] = {&r.arms,   &r.flank_plies, &r.adjacent_enemy,
                     &r.misere, &r.repetition,  &r.max_plies};
    *fields[bad[i].field] = bad[i].value;
    CHECK_FAILS(mutorere_variant_new("bad", &r, &v), MUTORERE_EINVAL,
                bad[i].says);
  }
  CHECK(v == NULL);
  CHECK_FAILS(mutorere_variant_new("x", NULL, &v), MUTORERE_EINVAL,
              "rules is NULL");
  CHECK_FAILS(mutorere_variant_rules(NULL, &r), MUTORERE_EINVAL,
              "variant is NULL");
}

/* Games: positions and moves as text, play, undo, the end; every refusal
** leaves the game as it was. */
static void test_games(void) {
  mutorere_variant *v;
  mutorere_game *g = NULL;
  mutorere_move m = {0, 0, 0, {0}, 0};
  char buf[MUTORERE_POSITION_MAX];
  int side = -1, result = -1;
  if (!CHECK_OK(mutorere_variant_named("standard", 0, &v))) return;
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  CHECK_STR(position_of(g), "bbbbwwww/. b");
  CHECK_OK(mutorere_game_turn(g, &side));
  CHECK_INT(side, MUTORERE_BLACK);
  CHECK_STR(moves_of(v, g), "1-c 4-c");
  CHECK_OK(play(v, g, "4-c"));
  CHECK_STR(position_of(g), "bbb.wwww/b w 1");
  CHECK_OK(mutorere_game_turn(g, &side));
  CHECK_INT(side, MUTORERE_WHITE);
  CHECK_STR(moves_of(v, g), "5-4");
  CHECK_FAILS(play(v, g, "8-4"), MUTORERE_EILLEGAL, "illegal move 8-4");
  CHECK_FAILS(play(v, g, "9-4"), MUTORERE_EINVAL, "9");
  CHECK_FAILS(play(v, g, "5_4"), MUTORERE_EINVAL, "bad move");
  CHECK_FAILS(mutorere_game_play(g, (mutorere_move){70, 3, 0, {0}, 0}), MUTORERE_EINVAL,
              "bad move {70, 3}");
  CHECK_FAILS(mutorere_game_play(g, (mutorere_move){3, 3, 0, {0}, 0}), MUTORERE_EINVAL,
              "two of them");
  CHECK_STR(position_of(g), "bbb.wwww/b w 1");
  CHECK_OK(mutorere_move_parse(v, "c-5", &m));
  CHECK_INT(m.from, MUTORERE_CENTRE);
  CHECK_INT(m.to, 4);
  CHECK_FAILS(mutorere_move_text(v, (mutorere_move){8, 1, 0, {0}, 0}, buf, sizeof buf),
              MUTORERE_EINVAL, "points are 0 to 7");
  strcpy(buf, "kept");
  CHECK_FAILS(mutorere_game_position(g, buf, 8), MUTORERE_EINVAL,
              "takes 15 bytes");
  CHECK_STR(buf, "kept");
  CHECK_OK(mutorere_game_undo(g));
  CHECK_STR(position_of(g), "bbbbwwww/. b");
  CHECK_FAILS(mutorere_game_undo(g), MUTORERE_EINVAL, "at its start");
  mutorere_game_free(g);
  g = NULL;
  /* white to play and win in one ply (a shipped puzzle) */
  CHECK_OK(mutorere_game_new(v, "bbbbwww./w w", &g));
  CHECK_STR(moves_of(v, g), "7-8 c-8");
  CHECK_OK(mutorere_game_result(g, &result));
  CHECK_INT(result, MUTORERE_ONGOING);
  CHECK_OK(play(v, g, "7-8"));
  CHECK_OK(mutorere_game_result(g, &result));
  CHECK_INT(result, MUTORERE_WHITE_WINS);
  CHECK_STR(moves_of(v, g), "");
  CHECK_FAILS(play(v, g, "c-7"), MUTORERE_EILLEGAL, "the game is over");
  mutorere_game_free(g);
  g = NULL;
  /* (issue 33) no move past the last ply a position's text holds */
  CHECK_OK(mutorere_game_new(v, "bbbbwwww/. b 999999998", &g));
  CHECK_OK(play(v, g, "4-c"));
  CHECK_STR(position_of(g), "bbb.wwww/b w 999999999");
  CHECK_FAILS(play(v, g, "5-4"), MUTORERE_EILLEGAL,
              "the game is at ply 999999999, the last a position holds");
  CHECK_STR(position_of(g), "bbb.wwww/b w 999999999");
  mutorere_game_free(g);
  g = NULL;
  g = NULL;
  CHECK_FAILS(mutorere_game_new(v, "bbbbwwww/. x", &g), MUTORERE_EINVAL,
              "bad position");
  CHECK_FAILS(mutorere_game_new(v, "bbbbbwwwww/. b", &g), MUTORERE_EINVAL,
              "10 arms but the variant has 8");
  CHECK_FAILS(mutorere_game_new(NULL, NULL, &g), MUTORERE_EINVAL,
              "variant is NULL");
  CHECK(g == NULL);
  /* threefold repetition draws a game (the standard rules) */
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  const char *line = "4-c 5-4 c-5 6-c 5-6 c-5 6-c 5-6 c-5 6-c 5-6 c-5 6-c 5-6";
  for (const char *at = line; *at; at += at[3] ? 4 : 3) {
    char move[4] = {at[0], at[1], at[2], 0};
    CHECK_OK(mutorere_game_result(g, &result));
    CHECK_INT(result, MUTORERE_ONGOING);
    CHECK_OK(play(v, g, move));
  }
  CHECK_OK(mutorere_game_result(g, &result));
  CHECK_INT(result, MUTORERE_DRAWN);
  CHECK_STR(position_of(g), "bbbw.www/b b 14");
  /* the handle outlives its variant's: the game keeps it */
  mutorere_variant_free(v);
  uint64_t n = 0;
  CHECK_OK(mutorere_perft(g, 4, NULL, NULL, &n));
  mutorere_game_free(g);
  g = NULL;
}

/* --- the solution, checked against its definition over every reachable
** state --- */

typedef struct Walk {
  const mutorere_variant *v;
  const mutorere_solution *s;
  int memory;        /* the moves the variant remembers */
  char **seen;       /* the keys of the states met */
  int count, room;
  long wins, losses, draws, wrong;
  mutorere_move path[4096]; /* deeper than the number of states */
  int depth;
} Walk;

/* The key of the state of g: its position without the ply, and the last
** w->memory moves of the path. */
static void state_key(const Walk *w, const mutorere_game *g, char *key) {
  strcpy(key, position_of(g));
  char *space = strchr(key, ' ');
  if (space && strchr(space + 1, ' ')) *strchr(space + 1, ' ') = '\0';
  for (int i = 1; i <= w->memory && i <= w->depth; i++) {
    char m[MUTORERE_MOVE_MAX];
    mutorere_move_text(w->v, w->path[w->depth - i], m, sizeof m);
    strcat(key, " ");
    strcat(key, m);
  }
}

/* 1 when the key was met before; else records it. */
static int met(Walk *w, const char *key) {
  for (int i = 0; i < w->count; i++)
    if (strcmp(w->seen[i], key) == 0) return 1;
  if (w->count == w->room) {
    w->room = w->room ? 2 * w->room : 256;
    w->seen = realloc(w->seen, sizeof *w->seen * (size_t)w->room);
  }
  w->seen[w->count] = malloc(strlen(key) + 1);
  strcpy(w->seen[w->count++], key);
  return 0;
}

/* Visits the state of g and every state after it not met yet; checks its
** value and distance against its children's. */
static void walk(Walk *w, mutorere_game *g) {
  char key[256];
  mutorere_move moves[MUTORERE_MAX_MOVES];
  int k = 0, value = -1, distance = -9, result = -1;
  state_key(w, g, key);
  if (met(w, key)) return;
  mutorere_game_moves(g, moves, &k);
  mutorere_solution_value(w->s, g, &value, &distance);
  int want = MUTORERE_LOSS, want_distance = 0, side;
  if (k == 0) { /* the end: blocked, or the variant's own verdict */
    mutorere_game_result(g, &result);
    mutorere_game_turn(g, &side);
    want = result == MUTORERE_DRAWN ? MUTORERE_DRAW
           : (result == MUTORERE_BLACK_WINS) == (side == MUTORERE_BLACK)
               ? MUTORERE_WIN
               : MUTORERE_LOSS;
    want_distance = want == MUTORERE_DRAW ? -1 : 0;
  }
  int best_win = 1 << 20, longest_loss = -1, all_win = k > 0;
  for (int i = 0; i < k; i++) {
    int cv = -1, cd = -9;
    mutorere_game_play(g, moves[i]);
    w->path[w->depth++] = moves[i];
    walk(w, g);
    mutorere_solution_value(w->s, g, &cv, &cd);
    w->depth--;
    mutorere_game_undo(g);
    if (cv == MUTORERE_LOSS && cd + 1 < best_win) best_win = cd + 1;
    if (cv != MUTORERE_WIN) all_win = 0;
    if (cv == MUTORERE_WIN && cd + 1 > longest_loss) longest_loss = cd + 1;
  }
  if (k > 0) {
    want = best_win < (1 << 20) ? MUTORERE_WIN
           : all_win            ? MUTORERE_LOSS
                                : MUTORERE_DRAW;
    want_distance = want == MUTORERE_WIN    ? best_win
                    : want == MUTORERE_LOSS ? longest_loss
                                            : -1;
  }
  if (value != want || distance != want_distance) {
    if (w->wrong++ < 5)
      printf("FAIL %s: %s %d, by its moves %s %d\n", key,
             mutorere_value_name(value), distance, mutorere_value_name(want),
             want_distance);
  }
  w->wins += value == MUTORERE_WIN;
  w->losses += value == MUTORERE_LOSS;
  w->draws += value == MUTORERE_DRAW;
}

/* Walks the states of v reachable from its start; checks their count. */
static void check_solution(const mutorere_variant *v,
                           const mutorere_solution *s, int memory,
                           long reachable, long wins, long losses,
                           long draws) {
  Walk w;
  mutorere_game *g = NULL;
  memset(&w, 0, sizeof w);
  w.v = v, w.s = s, w.memory = memory;
  if (!CHECK_OK(mutorere_game_new(v, NULL, &g))) return;
  walk(&w, g);
  CHECK_INT(w.wrong, 0);
  CHECK_INT(w.count, reachable);
  CHECK_INT(w.wins, wins);
  CHECK_INT(w.losses, losses);
  CHECK_INT(w.draws, draws);
  for (int i = 0; i < w.count; i++) free(w.seen[i]);
  free(w.seen);
  mutorere_game_free(g);
  g = NULL;
}

typedef struct Watcher {
  int reports, phases, bad, polls, stop_after;
  char phase[64];
  uint64_t done, total;
} Watcher;

static void on_progress(void *ctx, const char *phase, uint64_t done,
                        uint64_t total) {
  Watcher *w = ctx;
  w->reports++;
  if (!phase || !*phase || (total && done > total)) w->bad++;
  if (strcmp(phase, w->phase) != 0) w->phases++;
  snprintf(w->phase, sizeof w->phase, "%s", phase);
  w->done = done, w->total = total;
}

static int on_cancel(void *ctx) {
  Watcher *w = ctx;
  return ++w->polls > w->stop_after;
}

/* Says stop once, at the poll after stop_after, and never again. */
static int on_cancel_once(void *ctx) {
  Watcher *w = ctx;
  return ++w->polls == w->stop_after + 1;
}

static void test_solve(void) {
  mutorere_variant *v, *other;
  mutorere_solution *s = NULL;
  mutorere_game *g = NULL;
  int value = -9, distance = -9;
  if (!CHECK_OK(mutorere_variant_named("standard", 0, &v))) return;
  Watcher watch = {0, 0, 0, 0, 1 << 30, "", 0, 0};
  CHECK_OK(mutorere_solve(v, 2, on_cancel, on_progress, &watch, &s));
  CHECK(watch.reports > 0 && watch.phases > 1);
  CHECK_INT(watch.bad, 0);
  CHECK(watch.done == watch.total); /* the last phase ended */
  /* the published figures: 1,180 states, 208 won, 128 lost, 844 drawn */
  check_solution(v, s, 0, 1180, 208, 128, 844);
  CHECK_OK(mutorere_game_new(v, "bbbbwww./w w", &g));
  CHECK_OK(mutorere_solution_value(s, g, &value, &distance));
  CHECK_INT(value, MUTORERE_WIN);
  CHECK_INT(distance, 1);
  /* a game of other rules is refused */
  CHECK_OK(mutorere_variant_named("misere", 0, &other));
  mutorere_game *og;
  CHECK_OK(mutorere_game_new(other, NULL, &og));
  CHECK_FAILS(mutorere_solution_value(s, og, &value, &distance),
              MUTORERE_EINVAL, "of variant 'misere', the solution of 'standard'");
  mutorere_game_free(og);
  mutorere_variant_free(other);
  mutorere_game_free(g);
  g = NULL;
  mutorere_solution_free(s);
  s = NULL;
  /* cancelled at once, and after a few polls: nothing made */
  for (int after = 0; after < 3; after++) {
    mutorere_variant *big;
    CHECK_OK(mutorere_variant_named("standard", 16, &big));
    Watcher stop = {0, 0, 0, 0, after, "", 0, 0};
    s = NULL;
    CHECK_FAILS(mutorere_solve(big, 1, on_cancel, NULL, &stop, &s),
                MUTORERE_ECANCELLED, "cancelled");
    CHECK(s == NULL);
    CHECK(stop.polls > after); /* it went on until told to stop */
    mutorere_variant_free(big);
  }
  CHECK_FAILS(mutorere_solve(v, -1, NULL, NULL, NULL, &s), MUTORERE_EINVAL,
              "threads is -1");
  /* too large: refused with the figures */
  mutorere_variant *huge;
  CHECK_OK(mutorere_variant_named("standard", 64, &huge));
  CHECK_FAILS(mutorere_solve(huge, 0, NULL, NULL, NULL, &s), MUTORERE_ELIMIT,
              "64 arms are too many");
  mutorere_variant_free(huge);
  mutorere_variant_free(v);
}

/* Search: a legal move, the winning one when there is one, its refusals. */
static void test_search(void) {
  mutorere_variant *v;
  mutorere_game *g = NULL;
  mutorere_move m = {99, 99, 0, {0}, 0};
  int score = 0;
  char text[MUTORERE_MOVE_MAX];
  if (!CHECK_OK(mutorere_variant_named("standard", 0, &v))) return;
  CHECK_OK(mutorere_game_new(v, "bbbbwww./w w", &g));
  CHECK_OK(mutorere_search(g, 6, 0, NULL, NULL, &m, &score));
  CHECK_OK(mutorere_move_text(v, m, text, sizeof text));
  CHECK_STR(text, "7-8");
  CHECK_INT(score, MUTORERE_MATE - 1);
  Watcher stop = {0, 0, 0, 0, 0, "", 0, 0};
  m = (mutorere_move){99, 99, 0, {0}, 0};
  CHECK_FAILS(mutorere_search(g, 6, 0, on_cancel, &stop, &m, &score),
              MUTORERE_ECANCELLED, "before it finished one ply");
  CHECK_INT(m.from, 99);
  CHECK_FAILS(mutorere_search(g, 0, 0, NULL, NULL, &m, &score),
              MUTORERE_EINVAL, "depth is 0");
  CHECK_FAILS(mutorere_search(g, 4, -1, NULL, NULL, &m, &score),
              MUTORERE_EINVAL, "seconds is -1");
  CHECK_OK(play(v, g, "7-8"));
  CHECK_FAILS(mutorere_search(g, 4, 0, NULL, NULL, &m, &score),
              MUTORERE_EILLEGAL, "the game is over");
  mutorere_game_free(g);
  g = NULL;
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  CHECK_OK(mutorere_search(g, 10, 0, NULL, NULL, &m, &score));
  CHECK_OK(mutorere_move_text(v, m, text, sizeof text));
  CHECK(strcmp(text, "1-c") == 0 || strcmp(text, "4-c") == 0);
  /* a deep search stopped after a few polls gives a move it searched */
  Watcher later = {0, 0, 0, 0, 3, "", 0, 0};
  m = (mutorere_move){99, 99, 0, {0}, 0};
  CHECK_OK(mutorere_search(g, 64, 0, on_cancel, &later, &m, &score));
  CHECK_INT(later.polls, 4);
  CHECK_OK(mutorere_move_text(v, m, text, sizeof text));
  CHECK(strcmp(text, "1-c") == 0 || strcmp(text, "4-c") == 0);
  uint64_t n = 0;
  Watcher slow = {0, 0, 0, 0, 0, "", 0, 0};
  CHECK_FAILS(mutorere_perft(g, 40, on_cancel, &slow, &n), MUTORERE_ECANCELLED,
              "perft was cancelled");
  CHECK_FAILS(mutorere_perft(g, 201, NULL, NULL, &n), MUTORERE_EINVAL,
              "depth is 201");
  CHECK_INT(n, 0);
  mutorere_game_free(g);
  g = NULL;
  mutorere_variant_free(v);
}

/* Variants written in Lua: shipped scripts by name (found from the
** library), files, boards of points, hooks that fail. */
static void test_scripts(void) {
  mutorere_variant *v = NULL;
  mutorere_solution *s = NULL;
  mutorere_game *g = NULL;
  mutorere_rules r;
  /* a shipped script that remembers moves: its figures as the Lua API's */
  if (CHECK_OK(mutorere_variant_named("tired-piece", 0, &v))) {
    CHECK_STR(mutorere_variant_name(v), "tired-piece");
    CHECK_STR(perfts(v, 8), "2 2 2 4 4 4 8 10");
    CHECK_OK(mutorere_solve(v, 0, NULL, NULL, NULL, &s));
    /* mt.solve("tired-piece"):census() */
    check_solution(v, s, 2, 1835, 128, 128, 1579);
    mutorere_solution_free(s);
    s = NULL;
    mutorere_variant_free(v);
  }
  if (CHECK_OK(mutorere_variant_named("tired-piece", 10, &v))) {
    CHECK_OK(mutorere_game_new(v, NULL, &g));
    uint64_t n = 0;
    CHECK_OK(mutorere_perft(g, 14, NULL, NULL, &n));
    CHECK_INT(n, 82); /* mt.perft(mt.game{base = "tired-piece", arms = 10}, 14) */
    mutorere_game_free(g);
    g = NULL;
    mutorere_variant_free(v);
  }
  /* a board of points */
  if (CHECK_OK(mutorere_variant_named("pong-hau-ki", 0, &v))) {
    CHECK_OK(mutorere_game_new(v, NULL, &g));
    CHECK_STR(position_of(g), "bb.ww b");
    CHECK_STR(moves_of(v, g), "tl-c tr-c");
    CHECK_FAILS(mutorere_variant_rules(v, &r), MUTORERE_EINVAL,
                "board of points");
    CHECK_FAILS(mutorere_game_play(g, (mutorere_move){MUTORERE_CENTRE, 1, 0, {0}, 0}),
                MUTORERE_EINVAL, "points are 0 to 4, two of them");
    CHECK_OK(mutorere_solve(v, 0, NULL, NULL, NULL, &s));
    check_solution(v, s, 0, 56, 8, 4, 44); /* its census() */
    mutorere_solution_free(s);
    s = NULL;
    mutorere_game_free(g);
    g = NULL;
    mutorere_variant_free(v);
  }
  CHECK_FAILS(mutorere_variant_named("pong-hau-ki", 10, &v), MUTORERE_ESCRIPT,
              "arms belongs to the wheel");
  /* a file, even one named like a name */
  const char *path = scratch_file(
      "centre", "return {name = 'centre-leaves', base = 'standard',\n"
                "  allow = function(p, m)\n"
                "    if p.centre == p.side then return m.from == 'c' end\n"
                "    return true\n"
                "  end}\n");
  if (CHECK_OK(mutorere_variant_load(path, &v))) {
    CHECK_STR(mutorere_variant_name(v), "centre-leaves");
    /* mt.perft("centre-must-leave", d), the same rule shipped */
    CHECK_STR(perfts(v, 10), "2 2 2 6 8 8 26 32 32 112");
    mutorere_variant_free(v);
  }
  /* rules that remember 8 moves on 6 arms: 1,883,168,280 states in a
  ** table, 1,237 reachable from the start, which are what is solved (as
  ** mt.solve(v):census() counts them); a state play does not reach is
  ** solved when asked for, and its figures are the rules' own */
  path = scratch_file("tired-late.lua",
                      "return {name = 'tired-late-6', base = 'standard', arms = 6,\n"
                      "  history = 8, allow = function(_, m, h)\n"
                      "    return not (h[2] and m.from == h[2].to and h[8])\n"
                      "  end}\n");
  if (CHECK_OK(mutorere_variant_load(path, &v))) {
    if (CHECK_OK(mutorere_solve(v, 0, NULL, NULL, NULL, &s))) {
      check_solution(v, s, 8, 1237, 96, 72, 1069);
      if (CHECK_OK(mutorere_game_new(v, "bwbwbw/. b", &g))) {
        int value = -1, distance = -9;
        CHECK_OK(mutorere_solution_value(s, g, &value, &distance));
        CHECK_INT(value, MUTORERE_DRAW);
        CHECK_INT(distance, -1);
        mutorere_game_free(g);
        g = NULL;
      }
      /* every state play reaches from there, checked as from the start */
      Walk w;
      memset(&w, 0, sizeof w);
      w.v = v, w.s = s, w.memory = 8;
      if (CHECK_OK(mutorere_game_new(v, "bb.www/b b", &g))) {
        walk(&w, g);
        CHECK_INT(w.wrong, 0);
        CHECK(w.count > 100);
        for (int i = 0; i < w.count; i++) free(w.seen[i]);
        free(w.seen);
        mutorere_game_free(g);
        g = NULL;
      }
      mutorere_solution_free(s);
      s = NULL;
    }
    mutorere_variant_free(v);
  }
  /* hooks that say they are symmetric: solved up to symmetry (which
  ** reports progress), with the figures of mt.solve's census */
  path = scratch_file("symmetric.lua",
                      "return {name = 'centre-leaves', base = 'standard',\n"
                      "  symmetric = true,\n"
                      "  allow = function(p, m)\n"
                      "    if p.centre == p.side then return m.from == 'c' end\n"
                      "    return true\n"
                      "  end}\n");
  if (CHECK_OK(mutorere_variant_load(path, &v))) {
    Watcher watch = {0, 0, 0, 0, 1 << 30, "", 0, 0};
    CHECK_OK(mutorere_solve(v, 0, NULL, on_progress, &watch, &s));
    CHECK(watch.reports > 0);
    check_solution(v, s, 0, 550, 0, 0, 550);
    mutorere_solution_free(s);
    s = NULL;
    mutorere_variant_free(v);
  }
  /* a claim of symmetric hooks that the hooks belie is the script's fault,
  ** not a limit of the engine */
  path = scratch_file("lopsided.lua",
                      "return {name = 'lopsided', base = 'standard',\n"
                      "  symmetric = true,\n"
                      "  allow = function(p, m) return m.from ~= 1 end}\n");
  if (CHECK_OK(mutorere_variant_load(path, &v))) {
    s = NULL;
    CHECK_FAILS(mutorere_solve(v, 0, NULL, NULL, NULL, &s), MUTORERE_ESCRIPT,
                "cannot solve lopsided: the variant says it is symmetric, but "
                "its hooks forbid 1-c");
    CHECK(s == NULL);
    mutorere_variant_free(v);
  }
  /* a game of one handle of a script, a solution of another: refused, and
  ** the message says why the same name is not the same rules */
  mutorere_variant *again;
  if (CHECK_OK(mutorere_variant_named("tired-piece", 0, &v)) &&
      CHECK_OK(mutorere_variant_named("tired-piece", 0, &again))) {
    int value, distance;
    CHECK_OK(mutorere_solve(v, 0, NULL, NULL, NULL, &s));
    CHECK_OK(mutorere_game_new(again, NULL, &g));
    CHECK_FAILS(mutorere_solution_value(s, g, &value, &distance),
                MUTORERE_EINVAL,
                "two handles of variant 'tired-piece' (hooks in Lua are "
                "their handle's own)");
    mutorere_game_free(g);
    g = NULL;
    mutorere_solution_free(s);
    s = NULL;
    mutorere_variant_free(again);
    mutorere_variant_free(v);
  }
  /* a hook that fails: a clear error, the game as it was */
  path = scratch_file("breaks.lua",
                      "return {name = 'breaks', base = 'standard',\n"
                      "  allow = function(p, m)\n"
                      "    if p.empty ~= 'c' then error('no second move') end\n"
                      "    return true\n"
                      "  end}\n");
  if (CHECK_OK(mutorere_variant_load(path, &v))) {
    CHECK_OK(mutorere_game_new(v, NULL, &g));
    CHECK_FAILS(play(v, g, "4-c"), MUTORERE_ESCRIPT,
                "allow hook failed at bbb.wwww/b w 1 for move 5-4");
    CHECK(strstr(mutorere_last_error(), "no second move") != NULL);
    CHECK_STR(position_of(g), "bbbbwwww/. b");
    uint64_t n = 7;
    CHECK_FAILS(mutorere_perft(g, 3, NULL, NULL, &n), MUTORERE_ESCRIPT,
                "no second move");
    CHECK_INT(n, 7);
    s = NULL;
    CHECK_FAILS(mutorere_solve(v, 0, NULL, NULL, NULL, &s), MUTORERE_ESCRIPT,
                "no second move");
    CHECK(s == NULL);
    mutorere_game_free(g);
    g = NULL;
    mutorere_variant_free(v);
  }
  v = NULL;
  CHECK_FAILS(mutorere_variant_load(scratch_file("number.lua", "return 42\n"),
                                    &v),
              MUTORERE_ESCRIPT, "must return a table, not number");
  CHECK_FAILS(mutorere_variant_load(scratch_file("syntax.lua", "return {\n"),
                                    &v),
              MUTORERE_ESCRIPT, "syntax.lua:2");
  CHECK_FAILS(mutorere_variant_load(scratch_file("typo.lua",
                                                 "return {misere = true,"
                                                 " arm = 10}\n"),
                                    &v),
              MUTORERE_ESCRIPT, "arm");
  CHECK_FAILS(mutorere_variant_load("/nonexistent/x.lua", &v),
              MUTORERE_ESCRIPT, "cannot open /nonexistent/x.lua");
  CHECK_FAILS(mutorere_variant_load("", &v), MUTORERE_EINVAL, "empty");
  CHECK(v == NULL);
}

/* Hooks that never return (even with a pcall inside) are stopped by the
** cancel callback of a perft, a search or a solve, and a search's by its
** time too; the variant works on afterwards. */
static void test_stopped_hooks(void) {
  mutorere_variant *v = NULL;
  mutorere_game *g = NULL;
  mutorere_solution *s = NULL;
  mutorere_move m = {99, 99, 0, {0}, 0};
  char text[MUTORERE_MOVE_MAX];
  int score = 0;
  uint64_t n = 7;
  const char *path = scratch_file(
      "forever.lua",
      "return {name = 'forever', base = 'standard',\n"
      "  allow = function(p, m)\n" /* black's second move: never answered */
      "    if p.side == 'black' and p.empty ~= 'c' then\n"
      "      while true do pcall(function() while true do end end) end\n"
      "    end\n"
      "    return true\n"
      "  end}\n");
  if (!CHECK_OK(mutorere_variant_load(path, &v))) return;
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  Watcher stop = {0, 0, 0, 0, 50, "", 0, 0};
  CHECK_FAILS(mutorere_perft(g, 4, on_cancel, &stop, &n), MUTORERE_ECANCELLED,
              "perft was cancelled");
  CHECK_INT(n, 7);
  CHECK_INT(stop.polls, 51); /* it stopped when told, and was not asked on */
  /* the search gives the move of the one ply it finished */
  Watcher later = {0, 0, 0, 0, 50, "", 0, 0};
  CHECK_OK(mutorere_search(g, 6, 0, on_cancel, &later, &m, &score));
  CHECK_INT(later.polls, 51);
  CHECK_OK(mutorere_move_text(v, m, text, sizeof text));
  CHECK(strcmp(text, "1-c") == 0 || strcmp(text, "4-c") == 0);
  m = (mutorere_move){99, 99, 0, {0}, 0};
  CHECK_OK(mutorere_search(g, 6, 0.05, NULL, NULL, &m, &score));
  CHECK(m.to == MUTORERE_CENTRE);
  Watcher solving = {0, 0, 0, 0, 50, "", 0, 0};
  CHECK_FAILS(mutorere_solve(v, 1, on_cancel, NULL, &solving, &s),
              MUTORERE_ECANCELLED, "the solve was cancelled");
  CHECK(s == NULL);
  CHECK_INT(solving.polls, 51);
  /* a stop said once is taken at its word (and not asked again) */
  Watcher once = {0, 0, 0, 0, 50, "", 0, 0};
  CHECK_FAILS(mutorere_solve(v, 1, on_cancel_once, NULL, &once, &s),
              MUTORERE_ECANCELLED, "the solve was cancelled");
  CHECK_INT(once.polls, 51);
  once.polls = 0;
  CHECK_FAILS(mutorere_perft(g, 4, on_cancel_once, &once, &n),
              MUTORERE_ECANCELLED, "perft was cancelled");
  CHECK_INT(once.polls, 51);
  /* nothing is left stopped: the hooks answer, and fail, as before */
  CHECK_OK(mutorere_perft(g, 1, NULL, NULL, &n));
  CHECK_INT(n, 2);
  Watcher never = {0, 0, 0, 0, 1 << 30, "", 0, 0};
  CHECK_OK(mutorere_perft(g, 1, on_cancel, &never, &n));
  CHECK_INT(n, 2);
  mutorere_game_free(g);
  g = NULL;
  mutorere_variant_free(v);
}

/* Every function refuses a NULL handle or pointer with a message. */
static void test_nulls(void) {
  mutorere_variant *v;
  mutorere_game *g = NULL;
  mutorere_move m = {0, 0, 0, {0}, 0};
  int i = 0;
  uint64_t n;
  char buf[8];
  CHECK_OK(mutorere_variant_named("standard", 0, &v));
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  CHECK_FAILS(mutorere_variant_named("standard", 0, NULL), MUTORERE_EINVAL,
              "out is NULL");
  CHECK_FAILS(mutorere_variant_load(NULL, &v), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_new(v, NULL, NULL), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_position(NULL, buf, 8), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_position(g, NULL, 8), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_turn(g, NULL), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_moves(g, NULL, &i), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_moves(g, &m, NULL), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_play(NULL, m), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_undo(NULL), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_game_result(g, NULL), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_move_parse(v, NULL, &m), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_move_text(NULL, m, buf, 8), MUTORERE_EINVAL, "is NULL");
  CHECK_FAILS(mutorere_solve(NULL, 0, NULL, NULL, NULL, NULL), MUTORERE_EINVAL,
              "is NULL");
  CHECK_FAILS(mutorere_solution_value(NULL, g, &i, &i), MUTORERE_EINVAL,
              "is NULL");
  CHECK_FAILS(mutorere_perft(NULL, 1, NULL, NULL, &n), MUTORERE_EINVAL,
              "is NULL");
  CHECK_FAILS(mutorere_search(g, 1, 0, NULL, NULL, NULL, &i), MUTORERE_EINVAL,
              "is NULL");
  CHECK(mutorere_variant_name(NULL) == NULL);
  mutorere_variant_free(NULL);
  mutorere_game_free(NULL);
  mutorere_solution_free(NULL);
  mutorere_game_free(g);
  g = NULL;
  mutorere_variant_free(v);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_capi SCRATCH_DIR\n");
    return 2;
  }
  scratch = argv[1];
  test_version();
  test_builtins();
  test_fields();
  test_games();
  test_solve();
  test_search();
  test_scripts();
  test_stopped_hooks();
  test_nulls();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

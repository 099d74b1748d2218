/*
** test_embedder.c — what an embedder asked of the C library (issue 34),
** as a program that links it sees it: the search path read and added to,
** and the variants on it against a listing of the folders made here; a
** long call stopped from another thread (mutorere_interrupt), in the
** engine and in a rule hook, while other calls go on; a variant's memory
** limit, reached with a clear error and nothing taken; progress reports
** that tell each phase's end once.
**
** usage: test_embedder SCRATCH_DIR (where it writes folders and files)
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static const char *scratch;

/* A list of texts, as mutorere_each fills it. */
typedef struct List {
  char **items;
  int count;
} List;

static void add_item(void *ctx, const char *text) {
  List *l = ctx;
  l->items = realloc(l->items, sizeof *l->items * (size_t)(l->count + 1));
  l->items[l->count] = malloc(strlen(text) + 1);
  strcpy(l->items[l->count++], text);
}

static void list_free(List *l) {
  for (int i = 0; i < l->count; i++) free(l->items[i]);
  free(l->items);
  l->items = NULL, l->count = 0;
}

/* The index of text in l, or -1. */
static int list_find(const List *l, const char *text) {
  for (int i = 0; i < l->count; i++)
    if (strcmp(l->items[i], text) == 0) return i;
  return -1;
}

static int compare_texts(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* 1 when s is a name variant_named takes: letters, digits, - and _. */
static int plain(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
      return 0;
  return 1;
}

static const char *const builtins[] = {"standard",       "first-two-turns",
                                       "first-move",     "no-restriction",
                                       "adjacent-enemy", "misere"};

/* The naive listing: every NAME of folder/variants/NAME.lua of the folders
** of path, plain and not built in, sorted, once each. */
static void list_by_hand(const List *path, List *out) {
  for (int i = 0; i < path->count; i++) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/variants", path->items[i]);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
      size_t k = strlen(e->d_name);
      if (k <= 4 || strcmp(e->d_name + k - 4, ".lua") || e->d_name[0] == '.')
        continue;
      char name[256];
      snprintf(name, sizeof name, "%.*s", (int)(k - 4), e->d_name);
      int builtin = 0;
      for (int b = 0; b < 6; b++) builtin |= strcmp(name, builtins[b]) == 0;
      if (plain(name) && !builtin && list_find(out, name) < 0)
        add_item(out, name);
    }
    if (d) closedir(d);
  }
  qsort(out->items, (size_t)out->count, sizeof *out->items, compare_texts);
}

/* Makes folder scratch/name/variants with a variant file NAME.lua in it;
** returns the folder (static). */
static const char *variant_folder(const char *name, const char *variant,
                                  const char *text) {
  static char dir[4096];
  char file[4200];
  snprintf(dir, sizeof dir, "%s/%s", scratch, name);
  mkdir(dir, 0755);
  snprintf(file, sizeof file, "%s/variants", dir);
  mkdir(file, 0755);
  snprintf(file, sizeof file, "%s/variants/%s.lua", dir, variant);
  FILE *f = fopen(file, "w");
  if (f) {
    fputs(text, f);
    fclose(f);
  }
  return dir;
}

/* The search path, the folders added to it, and the variants on it. */
static void test_path(void) {
  List path = {0}, names = {0}, by_hand = {0};
  mutorere_variant *v = NULL;
  CHECK_OK(mutorere_path(add_item, &path));
  CHECK(path.count >= 1); /* the scripts beside the library */
  int before = path.count;
  CHECK_FAILS(mutorere_variant_named("mine-only", 0, &v), MUTORERE_EINVAL,
              "unknown variant 'mine-only'");
  const char *mine = variant_folder(
      "mine", "mine-only",
      "return {name = 'mine-only', base = 'standard', arms = 10}\n");
  char real[4096];
  CHECK(realpath(mine, real) != NULL);
  CHECK_OK(mutorere_path_add(mine));
  list_free(&path);
  CHECK_OK(mutorere_path(add_item, &path));
  CHECK_INT(path.count, before + 1);
  if (path.count > 0) CHECK_STR(path.items[0], real); /* first, as its real path */
  /* a second folder comes after the first, before the others */
  const char *second = variant_folder(
      "second", "second-one", "return {name = 'second-one', base = 'misere'}\n");
  CHECK_OK(mutorere_path_add(second));
  list_free(&path);
  CHECK_OK(mutorere_path(add_item, &path));
  CHECK_INT(path.count, before + 2);
  if (path.count > 1) CHECK(strstr(path.items[1], "/second") != NULL);
  /* the variants: the six built in, then the scripts, as listed by hand */
  CHECK_OK(mutorere_variants(add_item, &names));
  CHECK(names.count > 6);
  for (int b = 0; b < 6 && b < names.count; b++)
    CHECK_STR(names.items[b], builtins[b]);
  list_by_hand(&path, &by_hand);
  CHECK_INT(names.count - 6, by_hand.count);
  for (int i = 0; i < by_hand.count && i + 6 < names.count; i++)
    CHECK_STR(names.items[i + 6], by_hand.items[i]);
  CHECK(list_find(&names, "mine-only") > 0);
  CHECK(list_find(&names, "second-one") > 0);
  CHECK(list_find(&names, "tired-piece") > 0);
  CHECK(list_find(&names, "pong-hau-ki") > 0);
  /* each name listed loads (the shipped scripts and ours) */
  for (int i = 0; i < names.count; i++) {
    mutorere_variant *each = NULL;
    if (!CHECK_OK(mutorere_variant_named(names.items[i], 0, &each))) continue;
    mutorere_variant_free(each);
  }
  if (CHECK_OK(mutorere_variant_named("mine-only", 0, &v))) {
    mutorere_rules r;
    CHECK_OK(mutorere_variant_rules(v, &r));
    CHECK_INT(r.arms, 10);
    mutorere_variant_free(v);
  }
  /* refusals, the path as it was */
  CHECK_FAILS(mutorere_path_add(NULL), MUTORERE_EINVAL, "folder is NULL");
  CHECK_FAILS(mutorere_path_add(""), MUTORERE_EINVAL, "the folder is empty");
  char file[4200];
  snprintf(file, sizeof file, "%s/variants/mine-only.lua", mine);
  CHECK_FAILS(mutorere_path_add(file), MUTORERE_EINVAL, "not a folder");
  CHECK_FAILS(mutorere_path_add("/no/such/folder"), MUTORERE_EINVAL,
              "cannot add \"/no/such/folder\" to the search path: not a folder");
  CHECK_FAILS(mutorere_path(NULL, NULL), MUTORERE_EINVAL, "each is NULL");
  list_free(&path);
  CHECK_OK(mutorere_path(add_item, &path));
  CHECK_INT(path.count, before + 2);
  list_free(&path);
  list_free(&names);
  list_free(&by_hand);
}

/* --- interrupts --- */

/* A call run on a thread of its own. */
typedef struct Job {
  int (*run)(struct Job *j);
  mutorere_variant *v;
  mutorere_game *g;
  int rc;
  char error[512];
  uint64_t count;
  mutorere_move move;
  int score;
  const char *path;
  int started; /* atomic: the thread began */
} Job;

static void *job_thread(void *arg) {
  Job *j = arg;
  __atomic_store_n(&j->started, 1, __ATOMIC_RELEASE);
  j->rc = j->run(j);
  snprintf(j->error, sizeof j->error, "%s", mutorere_last_error());
  return NULL;
}

static int run_perft(Job *j) {
  return mutorere_perft(j->g, 100, NULL, NULL, &j->count);
}

static int run_solve(Job *j) {
  mutorere_solution *s = NULL;
  int rc = mutorere_solve(j->v, 1, NULL, NULL, NULL, &s);
  mutorere_solution_free(s);
  return rc;
}

static int run_search(Job *j) {
  return mutorere_search(j->g, 64, 0, NULL, NULL, &j->move, &j->score);
}

static int run_play(Job *j) {
  return mutorere_game_play(j->g, j->move);
}

static int run_load(Job *j) {
  mutorere_variant *v = NULL;
  int rc = mutorere_variant_load(j->path, &v);
  mutorere_variant_free(v);
  return rc;
}

/* The game's position as text (static). */
static const char *position_text(const mutorere_game *g) {
  static char text[MUTORERE_POSITION_MAX];
  if (mutorere_game_position(g, text, sizeof text)) return "(error)";
  return text;
}

static void sleep_ms(int ms) {
  struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

static double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Runs j on a thread, interrupts target (after 100 ms) from this one, and
** checks that j ends cancelled within 5 s, saying so. */
static void interrupted(Job *j, const mutorere_variant *target,
                        const char *what) {
  pthread_t t;
  j->started = 0;
  pthread_create(&t, NULL, job_thread, j);
  while (!__atomic_load_n(&j->started, __ATOMIC_ACQUIRE)) sleep_ms(1);
  sleep_ms(100);
  double at = seconds_now();
  mutorere_interrupt(target);
  pthread_join(t, NULL);
  char text[700];
  snprintf(text, sizeof text, "%s gave %d \"%s\"", what, j->rc, j->error);
  check(j->rc == MUTORERE_ECANCELLED && strstr(j->error, "cancel") != NULL,
        __FILE__, __LINE__, text);
  snprintf(text, sizeof text, "%s took %.2f s to stop", what, seconds_now() - at);
  check(seconds_now() - at < 5, __FILE__, __LINE__, text);
}

static void test_interrupt(void) {
  mutorere_variant *v, *other, *hooked = NULL;
  mutorere_game *g, *og;
  if (!CHECK_OK(mutorere_variant_named("standard", 32, &v))) return;
  CHECK_OK(mutorere_variant_named("standard", 0, &other));
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  CHECK_OK(mutorere_game_new(other, NULL, &og));
  Job perft_job = {run_perft, v, g, 0, "", 0, {0, 0, 0, {0}, 0}, 0, NULL, 0};
  interrupted(&perft_job, v, "perft of depth 100");
  Job search_job = {run_search, v, g, 0, "", 0, {0, 0, 0, {0}, 0}, 0, NULL, 0};
  /* a search gives the move of the deepest search it finished */
  pthread_t t;
  pthread_create(&t, NULL, job_thread, &search_job);
  while (!__atomic_load_n(&search_job.started, __ATOMIC_ACQUIRE)) sleep_ms(1);
  sleep_ms(200);
  mutorere_interrupt(v);
  pthread_join(t, NULL);
  CHECK_INT(search_job.rc, MUTORERE_OK);
  CHECK(search_job.move.to == MUTORERE_CENTRE || search_job.move.from < 32);
  mutorere_variant *big;
  CHECK_OK(mutorere_variant_named("standard", 26, &big));
  Job solve_job = {run_solve, big, NULL, 0, "", 0, {0, 0, 0, {0}, 0}, 0, NULL, 0};
  interrupted(&solve_job, big, "the solve of 26 arms");
  mutorere_variant_free(big);
  /* an interrupt stops what runs then, not what begins after it */
  uint64_t n = 0;
  mutorere_interrupt(v);
  CHECK_OK(mutorere_perft(g, 10, NULL, NULL, &n));
  CHECK_INT(n, 136); /* mt.perft(mt.game{base = "standard", arms = 32}, 10) */
  /* an interrupt of another variant, or of all, stops none of v's later */
  Job other_job = {run_perft, other, og, 0, "", 0, {0, 0, 0, {0}, 0}, 0, NULL, 0};
  other_job.run = run_perft;
  interrupted(&other_job, NULL, "perft stopped by mutorere_interrupt(NULL)");
  CHECK_OK(mutorere_perft(og, 10, NULL, NULL, &n));
  CHECK_INT(n, 128);
  /* a rule hook that never returns (black's second move), stopped in a
  ** call that polls nothing: the play that leads there */
  const char *forever = variant_folder(
      "forever", "forever",
      "return {name = 'forever', base = 'standard',\n"
      "  allow = function(p, m)\n"
      "    if p.side == 'black' and p.empty ~= 'c' then\n"
      "      while true do pcall(function() while true do end end) end\n"
      "    end\n"
      "    return true\n"
      "  end}\n");
  char path[4200];
  snprintf(path, sizeof path, "%s/variants/forever.lua", forever);
  if (CHECK_OK(mutorere_variant_load(path, &hooked))) {
    mutorere_game *hg = NULL;
    mutorere_move first, second;
    CHECK_OK(mutorere_game_new(hooked, NULL, &hg));
    CHECK_OK(mutorere_move_parse(hooked, "4-c", &first));
    CHECK_OK(mutorere_move_parse(hooked, "5-4", &second));
    CHECK_OK(mutorere_game_play(hg, first));
    Job play_job = {run_play, hooked, hg, 0, "", 0, second, 0, NULL, 0};
    interrupted(&play_job, hooked, "a play whose hook loops");
    CHECK_STR(position_text(hg), "bbb.wwww/b w 1"); /* as it was */
    mutorere_game_free(hg);
    mutorere_variant_free(hooked);
  }
  /* loading a file that loops: stopped by an interrupt of all */
  const char *looping = variant_folder("looping", "looping",
                                       "while true do end\n");
  snprintf(path, sizeof path, "%s/variants/looping.lua", looping);
  Job load_job = {run_load, NULL, NULL, 0, "", 0, {0, 0, 0, {0}, 0}, 0, path, 0};
  interrupted(&load_job, NULL, "loading a file that loops");
  mutorere_game_free(og);
  mutorere_game_free(g);
  mutorere_variant_free(other);
  mutorere_variant_free(v);
}

/* --- the memory limit --- */

static void test_memory_limit(void) {
  mutorere_variant *v, *t;
  mutorere_solution *s = NULL;
  mutorere_game *g = NULL;
  mutorere_move m;
  int score;
  size_t held = 1, now = 0;
  if (!CHECK_OK(mutorere_variant_named("standard", 20, &v))) return;
  CHECK_OK(mutorere_variant_memory(v, &held));
  CHECK_INT(held, 0);
  CHECK_OK(mutorere_game_new(v, NULL, &g));
  CHECK_OK(mutorere_variant_memory(v, &held));
  CHECK(held > 0); /* the game's positions */
  CHECK_OK(mutorere_variant_set_memory_limit(v, held + 1000));
  /* a solve needs more: refused with the figures, nothing taken */
  CHECK_FAILS(mutorere_solve(v, 1, NULL, NULL, NULL, &s), MUTORERE_ELIMIT,
              "not enough memory to solve: 20 arms take");
  CHECK(s == NULL);
  /* a search's table: refused by the limit, which the message names */
  CHECK_FAILS(mutorere_search(g, 4, 0, NULL, NULL, &m, &score), MUTORERE_ELIMIT,
              "the memory limit of variant 'standard' (");
  CHECK(strstr(mutorere_last_error(), "was reached: not enough memory to "
                                      "search") != NULL);
  CHECK_OK(mutorere_variant_memory(v, &now));
  CHECK_INT(now, held);
  /* without a limit both run, and the solution's bytes are the variant's */
  CHECK_OK(mutorere_variant_set_memory_limit(v, 0));
  CHECK_OK(mutorere_search(g, 4, 0, NULL, NULL, &m, &score));
  CHECK_OK(mutorere_solve(v, 2, NULL, NULL, NULL, &s));
  CHECK_OK(mutorere_variant_memory(v, &now));
  CHECK(now > held + 100000); /* 20 arms: 185 kB of values at least */
  mutorere_solution_free(s);
  s = NULL;
  CHECK_OK(mutorere_variant_memory(v, &now));
  CHECK_INT(now, held);
  mutorere_game_free(g);
  g = NULL;
  CHECK_OK(mutorere_variant_memory(v, &now));
  CHECK_INT(now, 0);
  mutorere_variant_free(v);
  /* a variant written in Lua: its state's bytes count; the walk of its
  ** reachable states stops at the limit */
  if (!CHECK_OK(mutorere_variant_named("tired-piece", 12, &t))) return;
  CHECK_OK(mutorere_variant_memory(t, &held));
  CHECK(held > 50000); /* a Lua state with the module */
  CHECK_OK(mutorere_variant_set_memory_limit(t, held + 20000));
  CHECK_FAILS(mutorere_solve(t, 1, NULL, NULL, NULL, &s), MUTORERE_ELIMIT,
              "the memory limit of variant 'tired-piece' (");
  CHECK(s == NULL);
  CHECK_OK(mutorere_variant_memory(t, &now));
  CHECK(now <= held + 20000);
  CHECK_OK(mutorere_variant_set_memory_limit(t, 0));
  CHECK_OK(mutorere_solve(t, 1, NULL, NULL, NULL, &s));
  mutorere_solution_free(s);
  CHECK_FAILS(mutorere_variant_set_memory_limit(NULL, 1), MUTORERE_EINVAL,
              "variant is NULL");
  CHECK_FAILS(mutorere_variant_memory(t, NULL), MUTORERE_EINVAL,
              "bytes is NULL");
  mutorere_variant_free(t);
}

/* --- progress --- */

/* The reports of a solve, checked as they come. */
typedef struct Reports {
  char phase[64];
  uint64_t done, total;
  int count, repeated, ends, ends_twice, bad;
  char last_end[64]; /* the phase whose end was told last */
} Reports;

static void on_report(void *ctx, const char *phase, uint64_t done,
                      uint64_t total) {
  Reports *r = ctx;
  if (strcmp(phase, "settled") == 0) return; /* a count, not a phase */
  if (r->count && strcmp(phase, r->phase) == 0 && done == r->done) r->repeated++;
  if (total && done > total) r->bad++;
  if (strcmp(phase, r->phase) == 0 && r->total && r->done == r->total)
    r->bad++; /* a report of a phase after its end */
  if (total && done == total) {
    r->ends++;
    if (strcmp(r->last_end, phase) == 0 && strcmp(r->phase, phase) == 0)
      r->ends_twice++;
    snprintf(r->last_end, sizeof r->last_end, "%s", phase);
  }
  snprintf(r->phase, sizeof r->phase, "%s", phase);
  r->done = done, r->total = total, r->count++;
}

/* Solves name on arms arms with threads (a variant file when arms is -1);
** checks that no report is told twice and that each phase's end is told
** once, last. */
static void check_reports(const char *name, int arms, int threads) {
  mutorere_variant *v;
  mutorere_solution *s = NULL;
  Reports r;
  memset(&r, 0, sizeof r);
  if (!CHECK_OK(arms < 0 ? mutorere_variant_load(name, &v)
                         : mutorere_variant_named(name, arms, &v)))
    return;
  CHECK_OK(mutorere_solve(v, threads, NULL, on_report, &r, &s));
  char what[200];
  snprintf(what, sizeof what, "%s on %d arms, %d threads: %d reports", name,
           arms, threads, r.count);
  check(r.count > 2, __FILE__, __LINE__, what);
  check(r.ends >= 1, __FILE__, __LINE__, what);
  check_int(r.repeated, 0, __FILE__, __LINE__, "reports told twice");
  check_int(r.ends_twice, 0, __FILE__, __LINE__, "ends told twice");
  check_int(r.bad, 0, __FILE__, __LINE__, "reports past a phase's end");
  mutorere_solution_free(s);
  mutorere_variant_free(v);
}

static void test_progress(void) {
  for (int arms = 8; arms <= 20; arms += 4)
    for (int threads = 1; threads <= 2; threads++)
      check_reports("standard", arms, threads);
  check_reports("misere", 18, 2);
  /* solved on the states play reaches (doc/solving.md's eight): walked,
  ** then solved */
  const char *late = variant_folder(
      "late", "tired-late-8",
      "return {name = 'tired-late-8', base = 'standard', history = 6,\n"
      "  allow = function(_, m, h)\n"
      "    return not (h[1] and m.from == h[1].to and h[6]) end}\n");
  char path[4200];
  snprintf(path, sizeof path, "%s/variants/tired-late-8.lua", late);
  check_reports(path, -1, 1);
}

/* --- copies, records and pictures --- */

/* Plays the moves (text, separated by spaces) on g. */
static int play_all(const mutorere_variant *v, mutorere_game *g,
                    const char *moves) {
  char copy[256], *save = NULL;
  snprintf(copy, sizeof copy, "%s", moves);
  for (char *m = strtok_r(copy, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
    mutorere_move move;
    int rc = mutorere_move_parse(v, m, &move);
    if (!rc) rc = mutorere_game_play(g, move);
    if (rc) return rc;
  }
  return MUTORERE_OK;
}

/* A game of v after moves: its record read back is the same game, a copy
** goes its own way, its picture is an SVG. */
static void round_trip(const mutorere_variant *v, const char *moves) {
  mutorere_game *g = NULL, *back = NULL, *copy = NULL;
  char record[4096], again[4096], svg[65536];
  size_t size = sizeof record, asked = 0, svg_size = sizeof svg;
  if (!CHECK_OK(mutorere_game_new(v, NULL, &g)) ||
      !CHECK_OK(play_all(v, g, moves)))
    return;
  CHECK_OK(mutorere_game_record(g, record, &size));
  CHECK_INT(size, strlen(record) + 1);
  CHECK(strstr(record, "[Variant") != NULL);
  CHECK_FAILS(mutorere_game_record(g, NULL, &asked), MUTORERE_EINVAL, "takes");
  CHECK_INT(asked, size);
  size_t small = 10;
  CHECK_FAILS(mutorere_game_record(g, again, &small), MUTORERE_EINVAL,
              "the record takes");
  if (CHECK_OK(mutorere_game_from_record(v, record, &back))) {
    char p1[MUTORERE_POSITION_MAX];
    snprintf(p1, sizeof p1, "%s", position_text(g));
    CHECK_STR(position_text(back), p1);
    size = sizeof again;
    CHECK_OK(mutorere_game_record(back, again, &size));
    CHECK_STR(again, record);
  }
  CHECK_OK(mutorere_game_svg(g, svg, &svg_size));
  CHECK(strstr(svg, "<svg") != NULL && strstr(svg, "</svg>") != NULL);
  if (CHECK_OK(mutorere_game_copy(g, &copy))) {
    char before[MUTORERE_POSITION_MAX];
    mutorere_move list[MUTORERE_MAX_MOVES];
    int k = 0;
    snprintf(before, sizeof before, "%s", position_text(g));
    CHECK_STR(position_text(copy), before);
    CHECK_OK(mutorere_game_moves(copy, list, &k));
    if (k > 0) CHECK_OK(mutorere_game_play(copy, list[0]));
    CHECK_STR(position_text(g), before);
    CHECK_OK(mutorere_game_undo(copy));
    CHECK_STR(position_text(copy), before);
  }
  mutorere_game_free(copy);
  mutorere_game_free(back);
  mutorere_game_free(g);
}

static void test_texts(void) {
  mutorere_variant *v = NULL, *other = NULL, *custom = NULL, *points = NULL;
  mutorere_game *g = NULL;
  mutorere_rules r;
  CHECK_OK(mutorere_variant_named("standard", 0, &v));
  CHECK_OK(mutorere_variant_named("misere", 0, &other));
  mutorere_rules_standard(&r);
  r.arms = 10, r.misere = 1;
  CHECK_OK(mutorere_variant_new("misere-10", &r, &custom));
  CHECK_OK(mutorere_variant_named("pong-hau-ki", 0, &points));
  round_trip(v, "4-c 5-4 c-5");
  round_trip(custom, "1-c 10-1");
  round_trip(points, "tl-c bl-tl");
  char record[4096];
  size_t size = sizeof record;
  /* a variant of rule fields: its record says each of them */
  if (CHECK_OK(mutorere_game_new(custom, NULL, &g))) {
    CHECK_OK(mutorere_game_record(g, record, &size));
    CHECK(strstr(record, "[Arms \"10\"]\n[Flank \"always\"]\n[AdjacentEnemy \"false\"]\n"
                         "[Misere \"true\"]\n[Repetition \"3\"]\n[MaxPlies \"0\"]\n") != NULL);
    mutorere_game_free(g);
  }
  /* refusals */
  size = sizeof record;
  if (CHECK_OK(mutorere_game_new(v, NULL, &g))) {
    CHECK_OK(mutorere_game_record(g, record, &size));
    mutorere_game *wrong = NULL;
    CHECK_FAILS(mutorere_game_from_record(other, record, &wrong),
                MUTORERE_EINVAL, "the record is of variant 'standard', not 'misere'");
    CHECK(wrong == NULL);
    CHECK_FAILS(mutorere_game_from_record(v, "[Variant \"standard\"]\n1. 3-2\n",
                                          &wrong),
                MUTORERE_EINVAL, "bad record");
    CHECK_FAILS(mutorere_game_copy(NULL, &wrong), MUTORERE_EINVAL, "game is NULL");
    CHECK_FAILS(mutorere_game_svg(g, NULL, NULL), MUTORERE_EINVAL, "size is NULL");
    mutorere_game_free(g);
  }
  mutorere_variant_free(points);
  mutorere_variant_free(custom);
  mutorere_variant_free(other);
  mutorere_variant_free(v);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_embedder SCRATCH_DIR\n");
    return 2;
  }
  scratch = argv[1];
  test_path();
  test_interrupt();
  test_memory_limit();
  test_progress();
  test_texts();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

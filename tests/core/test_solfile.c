/*
** test_solfile.c — solution files: round trips of symmetric and plain
** tables; a foreign, other-version, damaged, truncated or padded file is
** refused; the header is covered by the checksum and checked against the
** rules; every code of a table is checked against what the rules can give
** (crafted tables with a recomputed checksum: every byte 255, random
** bytes, each code alone, against a naive rule written here); files of
** formats 2 and 3 (the index before format 4; values a byte each, or 2
** bits each) are read, their codes checked, and answer as the solution,
** and files that mutorere wrote then (tests/core/old-tables) load as the
** tables solved now, byte for byte; files that
** are not regular are refused, at once; saving never follows a link,
** never replaces what is not a regular file, keeps the old file's
** permissions and leaves no temporary file, whether it succeeds, is
** cancelled, fails or is killed.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "hooks.h"
#include "memory.h"
#include "rank.h"
#include "safefile.h"
#include "solfile.h"
#include "symsolver.h"

#define PROGRAM "9.9.9"

static char dir[256], path[400], text[BOARD_ERRMAX];

/* --- helpers --- */

/* What a file of the rules r holds: symmetric as s is. */
static SolfileId id_of(const Rules *r, const char *variant, int symmetric,
                       int verdicts) {
  return (SolfileId){
      PROGRAM, variant,   rules_hooked(r) ? "0123456789abcdef" : "none",
      r,       symmetric, verdicts};
}

/* Solves a built-in variant (symmetric) into s, its rules into r. */
static void solve(Solution *s, Rules *r, const char *name, int n) {
  rules_named(r, name, n, text);
  CHECK_INT(symsolver_solve(s, r, 2, NULL, NULL, text), SOLVER_OK);
}

/* Saves s, of the rules r named variant, to path. */
static int save(const Solution *s, const Rules *r, const char *variant,
                int verdicts) {
  SolfileId id = id_of(r, variant, s->sym != NULL, verdicts);
  return solfile_save(s, &id, path, NULL, NULL, text);
}

/* Loads path as the rules r named variant; the message in text. */
static int load(Solution *s, const Rules *r, const char *variant, int symmetric,
                int verdicts) {
  SolfileId id = id_of(r, variant, symmetric, verdicts);
  return solfile_load(s, &id, path, NULL, NULL, text);
}

/* 1 when both solutions give every position the same value. */
static int same_values(const Solution *a, const Solution *b) {
  if (a->n != b->n || a->opening != b->opening) return 0;
  for (int ply = 0; ply <= a->opening; ply++)
    for (uint64_t r = 0; r < a->layer; r++) {
      Position p;
      int d1, d2;
      rank_unrank(r, a->n, (uint32_t)ply, &p);
      if (solver_lookup(a, &p, NULL, &d1) != solver_lookup(b, &p, NULL, &d2) ||
          d1 != d2)
        return 0;
    }
  return 1;
}

/* Reads the whole file at path (size in *k). */
static char *slurp(size_t *k) {
  FILE *f = fopen(path, "rb");
  char *data = malloc(1 << 20);
  *k = fread(data, 1, 1 << 20, f);
  fclose(f);
  return data;
}

/* Writes the file at path anew: a new file, since truncating one just
** written makes ext4 write it out first (milliseconds, thousands of times). */
static void spit(const char *data, size_t k) {
  remove(path);
  FILE *f = fopen(path, "wb");
  fwrite(data, 1, k, f);
  fclose(f);
}

/* Solves the standard rule on n arms into s (its rules in r), saves it to
** path and returns the file's bytes (their count in *k). */
static char *standard_file(Solution *s, Rules *r, int n, size_t *k) {
  solve(s, r, "standard", n);
  CHECK_INT(save(s, r, "standard", 0), SOLVER_OK);
  return slurp(k);
}

/* Checks that the last call failed with a message holding want. */
static void says(const char *want) {
  if (!strstr(text, want)) fprintf(stderr, "message: %s\n", text);
  CHECK(strstr(text, want) != NULL);
}

/* Loads path as the rules r named variant and checks the refusal says
** want. */
static void refused_as(const Rules *r, const char *variant, int symmetric,
                       int verdicts, const char *want) {
  Solution s;
  if (CHECK_INT(load(&s, r, variant, symmetric, verdicts), SOLVER_ERROR))
    says(want);
  else
    solver_free(&s);
}

/* Rewrites the file with the first occurrence of from replaced by to
** (the checksum left as it was). */
static void edit(const char *original, size_t k, const char *from,
                 const char *to) {
  char *copy = malloc(k + 64);
  const char *at = strstr(original, from);
  size_t before = (size_t)(at - original), a = strlen(from), b = strlen(to);
  memcpy(copy, original, before);
  memcpy(copy + before, to, b);
  memcpy(copy + before + b, at + a, k - before - a);
  spit(copy, k - a + b);
  free(copy);
}

/* --- a checksum of our own, to craft files that pass it --- */

static uint64_t naive_checksum(uint64_t h, const unsigned char *p, size_t k) {
  size_t i = 0;
  for (; i + 8 <= k; i += 8) {
    uint64_t w = 0;
    for (int j = 7; j >= 0; j--) w = w << 8 | p[i + (size_t)j];
    h = (h ^ w) * 0x100000001b3u;
    h ^= h >> 29;
  }
  for (; i < k; i++) h = (h ^ p[i]) * 0x100000001b3u;
  return h;
}

/* Writes the file data (k bytes) to path with its checksum recomputed as
** the format says: over the header's lines before it, then the table. */
static void spit_sealed(char *data, size_t k) {
  char *line = strstr(data, "\nchecksum ") + 1;
  char *table = strstr(line, "\n\n") + 2;
  uint64_t h = naive_checksum(0xcbf29ce484222325u, (unsigned char *)data,
                              (size_t)(line - data));
  h = naive_checksum(h, (unsigned char *)table, k - (size_t)(table - data));
  char hex[17];
  snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
  memcpy(line + 9, hex, 16);
  spit(data, k);
}

/* The offset of the table in the file data. */
static size_t table_at(const char *data) {
  return (size_t)(strstr(data, "\n\n") + 2 - data);
}

/* --- round trips --- */

/* A result hook: the side to move wins with a piece in the centre and both
** arms next to the empty one (symmetric, and it makes value coding). */
static int centre_result(void *ctx, const Position *p, const History *h) {
  (void)ctx, (void)h;
  uint64_t empty = board_empty_arms(p), own = p->arms[p->side];
  uint64_t around = rules_rot_up(empty, p->n) | rules_rot_down(empty, p->n);
  if (!empty || p->centre != p->side || (around & own) != around)
    return OUTCOME_NONE;
  return p->side == BLACK ? OUTCOME_BLACK : OUTCOME_WHITE;
}

/* An allow hook: a piece in the centre must leave it (symmetric). */
static int centre_leaves(void *ctx, const Position *p, const History *h,
                         Move m) {
  (void)ctx, (void)h;
  return p->centre != p->side || m.from == BOARD_CENTRE;
}

static void test_round_trips(void) {
  static const char *const names[] = {"standard", "first-two-turns", "misere"};
  for (int i = 0; i < 3; i++) {
    Solution a, b;
    Rules r;
    solve(&a, &r, names[i], 12);
    CHECK_INT(save(&a, &r, names[i], 0), SOLVER_OK);
    if (CHECK_INT(load(&b, &r, names[i], 1, 0), SOLVER_OK)) {
      CHECK(b.sym != NULL);
      CHECK(same_values(&a, &b));
      solver_free(&b);
    }
    solver_free(&a);
  }
  Rules r;
  Solution a, b;
  rules_named(&r, "standard", 10, text);
  TestHooks hooks = {NULL, centre_result, NULL};
  test_hooks_wire(&r, &hooks);
  CHECK_INT(symsolver_solve(&a, &r, 1, NULL, NULL, text), SOLVER_OK);
  CHECK_INT(a.sym->bits, 8);
  CHECK_INT(save(&a, &r, "centre", 1), SOLVER_OK);
  if (CHECK_INT(load(&b, &r, "centre", 1, 1), SOLVER_OK)) {
    CHECK(same_values(&a, &b));
    solver_free(&b);
  }
  solver_free(&a);
  CHECK_INT(solver_solve(&a, &r, NULL, text), SOLVER_OK); /* a plain table */
  CHECK_INT(save(&a, &r, "centre", 1), SOLVER_OK);
  if (CHECK_INT(load(&b, &r, "centre", 0, 1), SOLVER_OK)) {
    CHECK(b.sym == NULL);
    CHECK(same_values(&a, &b));
    solver_free(&b);
  }
  /* the same table asked for as symmetric: its index is not the rules' */
  refused_as(&r, "centre", 1, 1, "its header's index is not symmetric");
  /* or for hooks of another code */
  SolfileId other = id_of(&r, "centre", 0, 1);
  other.hooks = "fedcba9876543210";
  CHECK_INT(solfile_load(&b, &other, path, NULL, NULL, text), SOLVER_ERROR);
  says("was solved with other hooks (the code of this variant's hooks "
       "differs)");
  solver_free(&a);
}

/* --- refusals --- */

static void test_refusals(void) {
  Solution s;
  Rules r, misere;
  size_t k;
  char *good = standard_file(&s, &r, 12, &k);
  solver_free(&s);
  rules_named(&misere, "misere", 12, text);
  refused_as(&misere, "misere", 1, 0, "holds another variant: standard");
  SolfileId other = id_of(&r, "standard", 1, 0);
  other.program = "0.0.1";
  CHECK_INT(solfile_load(&s, &other, path, NULL, NULL, text), SOLVER_ERROR);
  says("written by mutorere 9.9.9; this is 0.0.1");
  edit(good, k, "format 4", "format 7");
  refused_as(&r, "standard", 1, 0,
             "of format 7; this program reads formats 2 to 4");
  edit(good, k, "arms 12", "arms 14");
  refused_as(&r, "standard", 1, 0, "its header's arms is not 12");
  edit(good, k, "mutorere solution", "a grocery list");
  refused_as(&r, "standard", 1, 0, "is not a solution file");
  spit(good, k / 2);
  refused_as(&r, "standard", 1, 0, "truncated");
  spit(good, 20);
  refused_as(&r, "standard", 1, 0, "not a solution file");
  char *bad = malloc(k + 1);
  memcpy(bad, good, k);
  bad[k] = 0;
  spit(bad, k + 1);
  refused_as(&r, "standard", 1, 0, "damaged: its size is wrong");
  bad[k - 100] ^= 0x10;
  spit(bad, k);
  refused_as(&r, "standard", 1, 0, "damaged: its checksum does not match");
  spit(good, k);
  size_t before = memory_set_limit(memory_in_use() + 1000);
  refused_as(&r, "standard", 1, 0, "not enough memory to load");
  memory_set_limit(before);
  remove(path);
  refused_as(&r, "standard", 1, 0, "cannot read the solution");
  free(bad);
  free(good);
}

/* --- the header --- */

/* Edits the file good (k bytes) from -> to, with the checksum recomputed
** when sealed, and checks that loading it as standard on 12 arms says
** want. */
static void header_edit(const char *good, size_t k, const char *from,
                        const char *to, int sealed, const char *want) {
  Rules r;
  rules_named(&r, "standard", 12, text);
  edit(good, k, from, to);
  if (sealed) {
    size_t j;
    char *data = slurp(&j);
    spit_sealed(data, j);
    free(data);
  }
  refused_as(&r, "standard", 1, 0, want);
}

static void test_header(void) {
  Solution s;
  Rules r;
  size_t k;
  char *good = standard_file(&s, &r, 12, &k);
  solver_free(&s);
  static const char *const fields = "its header's ";
  for (int sealed = 0; sealed < 2; sealed++) {
    /* the rules decide every field: a swapped coding would swap every win
    ** and loss */
    header_edit(good, k, "coding values-wins-odd", "coding values-wins-even",
                sealed, "its header's coding is not values-wins-odd");
    header_edit(good, k, "coding values-wins-odd", "coding value", sealed,
                fields);
    header_edit(good, k, "coding values-wins-odd", "coding parity-wins-odd",
                sealed, "its header's coding is not values-wins-odd");
    header_edit(good, k, "index symmetric", "index plain", sealed,
                "its header's index is not symmetric");
    header_edit(good, k, "opening 0", "opening 1", sealed,
                "its header's opening is not 0");
    header_edit(good, k, "layers 1", "layers 2", sealed,
                "its header's layers is not 1");
    header_edit(good, k, "entries 1280", "entries 1281", sealed,
                "its header's entries is not 1280");
    /* nothing but the form this program writes */
    header_edit(good, k, "arms 12", "arms 012", sealed, "not a solution file");
    header_edit(good, k, "arms 12", "arms 12 ", sealed, "not a solution file");
    header_edit(good, k, "layers 1", "layers 1x", sealed,
                "not a solution file");
  }
  /* every line is covered: a variant line that fits, not sealed */
  edit(good, k, "variant standard", "variant standarX");
  refused_as(&r, "standarX", 1, 0, "its checksum does not match");
  edit(good, k, "program 9.9.9", "program 9.9.8");
  SolfileId id = id_of(&r, "standard", 1, 0);
  id.program = "9.9.8";
  CHECK_INT(solfile_load(&s, &id, path, NULL, NULL, text), SOLVER_ERROR);
  says("its checksum does not match");
  /* the checksum in capitals: the same number, but not the form written */
  char *upper = malloc(k);
  memcpy(upper, good, k);
  int capitals = 0;
  for (char *c = strstr(upper, "\nchecksum ") + 10; *c != '\n'; c++)
    if (*c >= 'a' && *c <= 'f') *c = (char)(*c - 'a' + 'A'), capitals++;
  CHECK(capitals > 0);
  spit(upper, k);
  refused_as(&r, "standard", 1, 0, "not a solution file");
  free(upper);
  /* sealed, it loads: the checksum is no signature */
  edit(good, k, "variant standard", "variant standarX");
  size_t j;
  char *data = slurp(&j);
  spit_sealed(data, j);
  if (CHECK_INT(load(&s, &r, "standarX", 1, 0), SOLVER_OK)) solver_free(&s);
  free(data);
  free(good);
}

/* --- the codes --- */

/* The first of the four 2-bit codes of byte b that is 3 (no value), or
** -1. */
static int first_three(int b) {
  for (int j = 0; j < 4; j++)
    if ((b >> (2 * j) & 3) == 3) return j;
  return -1;
}

/* 1 when byte code may stand in a table: five values (0 draw, 1 win, 2
** loss, v0 + 3 v1 + ... + 81 v4); format 3's four values (2 bits each);
** coded by parity, format 2 (distance code - 1); or by
** value (1 + 2 * distance, + 1 for a loss, the distance up to longest);
** verdicts: the rules may end a game by their own verdict, else only a
** blocked side ends it, losing (winning in misère). */
static int naive_possible(int code, int coding, int longest, int verdicts,
                          int misere) {
  if (coding == 2) return code < 243;
  if (coding == 4) return first_three(code) < 0;
  if (code == 0) return 1;
  if (coding == 'p') return code - 1 <= 234;
  int d = (code - 1) / 2, loss = (code - 1) % 2;
  if (d > longest) return 0;
  if (verdicts) return 1;
  int mover_blocked = d % 2 == 0; /* at the end */
  return loss == (mover_blocked != misere);
}

/* Writes the file good (k bytes) with every code of its table set to
** code, sealed. */
static void fill_codes(const char *good, size_t k, int code) {
  char *data = malloc(k);
  memcpy(data, good, k);
  size_t t = table_at(data);
  memset(data + t, code, k - t);
  spit_sealed(data, k);
  free(data);
}

/* Tries every byte as every byte of the table of the file good (k bytes,
** of the rules r, verdicts as said, coded as naive_possible says): the
** loader takes exactly what naive_possible takes.  Returns the number of
** bytes taken. */
static int try_every_byte(char *good, size_t k, const Rules *r, int symmetric,
                          int coding, int verdicts, int longest) {
  int taken = 0;
  for (int code = 0; code < 256; code++) {
    Solution b;
    fill_codes(good, k, code);
    int rc = load(&b, r, "v", symmetric, verdicts);
    int want = naive_possible(code, coding, longest, verdicts, r->misere);
    if (!CHECK_INT(rc == SOLVER_OK, want))
      fprintf(stderr, "code %d: %s\n", code, rc ? text : "taken");
    if (rc == SOLVER_OK) {
      taken++;
      int d;
      Position p;
      board_start(&p, r->arms);
      solver_lookup(&b, &p, NULL, &d); /* as far as a table can say */
      CHECK(d <= SOLVER_LONGEST);
      solver_free(&b);
    } else if (!want) {
      char entry[80];
      if (coding == 2)
        snprintf(entry, sizeof entry,
                 "is damaged: byte 0 of its table is %d, which is not five "
                 "values", code);
      else
        snprintf(entry, sizeof entry, "is damaged: entry %d ",
                 coding == 4 ? first_three(code) : 0);
      CHECK(strstr(text, entry) != NULL);
    }
  }
  return taken;
}

/* Saves s (rules r, verdicts as said) and tries every byte as every byte
** of its table.  Returns the number of bytes taken. */
static int try_every_code(const Solution *s, const Rules *r, int verdicts,
                          int longest) {
  size_t k;
  CHECK_INT(save(s, r, "v", verdicts), SOLVER_OK);
  char *good = slurp(&k);
  int coding = s->sym && s->sym->bits == 2 ? 2 : 'v';
  int taken =
      try_every_byte(good, k, r, s->sym != NULL, coding, verdicts, longest);
  free(good);
  return taken;
}

static void test_codes(void) {
  Solution s;
  Rules r;
  size_t k;
  /* the UBSan finding: every byte 255, the checksum recomputed */
  char *good = standard_file(&s, &r, 8, &k);
  fill_codes(good, k, 255);
  refused_as(&r, "standard", 1, 0,
             "byte 0 of its table is 255, which is not five values");
  /* random bytes, sealed */
  srand(19);
  char *data = malloc(k);
  memcpy(data, good, k);
  for (size_t i = table_at(data); i < k; i++) data[i] = (char)(rand() % 256);
  spit_sealed(data, k);
  refused_as(&r, "standard", 1, 0, "which is not five values");
  free(data);
  free(good);
  /* each code alone, for each coding: values, the 3^5 bytes of five */
  CHECK_INT(try_every_code(&s, &r, 0, 234), 243);
  solver_free(&s);
  solve(&s, &r, "misere", 8);
  CHECK_INT(try_every_code(&s, &r, 0, 234), 243);
  solver_free(&s);
  TestHooks allow = {centre_leaves, NULL, NULL};
  TestHooks result = {NULL, centre_result, NULL};
  for (int misere = 0; misere < 2; misere++) {
    rules_named(&r, misere ? "misere" : "standard", 8, text);
    test_hooks_wire(&r, &allow);
    CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, text), SOLVER_OK);
    /* by value; a blocked side alone ends a game: half the codes */
    CHECK_INT(try_every_code(&s, &r, 0, 116), 118);
    solver_free(&s);
    CHECK_INT(solver_solve(&s, &r, NULL, text), SOLVER_OK);
    CHECK_INT(try_every_code(&s, &r, 0, 126), 128);
    solver_free(&s);
  }
  rules_named(&r, "standard", 8, text);
  test_hooks_wire(&r, &result);
  CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, text), SOLVER_OK);
  CHECK_INT(try_every_code(&s, &r, 1, 116),
            235); /* any value at any distance */
  /* and random codes that are all possible load: no more is checked */
  save(&s, &r, "v", 1);
  good = slurp(&k);
  for (size_t i = table_at(good); i < k; i++) good[i] = (char)(rand() % 235);
  spit_sealed(good, k);
  Solution b;
  if (CHECK_INT(load(&b, &r, "v", 1, 1), SOLVER_OK)) solver_free(&b);
  free(good);
  solver_free(&s);
  remove(path);
}

/* --- files of formats 2 and 3 --- */

/* The board of entry i of a layer in the index before format 4: the
** entries with an empty arm as today's; then C(n, n/2) with the centre
** empty, the own arms as they lie (the rank of the mask). */
static void old_unrank(const SymRank *t, uint64_t i, uint32_t ply,
                       Position *p) {
  if (i < t->combos) {
    CHECK_INT(symrank_unrank(t, i, ply, p), 0);
    return;
  }
  uint64_t own = symrank_mask(t, i - t->combos);
  symrank_to_position(t->n, own, t->full & ~own, CENTRE_EMPTY, ply, p);
}

/* Replaces the value of the header line key in data (a file's bytes, its
** header first: *k bytes, room for 64 more) by value. */
static void set_line(char *data, size_t *k, const char *key,
                     const char *value) {
  char *at = strstr(data, key), *end = strchr(at, '\n');
  size_t a = strlen(key), b = strlen(value), old = (size_t)(end - at) - a;
  memmove(at + a + b, end, *k - (size_t)(end - data));
  memcpy(at + a, value, b);
  *k = *k - old + b;
}

/* Writes the file of s (rules r, named variant, without hooks) as format
** (2 or 3) wrote it, in the index of then (old_unrank): format 2 a byte an
** entry (0 for a draw, else 1 + distance), format 3 the values, 2 bits
** each (0 draw, 1 win, 2 loss, the first entry in the low bits), from its
** lookups, sealed.  Returns its bytes (their count in *k). */
static char *old_file(const Solution *s, const Rules *r, const char *variant,
                      int format, size_t *k) {
  size_t j;
  CHECK_INT(save(s, r, variant, 0), SOLVER_OK);
  char *now = slurp(&j);
  now[table_at(now)] = 0; /* the header alone */
  size_t t = table_at(now);
  const SymRank *rank = &s->sym->rank;
  uint64_t layer = 2 * rank->combos;
  uint64_t entries = layer * (uint64_t)s->sym->layers;
  char *old = calloc(t + 64 + entries, 1), number[32];
  memcpy(old, now, t);
  snprintf(number, sizeof number, "%d", format);
  set_line(old, &t, "format ", number);
  snprintf(number, sizeof number, "%llu", (unsigned long long)layer);
  set_line(old, &t, "entries ", number);
  if (format == 2) memcpy(strstr(old, "coding values-") + 7, "parity", 6);
  for (uint64_t i = 0; i < entries; i++) {
    Position p;
    int d, layer_ply = (int)(i / layer);
    uint32_t ply = layer_ply == s->sym->layers - 1 ? (uint32_t)s->opening
                                                   : (uint32_t)layer_ply;
    old_unrank(rank, i % layer, ply, &p);
    int value = solver_lookup(s, &p, NULL, format == 2 ? &d : NULL);
    if (format == 2)
      old[t + i] = (char)(value == VALUE_DRAW ? 0 : 1 + d);
    else
      old[t + i / 4] = (char)(old[t + i / 4] | value << (i % 4 * 2));
  }
  *k = t + (format == 2 ? entries : entries / 4);
  spit_sealed(old, *k);
  free(now);
  return old;
}

static void test_old_format(void) {
  static const char *const names[] = {"standard", "misere", "first-move"};
  for (int format = 2; format <= 3; format++)
    for (int i = 0; i < 4; i++) {
      Solution s, back;
      Rules r;
      size_t k;
      rules_named(&r, names[i % 3], 12 - 2 * (i / 3), text);
      if (i == 3) r.flank_plies = SYMTABLE_SEARCH_PLIES + 2; /* layers kept */
      CHECK_INT(symsolver_solve(&s, &r, 1, NULL, NULL, text), SOLVER_OK);
      char *old = old_file(&s, &r, "v", format, &k);
      CHECK(strstr(old, format == 3 && i == 1 ? "coding values-wins-even"
                        : format == 3         ? "coding values-wins-odd"
                        : i == 1              ? "coding parity-wins-even"
                                              : "coding parity-wins-odd") !=
            NULL);
      if (CHECK_INT(load(&back, &r, "v", 1, 0), SOLVER_OK)) {
        CHECK_INT(back.sym->bits, 2); /* kept as values */
        CHECK_INT(back.sym->layers, s.sym->layers);
        CHECK(same_values(&s, &back));
        uint64_t bytes = symtable_bytes(symtable_entries(&s), 2);
        CHECK(memcmp(s.codes, back.codes, (size_t)bytes) == 0);
        solver_free(&back);
      }
      if (i == 0 && format == 2) { /* its checks: codes, checksum, size */
        CHECK_INT(try_every_byte(old, k, &r, 1, 'p', 0, 234), 236);
        old[k - 1] ^= 1;
        spit(old, k);
        refused_as(&r, "v", 1, 0, "its checksum does not match");
        spit(old, k - 1);
        refused_as(&r, "v", 1, 0, "truncated");
      }
      if (i == 0 && format == 3) {
        CHECK_INT(try_every_byte(old, k, &r, 1, 4, 0, 234), 81);
        fill_codes(old, k, 255);
        refused_as(&r, "v", 1, 0, "entry 0 holds code 3, which is no value");
      }
      free(old);
      solver_free(&s);
    }
  remove(path);
}

/* Files that mutorere wrote before format 4 (tests/core/old-tables: the
** standard game on 16 to 20 arms, misère on 16, format 3) load into the
** tables this solver makes, byte for byte: every value is as it was.
** With a folder as argument (e.g. files on 22 to 26 arms), those too. */
static void test_old_tables(const char *folder) {
  static const struct { const char *name; int n; } files[] = {
      {"standard", 16}, {"standard", 18}, {"standard", 20}, {"misere", 16},
      {"standard", 22}, {"standard", 24}, {"standard", 26}};
  int tried = 0;
  for (int i = 0; i < 7; i++) {
    char name[600];
    snprintf(name, sizeof name, "%s/%s-%d.sol", folder, files[i].name,
             files[i].n);
    FILE *f = fopen(name, "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    size_t k = (size_t)ftell(f);
    rewind(f);
    char *data = malloc(k + 64);
    CHECK_INT(fread(data, 1, k, f), k);
    fclose(f);
    set_line(data, &k, "program ", PROGRAM); /* as if written by this one */
    spit_sealed(data, k);
    Solution s, back;
    Rules r;
    char variant[256];
    solve(&s, &r, files[i].name, files[i].n);
    solfile_rules_line(&r, variant, sizeof variant);
    if (CHECK_INT(load(&back, &r, variant, 1, 0), SOLVER_OK)) {
      uint64_t bytes = symtable_bytes(symtable_entries(&s), 2);
      if (!CHECK(memcmp(s.codes, back.codes, (size_t)bytes) == 0))
        fprintf(stderr, "%s: a value differs\n", name);
      if (files[i].n == 16) CHECK(same_values(&s, &back));
      solver_free(&back);
    } else
      fprintf(stderr, "%s: %s\n", name, text);
    solver_free(&s);
    free(data);
    tried++;
  }
  CHECK(tried >= 4);
  printf("%d tables of format 3 load as solved\n", tried);
  remove(path);
}

/* --- lookups in a file without loading it --- */

/* Opens path mapped as the rules r named variant; the message in text. */
static int map(Solution *s, const Rules *r, const char *variant,
               int verdicts) {
  SolfileId id = id_of(r, variant, 1, verdicts);
  return solfile_map(s, &id, path, text);
}

static void test_mapped(void) {
  static const char *const names[] = {"standard", "first-two-turns", "misere"};
  for (int i = 0; i < 3; i++) { /* values, searched openings among them */
    Solution a, b;
    Rules r;
    solve(&a, &r, names[i], 12);
    CHECK_INT(save(&a, &r, names[i], 0), SOLVER_OK);
    if (CHECK_INT(map(&b, &r, names[i], 0), SOLVER_OK)) {
      CHECK(same_values(&a, &b));
      CHECK(b.sym->map != NULL);
      solver_free(&b);
    }
    solver_free(&a);
  }
  Rules r;
  Solution a, b;
  rules_named(&r, "standard", 10, text); /* a byte an entry */
  TestHooks hooks = {NULL, centre_result, NULL};
  test_hooks_wire(&r, &hooks);
  CHECK_INT(symsolver_solve(&a, &r, 1, NULL, NULL, text), SOLVER_OK);
  CHECK_INT(save(&a, &r, "centre", 1), SOLVER_OK);
  if (CHECK_INT(map(&b, &r, "centre", 1), SOLVER_OK)) {
    CHECK(same_values(&a, &b));
    solver_free(&b);
  }
  size_t k;
  char *good = slurp(&k);
  spit(good, k - 1);
  CHECK_INT(map(&b, &r, "centre", 1), SOLVER_ERROR);
  says("is truncated");
  spit(good, k);
  CHECK_INT(map(&b, &r, "standard", 1), SOLVER_ERROR);
  says("holds another variant");
  free(good);
  solver_free(&a);
  /* a file of format 3: loaded, not mapped */
  rules_named(&r, "standard", 12, text);
  CHECK_INT(symsolver_solve(&a, &r, 1, NULL, NULL, text), SOLVER_OK);
  free(old_file(&a, &r, "v", 3, &k));
  CHECK_INT(map(&b, &r, "v", 0), SOLVER_ERROR);
  says("only a symmetric table of format 4 is read without loading it");
  solver_free(&a);
  CHECK_INT(memory_in_use(), 0);
  remove(path);
}

/* --- files that are not regular, links, temporary files --- */

/* The number of entries in the test's folder besides . and .. */
static int files_in_folder(void) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  while ((e = readdir(d)))
    n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
  closedir(d);
  return n;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The temporary files seen while a save writes its table. */
static char seen[2][SAFEFILE_PATHMAX];
static int seen_count;
static mode_t seen_mode;

/* The progress callback: notes the temporary file in the folder. */
static void note_temporary(void *ctx, const char *phase, uint64_t done,
                           uint64_t total) {
  (void)ctx, (void)done, (void)total;
  if (strcmp(phase, "saving") != 0 || seen_count >= 2) return;
  DIR *d = opendir(dir);
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t k = strlen(e->d_name);
    if (k > 4 && strcmp(e->d_name + k - 4, ".tmp") == 0) {
      struct stat st;
      snprintf(seen[seen_count], SAFEFILE_PATHMAX, "%s/%s", dir, e->d_name);
      if (lstat(seen[seen_count], &st) == 0) seen_mode = st.st_mode;
      seen_count++;
      break;
    }
  }
  closedir(d);
}

static void test_not_regular(void) {
  Solution s;
  Rules r;
  char fifo[320], victim[320], link[320];
  solve(&s, &r, "standard", 8);
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  snprintf(victim, sizeof victim, "%s/victim", dir);
  snprintf(link, sizeof link, "%s/link", dir);
  CHECK_INT(mkfifo(fifo, 0600), 0);
  /* a FIFO read: refused at once (opening it to read would wait for a
  ** writer) */
  snprintf(path, sizeof path, "%s", fifo);
  double t = now();
  refused_as(&r, "standard", 1, 0, "it is a FIFO, not a regular file");
  CHECK(now() - t < 5);
  /* and written: refused, left as it is */
  CHECK_INT(save(&s, &r, "standard", 0), SOLVER_ERROR);
  says("cannot save the solution to");
  says("it is a FIFO, not a regular file");
  struct stat st;
  CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
  CHECK_INT(safefile_write(fifo, "x", 1, text), -1);
  says("it is a FIFO, not a regular file");
  /* a directory */
  snprintf(path, sizeof path, "%s", dir);
  refused_as(&r, "standard", 1, 0, "it is a directory, not a regular file");
  CHECK_INT(save(&s, &r, "standard", 0), SOLVER_ERROR);
  says("it is a directory, not a regular file");
  snprintf(path, sizeof path, "%s/", dir);
  CHECK_INT(save(&s, &r, "standard", 0), SOLVER_ERROR);
  /* a socket (no device is written here: should the check fail, the test
  ** would replace it, and it runs as root on some machines) */
  char socket_path[320];
  snprintf(socket_path, sizeof socket_path, "%s/socket", dir);
  int sock = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  snprintf(address.sun_path, sizeof address.sun_path, "%.100s", socket_path);
  CHECK_INT(bind(sock, (struct sockaddr *)&address, sizeof address), 0);
  CHECK_INT(safefile_write(socket_path, "x", 1, text), -1);
  says("it is a socket, not a regular file");
  CHECK(lstat(socket_path, &st) == 0 && S_ISSOCK(st.st_mode));
  close(sock);
  remove(socket_path);
  /* a device, read */
  CHECK(safefile_open("/dev/zero", text) == NULL);
  says("it is a character device, not a regular file");
  /* a symbolic link as the target: refused, what it points to untouched,
  ** whether it exists or not */
  FILE *f = fopen(victim, "w");
  fputs("precious", f);
  fclose(f);
  CHECK_INT(symlink(victim, link), 0);
  snprintf(path, sizeof path, "%s", link);
  CHECK_INT(save(&s, &r, "standard", 0), SOLVER_ERROR);
  says("it is a symbolic link: name the file it points to");
  size_t k;
  snprintf(path, sizeof path, "%s", victim);
  char *kept = slurp(&k);
  CHECK(k == 8 && memcmp(kept, "precious", 8) == 0);
  free(kept);
  remove(victim);
  snprintf(path, sizeof path, "%s", link);
  CHECK_INT(save(&s, &r, "standard", 0), SOLVER_ERROR);
  CHECK(access(victim, F_OK) != 0); /* not created through the link */
  remove(link);
  remove(fifo);
  CHECK_INT(files_in_folder(), 0);
  solver_free(&s);
}

static void test_temporary(void) {
  Solution s;
  Rules r;
  char victim[320], planted[440];
  struct stat st;
  solve(&s, &r, "standard", 12);
  snprintf(path, sizeof path, "%s/table.mts", dir);
  snprintf(victim, sizeof victim, "%s/victim", dir);
  FILE *f = fopen(victim, "w");
  fputs("precious", f);
  fclose(f);
  /* links planted at the names the old writer used */
  snprintf(planted, sizeof planted, "%s.tmp%ld", path, (long)getpid());
  CHECK_INT(symlink(victim, planted), 0);
  Progress watch = {note_temporary, NULL};
  SolfileId id = id_of(&r, "standard", 1, 0);
  seen_count = 0;
  mode_t mask = umask(022);
  CHECK_INT(solfile_save(&s, &id, path, NULL, &watch, text), SOLVER_OK);
  CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
  /* the old file keeps its permissions */
  chmod(path, 0600);
  CHECK_INT(solfile_save(&s, &id, path, NULL, &watch, text), SOLVER_OK);
  CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600);
  CHECK((seen_mode & 0777) == 0600 && S_ISREG(seen_mode));
  umask(mask);
  /* new names each time, in the target's folder, none left */
  CHECK_INT(seen_count, 2);
  CHECK(strcmp(seen[0], seen[1]) != 0);
  CHECK(strncmp(seen[0], path, strlen(path)) == 0);
  CHECK(strcmp(seen[0], planted) != 0 && strcmp(seen[1], planted) != 0);
  CHECK(access(seen[0], F_OK) != 0 && access(seen[1], F_OK) != 0);
  size_t k;
  char *kept;
  snprintf(planted, sizeof planted, "%s", path);
  snprintf(path, sizeof path, "%s", victim);
  kept = slurp(&k);
  CHECK(k == 8 && memcmp(kept, "precious", 8) == 0);
  free(kept);
  snprintf(path, sizeof path, "%.390s", planted);
  Solution back;
  if (CHECK_INT(load(&back, &r, "standard", 1, 0), SOLVER_OK)) {
    CHECK(same_values(&s, &back));
    solver_free(&back);
  }
  snprintf(planted, sizeof planted, "%s.tmp%ld", path, (long)getpid());
  remove(planted);
  remove(victim);
  /* a folder that cannot be written: refused, nothing left */
  chmod(dir, 0500);
  if (access(dir, W_OK) != 0) { /* not so for root */
    CHECK_INT(safefile_write(path, "x", 1, text), -1);
    says("Permission denied");
  }
  chmod(dir, 0700);
  /* small files too */
  CHECK_INT(safefile_write(path, "hello", 5, text), 0);
  kept = slurp(&k);
  CHECK(k == 5 && memcmp(kept, "hello", 5) == 0);
  free(kept);
  remove(path);
  CHECK_INT(files_in_folder(), 0);
  solver_free(&s);
}

/* A link planted at the target while a save is under way (after
** safefile_begin looked at it): the commit looks again and refuses it,
** the link and what it points to left as they were. */
static void test_planted_during_save(void) {
  char target[320], victim[320];
  snprintf(target, sizeof target, "%s/target", dir);
  snprintf(victim, sizeof victim, "%s/victim", dir);
  FILE *f = fopen(victim, "w");
  fputs("precious", f);
  fclose(f);
  SafeFile w;
  CHECK_INT(safefile_begin(&w, target, text), 0);
  fputs("new", w.f);
  CHECK_INT(symlink(victim, target), 0);
  CHECK_INT(safefile_commit(&w, text), -1);
  says("it is a symbolic link");
  struct stat st;
  CHECK(lstat(target, &st) == 0 && S_ISLNK(st.st_mode));
  size_t k;
  snprintf(path, sizeof path, "%s", victim);
  char *kept = slurp(&k);
  CHECK(k == 8 && memcmp(kept, "precious", 8) == 0);
  free(kept);
  remove(target);
  remove(victim);
  CHECK_INT(files_in_folder(), 0); /* the temporary file too */
  snprintf(path, sizeof path, "%s/table.mts", dir);
}

/* --- interrupted saves --- */

static int stop_now(void *ctx) {
  return --*(int *)ctx <= 0;
}

/* Kills the process as the table is being written. */
static void die_saving(void *ctx, const char *phase, uint64_t done,
                       uint64_t total) {
  (void)ctx, (void)done, (void)total;
  if (strcmp(phase, "saving") == 0) raise(SIGKILL);
}

static void test_interrupted(void) {
  Solution old, other, back;
  Rules r;
  size_t k, j;
  snprintf(path, sizeof path, "%s/table.mts", dir);
  solve(&old, &r, "standard", 14);
  save(&old, &r, "standard", 0);
  char *before = slurp(&k);
  solve(&other, &r, "standard", 14);
  /* cancelled (Ctrl-C) while writing: the old file stays, no leftovers */
  int polls = 1;
  Cancel c = {stop_now, &polls};
  SolfileId id = id_of(&r, "standard", 1, 0);
  CHECK_INT(solfile_save(&other, &id, path, &c, NULL, text), SOLVER_CANCELLED);
  CHECK_INT(files_in_folder(), 1);
  /* killed by a signal while writing */
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    Progress p = {die_saving, NULL};
    solfile_save(&other, &id, path, NULL, &p, text);
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  char *after = slurp(&j);
  CHECK(j == k && memcmp(before, after, k) == 0);
  if (CHECK_INT(load(&back, &r, "standard", 1, 0), SOLVER_OK)) {
    CHECK(same_values(&old, &back));
    solver_free(&back);
  }
  CHECK_INT(files_in_folder(), 2); /* what the killed save left */
  char command[400];
  snprintf(command, sizeof command, "rm -f %s/*.tmp", dir);
  CHECK_INT(system(command), 0);
  remove(path);
  free(before);
  free(after);
  solver_free(&old);
  solver_free(&other);
}

int main(int argc, char **argv) {
  snprintf(dir, sizeof dir, "%s/mutorere-test-XXXXXX",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
  snprintf(path, sizeof path, "%s/table.mts", dir);
  test_round_trips();
  test_refusals();
  test_header();
  test_codes();
  test_old_format();
  test_old_tables(argc > 1 ? argv[1] : OLD_TABLES);
  test_mapped();
  test_not_regular();
  test_temporary();
  test_planted_during_save();
  test_interrupted();
  remove(path);
  CHECK_INT(rmdir(dir), 0);
  return harness_report();
}

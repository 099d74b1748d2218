/*
** checkpoint.c — a rank's part of a solve kept between waves, and read
** back.
*/
#define _POSIX_C_SOURCE 200809L
#include "checkpoint.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "safefile.h"

#define HEADER_MAX 1024

/* The checksum h carried over k bytes at p (FNV-1a). */
static uint64_t checksum(uint64_t h, const uint8_t *p, size_t k) {
  for (size_t i = 0; i < k; i++) h = (h ^ p[i]) * 0x100000001b3u;
  return h;
}

/* The bytes of the codes of p's slice as kept. */
static size_t codes_bytes(const Part *p) {
  return (size_t)((p->hi - p->lo + 15) / 16 * 8);
}

/* This rank's file of generation g in dir, into path.  Returns 0, or -1
** when too long. */
static int path_of(const Part *p, const char *dir, int g, char *path) {
  int k = snprintf(path, SAFEFILE_PATHMAX, "%s/rank-%d-of-%d.%d.mtc", dir,
                   p->ex.me, p->ex.ranks, g);
  return k > 0 && k < SAFEFILE_PATHMAX ? 0 : -1;
}

/* The header's lines before its checksum, for p at wave d with its
** counts, into text.  Returns its length, or -1. */
static int header(const Part *p, const char *variant, int d, uint64_t settled,
                  uint64_t sent, uint64_t kept, uint64_t rounds, char *text) {
  int k = snprintf(text, HEADER_MAX,
                   "mutorere-mpi checkpoint\nprogram %s\nvariant %s\n"
                   "ranks %d\nrank %d\nslice %" PRIu64 " %" PRIu64 "\n"
                   "wave %d\nsettled %" PRIu64 "\nsent %" PRIu64 " %" PRIu64
                   "\nrounds %" PRIu64 "\n",
                   MUTORERE_VERSION, variant, p->ex.ranks, p->ex.me, p->lo,
                   p->hi, d, settled, sent, kept, rounds);
  return k > 0 && k < HEADER_MAX ? k : -1;
}

/* Writes this rank's file to w (begun).  Returns 0, or -1 with errno. */
static int write_state(const Part *p, const char *variant, SafeFile *w) {
  char text[HEADER_MAX];
  int k = header(p, variant, p->d + 1, p->settled, p->ex.bytes_sent,
                 p->bytes_kept, p->ex.rounds, text);
  if (k < 0) {
    errno = ENAMETOOLONG;
    return -1;
  }
  uint64_t h = checksum(0xcbf29ce484222325u, (const uint8_t *)text, (size_t)k);
  h = checksum(h, p->codes, codes_bytes(p));
  if (fwrite(text, 1, (size_t)k, w->f) != (size_t)k ||
      fprintf(w->f, "checksum %016" PRIx64 "\n\n", h) < 0 ||
      fwrite(p->codes, 1, codes_bytes(p), w->f) != codes_bytes(p) ||
      fflush(w->f))
    return -1;
  return 0;
}

int checkpoint_save(const Part *p, Checkpoints *c, char *err) {
  char path[SAFEFILE_PATHMAX], why[BOARD_ERRMAX] = "";
  SafeFile w;
  int g = c->current == 0 ? 1 : 0; /* not the one gone on from */
  int bad = path_of(p, c->dir, g, path)
                ? (snprintf(why, sizeof why, "%s",
                            "the folder's name is too long"),
                   1)
                : 0;
  if (!bad) remove(path); /* the older: room on disk for the new one */
  if (!bad && safefile_begin(&w, path, why)) bad = 1;
  if (!bad && write_state(p, c->variant, &w)) {
    snprintf(why, sizeof why, "%s", strerror(errno ? errno : EIO));
    safefile_abort(&w);
    bad = 2;
  }
  int all, any; /* written everywhere?  Only then does any rename */
  if (exchange_agree(1, bad != 0, &all, &any)) any = 1;
  if (any && bad == 0) safefile_abort(&w);
  if (!any && safefile_commit(&w, why)) bad = 3;
  if (!any && exchange_agree(1, bad != 0, &all, &any)) any = 1;
  if (!any) c->current = g; /* renamed everywhere: gone on from */
  if (bad)
    snprintf(err, BOARD_ERRMAX,
             "rank %d cannot write its checkpoint %.50s: "
             "%.60s",
             p->ex.me, path, why);
  else if (any)
    snprintf(err, BOARD_ERRMAX,
             "another rank could not write its "
             "checkpoint");
  return bad || any ? -1 : 0;
}

/* Reads the line "key value" of a header from f into value (size bytes).
** Returns 1, or 0 when the line is not that. */
static int line(FILE *f, const char *key, char *value, size_t size) {
  char text[HEADER_MAX];
  size_t k = strlen(key);
  if (!fgets(text, sizeof text, f) || strncmp(text, key, k) != 0 ||
      text[k] != ' ' || !strchr(text, '\n'))
    return 0;
  text[strcspn(text, "\n")] = 0;
  snprintf(value, size, "%s", text + k + 1);
  return 1;
}

/* Reads the file f into p (its wave and counts), checking it against this
** run.  Returns 0, or -1 with why in err. */
static int read_state(Part *p, FILE *f, const char *variant, char *err) {
  char first[64], program[64], line_variant[HEADER_MAX], text[HEADER_MAX];
  char ranks[32], rank[32], slice[64], wave[32], settled[32], sent[64],
      rounds[32], sum[32];
  uint64_t lo, hi, s, bytes_sent, kept, r, want;
  int d;
  if (!fgets(first, sizeof first, f) ||
      strcmp(first, "mutorere-mpi checkpoint\n") != 0 ||
      !line(f, "program", program, sizeof program) ||
      !line(f, "variant", line_variant, sizeof line_variant) ||
      !line(f, "ranks", ranks, sizeof ranks) ||
      !line(f, "rank", rank, sizeof rank) ||
      !line(f, "slice", slice, sizeof slice) ||
      !line(f, "wave", wave, sizeof wave) ||
      !line(f, "settled", settled, sizeof settled) ||
      !line(f, "sent", sent, sizeof sent) ||
      !line(f, "rounds", rounds, sizeof rounds) ||
      !line(f, "checksum", sum, sizeof sum) || fgetc(f) != '\n' ||
      sscanf(slice, "%" SCNu64 " %" SCNu64, &lo, &hi) != 2 ||
      sscanf(wave, "%d", &d) != 1 || sscanf(settled, "%" SCNu64, &s) != 1 ||
      sscanf(sent, "%" SCNu64 " %" SCNu64, &bytes_sent, &kept) != 2 ||
      sscanf(rounds, "%" SCNu64, &r) != 1 ||
      sscanf(sum, "%" SCNx64, &want) != 1 || d < 1 || d > p->max_distance) {
    snprintf(err, BOARD_ERRMAX,
             "it is no checkpoint of mutorere-mpi, or a "
             "damaged one");
    return -1;
  }
  if (strcmp(program, MUTORERE_VERSION) != 0 ||
      strcmp(line_variant, variant) != 0 || atoi(ranks) != p->ex.ranks ||
      atoi(rank) != p->ex.me || lo != p->lo || hi != p->hi) {
    snprintf(err, BOARD_ERRMAX,
             "it is a checkpoint of another run (%.16s, "
             "%.70s, rank %.8s of %.8s)",
             program, line_variant, rank, ranks);
    return -1;
  }
  int k = header(p, variant, d, s, bytes_sent, kept, r, text);
  uint64_t h = checksum(0xcbf29ce484222325u, (const uint8_t *)text,
                        k > 0 ? (size_t)k : 0);
  if (fread(p->codes, 1, codes_bytes(p), f) != codes_bytes(p) ||
      fgetc(f) != EOF || checksum(h, p->codes, codes_bytes(p)) != want) {
    snprintf(err, BOARD_ERRMAX, "it is damaged or truncated");
    return -1;
  }
  p->d = d;
  p->settled = s;
  p->ex.bytes_sent = bytes_sent;
  p->bytes_kept = kept;
  p->ex.rounds = r;
  return 0;
}

/* Looks in dir for checkpoints that are not of this run's rank count or
** of this program's names (rank 0 does).  Returns 0, or -1 with why in
** err. */
static int foreign_files(const Part *p, const char *dir, char *err) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int rc = 0;
  while (d && rc == 0 && (e = readdir(d))) {
    int r, of, g, end = -1;
    const char *name = e->d_name;
    if (sscanf(name, "rank-%d-of-%d.%d.mtc%n", &r, &of, &g, &end) == 3 &&
        end == (int)strlen(name) && of != p->ex.ranks) {
      snprintf(err, BOARD_ERRMAX,
               "the checkpoints in %.40s are of %d ranks (%.24s), this run "
               "has %d: run it on %d, or remove them",
               dir, of, name, p->ex.ranks, of);
      rc = -1;
    } else if (end = -1, sscanf(name, "rank-%d-of-%d.mtc%n", &r, &of, &end) == 2 &&
               end == (int)strlen(name)) {
      snprintf(err, BOARD_ERRMAX,
               "%.24s in %.40s is of an older mutorere-mpi (one generation, "
               "the index before format 4): remove it",
               name, dir);
      rc = -1;
    }
  }
  if (d) closedir(d);
  return rc;
}

/* Removes this rank's temporary files from dir: those of a checkpoint
** being written when the rank was killed. */
static void remove_temporaries(const Part *p, const char *dir) {
  char prefix[64], path[SAFEFILE_PATHMAX];
  int k = snprintf(prefix, sizeof prefix, "rank-%d-of-%d.", p->ex.me,
                   p->ex.ranks);
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (strncmp(e->d_name, prefix, (size_t)k) == 0 && n > 4 &&
        strcmp(e->d_name + n - 4, ".tmp") == 0 &&
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name) <
            (int)sizeof path)
      unlink(path);
  }
  if (d) closedir(d);
}

/* Reads this rank's generation g in dir into p.  Returns 1, 0 when there
** is none, or -1 with why in err. */
static int read_generation(Part *p, const Checkpoints *c, int g, char *err) {
  char path[SAFEFILE_PATHMAX], why[BOARD_ERRMAX] = "";
  int rc;
  FILE *f = NULL;
  if (path_of(p, c->dir, g, path))
    snprintf(why, sizeof why, "the folder's name is too long"), rc = -1;
  else if (access(path, F_OK) != 0 && errno == ENOENT)
    rc = 0;
  else if (!(f = safefile_open(path, why)))
    rc = -1;
  else
    rc = read_state(p, f, c->variant, why) ? -1 : 1;
  if (f) fclose(f);
  if (rc < 0) snprintf(err, BOARD_ERRMAX, "checkpoint %.60s: %.80s", path, why);
  return rc;
}

/* Rank 0's x, on every rank (UINT64_MAX when the message failed). */
static uint64_t from_rank0(const Part *p, uint64_t x) {
  uint64_t least;
  if (exchange_least(p->ex.me == 0 ? x : UINT64_MAX, &least)) return UINT64_MAX;
  return least;
}

int checkpoint_load(Part *p, Checkpoints *c, char *err, char *note) {
  int held[2], bad = 0, all, any;
  uint64_t wave[2] = {0, 0}, found = 0, most, chosen = 0;
  c->current = -1;
  note[0] = err[0] = 0;
  if (p->ex.me == 0 && foreign_files(p, c->dir, err)) bad = 1;
  if (!bad) remove_temporaries(p, c->dir);
  for (int g = 0; g < 2 && !bad; g++) { /* the waves this rank holds */
    held[g] = read_generation(p, c, g, err);
    bad = held[g] < 0;
    wave[g] = held[g] > 0 ? (uint64_t)p->d : 0;
  }
  if (exchange_agree(1, bad, &all, &any) || any) {
    if (!bad) err[0] = 0; /* another rank's is refused: it tells */
    return -1;
  }
  for (int g = 0; g < 2; g++) { /* rank 0's waves, held on every rank? */
    uint64_t w = from_rank0(p, wave[g]), everywhere;
    int here = w > 0 && (w == wave[0] || w == wave[1]);
    if (w == UINT64_MAX || exchange_least((uint64_t)here, &everywhere)) {
      snprintf(err, BOARD_ERRMAX, "a message between the ranks failed");
      return -1;
    }
    if (everywhere && w > chosen) chosen = w;
  }
  if (exchange_sum(wave[0] + wave[1], &found, &most)) {
    snprintf(err, BOARD_ERRMAX, "a message between the ranks failed");
    return -1;
  }
  if (chosen == 0) {
    if (found)
      snprintf(note, BOARD_ERRMAX,
               "the checkpoints in %.40s hold no wave on every rank (a run "
               "stopped while it renamed its first ones): starting from "
               "wave 0",
               c->dir);
    p->d = 0;
    p->settled = p->ex.bytes_sent = p->bytes_kept = p->ex.rounds = 0;
    return 0;
  }
  c->current = wave[0] == chosen ? 0 : 1;
  bad = read_generation(p, c, c->current, err) != 1;
  if (exchange_agree(1, bad, &all, &any) || any) {
    if (!bad) err[0] = 0;
    return -1;
  }
  return 1;
}

void checkpoint_remove(const Part *p, const Checkpoints *c) {
  char path[SAFEFILE_PATHMAX];
  for (int g = 0; g < 2; g++)
    if (path_of(p, c->dir, g, path) == 0) remove(path);
}

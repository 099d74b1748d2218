/*
** solfile.c — writing and reading solution files.
*/
#define _POSIX_C_SOURCE 200809L
#include "solfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memory.h"
#include "rank.h"
#include "symsolver.h"

#define BLOCK ((size_t)1 << 24) /* bytes written or read at a time */
#define HEADER_MAX 1024         /* a header is shorter */
#define VARIANT_MAX 400         /* and its variant line too */
#define IO_FAILED 1             /* not a SOLVER_* code: errno says why */

/* --- the header --- */

typedef struct Header {
  int format;
  char program[32];
  char variant[VARIANT_MAX];
  char index[16];  /* "symmetric" or "plain" */
  char coding[24]; /* "parity-wins-odd", "parity-wins-even" or "value" */
  int arms, opening, layers;
  uint64_t entries, checksum;
} Header;

/* The header of s. */
static void header_of(const Solution *s, const char *program,
                      const char *variant, Header *h) {
  memset(h, 0, sizeof *h);
  h->format = SOLFILE_FORMAT;
  snprintf(h->program, sizeof h->program, "%s", program);
  snprintf(h->variant, sizeof h->variant, "%s", variant);
  snprintf(h->index, sizeof h->index, "%s", s->sym ? "symmetric" : "plain");
  snprintf(h->coding, sizeof h->coding, "%s",
           !s->sym || !s->sym->by_parity ? "value"
           : s->sym->even_wins           ? "parity-wins-even"
                                         : "parity-wins-odd");
  h->arms = s->n;
  h->opening = s->opening;
  h->layers = s->sym ? s->sym->layers : s->opening + 1;
  h->entries = s->sym ? symrank_layer(&s->sym->rank) : s->layer;
}

/* Writes the header's text (with the checksum) to f. */
static int header_write(FILE *f, const Header *h) {
  return fprintf(f,
                 "mutorere solution\nformat %d\nprogram %s\nvariant %s\n"
                 "index %s\ncoding %s\narms %d\nopening %d\nlayers %d\n"
                 "entries %" PRIu64 "\nchecksum %016" PRIx64 "\n\n",
                 h->format, h->program, h->variant, h->index, h->coding,
                 h->arms, h->opening, h->layers, h->entries, h->checksum) > 0;
}

/* Reads one header line "key value" into value (size bytes).  Returns 1,
** or 0 when the line is not that. */
static int header_line(FILE *f, const char *key, char *value, size_t size) {
  char line[VARIANT_MAX + 32];
  size_t k = strlen(key);
  if (!fgets(line, sizeof line, f)) return 0;
  size_t len = strlen(line);
  if (len == 0 || line[len - 1] != '\n') return 0;
  line[len - 1] = 0;
  if (strncmp(line, key, k) != 0 || line[k] != ' ') return 0;
  snprintf(value, size, "%s", line + k + 1);
  return 1;
}

/* Reads a header.  Returns 1, or 0 when f does not start with one. */
static int header_read(FILE *f, Header *h) {
  char line[64], number[32], format[16];
  memset(h, 0, sizeof *h);
  if (!fgets(line, sizeof line, f) || strcmp(line, "mutorere solution\n"))
    return 0;
  if (!header_line(f, "format", format, sizeof format)) return 0;
  h->format = atoi(format);
  if (h->format != SOLFILE_FORMAT) return 1; /* the caller says so */
  if (!header_line(f, "program", h->program, sizeof h->program) ||
      !header_line(f, "variant", h->variant, sizeof h->variant) ||
      !header_line(f, "index", h->index, sizeof h->index) ||
      !header_line(f, "coding", h->coding, sizeof h->coding))
    return 0;
  if (!header_line(f, "arms", number, sizeof number)) return 0;
  h->arms = atoi(number);
  if (!header_line(f, "opening", number, sizeof number)) return 0;
  h->opening = atoi(number);
  if (!header_line(f, "layers", number, sizeof number)) return 0;
  h->layers = atoi(number);
  if (!header_line(f, "entries", number, sizeof number)) return 0;
  h->entries = strtoull(number, NULL, 10);
  if (!header_line(f, "checksum", number, sizeof number)) return 0;
  h->checksum = strtoull(number, NULL, 16);
  return fgets(line, sizeof line, f) && strcmp(line, "\n") == 0;
}

/* --- the table --- */

/* The checksum h carried over k more bytes. */
static uint64_t checksum(uint64_t h, const uint8_t *p, size_t k) {
  size_t i = 0;
  for (; i + 8 <= k; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001b3u;
    h ^= h >> 29;
  }
  for (; i < k; i++) h = (h ^ p[i]) * 0x100000001b3u;
  return h;
}

#define CHECKSUM_START 0xcbf29ce484222325u

/* Writes or reads (reading) the table in blocks, carrying the checksum in
** *sum.  Returns SOLVER_OK, SOLVER_CANCELLED, or IO_FAILED (errno set, or
** 0 for a short read). */
static int transfer(FILE *f, uint8_t *table, uint64_t size, int reading,
                    uint64_t *sum, const Cancel *c, const Progress *progress) {
  const char *phase = reading ? "loading" : "saving";
  for (uint64_t at = 0; at < size; at += BLOCK) {
    size_t k = size - at < BLOCK ? (size_t)(size - at) : BLOCK;
    if (cancel_now(c)) return SOLVER_CANCELLED;
    errno = 0;
    if (reading ? fread(table + at, 1, k, f) != k
                : fwrite(table + at, 1, k, f) != k)
      return IO_FAILED;
    *sum = checksum(*sum, table + at, k);
    progress_report(progress, phase, at + k, size);
  }
  return SOLVER_OK;
}

/* --- saving --- */

int solfile_save(const Solution *s, const char *program, const char *variant,
                 const char *path, const Cancel *c, const Progress *progress,
                 char *err) {
  Header h;
  char tmp[4096];
  if (strchr(variant, '\n') || strlen(variant) >= VARIANT_MAX) {
    snprintf(err, BOARD_ERRMAX, "cannot save the solution: a bad variant line");
    return SOLVER_ERROR;
  }
  if (s->memory > 0) {
    snprintf(err, BOARD_ERRMAX,
             "cannot save the solution: the solutions of rules that remember "
             "moves are not kept in files");
    return SOLVER_ERROR;
  }
  header_of(s, program, variant, &h);
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) {
    snprintf(err, BOARD_ERRMAX, "cannot save the solution to %.60s: %s", path,
             strerror(errno));
    return SOLVER_ERROR;
  }
  uint64_t size = h.entries * (uint64_t)h.layers, sum = CHECKSUM_START;
  int rc = header_write(f, &h) ? SOLVER_OK : IO_FAILED;
  long table_at = ftell(f);
  if (rc == SOLVER_OK) rc = transfer(f, s->codes, size, 0, &sum, c, progress);
  h.checksum = sum;
  if (rc == SOLVER_OK) /* the checksum, now known, in its place */
    rc = fseek(f, 0, SEEK_SET) == 0 && header_write(f, &h) &&
                 ftell(f) == table_at && fflush(f) == 0 && fsync(fileno(f)) == 0
             ? SOLVER_OK
             : IO_FAILED;
  int saved = errno;
  if (fclose(f) != 0 && rc == SOLVER_OK) rc = IO_FAILED, saved = errno;
  if (rc == SOLVER_OK && rename(tmp, path) != 0) rc = IO_FAILED, saved = errno;
  if (rc != SOLVER_OK) remove(tmp);
  if (rc == IO_FAILED) {
    snprintf(err, BOARD_ERRMAX, "cannot save the solution to %.60s: %s", path,
             strerror(saved ? saved : EIO));
    return SOLVER_ERROR;
  }
  return rc;
}

/* --- loading --- */

/* Checks a header against what is wanted.  Returns 1, or 0 with the
** difference in err. */
static int header_fits(const Header *h, const Rules *r, const char *program,
                       const char *variant, const char *path, char *err) {
  const char *what = NULL;
  char wanted[64];
  if (h->format != SOLFILE_FORMAT)
    snprintf(err, BOARD_ERRMAX,
             "%.60s is a solution file of format %d; this program reads "
             "format %d",
             path, h->format, SOLFILE_FORMAT);
  else if (strcmp(h->program, program) != 0)
    snprintf(err, BOARD_ERRMAX,
             "%.60s was written by mutorere %.20s; this is %.20s: solve "
             "again",
             path, h->program, program);
  else if (strcmp(h->variant, variant) != 0)
    snprintf(err, BOARD_ERRMAX, "%.30s holds another variant: %.100s", path,
             h->variant);
  else if (strcmp(h->index, "symmetric") && strcmp(h->index, "plain"))
    what = "index";
  else if (strcmp(h->coding, "value") && strcmp(h->coding, "parity-wins-odd") &&
           strcmp(h->coding, "parity-wins-even"))
    what = "coding";
  else {
    int symmetric = strcmp(h->index, "symmetric") == 0;
    uint64_t entries = symmetric ? 2 * rank_binomial(r->arms, r->arms / 2)
                                 : rank_layer(r->arms);
    int layers = symmetric ? symsolver_layers(r) : rules_opening_plies(r) + 1;
    if (h->arms != r->arms || h->opening != rules_opening_plies(r) ||
        rules_memory(r) > 0 || h->layers != layers || h->entries != entries ||
        (!symmetric && strcmp(h->coding, "value")))
      what = "shape";
    else
      return 1;
  }
  if (what) {
    snprintf(wanted, sizeof wanted, "its header's %s is wrong", what);
    snprintf(err, BOARD_ERRMAX, "%.60s is damaged: %s", path, wanted);
  }
  return 0;
}

/* Sets up s for the header's table of the rules r (codes not read).
** Returns 0, or -1 without memory. */
static int solution_for(Solution *s, const Rules *r, const Header *h) {
  memset(s, 0, sizeof *s);
  s->n = h->arms;
  s->opening = h->opening;
  s->positions = s->layer = rank_layer(h->arms);
  s->histories = 1;
  if (strcmp(h->index, "symmetric") == 0 &&
      symsolver_new_table(s, r, strcmp(h->coding, "value") != 0,
                          strcmp(h->coding, "parity-wins-even") == 0,
                          h->layers))
    return -1;
  s->codes = memory_realloc(NULL, (size_t)(h->entries * (uint64_t)h->layers));
  return s->codes ? 0 : -1;
}

/* The size of the open file f, or -1. */
static long long file_size(FILE *f) {
  long at = ftell(f);
  if (at < 0 || fseek(f, 0, SEEK_END) != 0) return -1;
  long long size = ftell(f);
  return fseek(f, at, SEEK_SET) == 0 ? size : -1;
}

int solfile_load(Solution *s, const Rules *r, const char *program,
                 const char *variant, const char *path, const Cancel *c,
                 const Progress *progress, char *err) {
  Header h;
  char need_text[16], room_text[16];
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, BOARD_ERRMAX, "cannot read the solution in %.60s: %s", path,
             strerror(errno));
    return SOLVER_ERROR;
  }
  int rc = SOLVER_ERROR;
  if (!header_read(f, &h))
    snprintf(err, BOARD_ERRMAX,
             "%.60s is not a solution file (or its header "
             "is damaged)",
             path);
  else if (header_fits(&h, r, program, variant, path, err)) {
    uint64_t size = h.entries * (uint64_t)h.layers, sum = CHECKSUM_START;
    long long left = file_size(f) - ftell(f);
    if (left >= 0 && (uint64_t)left < size)
      snprintf(err, BOARD_ERRMAX,
               "%.60s is truncated: it holds %lld of the %" PRIu64
               " bytes of its table",
               path, left, size);
    else if (left < 0 || (uint64_t)left > size)
      snprintf(err, BOARD_ERRMAX, "%.60s is damaged: its size is wrong", path);
    else if (size > memory_room())
      snprintf(err, BOARD_ERRMAX,
               "not enough memory to load %.60s: its table takes %s, and "
               "only %s is left",
               path, memory_format((size_t)size, need_text),
               memory_format(memory_room(), room_text));
    else if (solution_for(s, r, &h)) {
      solver_free(s);
      snprintf(err, BOARD_ERRMAX, "not enough memory to load %.60s", path);
    } else {
      rc = transfer(f, s->codes, size, 1, &sum, c, progress);
      if (rc == IO_FAILED)
        snprintf(err, BOARD_ERRMAX, "cannot read the solution in %.60s: %s",
                 path, errno ? strerror(errno) : "it is truncated");
      else if (rc == SOLVER_OK && sum != h.checksum) {
        snprintf(err, BOARD_ERRMAX,
                 "%.60s is damaged: its checksum does not match", path);
        rc = SOLVER_ERROR;
      }
      if (rc != SOLVER_OK) {
        solver_free(s);
        rc = rc == IO_FAILED ? SOLVER_ERROR : rc;
      }
    }
  }
  fclose(f);
  return rc;
}

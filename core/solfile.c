/*
** solfile.c — writing and reading solution files.
*/
#define _POSIX_C_SOURCE 200809L
#include "solfile.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "memory.h"
#include "rank.h"
#include "reach.h"
#include "safefile.h"
#include "symsolver.h"
#include "symtable.h"
#include "tiersolver.h"

#define BLOCK SOLFILE_BLOCK /* bytes written or read at a time */
#define HEADER_MAX 1024         /* a header is shorter */
#define VARIANT_MAX 400         /* and its variant line too */
#define IO_FAILED 1             /* not a SOLVER_* code: errno says why */
#define NO_FLAW UINT64_MAX      /* no entry holds an impossible code */
#define RECORD 40               /* the bytes of a state in a reachable file */
#define WIDE_RECORD 120         /* and of rules with moves beside the slides */
#define PARITY_LONGEST 234      /* format 2's longest distance by parity */

/* --- the header --- */

typedef struct Header {
  int format;
  char program[32];
  char variant[VARIANT_MAX];
  char hooks[24];
  char index[16];  /* "symmetric", "plain", "reachable", "reachable-wide"
                   ** or "tiers" */
  char coding[24]; /* "parity-wins-odd", "parity-wins-even" or "value" */
  int arms, opening, layers;
  uint64_t entries, checksum;
} Header;

/* The name of a coding in a file of format: a byte an entry (value), or
** values (five a byte; format 3: 2 bits an entry) that format 2 kept as
** distances (a byte an entry, the value from the distance's parity). */
static const char *coding_name(int format, int bits, int even_wins) {
  static const char *const names[2][2] = {
      {"parity-wins-odd", "parity-wins-even"},
      {"values-wins-odd", "values-wins-even"}};
  return bits == 8 ? "value" : names[format > 2][even_wins != 0];
}

/* 1 when h is the header of a symmetric file of a format before 4: its
** index had 2 C(n, n/2) entries a layer, the centre-empty boards not
** turned (symrank.h before: the rank of the own arms as they lie), and its
** values 2 bits each, four a byte. */
static int old_index(const Header *h) {
  return h->format < 4 && strcmp(h->index, "symmetric") == 0;
}

/* The bytes of the codes of a header's table. */
static uint64_t codes_bytes(const Header *h) {
  uint64_t entries = h->entries * (uint64_t)h->layers;
  if (h->format < 3 || strcmp(h->coding, "value") == 0 ||
      strcmp(h->index, "symmetric") != 0)
    return entries;
  return h->format == 3 ? entries / 4 : symtable_bytes(entries, 2);
}

/* The name of the index of s. */
static const char *index_name(const Solution *s) {
  if (s->reach) return s->reach->wide ? "reachable-wide" : "reachable";
  if (s->tiers) return "tiers";
  return s->sym ? "symmetric" : "plain";
}

/* The header of s, the solution of id. */
static void header_of(const Solution *s, const SolfileId *id, Header *h) {
  memset(h, 0, sizeof *h);
  h->format = SOLFILE_FORMAT;
  snprintf(h->program, sizeof h->program, "%s", id->program);
  snprintf(h->variant, sizeof h->variant, "%s", id->variant);
  snprintf(h->hooks, sizeof h->hooks, "%s", id->hooks);
  snprintf(h->index, sizeof h->index, "%s", index_name(s));
  snprintf(h->coding, sizeof h->coding, "%s",
           s->sym ? coding_name(SOLFILE_FORMAT, s->sym->bits,
                                s->sym->even_wins)
                  : "value");
  h->arms = s->n;
  h->opening = s->opening;
  h->layers = s->sym ? s->sym->layers : s->reach ? 1 : s->opening + 1;
  h->entries = s->sym ? symrank_layer(&s->sym->rank) : s->layer;
}

/* The entries a layer of a symmetric file of n arms and format holds. */
static uint64_t symmetric_entries(int n, int format) {
  return format < 4 ? 2 * rank_binomial(n, n / 2) : symrank_entries(n);
}

/* 1 when h is the header of a reachable-states file. */
static int reachable(const Header *h) {
  return strncmp(h->index, "reachable", 9) == 0;
}

/* The bytes of a state's record in a reachable-states file of header h. */
static size_t record_bytes(const Header *h) {
  return strcmp(h->index, "reachable-wide") == 0 ? WIDE_RECORD : RECORD;
}

/* The bytes of the table that follows header h: its codes, and the states
** of a reachable-states file. */
static uint64_t table_bytes(const Header *h) {
  return codes_bytes(h) +
         (reachable(h) ? h->entries * (uint64_t)record_bytes(h) : 0);
}

/* Writes the header's text into text (HEADER_MAX bytes): the lines the
** checksum covers, then (with_checksum) its own line and the blank line.
** Returns the length, or -1 when it does not fit. */
static int header_text(const Header *h, int with_checksum, char *text) {
  int k = snprintf(text, HEADER_MAX,
                   "mutorere solution\nformat %d\nprogram %s\nvariant %s\n"
                   "hooks %s\nindex %s\ncoding %s\narms %d\nopening %d\n"
                   "layers %d\nentries %" PRIu64 "\n",
                   h->format, h->program, h->variant, h->hooks, h->index,
                   h->coding, h->arms, h->opening, h->layers, h->entries);
  if (k > 0 && k < HEADER_MAX && with_checksum)
    k += snprintf(text + k, (size_t)(HEADER_MAX - k),
                  "checksum %016" PRIx64 "\n\n", h->checksum);
  return k > 0 && k < HEADER_MAX ? k : -1;
}

/* A header as read: its text, and the length of the part the checksum
** covers. */
typedef struct RawHeader {
  char text[HEADER_MAX];
  int length, covered;
} RawHeader;

/* Reads one line "key value" of the header, appending it to raw, and
** copies the value into value (size bytes).  Returns 1, or 0 when the
** line is not that. */
static int header_line(FILE *f, RawHeader *raw, const char *key, char *value,
                       size_t size) {
  char *line = raw->text + raw->length;
  size_t k = strlen(key), room = (size_t)(HEADER_MAX - raw->length);
  if (room < 2 || !fgets(line, (int)room, f)) return 0;
  size_t len = strlen(line);
  if (len == 0 || line[len - 1] != '\n') return 0;
  raw->length += (int)len;
  if (strncmp(line, key, k) != 0 || line[k] != ' ') return 0;
  snprintf(value, size, "%.*s", (int)(len - k - 2), line + k + 1);
  return 1;
}

/* A header number: what strtol reads, within int. */
static int header_int(const char *text) {
  long x = strtol(text, NULL, 10);
  return x < INT_MIN ? INT_MIN : x > INT_MAX ? INT_MAX : (int)x;
}

/* Reads a header into h and raw.  Returns 1, or 0 when f does not start
** with one as this program writes them (a header of another format gives
** 1 with that format, the rest unread). */
static int header_read(FILE *f, Header *h, RawHeader *raw) {
  char number[32], canonical[HEADER_MAX];
  memset(h, 0, sizeof *h);
  raw->length = 0;
  if (!fgets(raw->text, HEADER_MAX, f) ||
      strcmp(raw->text, "mutorere solution\n") != 0)
    return 0;
  raw->length = (int)strlen(raw->text);
  if (!header_line(f, raw, "format", number, sizeof number)) return 0;
  h->format = header_int(number);
  if (h->format > SOLFILE_FORMAT || h->format < SOLFILE_OLD_FORMAT)
    return 1; /* the caller says so */
  if (!header_line(f, raw, "program", h->program, sizeof h->program) ||
      !header_line(f, raw, "variant", h->variant, sizeof h->variant) ||
      !header_line(f, raw, "hooks", h->hooks, sizeof h->hooks) ||
      !header_line(f, raw, "index", h->index, sizeof h->index) ||
      !header_line(f, raw, "coding", h->coding, sizeof h->coding))
    return 0;
  int *ints[] = {&h->arms, &h->opening, &h->layers};
  static const char *const int_keys[] = {"arms", "opening", "layers"};
  for (int i = 0; i < 3; i++) {
    if (!header_line(f, raw, int_keys[i], number, sizeof number)) return 0;
    *ints[i] = header_int(number);
  }
  if (!header_line(f, raw, "entries", number, sizeof number)) return 0;
  h->entries = strtoull(number, NULL, 10);
  raw->covered = raw->length;
  if (!header_line(f, raw, "checksum", number, sizeof number)) return 0;
  h->checksum = strtoull(number, NULL, 16);
  if (!fgets(number, sizeof number, f) || strcmp(number, "\n") != 0) return 0;
  raw->text[raw->length++] = '\n';
  /* nothing but what this program writes: no leading zeros, no spaces */
  return header_text(h, 1, canonical) == raw->length &&
         memcmp(canonical, raw->text, (size_t)raw->length) == 0;
}

/* Checks a header against id.  Returns 1, or 0 with the difference in err
** (path names the file). */
static int header_fits(const Header *h, const SolfileId *id, const char *path,
                       char *err) {
  const Rules *r = id->rules;
  int symmetric = id->symmetric, bits = 8, even_wins = 0;
  if (symmetric) symtable_coding(r, &bits, &even_wins);
  if (h->format > SOLFILE_FORMAT || h->format < SOLFILE_OLD_FORMAT) {
    snprintf(err, BOARD_ERRMAX,
             "%.60s is a solution file of format %d; this program reads "
             "formats %d to %d",
             path, h->format, SOLFILE_OLD_FORMAT, SOLFILE_FORMAT);
    return 0;
  }
  if (strcmp(h->program, id->program) != 0) {
    snprintf(err, BOARD_ERRMAX,
             "%.60s was written by mutorere %.20s; this is %.20s: solve "
             "again",
             path, h->program, id->program);
    return 0;
  }
  if (strcmp(h->variant, id->variant) != 0) {
    snprintf(err, BOARD_ERRMAX, "%.30s holds another variant: %.100s", path,
             h->variant);
    return 0;
  }
  if (strcmp(h->hooks, id->hooks) != 0) {
    snprintf(err, BOARD_ERRMAX,
             "%.60s was solved with other hooks (the code of this variant's "
             "hooks differs): solve again",
             path);
    return 0;
  }
  char want[32] = "";
  const char *field = NULL, *index = symmetric ? "symmetric" : "plain";
  const char *coding = coding_name(h->format, bits, even_wins);
  Solution shape;
  char why[BOARD_ERRMAX];
  uint64_t entries = 0;
  if (reachable(h)) /* any number of states, in one layer */
    index = rules_general(r) ? "reachable-wide" : "reachable",
    coding = "value", symmetric = 0;
  if (!reachable(h) && tiers_applies(r)) { /* rules that drop, take, pass */
    index = "tiers", coding = "value", symmetric = 0;
    if (tiersolver_plan(&shape, r, why) == SOLVER_OK) {
      entries = shape.layer;
      solver_free(&shape);
    }
  } else if (reachable(h))
    entries = h->entries > 0 && h->entries <= STATES_MAX ? h->entries : 1;
  else if (symmetric)
    entries = symmetric_entries(r->arms, h->format);
  else if (solver_plan(&shape, r, why) == SOLVER_OK)
    entries = shape.layer;
  int layers = symmetric                      ? symtable_layers(r)
               : reachable(h) || tiers_applies(r) ? 1
                                                  : rules_opening_plies(r) + 1;
  if (strcmp(h->index, index) != 0)
    field = "index", snprintf(want, sizeof want, "%s", index);
  else if (strcmp(h->coding, coding) != 0)
    field = "coding", snprintf(want, sizeof want, "%s", coding);
  else if (h->arms != r->arms)
    field = "arms", snprintf(want, sizeof want, "%d", r->arms);
  else if (h->opening != rules_opening_plies(r))
    field = "opening",
    snprintf(want, sizeof want, "%d", rules_opening_plies(r));
  else if (h->layers != layers)
    field = "layers", snprintf(want, sizeof want, "%d", layers);
  else if (h->entries != entries)
    field = "entries", snprintf(want, sizeof want, "%" PRIu64, entries);
  else if (rules_memory(r) > 0 && !reachable(h))
    snprintf(err, BOARD_ERRMAX,
             "%.60s: the solutions of rules that remember moves are not "
             "kept in files",
             path);
  else
    return 1;
  if (field)
    snprintf(err, BOARD_ERRMAX,
             "%.60s does not fit the rules: its header's %s is not %s", path,
             field, want);
  return 0;
}

/* --- the codes --- */

enum { CODE_OK, CODE_TOO_FAR, CODE_NEVER };

/* How the bytes of a file's table code its entries. */
enum {
  TABLE_PLAIN,  /* the plain solver's byte an entry */
  TABLE_BYTE,   /* a symmetric byte an entry: value and distance */
  TABLE_PARITY, /* format 2: a byte an entry, 1 + distance */
  TABLE_QUARTERS, /* format 3: 2 bits an entry, the value */
  TABLE_VALUES  /* five values a byte */
};

#define LOW7 0x7f7f7f7f7f7f7f7fu /* the low 7 bits of every byte */
#define HIGH (~LOW7)             /* the high bit */

/* The bytes a table may hold, as a table and as a test of 8 at once. */
typedef struct CodeCheck {
  int kind;          /* TABLE_* */
  uint8_t flaw[256]; /* CODE_* of each byte */
  int by_word;       /* the word test says what flaw says */
  uint64_t add;      /* 255 - the largest good code, in every byte */
  int bit1;          /* 0 or 1: bit 1 of every good code but 0; -1: any */
} CodeCheck;

/* The kind of table of header h. */
static int table_kind(const Header *h) {
  if (strcmp(h->index, "plain") == 0 || strcmp(h->index, "tiers") == 0 ||
      reachable(h))
    return TABLE_PLAIN;
  if (strcmp(h->coding, "value") == 0) return TABLE_BYTE;
  return h->format > 3 ? TABLE_VALUES : h->format > 2 ? TABLE_QUARTERS
                                                       : TABLE_PARITY;
}

/* 1 when the 8 codes in w all pass the word test: none above the largest
** good code and (bit1 >= 0) bit 1 as said in all but zeros.  Each byte is
** tested alone (no carry crosses a byte). */
static int word_good(const CodeCheck *c, uint64_t w) {
  uint64_t above = ((w & LOW7) + c->add) & w & HIGH; /* byte > 255 - add */
  if (c->bit1 < 0) return above == 0;
  uint64_t nonzero = (((w & LOW7) + LOW7) | w) & HIGH;
  uint64_t bit1 = (w << 6) & HIGH; /* bit 1 of each byte at its bit 7 */
  return (above | (nonzero & (c->bit1 ? ~bit1 : bit1))) == 0;
}

/* The value and distance of a byte code of a table of kind (even_wins for
** a format 2 table); the farthest distance its coding holds in *longest. */
static int byte_value(int kind, unsigned code, int even_wins, int *d,
                      int *longest) {
  if (kind == TABLE_PLAIN) {
    *longest = SOLVER_MAX_DISTANCE;
    return solver_code_value((uint8_t)code, d);
  }
  if (kind == TABLE_BYTE) {
    *longest = SYMTABLE_BYTE_LONGEST;
    *d = symtable_distance(code);
    return code == 0 ? VALUE_DRAW : (code - 1) & 1 ? VALUE_LOSS : VALUE_WIN;
  }
  *longest = PARITY_LONGEST; /* coded by parity */
  *d = (int)code - 1;
  if (code == 0) return VALUE_DRAW;
  return (*d % 2 == 0) != even_wins ? VALUE_LOSS : VALUE_WIN;
}

/* Sets up c for a table of kind, of the solution of id: for a byte an
** entry, flaw[code] is CODE_OK when the rules can give the code,
** CODE_TOO_FAR beyond the longest distance of its coding, CODE_NEVER for
** a value that an end by blocking alone cannot give at that distance;
** then the word test, used only when it agrees with flaw on every code.
** For values, a byte is good when it is below 3^5 (format 3: when none
** of its four codes is 3). */
static void code_check(int kind, const SolfileId *id, CodeCheck *c) {
  int largest = 0, bit1[2] = {0, 0}, misere = id->rules->misere != 0;
  /* a row won in misère ends as a blocked side's loss would not */
  int verdicts = id->verdicts || (misere && id->rules->fields.row);
  c->kind = kind;
  c->by_word = 0;
  for (int code = 0; code < 256; code++) {
    if (kind == TABLE_VALUES) {
      c->flaw[code] = code >= 243 ? CODE_NEVER : CODE_OK;
      continue;
    }
    if (kind == TABLE_QUARTERS) {
      c->flaw[code] = (code & (code >> 1) & 0x55) ? CODE_NEVER : CODE_OK;
      continue;
    }
    int d, longest, value = byte_value(kind, (unsigned)code, misere, &d,
                                       &longest);
    /* blocked at the end: the mover when d is even; who is blocked loses,
    ** or wins in misère */
    int lost = (d % 2 == 0) != misere;
    c->flaw[code] =
        d > longest ? CODE_TOO_FAR
        : value != VALUE_DRAW && !verdicts && (value == VALUE_LOSS) != lost
            ? CODE_NEVER
            : CODE_OK;
    if (c->flaw[code] == CODE_OK) largest = code;
    if (c->flaw[code] == CODE_OK && code) bit1[code >> 1 & 1] = 1;
  }
  if (kind == TABLE_VALUES || kind == TABLE_QUARTERS) return;
  c->add = LOW7 / 0x7f * (uint64_t)(255 - largest);
  c->bit1 = bit1[0] && bit1[1] ? -1 : bit1[1];
  c->by_word = largest >= 128;
  for (int code = 0; code < 256 && c->by_word; code++)
    c->by_word = word_good(c, LOW7 / 0x7f * (uint64_t)code) ==
                 (c->flaw[code] == CODE_OK);
}

/* The first of k bytes at p that c refuses, or k. */
static size_t first_flawed(const CodeCheck *c, const uint8_t *p, size_t k) {
  size_t i = 0;
  for (uint64_t w; c->by_word && i + 8 <= k; i += 8)
    if (memcpy(&w, p + i, 8), !word_good(c, w)) break;
  while (i < k && c->flaw[p[i]] == CODE_OK) i++;
  return i;
}

/* Writes to err why byte at of a table, holding code, is refused. */
static void code_refused(const CodeCheck *c, const SolfileId *id, uint64_t at,
                         unsigned code, const char *path, char *err) {
  if (c->kind == TABLE_VALUES) {
    snprintf(err, BOARD_ERRMAX,
             "%.40s is damaged: byte %" PRIu64
             " of its table is %u, which is not five values (243 or more)",
             path, at, code);
    return;
  }
  if (c->kind == TABLE_QUARTERS) {
    uint64_t entry = 4 * at;
    while ((code & 3) != 3) code >>= 2, entry++;
    snprintf(err, BOARD_ERRMAX,
             "%.40s is damaged: entry %" PRIu64
             " holds code 3, which is no value",
             path, entry);
    return;
  }
  int d, longest,
      value = byte_value(c->kind, code, id->rules->misere != 0, &d, &longest);
  if (c->flaw[code] == CODE_TOO_FAR)
    snprintf(err, BOARD_ERRMAX,
             "%.40s is damaged: entry %" PRIu64
             " holds code %u, beyond the longest distance of its coding",
             path, at, code);
  else
    snprintf(err, BOARD_ERRMAX,
             "%.40s is damaged: entry %" PRIu64
             " says %s in %d, which games won only by blocking never give",
             path, at, value == VALUE_WIN ? "a win" : "a loss", d);
}

/* Writes the values of k format 2 codes (entries at..at+k-1) into the
** values table into (zeroed before). */
static void parity_to_values(const uint8_t *codes, size_t k, uint64_t at,
                             int even_wins, uint8_t *into) {
  for (size_t i = 0; i < k; i++) {
    int d, longest,
        value = byte_value(TABLE_PARITY, codes[i], even_wins, &d, &longest);
    uint64_t e = at + i;
    into[e / 4] |= (uint8_t)(value << (e % 4 * 2));
  }
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

/* A table written or read in blocks. */
typedef struct Transfer {
  FILE *f;
  int reading;
  uint64_t sum;                 /* the checksum so far */
  const SolfileSource *source;  /* writing: where the bytes come from */
  const CodeCheck *check;       /* reading: the codes it may hold */
  uint64_t first_flaw;          /* the first byte with an impossible code */
  unsigned flawed;              /* and that byte */
  uint8_t *buffer;              /* reading format 2 codes: a block */
  int even_wins;                /* whose values go to the table */
  const Cancel *cancel;
  const Progress *progress;
} Transfer;

/* Writes or reads the file's table of size bytes, carrying the checksum
** and (when reading) looking for impossible codes; a format 2 table is
** read a block at a time and kept as values.  Returns SOLVER_OK,
** SOLVER_CANCELLED, or IO_FAILED (errno set, or 0 for a short read). */
static int transfer(Transfer *t, uint8_t *table, uint64_t size) {
  const char *phase = t->reading ? "loading" : "saving";
  for (uint64_t at = 0; at < size; at += BLOCK) {
    size_t k = size - at < BLOCK ? (size_t)(size - at) : BLOCK;
    const uint8_t *p;
    if (cancel_now(t->cancel)) return SOLVER_CANCELLED;
    errno = 0;
    if (t->reading) {
      uint8_t *into = t->buffer ? t->buffer : table + at;
      if (fread(into, 1, k, t->f) != k) return IO_FAILED;
      p = into;
    } else if (!(p = t->source->block(t->source->ctx, at, k)) ||
               fwrite(p, 1, k, t->f) != k)
      return IO_FAILED;
    t->sum = checksum(t->sum, p, k);
    if (t->reading && t->first_flaw == NO_FLAW) {
      size_t i = first_flawed(t->check, p, k);
      if (i < k) t->first_flaw = at + i, t->flawed = p[i];
    }
    if (t->buffer) parity_to_values(p, k, at, t->even_wins, table);
    progress_report(t->progress, phase, at + k, size);
  }
  return SOLVER_OK;
}

/* --- the states of a reachable-states file --- */

/* Writes the state p reached by h as a record of size bytes at out:
** black's and white's points (8 bytes each, least significant first), the
** ply (4 bytes), the centre, the side to move, the number of moves
** remembered, a zero, then 8 moves of a from and a to point (zeros past
** the moves); a wide record (WIDE_RECORD) goes on with black's and
** white's hands, 6 zeros, the 8 moves' taken points (8 bytes each) and
** 8 bytes of whether each took the centre's piece. */
static void record_of(const Position *p, const History *h, uint8_t *out,
                      size_t size) {
  memset(out, 0, size);
  for (int i = 0; i < 8; i++) {
    out[i] = (uint8_t)(p->arms[BLACK] >> (8 * i));
    out[8 + i] = (uint8_t)(p->arms[WHITE] >> (8 * i));
  }
  for (int i = 0; i < 4; i++) out[16 + i] = (uint8_t)(p->ply >> (8 * i));
  out[20] = p->centre;
  out[21] = p->side;
  out[22] = (uint8_t)h->count;
  for (int i = 0; i < h->count; i++) {
    out[24 + 2 * i] = h->moves[i].from;
    out[25 + 2 * i] = h->moves[i].to;
  }
  if (size < WIDE_RECORD) return;
  out[40] = p->hand[BLACK];
  out[41] = p->hand[WHITE];
  for (int i = 0; i < h->count; i++) {
    for (int b = 0; b < 8; b++)
      out[48 + 8 * i + b] = (uint8_t)(h->moves[i].taken >> (8 * b));
    out[112 + i] = h->moves[i].centre;
  }
}

/* Reads a record of a state of the rules r (whose solution s is) into *p
** and *h.  Returns 0, or -1 with what is wrong in why. */
static int record_read(const uint8_t *in, size_t size, const Rules *r,
                       const Solution *s, Position *p, History *h, char *why) {
  memset(p, 0, sizeof *p);
  memset(h, 0, sizeof *h);
  for (int i = 7; i >= 0; i--) {
    p->arms[BLACK] = p->arms[BLACK] << 8 | in[i];
    p->arms[WHITE] = p->arms[WHITE] << 8 | in[8 + i];
  }
  for (int i = 3; i >= 0; i--) p->ply = p->ply << 8 | in[16 + i];
  p->centre = in[20];
  p->side = in[21];
  p->n = (uint8_t)r->arms;
  p->graph = r->graph != NULL;
  h->count = in[22];
  int zeros = in[23] == 0;
  for (int i = 0; i < RULES_MAX_HISTORY; i++) {
    Move m = move_of(in[24 + 2 * i], in[25 + 2 * i]);
    if (size >= WIDE_RECORD) {
      for (int b = 7; b >= 0; b--) m.taken = m.taken << 8 | in[48 + 8 * i + b];
      m.centre = in[112 + i];
      zeros &= m.centre <= 1;
    }
    if (i < h->count && i < RULES_MAX_HISTORY) h->moves[i] = m;
    else zeros &= m.from == 0 && m.to == 0 && !move_takes(m);
  }
  if (size >= WIDE_RECORD) {
    p->hand[BLACK] = in[40];
    p->hand[WHITE] = in[41];
    for (int b = 42; b < 48; b++) zeros &= in[b] == 0;
  }
  if (!zeros || h->count > s->memory)
    snprintf(why, BOARD_ERRMAX, "a state's record is malformed");
  else if (p->ply >= (uint32_t)s->opening &&
           p->ply != (uint32_t)(s->opening + s->memory))
    snprintf(why, BOARD_ERRMAX, "a state's ply is %u", p->ply);
  else if (rules_check_position(r, p, why) == 0 &&
           rules_check_history(r, p, h, why) == 0)
    return 0;
  return -1;
}

/* Writes the states of s (count of them) as records, carrying the
** checksum.  Returns SOLVER_OK, SOLVER_CANCELLED or IO_FAILED. */
static int transfer_states(Transfer *t, const Solution *s, uint64_t count) {
  static _Thread_local uint8_t block[WIDE_RECORD * 1024];
  size_t size = s->reach->wide ? WIDE_RECORD : RECORD;
  for (uint64_t at = 0; at < count; at += 1024) {
    size_t k = count - at < 1024 ? (size_t)(count - at) : 1024;
    if (cancel_now(t->cancel)) return SOLVER_CANCELLED;
    for (size_t i = 0; i < k; i++) {
      Position p;
      History h;
      reach_state(s, at + i, &p, &h);
      record_of(&p, &h, block + size * i, size);
    }
    errno = 0;
    if (fwrite(block, size, k, t->f) != k) return IO_FAILED;
    t->sum = checksum(t->sum, block, size * k);
    progress_report(t->progress, "saving states", at + k, count);
  }
  return SOLVER_OK;
}

/* Reads count states of the rules r into s, each with its code (read
** before them), carrying the checksum: each must be a state of the rules'
** board, held once.  Returns SOLVER_OK, SOLVER_CANCELLED, IO_FAILED or
** SOLVER_ERROR (err says which state is wrong). */
static int read_states(Transfer *t, Solution *s, const Rules *r,
                       uint64_t count, const char *path, char *err) {
  static _Thread_local uint8_t block[WIDE_RECORD * 1024];
  size_t size = s->reach->wide ? WIDE_RECORD : RECORD;
  char why[BOARD_ERRMAX];
  for (uint64_t at = 0; at < count; at += 1024) {
    size_t k = count - at < 1024 ? (size_t)(count - at) : 1024;
    if (cancel_now(t->cancel)) return SOLVER_CANCELLED;
    errno = 0;
    if (fread(block, size, k, t->f) != k) return IO_FAILED;
    t->sum = checksum(t->sum, block, size * k);
    for (size_t i = 0; i < k; i++) {
      Position p;
      History h;
      uint8_t code = s->codes[at + i];
      int bad = record_read(block + size * i, size, r, s, &p, &h, why);
      int added = bad ? 0 : reach_add(s, &p, &h, code);
      if (added < 0) {
        snprintf(err, BOARD_ERRMAX, "not enough memory to load %.60s", path);
        return SOLVER_ERROR;
      }
      if (bad || added) {
        snprintf(err, BOARD_ERRMAX, "%.40s is damaged: state %" PRIu64 ": %.80s",
                 path, at + i, bad ? why : "it is held twice");
        return SOLVER_ERROR;
      }
    }
    progress_report(t->progress, "loading states", at + k, count);
  }
  return SOLVER_OK;
}

/* --- saving --- */

void solfile_rules_line(const Rules *r, char *out, size_t size) {
  char flank[16], board[64] = "";
  if (r->flank_plies == RULES_ALWAYS)
    snprintf(flank, sizeof flank, "always");
  else
    snprintf(flank, sizeof flank, "%d", r->flank_plies);
  if (r->graph) /* a board of points: its digest, and the pieces */
    snprintf(board, sizeof board, "board=%016llx pieces=%d/%d ",
             (unsigned long long)graph_digest(r->graph), r->pieces[BLACK],
             r->pieces[WHITE]);
  int used = snprintf(out, size,
                      "rules %sarms=%d flank=%s adjacent_enemy=%s misere=%s",
                      board, r->arms, flank, r->adjacent_enemy ? "yes" : "no",
                      r->misere ? "yes" : "no");
  if (!rules_general(r) || used < 0 || (size_t)used >= size) return;
  const Fields *f = &r->fields; /* the moves beside the slides */
  used += snprintf(out + used, size - (size_t)used,
                   " moves=d%d/%llx/%d,s%d,t%d,p%d,r%d,h%d", f->drops,
                   (unsigned long long)f->no_drop, f->no_drop_centre,
                   !f->no_slides, f->slide_takes, f->pass, f->row,
                   r->hooks.makes);
  for (int i = 0; i < f->jumps && used > 0 && (size_t)used < size; i++)
    used += snprintf(out + used, size - (size_t)used, ",j%d/%d/%d/%d-%d",
                     f->jump[i].over, f->jump[i].onto, f->jump[i].take,
                     f->jump[i].min, f->jump[i].max);
  if (r->graph && (f->jumps || f->row) && used > 0 && (size_t)used < size) {
    uint64_t x = 0xcbf29ce484222325u; /* the straight lines, FNV-1a */
    for (int a = 0; a < r->graph->n; a++)
      for (int b = 0; b < r->graph->n; b++)
        x = (x ^ r->graph->beyond[a][b]) * 0x100000001b3u;
    snprintf(out + used, size - (size_t)used, ",l%016llx",
             (unsigned long long)x);
  }
}

/* Writes the file of s with header h (checksum unset) to the open w, the
** codes from source, then the states of a reachable solution.  Returns
** SOLVER_OK, SOLVER_CANCELLED or IO_FAILED. */
static int save_to(SafeFile *w, const Solution *s, const SolfileSource *source,
                   Header *h, const Cancel *c, const Progress *progress) {
  char text[HEADER_MAX];
  int covered = header_text(h, 0, text);
  Transfer t = {w->f, 0, CHECKSUM_START, source, NULL, NO_FLAW, 0, NULL, 0,
                c,    progress};
  t.sum = checksum(t.sum, (const uint8_t *)text, (size_t)covered);
  int k = header_text(h, 1, text); /* a place for the checksum */
  if (fwrite(text, 1, (size_t)k, w->f) != (size_t)k) return IO_FAILED;
  int rc = transfer(&t, NULL, codes_bytes(h));
  if (rc == SOLVER_OK && s->reach) rc = transfer_states(&t, s, h->entries);
  if (rc != SOLVER_OK) return rc;
  h->checksum = t.sum;
  header_text(h, 1, text); /* the checksum, now known, in its place */
  return fseek(w->f, covered, SEEK_SET) == 0 &&
                 fwrite(text + covered, 1, (size_t)(k - covered), w->f) ==
                     (size_t)(k - covered)
             ? SOLVER_OK
             : IO_FAILED;
}

int solfile_save_from(const Solution *s, const SolfileId *id,
                      const SolfileSource *source, const char *path,
                      const Cancel *c, const Progress *progress, char *err) {
  Header h;
  char text[HEADER_MAX], why[BOARD_ERRMAX];
  if (s->memory > 0 && !s->reach) {
    snprintf(err, BOARD_ERRMAX,
             "cannot save the solution: the plain tables of rules that "
             "remember moves are not kept in files (their reachable states "
             "are)");
    return SOLVER_ERROR;
  }
  header_of(s, id, &h);
  if (strchr(id->variant, '\n') || strlen(id->variant) >= VARIANT_MAX ||
      strchr(id->hooks, '\n') || strlen(id->hooks) >= sizeof h.hooks ||
      header_text(&h, 1, text) < 0) {
    snprintf(err, BOARD_ERRMAX, "cannot save the solution: a bad variant line");
    return SOLVER_ERROR;
  }
  if (!header_fits(&h, id, path, why)) {
    snprintf(err, BOARD_ERRMAX, "cannot save the solution: %.120s", why);
    return SOLVER_ERROR;
  }
  SafeFile w;
  int rc = safefile_begin(&w, path, why) ? IO_FAILED : SOLVER_OK;
  if (rc == SOLVER_OK && source->begun) source->begun(source->ctx, w.tmp);
  if (rc == SOLVER_OK &&
      (rc = save_to(&w, s, source, &h, c, progress)) != SOLVER_OK) {
    snprintf(why, sizeof why, "%s", strerror(errno ? errno : EIO));
    safefile_abort(&w);
  } else if (rc == SOLVER_OK && safefile_commit(&w, why))
    rc = IO_FAILED;
  if (rc == IO_FAILED) {
    snprintf(err, BOARD_ERRMAX, "cannot save the solution to %.60s: %.60s",
             path, why);
    return SOLVER_ERROR;
  }
  return rc;
}

/* The source of a table in memory. */
static const uint8_t *memory_block(void *ctx, uint64_t at, size_t k) {
  (void)k;
  return (const uint8_t *)ctx + at;
}

int solfile_save(const Solution *s, const SolfileId *id, const char *path,
                 const Cancel *c, const Progress *progress, char *err) {
  SolfileSource source = {memory_block, s->codes, NULL};
  return solfile_save_from(s, id, &source, path, c, progress, err);
}

/* --- loading --- */

/* The bytes a table of h takes in memory as read, before a table of an
** old index is turned into the new one: format 2 codes are kept as values
** of 2 bits. */
static uint64_t read_bytes(const Header *h) {
  return table_kind(h) == TABLE_PARITY ? h->entries * (uint64_t)h->layers / 4
                                       : codes_bytes(h);
}

/* The bytes the codes of h take in memory, once read. */
static uint64_t memory_bytes(const Header *h) {
  if (!old_index(h)) return read_bytes(h);
  uint64_t entries = symrank_entries(h->arms) * (uint64_t)h->layers;
  return symtable_bytes(entries, table_kind(h) == TABLE_BYTE ? 8 : 2);
}

/* Sets up s for the header's table of the rules r (codes not read, and
** zeroed).  Returns 0, or -1 without memory. */
static int solution_for(Solution *s, const Rules *r, const Header *h) {
  char why[BOARD_ERRMAX];
  memset(s, 0, sizeof *s);
  if (reachable(h)) /* the codes first: the states are added after them */
    return reach_new(s, r, why) || reach_reserve(s, h->entries) ? -1 : 0;
  if (strcmp(h->index, "tiers") == 0) {
    if (tiersolver_plan(s, r, why)) return -1;
    s->codes = memory_realloc(NULL, (size_t)h->entries);
    return s->codes ? 0 : -1;
  }
  if (strcmp(h->index, "plain") == 0 && solver_plan(s, r, why)) return -1;
  s->n = h->arms;
  s->opening = h->opening;
  s->positions = s->layer = old_index(h) ? symrank_entries(h->arms) : h->entries;
  s->histories = 1;
  int kind = table_kind(h);
  if (kind != TABLE_PLAIN &&
      symtable_new(s, r, kind == TABLE_BYTE ? 8 : 2,
                   strstr(h->coding, "wins-even") != NULL, h->layers))
    return -1;
  s->codes = memory_realloc(NULL, (size_t)memory_bytes(h));
  if (s->codes) memset(s->codes, 0, (size_t)memory_bytes(h));
  return s->codes ? 0 : -1;
}

/* The size of the open file f, or -1. */
static long long file_size(FILE *f) {
  long at = ftell(f);
  if (at < 0 || fseek(f, 0, SEEK_END) != 0) return -1;
  long long size = ftell(f);
  return fseek(f, at, SEEK_SET) == 0 ? size : -1;
}

/* Checks that what is left of f is the table of h.  Returns 1, or 0 with
** why in err. */
static int size_fits(FILE *f, const Header *h, const char *path, char *err) {
  uint64_t size = table_bytes(h);
  long long left = file_size(f) - ftell(f);
  if (left >= 0 && (uint64_t)left < size)
    snprintf(err, BOARD_ERRMAX,
             "%.60s is truncated: it holds %lld of the %" PRIu64
             " bytes of its table",
             path, left, size);
  else if (left < 0 || (uint64_t)left > size)
    snprintf(err, BOARD_ERRMAX, "%.60s is damaged: its size is wrong", path);
  else
    return 1;
  return 0;
}

/* Checks that what is left of f is the table of h and that it fits in
** memory.  Returns 1, or 0 with why in err. */
static int table_fits(FILE *f, const Header *h, const char *path, char *err) {
  char need_text[16], room_text[16];
  uint64_t need = memory_bytes(h);
  if (table_kind(h) == TABLE_PARITY) need += BLOCK; /* read a block at a time */
  if (old_index(h)) need += read_bytes(h); /* read, then turned */
  if (!size_fits(f, h, path, err)) return 0;
  if (need <= memory_room()) return 1;
  snprintf(err, BOARD_ERRMAX,
           "not enough memory to load %.60s: its table takes %s, and "
           "only %s is left",
           path, memory_format((size_t)need, need_text),
           memory_format(memory_room(), room_text));
  return 0;
}

/* Writes into s (its table zeroed) the codes of old, the table of h in
** the index before format 4 (2 C(n, n/2) entries a layer, values 2 bits
** each): the entries with an empty arm are alike in both; a centre-empty
** class takes the code of its least rotation, and a slot that holds no
** class is drawn. */
static void reindex(Solution *s, const Header *h, const uint8_t *old) {
  const SymTable *t = s->sym;
  const SymRank *rank = &t->rank;
  uint64_t layer = symrank_layer(rank);
  for (uint64_t l = 0; l < (uint64_t)h->layers; l++)
    for (uint64_t j = 0; j < layer; j++) {
      uint64_t mask = j < rank->combos
                          ? 1
                          : symrank_cycle_mask(rank, j - rank->combos);
      uint64_t i = l * h->entries +
                   (j < rank->combos ? j
                                     : rank->combos + symrank_combo(rank, mask));
      unsigned code = !mask ? 0
                      : t->bits == 8 ? old[i]
                                     : (unsigned)(old[i / 4] >> (i % 4 * 2)) & 3u;
      if (code) symtable_put(t, s->codes, l * layer + j, code);
    }
}

/* Reads the table of h (whose header raw is) from f into s, checking the
** checksum and every code.  Returns a SOLVER_* code (err says why). */
static int read_table(FILE *f, Solution *s, const SolfileId *id,
                      const Header *h, const RawHeader *raw, const char *path,
                      const Cancel *c, const Progress *progress, char *err) {
  CodeCheck check;
  int kind = table_kind(h);
  uint8_t *buffer = kind == TABLE_PARITY ? memory_realloc(NULL, BLOCK) : NULL;
  uint8_t *old = old_index(h) ? memory_realloc(NULL, (size_t)read_bytes(h))
                              : NULL;
  if (old) memset(old, 0, (size_t)read_bytes(h));
  if (solution_for(s, id->rules, h) || (kind == TABLE_PARITY && !buffer) ||
      (old_index(h) && !old)) {
    solver_free(s);
    memory_realloc(buffer, 0);
    memory_realloc(old, 0);
    snprintf(err, BOARD_ERRMAX, "not enough memory to load %.60s", path);
    return SOLVER_ERROR;
  }
  code_check(kind, id, &check);
  Transfer t = {f,      1, CHECKSUM_START, NULL, &check, NO_FLAW, 0, buffer,
                id->rules->misere != 0, c, progress};
  t.sum = checksum(t.sum, (const uint8_t *)raw->text, (size_t)raw->covered);
  int rc = transfer(&t, old ? old : s->codes, codes_bytes(h));
  memory_realloc(buffer, 0);
  if (old && rc == SOLVER_OK) reindex(s, h, old);
  memory_realloc(old, 0);
  if (rc == SOLVER_OK && reachable(h))
    rc = read_states(&t, s, id->rules, h->entries, path, err);
  if (rc == SOLVER_ERROR) {
    solver_free(s);
    return rc;
  }
  if (rc == IO_FAILED)
    snprintf(err, BOARD_ERRMAX, "cannot read the solution in %.60s: %s", path,
             errno ? strerror(errno) : "it is truncated");
  else if (rc == SOLVER_OK && t.sum != h->checksum)
    snprintf(err, BOARD_ERRMAX, "%.60s is damaged: its checksum does not match",
             path);
  else if (rc == SOLVER_OK && t.first_flaw != NO_FLAW)
    code_refused(&check, id, t.first_flaw, t.flawed, path, err);
  else
    return rc;
  solver_free(s);
  return rc == SOLVER_CANCELLED ? rc : SOLVER_ERROR;
}

/* Maps the table of h (after a header of length at) of the open f into s,
** set up for it.  Returns SOLVER_OK or SOLVER_ERROR (err says why). */
static int map_table(FILE *f, long at, Solution *s, const SolfileId *id,
                     const Header *h, const char *path, char *err) {
  int kind = table_kind(h);
  memset(s, 0, sizeof *s);
  s->n = h->arms;
  s->opening = h->opening;
  s->positions = s->layer = h->entries;
  s->histories = 1;
  if (symtable_new(s, id->rules, kind == TABLE_BYTE ? 8 : 2,
                   strstr(h->coding, "wins-even") != NULL, h->layers)) {
    snprintf(err, BOARD_ERRMAX, "not enough memory to open %.60s", path);
    return SOLVER_ERROR;
  }
  size_t size = (size_t)at + (size_t)codes_bytes(h);
  void *base = mmap(NULL, size, PROT_READ, MAP_SHARED, fileno(f), 0);
  if (base == MAP_FAILED) {
    snprintf(err, BOARD_ERRMAX, "cannot map %.60s: %s", path,
             strerror(errno));
    solver_free(s);
    return SOLVER_ERROR;
  }
  s->sym->map = base;
  s->sym->map_size = size;
  s->codes = (uint8_t *)base + at;
  return SOLVER_OK;
}

/* The file at path opened, its header read into h and raw.  Returns it,
** or NULL with a message in err. */
static FILE *open_solution(const char *path, Header *h, RawHeader *raw,
                           char *err) {
  char why[BOARD_ERRMAX];
  FILE *f = safefile_open(path, why);
  if (!f) {
    snprintf(err, BOARD_ERRMAX, "cannot read the solution in %.60s: %.60s",
             path, why);
    return NULL;
  }
  if (!header_read(f, h, raw)) {
    snprintf(err, BOARD_ERRMAX,
             "%.60s is not a solution file (or its header is damaged)", path);
    fclose(f);
    return NULL;
  }
  return f;
}

int solfile_map(Solution *s, const SolfileId *id, const char *path,
                char *err) {
  Header h;
  RawHeader raw;
  FILE *f = open_solution(path, &h, &raw, err);
  if (!f) return SOLVER_ERROR;
  int rc = SOLVER_ERROR;
  if (!header_fits(&h, id, path, err))
    ;
  else if (table_kind(&h) != TABLE_VALUES && table_kind(&h) != TABLE_BYTE)
    snprintf(err, BOARD_ERRMAX,
             "%.60s: only a symmetric table of format %d is read without "
             "loading it (load it, and save it again)",
             path, SOLFILE_FORMAT);
  else if (size_fits(f, &h, path, err))
    rc = map_table(f, ftell(f), s, id, &h, path, err);
  fclose(f);
  return rc;
}

int solfile_load(Solution *s, const SolfileId *id, const char *path,
                 const Cancel *c, const Progress *progress, char *err) {
  Header h;
  RawHeader raw;
  FILE *f = open_solution(path, &h, &raw, err);
  if (!f) return SOLVER_ERROR;
  int rc = SOLVER_ERROR;
  if (header_fits(&h, id, path, err) && table_fits(f, &h, path, err))
    rc = read_table(f, s, id, &h, &raw, path, c, progress, err);
  fclose(f);
  return rc;
}

/*
** main.c — mutorere-mpi: a built-in variant solved up to symmetry over the
** ranks of an Open MPI job, written to the solution file that
** mt.solve(mt.variant{base = NAME, arms = N}, {file = PATH}) writes, byte
** for byte.
**
**   mpirun -np P mutorere-mpi --variant NAME --arms N --file PATH
**                             [--checkpoint DIR [--every SECONDS]]
**
** Rank 0 prints the progress (each wave: the classes found, the part
** settled, its time, the bytes sent between ranks a class so far), the
** peak memory of the ranks and what was sent, the census of the table
** (counted over the ranks), writes the file, its table gathered from the
** ranks a block at a time, and prints the start's value, looked up in the
** file without loading it.  It solves the built-in variants (--help lists
** them); MPI errors return rather than abort, and a signal while rank 0
** writes the file removes its temporary file (mpirun signals the ranks
** left when one is lost, before it kills them).  SIGINT or SIGTERM (what
** mpirun sends every rank on Ctrl-C) stops every rank at the end of the
** round it is in: the file being written is dropped, an old one stays.
** With --checkpoint, the ranks keep their parts in DIR between waves
** (checkpoint.h) every SECONDS (600), go on from them when they are there,
** and remove them once the file is written.
*/
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "checkpoint.h"
#include "memory.h"
#include "rank.h"
#include "safefile.h"
#include "solfile.h"
#include "symtable.h"
#include "waves.h"

#define USAGE                                                                  \
  "usage: mutorere-mpi --variant NAME --arms N --file PATH\n"                  \
  "                    [--checkpoint DIR [--every SECONDS]]\n"

static volatile sig_atomic_t stop_asked;

/* Rank 0's temporary file while it writes the solution (set: writing):
** removed by a signal, since mpirun signals the ranks left when one is
** lost, and then kills them, which a rank waiting in a collective call
** for the lost one would not survive to remove it. */
static char temporary[SAFEFILE_PATHMAX];
static volatile sig_atomic_t writing;

static void on_signal(int sig) {
  (void)sig;
  stop_asked = 1;
  if (writing) unlink(temporary);
}

/* The save's temporary file, noted for on_signal. */
static void note_temporary(void *ctx, const char *tmp) {
  (void)ctx;
  snprintf(temporary, sizeof temporary, "%s", tmp);
  writing = 1;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Seconds of processor time of this process. */
static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Writes x with thousands separators into buf (32 bytes). */
static const char *count(uint64_t x, char *buf) {
  char digits[24];
  int k = snprintf(digits, sizeof digits, "%llu", (unsigned long long)x), o = 0;
  for (int i = 0; i < k; i++) {
    if (i && (k - i) % 3 == 0) buf[o++] = ',';
    buf[o++] = digits[i];
  }
  buf[o] = 0;
  return buf;
}

/* --- the arguments --- */

typedef struct Args {
  const char *variant, *file, *checkpoint;
  int arms;
  double every; /* seconds between checkpoints */
} Args;

/* Reads the arguments.  Returns 0, or -1 with why in err. */
static int read_args(int argc, char **argv, Args *a, char *err) {
  memset(a, 0, sizeof *a);
  a->every = 600;
  for (int i = 1; i < argc; i++) {
    const char *key = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(key, "-h") == 0 || strcmp(key, "--help") == 0) {
      snprintf(err, BOARD_ERRMAX, "%s", "");
      return -1;
    }
    if (!value) {
      snprintf(err, BOARD_ERRMAX, "%.40s needs a value", key);
      return -1;
    }
    i++;
    if (strcmp(key, "--variant") == 0)
      a->variant = value;
    else if (strcmp(key, "--file") == 0)
      a->file = value;
    else if (strcmp(key, "--checkpoint") == 0)
      a->checkpoint = value;
    else if (strcmp(key, "--every") == 0) {
      char *end;
      a->every = strtod(value, &end);
      if (*end || end == value || !(a->every >= 0 && a->every <= 1e7)) {
        snprintf(err, BOARD_ERRMAX, "--every must be seconds (0 to 1e7), "
                 "not %.40s", value);
        return -1;
      }
    } else if (strcmp(key, "--arms") == 0) {
      char *end;
      long n = strtol(value, &end, 10);
      if (*end || end == value || n < 0 || n > 1000) {
        snprintf(err, BOARD_ERRMAX, "--arms must be a number, not %.40s",
                 value);
        return -1;
      }
      a->arms = (int)n;
    } else {
      snprintf(err, BOARD_ERRMAX, "unknown option %.40s", key);
      return -1;
    }
  }
  if (!a->variant || !a->file || !a->arms) {
    snprintf(err, BOARD_ERRMAX, "--variant, --arms and --file are needed");
    return -1;
  }
  return 0;
}

/* 1 when the built-in variant name is one mutorere-mpi solves: its
** opening plies are searched at each lookup, not kept as layers. */
static int solvable(const char *name) {
  Rules r;
  char err[BOARD_ERRMAX];
  return rules_named(&r, name, 8, err) == 0 && symtable_layers(&r) == 1;
}

/* Prints the usage and the variants mutorere-mpi solves to f. */
static void usage(FILE *f) {
  fputs(USAGE "variants:", f);
  for (int i = 0; rules_names[i]; i++)
    if (solvable(rules_names[i])) fprintf(f, " %s", rules_names[i]);
  fputs("\n(the built-in variants; a scripted one is Lua, which mutorere-mpi "
        "does not run: mt.solve solves it on one machine)\n",
        f);
}

/* Sets r to the variant asked for.  Returns 0, or -1 with why in err. */
static int variant_of(const Args *a, Rules *r, char *err) {
  if (rules_named(r, a->variant, a->arms, err)) return -1;
  if (a->arms > SYMRANK_MAX_ARMS) {
    snprintf(err, BOARD_ERRMAX, "%d arms are too many: up to %d", a->arms,
             SYMRANK_MAX_ARMS);
    return -1;
  }
  if (symtable_layers(r) != 1) { /* every built-in variant keeps one */
    snprintf(err, BOARD_ERRMAX, "%.40s keeps its opening plies as layers, "
             "which mutorere-mpi does not solve", a->variant);
    return -1;
  }
  return 0;
}

/* --- what rank 0 tells --- */

static uint64_t bytes_sent_all; /* by every rank, after the last wave */

/* The checkpoints: where and of what, how often, and the last one. */
static struct {
  Checkpoints set;
  double every, last;
  char variant[256];
  int wave; /* the wave the last one goes on from (0: none) */
} checkpoints;

/* Keeps the ranks' parts after wave d when it is time (rank 0's clock
** says, for all). */
static void keep(const Part *p, int d) {
  char err[BOARD_ERRMAX];
  int due = now() - checkpoints.last >= checkpoints.every;
  MPI_Bcast(&due, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!due) return;
  if (checkpoint_save(p, &checkpoints.set, err) == 0) {
    checkpoints.wave = d + 1;
    if (p->ex.me == 0) {
      printf("checkpoint: from wave %d, in %s\n", d + 1, checkpoints.set.dir);
      fflush(stdout);
    }
  } else if (p->ex.me == 0 || strncmp(err, "another", 7) != 0)
    fprintf(stderr, "mutorere-mpi: %s (the solve goes on)\n", err);
  checkpoints.last = now();
}

static void on_wave(const Part *p, int d, uint64_t found, uint64_t settled,
                    double seconds) {
  uint64_t sent, most;
  char a[32];
  exchange_sum(p->ex.bytes_sent, &sent, &most); /* every rank calls it */
  bytes_sent_all = sent;
  if (p->ex.me == 0) {
    printf("wave %3d: %15s found, %5.1f%% settled, %7.2f s, %6.2f bytes sent "
           "a class so far\n",
           d, count(found, a), 100.0 * (double)settled / (double)p->entries,
           seconds, (double)sent / (double)p->entries);
    fflush(stdout);
  }
  if (checkpoints.set.dir) keep(p, d);
}

/* The peak resident memory of this process in bytes (0 when unknown). */
static uint64_t peak_memory(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  unsigned long long kb = 0;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "VmHWM: %llu kB", &kb) == 1) break;
  if (f) fclose(f);
  return (uint64_t)kb * 1024;
}

/* --- the file --- */

/* Rank 0's side of a file being written: the table gathered a block at a
** time. */
typedef struct Saver {
  Part *p;
  uint8_t *block;
  int *counts, *at;
  uint64_t polls, blocks;
  int stopped;
} Saver;

/* This rank's bytes in the file's table bytes [at, at + k): from, how
** many. */
static uint64_t share(const Part *p, int r, uint64_t at, size_t k,
                      uint64_t *from) {
  uint64_t lo = (uint64_t)r * p->per / SYMTABLE_PER_BYTE,
           hi = lo + p->per / SYMTABLE_PER_BYTE;
  uint64_t end = p->entries / SYMTABLE_PER_BYTE;
  if (hi > end) hi = end;
  if (lo > end) lo = end;
  *from = lo > at ? lo : at;
  uint64_t to = hi < at + k ? hi : at + k;
  return to > *from ? to - *from : 0;
}

/* The ranks' agreement before each block: stop? */
static int save_stop(void *ctx) {
  Saver *s = ctx;
  int all, any;
  s->polls++;
  if (exchange_agree(0, stop_asked, &all, &any)) any = 1;
  s->stopped |= any;
  return any;
}

/* The block of the table at at (k bytes), gathered from the ranks. */
static const uint8_t *save_block(void *ctx, uint64_t at, size_t k) {
  Saver *s = ctx;
  uint64_t from;
  for (int r = 0; r < s->p->ex.ranks; r++) {
    s->counts[r] = (int)share(s->p, r, at, k, &from);
    s->at[r] = (int)(from - at);
  }
  uint64_t mine = share(s->p, 0, at, k, &from);
  if (MPI_Gatherv(s->p->codes + (from - s->p->lo / SYMTABLE_PER_BYTE), (int)mine, MPI_BYTE,
                  s->block,
                  s->counts, s->at, MPI_BYTE, 0, MPI_COMM_WORLD))
    return NULL;
  return s->block;
}

/* The other ranks' side: their share of each block, until rank 0 has them
** all or some rank stops. */
static void serve_blocks(Part *p, uint64_t blocks, uint64_t table) {
  for (uint64_t b = 0; b < blocks; b++) {
    int all, any;
    uint64_t at = b * SOLFILE_BLOCK, from;
    size_t k = table - at < SOLFILE_BLOCK ? (size_t)(table - at)
                                          : SOLFILE_BLOCK;
    if (exchange_agree(0, stop_asked, &all, &any) || any) return;
#ifdef SERVE_PAUSE /* a test build serves slowly: a kill lands in a write */
    nanosleep(&(struct timespec){0, SERVE_PAUSE}, NULL);
#endif
    uint64_t mine = share(p, p->ex.me, at, k, &from);
    if (MPI_Gatherv(p->codes + (from - p->lo / SYMTABLE_PER_BYTE), (int)mine, MPI_BYTE, NULL,
                    NULL, NULL, MPI_BYTE, 0, MPI_COMM_WORLD))
      return;
  }
}

/* Writes the solution of r to path from the ranks' values.  Returns a
** SOLVER_* code on every rank (err on rank 0). */
static int write_file(Part *p, const Rules *r, const char *path, char *err) {
  uint64_t table = p->entries / SYMTABLE_PER_BYTE;
  uint64_t blocks = (table + SOLFILE_BLOCK - 1) / SOLFILE_BLOCK;
  int rc = SOLVER_OK;
  if (p->ex.me != 0)
    serve_blocks(p, blocks, table);
  else {
    char line[256];
    Solution shape;
    int bits, even_wins;
    memset(&shape, 0, sizeof shape);
    shape.n = r->arms;
    shape.opening = rules_opening_plies(r);
    shape.positions = shape.layer = rank_layer(r->arms);
    shape.histories = 1;
    symtable_coding(r, &bits, &even_wins);
    solfile_rules_line(r, line, sizeof line);
    SolfileId id = {MUTORERE_VERSION, line, "none", r, 1, 0};
    Saver s = {p, memory_realloc(NULL, SOLFILE_BLOCK),
               memory_realloc(NULL, (size_t)p->ex.ranks * sizeof(int)),
               memory_realloc(NULL, (size_t)p->ex.ranks * sizeof(int)),
               0, blocks, 0};
    SolfileSource source = {save_block, &s, note_temporary};
    Cancel cancel = {save_stop, &s};
    if (!s.block || !s.counts || !s.at ||
        symtable_new(&shape, r, bits, even_wins, 1)) {
      snprintf(err, BOARD_ERRMAX, "not enough memory to write the file");
      rc = SOLVER_ERROR;
    } else
      rc = solfile_save_from(&shape, &id, &source, path, &cancel, NULL, err);
    writing = 0;
    if (!s.stopped && s.polls < blocks) { /* let the others go */
      int all, any;
      exchange_agree(0, 1, &all, &any);
    }
    if (shape.sym) symtable_free(&shape);
    memory_realloc(s.block, 0);
    memory_realloc(s.counts, 0);
    memory_realloc(s.at, 0);
  }
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return rc;
}

/* --- what the table says --- */

/* The classes of the table drawn, won and lost for the side to move,
** counted over the ranks; rank 0 prints them. */
static void census(const Part *p) {
  uint64_t all[3], most;
  char a[32], b[32], c[32], d[32];
  for (int v = 0; v < 3; v++) exchange_sum(p->census[v], &all[v], &most);
  if (p->ex.me != 0) return;
  printf("the table: %s classes won, %s lost, %s drawn for the side to move "
         "(%s in all)\n",
         count(all[VALUE_WIN], a), count(all[VALUE_LOSS], b),
         count(all[VALUE_DRAW], c),
         count(all[VALUE_WIN] + all[VALUE_LOSS] + all[VALUE_DRAW], d));
}

/* Prints the value of the start of r and its distance, looked up in the
** file at path without loading it (rank 0). */
static void tell_start(const Rules *r, const char *path) {
  char line[256], err[BOARD_ERRMAX];
  Solution s;
  Position start;
  solfile_rules_line(r, line, sizeof line);
  SolfileId id = {MUTORERE_VERSION, line, "none", r, 1, 0};
  if (solfile_map(&s, &id, path, err) != SOLVER_OK) {
    fprintf(stderr, "mutorere-mpi: the start not looked up: %s\n", err);
    return;
  }
  int d, value;
  board_start(&start, r->arms);
  value = solver_lookup(&s, &start, NULL, &d);
  if (value == VALUE_DRAW)
    printf("the start: a draw\n");
  else
    printf("the start: %s for black, who moves first, in %d plies\n",
           value == VALUE_WIN ? "a win" : "a loss", d);
  solver_free(&s);
}

/* --- the run --- */

/* Tells what the run took: time (wall clock, and the most processor time
** of a rank, cpu its own), memory, messages. */
static void summary(const Part *p, int waves, double seconds, double cpu) {
  uint64_t peak = peak_memory(), all, most, least, sent, top, kept, busiest;
  char a[32], b[16], c[16], e[16];
  double classes = (double)p->entries;
  exchange_sum((uint64_t)(cpu * 1e6), &top, &busiest);
  exchange_sum(peak, &all, &most);
  exchange_least(peak, &least);
  exchange_sum(p->ex.bytes_sent, &sent, &top);
  exchange_sum(p->bytes_kept, &kept, &top);
  if (p->ex.me != 0) return;
  printf("solved in %.2f s (processor time of a rank %.2f s at most), %d "
         "waves, %llu rounds: %s bytes sent between ranks, %.2f a class (%.2f "
         "were every class on a rank of its own); peak memory a rank %s "
         "(least %s), %s in all\n",
         seconds, (double)busiest / 1e6, waves,
         (unsigned long long)p->ex.rounds, count(sent, a),
         (double)sent / classes, (double)(sent + kept) / classes,
         memory_format((size_t)most, b), memory_format((size_t)least, c),
         memory_format((size_t)all, e));
}

/* 1 when path is a folder this process may write in; else 0 with why in
** err. */
static int writable_folder(const char *path, char *err) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode) ||
      access(path, W_OK | X_OK) != 0) {
    snprintf(err, BOARD_ERRMAX, "--checkpoint %.80s: not a folder this rank "
             "may write in", path);
    return 0;
  }
  return 1;
}

/* Sets p up on every rank, and from the checkpoints when there are some.
** Returns 0, or -1 after the lowest rank that failed told why. */
static int begin(const Args *a, const Rules *r, Part *p, int me) {
  char err[BOARD_ERRMAX] = "", why[BOARD_ERRMAX];
  int bad = me == 0 && safefile_writable(a->file, why), all, any;
  if (bad) snprintf(err, sizeof err, "cannot write %.60s: %.80s", a->file, why);
  bad |= part_init(p, r, &stop_asked) != 0;
  if (!err[0] && bad) snprintf(err, sizeof err, "%s", p->err);
  if (!bad && a->checkpoint) bad = !writable_folder(a->checkpoint, err);
  exchange_agree(1, bad, &all, &any);
  if (!any && a->checkpoint) {
    char note[BOARD_ERRMAX];
    int resumed = checkpoint_load(p, &checkpoints.set, err, note);
    any = resumed < 0;
    bad = any && err[0];
    checkpoints.wave = resumed > 0 ? p->d : 0;
    if (me == 0 && note[0]) printf("mutorere-mpi: %s\n", note);
  }
  if (!any) return 0;
  uint64_t first; /* the lowest rank that failed tells */
  exchange_least(bad ? (uint64_t)me : UINT64_MAX, &first);
  if (first == (uint64_t)me && me == 0)
    fprintf(stderr, "mutorere-mpi: %s\n", err);
  else if (first == (uint64_t)me)
    fprintf(stderr, "mutorere-mpi: rank %d: %s\n", me, err);
  return -1;
}

/* Solves and writes the file; returns the exit status. */
static int run(const Args *a, const Rules *r, int me) {
  char err[BOARD_ERRMAX] = "", a1[32], a2[32], m[16];
  Part p;
  checkpoints.set.dir = a->checkpoint;
  checkpoints.set.variant = checkpoints.variant;
  checkpoints.every = a->every;
  checkpoints.last = now();
  solfile_rules_line(r, checkpoints.variant, sizeof checkpoints.variant);
  if (begin(a, r, &p, me)) {
    part_free(&p);
    return 1;
  }
  if (me == 0) {
    printf("mutorere-mpi: %s on %d arms: %s classes over %d rank%s, %s a "
           "rank, 4 bits a class while solving (%s a rank), five a byte in "
           "the file\n",
           a->variant, a->arms, count(p.entries, a1), p.ex.ranks,
           p.ex.ranks > 1 ? "s" : "",
           count(p.per < p.entries ? p.per : p.entries, a2),
           memory_format((size_t)(p.per / 2), m));
    if (checkpoints.wave)
      printf("resumed from the checkpoints in %s: wave %d, %.1f%% settled\n",
             a->checkpoint, p.d, 100.0 * (double)p.settled / (double)p.entries);
    fflush(stdout);
  }
  double t = now(), cpu = cpu_now();
  int rc = part_solve(&p, on_wave);
  int waves = p.d;
  if (rc == SOLVER_OK) summary(&p, waves, now() - t, cpu_now() - cpu);
  if (rc == SOLVER_OK) census(&p);
  if (rc == SOLVER_OK) rc = write_file(&p, r, a->file, err);
  if (rc == SOLVER_OK && a->checkpoint) checkpoint_remove(&p, &checkpoints.set);
  if (me == 0 && rc == SOLVER_OK) {
    printf("wrote %s\n", a->file);
    tell_start(r, a->file);
  }
  else if (me == 0 && rc == SOLVER_CANCELLED && checkpoints.wave)
    fprintf(stderr, "mutorere-mpi: interrupted; the checkpoints in %s go on "
            "from wave %d: run the same command again\n", a->checkpoint,
            checkpoints.wave);
  else if (me == 0 && rc == SOLVER_CANCELLED)
    fprintf(stderr, "mutorere-mpi: interrupted\n");
  else if (me == 0)
    fprintf(stderr, "mutorere-mpi: %s\n", err[0] ? err : p.err);
  part_free(&p);
  return rc == SOLVER_OK ? 0 : rc == SOLVER_CANCELLED ? 130 : 1;
}

int main(int argc, char **argv) {
  int me, status;
  char err[BOARD_ERRMAX];
  Args a;
  Rules r;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  /* a failed call returns its error (told, and the run stopped) */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  if (read_args(argc, argv, &a, err) || variant_of(&a, &r, err)) {
    if (me == 0 && err[0]) fprintf(stderr, "mutorere-mpi: %s\n", err);
    if (me == 0) usage(err[0] ? stderr : stdout);
    status = err[0] ? 2 : 0;
  } else
    status = run(&a, &r, me);
  MPI_Finalize();
  return status;
}

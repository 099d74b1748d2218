/*
** waves.h — the symmetric solver's waves (core/symwave.h) over the ranks of
** mutorere-mpi, for rules without hooks.
**
** The entries of the last layer are cut into one slice a rank, in order
** (each a whole number of SYMRANK_ALIGN entries).  A rank keeps the four
** bits of its own entries only, and walks its own slice: the predecessors
** of the entries it finds in a wave go to the ranks that own them as words
** (the entry, and in the top bit whether the child is lost), batched in
** rounds; an entry whose count ran out asks the owners of its children
** whether they are won, in rounds too.  Every rank takes part in every
** round, so a rank with nothing to send sends nothing.  Each rank then
** packs its slice into values, five a byte, which are the file's
** table in the order of the ranks.
*/
#ifndef MUTORERE_MPI_WAVES_H
#define MUTORERE_MPI_WAVES_H

#include <signal.h>
#include <stdint.h>

#include "exchange.h"
#include "symrank.h"
#include "symtable.h"
#include "symwave.h"

typedef struct Part Part;

/* What a rank tells after each wave (rank 0 prints it): the wave, the
** entries found at it and settled so far over every rank, and the
** seconds it took. */
typedef void (*PartReport)(const Part *p, int d, uint64_t found,
                           uint64_t settled, double seconds);

struct Part {
  Rules rules;
  SymRank rank;
  Wave wave;
  Exchange ex;
  uint64_t entries;  /* of the layer */
  uint64_t per;      /* entries a slice (the last may be shorter) */
  uint64_t lo, hi;   /* this rank's slice */
  uint8_t *codes;    /* its four bits an entry, then its values */
  size_t *next;      /* reading answers: the next from each rank */
  int even_wins;     /* wins lie at even distances (misère) */
  int max_distance;  /* the farthest a values table reaches */
  int d;             /* the wave (the first to run: 0, or a checkpoint's) */
  uint64_t settled;  /* entries settled so far, every rank's */
  uint64_t checks;   /* entries whose count ran out in the wave */
  SymCursor cursor;    /* the last entry spread */
  int pending;         /* arrivals at this rank waiting, their codes
                       ** prefetched (so that the cache misses overlap) */
  uint64_t waiting[64 + WAVE_MAX_PREDECESSORS], arms[64 + WAVE_MAX_PREDECESSORS];
  uint64_t census[3];  /* the slice's classes drawn, won, lost (VALUE_*),
                       ** once packed */
  uint64_t bytes_held; /* the most this rank's tables held */
  uint64_t bytes_kept; /* the bytes of the words (and answers) this rank
                       ** kept for itself: sent, had another rank owned them */
  const volatile sig_atomic_t *stop; /* set by a signal */
  PartReport report;
  char err[160];
};

/* Sets p up for the rules r (without hooks) on this rank, stopping when
** *stop is set.  Returns 0, or -1 with the reason in p->err. */
int part_init(Part *p, const Rules *r, const volatile sig_atomic_t *stop);

void part_free(Part *p);

/* The owner of entry i. */
static inline int part_owner(const Part *p, uint64_t i) {
  return (int)(i / p->per);
}

/* Solves the last layer over the ranks from wave p->d (0, or a
** checkpoint's: then its codes are not started again), telling report
** after each wave; p->codes then holds the values of the slice.  Returns
** a SOLVER_* code, the same on every rank (p->err says why on
** SOLVER_ERROR). */
int part_solve(Part *p, PartReport report);

/* The bytes of the file's table that this rank holds: its values. */
static inline uint64_t part_bytes(const Part *p) {
  return (p->hi - p->lo) / SYMTABLE_PER_BYTE;
}

#endif

/*
** checkpoint.h — a rank's part of a solve between two waves, kept in a
** file of its own, so that a run that stops (Ctrl-C, a node lost, a job's
** time up) goes on from its last checkpoint rather than from the start.
**
** Rank R of P keeps two generations, DIR/rank-R-of-P.0.mtc and
** rank-R-of-P.1.mtc, each a text header, a blank line, then the four-bit
** codes of its slice:
**   mutorere-mpi checkpoint
**   program 0.1.0
**   variant <the variant line of the solution file>
**   ranks 4
**   rank 1
**   slice <first entry> <entry past the last>
**   wave <the next wave to run>
**   settled <entries settled, every rank's>
**   sent <bytes this rank sent> <bytes it kept for itself>
**   rounds <rounds so far>
**   checksum <16 hex digits over the lines above and the codes>
** Between two waves no message is under way, so the codes and those
** counts are the whole of a rank's state.  A rank writes the generation
** it does not go on from (the older, removed first: two generations are
** all a rank's disk ever holds), to a temporary file first, and the
** ranks agree that all did before any renames it into place: a kill at
** any instant (before, between or after the renames) leaves on every rank
** the generation the ranks last went on from whole, and a resume takes
** the latest wave that every rank holds.  Checkpoints of another rank
** count, of an older mutorere-mpi (rank-R-of-P.mtc), of another variant
** or program, or damaged, are refused with a message that says which; an
** incomplete first generation (a run killed while it renamed its first
** checkpoints) is said, and the run starts from wave 0.
*/
#ifndef MUTORERE_MPI_CHECKPOINT_H
#define MUTORERE_MPI_CHECKPOINT_H

#include "waves.h"

/* The checkpoints of a run: where, of what, and the generation this rank
** goes on from (-1: none yet). */
typedef struct Checkpoints {
  const char *dir;
  const char *variant; /* the variant line of the solution file */
  int current;
} Checkpoints;

/* Writes this rank's checkpoint of p, after wave p->d (the next is
** p->d + 1), into the generation it does not go on from.  Returns 0 on
** every rank when every rank wrote its file and renamed it, else -1 with
** why in err on the ranks that failed (and "another rank could not..." on
** the others); the generation gone on from stays whole. */
int checkpoint_save(const Part *p, Checkpoints *c, char *err);

/* Reads this rank's part of the latest wave every rank holds into p, set
** up by part_init for the same rules and ranks: its codes, wave and
** counts.  Returns 1 when read, 0 when there is none (note says why when
** checkpoints were there but no wave on every rank: an incomplete first
** generation), or -1 with why in err (checkpoints of another rank count or
** an older program, of another variant, program or slice, or damaged), err
** empty on a rank whose own files were not refused.  The same on every
** rank. */
int checkpoint_load(Part *p, Checkpoints *c, char *err, char *note);

/* Removes this rank's checkpoints (the solve is written). */
void checkpoint_remove(const Part *p, const Checkpoints *c);

#endif

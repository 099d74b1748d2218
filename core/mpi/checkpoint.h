/*
** checkpoint.h — a rank's part of a solve between two waves, kept in a
** file of its own, so that a run that stops (Ctrl-C, a node lost, a job's
** time up) goes on from its last checkpoint rather than from the start.
**
** Rank R of P keeps DIR/rank-R-of-P.mtc: a text header, a blank line,
** then the four-bit codes of its slice:
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
** counts are the whole of a rank's state.  Every rank writes its file and
** the ranks agree that all did before any replaces the one it had, so
** the files on disk are of one wave (a rank lost between the renames
** leaves files of two waves, and a resume refuses them).
*/
#ifndef MUTORERE_MPI_CHECKPOINT_H
#define MUTORERE_MPI_CHECKPOINT_H

#include "waves.h"

/* Writes this rank's checkpoint of p, after wave p->d (the next is
** p->d + 1), to dir for the variant line variant.  Returns 0 on every
** rank when every rank wrote its file, else -1 with why in err on the
** ranks that failed (and "another rank could not..." on the others); the
** old files then stay. */
int checkpoint_save(const Part *p, const char *dir, const char *variant,
                    char *err);

/* Reads this rank's checkpoint in dir into p, set up by part_init for the
** same rules and ranks: its codes, wave and counts.  Returns 1 when every
** rank read one of the same wave, 0 when no rank has one, or -1 with why
** in err (a file of another variant, program, slice or rank count,
** damaged, of another wave than the other ranks', or missing on some),
** err empty on a rank whose own file was not refused.  The same on every
** rank. */
int checkpoint_load(Part *p, const char *dir, const char *variant, char *err);

/* Removes this rank's checkpoint from dir (the solve is written). */
void checkpoint_remove(const Part *p, const char *dir);

#endif

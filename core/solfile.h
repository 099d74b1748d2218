/*
** solfile.h — solutions kept in files, so that a long solve is done once.
**
** A file is a text header, a blank line, then the table's bytes:
**   mutorere solution
**   format 1
**   program 0.1.0
**   variant <one line naming the variant and its rules>
**   index symmetric|plain
**   coding parity-wins-odd|parity-wins-even|value
**   arms 32
**   opening 0
**   layers 1
**   entries 1202160780
**   checksum <16 hex digits over the table>
** A file of another format, program version or variant, of another shape,
** truncated or damaged is refused with a message that says which.  Saving
** writes a temporary file next to the old one and renames it over it only
** once complete and on disk, so an interrupted save leaves the old file
** whole.
*/
#ifndef MUTORERE_SOLFILE_H
#define MUTORERE_SOLFILE_H

#include "cancel.h"
#include "progress.h"
#include "solver.h"

#define SOLFILE_FORMAT 1

/* Writes s to path; program (the version) and variant (one line) name it.
** Returns SOLVER_OK, SOLVER_CANCELLED (the old file untouched) or
** SOLVER_ERROR with a message in err. */
int solfile_save(const Solution *s, const char *program, const char *variant,
                 const char *path, const Cancel *c, const Progress *progress,
                 char *err);

/* Reads the solution in path into s, which must be of that program and
** variant, whose rules are r.  Returns SOLVER_OK (s then needs
** solver_free), SOLVER_CANCELLED or SOLVER_ERROR with a message in err. */
int solfile_load(Solution *s, const Rules *r, const char *program,
                 const char *variant, const char *path, const Cancel *c,
                 const Progress *progress, char *err);

#endif

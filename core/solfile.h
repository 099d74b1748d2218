/*
** solfile.h — solutions kept in files, so that a long solve is done once.
**
** A file is a text header, a blank line, then the table's bytes:
**   mutorere solution
**   format 4
**   program 0.1.0
**   variant <one line naming the variant and its rules>
**   hooks <16 hex digits: a digest of the hooks' code>|none
**   index symmetric|plain|reachable|reachable-wide|tiers
**   coding values-wins-odd|values-wins-even|value
**   arms 32
**   opening 0
**   layers 1
**   entries 627267200
**   checksum <16 hex digits over the lines above and the table>
** The table holds layers * entries codes: a byte each (value: the plain
** solver's, or symtable.h's byte), or for values-wins-* (a symmetric table
** of rules without hooks) five a byte, 1.6 bits each (symtable.h: the byte
** is v0 + 3 v1 + 9 v2 + 27 v3 + 81 v4, each value 0 draw, 1 win, 2 loss),
** whose distances are searched on demand; wins-odd or wins-even says the
** parity of a win's distances.  The symmetric index is symrank.h's: each
** class of positions under rotation and colour swap once (a layer of 32
** arms has 627,267,200 entries: the file's table is 125.5 MB).  Entry i's
** value is digit i % 5 of byte i / 5 after the header, so one position is
** looked up by reading a byte (solfile_lookup).
** Older formats are still read, and turned into this one as they load:
** format 3 (the same but for the symmetric index, which had 2 C(n, n/2)
** entries a layer, the boards with the centre empty not turned, and its
** values 2 bits each, four a byte, the first in the low bits) and format 2
** (as 3, but the values written as a byte each, 1 + distance: coding
** parity-wins-odd|parity-wins-even, read a block at a time).
** A solution of the states play reaches (reach.h) has index reachable,
** coding value, layers 1 and an entry a state: its codes (the plain
** solver's bytes), then each state as a record of 40 bytes (black's and
** white's points, 8 bytes each, least significant first; the ply, 4 bytes;
** the centre, the side to move, the number of moves remembered, a zero; 8
** moves of a from and a to point, zeros past the moves), the checksum
** carried over both.
** A solution of rules that drop, take or pass solved in tiers (tiers.h)
** has index tiers, coding value, layers 1 and an entry a code of the
** tiers it keeps, in their order (tiers.h numbers them from the rules
** alone), the plain solver's bytes.
** Loading checks everything against what is asked for: the header exactly
** as this program writes it; its format, program version and variant
** line; the digest of the hooks; the index, coding and shape the rules give;
** the checksum; and every code of the table, which must be a code the
** rules can give (a value; for a byte, a distance the coding holds and,
** where games end only by a blocked side, the value the distance's parity
** gives); and every state of a reachable file (a position of the rules'
** board, its ply as the solution keeps it, moves that could have led to
** it, no state twice).  A file that fails is refused with a message that says which
** check failed.  Anyone can recompute the checksum: a file whose codes are
** all possible is not checked further.
** Only a regular file is read, and saving writes as safefile.h says: an
** interrupted save leaves the old file whole.
*/
#ifndef MUTORERE_SOLFILE_H
#define MUTORERE_SOLFILE_H

#include "cancel.h"
#include "progress.h"
#include "solver.h"

#include <stddef.h>
#include <stdint.h>

#define SOLFILE_FORMAT 4
#define SOLFILE_OLD_FORMAT 2 /* the oldest still read */
#ifndef SOLFILE_BLOCK /* a test build writes small blocks, to write long */
#define SOLFILE_BLOCK ((size_t)1 << 24) /* the bytes written at a time */
#endif

/* What a file holds the solution of. */
typedef struct SolfileId {
  const char *program; /* the version */
  const char *variant; /* one line naming the variant and its rules */
  const char *hooks;   /* the digest of its hooks' code, or "none" */
  const Rules *rules;  /* the rules solved */
  int symmetric;       /* solved up to symmetry (solve_is_symmetric) */
  int verdicts;        /* the hooks may end a game (a result hook) */
} SolfileId;

/* Writes s, the solution of id, to path.  Returns SOLVER_OK,
** SOLVER_CANCELLED (the old file untouched) or SOLVER_ERROR with a
** message in err. */
int solfile_save(const Solution *s, const SolfileId *id, const char *path,
                 const Cancel *c, const Progress *progress, char *err);

/* Where the table of a file being written comes from, a block at a time,
** in order: block returns the k bytes from offset at (k is SOLFILE_BLOCK
** but for the last block), or NULL with errno set when they cannot be
** had.  begun, when not NULL, is told the temporary file's name once it
** is made (it is renamed or removed before the save returns). */
typedef struct SolfileSource {
  const uint8_t *(*block)(void *ctx, uint64_t at, size_t k);
  void *ctx;
  void (*begun)(void *ctx, const char *tmp);
} SolfileSource;

/* Writes the solution of id whose shape s gives (its codes are not read)
** with its table from source, as solfile_save does. */
int solfile_save_from(const Solution *s, const SolfileId *id,
                      const SolfileSource *source, const char *path,
                      const Cancel *c, const Progress *progress, char *err);

/* Writes the variant line of a file of the rules r, which have no hooks,
** into out (size bytes). */
void solfile_rules_line(const Rules *r, char *out, size_t size);

/* Reads the solution of id in path into s.  Returns SOLVER_OK (s then
** needs solver_free), SOLVER_CANCELLED or SOLVER_ERROR with a message in
** err. */
int solfile_load(Solution *s, const SolfileId *id, const char *path,
                 const Cancel *c, const Progress *progress, char *err);

/* Opens the symmetric solution of id in path (format 4) for lookups
** without reading its table: the file is mapped, and a lookup reads the
** pages of the entries it asks for (a value: one byte, a page from disk;
** a distance searched: the entries of its proof).  The header is checked
** as solfile_load does, and the file's size, but not the checksum nor the
** codes (that takes a read of the whole).  Returns SOLVER_OK (s then needs
** solver_free, which unmaps it) or SOLVER_ERROR with a message in err. */
int solfile_map(Solution *s, const SolfileId *id, const char *path,
                char *err);

#endif

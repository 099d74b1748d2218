/*
** symtable.h — a symmetric solution's table as it is kept (Solution.sym):
** its shape, its codes, and the lookup of a state's value and distance.
**
** A table has a layer of symrank_layer entries (symrank.h) for each kept
** ply, one after another.  It is coded one of two ways:
**   - values (five a byte, 1.6 bits an entry: log2(3) = 1.585 is the
**     least): the byte is the number v0 + 3 v1 + 9 v2 + 27 v3 + 81 v4 of
**     the values of its entries, first lowest, each 0 draw, 1 win, 2 loss
**     for the side to move.  An entry is read with a division by a power
**     of 3 (symtable_digits: a table of the digits of the 243 bytes).  For rules
**     without hooks, whose games end only by a blocked side.  A distance
**     is not kept: a lookup searches it from the values (below);
**   - value (a byte an entry): 0 draw, else 1 + 2 * distance (+1 for a
**     loss), up to 116 plies.  For hooked rules (claimed symmetric), whose
**     searches would need the hooks.
** A variant without hooks whose opening rules end by SYMTABLE_SEARCH_PLIES
** keeps only its last layer: a lookup in the opening looks at the plies
** left (a few thousand table reads at most).
**
** The distance of a won or lost entry of a values table is the shortest
** number of plies within which the winner forces the end: a search over
** the moves that keep the value (a win's moves to lost children, every
** move of a loss), asking "within D plies?" for D = the first distance of
** the value's parity, then D + 2, ..., with the bounds it learns on each
** entry remembered.  A lookup reads the entries of that proof: a
** microsecond or two near the end of a game, up to milliseconds
** far from it at 24 and 28 arms (bench lookups; doc/solving-large.md).
*/
#ifndef MUTORERE_SYMTABLE_H
#define MUTORERE_SYMTABLE_H

#include <stdint.h>

#include "solver.h"
#include "symrank.h"

#define SYMTABLE_SEARCH_PLIES 4

typedef struct SymTable {
  SymRank rank;
  int bits;      /* 2 (values, five a byte) or 8 (a byte: value and
                 ** distance) */
  int even_wins; /* values: wins lie at even distances (misère) */
  int layers;    /* the layers kept: opening + 1, or 1 when the opening
                 ** plies are searched at each lookup */
  Rules rules;   /* for those searches: the rules' parameters (no hooks) */
  void *map;     /* not NULL: the codes lie in this mapping of a file */
  size_t map_size; /* (solfile_map), unmapped when the table is freed */
} SymTable;

/* The coding of a symmetric table of r: *bits and *even_wins. */
void symtable_coding(const Rules *r, int *bits, int *even_wins);

/* The number of layers a symmetric table of r keeps. */
int symtable_layers(const Rules *r);

/* Gives s (n and opening set) its SymTable for the rules r (whose hooks
** are ignored) and a coding, keeping layers layers.  Returns 0, or -1
** without memory. */
int symtable_new(Solution *s, const Rules *r, int bits, int even_wins,
                 int layers);

/* Frees what a symmetric solution holds besides its codes, and unmaps
** the codes of a mapped file (solver_free calls it). */
void symtable_free(Solution *s);

/* The number of entries of a symmetric solution's table. */
uint64_t symtable_entries(const Solution *s);

#define SYMTABLE_PER_BYTE 5 /* values a byte */

/* The bytes of a table of entries entries (a multiple of 5) coded in
** bits. */
static inline uint64_t symtable_bytes(uint64_t entries, int bits) {
  return bits == 2 ? entries / SYMTABLE_PER_BYTE : entries;
}

/* The values of a byte of values b (b < 243), two bits each, first
** lowest: symtable_digits[b] >> 2 j & 3 is value j. */
extern const uint16_t symtable_digits[256];

/* Value j (0..4) of a byte of values. */
static inline unsigned symtable_digit(uint8_t b, unsigned j) {
  return (unsigned)(symtable_digits[b] >> (2 * j)) & 3u;
}

/* The value (0..2) of entry i of a table of values. */
static inline unsigned symtable_value_at(const uint8_t *codes, uint64_t i) {
  return symtable_digit(codes[i / SYMTABLE_PER_BYTE],
                        (unsigned)(i % SYMTABLE_PER_BYTE));
}

/* The byte of five values, first lowest. */
static inline uint8_t symtable_pack5(const uint8_t v[SYMTABLE_PER_BYTE]) {
  return (uint8_t)(v[0] + 3 * (v[1] + 3 * (v[2] + 3 * (v[3] + 3 * v[4]))));
}

/* The table index of p (ply any) in a symmetric solution. */
uint64_t symtable_index(const Solution *s, const Position *p);

/* The code of entry i of a table of codes. */
static inline unsigned symtable_code(const SymTable *t, const uint8_t *codes,
                                     uint64_t i) {
  return t->bits == 2 ? symtable_value_at(codes, i) : codes[i];
}

/* Writes code to entry i of a table of codes (no other thread writes its
** byte now). */
static inline void symtable_put(const SymTable *t, uint8_t *codes, uint64_t i,
                                unsigned code) {
  if (t->bits == 8) {
    codes[i] = (uint8_t)code;
    return;
  }
  static const uint8_t power[SYMTABLE_PER_BYTE] = {1, 3, 9, 27, 81};
  uint8_t *b = codes + i / SYMTABLE_PER_BYTE;
  unsigned j = (unsigned)(i % SYMTABLE_PER_BYTE);
  *b = (uint8_t)(*b + ((int)code - (int)symtable_digit(*b, j)) * power[j]);
}

/* The value (VALUE_*) of a code. */
static inline int symtable_value(const SymTable *t, unsigned code) {
  return t->bits == 2 ? (int)code : code == 0 ? VALUE_DRAW
                                  : (code - 1) & 1 ? VALUE_LOSS
                                                   : VALUE_WIN;
}

/* The distance of a code of a byte table (-1 for a draw). */
static inline int symtable_distance(unsigned code) {
  return code == 0 ? -1 : (int)(code - 1) / 2;
}

/* The byte code of a value at distance d. */
static inline unsigned symtable_byte(int value, int d) {
  return value == VALUE_DRAW ? 0u
                             : 1u + 2u * (unsigned)d + (value == VALUE_LOSS);
}

/* The farthest distance a byte code holds. */
#define SYMTABLE_BYTE_LONGEST 116

/* The value of p (VALUE_*) and its distance in *distance (-1 for a draw;
** distance may be NULL, which a values table answers at once). */
int symtable_lookup(const Solution *s, const Position *p, int *distance);

/* 1 when a won or lost entry at distance d has the value lost at a values
** table's parity. */
static inline int symtable_parity_lost(const SymTable *t, int d) {
  return (d % 2 == 0) != t->even_wins;
}

#endif

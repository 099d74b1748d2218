/*
** symwave.h — the working table of the symmetric solver's retrograde
** analysis, four bits an entry of symrank.h's index, and what one entry
** does in a wave: the threaded solver (symsolver.c) and the solver over
** several processes (mpi/) both drive these steps.
**
** The analysis goes by waves: wave d settles the entries whose distance is
** d.  An entry's four bits say:
**   - 0..WAVE_COUNTS-1: unresolved, with at most one more than that many
**     of its distinct children not yet known to be won by their mover (a
**     count that starts below the true one when an entry has more
**     children).  At the end every entry still unresolved is drawn, and
**     so is one the rules' verdict draws (it has no children, and no
**     child reaches it: it starts unresolved and stays so);
**   - WAVE_CHECK: unresolved, its count ran out while children may be
**     left: the settling of the wave counts them again;
**   - found at wave d: the codes of even and of odd waves alternate, so
**     that the entries found for the next wave are told from those being
**     spread.  Where games end only by a blocked side the value follows
**     from the parity of d (symtable_parity_lost); hooked rules keep it
**     in their table of bytes, written as the entry is found;
**   - WAVE_WIN, WAVE_LOSS: settled, spread to their predecessors.
** A wave spreads every entry found at d to its predecessors (a lost child
** makes a win of d + 1, a won one counts down), then settles them; the
** entries whose count ran out are counted again as they settle.  The
** result of a solve is the value of each entry; the distance of each is
** the wave that settled it, told to whoever watches (symsolver.h).
*/
#ifndef MUTORERE_SYMWAVE_H
#define MUTORERE_SYMWAVE_H

#include <stdint.h>

#include "rules.h"
#include "solver.h"
#include "symrank.h"

#ifndef WAVE_COUNTS /* a test build counts less, to recount more */
#define WAVE_COUNTS 11 /* the largest count an entry holds */
#endif
_Static_assert(WAVE_COUNTS >= 1 && WAVE_COUNTS <= 11, "the codes of counts");

enum {
  WAVE_CHECK = WAVE_COUNTS,
  WAVE_WIN = 12,
  WAVE_LOSS = 13,
  WAVE_EVEN = 14, /* found at an even wave */
  WAVE_ODD = 15   /* found at an odd wave */
};

#define WAVE_MAX_PREDECESSORS (BOARD_MAX_ARMS + 2)

/* The layer a wave solve works on. */
typedef struct Wave {
  const Rules *r;
  const SymRank *t;
  int n, hooked;
  uint32_t ply; /* the layer's ply */
  int flank;    /* the flank rule binds at that ply */
} Wave;

/* Sets w up for the layer of ply of the rules r (t their index). */
void wave_init(Wave *w, const Rules *r, const SymRank *t, uint32_t ply);

/* The code of an entry found at wave d. */
static inline unsigned wave_found(int d) {
  return d % 2 ? WAVE_ODD : WAVE_EVEN;
}

/* 1 when code is an unresolved entry's. */
static inline int wave_unresolved(unsigned code) {
  return code <= WAVE_CHECK;
}

/* The code of an unresolved entry with k children not known won (k > 0),
** or more. */
static inline unsigned wave_count(int k) {
  return (unsigned)(k > WAVE_COUNTS ? WAVE_COUNTS : k) - 1;
}

/* --- the table: two entries a byte, the even one in the low half --- */

/* The bytes of a table of k entries (k even). */
static inline uint64_t wave_bytes(uint64_t k) {
  return k / 2;
}

/* The code of entry i (read as one atomic byte: other threads may write
** the other half). */
static inline unsigned wave_get(const uint8_t *table, uint64_t i) {
  uint8_t b = __atomic_load_n(table + i / 2, __ATOMIC_RELAXED);
  return (unsigned)(b >> (i % 2 * 4)) & 15u;
}

/* Writes code to entry i, whose byte no other thread writes now. */
static inline void wave_set(uint8_t *table, uint64_t i, unsigned code) {
  uint8_t *p = table + i / 2, b = __atomic_load_n(p, __ATOMIC_RELAXED);
  int shift = (int)(i % 2 * 4);
  b = (uint8_t)((b & ~(15u << shift)) | code << shift);
  __atomic_store_n(p, b, __ATOMIC_RELAXED);
}

/* Replaces entry i's code old by code, atomically.  Returns 1, or 0 with
** *old the code found when another thread changed it first. */
static inline int wave_swap(uint8_t *table, uint64_t i, unsigned *old,
                            unsigned code) {
  uint8_t *p = table + i / 2, b = __atomic_load_n(p, __ATOMIC_RELAXED);
  int shift = (int)(i % 2 * 4);
  for (;;) {
    unsigned now = (unsigned)(b >> shift) & 15u;
    if (now != *old) {
      *old = now;
      return 0;
    }
    uint8_t want = (uint8_t)((b & ~(15u << shift)) | code << shift);
    if (__atomic_compare_exchange_n(p, &b, want, 1, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return 1;
  }
}

/* A word with the four bits c in each of its sixteen halves of a byte. */
static inline uint64_t wave_repeat(unsigned c) {
  return (uint64_t)c * 0x1111111111111111u;
}

/* Nonzero when one of the sixteen codes of the word x is c. */
static inline uint64_t wave_has(uint64_t x, unsigned c) {
  uint64_t y = x ^ wave_repeat(c);
  return (y - wave_repeat(1)) & ~y & wave_repeat(8);
}

/* The word x with each of its codes c replaced by to. */
static inline uint64_t wave_replace(uint64_t x, unsigned c, unsigned to) {
  uint64_t y = x ^ wave_repeat(c), low = wave_repeat(7);
  uint64_t zero = ~(((y & low) + low) | y) & wave_repeat(8); /* exactly */
  uint64_t mask = (zero >> 3) * 15;
  return (x & ~mask) | (wave_repeat(to) & mask);
}

/* --- what an entry does --- */

/* The starting code of a board of the layer (own and enemy arms and the
** centre, seen from the side to move): found at wave 0 when the game has
** ended there (*value then says VALUE_WIN or VALUE_LOSS), else its count.
** Returns it, or -1 when a hook failed. */
int wave_start(const Wave *w, uint64_t own, uint64_t enemy, int centre,
               int *value);

/* The distinct predecessors of a board, written to out
** (WAVE_MAX_PREDECESSORS), and in arms the mover's arms of those whose
** centre is empty (0 for the others).  Returns how many, or RULES_EHOOK. */
int wave_predecessors(const Wave *w, uint64_t own, uint64_t enemy, int centre,
                      uint64_t *out, uint64_t *arms);

/* The distinct children of a board (hooks asked), written to out
** (RULES_MAX_MOVES); *end is the board's value (VALUE_*) when the game
** has ended there, else -1.  Returns how many (0 when it ended), or -1
** when a hook failed. */
int wave_board_children(const Wave *w, uint64_t own, uint64_t enemy,
                        int centre, uint64_t *out, int *end);

/* The distinct children of unresolved entry q, written to out
** (RULES_MAX_MOVES).  Returns how many, or -1 when a hook failed. */
int wave_children(const Wave *w, uint64_t q, uint64_t *out);

/* The code of unresolved entry q (arms as wave_arrive) when its count
** runs out at wave d: found at wave d + 1 (a loss) when the count was of
** all its children, else WAVE_CHECK.  Returns -1 when a hook failed. */
int wave_last(const Wave *w, uint64_t q, uint64_t arms, int d);

/* The code of entry q (code old) when a child found at wave d comes to
** it, lost for its mover or not: old when nothing changes, or found at
** wave d + 1 (a win when the child is lost, else a loss).  arms: the
** mover's arms of q when its centre is empty and they are known, else 0.
** Returns -1 when a hook failed. */
static inline int wave_arrive(const Wave *w, uint64_t q, uint64_t arms,
                              unsigned old, int lost, int d) {
  if (!wave_unresolved(old)) return (int)old;
  if (lost) return (int)wave_found(d + 1); /* a lost child: a win */
  if (old == WAVE_CHECK) return (int)old;   /* counted as it settles */
  return old > 0 ? (int)old - 1 : wave_last(w, q, arms, d);
}

/* The code of an entry whose count ran out, when left of its children are
** not won by the end of wave d: found at wave d + 1 (a loss) when none. */
static inline unsigned wave_recounted(int left, int d) {
  return left == 0 ? wave_found(d + 1) : wave_count(left);
}

#endif

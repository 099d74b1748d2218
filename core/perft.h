/*
** perft.h — counting the leaves of the move tree, the rules' first test.
*/
#ifndef MUTORERE_PERFT_H
#define MUTORERE_PERFT_H

#include <stdint.h>

#include "cancel.h"
#include "rules.h"

#define PERFT_MAX_DEPTH 200
enum { PERFT_EHOOK = -1, PERFT_CANCELLED = -2 };

/* The number of leaves of the move tree of p reached by the moves in h
** (NULL: none known) at depth plies (1 at depth 0).  A position that ends
** the game before the depth (blocked, or ended by the variant's verdict)
** adds 0; draw rules are not applied.  Returns the count (0..),
** PERFT_EHOOK, or PERFT_CANCELLED when c asked to stop. */
int64_t perft(const Rules *r, const Position *p, const History *h, int depth,
              const Cancel *c);

#endif

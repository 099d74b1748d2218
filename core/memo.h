/*
** memo.h — what pure rule hooks said, remembered: a bounded table from a
** state (position, ply as the rules read it, remembered moves) to the
** hooks' answers (the allowed moves and the verdict), so that perft,
** searches and solvers ask a hook once per state.  Its memory comes from
** the core's counted allocator; when the table is full it forgets.
*/
#ifndef MUTORERE_MEMO_H
#define MUTORERE_MEMO_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define MEMO_DEFAULT_BYTES ((size_t)256 << 20) /* the default bound */

typedef struct HookMemo HookMemo;

/* The key of a state: its pieces, centre, side, ply bucket and the to
** points of its remembered moves. */
typedef struct MemoKey {
  uint64_t w[4];
} MemoKey;

/* A new, empty memo that will hold at most max_bytes (at least a few
** kilobytes).  Returns NULL without memory. */
HookMemo *memo_new(size_t max_bytes);

void memo_free(HookMemo *m);

/* Forgets everything (the memory stays). */
void memo_clear(HookMemo *m);

/* The key of p reached by h under r (h's moves past rules_memory(r) are
** not part of it). */
MemoKey memo_key(const Rules *r, const Position *p, const History *h);

/* 1 with the judgement in *j when key is remembered; 0 when not. */
int memo_get(HookMemo *m, const MemoKey *key, Judgement *j);

/* Remembers the judgement for key (forgetting another state when full). */
void memo_put(HookMemo *m, const MemoKey *key, const Judgement *j);

typedef struct MemoStats {
  uint64_t hits, misses; /* lookups answered and not */
  size_t states;         /* states held now */
  size_t bytes;          /* memory held now */
  size_t max_bytes;      /* the bound */
} MemoStats;

MemoStats memo_stats(const HookMemo *m);

#endif

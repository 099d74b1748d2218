/*
** memo.h — what pure rule hooks said, remembered: a bounded table from a
** state (position, ply as the rules read it, remembered moves) to the
** hooks' answers (the allowed moves and the verdict), so that perft,
** searches and solvers ask a hook once per state.  Its memory comes from
** the core's counted allocator; when the table is full it forgets.
**
** A slot is a few 64-bit words: the key, then the judgement.  Small boards
** whose rules remember no moves have one-word keys and one-word judgements
** (16 bytes a state, so that the table of an 8-arm variant fits the
** processor's first cache); the others four and two (48 bytes).
*/
#ifndef MUTORERE_MEMO_H
#define MUTORERE_MEMO_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "judgement.h"

#define MEMO_DEFAULT_BYTES ((size_t)256 << 20) /* the default bound */
#define MEMO_PROBES 8                          /* slots looked at a key */
#define MEMO_SMALL_ARMS 24 /* boards up to this many arms have small keys */

/* The key of a state: its pieces, centre, side, ply bucket and the to
** points of its remembered moves (on a graph board their from points too,
** in w[4]); w[0] alone when the memo is small. */
typedef struct MemoKey {
  uint64_t w[5];
} MemoKey;

typedef struct HookMemo {
  uint64_t *words;  /* the slots, words_per_slot words each */
  Move *arena;      /* the move lists of judgements with one (lists) */
  size_t arena_used, arena_room, arena_max; /* moves in it, room, bound */
  int lists;        /* 1: judgements may hold lists of moves */
  int key_words;    /* 1 (small), 4, or 5 (graph boards) */
  int slot_words;   /* key_words + 1 or 2 */
  size_t mask;      /* slots - 1 (0 before the first store) */
  int shift;        /* 64 - log2(slots): a hash's top bits pick the home */
  uint32_t opening; /* the rules' opening plies (rules_opening_plies) */
  int kept;         /* the moves the rules remember (rules_memory) */
  size_t states;    /* slots in use */
  size_t max_slots; /* the bound */
  uint64_t hits, misses;
} HookMemo;

/* A new, empty memo that will hold at most max_bytes (at least a few
** kilobytes), with keys of key_words words (1: the small keys of a wheel
** of at most MEMO_SMALL_ARMS arms whose rules remember no move; 4: other
** wheels; 5: graph boards), for rules that read the ply below opening and
** remember kept moves (rules.h: rules_memo_new picks them); lists: the
** judgements may hold lists of moves (half the bytes then hold them).
** Returns NULL without memory. */
HookMemo *memo_new(int key_words, uint32_t opening, int kept,
                   size_t max_bytes, int lists);

void memo_free(HookMemo *m);

/* Forgets everything (the memory stays). */
void memo_clear(HookMemo *m);

/* The ply bucket of p in memo m (see rules_ply_bucket). */
static inline uint64_t memo_bucket(const HookMemo *m, const Position *p) {
  return p->ply < m->opening ? p->ply : m->opening;
}

/* The key of p reached by h in memo m (h's moves past the ones the rules
** remember are not part of it). */
static inline MemoKey memo_key(const HookMemo *m, const Position *p,
                               const History *h) {
  MemoKey k;
  uint64_t meta =
      (uint64_t)p->centre | (uint64_t)p->side << 2 | memo_bucket(m, p) << 3;
  if (m->key_words == 1) {
    k.w[0] = p->arms[BLACK] | p->arms[WHITE] << MEMO_SMALL_ARMS |
             meta << (2 * MEMO_SMALL_ARMS);
    return k;
  }
  int kept = h ? h->count : 0;
  if (kept > m->kept) kept = m->kept;
  k.w[0] = p->arms[BLACK];
  k.w[1] = p->arms[WHITE];
  k.w[2] = meta | (uint64_t)p->hand[BLACK] << 40 | (uint64_t)p->hand[WHITE] << 48;
  k.w[3] = (uint64_t)kept;
  k.w[4] = 0;
  for (int i = 0; i < kept; i++) { /* points 0..64, the hand 0xfe, pass */
    k.w[3] |= (uint64_t)(h->moves[i].to & 0x7f) << (4 + 7 * i);
    if (m->key_words == 5) /* the wheel's follow from the to points */
      k.w[4] |= (uint64_t)(h->moves[i].from & 0x7f) << (7 * i) |
                (uint64_t)(h->moves[i].from >> 7) << (56 + i);
  }
  return k;
}

/* The home slot of a key: one multiplication's top bits (Fibonacci
** hashing) of its word, or of its words mixed.  The table must exist. */
static inline size_t memo_home(const HookMemo *m, const MemoKey *key) {
  uint64_t x = key->w[0];
  if (m->key_words > 1)
    x ^= (key->w[1] << 21 | key->w[1] >> 43) ^ key->w[2] << 7 ^
         (key->w[3] ^ key->w[4] << 3) * 0xd6e8feb86659fd93u;
  return (size_t)((x * 0x9e3779b97f4a7c15u) >> m->shift);
}

/* The judgement words of a slot: small ones pack the arms (24 bits), the
** centre and the outcome in one word; others keep the arms in the first
** and the rest in the second.  Bit 63 of the last word marks a slot in
** use. */
#define MEMO_IN_USE ((uint64_t)1 << 63)
#define MEMO_LISTED ((uint64_t)1 << 8) /* the judgement has a list */

static inline void memo_unpack(const HookMemo *m, const uint64_t *slot,
                               Judgement *j) {
  if (m->key_words == 1) {
    uint64_t w = slot[1];
    j->arms = w & 0xffffff;
    j->centre = (uint8_t)(w >> 24 & 1);
    j->outcome = (uint8_t)(w >> 25 & 3);
    j->count = 0;
    j->list = NULL;
  } else {
    const uint64_t *judged = slot + m->key_words;
    j->centre = (uint8_t)(judged[1] & 1);
    j->outcome = (uint8_t)(judged[1] >> 1 & 3);
    if (judged[1] & MEMO_LISTED) {
      j->list = m->arena + (uint32_t)judged[0];
      j->count = (uint16_t)(judged[0] >> 32);
      j->arms = 0;
    } else {
      j->arms = judged[0];
      j->list = NULL;
      j->count = 0;
    }
  }
}

/* 1 when the slot (in use) holds key. */
static inline int memo_same(const HookMemo *m, const uint64_t *slot,
                            const MemoKey *key) {
  if (m->key_words == 1) return slot[0] == key->w[0];
  return slot[0] == key->w[0] && slot[1] == key->w[1] && slot[2] == key->w[2] &&
         slot[3] == key->w[3] && (m->key_words < 5 || slot[4] == key->w[4]);
}

/* 1 with the judgement in *j when key is remembered; 0 when not. */
static inline int memo_get(HookMemo *m, const MemoKey *key, Judgement *j) {
  if (m->words) {
    size_t i = memo_home(m, key);
    for (int probe = 0; probe < MEMO_PROBES; probe++, i = (i + 1) & m->mask) {
      const uint64_t *slot = m->words + i * (size_t)m->slot_words;
      if (!(slot[m->slot_words - 1] & MEMO_IN_USE)) break;
      if (memo_same(m, slot, key)) {
        memo_unpack(m, slot, j);
        m->hits++;
        return 1;
      }
    }
  }
  m->misses++;
  return 0;
}

/* 1 with the judgement of p (no remembered moves) in *j when the small
** memo m holds it; 0 with its key in *key when not: the lookup in line,
** for the hot loops of perft. */
static inline int memo_get_small(HookMemo *m, const Position *p, MemoKey *key,
                                 Judgement *j) {
  key->w[0] =
      p->arms[BLACK] | p->arms[WHITE] << MEMO_SMALL_ARMS |
      ((uint64_t)p->centre | (uint64_t)p->side << 2 | memo_bucket(m, p) << 3)
          << (2 * MEMO_SMALL_ARMS);
  size_t i = m->words ? memo_home(m, key) : 0;
  for (int probe = 0; m->words && probe < MEMO_PROBES;
       probe++, i = (i + 1) & m->mask) {
    const uint64_t *slot = m->words + 2 * i;
    if (!(slot[1] & MEMO_IN_USE)) break;
    if (slot[0] == key->w[0]) {
      uint64_t w = slot[1];
      j->arms = w & 0xffffff;
      j->centre = (uint8_t)(w >> 24 & 1);
      j->outcome = (uint8_t)(w >> 25 & 3);
      j->count = 0;
      j->list = NULL;
      m->hits++;
      return 1;
    }
  }
  m->misses++;
  return 0;
}

/* Remembers the judgement for key (forgetting another state when full). */
void memo_put(HookMemo *m, const MemoKey *key, const Judgement *j);

/* Remembers for key the judgement j with the k moves of list (a memo with
** lists; when its moves fill their half, it forgets everything first). */
void memo_put_list(HookMemo *m, const MemoKey *key, const Judgement *j,
                   const Move *list, int k);

typedef struct MemoStats {
  uint64_t hits, misses; /* lookups answered and not */
  size_t states;         /* states held now */
  size_t bytes;          /* memory held now */
  size_t max_bytes;      /* the bound */
} MemoStats;

MemoStats memo_stats(const HookMemo *m);

#endif

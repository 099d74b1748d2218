/*
** memo.c — the remembered answers of pure hooks: open addressing with
** linear probing in a table that doubles until it reaches its bound, then
** overwrites.
*/
#include "memo.h"

#include <string.h>

#include "memory.h"

#define FIRST_SLOTS 1024 /* a new table's size */

HookMemo *memo_new(int key_words, uint32_t opening, int kept,
                   size_t max_bytes, int lists) {
  HookMemo *m = memory_realloc(NULL, sizeof *m);
  if (!m) return NULL;
  memset(m, 0, sizeof *m);
  if (lists) {
    max_bytes /= 2;
    m->lists = 1;
    m->arena_max = max_bytes / sizeof(Move);
  }
  m->key_words = key_words;
  m->opening = opening;
  m->kept = kept;
  m->slot_words = key_words == 1 ? 2 : key_words + 2;
  size_t slots = max_bytes / (sizeof(uint64_t) * (size_t)m->slot_words);
  size_t p = FIRST_SLOTS;
  while (p * 2 <= slots) p *= 2;
  m->max_slots = p;
  return m;
}

void memo_free(HookMemo *m) {
  if (!m) return;
  memory_realloc(m->arena, 0);
  memory_realloc(m->words, 0);
  memory_realloc(m, 0);
}

/* The bytes of a table of size slots. */
static size_t table_bytes(const HookMemo *m, size_t size) {
  return size * (size_t)m->slot_words * sizeof(uint64_t);
}

void memo_clear(HookMemo *m) {
  if (m->words) memset(m->words, 0, table_bytes(m, m->mask + 1));
  m->states = 0;
  m->arena_used = 0;
}

/* Writes key and judgement into a slot, marked in use. */
static void fill(const HookMemo *m, uint64_t *slot, const MemoKey *key,
                 const Judgement *j) {
  if (m->key_words == 1) {
    slot[0] = key->w[0];
    slot[1] = (j->arms & 0xffffff) | (uint64_t)j->centre << 24 |
              (uint64_t)j->outcome << 25 | MEMO_IN_USE;
  } else {
    memcpy(slot, key->w, (size_t)m->key_words * sizeof(uint64_t));
    slot[m->key_words] =
        j->list ? (uint64_t)(j->list - m->arena) | (uint64_t)j->count << 32
                : j->arms;
    slot[m->key_words + 1] = (uint64_t)j->centre | (uint64_t)j->outcome << 1 |
                             (j->list ? MEMO_LISTED : 0) | MEMO_IN_USE;
  }
}

/* Puts a key into the first free slot of its probe window; 0 when the
** window is full. */
static int place(HookMemo *m, const MemoKey *key, const Judgement *j) {
  size_t i = memo_home(m, key);
  for (int probe = 0; probe < MEMO_PROBES; probe++, i = (i + 1) & m->mask) {
    uint64_t *slot = m->words + i * (size_t)m->slot_words;
    int used = (slot[m->slot_words - 1] & MEMO_IN_USE) != 0;
    if (used && !memo_same(m, slot, key)) continue;
    if (!used) m->states++;
    fill(m, slot, key, j);
    return 1;
  }
  return 0;
}

/* Doubles the table (or makes the first one).  Returns 0, or -1 when the
** bound or the allocator says no. */
static int grow(HookMemo *m) {
  size_t old = m->words ? m->mask + 1 : 0, size = old ? 2 * old : FIRST_SLOTS;
  if (size > m->max_slots) return -1;
  uint64_t *fresh = memory_realloc(NULL, table_bytes(m, size));
  if (!fresh) return -1;
  memset(fresh, 0, table_bytes(m, size));
  uint64_t *before = m->words;
  m->words = fresh;
  m->mask = size - 1;
  m->shift = 64 - __builtin_ctzll(size);
  m->states = 0;
  for (size_t i = 0; i < old; i++) {
    const uint64_t *slot = before + i * (size_t)m->slot_words;
    if (!(slot[m->slot_words - 1] & MEMO_IN_USE)) continue;
    MemoKey key = {{0, 0, 0, 0, 0}};
    Judgement j;
    memcpy(key.w, slot, (size_t)m->key_words * sizeof(uint64_t));
    memo_unpack(m, slot, &j);
    place(m, &key, &j);
  }
  memory_realloc(before, 0);
  return 0;
}

void memo_put(HookMemo *m, const MemoKey *key, const Judgement *j) {
  if (!m->words && grow(m)) return;
  if (m->states * 2 > m->mask + 1) grow(m); /* keep it half empty if we can */
  if (place(m, key, j)) return;
  /* a crowded window: forget the state at home */
  fill(m, m->words + memo_home(m, key) * (size_t)m->slot_words, key, j);
}

/* Makes room in the arena for k more moves.  Returns 0, or -1 when the
** bound or the allocator says no. */
static int arena_reserve(HookMemo *m, size_t k) {
  if (m->arena_used + k <= m->arena_room) return 0;
  size_t room = m->arena_room ? 2 * m->arena_room : 4096;
  while (room < m->arena_used + k) room *= 2;
  if (room > m->arena_max) room = m->arena_max;
  if (room < m->arena_used + k) return -1;
  Move *fresh = memory_realloc(m->arena, room * sizeof *fresh);
  if (!fresh) return -1;
  m->arena = fresh;
  m->arena_room = room;
  return 0;
}

void memo_put_list(HookMemo *m, const MemoKey *key, const Judgement *j,
                   const Move *list, int k) {
  size_t room = k ? (size_t)k : 1; /* an empty list too has an arena to point in */
  if (arena_reserve(m, room)) {
    memo_clear(m); /* full: forget every list, and the slots that hold them */
    if (arena_reserve(m, room)) return;
  }
  Judgement listed = *j;
  listed.list = m->arena + m->arena_used;
  listed.count = (uint16_t)k;
  if (k) memcpy(m->arena + m->arena_used, list, (size_t)k * sizeof *list);
  m->arena_used += (size_t)k;
  memo_put(m, key, &listed);
}

MemoStats memo_stats(const HookMemo *m) {
  MemoStats s = {m->hits, m->misses, m->states,
                 sizeof *m + (m->words ? table_bytes(m, m->mask + 1) : 0) +
                     m->arena_room * sizeof(Move),
                 table_bytes(m, m->max_slots) + m->arena_max * sizeof(Move)};
  return s;
}

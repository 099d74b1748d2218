/*
** memory.c — the core's allocator: a size header before each block keeps
** the count of bytes in use.
*/
#include "memory.h"

#include <stdlib.h>

/* The header before each block: its size, kept to max_align_t. */
typedef union Header {
  size_t size;
  max_align_t align;
} Header;

static size_t in_use;            /* bytes held now (headers not counted) */
static size_t limit;             /* 0: none */
static long fail_countdown = -1; /* allocations left before one fails */

void *memory_realloc(void *ptr, size_t size) {
  Header *h = ptr ? (Header *)ptr - 1 : NULL;
  size_t old = h ? h->size : 0;
  if (size == 0) {
    in_use -= old;
    free(h);
    return NULL;
  }
  if (fail_countdown == 0) {
    fail_countdown = -1;
    return NULL;
  }
  if (fail_countdown > 0) fail_countdown--;
  if (size > old && limit && in_use - old + size > limit) return NULL;
  if (size > (size_t)-1 - sizeof(Header)) return NULL;
  Header *n = realloc(h, sizeof(Header) + size);
  if (!n) return NULL;
  in_use = in_use - old + size;
  n->size = size;
  return n + 1;
}

size_t memory_in_use(void) {
  return in_use;
}

size_t memory_limit(void) {
  return limit;
}

size_t memory_set_limit(size_t bytes) {
  size_t before = limit;
  limit = bytes;
  return before;
}

void memory_fail_after(long k) {
  fail_countdown = k;
}

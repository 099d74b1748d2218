/*
** memory.c — the core's allocator with failure injection.
*/
#include "memory.h"

#include <stdlib.h>

static long fail_countdown = -1; /* allocations left before one fails */

void *memory_realloc(void *ptr, size_t size) {
  if (size == 0) {
    free(ptr);
    return NULL;
  }
  if (fail_countdown == 0) {
    fail_countdown = -1;
    return NULL;
  }
  if (fail_countdown > 0) fail_countdown--;
  return realloc(ptr, size);
}

void memory_fail_after(long k) {
  fail_countdown = k;
}

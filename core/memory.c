/*
** memory.c — the core's allocator: a size header before each block keeps
** the count of bytes in use.
*/
#define _POSIX_C_SOURCE 200809L
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The header before each block: its size, kept to max_align_t. */
typedef union Header {
  size_t size;
  max_align_t align;
} Header;

static size_t in_use;  /* bytes the core holds now (headers not counted) */
static size_t outside; /* bytes other allocators reported (memory_charge) */
static size_t limit;   /* on in_use + outside; 0: none */
static size_t peak;    /* the most in_use since the last reset */
static long fail_countdown = -1; /* allocations left before one fails */

/* 1 when growing a block of old bytes to size would pass the limit. */
static int past_limit(size_t old, size_t size) {
  if (size <= old || !limit) return 0;
  size_t more = size - old, held = in_use + outside;
  return more > limit || held > limit - more;
}

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
  if (past_limit(old, size)) return NULL;
  if (size > (size_t)-1 - sizeof(Header)) return NULL;
  Header *n = realloc(h, sizeof(Header) + size);
  if (!n) return NULL;
  in_use = in_use - old + size;
  if (in_use > peak) peak = in_use;
  n->size = size;
  return n + 1;
}

size_t memory_in_use(void) {
  return in_use;
}

size_t memory_total(void) {
  return in_use + outside;
}

int memory_charge(size_t old, size_t size) {
  if (past_limit(old, size)) return -1;
  outside = outside - old + size;
  return 0;
}

size_t memory_limit(void) {
  return limit;
}

size_t memory_set_limit(size_t bytes) {
  size_t before = limit;
  limit = bytes;
  return before;
}

/* MemAvailable of /proc/meminfo in bytes, or 0 when it cannot be read. */
static size_t mem_available(void) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f) return 0;
  char line[128];
  unsigned long long kb = 0;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
  fclose(f);
  return kb > (size_t)-1 / 1024 ? (size_t)-1 : (size_t)kb * 1024;
}

size_t memory_available(void) {
  size_t available = mem_available();
  if (available) return available;
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? (size_t)pages * (size_t)size : (size_t)-1;
}

size_t memory_room(void) {
  size_t room = memory_available();
  if (limit) {
    size_t held = in_use + outside, left = limit > held ? limit - held : 0;
    if (left < room) room = left;
  }
  return room;
}

size_t memory_peak(void) {
  return peak;
}

void memory_reset_peak(void) {
  peak = in_use;
}

char *memory_format(size_t bytes, char *buf) {
  static const char *const units[] = {"bytes", "kB", "MB", "GB", "TB"};
  double x = (double)bytes;
  int u = 0;
  while (x >= 1000 && u < 4) x /= 1000, u++;
  if (u == 0)
    snprintf(buf, 16, "%zu bytes", bytes);
  else
    snprintf(buf, 16, "%.*f %s", x < 10 ? 1 : 0, x, units[u]);
  return buf;
}

void memory_fail_after(long k) {
  fail_countdown = k;
}

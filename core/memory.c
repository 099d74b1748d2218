/*
** memory.c — the core's allocator: a header before each block keeps its
** size and the account it was charged to, so that the bytes in use are
** counted for the whole process and for each account.  The counts are
** atomic: any thread may allocate.
*/
#define _POSIX_C_SOURCE 200809L
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The header before each block: its size and account, kept to
** max_align_t. */
typedef union Header {
  struct {
    size_t size;
    MemoryAccount *account; /* charged with the block (NULL: none) */
  } block;
  max_align_t align;
} Header;

/* The whole process's counts (atomic). */
static size_t in_use;  /* bytes the core holds now (headers not counted) */
static size_t outside; /* bytes other allocators reported (memory_charge) */
static size_t limit;   /* on in_use + outside; 0: none */
static size_t peak;    /* the most in_use since the last reset */
static long fail_countdown = -1; /* allocations left before one fails */

/* The account this thread's new blocks are charged to. */
static _Thread_local MemoryAccount *current;

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define ADD(x, k) __atomic_add_fetch(&(x), (k), __ATOMIC_RELAXED)
#define SUB(x, k) __atomic_sub_fetch(&(x), (k), __ATOMIC_RELAXED)

/* 1 when held bytes grown from old to size bytes would pass cap (0: no
** cap). */
static int over(size_t held, size_t cap, size_t old, size_t size) {
  if (size <= old || !cap) return 0;
  size_t more = size - old;
  return more > cap || held > cap - more;
}

/* 1 when growing a block of old bytes to size would pass the process's
** limit. */
static int past_limit(size_t old, size_t size) {
  return over(LOAD(in_use) + LOAD(outside), LOAD(limit), old, size);
}

/* 1 when growing a block of a's from old bytes to size would pass a's
** limit (which then notes that it refused). */
static int past_account(MemoryAccount *a, size_t old, size_t size) {
  if (!a || !over(LOAD(a->held), LOAD(a->limit), old, size)) return 0;
  __atomic_store_n(&a->refused, 1, __ATOMIC_RELAXED);
  return 1;
}

/* Counts a block of a's going from old bytes to size. */
static void account_move(MemoryAccount *a, size_t old, size_t size) {
  if (!a) return;
  if (size >= old)
    ADD(a->held, size - old);
  else
    SUB(a->held, old - size);
}

/* Raises the peak to at least now. */
static void raise_peak(size_t now) {
  size_t seen = LOAD(peak);
  while (now > seen &&
         !__atomic_compare_exchange_n(&peak, &seen, now, 1, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED))
    continue;
}

/* 1 when a test asked this allocation to fail. */
static int injected_failure(void) {
  long k = LOAD(fail_countdown);
  while (k >= 0) {
    if (__atomic_compare_exchange_n(&fail_countdown, &k, k - 1, 1,
                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return k == 0;
  }
  return 0;
}

void *memory_realloc(void *ptr, size_t size) {
  Header *h = ptr ? (Header *)ptr - 1 : NULL;
  size_t old = h ? h->block.size : 0;
  MemoryAccount *a = h ? h->block.account : current;
  if (size == 0) {
    SUB(in_use, old);
    account_move(a, old, 0);
    free(h);
    return NULL;
  }
  if (injected_failure() || past_limit(old, size) || past_account(a, old, size))
    return NULL;
  if (size > (size_t)-1 - sizeof(Header)) return NULL;
  Header *n = realloc(h, sizeof(Header) + size);
  if (!n) return NULL;
  size_t now = size >= old ? ADD(in_use, size - old) : SUB(in_use, old - size);
  account_move(a, old, size);
  raise_peak(now);
  n->block.size = size;
  n->block.account = a;
  return n + 1;
}

size_t memory_in_use(void) {
  return LOAD(in_use);
}

size_t memory_total(void) {
  return LOAD(in_use) + LOAD(outside);
}

int memory_charge(size_t old, size_t size) {
  if (past_limit(old, size)) return -1;
  if (size >= old)
    ADD(outside, size - old);
  else
    SUB(outside, old - size);
  return 0;
}

size_t memory_limit(void) {
  return LOAD(limit);
}

size_t memory_set_limit(size_t bytes) {
  return __atomic_exchange_n(&limit, bytes, __ATOMIC_RELAXED);
}

/* What cap leaves of held bytes (cap 0: no cap, all of room). */
static size_t left_under(size_t held, size_t cap, size_t room) {
  if (!cap) return room;
  size_t left = cap > held ? cap - held : 0;
  return left < room ? left : room;
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
  room = left_under(memory_total(), LOAD(limit), room);
  if (current) room = left_under(LOAD(current->held), LOAD(current->limit), room);
  return room;
}

size_t memory_peak(void) {
  return LOAD(peak);
}

void memory_reset_peak(void) {
  __atomic_store_n(&peak, LOAD(in_use), __ATOMIC_RELAXED);
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
  __atomic_store_n(&fail_countdown, k < 0 ? -1 : k, __ATOMIC_RELAXED);
}

/* --- accounts --- */

MemoryAccount *memory_use(MemoryAccount *a) {
  MemoryAccount *before = current;
  current = a;
  return before;
}

MemoryAccount *memory_account(void) {
  return current;
}

int memory_charge_account(MemoryAccount *a, size_t old, size_t size) {
  if (past_account(a, old, size)) return -1;
  account_move(a, old, size);
  return 0;
}

size_t memory_account_held(const MemoryAccount *a) {
  return __atomic_load_n(&a->held, __ATOMIC_RELAXED);
}

void memory_account_limit(MemoryAccount *a, size_t bytes) {
  __atomic_store_n(&a->limit, bytes, __ATOMIC_RELAXED);
}

int memory_account_refused(MemoryAccount *a) {
  return __atomic_exchange_n(&a->refused, 0, __ATOMIC_RELAXED);
}

/*
** memory.h — the core's one allocation entry point: it counts the bytes in
** use, refuses to go past a limit (a script's memory cap reaches the core
** through it), and lets tests inject allocation failures.  Another
** allocator (the Lua state's) can report its bytes here too, so that one
** limit covers both.  Accounts count the bytes of one piece of work (a
** library object and what is made of it) under a limit of their own.
** Any thread may call any of these.
*/
#ifndef MUTORERE_MEMORY_H
#define MUTORERE_MEMORY_H

#include <stddef.h>

/* The bytes charged to one piece of work, and its limit.  Zeroed, it holds
** nothing and has no limit.  Its fields are atomic: use the functions. */
typedef struct MemoryAccount {
  size_t held;  /* bytes of its blocks now */
  size_t limit; /* on held; 0: none */
  int refused;  /* the limit refused an allocation */
} MemoryAccount;

/* Like realloc(ptr, size), but size 0 frees and returns NULL; NULL when the
** limit would be passed or a test made it fail (ptr then stays valid).  A
** new block is charged to this thread's account (memory_use), and stays
** charged to it when it grows, shrinks or is freed, on any thread; NULL
** too when that account's limit would be passed. */
void *memory_realloc(void *ptr, size_t size);

/* The bytes the core holds now. */
size_t memory_in_use(void);

/* The bytes the core and the other allocators hold together. */
size_t memory_total(void);

/* The most the core and the other allocators may hold together (0: no
** limit). */
size_t memory_limit(void);

/* Sets that limit (0: none); returns the one before. */
size_t memory_set_limit(size_t bytes);

/* The memory the machine has available now: Linux's MemAvailable (what
** can be taken without swapping, the other processes' memory aside), else
** its physical memory. */
size_t memory_available(void);

/* The bytes the core may still take: what the limit and this thread's
** account leave, and no more than the machine has available now
** (memory_available). */
size_t memory_room(void);

/* The most the core has held since the last memory_reset_peak. */
size_t memory_peak(void);

/* Starts the peak over from what the core holds now. */
void memory_reset_peak(void);

/* Writes a size in bytes as people read it ("1.2 GB", "640 kB") into buf
** (16 bytes).  Returns buf. */
char *memory_format(size_t bytes, char *buf);

/* For another allocator: a block of old bytes becomes one of size bytes.
** Returns 0 (counted), or -1 when growing would pass the limit (nothing
** counted: the allocator must then fail). */
int memory_charge(size_t old, size_t size);

/* Makes a the account of this thread's new blocks (NULL: none); returns
** the one before. */
MemoryAccount *memory_use(MemoryAccount *a);

/* This thread's account (NULL: none). */
MemoryAccount *memory_account(void);

/* For another allocator, as memory_charge, on account a (NULL: none):
** returns -1 when growing would pass its limit (nothing counted). */
int memory_charge_account(MemoryAccount *a, size_t old, size_t size);

/* The bytes charged to a now. */
size_t memory_account_held(const MemoryAccount *a);

/* Sets a's limit (0: none): an allocation that would take its bytes past
** it fails.  Blocks it holds already are kept. */
void memory_account_limit(MemoryAccount *a, size_t bytes);

/* 1 when a's limit has refused an allocation since the last call. */
int memory_account_refused(MemoryAccount *a);

/* Makes allocation number k+1 from now fail, once (k >= 0); k < 0 turns
** failures off.  For tests only. */
void memory_fail_after(long k);

#endif

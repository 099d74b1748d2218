/*
** memory.h — the core's one allocation entry point: it counts the bytes in
** use, refuses to go past a limit (a script's memory cap reaches the core
** through it), and lets tests inject allocation failures.  Another
** allocator (the Lua state's) can report its bytes here too, so that one
** limit covers both.
*/
#ifndef MUTORERE_MEMORY_H
#define MUTORERE_MEMORY_H

#include <stddef.h>

/* Like realloc(ptr, size), but size 0 frees and returns NULL; NULL when the
** limit would be passed or a test made it fail (ptr then stays valid). */
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

/* The bytes the core may still take: what the limit leaves, and no more
** than the machine has available now (memory_available). */
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

/* Makes allocation number k+1 from now fail, once (k >= 0); k < 0 turns
** failures off.  For tests only. */
void memory_fail_after(long k);

#endif

/*
** memory.h — the core's one allocation entry point, so tests can inject
** allocation failures.
*/
#ifndef MUTORERE_MEMORY_H
#define MUTORERE_MEMORY_H

#include <stddef.h>

/* Like realloc(ptr, size), but size 0 frees and returns NULL, and tests may
** make it fail (see memory_fail_after). */
void *memory_realloc(void *ptr, size_t size);

/* Makes allocation number k+1 from now fail, once (k >= 0); k < 0 turns
** failures off.  For tests only. */
void memory_fail_after(long k);

#endif

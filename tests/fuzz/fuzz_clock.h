/*
** fuzz_clock.h — the virtual clock of the Lua fuzz targets (fuzz_clock.c).
*/
#ifndef MUTORERE_FUZZ_CLOCK_H
#define MUTORERE_FUZZ_CLOCK_H

/* Starts the virtual clock on this thread, from the same time every
** input: each read of the clock from now on is one tick (1 ms) later. */
void fuzz_clock_start(void);

/* Gives this thread the real clock again. */
void fuzz_clock_stop(void);

/* The reads of the clock since fuzz_clock_start. */
unsigned long fuzz_clock_reads(void);

#endif

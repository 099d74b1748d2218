/*
** bench_tiers.h — the bench's section "tiers" (bench_tiers.c).
*/
#ifndef MUTORERE_BENCH_TIERS_H
#define MUTORERE_BENCH_TIERS_H

/* Solves the six games of issue 32 in tiers and on the states play
** reaches (four-field-kono's reach only when extra: it takes minutes and
** gigabytes), prints each solve's time and memory, and checks that both
** give every state play reaches the same value and distance and the same
** census; threads as solve_threads. */
void bench_tiers(int quick, int extra, int threads);

#endif

/*
** tierschedule.h — the order the threads of a tiered solve or census
** (tiers.h) take the tiers in: each tier once the tiers it waits for are
** done, the largest ready first; and the slots of working memory, one for
** each thread at work.
*/
#ifndef MUTORERE_TIERSCHEDULE_H
#define MUTORERE_TIERSCHEDULE_H

#include <pthread.h>
#include <stdint.h>

#include "tiers.h"

/* Whether tier k of t waits for tier c (c is not k), or, asked of k and k,
** whether k is never taken at all. */
typedef int (*TierWaits)(const TierTable *t, int k, int c);

typedef struct TierSchedule {
  const TierTable *t;
  int *waiting;             /* of each tier: the tiers it waits for, not done */
  int *after, *after_first; /* the tiers that wait for tier c: after[
                            ** after_first[c] .. after_first[c + 1] - 1] */
  int *ready, readies;      /* the tiers that wait for none, not taken */
  int tiers;                /* the tiers the schedule gives in all */
  int *busy, slots;         /* atomic: 1 while a thread holds the slot */
  pthread_mutex_t lock;
  pthread_cond_t done;      /* broadcast when a tier is done */
} TierSchedule;

/* The bytes the schedule of n tiers for slots threads takes, at most. */
uint64_t tierschedule_bytes(int n, int slots);

/* Plans the tiers of t as waits orders them, with slots slots.  Returns
** 0, or -1 without memory; tierschedule_free follows either way. */
int tierschedule_plan(TierSchedule *s, const TierTable *t, TierWaits waits,
                      int slots);

/* Takes the largest tier ready into *k, waiting while none is: every
** 20 ms of waiting, poll(ud) may stop it.  Returns 0, or poll's nonzero
** answer. */
int tierschedule_take(TierSchedule *s, int *k, int (*poll)(void *ud),
                      void *ud);

/* Marks tier k done: the tiers that waited for it alone become ready. */
void tierschedule_done(TierSchedule *s, int k);

/* A slot no other thread holds: its number, now held. */
int tierschedule_hold(TierSchedule *s);

/* Gives the slot back. */
void tierschedule_release(TierSchedule *s, int slot);

/* The pool's chunk of a schedule: as many tiers as from..to numbers, each
** the largest ready, done by work(ud, k, slot) with a slot held (0 when
** done, else the code returned) and marked done; poll(ud) as
** tierschedule_take.  Returns 0, or the first nonzero code. */
int tierschedule_run(TierSchedule *s, uint64_t from, uint64_t to,
                     int (*work)(void *ud, int k, int slot),
                     int (*poll)(void *ud), void *ud);

/* Frees what s holds. */
void tierschedule_free(TierSchedule *s);

#endif

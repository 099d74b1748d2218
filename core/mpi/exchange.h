/*
** exchange.h — the messages between the ranks of mutorere-mpi: words (64
** bits) for other ranks gathered in one buffer each, and sent all at once
** in a round (MPI_Alltoallv), every rank taking part in every round; and
** the agreements between rounds (is everyone done? did anyone stop?).
** Every collective call goes through here, so that the ranks always make
** the same calls in the same order.
*/
#ifndef MUTORERE_MPI_EXCHANGE_H
#define MUTORERE_MPI_EXCHANGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct Exchange {
  int ranks, me;
  uint64_t **out;  /* the words for each rank, this round */
  size_t *count;   /* how many */
  size_t most;     /* the most in one buffer */
  size_t capacity; /* of each buffer: a round holds no more */
  uint64_t *in;    /* the words received, this round */
  size_t received;
  uint8_t *answers_out, *answers_in; /* a byte for each word, answered */
  int *counts[4];                    /* send, send at, receive, receive at */
  uint64_t bytes_sent;               /* to other ranks, since the start */
  uint64_t rounds;                   /* since the start */
} Exchange;

/* Sets up e for rounds of up to budget bytes of words in all (at least
** 1024 words for each rank).  Returns 0, or -1 without memory. */
int exchange_init(Exchange *e, size_t budget);

void exchange_free(Exchange *e);

/* 1 when the buffer for some rank may not hold k more words: time for a
** round. */
static inline int exchange_full(const Exchange *e, size_t k) {
  return e->most + k > e->capacity;
}

/* Adds word w for rank to (the buffer must not be full). */
static inline void exchange_put(Exchange *e, int to, uint64_t w) {
  e->out[to][e->count[to]++] = w;
  if (e->count[to] > e->most) e->most = e->count[to];
}

/* Sends every buffer to its rank and receives what the others sent into
** e->in (e->received words); the buffers are emptied.  Returns 0, or -1
** when MPI failed. */
int exchange_round(Exchange *e);

/* Answers the words received in the last round with a byte each (answer
** of each word, in order) and gives each rank its answers back: the
** answers to the words this rank sent to rank r, in the order sent, are
** then at e->answers_in + exchange_answered_at(e, r).  Returns 0, or -1. */
int exchange_answer(Exchange *e, uint8_t (*answer)(void *ctx, uint64_t w),
                    void *ctx);

/* Where the answers from rank r begin in e->answers_in after
** exchange_answer. */
static inline size_t exchange_answered_at(const Exchange *e, int r) {
  return (size_t)e->counts[1][r];
}

/* The agreement after a round: *all_done is 1 when every rank is done,
** *any_stop 1 when some rank was asked to stop.  Returns 0, or -1. */
int exchange_agree(int done, int stop, int *all_done, int *any_stop);

/* The sum over the ranks of x, and its largest, everywhere.  Returns 0,
** or -1. */
int exchange_sum(uint64_t x, uint64_t *sum, uint64_t *most);

/* The least over the ranks of x, everywhere.  Returns 0, or -1. */
int exchange_least(uint64_t x, uint64_t *least);

#endif

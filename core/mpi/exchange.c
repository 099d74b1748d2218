/*
** exchange.c — rounds of messages between the ranks (Open MPI).
*/
#include "exchange.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"

int exchange_init(Exchange *e, size_t budget) {
  memset(e, 0, sizeof *e);
  MPI_Comm_size(MPI_COMM_WORLD, &e->ranks);
  MPI_Comm_rank(MPI_COMM_WORLD, &e->me);
  size_t capacity = budget / sizeof(uint64_t) / (size_t)e->ranks;
  if (capacity < 1024) capacity = 1024;
  if (capacity > ((size_t)1 << 30) / (size_t)e->ranks) return -1; /* ints */
  e->capacity = capacity;
  e->out = memory_realloc(NULL, (size_t)e->ranks * sizeof *e->out);
  e->count = memory_realloc(NULL, (size_t)e->ranks * sizeof *e->count);
  uint64_t *words =
      memory_realloc(NULL, (size_t)e->ranks * capacity * sizeof *words);
  for (int i = 0; i < 4; i++)
    e->counts[i] = memory_realloc(NULL, (size_t)e->ranks * sizeof(int));
  if (!e->out || !e->count || !words || !e->counts[0] || !e->counts[1] ||
      !e->counts[2] || !e->counts[3]) {
    memory_realloc(words, 0);
    exchange_free(e);
    return -1;
  }
  for (int r = 0; r < e->ranks; r++) {
    e->out[r] = words + (size_t)r * capacity;
    e->count[r] = 0;
  }
  return 0;
}

void exchange_free(Exchange *e) {
  if (e->out) memory_realloc(e->out[0], 0);
  memory_realloc(e->out, 0);
  memory_realloc(e->count, 0);
  memory_realloc(e->in, 0);
  memory_realloc(e->answers_out, 0);
  memory_realloc(e->answers_in, 0);
  for (int i = 0; i < 4; i++) memory_realloc(e->counts[i], 0);
  memset(e, 0, sizeof *e);
}

/* Grows *buffer to hold k items of size bytes.  Returns 0, or -1. */
static int room_for(void *buffer, size_t k, size_t size) {
  void *p = memory_realloc(*(void **)buffer, (k ? k : 1) * size);
  if (!p) return -1;
  *(void **)buffer = p;
  return 0;
}

int exchange_round(Exchange *e) {
  int *send = e->counts[0], *send_at = e->counts[1], *recv = e->counts[2],
      *recv_at = e->counts[3];
  for (int r = 0; r < e->ranks; r++) {
    send[r] = (int)e->count[r];
    send_at[r] = (int)((size_t)r * e->capacity);
    if (r != e->me) e->bytes_sent += e->count[r] * sizeof(uint64_t);
    e->count[r] = 0;
  }
  e->most = 0;
  e->rounds++;
  if (MPI_Alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, MPI_COMM_WORLD))
    return -1;
  size_t total = 0;
  for (int r = 0; r < e->ranks; r++) {
    recv_at[r] = (int)total;
    total += (size_t)recv[r];
  }
  if (room_for(&e->in, total, sizeof *e->in)) return -1;
  e->received = total;
  return MPI_Alltoallv(e->out[0], send, send_at, MPI_UINT64_T, e->in, recv,
                       recv_at, MPI_UINT64_T, MPI_COMM_WORLD)
             ? -1
             : 0;
}

int exchange_answer(Exchange *e, uint8_t (*answer)(void *ctx, uint64_t w),
                    void *ctx) {
  if (room_for(&e->answers_out, e->received, 1) ||
      room_for(&e->answers_in, (size_t)e->ranks * e->capacity, 1))
    return -1;
  for (size_t i = 0; i < e->received; i++)
    e->answers_out[i] = answer(ctx, e->in[i]);
  for (int r = 0; r < e->ranks; r++)
    if (r != e->me) e->bytes_sent += (uint64_t)e->counts[2][r];
  /* back the way they came: what was received is sent, and the reverse */
  return MPI_Alltoallv(e->answers_out, e->counts[2], e->counts[3], MPI_BYTE,
                       e->answers_in, e->counts[0], e->counts[1], MPI_BYTE,
                       MPI_COMM_WORLD)
             ? -1
             : 0;
}

int exchange_agree(int done, int stop, int *all_done, int *any_stop) {
  int mine[2] = {!done, stop != 0}, all[2];
  if (MPI_Allreduce(mine, all, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD)) return -1;
  *all_done = !all[0];
  *any_stop = all[1];
  return 0;
}

int exchange_sum(uint64_t x, uint64_t *sum, uint64_t *most) {
  if (MPI_Allreduce(&x, sum, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD))
    return -1;
  return MPI_Allreduce(&x, most, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD)
             ? -1
             : 0;
}

int exchange_least(uint64_t x, uint64_t *least) {
  return MPI_Allreduce(&x, least, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD)
             ? -1
             : 0;
}

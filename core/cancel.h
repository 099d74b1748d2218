/*
** cancel.h — how a caller stops a long computation of the core (Ctrl-C, a
** time budget): a callback polled now and then.
*/
#ifndef MUTORERE_CANCEL_H
#define MUTORERE_CANCEL_H

typedef struct Cancel {
  int (*stop)(void *ctx); /* nonzero: give up now */
  void *ctx;
} Cancel;

/* 1 when c asks to stop (a NULL c never does). */
static inline int cancel_now(const Cancel *c) {
  return c && c->stop && c->stop(c->ctx);
}

#endif

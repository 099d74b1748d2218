/*
** capi.h — inside the C library: what its handles hold, how a failure is
** recorded, and how the Lua half (lua/capi/) makes variants whose rules
** are in Lua without this folder knowing Lua: a variant keeps an owner (a
** context and C function pointers) that holds its hooks.
*/
#ifndef MUTORERE_CAPI_H
#define MUTORERE_CAPI_H

#include <stdarg.h>
#include <stddef.h>

#include "board.h"
#include "cancel.h"
#include "game.h"
#include "mutorere.h"
#include "rules.h"
#include "solver.h"

/* What holds a variant's hooks (a Lua state), seen from here. */
typedef struct VariantOwner {
  /* Writes the last hook failure's message into msg (size bytes). */
  void (*hook_error)(void *ctx, char *msg, size_t size);
  /* Lets go of the hooks and all that holds them. */
  void (*release)(void *ctx);
  /* Makes the hooks fail once cancel says stop, even in the middle of
  ** their own code (NULL: no longer). */
  void (*watch)(void *ctx, const Cancel *cancel);
  void *ctx;
} VariantOwner;

struct mutorere_variant {
  int refs;        /* the handle, and each game and solution made of it */
  Rules rules;     /* its hooks, if any, call into the owner */
  Position start;  /* the start position */
  int symmetric;   /* the hooks say they answer alike for symmetric states */
  char *name;
  VariantOwner owner; /* release NULL: nothing holds the rules */
};

struct mutorere_game {
  mutorere_variant *variant;
  Game game;
};

struct mutorere_solution {
  mutorere_variant *variant;
  Solution solution;
};

#define CAPI_ERRMAX 512 /* the longest message kept (with its NUL) */

/* Records the message (printf's format) as this thread's last error;
** returns status. */
int capi_fail(int status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Records the failure of a rule hook of v (its owner says why); returns
** MUTORERE_ESCRIPT. */
int capi_hook_failed(const mutorere_variant *v);

/* Fails with MUTORERE_EINVAL naming what (a handle or pointer) when p is
** NULL; else returns MUTORERE_OK. */
int capi_need(const void *p, const char *what);

/* The core's move of a library's, and the library's of the core's (the
** same fields; spare bytes zeroed). */
static inline Move capi_move_in(mutorere_move m) {
  Move out = move_of(m.from, m.to);
  out.centre = m.centre;
  out.taken = m.taken;
  return out;
}
static inline mutorere_move capi_move_out(Move m) {
  mutorere_move out = {m.from, m.to, m.centre, {0}, m.taken};
  return out;
}

/* A new variant handle of rules r from start called name, its hooks held
** by owner (its release is called when the handle goes, or at once when
** this fails).  Returns it, or NULL after capi_fail. */
mutorere_variant *capi_variant_new(const Rules *r, const Position *start,
                                   const char *name, int symmetric,
                                   VariantOwner owner);

/* Lets long work on v stop its hooks too when c says stop (NULL: no
** longer); nothing to do for a variant without hooks. */
void capi_watch(const mutorere_variant *v, const Cancel *c);

/* One more holder of v (a game, a solution). */
void capi_variant_hold(mutorere_variant *v);

/* 1 when name is a built-in variant of the core. */
int capi_builtin(const char *name);

/* The built-in variant name on arms arms (0: 8) into *out. */
int capi_variant_builtin(const char *name, int arms, mutorere_variant **out);

#endif

/*
** capi.h — inside the C library: what its handles hold, how a failure is
** recorded, and how the Lua half (lua/capi/) makes variants whose rules
** are in Lua without this folder knowing Lua: a variant keeps an owner (a
** context and C function pointers) that holds its hooks.
*/
#ifndef MUTORERE_CAPI_H
#define MUTORERE_CAPI_H

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

#include "board.h"
#include "cancel.h"
#include "game.h"
#include "memory.h"
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
  /* Charges what holds the hooks (the Lua state's bytes) to account. */
  void (*account)(void *ctx, MemoryAccount *account);
  void *ctx;
} VariantOwner;

struct mutorere_variant {
  int refs;        /* the handle, and each game and solution made of it
                   ** (atomic: games of a variant without hooks may be made
                   ** and freed on many threads) */
  Rules rules;     /* its hooks, if any, call into the owner */
  Position start;  /* the start position */
  int symmetric;   /* the hooks say they answer alike for symmetric states */
  char *name;
  VariantOwner owner; /* release NULL: nothing holds the rules */
  /* Held by each call on the variant or what is made of it while an owner
  ** holds its hooks: their Lua state runs one call at a time. */
  pthread_mutex_t lock;
  unsigned interrupts;   /* mutorere_interrupt's calls on it (atomic) */
  MemoryAccount account; /* the bytes of it, what is made of it, and the
                         ** work of calls on them */
};

struct mutorere_game {
  mutorere_variant *variant;
  Game game;
};

struct mutorere_solution {
  mutorere_variant *variant;
  Solution solution;
  /* A solution of the states play reaches grows when a lookup meets a
  ** state outside them: lookups read under it, growth writes. */
  pthread_rwlock_t growth;
};

/* One call of the library on a variant's objects (capi_begin to
** capi_end): the variant locked while its hooks are in Lua, its memory
** account this thread's, and stop, a Cancel that says stop once the
** caller's callback, the deadline or mutorere_interrupt (on the variant,
** or on all) does; the variant's hooks are stopped by it too. */
typedef struct CapiCall {
  mutorere_variant *v; /* NULL: a call that has no variant yet (a load) */
  mutorere_cancel cancel;
  void *ctx;
  double deadline;     /* monotonic seconds; 0: none */
  unsigned interrupts; /* v's count of interrupts at the start */
  unsigned all;        /* the count of interrupts of every call, then */
  int stopped;         /* it said stop (and says so from then on) */
  MemoryAccount *account_before;
  Cancel stop;
} CapiCall;

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

/* Begins call c on v's objects (v NULL: no variant yet), polling cancel
** (may be NULL, given ctx) and stopping after seconds (0: never). */
void capi_begin(CapiCall *c, const mutorere_variant *v, mutorere_cancel cancel,
                void *ctx, double seconds);

/* Ends call c, whose status is rc; returns rc, made MUTORERE_ELIMIT with a
** message that says so when the variant's memory limit refused an
** allocation of the call, or MUTORERE_ECANCELLED when a hook failed
** because the call was told to stop. */
int capi_end(CapiCall *c, int rc);

/* Monotonic seconds. */
double capi_now(void);

/* One more holder of v (a game, a solution); any thread. */
void capi_variant_hold(mutorere_variant *v);

/* The folders mutorere_path_add added, in the order added, into *out (one
** block: free it with memory_realloc(*out, 0)).  Returns how many, or -1
** without memory. */
int capi_path_copy(char ***out);

/* 1 when name is a built-in variant of the core. */
int capi_builtin(const char *name);

/* The built-in variant name on arms arms (0: 8) into *out. */
int capi_variant_builtin(const char *name, int arms, mutorere_variant **out);

#endif

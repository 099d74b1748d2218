/*
** lvariant.h — Variant values (lvariant.c) and their Lua hooks (lhook.c).
*/
#ifndef MUTORERE_LVARIANT_H
#define MUTORERE_LVARIANT_H

#include "board.h"
#include "lbridge.h"
#include "rules.h"

typedef struct HookContext {
  lua_State *L;  /* the thread running the current core call */
  int allow_ref; /* registry refs of the hook functions, or LUA_NOREF */
  int result_ref;
  int moves_ref;
  int judge_ref;            /* the C closure that asks them, or LUA_NOREF */
  int error_ref;            /* the last hook failure's message, or LUA_NOREF */
  int depth;                /* judge calls under way (hooks may ask again) */
  const char *asking;       /* the hook that failed: "allow", "result" or
                            ** "moves" */
  Move move;                /* and the move it was asked about, */
  int for_move;             /* when it was (1) */
  const Position *position; /* what is being judged: the state, */
  const History *past;      /* its remembered moves (or NULL), */
  Move *moves;              /* the moves to judge, count of them (the moves
                            ** hook replaces them) */
  int count;
  struct HookMemo *memo; /* the answers of pure hooks, or NULL */
  const Graph *graph;    /* the variant's board (NULL: the wheel) */
  const Rules *rules;    /* the variant's rules */
} HookContext;

typedef struct Variant {
  Rules rules; /* rules.hooks.ctx points at hook */
  Position start;
  HookContext hook;
  int pure;      /* the hooks answer by the state alone (memoised) */
  int symmetric; /* the hooks answer the same for rotated, reflected and
                 ** colour-swapped states */
} Variant;

/* The variant of any spec at arg (name, path, Variant, table); the stack
** slot is replaced by the Variant value. */
Variant *lvariant_get(lua_State *L, int arg);

/* The Variant value at arg, or NULL. */
Variant *lvariant_test(lua_State *L, int arg);

/* Pushes v's name. */
void lvariant_push_name(lua_State *L, int arg);

/* Pushes field key of the description table of the Variant at idx (name,
** description, path, ..., and caches such as "solution"); returns its
** type. */
int lvariant_info_get(lua_State *L, int idx, const char *key);

/* Sets that field to the value on top (popped). */
void lvariant_info_set(lua_State *L, int idx, const char *key);

/* Sets the rule fields of r that every board has (flank, adjacent_enemy,
** misere, repetition, max_plies) in the table on top, as mt.variant takes
** them. */
void lvariant_set_rule_fields(lua_State *L, const Rules *r);

/* --- lhook.c --- */

/* Sets up v->hook (no hooks) for a new Variant. */
void lhook_init(Variant *v);

/* Points v's rule hooks at its Lua functions (refs in v->hook), memoised
** when v->pure. */
void lhook_wire(lua_State *L, Variant *v);

/* Lets go of what v->hook holds (refs, memo). */
void lhook_free(lua_State *L, Variant *v);

/* Makes L the thread that runs v's hooks; returns the one before, to give
** back to lhook_leave. */
lua_State *lhook_enter(Variant *v, lua_State *L);
void lhook_leave(Variant *v, lua_State *before);

/* Raises the last hook failure of v (after a core call returned
** RULES_EHOOK or GAME_EHOOK). */
int lhook_raise(lua_State *L, Variant *v);

#endif

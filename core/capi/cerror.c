/*
** cerror.c — the C library's version, its status codes, and the message of
** the last failure on each thread.
*/
#include <stdio.h>

#include "capi.h"
#include "search.h"

/* The header's numbers are the core's (the header cannot include it). */
_Static_assert((int)MUTORERE_CENTRE == (int)BOARD_CENTRE, "the centre");
_Static_assert((int)MUTORERE_HAND == (int)BOARD_HAND &&
                   (int)MUTORERE_PASS == (int)BOARD_PASS,
               "the hand and the pass");
_Static_assert(sizeof(mutorere_move) == sizeof(Move), "a move");
_Static_assert((int)MUTORERE_MAX_MOVES == (int)RULES_MAX_MOVES, "moves");
_Static_assert((int)MUTORERE_POSITION_MAX == (int)BOARD_POSMAX, "positions");
_Static_assert((int)MUTORERE_MOVE_MAX == (int)BOARD_MOVEMAX, "move text");
_Static_assert((int)MUTORERE_FLANK_ALWAYS == (int)RULES_ALWAYS, "flank");
_Static_assert((int)MUTORERE_BLACK == (int)BLACK &&
                   (int)MUTORERE_WHITE == (int)WHITE,
               "sides");
_Static_assert((int)MUTORERE_ONGOING == (int)OUTCOME_NONE &&
                   (int)MUTORERE_BLACK_WINS == (int)OUTCOME_BLACK &&
                   (int)MUTORERE_WHITE_WINS == (int)OUTCOME_WHITE &&
                   (int)MUTORERE_DRAWN == (int)OUTCOME_DRAW,
               "outcomes");
_Static_assert((int)MUTORERE_DRAW == (int)VALUE_DRAW &&
                   (int)MUTORERE_WIN == (int)VALUE_WIN &&
                   (int)MUTORERE_LOSS == (int)VALUE_LOSS,
               "values");
_Static_assert(MUTORERE_MATE == SEARCH_MATE, "the mate score");

/* This thread's last failure. */
static _Thread_local char last_error[CAPI_ERRMAX];

const char *mutorere_version(void) {
  return MUTORERE_VERSION_STRING;
}

int mutorere_version_number(void) {
  return MUTORERE_VERSION_NUMBER;
}

const char *mutorere_last_error(void) {
  return last_error;
}

const char *mutorere_strerror(int status) {
  switch (status) {
  case MUTORERE_OK: return "success";
  case MUTORERE_EINVAL: return "bad argument";
  case MUTORERE_EILLEGAL: return "illegal move";
  case MUTORERE_ESCRIPT: return "Lua script error";
  case MUTORERE_ELIMIT: return "beyond the engine's limits";
  case MUTORERE_ENOMEM: return "out of memory";
  case MUTORERE_ECANCELLED: return "cancelled";
  default: return "unknown status";
  }
}

int capi_fail(int status, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  vsnprintf(last_error, sizeof last_error, format, ap);
  va_end(ap);
  return status;
}

int capi_hook_failed(const mutorere_variant *v) {
  char msg[CAPI_ERRMAX] = "a rule hook failed";
  if (v->owner.hook_error) v->owner.hook_error(v->owner.ctx, msg, sizeof msg);
  return capi_fail(MUTORERE_ESCRIPT, "%s", msg);
}

int capi_need(const void *p, const char *what) {
  return p ? MUTORERE_OK : capi_fail(MUTORERE_EINVAL, "%s is NULL", what);
}

/*
** repl.h — the read-eval-print loop and running chunks with tracebacks.
*/
#ifndef MUTORERE_REPL_H
#define MUTORERE_REPL_H

#include <lua.h>

/* Sets the time budget of every chunk repl_docall runs (0: none). */
void repl_set_limit(double seconds);

/* Calls the function below narg arguments with a traceback-adding message
** handler, within the time budget.  Returns the status; results or the
** message are left. */
int repl_docall(lua_State *L, int narg, int nres);

/* Prints the error message on top (when status is not LUA_OK) to stderr,
** after "progname: " when progname is not NULL, and pops it.  brief keeps
** only the traceback frames of the user's own files. */
void repl_report(lua_State *L, const char *progname, int status, int brief);

/* Reads and runs chunks from standard input until its end: with readline,
** prompts and history when interactive, plainly otherwise; mode is the
** load mode of the chunks ("t": text only).  Returns 0, or 1 when some
** chunk failed in a pipe (a terminal session always ends well). */
int repl_run(lua_State *L, int interactive, const char *mode);

#endif

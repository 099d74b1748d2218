/*
** lines.h — the input and output of a line protocol (mutorere --ugi).
*/
#ifndef MUTORERE_LINES_H
#define MUTORERE_LINES_H

#include <lua.h>

/* Pushes reader([wait]) over descriptor fd: the next line (without its
** newline); false when none is ready and wait is not set; false and a note
** when an overlong line was skipped; nil at the end of the input or on
** Ctrl-C.  It never blocks unless wait is set. */
void lines_push_reader(lua_State *L, int fd);

/* Pushes writer(text): writes text and a newline to standard output and
** flushes; returns true, or nil and the error. */
void lines_push_writer(lua_State *L);

#endif

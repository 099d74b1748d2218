/*
** lines.c — the input and output of a line protocol (mutorere --ugi):
** lines read from a descriptor without ever blocking while polled, and
** whole lines written at once.  Any bytes are fine: a line ends at '\n'
** (a '\r' before it is dropped), may hold any other byte, and one longer
** than LINES_MAX is skipped with a note instead of filling memory.
*/
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>

#include "lines.h"
#include "lwatchdog.h"

#define LINES_MAX (1 << 20) /* the longest line read, in bytes */
#define READ_CHUNK 4096

typedef struct Reader {
  int fd;
  int eof;      /* no more bytes will come */
  int skipping; /* dropping the rest of a line longer than LINES_MAX */
  size_t length;
  size_t scanned; /* the first bytes, known to hold no '\n' */
  char buffer[LINES_MAX];
} Reader;

/* Takes the first length bytes of the buffer away (those after them
** are looked at again). */
static void drop(Reader *r, size_t length) {
  memmove(r->buffer, r->buffer + length, r->length - length);
  r->length -= length;
  r->scanned = 0;
}

/* The first '\n' of the buffer, or NULL; the bytes looked at without
** finding one are not looked at again (a long line that comes in small
** pieces costs its length, not its square). */
static char *line_end(Reader *r) {
  char *end = memchr(r->buffer + r->scanned, '\n', r->length - r->scanned);
  if (!end) r->scanned = r->length;
  return end;
}

/* Pushes the note about a skipped line: (false, text).  Returns 2. */
static int push_skipped(lua_State *L, Reader *r) {
  r->skipping = 0;
  lua_pushboolean(L, 0);
  lua_pushfstring(L, "a line longer than %d bytes was ignored", LINES_MAX);
  return 2;
}

/* Reads what the descriptor has (waiting for it when wait).  Returns 1
** when bytes came or the input ended, 0 when nothing is there yet. */
static int fill(Reader *r, int wait) {
  struct pollfd p = {r->fd, POLLIN, 0};
  int ready = poll(&p, 1, wait ? -1 : 0);
  if (ready < 0) {
    if (errno != EINTR || lwatchdog_pending()) r->eof = 1; /* Ctrl-C ends */
    return r->eof;
  }
  if (ready == 0) return 0;
  size_t room = LINES_MAX - r->length;
  ssize_t got =
      read(r->fd, r->buffer + r->length, room < READ_CHUNK ? room : READ_CHUNK);
  if (got > 0)
    r->length += (size_t)got;
  else if (got == 0 || (errno != EINTR && errno != EAGAIN))
    r->eof = 1;
  return 1;
}

/* reader([wait]) -> the next line; false when none is ready (wait not
** set); false and a note when an overlong line was skipped; nil at the end
** of the input (or on Ctrl-C). */
static int reader_call(lua_State *L) {
  Reader *r = lua_touserdata(L, lua_upvalueindex(1));
  int wait = lua_toboolean(L, 1);
  for (;;) {
    char *newline = line_end(r);
    if (newline) {
      size_t k = (size_t)(newline - r->buffer), end = k;
      if (r->skipping) {
        drop(r, k + 1);
        return push_skipped(L, r);
      }
      if (end > 0 && r->buffer[end - 1] == '\r') end--;
      lua_pushlstring(L, r->buffer, end);
      drop(r, k + 1);
      return 1;
    }
    if (r->length == LINES_MAX) { /* no end in sight: skip this line */
      r->skipping = 1;
      drop(r, r->length);
    }
    if (r->eof) {
      if (r->skipping) {
        drop(r, r->length);
        return push_skipped(L, r);
      }
      if (r->length == 0) return lua_pushnil(L), 1;
      lua_pushlstring(L, r->buffer, r->length); /* a last line without \n */
      drop(r, r->length);
      return 1;
    }
    if (!fill(r, wait)) return lua_pushboolean(L, 0), 1;
  }
}

void lines_push_reader(lua_State *L, int fd) {
  Reader *r = lua_newuserdatauv(L, sizeof *r, 0);
  r->fd = fd;
  r->eof = r->skipping = 0;
  r->length = r->scanned = 0;
  lua_pushcclosure(L, reader_call, 1);
}

/* writer(text) -> true, or nil and the error: writes text and a newline to
** standard output and flushes it. */
static int writer_call(lua_State *L) {
  size_t k;
  const char *text = luaL_checklstring(L, 1, &k);
  errno = 0;
  if (fwrite(text, 1, k, stdout) != k || fputc('\n', stdout) == EOF ||
      fflush(stdout) != 0) {
    const char *why = errno ? strerror(errno) : "write error";
    clearerr(stdout);
    luaL_pushfail(L);
    lua_pushfstring(L, "standard output: %s", why);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

void lines_push_writer(lua_State *L) {
  lua_pushcfunction(L, writer_call);
}

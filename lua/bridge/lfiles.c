/*
** lfiles.c — paths from Lua, and the files read and written through them.
*/
#define _POSIX_C_SOURCE 200809L
#include "lfiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"
#include "lbridge.h"
#include "lwatchdog.h"
#include "safefile.h"

#define FILE_META "mutorere.File" /* an open FILE *, closed when collected */
#define READ_CHUNK 65536          /* bytes read between two polls */


const char *lfiles_checkpath(lua_State *L, int arg) {
  return lbridge_check_text(L, arg, "the path", NULL);
}

/* --- reading --- */

static int file_gc(lua_State *L) {
  FILE **f = luaL_checkudata(L, 1, FILE_META);
  if (*f) fclose(*f);
  *f = NULL;
  return 0;
}

int lfiles_read(lua_State *L, const char *path) {
  char why[BOARD_ERRMAX];
  FILE **f = lua_newuserdatauv(L, sizeof *f, 0); /* closed if we raise */
  *f = NULL;
  if (luaL_newmetatable(L, FILE_META)) {
    lua_pushcfunction(L, file_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  if (!(*f = safefile_open(path, why))) {
    lua_pop(L, 1);
    lua_pushstring(L, why);
    return 0;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  size_t want = LUAL_BUFFERSIZE, k; /* a small file: the buffer's own room */
  for (;;) {
    k = fread(luaL_prepbuffsize(&b, want), 1, want, *f);
    luaL_addsize(&b, k);
    lwatchdog_poll(L, (lua_Integer)k / 64);
    if (k < want) break;
    want = READ_CHUNK;
  }
  int failed = ferror(*f);
  fclose(*f);
  *f = NULL;
  luaL_pushresult(&b);
  lua_remove(L, -2);
  if (failed) {
    lua_pop(L, 1);
    lua_pushliteral(L, "a read failed");
  }
  return !failed;
}

/* The start of the chunk in text: after a byte order mark and a first
** line starting with # (whose newline is kept, so that lines keep their
** numbers). */
static const char *chunk_start(const char *text, const char *end) {
  if (end - text >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3;
  if (text < end && *text == '#')
    while (text < end && *text != '\n') text++;
  return text;
}

int lfiles_load(lua_State *L, const char *path, const char *mode) {
  if (!lfiles_read(L, path)) {
    lua_pushfstring(L, "cannot open %s: %s", path, lua_tostring(L, -1));
    lua_remove(L, -2);
    return LUA_ERRFILE;
  }
  size_t k;
  const char *text = lua_tolstring(L, -1, &k);
  const char *start = chunk_start(text, text + k);
  lua_pushfstring(L, "@%s", path);
  int status = luaL_loadbufferx(L, start, (size_t)(text + k - start),
                                lua_tostring(L, -1), mode);
  lua_replace(L, -3);
  lua_pop(L, 1);
  return status;
}

/* --- for the Lua parts --- */

/* read_file(path) -> text | nil, "path: why". */
static int read_file(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  if (!lbridge_is_text(L, 1)) {
    lua_pushnil(L);
    lua_pushfstring(L, "%s: the path holds a zero byte", path);
    return 2;
  }
  if (lfiles_read(L, path)) return 1;
  lua_pushfstring(L, "%s: %s", path, lua_tostring(L, -1));
  lua_pushnil(L);
  lua_replace(L, -3);
  return 2;
}

/* write_file(path, text) -> true | nil, "path: why". */
static int write_file(lua_State *L) {
  char why[BOARD_ERRMAX];
  size_t k;
  const char *path = luaL_checkstring(L, 1);
  const char *text = luaL_checklstring(L, 2, &k);
  if (!lbridge_is_text(L, 1))
    snprintf(why, sizeof why, "the path holds a zero byte");
  else if (safefile_write(path, text, k, why) == 0) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_pushfstring(L, "%s: %s", path, why);
  return 2;
}

/* What kind of thing st is, not being a regular file: "a folder", ... */
static const char *not_regular(const struct stat *st) {
  return S_ISDIR(st->st_mode)    ? "a folder"
         : S_ISFIFO(st->st_mode) ? "a FIFO"
         : S_ISSOCK(st->st_mode) ? "a socket"
                                 : "a device";
}

/* Opens path to append to (made when missing, 0666 less the umask), for
** reading too when it may be read; the descriptor, or -1 (errno). */
static int open_to_append(const char *path) {
  int flags = O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
  int fd = open(path, O_RDWR | flags, 0666);
  if (fd < 0 && errno == EACCES) fd = open(path, O_WRONLY | flags, 0666);
  return fd;
}

/* 1 when the file of fd (st its status) has bytes and the last is not a
** newline (it was cut short); 0 when it cannot be read. */
static int ends_mid_line(int fd, const struct stat *st) {
  char last;
  return st->st_size > 0 && pread(fd, &last, 1, st->st_size - 1) == 1 && last != '\n';
}

/* append_file(path, text) -> true | nil, "path: why": adds text at the
** end of the regular file at path (made when missing, 0666 less the
** umask) with one write, so that processes appending to one file at once
** never mix their texts; the text begins a line (a newline first when the
** file ends inside one: it was cut short).  A symbolic link, a folder, a
** FIFO, a device or a socket is refused and left as it is. */
static int append_file(lua_State *L) {
  char why[BOARD_ERRMAX] = "";
  size_t k;
  const char *path = luaL_checkstring(L, 1);
  const char *text = luaL_checklstring(L, 2, &k);
  int fd = -1;
  struct stat st;
  if (!lbridge_is_text(L, 1))
    snprintf(why, sizeof why, "the path holds a zero byte");
  else if ((fd = open_to_append(path)) < 0)
    snprintf(why, sizeof why, "%s",
             errno == ELOOP ? "it is a symbolic link (name the file it points to)"
                            : strerror(errno));
  else if (fstat(fd, &st) != 0)
    snprintf(why, sizeof why, "%s", strerror(errno));
  else if (!S_ISREG(st.st_mode))
    snprintf(why, sizeof why, "it is %s, not a regular file", not_regular(&st));
  else {
    if (k > 0 && ends_mid_line(fd, &st)) {
      lua_pushliteral(L, "\n");
      lua_pushvalue(L, 2);
      lua_concat(L, 2);
      text = lua_tolstring(L, -1, &k);
    }
    while (k > 0) {
      ssize_t n = write(fd, text, k);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        snprintf(why, sizeof why, "%s", n < 0 ? strerror(errno) : "nothing written");
        break;
      }
      text += n, k -= (size_t)n;
    }
  }
  if (fd >= 0 && close(fd) != 0 && !*why) snprintf(why, sizeof why, "%s", strerror(errno));
  if (!*why) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushnil(L);
  lua_pushfstring(L, "%s: %s", path, why);
  return 2;
}

/* file_type(path) -> what is at path (links followed), or nil. */
static int file_type(lua_State *L) {
  struct stat st;
  const char *path = luaL_checkstring(L, 1);
  if (!lbridge_is_text(L, 1) || lstat(path, &st) != 0) return 0;
  if (S_ISLNK(st.st_mode) && stat(path, &st) != 0)
    lua_pushliteral(L, "link");
  else
    lua_pushstring(L, S_ISREG(st.st_mode)    ? "file"
                      : S_ISDIR(st.st_mode)  ? "directory"
                      : S_ISFIFO(st.st_mode) ? "fifo"
                      : S_ISSOCK(st.st_mode) ? "socket"
                                             : "device");
  return 1;
}

/* loadfile(path [, mode [, env]]) as Lua's (a path is required). */
static int load_file(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  const char *mode = luaL_optstring(L, 2, NULL);
  int env = !lua_isnone(L, 3) ? 3 : 0, status = LUA_ERRFILE;
  if (lbridge_is_text(L, 1))
    status = lfiles_load(L, path, mode);
  else
    lua_pushfstring(L, "cannot open %s: the path holds a zero byte", path);
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (env) {
    lua_pushvalue(L, env);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  }
  return 1;
}

void lfiles_open(lua_State *L, int shared) {
  static const luaL_Reg functions[] = {{"read_file", read_file},
                                       {"write_file", write_file},
                                       {"file_type", file_type},
                                       {"append_file", append_file},
                                       {NULL, NULL}};
  lua_pushvalue(L, shared);
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_ENV_KEY);
  lua_pushcfunction(L, load_file);
  lua_setfield(L, -2, "loadfile");
  lua_pop(L, 1);
}

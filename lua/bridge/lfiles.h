/*
** lfiles.h — the paths the bridge takes from Lua and the files it reads
** and writes through them (lfiles.c): a path with a zero byte is refused
** (C would cut it short); files are read and written as safefile.h says.
*/
#ifndef MUTORERE_LFILES_H
#define MUTORERE_LFILES_H

#include <lua.h>

/* The path argument arg (a string or a number, as luaL_checkstring), or
** an argument error when it holds a zero byte. */
const char *lfiles_checkpath(lua_State *L, int arg);

/* Pushes the text of the regular file at path and returns 1; or pushes
** why it cannot ("it is a FIFO, not a regular file", the system's reason)
** and returns 0.  Raises only for memory and the budgets. */
int lfiles_read(lua_State *L, const char *path);

/* Loads the Lua file at path as luaL_loadfilex does (mode "t", "b", "bt"
** or NULL), regular files only.  Returns its status, the chunk or a
** message ("cannot open PATH: why") pushed. */
int lfiles_load(lua_State *L, const char *path, const char *mode);

/* Puts in the table at shared what the Lua parts read and write files
** with: read_file(path) -> text | nil, "path: why"; write_file(path,
** text) -> true | nil, "path: why" (safefile_write); append_file(path,
** text), the same at the end of a regular file; file_type(path) ->
** "file", "directory", "link" (to nothing), "fifo", "device", "socket",
** or nil when nothing is there (or the path holds a zero byte); and puts
** in their private environment a loadfile(path [, mode [, env]]) that
** refuses what lfiles_load refuses. */
void lfiles_open(lua_State *L, int shared);

#endif

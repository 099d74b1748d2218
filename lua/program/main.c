/*
** main.c — the mutorere program: options, scripts, and the REPL.
**
** usage: mutorere [options] [script [args]]
*/
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <lualib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "lwatchdog.h"
#include "lbridge.h"
#include "lmutorere.h"
#include "repl.h"

static const char *progname = "mutorere";
static const char *chunk_mode = "bt"; /* "t" with --safe: no bytecode */

#define SAFE_MEMORY ((size_t)1 << 30) /* the memory cap of --safe */
#define SAFE_SECONDS 60.0             /* and its time budget of a chunk */

static void print_usage(FILE *out) {
  fprintf(
      out,
      "usage: %s [options] [script [args]]\n"
      "Mū Tōrere: a rules engine with Lua scripting.\n\n"
      "  -e chunk       run the Lua chunk\n"
      "  -l name        require module name into global name\n"
      "  -i             enter the REPL after running the script or chunks\n"
      "  -v, --version  print the version\n"
      "  --safe         run untrusted code: no files, no commands, no bytecode,\n"
      "                 no debug library, memory capped (see mt.sandbox)\n"
      "  --limit s      stop any chunk that runs longer than s seconds\n"
      "                 (60 with --safe)\n"
      "  --ugi          speak the UGI protocol on standard input and output\n"
      "  -h, --help     print this help\n"
      "  --             stop handling options\n"
      "  -              run standard input as one chunk\n\n"
      "Without a script the REPL starts: with readline on a terminal, "
      "reading\nstatements plainly from a pipe.  The module is the "
      "global 'mt'.\n",
      progname);
}

typedef struct Options {
  double limit;    /* --limit */
  int safe;        /* --safe */
  int ugi;         /* --ugi */
  int interactive; /* -i */
  int version;     /* -v */
  int chunks;      /* some -e or -l */
  int script;      /* argv index of the script, or 0 */
} Options;

/* Reads the options (first pass: -e and -l are run later, in order).
** Returns 0, or -1 with a message printed. */
static int read_options(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || strcmp(a, "-") == 0) {
      o->script = i;
      return 0;
    }
    if (strcmp(a, "--") == 0) {
      o->script = i + 1 < argc ? i + 1 : 0;
      return 0;
    }
    if (strcmp(a, "-i") == 0)
      o->interactive = 1;
    else if (strcmp(a, "--ugi") == 0)
      o->ugi = 1;
    else if (strcmp(a, "--safe") == 0)
      o->safe = 1;
    else if (strcmp(a, "--limit") == 0) {
      char *end = "";
      o->limit = i + 1 < argc ? strtod(argv[++i], &end) : 0;
      if (!(o->limit > 0 && o->limit <= 1e9) || *end) {
        fprintf(stderr,
                "%s: --limit needs a number of seconds (more than 0, at most "
                "1e9)\n",
                progname);
        return -1;
      }
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--version") == 0)
      o->version = 1;
    else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      print_usage(stdout);
      exit(EXIT_SUCCESS);
    } else if (strcmp(a, "-e") == 0 || strcmp(a, "-l") == 0) {
      if (++i >= argc) {
        fprintf(stderr, "%s: '%s' needs an argument\n", progname, a);
        return -1;
      }
      o->chunks = 1;
    } else {
      fprintf(stderr, "%s: unknown option '%s'\n", progname, a);
      print_usage(stderr);
      return -1;
    }
  }
  return 0;
}

/* Creates the global 'arg': the script at index 0, its arguments after,
** the program and options before. */
static void create_arg(lua_State *L, int argc, char **argv, int script) {
  int base = script ? script : argc;
  lua_createtable(L, argc - base, base + 1);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - base);
  }
  lua_setglobal(L, "arg");
}

/* Sets the program's directory (for the search path) from /proc. */
static void set_home(lua_State *L) {
  char path[4096];
  ssize_t k = readlink("/proc/self/exe", path, sizeof path - 1);
  if (k <= 0) return;
  path[k] = '\0';
  char *slash = strrchr(path, '/');
  if (!slash) return;
  *slash = '\0';
  lua_pushstring(L, path);
  lua_setfield(L, LUA_REGISTRYINDEX, LMUTORERE_HOME_KEY);
}

/* Puts the folders of the module's search path (at module: mt.path),
** each as folder/?.lua, before package.path, so that scripts can require
** each other. */
static void set_package_path(lua_State *L, int module) {
  luaL_Buffer b;
  lua_getfield(L, module, "path");
  int path = lua_gettop(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_getfield(L, -1, LUA_LOADLIBNAME);
  int package = lua_gettop(L);
  luaL_buffinit(L, &b);
  for (lua_Integer i = 1; lua_rawgeti(L, path, i) == LUA_TSTRING; i++) {
    luaL_addvalue(&b);
    luaL_addstring(&b, "/?.lua;");
  }
  lua_pop(L, 1);
  lua_getfield(L, package, "path");
  luaL_addvalue(&b);
  luaL_pushresult(&b);
  lua_setfield(L, package, "path");
  lua_settop(L, module);
}

/* Opens the libraries and the module as global 'mt'; puts the search path
** on package.path. */
static void open_all(lua_State *L) {
  luaL_openlibs(L);
  set_home(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  set_package_path(L, lua_gettop(L));
  lua_setglobal(L, "mt");
}

/* Runs -e chunks and -l requires in order.  Returns the status. */
static int run_options(lua_State *L, char **argv, int stop) {
  for (int i = 1; i < stop; i++) {
    int status = LUA_OK;
    if (strcmp(argv[i], "-e") == 0) {
      const char *chunk = argv[++i];
      status = luaL_loadbufferx(L, chunk, strlen(chunk), "=(command line)",
                                chunk_mode);
      if (status == LUA_OK) status = repl_docall(L, 0, 0);
    } else if (strcmp(argv[i], "-l") == 0) {
      const char *name = argv[++i];
      if (lwatchdog_sandboxed(L)) {
        fprintf(stderr, "%s: -l is not allowed with --safe\n", progname);
        return LUA_ERRRUN;
      }
      lua_getglobal(L, "require");
      lua_pushstring(L, name);
      status = repl_docall(L, 1, 1);
      if (status == LUA_OK) lua_setglobal(L, name);
    }
    if (status != LUA_OK) {
      repl_report(L, progname, status, 0);
      return status;
    }
  }
  return LUA_OK;
}

/* Runs the script at argv[script] ("-" is standard input) with its
** arguments.  Returns the status. */
static int run_script(lua_State *L, int argc, char **argv, int script) {
  const char *name = strcmp(argv[script], "-") == 0 ? NULL : argv[script];
  int status = luaL_loadfilex(L, name, chunk_mode);
  if (status == LUA_OK) {
    int n = argc - script - 1;
    luaL_checkstack(L, n + 3, "too many arguments to the script");
    for (int i = script + 1; i < argc; i++) lua_pushstring(L, argv[i]);
    status = repl_docall(L, n, 0);
  }
  repl_report(L, progname, status, 0);
  return status;
}

/* Sets up the REPL's commands (commands.lua) and runs the loop.  Every Lua
** part of the module runs first, so that completion sees all of it. */
static int run_repl(lua_State *L) {
  int status = lmutorere_load_all(L);
  if (status == LUA_OK) status = lmutorere_load(L, "commands.lua");
  if (status == LUA_OK) {
    lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
    lua_pushglobaltable(L);
    lua_pushboolean(L, lwatchdog_sandboxed(L));
    lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_SHARED_KEY);
    status = repl_docall(L, 4, 0);
  }
  if (status != LUA_OK) {
    repl_report(L, progname, status, 0);
    return 1;
  }
  return repl_run(L, isatty(STDIN_FILENO), chunk_mode);
}

/* Runs the UGI protocol (ugi.lua) over standard input and output, each
** command within seconds when more than 0 (the session itself, waiting
** for its input, has no end).  Returns 0, or 1 when it failed. */
static int run_ugi(lua_State *L, double seconds) {
  signal(SIGPIPE, SIG_IGN); /* a closed output is an error, not a death */
  int status = lmutorere_load(L, "ugi.lua");
  if (status == LUA_OK) {
    lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
    status = repl_docall(L, 1, 1);
  }
  if (status == LUA_OK) {
    lines_push_reader(L, STDIN_FILENO);
    lines_push_writer(L);
    if (seconds > 0)
      lua_pushnumber(L, seconds);
    else
      lua_pushnil(L);
    repl_set_limit(0);
    status = repl_docall(L, 3, 1);
  }
  if (status != LUA_OK) {
    repl_report(L, progname, status, 0);
    return 1;
  }
  if (lua_isstring(L, -1)) {
    fprintf(stderr, "%s: %s\n", progname, lua_tostring(L, -1));
    return 1;
  }
  return 0;
}

/* Makes the session safe: the globals become mt.sandbox_env(), file
** access is refused, memory is capped, only text chunks load.  Returns the
** status. */
static int make_safe(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY);
  lua_getfield(L, -1, "sandbox_env");
  int status = repl_docall(L, 0, 1);
  if (status != LUA_OK) {
    repl_report(L, progname, status, 0);
    return status;
  }
  lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_pop(L, 1);
  lwatchdog_set_sandboxed(L, 1);
  lwatchdog_set_cap(L, SAFE_MEMORY);
  chunk_mode = "t";
  return LUA_OK;
}

/* The protected main: everything that may raise a Lua error. */
static int protected_main(lua_State *L) {
  int argc = (int)lua_tointeger(L, 1);
  char **argv = lua_touserdata(L, 2);
  Options o;
  int failed = 0;
  if (read_options(argc, argv, &o)) return lua_pushboolean(L, 0), 1;
  if (o.version) printf("mutorere %s (%s)\n", MUTORERE_VERSION, LUA_RELEASE);
  lwatchdog_catch(L);
  open_all(L);
  if (o.safe && make_safe(L) != LUA_OK) return lua_pushboolean(L, 0), 1;
  double seconds = o.limit > 0 ? o.limit : o.safe ? SAFE_SECONDS : 0;
  repl_set_limit(seconds);
  create_arg(L, argc, argv, o.script);
  if (run_options(L, argv, o.script ? o.script : argc) != LUA_OK)
    return lua_pushboolean(L, 0), 1;
  if (o.script && run_script(L, argc, argv, o.script) != LUA_OK)
    return lua_pushboolean(L, 0), 1;
  if (o.ugi)
    failed = run_ugi(L, seconds);
  else if (o.interactive || (!o.script && !o.chunks && !o.version))
    failed = run_repl(L);
  lua_pushboolean(L, !failed);
  return 1;
}

/* Flushes standard output; says so on standard error when any of it could
** not be written (a full disk, a closed pipe).  Returns 1 when all was
** written. */
static int finish_output(void) {
  errno = 0;
  int failed = fflush(stdout) != 0;
  if (!failed && !ferror(stdout)) return 1;
  fprintf(stderr, "%s: cannot write the output: %s\n", progname,
          failed && errno ? strerror(errno) : "write error");
  return 0;
}

int main(int argc, char **argv) {
  lua_State *L = lwatchdog_newstate();
  if (!L) {
    fprintf(stderr, "%s: not enough memory to start Lua\n", progname);
    return EXIT_FAILURE;
  }
  lua_pushcfunction(L, protected_main);
  lua_pushinteger(L, argc);
  lua_pushlightuserdata(L, argv);
  int status = lua_pcall(L, 2, 1, 0);
  int ok = status == LUA_OK && lua_toboolean(L, -1);
  if (status != LUA_OK)
    fprintf(stderr, "%s: %s\n", progname,
            lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                           : "(error object is not a string)");
  lua_close(L);
  return finish_output() && ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

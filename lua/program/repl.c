/*
** repl.c — the read-eval-print loop: readline on a terminal (history,
** completion, a second prompt for incomplete input, Ctrl-C drops the line
** or stops the running code), plain line reading in a pipe.  Expressions
** print their values; statements just run.
*/
#define _GNU_SOURCE /* getline, readline's select */
#include "repl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include "lwatchdog.h"
#include "lbridge.h"
#include "lmutorere.h"
#include "rlload.h"

#define PROMPT "> "
#define PROMPT2 ">> "
#define EOF_MARK "<eof>"
#define HISTORY_LINES 1000

static lua_State *completion_state;   /* the state the completer asks */
static const char *input_mode = "bt"; /* "t": text chunks only */
static const Readline *rl;            /* readline, on a terminal */
static double chunk_seconds;          /* the time budget of a chunk, or 0 */

void repl_set_limit(double seconds) {
  chunk_seconds = seconds;
}
static int show_ref = LUA_NOREF, complete_ref = LUA_NOREF;

/* --- running chunks --- */

/* Message handler: the error as text plus a traceback. */
static int message_handler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      msg = lua_tostring(L, -1);
    else
      msg = lua_pushfstring(L, "(error object is a %s value)",
                            luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

int repl_docall(lua_State *L, int narg, int nres) {
  int base = lua_gettop(L) - narg;
  lua_pushcfunction(L, message_handler);
  lua_insert(L, base);
  lwatchdog_begin(L, chunk_seconds);
  int status = lua_pcall(L, narg, nres, base);
  lwatchdog_end(L);
  lua_remove(L, base);
  return status;
}

void repl_report(lua_State *L, const char *progname, int status, int brief) {
  if (status == LUA_OK) return;
  const char *msg = lua_tostring(L, -1);
  if (!msg) msg = "(error without a message)";
  const char *trace = strstr(msg, "\nstack traceback:\n");
  if (progname) fprintf(stderr, "%s: ", progname);
  if (!brief || !trace) {
    fprintf(stderr, "%s\n", msg);
  } else {
    fprintf(stderr, "%.*s\n", (int)(trace - msg), msg);
    /* keep the frames of the user's own files */
    const char *line = trace + strlen("\nstack traceback:\n");
    int shown = 0;
    while (*line) {
      const char *end = strchr(line, '\n');
      size_t k = end ? (size_t)(end - line) : strlen(line);
      if (!memmem(line, k, "[C]", 3) && !memmem(line, k, "stdin:", 6) &&
          !memmem(line, k, "mutorere/", 9) && !memmem(line, k, "(...", 4)) {
        if (!shown++) fprintf(stderr, "stack traceback:\n");
        fprintf(stderr, "%.*s\n", (int)k, line);
      }
      line = end ? end + 1 : line + k;
    }
  }
  lua_pop(L, 1);
}

/* Prints the values on the stack above base through repl.lua's show;
** LUA_OK, or LUA_ERRRUN (said) when they cannot be shown. */
static int print_results(lua_State *L, int base) {
  int n = lua_gettop(L) - base, status = LUA_OK;
  if (n == 0) return status;
  lua_rawgeti(L, LUA_REGISTRYINDEX, show_ref);
  lua_insert(L, base + 1);
  if ((status = repl_docall(L, n, 1)) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
    printf("%s\n", lua_tostring(L, -1));
  else
    repl_report(L, NULL, status = LUA_ERRRUN, 1);
  lua_settop(L, base);
  fflush(stdout);
  return status;
}

/* --- compiling input --- */

/* 1 when the load status and message on top mean "input ended early". */
static int incomplete(lua_State *L, int status) {
  if (status != LUA_ERRSYNTAX) return 0;
  size_t k;
  const char *msg = lua_tolstring(L, -1, &k);
  size_t mark = sizeof(EOF_MARK) - 1;
  return k >= mark && strcmp(msg + k - mark, EOF_MARK) == 0;
}

/* Compiles chunk text: first as "return <text>" (an expression), then as
** statements.  Returns the load status with the function or message on
** top; *more is set when either form found the input unfinished. */
static int compile(lua_State *L, const char *text, int *more) {
  const char *ret = lua_pushfstring(L, "return %s\n", text);
  int status = luaL_loadbufferx(L, ret, strlen(ret), "=stdin", input_mode);
  lua_remove(L, -2);
  if (status == LUA_OK) return *more = 0, status;
  *more = incomplete(L, status);
  lua_pop(L, 1);
  status = luaL_loadbufferx(L, text, strlen(text), "=stdin", input_mode);
  if (status != LUA_OK)
    *more = *more || incomplete(L, status);
  else
    *more = 0;
  return status;
}

/* --- reading lines --- */

#define INTERRUPT_KEY 3 /* what readline gets for Ctrl-C: ^C */

static char *ready_line; /* the line readline handed over */
static int line_done;    /* readline handed over a line (or EOF) */
static int line_dropped; /* Ctrl-C dropped the line being edited */

static void on_line(char *line) {
  ready_line = line;
  line_done = 1;
  rl->rl_callback_handler_remove();
}

/* Readline's input: one byte from the terminal, or INTERRUPT_KEY when
** Ctrl-C came.  SIGINT is blocked except inside pselect, so a Ctrl-C is
** never lost between looking at the flag and waiting; the read does not
** block, for Ctrl-C flushes the input that pselect saw. */
static int terminal_getc(FILE *in) {
  sigset_t blocked, waiting;
  int fd = fileno(in), flags = fcntl(fd, F_GETFL);
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  sigprocmask(SIG_BLOCK, &blocked, &waiting);
  sigdelset(&waiting, SIGINT);
  fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  int c = EOF;
  for (;;) {
    if (lwatchdog_pending()) {
      c = INTERRUPT_KEY;
      break;
    }
    fd_set fds;
    FD_ZERO(&fds);
    FD_SET(fd, &fds);
    int r = pselect(fd + 1, &fds, NULL, NULL, NULL, &waiting);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    unsigned char byte;
    ssize_t k = read(fd, &byte, 1);
    if (k == 1) c = byte;
    if (k == 1 || k == 0 || (errno != EAGAIN && errno != EINTR)) break;
  }
  fcntl(fd, F_SETFL, flags);
  sigprocmask(SIG_UNBLOCK, &blocked, NULL);
  return c;
}

/* Bound to INTERRUPT_KEY: drops the line being edited. */
static int drop_line(int count, int key) {
  (void)count, (void)key;
  lwatchdog_clear(NULL);
  rl->rl_replace_line("", 0);
  *rl->rl_point = *rl->rl_end = 0;
  rl->rl_redisplay();
  fputs("^C", *rl->rl_outstream);
  line_dropped = 1;
  *rl->rl_done = 1;
  return 0;
}

/* Reads one line with readline.  Returns it (malloc'ed), NULL at EOF, or
** NULL with *dropped set when Ctrl-C dropped the line. */
static char *read_terminal(const char *prompt, int *dropped) {
  line_done = line_dropped = 0;
  ready_line = NULL;
  rl->rl_callback_handler_install(prompt, on_line);
  while (!line_done) rl->rl_callback_read_char();
  *dropped = line_dropped;
  if (line_dropped) {
    free(ready_line);
    return NULL;
  }
  return ready_line;
}

/* Reads one line from a pipe or file (no prompt).  Returns it (malloc'ed)
** or NULL at EOF; *zero is set when it holds a zero byte, which the text
** of a statement cannot (the line would be cut there). */
static char *read_plain(int *zero) {
  char *line = NULL;
  size_t size = 0;
  ssize_t k = getline(&line, &size, stdin);
  if (k < 0) {
    free(line);
    return NULL;
  }
  if (k > 0 && line[k - 1] == '\n') line[--k] = '\0';
  *zero = memchr(line, '\0', (size_t)k) != NULL;
  return line;
}

/* --- history --- */

static char history_path[4096];

/* Sets history_path from MUTORERE_HISTORY or ~/.mutorere_history and reads
** it.  /dev/null (or no home) turns history off.  Each entry is written
** after a "#<time>" line, so that a statement over several lines reads
** back as one entry (readline's multi-line entries). */
static void history_open(void) {
  *rl->history_comment_char = '#';
  *rl->history_write_timestamps = 1;
  *rl->history_multiline_entries = 1;
  const char *env = getenv("MUTORERE_HISTORY");
  const char *home = getenv("HOME");
  if (env && *env)
    snprintf(history_path, sizeof history_path, "%s", env);
  else if (home && *home)
    snprintf(history_path, sizeof history_path, "%s/.mutorere_history", home);
  if (strcmp(history_path, "/dev/null") == 0) history_path[0] = '\0';
  if (history_path[0]) rl->read_history(history_path);
}

/* Adds an entry and appends it to the history file at once. */
static void history_add(const char *entry) {
  if (!*entry) return;
  rl->add_history(entry);
  if (!history_path[0]) return;
  if (access(history_path, F_OK) != 0)
    rl->write_history(history_path);
  else
    rl->append_history(1, history_path);
}

static void history_close(void) {
  if (history_path[0]) rl->history_truncate_file(history_path, HISTORY_LINES);
}

/* --- completion --- */

/* Readline's generator over the list left by complete_words. */
static char *next_completion(const char *text, int state) {
  static int index;
  lua_State *L = completion_state;
  (void)text;
  if (state == 0) index = 0;
  if (!L || !lua_istable(L, -1)) return NULL;
  if (lua_rawgeti(L, -1, ++index) != LUA_TSTRING) {
    lua_pop(L, 1);
    return NULL;
  }
  char *word = strdup(lua_tostring(L, -1));
  lua_pop(L, 1);
  return word;
}

/* Readline's completion entry: asks repl.lua's complete for the word,
** with the line before it and the quote it is inside (if any). */
static char **complete_words(const char *text, int start, int end) {
  lua_State *L = completion_state;
  (void)end;
  *rl->rl_attempted_completion_over = 1;
  *rl->rl_completion_append_character = '\0';
  if (!L) return NULL;
  int top = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, complete_ref);
  lua_pushstring(L, text);
  lua_pushlstring(L, *rl->rl_line_buffer, start > 0 ? (size_t)start : 0);
  int quote = *rl->rl_completion_quote_character;
  if (quote)
    lua_pushlstring(L, (const char *)&(char){(char)quote}, 1);
  else
    lua_pushnil(L);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK || !lua_istable(L, -1)) {
    lua_settop(L, top);
    return NULL;
  }
  char **matches = rl->rl_completion_matches(text, next_completion);
  lua_settop(L, top);
  return matches;
}

/* --- the loop --- */

/* Runs a complete chunk (the function on top); prints its results or its
** error.  Returns the status. */
static int run_chunk(lua_State *L) {
  int base = lua_gettop(L) - 1;
  int status = repl_docall(L, 0, LUA_MULTRET);
  if (status == LUA_OK)
    status = print_results(L, base); /* a result that cannot be shown fails */
  else
    repl_report(L, NULL, status, 1);
  lwatchdog_clear(L);
  fflush(stdout);
  return status;
}

/* Loads the REPL's Lua helpers (repl.lua: given the globals, the shared
** table and the module's own functions) and keeps show and complete. */
static void load_helpers(lua_State *L) {
  if (lmutorere_load(L, "repl.lua") ||
      (lua_pushglobaltable(L),
       lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_SHARED_KEY),
       lua_getfield(L, LUA_REGISTRYINDEX, LBRIDGE_API_KEY),
       lua_pcall(L, 3, 1, 0))) {
    fprintf(stderr, "mutorere: %s\n", lbridge_message(L, -1));
    lua_pop(L, 1);
    return;
  }
  lua_getfield(L, -1, "show");
  show_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getfield(L, -1, "complete");
  complete_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
}

/* Reports the statement chunk that the input left unfinished (its syntax
** error: "'end' expected near <eof>") and frees it. */
static void report_unfinished(lua_State *L, char *chunk) {
  int more;
  compile(L, chunk, &more);
  free(chunk);
  repl_report(L, NULL, LUA_ERRSYNTAX, 1);
}

int repl_run(lua_State *L, int interactive, const char *mode) {
  int failures = 0;
  input_mode = mode;
  load_helpers(L);
  const char *why = NULL;
  if (interactive && !(rl = rlload(&why))) {
    fprintf(stderr, "mutorere: no line editing (%s)\n", why);
    interactive = 0;
  }
  if (interactive) {
    completion_state = L;
    *rl->rl_readline_name = "mutorere";
    *rl->rl_catch_signals = 0; /* Ctrl-C is ours: see terminal_getc */
    *rl->rl_getc_function = terminal_getc;
    rl->rl_bind_key(INTERRUPT_KEY, drop_line);
    *rl->rl_attempted_completion_function = complete_words;
    *rl->rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{}(),+-*/%^~#[]";
    *rl->rl_completer_quote_characters = "\"'"; /* a name inside quotes */
    history_open();
    printf("mutorere %s — Mū Tōrere in Lua %s.  help() for help, Ctrl-D to "
           "leave.\n",
           MUTORERE_VERSION, LUA_VERSION_MAJOR "." LUA_VERSION_MINOR);
  }
  char *chunk = NULL;
  for (;;) {
    int dropped = 0, zero = 0;
    char *line = interactive ? read_terminal(chunk ? PROMPT2 : PROMPT, &dropped)
                             : read_plain(&zero);
    if (dropped) {
      free(chunk);
      chunk = NULL;
      continue;
    }
    if (zero) { /* the line and the statement it ends or goes on, dropped */
      fprintf(stderr, "mutorere: a line of the input holds a zero byte: the "
                      "statement is dropped\n");
      free(line);
      free(chunk);
      chunk = NULL;
      failures++;
      continue;
    }
    if (!line && interactive && chunk) { /* Ctrl-D at ">> ": the statement */
      history_add(chunk);                /* is dropped, as lua5.4 does */
      report_unfinished(L, chunk);
      chunk = NULL;
      failures++;
      continue;
    }
    if (!line) break;
    char *text;
    if (chunk) {
      text = malloc(strlen(chunk) + strlen(line) + 2);
      sprintf(text, "%s\n%s", chunk, line);
      free(chunk);
      free(line);
    } else
      text = line;
    chunk = NULL;
    int more, status = compile(L, text, &more);
    if (more) {
      lua_pop(L, 1);
      chunk = text;
      continue;
    }
    if (interactive) history_add(text);
    free(text);
    if (status != LUA_OK) {
      repl_report(L, NULL, status, 1);
      failures++;
      continue;
    }
    failures += run_chunk(L) != LUA_OK;
  }
  if (chunk) { /* the input ended inside a statement */
    report_unfinished(L, chunk);
    failures++;
  }
  if (interactive) {
    history_close();
    completion_state = NULL;
    putchar('\n');
  }
  return failures && !interactive ? 1 : 0;
}

/*
** pty_driver.c — runs the program on a pseudo-terminal and follows a
** script of what to type and what to expect, so the REPL is tested as a
** user meets it (readline, completion, Ctrl-C, history).
**
** usage: pty_driver SCRIPT
** Script lines:
**   env NAME=VALUE       set for the next spawn ("VALUE" may use $TMP)
**   spawn PROGRAM [ARG]  start a program on a new terminal ($TMP expands)
**   send TEXT            type TEXT; \n \t \e \\ and \xHH are escapes
**   expect TEXT          wait until the output since the last match holds
**                        TEXT (escapes as for send); fail after 10 s
**   reject TEXT          fail if the output since the last match holds TEXT
**                        (what comes within 300 ms)
**   absent TEXT          fail if the output the last expect waited through
**                        (from the match before it to its own) holds TEXT
**   width N              every line written since the last width (or the
**                        spawn) up to the last match has at most N columns
**                        (UTF-8 characters; escape sequences not counted)
**   sleep MS             wait
**   exit CODE            wait for the program to end with CODE
**   contains FILE TEXT   FILE ($TMP expands) must hold TEXT
**   # ...                a comment
** $TMP is a fresh directory for the run; $NAME is an environment variable
** (e.g. $PROGRAM, which ctest sets).
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_MS 10000

static char output[1 << 20];    /* everything the program wrote */
static size_t out_len, matched; /* matched: where the next expect starts */
static size_t waited_from;      /* where the last expect started */
static size_t width_from;       /* where the next width check starts */
static int master = -1;
static pid_t child = -1;
static char tmp_dir[256];
static int line_no;
static const char *script_name;

static void fail(const char *fmt, const char *arg) {
  fprintf(stderr, "%s:%d: ", script_name, line_no);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n--- output since the last match ---\n%.*s\n---\n",
          (int)(out_len - matched), output + matched);
  if (getenv("PTY_DUMP")) {
    fprintf(stderr, "--- all output ---\n%.*s\n", (int)out_len, output);
    char cmd[128];
    snprintf(
        cmd, sizeof cmd,
        "gdb -p %d -batch -ex bt 2>&1 | tail -25; grep Sig /proc/%d/status",
        (int)child, (int)child);
    if (system(cmd)) {
    }
  }
  int status;
  if (child > 0 && waitpid(child, &status, WNOHANG) == child) {
    if (WIFSIGNALED(status))
      fprintf(stderr, "(the program was killed by signal %d)\n",
              WTERMSIG(status));
    else
      fprintf(stderr, "(the program exited with %d)\n", WEXITSTATUS(status));
  } else if (child > 0)
    kill(child, SIGKILL);
  exit(1);
}

/* Expands escapes (\n \t \e \\ \xHH) in place; returns the length. */
static size_t unescape(char *s) {
  char *w = s;
  for (char *r = s; *r; r++) {
    if (*r != '\\' || !r[1]) {
      *w++ = *r;
      continue;
    }
    r++;
    switch (*r) {
    case 'n': *w++ = '\n'; break;
    case 't': *w++ = '\t'; break;
    case 'r': *w++ = '\r'; break;
    case 'e': *w++ = 27; break;
    case 'x': {
      char hex[3] = {r[1], r[1] ? r[2] : 0, 0};
      *w++ = (char)strtol(hex, NULL, 16);
      r += 2;
      break;
    }
    default: *w++ = *r;
    }
  }
  *w = '\0';
  return (size_t)(w - s);
}

/* Replaces $TMP and $NAME (an environment variable) in s, into buf. */
static const char *expand(const char *s, char *buf, size_t size) {
  size_t k = 0;
  while (*s && k + 1 < size) {
    if (*s != '$') {
      buf[k++] = *s++;
      continue;
    }
    char name[64];
    size_t n = 0;
    for (s++; (*s == '_' || (*s >= 'A' && *s <= 'Z')) && n < 63; s++)
      name[n++] = *s;
    name[n] = '\0';
    const char *value = strcmp(name, "TMP") == 0 ? tmp_dir : getenv(name);
    k += (size_t)snprintf(buf + k, size - k, "%s", value ? value : "");
    if (k >= size) k = size - 1;
  }
  buf[k] = '\0';
  return buf;
}

/* Reads what the program wrote, waiting up to ms.  Returns 0 at EOF. */
static int pump(int ms) {
  struct pollfd p = {master, POLLIN, 0};
  if (poll(&p, 1, ms) <= 0) return 1;
  ssize_t k = read(master, output + out_len, sizeof output - out_len - 1);
  if (k <= 0) return 0;
  out_len += (size_t)k;
  output[out_len] = '\0';
  return 1;
}

static long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void do_spawn(char *args) {
  char *argv[16];
  int argc = 0;
  static char expanded[16][512];
  for (char *tok = strtok(args, " "); tok && argc < 15;
       tok = strtok(NULL, " ")) {
    argv[argc] = (char *)expand(tok, expanded[argc], sizeof expanded[argc]);
    argc++;
  }
  argv[argc] = NULL;
  struct winsize ws = {24, 100, 0, 0};
  out_len = matched = waited_from = width_from = 0;
  child = forkpty(&master, NULL, NULL, &ws);
  if (child < 0) fail("forkpty failed: %s", strerror(errno));
  if (child == 0) {
    execv(argv[0], argv);
    perror("execv");
    _exit(127);
  }
}

static void do_expect(char *text, int reject) {
  size_t k = unescape(text);
  long deadline = now_ms() + (reject ? 300 : TIMEOUT_MS);
  for (;;) {
    char *hit = memmem(output + matched, out_len - matched, text, k);
    if (hit && reject) fail("unwanted output: \"%s\"", text);
    if (hit) {
      waited_from = matched;
      matched = (size_t)(hit - output) + k;
      return;
    }
    long left = deadline - now_ms();
    if (left <= 0 || !pump((int)left)) break;
  }
  if (!reject) fail("timed out waiting for \"%s\"", text);
}

/* Fails when the output the last expect waited through holds text. */
static void do_absent(char *text) {
  size_t k = unescape(text);
  if (memmem(output + waited_from, matched - waited_from, text, k)) {
    fprintf(stderr, "--- what the last expect waited through ---\n%.*s\n",
            (int)(matched - waited_from), output + waited_from);
    fail("unwanted output: \"%s\"", text);
  }
}

static void do_exit(const char *code) {
  long deadline = now_ms() + TIMEOUT_MS;
  int status;
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (now_ms() > deadline) fail("the program did not exit%s", "");
    pump(50);
  }
  child = -1;
  int want = atoi(code);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != want)
    fail("exit status is not %s", code);
  close(master);
}

/* Fails when a line of output[width_from .. matched) is wider than the
** columns given. */
static void do_width(const char *columns) {
  long most = atol(columns), column = 0;
  for (size_t i = width_from; i < matched; i++) {
    unsigned char c = (unsigned char)output[i];
    if (c == '\n') {
      column = 0;
      continue;
    }
    if (c == 27) { /* skip an escape sequence: ESC [ ... final letter */
      if (i + 1 < matched && output[i + 1] == '[')
        for (i += 2; i < matched && !(output[i] >= '@' && output[i] <= '~'); i++)
          ;
      continue;
    }
    if (c == '\r' || (c & 0xC0) == 0x80) continue;
    if (++column > most) {
      size_t start = i;
      while (start > width_from && output[start - 1] != '\n') start--;
      fprintf(stderr, "%s:%d: a line wider than %ld columns:\n%.*s\n",
              script_name, line_no, most, (int)(i - start + 1), output + start);
      fail("too wide%s", "");
    }
  }
  width_from = matched;
}

static void do_contains(char *rest) {
  char buf[512];
  char *space = strchr(rest, ' ');
  if (!space) fail("contains needs FILE TEXT%s", "");
  *space = '\0';
  const char *path = expand(rest, buf, sizeof buf);
  char *text = space + 1;
  size_t k = unescape(text);
  FILE *f = fopen(path, "r");
  if (!f) fail("cannot open %s", path);
  static char data[1 << 16];
  size_t n = fread(data, 1, sizeof data, f);
  fclose(f);
  if (!memmem(data, n, text, k)) fail("file lacks \"%s\"", text);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: pty_driver SCRIPT\n");
    return 2;
  }
  script_name = argv[1];
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  snprintf(tmp_dir, sizeof tmp_dir, "/tmp/mutorere-pty-XXXXXX");
  if (!mkdtemp(tmp_dir)) return perror("mkdtemp"), 2;
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    line_no++;
    line[strcspn(line, "\n")] = '\0';
    char *rest = strchr(line, ' ');
    rest = rest ? rest + 1 : line + strlen(line);
    char buf[1024];
    if (line[0] == '#' || line[0] == '\0') continue;
    if (strncmp(line, "env ", 4) == 0) {
      char *eq = strchr(rest, '=');
      if (!eq) fail("env needs NAME=VALUE%s", "");
      *eq = '\0';
      setenv(rest, expand(eq + 1, buf, sizeof buf), 1);
    } else if (strncmp(line, "spawn ", 6) == 0)
      do_spawn(rest);
    else if (strncmp(line, "send ", 5) == 0) {
      size_t k = unescape(rest);
      if (write(master, rest, k) != (ssize_t)k) fail("write failed%s", "");
    } else if (strncmp(line, "expect ", 7) == 0)
      do_expect(rest, 0);
    else if (strncmp(line, "reject ", 7) == 0)
      do_expect(rest, 1);
    else if (strncmp(line, "absent ", 7) == 0)
      do_absent(rest);
    else if (strncmp(line, "sleep ", 6) == 0) {
      long end = now_ms() + atol(rest);
      while (now_ms() < end) pump((int)(end - now_ms()));
    } else if (strncmp(line, "exit ", 5) == 0)
      do_exit(rest);
    else if (strncmp(line, "contains ", 9) == 0)
      do_contains(rest);
    else if (strncmp(line, "width ", 6) == 0)
      do_width(rest);
    else
      fail("unknown command: %s", line);
  }
  fclose(f);
  if (child > 0) {
    kill(child, SIGKILL);
    fail("the script ended with the program still running%s", "");
  }
  snprintf(line, sizeof line, "rm -rf %s", tmp_dir);
  if (system(line) != 0) return 1;
  printf("%s: %d lines passed\n", script_name, line_no);
  return 0;
}

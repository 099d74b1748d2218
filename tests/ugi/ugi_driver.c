/*
** ugi_driver.c — drives a protocol engine through pipes as a tournament
** runner does, following a script of what to send and what to expect.
**
** usage: ugi_driver SCRIPT
** Script lines:
**   spawn PROGRAM [ARG ...]  start the engine ($NAME: environment variables)
**   > TEXT       send TEXT and a newline
**   raw TEXT     send TEXT as it is; \n \r \t \0 \\ and \xHH are escapes
**   rawrep N TEXT  send TEXT (with escapes) N times
**   < RE         the next line must match RE (a POSIX extended regular
**                expression, anchored at both ends); fail after the
**                timeout
**   ? RE         skip lines until one matches RE
**   lines N RE   the next N lines must match RE
**   quiet MS [RE]  no line (matching RE) may come for MS milliseconds
**   within MS    the timeout of the next < or ? (else 20 s)
**   sleep MS     wait
**   close        close the engine's input
**   exit CODE    wait for the engine to end with CODE
**   # ...        a comment
** Every line received is echoed to standard error on a failure, and a
** script that runs longer than SCRIPT_SECONDS fails (an engine that stops
** reading its input cannot hang the driver).
*/
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_MS 20000
#define SCRIPT_SECONDS 240 /* the longest a script may run (ctest: 300) */
#define LINE_MAX_BYTES 65536

static char pending[1 << 20]; /* bytes received and not yet a whole line */
static size_t pending_len;
static char log_text[1 << 20]; /* every line received, for failures */
static size_t log_len;
static int to_engine = -1, from_engine = -1;
static pid_t child = -1;
static int line_no, timeout_ms = TIMEOUT_MS;
static const char *script_name;

/* Reports a failure with the lines received, and exits 1. */
static void fail(const char *fmt, const char *arg) {
  fprintf(stderr, "%s:%d: ", script_name, line_no);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n--- lines received ---\n%.*s---\n", (int)log_len,
          log_text);
  if (child > 0) kill(child, SIGKILL);
  exit(1);
}

static long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

/* Reads what the engine wrote, waiting at most ms.  Returns 1 when bytes
** came, 0 on timeout, -1 at the end of its output. */
static int receive(long ms) {
  struct pollfd p = {from_engine, POLLIN, 0};
  int ready = poll(&p, 1, ms < 0 ? 0 : (int)ms);
  if (ready <= 0) return 0;
  if (pending_len == sizeof pending) fail("a line too long%s", "");
  ssize_t got =
      read(from_engine, pending + pending_len, sizeof pending - pending_len);
  if (got <= 0) return -1;
  pending_len += (size_t)got;
  return 1;
}

/* The next whole line from the engine into line, waiting until the
** deadline (ms on the monotonic clock).  Returns 1, or 0 on timeout, -1
** at the end of its output. */
static int next_line(char *line, long deadline) {
  for (;;) {
    char *nl = memchr(pending, '\n', pending_len);
    if (nl) {
      size_t k = (size_t)(nl - pending);
      if (k >= LINE_MAX_BYTES) k = LINE_MAX_BYTES - 1;
      memcpy(line, pending, k);
      line[k] = '\0';
      size_t used = (size_t)(nl - pending) + 1;
      memmove(pending, pending + used, pending_len - used);
      pending_len -= used;
      int n =
          snprintf(log_text + log_len, sizeof log_text - log_len, "%s\n", line);
      if (n > 0 && log_len + (size_t)n < sizeof log_text) log_len += (size_t)n;
      return 1;
    }
    long left = deadline - now_ms();
    if (left <= 0) return 0;
    int r = receive(left);
    if (r < 0) return -1;
  }
}

/* 1 when line matches the extended regular expression re, whole. */
static int matches(const char *re, const char *line) {
  char anchored[LINE_MAX_BYTES];
  snprintf(anchored, sizeof anchored, "^(%s)$", re);
  regex_t r;
  if (regcomp(&r, anchored, REG_EXTENDED | REG_NOSUB))
    fail("bad regular expression %s", re);
  int ok = regexec(&r, line, 0, NULL, 0) == 0;
  regfree(&r);
  return ok;
}

/* < RE (skip = 0) and ? RE (skip = 1). */
static void expect(const char *re, int skip) {
  static char line[LINE_MAX_BYTES];
  long deadline = now_ms() + timeout_ms;
  timeout_ms = TIMEOUT_MS;
  for (;;) {
    int r = next_line(line, deadline);
    if (r == 0) fail("timed out waiting for a line matching %s", re);
    if (r < 0) fail("the engine's output ended, waiting for %s", re);
    if (matches(re, line)) return;
    if (!skip) fail("the line above does not match %s", re);
  }
}

/* Writes n bytes to the engine (a closed pipe is a failure). */
static void send_bytes(const char *text, size_t n) {
  while (n > 0) {
    ssize_t k = write(to_engine, text, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) fail("cannot write to the engine: %s", strerror(errno));
    text += k, n -= (size_t)k;
  }
}

/* Sends the n bytes of text times times, as many copies a write as fit
** in 64 KiB (a write each costs more than the engine's reading). */
static void send_repeated(const char *text, size_t n, long times) {
  static char block[1 << 16];
  size_t used = 0;
  for (; times > 0; times--) {
    if (used + n > sizeof block) {
      send_bytes(block, used);
      used = 0;
    }
    if (n > sizeof block) {
      send_bytes(text, n);
      continue;
    }
    memcpy(block + used, text, n);
    used += n;
  }
  send_bytes(block, used);
}

/* Decodes the escapes of raw into out; returns the length. */
static size_t unescape(const char *s, char *out) {
  size_t n = 0;
  for (; *s; s++) {
    if (*s != '\\' || !s[1]) {
      out[n++] = *s;
      continue;
    }
    s++;
    switch (*s) {
    case 'n': out[n++] = '\n'; break;
    case 'r': out[n++] = '\r'; break;
    case 't': out[n++] = '\t'; break;
    case '0': out[n++] = '\0'; break;
    case 'x': {
      char hex[3] = {s[1], s[1] ? s[2] : 0, 0};
      out[n++] = (char)strtol(hex, NULL, 16);
      s += 2;
      break;
    }
    default: out[n++] = *s;
    }
  }
  return n;
}

/* Expands $NAME from the environment into out. */
static void expand(const char *s, char *out, size_t size) {
  size_t n = 0;
  while (*s && n + 1 < size) {
    if (*s == '$') {
      char name[128];
      size_t k = 0;
      s++;
      while ((*s == '_' || (*s >= 'A' && *s <= 'Z')) && k + 1 < sizeof name)
        name[k++] = *s++;
      name[k] = '\0';
      const char *v = getenv(name);
      if (!v) fail("$%s is not set", name);
      while (*v && n + 1 < size) out[n++] = *v++;
    } else
      out[n++] = *s++;
  }
  out[n] = '\0';
}

/* spawn PROGRAM [ARG ...] (split at spaces) with pipes both ways. */
static void spawn(const char *command) {
  static char text[4096];
  char *argv[32];
  int argc = 0;
  expand(command, text, sizeof text);
  for (char *w = strtok(text, " "); w && argc < 31; w = strtok(NULL, " "))
    argv[argc++] = w;
  argv[argc] = NULL;
  int in[2], out[2];
  if (pipe(in) || pipe(out)) fail("pipe: %s", strerror(errno));
  child = fork();
  if (child < 0) fail("fork: %s", strerror(errno));
  if (child == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execv(argv[0], argv);
    _exit(127);
  }
  close(in[0]), close(out[1]);
  to_engine = in[1], from_engine = out[0];
}

/* exit CODE: waits for the engine to end, reading what it still writes. */
static void wait_exit(int code) {
  long deadline = now_ms() + timeout_ms;
  int status;
  for (;;) {
    pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (now_ms() > deadline) fail("the engine did not end%s", "");
    if (receive(50) < 0) usleep(10000);
    pending_len = 0;
  }
  child = -1;
  if (WIFSIGNALED(status)) {
    char why[64];
    snprintf(why, sizeof why, "%d", WTERMSIG(status));
    fail("the engine died of signal %s", why);
  }
  if (WEXITSTATUS(status) != code) {
    char why[64];
    snprintf(why, sizeof why, "%d", WEXITSTATUS(status));
    fail("the engine ended with status %s", why);
  }
}

/* quiet MS [RE]: no line (matching RE) for MS milliseconds. */
static void quiet(const char *args) {
  static char line[LINE_MAX_BYTES];
  char *re;
  long deadline = now_ms() + strtol(args, &re, 10);
  while (*re == ' ') re++;
  while (next_line(line, deadline) == 1)
    if (!*re || matches(re, line))
      fail("a line came while none should: %s", line);
}

/* Runs one script line. */
static void run_line(char *line) {
  static char raw[LINE_MAX_BYTES];
  size_t k = strlen(line);
  if (k && line[k - 1] == '\n') line[--k] = '\0';
  if (!*line || *line == '#') return;
  if (strncmp(line, "> ", 2) == 0) {
    send_bytes(line + 2, strlen(line + 2));
    send_bytes("\n", 1);
  } else if (strncmp(line, "raw ", 4) == 0)
    send_bytes(raw, unescape(line + 4, raw));
  else if (strncmp(line, "rawrep ", 7) == 0) {
    char *text;
    long times = strtol(line + 7, &text, 10);
    send_repeated(raw, unescape(text + (*text == ' '), raw), times);
  } else if (strncmp(line, "< ", 2) == 0)
    expect(line + 2, 0);
  else if (strncmp(line, "? ", 2) == 0)
    expect(line + 2, 1);
  else if (strncmp(line, "lines ", 6) == 0) {
    char *re;
    long times = strtol(line + 6, &re, 10);
    while (times-- > 0) expect(re + (*re == ' '), 0);
  } else if (strncmp(line, "quiet ", 6) == 0)
    quiet(line + 6);
  else if (strncmp(line, "within ", 7) == 0)
    timeout_ms = atoi(line + 7);
  else if (strncmp(line, "sleep ", 6) == 0)
    usleep((useconds_t)atol(line + 6) * 1000);
  else if (strncmp(line, "spawn ", 6) == 0)
    spawn(line + 6);
  else if (strcmp(line, "close") == 0) {
    close(to_engine);
    to_engine = -1;
  } else if (strncmp(line, "exit ", 5) == 0)
    wait_exit(atoi(line + 5));
  else
    fail("unknown script line: %s", line);
}

/* SIGALRM at SCRIPT_SECONDS: fails with the lines received (written with
** write(), which a signal handler may call). */
static void out_of_time(int sig) {
  (void)sig;
  static const char why[] = ": the script ran too long; lines received:\n";
  if (child > 0) kill(child, SIGKILL);
  ssize_t ignored = write(2, script_name, strlen(script_name));
  ignored = write(2, why, sizeof why - 1);
  ignored = write(2, log_text, log_len);
  (void)ignored;
  _exit(1);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: ugi_driver SCRIPT\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  signal(SIGALRM, out_of_time);
  alarm(SCRIPT_SECONDS);
  script_name = argv[1];
  FILE *f = fopen(script_name, "r");
  if (!f) {
    perror(script_name);
    return 2;
  }
  static char line[LINE_MAX_BYTES];
  while (fgets(line, sizeof line, f)) {
    line_no++;
    run_line(line);
  }
  fclose(f);
  if (child > 0) {
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
  }
  printf("%s: passed\n", script_name);
  return 0;
}

/*
** lprocess.c — other programs run as children, spoken to by lines: the
** outside engines of matches (engines.lua).  A child runs a program found
** before it starts (a path, or a name on PATH), with a socket as its
** standard input and output, in its own process group (Ctrl-C at the
** terminal reaches the runner, which stops its engines itself), with no
** descriptor of ours open, and, on Linux, dies when its parent dies (so a
** worker killed mid-game takes its engines with it).
**
** Lines are written and read with deadlines; every wait looks at Ctrl-C
** and the budgets of mt.limit.  A Process is killed (its whole group) and
** reaped when it is closed, collected, or its to-be-closed variable goes
** out of scope: none outlives its Lua value, none is left a zombie.  Once
** a child has ended, its group is killed before it is reaped: what it
** started in its group dies with it.  The groups of the children not yet
** reaped are listed, so that SIGTERM and SIGHUP (when nothing else
** handles them) and the end of a worker (lprocess_kill_all) kill them all
** before this process goes.  A program that leaves its group (setsid) is
** beyond reach, but once the child has ended, a wait on its socket ends:
** its output counts as closed, whoever else holds it.  Not inside a
** sandbox.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "lbridge.h"
#include "lfiles.h"
#include "lopen.h"
#include "lprocess.h"
#include "lwatchdog.h"
#include "memory.h"

#define PROCESS_META "mutorere.Process"
#define LINE_MAX_BYTES (1 << 20) /* a longer line is an error */
#define ARGS_MAX 256             /* words of a command */
#define SLICE_MS 20              /* how often a wait looks at Ctrl-C */
#define DRAIN_CHUNKS 64          /* reads of what an ended child left */

typedef struct Process {
  pid_t pid;   /* 0 once reaped */
  pid_t owner; /* the process that started it (a fork's copy is not it) */
  int fd;     /* our end of the socket, -1 once closed */
  int status; /* the wait status, once reaped */
  char *got;  /* bytes read: those from start on not yet returned as lines */
  size_t start, length, size;
  size_t scanned; /* of those, the first ones known to hold no '\n' */
  int ended; /* the child closed its end: no more bytes */
} Process;

/* --- the groups of the children not yet reaped --- */

#define LIVE_MAX 1024 /* children listed at once (more are not listed) */

/* A child's group and the process that started it (a worker forked since
** holds a copy of its parent's list: those are not its own).  pid 0: the
** slot is free.  Read by signal handlers. */
static volatile struct {
  pid_t pid, owner;
} live[LIVE_MAX];

/* Lists the group of child pid, started by this process. */
static void list_child(pid_t pid) {
  pid_t me = getpid();
  for (int i = 0; i < LIVE_MAX; i++) {
    if (live[i].pid == 0 || live[i].owner != me) {
      live[i].pid = 0;
      live[i].owner = me;
      live[i].pid = pid;
      return;
    }
  }
}

/* Takes child pid off the list (it is reaped). */
static void unlist_child(pid_t pid) {
  pid_t me = getpid();
  for (int i = 0; i < LIVE_MAX; i++)
    if (live[i].pid == pid && live[i].owner == me) live[i].pid = 0;
}

void lprocess_kill_all(void) {
  pid_t me = getpid();
  for (int i = 0; i < LIVE_MAX; i++) {
    pid_t pid = live[i].pid;
    if (pid > 0 && live[i].owner == me) kill(-pid, SIGKILL), kill(pid, SIGKILL);
  }
}

/* SIGTERM or SIGHUP: the children's groups killed, then the signal's own
** action (this process ends as it would have). */
static void on_end_signal(int sig) {
  int saved = errno;
  lprocess_kill_all();
  signal(sig, SIG_DFL);
  raise(sig); /* delivered once this handler returns */
  errno = saved;
}

/* Handles SIGTERM and SIGHUP as on_end_signal does, where nothing handles
** them yet (a host's handlers are left alone). */
static void catch_end_signals(void) {
  static const int signals[] = {SIGTERM, SIGHUP};
  for (int i = 0; i < 2; i++) {
    struct sigaction old;
    if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
        (old.sa_flags & SA_SIGINFO))
      continue;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_end_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(signals[i], &sa, NULL);
  }
}

static Process *check_process(lua_State *L) {
  return luaL_checkudata(L, 1, PROCESS_META);
}

/* 1 once p's child has ended (waiting for that when block), and is then
** reaped; 0 while it runs.  Its whole group is killed first, while the
** child's id still names it (a zombie keeps its id): what the program
** started in its group (a child holding the socket, say) never outlives
** it. */
static int reap(Process *p, int block) {
  if (p->pid <= 0) return 1;
  siginfo_t info;
  memset(&info, 0, sizeof info);
  int r, flags = WEXITED | WNOWAIT | (block ? 0 : WNOHANG);
  while ((r = waitid(P_PID, (id_t)p->pid, &info, flags)) < 0 && errno == EINTR) {
  }
  if (r == 0 && info.si_pid == 0) return 0; /* still running */
  if (r == 0) kill(-p->pid, SIGKILL);
  while (waitpid(p->pid, &p->status, 0) < 0 && errno == EINTR) {
  }
  unlist_child(p->pid);
  p->pid = 0;
  return 1;
}

/* Kills p's process group (and p) and reaps p; closes the socket.  In a
** copy of the process that started it (a worker), only forgets it. */
static void stop(Process *p) {
  if (p->pid > 0 && p->owner != getpid()) p->pid = 0;
  if (p->pid > 0) {
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    reap(p, 1);
  }
  if (p->fd >= 0) close(p->fd);
  p->fd = -1;
}

/* Frees the bytes p has read and not returned. */
static void forget_output(Process *p) {
  memory_realloc(p->got, 0);
  p->got = NULL, p->start = p->length = p->size = p->scanned = 0;
}

/* proc:kill() (also __gc and __close): kills and reaps the child. */
static int process_kill(lua_State *L) {
  Process *p = check_process(L);
  stop(p);
  forget_output(p);
  return 0;
}

/* 1 when path names a regular file this user may run. */
static int runnable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Pushes the path of program name: name itself when it holds a '/', else
** the first runnable file of that name in a folder of PATH; nil when there
** is none. */
static void push_program(lua_State *L, const char *name) {
  if (strchr(name, '/')) {
    if (runnable(name))
      lua_pushstring(L, name);
    else
      lua_pushnil(L);
    return;
  }
  const char *path = getenv("PATH");
  if (!path) path = "/usr/local/bin:/usr/bin:/bin";
  for (;;) {
    const char *colon = strchr(path, ':');
    size_t k = colon ? (size_t)(colon - path) : strlen(path);
    lua_pushlstring(L, k ? path : ".", k ? k : 1);
    const char *full = lua_pushfstring(L, "%s/%s", lua_tostring(L, -1), name);
    lua_remove(L, -2);
    if (runnable(full)) return;
    lua_pop(L, 1);
    if (!colon) break;
    path = colon + 1;
  }
  lua_pushnil(L);
}

/* shared.find_program(name) -> its path, or nil. */
static int find_program(lua_State *L) {
  push_program(L, lfiles_checkpath(L, 1));
  return 1;
}

/* Closes every descriptor from first up (in the child, before exec). */
static void close_from(int first) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536) max = 65536;
  for (int fd = first; fd < max; fd++) close(fd);
}

/* The child, after fork: its own group, the socket as standard input and
** output, standard error as ours or errors (a path: appended to, made
** when missing), the signals as a new program expects them; then the
** program.  A failure writes errno to report (closed on exec: nothing
** read means the program runs). */
static void run_child(int sock, int report, const char *errors, const char *dir,
                      const char *program, char *const argv[], pid_t parent) {
  int err;
  setpgid(0, 0);
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127); /* it died before that was set */
#endif
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  /* out of the way of 0..3 first, so that no dup2 below clobbers them */
  if ((sock = fcntl(sock, F_DUPFD, 10)) < 0) goto failed;
  if ((report = fcntl(report, F_DUPFD_CLOEXEC, 10)) < 0) goto failed;
  if (dup2(sock, 0) < 0 || dup2(sock, 1) < 0) goto failed;
  if (errors) {
    int fd = open(errors, O_WRONLY | O_APPEND | O_CREAT, 0666);
    if (fd < 0 || dup2(fd, 2) < 0) goto failed;
  }
  if (dup2(report, 3) < 0) goto failed;
  report = 3;
  if (fcntl(report, F_SETFD, FD_CLOEXEC) < 0) goto failed;
  close_from(4);
  if (dir && chdir(dir) != 0) goto failed;
  execv(program, argv);
failed:
  err = errno;
  (void)!write(report, &err, sizeof err);
  _exit(127);
}

/* Reads the table of words at idx into argv (a userdata array of
** pointers into the strings, which stay on the stack under it). */
static char **command_words(lua_State *L, int idx) {
  lua_Integer n = luaL_len(L, idx);
  luaL_argcheck(L, n >= 1 && n <= ARGS_MAX, idx,
                "a command: a list of 1 to 256 words");
  char **argv = lua_newuserdatauv(L, sizeof *argv * (size_t)(n + 1), 1);
  lua_createtable(L, (int)n, 0); /* keeps the strings alive */
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_rawgeti(L, idx, i) != LUA_TSTRING)
      luaL_error(L, "word %d of the command is not a string", (int)i);
    size_t k;
    const char *w = lua_tolstring(L, -1, &k);
    if (strlen(w) != k)
      luaL_error(L, "word %d of the command holds a zero byte", (int)i);
    argv[i - 1] = (char *)w;
    lua_rawseti(L, -2, i);
  }
  lua_setiuservalue(L, -2, 1);
  argv[n] = NULL;
  return argv;
}

/* shared.spawn(words, program, dir, errors) -> a Process running program
** (its path) with argv words, in folder dir (nil: ours), standard error
** to /dev/null when errors is true, appended to the file at errors when
** it is a path, ours otherwise. */
static int spawn(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const char *program = lfiles_checkpath(L, 2);
  const char *dir = lua_isnoneornil(L, 3) ? NULL : lfiles_checkpath(L, 3);
  const char *errors = lua_type(L, 4) == LUA_TSTRING ? lfiles_checkpath(L, 4)
                       : lua_toboolean(L, 4)         ? "/dev/null"
                                                     : NULL;
  if (lwatchdog_sandboxed(L))
    return luaL_error(L, "running programs is not allowed in a sandbox");
  char **argv = command_words(L, 1);
  Process *p = lua_newuserdatauv(L, sizeof *p, 0);
  memset(p, 0, sizeof *p);
  p->fd = -1;
  luaL_setmetatable(L, PROCESS_META);
  int ends[2], report[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends))
    return luaL_error(L, "cannot run %s: %s", program, strerror(errno));
  if (pipe2(report, O_CLOEXEC)) {
    close(ends[0]), close(ends[1]);
    return luaL_error(L, "cannot run %s: %s", program, strerror(errno));
  }
  catch_end_signals();
  /* SIGTERM and SIGHUP held from the fork until the child is listed, so
  ** that their handler kills its group too (the child unblocks them) */
  sigset_t ending, before;
  sigemptyset(&ending);
  sigaddset(&ending, SIGTERM);
  sigaddset(&ending, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &ending, &before);
  pid_t parent = getpid(), pid = fork();
  if (pid == 0) {
    close(ends[0]), close(report[0]);
    run_child(ends[1], report[1], errors, dir, program, argv, parent);
  }
  int fork_errno = errno;
  close(ends[1]), close(report[1]);
  if (pid < 0) {
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    close(ends[0]), close(report[0]);
    return luaL_error(L, "cannot run %s: %s", program, strerror(fork_errno));
  }
  setpgid(pid, pid); /* as the child does: whichever runs first */
  list_child(pid);
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  p->pid = pid, p->owner = getpid(), p->fd = ends[0];
  int err = 0;
  ssize_t k;
  while ((k = read(report[0], &err, sizeof err)) < 0 && errno == EINTR) {
  }
  close(report[0]);
  if (k > 0) {
    stop(p);
    return luaL_error(L, "cannot run %s: %s", program, strerror(err));
  }
  fcntl(p->fd, F_SETFL, fcntl(p->fd, F_GETFL) | O_NONBLOCK);
  return 1;
}

/* The seconds at idx as milliseconds of a deadline from now on the
** clock (a negative or absent timeout: wait for ever). */
static double deadline_of(lua_State *L, int idx) {
  if (lua_isnoneornil(L, idx)) return -1;
  double seconds = luaL_checknumber(L, idx);
  luaL_argcheck(L, seconds == seconds, idx, "a number of seconds");
  if (seconds < 0) seconds = 0;
  return lbridge_clock() + seconds;
}

/* Waits until p's socket is ready for events or the deadline passes: 1
** ready, 0 timed out, -1 the child has ended (it is reaped: its group
** killed, so that the socket closes, unless a process that left the group
** holds it); raises on Ctrl-C or a budget (the caller's close handlers
** then stop the child). */
static int wait_fd(lua_State *L, Process *p, short events, double deadline) {
  Cancel cancel = lwatchdog_cancel(L);
  for (;;) {
    if (cancel_now(&cancel)) return lwatchdog_raise(L);
    int ms = SLICE_MS;
    if (deadline >= 0) {
      double left = (deadline - lbridge_clock()) * 1000;
      if (left <= 0) return 0;
      if (left < ms) ms = (int)left + 1;
    }
    struct pollfd pfd = {p->fd, events, 0};
    int ready = poll(&pfd, 1, ms);
    if (ready > 0) return 1;
    if (ready < 0 && errno != EINTR)
      return luaL_error(L, "waiting for a program: %s", strerror(errno));
    if (ready == 0 && p->owner == getpid() && p->pid > 0 && reap(p, 0)) return -1;
  }
}

/* proc:send(text [, timeout]) -> true, or nil and why ("closed": the
** child no longer reads; "timeout"): writes text and a newline. */
static int process_send(lua_State *L) {
  Process *p = check_process(L);
  size_t n;
  const char *text = lbridge_check_text(L, 2, "the line", &n);
  double deadline = deadline_of(L, 3);
  luaL_argcheck(L, !memchr(text, '\n', n), 2, "one line (no line break)");
  if (p->fd < 0 || p->owner != getpid()) {
    lua_pushnil(L);
    lua_pushliteral(L, "closed");
    return 2;
  }
  lua_pushlstring(L, text, n);
  lua_pushliteral(L, "\n");
  lua_concat(L, 2);
  const char *at = lua_tolstring(L, -1, &n);
  while (n > 0) {
    ssize_t k = send(p->fd, at, n, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (k > 0) {
      at += k, n -= (size_t)k;
      continue;
    }
    if (k < 0 && errno == EINTR) continue;
    if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      int ready = wait_fd(L, p, POLLOUT, deadline);
      if (ready > 0) continue;
      lua_pushnil(L);
      if (ready < 0)
        lua_pushliteral(L, "closed");
      else
        lua_pushliteral(L, "timeout");
      return 2;
    }
    lua_pushnil(L);
    lua_pushliteral(L, "closed");
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* The end of the first whole line of p's bytes, or NULL; the bytes
** looked at without finding one are not looked at again (a long line that
** comes in small pieces costs its length, not its square). */
static char *line_end(Process *p) {
  char *at = p->got + p->start;
  char *end = p->length > p->scanned
                  ? memchr(at + p->scanned, '\n', p->length - p->scanned)
                  : NULL;
  if (!end) p->scanned = p->length;
  return end;
}

/* Pushes the first whole line of p's bytes (without its end, a \r
** before it dropped) and takes it out (moving nothing: a flood of short
** lines costs each its own length); 0 when there is none yet. */
static int take_line(lua_State *L, Process *p) {
  char *at = p->got + p->start, *end = line_end(p);
  if (!end) return 0;
  size_t k = (size_t)(end - at);
  lua_pushlstring(L, at, k && at[k - 1] == '\r' ? k - 1 : k);
  p->length -= k + 1;
  p->start = p->length ? p->start + k + 1 : 0;
  p->scanned = 0; /* (the bytes after the line are not looked at yet) */
  return 1;
}

/* Reads what the child has written (without waiting); 0, or -1 once it
** closed its end. */
static int read_some(lua_State *L, Process *p) {
  char chunk[65536];
  ssize_t k = read(p->fd, chunk, sizeof chunk);
  if (k < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
  if (k == 0) return -1;
  if (p->start) { /* the lines taken are dropped once, before more come */
    memmove(p->got, p->got + p->start, p->length);
    p->start = 0;
  }
  if (p->length + (size_t)k > p->size) {
    size_t size = p->size ? p->size : 4096;
    while (size < p->length + (size_t)k) size *= 2;
    char *got = memory_realloc(p->got, size);
    if (!got) return luaL_error(L, "not enough memory for a program's output");
    p->got = got, p->size = size;
  }
  memcpy(p->got + p->length, chunk, (size_t)k);
  p->length += (size_t)k;
  return 0;
}

/* proc:receive([timeout]) -> the next line, or nil and why: "timeout",
** "closed" (the child closed its output: it ended or crashed), "too long"
** (a line of more than a megabyte). */
static int process_receive(lua_State *L) {
  Process *p = check_process(L);
  double deadline = deadline_of(L, 2);
  for (;;) {
    if (take_line(L, p)) return 1;
    if (p->length > LINE_MAX_BYTES) {
      lua_pushnil(L);
      lua_pushliteral(L, "too long");
      return 2;
    }
    if (p->ended || p->fd < 0 || p->owner != getpid()) {
      lua_pushnil(L);
      lua_pushliteral(L, "closed");
      return 2;
    }
    if (read_some(L, p) < 0) {
      p->ended = 1;
      continue;
    }
    if (line_end(p)) continue;
    int ready = wait_fd(L, p, POLLIN, deadline);
    if (ready < 0) { /* what it wrote before it ended is read; no more */
      size_t before;
      int chunks = 0;
      do before = p->length;
      while (read_some(L, p) == 0 && p->length > before && ++chunks < DRAIN_CHUNKS);
      p->ended = 1;
    } else if (!ready) {
      lua_pushnil(L);
      lua_pushliteral(L, "timeout");
      return 2;
    }
  }
}

/* proc:wait(timeout) -> true once the child has ended within timeout
** seconds (it is then reaped), else false. */
static int process_wait(lua_State *L) {
  Process *p = check_process(L);
  double deadline = deadline_of(L, 2);
  Cancel cancel = lwatchdog_cancel(L);
  while (p->pid > 0) {
    if (p->owner != getpid() || reap(p, 0)) break;
    if (cancel_now(&cancel)) return lwatchdog_raise(L);
    if (deadline >= 0 && lbridge_clock() >= deadline) break;
    usleep(2000);
  }
  lua_pushboolean(L, p->pid == 0);
  return 1;
}

/* proc:status() -> nil while the child runs, else how it ended: "exit
** N" or "signal N (name)". */
static int process_status(lua_State *L) {
  Process *p = check_process(L);
  if (p->pid > 0 && (p->owner != getpid() || !reap(p, 0))) return 0;
  if (WIFSIGNALED(p->status))
    lua_pushfstring(L, "signal %d (%s)", WTERMSIG(p->status),
                    strsignal(WTERMSIG(p->status)));
  else
    lua_pushfstring(L, "exit %d", WIFEXITED(p->status) ? WEXITSTATUS(p->status) : -1);
  return 1;
}

/* proc:owned() -> true in the process that started the child; false in
** a copy forked since (a worker), where the child is not to be spoken to:
** send and receive find it closed, kill only forgets it. */
static int process_owned(lua_State *L) {
  lua_pushboolean(L, check_process(L)->owner == getpid());
  return 1;
}

/* proc:pid() -> the child's process id (nil once reaped). */
static int process_pid(lua_State *L) {
  Process *p = check_process(L);
  if (p->pid <= 0) return 0;
  lua_pushinteger(L, p->pid);
  return 1;
}

/* shared.pause(seconds): waits that long (a match's wait between games);
** Ctrl-C and the budgets stop the wait. */
static int pause_for(lua_State *L) {
  double deadline = deadline_of(L, 1);
  Cancel cancel = lwatchdog_cancel(L);
  for (;;) {
    if (cancel_now(&cancel)) return lwatchdog_raise(L);
    double left = (deadline - lbridge_clock()) * 1000;
    if (left <= 0) return 0;
    poll(NULL, 0, left < SLICE_MS ? (int)left + 1 : SLICE_MS);
  }
}

/* --- guards: the outside engines of a match stopped when it ends --- */

#define GUARD_META "mutorere.ProcessGuard"

/* __close of a guard (user values: a list of tables whose field process
** is a Process, and a Lua function that stops one gracefully).  Without
** an error, that function is called on each; with one (Ctrl-C, a budget:
** no Lua code may run then), each process is killed and reaped here in C
** and the field cleared. */
static int guard_close(lua_State *L) {
  luaL_checkudata(L, 1, GUARD_META);
  int failed = !lua_isnoneornil(L, 2);
  lua_getiuservalue(L, 1, 1);
  lua_getiuservalue(L, 1, 2);
  int list = lua_gettop(L) - 1, graceful = list + 1;
  if (lua_type(L, list) != LUA_TTABLE) return 0;
  for (lua_Integer i = 1; lua_rawgeti(L, list, i) == LUA_TTABLE; i++) {
    if (failed || lua_type(L, graceful) != LUA_TFUNCTION) {
      lua_pushliteral(L, "process");
      lua_rawget(L, -2);
      Process *p = luaL_testudata(L, -1, PROCESS_META);
      if (p) {
        stop(p);
        forget_output(p);
      }
      lua_pop(L, 1);
      lua_pushliteral(L, "process");
      lua_pushnil(L);
      lua_rawset(L, -3);
    } else {
      lua_pushvalue(L, graceful);
      lua_pushvalue(L, -2);
      lua_call(L, 1, 0);
    }
    lua_pop(L, 1);
  }
  return 0;
}

/* shared.process_guard(list, stop) -> a value for a to-be-closed
** variable: see guard_close. */
static int process_guard(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_newuserdatauv(L, 1, 2);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  lua_pushvalue(L, 2);
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, GUARD_META);
  return 1;
}

void lprocess_open(lua_State *L, int shared) {
  static const luaL_Reg methods[] = {
      {"send", process_send}, {"receive", process_receive},
      {"wait", process_wait}, {"status", process_status},
      {"pid", process_pid},   {"kill", process_kill},
      {"owned", process_owned},
      {NULL, NULL}};
  luaL_newmetatable(L, PROCESS_META);
  luaL_newlib(L, methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, process_kill);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, process_kill);
  lua_setfield(L, -2, "__close");
  lua_pop(L, 1);
  luaL_newmetatable(L, GUARD_META);
  lua_pushcfunction(L, guard_close);
  lua_setfield(L, -2, "__close");
  lua_pop(L, 1);
  lua_pushcfunction(L, process_guard);
  lua_setfield(L, shared, "process_guard");
  lua_pushcfunction(L, spawn);
  lua_setfield(L, shared, "spawn");
  lua_pushcfunction(L, find_program);
  lua_setfield(L, shared, "find_program");
  lua_pushcfunction(L, pause_for);
  lua_setfield(L, shared, "pause");
}

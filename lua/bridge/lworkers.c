/*
** lworkers.c — worker processes for the Lua parts: a pool forks children
** that each run a Lua function on a copy of the state and send its result
** (plain data: nil, booleans, numbers, strings and tables of them) back
** through a pipe, and on the way, through the function it is given, the
** values it has done (a match's games, one by one): those reach the parent
** even when Ctrl-C or a budget stops the worker.  The Lua state stays
** single-threaded; matches and tournaments spread their games this way
** (jobs).
**
** Children are stopped and reaped when the pool is closed or collected,
** and when Ctrl-C or a budget stops the wait, so none outlives its pool and
** none is left a zombie: SIGTERM first, so that a worker running outside
** engines kills them (lprocess.c), then SIGKILL.  A worker that ends, well
** or not, kills the programs it started; on Linux a worker whose parent
** dies gets SIGTERM (so none plays on alone).  Workers ignore Ctrl-C
** (SIGINT): the parent takes it for them.  Pools are refused inside a
** sandbox.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "lbridge.h"
#include "lopen.h"
#include "lprocess.h"
#include "lwatchdog.h"
#include "memory.h"

#define POOL_META "mutorere.Workers"
#define POOL_MAX 256     /* children at once */
#define DEPTH_MAX 64     /* nesting of the tables sent back */
#define WAIT_SLICE_MS 50 /* how often a wait looks at Ctrl-C and budgets */
#define TERM_GRACE_MS 500 /* what a worker has after SIGTERM, before SIGKILL */

typedef struct Buffer {
  char *data;
  size_t length, size;
} Buffer;

typedef struct Worker {
  pid_t pid; /* 0: the slot is free */
  int fd;    /* the read end of its pipe (-1 once read to the end) */
  lua_Integer tag;
  Buffer got;
} Worker;

typedef struct Pool {
  int count;
  Worker workers[POOL_MAX];
} Pool;

/* Appends n bytes to b; returns 0, or -1 when memory ran out. */
static int append(Buffer *b, const void *bytes, size_t n) {
  if (b->length + n > b->size) {
    size_t size = b->size ? b->size : 4096;
    while (size < b->length + n) size *= 2;
    char *data = memory_realloc(b->data, size);
    if (!data) return -1;
    b->data = data, b->size = size;
  }
  memcpy(b->data + b->length, bytes, n);
  b->length += n;
  return 0;
}

/* --- the child's side: the result as bytes --- */

/* Encodes the value at idx into the Buffer (a light userdata at arg 1 of
** the running C function); raises on a value that cannot be sent. */
static void encode(lua_State *L, Buffer *b, int idx, int depth) {
  char tag;
  int ok = 0;
  switch (lua_type(L, idx)) {
  case LUA_TNIL: ok = append(b, "n", 1); break;
  case LUA_TBOOLEAN:
    tag = lua_toboolean(L, idx) ? 'T' : 'F';
    ok = append(b, &tag, 1);
    break;
  case LUA_TNUMBER:
    if (lua_isinteger(L, idx)) {
      lua_Integer i = lua_tointeger(L, idx);
      ok = append(b, "i", 1) | append(b, &i, sizeof i);
    } else {
      lua_Number x = lua_tonumber(L, idx);
      ok = append(b, "d", 1) | append(b, &x, sizeof x);
    }
    break;
  case LUA_TSTRING: {
    size_t k;
    const char *s = lua_tolstring(L, idx, &k);
    uint64_t n = k;
    ok = append(b, "s", 1) | append(b, &n, sizeof n) | append(b, s, k);
    break;
  }
  case LUA_TTABLE:
    if (depth >= DEPTH_MAX)
      luaL_error(L, "a worker's result is nested too deeply (a cycle?)");
    luaL_checkstack(L, 3, "a worker's result");
    idx = lua_absindex(L, idx);
    ok = append(b, "t", 1);
    lua_pushnil(L);
    while (ok == 0 && lua_next(L, idx)) {
      encode(L, b, -2, depth + 1);
      encode(L, b, -1, depth + 1);
      lua_pop(L, 1);
    }
    ok |= append(b, "e", 1);
    break;
  default:
    luaL_error(L,
               "a worker can send back nil, booleans, numbers, strings and "
               "tables, not a %s",
               luaL_typename(L, idx));
  }
  if (ok) luaL_error(L, "not enough memory for a worker's result");
}

/* Runs inside lua_pcall: (Buffer*, value) -> encodes the value. */
static int encode_value(lua_State *L) {
  Buffer *b = lua_touserdata(L, 1);
  encode(L, b, 2, 0);
  return 0;
}

/* Writes all of b to fd. */
static void write_all(int fd, const char *data, size_t n) {
  while (n > 0) {
    ssize_t k = write(fd, data, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return;
    data += k, n -= (size_t)k;
  }
}

/* Appends to b a frame: the byte kind, then the value at idx (encoded in
** protected mode).  Returns a Lua status; on an error, its message is
** pushed. */
static int encode_frame(lua_State *L, Buffer *b, char kind, int idx) {
  idx = lua_absindex(L, idx);
  if (append(b, &kind, 1)) {
    lua_pushliteral(L, "not enough memory for a worker's result");
    return LUA_ERRMEM;
  }
  lua_pushcfunction(L, encode_value);
  lua_pushlightuserdata(L, b);
  lua_pushvalue(L, idx);
  return lua_pcall(L, 2, 0, 0);
}

/* send(value) in a worker (fd its upvalue): writes a 'P' frame of value
** to the parent at once (through one buffer, kept: the worker's life is
** one run). */
static int send_value(lua_State *L) {
  static Buffer b;
  b.length = 0;
  if (encode_frame(L, &b, 'P', 1) != LUA_OK) return lua_error(L);
  write_all((int)lua_tointeger(L, lua_upvalueindex(1)), b.data, b.length);
  return 0;
}

/* The child: runs the function at the top of the stack, giving it send
** (send_value); then sends 'O' and its result or 'E' and the error, and
** ends without running anything of the parent's (no finalizers, no
** atexit). */
static void run_child(lua_State *L, int fd) {
  Buffer b = {NULL, 0, 0};
  lua_pushinteger(L, fd);
  lua_pushcclosure(L, send_value, 1);
  int status = lua_pcall(L, 1, 1, 0);
  if (status == LUA_OK) status = encode_frame(L, &b, 'O', -1);
  if (status != LUA_OK) {
    const char *why = lua_tostring(L, -1);
    if (!why) why = "an error object that is not a string";
    b.length = 0;
    if (append(&b, "E", 1) || append(&b, why, strlen(why))) b.length = 0;
  }
  write_all(fd, b.data, b.length);
  fflush(NULL);
  lprocess_kill_all();
  _exit(0);
}

/* --- the parent's side --- */

static Pool *check_pool(lua_State *L) {
  return luaL_checkudata(L, 1, POOL_META);
}

/* 1 once worker w has ended within ms milliseconds (it is then reaped). */
static int ended_within(Worker *w, int ms) {
  for (int waited = 0;; waited++) {
    pid_t r = waitpid(w->pid, NULL, WNOHANG);
    if (r == w->pid || (r < 0 && errno != EINTR)) return 1;
    if (waited >= ms) return 0;
    poll(NULL, 0, 1);
  }
}

/* Ends a running worker (SIGTERM, then SIGKILL) and reaps it. */
static void end_worker(Worker *w) {
  if (w->pid > 0) {
    kill(w->pid, SIGTERM);
    if (!ended_within(w, TERM_GRACE_MS)) {
      kill(w->pid, SIGKILL);
      while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR) {
      }
    }
  }
  w->pid = 0;
}

/* Ends a worker (end_worker) and frees its slot. */
static void stop_worker(Pool *p, Worker *w) {
  end_worker(w);
  if (w->fd >= 0) close(w->fd);
  memory_realloc(w->got.data, 0);
  memset(w, 0, sizeof *w);
  w->fd = -1;
  p->count--;
}

/* pool:close() (also __close and __gc): stops every worker. */
static int pool_close(lua_State *L) {
  Pool *p = check_pool(L);
  for (int i = 0; i < POOL_MAX; i++)
    if (p->workers[i].pid > 0) stop_worker(p, &p->workers[i]);
  p->count = 0;
  return 0;
}

/* shared.workers() -> a pool of worker processes. */
static int pool_new(lua_State *L) {
  Pool *p = lua_newuserdatauv(L, sizeof *p, 1);
  memset(p, 0, sizeof *p);
  for (int i = 0; i < POOL_MAX; i++) p->workers[i].fd = -1;
  luaL_setmetatable(L, POOL_META);
  return 1;
}

/* pool:start(tag, f): forks a worker that runs f(send) and sends back its
** result, and each value v it passes to send(v) as it goes; tag (an
** integer) names it in pool:wait. */
static int pool_start(lua_State *L) {
  Pool *p = check_pool(L);
  lua_Integer tag = luaL_checkinteger(L, 2);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  if (lwatchdog_sandboxed(L))
    return luaL_error(L, "worker processes are not allowed in a sandbox");
  if (p->count >= POOL_MAX)
    return luaL_error(L, "at most %d worker processes", POOL_MAX);
  Worker *w = p->workers;
  while (w->pid) w++;
  int ends[2];
  if (pipe2(ends, O_CLOEXEC)) /* programs a worker runs hold no end of it */
    return luaL_error(L, "cannot start a worker: %s", strerror(errno));
  fflush(NULL); /* nothing buffered is written twice */
  pid_t parent = getpid(), pid = fork();
  if (pid < 0) {
    close(ends[0]), close(ends[1]);
    return luaL_error(L, "cannot start a worker: %s", strerror(errno));
  }
  if (pid == 0) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(0); /* it died before that was set */
#else
    (void)parent;
#endif
    /* Ctrl-C at a terminal reaches the whole group: the parent alone
    ** takes it, and stops its workers keeping what they sent (a worker
    ** that stopped itself first would fail the run, its games lost) */
    signal(SIGINT, SIG_IGN);
    close(ends[0]);
    lua_settop(L, 3);
    run_child(L, ends[1]);
  }
  close(ends[1]);
  w->pid = pid, w->fd = ends[0], w->tag = tag;
  w->got = (Buffer){NULL, 0, 0};
  p->count++;
  return 0;
}

/* Decoding: a cursor over the bytes a worker sent. */
typedef struct Cursor {
  const char *at, *end;
} Cursor;

/* Reads n bytes into out; 0, or -1 past the end. */
static int take(Cursor *c, void *out, size_t n) {
  if ((size_t)(c->end - c->at) < n) return -1;
  memcpy(out, c->at, n);
  c->at += n;
  return 0;
}

/* Pushes the value at the cursor; returns 0, or -1 when the bytes are
** malformed (then what was pushed is left for the caller to drop). */
static int decode(lua_State *L, Cursor *c, int depth) {
  char tag;
  if (depth > DEPTH_MAX || take(c, &tag, 1) || !lua_checkstack(L, 3)) return -1;
  switch (tag) {
  case 'n': lua_pushnil(L); return 0;
  case 'T': lua_pushboolean(L, 1); return 0;
  case 'F': lua_pushboolean(L, 0); return 0;
  case 'i': {
    lua_Integer i;
    if (take(c, &i, sizeof i)) return -1;
    lua_pushinteger(L, i);
    return 0;
  }
  case 'd': {
    lua_Number x;
    if (take(c, &x, sizeof x)) return -1;
    lua_pushnumber(L, x);
    return 0;
  }
  case 's': {
    uint64_t n;
    if (take(c, &n, sizeof n) || n > (uint64_t)(c->end - c->at)) return -1;
    lua_pushlstring(L, c->at, (size_t)n);
    c->at += n;
    return 0;
  }
  case 't':
    lua_newtable(L);
    for (;;) {
      if (c->at < c->end && *c->at == 'e') {
        c->at++;
        return 0;
      }
      if (decode(L, c, depth + 1) || decode(L, c, depth + 1)) return -1;
      if (lua_isnil(L, -2) || (lua_type(L, -2) == LUA_TNUMBER &&
                               lua_tonumber(L, -2) != lua_tonumber(L, -2)))
        return -1; /* a nil or NaN key: not what a child sends */
      lua_rawset(L, -3);
    }
  default: return -1;
  }
}

/* The bytes a worker has sent so far, as a cursor. */
static Cursor cursor_of(const Worker *w) {
  static const char none[1];
  if (!w->got.data) return (Cursor){none, none};
  return (Cursor){w->got.data, w->got.data + w->got.length};
}

/* Pushes a list of the values of the whole 'P' frames at the cursor, in
** order, and moves the cursor past them. */
static void push_sent(lua_State *L, Cursor *c) {
  lua_newtable(L);
  int list = lua_gettop(L);
  for (lua_Integer k = 1; c->at < c->end && *c->at == 'P'; k++) {
    Cursor value = {c->at + 1, c->end};
    if (decode(L, &value, 0)) {
      lua_settop(L, list);
      return;
    }
    lua_rawseti(L, list, k);
    *c = value;
  }
}

/* Pushes the end of what a finished worker sent (data, n bytes): true and
** the result, or false and a message.  status is its wait status. */
static int push_result(lua_State *L, const char *data, size_t n, int status) {
  if (n > 0 && data[0] == 'O') {
    int top = lua_gettop(L);
    Cursor c = {data + 1, data + n};
    lua_pushboolean(L, 1);
    if (decode(L, &c, 0) == 0 && c.at == c.end) return 2;
    lua_settop(L, top);
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "a worker sent a malformed result");
    return 2;
  }
  lua_pushboolean(L, 0);
  if (n > 0 && data[0] == 'E')
    lua_pushlstring(L, data + 1, n - 1);
  else if (WIFSIGNALED(status))
    lua_pushfstring(L, "a worker died of signal %d (%s)", WTERMSIG(status),
                    strsignal(WTERMSIG(status)));
  else
    lua_pushfstring(L, "a worker ended (exit status %d) without its result",
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 2;
}

/* Pushes what a finished worker sent: true and the result, or false and a
** message; then the list of what it sent on the way. */
static int push_outcome(lua_State *L, Worker *w, int status) {
  Cursor c = cursor_of(w);
  push_sent(L, &c);
  int sent = lua_gettop(L);
  push_result(L, c.at, (size_t)(c.end - c.at), status);
  lua_rotate(L, sent, -1);
  return 3;
}

/* Reads what worker w has written; returns 1 once it is at the end. */
static int read_worker(lua_State *L, Pool *p, Worker *w) {
  char chunk[65536];
  ssize_t k = read(w->fd, chunk, sizeof chunk);
  if (k < 0) return errno != EINTR && errno != EAGAIN;
  if (k == 0) return 1;
  if (append(&w->got, chunk, (size_t)k)) {
    pool_close(L);
    (void)p;
    luaL_error(L, "not enough memory for a worker's result");
  }
  return 0;
}

/* Ends every running worker and keeps, for pool:unfinished, what each
** had sent on the way (all of it: read once it has ended), in the table
** {[tag] = list} of the pool (arg 1). */
static void keep_unfinished(lua_State *L, Pool *p) {
  if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
  }
  for (int i = 0; i < POOL_MAX; i++) {
    Worker *w = &p->workers[i];
    if (w->pid <= 0) continue;
    end_worker(w);
    struct pollfd fd = {w->fd, POLLIN, 0};
    while (poll(&fd, 1, 0) > 0 && !read_worker(L, p, w)) {
    }
    Cursor c = cursor_of(w);
    push_sent(L, &c);
    lua_rawseti(L, -2, w->tag);
    stop_worker(p, w);
  }
  lua_setiuservalue(L, 1, 1);
}

/* pool:wait() -> tag, true, result, sent | tag, false, message, sent:
** waits until a worker ends (sent: the list of what it sent on the way).
** Ctrl-C and the budgets stop every worker and raise, keeping what the
** running ones had sent for pool:unfinished. */
static int pool_wait(lua_State *L) {
  Pool *p = check_pool(L);
  if (p->count == 0) return luaL_error(L, "no worker is running");
  Cancel cancel = lwatchdog_cancel(L);
  for (;;) {
    struct pollfd fds[POOL_MAX];
    Worker *of[POOL_MAX];
    int n = 0;
    for (int i = 0; i < POOL_MAX; i++)
      if (p->workers[i].pid > 0) {
        fds[n] = (struct pollfd){p->workers[i].fd, POLLIN, 0};
        of[n++] = &p->workers[i];
      }
    if (cancel_now(&cancel)) {
      keep_unfinished(L, p);
      pool_close(L);
      return lwatchdog_raise(L);
    }
    int ready = poll(fds, (nfds_t)n, WAIT_SLICE_MS);
    if (ready < 0 && errno != EINTR)
      return luaL_error(L, "waiting for workers: %s", strerror(errno));
    for (int i = 0; ready > 0 && i < n; i++) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Worker *w = of[i];
      if (!read_worker(L, p, w)) continue;
      int status = 0;
      while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
      }
      w->pid = 0; /* reaped */
      lua_pushinteger(L, w->tag);
      int results = 1 + push_outcome(L, w, status);
      stop_worker(p, w);
      return results;
    }
  }
}

/* pool:unfinished() -> {[tag] = list}: ends the workers still running
** (a stop that came outside pool:wait), and gives what every worker a
** stop ended had sent on the way. */
static int pool_unfinished(lua_State *L) {
  keep_unfinished(L, check_pool(L));
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* pool:running() -> the number of workers running. */
static int pool_running(lua_State *L) {
  lua_pushinteger(L, check_pool(L)->count);
  return 1;
}

/* shared.cores() -> the number of processors online. */
static int cores(lua_State *L) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  lua_pushinteger(L, n > 0 ? n : 1);
  return 1;
}

void lworkers_open(lua_State *L, int shared) {
  static const luaL_Reg methods[] = {{"start", pool_start},
                                     {"wait", pool_wait},
                                     {"running", pool_running},
                                     {"unfinished", pool_unfinished},
                                     {"close", pool_close},
                                     {NULL, NULL}};
  luaL_newmetatable(L, POOL_META);
  luaL_newlib(L, methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, pool_close);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, pool_close);
  lua_setfield(L, -2, "__close");
  lua_pop(L, 1);
  lua_pushcfunction(L, pool_new);
  lua_setfield(L, shared, "workers");
  lua_pushcfunction(L, cores);
  lua_setfield(L, shared, "cores");
}

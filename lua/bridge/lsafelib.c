/*
** lsafelib.c — the library functions that can run long inside C, made to
** answer Ctrl-C and the budgets of mt.limit: Lua's pattern functions
** (string.find, match, gmatch, gsub) on a matcher of our own that polls
** the watchdog while it backtracks, string.rep, and table.insert, remove,
** move, concat and sort.  Their behaviour is Lua 5.4's; lsafelib_open puts
** them in place of the standard ones.
*/
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include <lualib.h>

#include "lbridge.h"
#include "lopen.h"
#include "lwatchdog.h"

#define POLL_EVERY 4096 /* steps of work between two looks at the budget */
#define MAX_CAPTURES 32 /* as Lua's LUA_MAXCAPTURES */
#define MAX_DEPTH 200   /* nested pattern items before "too complex" */
#define MAX_STRING ((size_t)INT_MAX) /* the longest string rep makes */

#define CAP_OPEN (-1)     /* a capture still open */
#define CAP_POSITION (-2) /* a position capture: () */

typedef unsigned char uchar;

/* --- the matcher --- */

typedef struct Capture {
  const char *start;
  ptrdiff_t len; /* or CAP_OPEN, CAP_POSITION */
} Capture;

typedef struct Matcher {
  lua_State *L;
  const char *subject, *subject_end;
  const char *pattern_end;
  int depth; /* nested calls left */
  int level; /* captures in use */
  Capture capture[MAX_CAPTURES];
  lua_Integer steps; /* work since the last poll */
} Matcher;

/* Counts one step of work; polls the budget now and then. */
static void tick(Matcher *m) {
  if (++m->steps >= POLL_EVERY) {
    lwatchdog_poll(m->L, m->steps);
    m->steps = 0;
  }
}

/* Readies m to match from scratch (at another start). */
static void matcher_reset(Matcher *m) {
  m->level = 0;
  m->depth = MAX_DEPTH;
}

/* The end of the character class that starts at p: one character, %x, or
** a set [...]. */
static const char *class_end(Matcher *m, const char *p) {
  const char *end = m->pattern_end;
  if (*p == '%') {
    if (p + 1 >= end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 2;
  }
  if (*p != '[') return p + 1;
  p++;
  if (p < end && *p == '^') p++;
  do { /* the first member may be ']' itself */
    if (p >= end) luaL_error(m->L, "malformed pattern (missing ']')");
    if (*p == '%' && ++p >= end)
      luaL_error(m->L, "malformed pattern (missing ']')");
    p++;
  } while (p >= end || *p != ']');
  return p + 1;
}

/* 1 when character c is in class %k (k a letter: a, c, d, g, l, p, s, u,
** w, x, the capital the complement); any other k stands for itself. */
static int in_class(int c, int k) {
  int yes;
  switch (tolower(k)) {
  case 'a': yes = isalpha(c); break;
  case 'c': yes = iscntrl(c); break;
  case 'd': yes = isdigit(c); break;
  case 'g': yes = isgraph(c); break;
  case 'l': yes = islower(c); break;
  case 'p': yes = ispunct(c); break;
  case 's': yes = isspace(c); break;
  case 'u': yes = isupper(c); break;
  case 'w': yes = isalnum(c); break;
  case 'x': yes = isxdigit(c); break;
  default: return k == c;
  }
  yes = yes != 0;
  return isupper(k) ? !yes : yes;
}

/* 1 when c is in the set that opens at p ('[') and closes at close. */
static int in_set(const char *p, const char *close, int c) {
  int negated = 0;
  p++;
  if (*p == '^') negated = 1, p++;
  for (; p < close; p++) {
    if (*p == '%') {
      p++;
      if (in_class(c, (uchar)*p)) return !negated;
    } else if (p + 2 < close && p[1] == '-') {
      if ((uchar)p[0] <= c && c <= (uchar)p[2]) return !negated;
      p += 2;
    } else if ((uchar)*p == c)
      return !negated;
  }
  return negated;
}

/* 1 when the character at s is in the class from p to class_end. */
static int one_char(Matcher *m, const char *s, const char *p,
                    const char *class_stop) {
  if (s >= m->subject_end) return 0;
  int c = (uchar)*s;
  switch (*p) {
  case '.': return 1;
  case '%': return in_class(c, (uchar)p[1]);
  case '[': return in_set(p, class_stop - 1, c);
  default: return (uchar)*p == c;
  }
}

static const char *match(Matcher *m, const char *s, const char *p);

/* 1 when c quantifies the item before it. */
static int is_quantifier(int c) {
  return c == '?' || c == '+' || c == '*' || c == '-';
}

/* x*: as many as can be, then fewer until the rest matches. */
static const char *match_greedy(Matcher *m, const char *s, const char *p,
                                const char *stop) {
  ptrdiff_t most = 0;
  while (one_char(m, s + most, p, stop)) {
    tick(m);
    most++;
  }
  for (ptrdiff_t k = most; k >= 0; k--) {
    const char *r = match(m, s + k, stop + 1);
    if (r) return r;
  }
  return NULL;
}

/* x-: as few as can be, then more until the rest matches. */
static const char *match_lazy(Matcher *m, const char *s, const char *p,
                              const char *stop) {
  for (;;) {
    const char *r = match(m, s, stop + 1);
    if (r) return r;
    if (!one_char(m, s, p, stop)) return NULL;
    s++;
  }
}

/* Opens a capture at s (len: CAP_OPEN or CAP_POSITION) and matches the
** rest from p. */
static const char *open_capture(Matcher *m, const char *s, const char *p,
                                ptrdiff_t len) {
  if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
  m->capture[m->level].start = s;
  m->capture[m->level].len = len;
  m->level++;
  const char *r = match(m, s, p);
  if (!r) m->level--;
  return r;
}

/* Closes the last open capture at s and matches the rest from p. */
static const char *close_capture(Matcher *m, const char *s, const char *p) {
  int i = m->level - 1;
  while (i >= 0 && m->capture[i].len != CAP_OPEN) i--;
  if (i < 0) luaL_error(m->L, "invalid pattern capture");
  m->capture[i].len = s - m->capture[i].start;
  const char *r = match(m, s, p);
  if (!r) m->capture[i].len = CAP_OPEN;
  return r;
}

/* %1..%9: the text of a closed capture again. */
static const char *match_back(Matcher *m, const char *s, int digit) {
  int i = digit - '1';
  if (i < 0 || i >= m->level || m->capture[i].len == CAP_OPEN)
    luaL_error(m->L, "invalid capture index %%%d", i + 1);
  ptrdiff_t len = m->capture[i].len;
  if (len < 0 || m->subject_end - s < len) return NULL;
  return memcmp(m->capture[i].start, s, (size_t)len) == 0 ? s + len : NULL;
}

/* %bxy: a balanced run from x to y. */
static const char *match_balanced(Matcher *m, const char *s, const char *p) {
  if (p + 1 >= m->pattern_end)
    luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->subject_end || *s != p[0]) return NULL;
  int open = 1;
  for (s++; s < m->subject_end; s++) {
    tick(m);
    if (*s == p[1]) {
      if (--open == 0) return s + 1;
    } else if (*s == p[0])
      open++;
  }
  return NULL;
}

/* %f[set]: the frontier where the character before s is not in the set
** and the one at s is (the subject's ends count as '\0').  Returns 1 when
** s is one. */
static int frontier(Matcher *m, const char *s, const char *set,
                    const char *stop) {
  int before = s > m->subject ? (uchar)s[-1] : 0;
  int here = s < m->subject_end ? (uchar)*s : 0;
  return !in_set(set, stop - 1, before) && in_set(set, stop - 1, here);
}

/* Matches a single-character item (with its quantifier, if any) at p,
** then the rest of the pattern. */
static const char *match_item(Matcher *m, const char *s, const char *p) {
  const char *stop = class_end(m, p);
  switch (stop < m->pattern_end ? *stop : 0) {
  case '?': {
    const char *r;
    if (one_char(m, s, p, stop) && (r = match(m, s + 1, stop + 1))) return r;
    return match(m, s, stop + 1);
  }
  case '+':
    return one_char(m, s, p, stop) ? match_greedy(m, s + 1, p, stop) : NULL;
  case '*': return match_greedy(m, s, p, stop);
  case '-': return match_lazy(m, s, p, stop);
  default: return one_char(m, s, p, stop) ? match(m, s + 1, stop) : NULL;
  }
}

/* Matches the pattern from p at s: the end of the match, or NULL.  Plain
** characters are matched in the loop; everything else recurses. */
static const char *match_items(Matcher *m, const char *s, const char *p) {
  const char *end = m->pattern_end;
  for (; p < end; p++, s++) {
    tick(m);
    switch (*p) {
    case '(':
      return p + 1 < end && p[1] == ')'
                 ? open_capture(m, s, p + 2, CAP_POSITION)
                 : open_capture(m, s, p + 1, CAP_OPEN);
    case ')': return close_capture(m, s, p + 1);
    case '$':
      if (p + 1 == end) return s == m->subject_end ? s : NULL;
      break;
    case '%':
      if (p + 1 >= end) return match_item(m, s, p); /* an error */
      if (p[1] == 'b') {
        s = match_balanced(m, s, p + 2);
        return s ? match(m, s, p + 4) : NULL;
      }
      if (p[1] == 'f') {
        p += 2;
        if (p >= end || *p != '[')
          luaL_error(m->L, "missing '[' after '%%f' in pattern");
        const char *stop = class_end(m, p);
        return frontier(m, s, p, stop) ? match(m, s, stop) : NULL;
      }
      if (isdigit((uchar)p[1])) {
        s = match_back(m, s, (uchar)p[1]);
        return s ? match(m, s, p + 2) : NULL;
      }
      if (p + 2 < end && is_quantifier(p[2])) return match_item(m, s, p);
      if (s >= m->subject_end || !in_class((uchar)*s, (uchar)p[1])) return NULL;
      p++; /* a class %x matched once */
      continue;
    case '[':
    case '.': return match_item(m, s, p);
    default: break;
    }
    /* a plain character, maybe with a quantifier */
    if (p + 1 < end && is_quantifier(p[1])) return match_item(m, s, p);
    if (s >= m->subject_end || *s != *p) return NULL;
  }
  return s;
}

static const char *match(Matcher *m, const char *s, const char *p) {
  if (m->depth-- <= 0) luaL_error(m->L, "pattern too complex");
  const char *r = match_items(m, s, p);
  m->depth++;
  return r;
}

/* --- captures as values --- */

/* Pushes capture i (or the whole match s..e when there are none and i is
** 0). */
static void push_capture(Matcher *m, int i, const char *s, const char *e) {
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  Capture *c = &m->capture[i];
  if (c->len == CAP_OPEN) luaL_error(m->L, "unfinished capture");
  if (c->len == CAP_POSITION)
    lua_pushinteger(m->L, (lua_Integer)(c->start - m->subject) + 1);
  else
    lua_pushlstring(m->L, c->start, (size_t)c->len);
}

/* Pushes every capture (the whole match when none and s is not NULL);
** returns how many. */
static int push_captures(Matcher *m, const char *s, const char *e) {
  int n = m->level == 0 && s ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++) push_capture(m, i, s, e);
  return n;
}

static void matcher_init(Matcher *m, lua_State *L, const char *s, size_t ls,
                         const char *p, size_t lp) {
  m->L = L;
  m->subject = s;
  m->subject_end = s + ls;
  m->pattern_end = p + lp;
  m->steps = 0;
  matcher_reset(m);
}

/* --- string.find, string.match --- */

/* A start position as Lua reads it: negative from the end, at least 1. */
static size_t start_position(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0 || pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

/* 1 when the pattern has none of the characters that make it a pattern. */
static int plain_pattern(const char *p, size_t lp) {
  for (size_t i = 0; i < lp; i++)
    if (strchr("^$*+?.([%-", p[i]) && p[i]) return 0;
  return 1;
}

/* The first place of p (lp bytes) in s (ls bytes), or NULL. */
static const char *find_plain(const char *s, size_t ls, const char *p,
                              size_t lp) {
  if (lp == 0) return s;
  while (lp <= ls) {
    const char *hit = memchr(s, *p, ls - lp + 1);
    if (!hit) return NULL;
    if (memcmp(hit + 1, p + 1, lp - 1) == 0) return hit;
    ls -= (size_t)(hit + 1 - s);
    s = hit + 1;
  }
  return NULL;
}

/* string.find (find 1) and string.match (find 0). */
static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || plain_pattern(p, lp))) {
    const char *hit = find_plain(s + init, ls - init, p, lp);
    if (!hit) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
    lua_pushinteger(L, (lua_Integer)(hit - s + lp));
    return 2;
  }
  Matcher m;
  int anchored = lp > 0 && *p == '^';
  if (anchored) p++, lp--;
  matcher_init(&m, L, s, ls, p, lp);
  const char *start = s + init;
  do {
    matcher_reset(&m);
    const char *e = match(&m, start, p);
    if (e) {
      if (!find) return push_captures(&m, start, e);
      lua_pushinteger(L, (lua_Integer)(start - s) + 1);
      lua_pushinteger(L, (lua_Integer)(e - s));
      return push_captures(&m, NULL, NULL) + 2;
    }
  } while (start++ < m.subject_end && !anchored);
  luaL_pushfail(L);
  return 1;
}

static int str_find(lua_State *L) {
  return find_or_match(L, 1);
}

static int str_match(lua_State *L) {
  return find_or_match(L, 0);
}

/* --- string.gmatch --- */

/* The iterator: upvalues subject, pattern, next start, end of the last
** match (-1: none). */
static int gmatch_next(lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  lua_Integer from = lua_tointeger(L, lua_upvalueindex(3));
  lua_Integer last = lua_tointeger(L, lua_upvalueindex(4));
  Matcher m;
  matcher_init(&m, L, s, ls, p, lp);
  for (const char *start = s + from; start <= m.subject_end; start++) {
    matcher_reset(&m);
    const char *e = match(&m, start, p);
    if (e && e - s != last) {
      lua_pushinteger(L, (lua_Integer)(e - s));
      lua_pushvalue(L, -1);
      lua_replace(L, lua_upvalueindex(3));
      lua_replace(L, lua_upvalueindex(4));
      return push_captures(&m, start, e);
    }
  }
  return 0;
}

static int str_gmatch(lua_State *L) {
  size_t ls;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) init = ls + 1; /* past the end: no match */
  lua_settop(L, 2);
  lua_pushinteger(L, (lua_Integer)init);
  lua_pushinteger(L, -1);
  lua_pushcclosure(L, gmatch_next, 4);
  return 1;
}

/* --- string.gsub --- */

/* Adds the replacement string (argument 3) for the match s..e. */
static void add_replacement_text(Matcher *m, luaL_Buffer *b, const char *s,
                                 const char *e) {
  lua_State *L = m->L;
  size_t k;
  const char *r = lua_tolstring(L, 3, &k), *end = r + k;
  while (r < end) {
    const char *pc = memchr(r, '%', (size_t)(end - r));
    if (!pc) {
      luaL_addlstring(b, r, (size_t)(end - r));
      break;
    }
    luaL_addlstring(b, r, (size_t)(pc - r));
    r = pc + 1;
    if (r < end && *r == '%')
      luaL_addchar(b, '%');
    else if (r < end && *r == '0')
      luaL_addlstring(b, s, (size_t)(e - s));
    else if (r < end && isdigit((uchar)*r)) {
      push_capture(m, *r - '1', s, e);
      luaL_tolstring(L, -1, NULL);
      lua_remove(L, -2);
      luaL_addvalue(b);
    } else
      luaL_error(L, "invalid use of '%%' in replacement string");
    r++;
  }
}

/* Adds what replaces the match s..e: the replacement (argument 3, of type
** kind) applied to it, or the match itself when that gives false or nil. */
static void add_replacement(Matcher *m, luaL_Buffer *b, const char *s,
                            const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    lua_call(L, push_captures(m, s, e), 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_replacement_text(m, b, s, e);
    return;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
  } else if (!lua_isstring(L, -1))
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  else
    luaL_addvalue(b);
}

static int str_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1), done = 0;
  luaL_argexpected(L,
                   kind == LUA_TNUMBER || kind == LUA_TSTRING ||
                       kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                   3, "string/function/table");
  int anchored = lp > 0 && *p == '^';
  if (anchored) p++, lp--;
  Matcher m;
  matcher_init(&m, L, s, ls, p, lp);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  const char *at = s, *last = NULL;
  while (done < most) {
    matcher_reset(&m);
    const char *e = match(&m, at, p);
    if (e && e != last) {
      done++;
      add_replacement(&m, &b, at, e, kind);
      at = last = e;
    } else if (at < m.subject_end) {
      tick(&m);
      luaL_addchar(&b, *at++);
    } else
      break;
    if (anchored) break;
  }
  luaL_addlstring(&b, at, (size_t)(m.subject_end - at));
  luaL_pushresult(&b);
  lua_pushinteger(L, done);
  return 2;
}

/* --- string.rep --- */

static int str_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  if (l + lsep < l || l + lsep > MAX_STRING / (size_t)n)
    return luaL_error(L, "resulting string too large");
  size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
  luaL_Buffer b;
  char *out = luaL_buffinitsize(L, &b, total);
  for (lua_Integer i = 0; i < n; i++) {
    if ((i & (POLL_EVERY - 1)) == POLL_EVERY - 1) lwatchdog_poll(L, POLL_EVERY);
    memcpy(out, s, l);
    out += l;
    if (i + 1 < n && lsep) {
      memcpy(out, sep, lsep);
      out += lsep;
    }
  }
  luaL_pushresultsize(&b, total);
  return 1;
}

/* --- table functions --- */

#define NEED_READ 1
#define NEED_WRITE 2
#define NEED_LENGTH 4

/* Checks that argument arg is a table, or has the metamethods needed. */
static void check_table(lua_State *L, int arg, int needs) {
  if (lua_type(L, arg) == LUA_TTABLE) return;
  int ok = lua_getmetatable(L, arg);
  if (ok) {
    int top = lua_gettop(L);
    if (needs & NEED_READ)
      ok = ok && lua_getfield(L, top, "__index") != LUA_TNIL;
    if (needs & NEED_WRITE)
      ok = ok && lua_getfield(L, top, "__newindex") != LUA_TNIL;
    if (needs & NEED_LENGTH)
      ok = ok && lua_getfield(L, top, "__len") != LUA_TNIL;
    lua_settop(L, top - 1);
  }
  if (!ok) luaL_checktype(L, arg, LUA_TTABLE);
}

/* The length of the table at arg, after checking it. */
static lua_Integer table_length(lua_State *L, int arg, int needs) {
  check_table(L, arg, needs | NEED_LENGTH);
  return luaL_len(L, arg);
}

/* Polls the budget every POLL_EVERY steps of a loop counter. */
static void loop_poll(lua_State *L, lua_Integer i) {
  if ((i & (POLL_EVERY - 1)) == 0) lwatchdog_poll(L, POLL_EVERY);
}

static int tab_insert(lua_State *L) {
  lua_Integer free_slot = table_length(L, 1, NEED_READ | NEED_WRITE) + 1;
  lua_Integer pos = free_slot;
  switch (lua_gettop(L)) {
  case 2: break;
  case 3:
    pos = luaL_checkinteger(L, 2);
    luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)free_slot, 2,
                  "position out of bounds");
    for (lua_Integer i = free_slot; i > pos; i--) {
      loop_poll(L, i);
      lua_geti(L, 1, i - 1);
      lua_seti(L, 1, i);
    }
    break;
  default: return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, pos);
  return 0;
}

static int tab_remove(lua_State *L) {
  lua_Integer size = table_length(L, 1, NEED_READ | NEED_WRITE);
  lua_Integer pos = luaL_optinteger(L, 2, size);
  if (pos != size)
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2,
                  "position out of bounds");
  lua_geti(L, 1, pos);
  for (; pos < size; pos++) {
    loop_poll(L, pos);
    lua_geti(L, 1, pos + 1);
    lua_seti(L, 1, pos);
  }
  lua_pushnil(L);
  lua_seti(L, 1, pos);
  return 1;
}

static int tab_move(lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  lua_Integer t = luaL_checkinteger(L, 4);
  int to = lua_isnoneornil(L, 5) ? 1 : 5;
  check_table(L, 1, NEED_READ);
  check_table(L, to, NEED_WRITE);
  if (e >= f) {
    luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                  "too many elements to move");
    lua_Integer n = e - f + 1;
    luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
    int forward =
        t > e || t <= f || (to != 1 && !lua_compare(L, 1, to, LUA_OPEQ));
    for (lua_Integer i = 0; i < n; i++) {
      lua_Integer k = forward ? i : n - 1 - i;
      loop_poll(L, i + 1);
      lua_geti(L, 1, f + k);
      lua_seti(L, to, t + k);
    }
  }
  lua_pushvalue(L, to);
  return 1;
}

static int tab_concat(lua_State *L) {
  size_t lsep;
  lua_Integer last = table_length(L, 1, NEED_READ);
  const char *sep = luaL_optlstring(L, 2, "", &lsep);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (; i <= last; i++) {
    loop_poll(L, i);
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
      return luaL_error(L,
                        "invalid value (%s) at index %I in table for "
                        "'concat'",
                        luaL_typename(L, -1), i);
    luaL_addvalue(&b);
    if (i < last) luaL_addlstring(&b, sep, lsep);
    if (i == LUA_MAXINTEGER) break;
  }
  luaL_pushresult(&b);
  return 1;
}

/* table.sort: a quicksort (median of three, insertion sort for short
** runs, the shorter side first) over t[1..n] at index 1, comparing with
** the function at index 2 or with <, polling the budget as it goes. */
typedef struct Sorter {
  lua_State *L;
  int has_function;
  lua_Integer steps;
} Sorter;

/* 1 when the value at stack index a sorts before the one at b. */
static int sort_less(Sorter *so, int a, int b) {
  lua_State *L = so->L;
  if (++so->steps >= POLL_EVERY) {
    lwatchdog_poll(L, so->steps);
    so->steps = 0;
  }
  if (!so->has_function) return lua_compare(L, a, b, LUA_OPLT);
  a = lua_absindex(L, a), b = lua_absindex(L, b);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a);
  lua_pushvalue(L, b);
  lua_call(L, 2, 1);
  int less = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return less;
}

/* 1 when t[i] sorts before t[j]. */
static int items_less(Sorter *so, lua_Integer i, lua_Integer j) {
  lua_geti(so->L, 1, i);
  lua_geti(so->L, 1, j);
  int less = sort_less(so, -2, -1);
  lua_pop(so->L, 2);
  return less;
}

static void swap_items(lua_State *L, lua_Integer i, lua_Integer j) {
  lua_geti(L, 1, i);
  lua_geti(L, 1, j);
  lua_seti(L, 1, i);
  lua_seti(L, 1, j);
}

static void bad_order(lua_State *L) {
  luaL_error(L, "invalid order function for sorting");
}

static void insertion_sort(Sorter *so, lua_Integer lo, lua_Integer hi) {
  lua_State *L = so->L;
  for (lua_Integer i = lo + 1; i <= hi; i++) {
    lua_geti(L, 1, i);
    int x = lua_gettop(L);
    lua_Integer j = i - 1;
    for (; j >= lo; j--) {
      lua_geti(L, 1, j);
      if (!sort_less(so, x, -1)) {
        lua_pop(L, 1);
        break;
      }
      lua_seti(L, 1, j + 1);
    }
    lua_seti(L, 1, j + 1);
  }
}

static void quick_sort(Sorter *so, lua_Integer lo, lua_Integer hi) {
  lua_State *L = so->L;
  luaL_checkstack(L, 8, "table too big to sort");
  while (hi - lo > 10) {
    lua_Integer mid = lo + (hi - lo) / 2, i = lo, j = hi - 1;
    if (items_less(so, mid, lo)) swap_items(L, lo, mid);
    if (items_less(so, hi, mid)) {
      swap_items(L, mid, hi);
      if (items_less(so, mid, lo)) swap_items(L, lo, mid);
    }
    swap_items(L, mid, hi - 1); /* the pivot, between t[lo] and t[hi] */
    lua_geti(L, 1, hi - 1);
    int pivot = lua_gettop(L);
    for (;;) {
      for (;;) { /* up to an item not before the pivot */
        if (++i >= hi) bad_order(L);
        lua_geti(L, 1, i);
        int less = sort_less(so, -1, pivot);
        lua_pop(L, 1);
        if (!less) break;
      }
      for (;;) { /* down to an item not after the pivot */
        if (--j < lo) bad_order(L);
        lua_geti(L, 1, j);
        int more = sort_less(so, pivot, -1);
        lua_pop(L, 1);
        if (!more) break;
      }
      if (i >= j) break;
      swap_items(L, i, j);
    }
    lua_pop(L, 1);
    swap_items(L, i, hi - 1);
    if (i - lo < hi - i) {
      quick_sort(so, lo, i - 1);
      lo = i + 1;
    } else {
      quick_sort(so, i + 1, hi);
      hi = i - 1;
    }
  }
  insertion_sort(so, lo, hi);
}

static int tab_sort(lua_State *L) {
  lua_Integer n = table_length(L, 1, NEED_READ | NEED_WRITE);
  luaL_argcheck(L, n < INT_MAX, 1, "array too big");
  Sorter so = {L, !lua_isnoneornil(L, 2), 0};
  if (so.has_function) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  if (n > 1) quick_sort(&so, 1, n);
  return 0;
}

/* Sets the functions of the library table at index lib. */
static void replace_in(lua_State *L, int lib, const luaL_Reg *funcs) {
  if (lua_type(L, lib) == LUA_TTABLE) luaL_setfuncs(L, funcs, 0);
}

void lsafelib_open(lua_State *L) {
  static const luaL_Reg string_funcs[] = {
      {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch},
      {"gsub", str_gsub}, {"rep", str_rep},     {NULL, NULL}};
  static const luaL_Reg table_funcs[] = {
      {"insert", tab_insert}, {"remove", tab_remove}, {"move", tab_move},
      {"concat", tab_concat}, {"sort", tab_sort},     {NULL, NULL}};
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_getfield(L, -1, LUA_STRLIBNAME);
  replace_in(L, lua_gettop(L), string_funcs);
  lua_pop(L, 1);
  lua_getfield(L, -1, LUA_TABLIBNAME);
  replace_in(L, lua_gettop(L), table_funcs);
  lua_pop(L, 2);
}

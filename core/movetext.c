/*
** movetext.c — move text on every board: every reading of a text as
** points and separators is tried (a graph's point names may hold an x);
** one reading is the move, none is an error that names what is wrong,
** more than one is refused.
*/
#include "movetext.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_NAMES (GRAPH_MAX_POINTS + 2) /* from, to and every point taken */

/* A text being read: the board, the text, and the readings found. */
typedef struct Reading {
  const Graph *g; /* NULL: the wheel of n arms */
  int n;
  const char *s; /* the text, spaces cut from both ends */
  size_t len;
  int drop;        /* the text starts with @ (s is past it) */
  int found;       /* readings found, up to 2 */
  int count;       /* points in the reading under way */
  int point[MAX_NAMES];
  char sep[MAX_NAMES]; /* sep[i]: the separator before point i (i >= 1) */
  int kept_count;      /* the first reading found */
  int kept_point[MAX_NAMES];
  char kept_sep[MAX_NAMES];
} Reading;

/* 1 when c may be part of a point's name on board g (the wheel's: digits,
** or c alone). */
static int name_char(const Graph *g, int c) {
  if (!g) return isdigit((unsigned char)c) || c == 'c' || c == 'C';
  return isalnum((unsigned char)c) || c == '_';
}

/* The length of the longest name that may start at t on board g. */
static size_t name_length(const Graph *g, const char *t) {
  size_t len = 0;
  if (!g && (*t == 'c' || *t == 'C')) return 1;
  while (g ? name_char(g, t[len]) : isdigit((unsigned char)t[len])) len++;
  return len;
}

/* 1 when c separates points in move text. */
static int separator(int c) {
  return c == '-' || c == 'x' || c == 'X';
}

/* The point named by the len bytes at name on the board of r, or -1. */
static int find_point(const Reading *r, const char *name, size_t len) {
  if (r->g) return graph_find(r->g, name, len);
  if (len == 1 && (*name == 'c' || *name == 'C')) return BOARD_CENTRE;
  int arm = 0;
  for (size_t i = 0; i < len; i++) {
    if (!isdigit((unsigned char)name[i])) return -1;
    if ((arm = arm * 10 + (name[i] - '0')) > 999) arm = 999;
  }
  return arm >= 1 && arm <= r->n ? arm - 1 : -1;
}

/* Tries every reading of the text from byte at on, the index-th point
** next: a name, then the end of the text or a separator and more. */
static void read_on(Reading *r, size_t at, int index) {
  size_t most = r->len - at < GRAPH_NAMEMAX ? r->len - at : GRAPH_NAMEMAX;
  for (size_t k = 1; k <= most && r->found < 2 && index < MAX_NAMES; k++) {
    if (!name_char(r->g, r->s[at + k - 1])) break;
    size_t end = at + k;
    if (end < r->len && !separator(r->s[end])) continue;
    int point = find_point(r, r->s + at, k);
    if (point < 0) continue;
    r->point[index] = point;
    r->count = index + 1;
    if (end == r->len) {
      if (index >= (r->drop ? 0 : 1) && r->found++ == 0) {
        r->kept_count = r->count;
        memcpy(r->kept_point, r->point, sizeof r->point);
        memcpy(r->kept_sep, r->sep, sizeof r->sep);
      }
      continue;
    }
    char sep = r->s[end];
    if (index + 1 >= MAX_NAMES) continue; /* more names than a move has */
    if (sep == '-' && (r->drop || index != 0)) continue; /* x alone there */
    r->sep[index + 1] = sep == '-' ? '-' : 'x';
    read_on(r, end + 1, index + 1);
  }
}

/* Writes the board's point names, for messages, into list (96 bytes). */
static void point_list(const Graph *g, int n, char *list) {
  size_t used = 0;
  list[0] = '\0';
  if (!g) {
    snprintf(list, 96, "arms 1..%d and c", n);
    return;
  }
  for (int i = 0; i < g->n && used + GRAPH_NAMEMAX + 6 < 96; i++)
    used += (size_t)snprintf(list + used, 96 - used, "%s%s", i ? " " : "",
                             g->name[i]);
  if (used + GRAPH_NAMEMAX + 6 >= 96) snprintf(list + used, 5, " ...");
}

/* The example of move text for messages. */
static const char *example(const Graph *g, char *buf) {
  if (!g) return "4-c, c-5, 3-2, @3, 3-5x4, pass";
  snprintf(buf, 64, "%s-%s, @%s, pass", g->name[0], g->name[1], g->name[0]);
  return buf;
}

/* Explains why the name of the what point at *s cannot be read; *s
** advances past a name that can.  Returns the point, or -1 with err. */
static int diagnose_name(const Reading *r, const char **s, const char *what,
                         char *err) {
  const char *t = *s;
  size_t len = 0;
  char shown[16], list[96], eg[64];
  len = name_length(r->g, t);
  if (len == 0) {
    if (r->g)
      snprintf(err, BOARD_ERRMAX,
               "bad move: expected the %s point's name (the points are %s)",
               what, (point_list(r->g, r->n, list), list));
    else
      snprintf(err, BOARD_ERRMAX,
               "bad move: the %s point is %s (an arm number 1..%d or c; moves "
               "read like %s)",
               what, board_show_char(*t, shown), r->n, example(NULL, eg));
    return -1;
  }
  int point = find_point(r, t, len);
  for (size_t k = len; point < 0 && r->g && k > 1; k--) /* "a1xb2": a1 */
    if (t[k - 1] != 'x' && (t[k] == 'x' || t[k] == 'X') &&
        (point = find_point(r, t, k)) >= 0)
      len = k;
  if (point < 0) {
    char name[BOARD_SHOWN_SIZE(20)];
    point_list(r->g, r->n, list);
    board_shown(name, sizeof name, t, len, r->g ? 20 : 6);
    if (r->g)
      snprintf(err, BOARD_ERRMAX,
               "bad move: there is no point \"%.*s\" (the points are %s)",
               (int)strlen(name), name, list);
    else
      snprintf(err, BOARD_ERRMAX,
               "bad move: there is no arm %.*s (the board has %s)",
               (int)strlen(name), name, list);
    return -1;
  }
  *s = t + len;
  return point;
}

/* Explains why no reading of the text fits, into err. */
static void diagnose(const Reading *r, const char *text, char *err) {
  char shown[16], eg[64];
  const char *t = text;
  if (r->drop) t++;
  else {
    if (diagnose_name(r, &t, "from", err) < 0) return;
    if (*t != '-' && *t != 'x' && *t != 'X') {
      snprintf(err, BOARD_ERRMAX,
               "bad move: expected '-' after the from point, found %s (moves "
               "read like %s)",
               board_show_char(*t, shown), example(r->g, eg));
      return;
    }
    t++;
  }
  if (diagnose_name(r, &t, "to", err) < 0) return;
  while (*t == 'x' || *t == 'X') {
    t++;
    if (diagnose_name(r, &t, "taken", err) < 0) return;
  }
  while (*t == ' ') t++;
  snprintf(err, BOARD_ERRMAX, "bad move: unexpected %s after the move",
           board_show_char(*t, shown));
}

/* Adds point to the taken pieces of m.  Returns 0, or -1 when it is
** there already. */
static int take(Move *m, int point) {
  if (point == BOARD_CENTRE) {
    if (m->centre) return -1;
    m->centre = 1;
    return 0;
  }
  uint64_t bit = (uint64_t)1 << point;
  if (m->taken & bit) return -1;
  m->taken |= bit;
  return 0;
}

/* The move of the reading kept in r.  Returns 0, or -1 with err. */
static int reading_move(const Reading *r, Move *out, char *err) {
  Move m = {0, 0, 0, {0}, 0};
  int i = 0;
  char name[GRAPH_NAMEMAX + 4];
  if (r->drop)
    m.from = BOARD_HAND;
  else
    m.from = (uint8_t)r->kept_point[i++];
  m.to = (uint8_t)r->kept_point[i];
  if (!r->drop && m.from == m.to) {
    snprintf(err, BOARD_ERRMAX, "bad move: from and to are the same point");
    return -1;
  }
  for (int j = i; j < r->kept_count; j++) {
    int p = r->kept_point[j];
    if (j == i && r->kept_sep[j] != 'x') continue; /* to, not taken */
    if ((p == m.from && !r->drop) || take(&m, p)) {
      const char *shown = r->g ? r->g->name[p]
                          : p == BOARD_CENTRE
                              ? "c"
                              : (snprintf(name, sizeof name, "%d", p + 1), name);
      snprintf(err, BOARD_ERRMAX,
               "bad move: %s is %s (each point a move takes is written once, "
               "and never the point it leaves)",
               shown, p == m.from ? "both the from point and taken" : "taken twice");
      return -1;
    }
  }
  *out = m;
  return 0;
}

/* 1 when the text (spaces cut) is "pass", in any case. */
static int is_pass(const char *s, size_t len) {
  if (len != 4) return 0;
  for (int i = 0; i < 4; i++)
    if (tolower((unsigned char)s[i]) != "pass"[i]) return 0;
  return 1;
}

int movetext_parse(const Graph *g, int n, const char *text, Move *m,
                   char *err) {
  Reading r;
  if (!text) {
    snprintf(err, BOARD_ERRMAX, "bad move: no text");
    return -1;
  }
  while (*text == ' ') text++;
  size_t len = strlen(text);
  while (len && text[len - 1] == ' ') len--;
  if (is_pass(text, len)) {
    *m = move_pass();
    return 0;
  }
  memset(&r, 0, sizeof r);
  r.g = g;
  r.n = g ? g->n : n;
  r.drop = *text == '@';
  r.s = text + r.drop;
  r.len = len - (size_t)r.drop;
  read_on(&r, 0, 0);
  if (r.found == 0) {
    char copy[64];
    snprintf(copy, sizeof copy, "%.*s", (int)(len < 63 ? len : 63), text);
    diagnose(&r, copy, err);
    return -1;
  }
  if (r.found > 1) {
    char shown[BOARD_SHOWN_SIZE(40)];
    snprintf(err, BOARD_ERRMAX,
             "bad move: \"%.60s\" reads as more than one move on this board "
             "(its point names hold an x)",
             board_shown(shown, sizeof shown, text, len, 40));
    return -1;
  }
  return reading_move(&r, m, err);
}

/* Writes point as move text shows it into buf (GRAPH_NAMEMAX bytes). */
static const char *point_text(const Graph *g, int point, char *buf) {
  if (g) return point < g->n ? g->name[point] : "?";
  if (point == BOARD_CENTRE) return "c";
  snprintf(buf, GRAPH_NAMEMAX, "%u", (unsigned)(uint8_t)(point + 1));
  return buf;
}

char *movetext_format(const Graph *g, Move m, char *buf) {
  char a[GRAPH_NAMEMAX];
  size_t used = 0;
  if (m.from == BOARD_PASS) {
    snprintf(buf, BOARD_MOVEMAX, "pass");
    return buf;
  }
  uint64_t to_bit = m.to < 64 ? (uint64_t)1 << m.to : 0;
  int to_taken = m.to == BOARD_CENTRE ? m.centre : (m.taken & to_bit) != 0;
  if (m.from == BOARD_HAND)
    used += (size_t)snprintf(buf, BOARD_MOVEMAX, "@");
  else
    used += (size_t)snprintf(buf, BOARD_MOVEMAX, "%s%c",
                             point_text(g, m.from, a), to_taken ? 'x' : '-');
  used += (size_t)snprintf(buf + used, BOARD_MOVEMAX - used, "%s",
                           point_text(g, m.to, a));
  if (m.from == BOARD_HAND && to_taken)
    used += (size_t)snprintf(buf + used, BOARD_MOVEMAX - used, "x%s",
                             point_text(g, m.to, a));
  for (uint64_t t = m.taken & ~to_bit; t && used < BOARD_MOVEMAX; t &= t - 1)
    used += (size_t)snprintf(buf + used, BOARD_MOVEMAX - used, "x%s",
                             point_text(g, __builtin_ctzll(t), a));
  if (m.centre && m.to != BOARD_CENTRE && used < BOARD_MOVEMAX)
    snprintf(buf + used, BOARD_MOVEMAX - used, "xc");
  return buf;
}

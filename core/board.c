/*
** board.c — positions, moves and their notation.
*/
#include "board.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int board_empty_point(const Position *p) {
  uint64_t e = board_empty_arms(p);
  return e ? __builtin_ctzll(e) : BOARD_CENTRE;
}

int board_at(const Position *p, int point) {
  if (point == BOARD_CENTRE) return p->centre;
  if (point < 0 || point >= p->n) return NOBODY;
  if (p->arms[BLACK] >> point & 1) return BLACK;
  if (p->arms[WHITE] >> point & 1) return WHITE;
  return NOBODY;
}

void board_start(Position *p, int n) {
  uint64_t half = board_full(n / 2);
  memset(p, 0, sizeof *p);
  p->n = (uint8_t)n;
  p->arms[BLACK] = half;
  p->arms[WHITE] = half << (n / 2);
  p->centre = NOBODY;
  p->side = BLACK;
}

int board_count(const Position *p, int colour) {
  return __builtin_popcountll(p->arms[colour]) + (p->centre == colour);
}

/* The checks of board_check for a position of a graph board. */
static int check_graph(const Position *p, char *err) {
  int n = p->n;
  if (n < 2 || n > BOARD_MAX_ARMS) {
    snprintf(err, BOARD_ERRMAX,
             "bad position: %d points (a board has 2 to %d)", n,
             BOARD_MAX_ARMS);
    return -1;
  }
  uint64_t all = board_full(n);
  if ((p->arms[BLACK] | p->arms[WHITE]) & ~all ||
      p->arms[BLACK] & p->arms[WHITE] || p->centre != NOBODY || p->graph != 1) {
    snprintf(err, BOARD_ERRMAX, "bad position: corrupt piece masks");
    return -1;
  }
  for (int c = BLACK; c <= WHITE; c++)
    if (p->hand[c] > n) {
      snprintf(err, BOARD_ERRMAX,
               "bad position: %d %s pieces in hand (a board of %d points "
               "takes at most %d)",
               p->hand[c], c == BLACK ? "black" : "white", n, n);
      return -1;
    }
  return 0;
}

/* The checks of board_check for a position of the wheel. */
static int check_wheel(const Position *p, char *err) {
  static const char *names[2] = {"black", "white"};
  int n = p->n;
  if (n < BOARD_MIN_ARMS || n > BOARD_MAX_ARMS || n % 2) {
    snprintf(err, BOARD_ERRMAX,
             "bad position: %d arms (the board needs an even number from "
             "%d to %d)",
             n, BOARD_MIN_ARMS, BOARD_MAX_ARMS);
    return -1;
  }
  if ((p->arms[BLACK] | p->arms[WHITE]) & ~board_full(n) ||
      p->arms[BLACK] & p->arms[WHITE] || p->centre > NOBODY) {
    snprintf(err, BOARD_ERRMAX, "bad position: corrupt piece masks");
    return -1;
  }
  for (int c = BLACK; c <= WHITE; c++) {
    int k = board_count(p, c), held = p->hand[c];
    if (k + held > n / 2) {
      if (held)
        snprintf(err, BOARD_ERRMAX,
                 "bad position: %d %s pieces on the board and %d in hand (a "
                 "board of %d arms has %d a side)",
                 k, names[c], held, n, n / 2);
      else
        snprintf(err, BOARD_ERRMAX,
                 "bad position: %d %s pieces (a board of %d arms has %d a "
                 "side)",
                 k, names[c], n, n / 2);
      return -1;
    }
  }
  return 0;
}

int board_check(const Position *p, char *err) {
  if (p->graph ? check_graph(p, err) : check_wheel(p, err)) return -1;
  if (p->side > WHITE) {
    snprintf(err, BOARD_ERRMAX, "bad position: no side to move");
    return -1;
  }
  if (p->ply > BOARD_MAX_PLY) {
    snprintf(err, BOARD_ERRMAX, "bad position: ply %u is too large",
             (unsigned)p->ply);
    return -1;
  }
  return 0;
}

char *board_shown(char *out, size_t size, const char *s, size_t k,
                  size_t most) {
  size_t n = k, at = 0;
  if (k > most) /* (a byte 10xxxxxx continues a character) */
    for (n = most; n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80; n--) continue;
  for (size_t i = 0; i < n && at + 5 < size; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == 0 || c == '\n' || c == '\r')
      at += (size_t)snprintf(out + at, size - at, "\\%c",
                             c == 0 ? '0' : c == '\n' ? 'n' : 'r');
    else if (c < 0x20 || c == 0x7f)
      at += (size_t)snprintf(out + at, size - at, "\\%03d", c);
    else
      out[at++] = (char)c;
  }
  if (n < k && at + 4 <= size) at += (size_t)snprintf(out + at, size - at, "...");
  if (size) out[at < size ? at : size - 1] = '\0';
  return out;
}

const char *board_show_char(int c, char *buf) {
  if (c == '\0')
    snprintf(buf, 16, "end of text");
  else if (isprint((unsigned char)c))
    snprintf(buf, 16, "'%c'", c);
  else
    snprintf(buf, 16, "\\x%02X", (unsigned char)c);
  return buf;
}

/* The colour a notation character stands for, or -1. */
static int piece_of_char(int c) {
  switch (c) {
  case 'b': return BLACK;
  case 'w': return WHITE;
  case '.': return NOBODY;
  default: return -1;
  }
}

/* Parses the "<arms>/<centre>" field, or the "<points>" of a graph board;
** *s advances past it. */
static int parse_points(Position *p, const char **s, char *err) {
  const char *t = *s;
  size_t first = strcspn(t, " "); /* the board: up to the first space */
  int n = 0, wheel = memchr(t, '/', first) != NULL;
  const char *point = wheel ? "arm" : "point";
  char shown[16];
  memset(p, 0, sizeof *p);
  for (; *t && *t != '/' && *t != ' '; t++, n++) {
    int c = piece_of_char(*t);
    if (c < 0) {
      snprintf(err, BOARD_ERRMAX, "bad position: %s %d is %s (use b, w or .)",
               point, n + 1, board_show_char(*t, shown));
      return -1;
    }
    if (n >= BOARD_MAX_ARMS) {
      snprintf(err, BOARD_ERRMAX, "bad position: more than %d %ss",
               BOARD_MAX_ARMS, point);
      return -1;
    }
    if (c != NOBODY) p->arms[c] |= (uint64_t)1 << n;
  }
  if (!wheel && *t == ' ' && piece_of_char(t[1]) >= 0 && t[2] == ' ' &&
      (t[3] == 'b' || t[3] == 'w')) { /* "bbbbwwww . b": the wheel meant */
    snprintf(err, BOARD_ERRMAX,
             "bad position: expected '/' after the arms, found ' ' (the form "
             "is <arms>/<centre> <side>, e.g. bbbbwwww/. b; on a board of "
             "points bb.ww b)");
    return -1;
  }
  if (!wheel && !*t) { /* "bb.ww" or "bbbbwwww": the side left out */
    snprintf(err, BOARD_ERRMAX,
             "bad position: the side to move is missing: after the %d "
             "points, a space and b or w (bb.ww b; on the wheel "
             "<arms>/<centre> <side>, e.g. bbbbwwww/. b)",
             n);
    return -1;
  }
  if (!wheel && *t == ' ') { /* a graph board's points */
    p->n = (uint8_t)n;
    p->graph = 1;
    p->centre = NOBODY;
    *s = t;
    return 0;
  }
  if (*t != '/') {
    snprintf(err, BOARD_ERRMAX,
             "bad position: expected '/' after the arms, found %s (the "
             "form is <arms>/<centre> <side>, e.g. bbbbwwww/. b; on a board "
             "of points bb.ww b)",
             board_show_char(*t, shown));
    return -1;
  }
  if (n < BOARD_MIN_ARMS || n % 2) {
    snprintf(err, BOARD_ERRMAX,
             "bad position: %d arms (the board needs an even number from "
             "%d to %d)",
             n, BOARD_MIN_ARMS, BOARD_MAX_ARMS);
    return -1;
  }
  p->n = (uint8_t)n;
  t++;
  int c = piece_of_char(*t);
  if (c < 0) {
    snprintf(err, BOARD_ERRMAX,
             "bad position: the centre is %s (use b, w or .)",
             board_show_char(*t, shown));
    return -1;
  }
  p->centre = (uint8_t)c;
  *s = t + 1;
  return 0;
}

/* Reads a hand's count at *s (1 to 2 digits); *s advances past it.
** Returns it, or -1. */
static int parse_count(const char **s) {
  const char *t = *s;
  int k = 0;
  for (; isdigit((unsigned char)*t) && t - *s < 3; t++) k = k * 10 + (*t - '0');
  if (t == *s || t - *s > 2) return -1;
  *s = t;
  return k;
}

/* Parses the hands "<black>/<white>" where they are written (before the
** side to move); *s advances past them and the spaces after. */
static int parse_hands(Position *p, const char **s, char *err) {
  const char *t = *s;
  size_t word = strcspn(t, " ");
  if (!isdigit((unsigned char)*t) && !memchr(t, '/', word)) return 0;
  int black = parse_count(&t), white = -1;
  if (black >= 0 && *t == '/') {
    t++;
    white = parse_count(&t);
  }
  if (white < 0 || (*t && *t != ' ')) {
    snprintf(err, BOARD_ERRMAX,
             "bad position: the hands are \"%.*s\" (write the pieces each "
             "side holds as <black>/<white>, each 0 to 99, e.g. 4/3, before "
             "the side to move)",
             (int)(word < 24 ? word : 24), *s);
    return -1;
  }
  p->hand[BLACK] = (uint8_t)black;
  p->hand[WHITE] = (uint8_t)white;
  while (*t == ' ') t++;
  *s = t;
  return 0;
}

/* Parses " [<hands> ]<side>[ <ply>]" and the end of the text. */
static int parse_side_ply(Position *p, const char *t, char *err) {
  char shown[16];
  if (*t != ' ') {
    snprintf(err, BOARD_ERRMAX,
             "bad position: expected a space and the side to move after the "
             "%s, found %s",
             p->graph ? "points" : "centre", board_show_char(*t, shown));
    return -1;
  }
  while (*t == ' ') t++;
  if (parse_hands(p, &t, err)) return -1;
  if ((*t != 'b' && *t != 'w') || (t[1] && t[1] != ' ')) {
    snprintf(err, BOARD_ERRMAX,
             "bad position: the side to move is %s (use b or w)",
             board_show_char(*t, shown));
    return -1;
  }
  p->side = *t++ == 'b' ? BLACK : WHITE;
  while (*t == ' ') t++;
  if (!*t) return 0;
  uint64_t ply = 0;
  const char *digits = t;
  for (; isdigit((unsigned char)*t) && t - digits < 10; t++)
    ply = ply * 10 + (uint64_t)(*t - '0');
  while (*t == ' ') t++;
  if (t == digits || *t || ply > BOARD_MAX_PLY) {
    char token[BOARD_SHOWN_SIZE(20)]; /* a long token cut, and said to be */
    snprintf(err, BOARD_ERRMAX,
             "bad position: the ply must be a number from 0 to %u, found "
             "\"%s\"",
             BOARD_MAX_PLY,
             board_shown(token, sizeof token, digits, strlen(digits), 20));
    return -1;
  }
  p->ply = (uint32_t)ply;
  return 0;
}

int board_parse(Position *p, const char *text, char *err) {
  Position q;
  if (!text) {
    snprintf(err, BOARD_ERRMAX, "bad position: no text");
    return -1;
  }
  while (*text == ' ') text++;
  if (!*text) {
    snprintf(err, BOARD_ERRMAX, "bad position: empty text");
    return -1;
  }
  if (parse_points(&q, &text, err) || parse_side_ply(&q, text, err) ||
      board_check(&q, err))
    return -1;
  *p = q;
  return 0;
}

char *board_format(const Position *p, char *buf) {
  static const char glyph[3] = {'b', 'w', '.'};
  int i = 0;
  for (; i < p->n; i++) buf[i] = glyph[board_at(p, i)];
  if (!p->graph) {
    buf[i++] = '/';
    buf[i++] = glyph[p->centre <= NOBODY ? p->centre : NOBODY];
  }
  buf[i++] = ' ';
  if (p->hand[BLACK] || p->hand[WHITE])
    i += snprintf(buf + i, BOARD_POSMAX - (size_t)i, "%u/%u ",
                  (unsigned)p->hand[BLACK], (unsigned)p->hand[WHITE]);
  buf[i++] = p->side == WHITE ? 'w' : 'b';
  buf[i] = '\0';
  if (p->ply) snprintf(buf + i, BOARD_POSMAX - (size_t)i, " %u", p->ply);
  return buf;
}

int board_same(const Position *a, const Position *b) {
  return a->arms[BLACK] == b->arms[BLACK] && a->arms[WHITE] == b->arms[WHITE] &&
         a->centre == b->centre && a->side == b->side && a->n == b->n &&
         a->graph == b->graph && a->hand[BLACK] == b->hand[BLACK] &&
         a->hand[WHITE] == b->hand[WHITE];
}

int board_equal(const Position *a, const Position *b) {
  return board_same(a, b) && a->ply == b->ply;
}

/* A strong 64-bit mixer (splitmix64's finaliser). */
static uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

uint64_t board_hash(const Position *p) {
  uint64_t h = mix64(p->arms[BLACK] ^ 0x9e3779b97f4a7c15u);
  h = mix64(h ^ p->arms[WHITE]);
  return mix64(h ^ ((uint64_t)p->centre << 1 | p->side) ^ (uint64_t)p->n << 8 ^
               (uint64_t)p->graph << 16 ^ (uint64_t)p->hand[BLACK] << 24 ^
               (uint64_t)p->hand[WHITE] << 32);
}

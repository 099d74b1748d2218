/*
** moves.c — the perft of the six games of drops, jumps and captures (issue
** 32), three ways in one run: a tight reference written here by hand for
** each game (bitboards of the game's own size, its rules as constants,
** counting at the last ply), the engine with the rules as fields (C), and
** the same rules written as a Lua moves hook (bench/moves_hooks.lua makes
** those variants).  Processor time, best of three; the ratios are what
** the issue asks of: the fields within 1.5 times the reference, the hook
** within 5 times the fields.
*/
#define _POSIX_C_SOURCE 200809L
#include "moves.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lauxlib.h"
#include "lua.h"

/* Processor seconds. */
static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --- the 3x3 games: drops while the mover holds pieces, then slides;
** three in a row wins --- */

typedef struct Nine {
  uint16_t near[9]; /* the points joined to each by a line */
  uint16_t rows[8]; /* the rows of three */
  int rows_count;
} Nine;

/* 1 when side has a row of g. */
static inline int nine_row(const Nine *g, uint16_t side) {
  for (int i = 0; i < g->rows_count; i++)
    if ((side & g->rows[i]) == g->rows[i]) return 1;
  return 0;
}

/* Leaves below the state: own to move against enemy (who just moved),
** with own_hand and enemy_hand pieces in hand. */
static uint64_t nine_perft(const Nine *g, uint16_t own, uint16_t enemy,
                           int own_hand, int enemy_hand, int depth) {
  if (nine_row(g, enemy)) return 0;
  uint16_t empty = (uint16_t)(~(own | enemy) & 0x1ff);
  uint64_t sum = 0;
  if (own_hand) {
    if (depth == 1) return (uint64_t)__builtin_popcount(empty);
    for (uint16_t e = empty; e; e &= (uint16_t)(e - 1))
      sum += nine_perft(g, enemy, (uint16_t)(own | (e & -e)), enemy_hand,
                        own_hand - 1, depth - 1);
    return sum;
  }
  for (uint16_t from = own; from; from &= (uint16_t)(from - 1)) {
    int u = __builtin_ctz(from);
    uint16_t to = g->near[u] & empty;
    if (depth == 1) {
      sum += (uint64_t)__builtin_popcount(to);
      continue;
    }
    uint16_t left = (uint16_t)(own & ~(1u << u));
    for (; to; to &= (uint16_t)(to - 1))
      sum += nine_perft(g, enemy, (uint16_t)(left | (to & -to)), enemy_hand, 0,
                        depth - 1);
  }
  return sum;
}

/* The board of the 3x3 games, points a1 b1 c1 a2 .. c3 (bit 3r + c). */
static void nine_board(Nine *g, int diagonals) {
  memset(g, 0, sizeof *g);
  for (int i = 0; i < 9; i++) {
    int c = i % 3, r = i / 3;
    if (c > 0) g->near[i] |= (uint16_t)(1u << (i - 1));
    if (c < 2) g->near[i] |= (uint16_t)(1u << (i + 1));
    if (r > 0) g->near[i] |= (uint16_t)(1u << (i - 3));
    if (r < 2) g->near[i] |= (uint16_t)(1u << (i + 3));
  }
  static const uint16_t rows[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
  g->rows_count = diagonals ? 8 : 6;
  memcpy(g->rows, rows, sizeof rows);
  if (diagonals) { /* the corners and the middle */
    g->near[4] |= 1u << 0 | 1u << 2 | 1u << 6 | 1u << 8;
    g->near[0] |= 1u << 4, g->near[2] |= 1u << 4;
    g->near[6] |= 1u << 4, g->near[8] |= 1u << 4;
  }
}

/* --- Four Field Kono: slides; a capture jumps over one's own piece onto
** an enemy --- */

#define KONO_NOT_A 0xeeee /* not the a column (bits 4r + c, c 0..3) */
#define KONO_NOT_D 0x7777 /* not the d column */

/* The points one step from x in direction dir (0 right, 1 left, 2 up, 3
** down), off the board dropped. */
static inline uint16_t kono_step(uint16_t x, int dir) {
  switch (dir) {
  case 0: return (uint16_t)((x & KONO_NOT_D) << 1);
  case 1: return (uint16_t)((x & KONO_NOT_A) >> 1);
  case 2: return (uint16_t)(x << 4);
  default: return (uint16_t)(x >> 4);
  }
}

/* The points one step back from x in direction dir. */
static inline uint16_t kono_back(uint16_t x, int dir) {
  return kono_step(x, dir ^ 1);
}

static uint64_t kono_perft(uint16_t own, uint16_t enemy, int depth) {
  uint16_t empty = (uint16_t) ~(own | enemy);
  uint64_t sum = 0;
  for (int dir = 0; dir < 4; dir++) {
    uint16_t slides = kono_back(empty, dir) & own; /* pieces whose step is empty */
    /* captures: a piece whose step holds its own, the one after an enemy */
    uint16_t takes = kono_back(kono_back(enemy, dir) & own, dir) & own;
    if (depth == 1) {
      sum += (uint64_t)(__builtin_popcount(slides) + __builtin_popcount(takes));
      continue;
    }
    for (; slides; slides &= (uint16_t)(slides - 1)) {
      uint16_t from = slides & -slides;
      sum += kono_perft(enemy, (uint16_t)((own & ~from) | kono_step(from, dir)),
                        depth - 1);
    }
    for (; takes; takes &= (uint16_t)(takes - 1)) {
      uint16_t from = takes & -takes, to = kono_step(kono_step(from, dir), dir);
      sum += kono_perft((uint16_t)(enemy & ~to), (uint16_t)((own & ~from) | to),
                        depth - 1);
    }
  }
  return sum;
}

/* --- the wheel of 8 arms: the standard moves (the flank rule on the
** centre), leaping over an enemy along the ring, placing first --- */

static inline uint8_t up(uint8_t x) { return (uint8_t)(x << 1 | x >> 7); }
static inline uint8_t down(uint8_t x) { return (uint8_t)(x >> 1 | x << 7); }

/* Leaves below the mover with own against enemy (arms), centre 0 empty,
** 1 own, 2 enemy; leaping: its jumps; hands: the mover's and the other's
** pieces in hand (placing). */
static uint64_t wheel_perft(uint8_t own, uint8_t enemy, int centre, int leaping,
                            int own_hand, int enemy_hand, int depth) {
  uint8_t empty = (uint8_t) ~(own | enemy);
  int flipped = centre == 1 ? 2 : centre == 2 ? 1 : 0;
  uint64_t sum = 0;
  if (own_hand) { /* drops on the empty arms */
    if (depth == 1) return (uint64_t)__builtin_popcount(empty);
    for (uint8_t e = empty; e; e &= (uint8_t)(e - 1))
      sum += wheel_perft(enemy, (uint8_t)(own | (e & -e)), flipped, leaping,
                         enemy_hand, own_hand - 1, depth - 1);
    return sum;
  }
  uint8_t flanked = (uint8_t)(up(enemy) | down(enemy));
  uint8_t to_centre = centre == 0 ? own & flanked : 0;
  uint8_t to_up = down(empty) & own, to_down = up(empty) & own; /* i->i+1, i->i-1 */
  uint8_t leap_up = 0, leap_down = 0;
  if (leaping) {
    leap_up = down(down(empty) & enemy) & own;   /* i over i+1 to i+2 */
    leap_down = up(up(empty) & enemy) & own;     /* i over i-1 to i-2 */
  }
  int from_centre = centre == 1 ? __builtin_popcount(empty) : 0;
  if (depth == 1)
    return (uint64_t)(__builtin_popcount(to_centre) + __builtin_popcount(to_up) +
                      __builtin_popcount(to_down) + __builtin_popcount(leap_up) +
                      __builtin_popcount(leap_down) + from_centre);
  for (uint8_t a = to_centre; a; a &= (uint8_t)(a - 1))
    sum += wheel_perft(enemy, (uint8_t)(own & ~(a & -a)), 2, leaping, 0, 0,
                       depth - 1);
  uint8_t moves[4] = {to_up, to_down, leap_up, leap_down};
  for (int k = 0; k < 4; k++)
    for (uint8_t a = moves[k]; a; a &= (uint8_t)(a - 1)) {
      uint8_t from = a & -a;
      uint8_t to = k == 0 ? up(from) : k == 1 ? down(from) : k == 2 ? up(up(from))
                                                                   : down(down(from));
      sum += wheel_perft(enemy, (uint8_t)((own & ~from) | to), flipped, leaping, 0,
                         0, depth - 1);
    }
  if (centre == 1)
    for (uint8_t e = empty; e; e &= (uint8_t)(e - 1))
      sum += wheel_perft(enemy, (uint8_t)(own | (e & -e)), 0, leaping, 0, 0,
                         depth - 1);
  return sum;
}

/* --- the bench --- */

/* The reference perft of game name at depth. */
static uint64_t reference(const char *name, int depth) {
  Nine g;
  if (strcmp(name, "achi") == 0 || strcmp(name, "tapatan") == 0 ||
      strcmp(name, "three-mens-morris") == 0) {
    nine_board(&g, strcmp(name, "three-mens-morris") != 0);
    int hand = strcmp(name, "achi") == 0 ? 4 : 3;
    return nine_perft(&g, 0, 0, hand, hand, depth);
  }
  if (strcmp(name, "four-field-kono") == 0) return kono_perft(0x00ff, 0xff00, depth);
  if (strcmp(name, "leaping-torere") == 0)
    return wheel_perft(0x0f, 0xf0, 0, 1, 0, 0, depth);
  return wheel_perft(0, 0, 0, 0, 4, 4, depth); /* placing-torere */
}

/* The best of three processor times of the reference at depth; its
** leaves in *leaves. */
static double time_reference(const char *name, int depth, uint64_t *leaves) {
  double best = 1e30;
  for (int i = 0; i < 3; i++) {
    double t = cpu_seconds();
    *leaves = reference(name, depth);
    t = cpu_seconds() - t;
    if (t < best) best = t;
  }
  return best;
}

/* The six games, their depths (quick, full) for about a second each. */
static const struct {
  const char *name;
  int quick, full;
} games[] = {{"achi", 10, 18},         {"tapatan", 8, 11},
             {"three-mens-morris", 8, 11}, {"four-field-kono", 8, 10},
             {"leaping-torere", 20, 26}, {"placing-torere", 14, 18}};

void bench_moves(lua_State *L, int quick) {
  printf("moves of every kind: perft of the six games, processor time, best "
         "of 3\n");
  printf("  %-18s %5s %14s %9s %9s %9s %7s %7s\n", "game", "depth", "leaves",
         "ref s", "fields s", "hook s", "fields", "hook");
  printf("  %-18s %5s %14s %9s %9s %9s %7s %7s\n", "", "", "", "", "", "",
         "/ref", "/fields");
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    int depth = quick ? games[i].quick : games[i].full;
    uint64_t leaves;
    double ref = time_reference(games[i].name, depth, &leaves);
    lua_getglobal(L, "moves_perft"); /* moves_hooks.lua: (name, depth) -> */
    lua_pushstring(L, games[i].name); /* fields leaves, s, hook leaves, s */
    lua_pushinteger(L, depth);
    if (lua_pcall(L, 2, 4, 0) != LUA_OK) {
      printf("  %s: %s\n", games[i].name, lua_tostring(L, -1));
      lua_pop(L, 1);
      continue;
    }
    uint64_t fl = (uint64_t)lua_tointeger(L, -4), hl = (uint64_t)lua_tointeger(L, -2);
    double fs = lua_tonumber(L, -3), hs = lua_tonumber(L, -1);
    lua_pop(L, 4);
    printf("  %-18s %5d %14llu %9.3f %9.3f %9.3f %7.2f %7.2f%s\n", games[i].name,
           depth, (unsigned long long)leaves, ref, fs, hs, fs / ref, hs / fs,
           fl == leaves && hl == leaves ? "" : "  LEAVES DIFFER");
  }
}

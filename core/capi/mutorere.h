/*
** mutorere.h — the C interface of mutorere, an engine for Mū Tōrere (the
** Māori blocking game of eight arms around a centre) and its variants:
** make a variant (built in, shipped as a script, loaded from a Lua file,
** or from rule fields), play games of it, count its move tree, search it
** and solve it.  Link with -lmutorere (pkg-config mutorere; in CMake,
** find_package(mutorere) and the target mutorere::mutorere).
**
** Copyright (c) 2026 the mutorere authors.  MIT licence (as Lua's): see
** LICENSE, installed in share/doc/mutorere/ beside the documentation.
** SPDX-License-Identifier: MIT
**
** The rules of the interface:
** - A handle (mutorere_variant, mutorere_game, mutorere_solution) is
**   opaque: the function that makes it gives it through its last argument,
**   and its _free function lets it go (NULL is fine there).  A game or a
**   solution keeps its variant alive: the handles may be freed in any
**   order.
** - A function that can fail returns MUTORERE_OK (0) or a negative
**   MUTORERE_E* code; mutorere_last_error() then says what went wrong and
**   where, and nothing the call was given has changed.
** - Texts are NUL-terminated; positions and moves are written as in the
**   Lua API: a position "bbbbwwww/. b" (each arm's piece clockwise from
**   arm 1, "/", the centre, the side to move, and the ply when not 0), a
**   move "4-c" (arm numbers, "c" for the centre; point names on a board
**   of points).
** - Threads: one object per thread.  Any number of threads may each use
**   their own variants, games and solutions at once; a game is used by
**   one thread at a time; a solution may be looked up from many threads
**   at once; a variant without hooks in Lua (built in, from rule fields)
**   may be shared by threads that each make their own games and
**   solutions of it; the calls on the objects of a variant with hooks in
**   Lua run one at a time (its Lua state is locked), from any thread.
**   mutorere_interrupt and mutorere_last_error may be called from any
**   thread.  The callbacks are called on the calling thread (the solver
**   runs threads of its own).  doc/c-api.md says it object by object.
** - Variants whose rules are written in Lua (a file, or a shipped script
**   with hooks) run their hooks in a Lua state of their own; a variant
**   file is a program, as for dofile: load only files you trust.
*/
#ifndef MUTORERE_H
#define MUTORERE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the library exports (everything else in it is hidden). */
#if defined(__GNUC__) || defined(__clang__)
#define MUTORERE_API __attribute__((visibility("default")))
#else
#define MUTORERE_API
#endif

/* --- the version ------------------------------------------------------ */

/* The version of this header.  A new major version (and soname) comes with
** any change that breaks programs built against an older one. */
#define MUTORERE_VERSION_MAJOR 0
#define MUTORERE_VERSION_MINOR 1
#define MUTORERE_VERSION_PATCH 0
#define MUTORERE_VERSION_NUMBER                                              \
  (MUTORERE_VERSION_MAJOR * 10000 + MUTORERE_VERSION_MINOR * 100 +           \
   MUTORERE_VERSION_PATCH)
#define MUTORERE_STRINGIFY_(x) #x
#define MUTORERE_STRINGIFY(x) MUTORERE_STRINGIFY_(x)
#define MUTORERE_VERSION_STRING                                              \
  MUTORERE_STRINGIFY(MUTORERE_VERSION_MAJOR) "." MUTORERE_STRINGIFY(         \
      MUTORERE_VERSION_MINOR) "." MUTORERE_STRINGIFY(MUTORERE_VERSION_PATCH)

/* The version of the library running ("0.1.0"), which may be newer than
** the header a program was built with. */
MUTORERE_API const char *mutorere_version(void);

/* The same as a number (MUTORERE_VERSION_NUMBER of the library). */
MUTORERE_API int mutorere_version_number(void);

/* --- errors ------------------------------------------------------------ */

enum {
  MUTORERE_OK = 0,
  MUTORERE_EINVAL = -1,     /* a bad argument: a NULL handle or pointer,
                            ** text that does not parse, an unknown name, a
                            ** number out of range, a game of another
                            ** variant */
  MUTORERE_EILLEGAL = -2,   /* a move the rules forbid now, or a move asked
                            ** of a game that is over */
  MUTORERE_ESCRIPT = -3,    /* Lua: a variant file that cannot be loaded or
                            ** is not a variant, or a rule hook that failed
                            ** (or is not symmetric as the variant says) */
  MUTORERE_ELIMIT = -4,     /* beyond what the engine does: a table too
                            ** large for memory, a forced end too far away
                            ** to record */
  MUTORERE_ENOMEM = -5,     /* out of memory */
  MUTORERE_ECANCELLED = -6  /* the cancel callback asked to stop */
};

/* What the last call that failed on this thread said: what went wrong and
** where ("bad position: 9 arms ..."); "" before any failure.  The text is
** this thread's own: it stays as it is until the next call that fails on
** this thread rewrites it, and the pointer is good until the thread ends
** (copy the text to keep it longer). */
MUTORERE_API const char *mutorere_last_error(void);

/* A short name of a status code ("bad argument", "illegal move", ...). */
MUTORERE_API const char *mutorere_strerror(int status);

/* --- variants ---------------------------------------------------------- */

typedef struct mutorere_variant mutorere_variant;

/* Told one text at a time (a folder, a variant's name). */
typedef void (*mutorere_each)(void *ctx, const char *text);

/* Tells each (given ctx) the folders of the search path for scripts, in
** the order they are looked in: those mutorere_path_add added, then the
** folders of MUTORERE_PATH, then the scripts installed with the library
** (the folders that exist). */
MUTORERE_API int mutorere_path(mutorere_each each, void *ctx);

/* Adds folder (as its real path) to the search path of the variants
** loaded from now on, after the folders added before it and before the
** others.  EINVAL when it is not a folder. */
MUTORERE_API int mutorere_path_add(const char *folder);

/* Tells each (given ctx) the names mutorere_variant_named takes: the six
** built in, then the scripts variants/NAME.lua on the search path,
** sorted (loading one may still fail: a script is a program). */
MUTORERE_API int mutorere_variants(mutorere_each each, void *ctx);

/* The rule fields of a variant on the wheel, as the Lua API's variant
** tables name them.  The fields are fixed within a major version. */
typedef struct mutorere_rules {
  int arms;           /* the board: an even number of arms, 4 to 64 */
  int flank_plies;    /* the flank rule (an arm -> centre move needs an
                      ** enemy piece on a neighbouring arm) binds on plies
                      ** 0 to flank_plies - 1: MUTORERE_FLANK_ALWAYS, or 0
                      ** for never */
  int adjacent_enemy; /* 1: every move needs an enemy piece next to the
                      ** moving one (the centre is next to every arm) */
  int misere;         /* 1: the side that cannot move wins */
  int repetition;     /* a position seen this many times draws (2 to 1000;
                      ** 0: never) */
  int max_plies;      /* a game is drawn after this many plies (0: never) */
} mutorere_rules;

#define MUTORERE_FLANK_ALWAYS 0x7fffffff

/* Sets *rules to the standard rules on 8 arms (the flank rule always,
** draws by threefold repetition). */
MUTORERE_API void mutorere_rules_standard(mutorere_rules *rules);

/* The variant called name on arms arms (0: the variant's own board): one
** of the six built in ("standard", "first-two-turns", "first-move",
** "no-restriction", "adjacent-enemy", "misere"), else a script
** variants/NAME.lua on the search path (the folders of MUTORERE_PATH, then
** the scripts installed with the library) such as "tired-piece". */
MUTORERE_API int mutorere_variant_named(const char *name, int arms,
                                        mutorere_variant **out);

/* The variant a Lua file returns (a table as the Lua API's mt.variant
** takes: rule fields, hooks, a board of points, a base). */
MUTORERE_API int mutorere_variant_load(const char *path,
                                       mutorere_variant **out);

/* A variant on the wheel with the given rule fields, called name (NULL:
** "custom"). */
MUTORERE_API int mutorere_variant_new(const char *name,
                                      const mutorere_rules *rules,
                                      mutorere_variant **out);

/* The rule fields of a variant on the wheel (of a variant with hooks: the
** fields its hooks work on).  Fails on a board of points. */
MUTORERE_API int mutorere_variant_rules(const mutorere_variant *variant,
                                        mutorere_rules *rules);

/* The variant's name ("standard", "tired-piece", the name given...); NULL
** for a NULL variant.  It lives as long as the variant. */
MUTORERE_API const char *mutorere_variant_name(const mutorere_variant *variant);

/* Lets the variant go (its games and solutions keep it until they go). */
MUTORERE_API void mutorere_variant_free(mutorere_variant *variant);

/* Limits the bytes that variant and what is made of it hold together (its
** games and solutions, the work of calls on them, the Lua state of its
** hooks) to bytes (0: no limit).  A call that would pass it fails with
** MUTORERE_ELIMIT ("the memory limit of variant 'standard' (10.0 MB) was
** reached: ...") and takes nothing; what they hold already is kept. */
MUTORERE_API int mutorere_variant_set_memory_limit(mutorere_variant *variant,
                                                   size_t bytes);

/* The bytes variant and what is made of it hold now (as the limit counts
** them) into *bytes. */
MUTORERE_API int mutorere_variant_memory(const mutorere_variant *variant,
                                         size_t *bytes);

/* --- games: positions and moves ---------------------------------------- */

typedef struct mutorere_game mutorere_game;

/* A move: a piece goes from a point to a point, and takes the pieces of
** the points in taken (bit i: point i) and, when centre is 1, the wheel's
** centre.  On the wheel the points are the arms 0 to N-1 (written 1 to N)
** and MUTORERE_CENTRE; on a board of points, the points in the board's
** order.  A drop comes from MUTORERE_HAND; a pass has from and to
** MUTORERE_PASS.  Zero the struct before filling it (spare is zero). */
typedef struct mutorere_move {
  uint8_t from, to;
  uint8_t centre;
  uint8_t spare[5];
  uint64_t taken;
} mutorere_move;

#define MUTORERE_CENTRE 64
#define MUTORERE_HAND 0xFE        /* the from point of a drop */
#define MUTORERE_PASS 0xFF        /* from and to of a pass */
#define MUTORERE_MAX_MOVES 256    /* no position has more legal moves */
#define MUTORERE_POSITION_MAX 136 /* bytes that hold any position text */
#define MUTORERE_MOVE_MAX 800     /* bytes that hold any move text */

enum { MUTORERE_BLACK = 0, MUTORERE_WHITE = 1 };

/* How a game stands (mutorere_game_result). */
enum {
  MUTORERE_ONGOING = 0,
  MUTORERE_BLACK_WINS = 1,
  MUTORERE_WHITE_WINS = 2,
  MUTORERE_DRAWN = 3 /* by the variant's own rule, repetition or its cap */
};

/* A new game of variant from position (text; NULL: the variant's start). */
MUTORERE_API int mutorere_game_new(const mutorere_variant *variant,
                                   const char *position,
                                   mutorere_game **out);

/* Writes the game's position as text into buf (size bytes;
** MUTORERE_POSITION_MAX always suffice). */
MUTORERE_API int mutorere_game_position(const mutorere_game *game, char *buf,
                                        size_t size);

/* The side to move: MUTORERE_BLACK or MUTORERE_WHITE into *side. */
MUTORERE_API int mutorere_game_turn(const mutorere_game *game, int *side);

/* The legal moves now into moves (room for MUTORERE_MAX_MOVES), and how
** many into *count (0 when the game is over). */
MUTORERE_API int mutorere_game_moves(const mutorere_game *game,
                                     mutorere_move *moves, int *count);

/* Plays move; MUTORERE_EILLEGAL (with the rule it breaks) when it is not
** legal now or the game is over. */
MUTORERE_API int mutorere_game_play(mutorere_game *game, mutorere_move move);

/* Takes back the last move played (MUTORERE_EINVAL at the start). */
MUTORERE_API int mutorere_game_undo(mutorere_game *game);

/* How the game stands now: a MUTORERE_ONGOING, _BLACK_WINS, _WHITE_WINS or
** _DRAWN into *result. */
MUTORERE_API int mutorere_game_result(const mutorere_game *game, int *result);

MUTORERE_API void mutorere_game_free(mutorere_game *game);

/* An independent copy of game (its moves, and those it can redo) into
** *out. */
MUTORERE_API int mutorere_game_copy(const mutorere_game *game,
                                    mutorere_game **out);

/* Writes the game as record text (tags, then the moves: what the Lua
** API's Game:record writes) into buf, of *size bytes; *size is set to the
** bytes it takes (with its NUL) whether they fit or not: EINVAL when they
** do not (buf NULL asks the size alone). */
MUTORERE_API int mutorere_game_record(const mutorere_game *game, char *buf,
                                      size_t *size);

/* A new game of variant from record text (as mutorere_game_record writes
** it, or a record of the Lua API) into *out: its start and moves.  EINVAL
** for a record that does not read, or of another variant. */
MUTORERE_API int mutorere_game_from_record(const mutorere_variant *variant,
                                           const char *text,
                                           mutorere_game **out);

/* Writes an SVG picture of the game's position (the board, the pieces,
** an arrow for the last move: the Lua API's mt.svg) into buf, of *size
** bytes, as mutorere_game_record does. */
MUTORERE_API int mutorere_game_svg(const mutorere_game *game, char *buf,
                                   size_t *size);

/* Reads move text ("4-c", "@3", "3-5x4", "pass") on the variant's board into *move (its points
** only: whether it is legal is the game's business). */
MUTORERE_API int mutorere_move_parse(const mutorere_variant *variant,
                                     const char *text, mutorere_move *move);

/* Writes move as text on the variant's board into buf (size bytes;
** MUTORERE_MOVE_MAX always suffice). */
MUTORERE_API int mutorere_move_text(const mutorere_variant *variant,
                                    mutorere_move move, char *buf,
                                    size_t size);

/* --- long work: callbacks ------------------------------------------------ */

/* Polled now and then during long work (a solve, a perft, a search), in
** the engine and inside rule hooks written in Lua: nonzero stops it
** (MUTORERE_ECANCELLED), even in a hook that never returns. */
typedef int (*mutorere_cancel)(void *ctx);

/* Told how far a solve has got: phase names the step ("ends", "distance
** 12", ...), done of total positions are done (total 0: not known yet);
** done == total ends the phase. */
typedef void (*mutorere_progress)(void *ctx, const char *phase, uint64_t done,
                                  uint64_t total);

/* Makes every call running now on variant or what is made of it (a
** solve, a perft, a search, a lookup, a rule hook in any call) stop soon
** with MUTORERE_ECANCELLED, as sqlite3_interrupt does; NULL: every call
** running now in the process, the loading of variants included.  Calls
** that begin after it are not stopped.  It only adds to a counter: any
** thread may call it, and a signal handler. */
MUTORERE_API void mutorere_interrupt(const mutorere_variant *variant);

/* --- solving ------------------------------------------------------------ */

typedef struct mutorere_solution mutorere_solution;

/* Values of a state for its side to move under perfect play. */
enum { MUTORERE_DRAW = 0, MUTORERE_WIN = 1, MUTORERE_LOSS = 2 };

/* Solves variant: the value and distance of every state.  threads: worker
** threads (0: one per core); cancel and progress (either may be NULL) are
** given ctx.  Boards of points and variants with hooks that do not say
** they are symmetric are solved by the plain solver, which reports no
** progress; a variant with hooks whose play reaches a small share of its
** states (rules that remember moves) is solved on the states reachable
** from its start, and a state outside them is solved when
** mutorere_solution_value first meets it. */
MUTORERE_API int mutorere_solve(const mutorere_variant *variant, int threads,
                                mutorere_cancel cancel,
                                mutorere_progress progress, void *ctx,
                                mutorere_solution **out);

/* The value of the game's state (its position, and the moves its variant
** remembers) for the side to move into *value (MUTORERE_WIN, _LOSS or
** _DRAW), and into *distance the plies to the end under perfect play (the
** winner hurries, the loser delays; -1 for a draw).  Repetition and ply
** caps are not part of a solution.  A state the solution does not hold
** yet (see mutorere_solve) is solved first, with every state reachable
** from it, and kept: its hooks run to their end. */
MUTORERE_API int mutorere_solution_value(const mutorere_solution *solution,
                                         const mutorere_game *game,
                                         int *value, int *distance);

/* "win", "loss" or "draw" for a MUTORERE_WIN, _LOSS or _DRAW; NULL for
** anything else. */
MUTORERE_API const char *mutorere_value_name(int value);

MUTORERE_API void mutorere_solution_free(mutorere_solution *solution);

/* --- counting and searching --------------------------------------------- */

/* The number of leaves of the game's move tree depth plies deep (0 to 200;
** 1 at depth 0) into *count: a position that ends the game earlier counts
** 0; repetition and the ply cap are not applied.  cancel (may be NULL) is
** given ctx. */
MUTORERE_API int mutorere_perft(const mutorere_game *game, int depth,
                                mutorere_cancel cancel, void *ctx,
                                uint64_t *count);

#define MUTORERE_MATE 30000 /* a score of a forced win in d plies: MATE - d */

/* A move for the side to move, by alpha-beta search to depth plies (1 to
** 64), for at most seconds (0: no limit), into *move, and its score for
** the side to move into *score (positive is good; beyond MUTORERE_MATE -
** 1000, a forced win or loss).  Stopped by cancel (may be NULL, given ctx)
** or the time, it gives the move of the deepest search it finished, or
** MUTORERE_ECANCELLED when it finished none.  MUTORERE_EILLEGAL when the
** game is over. */
MUTORERE_API int mutorere_search(const mutorere_game *game, int depth,
                                 double seconds, mutorere_cancel cancel,
                                 void *ctx, mutorere_move *move, int *score);

/* Plays games random games from the game's position, each to its end or
** max_plies plies more (0: no cap; a variant that never ends needs one),
** each move drawn among the legal ones (in mutorere_game_moves' order) as
** index splitmix64(seed) mod their count (doc/c-api.md gives the
** generator), one generator for all the games.  Counts how they ended into
** counts (indexed by MUTORERE_ONGOING: stopped by the cap, _BLACK_WINS,
** _WHITE_WINS, _DRAWN) and the plies played into *plies.  cancel (may be
** NULL) is given ctx.  The game is left as it was. */
MUTORERE_API int mutorere_playouts(const mutorere_game *game, int games,
                                   uint64_t seed, int max_plies,
                                   mutorere_cancel cancel, void *ctx,
                                   uint64_t counts[4], uint64_t *plies);

#ifdef __cplusplus
}
#endif

#endif

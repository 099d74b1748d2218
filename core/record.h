/*
** record.h — game records as text: a tag section and the move list, in the
** manner of chess's PGN.
**
**   [Variant "standard"]
**   [Black "Te Rangiua"]
**   [White "Te Urikore"]
**   [Date "1910.??.??"]
**   [Result "1/2-1/2"]
**   [Position "bb.bwwwb/w b"]      (only when not the variant's start)
**
**   1. 4-c 5-4 2. c-5 6-c {a comment} 3. 5-6 c-5 1/2-1/2
**
** Results: "1-0" black (who moves first) won, "0-1" white won, "1/2-1/2"
** drawn, "*" unfinished.  Move numbers count turns ("1." before black's
** move, "1..." when the record starts with white to move) and are checked
** only for their form.  Comments: {...} and ; to the end of the line.
*/
#ifndef MUTORERE_RECORD_H
#define MUTORERE_RECORD_H

#include "game.h"

#define RECORD_NAMEMAX 32
#define RECORD_VALUEMAX 2048 /* a board's Lines tag is the longest */
#define RECORD_MAX_TAGS 64

typedef struct RecordTag {
  char name[RECORD_NAMEMAX];
  char value[RECORD_VALUEMAX];
} RecordTag;

typedef struct RecordMove {
  size_t at; /* its text: Record.texts + at, NUL-terminated */
  int line;  /* where it stands in the text */
} RecordMove;

typedef struct Record {
  RecordTag tags[RECORD_MAX_TAGS];
  int tag_count;
  RecordMove *moves;
  int move_count, move_capacity;
  char *texts; /* the moves' texts, one after another */
  size_t texts_used, texts_room;
  char result[8]; /* the result token ("" when absent) */
} Record;

/* The text of the i-th move of r. */
static inline const char *record_move_text(const Record *r, int i) {
  return r->texts + r->moves[i].at;
}

/* Reads record text (its syntax only).  Returns 0, or -1 with "line N:
** what is wrong" in err; r needs record_free either way. */
int record_parse(Record *r, const char *text, char *err);

void record_free(Record *r);

/* The value of tag name, or NULL. */
const char *record_tag(const Record *r, const char *name);

/* Plays the record's moves from start under rules into g (initialised
** here) and checks its Result against the end of the game.  Returns
** GAME_OK; GAME_ERROR with "move N (line L): why" in err (g then needs no
** game_free); GAME_EHOOK. */
int record_replay(const Record *r, const Rules *rules, const Position *start,
                  Game *g, char *err);

/* The result token of a game: "1-0", "0-1", "1/2-1/2" or "*". */
const char *record_result_of(const Game *g);

/* Writes the record of g (its moves up to the current one) with the given
** tags, in order; the move list ends with the Result tag's value (a Result
** tag from the game is added when missing).  Returns the text (free it
** with memory_realloc(text, 0)), or NULL without memory. */
char *record_write(const Game *g, const RecordTag *tags, int count);

#endif

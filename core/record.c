/*
** record.c — reading, replaying and writing game records.
*/
#include "record.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"

typedef struct Reader {
  const char *s;
  int line;
  char *err;
} Reader;

/* Sets err to "line N: " and the message, what and then detail (text as
** board_shown shows it) in quotes; returns -1. */
static int fail(Reader *rd, const char *what, const char *detail) {
  snprintf(rd->err, BOARD_ERRMAX, "line %d: %s%.100s%s", rd->line, what,
           detail ? detail : "", detail ? "'" : "");
  return -1;
}

/* Skips spaces, newlines and comments.  Returns 0, or -1 on an
** unterminated comment. */
static int skip_blank(Reader *rd) {
  for (;;) {
    while (isspace((unsigned char)*rd->s)) rd->line += *rd->s++ == '\n';
    if (*rd->s == ';') {
      while (*rd->s && *rd->s != '\n') rd->s++;
    } else if (*rd->s == '{') {
      int start = rd->line;
      while (*rd->s && *rd->s != '}') rd->line += *rd->s++ == '\n';
      if (!*rd->s) {
        rd->line = start;
        return fail(rd, "a comment { is never closed", NULL);
      }
      rd->s++;
    } else
      return 0;
  }
}

/* Reads [Name "value"] at rd->s into the next tag. */
static int read_tag(Reader *rd, Record *r) {
  if (r->tag_count == RECORD_MAX_TAGS) return fail(rd, "too many tags", NULL);
  RecordTag *t = &r->tags[r->tag_count];
  const char *s = rd->s + 1;
  size_t k = 0;
  while (*s == ' ') s++;
  while ((isalnum((unsigned char)*s) || *s == '_') && k + 1 < RECORD_NAMEMAX)
    t->name[k++] = *s++;
  t->name[k] = '\0';
  while (*s == ' ') s++;
  if (k == 0 || *s != '"')
    return fail(rd, "a tag reads [Name \"value\"]", NULL);
  for (k = 0, s++; *s != '"'; s++) {
    if (*s == '\\' && (s[1] == '"' || s[1] == '\\')) s++;
    if (!*s || *s == '\n')
      return fail(rd, "a tag's value is never closed", NULL);
    if (k + 1 >= RECORD_VALUEMAX)
      return fail(rd, "a tag's value is too long", NULL);
    t->value[k++] = *s;
  }
  t->value[k] = '\0';
  for (s++; *s == ' '; s++) {
  }
  if (*s != ']') return fail(rd, "a tag reads [Name \"value\"]", NULL);
  if (record_tag(r, t->name)) return fail(rd, "a second tag '", t->name);
  r->tag_count++;
  rd->s = s + 1;
  return 0;
}

/* Appends a move token (shown: how errors show it). */
static int add_move(Reader *rd, Record *r, const char *tok, size_t k,
                    const char *shown) {
  if (k >= BOARD_MOVEMAX) return fail(rd, "not a move: '", shown);
  if (r->move_count == r->move_capacity) {
    int cap = r->move_capacity ? 2 * r->move_capacity : 64;
    RecordMove *m = memory_realloc(r->moves, (size_t)cap * sizeof *m);
    if (!m) return fail(rd, "not enough memory", NULL);
    r->moves = m;
    r->move_capacity = cap;
  }
  if (r->texts_used + k + 1 > r->texts_room) {
    size_t room = r->texts_room ? 2 * r->texts_room : 1024;
    while (room < r->texts_used + k + 1) room *= 2;
    char *texts = memory_realloc(r->texts, room);
    if (!texts) return fail(rd, "not enough memory", NULL);
    r->texts = texts;
    r->texts_room = room;
  }
  RecordMove *m = &r->moves[r->move_count++];
  m->at = r->texts_used;
  memcpy(r->texts + m->at, tok, k);
  r->texts[m->at + k] = '\0';
  r->texts_used += k + 1;
  m->line = rd->line;
  return 0;
}

/* 1 when tok (k chars) has the form of a move (movetext.h): "pass", or
** words of letters, digits and _ (an arm number or c on the wheel, a
** point's name on a graph board) joined by - or x, or after an @; a word
** alone is a move only after an @ or when it holds an x. */
static int move_like(const char *tok, size_t k) {
  if (k == 4 && strncmp(tok, "pass", 4) == 0) return 1;
  size_t i = tok[0] == '@';
  int dash = 0, x = 0;
  if (i == k) return 0;
  for (; i < k; i++) {
    if (tok[i] == '-') {
      if (dash++ || i == 0 || i + 1 == k || tok[i + 1] == '-') return 0;
    } else if (!isalnum((unsigned char)tok[i]) && tok[i] != '_')
      return 0;
    x |= (tok[i] == 'x' || tok[i] == 'X') && i > 0 && i + 1 < k;
  }
  return tok[0] == '@' || dash || x;
}

static int is_result(const char *tok, size_t k) {
  static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  for (int i = 0; i < 4; i++)
    if (strlen(results[i]) == k && memcmp(tok, results[i], k) == 0) return 1;
  return 0;
}

/* Reads one token of the move text. */
static int read_token(Reader *rd, Record *r) {
  char shown[BOARD_SHOWN_SIZE(40)];
  const char *tok = rd->s;
  size_t k = 0;
  while (tok[k] && !isspace((unsigned char)tok[k]) && tok[k] != '{' &&
         tok[k] != ';')
    k++;
  rd->s += k;
  board_shown(shown, sizeof shown, tok, k, 40);
  if (r->result[0]) return fail(rd, "text after the result: '", shown);
  if (is_result(tok, k)) {
    memcpy(r->result, tok, k);
    r->result[k] = '\0';
    return 0;
  }
  size_t digits = 0;
  while (digits < k && isdigit((unsigned char)tok[digits])) digits++;
  if (digits && digits < k && tok[digits] == '.') { /* a move number */
    size_t dots = digits;
    while (dots < k && tok[dots] == '.') dots++;
    if (dots - digits != 1 && dots - digits != 3)
      return fail(rd, "a move number reads 12. or 12...: '", shown);
    tok += dots;
    k -= dots;
    if (k == 0) return 0;
    board_shown(shown, sizeof shown, tok, k, 40);
  }
  if (!move_like(tok, k)) return fail(rd, "not a move: '", shown);
  return add_move(rd, r, tok, k, shown);
}

int record_parse(Record *r, const char *text, char *err) {
  Reader rd = {text ? text : "", 1, err};
  r->tag_count = 0; /* (not the tags: 130 kB that each tag read writes) */
  r->moves = NULL;
  r->texts = NULL;
  r->texts_used = r->texts_room = 0;
  r->move_count = r->move_capacity = 0;
  r->result[0] = '\0';
  if (skip_blank(&rd)) return -1;
  while (*rd.s == '[') {
    if (read_tag(&rd, r) || skip_blank(&rd)) return -1;
  }
  while (*rd.s) {
    if (read_token(&rd, r) || skip_blank(&rd)) return -1;
  }
  return 0;
}

void record_free(Record *r) {
  memory_realloc(r->moves, 0);
  memory_realloc(r->texts, 0);
  r->moves = NULL;
  r->texts = NULL;
  r->move_count = r->move_capacity = 0;
  r->texts_used = r->texts_room = 0;
}

const char *record_tag(const Record *r, const char *name) {
  for (int i = 0; i < r->tag_count; i++)
    if (strcmp(r->tags[i].name, name) == 0) return r->tags[i].value;
  return NULL;
}

const char *record_result_of(const Game *g) {
  switch (game_outcome(g, NULL)) {
  case OUTCOME_BLACK: return "1-0";
  case OUTCOME_WHITE: return "0-1";
  case OUTCOME_DRAW: return "1/2-1/2";
  default: return "*";
  }
}

/* Checks the record's claimed result against the game's end. */
static int check_result(const Record *r, const Game *g, char *err) {
  const char *tag = record_tag(r, "Result"), *token = r->result;
  if (tag && !is_result(tag, strlen(tag))) {
    char shown[BOARD_SHOWN_SIZE(20)];
    snprintf(err, BOARD_ERRMAX,
             "the Result tag \"%s\" is not 1-0, 0-1, 1/2-1/2 or *",
             board_shown(shown, sizeof shown, tag, strlen(tag), 20));
    return GAME_ERROR;
  }
  if (tag && token[0] && strcmp(tag, token) != 0) {
    snprintf(err, BOARD_ERRMAX,
             "the result %s after the moves differs from the Result tag %s",
             token, tag);
    return GAME_ERROR;
  }
  const char *claimed = token[0] ? token : tag;
  const char *actual = record_result_of(g);
  if (claimed && strcmp(actual, "*") != 0 && strcmp(claimed, "*") != 0 &&
      strcmp(claimed, actual) != 0) {
    snprintf(err, BOARD_ERRMAX,
             "the moves end the game %s but the record says %s", actual,
             claimed);
    return GAME_ERROR;
  }
  return GAME_OK;
}

int record_replay(const Record *r, const Rules *rules, const Position *start,
                  Game *g, char *err) {
  char why[BOARD_ERRMAX];
  int rc = game_init(g, rules, start, why);
  if (rc == GAME_ERROR)
    snprintf(err, BOARD_ERRMAX, "the start position: %.130s", why);
  if (rc) return rc;
  for (int i = 0; i < r->move_count; i++) {
    Move m;
    rc = rules_parse_move(rules, record_move_text(r, i), &m, why) ? GAME_ERROR
                                                            : GAME_OK;
    if (!rc) rc = game_play(g, m, why);
    if (rc == GAME_ERROR)
      snprintf(err, BOARD_ERRMAX, "move %d (line %d): %.120s", i + 1,
               r->moves[i].line, why);
    if (rc) {
      game_free(g);
      return rc;
    }
  }
  if ((rc = check_result(r, g, err))) game_free(g);
  return rc;
}

/* A growing text buffer. */
typedef struct Text {
  char *s;
  size_t len, cap;
  int failed;
} Text;

static void text_add(Text *t, const char *s, size_t k) {
  if (t->failed) return;
  if (t->len + k + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + k + 1) cap *= 2;
    char *n = memory_realloc(t->s, cap);
    if (!n) {
      t->failed = 1;
      return;
    }
    t->s = n;
    t->cap = cap;
  }
  memcpy(t->s + t->len, s, k);
  t->len += k;
  t->s[t->len] = '\0';
}

static void text_str(Text *t, const char *s) {
  text_add(t, s, strlen(s));
}

/* Writes one tag, escaping quotes and backslashes. */
static void write_tag(Text *t, const char *name, const char *value) {
  text_str(t, "[");
  text_str(t, name);
  text_str(t, " \"");
  for (const char *v = value; *v; v++) {
    if (*v == '"' || *v == '\\') text_add(t, "\\", 1);
    if (*v != '\n') text_add(t, v, 1);
  }
  text_str(t, "\"]\n");
}

char *record_write(const Game *g, const RecordTag *tags, int count) {
  Text t = {0};
  int column = 0;
  char word[32], move[BOARD_MOVEMAX];
  const char *result = NULL;
  for (int i = 0; i < count; i++) {
    write_tag(&t, tags[i].name, tags[i].value);
    if (strcmp(tags[i].name, "Result") == 0) result = tags[i].value;
  }
  if (!result) write_tag(&t, "Result", result = record_result_of(g));
  text_str(&t, "\n");
  int white_first = g->positions[0].side == WHITE;
  for (int i = 0; i < g->length; i++) {
    int ply = i + white_first, number = ply / 2 + 1;
    word[0] = '\0';
    if (ply % 2 == 0)
      snprintf(word, sizeof word, "%d. ", number);
    else if (i == 0)
      snprintf(word, sizeof word, "%d... ", number);
    size_t k = strlen(word);
    snprintf(word + k, sizeof word - k, "%s",
             rules_format_move(&g->rules, g->moves[i], move));
    if (column && column + (int)strlen(word) + 1 > 78) {
      text_str(&t, "\n");
      column = 0;
    }
    if (column) text_str(&t, " "), column++;
    text_str(&t, word);
    column += (int)strlen(word);
  }
  if (column) text_str(&t, " ");
  text_str(&t, result);
  text_str(&t, "\n");
  if (t.failed) {
    memory_realloc(t.s, 0);
    return NULL;
  }
  return t.s;
}

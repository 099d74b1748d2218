/*
** rlload.h — GNU readline, loaded when the REPL first meets a terminal: a
** script, a pipe or -e never pay for loading it and the terminal library
** it needs (a third of the program's start-up).
*/
#ifndef MUTORERE_RLLOAD_H
#define MUTORERE_RLLOAD_H

#include <stdio.h>

#include <readline/history.h>
#include <readline/readline.h>

/* The functions and variables of readline the REPL uses: a pointer to
** each, named as readline names it. */
typedef struct Readline {
  __typeof__(rl_callback_handler_install) *rl_callback_handler_install;
  __typeof__(rl_callback_handler_remove) *rl_callback_handler_remove;
  __typeof__(rl_callback_read_char) *rl_callback_read_char;
  __typeof__(rl_replace_line) *rl_replace_line;
  __typeof__(rl_redisplay) *rl_redisplay;
  __typeof__(rl_bind_key) *rl_bind_key;
  __typeof__(rl_completion_matches) *rl_completion_matches;
  __typeof__(read_history) *read_history;
  __typeof__(add_history) *add_history;
  __typeof__(write_history) *write_history;
  __typeof__(append_history) *append_history;
  __typeof__(history_truncate_file) *history_truncate_file;
  __typeof__(rl_point) *rl_point;
  __typeof__(rl_end) *rl_end;
  __typeof__(rl_done) *rl_done;
  __typeof__(rl_outstream) *rl_outstream;
  __typeof__(rl_readline_name) *rl_readline_name;
  __typeof__(rl_catch_signals) *rl_catch_signals;
  __typeof__(rl_getc_function) *rl_getc_function;
  __typeof__(rl_attempted_completion_function)
      *rl_attempted_completion_function;
  __typeof__(rl_attempted_completion_over) *rl_attempted_completion_over;
  __typeof__(rl_completion_append_character) *rl_completion_append_character;
  __typeof__(rl_basic_word_break_characters) *rl_basic_word_break_characters;
  __typeof__(rl_completer_quote_characters) *rl_completer_quote_characters;
  __typeof__(rl_completion_quote_character) *rl_completion_quote_character;
  __typeof__(rl_line_buffer) *rl_line_buffer;
  __typeof__(history_comment_char) *history_comment_char;
  __typeof__(history_write_timestamps) *history_write_timestamps;
  __typeof__(history_multiline_entries) *history_multiline_entries;
} Readline;

/* Loads readline (once).  Returns it, or NULL with the reason in *why. */
const Readline *rlload(const char **why);

#endif

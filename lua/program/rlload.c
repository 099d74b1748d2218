/*
** rlload.c — GNU readline, loaded with dlopen when the REPL first meets a
** terminal (see rlload.h).
*/
#include "rlload.h"

#include <dlfcn.h>
#include <stddef.h>

#define STRING(x) #x
#define SONAME(major) "libreadline.so." STRING(major)

/* Where each of readline's names goes in a Readline. */
#define FIELD(name)                                                            \
  { #name, offsetof(Readline, name) }
static const struct {
  const char *name;
  size_t offset;
} fields[] = {FIELD(rl_callback_handler_install),
              FIELD(rl_callback_handler_remove),
              FIELD(rl_callback_read_char),
              FIELD(rl_replace_line),
              FIELD(rl_redisplay),
              FIELD(rl_bind_key),
              FIELD(rl_completion_matches),
              FIELD(read_history),
              FIELD(add_history),
              FIELD(write_history),
              FIELD(append_history),
              FIELD(history_truncate_file),
              FIELD(rl_point),
              FIELD(rl_end),
              FIELD(rl_done),
              FIELD(rl_outstream),
              FIELD(rl_readline_name),
              FIELD(rl_catch_signals),
              FIELD(rl_getc_function),
              FIELD(rl_attempted_completion_function),
              FIELD(rl_attempted_completion_over),
              FIELD(rl_completion_append_character),
              FIELD(rl_basic_word_break_characters),
              FIELD(rl_completer_quote_characters),
              FIELD(rl_completion_quote_character),
              FIELD(rl_line_buffer),
              FIELD(history_comment_char),
              FIELD(history_write_timestamps),
              FIELD(history_multiline_entries)};

const Readline *rlload(const char **why) {
  static Readline readline;
  static void *library;
  if (library) return &readline;
  /* the version the program was built against, else any */
  void *h = dlopen(SONAME(RL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libreadline.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    *why = dlerror();
    return NULL;
  }
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    void *p = dlsym(h, fields[i].name);
    if (!p) {
      *why = dlerror();
      dlclose(h);
      return NULL;
    }
    *(void **)((char *)&readline + fields[i].offset) = p;
  }
  library = h;
  return &readline;
}

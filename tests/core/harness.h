/*
** harness.h — a tiny test harness for the C tests: checks that count and
** report, and a summary line "N passed, N failed".
*/
#ifndef MUTORERE_HARNESS_H
#define MUTORERE_HARNESS_H

#include <stdint.h>

/* Records one check; prints file:line and the message when it fails.
** Returns ok. */
int harness_check(int ok, const char *file, int line, const char *what);

/* Records an equality of two integers. */
int harness_check_int(int64_t got, int64_t want, const char *file, int line,
                      const char *what);

/* Records an equality of two strings (NULL allowed). */
int harness_check_str(const char *got, const char *want, const char *file,
                      int line, const char *what);

/* Checks that the core holds no memory any more, prints the summary;
** returns the process exit status (0 when all passed). */
int harness_report(void);

#define CHECK(c) harness_check(!!(c), __FILE__, __LINE__, #c)
#define CHECK_INT(got, want)                                                   \
  harness_check_int((int64_t)(got), (int64_t)(want), __FILE__, __LINE__, #got)
#define CHECK_STR(got, want)                                                   \
  harness_check_str((got), (want), __FILE__, __LINE__, #got)

#endif

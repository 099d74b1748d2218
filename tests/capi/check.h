/*
** check.h — the checks of the C library's tests: each records a pass or
** prints where and what failed; the counts are printed at the end.
*/
#ifndef MUTORERE_TEST_CHECK_H
#define MUTORERE_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#include "mutorere.h"

static int passed, failed;

/* Records a check; prints where and what when it fails. */
static inline int check(int ok, const char *file, int line, const char *what) {
  if (ok)
    passed++;
  else {
    failed++;
    printf("FAIL %s:%d: %s\n", file, line, what);
  }
  return ok;
}

static inline int check_int(long long got, long long want, const char *file, int line,
                     const char *what) {
  char text[300];
  snprintf(text, sizeof text, "%s is %lld, want %lld", what, got, want);
  return check(got == want, file, line, text);
}

static inline int check_str(const char *got, const char *want, const char *file,
                     int line, const char *what) {
  char text[700];
  snprintf(text, sizeof text, "%.200s is \"%.200s\", want \"%.200s\"", what,
           got ? got : "(null)", want);
  return check(got && strcmp(got, want) == 0, file, line, text);
}

/* The call fails with status and a message that contains part. */
static inline int check_fails(int rc, int status, const char *part, const char *file,
                       int line, const char *what) {
  char text[900];
  const char *msg = mutorere_last_error();
  snprintf(text, sizeof text, "%.200s gave %d \"%.400s\", want %d and \"%.200s\"", what, rc,
           msg, status, part);
  return check(rc == status && strstr(msg, part) != NULL, file, line, text);
}

#define CHECK(c) check(!!(c), __FILE__, __LINE__, #c)
#define CHECK_INT(got, want) check_int((got), (want), __FILE__, __LINE__, #got)
#define CHECK_STR(got, want) check_str((got), (want), __FILE__, __LINE__, #got)
#define CHECK_OK(call)                                                         \
  check_str((call) == MUTORERE_OK ? "ok" : mutorere_last_error(), "ok",        \
            __FILE__, __LINE__, #call)
#define CHECK_FAILS(call, status, part)                                        \
  check_fails((call), (status), (part), __FILE__, __LINE__, #call)

#endif

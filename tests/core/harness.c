/*
** harness.c — the C tests' harness.
*/
#include "harness.h"

#include "memory.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static long passed, failed;

/* Counts one check. */
static int record(int ok) {
  if (ok)
    passed++;
  else
    failed++;
  return ok;
}

int harness_check(int ok, const char *file, int line, const char *what) {
  if (!ok) fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
  return record(ok);
}

int harness_check_int(int64_t got, int64_t want, const char *file, int line,
                      const char *what) {
  int ok = got == want;
  if (!ok)
    fprintf(stderr, "%s:%d: %s is %" PRId64 ", want %" PRId64 "\n", file, line,
            what, got, want);
  return record(ok);
}

int harness_check_str(const char *got, const char *want, const char *file,
                      int line, const char *what) {
  int ok = (got && want) ? strcmp(got, want) == 0 : got == want;
  if (!ok)
    fprintf(stderr, "%s:%d: %s is \"%s\", want \"%s\"\n", file, line, what,
            got ? got : "(null)", want ? want : "(null)");
  return record(ok);
}

int harness_report(void) {
  /* every test frees what the core allocated: no leaks */
  harness_check_int((int64_t)memory_in_use(), 0, __FILE__, __LINE__,
                    "memory_in_use() at the end");
  printf("%ld passed, %ld failed\n", passed, failed);
  return failed ? 1 : 0;
}

/*
** fuzz_puzzle.c — libFuzzer target: puzzle files.  The input is loaded as
** a puzzle file (data, in an empty environment, within a budget) and
** checked; a Lua error is fine, a crash is not.
*/
#include <stdint.h>

#include "fuzz_lua.h"

static const char *const driver =
    "local text = ...\n"
    "local ok, t = pcall(mt.puzzle.from_text, text, 'fuzz')\n"
    "if ok then mt.limit({time = 2, memory = 1 << 24}, mt.puzzle.check, t) "
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_drive(fuzz_state(driver), data, size);
  return 0;
}

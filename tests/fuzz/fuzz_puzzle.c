/*
** fuzz_puzzle.c — libFuzzer target: puzzle files.  The input is loaded as
** a puzzle file (data, in an empty environment, within a budget) and
** checked; a Lua error is fine, a crash is not.  The trace is the check's
** outcome.
*/
#include <stdint.h>

#include "fuzz_lua.h"

static const char *const driver =
    "return function(text)\n"
    "  local ok, t = pcall(mt.puzzle.from_text, text, 'fuzz')\n"
    "  if not ok then return 'not read: ' .. tostring(t) end\n"
    "  local checked, err = mt.limit({time = 2, memory = 1 << 24},\n"
    "    mt.puzzle.check, t)\n"
    "  return checked and 'checked' or 'not checked: ' .. tostring(err)\n"
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_one(driver, NULL, data, size);
  return 0;
}

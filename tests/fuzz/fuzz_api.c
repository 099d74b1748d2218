/*
** fuzz_api.c — libFuzzer target: random sequences of Lua API calls.  Each
** byte picks a call and its arguments; every call runs protected and
** within a budget.  Errors are fine; crashes, sanitizer reports and broken
** invariants (a game that changes on a failed call) are not.
*/
#include <stdint.h>

#include "fuzz_lua.h"

static const char *const driver =
    "local input = ...\n"
    "local function assert(ok) if not ok then broken('a broken invariant') end "
    "end\n"
    "local i = 0\n"
    "local function byte() i = i + 1 return input:byte(i) or 0 end\n"
    "local function text() local n = byte() % 24 local s = input:sub(i + 1, i "
    "+ n)\n"
    "  i = i + n return s end\n"
    "local variants = {'standard', 'first-move', 'first-two-turns', 'misere',\n"
    "  'adjacent-enemy', 'no-restriction', 'centre-must-leave'}\n"
    "local function variant()\n"
    "  local b = byte()\n"
    "  if b % 3 == 0 then return {base = variants[b % #variants + 1],\n"
    "    arms = 4 + 2 * (byte() % 5), flank = byte() % 6, misere = b % 2 == 0} "
    "end\n"
    "  return variants[b % #variants + 1]\n"
    "end\n"
    "local g = mt.game()\n"
    "local ops = {\n"
    "  function() g = mt.game(variant()) end,\n"
    "  function() local m = g:moves() if #m > 0 then g:play(m[byte() % #m + "
    "1]) end end,\n"
    "  function() local before = g:position() if not pcall(g.play, g, text()) "
    "then\n"
    "    assert(g:position() == before) end end,\n"
    "  function() g:undo() end,\n"
    "  function() g:redo() end,\n"
    "  function() mt.position(text()) end,\n"
    "  function() mt.perft(g, byte() % 7) end,\n"
    "  function() if not g:result() then mt.search(g, {depth = byte() % 6 + "
    "1}) end end,\n"
    "  function() if not g:result() then mt.mcts(g, {playouts = byte() % 40 + "
    "1, seed = byte()}) end end,\n"
    "  function() if g:variant().arms <= 10 then g:analyse() end end,\n"
    "  function() local h = mt.from_record(g:record()) assert(h:position() == "
    "g:position()) end,\n"
    "  function() mt.from_record(text()) end,\n"
    "  function() mt.svg(g) end,\n"
    "  function() local v = g:variant() v:moves(text()) end,\n"
    "  function() mt.game(variant(), text()) end,\n"
    "  function() g = g:copy() end,\n"
    "  function() mt.variant{base = variant(), max_plies = byte(), repetition "
    "= byte() % 4} end,\n"
    "  function() local p = g:board() p:transform{rotate = byte(), mirror = "
    "byte() % 2 == 0,\n"
    "    swap = byte() % 2 == 0} end,\n"
    "  function() if g:variant().arms <= 10 then mt.metrics(g:variant(),\n"
    "    {max_plies = byte() + 1, games = byte() % 8, start = g:position()}) "
    "end end,\n"
    "  function() if g:variant().arms <= 10 then g:review() "
    "g:lookahead(byte() % 8) end end,\n"
    "  function() if g:variant().arms <= 10 then\n"
    "    local h = mt.from_record(g:record{annotate = true})\n"
    "    assert(h:position() == g:position()) mt.html(g) end end,\n"
    "}\n"
    "while i < #input do\n"
    "  local op = ops[byte() % #ops + 1]\n"
    "  mt.limit({time = 1, memory = 1 << 26}, op)\n"
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_drive(fuzz_state(driver), data, size);
  return 0;
}

-- test_module.lua — mutorere.so loaded by a stock Lua host with require:
-- the same API, the scripts found next to the module.

local mt = require "mutorere"

test("require gives the module", function()
  eq(type(mt), "table", "module")
  eq(package.loaded.mutorere, mt, "registered")
  eq(mt.perft(mt.game(), 10), 128, "perft")
  local g = mt.game("first-move")
  g:play("1-c")
  eq(g:position(), ".bbbwwww/b w 1", "play")
  raises(function() g:play("3-4") end, "illegal move 3-4")
end)

test("scripts are found next to the module", function()
  local v = mt.variant("centre-must-leave")
  check(v.hooked, "a hooked variant script")
  check(#mt.variants() >= 8, "variants listed")
  eq(mt.perft(v, 8), 32, "its perft")
end)

test("hooks run in the host's Lua", function()
  local calls = 0
  local v = mt.variant{allow = function() calls = calls + 1 return true end}
  eq(mt.perft(v, 6), 12, "perft")
  check(calls > 0, "the hook was called")
  eq(type(mt.doc(mt.game)), "string", "help text embedded")
end)

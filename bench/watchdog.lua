-- watchdog.lua — what watching Lua code costs (run by bench.c with the
-- module loaded as mt, in a state that owns SIGINT and SIGALRM as the
-- program's does; quick = ... for a short run): the plain-Lua perft
-- outside any budget, within a time budget (a timer watches it) and within
-- an instruction budget (a count hook every 1,000 instructions), as ratios
-- measured in this one run.

local quick = ...
local mt = mt
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local perft_plain = dofile(here .. "perft_plain.lua")
local depth = quick and 20 or 24

local best = dofile(here .. "best.lua")

local free = best(function() return perft_plain(8, depth) end)
local timed = best(function()
  assert(mt.limit({time = 600}, perft_plain, 8, depth))
end)
local counted = best(function()
  assert(mt.limit({instructions = 1e15}, perft_plain, 8, depth))
end)
print(string.format("Lua code under the watchdog: plain-Lua perft, 8 arms, depth %d", depth))
print(string.format("  no budget %.3f s; a time budget %.3f s (%.2fx); an instruction budget %.3f s (%.2fx)",
                    free, timed, free / timed, counted, free / counted))

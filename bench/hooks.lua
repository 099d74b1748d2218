-- hooks.lua — what a rule written in Lua costs (run by bench.c with the
-- module loaded as mt; quick = ... for a short run; perft_plain = the
-- plain-Lua perft): the standard rule written as a Lua hook over
-- no-restriction against the same rule as parameters and against a perft
-- written wholly in Lua, with pure and impure hooks; hooked solves against
-- parameter solves; a variant that remembers moves.  Every figure is a
-- ratio measured in this one run.

local quick, perft_plain = ...
local mt = mt

-- The standard rule (the flank rule) as a hook, as a user writes it.
local function flank_rule(p, m)
  if m.to ~= "c" then return true end
  local n, a = p.arms, m.from
  local enemy = p.side == "black" and "white" or "black"
  return p[a % n + 1] == enemy or p[(a - 2) % n + 1] == enemy
end

local function hooked(arms, pure, symmetric)
  return mt.variant{name = "standard-as-hook", base = "no-restriction",
                    arms = arms, pure = pure, symmetric = symmetric, allow = flank_rule}
end

-- Seconds f() takes (the best of runs) and its result.
local function timed(f, runs)
  local best, result = math.huge, nil
  for _ = 1, runs or 1 do
    collectgarbage()
    local t = mt.clock()
    result = f()
    best = math.min(best, mt.clock() - t)
  end
  return best, result
end

local function line(what, count, seconds, unit)
  print(string.format("  %-46s %11d %s %7.3f s %8.2f M/s", what, count, unit,
                      seconds, count / seconds / 1e6))
  return count / seconds
end

local depth = quick and 22 or 30
print(string.format("the standard rule written as a Lua allow hook, perft depth %d, 8 arms", depth))
local function perft_of(v)
  return function() return mt.perft(v, depth) end
end
local seconds, leaves = timed(perft_of("standard"), 3)
local params = line("as parameters (C)", leaves, seconds, "leaves")
seconds, leaves = timed(perft_of(hooked(8, true)), 3)
local pure = line("as a pure Lua hook (asked once per state)", leaves, seconds, "leaves")
local impure_depth = depth - 4
local s2, l2 = timed(function() return mt.perft(hooked(8, false), impure_depth) end)
local impure = line(string.format("as an impure Lua hook (pure = false), depth %d", impure_depth),
                    l2, s2, "leaves")
local s3, l3 = timed(function() return perft_plain(8, impure_depth) end)
local plain = line(string.format("plain-Lua perft, depth %d", impure_depth), l3, s3, "leaves")
print(string.format("pure hook / parameters: %.2fx (target 0.25x, goal 0.5x); " ..
                    "pure hook / plain Lua: %.0fx (target 10x)", pure / params, pure / plain))
print(string.format("impure hook / plain Lua: %.1fx (target 5x)", impure / plain))

print("\nsolving: the standard rule as a pure Lua hook against parameters, each solver with its like")
local plain_solve = plain_solve -- luacheck: globals plain_solve (bench.c's)
for _, arms in ipairs(quick and {12, 14} or {12, 14, 16}) do
  local a = math.huge
  for _ = 1, 3 do a = math.min(a, plain_solve(arms)) end
  local b, s = timed(function() return mt.solve(hooked(arms, true)) end)
  print(string.format("  %2d arms, %9d positions, plain solver: parameters %7.3f s, hook %7.3f s: %.2fx" ..
                      " (target at 16 arms: 0.3x)", arms, s:states(), a, b, a / b))
  local c = timed(function() return mt.solve{base = "standard", arms = arms, repetition = 4} end)
  local d = timed(function() return mt.solve(hooked(arms, true, true)) end)
  print(string.format("  %2d arms, up to symmetry (symmetric = true): parameters %7.3f s, hook %7.3f s: %.2fx",
                      arms, c, d, c / d))
end

print("\na rule that remembers: tired-piece (history = 2)")
local tp = mt.variant("tired-piece")
local td = quick and 18 or 22
seconds, leaves = timed(function() return mt.perft(tp, td) end)
line(string.format("tired-piece perft, 8 arms, depth %d", td), leaves, seconds, "leaves")
for _, arms in ipairs(quick and {8, 10} or {8, 10, 12, 14}) do
  local t, s = timed(function() return mt.solve{base = "tired-piece", arms = arms} end)
  local census = s:census()
  print(string.format("  solve on %2d arms: %10d states in %7.3f s (%d reachable from the start)",
                      arms, s:states(), t, census.reachable))
end

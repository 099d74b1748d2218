-- tester.lua — what the tester's parts cost: the exact GSPRT of mt.sprt
-- (a root of the secular equation per hypothesis, or the fixed point of
-- the normalized model) against the normal approximation it replaced, a
-- call each pair; an outside engine (`mutorere --ugi`, over the protocol)
-- against the same player inside; a clocked match against an unclocked
-- one.  Run by bench.c with the module loaded as mt, PROGRAM the path of
-- the program; quick = ....

local quick = ...
local mt = mt
local PROGRAM = PROGRAM -- luacheck: globals PROGRAM (bench.c sets it)

-- Microseconds a call of f takes, over n calls.
local function per_call(f, n)
  local t = mt.clock()
  for _ = 1, n do f() end
  return (mt.clock() - t) / n * 1e6
end

-- The normal approximation of the GSPRT's LLR (what mt.sprt computed
-- before): N·(s1 − s0)·(2μ − s0 − s1)/(2σ²).
local function approximate(counts, elo0, elo1)
  local xs = {0, 0.25, 0.5, 0.75, 1}
  local s0, s1 = 1 / (1 + 10 ^ (-elo0 / 400)), 1 / (1 + 10 ^ (-elo1 / 400))
  local n, sum, sq = 0, 0, 0
  for i, c in ipairs(counts) do n, sum, sq = n + c, sum + c * xs[i], sq + c * xs[i] ^ 2 end
  local mean = sum / n
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * (sq / n - mean ^ 2))
end

local CALLS = quick and 2000 or 20000
local pairs_counts = {12, 150, 480, 160, 15}
print("tester: the SPRT, per call")
local base = per_call(function() return approximate(pairs_counts, 0, 5) end, CALLS)
for _, c in ipairs({{"pentanomial, logistic", {pairs = pairs_counts, elo0 = 0, elo1 = 5}},
                    {"pentanomial, normalized", {pairs = pairs_counts, elo0 = 0, elo1 = 5,
                                                 model = "normalized"}},
                    {"trinomial, logistic", {wins = 300, draws = 900, losses = 280, elo0 = 0,
                                             elo1 = 5}}}) do
  local us = per_call(function() return mt.sprt(c[2]) end, CALLS)
  print(string.format("  %-28s %9.1f us   %6.0fx the approximation (%.2f us)", c[1], us,
                      us / base, base))
end

-- Seconds a match takes.
local function timed(a, b, options)
  local t = mt.clock()
  local m = mt.match(a, b, options)
  return mt.clock() - t, m
end

local GAMES = quick and 10 or 40
print("tester: an outside engine against the same player inside")
local inside_s, inside = timed(mt.player("alphabeta", {depth = 2}), "random",
                               {games = GAMES, seed = 1})
local outside_s, outside = timed(mt.player{command = {PROGRAM, "--ugi"}, name = "ugi",
                                           limits = {depth = 2}}, "random",
                                 {games = GAMES, seed = 1})
local moves = 0
for _, r in ipairs(outside.records) do moves = moves + math.ceil(r.plies / 2) end
print(string.format("  inside  %7.3f s (%d games); over UGI %7.3f s: %.2f ms more a move " ..
                    "(start and stop included), %d games alike", inside_s, inside.games,
                    outside_s, (outside_s - inside_s) / moves * 1000, (function()
                      local same = 0
                      for i, r in ipairs(outside.records) do
                        if table.concat(r.moves, " ") ==
                           table.concat(inside.records[i].moves, " ") then same = same + 1 end
                      end
                      return same
                    end)()))
print("tester: a clock's cost (random players)")
local G = quick and 100 or 400
local plain = timed("random", "random", {games = G, seed = 2})
local clocked = timed("random", "random", {games = G, seed = 2, clock = {base = 60}})
print(string.format("  unclocked %7.3f s, clocked %7.3f s: %.2fx", plain, clocked,
                    clocked / plain))

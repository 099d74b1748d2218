-- matches.lua — what judging and worker processes cost a match: a judged
-- match against the same match unjudged (the table solved beforehand; bar
-- 1.2x), and 200 games of C players with jobs = 2 against the serial run
-- (bar: 1.6x on 2 idle cores), also with a perfect player on a hooked
-- variant, whose solve the parent does once for every worker (run by
-- bench.c with the module loaded as mt; quick = ...).  Each figure is the
-- best of three runs.

local quick = ...
local mt = mt

local GAMES = quick and 60 or 200
local RUNS = quick and 1 or 3 -- a figure is the best of this many runs

-- Seconds a match takes (the best of runs runs, RUNS by default), and the
-- match.
local function timed(a, b, options, runs)
  local best, m = math.huge, nil
  for _ = 1, runs or RUNS do
    local t = mt.clock()
    m = mt.match(a, b, options)
    best = math.min(best, mt.clock() - t)
  end
  return best, m
end

-- Prints a line of a match's figure.
local function line(what, games, seconds)
  print(string.format("  %-44s %11d games    %7.3f s %10.1f games/s", what, games, seconds,
                      games / seconds))
end

-- The judged match against the unjudged one, for a pair of players.
local function judging(name, a, b, variant)
  local options = {games = GAMES, variant = variant, openings = {plies = 8}, seed = 1}
  mt.solve(variant)
  local plain = timed(a, b, options)
  options.judge = true
  local judged, m = timed(a, b, options)
  line(name .. ", unjudged", GAMES, plain)
  line(name .. ", judged", GAMES, judged)
  print(string.format("judged / unjudged, %s: %.2fx (%d moves judged)%s", name, judged / plain,
                      m.a.judged.moves + m.b.judged.moves,
                      name:find("C players") and " (bar: 1.2x)" or ""))
end

local mcts = mt.player("mcts", {playouts = 300})
print(string.format("matches, %d games from 8-ply openings", GAMES))
judging("C players (alphabeta, mcts 300)", "alphabeta", mcts, "standard")
judging("random players", "random", "random", "standard")

-- jobs = 2 against the serial run: the same games, sooner; variant()
-- gives each its variant, runs the runs of each.
local function spread(name, a, b, options, variant, runs)
  options.games, options.variant = GAMES, variant()
  local serial, m1 = timed(a, b, options, runs)
  options.jobs, options.variant = 2, variant()
  local two, m2 = timed(a, b, options, runs)
  options.jobs = nil
  line(name .. ", serial", GAMES, serial)
  line(name .. ", jobs = 2", GAMES, two)
  local same = tostring(m1) == tostring(m2)
  print(string.format("jobs = 2 / serial, %s: %.2fx%s%s", name, serial / two,
                      name:find("C players") and " (bar: 1.6x on 2 idle cores)" or "",
                      same and "" or "  THE RESULTS DIFFER"))
end

spread("C players (alphabeta, mcts 300)", "alphabeta", mcts, {openings = {plies = 8}},
       function() return "standard" end)
-- a hooked variant made anew is solved anew: one run each, which solves
-- it once, here (were the workers to solve it, each would)
spread("perfect vs random, tired-piece 12 arms, solve included", "perfect", "random", {},
       function() return mt.variant{base = "tired-piece", arms = 12} end, 1)

-- against.lua — what playing for the win against a fallible opponent
-- gains: mt.player("perfect", {against = 0.5}) and plain "perfect", each
-- in a match against mt.player("perfect", {skill = 0.5}) on 10 and 12
-- arms (1,000 games each, colours swapping; 200 when quick), the score of
-- each (win 1, draw 1/2), the difference with its 95% interval (the two
-- matches independent: the normal interval of a difference of means),
-- and the seconds each match takes.  Run by bench.c with the module
-- loaded as mt (quick = ...), or alone: mutorere bench/against.lua [quick].

local quick = ...
quick = quick == true or quick == "quick"
local mt = mt or require("mutorere")

local GAMES = quick and 200 or 1000
local SKILL = 0.5 -- the opponent's

-- The mean score of side a of match m and the variance of one game's.
local function score(m)
  local n = m.games
  local mean = (m.a.wins + m.a.draws / 2) / n
  local square = (m.a.wins + m.a.draws / 4) / n
  return mean, square - mean * mean
end

-- The match of player against the fallible opponent on arms, timed.
local function play(player, arms)
  local t = mt.clock()
  local m = mt.match(player, mt.player("perfect", {skill = SKILL}),
                     {games = GAMES, variant = mt.variant{arms = arms}, seed = 1, progress = false})
  return m, mt.clock() - t
end

print(string.format("playing for the win: each player against perfect at skill %.1f, %d games a match",
                    SKILL, GAMES))
for _, arms in ipairs({10, 12}) do
  local plain, t0 = play(mt.player("perfect"), arms)
  local against, t1 = play(mt.player("perfect", {against = SKILL}), arms)
  local m0, v0 = score(plain)
  local m1, v1 = score(against)
  local se = math.sqrt(v0 / plain.games + v1 / against.games)
  local diff = m1 - m0
  print(string.format("  %2d arms: perfect %.4f (%d-%d-%d, %.1f s); against = %.1f %.4f (%d-%d-%d, %.1f s)",
                      arms, m0, plain.a.wins, plain.a.draws, plain.a.losses, t0, SKILL, m1,
                      against.a.wins, against.a.draws, against.a.losses, t1))
  print(string.format("           gain %+.4f, 95%% interval [%+.4f, %+.4f]", diff,
                      diff - 1.96 * se, diff + 1.96 * se))
end

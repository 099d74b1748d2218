-- test_stats.lua — the figures of matches and tournaments: mt.elo and
-- mt.sprt against hand-computed cases and against the formulas written
-- again here; their edge cases; matches carrying them (the pentanomial of
-- the pairs, an SPRT match that stops where the test decides); judged
-- matches against a naive re-judging of their records; tournament
-- ratings, cross-table and breakdown by variant.

local function near(got, want, tolerance, what)
  local ok = type(got) == "number" and (got == want or math.abs(got - want) <= tolerance)
  return check(ok, string.format("%s: got %s, want %s (± %g)", what, tostring(got),
                                 tostring(want), tolerance))
end

-- erf by Simpson's rule on 2/√π·e^(−t²) (2000 intervals): another way
-- than the module's series.
local function erf(x)
  local n, h, sum = 2000, x / 2000, 0
  for i = 0, n do
    local w = (i == 0 or i == n) and 1 or (i % 2 == 1 and 4 or 2)
    sum = sum + w * math.exp(-(i * h) ^ 2)
  end
  return 2 / math.sqrt(math.pi) * sum * h / 3
end

-- mt.elo written again from the issue's formulas (finite cases).
local function elo(w, d, l)
  local n = w + d + l
  local mu = (w + d / 2) / n
  local sigma = math.sqrt((w * (1 - mu) ^ 2 + d * (0.5 - mu) ^ 2 + l * mu ^ 2) / n)
  local function e(p) return -400 * math.log(1 / p - 1) / math.log(10) end
  local z = 1.959964 * sigma / math.sqrt(n)
  return {elo = e(mu), margin = (e(mu + z) - e(mu - z)) / 2, score = mu, draw_ratio = d / n,
          los = 0.5 * (1 + erf((w - l) / math.sqrt(2 * (w + l))))}
end

-- The GSPRT's LLR written again: scores xs seen counts times.
local function llr(xs, counts, elo0, elo1)
  local s0, s1 = 1 / (1 + 10 ^ (-elo0 / 400)), 1 / (1 + 10 ^ (-elo1 / 400))
  local n, sum, sq = 0, 0, 0
  for i, c in ipairs(counts) do n, sum, sq = n + c, sum + c * xs[i], sq + c * xs[i] ^ 2 end
  local mean = sum / n
  local var = sq / n - mean ^ 2
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
end

test("mt.elo: hand-computed cases and the formulas written again", function()
  local e = mt.elo(10, 20, 5) -- worked by hand in doc/api.md
  near(e.score, 20 / 35, 1e-12, "score")
  near(e.elo, 49.9755, 1e-3, "elo")
  near(e.margin, 76.350, 1e-2, "margin")
  near(e.los, 0.90165, 1e-4, "los")
  near(e.draw_ratio, 20 / 35, 1e-12, "draw ratio")
  e = mt.elo(30, 0, 10) -- 0.75: Elo 400·log10(3)
  near(e.elo, 400 * math.log(3, 10), 1e-9, "3 to 1")
  near(e.los, 0.5 * (1 + erf(20 / math.sqrt(80))), 1e-9, "los 30-10")
  for _, c in ipairs({{1, 1, 1}, {7, 3, 2}, {2, 3, 7}, {120, 400, 95}, {51, 0, 49}, {3, 97, 1},
                      {1000, 2000, 1100}}) do
    local got, want = mt.elo(c[1], c[2], c[3]), elo(c[1], c[2], c[3])
    local what = table.concat(c, "-")
    for _, k in ipairs({"elo", "margin", "score", "draw_ratio", "los"}) do
      near(got[k], want[k], 1e-8 * math.max(1, math.abs(want[k])), what .. " " .. k)
    end
  end
  near(mt.elo(7, 3, 2).elo, -mt.elo(2, 3, 7).elo, 1e-9, "the other side's view")
end)

test("mt.elo: edge cases", function()
  eq(mt.elo(0, 0, 0), {elo = 0, margin = math.huge, los = 0.5, draw_ratio = 0, score = 0.5},
     "no games")
  eq(mt.elo(0, 12, 0), {elo = 0, margin = 0, los = 0.5, draw_ratio = 1, score = 0.5},
     "all draws")
  local w = mt.elo(9, 0, 0)
  eq({w.elo, w.margin, w.score, w.draw_ratio}, {math.huge, math.huge, 1, 0}, "all wins")
  near(w.los, 0.5 * (1 + erf(9 / math.sqrt(18))), 1e-9, "all wins: los")
  local l = mt.elo(0, 0, 4)
  eq({l.elo, l.margin, l.score}, {-math.huge, math.huge, 0}, "all losses")
  eq(mt.elo(19, 0, 1).margin, math.huge, "the interval reaches a score of 1")
  check(mt.elo(0, 1, 0).margin == 0 and mt.elo(1, 0, 1).margin > 0, "spread or none")
  raises(function() mt.elo(-1, 0, 0) end, "wins must be a whole number >= 0, got -1")
  raises(function() mt.elo(1, 0.5, 0) end, "draws must be a whole number >= 0, got 0.5")
  raises(function() mt.elo(1, 2, "x") end, "losses must be a whole number >= 0")
end)

test("mt.sprt: hand-computed cases, game and pair scores", function()
  local t = mt.sprt{wins = 100, draws = 50, losses = 70, elo0 = 0, elo1 = 20}
  near(t.llr, 1.8052, 1e-3, "trinomial LLR")
  near(t.lower, math.log(0.05 / 0.95), 1e-12, "lower")
  near(t.upper, math.log(0.95 / 0.05), 1e-12, "upper")
  eq(t.result, nil, "undecided")
  local p = mt.sprt{pairs = {2, 10, 30, 12, 6}, elo0 = 0, elo1 = 10}
  near(p.llr, 0.54588, 1e-4, "pentanomial LLR")
  local GAME, PAIR = {1, 0.5, 0}, {0, 0.25, 0.5, 0.75, 1}
  for _, c in ipairs({{100, 50, 70, 0, 20}, {300, 900, 250, -5, 5}, {40, 10, 60, 0, 30},
                      {1200, 3000, 1000, 0, 10}}) do
    local got = mt.sprt{wins = c[1], draws = c[2], losses = c[3], elo0 = c[4], elo1 = c[5]}
    near(got.llr, llr(GAME, {c[1], c[2], c[3]}, c[4], c[5]), 1e-9, "trinomial " ..
         table.concat(c, " "))
  end
  for _, c in ipairs({{2, 10, 30, 12, 6}, {0, 5, 90, 20, 1}, {14, 3, 8, 3, 14}}) do
    local got = mt.sprt{pairs = c, elo0 = 0, elo1 = 15, alpha = 0.1, beta = 0.02}
    near(got.llr, llr(PAIR, c, 0, 15), 1e-9, "pentanomial " .. table.concat(c, " "))
    near(got.lower, math.log(0.02 / 0.9), 1e-12, "lower with alpha and beta")
    near(got.upper, math.log(0.98 / 0.1), 1e-12, "upper with alpha and beta")
  end
  eq(mt.sprt{wins = 900, draws = 200, losses = 400, elo0 = 0, elo1 = 20}.result, "H1",
     "a clear winner")
  eq(mt.sprt{wins = 400, draws = 200, losses = 900, elo0 = 0, elo1 = 20}.result, "H0",
     "a clear loser")
  local at = mt.sprt{wins = 100, draws = 50, losses = 70, elo0 = 0, elo1 = 20}
  eq(mt.sprt{wins = 100, draws = 50, losses = 70, elo0 = 0, elo1 = 20, alpha = 0.4,
             beta = 0.4}.result, at.llr >= math.log(0.6 / 0.4) and "H1" or nil,
     "H1 at the upper bound")
end)

test("mt.sprt: edge cases and errors", function()
  eq(mt.sprt{elo0 = 0, elo1 = 20}.llr, 0, "no games")
  eq(mt.sprt{wins = 0, draws = 40, losses = 0, elo0 = 0, elo1 = 20}, {llr = 0,
     lower = math.log(0.05 / 0.95), upper = math.log(0.95 / 0.05)}, "all draws: no spread")
  eq(mt.sprt{wins = 50, draws = 0, losses = 0, elo0 = 0, elo1 = 20}.llr, 0, "all wins")
  eq(mt.sprt{pairs = {0, 0, 33, 0, 0}, elo0 = 0, elo1 = 5}.llr, 0, "every pair alike")
  check(mt.sprt{wins = 5, draws = 0, losses = 5, elo0 = 20, elo1 = 0}.llr > 0,
        "elo1 below elo0: an even score is for it")
  raises(function() mt.sprt{wins = 1, elo0 = 5, elo1 = 5} end, "elo0 and elo1 must differ")
  raises(function() mt.sprt{wins = 1, elo0 = 0} end, "elo1 must be an Elo difference")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, alpha = 0} end, "alpha must be a number above 0")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, beta = 0.7} end, "beta must be a number above 0")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, wins = 3, pairs = {1, 1, 1, 1, 1}} end,
         "not both")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, pairs = {1, 1, 1}} end, "a list of 5 counts")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, wins = -2} end, "wins must be a whole number")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, win = 3} end, "unknown option \"win\"")
  raises(function() mt.sprt(5) end,
         "bad argument #1 to 'sprt' (table {wins, draws, losses, elo0, elo1} expected, got number)")
end)

-- The score of a record for the colour given.
local function score(r, colour)
  if r.result == "draw" then return 0.5 end
  return r.result == colour and 1 or 0
end

-- a's colour in game i of a match with colours swapping.
local function colour_of(i) return i % 2 == 1 and "black" or "white" end

test("a match carries Elo and the pentanomial of its pairs", function()
  local m = mt.match(mt.player("alphabeta", {depth = 2}), "random",
                     {games = 41, seed = 3, openings = {plies = 6}})
  eq(m.elo, mt.elo(m.a.wins, m.a.draws, m.a.losses), "m.elo")
  local counts = {0, 0, 0, 0, 0}
  for i = 1, 39, 2 do
    local k = math.floor(2 * (score(m.records[i], colour_of(i)) +
                              score(m.records[i + 1], colour_of(i + 1))) + 0.5) + 1
    counts[k] = counts[k] + 1
  end
  eq(m.pairs, counts, "20 pairs, the last game alone")
  local text = tostring(m)
  check(text:find("Elo of alphabeta: %+[%d.]+ ± [%d.inf]+, LOS [%d.]+%%, draws [%d.]+%%"), "Elo")
  check(text:find("pairs by alphabeta's score 0, 1/4, 1/2, 3/4, 1: " ..
                  table.concat(counts, " "), 1, true), "pentanomial")
  for line in text:gmatch("[^\n]+") do check(utf8.len(line) <= 80, "80 columns: " .. line) end
  eq(mt.match("random", "random", {games = 4, swap = false}).pairs, nil, "no pairs unswapped")
end)

test("an SPRT match stops when the LLR crosses a bound", function()
  local options = {games = 400, seed = 2, openings = {plies = 10},
                   sprt = {elo0 = 0, elo1 = 100}, progress = false}
  local strong, weak = mt.player("alphabeta", {depth = 3}), mt.player("random")
  local m = mt.match(strong, weak, options)
  eq(m.sprt.result, "H1", "alphabeta is stronger than random")
  check(m.games < 400 and m.games % 2 == 0, "stopped early, after whole pairs: " .. m.games)
  eq(#m.records, m.games, "every game kept")
  local counts, PAIR = {0, 0, 0, 0, 0}, {0, 0.25, 0.5, 0.75, 1}
  for i = 1, m.games, 2 do
    local k = math.floor(2 * (score(m.records[i], colour_of(i)) +
                              score(m.records[i + 1], colour_of(i + 1))) + 0.5) + 1
    counts[k] = counts[k] + 1
    local l = 0
    local spread = 0
    for _, c in ipairs(counts) do spread = spread + (c > 0 and 1 or 0) end
    if spread > 1 then l = llr(PAIR, counts, 0, 100) end
    if i + 1 < m.games then
      check(l < m.sprt.upper and l > m.sprt.lower, "not crossed after " .. (i + 1) .. " games")
    else
      near(l, m.sprt.llr, 1e-9, "the LLR at the end")
      check(l >= m.sprt.upper, "crossed at the end")
    end
  end
  eq(m.pairs, counts, "the pairs the test saw")
  check(tostring(m):find("SPRT elo0 0, elo1 100 (alpha 0.05, beta 0.05): H1 accepted after " ..
                         m.games .. " games", 1, true), "said")
  options.jobs = 2
  local spread = mt.match(strong, weak, options)
  eq({spread.games, spread.sprt}, {m.games, m.sprt}, "with jobs: where the serial run stops")
  options.jobs, options.sprt = nil, {elo0 = -20, elo1 = 0}
  local back = mt.match(weak, strong, options)
  eq(back.sprt.result, "H0", "random is not stronger")
  local draws = mt.match("perfect", "perfect", {games = 12, sprt = {elo0 = 0, elo1 = 20}})
  eq({draws.games, draws.sprt.result, draws.sprt.llr}, {12, nil, 0},
     "all draws: no spread, undecided at the cap")
  check(tostring(draws):find("undecided after 12 games", 1, true), "said")
  raises(function() mt.match("random", "random", {sprt = {elo0 = 0, elo1 = 0}}) end,
         "elo0 and elo1 must differ")
  raises(function() mt.match("random", "random", {sprt = {elo0 = 0, elo1 = 5}, swap = false}) end,
         "swap must be true")
  raises(function() mt.match("random", "random", {sprt = {elo0 = 0, elo2 = 5}}) end,
         "(option sprt: unknown option \"elo2\"")
end)

-- The judged figures of a match worked out again from its records: each
-- game replayed, reviewed with g:review(), and the plies lost found from
-- g:analyse() before each move (lost.win and lost.loss add up the plies
-- lost in won and in lost positions).
local function rejudge(m, variant, lost)
  local out = {}
  for _, name in ipairs({"a", "b"}) do
    out[name] = {moves = 0, blunders = 0, inaccuracies = 0, plies_lost = 0}
  end
  for _, r in ipairs(m.records) do
    local opening = r.opening and m.openings[r.opening]
    local g = opening and opening:copy() or mt.game(variant, r.start)
    local book = g:ply()
    for i = book + 1, #r.moves do g:play(r.moves[i]) end
    local review = g:review()
    local replay = opening and opening:copy() or mt.game(variant, r.start)
    for i = book + 1, #r.moves do
      local e = review[i]
      local side = (e.side == "black") == (colour_of(r.game) == "black") and out.a or out.b
      side.moves = side.moves + 1
      if e.verdict == "blunder" then
        side.blunders = side.blunders + 1
      else
        if e.verdict == "inaccuracy" then side.inaccuracies = side.inaccuracies + 1 end
        local a = replay:analyse()
        local best, mine = a.moves[1], nil
        for _, x in ipairs(a.moves) do if x.move == r.moves[i] then mine = x end end
        local d = 0
        if a.value == "win" then d = mine.distance - best.distance
        elseif a.value == "loss" then d = best.distance - mine.distance
        end
        side.plies_lost = side.plies_lost + d
        if d > 0 then lost[a.value] = lost[a.value] + d end
      end
      replay:play(r.moves[i])
    end
  end
  for _, side in pairs(out) do
    local kept = side.moves - side.blunders
    side.distance_lost = kept > 0 and side.plies_lost / kept or 0
  end
  return out
end

test("judged matches count what a naive re-judging of their records counts", function()
  local cases = {
    {mt.player("alphabeta", {depth = 1}), "random", {games = 16, seed = 4}, "standard"},
    {mt.player("perfect", {skill = 0.6}), mt.player("alphabeta", {depth = 2}),
     {games = 12, seed = 5, openings = {plies = 5}, variant = {arms = 10}}, {arms = 10}},
    {"random", mt.player("perfect", {skill = 0.5}),
     {games = 8, seed = 6, variant = {base = "tired-piece", arms = 8}, openings = {plies = 3}},
     {base = "tired-piece", arms = 8}},
    {"random", mt.player("alphabeta", {depth = 1}), {games = 10, seed = 8,
     variant = "first-move"}, "first-move"},
    {mt.player("perfect", {skill = 0.5}), mt.player("perfect", {skill = 0.3}),
     {games = 20, seed = 8, variant = {base = "first-two-turns", arms = 10}},
     {base = "first-two-turns", arms = 10}},
  }
  local inaccuracies, lost = 0, {win = 0, loss = 0}
  for k, c in ipairs(cases) do
    c[3].judge = true
    local m = mt.match(c[1], c[2], c[3])
    local want = rejudge(m, c[4], lost)
    for _, name in ipairs({"a", "b"}) do
      local got = m[name].judged
      eq({got.moves, got.blunders, got.inaccuracies, got.plies_lost},
         {want[name].moves, want[name].blunders, want[name].inaccuracies, want[name].plies_lost},
         "case " .. k .. ", player " .. name)
      near(got.distance_lost, want[name].distance_lost, 1e-12, "case " .. k .. " mean lost")
    end
    check(m.a.judged.blunders + m.b.judged.blunders > 0, "case " .. k .. " has blunders")
    inaccuracies = inaccuracies + m.a.judged.inaccuracies + m.b.judged.inaccuracies
    c[3].jobs = 2
    local spread = mt.match(c[1], c[2], c[3])
    eq({spread.a.judged, spread.b.judged}, {m.a.judged, m.b.judged}, "case " .. k .. " with jobs")
  end
  check(inaccuracies > 0 and lost.win > 0 and lost.loss > 0,
        "the cases have inaccuracies, slower wins and faster losses")
  local perfect = mt.match("perfect", "random", {games = 10, judge = true})
  eq({perfect.a.judged.blunders, perfect.a.judged.inaccuracies, perfect.a.judged.plies_lost},
     {0, 0, 0}, "perfect makes no mistake")
  local text = tostring(perfect)
  check(text:find("judged by solver +moves +blunders +inaccuracies +plies lost/move"), "a table")
  check(text:find("\n  perfect +%d+ +0 +0 +0.000"), "perfect's row")
  eq(mt.match("random", "random", {games = 2}).a.judged, nil, "not judged unless asked")
  raises(function() mt.match("random", "random", {judge = "yes"}) end,
         "option judge must be a boolean, got \"yes\"")
  raises(function() mt.match("random", "random", {judge = true, variant = {arms = 60}}) end,
         "cannot solve: 60 arms are too many")
end)

-- The total of field k of rows.
local function sum(rows, k)
  local total = 0
  for _, r in ipairs(rows) do total = total + r[k] end
  return total
end

test("tournament ratings: a known order, the maximum of the likelihood, intervals", function()
  local t = mt.tournament{players = {"random", "perfect", mt.player("alphabeta", {depth = 1})},
                         variants = {"standard", {arms = 10}}, games = 12, seed = 3,
                         openings = {plies = 4}}
  local order = {}
  for i, s in ipairs(t.standings) do order[i] = s.name end
  eq(order, {"perfect", "alphabeta", "random"}, "the order known")
  check(t.standings[1].rating > t.standings[2].rating and
        t.standings[2].rating > t.standings[3].rating, "ratings in that order")
  near(sum(t.standings, "rating"), 0, 1e-9, "mean 0")
  eq(t.virtual_draws, nil, "a finite maximum")
  -- the likelihood's gradient is 0 at the ratings: each player's expected
  -- score equals its points
  local n = #t.standings
  for r = 1, n do
    local expected = 0
    for c = 1, n do
      local x = t.cross[r][c]
      if x then
        local p = 1 / (1 + 10 ^ ((t.standings[c].rating - t.standings[r].rating) / 400))
        expected = expected + x.games * p
      end
    end
    near(expected, t.standings[r].points, 1e-6, t.standings[r].name .. ": expected score")
  end
  for _, s in ipairs(t.standings) do
    check(s.low < s.rating and s.rating < s.high, s.name .. ": the interval holds the rating")
  end
  -- every player's interval from the covariance of ratings of mean 0,
  -- found here another way than the module's (which holds the last
  -- player's strength at 0): the pseudo-inverse of the Fisher
  -- information, a Laplacian of weights games p (1 - p), as (L + J/n)^-1
  -- - J/n, J all ones
  local a = {}
  for r = 1, n do
    a[r] = {}
    for c = 1, n do a[r][c] = 1 / n end
  end
  for r = 1, n do
    for c = 1, n do
      local x = t.cross[r][c]
      if x and r ~= c then
        local p = 1 / (1 + 10 ^ ((t.standings[c].rating - t.standings[r].rating) / 400))
        local w = x.games * p * (1 - p)
        a[r][c], a[r][r] = a[r][c] - w, a[r][r] + w
      end
    end
  end
  local inverse = {} -- by Gauss-Jordan elimination
  for r = 1, n do
    inverse[r] = {}
    for c = 1, n do inverse[r][c] = r == c and 1 or 0 end
  end
  for k = 1, n do
    local pivot = a[k][k]
    for c = 1, n do a[k][c], inverse[k][c] = a[k][c] / pivot, inverse[k][c] / pivot end
    for r = 1, n do
      if r ~= k then
        local f = a[r][k]
        for c = 1, n do a[r][c], inverse[r][c] = a[r][c] - f * a[k][c], inverse[r][c] - f * inverse[k][c] end
      end
    end
  end
  for r, s in ipairs(t.standings) do
    local se = 400 / math.log(10) * math.sqrt(inverse[r][r] - 1 / n)
    near(s.high - s.rating, 1.959964 * se, 1e-6, s.name .. ": the interval's half")
    near(s.rating - s.low, 1.959964 * se, 1e-6, s.name .. ": the interval is even")
  end
  -- two players: rating ±d/2, and the interval from the Fisher
  -- information of one binomial: var(d) = 1/(n p (1 - p)) in natural units
  local two = mt.tournament{players = {mt.player("alphabeta", {depth = 1}), "random"},
                            games = 40, seed = 2, openings = {plies = 6}}
  local top = two.standings[1]
  local p = top.points / top.games
  local d = 400 * math.log(p / (1 - p), 10)
  near(top.rating, d / 2, 1e-6, "half the difference")
  local se = 400 / math.log(10) * math.sqrt(1 / (top.games * p * (1 - p))) / 2
  near(top.high - top.rating, 1.959964 * se, 1e-6, "the interval")
end)

test("tournaments: cross-table, breakdown by variant and colour, names of variants", function()
  local faulty = mt.player(function() error("gave up") end, {name = "quitter"})
  local t = mt.tournament{players = {"perfect", mt.player("alphabeta", {depth = 2}), faulty},
                         variants = {"standard", "first-move", {base = "misere", arms = 10,
                         max_plies = 60}, {base = "tired-piece", arms = 10}, {arms = 12}},
                         games = 4, seed = 9}
  eq(t.variants, {"standard, 8 arms", "first-move, 8 arms", "misere, 10 arms, at most 60 plies",
                  "tired-piece (hooked), 10 arms", "standard, 12 arms"}, "named by what they are")
  eq(t.virtual_draws, true, "quitter lost everything: virtual draws")
  check(t.standings[3].name == "quitter" and t.standings[3].rating > -math.huge, "finite")
  for r, s in ipairs(t.standings) do
    local rows = {}
    for _, b in ipairs(t.by_variant) do rows[#rows + 1] = b.rows[r] end
    for _, k in ipairs({"points", "games", "wins", "losses", "draws"}) do
      eq(sum(rows, k), s[k], s.name .. ": " .. k .. " by variant sum to the total")
    end
    for _, colour in ipairs({"as_black", "as_white"}) do
      local parts = {}
      for i, row in ipairs(rows) do parts[i] = row[colour] end
      for _, k in ipairs({"wins", "losses", "draws"}) do
        eq(sum(parts, k), s[colour][k], s.name .. " " .. colour .. " " .. k)
      end
    end
    local points, games = 0, 0
    for c = 1, #t.standings do
      if t.cross[r][c] then
        points, games = points + t.cross[r][c].points, games + t.cross[r][c].games
        near(t.cross[r][c].points + t.cross[c][r].points, t.cross[r][c].games, 0,
             "a pairing's points")
      end
    end
    eq({points, games}, {s.points, s.games}, s.name .. ": the cross-table's row")
  end
  local first = t.by_variant[2]
  eq(first.start, {value = "loss", distance = 4, side = "black"}, "first-move: lost for black")
  eq(t.by_variant[1].start, {value = "draw", side = "black"}, "standard: a draw")
  local perfect = first.rows[1]
  eq(perfect.as_white.losses, 0, "perfect never loses as white in first-move")
  local text = tostring(t)
  check(text:find("first-move, 8 arms (start: lost for black in 4), by colour", 1, true),
        "by colour where the start is lost")
  check(text:find("\n    perfect +[%d.]+  as black %d+%-%d+%-%d+ +as white"), "colour columns")
  check(text:find("standard, 8 arms (start: a draw)\n", 1, true), "no colours for a draw")
  check(text:find("cross-table", 1, true) and text:find("virtual draw", 1, true), "said")
  for line in text:gmatch("[^\n]+") do check(utf8.len(line) <= 80, "80 columns: " .. line) end
  local judged = mt.tournament{players = {"perfect", "random"}, games = 4, judge = true}
  eq(judged.standings[1].judged.blunders, 0, "judged in a tournament")
  check(tostring(judged):find("judged by solver", 1, true), "printed")
  raises(function() mt.tournament{players = {"random", "random"}, gmaes = 3} end,
         "bad argument #1 to 'tournament' (unknown option \"gmaes\"")
end)

test("a match's text: the points of each player, a draw a half", function()
  local a, b = mt.player("perfect", {name = "first"}), mt.player("perfect", {name = "second"})
  local m = mt.match(a, b, {games = 4})
  eq({m.a.wins, m.a.draws, m.a.losses}, {0, 4, 0}, "perfect play draws")
  local text = tostring(m)
  check(text:find("\n  first  +2%.0     0      0     4  ") and text:find("\n  second  +2%.0     0      0     4  "),
        "four draws are 2 points: " .. text)
end)

test("a tournament on a variant whose start is not solved breaks it down by colour", function()
  local t = mt.tournament{players = {"random", mt.player("random", {name = "other"})},
                          variants = {{arms = 40, max_plies = 20}}, games = 2}
  eq(t.by_variant[1].start, nil, "40 arms: not solved")
  local text = tostring(t)
  check(text:find("(start not solved), by colour", 1, true) and text:find("as black", 1, true),
        "by colour: " .. text)
end)

test("a tournament's text has its cross-table up to 8 players", function()
  local function players(n)
    local list = {}
    for i = 1, n do list[i] = mt.player("random", {name = "p" .. i}) end
    return list
  end
  local variants = {{base = "standard", max_plies = 10}}
  local eight = tostring(mt.tournament{players = players(8), variants = variants, games = 2})
  check(eight:find("cross-table: points of the row's player against the column's", 1, true) and
        eight:find("\n   8 p%d +[%d. ]+\n"), "8 players: printed: " .. eight)
  local nine = tostring(mt.tournament{players = players(9), variants = variants, games = 2})
  check(nine:find("cross-table: in t.cross (too wide to print)", 1, true), "9 players: " .. nine)
end)

test("bad options: clear errors that name no file of the module", function()
  local calls = {
    function() mt.match("random", "random", {gmaes = 3}) end,
    function() mt.tournament{players = {"random", "random"}, gmaes = 3} end,
    function() mt.match("random", "random", {judge = 3}) end,
    function() mt.match("random", "random", {sprt = {elo0 = 1}}) end,
    function() mt.match("random", "random", {sprt = 5}) end,
    function() mt.match("random", "random", {openings = {plies = "x"}}) end,
    function() mt.openings("standard", {plies = 1.5}) end,
    function() mt.elo() end, function() mt.sprt() end,
    function() mt.sprt{wins = 1, elo0 = 0, elo1 = 1 / 0} end,
    function() mt.tournament{players = {"random", "random"}, variants = 5} end,
    function() mt.match("random", "random", 5) end,
  }
  local want = {"#3 to 'match' (unknown option \"gmaes\"",
                "#1 to 'tournament' (unknown option \"gmaes\"",
                "#3 to 'match' (option judge must be a boolean, got 3)",
                "#3 to 'match' (option sprt: option elo1 must be an Elo difference",
                "#3 to 'match' (option sprt must be a table, got 5)",
                "#3 to 'match' (option openings: option plies must be an integer, got \"x\")",
                "#2 to 'openings' (option plies must be an integer, got 1.5)",
                "#1 to 'elo' (wins must be a whole number >= 0, got nil)",
                "#1 to 'sprt' (table {wins, draws, losses",
                "#1 to 'sprt' (option elo1 must be an Elo difference from -2000 to 2000, got inf)",
                "#1 to 'tournament' (option variants must be a table, got 5)",
                "#3 to 'match' (table of options expected, got number)"}
  for i, f in ipairs(calls) do
    local err = raises(f, "bad argument " .. want[i], "call " .. i)
    check(err and not err:find("mutorere/", 1, true), "call " .. i .. " names no module file")
  end
end)

test("long and non-ASCII names keep the tables in 80 columns, aligned", function()
  local t = mt.tournament{players = {mt.player("random", {name = "Te Rangiuā Ōtaki"}),
                                     mt.player("random", {name = "alphabeta-depth-number-nine"})},
                         games = 2, variants = {"standard", "first-move"}}
  local text = tostring(t)
  check(text:find("\n  1    Te Rangiuā Ōtaki ", 1, true) or
        text:find("\n  2    Te Rangiuā Ōtaki ", 1, true), "a name of 16 columns whole")
  check(text:find("alphabet…er-nine", 1, true), "a longer one loses its middle")
  local columns = {}
  for line in text:gmatch("[^\n]+") do
    check(utf8.len(line) <= 80, "80 columns: " .. line)
    local rank = line:match("^  %d    ")
    if rank then columns[#columns + 1] = utf8.len(line:match("^(.-%d+%.%d)")) end
  end
  eq(columns[1], columns[2], "the points line up")
end)

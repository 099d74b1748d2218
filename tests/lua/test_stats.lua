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

-- --- the GSPRT computed again, another way: the constrained likelihoods
-- maximised by Newton's method on the distributions themselves (the module
-- solves the secular equation of their Lagrange multiplier instead) ---
local PHI = (math.sqrt(5) - 1) / 2

local function golden(f, lo, hi)
  local x1, x2 = hi - PHI * (hi - lo), lo + PHI * (hi - lo)
  local f1, f2 = f(x1), f(x2)
  for _ = 1, 300 do
    if hi - lo < 1e-15 then break end
    if f1 < f2 then lo, x1, f1 = x1, x2, f2; x2 = lo + PHI * (hi - lo); f2 = f(x2)
    else hi, x2, f2 = x2, x1, f1; x1 = hi - PHI * (hi - lo); f1 = f(x1) end
  end
  return math.max(f1, f2), (x1 + x2) / 2
end

local function freqs(counts)
  local n, phat = 0, {}
  for i, c in ipairs(counts) do phat[i] = c == 0 and 1e-3 or c; n = n + phat[i] end
  for i = 1, #phat do phat[i] = phat[i] / n end
  return phat, n
end

-- Solves the k×k system a·x = b (Gauss–Jordan).
local function solve(a, b)
  local k, m = #b, {}
  for i = 1, k do m[i] = {table.unpack(a[i])}; m[i][k + 1] = b[i] end
  for c = 1, k do
    local piv = c
    for r = c + 1, k do if math.abs(m[r][c]) > math.abs(m[piv][c]) then piv = r end end
    m[c], m[piv] = m[piv], m[c]
    for r = 1, k do
      if r ~= c then
        local f = m[r][c] / m[c][c]
        for j = c, k + 1 do m[r][j] = m[r][j] - f * m[c][j] end
      end
    end
  end
  local x = {}
  for i = 1, k do x[i] = m[i][k + 1] / m[i][i] end
  return x
end

-- max Σ p̂_i ln p_i over p = base + Σ_j q_j·cols[j] (p > 0), from q.
local function newton(phat, base, cols, q)
  local n, k = #phat, #cols
  local function p_of(x)
    local p = {}
    for i = 1, n do
      local v = base[i]
      for j = 1, k do v = v + x[j] * cols[j][i] end
      p[i] = v
    end
    return p
  end
  local function f(x)
    local p, s = p_of(x), 0
    for i = 1, n do
      if p[i] <= 0 or p[i] ~= p[i] then return -math.huge end
      s = s + phat[i] * math.log(p[i])
    end
    return s
  end
  local best = f(q)
  assert(best > -math.huge, "infeasible start")
  for _ = 1, 200 do
    local p = p_of(q)
    local g, h = {}, {}
    for j = 1, k do
      g[j], h[j] = 0, {}
      for i = 1, n do g[j] = g[j] + phat[i] / p[i] * cols[j][i] end
      for l = 1, k do
        local s = 0
        for i = 1, n do s = s + phat[i] / p[i] ^ 2 * cols[j][i] * cols[l][i] end
        h[j][l] = s
      end
    end
    local step = solve(h, g) -- −H⁻¹·g with H = −h
    local t, moved = 1, false
    for _ = 1, 80 do
      local trial = {}
      for j = 1, k do trial[j] = q[j] + t * step[j] end
      local v = f(trial)
      if v >= best then q, best, moved = trial, v, true break end
      t = t / 2
    end
    if not moved then break end
    local size = 0
    for j = 1, k do size = math.max(size, math.abs(t * step[j])) end
    if size < 1e-15 then break end
  end
  return best
end

-- max over distributions on scores a of mean s: free coordinates the
-- middle scores; the end ones (0 and 1) follow.
local function mean_constrained(phat, a, s)
  local n = #a
  -- p_1 and p_n from the others: p_n = s − Σ a_j p_j, p_1 = 1 − Σ p_j − p_n
  local base = {}
  for i = 1, n do base[i] = 0 end
  base[n], base[1] = s, 1 - s
  local cols = {}
  for j = 2, n - 1 do
    local c = {}
    for i = 1, n do c[i] = 0 end
    c[j], c[n], c[1] = 1, -a[j], -(1 - a[j])
    cols[#cols + 1] = c
  end
  local m = 0.5 * math.min(s, 1 - s) / (n - 2)
  local q = {}
  for j = 1, n - 2 do q[j] = m end
  return newton(phat, base, cols, q)
end

-- The starts tried for two free coordinates: a grid even in the logarithm
-- of q and of 1 − q (the best may be a distribution nearly all on one
-- score, the free coordinates near 0 or 1).
local GRID = {}
for k = 0, 20 do
  GRID[#GRID + 1] = 10 ^ (-7 + k / 3)
  GRID[#GRID + 1] = 1 - 10 ^ (-7 + k / 3)
end

-- max over distributions on scores a of mean mu and second moment m2
-- (free coordinates: all but three, which follow); a start q found by a
-- grid.  -inf when none is positive.
local function moment_constrained(phat, a, mu, m2)
  local n = #a
  local fixed = n == 3 and {1, 2, 3} or {1, 3, 5}
  local free = n == 3 and {} or {2, 4}
  -- solve for the fixed ones: rows (1, a, a²)
  local A = {}
  for r = 1, 3 do
    A[r] = {}
    for c = 1, 3 do A[r][c] = a[fixed[c]] ^ (r - 1) end
  end
  local function affine(rhs) return solve(A, rhs) end
  local b0 = affine({1, mu, m2})
  local base = {}
  for i = 1, n do base[i] = 0 end
  for c = 1, 3 do base[fixed[c]] = b0[c] end
  local cols = {}
  for _, j in ipairs(free) do
    local d = affine({-1, -a[j], -a[j] ^ 2})
    local col = {}
    for i = 1, n do col[i] = 0 end
    col[j] = 1
    for c = 1, 3 do col[fixed[c]] = d[c] end
    cols[#cols + 1] = col
  end
  if #cols == 0 then
    local s = 0
    for i = 1, n do
      if base[i] <= 0 or base[i] ~= base[i] then return -math.huge end
      s = s + phat[i] * math.log(base[i])
    end
    return s
  end
  -- the best start on the grid, each row's part computed once
  local best, start = -math.huge, nil
  local c1, c2, log = cols[1], cols[2], math.log
  for i = 1, #GRID do
    local q1, row = GRID[i], {}
    for r = 1, n do row[r] = base[r] + q1 * c1[r] end
    for j = 1, #GRID do
      local q2, s = GRID[j], 0
      for r = 1, n do
        local v = row[r] + q2 * c2[r]
        if v <= 0 or v ~= v then s = nil break end
        s = s + phat[r] * log(v)
      end
      if s and s > best then best, start = s, {q1, q2} end
    end
  end
  if not start then return -math.huge end
  return newton(phat, base, cols, start)
end

-- max over distributions on scores a of t-value (μ − ½)/σ = t ≠ 0: the
-- profile over μ, by a scan and then golden section.
local function t_constrained(phat, a, t)
  local function profile(mu)
    local sigma = (mu - 0.5) / t
    if sigma <= 0 then return -math.huge end
    return moment_constrained(phat, a, mu, sigma * sigma + mu * mu)
  end
  local lo, hi = t > 0 and 0.5 or 0, t > 0 and 1 or 0.5
  -- the means tried: evenly across the range, and ever closer to each
  -- score (where, for a large t, the only feasible means are)
  local tried = {}
  for i = 1, 199 do tried[#tried + 1] = lo + (hi - lo) * i / 200 end
  for _, x in ipairs(a) do
    for e = 4, 40, 2 do
      for _, side in ipairs({-1, 1}) do
        local mu = x + side * 10 ^ (-e / 4)
        if mu > lo and mu < hi then tried[#tried + 1] = mu end
      end
    end
  end
  table.sort(tried)
  local best, at, k = -math.huge, nil, nil
  for i, mu in ipairs(tried) do
    local v = profile(mu)
    if v > best then best, at, k = v, mu, i end
  end
  if not at then return -math.huge end
  return (golden(profile, tried[k - 1] or lo, tried[k + 1] or hi))
end


local GAME, PAIR = {0, 0.5, 1}, {0, 0.25, 0.5, 0.75, 1}
local NELO = 800 / math.log(10)

-- The logistic expected score of an Elo difference.
local function logistic(e) return 1 / (1 + 10 ^ (-e / 400)) end

-- The exact GSPRT's LLR written again: counts over scores a (losses
-- first), hypotheses elo0 and elo1, model "logistic" or "normalized".
local function llr(a, counts, elo0, elo1, model)
  local phat, n = freqs(counts)
  if model == "normalized" then
    local scale = (#a == 5 and math.sqrt(2) or 1) / NELO
    local function best(e)
      if e == 0 then return mean_constrained(phat, a, 0.5) end
      return t_constrained(phat, a, e * scale)
    end
    return n * (best(elo1) - best(elo0))
  end
  return n * (mean_constrained(phat, a, logistic(elo1)) - mean_constrained(phat, a, logistic(elo0)))
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
  eq(mt.elo(0, 0, 0), {elo = 0, margin = math.huge, los = 0.5, draw_ratio = 0, score = 0.5,
                       nelo = 0, nelo_margin = math.huge}, "no games")
  eq(mt.elo(0, 12, 0), {elo = 0, margin = 0, los = 0.5, draw_ratio = 1, score = 0.5, nelo = 0,
                        nelo_margin = 1.959964 * NELO / math.sqrt(12)}, "all draws")
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

test("mt.elo and mt.sprt print what they hold; an even score is +0", function()
  eq(tostring(mt.elo(10, 20, 5)), "Elo +49.98 ± 76.35, LOS 90.2%, draws 57.1%, score 57.1%",
     "mt.elo")
  eq(tostring(mt.elo(4, 0, 0)), "Elo +inf ± inf, LOS 97.7%, draws 0.0%, score 100.0%", "all won")
  for _, c in ipairs({{0, 7, 0}, {3, 1, 3}, {0, 0, 0}}) do
    local e = mt.elo(c[1], c[2], c[3]).elo
    eq(1 / e, math.huge, table.concat(c, "-") .. ": Elo +0, not -0") -- 1/-0 is -inf
  end
  eq(tostring(mt.elo{0, 2, 10, 6, 2}), "Elo +70.44 ± 64.26, LOS 98.7%, score 60.0%", -- worked by hand
     "a pentanomial's: no draw ratio")
  local undecided = mt.sprt{pairs = {2, 10, 30, 12, 6}, elo0 = 0, elo1 = 10}
  eq(tostring(undecided), string.format("SPRT elo0 0, elo1 10 (logistic, alpha 0.05, beta 0.05): " ..
     "undecided, LLR %.3f, bounds -2.944 and 2.944", undecided.llr), "undecided")
  local decided = mt.sprt{wins = 60, draws = 0, losses = 20, elo0 = -10, elo1 = 10, alpha = 0.1,
                          model = "normalized"}
  eq(tostring(decided), string.format("SPRT elo0 -10, elo1 10 (normalized, alpha 0.1, beta 0.05): " ..
     "H1 accepted, LLR %.3f, bounds -2.890 and 2.251", decided.llr), "decided")
end)

test("mt.sprt: the exact GSPRT, against the likelihoods maximised another way", function()
  -- the issue's two cases: the normal approximation decided the first
  -- (8.13) and never the second (0)
  local t = mt.sprt{wins = 168, draws = 110, losses = 0, elo0 = -3, elo1 = 1, alpha = 0.01,
                    beta = 0.01}
  near(t.llr, 3.2098, 1e-4, "168-110-0: play on")
  eq(t.result, nil, "168-110-0 undecided")
  t = mt.sprt{pairs = {0, 0, 0, 0, 200}, elo0 = 0, elo1 = 10}
  near(t.llr, 5.6737, 1e-4, "200 pairs won twice")
  eq(t.result, "H1", "a result with no spread decides")
  for _, c in ipairs({{168, 110, 0, -3, 1}, {100, 50, 70, 0, 20}, {300, 900, 250, -5, 5},
                      {40, 10, 60, 0, 30}, {1200, 3000, 1000, 0, 10}, {0, 0, 400, 0, 10},
                      {3, 900, 2, 0, 5}, {0, 0, 0, 0, 10}, {9, 0, 0, -2000, 2000}}) do
    local got = mt.sprt{wins = c[1], draws = c[2], losses = c[3], elo0 = c[4], elo1 = c[5]}
    near(got.llr, llr(GAME, {c[3], c[2], c[1]}, c[4], c[5]), 1e-6, "trinomial " ..
         table.concat(c, " "))
  end
  for _, c in ipairs({{2, 10, 30, 12, 6}, {0, 5, 90, 20, 1}, {14, 3, 8, 3, 14}, {0, 0, 0, 0, 200},
                      {0, 0, 33, 0, 0}, {7, 0, 0, 0, 0}}) do
    local got = mt.sprt{pairs = c, elo0 = 0, elo1 = 15, alpha = 0.1, beta = 0.02}
    near(got.llr, llr(PAIR, c, 0, 15), 1e-6, "pentanomial " .. table.concat(c, " "))
    near(got.lower, math.log(0.02 / 0.9), 1e-12, "lower with alpha and beta")
    near(got.upper, math.log(0.98 / 0.1), 1e-12, "upper with alpha and beta")
  end
  for _, c in ipairs({{100, 50, 70, 5, 20}, {30, 200, 20, -10, 10}, {0, 0, 40, 3, 9},
                      {100, 50, 70, 0, 20}}) do
    local got = mt.sprt{wins = c[1], draws = c[2], losses = c[3], elo0 = c[4], elo1 = c[5],
                        model = "normalized"}
    near(got.llr, llr(GAME, {c[3], c[2], c[1]}, c[4], c[5], "normalized"), 1e-6,
         "normalized trinomial " .. table.concat(c, " "))
  end
  -- bounds of 400 normalized Elo and more: where a fixed point of the
  -- Lagrange conditions can be a lesser stationary point (the first three
  -- gave -126.66, -63.94 and a refusal) or none is reached
  for _, c in ipairs({{2, 10, 30, 12, 6, 2, 10}, {0, 5, 90, 20, 1, -5, 15},
                      {40, 13, 14, 27, 4, 0, 400}, {2, 8, 2, 12, 6, 0, 1500},
                      {1, 5, 20, 30, 10, 0, 800}, {50, 24, 22, 48, 26, 0, 1000},
                      {14, 24, 50, 52, 50, -400, 600}, {3, 0, 9, 40, 2, -1000, -600}}) do
    local counts = {c[1], c[2], c[3], c[4], c[5]}
    local got = mt.sprt{pairs = counts, elo0 = c[6], elo1 = c[7], model = "normalized"}
    near(got.llr, llr(PAIR, counts, c[6], c[7], "normalized"), 1e-6,
         "normalized pentanomial " .. table.concat(c, " "))
  end
  for _, c in ipairs({{60, 30, 10, 0, 800}, {10, 30, 60, 400, 1200}, {35, 1, 38, -600, 0}}) do
    local got = mt.sprt{wins = c[1], draws = c[2], losses = c[3], elo0 = c[4], elo1 = c[5],
                        model = "normalized"}
    near(got.llr, llr(GAME, {c[3], c[2], c[1]}, c[4], c[5], "normalized"), 1e-6,
         "normalized trinomial, far bounds " .. table.concat(c, " "))
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
  check(math.abs(mt.sprt{elo0 = 0, elo1 = 20}.llr) < 1e-4, "no games: next to nothing")
  local draws = mt.sprt{wins = 0, draws = 40, losses = 0, elo0 = 0, elo1 = 20}
  near(draws.llr, llr(GAME, {0, 40, 0}, 0, 20), 1e-6, "all draws: an even score")
  check(draws.llr < 0, "all draws speak for elo0 = 0")
  check(mt.sprt{wins = 50, draws = 0, losses = 0, elo0 = 0, elo1 = 20}.llr > 2.5, "all wins")
  local lost, games
  games = 0
  repeat
    games = games + 1
    lost = mt.sprt{wins = 0, draws = 0, losses = games, elo0 = 0, elo1 = 10}
  until lost.result or games > 400
  eq(lost.result, "H0", "a player that loses every game is rejected")
  check(games < 150, "within 150 games: " .. games)
  raises(function() mt.sprt{wins = 5, draws = 0, losses = 5, elo0 = 20, elo1 = 0} end,
         "elo0 must be below elo1 (H0 the weaker hypothesis), got 20 and 0")
  near(mt.sprt{wins = 5, draws = 7, losses = 5, elo0 = -10, elo1 = 10}.llr, 0, 1e-12,
       "an even score between symmetric hypotheses")
  near(mt.sprt{wins = 5, draws = 7, losses = 5, elo0 = -10, elo1 = 10, model = "normalized"}.llr,
       0, 1e-9, "normalized: likewise")
  raises(function() mt.sprt{wins = 1, elo0 = 5, elo1 = 5} end, "elo0 must be below elo1")
  raises(function() mt.sprt{wins = 1, elo0 = 0} end, "elo1 must be an Elo difference")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, alpha = 0} end, "alpha must be a number above 0")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, beta = 0.7} end, "beta must be a number above 0")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, wins = 3, pairs = {1, 1, 1, 1, 1}} end,
         "not both")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, pairs = {1, 1, 1}} end, "a list of 5 counts")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, pairs = {1, 1, 1, 1, 1, 1}} end,
         "a list of 5 counts")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, wins = -2} end, "wins must be a whole number")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, win = 3} end, "unknown option \"win\"")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, model = "bayes"} end,
         "option model must be \"logistic\", \"normalized\" or \"bayesian\", got \"bayes\"")
  raises(function() mt.sprt{elo0 = 0, elo1 = 5, model = "bayesian", pairs = {1, 1, 1, 1, 1}} end,
         "model bayesian takes wins, draws and losses, not pairs")
  raises(function() mt.sprt(5) end,
         "bad argument #1 to 'sprt' (table {wins, draws, losses, elo0, elo1} expected, got number)")
end)

-- cutechess's LLR in the BayesElo model, written again from its
-- definition: the probabilities of a win, a draw and a loss of a BayesElo
-- difference b with draw Elo e are 1/(1 + 10^((e − b)/400)), the rest, and
-- 1/(1 + 10^((e + b)/400)); e is estimated from the games; a logistic Elo
-- difference x is b = x / (4·10^(−e/400) / (1 + 10^(−e/400))²).
local function bayes_llr(w, d, l, elo0, elo1)
  if w * d * l == 0 then return 0 end
  local n = w + d + l
  local e = 200 * math.log((n - l) / l * (n - w) / w, 10)
  local function law(x)
    local k = 10 ^ (-e / 400)
    local b = x * (1 + k) ^ 2 / (4 * k)
    local win, loss = 1 / (1 + 10 ^ ((e - b) / 400)), 1 / (1 + 10 ^ ((e + b) / 400))
    return {win, 1 - win - loss, loss}
  end
  local p0, p1, c = law(elo0), law(elo1), {w, d, l}
  local sum = 0
  for i = 1, 3 do sum = sum + c[i] * math.log(p1[i] / p0[i]) end
  return sum
end

test("mt.sprt model bayesian: cutechess's test, written again", function()
  for _, c in ipairs({{100, 50, 70, 0, 20}, {300, 900, 250, -5, 5}, {12, 30, 5, 0, 10},
                      {1200, 3000, 1000, 0, 10}, {40, 10, 60, -20, 30}}) do
    local got = mt.sprt{wins = c[1], draws = c[2], losses = c[3], elo0 = c[4], elo1 = c[5],
                        model = "bayesian"}
    near(got.llr, bayes_llr(c[1], c[2], c[3], c[4], c[5]), 1e-9, "bayesian " ..
         table.concat(c, " "))
  end
  -- by hand: 10 wins, 20 draws, 5 losses: draw Elo 200·log10(30/5 · 25/10) = 235.2
  local t = mt.sprt{wins = 10, draws = 20, losses = 5, elo0 = 0, elo1 = 50, model = "bayesian"}
  near(t.llr, bayes_llr(10, 20, 5, 0, 50), 1e-12, "by hand")
  check(t.llr > 0 and t.llr < 2.94, "a small lead, undecided: " .. t.llr)
  for _, c in ipairs({{0, 5, 5}, {5, 0, 5}, {5, 5, 0}}) do
    eq(mt.sprt{wins = c[1], draws = c[2], losses = c[3], elo0 = 0, elo1 = 5,
               model = "bayesian"}.llr, 0, "no decision until each count is above 0")
  end
  check(tostring(t):find("(bayesian, alpha 0.05, beta 0.05)", 1, true), "says its model: " ..
        tostring(t))
  -- a match under it: the test looks at the games of its pairs
  local m = mt.match("perfect", "random", {games = 400, openings = {plies = 6},
                                           sprt = {elo0 = 0, elo1 = 200, model = "bayesian"}})
  local a = m.a
  near(m.sprt.llr, bayes_llr(a.wins, a.draws, a.losses, 0, 200), 1e-9, "the match's LLR")
  check(tostring(m):find("SPRT elo0 0, elo1 200 (bayesian, alpha 0.05, beta 0.05)", 1, true),
        "the match says its model: " .. tostring(m))
end)

test("mt.elo of a pentanomial, and normalized Elo", function()
  -- worked again from the definitions: per pair the mean score x of its
  -- two games; μ their mean, v their variance; the interval μ ± z·√(v/N)
  local counts = {3, 12, 40, 20, 5}
  local n, mu, v = 80, 0, 0
  for i, c in ipairs(counts) do mu = mu + c * PAIR[i] / n end
  for i, c in ipairs(counts) do v = v + c * (PAIR[i] - mu) ^ 2 / n end
  local function e(p) return -400 * math.log(1 / p - 1, 10) end
  local half = 1.959964 * math.sqrt(v / n)
  local got = mt.elo(counts)
  near(got.score, mu, 1e-12, "score")
  near(got.elo, e(mu), 1e-9, "elo")
  near(got.margin, (e(mu + half) - e(mu - half)) / 2, 1e-9, "margin")
  near(got.los, 0.5 * (1 + erf((mu - 0.5) / math.sqrt(2 * v / n))), 1e-6, "los")
  near(got.nelo, (mu - 0.5) / math.sqrt(2 * v) * NELO, 1e-9, "normalized Elo")
  near(got.nelo_margin, 1.959964 * NELO / math.sqrt(2 * n), 1e-9, "its margin")
  eq(got.pairs, 80, "pairs")
  local w = mt.elo(10, 20, 5)
  local mu3 = 20 / 35
  local sd = math.sqrt((10 * (1 - mu3) ^ 2 + 20 * (0.5 - mu3) ^ 2 + 5 * mu3 ^ 2) / 35)
  near(w.nelo, (mu3 - 0.5) / sd * NELO, 1e-9, "normalized Elo of games")
  near(w.nelo_margin, 1.959964 * NELO / math.sqrt(35), 1e-9, "its margin")
  -- paired games that always split: the pairs see no spread where the
  -- games see a coin
  local split = mt.elo({0, 0, 50, 0, 0})
  eq({split.elo, split.margin, split.nelo}, {0, 0, 0}, "every pair 1-1")
  eq(mt.elo({0, 0, 0, 0, 4}).elo, math.huge, "every pair won")
  eq(mt.elo({0, 0, 0, 0, 4}).nelo, math.huge, "every pair won: normalized")
  eq(mt.elo({0, 0, 0, 0, 0}).margin, math.huge, "no pairs")
  raises(function() mt.elo({1, 2, 3}) end, "a list of 5 counts")
  raises(function() mt.elo({1, 2, 3, 4, -5}) end, "pairs[5] must be a whole number >= 0")
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
  local want = mt.elo(m.pairs)
  want.draw_ratio = m.a.draws / 41
  eq(m.elo, want, "m.elo: from the pairs, the draw ratio from the games")
  local one = mt.match("random", "random", {games = 1})
  eq(one.elo, mt.elo(one.a.wins, one.a.draws, one.a.losses), "no pair: from the games")
  local alone = mt.match("random", "random", {games = 4, swap = false})
  eq(alone.elo, mt.elo(alone.a.wins, alone.a.draws, alone.a.losses), "unswapped: the games")
  local counts = {0, 0, 0, 0, 0}
  for i = 1, 39, 2 do
    local k = math.floor(2 * (score(m.records[i], colour_of(i)) +
                              score(m.records[i + 1], colour_of(i + 1))) + 0.5) + 1
    counts[k] = counts[k] + 1
  end
  eq(m.pairs, counts, "20 pairs, the last game alone")
  local text = tostring(m)
  check(text:find("Elo of alphabeta: %+[%d.]+ ± [%d.inf]+, LOS [%d.]+%%, draws [%d.]+%%"), "Elo")
  check(text:find("\n    normalized Elo %+[%d.]+ ± [%d.]+; from 20 pairs of games\n"), "nElo")
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
  local counts = {0, 0, 0, 0, 0}
  for i = 1, m.games, 2 do
    local k = math.floor(2 * (score(m.records[i], colour_of(i)) +
                              score(m.records[i + 1], colour_of(i + 1))) + 0.5) + 1
    counts[k] = counts[k] + 1
    local l = llr(PAIR, counts, 0, 100)
    if i + 1 < m.games then
      check(l < m.sprt.upper and l > m.sprt.lower, "not crossed after " .. (i + 1) .. " games")
    else
      near(l, m.sprt.llr, 1e-6, "the LLR at the end")
      check(l >= m.sprt.upper, "crossed at the end")
    end
  end
  eq(m.pairs, counts, "the pairs the test saw")
  check(tostring(m):find("SPRT elo0 0, elo1 100 (logistic, alpha 0.05, beta 0.05): H1 accepted after " ..
                         m.games .. " games", 1, true), "said")
  options.jobs = 2
  local spread = mt.match(strong, weak, options)
  eq({spread.games, spread.sprt}, {m.games, m.sprt}, "with jobs: where the serial run stops")
  options.jobs, options.sprt = nil, {elo0 = -20, elo1 = 0}
  local back = mt.match(weak, strong, options)
  eq(back.sprt.result, "H0", "random is not stronger")
  local draws = mt.match("perfect", "perfect", {games = 12, sprt = {elo0 = 0, elo1 = 20}})
  eq({draws.games, draws.sprt.result}, {12, nil}, "all draws: undecided at the cap")
  check(draws.sprt.llr < -0.3, "but leaning to H0: " .. draws.sprt.llr)
  check(tostring(draws):find("undecided after 12 games", 1, true), "said")
  local even = mt.match("perfect", "perfect", {games = 400, sprt = {elo0 = 0, elo1 = 20}})
  eq(even.sprt.result, "H0", "all draws: no spread, yet the test decides")
  check(even.games < 400, "before the cap: " .. even.games)
  local broken = mt.match(mt.player(function() error("broken") end), "random",
                          {games = 400, sprt = {elo0 = 0, elo1 = 10}})
  eq(broken.sprt.result, "H0", "a broken player is rejected")
  check(broken.games < 300, "early: " .. broken.games)
  raises(function() mt.match("random", "random", {sprt = {elo0 = 0, elo1 = 0}}) end,
         "elo0 must be below elo1")
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
                "#3 to 'match' (option openings: option plies must be a whole number, got \"x\")",
                "#2 to 'openings' (option plies must be a whole number, got 1.5)",
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

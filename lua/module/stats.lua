-- stats.lua — the figures engine testers print: Elo with its 95% margin,
-- the likelihood of superiority and the draw ratio of a score (mt.elo);
-- the generalized sequential probability ratio test of the logistic-Elo
-- model on game or pair scores (mt.sprt); and ratings by maximum
-- likelihood over the games of a tournament (Bradley–Terry), each with its
-- 95% interval.  The formulas are written out in doc/api.md.
local M, _, shared = ...

local Z95 = 1.959964 -- the 97.5% point of the standard normal distribution
local ELO_UNIT = 400 / math.log(10) -- Elo points per natural-log unit of odds
local INF = math.huge

-- erf(x) to double precision: 2/√π·e^(−x²)·Σ 2^k x^(2k+1) / (1·3···(2k+1)),
-- a series of positive terms; ±1 beyond |x| = 6 (1 − erf(6) < 1e-16).
local function erf(x)
  local a = math.abs(x)
  if a >= 6 then return x < 0 and -1 or 1 end
  local term, sum, k = a, a, 0
  while term > sum * 1e-17 do
    k = k + 1
    term = term * 2 * a * a / (2 * k + 1)
    sum = sum + term
  end
  local r = 2 / math.sqrt(math.pi) * math.exp(-a * a) * sum
  return x < 0 and -r or r
end

-- The Elo difference of an expected score p: −400·log10(1/p − 1); ±inf at
-- and beyond the scores 1 and 0.
local function elo_of(p)
  if p >= 1 then return INF end
  if p <= 0 then return -INF end
  return -400 * math.log(1 / p - 1, 10)
end
shared.elo_of = elo_of

-- Checks that x, argument n of function name (or its key what), is a
-- count: a whole number >= 0.  Returns it as an integer.
local function count(x, n, name, what)
  local c = shared.whole(x)
  if not c or c < 0 then
    shared.arg_error(n, name, string.format("%s must be a whole number >= 0, got %s", what,
                                            shared.describe(x)))
  end
  return c
end

-- mt.elo(wins, draws, losses): {elo, margin, los, draw_ratio, score} from
-- the first side's view (see doc/api.md for the formulas and the edge
-- cases).
function M.elo(wins, draws, losses)
  local w, d, l = count(wins, 1, "elo", "wins"), count(draws, 2, "elo", "draws"),
                  count(losses, 3, "elo", "losses")
  local n = w + d + l
  if n == 0 then return {elo = 0, margin = INF, los = 0.5, draw_ratio = 0, score = 0.5} end
  local mu = (w + d / 2) / n
  local sigma = math.sqrt((w * (1 - mu) ^ 2 + d * (0.5 - mu) ^ 2 + l * mu ^ 2) / n)
  local half = Z95 * sigma / math.sqrt(n)
  local margin = (elo_of(mu + half) - elo_of(mu - half)) / 2
  if margin ~= margin then margin = INF end -- all wins or all losses: inf − inf
  local los = 0.5
  if w + l > 0 then los = 0.5 * (1 + erf((w - l) / math.sqrt(2 * (w + l)))) end
  return {elo = elo_of(mu), margin = margin, los = los, draw_ratio = d / n, score = mu}
end

-- The log-likelihood ratio of the GSPRT for scores xs[i] seen counts[i]
-- times, between the expected scores s0 and s1: N·(s1 − s0)·(2s̄ − s0 −
-- s1)/(2σ²); 0 when nothing was seen or every score was the same.
local function llr_of(xs, counts, s0, s1)
  local n, sum = 0, 0
  for i, c in ipairs(counts) do n, sum = n + c, sum + c * xs[i] end
  if n == 0 then return 0 end
  local mean, var = sum / n, 0
  for i, c in ipairs(counts) do var = var + c * (xs[i] - mean) ^ 2 end
  var = var / n
  if var == 0 then return 0 end
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
end

local GAME_SCORES = {1, 0.5, 0}
local PAIR_SCORES = {0, 0.25, 0.5, 0.75, 1}
local SPRT_FIELDS = {wins = "number", draws = "number", losses = "number", pairs = "table",
                     elo0 = "number", elo1 = "number", alpha = "number", beta = "number"}

-- Checks a probability of error of mt.sprt.
local function probability(x, what)
  if x == nil then return 0.05 end
  return shared.check_option(x > 0 and x < 0.5, 1, "sprt", what,
                             "a number above 0 and below 0.5", x)
end

-- Checks an Elo hypothesis of mt.sprt.
local function hypothesis(x, what)
  return shared.check_option(x ~= nil and math.abs(x) <= 2000, 1, "sprt", what,
                             "an Elo difference from -2000 to 2000", x)
end

-- The scores and counts an mt.sprt table gives: per game (wins, draws,
-- losses) or per pair (pairs = {n0, ..., n4}).
local function sprt_counts(t)
  if t.pairs == nil then
    return GAME_SCORES, {count(t.wins or 0, 1, "sprt", "wins"),
                         count(t.draws or 0, 1, "sprt", "draws"),
                         count(t.losses or 0, 1, "sprt", "losses")}
  end
  if t.wins or t.draws or t.losses then
    shared.arg_error(1, "sprt", "give wins, draws and losses, or pairs, not both")
  end
  if #t.pairs ~= 5 then
    shared.arg_error(1, "sprt", "pairs must be a list of 5 counts: pairs scored 0, " ..
                     "1/4, 1/2, 3/4 and 1")
  end
  local counts = {}
  for i = 1, 5 do counts[i] = count(t.pairs[i], 1, "sprt", "pairs[" .. i .. "]") end
  return PAIR_SCORES, counts
end

-- Checks the table of mt.sprt; returns its scores, counts, elo0, elo1,
-- alpha and beta.
local function sprt_options(t)
  shared.check_arg(type(t) == "table", 1, "sprt", "table {wins, draws, losses, elo0, elo1}", t)
  t = shared.options(t, 1, "sprt", SPRT_FIELDS)
  local elo0, elo1 = hypothesis(t.elo0, "elo0"), hypothesis(t.elo1, "elo1")
  if elo0 == elo1 then
    shared.arg_error(1, "sprt", string.format("elo0 and elo1 must differ, got %g and %g",
                                              elo0, elo1))
  end
  local xs, counts = sprt_counts(t)
  return xs, counts, elo0, elo1, probability(t.alpha, "alpha"), probability(t.beta, "beta")
end

-- mt.sprt{wins, draws, losses | pairs, elo0, elo1, alpha = 0.05, beta =
-- 0.05}: {llr, lower, upper, result} (result "H1", "H0" or nil).
function M.sprt(t)
  local xs, counts, elo0, elo1, alpha, beta = sprt_options(t)
  local s0, s1 = 1 / (1 + 10 ^ (-elo0 / 400)), 1 / (1 + 10 ^ (-elo1 / 400))
  local llr = llr_of(xs, counts, s0, s1)
  local lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
  local result = llr >= upper and "H1" or llr <= lower and "H0" or nil
  return {llr = llr, lower = lower, upper = upper, result = result}
end

-- --- ratings by maximum likelihood (Bradley–Terry) ---

-- Solves the linear system a·x = b (n×n, by Gaussian elimination with
-- partial pivoting); returns x, or nil when a is singular.
local function solve_linear(a, b, n)
  local m = {}
  for i = 1, n do
    m[i] = {}
    for j = 1, n do m[i][j] = a[i][j] end
    m[i][n + 1] = b[i]
  end
  for c = 1, n do
    local p = c
    for r = c + 1, n do if math.abs(m[r][c]) > math.abs(m[p][c]) then p = r end end
    if math.abs(m[p][c]) < 1e-300 then return nil end
    m[c], m[p] = m[p], m[c]
    for r = c + 1, n do
      local f = m[r][c] / m[c][c]
      for j = c, n + 1 do m[r][j] = m[r][j] - f * m[c][j] end
    end
  end
  local x = {}
  for i = n, 1, -1 do
    local s = m[i][n + 1]
    for j = i + 1, n do s = s - m[i][j] * x[j] end
    x[i] = s / m[i][i]
  end
  return x
end

-- The probability that i beats j for natural-log strengths b.
local function p_win(b, i, j) return 1 / (1 + math.exp(b[j] - b[i])) end

-- The log-likelihood of strengths b: Σ over pairs i < j of s_ij·ln p_ij +
-- (n_ij − s_ij)·ln p_ji.
local function log_likelihood(b, score, games, n)
  local sum = 0
  for i = 1, n do
    for j = i + 1, n do
      if games[i][j] > 0 then
        local p = p_win(b, i, j)
        sum = sum + score[i][j] * math.log(p) + (games[i][j] - score[i][j]) * math.log(1 - p)
      end
    end
  end
  return sum
end

-- The gradient and the negated Hessian (the observed information) of the
-- log-likelihood in the strengths of players 1..n − 1 (player n's held).
local function derivatives(b, score, games, n)
  local g, h = {}, {}
  for i = 1, n - 1 do
    g[i], h[i] = 0, {}
    for j = 1, n - 1 do h[i][j] = 0 end
  end
  for i = 1, n do
    for j = 1, n do
      if i ~= j and games[i][j] > 0 then
        local p = p_win(b, i, j)
        local w = games[i][j] * p * (1 - p)
        if i < n then
          g[i] = g[i] + score[i][j] - games[i][j] * p
          h[i][i] = h[i][i] + w
          if j < n then h[i][j] = h[i][j] - w end
        end
      end
    end
  end
  return g, h
end

-- 1 when every player scored something against (and conceded something
-- to) the rest, each way round: the likelihood then has a finite maximum.
local function connected(score, games, n)
  for _, forward in ipairs({true, false}) do
    local seen, stack, reached = {[1] = true}, {1}, 1
    while #stack > 0 do
      local i = table.remove(stack)
      for j = 1, n do
        local s = forward and score[i][j] or score[j][i]
        if not seen[j] and games[i][j] > 0 and s > 0 then
          seen[j], reached = true, reached + 1
          stack[#stack + 1] = j
        end
      end
    end
    if reached < n then return false end
  end
  return true
end

-- Maximises the log-likelihood by Newton's method (halving a step that
-- does not gain); returns the natural-log strengths (player n at 0) and
-- the observed information at the maximum.
local function maximise(score, games, n)
  local b = {}
  for i = 1, n do b[i] = 0 end
  local best = log_likelihood(b, score, games, n)
  for _ = 1, 200 do
    local g, h = derivatives(b, score, games, n)
    local step = solve_linear(h, g, n - 1)
    if not step then break end
    local size, moved = 0, false
    for i = 1, n - 1 do size = math.max(size, math.abs(step[i])) end
    for _ = 1, 60 do
      local trial = {}
      for i = 1, n - 1 do trial[i] = b[i] + step[i] end
      trial[n] = 0
      local l = log_likelihood(trial, score, games, n)
      if l >= best then b, best, moved = trial, l, true break end
      for i = 1, n - 1 do step[i] = step[i] / 2 end
    end
    if not moved or size < 1e-12 then break end
  end
  local _, h = derivatives(b, score, games, n)
  return b, h
end

-- shared.ratings(score, games, n): Elo ratings of n players by maximum
-- likelihood, score[i][j] being what i scored against j (a draw a half)
-- in games[i][j] games: {rating = {...}, low = {...}, high = {...},
-- virtual = true when the maximum had to be made finite (see doc/api.md)}.
-- The ratings have mean 0; the intervals are ±1.959964 standard errors
-- from the inverse of the observed information.
function shared.ratings(score, games, n)
  local virtual = n > 1 and not connected(score, games, n)
  if virtual then -- one virtual draw added to every pairing that met
    local s, g = {}, {}
    for i = 1, n do
      s[i], g[i] = {}, {}
      for j = 1, n do
        local met = games[i][j] > 0
        s[i][j] = score[i][j] + (met and 0.5 or 0)
        g[i][j] = games[i][j] + (met and 1 or 0)
      end
    end
    score, games = s, g
  end
  local out = {rating = {}, low = {}, high = {}, virtual = virtual or nil}
  if n < 2 then
    out.rating[1], out.low[1], out.high[1] = 0, -INF, INF
    return out
  end
  local b, h = maximise(score, games, n)
  local mean = 0
  for i = 1, n do mean = mean + b[i] / n end
  local columns, singular = {}, false
  for k = 1, n - 1 do
    local e = {}
    for i = 1, n - 1 do e[i] = i == k and 1 or 0 end
    columns[k] = solve_linear(h, e, n - 1)
    singular = singular or not columns[k]
  end
  -- the covariance of the strengths, player n's held at 0
  local function c(i, j)
    if singular or i == n or j == n then return 0 end
    return columns[j][i]
  end
  local total, row = 0, {}
  for i = 1, n do
    row[i] = 0
    for j = 1, n do row[i] = row[i] + c(i, j) end
    total = total + row[i]
  end
  for i = 1, n do
    local var = c(i, i) - 2 * row[i] / n + total / (n * n)
    local half = singular and INF or Z95 * ELO_UNIT * math.sqrt(math.max(var, 0))
    out.rating[i] = ELO_UNIT * (b[i] - mean)
    out.low[i], out.high[i] = out.rating[i] - half, out.rating[i] + half
  end
  return out
end

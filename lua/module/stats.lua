-- stats.lua — the figures engine testers print: Elo (logistic and
-- normalized) with its 95% margin, the likelihood of superiority and the
-- draw ratio of games or of colour-swapped pairs (mt.elo); the exact
-- generalized sequential probability ratio test on game or pair scores,
-- in logistic or normalized Elo, and cutechess's test in the BayesElo
-- model (mt.sprt); and ratings by maximum
-- likelihood over the games of a tournament (Bradley–Terry), each with its
-- 95% interval.  The formulas are written out in doc/api.md.
local M, _, shared = ...

local Z95 = 1.959964 -- the 97.5% point of the standard normal distribution
local ELO_UNIT = 400 / math.log(10) -- Elo points per natural-log unit of odds
local INF = math.huge
local EPSILON = 1e-3 -- what a count of zero becomes in the SPRT (as fishtest has it)
local NELO_UNIT = 800 / math.log(10) -- normalized Elo per unit of t = (μ − ½)/σ

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
  return -400 * math.log(1 / p - 1, 10) + 0.0 -- an even score is 0, not -0.0
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

-- A figure as tostring of a result shows it: "+49.98", "inf", "90.2%".
local function signed(x)
  if x == INF then return "+inf" elseif x == -INF then return "-inf" end
  return string.format("%+.2f", x)
end
local function percent(x) return string.format("%.1f%%", 100 * x) end

-- What tostring of an mt.elo result says (draws only of games: a
-- pentanomial's result has no draw ratio).
local ELO_TEXT = {__tostring = function(e)
  local draws = e.draw_ratio and ", draws " .. percent(e.draw_ratio) or ""
  return string.format("Elo %s ± %s, LOS %s%s, score %s", signed(e.elo),
                       e.margin == INF and "inf" or string.format("%.2f", e.margin),
                       percent(e.los), draws, percent(e.score))
end}

-- The five counts of a pentanomial list, argument n of function name.
local function pair_counts(t, n, name)
  if #t ~= 5 or t[6] ~= nil then
    shared.arg_error(n, name, "pairs must be a list of 5 counts: pairs scored 0, " ..
                     "1/4, 1/2, 3/4 and 1")
  end
  local counts = {}
  for i = 1, 5 do counts[i] = count(t[i], n, name, "pairs[" .. i .. "]") end
  return counts
end

local GAME_SCORES = {0, 0.5, 1} -- a game's scores: a loss, a draw, a win
local PAIR_SCORES = {0, 0.25, 0.5, 0.75, 1} -- a pair's, a game's mean

-- The score, its standard error and the per-game deviation of counts over
-- scores xs (per_game: 1 for games, 2 for pairs of games): μ, √(σ²/N),
-- σ·√per_game, N.
local function spread(xs, counts, per_game)
  local n, sum = 0, 0
  for i, c in ipairs(counts) do n, sum = n + c, sum + c * xs[i] end
  local mu, var = sum / n, 0
  for i, c in ipairs(counts) do var = var + c * (xs[i] - mu) ^ 2 end
  var = var / n
  return mu, math.sqrt(var / n), math.sqrt(per_game * var), n
end

-- The normalized Elo of score mu with per-game deviation sd: (μ − ½)/σ in
-- units of 800/ln 10; 0 or ±inf when σ is 0.
local function nelo_of(mu, sd)
  if sd == 0 then return mu == 0.5 and 0 or mu > 0.5 and INF or -INF end
  return (mu - 0.5) / sd * NELO_UNIT
end

-- mt.elo of pairs: the figures of a pentanomial (see doc/api.md).
local function pair_elo(t)
  local counts = pair_counts(t, 1, "elo")
  local mu, se, sd, n = spread(PAIR_SCORES, counts, 2)
  if n == 0 then
    return setmetatable({elo = 0, margin = INF, los = 0.5, score = 0.5, nelo = 0, nelo_margin = INF,
                         pairs = 0}, ELO_TEXT)
  end
  local half = Z95 * se
  local margin = (elo_of(mu + half) - elo_of(mu - half)) / 2
  if margin ~= margin then margin = INF end
  local los = mu > 0.5 and 1 or mu < 0.5 and 0 or 0.5 -- no spread: certain
  if se > 0 then los = 0.5 * (1 + erf((mu - 0.5) / (math.sqrt(2) * se))) end
  return setmetatable({elo = elo_of(mu), margin = margin, los = los, score = mu,
                       nelo = nelo_of(mu, sd), nelo_margin = Z95 * NELO_UNIT / math.sqrt(2 * n),
                       pairs = n}, ELO_TEXT)
end

-- mt.elo(wins, draws, losses) or mt.elo(pairs): {elo, margin, los,
-- draw_ratio, score, nelo, nelo_margin} from the first side's view (see
-- doc/api.md for the formulas and the edge cases).
function M.elo(wins, draws, losses)
  if type(wins) == "table" and draws == nil and losses == nil then return pair_elo(wins) end
  local w, d, l = count(wins, 1, "elo", "wins"), count(draws, 2, "elo", "draws"),
                  count(losses, 3, "elo", "losses")
  local n = w + d + l
  if n == 0 then
    return setmetatable({elo = 0, margin = INF, los = 0.5, draw_ratio = 0, score = 0.5, nelo = 0,
                         nelo_margin = INF}, ELO_TEXT)
  end
  local mu, se, sd = spread(GAME_SCORES, {l, d, w}, 1)
  local half = Z95 * se
  local margin = (elo_of(mu + half) - elo_of(mu - half)) / 2
  if margin ~= margin then margin = INF end -- all wins or all losses: inf − inf
  local los = 0.5
  if w + l > 0 then los = 0.5 * (1 + erf((w - l) / math.sqrt(2 * (w + l)))) end
  return setmetatable({elo = elo_of(mu), margin = margin, los = los, draw_ratio = d / n,
                       score = mu, nelo = nelo_of(mu, sd),
                       nelo_margin = Z95 * NELO_UNIT / math.sqrt(n)}, ELO_TEXT)
end

-- --- the generalized SPRT, exact ---

-- The root x of Σ p̂_i·φ_i / (1 + x·φ_i) = 0, for φ with both signs: the
-- sum falls from +inf to −inf on (−1/max φ, −1/min φ).  Newton's steps
-- from 0, each kept inside the bracket the signs so far give (halved when
-- a step would leave it), until the bracket or the step reaches the last
-- bits of a double.  nil when φ has not both signs.
local function secular_root(phat, phi)
  local low, high = -math.huge, math.huge
  for _, f in ipairs(phi) do
    if f > 0 then low = math.max(low, -1 / f) elseif f < 0 then high = math.min(high, -1 / f) end
  end
  if low == -math.huge or high == math.huge then return nil end
  local x = 0
  for _ = 1, 2000 do
    local sum, slope = 0, 0
    for i, f in ipairs(phi) do
      local d = 1 + x * f
      sum, slope = sum + phat[i] * f / d, slope - phat[i] * f * f / (d * d)
    end
    if sum > 0 then low = x elseif sum < 0 then high = x else return x end
    local next_x = x - sum / slope
    if not (next_x > low and next_x < high) then next_x = low + (high - low) / 2 end
    if next_x == x or next_x <= low or next_x >= high or
       math.abs(next_x - x) <= 1e-16 * math.abs(x) then
      return next_x
    end
    x = next_x
  end
  return x
end

-- The mean and the variance of the scores a under the distribution p.
local function moments(a, p)
  local mu, var = 0, 0
  for i, x in ipairs(a) do mu = mu + p[i] * x end
  for i, x in ipairs(a) do var = var + p[i] * (x - mu) ^ 2 end
  return mu, var
end

-- The distribution of largest likelihood for the observed frequencies
-- phat over the scores a among those of expected score s: p_i = p̂_i / (1
-- + x·(a_i − s)), x the root that makes Σ p_i = 1 (a Lagrange multiplier).
local function mle_mean(a, phat, s)
  local phi = {}
  for i, x in ipairs(a) do phi[i] = x - s end
  local x = secular_root(phat, phi)
  local p = {}
  for i, f in ipairs(phi) do p[i] = phat[i] / (1 + x * f) end
  return p
end

local T_STEPS = 2000 -- rounds of a fixed point of mle_t at most

-- The fixed point of mle_t for t from the distribution p: nil when a
-- round has no root (t is too far from p's t-value).
local function t_fixed_point(a, phat, t, p)
  local last_change = math.huge
  for _ = 1, T_STEPS do
    local mu, var = moments(a, p)
    local sigma = math.sqrt(var)
    local phi = {}
    for i, x in ipairs(a) do phi[i] = x - 0.5 - t * sigma * (1 + ((x - mu) / sigma) ^ 2) / 2 end
    local x = secular_root(phat, phi)
    if not x then return nil end
    local change, q = 0, {}
    for i, f in ipairs(phi) do
      q[i] = phat[i] / (1 + x * f)
      change = math.max(change, math.abs(q[i] - p[i]))
    end
    if change >= last_change then -- mixed with the last, half and half
      for i = 1, #q do q[i] = (q[i] + p[i]) / 2 end
    end
    p, last_change = q, change
    if change < 1e-15 then break end
  end
  return p
end

-- The log-likelihood Σ p̂_i·ln p_i of p for the frequencies phat.
local function log_likelihood_of(phat, p)
  local sum = 0
  for i, x in ipairs(phat) do sum = sum + x * math.log(p[i]) end
  return sum
end

-- The distribution of largest likelihood for phat over the scores a among
-- those of mean mu and variance v (a concave objective under two linear
-- constraints): p_i = p̂_i / (1 + λ·g_i), g_i = (a_i − μ, (a_i − μ)² − v),
-- λ the minimum of the convex dual −Σ p̂_i·ln(1 + λ·g_i), by Newton's
-- method (steps halved to stay inside the domain and to descend).  nil
-- when no distribution has those moments (the dual has no minimum).
local function moment_mle(a, phat, mu, v)
  local g = {}
  for i, x in ipairs(a) do g[i] = {x - mu, (x - mu) ^ 2 - v} end
  local function dual(l1, l2)
    local sum = 0
    for i, x in ipairs(phat) do
      local d = 1 + l1 * g[i][1] + l2 * g[i][2]
      if d <= 0 then return math.huge end
      sum = sum - x * math.log(d)
    end
    return sum
  end
  local l1, l2 = 0, 0
  local f = dual(l1, l2)
  for _ = 1, 100 do
    local g1, g2, h11, h12, h22 = 0, 0, 0, 0, 0
    for i, x in ipairs(phat) do
      local d = 1 + l1 * g[i][1] + l2 * g[i][2]
      local w, w2 = x / d, x / (d * d)
      g1, g2 = g1 - w * g[i][1], g2 - w * g[i][2]
      h11, h12, h22 = h11 + w2 * g[i][1] ^ 2, h12 + w2 * g[i][1] * g[i][2], h22 + w2 * g[i][2] ^ 2
    end
    local det = h11 * h22 - h12 * h12
    if det <= 0 or det ~= det then break end
    local s1, s2 = -(h22 * g1 - h12 * g2) / det, -(h11 * g2 - h12 * g1) / det
    local step, moved = 1, false
    for _ = 1, 60 do
      local next_f = dual(l1 + step * s1, l2 + step * s2)
      if next_f <= f then
        l1, l2, f, moved = l1 + step * s1, l2 + step * s2, next_f, true
        break
      end
      step = step / 2
    end
    if not moved or math.abs(step * s1) + math.abs(step * s2) < 1e-15 then break end
  end
  local p, sum = {}, 0
  for i, x in ipairs(phat) do
    p[i] = x / (1 + l1 * g[i][1] + l2 * g[i][2])
    sum = sum + p[i]
  end
  local m, var = moments(a, p)
  if math.abs(sum - 1) > 1e-9 or math.abs(m - mu) > 1e-9 or math.abs(var - v) > 1e-9 then
    return nil
  end
  return p
end

local PROFILE_SCAN = 60 -- means looked at in each stretch where some are feasible
local PROFILE_FROM = 0.1 -- |t| from which the maximum is sought by the profile too

-- The roots of c2·x² + c1·x + c0 (c2 > 0), or nil when it has none.
local function roots(c2, c1, c0)
  local d = c1 * c1 - 4 * c2 * c0
  if d < 0 then return nil end
  local r = math.sqrt(d)
  return (-c1 - r) / (2 * c2), (-c1 + r) / (2 * c2)
end

-- The stretches of means μ that a distribution over the scores a with
-- t-value t can have: its variance ((μ − ½)/t)² must lie between the
-- least a mean μ allows ((μ − a_k)(a_k+1 − μ), between neighbouring
-- scores) and the most ((μ − a_1)(a_n − μ)), μ on t's side of ½; each
-- {from, to}.  Near the scores where t is large they are narrow, and a
-- scan of the whole range would miss them.
local function feasible_means(a, t)
  local k = 1 / (t * t)
  local lo, hi = roots(k + 1, -(k + a[1] + a[#a]), k / 4 + a[1] * a[#a]) -- the most
  if not lo then return {} end
  lo, hi = math.max(lo, t > 0 and 0.5 or a[1]), math.min(hi, t > 0 and a[#a] or 0.5)
  local out = {}
  local function add(from, to)
    from, to = math.max(from, lo), math.min(to, hi)
    if to > from then out[#out + 1] = {from, to} end
  end
  for i = 1, #a - 1 do -- outside the roots of ((μ−½)/t)² = (μ − a_i)(a_i+1 − μ)
    local left, right = a[i], a[i + 1]
    local r1, r2 = roots(k + 1, -(k + left + right), k / 4 + left * right)
    if not r1 then add(left, right) else add(left, math.min(right, r1)) add(math.max(left, r2), right) end
  end
  return out
end

-- The distribution of largest likelihood for phat over the scores a among
-- those whose t-value is t, by the profile of the likelihood in the mean:
-- for each mean μ the variance is ((μ − ½)/t)², and moment_mle gives the
-- best distribution with both (a convex problem); the best μ is found by a
-- scan of each stretch of feasible means (feasible_means) and a golden
-- search around each of the scan's three best.  nil when no μ is feasible.
local function profile_t(a, phat, t)
  local function at(mu)
    local p = moment_mle(a, phat, mu, ((mu - 0.5) / t) ^ 2)
    return p and log_likelihood_of(phat, p) or -math.huge, p
  end
  local scan = {}
  for _, stretch in ipairs(feasible_means(a, t)) do
    local from, to = stretch[1], stretch[2]
    for k = 1, PROFILE_SCAN do
      local mu = from + (to - from) * k / (PROFILE_SCAN + 1)
      scan[#scan + 1] = {mu = mu, value = at(mu), width = (to - from) / (PROFILE_SCAN + 1),
                         from = from, to = to}
    end
  end
  table.sort(scan, function(x, y) return x.value > y.value end)
  local best, best_p = -math.huge, nil
  for j = 1, math.min(3, #scan) do
    local x = scan[j]
    if x.value == -math.huge then break end
    local l, h = math.max(x.from, x.mu - x.width), math.min(x.to, x.mu + x.width)
    for _ = 1, 80 do
      local m1, m2 = l + (h - l) * 0.381966, h - (h - l) * 0.381966
      if at(m1) < at(m2) then l = m1 else h = m2 end
    end
    local value, p = at((l + h) / 2)
    if value > best then best, best_p = value, p end
  end
  return best_p
end

-- 1 when p's t-value (μ − ½)/σ is t (to 1e-9): a fixed point that has
-- met its constraint.
local function has_t(a, p, t)
  if not p then return false end
  local mu, var = moments(a, p)
  local sigma = math.sqrt(var)
  return sigma > 0 and math.abs((mu - 0.5) / sigma - t) <= 1e-9 * math.max(1, math.abs(t))
end

local T_LEGS = 64 -- the most legs of the walk towards a t far from the start

-- The distribution of largest likelihood for phat over the scores a among
-- those whose t-value (μ − ½)/σ is t: the Lagrange conditions give p_i =
-- p̂_i / (1 + x·φ_i), φ_i = a_i − ½ − t·σ·(1 + ((a_i − μ)/σ)²)/2 (the
-- derivative of μ − tσ in p_i, shifted so that Σ p_i·φ_i = 0 on the
-- constraint), μ and σ those of p: a fixed point, sought from the uniform
-- distribution; when t is too far from there (no root on the way, or a
-- point that misses t), walked to in legs, each fixed point the start of
-- the next (t/2 and t; then a quarter at a time, ... up to T_LEGS legs).
-- nil when no walk reaches it.
local function fixed_point_t(a, phat, t)
  local uniform = {}
  for i = 1, #a do uniform[i] = 1 / #a end
  local legs = 1
  while legs <= T_LEGS do
    local p = uniform
    for k = 1, legs do
      p = t_fixed_point(a, phat, t * k / legs, p)
      if not has_t(a, p, t * k / legs) then p = nil break end
    end
    if p then return p end
    legs = legs * 2
  end
  return nil
end

-- The distribution of largest likelihood for phat over the scores a among
-- those whose t-value is t: the fixed point (fixed_point_t), which is the
-- maximum when t lies between 0 and the t-value of p̂ (the distributions
-- on that side of t form a convex set: σ is concave in p); beyond it the
-- constraint bounds a set that is not convex, where a fixed point can be
-- a lesser stationary point: there, from |t| = PROFILE_FROM on, the
-- better of it and the profile of the likelihood in the mean (profile_t).
-- (Below, the fixed point was the maximum in 3,200 cases: 400
-- pentanomials drawn at random, each at ±5, 20, 50 and 100 normalized
-- Elo; lesser ones were found from 200 on.)  nil when neither finds one.
local function mle_t(a, phat, t)
  local p = fixed_point_t(a, phat, t)
  local mu, var = moments(a, phat)
  local observed = var > 0 and (mu - 0.5) / math.sqrt(var) or (mu - 0.5) * math.huge
  if math.abs(t) < PROFILE_FROM or (t > 0) == (observed > 0) and math.abs(t) <= math.abs(observed) then
    return p
  end
  local q = profile_t(a, phat, t)
  if not p or q and log_likelihood_of(phat, q) > log_likelihood_of(phat, p) then return q end
  return p
end

-- The generalized log-likelihood ratio of counts over scores a for
-- hypothesis 1 against hypothesis 0, each the best distribution that
-- mle(a, p̂, h) gives: N·Σ p̂_i·ln(p1_i/p0_i), zero counts made EPSILON.
local function gsprt_llr(a, counts, mle, h0, h1)
  local n, phat = 0, {}
  for i, c in ipairs(counts) do
    phat[i] = c == 0 and EPSILON or c
    n = n + phat[i]
  end
  for i = 1, #phat do phat[i] = phat[i] / n end
  local p0, p1 = mle(a, phat, h0), mle(a, phat, h1)
  if not p0 or not p1 then return nil end
  local sum = 0
  for i, x in ipairs(phat) do sum = sum + x * (math.log(p1[i]) - math.log(p0[i])) end
  return n * sum
end

-- --- the BayesElo model (cutechess's SPRT) ---

-- The chances of a win and of a loss in the BayesElo model of Elo
-- difference bayes with draw Elo draw_elo.
local function bayes_chances(bayes, draw_elo)
  return 1 / (1 + 10 ^ ((draw_elo - bayes) / 400)), 1 / (1 + 10 ^ ((draw_elo + bayes) / 400))
end

-- The log-likelihood ratio of w wins, d draws and l losses in the BayesElo
-- model: the draw Elo estimated from the games, the hypotheses elo0 and
-- elo1 (logistic Elo) made BayesElo by the scale the draw Elo gives
-- (4x/(1 + x)², x = 10^(−draw_elo/400)); 0 until each count is above 0.
local function bayes_llr(w, d, l, elo0, elo1)
  if w == 0 or d == 0 or l == 0 then return 0 end
  local n = w + d + l
  local pw, pl = w / n, l / n
  local draw_elo = 200 * math.log((1 - pl) / pl * (1 - pw) / pw, 10)
  local x = 10 ^ (-draw_elo / 400)
  local scale = 4 * x / ((1 + x) * (1 + x))
  local w0, l0 = bayes_chances(elo0 / scale, draw_elo)
  local w1, l1 = bayes_chances(elo1 / scale, draw_elo)
  return w * math.log(w1 / w0) + l * math.log(l1 / l0) +
         d * math.log((1 - w1 - l1) / (1 - w0 - l0))
end

local SPRT_FIELDS = {wins = "number", draws = "number", losses = "number", pairs = "table",
                     elo0 = "number", elo1 = "number", alpha = "number", beta = "number",
                     model = "string"}
local MODELS = {logistic = true, normalized = true, bayesian = true}

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
    return GAME_SCORES, {count(t.losses or 0, 1, "sprt", "losses"),
                         count(t.draws or 0, 1, "sprt", "draws"),
                         count(t.wins or 0, 1, "sprt", "wins")}
  end
  if t.wins or t.draws or t.losses then
    shared.arg_error(1, "sprt", "give wins, draws and losses, or pairs, not both")
  end
  return PAIR_SCORES, pair_counts(t.pairs, 1, "sprt")
end

-- Checks the table of mt.sprt; returns its scores, counts, elo0, elo1,
-- alpha, beta and model.
local function sprt_options(t)
  shared.check_arg(type(t) == "table", 1, "sprt", "table {wins, draws, losses, elo0, elo1}", t)
  t = shared.options(t, 1, "sprt", SPRT_FIELDS)
  local elo0, elo1 = hypothesis(t.elo0, "elo0"), hypothesis(t.elo1, "elo1")
  if elo0 >= elo1 then
    shared.arg_error(1, "sprt", string.format("elo0 must be below elo1 (H0 the weaker " ..
                                              "hypothesis), got %g and %g", elo0, elo1))
  end
  local model = t.model or "logistic"
  shared.check_option(MODELS[model], 1, "sprt", "model", '"logistic", "normalized" or "bayesian"',
                      model)
  if model == "bayesian" and t.pairs ~= nil then
    shared.arg_error(1, "sprt", "model bayesian takes wins, draws and losses, not pairs")
  end
  local xs, counts = sprt_counts(t)
  return xs, counts, elo0, elo1, probability(t.alpha, "alpha"), probability(t.beta, "beta"),
         model
end

-- mt.sprt{wins, draws, losses | pairs, elo0, elo1, alpha = 0.05, beta =
-- 0.05, model = "logistic"}: {llr, lower, upper, result} (result "H1",
-- "H0" or nil), the exact generalized SPRT (see doc/api.md).
function M.sprt(t)
  local xs, counts, elo0, elo1, alpha, beta, model = sprt_options(t)
  local llr
  if model == "bayesian" then
    llr = bayes_llr(counts[3], counts[2], counts[1], elo0, elo1)
  elseif model == "logistic" then
    llr = gsprt_llr(xs, counts, mle_mean, 1 / (1 + 10 ^ (-elo0 / 400)),
                    1 / (1 + 10 ^ (-elo1 / 400)))
  else -- t per game; a pair's is √2 times as large (its variance halves)
    local scale = (#xs == 5 and math.sqrt(2) or 1) / NELO_UNIT
    llr = gsprt_llr(xs, counts, mle_t, elo0 * scale, elo1 * scale)
    if not llr then
      shared.arg_error(1, "sprt", string.format("normalized Elo %g or %g is beyond what " ..
                       "these scores can have", elo0, elo1))
    end
  end
  local lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
  local result = llr >= upper and "H1" or llr <= lower and "H0" or nil
  local verdict = result and result .. " accepted" or "undecided"
  return setmetatable({llr = llr, lower = lower, upper = upper, result = result},
    {__tostring = function(r) -- the hypotheses are not among its fields
      return string.format("SPRT elo0 %g, elo1 %g (%s, alpha %g, beta %g): %s, LLR %.3f, " ..
                           "bounds %.3f and %.3f", elo0, elo1, model, alpha, beta, verdict, r.llr,
                           r.lower, r.upper)
    end})
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

-- tune.lua — mt.tune(eval, variant [, options]): fits the numeric weights
-- of a Lua evaluation to the solver's exact values, Texel's way: over the
-- states reachable from the start where the side to move has a move, it
-- minimises the mean squared error between a logistic of the evaluation,
-- 1 / (1 + e^(-K x)), and the true outcome for the side to move (1 a win,
-- 1/2 a draw, 0 a loss), by a local search on one weight at a time with
-- shrinking steps.  Deterministic.  mt.tune is lguard.c's guard around
-- shared.tune: Ctrl-C or a budget stops it with the best weights so far in
-- the error.
local M, _, shared = ...

local Tuning = {}
Tuning.__index = Tuning
Tuning.__name = "mutorere.Tuning"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Tuning

local OPTIONS = {weights = "string", scale = "number", step = "number", min_step = "number",
                 iterations = "integer", time = "number", progress = "boolean",
                 start = "string|Position|Game", max_plies = "integer"}
local SCALE_GRID = 60 -- points of the first scan of log10 K from -3 to 3
local SCALE_REFINE = 40 -- golden-section steps after it

-- The keys of the numeric weights of w, sorted (numbers before strings).
local function weight_keys(w)
  local keys = {}
  for k, x in next, w do
    if type(x) == "number" and (type(k) == "string" or math.type(k) == "integer") then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) == "number" end
    return a < b
  end)
  return keys
end

-- A copy of the weights table w.
local function copy(w)
  local out = {}
  for k, x in next, w do out[k] = x end
  return out
end

-- The weights as Lua text, {centre = 0.05, mobility = 0.1}: exact, or
-- with digits significant digits.
local function weights_text(w, keys, digits)
  local parts = {}
  for _, k in ipairs(keys) do
    local name = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or
                 "[" .. string.format("%q", k) .. "]"
    local x = w[k]
    if digits and math.abs(x) < 1e-12 then x = 0 end -- what steps up and down left
    local text = string.format("%." .. (digits or 15) .. "g", x)
    if not digits and tonumber(text) ~= w[k] then text = string.format("%.17g", w[k]) end
    parts[#parts + 1] = name .. " = " .. text
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- Checks the evaluation {eval = function(position, variant, weights),
-- weights = {...}}; returns its function, its weights and their keys.
local function check_eval(e)
  shared.check_arg(type(e) == "table" and type(e.eval) == "function" and
                   type(e.weights) == "table", 1, "tune",
                   "evaluation {eval = function(position, variant, weights), weights = {...}}", e)
  local keys = weight_keys(e.weights)
  if #keys == 0 then shared.arg_error(1, "tune", "the evaluation's weights have no number to tune") end
  for _, k in ipairs(keys) do
    local x = e.weights[k]
    if x ~= x or x == math.huge or x == -math.huge then
      shared.arg_error(1, "tune", string.format("weight %s is %s, not a finite number",
                                                shared.describe(k), tostring(x)))
    end
  end
  return e.eval, e.weights, keys
end

-- Reads the options of mt.tune.
local function tune_options(v, options)
  local o = shared.options(options, 3, "tune", OPTIONS)
  local c = shared.common_options(o, v, 3, "tune")
  for _, key in ipairs({"scale", "step", "min_step"}) do
    local x = o[key]
    shared.check_option(x == nil or x > 0 and x < 1e9, 3, "tune", key,
                        "a positive number below 1e9", x)
  end
  c.scale, c.step = o.scale, o.step or 0.1
  c.min_step = o.min_step or c.step / 1024
  c.iterations = shared.whole_option(o, "iterations", 0, 1000000, 3, "tune") or 100
  c.start_given = o.start ~= nil
  return c
end

-- The evaluations of the states (positions of the variant v) with the
-- weights w, checked: a list of numbers.
local function evaluate(f, v, positions, w)
  local out, at = {}, 0
  local ok, err = pcall(function()
    for i, p in ipairs(positions) do
      at = i
      local x = f(p, v, w)
      if math.type(x) == nil or x ~= x or x == math.huge or x == -math.huge then
        error("eval returned " .. tostring(x) .. ", not a finite number", 0)
      end
      out[i] = x
    end
  end)
  if not ok then
    error(string.format("tune: eval failed at %s: %s", tostring(positions[at]), tostring(err)))
  end
  return out
end

-- The weighted mean squared error of the logistic of the evaluations xs,
-- at scale k, against the targets.
local function squared_error(xs, k, states)
  local sum, targets, weights = 0, states.targets, states.weights
  for i, x in ipairs(xs) do
    local d = targets[i] - 1 / (1 + math.exp(-k * x))
    sum = sum + weights[i] * d * d
  end
  return sum / states.weight
end

-- The scale K that fits the evaluations xs best: a scan of log10 K from -3
-- to 3, then a golden-section search around the best point.
local function fit_scale(xs, states)
  local function err(t) return squared_error(xs, 10 ^ t, states) end
  local best, best_err = -3, math.huge
  for i = 0, SCALE_GRID do
    local t = -3 + 6 * i / SCALE_GRID
    local e = err(t)
    if e < best_err then best, best_err = t, e end
  end
  local lo, hi, g = best - 6 / SCALE_GRID, best + 6 / SCALE_GRID, (math.sqrt(5) - 1) / 2
  for _ = 1, SCALE_REFINE do
    local a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    if err(a) < err(b) then hi = b else lo = a end
  end
  local t = (lo + hi) / 2
  if err(t) > best_err then t = best end
  return 10 ^ t
end

-- The state of a tuning run: the evaluation, the states, the scale, the
-- best weights so far and their error, counters (a stop before its first
-- pass says the initial weights, as shared.tune noted them).
local function new_run(f, v, states, w, keys, c, note)
  local run = {f = f, v = v, states = states, w = copy(w), keys = keys, note = note,
               evaluations = 0, passes = 0}
  function run.error_of(weights)
    run.evaluations = run.evaluations + 1
    return squared_error(evaluate(f, v, states.positions, weights), run.k, states)
  end
  run.k = c.scale or fit_scale(evaluate(f, v, states.positions, w), states)
  run.before = run.error_of(run.w)
  run.err = run.before
  return run
end

-- Keeps the run's best weights in the note, for a stop.
local function note_best(run)
  run.note.partial = string.format(
    "mt.tune stopped: best weights so far %s (error %.6g, was %.6g; scale %.6g; %d passes)",
    weights_text(run.w, run.keys, 6), run.err, run.before, run.k, run.passes)
end

-- Tries weight key of the run at its value plus delta; keeps it when the
-- error is lower.  Returns true then.
local function try(run, key, delta)
  local w = copy(run.w)
  w[key] = w[key] + delta
  local e = run.error_of(w)
  if e < run.err then
    run.w, run.err = w, e
    note_best(run)
    return true
  end
  return false
end

-- The local search: each pass tries every weight a step one way, then the
-- other (the way that last worked first); a step that lowers the error is
-- kept and doubled, and a weight that moves neither way has its step
-- halved; until every step is below min_step, the passes run out or the
-- deadline passes.  Returns "time" when the deadline stopped it.
local function search(run, c, bar)
  local steps, ways = {}, {}
  for _, k in ipairs(run.keys) do steps[k], ways[k] = c.step, 1 end
  local deadline = c.time and M.clock() + c.time
  while run.passes < c.iterations do
    local moving = false
    for _, k in ipairs(run.keys) do
      if steps[k] >= c.min_step then
        moving = true
        if deadline and M.clock() >= deadline then return "time" end
        local way = ways[k]
        if try(run, k, way * steps[k]) then
          steps[k] = steps[k] * 2
        elseif try(run, k, -way * steps[k]) then
          ways[k], steps[k] = -way, steps[k] * 2
        else
          steps[k] = steps[k] / 2
        end
      end
    end
    if not moving then return nil end
    run.passes = run.passes + 1
    bar(run.passes)
  end
end

-- shared.tune(note, eval, variant [, options]): mt.tune (see doc/api.md),
-- run by the guard with its note.
function shared.tune(note, eval, variant, options)
  local t0 = M.clock()
  local f, w, keys = check_eval(eval)
  note.partial = string.format( -- a stop while the board is solved and walked
    "mt.tune stopped before its first pass: best weights so far %s (the initial ones)",
    weights_text(w, keys, 6))
  local v = shared.as_argument(2, "tune", M.variant, variant == nil and "standard" or variant)
  local c = tune_options(v, options)
  local s = M.solve(v)
  local states = shared.accuracy_states(v, s, c.start, c.history,
                                        {weights = c.weights == "random-play", cap = c.cap})
  if #states.positions == 0 then -- the error of no states is 0/0
    local given = c.start_given
    shared.arg_error(given and 3 or 2, "tune", "no state with a move is reachable from " ..
                     (given and "the start given" or "the variant's start") .. ": nothing to fit")
  end
  states.weight = 0
  for _, x in ipairs(states.weights) do states.weight = states.weight + x end
  local run = new_run(f, v, states, w, keys, c, note)
  note_best(run)
  note.progress = c.progress
  local bar = shared.progress(c.iterations, "tune", c.progress)
  local stopped = search(run, c, bar)
  bar(nil)
  local fitted = run.w
  return setmetatable({
    variant = v.name, arms = v.arms, size = shared.size_text(v), states = #states.positions,
    weighting = c.weights,
    initial = copy(w), weights = fitted, keys = keys, scale = run.k,
    error = {before = run.before, after = run.err},
    iterations = run.passes, evaluations = run.evaluations, stopped = stopped,
    partial = stopped and true or nil, seconds = M.clock() - t0,
    text = weights_text(fitted, keys),
    eval = function(position, variant_) return f(position, variant_, fitted) end,
  }, Tuning)
end

-- The tuning as text: the errors, the scale, and each weight before and
-- after.
function Tuning.__tostring(t)
  local lines = {
    string.format("tuned on %s (%s), %d states%s", t.variant, t.size, t.states,
                  t.weighting == "random-play" and " weighed by random play" or ""),
    string.format("  error %.6g -> %.6g (%.1f%% lower) at scale %.6g", t.error.before,
                  t.error.after,
                  t.error.before > 0 and 100 * (1 - t.error.after / t.error.before) or 0,
                  t.scale),
    string.format("  %d passes, %d error evaluations, %.2f s%s", t.iterations,
                  t.evaluations, t.seconds, t.partial and " (stopped by its time)" or ""),
  }
  for _, k in ipairs(t.keys) do
    local after = math.abs(t.weights[k]) < 1e-12 and 0 or t.weights[k]
    lines[#lines + 1] = string.format("  %-20s %14.6g -> %.6g", tostring(k), t.initial[k], after)
  end
  lines[#lines + 1] = "  weights = " .. weights_text(t.weights, t.keys, 6)
  return shared.joined(lines)
end

-- mt.tune(eval, variant [, options]): shared.tune, guarded.
M.tune = shared.guard("tune")

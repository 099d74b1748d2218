-- accuracy.lua — mt.accuracy(player [, variant [, options]]): how often a
-- player's move is best, an inaccuracy or a blunder (the words of
-- Game:review()), judged by the solver in every state reachable from the
-- start where the side to move has a move, or in a uniform sample of them,
-- counted plainly or weighed by how often random play comes there.  The
-- walk, the player's calls and the tally run in C (laccuracy.c); mt.accuracy
-- itself is lguard.c's guard around shared.accuracy, which keeps the
-- partial result when Ctrl-C or a budget stops it.
local M, _, shared = ...

local Accuracy = {}
Accuracy.__index = Accuracy
Accuracy.__name = "mutorere.Accuracy"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Accuracy

local MAX_EXAMPLES = 100
local player_choose = M.Player.choose -- the module's own, whatever scripts do

-- Player:choose, an outside engine's failure (a table) raised as its
-- message, which the walk in C then says.
local function choose(p, game, limits)
  local ok, move, found = pcall(player_choose, p, game, limits)
  if ok then return move, found end
  error(shared.failure_reason(move) and tostring(move) or move, 0)
end

local OPTIONS = {sample = "integer", weights = "string", seed = "integer",
                 progress = "boolean", examples = "integer", time = "number",
                 max_plies = "integer", start = "string|Position|Game"}

-- shared.whole_option(o, key, lo, hi, n, name): option key of o (argument
-- n of function name), nil or a whole number from lo to hi.
function shared.whole_option(o, key, lo, hi, n, name)
  local x = o[key]
  return shared.check_option(x == nil or x >= lo and x <= hi, n, name, key,
                             string.format("a whole number from %d to %d", lo, hi), x)
end

-- shared.common_options(o, v, n, name): what mt.accuracy and mt.tune read
-- alike in their options o (argument n of function name, checked by
-- shared.options): weights ("states" or "random-play"), max_plies (random
-- play's cap), time (seconds), progress, start; as {weights, cap, time,
-- progress, start, history}.
function shared.common_options(o, v, n, name)
  local weights = o.weights or "states"
  shared.check_option(weights == "states" or weights == "random-play", n, name, "weights",
                      "\"states\" or \"random-play\"", weights)
  shared.check_option(o.time == nil or o.time > 0 and o.time <= 1e9, n, name, "time",
                      "a number of seconds from 0 to 1e9", o.time)
  local cap = shared.random_cap(v, o.max_plies, n, name) -- checked even where unused
  if weights ~= "random-play" then cap = nil end
  local start, history = shared.as_option(n, name, "start", shared.start_of, v, o.start)
  return {weights = weights, cap = cap, time = o.time, start = start, history = history,
          progress = o.progress == nil and M.isatty(io.stderr) or o.progress == true}
end

-- The player and variant of mt.accuracy's arguments.
local function player_and_variant(player, variant)
  shared.check_arg(player ~= nil, 1, "accuracy",
                   "player (a name, a path, a function, a table or a Player)", player)
  return shared.as_argument(1, "accuracy", M.player, player),
         shared.as_argument(2, "accuracy", M.variant, variant == nil and "standard" or variant)
end

-- The counts of the verdicts in the raw result, by value of the state and
-- in all.
local function verdict_counts(raw)
  local words = {win = "won", draw = "drawn", loss = "lost"}
  local by, all = {}, {best = 0, inaccuracies = 0, blunders = 0}
  for value, word in pairs(words) do
    local c = raw.counts[value]
    local t = {best = c.best, inaccuracies = c.inaccuracy, blunders = c.blunder}
    t.states = t.best + t.inaccuracies + t.blunders
    by[word] = t
    for k in pairs(all) do all[k] = all[k] + t[k] end
  end
  return by, all
end

-- shared.accuracy(note, player [, variant [, options]]): mt.accuracy (see
-- doc/api.md), run by the guard with its note.
function shared.accuracy(note, player, variant, options)
  local t0 = M.clock()
  local p, v = player_and_variant(player, variant)
  local engine <close> = shared.engines_closer({p}) -- luacheck: ignore 211
  local o = shared.options(options, 3, "accuracy", OPTIONS)
  local c = shared.common_options(o, v, 3, "accuracy")
  local sample = shared.whole_option(o, "sample", 1, math.maxinteger, 3, "accuracy")
  local seed = o.seed or 1
  local examples = shared.whole_option(o, "examples", 0, MAX_EXAMPLES, 3, "accuracy") or 10
  local s = M.solve(v)
  p:reset(seed)
  local bar
  local function progress(done, total)
    bar = bar or shared.progress(total, "accuracy", c.progress)
    bar(done)
  end
  note.progress = c.progress
  local raw = shared.accuracy_run(note, v, s, c.start, c.history, p, choose,
    {seed = seed, sample = sample, weights = c.weights == "random-play", cap = c.cap,
     examples = examples, time = c.time, progress = progress})
  if bar then bar(nil) end
  local by, all = verdict_counts(raw)
  local shares = raw.shares
  local r = setmetatable({
    player = p.name, variant = v.name, arms = v.arms, size = shared.size_text(v),
    weighting = c.weights,
    population = raw.population, states = raw.states,
    best = all.best, inaccuracies = all.inaccuracies, blunders = all.blunders,
    forced = raw.forced, by_value = by,
    rate = shares.best[1], inaccuracy_rate = shares.inaccuracy[1],
    blunder_rate = shares.blunder[1],
    plies_lost = raw.plies_lost,
    mean_lost = all.inaccuracies > 0 and raw.plies_lost / all.inaccuracies or 0,
    worst = raw.worst, seed = seed, stopped = raw.stopped,
  }, Accuracy)
  r.sample = raw.sample
  if raw.states < raw.population then
    r.se = {rate = shares.best[2], inaccuracy_rate = shares.inaccuracy[2],
            blunder_rate = shares.blunder[2]}
  end
  r.partial = raw.stopped ~= nil or nil
  r.seconds = M.clock() - t0
  return r
end

-- "92.31%", with " ± 0.12%" when a standard error is known.
local function share_text(x, se)
  local text = string.format("%6.2f%%", 100 * x)
  if se then text = text .. string.format(" ± %.2f%%", 100 * se) end
  return text
end

-- What was judged, in words.
local function scope(r)
  local text
  if r.partial then
    text = string.format("stopped by its time after %d of %d states (a uniform " ..
                         "sample, seed %d)", r.states, r.population, r.seed)
  elseif r.sample then
    text = string.format("a uniform sample of %d of %d states (seed %d)", r.sample,
                         r.population, r.seed)
  else
    text = string.format("all %d states with a move", r.states)
  end
  if r.weighting == "random-play" then text = text .. ", weighed by random play" end
  return text
end

-- A worst move as a line: position, move, verdict, what it left, best.
local function example_line(e)
  local where = e.position
  if e.history then
    local moves = {}
    for i, m in ipairs(e.history) do moves[i] = tostring(m) end
    where = where .. " after " .. table.concat(moves, " ")
  end
  return string.format("    %s  %s %s: %s, was %s; best %s", where, e.move, e.verdict,
                       shared.value_text(e.after), shared.value_text(e.before),
                       table.concat(e.best, " "))
end

-- shared.joined(lines): the lines as one text, each longer than 79
-- columns broken at its spaces (table columns are kept where they fit).
function shared.joined(lines)
  local out = {}
  for i, line in ipairs(lines) do
    out[i] = (utf8.len(line) or #line) > 79 and shared.wrap(line, 79, "      ") or line
  end
  return table.concat(out, "\n")
end

-- The result as text in 80 columns.
function Accuracy.__tostring(r)
  local se = r.se or {}
  local lines = {
    string.format("%s on %s (%s): %s", r.player, r.variant, r.size, scope(r)),
    string.format("  best moves   %9d  %s", r.best, share_text(r.rate, se.rate)),
    string.format("  inaccuracies %9d  %s%s", r.inaccuracies,
                  share_text(r.inaccuracy_rate, se.inaccuracy_rate),
                  r.inaccuracies > 0 and string.format("  (%.2f plies lost on average)",
                                                       r.mean_lost) or ""),
    string.format("  blunders     %9d  %s", r.blunders, share_text(r.blunder_rate, se.blunder_rate)),
    string.format("  forced moves %9d  (counted as best)", r.forced),
    string.format("  %-12s %9s %9s %13s %9s", "by value", "states", "best", "inaccuracies",
                  "blunders"),
  }
  for _, word in ipairs({"won", "drawn", "lost"}) do
    local b = r.by_value[word]
    lines[#lines + 1] = string.format("    %-10s %9d %9d %13d %9d", word, b.states, b.best,
                                      b.inaccuracies, b.blunders)
  end
  if #r.worst > 0 then
    lines[#lines + 1] = "  worst moves (position, move played, verdict):"
    for _, e in ipairs(r.worst) do lines[#lines + 1] = example_line(e) end
  end
  return shared.joined(lines)
end

-- mt.accuracy(player [, variant [, options]]): shared.accuracy, guarded.
M.accuracy = shared.guard("accuracy")

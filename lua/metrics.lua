-- metrics.lua — mt.metrics(variant): what a variant is worth as a game, in
-- named figures, exact from the solver and the reachable states (walked in
-- C, core/metrics.c), Ludii's metrics among them; random play by exact
-- Markov-chain analysis, and sampled only where no chain gives a figure.
local M, _, shared = ...

local Metrics = {}
Metrics.__index = Metrics
Metrics.__name = "mutorere.Metrics"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Metrics

local LUDII_TURN_LIMIT = 2500 -- Ludii's default: 1250 turns of each player
local other = {black = "white", white = "black"}

-- shared.plies(d): "1 ply", "4 plies".
function shared.plies(d)
  return string.format("%d pl%s", d, d == 1 and "y" or "ies")
end

-- shared.verdict(start, reachable): one sentence on what the start is
-- worth: start = {side, value, distance, moves}, reachable = {wins,
-- losses}.
function shared.verdict(start, reachable)
  local mover = start.side
  if start.moves == 0 then
    return string.format("broken: %s cannot move at the start", mover)
  end
  if reachable.wins + reachable.losses == 0 then
    return "broken: no position reachable from the start is won or lost, " ..
           "so no game can end but by repetition"
  end
  if start.value == "draw" then return "a draw with perfect play" end
  local winner = start.value == "win" and mover or other[mover]
  local text = string.format("a forced win for %s in %s", winner,
                             shared.plies(start.distance))
  if start.distance <= 1 then text = text .. " (broken: it ends at once)" end
  return text
end

-- Reads the options of mt.metrics: the start, the random-play cap, the
-- sampled games and their seed, the number of trap examples.
local function metrics_options(v, o)
  if o ~= nil and type(o) ~= "table" then
    error("bad argument #2 to 'metrics' (a table of options expected)", 3)
  end
  o = o or {}
  local cap = o.max_plies or v:parameters().max_plies
  if cap == 0 then cap = LUDII_TURN_LIMIT end
  if math.type(cap) ~= "integer" or cap < 1 or cap > 1000000 then
    error("max_plies must be an integer from 1 to 1000000", 3)
  end
  local games = o.games or 1000
  if math.type(games) ~= "integer" or games < 0 then
    error("games must be a non-negative integer", 3)
  end
  local start = o.start and M.position(tostring(o.start)) or v.start
  return {cap = o.random == false and 0 or cap, games = games,
          seed = o.seed or 1, examples = o.traps or 10}, start
end

-- The reachable states' figures from the exact table e.
local function reachable_figures(e)
  local longest = -1
  for _, side in ipairs({"win", "loss"}) do
    for d in pairs(e.remoteness[side]) do longest = math.max(longest, d) end
  end
  return {states = e.states, wins = e.wins, losses = e.losses,
          draws = e.draws, ends = e.ends, longest = longest >= 0 and longest or nil}
end

-- Ludii's metrics under uniformly random play (exact, from the chain r)
-- and the two only sampling gives (from s).
local function ludii_random(r, s, states)
  local l = {
    AdvantageP1 = r.black,
    Balance = 1 - math.abs(r.black - r.white),
    Completion = r.black + r.white,
    Drawishness = r.draws,
    Timeouts = r.timeouts,
    DurationTurns = r.length,
    DurationTurnsStdDev = math.sqrt(math.max(0, r.length_sq - r.length ^ 2)),
    DurationTurnsNotTimeouts = r.length_ended,
    BranchingFactor = r.branching,
    DecisionMoves = r.decisions,
    LeadChange = r.lead_change,
    Stability = r.stability,
    Drama = r.drama,
    StateSpaceComplexity = math.log(states, 10),
  }
  if s then
    l.GameTreeComplexity = s.tree_complexity
    l.PositionalRepetition = s.repetition
  end
  return l
end

-- Ludii's outcome metrics under perfect play (both sides play the
-- solver's moves; a drawn game never ends, so it reaches the cap).
local function ludii_perfect(start, cap)
  local black_wins = (start.value == "win") == (start.side == "black")
  local decided = start.value ~= "draw"
  return {
    AdvantageP1 = decided and black_wins and 1 or 0,
    Balance = decided and 0 or 1,
    Completion = decided and 1 or 0,
    Drawishness = 0,
    Timeouts = decided and 0 or 1,
    DurationTurns = decided and start.distance or cap,
  }
end

-- mt.metrics(variant [, options]): the named figures of a variant.
function M.metrics(variant, options)
  local v = M.variant(variant)
  local o, start = metrics_options(v, options)
  local t0 = M.clock()
  local s = M.solve(v)
  local e = shared.metrics_exact(v, s, start, o)
  local m = setmetatable({
    variant = v.name, arms = v.arms, description = v.description,
    start = {position = e.start, side = start.side, value = e.value,
             distance = e.distance, moves = e.start_moves},
    reachable = reachable_figures(e),
    remoteness = e.remoteness,
    branching = e.states > e.ends and e.moves / (e.states - e.ends) or nil,
    forced = e.forced,
    lookahead = e.lookahead, lookahead_witness = e.witness,
    traps = e.traps,
    mistakes = {win_to_draw = e.win_to_draw, win_to_loss = e.win_to_loss},
  }, Metrics)
  m.verdict = shared.verdict(m.start, m.reachable)
  m.perfect = ludii_perfect(m.start, o.cap > 0 and o.cap or LUDII_TURN_LIMIT)
  if e.random then
    local r = e.random
    m.random = {cap = r.cap, black = r.black, white = r.white, draws = r.draws,
                timeouts = r.timeouts, length = r.length,
                plies = r.plies, residue = r.residue, classes = r.classes}
    m.ludii = ludii_random(r, e.sample, e.states)
    if e.sample then
      local how = {games = e.sample.games, seed = o.seed}
      m.sampled = {GameTreeComplexity = how, PositionalRepetition = how}
    end
  end
  m.seconds = M.clock() - t0
  return m
end

-- Per cent with one decimal.
local function percent(x) return string.format("%.1f%%", 100 * x) end

-- "1:40 3:12 5:8" from a histogram {[d] = count}.
local function histogram_text(h)
  local keys = {}
  for d in pairs(h) do keys[#keys + 1] = d end
  table.sort(keys)
  local parts = {}
  for _, d in ipairs(keys) do parts[#parts + 1] = d .. ":" .. h[d] end
  return #parts > 0 and table.concat(parts, " ") or "none"
end

-- shared.wrap(text, width, indent): text broken into lines of at most width
-- columns, the later ones indented.
function shared.wrap(text, width, indent)
  local lead = text:match("^%s*")
  local lines, line = {}, lead
  for word in text:gmatch("%S+") do
    if line ~= lead and utf8.len(line) + 1 + utf8.len(word) > width then
      lines[#lines + 1] = line
      line = indent .. word
    else
      line = line == lead and lead .. word or line .. " " .. word
    end
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- The order Ludii's metrics are shown in.
shared.ludii_order = {
  "AdvantageP1", "Balance", "Completion", "Drawishness", "Timeouts",
  "DurationTurns", "DurationTurnsStdDev", "DurationTurnsNotTimeouts",
  "BranchingFactor", "DecisionMoves", "LeadChange", "Stability", "Drama",
  "StateSpaceComplexity", "GameTreeComplexity", "PositionalRepetition",
}

-- The metrics as text, no line longer than 80 columns.
function Metrics.__tostring(m)
  local r = m.reachable
  local lines = {
    string.format("%s (%d arms): %s", m.variant, m.arms, m.verdict),
    string.format("  start %s: %s%s, %d move%s", m.start.position, m.start.value,
                  m.start.distance and (" in " .. m.start.distance) or "",
                  m.start.moves, m.start.moves == 1 and "" or "s"),
    string.format("  reachable: %d states — %d won, %d lost, %d drawn; %d end the game",
                  r.states, r.wins, r.losses, r.draws, r.ends),
    shared.wrap("  won in: " .. histogram_text(m.remoteness.win), 78, "    "),
    shared.wrap("  lost in: " .. histogram_text(m.remoteness.loss), 78, "    "),
    string.format("  branching %.2f, %d forced; traps %d (%d losing moves); " ..
                  "wins thrown %d", m.branching or 0, m.forced, m.traps.count,
                  m.traps.moves, m.mistakes.win_to_draw + m.mistakes.win_to_loss),
  }
  if m.lookahead == nil then
    lines[#lines + 1] = "  lookahead: none up to 40 plies keeps every draw and win"
  elseif m.lookahead_witness then
    lines[#lines + 1] = string.format(
      "  lookahead %d plies (with %d, %s may be played in %s)", m.lookahead,
      m.lookahead - 1, m.lookahead_witness.move, m.lookahead_witness.position)
  else
    lines[#lines + 1] = "  lookahead 0: no move ever loses"
  end
  local rp = m.random
  if rp then
    lines[#lines + 1] = string.format(
      "  random play (exact, cap %d): black %s, white %s, drawn %s, " ..
      "timeouts %s", rp.cap, percent(rp.black), percent(rp.white),
      percent(rp.draws), percent(rp.timeouts))
    local parts = {}
    for _, name in ipairs(shared.ludii_order) do
      local x = m.ludii[name]
      if x then
        parts[#parts + 1] = string.format("%s %.3g%s", name, x,
                                          m.sampled and m.sampled[name] and "*" or "")
      end
    end
    lines[#lines + 1] = shared.wrap("  Ludii: " .. table.concat(parts, ", "), 78, "    ")
    if m.sampled then
      lines[#lines + 1] = string.format("  * sampled: %d random games",
                                        m.sampled.GameTreeComplexity.games)
    end
  end
  return table.concat(lines, "\n")
end

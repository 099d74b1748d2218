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

-- shared.random_cap(v, max_plies, n, name): the cap of random play: the
-- option max_plies (an integer, of argument n of function name) when
-- given, else the variant's, else Ludii's default.
function shared.random_cap(v, cap, n, name)
  if cap == nil then
    cap = v:parameters().max_plies
    if cap == 0 then cap = LUDII_TURN_LIMIT end
  end
  return shared.check_option(cap >= 1 and cap <= 1000000, n, name, "max_plies",
                             "a whole number from 1 to 1000000", cap)
end

-- shared.start_of(v, start): the start state of option start (a Game: its
-- state; a position; nil: the variant's start): the position and history;
-- a start that does not fit the variant v (another board size) is an
-- argument error that says how.
function shared.start_of(v, start)
  if start == nil then return v.start, nil end
  local p, h
  if M.type(start) == "Game" then
    p, h = start:state()
  else
    p = M.position(tostring(start))
  end
  local fits, why = pcall(M.game, v, p, h)
  if not fits then shared.arg_error(2, "start_of", (shared.reason(why))) end
  return p, h
end

-- Reads the options of mt.metrics: the start, the random-play cap, the
-- sampled games and their seed, the number of trap examples.
local function metrics_options(v, o)
  o = shared.options(o, 2, "metrics", {start = "string|Position|Game", max_plies = "integer",
                                       games = "integer", seed = "integer", traps = "integer",
                                       random = "boolean"})
  local cap = shared.random_cap(v, o.max_plies, 2, "metrics")
  local games = o.games or 1000
  shared.check_option(games >= 0, 2, "metrics", "games", "a non-negative integer", games)
  shared.check_option((o.traps or 0) >= 0, 2, "metrics", "traps", "a non-negative integer", o.traps)
  local start, history = shared.as_option(2, "metrics", "start", shared.start_of, v, o.start)
  if o.random == false then cap, games = 0, 0 end
  return {cap = cap, games = games,
          seed = o.seed or 1, examples = o.traps or 10}, start, history
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
    DurationTurnsStdDev = r.length_sd,
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
  local v = shared.as_argument(1, "metrics", M.variant, variant)
  local o, start, history = metrics_options(v, options)
  local t0 = M.clock()
  local s = M.solve(v)
  local e = shared.metrics_exact(v, s, start, history, o)
  local m = setmetatable({
    variant = v.name, arms = v.arms, size = shared.size_text(v),
    description = v.description,
    start = {position = tostring(start), side = start.side, value = e.value,
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
                length_sd = r.length_sd, median_length = r.length_median,
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
    if line ~= lead and (utf8.len(line) or #line) + 1 + (utf8.len(word) or #word) > width then
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
    string.format("%s (%s): %s", m.variant, m.size, m.verdict),
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
  for i, line in ipairs(lines) do lines[i] = shared.wrap(line, 79, "    ") end
  return table.concat(lines, "\n")
end

-- --- states, as Lua sees them ---
-- A state is a position with the last k moves (k = the variant's history,
-- 0 by default), the ply counting only while the opening rules read it.
-- These functions (with shared.state_key in extras.lua) are where the Lua
-- parts here walk states.

-- shared.state_of(game): the game's state: its position and history.
function shared.state_of(game)
  return game:state()
end

-- shared.state_outcome(v, p, h): as Variant:outcome, for a state.
function shared.state_outcome(v, p, h)
  return v:outcome(p, h)
end

-- shared.state_children(v, p, h): {{move = text, position, history}} of
-- every legal move of a state that goes on (none when it ends the game).
function shared.state_children(v, p, h)
  local list = {}
  if v:outcome(p, h) then return list end
  for i, m in ipairs(v:moves(p, h)) do
    local q, after = v:play(p, m, h)
    list[i] = {move = tostring(m), position = q, history = after}
  end
  return list
end

-- shared.state_lookup(s, p, h): the solution's value and distance of a
-- state.
function shared.state_lookup(s, p, h)
  return s:lookup(p, h)
end

-- shared.replay(game): a copy of the game taken back to its start (its
-- own start state, history included); redo() plays its moves again.
function shared.replay(game)
  local g = game:copy()
  while g:undo() do end
  return g
end

-- --- the lookahead search ---

local WIN = 100000 -- a win now scores WIN, a win in j plies WIN - j

-- shared.lookahead_searcher(v): a function(p, h, depth) -> the moves a
-- depth-ply negamax rates best and their score (WIN - j: a win in j plies,
-- -(WIN - j): a loss in j, 0: unknown), a game's end scored for the side to
-- move, the horizon unknown, no evaluation, repetition not considered.  It
-- remembers every state it met (children and scores by depth).
function shared.lookahead_searcher(v)
  local nodes = {} -- key -> {over = score or nil, children = {...}}
  local function node(p, h, key)
    local n = nodes[key]
    if n then return n end
    local winner = shared.state_outcome(v, p, h)
    if winner then
      n = {over = winner == "draw" and 0 or winner == p.side and WIN or -WIN}
    else
      n = {children = shared.state_children(v, p, h), scores = {}}
      for _, c in ipairs(n.children) do
        c.key = shared.state_key(v, c.position, c.history)
      end
    end
    nodes[key] = n
    return n
  end
  -- The score of a move whose child scores sc for the opponent.
  local function back(sc)
    if sc > 0 then return -sc + 1 end
    if sc < 0 then return -sc - 1 end
    return 0
  end
  local function score(n, depth)
    if n.over then return n.over end
    if depth == 0 then return 0 end
    local sc = n.scores[depth]
    if sc then return sc end
    sc = -math.huge
    for _, c in ipairs(n.children) do
      local cn = node(c.position, c.history, c.key)
      sc = math.max(sc, back(score(cn, depth - 1)))
    end
    n.scores[depth] = sc
    return sc
  end
  return function(p, h, depth)
    local n = node(p, h, shared.state_key(v, p, h))
    if n.over then return {}, n.over end
    if depth == 0 then
      local all = {}
      for i, c in ipairs(n.children) do all[i] = c.move end
      return all, 0
    end
    local rated, best = {}, -math.huge
    for i, c in ipairs(n.children) do
      rated[i] = back(score(node(c.position, c.history, c.key), depth - 1))
      best = math.max(best, rated[i])
    end
    local moves = {}
    for i, c in ipairs(n.children) do
      if rated[i] == best then moves[#moves + 1] = c.move end
    end
    return moves, best
  end
end

-- shared.search_verdict(score): "win", "loss" or "unknown", and the
-- distance.
function shared.search_verdict(score)
  if score > 0 then return "win", WIN - score end
  if score < 0 then return "loss", WIN + score end
  return "unknown", nil
end

-- Game:lookahead(depth): the moves a depth-ply negamax rates best, and what
-- it sees: "win", "loss" or "unknown", with the distance when known.
function M.Game:lookahead(depth)
  shared.check_self(M.type(self) == "Game", "lookahead", "Game", self)
  depth = shared.check_whole(depth, 1, "lookahead", "depth", 0, 200)
  if self:result() then return {}, "over", nil end
  local p, h = shared.state_of(self)
  local moves, sc = shared.lookahead_searcher(self:variant())(p, h, depth)
  return moves, shared.search_verdict(sc)
end

-- --- side by side ---

local Comparison = {}
Comparison.__index = Comparison
Comparison.__name = "mutorere.Comparison"
shared.classes[#shared.classes + 1] = Comparison

-- The rows of the comparison table: a label and the text of a metrics
-- table's figure.
local function pct(x) return x and string.format("%.1f%%", 100 * x) or "-" end
local function num(x)
  if not x then return "-" end
  if math.abs(x) >= 1000 then return string.format("%.0f", x) end
  return string.format("%.3g", x)
end
local compare_rows = {
  {"start", function(m)
    local s = m.start
    if s.value == "draw" then return "draw" end
    return s.value .. " " .. s.distance
  end},
  {"reachable states", function(m) return tostring(m.reachable.states) end},
  {"won", function(m) return tostring(m.reachable.wins) end},
  {"lost", function(m) return tostring(m.reachable.losses) end},
  {"drawn", function(m) return tostring(m.reachable.draws) end},
  {"longest forced end", function(m) return m.reachable.longest and tostring(m.reachable.longest) or "-" end},
  {"branching", function(m) return num(m.branching) end},
  {"forced states", function(m) return tostring(m.forced) end},
  {"traps", function(m) return tostring(m.traps.count) end},
  {"lookahead", function(m) return m.lookahead and tostring(m.lookahead) or "> 40" end},
  {"random: black wins", function(m) return m.random and pct(m.random.black) end},
  {"random: white wins", function(m) return m.random and pct(m.random.white) end},
}
for _, name in ipairs(shared.ludii_order) do
  if #name <= 20 then
    compare_rows[#compare_rows + 1] = {name, function(m)
      local x = m.ludii and m.ludii[name]
      if not x then return "-" end
      return num(x) .. (m.sampled and m.sampled[name] and "*" or "")
    end}
  end
end

-- A variant's name in lines of at most width columns, broken after hyphens.
local function name_lines(name, width)
  local lines, line = {}, ""
  for part in name:gmatch("[^-]+%-?") do
    if line ~= "" and #line + #part > width then
      lines[#lines + 1] = line
      line = ""
    end
    line = line .. part
  end
  lines[#lines + 1] = line
  for i, l in ipairs(lines) do
    if #l > width then lines[i] = l:sub(1, width - 1) .. "~" end
  end
  return lines
end

-- Groups the variants' names by a text (in first-seen order): {{text,
-- names}}, the largest group first.
local function groups(list, text_of)
  local by, order = {}, {}
  for _, m in ipairs(list) do
    local t = text_of(m)
    if not by[t] then by[t] = {} order[#order + 1] = t end
    table.insert(by[t], m.label)
  end
  local out = {}
  for i, t in ipairs(order) do out[i] = {text = t, names = by[t], first = i} end
  table.sort(out, function(a, b)
    if #a.names ~= #b.names then return #a.names > #b.names end
    return a.first < b.first
  end)
  return out
end

-- Says how the variants differ in what a text of each gives: the odd ones
-- out by name, then "every other variant: ...".
local function differ(list, text_of, what)
  local g = groups(list, text_of)
  if #g < 2 then return nil end
  local parts = {}
  for i = 2, #g do
    parts[#parts + 1] = table.concat(g[i].names, ", ") .. ": " .. g[i].text
  end
  if #g[1].names > 1 then
    parts[#parts + 1] = "every other variant: " .. g[1].text
  else
    parts[#parts + 1] = g[1].names[1] .. ": " .. g[1].text
  end
  return (what and what .. " — " or "") .. table.concat(parts, "; ")
end

-- The differences that matter, in words.
local function differences(list)
  local out = {}
  local function add(s) if s then out[#out + 1] = s end end
  add(differ(list, function(m) return m.verdict end))
  add(differ(list, function(m)
    if m.lookahead == nil then return "no lookahead up to 40 plies is enough" end
    if m.lookahead == 0 then return "no move ever loses" end
    return "a player must look " .. shared.plies(m.lookahead) .. " ahead not to lose"
  end))
  for _, m in ipairs(list) do
    local r = m.random
    if r and r.timeouts > 0.5 then
      add(string.format("%s: random games rarely end (%s reach the cap of %d plies)",
                        m.label, pct(r.timeouts), r.cap))
    elseif r and math.abs(r.black - r.white) > 0.1 then
      add(string.format("%s: random play favours %s (black %s, white %s)", m.label,
                        r.black > r.white and "black" or "white", pct(r.black),
                        pct(r.white)))
    end
  end
  local most, least
  for _, m in ipairs(list) do
    if not most or m.traps.count > most.traps.count then most = m end
    if not least or m.traps.count < least.traps.count then least = m end
  end
  if most and most.traps.count ~= least.traps.count then
    add(string.format("most traps: %s (%d); fewest: %s (%d)", most.label,
                      most.traps.count, least.label, least.traps.count))
  end
  return out
end

-- The pairs of variants (with their metrics in list) that are the same
-- game (mt.same_game): {{a, b (labels), map, swap}}.  Only pairs whose
-- figures agree are asked (the same game has the same figures).
local function same_games(list, variants)
  local found = {}
  for i = 1, #list do
    for j = i + 1, #list do
      local a, b = list[i], list[j]
      local ra, rb = a.reachable, b.reachable
      if ra.states == rb.states and ra.wins == rb.wins and ra.losses == rb.losses and
         a.start.value == b.start.value and a.start.distance == b.start.distance then
        local ok, map, swap = M.same_game(variants[i], variants[j])
        if ok then found[#found + 1] = {a = a.label, b = b.label, map = map, swap = swap} end
      end
    end
  end
  return found
end

-- mt.compare{variant, ... [, arms = n] [, metrics options]}: the metrics
-- of several variants side by side, how they differ, and which are the
-- same game.
function M.compare(spec)
  if type(spec) ~= "table" or #spec == 0 then
    error("bad argument #1 to 'compare' (a list of variants expected)", 2)
  end
  local arms = spec.arms ~= nil and shared.check_whole(spec.arms, 1, "compare", "arms", 4, 64) or nil
  local options = {games = spec.games, max_plies = spec.max_plies,
                   seed = spec.seed, random = spec.random}
  local list, variants = {}, {}
  for i, x in ipairs(spec) do
    local v = shared.as_argument(1, "compare", M.variant, x)
    if arms and not v.points then -- arms: the wheel's; a board of points stays
      v = shared.as_argument(1, "compare", M.variant, {base = v, arms = arms})
    end
    local ok, m = pcall(M.metrics, v, options)
    if not ok then error(m, 2) end
    m.label = type(x) == "string" and x or v.name
    list[i], variants[i] = m, v
  end
  local same = same_games(list, variants)
  local words = differences(list)
  for k = #same, 1, -1 do
    local s = same[k]
    table.insert(words, 1, string.format("%s and %s are the same game (%s)", s.a, s.b,
                                         s.swap and "points relabelled, colours swapped"
                                         or "points relabelled"))
  end
  return setmetatable({metrics = list, differences = words, same = same,
                       arms = arms}, Comparison)
end

-- The comparison as text: tables of up to five variants (80 columns),
-- then the differences.
function Comparison.__tostring(c)
  local lines, list = {}, c.metrics
  for first = 1, #list, 5 do
    local chunk = {table.unpack(list, first, math.min(first + 4, #list))}
    local heads, height = {}, 1
    for i, m in ipairs(chunk) do
      heads[i] = name_lines(m.label, 11)
      height = math.max(height, #heads[i])
    end
    if first > 1 then lines[#lines + 1] = "" end
    for row = 1, height do
      local cells = {string.format("%-20s", row == 1 and (c.arms and c.arms .. " arms" or "") or "")}
      for i in ipairs(chunk) do cells[#cells + 1] = string.format("%12s", heads[i][row] or "") end
      lines[#lines + 1] = table.concat(cells)
    end
    for _, r in ipairs(compare_rows) do
      local cells, known = {string.format("%-20s", r[1])}, false
      for _, m in ipairs(chunk) do
        local text = r[2](m) or "-"
        known = known or text ~= "-"
        cells[#cells + 1] = string.format("%12s", text)
      end
      if known then lines[#lines + 1] = table.concat(cells) end
    end
  end
  if list[1].random then
    lines[#lines + 1] = "(random: uniformly random play, exact; * sampled)"
  end
  for _, d in ipairs(c.differences) do
    lines[#lines + 1] = shared.wrap("- " .. d, 79, "  ")
  end
  return table.concat(lines, "\n")
end

-- report.lua — mt.report(variant): what a variant's author needs to know at
-- once: the value of the start, the positions reachable from it, its traps,
-- and how random play goes.
local M, _, shared = ...

local Report = {}
Report.__index = Report
Report.__name = "mutorere.Report"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Report

-- Plays random games from the start; their results and lengths.
local function random_play(v, games, seed, cap)
  local rng = shared.rng(seed)
  local a, b = M.player("random"), M.player("random")
  local out = {games = games, black = 0, white = 0, draws = 0, lengths = {}}
  local bar = shared.progress(games, "random games")
  for i = 1, games do
    a:reset(rng(1 << 30))
    b:reset(rng(1 << 30))
    local r = shared.play_game(a, b, v, nil, cap)
    out[r.result == "draw" and "draws" or r.result] =
      out[r.result == "draw" and "draws" or r.result] + 1
    out.lengths[i] = r.plies
    bar(i)
  end
  bar(nil)
  table.sort(out.lengths)
  local sum = 0
  for _, x in ipairs(out.lengths) do sum = sum + x end
  out.draw_rate = out.draws / games
  out.mean_length = sum / games
  out.median_length = out.lengths[(games + 1) // 2]
  return out
end

-- The distribution of lengths in ten buckets: {{from, to, count}}.
local function histogram(lengths)
  local lo, hi = lengths[1], lengths[#lengths]
  local width = math.max(1, math.ceil((hi - lo + 1) / 10))
  local buckets = {}
  for _, x in ipairs(lengths) do
    local k = (x - lo) // width + 1
    buckets[k] = buckets[k] or {from = lo + (k - 1) * width,
                                to = lo + k * width - 1, count = 0}
    buckets[k].count = buckets[k].count + 1
  end
  local list = {}
  for k = 1, (hi - lo) // width + 1 do
    list[#list + 1] = buckets[k] or {from = lo + (k - 1) * width,
                                     to = lo + k * width - 1, count = 0}
  end
  return list
end

-- mt.report(variant [, options]): the report; options: games (random games,
-- 1000), seed (1), traps (examples, 10).  The figures of the solution are
-- mt.metrics's.
function M.report(variant, options)
  local v = shared.as_argument(1, "report", M.variant, variant)
  options = shared.options(options, 2, "report", {games = "integer", seed = "integer",
                                                  traps = "integer"})
  shared.check_option((options.games or 0) >= 0, 2, "report", "games", "a non-negative integer",
                      options.games)
  shared.check_option((options.traps or 0) >= 0, 2, "report", "traps", "a non-negative integer",
                      options.traps)
  local t0 = M.clock()
  local s = M.solve(v)
  local solve_seconds = M.clock() - t0
  local m = M.metrics(v, {games = 0, traps = options.traps or 10})
  local cap = v:parameters().max_plies
  local r = setmetatable({
    variant = v.name, arms = v.arms, size = shared.size_text(v),
    description = v.description,
    start = m.start, positions = s:states(), solve_seconds = solve_seconds,
    reachable = {positions = m.reachable.states, wins = m.reachable.wins,
                 losses = m.reachable.losses, draws = m.reachable.draws,
                 longest = m.reachable.longest or -1},
    traps = {count = m.traps.count, examples = m.traps.examples},
    lookahead = m.lookahead, exact_random = m.random, verdict = m.verdict,
  }, Report)
  local games = options.games or 1000
  if games > 0 then
    r.random_play = random_play(v, games, options.seed or 1,
                                cap > 0 and cap or 1000)
    r.random_play.histogram = histogram(r.random_play.lengths)
  end
  return r
end

-- The moves that led to a trap, as the variant remembers them, in the
-- order played (" after c-4 5-c"); "" when it remembers none.
local function trap_history(t)
  local h = t.history or {}
  local moves = {}
  for i = #h, 1, -1 do moves[#moves + 1] = tostring(h[i]) end
  return #moves > 0 and " after " .. table.concat(moves, " ") or ""
end

-- The report as text.
function Report.__tostring(r)
  local lines = {
    string.format("%s (%s): %s", r.variant, r.size, r.verdict),
    string.format("  start %s: %s%s", r.start.position, r.start.value,
                  r.start.distance and (" in " .. r.start.distance) or ""),
    string.format("  solved %d positions in %.3f s", r.positions, r.solve_seconds),
    string.format("  reachable from the start: %d position%s — %d won, %d lost, " ..
                  "%d drawn (for the side to move)", r.reachable.positions,
                  r.reachable.positions == 1 and "" or "s",
                  r.reachable.wins, r.reachable.losses, r.reachable.draws),
    string.format("  traps (drawn positions with a losing move): %d",
                  r.traps.count),
  }
  for i, t in ipairs(r.traps.examples) do
    if i > 3 then break end
    lines[#lines + 1] = string.format("    e.g. %s%s (%d losing move%s)", t.position,
                                      trap_history(t), t.losing, t.losing > 1 and "s" or "")
  end
  lines[#lines + 1] = r.lookahead
    and string.format("  lookahead: looking %s ahead, a player never turns a draw or a win into a loss",
                      shared.plies(r.lookahead))
    or "  lookahead: no search of up to 40 plies keeps every draw and win from a loss"
  local x = r.exact_random
  if x then
    lines[#lines + 1] = string.format(
      "  random play without the repetition rule (exact, cap %d): black %.1f%%, " ..
      "white %.1f%%, capped %.1f%%; length median %d, mean %.1f plies", x.cap,
      100 * x.black, 100 * x.white, 100 * x.timeouts, x.median_length, x.length)
  end
  local rp = r.random_play
  if rp then
    lines[#lines + 1] = string.format(
      "  random play with the variant's rules, %d games: black won %d, white won %d, %d drawn " ..
      "(draw rate %.1f%%); length median %d, mean %.1f plies",
      rp.games, rp.black, rp.white, rp.draws, 100 * rp.draw_rate,
      rp.median_length, rp.mean_length)
    local most = 0
    for _, b in ipairs(rp.histogram) do most = math.max(most, b.count) end
    for _, b in ipairs(rp.histogram) do
      lines[#lines + 1] = string.format("    %4d-%-4d %6d %s", b.from, b.to,
        b.count, string.rep("#", math.floor(30 * b.count / math.max(most, 1) + 0.5)))
    end
  end
  return table.concat(lines, "\n")
end

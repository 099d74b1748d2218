-- matches.lua — games between players: mt.match (colours swapping every
-- game, as rule 11 of Walker's rules has it) and mt.tournament (every pair
-- of players on every variant), reproducible from a seed, with a progress
-- bar on a terminal for anything longer than a second.
local M, _, shared = ...

local DEFAULT_CAP = 1000 -- plies after which a game with no cap is drawn

-- shared.progress(total, label): a bar on standard error, shown only on a
-- terminal and only once the work has taken a second; bar(done), bar(nil)
-- to finish.
function shared.progress(total, label, enabled)
  if enabled == nil then enabled = M.isatty(io.stderr) end
  local start, shown = M.clock(), false
  return function(done)
    if not enabled then return end
    if done == nil then
      if shown then io.stderr:write("\r\27[K") end
      return
    end
    local elapsed = M.clock() - start
    if elapsed < 1 then return end
    shown = true
    local width = 30
    local filled = math.floor(width * done / math.max(total, 1))
    io.stderr:write(string.format("\r%s [%s%s] %d/%d %.0fs", label,
      string.rep("#", filled), string.rep(".", width - filled), done, total,
      elapsed))
  end
end

local DEFAULT_BUDGET = {time = 60, memory = 512 * 1024 * 1024}

-- Plays one game between two Players; returns its record: {black, white,
-- result ("black", "white" or "draw"), reason, moves, plies, error}.  Each
-- move is made within budget (see mt.limit; false: none).  A player that
-- fails, runs out of its budget or plays an illegal move loses the game.
function shared.play_game(black, white, variant, start, cap, budget)
  local g = M.game(variant, start)
  local players = {black = black, white = white}
  local record = {black = black.name, white = white.name}
  if budget == nil then budget = DEFAULT_BUDGET end
  while not g:result() and g:ply() < cap do
    local side = g:turn()
    local ok, move
    if budget then
      ok, move = M.limit(budget, players[side].choose, players[side], g)
    else
      ok, move = pcall(players[side].choose, players[side], g)
    end
    if ok then ok, move = pcall(g.play, g, move) end
    if not ok then
      record.result = side == "black" and "white" or "black"
      record.reason = "error"
      record.error = string.format("%s (%s): %s", players[side].name, side,
                                   tostring(move))
      break
    end
  end
  if not record.result then
    record.result, record.reason = g:result()
    if not record.result then record.result, record.reason = "draw", "ply cap" end
  end
  record.moves = g:history()
  record.plies = #record.moves
  return record
end

-- Adds a game's result to the tallies of both players.
local function tally(stats, record, a_colour)
  local function add(t, outcome) t[outcome] = t[outcome] + 1 end
  local b_colour = a_colour == "black" and "white" or "black"
  local a_result = record.result == "draw" and "draws"
                   or record.result == a_colour and "wins" or "losses"
  local b_result = a_result == "wins" and "losses"
                   or a_result == "losses" and "wins" or "draws"
  add(stats.a, a_result)
  add(stats.a["as_" .. a_colour], a_result)
  add(stats.b, b_result)
  add(stats.b["as_" .. b_colour], b_result)
end

local function new_stats(name)
  return {name = name, wins = 0, losses = 0, draws = 0,
          as_black = {wins = 0, losses = 0, draws = 0},
          as_white = {wins = 0, losses = 0, draws = 0}}
end

-- Game-length figures of a list of records.
local function lengths(records)
  local t = {}
  for i, r in ipairs(records) do t[i] = r.plies end
  table.sort(t)
  if #t == 0 then return {min = 0, max = 0, mean = 0, median = 0} end
  local sum = 0
  for _, x in ipairs(t) do sum = sum + x end
  return {min = t[1], max = t[#t], mean = sum / #t, median = t[(#t + 1) // 2]}
end

local Match = {}
Match.__index = Match
Match.__name = "mutorere.Match"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Match

-- The text of a match's results.
function Match.__tostring(m)
  local lines = {string.format("%s vs %s, %d games of %s", m.a.name, m.b.name,
                               m.games, m.variant)}
  for _, side in ipairs({"a", "b"}) do
    local s = m[side]
    lines[#lines + 1] = string.format(
      "  %-16s %3d wins %3d losses %3d draws (as black %d-%d-%d, as white %d-%d-%d)",
      s.name, s.wins, s.losses, s.draws, s.as_black.wins, s.as_black.losses,
      s.as_black.draws, s.as_white.wins, s.as_white.losses, s.as_white.draws)
  end
  local l = m.lengths
  lines[#lines + 1] = string.format("  game length: %d to %d plies, mean %.1f",
                                    l.min, l.max, l.mean)
  for _, e in ipairs(m.errors) do lines[#lines + 1] = "  error: " .. e end
  return table.concat(lines, "\n")
end

-- Reads the jobs option: a number of worker processes (1: none), true for
-- one per core.
local function jobs_option(jobs)
  if jobs == nil then return 1 end
  if jobs == true then jobs = shared.cores() end
  if math.type(jobs) ~= "integer" or jobs < 1 or jobs > 256 then
    error("jobs must be a whole number from 1 to 256, or true (one per core)", 4)
  end
  if jobs > 1 and M.sandboxed() then
    error("jobs: worker processes are not allowed in a sandbox", 4)
  end
  return jobs
end

-- Reads the options of a match.
local function match_options(o)
  o = o or {}
  local v = M.variant(o.variant or "standard")
  local games = o.games or 2
  if math.type(games) ~= "integer" or games < 1 then
    error("games must be a positive integer", 3)
  end
  local cap = o.max_plies or v:parameters().max_plies
  if cap == 0 then cap = DEFAULT_CAP end
  if o.budget ~= nil and o.budget ~= false and type(o.budget) ~= "table" then
    error("budget must be a table {time, instructions, memory} or false", 3)
  end
  return {variant = v, games = games, swap = o.swap ~= false, seed = o.seed or 1,
          start = o.start, cap = cap, budget = o.budget}
end

-- Plays game i of a planned match: {a, b (Players), variant, games, swap,
-- seed, start, cap, budget}.  Returns its record; the same for the same
-- plan and i, whatever ran before.
local function play_planned(plan, i)
  local a_black = not plan.swap or i % 2 == 1
  plan.a:reset(plan.seed * 1000003 + i)
  plan.b:reset(plan.seed * 1000033 + i)
  local black, white = plan.a, plan.b
  if not a_black then black, white = plan.b, plan.a end
  return shared.play_game(black, white, plan.variant, plan.start, plan.cap, plan.budget)
end

-- The Match of a plan from the records of its games.
local function finish_match(plan, records, seconds)
  local stats = {a = new_stats(plan.a.name), b = new_stats(plan.b.name)}
  local errors = {}
  for i, r in ipairs(records) do
    if r.error then errors[#errors + 1] = string.format("game %d: %s", i, r.error) end
    tally(stats, r, (not plan.swap or i % 2 == 1) and "black" or "white")
  end
  return setmetatable({games = plan.games, variant = plan.variant.name, a = stats.a,
                       b = stats.b, lengths = lengths(records),
                       records = records, errors = errors,
                       seconds = seconds}, Match)
end

-- shared.run_jobs(jobs, count, run, bar): {run(1), ..., run(count)},
-- computed here when jobs is 1, else by up to jobs worker processes
-- (chunks of consecutive indices, handed out as workers finish); bar(done)
-- follows.  A failed worker stops them all with its error.
function shared.run_jobs(jobs, count, run, bar)
  local results = {}
  if jobs <= 1 or count <= 1 then
    for i = 1, count do
      results[i] = run(i)
      bar(i)
    end
    return results
  end
  local chunk = math.max(1, math.ceil(count / (jobs * 4)))
  local pool <close> = shared.workers()
  local next_i, done, firsts = 1, 0, {}
  while next_i <= count or pool:running() > 0 do
    while pool:running() < jobs and next_i <= count do
      local first, last = next_i, math.min(count, next_i + chunk - 1)
      next_i = last + 1
      firsts[first] = last
      pool:start(first, function()
        local out = {}
        for i = first, last do out[i - first + 1] = run(i) end
        return out
      end)
    end
    local first, ok, value = pool:wait()
    local last = firsts[first]
    if not ok then
      error(string.format("jobs: the worker for games %d to %d failed: %s", first, last,
                          tostring(value)), 0)
    end
    for i = first, last do results[i] = value[i - first + 1] end
    done = done + last - first + 1
    bar(done)
  end
  return results
end

-- mt.match(a, b [, options]): a match between two players.  options: games
-- (2), variant ("standard"), swap (true: colours swap every game), seed (1),
-- start (a position), max_plies (the variant's cap or 1000), budget (of
-- each move, as mt.limit takes it; default 60 s and 512 MiB), jobs (1:
-- worker processes that share the games), progress.
function M.match(a, b, options)
  shared.check_arg(options == nil or type(options) == "table", 3, "match", "table of options", options)
  local plan = match_options(options)
  local jobs = jobs_option(options and options.jobs)
  plan.a, plan.b = M.player(a), M.player(b)
  local bar = shared.progress(plan.games, "match", options and options.progress)
  local t0 = M.clock()
  local records = shared.run_jobs(jobs, plan.games,
                                  function(i) return play_planned(plan, i) end, bar)
  bar(nil)
  return finish_match(plan, records, M.clock() - t0)
end

local Tournament = {}
Tournament.__index = Tournament
Tournament.__name = "mutorere.Tournament"
shared.classes[#shared.classes + 1] = Tournament

-- The standings of a tournament as a table of text.
function Tournament.__tostring(t)
  local lines = {string.format("tournament: %d players, %s, %d games a pairing",
                               #t.standings, table.concat(t.variants, ", "),
                               t.games)}
  lines[#lines + 1] = string.format("  %-4s %-18s %7s %5s %5s %5s",
                                    "rank", "player", "points", "won",
                                    "lost", "drawn")
  for i, s in ipairs(t.standings) do
    lines[#lines + 1] = string.format("  %-4d %-18s %7.1f %5d %5d %5d", i,
                                      s.name, s.points, s.wins, s.losses, s.draws)
  end
  return table.concat(lines, "\n")
end

-- mt.tournament{players = {...}, variants = {...}, games = 2, seed = 1,
-- jobs = 1}: a round robin, every pair of players on every variant;
-- returns the standings (a win 1 point, a draw 1/2) and every match.
-- With jobs, worker processes share the games of all the matches.
function M.tournament(options)
  if type(options) ~= "table" or type(options.players) ~= "table" then
    error("tournament needs {players = {...}}", 2)
  end
  local players = {}
  for i, spec in ipairs(options.players) do players[i] = M.player(spec) end
  if #players < 2 then error("a tournament needs at least two players", 2) end
  local variants = options.variants or {"standard"}
  local games, seed = options.games or 2, options.seed or 1
  local jobs = jobs_option(options.jobs)
  local plans, names, tasks = {}, {}, {}
  for vi, variant in ipairs(variants) do
    names[vi] = M.variant(variant).name
    for i = 1, #players do
      for j = i + 1, #players do
        local plan = match_options{games = games, variant = variant,
                                   seed = seed * 7919 + #plans}
        plan.a, plan.b, plan.i, plan.j = players[i], players[j], i, j
        plans[#plans + 1] = plan
        for g = 1, games do tasks[#tasks + 1] = {#plans, g} end
      end
    end
  end
  local bar = shared.progress(#tasks, "tournament", options.progress)
  local t0 = M.clock()
  local records = shared.run_jobs(jobs, #tasks, function(k)
    return play_planned(plans[tasks[k][1]], tasks[k][2])
  end, bar)
  bar(nil)
  local seconds = M.clock() - t0
  local totals, matches = {}, {}
  for i, p in ipairs(players) do
    totals[i] = {name = p.name, points = 0, wins = 0, losses = 0, draws = 0}
  end
  for k, plan in ipairs(plans) do
    local own = table.move(records, (k - 1) * games + 1, k * games, 1, {})
    local m = finish_match(plan, own, seconds * games / #tasks)
    matches[k] = m
    for index, side in pairs({[plan.i] = m.a, [plan.j] = m.b}) do
      local t = totals[index]
      t.wins, t.losses, t.draws = t.wins + side.wins, t.losses + side.losses,
                                  t.draws + side.draws
      t.points = t.points + side.wins + side.draws / 2
    end
  end
  local standings = {}
  for i, t in ipairs(totals) do standings[i] = t end
  table.sort(standings, function(x, y)
    if x.points ~= y.points then return x.points > y.points end
    return x.name < y.name
  end)
  return setmetatable({standings = standings, matches = matches,
                       variants = names, games = games, seconds = seconds}, Tournament)
end

-- test_jobs.lua — matches and tournaments spread over worker processes
-- (jobs): the same results as the serial run for a seed, clear errors
-- when a worker fails, no child left behind.

-- The moves of every game of a tournament or match, as one text.
local function games_of(t)
  local out = {}
  for _, m in ipairs(t.matches or {t}) do
    for _, r in ipairs(m.records) do
      out[#out + 1] = table.concat(r.moves, " ") .. " " .. r.result .. " " .. r.reason ..
                      " " .. tostring(r.error)
    end
  end
  return table.concat(out, "\n")
end

-- The processes this one has started and not yet reaped.
local function children()
  local pid = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
  local f = io.open("/proc/" .. pid .. "/task/" .. pid .. "/children")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text:match("%S") and text or ""
end

local LIGHT = {"alphabeta", mt.player("mcts", {playouts = 200}), "random", "perfect",
               mt.player("minimax", {depth = 2})}

test("a tournament with jobs gives the serial tournament's results", function()
  local options = {players = LIGHT, variants = {"standard", "first-two-turns",
                   {base = "misere", arms = 10}}, games = 4, seed = 11}
  local serial = mt.tournament(options)
  -- (true: one a core, two on two cores)
  for _, jobs in ipairs({3, true}) do
    options.jobs = jobs
    local spread = mt.tournament(options)
    eq(tostring(spread), tostring(serial), "standings, jobs = " .. tostring(jobs))
    eq(games_of(spread), games_of(serial), "every game, jobs = " .. tostring(jobs))
    eq(#spread.matches, 30, "ten pairs on three variants")
  end
  eq(children(), "", "no child left")
end)

test("a match with jobs gives the serial match's results", function()
  -- (MCTS of 200 playouts: its seeded choices as a worker gets them, at a
  -- fifteenth of the default's cost)
  local mcts = mt.player("mcts", {playouts = 200})
  for _, games in ipairs({1, 2, 7, 25}) do
    local a = mt.match(mcts, "random", {games = games, seed = 4})
    local b = mt.match(mcts, "random", {games = games, seed = 4, jobs = 4})
    eq(tostring(b), tostring(a), games .. " games")
    eq(games_of(b), games_of(a), games .. " games, every move")
  end
  local faulty = mt.player(function(g)
    if #g:history() > 4 then error("lost my way") end
    return g:moves()[1]
  end)
  local a = mt.match(faulty, "random", {games = 6})
  local b = mt.match(faulty, "random", {games = 6, jobs = 2})
  eq(b.errors, a.errors, "a failing player loses the same games")
  eq(b.a.losses, 6, "all of them")
end)

test("a failing worker stops the run with a clear error", function()
  local quitter = mt.player(function(g)
    if #g:history() > 6 then os.exit(3) end
    return g:moves()[1]
  end, {name = "quitter"})
  local err = raises(function() mt.match(quitter, "random", {games = 4, jobs = 2}) end,
                     "failed: a worker ended (exit status 3) without its result")
  check(err and err:find("^jobs: the worker for games (%d) to %1 failed"), "names its games")
  local killer = mt.player(function(g)
    if #g:history() > 6 then os.execute("kill -9 $PPID") end
    return g:moves()[1]
  end)
  raises(function() mt.tournament{players = {killer, "random"}, games = 2, jobs = 2} end,
         "a worker died of signal 9")
  eq(children(), "", "the other workers are gone too")
end)

test("budgets stop the workers, and no child is left", function()
  local t = mt.clock()
  local ok, err = mt.limit({time = 0.4}, mt.tournament,
                           {players = {"mcts", "mcts", "mcts"}, games = 200, jobs = 2})
  check(not ok and err:find("time budget", 1, true), "stopped: " .. tostring(err))
  check(mt.clock() - t < 5, "at once")
  eq(children(), "", "no child left")
end)

test("jobs: bad values, and refused in a sandbox", function()
  for _, bad in ipairs({{0, "0"}, {-1, "-1"}, {257, "257"}, {false, "boolean"}}) do
    raises(function() mt.match("random", "random", {jobs = bad[1]}) end,
           "bad argument #3 to 'match' (option jobs must be a whole number from 1 to 256, " ..
           "or true (one per core), got " .. bad[2] .. ")")
  end
  for _, bad in ipairs({1.5, "2"}) do
    raises(function() mt.match("random", "random", {jobs = bad}) end,
           "(option jobs must be a whole number or a boolean, got ")
  end
  raises(function() mt.tournament{players = {"random", "random"}, jobs = {}} end,
         "bad argument #1 to 'tournament' (option jobs must be a whole number or a boolean, got table)")
  local ok, err = mt.sandbox(function()
    return mt.match("random", "random", {games = 2, jobs = 2})
  end)
  check(not ok and err:find("jobs: worker processes are not allowed in a sandbox", 1, true),
        tostring(err))
  ok = mt.sandbox(function() return mt.match("random", "random", {games = 2, jobs = 1}) end)
  check(ok, "one job is fine there")
end)

-- 40 openings, and the text of the moves that identify each.
local OPENINGS = mt.openings("standard", {plies = 12, count = 40})
local function opening_of(g)
  local line = table.concat(g:history(), " ", 1, 12)
  for k, o in ipairs(OPENINGS) do
    if table.concat(o:history(), " ") == line then return k end
  end
end

-- A player (first legal move) that, in the first game from opening `at`
-- (game 2·at − 1 of a match from OPENINGS), has Ctrl-C sent to process
-- pid a moment later and waits for it.
local function interrupter(pid, at)
  local once = os.tmpname()
  os.remove(once)
  return mt.player(function(g)
    if opening_of(g) == at then
      os.execute("mkdir " .. once .. " 2>/dev/null && (sleep 0.2; kill -INT " .. pid ..
                 "; rmdir " .. once .. ") &")
      local t = mt.clock()
      while mt.clock() - t < 5 do end -- Ctrl-C stops this wait
    end
    return g:moves()[1]
  end, {name = "interrupter"})
end

test_apart("Ctrl-C keeps the games played, serially and with jobs", function()
  local pid = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
  local m = mt.match(interrupter(pid, 3), "random", {games = 40, openings = OPENINGS})
  eq({m.interrupted, m.games, m.planned, #m.records}, {true, 4, 40, 4}, "four games kept")
  eq(m.a.wins + m.a.losses + m.a.draws, 4, "and counted")
  check(tostring(m):find("interrupted (Ctrl-C) after 4 of 40 games", 1, true), "said")
  local after = mt.match("random", "random", {games = 2})
  eq({after.games, after.interrupted}, {2, nil}, "the next match runs whole")
  local file = os.tmpname()
  os.remove(file)
  local spread = mt.match(interrupter(pid, 20), "random", {games = 80, jobs = 2, file = file,
                                                           openings = OPENINGS})
  check(spread.interrupted and spread.games > 0 and spread.games < 80 and
        #spread.records == spread.games, "with jobs: the games done kept (" ..
        spread.games .. ")")
  local played, filed = {}, {}
  for _, r in ipairs(spread.records) do played[r.game] = true end
  for _, g in ipairs(mt.load_games(file)) do filed[math.tointeger(g:tags().Game)] = true end
  os.remove(file)
  for i in pairs(played) do check(filed[i], "game " .. i .. " kept, and in the file") end
  check(not played[39], "not the game stopped")
  -- the worker of game 39 had its chunk 36 to 43 (chunks of a sixth of the
  -- games left: 14, 11, 10, 8, ...) and had played 36 to 38: kept too
  for i = 36, 38 do check(played[i] and filed[i], "game " .. i .. ", before 39 in its chunk") end
  eq(children(), "", "no child left")
  local t = mt.tournament{players = {interrupter(pid, 2), "random", "alphabeta"}, games = 4,
                         openings = OPENINGS}
  check(t.interrupted and t.played == 2, "a tournament too (" .. t.played .. " of 12)")
  local s = mt.match(interrupter(pid, 4), "random",
                     {games = 100, sprt = {elo0 = 0, elo1 = 10}, openings = OPENINGS})
  eq({s.interrupted, s.games}, {true, 6}, "an SPRT match: its whole pairs")
end)

-- A player (first legal move) that, in the first game from opening `at`,
-- in a worker, has Ctrl-C reach its own process first and the parent's
-- (pid) a moment later, as a terminal's Ctrl-C can reach a process group,
-- and waits for it.
local function group_interrupter(pid, at)
  return mt.player(function(g)
    if opening_of(g) == at then
      local me = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
      -- (from a program that holds none of the worker's descriptors)
      os.execute("python3 -c 'import os, signal, time; os.closerange(3, 65536); " ..
                 "time.sleep(0.05); os.kill(" .. me .. ", signal.SIGINT); time.sleep(0.3); " ..
                 "os.kill(" .. pid .. ", signal.SIGINT)' &")
      local t = mt.clock()
      while mt.clock() - t < 5 do end -- the parent's stop ends this
    end
    return g:moves()[1]
  end, {name = "group-interrupter"})
end

test_apart("Ctrl-C that reaches a worker before its parent keeps the worker's games", function()
  local pid = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
  local file = os.tmpname()
  os.remove(file)
  local ok, m = pcall(mt.match, group_interrupter(pid, 20), "random",
                      {games = 80, jobs = 2, file = file, openings = OPENINGS})
  check(ok, "the match stops, not fails: " .. tostring(m))
  if ok then
    local filed = {}
    for _, g in ipairs(mt.load_games(file)) do filed[#filed + 1] = math.tointeger(g:tags().Game) end
    table.sort(filed)
    local played = {}
    for _, r in ipairs(m.records) do played[#played + 1] = r.game end
    table.sort(played)
    eq(played, filed, "the result holds every game of the file")
    check(m.interrupted and #played >= 38, #played .. " games kept")
  end
  os.remove(file)
  eq(children(), "", "no child left")
end)

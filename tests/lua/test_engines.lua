-- test_engines.lua — outside engines as players: `mutorere --ugi` and a
-- small UGI engine written in Python (tests/engines/toy_ugi.py, which
-- shares no code with the project) in matches, tournaments (jobs = 2) and
-- mt.accuracy; every way an engine can go wrong loses that game with its
-- reason and the engine starts again; no child is left behind.

local TOY = HERE .. "/../engines/toy_ugi.py"
-- Python itself (not a shim that starts it slowly, where there is one)
local PYTHON = io.open("/usr/bin/python3") and "/usr/bin/python3" or "python3"

-- A player running the toy engine (options: its UGI options).
local function toy(name, options, extra)
  local def = {command = {PYTHON, TOY}, name = name, options = options}
  for k, x in pairs(extra or {}) do def[k] = x end
  return mt.player(def)
end

-- A player running `mutorere --ugi` with its UGI options.
local function ugi(name, options, extra)
  local def = {command = {PROGRAM, "--ugi"}, name = name, options = options}
  for k, x in pairs(extra or {}) do def[k] = x end
  return mt.player(def)
end

-- This process's id.
local function my_pid()
  local f = assert(io.open("/proc/self/stat"))
  local pid = f:read("n")
  f:close()
  return pid
end

-- The children of this process, but the shell that asks ("STAT COMMAND").
local function children()
  local p = assert(io.popen("ps -o stat=,comm= --ppid " .. my_pid()))
  local out = {}
  for line in p:lines() do
    local comm = line:match("%S+%s+(%S+)")
    if comm ~= "sh" and comm ~= "ps" then out[#out + 1] = line end
  end
  p:close()
  return out
end

-- The moves of record r replayed from its start: true when every one is
-- legal.
local function legal(r, variant)
  local g = mt.game(variant or "standard", r.start)
  for _, m in ipairs(r.moves) do
    if not pcall(g.play, g, m) then return false end
  end
  return true
end

-- Tests that only wait (on an engine's clock, its startup or its quit
-- grace), with no bound on how long they take and next to no processor
-- time, run apart (test_apart): their waits beside the others.  Those
-- that time what they wait for, or flood, run one after another: four of
-- them at once on CI's clean clone failed their bounds.

test_apart("an engine that cannot start, or never says readyok, stops the match at once", function()
  -- (startup: time to start on a loaded machine)
  local silent = toy("toy-silent", {Fault = "silent"}, {startup = 1})
  local t0 = mt.clock()
  raises(function() mt.match(silent, "random", {games = 100}) end,
         "engine toy-silent: no 'readyok' within 1 s (the match does not start)")
  check(mt.clock() - t0 < 10, "once, not a wait a game")
  local gone = mt.player{command = {"/bin/sh", "-c", "exit 3"}, name = "gone"}
  raises(function() mt.tournament{players = {"random", gone, "alphabeta"}, games = 100} end,
         "engine gone: crashed (exit 3)")
  raises(function() mt.match(gone, "random", {games = 100, jobs = 2}) end,
         "(the match does not start)")
  eq(children(), {}, "no child left")
end)

-- What goes wrong, {fault, match options, reason, what the message
-- says, the test function (test_apart for those that wait)}.
local FAULTS = {
  {"illegal", {clock = {base = 2}}, "illegal move", "from and to are the same point", test},
  {"crash", {clock = {base = 2}}, "crash", "engine toy-crash: crashed (exit 3)", test},
  {"hang", {clock = {base = 0.4}}, "time", "no move within", test_apart},
  {"hang", {budget = {time = 0.4}}, "hang", "the time budget (0.4 s) ran out", test_apart},
  {"slow", {clock = {base = 0.4}}, "time", "no move within", test_apart},
}
for _, c in ipairs(FAULTS) do
  local fault, options, reason, message, run = c[1], c[2], c[3], c[4], c[5]
  run("what goes wrong loses the game with its reason, and the engine starts again: " ..
             fault .. " (" .. reason .. ")", function()
    local p = toy("toy-" .. fault, {Fault = fault, FaultPly = 4})
    options.games = 2
    local m = mt.match(p, "random", options)
    for i, r in ipairs(m.records) do
      local what = fault .. ", game " .. i
      eq({r.reason, r.result}, {reason, i == 1 and "white" or "black"}, what .. ": lost")
      check(r.error and r.error:find(message, 1, true), what .. ": " .. tostring(r.error))
      check(r.plies >= 4, what .. ": played up to the fault, the engine started again")
    end
    eq(m.a.losses_by[reason], options.games, fault .. ": counted")
    eq(children(), {}, fault .. ": no child left")
  end)
end

test("what goes wrong: lines that are not UGI are passed over; a loss on time is said", function()
  local garbage = mt.match(toy("toy-garbage", {Fault = "garbage"}), "random", {games = 2})
  eq(garbage.errors, {}, "lines that are not UGI are passed over")
  local text = tostring(mt.match(toy("toy-slow", {Fault = "slow", FaultPly = 2}), "random",
                                 {games = 2, clock = {base = 0.3}}))
  check(text:find("lost: toy-slow 2 on time", 1, true), "said: " .. text)
end)

local HOSTILE = HERE .. "/../engines/hostile_ugi.py"
local marks = 0

-- A new word that marks the processes of a test (mode: what they are):
-- this run's, this process's, and a count.
local function new_mark(mode)
  marks = marks + 1
  return string.format("mark-%s-%d-%d-%s", RUN_ID, my_pid(), marks, mode)
end

-- A player running the hostile engine in mode from ply on, and the word
-- that marks its processes (their standard error to /dev/null: one left
-- behind would otherwise hold the test runner's pipe open, and the test
-- would hang instead of failing).
local function hostile(mode, ply, startup)
  local mark = new_mark(mode)
  return mt.player{command = {PYTHON, HOSTILE, mode, tostring(ply or 0), mark}, name = mode,
                   startup = startup, stderr = false}, mark
end

-- The processes anywhere whose command line holds mark ("PID STAT").
local function marked(mark)
  local p = assert(io.popen("ps -eo pid=,stat=,args="))
  local out = {}
  for line in p:lines() do
    if line:find(mark, 1, true) and not line:find("ps -eo", 1, true) then
      out[#out + 1] = line:match("^%s*(%d+%s+%S+)")
    end
  end
  p:close()
  return out
end

-- The processes marked by mark, given a moment to be gone (processes that
-- were killed take one); those still there are then killed, so that
-- none outlives the test that finds it.
local function left_behind(mark)
  local left = marked(mark)
  for _ = 1, 40 do
    if #left == 0 then break end
    io.popen("sleep 0.05"):close()
    left = marked(mark)
  end
  for _, line in ipairs(left) do os.execute("kill -9 " .. line:match("^%d+") .. " 2>/dev/null") end
  return left
end

-- A value whose __close kills what the marks of this process left (for a
-- to-be-closed variable around a test: a test that fails half-way leaves
-- nothing running either).
local function sweeper()
  local mine = string.format("mark-%s-%d-", RUN_ID, my_pid())
  return setmetatable({}, {__close = function() left_behind(mine) end})
end

-- {mode, from ply, clock, reason, what the message says}: a mode that
-- misbehaves at once has a long clock (it loses before any of it goes);
-- one that loses on time misbehaves from its first move (its reason does
-- not depend on how long its good moves took on a loaded machine).  In
-- groups, each a test apart.
local HOSTILE_CASES = {
  ["bad moves, a line too long"] = {
    {"garbage-move", 2, 5, "illegal move", "bad move"},
    {"other-side", 2, 5, "illegal move", "is to move"},
    {"weird-move", 2, 5, "illegal move", "bad move"},
    {"flood-line", 2, 5, "protocol", "a line of more than a megabyte"},
  },
  ["output closed, crashes"] = {
    {"shutdown", 2, 5, "crash", "closed its output"},
    {"fork-hold", 2, 5, "crash", "crashed (exit 0)"},
    {"exit-mid", 2, 5, "crash", "crashed (exit 0)"},
    {"segv", 2, 5, "crash", "crashed (signal 11"},
  },
  ["on time"] = {
    {"close-stdout", 0, 0.2, "time", "no move within"},
    {"flood-forever", 0, 0.2, "time", "no move within"},
    {"exact-time", 0, 0.2, "time", "on time|no move within"},
  },
}
for _, group in ipairs({"bad moves, a line too long", "output closed, crashes", "on time"}) do
  test("a hostile engine loses each game with its reason; no process of it is left: " ..
             group, function()
    local _ <close> = sweeper()
    local limited, err = mt.limit({time = 120}, function()
      for _, c in ipairs(HOSTILE_CASES[group]) do
        local mode, ply, base, reason, message = table.unpack(c)
        local p, mark = hostile(mode, ply)
        local m = mt.match(p, "random", {games = 2, clock = {base = base}})
        eq(m.games, 2, mode .. ": the match went on")
        for i, r in ipairs(m.records) do
          local what = mode .. ", game " .. i
          eq({r.reason, r.result}, {reason, i == 1 and "white" or "black"}, what .. ": lost")
          local said = false
          for part in message:gmatch("[^|]+") do
            said = said or (r.error or ""):find(part, 1, true) ~= nil
          end
          check(said, what .. ": " .. tostring(r.error))
          if ply > 0 then check(r.plies >= ply, what .. ": played well up to ply " .. ply) end
        end
        eq(m.a.losses_by[reason], 2, mode .. ": counted")
        eq(left_behind(mark), {}, mode .. ": nothing left")
      end
    end)
    check(limited, "no engine held the tester: " .. tostring(err))
    eq(children(), {}, "no child, no zombie")
  end)
end

test("a hostile engine that never starts well: the match does not start", function()
  local _ <close> = sweeper()
  -- (a short startup for those that never answer it)
  for _, c in ipairs({{"mute", "no 'ugiok' within 0.2 s", 0.2},
                      {"flood-start", "no 'ugiok' within 0.2 s", 0.2},
                      {"die-isready", "crashed (exit 0)"}}) do
    local p, mark = hostile(c[1], 0, c[3])
    raises(function() mt.match(p, "random", {games = 2, clock = {base = 5}}) end,
           "engine " .. c[1] .. ": " .. c[2], c[1])
    eq(left_behind(mark), {}, c[1] .. ": nothing left")
  end
  eq(children(), {}, "no child, no zombie")
end)

-- Matches of the hostile engine in each of modes, with jobs 1 and 2 for
-- those of quit (the others test the reader, the same in a worker: jobs
-- = 1 for them): played well, nothing left.
local function played_well(modes)
  local limited, err = mt.limit({time = 120}, function()
    for _, mode in ipairs(modes) do
      for _, jobs in ipairs(mode:find("quit") and {1, 2} or {1}) do
        local p, mark = hostile(mode, 2)
        local m = mt.match(p, "random", {games = 2, jobs = jobs, clock = {base = 30}})
        eq({m.games, m.errors}, {2, {}}, mode .. ", jobs " .. jobs .. ": played well")
        eq(left_behind(mark), {}, mode .. ", jobs " .. jobs .. ": nothing left after the match")
      end
    end
  end)
  check(limited, "no engine held the tester: " .. tostring(err))
  eq(children(), {}, "no child, no zombie")
end

test("an engine whose child outlives it; one collected with its Player", function()
  local _ <close> = sweeper()
  played_well({"fork-quit"})
  local p, mark = hostile("fork-quit")
  local c = assert(p:choose(mt.game(), {depth = 1}))
  check(c, "a move")
  p = nil -- luacheck: ignore 311
  collectgarbage()
  collectgarbage()
  eq(left_behind(mark), {}, "nothing left when its Player is collected")
  eq(children(), {}, "no child, no zombie")
end)

test_apart("an engine that ignores quit", function()
  local _ <close> = sweeper()
  played_well({"ignore-quit"})
end)

test("an engine that floods or answers twice", function()
  local _ <close> = sweeper()
  played_well({"flood", "flood-empty", "huge-info", "two-moves"})
end)

test("an engine declaring 100000 options: it plays, and only the first 1000 are kept", function()
  local _ <close> = sweeper()
  local p, mark = hostile("many-options", 0, 60)
  collectgarbage()
  collectgarbage()
  local before = collectgarbage("count")
  local m = mt.match(p, "random", {games = 2, clock = {base = 30}})
  eq({m.games, m.errors}, {2, {}}, "played well")
  collectgarbage()
  collectgarbage()
  -- (all of them would keep about 11 MB)
  local kept = (collectgarbage("count") - before) / 1024
  check(kept < 4, string.format("%.1f MB kept", kept))
  eq(left_behind(mark), {}, "nothing left")
end)

test("a worker starts its own engine, not the one its parent was speaking to", function()
  local p = toy("toy-inherited")
  local before = p:choose(mt.game(), {depth = 1})
  local m = mt.match(p, "random", {games = 6, jobs = 2, clock = {base = 30}})
  eq({m.games, m.errors}, {6, {}}, "the workers' games played well")
  eq(p:choose(mt.game(), {depth = 1}), before, "and the parent's engine still answers")
  p = nil -- luacheck: ignore 311
  collectgarbage()
  eq(children(), {}, "no child, no zombie once the player is collected")
end)

test("an engine gone while a child out of its group holds its socket has crashed", function()
  local _ <close> = sweeper()
  local p, mark = hostile("setsid-hold", 2)
  local t0 = mt.clock()
  local m = mt.match(p, "random", {games = 2, clock = {base = 10}})
  for i, r in ipairs(m.records) do
    eq({r.reason, r.result}, {"crash", i == 1 and "white" or "black"}, "game " .. i .. ": lost")
    check(r.error and r.error:find("crashed (exit 0)", 1, true), tostring(r.error))
  end
  -- (a game lost on time would take 10 s; the rest is starting the engines)
  check(mt.clock() - t0 < 6, string.format("at once, not on time (%.1f s)", mt.clock() - t0))
  for _, line in ipairs(marked(mark)) do -- (beyond the runner's reach, as said)
    os.execute("kill " .. line:match("^%d+"))
  end
  eq(left_behind(mark), {}, "nothing left")
end)

test("an engine that ignores stop after go infinite hangs after startup seconds", function()
  local _ <close> = sweeper()
  local p, mark = hostile("ignore-stop", 0, 1)
  local t0, sent = mt.clock(), nil
  local ok, err = mt.limit({time = 8}, p.choose, p, mt.game(), {infinite = true, stop = function()
    if mt.clock() <= t0 + 0.2 then return false end
    sent = mt.clock() -- (asked no more once 'stop' is sent)
    return true
  end})
  eq({ok, mt.type(err) or err.reason}, {false, "hang"}, "it hung: " .. tostring(err))
  check(tostring(err):find("no move within 1 s of 'stop'", 1, true), tostring(err))
  -- 'stop', then 1 s (its start, slow on a loaded machine, not counted)
  local after = mt.clock() - (sent or t0)
  check(sent and after >= 0.9 and after < 2.5, string.format("stop, then 1 s (%.2f s)", after))
  eq(left_behind(mark), {}, "killed")
end)

test("a budget stops a match of an engine that floods without end", function()
  local _ <close> = sweeper()
  for _, jobs in ipairs({1, 2}) do
    local p, mark = hostile("fork-quit+flood-forever", 0)
    local t0 = mt.clock()
    local ok, err = mt.limit({time = 0.5}, mt.match, p, "random",
                             {games = 4, jobs = jobs, budget = false, clock = {base = 1000}})
    eq(ok, false, "jobs " .. jobs .. ": stopped")
    check(tostring(err):find("time budget", 1, true), "by its budget: " .. tostring(err))
    check(mt.clock() - t0 < 30, "soon")
    eq(left_behind(mark), {}, "jobs " .. jobs .. ": nothing left")
  end
  -- without a budget, a clock still ends the flood
  local p, mark = hostile("flood-forever", 0)
  local m = mt.match(p, "random", {games = 1, budget = false, clock = {base = 0.2}})
  eq(m.records[1].reason, "time", "lost on time")
  check(m.records[1].error:find("no move within", 1, true), "said: " .. m.records[1].error)
  eq(left_behind(mark), {}, "nothing left")
  eq(children(), {}, "no child, no zombie")
end)

test("Ctrl-C or SIGTERM during a match leaves no process behind (jobs = 1 and 2)", function()
  local _ <close> = sweeper()
  -- the four runs at once, each in a shell of its own, then collected
  local runs = {}
  for _, run in ipairs({{1, "INT"}, {2, "INT"}, {1, "TERM"}, {2, "TERM"}}) do
    local jobs, signal = run[1], run[2]
    local mark = new_mark("sig" .. signal)
    -- (the engine waits out its clock at each move, a minute: the runs
    -- wait for their signals, four at once, without taking the cores)
    local script = string.format("local p = mt.player{command = {%q, %q, 'fork-quit+exact-time', " ..
                                 "'0', %q}, stderr = false} " ..
                                 "local m = mt.match(p, 'random', {games = 100000, " ..
                                 "jobs = %d, progress = false, clock = {base = 60}}) " ..
                                 "print('kept', m.interrupted)",
                                 PYTHON, HOSTILE, mark, jobs)
    -- its own process group, as a terminal's foreground job: Ctrl-C reaches
    -- all of it (SIGTERM only mutorere itself), once a game is under way
    -- (an engine has been asked its first move: however long the start
    -- took) and a few more
    -- (its output through a file: a process left behind holding a pipe
    -- would hang the test instead of failing it)
    local said, playing = os.tmpname(), os.tmpname()
    os.remove(playing)
    local run_it = io.popen(string.format("HOSTILE_PLAYING=%s MUTORERE_PATH= setsid %s -e %q >%s 2>&1 & " ..
                                          "pid=$!; for i in $(seq 400); do [ -e %s ] && break; " ..
                                          "sleep 0.05; done; sleep 0.1; " ..
                                          "kill -%s %s$pid; wait $pid 2>/dev/null; " ..
                                          "echo \"exit $?\"; cat %s", playing, PROGRAM, script, said,
                                          playing, signal, signal == "INT" and "-" or "", said))
    runs[#runs + 1] = {jobs = jobs, signal = signal, mark = mark, said = said, playing = playing,
                       run_it = run_it}
  end
  for _, r in ipairs(runs) do
    local out = r.run_it:read("a")
    r.run_it:close()
    os.remove(r.said)
    check(os.remove(r.playing), "jobs " .. r.jobs .. ", SIG" .. r.signal .. ": a game was under way")
    if r.signal == "INT" then
      check(out:find("kept	true", 1, true), "interrupted, the games kept: " .. out)
    else
      check(out:find("exit 143", 1, true), "ended by SIGTERM: " .. out)
    end
    eq(left_behind(r.mark), {}, "jobs " .. r.jobs .. ", SIG" .. r.signal .. ": nothing left")
  end
end)

test("a C or Lua player that runs out of its clock loses on time", function()
  local function slow(game)
    local t = mt.clock()
    while mt.clock() - t < 0.1 do end
    return game:moves()[1]
  end
  local m = mt.match(mt.player(slow, {name = "slow"}), "random",
                     {games = 2, clock = {base = 0.25, increment = 0.01}})
  for _, r in ipairs(m.records) do
    eq(r.reason, "time", "game " .. r.game)
    -- after two moves or three (fewer on a loaded machine)
    check(r.plies <= 8, "within a few moves: " .. r.plies)
  end
  eq(m.a.losses_by.time, 2, "counted")
  -- a move that comes back a little after its clock ran out (within the
  -- slack the move's budget leaves) is still lost on time, at that move
  local late = mt.player({name = "late", choose = function(game, options)
    local t = mt.clock()
    local wait = game:ply() >= 2 and options.deadline + 0.02 or 0
    while mt.clock() - t < wait do end
    return game:moves()[1]
  end})
  local lm = mt.match(late, "random", {games = 1, clock = {base = 0.2}})
  eq({lm.records[1].reason, lm.records[1].plies}, {"time", 2}, "lost at its second move")
  -- (or, on a machine so loaded that it came past the slack, stopped by it)
  check(lm.records[1].error:find("lost on time (0.2", 1, true)
        or lm.records[1].error:find("no move within the 0.2", 1, true), lm.records[1].error)
  local loop = mt.player(function() while true do end end, {name = "loop"})
  local t0 = mt.clock()
  local l = mt.match(loop, "random", {games = 2, clock = {base = 0.2}})
  eq({l.records[1].reason, l.records[2].reason}, {"time", "time"}, "stopped at its clock")
  check(mt.clock() - t0 < 10, "at once: " .. (mt.clock() - t0))
end)

test("the C players keep to their clocks", function()
  -- a margin (cutechess's timemargin) for a machine so loaded that a
  -- process may wait its turn longer than a move lasts (seen: 0.5 s): the
  -- players think a small share of their 0.25 s, where one that thought
  -- until it was stopped would take the margin, 5 s
  local ab = mt.match("alphabeta", "mcts", {games = 2, clock = {base = 0.25, increment = 0.02,
                                                                margin = 5}})
  eq(ab.errors, {}, "the C players keep to their clocks")
  for _, r in ipairs(ab.records) do
    for i, t in ipairs(r.times) do check(t < 2.5, "game " .. r.game .. ", move " .. i .. ": " .. t) end
  end
end)

test("an engine that fails is killed at once, and starts again when next asked", function()
  local p = toy("toy-hang", {Fault = "hang", FaultPly = 1})
  local g = mt.game()
  check(p:choose(g, {depth = 1}), "a first move")
  g:play("4-c")
  local ok, err = pcall(p.choose, p, g, {deadline = 0.3, time = 0.1})
  check(not ok and tostring(err):find("no move within 0.300 s", 1, true), tostring(err))
  eq(children(), {}, "killed then and there")
  local fresh = mt.game()
  check(p:choose(fresh, {depth = 1}), "started again for the next move")
end)

test("a tournament with jobs = 2, a clock and a file; engines stopped", function()
  local path = os.tmpname()
  os.remove(path)
  local t = mt.tournament{players = {toy("toy"), ugi("ugi-random", {Player = "random"}), "random"},
                          games = 4, jobs = 2, seed = 5, file = path,
                          clock = {base = 2, increment = 0.05}}
  eq(t.played, 12, "every game")
  local games = mt.load_games(path)
  eq(#games, 12, "every game in the file")
  local names = {}
  for _, g in ipairs(games) do names[g:tags().Black .. "/" .. g:tags().White] = true end
  check(names["toy/ugi-random"] and names["ugi-random/toy"] and names["random/toy"],
        "each pairing, both colours")
  for _, m in ipairs(t.matches) do eq(m.errors, {}, m.a.name .. " vs " .. m.b.name) end
  eq(children(), {}, "no child left (the workers stopped their engines)")
  os.remove(path)
end)

test("mt.accuracy of an outside engine", function()
  local inside = mt.accuracy(mt.player("alphabeta", {depth = 2}), "standard",
                             {sample = 60, seed = 4})
  local outside = mt.accuracy(ugi("ugi-ab", nil, {limits = {depth = 2}}), "standard",
                              {sample = 60, seed = 4})
  eq({outside.best, outside.inaccuracies, outside.blunders},
     {inside.best, inside.inaccuracies, inside.blunders}, "as the C player it runs")
  local perfect = mt.accuracy(ugi("ugi-perfect", {Player = "perfect"}), "standard",
                              {sample = 40})
  eq(perfect.rate, 1.0, "perfect through UGI")
  local python = mt.accuracy(toy("toy"), "standard", {sample = 40})
  eq(python.states, 40, "the Python engine judged")
  eq(children(), {}, "no child left")
end)

-- {mode, what the error says}: an engine given a move time that never
-- answers counts as hung `startup` seconds past it (there is no clock);
-- the test function (test_apart for the one that only waits that second)
local ACCURACY_FAULTS = {
  {"close-stdout", "engine close-stdout: no move within 1 s of its move time (0.05 s)", test_apart},
  {"exit-mid", "engine exit-mid: crashed (exit 0)", test},
  {"garbage-move", '"zzz" is not a legal move', test},
  {"flood-forever", "engine flood-forever: no move within 1 s of its move time (0.05 s)", test},
}
for _, c in ipairs(ACCURACY_FAULTS) do
  local mode, message, run = c[1], c[2], c[3]
  run("mt.accuracy of an engine that fails: it stops, saying why: " .. mode, function()
    local _ <close> = sweeper()
    local limited, err = mt.limit({time = 60}, function()
      local mark = new_mark(mode)
      local p = mt.player{command = {PYTHON, HOSTILE, mode, "0", mark}, name = mode,
                          stderr = false, startup = 1, limits = {time = 0.05}}
      raises(function() mt.accuracy(p, "standard", {sample = 10}) end, message, mode)
      eq(left_behind(mark), {}, mode .. ": nothing left")
    end)
    check(limited, "no engine held the walk: " .. tostring(err))
  end)
end

test("a hung engine is killed when a budget stops the match; bad commands", function()
  local p = toy("toy-hang", {Fault = "hang"})
  local ok, err = mt.limit({time = 0.5}, mt.match, p, "random", {games = 2, budget = false})
  check(not ok and tostring(err):find("time budget", 1, true), "stopped: " .. tostring(err))
  eq(children(), {}, "killed and reaped")
  raises(function() mt.player{command = {"no-such-program-here"}} end,
         "command: no program \"no-such-program-here\" to run (not found on PATH)")
  raises(function() mt.player{command = {"/etc/passwd"}} end, "not an executable file")
  raises(function() mt.player{command = {PYTHON}, dir = "/no/such/folder"} end,
         'dir: no folder "/no/such/folder"')
  raises(function() mt.player{command = {}} end, "command as a list of 1 to 256 words")
  raises(function() mt.player{command = {"python3", 5}} end, "word 2 of the command")
  raises(function() mt.player{command = {"python3"}, options = {["a b"] = 1}} end,
         "an option name of letters")
  raises(function() mt.player{command = {"python3"}, options = {Seed = "1\nquit"}} end,
         "a string of one line")
  raises(function() mt.player{command = {"python3"}, colour = "red"} end, "unknown option \"colour\"")
  raises(function() mt.player{command = {"python3"}, limits = {depth = 0}} end,
         "limits.depth must be a positive integer")
  local okay, why = mt.sandbox(function() return mt.player{command = {PYTHON, TOY}} end)
  check(not okay and why:find("not allowed in a sandbox", 1, true), "refused in a sandbox: " ..
        tostring(why))
  local safe = io.popen(string.format("MUTORERE_PATH= %s --safe -e 'mt.player{command = " ..
                                      "{\"python3\"}}' 2>&1", PROGRAM))
  local said = safe:read("a")
  safe:close()
  check(said:find("not allowed in a sandbox", 1, true), "refused under --safe: " .. said)
end)

-- Runs scripts/tools/match.lua with the words given; its output and exit
-- status.
local function match_cli(words)
  local p = io.popen(string.format("MUTORERE_PATH= %s %s/../../scripts/tools/match.lua %s 2>&1; " ..
                                   "echo \"exit $?\"", PROGRAM, HERE, words))
  local out = p:read("a")
  p:close()
  return out:match("^(.-)exit (%d+)%s*$")
end

test("scripts/tools/match.lua: what a cutechess or fastchess user types", function()
  local path = os.tmpname()
  os.remove(path)
  local words = string.format("-engine cmd=%s arg=%s name=toy -engine player=random " ..
                              "-each tc=2+0.05 -games 2 -rounds 2 -concurrency 2 " ..
                              "-openings plies=4 -gamesout %s -sprt elo0=0 elo1=50 -repeat",
                              PYTHON, TOY, path)
  local out, status = match_cli(words)
  eq(status, "0", "it ran: " .. out)
  check(out:find("toy vs random: 4 games of standard, 8 arms", 1, true), "the match: " .. out)
  check(out:find("clock 2+0.05", 1, true) and out:find("SPRT elo0 0, elo1 50", 1, true),
        "its clock and test")
  eq(#mt.load_games(path), 4, "its games in the file")
  out, status = match_cli(words .. " -resume -rounds 3")
  eq(status, "0", "resumed: " .. out)
  eq(#mt.load_games(path), 6, "only the two missing games played")
  out, status = match_cli("-engine player=random -engine player=perfect -engine player=random " ..
                          "name=other -tournament gauntlet -variant tired-piece")
  eq(status, "0", "a gauntlet: " .. out)
  check(out:find("^gauntlet: 3 players"), "said: " .. out)
  for _, bad in ipairs({{"-engine player=random", "give two engines or more"},
                        {"-engine cmd=nope -engine player=random", "no program \"nope\""},
                        {"-engine player=random -engine player=random -each tc=x",
                         "tc needs a number"},
                        {"-engine player=random -engine player=random -frobnicate",
                         "unknown option -frobnicate"},
                        {"-engine player=random -engine player=random -resume",
                         "-resume needs -gamesout"},
                        {"-engine player=alphabeta st=-1 -engine player=random",
                         "st needs a number of seconds above 0, not -1"},
                        {"-engine player=alphabeta option.depth=abc -engine player=random",
                         "option depth must be a whole number from 1 to 64, got \"abc\""}}) do
    out, status = match_cli(bad[1])
    eq(status, "2", bad[1])
    check(out:find(bad[2], 1, true), bad[1] .. ": " .. out)
  end
  eq(children(), {}, "no child left")
  os.remove(path)
end)

-- What an engine is told, as a log of the lines it reads (tee in front
-- of the toy engine): the moves to go of a clock with periods, startpos
-- from the start, seeds its Seed option takes; and a mate it reports, read
-- back in plies.
test("what an engine is told: movestogo, startpos, its seeds; its mate read in plies", function()
  local log = os.tmpname()
  local logged = mt.player{command = {"/bin/sh", "-c", string.format("tee -a '%s' | '%s' '%s'", log,
                                                                     PYTHON, TOY)},
                           name = "logged"}
  mt.match(logged, "random", {games = 2, seed = 9, clock = {base = 5, moves = 3}, max_plies = 12})
  local togo, positions, seeds = {}, {}, {}
  for line in io.lines(log) do
    if line:find("^go ") then togo[#togo + 1] = tonumber(line:match(" movestogo (%d+)")) or 0 end
    if line:find("^position ") then positions[#positions + 1] = line end
    local seed = line:match("^setoption name Seed value (%S+)")
    if seed then seeds[#seeds + 1] = math.tointeger(tonumber(seed)) end
  end
  os.remove(log)
  check(#togo >= 2, "the engine moved: " .. #togo)
  local game_togo = {} -- the moves to go count down 3, 2, 1 in each game
  for i, line in ipairs(positions) do
    local made = select(2, (line:match(" moves (.*)$") or ""):gsub("%S+", ""))
    game_togo[i] = 3 - (made // 2) % 3 -- the engine's own moves made: made // 2
  end
  eq(togo, game_togo, "movestogo from the moves made")
  eq(positions[1]:match("^position (%S+)"), "startpos", "a game from the start: startpos")
  eq(#seeds, 2, "a seed each game")
  for _, s in ipairs(seeds) do
    check(s and s >= 1 and s <= 2147483647, "a seed its option takes: " .. tostring(s))
  end
  check(seeds[1] ~= seeds[2], "two games, two seeds")
  -- mutorere --ugi reports a win in 3 plies as mate in 2 (moves): 3 plies again
  local g = mt.game("standard", "bwbbwww./b b 10")
  local _, inside = mt.player("perfect"):choose(g)
  local _, outside = ugi("ugi-perfect", {Player = "perfect"}):choose(g, {depth = 6})
  eq(outside.mate, inside.mate, "the mate in plies, as the player inside finds it")
end)

test("mutorere --ugi plays as a player: moves, what it found, a match", function()
  collectgarbage() -- (the engines of the tests before, stopped once collected)
  eq(children(), {}, "no engine of the tests before")
  local p = ugi("ugi-ab", {Depth = 2})
  eq({p.name, mt.type(p), tostring(p)}, {"ugi-ab", nil, "player ugi-ab"}, "a Player")
  local move, found = p:choose(mt.game(), {depth = 2})
  check(mt.game():moves()[1] == move or mt.game():moves()[2] == move, "a legal move: " .. move)
  eq(found.depth, 2, "its info line read: depth")
  check(type(found.pv) == "table" and found.pv[1] == move, "and its principal variation")
  local m = mt.match(p, "random", {games = 4, seed = 3})
  eq(m.games, 4, "four games")
  for _, r in ipairs(m.records) do check(legal(r), "legal moves in game " .. r.game) end
  eq(m.errors, {}, "no error")
  eq(children(), {}, "its program stopped after the match")
  -- the same engine inside: deterministic at depth 2, so the same games
  local inside = mt.match(mt.player("alphabeta", {depth = 2}), "random", {games = 4, seed = 3})
  local outside = mt.match(ugi("ugi-ab2", nil, {limits = {depth = 2}}), "random",
                           {games = 4, seed = 3})
  for i = 1, 4 do
    eq(outside.records[i].moves, inside.records[i].moves, "game " .. i .. " as the C player plays it")
  end
end)

test("mutorere --ugi plays the games of drops, jumps and captures under the runner", function()
  for _, name in ipairs{"achi", "tapatan", "three-mens-morris", "four-field-kono",
                        "leaping-torere", "placing-torere"} do
    local m = mt.match(ugi("ugi-ab", {Depth = 2}), ugi("ugi-random", {Player = "random"}),
                       {variant = name, games = 2, max_plies = 60, seed = 5})
    eq(m.errors, {}, name .. ": no error")
    for _, r in ipairs(m.records) do
      check(r.reason ~= "illegal move" and r.reason ~= "protocol", name .. ": " .. tostring(r.reason))
      check(#r.moves > 0 and legal(r, name), name .. ": legal moves in game " .. r.game)
    end
  end
  eq(children(), {}, "the programs stopped after the matches")
end)

test("an engine is told the whole rules it plays, or the match does not start", function()
  -- variants whose names do not give their rules, one named as a built-in
  local file = os.tmpname() .. ".lua"
  local f = assert(io.open(file, "w"))
  f:write([[
-- a variant file with a hook: the piece on arm 1 may not move on ply 0
return {name = "not-one-first", base = "standard", opening_plies = 1,
        allow = function(position, move) return position.ply > 0 or move.from ~= 1 end}
]])
  f:close()
  local variants = {mt.variant{name = "standard", misere = true},
                    mt.variant{base = "misere", arms = 10, flank = "never", repetition = 4},
                    mt.variant{name = "tugul-copy", base = "tugul-shodra", max_plies = 40}}
  local inside = mt.player("alphabeta", {depth = 2})
  for _, v in ipairs(variants) do
    local outside = ugi("ugi-ab", nil, {limits = {depth = 2}})
    local m = mt.match(outside, "random", {games = 4, seed = 3, variant = v})
    local want = mt.match(inside, "random", {games = 4, seed = 3, variant = v})
    eq(m.errors, {}, v.name .. ": no error")
    check(m.lengths.max > 6, v.name .. ": games played")
    for i = 1, 4 do
      eq(m.records[i].moves, want.records[i].moves, v.name .. ", game " .. i ..
         ": as the player inside plays those rules")
    end
  end
  -- a variant with hooks, from its file: only an engine in the sandbox takes it
  local hooked = mt.variant(file)
  raises(function() mt.match(ugi("ugi-ab", nil, {limits = {depth = 2}}), "random",
                             {games = 2, variant = hooked}) end,
         "engine ugi-ab: cannot play variant not-one-first: error: VariantDefinition: variant " ..
         "not-one-first has Lua hooks: an engine takes them only when it runs in the sandbox " ..
         "(mutorere --ugi --safe) (the match does not start)")
  local safe = mt.player{command = {PROGRAM, "--ugi", "--safe"}, name = "ugi-safe",
                         limits = {depth = 2}}
  local m = mt.match(safe, "random", {games = 4, seed = 3, variant = hooked})
  local want = mt.match(inside, "random", {games = 4, seed = 3, variant = hooked})
  eq(m.errors, {}, "hooks under --safe: no error")
  check(m.lengths.max > 6, "games played: " .. m.lengths.max .. " plies the longest")
  for i = 1, 4 do eq(m.records[i].moves, want.records[i].moves, "hooked, game " .. i) end
  os.remove(file)
  -- hooks made here cannot be sent; an engine that lists only standard
  -- and takes no definition cannot play misère
  local made = mt.variant{name = "made-here", allow = function() return true end}
  raises(function() mt.match(ugi("ugi-ab"), "random", {games = 2, variant = made}) end,
         "engine ugi-ab: the rules of variant made-here cannot be sent: its hooks are Lua " ..
         "functions made here, not read from a variant file (the match does not start)")
  -- a definition table changed after the variant was made: its text would
  -- tell other rules, and is refused
  local t = {name = "changed", misere = true}
  local changed = mt.variant(t)
  t.misere = false
  raises(function() mt.match(ugi("ugi-ab"), "random", {games = 2, variant = changed}) end,
         "engine ugi-ab: the rules of variant changed cannot be sent: its rules written as " ..
         "data are not the same rules")
  raises(function() mt.match(toy("toy"), "random", {games = 2, variant = "misere"}) end,
         "engine toy: it cannot be told the rules of variant misere: the engine's Variant " ..
         "option does not list it, and it has no VariantDefinition option (doc/ugi.md)")
  raises(function() mt.tournament{players = {toy("toy"), "random"}, games = 2,
                                  variants = {"standard", {name = "standard", misere = true}}} end,
         "engine toy: it cannot be told the rules of variant standard: they are not those its " ..
         "name gives, and it has no VariantDefinition option (doc/ugi.md) (the tournament " ..
         "does not start)")
  eq(mt.match(toy("toy"), "random", {games = 2}).errors, {}, "standard it plays")
  eq(children(), {}, "no child left")
end)

test("the Python engine plays under a clock; its games are legal", function()
  local p = toy("toy")
  local m = mt.match(p, "random", {games = 6, seed = 2, clock = {base = 2, increment = 0.05}})
  eq(m.games, 6, "six games")
  eq(m.errors, {}, "no error")
  for _, r in ipairs(m.records) do
    check(legal(r), "legal moves in game " .. r.game)
    check(r.clocks.black > 0 and r.clocks.white > 0, "time left on both clocks")
  end
  eq(children(), {}, "no child left")
end)

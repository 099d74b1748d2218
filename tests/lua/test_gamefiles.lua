-- test_gamefiles.lua — what a tester needs around the games: clocks
-- (base, increment, moves per period) worked out again from the times the
-- moves took; the file of games, read back by mt.load_games; resuming a
-- match or a tournament from its file with the games and seeds the whole
-- run would have had; adjudication by the solver; gauntlets; warnings
-- when openings are replayed; files and names that try to break things.

-- A fresh path in the temporary folder (nothing there yet).
local function scratch()
  local path = os.tmpname()
  os.remove(path)
  return path
end

-- The text of a file.
local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

-- Writes text to path.
local function spill(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- The records of a file of games, as texts (split at "[Event").
local function record_texts(path)
  local out = {}
  for text in slurp(path):gmatch("%[Event.-\n\n[^%[]*") do out[#out + 1] = text end
  return out
end

-- The moves, result and reason of each record of a match.
local function games_of(m)
  local out = {}
  for _, r in ipairs(m.records) do out[r.game] = {r.moves, r.result, r.reason, r.opening} end
  return out
end

test("clocks: each move charged, the increment added, a new period's time", function()
  local seen = {}
  -- a player that notes the clock it is shown and plays at once
  local function watcher(name)
    return mt.player({name = name, choose = function(game, options)
      seen[#seen + 1] = {ply = game:ply(), side = game:turn(), clock = options.clock,
                         time = options.time}
      local moves = game:moves()
      return moves[#moves]
    end})
  end
  local c = {base = 1, increment = 0.25, moves = 3}
  local m = mt.match(watcher("a"), watcher("b"), {games = 1, clock = c, max_plies = 40})
  local r = m.records[1]
  eq(#r.times, r.plies, "a time for every move")
  local left, made = {black = 1, white = 1}, {black = 0, white = 0}
  for k, s in ipairs(seen) do
    local mine = s.side == "black" and "p1time" or "p2time"
    local close = math.abs(s.clock[mine] - left[s.side]) < 1e-9
    check(close, string.format("ply %d: %s's clock %.6f, want %.6f", s.ply, s.side,
                              s.clock[mine], left[s.side]))
    eq(s.clock.movestogo, 3 - made[s.side] % 3, "ply " .. s.ply .. ": moves to go")
    eq({s.clock.p1inc, s.clock.p2inc}, {0.25, 0.25}, "the increments")
    check(s.time > 0 and s.time <= left[s.side] / 10 + 1e-12, "a time to think, a tenth at most")
    left[s.side] = left[s.side] - r.times[k] + 0.25
    made[s.side] = made[s.side] + 1
    if made[s.side] % 3 == 0 then left[s.side] = left[s.side] + 1 end
  end
  check(math.abs(r.clocks.black - left.black) < 1e-9 and math.abs(r.clocks.white - left.white) < 1e-9,
        "the clocks at the end")
  check(left.black > 1.5, "time added by the periods and increments: " .. left.black)
  check(tostring(m):find("clock 3/1+0.25 (base 1 s, increment 0.25 s, 3 moves a period)", 1,
                         true), "said")
  raises(function() mt.match("random", "random", {clock = {base = 0}}) end,
         "option clock.base must be a number of seconds above 0, got 0")
  raises(function() mt.match("random", "random", {clock = {base = 1, moves = 0}}) end,
         "option clock.moves must be a whole number of moves from 1 to 10000")
  raises(function() mt.match("random", "random", {clock = {base = 1, inc = 1}}) end,
         "option clock: unknown option \"inc\"")
end)

test("a fixed time a move (st), and a clock for each player", function()
  local seen = {}
  -- a player that notes what it is given, then takes think seconds
  local function timed(name, think)
    return mt.player({name = name, choose = function(game, options)
      seen[#seen + 1] = {name = name, time = options.time, clock = options.clock,
                         deadline = options.deadline, ply = game:ply()}
      local t = mt.clock()
      while mt.clock() - t < think(game:ply()) do end
      return game:moves()[1]
    end})
  end
  local quick = timed("quick", function() return 0 end)
  local late = timed("late", function(ply) return ply >= 4 and 0.3 or 0 end)
  local m = mt.match(late, quick, {games = 2, clock = {movetime = 0.1, margin = 0.02},
                                   max_plies = 20})
  for i, r in ipairs(m.records) do
    eq({r.reason, r.result}, {"time", i == 1 and "white" or "black"}, "game " .. i .. ": lost on time")
    local side = i == 1 and "black" or "white"
    check(r.clocks[side] < 0 and r.clocks[side] > 0.1 - 0.35, "its clock after the move: " ..
          r.clocks[side])
    eq(r.clocks[side == "black" and "white" or "black"], 0.1, "the other's: a move time again")
  end
  for _, s in ipairs(seen) do
    check(math.abs(s.time - 0.09) < 1e-12 and math.abs(s.deadline - 0.12) < 1e-12 and
          s.clock == nil, "ply " .. s.ply .. ": 90% of it to think, the margin past it to answer")
  end
  check(tostring(m):find("clock 0.1/move (0.1 s a move, margin 0.02 s)", 1, true), tostring(m))
  -- a clock each: a's base clock, b's move time
  seen = {}
  local both = mt.match(quick, timed("other", function() return 0 end),
                        {games = 2, clock = {{base = 2, increment = 0.5}, {movetime = 0.2}},
                         max_plies = 8})
  for _, s in ipairs(seen) do
    if s.name == "quick" then
      check(s.clock and s.deadline > 1, "quick on its base clock, ply " .. s.ply)
      eq({s.clock.p1inc ~= nil or s.clock.p2inc ~= nil}, {true}, "its increment sent")
    else
      eq({s.clock, s.deadline}, {nil, 0.2}, "other on its move time, ply " .. s.ply)
    end
  end
  eq(both.controls, {a = {base = 2, increment = 0.5, margin = 0, moves = nil},
                     b = {movetime = 0.2, margin = 0}}, "the controls of each")
  raises(function() mt.match("random", "random", {clock = {{base = 1}}}) end,
         "option clock must be a clock, or a list of 2 (one a player, false for none)")
  raises(function() mt.match("random", "random", {clock = {movetime = 1, base = 1}}) end,
         "option clock.movetime must be alone (a time for each move, not with base, " ..
         "increment or moves)")
end)

test("a time control without an increment as cutechess writes it: \"5\", \"40/5\"", function()
  local path = scratch()
  local m = mt.match("random", "random", {games = 1, clock = {base = 5}, file = path, max_plies = 6})
  eq(mt.load_games(path)[1]:tags().TimeControl, "5", "the base alone")
  check(tostring(m):find("clock 5 (base 5 s, increment 0 s)", 1, true), "said: " .. tostring(m))
  local periods = mt.match("random", "random", {games = 1, clock = {base = 5, moves = 40},
                                                max_plies = 6})
  check(tostring(periods):find("clock 40/5 (", 1, true), "said: " .. tostring(periods))
  os.remove(path)
end)

test("a game played from an opening's record keeps none of that record's tags", function()
  local path = scratch()
  local opening = '[Site "the opening\'s"]\n[Annotator "someone"]\n[Variant "standard"]\n\n1. 4-c\n'
  mt.match("random", "random", {games = 2, file = path, openings = {opening}, max_plies = 8})
  for i, g in ipairs(mt.load_games(path)) do
    local t = g:tags()
    eq({t.Site, t.Annotator}, {}, "game " .. i .. ": no tag of the opening's")
    eq(g:history()[1], "4-c", "game " .. i .. ": from the opening")
  end
  os.remove(path)
end)

test("the file of games: every game as a record, read back by mt.load_games", function()
  local path = scratch()
  local slow = mt.player(function(g)
    local t = mt.clock()
    while mt.clock() - t < 0.06 do end
    return g:moves()[1]
  end, {name = "slow \"one\"\nwith a newline"})
  local m = mt.match(mt.player("perfect", {skill = 0.5}), slow,
                     {games = 2, seed = 3, file = path, openings = {plies = 3},
                      clock = {base = 0.25, increment = 0.01}})
  local games = mt.load_games(path)
  eq(#games, 2, "two records (the slow one playing each side)")
  local on_time = 0
  for i, g in ipairs(games) do
    local r, t = m.records[i], g:tags()
    eq(g:history(), r.moves, "game " .. i .. ": the moves")
    eq(g:start(), r.start, "game " .. i .. ": the start")
    eq({t.Game, t.Seed, t.Opening, t.Event}, {tostring(i), "3", tostring(r.opening), "match"},
       "game " .. i .. ": where it belongs")
    eq(t.Termination, r.reason, "game " .. i .. ": how it ended")
    eq(t.Result, ({black = "1-0", white = "0-1", draw = "1/2-1/2"})[r.result], "game " .. i)
    eq(t.TimeControl, "0.25+0.01", "the time control")
    check(tonumber(t.BlackClock) and tonumber(t.WhiteClock), "the clocks left")
    if r.reason == "time" then on_time = on_time + 1 end
    local slow_name = i % 2 == 1 and t.White or t.Black
    eq(slow_name, "slow \"one\" with a newline", "a name of two lines made one")
  end
  check(on_time > 0, "losses on time recorded: " .. on_time)
  eq(m.b.losses_by.time, on_time, "and counted")
  -- the file is appended to, never rewritten
  mt.match("random", "random", {games = 2, file = path})
  eq(#mt.load_games(path), 4, "two more")
  os.remove(path)
end)

test("resume: only the missing games, with the seeds they would have had", function()
  local full_path, part = scratch(), scratch()
  local a, b = mt.player("perfect", {skill = 0.6}), mt.player("random")
  local options = {games = 8, seed = 4, openings = {plies = 4}, file = full_path}
  local full = mt.match(a, b, options)
  local texts = record_texts(full_path)
  eq(#texts, 8, "eight records")
  spill(part, texts[1] .. texts[2] .. texts[5] .. texts[8])
  options.file, options.resume = part, true
  local resumed = mt.match(a, b, options)
  eq(games_of(resumed), games_of(full), "the same games as the whole run")
  eq({resumed.a.wins, resumed.a.draws, resumed.a.losses, resumed.pairs},
     {full.a.wins, full.a.draws, full.a.losses, full.pairs}, "the same tallies")
  local numbers = {}
  for i, g in ipairs(mt.load_games(part)) do numbers[i] = tonumber(g:tags().Game) end
  eq(numbers, {1, 2, 5, 8, 3, 4, 6, 7}, "the missing games appended, nothing played twice")
  local judged_full, judged_part = scratch(), scratch()
  local jo = {games = 6, seed = 4, judge = true, file = judged_full}
  local jfull = mt.match(a, b, jo)
  spill(judged_part, table.concat(record_texts(judged_full), "", 1, 3))
  jo.file, jo.resume = judged_part, true
  local jback = mt.match(a, b, jo)
  eq({jback.a.judged, jback.b.judged}, {jfull.a.judged, jfull.b.judged},
     "resumed games judged again as they were")
  os.remove(judged_full)
  os.remove(judged_part)
  local again = mt.match(a, b, options)
  eq(#mt.load_games(part), 8, "a finished match resumed plays nothing")
  eq(games_of(again), games_of(full), "and gives the same result")
  -- a game twice in the file (a later copy, unfinished, declaring another
  -- result): the first copy is the one taken
  local g1 = mt.load_games(full_path)[1]
  local key = {}
  for _, k in ipairs({"Event", "Seed", "Game", "Black", "White"}) do key[k] = g1:tags()[k] end
  key.Result = ({["1-0"] = "0-1", ["0-1"] = "1-0", ["1/2-1/2"] = "1-0"})[g1:tags().Result]
  local copy = mt.game(g1:variant(), g1:start()):play(g1:history()[1])
  local twice = scratch()
  spill(twice, texts[1] .. copy:record(key) .. "\n")
  local first = mt.match(a, b, {games = 8, seed = 4, openings = {plies = 4}, file = twice,
                                resume = true})
  eq(games_of(first)[1], games_of(full)[1], "game 1 as its first copy has it")
  os.remove(twice)
  -- an SPRT match resumed stops where the whole run stopped
  local s1, s2 = scratch(), scratch()
  local sprt = {games = 200, seed = 2, openings = {plies = 8}, file = s1,
                sprt = {elo0 = 0, elo1 = 200}}
  local whole = mt.match("perfect", "random", sprt)
  check(whole.sprt.result == "H1" and whole.games < 200, "decided: " .. whole.games)
  local kept = record_texts(s1)
  spill(s2, table.concat(kept, "", 1, 5))
  sprt.file, sprt.resume = s2, true
  local back = mt.match("perfect", "random", sprt)
  eq({back.games, back.sprt.llr, back.sprt.result}, {whole.games, whole.sprt.llr, "H1"},
     "the SPRT resumed")
  -- a tournament, with workers
  local t1, t2 = scratch(), scratch()
  local players = {"perfect", "random", mt.player("alphabeta", {depth = 1})}
  local t = mt.tournament{players = players, games = 4, seed = 6, file = t1}
  local tt = record_texts(t1)
  spill(t2, tt[2] .. tt[7] .. tt[11])
  local tr = mt.tournament{players = players, games = 4, seed = 6, file = t2, resume = true,
                           jobs = 2}
  for k = 1, #t.matches do
    eq(games_of(tr.matches[k]), games_of(t.matches[k]), "tournament match " .. k)
  end
  eq(#mt.load_games(t2), 12, "every game once")
  raises(function() mt.match("random", "random", {resume = true}) end,
         "option resume needs a file to resume from")
  local fresh = scratch()
  eq(mt.match("random", "random", {games = 2, file = fresh, resume = true}).games, 2,
     "resuming from nothing plays everything")
  for _, p in ipairs({full_path, part, s1, s2, t1, t2, fresh}) do os.remove(p) end
end)

test("resume refuses the file of another match; an SPRT's file holds its result", function()
  local path = scratch()
  local a, b, c = mt.player("perfect", {skill = 0.6}), mt.player("random"), mt.player("heuristic")
  mt.match(a, b, {games = 4, seed = 5, file = path})
  local before = slurp(path)
  local cases = {
    {a, c, {seed = 5}, "holds a game of another match (record 1, game 1): its players are " ..
     "perfect-0.6 and random, not perfect-0.6 and heuristic"},
    {a, b, {seed = 6}, "holds a game of another match (record 1, game 1): its Seed is 5, not 6"},
    {c, b, {seed = 5}, "holds a game of another match (record 1, game 1): its players are " ..
     "perfect-0.6 and random, not heuristic and random"},
    {a, b, {seed = 5, clock = {base = 9}}, "holds a game 1 of another match (record 1): its " ..
     "TimeControl is absent, here 9"},
    {a, b, {seed = 5, variant = {base = "standard", arms = 10}}, "holds a game 1 of another " ..
     "match (record 1): its variant is standard, 8 arms, not standard, 10 arms"},
  }
  for _, k in ipairs(cases) do
    local o = {games = 4, file = path, resume = true}
    for key, x in pairs(k[3]) do o[key] = x end
    raises(function() mt.match(k[1], k[2], o) end, "resume: " .. path .. " " .. k[4])
    eq(slurp(path), before, k[4] .. ": nothing appended")
  end
  -- the same match, with more games: it goes on
  eq(mt.match(a, b, {games = 6, seed = 5, file = path, resume = true}).games, 6, "more games")
  eq(#mt.load_games(path), 6, "two appended")
  -- a tournament's file resumed as a match, and a match's as a tournament
  raises(function() mt.tournament{players = {a, b}, games = 6, seed = 5, file = path,
                                  resume = true} end,
         "holds a game of another tournament (record 1, game 1): its Seed is 5, not 39595")
  os.remove(path)
  -- an SPRT with workers writes the games its result holds, no more: the
  -- games a batch played past the stop are left out of the file too
  local sprt = {games = 400, seed = 2, openings = {plies = 8}, file = path, jobs = 2,
                sprt = {elo0 = 0, elo1 = 200}}
  local m = mt.match("perfect", "random", sprt)
  check(m.sprt.result == "H1" and m.games < 64, "decided inside its first batch: " .. m.games)
  local filed = mt.load_games(path)
  eq(#filed, m.games, "the file holds the games of the result")
  local numbers = {}
  for i, g in ipairs(filed) do numbers[i] = math.tointeger(tonumber(g:tags().Game)) end
  table.sort(numbers)
  local want = {}
  for i = 1, m.games do want[i] = i end
  eq(numbers, want, "games 1 to " .. m.games)
  local picture = mt.svg(filed, {sprt = {elo0 = 0, elo1 = 200}})
  eq(picture, mt.svg(m), "and its picture is the result's")
  os.remove(path)
end)

-- The adjudication by scores a game should have had, worked out again
-- ply by ply from the scores its movers gave (scores[ply], centipawns from
-- the mover's view; nil: none) as doc/api.md says: the ply and the winner
-- ("draw"), or nil.
local function naive_adjudication(plies, scores, draw, resign)
  local within, low, high = 0, {0, 0}, {0, 0} -- (by side: 1 black, 2 white)
  for ply = 1, plies do
    local side, cp = (ply - 1) % 2 + 1, scores[ply]
    local other = 3 - side
    if draw then
      if cp and math.abs(cp) <= draw.score then within = within + 1 else within = 0 end
      if within >= 2 * draw.movecount and ply // 2 >= draw.movenumber then return ply, "draw" end
    end
    if resign then
      low[side] = cp and cp <= -resign.score and low[side] + 1 or 0
      high[side] = cp and cp >= resign.score and high[side] + 1 or 0
      for _, loser in ipairs({side, other}) do
        if low[loser] >= resign.movecount and
           (not resign.twosided or high[3 - loser] >= resign.movecount) then
          return ply, loser == 1 and "white" or "black"
        end
      end
    end
  end
end

test("adjudication by the players' scores: as worked out again from the scores", function()
  -- players that move at random and say a score drawn from their own list
  -- by the ply (some plies none, some a mate)
  local function scored(name, seed)
    local list, x = {}, seed
    for i = 1, 400 do
      x = (x * 1103515245 + 12345) % 2147483648
      local k = x % 9
      list[i] = k == 0 and "none" or k == 1 and "mate" or k == 2 and "mated" or
                ({-4, -1.5, -0.3, 0, 0.4, 2})[k - 2]
    end
    return mt.player({name = name, choose = function(game, _, rng)
      local moves = game:moves()
      local s = list[game:ply() + 1]
      local found = s == "mate" and {mate = 3} or s == "mated" and {mate = -2} or
                    s ~= "none" and {score = s} or nil
      return moves[rng(#moves)], found
    end}), list
  end
  local a, la = scored("a", 7)
  local b, lb = scored("b", 11)
  local rules = {
    {draw = {movenumber = 2, movecount = 2, score = 50}},
    {resign = {movecount = 2, score = 100}},
    {resign = {movecount = 1, score = 150, twosided = true}},
    {draw = {movenumber = 0, movecount = 1, score = 0}, resign = {movecount = 3, score = 20}},
  }
  local adjudicated = 0
  for k, r in ipairs(rules) do
    local m = mt.match(a, b, {games = 12, seed = k, draw = r.draw, resign = r.resign})
    for _, rec in ipairs(m.records) do
      local scores = {}
      for ply = 1, rec.plies do
        local black = (ply % 2 == 1) == (rec.black == "a")
        local s = (black and la or lb)[ply]
        scores[ply] = s == "mate" and math.huge or s == "mated" and -math.huge or
                      s ~= "none" and s * 100 or nil
      end
      local what = "rules " .. k .. ", game " .. rec.game
      if rec.reason == "adjudicated" then
        adjudicated = adjudicated + 1
        eq({naive_adjudication(rec.plies, scores, r.draw, r.resign)}, {rec.plies, rec.result},
           what .. ": adjudicated there")
        eq(rec.adjudicated, {winner = rec.result, by = "score"}, what .. ": by score")
      else -- (a last move that ends the game by the rules ends it so)
        local ruled = ({blocked = 1, rule = 1, repetition = 1})[rec.reason]
        eq(naive_adjudication(rec.plies - (ruled or 0), scores, r.draw, r.resign), nil,
           what .. ": no adjudication before its end (" .. rec.reason .. ")")
      end
    end
  end
  check(adjudicated >= 20, adjudicated .. " games adjudicated")
  -- their records, read back and resumed
  local path = os.tmpname()
  os.remove(path)
  local first = mt.match(a, b, {games = 6, seed = 2, resign = rules[2].resign, file = path})
  local again = mt.match(a, b, {games = 6, seed = 2, resign = rules[2].resign, file = path,
                                resume = true})
  eq(games_of(again), games_of(first), "resumed: the same games, none played again")
  eq(#mt.load_games(path), 6, "none appended")
  os.remove(path)
  raises(function() mt.match(a, b, {draw = {movecount = 0}}) end,
         "option draw.movecount must be a whole number from 1")
  raises(function() mt.match(a, b, {resign = {score = 1, turns = 2}}) end, "turns")
end)

test("adjudication by the solver: a game ends once it is won", function()
  local m = mt.match(mt.player("perfect", {skill = 0.5}), "random",
                     {games = 12, seed = 5, adjudicate = "solver", openings = {plies = 2}})
  local s = mt.solve("standard")
  local adjudicated = 0
  for _, r in ipairs(m.records) do
    local g = mt.game("standard", r.start)
    local book = r.opening and m.openings[r.opening]:ply() or 0
    for i, move in ipairs(r.moves) do
      if i > book then
        eq(s:lookup(g), "draw", "game " .. r.game .. ", ply " .. (i - 1) .. ": still drawn")
      end
      g:play(move)
    end
    if r.reason == "adjudicated" then
      adjudicated = adjudicated + 1
      local value = s:lookup(g)
      local winner = (value == "win") == (g:turn() == "black") and "black" or "white"
      check(value ~= "draw", "game " .. r.game .. ": won where it stopped")
      eq(r.result, winner, "game " .. r.game .. ": the winner the solver names")
      eq(r.adjudicated, {winner = winner, distance = select(2, s:lookup(g))},
         "game " .. r.game .. ": recorded, with the plies to the end")
    else
      check(r.result == "draw", "game " .. r.game .. ": a draw otherwise (" .. r.reason .. ")")
    end
  end
  check(adjudicated > 0, "some adjudicated: " .. adjudicated)
  raises(function() mt.match("random", "random", {adjudicate = "tablebase"}) end,
         "option adjudicate must be \"solver\", got \"tablebase\"")
end)

test("gauntlets: the first player against each of the others", function()
  local t = mt.tournament{players = {"perfect", "random", mt.player("alphabeta", {depth = 1}),
                                     mt.player("perfect", {skill = 0.5})},
                          games = 2, gauntlet = true}
  eq(#t.matches, 3, "three matches")
  for _, m in ipairs(t.matches) do eq(m.a.name, "perfect", "all of perfect") end
  local rank = {}
  for r, s in ipairs(t.standings) do rank[s.name] = r end
  for r, s in ipairs(t.standings) do
    for c, x in ipairs(t.standings) do
      if r ~= c and s.name ~= "perfect" and x.name ~= "perfect" then
        eq(t.cross[r][c].games, 0, s.name .. " never met " .. x.name)
      end
    end
  end
  eq(t.standings[rank.perfect].games, 6, "perfect played everyone")
  check(tostring(t):find("^gauntlet: 4 players, 6 games"), "said")
  -- the printed cross-table: "-" where two never met, a figure where they did
  local text = tostring(t)
  check(text:find("(-: they did not meet)", 1, true), "says what - means: " .. text)
  local rows = {}
  for line in text:gmatch("[^\n]+") do
    local r = tonumber(line:match("^  +(%d) "))
    if r and line:find("%.%d") then rows[r] = line end
  end
  for r, s in ipairs(t.standings) do
    local cells = {}
    for cell in (rows[r] or ""):sub(22):gmatch("%S+") do cells[#cells + 1] = cell end
    for c in ipairs(t.standings) do
      local x = t.cross[r][c]
      local want = not x and "." or x.games == 0 and "-" or string.format("%.1f", x.points)
      eq(cells[c], want, s.name .. " against " .. t.standings[c].name)
    end
  end
end)

test("warnings: openings replayed, games repeated", function()
  local m = mt.match("alphabeta", "alphabeta", {games = 12, openings = {plies = 2}})
  eq(m.warnings[1], "openings replayed: 6 pairs of games from 2 distinct openings " ..
     "(fewer exist than pairs)", "replayed")
  check(tostring(m):find("warning: openings replayed: 6 pairs of games from 2 distinct", 1,
                         true), "printed")
  local plain = mt.match("alphabeta", "alphabeta", {games = 6})
  check(plain.warnings[1]:find("^only 1 distinct game among 6"), "repeated games")
  eq(mt.match("random", "random", {games = 6, openings = {plies = 6}}).warnings, {},
     "none when enough exist")
  local t = mt.tournament{players = {"alphabeta", "perfect", "random"}, games = 12,
                          openings = {plies = 2}}
  local text = tostring(t)
  local _, count = text:gsub("warning: openings replayed", "")
  eq(count, 1, "a tournament says it once")
end)

test("files that try to break things", function()
  local path = scratch()
  spill(path, '[Event "x"]\n[Game "1"]\n\n1. 4-c 5-4 *\n\n[Event "y"]\n[Game "2"]\n\n1. 4-c 4-5 *\n')
  raises(function() mt.load_games(path) end, "games " .. path .. ": record 2 (line 6):")
  raises(function() mt.load_games(path) end, "illegal move 4-5")
  spill(path, '[Event "x"]\n\n1. 4-c\0 *\n')
  raises(function() mt.load_games(path) end, "not a text file (it holds a zero byte)")
  os.remove(path)
  raises(function() mt.load_games(path) end, "cannot load " .. path)
  raises(function() mt.load_games("a\0b") end, "the path holds a zero byte")
  raises(function() mt.load_games("/dev/null") end, "not a regular file")
  spill(path, "")
  eq(mt.load_games(path), {}, "an empty file: no game")
  raises(function() mt.svg(mt.load_games(path)) end, "a Match, a list of Games or a position, " ..
         "not an empty table")
  -- runs of a megabyte of white space in its lines: read in one pass (the
  -- lines' trimming took hours)
  local run = (" \t"):rep(1 << 19)
  spill(path, '[Event "x"]\n' .. run .. '\n1. 4-c' .. run .. '5-4' .. run .. '*\n')
  local spaced = mt.load_games(path)
  eq(#spaced, 1, "one game")
  eq(spaced[1]:history(), {"4-c", "5-4"}, "its moves")
  -- a word of a megabyte among the moves: refused in one pass too (finding
  -- the last word of a record went over it again from each place in it)
  spill(path, '[Event "x"]\n1. 4-c ' .. ("a"):rep(1 << 20) .. ' 5-4 *\n')
  raises(function() mt.load_games(path) end, "games " .. path)
  local fifo = scratch()
  os.execute("mkfifo " .. fifo)
  raises(function() mt.match("random", "random", {file = fifo}) end,
         "option file: " .. fifo .. " is a fifo, not a regular file")
  local link = scratch()
  os.execute(string.format("ln -s %s %s", path, link))
  raises(function() mt.match("random", "random", {file = link}) end,
         "option file: cannot write to " .. link .. ": it is a symbolic link")
  raises(function() mt.match("random", "random", {file = "/nonexistent/dir/games"}) end,
         "option file: cannot write to /nonexistent/dir/games: No such file")
  local ok, why = mt.sandbox(function() return mt.match("random", "random", {file = path}) end)
  check(not ok and why:find("sandbox", 1, true), "no file in a sandbox: " .. tostring(why))
  ok, why = mt.sandbox(function() return mt.load_games(path) end)
  check(not ok and why:find("sandbox", 1, true), "no reading in a sandbox: " .. tostring(why))
  raises(function() mt.match("random", "random", {file = path, variant = {base = "standard",
                                                   name = "my wheel"}}) end,
         "is not one a record can hold")
  for _, p in ipairs({path, fifo, link}) do os.remove(p) end
end)

test("resume: a file cut short, or whose records are not this match's", function()
  local full, cut = scratch(), scratch()
  local a, b = mt.player("perfect", {skill = 0.6}), mt.player("random")
  local options = {games = 4, seed = 5, openings = {plies = 2}, file = full,
                   clock = {base = 30}}
  local whole = mt.match(a, b, options)
  local texts = record_texts(full)
  local last = texts[4]:gsub("%s+$", "")
  -- cut between two moves of the last record: it loads, but is not finished
  local at = last:find("%S+%s+%S+%s+%S+$")
  spill(cut, table.concat(texts, "", 1, 3) .. last:sub(1, at - 1))
  eq(#mt.load_games(cut), 4, "a record cut between moves still loads")
  options.file, options.resume = cut, true
  local partial = cut .. ".partial"
  local back = mt.match(a, b, options)
  eq(games_of(back), games_of(whole), "game 4 played again, not taken cut short")
  eq(#mt.load_games(cut), 4, "the cut record cut off, the game appended: the file loads")
  eq(slurp(partial), last:sub(1, at - 1), "what was cut off kept aside")
  local line = select(2, table.concat(texts, "", 1, 3):gsub("\n", "")) + 1
  eq(back.warnings[1], string.format("%s ended inside a record (line %d, cut short): it was " ..
                                     "cut off and kept in %s", cut, line, partial), "said")
  local again = mt.match(a, b, options)
  eq(#mt.load_games(cut), 4, "resumed again: the finished game found, nothing played")
  eq(games_of(again), games_of(whole), "the same games")
  eq(again.warnings, {}, "nothing cut this time")
  -- cut inside a move, or after the tags (a full disk): mt.load_games says
  -- where, a resume cuts it off
  local move_at = last:find("%S+%s+%S+$")
  local tags_end = last:find("\n", last:find("%[White "), true)
  for _, keep in ipairs({move_at + 1, tags_end, last:find("%[Black ") + 10}) do
    os.remove(partial)
    spill(cut, table.concat(texts, "", 1, 3) .. last:sub(1, keep))
    if keep ~= tags_end then -- (a record of tags alone loads: a game without moves)
      raises(function() mt.load_games(cut) end, "(the file ends inside it: cut short? remove " ..
             "it, from line ")
    end
    eq(games_of(mt.match(a, b, options)), games_of(whole), "resumed, cut at " .. keep)
    eq(#mt.load_games(cut), 4, "then the file loads, cut at " .. keep)
    eq(slurp(partial), last:sub(1, keep), "what was cut off kept, cut at " .. keep)
    eq(#mt.load_games(cut), 4, "and resumed again, the same")
  end
  -- a file of another kind is not cut: the records before its end must load
  spill(cut, "some notes\n[not a record\n" .. last:sub(1, tags_end))
  os.remove(partial)
  raises(function() mt.match(a, b, options) end, "resume: games " .. cut .. ": record 1 (line 1)")
  eq(slurp(cut), "some notes\n[not a record\n" .. last:sub(1, tags_end), "left as it was")
  os.remove(partial)
  -- game 1 stopped after 4 plies (black to move), with tags changed: taken
  -- only when the match could have given it
  local tags = texts[1]:match("^(.-)\n\n")
  local four = table.move(mt.load_games(full)[1]:history(), 1, 4, 1, {})
  local g4 = mt.game()
  for _, mv in ipairs(four) do g4:play(mv) end
  check(not g4:result(), "4 plies do not end the game")
  -- four other plies, from another first move: not the opening of game 1
  local other = {}
  local go = mt.game()
  for _, mv in ipairs(go:moves()) do
    if tostring(mv) ~= tostring(four[1]) then
      go:play(mv)
      break
    end
  end
  while go:ply() < 4 do go:play(go:moves()[1]) end
  check(not go:result(), "nor do those")
  for i, mv in ipairs(go:history()) do other[i] = mv end
  local function forged(changes, result, cut_short, moves)
    local text = tags:gsub('%[Result "[^"]*"%]', '[Result "' .. result .. '"]')
    for k, x in pairs(changes) do
      text = text:gsub("%[" .. k .. ' "[^"]*"%]\n?', "")
      if x ~= "" then text = text .. "\n[" .. k .. ' "' .. x .. '"]' end
    end
    moves = moves or four
    return text .. string.format("\n\n1. %s %s 2. %s %s %s\n\n", moves[1], moves[2], moves[3],
                                 moves[4], cut_short and "" or result)
  end
  -- {tags changed, result, taken, what, cut short, moves, why it is refused}
  local cases = {
    {{Termination = "time"}, "0-1", true, "a loss on time of the side to move"},
    {{Termination = "__index"}, "0-1", false, "an end no match gives", false, nil,
     "it ends as no match ends a game (white, __index)"},
    {{Termination = "time", TimeControl = "5"}, "0-1", false, "another time control", false, nil,
     "its TimeControl is 5, here 30"},
    {{Termination = "time", TimeControl = ""}, "0-1", false, "no time control", false, nil,
     "its TimeControl is absent, here 30"},
    {{Termination = "time", Opening = "2"}, "0-1", false, "another opening", false, nil,
     "it is not from opening 1, which this match plays there"},
    {{Termination = "time"}, "1/2-1/2", false, "a draw on time", false, nil,
     "it ends as no match ends a game (draw, time)"},
    {{Termination = "time"}, "1-0", false, "a loss on time of the side not to move", false, nil,
     "it ends as no match ends a game (black, time)"},
    {{Termination = "adjudicated", Adjudicated = "purple wins in 3"}, "0-1", false,
     "an adjudication that names no side", false, nil,
     "it ends as no match ends a game (white, adjudicated)"},
    {{Termination = "adjudicated", Adjudicated = "white wins in 3"}, "0-1", true,
     "an adjudication for the winner"},
    {{Termination = "adjudicated", Adjudicated = "white wins by score"}, "0-1", true,
     "an adjudication by the players' scores"},
    {{Termination = "ply cap"}, "1/2-1/2", false, "a ply cap short of the cap", false, nil,
     "it ends as no match ends a game (draw, ply cap)"},
    {{Termination = "time"}, "0-1", false, "cut short (no result after the moves)", true},
    {{Termination = "time"}, "0-1", false, "moves that are not the opening's", false, other,
     "it is not from opening 1, which this match plays there"},
  }
  options.games = 2
  for _, c in ipairs(cases) do
    spill(cut, forged(c[1], c[2], c[5], c[6]))
    os.remove(partial)
    if c[7] then -- another match's game 1: refused, with what differs, the file as it was
      local before = slurp(cut)
      raises(function() mt.match(a, b, options) end, "resume: " .. cut .. " holds a game 1 " ..
             "of another match (record 1): " .. c[7], c[4])
      eq(slurp(cut), before, c[4] .. ": the file as it was")
    else
      local m = mt.match(a, b, options)
      eq(m.records[1].resumed, c[3] or nil, c[4] .. (c[3] and ": taken" or ": played again"))
      if not c[3] then eq(games_of(m)[1], games_of(whole)[1], c[4] .. ": as the whole run") end
    end
  end
  spill(cut, forged({Termination = "ply cap"}, "1/2-1/2"))
  options.max_plies = 4
  eq(mt.match(a, b, options).records[1].resumed, true, "a ply cap at the cap: taken")
  for _, p in ipairs({full, cut, partial}) do os.remove(p) end
end)

test("names and messages of any bytes: printed, and pictures stay XML", function()
  local xml = dofile(HERE .. "/xml.lua")
  local path = scratch()
  local odd = mt.player(function() error("bad \255\254 move \27[31m" .. string.rep(" word", 30)) end,
                        {name = "odd\255\1name"})
  local m = mt.match(odd, "random", {games = 2, file = path})
  local text = tostring(m)
  check(text:find("bad \255\254", 1, true), "printed as it came: " .. text)
  for _, picture in ipairs({mt.svg(m), mt.svg(mt.load_games(path)), mt.html(m)}) do
    check(utf8.len(picture), "UTF-8 throughout")
    check(not picture:find("[\0-\8\11\12\14-\31]"), "no control character XML refuses")
  end
  eq(xml.parse(mt.svg(m)).name, "svg", "an SVG picture that parses")
  check(mt.svg(m):find("odd\u{FFFD}\u{FFFD}name", 1, true), "the odd bytes replaced")
  os.remove(path)
end)

-- The numbers of a space-separated attribute.
local function numbers(text)
  local out = {}
  local infinite = {inf = math.huge, ["-inf"] = -math.huge}
  for x in (text or ""):gmatch("%S+") do out[#out + 1] = infinite[x] or tonumber(x) end
  return out
end

test("pictures: the SPRT's LLR and Elo by games, of a match and of its file", function()
  local xml = dofile(HERE .. "/xml.lua")
  local path = scratch()
  local m = mt.match(mt.player("perfect", {skill = 0.7}), "random",
                     {games = 200, seed = 3, openings = {plies = 6}, file = path,
                      sprt = {elo0 = 0, elo1 = 100}})
  local root = xml.parse(mt.svg(m))
  eq(root.name, "svg", "an SVG picture")
  local llr, elo
  xml.each(root, function(e)
    if e.attributes["data-llr"] then llr = e.attributes end
    if e.attributes["data-elo"] then elo = e.attributes end
  end)
  -- worked again from the records: the pentanomial after each pair
  local counts, want_llr, want_elo, games = {0, 0, 0, 0, 0}, {}, {}, {}
  for i = 1, m.games, 2 do
    local a, b = m.records[i], m.records[i + 1]
    local s = (a.result == "black" and 1 or a.result == "draw" and 0.5 or 0) +
              (b.result == "white" and 1 or b.result == "draw" and 0.5 or 0)
    counts[2 * s + 1] = counts[2 * s + 1] + 1
    want_llr[#want_llr + 1] = mt.sprt{pairs = counts, elo0 = 0, elo1 = 100}.llr
    want_elo[#want_elo + 1] = mt.elo(counts).elo
    games[#games + 1] = i + 1
  end
  eq(numbers(llr["data-llr"]), want_llr, "the LLR after each pair")
  eq(numbers(llr["data-games"]), games, "at each pair's games")
  eq(numbers(elo["data-elo"]), want_elo, "Elo after each pair")
  eq(want_llr[#want_llr], m.sprt.llr, "ending at the verdict's LLR")
  local from_file = mt.svg(mt.load_games(path), {sprt = {elo0 = 0, elo1 = 100}})
  local llr2
  xml.each(xml.parse(from_file), function(e) llr2 = e.attributes["data-llr"] or llr2 end)
  eq(numbers(llr2), want_llr, "the same from the file's games")
  local page = mt.html(m)
  check(page:find("<svg", 1, true) and page:find("data-llr", 1, true), "in the match's page")
  check(page:find(tostring(m):match("[^\n]+"), 1, true), "with its results")
  local plain = mt.svg(mt.match("random", "random", {games = 6}))
  check(plain:find("data-elo", 1, true) and not plain:find("data-llr", 1, true),
        "without an SPRT: Elo alone")
  raises(function() mt.svg(m, {sprt = {elo0 = 1, elo1 = 1}}) end, "elo0 must be below elo1")
  raises(function() mt.svg({mt.game(), 5}) end, "Match or list of Games expected, got number")
  os.remove(path)
end)

-- test_reach.lua — solutions of the states play reaches (Solution:info().kind
-- "reachable") against the plain table, on variants small enough for both:
-- the choice and the option, lookups everywhere (solved on demand), and
-- everything built on solutions — analyse, review, hint, accuracy, judged
-- matches, metrics, puzzles, the perfect player, the play page, solution
-- files, UGI — giving with one kind what it gives with the other; hooks that
-- fail and budgets during a solve on demand.

local mt = require "mutorere"

-- A piece may not move twice in a row (it moved last as history[mine]) once
-- history[late] exists: the variants of issue 24.
local function tired_late(mine, late)
  return function(_, m, h) return not (h[mine] and m.from == h[mine].to and h[late]) end
end

-- Not straight back to where the mover's last move came from.
local function no_return(_, m, h)
  local mine = h[2]
  return not (mine and m.from == mine.to and m.to == mine.from)
end

-- A fresh variant (nothing cached) of the named rule, solved as kind says
-- (true: the reachable states, false: the plain table; nil: not yet).
local RULES = {
  tired = {name = "tired-late", base = "standard", arms = 6, history = 3, allow = tired_late(2, 3)},
  ["no-return"] = {name = "no-return", base = "standard", arms = 8, history = 2, allow = no_return},
}
local function variant(rule, kind)
  local t = {}
  for k, x in pairs(RULES[rule]) do t[k] = x end
  local v = mt.variant(t)
  if kind ~= nil then mt.solve(v, {reachable = kind, progress = false}) end
  return v
end

-- The states reachable from (p, h) of v: {{p, h}, ...}, breadth first.
local function walk(v, p, h)
  local list, seen = {{p, h}}, {[v:key(p, h)] = true}
  local i = 1
  while list[i] do
    local q, g = list[i][1], list[i][2]
    i = i + 1
    if not v:outcome(q, g) then
      for _, m in ipairs(v:moves(q, g)) do
        local r, f = v:play(q, m, g)
        local k = v:key(r, f)
        if not seen[k] then seen[k], list[#list + 1] = true, {r, f} end
      end
    end
  end
  return list
end

-- Every position of the wheel of n arms (n/2 pieces a side, one point
-- empty) with each side to move, as text.
local function all_positions(n)
  local out = {}
  local function fill(prefix, b, w)
    if #prefix == n + 1 then
      if b == 0 and w == 0 then
        local text = prefix:sub(1, n) .. "/" .. prefix:sub(n + 1)
        out[#out + 1] = text .. " b"
        out[#out + 1] = text .. " w"
      end
      return
    end
    if b > 0 then fill(prefix .. "b", b - 1, w) end
    if w > 0 then fill(prefix .. "w", b, w - 1) end
    if not prefix:find(".", 1, true) then fill(prefix .. ".", b, w) end
  end
  fill("", n // 2, n // 2)
  return out
end

-- Random games of v from the start (and from setups when setups): their
-- moves, seeded.
local function random_games(v, count, seed, setups)
  local games, player = {}, mt.player("random")
  player:reset(seed)
  local positions = all_positions(v.arms)
  for i = 1, count do
    local start = setups and positions[(i * 37) % #positions + 1] or nil
    local g = mt.game(v, start)
    local moves = {}
    while not g:result() and #moves < 14 do
      local m = player:choose(g)
      g:play(m)
      moves[#moves + 1] = m
    end
    games[i] = {start = start, moves = moves}
  end
  return games
end

-- The game of spec (random_games) on v.
local function replay(v, spec)
  local g = mt.game(v, spec.start)
  for _, m in ipairs(spec.moves) do g:play(m) end
  return g
end

-- t without the keys that time things.
local function untimed(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, x in pairs(t) do
    if k ~= "seconds" and k ~= "solve_seconds" and k ~= "elapsed" then out[k] = untimed(x) end
  end
  return out
end

test("left to choose, mt.solve takes the states play reaches and says so", function()
  local v = mt.variant{name = "tired-late-8", base = "standard", arms = 8, history = 6,
                       allow = tired_late(1, 6)}
  local s = mt.solve(v, {progress = false})
  local info = s:info()
  eq(info.kind, "reachable", "the kind")
  eq({info.positions, info.entries, s:states()}, {35029, 35029, 35029}, "the states")
  check(info.bytes > 35029 * 45 and info.bytes < 35029 * 200, "bytes: " .. info.bytes)
  local c = s:census()
  eq({c.reachable, c.wins, c.losses, c.draws}, {35029, 4516, 2338, 28175}, "issue 24's census")
  eq(mt.solve(v), s, "solved once")
  local w = mt.variant{name = "tired-late-6", base = "standard", arms = 6, history = 8,
                       allow = tired_late(2, 8)}
  c = mt.solve(w, {progress = false}):census()
  eq({c.reachable, c.wins, c.losses, c.draws}, {1237, 96, 72, 1069}, "issue 24's census")
  -- no hooks: the symmetric table, unless asked
  eq(mt.solve("standard"):info().kind, "symmetric")
  local std = mt.variant{base = "standard", name = "standard-reach"}
  local r = mt.solve(std, {reachable = true, progress = false})
  eq(r:info().kind, "reachable")
  c = r:census()
  eq({c.reachable, c.wins, c.losses, c.draws, c.traps}, {1180, 208, 128, 844, 128}, "the standard game")
  eq(r:states(), 1180)
  eq(mt.solve(std), r, "the kind asked for stays")
  local t = mt.solve(std, {reachable = false, progress = false})
  eq(t:info().kind, "symmetric", "asked again for the table: solved again")
  eq(mt.solve(std), t)
  eq(mt.solve(variant("no-return"), {reachable = false, progress = false}):info().kind, "plain")
  raises(function() mt.solve(v, {reachable = "yes"}) end, "reachable must be a boolean")
end)

test("every state has the plain table's value, the unreachable ones solved on demand", function()
  for _, rule in ipairs({"tired", "no-return"}) do
    local a, b = variant(rule, true), variant(rule, false)
    local sa, sb = mt.solve(a), mt.solve(b)
    eq({sa:info().kind, sb:info().kind}, {"reachable", "plain"}, rule)
    local held, bad = sa:states(), 0
    local states = walk(a, a.start, {})
    eq(#states, held, rule .. ": the states play reaches")
    for _, st in ipairs(states) do
      local x, dx = sa:lookup(st[1], st[2])
      local y, dy = sb:lookup(st[1], st[2])
      if x ~= y or dx ~= dy then bad = bad + 1 end
    end
    eq(bad, 0, rule .. ": reachable states that differ")
    eq(sa:states(), held, "nothing solved on demand yet")
    for _, text in ipairs(all_positions(a.arms)) do
      local x, dx = sa:lookup(text)
      local y, dy = sb:lookup(text)
      if x ~= y or dx ~= dy then bad = bad + 1 end
      -- and after each legal move from there: a state with a history
      if not a:outcome(text, {}) then
        for _, m in ipairs(a:moves(text, {})) do
          local q, h = a:play(text, m, {})
          x, dx = sa:lookup(q, h)
          y, dy = sb:lookup(q, h)
          if x ~= y or dx ~= dy then bad = bad + 1 end
        end
      end
    end
    eq(bad, 0, rule .. ": states that differ")
    check(sa:states() > held, rule .. ": solved on demand, and kept")
    eq(sa:info().kind, "reachable")
  end
end)

test("analyse, review and hint say the same with either kind", function()
  local a, b = variant("no-return", true), variant("no-return", false)
  local held = mt.solve(a):states()
  for _, spec in ipairs(random_games(a, 12, 5, true)) do
    local ga, gb = replay(a, spec), replay(b, spec)
    eq(ga:analyse(), gb:analyse(), "analyse")
    eq(ga:review(), gb:review(), "review")
  end
  check(mt.solve(a):states() > held, "the setups were solved on demand")
  eq(mt.solve(a):info().kind, "reachable")
  -- hint() in the REPL, on a variant whose solve takes the reachable states
  -- (6 arms, whose plain table takes 0.15 s, not the 2 s of 8 arms; after
  -- its 3 plies, one move wins and two draw)
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p '" .. dir .. "/variants'")
  local f = assert(io.open(dir .. "/variants/tired-late.lua", "w"))
  f:write([[return {name = "tired-late", base = "standard", arms = 6, history = 6,
    allow = function(_, m, h) return not (h[2] and m.from == h[2].to and h[6]) end}]])
  f:close()
  local input = os.tmpname()
  f = assert(io.open(input, "w"))
  f:write('new "tired-late"\nplay "3-c 4-3 c-4"\nhint()\nprint(mt.solve(current():variant()):info().kind)\n')
  f:close()
  local p = io.popen(string.format("MUTORERE_PATH='%s' '%s' < '%s' 2>&1", dir, PROGRAM, input))
  local out = p:read("a")
  p:close()
  local v = mt.variant{name = "tired-late", base = "standard", arms = 6, history = 6,
                       allow = tired_late(2, 6)}
  mt.solve(v, {reachable = false, progress = false})
  local best = mt.game(v):play("3-c"):play("4-3"):play("c-4"):analyse().moves[1]
  eq({best.move, best.value}, {"3-c", "win"}, "the one winning move")
  check(out:find("hint: " .. best.move, 1, true), "the hint: " .. out)
  check(out:find("reachable", 1, true), "the kind: " .. out)
  -- UGI: the perfect player on that variant
  f = assert(io.open(input, "w"))
  f:write("ugi\nsetoption name Variant value tired-late\nsetoption name Player value perfect\n" ..
          "uginewgame\nposition startpos moves 3-c 4-3 c-4\ngo\nquit\n")
  f:close()
  p = io.popen(string.format("MUTORERE_PATH='%s' '%s' --ugi < '%s' 2>&1", dir, PROGRAM, input))
  out = p:read("a")
  p:close()
  local move = out:match("bestmove (%S+)")
  local g = mt.game(v):play("3-c"):play("4-3"):play("c-4")
  local values = {}
  for _, m in ipairs(g:analyse().moves) do values[m.move] = m.value .. (m.distance or "") end
  check(move and values[move] == best.value .. (best.distance or ""), "UGI's move keeps the value: " .. out)
  os.remove(input)
  os.execute("rm -r '" .. dir .. "'")
end)

test("the perfect player, accuracy and judged matches say the same with either kind", function()
  local a, b = variant("no-return", true), variant("no-return", false)
  local pa, pb = mt.player("perfect"), mt.player("perfect")
  pa:reset(3)
  pb:reset(3)
  for _, spec in ipairs(random_games(a, 10, 9, true)) do
    local ga, gb = replay(a, spec), replay(b, spec)
    if not ga:result() then eq(pa:choose(ga), pb:choose(gb), "the perfect player's move") end
  end
  local ra = mt.accuracy("random", a, {seed = 4, sample = 300})
  local rb = mt.accuracy("random", b, {seed = 4, sample = 300})
  eq(untimed(ra), untimed(rb), "accuracy")
  local ma = mt.match("random", "random", {variant = a, games = 4, judge = true, seed = 2})
  local mb = mt.match("random", "random", {variant = b, games = 4, judge = true, seed = 2})
  eq({ma.a.judged, ma.b.judged}, {mb.a.judged, mb.b.judged}, "judged moves")
  check(ma.a.judged ~= nil, "judged")
  eq({mt.solve(a):info().kind, mt.solve(b):info().kind}, {"reachable", "plain"}, "the kinds used")
end)

test("metrics, puzzles and the play page say the same with either kind", function()
  local a, b = variant("tired", true), variant("tired", false)
  eq(untimed(mt.metrics(a, {games = 0})), untimed(mt.metrics(b, {games = 0})), "metrics")
  local ra, rb = variant("no-return", true), variant("no-return", false)
  for _, o in ipairs({{goal = "win", plies = 5}, {goal = "draw"}}) do
    local pa = mt.puzzle.generate{variant = ra, goal = o.goal, plies = o.plies}
    local pb = mt.puzzle.generate{variant = rb, goal = o.goal, plies = o.plies}
    eq(#pa, #pb, "puzzles generated")
    check(#pa > 10, "some puzzles")
    for i = 1, #pa, 7 do
      eq({pa[i].position, pa[i].solution}, {pb[i].position, pb[i].solution})
      pa[i].variant, pb[i].variant = ra, rb -- not on the search path
      local ca, cb = mt.puzzle.check(pa[i]), mt.puzzle.check(pb[i])
      eq({ca.ok, ca.value, ca.distance, ca.unique}, {cb.ok, cb.value, cb.distance, cb.unique}, "check")
      check(ca.ok, "the puzzle checks")
    end
  end
  local g = random_games(a, 1, 3)[1]
  eq(mt.html(replay(a, g)), mt.html(replay(b, g)), "the play page")
  -- from a position play cannot reach: solved on demand
  local start = all_positions(6)[17]
  eq(mt.html(mt.game(a, start)), mt.html(mt.game(b, start)), "the page of a setup")
end)

test("a solution of the reachable states is kept in a file, and grows when loaded", function()
  local path = os.tmpname()
  os.remove(path)
  local a = variant("no-return")
  local s = mt.solve(a, {file = path, progress = false})
  eq(s:info().kind, "reachable", "a file of rules that remember: the reachable states")
  local f = assert(io.open(path, "rb"))
  local head = f:read(300)
  f:close()
  check(head:find("index reachable\n", 1, true), head)
  local back = variant("no-return")
  local t = mt.solve(back, {file = path})
  eq({t:info().kind, t:info().seconds, t:states()}, {"reachable", 0, s:states()}, "loaded")
  local plain = mt.solve(variant("no-return", false))
  local bad = 0
  for _, text in ipairs(all_positions(8)) do
    local x, dx = t:lookup(text)
    local y, dy = plain:lookup(text)
    if x ~= y or dx ~= dy then bad = bad + 1 end
  end
  eq(bad, 0, "the loaded solution, solved on demand")
  check(t:states() > s:states(), "it grew")
  raises(function() mt.solve(variant("no-return"), {reachable = false, file = path .. "x"}) end,
         "plain tables of rules that remember moves are not kept")
  os.remove(path)
end)

test("a hook that fails or a budget that runs out during a solve on demand leaves the solution", function()
  local calls, fail = 0, false
  local v = mt.variant{name = "fragile", base = "standard", arms = 8, history = 2, pure = false,
    allow = function(_, m, h)
      calls = calls + 1
      if fail then error("the hook broke") end
      return no_return(_, m, h)
    end}
  local s = mt.solve(v, {reachable = true, progress = false})
  local held, far, err = s:states(), nil, nil
  fail = true
  for _, text in ipairs(all_positions(8)) do
    local ok, e = pcall(s.lookup, s, text)
    if not ok then far, err = text, e break end
  end
  fail = false
  check(far and tostring(err):find("the hook broke", 1, true), tostring(err))
  eq(s:states(), held, "nothing kept")
  local value = s:lookup(far)
  check(value == "win" or value == "loss" or value == "draw", "solved once the hook works")
  check(s:states() > held, "and kept")
  -- a time budget: a large solve on demand is stopped, and nothing kept
  local big = mt.variant{name = "big", base = "standard", arms = 16, history = 1,
                         start = "wbbbbbbbbwwwwww./w b", allow = function() return true end}
  local sb = mt.solve(big, {reachable = true, progress = false})
  eq(sb:states(), 1, "black is blocked at the start")
  local ok
  ok, err = mt.limit({time = 0.2}, function() return sb:lookup("bbbbbbbbwwwwwwww/. b") end)
  check(not ok and tostring(err):find("time budget", 1, true), tostring(err))
  eq(sb:states(), 1, "nothing kept")
  eq(sb:info().kind, "reachable")
  -- a memory budget: the walk stops with a clear error, nothing kept
  ok, err = mt.limit({memory = 24e6}, function() return sb:lookup("bbbbbbbbwwwwwwww/. b") end)
  check(not ok and tostring(err):find("memory", 1, true), tostring(err))
  eq(sb:states(), 1, "nothing kept")
  ok, err = mt.limit({memory = 24e6}, function()
    return mt.solve(mt.variant{name = "big2", base = "standard", arms = 16, history = 1,
                               allow = function() return true end}, {reachable = true, progress = false})
  end)
  check(not ok and tostring(err):find("memory", 1, true), tostring(err))
end)

test("a game of another board is refused by lookup, and nothing of it is kept", function()
  local allow = function() return true end
  local function ring(name, extra, start, history)
    return mt.variant{name = name, points = {"a", "b", "c", "d", "e"},
                      lines = {"a-b", "b-c", "c-d", "d-e", "e-a", extra}, start = start,
                      history = history, allow = history and allow or nil}
  end
  local fewer = mt.game(ring("fewer", "a-c", "b...w b"))      -- 1 piece a side
  local chord = mt.game(ring("chord", "b-d", "bbw.w b", 1)):play("b-d") -- b-d: no line of a-c's board
  for _, kind in ipairs({true, false}) do
    local s = mt.solve(ring("a-c", "a-c", "bb.ww b", 1), {reachable = kind, progress = false})
    local held = s:states()
    raises(function() s:lookup(fewer) end, "bad position: 1 black pieces (this board has 2)")
    raises(function() s:lookup(chord) end, "move 1 back (b-d) cannot have led here")
    eq(s:states(), held, "nothing kept")
  end
  -- a path for the file: what a solution keeps is what its file can hold
  local path = os.tmpname()
  os.remove(path)
  local v = ring("a-c", "a-c", "bb.ww b", 1)
  local s = mt.solve(v, {file = path, progress = false})
  pcall(s.lookup, s, chord)
  s:lookup(mt.game(v, "bbw.w b"))
  local again = path .. "2"
  mt.solve(v, {file = again, progress = false}) -- the grown solution, saved
  local back = mt.solve(ring("a-c", "a-c", "bb.ww b", 1), {file = again, progress = false})
  eq(back:states(), s:states(), "its file loads")
  os.remove(path)
  os.remove(again)
end)

test("a hook that asks the solution during a solve on demand: each state held once", function()
  local asked = {}
  local function allow(p, m, h)
    if asked.solution and not asked.done and not tostring(p):find("^wbwbwb/%. b") then
      asked.done = true -- the state the solve on demand started from, asked from within it
      asked.value = asked.solution:lookup("wbwbwb/. b")
    end
    return no_return(p, m, h)
  end
  local spec = {name = "asking", base = "standard", arms = 6, history = 2, allow = allow}
  local s = mt.solve(mt.variant(spec), {reachable = true, progress = false})
  local plain = mt.solve(mt.variant(spec), {reachable = false, progress = false})
  local held = s:states()
  asked.solution = s
  eq({s:lookup("wbwbwb/. b")}, {plain:lookup("wbwbwb/. b")}, "the value")
  eq(asked.value, plain:lookup("wbwbwb/. b"), "the value asked from within")
  local fresh = mt.solve(mt.variant(spec), {reachable = true, progress = false})
  fresh:lookup("wbwbwb/. b")
  check(s:states() > held, "solved on demand")
  eq(s:states(), fresh:states(), "the states held, each once")
  local path = os.tmpname()
  os.remove(path)
  local v = s:variant()
  mt.solve(v, {file = path, progress = false})
  asked.solution = nil
  local back = mt.solve(mt.variant(spec), {file = path, progress = false})
  eq(back:states(), fresh:states(), "its file loads")
  os.remove(path)
end)

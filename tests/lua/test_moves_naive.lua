-- test_moves_naive.lua — the move fields against a second implementation
-- written from their description in words (naive_fields.lua): the value
-- and distance of every state play reaches, by the tiered table and by
-- the solve of the states play reaches (reachable = true), for the games
-- of issue 32 on other boards (Kono on 3x3, the wheel's two on 6 arms),
-- states no play from the start reaches, and rule sets drawn at random
-- from every field (drops, drop_to, slides, jumps, row, pass, misère).

local naive = dofile(HERE .. "/naive_fields.lua")

-- The variant of rules r (the fields as mt.variant takes them) on a naive
-- board, from position text start.
local function variant(board, r, start, name)
  local t = {name = name}
  for k, x in pairs(board.fields) do t[k] = x end
  for k, x in pairs(r) do t[k] = x end
  t.start = start
  return mt.variant(t)
end

-- Checks that both solutions of v (tiers or the table that fits, and the
-- states play reaches) give every state of want its value and distance.
-- Returns the kinds of solution met.
local function same_values(v, want, what)
  local kinds = {}
  for _, options in ipairs({{}, {reachable = true}}) do
    local s = mt.solve(v, options)
    kinds[#kinds + 1] = s:info().kind
    local wrong = 0
    for key, x in pairs(want) do
      local value, d = s:lookup(key)
      if value ~= x[1] or d ~= x[2] then
        wrong = wrong + 1
        if wrong <= 3 then eq({value, d}, x, what .. ", " .. s:info().kind .. ": " .. key) end
      end
    end
    eq(wrong, 0, what .. ", " .. s:info().kind .. ": states valued otherwise")
  end
  return kinds
end

-- The naive solve of rules r on board from start, each solved once (the
-- same board and rules tables, the same start) for the whole file.
local solved = {}
local function naive_solve(board, r, start)
  local key = string.format("%s %s %s", tostring(board), tostring(r), start)
  if not solved[key] then solved[key] = table.pack(naive.solve(board, r, start)) end
  return table.unpack(solved[key], 1, 2)
end

-- Checks rules r on board from start against the naive solve, from the
-- start and from each of the other positions (states play may not reach).
local function check_rules(board, r, start, what, others)
  local v = variant(board, r, start, "naive-check")
  local want, count = {}, select(2, naive_solve(board, r, start))
  for _, from in ipairs({start, table.unpack(others or {})}) do
    for k, x in pairs((naive_solve(board, r, from))) do want[k] = x end
  end
  return same_values(v, want, what), count
end

-- Kono's rules on the 3x3 grid, checked from its start in two tests.
local THREE, KONO = naive.grid(3, 3, false), {jumps = {{over = "own", onto = "enemy"}}}

test("the games of issue 32 on other boards: both solvers against the naive one", function()
  eq(check_rules(THREE, KONO, "bbbb.wwww b", "Kono on 3x3"), {"tiers", "reachable"}, "the kinds")
  check_rules(THREE, KONO, "bbb...www w", "Kono on 3x3, three a side, white first")
  local six = naive.wheel(6)
  check_rules(six, {jumps = {{over = "enemy", onto = "empty"}}}, "bbbwww/. b", "leaping on 6 arms")
  check_rules(six, {drops = "first", drop_to = "arms"}, "....../. 3/3 b", "placing on 6 arms")
  local _, count = check_rules(naive.wheel(4), {drops = "first", drop_to = "arms"}, "..../. 2/2 w",
                               "placing on 4 arms")
  check(count > 10, "placing on 4 arms reaches states: " .. count)
end)

test("each field once on the wheel and on a grid: both solvers against the naive one", function()
  local six, three = naive.wheel(6), naive.grid(3, 3, false)
  check_rules(six, {jumps = {{over = "enemy", take = true}}}, "bbbwww/. b", "jumps that take, 6 arms")
  check_rules(six, {jumps = {{over = "any", span = {1, 2}, onto = "any"}}}, "bb.ww./b w",
              "long jumps onto enemies, 6 arms")
  check_rules(six, {slides = {onto = "any"}}, "bbbwww/. b", "slides that take, 6 arms")
  check_rules(six, {drops = "first", drop_to = "arms", row = 3}, "....../. 3/3 b", "a row, 6 arms")
  check_rules(six, {pass = "blocked"}, "bbbwww/. b", "a pass when blocked, 6 arms")
  check_rules(six, {drops = "any", pass = "always"}, "b.w.../. 2/2 b", "drops beside, 6 arms")
  check_rules(three, {jumps = {{over = "enemy", take = true}}, misere = true}, "bbb...www b",
              "jumps that take, misère, 3x3")
  check_rules(three, {drops = "first", row = 3, misere = true}, "......... 3/3 b", "a row, misère, 3x3")
  check_rules(three, {slides = false, jumps = {{over = "piece", onto = "any"}}, drops = "any"},
              "b...w.... 2/2 b", "drops and jumps, no slides, 3x3")
  -- a pass beside captures: a side with no piece left loses all the same
  for _, pass in ipairs({"blocked", "always"}) do
    check_rules(three, {jumps = {{over = "enemy", take = true}}, pass = pass}, "bb.....ww b",
                "captures, a pass " .. pass .. ", 3x3", {"......w.w b", "b.......w w"})
    local v_rules = {jumps = {{over = "enemy", take = true}}, pass = pass}
    local v = variant(three, v_rules, "bb.....ww b", "no-piece")
    -- (perft's own counts: on masks, and by the moves made, two jump rules)
    local two = {jumps = {{over = "enemy", take = true}, {over = "own"}}, pass = pass}
    for _, rules in ipairs({v_rules, two}) do
      local w = variant(three, rules, "bb.....ww b", "no-piece")
      for _, from in ipairs({"b.......w w", "bw....... b", "b...w...w b", "bb.w....w b"}) do
        for d = 1, 5 do
          eq(mt.perft(w, d, from), naive.perft(three, rules, from, d),
             string.format("%s, %d jump rules, perft %d from %s", pass, #rules.jumps, d, from))
        end
      end
    end
    local ring = variant(six, v_rules, "bbbwww/. b", "no-piece-6")
    for _, from in ipairs({"b.w.../. w", "w...../b b", "bw..../. b"}) do
      for d = 1, 5 do
        eq(mt.perft(ring, d, from), naive.perft(six, v_rules, from, d),
           pass .. ", 6 arms, perft " .. d .. " from " .. from)
      end
    end
    eq({v:mobility("......w.w b")}, {0, pass == "always" and 5 or 4},
       "no piece left, a pass " .. pass .. ": its mobility 0")
    local g = mt.game(v, "......w.w b")
    eq({g:moves(), g:result()}, {{}, "white", "blocked"}, "no piece left, a pass " .. pass .. ": no move, lost")
  end
end)

test("states the start does not reach: Tapatan and Kono set up by hand", function()
  local diagonals = naive.grid(3, 3, true)
  -- Tapatan's rules on the grid with its full diagonals (a board of our
  -- own), from positions of every count of pieces on the board and in hand
  check_rules(diagonals, {drops = "first", row = 3}, "......... 3/3 b", "Tapatan-like",
              {"b.w...... 2/2 w", "bw.b..... 1/2 w", "b...w..bw 1/1 b", "bb.ww.... 1/1 b",
               "b.b.w.w.. 1/1 w"})
  check_rules(THREE, KONO, "bbbb.wwww b", "Kono on 3x3",
              {"b.......w b", "bb......w w", "b.w.b.w.. b", ".........b w"})
end)

-- A rule set drawn by the random generator rand from every field, for
-- board; nil when the draw makes no rules.
local function drawn_rules(board, rand)
  local function pick(t) return t[rand(#t)] end
  local r = {drops = pick({false, "first", "any"}),
             slides = pick({true, true, false, {onto = "any"}, {onto = "enemy"}}),
             pass = pick({false, false, "blocked", "always"}), misere = rand(5) == 1}
  if r.drops and rand(3) == 1 then
    if board.wheel and rand(2) == 1 then
      r.drop_to = "arms"
    else
      r.drop_to = {}
      for _, p in ipairs(board.points) do
        if rand(2) == 1 then r.drop_to[#r.drop_to + 1] = p end
      end
      if #r.drop_to == 0 then r.drop_to = nil end
    end
  end
  if rand(5) <= 3 then
    r.jumps = {}
    for i = 1, rand(2) do
      local over = pick({"own", "enemy", "empty", "piece", "any", {"own", "empty"},
                         {"enemy", "empty"}})
      local j = {over = over, onto = pick({"empty", "enemy", "any"})}
      local enemy = over == "enemy" or over == "piece" or over == "any" or
                    (type(over) == "table" and over[1] == "enemy")
      if enemy and rand(2) == 1 then j.take = true end
      if rand(3) == 1 then j.span = {1, 2} end
      r.jumps[i] = j
    end
  end
  if rand(5) <= 2 then r.row = 1 + rand(3) end
  return r
end

-- A position of board drawn by rand: pieces on random points, a hand of
-- 0 to 2 for each side when the rules drop, a side to move.
local function drawn_position(board, r, rand)
  local n, cells = #board.points, {}
  for i = 1, n do cells[i] = "." end
  local free = {}
  for i = 1, n do free[i] = i end
  for _, side in ipairs({"b", "w"}) do
    for _ = 1, rand(n // 2 + 1) - 1 do cells[table.remove(free, rand(#free))] = side end
  end
  local text = table.concat(cells)
  if board.wheel then text = text:sub(1, n - 1) .. "/" .. text:sub(n) end
  if r.drops then
    local b, w = rand(3) - 1, rand(3) - 1
    if b + w > 0 then text = text .. " " .. b .. "/" .. w end
  end
  return text .. " " .. (rand(2) == 1 and "b" or "w")
end

test("rule sets drawn from every move field: both solvers against the naive one", function()
  local seed = 12345
  local function rand(n) -- a linear congruential generator: the same draws everywhere
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed // 65536 % n + 1
  end
  local boards = {naive.grid(3, 3, false), naive.grid(3, 3, true), naive.grid(4, 2, false),
                  naive.grid(2, 3, true), naive.grid(5, 1, false), naive.wheel(4), naive.wheel(6)}
  local checked, tiers = 0, 0
  while checked < 12 do
    local board = boards[rand(#boards)]
    local r = drawn_rules(board, rand)
    local start = drawn_position(board, r, rand)
    -- draws the engine refuses (a full board without captures, a wheel's
    -- short count, no row of that length) are drawn again
    if pcall(variant, board, r, start, "drawn") then
      local others = {}
      for _ = 1, 2 do
        local p = drawn_position(board, r, rand)
        if pcall(mt.game, variant(board, r, start, "drawn"), p) then others[#others + 1] = p end
      end
      local kinds = check_rules(board, r, start, string.format("draw %d (start %s)", checked + 1,
                                                               start), others)
      if kinds[1] == "tiers" then tiers = tiers + 1 end
      checked = checked + 1
    end
  end
  check(tiers >= 6, "most draws solved in tiers: " .. tiers)
end)

test("a moves hook returns at most 64 moves: more is an error at the state, nothing lost", function()
  local eight = naive.grid(8, 8, false)
  local same = variant(eight, {drops = "any", moves = function(_, made) return made end},
                       string.rep(".", 64) .. " 10/10 b", "identity")
  local g = mt.game(same)
  eq(#g:moves(), 64, "64 drops at the start: returned whole")
  g:play("@d4")
  local before = g:position()
  local ok, e = pcall(g.play, g, "@f6") -- then black: 62 drops and 4 slides
  check(not ok and tostring(e):find("moves hook failed at " .. string.rep(".", 27) .. "b" .. string.rep(".", 17) ..
                                    "w" .. string.rep(".", 18) .. " 9/9 b 2: it returned more than 64 moves", 1, true),
        "the state and the limit named: " .. tostring(e))
  eq({g:position(), #g:history()}, {before, 1}, "the game as it was")
  -- an allow hook judges at most 64 moves: the error is the allow hook's
  local judged = variant(eight, {drops = "any", allow = function() return true end},
                         string.rep(".", 64) .. " 10/10 b", "judged")
  local crowded = string.rep(".", 27) .. "b" .. string.rep(".", 17) .. "w" .. string.rep(".", 18) .. " 9/9 b 2"
  ok, e = pcall(mt.game, judged, crowded)
  check(not ok and tostring(e):find("allow hook failed at " .. crowded ..
                                    ": this position has 66 moves, and an allow hook judges at most 64", 1, true),
        "the allow hook named, no move: " .. tostring(e))
end)

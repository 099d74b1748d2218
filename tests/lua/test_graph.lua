-- test_graph.lua — boards of points: variants that declare points, lines
-- and arrows, checked against a naive implementation written here (moves
-- by trying every pair of points, a retrograde solve of the reachable
-- states by passes until nothing changes) on hand-drawn and random
-- boards; the 8-arm wheel drawn as a board of points against the built-in
-- variants; board errors; names in hooks; records, puzzles, pictures,
-- show(), mt.same_game and UGI on such boards.

local mt = require "mutorere"

-- --- boards ---

local PONG_HAU_KI = {name = "phk", points = {"tl", "tr", "c", "bl", "br"},
  lines = {{"tl", "c"}, {"tr", "c"}, "bl-c", "br-c", "tl-bl", "tr-br", "bl-br"},
  layout = {tl = {0, 0}, tr = {2, 0}, c = {1, 1}, bl = {0, 2}, br = {2, 2}},
  start = "bb.ww b"}

-- The wheel of n arms as a board of points "1".."n" and "c".
local function wheel_table(n, extra)
  local t = {name = "wheel" .. n, points = {}, lines = {}, start =
             string.rep("b", n // 2) .. string.rep("w", n // 2) .. ". b"}
  for i = 1, n do t.points[i] = tostring(i) end
  t.points[n + 1] = "c"
  for i = 1, n do
    t.lines[#t.lines + 1] = {tostring(i), tostring(i % n + 1)}
    t.lines[#t.lines + 1] = {tostring(i), "c"}
  end
  for k, x in pairs(extra or {}) do t[k] = x end
  return t
end

local ARROWS = {name = "arrows", points = {"a", "b", "c", "d", "e", "f"},
  lines = {"a-b", "b-c", "c-d", "d-e"}, arrows = {"e-f", "f-a", "c-f"},
  start = "bw.bw. b"}

-- A random board: n points, a ring with chords and some arrows, black and
-- white pieces placed at random (from a seeded generator).
local function random_table(seed, n, black, white)
  local x = seed
  local function rnd(k) x = (x * 1103515245 + 12345) % 2147483648 return x % k end
  local t = {name = "random" .. seed, points = {}, lines = {}, arrows = {}}
  for i = 1, n do t.points[i] = "p" .. i end
  for i = 1, n do
    for j = i + 1, n do
      if j == i + 1 or rnd(4) == 0 then
        local pair = rnd(2) == 0 and {"p" .. i, "p" .. j} or {"p" .. j, "p" .. i}
        local list = rnd(5) == 0 and t.arrows or t.lines
        list[#list + 1] = pair
      end
    end
  end
  local cells = {}
  for i = 1, n do cells[i] = i <= black and "b" or i <= black + white and "w" or "." end
  for i = n, 2, -1 do
    local j = rnd(i) + 1
    cells[i], cells[j] = cells[j], cells[i]
  end
  t.start = table.concat(cells) .. (rnd(2) == 0 and " b" or " w")
  return t
end

-- --- the naive implementation ---

-- A naive game of a board table: every pair of points tried.
local function naive_game(t)
  local index, joined = {}, {}
  for i, name in ipairs(t.points) do index[name], joined[i] = i, {} end
  local function pair(l)
    if type(l) == "string" then return l:match("^(.-)%-(.*)$") end
    return l[1], l[2]
  end
  for _, l in ipairs(t.lines or {}) do
    local a, b = pair(l)
    joined[index[a]][index[b]], joined[index[b]][index[a]] = true, true
  end
  for _, l in ipairs(t.arrows or {}) do
    local a, b = pair(l)
    joined[index[a]][index[b]] = true
  end
  local n, game = #t.points, {}
  local function near(s, x, colour)
    for y = 1, n do
      if (joined[x][y] or joined[y][x]) and s:sub(y, y) == colour then return true end
    end
    return false
  end
  -- the flank rule at ply: always, or (a number) on the plies before it
  local function flank_at(ply)
    if type(t.flank) == "number" then return ply < t.flank end
    return t.flank ~= nil and t.flank ~= "never"
  end
  -- the moves of state s ("bb.ww b") at ply (0 when not given): {text,
  -- child state}
  function game.moves(s, ply)
    local side = s:sub(n + 2, n + 2)
    local enemy = side == "b" and "w" or "b"
    local out = {}
    for a = 1, n do
      for b = 1, n do
        if s:sub(a, a) == side and s:sub(b, b) == "." and joined[a][b]
            and (not t.adjacent_enemy or near(s, a, enemy))
            and (not (t.centre and flank_at(ply or 0)) or b ~= index[t.centre]
                 or near(s, a, enemy)) then
          local cells = {}
          for i = 1, n do cells[i] = s:sub(i, i) end
          cells[b], cells[a] = cells[a], "."
          out[#out + 1] = {t.points[a] .. "-" .. t.points[b],
                           table.concat(cells) .. " " .. enemy}
        end
      end
    end
    return out
  end
  -- every state reachable from the start, and its value and distance
  function game.solve()
    local states, seen = {t.start}, {[t.start] = true}
    local i = 1
    while i <= #states do
      for _, m in ipairs(game.moves(states[i])) do
        if not seen[m[2]] then seen[m[2]] = true states[#states + 1] = m[2] end
      end
      i = i + 1
    end
    local value, distance = {}, {}
    for _, s in ipairs(states) do
      if #game.moves(s) == 0 then value[s], distance[s] = t.misere and "win" or "loss", 0 end
    end
    for d = 0, 1000 do
      local found = {}
      for _, s in ipairs(states) do
        if not value[s] then
          local all_won, longest, wins = true, -1, false
          for _, m in ipairs(game.moves(s)) do
            local c = m[2]
            if value[c] == "loss" and distance[c] == d then wins = true end
            if value[c] ~= "win" or distance[c] > d then all_won = false end
            if value[c] == "win" and distance[c] > longest then longest = distance[c] end
          end
          if wins then found[s] = "win" elseif all_won and longest == d then found[s] = "loss" end
        end
      end
      if not next(found) then break end
      for s, x in pairs(found) do value[s], distance[s] = x, d + 1 end
    end
    return states, value, distance
  end
  function game.perft(s, depth, ply)
    if depth == 0 then return 1 end
    local sum = 0
    ply = ply or 0
    for _, m in ipairs(game.moves(s, ply)) do sum = sum + game.perft(m[2], depth - 1, ply + 1) end
    return sum
  end
  return game
end

-- Checks a board table's variant against the naive game: perft to depth,
-- every reachable state's moves, value and distance, and the census.
local function check_against_naive(t, depth)
  local v = mt.variant(t)
  local game = naive_game(t)
  for d = 1, depth do
    eq(mt.perft(v, d), game.perft(t.start, d), t.name .. " perft " .. d)
  end
  local s = mt.solve(v)
  local states, value, distance = game.solve()
  local bad = 0
  for _, state in ipairs(states) do
    local got, d = s:lookup(state)
    local want = value[state] or "draw"
    if got ~= want or (want ~= "draw" and d ~= distance[state]) then
      bad = bad + 1
      if bad <= 3 then
        check(false, string.format("%s %s: %s %s, naive %s %s", t.name, state, got,
                                   tostring(d), want, tostring(distance[state])))
      end
    end
    local moves, naive = v:moves(state), {}
    for i, m in ipairs(moves) do moves[i] = tostring(m) end
    for i, m in ipairs(game.moves(state)) do naive[i] = m[1] end
    table.sort(moves)
    table.sort(naive)
    if not (#moves == #naive and table.concat(moves, " ") == table.concat(naive, " ")) then
      bad = bad + 1
    end
  end
  eq(bad, 0, t.name .. ": states that differ")
  local c = s:census()
  local wins, losses = 0, 0
  for _, state in ipairs(states) do
    wins = wins + (value[state] == "win" and 1 or 0)
    losses = losses + (value[state] == "loss" and 1 or 0)
  end
  eq({c.reachable, c.wins, c.losses}, {#states, wins, losses}, t.name .. " census")
  return v, s
end

test("boards of points against the naive implementation", function()
  check_against_naive(PONG_HAU_KI, 8)
  check_against_naive(ARROWS, 8)
  check_against_naive(wheel_table(6), 8)
  local adjacent = wheel_table(8, {name = "adj", adjacent_enemy = true})
  check_against_naive(adjacent, 6)
  local flanked = wheel_table(8, {name = "flanked", centre = "c", flank = "always"})
  check_against_naive(flanked, 8)
  local misere = {}
  for k, x in pairs(ARROWS) do misere[k] = x end
  misere.name, misere.misere = "arrows-misere", true
  check_against_naive(misere, 6)
  local tried = 0
  for seed = 1, 12 do
    local n = 4 + seed % 5
    local t = random_table(seed, n, 1 + seed % 2, 1 + seed % 3)
    if pcall(mt.variant, t) then
      check_against_naive(t, 5)
      tried = tried + 1
    end
  end
  check(tried >= 10, "random boards tried: " .. tried)
end)

test("the flank rule on the first plies only, against the naive implementation", function()
  -- (as first-move and first-two-turns have it: the move after the last
  -- guarded ply is free, at every depth of perft)
  for flank = 1, 4 do
    local t = wheel_table(8, {name = "first" .. flank, centre = "c", flank = flank})
    local v, game = mt.variant(t), naive_game(t)
    for d = 1, 7 do
      eq(mt.perft(v, d), game.perft(t.start, d), t.name .. " perft " .. d)
    end
  end
end)

test("the standard game on 8 arms is a draw: 1180 reachable, 208 won, 128 lost", function()
  local v = mt.variant(wheel_table(8, {centre = "c", flank = "always"}))
  local c = mt.solve(v):census()
  eq({c.reachable, c.wins, c.losses, c.draws}, {1180, 208, 128, 844})
  eq({mt.solve(v):lookup(v.start)}, {"draw"})
end)

-- The flank rule as an allow hook on the wheel drawn as points: a move
-- into the centre needs an enemy piece on an arm next to the mover.
local function flank_hook(p, m)
  if m.to ~= "c" then return true end
  local enemy = p.side == "black" and "white" or "black"
  for _, q in ipairs(p:neighbours(m.from)) do
    if q ~= "c" and p[q] == enemy then return true end
  end
  return false
end

test("the 8-arm wheel as points: no-restriction's figures; with the flank rule as a hook, standard's", function()
  for _, case in ipairs({{"no-restriction", {}}, {"standard", {allow = flank_hook}}}) do
    local builtin, drawn = mt.variant(case[1]), mt.variant(wheel_table(8, case[2]))
    for d = 1, 12 do eq(mt.perft(drawn, d), mt.perft(builtin, d), case[1] .. " perft " .. d) end
    local sb, sg = mt.solve(builtin), mt.solve(drawn)
    -- every position of the wheel: the same value
    local bad = 0
    local arms = {"b", "b", "b", "b", "w", "w", "w", "w", "."}
    local function visit(k, used)
      if k > 9 then
        local cells = table.concat(used)
        for _, side in ipairs({"b", "w"}) do
          local wheel = cells:sub(1, 8) .. "/" .. cells:sub(9) .. " " .. side
          local points = cells .. " " .. side
          local a, x = sb:lookup(wheel)
          local b, y = sg:lookup(points)
          if a ~= b or x ~= y then bad = bad + 1 end
        end
        return
      end
      local tried = {}
      for i, c in ipairs(arms) do
        if c and not tried[c] then
          tried[c] = true
          arms[i] = false
          used[k] = c
          visit(k + 1, used)
          arms[i] = c
        end
      end
    end
    visit(1, {})
    eq(bad, 0, case[1] .. ": positions valued differently")
    local mb, mg = mt.metrics(builtin, {games = 0}), mt.metrics(drawn, {games = 0})
    eq(mg.reachable, mb.reachable, case[1] .. " reachable figures")
    eq(mg.lookahead, mb.lookahead, case[1] .. " lookahead")
    eq(mg.traps.count, mb.traps.count, case[1] .. " traps")
    eq(string.format("%.6f %.6f", mg.random.black, mg.random.length),
       string.format("%.6f %.6f", mb.random.black, mb.random.length), case[1] .. " random play")
  end
end)

test("a bad board is named", function()
  local function bad(fields, want)
    local t = {name = "bad", points = {"a", "b", "c"}, lines = {"a-b", "b-c"}, start = "b.w b"}
    for k, x in pairs(fields) do if x == false then t[k] = nil else t[k] = x end end
    raises(function() mt.variant(t) end, want, want)
  end
  bad({lines = {"a-b", "b-x"}}, 'lines[2] names "x", which is not a point')
  bad({lines = {"a-b", {"b"}}}, "write a line as")
  bad({lines = {"a-b"}}, 'point "c" is on no line')
  bad({start = "b.ww b"}, "4 points, but the board has 3")
  bad({start = "bww b"}, "no empty point")
  bad({start = false}, "needs a start")
  bad({points = {"a", "b", "a"}}, 'point "a" is named twice')
  bad({points = {"a", "b", "side"}}, "the name of a position's field or method")
  bad({points = {"a", "b", "c-d"}}, "letters, digits and _")
  bad({points = "abc"}, "points must be a list of names")
  bad({arms = 8}, "arms belongs to the wheel")
  bad({flank = "always"}, "names no centre point")
  bad({layout = {a = {0, 0}, b = {1, 0}}}, 'layout gives no place to point "c": give every point {x, y}')
  bad({layout = {a = {0, 0}, b = {1, 0}, c = {1}}}, "layout.c[2] must be a number between -1e9 and 1e9, got nil")
  bad({layout = {a = {0, 0}, b = {1, 0}, c = "1,1"}}, 'layout.c must be {x, y}, two numbers, got "1,1"')
  bad({start = "b.w"}, "the side to move is missing: after the 3 points, a space and b or w (bb.ww b")
  bad({lines = {"a-a", "b-c"}}, "to itself")
  raises(function() mt.variant{base = "standard", lines = {"1-2"}} end, "lines without points")
  raises(function() mt.variant{base = "standard", layout = {}} end, "layout belongs to a board of points")
  raises(function() mt.variant{base = PONG_HAU_KI, arms = 10} end, "arms belongs to the wheel")
  local star = {name = "star", points = {}, lines = {}}
  for i = 1, 30 do star.points[i] = "s" .. i end
  for i = 1, 30 do for j = i + 1, 30 do star.lines[#star.lines + 1] = {"s" .. i, "s" .. j} end end
  star.start = string.rep("b", 10) .. string.rep("w", 10) .. string.rep(".", 10) .. " b"
  raises(function() mt.variant(star) end, "moves (at most 64 are allowed)")
  local v = mt.variant(PONG_HAU_KI)
  raises(function() mt.game(v, "bbbbwwww/. b") end, "a position of the wheel")
  raises(function() mt.game(v, "b..ww b") end, "1 black pieces (this board has 2)")
  raises(function() mt.game("standard", "bb.ww b") end, "this variant's board is the wheel")
  local g = mt.game(v)
  raises(function() g:play("tl-x") end, 'no point "x" (the points are tl tr c bl br)')
  raises(function() g:play("tl-tr") end, "point tr is occupied")
  raises(function() g:play("bl-c") end, "holds a white piece and black is to move")
  eq(g:position(), "bb.ww b", "nothing played")
end)

test("names: moves, positions, hooks and remembered moves", function()
  local seen = {}
  local v = mt.variant{base = PONG_HAU_KI, name = "names", history = 1,
    allow = function(p, m, history) -- not into the point the last move left
      seen[#seen + 1] = string.format("%s %s %s %s %s", m.from, m.to, tostring(p[m.from]),
                                      tostring(p.c), history[1] and history[1].from or "-")
      return not (history[1] and history[1].from == m.to)
    end}
  local g = mt.game(v)
  eq(g:moves(), {"tl-c", "tr-c"})
  g:play("tl-c")
  eq(g:moves(), {}, "bl-tl goes where black's piece came from")
  eq({g:result()}, {"black", "blocked"})
  eq(seen[1], "tl c black nil -", "the hook saw names")
  eq(seen[#seen], "bl tl white black tl", "and the remembered move")
  raises(function() mt.game(v, "wbb.w b 2", {"bl-tl", "tl-c"}) end,
         "the game is over")
  local mover = mt.game(PONG_HAU_KI):play("tl-c"):play("bl-tl"):play("c-bl")
  local p = mover:board()
  eq({p.tl, p.tr, p.c, p.bl, p.br, p[1], p.points}, {"white", "black", nil, "black", "white", "white", 5})
  eq(p:at("bl"), "black")
  eq(p:pieces("empty"), {"c"})
  eq(p:pieces("black"), {"tr", "bl"})
  eq(p:neighbours("c"), {"tl", "tr", "bl", "br"})
  eq(p:neighbours("tl"), {"c", "bl"})
  eq(p.arms, nil)
  local m = mt.variant(PONG_HAU_KI):moves(p)[2]
  eq({m.from, m.to, tostring(m)}, {"br", "c", "br-c"})
  raises(function() p:at("zz") end, 'no point named "zz"')
  raises(function() p:transform{rotate = 1} end, "no rotate or mirror")
  eq(tostring(p:transform{swap = true}), "bw.wb b 3")
  local bare = mt.position("bb.ww b")
  eq({bare[1], bare[3], bare.points}, {"black", nil, 5})
  raises(function() bare:at("tl") end, "knows no point names")
  eq(bare:board(), nil)
  eq(v:board().points, {"tl", "tr", "c", "bl", "br"})
  eq(v:board().layout.br, {2, 2})
  eq(#v:board().lines, 7)
  eq(v.points, 5)
  eq(v.arms, nil)
  eq(tostring(v), "variant names (5 points)")
  eq(v:parameters().pieces, {black = 2, white = 2})
end)

test("records of a board of points carry the board and read back", function()
  local v = mt.variant(PONG_HAU_KI)
  local g = mt.game(v):play("tl-c"):play("bl-tl"):play("c-bl")
  local text = g:record()
  check(text:find('[Points "tl tr c bl br"]', 1, true), "the Points tag")
  check(text:find('[Lines "tl-c tl-bl tr-c tr-br c-bl c-br bl-br"]', 1, true), "the Lines tag")
  local h = mt.from_record(text)
  eq({h:position(), h:history(), h:variant().name}, {g:position(), g:history(), "phk"})
  check(mt.same_game(h:variant(), v), "the same game")
  local a = mt.variant(ARROWS)
  local r = mt.game(a):play("d-c"):record()
  check(r:find('[Arrows "c-f e-f f-a"]', 1, true), "the Arrows tag: " .. r)
  eq(mt.from_record(r):position(), "bwb.w. w 1")
  raises(function() mt.from_record(r:gsub("%[Position[^\n]*\n", "")) end, "needs a Position tag")
  raises(function() g:record{Lines = "x"} end, "written from the game itself")
end)

test("records of a board of points carry its layout: the game loads anywhere and draws the same", function()
  local v = mt.variant(PONG_HAU_KI)
  local g = mt.game(v):play("tl-c")
  local text = g:record()
  check(text:find('[Layout "tl:0,0 tr:2,0 c:1,1 bl:0,2 br:2,2"]', 1, true), "the Layout tag: " .. text)
  local h = mt.from_record(text) -- "phk" is on no search path here
  eq(h:variant():board(), v:board(), "the same board, layout and all")
  eq(mt.svg(h), mt.svg(g), "mt.svg draws it as the original")
  eq(mt.diagram(h), mt.diagram(g), "show() draws it as the original")
  -- numbers as written read back exactly
  local odd = {name = "odd", points = {"a", "b", "c"}, lines = {"a-b", "b-c"}, start = "b.w b",
               layout = {a = {0.1, -1 / 3}, b = {1e-7, 123456.789}, c = {2 ^ 0.5, -0.0}}}
  local o = mt.from_record(mt.game(odd):record())
  eq(o:variant():board().layout, mt.variant(odd):board().layout, "every coordinate exactly")
  -- a board without a layout writes none
  check(not mt.game(ARROWS):record():find("Layout", 1, true), "no layout, no Layout tag")
  -- a bad Layout tag is named
  for _, bad in ipairs({"tl:0 tr:2,0", "tl:0,x", ":0,0", "tl0,0", "tl:0,0,0", "tl:,1"}) do
    raises(function() mt.from_record((text:gsub('%[Layout "[^"]*"%]', '[Layout "' .. bad .. '"]'))) end,
           'record: the Layout tag: "' .. bad:match("^%S+") .. '" is not name:x,y', bad)
  end
  for _, more in ipairs({" zz:1,1", " tl:1,1"}) do
    raises(function() mt.from_record((text:gsub('%[Layout "([^"]*)"%]', '[Layout "%1' .. more .. '"]'))) end,
           "record: the Layout tag gives 6 places for the 5 points of the Points tag", more)
  end
  raises(function() mt.from_record((text:gsub('%[Layout "([^"]*)"%]', '[Layout "tl:0,0"]'))) end,
         "record: the Layout tag gives 1 place for the 5 points of the Points tag")
  local elsewhere = '[Layout "tl:0,0 tr:0,0 c:0,0 bl:0,0 zz:1,1"]'
  raises(function() mt.from_record((text:gsub('%[Layout "[^"]*"%]', elsewhere))) end,
         "record: the board of the tags: ")
  raises(function() g:record{Layout = "x"} end, "tag Layout: it is written from the game itself")
  raises(function() mt.from_record('[Layout "a:0,0"]\n*') end,
         "record: the Layout tag describes a board of points: it needs a Points tag")
  raises(function() mt.from_record('[Lines "a-b"]\n*') end,
         "record: the Lines tag describes a board of points: it needs a Points tag")
  -- a variant of that name on the path, with that board: the tags' layout all the same
  local files = dofile(HERE .. "/files.lua")
  local dir = files.folder()
  os.execute("mkdir " .. dir .. "/variants")
  files.write(dir .. "/variants/phk.lua", "return {name = 'phk', points = {'tl', 'tr', 'c', 'bl', 'br'}, " ..
              "lines = {'tl-c', 'tr-c', 'bl-c', 'br-c', 'tl-bl', 'tr-br', 'bl-br'}, start = 'bb.ww b'}")
  local saved = mt.path
  mt.path = {dir}
  local named = mt.from_record(text)
  mt.path = saved
  files.remove_folder(dir)
  eq(named:variant():board().layout, v:board().layout, "the record's layout over the file's none")
end)

test("puzzles of a board of points: generated, checked, written and read", function()
  local v = mt.variant(ARROWS)
  local s = mt.solve(v)
  local found = 0
  for plies = 1, 7, 2 do
    for _, p in ipairs(mt.puzzle.generate{variant = v, goal = "win", plies = plies}) do
      found = found + 1
      p.variant = ARROWS
      local c = mt.puzzle.check(p)
      check(c.ok and c.unique, "checks: " .. tostring(c.error))
      eq(s:lookup(p.position), "win")
      local text = mt.puzzle.text(p)
      check(text:find(p.position, 1, true), "the text holds the position")
    end
  end
  check(found > 0, "some puzzles")
end)

test("show() and pictures of a board of points", function()
  local v = mt.variant(PONG_HAU_KI)
  local g = mt.game(v):play("tl-c")
  local text = mt.diagram(g, false)
  eq(text, table.concat({
    "phk · 5 points · ply 1 · white to move",
    "· tl    ● tr",
    "│ ╲   ╱ │",
    "│   ● c │",
    "│ ╱   ╲ │",
    "○─bl────○ br",
    "lines: tl-c tl-bl tr-c tr-br c-bl c-br bl-br"}, "\n"))
  local auto = mt.diagram(mt.game(ARROWS), false)
  check(auto:find("lines: a-b b-c c-d d-e c>f e>f f>a", 1, true), "every line listed: " .. auto)
  local svg = mt.svg(g)
  local circles = select(2, svg:gsub("<circle", ""))
  eq(circles, 5, "a circle a point")
  eq(select(2, svg:gsub('class="black"', "")), 2)
  eq(select(2, svg:gsub('class="empty"', "")), 1)
  check(svg:find('class="move"', 1, true), "the last move's arrow")
  local arrows = mt.svg(mt.game(ARROWS))
  eq(select(2, arrows:gsub('class="arrow"', "")), 3, "the one-way lines")
  check(mt.svg_game(g):find("<svg", 1, true), "a game's strip")
  local page = mt.html(g)
  check(page:find("The board has 5 points", 1, true), "the rules in words")
end)

test("same_game: relabellings, colour swaps, and games that differ", function()
  local v = mt.variant(PONG_HAU_KI)
  -- the same board with its points declared in another order and renamed
  local renamed = mt.variant{name = "renamed", points = {"m", "x", "y", "z", "w"},
    lines = {"x-m", "y-m", "z-m", "w-m", "x-z", "y-w", "z-w"}, start = ".bbww b"}
  local same, map, swap = mt.same_game(v, renamed)
  eq({same, swap}, {true, false})
  eq(map.c, "m")
  -- the mapping, replayed: random games in one are games in the other
  for seed = 1, 20 do
    local a, b = mt.game(v), mt.game(renamed)
    local x = seed
    while not a:result() and a:ply() < 30 do
      local moves = a:moves()
      x = (x * 69069 + 1) % 4294967296
      local m = moves[x % #moves + 1]
      local from, to = m:match("^(%w+)-(%w+)$")
      local image = map[from] .. "-" .. map[to]
      local theirs = {}
      for _, n in ipairs(b:moves()) do theirs[n] = true end
      check(theirs[image], "the image of " .. m .. " is legal")
      eq(#b:moves(), #moves, "as many moves")
      a:play(m)
      b:play(image)
    end
    eq(b:result(), a:result(), "the same end")
  end
  -- the colours swapped: black of one is white of the other
  local swapped = mt.variant{base = PONG_HAU_KI, name = "swapped", start = "ww.bb w"}
  same, map, swap = mt.same_game(v, swapped)
  eq({same, swap, map.tl}, {true, true, "tl"})
  -- a line moved is another game; so is the other start
  local moved = mt.variant{base = PONG_HAU_KI, name = "moved", points = {"tl", "tr", "c", "bl", "br"},
    lines = {"tl-c", "tr-c", "bl-c", "br-c", "tl-bl", "tr-br", "tl-tr"}, start = "bb.ww b"}
  local ok, why = mt.same_game(v, moved)
  eq(ok, false)
  check(why:find("no relabelling", 1, true), why)
  -- the wheel and the wheel drawn as points
  eq(select(3, mt.same_game("standard", wheel_table(8, {centre = "c", flank = "always"}))), false)
  check(mt.same_game("standard", wheel_table(8, {centre = "c", flank = "always"})), "standard")
  check(mt.same_game("standard", wheel_table(8, {allow = flank_hook})), "the flank rule as a hook")
  ok, why = mt.same_game("standard", wheel_table(8))
  eq(ok, false)
  check(why:find("allows", 1, true), "the rules differ: " .. tostring(why))
  ok, why = mt.same_game("standard", PONG_HAU_KI)
  check(not ok and why:find("9 points", 1, true), why)
end)

-- What the engine answers over UGI to the lines of input (a list), with
-- Pong Hau K'i as "phk" on its search path, and the moves it chose.
local function ugi_session(input)
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir .. "/variants")
  local f = assert(io.open(dir .. "/variants/phk.lua", "w"))
  f:write([[return {name = "phk", points = {"tl", "tr", "c", "bl", "br"},
    lines = {"tl-c", "tr-c", "bl-c", "br-c", "tl-bl", "tr-br", "bl-br"}, start = "bb.ww b"}]])
  f:close()
  f = assert(io.open(dir .. "/in", "w"))
  f:write(table.concat(input, "\n"), "\n")
  f:close()
  local out = io.popen("MUTORERE_PATH=" .. dir .. " " .. PROGRAM .. " --ugi < " .. dir ..
                       "/in"):read("a")
  os.execute("rm -r " .. dir)
  local best = {}
  for m in out:gmatch("bestmove (%S+)") do best[#best + 1] = m end
  return out, best
end

test("a board of points over UGI", function()
  local out, best = ugi_session{"ugi", "setoption name Variant value phk",
    "position startpos moves tl-c", "go depth 4", "position fen b.bww b", "go depth 2",
    "query gameover", "quit"}
  eq(best, {"bl-tl", "c-tr"}, "the only moves")
  check(out:find("response false", 1, true), "the game goes on")
end)

test("solutions of boards of points: each board its own, kept in files", function()
  local a = mt.variant(PONG_HAU_KI)
  local moved = {}
  for k, x in pairs(PONG_HAU_KI) do moved[k] = x end
  moved.name = "moved"
  moved.lines = {"tl-c", "tr-c", "bl-c", "br-c", "tl-bl", "tr-br", "tl-tr"}
  local b = mt.variant(moved)
  local sa, sb = mt.solve(a), mt.solve(b)
  check(sa ~= sb, "two boards, two solutions")
  local differ = 0
  for _, cells in ipairs({"bb.ww", "b.bww", "bwb.w", ".bbww", "wb.bw", "bw.wb", "b.wbw"}) do
    for _, side in ipairs({" b", " w"}) do
      local x, dx = sa:lookup(cells .. side)
      local y, dy = sb:lookup(cells .. side)
      if x ~= y or dx ~= dy then differ = differ + 1 end
    end
  end
  check(differ > 0, "the moved line changes values")
  eq(tostring(sa), "solution of phk (5 points, 60 positions)")
  local path = os.tmpname()
  os.remove(path)
  local arrows = mt.variant(ARROWS)
  local saved = mt.solve(arrows, {file = path})
  local text = io.open(path, "rb"):read("a")
  check(text:find("board=%x+ pieces=2/2 arms=6"), "the board in the header")
  local other = {}
  for k, x in pairs(ARROWS) do other[k] = x end
  other.arrows = {"e-f", "a-f", "c-f"} -- one arrow turned
  raises(function() mt.solve(mt.variant(other), {file = path}) end, "holds another variant")
  mt.solve(arrows, {file = path})
  local c1 = saved:census()
  eq({c1.reachable > 0, io.open(path, "rb"):read("a") == text}, {true, true}, "kept")
  os.remove(path)
end)

test("a board's symmetries fold positions as the wheel's rotations do", function()
  local function count(t) return #mt.variant(t):board().points end
  check(count(PONG_HAU_KI) == 5, "five points")
  local wheel = mt.variant(wheel_table(8, {centre = "c", flank = "always"}))
  -- the published analysis: 46 boards (26 with the colour swap)
  eq(select(2, mt.dot(wheel)), select(2, mt.dot("standard")))
  eq(select(2, mt.dot(wheel)), 46)
  eq(select(2, mt.dot(wheel, {swap = true})), 26)
  -- Pong Hau K'i has one mirror: 30 boards of 2+2 pieces fold to 16 ...
  local phk = mt.variant(PONG_HAU_KI)
  eq(select(2, mt.dot(phk)), 16)
  -- ... checked by hand: mirror images are one node, every image of a node
  -- a board the walk meets
  local text = mt.dot(phk)
  local nodes = {}
  for label in text:gmatch('n%d+ %[label="([^"]+)"') do nodes[label] = true end
  local function mirror(s) -- tl tr c bl br -> tr tl c br bl
    return s:sub(2, 2) .. s:sub(1, 1) .. s:sub(3, 3) .. s:sub(5, 5) .. s:sub(4, 4)
  end
  for label in pairs(nodes) do
    check(label <= mirror(label), "the least of a board and its mirror: " .. label)
  end
  -- a board with no symmetry but the identity folds nothing
  local bare = {name = "bare", points = {"a", "b", "c", "d", "e", "f", "g"},
                lines = {"a-b", "b-c", "c-d", "d-g", "b-e", "e-f"}, start = "b.w.... b"}
  local v = mt.variant(bare)
  eq(#mt.variant(bare):board().points, 7)
  local g = mt.game(v)
  local seen = {}
  local function walk(game, depth)
    seen[game:position():gsub(" %d+$", ""):sub(1, -3)] = true
    if depth == 0 or game:result() then return end
    for _, m in ipairs(game:moves()) do walk(game:copy():play(m), depth - 1) end
  end
  walk(g, 12)
  local boards = 0
  for _ in pairs(seen) do boards = boards + 1 end
  eq(select(2, mt.dot(v)), boards, "one node a board")
end)

test("a 3x3 grid with its diagonals is Mū Tōrere's board", function()
  local nine = mt.variant("nine-points")
  eq(nine:board().layout.b2, {1, 1})
  local row = {base = "nine-points", start = "bbbw.bwww b"}
  local same, map, swap = mt.same_game(row, "no-restriction")
  eq({same, swap, map.b2, map.a1, map.c3}, {true, false, "c", "1", "5"})
  row.centre, row.flank = "b2", "always"
  check(mt.same_game(row, "standard"), "with the flank rule on the middle point, standard")
  eq(mt.variant(row):board().layout.c3, {2, 2}, "a new centre keeps the layout")
  eq(mt.variant(row):board().centre, "b2")
  local ok = mt.same_game({base = "nine-points", start = "bbbw.bwww b"}, "standard")
  eq(ok, false, "without the flank rule it is not standard")
  raises(function() mt.variant{base = "nine-points", centre = "zz"} end, 'centre names "zz"')
  raises(function() mt.variant{base = "standard", centre = "c"} end, "centre without points")
  local c = mt.solve(nine):census()
  eq({c.reachable, c.wins, c.losses, c.draws}, {1180, 320, 160, 700})
end)
test("a record of a board of one's own saved with its file on the path loads where the file is not", function()
  -- (issue 33) the save left out the rules and the start when the board's
  -- file was on the search path, and the record then loaded nowhere else
  local files = dofile(HERE .. "/files.lua")
  local dir = files.folder()
  os.execute("mkdir " .. dir .. "/variants")
  files.write(dir .. "/variants/pentagon.lua", "return {points = {'a', 'b', 'c', 'd', 'e'}, " ..
              "lines = {'a-b', 'b-c', 'c-d', 'd-e', 'e-a', 'a-c'}, start = 'bw.w. b', misere = true, " ..
              "adjacent_enemy = true, repetition = 2, max_plies = 9, " ..
              "layout = {a = {0, 0}, b = {100, 0}, c = {50, 50}, d = {0, 100}, e = {1e6, 0.5}}}")
  local saved = mt.path
  mt.path = {dir}
  local v = mt.variant("pentagon")
  local g = mt.game(v):play("a-e"):play("d-c")
  g:save(dir .. "/game.mtr")
  mt.path = {}
  local ok, h = pcall(mt.load, dir .. "/game.mtr")
  mt.path = saved
  local text = files.read(dir .. "/game.mtr")
  files.remove_folder(dir)
  if not check(ok, "loads without the board's file: " .. tostring(h)) then return end
  eq({h:position(), h:history(), h:start()}, {g:position(), g:history(), g:start()})
  local p, q = v:parameters(), h:variant():parameters()
  eq({q.misere, q.adjacent_enemy, q.repetition, q.max_plies, q.flank},
     {p.misere, p.adjacent_enemy, p.repetition, p.max_plies, p.flank}, "every rule")
  check(mt.same_game(h:variant(), v), "the same game")
  eq(h:variant():board().layout, v:board().layout, "the same layout")
  -- whole numbers of a layout in plain digits (was 1e+02)
  check(text:find('[Layout "a:0,0 b:100,0 c:50,50 d:0,100 e:1000000,0.5"]', 1, true), text)
end)

test("mt.compare says which variants are the same game", function()
  local c = mt.compare{"standard", "no-restriction", wheel_table(8, {centre = "c", flank = "always"}),
                       random = false}
  eq(#c.same, 1)
  eq({c.same[1].a, c.same[1].b, c.same[1].swap}, {"standard", "wheel8", false})
  eq(c.same[1].map.c, "c")
  check(tostring(c):find("standard and wheel8 are the same game (points relabelled)", 1, true),
        tostring(c))
  local d = mt.compare{PONG_HAU_KI, {base = PONG_HAU_KI, name = "swapped", start = "ww.bb w"},
                       random = false}
  check(tostring(d):find("colours swapped", 1, true), tostring(d))
end)

test("a record of a board of points keeps its rules when its name is a wheel variant's", function()
  -- named like the built-in misere, but on a board of its own: the
  -- reader cannot take the rules from the name, so every rule is written
  local v = mt.variant{name = "misere", points = {"a", "b", "c", "d", "e"},
    lines = {"a-b", "b-c", "c-d", "d-e", "e-a", "a-c"}, start = "bw.w. b",
    misere = true, adjacent_enemy = true, repetition = 2, max_plies = 7}
  local g = mt.game(v):play("a-e"):play("d-c")
  local h = mt.from_record(g:record())
  local p, q = v:parameters(), h:variant():parameters()
  eq({q.misere, q.adjacent_enemy, q.repetition, q.max_plies, q.flank},
     {p.misere, p.adjacent_enemy, p.repetition, p.max_plies, p.flank})
  check(mt.same_game(h:variant(), v), "the same game")
  local won = mt.game(v)
  while not won:result() do won:play(won:moves()[1]) end
  eq({mt.from_record(won:record()):result()}, {won:result()})
end)

test("a record of a wheel named like a board of points reads back as the wheel", function()
  -- (found by fuzz_variant) named like nine-points, a board of points,
  -- but on the wheel: the reader took the board of the name
  for _, t in ipairs({{name = "nine-points", flank = 0}, {name = "pong-hau-ki", arms = 10}}) do
    local v = mt.variant(t)
    local g = mt.game(v):play(v:moves(v.start)[1])
    local h = mt.from_record(g:record())
    eq({h:variant().arms, h:variant().points, h:position(), h:start()},
       {v.arms, nil, g:position(), g:start()}, t.name .. ": the wheel read back")
    check(mt.same_game(h:variant(), v), t.name .. ": the same game")
  end
end)

-- A star: a hub joined to n - 1 points, black on the hub, white on the
-- last two points; extra fields added.
local function star_table(n, extra)
  local t = {name = "star" .. n, points = {"hub"}, lines = {},
             start = "b" .. string.rep(".", n - 3) .. "ww b"}
  for i = 1, n - 1 do
    t.points[#t.points + 1] = "s" .. i
    t.lines[#t.lines + 1] = "hub-s" .. i
  end
  for k, x in pairs(extra or {}) do t[k] = x end
  return t
end

test("mt.same_game on a board with many symmetries checks one mapping of rules that cannot tell them apart", function()
  -- 13! mappings carry the star of 16 and its start onto itself; without
  -- hooks the rules cannot tell them apart, so one failed mapping says no
  local plain, misere = star_table(16), star_table(16, {misere = true})
  local hooked = star_table(16, {allow = function() return true end})
  local budget = {instructions = 2000000}
  for _, pair in ipairs({{plain, misere}, {hooked, misere}, {misere, hooked}}) do
    local ok, same, why = mt.limit(budget, mt.same_game, pair[1], pair[2])
    eq({ok, same}, {true, false}, "settled within the budget: " .. tostring(same))
    check(tostring(why):find("ends"), tostring(why))
  end
  local ok, same, map = mt.limit(budget, mt.same_game, hooked, plain)
  eq({ok, same, map and map.hub}, {true, true, "hub"})
  -- hooks that tell the points apart: every mapping may need trying
  local a = star_table(7, {allow = function(_, m) return m.to ~= "s1" end})
  local b = star_table(7, {allow = function(_, m) return m.to ~= "s3" end})
  local yes, found = mt.same_game(a, b)
  eq({yes, found.s1, found.s5, found.s6}, {true, "s3", "s5", "s6"})
  eq((mt.same_game(star_table(7), b)), false)
  -- the flank rule singles out its centre: mappings that send it apart
  -- are tried each
  local wheel = mt.variant(wheel_table(8, {centre = "c", flank = "always"}))
  eq((mt.same_game(wheel, "standard")), true)
  eq((mt.same_game(wheel, "no-restriction")), false)
  local function ring(centre) -- the mirror through p1 and p4 keeps the start
    local t = {name = "ring6" .. centre, points = {}, lines = {}, start = "b..w.. b",
               centre = centre, flank = "always"}
    for i = 1, 6 do t.points[i], t.lines[i] = "p" .. i, "p" .. i .. "-p" .. (i % 6 + 1) end
    return t
  end
  local mirrored, mirror = mt.same_game(ring("p2"), ring("p6"))
  eq({mirrored, mirror.p2, mirror.p3}, {true, "p6", "p5"})
  eq((mt.same_game(ring("p2"), ring("p3"))), false)
end)

test("a ring's positions fold by its rotations and reflections, as a naive fold does", function()
  local n = 12
  local t = {name = "ring12", points = {}, lines = {}, start = "bbw.w..b.... b"}
  for i = 1, n do
    t.points[i] = "r" .. i
    t.lines[i] = "r" .. i .. "-r" .. (i % n + 1)
  end
  local v = mt.variant(t)
  local seen, folded = {}, {}
  local function least(board) -- over the 2n rotations and reflections
    local best
    for _, text in ipairs({board, board:reverse()}) do
      for r = 0, n - 1 do
        local image = text:sub(r + 1) .. text:sub(1, r)
        if not best or image < best then best = image end
      end
    end
    return best
  end
  local function walk(p)
    local state = tostring(p):gsub(" %d+$", "")
    if seen[state] then return end
    seen[state] = true
    folded[least(state:sub(1, n))] = true
    for _, m in ipairs(v:moves(p)) do walk((v:play(p, m))) end
  end
  walk(v.start)
  local count = 0
  for _ in pairs(folded) do count = count + 1 end
  local text, nodes = mt.dot(v)
  eq(nodes, count)
  for label in text:gmatch('n%d+ %[label="([^"]+)"') do
    check(folded[label], "a node is the least image of its board: " .. label)
  end
end)

test("UGI: the Arms option belongs to the wheel and does not stop a board of points", function()
  -- a runner that sends every option, the arms among them, in any order
  local out, best = ugi_session{"ugi", "setoption name Arms value 8",
    "setoption name Variant value phk", "ugi", "position startpos moves tl-c", "go depth 4",
    "setoption name Arms value 10", "position startpos moves tl-c bl-tl", "go depth 2",
    "setoption name Variant value standard", "position startpos", "go depth 1", "quit"}
  eq(best, {"bl-tl", "c-bl", "1-c"}, "phk's moves, then the wheel of 10 arms: " .. out)
  check(not out:find("error", 1, true), out)
  check(not out:find("default nil", 1, true), "every option has a default: " .. out)
end)

test("show() on a board of points loses no piece: long names, points close together", function()
  -- every point's piece and name appear once, and nothing else but lines
  local function shows_all(t)
    local v = mt.variant(t)
    local text = mt.diagram(v.start, false)
    local body = text:match("^(.-)\nlines: ") or text
    local pieces = select(2, body:gsub("●", "")) + select(2, body:gsub("○", "")) +
                   select(2, body:gsub("·", ""))
    eq(pieces, #t.points, "one piece or empty point a point: " .. text)
    for _, name in ipairs(t.points) do
      check(body:find("[●○·] " .. name .. "%f[^%w_]") or body:find("[●○·]─" .. name .. "%f[^%w_]"),
            name .. " beside its point: " .. text)
    end
    return body
  end
  -- a long name does not run over the next point of its row
  local body = shows_all{name = "long", points = {"abcdefghijk", "b", "c"},
                         lines = {"abcdefghijk-b", "b-c"}, start = "bw. b",
                         layout = {abcdefghijk = {0, 0}, b = {1, 0}, c = {2, 0}}}
  eq(body, "●─abcdefghijk─○─b───────────· c")
  -- two points the grid cannot tell apart: the points are listed
  body = shows_all{name = "close", points = {"a", "b", "c", "d"}, lines = {"a-b", "b-c", "c-d"},
                   start = "bw.. b", layout = {a = {0, 0}, b = {0.5, 0}, c = {30, 0}, d = {30, 30}}}
  eq(body, "● a  ○ b  · c  · d")
  -- a ring of 12 named r1 .. r12 drawn on a circle, and the shipped boards
  local ring = {name = "ring12", points = {}, lines = {}, start = "bw.......... b"}
  for i = 1, 12 do ring.points[i], ring.lines[i] = "r" .. i, "r" .. i .. "-r" .. (i % 12 + 1) end
  shows_all(ring)
end)

test("puzzles of a board no name gives carry the board and check anywhere", function()
  local t = {name = "drawn", points = {"a", "b", "c", "d", "e", "f"},
    lines = {"a-b", "b-c", "c-d", "d-e"}, arrows = {"e-f", "f-a", "c-f"}, start = "bw.bw. b",
    layout = {a = {0, 0}, b = {1, 0}, c = {2, 0.5}, d = {2, 1.5}, e = {1, 2}, f = {0.25, 1}},
    misere = false, repetition = 2}
  local found = 0
  for plies = 1, 7, 2 do
    for _, puzzle in ipairs(mt.puzzle.generate{variant = t, goal = "win", plies = plies}) do
      found = found + 1
      eq(type(puzzle.variant), "table", "the board in full")
      for _, p in ipairs({puzzle, mt.puzzle.from_text(mt.puzzle.text(puzzle))}) do
        local r = mt.puzzle.check(p)
        check(r.ok, "checks: " .. table.concat(r.problems, "; "))
        eq(mt.variant(p.variant), mt.variant(t), "the same rules, board and start")
        eq(mt.variant(p.variant):board(), mt.variant(t):board(), "the same board, layout and all")
      end
    end
  end
  check(found > 0, "some puzzles")
  -- a wheel of 10 arms under a name nothing gives: its rules in full
  local ten = mt.puzzle.generate{variant = {name = "ten", arms = 10, misere = true}, goal = "draw"}[1]
  eq(mt.variant(mt.puzzle.from_text(mt.puzzle.text(ten)).variant), mt.variant{arms = 10, misere = true})
  check(mt.puzzle.check(ten).ok, "the wheel's puzzle checks")
  -- a variant found by its name keeps the name
  eq(mt.puzzle.generate{variant = "standard", goal = "win", plies = 3}[1].variant, "standard")
end)

test("pictures of a position of a board of points made from text: a clear error", function()
  for _, f in ipairs({mt.svg, mt.diagram}) do
    raises(function() f("bb.ww b") end, "made from text knows no board to draw")
    raises(function() f(mt.position("bb.ww b")) end, "made from text knows no board to draw")
  end
  check(mt.svg(mt.variant(PONG_HAU_KI).start):find("data-point", 1, true), "a Position of its variant")
end)

-- The boards (pieces, side left out) that play reaches from a board
-- table's start, folded by every relabelling of its points that keeps
-- each line, each arrow and its way, and the centre, found by trying the
-- permutations: how many there are.
local function naive_boards(t)
  local n, index = #t.points, {}
  for i, name in ipairs(t.points) do index[name] = i end
  local arc = {}
  for i = 1, n do arc[i] = {} end
  local function pair(l)
    if type(l) == "string" then return l:match("^(.-)%-(.*)$") end
    return l[1], l[2]
  end
  for _, l in ipairs(t.lines or {}) do
    local a, b = pair(l)
    arc[index[a]][index[b]], arc[index[b]][index[a]] = true, true
  end
  for _, l in ipairs(t.arrows or {}) do
    local a, b = pair(l)
    arc[index[a]][index[b]] = true
  end
  local centre = t.centre and index[t.centre]
  local maps, map, used = {}, {}, {}
  local function extend(k)
    if k > n then
      local copy = {}
      for i = 1, n do copy[i] = map[i] end
      maps[#maps + 1] = copy
      return
    end
    for j = 1, n do
      local fits = not used[j] and (k == centre) == (j == centre)
      for i = 1, k - 1 do
        fits = fits and not arc[i][k] == not arc[map[i]][j] and not arc[k][i] == not arc[j][map[i]]
      end
      if fits then
        map[k], used[j] = j, true
        extend(k + 1)
        used[j] = nil
      end
    end
  end
  extend(1)
  local seen, folded, count = {}, {}, 0
  local v = mt.variant(t)
  local function walk(g)
    local text = g:position():gsub(" %d+$", "")
    if seen[text] then return end
    seen[text] = true
    local cells = text:sub(1, n)
    local least
    for _, m in ipairs(maps) do
      local image = {}
      for i = 1, n do image[m[i]] = cells:sub(i, i) end
      local s = table.concat(image)
      if not least or s < least then least = s end
    end
    if not folded[least] then folded[least], count = true, count + 1 end
    if g:result() then return end
    for _, m in ipairs(g:moves()) do walk(g:copy():play(m)) end
  end
  walk(mt.game(v))
  return count
end

test("boards up to symmetry: as many as a fold by every relabelling that keeps the board", function()
  local boards = {
    PONG_HAU_KI, ARROWS,
    -- one-way lines whose reverse no relabelling may take for them
    {name = "one-way", points = {"p1", "p2", "p3", "p4"}, lines = {"p2-p4", "p3-p4"},
     arrows = {"p2-p1", "p3-p2"}, start = "w.wb w"},
    -- a centre no relabelling may move, though the lines alone would
    {name = "path", points = {"a", "b", "c", "d", "e"}, lines = {"a-b", "b-c", "c-d", "d-e"},
     centre = "a", start = ".bw.b w"},
    {name = "ring", points = {"c", "a", "b", "d", "e"},
     lines = {"a-b", "b-d", "d-e", "e-a", "c-a", "c-b", "c-d", "c-e"}, centre = "b", start = "bw.b. b"},
    -- the same points and lines as the last but one, arrows apart: each
    -- board its own symmetries, whatever was folded before
    {name = "square", points = {"a", "b", "c", "d"}, lines = {"a-b", "b-c", "c-d", "d-a"},
     start = "bw.. b"},
    {name = "square", points = {"a", "b", "c", "d"}, lines = {"a-b", "b-c", "c-d", "d-a"},
     arrows = {"a-c"}, start = "bw.. b"},
    {name = "square", points = {"a", "b", "c", "d"}, lines = {"a-b", "b-c", "c-d", "d-a"},
     start = "bw.. b"},
  }
  for i, t in ipairs(boards) do
    eq(select(2, mt.dot(mt.variant(t))), naive_boards(t), i .. " " .. t.name)
  end
end)

test("a board's centre is named, the first point too; names tell boards apart", function()
  local first = {name = "star", points = {"c", "a", "b", "d"}, lines = {"c-a", "c-b", "c-d"},
                 centre = "c", start = ".bw. b"}
  eq(mt.variant(first):board().centre, "c")
  eq(mt.variant{base = first, name = "star2"}:board().centre, "c", "a variant based on it too")
  -- the same board but for one point's name: another variant
  local renamed = {name = "star", points = {"c", "a", "b", "e"}, lines = {"c-a", "c-b", "c-e"},
                   centre = "c", start = ".bw. b"}
  check(mt.variant(first) == mt.variant(first), "the same board, the same variant")
  check(mt.variant(first) ~= mt.variant(renamed), "renamed points, another variant")
  check(mt.variant(PONG_HAU_KI) ~= mt.variant{name = "phk", points = {"nw", "tr", "c", "bl", "br"},
    lines = {{"nw", "c"}, {"tr", "c"}, "bl-c", "br-c", "nw-bl", "tr-br", "bl-br"}, start = "bb.ww b"},
    "Pong Hau K'i with its top left point renamed")
end)

test("the symmetries of boards met are not kept for ever", function()
  -- rings of 40 points, each under names of its own, folded by mt.dot: the
  -- symmetries of every one (80 maps of 40 points, some 200 KB) were kept.
  -- The game of each ends at once (a result hook the symmetries keep), so
  -- that the cost is the board's symmetries, not its 3,120 states.
  local function ring(k, ends)
    local t = {name = "ring", points = {}, lines = {}, start = "bw" .. string.rep(".", 38) .. " b"}
    for i = 1, 40 do
      t.points[i] = "q" .. k .. "_" .. i
      t.lines[i] = "q" .. k .. "_" .. i .. "-q" .. k .. "_" .. (i % 40 + 1)
    end
    if ends then t.symmetric, t.result = true, function() return "draw" end end
    return t
  end
  eq(select(2, mt.dot(ring(0))), 20, "a ring's positions up to symmetry")
  collectgarbage()
  local before = collectgarbage("count")
  -- 14 boards: kept for ever, they hold 2.8 MB; the cache's (at most the
  -- last 8) about 1.2 MB
  for k = 1, 14 do eq(select(2, mt.dot(ring(k, true))), 1, "ring " .. k .. ": its start") end
  collectgarbage()
  collectgarbage()
  local grown = (collectgarbage("count") - before) / 1024
  check(grown < 2, string.format("%.1f MB kept after 14 boards", grown))
end)

test("a board whose positions have exactly 64 moves is taken, and its 64 moves played", function()
  -- the complete graph of 16 points, 8 black pieces and 8 empty points:
  -- each piece goes to each empty point (the degrees alone gave 120)
  local t = {name = "k16", points = {}, lines = {}, start = "bbbbbbbb........ b"}
  for i = 1, 16 do
    t.points[i] = "k" .. i
    for j = 1, i - 1 do t.lines[#t.lines + 1] = "k" .. j .. "-k" .. i end
  end
  local v = mt.variant(t)
  eq({#mt.game(v):moves(), mt.perft(v, 1)}, {64, 64})
  local hooked = mt.variant{base = t, name = "k16h", allow = function(_, m) return m.to ~= "k16" end}
  eq(#mt.game(hooked):moves(), 56)
  eq({mt.solve(v):lookup(v.start)}, {"win", 1})
  t.start = "bbbbbbbbb....... b" -- 9 pieces, 7 empty: 63
  eq(mt.perft(mt.variant(t), 1), 63)
  t.points[17], t.start = "k17", "bbbbbbbb......... b" -- 8 x 9
  for j = 1, 16 do t.lines[#t.lines + 1] = "k" .. j .. "-k17" end
  raises(function() mt.variant(t) end, "may have up to 72 moves (at most 64 are allowed)")
end)

test("the rules in words of a board where a side has no piece", function()
  local page = mt.html(mt.game{name = "alone", points = {"a", "b", "c"}, lines = {"a-b", "b-c"},
                               start = ".w. b"})
  check(page:find("Black has no piece, white 1 (on b); black moves first.", 1, true), page)
  page = mt.html(mt.game(PONG_HAU_KI))
  check(page:find("Black has 2 pieces (on tl, tr), white 2 (on bl, br); black moves first.", 1, true),
        "two a side")
end)

test("a start without its side is refused with the form a board of points takes", function()
  local t = {name = "noside", points = {"a", "b"}, lines = {"a-b"}, start = "b."}
  raises(function() mt.variant(t) end, "the side to move is missing: after the 2 points, a space and b or w")
  t.start = "b . b"
  raises(function() mt.variant(t) end, "on a board of points bb.ww b")
end)

test("mt.compare's arms size the wheels and leave a board of points alone", function()
  local c = mt.compare{"standard", PONG_HAU_KI, arms = 10, random = false}
  eq(c.metrics[1].arms, 10)
  eq(c.metrics[2].size, "5 points")
end)

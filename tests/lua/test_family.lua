-- test_family.lua — the blocking games of Mu Torere's family shipped in
-- scripts/variants: each game's perft, solved start and census, checked
-- against a naive implementation written here (moves by brute force over
-- the lines the script declares, the rules restated from the scripts'
-- comments, a plain retrograde solve of the reachable states); the rules
-- in words against the scripts; and the relabellings under which games are
-- the same.

local mt = require "mutorere"

local DIR = HERE .. "/../../scripts/variants/"

-- --- the rules as the scripts' comments state them, over a position text ---

-- Every move along a line is legal.
local function free() return true end

-- While the side to move has a piece in hand it places the first one
-- (hand points listed in order).
local function placing(hands)
  return function(at, side, from)
    for _, point in ipairs(hands[side]) do
      if at(point) == side then return from == point end
    end
    return true
  end
end

-- Ho-Bag Gonu's home rows: a piece never goes back into its own home once
-- out of it, and never leaves the enemy's.
local HOMES = {b = {bl = true, bm = true, br = true}, w = {tl = true, tm = true, tr = true}}
local function homes(_, side, from, to)
  local own, enemy = HOMES[side], HOMES[side == "b" and "w" or "b"]
  if enemy[from] then return enemy[to] ~= nil end
  return own[from] ~= nil or own[to] == nil
end

local HANDS = {b = {"bh1", "bh2"}, w = {"wh1", "wh2"}}

-- Each game: its rule as restated above, perft 1..6 from its start, the
-- solved value and distance of the start, and the census of the states
-- reachable from it {reachable, wins, losses, draws}.
local FAMILY = {
  {name = "pong-hau-ki", rule = free, perft = {2, 2, 2, 4, 6, 10},
   value = {"draw"}, census = {56, 8, 4, 44}},
  {name = "oumoul-kono", rule = free, perft = {2, 2, 2, 4, 6, 10},
   value = {"draw"}, census = {56, 8, 4, 44}},
  {name = "oumoul-kono-white-first", rule = free, perft = {2, 2, 2, 4, 6, 10},
   value = {"draw"}, census = {56, 8, 4, 44}},
  {name = "co-chan-cho", rule = free, perft = {2, 2, 2, 4, 6, 10},
   value = {"draw"}, census = {56, 8, 4, 44}},
  {name = "madelinette", rule = free, perft = {3, 5, 9, 18, 22, 33},
   value = {"draw"}, census = {256, 72, 48, 136}},
  {name = "tugul-shodra", rule = free, perft = {2, 2, 6, 24, 50, 101},
   value = {"win", 9}, census = {1640, 828, 702, 110}},
  {name = "do-guti", rule = placing(HANDS), perft = {5, 20, 60, 120, 168, 224},
   value = {"draw"}, census = {114, 12, 4, 98}},
  {name = "dorvon-cag", rule = placing(HANDS), perft = {5, 20, 60, 120, 144, 144},
   value = {"loss", 6}, census = {113, 62, 51, 0}},
  {name = "ho-bag-gonu", rule = homes, perft = {1, 1, 5, 22, 88, 344},
   value = {"draw"}, census = {16074, 788, 628, 14658}},
}

-- The definition table of a shipped script, its base's fields beneath its
-- own.
local function definition(name)
  local def = dofile(DIR .. name .. ".lua")
  if not def.base then return def end
  local merged = definition(def.base)
  for k, x in pairs(def) do merged[k] = x end
  return merged
end

-- --- a naive implementation over position texts ("bb.ww b") ---

-- The board of a definition: {names, index, out}, out[name] listing where a
-- piece on name may go (lines both ways, arrows one way).
local function read_board(def)
  local board = {names = {}, index = {}, out = {}}
  for i, name in ipairs(def.points) do
    board.names[i], board.index[name], board.out[name] = name, i, {}
  end
  local function join(pair, both)
    local a, b = pair[1], pair[2]
    if type(pair) == "string" then a, b = pair:match("^([%w_]+)%-([%w_]+)$") end
    table.insert(board.out[a], b)
    if both then table.insert(board.out[b], a) end
  end
  for _, pair in ipairs(def.lines or {}) do join(pair, true) end
  for _, pair in ipairs(def.arrows or {}) do join(pair, false) end
  return board
end

-- The legal moves of a state as {text, next state} pairs, by trying every
-- line from every piece of the side to move.
local function successors(board, rule, state)
  local n = #board.names
  local side = state:sub(n + 2, n + 2)
  local other = side == "b" and "w" or "b"
  local function at(name)
    local i = board.index[name]
    return state:sub(i, i)
  end
  local list = {}
  for i, from in ipairs(board.names) do
    if state:sub(i, i) == side then
      for _, to in ipairs(board.out[from]) do
        local j = board.index[to]
        if state:sub(j, j) == "." and rule(at, side, from, to) then
          local cells = {}
          for k = 1, n do cells[k] = state:sub(k, k) end
          cells[i], cells[j] = ".", side
          list[#list + 1] = {from .. "-" .. to, table.concat(cells) .. " " .. other}
        end
      end
    end
  end
  return list
end

local function naive_perft(board, rule, state, depth)
  if depth == 0 then return 1 end
  local sum = 0
  for _, s in ipairs(successors(board, rule, state)) do
    sum = sum + naive_perft(board, rule, s[2], depth - 1)
  end
  return sum
end

-- The states reachable from start, in the order met, and their moves.
local function reachable(board, rule, start)
  local list, moves = {start}, {[start] = successors(board, rule, start)}
  local i = 1
  while list[i] do
    for _, s in ipairs(moves[list[i]]) do
      if not moves[s[2]] then
        moves[s[2]] = successors(board, rule, s[2])
        list[#list + 1] = s[2]
      end
    end
    i = i + 1
  end
  return list, moves
end

-- A plain retrograde solve of the reachable states: {value, distance} of
-- each, layer by layer (a win at k has a move to a loss at k-1; a loss at k
-- has only moves to wins, the longest at k-1) until a layer is empty; the
-- rest are draws.
local function retrograde(list, moves)
  local solved = {}
  for k = 0, #list do
    local found, any = {}, false
    for _, state in ipairs(list) do
      if not solved[state] then
        local win, all_won = false, true
        for _, s in ipairs(moves[state]) do
          local child = solved[s[2]]
          if child and child[1] == "loss" and child[2] == k - 1 then win = true end
          if not (child and child[1] == "win") then all_won = false end
        end
        if win then found[state] = {"win", k}
        elseif all_won then found[state] = {"loss", k} end
      end
    end
    for state, value in pairs(found) do solved[state], any = value, true end
    if not any then break end
  end
  for _, state in ipairs(list) do solved[state] = solved[state] or {"draw"} end
  return solved
end

-- The census counts of a solve: {reachable, wins, losses, draws}.
local function counts(list, solved)
  local c = {#list, 0, 0, 0}
  local slot = {win = 2, loss = 3, draw = 4}
  for _, state in ipairs(list) do
    local k = slot[solved[state][1]]
    c[k] = c[k] + 1
  end
  return c
end

-- Loaded once: the variant, its board, its start text, its solution, the
-- naive reachable states, their moves and values.
local games = {}
local function game(name)
  if games[name] then return games[name] end
  local entry
  for _, e in ipairs(FAMILY) do if e.name == name then entry = e end end
  local def = definition(name)
  local g = {entry = entry, def = def, v = mt.variant(DIR .. name .. ".lua"), board = read_board(def)}
  g.start = def.start
  g.list, g.moves = reachable(g.board, entry.rule, g.start)
  g.solved = retrograde(g.list, g.moves)
  g.solution = mt.solve(g.v)
  games[name] = g
  return g
end

-- --- each game against its figures and the naive implementation ---

test("each shipped game loads from its script, with its facts", function()
  for _, e in ipairs(FAMILY) do
    local v = mt.variant(DIR .. e.name .. ".lua")
    eq(v.name, e.name, e.name .. " name")
    check(type(v.description) == "string" and #v.description > 0, e.name .. " description")
    check(type(v.source) == "string" and v.source:find("Ludii", 1, true), e.name .. " source")
    eq(tostring(v.start), definition(e.name).start, e.name .. " start")
    eq(v.points, #definition(e.name).points, e.name .. " points")
    eq(mt.variant(e.name).path:match("[^/]+$"), e.name .. ".lua", e.name .. " found on the path by name")
  end
end)

test("perft 1..6 of each game: the figures, the engine and the naive count agree", function()
  for _, e in ipairs(FAMILY) do
    local g = game(e.name)
    for d = 1, 6 do
      eq(mt.perft(g.v, d), e.perft[d], e.name .. " perft " .. d)
      eq(naive_perft(g.board, e.rule, g.start, d), e.perft[d], e.name .. " naive perft " .. d)
    end
  end
end)

-- Checks that engine(state) and naive(state), two texts, agree on every
-- state of list: counts the states where they differ, showing the first.
local function agree(list, engine, naive, what)
  local bad = 0
  for _, state in ipairs(list) do
    local got, want = engine(state), naive(state)
    if got ~= want then
      bad = bad + 1
      if bad == 1 then eq(got, want, what .. " at " .. state) end
    end
  end
  eq(bad, 0, what .. ": the states where they differ")
end

-- The value and distance a solution gives a state, as text ("win 3").
local function value(solution, state) return table.concat({solution:lookup(state)}, " ") end

test("each reachable state: the engine's moves are the naive ones", function()
  for _, e in ipairs(FAMILY) do
    local g = game(e.name)
    local function sorted(list, text)
      local texts = {}
      for i, x in ipairs(list) do texts[i] = text(x) end
      table.sort(texts)
      return table.concat(texts, " ")
    end
    agree(g.list, function(state) return sorted(g.v:moves(state), tostring) end,
          function(state) return sorted(g.moves[state], function(s) return s[1] end) end,
          e.name .. " moves")
  end
end)

test("the solved start and the census: the figures, the solver and the naive solve agree", function()
  for _, e in ipairs(FAMILY) do
    local g = game(e.name)
    eq({g.solution:lookup(g.v.start)}, e.value, e.name .. " start, solver")
    eq(g.solved[g.start], e.value, e.name .. " start, naive")
    local c = g.solution:census()
    eq({c.reachable, c.wins, c.losses, c.draws}, e.census, e.name .. " census, solver")
    eq(counts(g.list, g.solved), e.census, e.name .. " census, naive")
  end
end)

test("every reachable state: the solver's value and distance are the naive ones", function()
  for _, e in ipairs(FAMILY) do
    local g = game(e.name)
    agree(g.list, function(state) return value(g.solution, state) end,
          function(state) return table.concat(g.solved[state], " ") end, e.name .. " values")
  end
end)

-- --- the rules in words against the scripts ---

-- The points of a colour in a position, as a sorted list.
local function holds(p, colour)
  local list = p:pieces(colour)
  table.sort(list)
  return list
end

-- True when a and b are joined by a line (either way) on the board of p.
local function joined(p, a, b)
  for _, n in ipairs(p:neighbours(a)) do if n == b then return true end end
  return false
end

test("the five-point games: one side missing or barred, who holds its ends, who starts", function()
  -- {game, the barred pair, Black's corners, White's corners, first}
  local facts = {
    {"pong-hau-ki", {"tl", "tr"}, {"tl", "tr"}, {"bl", "br"}, "black"},
    {"oumoul-kono", {"tl", "tr"}, {"bl", "br"}, {"tl", "tr"}, "black"},
    {"oumoul-kono-white-first", {"tl", "tr"}, {"bl", "br"}, {"tl", "tr"}, "white"},
    {"co-chan-cho", {"bl", "br"}, {"tl", "tr"}, {"bl", "br"}, "black"},
  }
  for _, f in ipairs(facts) do
    local p = game(f[1]).v.start
    local corners = {"tl", "tr", "br", "bl"}
    local sides = 0
    for i, a in ipairs(corners) do
      local b = corners[i % 4 + 1]
      if joined(p, a, b) then sides = sides + 1 end
    end
    eq(sides, 3, f[1] .. ": three sides of the square")
    check(not joined(p, f[2][1], f[2][2]), f[1] .. ": the barred side")
    for _, corner in ipairs(corners) do check(joined(p, corner, "c"), f[1] .. ": diagonal to " .. corner) end
    eq(holds(p, "black"), f[3], f[1] .. ": Black's corners")
    eq(holds(p, "white"), f[4], f[1] .. ": White's corners")
    eq(holds(p, "empty"), {"c"}, f[1] .. ": the centre empty")
    eq(p.side, f[5], f[1] .. ": who moves first")
  end
end)

test("Madelinette: a centre and an open path of six, the pieces alternating along it", function()
  local p = game("madelinette").v.start
  local path = {"a3", "a2", "a1", "c1", "c2", "c3"}
  local neighbours = p:neighbours("b2")
  table.sort(neighbours)
  eq(neighbours, {"a1", "a2", "a3", "c1", "c2", "c3"}, "the centre joins all six")
  for i = 1, 5 do check(joined(p, path[i], path[i + 1]), path[i] .. "-" .. path[i + 1]) end
  check(not joined(p, "a3", "c3"), "the path is open at the top")
  for i, point in ipairs(path) do
    eq(p[point], i % 2 == 1 and "black" or "white", "alternating at " .. point)
  end
  eq({p.b2, p.side}, {nil, "black"}, "centre empty, Black first")
end)

test("Tugul Shodra: three columns, two rows, White on the right moving first", function()
  local p = game("tugul-shodra").v.start
  eq(holds(p, "white"), {"c1", "c2", "c3"}, "White on the right")
  eq(holds(p, "black"), {"a1", "a2", "a3"}, "Black on the left")
  eq(p.side, "white", "White first")
  check(not joined(p, "a1", "b1") and not joined(p, "b1", "c1"), "the bottom ends stay apart")
  check(joined(p, "a3", "b3") and joined(p, "b2", "c2") and joined(p, "b1", "b2"), "the lines drawn")
end)

test("placing games: four placings from the hands, then Pong Hau K'i's board plays on", function()
  local boards = {["do-guti"] = {"bl", "br", "c", "tl", "tr"}, ["dorvon-cag"] = {"c", "e", "n", "s", "w"}}
  for name, points in pairs(boards) do
    local g = game(name)
    eq(holds(g.v.start, "empty"), points, name .. ": the board empty")
    eq(holds(g.v.start, "black"), {"bh1", "bh2"}, name .. ": Black's hand")
    -- 5 * 4 * 3 * 2 ways to place four pieces on five points in turn
    eq(mt.perft(g.v, 4), 120, name .. ": the placings")
    local at = g.board.index
    for _, state in ipairs(g.list) do
      local side = state:sub(-1)
      local hand = HANDS[side]
      local first = state:sub(at[hand[1]], at[hand[1]]) == side and hand[1]
        or state:sub(at[hand[2]], at[hand[2]]) == side and hand[2]
      for _, m in ipairs(g.v:moves(state)) do
        if first then
          eq(m.from, first, name .. ": places " .. first .. " at " .. state)
        else
          check(not m.from:find("^[bw]h"), name .. ": moves on the board at " .. state)
        end
      end
    end
  end
end)

test("Ho-Bag Gonu: no piece goes home again, none leaves the enemy's home", function()
  local g = game("ho-bag-gonu")
  local home = {black = {bl = true, bm = true, br = true}, white = {tl = true, tm = true, tr = true}}
  local within, into_enemy = 0, 0
  for _, state in ipairs(g.list) do
    local side = state:sub(-1) == "b" and "black" or "white"
    local own, enemy = home[side], home[side == "black" and "white" or "black"]
    for _, m in ipairs(g.v:moves(state)) do
      if own[m.to] then
        check(own[m.from], "back home at " .. state .. ": " .. tostring(m))
        within = within + 1
      end
      if enemy[m.from] then check(enemy[m.to], "out of the enemy's home at " .. state) end
      if enemy[m.to] and not enemy[m.from] then into_enemy = into_enemy + 1 end
    end
  end
  check(within > 0, "moves along one's own home row are allowed")
  check(into_enemy > 0, "pieces may enter the enemy's home")
end)

-- --- the same game, up to relabelling ---

-- The state of board b for state s of board a, each point p of a put on
-- map[p] of b (the same name when map has none), the colours and the side
-- to move exchanged when swap.
local function relabel(a, b, s, map, swap)
  local n = #a.names
  local cells = {}
  local colour = swap and {b = "w", w = "b", ["."] = "."} or {b = "b", w = "w", ["."] = "."}
  for i, name in ipairs(a.names) do
    cells[b.index[map[name] or name]] = colour[s:sub(i, i)]
  end
  return table.concat(cells) .. " " .. colour[s:sub(n + 2, n + 2)]
end

-- Checks that every state reachable in game a has the value and distance
-- of its relabelling in game b, and that the starts correspond.
local function same_game(a, b, map, swap)
  local ga, gb = game(a), game(b)
  eq(relabel(ga.board, gb.board, ga.start, map, swap), gb.start, a .. " -> " .. b .. ": the starts")
  agree(ga.list, function(state) return value(ga.solution, state) end,
        function(state) return value(gb.solution, relabel(ga.board, gb.board, state, map, swap)) end,
        a .. " -> " .. b .. " values")
  eq(#ga.list, #gb.list, a .. " -> " .. b .. ": as many reachable states")
end

test("Pong Hau K'i is Oumoul Kono with White first, the colours exchanged", function()
  same_game("pong-hau-ki", "oumoul-kono-white-first", {}, true)
end)

test("Oumoul Kono is Co Chan Cho upside down", function()
  same_game("oumoul-kono", "co-chan-cho", {tl = "bl", tr = "br", bl = "tl", br = "tr"}, false)
end)

test("Oumoul Kono's start lies in Pong Hau K'i's game, as do Co Chan Cho's two readings", function()
  local phk = game("pong-hau-ki")
  local reached = {}
  for _, state in ipairs(phk.list) do reached[state] = true end
  local ok = game("oumoul-kono")
  check(reached[relabel(ok.board, phk.board, ok.start, {}, true)], "Oumoul Kono's start")
  -- Ludii's earlier Co Chan Cho: Black on the left corners, White on the
  -- right, bl-br barred: Black plays bl-c and White cannot move.
  local ccc = game("co-chan-cho")
  eq({ccc.solution:lookup("bw.bw b")}, {"win", 1}, "the earlier start is lost at once")
  eq(tostring(ccc.v:play("bw.bw b", "bl-c")), "bwb.w w 1", "after bl-c")
  eq(#ccc.v:moves("bwb.w w"), 0, "White is blocked")
end)

test("Do Guti after its placings is Pong Hau K'i from wherever the pieces went", function()
  local dg, phk = game("do-guti"), game("pong-hau-ki")
  local placed = 0
  for _, state in ipairs(dg.list) do
    if state:sub(6, 9) == "...." then
      local board = state:sub(1, 5) .. state:sub(10)
      eq({dg.solution:lookup(state)}, {phk.solution:lookup(board)}, "at " .. state)
      placed = placed + 1
    end
  end
  eq(placed, 58, "states after the placings")
end)

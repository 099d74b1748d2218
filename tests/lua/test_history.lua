-- test_history.lua — rules that remember moves: perft, divide and solver
-- values of variants whose hooks read the history, against a second,
-- deliberately naive implementation written here (its own board, its own
-- move generator, histories carried explicitly); pure and impure hooks;
-- failures inside history hooks; games, records and searches that see the
-- history.

local mt = require "mutorere"

-- --- the naive implementation ---
-- A board is {[1..n] = "b" | "w" | false, c = "b" | "w" | false, side =
-- "b" | "w", ply = number}.  A move is {from = point, to = point}, a point
-- being an arm number or "c".  A history is a list of moves, the last
-- first.

local other = {b = "w", w = "b"}
local colour = {b = "black", w = "white"}

local function empty_point(b, n)
  if not b.c then return "c" end
  for a = 1, n do if not b[a] then return a end end
end

-- The legal moves by the parameters: flank = true for the standard rule.
local function param_moves(b, n, flank)
  local side, enemy, list = b.side, other[b.side], {}
  local e = empty_point(b, n)
  if e == "c" then
    for a = 1, n do
      local left, right = (a - 2) % n + 1, a % n + 1
      if b[a] == side and (not flank or b[left] == enemy or b[right] == enemy) then
        list[#list + 1] = {from = a, to = "c"}
      end
    end
  else
    for _, a in ipairs({(e - 2) % n + 1, e % n + 1}) do
      if b[a] == side then list[#list + 1] = {from = a, to = e} end
    end
    if b.c == side then list[#list + 1] = {from = "c", to = e} end
  end
  table.sort(list, function(x, y)
    local fx, fy = x.from == "c" and 99 or x.from, y.from == "c" and 99 or y.from
    return fx < fy
  end)
  return list
end

local function play(b, m)
  local q = {c = b.c, side = other[b.side], ply = b.ply + 1}
  for a = 1, #b do q[a] = b[a] end
  local piece = m.from == "c" and b.c or b[m.from]
  if m.from == "c" then q.c = false else q[m.from] = false end
  if m.to == "c" then q.c = piece else q[m.to] = piece end
  return q
end

local function unplay(b, m)
  local q = play(b, {from = m.to, to = m.from})
  q.side, q.ply = other[b.side], b.ply - 1
  return q
end

local function push(h, m, k)
  local g = {m}
  for i = 1, k - 1 do g[i + 1] = h[i] end
  return g
end

local function text(b, n)
  local t = {}
  for a = 1, n do t[a] = b[a] or "." end
  return table.concat(t) .. "/" .. (b.c or ".") .. " " .. b.side
end

local function move_text(m) return tostring(m.from) .. "-" .. tostring(m.to) end

-- A rule: allow(at, side, move, history) and result(at, side, history) over
-- plain values (at(point) gives "black", "white" or nil), so that the same
-- rule runs as an engine hook and in the naive code.
local function naive_at(b)
  return function(point)
    local x = point == "c" and b.c or b[point]
    return x and colour[x] or nil
  end
end

-- The legal moves of a state under a rule: the parameters, then the rule.
local function naive_moves(rule, b, n, h)
  local list = {}
  for _, m in ipairs(param_moves(b, n, rule.flank)) do
    if not rule.allow or rule.allow(naive_at(b), colour[b.side], m, h) then
      list[#list + 1] = m
    end
  end
  return rule.filter and rule.filter(list, h) or list
end

local function naive_result(rule, b, h)
  return rule.result and rule.result(naive_at(b), colour[b.side], h) or nil
end

local function naive_perft(rule, b, n, h, depth)
  if depth == 0 then return 1 end
  if naive_result(rule, b, h) then return 0 end
  local sum = 0
  for _, m in ipairs(naive_moves(rule, b, n, h)) do
    sum = sum + naive_perft(rule, play(b, m), n, push(h, m, rule.k), depth - 1)
  end
  return sum
end

local function start(n)
  local b = {c = false, side = "b", ply = 0}
  for a = 1, n do b[a] = a <= n // 2 and "b" or "w" end
  return b
end

-- Every board of n arms with side to move "b" or "w".
local function all_boards(n)
  local list = {}
  local function fill(b, a, black, white, empty)
    if a > n + 1 then
      for _, side in ipairs({"b", "w"}) do
        local q = {c = b.c, side = side, ply = 0}
        for i = 1, n do q[i] = b[i] end
        list[#list + 1] = q
      end
      return
    end
    local key = a == n + 1 and "c" or a
    for _, x in ipairs({"b", "w", false}) do
      local left = x == "b" and black or x == "w" and white or empty
      if left > 0 then
        b[key] = x
        fill(b, a + 1, black - (x == "b" and 1 or 0), white - (x == "w" and 1 or 0),
             empty - (x == false and 1 or 0))
      end
    end
  end
  fill({}, 1, n // 2, n // 2, 1)
  return list
end

-- The moves that can have led to b (the piece of the side that moved now
-- stands on to, from was b's empty point).
local function moves_into(b, n)
  local e, mover, list = empty_point(b, n), other[b.side], {}
  local targets = e == "c" and {} or {(e - 2) % n + 1, e % n + 1, "c"}
  if e == "c" then for a = 1, n do targets[#targets + 1] = a end end
  for _, t in ipairs(targets) do
    local x = t == "c" and b.c or b[t]
    if x == mover then list[#list + 1] = {from = e, to = t} end
  end
  return list
end

-- Every state: every board with every history of up to k moves that can
-- have led to it (k, not more, for the states the rules read).
local function all_states(n, k)
  local states = {}
  for _, b in ipairs(all_boards(n)) do
    local function extend(q, h)
      states[#states + 1] = {board = b, history = h}
      if #h == k then return end
      for _, m in ipairs(moves_into(q, n)) do
        local g = {}
        for i, x in ipairs(h) do g[i] = x end
        g[#g + 1] = m
        extend(unplay(q, m), g)
      end
    end
    extend(b, {})
  end
  return states
end

local function state_key(b, n, h)
  local t = {text(b, n)}
  for i, m in ipairs(h) do t[i + 1] = move_text(m) end
  return table.concat(t, " ")
end

-- Values of every state by naive value iteration: {value, distance}.  The
-- moves of each state and the keys of the states they lead to are found
-- once, before the iterations.
local function naive_solve(rule, n)
  local states = all_states(n, rule.k)
  local nodes = {}
  for i, s in ipairs(states) do
    local b, h = s.board, s.history
    local node = {key = state_key(b, n, h), result = naive_result(rule, b, h), side = b.side}
    if not node.result then
      node.children = {}
      for j, m in ipairs(naive_moves(rule, b, n, h)) do
        node.children[j] = state_key(play(b, m), n, push(h, m, rule.k))
      end
    end
    nodes[i] = node
  end
  local value = {}
  for d = 0, 300 do
    local changed = false
    for _, node in ipairs(nodes) do
      local key, result, moves = node.key, node.result, node.children
      if not value[key] then
        if d == 0 and (result or #moves == 0) then
          if result == "draw" then value[key] = {"draw"}
          elseif result then value[key] = {result == colour[node.side] and "win" or "loss", 0}
          else value[key] = {rule.misere and "win" or "loss", 0} end
          changed = true
        elseif d > 0 and moves and #moves > 0 then
          local win, all_win, worst = false, true, -1
          for _, child in ipairs(moves) do
            local c = value[child]
            if c and c[1] == "loss" and c[2] == d - 1 then win = true end
            if not c or c[1] ~= "win" then all_win = false
            elseif c[2] > worst then worst = c[2] end
          end
          if win or (all_win and worst == d - 1) then
            value[key] = {win and "win" or "loss", d}
            changed = true
          end
        end
      end
    end
    if not changed and d > 0 then break end
  end
  return states, value
end

-- --- the rules tested ---

-- A piece that just left the centre may be followed there by no piece of
-- the other side next turn (k = 1): a rule that often binds.
local no_follow = {k = 1, flank = false, allow = function(_, _, m, h)
  local last = h[1]
  return not (last and last.from == "c" and m.to == "c")
end}

-- No piece may move three times in a row (k = 4).
local thrice = {k = 4, flank = true, allow = function(_, _, m, h)
  local a, b = h[2], h[4]
  return not (a and b and m.from == a.to and a.from == b.to)
end}

-- Whoever moves one piece twice running loses (a result that reads the
-- history, k = 3: h[1] and h[3] are the opponent's last two moves).
local centre_twice = {k = 3, flank = true, result = function(_, side, h)
  if h[1] and h[3] and h[1].from == h[3].to then return side end
end}

-- In misere: a side may not leave the centre right after a move along the
-- ring (k = 2).
local backtrack = {k = 2, flank = true, misere = true, allow = function(_, _, m, h)
  local mine = h[2]
  return not (mine and m.from == "c" and mine.from ~= "c" and mine.to ~= "c")
end}

local RULES = {["no-follow"] = no_follow, thrice = thrice,
               ["twice-loses"] = centre_twice, backtrack = backtrack}

-- The shipped tired-piece variant, naively: among the standard moves, the
-- piece that moved last for the side to move may move only when no other
-- piece can.
local tired = {k = 2, flank = true, filter = function(moves, h)
  local mine = h[2]
  if not mine then return moves end
  local others = {}
  for _, m in ipairs(moves) do if m.from ~= mine.to then others[#others + 1] = m end end
  return #others > 0 and others or moves
end}

-- The engine's variant for a rule on n arms.
local function variant_of(name, rule, n, pure)
  local base = rule.misere and "misere" or rule.flank and "standard" or "no-restriction"
  local t = {name = name, base = base, arms = n, history = rule.k, pure = pure}
  if rule.allow then
    t.allow = function(p, m, h)
      return rule.allow(function(point) return p:at(point) end, p.side, m, h)
    end
  end
  if rule.result then
    t.result = function(p, h)
      return rule.result(function(point) return p:at(point) end, p.side, h)
    end
  end
  return mt.variant(t)
end

-- --- the tests ---

test("perft of history rules agrees with the naive one", function()
  for name, rule in pairs(RULES) do
    for _, n in ipairs({4, 6, 8}) do
      local v = variant_of(name, rule, n)
      local impure = variant_of(name, rule, n, false)
      local depths = n == 8 and 12 or 10
      local plain = mt.variant{base = v:parameters().misere and "misere"
                               or rule.flank and "standard" or "no-restriction", arms = n}
      if n >= 6 then
        check(mt.perft(v, depths) ~= mt.perft(plain, depths),
              string.format("%s binds on %d arms", name, n))
      end
      for d = 1, depths do
        local want = naive_perft(rule, start(n), n, {}, d)
        eq(mt.perft(v, d), want, string.format("%s %d arms depth %d", name, n, d))
        if d <= 8 then
          eq(mt.perft(impure, d), want, string.format("%s %d arms depth %d, impure", name, n, d))
        end
      end
    end
  end
end)

test("divide of a history rule agrees with the naive one", function()
  local v = variant_of("thrice", thrice, 8)
  local g = mt.game(v)
  for _, m in ipairs({"4-c", "5-4", "c-5"}) do g:play(m) end
  local b = start(8)
  local h = {}
  for _, m in ipairs({{from = 4, to = "c"}, {from = 5, to = 4}, {from = "c", to = 5}}) do
    b = play(b, m)
    h = push(h, m, 4)
  end
  local want = {}
  for _, m in ipairs(naive_moves(thrice, b, 8, h)) do
    want[move_text(m)] = naive_perft(thrice, play(b, m), 8, push(h, m, 4), 7)
  end
  eq(mt.divide(g, 8), want, "divide after three moves")
end)

test("the solver agrees with the naive one on every state", function()
  for name, rule in pairs(RULES) do
    for _, n in ipairs({4, 6}) do
      local v = variant_of(name, rule, n)
      local s = mt.solve(v)
      local states, value = naive_solve(rule, n)
      local bad, shown = 0, 0
      for _, st in ipairs(states) do
        local p = mt.position(text(st.board, n) .. " " .. (#st.history + 10))
        local hist = {}
        for i, m in ipairs(st.history) do hist[i] = move_text(m) end
        local want = value[state_key(st.board, n, st.history)] or {"draw"}
        local got = {s:lookup(p, hist)}
        if got[1] ~= want[1] or got[2] ~= want[2] then
          bad = bad + 1
          if shown < 3 then
            shown = shown + 1
            print(name, n, tostring(p), table.concat(hist, " "), got[1], got[2], want[1], want[2])
          end
        end
      end
      eq(bad, 0, string.format("%s on %d arms (%d states)", name, n, #states))
    end
  end
end)

test("the solver agrees with the naive one on 8 and 10 arms", function()
  for _, case in ipairs({{"no-follow", 8}, {"backtrack", 8}, {"no-follow", 10}}) do
    local name, n = case[1], case[2]
    local rule = RULES[name]
    local v = variant_of(name, rule, n)
    local s = mt.solve(v)
    local states, value = naive_solve(rule, n)
    local bad = 0
    for _, st in ipairs(states) do
      local p = mt.position(text(st.board, n) .. " " .. (#st.history + 10))
      local hist = {}
      for i, m in ipairs(st.history) do hist[i] = move_text(m) end
      local want = value[state_key(st.board, n, st.history)] or {"draw"}
      local got = {s:lookup(p, hist)}
      if got[1] ~= want[1] or got[2] ~= want[2] then bad = bad + 1 end
    end
    eq(bad, 0, name .. " on " .. n .. " arms")
  end
end)

test("the shipped tired-piece variant agrees with the naive rule", function()
  for _, n in ipairs({4, 6, 8}) do
    local v = mt.variant{base = "tired-piece", arms = n}
    for d = 1, (n == 8 and 14 or 10) do
      eq(mt.perft(v, d), naive_perft(tired, start(n), n, {}, d),
         string.format("tired-piece %d arms depth %d", n, d))
    end
  end
  for _, n in ipairs({4, 6}) do
    local s = mt.solve{base = "tired-piece", arms = n}
    local states, value = naive_solve(tired, n)
    local bad = 0
    for _, st in ipairs(states) do
      local p = mt.position(text(st.board, n) .. " " .. (#st.history + 10))
      local hist = {}
      for i, m in ipairs(st.history) do hist[i] = move_text(m) end
      local want = value[state_key(st.board, n, st.history)] or {"draw"}
      local got = {s:lookup(p, hist)}
      if got[1] ~= want[1] or got[2] ~= want[2] then bad = bad + 1 end
    end
    eq(bad, 0, "tired-piece solved on " .. n .. " arms")
  end
end)

test("the census counts the reachable states", function()
  for name, rule in pairs(RULES) do
    local n = 6
    local v = variant_of(name, rule, n)
    local states, value = naive_solve(rule, n)
    local seen, queue, count = {}, {{board = start(n), history = {}}}, {0, 0, 0}
    seen[state_key(start(n), n, {})] = true
    local head = 1
    while head <= #queue do
      local st = queue[head]
      head = head + 1
      local key = state_key(st.board, n, st.history)
      local val = (value[key] or {"draw"})[1]
      local i = val == "win" and 1 or val == "loss" and 2 or 3
      count[i] = count[i] + 1
      if not naive_result(rule, st.board, st.history) then
        for _, m in ipairs(naive_moves(rule, st.board, n, st.history)) do
          local b, h = play(st.board, m), push(st.history, m, rule.k)
          local k = state_key(b, n, h)
          if not seen[k] then seen[k] = true queue[#queue + 1] = {board = b, history = h} end
        end
      end
    end
    local c = mt.solve(v):census()
    eq({c.reachable, c.wins, c.losses, c.draws}, {#queue, count[1], count[2], count[3]},
       name .. " census on 6 arms")
    check(#states > #queue, "the solver's states include unreachable ones")
  end
end)

-- A variant of no-return flavour whose hook fails in a chosen way once
-- armed: the failure must leave every game as it was.
local function faulty(how)
  local armed = false
  local v = mt.variant{name = "faulty", base = "standard", history = 2, pure = false,
    allow = function(_, _, h)
      if armed and h[2] then
        if how == "error" then error("deliberate failure") end
        if how == "object" then error(setmetatable({}, {__tostring = function() error("worse") end})) end
        if how == "yield" then coroutine.yield() end
        if how == "value" then return nil end
        if how == "loop" then while true do end end
      end
      return true
    end}
  return v, function(on) armed = on end
end

test("a failing history hook leaves the game as it was", function()
  local want = {
    error = "deliberate failure",
    object = "(an error object of type table)",
    yield = "attempt to yield",
    value = "it returned nil; want true or false",
    loop = "instruction budget",
  }
  for how, message in pairs(want) do
    local v, arm = faulty(how)
    local g = mt.game(v)
    g:play("4-c")
    g:play("5-4")
    local before = {g:position(), g:history(), g:ply(), {g:state()}}
    arm(true)
    -- every call runs within a budget (the "loop" hook never returns)
    local function within(f, ...)
      local args = table.pack(...)
      return function()
        local ok, err = mt.limit({instructions = 200000}, f, table.unpack(args, 1, args.n))
        if not ok then error(err, 0) end
      end
    end
    local run = within(g.play, g, "c-5")
    local err = raises(run, message, how)
    check(err and err:find("allow hook failed at bbbw.www/b b 2 for move c-5", 1, true),
          how .. ": names the hook and the position: " .. tostring(err))
    local after = {g:position(), g:history(), g:ply(), {g:state()}}
    eq(tostring(after[4][1]), tostring(before[4][1]), how .. ": position unchanged")
    before[4], after[4] = nil, nil
    eq(after, before, how .. ": game unchanged")
    raises(within(g.moves, g), message, how .. ": moves")
    raises(within(mt.perft, g, 3), message, how .. ": perft")
    raises(within(mt.search, g, {depth = 3}), message, how .. ": search")
    raises(within(mt.solve, v), message, how .. ": solve")
    arm(false)
    g:play("c-5")
    eq(g:ply(), 3, how .. ": plays again once the hook works")
  end
end)

test("games remember the moves the rules read", function()
  local seen
  local v = mt.variant{base = "standard", history = 2, pure = false,
    allow = function(_, _, h)
      seen = {}
      for i, x in ipairs(h) do seen[i] = tostring(x) end
      return true
    end}
  local g = mt.game(v)
  eq(seen, {}, "no history at the start")
  g:play("4-c")
  eq(seen, {"4-c"}, "the move just played")
  g:play("5-4")
  eq(seen, {"5-4", "4-c"}, "the last first")
  g:play("c-5")
  eq(seen, {"c-5", "5-4"}, "at most history moves")
  local p, h = g:state()
  eq({tostring(p), #h, tostring(h[1]), tostring(h[2])}, {"bbbwbwww/. w 3", 2, "c-5", "5-4"}, "state")
  g:undo()
  g:moves()
  eq(seen, {"5-4", "4-c"}, "undo gives the history back")
  g:redo()
  g:moves()
  eq(seen, {"c-5", "5-4"}, "redo")
  local set = mt.game(v, g:position())
  eq(seen, {}, "a setup has no history")
  local given = mt.game(v, "bbbwbwww/. w 3", {"c-5", "5-4"})
  eq({given:position(), given:start(), seen}, {"bbbwbwww/. w 3", "bbb.wwww/b w 1", {"c-5", "5-4"}},
     "a game from a position and the moves that led to it")
  raises(function() mt.game(v, "bbbwbwww/. w 3", {"4-3"}) end,
         "bad history: move 1 back (4-3) cannot have led here")
  raises(function() mt.game(v, "bbbwbwww/. w", {"c-5"}) end,
         "bad history: 1 moves, but only 0 plies were played")
  raises(function() v:moves("bbbwbwww/. w 3", {"c-5", 7}) end, "history[2] is a number, not a move")
  check(set and given, "games made")
end)

test("repetition counts states: the same board with other remembered moves differs", function()
  -- in tired-piece, the remembered last own move is part of the state
  local v = mt.variant("tired-piece")
  local g = mt.game(v)
  local boards = {}
  for _ = 1, 60 do
    if g:result() then break end
    local p, h = g:state()
    boards[#boards + 1] = {board = tostring(p):gsub(" %d+$", ""), h = tostring(h[2])}
    g:play(g:moves()[1])
  end
  -- g:repetitions() agrees with a count over (board, side, remembered moves)
  local p, h = g:state()
  local key = (tostring(p):gsub(" %d+$", "")) .. " " .. tostring(h[1]) .. " " .. tostring(h[2])
  local count = 0
  local replay = mt.game(v)
  for _, m in ipairs(g:history()) do
    local q, hq = replay:state()
    if (tostring(q):gsub(" %d+$", "")) .. " " .. tostring(hq[1]) .. " " .. tostring(hq[2]) == key then
      count = count + 1
    end
    replay:play(m)
  end
  eq(g:repetitions(), count + 1, "repetitions of the state")
  check(#boards > 10, "a game of some length")
end)

test("records of a history variant replay to the same state", function()
  local g = mt.game("tired-piece")
  for _ = 1, 20 do
    if g:result() then break end
    g:play(g:moves()[#g:moves()])
  end
  local back = mt.from_record(g:record())
  local a, ha = g:state()
  local b, hb = back:state()
  eq({tostring(b), tostring(hb[1]), tostring(hb[2])}, {tostring(a), tostring(ha[1]), tostring(ha[2])},
     "same state")
  eq(back:moves(), g:moves(), "same moves")
end)

test("search, MCTS and the perfect player honour the history", function()
  local v = mt.variant{base = "tired-piece", arms = 10}
  local s = mt.solve(v)
  local g = mt.game(v)
  local checked = 0
  for i = 1, 60 do
    if g:result() then g = mt.game(v) end
    local value, d = s:lookup(g)
    if value ~= "draw" and d <= 9 then
      local r = mt.search(g, {depth = d + 1})
      eq(r.mate, value == "win" and d or -d, "alpha-beta finds the solver's distance at " .. g:position())
      checked = checked + 1
    end
    local moves = g:moves()
    g:play(moves[(i * 7) % #moves + 1])
  end
  check(checked > 0, "some won or lost states searched")
  -- the perfect player never loses a game of tired-piece on 12 arms (a
  -- forced win for white) as white, and wins it
  local result = mt.match("random", "perfect", {variant = {base = "tired-piece", arms = 12},
                                                games = 4, seed = 3, swap = false})
  eq(result.b.losses, 0, "perfect never loses")
  local m = mt.mcts(mt.game(v), {playouts = 200, seed = 1})
  check(#m.moves == #mt.game(v):moves(), "MCTS sees the moves of the history variant")
end)

test("what doc/designing-variants.md says of tired-piece", function()
  local want = {[6] = {"draw"}, [8] = {"draw"}, [10] = {"draw"}, [12] = {"loss", 26}}
  for n, w in pairs(want) do
    local v = mt.variant{base = "tired-piece", arms = n}
    eq({mt.solve(v):lookup(v.start)}, w, "tired-piece on " .. n .. " arms")
  end
  local r = mt.report({base = "tired-piece", arms = 6}, {games = 0})
  check(r.verdict:find("no game can end", 1, true), "6 arms: " .. r.verdict)
  -- the degenerate rules the guide names
  local never_twice = mt.variant{base = "standard", history = 2, allow = function(_, m, h)
    return not (h[2] and m.from == h[2].to) end}
  eq({mt.solve(never_twice):lookup(never_twice.start)}, {"loss", 2}, "never twice in a row")
end)

test("puzzles of a history variant carry the moves that led to them", function()
  local found = mt.puzzle.generate{variant = {base = "tired-piece", arms = 10}, goal = "win",
                                   plies = 3, limit = 5}
  check(#found > 0, "puzzles found")
  local with = 0
  for _, t in ipairs(found) do
    local r = mt.puzzle.check(t)
    check(r.ok, "generated puzzle checks: " .. table.concat(r.problems, "; "))
    if t.history then
      with = with + 1
      local g = mt.game(t.variant, t.position, t.history)
      local p, h = g:state()
      eq({tostring(p), #h}, {t.position, math.min(2, #t.history)}, "the puzzle's state")
    end
  end
  check(with > 0, "some puzzles need their history")
  local puzzle_text = mt.puzzle.text(found[1])
  local again = mt.puzzle.from_text(puzzle_text)
  eq(again.history, found[1].history, "history written to and read from a puzzle file")
end)

test("a hook that asks its own variant keeps its own position and history", function()
  -- tired-piece's rule (it reads the position and the history)
  local rule = assert(loadfile("scripts/variants/tired-piece.lua"))().allow
  local plain = mt.variant("tired-piece")
  -- the same rule, the hook asking its own variant about the position
  -- after an allowed move (one level down: the inner calls do not ask)
  -- before it answers
  local v, asking = nil, false
  v = mt.variant{name = "tired-peeking", base = "standard", history = 2, pure = false,
    allow = function(p, move, h)
      if not asking and rule(p, move, h) then
        asking = true
        local child, hc = v:play(p, move, h)
        v:moves(child, hc)
        asking = false
      end
      return rule(p, move, h)
    end}
  local seed, states = 7, 0
  local function rng(k) -- a small linear congruential sequence: 1..k
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % k + 1
  end
  for _ = 1, 20 do
    local g = mt.game(plain)
    for _ = 1, 30 do
      if g:result() then break end
      local p, h = g:state()
      local want = plain:moves(p, h)
      eq(v:moves(p, h), want, "the moves of " .. tostring(p))
      states = states + 1
      g:play(want[rng(#want)])
    end
  end
  check(states > 300, "many states: " .. states)
  local a, b = mt.solve(plain), mt.solve(v)
  eq({b:lookup(v.start)}, {a:lookup(plain.start)}, "the start's value")
  eq(b:census(), a:census(), "the census")
end)

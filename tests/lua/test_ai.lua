-- test_ai.lua — perfect play and the players: start values, the published
-- figures, the solver against a naive one for hooked variants, perfect and
-- alpha-beta never losing, reproducibility, and failures in evaluations,
-- policies and players.

local mt = require "mutorere"

test("the start of every variant, 8 arms", function()
  local want = {
    ["standard"] = {"draw"}, ["first-two-turns"] = {"draw"},
    ["first-move"] = {"loss", 4}, ["no-restriction"] = {"win", 1},
    ["adjacent-enemy"] = {"draw"}, ["misere"] = {"draw"},
    ["centre-must-leave"] = {"draw"}, ["first-move-hook"] = {"loss", 4},
  }
  for name, w in pairs(want) do
    local v = mt.variant(name)
    eq({mt.solve(v):lookup(v.start)}, w, name)
  end
end)

test("the published figures of the standard game", function()
  local s = mt.solve("standard")
  eq(s:states(), 1260, "positions")
  local c = s:census()
  eq({c.reachable, c.wins, c.losses, c.draws}, {1180, 208, 128, 844}, "census")
  check(s == mt.solve(mt.variant{flank = "always"}), "cached by parameters")
  local r = mt.report("standard", {games = 100})
  eq(r.reachable.positions, 1180, "report")
  eq(r.verdict, "a draw with perfect play", "verdict")
  eq(r.random_play.games, 100, "random games")
  eq(r.random_play.black + r.random_play.white + r.random_play.draws, 100, "results")
  check(tostring(r):find("1180 positions", 1, true), "report text")
  eq(mt.report("no-restriction", {games = 0}).verdict,
     "a forced win for black in 1 ply (broken: it ends at once)", "broken")
  eq(mt.report("first-move", {games = 0}).verdict,
     "a forced win for white in 4 plies", "first-move")
  local never = mt.report("adjacent-enemy", {games = 10})
  check(never.verdict:find("no game can end", 1, true), "adjacent-enemy never ends")
  eq(never.random_play.draws, 10, "so random games are all drawn")
end)

-- A naive solver: every position (and ply layer) by forward rounds over the
-- variant's own moves, round d resolving distance d.
local function naive_solution(v)
  local n, layers = v.arms, v.opening + 1
  local positions, value = {}, {}
  local function key(p)
    local ply = math.min(p.ply, layers - 1)
    return (tostring(p):gsub(" %d+$", "")) .. "@" .. ply
  end
  local function all(prefix, b, w, e)
    if #prefix == n + 1 then
      if b == 0 and w == 0 then
        local arms, centre = prefix:sub(1, n), prefix:sub(n + 1)
        for ply = 0, layers - 1 do
          for _, side in ipairs({"b", "w"}) do
            positions[#positions + 1] = mt.position(arms .. "/" .. centre .. " " .. side .. " " .. ply)
          end
        end
      end
      return
    end
    if b > 0 then all(prefix .. "b", b - 1, w, e) end
    if w > 0 then all(prefix .. "w", b, w - 1, e) end
    if e > 0 then all(prefix .. ".", b, w, e - 1) end
  end
  all("", n // 2, n // 2, 1)
  for d = 0, 200 do
    local changed = false
    for _, p in ipairs(positions) do
      local k = key(p)
      if not value[k] then
        local result = v:outcome(p)
        if d == 0 and result then
          value[k] = result == "draw" and {"draw"} or {result == p.side and "win" or "loss", 0}
          changed = true
        elseif d > 0 and not result then
          local win, all_win, worst = false, true, -1
          for _, m in ipairs(v:moves(p)) do
            local c = value[key(v:play(p, m))]
            if c and c[1] == "loss" and c[2] == d - 1 then win = true end
            if not c or c[1] ~= "win" then all_win = false
            elseif c[2] > worst then worst = c[2] end
          end
          if win or (all_win and worst == d - 1) then
            value[k] = {win and "win" or "loss", d}
            changed = true
          end
        end
      end
    end
    if not changed and d > 0 then break end
  end
  return positions, value, key
end

test("the solver agrees with a naive one on hooked variants", function()
  for _, name in ipairs({"centre-must-leave", "first-move-hook"}) do
    for n = 4, 8, 2 do
      local v = mt.variant{base = name, arms = n}
      local s = mt.solve(v)
      local positions, value, key = naive_solution(v)
      eq(s:states(), #positions, name .. " " .. n .. " positions")
      local bad = 0
      for _, p in ipairs(positions) do
        local want = value[key(p)] or {"draw"}
        local got = {s:lookup(p)}
        if got[1] ~= want[1] or got[2] ~= want[2] then bad = bad + 1 end
      end
      eq(bad, 0, name .. " on " .. n .. " arms")
    end
  end
end)

test("a rule as a hook solves as the rule as a parameter", function()
  local a, b = mt.solve("first-move"), mt.solve("first-move-hook")
  local census_a, census_b = a:census(), b:census()
  census_a.examples, census_b.examples = nil, nil
  eq(census_b, census_a, "census")
end)

test("analyse gives every move's value from the mover's side", function()
  local a = mt.game("first-move"):analyse()
  eq(a.value, "loss", "value")
  eq(a.distance, 4, "distance")
  eq(#a.moves, 2, "moves")
  for _, m in ipairs(a.moves) do eq({m.value, m.distance}, {"loss", 4}, m.move) end
  local w = mt.game("no-restriction"):analyse()
  eq({w.value, w.distance}, {"win", 1}, "a win in 1")
  local order = {}
  for i, m in ipairs(w.moves) do order[i] = m.move .. " " .. m.value .. " " .. m.distance end
  eq(order, {"2-c win 1", "3-c win 1", "1-c loss 4", "4-c loss 4"}, "best first")
  local over = mt.game("standard", "bbb.wwwb/w w"):play("5-4"):analyse()
  eq({over.value, over.distance, over.over, #over.moves}, {"loss", 0, "blocked", 0}, "over")
end)

local LIGHT = {mcts = {playouts = 100}, ["mcts-lua"] = {playouts = 10}}
-- Players without chance play the same two games over and over (one a
-- colour; 200 games of them held 2 distinct): two games show all they do.
local FIXED = {alphabeta = true, heuristic = true, minimax = true, perfect = true}

-- The number of games of a match against player name: 2 against one
-- without chance, else many.
local function games_against(name, many)
  return FIXED[name] and 2 or many
end

-- The value for the side that moved into a state worth value for its mover.
local KEPT = {win = "loss", loss = "win", draw = "draw"}

-- Walks every state of v reachable with player on side and any moves on
-- the other (a player without chance: its choice depends on the state
-- alone); calls on_move(g, move) at each state where it moves.  Returns
-- how many there were.
local function walk_against_all(v, player, side, on_move)
  local queue, seen, head, moved = {mt.game(v)}, {[v:key(v.start)] = true}, 1, 0
  while queue[head] do
    local g = queue[head]
    head = head + 1
    local moves = g:result() and {} or g:moves()
    if g:turn() == side and #moves > 0 then
      local move = (player:choose(g))
      on_move(g, move)
      moves, moved = {move}, moved + 1
    end
    for _, m in ipairs(moves) do
      local p, h = g:copy():play(m):state()
      local key = v:key(p, h)
      if not seen[key] then
        seen[key] = true
        queue[#queue + 1] = mt.game(v, p, h)
      end
    end
  end
  return moved
end

test("perfect never loses: its move keeps the value wherever any replies lead, and in games against each player",
     function()
  -- every state of standard reachable with perfect on one side and any
  -- moves on the other (its choice depends on the state alone): none is
  -- lost for it, and its move keeps the state's value
  local v, perfect = mt.variant("standard"), mt.player("perfect")
  local s = mt.solve(v)
  for _, side in ipairs({"black", "white"}) do
    local kept = 0
    local moved = walk_against_all(v, perfect, side, function(g, move)
      local before = s:lookup(g:state())
      check(before ~= "loss", side .. ": a lost state reached, " .. g:position())
      if s:lookup(g:copy():play(move):state()) == KEPT[before] then kept = kept + 1 end
    end)
    check(moved > 200, side .. ": states where perfect moves " .. moved)
    eq(kept, moved, side .. ": its moves that keep the value")
  end
  -- in matches: players without chance twice, the others 40 times
  for _, name in ipairs(mt.players()) do
    if name ~= "perfect" then
      local games = games_against(name, 40)
      local m = mt.match("perfect", mt.player(name, LIGHT[name]), {games = games, seed = 5})
      eq(m.a.losses, 0, "perfect against " .. name)
      eq(m.a.as_black.wins + m.a.as_black.losses + m.a.as_black.draws, games // 2, "as black")
      eq(#m.errors, 0, "no errors against " .. name)
    end
  end
end)

test("perfect's information: its line the solver's best moves, read or listed, after the move is chosen",
     function()
  -- each ply of the line after the move chosen is the first of the
  -- solver's ranked moves, to the end of a decided game, 8 plies in a draw
  local function worth(a) -- a move's analysis: higher is better for the mover
    if a.value == "win" then return 1000 - a.distance end
    if a.value == "loss" then return -1000 + a.distance end
    return 0
  end
  local function best_of(g) -- the best move, the first of g:moves() among equals
    local by = {}
    for _, a in ipairs(g:analyse().moves) do by[a.move] = worth(a) end
    local best
    for _, m in ipairs(g:moves()) do
      if not best or by[m] > by[best] then best = m end
    end
    return best
  end
  local function line_of(game, move, plies)
    local g, line = game:copy():play(move), {move}
    while #line < plies and not g:result() do
      line[#line + 1] = best_of(g)
      g:play(line[#line])
    end
    return line
  end
  local won = mt.game("standard") -- the worst moves played until the mover wins
  while won:analyse().value ~= "win" do
    local a = won:analyse().moves
    won:play(a[#a].move)
  end
  local cases = {{mt.game("standard"), "draw"}, {mt.game("first-move"), "loss"}, {won, "win"}}
  for i, case in ipairs(cases) do
    local game = case[1]
    local move, info = mt.player("perfect"):choose(game)
    local want = line_of(game, move, info.mate and math.abs(info.mate) or 8)
    if i % 2 == 1 then -- read
      eq(info.pv, want, "case " .. i .. ": the line read")
      eq(info.depth, #want, "case " .. i .. ": its depth")
    else -- listed first
      local seen = {}
      for k, x in pairs(info) do seen[k] = x end
      eq(seen.pv, want, "case " .. i .. ": the line listed")
      eq(seen.depth, #want, "case " .. i .. ": its depth listed")
    end
    if case[2] == "draw" then eq(info.score, 0, "a draw's score") end
    if case[2] == "loss" then check(info.mate < 0, "a loss's mate: " .. tostring(info.mate)) end
    if case[2] == "win" then check(info.mate > 0, "a win's mate: " .. tostring(info.mate)) end
  end
end)

test("alpha-beta at depth 6 never loses in standard", function()
  -- every state of standard reachable with it on one side and any moves
  -- on the other (it has no chance: its choice depends on the state
  -- alone): none is lost for it, so no opponent beats it
  local v, ab = mt.variant("standard"), mt.player("alphabeta", {depth = 6})
  local s = mt.solve(v)
  for _, side in ipairs({"black", "white"}) do
    local moved = walk_against_all(v, ab, side, function(g)
      check(s:lookup(g:state()) ~= "loss", side .. ": a lost state reached, " .. g:position())
    end)
    check(moved > 50, side .. ": states where it moves " .. moved)
  end
  -- and in matches, as each player meets it
  for _, name in ipairs(mt.players()) do
    local m = mt.match(ab, mt.player(name, LIGHT[name]), {games = games_against(name, 10), seed = 9})
    eq(m.a.losses, 0, "alphabeta against " .. name)
  end
end)

test("results are reproducible from a seed", function()
  local function moves_of(m)
    local out = {}
    for i, r in ipairs(m.records) do out[i] = table.concat(r.moves, " ") end
    return out
  end
  local a = mt.match("mcts", "random", {games = 6, seed = 3})
  local b = mt.match("mcts", "random", {games = 6, seed = 3})
  eq(moves_of(b), moves_of(a), "same seed, same games")
  local c = mt.match("random", "random", {games = 6, seed = 4})
  check(table.concat(moves_of(c)) ~= table.concat(moves_of(mt.match("random", "random",
        {games = 6, seed = 5}))), "another seed, other games")
  local g = mt.game{arms = 12}
  eq(mt.search(g, {depth = 10}), mt.search(g, {depth = 10}), "search")
  eq(mt.mcts(g, {seed = 8}), mt.mcts(g, {seed = 8}), "mcts")
end)

test("a Lua evaluation drives the C search like the built-in one", function()
  local function same_as_builtin(p, v)
    local mine, theirs = v:mobility(p)
    local c = p.centre
    return 0.1 * (mine - theirs) + (c == p.side and 0.05 or c and -0.05 or 0)
  end
  local g = mt.game{arms = 14}
  g:play("1-c")
  local a = mt.search(g, {depth = 12})
  local b = mt.search(g, {depth = 12, eval = same_as_builtin})
  eq({b.move, b.nodes, b.score, b.depth}, {a.move, a.nodes, a.score, a.depth}, "same search")
  local lost = mt.game("standard", "bbb.wwwb/w w")
  eq(mt.search(lost, {depth = 4}).mate, 1, "a forced win in 1")
  eq(mt.search(lost, {depth = 4}).move, "5-4", "found")
end)

test("failures in evaluations, policies and players are reported", function()
  local g = mt.game()
  g:play("4-c")
  local before = g:position()
  raises(function() mt.search(g, {eval = function() error("bad eval") end}) end, "bad eval")
  raises(function() mt.search(g, {eval = function() return "x" end}) end,
         "eval returned string, not a number")
  raises(function() mt.search(g, {depth = 0}) end, "option depth must be a whole number from 1")
  raises(function() mt.search(g, {eval = 3}) end, "option eval must be a function")
  raises(function() mt.mcts(g, {policy = function() error("bad policy") end}) end, "bad policy")
  raises(function() mt.mcts(g, {policy = function() return 99 end}) end, "not one of the")
  eq(g:position(), before, "the game is unchanged")
  local done = mt.game("standard", "bbb.wwwb/w w"):play("5-4")
  raises(function() mt.search(done) end, "the game is over")
  raises(function() mt.player("nonesuch") end, "unknown player 'nonesuch'")
  raises(function() mt.player({}) end, "a player definition needs choose")
  local faulty = mt.player(function() error("lost my way") end)
  local m = mt.match(faulty, "random", {games = 2})
  eq(m.a.losses, 2, "a failing player loses")
  check(m.errors[1]:find("lost my way", 1, true), "and the match says why")
  local cheat = mt.player(function() return "1-2" end)
  m = mt.match(cheat, "random", {games = 2})
  eq(m.a.losses, 2, "an illegal move loses")
  check(m.errors[1]:find("illegal move 1-2", 1, true), "said")
end)

test("policies steer MCTS playouts", function()
  local calls = 0
  local r = mt.mcts(mt.game(), {playouts = 50, policy = function(p, moves)
    calls = calls + 1
    check(mt.type(p) == "Position" and mt.type(moves[1]) == "Move", "arguments")
    return moves[#moves]
  end})
  check(calls > 0, "called")
  eq(r.playouts, 50, "playouts")
  local total = 0
  for _, m in ipairs(r.moves) do total = total + m.visits end
  eq(total, 50, "visits")
end)

test("a tournament ranks its players", function()
  local t = mt.tournament{players = {"perfect", "random", "alphabeta"},
                         variants = {"standard", "first-two-turns"}, games = 4}
  eq(#t.standings, 3, "standings")
  eq(#t.matches, 6, "three pairs on two variants")
  local points = 0
  for _, s in ipairs(t.standings) do points = points + s.points end
  eq(points, 6 * 4, "every game gives one point")
  eq(t.standings[#t.standings].name, "random", "random comes last")
  check(tostring(t):find("rank", 1, true), "a table")
end)

test("the players are listed", function()
  local names = {}
  for _, n in ipairs(mt.players()) do names[n] = true end
  for _, n in ipairs({"random", "alphabeta", "mcts", "perfect", "heuristic",
                      "minimax", "mcts-lua"}) do
    check(names[n], n)
  end
  eq(tostring(mt.player("heuristic")), "player heuristic", "tostring")
end)

test("every player refuses a game that is over, with what it wants", function()
  local over = mt.game("standard", ".wbbwbbw/w b") -- black is blocked
  local board = mt.game({name = "blocked", points = {"a", "b", "c"}, lines = {"a-b", "b-c"},
                         start = "bw. b"})
  for _, g in ipairs({over, board}) do
    check(g:result(), "the game is over")
    for _, name in ipairs(mt.players()) do
      raises(function() mt.player(name):choose(g) end,
             "bad argument #1 to 'choose' (the game is over", name)
    end
  end
end)

test("perfect with no limits on a board too big to solve plays on by search and says so once", function()
  local script = os.tmpname()
  local f = assert(io.open(script, "w"))
  f:write([[
local p = mt.player("perfect")
local g = mt.game{base = "standard", arms = 40}
for _ = 1, 4 do g:play(p:choose(g)) end
print("plies " .. g:ply())
local m = mt.match(p, "random", {variant = g:variant(), games = 2, seed = 3})
print("errors " .. #m.errors .. ", perfect won " .. m.a.wins)
]])
  f:close()
  local out = io.popen(string.format("MUTORERE_PATH= '%s' '%s' 2>&1", PROGRAM, script)):read("a")
  os.remove(script)
  check(out:find("plies 4\n", 1, true), "four moves chosen: " .. out)
  local _, said = out:gsub("player perfect: standard %(40 arms%) cannot be solved here %(not enough memory", "")
  eq(said, 1, "said once, for the choices and the match: " .. out)
  check(out:find("it plays on by alpha-beta search", 1, true), out)
  check(out:find("errors 0, perfect won 2", 1, true), "the match won by search, no game lost by error: " .. out)
end)

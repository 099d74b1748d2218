-- test_against.lua — mt.player("perfect", {against = s}): its expected
-- score and its move are those of a naive recursion over the game (no
-- graph, no tables) under the same model; it never plays a move the
-- solver values worse than the best; it wins fastest where it wins; it
-- scores more than plain "perfect" against perfect at skill s; its
-- options are checked.

local mt = require "mutorere"

-- The class of a move for its mover by the value of the state it leads to:
-- 2 a win, 1 a draw, 0 a loss.
local MOVER_CLASS = {loss = 2, draw = 1, win = 0}

-- The naive expectation of the player's model for side me against skill
-- with the given horizon, from game g (a Game): the first searched plies
-- on the game itself, then on states, plies to go, the ply cap counted.
local function naive(v, me, skill, horizon)
  local s, plain = mt.solve(v), mt.player("perfect")
  local cap = v:parameters().max_plies
  cap = cap and cap > 0 and cap or nil
  local searched = math.min(6, horizon - 1)
  local last = horizon - 1 - searched
  local picks, state_value = {}, nil
  local function pick(p, h)
    local key = v:key(p, h)
    if not picks[key] then picks[key] = plain:choose(mt.game(v, p, h)) end
    return picks[key]
  end
  local function won(p, h, plies)
    local value, d = s:lookup(p, h)
    return value ~= "draw" and (value == "win") == (p.side == me) and (plies == nil or d <= plies)
  end
  local function keeping(p, h)
    local classes, top, out = {}, -1, {}
    for i, m in ipairs(v:moves(p, h)) do
      classes[i] = MOVER_CLASS[s:lookup(v:play(p, m, h))] -- the value after it, for the mover
      top = math.max(top, classes[i])
    end
    for i, m in ipairs(v:moves(p, h)) do
      if classes[i] == top then out[#out + 1] = m end
    end
    return out
  end
  -- the value of a state with t plies to go, on states alone
  local known = {}
  local function on_states(p, h, t, capped)
    local key = string.format("%s|%d|%s", v:key(p, h), t, tostring(capped))
    if known[key] == nil then known[key] = state_value(p, h, t, capped) end
    return known[key]
  end
  function state_value(p, h, t, capped)
    local winner = v:outcome(p, h)
    if winner then return winner == "draw" and 0.5 or winner == me and 1 or 0 end
    if won(p, h, capped and t or nil) then return 1 end
    if t == 0 then
      if capped then return 0.5 end
      local value = s:lookup(p, h)
      return value == "draw" and 0.5 or (value == "win") == (p.side == me) and 1 or 0
    end
    if p.side == me then
      local best = -1
      for _, m in ipairs(keeping(p, h)) do
        local q, hq = v:play(p, m, h)
        best = math.max(best, on_states(q, hq, t - 1, capped))
      end
      return best
    end
    local moves, sum, chosen = v:moves(p, h), 0, pick(p, h)
    for _, m in ipairs(moves) do
      local q, hq = v:play(p, m, h)
      sum = sum + ((1 - skill) / #moves + (tostring(m) == chosen and skill or 0)) * on_states(q, hq, t - 1, capped)
    end
    return sum
  end
  local function on_game(g, k)
    local winner = g:result()
    if winner then return winner == "draw" and 0.5 or winner == me and 1 or 0 end
    local p, h = g:state()
    local left = cap and cap - g:ply()
    if won(p, h, left) then return 1 end
    if k == 0 then
      if left and left <= last then return on_states(p, h, left, true) end
      return on_states(p, h, last, false)
    end
    if p.side == me then
      local best = -1
      for _, m in ipairs(keeping(p, h)) do
        best = math.max(best, on_game(g:copy():play(m), k - 1))
      end
      return best
    end
    local moves, sum, chosen = g:moves(), 0, pick(p, h)
    for _, m in ipairs(moves) do
      sum = sum + ((1 - skill) / #moves + (m == chosen and skill or 0)) * on_game(g:copy():play(m), k - 1)
    end
    return sum
  end
  -- the score of each value-keeping move of game g
  return function(g)
    local p, h = g:state()
    local out = {}
    for _, m in ipairs(keeping(p, h)) do out[tostring(m)] = on_game(g:copy():play(m), searched) end
    return out
  end
end

-- Games of v from its start along random moves (seeds 1..count, up to
-- plies moves each), stopped where me is to move and the position is not
-- won for it.
local function positions(v, count, plies)
  local out, rng = {}, mt.player("random")
  for seed = 1, count do
    rng:reset(seed)
    local g = mt.game(v)
    for _ = 1, plies do
      if g:result() then break end
      g:play((rng:choose(g)))
    end
    if not g:result() and g:analyse().value ~= "win" then out[#out + 1] = g end
  end
  return out
end

test("the expected score and the move are a naive recursion's", function()
  local cases = 0
  -- (the capped variant from 2 or 3 plies in: the cap falls after the
  -- search, within the horizon; a random opponent: a move the solver
  -- values worse may score more)
  for _, spec in ipairs({{v = mt.variant("standard"), skill = 0.5, horizon = 9, plies = 9},
                         {v = mt.variant("standard"), skill = 0, horizon = 10, plies = 7},
                         {v = mt.variant{arms = 10}, skill = 0.3, horizon = 8, plies = 9},
                         {v = mt.variant{name = "capped", max_plies = 14}, skill = 0.6, horizon = 12,
                          plies = 3},
                         {v = mt.variant{name = "capped10", arms = 10, max_plies = 12}, skill = 0.2,
                          horizon = 12, plies = 4}}) do
    for _, g in ipairs(positions(spec.v, 14, spec.plies)) do
      local player = mt.player("perfect", {against = spec.skill, horizon = spec.horizon})
      local move, info = player:choose(g)
      local scores = naive(spec.v, g:turn(), spec.skill, spec.horizon)(g)
      local best = -1
      for _, x in pairs(scores) do best = math.max(best, x) end
      check(scores[move] ~= nil, spec.v.name .. ": a value-keeping move at " .. g:position())
      check(math.abs(info.expected - best) < 1e-9, string.format("%s at %s: expected %.12g, naive %.12g",
            spec.v.name, g:position(), info.expected, best))
      check(scores[move] and math.abs(scores[move] - best) < 1e-9,
            spec.v.name .. ": the move " .. move .. " scores the best at " .. g:position())
      cases = cases + 1
    end
  end
  check(cases >= 20, "positions tried: " .. cases)
end)

test("never a move the solver values worse than the best; the fastest win where it wins", function()
  local v = mt.variant{arms = 10}
  local player, plain = mt.player("perfect", {against = 0.5}), mt.player("perfect")
  local rng, tried, wins = mt.player("random"), 0, 0
  for seed = 1, 40 do
    rng:reset(seed)
    local g = mt.game(v)
    while not g:result() and g:ply() < 30 do
      local a = g:analyse()
      local move = player:choose(g)
      local value
      for _, m in ipairs(a.moves) do if m.move == move then value = m.value end end
      eq(value, a.moves[1].value, "the value of the move at " .. g:position())
      if a.value == "win" then
        eq(move, (plain:choose(g)), "a won position: plain perfect's move at " .. g:position())
        wins = wins + 1
      end
      tried = tried + 1
      g:play((rng:choose(g)))
    end
  end
  check(tried > 300 and wins > 20, string.format("positions: %d, won: %d", tried, wins))
end)

test("it scores more than plain perfect against perfect at skill 0.5", function()
  local v = mt.variant{arms = 10}
  local opponent = mt.player("perfect", {skill = 0.5})
  local function score(player)
    local m = mt.match(player, opponent, {games = 80, variant = v, seed = 3, progress = false})
    eq(m.a.losses, 0, player.name .. " never loses")
    return m.a.wins + m.a.draws / 2
  end
  local plain, against = score(mt.player("perfect")), score(mt.player("perfect", {against = 0.5}))
  check(against > plain + 4, string.format("against %.1f, plain %.1f of 80", against, plain))
end)

test("its options and its name", function()
  eq(mt.player("perfect", {against = 0.5}).name, "perfect-against-0.5", "the name")
  eq(mt.player("perfect", {against = 0.5, skill = 0.9}).name, "perfect-0.9-against-0.5", "with a skill")
  raises(function() mt.player("perfect", {against = 2}) end, "against must be the opponent's skill", "2")
  raises(function() mt.player("perfect", {against = "x"}) end, "against must be the opponent's skill", "x")
  raises(function() mt.player("perfect", {against = 0.5, lookahead = 3}) end, "not both", "lookahead")
  raises(function() mt.player("perfect", {horizon = 5}) end, "horizon goes with against", "alone")
  raises(function() mt.player("perfect", {against = 0.5, horizon = 0}) end, "from 1 to 200", "0")
  -- a game from a state the player has not walked yet, and horizon 1 (no search)
  local g = mt.game("standard", "bb.bwwww/b b")
  local move = mt.player("perfect", {against = 0.5, horizon = 1}):choose(g)
  check(g:copy():play(move):analyse().value ~= "win", "horizon 1 keeps the value: " .. move)
end)

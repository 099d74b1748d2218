-- against.lua — the perfect player that plays for the win against a
-- fallible opponent (mt.player("perfect", {against = s})): among the moves
-- that keep the solver's value, the one with the highest expected score
-- against an opponent that plays as mt.player("perfect", {skill = s}).
--
-- The expectation: the first SEARCHED plies are searched on the game
-- itself (its repetition rule and ply cap as Game:result applies them);
-- past them, over the graph of the states reachable from the game (walked
-- once, remembered by variant), to the horizon; at the horizon each state
-- counts the solver's value (win 1, draw 1/2, loss 0).  A state won for
-- the player counts 1: from there it wins fastest, as plain "perfect"
-- does, and nothing repeats.  The opponent's moves weigh what its player
-- gives them: s on the solver's pick (the best, the most traps, the first
-- in the variant's order), and (1 - s)/k on each of its k moves.
local _, _, shared = ...

local MAX_STATES = 250000 -- the most states the player walks
local SEARCHED = 6        -- the plies searched on the game itself
shared.AGAINST_HORIZON = 20 -- the plies looked ahead, by default

local graphs = setmetatable({}, {__mode = "k"}) -- variant -> graph

-- The rank of a state for the side that moved into it (higher is better
-- for the mover: a win, sooner first; a draw; a loss, later first).
local function rank_into(g, c)
  local value = g.value[c]
  if value == "loss" then return 3000 - g.distance[c] end
  if value == "win" then return g.distance[c] end
  return 1000
end

-- The class of a rank: 2 a win, 1 a draw, 0 a loss.
local function class(rank)
  return rank > 2000 and 2 or rank == 1000 and 1 or 0
end

-- The replies from state c that lose for the side that plays them.
local function traps(g, c)
  local count = 0
  for _, x in ipairs(g.kids[c]) do
    if g.value[x] == "win" then count = count + 1 end
  end
  return count
end

-- Adds to graph g the states reachable from state (p, h) of variant v that
-- it lacks, each with its value by solution s, its children in the
-- variant's order, its end, and the move the solver's player picks there.
local function walk(g, v, s, p, h)
  local first = #g.position + 1
  local function add(q, hq)
    local key = shared.state_key(v, q, hq)
    local id = g.ids[key]
    if id then return id end
    id = #g.position + 1
    if id > MAX_STATES then
      error(string.format("the player against a fallible opponent walks the states reachable " ..
                          "from the game: more than %d here", MAX_STATES), 0)
    end
    g.ids[key], g.position[id], g.history[id] = id, q, hq
    return id
  end
  add(p, h)
  local head = first
  while head <= #g.position do
    local q, hq = g.position[head], g.history[head]
    g.value[head], g.distance[head] = s:lookup(q, hq)
    g.side[head] = q.side
    local winner = v:outcome(q, hq)
    local list = {}
    if winner then
      g.winner[head] = winner
    else
      for i, m in ipairs(v:moves(q, hq)) do
        local c, hc = v:play(q, m, hq)
        list[i] = add(c, hc)
      end
    end
    g.kids[head] = list
    head = head + 1
  end
  for x = first, #g.position do
    local best, pick, most = -1, nil, -1
    for _, c in ipairs(g.kids[x]) do best = math.max(best, rank_into(g, c)) end
    for j, c in ipairs(g.kids[x]) do
      if rank_into(g, c) == best then
        local wrong = g.winner[c] and 0 or traps(g, c)
        if wrong > most then pick, most = j, wrong end
      end
    end
    g.pick[x] = pick
  end
  g.tables = {}
end

-- The graph of variant v (solved by s) holding state (p, h), and the
-- state's number.
local function graph_of(v, s, p, h)
  local g = graphs[v]
  if not g or g.solution ~= s then
    g = {solution = s, ids = {}, position = {}, history = {}, value = {}, distance = {},
         side = {}, winner = {}, kids = {}, pick = {}, tables = {}}
    graphs[v] = g
  end
  local key = shared.state_key(v, p, h)
  if not g.ids[key] then walk(g, v, s, p, h) end
  return g, g.ids[key]
end

-- The score for side me of state x once the game ends there or is cut:
-- its result, else (at the horizon) the solver's value, or a draw where
-- the ply cap cuts it.
local function leaf(g, x, me, capped)
  local winner = g.winner[x]
  if winner then return winner == "draw" and 0.5 or winner == me and 1 or 0 end
  if capped or g.value[x] == "draw" then return 0.5 end
  return (g.value[x] == "win") == (g.side[x] == me) and 1 or 0
end

-- Whether state x is won for me within plies (nil: any distance).
local function won(g, x, me, plies)
  return not g.winner[x] and g.value[x] ~= "draw" and (g.value[x] == "win") == (g.side[x] == me)
         and (plies == nil or g.distance[x] <= plies)
end

-- The expected score for me of state x when its children score by the
-- list values (an entry a state): the best of the value-keeping moves
-- when me is to move, else the opponent's mix at skill.
local function back_up(g, x, me, skill, values)
  local kids = g.kids[x]
  if g.side[x] == me then
    local top, best = -1, -1
    for _, c in ipairs(kids) do top = math.max(top, class(rank_into(g, c))) end
    for _, c in ipairs(kids) do
      if class(rank_into(g, c)) == top then best = math.max(best, values[c]) end
    end
    return best
  end
  local sum, share = 0, (1 - skill) / #kids
  for j, c in ipairs(kids) do sum = sum + (share + (j == g.pick[x] and skill or 0)) * values[c] end
  return sum
end

-- The layers 0 .. last of the expectation for me against skill: layer t
-- scores each state with t plies to go; capped: the game ends in a draw
-- after them (the ply cap), else it is cut there and scored by the
-- solver.  Keeps every layer when capped, else only the last.
local function layers(g, me, skill, last, capped)
  local n, out = #g.position, {}
  local now = {}
  for x = 1, n do now[x] = leaf(g, x, me, capped) end
  out[0] = now
  for t = 1, last do
    local nxt = {}
    for x = 1, n do
      if g.winner[x] then
        nxt[x] = now[x]
      elseif won(g, x, me, capped and t or nil) then
        nxt[x] = 1
      else
        nxt[x] = back_up(g, x, me, skill, now)
      end
    end
    if not capped then out[t - 1] = nil end
    out[t], now = nxt, nxt
  end
  return out
end

-- The table of graph g for me against skill with last plies after the
-- search (made once).
local function table_of(g, me, skill, last, capped)
  local key = string.format("%s %.17g %d %s", me, skill, last, tostring(capped))
  local t = g.tables[key]
  if not t then
    t = layers(g, me, skill, last, capped)
    g.tables[key] = t
  end
  return t
end

-- The expected score for me of game (me's side fixed), searched plies
-- deep on the game, then read from the tables.
local function expect(ctx, game, plies)
  local winner = game:result()
  if winner then return winner == "draw" and 0.5 or winner == ctx.me and 1 or 0 end
  local g = ctx.graph
  local x = g.ids[shared.state_key(ctx.variant, game:state())]
  local left = ctx.cap and ctx.cap - game:ply()
  if won(g, x, ctx.me, left) then return 1 end
  if plies == 0 then
    if left and left <= ctx.last then return table_of(g, ctx.me, ctx.skill, ctx.last, true)[left][x] end
    return table_of(g, ctx.me, ctx.skill, ctx.last, false)[ctx.last][x]
  end
  local values, moves = {}, game:moves()
  for j, c in ipairs(g.kids[x]) do
    local keep = g.side[x] ~= ctx.me or class(rank_into(g, c)) == ctx.keep_class(x)
    if keep then
      game:play(moves[j])
      values[c] = expect(ctx, game, plies - 1)
      game:undo()
    else
      values[c] = -1
    end
  end
  return back_up(g, x, ctx.me, ctx.skill, values)
end

-- shared.against_move(game, s, skill, horizon): the move of
-- mt.player("perfect", {against = skill, horizon}) in game (not over) by
-- solution s, and its expected score.
function shared.against_move(game, s, skill, horizon)
  local v = game:variant()
  local p, h = game:state()
  local g, x = graph_of(v, s, p, h)
  local ranked = shared.ranked_moves(game)
  if g.value[x] == "win" then -- a win: the fastest, as plain perfect plays it
    return shared.tempting_move(game, ranked, s), 1
  end
  local cap = v:parameters().max_plies
  local searched = math.min(SEARCHED, horizon - 1)
  local ctx = {graph = g, variant = v, me = p.side, skill = skill,
               cap = cap and cap > 0 and cap or nil, last = horizon - 1 - searched}
  function ctx.keep_class(y)
    local top = -1
    for _, c in ipairs(g.kids[y]) do top = math.max(top, class(rank_into(g, c))) end
    return top
  end
  local top, best, pick, pick_traps = class(ranked[1].rank), -1, nil, -1
  local copy = game:copy()
  for _, m in ipairs(ranked) do
    if class(m.rank) ~= top then break end
    copy:play(m.move)
    local score = expect(ctx, copy, searched)
    local y = g.ids[shared.state_key(v, copy:state())]
    copy:undo()
    local wrong = g.winner[y] and 0 or traps(g, y)
    -- the highest score; among equal ones, plain perfect's order
    if score > best + 1e-12 or (score > best - 1e-12 and m.rank == pick.rank and wrong > pick_traps) then
      best, pick, pick_traps = math.max(best, score), m, wrong
    end
  end
  return pick.move, best
end

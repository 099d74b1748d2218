-- Monte Carlo tree search (UCT) written wholly in Lua: random playouts
-- from the leaves of a growing tree, the move played the most visited.
-- It stops at its playouts (options.nodes under a limit), options.time or
-- when options.stop() says so.

local mt = mt or require "mutorere"

local C = 1.4 -- the exploration constant

-- playout(variant, position, history, rng, limit): plays at random to the
-- end; returns the winner ("black", "white") or "draw".
local function playout(v, p, h, rng, limit)
  for _ = 1, limit do
    local result = v:outcome(p, h)
    if result then return result end
    local moves = v:moves(p, h)
    p, h = v:play(p, moves[rng(#moves)], h)
  end
  return "draw"
end

-- A node: {position, history, moves, children, visits, wins (for the side
-- that moved into it)}.
local function node(v, p, h)
  return {position = p, history = h, moves = v:outcome(p, h) and {} or v:moves(p, h),
          children = {}, visits = 0, wins = 0}
end

-- The child to follow: an unvisited move first, else the best bound.
local function select(n)
  if #n.children < #n.moves then return nil end
  local best, pick = -math.huge, nil
  for _, child in ipairs(n.children) do
    local ucb = child.wins / child.visits
                + C * math.sqrt(math.log(n.visits) / child.visits)
    if ucb > best then best, pick = ucb, child end
  end
  return pick
end

-- True when the search must stop: the clock or a stop, looked at every
-- 16 playouts.
local function stopped(n, deadline, stop)
  if n & 15 ~= 0 then return false end
  return (deadline and mt.clock() > deadline) or (stop and stop()) or false
end

-- The most visited child of a node, or nil.
local function most_visited(n)
  local best, most = nil, -1
  for _, child in ipairs(n.children) do
    if child.visits > most then best, most = child, child.visits end
  end
  return best
end

-- search(game, playouts, rng, limit [, time, stop]): the move, and what
-- was found ({nodes = playouts, score, pv}).
local function search(game, playouts, rng, limit, time, stop)
  local v = game:variant()
  local root = node(v, game:state())
  local deadline = time and mt.clock() + time
  local n = 0
  while n < playouts and not stopped(n, deadline, stop) do
    n = n + 1
    local path, nd = {root}, root
    while #nd.moves > 0 do
      local child = select(nd)
      if not child then -- expand one move
        local move = nd.moves[#nd.children + 1]
        child = node(v, v:play(nd.position, move, nd.history))
        child.move = move
        nd.children[#nd.children + 1] = child
        path[#path + 1] = child
        break
      end
      nd = child
      path[#path + 1] = nd
    end
    local leaf = path[#path]
    local result = playout(v, leaf.position, leaf.history, rng, limit)
    for _, m in ipairs(path) do
      m.visits = m.visits + 1
      local mover = m.position.side == "black" and "white" or "black"
      m.wins = m.wins + (result == "draw" and 0.5 or result == mover and 1 or 0)
    end
  end
  local pv, nd = {}, root
  local best = most_visited(root)
  while true do
    local child = most_visited(nd)
    if not child then break end
    pv[#pv + 1] = tostring(child.move)
    nd = child
  end
  local info = {nodes = n, pv = pv}
  if best then info.score = 2 * best.wins / best.visits - 1 end
  return tostring(best and best.move or root.moves[1]), info
end

return {
  name = "mcts-lua",
  description = "Monte Carlo tree search written wholly in Lua " ..
                "(options: playouts = 300, time, nodes)",
  choose = function(game, options, rng)
    local open = options.time or options.nodes or options.infinite
    local playouts = options.nodes or (open and math.huge) or options.playouts or 300
    return search(game, playouts, rng, options.max_plies or 100, options.time, options.stop)
  end,
}

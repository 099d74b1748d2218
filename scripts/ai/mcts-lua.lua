-- Monte Carlo tree search (UCT) written wholly in Lua: random playouts
-- from the leaves of a growing tree, the move played the most visited.

local C = 1.4 -- the exploration constant

-- playout(variant, position, rng, limit): plays at random to the end;
-- returns the winner ("black", "white") or "draw".
local function playout(v, p, rng, limit)
  for _ = 1, limit do
    local result = v:outcome(p)
    if result then return result end
    local moves = v:moves(p)
    p = v:play(p, moves[rng(#moves)])
  end
  return "draw"
end

-- A node: {position, moves, children, visits, wins (for the side that
-- moved into it)}.
local function node(v, p)
  return {position = p, moves = v:outcome(p) and {} or v:moves(p),
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

local function search(game, playouts, rng, limit)
  local v = game:variant()
  local root = node(v, game:board())
  for _ = 1, playouts do
    local path, n = {root}, root
    while #n.moves > 0 do
      local child = select(n)
      if not child then -- expand one move
        local move = n.moves[#n.children + 1]
        child = node(v, v:play(n.position, move))
        child.move = move
        n.children[#n.children + 1] = child
        path[#path + 1] = child
        break
      end
      n = child
      path[#path + 1] = n
    end
    local leaf = path[#path]
    local result = playout(v, leaf.position, rng, limit)
    for _, m in ipairs(path) do
      m.visits = m.visits + 1
      local mover = m.position.side == "black" and "white" or "black"
      m.wins = m.wins + (result == "draw" and 0.5 or result == mover and 1 or 0)
    end
  end
  local best, most = nil, -1
  for _, child in ipairs(root.children) do
    if child.visits > most then best, most = child.move, child.visits end
  end
  return tostring(best or root.moves[1])
end

return {
  name = "mcts-lua",
  description = "Monte Carlo tree search written wholly in Lua (option: playouts = 300)",
  choose = function(game, options, rng)
    return search(game, options.playouts or 300, rng, options.max_plies or 100)
  end,
}

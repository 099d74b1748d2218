-- Minimax with alpha-beta pruning written wholly in Lua over the variant's
-- moves: the model for a search of one's own, and the yardstick the bench
-- holds the C search against.  It uses the heuristic script's evaluation.

local mt = require "mutorere"
local eval = mt.player("heuristic").options.eval

local MATE = 1000

-- negamax(variant, position, depth, alpha, beta, line, stats): the score
-- of position for its side to move.  line holds the positions on the way,
-- so that a repetition scores as a draw.
local function negamax(v, p, depth, alpha, beta, line, stats)
  stats.nodes = stats.nodes + 1
  local key = (tostring(p):gsub(" %d+$", ""))
  if line[key] then return 0 end
  local result = v:outcome(p)
  if result then
    if result == "draw" then return 0 end
    return (result == p.side and MATE or -MATE) - (result == p.side and 1 or -1) * stats.ply
  end
  if depth == 0 then return eval(p, v) end
  line[key] = true
  local best = -math.huge
  for _, move in ipairs(v:moves(p)) do
    stats.ply = stats.ply + 1
    local score = -negamax(v, v:play(p, move), depth - 1, -beta, -alpha, line, stats)
    stats.ply = stats.ply - 1
    if score > best then best = score end
    if score > alpha then alpha = score end
    if alpha >= beta then break end
  end
  line[key] = nil
  return best
end

-- The game's earlier positions, as keys (a repetition of one is a draw).
local function earlier_positions(game)
  local line, g = {}, game:copy()
  while g:undo() do line[(tostring(g:board()):gsub(" %d+$", ""))] = true end
  return line
end

-- search(game, depth): the best move and the number of nodes searched.
local function search(game, depth)
  local v, p = game:variant(), game:board()
  local line = earlier_positions(game)
  local stats, best, best_score = {nodes = 0, ply = 1}, nil, -math.huge
  for _, move in ipairs(v:moves(p)) do
    local score = -negamax(v, v:play(p, move), depth - 1, -math.huge, -best_score, line, stats)
    if score > best_score then best, best_score = move, score end
  end
  return tostring(best), stats.nodes
end

return {
  name = "minimax",
  description = "alpha-beta written wholly in Lua (option: depth = 4)",
  choose = function(game, options) return (search(game, options.depth or 4)) end,
  search = search,
}

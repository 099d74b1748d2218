-- extras.lua — parts of the API written in Lua over the C functions.
local M = ...

-- mt.divide(game or variant, depth [, position]): {move = leaves} for each
-- legal move, the perft of the position after it at depth - 1.
function M.divide(x, depth, position)
  if type(depth) ~= "number" or depth < 1 then
    error("bad argument #2 to 'divide' (depth must be at least 1)", 2)
  end
  local g = M.type(x) == "Game" and x:copy() or M.game(x, position)
  local counts = {}
  for _, move in ipairs(g:moves()) do
    g:play(move)
    counts[move] = M.perft(g, depth - 1)
    g:undo()
  end
  return counts
end

-- extras.lua — parts of the API written in Lua over the C functions, and
-- helpers the other parts share.
local M, _, shared = ...

-- shared.reachable(v): the positions reachable from a variant's start,
-- breadth first, each once (the ply counts only while the rules read it).
function shared.reachable(v)
  local opening = v.opening
  local function key(p)
    return (tostring(p):gsub(" %d+$", "")) .. " " .. math.min(p.ply, opening)
  end
  local list, seen, head = {v.start}, {[key(v.start)] = true}, 1
  while head <= #list do
    local p = list[head]
    head = head + 1
    if not v:outcome(p) then
      for _, m in ipairs(v:moves(p)) do
        local q = v:play(p, m)
        if not seen[key(q)] then
          seen[key(q)] = true
          list[#list + 1] = q
        end
      end
    end
  end
  return list
end

-- shared.canonical(p, swap, board_only): the least text of p under the
-- rotations and reflections of the ring (and the colour swap, with the
-- side to move, when swap), the ply left out, and the side too when
-- board_only; and whether that least text took the colour swap.
function shared.canonical(p, swap, board_only)
  local best, swapped
  for _, colours in ipairs(swap and {false, true} or {false}) do
    for _, mirror in ipairs({false, true}) do
      for r = 0, p.arms - 1 do
        local text = tostring(p:transform{rotate = r, mirror = mirror, swap = colours})
        text = text:gsub(" %d+$", "")
        if board_only then text = text:sub(1, -3) end
        if not best or text < best then best, swapped = text, colours end
      end
    end
  end
  return best, swapped
end

-- mt.divide(game or variant, depth [, position]): {move = leaves} for each
-- legal move, the perft of the position after it at depth - 1.
function M.divide(x, depth, position)
  if math.type(depth) ~= "integer" and not (type(depth) == "number" and depth == math.floor(depth))
      or depth < 1 or depth > 200 then
    error("bad argument #2 to 'divide' (depth must be a whole number from 1 to 200, got " ..
          (type(depth) == "string" and string.format("%q", depth) or tostring(depth)) .. ")", 2)
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

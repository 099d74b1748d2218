-- extras.lua — parts of the API written in Lua over the C functions, and
-- helpers the other parts share.
local M, _, shared = ...

-- shared.state_key(v, p, h): a text that two states share exactly when
-- they are the same to the rules (pieces, side, ply while the rules read
-- it, remembered moves).
function shared.state_key(v, p, h)
  local key = (tostring(p):gsub(" %d+$", "")) .. " " .. math.min(p.ply, v.opening)
  for i = 1, math.min(#(h or {}), v.history) do key = key .. " " .. tostring(h[i]) end
  return key
end

-- Variant:key(position [, history]): a text two states share exactly when
-- they are the same to the variant's rules.
function M.Variant:key(p, h)
  if type(p) == "string" then p = M.position(p) end
  return shared.state_key(self, p, h)
end

-- shared.move_texts(list): the moves of a list as text.
function shared.move_texts(list)
  local out = {}
  for i, m in ipairs(list) do out[i] = tostring(m) end
  return out
end

-- shared.reachable(v): the states reachable from a variant's start,
-- breadth first, each once: a list of positions and the list of their
-- histories.
function shared.reachable(v)
  local start = v.start
  local list, histories, head = {start}, {{}}, 1
  local seen = {[shared.state_key(v, start, {})] = true}
  while head <= #list do
    local p, h = list[head], histories[head]
    head = head + 1
    if not v:outcome(p, h) then
      for _, m in ipairs(v:moves(p, h)) do
        local q, hq = v:play(p, m, h)
        local key = shared.state_key(v, q, hq)
        if not seen[key] then
          seen[key] = true
          list[#list + 1], histories[#list + 1] = q, hq
        end
      end
    end
  end
  return list, histories
end

-- shared.canonical(p, swap, board_only): the least text of p under the
-- rotations and reflections of the ring (a board of points: its
-- symmetries) and the colour swap, with the side to move, when swap; the
-- ply left out, and the side too when board_only; and whether that least
-- text took the colour swap.
function shared.canonical(p, swap, board_only)
  if p.points then -- a board of points: its own symmetries (boards.lua)
    local text, took = shared.graph_canonical(p, swap)
    if board_only then text = text:sub(1, -3) end
    return text, took
  end
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

-- games.lua — games the Lua tests share (dofile(HERE .. "/games.lua")).

local mt = require "mutorere"
local games = {}

-- The blunder game: 1-c at the start; white's 8-1 and black's c-8 are the
-- only moves (arm 1, then arm 8, is empty and has one piece of the mover
-- beside it, the centre being the enemy's); then white has 1-c, 5-c and
-- 7-c, and 1-c lets black block white in 5 plies (2-1, c-2, 1-c, 2-1, 3-2:
-- after 3-2 arm 2 is empty between black pieces, the centre black).
function games.blunder()
  local g = mt.game():play("1-c"):play("8-1"):play("c-8"):play("1-c")
  for _, m in ipairs({"2-1", "c-2", "1-c", "2-1", "3-2"}) do g:play(m) end
  return g
end

-- A board of points: a ring of n points "p1" .. "pn" (each joined to the
-- next, the last to the first) with the pieces of start (one character a
-- point, then the side to move).
function games.ring(n, start)
  local points, lines = {}, {}
  for i = 1, n do
    points[i] = "p" .. i
    lines[i] = {"p" .. i, "p" .. (i % n + 1)}
  end
  return mt.variant{name = "ring" .. n, points = points, lines = lines, start = start}
end

return games

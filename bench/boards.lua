-- boards.lua — boards of points (run by bench.c with the module loaded as
-- mt; quick = ... for a short run): perft on the wheel drawn as a board of
-- points against the wheel's own fast path, the same positions in one run
-- (the goal: within 3 times the wheel's time for the same leaves), and
-- the solve of a grid of 20 points with 6 pieces a side and 8 empty ones
-- (the goal: seconds), in processor time.

local quick = ...
local mt = mt

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local best = dofile(here .. "best.lua")

-- The wheel of n arms drawn as points "1".."n" and "c", with the flank
-- rule on "c": the standard game on that board.
local function wheel(n)
  local t = {name = "wheel" .. n, points = {}, lines = {}, centre = "c", flank = "always",
             start = string.rep("b", n // 2) .. string.rep("w", n // 2) .. ". b"}
  for i = 1, n do t.points[i] = tostring(i) end
  t.points[n + 1] = "c"
  for i = 1, n do
    t.lines[#t.lines + 1] = {tostring(i), tostring(i % n + 1)}
    t.lines[#t.lines + 1] = {tostring(i), "c"}
  end
  return mt.variant(t)
end

-- A grid of cols by rows points joined along rows and columns, black's
-- pieces first in reading order, white's last.
local function grid(cols, rows, pieces)
  local t = {name = "grid", points = {}, lines = {}}
  for r = 1, rows do
    for c = 1, cols do
      local name = string.char(96 + c) .. r
      t.points[#t.points + 1] = name
      if c < cols then t.lines[#t.lines + 1] = name .. "-" .. string.char(97 + c) .. r end
      if r < rows then t.lines[#t.lines + 1] = name .. "-" .. string.char(96 + c) .. (r + 1) end
    end
  end
  t.start = string.rep("b", pieces) .. string.rep(".", cols * rows - 2 * pieces) ..
            string.rep("w", pieces) .. " b"
  return mt.variant(t)
end

print("boards of points: perft against the wheel's (best of 3, processor time)")
for _, case in ipairs({{8, quick and 24 or 28}, {16, quick and 22 or 28}}) do
  local n, depth = case[1], case[2]
  local drawn, builtin = wheel(n), mt.variant{arms = n}
  local leaves
  local t_wheel = best(function() leaves = mt.perft(builtin, depth) end, os.clock)
  local t_graph = best(function() assert(mt.perft(drawn, depth) == leaves) end, os.clock)
  print(string.format("  %2d arms, depth %d, %d leaves: wheel %.1f M/s, as points %.1f M/s: %.2fx",
                      n, depth, leaves, leaves / t_wheel / 1e6, leaves / t_graph / 1e6,
                      t_graph / t_wheel))
end

local cols, rows, pieces = 5, 4, 6
if quick then cols, rows, pieces = 4, 4, 5 end
local v = grid(cols, rows, pieces)
local t0 = os.clock()
local s = mt.solve(v)
local seconds = os.clock() - t0
print(string.format("  solve a %dx%d grid, %d pieces a side, %d empty: %d positions in %.2f s " ..
                    "(processor), start: %s", cols, rows, pieces, cols * rows - 2 * pieces,
                    s:states(), seconds, (s:lookup(v.start))))

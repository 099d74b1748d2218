-- make-puzzles.lua — writes puzzle files found by mt.puzzle.generate.
--
--   mutorere scripts/tools/make-puzzles.lua VARIANT [ARMS] GOAL [PLIES [COUNT [DIR [UNLIKE]]]]
--
-- e.g. "standard 10 win 5 8 scripts/puzzles" writes up to 8 puzzles "win in
-- 5 plies" of the standard rules on 10 arms, the hardest first, as
-- scripts/puzzles/standard10-win5-1.lua and so on; each is checked before
-- it is written.  Without ARMS the variant is taken as it is: a board of
-- points ("tugul-shodra win 5 4 DIR" writes DIR/tugul-shodra-win5-1.lua
-- ...), or the wheel of its own arms.  With UNLIKE (a variant), only the
-- puzzles that are not the same puzzle under it: "no-restriction 8 draw ''
-- 4 DIR standard".

local mt = require "mutorere"
local variant = arg[1]
local arms = tonumber(arg[2])
local rest = arms and 3 or 2 -- where GOAL is: ARMS may be left out
local goal = arg[rest]
local plies, count = tonumber(arg[rest + 1]), tonumber(arg[rest + 2]) or 10
local dir, unlike = arg[rest + 3] or ".", arg[rest + 4]
if not (variant and (goal == "win" or goal == "draw")) then
  io.stderr:write("usage: make-puzzles.lua VARIANT [ARMS] win|draw [PLIES [COUNT [DIR [UNLIKE]]]]\n")
  os.exit(2)
end
local v = mt.variant(arms and {base = variant, arms = arms} or variant)
local board = v:board()
local graph = board.kind == "graph"

-- The number of lines and arrows at each point of the board.
local function degrees()
  local count_of = {}
  for _, list in ipairs({board.lines, board.arrows or {}}) do
    for _, line in ipairs(list) do
      for _, point in ipairs(line) do count_of[point] = (count_of[point] or 0) + 1 end
    end
  end
  return count_of
end

-- A hint that points the way without giving the move away: on the wheel
-- into, out of or around the centre; on a board of points the point it
-- goes to by its lines (or the centre, when the board names one).
local function hint_of(move)
  local from, to = move:match("^(%w+)-(%w+)$")
  if to == board.centre then return "The move to find goes into the centre." end
  if from == board.centre then return "The move to find leaves the centre." end
  if not graph then return "The move to find goes along the ring, not through the centre." end
  local k = degrees()[to] or 0
  return string.format("The move to find goes to a point on %d line%s.", k, k == 1 and "" or "s")
end

local found = mt.puzzle.generate{variant = v, goal = goal, plies = plies, unlike = unlike}
table.sort(found, function(a, b)
  if a.difficulty ~= b.difficulty then return a.difficulty > b.difficulty end
  return a.position < b.position
end)
local stem = graph and v.name .. "-" or string.format("%s%d-", v.name, v.arms)
local written = 0
for i, p in ipairs(found) do
  if i > count then break end
  local first = type(p.solution) == "table" and p.solution[1] or p.solution
  p.hint = hint_of(first)
  local report = mt.puzzle.check(p)
  if not report.ok then
    io.stderr:write("skipping a puzzle that fails its check: ",
                    table.concat(report.problems, "; "), "\n")
  else
    local name = string.format("%s%s%s-%d", stem, goal, plies or "", i)
    local f = assert(io.open(dir .. "/" .. name .. ".lua", "w"))
    f:write(mt.puzzle.text(p))
    f:close()
    written = written + 1
  end
end
print(string.format("%d of %d puzzles written to %s", written, #found, dir))

-- make-puzzles.lua — writes puzzle files found by mt.puzzle.generate.
--
--   mutorere scripts/tools/make-puzzles.lua VARIANT ARMS GOAL [PLIES [COUNT [DIR [UNLIKE]]]]
--
-- e.g. "standard 10 win 5 8 scripts/puzzles" writes up to 8 puzzles "win in
-- 5 plies" of the standard rules on 10 arms, the hardest first, as
-- scripts/puzzles/standard10-win5-1.lua and so on; each is checked before
-- it is written.  With UNLIKE (a variant), only the puzzles that are not
-- the same puzzle under it: "no-restriction 8 draw '' 4 DIR standard".

local mt = require "mutorere"
local variant, arms, goal = arg[1], tonumber(arg[2]), arg[3]
local plies, count, dir = tonumber(arg[4]), tonumber(arg[5]) or 10, arg[6] or "."
local unlike = arg[7]
if not (variant and arms and (goal == "win" or goal == "draw")) then
  io.stderr:write("usage: make-puzzles.lua VARIANT ARMS win|draw [PLIES [COUNT [DIR [UNLIKE]]]]\n")
  os.exit(2)
end

-- A hint that points the way without giving the move away.
local function hint_of(move)
  local from, to = move:match("^(%w+)-(%w+)$")
  if to == "c" then return "The move to find goes into the centre." end
  if from == "c" then return "The move to find leaves the centre." end
  return "The move to find goes along the ring, not through the centre."
end

local found = mt.puzzle.generate{variant = {base = variant, arms = arms},
                                 goal = goal, plies = plies, unlike = unlike}
table.sort(found, function(a, b)
  if a.difficulty ~= b.difficulty then return a.difficulty > b.difficulty end
  return a.position < b.position
end)
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
    local name = string.format("%s%d-%s%s-%d", variant, arms, goal, plies or "", i)
    local f = assert(io.open(dir .. "/" .. name .. ".lua", "w"))
    f:write(mt.puzzle.text(p))
    f:close()
    written = written + 1
  end
end
print(string.format("%d of %d puzzles written to %s", written, #found, dir))

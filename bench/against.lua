-- against.lua — what playing for the win against a fallible opponent
-- costs and reports: mt.player("perfect", {against = s}) choosing the
-- first move of Pong Hau K'i (exact there), of standard and of 10 arms
-- (bounds there), against s = 0.25, 0.5 and 0.75, each side: the move's
-- expected score, half the width of its bounds, and the seconds the move
-- took (a fresh player each time; the graph walked once a variant, before
-- the clock).  Run by bench.c with the module loaded as mt (quick = ...),
-- or alone: mutorere bench/against.lua [quick].

local quick = ...
quick = quick == true or quick == "quick"
local mt = mt or require("mutorere")

local boards = quick and {"pong-hau-ki", "standard"} or {"pong-hau-ki", "standard", 10}

print("playing for the win: the first move of each side against skill s (expected ± bound, seconds)")
for _, board in ipairs(boards) do
  local v = type(board) == "number" and mt.variant{arms = board} or mt.variant(board)
  local start = mt.game(v)
  local first = start:copy():play(start:moves()[1]) -- White's turn, after Black's first move
  mt.player("perfect", {against = 0.5}):choose(start) -- (the walk of the graph, untimed)
  for _, skill in ipairs({0.25, 0.5, 0.75}) do
    local parts = {}
    for _, g in ipairs({start, first}) do
      local t = mt.clock()
      local move, info = mt.player("perfect", {against = skill}):choose(g)
      parts[#parts + 1] = string.format("%s %s %.4f ± %.4f (%.2f s)", g:turn(), move, info.expected,
                                        info.expected_error, mt.clock() - t)
    end
    print(string.format("  %-12s s = %.2f: %s", v.name .. (type(board) == "number" and "-" .. board or ""),
                        skill, table.concat(parts, "; ")))
  end
end

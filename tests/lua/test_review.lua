-- test_review.lua — Game:review() on hand-checked games (a blunder in a
-- real line, an inaccuracy, only moves, forced moves), annotated records
-- that load as the same game, and review() in the REPL within 80 columns.

local mt = require "mutorere"

local blunder_game = dofile(HERE .. "/games.lua").blunder

-- The verdicts of a review, in order.
local function verdicts(r)
  local out = {}
  for i, e in ipairs(r) do out[i] = e.verdict end
  return out
end

test("a blunder in a real line of the standard game", function()
  local g = blunder_game()
  eq({g:result()}, {"black", "blocked"}, "black blocked white")
  local r = g:review()
  eq(#r, 9, "nine plies")
  eq(verdicts(r), {"best", "forced", "forced", "blunder", "only move", "forced",
                   "best", "forced", "only move"}, "verdicts")
  eq(r[4].before, {value = "draw"}, "white stood drawn")
  eq(r[4].after, {value = "loss", distance = 5}, "and left a loss in 5")
  eq(r[4].best, {"5-c", "7-c"}, "5-c and 7-c held the draw")
  eq(r[4].choices, 3, "of three moves")
  eq(r[5].before, {value = "win", distance = 5}, "black then wins in 5")
  eq(r[5].after, {value = "win", distance = 4}, "a best move leaves a win in 4")
  eq(r[9].after, {value = "win", distance = 0}, "the last move wins")
  eq({r.result, r.reason}, {"black", "blocked"}, "result")
  eq(r[1].side, "black", "side")
  eq(r[4].move, "1-c", "move")
end)

test("inaccuracies: a slower win, a faster loss", function()
  -- Standard on 10 arms: in bwbwbbwwwb/. b black wins in 3 by 3-c (white
  -- must answer 2-3 or 4-3, then 1-2 or 5-4 leaves white no move), while
  -- 1-c and 5-c win only in 5.
  local g = mt.game({base = "standard", arms = 10})
  for _, m in ipairs({"1-c", "10-1", "c-10", "1-c", "2-1", "c-2", "5-c", "6-5",
                      "c-6", "5-c", "4-5", "c-4"}) do g:play(m) end
  eq(g:position(), "bwbwbbwwwb/. b 12", "the position")
  local best = g:copy():play("3-c"):review()[13]
  eq({best.verdict, best.after.distance}, {"best", 2}, "3-c: best, a win in 2 left")
  local slow = g:copy():play("1-c"):review()[13]
  eq(slow.verdict, "inaccuracy", "1-c wins, but slower")
  eq(slow.after, {value = "win", distance = 4}, "a win in 4 left")
  eq(slow.before, {value = "win", distance = 3}, "from a win in 3")
  eq(slow.best, {"3-c"}, "3-c was best")
  -- first-move on 10 arms: after 1-c 10-1 c-10 9-c 10-9 white (the centre
  -- white's, arm 10 empty) has 1-10 (losing in 4) and c-10, after which
  -- black's 3-c (or 4-c) leaves white no move at once.
  local h = mt.game({base = "first-move", arms = 10})
  for _, m in ipairs({"1-c", "10-1", "c-10", "9-c", "10-9", "c-10", "3-c"}) do h:play(m) end
  eq({h:result()}, {"black", "blocked"}, "white blocked")
  local r = h:review()
  eq(r[6].before, {value = "loss", distance = 4}, "white lost in 4")
  eq({r[6].verdict, r[6].after.distance}, {"inaccuracy", 1}, "c-10 loses faster")
  eq(r[6].best, {"1-10"}, "1-10 delays")
  eq(r[7].verdict, "best", "3-c: one of two winning moves")
end)

test("review of an empty game, a set-up game, and errors", function()
  eq(#mt.game():review(), 0, "no moves")
  local g = mt.game("standard", "bbb.wwww/b w 1"):play("5-4")
  eq(#g:review(), 1, "from a set-up position")
  eq(g:review().start, "bbb.wwww/b w 1", "its start")
  local big = mt.game({base = "standard", arms = 42}):play("1-c")
  check(not pcall(big.review, big), "a board too big to solve")
end)

-- The moves and result of a record's game.
local function game_of(text)
  local g = mt.from_record(text)
  return {history = g:history(), start = g:start(), result = g:result()}
end

test("annotated records load as the same game", function()
  local g = blunder_game()
  local text = g:record{annotate = true, Event = "test"}
  check(text:find("{blunder: loss in 5, was draw; best 5-c 7-c}", 1, true), "the blunder's comment")
  check(text:find("{forced}", 1, true) and text:find("{only move}", 1, true), "verdicts")
  check(text:find('[Event "test"]', 1, true), "other tags kept")
  check(not text:find("annotate", 1, true), "no annotate tag")
  for line in text:gmatch("[^\n]+") do check(#line <= 80, "line: " .. line) end
  eq(game_of(text), game_of(g:record()), "the same game")
  eq(mt.from_record(text):record(), g:record{Event = "test"}, "the same record unannotated")
  eq(g:record{annotate = false}, g:record(), "annotate = false")
  -- white first, from a set-up position, unfinished
  local w = mt.game("standard", "bbb.wwww/b w 1"):play("5-4"):play("c-5"):play("6-c")
  local wt = w:record{annotate = true}
  check(wt:find("1... 5-4 {", 1, true), "white's first move numbered 1...")
  eq(game_of(wt), game_of(w:record()), "the same set-up game")
  -- a hooked variant from a file
  local h = mt.game("centre-must-leave"):play("4-c"):play("5-4"):play("c-5")
  eq(game_of(h:record{annotate = true}), game_of(h:record()), "a hooked variant")
  -- a variant that remembers moves: its states, not its boards, are judged
  local t = mt.game("tired-piece")
  local p = mt.player("perfect", {skill = 0.5}):reset(5)
  for _ = 1, 30 do if not t:result() then t:play(p:choose(t)) end end
  local r, s = t:review(), mt.solve(t:variant())
  local replay = mt.game("tired-piece")
  for i, e in ipairs(r) do
    local value, d = s:lookup(replay)
    eq({e.before.value, e.before.distance}, {value, d}, "tired-piece ply " .. i .. " before")
    replay:play(e.move)
  end
  eq(game_of(t:record{annotate = true}), game_of(t:record()), "tired-piece round trip")
end)

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- Runs the program's REPL on a pipe with input; returns its output.
local function repl(input)
  local in_file = os.tmpname()
  local f = assert(io.open(in_file, "w"))
  f:write(input)
  f:close()
  local p = assert(io.popen(string.format("NO_COLOR=1 %s <%s 2>&1", quote(PROGRAM), in_file)))
  local out = p:read("a")
  p:close()
  os.remove(in_file)
  return out
end

test("review() and mt.compare in the REPL: legible in 80 columns", function()
  local out = repl('play "1-c 8-1 c-8 1-c 2-1"\nreview()\n' ..
                   'print(mt.compare{"standard", "first-two-turns", "first-move", ' ..
                   '"no-restriction", "adjacent-enemy", "misere", games = 100})\n')
  check(out:find("   4 w  1-c   draw       loss in 5  blunder", 1, true), "the blunder's line: " .. out)
  check(out:find("·····●····│··········", 1, true), "the value line")
  check(out:find("first-move: a forced win for white in 4 plies", 1, true), "compare's words")
  check(out:find("reachable states            1180        1187", 1, true), "compare's table")
  for line in out:gmatch("[^\n]+") do
    check(utf8.len(line) <= 80, "line of " .. utf8.len(line) .. " columns: " .. line)
  end
  local empty = repl("review()\n")
  check(empty:find("no moves to review", 1, true), "nothing to review")
  local loaded = repl('play "1-c 8-1"\nundo(2)\nreview()\n')
  check(loaded:find("   2 w  8-1", 1, true), "moves redo() would play are reviewed")
end)

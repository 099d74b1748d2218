-- A REPL session fed through a pipe under valgrind's memcheck (.ci/run):
-- every part of the program once, errors included.
new "first-move"
play "1-c"
moves()
undo()
play "4-c 5-4"
history()
analyse()
hint()
ai "alphabeta"
play "c-5"
ai(false)
new()
g = current():copy()
mt.perft(g, 8)
mt.divide(mt.game(), 6)
mt.search(g, {depth = 6, eval = function(p, v) local a, b = v:mobility(p) return a - b end})
mt.mcts(g, {playouts = 200, policy = function(p, moves) return 1 end})
s = mt.solve{arms = 10}
s:census()
mt.report("standard", {games = 20})
text = g:record{Event = "valgrind"}
mt.from_record(text):position()
mt.from_record("1. 4-c 5-4 2. 3-4")
#mt.svg(g) > 0 and #mt.svg_game(g) > 0
select(2, mt.dot("standard"))
mt.puzzle.check("standard8-win3-1").ok
puzzle "standard8-draw-1"
mt.variant{allow = function() error("hook failure") end}:moves("bbbbwwww/. b")
mt.sandbox(function() local t = {} while true do t[#t + 1] = {} end end, {memory = 1 << 20})
mt.sandbox(function() while true do end end, {time = 0.1})
mt.limit({instructions = 10000}, function() while true do pcall(error) end end)
help(mt.game)
mt.game("standard", "bbbbbwww/. b")

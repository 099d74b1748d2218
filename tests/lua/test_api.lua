-- test_api.lua — the Lua API contract: games, moves, positions, perft and
-- the errors bad input gets.

local mt = require "mutorere"

-- The game's observable state, to check that a failed call changed nothing.
local function state(g)
  return {g:position(), g:history(), g:ply(), g:result()}
end

test("a new game starts from the start", function()
  local g = mt.game()
  eq(g:position(), "bbbbwwww/. b", "start")
  eq(g:turn(), "black", "turn")
  eq(g:result(), nil, "result")
  eq(g:moves(), {"1-c", "4-c"}, "moves")
  eq(g:ply(), 0, "ply")
  eq(#g, 0, "#g")
  eq(g:history(), {}, "history")
  eq(g:start(), "bbbbwwww/. b", "start()")
  eq(g:variant().name, "standard", "variant")
  eq(mt.type(g), "Game", "type")
end)

test("play, undo and redo", function()
  local g = mt.game("standard")
  check(g:play("4-c") == g, "play returns the game")
  g:play("5-4"):play("c-5")
  eq(g:position(), "bbbwbwww/. w 3", "after three moves")
  eq(g:history(), {"4-c", "5-4", "c-5"}, "history")
  eq(g:turn(), "white", "turn")
  check(g:undo(), "undo")
  eq(g:position(), "bbbw.www/b b 2", "after undo")
  check(g:redo(), "redo")
  eq(g:position(), "bbbwbwww/. w 3", "after redo")
  check(not g:redo(), "nothing to redo")
  g:undo() g:undo() g:undo()
  check(not g:undo(), "nothing to undo")
  eq(g:position(), "bbbbwwww/. b", "back at the start")
  local moves = mt.variant("standard"):moves(g:board())
  g:play(moves[2]) -- a Move value works too
  eq(g:history(), {"4-c"}, "played a Move value")
end)

test("a blocked side loses, and the game says why", function()
  local g = mt.game("standard", "bbb.wwwb/w w")
  g:play("5-4")
  local result, reason = g:result()
  eq(result, "white", "winner")
  eq(reason, "blocked", "reason")
  eq(g:moves(), {}, "no moves after the end")
  raises(function() g:play("c-5") end, "the game is over (white won by blocked)")
  local m = mt.game("misere", "bbb.wwwb/w w")
  m:play("5-4")
  eq(m:result(), "black", "misere: the blocked side wins")
end)

test("a game stops at the last ply a position holds; every position it reached reads back", function()
  -- (issue 33) games played past ply 999,999,999 and printed positions
  -- that mt.position refused
  local why = "illegal move 5-4: the game is at ply 999999999, the last a position holds: " ..
              "no move is played past it"
  local g = mt.game("standard", "bbbbwwww/. b 999999998"):play("4-c")
  eq(tostring(mt.position(g:position())), "bbb.wwww/b w 999999999", "the last ply reads back")
  raises(function() g:play("5-4") end, why)
  eq({g:position(), #g:history()}, {"bbb.wwww/b w 999999999", 1}, "the game as it was")
  eq(mt.from_record(g:record()):position(), g:position(), "its record reads back")
  local v = mt.variant("pong-hau-ki")
  raises(function() v:play(mt.position("bb.ww b 999999999"), "tl-c") end,
         "illegal move tl-c: the game is at ply 999999999")
  eq(tostring(v:play(mt.position("bb.ww b 999999998"), "tl-c")), ".bbww w 999999999")
  raises(function() mt.game("standard", "bbbbwwww/. b 999999999"):play("4-c") end, "the game is at ply")
end)

test("repetition and the ply cap end games in a draw", function()
  local g = mt.game({base = "standard", max_plies = 2})
  g:play("4-c") g:play("5-4")
  eq({g:result()}, {"draw", "ply cap"}, "cap")
  local r = mt.game({base = "no-restriction", arms = 4, repetition = 2})
  -- bbww/. b: 1-c, then white 3-1? walk until the game ends
  local seen = 0
  while not r:result() and seen < 100 do
    r:play(r:moves()[1])
    seen = seen + 1
  end
  local result, reason = r:result()
  check(result ~= nil, "the 4-arm game ends")
  if reason == "repetition" then eq(r:repetitions(), 2, "repetitions") end
end)

test("illegal moves are refused with the reason and change nothing", function()
  local g = mt.game()
  local before = state(g)
  raises(function() g:play("2-c") end, "illegal move 2-c: the flank rule")
  raises(function() g:play("5-c") end, "illegal move 5-c: arm 5 holds a white piece")
  raises(function() g:play("1-2") end, "illegal move 1-2: arm 2 is occupied")
  raises(function() g:play("c-1") end, "illegal move c-1: the centre is empty")
  g:play("4-c")
  raises(function() g:play("3-4") end, "illegal move 3-4: arm 3 holds a black piece")
  g:play("5-4")
  raises(function() g:play("3-5") end, "illegal move 3-5: arm 5 is not next to arm 3")
  g:undo() g:undo()
  eq(state(g), before, "unchanged")
end)

test("malformed moves are refused with what is wrong", function()
  local g = mt.game()
  local before = state(g)
  raises(function() g:play("") end, "bad move: the from point is end of text")
  raises(function() g:play("4c") end, "bad move: expected '-'")
  raises(function() g:play("9-c") end, "bad move: there is no arm 9")
  raises(function() g:play("4-4") end, "bad move: from and to are the same point")
  raises(function() g:play("4-c junk") end, "bad move: unexpected 'j'")
  raises(function() g:play(42) end, "move text expected")
  raises(function() g:play() end, "move text expected")
  eq(state(g), before, "unchanged")
end)

test("malformed positions are refused with what is wrong", function()
  local cases = {
    {"", "empty text"},
    {"bbbbwwww", "the side to move is missing: after the 8 points"},
    {"bbxbwwww/. b", "arm 3 is 'x'"},
    {"bbbwwww/. b", "7 arms"},
    {"bbbbwwww/x b", "the centre is 'x'"},
    {"bbbbwwww/. x", "the side to move is 'x'"},
    {"bbbbwwww/. b -3", "the ply must be a number"},
    {"bbbbbwww/. b", "5 black pieces"},
    {"bbbbwwww/w b", "5 white pieces"},
  }
  for _, c in ipairs(cases) do
    raises(function() mt.game("standard", c[1]) end, c[2], c[1])
    raises(function() mt.position(c[1]) end, c[2], c[1])
  end
  raises(function() mt.game("standard", "bbbbbwwwww/. b") end,
         "the position has 10 arms but variant 'standard' has 8")
  raises(function() mt.game("standard", {}) end, "position text or Position expected")
end)

test("positions are values with fields", function()
  local p = mt.position("bbb.wwww/b w 3")
  eq(mt.type(p), "Position", "type")
  eq(tostring(p), "bbb.wwww/b w 3", "tostring")
  eq(p.arms, 8, "arms")
  eq(p.side, "white", "side")
  eq(p.ply, 3, "ply")
  eq(p.centre, "black", "centre")
  eq(p.empty, 4, "empty")
  eq(p[1], "black", "p[1]")
  eq(p[4], nil, "p[4]")
  eq(p[5], "white", "p[5]")
  eq(p:at("c"), "black", "at c")
  eq(p:pieces("black"), {1, 2, 3, "c"}, "pieces")
  eq(p:neighbours(1), {8, 2, "c"}, "neighbours of 1")
  eq(#p:neighbours("c"), 8, "neighbours of c")
  check(p == mt.position("bbb.wwww/b w 3"), "equal values")
  check(p ~= mt.position("bbb.wwww/b w 4"), "ply differs")
  check(p:same("bbb.wwww/b w 4"), "same ignores the ply")
  eq(tostring(p:transform{rotate = 1}), "wbbb.www/b w 3", "rotate")
  eq(tostring(p:transform{mirror = true}), "bwwww.bb/b w 3", "mirror")
  eq(tostring(p:transform{swap = true}), "www.bbbb/w b 3", "swap")
  raises(function() p:at(9) end, "no arm 9")
  raises(function() p:at("x") end, "a point is an arm number or \"c\"")
  eq(tostring(mt.game():board()), "bbbbwwww/. b", "g:board()")
end)

test("moves are values with from and to", function()
  local moves = mt.variant("standard"):moves(mt.position("bbb.wwww/b w"))
  eq(#moves, 1, "one move")
  local m = moves[1]
  eq(mt.type(m), "Move", "type")
  eq(tostring(m), "5-4", "tostring")
  eq(m.from, 5, "from")
  eq(m.to, 4, "to")
  check(m == mt.variant("standard"):moves(mt.position("bbb.wwww/b w"))[1], "equal")
end)

test("variants play and judge positions", function()
  local v = mt.variant("standard")
  local p = v:play("bbbbwwww/. b", "4-c")
  eq(tostring(p), "bbb.wwww/b w 1", "play")
  raises(function() v:play("bbbbwwww/. b", "2-c") end, "illegal move 2-c: the flank rule")
  eq({v:outcome("bbbw.wwb/w b")}, {"white", "blocked"}, "outcome")
  eq(v:outcome("bbbbwwww/. b"), nil, "no outcome")
  raises(function() v:moves("bbbbbwwwww/. b") end, "10 arms but the variant has 8")
end)

test("copies are independent", function()
  local g = mt.game()
  g:play("4-c")
  local c = g:copy()
  c:play("5-4")
  eq(g:position(), "bbb.wwww/b w 1", "original")
  eq(c:position(), "bbbw.www/b b 2", "copy")
  check(c:undo() and c:undo(), "the copy has the history")
  check(not c:undo(), "and no more")
end)

test("the board diagram shows arms, numbers and pieces", function()
  local text = tostring(mt.game())
  check(text:find("standard · ply 0 · black to move", 1, true), "status line")
  for i = 1, 8 do check(text:find(tostring(i), 1, true), "arm " .. i) end
  local _, black = text:gsub("●", "")
  local _, white = text:gsub("○", "")
  eq(black, 4, "black pieces")
  eq(white, 4, "white pieces")
  check(not text:find("\27", 1, true), "no colour codes when not on a terminal")
  local coloured = mt.diagram(mt.game(), true)
  check(coloured:find("\27[", 1, true), "colour codes on request")
  local big = tostring(mt.game{arms = 20})
  check(big:find("20", 1, true) and big:find("centre", 1, true), "a ring for 20 arms")
  local done = mt.game("standard", "bbb.wwwb/w w"):play("5-4")
  check(tostring(done):find("white wins (blocked)", 1, true), "the end is shown")
end)

test("perft counts in C from games and variants", function()
  eq(mt.perft(mt.game(), 10), 128, "game")
  eq(mt.perft("first-move", 10), 144, "variant name")
  eq(mt.perft(mt.variant("standard"), 3, "bbb.wwww/b w 1"), 3, "from a position")
  local g = mt.game()
  g:play("4-c")
  eq(mt.perft(g, 9), 128 / 2, "from the current position")
  eq(mt.perft(g, 0), 1, "depth 0")
  raises(function() mt.perft(g, -1) end, "depth must be a whole number from 0 to 200, got -1")
  raises(function() mt.perft(g, "x") end, "depth must be a whole number from 0 to 200, got \"x\"")
  eq(mt.divide(mt.game(), 10), {["1-c"] = 64, ["4-c"] = 64}, "divide")
end)

test("the module's functions are all there", function()
  for _, name in ipairs({"game", "variant", "variants", "builtins", "perft",
                         "divide", "position", "diagram", "help", "doc", "type"}) do
    eq(type(mt[name]), "function", "mt." .. name)
  end
  eq(type(mt.version), "string", "version")
  eq(type(mt.path), "table", "path")
end)

test("a second copy of the module in the same state (mutorere.so beside the program) shares its types", function()
  local so = (PROGRAM:match("^(.*)/[^/]*$") or ".") .. "/mutorere.so"
  local mt2 = assert(package.loadlib(so, "luaopen_mutorere"))("mutorere")
  check(mt2 ~= mt, "another copy")
  local mine, theirs = mt.game(), mt2.game()
  eq({#mine:moves(), #theirs:moves()}, {2, 2}, "each plays")
  eq({#mt2.Game.moves(mine), #mt.Game.moves(theirs)}, {2, 2}, "each takes the other's games")
  eq(tostring(mt.variant("standard"):moves(theirs:position())[1]), "1-c", "and positions")
  eq(mt2.solve(mine:variant()):lookup(theirs:position()), "draw", "and variants")
end)

-- test_moves.lua — rules that create moves (issue 32): the six games of
-- drops, jumps and captures against a second implementation written from
-- their rules in words (naive_games.lua): perft, and the value and
-- distance of every state play reaches; moves of every kind read and
-- written; records of them read back; what is wrong with a move, a hand
-- or a moves hook said, and nothing lost.

local naive = dofile(HERE .. "/naive_games.lua")

local SIX = {"achi", "tapatan", "three-mens-morris", "four-field-kono", "leaping-torere",
             "placing-torere"}

-- The perft depths compared: the 3x3 games to 6 plies (their drops and
-- first slides), the wheel's to 10, Four Field Kono's captures to 5.
local DEPTH = {achi = 6, tapatan = 6, ["three-mens-morris"] = 6, ["four-field-kono"] = 5,
               ["leaping-torere"] = 10, ["placing-torere"] = 9}

test("perft of the six games is the naive implementation's", function()
  for _, name in ipairs(SIX) do
    local game, g = naive[name], mt.game(name)
    eq(g:position(), naive.key(game, game.start()), name .. ": the start")
    local want = naive.perfts(game, game.start(), DEPTH[name])
    for d = 1, DEPTH[name] do eq(mt.perft(g, d), want[d], name .. ": perft " .. d) end
  end
end)

-- The naive solve of a game from its start, each game solved once.
local solved = {}
local function naive_solve(game)
  solved[game] = solved[game] or table.pack(naive.solve(game))
  return table.unpack(solved[game], 1, 2)
end

-- Checks that the engine's solution of variant v gives every state of the
-- naive game reachable from its start its value and distance.
local function same_values(v, game, what)
  local want, count = naive_solve(game)
  local solution = mt.solve(v)
  local wrong = 0
  for key, x in pairs(want) do
    local value, d = solution:lookup(key)
    if value ~= x[1] or d ~= x[2] then
      wrong = wrong + 1
      if wrong <= 3 then eq({value, d}, {x[1], x[2]}, what .. ": " .. key) end
    end
  end
  eq(wrong, 0, what .. ": states valued otherwise")
  return count, want
end

test("the value and distance of every state play reaches: five games whole, Kono late", function()
  for _, name in ipairs(SIX) do
    if name ~= "four-field-kono" then
      local count = same_values(mt.variant(name), naive[name], name)
      eq(mt.solve(name):census().reachable, count, name .. ": the states play reaches")
    end
  end
  -- Four Field Kono's start reaches 64 million states: positions after
  -- captures, with every state they reach
  for _, cells in ipairs({"b...b...w......w", ".b..b.....w.w..."}) do
    local v = mt.variant{base = "four-field-kono", start = cells .. " b"}
    same_values(v, naive.kono_from(cells), "kono from " .. cells)
  end
end)

test("the start values: Achi and Tapatan are won for the first player, the others drawn", function()
  local want = {achi = {"win", 11}, tapatan = {"win", 9}, ["three-mens-morris"] = {"draw"},
                ["leaping-torere"] = {"draw"}, ["placing-torere"] = {"draw"}}
  for name, x in pairs(want) do
    local all = naive_solve(naive[name])
    local start = naive.key(naive[name], naive[name].start())
    eq(all[start], x, name .. ": by the naive solve")
    eq({mt.solve(name):lookup(mt.game(name))}, x, name .. ": by the engine")
  end
end)

-- The position of the drops game that a state of a game written with hand
-- points stands for: the first n points the board, the pieces still on
-- the hand points (the rest of the text) in hand.
local function dropped(text, n)
  local cells, side, ply = text:match("^(%S+) (%a) ?(%d*)$")
  local hands = cells:sub(n + 1)
  local _, b = hands:gsub("b", "")
  local _, w = hands:gsub("w", "")
  local out = cells:sub(1, n) .. ((b > 0 or w > 0) and string.format(" %d/%d", b, w) or "") .. " " .. side
  return ply ~= "" and ply ~= "0" and out .. " " .. ply or out
end

test("Do Guti and Dörvön Cag, written with drops, are their hand-point versions' games", function()
  -- the scripts place from hand points by one-way lines and an allow
  -- hook; the fields drop from the hand: every state the first reaches
  -- has the same value and distance as its drops position, and the two
  -- reach as many states
  for _, name in ipairs({"do-guti", "dorvon-cag"}) do
    local hooked = mt.variant(name)
    local n = hooked.points - 4
    local board = hooked:board()
    local points, lines = table.move(board.points, 1, n, 1, {}), {}
    for _, l in ipairs(board.lines) do lines[#lines + 1] = l end
    local layout = {}
    for i = 1, n do layout[points[i]] = board.layout[points[i]] end
    local drops = mt.variant{name = name .. "-drops", points = points, lines = lines, layout = layout,
                             start = string.rep(".", n) .. " 2/2 b"}
    local a, b = mt.solve(hooked), mt.solve(drops)
    local seen, queue, wrong = {[tostring(hooked.start)] = true}, {hooked.start}, 0
    local head = 1
    while queue[head] do
      local p = queue[head]
      head = head + 1
      local va, da = a:lookup(p)
      local vb, db = b:lookup(dropped(tostring(p), n))
      if va ~= vb or da ~= db then
        wrong = wrong + 1
        if wrong <= 3 then eq({vb, db}, {va, da}, name .. ": " .. tostring(p)) end
      end
      for _, m in ipairs(hooked:moves(p)) do
        local q = hooked:play(p, m)
        local key = tostring(mt.position(q)):gsub(" %d+$", "")
        if not seen[key] then seen[key], queue[#queue + 1] = true, q end
      end
    end
    eq(wrong, 0, name .. ": states whose values differ")
    eq(mt.solve(drops):census().reachable, #queue, name .. ": the states reached")
  end
end)

test("move text of every kind: read, written, and the short form of a capture", function()
  local kono = mt.variant("four-field-kono")
  local m = kono:moves(kono.start)[1]
  eq({tostring(m), m.from, m.to, m.kind, m.take}, {"a1xa3", "a1", "a3", "jump", {"a3"}},
     "a capture by a jump onto the enemy")
  local achi = mt.variant("achi")
  local d = achi:moves(achi.start)[5]
  eq({tostring(d), d.from, d.to, d.kind, d.take}, {"@b2", nil, "b2", "drop", {}}, "a drop")
  local l = mt.game("leaping-torere")
  l:play("4-c") l:play("5-4") l:play("3-5") -- 3 jumps over the enemy on 4 into 5
  eq(l:position(), "bb.wbwww/b w 3", "a jump along the ring")
  eq(l:history()[3], "3-5", "written as a move between its points")
  eq(mt.variant("leaping-torere"):moves("bbbw.www/b b 2")[2].kind, "jump", "a jump's kind")
  local v = mt.variant{base = "standard", name = "takers", jumps = {over = "enemy", take = true}}
  local g = mt.game(v, "b.bw..../. b")
  check(table.concat(g:moves(), " "):find("3-5x4", 1, true),
        "a jump that takes the piece it passes over: " .. table.concat(g:moves(), " "))
  g:play("3x5") -- short: the one capture from 3 to 5
  eq(g:position(), "b...b.../. w 1", "played from its short form")
  eq(g:history(), {"3-5x4"}, "and written in full")
  local blocked = mt.variant{base = "standard", name = "pass-when-blocked", pass = "blocked",
                             misere = false}
  eq(mt.game(blocked):moves(), {"1-c", "4-c"}, "no pass while a piece can move")
  eq(mt.game(blocked, "w.wbwbbb/w b"):moves(), {"pass"}, "a pass when none can")
  raises(function() mt.variant{arms = 6, jumps = {over = "any", span = 5}} end,
         "jump 1: a jump along the ring passes over fewer points than the ring has arms less one")
  local p = mt.variant{base = "standard", name = "passing", pass = "always"}
  eq(mt.game(p):moves()[3], "pass", "a pass")
  eq(mt.game(p):play("pass"):position(), "bbbbwwww/. w 1", "a pass moves nothing")
end)

-- The game as text, to see that a failed call left it as it was.
local function state(g) return g:position() .. " | " .. table.concat(g:history(), " ") end

test("what is wrong with a drop, a capture, a hand or a moves hook is said; nothing is lost", function()
  local a = mt.game("achi")
  for _, m in ipairs({"@a1", "@b1", "@c1", "@a2", "@c2", "@b3", "@a3", "@c3"}) do a:play(m) end
  local before = state(a)
  raises(function() a:play("@b2") end, "illegal move @b2: black has no piece in hand to drop")
  raises(function() a:play("a2x") end, "bad move")
  eq(state(a), before, "the game as it was")
  local k = mt.game("four-field-kono")
  raises(function() k:play("a1xa2") end, "it takes the piece on point a2, black's own")
  raises(function() k:play("a1-a5") end, 'there is no point "a5"')
  raises(function() k:play("a1-b1") end, "point b1 holds a black piece")
  eq(state(k), "bbbbbbbbwwwwwwww b | ", "nothing played")
  for _, start in ipairs({"......... -1/4 b", "......... 1.5/4 b", "......... 4/x b"}) do
    raises(function() mt.variant{base = "achi", start = start} end, "bad start position: the hands are")
  end
  raises(function() mt.variant{base = "achi", start = "......... 5/4 b"} end,
         "5 black and 4 white pieces (on the board and in hand) on 9 points")
  raises(function() mt.variant{base = "standard", start = "bbb.www./. 1/1 b", drops = false} end,
         "1 black pieces in hand, but the rules have no drops")
  local function hooked(moves) return mt.variant{base = "achi", name = "hooked", moves = moves} end
  raises(function() mt.game(hooked(function() return {"zz"} end)) end,
         'moves hook failed at ......... 4/4 b: it returned "zz" at [1]: bad move: there is no point "zz"')
  raises(function() mt.game(hooked(function() return {"a1-a5"} end)) end, 'there is no point "a5"')
  raises(function() mt.game(hooked(function() error("deliberate") end)) end,
         "moves hook failed at ......... 4/4 b:")
  raises(function() mt.game(hooked(function() return 5 end)) end, "it returned 5; want a list of moves")
  raises(function() mt.game(hooked(function() return {"@a1", 7} end)) end,
         "it returned 7 at [2]; want a Move or move text")
  raises(function() mt.game(hooked(function() return {"a1-b1"} end)) end,
         "it returned a1-b1 at [1], which cannot be played here: point a1 is empty")
  local kono = mt.variant{base = "four-field-kono", name = "own", moves = function() return {"a1xa2"} end}
  raises(function() mt.game(kono) end, "it takes the piece on point a2, black's own")
  -- a hook that fails in the middle of a game: the game stays where it was
  local calls = 0
  local late = mt.variant{base = "achi", name = "late", pure = false, moves = function(p, made)
    calls = calls + 1
    if p.hand.black < 4 then error("deliberate") end
    return made
  end}
  local g = mt.game(late)
  raises(function() g:play("@b2") end, "deliberate")
  eq(state(g), "......... 4/4 b | ", "the game as it was")
  check(calls > 0, "the hook was asked")
end)

test("a moves hook makes the moves: given the fields' moves, its list is the state's", function()
  -- compulsory capture, written as a hook over Four Field Kono's fields
  local must = mt.variant{base = "four-field-kono", name = "must-take", moves = function(_, made)
    local takes = {}
    for _, m in ipairs(made) do if #m.take > 0 then takes[#takes + 1] = m end end
    return #takes > 0 and takes or made
  end}
  local start = "b...bb..w......w b"
  local g = mt.game(must, start)
  eq(g:moves(), {"a1xa3"}, "only the capture")
  local fields = mt.game("four-field-kono", start):moves()
  check(#fields > 1 and table.concat(fields, " "):find("a1xa3", 1, true),
        "where the fields give more, that capture among them")
  -- the same rules as fields or as a hook: the same perft and solution
  local as_hook = mt.variant{base = "achi", name = "achi-hook", drops = false, moves = function(p, made)
    if p.hand[p.side] == 0 then return made end
    local drops = {}
    for _, point in ipairs(p:pieces("empty")) do drops[#drops + 1] = "@" .. point end
    return drops
  end}
  for d = 1, 5 do eq(mt.perft(mt.game(as_hook), d), mt.perft(mt.game("achi"), d), "perft " .. d) end
  eq({mt.solve(as_hook):lookup(as_hook.start)}, {mt.solve("achi"):lookup(mt.game("achi"))},
     "the start's value")
end)

test("a short capture names the one move that takes: two that take are refused, naming both", function()
  local twice = mt.variant{base = "four-field-kono", name = "twice", moves = function(p, made)
    if p.side == "black" and p.a1 == "black" then return {"a1-c1xb1", "a1-c1xb1xd4", "a1-c1"} end
    return made
  end}
  local g = mt.game(twice, "bw.............w b")
  raises(function() g:play("a1xc1") end, "it names more than one move: a1-c1xb1 or a1-c1xb1xd4")
  g:play("a1-c1")
  eq(g:position(), ".wb............w w 1", "the move without the capture, written in full")
  -- beside a jump that takes nothing: the one that takes (the attacker's
  -- case, on the wheel and on a board of points)
  local both = mt.variant{base = "standard", name = "both", jumps = {{over = "enemy", take = true}, {over = "enemy"}}}
  g = mt.game(both, "bbw.wwbb/. b")
  eq(g:moves(), {"2-c", "7-c", "2-4x3", "2-4"}, "a jump that takes and one that does not")
  eq(g:play("2x4"):history(), {"2-4x3"}, "2x4: the one that takes")
  eq(mt.game(both, "bbw.wwbb/. b"):play("2-4"):history(), {"2-4"}, "2-4: itself")
  local kono = mt.variant{base = "four-field-kono", name = "both-kono",
                          jumps = {{over = "piece", take = true, onto = "any"}, {over = "piece", onto = "any"}}}
  eq(mt.game(kono, "bw......w....... b"):play("a1xc1"):history(), {"a1-c1xb1"}, "on a board of points")
  -- a move that takes, written as a move between its points: the one move there
  local takers = mt.variant{base = "standard", name = "takers", jumps = {over = "enemy", take = true}}
  eq(mt.game(takers, "bbw.wwbb/. b"):play("2-4"):history(), {"2-4x3"}, "2-4: the one move from 2 to 4")
end)

test("records of games of drops and captures read back on any machine", function()
  for _, name in ipairs({"achi", "four-field-kono", "placing-torere"}) do
    local g, p = mt.game(name), mt.player("random"):reset(7)
    while not g:result() and g:ply() < 40 do g:play(p:choose(g)) end
    local path = os.tmpname()
    g:save(path)
    local h = mt.load(path)
    os.remove(path)
    eq(h:history(), g:history(), name .. ": the moves")
    eq(h:position(), g:position(), name .. ": the position")
    eq({h:result()}, {g:result()}, name .. ": the result")
  end
  -- a variant of one's own, with its fields: the record carries them
  local own = mt.variant{base = "standard", name = "takers", jumps = {over = "enemy", take = true},
                         pass = "blocked"}
  local g = mt.game(own)
  g:play("4-c")
  local text = g:record()
  check(text:find('[Moves "slides=empty jump=enemy>empty:take:1-1 pass=blocked"]', 1, true),
        "the Moves tag: " .. text)
  local h = mt.from_record(text)
  eq(h:variant():parameters(), own:parameters(), "the rules read back")
end)

test("solution files of games of drops and captures: kept, read back, another's refused", function()
  local path = os.tmpname()
  os.remove(path)
  local v = mt.variant{base = "four-field-kono", name = "kono-late", start = "b...b...w......w b"}
  local s = mt.solve(v, {file = path})
  local again = mt.variant{base = "four-field-kono", name = "kono-late", start = "b...b...w......w b"}
  local t = mt.solve(again, {file = path})
  local code = string.format([[local v = mt.variant{base = "four-field-kono", start = "b...b...w......w b"}
    local s = mt.solve(v, {file = %q}) print(s:info().seconds, s:states(), s:lookup(v.start))]], path)
  local p = io.popen(string.format("MUTORERE_PATH= '%s' -e '%s'", PROGRAM, code))
  eq(p:read("a"), string.format("0.0\t%d\tdraw\tnil\n", s:states()), "read from the file in another process")
  p:close()
  eq(t:states(), s:states(), "every state")
  local g = mt.game(v)
  for _ = 1, 6 do
    eq({t:lookup(g)}, {s:lookup(g)}, "the value of " .. g:position())
    if g:result() then break end
    g:play(g:moves()[1])
  end
  local other = mt.variant{base = "four-field-kono", name = "kono-late", start = "b...b...w......w b",
                           slides = {onto = "any"}}
  raises(function() mt.solve(other, {file = path}) end, "variant")
  os.remove(path)
end)

test("what is wrong with a move field is said with the value given", function()
  -- each message names the field, what it takes and the value it got
  raises(function() mt.variant{base = "placing-torere", name = "a", drop_to = {1, 9}} end,
         'drop_to must be an arm number 1..8 or "c", got 9')
  raises(function() mt.variant{base = "placing-torere", name = "a", drop_to = {1.5}} end,
         'drop_to must be an arm number 1..8 or "c", got 1.5')
  raises(function() mt.variant{base = "achi", name = "a", jumps = {{}, {}, {}, {}, {}}} end,
         "jumps must be at most 4 jump rules, got table")
  raises(function() mt.variant{base = "achi", name = "a", jumps = {over = "own", ovr = "enemy"}} end,
         'jumps[1] must be a table with only the fields over, onto, take and span, got "ovr"')
  raises(function() mt.variant{base = "achi", name = "a", slides = {onto = "any", take = true}} end,
         'slides must be true, false or {onto = ...}, got "take"')
  raises(function() mt.variant{base = "achi", name = "a", start = "......... 300/300 b"} end,
         'the hands are "300/300" (write the pieces each side holds as <black>/<white>, each 0 to 99')
  raises(function() mt.variant{base = "achi", name = "a", start = "......... 99999999999999999999/4 b"} end,
         'the hands are "99999999999999999999/4"')
  -- where a piece lands takes fewer words than what it passes over
  local lands = '"empty", "enemy", "any", or a list of them (a piece never lands on its own side\'s)'
  raises(function() mt.variant{base = "achi", name = "a", jumps = {onto = {}}} end,
         "jumps[1].onto must be " .. lands .. ", got table")
  raises(function() mt.variant{base = "achi", name = "a", slides = {onto = "own"}} end,
         'slides.onto must be ' .. lands .. ', got "own"')
  raises(function() mt.variant{base = "achi", name = "a", jumps = {over = {}}} end,
         'jumps[1].over must be "own", "enemy", "empty", "piece", "any", or a list of them, got table')
  raises(function() mt.variant{base = "achi", name = "a", jumps = {span = {1, 2, 3}}} end,
         "jumps[1].span must be a count 1..63 or {min, max}, two counts, got table")
end)

test("the flank rule binds slides into the empty centre, not a slide that takes its piece", function()
  local v = mt.variant{name = "takers-6", arms = 6, slides = {onto = "any"}, start = "..b.w./w b"}
  local function texts(p)
    local out = {}
    for i, m in ipairs(v:moves(p)) do out[i] = tostring(m) end
    return out
  end
  eq(texts("..b.w./w b"), {"3-2", "3-4", "3xc"}, "the centre's piece taken with no enemy beside arm 3")
  eq(texts("..b.w./. b"), {"3-2", "3-4"}, "the empty centre not entered so")
  eq(texts(".wb.w./. b"), {"3-4", "3-c", "3x2"}, "entered with an enemy beside")
end)

test("a record of a variant that keeps its base's name and drops a move field reads back as played", function()
  -- the Moves tag says every move field: one it leaves out is off (or
  -- everywhere), not the named variant's
  local norow = mt.variant{base = "achi", row = false} -- still named "achi"
  local g = mt.game(norow)
  for _, m in ipairs({"@a1", "@a2", "@b1", "@b2", "@c1"}) do g:play(m) end
  eq(g:result(), nil, "no row rule: the game goes on")
  local h = mt.from_record(g:record())
  eq({h:position(), h:result()}, {g:position()}, "read back: the game goes on")
  eq(h:variant():parameters().row, false, "and has no row")
  local anywhere = mt.variant{base = "placing-torere", drop_to = {1, 2, 3, 4, 5, 6, 7, 8, "c"}}
  local a = mt.game(anywhere)
  a:play("@c")
  local b = mt.from_record(a:record())
  eq({b:position(), b:moves()}, {a:position(), a:moves()}, "drops anywhere read back, the centre too")
end)

test("a moves hook that gives no move: the side to move is blocked, asked again alike", function()
  -- (the first list the hook memo keeps is empty: under the sanitizers
  -- this once copied to a null arena)
  local v = mt.variant{base = "achi", name = "stuck", moves = function(p, made)
    if p.hand.black < 4 then return {} end
    return made
  end}
  local g = mt.game(v)
  g:play("@b2")
  eq({g:result()}, {"black", "blocked"}, "white, given no move, is blocked")
  eq({mt.perft(v, 1), mt.perft(v, 2)}, {9, 0}, "each drop leaves white no move")
  eq({mt.perft(v, 1), mt.perft(v, 2)}, {9, 0}, "and again, from the memo")
  eq({mt.solve(v):lookup(v.start)}, {"win", 1}, "black wins at once")
  local none = mt.variant{base = "achi", name = "none", moves = function() return {} end}
  eq({mt.game(none):result()}, {"white", "blocked"}, "no move at all: black is blocked")
  eq({mt.game(none):result()}, {"white", "blocked"}, "and again")
end)

test("a record's Moves tag with a jump's span too long to read is refused, naming it", function()
  local g = mt.game(mt.variant{base = "standard", name = "leaper", jumps = {over = "enemy"}})
  g:play("4-c")
  local text = g:record()
  check(text:find("jump=enemy>empty:1-1", 1, true), text)
  for _, span in ipairs({"1-99999999999999999999", "1-2x", "4294967297-1"}) do
    local bad = text:gsub("jump=enemy>empty:1%-1", "jump=enemy>empty:" .. span)
    raises(function() mt.from_record(bad) end, "the Moves tag's jump part \"" .. span:sub(1, 15) ..
           "\" is not take or min-max")
  end
end)

test("a move's take is a list of the caller's own: changing it changes no move, nor a hook's next list", function()
  local kono, at = mt.variant("four-field-kono"), "b...bb..w......w b"
  local m = kono:moves(at)[5]
  eq({tostring(m), m.take}, {"a1xa3", {"a3"}}, "the capture")
  table.remove(m.take)
  m.take[1] = "d4"
  eq(kono:moves(at)[5].take, {"a3"}, "the same move read again")
  check(m.take ~= m.take, "a new list at each read")
  -- the attacker's case: a hook that empties the list it was given once
  local calls = 0
  local must = mt.variant{base = "four-field-kono", name = "must-take", pure = false, moves = function(_, made)
    calls = calls + 1
    local takes = {}
    for _, x in ipairs(made) do
      if calls == 1 then table.remove(x.take) end
      if #x.take > 0 then takes[#takes + 1] = x end
    end
    return #takes > 0 and takes or made
  end}
  eq(mt.game(must, at):moves(), {"a1xa3"}, "the first call")
  eq(mt.game(must, at):moves(), {"a1xa3"}, "and a later one")
  eq(mt.perft(must, 3, at), 12, "perft 3")
end)

test("drop_to: an empty list is refused (no drop could be made), as is one behind __index", function()
  raises(function() mt.variant{base = "achi", name = "nowhere", drop_to = {}} end,
         "variant 'nowhere': drop_to must be a list of at least one point (none: no drop could be made), got table")
  -- (a list is read as it is, as every list field is: no __index asked,
  -- which could give points for ever)
  local endless = setmetatable({}, {__index = function() return "a1" end})
  raises(function() mt.variant{base = "achi", name = "endless", drop_to = endless} end,
         "drop_to must be a list of at least one point")
end)

test("a move that takes a piece it passed over is a jump, wherever it lands", function()
  local round = mt.variant{base = "standard", name = "round",
                           jumps = {over = "piece", onto = "any", take = true, span = 6}}
  local kinds = {}
  for _, m in ipairs(round:moves(round.start)) do kinds[#kinds + 1] = m.kind .. " " .. tostring(m) end
  eq(kinds, {"slide 1-c", "slide 4-c", "jump 1x8x5x6x7", "jump 4x5x6x7x8"}, "round the ring, next to its start")
  local line = mt.variant{points = {"a", "b", "c", "d"}, lines = {"a-b", "b-c", "a-c", "c-d"}, name = "short-cut",
                          layout = {a = {0, 0}, b = {1, 0}, c = {2, 0}, d = {3, 0}}, start = "bw.. b",
                          slides = false, jumps = {over = "enemy", take = true}}
  local m = line:moves(line.start)[1]
  eq({tostring(m), m.kind}, {"a-cxb", "jump"}, "over b onto c, which a line joins to a")
end)

test("a layout: a coordinate out of range is named; drawn tiny or huge, its straight lines are the same", function()
  local function row(scale, b)
    return {points = {"a", "b", "c", "d"}, lines = {"a-b", "b-c", "c-d"}, name = "row",
            layout = {a = {0, 0}, b = b or {scale, 0}, c = {2 * scale, 0}, d = {3 * scale, 0}},
            start = "b..w b", slides = false, jumps = {over = "any"}}
  end
  for _, case in ipairs({{{1 / 0, 0}, "layout.b[1] must be a number between -1e9 and 1e9, got inf"},
                         {{0, -1e9}, "layout.b[2] must be a number between -1e9 and 1e9, got -1000000000.0"},
                         {{0, "y"}, 'layout.b[2] must be a number between -1e9 and 1e9, got "y"'},
                         {{0 / 0, 0}, "layout.b[1] must be a number between -1e9 and 1e9, got "},
                         {"q", 'layout.b must be {x, y}, two numbers, got "q"'}}) do
    raises(function() mt.variant(row(1, case[1])) end, "variant 'row': bad board: " .. case[2])
  end
  for _, scale in ipairs({1, 1e-200, 1e-8, 3e8}) do
    local v = mt.variant(row(scale))
    local texts = {}
    for _, m in ipairs(v:moves(v.start)) do texts[#texts + 1] = tostring(m) end
    eq(texts, {"a-c"}, "a jumps b along the row, drawn at scale " .. scale)
  end
end)

test("a Move of another board is refused, named as written there; one of an equal board is taken", function()
  local wheel = mt.variant("standard"):moves("bbbbwwww/. b")[1]
  local kono = mt.variant("four-field-kono")
  local grid = kono:moves("b...bb..w......w b")[1]
  local k = mt.variant{base = "four-field-kono", name = "other-board", moves = function() return {wheel} end}
  raises(function() mt.game(k):moves() end,
         "moves hook failed at bbbbbbbbwwwwwwww b: it returned 1-c at [1], a move of another board")
  -- (read on the wheel by its points' numbers, a1-b1 was 1-2, and played)
  local w = mt.variant{base = "standard", name = "grid-move", moves = function() return {grid} end}
  raises(function() mt.game(w, "b.bbwwww/. b"):moves() end, "it returned a1-b1 at [1], a move of another board")
  raises(function() mt.game():play(grid) end, "a1-b1 is a move of another board")
  raises(function() mt.game(mt.variant{arms = 10}):play(wheel) end, "1-c is a move of another board")
  raises(function() mt.game("standard", "bbbbwwww/. b", {grid}) end, "history[1] is a1-b1, a move of another board")
  -- a board of the same points and lines, and a wheel of as many arms
  local same = mt.variant{base = "four-field-kono", name = "same-board", jumps = {over = "own", onto = "enemy"}}
  eq(mt.game(same, "b...bb..w......w b"):play(grid):position(), ".b..bb..w......w w 1", "an equal board's move")
  eq(mt.game("first-move"):play(wheel):position(), ".bbbwwww/b w 1", "a wheel of 8 arms' move")
end)

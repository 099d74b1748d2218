-- test_openings.lua — openings: mt.openings against a naive walk of every
-- line, balanced ones against the solver, samples; matches and
-- tournaments played from openings in colour-swapped pairs, so that
-- deterministic players play as many games as openings × 2; openings
-- given as positions, records, Games and files (which never run code).

-- Every state plies plies from the start that a line reaches without the
-- game ending on the way (and where it goes on), by walking every line:
-- a set of keys and its size.
local function naive(variant, plies)
  local v, keys, n = mt.variant(variant), {}, 0
  local function walk(g, depth)
    if g:result() then return end
    if depth == plies then
      local key = v:key(g:state())
      if not keys[key] then keys[key], n = true, n + 1 end
      return
    end
    for _, m in ipairs(g:moves()) do
      g:play(m)
      walk(g, depth + 1)
      g:undo()
    end
  end
  walk(mt.game(v), 0)
  return keys, n
end

-- The keys of a list of openings, checking that each is distinct, of
-- plies moves from the variant's start, and not over.
local function keys_of(list, variant, plies, what)
  local v, keys = mt.variant(variant), {}
  for i, g in ipairs(list) do
    local key = v:key(g:state())
    check(not keys[key], what .. ": opening " .. i .. " distinct")
    keys[key] = true
    check(g:ply() == plies and g:start() == tostring(v.start) and not g:result(),
          what .. ": opening " .. i .. " is " .. plies .. " plies from the start, going on")
  end
  return keys
end

test("mt.openings lists every state a naive walk finds", function()
  -- (with repetition = 2 a line may not meet a state twice: two lines to
  -- one state that met different states go on differently)
  local variants = {"standard", {arms = 10}, "first-two-turns", "misere",
                    {base = "tired-piece", arms = 8}, {base = "first-move-hook", arms = 10},
                    {base = "standard", repetition = 2},
                    {base = "no-restriction", arms = 6, repetition = 2}}
  for _, variant in ipairs(variants) do
    local name = mt.variant(variant).name
    local depths = mt.variant(variant):parameters().repetition == 2 and {8, 12} or {0, 1, 4, 9, 16}
    for _, plies in ipairs(depths) do
      local want, n = naive(variant, plies)
      local list = mt.openings(variant, {plies = plies})
      local got = keys_of(list, variant, plies, name .. " " .. plies)
      eq(#list, n, name .. ", " .. plies .. " plies: as many")
      eq(got, want, name .. ", " .. plies .. " plies: the same states")
    end
  end
  eq(#mt.openings("standard", {plies = 12}), 78, "standard, 12 plies")
  local s = mt.solve("standard")
  local balanced = mt.openings("standard", {plies = 12, balanced = true})
  local drawn = 0
  for _, g in ipairs(mt.openings("standard", {plies = 12})) do
    if s:lookup(g:state()) == "draw" then drawn = drawn + 1 end
  end
  eq(#balanced, drawn, "balanced: those the solver calls a draw")
  for _, g in ipairs(balanced) do eq(s:lookup(g:state()), "draw", "balanced " .. g:position()) end
  check(drawn < 78, "some are not balanced")
end)

test("mt.openings samples: distinct, seeded, all when too few", function()
  local all = mt.openings("standard", {plies = 12})
  local a = mt.openings("standard", {plies = 12, count = 30, seed = 4})
  local b = mt.openings("standard", {plies = 12, count = 30, seed = 4})
  local c = mt.openings("standard", {plies = 12, count = 30, seed = 5})
  eq(#a, 30, "count")
  local keys = keys_of(a, "standard", 12, "sample")
  local every = keys_of(all, "standard", 12, "all")
  for k in pairs(keys) do check(every[k], "a sample of the openings") end
  local function positions(list)
    local out = {}
    for i, g in ipairs(list) do out[i] = g:position() end
    return out
  end
  eq(positions(b), positions(a), "the same seed, the same sample")
  check(table.concat(positions(c)) ~= table.concat(positions(a)), "another seed, another one")
  eq(#mt.openings("standard", {plies = 12, count = 500}), 78, "fewer exist: all of them")
  local big = {base = "adjacent-enemy", arms = 64}
  raises(function() mt.openings(big, {plies = 40}) end,
         "more than 20000 states lie 40 plies from the start: give a count")
  local drawn = mt.openings(big, {plies = 40, count = 25})
  eq(#drawn, 25, "drawn by random lines")
  keys_of(drawn, big, 40, "random lines")
  raises(function() mt.openings("standard") end,
         "bad argument #2 to 'openings' (table {plies = k, ...} expected, got nil)")
  raises(function() mt.openings("standard", {plies = -1}) end, "plies must be a whole number")
  raises(function() mt.openings("standard", {plies = 3, cuont = 2}) end, "unknown option \"cuont\"")
  raises(function() mt.openings("standard", {plies = 3, count = 0}) end, "count must be")
  raises(function() mt.openings("standard", {plies = 3, balanced = 1}) end,
         "option balanced must be a boolean, got 1")
end)

-- The moves of every game of a match, as text.
local function lines_of(m)
  local out = {}
  for i, r in ipairs(m.records) do out[i] = table.concat(r.moves, " ") end
  return out
end

-- The number of different texts in a list.
local function distinct(list)
  local set, n = {}, 0
  for _, x in ipairs(list) do
    if not set[x] then set[x], n = true, n + 1 end
  end
  return n
end

test("a match from openings: pairs, colours swapped, every game different", function()
  local a = mt.player("alphabeta", {depth = 3})
  local b = mt.player(function(g) local moves = g:moves() return moves[#moves] end,
                      {name = "last"})
  local plain = mt.match(a, b, {games = 40})
  check(distinct(lines_of(plain)) <= 2, "without openings: the same games again")
  local m = mt.match(a, b, {games = 40, openings = {plies = 12}, seed = 3})
  eq(#m.openings, 20, "an opening a pair")
  keys_of(m.openings, "standard", 12, "the match's openings")
  for i, r in ipairs(m.records) do
    local k = (i + 1) // 2
    eq(r.opening, k, "game " .. i .. ": opening " .. k)
    local book = m.openings[k]:history()
    eq(table.move(r.moves, 1, #book, 1, {}), book, "game " .. i .. " begins with its opening")
    eq(r.black, i % 2 == 1 and "alphabeta" or "last", "game " .. i .. ": colours")
  end
  eq(distinct(lines_of(m)), 40, "40 different games from 20 openings")
  local again = mt.match(a, b, {games = 40, openings = {plies = 12}, seed = 3, jobs = 2})
  eq(lines_of(again), lines_of(m), "the same with jobs")
  local few = mt.match(a, b, {games = 20, openings = {plies = 4}})
  eq(#few.openings, 6, "only 6 exist at 4 plies")
  eq(few.records[13].opening, 1, "the list played round again")
  check(tostring(m):find("20 openings of 12 plies, each played by a pair of games", 1, true),
        "said")
  local bal = mt.match(a, b, {games = 10, openings = {plies = 12, balanced = true}})
  for _, g in ipairs(bal.openings) do
    eq(mt.solve("standard"):lookup(g:state()), "draw", "balanced")
  end
  local judged = mt.match("perfect", "random", {games = 6, openings = {plies = 9}, judge = true})
  local moves = 0
  for _, r in ipairs(judged.records) do moves = moves + r.plies - 9 end
  eq(judged.a.judged.moves + judged.b.judged.moves, moves, "the opening's moves are not judged")
end)

test("openings given as positions, records, Games and files", function()
  local v = mt.variant("standard")
  local g1 = mt.game():play("1-c"):play("8-1")
  local record = mt.game():play("4-c"):play("5-4"):record()
  local position = "bb.bwwwb/w b 2" -- not from a line of play: a setup
  local list = {g1, record, position, mt.position("bbbbwww./w b 1")}
  local m = mt.match("alphabeta", "heuristic", {games = 8, openings = list})
  eq(#m.openings, 4, "four openings")
  eq(m.openings[1]:history(), {"1-c", "8-1"}, "a Game")
  eq(m.openings[2]:history(), {"4-c", "5-4"}, "a record")
  eq({m.openings[3]:start(), m.openings[3]:ply()}, {position, 0}, "a position")
  eq(m.records[5].start, position, "its pair starts there")
  eq(m.openings[4]:position(), "bbbbwww./w b 1", "a Position")
  local path = os.tmpname()
  local f = io.open(path, "w")
  f:write(record, "\n", position, "\n\n", g1:record(), "\n",
          "1. 1-c 8-1 2. c-8\n\n[Variant \"standard\"]\n\n1. 4-c\n")
  f:close()
  local from_file = mt.match("alphabeta", "heuristic", {games = 10, openings = path})
  local texts = {}
  for i, g in ipairs(from_file.openings) do texts[i] = table.concat(g:history(), " ") end
  eq(texts, {"4-c 5-4", "", "1-c 8-1", "1-c 8-1 c-8", "4-c"}, "the file's five openings")
  -- records one after another without a blank line: a tag line after moves
  -- begins the next
  f = io.open(path, "w")
  f:write((record:gsub("%s+$", "")), "\n", (g1:record():gsub("%s+$", "")), "\n",
          "[Variant \"standard\"]\n1. 1-c 8-1 2. c-8\n")
  f:close()
  texts = {}
  local packed = mt.match("alphabeta", "heuristic", {games = 6, openings = path})
  for i, g in ipairs(packed.openings) do texts[i] = table.concat(g:history(), " ") end
  eq(texts, {"4-c 5-4", "1-c 8-1", "1-c 8-1 c-8"}, "records without blank lines between them")
  -- a megabyte of white space within a line: read in one pass (the lines'
  -- trimming took hours)
  f = io.open(path, "w")
  f:write("[Variant \"standard\"]\n\n1. 4-c", ("\t "):rep(1 << 19), "5-4\n")
  f:close()
  local spaced = mt.match("random", "random", {games = 2, openings = path})
  eq(spaced.openings[1]:history(), {"4-c", "5-4"}, "moves apart by a megabyte")
  -- a data file never runs code
  local marker = os.tmpname()
  os.remove(marker)
  f = io.open(path, "w")
  f:write("os.execute('touch " .. marker .. "')\nreturn {}\n")
  f:close()
  raises(function() mt.match("random", "random", {openings = path}) end, "openings: opening 1")
  check(not io.open(marker), "the file's text was not run")
  os.remove(path)
  raises(function() mt.match("random", "random", {openings = path}) end,
         "cannot read the openings file")
  local tired = mt.variant{base = "tired-piece", arms = 8}
  local h = mt.match("random", "random", {variant = tired, games = 4,
                     openings = {mt.game(tired):play("1-c"):play("8-1"):play("c-8")}})
  local _, remembered = h.openings[1]:state()
  eq(#remembered, 2, "a history variant's opening remembers its moves")
  raises(function() mt.match("random", "random", {openings = {"1. 4-c 3-4"}}) end,
         "openings: opening 1: ")
  raises(function() mt.match("random", "random", {openings = {"bbbw.wwb/w b"}}) end,
         "openings: opening 1: the game is over after it")
  raises(function() mt.match("random", "random", {openings = {}}) end,
         "bad argument #3 to 'match' (option openings must be {plies = k")
  raises(function() mt.match("random", "random", {openings = {42}}) end,
         "an opening is a Game, a Position, a position or a record, not a number")
  raises(function() mt.match("random", "random", {openings = {plies = 2, count = 3}}) end,
         "option openings: unknown option \"count\"")
  raises(function() mt.match("random", "random", {openings = {plies = 2}, start = position}) end,
         "a start or openings, not both")
  raises(function() mt.match("random", "random", {openings = {plies = 3, balanced = true},
                                                  variant = "first-move"}) end,
         "no balanced opening of 3 plies")
  eq(v:key(mt.position("bbbbwwww/. b")), "bbbbwwww/. b 0", "Variant:key")
end)

test("a tournament from openings: the same openings for every pairing of a variant", function()
  local t = mt.tournament{players = {mt.player("alphabeta", {depth = 2}), "heuristic", "random"},
                         variants = {"standard", {arms = 10}}, games = 6,
                         openings = {plies = 10}, seed = 2}
  for k, m in ipairs(t.matches) do
    local first = t.matches[k <= 3 and 1 or 4]
    eq(#m.openings, 3, "match " .. k .. ": three openings")
    for i, g in ipairs(m.openings) do
      eq(g:history(), first.openings[i]:history(), "match " .. k .. ": opening " .. i)
    end
  end
  check(t.matches[1].openings[1]:position() ~= t.matches[4].openings[1]:position(),
        "each variant its own")
  local listed = mt.tournament{players = {"alphabeta", "random"}, games = 2,
                               variants = {"standard", {arms = 10}}, openings = {"1. 1-c"}}
  eq({listed.matches[1].openings[1]:position(), listed.matches[2].openings[1]:position()},
     {".bbbwwww/b w 1", ".bbbbwwwww/b w 1"}, "a list, replayed in each variant")
end)

-- test_variants.lua — variants as scripts: the shipped files, tables that
-- derive variants, Lua hooks checked against a naive implementation, and
-- the errors that broken variants get.

local mt = require "mutorere"

local ROWS = { -- perft from the 8-arm start, depths 1..10 (see the core tests)
  ["standard"] = {2, 2, 2, 6, 8, 12, 28, 34, 52, 128},
  ["first-two-turns"] = {2, 2, 2, 6, 8, 12, 34, 34, 52, 144},
  ["first-move"] = {2, 2, 2, 8, 8, 12, 34, 34, 52, 144},
  ["no-restriction"] = {4, 2, 2, 8, 8, 12, 34, 34, 52, 144},
  ["adjacent-enemy"] = {2, 2, 2, 6, 8, 10, 28, 34, 44, 128},
  ["misere"] = {2, 2, 2, 6, 8, 12, 28, 34, 52, 128},
}

-- A naive perft over plain Lua tables, for checking hooked variants: the
-- board as {[1..n] = "b"/"w"/false, c = ...}; moves by trying every pair.
local function naive_perft(n, flank_plies, allow, ended, board, side, ply, depth)
  if depth == 0 then return 1 end
  if ended and ended(board, side, ply) then return 0 end
  local enemy = side == "b" and "w" or "b"
  local points = {"c"}
  for i = 1, n do points[#points + 1] = i end
  local function joined(a, b)
    if a == b then return false end
    if a == "c" or b == "c" then return true end
    return (a % n) + 1 == b or (b % n) + 1 == a
  end
  local sum = 0
  for _, from in ipairs(points) do
    for _, to in ipairs(points) do
      if board[from] == side and not board[to] and joined(from, to) then
        local ok = true
        if to == "c" and ply < flank_plies then
          ok = board[(from % n) + 1] == enemy or board[((from - 2) % n) + 1] == enemy
        end
        if ok and allow then ok = allow(board, side, ply, from, to) end
        if ok then
          board[to], board[from] = side, false
          sum = sum + naive_perft(n, flank_plies, allow, ended, board, enemy, ply + 1, depth - 1)
          board[from], board[to] = side, false
        end
      end
    end
  end
  return sum
end

local function start_board(n)
  local b = {c = false}
  for i = 1, n do b[i] = i <= n // 2 and "b" or "w" end
  return b
end

test("the shipped variant files are the built-ins", function()
  local builtins = mt.builtins()
  for name, params in pairs(builtins) do
    local v = mt.variant(name)
    check(v.path and v.path:find("variants/" .. name .. ".lua", 1, true),
          name .. " comes from its script")
    eq(v:parameters(), params, name .. " parameters")
    check(type(v.description) == "string" and #v.description > 0, name .. " description")
  end
end)

test("every variant's perft rows", function()
  for name, row in pairs(ROWS) do
    local got = {}
    for d = 1, 10 do got[d] = mt.perft(name, d) end
    eq(got, row, name)
  end
end)

test("mt.variants lists built-ins and scripts", function()
  local names = {}
  for _, n in ipairs(mt.variants()) do names[n] = true end
  for name in pairs(ROWS) do check(names[name], name .. " listed") end
  check(names["centre-must-leave"], "a hooked script listed")
  local list = mt.variants()
  local sorted = {table.unpack(list)}
  table.sort(sorted)
  eq(list, sorted, "sorted")
end)

test("tables derive variants", function()
  local v = mt.variant{base = "first-move", arms = 10}
  eq(v.name, "first-move", "named after the base")
  eq(v.base, "first-move", "base")
  eq(v.arms, 10, "arms")
  eq(tostring(v.start), "bbbbbwwwww/. b", "start follows arms")
  eq(v:parameters().flank, 1, "flank inherited")
  local w = mt.variant{base = v, name = "mine", misere = true, max_plies = 50}
  eq(w.name, "mine", "own name")
  eq(w:parameters().flank, 1, "inherited through two levels")
  eq(w:parameters().max_plies, 50, "cap")
  eq(w.description, v.description, "description inherited")
  local s = mt.variant{start = "bb.bwwwb/w b"}
  eq(tostring(s.start), "bb.bwwwb/w b", "own start position")
  eq(mt.game(s):position(), "bb.bwwwb/w b", "games start there")
  check(mt.variant{} == mt.variant("standard"), "an empty table is standard")
  check(mt.variant{flank = 4} == mt.variant("first-two-turns"), "equal parameters")
  check(mt.variant("standard") ~= mt.variant("misere"), "different")
  eq(mt.variant(v), v, "a Variant is itself")
  eq(tostring(mt.variant("standard")), "variant standard (8 arms)", "tostring")
end)

test("variants load by path", function()
  local v = mt.variant(HERE .. "/../../scripts/variants/misere.lua")
  eq(v.name, "misere", "name")
  eq(v:parameters().misere, true, "misere")
end)

test("broken variants get clear errors", function()
  raises(function() mt.variant("nonesuch") end, "unknown variant 'nonesuch'")
  raises(function() mt.variant{flnak = 3} end, "unknown field \"flnak\"")
  raises(function() mt.variant{name = "mine", base = "standard", flnak = 3} end,
         "variant 'mine': unknown field \"flnak\" (the fields are: name, description,", "the variant and field named")
  raises(function() mt.variant{arms = 7} end, "arms must be an even number")
  raises(function() mt.variant{arms = 66} end, "arms must be an even number from 4 to 64")
  raises(function() mt.variant{flank = "sometimes"} end, "flank must be \"always\", \"never\" or a ply count")
  raises(function() mt.variant{misere = "yes"} end, "misere must be a boolean")
  raises(function() mt.variant{repetition = 1} end, "repetition must be a count from 2 to 1000")
  raises(function() mt.variant{allow = 3} end, "allow must be a function")
  raises(function() mt.variant{start = "bbbwww/. b"} end, "bad start position: it has 6 arms, the variant 8")
  -- "bad position" is said once: the start's reason follows at once
  raises(function() mt.variant{start = "xx"} end,
         "(variant 'standard': bad start position: point 1 is 'x' (use b, w or .))")
  raises(function() mt.variant{points = {"a", "b", "c", "d", "e"}, lines = {"a-b", "b-c", "c-d", "d-e"},
                               start = "bb.www b"} end,
         "(variant 'custom': bad start position: 6 points, but the board has 5)")
  raises(function() mt.variant{name = 3} end, "name must be a string")
  -- where pieces drop means nothing on rules that drop none
  raises(function() mt.variant{drop_to = "arms"} end,
         "drop_to must be given with drops (\"first\" or \"any\"): these rules drop nothing")
  raises(function() mt.variant{base = "placing-torere", drops = false, drop_to = "arms"} end,
         "drop_to must be given with drops")
  eq(mt.variant{drops = false, drop_to = false}:parameters().drops, false, "the default said")
  -- a start already won by a row
  raises(function() mt.variant{row = 3} end,
         "variant 'standard': bad start position: black already has 3 in a row (row = 3): " ..
         "the game would be over before its first move")
  raises(function() mt.variant{row = 3, start = "bwb.wwwb/b w"} end, "white already has 3 in a row")
  eq(mt.variant{row = 5}:parameters().row, 5, "four in a row is not five")
  eq(mt.variant{base = "placing-torere", drop_to = "arms"}:parameters().drop_to, "arms", "drops from the base")
  -- a name is one line (an outside engine is told it on one)
  for _, name in ipairs({"two\nlines", "carriage\rreturn", "tab\there", "del\127"}) do
    raises(function() mt.variant{name = name} end,
           "name must be one line of text (no control characters)", string.format("%q", name))
  end
  eq(mt.variant{name = "misère à 8"}.name, "misère à 8", "any other character")
  raises(function() mt.variant(42) end,
         "bad argument #1 to 'variant' (variant (a name, a path, a table or a Variant) expected, got number)")
  raises(function() mt.variant("/no/such/file.lua") end, "cannot load variant")
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local function write(name, text)
    local f = assert(io.open(dir .. "/" .. name, "w"))
    f:write(text)
    f:close()
    return dir .. "/" .. name
  end
  raises(function() mt.variant(write("syntax.lua", "return {")) end, "cannot load variant")
  raises(function() mt.variant(write("number.lua", "return 42")) end, "must return a table, not number")
  raises(function() mt.variant(write("boom.lua", "error('boom')")) end, dir .. "/boom.lua:1: boom")
  -- an error without a place (a C function's, Lua's own) is the file's
  raises(function() mt.variant(write("yield.lua", "coroutine.yield(1) return {}")) end,
         "variant file " .. dir .. "/yield.lua: attempt to yield from outside a coroutine")
  raises(function() mt.variant(write("bare.lua", "error('bare', 0)")) end, "variant file " .. dir .. "/bare.lua: bare")
  -- a budget that runs out there is the budget's; a place Lua shortened is a place
  local loop = write("loop.lua", "while true do end")
  eq({mt.limit({time = 0.2}, function() return mt.variant(loop) end)},
     {false, "the time budget (0.2 s) ran out"}, "the time budget's own message")
  eq({mt.limit({instructions = 1e5}, function() return mt.variant(loop) end)},
     {false, "the instruction budget (100000 instructions) ran out"}, "the instruction budget's")
  local deep = dir .. "/" .. string.rep("d", 70)
  os.execute("mkdir " .. deep)
  local f = assert(io.open(deep .. "/far.lua", "w"))
  f:write("error('far')")
  f:close()
  local far = raises(function() mt.variant(deep .. "/far.lua") end, "/far.lua:1: far")
  check(far and not far:find("variant file", 1, true), "named once, by Lua: " .. tostring(far))
  local a = write("a.lua", "return {base = '" .. dir .. "/b.lua'}")
  write("b.lua", "return {base = '" .. dir .. "/a.lua'}")
  raises(function() mt.variant(a) end, "variant bases form a cycle")
  raises(function() mt.variant{base = "nonesuch"} end, "unknown variant 'nonesuch'")
  os.execute("rm -rf " .. dir)
end)

-- "centre-must-leave" in the naive form.
local function must_leave(board, side, _, from)
  if board.c == side then return from == "c" end
  return true
end

test("a hooked variant's perft matches a naive implementation", function()
  local v = mt.variant("centre-must-leave")
  check(v.hooked, "hooked")
  for depth = 1, 12 do
    eq(mt.perft(v, depth), naive_perft(8, math.huge, must_leave, nil,
                                       start_board(8), "b", 0, depth),
       "depth " .. depth)
  end
  local ten = mt.variant{base = "centre-must-leave", arms = 10}
  for depth = 1, 10 do
    eq(mt.perft(ten, depth), naive_perft(10, math.huge, must_leave, nil,
                                         start_board(10), "b", 0, depth),
       "10 arms, depth " .. depth)
  end
end)

test("a rule as a hook counts the same as the rule as a parameter", function()
  for depth = 1, 18 do
    eq(mt.perft("first-move-hook", depth), mt.perft("first-move", depth),
       "depth " .. depth)
  end
  eq(mt.variant("first-move-hook"):parameters().opening_plies, 1, "opening plies")
end)

test("a result hook ends games and prunes perft", function()
  -- white wins as soon as a white piece stands in the centre
  local v = mt.variant{name = "white-centre", base = "no-restriction",
    result = function(p) if p.centre == "white" then return "white" end end}
  local ended = function(board) return board.c == "w" end
  for depth = 1, 12 do
    eq(mt.perft(v, depth), naive_perft(8, 0, nil, ended, start_board(8), "b", 0, depth),
       "depth " .. depth)
  end
  local g = mt.game(v)
  g:play("1-c") g:play("8-1") g:play("c-8")
  g:play("7-c")
  eq({g:result()}, {"white", "rule"}, "ended by the rule")
  eq(g:moves(), {}, "no moves")
  local d = mt.variant{result = function() return "draw" end}
  eq(mt.game(d):result(), "draw", "drawn at once")
end)

test("hooks see positions and moves with notation", function()
  for _, pure in ipairs({true, false}) do
    local seen = {}
    local v = mt.variant{pure = pure, allow = function(p, m)
      seen[#seen + 1] = tostring(p) .. " " .. tostring(m)
      check(mt.type(p) == "Position" and mt.type(m) == "Move", "types")
      check(p.side == "black" and p[1] == "black" and p[8] == "white"
            and p.centre == nil and p.empty == "c" and p.arms == 8
            and p:at(5) == "white", "fields and methods of the position")
      check(m.to == "c" and (m.from == 1 or m.from == 4), "fields of the move")
      return true
    end}
    local g = mt.game(v)
    eq(seen, {"bbbbwwww/. b 1-c", "bbbbwwww/. b 4-c"}, "asked at the start")
    seen = {}
    g:moves()
    eq(seen, pure and {} or {"bbbbwwww/. b 1-c", "bbbbwwww/. b 4-c"},
       pure and "a pure hook is asked once per state" or "an impure one every time")
  end
end)

test("errors in hooks are reported and change nothing", function()
  local armed = false
  local v = mt.variant{name = "faulty", pure = false, allow = function()
    if armed then error("deliberate failure") end
    return true
  end}
  local g = mt.game(v)
  g:play("4-c")
  local before = {g:position(), g:history()}
  armed = true
  local err = raises(function() g:play("5-4") end, "deliberate failure")
  check(err and err:find("allow hook failed at bbb.wwww/b w 1 for move 5-4", 1, true),
        "names the hook, position and move: " .. tostring(err))
  check(err and err:find("test_variants.lua", 1, true), "names the file")
  raises(function() g:moves() end, "deliberate failure")
  raises(function() mt.perft(v, 5) end, "deliberate failure")
  raises(function() mt.game(v) end, "deliberate failure")
  eq({g:position(), g:history()}, before, "unchanged")
  armed = false
  g:play("5-4")
  eq(g:ply(), 2, "works again")
  local bad = mt.variant{result = function() return "maybe" end}
  raises(function() mt.game(bad) end,
         "result hook failed at bbbbwwww/. b: it returned \"maybe\"; want \"black\", \"white\", \"draw\" or nil")
  local h = mt.variant{allow = function()
    return pcall(function() end) -- a hook may call Lua freely
  end}
  eq(mt.perft(h, 6), mt.perft("standard", 6), "pcall in a hook")
end)

test("a hook may not change the game it is judging", function()
  local g
  local v = mt.variant{allow = function()
    if g then g:undo() end
    return true
  end}
  g = mt.game(v)
  raises(function() g:play("4-c") end, "a rule hook may not change it")
  eq(g:position(), "bbbbwwww/. b", "unchanged")
end)

test("what a hook gets cannot be changed, and copies keep", function()
  local kept, copies = {}, {}
  local v = mt.variant{pure = false, allow = function(p, m)
    check(type(getmetatable(p)) == "string" and type(getmetatable(m)) == "string",
          "no metatable to reach")
    check(not pcall(function() p.side = "white" end), "a position view is read-only")
    check(not pcall(function() m.from = 3 end), "a move is read-only")
    kept[#kept + 1] = p
    copies[#copies + 1] = mt.position(p)
    return true
  end}
  local g = mt.game(v)
  g:play("4-c")
  g:moves()
  eq(tostring(copies[1]), "bbbbwwww/. b", "a copy made in the hook keeps its position")
  eq(tostring(copies[#copies]), "bbb.wwww/b w 1", "the last copy")
  eq(tostring(kept[1]), tostring(copies[#copies]), "the view shows the last position asked")
end)

test("past opening_plies a hook sees the ply a state keeps in a solve, a page and metrics; a game's in a game",
     function()
  local most
  local function variant(opening)
    return mt.variant{name = "ply-reader", pure = false, opening_plies = opening,
                      allow = function(p) most = math.max(most, p.ply) return true end}
  end
  for _, opening in ipairs({0, 2}) do
    local v = variant(opening)
    -- (the solve first: the page and the metrics then walk without solving)
    for _, step in ipairs({{"solve", mt.solve}, {"page", mt.html}, {"metrics", mt.metrics}}) do
      local what = step[1]
      most = 0
      step[2](v)
      eq(most, opening, what .. " of a variant reading " .. opening .. " opening plies: the most ply seen")
    end
    most = 0
    local g = mt.game(v)
    for _ = 1, 6 do g:play(g:moves()[1]) end
    eq(most, 6, "a game of a variant reading " .. opening .. " opening plies: its own ply")
  end
end)

test("the memo of a pure hook keeps within the memory budget", function()
  local function hooked()
    return mt.variant{base = "no-restriction", arms = 16, allow = function() return true end}
  end
  local free = hooked()
  local want = mt.perft(free, 24)
  local capped = hooked()
  local ok, got = mt.limit({memory = 200 * 1024}, mt.perft, capped, 24)
  check(ok, "runs within 200 KiB: " .. tostring(got))
  eq(got, want, "the same count when the memo cannot grow")
  local a, b = free:memo(), capped:memo()
  check(b.bytes < 200 * 1024 and b.bytes < a.bytes,
        string.format("the capped memo holds %d bytes, the free one %d", b.bytes, a.bytes))
  check(b.misses > a.misses, "so it asks the hook more often")
  eq(mt.perft("no-restriction", 12), mt.perft(mt.variant{base = "no-restriction",
     allow = function() return true end}, 12), "a hook that allows all changes nothing")
end)

test("a variant made without a name is called alike everywhere", function()
  local ten = {arms = 10}
  eq(mt.variant(ten).name, "standard", "a table changes the standard rules")
  eq(mt.variant{base = "misere", arms = 10}.name, "misere", "or its base's")
  local board = {points = {"a", "b", "c"}, lines = {"a-b", "b-c"}, start = "b.w b"}
  eq(mt.variant(board).name, "custom", "a board of its own")
  eq(mt.match("random", "random", {variant = ten, games = 2}).variant, "standard, 10 arms", "match")
  check(tostring(mt.accuracy("random", ten, {sample = 10})):find("^random on standard %(10 arms%)"),
        "accuracy")
  check(tostring(mt.report(ten, {games = 0})):find("^standard %(10 arms%)"), "report")
  eq(mt.match("random", "random", {variant = board, games = 2}).variant, "custom, 3 points",
     "a board is named as itself, not after a wheel's rules")
  eq(mt.match("random", "random", {variant = {arms = 10, flank = "never"}, games = 2}).variant,
     "standard, 10 arms, no flank rule", "what differs from the name")
  -- the size an error suggests is a variant that exists
  local err = raises(function() mt.game(ten, "bbbbwwww/. b") end,
                     "variant 'standard' has 10 (a variant of another size: {base = \"standard\", arms = 8})")
  if err then eq(#mt.game({base = "standard", arms = 8}):moves(), 2, "the suggestion works") end
end)

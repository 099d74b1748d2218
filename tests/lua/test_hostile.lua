-- test_hostile.lua — scripts from others, tried as an attacker would: the
-- module never calls a function a script replaced, nothing leaves a
-- sandbox, sandboxes share nothing writable, budgets stop everything and
-- nest, records are data, bad input gets a clear message and loses
-- nothing.  Each class with several cases.

local mt = require "mutorere"

-- Writes text to a temporary file; returns its path.
local function write(text, path)
  path = path or os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

local function shell_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- Runs the program with arguments (a string) and standard input; returns
-- its standard output, standard error and exit status.
local function run(args, input, redirect, search_path)
  local i, e = write(input or ""), os.tmpname()
  local p = io.popen(string.format("MUTORERE_PATH=%s %s %s < %s 2> %s %s", shell_quote(search_path or ""),
                                   shell_quote(PROGRAM), args, shell_quote(i), shell_quote(e),
                                   redirect or ""))
  local out = p:read("a")
  local _, _, code = p:close()
  local f = io.open(e)
  local err = f:read("a")
  f:close()
  os.remove(i)
  os.remove(e)
  return out, err, code
end

-- --- the module never trusts the script's globals ---

-- What the module's own functions give: records, lists, reports, puzzles,
-- matches, analyses, pictures, help.  Printed one per line.
local WORKLOAD = [[
local g = mt.game()
g:play("4-c"):play("5-4")
g:tags().Black, g:tags().White, g:tags().Zeta, g:tags().Alpha = "b", "w", "z", "a"
print((g:record():gsub("%[Date [^\n]*\n", "")))
print(#mt.variants(), mt.variants()[1], #mt.players(), #mt.scripts("puzzles"))
print(mt.divide(mt.game(), 4)["4-c"], mt.perft("first-move", 8))
print(tostring(mt.report("standard", {games = 20})):match("^[^\n]*"))
print(mt.puzzle.check("standard8-win3-1").ok, #mt.puzzle.generate{goal = "win", plies = 3})
local m = mt.match("perfect", "random", {games = 2, progress = false})
print(m.games, m.a.wins + m.a.draws + m.a.losses)
print(g:analyse().moves[1].move, (mt.player("perfect"):choose(g)))
print(tostring(g):match("^[^\n]*"), #mt.svg(g) > 100, #mt.dot("standard") > 100)
print(mt.doc(mt.game):match("^[^\n]*"), mt.search(g, {depth = 4}).move, mt.mcts(g, {playouts = 50}).move)
print(mt.from_record(g:record()):position(), select(2, mt.limit({time = 5}, function() return 1 end)))
]]

-- Replaces every library function the module might call with one that
-- breaks it (wrong answers, errors, missing fields).
local SABOTAGE = [[
local tostring, select, print, next, ipairs = tostring, select, print, next, ipairs
local function broken() error("a replaced function was called") end
for _, name in ipairs({"pairs", "ipairs", "next", "tostring", "tonumber", "type", "select",
                       "setmetatable", "getmetatable", "rawget", "rawset", "rawlen", "rawequal",
                       "assert", "load", "unpack"}) do
  _G[name] = broken
end
error = function() end
pcall = function() return true end
xpcall = broken
for _, lib in ipairs({table, string, math, utf8, coroutine, os}) do
  for k in next, lib do lib[k] = broken end
end
table.sort = function(t) t[1] = nil end
string.format = function() return nil end
math.huge = 0
]]

test("the module calls none of the functions a script replaces", function()
  local clean, err, code = run("-", WORKLOAD)
  eq(code, 0, "the workload runs: " .. err)
  check(#clean > 200, "and says things")
  local out, err2, code2 = run("-", SABOTAGE .. WORKLOAD)
  eq(err2, "", "no errors once sabotaged")
  eq(code2, 0, "exit")
  eq(out, clean, "the same results")
  local safe_out, err3 = run("--safe -", SABOTAGE .. WORKLOAD)
  eq(err3, "", "under --safe too")
  eq(safe_out, clean, "the same results under --safe")
  -- the example of the report: table.sort replaced, then g:record()
  local o4, e4, c4 = run("--safe -e " .. shell_quote(
    "table.sort = function(t) t[1] = nil end local g = mt.game() g:tags().B, g:tags().A = 1, 2 " ..
    "print(g:record():match('%[A \"2\"%]\\n%[B \"1\"%]') ~= nil)"))
  eq({o4, e4, c4}, {"true\n", "", 0}, "records sort their tags themselves")
end)

test("replacing mt's functions changes mt, not the module", function()
  local out, err, code = run("-", [[
local real_play = mt.Game.play
mt.game = function() error("replaced game") end
mt.variant, mt.solve, mt.perft = mt.game, mt.game, mt.game
mt.Game.play = function() error("replaced play") end
mt.Game.moves = nil
function mt.Game:sides() return self:turn() .. "/" .. (self:turn() == "black" and "white" or "black") end
local m = mt.match("perfect", "alphabeta", {games = 2, progress = false})
print(m.games, (mt.player("perfect"):choose(mt.from_record("1. 4-c *"))))
local g = mt.from_record("")
print(g:sides(), pcall(g.play, g, "4-c"), g:position(), real_play(g, "5-4"):position())
print(#g:moves())
]])
  eq(err, "", "no errors")
  eq(code, 0, "exit")
  eq(out, "2\t5-4\nblack/white\ttrue\tbbb.wwww/b w 1\tbbbw.www/b b 2\n1\n",
     "the module's own calls, methods added through mt.Game")
end)

-- --- nothing leaves a sandbox ---

test("whatever a sandbox makes keeps the sandbox's globals for good", function()
  local ok, player = mt.sandbox(function()
    return {choose = function() return io, os.execute, require, debug end}
  end)
  check(ok, "made")
  eq({player.choose()}, {}, "a returned function, called later")
  local box = {}
  mt.sandbox(function(b) b.f = function() return io end end, {args = {box}})
  eq(box.f(), nil, "a function stored into the caller's table")
  local _, co = mt.sandbox(function()
    return coroutine.create(function() coroutine.yield(io) return os.getenv end)
  end)
  eq({coroutine.resume(co)}, {true, nil}, "a coroutine resumed later")
  eq({coroutine.resume(co)}, {true, nil}, "and again")
  local _, loaded = mt.sandbox(function() return load("return function() return io end")() end)
  eq(loaded(), nil, "a chunk it loaded")
  local _, own_env = mt.sandbox(function()
    return load("return function() return os.getenv, os.clock end", "x", "t", {os = os})()
  end)
  local getenv, clock = own_env()
  check(getenv == nil and type(clock) == "function", "a chunk with its own environment sees the sandbox's os")
  local path = write("return function() return io, dofile end")
  local _, from_file = mt.sandbox(path)
  eq({from_file()}, {}, "a function a sandboxed file returns")
  os.remove(path)
  local f = function() return io end
  mt.sandbox(f)
  eq(f(), io, "the function given to mt.sandbox is itself unchanged")
  local x = 0
  mt.sandbox(function() x = x + 1 end)
  eq(x, 1, "its upvalues are shared")
  local ok2, err = mt.sandbox(function(g) return g:save("/tmp/never.mtr") end, {args = {mt.game()}})
  check(not ok2 and err:find("not allowed in a sandbox", 1, true), "files: " .. tostring(err))
end)

-- Runs script text in a sandbox (its globals, its mt, are the sandbox's).
local function sandboxed(text, options)
  local path = write(text)
  local results = table.pack(mt.sandbox(path, options))
  os.remove(path)
  return table.unpack(results, 1, results.n)
end

test("sandboxes share nothing writable", function()
  local cases = {
    {"rawset(mt, 'game', print)", "read-only"},
    {"mt.game = print", "read-only"},
    {"rawset(mt.path, 1, '/tmp')", "read-only"},
    {"table.insert(mt.path, '/tmp')", "read-only"},
    {"rawset(mt.Game, 'play', print)", "read-only"},
    {"rawset(mt.puzzle, 'check', print)", "read-only"},
    {"rawset(getmetatable('').__index, 'upper', print)", "read-only"},
    {"setmetatable(mt, nil)", "protected metatable"},
    {"rawset(getmetatable(mt.game()), '__index', {})", "read-only"},
  }
  for _, c in ipairs(cases) do
    local ok, err = sandboxed(c[1])
    check(not ok and tostring(err):find(c[2], 1, true), c[1] .. ": " .. tostring(err))
  end
  eq({sandboxed("return mt.game == print, mt.path[1] ~= '/tmp', mt.puzzle.check ~= print")},
     {true, false, true, true}, "nothing changed for the next sandbox")
  local _, a = sandboxed("return mt")
  local _, b = sandboxed("return mt")
  check(a ~= b, "each sandbox has its own view of mt")
  eq(select(2, sandboxed("return mt.game")), mt.game, "of the same module")
  eq({sandboxed("return ('x'):upper(), mt.perft(mt.game(), 4)")}, {true, "X", 6}, "after all that")
  eq(mt.game():position(), "bbbbwwww/. b", "and the host's mt is whole")
end)

test("string.dump is out of reach, string methods are fixed", function()
  eq({mt.sandbox(function() return ("").dump, string.dump, getmetatable("").__index.dump end)},
     {true, false, nil, false}, "in a sandbox")
  local out = run("--safe -e " .. shell_quote("print(('').dump, string.dump)"))
  eq(out, "false\tnil\n", "under --safe")
  local upper = string.upper
  string.upper = function() return "replaced" end -- luacheck: ignore 122
  local method = ("x"):upper()
  string.upper = upper -- luacheck: ignore 122
  eq(method, "X", "replacing string.upper does not change the strings' method")
  rawset(string, "shout", function(s) return s:upper() .. "!" end)
  local shout = ("hi"):shout()
  rawset(string, "shout", nil)
  eq(shout, "HI!", "a function added to string is a method")
end)

-- --- budgets stop everything and nest ---

test("budgets stop the pattern matcher, in scripts and in puzzle files", function()
  local _, err, code = run("--limit 0.5 -e " .. shell_quote('print((" "):rep(3000):find(".-.-.-.-.-x"))'))
  check(err:find("the time budget (0.5 s) ran out", 1, true), "--limit: " .. err)
  eq(code, 1, "exit")
  local start = mt.clock()
  local ok, perr = pcall(mt.puzzle.from_text,
                         'local s = (" "):rep(3000):find(".-.-.-.-.-x") return {title = "x"}', "slow")
  check(not ok and perr:find("budget", 1, true), "a puzzle file: " .. tostring(perr))
  check(mt.clock() - start < 5, "stopped soon")
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. shell_quote(dir .. "/puzzles"))
  write('return {title = (" "):rep(3000):find(".-.-.-.-.-x") and "x"}', dir .. "/puzzles/slow.lua")
  local out, err2 = run("", "puzzles()\n", nil, dir)
  check(out:find("slow (cannot be loaded)", 1, true), "puzzles() goes on: " .. out .. err2)
  os.execute("rm -rf " .. shell_quote(dir))
end)

test("the searches answer the budgets", function()
  local g = mt.game{arms = 20}
  for _, c in ipairs({
    {mt.search, {depth = 60}}, {mt.mcts, {playouts = 1e9}}, {mt.solve, nil, {arms = 26}},
    {mt.perft, 200}}) do
    local start = mt.clock()
    local ok, err = mt.limit({time = 0.05}, c[1], c[3] or g, c[2])
    check(not ok and err:find("the time budget (0.05 s) ran out", 1, true), "time: " .. tostring(err))
    check(mt.clock() - start < 2, "stopped in time")
    ok, err = mt.limit({instructions = 1e5}, c[1], c[3] or g, c[2])
    check(not ok and err:find("instruction budget", 1, true), "instructions: " .. tostring(err))
  end
end)

test("budgets nest: an inner one only shrinks what is left", function()
  -- instructions: the inner budget is larger, but the outer's remainder
  -- binds.  A loop counts how far 2e6 instructions go; then 60% of that is
  -- spent inside an inner budget of 1e9, and the outer has 40% left.
  local i, at = 0, 0
  local function run_until(stop) while i ~= stop do i = i + 1 end end
  mt.limit({instructions = 2e6}, run_until, -1)
  local full = i
  i = 0
  local ok, err = mt.limit({instructions = 2e6}, function()
    mt.limit({instructions = 1e9}, run_until, full * 6 // 10)
    at = i
    run_until(-1)
  end)
  check(not ok and err:find("(2000000 instructions)", 1, true), "the outer budget: " .. tostring(err))
  local after = i - at
  check(after > full * 0.3 and after < full * 0.5,
        string.format("the outer goes on for %d of %d after the inner", after, full))
  -- an endless loop inside a huge inner budget stops where the outer ends
  local seen
  local start = mt.clock()
  ok, err = mt.limit({instructions = 1e6}, function()
    local _, inner = mt.limit({instructions = 1e10}, function() while true do end end)
    seen = inner
  end)
  eq({ok, err, seen}, {false, "the instruction budget (1000000 instructions) ran out", nil},
     "the outer's budget binds the inner")
  check(mt.clock() - start < 1, "at once")
  -- memory: after an inner budget the outer cap holds again
  ok, err = mt.limit({memory = 40 << 20}, function()
    mt.limit({memory = 1 << 30}, function() return 1 end)
    return #("x"):rep(60 << 20)
  end)
  check(not ok and tostring(err):find("not enough memory", 1, true), "the outer cap is back: " .. tostring(err))
  -- the inner one trips first when it is the smaller
  local inner
  ok, err = mt.limit({instructions = 1e7}, function()
    inner = {mt.limit({instructions = 1e5}, function() while true do end end)}
    return "outer done"
  end)
  eq({ok, err}, {true, "outer done"}, "the outer goes on")
  eq(inner, {false, "the instruction budget (100000 instructions) ran out"}, "the inner stopped")
  -- time: the outer deadline holds inside a looser inner one
  start = mt.clock()
  ok, err = mt.limit({time = 0.2}, function()
    return mt.limit({time = 100}, function() while true do end end)
  end)
  check(not ok and err:find("(0.2 s)", 1, true), "time: " .. tostring(err))
  check(mt.clock() - start < 1, "soon")
  -- memory: the inner cap cannot pass the outer's
  ok, err = mt.limit({memory = 8 << 20}, function()
    local big = {mt.limit({memory = 1 << 30}, function() return ("x"):rep(20 << 20) end)}
    local small = {mt.limit({memory = 1 << 30}, function() return #("x"):rep(1 << 20) end)}
    return big[1], big[2], small[2]
  end)
  eq({ok, err}, {true, false}, "the inner one cannot take 20 MiB of 8")
  eq(select(4, mt.limit({memory = 8 << 20}, function()
    local small = {mt.limit({memory = 1 << 30}, function() return #("x"):rep(1 << 20) end)}
    return nil, nil, small[2]
  end)), 1 << 20, "but 1 MiB, yes")
end)

test("a budget of a few kilobytes holds to the block, whatever Lua held and let go before it", function()
  -- (Lua's bytes are counted in steps of 64 KiB while no budget binds;
  -- a budget counts from the bytes held, not from that count)
  local kept = {}
  for round = 1, 16 do
    for i = 1, round * 200 do kept[i] = {i} end
    for i = 1, #kept do kept[i] = nil end
    if round % 3 == 0 then collectgarbage() end
    local ok, err = mt.limit({memory = 16 << 10}, function() return #("x"):rep(24 << 10) end)
    check(not ok and tostring(err):find("not enough memory", 1, true),
          "round " .. round .. ": 24 KiB of 16 refused: " .. tostring(err))
    eq({mt.limit({memory = 32 << 10}, function() return #("x"):rep(4 << 10) end)}, {true, 4 << 10},
       "round " .. round .. ": 4 KiB of 32 taken")
  end
end)

test("bad budgets are refused with a clear error", function()
  local cases = {
    {{time = 1e300}, "time must be a number of seconds from 0 to 1e9, got 1e+300"},
    {{time = 0 / 0}, "time must be a number of seconds"},
    {{time = -1}, "got -1"},
    {{time = "1"}, "got \"1\""},
    {{instructions = 1e300}, "instructions must be a whole number from 0 to 2^53, got 1e+300"},
    {{instructions = 0 / 0}, "instructions must be a whole number"},
    {{instructions = 1.5}, "got 1.5"},
    {{instructions = -5}, "got -5"},
    {{memory = math.huge}, "memory must be a whole number of bytes"},
    {{memory = {}}, "got table"},
    {{tiem = 1}, "unknown field \"tiem\""},
    {{[1] = 1}, "unknown field 1"},
  }
  for _, c in ipairs(cases) do
    local ok, err = pcall(mt.limit, c[1], function() return "ran" end)
    check(not ok and tostring(err):find(c[2], 1, true), c[2] .. ": " .. tostring(err))
  end
  raises(function() mt.sandbox(function() end, {tiem = 1}) end, "unknown option 'tiem'")
  raises(function() mt.sandbox(function() end, {time = 1e300}) end,
         "bad budget: time must be a number of seconds from 0 to 1e9, got 1e+300")
end)

test("one memory cap covers Lua and the core together", function()
  local g = mt.game()
  -- a transposition table is the core's; a string is Lua's (2^21 entries
  -- of 16 bytes: 32 MiB; the string takes twice its size while it is made,
  -- then its size: 32 MiB, then 16; a cap counts from what is held already)
  local ok = mt.limit({memory = 40 << 20}, mt.search, g, {depth = 1, table = 21})
  check(ok, "the core's table fits alone")
  ok = mt.limit({memory = 40 << 20}, function() return #("x"):rep(16 << 20) end)
  check(ok, "the string fits alone")
  local err
  ok, err = mt.limit({memory = 40 << 20}, function()
    local s = ("x"):rep(16 << 20)
    return mt.search(g, {depth = 1, table = 21}), #s
  end)
  check(not ok and err:find("not enough memory", 1, true), "not both: " .. tostring(err))
  check(mt.search(g, {depth = 1, table = 21}).move, "and all is well after")
  -- the string let go, the core's table fits in its place
  ok, err = mt.limit({memory = 40 << 20}, function()
    local n = #("x"):rep(16 << 20)
    collectgarbage()
    return mt.search(g, {depth = 1, table = 21}) and n
  end)
  eq({ok, err}, {true, 16 << 20}, "one after the other")
end)

-- --- records are data ---

test("loading a record never runs code; variants are found by name", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. shell_quote(dir))
  local marker = dir .. "/ran"
  write(string.format("local f = io and io.open(%q, 'w') if f then f:write('x') f:close() end\n" ..
                      "return {name = 'payload', base = 'standard'}", marker), dir .. "/payload.lua")
  local records = {
    '[Variant "./payload.lua"]\n\n1. 4-c *\n',
    string.format('[Variant "%s/payload.lua"]\n\n*\n', dir),
    '[Variant "payload"]\n\n*\n',
    '[Variant "standard"]\n[VariantPath "payload.lua"]\n\n1. 4-c *\n',
    '[Variant "standard"]\n[VariantPath "../' .. dir:match("[^/]+$") .. '/payload.lua"]\n\n*\n',
    string.format('[Variant "standard"]\n[VariantPath "%s/payload.lua"]\n\n*\n', dir),
  }
  for i, text in ipairs(records) do
    local path = write(text, dir .. "/game" .. i .. ".mtr")
    pcall(mt.load, path)
    pcall(mt.load, path, {variant_path = true})
    pcall(mt.from_record, text)
  end
  eq(io.open(marker), nil, "the payload never ran with rights")
  raises(function() mt.load(dir .. "/game1.mtr") end, "the Variant tag \"./payload.lua\" is not a variant name")
  raises(function() mt.load(dir .. "/game3.mtr") end, "unknown variant 'payload'")
  eq(mt.load(dir .. "/game4.mtr"):variant().name, "standard", "VariantPath is not followed unless asked")
  eq(mt.load(dir .. "/game4.mtr", {variant_path = true}):variant().base, "payload",
     "asked for, VariantPath's file runs, in a sandbox")
  raises(function() mt.load(dir .. "/game5.mtr", {variant_path = true}) end, "not a relative path inside")
  raises(function() mt.load(dir .. "/game6.mtr", {variant_path = true}) end, "not a relative path inside")
  -- asked for, a VariantPath next to the record gives its variant, hooks and all
  write("return {name = 'keep-one', base = 'standard', allow = function(_, m) return m.from ~= 1 end}",
        dir .. "/keep-one.lua")
  local g = mt.game(dir .. "/keep-one.lua")
  eq(g:moves(), {"4-c"}, "arm 1 never moves")
  g:save(dir .. "/keep.mtr", {VariantPath = "keep-one.lua"})
  local h = mt.load(dir .. "/keep.mtr", {variant_path = true})
  eq(h:moves(), {"4-c"}, "the hook came with it")
  eq(mt.load(dir .. "/keep.mtr"):moves(), {"1-c", "4-c"}, "without asking, the name and rule tags only")
  -- saved records hold no local path
  local text = g:record()
  check(not text:find(dir, 1, true) and not text:find("VariantPath", 1, true), "no path: " .. text)
  os.execute("rm -rf " .. shell_quote(dir))
end)

test("from_record and load do not touch the files a record names", function()
  local fifo = os.tmpname()
  os.remove(fifo)
  check(os.execute("mkfifo " .. shell_quote(fifo)), "a FIFO (opening it to read would block)")
  local text = string.format('[VariantPath "%s"]\n\n*\n', fifo)
  eq(mt.from_record(text):position(), "bbbbwwww/. b", "from_record")
  local ok, err = mt.sandbox(function(t) return mt.from_record(t):position() end, {args = {text}})
  eq({ok, err}, {true, "bbbbwwww/. b"}, "in a sandbox: the same answer, whatever exists")
  ok, err = mt.sandbox(function(t) return mt.from_record(t):position() end,
                       {args = {'[VariantPath "/nonexistent"]\n\n*\n'}})
  eq({ok, err}, {true, "bbbbwwww/. b"}, "for a file that does not exist")
  os.remove(fifo)
end)

test("what g:save writes reads back the same, or g:save refuses", function()
  local g = mt.game()
  g:play("4-c")
  local seed = 7
  local function random(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n + 1
  end
  local good = {"a", "Z", "9", "_", "q", "B"}
  local odd = {" ", "\"", "\\", "]", "[", "\n", "\r", "\t", "é", "-", ".", "\0", "}", ";"}
  local function word(n, oddness)
    local t = {}
    for i = 1, random(n) - 1 do
      t[i] = random(oddness) == 1 and odd[random(#odd)] or good[random(#good)]
    end
    return table.concat(t)
  end
  local kept, refused = 0, 0
  for _ = 1, 500 do
    local tags = {[word(8, 12)] = word(12, 3)}
    local ok, text = pcall(g.record, g, tags)
    if ok then
      kept = kept + 1
      local h = mt.from_record(text)
      local name, value = next(tags)
      eq(h:tags()[name], value, "tag " .. string.format("%q", name))
      eq(h:position(), g:position(), "the moves")
    else
      refused = refused + 1
      check(text:find("tag", 1, true), "a clear refusal: " .. text)
    end
  end
  check(kept > 50 and refused > 50, "both happen: " .. kept .. " kept, " .. refused .. " refused")
  raises(function() g:record({["Black\"] [Misere"] = "x"}) end, "bad tag name")
  raises(function() g:record({Result = "2-0"}) end, "tag Result: \"2-0\" is not 1-0")
  local over = mt.game()
  for _, m in ipairs({"4-c", "5-4", "c-5", "4-c", "3-4", "c-3", "2-c", "3-2", "4-3"}) do
    over:play(m)
  end
  raises(function() over:record({Result = "0-1"}) end, "tag Result: the moves end the game 1-0")
  eq(mt.from_record(over:record({Result = "1-0"})):tags().Result, "1-0", "the moves' own result")
  local forfeit = mt.from_record(g:record({Result = "0-1", Termination = "time"}))
  eq({forfeit:tags().Result, forfeit:result()}, {"0-1", nil},
     "a result decided off the board is kept for a game its moves do not end")
  raises(function() g:record({Misere = "true"}) end, "written from the game itself")
  raises(function() g:record({Black = ("x"):rep(3000)}) end, "longer than 2047 bytes")
  local many = {}
  for i = 1, 70 do many["T" .. i] = "x" end
  raises(function() g:record(many) end, "too many tags")
  raises(function() mt.game(mt.variant{name = "two words"}):record() end, "is not one a record can hold")
  -- a variant with a start of its own: the record says where the game began
  for _, v in ipairs({mt.variant{start = "bbb.wwww/b w 1"},
                      mt.variant{name = "late", base = "first-move", start = "bbbw.www/b b 2"},
                      mt.variant{base = "misere", arms = 10, start = "bbbbwwwwwb/. b"}}) do
    local own = mt.game(v)
    local back = mt.from_record(own:record())
    eq(back:position(), own:position(), "the start of " .. v.name)
    eq(back:moves(), own:moves(), "and its moves")
  end
  local dir = os.tmpname()
  raises(function() g:save(dir .. "/x.mtr", {Black = "a\nb"}) end, "one line of text")
  eq(io.open(dir .. "/x.mtr"), nil, "nothing written")
  os.remove(dir)
end)

-- --- bad input: a clear message, the program up, nothing lost ---

test("variant bases: cycles and depth through tables", function()
  local t = {}
  t.base = t
  raises(function() mt.variant(t) end, "variant bases form a cycle")
  local a, b = {name = "a"}, {name = "b"}
  a.base, b.base = b, a
  raises(function() mt.game(a) end, "variant bases form a cycle")
  local c = {name = "c", base = {name = "d", base = "standard"}}
  c.base.base = c
  raises(function() mt.solve(c) end, "variant bases form a cycle")
  local deep = "standard"
  for _ = 1, 100000 do deep = {base = deep} end
  raises(function() mt.variant(deep) end, "variant bases form a chain too long")
  local fine = "standard"
  for i = 1, 20 do fine = {base = fine, name = "level" .. i} end
  eq(mt.variant(fine).name, "level20", "a chain of 20 is fine")
  local _, err, code = run("--safe -e " .. shell_quote("local t = {} t.base = t mt.variant(t)"))
  check(err:find("variant bases form a cycle", 1, true), "--safe: " .. err)
  eq(code, 1, "an error, not a crash")
end)

test("writing to a full disk is an error", function()
  local _, err, code = run("-e " .. shell_quote("print(mt.perft(mt.game(), 10))"), "", "> /dev/full")
  check(err:find("cannot write the output", 1, true), "a message: " .. err)
  eq(code, 1, "exit 1")
  _, err, code = run("", "print(1)\nio.write('x')\n", "> /dev/full")
  check(err:find("cannot write the output", 1, true), "the REPL: " .. err)
  eq(code, 1, "exit 1")
  _, err, code = run("--ugi", "ugi\nquit\n", "> /dev/full")
  eq(code, 1, "UGI: " .. err)
  local out
  out, err, code = run("-e " .. shell_quote("print(1)"))
  eq({out, err, code}, {"1\n", "", 0}, "a disk with room")
end)

test("bad --limit values are refused", function()
  for _, v in ipairs({"nan", "inf", "-1", "0", "1e300", "5x", ""}) do
    local out, err, code = run("--limit '" .. v .. "' -e 'print(1)'")
    eq({out, code}, {"", 1}, "--limit " .. v)
    check(err:find("--limit needs a number of seconds", 1, true), err)
  end
  local _, err, code = run("--limit")
  check(err:find("--limit needs", 1, true) and code == 1, "--limit alone: " .. err)
end)

test("the numbers a sanitizer would catch", function()
  local p = mt.position("bbbbwwww/. b")
  eq(tostring(p:transform{rotate = math.maxinteger}), "bbbwwwwb/. b", "rotate maxinteger")
  eq(tostring(p:transform{rotate = math.mininteger}), "bbbbwwww/. b", "rotate mininteger")
  eq(tostring(p:transform{rotate = -9}), "bbbwwwwb/. b", "rotate -9")
  raises(function() mt.limit({instructions = 1e300}, print) end, "instructions must be")
  raises(function() mt.limit({memory = 2 ^ 63}, print) end, "memory must be")
  raises(function() mt.search(mt.game(), {nodes = 2 ^ 63}) end, "option nodes must be")
  raises(function() mt.mcts(mt.game(), {time = 1e300}) end, "option time must be")
end)

test("API errors a person reads", function()
  local g = mt.game()
  raises(function() g:play(5) end, "bad argument #1 to 'play'")
  local _, err = pcall(g.play, g, 5)
  check(not err:find("'?'", 1, true) and err:find("play", 1, true), "through pcall: " .. err)
  _, err = pcall(mt.position("bbbbwwww/. b").transform, mt.position("bbbbwwww/. b"), {rotate = "x"})
  check(err:find("transform", 1, true) and err:find("rotate must be a whole number, got \"x\"", 1, true), err)
  raises(function() mt.variant{arms = 66} end, "got 66")
  raises(function() mt.variant{arms = "8"} end, "arms must be an even number from 4 to 64, got \"8\"")
  raises(function() mt.variant{flank = "sometimes"} end, "got \"sometimes\"")
  raises(function() mt.search(g, {dpeth = 3}) end, "unknown option \"dpeth\"")
  raises(function() mt.mcts(g, {playout = 3}) end, "unknown option \"playout\"")
  raises(function() mt.search(g, {depth = "3"}) end, "got \"3\"")
  local start = mt.clock()
  raises(function() mt.divide(g, 201) end, "from 1 to 200, got 201")
  check(mt.clock() - start < 1, "divide refuses at once")
  for name, params in pairs(mt.builtins()) do
    eq(params.hooks, {allow = false, moves = false, result = false}, name .. " hooks")
    eq(params, mt.variant(name):parameters(), name .. " as parameters() gives them")
  end
  -- the Lua parts' errors name no file of the module's
  local calls = {
    function() mt.divide(g, "x") end, function() mt.divide("nonesuch", 2) end,
    function() mt.divide(g, 2, 5) end, function() mt.player(5) end,
    function() mt.player("nonesuch") end, function() mt.player("alphabeta", {depth = "x"}):choose(g) end,
    function() mt.match("random", "nonesuch") end, function() mt.match("random", "random", {games = "x"}) end,
    function() mt.report("nonesuch") end, function() mt.svg(5) end, function() mt.svg_game(5) end,
    function() mt.dot("nonesuch") end, function() mt.diagram(5) end, function() mt.status(5) end,
    function() mt.puzzle.check(5) end, function() mt.puzzle.generate{variant = "nonesuch"} end,
    function() mt.puzzle.generate{plies = "x"} end, function() mt.puzzle.text(5) end,
    function() mt.tournament{players = {"random", "nonesuch"}} end, function() mt.sandbox(5) end,
    function() mt.doc({}) end, function() mt.Player.choose(5) end,
  }
  for i, f in ipairs(calls) do
    local ok, e = pcall(f)
    if not ok then
      check(not tostring(e):find("mutorere/", 1, true), "call " .. i .. " names a file of the module: " .. tostring(e))
    end
  end
end)

-- --- tests that fail when the code is wrong (the mutation survivors) ---

test("flank = true is the standard rule, flank = false is none", function()
  eq(mt.variant{flank = true}:parameters().flank, "always", "true")
  eq(mt.variant{flank = false}:parameters().flank, "never", "false")
  eq(mt.perft(mt.variant{flank = true}, 10), mt.perft("standard", 10), "true plays as standard")
  eq(mt.perft(mt.variant{flank = false}, 10), mt.perft("no-restriction", 10), "false as no-restriction")
  eq(mt.perft(mt.variant{flank = false}, 1), 4, "the first move is free")
end)

test("the perfect player wins fastest; analyse() orders moves as documented", function()
  local g = mt.game({base = "first-move", arms = 10}, "wbwbbwwwbb/. b 20")
  local a = g:analyse()
  eq(a.moves[1], {move = "2-c", value = "win", distance = 3}, "the fastest win first")
  local rank = {win = 1, draw = 2, loss = 3}
  for i = 2, #a.moves do
    local x, y = a.moves[i - 1], a.moves[i]
    check(rank[x.value] < rank[y.value] or rank[x.value] == rank[y.value] and (
            x.value == "win" and x.distance <= y.distance or
            x.value == "loss" and x.distance >= y.distance or x.value == "draw"),
          "order at " .. i)
  end
  for seed = 1, 5 do
    eq(mt.player("perfect"):reset(seed):choose(g), "2-c", "perfect plays the win in 3")
  end
  local lost = mt.game("first-move")
  local moves = lost:analyse().moves
  for i = 2, #moves do check(moves[i - 1].distance >= moves[i].distance, "losses, the longest first") end
end)

test("a puzzle's main line must keep the promised distance", function()
  local cases = {{"standard10-win5-7", 3, "1-c"}, {"standard12-win7-3", 3, "1-c"},
                 {"no-restriction10-win3-1", 3, "1-c"}}
  for _, c in ipairs(cases) do
    local t = mt.puzzle.load(c[1])
    check(mt.puzzle.check(t).ok, c[1] .. " checks")
    local slow = {}
    for k, v in pairs(t) do slow[k] = v end
    slow.solution = {table.unpack(t.solution, 1, c[2] - 1)}
    slow.solution[c[2]] = c[3]
    local r = mt.puzzle.check(slow)
    check(not r.ok, c[1] .. " with a slower win is refused")
    check(table.concat(r.problems, "; "):find("does not keep the win in", 1, true),
          table.concat(r.problems, "; "))
  end
end)

test("--safe --ugi starts and answers", function()
  local out, err, code = run("--safe --ugi", "ugi\nisready\nposition startpos\ngo depth 2\nquit\n")
  check(out:find("ugiok", 1, true) and out:find("readyok", 1, true), "answers: " .. out .. err)
  check(out:find("bestmove ", 1, true), "moves")
  eq(code, 0, "exit")
end)

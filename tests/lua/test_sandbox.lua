-- test_sandbox.lua — untrusted scripts: every escape tried from a sandbox
-- is refused or stopped with a clear message, the engine goes on, errors in
-- hooks, evaluations and players leave games as they were, and a player
-- past its budget loses its game while the match completes.

local mt = require "mutorere"

-- Writes a script to a temporary file; returns its path.
local function script(text)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- Runs code (a script text) sandboxed; checks that it fails with want in
-- the message, or that it returns want when ok is expected.
local function refused(text, want, options)
  local path = script(text)
  local ok, err = mt.sandbox(path, options)
  os.remove(path)
  check(not ok, "refused: " .. text)
  check(tostring(err):find(want, 1, true), string.format("%q says %q: %s", text, want, tostring(err)))
end

test("the environment has no way out", function()
  refused("io.open('/etc/passwd')", "attempt to index a nil value (global 'io')")
  refused("os.execute('true')", "attempt to call a nil value (field 'execute')")
  refused("os.remove('/tmp/x')", "field 'remove'")
  refused("require('os')", "global 'require'")
  refused("package.loadlib('x', 'y')", "global 'package'")
  refused("dofile('/etc/passwd')", "global 'dofile'")
  refused("loadfile('/etc/passwd')", "global 'loadfile'")
  refused("debug.getregistry()", "global 'debug'")
  refused("string.dump(print)", "field 'dump'")
  refused("local f = assert(load('\\27Lua'))", "attempt to load a binary chunk")
  refused("local f = assert(load('return 1', 'x', 'b'))", "only text chunks may be loaded")
  refused("collectgarbage('stop')", "not allowed in a sandbox")
  refused("getmetatable('').__index.rep = nil", "read-only")
  refused("getmetatable('').__index = {}", "read-only")
  refused("setmetatable('', {})", "bad argument #1 to 'setmetatable'")
  refused("getmetatable(mt.game()).__index.play = nil", "read-only")
  refused("mt.perft = nil", "read-only")
  refused("setmetatable({}, {__gc = function() while true do end end})",
          "finalizers (__gc) are not allowed in a sandbox")
  refused("mt.path[1] = '/tmp'", "read-only")
  refused("mt.load('/etc/passwd')", "reading files is not allowed in a sandbox")
  refused("mt.game():save('/tmp/x.mtr')", "writing files is not allowed in a sandbox")
  refused("mt.variant('/etc/passwd')", "loading a variant from a file is not allowed")
  refused("mt.player('/tmp/evil.lua')", "loading a player from a file is not allowed")
  refused("mt.puzzle.load('/tmp/evil.lua')", "loading a puzzle from a file is not allowed")
  eq(os.getenv("HOME") ~= nil, true, "the host keeps its os")
  eq(type(io.open), "function", "and its io")
  eq(string.rep("x", 2), "xx", "and its string table")
end)

test("code runs unhooked (at full speed) unless a budget or Ctrl-C needs it", function()
  eq(debug.gethook(), nil, "no hook outside budgets")
  local co = coroutine.create(function() return debug.gethook() end)
  eq(select(2, coroutine.resume(co)), nil, "nor in a coroutine")
  eq(select(2, mt.limit({time = 5, memory = 1 << 30}, debug.gethook)), nil,
     "none within a time budget either: a timer watches it")
  local ok, hook = mt.limit({instructions = 1e6}, debug.gethook)
  check(ok and hook == "external hook", "a hook counts an instruction budget: " .. tostring(hook))
  ok, hook = mt.limit({instructions = 1e6}, coroutine.wrap(function() return debug.gethook() end))
  check(ok and hook == "external hook", "in a coroutine resumed within it too")
  mt.limit({instructions = 1e6}, function() for _ = 1, 3000 do end end)
  eq(debug.gethook(), nil, "none once the budget ends")
  -- the timer: a deadline inside an outer one, one that rings in a
  -- coroutine, one that rings after pcall caught the first error
  local function spin() while true do end end
  ok, hook = mt.limit({time = 5}, function() return mt.limit({time = 0.1}, spin) end)
  eq({ok, hook}, {true, false}, "the inner budget ran out, the outer did not")
  ok, hook = mt.limit({time = 0.1}, coroutine.wrap(function() pcall(spin) return "went on" end))
  check(not ok and hook:find("the time budget (0.1 s) ran out", 1, true), "a pcall cannot swallow it")
end)

test("closing a coroutine, and message handlers, are watched too", function()
  local function spin() while true do end end
  local function closing_spin()
    local co = coroutine.create(function()
      local _ <close> = setmetatable({}, {__close = spin})
      coroutine.yield()
    end)
    coroutine.resume(co)
    return co
  end
  local ok, err = mt.limit({time = 0.05}, coroutine.close, closing_spin())
  check(not ok and err:find("the time budget", 1, true), "a __close run by close: " .. tostring(err))
  ok, err = mt.limit({instructions = 1e5}, coroutine.close, closing_spin())
  check(not ok and err:find("the instruction budget", 1, true), "counted too: " .. tostring(err))
  ok, err = mt.limit({time = 0.05}, function()
    local f = coroutine.wrap(function() local _ <close> = setmetatable({}, {__close = spin}) error("boom") end)
    return f()
  end)
  check(not ok and err:find("the time budget", 1, true), "a __close run by a failing wrap: " .. tostring(err))
  ok, err = mt.limit({time = 0.05}, xpcall, spin, spin)
  check(not ok and err:find("the time budget", 1, true), "a message handler that loops: " .. tostring(err))
  ok, err = mt.limit({instructions = 1000}, xpcall, spin, spin)
  check(not ok and err:find("the instruction budget", 1, true), "and with instructions: " .. tostring(err))
  -- coroutines too short for the hook to look at them still count
  local function tiny(d)
    if d > 0 then for _ = 1, 20 do coroutine.wrap(tiny)(d - 1) end end
  end
  ok, err = mt.limit({instructions = 100000}, tiny, 5)
  check(not ok and err:find("the instruction budget", 1, true), "3.2 million tiny coroutines: " .. tostring(err))
  -- closes nested without end stop instead of overflowing the C stack
  local prev
  for _ = 1, 20000 do
    local inner = prev
    local co = coroutine.create(function()
      local _ <close> = setmetatable({}, {__close = function()
        if inner then assert(coroutine.close(inner)) end
      end})
      coroutine.yield()
    end)
    coroutine.resume(co)
    prev = co
  end
  ok, err = coroutine.close(prev)
  check(not ok and tostring(err):find("C stack overflow", 1, true), "nested closes: " .. tostring(err))
  -- and so do closes whose handlers go deep in C themselves
  local function deep(n, k) if n == 0 then return k() end return pcall(deep, n - 1, k) end
  local chain = {}
  for i = 1, 100 do
    chain[i] = coroutine.create(function()
      local _ <close> = setmetatable({}, {__close = function()
        deep(190, function() if chain[i + 1] then coroutine.close(chain[i + 1]) end end)
      end})
      coroutine.yield()
    end)
    coroutine.resume(chain[i])
  end
  check(coroutine.close(chain[1]), "100 closes, each 190 calls deep: no crash")
  -- a coroutine the budget stopped keeps its __close handlers: Lua left
  -- its hooks off, where nothing could stop them
  local stopped = coroutine.create(function()
    local _ <close> = setmetatable({}, {__close = spin})
    spin()
  end)
  ok, err = mt.limit({instructions = 1e4}, coroutine.resume, stopped)
  check(not ok and err:find("the instruction budget", 1, true), "stopped: " .. tostring(err))
  eq({coroutine.close(stopped)}, {false, "cannot close a coroutine stopped by a budget or Ctrl-C: " ..
     "its __close handlers would run unwatched"}, "not closed afterwards")
  ok, err = mt.limit({instructions = 1e4}, coroutine.wrap(function()
    local _ <close> = setmetatable({}, {__close = spin})
    spin()
  end))
  check(not ok and err:find("the instruction budget", 1, true), "nor by a wrap it stopped: " .. tostring(err))
end)

test("coroutine.resume, wrap and close, and xpcall behave as Lua's", function()
  eq({coroutine.resume(coroutine.create(function(a, b) return a + b, "x" end), 1, 2)}, {true, 3, "x"}, "resume")
  local co = coroutine.create(function() error({code = 7}) end)
  local ok, e = coroutine.resume(co)
  check(not ok and e.code == 7, "an error object")
  eq(coroutine.status(co), "dead", "dead")
  eq({coroutine.resume(co)}, {false, "cannot resume dead coroutine"}, "resume a dead one")
  eq({pcall(coroutine.close, coroutine.running())}, {false, "cannot close a running coroutine"}, "running")
  local outer = coroutine.create(function(inner) return pcall(coroutine.close, inner) end)
  local me
  me = coroutine.create(function() return coroutine.resume(outer, me) end)
  local _, _, closed, why = coroutine.resume(me)
  eq({closed, why}, {false, "cannot close a normal coroutine"}, "a normal one")
  local log = {}
  co = coroutine.create(function()
    local _ <close> = setmetatable({}, {__close = function(_, err) log[#log + 1] = tostring(err) end})
    coroutine.yield(1)
  end)
  coroutine.resume(co)
  eq({coroutine.close(co)}, {true}, "close a suspended one")
  eq(log, {"nil"}, "its __close ran")
  local f = coroutine.wrap(function(a) local b = coroutine.yield(a * 2) error("in wrap " .. b) end)
  eq(f(21), 42, "wrap")
  local bad, msg = pcall(f, "y")
  check(not bad and msg:find("^.-test_sandbox%.lua:%d+: in wrap y$"), "an error keeps where it was: " .. msg)
  raises(function() coroutine.resume(1) end, "bad argument #1 to 'resume' (thread expected, got number)")
  raises(function() coroutine.wrap(1) end, "bad argument #1 to 'wrap' (function expected, got number)")
  eq({xpcall(function() error("x", 0) end, function(m) return "handled " .. m end)}, {false, "handled x"}, "xpcall")
  eq({xpcall(function(...) return ... end, print, 1, 2)}, {true, 1, 2}, "its arguments and results")
  for _, handler in ipairs({debug.traceback, function(m) return debug.traceback(m, 2) end}) do
    local _, trace = xpcall(function() error("deep") end, handler)
    local first = trace:match("stack traceback:\n\t([^\n]*)")
    check(first == "[C]: in function 'error'" and not trace:find("xpcall:"),
          "a traceback starts where the error was: " .. trace)
  end
  local y = coroutine.wrap(function() return xpcall(function() coroutine.yield(1) return 2 end, print) end)
  eq({y(), y()}, {1, true, 2}, "a yield across xpcall")
  local function nest(d)
    local c = coroutine.create(function() return nest(d + 1) end)
    local good, r = coroutine.resume(c)
    return good and r or d
  end
  check(nest(0) > 150, "as deep as Lua's own: " .. nest(0))
end)

test("endless code is stopped, however it hides", function()
  refused("while true do end", "the time budget (0.05 s) ran out", {time = 0.05})
  refused("while true do pcall(function() while true do end end) end",
          "the time budget (0.05 s) ran out", {time = 0.05})
  refused("while true do pcall(error, 'x') end", "the instruction budget (100000 instructions) ran out",
          {instructions = 100000})
  refused("local co = coroutine.wrap(function() while true do end end) co()",
          "the time budget (0.05 s) ran out", {time = 0.05})
  refused("local t = {} for i = 1, 1e9 do t[i] = {} end", "not enough memory", {memory = 1 << 20})
  refused("local s = 'x' while true do s = s .. s end", "not enough memory", {memory = 1 << 20})
  refused("mt.perft(mt.game(), 200)", "the time budget (0.05 s) ran out", {time = 0.05})
  refused("mt.solve({arms = 24})", "not enough memory", {memory = 1 << 20, time = 5})
  -- a coroutine made before the sandbox, resumed inside it
  local old = coroutine.create(function() while true do end end)
  local ok, err = mt.sandbox(function() return coroutine.resume(old) end, {time = 0.05})
  check(not ok and err:find("the time budget", 1, true), "an old coroutine: " .. tostring(err))
  -- an old wrapped coroutine too, and one made inside a budget, resumed
  -- after it ended and then within another
  local wrapped = coroutine.wrap(function() while true do end end)
  ok, err = mt.limit({instructions = 1e5}, wrapped)
  check(not ok and err:find("instruction budget", 1, true), "an old wrapped one: " .. tostring(err))
  local inner
  mt.limit({time = 5}, function() inner = coroutine.create(function() coroutine.yield() while true do end end) end)
  check(coroutine.resume(inner), "resumed after its budget")
  ok, err = mt.limit({time = 0.05}, coroutine.resume, inner)
  check(not ok and err:find("the time budget", 1, true), "then stopped by another: " .. tostring(err))
  -- and the engine goes on working
  eq(mt.perft(mt.game(), 10), 128, "perft afterwards")
  local t = {}
  for i = 1, 100000 do t[i] = {} end
  eq(#t, 100000, "memory afterwards")
end)

test("a sandbox gives back results and arguments", function()
  local path = script("local a, b = ... return a + b, mt.perft(mt.game(), 4)")
  eq({mt.sandbox(path, {args = {2, 3}})}, {true, 5, 6}, "results")
  os.remove(path)
  local x = 0
  local f = function() x = 1 return io end
  eq({mt.sandbox(f)}, {true, nil}, "a function sees the safe globals")
  eq(x, 1, "and its own upvalues")
  eq(type(io), "table", "the caller's globals are back")
  eq({mt.limit({}, function(...) return ... end, 1, 2)}, {true, 1, 2}, "limit passes values")
  eq({mt.limit({time = 1}, error, "mine")}, {false, "mine"}, "and errors")
end)

test("budgets nest, the inner never looser", function()
  local ok, err = mt.limit({time = 0.05}, function()
    return mt.limit({time = 100}, function() while true do end end)
  end)
  check(not ok or (ok and err == false), "the outer budget holds")
  local seen = tostring(select(2, mt.limit({instructions = 50000}, function()
    local _, inner = mt.limit({instructions = 1e9}, function() while true do end end)
    return inner
  end)))
  check(seen:find("instruction budget", 1, true), "inner: " .. seen)
end)

test("errors inside hooks, evaluations and players leave the game as it was", function()
  local armed = false
  local v = mt.variant{allow = function() if armed then error("hook boom") end return true end}
  local g = mt.game(v)
  g:play("4-c")
  local before = {g:position(), g:history()}
  armed = true
  raises(function() mt.search(g, {depth = 4}) end, "hook boom")
  raises(function() mt.mcts(g, {playouts = 10}) end, "hook boom")
  raises(function() mt.solve(mt.variant{base = v, name = "other"}) end, "hook boom")
  raises(function() mt.perft(g, 3) end, "hook boom")
  eq({g:position(), g:history()}, before, "unchanged by hooks")
  armed = false
  raises(function() mt.search(g, {eval = function() error("eval boom") end}) end, "eval boom")
  eq({g:position(), g:history()}, before, "unchanged by an evaluation")
  local m = mt.match(mt.player(function(game) game:play(game:moves()[1]) error("player boom") end),
                     "random", {games = 2})
  eq(m.a.losses, 2, "a failing player loses")
  eq({g:position(), g:history()}, before, "unchanged")
end)

test("a player past its budget loses that game; the match completes", function()
  local slow = mt.player(function(g)
    if g:ply() > 2 then while true do end end
    return g:moves()[1]
  end)
  local m = mt.match(slow, "random", {games = 4, budget = {time = 0.1}})
  eq(m.games, 4, "all games played")
  eq(m.a.losses, 4, "each lost")
  eq(#m.errors, 4, "each said why")
  check(m.errors[1]:find("the time budget (0.1 s) ran out", 1, true), m.errors[1])
  local greedy = mt.player(function()
    local t = {}
    while #t >= 0 do t[#t + 1] = {} end
    return t[1]
  end)
  m = mt.match(greedy, "perfect", {games = 2, budget = {memory = 1 << 20}})
  eq(m.a.losses, 2, "memory")
  check(m.errors[1]:find("not enough memory", 1, true), m.errors[1])
  local sly = mt.player(function() while true do pcall(function() while true do end end) end end)
  m = mt.match(sly, "random", {games = 2, budget = {instructions = 100000}})
  eq(m.a.losses, 2, "instructions, even under pcall")
end)

-- Runs the program with arguments and input; returns stdout, stderr, code.
local function run(args, input)
  local i, e = script(input or ""), os.tmpname()
  local p = io.popen(string.format("MUTORERE_PATH= '%s' %s < '%s' 2> '%s'", PROGRAM, args, i, e))
  local out = p:read("a")
  local _, _, code = p:close()
  local err = io.open(e):read("a")
  os.remove(i)
  os.remove(e)
  return out, err, code
end

test("--safe runs a whole session in the sandbox, and the REPL answers", function()
  local out, err = run("--safe --limit 0.3", table.concat({
    "io", "os.execute", "mt.load('/etc/passwd')", "string.dump",
    "while true do end", "while true do pcall(function() while true do end end) end",
    "co = coroutine.create(function() while true do end end)", "coroutine.resume(co)",
    "s = string.rep('x', (1 << 30) + 10)",
    "getmetatable('').__index.rep = nil", "play '4-c'", "save 'x.mtr'",
    "'still' .. ' here'", ""}, "\n"))
  check(out:find("still here", 1, true), "the REPL answers: " .. out)
  check(err:find("reading files is not allowed in a sandbox", 1, true), "files")
  local _, budget = err:gsub("the time budget %(0%.3 s%) ran out", "")
  check(budget >= 2, "loops stopped: " .. err)
  check(out:find("false\tthe time budget", 1, true), "the old coroutine stopped")
  check(err:find("not enough memory", 1, true), "memory capped")
  check(err:find("read-only", 1, true), "string metatable locked")
  check(err:find("global 'save'", 1, true), "no save command")
  local o2, e2, code = run("--safe -e 'print(io, os.getenv, mt.perft(mt.game(), 10))'")
  eq(o2, "nil\tnil\t128\n", "chunks: " .. e2)
  eq(code, 0, "exit")
  local path = script("print(select('#', ...), io)")
  o2 = run("--safe " .. path .. " a b")
  eq(o2, "2\tnil\n", "scripts")
  os.remove(path)
  local _, e3, c3 = run("--safe -l string -e 1")
  check(e3:find("-l is not allowed with --safe", 1, true), "-l")
  eq(c3, 1, "exit 1")
end)

test("variant and player files found by name run sandboxed in mt.sandbox, as under --safe", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir .. "/variants " .. dir .. "/ai")
  local marks = {variant = dir .. "/variant-ran", player = dir .. "/player-ran"}
  local function put(path, text)
    local f = assert(io.open(path, "w"))
    f:write(text)
    f:close()
  end
  -- each writes a file with io, and returns what it is
  put(dir .. "/variants/escape.lua", string.format(
    "local f = io.open(%q, 'w') f:write('x') f:close()\nreturn {name = 'escape'}", marks.variant))
  put(dir .. "/ai/escapee.lua", string.format(
    "local f = io.open(%q, 'w') f:write('x') f:close()\n" ..
    "return {choose = function(g) return g:moves()[1] end}", marks.player))
  local inside = {variant = "mt.variant('escape')", player = "mt.player('escapee')"}
  for _, what in ipairs({"variant", "player"}) do
    -- mt.sandbox: refused, as the same file is under --safe
    table.insert(mt.path, dir)
    local ok, err = mt.sandbox(function() return what == "variant" and mt.variant("escape")
                                                  or mt.player("escapee") end)
    table.remove(mt.path)
    check(not ok and tostring(err):find("a nil value (global 'io')", 1, true),
          what .. ": refused in mt.sandbox: " .. tostring(err))
    check(not io.open(marks[what]), what .. ": wrote nothing from mt.sandbox")
    local p = io.popen(string.format("MUTORERE_PATH=%s %s --safe -e %q 2>&1", dir, PROGRAM,
                                     "print(pcall(function() return " .. inside[what] .. " end))"))
    local said = p:read("a")
    p:close()
    check(said:find("^false") and said:find("a nil value (global 'io')", 1, true),
          what .. ": refused under --safe: " .. said)
    check(not io.open(marks[what]), what .. ": wrote nothing under --safe")
  end
  -- outside a sandbox the same files run with the rights of who set up the path
  table.insert(mt.path, dir)
  eq(mt.variant("escape").name, "escape", "a variant loads")
  eq(mt.player("escapee").name, "escapee", "a player loads")
  table.remove(mt.path)
  check(io.open(marks.variant) and io.open(marks.player), "and they ran with their rights")
  os.execute("rm -r " .. dir)
end)

test("a budget that stops a part of the module as it loads leaves it to load again", function()
  -- The module's Lua parts load when first used: in a new process, html.lua
  -- (mt.html) is first used here, and the budget runs out while it loads.
  for _, budget in ipairs({"instructions = 50", "memory = 1000"}) do
    local out, err = run("-e \"local g = mt.game() " ..
      "print(mt.limit({" .. budget .. "}, function() return mt.html(g) end)) " ..
      "print(#mt.html(g) > 1000, type(mt.svg_game))\"")
    check(out:find("^false\t"), budget .. ": the budget ran out: " .. out .. err)
    check(out:find("\ntrue\tfunction\n$"), budget .. ": then mt.html works: " .. out .. err)
  end
end)

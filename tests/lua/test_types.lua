-- test_types.lua — type confusion over the whole public API: every function
-- of mt (mt.puzzle... too) and every method of every class, called with
-- nil, values of other types, huge and odd numbers, empty strings and
-- tables, and values of the module's other kinds, in each argument in
-- turn (the others valid, as the reference's parameter names say).
-- Nothing may crash, and every error must be an argument error that
-- names the function and says what it wants.  The functions are found by
-- walking the module, so that new ones are covered; their parameters come
-- from doc/api.md.  Run in a scratch folder: some calls write files.

local mt = rawget(_G, "mt") or require "mutorere"
local reference = dofile(HERE .. "/reference.lua")

-- (the files it writes are named by the values tried, "-1", "inf", ...:
-- never into the source tree)
local source_tree = io.open("CMakeLists.txt")
if source_tree then
  source_tree:close()
  error("test_types.lua writes files where it runs: run it through ctest " ..
        "(ctest --test-dir build -R lua.types), which runs it in a scratch folder", 0)
end

-- A value of each of the module's kinds, made afresh (calls may change
-- them).
local MAKE = {
  Game = function() return mt.game() end,
  Variant = function() return mt.variant("standard") end,
  Position = function() return mt.position("bbbbwwww/. b") end,
  Move = function() return mt.variant("standard"):moves(mt.position("bbbbwwww/. b"))[1] end,
  Solution = function() return mt.solve("standard") end,
  Player = function() return mt.player("random") end,
}

-- Valid values for parameters of these names (the reference's); a name
-- not here gets nil.
local VALID = {
  game = MAKE.Game, variant = function() return "standard" end, x = MAKE.Game,
  position = function() return "bbbbwwww/. b" end, history = function() return {} end,
  depth = function() return 2 end, spec = function() return "random" end,
  a = function() return "random" end, b = function() return "random" end,
  move = function() return "4-c" end, path = function() return "scratch-file" end,
  budget = function() return {time = 5} end, f = function() return tostring end,
  point = function() return 1 end, colour = function() return "black" end,
  other = MAKE.Position, folder = function() return "variants" end,
  file = function() return io.stdout end, seed = function() return 7 end,
  text = function() return "bbbbwwww/. b" end, name = function() return "a-name" end,
  limits = function() return {depth = 1} end, tags = function() return {Event = "x"} end,
  puzzle = function() return "first-win" end, list = function() return {"standard"} end,
  player = function() return "random" end, wins = function() return 3 end,
  match = function() return mt.match("random", "random", {games = 2}) end,
  draws = function() return 2 end, losses = function() return 1 end,
  t = function() return {wins = 3, elo0 = 0, elo1 = 10} end,
  eval = function() return {eval = function() return 0 end, weights = {a = 1}} end,
}

-- Valid values that replace those above for one function: the functions
-- that walk a variant's every state are called on a small one, the
-- report with few games of random play (the calls try their arguments'
-- checks, not the standard game's size: a bad value that reads as a
-- variant, nil or {}, still makes a report of standard).
local VALID_FOR = {
  ["mt.report"] = {variant = function() return "pong-hau-ki" end,
                   options = function() return {games = 10} end},
  ["mt.dot"] = {variant = function() return "pong-hau-ki" end},
}

-- The bad values, each with its name in failure messages.
local BAD = {
  {"nil", function() return nil end}, {"true", function() return true end},
  {"0", function() return 0 end}, {"-1", function() return -1 end},
  {"maxinteger", function() return math.maxinteger end},
  {"mininteger", function() return math.mininteger end},
  {"nan", function() return 0 / 0 end}, {"inf", function() return math.huge end},
  {"-inf", function() return -math.huge end}, {"1.5", function() return 1.5 end},
  {"-2.5", function() return -2.5 end}, {'""', function() return "" end},
  {'"x"', function() return "x" end}, {"{}", function() return {} end},
  {"{1, 2}", function() return {1, 2} end}, {"{nope = 1}", function() return {nope = 1} end},
  {"a function", function() return function() end end},
  {"a coroutine", function() return coroutine.create(print) end},
  {"a file", function() return io.stderr end},
}
for kind, make in pairs(MAKE) do BAD[#BAD + 1] = {"a " .. kind, make} end

-- What is skipped, and why.
local SKIP = {
  ["mt.help"] = "prints mt.doc(x), which is called here instead",
}

-- Errors that legitimately come from elsewhere than the arguments' checks:
-- function name -> {pattern, why}.
local ELSEWHERE = {
  ["mt.load"] = {{"^record [^:]*: line %d+: ", "the record file's own text, named by line"},
                 {"^cannot load .*: No such file or directory$", "the system's answer"}},
  ["mt.from_record"] = {{"^record: line %d+: ", "the record's own text, named by line"}},
  ["mt.load_games"] = {{"^games [^:]*: ", "the file's own text"},
                       {"^cannot load .*: No such file or directory$", "the system's answer"}},
  ["mt.html"] = {{"^cannot write the page to .*: No such file or directory$", "the system's answer"}},
  ["Game:save"] = {{"^cannot save the game to .*: No such file or directory$", "the system's answer"}},
  ["mt.accuracy"] = {{"^player .* chose badly in .*is not a legal move",
                      "a player (here a function) that plays an illegal move: found by playing it"}},
}

-- Functions that take options but may take ones of their own: a player's
-- options are read by its own script.
local OWN_OPTIONS = {["mt.player"] = true}

-- The functions to call: {name = "mt.svg" or "Game:play", short = "play",
-- f, class (of self, for a method), params}.
local function api_functions()
  local signatures = reference.signatures(reference.text())
  local list = {}
  local function walk(t, prefix, seen)
    for k, v in pairs(t) do
      if type(v) == "function" then
        list[#list + 1] = {name = prefix .. k, short = k, f = v, params = signatures[prefix .. k]}
      elseif type(v) == "table" and type(k) == "string" and k:match("^%l") and not seen[v] then
        seen[v] = true
        walk(v, prefix .. k .. ".", seen)
      end
    end
  end
  walk(mt, "mt.", {})
  for class, methods in pairs(mt) do
    if type(class) == "string" and class:match("^%u") and type(methods) == "table" then
      for k, v in pairs(methods) do
        if type(v) == "function" and not k:match("^__") then
          local name = class .. ":" .. k
          list[#list + 1] = {name = name, short = k, f = v, class = class, params = signatures[name]}
        end
      end
    end
  end
  table.sort(list, function(a, b) return a.name < b.name end)
  return list
end

-- The arguments of a call of e: valid ones (self first for a method),
-- with the value of bad put at position i.
local function arguments(e, i, bad)
  local args, n = {}, 0
  if e.class then n = 1 args[1] = MAKE[e.class]() end
  local valid = VALID_FOR[e.name] or {}
  for _, p in ipairs(e.params) do
    n = n + 1
    local make = valid[p] or VALID[p]
    args[n] = make and make() or nil
  end
  if i then args[i] = bad() n = math.max(n, i) end
  return args, n
end

-- Why an error message of e is not as it must be, or nil when it is: an
-- argument error ("bad argument #n to 'name' (...)", or "calling 'name' on
-- bad self (...)") naming e, with what it wants in parentheses; or one of
-- e's errors from elsewhere.
local function wrong_message(e, message)
  if type(message) ~= "string" then return "an error object of type " .. type(message) end
  for _, allowed in ipairs(ELSEWHERE[e.name] or {}) do
    if message:find(allowed[1]) then return nil end
  end
  local named = message:match("^bad argument #%d+ to '([^']+)' %(.+%)$") or
                message:match("^calling '([^']+)' on bad self %(.+%)$")
  if not named then return "not an argument error" end
  if named ~= e.short and named:sub(-#e.short - 1) ~= "." .. e.short then
    return "names '" .. named .. "', not " .. e.short
  end
end

-- Calls e with each bad value in each argument (and a few in one argument
-- more than the reference lists); returns the failures.
local function confuse(e)
  local failures = {}
  local arity = math.max(#e.params + (e.class and 1 or 0), 1)
  for i = 1, arity + 1 do
    for j, bad in ipairs(BAD) do
      if i > arity and j % 8 ~= 1 then goto next end
      local args, n = arguments(e, i, bad[2])
      local ok, message = mt.limit({time = 20}, e.f, table.unpack(args, 1, n))
      local why = not ok and wrong_message(e, message)
      if why then
        failures[#failures + 1] = string.format("%s, argument %d %s: %s: %s", e.name, i, bad[1],
                                                why, tostring(message))
      end
      ::next::
    end
  end
  return failures
end

test("this test runs in a scratch folder", function()
  check(not io.open("doc/api.md"), "not in the source tree: the calls write files here")
end)

test("every function and method, every argument, every kind of bad value", function()
  local list, count, failures = api_functions(), 0, {}
  for _, e in ipairs(list) do
    if e.class and not MAKE[e.class] then
      failures[#failures + 1] = "no value of class " .. e.class .. " to call " .. e.name .. " on"
    elseif not SKIP[e.name] then
      check(e.params, e.name .. " is in the reference")
      e.params = e.params or {}
      for _, f in ipairs(confuse(e)) do failures[#failures + 1] = f end
      count = count + 1
    end
  end
  check(count > 80, "the functions and methods called: " .. count)
  eq(failures, {}, "errors that are not argument errors naming the function")
  eq(mt.perft(mt.game(), 10), 128, "the module works on after all that")
end)

test("an unknown option is an error that names it", function()
  for _, e in ipairs(api_functions()) do
    local at = 0
    for i, p in ipairs(e.params or {}) do if p == "options" then at = i end end
    if at > 0 and not OWN_OPTIONS[e.name] and not SKIP[e.name] then
      if e.class then at = at + 1 end
      local args, n = arguments(e, at, function() return {nope_option = 1} end)
      local ok, message = pcall(e.f, table.unpack(args, 1, n))
      check(not ok and tostring(message):find("nope_option", 1, true)
            and not wrong_message(e, message), e.name .. ": " .. tostring(message))
    end
  end
end)

-- A table of twelve keys nope_01 .. nope_12 (and the keys of also), put
-- in in a shuffled order: Lua's pairs then meets them in an order that
-- changes with the table and from one state to the next.
local function twelve_keys(seed, also)
  local order = {}
  for k = 1, 12 do order[k] = k end
  for k = 12, 2, -1 do
    seed = (seed * 1103515245 + 12345) % 2147483648
    local j = seed % k + 1
    order[k], order[j] = order[j], order[k]
  end
  local t = {}
  for key, value in pairs(also or {}) do t[key] = value end
  for _, k in ipairs(order) do t[string.format("nope_%02d", k)] = true end
  return t
end

test("of several unknown keys an error names the least, whatever the table's order", function()
  local function names_first(what, call)
    for seed = 1, 4 do
      local ok, message = pcall(call, twelve_keys(seed))
      if not check(not ok and tostring(message):find("nope_01", 1, true)
                   and not tostring(message):find("nope_0[2-9]") and not tostring(message):find("nope_1%d"),
                   what .. " (order " .. seed .. "): " .. tostring(message)) then return end
    end
  end
  local tried = 0
  for _, e in ipairs(api_functions()) do
    local at = 0
    for i, p in ipairs(e.params or {}) do if p == "options" then at = i end end
    if at > 0 and not SKIP[e.name] then
      if e.class then at = at + 1 end
      names_first(e.name, function(o)
        local args, n = arguments(e, at, function() return o end)
        return e.f(table.unpack(args, 1, n))
      end)
      tried = tried + 1
    end
  end
  check(tried > 15, "functions with options tried: " .. tried)
  names_first("a variant's fields", function(t) t.base = "standard" return mt.variant(t) end)
  names_first("slides", function(t) return mt.variant{base = "standard", slides = t} end)
  names_first("a jump rule", function(t)
    return mt.variant{base = "standard", jumps = {t}}
  end)
  names_first("p:transform", function(t) return mt.position("bbbbwwww/. b"):transform(t) end)
  names_first("mt.limit", function(t) return mt.limit(t, function() end) end)
  names_first("mt.sandbox", function(t) return mt.sandbox("return 1", t) end)
  names_first("Player:choose", function(t)
    return mt.player("random"):choose(mt.game(), t)
  end)
  names_first("g:record's tags", function(t)
    for key in pairs(t) do t[key] = "x\ny" end -- a value a record cannot hold
    return mt.game():record(t)
  end)
  names_first("the game's own tags", function(t)
    local g = mt.game()
    for key in pairs(t) do g:tags()[key] = {} end
    return g:record()
  end)
  for what, call in pairs({
    slides = function() return mt.variant{base = "standard", slides = {["onto\0x"] = "any"}} end,
    budget = function() return mt.limit({["time\0"] = 1}, function() end) end,
    transform = function() return mt.position("bbbbwwww/. b"):transform{["swap\0"] = true} end,
    variant = function() return mt.variant{base = "standard", ["misere\0"] = true} end,
    options = function() return mt.search(mt.game(), {["depth\0"] = 1}) end}) do
    local ok, message = pcall(call)
    check(not ok and tostring(message):find("\\0"),
          "a key with a zero byte is not the name before it: " .. what .. ": " .. tostring(message))
  end
  local g = mt.game()
  local ok, message = pcall(g.record, g, {[true] = 1, [2] = 1, x = 1})
  check(not ok and message:find("tag name boolean", 1, true),
        "a name of another type: the least type: " .. tostring(message))
  local report = mt.puzzle.check(twelve_keys(5, {title = "t", variant = "standard",
    position = "bbbbwwww/. b", goal = "draw", solution = {}}))
  check(report.problems[1] == "unknown field 'nope_01'" and report.problems[12] == "unknown field 'nope_12'",
        "a puzzle's problems in order: " .. table.concat(report.problems, "; "))
end)

-- Each script (its text, or a command line of the program, and the text
-- its output must hold) run in fresh
-- processes: Lua seeds its hashes afresh in each, so the order in which
-- pairs meets a table's keys changes from one to the next.
local SAME_IN_EVERY_PROCESS = {
  {[[local f = "resumed.mtr"
     os.remove(f)
     mt.match("random", "random", {games = 1, clock = {base = 60}, file = f, progress = false})
     print(select(2, pcall(mt.match, "random", "random", {games = 1,
       clock = {{base = 60}, {base = 30}}, file = f, resume = true, progress = false})))]],
   "its TimeControl is 60, here none"},
  {[[print(select(2, pcall(mt.puzzle.text, {title = "x",
       hint = {["a b"] = 1, ["c-d"] = 2, ["e f"] = 3, [true] = 4}})))]], "hint has the key boolean"},
  {[[local g = mt.game()
     print(select(2, pcall(mt.accuracy, "random", "standard",
       {[g] = 1, [mt.variant("standard")] = 2, [mt.position(g:position())] = 4})))]],
   "unknown option mutorere.Game"},
  {[[print(select(2, mt.same_game("standard", "no-restriction")))]], "allows 2-c in bbbbwwww/. b"},
  {[[say = print; print(select(2, mt.doc(print)))]], "no help for 'print'"},
  {command = string.format("%q", HERE .. "/../../scripts/tools/match.lua") .. " -engine player=random foo=1 " ..
   "bar=2 zap=3 -engine player=random -games 1", "unknown key bar"},
}

test("what names one of a table's keys names the same one in every process", function()
  for i, case in ipairs(SAME_IN_EVERY_PROCESS) do
    local command = case.command
    if not command then
      command = "same" .. i .. ".lua"
      local f = assert(io.open(command, "w"))
      f:write(case[1])
      f:close()
    end
    local seen = {}
    for _ = 1, 8 do
      local out = io.popen(PROGRAM .. " " .. command .. " 2>&1"):read("a")
      seen[out] = true
      if not check(out:find(case[#case], 1, true), "case " .. i .. ": " .. out) then break end
    end
    local outputs = 0
    for _ in pairs(seen) do outputs = outputs + 1 end
    eq(outputs, 1, "case " .. i .. ": one output in 8 processes")
  end
end)

test("the checks of this test fail on a bad message", function()
  local e = {name = "mt.svg", short = "svg"}
  eq(wrong_message(e, "bad argument #1 to 'svg' (Game expected, got nil)"), nil, "good")
  eq(wrong_message(e, "bad argument #1 to 'mutorere.svg' (Game expected, got nil)"), nil, "pcall's name")
  check(wrong_message(e, "attempt to index a nil value (local 'pos')"), "an internal error")
  check(wrong_message(e, "bad argument #1 to 'position' (bad position: empty text)"), "another function")
  check(wrong_message(e, {}), "an error object")
  local calls = 0
  local fake = {name = "mt.fake", short = "fake", params = {"x"}, f = function(x)
    calls = calls + 1
    if x == nil then error("attempt to index a nil value") end
  end}
  check(#confuse(fake) > 0, "a function failing inside is caught")
  check(calls >= #BAD, "every bad value tried")
end)

test("option values out of range name the option and what it takes", function()
  local g = mt.game()
  local cases = {
    {function() return mt.svg(g, {size = 0 / 0}) end, "bad argument #2 to 'svg' (option size must be"},
    {function() return mt.svg(g, {size = math.huge}) end, "option size must be a number of pixels"},
    {function() return mt.svg(g, {style = "round"}) end, "option style must be \"star\" or \"wheel\""},
    {function() return mt.svg(g, {arrow = "4-9"}) end, "option arrow must be a move on the board"},
    {function() return mt.svg_game(g, {per_row = 0}) end, "option per_row must be"},
    {function() return mt.svg(g, {size = "big"}) end, "option size must be a number, got \"big\""},
    {function() return mt.metrics("standard", {nope = 1}) end,
     "bad argument #2 to 'metrics' (unknown option \"nope\" (the options are games, max_plies"},
    {function() return mt.metrics("standard", {games = -1}) end, "option games must be a non-negative integer"},
    {function() return mt.report("standard", {games = 1.5}) end, "option games must be a whole number, got 1.5"},
    {function() return mt.puzzle.generate{goal = "lose"} end, "option goal must be \"win\" or \"draw\""},
    {function() return mt.puzzle.generate{plies = 0} end, "option plies must be a whole number of plies"},
    {function() return mt.puzzle.text({title = "x", solution = print}) end,
     "bad argument #1 to 'text' (solution is function: a puzzle holds strings"},
    {function() return mt.puzzle.text({solution = {{{{{"deep"}}}}}}) end, "nested too deeply"},
    {function() return mt.player("random"):reset("x") end,
     "bad argument #1 to 'reset' (seed must be a whole number, got \"x\")"},
    {function() return mt.player("perfect", {skill = 0 / 0}) end, "skill must be a number from 0"},
    -- a built-in search's options, checked when the player is made
    {function() return mt.player("alphabeta", {time = -1}) end,
     "bad argument #2 to 'player' (option time must be a number from 0 to 1e9, got -1)"},
    {function() return mt.player("alphabeta", {time = 2e9}) end, "option time must be a number"},
    {function() return mt.player("alphabeta", {depth = 65}) end,
     "option depth must be a whole number from 1 to 64, got 65"},
    {function() return mt.player("alphabeta", {depth = 0}) end, "option depth must be a whole"},
    {function() return mt.player("alphabeta", {nodes = 1.5}) end,
     "option nodes must be a whole number >= 0, got 1.5"},
    {function() return mt.player("alphabeta", {eval = 3}) end, "option eval must be a function, got 3"},
    {function() return mt.player("mcts", {playouts = -1}) end, "option playouts must be a whole"},
    {function() return mt.player("mcts", {time = "1"}) end, "option time must be a number"},
    {function() return mt.player("mcts", {max_plies = 0}) end,
     "option max_plies must be a whole number from 1 to 100000, got 0"},
    {function() return mt.player("mcts", {max_plies = 100001}) end, "option max_plies must be"},
    {function() return mt.player("mcts", {policy = true}) end, "option policy must be a function"},
    -- (issue 33) a misspelled option was taken silently: deph searched 6 plies, skil played perfectly
    {function() return mt.player("alphabeta", {deph = 1}) end,
     "bad argument #2 to 'player' (unknown option \"deph\" (the options of alphabeta are depth, eval, name, " ..
     "nodes, time))"},
    {function() return mt.player("perfect", {skil = 0}) end,
     "unknown option \"skil\" (the options of perfect are against, lookahead, name, skill)"},
    {function() return mt.player("mcts", {playout = 9}) end, "unknown option \"playout\" (the options of mcts"},
    {function() return mt.player("random", {depth = 2}) end,
     "unknown option \"depth\" (the options of random are name)"},
    {function() return mt.player("heuristic", {deph = 2}) end, "unknown option \"deph\" (the options of alphabeta"},
    {function() return mt.player({engine = "alphabeta", options = {dpeth = 2}}) end,
     "bad argument #1 to 'player' (unknown option \"dpeth\""},
    {function() return mt.solve("standard", {nope = 1}) end, "unknown option \"nope\""},
    {function() return mt.load("x", {nope = 1}) end, "unknown option \"nope\" (the options are variant_path)"},
  }
  for _, c in ipairs(cases) do raises(c[1], c[2]) end
  -- the edges of those ranges are taken, a whole float as its integer
  local edge = mt.player("alphabeta", {depth = 64.0, nodes = 0, time = 1e9, eval = function() return 0 end})
  eq({math.type(edge.options.depth), edge.options.time}, {"integer", 1e9}, "alphabeta's edges")
  mt.player("alphabeta", {depth = 1, time = 0})
  mt.player("mcts", {playouts = 0, time = 0, max_plies = 1, policy = function() end})
  mt.player("mcts", {max_plies = 100000})
  eq(mt.player("perfect", {skill = 0.5, name = "half"}).name, "half", "name is every player's option")
  eq(mt.player(function() return "4-c" end, {anything = 1}).options.anything, 1,
     "a choose function's options are its own")
  local t = {title = "loop"}
  t.solution = t
  raises(function() return mt.puzzle.text(t) end, "nested too deeply")
end)

-- --- counts: one rule for every integer argument and option ---

-- Each count the API takes: a call with the count n in its place, and the
-- name its error gives it.  k is a valid count for it.
local function counts()
  local g = mt.game()
  local function ab(depth) return mt.player("alphabeta", {depth = depth}) end
  local eval = {eval = function(_, _, w) return w.a end, weights = {a = 1}}
  return {
    {"variant arms", 10, function(n) return mt.variant{arms = n}:parameters().arms end, "arms"},
    {"variant flank", 2, function(n) return mt.variant{flank = n}:parameters().flank end, "flank"},
    {"variant repetition", 3, function(n) return mt.variant{repetition = n}:parameters().repetition end,
     "repetition"},
    {"variant max_plies", 50, function(n) return mt.variant{max_plies = n}:parameters().max_plies end,
     "max_plies"},
    {"variant history", 1, function(n) return mt.variant{base = "standard", history = n}:parameters().history end,
     "history"},
    {"perft depth", 4, function(n) return mt.perft(g, n) end, "depth"},
    {"divide depth", 3, function(n) return mt.divide(g, n)["4-c"] end, "depth"},
    {"solve threads", 1, function(n) return mt.solve("standard", {threads = n}):states() end, "threads"},
    {"search depth", 3, function(n) return mt.search(g, {depth = n}).depth end, "depth"},
    {"search nodes", 100, function(n) return mt.search(g, {nodes = n}).move end, "nodes"},
    {"search table", 12, function(n) return mt.search(g, {table = n, depth = 2}).move end, "table"},
    {"mcts playouts", 50, function(n) return mt.mcts(g, {playouts = n}).move end, "playouts"},
    {"mcts seed", 3, function(n) return mt.mcts(g, {playouts = 50, seed = n}).move end, "seed"},
    {"mcts max_plies", 20, function(n) return mt.mcts(g, {playouts = 50, max_plies = n}).move end, "max_plies"},
    {"Position:at", 1, function(n) return g:board():at(n) end, "#1"},
    {"Position:neighbours", 1, function(n) return g:board():neighbours(n) end, "#1"},
    {"Position:transform rotate", 1, function(n) return tostring(g:board():transform{rotate = n}) end,
     "rotate"},
    {"Solution:census", 2, function(n) return #mt.solve("standard"):census(nil, n).examples end, "#2"},
    {"limit instructions", 100000, function(n) return mt.limit({instructions = n}, function() return 1 end) end,
     "instructions"},
    {"limit memory", 1000000, function(n) return mt.limit({memory = n}, function() return 1 end) end, "memory"},
    {"isatty", 1, function(n) return mt.isatty(n) end, "#1"},
    {"match games", 2, function(n) return mt.match("random", "random", {games = n}).games end, "games"},
    {"match seed", 5, function(n) return mt.match("random", "random", {games = 2, seed = n}).wins end, "seed"},
    {"match max_plies", 20, function(n) return mt.match("random", "random", {games = 2, max_plies = n}).wins end,
     "max_plies"},
    {"match jobs", 1, function(n) return mt.match("random", "random", {games = 2, jobs = n}).games end, "jobs"},
    {"tournament games", 2, function(n)
       return mt.tournament{players = {"random", "random"}, games = n}.played end, "games"},
    {"tournament seed", 2, function(n)
       local t = mt.tournament{players = {"random", "random"}, games = 2, seed = n}
       return tostring(t.standings[1].points) end, "seed"},
    {"tournament max_plies", 20, function(n)
       return mt.tournament{players = {"random", "random"}, games = 2, max_plies = n}.played end, "max_plies"},
    {"tournament jobs", 1, function(n)
       return mt.tournament{players = {"random", "random"}, games = 2, jobs = n}.played end, "jobs"},
    {"elo wins", 3, function(n) return mt.elo(n, 2, 1).elo end, "wins"},
    {"elo draws", 2, function(n) return mt.elo(3, n, 1).elo end, "draws"},
    {"elo losses", 1, function(n) return mt.elo(3, 2, n).elo end, "losses"},
    {"sprt wins", 3, function(n) return mt.sprt{wins = n, draws = 2, losses = 1, elo0 = 0, elo1 = 10}.llr end,
     "wins"},
    {"openings plies", 4, function(n) return #mt.openings("standard", {plies = n}) end, "plies"},
    {"openings count", 3, function(n) return #mt.openings("standard", {plies = 4, count = n}) end, "count"},
    {"openings seed", 3, function(n) return mt.openings("standard", {plies = 6, count = 2, seed = n})[1]:position() end,
     "seed"},
    {"report games", 10, function(n) return mt.report("standard", {games = n}).random_play.games end, "games"},
    {"report seed", 2, function(n)
      -- the report's text less its solve time, which differs from run to run
      return (tostring(mt.report("standard", {games = 10, seed = n})):gsub("in [%d.]+ s", "in … s"))
    end, "seed"},
    {"report traps", 2, function(n) return #mt.report("standard", {traps = n}).traps.examples end, "traps"},
    {"metrics games", 10, function(n) return tostring(mt.metrics("standard", {games = n})) end, "games"},
    {"metrics max_plies", 100, function(n) return tostring(mt.metrics("standard", {max_plies = n})) end,
     "max_plies"},
    {"metrics seed", 2, function(n) return tostring(mt.metrics("standard", {games = 10, seed = n})) end, "seed"},
    {"metrics traps", 2, function(n) return #mt.metrics("standard", {traps = n}).traps.examples end, "traps"},
    {"compare arms", 10, function(n) return tostring(mt.compare{"standard", "misere", arms = n, random = false}) end,
     "arms"},
    {"accuracy sample", 3, function(n) return mt.accuracy("random", "standard", {sample = n}).judged end,
     "sample"},
    {"accuracy seed", 3, function(n) return mt.accuracy("random", "standard", {sample = 3, seed = n}).judged end,
     "seed"},
    {"accuracy examples", 1, function(n)
       return tostring(mt.accuracy("random", "standard", {sample = 20, examples = n})) end, "examples"},
    {"accuracy max_plies", 20, function(n)
       return mt.accuracy("random", "standard", {sample = 3, max_plies = n}).judged end, "max_plies"},
    {"tune iterations", 1, function(n) return mt.tune(eval, "standard", {iterations = n}).iterations end,
     "iterations"},
    {"tune max_plies", 20, function(n) return mt.tune(eval, "standard", {iterations = 1, max_plies = n}).iterations end,
     "max_plies"},
    {"svg_game per_row", 2, function(n) return mt.svg_game(g, {per_row = n}) end, "per_row"},
    {"puzzle.generate plies", 1, function(n) return #mt.puzzle.generate{plies = n} end, "plies"},
    {"puzzle.generate limit", 1, function(n) return #mt.puzzle.generate{plies = 3, limit = n} end, "limit"},
    {"player depth", 2, function(n) return ab(n):choose(g) end, "depth"},
    {"perfect lookahead", 2, function(n) return mt.player("perfect", {lookahead = n}):choose(g) end,
     "lookahead"},
    {"choose depth", 2, function(n) return mt.player("alphabeta"):choose(g, {depth = n}) end, "depth"},
    {"choose nodes", 50, function(n) return mt.player("alphabeta"):choose(g, {nodes = n}) end, "nodes"},
    {"Player:reset", 3, function(n) return mt.player("random"):reset(n):choose(g) end, "#1"},
    {"Game:lookahead", 2, function(n) return #mt.game():lookahead(n) end, "#1"},
  }
end

test("a count is a number with a whole value, everywhere: 4/2 is 2, 2.5 and \"2\" are refused", function()
  for _, c in ipairs(counts()) do
    local name, k, f, what = c[1], c[2], c[3], c[4]
    local ok, want = pcall(f, k)
    if check(ok, name .. " takes " .. k .. ": " .. tostring(want)) then
      local fok, got = pcall(f, k + 0.0)
      check(fok, name .. " takes " .. k .. ".0: " .. tostring(got))
      eq(got, want, name .. " with " .. k .. ".0")
      eq(math.type(got) == "float" and math.type(want) ~= "float", false,
         name .. ": a whole float gives what the integer gives, not a float")
    end
    raises(function() f(k + 0.5) end, "got " .. (k + 0.5), name .. " with " .. (k + 0.5))
    raises(function() f(k + 0.5) end, what, name .. " names " .. what)
    raises(function() f(tostring(k)) end, what, name .. " with \"" .. k .. "\"")
  end
end)

test("every integer the bridge and the module's parts read goes through the one rule", function()
  -- what may read an integer otherwise: Lua's own library functions
  -- (lsafelib.c), the workers' own messages (lworkers.c), the helper itself
  local allowed = {["lua/bridge/lsafelib.c"] = true, ["lua/bridge/lworkers.c"] = true,
                   ["lua/bridge/lbridge.c"] = true}
  local digest = "lua/bridge/lsolver.c: lua_isinteger" -- a hook's digest tells 1 from 1.0
  local root = HERE .. "/../.."
  local found = {}
  local listing = io.popen("cd " .. root .. " && ls lua/bridge/*.c lua/program/*.c"):read("a")
  for path in listing:gmatch("[^\n]+") do
    if not allowed[path] then
      local text = io.open(root .. "/" .. path):read("a")
      for call in text:gmatch("(lua[L]?_%w*integer%w*)%s*%(") do
        local where = path .. ": " .. call
        if call ~= "lua_pushinteger" and call ~= "lua_tointeger" and where ~= digest then
          found[#found + 1] = where
        end
      end
    end
  end
  -- in Lua: math.type tells integers from floats where a count is read;
  -- the places that tell them apart to write a number are listed
  local writes = {["lua/module/html.lua"] = 1, ["lua/module/puzzles.lua"] = 3,
                  ["lua/module/tune.lua"] = 2, ["lua/program/repl.lua"] = 1}
  listing = io.popen("cd " .. root .. " && ls lua/module/*.lua lua/program/*.lua"):read("a")
  for path in listing:gmatch("[^\n]+") do
    local text = io.open(root .. "/" .. path):read("a")
    local n = 0
    for _ in text:gmatch("math%.t[oy][ip][ne]%w*%(") do n = n + 1 end
    if n ~= (writes[path] or 0) then found[#found + 1] = path .. ": math.type or math.tointeger " .. n .. " times" end
  end
  eq(found, {}, "integers read outside shared.whole and lbridge_whole")
end)

-- --- text: a zero byte is refused wherever a string reaches C ---

-- Whether message says a zero byte was refused: in words, or by showing
-- the string whole with its zero byte (a string compared in Lua with a
-- list of choices: option style must be "star" or "wheel", got "star\0x").
local function names_zero_byte(message)
  message = tostring(message)
  return message:find("zero byte", 1, true) or message:find("\\0x", 1, true)
end

-- Functions whose parameters of these names take other valid strings
-- here, or no text at all.
local TEXT_VALID = {["mt.same_game"] = {a = "standard", b = "standard"},
                    ["mt.puzzle.text"] = {puzzle = false}} -- a table only

test("a zero byte in any text argument is refused, never cut short", function()
  local failures, tried = {}, 0
  for _, e in ipairs(api_functions()) do
    local params = e.params or {}
    for i, p in ipairs(params) do
      local own = TEXT_VALID[e.name] or {}
      local valid = own[p]
      if valid == nil then valid = VALID[p] and VALID[p]() end
      if type(valid) == "string" and not SKIP[e.name] then
        local at = i + (e.class and 1 or 0)
        local args, n = arguments(e, at, function() return valid .. "\0x" end)
        for j, q in ipairs(params) do
          if own[q] and j ~= i then args[j + (e.class and 1 or 0)] = own[q] end
        end
        local ok, message = mt.limit({time = 20}, e.f, table.unpack(args, 1, n))
        tried = tried + 1
        if ok or not names_zero_byte(message) then
          failures[#failures + 1] = string.format("%s, argument %d (%s = %q): %s", e.name, at, p,
                                                  valid .. "\0x", ok and "accepted" or tostring(message))
        end
      end
    end
  end
  check(tried > 30, "text arguments tried: " .. tried)
  eq(failures, {}, "text arguments with a zero byte")
end)

test("a zero byte in text inside tables and values is refused, never cut short", function()
  local g = mt.game()
  local board = {points = {"a", "b", "c", "d", "e"}, lines = {"a-b", "b-c", "c-d", "d-e", "e-a"},
                 start = "bb.ww b"}
  local function with(t, k, x)
    local copy = {}
    for key, value in pairs(t) do copy[key] = value end
    copy[k] = x
    return copy
  end
  local cases = {
    {"variant name", function() return mt.variant{name = "a\0x"} end},
    {"variant description", function() return mt.variant{description = "a\0x"} end},
    {"variant source", function() return mt.variant{source = "a\0x"} end},
    {"variant base", function() return mt.variant{base = "standard\0x"} end},
    {"variant start", function() return mt.variant{start = "bbbbwwww/. b\0x"} end},
    {"variant flank", function() return mt.variant{flank = "always\0x"} end},
    {"a point's name", function()
       return mt.variant(with(board, "points", {"a", "b\0x", "c", "d", "e"})) end},
    {"a line's names", function() return mt.variant(with(board, "lines", {"a-b\0x", "b-c", "c-d", "d-e", "e-a"})) end},
    {"a line's pair", function()
       return mt.variant(with(board, "lines", {{"a", "b\0x"}, "b-c", "c-d", "d-e", "e-a"})) end},
    {"an arrow", function() return mt.variant(with(board, "arrows", {"a-c\0x"})) end},
    {"the centre", function() return mt.variant(with(board, "centre", "a\0x")) end},
    {"the start of a board", function() return mt.variant(with(board, "start", "bb.ww b\0x")) end},
    {"a history's move", function()
       local v = mt.variant{base = "standard", history = 1, allow = function() return true end}
       return v:moves(mt.position("bbb.wwww/b w 1"), {"4-c\0x"}) end},
    {"a point of a board of points", function() return mt.variant(board).start:at("a\0x") end},
    {"Game:play", function() return g:copy():play("4-c\0x") end},
    {"Variant:play", function() return mt.variant("standard"):play(g:board(), "4-c\0x") end},
    {"a record's text", function() return mt.from_record("1. 4-c\0 5-4") end},
    {"a tag's value", function() return g:record{Event = "a\0x"} end},
    {"a tag's name", function() return g:record{["Event\0x"] = "a"} end},
    {"a solution file", function() return mt.solve("standard", {file = "s\0x"}) end},
    {"a player's name", function() return mt.player("random\0x") end},
    {"a match's variant", function() return mt.match("random", "random", {variant = "standard\0x"}) end},
    {"a match's start", function() return mt.match("random", "random", {start = "bbbbwwww/. b\0x"}) end},
    {"a tournament's player", function() return mt.tournament{players = {"random", "random\0x"}} end},
    {"a tournament's variant", function()
       return mt.tournament{players = {"random", "random"}, variants = {"standard\0x"}} end},
    {"accuracy weights", function() return mt.accuracy("random", "standard", {weights = "states\0x"}) end},
    {"svg style", function() return mt.svg(g, {style = "star\0x"}) end},
    {"svg arrow", function() return mt.svg(g, {arrow = "4-c\0x"}) end},
    {"a puzzle's goal", function() return mt.puzzle.generate{goal = "win\0x", plies = 1} end},
    {"a playout policy's move", function()
       return mt.mcts(g, {playouts = 20, policy = function(_, moves) return tostring(moves[1]) .. "\0x" end}) end},
    {"a function player's move", function()
       return mt.accuracy(function(game) return tostring(game:moves()[1]) .. "\0x" end, "standard", {sample = 2}) end},
  }
  for _, c in ipairs(cases) do
    local ok, message = pcall(c[2])
    check(not ok and names_zero_byte(message), c[1] .. ": " .. (ok and "accepted" or tostring(message)))
  end
  eq(mt.variant("standard")["name\0x"], nil, "a field name with a zero byte is no field")
end)

test("every text argument the bridge reads goes through the one rule", function()
  -- the readers of string arguments other than lbridge_check_text, and why
  local allowed = {
    ["lua/bridge/lbridge.c"] = 1,   -- lbridge_check_text itself
    ["lua/bridge/lsafelib.c"] = 9,  -- Lua's own string and table functions, bytes and all
    ["lua/bridge/lfiles.c"] = 8,    -- io-like: nil and "the path holds a zero byte" (lbridge_is_text);
                                    -- the text written, bytes and all
    ["lua/bridge/lguard.c"] = 1,    -- a name from the module's own parts
    ["lua/bridge/lmutorere.c"] = 2, -- an embedded file's name, from the module's own parts; text
                                    -- shown in a message, bytes and all (shared.shown)
    ["lua/bridge/lposition.c"] = 1, -- a field's name, compared with its length
    ["lua/bridge/lvariant.c"] = 1,  -- a field's name, then lbridge_is_text
    ["lua/program/lines.c"] = 1,    -- a line written out, bytes and all
  }
  local root = HERE .. "/../.."
  local found = {}
  local listing = io.popen("cd " .. root .. " && ls lua/bridge/*.c lua/program/*.c"):read("a")
  for path in listing:gmatch("[^\n]+") do
    local text = io.open(root .. "/" .. path):read("a")
    local n = 0
    for _ in text:gmatch("luaL_[co][hp][et]c?k?l?string%s*%(") do n = n + 1 end
    if n ~= (allowed[path] or 0) then found[#found + 1] = path .. ": " .. n .. " string readers" end
  end
  eq(found, {}, "string arguments read outside lbridge_check_text")
end)

test("what was typed is shown cut in a message: at a character, with \\n and \\0 for what would break it", function()
  local function why(f, ...)
    local ok, e = pcall(f, ...)
    check(not ok, "refused")
    return tostring(e)
  end
  -- a value described: 40 bytes, cut before a character that would not
  -- fit; alike from the bridge (mt.limit's fields) and the module's Lua
  -- parts (mt.player's options)
  local e_acute = "\u{e9}" -- (two bytes)
  local cases = {
    {string.rep("k", 41), '"' .. string.rep("k", 40) .. '..."'},
    {string.rep("k", 40), '"' .. string.rep("k", 40) .. '"'},
    {string.rep("k", 39) .. e_acute .. "z", '"' .. string.rep("k", 39) .. '..."'},
    {string.rep("k", 38) .. e_acute .. "z", '"' .. string.rep("k", 38) .. e_acute .. '..."'},
    {"a\nb\0c", '"a\\nb\\0c"'},
    {"a\rb\1c\127", '"a\\rb\\001c\\127"'},
  }
  for _, case in ipairs(cases) do
    local key, shown = case[1], case[2]
    local bridge = why(mt.limit, {[key] = 1}, function() end)
    local module = why(mt.player, "alphabeta", {[key] = 1})
    check(bridge:find("unknown field " .. shown .. " ", 1, true), "the bridge shows " .. shown .. ": " .. bridge)
    check(module:find("unknown option " .. shown .. " ", 1, true), "the module shows " .. shown .. ": " .. module)
    check(not bridge:find("\n", 1, true) and not module:find("\n", 1, true), "one line")
  end
  -- a name not found: 100 bytes, the same rule
  local long = string.rep("n", 99) .. e_acute .. string.rep("n", 200)
  local name = "'" .. string.rep("n", 99) .. "...'"
  for what, message in pairs({
    variant = why(mt.variant, long), player = why(mt.player, long), puzzle = why(mt.puzzle.load, long),
  }) do
    check(message:find("unknown " .. what .. " " .. name, 1, true), what .. ": " .. message)
    check(#message < 250, what .. ": the message is short")
  end
  -- in a record: a name with letters no variant's name has, and one unknown
  local record = why(mt.from_record, '[Variant "' .. long .. '"]\n\n1. 4-c *')
  check(record:find('the Variant tag "' .. string.rep("n", 99) .. '..." is not a variant name', 1, true) and
        #record < 250, record)
  local plain = string.rep("p", 300)
  record = why(mt.from_record, '[Variant "' .. plain .. '"]\n\n1. 4-c *')
  check(record:find("unknown variant '" .. string.rep("p", 100) .. "...'", 1, true) and
        record:find("needs variants/" .. string.rep("p", 100) .. "....lua", 1, true) and #record < 500, record)
  -- a moves hook's text that is no move: as a value is shown
  for _, case in ipairs({{string.rep("a", 1000), '"' .. string.rep("a", 40) .. '..."'},
                         {"a1-b1\nzz", '"a1-b1\\nzz"'}}) do
    local v = mt.variant{base = "standard", name = "says", moves = function() return {case[1]} end}
    local e = why(function() return mt.game(v):moves() end)
    check(e:find("it returned " .. case[2] .. " at [1]: bad move", 1, true) and not e:find("\n", 1, true) and
          #e < 250, e)
  end
  -- the core's own messages: a record's token, a point's name, a ply
  local token = why(mt.from_record, '[Variant "standard"]\n\n1. a' .. string.rep(e_acute, 80) .. " *")
  check(token:find("not a move: 'a" .. string.rep(e_acute, 19) .. "...'", 1, true), token)
  local after = why(mt.from_record, '[Variant "standard"]\n\n1. 4-c * z\1')
  check(after:find("text after the result: 'z\\001'", 1, true), after)
  local point = why(mt.variant, {points = {"a", "b\nc"}, lines = {"a-b"}})
  check(point:find('bad point name "b\\nc"', 1, true), point)
  point = why(mt.variant, {points = {"a", string.rep("b", 60)}, lines = {"a-b"}})
  check(point:find('bad point name "' .. string.rep("b", 40) .. '..."', 1, true), point)
  local ply = why(mt.position, "bbbbwwww/. b 12" .. string.rep(e_acute, 20))
  check(ply:find('found "12' .. string.rep(e_acute, 9) .. '..."', 1, true), ply) -- (20 bytes)
  ply = why(mt.position, "bbbbwwww/. b 123" .. string.rep(e_acute, 20))
  check(ply:find('found "123' .. string.rep(e_acute, 8) .. '..."', 1, true), ply) -- (19: the next is cut)
  local colour = why(mt.position("bbbbwwww/. b").pieces, mt.position("bbbbwwww/. b"), string.rep("x", 100) .. "\n")
  check(colour:find('"black", "white" or "empty" expected, got "' .. string.rep("x", 40) .. '..."', 1, true), colour)
  local kono = mt.game("four-field-kono")
  local far = why(kono.play, kono, "a1-" .. string.rep("q", 25))
  check(far:find('there is no point "' .. string.rep("q", 20) .. '..." (the points are', 1, true), far)
  -- a name that fits is shown whole
  check(why(mt.variant, string.rep("v", 100)):find("'" .. string.rep("v", 100) .. "'", 1, true), "100 bytes whole")
end)

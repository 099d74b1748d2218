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
  for _, p in ipairs(e.params) do
    n = n + 1
    args[n] = VALID[p] and VALID[p]() or nil
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
    {function() return mt.report("standard", {games = 1.5}) end, "option games must be an integer, got 1.5"},
    {function() return mt.puzzle.generate{goal = "lose"} end, "option goal must be \"win\" or \"draw\""},
    {function() return mt.puzzle.generate{plies = 0} end, "option plies must be a whole number of plies"},
    {function() return mt.puzzle.text({title = "x", solution = print}) end,
     "bad argument #1 to 'text' (solution is function: a puzzle holds strings"},
    {function() return mt.puzzle.text({solution = {{{{{"deep"}}}}}}) end, "nested too deeply"},
    {function() return mt.player("random"):reset("x") end, "bad argument #1 to 'reset' (integer (a seed) expected"},
    {function() return mt.player("perfect", {skill = 0 / 0}) end, "skill must be a number from 0"},
    {function() return mt.solve("standard", {nope = 1}) end, "unknown option \"nope\""},
    {function() return mt.load("x", {nope = 1}) end, "unknown option \"nope\" (the options are variant_path)"},
  }
  for _, c in ipairs(cases) do raises(c[1], c[2]) end
  local t = {title = "loop"}
  t.solution = t
  raises(function() return mt.puzzle.text(t) end, "nested too deeply")
end)

-- match.lua — matches and tournaments from the command line, in the words
-- cutechess-cli and fastchess users type, so that they can switch:
--
--   mutorere scripts/tools/match.lua \
--     -engine cmd=./myengine arg=--ugi name=mine option.Hash=16 \
--     -engine player=alphabeta name=ab option.depth=4 \
--     -each tc=10+0.1 -games 2 -rounds 100 -concurrency 2 \
--     -openings file=openings.txt -gamesout games.mtr \
--     -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -resume
--
--   -engine KEY=VALUE ...  a player: cmd=PROGRAM (arg=WORD, repeated, or
--                          args="WORDS", its arguments; dir=FOLDER;
--                          proto=ugi) for an outside UGI engine,
--                          or player=NAME for one inside the project (a
--                          built-in or a script in ai/); name=NAME;
--                          option.NAME=VALUE (UGI options of an engine, the
--                          options of a player); tc=, st=, depth= (plies=),
--                          nodes=; restart=on|off is accepted: an engine is
--                          started again after any failure
--   -each KEY=VALUE ...    the same for every engine
--   tc=[MOVES/]BASE[+INC]  a clock: BASE seconds (or M:S), INC a move,
--                          MOVES a period (tc=inf: none); st=SECONDS a move;
--                          timemargin=MS the grace past the clock
--   -games N -rounds N     games of a pairing: N × rounds (2 × 1)
--   -concurrency N         games at once (worker processes)
--   -openings file=F [order=sequential|random] [format=epd|pgn, read from
--                          the file itself] | plies=N [balanced=true]
--   -gamesout FILE         append every game to FILE (-pgnout too)
--   -resume                play only the games FILE does not hold yet
--   -sprt elo0= elo1= [alpha=0.05 beta=0.05 model=logistic|normalized]
--   -tournament round-robin|roundrobin|gauntlet   with more than two engines
--   -variant NAME [-arms N]  the variant (standard)
--   -seed N -maxmoves N -adjudicate solver (-tb too)
--   -svg FILE -html FILE   the pictures, the page of a match
--   -repeat -recover       accepted: colours always swap within a pair of
--                          games, and a failed engine always starts again
--
-- It prints the result as mt.match and mt.tournament do; the exit status
-- is 0, or 2 with a message for a bad command line.

local mt = mt or require "mutorere"

local function fail(message)
  io.stderr:write("match.lua: ", message, "\n")
  os.exit(2)
end

-- A number of value for key (whole when whole).
local function number(key, value, whole)
  local x = tonumber(value)
  if whole then x = x and math.tointeger(x) end
  if not x then fail(key .. " needs a " .. (whole and "whole " or "") .. "number, not " .. value) end
  return x
end

-- Seconds of a time: "60", "1.5" or "1:30" (minutes and seconds).
local function seconds(key, text)
  local m, s = text:match("^(%d+):([%d.]+)$")
  if m then return tonumber(m) * 60 + number(key, s) end
  return number(key, text)
end

-- The clock of tc=[MOVES/]BASE[+INC] (nil for inf).
local function time_control(text)
  if text == "inf" or text == "infinite" then return nil end
  local moves, rest = text:match("^(%d+)/(.+)$")
  local base, inc = (rest or text):match("^([^+]+)%+(.+)$")
  base = base or rest or text
  return {base = seconds("tc", base), increment = inc and seconds("tc", inc) or 0,
          moves = moves and math.tointeger(tonumber(moves)) or nil}
end

-- The KEY=VALUE words of an option (from i on), into t; returns the
-- next index.
local function key_values(i, t)
  while arg[i] and not arg[i]:match("^%-%a") do
    local key, value = arg[i]:match("^([%w_.%-]+)=(.*)$")
    if not key then fail("expected KEY=VALUE, not " .. arg[i]) end
    if key == "arg" then -- cutechess: one word
      t.args = t.args or {}
      t.args[#t.args + 1] = value
    elseif key == "args" then -- fastchess: several
      t.args = t.args or {}
      for w in value:gmatch("%S+") do t.args[#t.args + 1] = w end
    elseif key:match("^option%.") then
      t.options = t.options or {}
      t.options[key:sub(8)] = value
    else
      t[key] = value
    end
    i = i + 1
  end
  return i
end

-- Reads the command line.
local function read_command_line()
  local o = {engines = {}, each = {}}
  local i = 1
  local flags = {["-resume"] = "resume", ["-repeat"] = "repeat", ["-recover"] = "recover"}
  local values = {["-games"] = "games", ["-rounds"] = "rounds", ["-concurrency"] = "concurrency",
                  ["-gamesout"] = "gamesout", ["-pgnout"] = "gamesout", ["-variant"] = "variant",
                  ["-arms"] = "arms", ["-seed"] = "seed", ["-maxmoves"] = "maxmoves",
                  ["-tournament"] = "tournament", ["-adjudicate"] = "adjudicate",
                  ["-tb"] = "tb", ["-svg"] = "svg", ["-html"] = "html"}
  while arg[i] do
    local word = arg[i]
    if word == "-engine" then
      local e = {}
      i = key_values(i + 1, e)
      o.engines[#o.engines + 1] = e
    elseif word == "-each" then
      i = key_values(i + 1, o.each)
    elseif word == "-openings" or word == "-sprt" then
      local t = {}
      i = key_values(i + 1, t)
      o[word:sub(2)] = t
    elseif flags[word] then
      o[flags[word]], i = true, i + 1
    elseif values[word] then
      if not arg[i + 1] then fail(word .. " needs a value") end
      o[values[word]], i = arg[i + 1]:gsub("^file=", ""), i + 2
    elseif word == "-help" or word == "--help" or word == "-h" then
      io.write("see the head of scripts/tools/match.lua for the options\n")
      os.exit(0)
    else
      fail("unknown option " .. word .. " (see the head of this file)")
    end
  end
  return o
end

-- The settings of engine e with those of -each under them.
local function with_each(e, each)
  local t = {}
  for k, x in pairs(each) do t[k] = x end
  for k, x in pairs(e) do t[k] = x end
  local options = {}
  for k, x in pairs(each.options or {}) do options[k] = x end
  for k, x in pairs(e.options or {}) do options[k] = x end
  t.options = options
  return t
end

-- A player option's value: a number or a boolean when it reads as one.
local function option_value(x)
  if x == "true" then return true elseif x == "false" then return false end
  return tonumber(x) or x
end

local KNOWN = {cmd = true, args = true, dir = true, name = true, options = true, player = true,
               tc = true, st = true, depth = true, nodes = true, timemargin = true,
               proto = true, plies = true, restart = true}

-- The Player of engine settings e.
local function make_player(e)
  for k in pairs(e) do
    if not KNOWN[k] then fail("-engine: unknown key " .. k) end
  end
  if e.proto and e.proto ~= "ugi" then fail("-engine proto=" .. e.proto .. ": engines speak UGI here") end
  e.depth = e.depth or e.plies
  if e.st and number("st", e.st) <= 0 then fail("st needs a number of seconds above 0, not " .. e.st) end
  local limits = {time = e.st and number("st", e.st), depth = e.depth and number("depth", e.depth, true),
                  nodes = e.nodes and number("nodes", e.nodes, true)}
  local ok, p
  if e.cmd then
    local command = {e.cmd}
    for _, a in ipairs(e.args or {}) do command[#command + 1] = a end
    ok, p = pcall(mt.player, {command = command, name = e.name, dir = e.dir,
                              options = e.options, limits = limits})
  elseif e.player then
    local options = {name = e.name}
    for k, x in pairs(e.options) do options[k] = option_value(x) end
    if limits.depth then options.depth = limits.depth end
    if limits.time then options.time = limits.time end
    if limits.nodes then options.nodes = limits.nodes end
    ok, p = pcall(mt.player, e.player, options)
  else
    fail("-engine needs cmd=PROGRAM or player=NAME")
  end
  if not ok then fail(tostring(p):gsub("^bad argument #%d to 'player' %((.*)%)$", "%1")) end
  return p
end

-- The clock every engine shares (tc= of each, or -each): nil for none.
local function shared_clock(settings)
  local tc, margin = settings[1].tc, settings[1].timemargin
  for _, e in ipairs(settings) do
    if e.tc ~= tc or e.timemargin ~= margin then
      fail("every engine plays with the same tc= and timemargin= here (give them with -each)")
    end
  end
  local clock = tc and time_control(tc)
  if clock and margin then clock.margin = number("timemargin", margin) / 1000 end
  return clock
end

-- The lines of a file of positions (one a line) in an order drawn from
-- seed; fails for a file of records.
local function shuffled_positions(path, seed)
  local f, why = io.open(path, "r")
  if not f then fail("-openings: " .. why) end
  local list = {}
  for line in f:lines() do
    local text = line:match("^%s*(.-)%s*$")
    if text ~= "" then
      if not pcall(mt.position, text) then
        fail("-openings order=random takes a file of positions, one a line")
      end
      list[#list + 1] = text
    end
  end
  f:close()
  local state = seed
  for i = #list, 2, -1 do
    state = (state * 6364136223846793005 + 1442695040888963407) & 0x7FFFFFFFFFFFFFFF
    local j = state % i + 1
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- The openings option of -openings (seed: for order=random).
local function openings_of(t, seed)
  if not t then return nil end
  for k in pairs(t) do
    if not ({file = 1, format = 1, order = 1, plies = 1, balanced = 1})[k] then
      fail("-openings: unknown key " .. k)
    end
  end
  if t.order and t.order ~= "random" and t.order ~= "sequential" then
    fail("-openings order= takes random or sequential")
  end
  if t.file and t.order == "random" then return shuffled_positions(t.file, seed) end
  if t.file then return t.file end
  if t.plies then return {plies = number("plies", t.plies, true), balanced = t.balanced == "true"} end
  fail("-openings needs file=FILE or plies=N")
end

-- The sprt option of -sprt.
local function sprt_of(t)
  if not t then return nil end
  return {elo0 = number("elo0", t.elo0 or "?"), elo1 = number("elo1", t.elo1 or "?"),
          alpha = t.alpha and number("alpha", t.alpha), beta = t.beta and number("beta", t.beta),
          model = t.model}
end

local o = read_command_line()
if #o.engines < 2 then fail("give two engines or more (-engine ...)") end
local settings, players = {}, {}
for i, e in ipairs(o.engines) do
  settings[i] = with_each(e, o.each)
  players[i] = make_player(settings[i])
end
local variant = o.variant or "standard"
if o.arms then variant = {base = variant, arms = number("-arms", o.arms, true)} end
local games = (o.games and number("-games", o.games, true) or 2) *
              (o.rounds and number("-rounds", o.rounds, true) or 1)
local seed = o.seed and number("-seed", o.seed, true)
local options = {games = games, clock = shared_clock(settings),
                 openings = openings_of(o.openings, seed or 1),
                 file = o.gamesout, resume = o.resume, seed = seed,
                 jobs = o.concurrency and number("-concurrency", o.concurrency, true),
                 max_plies = o.maxmoves and 2 * number("-maxmoves", o.maxmoves, true),
                 adjudicate = (o.adjudicate or o.tb) and "solver" or nil}
if o.adjudicate and o.adjudicate ~= "solver" then fail("-adjudicate takes solver") end
if o.resume and not o.gamesout then fail("-resume needs -gamesout FILE") end
local ok, result
if #players == 2 then
  if o.tournament == "gauntlet" then fail("a gauntlet needs three engines or more") end
  options.variant, options.sprt = variant, sprt_of(o.sprt)
  ok, result = pcall(mt.match, players[1], players[2], options)
else
  if o.sprt then fail("-sprt is for two engines") end
  if o.tournament and o.tournament ~= "round-robin" and o.tournament ~= "roundrobin" and
     o.tournament ~= "gauntlet" then
    fail("-tournament takes round-robin or gauntlet")
  end
  options.players, options.variants = players, {variant}
  options.gauntlet = o.tournament == "gauntlet" or nil
  ok, result = pcall(mt.tournament, options)
end
if not ok then fail(tostring(result):gsub("^bad argument #%d to '%a+' %((.*)%)$", "%1")) end
print(result)
if o.svg or o.html then
  if #players ~= 2 then fail("-svg and -html are for a match of two engines") end
  if o.svg then
    local f = assert(io.open(o.svg, "w"))
    f:write(mt.svg(result))
    f:close()
  end
  if o.html then mt.html(result, o.html) end
end

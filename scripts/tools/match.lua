-- match.lua — matches and tournaments from the command line, in the words
-- cutechess-cli and fastchess users type, so that they can switch:
--
--   mutorere scripts/tools/match.lua \
--     -engine cmd=./myengine arg=--ugi name=mine option.Hash=16 \
--     -engine player=alphabeta name=ab option.depth=4 \
--     -each tc=10+0.1 -games 2 -rounds 100 -concurrency 2 \
--     -openings file=openings.txt order=random -pgnout games.mtr \
--     -sprt elo0=0 elo1=10 -resume
--
-- Engines
--   -engine KEY=VALUE ...  a player: cmd=PROGRAM (arg=WORD, repeated, or
--                          args="WORDS", its arguments; dir=FOLDER;
--                          proto=ugi) for an outside UGI engine, or
--                          player=NAME for one inside the project (a
--                          built-in or a script in ai/); conf=NAME, the
--                          engine NAME of engines.json here (cutechess's
--                          file); name=NAME; option.NAME=VALUE (UGI options
--                          of an engine, the options of a player);
--                          tc=, st=, timemargin= (its own clock), depth=
--                          (plies=), nodes=; restart=on|off|auto (on: a
--                          fresh program each game; off, auto: the program
--                          plays on, started again after a failure);
--                          stderr=FILE (its standard error appended there);
--                          initstr=TEXT (lines sent at its start, \n
--                          between them)
--   -each KEY=VALUE ...    the same for every engine
--   -config file=F         engines from a JSON file: fastchess's (its
--                          "engines": name, cmd, args, dir, options,
--                          limit, restart) or a list as engines.json
--   tc=[MOVES/]BASE[+INC]  a clock: BASE seconds (or M:S), INC a move,
--                          MOVES a period (tc=inf: none); st=SECONDS a
--                          move, past it (and timemargin=MS) lost on time
-- Games
--   -games N -rounds N     games of a pairing: N × rounds (2 × 1)
--   -repeat [N]            games from each opening (2), colours swapped
--                          between them unless -noswap; -reverse: the
--                          second engine has black first
--   -openings file=F [order=sequential|random] [plies=N] [start=N]
--                          [policy=default|round|encounter] [format=epd|pgn,
--                          read from the file itself] | plies=N
--                          [balanced=true] (drawn here)
--   -srand N               the seed of the openings' order (the match's)
--   -variant NAME [-arms N]  the variant (standard)
--   -seed N -maxmoves N -adjudicate solver (-tb too)
--   -draw movenumber=N movecount=N score=CP, -resign movecount=N score=CP
--                          [twosided=true]: adjudication by the engines'
--                          own scores
--   -tournament round-robin|gauntlet   with more than two engines
--   -concurrency N         games at once (worker processes)
--   -recover               an engine that crashes or hangs loses its game
--                          and starts again; without it the match stops
--   -wait MS               a pause between games
-- Results
--   -gamesout FILE         append every game to FILE (-pgnout FILE, and
--                          -pgnout file=FILE; [fi]: finished games only,
--                          as always here)
--   -resume                play only the games FILE does not hold yet
--   -sprt elo0= elo1= [alpha=0.05 beta=0.05 model=normalized|logistic|
--                          bayesian] (normalized, as fastchess; cutechess's
--                          is bayesian)
--   -output format=cutechess|fastchess   the results as they print them
--                          (default: mutorere's)
--   -ratinginterval N      the results so far every N games
--   -event NAME -site NAME the game files' tags
--   -debug, -log file=F    the engines' talk, timestamped: on standard
--                          error, or appended to F
--   -svg FILE -html FILE   the pictures, the page of a match
--   -version, -help
--
-- It prints the result as mt.match and mt.tournament do (or as -output
-- says); the exit status is 0, 1 when a crash or a hang stopped the match
-- (without -recover: its result printed, "stopped: ..."), or 2 with a
-- message for a bad command line or an engine that cannot play.

local mt = mt or require "mutorere"
local HERE = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
local json = dofile(HERE .. "/json.lua")

local function fail(message)
  io.stderr:write("match.lua: ", message, "\n")
  os.exit(2)
end

-- The keys of t in order (by their text), so that of two wrong ones the
-- same is named whatever order Lua's hashing gives them.
local function keys_of(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return keys
end

-- A number of value for key (whole when whole).
local function number(key, value, whole, least)
  local x = tonumber(value)
  if whole then x = x and math.tointeger(x) end
  if not x or x ~= x or (least and x < least) then
    fail(string.format("%s needs a %snumber%s, not %s", key, whole and "whole " or "",
                       least and " of at least " .. least or "", tostring(value)))
  end
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

-- --- the command line ---

-- Puts KEY=VALUE into t (arg= and args= add to t.args, option.NAME= to
-- t.options).
local function put(t, key, value)
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
end

-- The KEY=VALUE words of an option (from i on), into t, and the bare
-- words among them (allowed: a set) into t.words; returns the next index.
local function key_values(i, t, allowed)
  t.words = t.words or {}
  while arg[i] and not arg[i]:match("^%-%a") do
    local key, value = arg[i]:match("^([%w_.%-]+)=(.*)$")
    if key then
      put(t, key, value)
    elseif allowed and allowed[arg[i]] then
      t.words[arg[i]] = true
    else
      fail("expected KEY=VALUE, not " .. arg[i])
    end
    i = i + 1
  end
  return i
end

-- Options that take KEY=VALUE words, and the bare words each allows.
local GROUPS = {["-engine"] = {}, ["-each"] = {}, ["-openings"] = {}, ["-sprt"] = {},
                ["-draw"] = {}, ["-resign"] = {}, ["-output"] = {}, ["-log"] = {},
                ["-config"] = {}, ["-pgnout"] = {min = true, fi = true},
                ["-gamesout"] = {fi = true}}
local FLAGS = {["-resume"] = "resume", ["-recover"] = "recover", ["-noswap"] = "noswap",
               ["-reverse"] = "reverse", ["-debug"] = "debug"}
local VALUES = {["-games"] = "games", ["-rounds"] = "rounds", ["-concurrency"] = "concurrency",
                ["-variant"] = "variant", ["-arms"] = "arms", ["-seed"] = "seed",
                ["-maxmoves"] = "maxmoves", ["-tournament"] = "tournament",
                ["-adjudicate"] = "adjudicate", ["-svg"] = "svg", ["-html"] = "html",
                ["-srand"] = "srand", ["-ratinginterval"] = "ratinginterval",
                ["-event"] = "event", ["-site"] = "site", ["-wait"] = "wait"}

-- Reads a group option's words (-engine, -pgnout FILE, ...) from i into o;
-- returns the next index.
local function read_group(o, word, i)
  local t = {}
  if (word == "-pgnout" or word == "-gamesout") and arg[i] and not arg[i]:find("=") and
     not arg[i]:match("^%-%a") then
    t.file, i = arg[i], i + 1 -- cutechess: -pgnout FILE [min] [fi]
  end
  i = key_values(i, t, GROUPS[word])
  if word == "-engine" then
    o.engines[#o.engines + 1] = t
  elseif word == "-each" then
    for k, x in pairs(t) do
      if k == "options" then
        for n, v in pairs(x) do o.each.options[n] = v end
      elseif k ~= "words" then
        o.each[k] = x
      end
    end
  else
    o[word:sub(2)] = t
  end
  return i
end

-- Reads the command line.
local function read_command_line()
  local o = {engines = {}, each = {options = {}}}
  local i = 1
  while arg[i] do
    local word = arg[i]
    if GROUPS[word] then
      i = read_group(o, word, i + 1)
    elseif word == "-repeat" then -- -repeat [N]
      o["repeat"] = 2
      if arg[i + 1] and arg[i + 1]:match("^%d+$") then
        o["repeat"], i = number("-repeat", arg[i + 1], true), i + 1
      end
      i = i + 1
    elseif FLAGS[word] then
      o[FLAGS[word]], i = true, i + 1
    elseif VALUES[word] then
      if not arg[i + 1] then fail(word .. " needs a value") end
      o[VALUES[word]], i = arg[i + 1]:gsub("^file=", ""), i + 2
    elseif word == "-tb" then -- cutechess: -tb PATHS; here the solver
      o.adjudicate, i = "solver", i + 1
      if arg[i] and not arg[i]:match("^%-%a") then i = i + 1 end
    elseif word == "-version" or word == "--version" then
      print("match.lua (mutorere " .. mt.version .. ")")
      os.exit(0)
    elseif word == "-help" or word == "--help" or word == "-h" then
      io.write("see the head of scripts/tools/match.lua for the options\n")
      os.exit(0)
    else
      fail("unknown option " .. word .. " (see the head of this file)")
    end
  end
  return o
end

-- --- engines from files ---

-- The value of a JSON file.
local function json_file(path, what)
  local f, why = io.open(path, "r")
  if not f then fail(what .. ": " .. why) end
  local text, unread = f:read("a")
  f:close()
  if not text then fail(what .. ": " .. path .. ": " .. tostring(unread)) end
  local ok, value = pcall(json.decode, text, path)
  if not ok then fail(what .. ": " .. value) end
  return value
end

-- A string field of a JSON object, checked.
local function text_field(t, key, where)
  local x = t[key]
  if x ~= nil and type(x) ~= "string" then fail(where .. ": " .. key .. " must be a string") end
  return x
end

-- The engine settings of a cutechess engine configuration (engines.json):
-- name, command, workingDirectory, protocol, stderrFile, initStrings.
local KNOWN_CONF = {name = true, command = true, workingDirectory = true, protocol = true,
                    stderrFile = true, initStrings = true}
local function from_conf(c, where)
  for _, k in ipairs(keys_of(c)) do
    if not KNOWN_CONF[k] then fail(where .. ": the key " .. k .. " is not taken here") end
  end
  local e = {name = text_field(c, "name", where), dir = text_field(c, "workingDirectory", where),
             stderr = text_field(c, "stderrFile", where)}
  local command = text_field(c, "command", where) or fail(where .. ": no command")
  local words = {}
  for w in command:gmatch("%S+") do words[#words + 1] = w end
  e.cmd, e.args = words[1], {table.unpack(words, 2)}
  if c.protocol and c.protocol ~= "ugi" then
    fail(where .. ": protocol " .. tostring(c.protocol) .. ": engines speak UGI here")
  end
  if c.initStrings ~= nil then
    local lines = c.initStrings
    local ok = json.is_list(lines)
    for _, line in ipairs(ok and lines or {}) do ok = ok and type(line) == "string" end
    if not ok then fail(where .. ": initStrings must be a list of strings") end
    e.initstr = table.concat(lines, "\n")
  end
  return e
end

-- The engine settings of a fastchess engine configuration: name, cmd,
-- args, dir, options (pairs or an object), limit {tc {time, increment,
-- fixed_time, moves} (ms), nodes, plies}, restart.
local KNOWN_FASTCHESS = {name = true, cmd = true, args = true, dir = true, options = true,
                         limit = true, restart = true}
local function from_fastchess(c, where)
  for _, k in ipairs(keys_of(c)) do
    if not KNOWN_FASTCHESS[k] then fail(where .. ": the key " .. k .. " is not taken here") end
  end
  local e = {name = text_field(c, "name", where), cmd = text_field(c, "cmd", where),
             dir = text_field(c, "dir", where), options = {}}
  if not e.cmd then fail(where .. ": no cmd") end
  e.args = {}
  for w in (text_field(c, "args", where) or ""):gmatch("%S+") do e.args[#e.args + 1] = w end
  local options = c.options or {}
  local function scalar(x) return type(x) == "string" or type(x) == "number" or type(x) == "boolean" end
  if json.is_list(options) then -- [[name, value], ...]
    for i, pair in ipairs(options) do
      if not (json.is_list(pair) and pair.n == 2 and type(pair[1]) == "string" and scalar(pair[2])) then
        fail(string.format("%s: options[%d] must be a pair [name, value]", where, i))
      end
      e.options[pair[1]] = tostring(pair[2])
    end
  elseif type(options) == "table" and options ~= json.null then
    for _, k in ipairs(keys_of(options)) do
      if not scalar(options[k]) then
        fail(where .. ": options." .. k .. " must be a string, number or boolean")
      end
      e.options[k] = tostring(options[k])
    end
  else
    fail(where .. ": options must be an object or a list of pairs [name, value]")
  end
  local function object(x, what)
    if x == nil then return {} end
    if type(x) ~= "table" or x == json.null or json.is_list(x) then
      fail(where .. ": " .. what .. " must be an object")
    end
    return x
  end
  local limit = object(c.limit, "limit")
  local tc = object(limit.tc, "limit.tc")
  local function count(x, what, whole) -- a number of 0 or more, or absent (0)
    if x == nil then return 0 end
    if type(x) ~= "number" or x < 0 or x ~= x or x == math.huge or (whole and math.type(x) ~= "integer") then
      fail(string.format("%s: %s must be a %snumber of 0 or more", where, what, whole and "whole " or ""))
    end
    return x
  end
  local fixed, time = count(tc.fixed_time, "limit.tc.fixed_time"), count(tc.time, "limit.tc.time")
  local moves, increment = count(tc.moves, "limit.tc.moves", true), count(tc.increment, "limit.tc.increment")
  if fixed > 0 then
    e.st = string.format("%.17g", fixed / 1000)
  elseif time > 0 then
    e.tc = string.format("%s%.17g+%.17g", moves > 0 and moves .. "/" or "", time / 1000, increment / 1000)
  end
  local nodes, plies = count(limit.nodes, "limit.nodes", true), count(limit.plies, "limit.plies", true)
  if nodes > 0 then e.nodes = tostring(nodes) end
  if plies > 0 then e.depth = tostring(plies) end
  if c.restart ~= nil then
    local on = ({[true] = "on", [false] = "off", on = "on", off = "off"})[c.restart]
    if not on then fail(where .. ": restart must be true, false, \"on\" or \"off\"") end
    e.restart = on
  end
  return e
end

-- The engines of -config file=F: fastchess's file ({engines = [...]}, its
-- other settings not read) or a list of engine configurations.
local function config_engines(t)
  if not t.file then fail("-config needs file=FILE") end
  local value = json_file(t.file, "-config")
  local list, read = value, from_conf
  if type(value) == "table" and value.engines then list, read = value.engines, from_fastchess end
  if not json.is_list(list) then fail("-config: " .. t.file .. ": no list of engines") end
  local out = {}
  for i, c in ipairs(list) do
    if type(c) ~= "table" then fail(string.format("-config: %s: engine %d is not an object", t.file, i)) end
    out[i] = read(c, string.format("-config: %s: engine %d", t.file, i))
  end
  return out
end

-- The engine settings of conf=NAME: the engine of that name in
-- engines.json (cutechess's file, in the folder it runs in).
local function conf_engine(name)
  local list = json_file("engines.json", "conf=" .. name)
  for i, c in ipairs(type(list) == "table" and list or {}) do
    if type(c) == "table" and c.name == name then
      return from_conf(c, string.format("conf=%s: engines.json: engine %d", name, i))
    end
  end
  fail("conf=" .. name .. ": no engine of that name in engines.json")
end

-- --- players ---

-- The settings of engine e with those of -each under them (and those of
-- conf=, its own or -each's, under both); a clock of its own (tc= or st=)
-- in place of -each's.
local function with_each(e, each)
  local t, options = {}, {}
  local conf_name = e.conf or each.conf
  local conf = conf_name and conf_engine(conf_name) or {}
  for _, source in ipairs({conf, each, e}) do
    for k, x in pairs(source) do
      if k == "options" then
        for n, v in pairs(x) do options[n] = v end
      elseif k ~= "words" and k ~= "conf" then
        t[k] = x
      end
    end
  end
  if e.tc or e.st then t.tc, t.st = e.tc, e.st end
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
               proto = true, plies = true, restart = true, stderr = true, initstr = true}
local REFUSED = {book = "opening books", bookdepth = "opening books", ponder = "pondering",
                 whitepov = "scores from white's view", trust = "result claims",
                 tscale = "timeout scales", debug = "engine debug mode (use -debug)"}

-- The restart setting of restart=: true for on, false for off or auto (a
-- UGI engine has no way to ask for a restart).
local function restart_of(x)
  if x == nil or x == "off" or x == "auto" then return nil end
  if x == "on" then return true end
  fail("restart= takes on, off or auto, not " .. x)
end

-- The outside engine definition of settings e (its log: log).
local function engine_definition(e, limits, log)
  local command = {e.cmd}
  for _, a in ipairs(e.args or {}) do command[#command + 1] = a end
  return {command = command, name = e.name, dir = e.dir, options = e.options, limits = limits,
          stderr = e.stderr, init = e.initstr and e.initstr:gsub("\\n", "\n"),
          restart = restart_of(e.restart), log = log}
end

-- The Player of engine settings e (own: the keys given to that engine
-- itself, not through -each).
local function make_player(e, own, log)
  for _, k in ipairs(keys_of(e)) do
    if REFUSED[k] then fail("-engine " .. k .. "=: " .. REFUSED[k] .. " are not supported here") end
    if not KNOWN[k] then fail("-engine: unknown key " .. k) end
  end
  if e.proto and e.proto ~= "ugi" then fail("-engine proto=" .. e.proto .. ": engines speak UGI here") end
  if e.tc and e.st then fail("-engine: tc= or st=, not both") end
  if e.cmd and e.player then fail("-engine: cmd= or player=, not both") end
  e.depth = e.depth or e.plies
  if e.st and number("st", e.st) <= 0 then fail("st needs a number of seconds above 0, not " .. e.st) end
  local limits = {depth = e.depth and number("depth", e.depth, true),
                  nodes = e.nodes and number("nodes", e.nodes, true)}
  local ok, p
  if e.cmd then
    ok, p = pcall(mt.player, engine_definition(e, limits, log))
  elseif e.player then
    for _, k in ipairs({"restart", "stderr", "initstr", "dir", "args"}) do
      if own[k] then fail("-engine player=" .. e.player .. ": " .. k .. "= is for outside engines") end
    end
    local options = {name = e.name}
    for k, x in pairs(e.options) do options[k] = option_value(x) end
    if limits.depth then options.depth = limits.depth end
    if limits.nodes then options.nodes = limits.nodes end
    ok, p = pcall(mt.player, e.player, options)
  else
    fail("-engine needs cmd=PROGRAM, player=NAME or conf=NAME")
  end
  if not ok then fail(tostring(p):gsub("^bad argument #%d to 'player' %((.*)%)$", "%1")) end
  return p
end

-- The clock of engine settings e: tc= or st= (with timemargin=), or
-- false for none.
local function clock_of(e)
  local margin = e.timemargin and number("timemargin", e.timemargin, false, 0) / 1000
  local c
  if e.st then
    c = {movetime = number("st", e.st)}
  elseif e.tc then
    c = time_control(e.tc)
  end
  if c and margin then c.margin = margin end
  return c or false
end

-- The clock option of the engines' settings: one clock when all share it,
-- else one an engine (nil: none at all).
local function clocks_of(settings)
  local list, same, any = {}, true, false
  for i, e in ipairs(settings) do
    list[i] = clock_of(e)
    any = any or list[i] ~= false
    same = same and (e.tc == settings[1].tc and e.st == settings[1].st and
                     e.timemargin == settings[1].timemargin)
  end
  if not any then return nil end
  return same and list[1] or list
end

-- --- openings ---

-- The items of a file of openings: positions (one a line) or records.
local function opening_items(path)
  local f, why = io.open(path, "r")
  if not f then fail("-openings: " .. why) end
  local text, unread = f:read("a")
  f:close()
  if not text then fail("-openings: " .. path .. ": " .. tostring(unread)) end
  local positions, line_number = {}, 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do -- a position a line, when the first is one
    line_number = line_number + 1
    local position = line:match("^%s*(.-)%s*$")
    if position ~= "" then
      local ok, err = pcall(mt.position, position)
      if ok then
        positions[#positions + 1] = position
      elseif #positions > 0 then
        fail(string.format("-openings: %s: line %d: %s", path, line_number, tostring(err)))
      else
        break
      end
    end
  end
  if #positions > 0 then return positions end
  local ok, games = pcall(mt.load_games, path)
  if not ok then fail("-openings: " .. tostring(games)) end
  return games
end

-- Opening x (a position text or a Game) cut to its first plies moves.
local function cut_opening(x, plies)
  if type(x) == "string" or x:ply() <= plies then return x end
  local g = mt.game(x:variant(), x:start())
  for i = 1, plies do g:play(x:history()[i]) end
  return g
end

-- list shuffled (a Fisher-Yates walk drawn from seed).
local function shuffled(list, seed)
  local state = seed
  for i = #list, 2, -1 do
    state = (state * 6364136223846793005 + 1442695040888963407) & 0x7FFFFFFFFFFFFFFF
    local j = state % i + 1
    list[i], list[j] = list[j], list[i]
  end
  return list
end

local OPENING_KEYS = {file = 1, format = 1, order = 1, plies = 1, balanced = 1, start = 1,
                      policy = 1, words = 1}

-- The openings option of -openings (seed: the order's, -srand).
local function openings_of(t, seed)
  if not t then return nil end
  for _, k in ipairs(keys_of(t)) do
    if not OPENING_KEYS[k] then fail("-openings: unknown key " .. k) end
  end
  if t.order and t.order ~= "random" and t.order ~= "sequential" then
    fail("-openings order= takes random or sequential")
  end
  if t.format and t.format ~= "epd" and t.format ~= "pgn" then
    fail("-openings format= takes epd or pgn (the file itself says which it is)")
  end
  if not t.file then
    if t.order or t.start then fail("-openings order= and start= go with file=") end
    if not t.plies then fail("-openings needs file=FILE or plies=N") end
    if t.balanced and t.balanced ~= "true" and t.balanced ~= "false" then
      fail("-openings balanced= takes true or false")
    end
    return {plies = number("plies", t.plies, true, 0), balanced = t.balanced == "true"}
  end
  if t.balanced then fail("-openings balanced= goes with plies= alone, not a file") end
  local list = opening_items(t.file)
  if t.plies then
    local plies = number("plies", t.plies, true, 0)
    for i, x in ipairs(list) do list[i] = cut_opening(x, plies) end
  end
  if t.order == "random" then shuffled(list, seed) end
  if #list == 0 then fail("-openings: " .. t.file .. " holds no opening") end
  local start = t.start and number("start", t.start, true) or 1
  if start < 1 or start > #list then
    fail(string.format("-openings start= takes 1 to %d (the openings of the file)", #list))
  end
  return table.move(list, start, #list, 1, table.move(list, 1, start - 1, #list - start + 2, {}))
end

-- The games each opening is played for under policy (of a match of two
-- engines, games in all, rounds of games each; repeat: -repeat's, 2): a
-- pair (default), a round, or the whole encounter.
local function per_opening_of(policy, repeats, games, round, players)
  policy = policy or "default"
  if policy ~= "default" and policy ~= "round" and policy ~= "encounter" then
    fail("-openings policy= takes default, round or encounter")
  end
  if players > 2 and policy ~= "round" and policy ~= "default" then
    fail("-openings policy=" .. policy .. ": in a tournament here every pairing plays the " ..
         "openings of a round together (policy=round)")
  end
  if policy == "round" then return repeats and math.max(repeats, round) or round end
  if policy == "encounter" then return games end
  return repeats or 2
end

-- --- tests and adjudication ---

-- The sprt option of -sprt (normalized Elo unless model= says).
local function sprt_of(t)
  if not t then return nil end
  for _, k in ipairs(keys_of(t)) do
    if not ({elo0 = 1, elo1 = 1, alpha = 1, beta = 1, model = 1, words = 1})[k] then
      fail("-sprt: unknown key " .. k)
    end
  end
  if not t.elo0 or not t.elo1 then fail("-sprt needs elo0= and elo1=") end
  return {elo0 = number("elo0", t.elo0), elo1 = number("elo1", t.elo1),
          alpha = t.alpha and number("alpha", t.alpha), beta = t.beta and number("beta", t.beta),
          model = t.model or "normalized"}
end

-- The draw or resign option of -draw or -resign (keys: the keys they take).
local function adjudication_of(t, what, keys)
  if not t then return nil end
  local out = {}
  for _, k in ipairs(keys_of(t)) do
    local x = t[k]
    if k ~= "words" then
      if not keys[k] then fail(what .. ": unknown key " .. k) end
      if k == "twosided" then
        if x ~= "true" and x ~= "false" then fail(what .. " twosided= takes true or false") end
        out[k] = x == "true"
      else
        out[k] = number(what .. " " .. k, x, true)
      end
    end
  end
  return out
end

-- --- what is printed ---

-- A percentage with decimals places.
local function pct(x, decimals) return string.format("%." .. decimals .. "f", 100 * x) end

-- The lines cutechess prints of a match so far (m: its tallies, as
-- mt.match gives them).
local function cutechess_lines(m, sprt)
  local a, n = m.a, m.a.wins + m.a.losses + m.a.draws
  local e = mt.elo(a.wins, a.draws, a.losses)
  local lines = {string.format("Score of %s vs %s: %d - %d - %d  [%.3f] %d", a.name, m.b.name,
                               a.wins, a.losses, a.draws, n > 0 and (a.wins + a.draws / 2) / n or 0,
                               n),
                 string.format("Elo difference: %.1f +/- %.1f, LOS: %s %%, DrawRatio: %s %%",
                               e.elo, e.margin, pct(e.los, 1), pct(e.draw_ratio, 1))}
  if sprt then
    local verdict = sprt.result == "H1" and " - H1 was accepted" or
                    sprt.result == "H0" and " - H0 was accepted" or ""
    lines[#lines + 1] = string.format("SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g%s",
                                      sprt.llr, 100 * sprt.llr / sprt.upper, sprt.lower,
                                      sprt.upper, verdict)
  end
  return lines
end

-- The lines fastchess prints of a match so far.
local function fastchess_lines(m, sprt)
  local a, n = m.a, m.a.wins + m.a.losses + m.a.draws
  local paired = m.pairs and m.pairs[1] + m.pairs[2] + m.pairs[3] + m.pairs[4] + m.pairs[5] > 0
  local e = paired and mt.elo(m.pairs) or mt.elo(a.wins, a.draws, a.losses) -- (no pair: its games)
  local points = a.wins + a.draws / 2
  local lines = {string.format("Results of %s vs %s (%s):", a.name, m.b.name, m.variant),
                 string.format("Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f", e.elo, e.margin, e.nelo,
                               e.nelo_margin),
                 string.format("LOS: %s %%, DrawRatio: %s %%", pct(e.los, 2),
                               pct(n > 0 and a.draws / n or 0, 2)),
                 string.format("Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)",
                               n, a.wins, a.losses, a.draws, points,
                               pct(n > 0 and points / n or 0, 2))}
  if m.pairs then
    local p = m.pairs
    lines[#lines + 1] = string.format("Ptnml(0-2): [%d, %d, %d, %d, %d]", p[1], p[2], p[3], p[4],
                                      p[5])
  end
  if sprt then
    lines[#lines + 1] = string.format("LLR: %.2f (%.2f, %.2f) [%g, %g] (%s)", sprt.llr,
                                      sprt.lower, sprt.upper, sprt.elo0, sprt.elo1, sprt.model)
  end
  return lines
end

-- The rank table cutechess and fastchess print of a tournament.
local function ranking_lines(t)
  local lines = {string.format("%-4s %-20s %7s %7s %7s %7s %7s", "Rank", "Name", "Elo", "+/-",
                               "Games", "Score", "Draw")}
  for i, s in ipairs(t.standings) do
    lines[#lines + 1] = string.format("%4d %-20s %7.0f %7.0f %7d %6.1f%% %6.1f%%", i, s.name,
                                      s.rating, (s.high - s.low) / 2, s.games,
                                      s.games > 0 and 100 * s.points / s.games or 0,
                                      s.games > 0 and 100 * s.draws / s.games or 0)
  end
  return lines
end

-- The text of a finished match or tournament in format (nil: mutorere's).
local function result_text(result, format, players)
  if format == nil then return tostring(result) end
  local lines
  if players > 2 then
    lines = ranking_lines(result)
  elseif format == "cutechess" then
    lines = cutechess_lines(result, result.sprt)
  else
    lines = fastchess_lines(result, result.sprt)
  end
  if result.stopped then lines[#lines + 1] = "stopped: " .. result.stopped end
  for _, w in ipairs(result.warnings or {}) do lines[#lines + 1] = "warning: " .. w end
  return table.concat(lines, "\n")
end

-- A tally of a match's games as they end, from the first engine's view,
-- for -ratinginterval: on_game(r) adds r; lines() the results so far.
local function running_tally(a_name, b_name, format, variant_name) -- luacheck: ignore 212
  local m = {a = {name = a_name, wins = 0, losses = 0, draws = 0}, b = {name = b_name},
             variant = variant_name}
  local count = 0
  local function on_game(r, a_colour)
    count = count + 1
    local k = r.result == "draw" and "draws" or r.result == a_colour and "wins" or "losses"
    m.a[k] = m.a[k] + 1
    return count
  end
  local function lines()
    if format == "fastchess" then return fastchess_lines(m) end
    return cutechess_lines(m)
  end
  return on_game, lines
end

-- --- the run ---

local o = read_command_line()
local log = o.debug or nil
if o.log then
  if not o.log.file then fail("-log needs file=FILE") end
  for _, k in ipairs(keys_of(o.log)) do
    local x = o.log[k]
    if k == "engine" and x == "false" then fail("-log engine=false: the engines' talk is all it holds here") end
    if k ~= "file" and k ~= "engine" and k ~= "words" then fail("-log: " .. k .. "= is not taken here") end
  end
  log = o.log.file
end
local specs = o.config and config_engines(o.config) or {}
for _, e in ipairs(o.engines) do specs[#specs + 1] = e end
if #specs < 2 then fail("give two engines or more (-engine ...)") end
local settings, players = {}, {}
for i, e in ipairs(specs) do
  settings[i] = with_each(e, o.each)
  players[i] = make_player(settings[i], e, log)
end
local variant = o.variant or "standard"
if o.arms then variant = {base = variant, arms = number("-arms", o.arms, true)} end
local max_moves = o.maxmoves and number("-maxmoves", o.maxmoves, true, 1)
if max_moves and max_moves > 499999999 then fail("-maxmoves takes at most 499999999 (the plies a game may reach)") end
local per_game = o.games and number("-games", o.games, true, 1) or 2
local rounds = o.rounds and number("-rounds", o.rounds, true, 1) or 1
if per_game > (1 << 40) // rounds then fail("-games times -rounds: more games than this plays") end
local games = per_game * rounds
local seed = o.seed and number("-seed", o.seed, true)
local srand = o.srand and number("-srand", o.srand, true) or seed or 1
local output = o.output and o.output.format
if o.output then
  for _, k in ipairs(keys_of(o.output)) do
    if k ~= "format" and k ~= "words" then fail("-output: unknown key " .. k) end
  end
  if output ~= "cutechess" and output ~= "fastchess" then
    fail("-output format= takes cutechess or fastchess")
  end
end
if o.gamesout and o.pgnout then fail("give -gamesout or -pgnout, not both: they name the one file") end
local gamesout = o.gamesout or o.pgnout
if gamesout then
  if gamesout.words.min then fail("-pgnout min: the records here are always whole") end
  for _, k in ipairs(keys_of(gamesout)) do
    if k ~= "file" and k ~= "words" then fail("-pgnout: " .. k .. "= is not taken here") end
  end
  if not gamesout.file then fail("-pgnout needs a file") end
end
local options = {games = games, clock = clocks_of(settings),
                 openings = openings_of(o.openings, srand),
                 file = gamesout and gamesout.file, resume = o.resume, seed = seed,
                 jobs = o.concurrency and number("-concurrency", o.concurrency, true),
                 max_plies = max_moves and 2 * max_moves,
                 adjudicate = o.adjudicate,
                 per_opening = per_opening_of(o.openings and o.openings.policy, o["repeat"],
                                              games, per_game, #players),
                 swap = not o.noswap, reverse = o.reverse,
                 draw = adjudication_of(o.draw, "-draw", {movenumber = 1, movecount = 1, score = 1}),
                 resign = adjudication_of(o.resign, "-resign",
                                          {movecount = 1, score = 1, twosided = 1}),
                 event = o.event, site = o.site, recover = o.recover or false,
                 wait = o.wait and number("-wait", o.wait, false, 0) / 1000}
if o.adjudicate and o.adjudicate ~= "solver" then fail("-adjudicate takes solver") end
if o.resume and not gamesout then fail("-resume needs -gamesout FILE") end
local interval = o.ratinginterval and number("-ratinginterval", o.ratinginterval, true, 0) or 0
if interval > 0 then
  if #players ~= 2 then fail("-ratinginterval is for a match of two engines here") end
  local made, v = pcall(mt.variant, variant)
  local add, lines = running_tally(players[1].name, players[2].name, output, made and v.name or "?")
  options.on_game = function(r, a_colour)
    if add(r, a_colour) % interval == 0 then print(table.concat(lines(), "\n")) end
  end
end
if (o.svg or o.html) and #players ~= 2 then fail("-svg and -html are for a match of two engines") end
if o.tournament and o.tournament ~= "round-robin" and o.tournament ~= "roundrobin" and
   o.tournament ~= "gauntlet" then
  fail("-tournament takes round-robin or gauntlet")
end
local ok, result
if #players == 2 then
  if o.tournament == "gauntlet" then fail("a gauntlet needs three engines or more") end
  options.variant, options.sprt = variant, sprt_of(o.sprt)
  ok, result = pcall(mt.match, players[1], players[2], options)
else
  if o.sprt then fail("-sprt is for two engines") end
  options.players, options.variants = players, {variant}
  options.gauntlet = o.tournament == "gauntlet" or nil
  options.swap = nil
  if o.noswap then fail("-noswap is for a match of two engines here") end
  ok, result = pcall(mt.tournament, options)
end
if not ok then fail(tostring(result):gsub("^bad argument #%d to '%a+' %((.*)%)$", "%1")) end
print(result_text(result, output, #players))
if o.svg or o.html then
  if #players ~= 2 then fail("-svg and -html are for a match of two engines") end
  if o.svg then
    local wrote, why = pcall(mt.svg, result, o.svg)
    if not wrote then fail("-svg: " .. tostring(why)) end
  end
  if o.html then
    local wrote, why = pcall(mt.html, result, o.html)
    if not wrote then fail("-html: " .. tostring(why)) end
  end
end
if result.stopped then os.exit(1) end

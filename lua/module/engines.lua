-- engines.lua — outside engines: any program that speaks UGI (as
-- `mutorere --ugi` does) made a Player, mt.player{command = {"prog",
-- "arg", ...}, name = ..., options = {...}}.  The program starts when the
-- player first moves, as a child process (lprocess.c) spoken to by lines;
-- a game begins with uginewgame (and its seed, when the engine has a Seed
-- option), each move is a position and a go command with the clock, and a
-- bestmove answers it.  What goes wrong — the program cannot start, closes
-- its output, says nothing in time, answers garbage — raises a failure
-- {reason, message} (shared.failure) that the runner of a game turns into
-- a lost game; the engine is then stopped, and starts again when next
-- needed.
local M, _, shared = ...

local STARTUP = 10 -- seconds an engine has to answer ugi, and isready (unless told),
                   -- and past its move time without a clock
local QUIT_GRACE = 0.5 -- seconds an engine has to leave after quit
local DEFAULT_TIME = 1 -- seconds a move, when neither the runner nor the player says
local POLL = 0.02 -- seconds between looks at a stop function during a search
local STALE_MAX = 1000 -- lines waiting before a move that are read away (at most)
local MAX_SEED = 2147483647
local MAX_OPTIONS = 1000 -- options of an engine remembered (a flood of them is passed over)
local DEFINITION = {command = "table", name = "string", description = "string",
                    options = "table", dir = "string", stderr = "boolean|string",
                    limits = "table", startup = "number", init = "string|table",
                    restart = "boolean", log = "boolean|string"}
local LIMITS = {time = "number", depth = "integer", nodes = "integer"}

local Failure = {}
Failure.__index = Failure
Failure.__name = "mutorere.Failure"
function Failure.__tostring(f) return f.message end
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Failure

-- shared.failure(reason, message): an error value saying why a player
-- lost its game: reason "crash", "hang", "time", "illegal move" or
-- "protocol"; tostring gives the message.
function shared.failure(reason, message)
  return setmetatable({reason = reason, message = message}, Failure)
end

-- shared.failure_reason(err): the reason of a failure value, else nil.
function shared.failure_reason(err)
  return rawequal(debug.getmetatable(err), Failure) and err.reason or nil
end

-- Raises failure reason for engine e: "engine NAME: message".
local function fail(e, reason, message)
  error(shared.failure(reason, string.format("engine %s: %s", e.name, message)), 0)
end

-- --- the process ---

-- Stops e's program: quit, a moment to leave, then killed; reaped (only
-- forgotten in a worker, which did not start it: see proc:owned).
local function stop(e)
  local p = e.process
  if not p then return end
  e.process = nil
  p:send("quit", 0.05)
  if not p:wait(QUIT_GRACE) then p:kill() end
  p:kill()
end

-- Kills e's program at once (it failed: no grace); reaped.
local function kill(e)
  if e.process then e.process:kill() end
  e.process = nil
end

-- Why e's program stopped answering: "crashed (exit 3)", "crashed
-- (signal 9 (Killed))" or "closed its output".
local function ended_words(e)
  local p = e.process
  p:wait(0.2)
  local status = p:status()
  return status and "crashed (" .. status .. ")" or "closed its output"
end

-- Writes a line of e's talk to its log, when it has one: the seconds on
-- the monotonic clock, > (to the program) or < (from it), its name.
local function log(e, way, line)
  if e.log then e.log(string.format("%.3f %s%s: %s\n", M.clock(), way, e.name, line)) end
end

-- Writes a line to e's program.
local function send(e, line)
  log(e, ">", line)
  local ok, why = e.process:send(line, e.startup)
  if ok then return end
  if why == "closed" then fail(e, "crash", ended_words(e) .. " before '" .. line .. "'") end
  fail(e, "hang", "does not read its input")
end

-- The next line from e's program within seconds (nil: no limit);
-- timeout(e) says what it is when none comes.
local function receive(e, seconds, timeout)
  local line, why = e.process:receive(seconds)
  if line then
    log(e, "<", line)
    return line
  end
  if why == "closed" then fail(e, "crash", ended_words(e)) end
  if why == "too long" then fail(e, "protocol", "wrote a line of more than a megabyte") end
  return timeout(e)
end

-- Reads lines until one whose first word is word, within seconds; calls
-- each(words) on the others.  Raises a hang when none comes (other lines
-- coming without end do not put off the deadline).
local function expect(e, word, seconds, each)
  local deadline = M.clock() + seconds
  local function hang() fail(e, "hang", string.format("no '%s' within %g s", word, seconds)) end
  while true do
    local line = receive(e, math.max(0, deadline - M.clock()), hang)
    local words = {}
    for w in line:gmatch("%S+") do words[#words + 1] = w end
    if words[1] == word then return words, line end
    if each then each(words, line) end
    if M.clock() > deadline then hang() end
  end
end

-- The options an engine declares ("option name X type ..."): lower-case
-- name -> name (the first MAX_OPTIONS of them); and of a combo, its
-- values ("var X"), lower-case, in e.vars[lower-case name].
local function declared_option(e, words, line)
  if words[1] == "option" and words[2] == "name" then
    local name = line:match("^%s*option%s+name%s+(.-)%s+type%s") or line:match("name%s+(.-)%s*$")
    if name and e.options_seen < MAX_OPTIONS then
      e.declared[name:lower()], e.options_seen = name, e.options_seen + 1
      local vars
      for i = 3, #words - 1 do
        if words[i] == "var" then
          vars = vars or {}
          vars[words[i + 1]:lower()] = true
        end
      end
      e.vars[name:lower()] = vars
    end
  end
end

-- Sets option name of e's program to value (when it has that option, if
-- only_declared).
local function set_option(e, name, value, only_declared)
  local real = e.declared[name:lower()]
  if only_declared and not real then return end
  send(e, string.format("setoption name %s value %s", real or name, tostring(value)))
end

-- Starts e's program: ugi, its options, isready.
local function start(e)
  local ok, p = pcall(shared.spawn, e.command, e.program, e.dir, e.stderr)
  if not ok then fail(e, "crash", shared.reason(p)) end
  e.process, e.declared, e.vars, e.options_seen, e.variant = p, {}, {}, 0, nil
  e.games_here = 0
  for _, line in ipairs(e.init) do send(e, line) end
  send(e, "ugi")
  expect(e, "ugiok", e.startup, function(words, line) declared_option(e, words, line) end)
  for _, name in ipairs(e.option_names) do set_option(e, name, e.options[name]) end
  e.fresh = true
end

-- Tells e's program the rules of variant v (see shared.rules_told), then
-- asks isready: an "info string error" before readyok says it cannot
-- play them, and fails.
local function set_variant(e, v)
  if e.variant ~= nil and e.variant == v and e.variant.name == v.name then return end
  local told, why = shared.rules_told(v, e.declared, e.vars)
  if not told then fail(e, "protocol", why) end
  if told.definition then
    set_option(e, "VariantDefinition", told.definition)
  else
    set_option(e, "Variant", v.name, true)
    if v.arms then set_option(e, "Arms", v.arms, true) end
  end
  send(e, "isready")
  local errors = {}
  expect(e, "readyok", e.startup, function(words, line)
    if words[1] == "info" and words[2] == "string" and (words[3] or ""):match("^error") then
      errors[#errors + 1] = line:match("^%s*info%s+string%s+(.-)%s*$")
    end
  end)
  if #errors > 0 then
    fail(e, "protocol", string.format("cannot play variant %s: %s", v.name,
                                      table.concat(errors, "; ")))
  end
  e.variant, e.fresh = v, true
end

-- Begins a game for e's program when one is due: its seed, uginewgame,
-- isready.
local function begin_game(e)
  if not e.fresh then return end
  e.games_here = e.games_here + 1
  if e.seed then set_option(e, "Seed", e.seed % MAX_SEED + 1, true) end
  send(e, "uginewgame")
  send(e, "isready")
  expect(e, "readyok", e.startup)
  e.fresh = false
end

-- --- a move ---

-- The position command of game: its start (startpos when it is the
-- variant's) and its moves.
local function position_line(game)
  local from = game:start()
  local head = from == tostring(game:variant().start) and "position startpos"
               or "position fen " .. from
  local moves = game:history()
  if #moves == 0 then return head end
  return head .. " moves " .. table.concat(shared.move_texts(moves), " ")
end

-- Milliseconds of seconds, rounded (at least 0).
local function ms(seconds) return math.max(0, math.floor(seconds * 1000 + 0.5)) end

-- The go command of limits: the clocks (p1time, p2time, p1inc, p2inc,
-- movestogo, in ms: those of the sides that have one), else a move time
-- (a fixed time a move, else the time to think), depth, nodes or infinite.
local function go_line(limits)
  local words = {"go"}
  local c = limits.clock
  if c then
    for _, k in ipairs({"p1time", "p2time", "p1inc", "p2inc"}) do
      if c[k] then words[#words + 1] = k .. " " .. ms(c[k]) end
    end
    if c.movestogo then words[#words + 1] = "movestogo " .. c.movestogo end
  elseif limits.movetime or limits.time then
    words[#words + 1] = "movetime " .. ms(limits.movetime or limits.time)
  end
  if limits.depth then words[#words + 1] = "depth " .. limits.depth end
  if limits.nodes then words[#words + 1] = "nodes " .. limits.nodes end
  if #words == 1 then words[2] = "infinite" end
  return table.concat(words, " ")
end

-- What an info line says: depth, score (cp / 100), mate (plies, from
-- moves), nodes, pv.
local function read_info(words, found)
  local i = 2
  while i <= #words do
    local w = words[i]
    if w == "depth" or w == "nodes" then
      found[w] = shared.whole(tonumber(words[i + 1])) or found[w]
      i = i + 2
    elseif w == "score" then
      local n = shared.whole(tonumber(words[i + 2]))
      if words[i + 1] == "cp" and n then found.score, found.mate = n / 100, nil
      elseif words[i + 1] == "mate" and n then
        found.mate, found.score = n > 0 and 2 * n - 1 or 2 * n, nil
      end
      i = i + 3
    elseif w == "pv" then
      found.pv = table.move(words, i + 1, #words, 1, {})
      break
    elseif w == "string" then
      break
    else
      i = i + 1
    end
  end
end

-- The limits of a move for e: the runner's, else the player's own, else
-- DEFAULT_TIME seconds.
local function move_limits(e, limits)
  if limits and (limits.clock or limits.time or limits.depth or limits.nodes or limits.infinite) then
    return limits
  end
  local own = {}
  for k, x in next, e.limits do own[k] = x end
  if next(own) == nil then own.time = DEFAULT_TIME end
  if limits then own.stop = limits.stop end
  return own
end

-- Readies e's program for a move in game: started, told the variant, a
-- new game begun when one is due (outside any clock: engines get
-- e.startup seconds for each step, as UCI gives isready).  A worker
-- starts its own: the program of the process it was forked from is not
-- its to speak to.
local function prepare(e, game)
  if e.process and not e.process:owned() then e.process = nil end
  if e.restart and e.process and e.fresh and e.games_here > 0 then stop(e) end -- a new game
  if not e.process then start(e) end
  set_variant(e, game:variant())
  begin_game(e)
end

-- The move e's program answers for game within limits (see
-- Player:choose; limits.clock: {p1time, p2time, p1inc, p2inc, movestogo}
-- in seconds, and limits.deadline, the seconds it may take before it has
-- lost on time), and what it found.  Given a move time and no deadline,
-- it has e.startup seconds past that time before it counts as hung; and
-- as long after a stop.
local function engine_move(e, game, limits)
  prepare(e, game)
  limits = move_limits(e, limits)
  for _ = 1, STALE_MAX do -- lines from before (a second bestmove) answer nothing
    if not e.process:receive(0) then break end
  end
  send(e, position_line(game))
  send(e, go_line(limits))
  local asked, found, stopped = M.clock(), {}, false
  local deadline = limits.deadline and asked + limits.deadline
  local hung = not limits.deadline and not limits.clock and limits.time
               and asked + limits.time + e.startup
  local function late()
    if deadline and M.clock() >= deadline then
      fail(e, "time", string.format("no move within %.3f s", limits.deadline))
    end
    if hung and M.clock() >= hung then
      if stopped then fail(e, "hang", string.format("no move within %g s of 'stop'", e.startup)) end
      fail(e, "hang", string.format("no move within %g s of its move time (%g s)", e.startup,
                                    limits.time))
    end
    return false
  end
  while true do
    local due = math.min(deadline or math.huge, hung or math.huge)
    local wait = due < math.huge and math.max(0, due - M.clock()) or nil
    if limits.stop and not stopped then wait = math.min(wait or POLL, POLL) end
    local line = receive(e, wait, late)
    if not line then
      if limits.stop and not stopped and limits.stop() then
        send(e, "stop")
        stopped = true -- then startup seconds, as a move past its time has
        hung = math.min(hung or math.huge, M.clock() + e.startup)
      end
    else
      local words = {}
      for w in line:gmatch("%S+") do words[#words + 1] = w end
      if words[1] == "bestmove" then
        if not words[2] then fail(e, "protocol", "'bestmove' without a move") end
        return words[2], found
      elseif words[1] == "info" then
        read_info(words, found)
      end
      late() -- lines without end do not put off the deadline
    end
  end
end

-- --- the players ---

local running = setmetatable({}, {__mode = "k"}) -- engine states with a process

-- Checks the limits of a definition (the player's own limits per move).
local function check_limits(t)
  local o = shared.as_argument(1, "player", shared.options, t, 1, "player", LIMITS)
  shared.check_option(o.time == nil or o.time > 0 and o.time <= 1e6, 1, "player", "limits.time",
                      "a number of seconds above 0", o.time)
  shared.check_option(o.depth == nil or o.depth >= 1, 1, "player", "limits.depth",
                      "a positive integer", o.depth)
  shared.check_option(o.nodes == nil or o.nodes >= 1, 1, "player", "limits.nodes",
                      "a positive integer", o.nodes)
  return {time = o.time, depth = o.depth, nodes = o.nodes}
end

-- Checks the UGI options of an engine: names of words, values of one line.
local function check_engine_options(options)
  local names = {}
  for _, name in ipairs(shared.keys(options)) do
    local value = options[name]
    shared.check_arg(type(name) == "string" and name:match("^[%w_%-]+$"), 1, "player",
                     "an option name of letters, digits, - and _", name)
    local kind = type(value)
    shared.check_option((kind == "string" and not value:find("[\0\r\n]")) or kind == "number"
                        or kind == "boolean", 1, "player", name,
                        "a string of one line, a number or a boolean", value)
    names[#names + 1] = name
  end
  return names
end

-- The lines an engine is sent when it starts (init): a string (its lines)
-- or a list of lines, checked; {} for none.
local function check_init(init)
  if init == nil then return {} end
  local lines = {}
  if type(init) == "string" then
    for line in (init .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  else
    for i = 1, #init do lines[i] = init[i] end
  end
  for i, line in ipairs(lines) do
    shared.check_option(type(line) == "string" and not line:find("[%z\r\n]"), 1, "player",
                        "init", "lines of text (line " .. i .. " is not one)", line)
  end
  return lines
end

-- Checks the path of a file an engine's talk or its standard error goes
-- to (option key): one that can be appended to.
local function check_log_path(path, key)
  shared.no_files_in_sandbox("writing an engine's " .. key .. " to a file")
  local ok, why = shared.append_file(path, "")
  if not ok then shared.arg_error(1, "player", "option " .. key .. ": cannot write to " .. why) end
end

-- The function that writes an engine's log (log: true for standard
-- error, or the path of a file it is appended to, a line at a time, so
-- that workers writing at once never mix their lines).
local function log_writer(target)
  if target == true then return function(text) io.stderr:write(text) end end
  check_log_path(target, "log")
  return function(text) shared.append_file(target, text) end
end

-- The words of a command, checked: a list of 1 to 256 strings without a
-- zero byte, the first naming a program that runs.  Returns the words
-- and the program's path.
local function check_command(command)
  shared.check_arg(#command >= 1 and #command <= 256, 1, "player",
                   "command as a list of 1 to 256 words", command)
  local words = {}
  for i = 1, #command do
    local w = command[i]
    shared.check_arg(type(w) == "string" and not w:find("\0", 1, true), 1, "player",
                     "word " .. i .. " of the command as a string without a zero byte", w)
    words[i] = w
  end
  local path = shared.find_program(words[1])
  if not path then
    shared.arg_error(1, "player", string.format("command: no program %s to run (%s)",
                     shared.describe(words[1]), words[1]:find("/") and "not an executable file"
                     or "not found on PATH"))
  end
  return words, path
end

-- shared.outside_engine(def, options): the state of an outside engine
-- from a definition {command, name, description, options, dir, stderr,
-- limits} and the options that override its own; and its decide
-- function and name.
function shared.outside_engine(def, options)
  if M.sandboxed() then
    shared.arg_error(1, "player", "outside engines (command) are not allowed in a sandbox")
  end
  shared.options(def, 1, "player", DEFINITION)
  local words, path = check_command(def.command)
  local merged = {}
  for k, x in next, def.options or {} do merged[k] = x end
  for k, x in next, options or {} do if k ~= "name" then merged[k] = x end end
  if def.dir and shared.file_type(def.dir) ~= "directory" then
    shared.arg_error(1, "player", string.format("dir: no folder %s", shared.describe(def.dir)))
  end
  local e = {command = words, program = path, dir = def.dir,
             stderr = def.stderr == false or def.stderr or nil,
             options = merged, option_names = check_engine_options(merged),
             limits = check_limits(def.limits or {}), startup = def.startup or STARTUP,
             init = check_init(def.init), restart = def.restart or nil,
             log = def.log and log_writer(def.log)}
  if type(def.stderr) == "string" then check_log_path(def.stderr, "stderr") end
  shared.check_option(e.startup > 0 and e.startup <= 3600, 1, "player", "startup",
                      "a number of seconds above 0", def.startup)
  e.name = (options and options.name) or def.name or words[1]:match("([^/]+)$")
  local function decide(_, game, limits)
    running[e] = true
    local ok, move, found = pcall(engine_move, e, game, limits)
    if ok then return move, found end
    kill(e)
    error(move, 0)
  end
  return e, decide
end

-- shared.prepare_engine(e, game): readies engine e for a move in game
-- (its start, the variant, a new game), outside any clock; raises a
-- failure when it cannot (the engine is then stopped).
function shared.prepare_engine(e, game)
  running[e] = true
  local ok, err = pcall(prepare, e, game)
  if ok then return end
  kill(e)
  error(err, 0)
end

-- shared.check_engines(players, variants, what): before the first game of
-- a match or a tournament (what), starts the programs of the outside
-- engines among players and tells each the rules of every variant: an
-- engine that cannot start, or cannot play a variant, stops it there,
-- saying why (as cutechess and fastchess stop at once), where each of its
-- games would have been lost.
function shared.check_engines(players, variants, what)
  for _, p in ipairs(players) do
    local e = p.outside
    for _, v in ipairs(e and variants or {}) do
      running[e] = true
      local ok, err = pcall(function()
        if not e.process then start(e) end
        set_variant(e, v)
      end)
      if not ok then
        kill(e)
        error(string.format("%s (the %s does not start)", tostring(err), what), 0)
      end
    end
  end
end

-- shared.outside_reset(e, seed): a new game is due for engine e, with
-- seed (whole).
function shared.outside_reset(e, seed)
  e.seed, e.fresh = seed, true
end

-- shared.kill_engine(e): kills engine e's program (it failed; it starts
-- again when next needed).
shared.kill_engine = kill

-- shared.engines_closer(players): a value whose __close stops the
-- programs of the outside engines among players (for a to-be-closed
-- variable around a match): quit and a moment to leave when the match
-- ended well; killed at once, in C, when an error ends it (after Ctrl-C
-- or a budget no Lua code may run).
function shared.engines_closer(players)
  local states = {}
  for _, p in ipairs(players) do
    if p.outside then states[#states + 1] = p.outside end
  end
  return shared.process_guard(states, stop)
end

-- shared.stop_all_engines(): stops every outside engine's program (a
-- worker does before it sends its games back).
function shared.stop_all_engines()
  for e in next, running do stop(e) end
end

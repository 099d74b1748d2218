-- players.lua — players: anything that picks a move for a game.  The
-- built-in engines (random, alphabeta, mcts, perfect), scripts in ai/ on
-- the search path, Lua functions and tables all become Player values.
local M, _, shared = ...

-- shared.rng(seed): a xorshift64* generator; rng(n) is an integer in 1..n,
-- rng() a float in [0, 1).
function shared.rng(seed)
  local s = shared.whole(seed) or 1
  if s == 0 then s = 0x2545F4914F6CDD1D end
  return function(n)
    s = s ~ (s >> 12)
    s = s ~ (s << 25)
    s = s ~ (s >> 27)
    local x = (s * 0x2545F4914F6CDD1D) >> 11 -- 53 random bits
    if n then return x % n + 1 end
    return x / 2.0 ^ 53
  end
end

local Player = {}
Player.__index = Player
Player.__name = "mutorere.Player"
local made = setmetatable({}, {__mode = "k"}) -- the Player values
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Player
function Player.__tostring(p) return "player " .. p.name end
M.Player = Player

local LIMIT_TYPES = {time = "number", depth = "number", nodes = "number",
                     infinite = "boolean", stop = "function", clock = "table",
                     deadline = "number", movetime = "number"}
local SECONDS = {time = true, deadline = true, movetime = true} -- limits that are seconds

-- Raises on limit key = value of a move that is wrong.
local function check_limit(key, value)
  local want = LIMIT_TYPES[key]
  if not want then shared.arg_error(2, "choose", "unknown limit " .. shared.describe(key)) end
  if type(value) ~= want then
    shared.arg_error(2, "choose", "limit " .. key .. " must be a " .. want .. ", got " .. shared.describe(value))
  end
  if SECONDS[key] and (value ~= value or value < 0) then
    shared.arg_error(2, "choose", "limit " .. key .. " must be >= 0, got " .. shared.describe(value))
  elseif want == "number" and not SECONDS[key] then
    shared.check_whole(value, 2, "choose", "limit " .. key, 1, math.maxinteger)
  end
end

-- Checks the limits of a move (see Player:choose); returns them.
local function check_limits(limits)
  if limits == nil then return nil end
  shared.check_arg(type(limits) == "table", 2, "choose", "table of limits", limits)
  shared.check_each(limits, check_limit)
  return limits
end

-- Player:choose(game [, limits]): the move this player plays in game
-- (text) and, when its search has them, what it found: {depth, score,
-- mate, nodes, pv}.  limits, for this move: time (seconds), depth, nodes,
-- infinite (search until stop), stop (a function polled now and then:
-- true means answer at once).  A game that is over is an error.
function Player:choose(game, limits)
  shared.check_self(made[self], "choose", "Player", self)
  shared.check_arg(M.type(game) == "Game", 1, "choose", "Game", game)
  local winner, reason = game:result()
  if winner then
    shared.arg_error(1, "choose", string.format("the game is over: %s, %s", winner, reason))
  end
  local move, info = self.decide(self, game:copy(), check_limits(limits))
  return tostring(move), type(info) == "table" and info or nil
end

-- shared.open(limits): true when the limits bound a search by time, nodes
-- or a stop (infinite), so that a player's own depth and playouts no
-- longer apply.
function shared.open(limits)
  return limits ~= nil and (limits.time or limits.nodes or limits.infinite) ~= nil
end

-- shared.limit(options, limits, key): the value of limit key for a move:
-- limits[key] when set; else none when the limits are open; else the
-- player's option.
function shared.limit(options, limits, key)
  if limits and limits[key] ~= nil then return limits[key] end
  if shared.open(limits) then return nil end
  return options[key]
end

-- shared.with_limits(options, limits): the options a choose function sees
-- for one move: the player's, with the limits in place of its own.
function shared.with_limits(options, limits)
  if not limits then return options end
  local merged = {}
  for k, x in next, options do merged[k] = x end
  if shared.open(limits) then
    merged.depth, merged.nodes, merged.time, merged.playouts = nil, nil, nil, nil
  end
  for k, x in next, limits do merged[k] = x end
  return merged
end

-- Player:reset(seed): restarts the player's random sequence.
function Player:reset(seed)
  shared.check_self(made[self], "reset", "Player", self)
  if seed ~= nil then seed = shared.check_whole(seed, 1, "reset", "seed", math.mininteger, math.maxinteger) end
  self.rng = shared.rng(seed)
  if self.outside then shared.outside_reset(self.outside, seed or 1) end
  return self
end

-- shared.move_value(v, s, p, h, move): by the solution s, the value of
-- move in the state (p, h) for the side that plays it ("win", "loss" or
-- "draw"), its distance (nil for a draw), the position after it, a rank:
-- higher is better (a win, shorter first; a draw; a loss, longer first),
-- and the history after it.
function shared.move_value(v, s, p, h, move)
  local child, hc = v:play(p, move, h)
  local value, d = s:lookup(child, hc)
  if value == "loss" then return "win", d + 1, child, 3000 - d, hc end
  if value == "win" then return "loss", d + 1, child, d, hc end
  return "draw", nil, child, 1000, hc
end

-- The moves of a game by the solution: {move, value, distance, rank,
-- child} sorted best first; ties keep the order of the moves.
function shared.ranked_moves(game)
  local v = game:variant()
  local s = M.solve(v)
  local pos, h = game:state()
  local out = {}
  for i, move in ipairs(game:moves()) do
    local value, d, child, rank, hc = shared.move_value(v, s, pos, h, move)
    out[#out + 1] = {move = move, value = value, distance = d, rank = rank,
                     order = i, child = child, history = hc}
  end
  table.sort(out, function(a, b)
    if a.rank ~= b.rank then return a.rank > b.rank end
    return a.order < b.order
  end)
  return out, s
end

local engines = {}

engines.random = {
  description = "a uniformly random legal move",
  options = {},
  decide = function(self, game)
    local moves = game:moves()
    return moves[self.rng(#moves)]
  end,
}

local MAX_DEPTH = 64 -- the deepest search (mt.search's limit)

-- The report of an mt.search result: {depth, score, mate, nodes, pv}.
local function search_info(r)
  return {depth = r.depth, score = r.score, mate = r.mate, nodes = r.nodes, pv = r.pv}
end

-- alpha-beta under the limits of a move (see Player:choose).
local function alphabeta(options, game, limits)
  local r = M.search(game, {
    depth = shared.limit(options, limits, "depth") or (shared.open(limits) and MAX_DEPTH or 6),
    nodes = shared.limit(options, limits, "nodes"), time = shared.limit(options, limits, "time"),
    eval = options.eval, stop = limits and limits.stop})
  return r.move, search_info(r)
end

-- Checks option key of a player's options o: a whole number from lo to
-- hi (kept as an integer), or absent.
local function check_whole(o, key, lo, hi)
  if o[key] ~= nil then o[key] = shared.check_whole(o[key], 2, "player", "option " .. key, lo, hi) end
end

-- Checks option key of o: seconds, a number from 0 to 1e9, or absent.
local function check_seconds(o, key)
  local x = o[key]
  shared.check_option(x == nil or (type(x) == "number" and x >= 0 and x <= 1e9), 2, "player", key,
                      "a number from 0 to 1e9", x)
end

-- Checks option key of o: a function, or absent.
local function check_function(o, key)
  shared.check_option(o[key] == nil or type(o[key]) == "function", 2, "player", key, "a function",
                      o[key])
end

engines.alphabeta = {
  description = "alpha-beta search in C (options: depth = 6, nodes, time, eval)",
  options = {"depth", "nodes", "time", "eval"},
  -- the options mt.search takes, checked when the player is made
  check = function(o)
    check_whole(o, "depth", 1, MAX_DEPTH)
    check_whole(o, "nodes", 0, math.maxinteger)
    check_seconds(o, "time")
    check_function(o, "eval")
  end,
  decide = function(self, game, limits) return alphabeta(self.options, game, limits) end,
}

local FOREVER = 1e9 -- seconds: an MCTS that runs until it is stopped

engines.mcts = {
  description = "Monte Carlo tree search in C (options: playouts = 2000, time, policy)",
  options = {"playouts", "time", "max_plies", "policy"},
  -- the options mt.mcts takes, checked when the player is made
  check = function(o)
    check_whole(o, "playouts", 0, math.maxinteger)
    check_seconds(o, "time")
    check_whole(o, "max_plies", 1, 100000)
    check_function(o, "policy")
  end,
  decide = function(self, game, limits)
    local o = self.options
    local playouts = limits and limits.nodes or shared.limit(o, limits, "playouts")
    local time = shared.limit(o, limits, "time")
    if limits and limits.infinite and not time then time = FOREVER end
    if not playouts and not time then playouts = 2000 end
    local r = M.mcts(game, {playouts = playouts, time = time, policy = o.policy,
                            max_plies = o.max_plies, stop = limits and limits.stop,
                            seed = self.rng(1 << 30)})
    local score
    for _, m in ipairs(r.moves) do
      if m.move == r.move then score = 2 * m.score - 1 end
    end
    return r.move, {nodes = r.playouts, score = score, pv = {r.move}}
  end,
}

-- shared.tempting_move(game, best, s): among the best moves (best: the
-- list of shared.ranked_moves), the first that leaves the opponent the
-- most ways to go wrong (replies that lose for them).
function shared.tempting_move(game, best, s)
  local v = game:variant()
  local pick, most = best[1], -1
  for _, m in ipairs(best) do
    if m.rank ~= best[1].rank then break end
    local wrong = 0
    if not v:outcome(m.child, m.history) then
      for _, reply in ipairs(v:moves(m.child, m.history)) do
        if s:lookup(v:play(m.child, reply, m.history)) == "win" then
          wrong = wrong + 1
        end
      end
    end
    if wrong > most then pick, most = m, wrong end
  end
  return pick.move
end

-- The lookahead-d player: a uniformly random move among those a d-ply
-- negamax rates best (the search of the lookahead metric); it remembers
-- the states it searched, variant by variant.
local function lookahead_move(self, game, d)
  local v = game:variant()
  self.searchers = self.searchers or setmetatable({}, {__mode = "k"})
  local search = self.searchers[v]
  if not search then
    search = shared.lookahead_searcher(v)
    self.searchers[v] = search
  end
  local p, h = shared.state_of(game)
  local moves = search(p, h, d)
  return moves[self.rng(#moves)]
end

-- Checks the perfect player's options skill, lookahead and against.
local function graded_options(o)
  if o.skill ~= nil and o.lookahead ~= nil then
    shared.arg_error(2, "player", "a player has a skill or a lookahead, not both")
  end
  if o.against ~= nil and o.lookahead ~= nil then
    shared.arg_error(2, "player", "a player has a lookahead or plays against an opponent's skill, not both")
  end
  if o.against ~= nil and (type(o.against) ~= "number" or not (o.against >= 0 and o.against <= 1)) then
    shared.arg_error(2, "player", "against must be the opponent's skill, a number from 0 to 1")
  end
  if o.skill ~= nil and (type(o.skill) ~= "number" or not (o.skill >= 0 and o.skill <= 1)) then
    shared.arg_error(2, "player", "skill must be a number from 0 (random) to 1 (perfect)")
  end
  if o.lookahead ~= nil then o.lookahead = shared.check_whole(o.lookahead, 2, "player", "lookahead", 0, 200) end
end

-- The perfect line from game after its first move: the solver's best
-- move at each turn, to the end of a won or lost game, for a draw as far
-- as plies.
local function perfect_line(game, first, plies)
  local line, g = {first}, game:copy()
  g:play(first)
  while #line < plies and not g:result() do
    local best = shared.ranked_moves(g)
    line[#line + 1] = best[1].move
    g:play(best[1].move)
  end
  return line
end

-- The information of perfect's move: score and mate now, its pv (the
-- perfect line from game after move, as far as plies) and depth worked out
-- when first read (or listed by pairs), since most who choose never read
-- them and each ply of the line ranks every move.
local function perfect_info(game, move, plies)
  local info, meta = {score = 0}, {}
  local function fill()
    setmetatable(info, nil)
    info.pv = perfect_line(game, move, plies)
    info.depth = #info.pv
  end
  function meta.__index(_, key)
    if key ~= "pv" and key ~= "depth" then return nil end
    fill()
    return info[key]
  end
  function meta.__pairs()
    fill()
    return next, info, nil
  end
  return setmetatable(info, meta)
end

local STOP_SLICE = 0.1 -- seconds a solve may take when only a stop limits it

-- Solves game's variant within the limits of a move.  Without limits it
-- takes as long as it takes; with limits it gets 80% of the time
-- (STOP_SLICE when only a stop bounds the move, since the solver cannot
-- poll it).  Returns nil when that ran out or the board cannot be solved
-- here (too big for the memory: then it says so on standard error, once
-- for this player and variant), remembering it so as not to try again
-- with no more time; any other failure is an error.
local function solve_within(self, game, limits)
  local v = game:variant()
  self.unsolved = self.unsolved or setmetatable({}, {__mode = "k"})
  local budget = limits and (limits.time and limits.time * 0.8 or (limits.stop and STOP_SLICE))
  local failed = self.unsolved[v]
  if failed and (failed == math.huge or (budget or math.huge) <= failed) then return nil end
  local ok, s
  if budget then
    ok, s = M.limit({time = budget}, M.solve, v)
  else
    ok, s = pcall(M.solve, v)
  end
  if ok then return s end
  local text = tostring(s)
  if budget and text:find("time budget", 1, true) then
    self.unsolved[v] = budget
  elseif text:find("cannot solve", 1, true) or text:find("not enough memory", 1, true) then
    self.unsolved[v] = math.huge
    io.stderr:write(string.format("player %s: %s (%s) cannot be solved here (%s): it plays on " ..
                                  "by alpha-beta search\n", self.name, v.name, shared.size_text(v),
                                  (shared.reason(text):gsub("^cannot solve: ", ""))))
  else
    error(s, 0)
  end
  return nil
end

engines.perfect = {
  description = "perfect play from the solver: wins fastest, loses slowest, " ..
                "and among equal moves sets the most traps (under limits, " ..
                "alpha-beta when the solve does not fit; options: skill = " ..
                "0..1, lookahead = plies)",
  options = {"skill", "lookahead", "against"},
  check = graded_options,
  decide = function(self, game, limits)
    local o = self.options
    if o.lookahead then return lookahead_move(self, game, o.lookahead) end
    if o.skill and o.skill < 1 and self.rng() >= o.skill then
      local moves = game:moves()
      return moves[self.rng(#moves)]
    end
    local t0 = M.clock()
    local s = solve_within(self, game, limits)
    if not s then -- alpha-beta for the rest of the time
      local rest = {}
      for k, x in next, limits or {} do rest[k] = x end
      if rest.time then rest.time = math.max(0.001, rest.time - (M.clock() - t0)) end
      return alphabeta({}, game, rest)
    end
    local best = shared.ranked_moves(game)
    local move, expected, bound
    if o.against then
      move, expected, bound = shared.against_move(game, s, o.against)
    else
      move = shared.tempting_move(game, best, s)
    end
    local chosen
    for _, m in ipairs(best) do if m.move == move then chosen = m end end
    local info = perfect_info(game, move, chosen.distance or 8)
    if chosen.value ~= "draw" then
      info.mate = chosen.value == "win" and chosen.distance or -chosen.distance
      info.score = nil
    end
    info.expected, info.expected_error = expected, bound
    return move, info
  end,
}

-- Makes the Player of an outside engine (engines.lua) from its definition
-- {command, name, options, ...}.
local function outside(def, options)
  local e, decide = shared.outside_engine(def, options)
  local p = setmetatable({name = e.name, description = def.description or
                          "an outside engine: " .. table.concat(e.command, " "),
                          options = e.options, definition = def, outside = e,
                          decide = decide}, Player)
  made[p] = true
  return p:reset(1)
end

-- Raises on a key of the options o (argument n of mt.player) that engine e
-- does not take (name aside, which every player takes).
local function known_options(e, engine, o, n)
  for _, key in ipairs(shared.keys(o or {})) do
    local known = key == "name"
    for _, k in ipairs(e.options) do known = known or key == k end
    if not known then
      local names = {"name"}
      for _, k in ipairs(e.options) do names[#names + 1] = k end
      table.sort(names)
      shared.arg_error(n, "player", string.format("unknown option %s (the options of %s are %s)",
                                                  shared.describe(key), engine, table.concat(names, ", ")))
    end
  end
end

-- Makes a Player from a definition table (name, description, and either
-- decide/choose or engine + options).
local function from_definition(def, options, default_name)
  if def.command ~= nil then return outside(def, options) end
  local merged = {}
  shared.check_arg(def.options == nil or type(def.options) == "table", 1, "player",
                   "definition whose options are a table", def.options)
  for k, x in next, def.options or {} do merged[k] = x end
  for k, x in next, options or {} do merged[k] = x end
  local p = setmetatable({name = merged.name or def.name or default_name,
                          description = def.description or "",
                          options = merged, definition = def}, Player)
  made[p] = true
  if def.engine then
    local e = engines[def.engine]
    if not e then shared.arg_error(1, "player", "unknown engine " .. shared.describe(def.engine)) end
    known_options(e, def.engine, def.options, 1)
    known_options(e, def.engine, options, 2)
    if e.check then e.check(merged) end
    p.decide = e.decide
  elseif type(def.choose) == "function" then
    local choose = def.choose
    p.decide = function(self, game, limits)
      return choose(game, shared.with_limits(self.options, limits), self.rng)
    end
  else
    shared.arg_error(1, "player", "a player definition needs choose = function(game, options, rng) " ..
                     "or engine = \"alphabeta\" (or \"mcts\", \"perfect\", \"random\")")
  end
  return p:reset(1)
end

-- Loads a player script (a file returning a definition table).
local function from_file(path, options, named)
  if not named then shared.no_files_in_sandbox("loading a player from a file") end
  -- (in a sandbox, a fresh sandbox environment for its globals, as any script there has)
  local chunk, err
  if M.sandboxed() then chunk, err = loadfile(path, "t", M.sandbox_env())
  else chunk, err = loadfile(path, "t") end
  if not chunk then shared.arg_error(1, "player", "cannot load player: " .. err) end
  local def = chunk()
  if type(def) ~= "table" then
    shared.arg_error(1, "player", "player file " .. path .. " must return a table, not " .. type(def))
  end
  return from_definition(def, options, path:match("([^/]+)%.lua$") or path)
end

-- shared.find_script(folder, name): the path of folder/NAME.lua on the
-- search path, or nil.
function shared.find_script(folder, name)
  local dirs = shared.module.path
  if type(dirs) ~= "table" then error("mt.path must be a list of directories", 3) end
  for _, dir in ipairs(dirs) do
    if type(dir) ~= "string" then error("mt.path must be a list of directories", 3) end
    local path = dir .. "/" .. folder .. "/" .. name .. ".lua"
    if shared.file_type(path) then return path end -- loading it says what is wrong
  end
end

-- mt.player(spec [, options]): a Player from a name (built-in or script),
-- a path, a function(game) -> move, a definition table, or a Player.
function M.player(spec, options)
  shared.check_arg(options == nil or type(options) == "table", 2, "player", "table of options", options)
  if made[spec] then return spec end
  local t = type(spec)
  if t == "function" then
    return from_definition({name = "function", choose = function(game) return spec(game) end},
                           options, "function")
  elseif t == "table" then
    return from_definition(spec, options, "custom")
  elseif t == "string" then
    shared.check_text(spec, 1, "player", "the player's name or path")
    if engines[spec] then
      local name = spec
      if spec == "perfect" and options and options.lookahead then
        name = "lookahead-" .. tostring(options.lookahead)
      elseif spec == "perfect" and options and (options.skill or options.against) then
        name = "perfect" .. (options.skill and "-" .. tostring(options.skill) or "") ..
               (options.against and "-against-" .. tostring(options.against) or "")
      end
      return from_definition({name = name, description = engines[spec].description,
                              engine = spec}, options, spec)
    end
    if spec:find("/") or spec:match("%.lua$") then return from_file(spec, options) end
    local path = shared.find_script("ai", spec)
    if path then return from_file(path, options, true) end
    shared.arg_error(1, "player", string.format("unknown player '%s' (mt.players() lists them)",
                                                shared.shown(spec, shared.SHOWN_NAME)))
  end
  shared.check_arg(false, 1, "player", "player (a name, a path, a function, a table or a Player)", spec)
end

-- mt.players(): the names of the built-in players and of the scripts in
-- ai/ on the search path, sorted.
function M.players()
  local set = {}
  for name in pairs(engines) do set[name] = true end
  for _, name in ipairs(M.scripts("ai")) do set[name] = true end
  local list = {}
  for name in pairs(set) do list[#list + 1] = name end
  table.sort(list)
  return list
end

-- Game:analyse(): the solver's view of the position and of every move, from
-- the side to move: {value, distance, moves = {{move, value, distance}}},
-- best move first.
function M.Game:analyse()
  shared.check_self(M.type(self) == "Game", "analyse", "Game", self)
  local s = M.solve(self:variant())
  local value, distance = s:lookup(self)
  local result = {value = value, distance = distance, moves = {}}
  local over, reason = self:result()
  if over then
    result.over = reason
    if reason == "repetition" or reason == "ply cap" then
      result.value, result.distance = "draw", nil
    end
    return result
  end
  local ranked = shared.ranked_moves(self)
  for i, m in ipairs(ranked) do
    result.moves[i] = {move = m.move, value = m.value, distance = m.distance}
  end
  return result
end

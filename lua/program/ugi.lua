-- ugi.lua — `mutorere --ugi`: the Universal Game Interface (the UCI-style
-- protocol of the cutegames tournament runner), so that GUIs and
-- tournament runners can drive the engine and its Lua players.  Player 1
-- is black, who moves first.
--
-- The chunk returns run(input, output): input(wait) gives the next line,
-- false when none is ready (wait not set; a note may follow), nil at the
-- end of the input; output(text) writes a line and returns true, or nil
-- and an error.  Nothing but `quit` and the end of the input ends the run:
-- every command runs protected and answers a bad value with an `info
-- string`; lines read during a search wait in a queue, but `stop`, `quit`
-- and an `isready` with nothing queued ahead of it, which are answered at
-- once.
local M = ...

-- The library functions used, captured now: a player script run later may
-- replace the globals.
local pcall, tostring, tonumber, type, ipairs = pcall, tostring, tonumber, type, ipairs
local floor, max, min, abs, huge = math.floor, math.max, math.min, math.abs, math.huge
local tointeger = math.tointeger
local match, gmatch, gsub, format, lower, sub, find =
  string.match, string.gmatch, string.gsub, string.format, string.lower, string.sub, string.find
local concat, remove = table.concat, table.remove
local os_time = os and os.time
local clock, limit, new_game, new_variant = M.clock, M.limit, M.game, M.variant
local sandbox, sandboxed, char = M.sandbox, M.sandboxed, string.char
local make_player, variants, players = M.player, M.variants, M.players
local choose, reset, search, solve = M.Player.choose, M.Player.reset, M.search, M.solve

local NAME = "mutorere " .. M.version
local MAX_DEPTH = 64
local MAX_SEED = 2147483647
local MAX_QUEUED = 16 * 1024 * 1024 -- bytes of lines queued during a search
local DEFINITION_BUDGET = {time = 2, memory = 64 * 1024 * 1024} -- of a VariantDefinition
local POLL_INTERVAL = 0.002 -- seconds between looks at the input in a search

-- A piece of text fit for one line of output: no control characters, at
-- most limit (80) characters.
local function short(text, limit_chars)
  text = gsub(tostring(text), "%c", " ")
  limit_chars = limit_chars or 80
  if #text > limit_chars then text = sub(text, 1, limit_chars) .. "..." end
  return text
end

-- The text of an error value, without the "file:line:" of where it came
-- from nor the "bad argument #1 to 'player' (...)" around the reason (an
-- error object whose __tostring fails is "an error").
local function message(err)
  local ok, text = pcall(tostring, err)
  if not ok or type(text) ~= "string" then text = "an error" end
  text = gsub(text, "^[^:\n]*:%d+: ", "")
  return (gsub(text, "^bad argument #%d+ to '[^']*' %((.*)%)$", "%1"))
end

local function send(e, text)
  if e.failed then return end
  local ok, err = e.output(text)
  if not ok then e.failed, e.quitting = err or "output failed", true end
end

local function info(e, text) send(e, "info string " .. short(text, 400)) end

-- --- the options ---

-- The variant the options select (an error when they do not fit): arms
-- set the wheel's size, and a board of points keeps its own.
local function make_variant(name, arms)
  local v = new_variant(name)
  if arms and not v.points then return new_variant{base = name, arms = arms} end
  return v
end

-- The name in list equal to name but for case, or nil.
local function canonical(list, name)
  local wanted = lower(name)
  for _, x in ipairs(list) do
    if lower(x) == wanted then return x end
  end
end

-- A number of the protocol: a whole number written in decimal digits (a
-- minus sign allowed), as the protocol writes them; nil for anything else
-- ("12.0", "1e1", "0x0e", " 12").
local function digits(text)
  if not match(text, "^%-?%d+$") then return nil end
  return tointeger(tonumber(text))
end

-- A spin option's value: a whole number from lo to hi, or nil and why.
local function spin(text, lo, hi)
  local n = digits(text)
  if not n or n < lo or n > hi then
    return nil, format("must be a whole number from %d to %d, in digits, not '%s'", lo, hi,
                       short(text))
  end
  return n
end

-- A seed from the clock, for Seed 0.
local function clock_seed()
  return floor(clock() * 1e9) ~ (os_time and os_time() or 0)
end

-- The seed of the engine's current game: the base seed advanced by the
-- number of games begun (a splitmix step).
local function game_seed(e)
  local x = e.base_seed + e.games * -7046029254386353131 -- 0x9E3779B97F4A7C15
  x = (x ~ (x >> 30)) * -4658895280553007687
  x = (x ~ (x >> 27)) * -7723592293110705685
  return (x ~ (x >> 31)) & 0x3FFFFFFFFFFFFFFF | 1
end

-- Starts the game again from the start of the variant.  The game is
-- marked broken first, so that when the variant's hooks fail (or run out
-- of the command's budget) no game of the rules before is searched.
local function restart(e)
  e.game, e.broken = nil, {message = "the variant's start could not be set up", p1turn = true,
                           result = "none"}
  e.game, e.broken = new_game(e.variant_value), nil
end

local setters = {}

-- Variant and Player take only the names `ugi` lists: a path would run a
-- Lua file with the engine's rights at the word of whoever drives it.
function setters.variant(e, value)
  local name = canonical(variants(), value)
  if not name then
    return info(e, "error: Variant " .. short(value) .. " is not one of the variants ugi lists " ..
                "(a variant of one's own goes in the variants/ folder of a directory on " ..
                "MUTORERE_PATH, or is sent whole in VariantDefinition)")
  end
  if name == e.variant and not e.defined then return end
  local ok, v = pcall(make_variant, name, e.arms)
  if not ok then return info(e, "error: Variant " .. short(value) .. ": " .. message(v)) end
  e.variant, e.variant_value, e.defined = name, v, nil
  restart(e)
end

-- The text of a VariantDefinition value: %XX written bytes decoded; nil
-- and why when a % is not followed by two hexadecimal digits.
local function decoded(value)
  local bad = find(gsub(value, "%%%x%x", ""), "%", 1, true)
  if bad then return nil, "a % that is not followed by two hexadecimal digits" end
  return (gsub(value, "%%(%x%x)", function(h) return char(tonumber(h, 16)) end))
end

-- The variant a definition's text makes: the text run as a variant file
-- in the sandbox (no files, no programs, a budget of time and memory),
-- its table made a Variant there.  Hooks (Lua functions the engine would
-- call later, outside that budget) only when the whole engine runs in the
-- sandbox (--safe).  Raises with why it is refused.
local function defined_variant(text)
  local ok, v = sandbox(function(source)
    local chunk, err = load(source, "=VariantDefinition", "t")
    if not chunk then error(err, 0) end
    local t = chunk()
    if type(t) ~= "table" then error("it must return a table, not " .. type(t), 0) end
    return mt.variant(t) -- luacheck: ignore 113 (the sandbox's own mt)
  end, {time = DEFINITION_BUDGET.time, memory = DEFINITION_BUDGET.memory, args = {text}})
  if not ok then error(v, 0) end
  if v.hooked and not sandboxed() then
    error("variant " .. v.name .. " has Lua hooks: an engine takes them only when it runs in " ..
          "the sandbox (mutorere --ugi --safe)", 0)
  end
  return v
end

-- VariantDefinition: a whole variant file, on one line (% written %25, a
-- line break %0A...); empty: back to the Variant option's variant.
function setters.variantdefinition(e, value)
  if value == "" or value == "<empty>" then
    if not e.defined then return end
    local ok, v = pcall(make_variant, e.variant, e.arms)
    if not ok then return info(e, "error: VariantDefinition: " .. message(v)) end
    e.variant_value, e.defined = v, nil
    return restart(e)
  end
  local text, why = decoded(value)
  if not text then return info(e, "error: VariantDefinition: " .. why) end
  local ok, v = pcall(defined_variant, text)
  if not ok then return info(e, "error: VariantDefinition: " .. message(v)) end
  e.variant_value, e.defined = v, true
  restart(e)
end

function setters.arms(e, value)
  local n = digits(value)
  if not n or n < 4 or n > 64 or n % 2 ~= 0 then
    return info(e, "error: Arms must be an even number from 4 to 64, in digits, not '" ..
                short(value) .. "'")
  end
  if e.defined or n == e.variant_value.arms or e.variant_value.points then
    e.arms = n -- (a definition gives its own board)
    return
  end
  local ok, v = pcall(make_variant, e.variant, n)
  if not ok then return info(e, "error: Arms " .. n .. ": " .. message(v)) end
  e.arms, e.variant_value = n, v
  restart(e)
end

function setters.player(e, value)
  local name = canonical(players(), value)
  if not name then
    return info(e, "error: Player " .. short(value) .. " is not one of the players ugi lists " ..
                "(a player of one's own goes in the ai/ folder of a directory on MUTORERE_PATH)")
  end
  local ok, p = pcall(make_player, name)
  if not ok then return info(e, "error: Player " .. short(value) .. ": " .. message(p)) end
  e.player_name, e.player = name, p
  reset(p, game_seed(e))
end

function setters.depth(e, value)
  local n, why = spin(value, 0, MAX_DEPTH)
  if not n then return info(e, "error: Depth " .. why) end
  e.depth = n
end

function setters.seed(e, value)
  local n, why = spin(value, 0, MAX_SEED)
  if not n then return info(e, "error: Seed " .. why) end
  e.seed, e.base_seed, e.games = n, n == 0 and clock_seed() or n, 0
  if e.player then reset(e.player, game_seed(e)) end
end

function setters.moveoverhead(e, value)
  local n, why = spin(value, 0, 10000)
  if not n then return info(e, "error: MoveOverhead " .. why) end
  e.overhead = n
end

-- The options as `ugi` lists them (default(e) gives the current default;
-- an option with shown(e) false is left out: Arms on a board of points).
local OPTIONS = {
  {name = "Variant", type = "combo", default = function() return "standard" end,
   vars = variants},
  {name = "Arms", type = "spin", min = 4, max = 64,
   default = function(e) return e.variant_value.arms end,
   shown = function(e) return not e.variant_value.points end},
  {name = "VariantDefinition", type = "string", default = function() return "<empty>" end},
  {name = "Player", type = "combo", default = function() return "alphabeta" end,
   vars = players},
  {name = "Depth", type = "spin", min = 0, max = MAX_DEPTH, default = function() return 0 end},
  {name = "Seed", type = "spin", min = 0, max = MAX_SEED, default = function() return 0 end},
  {name = "MoveOverhead", type = "spin", min = 0, max = 10000,
   default = function() return 20 end},
}

-- --- positions ---

-- Whose turn a position command would give, read from its words as far
-- as they go (for a position that cannot be set up): true for player 1.
local function guessed_p1turn(words)
  local p1, i = true, 2
  if words[1] == "fen" then
    while words[i] and words[i] ~= "moves" do
      if (words[i] == "w" or words[i] == "b") and i > 2 then p1 = words[i] == "b" end
      i = i + 1
    end
  end
  if words[i] == "moves" then
    for _ = i + 1, #words do p1 = not p1 end
  end
  return p1
end

-- Sets up the game of a position command's words: the game, or nil and
-- what went wrong {message, p1turn, result}.
local function set_up(e, words)
  local g, i
  if words[1] == "startpos" then
    local ok, made = pcall(new_game, e.variant_value)
    if not ok then
      return nil, {message = message(made), p1turn = true, result = "none"}
    end
    g, i = made, 2
  elseif words[1] == "fen" then
    local text = {}
    i = 2
    while words[i] and words[i] ~= "moves" do text[#text + 1] = words[i]; i = i + 1 end
    local ok, made = pcall(new_game, e.variant_value, concat(text, " "))
    if not ok then
      return nil, {message = message(made), p1turn = guessed_p1turn(words), result = "none"}
    end
    g = made
  else
    return nil, {message = "position reads: position startpos|fen <position> [moves ...]",
                 p1turn = guessed_p1turn(words), result = "none"}
  end
  if words[i] ~= nil and words[i] ~= "moves" then
    return nil, {message = "position: 'moves' expected, not '" .. short(words[i]) .. "'",
                 p1turn = guessed_p1turn(words), result = "none"}
  end
  for j = i + 1, #words do
    if g:result() then
      info(e, format("ignoring %d move(s) after the end of the game", #words - j + 1))
      break
    end
    local side = g:turn()
    local ok, err = pcall(g.play, g, words[j])
    if not ok then -- the side that played it loses
      return nil, {message = format("move %d (%s): %s", j - i, short(words[j]), message(err)),
                   p1turn = side == "white",
                   result = side == "black" and "p2win" or "p1win"}
    end
  end
  return g
end

-- --- searches ---

-- The seconds kept back, out of t, for the answer after a cut-off: the
-- move overhead (at most half of t), or 1.25 times the longest an answer
-- after a cut-off has lately taken when that is more (e.need: on a loaded
-- machine the engine, busy searching, is woken late, and that, not the
-- quick search, is what the answer waits for), up to a quarter of t.
local function kept(e, t)
  local overhead = min(e.overhead / 1000, t / 2)
  return max(overhead, min(1.25 * e.need, t / 4))
end

-- The time to think about a move, in seconds: the time a player aims at,
-- the most it may take (then it is cut off) and what that keeps back for
-- the answer; nil without a clock or a move time.
local function think_time(e, o)
  local overhead = e.overhead / 1000
  if o.movetime then
    local t = o.movetime / 1000
    local keep = kept(e, t)
    local hard = max(0.001, t - keep)
    return max(0.001, hard * 0.85), hard, keep
  end
  local mine = e.game:turn() == "black" and "p1" or "p2"
  local left = o[mine .. "time"]
  if not left then return nil end
  local keep = kept(e, max(0, left / 1000))
  left = max(0, left / 1000 - overhead)
  local inc = (o[mine .. "inc"] or 0) / 1000
  local aim = max(0.001, min(left / 10, left / max(1, o.movestogo or 30) + inc / 2))
  local hard = max(aim, min(left / 4, aim * 2, max(0.001, left + overhead - keep)))
  return min(aim, hard), hard, keep
end

-- The words of a go command that take a number, and what they mean.
local GO_NUMBERS = {p1time = "p1time", p2time = "p2time", p1inc = "p1inc", p2inc = "p2inc",
                    btime = "p1time", wtime = "p2time", binc = "p1inc", winc = "p2inc",
                    movetime = "movetime", depth = "depth", nodes = "nodes",
                    movestogo = "movestogo"}

-- Reads a go command's words: {p1time, ..., depth, nodes, infinite}.
local function go_words(e, words)
  local o, i = {}, 1
  while i <= #words do
    local w = words[i]
    if w == "infinite" or w == "ponder" then
      o.infinite = true
      if w == "ponder" then o.ponder = true end
      i = i + 1
    elseif GO_NUMBERS[w] then
      local n = digits(words[i + 1] or "")
      local least = (w == "depth" or w == "nodes" or w == "movestogo") and 1 or 0
      if not n or n < least then
        info(e, format("go: %s needs a whole number from %d, in digits, not '%s' (ignored)", w, least,
                       short(words[i + 1] or "")))
      else
        o[GO_NUMBERS[w]] = n
      end
      i = i + 2
    else
      info(e, "go: unknown word '" .. short(w) .. "' ignored")
      i = i + 1
    end
  end
  return o
end

-- A line read during a search: stop, quit (and ponderhit) are answered at
-- once, and so is isready when nothing waits ahead of it (UCI wants it
-- answered during a search; after queued commands, it waits for them);
-- the rest waits in the queue.  The end of the input lets a search with a
-- limit of its own finish and stops one without (e.unbounded).
local function during_search(e, line, note)
  if line == nil then
    e.ended = true
    if e.unbounded then e.stopped = true end
    return
  end
  if line == false then return info(e, note) end
  local word = match(line, "^%s*(%S*)")
  if word == "isready" and #e.queue == 0 then
    send(e, "readyok")
  elseif word == "stop" or (word == "ponderhit" and e.pondering) then
    e.stopped = true
  elseif word == "quit" then
    e.stopped, e.quitting = true, true
  elseif e.queued + #line > MAX_QUEUED then
    e.dropped = e.dropped + 1
  else
    e.queue[#e.queue + 1] = line
    e.queued = e.queued + #line
  end
end

-- Reads the lines that are ready (without waiting).
local function poll_input(e)
  while not e.stopped and not e.ended do
    local line, note = e.input(false)
    if line == false and not note then return end
    during_search(e, line, note)
  end
end

-- The stop function of a search: true once stop or quit came, or past the
-- deadline; it reads the input now and then.
local function stopper(e, deadline)
  local next_poll = 0
  return function()
    if e.stopped or e.failed then return true end
    local now = clock()
    if deadline and now > deadline then return true end
    if now >= next_poll then
      next_poll = now + POLL_INTERVAL
      poll_input(e)
    end
    return e.stopped
  end
end

-- A move found quickly, when the player failed: a shallow search, else
-- the first move.
local function quick_move(g)
  local ok, r = pcall(search, g, {depth = 2})
  if ok then return r.move end
  return g:moves()[1]
end

-- A number fit to print, or nil.
local function number(x)
  if type(x) == "number" and x == x and x > -huge and x < huge then return x end
end

-- The info line of a search: what the player found, the time taken.
local function info_line(found, seconds)
  local parts = {"info"}
  local function add(...)
    for _, x in ipairs({...}) do parts[#parts + 1] = x end
  end
  found = type(found) == "table" and found or {}
  local depth, mate, score = number(found.depth), number(found.mate), number(found.score)
  local nodes = number(found.nodes)
  if nodes == 0 then mate, score = nil, nil end -- stopped before it searched
  if depth then add("depth", format("%d", floor(depth))) end
  if mate and floor(mate) ~= 0 then -- plies to the end, as UCI counts moves
    local moves = (floor(abs(mate)) + 1) // 2
    add("score", "mate", format("%d", mate > 0 and moves or -moves))
  elseif score then
    add("score", "cp", format("%d", floor(max(-1e6, min(1e6, score * 100)) + 0.5)))
  end
  if nodes then add("nodes", format("%d", floor(nodes))) end
  local ms = floor(seconds * 1000 + 0.5)
  add("time", format("%d", ms))
  if nodes then add("nps", format("%d", floor(nodes / max(seconds, 0.001)))) end
  if type(found.pv) == "table" then
    local pv = {}
    for _, m in ipairs(found.pv) do
      if type(m) ~= "string" or not match(m, "^[%w%-]+$") or #pv >= MAX_DEPTH then break end
      pv[#pv + 1] = m
    end
    if #pv > 0 then add("pv", concat(pv, " ")) end
  end
  return concat(parts, " ")
end

-- Why the player's move was not taken, for an info string: "error: ..."
-- but when the engine's safety net cut it off at the end of its time hard
-- (timed_out), keeping back keep seconds for the answer, an ordinary event
-- on a short clock.
local function fallback_note(e, err, hard, keep, timed_out)
  local name = short(e.player_name)
  if timed_out and match(message(err), "^the time budget %(") then
    return format("player %s did not answer within %.3f s (%d ms kept back for the answer)", name,
                  hard, floor(keep * 1000 + 0.5))
  end
  return "error: player " .. name .. ": " .. message(err)
end

-- The player of the engine (made when first needed).
local function player(e)
  if not e.player then
    e.player = make_player(e.player_name)
    reset(e.player, game_seed(e))
  end
  return e.player
end

-- The move to answer a go with ("0000" when there is none).
local function best_move(e, o)
  if e.broken then
    info(e, "error: no position to search (" .. e.broken.message .. ")")
    return "0000"
  end
  local g = e.game
  local over, reason = g:result()
  if over then
    info(e, "the game is over (" .. tostring(reason) .. ")")
    return "0000"
  end
  local limits = {}
  if o.depth then limits.depth = min(o.depth, MAX_DEPTH)
  elseif e.depth > 0 then limits.depth = e.depth end
  limits.nodes = o.nodes
  local hard, keep
  local start = clock()
  if e.unbounded then
    limits.infinite = true
  else
    limits.time, hard, keep = think_time(e, o)
  end
  limits.stop = stopper(e, limits.time and start + limits.time)
  local ok, move, found = pcall(player, e)
  if ok then
    local p = move
    if hard then
      ok, move, found = limit({time = hard}, choose, p, g, limits)
    else
      ok, move, found = pcall(choose, p, g, limits)
    end
  end
  if ok and not pcall(g.play, g:copy(), move) then
    ok, move = false, "an illegal move: " .. short(move)
  end
  if not ok then
    local timed_out = hard and clock() - start >= hard
    if timed_out then e.cut_at = start + hard end -- go measures the answer's delay
    local fallback = quick_move(g)
    info(e, fallback_note(e, move, hard, keep, timed_out) ..
         "; playing " .. fallback .. " from a quick search instead")
    return fallback
  end
  send(e, info_line(found, clock() - start))
  return move
end

-- --- the commands ---

local commands = {}

function commands.ugi(e)
  send(e, "id name " .. NAME)
  send(e, "id author the mutorere developers")
  for _, o in ipairs(OPTIONS) do
    if not o.shown or o.shown(e) then
      local line = format("option name %s type %s default %s", o.name, o.type,
                          tostring(o.default(e)))
      if o.vars then line = line .. " var " .. concat(o.vars(), " var ") end
      if o.min then line = line .. format(" min %d max %d", o.min, o.max) end
      send(e, line)
    end
  end
  send(e, "ugiok")
end

-- Readies the player for a game, outside any clock (as UCI has isready
-- for slow set-up): the perfect player solves the variant now.
local function prepare(e)
  local p = player(e)
  local v = e.variant_value
  if type(p.definition) ~= "table" or p.definition.engine ~= "perfect" or e.solved[v] then
    return
  end
  e.solved[v] = true
  local ok, err = pcall(solve, v)
  if ok then p.unsolved = nil end -- its memory of solves that did not fit
  if not ok then
    info(e, "the perfect player cannot solve this board (" .. message(err) ..
         "): it will search instead")
  end
end

function commands.isready(e)
  local ok, err = pcall(prepare, e)
  if not ok then info(e, "error: " .. message(err)) end
  send(e, "readyok")
end

function commands.uginewgame(e)
  e.games = e.games + 1
  if e.player then reset(e.player, game_seed(e)) end
  restart(e)
end

function commands.quit(e) e.quitting = true end

function commands.stop() end -- no search runs between commands

function commands.ponderhit() end -- likewise

function commands.debug() end -- nothing more to say

-- text without the white space at either end.  In one pass: a pattern
-- such as "^%s*(.-)%s*$" backtracks over a run of spaces again from each
-- place in it, and a line of a megabyte takes hours.
local function trim(text)
  local first = find(text, "%S")
  return first and sub(text, first, match(text, "^.*()%S")) or ""
end

-- The name and the value of a setoption line's words after "setoption"
-- (the name is what stands before the first word "value"); nil when there
-- is no name, and the name alone when there is no value.  In one pass, as
-- trim.
local function name_and_value(rest)
  local after = match(rest, "^name(%s.*)$")
  if not after then return nil end
  local at = find(after, "%svalue%s")
  if not at then return trim(after) end
  return trim(sub(after, 1, at)), trim(sub(after, at + 6))
end

-- setoption name <name> value <value> (names in any case)
function commands.setoption(e, _, line)
  local name, value = name_and_value(trim(match(line, "^%s*setoption(.*)$") or ""))
  if not value then
    if name then return info(e, "setoption: option " .. short(name) .. " needs a value") end
    return info(e, "setoption reads: setoption name <name> value <value>")
  end
  local set = setters[lower(name)]
  if not set then
    local names = {}
    for i, o in ipairs(OPTIONS) do names[i] = o.name end
    return info(e, "unknown option " .. short(name) .. " (options: " .. concat(names, ", ") .. ")")
  end
  set(e, value)
end

-- position startpos|fen <position> [moves <move> ...]
function commands.position(e, words)
  e.game, e.broken = nil, {message = "the position could not be set up", p1turn = true,
                           result = "none"} -- until it is (a hook may not return)
  local g, broken = set_up(e, words)
  e.game, e.broken = g, broken
  if broken then info(e, "error: " .. broken.message) end
end

-- True when a go command's words set no limit: the search runs until stop
-- (or until it ends by itself, when not infinite), as UCI has it.
local function unbounded(o)
  return o.infinite or not (o.p1time or o.p2time or o.movetime or o.depth or o.nodes)
end

-- go [p1time <ms> p2time <ms> p1inc <ms> p2inc <ms> movestogo <n>]
--    [movetime <ms>] [depth <plies>] [nodes <n>] [infinite]
function commands.go(e, words)
  local o = go_words(e, words)
  e.unbounded, e.pondering = unbounded(o), o.ponder
  e.stopped = e.ended and e.unbounded
  if o.ponder then info(e, "no pondering: searching until stop or ponderhit") end
  local ok, move = pcall(best_move, e, o)
  if not ok then
    info(e, "error: " .. message(move))
    move = "0000"
  end
  while o.infinite and not e.stopped and not e.ended do -- it ends on stop
    during_search(e, e.input(true))
  end
  if e.dropped > 0 then
    info(e, format("%d line(s) read during the search were dropped: too many", e.dropped))
    e.dropped = 0
  end
  send(e, "bestmove " .. move)
  -- how long the answer took after a cut-off, for the next moves' margins
  -- (it fades by a tenth a move)
  e.need = e.cut_at and max(clock() - e.cut_at, e.need * 0.9) or e.need * 0.9
  e.cut_at = nil
end

local RESULTS = {black = "p1win", white = "p2win", draw = "draw"}

-- query gameover|p1turn|result
function commands.query(e, words)
  local g, b, q = e.game, e.broken, words[1]
  if q == "gameover" then
    send(e, "response " .. tostring(b ~= nil or g:result() ~= nil))
  elseif q == "p1turn" then
    if b then return send(e, "response " .. tostring(b.p1turn)) end
    send(e, "response " .. tostring(g:turn() == "black"))
  elseif q == "result" then
    send(e, "response " .. (b and b.result or RESULTS[g:result() or ""] or "none"))
  else
    info(e, "unknown query " .. short(q or "") .. " (queries: gameover, p1turn, result)")
    send(e, "response unknown")
  end
end

-- Runs one line.
local function dispatch(e, line)
  local words = {}
  for w in gmatch(line, "%S+") do words[#words + 1] = w end
  local name = remove(words, 1)
  if not name then return end
  local f = commands[name]
  if not f then return info(e, "unknown command " .. short(name)) end
  f(e, words, line)
end

-- The next line to run: a queued one first.
local function next_line(e)
  if #e.queue > 0 then
    local line = remove(e.queue, 1)
    e.queued = e.queued - #line
    return line
  end
  if e.ended then return nil end
  return e.input(true)
end

-- Runs one line of the protocol, within the time budget of a chunk
-- (seconds, the program's --limit or --safe's) when there is one: a
-- hook that never returns costs that command, not the engine.  Returns
-- true, or false and the error.
local function run_line(e, line, seconds)
  if seconds then return limit({time = seconds}, dispatch, e, line) end
  return pcall(dispatch, e, line)
end

-- run(input, output, seconds): speaks the protocol until quit or the end
-- of the input, each command within seconds when given.  Returns nil, or
-- the error that stopped the output.
return function(input, output, seconds)
  local e = {input = input, output = output, variant = "standard", player_name = "alphabeta",
             depth = 0, seed = 0, base_seed = clock_seed(), games = 0, overhead = 20, need = 0,
             queue = {}, queued = 0, dropped = 0, quitting = false, stopped = false,
             ended = false, solved = setmetatable({}, {__mode = "k"})}
  e.variant_value = make_variant(e.variant)
  restart(e)
  while not e.quitting do
    local line, note = next_line(e)
    if line == nil then break end
    if line == false then
      if note then info(e, note) end
    else
      local ok, err = run_line(e, line, seconds)
      if not ok then info(e, "error: " .. message(err)) end
    end
  end
  return e.failed
end

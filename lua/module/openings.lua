-- openings.lua — openings, so that players that always answer alike still
-- play different games.  An opening is a Game standing after its moves:
-- where it starts (g:start()) and the moves played (g:history()); the two
-- games of a pair go on from it, colours swapped.  mt.openings lists the
-- distinct states some plies from a variant's start; matches also take
-- lists of positions, records and Games, or a file of them.
local M, _, shared = ...

local MAX_LAYER = 20000 -- states of one ply listed outright; beyond, drawn at random
local MAX_LINES = 5000 -- lines of one ply followed apart under a repetition rule
local OPENINGS_OPTIONS = {plies = "integer", balanced = "boolean", count = "integer",
                          seed = "integer"}

-- Checks option key of argument 2 of mt.openings, x: nil or a whole
-- number from low to high.
local function whole(x, key, low, high)
  return shared.check_option(x == nil or x >= low and x <= high, 2, "openings", key,
                             string.format("a whole number from %d to %d", low, high), x)
end

-- How many times key occurs on the line that ends at entry.
local function occurrences(entry, key)
  local n = 0
  while entry do
    if entry.key == key then n = n + 1 end
    entry = entry.parent
  end
  return n
end

-- The moves of the line that ends at entry.
local function line_moves(entry)
  local back = {}
  while entry.parent do
    back[#back + 1] = entry.move
    entry = entry.parent
  end
  local moves = {}
  for i = #back, 1, -1 do moves[#moves + 1] = back[i] end
  return moves
end

-- A number for each state met (from a fixed sequence), whose sums stand
-- for the states a line has met: the same sum, the same states as often.
local function state_numbers()
  local numbers, x = {}, 0x2545F4914F6CDD1D
  return function(key)
    local n = numbers[key]
    if not n then
      x = x ~ (x << 13)
      x = x ~ (x >> 7)
      x = x ~ (x << 17)
      n = x
      numbers[key] = n
    end
    return n
  end
end

-- The distinct states exactly plies plies from v's start, in breadth-first
-- order, each {p, h, moves}: the moves of a line to it that repeats as few
-- states as can be (the first such found), none that repeats one to a
-- draw; nil when a ply holds more than MAX_LAYER states.  With lines = n,
-- under a repetition rule, a state is followed once for each set of states
-- its lines have met (a line that has not met a state may go on through it
-- where another may not); nil too when a ply holds more than n such lines.
local function layer(v, plies, lines_cap)
  local draw_at = v:parameters().repetition
  local every_line = lines_cap and draw_at > 0
  local number = state_numbers()
  local key0 = shared.state_key(v, v.start, {})
  local root = {p = v.start, h = {}, key = key0, repeats = 0, met = number(key0)}
  local states, lines = {root}, {root}
  for _ = 1, plies do
    local following, index, followed, seen = {}, {}, {}, {}
    for _, s in ipairs(lines) do
      for _, c in ipairs(shared.state_children(v, s.p, s.h)) do
        local key = shared.state_key(v, c.position, c.history)
        local before = occurrences(s, key)
        if draw_at == 0 or before + 1 < draw_at then
          local entry = {p = c.position, h = c.history, key = key, parent = s, move = c.move,
                         repeats = s.repeats + (before > 0 and 1 or 0),
                         met = s.met + number(key)}
          local at = index[key]
          if not at then
            following[#following + 1], index[key] = entry, #following + 1
            if #following > MAX_LAYER then return nil end
          elseif entry.repeats < following[at].repeats then
            following[at] = entry
          end
          if every_line then
            local context = key .. " " .. entry.met
            if not seen[context] then
              seen[context], followed[#followed + 1] = true, entry
              if #followed > lines_cap then return nil end
            end
          end
        end
      end
    end
    states, lines = following, every_line and followed or following
  end
  for _, s in ipairs(states) do s.moves = line_moves(s) end
  return states
end

-- The Game of v that starts at start (text) and plays moves; nil when
-- the game is over after them, or on the way (a repetition).
local function opening_game(v, start, moves)
  local g = M.game(v, start)
  for _, m in ipairs(moves) do
    if g:result() then return nil end
    g:play(m)
  end
  if g:result() then return nil end
  return g
end

-- The children of state (p, h) that do not end the game.
local function going_on(v, p, h)
  local out = {}
  for _, c in ipairs(shared.state_children(v, p, h)) do
    if not shared.state_outcome(v, c.position, c.history) then out[#out + 1] = c end
  end
  return out
end

-- Up to count openings (Games) of distinct states plies plies from v's
-- start that keep(p, h) accepts, reached by random lines (each move drawn
-- uniformly among those that do not end the game; a line with none left,
-- or that repeats a position to a draw, is drawn again), at most 100
-- lines an opening.
local function sample(v, plies, count, rng, keep)
  local found, seen = {}, {}
  for _ = 1, count * 100 do
    if #found >= count then break end
    local p, h, moves = v.start, {}, {}
    for _ = 1, plies do
      local children = going_on(v, p, h)
      if #children == 0 then break end
      local c = children[rng(#children)]
      p, h, moves[#moves + 1] = c.position, c.history, c.move
    end
    local key = shared.state_key(v, p, h)
    if #moves == plies and not seen[key] and keep(p, h) then
      seen[key] = true
      found[#found + 1] = opening_game(v, tostring(v.start), moves)
    end
  end
  return found
end

-- Reads the options of mt.openings.
local function openings_options(o)
  shared.check_arg(type(o) == "table", 2, "openings", "table {plies = k, ...}", o)
  o = shared.options(o, 2, "openings", OPENINGS_OPTIONS)
  shared.check_option(o.plies ~= nil, 2, "openings", "plies", "a whole number from 0 to 200",
                      o.plies)
  return {plies = whole(o.plies, "plies", 0, 200), balanced = o.balanced,
          count = whole(o.count, "count", 1, 1000000),
          seed = whole(o.seed, "seed", -(1 << 62), 1 << 62) or 1}
end

-- mt.openings(variant, {plies, balanced, count, seed}): the distinct
-- states plies plies from the start as Games (see doc/api.md).
function M.openings(variant, options)
  local v = shared.as_argument(1, "openings", M.variant, variant)
  local o = openings_options(options)
  local keep = function() return true end
  if o.balanced then
    local s = M.solve(v)
    keep = function(p, h) return shared.state_lookup(s, p, h) == "draw" end
  end
  local rng = shared.rng(o.seed)
  -- every line followed while there are few, else one line a state
  local states = layer(v, o.plies, MAX_LINES)
  -- (without a repetition rule a line is a state: that listing was the one)
  if not states and v:parameters().repetition > 0 then states = layer(v, o.plies) end
  if not states and o.count then return sample(v, o.plies, o.count, rng, keep) end
  if not states then
    shared.arg_error(2, "openings", string.format("more than %d states lie %d plies from " ..
                                                  "the start: give a count", MAX_LAYER, o.plies))
  end
  local kept = {}
  for _, s in ipairs(states) do
    if not shared.state_outcome(v, s.p, s.h) and keep(s.p, s.h) then kept[#kept + 1] = s end
  end
  if o.count then -- a random sample, in random order
    for i = #kept, 2, -1 do
      local j = rng(i)
      kept[i], kept[j] = kept[j], kept[i]
    end
  end
  local list, start = {}, tostring(v.start)
  for _, s in ipairs(kept) do
    if #list == o.count then break end
    -- (a line of the layer never ends the game on the way)
    list[#list + 1] = opening_game(v, start, s.moves) or
                      error("mt.openings: a line ends the game: " .. table.concat(s.moves, " "))
  end
  return list
end

-- --- the openings option of matches and tournaments ---

-- The start and moves of a game: its start as text, or nil when it is its
-- variant's own start (which the opening then takes in every variant).
local function game_line(g)
  local start = g:start()
  if start == tostring(g:variant().start) then start = nil end
  return start, g:history()
end

-- The start (text, or nil: the variant's) and moves of opening x: a Game,
-- a Position, or text (a position, else a record).
local function opening_line(x)
  if M.type(x) == "Game" then return game_line(x) end
  if M.type(x) == "Position" then return tostring(x), {} end
  if type(x) ~= "string" then
    error("an opening is a Game, a Position, a position or a record, not a " .. type(x), 0)
  end
  local ok, p = pcall(M.position, x)
  if ok then return tostring(p), {} end
  return game_line(M.from_record(x))
end

-- line without the white space at either end, in one pass ("^%s*(.-)%s*$"
-- goes over a run of spaces again from each place in it: hours for a
-- line of a megabyte).
local function trim(line)
  local first = line:find("%S")
  return first and line:sub(first, line:match("^.*()%S")) or ""
end

-- Splits the text of a file of openings into positions (one a line) and
-- records: a record ends at a blank line or a tag line after its moves.
local function split_openings(text)
  local items, current, moves = {}, {}, false
  local function flush()
    if #current > 0 then items[#items + 1] = table.concat(current, "\n") end
    current, moves = {}, false
  end
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local bare = trim(line)
    local is_tag = bare:sub(1, 1) == "["
    if (bare == "" or is_tag) and moves then flush() end
    if bare ~= "" then
      if #current == 0 and not is_tag and pcall(M.position, bare) then
        items[#items + 1] = bare
      else
        current[#current + 1] = line
        moves = moves or not is_tag
      end
    end
  end
  flush()
  return items
end

-- Reads a file of openings: its items (positions and records), as text.
local function read_openings(path)
  shared.no_files_in_sandbox("reading openings from a file")
  local text, err = shared.read_file(path)
  if not text then error("cannot read the openings file " .. tostring(err), 0) end
  return split_openings(text)
end

-- shared.match_openings(v, spec, count, seed, n, name): the openings of a
-- match on v as Games of v, from its openings option (of argument n of
-- function name): {plies = k, balanced} (count distinct ones drawn from
-- seed), a list, or a file path; nil for none.
function shared.match_openings(v, spec, count, seed, n, name)
  if spec == nil or spec == false then return nil end
  local function bad(reason) shared.arg_error(n, name, "option openings: " .. reason) end
  local list
  if type(spec) == "table" and spec.plies ~= nil then
    shared.as_option(n, name, "openings", shared.options, spec, 1, "openings",
                     {plies = "integer", balanced = "boolean"})
    list = shared.as_option(n, name, "openings", M.openings, v,
                            {plies = spec.plies, balanced = spec.balanced, count = count,
                             seed = seed})
    if #list == 0 then
      bad(string.format("no %sopening of %d plies in %s", spec.balanced and "balanced " or "",
                        spec.plies, v.name))
    end
    return list
  end
  list = type(spec) == "string" and read_openings(spec) or spec
  shared.check_option(type(list) == "table" and #list > 0, n, name, "openings",
                      "{plies = k [, balanced = true]}, a list of openings or a file of them",
                      spec)
  local games = {}
  for i, x in ipairs(list) do
    local ok, g = pcall(function()
      local start, moves = opening_line(x)
      return opening_game(v, start or tostring(v.start), moves)
    end)
    if not ok or not g then
      bad(string.format("opening %d: %s", i, ok and "the game is over after it" or
                        shared.reason(g)))
    end
    games[i] = g
  end
  return games
end

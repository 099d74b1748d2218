-- gamefiles.lua — files of games.  A match or a tournament given file =
-- PATH appends each game to it as a record the moment the game ends (one
-- write each, so that workers appending at once never mix their games):
-- the players, the variant, the opening, the result and how it came
-- (Termination: blocked, repetition, time, crash, adjudicated...), the
-- clock; mt.load_games(PATH) reads such a file back as Games, and resume
-- takes from it the games a match already played.  A file of games is
-- data: reading it never runs code.
local M, _, shared = ...

local RESULT_TOKENS = {black = "1-0", white = "0-1", draw = "1/2-1/2"}
local WINNERS = {["1-0"] = "black", ["0-1"] = "white", ["1/2-1/2"] = "draw"}
local VALUE_MAX = 200 -- bytes of a free-text tag (a record holds 255)

-- shared.tag_value(text): text fit for a tag: one line (control
-- characters made spaces), at most VALUE_MAX bytes, cut at a character.
function shared.tag_value(text)
  text = tostring(text):gsub("%c", " ")
  if #text <= VALUE_MAX then return text end
  local cut = VALUE_MAX
  while cut > 1 and (text:byte(cut + 1) or 0) & 0xC0 == 0x80 do cut = cut - 1 end
  return text:sub(1, cut)
end

-- The tags of a played game's record r in a match (info: {event, seed}).
local function game_tags(info, r)
  local tags = {Event = info.event, Black = shared.tag_value(r.black),
                White = shared.tag_value(r.white), Game = r.game, Seed = info.seed,
                Opening = r.opening, Termination = r.reason, Result = RESULT_TOKENS[r.result]}
  if r.error then tags.Error = shared.tag_value(r.error) end
  if r.clock then
    tags.TimeControl = shared.clock_text(r.clock)
    tags.BlackClock = string.format("%.3f", r.clocks.black)
    tags.WhiteClock = string.format("%.3f", r.clocks.white)
  end
  if r.adjudicated then
    tags.Adjudicated = string.format("%s wins in %d", r.adjudicated.winner, r.adjudicated.distance)
  end
  return tags
end

-- shared.game_record_text(info, r, g): the record of game g, played as
-- record r of a match (info: {event, seed}), with a blank line after it.
function shared.game_record_text(info, r, g)
  local own = g:tags()
  for k in next, own do own[k] = nil end -- an opening's tags are not this game's
  return g:record(game_tags(info, r)) .. "\n"
end

-- shared.append_game(path, text): appends a game's text to the file at
-- path; raises when it cannot.
function shared.append_game(path, text)
  local ok, why = shared.append_file(path, text)
  if not ok then error("cannot write the game to " .. why, 0) end
end

-- shared.check_game_file(path, v, n, name): checks option file of
-- argument n of function name before any game: files are allowed, the
-- path can be appended to, and a record can hold variant v.
function shared.check_game_file(path, v, n, name)
  shared.no_files_in_sandbox("writing games to a file")
  shared.as_option(n, name, "file", function() return M.game(v):record() end)
  local kind = shared.file_type(path)
  if kind and kind ~= "file" then
    shared.arg_error(n, name, string.format("option file: %s is a %s, not a regular file",
                                            path, kind == "link" and "link to nothing" or kind))
  end
  local ok, why = shared.append_file(path, "")
  if not ok then shared.arg_error(n, name, "option file: cannot write to " .. why) end
end

-- line without the white space at either end, in one pass ("^%s*(.-)%s*$"
-- goes over a run of spaces again from each place in it: hours for a
-- line of a megabyte).
local function trim(line)
  local first = line:find("%S")
  return first and line:sub(first, line:match("^.*()%S")) or ""
end

-- Splits the text of a file of games into records, each {text, line}: a
-- record is its tag lines and the moves after them; the next begins at a
-- tag line after moves.
local function split_records(text)
  local records, current, moves, first = {}, {}, false, 1
  local number = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    number = number + 1
    local bare = trim(line)
    local is_tag = bare:sub(1, 1) == "["
    if is_tag and moves then
      records[#records + 1] = {text = table.concat(current, "\n"), line = first}
      current, moves = {}, false
    end
    if #current == 0 and bare ~= "" then first = number end
    if #current > 0 or bare ~= "" then current[#current + 1] = line end
    if bare ~= "" and not is_tag then moves = true end
  end
  if #current > 0 then records[#records + 1] = {text = table.concat(current, "\n"), line = first} end
  return records
end

-- mt.load_games(path): the Games of a file of records (see doc/api.md).
function M.load_games(path)
  shared.check_arg(type(path) == "string", 1, "load_games", "string (a path)", path)
  if path:find("\0", 1, true) then shared.arg_error(1, "load_games", "the path holds a zero byte") end
  shared.no_files_in_sandbox("reading games from a file")
  local text, why = shared.read_file(path)
  if not text then error("cannot load " .. why, 2) end
  if text:find("\0", 1, true) then
    error("games " .. path .. ": not a text file (it holds a zero byte)", 2)
  end
  local games = {}
  for i, r in ipairs(split_records(text)) do
    local ok, g = pcall(M.from_record, r.text)
    if not ok then
      error(string.format("games %s: record %d (line %d): %s", path, i, r.line,
                          shared.reason(g):gsub("^record: ", "")), 2)
    end
    games[i] = g
  end
  return games
end

-- shared.game_outcome(g): the result of a game of a file: winner
-- ("black", "white", "draw") and reason (its Termination, else the
-- rules'), or nil when it is unfinished.
function shared.game_outcome(g)
  local tags = g:tags()
  local winner, reason = g:result()
  winner = winner or WINNERS[tags.Result]
  if not winner then return nil end
  return winner, tags.Termination or reason
end

-- The key of a game in a match for resuming: the match's seed, the game's
-- number, its players by colour.
function shared.resume_key(seed, game, black, white)
  return table.concat({tostring(seed), tostring(game), shared.tag_value(black),
                       shared.tag_value(white)}, "\0")
end

-- shared.finished_games(path): the finished games of the file at path
-- (none when it does not exist) by resume_key, each {game = Game, tags};
-- the first of a key is kept.
function shared.finished_games(path)
  if not shared.file_type(path) then return {} end
  local ok, games = pcall(M.load_games, path)
  if not ok then error("resume: " .. shared.reason(games), 0) end
  local by = {}
  for _, g in ipairs(games) do
    local t = g:tags()
    local seed, number = shared.whole(tonumber(t.Seed)), shared.whole(tonumber(t.Game))
    if seed and number and t.Black and t.White and shared.game_outcome(g) then
      local key = shared.resume_key(seed, number, t.Black, t.White)
      by[key] = by[key] or {game = g, tags = t}
    end
  end
  return by
end

-- shared.resumed_record(found, plan, i, v): the match record of game i
-- of a file's game found ({game, tags}) — nil when its variant is not v.
function shared.resumed_record(found, i, v)
  local g, t = found.game, found.tags
  if shared.variant_label(g:variant()) ~= shared.variant_label(v) then return nil end
  local winner, reason = shared.game_outcome(g)
  local moves = g:history()
  local r = {game = i, black = t.Black, white = t.White, result = winner, reason = reason,
             start = g:start(), moves = moves, plies = #moves, error = t.Error,
             opening = shared.whole(tonumber(t.Opening)), resumed = true}
  local black, white = tonumber(t.BlackClock), tonumber(t.WhiteClock)
  if black and white then r.clocks = {black = black, white = white} end
  local side, distance = (t.Adjudicated or ""):match("^(%a+) wins in (%d+)$")
  if side then r.adjudicated = {winner = side, distance = shared.whole(tonumber(distance))} end
  return r, g
end

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

-- The tags of a played game's record r in a match (info: {event, site,
-- seed}).
local function game_tags(info, r)
  local tags = {Event = info.event, Site = info.site, Black = shared.tag_value(r.black),
                White = shared.tag_value(r.white), Game = r.game, Seed = info.seed,
                Opening = r.opening, Termination = r.reason, Result = RESULT_TOKENS[r.result]}
  if r.error then tags.Error = shared.tag_value(r.error) end
  for k, x in next, shared.control_tags(r.controls) do tags[k] = x end
  if r.clocks then
    tags.BlackClock = r.clocks.black and string.format("%.3f", r.clocks.black)
    tags.WhiteClock = r.clocks.white and string.format("%.3f", r.clocks.white)
  end
  local a = r.adjudicated
  if a then
    tags.Adjudicated = a.distance and string.format("%s wins in %d", a.winner, a.distance)
                       or a.winner == "draw" and "draw by score"
                       or a.winner .. " wins by score"
  end
  return tags
end

-- shared.control_tags(controls): the tags of the time controls of a game
-- ({black, white}, either nil for none): TimeControl when they are the
-- same, else BlackTimeControl and WhiteTimeControl ("-" for none).
function shared.control_tags(controls)
  local b, w = (controls or {}).black, (controls or {}).white
  if not (b or w) then return {} end
  if shared.same_clock(b, w) then return {TimeControl = shared.clock_text(b)} end
  return {BlackTimeControl = b and shared.clock_text(b) or "-",
          WhiteTimeControl = w and shared.clock_text(w) or "-"}
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

local cut_partial_record -- (below)

-- shared.check_game_file(path, v, n, name): checks option file of
-- argument n of function name before any game: files are allowed, the
-- path can be appended to, and a record can hold variant v.  A record the
-- file ends inside (a full disk, a killed run) is cut off first and kept
-- in PATH.partial; returns a warning that says so, or nil.
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
  ok, why = cut_partial_record(path)
  if ok == nil then shared.arg_error(n, name, "option file: " .. why) end
  return ok or nil
end

-- line without the white space at either end, in one pass ("^%s*(.-)%s*$"
-- goes over a run of spaces again from each place in it: hours for a
-- line of a megabyte).
local function trim(line)
  local first = line:find("%S")
  return first and line:sub(first, line:match("^.*()%S")) or ""
end

-- The last word of the move text of a record (its lines after the tags,
-- comments dropped), or nil.
local function last_word(moves)
  local last = table.concat(moves, "\n"):gsub("%b{}", " "):gsub(";[^\n]*", " ")
  local stop = last:match("^.*()%S") -- anchored: one pass, whatever the text
  if not stop then return nil end
  return last:sub((last:sub(1, stop):match("^.*()%s") or 0) + 1, stop)
end

-- 1 when the move text of a record ends with a result (1-0, 0-1,
-- 1/2-1/2): a record cut short has none.
local function ends_with_result(moves)
  local token = last_word(moves)
  return token == RESULT_TOKENS.black or token == RESULT_TOKENS.white or token == RESULT_TOKENS.draw
end

-- Splits the text of a file of games into records, each {text, line,
-- ended}: a record is its tag lines and the moves after them; the next
-- begins at a tag line after moves; ended, when its moves end with a
-- result.
local function split_records(text)
  local records, current, moves, first = {}, {}, {}, 1
  local number = 0
  local function close()
    records[#records + 1] = {text = table.concat(current, "\n"), line = first,
                             ended = ends_with_result(moves)}
  end
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    number = number + 1
    local bare = trim(line)
    local is_tag = bare:sub(1, 1) == "["
    if is_tag and #moves > 0 then
      close()
      current, moves = {}, {}
    end
    if #current == 0 and bare ~= "" then first = number end
    if #current > 0 or bare ~= "" then current[#current + 1] = line end
    if bare ~= "" and not is_tag then moves[#moves + 1] = line end
  end
  if #current > 0 then close() end
  return records
end

-- Why record r (number i) of the file at path did not load (err, its
-- error): where, its lines counted in the file; for the last record of a
-- file that ends inside a line, that it may have been cut short.
local function load_error(path, i, r, err, cut)
  local function in_file(n) return tostring(r.line + tonumber(n) - 1) end
  local why = shared.reason(err):gsub("^record: ", ""):gsub("^line (%d+)", function(n)
    return "line " .. in_file(n)
  end):gsub("%(line (%d+)%)", function(n) return "(line " .. in_file(n) .. ")" end)
  return string.format("games %s: record %d (line %d): %s%s", path, i, r.line, why, cut and
                       string.format(" (the file ends inside it: cut short? remove it, from " ..
                                     "line %d)", r.line) or "")
end

-- The byte at which line number of text begins.
local function line_start(text, number)
  local at = 1
  for _ = 2, number do at = text:find("\n", at, true) + 1 end
  return at
end

-- 1 when the move text of a record ends as a record does: with a result,
-- or * (a game not finished when it was written).
local function ends_as_record(moves)
  return ends_with_result(moves) or last_word(moves) == "*"
end

-- Cuts off the record a file of games ends inside, when it ends inside
-- one (the last record's moves do not end as a record does), and the
-- records before it load: its text goes to the end of PATH.partial, the
-- file keeps the rest.  Returns a warning that says so, false when
-- nothing was cut, or nil and why it could not be done.
function cut_partial_record(path)
  local text = shared.read_file(path)
  if not text or text:find("\0", 1, true) then return false end
  local records, moves = split_records(text), {}
  local last = records[#records]
  if not last or trim(last.text):sub(1, 1) ~= "[" then return false end
  for line in last.text:gmatch("[^\n]+") do
    if trim(line) ~= "" and trim(line):sub(1, 1) ~= "[" then moves[#moves + 1] = line end
  end
  if ends_as_record(moves) then return false end
  for i = 1, #records - 1 do
    if not pcall(M.from_record, records[i].text) then return false end
  end
  local at = line_start(text, last.line)
  local aside = path .. ".partial"
  local ok, why = shared.append_file(aside, text:sub(at))
  if ok then ok, why = shared.write_file(path, text:sub(1, at - 1)) end
  if not ok then return nil, "cannot cut off its last record, cut short: " .. why end
  return string.format("%s ended inside a record (line %d, cut short): it was cut off and " ..
                       "kept in %s", path, last.line, aside)
end

-- The records of the file of games at path (argument 1 of function name),
-- each {game, ended} (see split_records); raises at the first that does
-- not load, saying where (and, for the last, that it may have been cut
-- short).
local function read_games(path, name)
  shared.check_arg(type(path) == "string", 1, name, "string (a path)", path)
  if path:find("\0", 1, true) then shared.arg_error(1, name, "the path holds a zero byte") end
  shared.no_files_in_sandbox("reading games from a file")
  local text, why = shared.read_file(path)
  if not text then error("cannot load " .. why, 3) end
  if text:find("\0", 1, true) then
    error("games " .. path .. ": not a text file (it holds a zero byte)", 3)
  end
  local records, out = split_records(text), {}
  for i, r in ipairs(records) do
    local ok, g = pcall(M.from_record, r.text)
    if not ok then
      error(load_error(path, i, r, g, i == #records and not text:find("\n%s*$")), 3)
    end
    out[i] = {game = g, ended = r.ended}
  end
  return out
end

-- mt.load_games(path): the Games of a file of records (see doc/api.md).
function M.load_games(path)
  local games = {}
  for i, r in ipairs(read_games(path, "load_games")) do games[i] = r.game end
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
-- (none when it does not exist) by resume_key, each a list of {game =
-- Game, tags, record (its number in the file), seed, number} in the
-- file's order.  A record cut short (its moves do not
-- end with a result) is not finished.
function shared.finished_games(path)
  if not shared.file_type(path) then return {} end
  local ok, records = pcall(read_games, path, "match")
  if not ok then error("resume: " .. shared.reason(records), 0) end
  local by = {}
  for i, r in ipairs(records) do
    local g = r.game
    local t = g:tags()
    local seed, number = shared.whole(tonumber(t.Seed)), shared.whole(tonumber(t.Game))
    if r.ended and seed and number and t.Black and t.White and shared.game_outcome(g) then
      local key = shared.resume_key(seed, number, t.Black, t.White)
      by[key] = by[key] or {}
      table.insert(by[key], {game = g, tags = t, record = i, seed = seed, number = number})
    end
  end
  return by
end

-- How a game that the rules did not end can end in a match (clocks.lua).
local RUNNER_ENDS = {time = true, crash = true, hang = true, ["illegal move"] = true,
                     protocol = true, error = true, adjudicated = true, ["ply cap"] = true}

-- A finite number of tag value x, else nil.
local function finite(x)
  local n = tonumber(x)
  return n and n == n and math.abs(n) < math.huge and n or nil
end

-- The texts of moves, joined.
local function moves_text(moves) return table.concat(shared.move_texts(moves), " ") end

-- The adjudication an Adjudicated tag says: {winner, distance} ("white
-- wins in 7", the solver's), {winner, by = "score"} ("white wins by
-- score", "draw by score"), or nil.
local function adjudication(text)
  text = text or ""
  local side, distance = text:match("^(%a+) wins in (%d+)$")
  if side == "black" or side == "white" then
    return {winner = side, distance = shared.whole(tonumber(distance))}
  end
  side = text:match("^(%a+) wins by score$") or (text == "draw by score" and "draw")
  if side == "black" or side == "white" or side == "draw" then
    return {winner = side, by = "score"}
  end
end

-- Why game g of a file (its tags t) is not game i as plan would play it
-- (controls: the time controls of that game, {black, white}), or nil
-- when it is: the variant, the start (or the opening the plan gives game
-- i, and its moves first), the time controls; and an end the match could
-- have given it: the rules' own, or one of the runner's where the rules
-- go on (a ply cap at the cap, an adjudication that says who wins, as the
-- result does, or a loss of the side to move).
local function misfit(plan, i, g, t, controls)
  local label, want = shared.variant_label(g:variant()), shared.variant_label(plan.variant)
  if label ~= want then return string.format("its variant is %s, not %s", label, want) end
  local opening = plan.openings and shared.opening_number(plan, i)
  local book = opening and plan.openings[opening]
  if book then
    local from = moves_text(book:history())
    if g:start() ~= book:start() or shared.whole(tonumber(t.Opening)) ~= opening
       or moves_text(g:history()):sub(1, #from) ~= from then
      return string.format("it is not from opening %d, which this match plays there", opening)
    end
  elseif g:start() ~= M.game(plan.variant, plan.start):start() then
    return string.format("it starts from %s, not from %s", g:start(),
                         M.game(plan.variant, plan.start):start())
  end
  for _, k in ipairs({"TimeControl", "BlackTimeControl", "WhiteTimeControl"}) do
    local here = shared.control_tags(controls)[k] or false
    if (t[k] or false) ~= here then
      return string.format("its %s is %s, here %s", k, t[k] or "absent", here or "none")
    end
  end
  local winner, reason = shared.game_outcome(g)
  local ruled, why = g:result()
  local odd = string.format("it ends as no match ends a game (%s, %s)", tostring(winner),
                            tostring(reason))
  if ruled then return reason ~= why and odd or nil end
  if not RUNNER_ENDS[reason] then return odd end
  if reason == "ply cap" then
    return not (winner == "draw" and g:ply() >= plan.cap) and odd or nil
  end
  if reason == "adjudicated" then
    local a = adjudication(t.Adjudicated)
    return not (a and a.winner == winner) and odd or nil
  end
  return winner ~= (g:turn() == "black" and "white" or "black") and odd or nil
end

-- shared.resumed_record(found, i, plan, controls): the match record of
-- game i of plan (its time controls {black, white}) from the first of a
-- file's games found (a list of {game, tags}) that is that game (see
-- misfit); nil and why the first is not when none is.
function shared.resumed_record(found, i, plan, controls)
  local first
  for _, f in ipairs(found) do
    local g, t = f.game, f.tags
    local why = misfit(plan, i, g, t, controls)
    if not why then
      local winner, reason = shared.game_outcome(g)
      local moves = g:history()
      local r = {game = i, black = t.Black, white = t.White, result = winner, reason = reason,
                 start = g:start(), moves = moves, plies = #moves, error = t.Error,
                 opening = plan.openings and shared.whole(tonumber(t.Opening)), resumed = true}
      local black, white = finite(t.BlackClock), finite(t.WhiteClock)
      if black or white then r.clocks = {black = black, white = white} end
      if reason == "adjudicated" then r.adjudicated = adjudication(t.Adjudicated) end
      return r, g
    end
    first = first or why
  end
  return nil, first
end

-- play.lua — mt.html, and its play page (mt.html(variant or game, path,
-- {play = true})): one self-contained HTML file in which a person plays a
-- variant against the computer or another person.  (The page that replays
-- a game is html.lua's.)  The page carries the solved graph of
-- the states reachable from its start (each state's value and distance,
-- the moves between them), so it needs no rules of its own; its script is
-- rules.js, play.js and extras.js, its look play.css (lua/page/),
-- embedded in the program beside the parts.
local M, embedded, shared = ...

local MAX_STATES = 250000 -- the most states a play page carries

-- The number of positions of a board of points with its pieces (the
-- ways to place them, times the two sides to move), as a float.
local function points_positions(v)
  local pieces = v:parameters().pieces
  local ways, n = 2.0, v.points
  for i = 1, pieces.black do ways = ways * (n - i + 1) / i end
  for i = 1, pieces.white do ways = ways * (n - pieces.black - i + 1) / i end
  return ways
end

-- Refuses the page of variant v, which would carry the states figure
-- says (text).
local function too_big(v, figure)
  error(string.format("the play page of %s would carry %s; a page carries at most %d",
                      v.name, figure, MAX_STATES), 0)
end

-- The number of states reachable from position p of variant v when it is
-- quick to know (a variant without hooks on at most 20 arms, or on a
-- board of points of at most 4 million positions, solves in a second at
-- most), else nil.
local function quick_count(v, p)
  if v.hooked or v.general or (v.points and points_positions(v) > 4e6) or (v.arms and v.arms > 20) then
    return nil
  end
  return M.solve(v):census(p, 0).reachable
end

-- shared.play_graph(v, p, h): the graph of the states reachable from
-- state (p, h) of variant v, solved, encoded as play.js reads it (a base64
-- text: core/pagegraph.c), the number of states, and the hands code (or
-- nil: no piece is ever in hand).  A graph too big for a page is refused
-- before it is solved: with its figure when it is quick to count, else
-- once a walk in C (with the hooks) meets more states than a page
-- carries.
function shared.play_graph(v, p0, h0)
  local count = quick_count(v, p0)
  if count and count > MAX_STATES then too_big(v, string.format("%d states", count)) end
  if not count and not shared.reach_count(v, p0, h0, MAX_STATES) then
    too_big(v, string.format("more than %d states", MAX_STATES))
  end
  return shared.page_graph(v, M.solve(v), p0, h0)
end

local escape = shared.html_escape

-- The legend of the rings: win, draw, loss (and, on a board of points,
-- what the ring of a piece with several moves means).
local function legend(points)
  local items = {}
  for _, x in ipairs({{"win", "a win"}, {"draw", "a draw"}, {"loss", "a loss"}}) do
    items[#items + 1] = string.format(
      '<span><svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">' ..
      '<circle cx="11" cy="11" r="7" class="ring-edge"/><circle cx="11" cy="11" r="7" class="ring %s"/>' ..
      '</svg> %s</span>', x[1], x[2])
  end
  items[#items + 1] = "<span>the number: the plies to the end with best play</span>"
  if points then
    items[#items + 1] = "<span>on a piece: its best move; pick it to see where each of its " ..
                        "moves goes, ringed by its value</span>"
  end
  return '<p id="legend">' .. table.concat(items) .. "</p>"
end

-- The variant's definition file, when it has one that can be read here.
local function definition(v)
  if not v.path or M.sandboxed() then return nil end
  local text = shared.read_file(v.path)
  return text and text:sub(1, 65536)
end

-- The rules section: the rules in words, the source, the definition.
local function rules_section(v)
  local words = {}
  for i, sentence in ipairs(shared.rules_text(v)) do words[i] = escape(sentence) end
  local parts = {'<section id="rules"><h2>Rules of ' .. escape(v.name) .. "</h2>",
                 "<p>" .. table.concat(words, " ") .. "</p>"}
  local hooks = v:parameters().hooks
  if v.description and v.description ~= "" and not (hooks.allow or hooks.result) then
    parts[#parts + 1] = "<p>In short: " .. escape(v.description) .. ".</p>" -- (the rules say a hook's)
  end
  if v.source and v.source ~= "" then
    parts[#parts + 1] = "<p>Source: " .. escape(v.source) .. "</p>"
  end
  local text = definition(v)
  if text then
    parts[#parts + 1] = "<details><summary>The variant's definition (" ..
      escape(v.path:match("[^/]*$")) .. ')</summary><pre tabindex="0">' .. escape(text) .. "</pre></details>"
  end
  parts[#parts + 1] = "</section>"
  return table.concat(parts, "\n")
end

local function read_part(name)
  local text = embedded(name)
  if not text then error("mutorere: missing part " .. name, 0) end
  return text
end

-- What the page of variant v from position p says of its board: its
-- data (format 1 the wheel's arms, 2 a board of points' names), the
-- heading's title, and a move to show in the box to type one.
local function board_fields(v, p)
  if not v.points then
    local moves = v.general and v:outcome(p, {}) == nil and v:moves(p, {}) or {}
    return {format = v.general and 2 or 1, arms = v.arms},
           string.format("Mū Tōrere — %s (%d arms)", v.name, v.arms),
           moves[1] and tostring(moves[1]) or "4-c"
  end
  local moves = v:outcome(p, {}) == nil and v:moves(p, {}) or {}
  return {format = 2, points = v:board().points},
         string.format("%s (%d points)", v.name, v.points), moves[1] and tostring(moves[1]) or ""
end

-- The tags of a record of a game of variant v (Game:record's, but for
-- Date, Result and Position, which the page writes): a list of {name,
-- value}; or nil and why its games cannot be records.
local function record_tags(v)
  local ok, text = pcall(M.game(v).record, M.game(v))
  if not ok then return nil, tostring(text):gsub("^.-: ", "", 1) end
  local tags = {}
  for name, value in text:gmatch('%[(%w+) "(.-)"%]') do
    if name ~= "Date" and name ~= "Result" and name ~= "Position" then
      tags[#tags + 1] = {name, (value:gsub("\\(.)", "%1"))}
    end
  end
  return tags
end

-- The controls of side's player (Black or White, the side's name): who
-- plays it, its strength, its style, the strength it assumes of its
-- opponent.
local function player_controls(side, name)
  local id = function(x) return side .. "-" .. x end
  return table.concat({
    '<fieldset class="player"><legend>' .. name .. "</legend>",
    '<label>Played by <select id="' .. id("player") .. '"><option value="human">a person</option>' ..
      '<option value="computer">the computer</option></select></label>',
    '<label>The computer\'s strength <input type="range" id="' .. id("skill") ..
      '" min="0" max="1" step="0.05" value="1"> <output id="' .. id("skill-text") .. '" for="' ..
      id("skill") .. '">perfect</output></label>',
    '<label>Its style <select id="' .. id("style") .. '"><option value="traps">perfect: sets traps one move ' ..
      'deep</option><option value="against">plays for the win against a fallible opponent</option>' ..
      "</select></label>",
    '<label id="' .. id("assumes") .. '" hidden>The opponent\'s strength it assumes <input type="range" id="' ..
      id("against") .. '" min="0" max="1" step="0.05" value="0.5"> <output id="' .. id("against-text") ..
      '" for="' .. id("against") .. '">perfect 50% of moves</output></label>',
    "</fieldset>"})
end

-- The page's script: its three parts in one function.
local function script()
  return '(function () {\n"use strict";\n' .. read_part("rules.js") .. read_part("play.js") ..
         read_part("extras.js") .. "})();"
end

-- shared.play_page(v, p, line): the play page of variant v from position
-- p (a Position of v's board), the moves of line already played, and the
-- number of states it carries.
function shared.play_page(v, p, line)
  local graph, count, hands = shared.play_graph(v, p, {})
  local value, d = M.solve(v):lookup(p, {})
  local data, heading, example = board_fields(v, p)
  local title = string.format("%s (%s)", v.name, shared.size_text(v))
  local parameters = v:parameters()
  data.name, data.repetition, data.maxPlies = v.name, parameters.repetition, parameters.max_plies
  data.startPly, data.states, data.graph, data.line = p.ply, count, graph, line
  data.hands = hands
  data.tags, data.noRecord = record_tags(v)
  data.variantStart = tostring(v.start)
  data.black = p.side == "black" and "human" or "computer" -- a person moves first
  data.white = p.side == "white" and "human" or "computer"
  local board = M.svg(p, {caption = tostring(p), title = v.name .. ": the board"})
  return table.concat({
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Play " .. (v.points and "" or "Mū Tōrere: ") .. escape(title) .. "</title>",
    "<style>" .. read_part("play.css") .. "</style></head><body>",
    "<header><h1>" .. escape(heading) .. "</h1>",
    "<p>Play against the computer, which knows the value of every position, " ..
      'or against a friend at this screen.<span class="values">  With best play the start ' ..
      escape(value == "draw" and "is a draw" or
             string.format("%s for the side to move in %d plies", value == "win" and "wins" or "loses", d)) ..
      ".</span></p></header>",
    "<main>",
    '<section id="play-panel" aria-label="the game">',
    '<div id="board">' .. board:gsub("^<%?xml[^>]*>%s*", "") .. "</div>",
    hands and '<p id="hands" aria-live="off"></p>' or "",
    '<p id="status">This page needs JavaScript to play.</p>',
    '<p id="announce" role="status" aria-live="polite"></p>',
    '<h2 id="choices-title">Moves</h2><ul id="choices" aria-labelledby="choices-title"></ul>',
    '<div id="controls"><button type="button" id="undo" title="take back your last move (←)">↶ Undo</button>' ..
      '<button type="button" id="redo" title="play again a move taken back (→)">Redo ↷</button>' ..
      '<button type="button" id="computer-move" title="the computer plays the side to move">Computer moves</button>' ..
      '<button type="button" id="restart">New game</button></div>',
    '<form id="typed" autocomplete="off"><label for="move-input">Type a move</label>' ..
      '<input id="move-input" placeholder="' .. escape(example) .. '" spellcheck="false">' ..
      '<button type="submit">Play</button><span id="typed-error" role="alert"></span></form>',
    legend(v.points),
    "</section>",
    '<section id="info-panel" aria-label="players, the game so far, records and challenges">',
    '<fieldset id="setup"><legend>Players</legend>' .. player_controls("black", "Black") ..
      player_controls("white", "White") ..
      '<p class="note">At strength s the computer plays its style\'s move with chance s, and a random ' ..
      "legal move otherwise: 0 is random, 1 is perfect.  Perfect play wins fastest, loses slowest and, " ..
      "among equal moves, leaves the most ways to go wrong; playing for the win, it keeps the value and " ..
      "picks the move with the best expected score against an opponent of the strength it assumes " ..
      '(mutorere\'s <code>mt.player("perfect", {skill = s, against = a})</code>).</p>' ..
      '<label><input type="checkbox" id="show-values" checked> Show the value of every move</label></fieldset>',
    '<h2>The game</h2><div id="moves-box"><table id="moves"></table></div><p id="no-moves">No moves yet.</p>',
    '<section id="chart-section" class="values" aria-labelledby="chart-title"><h2 id="chart-title">Value chart</h2>' ..
      '<p class="note">Each ply\'s value for the side to move: wins up, losses down, draws on the ' ..
      "middle line; the sooner the end, the further from it.  A ring marks a blunder (red) or an " ..
      "inaccuracy (brown); a click on a dot goes to that ply.</p>" ..
      '<div id="chart"><div id="chart-labels" aria-hidden="true"><span>wins</span><span>draws</span>' ..
      '<span>loses</span></div><div id="chart-box" tabindex="0" role="region" ' ..
      'aria-label="the value chart (scrolls sideways)"></div></div>' ..
      '<details id="chart-details"><summary>The chart as a table: each ply\'s value and distance</summary>' ..
      '<div id="chart-table-box"><table id="chart-table"><caption>Each ply of the game (and of the moves ' ..
      "taken back): the value for the side to move and the plies to the end with best play; a ply's " ..
      "button goes there.</caption><thead><tr>" ..
      '<th scope="col">Ply</th><th scope="col">After</th><th scope="col">To move</th>' ..
      '<th scope="col">Value</th><th scope="col">Plies to the end</th><th scope="col">Verdict</th>' ..
      "</tr></thead><tbody></tbody></table></div></details></section>",
    '<section id="record-section" aria-labelledby="record-title"><h2 id="record-title">Record</h2>' ..
      '<p class="buttons"><button type="button" id="copy-record">Copy the record</button>' ..
      '<button type="button" id="download-record">Download the record</button></p>' ..
      '<label for="record-text">A record or a position to play on from (or the record copied):</label>' ..
      '<textarea id="record-text" rows="5" spellcheck="false" placeholder="' ..
      escape(tostring(v.start)) .. '"></textarea>' ..
      '<p class="buttons"><button type="button" id="import">Play on from it</button></p>' ..
      '<p id="record-status" role="status"></p></section>',
    '<section id="challenges" aria-labelledby="challenges-title"><h2 id="challenges-title">Challenges</h2>' ..
      '<p class="note">From a position of this board picked at random, scored against the solver; ' ..
      "the values stay hidden until it ends.</p>" ..
      '<p class="buttons"><button type="button" id="challenge-win">Win in the fewest moves</button>' ..
      '<button type="button" id="challenge-lose">Lose as slowly as you can</button>' ..
      '<button type="button" id="challenge-draws">Find every drawing move</button></p>' ..
      '<div id="challenge-task" hidden><p id="challenge-text"></p>' ..
      '<fieldset id="draw-picks" hidden><legend>The moves that keep the draw</legend>' ..
      '<div id="draw-boxes"></div><button type="button" id="draw-check">Check</button></fieldset></div>' ..
      '<p id="challenge-status" role="status" tabindex="-1"></p></section>',
    "</section>",
    "</main>",
    rules_section(v),
    "<footer>Written by mutorere " .. escape(M.version) .. ". The page carries the solved " ..
      string.format("graph of the %d states reachable from its start ", count) ..
      "(each position with what the rules remember of the moves before it), their values " ..
      "and the moves between them: it needs no network and no other file.</footer>",
    '<script type="application/json" id="play-data">' .. shared.json(data) .. "</script>",
    "<script>" .. script() .. "</script>",
    "</body></html>", ""}, "\n"), count
end

-- mt.html(game or variant [, path] [, options]): a page as text; with a
-- path, written there instead (the path is returned).  A game gives the
-- page that replays it, or with options.play the page to play on from
-- it; a variant (a Variant, a name or a table) the page to play it.  A
-- play page also gives the number of states it carries.
function M.html(x, path, options)
  if type(path) == "table" and options == nil then path, options = nil, path end
  shared.check_arg(path == nil or type(path) == "string", 2, "html", "path", path)
  local o = shared.options(options, 3, "html", {play = "boolean"})
  local page, states
  if shared.is_match(x) then
    page = shared.match_page(x)
  elseif M.type(x) == "Game" then
    if o.play then
      local replay = shared.replay(x)
      page, states = shared.play_page(x:variant(), replay:board(), x:history())
    else
      page = shared.replay_page(x)
    end
  else
    shared.check_arg(o.play ~= false, 1, "html",
                     "Game (only a game has a page that replays it)", x)
    shared.check_arg(type(x) == "string" or type(x) == "table" or M.type(x) == "Variant", 1,
                     "html", "Game or variant", x)
    local v = shared.as_argument(1, "html", M.variant, x)
    page, states = shared.play_page(v, v.start, {})
  end
  if path then
    shared.no_files_in_sandbox("writing a page")
    local ok, why = shared.write_file(path, page)
    if not ok then error("cannot write the page to " .. why, 2) end
    page = path
  end
  if states then return page, states end
  return page
end

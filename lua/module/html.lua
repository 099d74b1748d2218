-- html.lua — the page of mt.html that replays a game, to share it (no
-- network, no other file): the board as mt.svg draws it at every ply, the
-- move list with the review's verdicts, buttons, keys and links to step
-- through the game, the review's value line, and the variant's rules in
-- words; and what HTML pages share (escaping, JSON, the rules in words).
-- mt.html itself, and the page to play, are in play.lua.
local M, _, shared = ...

local HTML_ESCAPES = {["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;",
                      ["'"] = "&#39;"}

local REPLACEMENT = "\u{FFFD}"
local NOT_XML = "[\0-\8\11\12\14-\31]" -- the control characters XML refuses

-- shared.valid_text(s): s (any value, as text) as text that XML and HTML
-- can hold: each byte that is not UTF-8, each control character but tab
-- and line breaks, U+FFFE and U+FFFF made U+FFFD (a name or a message
-- from a file or an outside engine may hold anything).
function shared.valid_text(s)
  s = tostring(s)
  local out, at = {}, 1
  while at <= #s do
    local ok, bad = utf8.len(s, at)
    out[#out + 1] = s:sub(at, ok and #s or bad - 1)
    if ok then break end
    out[#out + 1] = REPLACEMENT
    at = bad + 1
  end
  return (table.concat(out):gsub(NOT_XML, REPLACEMENT):gsub("\239\191[\190\191]", REPLACEMENT))
end

-- shared.html_escape(s): s (any value, as text) safe in HTML and XML text
-- and in a quoted attribute (shared.valid_text, then escaped).
function shared.html_escape(s)
  return (shared.valid_text(s):gsub("[&<>\"']", HTML_ESCAPES))
end
local escape = shared.html_escape

local JSON_ESCAPES = {['"'] = '\\"', ["\\"] = "\\\\", ["<"] = "\\u003c", [">"] = "\\u003e",
                      ["&"] = "\\u0026"}

-- A Lua string as a JSON string that is safe inside a <script> element:
-- no <, > or & (so no </script> and no <!--), no control character.
local function json_string(s)
  return '"' .. s:gsub('[%c"\\<>&]', function(c)
    return JSON_ESCAPES[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- shared.json(x): x as JSON safe inside a <script> element: strings,
-- finite numbers, booleans, and tables (a table with only string keys an
-- object, its keys sorted; any other a list).
function shared.json(x)
  local t = type(x)
  if t == "string" then return json_string(x) end
  if t == "boolean" then return tostring(x) end
  if t == "number" then
    if math.type(x) == "integer" then return string.format("%d", x) end
    assert(x == x and x ~= math.huge and x ~= -math.huge, "json: not a finite number")
    return string.format("%.17g", x)
  end
  assert(t == "table", "json: cannot write a " .. t)
  local keys = {}
  for k in next, x do
    if type(k) ~= "string" then keys = nil break end
    keys[#keys + 1] = k
  end
  local parts = {}
  if keys and #keys > 0 then
    table.sort(keys)
    for i, k in ipairs(keys) do parts[i] = json_string(k) .. ":" .. shared.json(x[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  for i, item in ipairs(x) do parts[i] = shared.json(item) end
  return "[" .. table.concat(parts, ",") .. "]"
end

-- shared.rules_text(v): the rules of a variant in words, a list of
-- sentences.
function shared.rules_text(v)
  if v.points then return shared.graph_rules_text(v) end
  local p, n = v:parameters(), v.arms
  local out = {
    string.format("The board has %d arms (kewai) around a centre (putahi); " ..
                  "each side has %d pieces, black on arms 1 to %d, white on the " ..
                  "others, and black moves first.", n, n // 2, n // 2),
    "A move takes a piece to the one empty point along a line: to a " ..
    "neighbouring arm, from an arm to the centre, or from the centre to an arm.",
  }
  if p.adjacent_enemy then
    out[#out + 1] = "Every move needs an enemy piece next to the moving piece " ..
                    "(the centre is next to every arm)."
  elseif p.flank == "always" then
    out[#out + 1] = "A piece may go from an arm to the centre only with an enemy " ..
                    "piece on a neighbouring arm (the flank rule)."
  elseif p.flank == "never" or p.flank == 0 then
    out[#out + 1] = "A piece may go from an arm to the centre at any time."
  else
    out[#out + 1] = string.format("On the first %s a piece may go from an arm to " ..
      "the centre only with an enemy piece on a neighbouring arm (the flank " ..
      "rule); after that, at any time.", shared.plies(p.flank))
  end
  return shared.rules_endings(v, p, out)
end

-- shared.rules_endings(v, p, out): adds to the list of sentences out the
-- rules of variant v (parameters p) that every board shares: how a game
-- ends (blocked, repetition, the ply cap) and the rules of its own hooks;
-- returns out.
function shared.rules_endings(v, p, out)
  out[#out + 1] = p.misere and "The side that cannot move wins (misère)."
                  or "The side that cannot move loses."
  if p.repetition > 0 then
    out[#out + 1] = string.format("A position that occurs %d times is a draw.", p.repetition)
  end
  if p.max_plies > 0 then
    out[#out + 1] = string.format("A game still going after %s is a draw.",
                                  shared.plies(p.max_plies))
  end
  if p.hooks.allow or p.hooks.result then
    out[#out + 1] = "It adds rules of its own, written in Lua" ..
                    (v.description and v.description ~= "" and (": " .. v.description) or "") .. "."
  end
  return out
end

-- The value of a position worth x for side, as a number for the value
-- line: 1 black wins now, above 0 black wins later (the later, the
-- nearer 0.3), 0 a draw, below 0 white wins.
local function black_score(x, side)
  if x.value == "draw" then return 0 end
  local s = 1 - 0.7 * math.min(x.distance, 20) / 20
  return ((x.value == "win") == (side == "black")) and s or -s
end

local VERDICT_COLOUR = {blunder = "#c0392b", inaccuracy = "#e67e22"}

-- The value line of a review as an SVG: a point a ply, black's wins up,
-- white's down, draws on the middle rule; blunders red, inaccuracies
-- orange; a cursor (id value-cursor) for the current ply.
local function value_svg(review, start_value)
  local n = #review
  local step, height, pad = 16, 120, 12
  local width = math.max(240, n * step + 2 * pad)
  local dx = n > 0 and (width - 2 * pad) / n or 0
  local function x(i) return pad + i * dx end
  local function y(s) return height / 2 - s * (height / 2 - pad) end
  local points, dots = {}, {}
  local scores = {start_value}
  for i, e in ipairs(review) do scores[i + 1] = black_score(e.after, e.side) end
  for i, s in ipairs(scores) do
    points[i] = string.format("%.1f,%.1f", x(i - 1), y(s))
    local e = review[i - 1]
    dots[i] = string.format('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"%s><title>%s</title></circle>',
      x(i - 1), y(s), e and VERDICT_COLOUR[e.verdict] or "#333",
      e and (' class="' .. e.verdict:gsub(" ", "-") .. '"') or "",
      escape(e and string.format("%d. %s: %s (%s)", i - 1, e.move,
                                 shared.value_text(e.after), e.verdict) or "start"))
  end
  return table.concat({
    string.format('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" ' ..
                  'height="%d" role="img" aria-label="value line">',
                  width, height, width, height),
    string.format('<rect width="%d" height="%d" fill="#fffdf7"/>', width, height),
    string.format('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#999" stroke-dasharray="4 3"/>',
                  pad, height / 2, width - pad, height / 2),
    string.format('<text x="%d" y="%d" font-size="10" fill="#555">black wins</text>', pad, pad - 2),
    string.format('<text x="%d" y="%d" font-size="10" fill="#555">white wins</text>', pad, height - 2),
    string.format('<line id="value-cursor" x1="%.1f" y1="0" x2="%.1f" y2="%d" stroke="#2c7fb8" ' ..
                  'stroke-width="2" data-step="%.3f" data-pad="%d"/>',
                  x(0), x(0), height, dx, pad),
    string.format('<polyline points="%s" fill="none" stroke="#333" stroke-width="1.5"/>',
                  table.concat(points, " ")),
    table.concat(dots, ""),
    "</svg>"}, "\n")
end

-- The page's behaviour: steps through the plies (buttons, arrow keys,
-- clicks on moves, #N links), showing the board, the status, the current
-- move and the value line's cursor.
local SCRIPT = [[
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var last = data.positions.length - 1, current = 0;
  var board = document.getElementById("board");
  var status = document.getElementById("status");
  var where = document.getElementById("where");
  var cursor = document.getElementById("value-cursor");
  var items = document.querySelectorAll("#moves [data-ply]");
  function show(ply) {
    current = Math.max(0, Math.min(last, ply));
    board.innerHTML = data.boards[current];
    board.setAttribute("data-ply", String(current));
    board.setAttribute("data-position", data.positions[current]);
    status.textContent = data.status[current];
    where.textContent = "ply " + current + " of " + last;
    for (var i = 0; i < items.length; i++) {
      var now = Number(items[i].getAttribute("data-ply")) === current;
      items[i].classList.toggle("current", now);
      if (now) items[i].querySelector("a").setAttribute("aria-current", "step");
      else items[i].querySelector("a").removeAttribute("aria-current");
    }
    if (cursor) {
      var x = Number(cursor.getAttribute("data-pad")) +
              current * Number(cursor.getAttribute("data-step"));
      cursor.setAttribute("x1", x.toFixed(1));
      cursor.setAttribute("x2", x.toFixed(1));
    }
    if (location.hash !== "#" + current && history.replaceState)
      history.replaceState(null, "", "#" + current);
  }
  function go(id, to) {
    document.getElementById(id).addEventListener("click", function () { show(to()); });
  }
  go("first", function () { return 0; });
  go("prev", function () { return current - 1; });
  go("next", function () { return current + 1; });
  go("last", function () { return last; });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft") show(current - 1);
    else if (e.key === "ArrowRight") show(current + 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(last);
  });
  Array.prototype.forEach.call(items, function (item) {
    item.querySelector("a").addEventListener("click", function (e) {
      e.preventDefault();
      show(Number(item.getAttribute("data-ply")));
    });
  });
  function from_hash() {
    var n = parseInt(location.hash.slice(1), 10);
    show(isNaN(n) ? last : n);
  }
  window.addEventListener("hashchange", from_hash);
  from_hash();
})();
]]

-- The replay page's colours, in the light scheme, the dark one and forced
-- colours: text 4.5:1 against what is behind it in each; the ply shown
-- marked by an outline too (forced colours drop backgrounds).
local STYLE = [[
:root { color-scheme: light dark; --ink: #222; --paper: #fffdf7; --soft: #595959; --now: #dbeaf5;
        --now-edge: #2a6496; --blunder: #b03a2e; --inaccuracy: #8a4f00; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ecebe8; --paper: #1a1917; --soft: #b9b4ab; --now: #2c4152; --now-edge: #8ab4f8;
          --blunder: #ff8a80; --inaccuracy: #f0b060; }
}
@media (forced-colors: active) {
  :root { --ink: CanvasText; --paper: Canvas; --soft: CanvasText; --now: Canvas; --now-edge: Highlight;
          --blunder: Highlight; --inaccuracy: Highlight; }
}
body { font-family: sans-serif; margin: 1.5em auto; max-width: 60em; color: var(--ink); background: var(--paper); }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-bottom: .3em; }
main { display: flex; flex-wrap: wrap; gap: 2em; }
#board svg { width: 320px; height: auto; }
#controls button { font-size: 1.1em; min-width: 2.5em; }
#where { display: inline-block; min-width: 7em; text-align: center; }
#moves { border-collapse: collapse; }
#moves td { padding: .1em .6em .1em 0; vertical-align: top; }
#moves td.current { background: var(--now); outline: 2px solid var(--now-edge); }
#moves a { color: inherit; text-decoration: none; font-family: monospace; font-size: 1.05em; }
.verdict { font-size: .8em; color: var(--soft); }
.blunder .verdict { color: var(--blunder); font-weight: bold; }
.inaccuracy .verdict { color: var(--inaccuracy); }
#value svg { max-width: 100%; height: auto; }
footer { margin-top: 2em; font-size: .8em; color: var(--soft); }
]]

-- The status line of every ply of the game: mt.status at each.
local function plies_of(g)
  local replay = shared.replay(g)
  local positions, boards, status = {}, {}, {}
  local function add(move)
    local i = #positions + 1
    positions[i] = replay:position()
    boards[i] = M.svg(replay, {arrow = move or false}):gsub("^<%?xml[^>]*>%s*", "")
    status[i] = M.status(replay)
  end
  add(nil)
  for _, move in ipairs(g:history()) do
    replay:redo()
    add(move)
  end
  return positions, boards, status
end

-- The players line of a game's page: the names of its Black and White
-- tags, and where names come from when they are not set.
local function players_text(tags)
  if not tags.Black and not tags.White then
    return "Players not named (the game's Black and White tags name them: " ..
           escape('g:tags().Black = "Aroha"') .. ")"
  end
  return string.format("Black: %s · White: %s", escape(tags.Black or "not named"),
                       escape(tags.White or "not named"))
end

-- shared.replay_page(g): the page that replays game g.
function shared.replay_page(g)
  local v = g:variant()
  local review = g:review()
  local s = M.solve(v)
  local sv, sd = shared.state_lookup(s, shared.state_of(shared.replay(g)))
  local start_side = M.position(g:start()).side
  local positions, boards, status = plies_of(g)
  local tags = g:tags()
  local title = string.format("%s (%s)", v.name, shared.size_text(v))
  local who = players_text(tags)
  local result, reason = g:result()
  local rows, cells = {}, {}
  local white_first = start_side == "white"
  if white_first then cells[1] = "<td></td>" end
  for i, e in ipairs(review) do
    cells[#cells + 1] = string.format(
      '<td data-ply="%d" class="%s"><a href="#%d">%s</a> <span class="verdict">%s</span></td>',
      i, e.verdict:gsub(" ", "-"), i, escape(e.move), escape(e.verdict))
    if #cells == 2 or i == #review then
      rows[#rows + 1] = string.format("<tr><th>%d.</th>%s</tr>", #rows + 1,
                                      table.concat(cells))
      cells = {}
    end
  end
  local rules = {}
  for i, sentence in ipairs(shared.rules_text(v)) do rules[i] = escape(sentence) end
  return table.concat({
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Mū Tōrere: " .. escape(title) .. "</title>",
    "<style>" .. STYLE .. "</style></head><body>",
    "<h1>Mū Tōrere — " .. escape(title) .. "</h1>",
    '<p id="players">' .. who .. " · " ..
      escape(result and string.format("%s (%s)", result == "draw" and "drawn" or result .. " won", reason)
             or "unfinished") .. " · " .. shared.plies(#review) .. "</p>",
    "<main>",
    '<section id="board-panel"><div id="board" data-ply="0" data-position="' ..
      escape(positions[1]) .. '">' .. boards[1] .. "</div>",
    '<div id="controls"><button id="first" title="the start (Home)">«</button>' ..
      '<button id="prev" title="back a ply (←)">‹</button><span id="where">ply 0</span>' ..
      '<button id="next" title="on a ply (→)">›</button>' ..
      '<button id="last" title="the end (End)">»</button></div>',
    '<p id="status">' .. escape(status[1]) .. "</p></section>",
    '<section id="moves-panel"><h2>Moves</h2><table id="moves">' .. table.concat(rows) ..
      "</table>" .. (#rows == 0 and "<p>No moves yet.</p>" or "") .. "</section>",
    "</main>",
    '<section id="value"><h2>Value line</h2><p>The value of each position with ' ..
      "perfect play: black's wins up, white's down, draws on the middle line; " ..
      "the sooner the end, the further from it.</p>" ..
      value_svg(review, black_score({value = sv, distance = sd}, start_side)) .. "</section>",
    '<section id="rules"><h2>Rules of ' .. escape(v.name) .. "</h2><p>" ..
      table.concat(rules, " ") .. "</p></section>",
    "<footer>Made with mutorere " .. escape(M.version) .. ".</footer>",
    '<script type="application/json" id="game-data">' ..
      shared.json({positions = positions, boards = boards, status = status}) .. "</script>",
    "<script>" .. SCRIPT .. "</script>",
    "</body></html>", ""}, "\n")
end

-- pictures.lua — pictures of the game: SVG of a position (the board as the
-- traditional star or as a wheel, arm numbers, pieces, an arrow for the last
-- move), SVG of a whole game as a strip of positions, and Graphviz DOT of a
-- variant's position graph reduced by symmetry.
local M, _, shared = ...

local function escape(s) return shared.html_escape(s) end

local function num(x) return string.format("%.1f", x) end

-- The screen place of a point on a board of n arms drawn at (cx, cy) with
-- radius r: arm 1 at the top, the others clockwise; "c" the centre.
local function place(point, n, cx, cy, r)
  if point == "c" then return cx, cy end
  local a = math.pi / 2 - (point - 1) * 2 * math.pi / n
  return cx + r * math.cos(a), cy - r * math.sin(a)
end

-- The lines of the board: the star (or the wheel), and the spokes.
local function board_lines(n, cx, cy, r, style)
  local out = {}
  if style == "wheel" then
    out[#out + 1] = string.format(
      '<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#6b4f2a" stroke-width="2"/>',
      num(cx), num(cy), num(r))
  else
    local pts = {}
    for i = 1, n do
      local x, y = place(i, n, cx, cy, r)
      pts[#pts + 1] = num(x) .. "," .. num(y)
      local a = math.pi / 2 - (i - 0.5) * 2 * math.pi / n
      local inner = r * (n <= 8 and 0.55 or 0.75)
      pts[#pts + 1] = num(cx + inner * math.cos(a)) .. "," .. num(cy - inner * math.sin(a))
    end
    out[#out + 1] = string.format(
      '<polygon points="%s" fill="#f3e3c3" stroke="#6b4f2a" stroke-width="2"/>',
      table.concat(pts, " "))
  end
  for i = 1, n do
    local x, y = place(i, n, cx, cy, r)
    out[#out + 1] = string.format(
      '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#6b4f2a" stroke-width="2"/>',
      num(cx), num(cy), num(x), num(y))
  end
  return out
end

-- The pieces, empty points and arm numbers of a position.
local function board_points(pos, cx, cy, r, size, numbers)
  local n, out = pos.arms, {}
  local pr = math.max(3, size * (n <= 8 and 0.055 or 0.35 / n))
  local function point(p)
    local x, y = place(p, n, cx, cy, r)
    local who = pos:at(p)
    if who then
      out[#out + 1] = string.format(
        '<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#000" stroke-width="1.5" class="%s"/>',
        num(x), num(y), num(pr), who == "black" and "#1b1b1b" or "#fbfbf5", who)
    else
      out[#out + 1] = string.format('<circle cx="%s" cy="%s" r="%s" fill="#6b4f2a" class="empty"/>',
                                    num(x), num(y), num(pr / 3))
    end
  end
  for i = 1, n do point(i) end
  point("c")
  if numbers ~= false then
    for i = 1, n do
      local x, y = place(i, n, cx, cy, r + pr + size * 0.05)
      out[#out + 1] = string.format(
        '<text x="%s" y="%s" font-family="sans-serif" font-size="%s" ' ..
        'text-anchor="middle" dominant-baseline="central" fill="#444">%d</text>',
        num(x), num(y), num(size * 0.05), i)
    end
  end
  return out, pr
end

-- 1 when name is a point of the wheel of n arms ("c" or an arm number).
local function wheel_point(name, n)
  local arm = shared.whole(tonumber(name))
  return name == "c" or (arm ~= nil and arm >= 1 and arm <= n and tostring(arm) == name)
end

-- The marks of a move (text or Move) on the wheel of n arms: an arrow
-- from one point to the other, a ring where a drop lands, crosses on the
-- pieces it takes.
local function arrow(move, n, cx, cy, r, pr)
  local parts = shared.move_points(move, function(name) return wheel_point(name, n) end)
  if not parts then return {} end
  return shared.move_marks(parts, function(name)
    return place(tonumber(name) or name, n, cx, cy, r)
  end, pr)
end

local ARROW_DEF = '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" ' ..
  'markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" ' ..
  'fill="#c0392b"/></marker></defs>'

-- The elements of one board of size pixels at (x, y), with a caption.
local function board(pos, x, y, size, o, move, caption)
  local cx, cy, r = x + size / 2, y + size / 2, size * 0.36
  local out
  if pos.points then -- a graph board: by its layout (boards.lua)
    out = shared.graph_svg(pos, x, y, size, o, move)
  else
    out = board_lines(pos.arms, cx, cy, r, o.style)
    local points, pr = board_points(pos, cx, cy, r, size, o.numbers)
    for _, e in ipairs(points) do out[#out + 1] = e end
    if move then
      for _, e in ipairs(arrow(move, pos.arms, cx, cy, r, pr)) do out[#out + 1] = e end
    end
  end
  if caption then
    out[#out + 1] = string.format(
      '<text x="%s" y="%s" font-family="sans-serif" font-size="%s" text-anchor="middle" fill="#222">%s</text>',
      num(cx), num(y + size * 1.075), num(size * 0.055), escape(caption))
  end
  return out
end

local function document(width, height, body, title)
  local head = string.format(
    '<?xml version="1.0" encoding="UTF-8"?>\n' ..
    '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">',
    num(width), num(height), num(width), num(height))
  local parts = {head, "<title>" .. escape(title) .. "</title>", ARROW_DEF,
                 shared.GRAPH_ARROW_DEF,
                 '<rect width="100%" height="100%" fill="#fffdf7"/>'}
  for _, e in ipairs(body) do parts[#parts + 1] = e end
  parts[#parts + 1] = "</svg>\n"
  return table.concat(parts, "\n")
end

local SVG_OPTIONS = {style = "string", size = "number", numbers = "boolean",
                     arrow = "boolean|string|Move", title = "string", caption = "string"}
local SVG_GAME_OPTIONS = {per_row = "integer"}
for k, want in next, SVG_OPTIONS do SVG_GAME_OPTIONS[k] = want end

-- The options of mt.svg and mt.svg_game (function name), argument 2,
-- checked: the table, or {}.
local function svg_options(options, name, known)
  local o = shared.options(options, 2, name, known)
  shared.check_option(o.style == nil or o.style == "star" or o.style == "wheel", 2, name,
                      "style", '"star" or "wheel"', o.style)
  shared.check_option(o.size == nil or o.size >= 16 and o.size <= 10000, 2, name, "size",
                      "a number of pixels from 16 to 10000", o.size)
  shared.check_option(o.per_row == nil or o.per_row >= 1 and o.per_row <= 1000, 2, name,
                      "per_row", "a number of boards from 1 to 1000", o.per_row)
  return o
end

-- The arrow option checked against the board of pos: a move (text or
-- Move) between points of the board, or true or false.
local function check_arrow(move, pos, name)
  if type(move) ~= "string" then return move end
  local n, names = pos.arms, {}
  if pos.points then -- a board of points: its names
    for _, point in ipairs((pos:board() or {points = {}}).points) do names[point] = true end
  end
  local parts = shared.move_points(move, function(point)
    return names[point] or n ~= nil and wheel_point(point, n)
  end)
  shared.check_option(parts ~= nil and parts.kind ~= "pass", 2, name, "arrow",
                      "a move on the board (4-c, @3, 3-5x4), true or false", move)
  return move
end

local svg_of -- (below)

-- mt.svg(x [, path] [, options]): an SVG picture of a Game (its position,
-- an arrow for its last move), a Position or position text, or the
-- pictures of a match; with a path, written there instead (the path is
-- returned): a new file or a regular one replaced whole, never through a
-- link, and an error when it cannot be written.  Options: style ("star"
-- or "wheel"), size (pixels, 300), numbers (true), arrow (true, or a move
-- to draw), title, caption.
function M.svg(x, path, options)
  if type(path) ~= "string" then return svg_of(x, path) end
  shared.check_arg(path ~= "" and not path:find("\0", 1, true), 2, "svg",
                   "a path (a file name, without a zero byte)", path)
  local text = svg_of(x, options)
  shared.no_files_in_sandbox("writing a picture")
  local ok, why = shared.write_file(path, text)
  if not ok then error("cannot write the picture to " .. why, 2) end
  return path
end

-- The picture mt.svg gives of x with options.
svg_of = function(x, options)
  if shared.is_match(x) or (type(x) == "table" and M.type(x[1]) == "Game") then
    return shared.match_svg(x, options)
  end
  if type(x) == "table" and next(x) == nil then -- (mt.load_games of an empty file)
    shared.arg_error(1, "svg", "a Match, a list of Games or a position, not an empty table")
  end
  local pos = shared.board_of(x, 1, "svg")
  local o = svg_options(options, "svg", SVG_OPTIONS)
  local size = o.size or 300
  local move = check_arrow(o.arrow, pos, "svg")
  if M.type(x) == "Game" then
    local history = x:history()
    if move == nil or move == true then move = history[#history] end
  end
  if move == true or move == false then move = nil end
  local caption = o.caption or tostring(pos)
  local body = board(pos, 0, 0, size, o, move, caption)
  return document(size, size * 1.1, body, o.title or ("Mū Tōrere: " .. tostring(pos)))
end

-- mt.svg_game(game [, options]): an SVG strip of every position of a game,
-- each with the move that led to it.  Options: as mt.svg, and per_row (8).
function M.svg_game(g, options)
  shared.check_arg(M.type(g) == "Game", 1, "svg_game", "Game", g)
  local o = svg_options(options, "svg_game", SVG_GAME_OPTIONS)
  local size, per_row = o.size or 160, o.per_row or 8
  local copy = g:copy()
  while copy:undo() do end
  local frames = {{copy:board(), nil, "start"}}
  for i, move in ipairs(g:history()) do
    copy:play(move)
    local number = (i + 1) // 2
    frames[#frames + 1] = {copy:board(), move, string.format("%d%s %s", number,
                           i % 2 == 1 and "." or "...", move)}
  end
  local body = {}
  local rows = (#frames + per_row - 1) // per_row
  for i, f in ipairs(frames) do
    local col, row = (i - 1) % per_row, (i - 1) // per_row
    for _, e in ipairs(board(f[1], col * size, row * size * 1.12, size, o, f[2], f[3])) do
      body[#body + 1] = e
    end
  end
  local width = math.min(#frames, per_row) * size
  return document(width, rows * size * 1.12, body,
                  o.title or string.format("Mū Tōrere: a game of %s", g:variant().name))
end

-- --- the position graph ---

local value_colour = {win = "#7bc96f", loss = "#e8787a", draw = "#d9d9d9",
                      mixed = "#f0c05a", none = "#ffffff"}

-- What the picture shows, under the graph.
local DOT_LEGEND = table.concat({
  "A node is a board up to rotation and reflection%s; its left half is the side",
  "to move being black, its right half white: green, that side wins with perfect",
  "play; red, it loses; grey, a draw; amber, it depends on the moves that led",
  "there (the variant's rules read the ply or remember moves); white, never",
  "reached with that side to move.  An edge is a move; bold, the only one.", ""}, "\\l")

-- mt.dot(variant [, options]): the graph of the boards reachable from the
-- variant's start, as Graphviz DOT: a node for each board up to rotation
-- and reflection (and colour swap when options.swap), an edge for each
-- move between them.  A node is filled by the solver's values for black to
-- move (left) and white to move (right): "mixed" when the states of that
-- board and side (their plies or remembered moves differ) differ in value;
-- an edge is bold where the move is forced (the only one).  DOT_LEGEND
-- says so under the graph.
function M.dot(variant, options)
  local v = shared.as_argument(1, "dot", M.variant, variant)
  local o = shared.options(options, 2, "dot", {swap = "boolean"})
  local s = M.solve(v)
  local nodes, order, edges = {}, {}, {}
  local other = {black = "white", white = "black"}
  local states, histories = shared.reachable(v)
  for i, p in ipairs(states) do
    local h = histories[i]
    local key, swapped = shared.canonical(p, o.swap, true, v)
    if not nodes[key] then
      nodes[key] = {id = #order + 1, values = {}}
      order[#order + 1] = key
    end
    local side = swapped and other[p.side] or p.side
    local value, was = (s:lookup(p, h)), nodes[key].values[side]
    nodes[key].values[side] = (was == nil or was == value) and value or "mixed"
    if not v:outcome(p, h) then
      local moves = v:moves(p, h)
      for _, m in ipairs(moves) do
        local to = shared.canonical(v:play(p, m, h), o.swap, true, v)
        local edge = key .. ">" .. to
        if not edges[edge] then
          edges[edge] = {from = key, to = to, forced = #moves == 1}
          edges[#edges + 1] = edge
        elseif #moves == 1 then
          edges[edge].forced = true
        end
      end
    end
  end
  local lines = {string.format('digraph "%s" {', v.name),
                 string.format('  graph [label="%s" labeljust=l fontname="sans-serif" fontsize=10];',
                               DOT_LEGEND:format(o.swap and " and colour swap" or "")),
                 '  node [shape=ellipse style="wedged" fontname="monospace" fontsize=10];'}
  for _, key in ipairs(order) do
    local n = nodes[key]
    local b = value_colour[n.values.black or "none"]
    local w = value_colour[n.values.white or "none"]
    lines[#lines + 1] = string.format('  n%d [label="%s" fillcolor="%s:%s"];', n.id, key, b, w)
  end
  for _, e in ipairs(edges) do
    local x = edges[e]
    lines[#lines + 1] = string.format("  n%d -> n%d%s;", nodes[x.from].id,
                                      nodes[x.to].id, x.forced and " [style=bold]" or "")
  end
  lines[#lines + 1] = "}"
  return table.concat(lines, "\n") .. "\n", #order
end

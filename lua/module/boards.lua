-- boards.lua — boards that are graphs, drawn: where each point stands (the
-- variant's layout, or points on a circle in their order with the centre
-- point in the middle), the board as SVG elements and as text, and the
-- words for a board's size ("8 arms", "5 points").
local M, _, shared = ...

local floor, max, min, abs = math.floor, math.max, math.min, math.abs

-- shared.size_text(v): the size of a variant's board in words.
function shared.size_text(v)
  if v.points then return string.format("%d points", v.points) end
  return string.format("%d arms", v.arms)
end

-- shared.board_places(board): {name = {x, y}} with x and y in [0, 1] for
-- the points of a board description (p:board(), v:board()): its layout
-- scaled to fit, or without one the points on a circle in their order,
-- the first at the top, clockwise, and the centre point in the middle.
function shared.board_places(board)
  local raw, names = {}, board.points
  if board.layout then
    for _, name in ipairs(names) do raw[name] = board.layout[name] end
  else
    local ring = {}
    for _, name in ipairs(names) do
      if name ~= board.centre then ring[#ring + 1] = name end
    end
    for i, name in ipairs(ring) do
      local a = math.pi / 2 - (i - 1) * 2 * math.pi / #ring
      raw[name] = {math.cos(a), -math.sin(a)}
    end
    if board.centre then raw[board.centre] = {0, 0} end
  end
  local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
  for _, name in ipairs(names) do
    local p = raw[name]
    x0, y0, x1, y1 = min(x0, p[1]), min(y0, p[2]), max(x1, p[1]), max(y1, p[2])
  end
  local span = max(x1 - x0, y1 - y0, 1e-9)
  local places = {}
  for _, name in ipairs(names) do -- centred in the unit square
    local p = raw[name]
    places[name] = {(p[1] - x0 + (span - (x1 - x0)) / 2) / span,
                    (p[2] - y0 + (span - (y1 - y0)) / 2) / span}
  end
  return places
end

local function num(x) return string.format("%.1f", x) end

local function escape(s) return shared.html_escape(s) end

-- The SVG marker of one-way lines.
shared.GRAPH_ARROW_DEF = '<defs><marker id="way" viewBox="0 0 10 10" refX="9" refY="5" ' ..
  'markerWidth="6" markerHeight="6" orient="auto"><path d="M0,1 L10,5 L0,9 z" ' ..
  'fill="#6b4f2a"/></marker></defs>'

-- shared.graph_svg(pos, x, y, size, options, move): the SVG elements of a
-- graph position drawn in the square of size pixels at (x, y): lines,
-- one-way lines with a head, points, pieces (each point's circle named by
-- its data-point attribute), names (unless options.numbers is false), and
-- an arrow for move (text or Move).  Returns the list and
-- the radius of a piece.
-- shared.move_points(move, is_point): the points of a move (text or Move)
-- whose point names is_point(name) knows: {kind = "slide" (or "jump";
-- the text does not tell), "drop" or "pass", from = name or nil, to =
-- name or nil, take = {names}}; nil when the text reads as no move, or
-- as more than one (point names that hold an x), as the engine reads it.
function shared.move_points(move, is_point)
  local text = tostring(move)
  if text:lower() == "pass" then return {kind = "pass", take = {}} end
  local drop = text:sub(1, 1) == "@"
  local s = drop and text:sub(2) or text
  local names, seps, found, first = {}, {}, 0, nil
  local function walk(i, k)
    for j = i, #s do
      if found > 1 then return end
      local c = s:sub(j + 1, j + 1)
      local at_end, sep = j == #s, c == "-" or c == "x" or c == "X"
      if at_end or sep then
        local name = s:sub(i, j)
        if is_point(name) then
          names[k] = name
          if at_end and k >= (drop and 1 or 2) then
            found = found + 1
            if found == 1 then first = {table.unpack(names, 1, k)} first.seps = {table.unpack(seps, 1, k)} end
          elseif sep and not (c == "-" and (drop or k ~= 1)) then
            seps[k + 1] = c == "-" and "-" or "x"
            walk(j + 2, k + 1)
          end
        end
      end
    end
  end
  if #s > 0 then walk(1, 1) end
  if found ~= 1 then return nil end
  local out = {kind = drop and "drop" or "slide", take = {}}
  local i = 1
  if not drop then out.from, i = first[1], 2 end
  out.to = first[i]
  if not drop and first.seps[2] == "x" then out.take[#out.take + 1] = out.to end
  for j = i + 1, #first do out.take[#out.take + 1] = first[j] end
  return out
end

-- shared.move_marks(parts, at, pr): the SVG elements of a move's points
-- (shared.move_points) drawn where at(name) places them, pieces of radius
-- pr: an arrow from the point it leaves, a ring where a drop lands, a
-- cross on each piece it takes.
function shared.move_marks(parts, at, pr)
  local out = {}
  if parts.from and parts.to then
    local x1, y1 = at(parts.from)
    local x2, y2 = at(parts.to)
    local dx, dy = x2 - x1, y2 - y1
    local k = (pr + 4) / math.max(math.sqrt(dx * dx + dy * dy), 1e-9)
    out[#out + 1] = string.format(
      '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#c0392b" stroke-width="3" ' ..
      'marker-end="url(#arrow)" class="move"/>',
      num(x1 + dx * k), num(y1 + dy * k), num(x2 - dx * k), num(y2 - dy * k))
  elseif parts.to then
    local x, y = at(parts.to)
    out[#out + 1] = string.format(
      '<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#c0392b" stroke-width="3" ' ..
      'class="drop"/>', num(x), num(y), num(pr + 4))
  end
  for _, name in ipairs(parts.take) do
    local x, y = at(name)
    local d = pr * 0.8
    out[#out + 1] = string.format(
      '<path d="M%s,%s L%s,%s M%s,%s L%s,%s" stroke="#c0392b" stroke-width="3" ' ..
      'class="taken"/>', num(x - d), num(y - d), num(x + d), num(y + d), num(x - d),
      num(y + d), num(x + d), num(y - d))
  end
  return out
end

function shared.graph_svg(pos, x, y, size, o, move)
  local board = pos:board()
  local places = shared.board_places(board)
  local margin = size * 0.12
  local function at(name)
    local p = places[name]
    return x + margin + p[1] * (size - 2 * margin), y + margin + p[2] * (size - 2 * margin)
  end
  local out = {}
  local nearest = math.huge -- the closest two points, for the pieces' size
  for i, a in ipairs(board.points) do
    for j = i + 1, #board.points do
      local ax, ay = at(a)
      local bx, by = at(board.points[j])
      nearest = min(nearest, math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2))
    end
  end
  local pr = max(3, min(size * 0.055, nearest * 0.3))
  for _, l in ipairs(board.lines) do
    local x1, y1 = at(l[1])
    local x2, y2 = at(l[2])
    out[#out + 1] = string.format(
      '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#6b4f2a" stroke-width="2"/>',
      num(x1), num(y1), num(x2), num(y2))
  end
  for _, l in ipairs(board.arrows) do
    local x1, y1 = at(l[1])
    local x2, y2 = at(l[2])
    local dx, dy = x2 - x1, y2 - y1
    local k = (pr + 2) / max(math.sqrt(dx * dx + dy * dy), 1e-9)
    out[#out + 1] = string.format(
      '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#6b4f2a" stroke-width="2" ' ..
      'stroke-dasharray="6 3" marker-end="url(#way)" class="arrow"/>',
      num(x1), num(y1), num(x2 - dx * k), num(y2 - dy * k))
  end
  for _, name in ipairs(board.points) do
    local px, py = at(name)
    local who = pos[name]
    if who then
      out[#out + 1] = string.format(
        '<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#000" stroke-width="1.5" class="%s" ' ..
        'data-point="%s"/>', num(px), num(py), num(pr), who == "black" and "#1b1b1b" or "#fbfbf5",
        who, escape(name))
    else
      out[#out + 1] = string.format(
        '<circle cx="%s" cy="%s" r="%s" fill="#6b4f2a" class="empty" data-point="%s"/>',
        num(px), num(py), num(pr / 3), escape(name))
    end
    if o.numbers ~= false then
      out[#out + 1] = string.format(
        '<text x="%s" y="%s" font-family="sans-serif" font-size="%s" ' ..
        'text-anchor="start" fill="#444">%s</text>',
        num(px + pr * 0.8), num(py - pr * 0.9), num(max(8, size * 0.04)), escape(name))
    end
  end
  local parts = move and shared.move_points(move, function(name) return places[name] ~= nil end)
  if parts then
    for _, e in ipairs(shared.move_marks(parts, at, pr)) do out[#out + 1] = e end
  end
  return out, pr
end

-- The points of a graph position as a list, each piece with its name,
-- wrapped at 72 columns (for a layout that puts two points in one place
-- of the text grid).
local function points_list(pos, board, piece, colour)
  local out, line, width = {}, {}, 0
  for _, name in ipairs(board.points) do
    if width > 0 and width + #name + 4 > 72 then
      out[#out + 1], line, width = table.concat(line, "  "), {}, 0
    end
    line[#line + 1] = piece(pos, name) .. " " .. colour(name, "label")
    width = width + #name + 4
  end
  out[#out + 1] = table.concat(line, "  ")
  return out
end

-- shared.graph_diagram(pos, piece, colour): the lines of text of a graph
-- position: each point's piece (piece(pos, name)) where its layout puts
-- it, its name beside it, the lines that run straight or at 45 degrees on
-- the grid drawn (or, when the layout puts two points in one place of the
-- grid, the points as a list); then the lines as a list (so none is lost),
-- the one-way lines marked with >.
function shared.graph_diagram(pos, piece, colour)
  local board = pos:board()
  local places = shared.board_places(board)
  local listed = {}
  for _, l in ipairs(board.lines) do listed[#listed + 1] = l[1] .. "-" .. l[2] end
  for _, l in ipairs(board.arrows) do listed[#listed + 1] = l[1] .. ">" .. l[2] end
  listed = colour("lines: " .. table.concat(listed, " "), "label")
  -- the grid: as fine as the closest points need, at most 24 units wide
  local xs, ys = {}, {}
  for _, name in ipairs(board.points) do
    xs[#xs + 1], ys[#ys + 1] = places[name][1], places[name][2]
  end
  local step = 1
  for _, list in ipairs({xs, ys}) do
    table.sort(list)
    for i = 2, #list do
      local d = list[i] - list[i - 1]
      if d > 1e-6 then step = min(step, d) end
    end
  end
  local units = min(24, floor(1 / step + 0.5))
  local unit, taken = {}, {} -- each point's column and row in units
  for _, name in ipairs(board.points) do
    local u, v = floor(places[name][1] * units + 0.5), floor(places[name][2] * units + 0.5)
    if taken[u * 64 + v] then
      local out = points_list(pos, board, piece, colour)
      out[#out + 1] = listed
      return out
    end
    taken[u * 64 + v], unit[name] = true, {u, v}
  end
  -- columns a unit: a name ends before the next point of its row; an even
  -- number, and half as many rows, so that 45 degrees fall on cells
  local cw = 4
  for _, a in ipairs(board.points) do
    for _, b in ipairs(board.points) do
      local du = unit[b][1] - unit[a][1]
      if unit[a][2] == unit[b][2] and du > 0 then cw = max(cw, -((-#a - 2) // du)) end
    end
  end
  cw = cw + cw % 2
  local ch = cw // 2
  local longest = 1
  for _, name in ipairs(board.points) do longest = max(longest, #name) end
  local w, h = units * cw + longest + 3, units * ch + 1
  local grid = {}
  for r = 1, h do grid[r] = {} for c = 1, w do grid[r][c] = " " end end
  local cell = {}
  for _, name in ipairs(board.points) do
    cell[name] = {1 + unit[name][1] * cw, 1 + unit[name][2] * ch}
  end
  local function draw(a, b)
    local c1, r1 = cell[a][1], cell[a][2]
    local c2, r2 = cell[b][1], cell[b][2]
    local dc, dr = c2 - c1, r2 - r1
    if not (dr == 0 or dc == 0 or abs(dc) == 2 * abs(dr)) then return false end
    local steps = dr == 0 and abs(dc) or abs(dr)
    for t = 1, steps - 1 do
      local c = c1 + floor(dc * t / steps + 0.5)
      local r = r1 + floor(dr * t / steps + 0.5)
      if grid[r][c] == " " then grid[r][c] = colour(shared.line_char(dc, dr), "line") end
    end
    return true
  end
  for _, l in ipairs(board.lines) do draw(l[1], l[2]) end
  for _, l in ipairs(board.arrows) do draw(l[1], l[2]) end
  for _, name in ipairs(board.points) do
    local c, r = cell[name][1], cell[name][2]
    grid[r][c] = piece(pos, name)
    for k = 1, #name do grid[r][c + 1 + k] = colour(name:sub(k, k), "label") end
  end
  local lines = {}
  for r = 1, h do
    local line = table.concat(grid[r]):gsub("%s+$", "")
    if line ~= "" or (#lines > 0 and r < h) then lines[#lines + 1] = line end
  end
  while lines[#lines] == "" do lines[#lines] = nil end
  lines[#lines + 1] = listed
  return lines
end

-- shared.graph_rules_text(v): the rules of a variant on a graph board in
-- words, a list of sentences.
function shared.graph_rules_text(v)
  local p, b = v:parameters(), v:board()
  local start = v.start
  local function listed(names) return table.concat(names, ", ") end
  local out = {
    string.format("The board has %d points (%s) joined by %d line%s%s.", v.points,
                  listed(b.points), #b.lines, #b.lines == 1 and "" or "s",
                  #b.arrows > 0 and string.format(" and %d one-way line%s", #b.arrows,
                                                  #b.arrows == 1 and "" or "s") or ""),
    string.format("Black has %s, white %s; %s moves first.",
                  p.pieces.black == 0 and "no piece" or
                    string.format("%d piece%s (on %s)", p.pieces.black,
                                  p.pieces.black == 1 and "" or "s", listed(start:pieces("black"))),
                  p.pieces.white == 0 and "none" or
                    string.format("%d (on %s)", p.pieces.white, listed(start:pieces("white"))),
                  start.side),
    "A move takes a piece along a line to an empty point" ..
    (#b.arrows > 0 and " (a one-way line only in its direction)." or "."),
  }
  if p.adjacent_enemy then
    out[#out + 1] = "Every move needs an enemy piece next to the moving piece."
  end
  if b.centre and p.flank ~= "never" and p.flank ~= 0 then
    out[#out + 1] = string.format("A piece may go to the centre point %s only with an " ..
      "enemy piece next to it%s.", b.centre, p.flank == "always" and "" or
      string.format(" on the first %s", shared.plies(p.flank)))
  end
  return shared.rules_endings(v, p, out)
end

-- --- the same game? ---

-- The arcs of a board description: out[a][b] when a piece may go from a
-- to b, and each point's counts of arcs out and in.
local function arcs_of(board)
  local out, degree = {}, {}
  for _, name in ipairs(board.points) do out[name], degree[name] = {}, {0, 0} end
  local function add(a, b)
    out[a][b] = true
    degree[a][1], degree[b][2] = degree[a][1] + 1, degree[b][2] + 1
  end
  for _, l in ipairs(board.lines) do add(l[1], l[2]) add(l[2], l[1]) end
  for _, l in ipairs(board.arrows) do add(l[1], l[2]) end
  return out, degree
end

local flip_colour = {black = "white", white = "black", draw = "draw"}

-- arcs_kept(out_a, out_b, map, x, y): true when mapping point x (of the
-- board whose arcs are out_a) to y (of out_b's) keeps every arc, each way,
-- between x and the points map has mapped already.
local function arcs_kept(out_a, out_b, map, x, y)
  for x2, y2 in pairs(map) do
    if (out_a[x][x2] or false) ~= (out_b[y][y2] or false) or
       (out_a[x2][x] or false) ~= (out_b[y2][y] or false) then
      return false
    end
  end
  return true
end

-- The text of the position of board b (a description) whose point x holds
-- colour(x), with the pieces in hand (hand.black, hand.white), side to
-- move and ply.
local function position_text(board, colour, hand, side, ply)
  local glyph = {black = "b", white = "w"}
  local cells = {}
  for _, name in ipairs(board.points) do
    if name ~= "c" or board.kind ~= "wheel" then cells[#cells + 1] = glyph[colour(name)] or "." end
  end
  local text = table.concat(cells)
  if board.kind == "wheel" then text = text .. "/" .. (glyph[colour("c")] or ".") end
  if hand.black > 0 or hand.white > 0 then
    text = string.format("%s %d/%d", text, hand.black, hand.white)
  end
  return string.format("%s %s %d", text, side:sub(1, 1), ply)
end

-- The text of move m with its points renamed by map (names as strings).
local function renamed_move(m, map)
  if m.kind == "pass" then return "pass" end
  local to = map[tostring(m.to)]
  local taken, to_taken = {}, false
  for _, point in ipairs(m.take) do
    local image = map[tostring(point)]
    if image == to then to_taken = true else taken[#taken + 1] = "x" .. image end
  end
  local head = m.kind == "drop" and "@" .. to .. (to_taken and "x" .. to or "")
               or map[tostring(m.from)] .. (to_taken and "x" or "-") .. to
  return head .. table.concat(taken)
end

-- The colour on point name of a position (a graph's or the wheel's).
local function colour_at(p, name)
  if p.arms and name == "c" then return p.centre end
  return p:at(tonumber(name) and p.arms and tonumber(name) or name)
end

-- Walks the states reachable from a's start (states, histories: as
-- shared.reachable gives them) and checks that map (a's points to b's;
-- swap: the colours too) carries each to a state of b with the same
-- moves, carried, and the same end.  Returns true, or false and what
-- differs.
local function same_play(va, vb, bb, states, histories, map, swap)
  local from = {} -- b's points to a's
  for a, b in pairs(map) do from[b] = a end
  local function carry(p)
    local side = swap and flip_colour[p.side] or p.side
    local hand = swap and {black = p.hand.white, white = p.hand.black} or p.hand
    return M.position(position_text(bb, function(name)
      local who = colour_at(p, from[name])
      return swap and who and flip_colour[who] or who
    end, hand, side, p.ply))
  end
  local same = {}
  for _, name in ipairs(bb.points) do same[name] = name end
  -- a move's text with its points carried, in one order for both boards
  local function carry_move(m) return renamed_move(m, map) end
  local function own_move(m) return renamed_move(m, same) end
  for i, p in ipairs(states) do
    local h, q = histories[i], carry(p)
    local hq = {}
    for k, m in ipairs(h) do hq[k] = carry_move(m) end
    local oa = va:outcome(p, h)
    local ob = vb:outcome(q, hq)
    if swap and oa then oa = flip_colour[oa] end
    if oa ~= ob then
      return false, string.format("%s ends %s in %s, its image %s %s", va.name,
                                  tostring(oa or "not"), tostring(p), tostring(q),
                                  tostring(ob or "does not end"))
    end
    if not oa then
      local ma, mb = {}, {}
      for _, m in ipairs(va:moves(p, h)) do ma[carry_move(m)] = true end
      for _, m in ipairs(vb:moves(q, hq)) do mb[own_move(m)] = true end
      local only_a, m = shared.least(ma, function(k) return not mb[k] end) -- (the least that differs)
      if only_a then
        return false, string.format("%s allows the image of %s in %s (%s in %s); %s does not",
                                    va.name, m, tostring(p), m, tostring(q), vb.name)
      end
      local only_b, k = shared.least(mb, function(x) return not ma[x] end)
      if only_b then
        return false, string.format("%s allows %s in %s; %s not its image", vb.name, k,
                                    tostring(q), va.name)
      end
    end
  end
  return true
end

-- The point of a variant's board that its rules single out among the
-- relabellings of the board onto itself that keep its start: its centre
-- when the flank rule guards it.  Returns that point (or nil), and
-- whether the rules single out only that: true for a variant without
-- hooks (its other rules read the lines alone), so that two mappings
-- onto another board that send the point to the same place are the same
-- game or not alike.
local function kept_point(v, board)
  local flank = v:parameters().flank
  local centre = flank ~= "never" and flank ~= 0 and board.centre or nil
  return centre, not v.hooked and not v.general
end

-- M.same_game(a, b): whether two variants are the same game up to a
-- relabelling of the points (and perhaps of the colours): true, the
-- mapping {point of a = point of b} and whether the colours swap; or
-- false and why not.  A mapping must carry a's board onto b's (lines to
-- lines, one-way lines to one-way lines) and a's start onto b's start;
-- it is then checked on every state reachable from a's start: the same
-- moves, carried, and the same ends, so hooks and parameters are compared
-- by what they do.  Of the mappings that differ only by a relabelling of
-- a's board onto itself that a's rules cannot tell (a variant without
-- hooks), one is checked.
function M.same_game(a, b)
  local va = shared.as_argument(1, "same_game", M.variant, a)
  local vb = shared.as_argument(2, "same_game", M.variant, b)
  if va.hooked and not vb.hooked then -- the sameness goes both ways
    local same, map, swap = M.same_game(vb, va)
    if not same then return same, map end
    local back = {}
    for x, y in pairs(map) do back[y] = x end
    return true, back, swap
  end
  local ba, bb = va:board(), vb:board()
  if #ba.points ~= #bb.points then
    return false, string.format("%s has %d points, %s %d", va.name, #ba.points,
                                vb.name, #bb.points)
  end
  local out_a, deg_a = arcs_of(ba)
  local out_b, deg_b = arcs_of(bb)
  local arcs_a, arcs_b = 0, 0
  for _, d in pairs(deg_a) do arcs_a = arcs_a + d[1] end
  for _, d in pairs(deg_b) do arcs_b = arcs_b + d[1] end
  if arcs_a ~= arcs_b then
    return false, string.format("the boards differ: %s has %d moves along its lines, %s %d",
                                va.name, arcs_a, vb.name, arcs_b)
  end
  local sa, sb = va.start, vb.start
  local why = "no relabelling of the points carries one board and start onto the other"
  local kept, plain = kept_point(va, ba)
  -- past this depth of the search, a mapping that failed the play means
  -- every other one below it fails too
  local settled = plain and (kept and 1 or 0) or #ba.points
  local order = shared.search_order(ba, out_a, kept)
  local states, histories
  for _, swap in ipairs({false, true}) do
    if (sa.side == sb.side) ~= swap then
      local map, used = {}, {}
      local found
      local function fits(x, y)
        local cx, cy = colour_at(sa, x), colour_at(sb, y)
        if swap and cx then cx = flip_colour[cx] end
        return cx == cy and deg_a[x][1] == deg_b[y][1] and deg_a[x][2] == deg_b[y][2] and
               arcs_kept(out_a, out_b, map, x, y)
      end
      -- Maps order[k..] onto b's points left; true when a mapping is the
      -- same game, else false and whether one was played and failed.
      local function search(k)
        if k > #order then
          if not states then states, histories = shared.reachable(va) end
          local ok, reason = same_play(va, vb, bb, states, histories, map, swap)
          if ok then
            found = {}
            for x, y in pairs(map) do found[x] = y end
            return true
          end
          why = reason
          return false, true
        end
        local x = order[k]
        for _, y in ipairs(bb.points) do
          if not used[y] and fits(x, y) then
            map[x], used[y] = y, true
            local ok, played = search(k + 1)
            if ok then return true end
            map[x], used[y] = nil, nil
            if played and k > settled then return false, true end
          end
        end
        return false
      end
      if search(1) then return true, found, swap end
    end
  end
  return false, why
end

-- --- symmetries ---

-- The symmetries of the boards met last, by a text of the board (strings
-- are never dropped from a weak table: the cache is emptied instead once
-- it holds SYMMETRY_CACHE boards).
local SYMMETRY_CACHE = 8
local symmetry_cache, cached_boards = {}, 0

-- shared.search_order(board, out, first): the points of a board
-- description in the order a search for relabellings maps them, so that
-- each is tied by arcs (out, as arcs_of gives them) to those before it
-- and a wrong choice fails at once: first (or the most joined point),
-- then again and again the point with the most arcs to the points
-- already ordered (ties: the most joined, then by name).
function shared.search_order(board, out, first)
  local degree, ties, order, placed = {}, {}, {}, {}
  for _, x in ipairs(board.points) do degree[x], ties[x] = 0, 0 end
  for x, to in pairs(out) do
    for y in pairs(to) do degree[x], degree[y] = degree[x] + 1, degree[y] + 1 end
  end
  local function better(x, y)
    if ties[x] ~= ties[y] then return ties[x] > ties[y] end
    if degree[x] ~= degree[y] then return degree[x] > degree[y] end
    return x < y
  end
  for k = 1, #board.points do
    local pick = k == 1 and first or nil
    if not pick then
      for _, x in ipairs(board.points) do
        if not placed[x] and (not pick or better(x, pick)) then pick = x end
      end
    end
    order[k], placed[pick] = pick, true
    for _, y in ipairs(board.points) do
      if out[pick][y] then ties[y] = ties[y] + 1 end
      if out[y][pick] then ties[y] = ties[y] + 1 end
    end
  end
  return order
end

-- shared.board_symmetries(board): the relabellings of a board description
-- onto itself (lines to lines, one-way lines kept in their direction, the
-- centre kept): a list of maps {name = image}, the identity first; at most
-- 2000 of them (a board with more gives the first found: folding by them
-- is then only less thorough).  Also, as a second result, each as a list
-- of point numbers: where[i] is the number of the point whose piece the
-- relabelling brings to point i.
function shared.board_symmetries(board)
  local parts = {table.concat(board.points, " ")}
  for _, kind in ipairs({"lines", "arrows"}) do
    for _, l in ipairs(board[kind]) do parts[#parts + 1] = kind .. l[1] .. "-" .. l[2] end
  end
  parts[#parts + 1] = "centre " .. tostring(board.centre)
  local key = table.concat(parts, " ")
  local cached = symmetry_cache[key]
  if cached then return cached[1], cached[2] end
  local out, degree = arcs_of(board)
  local found, map, used = {}, {}, {}
  local order = shared.search_order(board, out, board.centre)
  -- anchor[k]: a point before order[k] tied to it by an arc (the search
  -- order puts one there on a joined board), whose image rules out at
  -- once the points y whose arcs with it differ, before the whole check
  local anchor = {}
  for k = 2, #order do
    local x = order[k]
    for j = 1, k - 1 do
      local z = order[j]
      if out[x][z] or out[z][x] then anchor[k] = z break end
    end
  end
  local function fits(x, y, z)
    if degree[x][1] ~= degree[y][1] or degree[x][2] ~= degree[y][2] then return false end
    if (x == board.centre) ~= (y == board.centre) then return false end
    if z then
      local w = map[z]
      if (out[x][z] or false) ~= (out[y][w] or false) or (out[z][x] or false) ~= (out[w][y] or false) then
        return false
      end
    end
    return arcs_kept(out, out, map, x, y)
  end
  local function search(k)
    if #found >= 2000 then return end
    if k > #order then
      local copy = {}
      for a, b in pairs(map) do copy[a] = b end
      found[#found + 1] = copy
      return
    end
    local x = order[k]
    for i = 0, #board.points do -- x itself first: the identity is found first
      local y = i == 0 and x or board.points[i]
      if (i == 0 or y ~= x) and not used[y] and fits(x, y, anchor[k]) then
        map[x], used[y] = y, true
        search(k + 1)
        map[x], used[y] = nil, nil
      end
    end
  end
  search(1)
  local number, where = {}, {}
  for i, name in ipairs(board.points) do number[name] = i end
  for k, g in ipairs(found) do
    where[k] = {}
    for a, b in pairs(g) do where[k][number[b]] = number[a] end
  end
  if cached_boards >= SYMMETRY_CACHE then symmetry_cache, cached_boards = {}, 0 end
  symmetry_cache[key], cached_boards = {found, where}, cached_boards + 1
  return found, where
end

-- shared.graph_canonical(p, swap): the least text of a position of a board
-- of points under the board's symmetries (and the colour swap, with the
-- side to move, when swap), the ply left out; and whether it took the
-- swap.
function shared.graph_canonical(p, swap)
  local board = p:board()
  local text = tostring(p):gsub(" %d+$", "")
  if not board then return text, false end
  local n = #board.points
  local cells = {}
  for i = 1, n + 2 do cells[i] = text:sub(i, i) end -- the points, " ", the side
  local _, where = shared.board_symmetries(board)
  local flip = {["."] = ".", [" "] = " ", b = "w", w = "b"}
  local best, swapped
  for _, colours in ipairs(swap and {false, true} or {false}) do
    for _, from in ipairs(where) do
      -- the image, compared with the best so far point by point: most
      -- images are beaten at their first points, and none is built
      for i = 1, n + 2 do
        local c = cells[from[i] or i]
        if colours then c = flip[c] end
        if not best or c < best[i] then
          best, swapped = best or {}, colours
          for j = i, n + 2 do
            local d = cells[from[j] or j]
            best[j] = colours and flip[d] or d
          end
          break
        elseif c > best[i] then
          break
        end
      end
    end
  end
  return table.concat(best), swapped
end

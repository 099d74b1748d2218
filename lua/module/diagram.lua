-- diagram.lua — the board as text: a star of arms around the centre for
-- boards up to 16 arms, a numbered ring for larger ones, a graph board by
-- its layout (boards.lua); pieces coloured with ANSI codes when mt.colours
-- is true.
local M, _, shared = ...

local glyph = {black = "●", white = "○"}
local empty_glyph = "·"
local paint = {black = "\27[1;33m", white = "\27[1;36m", line = "\27[2m",
               label = "\27[2m", reset = "\27[0m"}

-- colour(text, kind): text wrapped in the ANSI codes of kind when colours
-- are on.
local function colour(text, kind, on)
  if not on or not paint[kind] then return text end
  return paint[kind] .. text .. paint.reset
end

-- piece(position, point, on): the glyph of what stands on a point.
local function piece(pos, point, on)
  local who = pos:at(point)
  if not who then return empty_glyph end
  return colour(glyph[who], who, on)
end

-- piece_glyph(colour, on): the glyph of a piece of colour.
local function piece_glyph(who, on)
  return colour(glyph[who], who, on)
end

-- shared.line_char(dx, dy): the line character for a step (dx, dy) on the
-- screen (y down); boards.lua draws boards of points with it too.
local function line_char(dx, dy)
  if dy == 0 then return "─" end
  if dx == 0 then return "│" end
  return (dx > 0) == (dy < 0) and "╱" or "╲"
end
shared.line_char = line_char

-- star(pos, on): the lines of a star diagram for up to 16 arms: arm 1 at
-- the top, the others clockwise; terminal cells are twice as high as wide.
local function star(pos, on)
  local n = pos.arms
  local ry = n <= 8 and 3 or n <= 12 and 4 or 5   -- arm length in rows
  local rx = 2 * ry                               -- and in columns
  local w, h = 2 * rx + 9, 2 * ry + 3
  local cx, cy = w // 2 + 1, h // 2 + 1
  local grid = {}
  for y = 1, h do grid[y] = {} for x = 1, w do grid[y][x] = " " end end
  local function put(x, y, s) grid[y][x] = s end
  local function round(v) return math.floor(v + 0.5) end
  for i = 1, n do
    local a = math.pi / 2 - (i - 1) * 2 * math.pi / n
    local dx, dy = round(rx * math.cos(a)), -round(ry * math.sin(a))
    -- the spoke: a full line when straight, else one mark per row
    local steps = dy == 0 and math.abs(dx) or math.abs(dy)
    for t = 1, steps - 1 do
      local x = cx + round(dx * t / steps)
      local y = cy + round(dy * t / steps)
      if grid[y][x] == " " then
        put(x, y, colour(line_char(dx, dy), "line", on))
      end
    end
    put(cx + dx, cy + dy, piece(pos, i, on))
    local label = tostring(i)
    local lx, ly = cx + dx, cy + dy                -- the arm number beside it
    if dx > 0 then lx = lx + 2
    elseif dx < 0 then lx = lx - 1 - #label
    else ly = ly + (dy < 0 and -1 or 1) lx = lx - (#label - 1) // 2 end
    for k = 1, #label do
      put(lx + k - 1, ly, colour(label:sub(k, k), "label", on))
    end
  end
  put(cx, cy, piece(pos, "c", on))
  local lines = {}
  for y = 1, h do
    local line = table.concat(grid[y]):gsub("%s+$", "")
    if line ~= "" then lines[#lines + 1] = line end
  end
  return lines
end

-- ring(pos, on): the lines of a numbered ring for any number of arms.
local function ring(pos, on)
  local numbers, pieces = {}, {}
  for i = 1, pos.arms do
    numbers[#numbers + 1] = string.format("%3d", i)
    pieces[#pieces + 1] = "  " .. piece(pos, i, on)
  end
  local lines = {}
  for start = 1, pos.arms, 16 do
    local stop = math.min(start + 15, pos.arms)
    lines[#lines + 1] = colour(table.concat(numbers, "", start, stop), "label", on)
    lines[#lines + 1] = table.concat(pieces, "", start, stop)
  end
  lines[#lines + 1] = "centre " .. piece(pos, "c", on)
  return lines
end

local outcome_text = {black = "black wins", white = "white wins", draw = "draw"}

-- M.status(game): one line saying whose turn it is or how the game ended.
function M.status(g)
  shared.check_arg(M.type(g) == "Game", 1, "status", "Game", g)
  local pos = g:board()
  local v = g:variant()
  local head = string.format("%s · ply %d", v.name, g:ply())
  if v.arms ~= 8 then
    head = string.format("%s · %s · ply %d", v.name, shared.size_text(v), g:ply())
  end
  local result, reason = g:result()
  if result then
    return string.format("%s · %s (%s)", head, outcome_text[result], reason)
  end
  return string.format("%s · %s to move", head, pos.side)
end

-- M.diagram(game or position [, colours]): the board as lines of text; a
-- game gets its status line too.
function M.diagram(x, on)
  shared.check_arg(on == nil or type(on) == "boolean", 2, "diagram", "boolean (colours)", on)
  if on == nil then on = shared.module.colours end
  local pos = shared.board_of(x, 1, "diagram")
  local status = M.type(x) == "Game" and M.status(x) or nil
  local lines
  if pos.points then
    lines = shared.graph_diagram(pos, function(p, name) return piece(p, name, on) end,
                                 function(text, kind) return colour(text, kind, on) end)
  else
    lines = pos.arms <= 16 and star(pos, on) or ring(pos, on)
  end
  if status then table.insert(lines, 1, status) end
  local hand = pos.hand
  if hand.black > 0 or hand.white > 0 then
    lines[#lines + 1] = string.format("in hand: %s %d, %s %d", piece_glyph("black", on),
                                      hand.black, piece_glyph("white", on), hand.white)
  end
  if not status then lines[#lines + 1] = tostring(pos) end
  return table.concat(lines, "\n")
end

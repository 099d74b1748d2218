-- naive_fields.lua — the move fields (drops, drop_to, slides, jumps, row,
-- pass, misere) written again from their description in words
-- (doc/api.md, "Moves of every kind" in doc/designing-variants.md),
-- sharing nothing with the engine: a board is a list of points with
-- their neighbours and the straight lines through them written out by
-- hand, a state a table.  naive.solve(board, rules, start) values every
-- state reachable from a start.  Slow and plain on purpose.

local naive = {}

local OTHER = {b = "w", w = "b"}

-- A board of columns x rows points named a1.. (a1 b1 c1 a2 ...), with
-- its orthogonal lines and, when diagonals, its diagonal lines too.  Its
-- straight lines are the runs of points in one of those directions.
function naive.grid(columns, rows, diagonals)
  local points, at = {}, {}
  for r = 1, rows do
    for c = 1, columns do
      points[#points + 1] = string.char(96 + c) .. r
      at[points[#points]] = {c, r}
    end
  end
  local function name(c, r)
    if c < 1 or c > columns or r < 1 or r > rows then return nil end
    return string.char(96 + c) .. r
  end
  local steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
  if diagonals then
    for _, d in ipairs({{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}) do steps[#steps + 1] = d end
  end
  local board = {points = points, wheel = false, near = {}, runs = {}}
  for _, p in ipairs(points) do
    board.near[p], board.runs[p] = {}, {}
    for _, d in ipairs(steps) do
      local run, c, r = {}, at[p][1] + d[1], at[p][2] + d[2]
      while name(c, r) do
        run[#run + 1] = name(c, r)
        c, r = c + d[1], r + d[2]
      end
      if #run > 0 then
        board.near[p][#board.near[p] + 1] = run[1]
        board.runs[p][#board.runs[p] + 1] = run
      end
    end
  end
  -- the lines and layout the engine's variant is given
  local lines, layout = {}, {}
  for _, p in ipairs(points) do
    layout[p] = {at[p][1] - 1, rows - at[p][2]}
    for _, q in ipairs(board.near[p]) do
      if p < q then lines[#lines + 1] = p .. "-" .. q end
    end
  end
  board.fields = {points = points, lines = lines, layout = layout}
  return board
end

-- The wheel of n arms "1".."n" round the centre "c": an arm's neighbours
-- are the arms beside it and the centre; its straight lines run round
-- the ring both ways (a jump never goes through the centre); a slide into
-- the empty centre needs an enemy on an arm beside the one it leaves (a
-- slide that takes the centre's piece does not: the flank rule binds
-- slides onto empty points only).
function naive.wheel(n)
  local points = {}
  for i = 1, n do points[i] = tostring(i) end
  points[n + 1] = "c"
  local board = {points = points, wheel = true, near = {c = {}}, runs = {c = {}}, arms = n}
  for i = 1, n do
    local a = points[i]
    local left, right = points[(i - 2) % n + 1], points[i % n + 1]
    board.near[a] = {left, right, "c"}
    table.insert(board.near.c, a)
    board.runs[a] = {}
    for _, d in ipairs({-1, 1}) do
      local run = {}
      for k = 1, n - 1 do run[k] = points[(i - 1 + k * d) % n + 1] end
      board.runs[a][#board.runs[a] + 1] = run
    end
  end
  board.fields = {arms = n}
  return board
end

-- Whether what stands on a point (a side, or nil) is what `kind` says for
-- the mover me: "own", "enemy", "empty", "piece", "any", or a list.
local function is(kind, what, me)
  if type(kind) == "table" then
    for _, k in ipairs(kind) do if is(k, what, me) then return true end end
    return false
  end
  if kind == "any" then return true end
  if kind == "empty" then return what == nil end
  if kind == "own" then return what == me end
  if kind == "enemy" then return what == OTHER[me] end
  return what ~= nil -- "piece"
end

local function copy(s)
  local cells = {}
  for k, x in pairs(s.cells) do cells[k] = x end
  return {cells = cells, hand = {b = s.hand.b, w = s.hand.w}, side = s.side}
end

-- Whether side x has `n` pieces one after another along a straight line.
local function has_row(board, s, x, n)
  for _, p in ipairs(board.points) do
    if s.cells[p] == x then
      for _, run in ipairs(board.runs[p]) do
        local k = 1
        while k < n and run[k] and s.cells[run[k]] == x do k = k + 1 end
        if k >= n then return true end
      end
    end
  end
  return false
end

-- The state after the mover moves a piece from p to q taking `taken`.
local function moved(s, p, q, taken)
  local t = copy(s)
  for _, x in ipairs(taken) do t.cells[x] = nil end
  t.cells[p], t.cells[q], t.side = nil, s.side, OTHER[s.side]
  return t
end

-- The jumps of rule j from point p: along each straight line over span
-- points each as `over` says, onto the point beyond as `onto` says.
local function jumps_from(board, s, p, j, out)
  local me = s.side
  local span = j.span or 1
  local low, high = span, span
  if type(span) == "table" then low, high = span[1], span[2] end
  for _, run in ipairs(board.runs[p]) do
    for k = low, high do
      local beyond = run[k + 1]
      local fine = beyond ~= nil and beyond ~= p
      for i = 1, k do
        if not fine then break end
        fine = is(j.over or "piece", s.cells[run[i]], me)
      end
      local onto = j.onto or "empty"
      if fine and s.cells[beyond] ~= me and is(onto, s.cells[beyond], me) then
        local taken = {}
        if j.take then
          for i = 1, k do
            if s.cells[run[i]] == OTHER[me] then taken[#taken + 1] = run[i] end
          end
        end
        out[#out + 1] = moved(s, p, beyond, taken)
      end
    end
  end
end

-- The states the mover's moves lead to under rules r, none after a row.
local function children(board, r, s)
  local out, me, them = {}, s.side, OTHER[s.side]
  if r.row and has_row(board, s, them, r.row) then return out end
  local drop_to = r.drop_to or board.points
  if r.drop_to == "arms" then drop_to = {table.unpack(board.points, 1, board.arms)} end
  if r.drops and s.hand[me] > 0 then
    for _, p in ipairs(drop_to) do
      if not s.cells[p] then
        local t = copy(s)
        t.cells[p], t.hand[me], t.side = me, s.hand[me] - 1, them
        out[#out + 1] = t
      end
    end
  end
  if not (r.drops == "first" and s.hand[me] > 0) then
    for _, p in ipairs(board.points) do
      if s.cells[p] == me then
        if r.slides ~= false then
          local onto = type(r.slides) == "table" and r.slides.onto or "empty"
          for _, q in ipairs(board.near[p]) do
            local flanked = true
            if board.wheel and q == "c" and not s.cells.c then
              flanked = false
              for _, x in ipairs(board.near[p]) do
                if x ~= "c" and s.cells[x] == them then flanked = true end
              end
            end
            if flanked and s.cells[q] ~= me and is(onto, s.cells[q], me) then
              out[#out + 1] = moved(s, p, q, {})
            end
          end
        end
        for _, j in ipairs(r.jumps or {}) do jumps_from(board, s, p, j, out) end
      end
    end
  end
  -- a pass, but not for a side with no piece left, which loses
  local left = s.hand[me] > 0
  for _, x in pairs(s.cells) do left = left or x == me end
  if left and (r.pass == "always" or (r.pass == "blocked" and #out == 0)) then
    local t = copy(s)
    t.side = them
    out[#out + 1] = t
  end
  return out
end

-- The position text of state s, as the engine writes it.
local chars = {} -- (key's buffer, one for every call)
local function key(board, s)
  local n = 0
  for _, p in ipairs(board.points) do
    if board.wheel and p == "c" then n = n + 1 chars[n] = "/" end
    n = n + 1
    chars[n] = s.cells[p] or "."
  end
  local text = table.concat(chars, "", 1, n)
  if s.hand.b > 0 or s.hand.w > 0 then return text .. " " .. s.hand.b .. "/" .. s.hand.w .. " " .. s.side end
  return text .. " " .. s.side
end

-- The state of position text (as key writes it) on board.
function naive.state(board, text)
  local cells, b, w, side = text:gsub("/", "", board.wheel and 1 or 0):match("^(%S+) ?(%d*)/?(%d*) (%a)$")
  local s = {cells = {}, hand = {b = tonumber(b) or 0, w = tonumber(w) or 0}, side = side}
  for i, p in ipairs(board.points) do
    local x = cells:sub(i, i)
    if x ~= "." then s.cells[p] = x end
  end
  return s
end

-- The leaves depth plies below the state of text `start` under rules r
-- (no repetition rule: perft's count of the fields' moves).
function naive.perft(board, r, start, depth)
  local function count(s, d)
    if d == 0 then return 1 end
    local n = 0
    for _, t in ipairs(children(board, r, s)) do n = n + count(t, d - 1) end
    return n
  end
  return count(naive.state(board, start), depth)
end

-- The states reachable from the state of text `start` under rules r (the
-- variant's fields, jumps a list): {text = {value, distance}}, value
-- "win", "loss" or "draw" for the side to move, the distance in plies
-- to the end under best play (winners hurry, losers delay); and their
-- number.  A state after a row is lost at once; one with no move is lost
-- (won in misère) at once.
function naive.solve(board, r, start)
  -- (most tables made here live briefly: a generational collector)
  local mode = collectgarbage("generational")
  local states, order, kids = {}, {}, {}
  local function visit(t)
    local k = key(board, t)
    if not states[k] then states[k], order[#order + 1] = t, k end
    return k
  end
  visit(naive.state(board, start))
  local i = 1
  while order[i] do
    local k, list = order[i], {}
    for _, t in ipairs(children(board, r, states[k])) do list[#list + 1] = visit(t) end
    kids[k], i = list, i + 1
  end
  local value, distance, parents, left, queue = {}, {}, {}, {}, {}
  for _, k in ipairs(order) do parents[k] = {} end
  for _, k in ipairs(order) do
    left[k] = #kids[k]
    for _, c in ipairs(kids[k]) do table.insert(parents[c], k) end
    if #kids[k] == 0 then
      local s = states[k]
      local row = r.row and has_row(board, s, OTHER[s.side], r.row)
      value[k], distance[k] = (r.misere and not row) and "win" or "loss", 0
      queue[#queue + 1] = k
    end
  end
  local head = 1
  while queue[head] do
    local k = queue[head]
    head = head + 1
    for _, p in ipairs(parents[k]) do
      if not value[p] then
        if value[k] == "loss" then
          value[p], distance[p] = "win", distance[k] + 1
          queue[#queue + 1] = p
        else
          left[p] = left[p] - 1
          if left[p] == 0 then
            value[p], distance[p] = "loss", distance[k] + 1
            queue[#queue + 1] = p
          end
        end
      end
    end
  end
  local out = {}
  for _, k in ipairs(order) do out[k] = {value[k] or "draw", distance[k]} end
  collectgarbage(mode)
  return out, #order
end

return naive

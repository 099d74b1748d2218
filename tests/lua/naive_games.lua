-- naive_games.lua — the six games of drops, jumps and captures (issue 32)
-- written again from their rules in words, sharing nothing with the
-- engine: boards as lists of points and neighbours, rows and jump lines
-- written out by hand, states as tables.  The tests compare the engine's
-- perft, values and distances with these (dofile(HERE ..
-- "/naive_games.lua") gives the table of games).  Slow and plain on
-- purpose.

local naive = {}

local OTHER = {b = "w", w = "b"}

-- A square grid of columns x rows named a1..: its points in the order
-- rows then columns (a1 b1 c1 a2 ...), its orthogonal neighbours, and
-- with diagonals its diagonal ones through the centre only (Achi's).
local function grid(columns, rows)
  local points, at = {}, {}
  for r = 1, rows do
    for c = 1, columns do
      local name = string.char(96 + c) .. r
      points[#points + 1] = name
      at[name] = {c, r}
    end
  end
  local function name(c, r)
    if c < 1 or c > columns or r < 1 or r > rows then return nil end
    return string.char(96 + c) .. r
  end
  return points, at, name
end

-- --- the 3x3 games: drops, then slides; three in a row wins ---

local function three_by_three(pieces, diagonals)
  local points, at, name = grid(3, 3)
  local near = {}
  for _, p in ipairs(points) do
    local c, r = at[p][1], at[p][2]
    local list = {}
    for _, d in ipairs({{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) do
      list[#list + 1] = name(c + d[1], r + d[2])
    end
    -- the half-diagonals join the corners to the middle point
    if diagonals and (p == "b2" or (c ~= 2 and r ~= 2)) then
      if p == "b2" then
        for _, q in ipairs({"a1", "c1", "a3", "c3"}) do list[#list + 1] = q end
      else
        list[#list + 1] = "b2"
      end
    end
    near[p] = list
  end
  local rows = {{"a1", "b1", "c1"}, {"a2", "b2", "c2"}, {"a3", "b3", "c3"},
                {"a1", "a2", "a3"}, {"b1", "b2", "b3"}, {"c1", "c2", "c3"}}
  if diagonals then
    rows[#rows + 1] = {"a1", "b2", "c3"}
    rows[#rows + 1] = {"a3", "b2", "c1"}
  end
  local game = {points = points, wheel = false}
  function game.start()
    return {cells = {}, hand = {b = pieces, w = pieces}, side = "b"}
  end
  function game.won(s) -- the side that just moved has three in a row
    local mover = OTHER[s.side]
    for _, row in ipairs(rows) do
      if s.cells[row[1]] == mover and s.cells[row[2]] == mover and s.cells[row[3]] == mover then
        return true
      end
    end
    return false
  end
  function game.children(s)
    local out, me = {}, s.side
    if s.hand[me] > 0 then
      for _, p in ipairs(points) do
        if not s.cells[p] then
          local t = naive.copy(s)
          t.cells[p] = me
          t.hand[me] = t.hand[me] - 1
          t.side = OTHER[me]
          out[#out + 1] = t
        end
      end
      return out
    end
    for _, p in ipairs(points) do
      if s.cells[p] == me then
        for _, q in ipairs(near[p]) do
          if not s.cells[q] then
            local t = naive.copy(s)
            t.cells[p], t.cells[q], t.side = nil, me, OTHER[me]
            out[#out + 1] = t
          end
        end
      end
    end
    return out
  end
  return game
end

naive.achi = three_by_three(4, true)
naive.tapatan = three_by_three(3, true)
naive["three-mens-morris"] = three_by_three(3, false)

-- --- four field kono: slides, and captures over one's own piece ---

local function kono(cells)
  local points, at, name = grid(4, 4)
  local game = {points = points, wheel = false}
  function game.start()
    return {cells = naive.copy_cells(cells), hand = {b = 0, w = 0}, side = "b"}
  end
  function game.won() return false end
  function game.children(s)
    local out, me, them = {}, s.side, OTHER[s.side]
    for _, p in ipairs(points) do
      if s.cells[p] == me then
        local c, r = at[p][1], at[p][2]
        for _, d in ipairs({{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) do
          local q = name(c + d[1], r + d[2])
          local beyond = name(c + 2 * d[1], r + 2 * d[2])
          if q and not s.cells[q] then -- a slide
            local t = naive.copy(s)
            t.cells[p], t.cells[q], t.side = nil, me, them
            out[#out + 1] = t
          elseif q and s.cells[q] == me and beyond and s.cells[beyond] == them then
            local t = naive.copy(s) -- over one's own piece onto the enemy
            t.cells[p], t.cells[beyond], t.side = nil, me, them
            out[#out + 1] = t
          end
        end
      end
    end
    return out
  end
  return game
end

-- The cells of a board of points from text "b...w..." in points' order.
local function cells_of(points, text)
  local cells = {}
  for i, p in ipairs(points) do
    local c = text:sub(i, i)
    if c ~= "." then cells[p] = c end
  end
  return cells
end

naive.kono_from = function(text)
  local points = grid(4, 4)
  return kono(cells_of(points, text))
end
naive["four-field-kono"] = naive.kono_from("bbbbbbbbwwwwwwww")

-- --- the wheel: Mū Tōrere's standard moves, and the two variants ---

local function wheel(n, leaping, placing)
  local points = {}
  for i = 1, n do points[i] = tostring(i) end
  points[n + 1] = "c"
  local function arm(i) return tostring((i - 1) % n + 1) end
  local game = {points = points, wheel = true, arms = n}
  function game.start()
    local s = {cells = {}, hand = {b = 0, w = 0}, side = "b"}
    if placing then
      s.hand = {b = n // 2, w = n // 2}
    else
      for i = 1, n do s.cells[arm(i)] = i <= n // 2 and "b" or "w" end
    end
    return s
  end
  function game.won() return false end
  function game.children(s)
    local out, me, them = {}, s.side, OTHER[s.side]
    local function add(t) t.side = them out[#out + 1] = t end
    if placing and s.hand[me] > 0 then
      for i = 1, n do
        if not s.cells[arm(i)] then
          local t = naive.copy(s)
          t.cells[arm(i)] = me
          t.hand[me] = t.hand[me] - 1
          add(t)
        end
      end
      return out
    end
    for i = 1, n do
      local a = arm(i)
      if s.cells[a] == me then
        for _, j in ipairs({i - 1, i + 1}) do -- to an empty neighbouring arm
          if not s.cells[arm(j)] then
            local t = naive.copy(s)
            t.cells[a], t.cells[arm(j)] = nil, me
            add(t)
          end
        end
        -- to the empty centre with an enemy on a neighbouring arm
        if not s.cells.c and (s.cells[arm(i - 1)] == them or s.cells[arm(i + 1)] == them) then
          local t = naive.copy(s)
          t.cells[a], t.cells.c = nil, me
          add(t)
        end
        if leaping then -- over an enemy on the next arm into the empty arm beyond
          for _, d in ipairs({-1, 1}) do
            if s.cells[arm(i + d)] == them and not s.cells[arm(i + 2 * d)] then
              local t = naive.copy(s)
              t.cells[a], t.cells[arm(i + 2 * d)] = nil, me
              add(t)
            end
          end
        end
      end
    end
    if s.cells.c == me then
      for i = 1, n do
        if not s.cells[arm(i)] then
          local t = naive.copy(s)
          t.cells.c, t.cells[arm(i)] = nil, me
          add(t)
        end
      end
    end
    -- two moves that leave the same position are one move
    local seen, unique = {}, {}
    for _, t in ipairs(out) do
      local k = naive.key(game, t)
      if not seen[k] then seen[k], unique[#unique + 1] = true, t end
    end
    return unique
  end
  return game
end

naive.wheel = wheel
naive["leaping-torere"] = wheel(8, true, false)
naive["placing-torere"] = wheel(8, false, true)

-- --- states ---

function naive.copy_cells(cells)
  local out = {}
  for k, x in pairs(cells) do out[k] = x end
  return out
end

function naive.copy(s)
  return {cells = naive.copy_cells(s.cells), hand = {b = s.hand.b, w = s.hand.w}, side = s.side}
end

-- The position text of state s, as the engine writes it.
function naive.key(game, s)
  local chars = {}
  for _, p in ipairs(game.points) do
    if game.wheel and p == "c" then chars[#chars + 1] = "/" end
    chars[#chars + 1] = s.cells[p] or "."
  end
  local text = table.concat(chars)
  if s.hand.b > 0 or s.hand.w > 0 then text = text .. " " .. s.hand.b .. "/" .. s.hand.w end
  return text .. " " .. s.side
end

-- The moves of s (none when the side that moved has won).
local function moves(game, s)
  if game.won(s) then return {} end
  return game.children(s)
end

-- The leaves of the move tree below s at each depth 1 to d, by one walk
-- that counts each state's subtree once for each depth left (the drops
-- reach a state by many orders): {perft 1, ..., perft d}.
function naive.perfts(game, s, d)
  local known = {}
  local function below(t, r) -- {leaves 1, ..., r plies below t}
    local key = naive.key(game, t) .. " " .. r
    if known[key] then return known[key] end
    local list = moves(game, t)
    local counts = {#list}
    for j = 2, r do counts[j] = 0 end
    if r > 1 then
      for _, u in ipairs(list) do
        local sub = below(u, r - 1)
        for j = 1, r - 1 do counts[j + 1] = counts[j + 1] + sub[j] end
      end
    end
    known[key] = counts
    return counts
  end
  return below(s, d)
end

-- The states reachable from the game's start (or from s): {key = {value,
-- distance}}, value "win", "loss" or "draw" for the side to move, the
-- distance in plies to the end under best play (winners hurry, losers
-- delay); and their number.
function naive.solve(game, s)
  local states, order, kids = {}, {}, {}
  local function visit(t)
    local k = naive.key(game, t)
    if states[k] then return k end
    states[k] = t
    order[#order + 1] = k
    return k
  end
  visit(s or game.start())
  local i = 1
  while i <= #order do
    local k = order[i]
    local list = {}
    for _, t in ipairs(moves(game, states[k])) do list[#list + 1] = visit(t) end
    kids[k] = list
    i = i + 1
  end
  -- from the ends (losses at 0) back, a state at a time in the order of
  -- its distance: a move to a loss makes a win one ply longer; a state
  -- all of whose moves go to wins is lost, as late as its latest
  local value, distance, parents, left, queue = {}, {}, {}, {}, {}
  for _, k in ipairs(order) do parents[k] = {} end
  for _, k in ipairs(order) do
    left[k] = #kids[k]
    for _, c in ipairs(kids[k]) do table.insert(parents[c], k) end
    if #kids[k] == 0 then
      value[k], distance[k] = "loss", 0
      queue[#queue + 1] = k
    end
  end
  local head = 1
  while head <= #queue do
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
  for _, k in ipairs(order) do out[k] = {value[k] or "draw", value[k] and distance[k] or nil} end
  return out, #order
end

return naive

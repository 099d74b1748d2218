-- ai.lua — the search and MCTS figures of the bench (run by
-- bench.c with the module loaded as mt; quick = ... for a short run).
--
-- The signature: the total nodes of a fixed set of alpha-beta searches with
-- the built-in evaluation; it changes only when the search does.

local quick = ...
local mt = mt

-- The fixed positions: count shuffles of the pieces on 12 to 32 arms (a
-- seeded linear congruential sequence), the centre empty, black to move.
local function positions(count)
  local list, r = {}, 1
  for i = 1, count do
    local arms = 12 + 4 * (i % 6)
    local points = {}
    for k = 1, arms do points[k] = k <= arms // 2 and "b" or "w" end
    for k = arms, 2, -1 do
      r = (r * 1103515245 + 12345) % 2147483648
      local j = r % k + 1
      points[k], points[j] = points[j], points[k]
    end
    list[i] = mt.game({arms = arms}, table.concat(points) .. "/. b")
  end
  return list
end

-- The built-in evaluation written in Lua (the same scores, so the same
-- tree: a fair measure of the cost of calling Lua).
local function lua_eval(p, v)
  local mine, theirs = v:mobility(p)
  local c = p.centre
  return 0.1 * (mine - theirs) + (c == p.side and 0.05 or c and -0.05 or 0)
end

-- Runs one search per position; returns nodes and seconds.
local function search_all(games, depth, eval)
  local nodes, t = 0, mt.clock()
  for _, g in ipairs(games) do
    nodes = nodes + mt.search(g, {depth = depth, eval = eval, table = 12}).nodes
  end
  return nodes, mt.clock() - t
end

local function line(what, count, unit, seconds)
  print(string.format("  %-44s %11d %-8s %7.3f s %10.0f %s/s", what, count,
                      unit, seconds, count / seconds, unit))
end

local games = positions(quick and 100 or 1000)
local depth = quick and 12 or 16
print(string.format("alpha-beta, %d positions, depth %d", #games, depth))
local c_nodes, c_time = search_all(games, depth)
print(string.format("  signature: %d nodes", c_nodes))
line("C evaluation", c_nodes, "nodes", c_time)
local l_nodes, l_time = search_all(games, depth, lua_eval)
line("Lua evaluation (the same, in Lua)", l_nodes, "nodes", l_time)
local minimax = mt.player("minimax").definition
local m_nodes, t = 0, mt.clock()
local lua_depth = quick and 6 or 8
for _, g in ipairs(games) do
  local _, n = minimax.search(g, lua_depth)
  m_nodes = m_nodes + n
end
local m_time = mt.clock() - t
line(string.format("search wholly in Lua (minimax.lua, depth %d)", lua_depth),
     m_nodes, "nodes", m_time)
local c_rate, l_rate, m_rate = c_nodes / c_time, l_nodes / l_time, m_nodes / m_time
print(string.format("Lua evaluation / C evaluation: %.2f (bar: 0.20)", l_rate / c_rate))
print(string.format("C search with a Lua evaluation / search in Lua: %.0fx (bar: 10x)",
                    l_rate / m_rate))

print()
local playouts = quick and 2000 or 20000
print(string.format("MCTS, %d playouts from the 16-arm start", playouts))
local g16 = mt.game{arms = 16}
t = mt.clock()
local r = mt.mcts(g16, {playouts = playouts, seed = 1})
line("random playouts in C", r.playouts, "playouts", mt.clock() - t)
t = mt.clock()
r = mt.mcts(g16, {playouts = playouts // 10, seed = 1,
                  policy = function(_, moves) return #moves end})
line("a Lua playout policy", r.playouts, "playouts", mt.clock() - t)

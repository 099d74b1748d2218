-- Minimax with alpha-beta pruning written wholly in Lua over the variant's
-- moves: the model for a search of one's own, and the yardstick the bench
-- holds the C search against.  It uses the heuristic script's evaluation.
-- Under a time, node or stop limit it deepens one ply at a time and
-- answers with the last depth it finished.

local mt = mt or require "mutorere"
local eval = mt.player("heuristic").options.eval

local MATE = 1000
local POLL = 255 -- the clock and stop are looked at every POLL + 1 nodes

-- True when the search must stop now (the nodes, the clock or a stop).
local function out_of_budget(ctx)
  if ctx.aborted then return true end
  if ctx.max_nodes and ctx.nodes >= ctx.max_nodes then ctx.aborted = true end
  if ctx.nodes & POLL == 0 and ((ctx.deadline and mt.clock() > ctx.deadline)
                                or (ctx.stop and ctx.stop())) then
    ctx.aborted = true
  end
  return ctx.aborted
end

-- Empties a list in place.
local function clear(t)
  for i = #t, 1, -1 do t[i] = nil end
end

-- negamax(variant, position, history, depth, alpha, beta, line, ctx, pv):
-- the score of the state for its side to move; pv receives the line that
-- gives it.  line holds the positions on the way, so that a repetition
-- scores as a draw.  An aborted search (ctx.aborted) returns 0 at once.
local function negamax(v, p, h, depth, alpha, beta, line, ctx, pv)
  ctx.nodes = ctx.nodes + 1
  if out_of_budget(ctx) then return 0 end
  local key = (tostring(p):gsub(" %d+$", ""))
  if line[key] then return 0 end
  local result = v:outcome(p, h)
  if result then
    if result == "draw" then return 0 end
    return (result == p.side and MATE or -MATE) - (result == p.side and 1 or -1) * ctx.ply
  end
  if depth == 0 then return eval(p, v) end
  line[key] = true
  local best, child_pv = -math.huge, ctx.pvs[ctx.ply] -- one list a ply, reused
  if not child_pv then child_pv = {}; ctx.pvs[ctx.ply] = child_pv end
  for _, move in ipairs(v:moves(p, h)) do
    ctx.ply = ctx.ply + 1
    clear(child_pv)
    local child, hc = v:play(p, move, h)
    local score = -negamax(v, child, hc, depth - 1, -beta, -alpha, line, ctx, child_pv)
    ctx.ply = ctx.ply - 1
    if ctx.aborted then break end
    if score > best then best = score end
    if score > alpha then
      alpha = score
      clear(pv)
      pv[1] = tostring(move)
      for i, m in ipairs(child_pv) do pv[i + 1] = m end
    end
    if alpha >= beta then break end
  end
  line[key] = nil
  return best
end

-- The game's earlier positions, as keys (a repetition of one is a draw).
local function earlier_positions(game)
  local line, g = {}, game:copy()
  while g:undo() do line[(tostring(g:board()):gsub(" %d+$", ""))] = true end
  return line
end

-- One search of the root to depth: the best move, its score and line
-- (nil when aborted before the first move was searched).
local function root_search(v, p, h, depth, line, ctx)
  local best, best_score, best_pv, pv = nil, -math.huge, nil, {}
  for _, move in ipairs(v:moves(p, h)) do
    clear(pv)
    local child, hc = v:play(p, move, h)
    local score = -negamax(v, child, hc, depth - 1, -math.huge, -best_score, line, ctx, pv)
    if ctx.aborted then break end
    if score > best_score then
      best, best_score, best_pv = move, score, {tostring(move)}
      for i, m in ipairs(pv) do best_pv[i + 1] = m end
    end
  end
  return best, best_score, best_pv
end

-- search(game, depth [, limits]): the best move, the nodes searched, and
-- what was found ({depth, score, mate, nodes, pv}).  limits (time, nodes,
-- stop) make it deepen from 1 to depth and answer with the last depth
-- finished.
local function search(game, depth, limits)
  local v, p, h = game:variant(), game:state()
  local line = earlier_positions(game)
  limits = limits or {}
  local ctx = {nodes = 0, ply = 1, pvs = {}, max_nodes = limits.nodes, stop = limits.stop,
               deadline = limits.time and mt.clock() + limits.time}
  local deepening = limits.time or limits.nodes or limits.stop
  local best, score, pv, reached = v:moves(p, h)[1], 0, nil, 0
  for d = deepening and 1 or depth, depth do
    local m, s, l = root_search(v, p, h, d, line, ctx)
    if ctx.aborted then -- an unfinished depth counts only when none finished
      if m and reached == 0 then best, score, pv = m, s, l end
      break
    end
    if m then best, score, pv, reached = m, s, l, d end
    if math.abs(score) > MATE - 500 then break end -- a forced end
  end
  local info = {depth = reached, nodes = ctx.nodes, pv = pv, score = score}
  if math.abs(score) > MATE - 500 then
    info.mate = (score > 0 and 1 or -1) * (MATE - math.abs(score))
    info.score = nil
  end
  return tostring(best), ctx.nodes, info
end

return {
  name = "minimax",
  description = "alpha-beta written wholly in Lua (options: depth = 4, time, nodes)",
  choose = function(game, options)
    local open = options.time or options.nodes or options.infinite
    local move, _, info = search(game, options.depth or (open and 64 or 4), options)
    return move, info
  end,
  search = search,
}

-- against.lua — the perfect player that plays for the win against a
-- fallible opponent (mt.player("perfect", {against = s})): among the moves
-- that keep the solver's value, the one with the highest expected score
-- against an opponent that plays as mt.player("perfect", {skill = s}).
--
-- The expectation is taken on the game's own rules: the states it reaches,
-- its repetition rule (a state seen `repetition` times draws, the game's
-- past counted) and its ply cap.  The player plays on as it chooses now
-- (the best of the value-keeping moves at each turn), and the opponent's
-- moves weigh what its player gives them: s on the solver's pick (the
-- best, the most traps, the first in the variant's order), (1 - s)/k on
-- each of its k moves.  A state of play is a state of the rules, its ply
-- when there is a cap, and the counts of the states it can reach again:
-- those of its strongly connected component of the graph of the moves
-- either side may play (a path never returns to a component it left).
-- Lines whose chance falls below a threshold are bounded by what their
-- states' values allow (a draw at least for the side that keeps one, a
-- loss at worst); the threshold falls (1e-3, 1e-6, ... 1e-15) until no
-- line is cut, which makes the expectation exact, or the next pass would
-- take more than MAX_NODES states of play: then the expectation is the
-- middle of its bounds and `expected_error` half their width.
--
-- A state won for the player counts 1 where the fastest win fits under
-- the cap and no state it could pass through has been seen
-- `repetition` - 1 times: from there it wins fastest, as plain "perfect"
-- does.  Other won states (the cap or a repetition in the way) are
-- played for their expectation like any other.
local _, _, shared = ...

local MAX_STATES = 250000 -- the most states the player walks
local MAX_NODES = 50000  -- the most states of play an expectation visits
local FIRST = 1e-2        -- the chance below which the first pass cuts a line
local STEP = 0.1          -- what each further pass multiplies it by
local FINEST = 1e-12      -- past which a pass cuts nothing

local graphs = setmetatable({}, {__mode = "k"}) -- variant -> graph

-- The rank of a state for the side that moved into it (higher is better
-- for the mover: a win, sooner first; a draw; a loss, later first).
local function rank_into(g, c)
  local value = g.value[c]
  if value == "loss" then return 3000 - g.distance[c] end
  if value == "win" then return g.distance[c] end
  return 1000
end

-- The class of a rank: 2 a win, 1 a draw, 0 a loss.
local function class(rank)
  return rank > 2000 and 2 or rank == 1000 and 1 or 0
end

-- The replies from state c that lose for the side that plays them.
local function traps(g, c)
  local count = 0
  for _, x in ipairs(g.kids[c]) do
    if g.value[x] == "win" then count = count + 1 end
  end
  return count
end

-- Adds to graph g the states reachable from state (p, h) of variant v that
-- it lacks, each with its value by solution s, its children in the
-- variant's order, its end, and the move the solver's player picks there.
local function walk(g, v, s, p, h)
  local first = #g.position + 1
  local function add(q, hq)
    local key = shared.state_key(v, q, hq)
    local id = g.ids[key]
    if id then return id end
    id = #g.position + 1
    if id > MAX_STATES then
      error(string.format("the player against a fallible opponent walks the states reachable " ..
                          "from the game: more than %d here", MAX_STATES), 0)
    end
    g.ids[key], g.position[id], g.history[id] = id, q, hq
    return id
  end
  add(p, h)
  local head = first
  while head <= #g.position do
    local q, hq = g.position[head], g.history[head]
    g.value[head], g.distance[head] = s:lookup(q, hq)
    g.side[head] = q.side
    local winner = v:outcome(q, hq)
    local list = {}
    if winner then
      g.winner[head] = winner
    else
      for i, m in ipairs(v:moves(q, hq)) do
        local c, hc = v:play(q, m, hq)
        list[i] = add(c, hc)
      end
    end
    g.kids[head] = list
    head = head + 1
  end
  for x = first, #g.position do
    local best, pick, most = -1, nil, -1
    for _, c in ipairs(g.kids[x]) do best = math.max(best, rank_into(g, c)) end
    for j, c in ipairs(g.kids[x]) do
      if rank_into(g, c) == best then
        local wrong = g.winner[c] and 0 or traps(g, c)
        if wrong > most then pick, most = j, wrong end
      end
    end
    g.pick[x] = pick
  end
  g.plans = {}
end

-- The graph of variant v (solved by s) holding state (p, h), and the
-- state's number.
local function graph_of(v, s, p, h)
  local g = graphs[v]
  if not g or g.solution ~= s then
    g = {solution = s, ids = {}, position = {}, history = {}, value = {}, distance = {},
         side = {}, winner = {}, kids = {}, pick = {}, plans = {}}
    graphs[v] = g
  end
  local key = shared.state_key(v, p, h)
  if not g.ids[key] then walk(g, v, s, p, h) end
  return g, g.ids[key]
end

-- The class (2 win, 1 draw, 0 loss) of the best move from state x for the
-- side to move there.
local function top_class(g, x)
  local top = -1
  for _, c in ipairs(g.kids[x]) do top = math.max(top, class(rank_into(g, c))) end
  return top
end

-- The moves either side may play from each state when me plays for the
-- win: me only those that keep the value, the opponent any.
local function playable(g, me)
  local edges = {}
  for x = 1, #g.position do
    local list = {}
    if g.side[x] == me then
      local top = top_class(g, x)
      for _, c in ipairs(g.kids[x]) do
        if class(rank_into(g, c)) == top then list[#list + 1] = c end
      end
    else
      for j, c in ipairs(g.kids[x]) do list[j] = c end
    end
    edges[x] = list
  end
  return edges
end

-- The strongly connected components of the graph edges over n states
-- (Tarjan's, iterative): the component of each state, and the place of
-- each state in its component's list.
local function components(edges, n)
  local index, low, on, stack, comp, slot, size = {}, {}, {}, {}, {}, {}, {}
  local count, found = 0, 0
  for root = 1, n do
    if not index[root] then
      local frames = {{root, 1}}
      count = count + 1
      index[root], low[root], on[root] = count, count, true
      stack[#stack + 1] = root
      while #frames > 0 do
        local frame = frames[#frames]
        local x, i = frame[1], frame[2]
        local c = edges[x][i]
        if c then
          frame[2] = i + 1
          if not index[c] then
            count = count + 1
            index[c], low[c], on[c] = count, count, true
            stack[#stack + 1] = c
            frames[#frames + 1] = {c, 1}
          elseif on[c] then
            low[x] = math.min(low[x], index[c])
          end
        else
          frames[#frames] = nil
          if #frames > 0 then
            local parent = frames[#frames][1]
            low[parent] = math.min(low[parent], low[x])
          end
          if low[x] == index[x] then
            found = found + 1
            size[found] = 0
            repeat
              local y = table.remove(stack)
              on[y] = nil
              comp[y] = found
              size[found] = size[found] + 1
              slot[y] = size[found]
            until y == x
          end
        end
      end
    end
  end
  return comp, slot, size
end

-- The plan of graph g for side me: the playable moves and their
-- components (made once).
local function plan_of(g, me)
  local plan = g.plans[me]
  if not plan then
    local edges = playable(g, me)
    local comp, slot, size = components(edges, #g.position)
    plan = {edges = edges, comp = comp, slot = slot, size = size}
    g.plans[me] = plan
  end
  return plan
end

-- The score for me of a game that ended at state x by the rules.
local function ended(g, x, me)
  local winner = g.winner[x]
  return winner == "draw" and 0.5 or winner == me and 1 or 0
end

-- The bounds of the expectation for me at state x: a draw at least where
-- me keeps a draw or a win (the opponent can take neither), else a loss.
local function bounds(g, x, me)
  if g.value[x] == "draw" or (g.value[x] == "win") == (g.side[x] == me) then return 0.5, 1 end
  return 0, 1
end

-- The counts of the states of the game so far (those of graph g).
local function past_counts(g, game)
  local counts, copy = {}, game:copy()
  local v = game:variant()
  while true do
    local x = g.ids[shared.state_key(v, copy:state())]
    if x then counts[x] = (counts[x] or 0) + 1 end
    if copy:ply() == 0 then break end
    copy:undo()
  end
  return counts
end

-- Whether state x is one a count of rep - 1 makes hot (won or lost).
local function decisive(g, x)
  return g.value[x] ~= "draw"
end

-- The count text of a component: an entry a state of it seen, in the
-- order of their slots, each its slot (three bytes) and its count (two);
-- states not seen have none, so equal counts give equal texts.  Beside
-- it, the list of those slots in order.
local ENTRY = 5

-- The place of slot at in the sorted list slots: where it is, or where it
-- goes.
local function place(slots, at)
  local lo, hi = 1, #slots + 1
  while lo < hi do
    local mid = (lo + hi) // 2
    if slots[mid] < at then lo = mid + 1 else hi = mid end
  end
  return lo
end

-- Text (of the sorted list slots) with the count n (1 to 65535) at slot
-- at, the slot added to slots when n is 1; the slot's place.
local function with_count(text, slots, at, n)
  local i = place(slots, at)
  if n == 1 then table.insert(slots, i, at) end
  local after = (i - 1) * ENTRY
  local entry = string.char(at >> 16, (at >> 8) & 255, at & 255, n % 256, n // 256)
  return text:sub(1, after) .. entry .. text:sub(after + (n == 1 and 0 or ENTRY) + 1), i
end

-- The search of one decision: ctx holds the graph g, the plan, me, skill,
-- rep, cap, the counts, the count texts of the components, hot, the memo,
-- the nodes visited, whether a line was cut, the threshold eps.
local expect

-- Visits child c of the state of play at ply (with chance prob), the
-- counts updated for it and restored after; its bounds.
local function visit(ctx, c, ply, prob)
  local counts, plan, rep = ctx.counts, ctx.plan, ctx.rep
  local n = (counts[c] or 0) + 1
  counts[c] = n
  local k = plan.comp[c]
  local text, slots = ctx.texts[k], ctx.slots[k]
  local new, i = with_count(text, slots, plan.slot[c], n)
  ctx.texts[k] = new
  local heat = rep and n == rep - 1 and decisive(ctx.graph, c) and 1 or 0
  ctx.hot = ctx.hot + heat
  local lo, hi = expect(ctx, c, ply, prob)
  ctx.hot = ctx.hot - heat
  ctx.texts[k] = text
  if n == 1 then table.remove(slots, i) end
  counts[c] = n - 1
  return lo, hi
end

-- Whether state x (its count just raised) is won for me with the fastest
-- win sure: within the cap, and through no state seen rep - 1 times.
local function sure_win(ctx, x, ply)
  local g = ctx.graph
  if g.value[x] == "draw" or (g.value[x] == "win") ~= (g.side[x] == ctx.me) then return false end
  if ctx.cap and g.distance[x] > ctx.cap - ply then return false end
  local own = ctx.rep and (ctx.counts[x] or 0) >= ctx.rep - 1 and 1 or 0
  return ctx.hot - own == 0
end

-- The bounds (equal when exact) of the expected score for me of state x
-- at ply, reached with chance prob, the game going on as ctx counts it.
function expect(ctx, x, ply, prob)
  local g = ctx.graph
  if g.winner[x] then
    local score = ended(g, x, ctx.me)
    return score, score
  end
  if ctx.rep and ctx.counts[x] >= ctx.rep then return 0.5, 0.5 end
  if ctx.cap and ply >= ctx.cap then return 0.5, 0.5 end
  if sure_win(ctx, x, ply) then return 1, 1 end
  if ctx.skill == 1 and g.value[x] == "draw" then return 0.5, 0.5 end -- no error to wait for
  if prob < ctx.eps then
    ctx.cut = true
    return bounds(g, x, ctx.me)
  end
  local key = ctx.cap and string.format("%d %d %s", x, ply, ctx.texts[ctx.plan.comp[x]])
              or x .. " " .. ctx.texts[ctx.plan.comp[x]]
  local known = ctx.memo_lo[key]
  if known then return known, ctx.memo_hi[key] end
  ctx.nodes = ctx.nodes + 1
  if ctx.nodes > MAX_NODES then error(ctx.over) end
  local lo, hi
  if g.side[x] == ctx.me then
    lo, hi = -1, -1
    if ctx.rollout then
      lo, hi = visit(ctx, g.kids[x][g.pick[x]], ply + 1, prob)
    else
      for _, c in ipairs(ctx.plan.edges[x]) do
        local a, b = visit(ctx, c, ply + 1, prob)
        lo, hi = math.max(lo, a), math.max(hi, b)
      end
    end
  else
    lo, hi = 0, 0
    local kids, pick = g.kids[x], g.pick[x]
    local share = (1 - ctx.skill) / #kids
    for j, c in ipairs(kids) do
      local weight = share + (j == pick and ctx.skill or 0)
      if weight > 0 then
        local a, b = visit(ctx, c, ply + 1, prob * weight)
        lo, hi = lo + weight * a, hi + weight * b
      end
    end
  end
  ctx.memo_lo[key], ctx.memo_hi[key] = lo, hi
  return lo, hi
end

-- The states reachable from state x by the moves of plan (a set).
local function reachable(plan, x)
  local seen, queue, head = {[x] = true}, {x}, 1
  while queue[head] do
    for _, c in ipairs(plan.edges[queue[head]]) do
      if not seen[c] then
        seen[c] = true
        queue[#queue + 1] = c
      end
    end
    head = head + 1
  end
  return seen
end

-- Sets the counts of ctx to those of the game's past (ctx.past), with
-- the count texts of the components and the number of hot states.
local function start(ctx)
  local plan = ctx.plan
  ctx.counts, ctx.texts, ctx.slots, ctx.hot = {}, {}, {}, 0
  for k in ipairs(plan.size) do ctx.texts[k], ctx.slots[k] = "", {} end
  for y, n in pairs(ctx.past) do
    local k = plan.comp[y]
    ctx.counts[y] = n
    ctx.texts[k] = with_count(ctx.texts[k], ctx.slots[k], plan.slot[y], 1)
    if n > 1 then ctx.texts[k] = with_count(ctx.texts[k], ctx.slots[k], plan.slot[y], n) end
    if ctx.rep and n >= ctx.rep - 1 and decisive(ctx.graph, y) and ctx.reach[y] then ctx.hot = ctx.hot + 1 end
  end
end

-- The bounds of each of moves (children of state x at ply) under ctx at
-- threshold eps; raises ctx.over past MAX_NODES.
local function pass(ctx, children, ply, eps)
  start(ctx)
  ctx.eps, ctx.memo_lo, ctx.memo_hi, ctx.nodes, ctx.cut = eps, {}, {}, 0, false
  local out = {}
  for i, c in ipairs(children) do
    local lo, hi = visit(ctx, c, ply + 1, 1)
    out[i] = {lo = lo, hi = hi}
  end
  return out
end

-- The bounds of the expectation of each of children (the states the
-- value-keeping moves lead to from the game's current state, at ply):
-- the player's own play where that is exact within MAX_NODES, else plain
-- perfect's after the move, at the finest threshold that fits; and
-- whether they are exact.
local function scores(ctx, children, ply)
  local over = {}
  ctx.over = over
  local best, exact = nil, false
  for _, rollout in ipairs({false, true}) do
    ctx.rollout = rollout
    local eps = rollout and FIRST or 0
    while true do
      local ok, out = pcall(pass, ctx, children, ply, eps)
      if not ok then
        if out ~= over then error(out, 0) end
        break
      end
      best, exact = out, not ctx.cut
      if exact or eps == 0 then return best, exact end
      eps = eps * STEP
      if eps < FINEST then eps = 0 end
    end
    if best then return best, exact end
  end
  error(string.format("the player against a fallible opponent: the expectation here needs more " ..
                      "than %d states of play even with the lines of chance below %g cut", MAX_NODES, FIRST), 0)
end

-- shared.against_move(game, s, skill): the move of
-- mt.player("perfect", {against = skill}) in game (not over) by solution
-- s, its expected score, and half the width of the bounds on it (0 when
-- exact).
function shared.against_move(game, s, skill)
  local v = game:variant()
  local p, h = game:state()
  local g, x = graph_of(v, s, p, h)
  local ranked = shared.ranked_moves(game)
  local params = v:parameters()
  local rep = params.repetition
  local cap = params.max_plies
  local ctx = {graph = g, plan = plan_of(g, p.side), me = p.side, skill = skill,
               rep = rep and rep > 0 and rep or nil, cap = cap and cap > 0 and cap or nil,
               past = past_counts(g, game)}
  ctx.reach = reachable(ctx.plan, x)
  start(ctx)
  local ply = game:ply()
  if sure_win(ctx, x, ply) then -- a sure win: the fastest, as plain perfect plays it
    return shared.tempting_move(game, ranked, s), 1, 0
  end
  local top, moves, children = class(ranked[1].rank), {}, {}
  local kids = g.kids[x]
  for _, m in ipairs(ranked) do
    if class(m.rank) ~= top then break end
    moves[#moves + 1] = m
    children[#children + 1] = kids[m.order]
  end
  local found = scores(ctx, children, ply)
  local best, pick, pick_traps, width = -1, nil, -1, 0
  for i, m in ipairs(moves) do
    local y, score = children[i], (found[i].lo + found[i].hi) / 2
    local wrong = g.winner[y] and 0 or traps(g, y)
    -- the highest score; among equal ones, plain perfect's order
    if score > best + 1e-12 or (score > best - 1e-12 and m.rank == pick.rank and wrong > pick_traps) then
      best, pick, pick_traps = math.max(best, score), m, wrong
      width = (found[i].hi - found[i].lo) / 2
    end
  end
  return pick.move, best, width
end

-- test_metrics.lua — mt.metrics and mt.compare against a second,
-- deliberately naive computation written here: the reachable states by a
-- plain breadth-first walk, the lookahead by a plain negamax at every
-- depth, random play by enumerating every game up to a cap with its chance
-- (and, without a cap, by iterating the absorption equations); the
-- published figures; the lookahead checked by play.

local mt = require "mutorere"

local BUILTINS = {"standard", "first-two-turns", "first-move", "no-restriction",
                  "adjacent-enemy", "misere"}

local function close(a, b, tolerance, what)
  local ok = a ~= nil and b ~= nil and math.abs(a - b) <= tolerance * math.max(1, math.abs(b))
  return check(ok, string.format("%s: got %s, want %s", what, tostring(a), tostring(b)))
end

-- The key of a state: the board, the ply while the rules read it, and the
-- moves remembered.
local function state_key(v, p, h)
  local moves = {}
  for i, m in ipairs(h or {}) do moves[i] = tostring(m) end
  return (tostring(p):gsub(" %d+$", "")) .. "@" .. math.min(p.ply, v.opening) ..
         "@" .. table.concat(moves, ",")
end

-- The states reachable from the start, naively: {p, h, value, d, over (the
-- winner), children = {{move, state}}}, the start first.
local function naive_graph(v)
  local s = mt.solve(v)
  local states, index = {}, {}
  local function add(p, h)
    local k = state_key(v, p, h)
    if not index[k] then
      index[k] = {p = p, h = h}
      states[#states + 1] = index[k]
    end
    return index[k]
  end
  add(v.start, {})
  local i = 1
  while i <= #states do
    local st = states[i]
    i = i + 1
    st.value, st.d = s:lookup(st.p, st.h)
    st.over = v:outcome(st.p, st.h)
    st.children = {}
    if not st.over then
      for _, m in ipairs(v:moves(st.p, st.h)) do
        st.children[#st.children + 1] = {move = tostring(m), state = add(v:play(st.p, m, st.h))}
      end
    end
  end
  return states
end

-- What the census of mt.metrics counts, naively.
local function naive_census(states)
  local c = {states = #states, wins = 0, losses = 0, draws = 0, ends = 0,
             moves = 0, forced = 0, traps = 0, trap_moves = 0, by_losing = {},
             win_to_draw = 0, win_to_loss = 0, remoteness = {win = {}, loss = {}}}
  for _, st in ipairs(states) do
    local plural = {win = "wins", loss = "losses", draw = "draws"}
    c[plural[st.value]] = c[plural[st.value]] + 1
    if st.value ~= "draw" then
      local h = c.remoteness[st.value]
      h[st.d] = (h[st.d] or 0) + 1
    end
    if st.over then
      c.ends = c.ends + 1
    else
      c.moves = c.moves + #st.children
      if #st.children == 1 then c.forced = c.forced + 1 end
      local losing = 0
      for _, ch in ipairs(st.children) do
        if ch.state.value == "win" then losing = losing + 1 end
        if st.value == "win" and ch.state.value == "draw" then c.win_to_draw = c.win_to_draw + 1 end
        if st.value == "win" and ch.state.value == "win" then c.win_to_loss = c.win_to_loss + 1 end
      end
      if st.value == "draw" and losing > 0 then
        c.traps, c.trap_moves = c.traps + 1, c.trap_moves + losing
        c.by_losing[losing] = (c.by_losing[losing] or 0) + 1
      end
    end
  end
  return c
end

-- The lookahead, naively: the smallest d (0..40) such that in every state
-- not lost for its side to move, every move a plain d-ply negamax (values
-- -1, 0, 1: a game's end for the side to move, the horizon 0) rates best
-- keeps the draw or the win; nil when none.  Also a state and move that
-- fail at d - 1.
local function naive_lookahead(states)
  local memo = {}
  local function negamax(st, depth)
    if st.over then
      if st.over == "draw" then return 0 end
      return st.over == st.p.side and 1 or -1
    end
    if depth == 0 then return 0 end
    memo[st] = memo[st] or {}
    local x = memo[st][depth]
    if x then return x end
    x = -1
    for _, ch in ipairs(st.children) do x = math.max(x, -negamax(ch.state, depth - 1)) end
    memo[st][depth] = x
    return x
  end
  local function failure(d)
    for _, st in ipairs(states) do
      if not st.over and st.value ~= "loss" then
        local best, rated = -math.huge, {}
        for i, ch in ipairs(st.children) do
          rated[i] = d == 0 and 0 or -negamax(ch.state, d - 1)
          best = math.max(best, rated[i])
        end
        for i, ch in ipairs(st.children) do
          if rated[i] == best and ch.state.value == "win" then return st, ch.move end
        end
      end
    end
  end
  local last
  for d = 0, 40 do
    local st, move = failure(d)
    if not st then return d, last end
    last = {position = st.p, move = move}
  end
  return nil
end

-- Every game from the start up to cap plies, with its chance under
-- uniformly random play, and Ludii's metrics computed from them as Ludii
-- computes them from trials.
local function enumerated_ludii(states, cap)
  local sums = {AdvantageP1 = 0, white = 0, Completion = 0, Drawishness = 0,
                Timeouts = 0, DurationTurns = 0, ended_length = 0,
                BranchingFactor = 0, DecisionMoves = 0, LeadChange = 0,
                Stability = 0, Drama = 0, GameTreeComplexity = 0,
                PositionalRepetition = 0, tree_sq = 0, repetition_sq = 0}
  local function black_value(st)
    if st.value == "draw" then return 0 end
    return (st.value == "win") == (st.p.side == "black") and 1 or -1
  end
  local path, lengths = {}, {}
  local function finish(p, winner)
    local L = #path - 1
    sums.AdvantageP1 = sums.AdvantageP1 + (winner == "black" and p or 0)
    sums.white = sums.white + (winner == "white" and p or 0)
    sums.Completion = sums.Completion + ((winner == "black" or winner == "white") and p or 0)
    sums.Drawishness = sums.Drawishness + (winner == "draw" and p or 0)
    sums.Timeouts = sums.Timeouts + (winner == nil and p or 0)
    sums.DurationTurns = sums.DurationTurns + p * L
    lengths[L] = (lengths[L] or 0) + p
    if winner then sums.ended_length = sums.ended_length + p * L end
    if L == 0 then return end
    local moves, choices, changes, xs, drama, unique, seen = 0, 0, 0, {}, 0, 0, {}
    for i = 1, L + 1 do
      local st = path[i]
      if not seen[st] then seen[st], unique = true, unique + 1 end
      if i <= L then
        moves = moves + #st.children
        if #st.children > 1 then choices = choices + 1 end
        local x = black_value(st)
        xs[#xs + 1] = x
        if winner == "black" then drama = drama + (x == -1 and 2 or 0)
        elseif winner == "white" then drama = drama + (x == 1 and 2 or 0)
        else drama = drama + math.abs(x) end
      end
      if i > 1 and black_value(st) ~= black_value(path[i - 1]) then changes = changes + 1 end
    end
    local mean, var = 0, 0
    for _, x in ipairs(xs) do mean = mean + x / L end
    for _, x in ipairs(xs) do var = var + (x - mean) ^ 2 / L end
    local tree = L * math.log(moves / L, 10)
    local repetition = 1 - unique / (L + 1)
    sums.BranchingFactor = sums.BranchingFactor + p * moves / L
    sums.DecisionMoves = sums.DecisionMoves + p * choices / L
    sums.LeadChange = sums.LeadChange + p * changes / L
    sums.Stability = sums.Stability + p * 2 * var
    sums.Drama = sums.Drama + p * drama / L
    sums.GameTreeComplexity = sums.GameTreeComplexity + p * tree
    sums.tree_sq = sums.tree_sq + p * tree * tree
    sums.PositionalRepetition = sums.PositionalRepetition + p * repetition
    sums.repetition_sq = sums.repetition_sq + p * repetition * repetition
  end
  local function walk(st, p)
    path[#path + 1] = st
    if st.over then
      finish(p, st.over)
    elseif #path - 1 == cap then
      finish(p, nil)
    else
      for _, ch in ipairs(st.children) do walk(ch.state, p / #st.children) end
    end
    path[#path] = nil
  end
  walk(states[1], 1)
  local l = sums
  l.Balance = 1 - math.abs(l.AdvantageP1 - l.white)
  local var = 0
  for L, p in pairs(lengths) do var = var + p * (L - l.DurationTurns) ^ 2 end
  l.DurationTurnsStdDev = math.sqrt(var)
  l.DurationTurnsNotTimeouts = l.Completion + l.Drawishness > 0
    and l.ended_length / (l.Completion + l.Drawishness) or 0
  l.StateSpaceComplexity = math.log(#states, 10)
  return l
end

-- Without a cap: the chance that black wins and the expected length from
-- every state, by iterating h(s) = mean of h over the moves (Gauss-Seidel,
-- the states swept from the last found to the start, so that the ends'
-- values reach the start in few sweeps).
local function absorption(states)
  local n, index, h, e, kids = #states, {}, {}, {}, {}
  for i, st in ipairs(states) do
    index[st] = i
    h[i], e[i] = st.over == "black" and 1 or 0, 0
  end
  for i, st in ipairs(states) do
    if not st.over then
      kids[i] = {}
      for j, ch in ipairs(st.children) do kids[i][j] = index[ch.state] end
    end
  end
  for _ = 1, 200000 do
    local change = 0
    for i = n, 1, -1 do
      local ks = kids[i]
      if ks then
        local hs, es = 0, 0
        for j = 1, #ks do hs, es = hs + h[ks[j]], es + e[ks[j]] end
        hs, es = hs / #ks, 1 + es / #ks
        change = math.max(change, math.abs(hs - h[i]), math.abs(es - e[i]) / math.max(1, es))
        h[i], e[i] = hs, es
      end
    end
    if change < 1e-13 then break end
  end
  return h[1], e[1]
end

local CAP = 16

-- Checks mt.metrics of v against the naive figures (with uncapped: random
-- play without a cap too).
local function check_variant(v, what, uncapped)
  local states = naive_graph(v)
  local c = naive_census(states)
  local m = mt.metrics(v, {max_plies = CAP, games = 0})
  eq({m.reachable.states, m.reachable.wins, m.reachable.losses, m.reachable.draws,
      m.reachable.ends}, {c.states, c.wins, c.losses, c.draws, c.ends}, what .. " census")
  eq(m.remoteness, c.remoteness, what .. " remoteness")
  local going = c.states - c.ends
  close(m.branching, going > 0 and c.moves / going or nil, 1e-12, what .. " branching")
  eq(m.forced, c.forced, what .. " forced")
  eq({m.traps.count, m.traps.moves, m.traps.by_losing}, {c.traps, c.trap_moves, c.by_losing},
     what .. " traps")
  eq(m.mistakes, {win_to_draw = c.win_to_draw, win_to_loss = c.win_to_loss}, what .. " mistakes")
  local d, witness = naive_lookahead(states)
  eq(m.lookahead, d, what .. " lookahead")
  if d and d > 0 then
    check(m.lookahead_witness ~= nil and witness ~= nil, what .. " witness")
  end
  local l = enumerated_ludii(states, CAP)
  for _, name in ipairs({"AdvantageP1", "Balance", "Completion", "Drawishness", "Timeouts",
                         "DurationTurns", "DurationTurnsStdDev", "DurationTurnsNotTimeouts",
                         "BranchingFactor", "DecisionMoves", "LeadChange", "Stability",
                         "Drama", "StateSpaceComplexity"}) do
    close(m.ludii[name], l[name], 1e-9, what .. " " .. name)
  end
  local full = mt.metrics(v, {games = 0})
  if uncapped and full.random.timeouts == 0 then
    local black, length = absorption(states)
    close(full.ludii.AdvantageP1, black, 1e-9, what .. " AdvantageP1 without a cap")
    close(full.ludii.DurationTurns, length, 1e-8, what .. " DurationTurns without a cap")
  end
  return m, l
end

test("the published figures: standard on 8 arms", function()
  local m = mt.metrics("standard")
  eq({m.reachable.states, m.reachable.wins, m.reachable.losses, m.reachable.draws},
     {1180, 208, 128, 844}, "reachable")
  eq({m.start.value, m.start.distance}, {"draw", nil}, "start")
  eq(m.verdict, "a draw with perfect play", "verdict")
  eq(m.traps.count, 128, "traps")
  eq(m.lookahead, 6, "lookahead")
  eq(m.perfect.Balance, 1, "perfect play is balanced")
  eq(mt.metrics("first-move").perfect.AdvantageP1, 0, "first-move: white wins")
  eq(mt.metrics("first-move").perfect.DurationTurns, 4, "in 4")
end)

test("every built-in variant on 8 and 10 arms against the naive figures", function()
  for _, name in ipairs(BUILTINS) do
    for _, arms in ipairs({8, 10}) do
      check_variant(mt.variant{base = name, arms = arms}, name .. " " .. arms, arms == 8)
    end
  end
end)

test("hooked variants: the same figures, the chain without symmetry", function()
  check_variant(mt.variant("centre-must-leave"), "centre-must-leave")
  check_variant(mt.variant("tired-piece"), "tired-piece (it remembers 2 moves)", true)
  check_variant(mt.variant{base = "tired-piece", arms = 10}, "tired-piece 10")
  local tired = mt.metrics("tired-piece", {games = 0})
  eq(tired.random.classes, tired.reachable.states, "no symmetry with a history")
  local hooked = mt.metrics("first-move-hook", {games = 0})
  local plain = mt.metrics("first-move", {games = 0})
  eq(hooked.reachable, plain.reachable, "reachable")
  eq(hooked.lookahead, plain.lookahead, "lookahead")
  check(hooked.random.classes == hooked.reachable.states, "no symmetry for hooks")
  check(plain.random.classes < plain.reachable.states / 4, "classes by symmetry")
  for name, x in pairs(plain.ludii) do close(hooked.ludii[name], x, 1e-9, "first-move-hook " .. name) end
end)

test("sampled figures are marked, with their sample, and near the exact ones", function()
  local v = mt.variant("standard")
  local l = enumerated_ludii(naive_graph(v), CAP)
  local games = 20000
  local m = mt.metrics(v, {max_plies = CAP, games = games, seed = 7})
  eq(m.sampled.GameTreeComplexity, {games = games, seed = 7}, "marked")
  eq(m.sampled.PositionalRepetition, {games = games, seed = 7}, "marked")
  check(m.sampled.Balance == nil, "exact figures are not marked")
  for name, sq in pairs({GameTreeComplexity = "tree_sq", PositionalRepetition = "repetition_sq"}) do
    local sd = math.sqrt(math.max(0, l[sq] - l[name] ^ 2) / games)
    check(math.abs(m.ludii[name] - l[name]) < 5 * sd + 1e-12,
          string.format("%s: sampled %g, exact %g (sd %g)", name, m.ludii[name], l[name], sd))
  end
  eq(mt.metrics(v, {games = 0}).sampled, nil, "no games, nothing sampled")
  eq(mt.metrics(v, {games = 0}).ludii.GameTreeComplexity, nil, "and no sampled figure")
end)

test("options and errors", function()
  local ok, err = pcall(mt.metrics, "standard", {max_plies = 0})
  check(not ok and err:find("max_plies", 1, true), "bad cap: " .. tostring(err))
  ok, err = pcall(mt.metrics, "standard", {games = -1})
  check(not ok and err:find("games", 1, true), "bad games")
  ok, err = pcall(mt.metrics, "nonesuch")
  check(not ok and err:find("nonesuch", 1, true), "unknown variant")
  ok, err = pcall(mt.metrics, {name = "broken", allow = function() error("boom") end})
  check(not ok and err:find("boom", 1, true), "a hook's error: " .. tostring(err))
  local m = mt.metrics("standard", {random = false, start = "bbb.wwww/b w 1"})
  eq(m.start.position, "bbb.wwww/b w 1", "start")
  eq(m.random, nil, "no random play")
  check(tostring(m):find("standard (8 arms)", 1, true), "text")
end)

-- Every state the lookahead-d player (to move as side) and perfect play
-- can reach from the start: the first lost state for the lookahead player,
-- or nil.
local function lookahead_line_loses(v, d, side)
  local s = mt.solve(v)
  local seen, queue = {}, {mt.game(v)}
  while #queue > 0 do
    local g = table.remove(queue)
    local key = state_key(v, g:state())
    if not seen[key] and not g:result() then
      seen[key] = true
      local moves
      if g:turn() == side then
        if s:lookup(g) == "loss" then return g:position() end
        moves = g:lookahead(d)
      else
        local a = g:analyse()
        moves = {}
        for _, m in ipairs(a.moves) do
          if m.value == a.moves[1].value and m.distance == a.moves[1].distance then
            moves[#moves + 1] = m.move
          end
        end
      end
      for _, m in ipairs(moves) do queue[#queue + 1] = g:copy():play(m) end
    end
  end
end

test("lookahead by play: d never loses against perfect, d - 1 picks a losing move", function()
  local names = {table.unpack(BUILTINS)}
  names[#names + 1] = "tired-piece"
  for _, name in ipairs(names) do
    local v = mt.variant(name)
    local m = mt.metrics(v, {games = 0, random = false})
    local d = m.lookahead
    for _, side in ipairs({"black", "white"}) do
      local start_lost = (m.start.value == "loss") == (side == v.start.side) and m.start.value ~= "draw"
      if not start_lost then
        eq(lookahead_line_loses(v, d, side), nil, name .. ": lookahead " .. d .. " as " .. side)
      end
    end
    if d > 0 then
      local w = m.lookahead_witness
      local g = mt.game(v, w.position, w.history)
      local moves = g:lookahead(d - 1)
      local listed = false
      for _, x in ipairs(moves) do listed = listed or x == w.move end
      check(listed, name .. ": the " .. (d - 1) .. "-ply search rates " .. w.move .. " best")
      eq(mt.solve(v):lookup(g:copy():play(w.move)), "win", name .. ": and it loses")
      local picked = false
      for seed = 1, 200 do
        local p = mt.player("perfect", {lookahead = d - 1}):reset(seed)
        if p:choose(g) == w.move then picked = true break end
      end
      check(picked, name .. ": the lookahead-" .. (d - 1) .. " player picks it")
    end
  end
  local r = mt.match(mt.player("perfect", {lookahead = 6}), "perfect", {games = 10, progress = false})
  eq(r.a.losses, 0, "lookahead-6 never loses standard to perfect")
  r = mt.match(mt.player("perfect", {lookahead = 1}), "perfect", {games = 10, progress = false})
  check(r.a.losses > 0, "lookahead-1 does")
end)

test("Game:lookahead sees a win or a loss at its distance, and not before", function()
  local names = {table.unpack(BUILTINS)}
  names[#names + 1] = "tired-piece"
  -- every draw of standard and tired-piece searched 4 plies deep, a
  -- quarter of the others' (each search starts afresh: they were 0.74 s)
  local all_draws = {standard = true, ["tired-piece"] = true}
  local known, draws = 0, 0
  for _, name in ipairs(names) do
    local v = mt.variant(name)
    local s = mt.solve(v)
    for i, st in ipairs(naive_graph(v)) do
      if not st.over then
        local g, what = mt.game(v, st.p, st.h), name .. " " .. tostring(st.p)
        if st.value == "draw" then
          if all_draws[name] or i % 4 == 0 then
            draws = draws + 1
            eq({select(2, g:lookahead(4))}, {"unknown"}, what .. ": a draw, depth 4")
          end
        else
          known = known + 1
          local d = st.d
          eq({select(2, g:lookahead(d - 1))}, {"unknown"}, what .. ": depth " .. (d - 1))
          for depth = d, d + 1 do
            local moves, verdict, distance = g:lookahead(depth)
            eq({verdict, distance}, {st.value, d}, what .. ": depth " .. depth)
            -- the moves rated best: the fastest wins, or the slowest losses
            local want = {}
            for _, ch in ipairs(st.children) do
              local value, cd = s:lookup(ch.state.p, ch.state.h)
              if value ~= "draw" and value ~= st.value and cd == d - 1 then
                want[#want + 1] = ch.move
              end
            end
            eq(moves, want, what .. ": the moves at depth " .. depth)
          end
        end
      end
    end
  end
  check(known > 1000, "positions won or lost: " .. known)
  check(draws > 2000, "draws: " .. draws)
end)

test("graded players: skill from random to perfect", function()
  local v = mt.variant("standard")
  local g = mt.game(v, "wbbbwwwb/. w")
  local counts = {}
  local p = mt.player("perfect", {skill = 0.5}):reset(3)
  for _ = 1, 3000 do
    local m = p:choose(g)
    counts[m] = (counts[m] or 0) + 1
  end
  -- 1-c loses: chance (1 - 0.5) * 1/3 = 1/6
  local share = (counts["1-c"] or 0) / 3000
  check(math.abs(share - 1 / 6) < 0.03, "losing share " .. share)
  for _ = 1, 50 do check(mt.player("perfect", {skill = 1}):choose(g) ~= "1-c", "skill 1 is perfect") end
  eq(mt.player("perfect", {skill = 0.25}).name, "perfect-0.25", "name")
  eq(mt.player("perfect", {lookahead = 4}).name, "lookahead-4", "name")
  check(not pcall(mt.player, "perfect", {skill = 1.5}), "skill beyond 1")
  check(not pcall(mt.player, "perfect", {lookahead = -1}), "negative lookahead")
  check(not pcall(mt.player, "perfect", {skill = 0.5, lookahead = 3}), "not both")
  local r = mt.match(mt.player("perfect", {skill = 0.9}), mt.player("perfect", {skill = 0}),
                     {games = 20, progress = false})
  check(r.a.wins > r.b.wins, "more skill wins more")
end)

test("compare: side by side, the differences in words, 80 columns", function()
  local c = mt.compare{"standard", "first-move", "no-restriction", "adjacent-enemy",
                       "misere", "first-two-turns", games = 200}
  eq(#c.metrics, 6, "six variants")
  eq(c.metrics[2].start.value, "loss", "first-move's start")
  local text = tostring(c)
  for line in text:gmatch("[^\n]+") do
    check(utf8.len(line) <= 80, "line of " .. utf8.len(line) .. " columns: " .. line)
  end
  local said = table.concat(c.differences, "\n")
  check(said:find("first-move: a forced win for white in 4 plies", 1, true), "first-move: " .. said)
  check(said:find("every other variant: a draw with perfect play", 1, true), "the others")
  check(said:find("adjacent-enemy: random games rarely end", 1, true), "adjacent-enemy")
  check(text:find("GameTreeComplexity", 1, true) and text:find("*", 1, true), "sampled marked")
  local ten = mt.compare{"standard", "first-two-turns", arms = 10, games = 0}
  eq(ten.metrics[2].arms, 10, "arms")
  check(table.concat(ten.differences, "\n"):find("first-two-turns: a forced win for black in 9 plies", 1, true),
        "first-two-turns on 10 arms")
  check(not pcall(mt.compare, {}), "an empty list")
  check(not pcall(mt.compare, {"standard", arms = "x"}), "bad arms")
end)

test("report uses the metrics' figures", function()
  local r = mt.report("standard", {games = 0})
  local m = mt.metrics("standard", {games = 0})
  eq(r.reachable.positions, m.reachable.states, "states")
  eq(r.traps.count, m.traps.count, "traps")
  eq(r.lookahead, m.lookahead, "lookahead")
  check(tostring(r):find("looking 6 plies ahead", 1, true), "lookahead in the text")
end)

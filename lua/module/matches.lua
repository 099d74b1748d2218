-- matches.lua — games between players: mt.match (colours swapping every
-- game, as rule 11 of Walker's rules has it) and mt.tournament (every pair
-- of players on every variant), reproducible from a seed, with a progress
-- bar on a terminal for anything longer than a second.
local M, _, shared = ...

local DEFAULT_CAP = 1000 -- plies after which a game with no cap is drawn

-- shared.progress(total, label): a bar on standard error, shown only on a
-- terminal and only once the work has taken a second; bar(done), bar(nil)
-- to finish.
function shared.progress(total, label, enabled)
  if enabled == nil then enabled = M.isatty(io.stderr) end
  local start, shown = M.clock(), false
  return function(done)
    if not enabled then return end
    if done == nil then
      if shown then io.stderr:write("\r\27[K") end
      return
    end
    local elapsed = M.clock() - start
    if elapsed < 1 then return end
    shown = true
    local width = 30
    local filled = math.floor(width * done / math.max(total, 1))
    io.stderr:write(string.format("\r%s [%s%s] %d/%d %.0fs", label,
      string.rep("#", filled), string.rep(".", width - filled), done, total,
      elapsed))
  end
end

local DEFAULT_BUDGET = {time = 60, memory = 512 * 1024 * 1024} -- a move's (clocks.lua)
local SPRT_GAMES = 1000 -- the games an SPRT match plays at most, unless told
local SPRT_BATCH = 8 -- pairs a worker plays between two looks of the SPRT
local START_SOLVE = 2 -- seconds a tournament gives the solver for a start's value

-- --- judging by the solver ---

local function new_judged() return {moves = 0, blunders = 0, inaccuracies = 0, lost = 0} end

-- The plies a move that kept its value lost against the best move: how
-- much slower it wins, or faster it loses (0 in a draw).
local function plies_lost(e)
  if e.before.value == "draw" then return 0 end
  local d = e.after.distance + 1 - e.before.distance
  return e.before.value == "win" and d or -d
end

local MEMO_MAX = 200000 -- verdicts a variant's memo keeps (then it stops growing)
local memos = setmetatable({}, {__mode = "k"}) -- Variant -> {size, verdicts}
local BLUNDER, INACCURACY, OTHER = 1, 2, 3 -- verdicts as the memo keeps them

-- The verdict on move in the state where game stands, as Game:review()
-- gives it (BLUNDER, INACCURACY or OTHER), and the plies it lost (0 for a
-- blunder); remembered (as 4·plies + verdict) by the position, remembered
-- moves and move, so that a position met again costs a look-up.
local function judged_move(v, s, game, move)
  local memo = memos[v]
  if not memo then
    memo = {size = 0, verdicts = {}}
    memos[v] = memo
  end
  local p, h = game:state()
  local key = tostring(p) .. " " .. move
  for i = 1, #h do key = key .. " " .. tostring(h[i]) end
  local code = memo.verdicts[key]
  if not code then
    local e = shared.judge_move(v, s, p, h, move)
    local verdict = e.verdict == "blunder" and BLUNDER
                    or e.verdict == "inaccuracy" and INACCURACY or OTHER
    code = 4 * (verdict == BLUNDER and 0 or plies_lost(e)) + verdict
    if memo.size < MEMO_MAX then memo.verdicts[key], memo.size = code, memo.size + 1 end
  end
  return code % 4, code // 4
end

-- The moves of a played game after its first book plies (the opening's),
-- judged by the solver as Game:review() judges them: for each side
-- {moves, blunders, inaccuracies, lost (plies lost by the moves that kept
-- their value)}.
local function judge_game(g, book)
  local judged = {black = new_judged(), white = new_judged()}
  local v = g:variant()
  local s, moves, replay = M.solve(v), g:history(), g:copy()
  while replay:ply() > book do replay:undo() end
  for i = book + 1, #moves do
    local t = judged[replay:turn()]
    local verdict, lost = judged_move(v, s, replay, moves[i])
    t.moves = t.moves + 1
    if verdict == BLUNDER then t.blunders = t.blunders + 1 end
    if verdict == INACCURACY then t.inaccuracies = t.inaccuracies + 1 end
    t.lost = t.lost + lost
    replay:redo()
  end
  return judged
end

-- Adds judged counts from to those of into.
local function add_judged(into, from)
  for k, x in next, from do into[k] = into[k] + x end
end

-- A player's judged figures: its counts and the mean distance lost (plies
-- a move, over the moves that kept their value).
local function judged_summary(t)
  local kept = t.moves - t.blunders
  return {moves = t.moves, blunders = t.blunders, inaccuracies = t.inaccuracies,
          plies_lost = t.lost, distance_lost = kept > 0 and t.lost / kept or 0}
end

-- Solves v here, before any worker forks, when the games will look it up
-- (judge, or a perfect player), so that the workers share the solution
-- instead of each solving it again.  For a perfect player the solve gets
-- the budget of a move (budget, as the games take it), which its first
-- move would have had; when it does not fit, the player is left to fail
-- in its games as it would have.
local function presolve(v, players, judge, budget)
  if judge then
    return M.solve(v)
  end
  for _, p in ipairs(players) do
    if p.definition.engine == "perfect" and not p.options.lookahead then
      if budget == false then
        pcall(M.solve, v)
      else
        M.limit(budget or DEFAULT_BUDGET, M.solve, v)
      end
      return
    end
  end
end

-- --- tallies ---

-- The score of a game for the player of colour: 1, 1/2 or 0.
local function score_of(record, colour)
  if record.result == "draw" then return 0.5 end
  return record.result == colour and 1 or 0
end

-- The colour player a of a plan plays in game i: black in odd games
-- (white with reverse), the other in even ones (unless swap is off).
local function a_colour(plan, i)
  local first = plan.reverse and "white" or "black"
  if not plan.swap or i % 2 == 1 then return first end
  return first == "black" and "white" or "black"
end

-- shared.opening_number(plan, i): the opening game i of a plan with
-- openings goes on from: per_opening games each (2: a pair), the list
-- taken round again when it is short.
function shared.opening_number(plan, i)
  return ((i - 1) // (plan.per_opening or 2)) % #plan.openings + 1
end

-- The time controls of game i of a plan: {black, white}.
local function game_controls(plan, i)
  local a, b = plan.controls.a, plan.controls.b
  if a_colour(plan, i) == "white" then a, b = b, a end
  return {black = a, white = b}
end

-- Adds a game's result (and its verdicts) to the tallies of both players.
local function tally(stats, record, colour)
  local function add(t, outcome) t[outcome] = t[outcome] + 1 end
  local other = colour == "black" and "white" or "black"
  local score = score_of(record, colour)
  local a_result = score == 0.5 and "draws" or score == 1 and "wins" or "losses"
  local b_result = a_result == "wins" and "losses"
                   or a_result == "losses" and "wins" or "draws"
  if a_result ~= "draws" then
    local by = (a_result == "losses" and stats.a or stats.b).losses_by
    by[record.reason] = (by[record.reason] or 0) + 1
  end
  add(stats.a, a_result)
  add(stats.a["as_" .. colour], a_result)
  add(stats.b, b_result)
  add(stats.b["as_" .. other], b_result)
  if record.judged then
    add_judged(stats.a.judged, record.judged[colour])
    add_judged(stats.b.judged, record.judged[other])
  end
end

local function new_stats(name, judge)
  return {name = name, wins = 0, losses = 0, draws = 0, losses_by = {},
          as_black = {wins = 0, losses = 0, draws = 0},
          as_white = {wins = 0, losses = 0, draws = 0},
          judged = judge and new_judged() or nil}
end

-- Game-length figures of a list of records.
local function lengths(records)
  local t = {}
  for i, r in ipairs(records) do t[i] = r.plies end
  table.sort(t)
  if #t == 0 then return {min = 0, max = 0, mean = 0, median = 0} end
  local sum = 0
  for _, x in ipairs(t) do sum = sum + x end
  return {min = t[1], max = t[#t], mean = sum / #t, median = t[(#t + 1) // 2]}
end

-- The index (1..5) of a pair of games among the pentanomial counts: a's
-- points in the two, 0, 1/2, 1, 3/2 or 2.
local function pair_index(plan, first, second, i)
  return math.floor(2 * (score_of(first, a_colour(plan, i)) +
                         score_of(second, a_colour(plan, i + 1))) + 0.5) + 1
end

-- The pentanomial counts of the colour-swapped pairs (games 2k - 1 and
-- 2k) of which both were played.
local function pentanomial(plan, results, count)
  local counts = {0, 0, 0, 0, 0}
  for i = 1, count - 1, 2 do
    if results[i] and results[i + 1] then
      local k = pair_index(plan, results[i], results[i + 1], i)
      counts[k] = counts[k] + 1
    end
  end
  return counts
end

-- The Elo figures of a match from a's tallies: from the pairs when it
-- has some (they are what was measured: the games of a pair share an
-- opening), else from the games; the draw ratio from the games.
local function match_elo(a, pairs)
  if not pairs or pairs[1] + pairs[2] + pairs[3] + pairs[4] + pairs[5] == 0 then
    return M.elo(a.wins, a.draws, a.losses)
  end
  local e = M.elo(pairs)
  local n = a.wins + a.draws + a.losses
  e.draw_ratio = a.draws / n
  return e
end

local Match = {}
Match.__index = Match
Match.__name = "mutorere.Match"
shared.classes = shared.classes or {}
shared.classes[#shared.classes + 1] = Match

-- The text of a match's results (standings.lua).
function Match.__tostring(m) return shared.match_text(m) end

-- shared.is_match(x): true when x is a Match (what mt.match returns).
function shared.is_match(x) return rawequal(debug.getmetatable(x), Match) end

-- Reads the jobs option of argument n of function name: a number of
-- worker processes (1: none), true for one per core.
local function jobs_option(jobs, n, name)
  if jobs == nil then return 1 end
  if jobs == true then jobs = shared.cores() end
  shared.check_option(jobs ~= false and jobs >= 1 and jobs <= 256, n, name, "jobs",
                      "a whole number from 1 to 256, or true (one per core)", jobs)
  if jobs > 1 and M.sandboxed() then
    shared.arg_error(n, name, "option jobs: worker processes are not allowed in a sandbox")
  end
  return jobs
end

local SPRT_OPTIONS = {elo0 = "number", elo1 = "number", alpha = "number", beta = "number",
                      model = "string"}

-- Reads the sprt option of a match: {elo0, elo1, alpha, beta}, checked by
-- mt.sprt itself.
local function sprt_option(t, swap)
  if t == nil then return nil end
  shared.as_option(3, "match", "sprt", shared.options, t, 1, "sprt", SPRT_OPTIONS)
  if not swap then
    shared.arg_error(3, "match", "option swap must be true with sprt: it plays colour-swapped pairs")
  end
  local o = {elo0 = t.elo0, elo1 = t.elo1, alpha = t.alpha, beta = t.beta, model = t.model}
  shared.as_option(3, "match", "sprt", M.sprt, {wins = 0, draws = 0, losses = 0, elo0 = o.elo0,
                                                elo1 = o.elo1, alpha = o.alpha, beta = o.beta,
                                                model = o.model})
  return o
end

local MATCH_OPTIONS = {games = "integer", variant = "string|table|Variant", swap = "boolean",
                       seed = "integer", start = "string|Position|Game", max_plies = "integer",
                       budget = "table|boolean", jobs = "integer|boolean", progress = "boolean",
                       judge = "boolean", sprt = "table", openings = "table|string|boolean",
                       clock = "table", adjudicate = "string", file = "string",
                       resume = "boolean", per_opening = "integer", reverse = "boolean",
                       draw = "table", resign = "table", on_game = "function", event = "string",
                       site = "string", wait = "number", recover = "boolean"}

-- Reads the adjudicate option of argument n of function name: "solver"
-- (true) or nil.
local function adjudicate_option(x, n, name)
  return shared.check_option(x == nil or x == "solver", n, name, "adjudicate", '"solver"', x)
         and x ~= nil or nil
end

-- Reads the draw and resign options of argument n of function name
-- (adjudication by the players' own scores): {draw = {movenumber,
-- movecount, score}, resign = {movecount, score, twosided}}, or nil.
local function score_rules(draw, resign, n, name)
  if draw == nil and resign == nil then return nil end
  local rules = {}
  local function whole(t, key, what, low, default)
    local x = t[key]
    if x == nil then return default end
    shared.check_option(x >= low and x <= 1e9, n, name,
                        what .. "." .. key, string.format("a whole number from %d", low), x)
    return x
  end
  if draw ~= nil then
    local d = shared.options(draw, n, name, {movenumber = "integer", movecount = "integer",
                                              score = "integer"})
    rules.draw = {movenumber = whole(d, "movenumber", "draw", 0, 0),
                  movecount = whole(d, "movecount", "draw", 1, 1),
                  score = whole(d, "score", "draw", 0, 0)}
  end
  if resign ~= nil then
    local r = shared.options(resign, n, name, {movecount = "integer", score = "integer",
                                                twosided = "boolean"})
    rules.resign = {movecount = whole(r, "movecount", "resign", 1, 1),
                    score = whole(r, "score", "resign", 0, 0), twosided = r.twosided or false}
  end
  return rules
end

-- Reads the text options of a match (event, site): one line each.
local function tag_option(x, key, n, name)
  shared.check_option(x == nil or not x:find("%c"), n, name, key, "one line of text", x)
  return x
end

-- Reads the options of a match, argument n of function name (a
-- tournament's give its own).
local function match_options(o, n, name)
  o = shared.options(o, n, name, MATCH_OPTIONS)
  local v = shared.as_option(n, name, "variant", M.variant, o.variant or "standard")
  local swap = o.swap ~= false
  local sprt = sprt_option(o.sprt, swap)
  local games = o.games or (sprt and SPRT_GAMES or 2)
  shared.check_option(games >= 1, n, name, "games", "a positive integer", games)
  shared.check_option((o.max_plies or 1) >= 1, n, name, "max_plies", "a positive integer",
                      o.max_plies)
  local cap = o.max_plies or v:parameters().max_plies
  if cap == 0 then cap = DEFAULT_CAP end
  shared.check_option(o.budget ~= true, n, name, "budget",
                      "a table {time, instructions, memory} or false", o.budget)
  if o.start ~= nil and o.openings ~= nil then
    shared.arg_error(n, name, "a match has a start or openings, not both")
  end
  if o.start ~= nil then shared.as_option(n, name, "start", M.game, v, o.start) end
  local per_opening = o.per_opening or 2
  shared.check_option(per_opening >= 1 and per_opening <= 1000, n, name, "per_opening",
                      "a whole number from 1 to 1000", per_opening)
  if sprt and per_opening % 2 == 1 then
    shared.arg_error(n, name, "option per_opening must be even with sprt: a pair of games " ..
                     "shares its opening")
  end
  shared.check_option(o.wait == nil or o.wait >= 0 and o.wait <= 3600, n, name, "wait",
                      "a number of seconds from 0 to 3600", o.wait)
  local controls, clock = shared.clocks_option(o.clock, 2, n, name)
  return {variant = v, games = games, swap = swap, seed = o.seed or 1, start = o.start,
          cap = cap, budget = o.budget, judge = o.judge or nil, sprt = sprt,
          clock = clock, controls = {a = controls[1], b = controls[2]},
          adjudicate = adjudicate_option(o.adjudicate, n, name),
          scores = score_rules(o.draw, o.resign, n, name), per_opening = per_opening,
          reverse = o.reverse or nil, on_game = o.on_game, wait = o.wait,
          event = tag_option(o.event, "event", n, name), site = tag_option(o.site, "site", n, name),
          recover = o.recover ~= false}
end

-- Plays game i of a planned match: {a, b (Players), variant, games, swap,
-- seed, start, openings, cap, budget, judge, ...}.  Returns its record;
-- the same for the same plan and i, whatever ran before.  Games go on
-- from the openings per_opening at a time (2: games 2k - 1 and 2k from
-- opening k), the list taken round again when it is short.  With wait,
-- a pause before each game but the first this process plays.  The record
-- is appended to the file, or (plan.defer_file) its text kept in
-- r.file_text for the caller to append.
local function play_planned(plan, i)
  if plan.wait and plan.played_here then shared.pause(plan.wait) end
  plan.played_here = true
  plan.a:reset(plan.seed * 1000003 + i)
  plan.b:reset(plan.seed * 1000033 + i)
  local black, white = plan.a, plan.b
  if a_colour(plan, i) == "white" then black, white = plan.b, plan.a end
  local start, opening = plan.start, nil
  if plan.openings then
    opening = shared.opening_number(plan, i)
    start = plan.openings[opening]
  end
  local r, g = shared.play_game(black, white, plan.variant, start, plan.cap, plan.budget,
                                {controls = game_controls(plan, i), solution = plan.solution,
                                 scores = plan.scores})
  r.game, r.opening = i, opening
  if plan.judge then r.judged = judge_game(g, opening and start:ply() or 0) end
  if plan.file then
    local text = shared.game_record_text({event = plan.event, site = plan.site,
                                          seed = plan.seed}, r, g)
    if plan.defer_file then r.file_text = text else shared.append_game(plan.file, text) end
  end
  return r
end

-- The names of the players of game i of a plan: black's, white's.
local function names_of(plan, i)
  if a_colour(plan, i) == "white" then return plan.b.name, plan.a.name end
  return plan.a.name, plan.b.name
end

-- The games of a plan that its file already holds (resume): {[i] =
-- record}, judged again when the plan judges.  The file's games of this
-- plan's seed, numbers and players are marked (belongs); one that is not
-- the game this plan plays there is refused, saying what differs (played
-- again, the file would hold two games of one number).
local function resumed(plan, found, what)
  local done = {}
  for i = 1, plan.games do
    local black, white = names_of(plan, i)
    local hit = found[shared.resume_key(plan.seed, i, black, white)]
    if hit then
      local controls = game_controls(plan, i)
      local r, g = shared.resumed_record(hit, i, plan, controls)
      if not r then
        error(string.format("resume: %s holds a game %d of another %s (record %d): %s",
                            plan.file, i, what, hit[1].record, g), 0)
      end
      for _, f in ipairs(hit) do f.belongs = true end
      r.black, r.white, r.clock, r.controls = black, white, plan.clock, controls
      local book = r.opening and plan.openings and plan.openings[r.opening]
      if plan.judge then r.judged = judge_game(g, book and book:ply() or 0) end
      done[i] = r
    end
  end
  return done
end

-- Refuses a resume when the file (path) holds finished games of another
-- match or tournament (found: the file's games, those of plans marked):
-- a seed no plan has, or players a plan does not give that game number.
-- The first such game in the file is named, with what differs.
local function refuse_foreign(plans, found, path, what)
  local by_seed, first = {}, nil
  for _, plan in ipairs(plans) do by_seed[plan.seed] = plan end
  for _, list in next, found do
    for _, f in ipairs(list) do
      local plan, why = by_seed[f.seed], nil
      if f.belongs then
        why = nil
      elseif not plan then
        why = string.format("its Seed is %d, not %s", f.seed, #plans == 1 and
                            tostring(plans[1].seed) or "a seed of this tournament's pairings")
      else
        local black, white = names_of(plan, f.number)
        if f.tags.Black ~= black or f.tags.White ~= white then
          why = string.format("its players are %s and %s, not %s and %s", f.tags.Black,
                              f.tags.White, black, white)
        end
      end
      if why and (not first or f.record < first.record) then
        first = {record = f.record, number = f.number, why = why}
      end
    end
  end
  if first then
    error(string.format("resume: %s holds a game of another %s (record %d, game %d): %s; " ..
                        "resume from this %s's own file", path, what, first.record, first.number,
                        first.why, what), 0)
  end
end

-- The reasons of a lost game that stop a match that does not recover:
-- an engine that crashed or hung.
local UNRECOVERED = {crash = true, hang = true}

-- shared.stops_match(plan, r): true when game record r stops plan's
-- match: it does not recover, and an engine crashed or hung in r.
function shared.stops_match(plan, r)
  return not plan.recover and UNRECOVERED[r.reason] or false
end

-- Plays the games of a plan in list todo (game numbers) with run_jobs;
-- puts their records into results; calls the plan's on_game with each
-- unless quiet.  Returns whether Ctrl-C stopped it, and the record that
-- stopped it (an engine that crashed, when the match does not recover).
local function play_list(plan, todo, results, jobs, bar, after, quiet)
  -- with workers, the records' texts are appended here as they come back,
  -- so that the file holds the games the result holds, whenever Ctrl-C
  -- ends the workers (a worker ended between its append and its send
  -- left a game in the file that the result did not hold)
  local deferred = plan.file and jobs > 1 and not plan.defer_file
  if deferred then plan.defer_file = true end
  local function write(r)
    if deferred and r and r.file_text then
      shared.append_game(plan.file, r.file_text)
      r.file_text = nil
    end
  end
  local got, interrupted, stopper = shared.run_jobs(jobs, #todo, function(k)
    return play_planned(plan, todo[k])
  end, {bar = bar, after = after, each = function(_, r)
    write(r)
    if not quiet and plan.on_game then plan.on_game(r, a_colour(plan, r.game)) end
  end, stop = not plan.recover and function(r) return shared.stops_match(plan, r) end})
  if deferred then plan.defer_file = nil end
  for k, i in ipairs(todo) do
    write(got[k])
    results[i] = got[k]
  end
  return interrupted, stopper
end

-- What a match that does not recover says of the game that stopped it.
local function stopped_words(r)
  return string.format("game %d: %s; the match stopped there (it does not recover)", r.game,
                       r.error or r.reason)
end

-- The warnings a match's records call for: openings replayed because
-- fewer exist than pairs (how many distinct were played), and games that
-- repeat one another.
local function warnings(plan, records)
  local out = {plan.cut}
  local pairs_played, used, seen, distinct = 0, {}, {}, 0
  for _, r in ipairs(records) do
    if (r.game - 1) % plan.per_opening == 0 then pairs_played = pairs_played + 1 end
    if r.opening then used[r.opening] = true end
    local key = r.start .. " " .. table.concat(shared.move_texts(r.moves), " ")
    if not seen[key] then seen[key], distinct = true, distinct + 1 end
  end
  if plan.openings and pairs_played > #plan.openings then
    local n = 0
    for _ in next, used do n = n + 1 end
    local unit = plan.per_opening == 2 and "pair" or plan.per_opening .. "-game run"
    out[#out + 1] = string.format("openings replayed: %d %s%s of games from %d distinct " ..
                                  "opening%s (fewer exist than %ss)", pairs_played, unit,
                                  pairs_played == 1 and "" or "s", n, n == 1 and "" or "s", unit)
  end
  if #records > 2 and distinct * 2 <= #records then
    out[#out + 1] = string.format("only %d distinct game%s among %d: the players repeat " ..
                                  "themselves%s", distinct, distinct == 1 and "" or "s", #records,
                                  plan.openings and "" or " (give openings)")
  end
  return out
end

-- The Match of a plan from the records of its games 1..count (results[i]
-- the record of game i, missing when it was not played).
local function finish_match(plan, results, count, seconds, interrupted)
  local stats = {a = new_stats(plan.a.name, plan.judge), b = new_stats(plan.b.name, plan.judge)}
  local records, errors = {}, {}
  for i = 1, count do
    local r = results[i]
    if r then
      records[#records + 1] = r
      if r.error then errors[#errors + 1] = string.format("game %d: %s", i, r.error) end
      tally(stats, r, a_colour(plan, i))
    end
  end
  for _, side in ipairs({stats.a, stats.b}) do
    if side.judged then side.judged = judged_summary(side.judged) end
  end
  local a = stats.a
  local paired = plan.swap and plan.per_opening % 2 == 0
  local pairs = paired and pentanomial(plan, results, count) or nil
  local controls = (plan.controls.a or plan.controls.b) and not plan.clock and plan.controls
  return setmetatable({games = #records, planned = plan.games,
                       variant = shared.variant_label(plan.variant), seed = plan.seed,
                       a = a, b = stats.b, elo = match_elo(a, pairs),
                       pairs = pairs, swap = plan.swap, reverse = plan.reverse,
                       per_opening = plan.per_opening,
                       openings = plan.openings, clock = plan.clock,
                       controls = controls and {a = controls.a, b = controls.b} or nil,
                       file = plan.file, adjudicate = plan.adjudicate and "solver" or nil,
                       lengths = lengths(records), records = records, errors = errors,
                       warnings = warnings(plan, records),
                       stopped = plan.stopped and stopped_words(plan.stopped),
                       seconds = seconds, interrupted = interrupted or nil}, Match)
end

-- shared.run_jobs(jobs, count, run, hooks): {run(1), ..., run(count)},
-- computed here when jobs is 1, else by up to jobs worker processes
-- (chunks of consecutive indices, handed out as workers finish, smaller
-- as the end nears so that the workers finish together).  hooks (all
-- optional): bar(done) follows; after() is what a worker calls before it
-- sends its chunk back; each(i, result) is called here as each result
-- comes back (a worker's when its chunk ends); stop(result) true ends the
-- run after that result (a worker ends its chunk there, the others are
-- ended, what they had finished kept).  A failed worker stops them all
-- with its error.  Ctrl-C stops them too, and then the results come back
-- as far as they got (every one a worker had finished; some missing)
-- with true as a second value.  The third value is the result that
-- stopped the run, if one did.
function shared.run_jobs(jobs, count, run, hooks)
  local results, stopper = {}, nil
  local bar, after, each, stop = hooks.bar or function() end, hooks.after, hooks.each, hooks.stop
  local function take(i, r)
    results[i] = r
    if each then each(i, r) end
    if stop and not stopper and stop(r) then stopper = r end
  end
  local function serial()
    for i = 1, count do
      take(i, run(i))
      bar(i)
      if stopper then return end
    end
  end
  local function spread(pool)
    local next_i, done, firsts = 1, 0, {}
    while (next_i <= count and not stopper) or pool:running() > 0 do
      while pool:running() < jobs and next_i <= count do
        local chunk = math.ceil((count - next_i + 1) / (jobs * 3))
        local first, last = next_i, math.min(count, next_i + chunk - 1)
        next_i = last + 1
        firsts[first] = last
        pool:start(first, function(send)
          for i = first, last do
            local r = run(i)
            send(r)
            if stop and stop(r) then break end
          end
          if after then after() end
        end)
      end
      local first, ok, value, sent = pool:wait()
      if not ok then
        error(string.format("jobs: the worker for games %d to %d failed: %s", first,
                            firsts[first], tostring(value)), 0)
      end
      for k, r in ipairs(sent) do take(first + k - 1, r) end
      done = done + #sent
      bar(done)
      if stopper then -- the workers still running are ended
        for at, list in next, pool:unfinished() do
          for k, r in ipairs(list) do take(at + k - 1, r) end
        end
        return
      end
    end
  end
  if jobs <= 1 or count <= 1 then
    local finished = shared.interruptible(serial)
    return results, not finished, stopper
  end
  local pool <close> = shared.workers()
  local finished = shared.interruptible(spread, pool)
  if not finished then -- the games that stopped workers had finished
    for first, sent in next, pool:unfinished() do
      for k, r in ipairs(sent) do results[first + k - 1] = r end
    end
  end
  return results, not finished, stopper
end

-- Says on standard error that Ctrl-C stopped what (a match or a
-- tournament) after done of total games, and that the result keeps them.
local function say_interrupted(what, done, total)
  io.stderr:write(string.format("%s interrupted after %d of %d games: the result " ..
                                "holds those (interrupted = true)\n", what, done, total))
end

-- The SPRT's verdict on the pair counts of a plan so far (wdl: a's
-- wins, draws and losses in them, which the BayesElo model takes).
local function sprt_verdict(plan, counts, wdl)
  local o = plan.sprt
  local given = {elo0 = o.elo0, elo1 = o.elo1, alpha = o.alpha, beta = o.beta, model = o.model}
  if o.model == "bayesian" then
    given.wins, given.draws, given.losses = wdl[1], wdl[2], wdl[3]
  else
    given.pairs = counts
  end
  local t = M.sprt(given)
  t.elo0, t.elo1, t.alpha, t.beta = o.elo0, o.elo1, o.alpha or 0.05, o.beta or 0.05
  t.model = o.model or "logistic"
  return t
end

-- Takes game record r of an SPRT match as played: its text appended to
-- the file (the games a batch played past the test's stop are never
-- written), the plan's on_game told.
local function accept_game(plan, r)
  if r.file_text then
    shared.append_game(plan.file, r.file_text)
    r.file_text = nil
  end
  if plan.on_game and not r.resumed then plan.on_game(r, a_colour(plan, r.game)) end
end

-- Plays the pairs of an SPRT match until the test decides or the games
-- run out, taking first the games of done (resumed from the file); returns
-- the records by game, the games played, the verdict and whether Ctrl-C
-- stopped it.  With jobs the pairs are played in batches of SPRT_BATCH
-- pairs a worker; the test still looks pair by pair in order, so it stops
-- where the serial run would, and the games a batch played past that
-- point are dropped: from the result, and from the file (the games are
-- written as the test takes them).
local function play_sprt(plan, jobs, bar, done, after)
  local results, counts, played, wdl = {}, {0, 0, 0, 0, 0}, 0, {0, 0, 0}
  local verdict = sprt_verdict(plan, counts, wdl)
  local batch = jobs > 1 and 2 * SPRT_BATCH * jobs or 2
  local last = plan.games - plan.games % 2
  plan.defer_file = true
  while played < last and not verdict.result and not plan.stopped do
    local first, size = played, math.min(batch, last - played)
    local got, todo = {}, {}
    for k = 1, size do
      got[first + k] = done[first + k]
      if not got[first + k] then todo[#todo + 1] = first + k end
    end
    local interrupted, stopper = play_list(plan, todo, got, jobs,
                                           function(n) bar(first + n) end, after, true)
    for k = first + 1, first + size - 1, 2 do
      if verdict.result or not (got[k] and got[k + 1]) then break end
      results[k], results[k + 1] = got[k], got[k + 1]
      accept_game(plan, got[k])
      accept_game(plan, got[k + 1])
      played = k + 1
      local x = pair_index(plan, got[k], got[k + 1], k)
      counts[x] = counts[x] + 1
      for i = k, k + 1 do
        local score = score_of(got[i], a_colour(plan, i))
        local y = score == 1 and 1 or score == 0.5 and 2 or 3
        wdl[y] = wdl[y] + 1
      end
      verdict = sprt_verdict(plan, counts, wdl)
      if shared.stops_match(plan, got[k]) or shared.stops_match(plan, got[k + 1]) then
        plan.stopped = shared.stops_match(plan, got[k]) and got[k] or got[k + 1]
        break
      end
    end
    if stopper and not plan.stopped and played < first + size then
      plan.stopped = stopper -- it stopped the batch inside a pair
      if got[stopper.game] and not results[stopper.game] then
        results[stopper.game] = stopper
        accept_game(plan, stopper)
      end
    end
    if interrupted then return results, played, verdict, true end
  end
  return results, plan.stopped and math.max(played, plan.stopped.game) or played, verdict, false
end

-- The games of the file of a match or tournament already played there
-- (resume, argument n of function name): the finished games by key, or
-- {} without resume.
local function resume_option(o, n, name)
  if not o.resume then return {} end
  if not o.file then shared.arg_error(n, name, "option resume needs a file to resume from") end
  return shared.finished_games(o.file)
end

-- What a worker does before it sends its games back, for players: stop
-- the programs of outside engines among them (nil when there is none).
local function worker_after(players)
  for _, p in ipairs(players) do
    if p.outside then return shared.stop_all_engines end
  end
end

-- mt.match(a, b [, options]): a match between two players (see
-- doc/api.md for the options and the result).
function M.match(a, b, options)
  local a_player = shared.as_argument(1, "match", M.player, a)
  local b_player = shared.as_argument(2, "match", M.player, b)
  local plan = match_options(options, 3, "match")
  local jobs = jobs_option(options and options.jobs, 3, "match")
  plan.a, plan.b, plan.event = a_player, b_player, plan.event or "match"
  local slots = (plan.games + plan.per_opening - 1) // plan.per_opening
  plan.openings = shared.match_openings(plan.variant, options and options.openings, slots,
                                        plan.seed, 3, "match")
  local o = options or {}
  if o.file then plan.cut = shared.check_game_file(o.file, plan.variant, 3, "match") end
  plan.file = o.file
  local found = resume_option(o, 3, "match")
  local done = resumed(plan, found, "match")
  refuse_foreign({plan}, found, o.file, "match")
  local solution = presolve(plan.variant, {plan.a, plan.b}, plan.judge or plan.adjudicate,
                            plan.budget)
  plan.solution = plan.adjudicate and solution or nil
  local engines <close> = shared.engines_closer({plan.a, plan.b}) -- luacheck: ignore 211
  shared.check_engines({plan.a, plan.b}, {plan.variant}, "match")
  local after = worker_after({plan.a, plan.b})
  local bar = shared.progress(plan.games, "match", o.progress)
  local t0 = M.clock()
  local results, count, verdict, interrupted
  if plan.sprt then
    results, count, verdict, interrupted = play_sprt(plan, jobs, bar, done, after)
  else
    results, count = done, plan.games
    local todo = {}
    for i = 1, plan.games do if not done[i] then todo[#todo + 1] = i end end
    interrupted, plan.stopped = play_list(plan, todo, results, jobs, bar, after)
  end
  bar(nil)
  local m = finish_match(plan, results, count, M.clock() - t0, interrupted)
  m.sprt = verdict
  if interrupted then say_interrupted("match", m.games, plan.games) end
  return m
end

local Tournament = {}
Tournament.__index = Tournament
Tournament.__name = "mutorere.Tournament"
shared.classes[#shared.classes + 1] = Tournament

-- The standings of a tournament as text (standings.lua).
function Tournament.__tostring(t) return shared.tournament_text(t) end

local TOURNAMENT_OPTIONS = {players = "table", variants = "table", games = "integer",
                            seed = "integer", jobs = "integer|boolean", progress = "boolean",
                            judge = "boolean", openings = "table|string|boolean",
                            max_plies = "integer", budget = "table|boolean", clock = "table",
                            adjudicate = "string", file = "string", resume = "boolean",
                            gauntlet = "boolean", per_opening = "integer", reverse = "boolean",
                            draw = "table", resign = "table", on_game = "function",
                            event = "string", site = "string", wait = "number",
                            recover = "boolean"}

-- The options of a tournament that each of its matches takes as they are.
local PER_MATCH = {"max_plies", "budget", "adjudicate", "per_opening", "reverse", "draw",
                   "resign", "on_game", "event", "site", "wait", "recover"}

-- The pairings of n players: every pair (a round robin), or the first
-- against each of the others (a gauntlet).
local function pairings(n, gauntlet)
  local out = {}
  for i = 1, gauntlet and 1 or n do
    for j = i + 1, n do out[#out + 1] = {i, j} end
  end
  return out
end

-- The plans of a tournament: a match for every pairing of players on
-- every variant (the pairings of a variant share its openings); and the
-- list of games to play, {plan number, game number}: all of them, or
-- those the file lacks (resume; the others are in the plans' done).
local function tournament_plans(options, players)
  local variants = options.variants or {"standard"}
  shared.check_option(#variants > 0, 1, "tournament", "variants", "a list of variants", variants)
  local games, seed = options.games or 2, options.seed or 1
  local controls = shared.clocks_option(options.clock, #players, 1, "tournament")
  local plans, tasks, vs, cut_note, found = {}, {}, {}, nil, nil
  for vi, spec in ipairs(variants) do
    local v = shared.as_option(1, "tournament", "variants", M.variant, spec)
    local given = {games = games, variant = v}
    for _, k in ipairs(PER_MATCH) do given[k] = options[k] end
    local base = match_options(given, 1, "tournament")
    vs[vi] = v
    local cut = options.file and shared.check_game_file(options.file, v, 1, "tournament")
    cut_note = cut_note or cut
    found = found or resume_option(options, 1, "tournament") -- (the file cut first)
    local slots = (games + base.per_opening - 1) // base.per_opening
    local openings = shared.match_openings(v, options.openings, slots, seed + vi, 1, "tournament")
    local judge = options.judge or nil
    local solution = presolve(v, players, judge or base.adjudicate, base.budget)
    for _, pair in ipairs(pairings(#players, options.gauntlet)) do
      local i, j = pair[1], pair[2]
      local plan = {}
      for k, x in next, base do plan[k] = x end
      plan.seed, plan.judge, plan.openings = seed * 7919 + #plans, judge, openings
      plan.a, plan.b, plan.i, plan.j, plan.vi = players[i], players[j], i, j, vi
      plan.controls = {a = controls[i], b = controls[j]}
      plan.clock = shared.same_clock(controls[i], controls[j]) and controls[i] or nil
      plan.solution = base.adjudicate and solution or nil
      plan.file, plan.event, plan.cut = options.file, base.event or "tournament", cut_note
      plan.done = resumed(plan, found, "tournament")
      plans[#plans + 1] = plan
      for g = 1, games do
        if not plan.done[g] then tasks[#tasks + 1] = {#plans, g} end
      end
    end
  end
  if options.resume then refuse_foreign(plans, found, options.file, "tournament") end
  return plans, tasks, vs
end

-- The value of v's start for its side to move, when the solver gives it
-- within START_SOLVE seconds: {value, distance, side}; nil if not.
local function start_value(v)
  local ok, s = M.limit({time = START_SOLVE}, M.solve, v)
  if not ok then return nil end
  local value, distance = s:lookup(v.start)
  return {value = value, distance = distance, side = v.start.side}
end

-- A player's tallies in a tournament: zero to start with.
local function new_total(name, judge)
  local t = new_stats(name, judge)
  t.points, t.games = 0, 0
  return t
end

-- Adds the tallies of a match side into total t.
local function add_side(t, side)
  for _, k in ipairs({"wins", "losses", "draws"}) do
    t[k] = t[k] + side[k]
    t.as_black[k] = t.as_black[k] + side.as_black[k]
    t.as_white[k] = t.as_white[k] + side.as_white[k]
  end
  t.points = t.points + side.wins + side.draws / 2
  t.games = t.games + side.wins + side.losses + side.draws
  if t.judged then
    t.judged.moves = t.judged.moves + side.judged.moves
    t.judged.blunders = t.judged.blunders + side.judged.blunders
    t.judged.inaccuracies = t.judged.inaccuracies + side.judged.inaccuracies
    t.judged.lost = t.judged.lost + side.judged.plies_lost
  end
end

-- The standings, cross-table, per-variant breakdown and ratings of a
-- tournament from its matches; players in the order given.
local function tournament_tables(players, plans, matches, vs, judge)
  local n = #players
  local totals, score, games, by_variant = {}, {}, {}, {}
  for i, p in ipairs(players) do
    totals[i] = new_total(p.name, judge)
    score[i], games[i] = {}, {}
    for j = 1, n do score[i][j], games[i][j] = 0, 0 end
  end
  for vi, v in ipairs(vs) do
    local rows = {}
    for i, p in ipairs(players) do rows[i] = new_total(p.name) end
    by_variant[vi] = {variant = shared.variant_label(v), start = start_value(v), rows = rows}
  end
  for k, plan in ipairs(plans) do
    local m = matches[k]
    for _, x in ipairs({{plan.i, plan.j, m.a}, {plan.j, plan.i, m.b}}) do
      local i, j, side = x[1], x[2], x[3]
      add_side(totals[i], side)
      add_side(by_variant[plan.vi].rows[i], side)
      score[i][j] = score[i][j] + side.wins + side.draws / 2
      games[i][j] = games[i][j] + side.wins + side.losses + side.draws
    end
  end
  local ratings = shared.ratings(score, games, n)
  for i, t in ipairs(totals) do
    t.index, t.rating, t.low, t.high = i, ratings.rating[i], ratings.low[i], ratings.high[i]
    if t.judged then t.judged = judged_summary(t.judged) end
  end
  local standings = table.move(totals, 1, n, 1, {})
  table.sort(standings, function(x, y)
    if x.points ~= y.points then return x.points > y.points end
    if x.rating ~= y.rating then return x.rating > y.rating end
    return x.index < y.index
  end)
  local cross = {}
  for r, x in ipairs(standings) do
    cross[r] = {}
    for c, y in ipairs(standings) do
      cross[r][c] = x ~= y and {points = score[x.index][y.index], games = games[x.index][y.index]}
                    or false
    end
  end
  for _, b in ipairs(by_variant) do
    local rows = {}
    for r, x in ipairs(standings) do rows[r] = b.rows[x.index] end
    b.rows = rows
  end
  return standings, cross, by_variant, ratings.virtual
end

-- mt.tournament{players = {...}, variants = {...}, games = 2, seed = 1,
-- jobs = 1, ...}: a round robin, every pair of players on every variant
-- (see doc/api.md for the options and the result).
function M.tournament(options)
  shared.check_arg(type(options) == "table", 1, "tournament", "table of options", options)
  options = shared.options(options, 1, "tournament", TOURNAMENT_OPTIONS)
  local players = {}
  for i, spec in ipairs(options.players or {}) do
    players[i] = shared.as_option(1, "tournament", "players", M.player, spec)
  end
  shared.check_option(#players >= 2, 1, "tournament", "players", "a list of two players or more",
                      options.players)
  local jobs = jobs_option(options.jobs, 1, "tournament")
  local plans, tasks, vs = tournament_plans(options, players)
  local games = plans[1].games
  local engines <close> = shared.engines_closer(players) -- luacheck: ignore 211
  shared.check_engines(players, vs, "tournament")
  local bar = shared.progress(#tasks, "tournament", options.progress)
  local t0 = M.clock()
  local on_game, recover = options.on_game, options.recover ~= false
  local records, interrupted, stopper = shared.run_jobs(jobs, #tasks, function(k)
    return play_planned(plans[tasks[k][1]], tasks[k][2])
  end, {bar = bar, after = worker_after(players),
        each = on_game and function(k, r) on_game(r, a_colour(plans[tasks[k][1]], r.game)) end,
        stop = not recover and function(r) return UNRECOVERED[r.reason] or false end})
  bar(nil)
  if stopper then
    for k, task in ipairs(tasks) do
      if records[k] == stopper then plans[task[1]].stopped = stopper end
    end
  end
  local own = {}
  for k, plan in ipairs(plans) do own[k] = plan.done end
  for k, task in ipairs(tasks) do own[task[1]][task[2]] = records[k] end
  local seconds, played, matches = M.clock() - t0, 0, {}
  for k, plan in ipairs(plans) do
    local missing = false
    for g = 1, games do missing = missing or not own[k][g] end
    matches[k] = finish_match(plan, own[k], games, seconds * games / #plans / games, missing)
    played = played + matches[k].games
  end
  if interrupted then say_interrupted("tournament", played, #plans * games) end
  local standings, cross, by_variant, virtual = tournament_tables(players, plans, matches, vs,
                                                                  options.judge)
  local names = {}
  for i, b in ipairs(by_variant) do names[i] = b.variant end
  return setmetatable({standings = standings, cross = cross, by_variant = by_variant,
                       matches = matches, variants = names, games = games, played = played,
                       seed = options.seed or 1, seconds = seconds,
                       virtual_draws = virtual, interrupted = interrupted or nil,
                       stopped = stopper and stopped_words(stopper),
                       judge = options.judge and true or nil,
                       gauntlet = options.gauntlet or nil}, Tournament)
end

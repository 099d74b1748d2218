-- puzzles.lua — mt.puzzle: puzzles as Lua tables (title, variant, position,
-- history, goal, plies, solution, hint, source), checked by the solver, found by a
-- generator, written as files, and remembered when solved.
local M, _, shared = ...

local P = {}
M.puzzle = P

local FIELDS = {title = "string", variant = true, position = "string",
                history = "table",
                goal = "string", plies = "number", solution = true,
                hint = "string", source = "string", difficulty = "number",
                rating = "string", name = "string", path = "string"}

-- The puzzle table of a puzzle file's text (name names it in errors), or
-- nil and what is wrong.  The text is data: it runs as a text chunk with
-- nothing in its environment, within a small budget.
local function read_puzzle(text, name)
  if not shared.text(text) then return nil, "puzzle " .. name .. ": not text (it holds a zero byte)" end
  local chunk, err = load(text, "=" .. name, "t", {})
  if not chunk then return nil, "cannot load puzzle: " .. err end
  local ok, t = M.limit({time = 1, instructions = 1000000, memory = 1 << 20}, chunk)
  if not ok then return nil, name .. ": " .. tostring(t) end
  if type(t) ~= "table" then
    return nil, "puzzle file " .. name .. " must return a table, not " .. type(t)
  end
  return t
end

-- P.from_text(text [, name]): the puzzle table a puzzle file's text gives.
function P.from_text(text, name)
  shared.check_arg(type(text) == "string", 1, "from_text", "string", text)
  shared.check_arg(name == nil or type(name) == "string", 2, "from_text", "string (a name)", name)
  shared.check_text(name, 2, "from_text", "the name")
  local t, why = read_puzzle(text, name or "puzzle")
  if not t then shared.arg_error(1, "from_text", why) end
  return t
end

-- P.load(spec): a puzzle table from a name (puzzles/NAME.lua on the search
-- path), a path or a table.
function P.load(spec)
  if type(spec) == "table" then return spec end
  shared.check_arg(type(spec) == "string", 1, "load", "puzzle (a name, a path or a table)", spec)
  shared.check_text(spec, 1, "load", "the puzzle's name or path")
  local path = spec
  if not (spec:find("/") or spec:match("%.lua$")) then
    path = shared.find_script("puzzles", spec)
    if not path then
      shared.arg_error(1, "load", string.format("unknown puzzle '%s' (puzzles() lists them)",
                                                shared.shown(spec, shared.SHOWN_NAME)))
    end
  else
    shared.no_files_in_sandbox("loading a puzzle from a file")
  end
  local text, err = shared.read_file(path)
  if not text then shared.arg_error(1, "load", "cannot load puzzle: " .. err) end
  local t, why = read_puzzle(text, path)
  if not t then shared.arg_error(1, "load", why) end
  t.name = t.name or path:match("([^/]+)%.lua$")
  t.path = path
  return t
end

-- P.list(): the names of the puzzles on the search path.
function P.list() return M.scripts("puzzles") end

local after = shared.move_value

-- Checks the main line: the solver's side keeps the exact win, the
-- defender delays as long as it can.  Adds problems.
local function check_line(v, s, p, h, line, plies, problems)
  local remaining = plies
  for i, move in ipairs(line) do
    local ok, q, hq = pcall(v.play, v, p, move, h)
    if not ok then
      problems[#problems + 1] = string.format("solution move %d (%s): %s", i, move,
                                              (shared.reason(q)))
      return
    end
    local value, d = s:lookup(q, hq)
    local want = remaining - 1
    if i % 2 == 1 and (value ~= "loss" or d ~= want) then
      problems[#problems + 1] = string.format(
        "solution move %d (%s) does not keep the win in %d", i, move, remaining)
      return
    elseif i % 2 == 0 and (value ~= "win" or d ~= want) then
      problems[#problems + 1] = string.format(
        "solution move %d (%s) is not the longest defence", i, move)
      return
    end
    p, h, remaining = q, hq, want
  end
end

-- Checks the goal "win" of a puzzle at p (side to move).
local function check_win(t, v, s, p, h, report, problems)
  if not shared.whole(t.plies) or t.plies < 1 then
    problems[#problems + 1] = "plies must be a whole number of plies, at least 1"
    return
  end
  if report.value ~= "win" or report.distance ~= t.plies then
    problems[#problems + 1] = string.format(
      "the position is not a win in %d for %s but %s%s", t.plies, p.side,
      report.value, report.distance and (" in " .. report.distance) or "")
  end
  local others = {}
  for _, m in ipairs(v:moves(p, h)) do
    local value, d = after(v, s, p, h, m)
    if value == "win" and d == t.plies then others[#others + 1] = tostring(m) end
  end
  report.first_moves = others
  report.unique = #others == 1
end

-- Checks the goal "draw": the only move that does not lose.
local function check_draw(v, s, p, h, report, problems)
  if report.value ~= "draw" then
    problems[#problems + 1] = string.format("the position is not a draw but %s%s",
      report.value, report.distance and (" in " .. report.distance) or "")
  end
  local saving = {}
  for _, m in ipairs(v:moves(p, h)) do
    if after(v, s, p, h, m) ~= "loss" then saving[#saving + 1] = tostring(m) end
  end
  report.first_moves = saving
  report.unique = #saving == 1
  if #saving ~= 1 then
    problems[#problems + 1] = string.format(
      "%d moves do not lose (%s): a draw puzzle needs exactly one",
      #saving, table.concat(saving, " "))
  end
end

-- P.check(spec): verifies a puzzle with the solver.  Returns {ok, problems,
-- unique, first_moves, value, distance, puzzle}: the position is legal and
-- not over, the goal holds, plies is exact, the solution is a right first
-- move (and a right main line), and whether that first move is the only
-- one.
function P.check(spec)
  local t = shared.as_argument(1, "check", P.load, spec)
  local problems = {}
  local report = {puzzle = t, problems = problems, ok = false}
  for _, k in ipairs(shared.keys(t)) do
    if not FIELDS[k] then problems[#problems + 1] = "unknown field '" .. tostring(k) .. "'" end
  end
  for _, k in ipairs({"title", "variant", "position", "goal", "solution"}) do
    if t[k] == nil then problems[#problems + 1] = "no " .. k end
  end
  -- the texts shown and kept (the name marked solved): a line of text each
  for _, k in ipairs({"name", "title", "source", "hint"}) do
    local x = t[k]
    if x ~= nil and (type(x) ~= "string" or x == "" or x:find("[\0\n]")) then
      problems[#problems + 1] = k .. " must be one line of text, not " .. shared.describe(x)
    end
  end
  if #problems > 0 then return report end
  if t.goal ~= "win" and t.goal ~= "draw" then
    problems[#problems + 1] = 'goal must be "win" or "draw"'
    return report
  end
  local ok, g = pcall(M.game, t.variant, t.position, t.history)
  if not ok then
    problems[#problems + 1] = shared.reason(g)
    return report
  end
  if g:result() then
    problems[#problems + 1] = "the game is already over in this position"
    return report
  end
  local v = g:variant()
  local p, h = g:state()
  local s = M.solve(v)
  report.value, report.distance = s:lookup(p, h)
  if t.goal == "win" then check_win(t, v, s, p, h, report, problems)
  else check_draw(v, s, p, h, report, problems) end
  local line = type(t.solution) == "table" and t.solution or {t.solution}
  local first = line[1]
  local listed = false
  for _, m in ipairs(report.first_moves or {}) do listed = listed or m == first end
  if not listed then
    problems[#problems + 1] = string.format("the solution %s is not a right first move",
                                            tostring(first))
  elseif t.goal == "win" then
    check_line(v, s, p, h, line, t.plies, problems)
  end
  report.ok = #problems == 0
  return report
end

-- --- the generator ---

-- The main line from the state (p, h): the fastest win, the longest
-- defence, to the end.
local function main_line(v, s, p, h)
  local line = {}
  while not v:outcome(p, h) and #line < 200 do
    local best, best_rank
    for _, m in ipairs(v:moves(p, h)) do
      local rank = select(4, after(v, s, p, h, m))
      if not best or rank > best_rank then best, best_rank = m, rank end
    end
    line[#line + 1] = tostring(best)
    p, h = v:play(p, best, h)
  end
  return line
end

-- Whether the state (p, h) can be set up, as a puzzle is: a game from the
-- position before the moves it remembers, which it plays (rules that read
-- what was remembered before them may refuse them there, or end the game
-- before them).  Other errors (a hook's, a stop) are raised.
local function can_set_up(v, p, h)
  if #h == 0 then return true end
  local ok, g = pcall(M.game, v, p, h)
  if ok then return not g:result() end
  local why = shared.reason(g) -- (the first of its results)
  if why:find("^illegal move ") or why:find("^the game is over ") then return false end
  error(g, 0)
end

-- How hard a puzzle is: its length, and its wrong moves, counting twice
-- those whose refutation takes more than one reply (they tempt).
local function difficulty(v, s, p, h, goal, plies)
  local wrong, tempting = 0, 0
  for _, m in ipairs(v:moves(p, h)) do
    local value, d = after(v, s, p, h, m)
    local right = goal == "win" and value == "win" and d == plies
                  or goal == "draw" and value ~= "loss"
    if not right then
      wrong = wrong + 1
      if value ~= "loss" or d > 2 then tempting = tempting + 1 end
    end
  end
  local score = (plies or 1) + wrong + 2 * tempting
  return score, score < 5 and "easy" or score < 9 and "medium" or "hard"
end

-- True when puzzle t is also a puzzle, with the same answer, under the
-- variant unlike on the same board.
local function same_puzzle_under(t, unlike, arms)
  local copy = {}
  for k, x in pairs(t) do copy[k] = x end
  copy.variant = {base = unlike, arms = arms}
  local ok, r = pcall(P.check, copy)
  return ok and r.ok and r.unique
end

-- Why generate found no puzzle, from what it saw: the distances of the
-- wins reachable, how many positions fitted the goal, how many the
-- unlike variant took away.
local function why_none(v, goal, plies, seen, unlike)
  local head = "no position of " .. v.name .. " fits: "
  if goal == "win" and not seen.wins[plies] then
    local list = {}
    for d in next, seen.wins do list[#list + 1] = d end
    table.sort(list)
    if #list == 0 then return head .. "no reachable position is a win" end
    local text = #list == 1 and tostring(list[1])
                 or table.concat(list, ", ", 1, #list - 1) .. " or " .. list[#list]
    return head .. "wins here come in " .. text .. " plies"
  end
  local what = goal == "win" and "wins in " .. shared.plies(plies) or "drawn positions"
  if seen.fits == 0 then return head .. "the game is over in every one of its " .. what end
  if seen.unlike > 0 then
    return head .. string.format("the puzzles of its %s are the same puzzles under %s",
                                 what, shared.describe(unlike))
  end
  return head .. string.format("none of its %d %s has exactly one right first move " ..
                               "among several", seen.fits, what)
end

-- The variant field of the puzzles of v: v's name (with its arms on a
-- wheel of other than 8) when that name gives v — a built-in, a variant
-- on the search path, a hooked one found by its name — else, for a
-- variant without hooks, the table that makes it, board and rules in
-- full, so that the puzzle checks wherever it goes.
local function variant_field(v)
  local by_name = (v.arms == 8 or v.points) and v.name or {base = v.name, arms = v.arms}
  local ok, named = pcall(M.variant, by_name)
  if v.hooked or ok and named == v then return by_name end
  local p = v:parameters()
  local t = {name = v.name, start = tostring(v.start), flank = p.flank,
             adjacent_enemy = p.adjacent_enemy, misere = p.misere,
             repetition = p.repetition, max_plies = p.max_plies}
  if not v.points then
    t.arms = v.arms
    return t
  end
  local b = v:board()
  t.points, t.centre, t.layout = b.points, b.centre, b.layout
  for _, kind in ipairs({"lines", "arrows"}) do
    t[kind] = {}
    for i, l in ipairs(b[kind]) do t[kind][i] = l[1] .. "-" .. l[2] end
  end
  return t
end

-- P.generate{variant = ..., goal = "win" or "draw", plies = n, limit = n,
-- unlike = variant}: every position reachable from the start that fits (a
-- win in exactly plies with one winning first move, or a draw with one
-- saving move) and can be set up (can_set_up), one of each class under
-- rotation, reflection and colour swap, rated, easiest first; with unlike, only the puzzles that are not
-- the same puzzle under that variant (what the variant changes).
function P.generate(o)
  o = shared.options(o, 1, "generate", {variant = "string|table|Variant", goal = "string",
                                        plies = "integer", limit = "integer",
                                        unlike = "string|table|Variant"})
  local v = shared.as_argument(1, "generate", M.variant, o.variant or "standard")
  local goal, plies = o.goal or "win", o.plies
  shared.check_option(goal == "win" or goal == "draw", 1, "generate", "goal", '"win" or "draw"', goal)
  shared.check_option(goal ~= "win" or plies and plies >= 1, 1, "generate", "plies",
                      'a whole number of plies, at least 1, for goal "win"', plies)
  shared.check_option((o.limit or 0) >= 0, 1, "generate", "limit", "a non-negative integer", o.limit)
  if o.unlike ~= nil then shared.as_argument(1, "generate", M.variant, o.unlike) end
  local s = M.solve(v)
  local field = variant_field(v)
  local found, classes = {}, {}
  local seen = {wins = {}, fits = 0, unlike = 0} -- for why none fits
  local states, histories = shared.reachable(v)
  for i, p in ipairs(states) do
    local h = histories[i]
    local value, d = s:lookup(p, h)
    if value == "win" and d > 0 then seen.wins[d] = true end
    local fits = goal == "win" and value == "win" and d == plies
                 or goal == "draw" and value == "draw"
    if fits and not v:outcome(p, h) then
      seen.fits = seen.fits + 1
      local right, total = {}, 0
      for _, m in ipairs(v:moves(p, h)) do
        total = total + 1
        local mv = after(v, s, p, h, m)
        if goal == "win" and mv == "win" or goal == "draw" and mv ~= "loss" then
          right[#right + 1] = tostring(m)
        end
      end
      local key = shared.canonical(p, true, false, v)
      if #h > 0 then key = shared.state_key(v, p, h) end
      if #right == 1 and total > 1 and not classes[key] and can_set_up(v, p, h) then
        classes[key] = true
        local score, rating = difficulty(v, s, p, h, goal, plies)
        found[#found + 1] = {
          title = goal == "win"
            and string.format("%s to play and win in %d pl%s",
                              p.side:gsub("^%l", string.upper), plies,
                              plies == 1 and "y" or "ies")
            or string.format("%s to play: the only move that does not lose",
                             p.side:gsub("^%l", string.upper)),
          variant = field,
          position = v.opening == 0 and #h == 0
                     and (tostring(p):gsub(" %d+$", "")) or tostring(p),
          goal = goal, plies = goal == "win" and plies or nil,
          history = #h > 0 and shared.move_texts(h) or nil,
          solution = goal == "win" and main_line(v, s, p, h) or right[1],
          difficulty = score, rating = rating, source = "mt.puzzle.generate",
        }
        if o.unlike and same_puzzle_under(found[#found], o.unlike, v.arms) then
          found[#found] = nil
          seen.unlike = seen.unlike + 1
        end
      end
    end
  end
  table.sort(found, function(a, b)
    if a.difficulty ~= b.difficulty then return a.difficulty < b.difficulty end
    return a.position < b.position
  end)
  local why = #found == 0 and why_none(v, goal, plies, seen, o.unlike) or nil
  if o.limit and #found > o.limit then
    for i = #found, o.limit + 1, -1 do found[i] = nil end
  end
  return found, why
end

-- A Lua literal of a value (strings, numbers, booleans, tables of them,
-- at most depth deep); raises an error of P.text's argument for anything
-- else (where says which field).
local function literal(x, where, depth)
  if type(x) == "string" or math.type(x) == "integer" then return string.format("%q", x) end
  if type(x) == "boolean" then return tostring(x) end
  if math.type(x) == "float" and x == x and math.abs(x) < math.huge then
    return string.format("%.17g", x)
  end
  if type(x) ~= "table" or depth == 0 then
    shared.arg_error(1, "text", string.format("%s is %s: a puzzle holds strings, numbers, " ..
      "booleans and tables of them, %d deep at most", where,
      type(x) == "table" and "nested too deeply" or shared.describe(x), 4))
  end
  local parts, keys = {}, {}
  for _, k in ipairs(shared.keys(x)) do -- (the first wrong key the same in every state)
    if math.type(k) == "integer" and k >= 1 and k <= #x then
      parts[k] = true
    elseif type(k) == "string" and k:match("^[%a_][%w_]*$") then
      keys[#keys + 1] = k
    else
      shared.arg_error(1, "text", string.format("%s has the key %s: a puzzle's tables are " ..
        "lists and fields named by words", where, shared.describe(k)))
    end
  end
  for i = 1, #x do parts[i] = literal(x[i], where .. "[" .. i .. "]", depth - 1) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    parts[#parts + 1] = k .. " = " .. literal(x[k], where .. "." .. k, depth - 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local ORDER = {"title", "variant", "position", "history", "goal", "plies", "solution",
               "hint", "difficulty", "rating", "source"}

-- P.text(puzzle): the puzzle as the text of a puzzle file.
function P.text(t)
  shared.check_arg(type(t) == "table", 1, "text", "puzzle table", t)
  local title = type(t.title) == "string" and t.title:gsub("\n", " ") or "a puzzle"
  local lines = {"-- " .. title, "return {"}
  for _, k in ipairs(ORDER) do
    if t[k] ~= nil then lines[#lines + 1] = string.format("  %s = %s,", k, literal(t[k], k, 4)) end
  end
  lines[#lines + 1] = "}"
  return table.concat(lines, "\n") .. "\n"
end

-- --- solved puzzles, remembered in a file ---

local function state_path()
  local path = os.getenv("MUTORERE_PUZZLES")
  if path and path ~= "" then return path ~= "/dev/null" and path or nil end
  local home = os.getenv("HOME")
  return home and home ~= "" and home .. "/.mutorere_puzzles" or nil
end

-- P.solved(): the set of names of solved puzzles.
function P.solved()
  local set, path = {}, not M.sandboxed() and state_path()
  local text = path and shared.read_file(path)
  for line in (text or ""):gmatch("[^\n]+") do set[line] = true end
  return set
end

-- P.mark_solved(name): remembers a solved puzzle.
function P.mark_solved(name)
  shared.check_arg(type(name) == "string", 1, "mark_solved", "string (a puzzle's name)", name)
  shared.check_text(name, 1, "mark_solved", "a puzzle's name")
  if name == "" or name:find("\n") then
    shared.arg_error(1, "mark_solved", "a puzzle's name is one line of text, got " .. shared.describe(name))
  end
  local path = not M.sandboxed() and state_path()
  if not path or P.solved()[name] then return end
  local kind = shared.file_type(path)
  if kind and kind ~= "file" then return end -- never a FIFO, a device, a link to nothing
  local f = io.open(path, "a")
  if f then
    f:write(name, "\n")
    f:close()
  end
end


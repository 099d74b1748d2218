-- extras.lua — parts of the API written in Lua over the C functions, and
-- helpers the other parts share.
local M, _, shared = ...

-- shared.state_key(v, p, h): a text that two states share exactly when
-- they are the same to the rules (Variant:key).
shared.state_key = M.Variant.key

-- --- argument errors, said as Lua's own functions say them ---

-- shared.kind(x): what x is in a message: the __name of its metatable
-- (mutorere.Game, mutorere.Player, ...), else its type.
function shared.kind(x)
  local meta = debug.getmetatable(x)
  local name = type(meta) == "table" and rawget(meta, "__name")
  return type(name) == "string" and name or type(x)
end

-- (shared.shown(s [, most]): text s as a message shows what was typed,
-- and shared.SHOWN_NAME, how much of a name not found: the bridge's, one
-- rule with the core's board_shown.)

-- shared.describe(x): a value in a message: a number as written, a string
-- quoted (as shared.shown shows it), else its kind.
function shared.describe(x)
  if type(x) == "number" then return tostring(x) end
  if type(x) == "string" then return '"' .. shared.shown(x) .. '"' end
  return shared.kind(x)
end

-- 1 when key a comes before key b in an order that does not hang on a
-- table's layout: by type, then strings and numbers by value, false before
-- true, other keys by their kind (what a message calls them: keys of one
-- kind are equal).
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "string" or ta == "number" then return a < b end
  if ta == "boolean" then return not a and b end
  return shared.kind(a) < shared.kind(b)
end

-- shared.keys(t): the keys of t as a list in key_before's order, so that a
-- message about the first wrong one is the same whatever order Lua's
-- hashing gives the keys (it changes from one state to the next).
function shared.keys(t)
  local keys = {}
  for key in next, t do keys[#keys + 1] = key end
  table.sort(keys, key_before)
  return keys
end

-- shared.least(t, pick): whether pick(key, value) holds for a key of t, and
-- the least such key in key_before's order: one pass, nothing made.
function shared.least(t, pick)
  local found, least = false, nil
  for key, x in next, t do
    if pick(key, x) and (not found or key_before(key, least)) then found, least = true, key end
  end
  return found, least
end

-- Calls check(key, value) for each key of t.
local function each(t, check)
  for key, x in next, t do check(key, x) end
end

-- shared.check_each(t, check): check(key, value) of each key of t, where a
-- check raises on what is wrong: the least key that fails raises (the
-- same whatever the hashing); the keys are sorted only when one fails.
function shared.check_each(t, check)
  if pcall(each, t, check) then return end
  for _, key in ipairs(shared.keys(t)) do check(key, t[key]) end
end

-- shared.arg_error(n, name, reason): raises "bad argument #n to 'name'
-- (reason)" (api.lua puts it at the caller of the function).
function shared.arg_error(n, name, reason)
  error(string.format("bad argument #%d to '%s' (%s)", n, name, reason))
end

-- shared.check_arg(ok, n, name, want, x): x when ok, else raises "bad
-- argument #n to 'name' (want expected, got <kind of x>)".
function shared.check_arg(ok, n, name, want, x)
  if not ok then shared.arg_error(n, name, want .. " expected, got " .. shared.kind(x)) end
  return x
end

-- shared.check_text(x, n, name, what): x, argument n of function name; a
-- string in it must hold no zero byte (the one rule of lbridge.c, which
-- shared.text gives: C would read it cut short), else "bad argument #n to
-- 'name' (what holds a zero byte)".
function shared.check_text(x, n, name, what)
  if type(x) == "string" and not shared.text(x) then
    shared.arg_error(n, name, what .. " holds a zero byte")
  end
  return x
end

-- shared.reason(message): what an error message says is wrong, without
-- the place it came from nor the "bad argument #2 to 'play' (...)" around
-- it; and whether it was an argument error.
function shared.reason(message)
  local text = tostring(message):gsub("^[^:\n]*:%d+: ", "")
  local reason = text:match("^bad argument #%d+ to '[^']*' %((.*)%)$")
  return reason or text, reason ~= nil
end

-- Returns the results of pcall after their first (true), or raises the
-- error: an argument error as one of argument n of name, its reason
-- preceded by prefix; any other as it is.
local function relabel(n, name, prefix, ok, ...)
  if ok then return ... end
  local why = ...
  local reason, of_argument = shared.reason(why)
  if type(why) == "string" and of_argument then shared.arg_error(n, name, prefix .. reason) end
  error(why, 0)
end

-- shared.as_argument(n, name, f, ...): f(...), whose argument errors are
-- raised as errors of argument n of name (mt.svg(x) reading x with
-- mt.position says "bad argument #1 to 'svg'", not to 'position').
function shared.as_argument(n, name, f, ...)
  return relabel(n, name, "", pcall(f, ...))
end

-- shared.as_option(n, name, key, f, ...): f(...), whose argument errors
-- are raised as errors of option key of argument n of name ("bad argument
-- #3 to 'match' (option sprt: elo1 must be ...)").
function shared.as_option(n, name, key, f, ...)
  return relabel(n, name, "option " .. key .. ": ", pcall(f, ...))
end

-- shared.check_option(ok, n, name, key, want, x): raises "bad argument #n
-- to 'name' (option key must be want, got x)" unless ok.
function shared.check_option(ok, n, name, key, want, x)
  if not ok then
    shared.arg_error(n, name, string.format("option %s must be %s, got %s", key, want,
                                            shared.describe(x)))
  end
  return x
end

-- Whether x is of the kind want names: a type ("number"), a kind of the
-- module's values ("Game", "Move"), or "integer" (a count: a number with a
-- whole value, by the one rule of shared.whole, which lbridge.c gives).
local function is_kind(x, want)
  return type(x) == want or M.type(x) == want or want == "integer" and shared.whole(x) ~= nil
end

-- shared.check_self(ok, name, want, x): raises "calling 'name' on bad self
-- (want expected, got <kind of x>)" unless ok, as Lua does for a method.
function shared.check_self(ok, name, want, x)
  if not ok then
    error(string.format("calling '%s' on bad self (%s expected, got %s)", name, want, shared.kind(x)))
  end
  return x
end

-- shared.options(o, n, name, known): a copy of the options table o,
-- argument n of function name ({} for nil), whose keys must be among known
-- (option -> the kinds it takes, "number" or "string|Move|boolean"), a
-- whole float of kind "integer" made an integer (4/2 is 2); raises on a
-- non-table, an unknown option and a value of another kind.
function shared.options(o, n, name, known)
  if o == nil then return {} end
  shared.check_arg(type(o) == "table", n, name, "table of options", o)
  shared.check_each(o, function(key, x)
    local want = known[key]
    if not want then
      local names = {}
      for k in next, known do names[#names + 1] = k end
      table.sort(names)
      shared.arg_error(n, name, string.format("unknown option %s (the options are %s)",
                                              shared.describe(key), table.concat(names, ", ")))
    end
    local fits, kinds = false, {}
    for kind in want:gmatch("[^|]+") do
      fits = fits or is_kind(x, kind)
      kinds[#kinds + 1] = kind == "integer" and "a whole number"
                          or (kind:find("^[aeiouAEIOU]") and "an " or "a ") .. kind
    end
    shared.check_option(fits, n, name, key, table.concat(kinds, " or "), x)
  end)
  local copy = {}
  for key, x in next, o do copy[key] = known[key]:find("integer", 1, true) and shared.whole(x) or x end
  return copy
end

-- shared.check_whole(x, n, name, what, lo, hi): x, argument n of function
-- name (what names it: "depth", "option games"), as an integer from lo to
-- hi; else "bad argument #n to 'name' (what must be a whole number from lo
-- to hi, got x)" (without the bounds that are the integers' own).
function shared.check_whole(x, n, name, what, lo, hi)
  local k = shared.whole(x)
  if not k or k < lo or k > hi then
    local range = lo == math.mininteger and "" or hi == math.maxinteger and " >= " .. lo
                  or string.format(" from %d to %d", lo, hi)
    shared.arg_error(n, name, string.format("%s must be a whole number%s, got %s", what, range,
                                            shared.describe(x)))
  end
  return k
end

-- shared.board_of(x, n, name): the Position that x, argument n of
-- function name, shows: a Game's board, a Position, or position text; an
-- error for a position of a board of points that knows no board.
function shared.board_of(x, n, name)
  local kind = M.type(x)
  if kind == "Game" then return x:board() end
  shared.check_arg(kind == "Position" or type(x) == "string", n, name,
                   "Game, Position or position text", x)
  local pos = kind == "Position" and x or shared.as_argument(n, name, M.position, x)
  if pos.points and not pos:board() then
    shared.arg_error(n, name, "a position of a board of points made from text knows no " ..
                     "board to draw: give a Game, or a Position of its variant (v.start, g:board())")
  end
  return pos
end

-- shared.move_texts(list): the moves of a list as text.
function shared.move_texts(list)
  local out = {}
  for i, m in ipairs(list) do out[i] = tostring(m) end
  return out
end

-- shared.reachable(v): the states reachable from a variant's start,
-- breadth first, each once: a list of positions and the list of their
-- histories.
function shared.reachable(v)
  local start = v.start
  local list, histories, head = {start}, {{}}, 1
  local seen = {[shared.state_key(v, start, {})] = true}
  while head <= #list do
    local p, h = list[head], histories[head]
    head = head + 1
    if not v:outcome(p, h) then
      for _, m in ipairs(v:moves(p, h)) do
        local q, hq = v:play(p, m, h)
        local key = shared.state_key(v, q, hq)
        if not seen[key] then
          seen[key] = true
          list[#list + 1], histories[#list + 1] = q, hq
        end
      end
    end
  end
  return list, histories
end

-- shared.canonical(p, swap, board_only, v): the least text of p under the
-- rotations and reflections of the ring (a board of points: its
-- symmetries) and the colour swap, with the side to move, when swap; the
-- ply left out, and the side too when board_only; and whether that least
-- text took the colour swap.  Positions of a variant v whose fields read
-- more than the lines (drops to some points, jumps and rows along the
-- layout's straight lines) are not folded: p's own text.
function shared.canonical(p, swap, board_only, v)
  if v and v.general then
    local text = tostring(p):gsub(" %d+$", "")
    if board_only then text = text:sub(1, -3) end
    return text, false
  end
  if p.points then -- a board of points: its own symmetries (boards.lua)
    local text, took = shared.graph_canonical(p, swap)
    if board_only then text = text:sub(1, -3) end
    return text, took
  end
  local best, swapped
  for _, colours in ipairs(swap and {false, true} or {false}) do
    for _, mirror in ipairs({false, true}) do
      for r = 0, p.arms - 1 do
        local text = tostring(p:transform{rotate = r, mirror = mirror, swap = colours})
        text = text:gsub(" %d+$", "")
        if board_only then text = text:sub(1, -3) end
        if not best or text < best then best, swapped = text, colours end
      end
    end
  end
  return best, swapped
end

-- mt.divide(game or variant, depth [, position]): {move = leaves} for each
-- legal move, the perft of the position after it at depth - 1.
function M.divide(x, depth, position)
  depth = shared.check_whole(depth, 2, "divide", "depth", 1, 200)
  local g = M.type(x) == "Game" and x:copy() or shared.as_argument(1, "divide", M.game, x, position)
  local counts = {}
  for _, move in ipairs(g:moves()) do
    g:play(move)
    counts[move] = M.perft(g, depth - 1)
    g:undo()
  end
  return counts
end

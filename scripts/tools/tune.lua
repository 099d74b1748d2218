-- tune.lua — fits the weights of an evaluation to the solver's exact
-- values (mt.tune) and prints them; with --check, the accuracy of
-- alpha-beta with the weights before and after (mt.accuracy).
--
--   mutorere scripts/tools/tune.lua EVALUATION [options]
--     --variant V      the variant to fit on (standard)
--     --arms N         its board (the variant's)
--     --weights W      states | random-play: how the states count (states)
--     --iterations N   the most passes of the search (100)
--     --step X         the first step of every weight (0.1)
--     --check D        the accuracy of alpha-beta at depth D, before and after
--     --out FILE       write the fitted weights to FILE (a Lua table)
--
-- EVALUATION is a Lua file (a path) or the name of a player script in ai/
-- on the search path that returns {eval = function(position, variant,
-- weights) -> number, weights = {name = number, ...}}, as ai/heuristic.lua
-- does.

local mt = mt or require "mutorere"

local function fail(message)
  io.stderr:write("tune.lua: ", message, "\n")
  os.exit(2)
end

local spec, options = nil, {variant = "standard"}
local i = 1
while i <= #arg do
  local key, value = arg[i]:match("^%-%-([%w-]+)$"), arg[i + 1]
  if key and value then
    options[key], i = value, i + 2
  elseif not key and not spec then
    spec, i = arg[i], i + 1
  else
    fail("bad option " .. arg[i] .. " (see the head of this file)")
  end
end
if not spec then fail("which evaluation? (a file, or a player script's name)") end

-- The evaluation table of spec: a file's, or a player script's definition.
local function load_evaluation()
  if spec:find("/") or spec:match("%.lua$") then
    local chunk, err = loadfile(spec, "t")
    if not chunk then fail(err) end
    return chunk()
  end
  local ok, player = pcall(mt.player, spec)
  if not ok then fail(tostring(player)) end
  return player.definition
end

-- A whole number option.
local function whole(key)
  local x = options[key] and math.tointeger(tonumber(options[key]))
  if options[key] and not x then fail("--" .. key .. " must be a whole number") end
  return x
end

local evaluation = load_evaluation()
local variant = {base = options.variant, arms = whole("arms")}
local ok, t = pcall(mt.tune, evaluation, variant,
                    {weights = options.weights, iterations = whole("iterations"),
                     step = options.step and tonumber(options.step)})
if not ok then fail(tostring(t)) end
print(t)
-- The shortest text that reads back as the number x.
local function exact(x)
  for digits = 1, 17 do
    local text = string.format("%." .. digits .. "g", x)
    if tonumber(text) == x then return text end
  end
  return string.format("%.17g", x)
end

if options.out then
  local f = assert(io.open(options.out, "w")) -- a weight a line, exactly
  f:write("return {\n")
  for _, key in ipairs(t.keys) do
    local name = type(key) == "string" and key:match("^[%a_][%w_]*$") and key
                 or string.format("[%q]", key)
    f:write(string.format("  %s = %s,\n", name, exact(t.weights[key])))
  end
  f:write("}\n")
  f:close()
end

local depth = whole("check")
if depth then
  print(string.format("alpha-beta at depth %d %16s %14s %10s", depth, "best moves",
                      "inaccuracies", "blunders"))
  for _, row in ipairs({{"initial weights", t.initial}, {"fitted weights", t.weights}}) do
    local w = row[2]
    local player = mt.player("alphabeta", {depth = depth, eval = function(p, v)
      return evaluation.eval(p, v, w)
    end})
    local a = mt.accuracy(player, variant)
    print(string.format("  %-28s %9.2f%% %14d %10d", row[1], 100 * a.rate,
                        a.inaccuracies, a.blunders))
  end
end

-- ugi.lua — `mutorere --ugi`: the Universal Game Interface (the UCI-style
-- protocol of the cutegames tournament runner) on standard input and
-- output, so that GUIs and tournament runners can drive the engine and its
-- Lua players.  Player 1 is black, who moves first.
local M = ...

local NAME = "mutorere " .. M.version

local state = {variant = "standard", arms = 0, player = "alphabeta",
               depth = 0, game = nil, quit = false}

local function send(text)
  io.stdout:write(text, "\n")
  io.stdout:flush()
end

local function info(text) send("info string " .. text) end

-- The variant the options select.
local function variant()
  if state.arms > 0 then return M.variant{base = state.variant, arms = state.arms} end
  return M.variant(state.variant)
end

local function new_game() state.game = M.game(variant()) end

local OPTIONS = {
  {name = "Variant", type = "combo", default = "standard", vars = M.variants},
  {name = "Arms", type = "spin", default = 0, min = 0, max = 64},
  {name = "Player", type = "combo", default = "alphabeta", vars = M.players},
  {name = "Depth", type = "spin", default = 0, min = 0, max = 64},
}

local commands = {}

function commands.ugi()
  send("id name " .. NAME)
  send("id author the mutorere developers")
  for _, o in ipairs(OPTIONS) do
    local line = string.format("option name %s type %s default %s", o.name, o.type,
                               tostring(o.default))
    if o.vars then line = line .. " var " .. table.concat(o.vars(), " var ") end
    if o.min then line = line .. string.format(" min %d max %d", o.min, o.max) end
    send(line)
  end
  send("ugiok")
end

function commands.isready() send("readyok") end

function commands.uginewgame() new_game() end

function commands.quit() state.quit = true end

function commands.stop() end -- nothing runs between commands

-- setoption name <name> value <value>
function commands.setoption(words)
  local line = table.concat(words, " ")
  local name, value = line:match("^name%s+(%S+)%s+value%s+(.-)%s*$")
  if not name then return info("setoption reads: setoption name <name> value <value>") end
  if name == "Variant" then
    local ok, err = pcall(M.variant, value)
    if not ok then return info("error: " .. tostring(err):gsub("^[^:]*:%d+: ", "")) end
    state.variant = value
  elseif name == "Arms" or name == "Depth" then
    local n = math.tointeger(tonumber(value))
    if not n or n < 0 or n > 64 then return info(name .. " must be a number from 0 to 64") end
    state[name:lower()] = n
  elseif name == "Player" then
    local ok, err = pcall(M.player, value)
    if not ok then return info("error: " .. tostring(err):gsub("^[^:]*:%d+: ", "")) end
    state.player = value
  else
    return info("unknown option " .. name)
  end
  new_game()
end

-- position startpos|fen <position> [moves <move> ...]
function commands.position(words)
  local ok, err = pcall(function()
    local i, g = 2, nil
    if words[1] == "startpos" then
      g = M.game(variant())
    elseif words[1] == "fen" then
      local text = {}
      while words[i] and words[i] ~= "moves" do text[#text + 1] = words[i]; i = i + 1 end
      g = M.game(variant(), table.concat(text, " "))
    else
      error("position reads: position startpos|fen <position> [moves ...]", 0)
    end
    if words[i] == "moves" then
      for j = i + 1, #words do g:play(words[j]) end
    end
    state.game = g
  end)
  if not ok then info("error: " .. tostring(err):gsub("^[^:]*:%d+: ", "")) end
end

-- The search limits of a go command.
local function limits(words)
  local o = {}
  for i = 1, #words, 2 do o[words[i]] = tonumber(words[i + 1]) end
  local g = state.game
  local mine = g:turn() == "black" and "p1" or "p2"
  local seconds
  if o.movetime then seconds = o.movetime / 1000
  elseif o[mine .. "time"] then
    local left, inc = o[mine .. "time"] / 1000, (o[mine .. "inc"] or 0) / 1000
    seconds = math.max(0.01, math.min(left / 2, left / 20 + inc / 2))
  end
  return {depth = o.depth or (state.depth > 0 and state.depth or nil),
          nodes = o.nodes, time = seconds, infinite = words[1] == "infinite"}
end

-- A stop function for a search: true once "stop" or "quit" arrives; it
-- answers "isready" meanwhile.
local function stopper()
  return function()
    while M.input_ready(io.stdin) do
      local line = io.stdin:read("l")
      if not line then state.quit = true return true end
      local word = line:match("^%s*(%S*)")
      if word == "isready" then send("readyok")
      elseif word == "stop" then return true
      elseif word == "quit" then state.quit = true return true end
    end
    return false
  end
end

-- go depth|nodes|movetime|p1time ...|infinite: the engine's move.
function commands.go(words)
  local g = state.game
  if g:result() then
    info("the game is over")
    return send("bestmove none")
  end
  local o = limits(words)
  local t0 = M.clock()
  local ok, move = pcall(function()
    if state.player == "alphabeta" then
      local r = M.search(g, {depth = o.depth or (o.infinite and 64 or (o.time and 64 or 8)),
                             nodes = o.nodes, time = o.time, stop = stopper()})
      local ms = math.max(1, math.floor((M.clock() - t0) * 1000 + 0.5))
      local score = r.mate and ("mate " .. r.mate) or ("cp " .. math.floor(r.score * 100 + 0.5))
      send(string.format("info depth %d score %s nodes %d time %d nps %d pv %s", r.depth,
                         score, r.nodes, ms, math.floor(r.nodes * 1000 / ms),
                         table.concat(r.pv, " ")))
      return r.move
    end
    local options = {}
    if o.time then options.time = o.time end
    local chosen = M.player(state.player, options):choose(g)
    local ms = math.max(1, math.floor((M.clock() - t0) * 1000 + 0.5))
    send(string.format("info time %d", ms))
    return chosen
  end)
  if not ok then
    info("error: " .. tostring(move))
    move = g:moves()[1]
  end
  send("bestmove " .. tostring(move))
end

local results = {black = "p1win", white = "p2win", draw = "draw"}

-- query gameover|p1turn|result
function commands.query(words)
  local g = state.game
  if words[1] == "gameover" then
    send("response " .. tostring(g:result() ~= nil))
  elseif words[1] == "p1turn" then
    send("response " .. tostring(g:turn() == "black"))
  elseif words[1] == "result" then
    send("response " .. (results[g:result() or ""] or "none"))
  else
    info("query reads: query gameover|p1turn|result")
  end
end

-- Runs the protocol until quit or the end of the input.  Returns 0.
return function()
  io.stdin:setvbuf("no")
  new_game()
  while not state.quit do
    local line = io.stdin:read("l")
    if not line then break end
    local words = {}
    for w in line:gmatch("%S+") do words[#words + 1] = w end
    local name = table.remove(words, 1)
    if name then
      local f = commands[name]
      if f then f(words) else info("unknown command " .. name) end
    end
  end
  return 0
end

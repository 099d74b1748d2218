-- commands.lua — the REPL's short commands over a current game: show(),
-- moves(), play "4-c", undo(), redo(), new "first-move", setup "…",
-- current(), history(), perft(d), help().  Ordinary Lua functions, set as
-- globals by the program (not by the module).
local M = ...

local session = {game = M.game()}

-- Calls f(...) and re-raises any error without a location, so that a
-- command's error reads as the API's message.
local function try(f, ...)
  local results = table.pack(pcall(f, ...))
  if not results[1] then
    local msg = tostring(results[2]):gsub("^[^:\n]*:%d+: ", "")
    error(msg, 0)
  end
  return table.unpack(results, 2, results.n)
end

local capital = {black = "Black", white = "White"}
local other = {black = "white", white = "black"}

-- A sentence saying how game g ended, or nil while it goes on.
local function ending(g)
  local result, reason = g:result()
  if not result then return nil end
  local mover = g:turn()
  local v = g:variant()
  if reason == "blocked" then
    if v:parameters().misere then
      return string.format("%s has no move and wins (misère).", capital[mover])
    end
    return string.format("%s has no move: %s wins.", capital[mover], other[mover])
  elseif reason == "repetition" then
    return string.format("Draw: the position occurred %d times.",
                         g:repetitions())
  elseif reason == "ply cap" then
    return string.format("Draw: the game reached its cap of %d plies.",
                         v:parameters().max_plies)
  end
  if result == "draw" then return "Draw by the variant's rule." end
  return string.format("%s wins by the variant's rule.", capital[result])
end

-- Prints the current game's board, and how it ended if it did.
local function report()
  local g = session.game
  print(tostring(g))
  local text = ending(g)
  if text then print(text) end
end

-- show(): prints the board of the current game.
function show() report() end

-- moves(): prints the legal moves of the current game.
function moves()
  local list = try(session.game.moves, session.game)
  if #list == 0 then
    print("no legal moves: " .. (ending(session.game) or "the game is over"))
  else
    print(table.concat(list, " "))
  end
end

-- play(move, ...): plays one or more moves ("4-c", or "4-c 5-4") in the
-- current game and shows the board.  Stops at the first bad move.
function play(...)
  local g = session.game
  local n = select("#", ...)
  if n == 0 then error("play needs a move, e.g. play \"4-c\"", 2) end
  for i = 1, n do
    for move in tostring((select(i, ...))):gmatch("%S+") do
      try(g.play, g, move)
    end
  end
  report()
  if session.after_play then session.after_play(session) end
end

-- undo(n): takes back n moves (default 1) and shows the board.
function undo(n)
  for _ = 1, n or 1 do
    if not session.game:undo() then print("nothing to undo") break end
  end
  report()
end

-- redo(n): plays again n moves taken back (default 1).
function redo(n)
  for _ = 1, n or 1 do
    if not session.game:redo() then print("nothing to redo") break end
  end
  report()
end

-- new([variant [, position]]): starts a new current game.
function new(variant, position)
  session.game = try(M.game, variant, position)
  report()
end

-- setup(position): a new current game of the same variant from a position.
function setup(position)
  session.game = try(M.game, session.game:variant(), position)
  report()
end

-- current(): the current game (a Game value).
function current() return session.game end

-- history(): prints the moves played so far, numbered.
function history()
  local list, out = session.game:history(), {}
  for i, move in ipairs(list) do
    out[#out + 1] = (i % 2 == 1 and (i + 1) // 2 .. ". " or "") .. move
  end
  print(#out > 0 and table.concat(out, " ") or "no moves yet")
end

-- perft(depth): the perft of the current position.
function perft(depth) return try(M.perft, session.game, depth) end

help = M.help

return session

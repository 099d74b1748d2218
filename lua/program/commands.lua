-- commands.lua — the REPL's short commands over a current game: show(),
-- moves(), play "4-c", undo(), redo(), new "first-move", setup "…",
-- current(), history(), perft(d), ai "alphabeta", hint(), analyse(),
-- review(), page "game.html", help().  Ordinary Lua functions, set by the
-- program (not by the module) into G, the REPL's global table; with safe
-- (--safe), save, load and page are left out.  shared: the table the
-- module's Lua parts share.
local M, G, safe, shared = ...

local session = {game = M.game()}

-- Calls f(...) and re-raises any error without a location, nor the "bad
-- argument #2 to 'mutorere.Game.play' (...)" around its reason (the
-- command's arguments are not the function's), so that a command's error
-- reads as the API's message.
local function try(f, ...)
  local results = table.pack(pcall(f, ...))
  if not results[1] then
    local e = results[2]
    local meta = debug and debug.getmetatable(e)
    local told, text = pcall(tostring, e) -- (an error object: what it says of itself, or its type)
    if not (type(e) == "string" or type(e) == "number" or
            told and type(meta) == "table" and rawget(meta, "__tostring")) then
      text = "(an error object of type " .. type(e) .. ")"
    end
    -- (a location: "mutorere/x.lua:12: " or '[string "..."]:1: ', not
    -- one inside the reason: "bad argument #1 to 'f' (v.lua:1: boom)")
    local msg = text:gsub('^%[string "[^\n]-"%]:%d+: ', ""):gsub("^[^:\n%s]*:%d+: ", "")
    error((msg:gsub("^bad argument #%d+ to '[^']*' %((.*)%)$", "%1")), 0)
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
  elseif reason == "row" then
    return string.format("%s made %d in a row and wins.", capital[result],
                         v:parameters().row)
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
function G.show() report() end

-- moves(): prints the legal moves of the current game.
function G.moves()
  local list = try(session.game.moves, session.game)
  if #list == 0 then
    print("no legal moves: " .. (ending(session.game) or "the game is over"))
  else
    print(table.concat(list, " "))
  end
end

-- The engine's move, when it plays the side to move.  Returns true when
-- it moved.
local function engine_reply()
  local engine, g = session.engine, session.game
  if not engine or g:result() or g:turn() ~= engine.side then return false end
  local move = try(engine.player.choose, engine.player, g)
  try(g.play, g, move)
  print(string.format("%s plays %s", engine.player.name, move))
  return true
end

local capital_of = {black = "Black", white = "White"}

-- Judges a move of the solver's side in a puzzle before it is played:
-- returns true when it is right, else false with the reason printed.
local function judge(move)
  local pz, g = session.puzzle, session.game
  if not pz or g:turn() ~= pz.side then return true end
  local v = g:variant()
  local p, h = g:state()
  local ok, q, hq = pcall(v.play, v, p, move, h)
  if not ok then return true end -- play will report the bad move
  local value, d = M.solve(v):lookup(q, hq)
  local t = pz.puzzle
  if t.goal == "draw" then
    if value ~= "win" then return true end
    print(string.format("%s loses in %d plies. undo() and try again.", move, d + 1))
    return false
  end
  local left = t.plies - (g:ply() - pz.start)
  if value == "loss" and d + 1 == left then return true end
  local why = value == "loss" and string.format("it wins, but in %d plies, not %d", d + 1, left)
              or value == "draw" and "it lets the win slip: the game is a draw"
              or string.format("it loses in %d", d + 1)
  print(string.format("%s: %s. undo() and try again.", move, why))
  return false
end

-- Says how a puzzle stands after the moves; marks it solved.
local function puzzle_progress()
  local pz, g = session.puzzle, session.game
  if not pz then return end
  local t = pz.puzzle
  local solved
  if t.goal == "draw" then
    solved = g:ply() > pz.start and not pz.wrong_ply
  else
    local winner = g:result()
    solved = winner == pz.side and g:ply() - pz.start == t.plies and not pz.wrong_ply
  end
  if solved then
    print(string.format("Solved: %s.", t.title))
    M.puzzle.mark_solved(t.name or t.title)
    session.puzzle, session.engine = nil, nil
  end
end

-- play(move, ...): plays one or more moves ("4-c", or "4-c 5-4") in the
-- current game and shows the board; the engine answers when ai() is on, and
-- judges each move when a puzzle is set.  Stops at the first bad move.
function G.play(...)
  local g, args = session.game, table.pack(...)
  local words = {}
  for i = 1, args.n do
    local x = args[i]
    if type(x) ~= "string" and shared.kind(x) ~= "mutorere.Move" then
      error("play needs moves as text, e.g. play \"4-c\", got " .. shared.describe(x), 2)
    end
    for move in tostring(x):gmatch("%S+") do words[#words + 1] = move end
  end
  if #words == 0 then error("play needs a move, e.g. play \"4-c\"", 2) end
  for i, move in ipairs(words) do
    local right, before = judge(move), g:ply()
    local ok, why = pcall(try, g.play, g, move)
    if not ok then -- the moves before it stand: the engine answers them
      if i > 1 then
        engine_reply()
        report()
        puzzle_progress()
      end
      error(why, 0)
    end
    local pz = session.puzzle
    if pz and not right then
      pz.wrong_ply = pz.wrong_ply or before
      report()
      return
    end
  end
  engine_reply()
  report()
  puzzle_progress()
end

-- The number of moves n of command name (default 1), a count by the
-- module's one rule (2 and 4/2 alike); an error of its caller's caller
-- for anything else.
local function moves_count(n, name)
  local k = n == nil and 1 or shared.whole(n)
  if not k or k < 0 then
    error(string.format("bad argument #1 to '%s' (a number of moves expected, got %s)", name,
                        shared.describe(n)), 3)
  end
  return k
end

-- "1 move", "2 moves".
local function moves_text(n)
  return string.format("%d move%s", n, n == 1 and "" or "s")
end

-- Takes n moves (a count: moves_count's) back or on by again (game:undo
-- or game:redo), as many as there are, saying so when there were fewer
-- ("undid 2 of 3: nothing more to undo"); how many it took.
local function step(n, name, did, again)
  local done = 0
  while done < n and again(session.game) do done = done + 1 end
  if done == 0 and n > 0 then
    print("nothing to " .. name)
  elseif done < n then
    print(string.format("%s %d of %d: nothing more to %s", did, done, n, name))
  end
  return done
end

-- undo(n): takes back n moves (default 1), as many as there are, saying so
-- when there were fewer (as redo does); with the engine on, its move too
-- when it would be its turn (its answer when there is none to take back),
-- so that it is yours; shows the board.
function G.undo(n)
  local done = step(moves_count(n, "undo"), "undo", "undid", session.game.undo)
  local engine, g = session.engine, session.game
  if done > 0 and engine and g:turn() == engine.side and not g:undo() then
    engine_reply() -- (at the start with the engine to move: it plays)
  end
  local pz = session.puzzle
  if pz and pz.wrong_ply and session.game:ply() <= pz.wrong_ply then pz.wrong_ply = nil end
  report()
end

-- redo(n): plays again n moves taken back (default 1), as many as there
-- are; says so when there were fewer.  With the engine on, when it would
-- then be its turn, its move played again too, or its answer when it has
-- none to play again, so that it is yours (as undo leaves it).
function G.redo(n)
  local done = step(moves_count(n, "redo"), "redo", "redid", session.game.redo)
  local engine, g = session.engine, session.game
  if done > 0 and engine and g:turn() == engine.side and not g:redo() then engine_reply() end
  report()
end

-- new([variant [, position]]): starts a new current game.
function G.new(variant, position)
  session.game = try(M.game, variant, position)
  session.puzzle = nil
  engine_reply()
  report()
end

-- setup(position): a new current game of the same variant from a position.
function G.setup(position)
  if position == nil then error('setup needs a position, e.g. setup "bbbbwwww/. b" (new() starts again)', 2) end
  session.game = try(M.game, session.game:variant(), position)
  session.puzzle = nil
  engine_reply()
  report()
end

-- ai([player [, options]]): the engine (default "alphabeta") plays the side
-- that is not to move now, answering each of your moves; ai(false) stops
-- it.  ai("perfect"), ai("mcts", {playouts = 500}), ai(my_function).
function G.ai(spec, options)
  if spec == false then
    session.engine = nil
    print("the engine is off")
    return
  end
  local player = try(M.player, spec or "alphabeta", options)
  local g = session.game
  local side = g:turn() == "black" and "white" or "black"
  session.engine = {player = player, side = side}
  print(string.format("%s plays %s; you play %s", player.name, side, g:turn()))
end

local describe = {win = "wins", loss = "loses", draw = "draws"}

-- A move's value in words: "wins in 3", "draws".
local function in_words(value, distance)
  if value == "draw" then return "draws" end
  return string.format("%s in %d", describe[value], distance)
end

-- True when the current variant is small enough to solve at once.
local function solvable(g)
  local v = g:variant()
  local size = v.arms or v.points -- a board of points: its points
  return size <= 16 and not (v.hooked and size > 12)
end

-- hint(): suggests a move for the side to move: the puzzle's hint when one
-- is set, else the solver's best on boards it solves at once, else
-- alpha-beta's.
function G.hint()
  local g = session.game
  if g:result() then print("the game is over") return end
  local pz = session.puzzle
  if pz and pz.puzzle.hint and not pz.hinted then
    pz.hinted = true
    print("hint: " .. pz.puzzle.hint .. " (hint() again for the move)")
    return
  end
  if solvable(g) then
    local a = try(g.analyse, g)
    local best = a.moves[1]
    print(string.format("hint: %s (%s)", best.move, in_words(best.value, best.distance)))
  else
    local r = try(M.search, g, {depth = 10, time = 2})
    print(string.format("hint: %s (alpha-beta, depth %d, score %.2f)",
                        r.move, r.depth, r.score))
  end
end

-- puzzle(name): sets up a puzzle (a name from puzzles(), a path or a
-- table): you play the side to move, the engine defends as well as it can,
-- and each of your moves is judged.
function G.puzzle(spec)
  local r = try(M.puzzle.check, spec)
  if not r.ok then
    error("this puzzle does not check: " .. table.concat(r.problems, "; "), 0)
  end
  local t = r.puzzle
  local g = try(M.game, t.variant, t.position, t.history)
  session.game = g
  session.puzzle = {puzzle = t, side = g:turn(), start = g:ply()}
  session.engine = {player = M.player("perfect"),
                    side = g:turn() == "black" and "white" or "black"}
  report()
  print(t.title .. (t.source and ("  (" .. t.source .. ")") or ""))
  if t.goal == "win" then
    print(string.format("%s to play and win in exactly %d %s; the engine defends.",
                        capital_of[g:turn()], t.plies, t.plies == 1 and "ply" or "plies"))
  else
    print(string.format("%s to play: find the only move that does not lose.",
                        capital_of[g:turn()]))
  end
end

-- puzzles(): lists the puzzles on the search path, with their goal and
-- whether you solved them.
function G.puzzles()
  local solved = M.puzzle.solved()
  for _, name in ipairs(M.puzzle.list()) do
    local ok, t = pcall(M.puzzle.load, name)
    if ok then
      print(string.format("%s %-28s %-12s %s", solved[name] and "✓" or " ", name,
                          t.rating or "", t.title or ""))
    else
      print("  " .. name .. " (cannot be loaded)")
    end
  end
end

-- analyse(): prints the value of the position and of every move for the
-- side to move, by the solver.
function G.analyse()
  local g = session.game
  local a = try(g.analyse, g)
  print(string.format("%s to move: %s", g:turn(), in_words(a.value, a.distance)))
  if a.over then print("the game is over (" .. a.over .. ")") return end
  for _, m in ipairs(a.moves) do
    print(string.format("  %-6s %s", m.move, in_words(m.value, m.distance)))
  end
end

-- review(): judges every move of the current game (to its last move:
-- those redo() would play too) and prints them with the value line.
function G.review()
  local g = session.game:copy()
  while g:redo() do end
  local r = try(g.review, g)
  if #r == 0 then print("no moves to review") return end
  print(tostring(r))
end

-- save(path): saves the current game's record.
local function save(path)
  local g = session.game
  try(g.save, g, path)
  print(string.format("saved %s to %s", moves_text(#g:history()), path))
end

-- Whether load's arguments name a record: one string that names
-- something on disk, or a file name with an extension that is no Lua
-- chunk ("typo.mtr": mt.load then says it is not there).
local lua_load = G.load
local function names_record(path, ...)
  if type(path) ~= "string" or select("#", ...) > 0 then return false end
  return shared.file_type(path) ~= nil or
         path:find("^[^\n]*%.%w+$") ~= nil and not lua_load(path)
end

-- load(path): loads a record as the current game, rewound to its start:
-- redo() steps through it.  Lua's own load(chunk, ...) still works: a
-- chunk, a function, or more arguments go to it (what is there but is not
-- a regular file gets mt.load's error).
local function load_record(path, ...)
  if type(path) ~= "string" and type(path) ~= "function" then
    error("bad argument #1 to 'load' (a record's path, a chunk or a function expected, got " ..
          shared.describe(path) .. ")", 2)
  end
  if not names_record(path, ...) then return lua_load(path, ...) end
  local g = try(M.load, path)
  local n = #g:history()
  while g:undo() do end
  session.game, session.puzzle = g, nil
  report()
  print(n == 0 and "no moves" or n == 1 and "1 move; redo() plays it"
        or string.format("%d moves; redo() plays them one by one", n))
end

-- page([path]): writes the play page of the current game (mt.html with
-- play = true: its variant from its start, its moves played) to path
-- (default: the variant's name and .html), and says where.
local function page(path)
  local g = session.game
  local name = g:variant().name
  path = path or (name:gsub("[^%w_%-]", "-") .. ".html")
  local _, states = try(M.html, g, path, {play = true})
  print(string.format("wrote the play page of %s (%d states) to %s: open it in a browser",
                      name, states, path))
end

if not safe then G.save, G.load, G.page = save, load_record, page end

-- current(): the current game (a Game value).
function G.current() return session.game end

-- history(): prints the moves played so far, numbered.
function G.history()
  local list, out = session.game:history(), {}
  for i, move in ipairs(list) do
    out[#out + 1] = (i % 2 == 1 and (i + 1) // 2 .. ". " or "") .. move
  end
  print(#out > 0 and table.concat(out, " ") or "no moves yet")
end

-- perft(depth): the perft of the current position.
function G.perft(depth) return try(M.perft, session.game, depth) end

G.help = M.help

return session

-- test_ugi.lua — the UGI engine fed from files and pipes: seeds, the end
-- of the input, a closed output, --safe.  (tests/ugi/*.ugi drive it
-- through pipes as a tournament runner does.)

-- Runs the engine on the input text (with extra program options); returns
-- its output lines.
local function engine(input, options)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(input)
  f:close()
  local p = io.popen(string.format("MUTORERE_PATH= '%s' %s --ugi < '%s' 2>&1", PROGRAM,
                                   options or "", path))
  local lines = {}
  for line in p:lines() do lines[#lines + 1] = line end
  p:close()
  os.remove(path)
  return lines
end

-- The lines that start with prefix.
local function only(lines, prefix)
  local out = {}
  for _, l in ipairs(lines) do
    if l:sub(1, #prefix) == prefix then out[#out + 1] = l end
  end
  return out
end

-- Commands for games of a player from a position with twelve moves:
-- each game begins with uginewgame and asks for three moves.
local function games(player, seed, count, go)
  local t = {"setoption name Arms value 24", "setoption name Player value " .. player}
  if seed then t[#t + 1] = "setoption name Seed value " .. seed end
  for _ = 1, count do
    t[#t + 1] = "uginewgame"
    t[#t + 1] = "position fen " .. ("bw"):rep(12) .. "/. b"
    for _ = 1, 3 do t[#t + 1] = go or "go" end
  end
  return table.concat(t, "\n") .. "\n"
end

-- The moves of each game (three a game) as text.
local function moves_by_game(lines)
  local moves, out = only(lines, "bestmove "), {}
  for i = 1, #moves, 3 do out[#out + 1] = table.concat(moves, " ", i, i + 2) end
  return out
end

test("a seed gives the same games; each game of an engine differs", function()
  local a = moves_by_game(engine(games("random", 7, 6)))
  local b = moves_by_game(engine(games("random", 7, 6)))
  eq(#a, 6, "six games")
  eq(a, b, "Seed 7 twice: the same games")
  local distinct = {}
  for _, g in ipairs(a) do distinct[g] = true end
  local n = 0
  for _ in pairs(distinct) do n = n + 1 end
  check(n >= 5, "the games of one engine differ: " .. table.concat(a, " | "))
  local c = moves_by_game(engine(games("random", 8, 6)))
  check(table.concat(c) ~= table.concat(a), "another seed, other games")
  local d = moves_by_game(engine(games("random", nil, 6)))
  local e = moves_by_game(engine(games("random", nil, 6)))
  check(table.concat(d) ~= table.concat(e), "Seed 0 (the default): every run its own")
end)

test("MCTS under a node limit: seeded, and advancing per game", function()
  local function infos(lines)
    local out = {}
    for i, l in ipairs(only(lines, "info score")) do
      out[i] = l:gsub(" time %d+", ""):gsub(" nps %d+", "")
    end
    return out
  end
  local input = games("mcts", 3, 4, "go nodes 60")
  local a, b = infos(engine(input)), infos(engine(input))
  eq(#a, 12, "twelve searches")
  eq(a, b, "the same seed, the same searches")
  check(table.concat(a, "\n", 1, 3) ~= table.concat(a, "\n", 4, 6),
        "the next game searches with other playouts")
end)

test("the end of the input lets the last search finish", function()
  local out = engine("position startpos\ngo depth 10\n")
  check(out[1] and out[1]:find("^info depth 10 "), "the search ran to depth 10: " .. tostring(out[1]))
  check(out[2] and out[2]:find("^bestmove %d%-c$"), "and answered")
  local t = mt.clock()
  out = engine("setoption name Player value mcts\nposition startpos\ngo movetime 600\n")
  check(mt.clock() - t > 0.4, "a search with a move time runs to it (it aims at 85%)")
  eq(#only(out, "bestmove "), 1, "and answers")
end)

-- Runs the engine on input under a timer of its own (coreutils' timeout):
-- the output lines, the exit status (137: killed, still running) and the
-- seconds taken.
local function engine_timed(input, seconds)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(input)
  f:close()
  local t = mt.clock()
  local p = io.popen(string.format("MUTORERE_PATH= timeout -s KILL %d '%s' --ugi < '%s'" ..
                                   " 2>&1; echo \"exit $?\"", seconds, PROGRAM, path))
  local lines = {}
  for line in p:lines() do lines[#lines + 1] = line end
  p:close()
  os.remove(path)
  local status = tonumber(table.remove(lines):match("^exit (%d+)$"))
  return lines, status, mt.clock() - t
end

test("the end of the input stops a search without a limit: every player, 8 and 16 arms",
     function()
  for _, arms in ipairs({8, 16}) do
    for _, name in ipairs({"mcts", "mcts-lua", "minimax", "alphabeta", "heuristic",
                           "perfect", "random"}) do
      for _, go in ipairs({"go infinite", "go", "go ponder"}) do
        local what = string.format("%s, %d arms, %s", name, arms, go)
        local out, status, took = engine_timed(string.format(
          "setoption name Arms value %d\nsetoption name Player value %s\n" ..
          "position startpos\n%s\n", arms, name, go), 10)
        eq(status, 0, what .. ": the engine ended by itself")
        -- before the 10 s kill, with room for a loaded machine (a search
        -- that ignored the end of input would run into the kill)
        check(took < 9, string.format("%s: promptly (%.1f s)", what, took))
        check(out[#out] and out[#out]:find("^bestmove [%d]+%-c$"),
              what .. ": it answered a move last: " .. tostring(out[#out]))
        for _, l in ipairs(only(out, "info ")) do
          check(not (l:find(" nodes 0 ", 1, true) and l:find(" score ", 1, true)),
                what .. ": no score from a search that searched nothing: " .. l)
        end
      end
    end
  end
end)

test("isready waits for the commands queued ahead of it", function()
  local out = engine("setoption name Player value random\nposition startpos\ngo infinite\n" ..
                     "isready\nposition startpos moves 4-c\nquery p1turn\nisready\nstop\n")
  -- the first isready came with nothing queued: at once, before the move;
  -- the second follows the queued query
  local order = {}
  for _, l in ipairs(out) do
    if l == "readyok" or l:find("^bestmove") or l:find("^response") then
      order[#order + 1] = l:match("^%S+")
    end
  end
  eq(order, {"readyok", "bestmove", "response", "readyok"}, "the order of the answers")
end)

test("a fallback on a short clock is a note, not an error", function()
  local input = {"setoption name Arms value 24"}
  for _, name in ipairs({"alphabeta", "heuristic", "mcts", "perfect", "minimax"}) do
    input[#input + 1] = "setoption name Player value " .. name
    input[#input + 1] = "position startpos"
    for _ = 1, 3 do input[#input + 1] = "go p1time 0 p2time 0" end
  end
  local out = engine(table.concat(input, "\n") .. "\n")
  eq(#only(out, "bestmove "), 15, "every go answered")
  eq(only(out, "info string error"), {}, "no error")
  local notes = only(out, "info string player ")
  check(#notes > 0, "the safety net was used at least once: " .. table.concat(out, "\n"))
  for _, l in ipairs(notes) do
    check(l:find("^info string player [%w-]+ did not answer within 0%.%d+ s %(%d+ ms kept back " ..
                 "for the answer%); playing %d+%-c from a quick search instead$"), l)
  end
end)

test("quit in a piped file stops the search at once, with its best move", function()
  local out = engine("setoption name Player value mcts\nposition startpos\ngo infinite\n" ..
                     "query p1turn\nquit\nisready\n")
  eq(#only(out, "bestmove "), 1, "one best move")
  eq(#only(out, "response"), 0, "the queued query is dropped by quit")
  eq(#only(out, "readyok"), 0, "nothing after quit")
end)

test("a closed output ends the engine with an error, not a signal", function()
  local status, err = os.tmpname(), os.tmpname()
  os.execute(string.format("(yes isready | MUTORERE_PATH= '%s' --ugi 2>'%s'; echo $? >'%s')" ..
                           " | head -1 >/dev/null", PROGRAM, err, status))
  local function read(path)
    local f = io.open(path)
    local text = f and f:read("a") or ""
    if f then f:close() end
    os.remove(path)
    return text
  end
  eq(read(status), "1\n", "exit status 1 (141 would be SIGPIPE)")
  check(read(err):find("standard output: Broken pipe", 1, true), "and why")
end)

test("--safe --ugi plays", function()
  local out = engine("ugi\nisready\nsetoption name Player value minimax\nposition startpos\n" ..
                     "go depth 3\n", "--safe")
  check(#only(out, "ugiok") == 1 and #only(out, "readyok") == 1, "handshake: " ..
        table.concat(out, "\n"))
  eq(only(out, "bestmove"), {"bestmove 1-c"}, "a move")
end)

test("every player keeps to a move's time, nodes and stop by itself", function()
  local g = mt.game{arms = 24}
  g:play("1-c")
  for _, name in ipairs({"alphabeta", "heuristic", "minimax", "mcts", "mcts-lua",
                         "perfect", "random"}) do
    local p = mt.player(name)
    local t = mt.clock()
    local move, found = p:choose(g, {time = 0.1})
    local took = mt.clock() - t
    check(took < 2, string.format("%s: 0.1 s took %.2f s", name, took))
    check(g:copy():play(move), name .. ": a legal move")
    if name ~= "random" then
      check(type(found) == "table" and (found.score or found.mate) and #found.pv > 0,
            name .. " reports a score and a line")
    end
    local polls = 0
    t = mt.clock()
    p:choose(g, {infinite = true, stop = function() polls = polls + 1 return polls > 3 end})
    check(mt.clock() - t < 2, name .. ": infinite, ended by stop")
  end
  for name, nodes in pairs({mcts = 100, ["mcts-lua"] = 30, minimax = 300, alphabeta = 2000}) do
    local _, found = mt.player(name):choose(g, {nodes = nodes})
    check(found.nodes >= nodes and found.nodes < nodes * 1.1, string.format(
          "%s: %d nodes asked, %s searched", name, nodes, tostring(found.nodes)))
  end
  for _, name in ipairs({"alphabeta", "heuristic", "minimax"}) do
    local _, found = mt.player(name):choose(g, {depth = 3})
    eq(found.depth, 3, name .. ": depth 3")
  end
  raises(function() mt.player("random"):choose(g, {time = -1}) end, "limit time must be >= 0")
  raises(function() mt.player("random"):choose(g, {depht = 3}) end, "unknown limit \"depht\"")
  raises(function() mt.player("random"):choose(g, {depth = 0}) end,
         "limit depth must be a whole number >= 1, got 0")
  raises(function() mt.player("random"):choose(g, {stop = true}) end,
         "limit stop must be a function")
end)

-- A variant file's text as one VariantDefinition value: control
-- characters and % written %XX.
local function definition_value(text)
  return (text:gsub("[%%%c]", function(c) return string.format("%%%02X", c:byte()) end))
end

test_apart("VariantDefinition: a whole variant file, run in the sandbox; hooks only under --safe", function()
  local mark = os.tmpname()
  os.remove(mark)
  local data = "-- a variant of my own\nreturn {name = \"mine\", base = \"misere\", " ..
               "arms = 10, flank = \"never\"}\n"
  local hooked = "return {name = \"hooked\", base = \"no-restriction\", opening_plies = 1,\n" ..
                 "  allow = function(p, m) return p.ply > 0 or m.from ~= 1 end}\n"
  local set = "setoption name VariantDefinition value "
  local lines = engine(table.concat({
    set .. definition_value(data), "isready", "position startpos", "go depth 3",
    "query result",
    set .. definition_value("io.open(" .. string.format("%q", mark) .. ", 'w')\nreturn {}"),
    set .. definition_value("os.execute('touch " .. mark .. "') return {}"),
    set .. definition_value("while true do end"),
    set .. definition_value("return 42"),
    set .. "return %zz{}", set .. "100% sure",
    set .. definition_value(hooked),
    "isready", "position startpos", "go depth 2",
    set .. "<empty>", "position startpos", "go depth 1", ""}, "\n"))
  local want = mt.player("alphabeta", {depth = 3}):choose(mt.game{base = "misere", arms = 10,
                                                                  flank = "never"})
  eq(only(lines, "bestmove ")[1], "bestmove " .. want, "the defined rules played")
  local errors = only(lines, "info string error: VariantDefinition: ")
  local said = {"attempt to index a nil value (global 'io')",
                "attempt to call a nil value (field 'execute')",
                "the time budget (2.0 s) ran out",
                "it must return a table, not number",
                "a % that is not followed by two hexadecimal digits",
                "a % that is not followed by two hexadecimal digits",
                "variant hooked has Lua hooks: an engine takes them only when it runs in the " ..
                "sandbox (mutorere --ugi --safe)"}
  eq(#errors, #said, "each refused: " .. table.concat(errors, " | "))
  for i, why in ipairs(said) do
    check((errors[i] or ""):find(why, 1, true), "refused: " .. why .. ": " .. tostring(errors[i]))
  end
  check(not io.open(mark), "nothing written, nothing run")
  local moves = only(lines, "bestmove ")
  eq(#moves, 3, "three searches")
  eq(moves[2], "bestmove " .. mt.player("alphabeta", {depth = 2}):choose(
     mt.game{base = "misere", arms = 10, flank = "never"}), "a refused definition keeps the last")
  check(mt.game():moves()[1] == moves[3]:sub(10) or mt.game():moves()[2] == moves[3]:sub(10),
        "<empty>: back to standard: " .. moves[3])
  -- under --safe the hooks are taken, and played
  local safe = engine(table.concat({set .. definition_value(hooked), "isready",
                                    "position startpos", "go depth 2", ""}, "\n"), "--safe")
  eq(only(safe, "info string error"), {}, "--safe: taken")
  local g = mt.game(load(hooked)())
  eq(only(safe, "bestmove "), {"bestmove " .. mt.player("alphabeta", {depth = 2}):choose(g)},
     "--safe: played by its rules")
end)

test_apart("--safe: a moves hook that fails or never returns costs its command, not the engine", function()
  local set = "setoption name VariantDefinition value "
  local looping = "return {base = \"achi\", name = \"loops\", moves = function() while true do end end}"
  local failing = "return {base = \"achi\", name = \"fails\", moves = function() error(\"no\") end}"
  local lines = engine(table.concat({
    "setoption name Variant value tapatan", "position startpos moves @a1", "go depth 1",
    set .. definition_value(failing), "position startpos", "go depth 1",
    set .. definition_value(looping), "isready", "position startpos", "go depth 1",
    "query gameover", set .. "<empty>", "position startpos", "go depth 1", "isready", ""}, "\n"),
    "--safe --limit 0.5") -- (the loop waited twice: at position and at go)
  local moves = only(lines, "bestmove ")
  eq(#moves, 4, "every go answered: " .. table.concat(lines, " | "))
  check(moves[1]:find("^bestmove @"), "Tapatan's drop: " .. tostring(moves[1]))
  eq({moves[2], moves[3]}, {"bestmove 0000", "bestmove 0000"},
     "no move of the game of the rules before searched")
  check((moves[4] or ""):find("^bestmove @"), "back to Tapatan: " .. tostring(moves[4]))
  local errors = table.concat(only(lines, "info string error"), " | ")
  check(errors:find("moves hook failed at ......... 4/4 b: VariantDefinition:1: no", 1, true), errors)
  check(errors:find("the time budget (0.5 s) ran out", 1, true), errors)
  check(errors:find("no position to search", 1, true), errors)
  eq(#only(lines, "readyok"), 2, "the engine alive after the loop")
end)

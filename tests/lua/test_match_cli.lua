-- test_match_cli.lua — scripts/tools/match.lua takes what cutechess-cli and
-- fastchess users type every day, and each option does what it says (or
-- is refused): the games, colours and openings it plans (read back from
-- its file of games), adjudication by the engines' scores, the clocks of
-- each engine, the engines' talk, engines from JSON files, what it prints.

-- path made absolute (the tests run the script in folders of their own)
local function absolute(path)
  return path:sub(1, 1) == "/" and path or (os.getenv("PWD") or ".") .. "/" .. path
end

local TOY = absolute(HERE .. "/../engines/toy_ugi.py")
local PYTHON = io.open("/usr/bin/python3") and "/usr/bin/python3" or "python3"
local MATCH = absolute(HERE .. "/../../scripts/tools/match.lua")
local MUTORERE = PROGRAM:find("/") and absolute(PROGRAM) or PROGRAM

-- A fresh path in the temporary folder.
local function scratch(suffix)
  local path = os.tmpname()
  os.remove(path)
  return path .. (suffix or "")
end

-- The text of a file (nil when there is none).
local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- Writes text to path.
local function spill(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- Runs match.lua with the words given (in folder dir, when given); its
-- standard output, standard error and exit status.
local function run(words, dir)
  local out, err = scratch(), scratch()
  local p = io.popen(string.format("%sMUTORERE_PATH= %s %s %s >%s 2>%s; echo $?",
                                   dir and ("cd '" .. dir .. "' && ") or "", MUTORERE, MATCH,
                                   words, out, err))
  local status = p:read("a"):match("%d+")
  p:close()
  local o, e = slurp(out), slurp(err)
  os.remove(out)
  os.remove(err)
  return o, e, status
end

-- Runs match.lua, which must end with status want ("0", succeeded, by
-- default; "1", stopped by a crash); its output and file of games (the
-- games read back, by game number).
local function played(words, want)
  local file = scratch()
  local out, err, status = run(words .. " -pgnout " .. file)
  eq(status, want or "0", words .. ": ran: " .. err)
  local games = {}
  for _, g in ipairs(status == (want or "0") and mt.load_games(file) or {}) do
    games[math.tointeger(tonumber(g:tags().Game))] = g
  end
  os.remove(file)
  return out, games
end

local AB = "-engine player=alphabeta option.depth=1 name=ab"
local RANDOM = "-engine player=random name=rnd"

test("-version, -help and what is refused, each with what to do", function()
  local empty, bad_line = scratch(), scratch()
  spill(empty, "")
  spill(bad_line, "bbbbwwww/. b\n\nbbbbwwww/ x\n")
  local out, _, status = run("-version")
  eq({out, status}, {"match.lua (mutorere " .. mt.version .. ")\n", "0"}, "-version")
  for _, c in ipairs({
    {AB .. " " .. RANDOM .. " -sprt elo0=5 elo1=0", "elo0 must be below elo1"},
    {AB .. " " .. RANDOM .. " -sprt elo0=0 elo1=5 model=bayes", "\"bayesian\""},
    {AB .. " " .. RANDOM .. " -openings plies=4 order=random", "order= and start= go with file="},
    {AB .. " " .. RANDOM .. " -output format=pgn", "-output format= takes cutechess or fastchess"},
    {AB .. " " .. RANDOM .. " -pgnout x.pgn min", "-pgnout min: the records here are always whole"},
    {AB .. " " .. RANDOM .. " -each book=x.bin", "-engine book=: opening books are not supported"},
    {"-engine cmd=" .. PYTHON .. " restart=sometimes " .. RANDOM, "restart= takes on, off or auto"},
    {AB .. " restart=on " .. RANDOM, "-engine player=alphabeta: restart= is for outside engines"},
    {"-engine player=random tc=1 st=0.1 " .. RANDOM, "tc= or st=, not both"},
    {AB .. " " .. RANDOM .. " -log file=x engine=false", "the engines' talk is all it holds"},
    {AB .. " " .. RANDOM .. " " .. RANDOM .. " -noswap", "-noswap is for a match of two engines"},
    {AB .. " " .. RANDOM .. " " .. RANDOM .. " -openings plies=2 policy=encounter",
     "every pairing plays the openings of a round together (policy=round)"},
    {AB .. " " .. RANDOM .. " -draw movecount=0", "option draw.movecount must be a whole number from 1"},
    {AB .. " " .. RANDOM .. " -resign twosided=maybe", "twosided= takes true or false"},
    {"-engine conf=nope " .. RANDOM, "conf=nope: engines.json: No such file"},
    -- each value checked as itself, before what is made of it
    {AB .. " " .. RANDOM .. " -rounds -1", "-rounds needs a whole number of at least 1, not -1"},
    {AB .. " " .. RANDOM .. " -maxmoves -3", "-maxmoves needs a whole number of at least 1, not -3"},
    {AB .. " " .. RANDOM .. " -wait -5", "-wait needs a number of at least 0, not -5"},
    {AB .. " " .. RANDOM .. " -ratinginterval -1", "-ratinginterval needs a whole number of at least 0"},
    {AB .. " " .. RANDOM .. " -each timemargin=-100", "timemargin needs a number of at least 0"},
    {AB .. " " .. RANDOM .. " -games 4611686018427387904 -rounds 4", "more games than this plays"},
    {AB .. " " .. RANDOM .. " -openings plies=2 balanced=yes", "balanced= takes true or false"},
    {AB .. " " .. RANDOM .. " -openings plies=-1", "plies needs a whole number of at least 0"},
    {AB .. " " .. RANDOM .. " -sprt alpha=0.05", "-sprt needs elo0= and elo1="},
    {AB .. " " .. RANDOM .. " -gamesout a.mtr -pgnout b.mtr", "give -gamesout or -pgnout, not both"},
    {AB .. " " .. RANDOM .. " -tournament knockout", "-tournament takes round-robin or gauntlet"},
    {AB .. " " .. RANDOM .. " " .. RANDOM .. " -games 1000 -svg x.svg",
     "-svg and -html are for a match of two engines"},
    {AB .. " " .. RANDOM .. " -openings file=/", "-openings: /: Is a directory"},
    {AB .. " " .. RANDOM .. " -maxmoves 4611686018427387904", "-maxmoves takes at most 499999999"},
    {"-engine cmd=" .. PYTHON .. " player=random " .. RANDOM, "-engine: cmd= or player=, not both"},
    {AB .. " " .. RANDOM .. " -each conf=nosuch", "conf=nosuch: engines.json"},
    {AB .. " " .. RANDOM .. " -openings file=" .. empty, "-openings: " .. empty .. " holds no opening"},
    {AB .. " " .. RANDOM .. " -openings file=" .. bad_line, "-openings: " .. bad_line .. ": line 3: "},
  }) do
    local _, err, st = run(c[1])
    eq(st, "2", c[1])
    check(err:find(c[2], 1, true), c[1] .. ": " .. err)
  end
end)

test("-games, -rounds, -repeat, -noswap, -reverse: the colours and openings planned", function()
  -- (the opening of each game, its first engine's colour)
  local function plan(words)
    local _, games = played(AB .. " " .. RANDOM .. " -openings plies=4 " .. words)
    local openings, colours = {}, {}
    for i, g in ipairs(games) do
      openings[i] = math.tointeger(tonumber(g:tags().Opening))
      colours[i] = g:tags().Black == "ab" and "b" or "w"
    end
    return table.concat(openings, " "), table.concat(colours)
  end
  eq({plan("-games 2 -rounds 3")}, {"1 1 2 2 3 3", "bwbwbw"}, "pairs, colours swapped")
  eq({plan("-games 8 -repeat 4")}, {"1 1 1 1 2 2 2 2", "bwbwbwbw"}, "-repeat 4")
  eq({plan("-games 3 -repeat 1")}, {"1 2 3", "bwb"}, "-repeat 1: an opening a game")
  eq({plan("-games 4 -noswap")}, {"1 1 2 2", "bbbb"}, "-noswap")
  eq({plan("-games 4 -reverse")}, {"1 1 2 2", "wbwb"}, "-reverse")
  eq({plan("-games 4 -rounds 2 -openings plies=4 policy=round")}, {"1 1 1 1 2 2 2 2",
                                                                     "bwbwbwbw"}, "policy=round")
  eq({plan("-games 6 -openings plies=4 policy=encounter")}, {"1 1 1 1 1 1", "bwbwbw"},
     "policy=encounter")
end)

test("-openings file= with order=, start=, plies= and -srand", function()
  -- six openings of 6 plies, each a record; players that play the last
  -- legal move, so that where the book stops shows in the games
  local book = scratch()
  local openings = mt.openings("standard", {plies = 6, count = 6, seed = 3})
  local texts = {}
  for i, g in ipairs(openings) do texts[i] = g:record() end
  spill(book, table.concat(texts, "\n"))
  local last = "-engine player=minimax option.depth=1 name=m1 -engine player=minimax " ..
               "option.depth=1 name=m2"
  -- the opening of game 1, as the moves the game began with
  local function first_moves(words, plies)
    local _, games = played(last .. " -games 2 -openings file=" .. book .. " " .. words)
    return table.concat(games[1]:history(), " ", 1, plies)
  end
  local function book_moves(k, plies) return table.concat(openings[k]:history(), " ", 1, plies) end
  eq(first_moves("", 6), book_moves(1, 6), "sequential: the first")
  eq(first_moves("start=4", 6), book_moves(4, 6), "start=4: the fourth")
  local random1 = first_moves("order=random -srand 11", 6)
  eq(first_moves("order=random -srand 11", 6), random1, "order=random: -srand repeats it")
  local differ = false
  for s = 12, 20 do differ = differ or first_moves("order=random -srand " .. s, 6) ~= random1 end
  check(differ, "other seeds, other orders")
  -- plies=2: the book's first two moves, then the players' own
  local _, games = played(last .. " -games 2 -openings file=" .. book .. " plies=2")
  eq(table.concat(games[1]:history(), " ", 1, 2), book_moves(1, 2), "plies=2: two book moves")
  local g = mt.game()
  for i = 1, 2 do g:play(openings[1]:history()[i]) end
  check(games[1]:history()[3] ~= openings[1]:history()[3] or
        mt.player("minimax", {depth = 1}):choose(g) == games[1]:history()[3],
        "the third move the player's own")
  local whole = select(2, played(last .. " -games 2 -openings file=" .. book))
  check(table.concat(whole[1]:history(), " ", 1, 6) ~= table.concat(games[1]:history(), " ", 1, 6),
        "plies=2 is not the whole book (as it was: plies= beside a file was ignored)")
  os.remove(book)
end)

test("-draw and -resign adjudicate by the engines' own scores; tags; -event, -site", function()
  local out, games = played(AB .. " " .. AB:gsub("name=ab", "name=ab2") ..
                            " -games 2 -draw movenumber=3 movecount=2 score=1000 " ..
                            "-event Cup -site Rotorua")
  for i, g in ipairs(games) do
    local t = g:tags()
    eq({t.Termination, t.Result, t.Adjudicated, t.Event, t.Site},
       {"adjudicated", "1/2-1/2", "draw by score", "Cup", "Rotorua"}, "game " .. i)
    eq(g:ply(), 6, "game " .. i .. ": after 3 full moves, 2 a side within 10 units")
  end
  check(out:find("2 games of standard", 1, true), out)
  -- a player that says it stands worse resigns: heuristic, black every
  -- game, values the start -0.45 for itself
  local _, resigned = played("-engine player=heuristic name=h " .. RANDOM ..
                             " -games 2 -noswap -resign movecount=1 score=0")
  for i, g in ipairs(resigned) do
    local t = g:tags()
    eq({t.Termination, t.Adjudicated, t.Black, g:ply()},
       {"adjudicated", "white wins by score", "h", 1}, "resigned game " .. i)
  end
end)

test("a clock for each engine, st= enforced, the loser's clock after its move", function()
  local _, games = played("-engine cmd=" .. PYTHON .. " arg=" .. TOY .. " name=toy tc=5+0.1 " ..
                          "-engine player=random name=rnd st=0.2 timemargin=50 -games 2")
  for i, g in ipairs(games) do
    local t = g:tags()
    local toy_black = t.Black == "toy"
    eq({t.BlackTimeControl, t.WhiteTimeControl, t.TimeControl},
       {toy_black and "5+0.1" or "0.2/move", toy_black and "0.2/move" or "5+0.1", nil},
       "game " .. i .. ": each engine's own clock")
  end
  -- an engine's own tc= in place of -each's st=
  _, games = played("-engine player=random name=own tc=5+0.1 -engine player=random name=each " ..
                    "-each st=0.2 -games 2")
  for i, g in ipairs(games) do
    local t = g:tags()
    local own_black = t.Black == "own"
    eq({t.BlackTimeControl, t.WhiteTimeControl},
       {own_black and "5+0.1" or "0.2/move", own_black and "0.2/move" or "5+0.1"},
       "game " .. i .. ": -each's clock under an engine's own")
  end
  -- an engine 0.3 s past a move time of 0.1 s loses on time (it won before)
  local out, slow = played("-engine cmd=" .. PYTHON .. " arg=" .. TOY .. " name=slow " ..
                           "option.Fault=slow option.FaultPly=2 st=0.1 " .. RANDOM .. " -games 2")
  check(out:find("lost: slow 2 on time", 1, true), "said: " .. out)
  for i, g in ipairs(slow) do
    local t = g:tags()
    eq(t.Termination, "time", "game " .. i)
    local side = t.Black == "slow" and "BlackClock" or "WhiteClock"
    check(tonumber(t[side]) < 0, "game " .. i .. ": its clock after the move, past 0: " .. t[side])
  end
end)

test("-recover, restart=, initstr=, stderr=, -debug and -log: what they say", function()
  local log, errors = scratch(), scratch()
  local crash = "-engine cmd=" .. PYTHON .. " arg=" .. TOY .. " name=crasher option.Fault=crash " ..
                "option.FaultPly=2 "
  local out, games = played(crash .. RANDOM .. " -games 4", "1") -- (stopped: status 1)
  check(out:find("stopped: game 1: crasher (black): engine crasher: crashed (exit 3); the match",
                 1, true) and out:find("stopped there (it does not recover)", 1, true),
        "stopped: " .. out)
  eq(#games, 1, "one game, then no more")
  games = select(2, played(crash .. RANDOM .. " -games 4 -recover"))
  eq(#games, 4, "-recover: every game, each lost by a crash")
  local sh = "/bin/sh arg=-c arg='echo started-here >&2; exec " .. PYTHON .. " " .. TOY .. "'"
  played("-engine cmd=" .. sh .. " name=toy restart=on stderr=" .. errors ..
               " initstr='debug on\\nisready' " .. RANDOM .. " -games 3 -log file=" .. log)
  local talk = slurp(log) or ""
  local _, starts = talk:gsub("%d >toy: ugi\n", "")
  eq(starts, 3, "restart=on: a fresh program for games 2 and 3 (the first serves the check " ..
                "and game 1)")
  check(talk:find("^[%d.]+ >toy: debug on\n[%d.]+ >toy: isready\n[%d.]+ >toy: ugi\n"),
        "initstr= first, a line at a time: " .. talk:sub(1, 200))
  check(talk:find("\n[%d.]+ <toy: ugiok\n"), "what it says, timestamped")
  local _, said = (slurp(errors) or ""):gsub("started%-here", "")
  eq(said, 3, "stderr= holds its standard error, once a start")
  local _, err = run("-engine cmd=" .. PYTHON .. " arg=" .. TOY .. " name=toy " .. RANDOM ..
                     " -games 1 -debug")
  check(err:find("[%d.]+ >toy: uginewgame\n") and err:find("[%d.]+ <toy: bestmove "),
        "-debug: on standard error: " .. err:sub(1, 200))
  for _, p in ipairs({log, errors}) do os.remove(p) end
end)

test("engines from JSON: -config file= (fastchess's) and conf= (cutechess's engines.json)", function()
  local dir = scratch()
  os.execute("mkdir " .. dir)
  spill(dir .. "/config.json", string.format([==[
{"engines": [
  {"name": "toy-a", "cmd": "%s", "args": "%s", "dir": "%s",
   "options": [["Seed", "7"]], "limit": {"tc": {"time": 4000, "increment": 100, "fixed_time": 0,
   "moves": 0}, "nodes": 0, "plies": 0}, "restart": false},
  {"name": "toy-b", "cmd": "%s", "args": "%s", "dir": "%s", "options": {},
   "limit": {"tc": {"time": 0, "increment": 0, "fixed_time": 300, "moves": 0}}}],
 "games": 2, "rounds": 5}
]==], PYTHON, TOY, dir, PYTHON, TOY, dir))
  local out, err, status = run("-config file=config.json -games 2", dir)
  local _
  eq(status, "0", "ran: " .. err)
  check(out:find("toy-a vs toy-b: 2 games", 1, true) and
        out:gsub("\n%s+", " "):find("clocks: toy-a 4+0.1 (base 4 s, increment 0.1 s); toy-b " ..
                                    "0.3/move (0.3 s a move)", 1, true),
        "its engines and their clocks: " .. out)
  spill(dir .. "/engines.json", string.format([[
[{"name": "Toy", "command": "%s %s", "protocol": "ugi", "initStrings": ["isready"]},
 {"name": "Other", "command": "%s %s", "protocol": "uci"}]
]], PYTHON, TOY, PYTHON, TOY))
  out, err, status = run("-engine conf=Toy -engine conf=Toy name=Toy2 -games 2", dir)
  eq(status, "0", "conf=: " .. err)
  check(out:find("Toy vs Toy2: 2 games", 1, true), out)
  _, err, status = run("-engine conf=Other -engine conf=Toy", dir)
  eq(status, "2", "a protocol that is not UGI")
  check(err:find("protocol uci: engines speak UGI here", 1, true), err)
  spill(dir .. "/bad.json", '{"engines": [{"name": "x", "cmd": "y", "ponder": true}]}')
  _, err = run("-config file=bad.json", dir)
  check(err:find("-config: bad.json: engine 1: the key ponder is not taken here", 1, true), err)
  spill(dir .. "/broken.json", '{"engines": [\n  {"name": }]}')
  _, err = run("-config file=broken.json", dir)
  check(err:find("-config: broken.json: line 2, column 12: a bad value", 1, true), err)
  -- fields of the wrong shape: refused, each named (never a Lua error)
  for _, c in ipairs({
    {'"options": "xyz"', "options must be an object or a list of pairs [name, value]"},
    {'"options": [1, 2]', "options[1] must be a pair [name, value]"},
    {'"options": {"Depth": [1]}', "options.Depth must be a string, number or boolean"},
    {'"limit": 5', "limit must be an object"},
    {'"limit": {"tc": 7}', "limit.tc must be an object"},
    {'"limit": {"tc": {"time": "abc"}}', "limit.tc.time must be a number of 0 or more"},
    {'"limit": {"tc": {"time": 1000, "moves": 2.5}}', "limit.tc.moves must be a whole number of 0 or more"},
    {'"restart": "sometimes"', 'restart must be true, false, "on" or "off"'},
  }) do
    spill(dir .. "/shape.json", '{"engines": [{"name": "x", "cmd": "y", ' .. c[1] .. '}]}')
    local _, e, st = run("-config file=shape.json", dir)
    eq(st, "2", c[1])
    check(e:find("-config: shape.json: engine 1: " .. c[2], 1, true) and not e:find("%.lua:%d"), c[1] .. ": " .. e)
  end
  spill(dir .. "/lines.json", '[{"name": "x", "command": "y", "initStrings": "isready"}]')
  _, err = run("-config file=lines.json", dir)
  check(err:find("engine 1: initStrings must be a list of strings", 1, true), err)
  _, err, status = run("-config file=.", dir)
  eq(status, "2", "a folder for a file")
  check(err:find("-config: .: Is a directory", 1, true), err)
  -- an object of options with a key n is an object (n is the length only of a list read)
  spill(dir .. "/n.json", string.format('{"engines": [{"name": "toy", "cmd": "%s", "args": "%s", ' ..
    '"options": {"n": 3, "Seed": 7}, "restart": "off"}, {"name": "toy2", "cmd": "%s", "args": "%s"}]}',
    PYTHON, TOY, PYTHON, TOY))
  _, err, status = run("-config file=n.json -games 2 -debug", dir)
  eq(status, "0", "options n and Seed: " .. err)
  check(err:find("setoption name n value 3", 1, true) and err:find("setoption name Seed value 7", 1, true),
        "both options sent: " .. err:sub(1, 400))
  os.execute("rm -r " .. dir)
end)

test("-output format=cutechess|fastchess and -ratinginterval", function()
  local out = played(AB .. " " .. RANDOM .. " -games 4 -output format=cutechess " ..
                     "-ratinginterval 2 -sprt elo0=0 elo1=100 model=bayesian")
  local _, scores = out:gsub("Score of ab vs rnd: %d+ %- %d+ %- %d+  %[%d%.%d+%] %d+\n", "")
  eq(scores, 3, "after games 2 and 4, and at the end: " .. out)
  check(out:find("\nSPRT: llr [-%d.e+]+ %([-%d.]+%%%), lbound %-2%.94, ubound 2%.94"), "SPRT: " .. out)
  out = played(AB .. " " .. RANDOM .. " -games 4 -output format=fastchess -sprt elo0=0 elo1=100")
  for _, line in ipairs({"^Results of ab vs rnd %(standard, 8 arms%):\n",
                         "\nElo: [-%d.inf]+ %+/%- [%d.inf]+, nElo: ",
                         "\nGames: 4, Wins: %d, Losses: %d, Draws: %d, Points: ",
                         "\nPtnml%(0%-2%): %[%d, %d, %d, %d, %d%]\n",
                         "\nLLR: [-%d.]+ %(%-2%.94, 2%.94%) %[0, 100%] %(normalized%)"}) do
    check(out:find(line), line .. ": " .. out)
  end
  -- one game, no pair yet: its Elo from the game, as the score says (not a pair count of zeros)
  out = played("-engine player=perfect name=p " .. RANDOM .. " -games 1 -output format=fastchess")
  check(out:find("\nElo: inf +/- inf, nElo: inf +/- ", 1, true) and out:find("\nLOS: 84.13 %", 1, true) and
        out:find("Points: 1.0 (100.00 %)", 1, true), "a game won: " .. out)
  out = played("-engine player=perfect name=p " .. RANDOM .. " -games 2 -ratinginterval 1 -output format=fastchess")
  check(out:find("^Results of p vs rnd %(standard%):\nElo: inf"), "the running tally names the variant: " .. out)
  out = played(AB .. " " .. RANDOM .. " -games 2 -sprt elo0=0 elo1=100")
  check(out:find("SPRT elo0 0, elo1 100 (normalized, alpha 0.05, beta 0.05)", 1, true),
        "the model said, normalized as fastchess's: " .. out)
end)

test("-wait between games; -svg refuses links and says a write failed", function()
  local t0 = mt.clock()
  played(AB .. " " .. RANDOM .. " -games 3 -wait 300")
  check(mt.clock() - t0 >= 0.6, "two waits of 0.3 s: " .. (mt.clock() - t0))
  local target, link = scratch(), scratch()
  spill(target, "mine")
  os.execute(string.format("ln -s '%s' '%s'", target, link))
  local _, err, status = run(AB .. " " .. RANDOM .. " -svg " .. link)
  eq(status, "2", "through a link: refused")
  check(err:find("-svg: cannot write the picture to " .. link .. ": it is a symbolic link", 1, true),
        err)
  eq(slurp(target), "mine", "the file behind the link as it was")
  _, err, status = run(AB .. " " .. RANDOM .. " -svg /dev/full")
  eq(status, "2", "/dev/full: a failure")
  check(err:find("-svg: cannot write the picture to /dev/full", 1, true), err)
  local svg = scratch(".svg")
  _, err, status = run(AB .. " " .. RANDOM .. " -svg " .. svg)
  eq(status, "0", "a file of its own: " .. err)
  check((slurp(svg) or ""):find("^<%?xml"), "a picture")
  for _, p in ipairs({target, link, svg}) do os.remove(p) end
end)

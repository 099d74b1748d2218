-- test_cli.lua — the program from outside: options, scripts, exit codes,
-- piped input, error messages, and the search path.

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- run(args, input, env): runs the program; returns stdout, stderr, exit code.
local function run(args, input, env)
  local err_file = os.tmpname()
  local in_file = os.tmpname()
  local f = assert(io.open(in_file, "w"))
  f:write(input or "")
  f:close()
  local cmd = string.format("%s %s %s <%s 2>%s", env or "", quote(PROGRAM), args,
                            in_file, err_file)
  local p = assert(io.popen(cmd, "r"))
  local out = p:read("a")
  local _, _, code = p:close()
  local e = assert(io.open(err_file))
  local err = e:read("a")
  e:close()
  os.remove(err_file)
  os.remove(in_file)
  return out, err, code
end

test("-v, -h and bad options", function()
  local out, _, code = run("-v")
  check(out:match("^mutorere %d+%.%d+%.%d+ %(Lua 5%.4"), "version: " .. out)
  eq(code, 0, "-v exit")
  local long, _, long_code = run("--version")
  eq({long, long_code}, {out, 0}, "--version is -v")
  out, _, code = run("-h")
  check(out:find("usage: mutorere", 1, true), "usage")
  eq(code, 0, "-h exit")
  long, _, long_code = run("--help")
  eq({long, long_code}, {out, 0}, "--help is -h")
  local err
  out, err, code = run("-x")
  check(err:find("unknown option '-x'", 1, true), "unknown option")
  eq(out, "", "nothing on standard output")
  eq(code, 1, "bad option exit")
  _, err, code = run("-e")
  check(err:find("'-e' needs an argument", 1, true), "-e without a chunk")
  eq(code, 1, "exit")
end)

test("-e runs chunks in order; errors exit 1 with a traceback", function()
  local out, err, code = run("-e 'x = 20' -e 'print(x + 1)'")
  eq(out, "21\n", "output")
  eq(err, "", "no errors")
  eq(code, 0, "exit")
  out, err, code = run("-e 'print(1)' -e 'error(\"boom\")' -e 'print(2)'")
  eq(out, "1\n", "the chunks before the error ran, none after")
  check(err:find("mutorere: (command line):1: boom", 1, true), "message: " .. err)
  check(err:find("stack traceback:", 1, true), "traceback")
  eq(code, 1, "exit")
  out, err, code = run("-e 'mt.game():play(\"3-4\")'")
  eq(out, "", "no output")
  check(err:find("illegal move 3-4: arm 4 is occupied", 1, true), "API error: " .. err)
  eq(code, 1, "exit")
end)

test("scripts get arg and ..., and fail with status 1", function()
  local script = os.tmpname()
  local f = assert(io.open(script, "w"))
  f:write("print(arg[0] == ..., select('#', ...), arg[1], arg[2], ...)\n")
  f:close()
  local out, _, code = run(quote(script) .. " one two")
  eq(out, "false\t2\tone\ttwo\tone\ttwo\n", "arguments")
  eq(code, 0, "exit")
  f = assert(io.open(script, "w"))
  f:write("local function inner() error('deep') end\ninner()\n")
  f:close()
  local err
  out, err, code = run(quote(script))
  eq(out, "", "no output")
  check(err:find(":1: deep", 1, true), "message")
  check(err:find("in local 'inner'", 1, true) or err:find("in upvalue 'inner'", 1, true)
        or err:find("inner", 1, true), "traceback names the function")
  eq(code, 1, "exit")
  out, err, code = run("/no/such/script.lua")
  eq(out, "", "no output")
  check(err:find("cannot open /no/such/script.lua", 1, true), "missing script: " .. err)
  eq(code, 1, "exit")
  os.remove(script)
end)

test("the module is the global mt and require 'mutorere'", function()
  local out = run("-e 'print(mt == require \"mutorere\", mt.version ~= nil)'")
  eq(out, "true\ttrue\n", "same module")
  out = run("-l string -e 'print(type(string))'")
  eq(out, "table\n", "-l")
end)

test("piped input runs like the REPL without prompts", function()
  local out, err, code = run("", "1 + 1\nx = 5\nx * 2\nfunction f(a)\n  return a * 3\nend\nf(x)\n")
  eq(out, "2\n10\n15\n", "expressions print, statements do not")
  eq(err, "", "no errors")
  eq(code, 0, "exit")
  out, err, code = run("", "error('first')\nprint('still here')\n")
  eq(out, "still here\n", "goes on after an error")
  check(err:find("first", 1, true), "error on stderr")
  eq(code, 1, "but exits 1")
  out, err, code = run("", "x = 1\nif true then\n")
  eq(out, "", "nothing printed")
  check(err:find("<eof>", 1, true), "unfinished input reported: " .. err)
  eq(code, 1, "exit")
  out, err, code = run("", "1 +\n2\n")
  eq(out, "3\n", "an unfinished expression continues")
  eq(err, "", "without an error")
  eq(code, 0, "exit")
end)

test("REPL commands in a pipe", function()
  local out, err, code = run("", 'play "4-c"\nmoves()\nplay "5-4 c-5"\nhistory()\nundo()\ncurrent():position()\n')
  eq(code, 0, "exit: " .. err)
  check(out:find("standard · ply 1 · white to move", 1, true), "board after play")
  check(out:find("\n5-4\n", 1, true), "moves")
  check(out:find("1. 4-c 5-4 2. c-5", 1, true), "history")
  check(out:find("bbbw.www/b b 2", 1, true), "position after undo")
  out, err, code = run("", 'play "3-4"\n')
  eq(out, "", "no board after a bad move")
  eq(err, "illegal move 3-4: arm 4 is occupied\n", "command errors read plainly")
  eq(code, 1, "exit")
  out, err = run("", 'new "misere"\nsetup "bbb.wwwb/w w"\nplay "5-4"\n')
  check(out:find("Black has no move and wins (misère).", 1, true), "the end is explained: " .. out)
  eq(err, "", "no errors")
  out = run("", 'new "standard"\nsetup "bbb.wwwb/w w"\nplay "5-4"\n')
  check(out:find("Black has no move: white wins.", 1, true), "blocked")
  out, err = run("", 'new "nonesuch"\n')
  eq(out, "", "no board")
  check(err:find("unknown variant 'nonesuch'", 1, true), "bad variant")
  out = run("", "perft(10)\n")
  eq(out, "128\n", "perft command")
end)

test("'-' runs standard input as one chunk; -i reads it after a script", function()
  local out, _, code = run("-", "local x = 2\nprint(x * 21)\n")
  eq(out, "42\n", "one chunk: locals carry over")
  eq(code, 0, "exit")
  out = run("-e 'y = 7' -i", "y * 6\n")
  eq(out, "42\n", "-i")
end)

test("MUTORERE_PATH adds script directories", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir .. "/variants")
  local f = assert(io.open(dir .. "/variants/tiny.lua", "w"))
  f:write("return {name = 'tiny', arms = 4, misere = true}\n")
  f:close()
  local env = "MUTORERE_PATH=" .. quote(dir)
  local out = run("-e 'print(mt.variant(\"tiny\").arms, mt.path[1])'", nil, env)
  eq(out, "4\t" .. dir .. "\n", "found")
  out = run("-e 'for _, n in ipairs(mt.variants()) do if n == \"tiny\" then print(n) end end'", nil, env)
  eq(out, "tiny\n", "listed")
  f = assert(io.open(dir .. "/helper.lua", "w"))
  f:write("return 'helper found'\n")
  f:close()
  out = run("-e 'print(require \"helper\", package.path:find(\"/?.lua;\", 1, true) == #mt.path[1] + 1)'",
            nil, env)
  eq(out, "helper found\ttrue\n", "require finds scripts on the search path, first")
  os.execute("rm -rf " .. dir)
end)

test("the module's Lua parts run when first used, and only then", function()
  local names = {}
  for k in pairs(mt) do names[#names + 1] = string.format("%q", k) end -- every part runs
  local parts = 0
  for _ in pairs(debug.getregistry()["mutorere.parts"]) do parts = parts + 1 end
  local chunk = "local parts = debug.getregistry()['mutorere.parts'] " ..
    "local function count() local n = 0 for _ in pairs(parts) do n = n + 1 end return n end " ..
    "local at_start = count() " ..
    "local missing = {} for _, k in ipairs({" .. table.concat(names, ",") .. "}) do " ..
    "if mt[k] == nil then missing[#missing + 1] = k end end " ..
    "for _, k in ipairs({'analyse', 'review', 'lookahead'}) do " ..
    "if mt.game()[k] == nil then missing[#missing + 1] = 'Game:' .. k end end " ..
    -- standings.lua defines no field: the text of a tournament runs it
    "local _ = tostring(mt.tournament{players = {'random', 'random'}, games = 1}) " ..
    -- nor against.lua: a player against a fallible opponent runs it
    "local _ = mt.player('perfect', {against = 0.5}):choose(mt.game('pong-hau-ki')) " ..
    -- charts.lua neither: the pictures of a match run it
    "local _ = mt.svg(mt.match('random', 'random')) " ..
    -- nor enginerules.lua: an outside engine told the rules runs it
    "local _ = mt.match(mt.player{command = {" .. string.format("%q", PROGRAM) .. ", '--ugi'}, " ..
    "limits = {depth = 1}}, 'random', {games = 1}) " ..
    "print(at_start, count(), table.concat(missing, ' '))"
  local out, err, code = run("-e " .. quote(chunk))
  eq(code, 0, "exit: " .. err)
  eq(out, "0\t" .. parts .. "\t\n", "no part at start; then every field found")
  out = run("-e " .. quote("local _ = mt.report " ..
    "local n = 0 for _ in pairs(debug.getregistry()['mutorere.parts']) do n = n + 1 end print(n)"))
  eq(out, "1\n", "mt.report runs report.lua alone")
  -- a C method that a part redefines (Game:record, with annotate) runs the
  -- part at its first call
  local record = "local g = mt.game() g:play('4-c') g:play('5-4') " ..
    "print((g:record{annotate = true}:gsub('%[Date [^\\n]*\\n', '')))"
  local plain = run("-e " .. quote(record))
  local loaded = run("-e " .. quote("local _ = mt.game().review " .. record))
  check(plain:find("{best}", 1, true), "annotated: " .. plain)
  eq(plain, loaded, "the same either way")
end)

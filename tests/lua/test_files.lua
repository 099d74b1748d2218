-- test_files.lua — the files the engine reads and writes, tried as an
-- attacker would: crafted solution tables (with the checksum recomputed by
-- a checksum of our own) refused or harmless to every consumer, headers
-- checked against the rules, a hooked variant's table tied to its hooks'
-- code, links planted at the temporary names and at the target never
-- followed, targets that are not files never replaced, FIFOs refused at
-- once wherever a file is read, paths with a zero byte refused wherever a
-- path is taken.

local mt = require "mutorere"

local files = dofile(HERE .. "/files.lua")
local read, write = files.read, files.write
local shell_quote, folder, remove_folder = files.shell_quote, files.folder, files.remove_folder

-- The names in a folder, sorted.
local function listing(dir)
  local p = io.popen("ls -A " .. shell_quote(dir))
  local names = {}
  for name in p:lines() do names[#names + 1] = name end
  p:close()
  return names
end

-- What is at path: "file", "directory", "link", "fifo", ... or nil.
local function kind(path)
  local p = io.popen("stat -c %F " .. shell_quote(path) .. " 2>/dev/null")
  local out = p:read("a")
  p:close()
  return ({["regular file"] = "file", ["regular empty file"] = "file", directory = "directory",
           ["symbolic link"] = "link", fifo = "fifo"})[out:gsub("\n", "")]
end

local function permissions(path)
  local p = io.popen("stat -c %a " .. shell_quote(path))
  local out = p:read("a"):gsub("\n", "")
  p:close()
  return out
end

-- This process's id (the old writer named its temporary files after it).
local function pid() return read("/proc/self/stat"):match("^(%d+)") end

-- Runs Lua code in a fresh program, stopped after 20 s if it hangs;
-- returns its output and whether it exited on its own.
local function run(code)
  local p = io.popen(string.format("timeout 20 %s -e %s 2>&1", shell_quote(PROGRAM),
                                   shell_quote(code)))
  local out = p:read("a")
  local _, _, status = p:close()
  return out, status ~= 124
end

-- --- crafted solution tables ---

-- The file's checksum as the format says (a second implementation): the
-- header's lines before it, then the table.
local function checksum(h, s)
  local i = 1
  while i + 7 <= #s do
    h = (h ~ string.unpack("<i8", s, i)) * 0x100000001b3
    h = h ~ (h >> 29)
    i = i + 8
  end
  for j = i, #s do h = (h ~ s:byte(j)) * 0x100000001b3 end
  return h
end

-- Splits a solution file into the checksummed header lines and the table.
local function split(text)
  local covered, tbl = text:match("^(.-\n)checksum %x+\n\n(.*)$")
  return covered, tbl
end

-- A solution file from header lines and a table, with the checksum that
-- makes it pass.
local function sealed(covered, tbl)
  local h = checksum(checksum(0xcbf29ce484222325, covered), tbl)
  return covered .. string.format("checksum %016x\n\n", h) .. tbl
end

test("our checksum is the format's: a file resealed unchanged is the same", function()
  local path = os.tmpname()
  os.remove(path)
  mt.solve({arms = 6, name = "seal"}, {file = path})
  local text = read(path)
  eq(sealed(split(text)), text, "resealed")
  os.remove(path)
end)

test("a crafted table is refused, or harmless to every consumer", function()
  local path = os.tmpname()
  os.remove(path)
  -- a parameter set of its own, solved in another program: here a file
  -- is read only while nothing of those parameters is solved
  local spec = {arms = 8, flank = 2, name = "crafted"}
  run(string.format("mt.solve({arms = 8, flank = 2}, {file = %q})", path))
  local covered, tbl = split(read(path))
  eq(#tbl, 64, "C(8, 4) + 11 slots, padded to 320 entries, five values a byte")
  -- every byte 255: 243 or more is not five values
  write(path, sealed(covered, string.rep("\255", #tbl)))
  raises(function() mt.solve(spec, {file = path}) end,
         "is damaged: byte 0 of its table is 255, which is not five values")
  -- random bytes
  local bytes, seed = {}, 5
  for i = 1, #tbl do
    seed = (seed * 1103515245 + 12345) % 2147483648
    bytes[i] = string.char(seed >> 16 & 255)
  end
  write(path, sealed(covered, table.concat(bytes)))
  raises(function() mt.solve(spec, {file = path}) end, "is damaged: byte ")
  -- the header: a swapped coding would swap the parity of every distance
  local swapped = covered:gsub("coding values%-wins%-odd", "coding values-wins-even")
  write(path, sealed(swapped, tbl))
  raises(function() mt.solve(spec, {file = path}) end,
         "does not fit the rules: its header's coding is not values-wins-odd")
  write(path, sealed(covered:gsub("\nhooks none\n", "\nhooks 0123456789abcdef\n"), tbl))
  raises(function() mt.solve(spec, {file = path}) end, "was solved with other hooks")
  -- every entry won: possible codes, so it loads, though no game gives
  -- it (a win needs a lost child): a distance is searched as far as a
  -- table can say, and every consumer copes
  write(path, sealed(covered, string.rep("\121", #tbl))) -- 1 + 3 + 9 + 27 + 81
  local s = mt.solve(spec, {file = path})
  eq({s:lookup("bbbbwwww/. w 2")}, {"win", 1003}, "lookup in the table")
  eq({s:lookup("bbbbwwww/. b 0")}, {"win", 1003}, "and two opening plies above it")
  local census = s:census()
  eq({census.wins + census.losses, census.draws}, {census.reachable, 0}, "census")
  check(census.longest <= 1004, "census: the longest")
  local m, decided = mt.metrics(spec), 0
  for _, counts in pairs(m.remoteness) do
    for d, n in pairs(counts) do
      decided = decided + n
      check(d <= 1004, "a distance as far as a table says")
    end
  end
  eq(decided, m.reachable.states - m.reachable.draws, "every decided state counted")
  check(mt.report(spec).start.distance <= 1004, "a report")
  local g = mt.game(spec)
  check(g:analyse().moves[1], "an analysis")
  check(mt.player("perfect"):choose(g), "a perfect player")
  os.remove(path)
end)

-- --- a hooked variant's table, tied to its hooks ---

local CENTRE_LEAVES = [[
return {
  name = "tied", base = "standard", arms = 8,
  allow = function(position, move)
    if position.centre == position.side then return move.from == "c" end
    return true
  end,
}]]

test("a hooked variant's table loads only for hooks of the same code", function()
  local dir = folder()
  local path, file = dir .. "/tied.mts", dir .. "/tied.lua"
  write(file, CENTRE_LEAVES)
  local a = mt.variant(file)
  local s = mt.solve(a, {file = path})
  local start = mt.position("bbbbwwww/. b")
  local value, distance = s:lookup(start)
  check(read(path):find("\nhooks %x+\n"), "the digest is in the header")
  -- the same code, compiled afresh: it loads (no solve)
  local again = mt.variant(load(CENTRE_LEAVES)())
  eq(mt.solve(again, {file = path}):info().seconds, 0, "loaded, not solved")
  -- and in a fresh program, from the variant's file
  local out = run(string.format("local s = mt.solve(%q, {file = %q}) print(s:info().seconds, s:lookup(%q))",
                                file, path, "bbbbwwww/. b"))
  eq(out, string.format("0.0\t%s\t%s\n", value, tostring(distance)), "fresh program")
  -- another rule under the same name: refused, and its own solve differs
  local other = {name = "tied", base = "standard", arms = 8,
                 allow = function(position, move) return position.ply > 0 or move.to ~= "c" end}
  raises(function() mt.solve(other, {file = path}) end,
         "was solved with other hooks (the code of this variant's hooks differs)")
  local own = {mt.solve(other):lookup(start)}
  check(own[1] ~= value or own[2] ~= distance, "the other rule's own answer differs")
  -- the same code with another value in its upvalue
  local function leaving(who)
    return {name = "tied", base = "standard", arms = 8,
            allow = function(position, move)
              if position.centre == who then return move.from == "c" end
              return true
            end}
  end
  os.remove(path)
  mt.solve(leaving("black"), {file = path})
  raises(function() mt.solve(leaving("white"), {file = path}) end, "was solved with other hooks")
  eq(mt.solve(leaving("black"), {file = path}):info().seconds, 0, "the same value loads")
  -- a hook whose code cannot be read: no file, before any solve
  os.remove(path)
  raises(function() mt.solve({name = "c", arms = 6, allow = rawequal}, {file = path}) end,
         "whose allow hook is a C function cannot be kept in a file")
  check(not kind(path), "nothing written")
  remove_folder(dir)
end)

-- --- writing: links, non-files, temporary files ---

test("g:save and mt.solve{file} never follow a planted link", function()
  local dir = folder()
  local victim, path = dir .. "/victim", dir .. "/out"
  write(victim, "precious")
  -- at the names the old writer used
  assert(os.execute(string.format("ln -s %s %s", shell_quote(victim), shell_quote(path .. ".tmp" .. pid()))))
  local g = mt.game()
  g:play("4-c")
  eq(g:save(path), true, "saved")
  check(read(path):find("1. 4-c", 1, true), "the record")
  os.remove(path)
  mt.solve({arms = 6, name = "six"}, {file = path})
  check(read(path):find("^mutorere solution"), "the table")
  eq(read(victim), "precious", "the link's target untouched")
  os.remove(path)
  os.remove(path .. ".tmp" .. pid())
  -- at the target itself: refused, whether it points to a file or nowhere
  assert(os.execute(string.format("ln -s %s %s", shell_quote(victim), shell_quote(path))))
  raises(function() g:save(path) end, "it is a symbolic link: name the file it points to")
  raises(function() mt.solve({arms = 10, name = "ten"}, {file = path}) end,
         "is not a solution file") -- read through the link, never written
  eq(read(victim), "precious", "untouched through the link")
  os.remove(victim)
  raises(function() g:save(path) end, "it is a symbolic link")
  raises(function() mt.solve({arms = 10, name = "ten"}, {file = path}) end,
         "cannot read the solution in " .. path .. ": No such file or directory")
  check(not kind(victim), "not created through the link")
  os.remove(path)
  eq(listing(dir), {}, "nothing left behind")
  remove_folder(dir)
end)

test("what is not a regular file is never replaced", function()
  local dir = folder()
  local fifo, sub = dir .. "/fifo", dir .. "/sub"
  assert(os.execute("mkfifo " .. shell_quote(fifo)))
  assert(os.execute("mkdir " .. shell_quote(sub)))
  -- in a fresh program, in case a FIFO is opened after all (it would wait)
  local out, finished = run(string.format([[
    local g = mt.game()
    for _, path in ipairs{%q, %q, %q} do
      print(select(2, pcall(g.save, g, path)))
      print(select(2, pcall(mt.solve, {arms = 6, name = 'x'}, {file = path})))
    end]], fifo, sub, sub .. "/"))
  check(finished, "returned at once")
  local lines = {}
  for line in out:gmatch("[^\n]+") do lines[#lines + 1] = line end
  check(lines[1] and lines[1]:find("cannot save the game to " .. fifo .. ": it is a FIFO, not a regular file", 1, true),
        "g:save to a FIFO: " .. tostring(lines[1]))
  check(lines[2] and lines[2]:find("cannot read the solution in " .. fifo .. ": it is a FIFO, not a regular file",
                                   1, true), "mt.solve{file = FIFO}: " .. tostring(lines[2]))
  check(lines[3] and lines[3]:find("it is a directory, not a regular file", 1, true), "g:save to a folder")
  check(lines[4] and lines[4]:find("it is a directory, not a regular file", 1, true), "mt.solve to a folder")
  check(lines[5] and lines[5]:find("it is a directory, not a regular file", 1, true), "a path ending in /")
  eq({kind(fifo), kind(sub)}, {"fifo", "directory"}, "both as they were")
  eq(listing(dir), {"fifo", "sub"}, "nothing left behind")
  eq(listing(sub), {}, "nothing in the folder either")
  remove_folder(dir)
end)

test("saving keeps a file's permissions and leaves no temporary file", function()
  local dir = folder()
  local path = dir .. "/game.mtr"
  local g = mt.game()
  g:save(path)
  os.execute("chmod 666 " .. shell_quote(path)) -- more than the umask lets a new file have
  g:play("4-c")
  g:save(path)
  eq(permissions(path), "666", "kept")
  check(read(path):find("4-c", 1, true), "replaced")
  eq(listing(dir), {"game.mtr"}, "one file")
  -- a failed write (a folder that is not there) leaves nothing either
  raises(function() g:save(dir .. "/none/game.mtr") end, "cannot save the game to")
  eq(listing(dir), {"game.mtr"}, "still one file")
  -- a solution that could not be saved is refused before a long solve
  local ok, err = mt.limit({time = 5}, mt.solve, {arms = 30, name = "long"}, {file = dir .. "/none/t.mts"})
  check(not ok and err:find("cannot save the solution to " .. dir .. "/none/t.mts: No such file", 1, true),
        "before the solve: " .. tostring(err))
  ok, err = mt.limit({time = 5}, mt.solve, {arms = 30, name = "long"}, {file = ""})
  check(not ok and err:find("cannot save the solution to : No such file", 1, true), "an empty path: " .. tostring(err))
  remove_folder(dir)
end)

-- --- reading: FIFOs refused at once, wherever a file is read ---

test("a FIFO given as any file to read is refused at once", function()
  local dir = folder()
  local fifo = dir .. "/fifo.lua"
  assert(os.execute("mkfifo " .. shell_quote(fifo)))
  assert(os.execute("mkdir " .. shell_quote(dir .. "/variants")))
  assert(os.execute("mkfifo " .. shell_quote(dir .. "/variants/piped.lua")))
  write(dir .. "/game.mtr", string.format('[VariantPath "fifo.lua"]\n\n*\n'))
  local out, finished = run(string.format([[
    local dir, fifo = %q, %q
    local function try(f, ...) print((select(2, mt.limit({time = 5}, f, ...)))) end
    try(mt.load, fifo)
    try(mt.solve, {arms = 6, name = 'x'}, {file = fifo})
    try(mt.variant, fifo)
    try(mt.load, dir .. '/game.mtr', {variant_path = true})
    try(mt.player, fifo)
    try(mt.puzzle.load, fifo)
    print(select(2, mt.sandbox(fifo)))
    mt.path = {dir}
    try(mt.variant, 'piped')]], dir, fifo))
  check(finished, "returned at once")
  local lines = {}
  for line in out:gmatch("[^\n]+") do lines[#lines + 1] = line end
  local want = {"cannot load " .. fifo .. ": it is a FIFO, not a regular file",
                "cannot read the solution in " .. fifo .. ": it is a FIFO",
                "cannot load variant: cannot open " .. fifo .. ": it is a FIFO",
                "the variant of VariantPath: cannot open " .. fifo .. ": it is a FIFO",
                "cannot load player: cannot open " .. fifo .. ": it is a FIFO",
                "cannot load puzzle: " .. fifo .. ": it is a FIFO",
                "cannot open " .. fifo .. ": it is a FIFO",
                "piped.lua: it is a FIFO, not a regular file"}
  for i, w in ipairs(want) do
    check(lines[i] and lines[i]:find(w, 1, true), string.format("case %d: %s", i, tostring(lines[i])))
  end
  remove_folder(dir)
end)

-- --- paths with a zero byte ---

test("a path with a zero byte is refused, never cut short", function()
  local dir = folder()
  local cut = dir .. "/a" -- what C would have made of the paths below
  local path = cut .. "\0b"
  local g = mt.game()
  raises(function() g:save(path) end, "bad argument #1 to 'save' (the path holds a zero byte)")
  raises(function() mt.load(path) end, "bad argument #1 to 'load' (the path holds a zero byte)")
  raises(function() mt.solve({arms = 6, name = "z"}, {file = path}) end,
         "file must be a path (a string without zero bytes)")
  write(cut, "return {name = 'cut'}")
  raises(function() mt.variant(path .. ".lua") end, "a variant's name or path holds a zero byte")
  raises(function() mt.scripts("variants\0x") end, "the path holds a zero byte")
  local ok, err = mt.sandbox(path)
  check(not ok and err:find("the path holds a zero byte", 1, true), "mt.sandbox: " .. tostring(err))
  raises(function() mt.player(path .. ".lua") end, "the player's name or path holds a zero byte")
  raises(function() mt.puzzle.load(path .. ".lua") end, "the puzzle's name or path holds a zero byte")
  local saved = mt.path
  mt.path = {dir .. "\0/elsewhere"}
  raises(function() mt.variant("nowhere") end, "mt.path must be a list of directories")
  mt.path = saved
  eq(read(cut), "return {name = 'cut'}", "the cut name untouched")
  os.remove(cut)
  eq(listing(dir), {}, "nothing written")
  remove_folder(dir)
end)

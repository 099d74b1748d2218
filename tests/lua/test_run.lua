-- test_run.lua — the harness itself (tests/lua/run.lua), run on files of
-- its own: what a file that skips, a check that fails and at_end make of
-- the run's count and its exit status (ctest reads 77 as skipped, any
-- other status but 0 as failed).

local dir = os.tmpname()
os.remove(dir)
assert(os.execute("mkdir " .. dir))

-- A word for sh: in single quotes.
local function quoted(word) return "'" .. word:gsub("'", "'\\''") .. "'" end

-- Writes the file name in the folder with text; returns its path.
local function file(name, text)
  local path = dir .. "/" .. name
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- Runs the harness on the files: its exit status, standard output and
-- standard error.
local function harness(...)
  local words = {}
  for _, path in ipairs({...}) do words[#words + 1] = quoted(path) end
  local out, err = dir .. "/out", dir .. "/err"
  local command = string.format("%s %s %s >%s 2>%s", quoted(PROGRAM), quoted(HERE .. "/run.lua"),
                                table.concat(words, " "), quoted(out), quoted(err))
  local _, _, status = os.execute(command)
  local function read(path)
    local f = io.open(path)
    local text = f and f:read("a") or ""
    if f then f:close() end
    return text
  end
  return status, read(out), read(err)
end

local SKIPS = file("skips.lua", 'skipped("no widget here")\nreturn\n')
local PASSES = file("passes.lua", 'test("one", function() check(true, "yes") end)\n')
local FAILS = file("fails.lua", 'test("one", function() check(false, "no") end)\n')

test("a run that counted nothing and skipped a file exits 77, saying why", function()
  local status, out, err = harness(SKIPS)
  eq(status, 77, "skipped")
  eq(out, "0 passed, 0 failed\n", "nothing counted")
  check(err:find("SKIP " .. SKIPS .. ": no widget here", 1, true), "why: " .. err)
end)

test("a skip after checks hides nothing: their pass or their failure decides", function()
  eq((harness(PASSES, SKIPS)), 0, "passed")
  eq((harness(SKIPS, PASSES)), 0, "passed, the skip first")
  eq((harness(FAILS, SKIPS)), 1, "failed")
  eq((harness(SKIPS, FAILS)), 1, "failed, the skip first")
  local status, out = harness()
  eq({status, out}, {1, "0 passed, 0 failed\n"}, "no file, no check: not a pass")
end)

test("at_end runs once the last file has run, and its failure fails the run", function()
  local mark = dir .. "/ended"
  local ends = file("ends.lua", string.format([[
at_end(function() local f = assert(io.open(%q, "a")) f:write("end\n") f:close() end)
test("registered", function() check(true, "") end)
]], mark))
  local looks = file("looks.lua", string.format([[
test("not yet ended", function() eq(io.open(%q), nil, "no mark before the end") end)
]], mark))
  local status, out, err = harness(ends, looks)
  eq({status, out}, {0, "2 passed, 0 failed\n"}, "passed: " .. err)
  local f = io.open(mark)
  eq(f and f:read("a"), "end\n", "at_end ran once, after both files")
  if f then f:close() end
  local broken = file("broken.lua", 'at_end(function() error("cannot end") end)\n' ..
                                    'test("one", function() check(true, "") end)\n')
  status, out, err = harness(broken)
  eq({status, out}, {1, "1 passed, 1 failed\n"}, "its error counted")
  check(err:find("the end of the run", 1, true) and err:find("cannot end", 1, true), "said: " .. err)
end)

at_end(function() os.execute("rm -rf " .. quoted(dir)) end)

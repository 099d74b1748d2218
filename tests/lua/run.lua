-- run.lua — runs one Lua test file with a small in-process harness and
-- prints "N passed, N failed"; the exit status is 0 only when all passed.
--   mutorere tests/lua/run.lua tests/lua/test_api.lua [more files]
-- Test files call test(name, fn) and, inside, the checks below.

local passed, failed = 0, 0
local current = "?"

-- The "file:line" of the test code that made a check.
local function where()
  for level = 3, 12 do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if info.short_src ~= debug.getinfo(1, "S").short_src and info.currentline > 0 then
      return info.short_src .. ":" .. info.currentline
    end
  end
  return "?"
end

local function record(ok, message)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write(string.format("FAIL %s [%s]: %s\n", where(), current, message))
  end
  return ok
end

-- Deep equality of plain values and tables.
local function same(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- A value as text for a failure message (tables to depth 3).
local function show(v, depth)
  depth = depth or 3
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth == 0 then return "{...}" end
  local parts = {}
  for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. "=" .. show(x, depth - 1) end
  table.sort(parts)
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- check(condition, message)
function check(ok, message) return record(ok and true or false, message or "check failed") end

-- eq(got, want, what): deep equality.
function eq(got, want, what)
  local ok = same(got, want)
  return record(ok, ok or string.format("%s: got %s, want %s",
    what or "value", show(got), show(want)))
end

-- raises(fn, pattern, what): fn() must raise an error whose message
-- contains pattern (a plain substring).  Returns the message.
function raises(fn, pattern, what)
  local ok, err = pcall(fn)
  if ok then
    record(false, (what or "call") .. ": no error, want one with '" .. pattern .. "'")
    return nil
  end
  err = tostring(err)
  record(err:find(pattern, 1, true) ~= nil,
         string.format("%s: error %q lacks %q", what or "call", err, pattern))
  return err
end

-- Whether name holds one of the texts of list, plain texts between "|".
local function named(name, list)
  for text in list:gmatch("[^|]+") do
    if name:find(text, 1, true) then return true end
  end
  return false
end

-- test(name, fn): runs one test; an error inside counts as a failure.
-- TEST_ONLY=texts in the environment runs only the tests whose name has
-- one of the texts (plain, between "|"), TEST_SKIP=texts all the others;
-- TEST_TIMES=1 prints each test's CPU and wall seconds.
-- (TEST_APART=name: this process runs that test alone, for test_apart)
function test(name, fn)
  local only, skip = os.getenv("TEST_ONLY") or "", os.getenv("TEST_SKIP") or ""
  if only ~= "" and not named(name, only) then return end
  if skip ~= "" and named(name, skip) then return end
  local alone = os.getenv("TEST_APART")
  if alone and alone ~= name then return end
  current = name
  -- (the wall clock: mt.clock where the program made mt global, else whole seconds)
  local clock = rawget(_G, "mt") and mt.clock or os.time
  local start, wall = os.clock(), clock()
  local ok, err = xpcall(fn, debug.traceback)
  if not ok then record(false, "error: " .. tostring(err)) end
  if os.getenv("TEST_TIMES") then
    io.stderr:write(string.format("%7.2f s cpu %7.2f s wall  %s\n", os.clock() - start,
                                  clock() - wall, name))
  end
end

-- The directory of this harness, the build directory and the program,
-- for tests that run things; RUN_ID, a word naming this run (the same in
-- the processes of test_apart), for what the tests start to be found by.
HERE = arg[0]:match("^(.*)/[^/]*$") or "."
PROGRAM = os.getenv("MUTORERE_PROGRAM") or "mutorere"
RUN_ID = os.getenv("TEST_RUN_ID") or string.format("%d-%d", os.time(), math.random(1 << 30))

local running_file -- the test file being run
local apart = {} -- the tests running in processes of their own: {name, pipe, output}
local APART_MAX = 4 -- of them at once (more would only wait on the cores)

-- A word for sh: in single quotes.
local function quoted(word) return "'" .. word:gsub("'", "'\\''") .. "'" end

-- Waits for test t, running apart, and counts its checks as ours (its
-- failures and times passed on to standard error).
local function collect(t)
  local status = t.pipe:read("a")
  t.pipe:close()
  local f = io.open(t.output)
  local text = f and f:read("a") or ""
  if f then f:close() end
  os.remove(t.output)
  local head, ok, bad = text:match("^(.-)(%d+) passed, (%d+) failed%s*$")
  io.stderr:write(head or text)
  current = t.name
  if ok then
    passed, failed = passed + tonumber(ok), failed + tonumber(bad)
  end
  if not ok or (tonumber(bad) == 0 and tonumber(status) ~= 0) then
    record(false, "its process ended with status " .. status:gsub("%s+$", "") .. ": " .. text)
  end
end

-- Whether test t, running apart, has ended (written its count).
local function ended(t)
  local f = io.open(t.output)
  local text = f and f:read("a") or ""
  if f then f:close() end
  return text:find("%d+ passed, %d+ failed%s*$") ~= nil
end

-- Waits for the tests running apart until at most most run (0 when
-- nil): those ended first, else the oldest.
local function collect_apart(most)
  while #apart > (most or 0) do
    local k = 1
    for i, t in ipairs(apart) do
      if ended(t) then k = i break end
    end
    collect(table.remove(apart, k))
  end
end

-- test_apart(name, fn): as test, but the test runs in a process of its
-- own (the program running this file again, that test alone), started at
-- once (at most APART_MAX at a time) and collected once the file has run:
-- tests that wait on clocks (or on outside processes) wait side by side
-- and beside the others.
-- Only in files run by the program (MUTORERE_PROGRAM).
function test_apart(name, fn)
  if os.getenv("TEST_APART") then return test(name, fn) end
  local only, skip = os.getenv("TEST_ONLY") or "", os.getenv("TEST_SKIP") or ""
  if only ~= "" and not named(name, only) then return end
  if skip ~= "" and named(name, skip) then return end
  collect_apart(APART_MAX - 1)
  local output = os.tmpname()
  local pipe = io.popen(string.format("TEST_APART=%s TEST_RUN_ID=%s %s %s %s >%s 2>&1; echo $?",
                                      quoted(name), quoted(RUN_ID), quoted(PROGRAM),
                                      quoted(arg[0]), quoted(running_file), quoted(output)))
  apart[#apart + 1] = {name = name, pipe = pipe, output = output}
end

-- skipped(reason): the file being run skips its tests (what they need
-- is missing: said on standard error, and the file returns); a run that
-- counted no check and skipped a file exits with 77, which ctest counts
-- as skipped (so that a file skipped after others ran hides nothing).
local skips = 0
function skipped(reason)
  io.stderr:write("SKIP " .. tostring(running_file) .. ": " .. reason .. "\n")
  skips = skips + 1
end

-- at_end(fn): fn is called once the last file has run (what the files
-- of one run share, such as one browser, is ended there).
local ends = {}
function at_end(fn) ends[#ends + 1] = fn end

for i = 1, #arg do
  local chunk, err = loadfile(arg[i])
  if not chunk then
    record(false, "cannot load " .. arg[i] .. ": " .. err)
  else
    current, running_file = arg[i], arg[i]
    local ok, e = xpcall(chunk, debug.traceback)
    if not ok then record(false, "error: " .. tostring(e)) end
    collect_apart()
  end
end

for _, fn in ipairs(ends) do
  current = "the end of the run"
  local ok, e = xpcall(fn, debug.traceback)
  if not ok then record(false, "error: " .. tostring(e)) end
end

print(string.format("%d passed, %d failed", passed, failed))
if passed + failed == 0 and skips > 0 then os.exit(77) end
os.exit(failed == 0 and passed > 0)

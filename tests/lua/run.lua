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
-- one of the texts (plain, between "|"), TEST_SKIP=texts all the others
-- (so that ctest runs one file as two tests, one part each:
-- tests/CMakeLists.txt); TEST_TIMES=1 prints each test's CPU and wall
-- seconds.
function test(name, fn)
  local only, skip = os.getenv("TEST_ONLY") or "", os.getenv("TEST_SKIP") or ""
  if only ~= "" and not named(name, only) then return end
  if skip ~= "" and named(name, skip) then return end
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
-- for tests that run things.
HERE = arg[0]:match("^(.*)/[^/]*$") or "."
PROGRAM = os.getenv("MUTORERE_PROGRAM") or "mutorere"

for i = 1, #arg do
  local chunk, err = loadfile(arg[i])
  if not chunk then
    record(false, "cannot load " .. arg[i] .. ": " .. err)
  else
    current = arg[i]
    local ok, e = xpcall(chunk, debug.traceback)
    if not ok then record(false, "error: " .. tostring(e)) end
  end
end

print(string.format("%d passed, %d failed", passed, failed))
os.exit(failed == 0 and passed > 0)

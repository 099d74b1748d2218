-- browsers.lua — what the browser tests share (dofile(HERE ..
-- "/browsers.lua")): quoting for the shell, finding a program, and one
-- browser for the files of a run.  Loaded once a process: the files run
-- together (run.lua's arguments) get the same table, and so the same
-- browser.
if package.loaded["tests.browsers"] then return package.loaded["tests.browsers"] end
local M = {}
package.loaded["tests.browsers"] = M

-- s quoted for the shell.
function M.quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- The first of names for which the shell command check (a format, %s the
-- quoted name) succeeds; when none does, the test is skipped: exit 77
-- after "SKIP test: missing".
function M.first(names, check, test, missing)
  for _, name in ipairs(names) do
    if os.execute(string.format(check, M.quote(name)) .. " >/dev/null 2>&1") then return name end
  end
  io.stderr:write("SKIP " .. test .. ": " .. missing .. "\n")
  os.exit(77)
end

-- Writes text to path; returns the path.
function M.write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- The answers of the browser (the FIFO from) to the commands up to a
-- sync: the results of the js and axe commands, the log lines, and the
-- error line, if any (dir: the session's folder, where its log is).
function M.answers(from, dir)
  local results, logs, failure = {}, {}, nil
  while true do
    local line = from:read("l")
    if not line or line == "done" then
      if not line then failure = "the browser ended: see " .. dir .. "/browser.log" end
      break
    end
    local n = line:match("^result (%d+)$")
    if n then
      results[#results + 1] = from:read(tonumber(n))
      from:read("l")
    elseif line:match("^log ") then
      logs[#logs + 1] = line
    elseif line:match("^error ") then
      failure = line
    end
  end
  return results, logs, failure
end

local shared -- M.session's answers, once made

-- A new session as M.session gives it, ended at the end of the run.
local function start_session(here, test)
  local python = M.first({"/usr/bin/python3", "python3"}, "%s -c 'import json, select'", test,
    "python3 is not installed (apt-get install python3 chromium)")
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. M.quote(dir))
  local to, from, steps
  local function start()
    local cin, cout = dir .. "/in", dir .. "/out"
    assert(os.execute(string.format("mkfifo %s %s", M.quote(cin), M.quote(cout))))
    os.execute(string.format("%s %s %s %s >%s 2>&1 &", python, M.quote(here .. "/browser.py"),
                             M.quote(cin), M.quote(cout), M.quote(dir .. "/browser.log")))
    to, from, steps = assert(io.open(cin, "w")), assert(io.open(cout, "r")), 0
    local first = from:read("l") or "skip the browser ended at once: " .. dir .. "/browser.log"
    if first ~= "ready" then
      io.stderr:write("SKIP " .. test .. ": " .. first:gsub("^skip ", "") .. "\n")
      os.exit(77)
    end
  end
  local function send(commands)
    if not to then start() end
    for _, c in ipairs(commands) do
      local line = c
      if type(c) == "table" then
        local word, code = next(c)
        if word == "axe" then
          line = "axe " .. M.axe_path() .. (type(code) == "table" and " " .. table.concat(code, " ") or "")
        else
          steps = steps + 1
          line = word .. " " .. M.write(string.format("%s/step%d.js", dir, steps), code)
        end
      end
      to:write(line, "\n")
    end
    to:write("sync\n")
    to:flush()
    return function() return M.answers(from, dir) end
  end
  local function browse(commands) return send(commands)() end
  at_end(function()
    if to then
      to:close()
      from:read("a") -- the browser has quit when its end of the FIFO closes
      from:close()
    end
    os.execute("rm -rf " .. M.quote(dir))
  end)
  return browse, dir, send
end

-- M.session(here, test): one headless Chromium for the whole run of the
-- test files (browser.py, through two FIFOs in a folder of its own; the
-- same for every file of the run: started at the first call of a
-- function returned, ended at the end of the run, run.lua's at_end):
-- browse(commands) runs the
-- commands (lines; {js = code}, {wait = code}, {clickjs = code}, {keysjs
-- = code}, {axe = true} or {axe = {rule, ...}} (those rules only),
-- {["while"] = code} become files or lines) and returns the
-- results of the js and axe commands, the console's log lines, and the
-- error line, if any.  A machine without the browser or Python skips
-- the test (exit 77, with the reason).  Also returns the folder, for the
-- pages (each file names its own), and send(commands): sends them and
-- returns at once a function that waits for their results (as browse
-- returns them), for Lua to work meanwhile; the functions of several
-- sends are called in the order of the sends.
function M.session(here, test)
  if not shared then shared = {start_session(here, test)} end
  return table.unpack(shared)
end

-- M.axe_path(): the file axe.min.js of axe-core: $MUTORERE_AXE (the
-- file or its folder), else .cache/axe/node_modules/axe-core under the
-- working folder (where .ci/run puts it: npm install --prefix .cache/axe
-- axe-core), else axe/node_modules/axe-core in the program's folder; or
-- nil and how to install it.
function M.axe_path()
  local program = os.getenv("MUTORERE_PROGRAM") or ""
  local candidates = {}
  local env = os.getenv("MUTORERE_AXE")
  if env and env ~= "" then
    candidates[#candidates + 1] = env
    candidates[#candidates + 1] = env .. "/axe.min.js"
    candidates[#candidates + 1] = env .. "/node_modules/axe-core/axe.min.js"
  end
  candidates[#candidates + 1] = ".cache/axe/node_modules/axe-core/axe.min.js"
  candidates[#candidates + 1] = (program:match("^(.*)/[^/]*$") or ".") .. "/axe/node_modules/axe-core/axe.min.js"
  for _, path in ipairs(candidates) do
    local f = io.open(path, "r")
    if f and f:read(1) then
      f:close()
      return path
    end
    if f then f:close() end
  end
  return nil, "axe-core is not installed (npm install --prefix .cache/axe axe-core, or set MUTORERE_AXE " ..
              "to its axe.min.js)"
end

return M

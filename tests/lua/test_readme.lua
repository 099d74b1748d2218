-- test_readme.lua — the REPL transcripts of README.md and of the guides
-- in doc/ are what the REPL prints: every ``` block with "> " lines is fed
-- to the program (in a folder of its own, for the files they write), and
-- what follows each input line must be its output (times of day aside).
-- The README stays a door: short, its links to the guides alive.

local function read(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

-- The code blocks of a Markdown text: the lines between ``` fences.
local function blocks(text)
  local found, current = {}, nil
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^```") then
      if current then
        found[#found + 1] = current
        current = nil
      else
        current = {}
      end
    elseif current then
      current[#current + 1] = line
    end
  end
  return found
end

-- The transcripts of the README: lists of {input, expected output}.
local function transcripts(text)
  local found = {}
  for _, lines in ipairs(blocks(text)) do
    local steps, step = {}, nil
    for _, line in ipairs(lines) do
      local input = line:match("^> (.*)$")
      if input then
        step = {input = input, output = {}}
        steps[#steps + 1] = step
      elseif step then
        step.output[#step.output + 1] = line
      end
    end
    if #steps > 0 then found[#found + 1] = steps end
  end
  return found
end

-- Text with its timings made alike.
local function untimed(s) return (s:gsub("%d+%.%d+ s", "T s")) end

-- The documents whose transcripts are replayed: the README and doc/*.md.
local function documents()
  local found = {"README.md"}
  local p = assert(io.popen("ls doc/*.md"))
  for path in p:lines() do found[#found + 1] = path end
  p:close()
  return found
end

-- Replays one transcript (a list of steps) in a folder of its own; checks
-- that the REPL printed what it shows.
local function replay(steps, name)
  local input, want = {}, {}
  for _, step in ipairs(steps) do
    input[#input + 1] = step.input
    for _, line in ipairs(step.output) do want[#want + 1] = line end
  end
  local path, out = os.tmpname(), os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(table.concat(input, "\n"), "\n")
  f:close()
  local dir = os.tmpname() -- the transcripts run in a folder of their own
  os.remove(dir)
  local ok = os.execute(string.format(
    "mkdir '%s' && cd '%s' && NO_COLOR=1 MUTORERE_PATH= '%s' < '%s' > '%s' 2>&1",
    dir, dir, PROGRAM, path, out))
  os.execute(string.format("rm -rf '%s'", dir))
  local got = read(out)
  os.remove(path)
  os.remove(out)
  check(ok, name .. " runs")
  eq(untimed(got), untimed(table.concat(want, "\n") .. "\n"), name)
end

test("the transcripts of the README and the guides are what the REPL prints", function()
  local total = 0
  for _, doc in ipairs(documents()) do
    for n, steps in ipairs(transcripts(read(doc))) do
      replay(steps, doc .. ", transcript " .. n)
      total = total + 1
    end
  end
  check(#transcripts(read("README.md")) >= 5, "the README shows sessions")
  check(total >= 14, "transcripts found: " .. total)
end)

test("the README is a door: short, and its guides are there", function()
  local text = read("README.md")
  local _, lines = text:gsub("\n", "")
  check(lines <= 450, "README.md has " .. lines .. " lines (at most 450)")
  local linked = 0
  for path in text:gmatch("%]%(([%w_./-]+%.md)[#%w-]*%)") do
    check(io.open(path) ~= nil, "the README links to " .. path .. ", which is not there")
    linked = linked + 1
  end
  for _, doc in ipairs(documents()) do
    if doc ~= "README.md" and doc ~= "doc/solve-table.md" then
      check(text:find("(" .. doc .. ")", 1, true), "the README links to " .. doc)
    end
  end
  check(linked >= 8, "links found: " .. linked)
  for _, marker in ipairs({"<!-- quick-start -->\n```sh\n", "<!-- test-command -->\n```sh\n"}) do
    check(text:find(marker, 1, true), "the README keeps " .. marker)
  end
end)

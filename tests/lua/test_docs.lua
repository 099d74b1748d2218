-- test_docs.lua — the examples of README.md and of every doc/*.md are what
-- the program does, so that the docs cannot drift from it.  Every code
-- block (between ``` fences) that shows a result is run and compared:
--
--   - a REPL transcript (lines "> input", each followed by its output) is
--     fed to the program on a pipe, in a folder of its own, and must print
--     what it shows (times of the form "0.003 s" aside);
--   - a shell transcript ("$ COMMAND" that runs build/mutorere, then the
--     output, "..." in a line where it varies) is run with the program
--     built here, and must print what it shows;
--   - a Lua block with `-->` comments ("expr  --> value", or a line
--     "--> value" after an expression of its own) is run as a script, in a
--     folder of its own, and each expression must give what the comment
--     promises (tests/lua/docmatch.lua says how a promise reads: rounded
--     figures, "..." for what may vary).
--
-- Every ```lua block must also compile, and one that is neither run nor a
-- transcript shows no result: it may not print (what it prints would be a
-- result the reader never sees: give it as `-->` promises, which run, or
-- as a transcript).  A block that shows a file of the repository says so
-- on the line before its fence,
--
--   <!-- listing: scripts/variants/tired-piece.lua -->
--
-- and its code is that file's (its lines in the file's order, some left
-- out when abridged; comments aside).  An example that cannot be run
-- here (it needs a terminal, or takes minutes) opts out with the line
--
--   <!-- not run: the reason -->
--
-- just before its opening fence; the test lists every opt-out with its
-- reason, and fails on one without a reason.  Keep them rare.
--
-- The README also stays a door: short, its links to the guides alive.

local files = dofile(HERE .. "/files.lua")
-- The root of the source tree, as an absolute path (the blocks run
-- elsewhere).
local ROOT = assert(io.popen("cd " .. files.shell_quote(HERE .. "/../..") .. " && pwd")):read("l")
local docmatch = dofile(HERE .. "/docmatch.lua")
local read, write, quote = files.read, files.write, files.shell_quote

-- The documents: the README and doc/*.md.
local function documents()
  local found = {"README.md"}
  local p = assert(io.popen("ls doc/*.md"))
  for path in p:lines() do found[#found + 1] = path end
  p:close()
  return found
end

-- The code blocks of a Markdown text: {lang, lines, line (of the first
-- line inside), skip (the reason of a "not run" comment), listing (the
-- file a "listing" comment names)}.
local function blocks(text)
  local found, current, previous, n = {}, nil, "", 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local lang = line:match("^```(%w*)")
    if lang and current then
      found[#found + 1] = current
      current = nil
    elseif lang then
      current = {lang = lang, lines = {}, line = n + 1,
                 skip = previous:match("^<!%-%- not run:%s*(.-)%s*%-%->$"),
                 listing = previous:match("^<!%-%- listing:%s*(%S+)%s*%-%->$")}
    elseif current then
      current.lines[#current.lines + 1] = line
    end
    if line:match("%S") then previous = line end
  end
  return found
end

-- What a block shows: "repl", "shell", "lua" (with `-->`) or nil.
local function kind(b)
  local arrows = false
  for _, line in ipairs(b.lines) do
    if line:match("^> ") then return "repl" end
    if line:find("-->", 1, true) then arrows = true end
  end
  if b.lines[1] and b.lines[1]:match("^%$ ") then return "shell" end
  if arrows and (b.lang == "lua" or b.lang == "") then return "lua" end
  return nil
end

-- A line of Lua without its trailing comment and spaces ("" for a
-- comment or a blank line).
local function code_of(line) return (line:gsub("%s*%-%-.*$", ""):gsub("%s+$", "")) end

-- Why the block b (at where) is not the listing of its file, or nil: each
-- line of code of the block must be a line of the file, in the file's
-- order (comments aside).
local function not_listing(b, where)
  local f = io.open(b.listing)
  if not f then return where .. ": the listing's file " .. b.listing .. " is not there" end
  local file = {}
  for line in f:lines() do
    if code_of(line) ~= "" then file[#file + 1] = code_of(line) end
  end
  f:close()
  local at = 1
  for i, line in ipairs(b.lines) do
    local code = code_of(line)
    if code ~= "" then
      while file[at] and file[at] ~= code do at = at + 1 end
      if not file[at] then
        return string.format("%s:%d: not in %s (or not in its order): %s", where:match("^[^:]+"),
                             b.line + i - 1, b.listing, line)
      end
      at = at + 1
    end
  end
end

-- Why the block b (at where), compiled but neither run nor a transcript,
-- may not stand so, or nil: it prints a result the reader never sees.
local function unseen(b, where)
  if table.concat(b.lines, "\n"):find("print(", 1, true) then
    return where .. ": it prints what it never shows: give its results as `-->` promises (they " ..
           "run) or as a transcript"
  end
end

-- Text with its timings made alike.
local function untimed(s) return (s:gsub("%d+%.%d+ s", "T s")) end

-- Runs the shell command (in a fresh folder, colours off, the search path
-- only the program's own scripts); returns its output and whether it
-- succeeded.
local function run_in_folder(command)
  local dir = files.folder()
  local p = assert(io.popen(string.format("cd %s && NO_COLOR=1 MUTORERE_PATH= %s 2>&1",
                                          quote(dir), command)))
  local out = p:read("a")
  local ok = p:close()
  return out, ok, dir
end

-- A REPL transcript: its input lines and the output they must give.
local function replay(b, where)
  local input, want, started = {}, {}, false
  for _, line in ipairs(b.lines) do
    local typed = line:match("^> (.*)$")
    if typed then
      started = true
      input[#input + 1] = typed
    elseif started then
      want[#want + 1] = line
    end
  end
  local path = os.tmpname()
  write(path, table.concat(input, "\n") .. "\n")
  local out, ok, dir = run_in_folder(quote(PROGRAM) .. " < " .. quote(path))
  files.remove_folder(dir)
  os.remove(path)
  check(ok, where .. ": the transcript runs without an error")
  eq(untimed(out), untimed(table.concat(want, "\n") .. "\n"), where)
end

-- A shell transcript: "$ COMMAND" (which runs build/mutorere) and its
-- output, a line of which may hold "..." where the output varies (times).
local function shell(b, where)
  local command = b.lines[1]:sub(3)
  if not check(command:find("build/mutorere", 1, true), where .. ": only commands that run " ..
               "the program are run here: " .. command) then return end
  local out, _, dir = run_in_folder((command:gsub("build/mutorere", (quote(PROGRAM):gsub("%%", "%%%%")))))
  files.remove_folder(dir)
  local got = {}
  for line in out:gmatch("([^\n]*)\n") do got[#got + 1] = line end
  local want = table.move(b.lines, 2, #b.lines, 1, {})
  local same = #got == #want
  for i = 1, #want do
    same = same and docmatch.string_fits(got[i] or "", want[i])
  end
  check(same, where .. ": got\n" .. out .. "want\n" .. table.concat(want, "\n"))
end

-- What the script of a Lua block starts with: __show(k, f) writes the
-- results of f (or its error) as R[k] = {...} to the file RESULTS.
local PRELUDE = [[
local __out = assert(io.open(RESULTS, "w"))
local function __ser(v, depth, seen)
  local t = type(v)
  if t == "string" then return string.format("%q", v) end
  if t == "number" then
    if v ~= v then return "0/0" end
    if v == math.huge then return "1/0" elseif v == -math.huge then return "-1/0" end
    return math.type(v) == "integer" and string.format("%d", v) or string.format("%.17g", v)
  end
  if t == "nil" or t == "boolean" then return tostring(v) end
  if t == "userdata" then return "{__ud = " .. string.format("%q", tostring(v)) .. "}" end
  if t ~= "table" or depth > 8 or seen[v] then return "{__ud = " .. string.format("%q", t) .. "}" end
  seen[v] = true
  local parts = {}
  for k, x in pairs(v) do
    parts[#parts + 1] = "[" .. __ser(k, depth + 1, seen) .. "] = " .. __ser(x, depth + 1, seen)
  end
  seen[v] = nil
  return "{" .. table.concat(parts, ", ") .. "}"
end
function __show(k, f)
  local r = table.pack(pcall(f))
  if r[1] then
    local parts = {}
    for i = 2, r.n do parts[#parts + 1] = "[" .. (i - 1) .. "] = " .. __ser(r[i], 0, {}) end
    __out:write("R[", k, "] = {n = ", r.n - 1, ", values = {", table.concat(parts, ", "), "}}\n")
  else
    __out:write("R[", k, "] = {error = ", string.format("%q", tostring(r[2])), "}\n")
  end
  __out:flush()
end
]]

-- The script of a Lua block, and its checks ({line, code, promise}).
local function translate(b)
  local out, pending, checks = {PRELUDE}, {}, {}
  for i, line in ipairs(b.lines) do
    local alone = line:match("^%s*%-%->%s*(.*)$")
    local code, promise = line:match("^(.-)%s*%-%->%s*(.*)$")
    if alone then code, promise = "", alone end
    if promise then
      pending[#pending + 1] = code
      checks[#checks + 1] = {line = b.line + i - 1, code = table.concat(pending, "\n"),
                             promise = promise}
      out[#out + 1] = string.format("__show(%d, function() return %s\nend)", #checks,
                                    checks[#checks].code)
      pending = {}
    else
      pending[#pending + 1] = line
      local next_line = b.lines[i + 1] or ""
      -- a statement is complete when it compiles, unless the next line
      -- is the promise of its value
      if not next_line:match("^%s*%-%->") and load(table.concat(pending, "\n")) then
        out[#out + 1] = table.concat(pending, "\n")
        pending = {}
      end
    end
  end
  out[#out + 1] = table.concat(pending, "\n")
  return table.concat(out, "\n"), checks
end

-- A Lua block with `-->` promises.
local function promises(b, where)
  local script, checks = translate(b)
  -- the paths a guide names from the root of the source and build trees,
  -- as from the folder the block runs in
  script = script:gsub("build/mutorere", (PROGRAM:gsub("%%", "%%%%")))
                 :gsub("tests/engines/", (ROOT:gsub("%%", "%%%%")) .. "/tests/engines/")
  local path, results = os.tmpname(), os.tmpname()
  write(path, script)
  local out, ok, dir = run_in_folder(string.format("%s -e %s %s", quote(PROGRAM),
                                                   quote("RESULTS = " .. string.format("%q", results)),
                                                   quote(path)))
  files.remove_folder(dir)
  os.remove(path)
  check(ok, where .. ": the block runs without an error: " .. out)
  local R = {}
  local chunk = load(read(results), "=results", "t", {R = R})
  os.remove(results)
  if chunk then chunk() end
  for k, c in ipairs(checks) do
    local at = where:match("^[^:]+") .. ":" .. c.line .. ": " .. c.code:gsub("%s+", " ")
    local want, why = docmatch.parse(c.promise)
    if check(want, at .. ": " .. tostring(why)) then
      local got = R[k]
      if not got then
        check(false, at .. ": never ran")
      elseif got.error then
        check(false, at .. ": " .. got.error)
      else
        local fits, reason = docmatch.fits(got.values, got.n, want)
        check(fits, at .. ": " .. tostring(reason) .. " (promised " .. c.promise .. ")")
      end
    end
  end
  return #checks
end

-- Every example of every document, run and compared.
local counts = {repl = 0, shell = 0, lua = 0, promises = 0, compiled = 0, listings = 0}
local skipped = {}
for _, doc in ipairs(documents()) do
  for _, b in ipairs(blocks(read(doc))) do
    local where = doc .. ":" .. b.line
    local k = kind(b)
    if b.lang == "lua" and not b.skip and k ~= "lua" then -- those with promises run
      local source = table.concat(b.lines, "\n")
      local _, err = load(source, "=" .. where)
      test(where .. " compiles", function() check(_ ~= nil, tostring(err)) end)
      counts.compiled = counts.compiled + 1
      if b.listing then
        counts.listings = counts.listings + 1
        test(where .. " is the listing of " .. b.listing, function()
          local why = not_listing(b, where)
          check(not why, tostring(why))
        end)
      else
        test(where .. " shows no result it does not run", function()
          local why = unseen(b, where)
          check(not why, tostring(why))
        end)
      end
    end
    if b.skip then
      skipped[#skipped + 1] = where .. " (" .. b.skip .. ")"
      test(where .. " says why it is not run", function()
        check(b.skip:match("%a"), where .. ": an opt-out needs its reason")
      end)
    elseif k then
      counts[k] = counts[k] + 1
      test(where .. ": the " .. k .. " example", function()
        if k == "repl" then replay(b, where)
        elseif k == "shell" then shell(b, where)
        else counts.promises = counts.promises + promises(b, where) end
      end)
    end
  end
end
io.stderr:write(string.format("docs: %d REPL transcripts, %d shell transcripts, %d Lua blocks " ..
                              "with %d promises, %d Lua blocks compiled (%d of them listings); " ..
                              "not run: %s\n",
                              counts.repl, counts.shell, counts.lua, counts.promises,
                              counts.compiled, counts.listings, #skipped == 0 and "none"
                              or table.concat(skipped, "; ")))

test("the docs show examples, and they are found", function()
  check(counts.repl >= 14, "REPL transcripts found: " .. counts.repl)
  check(counts.shell >= 2, "shell transcripts found: " .. counts.shell)
  check(counts.promises >= 30, "promises found: " .. counts.promises)
  check(#skipped <= 3, "opt-outs stay rare: " .. table.concat(skipped, "; "))
  check(counts.listings >= 6, "listings found: " .. counts.listings)
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

test("every table of the docs renders: a header, a separator, rows", function()
  for _, doc in ipairs(documents()) do
    local n, run, fenced, before = 0, 0, false, ""
    for line in (read(doc) .. "\n"):gmatch("([^\n]*)\n") do
      n = n + 1
      if line:match("^```") then fenced = not fenced end
      if not fenced and line:match("^|") then
        run = run + 1
        if run == 1 then
          check(before == "", doc .. ":" .. n .. ": a table needs a blank line before it " ..
                "(else its rows are read as the paragraph's text)")
        elseif run == 2 then
          check(line:match("^|[%s:%-|]+|%s*$"), doc .. ":" .. n .. ": a table's second line " ..
                "is its separator (| --- |)")
        end
      else
        run = 0
      end
      before = line
    end
  end
end)

test("a block that prints unseen, and a listing that is not its file's, are told", function()
  local function block(lines, path) return {lang = "lua", lines = lines, line = 10, listing = path} end
  check(unseen(block({"local m = mt.match('random', 'random')", "print(m)"}), "x.md:10"), "a print")
  eq(unseen(block({"local m = mt.match('random', 'random')"}), "x.md:10"), nil, "no print")
  local path = "scripts/variants/centre-must-leave.lua"
  eq(not_listing(block({"return {", "  name = \"centre-must-leave\",  -- its name", "}"}, path), "x.md:10"),
     nil, "an abridged listing, a comment added")
  eq(not_listing(block({"return {", "  base = \"standard\",", "  name = \"centre-must-leave\","}, path), "x.md:10"),
     "x.md:12: not in " .. path .. " (or not in its order):   name = \"centre-must-leave\",", "out of order")
  check(not_listing(block({"return {", "  base = \"misere\","}, path), "x.md:10"), "a line of another file")
  check(not_listing(block({"x"}, "scripts/nonesuch.lua"), "x.md:10"):find("is not there", 1, true), "no file")
end)

test("a promise reads as the docs write it, and holds only when kept", function()
  local p = assert(docmatch.parse('{"a", ..., "z"}, 0.57, 0.98..., "no ...", inf, nil'))
  check(docmatch.fits({{"a", "m", "z"}, 0.5714, 0.98857, "no way", math.huge}, 5, p), "kept")
  check(not docmatch.fits({{"a", "m", "y"}, 0.5714, 0.98857, "no way", math.huge}, 5, p), "end")
  check(not docmatch.fits({{"a", "z"}, 0.5649, 0.98857, "no way", math.huge}, 5, p), "rounded")
  check(not docmatch.fits({{"a", "z"}, 0.5714, 0.9799, "no way", math.huge}, 5, p), "cut")
  check(not docmatch.fits({{"a", "z"}, 0.5714, 0.98857, "yes", math.huge}, 5, p), "prefix")
  check(not docmatch.fits({{"a", "z"}, 0.5714, 0.98857, "no", 1, "x"}, 6, p), "one too many")
  local t = assert(docmatch.parse('{x = 1, ["1-c"] = {...}, y = ...}'))
  check(docmatch.fits({{x = 1, ["1-c"] = {}, y = 5}}, 1, t), "fields kept")
  check(not docmatch.fits({{x = 1, ["1-c"] = {}, y = 5, z = 0}}, 1, t), "a field not promised")
  check(not docmatch.fits({{x = 2, ["1-c"] = {}}}, 1, t), "a field's value")
  check(docmatch.fits({{__ud = "1-c"}}, 1, assert(docmatch.parse('"1-c"'))), "a Move as text")
  check(docmatch.fits({128}, 1, assert(docmatch.parse("128"))), "whole numbers")
  check(not docmatch.fits({128.4}, 1, assert(docmatch.parse("128"))), "are exact")
  check(not docmatch.parse("{1, 2"), "a promise that does not read is refused")
end)

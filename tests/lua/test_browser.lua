-- test_browser.lua — mt.html in a real headless Chromium: the page loads
-- without script errors, and stepping (buttons, keys, #N links, moves)
-- shows the right positions; one Chromium for the run, driven through
-- its DevTools protocol (browser.py).  Exits 77 (skipped) with a message
-- where Chromium or Python is missing.

local mt = require "mutorere"

-- The blunder game (black blocks white at ply 9), a name to escape.
local function blunder_game()
  local g = dofile(HERE .. "/games.lua").blunder()
  g:tags().Black = "Te <Rangiua>"
  return g
end

-- The position of every ply of a game.
local function positions(g)
  local replay, out = mt.game(g:variant(), g:start()), {}
  out[1] = replay:position()
  for _, m in ipairs(g:history()) do out[#out + 1] = replay:play(m):position() end
  return out
end

local browsers = dofile(HERE .. "/browsers.lua")
local quote = browsers.quote

-- One headless Chromium for the run (browsers.session).
local session = browsers.session(HERE, "test_browser.lua")

-- Loads url afresh (with a query of its own, ?load=N before its #: a
-- link within the same page would not load it again); returns the DOM
-- after the page's scripts ran, and what the console logged (a line an
-- entry).
local loads = 0
local function dump_dom(url)
  loads = loads + 1
  local path, fragment = url:match("^([^#]*)(.*)$")
  local results, logs, failure = session({"open " .. path .. "?load=" .. loads .. fragment,
                                          {js = "return document.documentElement.outerHTML;"}, "logs"})
  check(not failure, "the browser: " .. tostring(failure))
  return results[1] or "", table.concat(logs, "\n")
end

-- The position shown by the board in a dumped DOM: the classes of its
-- circles (arms 1..n, then the centre) read back into position text.
local function shown_board(dom, n)
  local board = dom:match('<div id="board".-</svg>')
  if not board then return nil end
  local cells = {}
  for class in board:gmatch('<circle[^>]-class="(%a+)"') do
    cells[#cells + 1] = class == "black" and "b" or class == "white" and "w" or "."
  end
  if #cells ~= n + 1 then return nil end
  return table.concat(cells, "", 1, n) .. "/" .. cells[n + 1]
end

-- A copy of page with a script at the start that records errors, and one
-- at the end that steps by the buttons and keys and writes each position
-- shown into <pre id="test-log">.
local function instrumented(page)
  local catch = '<script>window.__errors = []; window.addEventListener("error", ' ..
    'function (e) { window.__errors.push(String(e.message)); });</script>'
  local steps = [[<script>
  (function () {
    var log = [], board = document.getElementById("board");
    function note(what) { log.push(what + " " + board.getAttribute("data-ply") + " " +
                                   board.getAttribute("data-position")); }
    function click(id) { document.getElementById(id).click(); note(id); }
    function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k})); note(k); }
    note("load");
    click("first"); click("next"); click("next"); click("prev"); click("last");
    click("next"); click("first"); click("prev");
    key("ArrowRight"); key("ArrowRight"); key("ArrowRight"); key("End"); key("ArrowLeft"); key("Home");
    document.querySelector('#moves a[href="#4"]').click();
    note("move4");
    var pre = document.createElement("pre");
    pre.id = "test-log";
    pre.textContent = log.join("\n") + "\nerrors " + window.__errors.length + " " + window.__errors.join("; ");
    document.body.appendChild(pre);
  })();
  </script>]]
  return (page:gsub("<head>", "<head>" .. catch, 1):gsub("</body>", steps .. "</body>", 1))
end

test("in Chromium: loads without errors; #N opens ply N", function()
  local g = blunder_game()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. quote(dir))
  local path = dir .. "/game.html"
  mt.html(g, path)
  local want = positions(g)
  for _, ply in ipairs({0, 4, 9}) do
    local dom, logged = dump_dom("file://" .. path .. "#" .. ply)
    check(dom:find('data-ply="' .. ply .. '"', 1, true), "ply " .. ply .. " shown")
    check(dom:find('data-position="' .. want[ply + 1] .. '"', 1, true), "its position")
    eq(shown_board(dom, 8), want[ply + 1]:match("^(%S+)"), "the board drawn at ply " .. ply)
    check(not logged:find("Uncaught", 1, true),
          "no script error: " .. (logged:match("[^\n]*Uncaught[^\n]*") or ""))
  end
  local dom = dump_dom("file://" .. path)
  check(dom:find('data-ply="9"', 1, true), "no link: the end of the game")
  os.execute("rm -rf " .. quote(dir))
end)

test("in Chromium: buttons, keys and moves step to the right positions", function()
  local g = blunder_game()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. quote(dir))
  local path = dir .. "/steps.html"
  local f = assert(io.open(path, "w"))
  f:write(instrumented(mt.html(g)))
  f:close()
  local dom = dump_dom("file://" .. path .. "#2")
  local log = dom:match('<pre id="test%-log">(.-)</pre>')
  check(log, "the steps ran")
  local want = positions(g)
  local expected = {{"load", 2}, {"first", 0}, {"next", 1}, {"next", 2}, {"prev", 1},
                    {"last", 9}, {"next", 9}, {"first", 0}, {"prev", 0},
                    {"ArrowRight", 1}, {"ArrowRight", 2}, {"ArrowRight", 3},
                    {"End", 9}, {"ArrowLeft", 8}, {"Home", 0}, {"move4", 4}}
  local lines = {}
  for line in (log or ""):gmatch("[^\n]+") do lines[#lines + 1] = line end
  for i, e in ipairs(expected) do
    eq(lines[i], string.format("%s %d %s", e[1], e[2], want[e[2] + 1]), "step " .. i)
  end
  eq(lines[#expected + 1], "errors 0 ", "no script errors")
  eq(shown_board(dom, 8), want[5]:match("^(%S+)"), "the board drawn after the last step")
  check(dom:find('<td data-ply="4" class="blunder current">', 1, true), "the move marked")
  os.execute("rm -rf " .. quote(dir))
end)

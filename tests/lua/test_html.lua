-- test_html.lua — mt.html: one self-contained page, checked as text (the
-- browser test is test_browser.lua).

local mt = require "mutorere"

-- The blunder game (black blocks white at ply 9), a name to escape.
local function blunder_game()
  local g = dofile(HERE .. "/games.lua").blunder()
  g:tags().Black = "Te <Rangiua>"
  return g
end


test("the page as text: self-contained, the moves, the value line, the rules", function()
  local g = blunder_game()
  local page = mt.html(g)
  check(page:match("^<!DOCTYPE html>"), "a document")
  for url in page:gmatch("https?://[%w%.%-/_]+") do
    eq(url, "http://www.w3.org/2000/svg", "no address but the SVG namespace")
  end
  for attr in page:gmatch('%s(src)=') do check(false, "no " .. attr .. " attribute") end
  for ref in page:gmatch('href="([^"]*)"') do check(ref:match("^#%d+$"), "a link within the page: " .. ref) end
  check(page:find('data-ply="4" class="blunder"', 1, true), "the blunder in the move list")
  check(page:find('id="value-cursor"', 1, true), "the value line")
  check(page:find("Te &lt;Rangiua&gt;", 1, true), "names escaped")
  check(page:find("only with an enemy piece on a neighbouring arm", 1, true), "the flank rule in words")
  check(page:find("The side that cannot move loses.", 1, true), "the end in words")
  check(page:find("occurs 3 times is a draw", 1, true), "repetition in words")
  eq(select(2, page:gsub("<svg xmlns", "")), 2, "the first board and the value line")
  eq(select(2, page:gsub("\\u003csvg xmlns", "")), g:ply() + 1, "every ply's board as data")
  check(page:find('"boards":["\\u003csvg', 1, true), "every ply's board in the data")
  check(not page:find("</svg>\",", 1, true), "no </ left in the script data")
  local misere = mt.html(mt.game("misere"))
  check(misere:find("The side that cannot move wins (misère).", 1, true), "misère")
  check(misere:find("No moves yet.", 1, true), "an empty game")
  local first = mt.html(mt.game("first-two-turns"))
  check(first:find("On the first 4 plies a piece may go", 1, true), "an opening rule")
  local hooked = mt.html(mt.game("centre-must-leave"):play("4-c"))
  check(hooked:find("rules of its own, written in Lua: a piece in the centre must leave", 1, true),
        "a hooked variant's description")
  check(not pcall(mt.html, "standard", {play = false}), "a Game is needed to replay")
  check(not pcall(mt.html, 42), "a Game or a variant")
  local path = os.tmpname()
  eq(mt.html(g, path), path, "the path")
  local f = assert(io.open(path))
  eq(f:read("a"), page, "written to the path")
  f:close()
  os.remove(path)
  local ok, err = mt.sandbox(function() return mt.html(blunder_game(), "/tmp/x.html") end)
  check(not ok and tostring(err):find("sandbox", 1, true), "no files in a sandbox: " .. tostring(err))
end)

test("escaped: & < > and quotes in names; where names come from", function()
  local g = blunder_game()
  g:tags().White = "Tom & Jerry's \"team\""
  local page = mt.html(g)
  check(page:find("White: Tom &amp; Jerry&#39;s &quot;team&quot;", 1, true), "& ' \" escaped")
  check(not page:find("Tom & Jerry", 1, true), "no raw &")
  page = mt.html(mt.game():play("4-c"))
  check(page:find("Players not named (the game's Black and White tags name them: " ..
                  "g:tags().Black = &quot;Aroha&quot;)", 1, true), "where names come from")
  check(not page:find("Black: ?", 1, true), "no question marks")
  local one = mt.game()
  one:tags().Black = "Aroha"
  check(mt.html(one):find("Black: Aroha · White: not named", 1, true), "one name")
end)

test("written as g:save writes: a failure is reported and leaves the old file", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local path = dir .. "/game.html"
  local f = assert(io.open(path, "w"))
  f:write("the old page")
  f:close()
  -- under a file-size limit of 8 blocks (the page is bigger), SIGXFSZ
  -- ignored as a careless shell would leave it: the write fails
  local chunk = string.format("local ok, err = pcall(mt.html, mt.game():play('4-c'), %q) " ..
                              "print(ok, err)", path)
  local p = io.popen(string.format("trap '' XFSZ; ulimit -f 8; %s -e %q 2>&1", PROGRAM, chunk))
  local out = p:read("a")
  p:close()
  check(out:find("^false\t.*cannot write the page to " .. path:gsub("%p", "%%%0")), "reported: " .. out)
  f = assert(io.open(path))
  eq(f:read("a"), "the old page", "the old file untouched")
  f:close()
  local files = io.popen("ls -A " .. dir):read("a")
  eq(files, "game.html\n", "no temporary file left")
  eq(mt.html(mt.game(), path), path, "written when it can be")
  f = assert(io.open(path))
  check(f:read("a"):match("^<!DOCTYPE html>"), "the new page")
  f:close()
  os.execute("rm -rf " .. dir)
end)

local css = dofile(HERE .. "/css.lua")
local SCHEMES = {light = {}, dark = {["(prefers-color-scheme: dark)"] = true},
                 forced = {["(forced-colors: active)"] = true}}

-- The colour of property of element e under scheme, a failure when it is none.
local function colour(rules, e, property, scheme, what)
  local value = css.style(rules, e, scheme)[property]
  local c = css.colour(value)
  check(c, what .. ": " .. property .. " is a colour, not " .. tostring(value))
  return c or {0, 0, 0}
end

test("the replay page's text stands 4.5:1 light and dark, the ply shown outlined, forced colours the system's",
     function()
  local rules = css.rules(mt.html(blunder_game()):match("<style>(.-)</style>"))
  local texts = {
    {"the moves", {tag = "body"}},
    {"a verdict", {tag = "span", classes = {"verdict"}}},
    {"a blunder", {tag = "span", classes = {"verdict"}, within = {".blunder"}}},
    {"an inaccuracy", {tag = "span", classes = {"verdict"}, within = {".inaccuracy"}}},
    {"the footer", {tag = "footer"}},
  }
  local now = {tag = "td", classes = {"current"}, within = {"#moves"}}
  for _, name in ipairs({"light", "dark"}) do
    local scheme = SCHEMES[name]
    local paper = colour(rules, {tag = "body"}, "background", scheme, name .. " page")
    local shown = colour(rules, now, "background", scheme, name .. " ply shown")
    for _, t in ipairs(texts) do
      local ink = colour(rules, t[2], "color", scheme, name .. " " .. t[1])
      for _, behind in ipairs({{"the page", paper}, {"the ply shown", shown}}) do
        local ratio = css.contrast(ink, behind[2])
        check(ratio >= 4.5, string.format("%s: %s on %s: %.2f:1", name, t[1], behind[1], ratio))
      end
    end
    local edge = css.style(rules, now, scheme).outline:match("(%S+)$")
    local ratio = css.contrast(css.colour(edge) or {255, 255, 255}, paper)
    check(ratio >= 3, string.format("%s: the ply shown's outline on the page: %.2f:1", name, ratio))
  end
  -- forced colours: every colour the page's text takes is the system's
  for _, t in ipairs(texts) do
    local value = css.style(rules, t[2], SCHEMES.forced).color
    check(css.SYSTEM[value], "forced colours: " .. t[1] .. " in " .. tostring(value))
  end
  eq(css.style(rules, now, SCHEMES.forced).outline, "2px solid Highlight", "the ply shown under forced colours")
end)

test("the match page's text stands 4.5:1 light and dark, forced colours the system's", function()
  local m = mt.match("random", "random", {games = 2, seed = 1})
  local rules = css.rules(mt.html(m):match("<style>(.-)</style>"))
  for _, name in ipairs({"light", "dark"}) do
    local scheme = SCHEMES[name]
    local ink = colour(rules, {tag = "body"}, "color", scheme, name .. " text")
    for _, e in ipairs({{tag = "body"}, {tag = "pre"}}) do
      local behind = colour(rules, e, "background", scheme, name .. " " .. e.tag)
      local ratio = css.contrast(ink, behind)
      check(ratio >= 4.5, string.format("%s: text on %s: %.2f:1", name, e.tag, ratio))
    end
  end
  eq(css.style(rules, {tag = "body"}, SCHEMES.forced).color, "CanvasText", "forced colours")
end)

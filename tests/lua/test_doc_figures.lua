-- test_doc_figures.lua — the figures the guides write in their prose (and
-- in doc/api.md's), each computed again here by the command the text
-- names or shows beside it, so that the prose cannot drift from the
-- program: the states a page carries and its size, the values and counts
-- of the family of boards, the shipped puzzles, what a lookup prints, the
-- figures a transcript beside the text shows.  (Times are measurements of
-- a machine, not figures of the program: they are left out.  A page's size
-- is written "about N KB" and held to within a tenth, so that a small
-- change of the page's script does not call for new prose.)
--
-- Each entry names its document and a Lua pattern over its text, the
-- whitespace of which (line breaks included) is read as single spaces;
-- the pattern's captures are the figures as written, and want() gives them
-- as computed (strings compared exactly; about(n) for a size in KB).

local mt = require "mutorere"
local files = dofile(HERE .. "/files.lua")

-- The text of a document with its runs of white space as single spaces.
local texts = {}
local function text_of(doc)
  texts[doc] = texts[doc] or files.read(HERE .. "/../../" .. doc):gsub("%s+", " ")
  return texts[doc]
end

-- n with its thousands separated by commas, as the docs write counts.
local function commas(n)
  local s = tostring(math.tointeger(n) or n)
  repeat
    local k
    s, k = s:gsub("^(%d+)(%d%d%d)", "%1,%2")
  until k == 0
  return s
end

-- A size of bytes bytes, for a figure written "N KB": within a tenth.
local function about(bytes) return {kb = bytes / 1000} end

-- The value of a start as the family's table writes it: "draw", "win in
-- 9", "loss in 6".
local function value_text(v)
  local value, d = mt.solve(v):lookup(v.start)
  return value == "draw" and "draw" or value .. " in " .. d
end

-- mt.metrics of the standard game on n arms, with random play's chain
-- but no games (once).
local metrics = {}
local function standard(n)
  metrics[n] = metrics[n] or mt.metrics({arms = n}, {games = 0})
  return metrics[n]
end

-- The nodes of a Graphviz text of mt.dot.
local function nodes(dot)
  local n = 0
  for _ in dot:gmatch("\n%s*n%d+ %[label") do n = n + 1 end
  return n
end

-- The page of mt.html of a variant: its size and the states it carries.
local pages = {}
local function page(v)
  local key = type(v) == "table" and "arms" .. v.arms or v
  if not pages[key] then
    local text, states = mt.html(v)
    pages[key] = {bytes = #text, states = states, text = text}
  end
  return pages[key]
end

-- The bytes of a page's script and style: what every page carries.
local function script_and_style(text)
  local bytes = 0
  for body in text:gmatch("<style>(.-)</style>") do bytes = bytes + #body end
  for body in text:gmatch("<script>(.-)</script>") do bytes = bytes + #body end
  return bytes
end

-- The figure after line of a transcript in doc's text ("> line" then the
-- output): the capture of pattern in the output that follows it.
local function shown(doc, line, pattern)
  local at = assert(text_of(doc):find("> " .. line, 1, true), doc .. ": no transcript line " .. line)
  local figure = text_of(doc):match(pattern, at)
  assert(figure, doc .. ": " .. pattern)
  return figure
end

local FIGURES = {
  {doc = "doc/designing-boards.md", what = "the play pages of three boards of points",
   text = "Pong Hau K'i's page is about (%d+) KB, Tugul Shodra's (%d+) KB %(([%d,]+) states%), " ..
          "Ho%-Bag Gonu's (%d+) KB %(([%d,]+)%)",
   want = function()
     local a, b, c = page("pong-hau-ki"), page("tugul-shodra"), page("ho-bag-gonu")
     return about(a.bytes), about(b.bytes), commas(b.states), about(c.bytes), commas(c.states)
   end},
  {doc = "doc/api.md", what = "the states and sizes of pages",
   text = "without rules of its own: ([%d,]+) states and about (%d+) KB for the standard game %(some (%d+) " ..
          "KB of it the page's script and style%), ([%d,]+) states and about (%d+) KB on 12 arms; on boards " ..
          "of points (%d+) states and (%d+) KB for Pong Hau K'i, ([%d,]+) and (%d+) KB for Tugul Shodra, " ..
          "([%d,]+) and (%d+) KB for Ho%-Bag Gonu%.",
   want = function()
     local s, t = page("standard"), page({arms = 12})
     local a, b, c = page("pong-hau-ki"), page("tugul-shodra"), page("ho-bag-gonu")
     return commas(s.states), about(s.bytes), about(script_and_style(s.text)), commas(t.states),
            about(t.bytes), commas(a.states), about(a.bytes), commas(b.states), about(b.bytes),
            commas(c.states), about(c.bytes)
   end},
  {doc = "doc/api.md", what = "the most states a page carries, and the first wheel past it",
   text = "A variant with more than ([%d,]+) reachable states is refused, with its figure when it is quick " ..
          "to count %(a variant without hooks: (%d+) arms, ([%d,]+)%)",
   want = function()
     local _, err = pcall(mt.html, {arms = 16})
     local states, most = tostring(err):match("would carry (%d+) states; a page carries at most (%d+)")
     return commas(tonumber(most)), "16", commas(tonumber(states))
   end},
  {doc = "doc/exploring.md", what = "the biggest wheel a page carries, and pages' sizes",
   text = "up to ([%d,]+) states %((%d+) arms%), about (%d+) KB for 8 arms and (%d+) KB for 12",
   want = function()
     local _, err = pcall(mt.html, {arms = 16}) -- 16 arms are refused: 14 is the biggest
     local most = tostring(err):match("a page carries at most (%d+)")
     check(page({arms = 14}).states <= tonumber(most), "14 arms fit a page")
     return commas(tonumber(most)), "14", about(page("standard").bytes), about(page({arms = 12}).bytes)
   end},
  {doc = "doc/exploring.md", what = "the shipped puzzles, their variants and sizes",
   text = "The (%d+) shipped puzzles %((.-)%) were made that way",
   want = function()
     local by = {} -- variant -> the set of the arms of its puzzles
     local names = mt.puzzle.list()
     for _, name in ipairs(names) do
       local v = mt.game(mt.puzzle.load(name).variant):variant()
       local key = v.name == "misere" and "misère" or v.name
       by[key] = by[key] or {}
       by[key][v.arms] = true
     end
     -- the doc's words read back: "a on 8, 10 and 12 arms, b and c on 8 and 10"
     local said, seen = text_of("doc/exploring.md"):match("The %d+ shipped puzzles %((.-)%)"), {}
     for group, list in said:gsub(" arms", ""):gmatch("([%a%-\195\168 ]-) on ([%d, and]+%d)") do
       local arms = {}
       for n in list:gmatch("%d+") do arms[tonumber(n)] = true end
       for name in group:gsub(" and ", ","):gmatch("[^,%s]+") do seen[name] = arms end
     end
     eq(seen, by, "the puzzles' variants and sizes as written")
     return tostring(#names), said
   end},
  {doc = "doc/exploring.md", what = "mt.dot's boards of the standard game",
   text = "for `standard` the (%d+) boards %((%d+) with colour swap%)",
   want = function()
     return tostring(nodes(mt.dot("standard"))), tostring(nodes(mt.dot("standard", {swap = true})))
   end},
  {doc = "doc/designing-variants.md", what = "Walker's opening rule on 8 and 10 arms",
   text = "Walker's opening rule, a (%a+) on (%d+) arms, hands black a forced (%a+) on (%d+)%.",
   want = function()
     return value_text(mt.variant("first-two-turns")), "8",
            (value_text(mt.variant{base = "first-two-turns", arms = 10}):match("^%a+")), "10"
   end},
  {doc = "doc/designing-variants.md", what = "mt.metrics on 16 arms",
   text = "16 %(([%d,]+) states%), the random%-play chain running on the ([%d,]+) classes",
   want = function()
     local m = standard(16)
     return commas(m.reachable.states), commas(m.random.classes)
   end},
  {doc = "doc/designing-boards.md", what = "won positions of the chequered grid and of the standard game",
   text = "([%d,]+) won positions where the standard game has ([%d,]+)%.",
   want = function()
     return commas(mt.metrics("nine-points", {random = false}).reachable.wins),
            commas(mt.metrics("standard", {random = false}).reachable.wins)
   end},
  {doc = "doc/designing-boards.md", what = "Dörvön Cag, Pong Hau K'i and Oumoul Kono",
   text = "and not one of its positions is (%a+)%. .- share their board and their (%d+) positions",
   want = function()
     eq(mt.metrics("dorvon-cag", {random = false}).reachable.draws, 0, "no drawn position of Dörvön Cag")
     local a = mt.metrics("pong-hau-ki", {random = false}).reachable.states
     eq(mt.metrics("oumoul-kono", {random = false}).reachable.states, a, "Oumoul Kono's as many")
     return "drawn", tostring(a)
   end},
  {doc = "doc/designing-boards.md", what = "the positions of a 5 × 4 grid with 6 pieces a side",
   text = "a 5 × 4 grid of 20 points with 6 pieces a side solves its ([%d,]+) positions",
   want = function()
     local function choose(n, k)
       local c = 1
       for i = 1, k do c = c * (n - k + i) // i end
       return c
     end
     return commas(2 * choose(20, 6) * choose(14, 6))
   end},
  {doc = "doc/writing-ai.md", what = "the states of 16 arms with a move",
   text = "judging alpha%-beta at depth 2 on all ([%d,]+) states of 16 arms",
   want = function()
     local r = standard(16).reachable
     return commas(r.states - r.ends)
   end},
  {doc = "doc/solving.md", what = "the positions of the standard game play reaches",
   text = "the standard game reaches ([%d,]+) of its ([%d,]+) positions",
   want = function()
     return commas(standard(8).reachable.states), commas(mt.solve("standard"):info().positions)
   end},
  {doc = "doc/solving.md", what = "the draws and the longest forced ends of the standard game",
   text = "the draws thin out: (%d+)%% of the positions reachable on 8 arms are drawn, .- the longest grows " ..
          "faster than the board %((%d+), (%d+), %d+, %d+, %d+, %d+ plies on 8, 16, 20",
   want = function()
     local r = standard(8).reachable -- (20 arms and more take minutes: left out)
     return string.format("%.0f", 100 * r.draws / r.states), tostring(r.longest),
            tostring(standard(16).reachable.longest)
   end},
  {doc = "doc/writing-ai.md", what = "the SPRT of the tuned evaluation, as its transcript shows it",
   text = "Here it says H1 after (%d+) games, and warns that 12 arms have only (%d+) distinct 8%-ply openings",
   want = function()
     local line = "print(mt.match(tuned_ab, untuned_ab"
     return shown("doc/writing-ai.md", line, "H1 accepted after (%d+) games"),
            shown("doc/writing-ai.md", line, "pairs of games from (%d+) distinct openings")
   end},
  {doc = "doc/writing-ai.md", what = "blunders of the depth-2 search before and after the tuning",
   text = "the depth%-2 search throws away (%d+) wins and draws instead of (%d+)%.",
   want = function()
     return shown("doc/writing-ai.md", "tuned.blunders, tuned.inaccuracies, tuned.rate", "tuned%.rate (%d+) "),
            shown("doc/writing-ai.md", "print(mt.accuracy(mt.player(\"alphabeta\", {depth = 2, eval = with(start)})",
                  "blunders (%d+) ")
   end},
  {doc = "doc/writing-ai.md", what = "blunders of a depth-1 search with the tuned weights and without",
   text = "at depth 1 the same weights blunder more %(([%d,]+) times against ([%d,]+)%)",
   want = function()
     -- the weights the tuning of the transcript above printed (lua.docs
     -- runs that tuning and compares what it prints), then depth 1
     local h = mt.player("heuristic").definition
     local start = {mobility = 0.1, centre = 0, cornered = 0, cornering = 0}
     local tuned = load("return " .. shown("doc/writing-ai.md", "print(t)", "weights = (%b{})"), "weights",
                        "t", {})()
     local twelve = {base = "standard", arms = 12}
     local function at_depth_1(weights)
       local function eval(p, v) return h.eval(p, v, weights) end
       return mt.accuracy(mt.player("alphabeta", {depth = 1, eval = eval}), twelve, {progress = false}).blunders
     end
     return commas(at_depth_1(tuned)), commas(at_depth_1(start))
   end},
  {doc = "doc/writing-ai.md", what = "the pairs of a match, as its transcript shows them",
   text = "Elo comes from the pairs %(here all (%d+) split 1–1: no spread, a margin of 0%)",
   want = function()
     local line = "print(mt.match(two, \"heuristic\""
     local counts = shown("doc/writing-ai.md", line, "score 0, 1/4, 1/2, 3/4, 1: (%d+ %d+ %d+ %d+ %d+)")
     local n0, n1, n2, n3, n4 = counts:match("(%d+) (%d+) (%d+) (%d+) (%d+)")
     eq({n0, n1, n3, n4}, {"0", "0", "0", "0"}, "every pair split 1-1")
     return n2
   end},
  {doc = "doc/solving-large.md", what = "what a lookup of the start prints",
   text = "v%.start%)%)\"`, which prints `([^`]+)`",
   want = function()
     -- the form of the 32 arms' answer, a draw: print's words, a tab between
     -- them (read as a space here)
     local v = mt.variant{arms = 8}
     local value, distance = mt.solve(v):lookup(v.start)
     return tostring(value) .. " " .. tostring(distance)
   end},
}

-- The family's table of doc/designing-boards.md: each game's start for the
-- first player and its reachable positions by value.
test("doc/designing-boards.md: the family's table is what the solver says of each game", function()
  local rows = 0
  for line in files.read(HERE .. "/../../doc/designing-boards.md"):gmatch("[^\n]+") do
    local name, first, start, reach = line:match("^| `([%w%-]+)`[^|]*|[^|]*|[^|]*| (%a+)[^|]* | ([%a%d ]-) | (.-) |$")
    if name then
      rows = rows + 1
      local v = mt.variant(name)
      local m = mt.metrics(v, {random = false})
      local r = m.reachable
      eq({first, start, reach}, {v.start.side, value_text(v), string.format("%d: %d / %d / %d", r.states, r.wins,
         r.losses, r.draws)}, name)
    end
  end
  eq(rows, 10, "the ten games of the family")
end)

-- The six games' table of doc/designing-variants.md, as solve-table.lua
-- writes it: each small game solved and counted here; four-field-kono's
-- row (a census of 64 million states, a minute here) held to the figures
-- core.tiers_kono checks against the solver of the states play reaches.
test("doc/designing-variants.md: the six games' table is what the solver says of each", function()
  local kono = files.read(HERE .. "/../core/test_tiers.c")
  local function proved(field)
    return commas(assert(tonumber(kono:match("c%." .. field .. ", (%d+)%)")), field))
  end
  local doc = files.read(HERE .. "/../../doc/designing-variants.md")
  local table_text = doc:match("What the six are worth.-\n(| game |.-)\n\n")
  local rows = 0
  for line in table_text:gmatch("[^\n]+") do
    local name, cells = line:match("^| `([%w%-]+)` | [^|]+ |(.*)$")
    if name then
      rows = rows + 1
      local written = {}
      for cell in cells:gmatch("([^|]*)|") do written[#written + 1] = cell:match("^%s*(.-)%s*$") end
      local want
      if name == "four-field-kono" then
        want = {kono:match("CHECK_INT%(value, VALUE_(%u+)%)"):lower(), proved("reachable"),
                proved("wins"), proved("losses"), proved("draws"), proved("longest")}
      else
        local v = mt.variant(name)
        local c = mt.solve(v):census()
        local value, d = mt.solve(v):lookup(v.start)
        want = {value .. (d and " " .. d or ""), commas(c.reachable), commas(c.wins), commas(c.losses), commas(c.draws),
                c.longest >= 0 and commas(c.longest) or ""}
      end
      eq(written, want, name)
    end
  end
  eq(rows, 6, "the six games")
end)

for _, f in ipairs(FIGURES) do
  test(f.doc .. ": " .. f.what, function()
    local written = {text_of(f.doc):match(f.text)}
    if not check(#written > 0, f.doc .. ": the text is not there: " .. f.text) then return end
    local want = {f.want()}
    eq(#written, #want, "figures")
    for i, w in ipairs(want) do
      if type(w) == "table" then
        local n = tonumber(written[i])
        check(n and math.abs(n - w.kb) <= w.kb / 10,
              string.format("figure %d: %s KB written, %.1f KB made", i, tostring(written[i]), w.kb))
      else
        eq(written[i], w, "figure " .. i)
      end
    end
  end)
end

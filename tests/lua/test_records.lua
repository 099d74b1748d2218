-- test_records.lua — game records from Lua: round trips for games of every
-- variant, files saved atomically, and every class of malformed record
-- named with what and where.

local mt = require "mutorere"

-- A random game of a variant, up to plies moves.
local function random_game(spec, seed, plies)
  local g = mt.game(spec)
  local p = mt.player("random"):reset(seed)
  while not g:result() and g:ply() < plies do g:play(p:choose(g)) end
  return g
end

test("records round-trip for games of every variant", function()
  local specs = {}
  for _, name in ipairs(mt.variants()) do specs[#specs + 1] = name end
  specs[#specs + 1] = {base = "standard", arms = 12}
  specs[#specs + 1] = {arms = 6, flank = 2, max_plies = 40, name = "mine"}
  specs[#specs + 1] = {base = "misere", arms = 10, repetition = 2}
  for i, spec in ipairs(specs) do
    for seed = 1, 5 do
      local g = random_game(spec, seed * 31 + i, 60)
      g:tags().Black, g:tags().White = "one", "two"
      local text = g:record{Event = "round trip"}
      local h = mt.from_record(text)
      local name = type(spec) == "table" and (spec.name or spec.base or "custom") or spec
      eq(h:history(), g:history(), name .. " moves")
      eq(h:position(), g:position(), name .. " position")
      eq({h:result()}, {g:result()}, name .. " result")
      eq(h:variant():parameters(), g:variant():parameters(), name .. " rules")
      eq(h:tags().Black, "one", "tags")
      eq(h:tags().Event, "round trip", "extra tags")
    end
  end
end)

test("tags: known ones first, the others sorted, rules when the name is not enough", function()
  local g = mt.game{name = "house", flank = "never", arms = 6}
  g:play(g:moves()[1])
  local text = g:record{Zeta = "z", Annotator = "a", Event = "e"}
  local order = {}
  for name in text:gmatch("%[(%w+) ") do order[#order + 1] = name end
  eq(order, {"Event", "Date", "Variant", "Arms", "Flank", "AdjacentEnemy", "Misere",
             "Repetition", "MaxPlies", "Result", "Annotator", "Zeta"}, "order")
  check(text:find('[Flank "never"]', 1, true), "flank never")
  local h = mt.from_record(text)
  eq(h:variant():parameters(), g:variant():parameters(), "the rules come back")
  eq({h:tags().Zeta, h:tags().Annotator}, {"z", "a"}, "the other tags too")
end)

test("a game from a position records its start", function()
  local g = mt.game("standard", "bbb.wwwb/w w")
  g:play("5-4")
  local text = g:record()
  check(text:find('[Position "bbb.wwwb/w w"]', 1, true), "Position tag")
  check(text:find("1... 5-4 0-1", 1, true), "white's move first, and the result")
  eq(mt.from_record(text):result(), "white", "replayed")
end)

test("saving writes the whole record or nothing", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local g = random_game("standard", 7, 30)
  local path = dir .. "/game.mtr"
  check(g:save(path, {White = "w"}), "saved")
  local h = mt.load(path)
  eq(h:history(), g:history(), "loaded")
  eq(h:tags().White, "w", "tag")
  local listing = io.popen("ls -A " .. dir):read("a")
  eq(listing, "game.mtr\n", "no temporary file left behind")
  raises(function() g:save(dir .. "/no/such/dir/game.mtr") end, "cannot save the game to")
  raises(function() mt.load(dir .. "/missing.mtr") end, "cannot load")
  local f = io.open(dir .. "/binary.mtr", "wb")
  f:write("1. 4-c\0junk")
  f:close()
  raises(function() mt.load(dir .. "/binary.mtr") end, "not a text file")
  os.execute("rm -rf " .. dir)
end)

test("malformed records name the bad move or tag", function()
  local cases = {
    {"1. 4-c 5-4 2. 3-4", "record: move 3 (line 1): illegal move 3-4: arm 4 is occupied"},
    {"1. 4-c\n5-4\n2. c-9", "move 3 (line 3): bad move: there is no arm 9"},
    {"1. 4-c {oops", "line 1: a comment { is never closed"},
    {"[Variant standard]", "line 1: a tag reads [Name \"value\"]"},
    {"[Black \"a\"]\n[Black \"b\"]", "line 2: a second tag 'Black'"},
    {"1. 4-c x+y", "line 1: not a move: 'x+y'"},
    {"1. 4-c x-y", "move 2 (line 1): bad move: the from point is 'x'"},
    {"1. 4-c 1-0 5-4", "text after the result: '5-4'"},
    {"[Result \"2-0\"]", "the Result tag \"2-0\" is not"},
    {"[Result \"1-0\"]\n1. 4-c 0-1", "differs from the Result tag 1-0"},
    {"[Variant \"nonesuch\"]\n1. 4-c", "record: unknown variant 'nonesuch'"},
    {"[Arms \"7\"]", "the Arms tag \"7\" is not an even number"},
    {"[Position \"bbbwww/. b\"]", "the start position: the position has 6 arms"},
    {"[Position \"xx\"]", "the Position tag: bad position"},
    {"[Misere \"perhaps\"]", "the Misere tag \"perhaps\" is not a value"},
    {"[Variant \"standard\"]\n[Result \"0-1\"]\n[Position \"bbb.wwwb/w w\"]\n1... 5-4 1-0",
     "differs from the Result tag 0-1"},
  }
  for _, c in ipairs(cases) do raises(function() mt.from_record(c[1]) end, c[2], c[1]) end
end)

test("the REPL loads a record to replay it move by move", function()
  local path = os.tmpname()
  random_game("standard", 3, 12):save(path)
  local input = os.tmpname()
  local f = assert(io.open(input, "w"))
  f:write(string.format("load %q\nredo()\nredo()\ncurrent():ply()\n", path))
  f:close()
  local program = io.popen(string.format("MUTORERE_PATH= '%s' < '%s' 2>&1", PROGRAM,
                                         input)):read("a")
  os.remove(input)
  check(program:find("moves; redo() plays them one by one", 1, true), "loaded: " .. program)
  check(program:find("\n2\n", 1, true), "two moves replayed")
  os.remove(path)
end)

test("a game's own bad tags are refused by record() and save(), not a crash", function()
  local cases = {
    {"Two words", "x", "bad tag name \"Two words\""},
    {"", "x", "bad tag name \"\""},
    {"Event", {}, "tag Event: the value must be a string, a number or a boolean, not a table"},
    {"Event", ("x"):rep(5000), "tag Event: the value is longer than"},
    {"Event", "one\ntwo", "tag Event: a tag value is one line of text"},
    {"VariantPath", "../up", "tag VariantPath: \"../up\" is not a relative path"},
  }
  for _, c in ipairs(cases) do
    local g = mt.game()
    g:play(g:moves()[1])
    g:tags()[c[1]] = c[2]
    raises(function() g:record() end, "the game's tags: " .. c[3], c[1])
    raises(function() g:save(os.tmpname()) end, "the game's tags: " .. c[3], c[1])
    eq(g:ply(), 1, "the game is untouched")
    g:tags()[c[1]] = nil
    check(mt.from_record(g:record()):ply() == 1, "the game records once the tag is gone")
  end
  -- the same tags given to record() are an error of its argument
  raises(function() mt.game():record{["Two words"] = "x"} end,
    "bad argument #2 to 'record' (bad tag name \"Two words\"")
end)

test("a result the record declares (a draw agreed, a resignation) is written back", function()
  local text = '[Variant "standard"]\n[Result "1/2-1/2"]\n\n' ..
               '1. 4-c 5-4 2. c-5 6-c {8-c draws too} 3. 5-6 c-5 1/2-1/2\n'
  local g = mt.from_record(text)
  eq(g:result(), nil, "the rules have not ended the game")
  local again = g:record()
  check(again:find('[Result "1/2-1/2"]', 1, true) and again:find("c-5 1/2-1/2\n", 1, true),
        "the declared draw is kept: " .. again)
  eq(mt.from_record(again):tags().Result, "1/2-1/2", "and reads back the same")
  g:undo()
  check(g:record():find('[Result "*"]', 1, true), "a game stepped back is unfinished again")
  g:redo()
  g:tags().Result = "0-1" -- black resigns
  check(g:record():find("c-5 0-1\n", 1, true), "a resignation set by hand")
  g:tags().Result = "black"
  raises(function() g:record() end,
         'the game\'s tags: tag Result: "black" is not 1-0, 0-1, 1/2-1/2 or *')
  -- a game the rules ended says how, whatever its tags say
  local won = mt.game("standard", "bbb.wwwb/w w")
  won:play("5-4")
  won:tags().Result = "1/2-1/2"
  check(won:record():find('[Result "0-1"]', 1, true), "the rules' result")
end)

test("every error of the records' bindings (lrecord.c) is taken, in the file's order", function()
  local files = dofile(HERE .. "/files.lua")
  local dir = files.folder()
  local function game(tags)
    local g = mt.game()
    g:play(g:moves()[1])
    for k, v in pairs(tags or {}) do g:tags()[k] = v end
    return g
  end
  local many = {}
  for i = 1, 70 do many["T" .. i] = "x" end
  files.write(dir .. "/boom.lua", "return {name = 'boom', base = 'standard', " ..
              "allow = function(_, m) if m.from == 5 then error('boom at 5') end return true end}")
  files.write(dir .. "/broken.lua", "return {name = 'broken', arms = 7}")
  local function file(name, text)
    files.write(dir .. "/" .. name, text)
    return dir .. "/" .. name
  end
  local cases = {
    -- check_tag, from the game's tags (no argument) and from record's argument
    {function() game{[1] = "x"}:record() end, "the game's tags: bad tag name number"},
    {function() game():record{[true] = "x"} end,
     "bad argument #2 to 'record' (bad tag name boolean"},
    {function() game{["a b"] = "x"}:record() end, "the game's tags: bad tag name \"a b\""},
    {function() game{[("T"):rep(300)] = "x"}:record() end, "at most"},
    {function() game():record{Event = print} end,
     "tag Event: the value must be a string, a number or a boolean, not a function"},
    {function() game():record{Event = ("x"):rep(5000)} end, "tag Event: the value is longer than 2047 bytes"},
    {function() game():record{Event = ("x"):rep(2048)} end, "tag Event: the value is longer than 2047 bytes"},
    {function() game():record{Event = "a\0b"} end, "tag Event: a tag value is one line of text"},
    {function() game():record{Event = "a\nb"} end, "tag Event: a tag value is one line of text"},
    {function() game():record{VariantPath = "/etc/x.lua"} end,
     "tag VariantPath: \"/etc/x.lua\" is not a relative path inside the record's folder"},
    -- collect_tags
    {function() game():record{Result = "black"} end,
     "bad argument #2 to 'record' (tag Result: \"black\" is not 1-0, 0-1, 1/2-1/2 or *)"},
    {function() local g = mt.game("standard", "bbb.wwwb/w w") g:play("5-4") g:record{Result = "1-0"} end,
     "bad argument #2 to 'record' (tag Result: the moves end the game 0-1)"},
    {function() mt.game(mt.variant{name = "two words"}):record() end,
     "the variant's name two words is not one a record can hold"},
    -- push_layout
    {function()
       local t = {name = "ring", points = {}, lines = {}, layout = {}, start = "bw" .. ("."):rep(62) .. " b"}
       for i = 1, 64 do
         t.points[i], t.lines[i] = "p" .. i, "p" .. i .. "-p" .. i % 64 + 1
         t.layout["p" .. i] = {i / 3, -i / 7}
       end
       mt.game(t):record() end, "the board's layout does not fit a record: its Layout tag would be longer"},
    -- tag_list
    {function() game():record(many) end, "too many tags: a record holds at most 64"},
    -- push_record
    {function() mt.Game.record(42) end, "bad argument #1 to 'record' (Game expected, got number)"},
    {function() game():record(42) end, "bad argument #2 to 'record' (table expected, got number)"},
    {function() local g = mt.game{base = "adjacent-enemy", repetition = 0, max_plies = 0}
       for _ = 1, 20000 do g:play(g:moves()[1]) end
       collectgarbage()
       -- room for the tags (64 of 2 kB) but not for 130 kB of moves
       local ok, err = mt.limit({memory = 64 * 2080 + 20000}, g.record, g)
       assert(not ok, "recorded")
       error(err) end, "not enough memory"},
    -- game_save
    {function() game():save("a\0b") end, "bad argument #1 to 'save' (the path holds a zero byte)"},
    {function() assert(mt.sandbox(function() return game():save(dir .. "/x.mtr") end)) end,
     "writing files is not allowed in a sandbox"},
    {function() game():save(dir .. "/no/such/folder/x.mtr") end, "cannot save the game to " .. dir},
    -- apply_rule_tags
    {function() mt.from_record('[Repetition "twice"]\n*') end,
     "record: the Repetition tag \"twice\" is not a value"},
    -- push_variant_file
    {function() mt.load(file("up.mtr", '[VariantPath "../boom.lua"]\n*'), {variant_path = true}) end,
     "the VariantPath tag \"../boom.lua\" is not a relative path inside the record's folder"},
    {function() mt.load(file("broken.mtr", '[VariantPath "broken.lua"]\n*'), {variant_path = true}) end,
     "the variant of VariantPath: "},
    -- apply_board_tags
    {function() mt.from_record('[Points "a b c"]\n[Lines "a-b b-c"]\n*') end,
     "record: a record of a board of points needs a Position tag"},
    {function() mt.from_record('[Points "a b c"]\n[Lines "a-b"]\n[Position "b.w b"]\n*') end,
     "record: the board of the tags: "},
    -- push_layout_tag
    {function() mt.from_record('[Points "a b"]\n[Lines "a-b"]\n[Layout "a:0,0 b"]\n[Position "b. b"]\n*') end,
     "record: the Layout tag: \"b\" is not name:x,y"},
    {function() mt.from_record('[Points "a b"]\n[Lines "a-b"]\n[Layout "a:0,0"]\n[Position "b. b"]\n*') end,
     "record: the Layout tag gives 1 place for the 2 points of the Points tag"},
    -- record_variant
    {function() mt.from_record('[Variant "two words"]\n*') end,
     "record: the Variant tag \"two words\" is not a variant name"},
    {function() mt.from_record('[Arms "9"]\n*') end, "record: the Arms tag \"9\" is not an even number from 4 to 64"},
    {function() mt.from_record('[Variant "nonesuch"]\n*') end,
     "record: unknown variant 'nonesuch' (mt.variants() lists them); a reader needs " ..
     "variants/nonesuch.lua in a folder of MUTORERE_PATH"},
    {function() mt.from_record('[Flank "-3"]\n*') end, "record: "},
    {function() mt.from_record('[Centre "c"]\n*') end,
     "record: the Centre tag describes a board of points: it needs a Points tag"},
    -- push_game_from
    {function() mt.from_record('1. 4-c {') end, "record: line 1: a comment { is never closed"},
    {function() mt.from_record('[Position "bbbbwwww"]\n*') end, "record: the Position tag: bad position"},
    {function() mt.load(file("boom.mtr", '[VariantPath "boom.lua"]\n1. 4-c 5-4 *'), {variant_path = true}) end,
     "boom at 5"},
    {function() mt.from_record('1. 4-c 4-c *') end, "record: move 2 (line 1): illegal move"},
    -- load_options
    {function() mt.load(dir .. "/boom.mtr", 1) end, "bad argument #2 to 'load' (table expected, got number)"},
    {function() mt.load(dir .. "/boom.mtr", {follow = true}) end,
     "bad argument #2 to 'load' (unknown option \"follow\" (the options are variant_path))"},
    {function() mt.load(dir .. "/boom.mtr", {variant_path = 1}) end,
     "bad argument #2 to 'load' (variant_path must be a boolean)"},
    -- load_l
    {function() mt.load("a\0b") end, "bad argument #1 to 'load' (the path holds a zero byte)"},
    {function() assert(mt.sandbox(function() return mt.load(dir .. "/boom.mtr") end)) end,
     "reading files is not allowed in a sandbox"},
    {function() mt.load(dir .. "/missing.mtr") end, "cannot load " .. dir .. "/missing.mtr: "},
    {function() mt.load(file("zero.mtr", "1. 4-c\0")) end, "record " .. dir .. "/zero.mtr: not a text file"},
  }
  for i, c in ipairs(cases) do raises(c[1], c[2], "case " .. i) end
  files.remove_folder(dir)
end)

test("a tag value of 2047 bytes is written and read back whole; 2048 is refused", function()
  local g = mt.game()
  g:play("4-c")
  local long = ("é"):rep(1023) .. "x" -- 2047 bytes
  local text = g:record{Event = long}
  eq(mt.from_record(text):tags().Event, long, "read back")
  raises(function() g:record{Event = long .. "y"} end, "tag Event: the value is longer than 2047 bytes")
end)

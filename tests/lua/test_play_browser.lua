-- test_play_browser.lua — the play page in a real headless Chromium,
-- driven through chromedriver (browser.py), loaded from disk with the
-- network off: no request leaves the page, no script error; its moves(),
-- values, results and verdicts along played lines are the engine's own
-- (Game:analyse, Game:result, Game:review) for several variants; undo and
-- redo come back to the same states; the computer never picks a worse
-- move than it must; a game played by clicks.  Exits 77 (skipped) with a
-- message where Chromium, chromedriver or python3-selenium is missing.

local mt = require "mutorere"

local browsers = dofile(HERE .. "/browsers.lua")
local quote = browsers.quote

-- The Python that has selenium (Debian's, which a Python of one's own may
-- hide on the PATH).
local PYTHON = browsers.first({"/usr/bin/python3", "python3"}, "%s -c 'import selenium'",
  "test_play_browser.lua", "python3-selenium is not installed " ..
  "(apt-get install python3-selenium chromium chromium-driver)")

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. quote(dir))

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- Runs the browser on commands (a list of lines; {js = code}, {wait =
-- code} and {clickjs = code} become files): the results of the js
-- commands, the console's log lines, and an error line if any.
local function browse(commands)
  local lines = {}
  for i, c in ipairs(commands) do
    if type(c) == "table" then
      local word, code = next(c)
      lines[i] = word .. " " .. write(string.format("%s/step%d.js", dir, i), code)
    else
      lines[i] = c
    end
  end
  local script = write(dir .. "/commands.txt", table.concat(lines, "\n") .. "\n")
  local p = assert(io.popen(string.format("%s %s %s 2>&1", PYTHON, quote(HERE .. "/browser.py"),
                                          quote(script))))
  local out = p:read("a")
  local _, _, code = p:close()
  if code == 77 then
    io.stderr:write("SKIP test_play_browser.lua: " .. out)
    os.exit(77)
  end
  local results, logs, at = {}, {}, 1
  while at <= #out do
    local line_end = out:find("\n", at, true) or #out + 1
    local line = out:sub(at, line_end - 1)
    local n = line:match("^result (%d+)$")
    if n then
      results[#results + 1] = out:sub(line_end + 1, line_end + tonumber(n))
      at = line_end + tonumber(n) + 2
    else
      if line:match("^log ") then logs[#logs + 1] = line end
      if line:match("^error ") then check(false, "the browser: " .. line) end
      at = line_end + 1
    end
  end
  eq(code, 0, "the browser ran: " .. out:sub(1, 300))
  return results, logs
end

-- Checks that the console logged no error.
local function no_errors(logs, what)
  for _, line in ipairs(logs) do
    check(not line:match("^log SEVERE") and not line:find("Uncaught", 1, true),
          what .. ": a console error: " .. line)
  end
end

-- "1-c:win:5" for a move of Game:analyse (":repetition" or ":ply cap"
-- when it ends the game at once there).
local function move_text(g, m)
  local copy = g:copy():play(m.move)
  local _, reason = copy:result()
  local ends = (reason == "repetition" or reason == "ply cap") and ":" .. reason or ""
  return string.format("%s:%s:%s%s", m.move, m.value, m.distance or "-", ends)
end

-- The line a step of a game gives, as the page's snapshot writes it.
local function snapshot(g)
  local a = g:analyse()
  local winner, reason = g:result()
  local moves = {}
  for i, m in ipairs(a.moves) do moves[i] = move_text(g, m) end
  return table.concat({g:position(), a.value, tostring(a.distance or "-"),
                       winner and winner .. "/" .. reason or "-", table.concat(moves, " ")}, " | ")
end

-- The rank of a move of game g for its mover, a move that draws at once
-- by repetition or the ply cap counting as a draw.
local function effective_rank(g, move)
  local copy = g:copy():play(move)
  local winner, reason = copy:result()
  if winner and reason ~= "blocked" and reason ~= "rule" then return 1000 end
  local value, d = mt.solve(g:variant()):lookup(copy)
  if value == "loss" then return 3000 - d end
  if value == "win" then return d end
  return 1000
end

-- The replies to move in game g that lose for the one who plays them.
local function traps(g, move)
  local copy = g:copy():play(move)
  local v, s, count = g:variant(), mt.solve(g:variant()), 0
  local p, h = copy:state()
  if v:outcome(p, h) then return 0 end
  for _, reply in ipairs(v:moves(p, h)) do
    if s:lookup(v:play(p, reply, h)) == "win" then count = count + 1 end
  end
  return count
end

-- A random line of legal moves of variant v from its start: plies moves
-- or to the end of the game.
local function random_line(v, plies, seed)
  local g, rng = mt.game(v), mt.player("random"):reset(seed)
  for _ = 1, plies do
    if g:result() then break end
    g:play((rng:choose(g)))
  end
  return g:history()
end

-- Of random lines of v (seeds 100 to 400), the first whose review has
-- the most kinds of verdicts; and the set of its verdicts.
local function varied_line(v)
  local best, kinds, most = nil, nil, -1
  for seed = 100, 400 do
    local line = random_line(v, 40, seed)
    local g, seen, count = mt.game(v), {}, 0
    for _, m in ipairs(line) do g:play(m) end
    for _, e in ipairs(g:review()) do
      if not seen[e.verdict] then seen[e.verdict], count = true, count + 1 end
    end
    if count > most then best, kinds, most = line, seen, count end
  end
  return best, kinds
end

local function js_list(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = string.format("%q", s) end
  return "[" .. table.concat(out, ",") .. "]"
end

-- The script that plays line on the page between two people, and returns
-- a snapshot a step, the computer's picks a step, the verdicts, then the
-- positions met undoing to the start and redoing to the end.
local function line_script(line)
  return "var line = " .. js_list(line) .. [[, out = [];
    mutorere.setup({black: "human", white: "human", skill: 1});
    function snap() {
      var s = mutorere.state(), r = mutorere.result();
      var moves = mutorere.moves().map(function (m) {
        return m.move + ":" + m.value + ":" + (m.distance === null ? "-" : m.distance) +
               (m.ends ? ":" + m.ends : "");
      });
      out.push([s.position, s.value, s.distance === null ? "-" : s.distance,
                r ? r.winner + "/" + r.reason : "-", moves.join(" ")].join(" | "));
      var picks = [];
      for (var i = 0; i < 6; i++) picks.push(mutorere.choose() || "-");
      out.push("choose " + picks.join(" "));
    }
    snap();
    line.forEach(function (m) { mutorere.play(m); snap(); });
    out.push("verdicts " + mutorere.verdicts().join(","));
    var back = [], forward = [];
    while (mutorere.undo()) back.push(mutorere.state().position);
    while (mutorere.redo()) forward.push(mutorere.state().position);
    out.push("back " + back.join(","));
    out.push("forward " + forward.join(","));
    return out.join("\n");]]
end

-- Checks what the page said along line against the engine.
local function check_line(v, line, text, what)
  local got = {}
  for l in (text or ""):gmatch("[^\n]+") do got[#got + 1] = l end
  local g, positions, at = mt.game(v), {}, 1
  local function step()
    eq(got[at], snapshot(g), what .. ": ply " .. g:ply())
    local picks = (got[at + 1] or ""):match("^choose (.*)$") or ""
    local best, tempting = -1, {}
    for _, m in ipairs(g:result() and {} or g:moves()) do best = math.max(best, effective_rank(g, m)) end
    for _, m in ipairs(g:result() and {} or g:moves()) do
      if effective_rank(g, m) == best then tempting[m] = traps(g, m) end
    end
    local most = -1
    for _, k in pairs(tempting) do most = math.max(most, k) end
    for pick in picks:gmatch("%S+") do
      if pick == "-" then
        check(g:result(), what .. ": no pick while the game goes on")
      else
        eq(effective_rank(g, pick), best, what .. ": the computer's pick " .. pick .. " at ply " .. g:ply())
        eq(tempting[pick], most, what .. ": of the best, one with the most traps: " .. pick)
      end
    end
    at = at + 2
    positions[#positions + 1] = g:position()
  end
  step()
  for _, m in ipairs(line) do
    g:play(m)
    step()
  end
  local verdicts = {}
  for i, e in ipairs(g:review()) do verdicts[i] = e.verdict end
  eq(got[at], "verdicts " .. table.concat(verdicts, ","), what .. ": the verdicts")
  local back, forward = {}, {}
  for i = #positions - 1, 1, -1 do back[#back + 1] = positions[i] end
  for i = 2, #positions do forward[#forward + 1] = positions[i] end
  eq(got[at + 1], "back " .. table.concat(back, ","), what .. ": undo to the start")
  eq(got[at + 2], "forward " .. table.concat(forward, ","), what .. ": redo to the end")
end

local NO_REQUESTS = [[return String(performance.getEntriesByType("resource").length) + " " +
  (typeof window.mutorere) + " " + document.querySelectorAll("#board circle.black").length;]]

-- Checks on a real page, for each variant of the list: no request, no
-- console error, and moves(), values, results, verdicts, the computer's
-- picks, undo and redo along several lines (none, a varied one, random
-- ones) as the engine has them; returns the set of verdicts met.
local function check_variants(variants)
  local verdicts = {}
  for _, v in ipairs(variants) do
    local path = write(dir .. "/" .. v.name .. ".html", (mt.html(v)))
    local commands = {"open file://" .. path, {js = NO_REQUESTS}}
    local varied, kinds = varied_line(v)
    for k in pairs(kinds) do verdicts[k] = true end
    local lines = {{}, varied}
    for seed = 1, 3 do lines[#lines + 1] = random_line(v, 24, seed) end
    for _, line in ipairs(lines) do
      commands[#commands + 1] = "open file://" .. path
      commands[#commands + 1] = {js = line_script(line)}
    end
    commands[#commands + 1] = "logs"
    local results, logs = browse(commands)
    eq(results[1], "0 object " .. #v.start:pieces("black"), v.name .. ": no request, the API, the board drawn")
    for i, line in ipairs(lines) do
      check_line(v, line, results[i + 1], string.format("%s, line %d", v.name, i))
    end
    no_errors(logs, v.name)
  end
  return verdicts
end

test("moves, values, results, verdicts, undo and redo are the engine's", function()
  local verdicts = check_variants({mt.variant("standard"), mt.variant{arms = 10},
                                   mt.variant("centre-must-leave"), mt.variant("tired-piece"),
                                   mt.variant("misere"), mt.variant{name = "capped", max_plies = 7, repetition = 2}})
  eq(verdicts, {best = true, inaccuracy = true, blunder = true, ["only move"] = true, forced = true},
     "every verdict met")
end)

local ring = dofile(HERE .. "/games.lua").ring

test("boards of points: moves, values, results, verdicts, undo and redo are the engine's", function()
  -- Pong Hau K'i; Tugul Shodra (three empty points, white first); Do Guti
  -- (placing from hand points along one-way lines); 64 points, whose
  -- boards take two varints of up to 2^52
  local verdicts = check_variants({mt.variant("pong-hau-ki"), mt.variant("tugul-shodra"),
                                   mt.variant("do-guti"),
                                   ring(64, string.rep(".", 31) .. "w" .. string.rep(".", 31) .. "b w")})
  check(verdicts.blunder and verdicts.best, "blunders and best moves met")
end)

-- Picks the piece to click: the from point of the best move for the side
-- to move; then the empty point.
local PICK_FROM = [[var m = mutorere.moves();
  if (mutorere.result() || m.length === 0 || mutorere.state().side !== "black") return "";
  return '#board .hit[data-point="' + m[0].move.split("-")[0] + '"]';]]
local PICK_TO = [[var sel = document.querySelector("#board .selected");
  if (!sel) return "";
  var m = mutorere.moves();
  return '#board .hit[data-point="' + m[0].move.split("-")[1] + '"]';]]
local COMPUTER_DONE = [[return mutorere.result() !== null || mutorere.state().side === "black";]]

test("a game played by clicks against the computer; typed moves; the skill", function()
  local path = write(dir .. "/clicks.html", (mt.html("standard")))
  local commands = {"open file://" .. path, "size 1280 900",
                    {js = 'mutorere.setup({black: "human", white: "computer", delay: 0}); return "";'}}
  for _ = 1, 100 do -- a game ends at the latest when a state comes a third time
    commands[#commands + 1] = {clickjs = PICK_FROM}
    commands[#commands + 1] = {clickjs = PICK_TO}
    commands[#commands + 1] = {wait = COMPUTER_DONE}
  end
  commands[#commands + 1] = {js = [[var r = mutorere.result();
    return mutorere.history().join(" ") + "|" + (r ? r.winner + "/" + r.reason : "-") + "|" +
           document.getElementById("status").textContent;]]}
  commands[#commands + 1] = "shot " .. dir .. "/laptop.png"
  -- typed moves, and the page's undo button back to the person's turn
  commands[#commands + 1] = "click #restart"
  commands[#commands + 1] = {js = [[var i = document.getElementById("move-input");
    i.value = "9-c"; document.querySelector("#typed button").click();
    var bad = document.getElementById("typed-error").textContent;
    i.value = " 4-c "; document.querySelector("#typed button").click();
    return bad + "|" + mutorere.history().join(" ");]]}
  commands[#commands + 1] = {wait = COMPUTER_DONE}
  commands[#commands + 1] = "click #undo"
  commands[#commands + 1] = {js = [[return mutorere.history().length + " " + mutorere.state().position;]]}
  -- strength 0 plays every move; strength 1 never a losing one
  commands[#commands + 1] = {js = [[mutorere.setup({black: "human", white: "human"});
    ["1-c", "8-1", "c-8"].forEach(mutorere.play);
    var seen = {}, perfect = {};
    mutorere.setup({skill: 0});
    for (var i = 0; i < 300; i++) seen[mutorere.choose()] = true;
    mutorere.setup({skill: 1});
    for (i = 0; i < 300; i++) perfect[mutorere.choose()] = true;
    return Object.keys(seen).sort().join(" ") + "|" + Object.keys(perfect).sort().join(" ");]]}
  commands[#commands + 1] = "size 390 844"
  commands[#commands + 1] = "shot " .. dir .. "/phone.png"
  commands[#commands + 1] = "logs"
  local results, logs = browse(commands)
  table.remove(results, 1)
  local moves, result, status = (results[1] or ""):match("^(.-)|(.-)|(.*)$")
  check(moves and #moves > 0, "moves were played: " .. tostring(results[1]))
  local g, played = mt.game(), {}
  for m in (moves or ""):gmatch("%S+") do played[#played + 1] = m end
  for i, m in ipairs(played) do
    if i % 2 == 1 then
      eq(m, g:analyse().moves[1].move, "the person's click played the move picked")
    else
      local best = -1
      for _, x in ipairs(g:moves()) do best = math.max(best, effective_rank(g, x)) end
      eq(effective_rank(g, m), best, "the computer's move " .. i .. " is a best one")
    end
    g:play(m)
  end
  local winner, reason = g:result()
  eq(result, winner and winner .. "/" .. reason or "-", "the page's result is the engine's")
  eq(reason, "repetition", "perfect play draws by repetition")
  eq(status, "Draw: the position occurred 3 times.", "the result said")
  eq(results[2], "\"9-c\" is not a legal move here; legal: 1-c 4-c|4-c", "a bad typed move, then a good one")
  eq(results[3], "0 bbbbwwww/. b", "undo back to the person's turn")
  local seen, perfect = (results[4] or ""):match("^(.*)|(.*)$")
  eq(seen, "1-c 5-c 7-c", "at strength 0 every move")
  eq(perfect, "5-c 7-c", "at strength 1 only the moves that keep the draw")
  no_errors(logs, "clicks")
  -- MUTORERE_SHOTS=folder keeps the screenshots, to look at
  local keep = os.getenv("MUTORERE_SHOTS")
  for _, shot in ipairs({"laptop.png", "phone.png"}) do
    local f = io.open(dir .. "/" .. shot, "rb")
    check(f and f:read(8) == "\137PNG\r\n\26\n", "a screenshot " .. shot)
    if f then f:close() end
    if keep then os.execute(string.format("cp %s %s", quote(dir .. "/" .. shot), quote(keep))) end
  end
end)

-- What the clicks on a board of points share: the ring (not a spot, not
-- a selection) drawn around point name, and a list of what was wrong.
local RINGS = [[var bad = window.__bad || (window.__bad = []);
  function hit(name) { return document.querySelector('#board .hit[data-point="' + name + '"]'); }
  function ringAt(name) {
    var h = hit(name), found = null;
    document.querySelectorAll("#board circle.ring").forEach(function (r) {
      if (r.getAttribute("cx") === h.getAttribute("cx") && r.getAttribute("cy") === h.getAttribute("cy")) found = r;
    });
    return found;
  }
  function valued(name, c, what) {
    var r = ringAt(name);
    if (!r || !r.classList.contains(c.value)) bad.push(what + " " + name + ": no " + c.value + " ring");
    else if (r.classList.contains("dim")) bad.push(what + " " + name + ": dimmed");
  }
  // the distance written at point name, if any, in fill: light on a black
  // piece, dark on a white one and on an empty point
  function inked(name, fill, what) {
    var h = hit(name);
    document.querySelectorAll("#board text.distance").forEach(function (t) {
      if (t.getAttribute("x") !== h.getAttribute("cx") || t.getAttribute("y") !== h.getAttribute("cy")) return;
      window.__inked = (window.__inked || 0) + 1;
      if (t.getAttribute("fill") !== fill) bad.push(what + " " + name + ": its distance in " + t.getAttribute("fill"));
    });
  }
]]

-- Picks the piece to click for the person playing side: the from point
-- of the k-th move of moves() (best first), k the number of turns played
-- modulo their number, so that the game tries good and bad moves; first
-- checks that each movable piece is ringed by the value of its best move.
local function pick_from(side)
  return RINGS .. [[var m = mutorere.moves();
  if (mutorere.result() || m.length === 0 || mutorere.state().side !== "]] .. side .. [[") return "";
  var best = {};
  m.forEach(function (c) { var f = c.move.split("-")[0]; if (!best[f]) best[f] = c; });
  Object.keys(best).forEach(function (f) {
    valued(f, best[f], "piece");
    inked(f, "]] .. side .. [[" === "black" ? "#fff" : "#111", "piece");
  });
  window.__picked = m[Math.floor(mutorere.history().length / 2) % m.length].move;
  return '#board .hit[data-point="' + window.__picked.split("-")[0] + '"]';]]
end

-- Then, once the piece is picked, checks that each point it can go to
-- has a spot and a ring of its move's value, and picks the destination.
local PICK_DESTINATION = RINGS .. [[var move = window.__picked;
  if (!move || !document.querySelector("#board .selected")) return "";
  var from = move.split("-")[0];
  var mine = mutorere.moves().filter(function (c) { return c.move.split("-")[0] === from; });
  if (document.querySelectorAll("#board .spot").length !== mine.length) bad.push("spots at " + from);
  mine.forEach(function (c) {
    valued(c.move.split("-")[1], c, "destination");
    inked(c.move.split("-")[1], "#111", "destination");
  });
  // the piece picked stands out: the other pieces that can move are dimmed
  var picked = ringAt(from);
  if (!picked || picked.classList.contains("dim")) bad.push("the piece picked " + from + ": dimmed");
  mutorere.moves().forEach(function (c) {
    var f = c.move.split("-")[0], r = ringAt(f);
    if (f === from) return;
    window.__dimmed = (window.__dimmed || 0) + 1;
    if (!r || !r.classList.contains("dim")) bad.push("piece " + f + ": not dimmed once " + from + " is picked");
  });
  window.__picked = null;
  return '#board .hit[data-point="' + move.split("-")[1] + '"]';]]

-- Plays a game of variant v by clicks as the side that moves first
-- against the computer; checks the person's moves are the ones clicked,
-- the rings what they should be, the computer's moves best ones, the
-- result the engine's; undo back to the person's turn and redo to the
-- end by the buttons; keeps screenshots when MUTORERE_SHOTS names a
-- folder.
local function clicked_game(v)
  local side = v.start.side
  local path = write(dir .. "/clicks-" .. v.name .. ".html", (mt.html(v)))
  local commands = {"open file://" .. path, "size 1280 900",
                    {js = "mutorere.setup({" .. side .. ': "human", ' .. (side == "black" and "white" or "black") ..
                          ': "computer", delay: 0}); return "";'}}
  local done = {js = 'return mutorere.result() !== null || mutorere.state().side === "' .. side .. '";'}
  for _ = 1, 60 do
    commands[#commands + 1] = {clickjs = pick_from(side)}
    commands[#commands + 1] = {clickjs = PICK_DESTINATION}
    commands[#commands + 1] = {wait = done.js}
  end
  commands[#commands + 1] = {js = [[var r = mutorere.result();
    return mutorere.history().join(" ") + "|" + (r ? r.winner + "/" + r.reason : "-") + "|" +
           (window.__bad || []).join("; ") + "|" + (window.__inked || 0) + " " +
           (window.__dimmed || 0) + "|" + mutorere.state().position;]]}
  commands[#commands + 1] = "shot " .. dir .. "/" .. v.name .. "-laptop.png"
  commands[#commands + 1] = "click #undo"
  commands[#commands + 1] = {js = [[var before = mutorere.state();
    while (!document.getElementById("redo").disabled) document.getElementById("redo").click();
    return before.side + " " + before.ply + "|" + mutorere.state().position;]]}
  commands[#commands + 1] = {clickjs = pick_from(side)}
  commands[#commands + 1] = "size 390 844"
  commands[#commands + 1] = "shot " .. dir .. "/" .. v.name .. "-phone.png"
  commands[#commands + 1] = "logs"
  local results, logs = browse(commands)
  table.remove(results, 1)
  local moves, result, bad, inked, dimmed, last =
    (results[1] or ""):match("^(.-)|(.-)|(.-)|(%d+) (%d+)|(.*)$")
  check(moves and #moves > 0, v.name .. ": moves were played: " .. tostring(results[1]))
  eq(bad, "", v.name .. ": the rings of the pieces and of the points they go to")
  check(tonumber(inked or 0) > 0 and tonumber(dimmed or 0) > 0,
        v.name .. ": distances and dimmed pieces were seen: " .. tostring(inked) .. " " .. tostring(dimmed))
  local g, played = mt.game(v), {}
  for m in (moves or ""):gmatch("%S+") do played[#played + 1] = m end
  check(#played >= 6, v.name .. ": a game of some length: " .. #played)
  local others = 0
  for i, m in ipairs(played) do
    local options = g:analyse().moves
    if g:board().side == side then
      eq(m, options[(i - 1) // 2 % #options + 1].move, v.name .. ": the person's clicks played move " .. i)
      if m ~= options[1].move then others = others + 1 end
    else
      local best = -1
      for _, x in ipairs(g:moves()) do best = math.max(best, effective_rank(g, x)) end
      eq(effective_rank(g, m), best, v.name .. ": the computer's move " .. i .. " is a best one")
    end
    g:play(m)
  end
  check(others > 0, v.name .. ": the person played moves other than the best")
  local winner, reason = g:result()
  eq(result, winner and winner .. "/" .. reason or "-", v.name .. ": the page's result is the engine's")
  eq(last, g:position(), v.name .. ": the position")
  local turn, again = (results[2] or ""):match("^(.-)|(.*)$")
  check(turn and turn:match("^" .. side .. " "), v.name .. ": undo back to the person's turn: " .. tostring(turn))
  eq(again, g:position(), v.name .. ": redo to the end")
  no_errors(logs, v.name .. " by clicks")
  local keep = os.getenv("MUTORERE_SHOTS")
  for _, shot in ipairs({v.name .. "-laptop.png", v.name .. "-phone.png"}) do
    local f = io.open(dir .. "/" .. shot, "rb")
    check(f and f:read(8) == "\137PNG\r\n\26\n", "a screenshot " .. shot)
    if f then f:close() end
    if keep then os.execute(string.format("cp %s %s", quote(dir .. "/" .. shot), quote(keep))) end
  end
end

test("boards of points: games played by clicks (a piece, then where it goes)", function()
  clicked_game(mt.variant("tugul-shodra"))
  clicked_game(mt.variant("do-guti"))
end)

-- What a picture shows once loaded: the root element, its circles, the
-- points named by data-point, and whether the XML parser complained.
local PICTURE = [[var named = {};
  document.querySelectorAll("circle[data-point]").forEach(function (c) { named[c.getAttribute("data-point")] = true; });
  return document.documentElement.tagName + " " + document.querySelectorAll("circle").length + " " +
         Object.keys(named).length + " " + document.getElementsByTagName("parsererror").length;]]

test("pictures of every shipped variant load: mt.svg and mt.svg_game, a circle a point", function()
  local commands, want = {}, {}
  local p = assert(io.popen("ls " .. HERE .. "/../../scripts/variants"))
  for file in p:lines() do
    local v = mt.variant(file:match("^(.*)%.lua$"))
    local points = v.points or v.arms + 1
    local named = v.points or 0
    local g = mt.game(v)
    for _ = 1, 3 do
      if not g:result() then g:play(g:analyse().moves[1].move) end
    end
    local frames = #g:history() + 1
    for _, x in ipairs({{"start", mt.svg(v.start), 1}, {"game", mt.svg_game(g), frames}}) do
      local path = write(string.format("%s/%s-%s.svg", dir, v.name, x[1]), x[2])
      commands[#commands + 1] = "open file://" .. path
      commands[#commands + 1] = {js = PICTURE}
      want[#want + 1] = {v.name .. " " .. x[1], string.format("svg %d %d 0", points * x[3], named)}
    end
  end
  p:close()
  check(#want >= 38, "every script, twice: " .. #want)
  commands[#commands + 1] = "logs"
  local results, logs = browse(commands)
  for i, w in ipairs(want) do eq(results[i], w[2], w[1] .. ": the picture loaded, a circle a point") end
  no_errors(logs, "the pictures")
end)

test("the biggest pages: loaded and playable; how long it takes", function()
  -- 12 arms (21,840 states), Ho-Bag Gonu (16,074), Tugul Shodra (1,640)
  for _, spec in ipairs({{arms = 12}, "ho-bag-gonu", "tugul-shodra"}) do
    local v = mt.variant(spec)
    local page = mt.html(v)
    local path = write(dir .. "/big.html", page)
    local results, logs = browse({"open file://" .. path, {js = [[
      var t = performance.getEntriesByType("navigation")[0];
      mutorere.setup({black: "human", white: "human"});
      mutorere.play(mutorere.moves()[0].move);
      return Math.round(t.loadEventEnd) + " " + mutorere.state().position;]]}, "logs"})
    local ms, position = (results[1] or ""):match("^(%d+) (.*)$")
    eq(position, mt.game(v):play(mt.game(v):analyse().moves[1].move):position(), v.name .. ": a move played")
    print(string.format("  %s (%s): %d bytes, loaded in %s ms", v.name,
                        v.points and v.points .. " points" or v.arms .. " arms", #page, tostring(ms)))
    no_errors(logs, v.name)
  end
end)

test("boards of points whose names are JavaScript's own (__proto__, constructor)", function()
  -- Pong Hau K'i with its points renamed: the page keys nothing by a name
  -- in an object that has a prototype
  local v = mt.variant{name = "proto", points = {"__proto__", "constructor", "c", "valueOf", "toString"},
    lines = {"__proto__-c", "constructor-c", "valueOf-c", "toString-c", "__proto__-valueOf",
             "constructor-toString", "valueOf-toString"},
    layout = {__proto__ = {0, 0}, constructor = {2, 0}, c = {1, 1}, valueOf = {0, 2}, toString = {2, 2}},
    start = "bb.ww b"}
  check_variants({v})
  clicked_game(v)
end)

os.execute("rm -rf " .. quote(dir))

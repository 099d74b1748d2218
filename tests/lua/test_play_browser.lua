-- test_play_browser.lua — the play page in a real headless Chromium,
-- driven through its DevTools protocol (browser.py), loaded from disk with the
-- network off: no request leaves the page, no script error; its moves(),
-- values, results and verdicts along played lines are the engine's own
-- (Game:analyse, Game:result, Game:review) for several variants; undo and
-- redo come back to the same states; the computer never picks a worse
-- move than it must; a game played by clicks.  Exits 77 (skipped) with a
-- message where Chromium or Python is missing.

local mt = require "mutorere"

local browsers = dofile(HERE .. "/browsers.lua")
local quote, write = browsers.quote, browsers.write

-- One browser for the run (browsers.session).
local session, dir, send = browsers.session(HERE, "test_play_browser.lua")

-- The path of the play page of variant v, written once for the file
-- (Four Field Kono's late start takes seconds to make).
local pages = setmetatable({}, {__mode = "k"})
local function page(v)
  if type(v) == "string" then v = mt.variant(v) end
  if not pages[v] then
    local n = 0
    for _ in pairs(pages) do n = n + 1 end
    pages[v] = write(string.format("%s/page%d-%s.html", dir, n, v.name), (mt.html(v)))
  end
  return pages[v]
end

-- Runs commands in the browser (see browsers.session): the results of
-- the js commands and the console's log lines; an error is a failure.
local function browse(commands)
  local results, logs, failure = session(commands)
  check(not failure, "the browser: " .. tostring(failure))
  return results, logs
end

-- The commands that show the page at path in a new game: loaded, unless
-- it is the page the browser shows already (as the test before left it:
-- its game begun again by Restart, the marks the tests leave on the
-- window wiped).
local function in_new_game(path)
  return {{["while"] = string.format("return location.href !== %q;", "file://" .. path)}, "open file://" .. path,
          "end", {js = [[document.getElementById("restart").click();
    ["__bad", "__inked", "__dimmed", "__picked", "__n"].forEach(function (k) { delete window[k]; });
    return "";]]}}
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
  if winner and reason ~= "blocked" and reason ~= "rule" and reason ~= "row" then return 1000 end
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

-- The script that plays line on the page between two people (in a new
-- game by the page's Restart button when again is true; else from the
-- game the page starts with), and returns a snapshot a step, the
-- computer's picks a step, the verdicts, then the positions met undoing
-- to the start and redoing to the end (the page hidden meanwhile, so
-- that its redraw at each move lays nothing out: what the tests of
-- clicks, keys, the chart and the redraw look at is not read here).
local function line_script(line, again)
  return "var line = " .. js_list(line) .. [[, out = [];
    document.body.style.display = "none"; // (no layout at each move: the answers are what is read)
    try {
    if (]] .. tostring(again) .. [[) document.getElementById("restart").click();
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
    return out.join("\n");
    } finally { document.body.style.display = ""; }]]
end

-- Checks what the page said along line against the engine.
local function check_line(v, line, text, what)
  local got = {}
  for l in (text or ""):gmatch("[^\n]+") do got[#got + 1] = l end
  local g, positions, at = mt.game(v), {}, 1
  local function step()
    eq(got[at], snapshot(g), what .. ": ply " .. g:ply())
    local picks = (got[at + 1] or ""):match("^choose (.*)$") or ""
    local best, tempting, rank = -1, {}, {}
    for _, m in ipairs(g:result() and {} or g:moves()) do
      rank[m] = effective_rank(g, m)
      best = math.max(best, rank[m])
    end
    for m, r in pairs(rank) do
      if r == best then tempting[m] = traps(g, m) end
    end
    local most = -1
    for _, k in pairs(tempting) do most = math.max(most, k) end
    for pick in picks:gmatch("%S+") do
      if pick == "-" then
        check(g:result(), what .. ": no pick while the game goes on")
      else
        eq(rank[pick] or effective_rank(g, pick), best,
           what .. ": the computer's pick " .. pick .. " at ply " .. g:ply())
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
-- ones) as the engine has them, the page loaded once: the first line
-- from the game it starts with, each other a new game by Restart; returns
-- the set of verdicts met.  (Each variant's commands go to
-- the browser before the answers for the one before are checked: the
-- browser and Lua work at once.)
local function check_variants(variants)
  local verdicts, pending = {}, nil
  local function check_answers(job)
    local v, lines = job.v, job.lines
    local results, logs, failure = job.answers()
    check(not failure, "the browser: " .. tostring(failure))
    eq(results[1], "0 object " .. #v.start:pieces("black"), v.name .. ": no request, the API, the board drawn")
    for i, line in ipairs(lines) do
      check_line(v, line, results[i + 1], string.format("%s, line %d", v.name, i))
    end
    no_errors(logs, v.name)
  end
  for _, v in ipairs(variants) do
    local path = page(v)
    local commands = {"open file://" .. path, {js = NO_REQUESTS}}
    local varied, kinds = varied_line(v)
    for k in pairs(kinds) do verdicts[k] = true end
    local lines = {{}, varied}
    for seed = 1, 3 do lines[#lines + 1] = random_line(v, 24, seed) end
    for i, line in ipairs(lines) do commands[#commands + 1] = {js = line_script(line, i > 1)} end
    commands[#commands + 1] = "logs"
    local job = {v = v, lines = lines, answers = send(commands)}
    if pending then check_answers(pending) end
    pending = job
  end
  if pending then check_answers(pending) end
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
  local path = page("standard")
  local commands = {"open file://" .. path, "size 1280 900",
                    {js = 'mutorere.setup({black: "human", white: "computer", delay: 0}); return "";'}}
  -- (a game ends at the latest when a state comes a third time)
  commands[#commands + 1] = {["while"] = "return mutorere.result() === null;"}
  commands[#commands + 1] = {clickjs = PICK_FROM}
  commands[#commands + 1] = {clickjs = PICK_TO}
  commands[#commands + 1] = {wait = COMPUTER_DONE}
  commands[#commands + 1] = "end"
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
  // the distance written at point name, if any, painted in fill: light on
  // a black piece, dark on a white one and on an empty point
  var WHITE_INK = "rgb(255, 255, 255)", BLACK_INK = "rgb(17, 17, 17)";
  function inked(name, fill, what) {
    var h = hit(name);
    document.querySelectorAll("#board text.distance").forEach(function (t) {
      if (t.getAttribute("x") !== h.getAttribute("cx") || t.getAttribute("y") !== h.getAttribute("cy")) return;
      window.__inked = (window.__inked || 0) + 1;
      var painted = getComputedStyle(t).fill;
      if (painted !== fill) bad.push(what + " " + name + ": its distance in " + painted);
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
  var best = Object.create(null), drops = Object.create(null);
  m.forEach(function (c) {
    if (c.from && !best[c.from]) best[c.from] = c;
    if (!c.from && c.to && !drops[c.to]) drops[c.to] = c;
  });
  Object.keys(best).forEach(function (f) {
    valued(f, best[f], "piece");
    inked(f, "]] .. side .. [[" === "black" ? WHITE_INK : BLACK_INK, "piece");
  });
  Object.keys(drops).forEach(function (t) {
    valued(t, drops[t], "drop");
    inked(t, BLACK_INK, "drop");
  });
  var picked = m[Math.floor(mutorere.history().length / 2) % m.length];
  window.__picked = picked.from ? picked : null; // a drop: one click
  return '#board .hit[data-point="' + (picked.from || picked.to) + '"]';]]
end

-- Then, once the piece is picked, checks that each point it can go to
-- has a spot and a ring of its move's value, and picks the destination.
local PICK_DESTINATION = RINGS .. [[var move = window.__picked;
  if (!move || !document.querySelector("#board .selected")) return "";
  var from = move.from, seen = Object.create(null);
  var mine = mutorere.moves().filter(function (c) {
    if (c.from !== from || seen[c.to]) return false;
    return (seen[c.to] = true);
  });
  if (document.querySelectorAll("#board .spot").length !== mine.length) bad.push("spots at " + from);
  mine.forEach(function (c) {
    valued(c.to, c, "destination");
    inked(c.to, BLACK_INK, "destination");
  });
  // the piece picked stands out: the other pieces that can move are dimmed
  var picked = ringAt(from);
  if (!picked || picked.classList.contains("dim")) bad.push("the piece picked " + from + ": dimmed");
  mutorere.moves().forEach(function (c) {
    var f = c.from, r = f && ringAt(f);
    if (!f || f === from) return;
    window.__dimmed = (window.__dimmed || 0) + 1;
    if (!r || !r.classList.contains("dim")) bad.push("piece " + f + ": not dimmed once " + from + " is picked");
  });
  window.__picked = null;
  return '#board .hit[data-point="' + move.to + '"]';]]

-- Plays a game of variant v by clicks as the side that moves first
-- against the computer; checks the person's moves are the ones clicked,
-- the rings what they should be, the computer's moves best ones, the
-- result the engine's; undo back to the person's turn and redo to the
-- end by the buttons; keeps screenshots when MUTORERE_SHOTS names a
-- folder.  dropping: the game may end before a piece is picked (a game
-- of drops), so that no piece need be seen dimmed.
local function clicked_game(v, dropping)
  local side = v.start.side
  local commands = in_new_game(page(v))
  commands[#commands + 1] = "size 1280 900"
  commands[#commands + 1] = {js = "mutorere.setup({" .. side .. ': "human", ' ..
                                  (side == "black" and "white" or "black") .. ': "computer", delay: 0}); return "";'}
  local done = {js = 'return mutorere.result() !== null || mutorere.state().side === "' .. side .. '";'}
  commands[#commands + 1] = {["while"] = "return mutorere.result() === null && mutorere.history().length < 120;"}
  commands[#commands + 1] = {clickjs = pick_from(side)}
  commands[#commands + 1] = {clickjs = PICK_DESTINATION}
  commands[#commands + 1] = {wait = done.js}
  commands[#commands + 1] = "end"
  commands[#commands + 1] = {js = [[var r = mutorere.result();
    return mutorere.history().join(" ") + "|" + (r ? r.winner + "/" + r.reason : "-") + "|" +
           (window.__bad || []).join("; ") + "|" + (window.__inked || 0) + " " +
           (window.__dimmed || 0) + "|" + mutorere.state().position;]]}
  commands[#commands + 1] = "shot " .. dir .. "/" .. v.name .. "-laptop.png"
  commands[#commands + 1] = "click #undo"
  commands[#commands + 1] = {js = [[var before = mutorere.state();
    var redo = document.getElementById("redo");
    while (redo.getAttribute("aria-disabled") !== "true") redo.click();
    return before.side + " " + before.ply + "|" + mutorere.state().position;]]}
  commands[#commands + 1] = {clickjs = pick_from(side)}
  commands[#commands + 1] = "size 390 844"
  commands[#commands + 1] = "shot " .. dir .. "/" .. v.name .. "-phone.png"
  commands[#commands + 1] = "logs"
  local results, logs = browse(commands)
  table.remove(results, 1)
  table.remove(results, 1)
  local moves, result, bad, inked, dimmed, last =
    (results[1] or ""):match("^(.-)|(.-)|(.-)|(%d+) (%d+)|(.*)$")
  check(moves and #moves > 0, v.name .. ": moves were played: " .. tostring(results[1]))
  eq(bad, "", v.name .. ": the rings of the pieces and of the points they go to")
  check(tonumber(inked or 0) > 0 and (dropping or tonumber(dimmed or 0) > 0),
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

-- A position of four-field-kono after captures, three pieces against one,
-- whose page is small (7,456 states; the start reaches 64 million): its
-- rules from there (black wins in 21: distances to see; one of the random
-- lines played on it takes a piece), a game capped at 60 plies.
local KONO_LATE = mt.variant{base = "four-field-kono", name = "four-field-kono-late",
                             start = "..w......b..bb.. b", max_plies = 60}
-- The same capped at 30 plies, for games a person plays against the
-- computer to their end (the person, as black, plays other moves than the
-- best ones and so reaches the cap: the page's end by the ply cap).
local KONO_CAPPED = mt.variant{base = "four-field-kono", name = "four-field-kono-capped",
                               start = "..w......b..bb.. b", max_plies = 30}

test("moves of every kind: drops, jumps, captures; values, results, undo and redo are the engine's",
     function()
  local verdicts = check_variants({mt.variant("achi"), mt.variant("three-mens-morris"),
                                   mt.variant("placing-torere"), mt.variant("leaping-torere"), KONO_LATE})
  check(verdicts.blunder and verdicts.best, "blunders and best moves met")
end)

test("boards of points: games played by clicks (a piece, then where it goes)", function()
  clicked_game(mt.variant("tugul-shodra"))
  clicked_game(mt.variant("do-guti"))
end)

test("the biggest pages: loaded and playable; how long it takes", function()
  -- 12 arms (21,840 states), Ho-Bag Gonu (16,074), Tugul Shodra (1,640)
  for _, spec in ipairs({{arms = 12}, "ho-bag-gonu", "tugul-shodra"}) do
    local v = mt.variant(spec)
    local text = mt.html(v)
    local path = write(dir .. "/big.html", text)
    local results, logs = browse({"open file://" .. path, {js = [[
      var t = performance.getEntriesByType("navigation")[0];
      mutorere.setup({black: "human", white: "human"});
      mutorere.play(mutorere.moves()[0].move);
      return Math.round(t.loadEventEnd) + " " + mutorere.state().position;]]}, "logs"})
    local ms, position = (results[1] or ""):match("^(%d+) (.*)$")
    eq(position, mt.game(v):play(mt.game(v):analyse().moves[1].move):position(), v.name .. ": a move played")
    print(string.format("  %s (%s): %d bytes, loaded in %s ms", v.name,
                        v.points and v.points .. " points" or v.arms .. " arms", #text, tostring(ms)))
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

-- --- the keyboard, the live region, the values hidden ---

-- Installs a recorder of every text the live region says (window.__said)
-- and of what has the focus after each turn (window.__focus).
local LISTEN = [[window.__said = []; window.__focus = [];
  new MutationObserver(function () {
    var t = document.getElementById("announce").textContent;
    if (t && window.__said[window.__said.length - 1] !== t) window.__said.push(t);
  }).observe(document.getElementById("announce"), {childList: true, characterData: true, subtree: true});
  return "";]]

-- What has the focus, in a word: "point", "choice", another control's
-- id, or "body" (lost).
local FOCUSED = [[function focused() {
    var e = document.activeElement;
    if (!e || e === document.body) return "body";
    if (e.classList.contains("hit")) return "point";
    if (e.classList.contains("choice")) return "choice";
    return e.id || e.tagName;
  }
]]

-- The keys that play the move a person picks now with the board alone:
-- from the point that has the focus, arrows to the piece, Enter, arrows
-- to where it goes, Enter; the k-th move (best first), k the turns so
-- far, so that good and bad moves are played.  Tab first when the board
-- does not have the focus.
local BOARD_KEYS = FOCUSED .. [[var m = mutorere.moves();
  if (mutorere.result() || m.length === 0 || mutorere.state().side !== window.__side) return "";
  if (focused() !== "point") return "TAB";
  var hits = Array.prototype.slice.call(document.querySelectorAll("#board .hit"));
  var at = hits.indexOf(document.activeElement), n = hits.length;
  var move = m[Math.floor(mutorere.history().length / 2) % m.length];
  function to(name) {
    var j = hits.indexOf(document.querySelector('#board .hit[data-point="' + name + '"]'));
    var keys = [], steps = (j - at + n) % n;
    for (var i = 0; i < steps; i++) keys.push("ARROW_RIGHT");
    at = j;
    return keys.concat(["ENTER"]);
  }
  return (move.from ? to(move.from) : []).concat(to(move.to)).join(" ");]]

-- The same with the list of moves: Tab to it (Shift+Tab when past it),
-- Tab or Shift+Tab along it to the k-th move, Enter.
local LIST_KEYS = FOCUSED .. [[var m = mutorere.moves();
  if (mutorere.result() || m.length === 0 || mutorere.state().side !== window.__side) return "";
  var list = Array.prototype.slice.call(document.querySelectorAll("#choices .choice"));
  var at = list.indexOf(document.activeElement);
  if (at < 0) {
    var after = document.activeElement.compareDocumentPosition(list[0]) & Node.DOCUMENT_POSITION_PRECEDING;
    return after ? "SHIFT+TAB" : "TAB";
  }
  var want = Math.floor(mutorere.history().length / 2) % m.length, keys = [];
  for (var i = at; i < want; i++) keys.push("TAB");
  for (i = at; i > want; i--) keys.push("SHIFT+TAB");
  return keys.concat(["ENTER"]).join(" ");]]

-- Plays a whole game of variant v from the keyboard alone (keys: the
-- script of BOARD_KEYS or LIST_KEYS) as the side that moves first,
-- against the computer; returns what the page said: the moves, the
-- result, the focus after each turn, the live region's texts.
local function keyboard_game(v, keys)
  local side = v.start.side
  local commands = in_new_game(page(v))
  for _, c in ipairs({"size 1280 900", {js = LISTEN},
    {js = "window.__side = '" .. side .. "'; mutorere.setup({" .. side .. ': "human", ' ..
          (side == "black" and "white" or "black") .. ': "computer", delay: 0}); return "";'},
    {["while"] = "return mutorere.result() === null && mutorere.history().length < 200;"},
    {keysjs = keys},
    -- (the person's turn again, or the end: the focus noted)
    {wait = FOCUSED .. [[if (mutorere.result() === null && mutorere.state().side !== "]] .. side .. [[") return false;
      var n = mutorere.history().length;
      if (n > (window.__n || 0)) window.__focus.push(focused());
      window.__n = n; return true;]]},
    "end",
    {js = [[var r = mutorere.result();
      return [mutorere.history().join(" "), r ? r.winner + "/" + r.reason : "-",
              window.__focus.join(" "), window.__said.join("\n")].join("|");]]},
    "logs"}) do commands[#commands + 1] = c end
  local results = browse(commands)
  local moves, result, focus, said = (results[#results] or ""):match("^(.-)|(.-)|(.-)|(.*)$")
  return moves or "", result, focus or "", said or ""
end

-- Checks a keyboard game of v against the engine: its moves legal and
-- the person's the ones picked, its result, the focus on a control after
-- every turn (kinds: the controls allowed), each move of both sides and
-- the result said.
local function check_keyboard_game(v, keys, kinds)
  local moves, result, focus, said = keyboard_game(v, keys)
  local g, played = mt.game(v), {}
  for m in moves:gmatch("%S+") do played[#played + 1] = m end
  check(#played >= 6, v.name .. ": a whole game by keys: " .. moves)
  local side, lines = v.start.side, {}
  for line in said:gmatch("[^\n]+") do lines[#lines + 1] = line end
  local all = table.concat(lines, "\n")
  for i, m in ipairs(played) do
    local mover = g:turn()
    if mover == side then
      local options = g:analyse().moves
      eq(m, options[(i - 1) // 2 % #options + 1].move, v.name .. ": the keys played the move picked, " .. i)
    end
    local who = mover == side and "a person" or "the computer"
    check(all:find(string.format("%s (%s) played %s.", mover == "black" and "Black" or "White", who, m), 1, true),
          v.name .. ": the live region said move " .. i .. " " .. m)
    g:play(m)
  end
  local winner, reason = g:result()
  eq(result, winner and winner .. "/" .. reason or "-", v.name .. ": the result is the engine's")
  check(winner and lines[#lines] and lines[#lines]:find(winner == "draw" and "Draw" or
        (winner == "black" and "Black" or "White") .. " wins", 1, true),
        v.name .. ": the live region said the result: " .. tostring(lines[#lines]))
  for word in focus:gmatch("%S+") do
    check(kinds[word], v.name .. ": after a turn the focus is on a control, not " .. word)
  end
end

test("moves of every kind by clicks and by keys: drops on empty points, captures", function()
  clicked_game(KONO_CAPPED)
  check_keyboard_game(KONO_CAPPED, BOARD_KEYS, {point = true})
  clicked_game(mt.variant("achi"), true)
  check_keyboard_game(mt.variant("achi"), BOARD_KEYS, {point = true})
  check_keyboard_game(mt.variant("placing-torere"), BOARD_KEYS, {point = true})
end)

-- What each picture shows once read as a document of its own by the
-- browser's XML parser (as it reads an .svg file) and drawn in a box of
-- its own (a shadow root: its ids and styles its own), a line each: the
-- root element, its circles, the points named by data-point, and whether
-- the XML parser complained.  Then the texts drawn over one another (the
-- position under the board over an arm's number, as it once was): "a / b"
-- for each such pair.  (window.PICTURES: the pictures' texts)
local PICTURES = [[return window.PICTURES.map(function (text) {
    var doc = new DOMParser().parseFromString(text, "image/svg+xml"), root = doc.documentElement;
    var errors = doc.getElementsByTagName("parsererror").length;
    var host = document.createElement("div");
    document.body.appendChild(host);
    var svg = document.importNode(root, true);
    host.attachShadow({mode: "open"}).appendChild(svg);
    var named = {};
    svg.querySelectorAll("circle[data-point]").forEach(function (c) { named[c.getAttribute("data-point")] = true; });
    var boxes = Array.prototype.map.call(svg.querySelectorAll("text"), function (t) {
      return {box: t.getBBox(), text: t.textContent};
    }), over = [];
    boxes.forEach(function (a, i) {
      boxes.slice(i + 1).forEach(function (b) {
        if (a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width &&
            a.box.y < b.box.y + b.box.height && b.box.y < a.box.y + a.box.height) over.push(a.text + " / " + b.text);
      });
    });
    var drops = svg.querySelectorAll("circle.drop").length;
    return root.tagName + " " + svg.querySelectorAll("circle:not(.drop)").length + " " +
           Object.keys(named).length + " " + errors + (drops ? " drops " + drops : "") +
           (over.length ? " overlapping: " + over.join(", ") : "");
  }).join("\n");]]

-- text as a JavaScript string literal (no "<" in it: safe in a script).
local function js_string(text)
  return '"' .. text:gsub('[\\"\n\r<]', {["\\"] = "\\\\", ['"'] = '\\"', ["\n"] = "\\n", ["\r"] = "\\r",
                                         ["<"] = "\\u003c"}) .. '"'
end

test("pictures of every shipped variant load: mt.svg and mt.svg_game, a circle a point", function()
  local texts, want = {}, {}
  local p = assert(io.popen("ls " .. HERE .. "/../../scripts/variants"))
  for file in p:lines() do
    local v = mt.variant(file:match("^(.*)%.lua$"))
    local points = v.points or v.arms + 1
    local named = v.points or 0
    local g = mt.game(v) -- (three plies, the first legal move each: no variant solved)
    for _ = 1, 3 do
      if not g:result() then g:play(g:moves()[1]) end
    end
    local frames, drops = #g:history() + 1, 0
    for _, m in ipairs(g:history()) do if m:sub(1, 1) == "@" then drops = drops + 1 end end
    local pictures = {{"start", mt.svg(v.start), 1}, {"game", mt.svg_game(g), frames, nil, drops}}
    if v.arms then pictures[3] = {"wheel", mt.svg(v.start, {style = "wheel", size = 200}), 1, 1} end
    for _, x in ipairs(pictures) do
      texts[#texts + 1] = js_string(x[2])
      -- (the wheel's rim is a circle too)
      -- (and a drop's ring marks where it lands)
      want[#want + 1] = {v.name .. " " .. x[1], string.format("svg %d %d 0", points * x[3] + (x[4] or 0), named) ..
                         ((x[5] or 0) > 0 and " drops " .. x[5] or "")}
    end
  end
  p:close()
  for arms = 4, 20, 2 do -- every wheel: no number under the position
    texts[#texts + 1] = js_string(mt.svg(mt.variant{arms = arms}.start))
    want[#want + 1] = {arms .. " arms", string.format("svg %d 0 0", arms + 1)}
  end
  check(#want >= 38, "every script, twice: " .. #want)
  -- (the pictures in one page, each read and drawn on its own)
  local path = write(dir .. "/pictures.html", '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' ..
                     "<title>pictures</title></head><body><script>window.PICTURES = [" ..
                     table.concat(texts, ",\n") .. "];</script></body></html>\n")
  local results, logs = browse({"open file://" .. path, {js = PICTURES}, "logs"})
  local got = {}
  for line in (results[1] or ""):gmatch("[^\n]+") do got[#got + 1] = line end
  for i, w in ipairs(want) do eq(got[i], w[2], w[1] .. ": the picture loaded, a circle a point") end
  eq(#got, #want, "a line a picture")
  no_errors(logs, "the pictures")
end)

test("a whole game from the keyboard alone: the board, then the list of moves; the live region", function()
  check_keyboard_game(mt.variant("standard"), BOARD_KEYS, {point = true})
  check_keyboard_game(mt.variant("tugul-shodra"), BOARD_KEYS, {point = true})
  check_keyboard_game(mt.variant{arms = 10}, LIST_KEYS, {choice = true, restart = true})
end)

-- Words that tell a value (a verdict, a value, a distance), as the page
-- writes them.
local VALUE_WORDS = [[/\b(wins? in|loses in|draws|blunder|inaccuracy|only move|best play|forced)\b/i]]

-- What on the page tells a value: its visible text (but the players'
-- note, which describes the computer's play, and
-- the names of the challenges, which set tasks), the names of its
-- controls, rings and distances on the board.
local TELLING = [[var out = [], words = ]] .. VALUE_WORDS .. [[;
  var text = document.querySelector("header").innerText + "\n" + document.querySelector("main").innerText;
  document.querySelectorAll("#setup, #challenges .buttons").forEach(function (e) {
    text = text.replace(e.innerText, "");
  });
  text.split("\n").forEach(function (l) { if (words.test(l)) out.push("text: " + l); });
  document.querySelectorAll("[aria-label]").forEach(function (e) {
    if (words.test(e.getAttribute("aria-label")) && e.getClientRects().length)
      out.push("name: " + e.getAttribute("aria-label"));
  });
  document.querySelectorAll("#board .ring.win, #board .ring.draw, #board .ring.loss, #board .distance")
    .forEach(function (e) { out.push("board: " + e.getAttribute("class")); });
  return out.join("\n");]]

test("hiding the values hides everything that tells them, until they are shown again", function()
  local path = page("standard")
  local results = browse({"open file://" .. path,
    {js = [[mutorere.setup({black: "human", white: "human"});
      ["1-c", "8-1", "c-8", "1-c", "2-1"].forEach(mutorere.play);
      var m = mutorere.moves()[0].move.split("-")[0];
      document.querySelector('#board .hit[data-point="' + m + '"]').dispatchEvent(new MouseEvent("click"));
      return mutorere.verdicts().join(" ");]]},
    {js = TELLING}, "click #show-values", {js = TELLING},
    {js = [[mutorere.setup({black: "human", white: "computer", delay: 0}); mutorere.play(mutorere.moves()[0].move);
      return "";]]}, {wait = [[return mutorere.state().side === "black";]]}, {js = TELLING},
    "click #show-values", {js = TELLING}})
  check((results[1] or ""):find("blunder", 1, true), "a blunder among the verdicts: " .. tostring(results[1]))
  check((results[2] or ""):find("blunder", 1, true) and results[2]:find("board: ring", 1, true) and
        results[2]:find("best play", 1, true), "shown: the verdicts, the rings, the value: " .. tostring(results[2]))
  eq(results[3], "", "hidden: nothing tells a value")
  eq(#results, 6, "every step ran")
  eq(results[5], "", "hidden, after the computer's move: nothing tells a value")
  check((results[6] or ""):find("blunder", 1, true) and results[6]:find("board: ring", 1, true),
        "shown again: " .. tostring(results[6]))
end)

-- The boxes of the texts of the board's picture (the page's first svg)
-- that overlap: "a / b" for each pair, "" when none.
local OVERLAPS = [[var boxes = Array.prototype.map.call(document.querySelector("svg").querySelectorAll("text"),
    function (t) { return {box: t.getBBox(), text: t.textContent}; }), over = [];
  boxes.forEach(function (a, i) {
    boxes.slice(i + 1).forEach(function (b) {
      if (a.text && b.text && a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width &&
          a.box.y < b.box.y + b.box.height && b.box.y < a.box.y + a.box.height) over.push(a.text + " / " + b.text);
    });
  });
  return over.join(", ");]]

test("typed moves: a capture written short, as the engine reads it", function()
  -- a jump that takes and one that does not, from 2 to 4; a take-only one;
  -- Kono's capture onto the piece, written as a move between its points
  local both = mt.variant{base = "standard", name = "both-jumps", start = "bbw.wwbb/. b",
                          jumps = {{over = "enemy", take = true}, {over = "enemy"}}}
  local takes = mt.variant{base = "standard", name = "take-jumps", start = "bbw.wwbb/. b",
                           jumps = {over = "enemy", take = true}}
  -- (two pieces a side: a page of 0.4 MB, the same capture as with more)
  local kono = mt.variant{base = "four-field-kono", name = "kono-capture", start = "b...b...w......w b"}
  local cases = {{both, "2x4"}, {both, "2-4"}, {takes, "2-4"}, {takes, "2X4"}, {kono, "a1-a3"}}
  for _, case in ipairs(cases) do
    local v, typed = case[1], case[2]
    local want = mt.game(v):play(typed):history()[1]
    local results = browse({"open file://" .. write(dir .. "/typed.html", mt.html(v)), {js = [[
      mutorere.setup({black: "human", white: "human"});
      var i = document.getElementById("move-input");
      i.value = ]] .. string.format("%q", typed) .. [[; document.querySelector("#typed button").click();
      return mutorere.history().join(" ") + "|" + document.getElementById("typed-error").textContent;]]}})
    eq(results[1], want .. "|", v.name .. ": " .. typed .. " typed plays what the engine plays")
  end
  -- two captures from a1 to c1 (a hook makes them): a1xc1 names both, as the engine says
  local twice = mt.variant{base = "four-field-kono", name = "twice", start = "bw.............w b",
    moves = function(p, made)
      if p.side == "black" and p.a1 == "black" and p.b1 == "white" and p.d4 == "white" and not p.c1 then
        return {"a1-c1xb1", "a1-c1xb1xd4", "a1-c1"}
      end
      return made
    end}
  local engine = select(2, pcall(mt.game(twice).play, mt.game(twice), "a1xc1"))
  check(tostring(engine):find("it names more than one move: a1-c1xb1 or a1-c1xb1xd4", 1, true), tostring(engine))
  local results = browse({"open file://" .. write(dir .. "/typed.html", mt.html(twice)), {js = [[
    mutorere.setup({black: "human", white: "human"});
    var i = document.getElementById("move-input");
    i.value = "a1xc1"; document.querySelector("#typed button").click();
    return mutorere.history().length + "|" + document.getElementById("typed-error").textContent;]]}})
  eq(results[1], '0|"a1xc1" names more than one move: a1-c1xb1 or a1-c1xb1xd4', "two captures named")
end)

test("small defects: the redo key, keys with Alt or Shift, typed moves in capitals, the picture's texts", function()
  local path = page("standard")
  local replay = write(dir .. "/replay.html", mt.html(mt.game():play("1-c"):play("8-1")))
  local results = browse({"open file://" .. path, "size 1280 900",
    -- → with nothing to redo: the computer still answers
    {js = [[mutorere.setup({black: "human", white: "computer", delay: 300}); mutorere.play("1-c");
      document.activeElement.blur(); return "";]]},
    "keys ARROW_RIGHT",
    {wait = [[return mutorere.history().length === 2;]]},
    -- ← with Alt (the browser's back) or Ctrl is not an undo; alone it is
    {js = [[mutorere.setup({black: "human", white: "human"});
      function press(o) {
        o.key = "ArrowLeft"; o.bubbles = true; o.cancelable = true;
        document.body.dispatchEvent(new KeyboardEvent("keydown", o));
        return mutorere.history().length;
      }
      return [press({altKey: true}), press({ctrlKey: true}), press({metaKey: true}), press({})].join(" ");]]},
    -- a typed move in capitals
    {js = [[document.getElementById("restart").click();
      var i = document.getElementById("move-input");
      i.value = " 1-C "; document.querySelector("#typed button").click();
      return mutorere.history().join(" ") + "|" + document.getElementById("typed-error").textContent;]]},
    -- pressed keys: ← with Shift leaves the game, alone it takes a move
    -- back; Tab and Shift+Tab come back to the same control
    {js = [[document.activeElement.blur(); return "";]]}, "keys SHIFT+ARROW_LEFT",
    {js = [[return mutorere.history().length;]]}, "keys ARROW_LEFT", {js = [[return mutorere.history().length;]]},
    {js = [[document.getElementById("restart").focus(); return "";]]}, "keys TAB",
    {js = [[return document.activeElement.id;]]}, "keys SHIFT+TAB", {js = [[return document.activeElement.id;]]},
    {js = OVERLAPS}, "open file://" .. replay, {js = OVERLAPS}})
  eq(results[2], "2 2 2 1", "Alt, Ctrl and Meta with ← leave the game; ← alone takes a move back")
  eq(results[3], "1-c|", "1-C typed plays 1-c")
  eq({results[5], results[6]}, {"1", "0"}, "pressed: Shift+← leaves the game, ← takes the move back")
  check(results[8] ~= "restart", "Tab leaves Restart: " .. tostring(results[8]))
  eq(results[9], "restart", "Shift+Tab comes back to it")
  eq(results[10], "", "the play page's board: no text over another")
  eq(results[11], "", "the replay page's board: no text over another")
end)

-- Where the page stands on a phone: the top of the first move button and
-- the height of the window; every control shorter than 44 px (a
-- checkbox or a slider by its label); the value chart's labels, each
-- inside the chart and the window.
local PHONE = [[var out = [];
  var first = (document.querySelector("#choices .choice") || document.getElementById("undo")).getBoundingClientRect();
  out.push(Math.round(first.bottom) + " of " + window.innerHeight);
  var small = [];
  document.querySelectorAll("button, select, input, textarea").forEach(function (e) {
    var box = (e.type === "checkbox" || e.type === "range") ? e.closest("label") : e;
    var r = box.getBoundingClientRect();
    if (r.width > 0 && r.height < 43.5 && !e.closest("#rules"))
      small.push((e.id || e.className || e.tagName) + " " + Math.round(r.height));
  });
  out.push(small.join(", "));
  var chart = document.getElementById("chart-box").getBoundingClientRect(), labels = [];
  document.querySelectorAll("#chart-labels span").forEach(function (s) {
    var r = s.getBoundingClientRect();
    labels.push(s.textContent + (r.left >= 0 && r.right <= window.innerWidth && r.top >= chart.top - 1 &&
                                 r.bottom <= chart.bottom + 1 ? " in" : " out"));
  });
  var box = document.getElementById("chart-box");
  out.push(labels.join(", ") + (box.scrollWidth > box.clientWidth ? " (the chart scrolls)" : ""));
  return out.join("|");]]

-- How wide the page is against the window less its scroll bar: what a
-- phone would scroll sideways to see.
local SIDEWAYS = [[var r = document.documentElement;
  return r.scrollWidth <= r.clientWidth ? "fits" : r.scrollWidth + " px wide in " + r.clientWidth;]]

test("a phone: the moves in the first screen, controls of 44 px, the chart's labels in view", function()
  local v = mt.variant{name = "long", repetition = false}
  local path = page(v)
  local results = browse({"open file://" .. path, "size 375 667", {js = SIDEWAYS}, {js = PHONE},
    {js = [[mutorere.setup({black: "human", white: "human"});
      for (var i = 0; i < 80 && !mutorere.result(); i++) mutorere.play(mutorere.moves()[0].move);
      document.getElementById("chart-box").scrollLeft = 0;
      return mutorere.history().length;]]}, {js = PHONE}, {js = SIDEWAYS}})
  eq(results[1], "fits", "the page as narrow as a phone (the players' settings were wider once)")
  eq(results[#results], "fits", "and after a long game")
  table.remove(results, 1)
  local bottom, height = (results[1] or ""):match("^(%d+) of (%d+)")
  check(bottom and tonumber(bottom) <= tonumber(height), "the first move button in the first screen: " ..
        tostring(results[1]))
  local _, small = (results[1] or ""):match("^(.-)|(.-)|")
  eq(small, "", "every control at least 44 px tall")
  eq(results[2], "80", "a long game")
  local labels = (results[3] or ""):match("|([^|]*)$")
  eq(labels, "wins in, draws in, loses in (the chart scrolls)", "the chart's labels in view in a long game")
end)

-- --- what GamesmanUni has: the value chart, the computer's style, records, challenges ---

-- The rows of the chart's table, a line each: its cells, then "now" for
-- the ply now, "later" for a ply taken back.
local CHART_ROWS = [[return Array.prototype.map.call(document.querySelectorAll("#chart-table tbody tr"), function (r) {
    return Array.prototype.map.call(r.cells, function (c) { return c.textContent; }).join("|") + "|" +
      (r.getAttribute("aria-current") ? "now" : r.classList.contains("future") ? "later" : "");
  }).join("\n");]]

-- Checks the chart and its table on the page of variant v along line
-- (two plies of it taken back).
local function check_chart(v, line)
  local path = page(v)
  local results = browse({"open file://" .. path,
    {js = "mutorere.setup({black: 'human', white: 'human'}); " .. js_list(line) .. ".forEach(mutorere.play);" ..
          [[mutorere.undo(); mutorere.undo();
      return Array.prototype.map.call(document.querySelectorAll("#chart-box .dot"), function (d) {
        return d.getAttribute("class").split(" ")[1];
      }).join(" ");]]},
    -- the chart as a table: opened, read, then a ply picked by the keys
    "click #chart-details summary", {wait = "return document.querySelectorAll('#chart-table tbody tr').length > 0;"},
    {js = CHART_ROWS},
    {js = [[document.querySelector('#chart-table .ply[data-ply="2"]').focus(); return "";]]}, "keys ENTER",
    {js = [[var e = document.activeElement;
      return mutorere.history().length + " " + e.closest("table").id + " " + e.getAttribute("data-ply");]]},
    {js = CHART_ROWS},
    "click #chart-box .dot[data-ply=\"3\"]", {js = "return mutorere.history().length;"},
    {js = [[var d = document.querySelector('#chart-box .dot[data-ply="]] .. #line .. [["]');
      d.scrollIntoView(); return "";]]},
    "click #chart-box .dot[data-ply=\"" .. #line .. "\"]",
    {js = "return mutorere.history().join(' ');"}})
  local g, want, rows = mt.game(v), {}, {}
  -- a ply's value and distance for the side to move (a draw once repetition or the ply cap ends the game)
  local function row(i, move, verdict)
    local a, winner, reason = g:analyse(), g:result()
    local drawn = winner and reason ~= "blocked"
    local value, d = drawn and "draw" or a.value, not drawn and a.distance or nil
    want[#want + 1] = value
    local side = g:position():match(" ([bw]) ?%d*$") == "b" and "Black" or "White"
    rows[#rows + 1] = table.concat({i, move or "start", side, ({win = "wins", draw = "draws", loss = "loses"})[value],
                                    d and tostring(d) or "–", verdict or "–"}, "|")
  end
  local review = g:copy()
  for _, m in ipairs(line) do review:play(m) end
  review = review:review()
  row(0)
  for i, m in ipairs(line) do
    g:play(m)
    row(i, m, review[i].verdict)
  end
  eq(results[1], table.concat(want, " "), "a dot a ply, the moves taken back too, by value for the side to move")
  local marked = {}
  for i, r in ipairs(rows) do
    marked[i] = r .. (i - 1 == #line - 2 and "|now" or i - 1 > #line - 2 and "|later" or "|")
  end
  eq(results[2], table.concat(marked, "\n"), "the table: a row a ply, its value and distance, in step with the chart")
  eq(results[3], "", "a ply's button focused")
  eq(results[4], "2 chart-table 2", "Enter on the table's ply 2 goes there, the focus kept on it")
  check((results[5] or ""):find("\n2|[^\n]*|now\n", 1) and select(2, results[5]:gsub("|later", "")) == #line - 2,
        "the table follows: ply 2 now, the rest later: " .. tostring(results[5]))
  eq(results[6], "3", "a click on the dot of ply 3 goes back there")
  eq(results[8], table.concat(line, " "), "a click on the last dot goes forward to the end")
end

test("the value chart: a dot a ply of the whole game, its value for the side to move; a click goes there; " ..
     "the same as a table, by the keys", function()
  check_chart(mt.variant{arms = 10}, random_line(mt.variant{arms = 10}, 12, 5))
  -- a game drawn by repetition by a move the graph values a win or a loss
  local v = mt.variant("standard")
  for seed = 1, 400 do
    local line, g = random_line(v, 40, seed), mt.game(v)
    for i = 1, #line - 1 do g:play(line[i]) end
    local value
    for _, m in ipairs(g:analyse().moves) do if m.move == line[#line] then value = m.value end end
    g:play(line[#line])
    if select(2, g:result()) == "repetition" and value ~= "draw" then
      check_chart(v, line)
      return
    end
  end
  check(false, "a line drawn by repetition where the graph says otherwise")
end)

-- The script that loads a game of n plies on the page of the standard
-- board without repetition (a cycle of three moves over and over), then
-- takes back a move, counting the elements that the arrays' own loops
-- and copies (forEach, map, filter, some, slice, indexOf) go through in
-- that redraw; returns the plies, the count and the milliseconds.
local function long_redraw(n)
  return [[var n = ]] .. n .. [[, moves = ["1-c", "8-1", "c-8", "7-c", "8-7", "1-8", "2-1", "c-2"];
    var cycle = ["7-c", "6-7", "c-6"];
    while (moves.length < n) moves.push(cycle[(moves.length - 8) % 3]);
    mutorere.load(mutorere.record().split("\n\n")[0] + "\n\n" + moves.join(" ") + " *\n");
    var count = 0, kept = {}, names = ["forEach", "map", "filter", "some", "slice", "indexOf"];
    names.forEach(function (name) {
      var own = kept[name] = Array.prototype[name];
      Array.prototype[name] = function () { count += this.length; return own.apply(this, arguments); };
    });
    var t = performance.now();
    try { mutorere.undo(); } finally { names.forEach(function (name) { Array.prototype[name] = kept[name]; }); }
    return [mutorere.history().length + 1, count, Math.round(performance.now() - t)].join(" ");]]
end

test("a long game: the chart and the lists redrawn in work that grows as the plies, not as their square",
     function()
  local path = write(dir .. "/long.html", (mt.html(mt.variant{name = "long", repetition = false})))
  local results = browse({"open file://" .. path, {js = long_redraw(1500)}, {js = long_redraw(3000)}})
  local counts = {}
  for i, n in ipairs({1500, 3000}) do
    local plies, count, ms = (results[i] or ""):match("^(%d+) (%d+) (%d+)$")
    eq(tonumber(plies), n, "a game of " .. n .. " plies loaded")
    counts[i] = tonumber(count) or 0
    print(string.format("  a redraw at %d plies: %s elements gone through, %s ms", n, tostring(count),
                        tostring(ms)))
  end
  -- twice the plies, twice the work (four times when quadratic)
  check(counts[2] < 2.5 * counts[1], string.format("1500 plies: %d, 3000: %d", counts[1], counts[2]))
end)

-- What the list of moves and the chart show, against the game: "" or
-- what differs (the page redraws only what changed in them).
local DRAWN_RIGHT = [[var h = mutorere.history(), v = mutorere.verdicts(), bad = [];
  var show = document.getElementById("show-values").checked;
  var buttons = document.querySelectorAll("#moves .ply");
  if (buttons.length !== h.length) bad.push(buttons.length + " moves listed of " + h.length);
  buttons.forEach(function (b, i) {
    if (b.textContent !== h[i] || b.getAttribute("data-ply") !== String(i + 1))
      bad.push("move " + (i + 1) + " listed as " + b.textContent);
    var cell = b.parentNode, span = cell.querySelector(".verdict");
    var right = show ? span && span.textContent === v[i] && cell.className === v[i].replace(" ", "-")
                     : !span && cell.className === "";
    if (!right)
      bad.push("move " + (i + 1) + "'s verdict");
  });
  document.querySelectorAll("#moves tr").forEach(function (r, k) {
    var number = r.querySelector("th").textContent;
    if (number !== (k + 1) + ".") bad.push("row " + (k + 1) + " numbered " + number);
    if (!r.querySelector("td[data-ply]")) bad.push("row " + (k + 1) + " without a move");
  });
  var dots = document.querySelectorAll("#chart-box .dot"), ply = h.length;
  var now = document.querySelector("#chart-box line.now");
  dots.forEach(function (d, i) {
    if (d.getAttribute("r") !== (i === ply ? "6" : "4.5")) bad.push("dot " + i + " of radius " + d.getAttribute("r"));
    if (d.classList.contains("future") !== (i > ply)) bad.push("dot " + i + (i > ply ? " not" : "") + " in the future");
  });
  if (Math.abs(Number(now.getAttribute("x1")) - Number(dots[ply].getAttribute("cx"))) > 0.06)
    bad.push("the line of the ply now");
  var label = document.querySelector("#chart-box svg").getAttribute("aria-label");
  if (label.indexOf("at ply " + ply + " ") < 0) bad.push("the chart's label");
  return h.join(" ") + "|" + bad.join("; ");]]

-- The steps of a game on the standard page, each a change the page draws
-- in part: moves played, taken back, another line, a ply picked in the
-- list and in the chart, the values hidden and shown, a record of another
-- start with the same moves (other verdicts), white first.
local REDRAW_STEPS = {
  [[mutorere.setup({black: "human", white: "human"});
    for (var i = 0; i < 8; i++) mutorere.play(mutorere.moves()[0].move);
    window.__first = mutorere.record();]],
  [[mutorere.undo(); mutorere.undo(); mutorere.undo();]],
  [[var m = [];
    while (m.length === 0) {
      var last = mutorere.history().pop();
      mutorere.undo();
      m = mutorere.moves().filter(function (x) { return x.move !== last; });
    }
    mutorere.play(m[0].move); mutorere.play(mutorere.moves()[0].move);]],
  [[while (mutorere.history().length < 8) mutorere.play(mutorere.moves()[0].move);]],
  [[document.getElementById("record-text").value = window.__first; document.getElementById("import").click();]],
  [[document.querySelector('#moves .ply[data-ply="2"]').click();]],
  [[document.getElementById("show-values").click();]],
  [[mutorere.redo(); mutorere.redo();]],
  [[document.getElementById("show-values").click();]],
  [[document.querySelector('#chart-box .dot[data-ply="5"]').dispatchEvent(new MouseEvent("click"));]],
  [[mutorere.undo(); mutorere.undo(); mutorere.play("1-c"); mutorere.play("8-1");]],
  [[document.getElementById("record-text").value = mutorere.record().split("\n\n")[0] +
      '\n[Position "bwbbbwww/. b"]\n\n1-c 8-1 *';
    document.getElementById("import").click();]],
  [[document.getElementById("record-text").value = "bbbbwwww/. w"; document.getElementById("import").click();
    for (var i = 0; i < 5; i++) mutorere.play(mutorere.moves()[0].move);]],
  [[mutorere.undo(); mutorere.undo();]],
  [[document.querySelector('#moves .ply[data-ply="1"]').click();]],
  [[mutorere.redo(); mutorere.redo(); mutorere.redo();]],
}

test("the list of moves and the chart, redrawn in part, show what the game is", function()
  local commands = {"open file://" .. page("standard")}
  for _, step in ipairs(REDRAW_STEPS) do commands[#commands + 1] = {js = step .. "\n" .. DRAWN_RIGHT} end
  local results = browse(commands)
  check(#results == #REDRAW_STEPS, "every step ran: " .. #results)
  local lengths = {}
  for i, r in ipairs(results) do
    local moves, bad = r:match("^(.-)|(.*)$")
    eq(bad, "", "step " .. i .. " (" .. tostring(moves) .. ")")
    lengths[i] = select(2, (moves or ""):gsub("%S+", ""))
  end
  eq(table.concat(lengths, " "), "8 5 5 8 8 2 2 4 4 5 5 2 5 3 1 4", "the moves at each step")
end)

-- The script that plays line on the page (in a new game by its Restart
-- button when again is true) and at each ply before its end gives the
-- move and expected score of mutorere.against(skill).
local function against_script(line, skill, again)
  return "var line = " .. js_list(line) .. [[, out = [];
    if (]] .. tostring(again) .. [[) document.getElementById("restart").click();
    mutorere.setup({black: "human", white: "human"});
    line.forEach(function (m) {
      var a = mutorere.against(]] .. skill .. [[);
      out.push(a ? a.move + " " + a.expected.toFixed(12) : "-");
      mutorere.play(m);
    });
    return out.join("\n");]]
end

test("the computer playing for the win chooses as mt.player('perfect', {against = s}); set by the controls",
     function()
  -- (a move of the player takes a second on standard, where it walks
  -- past its bound of states and falls back to its rollouts, bounded: its
  -- start alone; the others exact, the capped one under its cap)
  local specs = {{v = mt.variant("standard"), skill = 0.5, lines = 1, plies = 1},
                 {v = mt.variant("pong-hau-ki"), skill = 0.3, lines = 3, plies = 10},
                 {v = mt.variant{name = "capped", max_plies = 16}, skill = 0.7, lines = 1, plies = 10}}
  local commands = {}
  for _, spec in ipairs(specs) do
    commands[#commands + 1] = "open file://" .. page(spec.v)
    spec.played = {}
    for seed = 1, spec.lines do
      spec.played[seed] = random_line(spec.v, spec.plies, seed + 10)
      commands[#commands + 1] = {js = against_script(spec.played[seed], spec.skill, seed > 1)}
    end
  end
  -- by the controls, on the capped page still open: White the computer,
  -- playing for the win against 0.3, answers Black's moves (three of its
  -- turns where plain perfect play has a choice of moves)
  local capped, black = specs[3].v, {"1-c", "c-8", "4-5", "3-c", "c-4", "2-1"}
  commands[#commands + 1] = {js = [[document.getElementById("restart").click();
      mutorere.setup({black: "human", delay: 0});
      function set(id, value) { var e = document.getElementById(id); e.value = value;
        e.dispatchEvent(new Event(e.tagName === "SELECT" ? "change" : "input")); }
      var assumes = document.getElementById("white-assumes"), before = assumes.getClientRects().length;
      set("white-player", "computer"); set("white-style", "against"); set("white-against", "0.3");
      return before + " " + assumes.getClientRects().length + " " + assumes.hidden + " " +
             document.getElementById("white-against-text").textContent;]]}
  for i, m in ipairs(black) do
    commands[#commands + 1] = {js = "mutorere.play(" .. string.format("%q", m) .. "); return '';"}
    commands[#commands + 1] = {wait = "return mutorere.history().length >= " .. 2 * i .. " || mutorere.result();"}
  end
  commands[#commands + 1] = {js = "return mutorere.history().join(' ');"}
  -- the browser's answers and the player's choices at once (each position
  -- once: the lines of pong-hau-ki share their first plies)
  local answers, want = send(commands), {}
  for _, spec in ipairs(specs) do
    local player, known = mt.player("perfect", {against = spec.skill}), {}
    for _, line in ipairs(spec.played) do
      local g, choices = mt.game(spec.v), {}
      for k, m in ipairs(line) do
        if g:analyse().value ~= "win" then -- (where it wins, ties of plain perfect go either way)
          local key = table.concat(g:history(), " ")
          if not known[key] then
            local move, info = player:choose(g)
            known[key] = string.format("%s %.12f", move, info.expected)
          end
          choices[k] = known[key]
        end
        g:play(m)
      end
      want[#want + 1] = {name = spec.v.name, choices = choices}
    end
  end
  local player, replies = mt.player("perfect", {against = 0.3}), {}
  local function reply(game) -- (the player's move in game, by its position)
    local key = game:position()
    if not replies[key] then replies[key] = game:analyse().value ~= "win" and (player:choose(game)) or false end
    return replies[key]
  end
  local ahead = mt.game(capped)
  for _, m in ipairs(black) do
    if ahead:play(m):result() or not reply(ahead) then break end
    ahead:play(reply(ahead))
  end
  local results, _, failure = answers()
  check(not failure, "the browser: " .. tostring(failure))
  local cases = 0
  for i, w in ipairs(want) do
    local got = {}
    for l in (results[i] or ""):gmatch("[^\n]+") do got[#got + 1] = l end
    for k, choice in pairs(w.choices) do
      eq(got[k], choice, w.name .. ": ply " .. (k - 1))
      cases = cases + 1
    end
  end
  check(cases > 20, "positions compared: " .. cases)
  eq(results[#want + 1], "0 1 false perfect 30% of moves", "the assumed strength shows with the style (only then)")
  local played, g = {}, mt.game(capped)
  for m in (results[#results] or ""):gmatch("%S+") do played[#played + 1] = m end
  for i, m in ipairs(played) do
    if i % 2 == 0 and reply(g) then
      eq(m, reply(g), "White's move " .. i .. " is the against player's")
    end
    g:play(m)
  end
  eq(#played, 2 * #black, "moves played: " .. #played)
end)

test("records: copied and downloaded as mt.from_record reads them; records and positions read back", function()
  local v = mt.variant{arms = 10}
  local line = random_line(v, 9, 21)
  local source = mt.game(v)
  for _, m in ipairs(line) do source:play(m) end
  local elsewhere = mt.game(v)
  for _ = 1, 4 do elsewhere:play(elsewhere:analyse().moves[1].move) end
  local position = elsewhere:position():gsub(" %d+$", "")
  local bad = mt.game(v):play(line[1]):record():gsub("%*%s*$", line[1] .. " *")
  local path = page(v)
  local function load(text)
    local quoted = '"' .. text:gsub('[\\"]', "\\%0"):gsub("\n", "\\n") .. '"'
    return {js = "var box = document.getElementById('record-text'); box.value = " .. quoted ..
                 "; document.getElementById('import').click();" ..
                 "return document.getElementById('record-status').textContent + '|' + mutorere.history().join(' ')" ..
                 " + '|' + mutorere.state().position;"}
  end
  local results = browse({"open file://" .. path,
    {js = "mutorere.setup({black: 'human', white: 'human'}); " .. js_list(line) .. ".forEach(mutorere.play);" ..
          "return '';"},
    "click #copy-record",
    {wait = "return document.getElementById('record-status').textContent !== '';"},
    {js = "return document.getElementById('record-text').value;"},
    "click #download-record", {js = "return document.getElementById('record-status').textContent;"},
    load(source:record()), load(position), load(bad), load(mt.game("standard"):play("1-c"):record()),
    "click #copy-record", {js = "return document.getElementById('record-text').value;"},
    load(source:record():gsub('%[Arms "10"%]', '[Misere "true"]'))})
  local copied = mt.from_record(results[2] or "")
  eq(copied:history(), line, "the record copied reads back as the game")
  eq(copied:position(), source:position(), "and its position")
  check((results[3] or ""):find("downloaded as standard.mtr", 1, true), "downloaded: " .. tostring(results[3]))
  eq(results[4], string.format("Playing on from the text: %d moves, then %s.|%s|%s", #line, source:position(),
                               table.concat(line, " "), source:position()), "a record read back")
  eq(results[5], string.format("Playing on from the text: 0 moves, then %s.||%s", position, position),
     "a position read: the game starts there")
  local said = (results[6] or ""):match("^(.-)|")
  check(said and said:find("Not played: move 2:", 1, true), "a record with an illegal move: " .. tostring(said))
  check((results[6] or ""):match("|(.-)|") == "", "and the game stays as it was (no moves)")
  check((results[7] or ""):find("another game", 1, true), "a record of another variant: " .. tostring(results[7]))
  local again = mt.from_record(results[8] or "")
  eq({again:start(), #again:history()}, {elsewhere:position():gsub(" %d+$", "") .. "", 0},
     "a game from a position: its record starts there")
  check((results[9] or ""):find('its Arms is not given, this page\'s "10"', 1, true),
        "a record of the standard game on 8 arms is another game here: " .. tostring(results[9]))
end)

test("positions read in: the ply the engine reads, no move past its last; long text cut in the message", function()
  -- (issue 33) ply 99999999999999999999999 became 1e+23 and its record
  -- was refused by mt.load; a negative ply was refused as another game; a
  -- long bad token was shown whole (the page 47,999 px wide)
  local path = page("standard")
  local function load(text)
    local quoted = '"' .. text:gsub('[\\"]', "\\%0"):gsub("\n", "\\n") .. '"'
    return {js = "var box = document.getElementById('record-text'); box.value = " .. quoted ..
                 "; document.getElementById('import').click();" ..
                 "return document.getElementById('record-status').textContent + '|' + " ..
                 "mutorere.history().join(' ') + '|' + mutorere.state().position;"}
  end
  local long = string.rep("x", 48000)
  local results, logs = browse({"open file://" .. path, "size 1280 900",
    load("bbbbwwww/. b 99999999999999999999999"), load("bbbbwwww/. b -1"),
    load((mt.game():play("4-c"):record():gsub("%*%s*$", long .. " *"))),
    load("bbbbwwww/. b " .. long),
    {js = "return document.documentElement.scrollWidth + ' ' + document.documentElement.clientWidth;"},
    load("bbb.wwww/b w 999999998"),
    {js = "mutorere.play('5-4'); try { mutorere.play('c-5'); return 'played'; } catch (e) { return e.message; }"},
    "click #copy-record", {js = "return document.getElementById('record-text').value;"}, "logs"})
  local function said(i) return (results[i] or ""):match("^(.-)|") or "" end
  local start = "|" .. "|bbbbwwww/. b"
  eq(results[1], "Not played: bad position: the ply must be a number from 0 to 999999999, found " ..
                 '"99999999999999999999999"' .. start, "a ply past the engine's last")
  eq(results[2], 'Not played: bad position: the ply must be a number from 0 to 999999999, found "-1"' .. start,
     "a negative ply")
  eq(said(3), 'Not played: move 2: "' .. string.rep("x", 40) .. '..." is not a legal move here; ' ..
              "legal: 5-4", "a long move cut in the message")
  eq(said(4), 'Not played: bad position: the ply must be a number from 0 to 999999999, found "' ..
              string.rep("x", 40) .. '..."', "a long ply cut in the message")
  local wide, width = (results[5] or ""):match("^(%d+) (%d+)$")
  check(wide and tonumber(wide) <= tonumber(width), "the page no wider than its window: " .. tostring(results[5]))
  eq(results[6], "Playing on from the text: 0 moves, then bbb.wwww/b w 999999998.||bbb.wwww/b w 999999998",
     "the last plies read")
  eq(results[7], "play: the game is at ply 999999999, the last a position holds: no move is played past it",
     "no move past the last ply, as the engine")
  local g = mt.from_record(results[8] or "")
  eq({g:start(), g:history(), g:position()}, {"bbb.wwww/b w 999999998", {"5-4"}, "bbbw.www/b b 999999999"},
     "its record reads back")
  no_errors(logs, "import")
end)

-- Plays the challenge whose button is id by clicks on the move buttons
-- (the k-th best move of the list, k = pick(turn)) until it is scored;
-- returns the start, the moves, the score's sentence.
local function challenge_commands(id, pick)
  return {"click #" .. id,
    {js = "window.__start = mutorere.state().position; window.__side = mutorere.state().side; return '';"},
    {["while"] = "return !document.getElementById('challenge-status').textContent;"},
    {clickjs = [[if (mutorere.state().side !== window.__side || mutorere.result()) return "";
      var b = document.querySelectorAll("#choices .choice");
      return "#choices li:nth-child(" + (Math.min(]] .. pick .. [[, b.length - 1) + 1) + ") .choice";]]},
    {wait = "return mutorere.state().side === window.__side || mutorere.result();"},
    "end",
    {js = "return window.__start + '|' + mutorere.history().join(' ') + '|' + " ..
          "document.getElementById('challenge-status').textContent + '|' + " ..
          "document.getElementById('show-values').checked;"}}
end

-- Checks a challenge played from start by moves against the solver:
-- the score the page gave is the one its rule gives.
local function check_challenge(v, text, kind)
  local start, moves, said, shown = (text or ""):match("^(.-)|(.-)|(.-)|(.*)$")
  local g = mt.game(v, start)
  local best, side = select(2, mt.solve(v):lookup(g)), g:turn()
  for m in moves:gmatch("%S+") do g:play(m) end
  local n, winner = #g:history(), g:result()
  local score = kind == "win" and (winner == side and math.floor(100 * best / n + 0.5) or 0)
                or math.floor(100 * math.min(n, best) / best + 0.5)
  check(said:find(": " .. score .. " points.", 1, true), kind .. ": the score " .. score .. " of " ..
        n .. " plies, " .. best .. " at best: " .. said)
  eq(shown, "true", kind .. ": the values shown again once scored")
  return n, best
end

test("challenges scored against the solver: win fastest, lose slowest, every drawing move (the score focused)",
     function()
  local v = mt.variant("standard")
  local path = page(v)
  -- (the computer answers at once: no delay)
  local commands = {"open file://" .. path, {js = "mutorere.setup({delay: 0}); return '';"}}
  for _, c in ipairs({{"challenge-win", 0}, {"challenge-win", 1}, {"challenge-lose", 0}, {"challenge-lose", 1}}) do
    for _, x in ipairs(challenge_commands(c[1], c[2])) do commands[#commands + 1] = x end
    commands[#commands + 1] = "click #restart"
  end
  -- every drawing move: ticked exactly, then every move ticked
  for _, all in ipairs({false, true}) do
    commands[#commands + 1] = "click #challenge-draws"
    commands[#commands + 1] = {js = [[var draws = mutorere.moves().filter(function (m) { return m.value === "draw"; })
      .map(function (m) { return m.move; });
      var shown = document.getElementById("show-values").checked;
      document.querySelectorAll("#draw-boxes input").forEach(function (b) {
        if (]] .. tostring(all) .. [[ || draws.indexOf(b.value) >= 0) b.click();
      });
      var boxes = document.querySelectorAll("#draw-boxes input");
      boxes[boxes.length - 1].focus();
      window.__moves = mutorere.moves();
      return shown + "";]]}
    -- Check by a click, then by the keys (Tab from the last box, Enter)
    if all then
      commands[#commands + 1] = "keys TAB ENTER"
    else
      commands[#commands + 1] = "click #draw-check"
    end
    commands[#commands + 1] = {js = [[var e = document.activeElement;
      return JSON.stringify(window.__moves) + "|" + document.getElementById("challenge-status").textContent +
        "|" + (e.id || e.tagName);]]}
  end
  local results = browse(commands)
  table.remove(results, 1)
  local _, best = check_challenge(v, results[2], "win")
  local _, other = check_challenge(v, results[4], "win")
  check(best >= 3 and other >= 3, "won positions three plies or more from the end")
  check_challenge(v, results[6], "lose")
  check_challenge(v, results[8], "lose")
  local _, said = (results[2] or ""):match("^(.-)|.-|(.-)|")
  check(said and said:find("the fastest win takes", 1, true), "the sentence: " .. tostring(said))
  for i, all in ipairs({false, true}) do
    eq(results[8 + 2 * i - 1], "false", "the values hidden during the challenge")
    local moves, text, focus = (results[8 + 2 * i] or ""):match("^(.-)|(.*)|(.-)$")
    eq(focus, "challenge-status", "after Check the score has the focus (not the page's body)")
    local draws, losses = 0, 0
    for value in (moves or ""):gmatch('"value":"(%a+)"') do
      if value == "draw" then draws = draws + 1 else losses = losses + 1 end
    end
    check(draws > 0 and losses > 0, "a position with drawing and losing moves")
    local score = all and math.max(0, math.floor(100 * (draws - losses) / draws + 0.5)) or 100
    check(text and text:find(string.format("You found %d of the %d drawing moves", draws, draws), 1, true) and
          text:find(": " .. score .. " points.", 1, true), "every drawing move: " .. tostring(text))
  end
end)

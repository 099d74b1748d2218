/*
 * extras.js — the last part of the play page's script (after rules.js and
 * play.js): what GamesmanUni has beside the game: the value chart (each
 * ply's value and distance for the side to move; a click goes there), the
 * game's record (copied, downloaded, or read back with a position to play
 * on from), and challenges scored against the solver.  Then the start.
 */

/* --- the value chart, and the same as a table --- */

/* The states of the whole line, the moves taken back included: the game
 * then its future (what redo would play). */
function wholeLine() {
  var line = game.line.slice(), moves = game.moves.slice();
  for (var k = game.future.length - 1; k >= 0; k--) {
    var id = line[line.length - 1], kid = null;
    states[id].kids.forEach(function (c) { if (moveText(id, c) === game.future[k]) kid = c; });
    if (kid === null) break;
    line.push(kid);
    moves.push(game.future[k]);
  }
  return {line: line, moves: moves};
}

/* Each ply of the whole line: {ply, side (to move), value and d (its
 * distance) for that side, a draw once repetition or the ply cap ends
 * the game (as lineResult says), move (the one played to get there) and
 * its verdict}; in one pass, the states counted as it goes. */
function linePlies(whole) {
  var kept = game.line, seen = {}, out = [];
  game.line = whole.line; // (verdictOf(i) reads plies i - 1 and i)
  whole.line.forEach(function (id, i) {
    seen[id] = (seen[id] || 0) + 1;
    var s = states[id];
    var drawn = !s.reason && ((data.repetition > 0 && seen[id] >= data.repetition) ||
                              (data.maxPlies > 0 && i >= data.maxPlies));
    out.push({ply: i, side: boardOf(id).side, value: drawn ? "draw" : s.value, d: drawn ? null : s.distance,
              move: i > 0 ? whole.moves[i - 1] : null, verdict: i > 0 ? verdictOf(i) : null});
  });
  game.line = kept;
  return out;
}

/* The height of a value for the side to move on the chart: 1 a win
 * now, down to 0.3 a win 20 plies or more away, 0 a draw, below 0 the
 * same for a loss. */
function height(value, distance) {
  if (value === "draw") return 0;
  var x = 1 - 0.7 * Math.min(distance, 20) / 20;
  return value === "win" ? x : -x;
}

/* What ply p of the line is, in words. */
function plyWords(p) {
  return "ply " + p.ply + ": " + CAPITAL[p.side] + " to move " + valueWords(p.value, p.d) +
    (p.move ? " (after " + p.move + ", " + p.verdict + ")" : "");
}

/* Draws the chart and its table from the whole line. */
function drawChart() {
  var whole = wholeLine(), at = linePlies(whole);
  drawChartPicture(at, whole.line.join(" "));
  drawChartTable(at);
}

/* The chart drawn last: the whole line it shows (key), its svg, dots and
 * line of the ply now, where it puts ply 0 and a ply's step, the ply now. */
var charted = {key: null};

/* Says in the chart's label where the game is (at: linePlies). */
function chartLabel(at) {
  var now = at[plies()];
  return "value chart of " + (at.length - 1) + " plies; at ply " + plies() + " the side to move " +
    valueWords(now.value, now.d) + " (the table below gives every ply; the list of moves goes to any ply too)";
}

/* The chart: a dot a ply (at: linePlies), coloured and placed by its
 * value; a click on one goes there.  The same line (key) drawn again
 * moves only the mark of the ply now (a record may hold 100,000 plies). */
function drawChartPicture(at, key) {
  var box = document.getElementById("chart-box");
  if (charted.key === key && box.firstChild === charted.root) moveChartNow(at);
  else newChart(at, key, box);
  box.scrollLeft = Math.max(0, charted.pad + plies() * charted.dx - box.clientWidth / 2);
}

/* Draws the chart of at (of the line key) anew in box. */
function newChart(at, key, box) {
  var n = at.length - 1, step = 18, tall = 120, pad = 12;
  var width = Math.max(240, n * step + 2 * pad), dx = n > 0 ? (width - 2 * pad) / n : 0;
  box.textContent = "";
  var root = make("svg", {xmlns: SVG, viewBox: "0 0 " + width + " " + tall, width: width, height: tall,
                          role: "img", "aria-label": chartLabel(at)}, box);
  function y(p) { return tall / 2 - height(p.value, p.d) * (tall / 2 - pad); }
  make("line", {x1: 0, y1: tall / 2, x2: width, y2: tall / 2, "class": "axis"}, root);
  var now = make("line", {x1: pad + plies() * dx, y1: 0, x2: pad + plies() * dx, y2: tall, "class": "now"}, root);
  make("polyline", {points: at.map(function (p) { return (pad + p.ply * dx).toFixed(1) + "," + y(p).toFixed(1); })
                    .join(" "), "class": "path"}, root);
  var dots = at.map(function (p, i) {
    var dot = make("circle", {cx: (pad + i * dx).toFixed(1), cy: y(p).toFixed(1), r: i === plies() ? 6 : 4.5,
                              "class": "dot " + p.value + (i > plies() ? " future" : "") +
                                       (p.verdict === "blunder" || p.verdict === "inaccuracy" ? " " + p.verdict : ""),
                              "data-ply": String(i)}, root);
    make("title", {}, dot).textContent = plyWords(p);
    dot.addEventListener("click", function () { goTo(i); });
    return dot;
  });
  charted = {key: key, root: root, dots: dots, now: now, pad: pad, dx: dx, ply: plies()};
}

/* Moves the chart's mark of the ply now to plies(): its line, the larger
 * dot, the dots after it marked as the future. */
function moveChartNow(at) {
  var from = charted.ply, to = plies(), x = String(charted.pad + to * charted.dx);
  charted.root.setAttribute("aria-label", chartLabel(at));
  charted.now.setAttribute("x1", x);
  charted.now.setAttribute("x2", x);
  charted.dots[from].setAttribute("r", "4.5");
  charted.dots[to].setAttribute("r", "6");
  for (var i = Math.min(from, to) + 1; i <= Math.max(from, to); i++) charted.dots[i].classList.toggle("future", i > to);
  charted.ply = to;
}

/* The chart as a table (while it is open): a row a ply, its value and
 * distance for the side to move, the move that led there and its
 * verdict; the ply a button that goes there, the ply now marked. */
function drawChartTable(at) {
  var body = document.querySelector("#chart-table tbody");
  body.textContent = "";
  if (!document.getElementById("chart-details").open) return;
  var here = null;
  at.forEach(function (p) {
    var row = body.insertRow(), th = document.createElement("th"), button = document.createElement("button");
    var later = p.ply > plies();
    th.scope = "row";
    button.type = "button";
    button.className = "ply";
    button.setAttribute("data-ply", String(p.ply));
    button.textContent = String(p.ply);
    button.setAttribute("aria-label", "go to ply " + p.ply + (later ? " (taken back)" : ""));
    button.addEventListener("click", goTo.bind(null, p.ply));
    th.appendChild(button);
    row.appendChild(th);
    [p.move || "start", CAPITAL[p.side], VALUE_WORD[p.value], p.d === null ? "–" : String(p.d),
     p.verdict || "–"].forEach(function (text) { row.insertCell().textContent = text; });
    row.className = p.value + (later ? " future" : "");
    if (p.ply === plies()) { row.setAttribute("aria-current", "true"); here = row; }
  });
  var box = document.getElementById("chart-table-box");
  if (here) box.scrollTop = Math.max(0, here.offsetTop - box.clientHeight / 2);
}

document.getElementById("chart-details").addEventListener("toggle", function () {
  drawChartTable(linePlies(wholeLine()));
});

/* --- the record --- */

/* A tag line of a record. */
function tagLine(name, value) {
  return "[" + name + " \"" + String(value).replace(/\\/g, "\\\\").replace(/"/g, "\\\"") + "\"]";
}

var RESULT_TOKEN = {black: "1-0", white: "0-1", draw: "1/2-1/2"};

/* The game as a record, as Game:record writes it: the date, the
 * variant's tags (data.tags, from the Lua side), the result, the start
 * when it is not the variant's, then the numbered moves. */
function recordText() {
  if (!data.tags) throw new Error("this game cannot be written as a record: " + data.noRecord);
  var d = new Date(), r = result(), token = r ? RESULT_TOKEN[r.winner] : "*";
  var two = function (x) { return (x < 10 ? "0" : "") + x; };
  var lines = [tagLine("Date", d.getFullYear() + "." + two(d.getMonth() + 1) + "." + two(d.getDate()))];
  data.tags.forEach(function (t) { lines.push(tagLine(t[0], t[1])); });
  lines.push(tagLine("Result", token));
  var start = positionText(game.line[0], game.startPly);
  if (start !== data.variantStart) lines.push(tagLine("Position", start));
  var words = [], white = boardOf(game.line[0]).side === "white";
  game.moves.forEach(function (m, i) {
    var ply = i + (white ? 1 : 0);
    if (ply % 2 === 0) words.push((ply / 2 + 1) + ".");
    else if (i === 0) words.push("1...");
    words.push(m);
  });
  words.push(token);
  return lines.join("\n") + "\n\n" + words.join(" ") + "\n";
}

/* The state whose board and side are those of position text (a ply
 * after them is the game's, 0 to MAX_PLY, as the engine reads it); throws
 * when the page carries none. */
function stateOfText(text) {
  var parts = text.trim().split(/\s+/);
  if (parts.length > 1 && /^\d+\/\d+$/.test(parts[1])) { /* the hands */
    if (/^0+\/0+$/.test(parts[1])) parts.splice(1, 1);
    else parts.splice(0, 2, parts[0] + " " + parts[1].replace(/^0+(\d)/, "$1").replace(/\/0+(\d)/, "/$1"));
  }
  var want = parts.slice(0, 2).join(" ").toLowerCase();
  if (parts.length > 3) throw new Error("not a position: " + shown(text));
  if (parts[2] !== undefined && !(/^\d{1,9}$/.test(parts[2])))
    throw new Error("bad position: the ply must be a number from 0 to " + MAX_PLY + ", found " +
                    shown(parts[2]));
  var ply = parts[2] === undefined ? 0 : Number(parts[2]);
  for (var id = 0; id < states.length; id++) {
    if (boardText(id).toLowerCase() === want) return {id: id, ply: ply};
  }
  throw new Error("the position " + shown(parts.slice(0, 2).join(" ")) + " is not among the " +
                  states.length + " states this page carries (those reachable from its start)");
}

var RULE_TAGS = ["Variant", "Arms", "Points", "Lines", "Flank", "AdjacentEnemy", "Misere",
                 "Repetition", "MaxPlies", "Moves"];

/* Starts the game that record text (or a position text) gives, or
 * throws saying what is wrong, the game as it was. */
function loadText(text) {
  var lines = String(text).split(/\r?\n/), tags = {}, body = [];
  lines.forEach(function (line) {
    var m = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (m) tags[m[1]] = m[2].replace(/\\(.)/g, "$1");
    else body.push(line);
  });
  var moves = body.join("\n").replace(/\{[^}]*\}/g, " ").replace(/;[^\n]*/g, " ").trim();
  if (Object.keys(tags).length === 0 && /^[^\s]+(\s+\d+\/\d+)?\s+[bw](\s+\S+)?$/i.test(moves) &&
      moves.split(/\s+/)[0].indexOf("/") >= 0 === wheel) {
    var at = stateOfText(moves);
    newGame(at.id, at.ply);
    return;
  }
  var mine = {};
  (data.tags || []).forEach(function (t) { mine[t[0]] = t[1]; });
  /* A rule tag left out means the named variant's own rule, which this
   * page gives only when it differs: the record and the page must give the
   * same ones, but for a wheel's size that the record gives and that is
   * this page's. */
  RULE_TAGS.forEach(function (name) {
    var theirs = tags[name], ours = mine[name];
    if (name === "Arms" && wheel && ours === undefined && Number(theirs) === data.arms) return;
    if (theirs !== ours)
      throw new Error("the record is of another game: its " + name + " is " +
                      (theirs === undefined ? "not given" : shown(theirs)) +
                      ", this page's " + (ours === undefined ? "not given" : shown(ours)));
  });
  var start = stateOfText(tags.Position || data.variantStart), kept = game;
  newGame(start.id, start.ply);
  var tokens = moves.split(/\s+/).filter(function (w) { return w !== ""; }), count = 0;
  try {
    tokens.forEach(function (w, i) {
      w = w.replace(/^\d+\.(\.\.)?/, "");
      if (w === "" || (i === tokens.length - 1 && /^(1-0|0-1|1\/2-1\/2|\*)$/.test(w))) return;
      count++;
      try {
        playMove(w);
      } catch (err) {
        throw new Error("move " + count + ": " + err.message.replace(/^play: /, ""));
      }
    });
  } catch (err) {
    game = kept;
    throw err;
  }
}

/* Says what of the record happened. */
function recordSays(text) { document.getElementById("record-status").textContent = text; }

/* The record, or null after saying why there is none. */
function recordOrSay() {
  try {
    return recordText();
  } catch (err) {
    recordSays(err.message.charAt(0).toUpperCase() + err.message.slice(1) + ".");
    return null;
  }
}

document.getElementById("copy-record").addEventListener("click", function () {
  var box = document.getElementById("record-text"), text = recordOrSay();
  if (text === null) return;
  box.value = text;
  function fallback() {
    box.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    recordSays(done ? "The record is copied." : "The record is in the box below: copy it from there.");
  }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(box.value).then(function () { recordSays("The record is copied."); }, fallback);
  } else {
    fallback();
  }
});
document.getElementById("download-record").addEventListener("click", function () {
  var text = recordOrSay();
  if (text === null) return;
  var blob = new Blob([text], {type: "text/plain"}), a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = data.name.replace(/[^\w-]+/g, "-") + ".mtr";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
  recordSays("The record is downloaded as " + a.download + ".");
});
document.getElementById("import").addEventListener("click", function () {
  try {
    loadText(document.getElementById("record-text").value);
  } catch (err) {
    recordSays("Not played: " + err.message);
    return;
  }
  endChallenge();
  after(true, "Playing on from " + positionText(current(), game.startPly + plies()) + ".");
  recordSays("Playing on from the text: " + game.moves.length + " moves, then " +
             positionText(current(), game.startPly + plies()) + ".");
});

/* --- challenges, scored against the solver --- */

var challenge = null; // {kind, side, best, before: the settings it replaced}

var CHALLENGES = {
  win: {task: "win in the fewest moves", fits: function (s) { return s.value === "win" && s.distance >= 3; }},
  lose: {task: "lose as slowly as you can", fits: function (s) { return s.value === "loss" && s.distance >= 4; }},
  draws: {task: "find every move that keeps the draw",
          fits: function (s, id) {
            var list = choicesOf(id);
            return s.value === "draw" && list.some(function (c) { return c.value !== "draw"; });
          }}
};

/* Starts a challenge of kind from a random state that fits it. */
function startChallenge(kind) {
  var fit = [];
  states.forEach(function (s, id) { if (!s.reason && CHALLENGES[kind].fits(s, id)) fit.push(id); });
  var status = document.getElementById("challenge-status");
  if (fit.length === 0) { status.textContent = "No position of this board fits that challenge."; return; }
  endChallenge();
  var id = fit[Math.floor(Math.random() * fit.length)], side = boardOf(id).side;
  challenge = {kind: kind, side: side, best: states[id].distance,
               before: {black: settings.black, white: settings.white, show: settings.show}};
  settings[side] = {who: "human", skill: 1, against: null};
  settings[OTHER[side]] = {who: kind === "draws" ? "human" : "computer", skill: 1, against: null};
  settings.show = false;
  showValues.checked = false;
  showValues.disabled = true;
  newGame(id, 0);
  status.textContent = "";
  drawSetup();
  after(false, "Challenge: " + CAPITAL[side] + " to " + CHALLENGES[kind].task + ".");
  drawDrawPicks(id);
}

/* Ends the challenge, if any: the players and the values as they were. */
function endChallenge() {
  if (!challenge) return;
  settings.black = challenge.before.black;
  settings.white = challenge.before.white;
  settings.show = challenge.before.show;
  showValues.checked = settings.show;
  showValues.disabled = false;
  challenge = null;
  document.getElementById("challenge-task").hidden = true;
  drawSetup();
}

/* The checkboxes of the moves of state id, for "find every drawing move". */
function drawDrawPicks(id) {
  var boxes = document.getElementById("draw-boxes");
  boxes.textContent = "";
  document.getElementById("draw-picks").hidden = challenge.kind !== "draws";
  if (challenge.kind !== "draws") return;
  choicesOf(id).sort(function (a, b) { return a.order - b.order; }).forEach(function (c) {
    var label = document.createElement("label"), box = document.createElement("input");
    box.type = "checkbox";
    box.value = c.move;
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + c.move));
    boxes.appendChild(label);
  });
}

/* Scores the moves ticked: each drawing move found counts, each losing
 * one ticked takes one back; the score then has the focus (its live
 * region says it too). */
function checkDrawPicks() {
  if (!challenge || challenge.kind !== "draws") return;
  var draws = 0, found = 0, wrong = 0, list = choicesOf(current()), ticked = {};
  document.querySelectorAll("#draw-boxes input").forEach(function (b) { ticked[b.value] = b.checked; });
  list.forEach(function (c) {
    if (c.value === "draw") { draws++; if (ticked[c.move]) found++; } else if (ticked[c.move]) wrong++;
  });
  var score = Math.max(0, Math.round(100 * (found - wrong) / draws));
  var text = "You found " + found + " of the " + draws + " drawing moves (" +
    list.filter(function (c) { return c.value === "draw"; }).map(function (c) { return c.move; }).join(" ") +
    ") and ticked " + wrong + " losing " + (wrong === 1 ? "move" : "moves") + ": " + score + " points.";
  endChallenge();
  var status = document.getElementById("challenge-status");
  status.textContent = text;
  show();
  status.focus(); // (the Check button went with the task)
}

/* The challenge's task, and its score once the game is over. */
function drawChallenge() {
  var task = document.getElementById("challenge-task");
  if (!challenge) return;
  task.hidden = false;
  document.getElementById("challenge-text").textContent = CAPITAL[challenge.side] + " (you) to " +
    CHALLENGES[challenge.kind].task + (challenge.kind === "draws" ? ": tick them, then Check." :
    "; the computer plays perfectly.");
  var r = result();
  if (!r || challenge.kind === "draws") return;
  var n = plies(), best = challenge.best, score, text;
  if (challenge.kind === "win") {
    score = r.winner === challenge.side ? Math.round(100 * best / n) : 0;
    text = r.winner === challenge.side ? "You won in " + n + " plies; the fastest win takes " + best
                                       : "The game ended without your win";
  } else {
    score = r.winner === challenge.side ? 100 : Math.round(100 * Math.min(n, best) / best);
    text = "You held out " + n + " plies of the " + best + " the slowest loss takes";
  }
  var side = challenge.side;
  endChallenge();
  document.getElementById("challenge-status").textContent = text + ": " + score + " points.";
  told.push(CAPITAL[side] + "'s challenge: " + score + " points.");
  show();
}

["win", "lose", "draws"].forEach(function (kind) {
  document.getElementById("challenge-" + kind).addEventListener("click", function () { startChallenge(kind); });
});
document.getElementById("draw-check").addEventListener("click", checkDrawPicks);

/* --- the start --- */

data.line.forEach(playMove);
drawSetup();
after(data.line.length > 0);

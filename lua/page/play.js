/*
 * play.js — the second part of the play page's script (after rules.js):
 * the board and the panels drawn from the game, what a person does with
 * the mouse, the keys or a screen reader, the computer's turns, and the
 * scripting face window.mutorere (doc/api.md, mt.html).
 *
 * Every control keeps the focus it had across a move (the board's points
 * and the buttons stay; a list drawn anew gives the focus to its entry in
 * the same place); a live region says each move of both sides and the
 * result; with the values hidden nothing on the page tells them.
 */

var VALUE_WORD = {win: "wins", draw: "draws", loss: "loses"};
var SVG = "http://www.w3.org/2000/svg";

var settings = {black: {who: data.black, skill: 1, against: null},
                white: {who: data.white, skill: 1, against: null}, show: true, delay: 400};
var selected = null;  // the point of the piece picked, or null
var timer = null;     // the computer's pending move
var paused = false;   // after undo or redo the computer waits
var told = [];        // what the live region says: the moves since a person's last act

/* The move the computer picks now for the side to move, by its
 * settings: with chance skill its style's move (perfect, or playing for
 * the win against an opponent of skill against), otherwise a uniformly
 * random legal move; as mt.player("perfect", {skill, against}). */
function choose() {
  var list = choices();
  if (list.length === 0) return null;
  var mine = settings[sideToMove()];
  if (mine.skill < 1 && Math.random() >= mine.skill)
    return list[Math.floor(Math.random() * list.length)].move;
  if (mine.against !== null) return againstMove(mine.against).move;
  return perfectMove(list, true);
}

/* --- the computer --- */

function who(side) { return settings[side].who === "computer" ? "the computer" : "a person"; }
function computerToMove() { return !result() && !atLastPly() && settings[sideToMove()].who === "computer"; }
function humanMayMove() { return !result() && settings[sideToMove()].who === "human"; }

/* Plays move for the side to move and says so in the live region
 * (after the moves said since a person's last act). */
function playAndTell(move) {
  var side = sideToMove();
  playMove(move);
  told.push(CAPITAL[side] + " (" + who(side) + ") played " + game.moves[game.moves.length - 1] + ".");
}

/* Lets the computer move after its delay when it is its turn. */
function wake() {
  if (timer) { clearTimeout(timer); timer = null; }
  if (paused || !computerToMove()) return;
  timer = setTimeout(function () {
    timer = null;
    if (!computerToMove()) return;
    playAndTell(choose());
    selected = null;
    show();
    wake();
  }, settings.delay);
}

/* --- drawing --- */

var board = document.getElementById("board");
var svg = board.querySelector("svg");
/* The circle of each point: on a board of points the one its
 * data-point attribute names, on the wheel the arms' in order, then the
 * centre's. */
var circles = svg.querySelectorAll("circle.black, circle.white, circle.empty");
var points = names.map(function (name, j) {
  return wheel ? circles[j] : svg.querySelector('circle[data-point="' + name + '"]');
});
var texts = svg.querySelectorAll("text");
var caption = texts[texts.length - 1];
/* The look of a piece of each colour and of an empty point, as the
 * start is drawn; a kind the start does not show (its pieces all in hand,
 * or its board full) as the pictures draw it: a piece three times an empty
 * point's radius, an empty point a third of a piece's. */
var looks = {};
["black", "white", "empty"].forEach(function (kind) {
  var c = svg.querySelector("circle." + kind);
  if (!c) return;
  looks[kind] = {r: c.getAttribute("r"), fill: c.getAttribute("fill"),
                 stroke: c.getAttribute("stroke"), "stroke-width": c.getAttribute("stroke-width")};
});
(function () {
  var piece = looks.black || looks.white;
  var r = piece ? Number(piece.r) : 3 * Number(looks.empty.r);
  var fills = {black: "#1b1b1b", white: "#fbfbf5"};
  ["black", "white"].forEach(function (kind) {
    if (!looks[kind]) looks[kind] = {r: r.toFixed(1), fill: fills[kind], stroke: "#000", "stroke-width": "1.5"};
  });
  if (!looks.empty) looks.empty = {r: (r / 3).toFixed(1), fill: "#6b4f2a", stroke: null, "stroke-width": null};
})();
var radius = Number(looks.black.r);
var centres = Array.prototype.map.call(points, function (c) {
  return {x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy"))};
});
var overlay = document.createElementNS(SVG, "g");
var arrowLine = document.createElementNS(SVG, "g"); // the last move's marks
var hits = document.createElementNS(SVG, "g");
svg.appendChild(arrowLine);
svg.appendChild(overlay);
if (!wheel) raiseNames();
svg.appendChild(hits);
if (!wheel) fitBoard();

function make(name, attributes, parent) {
  var e = document.createElementNS(SVG, name);
  for (var k in attributes) e.setAttribute(k, attributes[k]);
  if (parent) parent.appendChild(e);
  return e;
}

/* On a board of points, puts the names of the points above the rings
 * (the wheel's numbers stand clear of them). */
function raiseNames() {
  var group = make("g", {"class": "names"}, svg);
  Array.prototype.forEach.call(texts, function (t) { if (t !== caption) group.appendChild(t); });
}

/* On a board of points, whose layout may be far from square, shows the
 * board cropped to its points, their names and the rings around them,
 * the caption below. */
function fitBoard() {
  var box = null;
  Array.prototype.forEach.call(svg.querySelectorAll("line, circle, text"), function (e) {
    if (e === caption || e.closest(".hit, .move") || e === arrowLine) return;
    var b = e.getBBox();
    if (!box) box = {x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height};
    box.x0 = Math.min(box.x0, b.x); box.y0 = Math.min(box.y0, b.y);
    box.x1 = Math.max(box.x1, b.x + b.width); box.y1 = Math.max(box.y1, b.y + b.height);
  });
  if (!box || !(box.x1 > box.x0)) return;
  var pad = 16, size = Number(caption.getAttribute("font-size")) || 16;
  var x = box.x0 - pad, y = box.y0 - pad, w = box.x1 - box.x0 + 2 * pad;
  var h = box.y1 - box.y0 + 2 * pad + 1.6 * size;
  caption.setAttribute("x", (x + w / 2).toFixed(1));
  caption.setAttribute("y", (box.y1 + pad + 1.1 * size).toFixed(1));
  var paper = svg.querySelector("rect");
  if (paper) { paper.setAttribute("x", x.toFixed(1)); paper.setAttribute("y", y.toFixed(1)); }
  svg.setAttribute("viewBox", [x, y, w, h].map(function (v) { return v.toFixed(1); }).join(" "));
  svg.setAttribute("width", w.toFixed(1));
  svg.setAttribute("height", h.toFixed(1));
}

/* The places a click picks a point: a circle a little larger than a
 * piece, but never over a neighbour; each a button the keys reach (one
 * tab stop for the board, the arrows between its points). */
var hitCircles = (function () {
  var near = Infinity;
  for (var i = 0; i < centres.length; i++)
    for (var j = i + 1; j < centres.length; j++)
      near = Math.min(near, Math.hypot(centres[i].x - centres[j].x, centres[i].y - centres[j].y));
  return centres.map(function (c, j) {
    var hit = make("circle", {cx: c.x, cy: c.y, r: Math.min(radius * 1.6, near * 0.48),
                              fill: "transparent", "data-point": names[j], "class": "hit",
                              role: "button", tabindex: j === 0 ? "0" : "-1"}, hits);
    hit.addEventListener("click", function () { clicked(j); });
    return hit;
  });
})();
svg.setAttribute("role", "group");
svg.setAttribute("aria-label", "the board: the arrow keys go from point to point; Enter or " +
                 "Space picks a piece, then the point it goes to" +
                 (data.hands ? ", or an empty point to drop a piece from the hand" : ""));

/* Moves the board's tab stop to point j and focuses it. */
function focusPoint(j) {
  hitCircles.forEach(function (h, k) { h.setAttribute("tabindex", k === j ? "0" : "-1"); });
  hitCircles[j].focus();
}

hits.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var j = hitCircles.indexOf(e.target), n = hitCircles.length;
  if (j < 0) return;
  var step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[e.key];
  if (step) focusPoint((j + step + n) % n);
  else if (e.key === "Home") focusPoint(0);
  else if (e.key === "End") focusPoint(n - 1);
  else if (e.key === "Enter" || e.key === " ") clicked(j);
  else return;
  e.preventDefault();
  e.stopPropagation();
});

/* What point j is, in words, for its button: what stands there and
 * what a person can do with it now (list: the moves now). */
function pointLabel(j, cells, list) {
  var what = cells[j] === "b" ? "a black piece" : cells[j] === "w" ? "a white piece" : "empty";
  var text = "point " + names[j] + ", " + what;
  var from = list.filter(function (c) { return c.from === j; });
  var to = targetOf(j, list);
  if (selected === j) text += ", picked";
  if (to) {
    text += ": " + (to.from < 0 ? "drop a piece here, " : "") + "play " + to.move +
            (settings.show ? ", " + valueWords(to.value, to.distance) : "");
  } else if (from.length && selected !== j) {
    text += ", can move" + (settings.show ? " (best " + valueWords(from[0].value, from[0].distance) + ")" : "");
  }
  return text;
}

/* The move a pick of point j plays now (list: the moves, best first):
 * the piece picked going there, else a drop there when nothing is
 * picked or the piece picked cannot go there; or null. */
function targetOf(j, list) {
  var hit = null;
  if (selected !== null && selected !== j)
    list.forEach(function (c) { if (!hit && c.from === selected && c.to === j) hit = c; });
  if (!hit && (selected === null || selected !== j))
    list.forEach(function (c) { if (!hit && c.from < 0 && c.to === j) hit = c; });
  return hit;
}

/* Draws the marks of move (text; parts: its points, as moveOf has them)
 * into the group of the last move: an arrow from the point left to the
 * point taken, a ring where a drop lands, a cross on each piece taken. */
function drawMoveMarks(parts) {
  while (arrowLine.firstChild) arrowLine.removeChild(arrowLine.firstChild);
  if (!parts || parts.to < 0) return;
  var z = centres[parts.to];
  if (parts.from >= 0) {
    var a = centres[parts.from], dx = z.x - a.x, dy = z.y - a.y, k = (radius + 4) / Math.hypot(dx, dy);
    make("line", {x1: (a.x + dx * k).toFixed(1), y1: (a.y + dy * k).toFixed(1),
                  x2: (z.x - dx * k).toFixed(1), y2: (z.y - dy * k).toFixed(1), stroke: "#c0392b",
                  "stroke-width": "3", "marker-end": "url(#arrow)", "class": "move"}, arrowLine);
  } else {
    make("circle", {cx: z.x, cy: z.y, r: (radius + 4).toFixed(1), fill: "none", stroke: "#c0392b",
                    "stroke-width": "3", "class": "move drop"}, arrowLine);
  }
  parts.take.forEach(function (j) {
    var c = centres[j], d = radius * 0.8;
    make("path", {d: "M" + (c.x - d) + "," + (c.y - d) + " L" + (c.x + d) + "," + (c.y + d) +
                     " M" + (c.x - d) + "," + (c.y + d) + " L" + (c.x + d) + "," + (c.y - d),
                  stroke: "#c0392b", "stroke-width": "3", "class": "move taken"}, arrowLine);
  });
}

/* Puts the pieces of state id on the board, with the arrow of move. */
function drawBoard(id, move, list) {
  var b = boardOf(id);
  b.cells.forEach(function (cell, j) {
    var kind = cell === "b" ? "black" : cell === "w" ? "white" : "empty", c = points[j];
    for (var k in looks[kind]) {
      if (looks[kind][k] === null) c.removeAttribute(k);
      else c.setAttribute(k, looks[kind][k]);
    }
    c.setAttribute("class", kind);
    hitCircles[j].setAttribute("aria-label", pointLabel(j, b.cells, list));
    hitCircles[j].setAttribute("aria-pressed", selected === j ? "true" : "false");
  });
  caption.textContent = positionText(id, game.startPly + plies());
  board.setAttribute("data-position", caption.textContent);
  board.setAttribute("data-ply", String(plies()));
  var hands = document.getElementById("hands");
  if (hands) {
    hands.textContent = "In hand: Black " + b.hand.black + ", White " + b.hand.white + ".";
  }
  drawMoveMarks(move && game.line.length > 1 ?
                moveOf(game.line[game.line.length - 2], game.line[game.line.length - 1]) : null);
}

/* Rings each movable piece by the value of its best move (the list is
 * best first; a ring is an edge and a core, play.css), its distance
 * written in it; rings the piece picked, and
 * puts a disc on each point it can go to: on a board of points, where a
 * piece may have several moves, each ringed by its move's value, with
 * its distance, and the other pieces dimmed (on the wheel a piece has
 * one move, whose value its own ring shows). */
function drawChoices(list, humanTurn) {
  while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
  var cells = boardOf(current()).cells, ringed = {};
  function ring(j, c, dim) {
    var at = centres[j], set = dim ? " dim" : "";
    make("circle", {cx: at.x, cy: at.y, r: radius + 4, "class": "ring-edge" + set}, overlay);
    make("circle", {cx: at.x, cy: at.y, r: radius + 4,
                    "class": "ring " + (settings.show ? c.value : "movable") + set}, overlay);
    if (settings.show && c.distance !== null) {
      var ink = cells[j] === "b" ? "on-black" : "on-light";
      var t = make("text", {x: at.x, y: at.y, "class": "distance " + ink + set, "aria-hidden": "true",
                            "font-size": (radius * 1.1).toFixed(1)}, overlay);
      t.textContent = String(c.distance);
    }
  }
  var several = !wheel || data.format === 2; // a piece may have several moves
  list.forEach(function (c) {
    var j = c.from, at = centres[j];
    if (j < 0 || ringed[j]) return;
    ringed[j] = true;
    if (selected === j) make("circle", {cx: at.x, cy: at.y, r: radius + 10, "class": "selected"}, overlay);
    ring(j, c, several && selected !== null && selected !== j);
  });
  if (!humanTurn) return;
  var spotted = {};
  list.forEach(function (c) {
    var k = c.to;
    var mine = selected !== null ? c.from === selected : c.from < 0;
    if (k < 0 || spotted[k] || !mine) return;
    spotted[k] = true;
    make("circle", {cx: centres[k].x, cy: centres[k].y, r: radius, "class": several ? "spot" : "target"}, overlay);
    if (several) ring(k, c, false);
  });
}

function valueWords(value, distance) {
  if (value === "draw") return "draws";
  return VALUE_WORD[value] + " in " + distance;
}

/* The sentence of a result. */
function resultText(r, side) {
  if (r.reason === "blocked") {
    return r.winner === side ? CAPITAL[side] + " has no move and wins (misère)."
                             : CAPITAL[side] + " has no move: " + CAPITAL[OTHER[side]] + " wins.";
  }
  if (r.reason === "repetition")
    return "Draw: the position occurred " + data.repetition + " times.";
  if (r.reason === "ply cap") return "Draw: the game reached its cap of " + data.maxPlies + " plies.";
  if (r.reason === "row") return CAPITAL[r.winner] + " wins: " + CAPITAL[r.winner] + " made a row.";
  return r.winner === "draw" ? "Draw by the variant's rule." : CAPITAL[r.winner] + " wins by the variant's rule.";
}

/* Where a piece goes, in the status's words. */
var whereTo = boardOf(0).cells.join("").split(".").length === 2 ? "the empty point"
                                                                 : "a point it can go to";

function drawStatus(list) {
  var status = document.getElementById("status"), side = sideToMove(), r = result();
  var s = states[current()];
  if (r) { status.textContent = resultText(r, side); status.className = "over"; return; }
  var text = CAPITAL[side] + " (" + who(side) + ") to move";
  if (settings.show) text += " · " + CAPITAL[side] + " " + valueWords(s.value, s.distance) + " with best play";
  if (settings[side].who === "computer") text += paused ? " · press “Computer moves” to let it play" : " · thinking…";
  else if (selected !== null) text += " · now pick " + whereTo;
  else if (list.length && list.every(function (c) { return c.from < 0; }))
    text += list[0].to < 0 ? " · pass" : " · pick an empty point to drop a piece";
  else if (list.some(function (c) { return c.from < 0 && c.to >= 0; }))
    text += " · pick a piece, then " + whereTo + ", or an empty point to drop a piece";
  else if (list.length) text += " · pick a piece, then " + whereTo;
  status.textContent = text;
  status.className = "";
}

/* The live region: the moves said since a person's last act, then the
 * result or whose turn it is. */
function drawAnnouncement() {
  var r = result(), side = sideToMove(), text = told.join(" ");
  if (!text) return;
  text += " " + (r ? resultText(r, side) : CAPITAL[side] + " (" + who(side) + ") to move.");
  var live = document.getElementById("announce");
  if (live.textContent !== text) live.textContent = text;
}

/* Marks a button as usable or not, the focus staying on it (a disabled
 * button would drop it). */
function usable(button, yes) {
  button.setAttribute("aria-disabled", yes ? "false" : "true");
}

function isUsable(button) { return button.getAttribute("aria-disabled") !== "true"; }

function drawChoiceList(list) {
  var ul = document.getElementById("choices");
  ul.textContent = "";
  document.getElementById("choices-title").textContent =
    result() ? "No moves: the game is over" : "Moves for " + CAPITAL[sideToMove()];
  list.forEach(function (c) {
    var li = document.createElement("li"), button = document.createElement("button");
    button.type = "button";
    button.className = "choice " + (settings.show ? c.value : "hidden-value");
    button.setAttribute("data-move", c.move);
    var ends = endsAfter(c.kid);
    button.textContent = c.move + (settings.show ? "  " + valueWords(c.value, c.distance) +
      (ends ? " (draws at once: " + ends + ")" : "") : "");
    button.setAttribute("aria-label", "play " + c.move + (settings.show ? ", " + valueWords(c.value, c.distance) +
      (ends ? ", draws at once by " + ends : "") : ""));
    usable(button, humanMayMove());
    button.addEventListener("click", function () { if (isUsable(button)) humanPlays(c.move); });
    li.appendChild(button);
    ul.appendChild(li);
  });
}

/* What the list of moves holds: the state its moves start from, the
 * moves, whether with verdicts, and the ply of its first move. */
var listed = {start: null, moves: [], show: null, shift: null};

/* The number of moves of the game that the list holds already. */
function movesListed(shift) {
  if (listed.show !== settings.show || listed.shift !== shift || listed.start !== game.line[0]) return 0;
  var same = 0, most = Math.min(listed.moves.length, game.moves.length);
  while (same < most && listed.moves[same] === game.moves[same]) same++;
  return same;
}

/* Removes from table the moves after the first kept (row r holds plies
 * 2r and 2r + 1, move i being ply i - 1 + shift). */
function cutMoveList(table, kept, shift) {
  var last = Math.floor((kept - 1 + shift) / 2), rows = table.rows, count = rows.length;
  if (count > last + 1) { /* the rows after it, at once */
    var range = document.createRange();
    range.setStartAfter(rows[last]);
    range.setEndAfter(rows[count - 1]);
    range.deleteContents();
  }
  var row = rows[last], cells = row.querySelectorAll("td[data-ply]");
  for (var c = cells.length - 1; c >= 0 && Number(cells[c].getAttribute("data-ply")) > kept; c--) row.removeChild(cells[c]);
}

/* The cell of move i (its verdict shown when the values show), in row. */
function moveCell(row, i) {
  var verdict = verdictOf(i), cell = row.insertCell(), button = document.createElement("button");
  cell.setAttribute("data-ply", String(i));
  cell.className = settings.show ? verdict.replace(" ", "-") : "";
  button.type = "button";
  button.className = "ply";
  button.setAttribute("data-ply", String(i));
  button.textContent = game.moves[i - 1];
  button.setAttribute("aria-label", "go to the position after move " + i + ", " + game.moves[i - 1] +
                      (settings.show ? " (" + verdict + ")" : ""));
  button.addEventListener("click", goTo.bind(null, i));
  cell.appendChild(button);
  if (settings.show) {
    var span = document.createElement("span");
    span.className = "verdict";
    span.textContent = verdict;
    span.setAttribute("aria-hidden", "true");
    cell.appendChild(document.createTextNode(" "));
    cell.appendChild(span);
  }
}

/* The moves played, a row a turn, each with its verdict (when the
 * values show); a click on one goes back (or on) to the position after it.
 * Only what changed is drawn again (a record may hold 100,000 moves). */
function drawMoveList() {
  var table = document.getElementById("moves");
  var shift = boardOf(game.line[0]).side === "white" ? 1 : 0, kept = movesListed(shift);
  if (kept === 0) table.textContent = "";
  else cutMoveList(table, kept, shift);
  var row = table.rows.length ? table.rows[table.rows.length - 1] : null;
  for (var i = kept + 1; i <= game.moves.length; i++) {
    var ply = i - 1 + shift;
    if (!row || ply % 2 === 0) {
      row = table.insertRow();
      var th = document.createElement("th");
      th.textContent = (Math.floor(ply / 2) + 1) + ".";
      row.appendChild(th);
      if (ply % 2 === 1) row.insertCell();
    }
    moveCell(row, i);
  }
  var changed = kept !== listed.moves.length || kept !== game.moves.length;
  listed = {start: game.line[0], moves: game.moves.slice(), show: settings.show, shift: shift};
  document.getElementById("no-moves").hidden = game.moves.length > 0;
  if (changed) {
    var box = document.getElementById("moves-box");
    box.scrollTop = box.scrollHeight;
  }
}

/* What has the focus, as something to find again once the lists are
 * drawn anew: {choice: index}, {ply: n, table: the list of moves or the
 * chart's table}, or the element itself. */
function focusMark() {
  var e = document.activeElement;
  if (!e || e === document.body) return null;
  if (e.classList && e.classList.contains("choice")) {
    return {choice: Array.prototype.indexOf.call(document.querySelectorAll("#choices .choice"), e)};
  }
  if (e.classList && e.classList.contains("ply")) {
    return {ply: e.getAttribute("data-ply"), table: e.closest("table").id};
  }
  return {element: e};
}

/* Gives the focus back after a redraw: to the element itself when it is
 * still there, else to the entry of the list drawn anew in its place,
 * else to the first move or "New game". */
function focusAgain(mark) {
  if (!mark || (mark.element && document.contains(mark.element))) return;
  var target = null;
  if (mark.choice !== undefined) {
    var list = document.querySelectorAll("#choices .choice");
    target = list[Math.min(mark.choice, list.length - 1)];
  } else if (mark.ply !== undefined) {
    var plies = document.querySelectorAll("#" + mark.table + " .ply");
    target = document.querySelector("#" + mark.table + ' .ply[data-ply="' + mark.ply + '"]') ||
             plies[plies.length - 1];
  }
  (target || document.querySelector("#choices .choice") || document.getElementById("restart")).focus();
}

/* Redraws everything from the game, the focus kept. */
function show() {
  var mark = focusMark(), list = choices(), human = humanMayMove();
  drawBoard(current(), game.moves[game.moves.length - 1], human ? list : []);
  drawChoices(human ? list : [], human);
  drawStatus(list);
  drawAnnouncement();
  drawChoiceList(list);
  drawMoveList();
  drawChart();
  drawChallenge();
  usable(document.getElementById("undo"), game.moves.length > 0);
  usable(document.getElementById("redo"), game.future.length > 0 && !result());
  usable(document.getElementById("computer-move"), !result());
  document.body.classList.toggle("values-off", !settings.show);
  document.querySelectorAll(".values").forEach(function (e) { e.hidden = !settings.show; });
  focusAgain(mark);
}

/* --- what a person does --- */

function humanPlays(move) {
  if (!humanMayMove()) return;
  told = [];
  playAndTell(move);
  selected = null;
  paused = false;
  show();
  wake();
}

/* Point j picked (a click, Enter or Space on it): plays the piece picked
 * there when it can go there, else picks the piece on j when it can move
 * (or lets go of the piece picked when it is picked again). */
function clicked(j) {
  if (!humanMayMove()) return;
  var list = choices(), to = targetOf(j, list);
  if (to) { humanPlays(to.move); return; }
  var movable = list.some(function (c) { return c.from === j; });
  selected = movable && selected !== j ? j : null;
  show();
}

/* Takes back moves to the last turn of a person (one move when both
 * sides are the computer's or people's). */
function undoTurn() {
  if (!undoMove()) return;
  while (game.moves.length > 0 && settings[sideToMove()].who === "computer" &&
         settings[OTHER[sideToMove()]].who === "human") undoMove();
  after(true, "Back to ply " + plies() + ".");
}

function redoTurn() {
  if (redoMove()) after(true, "Forward to ply " + plies() + ".");
}

function goTo(ply) {
  while (plies() > ply) undoMove();
  while (plies() < ply && redoMove()) { /* replaying */ }
  after(true, "At ply " + plies() + ".");
}

/* Redraws after an undo, a redo or a new game (what to say: words);
 * the computer then waits when wait is true. */
function after(wait, words) {
  selected = null;
  paused = wait;
  told = words ? [words] : [];
  show();
  wake();
}

document.getElementById("undo").addEventListener("click", function () {
  if (isUsable(this)) undoTurn();
});
document.getElementById("redo").addEventListener("click", function () {
  if (isUsable(this)) redoTurn();
});
document.getElementById("restart").addEventListener("click", function () {
  endChallenge();
  newGame(0, data.startPly);
  after(false, "A new game.");
});
document.getElementById("computer-move").addEventListener("click", function () {
  if (!isUsable(this)) return;
  var move = choose();
  if (!move) return;
  told = [];
  playAndTell(move);
  paused = false;
  selected = null;
  show();
  wake();
});

/* The controls of each side's player: who plays it, its strength, its
 * style and the strength it assumes of its opponent. */
["black", "white"].forEach(function (side) {
  var select = document.getElementById(side + "-player"), skill = document.getElementById(side + "-skill");
  var style = document.getElementById(side + "-style"), against = document.getElementById(side + "-against");
  select.addEventListener("change", function () { settings[side].who = select.value; after(false); });
  skill.addEventListener("input", function () { settings[side].skill = Number(skill.value); drawSetup(); });
  style.addEventListener("change", function () {
    settings[side].against = style.value === "against" ? Number(against.value) : null;
    drawSetup();
  });
  against.addEventListener("input", function () {
    if (style.value === "against") settings[side].against = Number(against.value);
    drawSetup();
  });
});

/* The strength in words. */
function strengthWords(s) {
  return s >= 1 ? "perfect" : s <= 0 ? "random" : "perfect " + Math.round(s * 100) + "% of moves";
}

/* Shows the players' settings in their controls. */
function drawSetup() {
  ["black", "white"].forEach(function (side) {
    var mine = settings[side];
    document.getElementById(side + "-player").value = mine.who;
    document.getElementById(side + "-skill").value = String(mine.skill);
    document.getElementById(side + "-skill-text").textContent = strengthWords(mine.skill);
    document.getElementById(side + "-style").value = mine.against === null ? "traps" : "against";
    if (mine.against !== null) document.getElementById(side + "-against").value = String(mine.against);
    var assumed = Number(document.getElementById(side + "-against").value);
    document.getElementById(side + "-against-text").textContent = strengthWords(assumed);
    document.getElementById(side + "-assumes").hidden = mine.against === null;
  });
}

var showValues = document.getElementById("show-values");
showValues.addEventListener("change", function () { settings.show = showValues.checked; show(); });
document.getElementById("typed").addEventListener("submit", function (e) {
  e.preventDefault();
  var input = document.getElementById("move-input"), error = document.getElementById("typed-error");
  error.textContent = "";
  if (!humanMayMove()) { error.textContent = "It is not a person's turn."; return; }
  try {
    humanPlays(input.value);
    input.value = "";
  } catch (err) {
    error.textContent = err.message.replace(/^play: /, "");
  }
});
document.addEventListener("keydown", function (e) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
  if (e.key === "ArrowLeft") undoTurn();
  else if (e.key === "ArrowRight") redoTurn();
});

/* --- the scripting face: window.mutorere (doc/api.md) --- */

/* The state now, its value for the side to move (a draw once the game
 * is drawn by repetition or the ply cap). */
function stateNow() {
  var id = current(), s = states[id], r = result(), drawn = r && !s.reason;
  return {position: positionText(id, game.startPly + plies()), side: sideToMove(),
          ply: game.startPly + plies(), value: drawn ? "draw" : s.value,
          distance: drawn ? null : s.distance};
}

/* Checks a strength given to setup (what: its name). */
function strength(x, what) {
  if (typeof x !== "number" || !(x >= 0 && x <= 1))
    throw new Error("setup: " + what + " must be a number from 0 to 1");
  return x;
}

/* Sets side's player from setup's option o: "human", "computer", or
 * {who, skill, against} (against null: the perfect style). */
function setupSide(side, o) {
  var mine = settings[side];
  if (typeof o === "string") o = {who: o};
  if (o.who !== undefined) {
    if (o.who !== "human" && o.who !== "computer")
      throw new Error("setup: " + side + " must be \"human\" or \"computer\"");
    mine.who = o.who;
  }
  if (o.skill !== undefined) mine.skill = strength(o.skill, side + "'s skill");
  if (o.against !== undefined) mine.against = o.against === null ? null : strength(o.against, side + "'s against");
}

window.mutorere = {
  state: stateNow,
  moves: function () {
    return choices().map(function (c) {
      var m = {move: c.move, value: c.value, distance: c.distance, from: c.from < 0 ? null : names[c.from],
               to: c.to < 0 ? null : names[c.to], take: c.take.map(function (j) { return names[j]; })};
      var ends = endsAfter(c.kid);
      if (ends) m.ends = ends;
      return m;
    });
  },
  play: function (move) { told = []; playAndTell(move); after(false, told[0]); return stateNow(); },
  undo: function () { var done = undoMove(); after(true); return done; },
  redo: function () { var done = redoMove(); after(true); return done; },
  result: function () { var r = result(); return r && {winner: r.winner, reason: r.reason}; },
  history: function () { return game.moves.slice(); },
  verdicts: function () {
    var out = [];
    for (var i = 1; i <= game.moves.length; i++) out.push(verdictOf(i));
    return out;
  },
  choose: choose,
  against: function (skill) {
    if (result()) return null;
    return againstMove(strength(skill, "against"));
  },
  setup: function (o) {
    ["black", "white"].forEach(function (side) { if (o[side] !== undefined) setupSide(side, o[side]); });
    if (o.skill !== undefined) {
      strength(o.skill, "skill");
      settings.black.skill = settings.white.skill = o.skill;
    }
    if (o.against !== undefined) {
      if (o.against !== null) strength(o.against, "against");
      settings.black.against = settings.white.against = o.against;
    }
    if (o.delay !== undefined) settings.delay = Math.max(0, Number(o.delay) || 0);
    drawSetup();
    after(false);
  },
  record: function () { return recordText(); },
  load: function (text) { loadText(text); return stateNow(); }
};

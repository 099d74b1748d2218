/*
 * play.js — the behaviour of mutorere's play page (mt.html(x, path,
 * {play = true})): a game of the variant against the computer or between
 * two people at the same screen, every legal move shown with its value.
 *
 * The page knows no rules: it carries the solved graph of the states
 * reachable from its start (lua/play.lua writes it; "graph" below), and a
 * move is an edge of that graph.  Repetition and the ply cap, which the
 * graph does not hold, are counted here along the game, as the engine
 * counts them (core/game.c).
 *
 * The graph, base64 in data.graph: for each state in turn, unsigned
 * varints (7 bits a byte, low first, the high bit set on every byte but
 * the last):
 *   board  on the wheel (data.format 1, data.arms = n): side + 2 * (e +
 *          (n + 1) * c): side 0 black to move, 1 white; e the empty point
 *          (0 .. n - 1 for arm e + 1, n for the centre); c the colours of
 *          the other points in order (arms, then the centre), bit i set
 *          when the i-th is black.  On a board of points (data.format 2,
 *          data.points its names in order): a varint for each 32 points,
 *          the base-3 number of their digits (0 empty, 1 black, 2 white;
 *          the first point the lowest digit), the first varint times 2
 *          plus the side (every varint below 2^53, exact here);
 *   value  0 a draw, 1 + 2 d lost in d plies, 2 + 2 d won in d plies, for
 *          the side to move;
 *   count  the number of legal moves, in the variant's order; then, when
 *          it is 0 (the game is over there), 0 if the side to move is
 *          blocked, 1 if a rule of the variant ended it; else, for each
 *          move, the state it leads to, as the zigzag of (its number -
 *          this state's number).
 * A move's text is "from-to": from is the point the mover's piece leaves
 * (empty in the state the move leads to), to the point it goes to (empty
 * in the state it leaves).
 */
(function () {
  "use strict";

  var OTHER = {black: "white", white: "black"};
  var CAPITAL = {black: "Black", white: "White"};
  var VALUE_WORD = {win: "wins", draw: "draws", loss: "loses"};
  var VERDICT_COLOUR = {blunder: "#c0392b", inaccuracy: "#e67e22"};
  var SVG = "http://www.w3.org/2000/svg";
  var CHUNK = 32; // the points a varint of a board of points holds

  var data = JSON.parse(document.getElementById("play-data").textContent);
  var wheel = data.format === 1;
  /* The names of the points, in the order of the board's text: the
   * wheel's arms "1" .. "n", then "c". */
  var names = wheel ? [] : data.points.slice();
  if (wheel) {
    for (var arm = 1; arm <= data.arms; arm++) names.push(String(arm));
    names.push("c");
  }
  var indexOf = Object.create(null); // no prototype: a point may be named __proto__
  names.forEach(function (name, j) { indexOf[name] = j; });

  /* --- the graph --- */

  /* The bytes of a base64 text. */
  function bytesOf(text) {
    var raw = atob(text), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  /* The states of the graph: {board (a list of numbers), value,
   * distance, kids, reason}. */
  function decode(d) {
    var bytes = bytesOf(d.graph), at = 0, states = new Array(d.states);
    var words = wheel ? 1 : Math.ceil(names.length / CHUNK);
    function next() {
      var x = 0, scale = 1, b;
      do {
        if (at >= bytes.length) throw new Error("the page's graph is cut short");
        b = bytes[at++];
        x += (b & 127) * scale;
        scale *= 128;
      } while (b & 128);
      return x;
    }
    for (var i = 0; i < d.states; i++) {
      var board = [];
      for (var w = 0; w < words; w++) board.push(next());
      var code = next(), count = next(), s = {board: board, kids: [], reason: null};
      s.value = code === 0 ? "draw" : code % 2 === 1 ? "loss" : "win";
      s.distance = code === 0 ? null : Math.floor((code - 1) / 2);
      if (count === 0) s.reason = next() === 0 ? "blocked" : "rule";
      for (var k = 0; k < count; k++) {
        var z = next();
        s.kids.push(i + (z % 2 === 1 ? -(z + 1) / 2 : z / 2));
      }
      states[i] = s;
    }
    return states;
  }

  var states = decode(data);

  /* The side to move and the cells ("b", "w", ".") of the points of a
   * board code on the wheel. */
  function wheelBoard(code) {
    var arms = data.arms, side = code % 2, rest = Math.floor(code / 2);
    var empty = rest % (arms + 1), colours = Math.floor(rest / (arms + 1)), cells = [];
    for (var j = 0; j <= arms; j++) {
      if (j === empty) {
        cells.push(".");
      } else {
        cells.push(colours % 2 === 1 ? "b" : "w");
        colours = Math.floor(colours / 2);
      }
    }
    return {side: side ? "white" : "black", cells: cells};
  }

  /* The same of the varints of a board of points. */
  function pointsBoard(words) {
    var cells = [], side = words[0] % 2;
    words.forEach(function (x, w) {
      if (w === 0) x = Math.floor(x / 2);
      for (var j = 0; j < CHUNK && cells.length < names.length; j++) {
        cells.push(".bw".charAt(x % 3));
        x = Math.floor(x / 3);
      }
    });
    return {side: side ? "white" : "black", cells: cells};
  }

  var boards = []; // the boards decoded so far, by state

  /* The side to move and the cells of the points of state id, in the
   * order of names. */
  function boardOf(id) {
    if (!boards[id]) boards[id] = wheel ? wheelBoard(states[id].board[0]) : pointsBoard(states[id].board);
    return boards[id];
  }

  /* The text of the move from state id to state kid: the point the
   * piece leaves, a dash, the point it goes to. */
  function moveText(id, kid) {
    var a = boardOf(id).cells, b = boardOf(kid).cells, from = "", to = "";
    for (var j = 0; j < a.length; j++) {
      if (a[j] !== "." && b[j] === ".") from = names[j];
      else if (a[j] === "." && b[j] !== ".") to = names[j];
    }
    return from + "-" + to;
  }

  /* The position text of state id at ply, as the engine writes it:
   * "bbbw.www/b b 2" on the wheel, "bb.ww b 2" on a board of points, the
   * ply left out when it is 0. */
  function positionText(id, ply) {
    var b = boardOf(id), cells = b.cells.join("");
    if (wheel) cells = cells.slice(0, data.arms) + "/" + cells.slice(data.arms);
    return cells + " " + b.side.charAt(0) + (ply ? " " + ply : "");
  }

  /* The rank of a move leading to kid for its mover: higher is better (a
   * win, sooner first; a draw; a loss, later first), as the engine ranks. */
  function rankOf(kid) {
    var s = states[kid];
    if (s.value === "loss") return 3000 - (s.distance + 1);
    if (s.value === "win") return s.distance + 1;
    return 1000;
  }

  /* --- the game --- */

  var game = {line: [0], moves: [], future: []}; // state ids, move texts
  var settings = {black: data.black, white: data.white, skill: 1, show: true, delay: 400};
  var selected = null;  // the point of the piece picked, or null
  var timer = null;     // the computer's pending move
  var paused = false;   // after undo or redo the computer waits

  function current() { return game.line[game.line.length - 1]; }
  function plies() { return game.line.length - 1; }
  function sideToMove() { return boardOf(current()).side; }

  /* How the game stands after i moves: null, or {winner, reason}. */
  function resultAt(i) {
    var id = game.line[i], s = states[id], side = boardOf(id).side;
    if (s.reason) {
      var winner = s.value === "draw" ? "draw" : s.value === "win" ? side : OTHER[side];
      return {winner: winner, reason: s.reason};
    }
    if (data.repetition > 0) {
      var seen = 1;
      for (var j = 0; j < i; j++) if (game.line[j] === id) seen++;
      if (seen >= data.repetition) return {winner: "draw", reason: "repetition"};
    }
    if (data.maxPlies > 0 && i >= data.maxPlies) return {winner: "draw", reason: "ply cap"};
    return null;
  }

  function result() { return resultAt(plies()); }

  /* What ends the game at once after the move to kid, by repetition or
   * the ply cap (the graph's value does not know them), or null. */
  function endsAfter(kid) {
    if (states[kid].reason) return null;
    if (data.repetition > 0) {
      var seen = 1;
      for (var j = 0; j < game.line.length; j++) if (game.line[j] === kid) seen++;
      if (seen >= data.repetition) return "repetition";
    }
    if (data.maxPlies > 0 && plies() + 1 >= data.maxPlies) return "ply cap";
    return null;
  }

  /* The legal moves of state id, best first (ties in the variant's
   * order): {move, value, distance, rank, kid}, for the mover. */
  function choicesOf(id) {
    var flip = {win: "loss", loss: "win", draw: "draw"}, list = [];
    states[id].kids.forEach(function (kid, order) {
      var s = states[kid];
      list.push({move: moveText(id, kid), value: flip[s.value],
                 distance: s.value === "draw" ? null : s.distance + 1,
                 rank: rankOf(kid), kid: kid, order: order});
    });
    list.sort(function (a, b) { return b.rank - a.rank || a.order - b.order; });
    return list;
  }

  /* The legal moves now (none once the game is over). */
  function choices() { return result() ? [] : choicesOf(current()); }

  /* The verdict on move i (1-based) of the game, as Game:review() gives
   * it: forced, blunder, inaccuracy, only move or best. */
  function verdictOf(i) {
    var id = game.line[i - 1], kid = game.line[i], list = choicesOf(id);
    if (list.length === 1) return "forced";
    var before = states[id].value, after = {win: "loss", loss: "win", draw: "draw"}[states[kid].value];
    if (after !== before) return "blunder";
    var mine = rankOf(kid), keeping = 0;
    list.forEach(function (c) { if (c.value === before) keeping++; });
    if (mine < list[0].rank) return "inaccuracy";
    if (keeping === 1 && before !== "loss") return "only move";
    return "best";
  }

  /* The move the computer picks now: with chance skill the perfect one
   * (the fastest win, the slowest loss; a move that draws at once by
   * repetition or the ply cap counted as a draw; among equals those that
   * leave the opponent the most replies that lose, at random), otherwise
   * a uniformly random legal move; as mt.player("perfect", {skill = s}). */
  function choose() {
    var list = choices();
    if (list.length === 0) return null;
    if (settings.skill < 1 && Math.random() >= settings.skill)
      return list[Math.floor(Math.random() * list.length)].move;
    list.forEach(function (c) { if (endsAfter(c.kid)) c.rank = 1000; });
    var top = Math.max.apply(null, list.map(function (c) { return c.rank; }));
    var best = list.filter(function (c) { return c.rank === top; }), most = -1, picks = [];
    best.forEach(function (c) {
      var wrong = 0;
      states[c.kid].kids.forEach(function (reply) { if (states[reply].value === "win") wrong++; });
      if (wrong > most) { most = wrong; picks = []; }
      if (wrong === most) picks.push(c);
    });
    return picks[Math.floor(Math.random() * picks.length)].move;
  }

  /* Plays move (text) in the game; throws when it is not legal here. */
  function playMove(move) {
    var text = String(move).trim();
    var over = result();
    if (over) throw new Error("play: the game is over (" + over.reason + ")");
    var list = choicesOf(current());
    for (var i = 0; i < list.length; i++) {
      if (list[i].move === text) {
        game.line.push(list[i].kid);
        game.moves.push(text);
        if (game.future.length && game.future[game.future.length - 1] === text) game.future.pop();
        else game.future = [];
        return;
      }
    }
    throw new Error("play: " + JSON.stringify(text) + " is not a legal move here; legal: " +
                    list.map(function (c) { return c.move; }).sort().join(" "));
  }

  function undoMove() {
    if (game.moves.length === 0) return false;
    game.line.pop();
    game.future.push(game.moves.pop());
    return true;
  }

  function redoMove() {
    if (game.future.length === 0 || result()) return false;
    playMove(game.future[game.future.length - 1]);
    return true;
  }

  /* --- the computer --- */

  function computerToMove() { return !result() && settings[sideToMove()] === "computer"; }

  /* Lets the computer move after its delay when it is its turn. */
  function wake() {
    if (timer) { clearTimeout(timer); timer = null; }
    if (paused || !computerToMove()) return;
    timer = setTimeout(function () {
      timer = null;
      if (!computerToMove()) return;
      playMove(choose());
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
   * start is drawn (no move changes how many of each there are). */
  var looks = {};
  ["black", "white", "empty"].forEach(function (kind) {
    var c = svg.querySelector("circle." + kind);
    if (!c) return;
    looks[kind] = {r: c.getAttribute("r"), fill: c.getAttribute("fill"),
                   stroke: c.getAttribute("stroke"), "stroke-width": c.getAttribute("stroke-width")};
  });
  var radius = Number((looks.black || looks.white || looks.empty).r);
  var centres = Array.prototype.map.call(points, function (c) {
    return {x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy"))};
  });
  var overlay = document.createElementNS(SVG, "g");
  var arrowLine = document.createElementNS(SVG, "line");
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
   * piece, but never over a neighbour. */
  (function () {
    var near = Infinity;
    for (var i = 0; i < centres.length; i++)
      for (var j = i + 1; j < centres.length; j++)
        near = Math.min(near, Math.hypot(centres[i].x - centres[j].x, centres[i].y - centres[j].y));
    centres.forEach(function (c, j) {
      var hit = make("circle", {cx: c.x, cy: c.y, r: Math.min(radius * 1.6, near * 0.48),
                                fill: "transparent", "data-point": names[j],
                                "class": "hit"}, hits);
      hit.addEventListener("click", function () { clicked(j); });
    });
  })();

  /* Puts the pieces of state id on the board, with the arrow of move. */
  function drawBoard(id, move) {
    var b = boardOf(id);
    b.cells.forEach(function (cell, j) {
      var kind = cell === "b" ? "black" : cell === "w" ? "white" : "empty", c = points[j];
      for (var k in looks[kind]) {
        if (looks[kind][k] === null) c.removeAttribute(k);
        else c.setAttribute(k, looks[kind][k]);
      }
      c.setAttribute("class", kind);
    });
    caption.textContent = positionText(id, data.startPly + plies());
    board.setAttribute("data-position", caption.textContent);
    board.setAttribute("data-ply", String(plies()));
    if (!move) { arrowLine.setAttribute("visibility", "hidden"); return; }
    var ends = move.split("-");
    var a = centres[indexOf[ends[0]]], z = centres[indexOf[ends[1]]];
    var dx = z.x - a.x, dy = z.y - a.y, k = (radius + 4) / Math.hypot(dx, dy);
    var at = {x1: a.x + dx * k, y1: a.y + dy * k, x2: z.x - dx * k, y2: z.y - dy * k};
    for (var key in at) arrowLine.setAttribute(key, at[key].toFixed(1));
    arrowLine.setAttribute("stroke", "#c0392b");
    arrowLine.setAttribute("stroke-width", "3");
    arrowLine.setAttribute("marker-end", "url(#arrow)");
    arrowLine.setAttribute("class", "move");
    arrowLine.setAttribute("visibility", "visible");
  }

  /* Rings each movable piece by the value of its best move (the list is
   * best first), its distance written in it; rings the piece picked, and
   * puts a disc on each point it can go to: on a board of points, where a
   * piece may have several moves, each ringed by its move's value, with
   * its distance, and the other pieces dimmed (on the wheel a piece has
   * one move, whose value its own ring shows). */
  function drawChoices(list, humanTurn) {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    var cells = boardOf(current()).cells, ringed = {};
    function ring(j, c, dim) {
      var at = centres[j];
      make("circle", {cx: at.x, cy: at.y, r: radius + 4,
                      "class": "ring " + (settings.show ? c.value : "movable") + (dim ? " dim" : "")}, overlay);
      if (settings.show && c.distance !== null) {
        var t = make("text", {x: at.x, y: at.y, "class": "distance" + (dim ? " dim" : ""),
                              fill: cells[j] === "b" ? "#fff" : "#111",
                              "font-size": (radius * 1.1).toFixed(1)}, overlay);
        t.textContent = String(c.distance);
      }
    }
    list.forEach(function (c) {
      var j = indexOf[c.move.split("-")[0]], at = centres[j];
      if (ringed[j]) return;
      ringed[j] = true;
      if (selected === j) make("circle", {cx: at.x, cy: at.y, r: radius + 10, "class": "selected"}, overlay);
      ring(j, c, !wheel && selected !== null && selected !== j);
    });
    if (selected === null || !humanTurn) return;
    list.forEach(function (c) {
      var ends = c.move.split("-"), k = indexOf[ends[1]];
      if (indexOf[ends[0]] !== selected) return;
      make("circle", {cx: centres[k].x, cy: centres[k].y, r: radius, "class": wheel ? "target" : "spot"}, overlay);
      if (!wheel) ring(k, c, false);
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
    return r.winner === "draw" ? "Draw by the variant's rule." : CAPITAL[r.winner] + " wins by the variant's rule.";
  }

  function who(side) { return settings[side] === "computer" ? "the computer" : "a person"; }

  /* Where a piece goes, in the status's words. */
  var whereTo = boardOf(0).cells.join("").split(".").length === 2 ? "the empty point"
                                                                   : "a point it can go to";

  function drawStatus(list) {
    var status = document.getElementById("status"), side = sideToMove(), r = result();
    var s = states[current()];
    if (r) { status.textContent = resultText(r, side); status.className = "over"; return; }
    var text = CAPITAL[side] + " (" + who(side) + ") to move";
    if (settings.show) text += " · " + CAPITAL[side] + " " + valueWords(s.value, s.distance) + " with best play";
    if (settings[side] === "computer") text += paused ? " · press “Computer moves” to let it play" : " · thinking…";
    else if (selected !== null) text += " · now click " + whereTo;
    else if (list.length) text += " · click a piece, then " + whereTo;
    status.textContent = text;
    status.className = "";
  }

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
      button.disabled = !humanMayMove();
      button.addEventListener("click", function () { humanPlays(c.move); });
      li.appendChild(button);
      ul.appendChild(li);
    });
  }

  /* The moves played, a row a turn, each with its verdict; a click on
   * one goes back (or on) to the position after it. */
  function drawMoveList() {
    var table = document.getElementById("moves"), row = null;
    table.textContent = "";
    var shift = boardOf(game.line[0]).side === "white" ? 1 : 0;
    for (var i = 1; i <= game.moves.length; i++) {
      var ply = i - 1 + shift, verdict = verdictOf(i);
      if (!row || ply % 2 === 0) {
        row = table.insertRow();
        var th = document.createElement("th");
        th.textContent = (Math.floor(ply / 2) + 1) + ".";
        row.appendChild(th);
        if (ply % 2 === 1) row.insertCell();
      }
      var cell = row.insertCell(), button = document.createElement("button"), span = document.createElement("span");
      cell.setAttribute("data-ply", String(i));
      cell.className = verdict.replace(" ", "-");
      button.type = "button";
      button.className = "ply";
      button.textContent = game.moves[i - 1];
      button.title = "back to the position after this move";
      button.addEventListener("click", goTo.bind(null, i));
      span.className = "verdict";
      span.textContent = verdict;
      cell.appendChild(button);
      cell.appendChild(document.createTextNode(" "));
      cell.appendChild(span);
    }
    document.getElementById("no-moves").hidden = game.moves.length > 0;
    var box = document.getElementById("moves-box");
    box.scrollTop = box.scrollHeight;
  }

  /* The value of state id as a number for the value line: 1 black wins
   * now, above 0 black wins later (the later, the nearer 0.3), 0 a draw,
   * below 0 white wins (as the replay page draws it). */
  function blackScore(id) {
    var s = states[id];
    if (s.value === "draw") return 0;
    var x = 1 - 0.7 * Math.min(s.distance, 20) / 20;
    return (s.value === "win") === (boardOf(id).side === "black") ? x : -x;
  }

  function drawValueLine() {
    var n = plies(), step = 16, height = 120, pad = 12;
    var width = Math.max(240, n * step + 2 * pad), dx = n > 0 ? (width - 2 * pad) / n : 0;
    var box = document.getElementById("value-line");
    box.textContent = "";
    var root = make("svg", {xmlns: SVG, viewBox: "0 0 " + width + " " + height, width: width,
                            height: height, role: "img", "aria-label": "value line"}, box);
    function y(s) { return height / 2 - s * (height / 2 - pad); }
    make("rect", {width: width, height: height, fill: "#fffdf7"}, root);
    make("line", {x1: pad, y1: height / 2, x2: width - pad, y2: height / 2, stroke: "#999",
                  "stroke-dasharray": "4 3"}, root);
    make("text", {x: pad, y: pad - 2, "font-size": 10, fill: "#555"}, root).textContent = "black wins";
    make("text", {x: pad, y: height - 2, "font-size": 10, fill: "#555"}, root).textContent = "white wins";
    var pts = game.line.map(function (id, i) { return (pad + i * dx).toFixed(1) + "," + y(blackScore(id)).toFixed(1); });
    make("polyline", {points: pts.join(" "), fill: "none", stroke: "#333", "stroke-width": 1.5}, root);
    game.line.forEach(function (id, i) {
      var verdict = i > 0 ? verdictOf(i) : null, s = states[id];
      var dot = make("circle", {cx: (pad + i * dx).toFixed(1), cy: y(blackScore(id)).toFixed(1), r: 3.5,
                                fill: VERDICT_COLOUR[verdict] || "#333"}, root);
      make("title", {}, dot).textContent = i === 0 ? "start: " + valueWords(s.value, s.distance)
        : i + ". " + game.moves[i - 1] + " (" + verdict + ")";
    });
    box.scrollLeft = box.scrollWidth;
  }

  function humanMayMove() {
    return !result() && settings[sideToMove()] === "human";
  }

  /* Redraws everything from the game. */
  function show() {
    var list = choices();
    drawBoard(current(), game.moves[game.moves.length - 1]);
    drawChoices(humanMayMove() ? list : [], humanMayMove());
    drawStatus(list);
    drawChoiceList(list);
    drawMoveList();
    drawValueLine();
    document.getElementById("undo").disabled = game.moves.length === 0;
    document.getElementById("redo").disabled = game.future.length === 0 || !!result();
    document.getElementById("computer-move").disabled = !!result();
    document.body.classList.toggle("values-off", !settings.show);
  }

  /* --- what a person does --- */

  function humanPlays(move) {
    if (!humanMayMove()) return;
    playMove(move);
    selected = null;
    paused = false;
    show();
    wake();
  }

  /* A click on point j: plays the piece picked there when it can go
   * there, else picks the piece on j when it can move (or lets go of the
   * piece picked when it is clicked again). */
  function clicked(j) {
    if (!humanMayMove()) return;
    var list = choices();
    if (selected !== null) {
      var move = names[selected] + "-" + names[j];
      if (list.some(function (c) { return c.move === move; })) { humanPlays(move); return; }
    }
    var movable = list.some(function (c) { return c.move.split("-")[0] === names[j]; });
    selected = movable && selected !== j ? j : null;
    show();
  }

  /* Takes back moves to the last turn of a person (one move when both
   * sides are the computer's or people's). */
  function undoTurn() {
    if (!undoMove()) return;
    while (game.moves.length > 0 && settings[sideToMove()] === "computer" &&
           settings[OTHER[sideToMove()]] === "human") undoMove();
    after(true);
  }

  function goTo(ply) {
    while (plies() > ply) undoMove();
    while (plies() < ply && redoMove()) { /* replaying */ }
    after(true);
  }

  /* Redraws after an undo or redo; the computer then waits. */
  function after(wait) {
    selected = null;
    paused = wait;
    show();
    wake();
  }

  document.getElementById("undo").addEventListener("click", undoTurn);
  document.getElementById("redo").addEventListener("click", function () { redoMove(); after(true); });
  document.getElementById("restart").addEventListener("click", function () {
    game = {line: [0], moves: [], future: []};
    after(false);
  });
  document.getElementById("computer-move").addEventListener("click", function () {
    var move = choose();
    if (!move) return;
    playMove(move);
    after(false);
  });
  ["black", "white"].forEach(function (side) {
    var select = document.getElementById(side + "-player");
    select.value = settings[side];
    select.addEventListener("change", function () { settings[side] = select.value; after(false); });
  });
  var skill = document.getElementById("skill"), skillText = document.getElementById("skill-text");
  function skillWords() {
    var s = Number(skill.value);
    skillText.textContent = s >= 1 ? "perfect" : s <= 0 ? "random" :
      "perfect " + Math.round(s * 100) + "% of moves";
  }
  skill.addEventListener("input", function () { settings.skill = Number(skill.value); skillWords(); });
  skillWords();
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
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    if (e.key === "ArrowLeft") undoTurn();
    else if (e.key === "ArrowRight") { redoMove(); after(true); }
  });

  /* --- the scripting face: window.mutorere (doc/api.md) --- */

  /* The state now, its value for the side to move (a draw once the game
   * is drawn by repetition or the ply cap). */
  function stateNow() {
    var id = current(), s = states[id], r = result(), drawn = r && !s.reason;
    return {position: positionText(id, data.startPly + plies()), side: sideToMove(),
            ply: data.startPly + plies(), value: drawn ? "draw" : s.value,
            distance: drawn ? null : s.distance};
  }

  window.mutorere = {
    state: stateNow,
    moves: function () {
      return choices().map(function (c) {
        var m = {move: c.move, value: c.value, distance: c.distance}, ends = endsAfter(c.kid);
        if (ends) m.ends = ends;
        return m;
      });
    },
    play: function (move) { playMove(move); after(false); return stateNow(); },
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
    setup: function (o) {
      ["black", "white"].forEach(function (side) {
        if (o[side] === undefined) return;
        if (o[side] !== "human" && o[side] !== "computer")
          throw new Error("setup: " + side + " must be \"human\" or \"computer\"");
        settings[side] = o[side];
        document.getElementById(side + "-player").value = o[side];
      });
      if (o.skill !== undefined) {
        if (typeof o.skill !== "number" || !(o.skill >= 0 && o.skill <= 1))
          throw new Error("setup: skill must be a number from 0 to 1");
        settings.skill = o.skill;
        skill.value = String(o.skill);
        skillWords();
      }
      if (o.delay !== undefined) settings.delay = Math.max(0, Number(o.delay) || 0);
      after(false);
    }
  };

  data.line.forEach(playMove);
  after(data.line.length > 0);
})();

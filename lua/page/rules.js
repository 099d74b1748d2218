/*
 * rules.js — the first part of the play page's script (play.lua writes
 * rules.js, play.js and extras.js, in that order, into one function): the
 * solved graph the page carries, the game on it, and the computer's
 * choices.  No drawing here.
 *
 * The page knows no rules: it carries the solved graph of the states
 * reachable from its start (lua/module/play.lua writes it; "graph"
 * below), and a move is an edge of that graph.  Repetition and the ply
 * cap, which the graph does not hold, are counted here along the game, as
 * the engine counts them (core/game.c).
 *
 * The graph, base64 in data.graph: for each state in turn, unsigned
 * varints (7 bits a byte, low first, the high bit set on every byte but
 * the last):
 *   board  on the wheel with its one empty point (data.format 1,
 *          data.arms = n): side + 2 * (e + (n + 1) * c): side 0 black to
 *          move, 1 white; e the empty point (0 .. n - 1 for arm e + 1, n
 *          for the centre); c the colours of the other points in order
 *          (arms, then the centre), bit i set when the i-th is black.
 *          Point by point (data.format 2: a board of points, data.points
 *          its names in order, or a wheel whose rules drop or take pieces,
 *          its arms then its centre): a varint for each 32 points, the
 *          base-3 number of their digits (0 empty, 1 black, 2 white; the
 *          first point the lowest digit), the first varint times 2 plus
 *          the side (every varint below 2^53, exact here); then, when
 *          data.hands is set (the most pieces a hand holds, plus one), a
 *          varint: black's hand + data.hands * white's hand;
 *   value  0 a draw, 1 + 2 d lost in d plies, 2 + 2 d won in d plies, for
 *          the side to move;
 *   count  the number of legal moves, in the variant's order; then, when
 *          it is 0 (the game is over there), 0 if the side to move is
 *          blocked, 1 if a rule of the variant ended it, 2 if the side
 *          that moved made a row; else, for each move, the state it leads
 *          to, as the zigzag of (its number - this state's number).
 * A move is known by the two states: the point the mover's piece leaves
 * (none for a drop from the hand), the point it goes to, and the enemy
 * pieces that leave the board; its text is the engine's ("4-c", "@3",
 * "3x5", "3-5x4", "pass").
 */

var OTHER = {black: "white", white: "black"};
var CAPITAL = {black: "Black", white: "White"};
var FLIP = {win: "loss", loss: "win", draw: "draw"};
var CHUNK = 32; // the points a varint of a board of points holds
var MAX_PLY = 999999999; // the last ply a position holds (the engine's BOARD_MAX_PLY)

/* Text typed or pasted, as an error message shows it: quoted, and cut
 * after 40 characters with "..." (as the engine shows such text). */
function shown(text) {
  text = String(text);
  return text.length > 40 ? JSON.stringify(text.slice(0, 40)).slice(0, -1) + '..."' : JSON.stringify(text);
}
var SEARCHED = 6; // the plies the player against a fallible opponent searches on the game
var HORIZON = 20; // and the plies it looks ahead in all

var data = JSON.parse(document.getElementById("play-data").textContent);
var wheel = data.arms !== undefined && data.arms !== null; // drawn as the wheel
var oneEmpty = data.format === 1; // the wheel's code of one empty point
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
  var bytes = bytesOf(d.graph), at = 0, list = new Array(d.states);
  var words = oneEmpty ? 1 : Math.ceil(names.length / CHUNK);
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
    var hand = d.hands ? next() : 0;
    var code = next(), count = next(), s = {board: board, hand: hand, kids: [], reason: null};
    s.value = code === 0 ? "draw" : code % 2 === 1 ? "loss" : "win";
    s.distance = code === 0 ? null : Math.floor((code - 1) / 2);
    if (count === 0) s.reason = ["blocked", "rule", "row"][next()] || "rule";
    for (var k = 0; k < count; k++) {
      var z = next();
      s.kids.push(i + (z % 2 === 1 ? -(z + 1) / 2 : z / 2));
    }
    list[i] = s;
  }
  return list;
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

/* The side to move, the cells of the points of state id, in the order
 * of names, and the pieces each side holds in hand. */
function boardOf(id) {
  if (!boards[id]) {
    var s = states[id], b = oneEmpty ? wheelBoard(s.board[0]) : pointsBoard(s.board);
    b.hand = {black: data.hands ? s.hand % data.hands : 0,
              white: data.hands ? Math.floor(s.hand / data.hands) : 0};
    boards[id] = b;
  }
  return boards[id];
}

/* The move from state id to state kid: {text, from, to, take}, from and
 * to the numbers of points (from -1 for a drop, both -1 for a pass),
 * take the numbers of the points whose pieces it takes, in order. */
function moveOf(id, kid) {
  var a = boardOf(id), b = boardOf(kid), mover = a.side.charAt(0), m = {from: -1, to: -1, take: []};
  for (var j = 0; j < a.cells.length; j++) {
    if (a.cells[j] === mover && b.cells[j] !== mover) m.from = j;
    else if (a.cells[j] !== mover && b.cells[j] === mover) m.to = j;
    if (a.cells[j] !== "." && a.cells[j] !== mover && b.cells[j] !== a.cells[j]) m.take.push(j);
  }
  if (m.to < 0) { m.text = "pass"; return m; }
  var toTaken = m.take.indexOf(m.to) >= 0;
  m.text = (m.from < 0 ? "@" : names[m.from] + (toTaken ? "x" : "-")) + names[m.to] +
           (m.from < 0 && toTaken ? "x" + names[m.to] : "");
  m.take.forEach(function (j) { if (j !== m.to) m.text += "x" + names[j]; });
  return m;
}

/* The text of the move from state id to state kid. */
function moveText(id, kid) { return moveOf(id, kid).text; }

/* The board and side of state id as text: "bbbw.www/b b" on the wheel,
 * "bb.ww b" on a board of points, the hands before the side when one
 * holds a piece ("......... 4/3 w"). */
function boardText(id) {
  var b = boardOf(id), cells = b.cells.join("");
  if (wheel) cells = cells.slice(0, data.arms) + "/" + cells.slice(data.arms);
  if (b.hand.black || b.hand.white) cells += " " + b.hand.black + "/" + b.hand.white;
  return cells + " " + b.side.charAt(0);
}

/* The position text of state id at ply, as the engine writes it, the
 * ply left out when it is 0. */
function positionText(id, ply) { return boardText(id) + (ply ? " " + ply : ""); }

/* The rank of a move leading to kid for its mover: higher is better (a
 * win, sooner first; a draw; a loss, later first), as the engine ranks. */
function rankOf(kid) {
  var s = states[kid];
  if (s.value === "loss") return 3000 - (s.distance + 1);
  if (s.value === "win") return s.distance + 1;
  return 1000;
}

/* The class of a rank: 2 a win, 1 a draw, 0 a loss. */
function classOf(rank) { return rank > 2000 ? 2 : rank === 1000 ? 1 : 0; }

/* The replies from state id that lose for the side that plays them. */
function trapsOf(id) {
  var wrong = 0;
  states[id].kids.forEach(function (reply) { if (states[reply].value === "win") wrong++; });
  return wrong;
}

/* --- the game --- */

var game = {line: [0], moves: [], future: [], startPly: data.startPly}; // state ids, move texts

function current() { return game.line[game.line.length - 1]; }
function plies() { return game.line.length - 1; }
function sideToMove() { return boardOf(current()).side; }

/* How a game along line (state ids, its start first) stands at its end:
 * null, or {winner, reason}. */
function lineResult(line) {
  var i = line.length - 1, id = line[i], s = states[id], side = boardOf(id).side;
  if (s.reason) {
    var winner = s.value === "draw" ? "draw" : s.value === "win" ? side : OTHER[side];
    return {winner: winner, reason: s.reason};
  }
  if (data.repetition > 0) {
    var seen = 1;
    for (var j = 0; j < i; j++) if (line[j] === id) seen++;
    if (seen >= data.repetition) return {winner: "draw", reason: "repetition"};
  }
  if (data.maxPlies > 0 && i >= data.maxPlies) return {winner: "draw", reason: "ply cap"};
  return null;
}

/* How the game stands after i moves. */
function resultAt(i) { return lineResult(game.line.slice(0, i + 1)); }
function result() { return lineResult(game.line); }

/* What ends the game at once after the move to kid, by repetition or
 * the ply cap (the graph's value does not know them), or null. */
function endsAfter(kid) {
  if (states[kid].reason) return null;
  game.line.push(kid);
  var r = lineResult(game.line);
  game.line.pop();
  return r && r.reason;
}

/* The legal moves of state id, best first (ties in the variant's
 * order): {move, value, distance, rank, kid, order}, for the mover. */
function choicesOf(id) {
  var list = [];
  states[id].kids.forEach(function (kid, order) {
    var s = states[kid], m = moveOf(id, kid);
    list.push({move: m.text, from: m.from, to: m.to, take: m.take, value: FLIP[s.value],
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
  var before = states[id].value, after = FLIP[states[kid].value];
  if (after !== before) return "blunder";
  var mine = rankOf(kid), keeping = 0;
  list.forEach(function (c) { if (c.value === before) keeping++; });
  if (mine < list[0].rank) return "inaccuracy";
  if (keeping === 1 && before !== "loss") return "only move";
  return "best";
}

/* The legal move of the game now whose text is text, ignoring case and
 * the spaces around it when no other move matches so; throws otherwise. */
function findMove(text) {
  var list = choicesOf(current()), exact = null, folded = [];
  list.forEach(function (c) {
    if (c.move === text) exact = c;
    else if (c.move.toLowerCase() === text.toLowerCase()) folded.push(c);
  });
  if (exact) return exact;
  if (folded.length === 1) return folded[0];
  throw new Error("play: " + shown(text) + " is not a legal move here; legal: " +
                  list.map(function (c) { return c.move; }).sort().join(" "));
}

/* Whether the game is at MAX_PLY, from which no move is played (as the
 * engine refuses one: the position after could not be written). */
function atLastPly() { return game.startPly + game.moves.length >= MAX_PLY; }

/* Plays move (text) in the game; throws when it is not legal here. */
function playMove(move) {
  var text = String(move).trim();
  var over = result();
  if (over) throw new Error("play: the game is over (" + over.reason + ")");
  if (atLastPly())
    throw new Error("play: the game is at ply " + MAX_PLY + ", the last a position holds: no move is " +
                    "played past it");
  var c = findMove(text);
  game.line.push(c.kid);
  game.moves.push(c.move);
  if (game.future.length && game.future[game.future.length - 1] === c.move) game.future.pop();
  else game.future = [];
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

/* Starts a new game at state id, ply. */
function newGame(id, ply) { game = {line: [id], moves: [], future: [], startPly: ply}; }

/* --- the computer's choices --- */

/* The perfect move by the graph, as mt.player("perfect") plays it: the
 * best rank (a move that draws at once by repetition or the ply cap
 * counted as a draw), and among those the most traps; ties at random
 * (random true) or the first in the order of choicesOf. */
function perfectMove(list, random) {
  list.forEach(function (c) { if (endsAfter(c.kid)) c.rank = 1000; });
  var top = Math.max.apply(null, list.map(function (c) { return c.rank; }));
  var best = list.filter(function (c) { return c.rank === top; }), most = -1, picks = [];
  best.forEach(function (c) {
    var wrong = trapsOf(c.kid);
    if (wrong > most) { most = wrong; picks = []; }
    if (wrong === most) picks.push(c);
  });
  return (random ? picks[Math.floor(Math.random() * picks.length)] : picks[0]).move;
}

/* The index (in its kids) of the move perfect play picks at state id,
 * as the opponent of the player against a fallible opponent is assumed
 * to: the best rank, then the most traps (none after a move that ends
 * the game), the first in the variant's order. */
var picks = [];
function pickOf(id) {
  if (picks[id] === undefined) {
    var kids = states[id].kids, top = -1, most = -1;
    kids.forEach(function (c) { top = Math.max(top, rankOf(c)); });
    kids.forEach(function (c, j) {
      if (rankOf(c) !== top) return;
      var wrong = states[c].reason ? 0 : trapsOf(c);
      if (wrong > most) { most = wrong; picks[id] = j; }
    });
  }
  return picks[id];
}

/* The best class of the moves of state id for its mover. */
function topClass(id) {
  var top = -1;
  states[id].kids.forEach(function (c) { top = Math.max(top, classOf(rankOf(c))); });
  return top;
}

/* Whether state id is won for side me within plies (null: any). */
function wonFor(id, me, plies) {
  var s = states[id];
  return !s.reason && s.value !== "draw" && (s.value === "win") === (boardOf(id).side === me) &&
         (plies === null || s.distance <= plies);
}

/* The expected score for me of state id from the values of its children
 * (an array by state): the best value-keeping move when me is to move,
 * else the mix of perfect play at skill and random moves. */
function backUp(id, me, skill, values) {
  var kids = states[id].kids;
  if (boardOf(id).side === me) {
    var top = topClass(id), best = -1;
    kids.forEach(function (c) { if (classOf(rankOf(c)) === top) best = Math.max(best, values[c]); });
    return best;
  }
  var sum = 0, share = (1 - skill) / kids.length, pick = pickOf(id);
  kids.forEach(function (c, j) { sum += (share + (j === pick ? skill : 0)) * values[c]; });
  return sum;
}

var tables = {}; // the expectation tables made so far

/* The layers 0 .. last of the expectation for me against skill (see
 * lua/module/against.lua): layer t scores each state with t plies to go;
 * capped, the game is drawn after them, else scored by the solver. */
function layers(me, skill, last, capped) {
  var key = [me, skill, last, capped].join(" ");
  if (tables[key]) return tables[key];
  var n = states.length, now = new Float64Array(n), out = [now];
  for (var x = 0; x < n; x++) {
    var s = states[x];
    if (s.reason) now[x] = s.value === "draw" ? 0.5 : (s.value === "win") === (boardOf(x).side === me) ? 1 : 0;
    else if (capped || s.value === "draw") now[x] = 0.5;
    else now[x] = (s.value === "win") === (boardOf(x).side === me) ? 1 : 0;
  }
  for (var t = 1; t <= last; t++) {
    var next = new Float64Array(n);
    for (x = 0; x < n; x++) {
      if (states[x].reason) next[x] = now[x];
      else if (wonFor(x, me, capped ? t : null)) next[x] = 1;
      else next[x] = backUp(x, me, skill, now);
    }
    if (!capped) out[t - 1] = null;
    out[t] = now = next;
  }
  tables[key] = out;
  return out;
}

/* The expected score for me of the game along line, searched k plies
 * on it (repetition and the ply cap as the page counts them), then read
 * from the tables. */
function expectOn(line, k, me, skill, last) {
  var r = lineResult(line);
  if (r) return r.winner === "draw" ? 0.5 : r.winner === me ? 1 : 0;
  var id = line[line.length - 1], left = data.maxPlies > 0 ? data.maxPlies - (line.length - 1) : null;
  if (wonFor(id, me, left)) return 1;
  if (k === 0) {
    if (left !== null && left <= last) return layers(me, skill, last, true)[left][id];
    return layers(me, skill, last, false)[last][id];
  }
  var values = [], mine = boardOf(id).side === me, top = topClass(id);
  states[id].kids.forEach(function (c) {
    if (mine && classOf(rankOf(c)) !== top) { values[c] = -1; return; }
    line.push(c);
    values[c] = expectOn(line, k - 1, me, skill, last);
    line.pop();
  });
  return backUp(id, me, skill, values);
}

/* The move of mt.player("perfect", {against = skill}) now, and its
 * expected score: where it wins, the perfect move; else among the
 * value-keeping moves the highest expected score, ties in the order of
 * the perfect player. */
function againstMove(skill) {
  var list = choicesOf(current());
  if (states[current()].value === "win") return {move: perfectMove(list, false), expected: 1};
  var me = sideToMove(), searched = Math.min(SEARCHED, HORIZON - 1), last = HORIZON - 1 - searched;
  var top = classOf(list[0].rank), best = -1, pick = null, pickTraps = -1;
  list.forEach(function (c) {
    if (classOf(c.rank) !== top) return;
    game.line.push(c.kid);
    var score = expectOn(game.line, searched, me, skill, last);
    game.line.pop();
    var wrong = states[c.kid].reason ? 0 : trapsOf(c.kid);
    if (score > best + 1e-12 || (score > best - 1e-12 && c.rank === pick.rank && wrong > pickTraps)) {
      best = Math.max(best, score);
      pick = c;
      pickTraps = wrong;
    }
  });
  return {move: pick.move, expected: best};
}

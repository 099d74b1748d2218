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

/* The moves of list (choices of state id) that text (in lower case) names
 * short, as the engine reads it: "3x5" a move from 3 to 5 that takes,
 * "3-5" any move from 3 to 5. */
function shortMoves(list, id, text) {
  return list.filter(function (c) {
    var m = moveOf(id, c.kid);
    if (m.from < 0 || m.to < 0) return false; // (a drop, a pass: no short form)
    var head = names[m.from].toLowerCase(), to = names[m.to].toLowerCase();
    return text === head + "-" + to || (m.take.length > 0 && text === head + "x" + to);
  });
}

/* The legal move of the game now whose text is text, ignoring case and
 * the spaces around it when no other move matches so, or the one move its
 * short form names (a capture written "3x5" or "3-5"); throws otherwise. */
function findMove(text) {
  var id = current(), list = choicesOf(id), exact = null, folded = [];
  list.forEach(function (c) {
    if (c.move === text) exact = c;
    else if (c.move.toLowerCase() === text.toLowerCase()) folded.push(c);
  });
  if (exact) return exact;
  if (folded.length === 1) return folded[0];
  var named = folded.length ? [] : shortMoves(list, id, text.toLowerCase());
  if (named.length === 1) return named[0];
  var texts = named.map(function (c) { return c.move; }).sort(); // (in the order of their texts)
  if (named.length > 1)
    throw new Error("play: " + shown(text) + " names more than one move: " + texts[0] + " or " + texts[1]);
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

/* The search of the player against a fallible opponent, as
 * lua/module/against.lua makes it (the same passes, states of play, keys
 * and sums, so the same figures): the states of play are a state, its ply
 * under a cap and the counts of the states of its strongly connected
 * component (of the moves either side may make) seen so far. */
var MAX_NODES = 50000; // the most states of play a pass visits
var FIRST = 1e-2;      // the chance below which the first pass cuts a line
var STEP = 0.1;        // what each further pass multiplies it by
var FINEST = 1e-12;    // past which a pass cuts nothing

/* Whether state id is won or lost (a count of repetition - 1 makes it
 * "hot": a fastest win through it could draw). */
function decisive(id) { return states[id].value !== "draw"; }

/* The moves either side may play from each state when me plays for the
 * win (me only the value-keeping ones), and their components (Tarjan's,
 * iterative); made once a side. */
var plans = {};
function planOf(me) {
  if (plans[me]) return plans[me];
  var n = states.length, edges = [], x;
  for (x = 0; x < n; x++) {
    var kids = states[x].kids;
    if (boardOf(x).side === me) {
      var top = topClass(x);
      edges.push(kids.filter(function (c) { return classOf(rankOf(c)) === top; }));
    } else {
      edges.push(kids.slice());
    }
  }
  var index = new Int32Array(n), low = new Int32Array(n), on = new Uint8Array(n), stack = [];
  var comp = new Int32Array(n), count = 0, found = 0;
  for (var root = 0; root < n; root++) {
    if (index[root]) continue;
    var frames = [[root, 0]];
    index[root] = low[root] = ++count;
    on[root] = 1;
    stack.push(root);
    while (frames.length) {
      var frame = frames[frames.length - 1], y = frame[0], c = edges[y][frame[1]];
      if (c !== undefined) {
        frame[1]++;
        if (!index[c]) {
          index[c] = low[c] = ++count;
          on[c] = 1;
          stack.push(c);
          frames.push([c, 0]);
        } else if (on[c]) {
          low[y] = Math.min(low[y], index[c]);
        }
      } else {
        frames.pop();
        if (frames.length) {
          var parent = frames[frames.length - 1][0];
          low[parent] = Math.min(low[parent], low[y]);
        }
        if (low[y] === index[y]) {
          found++;
          var z;
          do { z = stack.pop(); on[z] = 0; comp[z] = found; } while (z !== y);
        }
      }
    }
  }
  plans[me] = {edges: edges, comp: comp, components: found};
  return plans[me];
}

/* Puts state y into, or takes it out of, the sorted list. */
function insertSorted(list, y) {
  var lo = 0, hi = list.length;
  while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid] < y) lo = mid + 1; else hi = mid; }
  list.splice(lo, 0, y);
}
function removeSorted(list, y) { list.splice(list.indexOf(y), 1); }

/* The states reachable from state x by the moves of plan (a byte each). */
function reachable(plan, x) {
  var seen = new Uint8Array(states.length), queue = [x];
  seen[x] = 1;
  for (var head = 0; head < queue.length; head++) {
    plan.edges[queue[head]].forEach(function (c) { if (!seen[c]) { seen[c] = 1; queue.push(c); } });
  }
  return seen;
}

/* Sets the counts of ctx to the game's past (ctx.past: state -> count),
 * hot counting the states play can reach again (ctx.reach). */
function startPass(ctx) {
  ctx.counts = new Int32Array(states.length);
  ctx.seen = [];
  ctx.hot = 0;
  for (var k = 0; k <= ctx.plan.components; k++) ctx.seen.push([]);
  ctx.past.forEach(function (n, y) {
    if (!n) return;
    ctx.counts[y] = n;
    insertSorted(ctx.seen[ctx.plan.comp[y]], y);
    if (ctx.rep && n >= ctx.rep - 1 && decisive(y) && ctx.reach[y]) ctx.hot++;
  });
}

/* Whether state x (its count just raised) is won for me with the fastest
 * win sure: within the cap, through no state seen repetition - 1 times. */
function sureWin(ctx, x, ply) {
  var s = states[x];
  if (s.value === "draw" || (s.value === "win") !== (boardOf(x).side === ctx.me)) return false;
  if (ctx.cap && s.distance > ctx.cap - ply) return false;
  var own = ctx.rep && ctx.counts[x] >= ctx.rep - 1 ? 1 : 0;
  return ctx.hot - own === 0;
}

/* The bounds [lo, hi] (equal when exact) of the expected score for me of
 * the state of play at child c (ply, reached with chance prob). */
function visitPlay(ctx, c, ply, prob) {
  var n = ++ctx.counts[c], seen = ctx.seen[ctx.plan.comp[c]];
  if (n === 1) insertSorted(seen, c);
  var heat = ctx.rep && n === ctx.rep - 1 && decisive(c) ? 1 : 0;
  ctx.hot += heat;
  var r = expectPlay(ctx, c, ply, prob);
  ctx.hot -= heat;
  if (n === 1) removeSorted(seen, c);
  ctx.counts[c]--;
  return r;
}

function expectPlay(ctx, x, ply, prob) {
  var s = states[x], me = ctx.me;
  if (s.reason) {
    var winner = s.value === "draw" ? "draw" : s.value === "win" ? boardOf(x).side : OTHER[boardOf(x).side];
    var score = winner === "draw" ? 0.5 : winner === me ? 1 : 0;
    return [score, score];
  }
  if (ctx.rep && ctx.counts[x] >= ctx.rep) return [0.5, 0.5];
  if (ctx.cap && ply >= ctx.cap) return [0.5, 0.5];
  if (sureWin(ctx, x, ply)) return [1, 1];
  if (ctx.skill === 1 && s.value === "draw") return [0.5, 0.5];
  if (prob < ctx.eps) {
    ctx.cut = true;
    return s.value === "draw" || (s.value === "win") === (boardOf(x).side === me) ? [0.5, 1] : [0, 1];
  }
  var parts = [x, ctx.cap ? ply : 0];
  ctx.seen[ctx.plan.comp[x]].forEach(function (y) { parts.push(y * 1001 + ctx.counts[y]); });
  var key = parts.join(" "), memo = ctx.memo.get(key);
  if (memo) return memo;
  if (++ctx.nodes > MAX_NODES) throw ctx.over;
  var lo, hi, r;
  if (boardOf(x).side === me) {
    lo = hi = -1;
    var list = ctx.rollout ? [s.kids[pickOf(x)]] : ctx.plan.edges[x];
    list.forEach(function (c) {
      r = visitPlay(ctx, c, ply + 1, prob);
      lo = Math.max(lo, r[0]);
      hi = Math.max(hi, r[1]);
    });
  } else {
    lo = hi = 0;
    var share = (1 - ctx.skill) / s.kids.length, pick = pickOf(x);
    s.kids.forEach(function (c, j) {
      var weight = share + (j === pick ? ctx.skill : 0);
      if (weight > 0) {
        r = visitPlay(ctx, c, ply + 1, prob * weight);
        lo += weight * r[0];
        hi += weight * r[1];
      }
    });
  }
  ctx.memo.set(key, [lo, hi]);
  return [lo, hi];
}

/* The bounds of each of children (the value-keeping moves' states from
 * the game now, at ply): the player's own play where that is exact
 * within MAX_NODES, else plain perfect's after the move, at the finest
 * threshold that fits. */
function passes(ctx, children, ply) {
  ctx.over = {};
  var best = null;
  [false, true].some(function (rollout) {
    ctx.rollout = rollout;
    var eps = rollout ? FIRST : 0;
    for (;;) {
      startPass(ctx);
      ctx.eps = eps; ctx.memo = new Map(); ctx.nodes = 0; ctx.cut = false;
      try {
        var out = children.map(function (c) { return visitPlay(ctx, c, ply + 1, 1); });
      } catch (e) {
        if (e !== ctx.over) throw e;
        break;
      }
      best = out;
      if (!ctx.cut || eps === 0) return true;
      eps *= STEP;
      if (eps < FINEST) eps = 0;
    }
    return best !== null;
  });
  if (!best) throw new Error("the player against a fallible opponent: the expectation here needs more than " +
                             MAX_NODES + " states of play even with the lines of chance below " + FIRST + " cut");
  return best;
}

/* The move of mt.player("perfect", {against = skill}) now, its expected
 * score and half the width of its bounds (0 when exact): where the
 * fastest win is sure, the perfect move; else among the value-keeping
 * moves the highest expected score, ties in the order of the perfect
 * player. */
function againstMove(skill) {
  var list = choicesOf(current()), me = sideToMove(), ply = game.line.length - 1;
  var past = new Map();
  game.line.forEach(function (id) { past.set(id, (past.get(id) || 0) + 1); });
  var ctx = {plan: planOf(me), me: me, skill: skill, past: past,
             rep: data.repetition > 0 ? data.repetition : 0, cap: data.maxPlies > 0 ? data.maxPlies : 0};
  ctx.reach = reachable(ctx.plan, current());
  startPass(ctx);
  if (sureWin(ctx, current(), ply)) return {move: perfectMove(list, false), expected: 1, expectedError: 0};
  var top = classOf(list[0].rank), moves = list.filter(function (c) { return classOf(c.rank) === top; });
  var found = passes(ctx, moves.map(function (c) { return c.kid; }), ply);
  var best = -1, pick = null, pickTraps = -1, width = 0;
  moves.forEach(function (c, i) {
    var score = (found[i][0] + found[i][1]) / 2, wrong = states[c.kid].reason ? 0 : trapsOf(c.kid);
    if (score > best + 1e-12 || (score > best - 1e-12 && c.rank === pick.rank && wrong > pickTraps)) {
      best = Math.max(best, score);
      pick = c;
      pickTraps = wrong;
      width = (found[i][1] - found[i][0]) / 2;
    }
  });
  return {move: pick.move, expected: best, expectedError: width};
}

// c4's page: a Connect Four board against perfect play, or an analysis
// board for two. It asks a solver for the score of every column of the
// position: in the browser (the npm package in c4/, when the site has it)
// or c4 serve's API (when the page is served by c4 serve).
import * as rules from "./rules.mjs";
import { BOARDS, column, name, normal, ordinal, parseBoard, range } from "./rules.mjs";
import { ServerSolver, WorkerSolver, chooseSolver } from "./solvers.mjs";

const $ = id => document.getElementById(id);

// ---- Positions.

window.c4log = [];


const state = {
  solver: null,
  W: 7, H: 6, board: "7x6",
  moves: "",        // the position: the columns played, a character each
  future: "",       // the moves undone, for redo
  mode: "red",      // red, yellow (the person's side against c4) or analysis
  hints: true,
  scores: null,     // of the current position's columns, or null
  rules: "",        // what the rules prove at the position, in words, or ""
  asked: 0,         // the question under way's number
  thinking: null,   // {start, nodes} while a search runs
  stopped: false,
  pointed: -1,      // the column under the pointer
  error: "",
};
window.c4state = state; // the tests ask its solver directly

// board is the board of the game under way, as the rules take it.
const board = () => ({ W: state.W, H: state.H, name: state.board });
const over = () => rules.over(board(), state.moves);
const grid = ms => rules.grid(board(), ms);

// ---- Words.

const colour = p => p === 0 ? "Red" : "Yellow"; // p: 0 the first player, 1 the second
const human = () => state.mode === "red" ? 0 : state.mode === "yellow" ? 1 : -1;
const label = p => human() < 0 ? colour(p) : p === human() ? "you" : "c4";
const cap = s => s[0].toUpperCase() + s.slice(1);

// wins says who wins, and with which stone, when the side to move's score
// is v (v > 0: the side to move; v < 0: the other).
function wins(v) {
  const { player, k } = rules.winningStone(board(), state.moves.length, v);
  const who = label(player);
  return `${who} ${who === "you" ? "win" : "wins"} with ${who === "you" ? "your" : "its"} ${ordinal(k)} stone`;
}

// meaning says what a column's score v means for the side to move.
function meaning(v) {
  if (v === 0) return "a draw";
  return (v > 0 ? "wins: " : "loses: ") + wins(v);
}

const signed = v => v > 0 ? "+" + v : String(v);

// ---- The page.

function build() {
  const { W, H } = state;
  const grid = $("grid"), scores = $("scores"), labels = $("labels");
  grid.replaceChildren(); scores.replaceChildren(); labels.replaceChildren();
  document.documentElement.style.setProperty("--cell", `min(3.6em, calc((min(34em, 100vw - 4em) - ${0.3 * (W + 1) + 0.8}em) / ${W}))`);
  for (const el of [grid, scores, labels]) el.style.gridTemplateColumns = `repeat(${W}, var(--cell))`;
  for (let c = 0; c < W; c++) {
    const col = document.createElement("div");
    col.className = "col";
    col.style.gridTemplateRows = `repeat(${H}, var(--cell))`;
    col.dataset.col = c;
    col.setAttribute("role", "button");
    col.setAttribute("aria-label", "column " + name(c));
    for (let r = H - 1; r >= 0; r--) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.dataset.row = r;
      col.appendChild(cell);
    }
    col.addEventListener("click", () => humanPlays(c));
    grid.appendChild(col);
    const s = document.createElement("span");
    s.dataset.col = c;
    scores.appendChild(s);
    const l = document.createElement("span");
    l.textContent = name(c);
    labels.appendChild(l);
    for (const el of [col, s]) {
      el.addEventListener("mouseenter", () => { state.pointed = c; render(); });
      el.addEventListener("mouseleave", () => { state.pointed = -1; render(); });
    }
  }
  $("keys").innerHTML = `Keys: a column's name (${range(W)}, either case) plays it; <kbd>Enter</kbd> or <kbd>c</kbd>: c4 moves;
    <kbd>u</kbd> or <kbd>Backspace</kbd>: undo; <kbd>r</kbd>: redo; <kbd>n</kbd>: new game; <kbd>Escape</kbd>: stop a search.`;
}

function render() {
  const { W, moves } = state;
  const g = grid(moves), f = rules.four(board(), g) || [];
  for (const col of $("grid").children) {
    const c = Number(col.dataset.col);
    for (const cell of col.children) {
      const r = Number(cell.dataset.row), p = g[c][r] || 0;
      const last = moves.length > 0 && column(moves[moves.length - 1]) === c && r === g[c].length - 1;
      cell.className = "cell" + (p ? " p" + p : "") + (f.some(([x, y]) => x === c && y === r) ? " four" : "") + (last ? " last" : "");
    }
  }
  const show = state.hints && state.scores && !over();
  let best = null;
  for (const s of $("scores").children) {
    const v = show ? state.scores[Number(s.dataset.col)] : null;
    const known = v !== null && v !== undefined;
    s.innerHTML = known ? `${signed(v)}<small>${v > 0 ? "win" : v < 0 ? "loss" : "draw"}</small>` : "";
    s.title = known ? meaning(v) : "";
    s.className = v > 0 ? "win" : v < 0 ? "loss" : v === 0 ? "draw" : "";
    if (known && (best === null || v > best)) best = v;
  }
  const v = show && state.pointed >= 0 ? state.scores[state.pointed] : null;
  $("rules").textContent = state.hints && state.rules && !over() ? "By the rules, without search: " + state.rules : "";
  $("explain").textContent = v === null || v === undefined ? "" : `Column ${name(state.pointed)} (${signed(v)}): ${meaning(v)}.`;
  $("side").textContent = human() < 0
    ? "Analysis: both sides play here; Red (discs) moves first, Yellow (rings) second."
    : `You play ${colour(human())} (${human() === 0 ? "discs, first" : "rings, second"}); c4 plays ${colour(1 - human())}.`;
  $("status").textContent = statusText(best);
  $("status").dataset.state = state.thinking ? "busy" : "ready";
  // For the tests: the position shown, and the one whose scores are shown.
  $("status").dataset.moves = state.board + ":" + moves;
  $("status").dataset.answered = state.scores || over() ? state.board + ":" + moves : "";
  $("c4move").disabled = over() || !!state.thinking;
  $("undo").disabled = moves === "";
  $("redo").disabled = state.future === "";
  $("again").hidden = !state.stopped;
  renderMoves();
  const hash = "#" + (state.board === "7x6" ? "" : state.board + ":") + moves;
  $("link").href = hash;
  history.replaceState(null, "", location.pathname + (moves || state.board !== "7x6" ? hash : ""));
}

function statusText(best) {
  const { moves } = state, mover = moves.length % 2, w = rules.winner(board(), moves);
  if (w) return `${colour(w - 1)} wins${human() >= 0 ? (w - 1 === human() ? ": you win" : ": c4 wins") : ""}.`;
  if (moves.length === state.W * state.H) return "A draw: the board is full.";
  const turn = human() < 0 ? `${colour(mover)} to move` : mover === human() ? `Your move (${colour(mover)})` : `c4's move (${colour(mover)})`;
  if (state.error) return turn + ". " + state.error;
  if (state.thinking) return turn + ".";
  if (state.stopped) return turn + ": the search was stopped.";
  if (!state.hints || best === null) return turn + ".";
  return `${turn}: ${best === 0 ? "a draw with perfect play" : wins(best) + " with perfect play"}.`;
}

function renderMoves() {
  const list = $("movelist");
  list.replaceChildren();
  for (let i = 0; i < state.moves.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = state.moves[i] + (i + 1 < state.moves.length ? "  " + state.moves[i + 1] : "");
    list.appendChild(li);
  }
}

// ---- Playing.

// ask asks the solver for the current position's scores, then plays c4's
// move if it is c4's turn.
async function ask() {
  state.scores = null;
  state.rules = "";
  state.stopped = false;
  state.error = "";
  const id = ++state.asked;
  if (over()) { state.thinking = null; render(); return; }
  state.thinking = { start: performance.now(), nodes: 0 };
  render();
  const timer = setInterval(showThinking, 100);
  let answer;
  try {
    answer = await state.solver.analyze(state.board, state.moves, nodes => { if (id === state.asked && state.thinking) state.thinking.nodes = nodes; });
  } catch (e) {
    if (id === state.asked) state.error = "Error: " + e.message;
  } finally {
    clearInterval(timer);
  }
  if (id !== state.asked) return; // the position changed meanwhile
  // For the measurements (docs/web.md): each answer's time.
  if (answer) window.c4log.push({ board: state.board, moves: state.moves, ms: performance.now() - state.thinking.start, at: performance.now(), nodes: answer.nodes });
  if (answer && !state.deepening && state.solver.deepen) { // the book's deeper layers, once the first answer is shown
    state.deepening = true;
    setTimeout(() => state.solver.deepen(describeSolver), 0);
  }
  state.thinking = null;
  showThinking();
  if (answer === null) state.stopped = true;
  else if (answer) { state.scores = answer.scores; state.rules = answer.explain || ""; }
  render();
  if (answer && c4sTurn()) setTimeout(() => { if (id === state.asked && c4sTurn()) c4plays(); }, 150);
}

const c4sTurn = () => human() >= 0 && !over() && state.moves.length % 2 !== human();

function showThinking() {
  const t = state.thinking, el = $("thinking");
  const secs = t ? (performance.now() - t.start) / 1000 : 0;
  el.hidden = !t || secs < 0.3;
  if (t) $("thinkingText").textContent = `Thinking: ${secs.toFixed(1)} s` + (t.nodes ? `, ${(t.nodes / 1e6).toFixed(1)} M positions` : "") + ".";
}

// best is c4's move: the highest score (the quickest win, the slowest
// loss), the centre first among equals.
function best(scores) {
  const W = state.W;
  let b = -1;
  for (let c = 0; c < W; c++) {
    const v = scores[c];
    if (v === null || v === undefined) continue;
    if (b < 0 || v > scores[b] || v === scores[b] && Math.abs(2 * c - W + 1) < Math.abs(2 * b - W + 1)) b = c;
  }
  return b;
}

function play(c) {
  state.moves += name(c);
  ask();
}

function humanPlays(c) {
  if (over() || c4sTurn() && state.scores === null) return;
  if (grid(state.moves)[c].length >= state.H) { state.error = `Column ${name(c)} is full.`; render(); return; }
  state.future = "";
  note("");
  play(c);
}

function c4plays() {
  if (over()) return;
  if (!state.scores) { ask(); return; }
  const c = best(state.scores);
  if (c >= 0) { state.future = ""; play(c); }
}

// undo takes back a move; against c4, back to the person's previous turn
// (c4's reply too), as the terminal game does.
function undo() {
  if (state.moves === "") return;
  let n = 1;
  if (human() >= 0) while (n < state.moves.length && (state.moves.length - n) % 2 !== human()) n++;
  if (human() >= 0 && (state.moves.length - n) % 2 !== human()) n = state.moves.length;
  state.future = state.moves.slice(-n) + state.future;
  state.moves = state.moves.slice(0, -n);
  ask();
}

function redo() {
  if (state.future === "") return;
  let n = 1;
  if (human() >= 0) while (n < state.future.length && (state.moves.length + n) % 2 !== human()) n++;
  state.moves += state.future.slice(0, n);
  state.future = state.future.slice(n);
  ask();
}

function newGame() {
  state.moves = state.future = "";
  note("");
  ask();
}

function stop() {
  if (state.thinking) state.solver.stop();
}

function note(text) { $("note").textContent = text; }

// open goes to a position (and board) given as "4453" or "6x5:4453"; the
// board is otherwise board (a link's: 7x6). A spec that names no game is
// said in the note, and a new game starts instead.
function open(spec, from, size = "7x6") {
  let ms = spec;
  if (spec.includes(":")) [size, ms] = spec.split(":", 2);
  if (state.solver instanceof ServerSolver) size = state.solver.board; // the server's one board
  state.future = "";
  if (!parseBoard(size)) {
    note(`${from} ${spec}: ${size} is no board this solver takes; a new game instead.`);
    state.moves = "";
    return;
  }
  setBoard(size);
  const why = rules.problem(board(), ms);
  note(why ? `${from} ${spec}: ${why}; a new game instead.` : "");
  state.moves = why ? "" : normal(ms);
}

function setBoard(size) {
  if (size === state.board && $("grid").children.length) return;
  const b = parseBoard(size);
  state.board = size; state.W = b.W; state.H = b.H;
  if (![...$("board").options].some(o => o.value === size)) $("board").add(new Option(size, size));
  $("board").value = size;
  build();
}

// ---- Setup.

function keys(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "Enter" && e.target.tagName === "BUTTON") return; // the button's own click
  const c = column(e.key);
  if (c >= 0 && c < state.W && e.key.length === 1) humanPlays(c);
  else if (e.key === "c" || e.key === "Enter") c4plays();
  else if (e.key === "u" || e.key === "Backspace") undo();
  else if (e.key === "r") redo();
  else if (e.key === "n") newGame();
  else if (e.key === "Escape") stop();
  else return;
  e.preventDefault();
}

function remember() {
  try { localStorage.setItem("c4", JSON.stringify({ hints: state.hints, mode: state.mode, board: state.board })); } catch (e) { /* private mode */ }
}

function recall() {
  try { return JSON.parse(localStorage.getItem("c4")) || {}; } catch (e) { return {}; }
}

// describeSolver says where the scores come from, and how deep the book is.
function describeSolver() {
  $("solver").textContent = "Scores are found " + state.solver.describe + "." + (state.solver instanceof WorkerSolver
    ? " Other boards than 7x6 are searched from the start, and their first moves can take long, on the bigger boards longer than anyone waits: stop a search with Stop or Escape, or give a later Position." : "");
}

// c4memory is the solver's memory in bytes, for the measurements.
window.c4memory = () => state.solver.memory ? state.solver.memory() : Promise.resolve(0);

(async () => {
  const saved = recall();
  state.hints = saved.hints !== false;
  state.mode = ["red", "yellow", "analysis"].includes(saved.mode) ? saved.mode : "red";
  $("hints").checked = state.hints;
  $("mode").value = state.mode;
  $("status").textContent = "Starting the solver...";
  try {
    state.solver = await chooseSolver();
  } catch (e) {
    $("status").textContent = "Error: " + e.message;
    return;
  }
  describeSolver();
  const boards = state.solver instanceof ServerSolver ? [state.solver.board] : BOARDS;
  for (const b of boards) $("board").add(new Option(b, b));
  $("board").disabled = boards.length === 1;
  setBoard(boards.includes(saved.board) ? saved.board : boards[0]);
  const query = new URLSearchParams(location.search);
  const start = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) :
    query.has("pos") ? (query.has("board") ? query.get("board") + ":" : "") + query.get("pos") : "";
  if (start) open(start, location.hash.length > 1 ? "The link's position" : "?pos=");

  $("board").addEventListener("change", () => { setBoard($("board").value); remember(); newGame(); });
  $("mode").addEventListener("change", () => { state.mode = $("mode").value; remember(); render(); if (c4sTurn() && state.scores) c4plays(); });
  $("hints").addEventListener("change", () => { state.hints = $("hints").checked; remember(); render(); });
  $("c4move").addEventListener("click", c4plays);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new").addEventListener("click", newGame);
  $("again").addEventListener("click", ask);
  $("stop").addEventListener("click", stop);
  $("goto").addEventListener("submit", e => { e.preventDefault(); open($("posinput").value.trim(), "Position", state.board); ask(); });
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", () => { open(decodeURIComponent(location.hash.slice(1)), "The link's position"); ask(); });
  ask();
})();

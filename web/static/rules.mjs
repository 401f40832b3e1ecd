// The rules of Connect Four as the page needs them: the boards it offers,
// the columns' names, whether moves are a game, who has four in a row, and
// the words for a win. Pure functions of their arguments (a board is
// {W, H, name}), so that node's test runner checks them
// (web/jstest/rules.test.mjs) as the Go tests check c4's own rules.

// BOARDS are the sizes the page offers: 7x6 first, then every size c4
// takes, (H+1)*W <= 128 with at most 35 columns (those past 64 bits
// last); a link may name any other.
export const BOARDS = ["7x6", "4x4", "5x4", "6x4", "5x5", "6x5", "7x5", "6x6", "8x6", "6x7", "7x7", "8x7", "9x6", "10x5", "4x5", "4x6",
  "8x8", "9x7", "10x6", "11x5", "9x8", "9x9", "13x4"];

// name is column c's name (0-based): 1-9, then a-z.
export const name = c => c < 9 ? String(c + 1) : String.fromCharCode(97 + c - 9);

// column is the column (0-based) a character names, either case, or -1.
export const column = ch => /^[1-9]$/.test(ch) ? Number(ch) - 1 : /^[a-z]$/i.test(ch) ? ch.toLowerCase().charCodeAt(0) - 97 + 9 : -1;

// range names the columns of a board of w: "1-7", "1-9, a", "1-9, a-d".
export const range = w => w <= 9 ? "1-" + name(w - 1) : w === 10 ? "1-9, a" : "1-9, a-" + name(w - 1);

// parseBoard reads "WxH": the board, or null if c4 does not take it.
export function parseBoard(s) {
  const m = /^(\d+)x(\d+)$/.exec(s || "");
  if (!m) return null;
  const [W, H] = [Number(m[1]), Number(m[2])];
  return W >= 1 && H >= 1 && W <= 35 && (H + 1) * W <= 128 ? { W, H, name: `${W}x${H}` } : null;
}

// grid returns the owner (1 first, 2 second) of every stone of moves ms
// on board b, column by column from the bottom.
export function grid(b, ms) {
  const g = Array.from({ length: b.W }, () => []);
  for (let i = 0; i < ms.length; i++) g[column(ms[i])].push(i % 2 + 1);
  return g;
}

// four returns the cells [column, row] of a four in a row of grid g, or
// null.
export function four(b, g) {
  const at = (c, r) => (c >= 0 && c < b.W && r >= 0 && r < b.H && g[c][r]) || 0;
  for (let c = 0; c < b.W; c++) for (let r = 0; r < b.H; r++) {
    const p = at(c, r);
    if (!p) continue;
    for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
      const cells = [0, 1, 2, 3].map(i => [c + i * dc, r + i * dr]);
      if (cells.every(([x, y]) => at(x, y) === p)) return cells;
    }
  }
  return null;
}

// winner is the player (1 first, 2 second) with four in a row after ms,
// or 0.
export function winner(b, ms) {
  const g = grid(b, ms), f = four(b, g);
  return f ? g[f[0][0]][f[0][1]] : 0;
}

// over says whether the game of ms has ended: four in a row, or a full
// board.
export const over = (b, ms) => winner(b, ms) !== 0 || ms.length === b.W * b.H;

// problem says what makes ms no game on board b, naming the move, as c4's
// command line does, or "" if it is one.
export function problem(b, ms) {
  const g = Array.from({ length: b.W }, () => []);
  for (let i = 0; i < ms.length; i++) {
    const c = column(ms[i]);
    if (c < 0 || c >= b.W) return `move ${i + 1}: '${ms[i]}' is no column of ${b.name} (${range(b.W)})`;
    if (g[c].length >= b.H) return `move ${i + 1}: column ${ms[i]} is full`;
    g[c].push(i % 2 + 1);
    if (i < ms.length - 1 && four(b, g)) return `move ${i + 2}: the game is already over`;
  }
  return "";
}

// normal is ms with its columns as the page writes them (lower case).
export const normal = ms => [...ms].map(ch => name(column(ch))).join("");

// ordinal is "1st", "2nd", "11th", "22nd".
export function ordinal(k) {
  const teen = k % 100 >= 11 && k % 100 <= 13;
  return k + (teen ? "th" : ["th", "st", "nd", "rd"][k % 10] || "th");
}

// winningStone says who wins, and with which of their stones, when the
// side to move after `stones` stones on board b has the score v (v > 0:
// the side to move wins; v < 0: the other): the player (0 first, 1
// second) and k, for the k-th stone. A win with n stones before the
// winning one scores floor((W*H + 1 - n) / 2), so the k-th stone of
// player p (stones at parity p) scores floor((W*H + 3 - p) / 2) - k.
export function winningStone(b, stones, v) {
  const mover = stones % 2, player = v > 0 ? mover : 1 - mover;
  return { player, k: Math.floor((b.W * b.H + 3 - player) / 2) - Math.abs(v) };
}

// The page's rules (web/static/rules.mjs), under node's test runner: go
// test ./web runs it (TestRulesJS), as CI does.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as rules from "../static/rules.mjs";

const b76 = rules.parseBoard("7x6");

test("boards", () => {
  assert.deepEqual(rules.parseBoard("7x6"), { W: 7, H: 6, name: "7x6" });
  assert.deepEqual(rules.parseBoard("32x3"), { W: 32, H: 3, name: "32x3" });
  for (const bad of ["", "7x", "x6", "0x4", "36x2", "16x8", "7x6 ", "-1x4"]) assert.equal(rules.parseBoard(bad), null, bad);
  for (const s of rules.BOARDS) assert.notEqual(rules.parseBoard(s), null, s);
  assert.equal(rules.BOARDS[0], "7x6");
});

test("columns", () => {
  assert.equal(rules.name(0), "1");
  assert.equal(rules.name(8), "9");
  assert.equal(rules.name(9), "a");
  assert.equal(rules.name(34), "z");
  for (let c = 0; c < 35; c++) assert.equal(rules.column(rules.name(c)), c);
  assert.equal(rules.column("A"), 9);
  assert.equal(rules.column("0"), -1);
  assert.equal(rules.column("!"), -1);
  assert.equal(rules.range(7), "1-7");
  assert.equal(rules.range(10), "1-9, a");
  assert.equal(rules.range(13), "1-9, a-d");
  assert.equal(rules.normal("4A5b"), "4a5b");
});

test("four in a row", () => {
  assert.equal(rules.winner(b76, ""), 0);
  assert.equal(rules.winner(b76, "4455667"), 1); // across the bottom
  assert.equal(rules.winner(b76, "121212"), 0); // three each
  assert.equal(rules.winner(b76, "1212121"), 1); // up column 1
  assert.equal(rules.winner(b76, "12234334544"), 1); // a diagonal
  assert.deepEqual(rules.four(b76, rules.grid(b76, "4455667")), [[3, 0], [4, 0], [5, 0], [6, 0]]);
  assert.equal(rules.over(b76, "4455667"), true);
  assert.equal(rules.over(b76, "4455"), false);
  const b11 = rules.parseBoard("1x1");
  assert.equal(rules.over(b11, "1"), true); // full
});

test("problems name the move", () => {
  assert.equal(rules.problem(b76, "4453"), "");
  assert.equal(rules.problem(b76, "448"), "move 3: '8' is no column of 7x6 (1-7)");
  assert.equal(rules.problem(b76, "1111111"), "move 7: column 1 is full");
  assert.equal(rules.problem(b76, "44556677"), "move 8: the game is already over");
  assert.equal(rules.problem(rules.parseBoard("10x5"), "b"), "move 1: 'b' is no column of 10x5 (1-9, a)");
});

test("the winning stone", () => {
  // 7x6: a win with one's k-th stone scores 22 - k.
  assert.deepEqual(rules.winningStone(b76, 0, 1), { player: 0, k: 21 }); // the empty board: Red wins with its last stone
  assert.deepEqual(rules.winningStone(b76, 4, -2), { player: 1, k: 20 }); // 4453... the other side
  assert.deepEqual(rules.winningStone(b76, 11, 18), { player: 1, k: 4 });
  assert.equal(rules.ordinal(1), "1st");
  assert.equal(rules.ordinal(2), "2nd");
  assert.equal(rules.ordinal(3), "3rd");
  assert.equal(rules.ordinal(11), "11th");
  assert.equal(rules.ordinal(21), "21st");
  assert.equal(rules.ordinal(112), "112th");
});

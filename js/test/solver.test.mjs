// The npm package's tests, under node's own test runner. js/js_test.go
// copies them beside a fresh install of the package's tarball and runs
// `node --test` there, so that they test what npm installed.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createSolver } from "c4-solver";

const solver = await createSolver({ tableMiB: 64 });
after(() => solver.close());

test("known scores", async () => {
  assert.deepEqual(solver.info, { book: 13, tableMiB: 64 });
  assert.equal((await solver.solve("")).score, 1);
  assert.equal((await solver.solve("4455")).score, 18);
  assert.equal((await solver.solve("44455554221")).score, -15);
  assert.equal((await solver.solve("44455554221", { weak: true })).score, -1);
  const a = await solver.analyze("");
  assert.deepEqual(a.scores, [-2, -1, 0, 1, 0, -1, -2]);
  assert.equal(typeof a.nodes, "number");
  assert.equal(typeof a.micros, "number");
  const full = await solver.analyze("444444");
  assert.equal(full.scores[3], null);
  assert.equal(a.explain, "");
  assert.match((await solver.analyze("24421444")).explain, /^Yellow at least draws: answer every move of Red's directly on top of it \(claimeven\)/);
});

test("the public sets' first positions", async () => {
  const dir = process.env.C4_TESTSETS;
  for (const name of ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R2"]) {
    const lines = readFileSync(`${dir}/${name}`, "utf8").trim().split("\n").slice(0, 20);
    for (const line of lines) {
      const [pos, score] = line.split(" ");
      assert.equal((await solver.solve(pos)).score, Number(score), `${name}: ${pos}`);
    }
  }
});

test("errors name the move", async () => {
  await assert.rejects(solver.solve("4489"), /position "4489": move 3 \('8'\): not a column of the 7x6 board/);
  await assert.rejects(solver.analyze("44444444"), /move 7 \('4'\): column 4 is full/);
  await assert.rejects(solver.solve("4455667"), /the game is already over/);
  await assert.rejects(solver.solve("", { board: "40x3" }), /40x3/);
  await assert.rejects(createSolver({ tableMiB: 0 }), RangeError);
});

test("stop resolves the search under way to null", async () => {
  const s = await createSolver({ book: false, tableMiB: 16 });
  try {
    const started = performance.now();
    const answer = s.solve("");  // minutes without the book
    setTimeout(() => s.stop(), 300);
    assert.equal(await answer, null);
    assert.ok(performance.now() - started < 1500, "stopped after " + (performance.now() - started) + " ms");
    // A new question stops the one under way, too.
    const first = s.analyze("");
    const second = await s.solve("4455");
    assert.equal(await first, null);
    assert.equal(second.score, 18);
  } finally {
    s.close();
  }
});

test("other boards, progress, and a closed solver", async () => {
  const s = await createSolver({ board: "5x4", book: false, tableMiB: 16 });
  assert.equal(s.info.book, -1);
  let progress = 0;
  const a = await s.analyze("", { onProgress: () => progress++ });
  assert.deepEqual(a.scores, [-1, 0, 0, 0, -1]);
  assert.equal((await s.solve("", { board: "4x4" })).score, 0);
  s.close();
  await assert.rejects(s.solve(""), /closed/);
});

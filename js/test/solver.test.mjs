// The npm package's tests, under node's own test runner. js/js_test.go
// copies them beside a fresh install of the package's tarball and runs
// `node --test` there, so that they test what npm installed.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createSolver, StoppedError, maxTableMiB } from "c4-solver";

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
  assert.match((await solver.analyze("24421444", { sides: ["X", "O"] })).explain, /^O at least draws: answer every move of X's/);
  await assert.rejects(solver.analyze("24421444", { sides: ["X", ""] }), /sides "X,": want two names/);
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

test("errors name the position and the move", async () => {
  await assert.rejects(solver.solve("4489"), /position "4489": move 3 \('8'\): not a column of the 7x6 board/);
  await assert.rejects(solver.analyze("44444444"), /move 7 \('4'\): column 4 is full/);
  await assert.rejects(solver.solve("4455667"), /position "4455667": the game is already over/);
  await assert.rejects(solver.solve("", { board: "40x3" }), /board "40x3"/);
  await assert.rejects(solver.solve(null), { name: "TypeError", message: /string of columns.*not null/ });
  await assert.rejects(solver.solve(4453), TypeError);
  await assert.rejects(createSolver({ tableMiB: 0 }), RangeError);
  await assert.rejects(createSolver({ tableMiB: maxTableMiB + 1 }), /1 to 2048/);
  await assert.rejects(createSolver({ board: "0x4" }), { name: "RangeError", message: /board "0x4"/ });
  await assert.rejects(createSolver({ book: "no-such-book.c4b" }), /the book .*no-such-book\.c4b: .*no such file/);
});

test("the largest table starts", async () => {
  const s = await createSolver({ tableMiB: maxTableMiB });
  try {
    assert.equal((await s.solve("4453")).score, -2);
  } finally {
    s.close();
  }
});

test("questions wait their turn; stop rejects them with a StoppedError", async () => {
  const s = await createSolver({ tableMiB: 16 });
  try {
    // Seven at once: each answered, in turn.
    const positions = ["4455", "44455554221", "4453", "444", "4444441526", "1", "77"];
    const answers = await Promise.all(positions.map(p => s.solve(p)));
    assert.deepEqual(answers.map(a => typeof a.score), positions.map(() => "number"));
    assert.equal(answers[0].score, 18);
    assert.equal(answers[1].score, -15);
    // A stop: the search under way and the one waiting reject.
    const started = performance.now();
    const long = assert.rejects(s.solve("", { board: "8x7" }), StoppedError); // hours
    const waiting = assert.rejects(s.analyze("4"), { name: "StoppedError" });
    setTimeout(() => s.stop(), 300);
    await long;
    await waiting;
    assert.ok(performance.now() - started < 1500, "stopped after " + (performance.now() - started) + " ms");
    assert.equal((await s.solve("4455")).score, 18);
    // The memory's size, twice at once.
    const [m1, m2] = await Promise.all([s.memory(), s.memory()]);
    assert.ok(m1 > 0 && m1 === m2);
  } finally {
    s.close();
  }
});

test("an idle solver does not keep Node running", () => {
  writeFileSync("idle.mjs", `import { createSolver } from "c4-solver";
    const s = await createSolver({ book: false, tableMiB: 16 });
    console.log((await s.solve("4455")).score);`);
  const r = spawnSync(process.execPath, ["idle.mjs"], { timeout: 20000, encoding: "utf8" });
  assert.equal(r.signal, null, "still running after 20 s");
  assert.equal(r.stdout.trim(), "18", r.stderr);
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
  await assert.rejects(s.memory(), /closed/);
  await assert.rejects(s.addBook(new Uint8Array(0)), /closed/);
  const other = await createSolver({ board: "8x8", tableMiB: 16 });
  assert.equal(other.info.book, -1);
  other.close();
});

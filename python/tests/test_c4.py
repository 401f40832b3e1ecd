"""Tests of the c4 package: python3 -m unittest discover -s python/tests

They test the c4 that Python imports: the installed wheel (see
python/libc4/wheel_test.go, which builds it, installs it in a fresh virtual
environment and runs these), or the source tree with C4_LIBRARY naming a
library built by hand. The public test sets are read from ../shared/testsets
beside the repository, or C4_TESTSETS.
"""

import os
import signal
import threading
import time
import unittest

import c4

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTSETS = os.environ.get("C4_TESTSETS") or os.path.join(ROOT, "..", "shared", "testsets")
KNOWN = os.path.join(ROOT, "testsets", "testdata", "known")
SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]


def read_set(path, limit=None):
    """The positions and scores of a test set's file."""
    positions, scores = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            pos, score = line.split()
            positions.append(pos)
            scores.append(int(score))
            if limit and len(positions) == limit:
                break
    return positions, scores


class SolverTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.s = c4.Solver(table_mib=64, threads=2)

    @classmethod
    def tearDownClass(cls):
        cls.s.close()

    def test_known_scores(self):
        self.assertEqual(self.s.solve(""), 1)
        self.assertEqual(self.s.solve("4455"), 18)
        self.assertEqual(self.s.solve("44455554221"), -15)
        self.assertEqual(self.s.analyze(""), [-2, -1, 0, 1, 0, -1, -2])
        self.assertEqual(self.s.solve("", weak=True), 1)
        self.assertEqual(self.s.analyze("", weak=True), [-1, -1, 0, 1, 0, -1, -1])

    def test_explain(self):
        self.assertEqual(
            self.s.explain("24421444"),
            "O at least draws: answer every move of X's directly on top of it (claimeven), "
            "but a move in column 1 with one in column 4 and the reverse (baseinverse); "
            "X can then never complete four.")
        self.assertEqual(self.s.explain("4"), "")
        with self.assertRaises(c4.InvalidPosition):
            self.s.explain("48")
        self.assertTrue(self.s.explain("24421444", sides=("Red", "Yellow")).startswith(
            "Yellow at least draws: answer every move of Red's directly on top of it"))
        with self.assertRaises(ValueError):
            self.s.explain("24421444", sides=("Red", ""))
        with self.assertRaises(TypeError):
            self.s.explain("24421444", sides="XO")

    def test_analyze_full_column(self):
        scores = self.s.analyze("444444")
        self.assertIsNone(scores[3])
        self.assertEqual(len(scores), 7)
        self.assertTrue(all(v is not None for c, v in enumerate(scores) if c != 3))

    def test_best_move(self):
        self.assertEqual(self.s.best_move(""), "4")
        self.assertEqual(self.s.best_move("4455"), "3")  # 3 and 6 both win at once; 3 is the left one
        self.assertIn(self.s.best_move("444444"), "123567")

    def test_search(self):
        r = self.s.search("44455554221")
        self.assertEqual(r.score, -15)
        self.assertGreaterEqual(r.nodes, 0)
        self.assertGreaterEqual(r.micros, 0)

    def test_test_sets(self):
        for name in SETS:
            positions, scores = read_set(os.path.join(TESTSETS, name), limit=100)
            with self.subTest(set=name):
                self.assertEqual(self.s.solve_many(positions), scores)
                weak = [(v > 0) - (v < 0) for v in scores]
                self.assertEqual(self.s.solve_many(positions[:20], weak=True), weak[:20])

    def test_solve_many_agrees(self):
        positions = ["", "4", "44", "4453", "12345", "7777"]
        self.assertEqual(self.s.solve_many(positions), [self.s.solve(p) for p in positions])
        self.assertEqual(self.s.solve_many([]), [])
        self.assertEqual(self.s.solve_many(iter(["4455"])), [18])

    def test_invalid_positions(self):
        cases = {
            "4489": "move 3 ('8'): not a column of the 7x6 board",
            "44444444": "move 7 ('4'): column 4 is full",
            "4455667": "the game is already over",
            "4x": "move 2 ('x')",
        }
        for pos, want in cases.items():
            for call in (self.s.solve, self.s.analyze, self.s.best_move, lambda p: self.s.solve_many(["4", p])):
                with self.subTest(pos=pos, call=call):
                    with self.assertRaises(c4.InvalidPosition) as cm:
                        call(pos)
                    self.assertIn(want, str(cm.exception))
                    self.assertIn('"%s"' % pos, str(cm.exception))
                    self.assertIsInstance(cm.exception, ValueError)
        with self.assertRaises(c4.InvalidPosition):
            self.s.solve_many(["4", "4\n4"])

    def test_threads_share_a_solver(self):
        positions, scores = read_set(os.path.join(TESTSETS, "Test_L2_R1"), limit=40)
        errors = []

        def work(part):
            for i in range(part, len(positions), 4):
                if self.s.solve(positions[i]) != scores[i]:
                    errors.append(positions[i])

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


class SettingsTest(unittest.TestCase):
    def test_bad_settings(self):
        for kwargs, want in [
            (dict(board="7"), "7"),
            (dict(board="40x3"), "40x3"),
            (dict(book="/nonexistent/book"), "/nonexistent/book"),
            (dict(table_mib=-1), "-1"),
            (dict(threads=-2), "-2"),
            (dict(board="5x4", book="builtin"), None),
        ]:
            with self.subTest(**kwargs):
                if want is None:
                    c4.Solver(**kwargs).close()
                    continue
                with self.assertRaises(ValueError) as cm:
                    c4.Solver(**kwargs)
                self.assertIn(want, str(cm.exception))

    def test_other_boards(self):
        with c4.Solver(board="5x4", book="none", table_mib=8, threads=1) as s:
            self.assertEqual((s.width, s.height, s.book_depth), (5, 4, -1))
            self.assertEqual(len(s.analyze("")), 5)
            self.assertEqual(s.solve_many(["", "3"]), [s.solve(""), s.solve("3")])
        for name in ["16x7-end-easy.txt", "4x31-end-easy.txt"]:
            board = name.split("-")[0]
            positions, scores = read_set(os.path.join(KNOWN, name), limit=5)
            with c4.Solver(board=board, table_mib=16, threads=1) as s, self.subTest(board=board):
                self.assertEqual(s.solve_many(positions), scores)

    def test_closed(self):
        s = c4.Solver(board="5x4", table_mib=1, threads=1)
        s.close()
        s.close()
        s.stop()
        with self.assertRaises(ValueError):
            s.solve("")

    def test_settings_of_the_wrong_kind(self):
        for kwargs, error, want in [
            (dict(table_mib=2**40), ValueError, "to 4194304"),
            (dict(table_mib=2**80), ValueError, "table_mib"),
            (dict(table_mib=1.5), TypeError, "table_mib must be a whole number, not float"),
            (dict(threads="2"), TypeError, "threads must be a whole number, not str"),
            (dict(threads=True), TypeError, "not bool"),
            (dict(board=None), TypeError, "board must be a str"),
        ]:
            with self.subTest(**kwargs):
                with self.assertRaises(error) as cm:
                    c4.Solver(**kwargs)
                self.assertIn(want, str(cm.exception))

    def test_positions_of_the_wrong_kind(self):
        with c4.Solver(board="5x4", book="none", table_mib=8, threads=1) as s:
            self.assertEqual(s.solve(b"33"), s.solve("33"))  # bytes of ASCII columns are a position
            for pos in (None, 4453, ["3"]):
                with self.subTest(pos=pos), self.assertRaises(TypeError) as cm:
                    s.solve(pos)
                self.assertIn("must be a str of columns", str(cm.exception))
            with self.assertRaises(TypeError) as cm:
                s.solve_many("33")
            self.assertIn("not one position", str(cm.exception))
            with self.assertRaises(TypeError):
                s.solve_many([None])
            with self.assertRaises(c4.InvalidPosition) as cm:
                s.solve("é" * 2000)
            self.assertIn("(2000 characters)", str(cm.exception))


class InterruptTest(unittest.TestCase):
    def test_ctrl_c_stops_a_search(self):
        s = c4.Solver(book="none", table_mib=16, threads=1)
        timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            s.solve("")  # minutes without the book
        elapsed = time.monotonic() - start
        self.assertLess(elapsed, 0.3 + 0.5, "Ctrl-C took %.2f s to stop the search" % elapsed)
        self.assertEqual(s.solve("4455"), 18)  # the solver still works
        s.close()


class StopTest(unittest.TestCase):
    def search_in_thread(self, s):
        """Starts the empty board's search (minutes without the book) in a
        thread, and returns the thread and where its outcome goes."""
        outcome = []

        def run():
            try:
                outcome.append(s.solve(""))
            except BaseException as e:  # noqa: BLE001: what the search raised is the test's
                outcome.append(e)

        t = threading.Thread(target=run)
        t.start()
        time.sleep(0.3)
        return t, outcome

    def test_stop_from_another_thread(self):
        s = c4.Solver(book="none", table_mib=16, threads=1)
        t, outcome = self.search_in_thread(s)
        start = time.monotonic()
        s.stop()
        t.join(5)
        self.assertLess(time.monotonic() - start, 0.5)
        self.assertIsInstance(outcome[0], c4.Stopped)
        self.assertEqual(s.solve("4455"), 18)  # the solver still works
        s.close()

    def test_close_from_another_thread_returns_at_once(self):
        s = c4.Solver(book="none", table_mib=16, threads=1)
        t, outcome = self.search_in_thread(s)
        start = time.monotonic()
        s.close()
        self.assertLess(time.monotonic() - start, 0.5, "close waited for the search")
        t.join(5)
        self.assertIsInstance(outcome[0], c4.Stopped)
        with self.assertRaises(ValueError):
            s.solve("")


if __name__ == "__main__":
    unittest.main()

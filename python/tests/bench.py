"""Measures the Python package: python3 python/tests/bench.py [TESTSETS]

Prints what a call costs beyond its search, how much quicker solve_many is
on two threads than on one (Middle-Medium, medians of five alternating
rounds, a fresh Solver each), and the scores of every public set checked
(solve_many, 2 threads). TESTSETS defaults to ../shared/testsets beside the
repository. It measures the c4 Python imports (the installed wheel, or the
source with C4_LIBRARY set).
"""

import os
import statistics
import sys
import time

import c4

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]


def read_set(path):
    with open(path) as f:
        pairs = [line.split() for line in f if line.strip()]
    return [p for p, _ in pairs], [int(s) for _, s in pairs]


def per_call(f, n=200000):
    """Microseconds per call of f, the median of five runs of n calls."""
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            f()
        runs.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(runs)


def main() -> int:
    sets = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "testsets")
    with c4.Solver(threads=1) as s:
        empty = per_call(lambda: None)
        nothing = per_call(lambda: c4._lib.c4_nothing(s._h))
        book = per_call(lambda: s.solve("4444"))
        print("a call of nothing: %.2f us; solve of a book position (4444): %.2f us; "
              "an empty Python call: %.2f us" % (nothing, book, empty))

    positions, scores = read_set(os.path.join(sets, "Test_L2_R2"))
    times = {1: [], 2: []}
    for _ in range(5):
        for threads in (1, 2):
            with c4.Solver(threads=threads) as s:
                start = time.perf_counter()
                got = s.solve_many(positions)
                times[threads].append(time.perf_counter() - start)
                if got != scores:
                    print("Middle-Medium: wrong scores with %d threads" % threads)
                    return 1
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print("solve_many, Middle-Medium: 1 thread %.3f s, 2 threads %.3f s: %.2f times as fast"
          % (one, two, one / two))

    with c4.Solver(threads=2) as s:
        for name in SETS:
            positions, scores = read_set(os.path.join(sets, name))
            start = time.perf_counter()
            got = s.solve_many(positions)
            wrong = sum(a != b for a, b in zip(got, scores))
            print("%s: %d positions, %d wrong, %.2f s" % (name, len(positions), wrong, time.perf_counter() - start))
            if wrong:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

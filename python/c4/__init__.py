"""c4: a perfect Connect Four solver, with an opening book of every 7x6
position up to 13 stones.

    >>> import c4
    >>> s = c4.Solver()
    >>> s.solve("4455")
    18
    >>> s.analyze("")
    [-2, -1, 0, 1, 0, -1, -2]
    >>> s.best_move("44")
    '4'

A position is the string of columns played from the empty board, 1-based
("4453"; on boards wider than 9, columns 10, 11, ... are a, b, ...). A
score is from the side to move: 0 a draw; a win scores
(width * height + 1 - n) // 2, n the stones on the board before the winning
one (on 7x6, 22 - k for a win with one's k-th stone); a loss is minus the
opponent's win. With weak=True only the sign is asked: 1, 0 or -1.

The solver is c4's own (Go), in the shared library beside this file; see
docs/python.md.
"""

import ctypes
import os
import threading
from typing import List, NamedTuple, Optional, Sequence

__all__ = ["Solver", "Result", "InvalidPosition", "Stopped", "version"]

_ERR_LEN = 512
_EXPLAIN_LEN = 4096
_MAX_WIDTH = 35

# The library's codes and questions (python/libc4/main.go).
_DONE, _PENDING, _INVALID, _ERROR, _STOPPED = 1, 0, -1, -2, -3
_SOLVE, _ANALYZE, _MANY, _BEST, _WEAK = 0, 1, 2, 3, 256
_FULL = -1000


class InvalidPosition(ValueError):
    """A position that is not one of the solver's board, or whose game is
    over; the message names the position and the move at fault."""


class Stopped(RuntimeError):
    """The error of a search that Solver.stop (or close) stopped."""


class Result(NamedTuple):
    """The answer of Solver.search: the score, the positions searched and
    the time taken in microseconds."""

    score: int
    nodes: int
    micros: int


def _load() -> ctypes.CDLL:
    path = os.environ.get("C4_LIBRARY") or os.path.join(os.path.dirname(__file__), "libc4.so")
    lib = ctypes.CDLL(path)
    u, i, p, i64p = ctypes.c_size_t, ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64)
    ip, ll = ctypes.POINTER(ctypes.c_int), ctypes.c_longlong
    for name, args, res in [
        ("c4_new", [p, p, ll, ll, i64p, i, p, i], u),
        ("c4_close", [u], None),
        ("c4_board", [u, ip, ip, ip], None),
        ("c4_run", [u, i, p, i], i),
        ("c4_wait", [u], i),
        ("c4_values", [u, i64p, i], None),
        ("c4_stop", [u], None),
        ("c4_explain", [u, p, i, p, p, i], i),
        ("c4_nothing", [u], i),
    ]:
        f = getattr(lib, name)
        f.argtypes, f.restype = args, res
    return lib


_lib = _load()


def _position(pos, what: str = "the position") -> bytes:
    """pos as the library takes it: a str, or bytes of ASCII columns."""
    if isinstance(pos, str):
        return pos.encode()
    if isinstance(pos, (bytes, bytearray)):
        return bytes(pos)
    raise TypeError('%s must be a str of columns, such as "4453", not %s' % (what, type(pos).__name__))


def _count(value, name: str) -> int:
    """value, a whole number for the setting name, or 0 for None (the
    default); its range is the library's to check."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be a whole number, not %s" % (name, type(value).__name__))
    if not -2**62 < value < 2**62:
        raise ValueError("%s %d: out of range" % (name, value))
    return value


class Solver:
    """A perfect solver of one board.

    board is "WxH" (every size with (H+1)*W <= 128 and W <= 35); book is
    "builtin" (c4's book of 7x6, none on other boards), "none", or the
    folder of a book made by `c4 book generate`; table_mib is the
    transposition table's memory (None: 128 MiB) and threads the threads
    searching (None: every core). Bad settings raise ValueError.

    A Solver is safe to share between threads: they take turns. Its
    searches release the GIL, and Ctrl-C stops one within a fraction of a
    second (KeyboardInterrupt); so does stop(), from another thread, whose
    search raises Stopped. Close it, or use it in a with statement, to let
    go of its memory at once.
    """

    def __init__(self, board: str = "7x6", book: str = "builtin",
                 table_mib: Optional[int] = None, threads: Optional[int] = None):
        # The library writes answers and errors here, for the handle's life.
        self._out = (ctypes.c_int64 * (_MAX_WIDTH + 2))()
        self._err = ctypes.create_string_buffer(_ERR_LEN)
        self._h = 0
        h = _lib.c4_new(_position(board, "board"), _position(book, "book"),
                        _count(table_mib, "table_mib"), _count(threads, "threads"),
                        self._out, len(self._out), self._err, _ERR_LEN)
        if not h:
            raise ValueError(self._err.value.decode())
        self._h = h
        self._lock = threading.Lock()  # held by a question: they take turns
        self._life = threading.Lock()  # held while the handle is used or let go without the turn
        w, hgt, depth = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        _lib.c4_board(h, w, hgt, depth)
        self.width, self.height, self.book_depth = w.value, hgt.value, depth.value

    def solve(self, pos: str, weak: bool = False) -> int:
        """The score of pos, as `c4 solve` prints it; with weak, its sign."""
        return self._run(_SOLVE | _WEAK if weak else _SOLVE, pos)[0]

    def search(self, pos: str, weak: bool = False) -> Result:
        """The score of pos with the nodes and microseconds it took."""
        out = self._run(_SOLVE | _WEAK if weak else _SOLVE, pos)
        return Result(out[0], out[1], out[2])

    def analyze(self, pos: str, weak: bool = False) -> List[Optional[int]]:
        """The score of playing each column of pos, left to right (None
        for a full column)."""
        out = self._run(_ANALYZE | _WEAK if weak else _ANALYZE, pos)
        return [None if v == _FULL else v for v in out[2:self.width + 2]]

    def explain(self, pos: str, sides: Sequence[str] = ("X", "O")) -> str:
        """What Connect Four's rules prove at pos without search, in words a
        player can follow, as `c4 solve --explain` says it; "" where they
        prove nothing. sides names the first player and the second: X and O
        as the terminal draws them, or ("Red", "Yellow") as the page does
        (1 to 20 printable characters each, no comma)."""
        data = _position(pos)
        if isinstance(sides, (str, bytes)) or len(sides) != 2 or not all(isinstance(n, str) for n in sides):
            raise TypeError('sides must be two names, such as ("X", "O")')
        names = ",".join(sides).encode()
        out = ctypes.create_string_buffer(_EXPLAIN_LEN)
        with self._lock:
            if not self._h:
                raise ValueError("the solver is closed")
            rc = _lib.c4_explain(self._h, data, len(data), names, out, _EXPLAIN_LEN)
            if rc == _ERROR:
                raise ValueError(self._err.value.decode())
            if rc != _DONE:
                raise InvalidPosition(self._err.value.decode())
        return out.value.decode()

    def best_move(self, pos: str) -> str:
        """The column to play in pos, as positions write it: the best score,
        the column nearest the centre among equals."""
        return chr(self._run(_BEST, pos)[0])

    def solve_many(self, positions: Sequence[str], weak: bool = False) -> List[int]:
        """The score of each of positions, in order, solved by the
        solver's threads at once; a bad position raises InvalidPosition
        before any is searched."""
        if isinstance(positions, (str, bytes, bytearray)):
            raise TypeError('solve_many takes a sequence of positions, not one position: solve_many(["4453"])')
        data = [_position(p, "each position") for p in positions]
        if not data:
            return []
        for p in data:
            if b"\n" in p:
                raise InvalidPosition("position %r: a position has no line break" % p.decode(errors="replace"))
        return self._run(_MANY | _WEAK if weak else _MANY, b"\n".join(data), len(data))

    def stop(self) -> None:
        """Stops the search under way, if any, at once: its call raises
        Stopped. Any thread may call it; the solver answers the next
        question as usual."""
        with self._life:
            if self._h:
                _lib.c4_stop(self._h)

    def close(self) -> None:
        """Stops the search under way, if any, and lets go of the solver's
        tables; it is not to be used again. Any thread may call it: it
        returns within milliseconds, the search's call raising Stopped."""
        self.stop()
        with self._lock, self._life:
            if self._h:
                _lib.c4_close(self._h)
                self._h = 0

    def __enter__(self) -> "Solver":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_h", 0):
            _lib.c4_close(self._h)

    def __repr__(self) -> str:
        return "c4.Solver(%dx%d, book depth %d)" % (self.width, self.height, self.book_depth)

    def _run(self, kind: int, text, many: int = 0):
        """Asks the library the question kind of text (a position, or
        positions' bytes); returns the handle's out buffer, or with many a
        list of that many values."""
        data = text if isinstance(text, bytes) else _position(text)
        with self._lock:
            if not self._h:
                raise ValueError("the solver is closed")
            rc = _lib.c4_run(self._h, kind, data, len(data))
            try:
                while rc == _PENDING:
                    rc = _lib.c4_wait(self._h)
            except BaseException:
                _lib.c4_stop(self._h)
                while _lib.c4_wait(self._h) == _PENDING:
                    pass
                raise
            if rc == _DONE and many:
                out = (ctypes.c_int64 * many)()
                _lib.c4_values(self._h, out, many)
                return out[:]
            if rc == _DONE:
                return self._out
            msg = self._err.value.decode()
            if rc == _INVALID:
                raise InvalidPosition(msg)
            if rc == _STOPPED:
                raise Stopped("the search was stopped")
            raise RuntimeError(msg)


def version() -> str:
    """The package's version."""
    from importlib import metadata
    try:
        return metadata.version("c4")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"

// c4-solver: c4's perfect Connect Four solver in WebAssembly.
//
// A position is the string of columns played from the empty board, 1-based
// ("4453"; columns 10, 11, ... of wider boards are "a", "b", ...). A score
// is from the side to move: 0 a draw; a win with one's k-th stone scores
// 22 - k on 7x6 (in general floor((W*H + 1 - n) / 2), n the stones before
// the winning one); a loss is minus the opponent's win. Weak: 1, 0 or -1.

export interface SolverOptions {
  /**
   * The board, "WxH" with (H+1)*W <= 128 and W <= 35: "7x6" by default;
   * another is a RangeError of createSolver.
   */
  board?: string;
  /**
   * The opening book: true (the default) for the package's, every 7x6
   * position of up to 13 stones; false for none; or a book file's URL (a
   * path too, in Node) or bytes (c4 book export, or book.c4b of this
   * package). A book that cannot be read rejects createSolver, naming it.
   */
  book?: boolean | string | URL | Uint8Array;
  /**
   * The transposition table in MiB, 1 to maxTableMiB (2048: WebAssembly's
   * memory holds 4 GiB, and the solver takes half as much again to solve
   * ahead): 128 by default.
   */
  tableMiB?: number;
  /** Where c4.wasm is, if not beside this module. */
  wasm?: string | URL | Uint8Array;
}

export interface QuestionOptions {
  /** The sign of the score alone: 1, 0 or -1. */
  weak?: boolean;
  /** Another board than the solver's. */
  board?: string;
  /** Called every quarter of a second while a search runs. */
  onProgress?: (nodes: number, micros: number) => void;
  /**
   * analyze: the names of the first player and the second in explain,
   * 1 to 20 printable characters each, no comma: ["Red", "Yellow"] by
   * default (c4 solve --explain and Python say X and O).
   */
  sides?: [string, string];
}

export interface SolveResult {
  /** The position's score from the side to move. */
  score: number;
  /** Positions searched (0: the book or a remembered answer). */
  nodes: number;
  /** Time taken in the worker, in microseconds. */
  micros: number;
}

export interface AnalyzeResult {
  /** The score of playing each column, left to right; null for a full one. */
  scores: (number | null)[];
  nodes: number;
  micros: number;
  /** Whether the answer was found ahead of the question. */
  remembered: boolean;
  /**
   * What Connect Four's rules (claimeven, baseinverse, aftereven, zugzwang) prove at
   * the position without search, in words, the sides named Red and Yellow
   * (or as QuestionOptions.sides says); "" where they prove nothing.
   */
  explain: string;
}

/** The error of a question stopped (stop) before its answer. */
export declare class StoppedError extends Error {
  name: "StoppedError";
}

/** The largest tableMiB. */
export declare const maxTableMiB: number;

export declare class Solver {
  /** The board of the solver's questions. */
  readonly board: string;
  /**
   * The book's depth in stones for the solver's board (-1 without a book
   * of that board) and the table's size.
   */
  readonly info: { book: number; tableMiB: number };
  /**
   * The position's score. Questions are answered one at a time, in the
   * order asked. Rejects with an Error naming the position and move of a
   * bad position, a TypeError for a position that is not a string, and a
   * StoppedError if stopped.
   */
  solve(pos: string, options?: QuestionOptions): Promise<SolveResult>;
  /** The score of each move, as solve answers. */
  analyze(pos: string, options?: QuestionOptions): Promise<AnalyzeResult>;
  /** Adds a deeper layer of the book (a file's URL or bytes); resolves to the book's depth. */
  addBook(layer: string | URL | Uint8Array): Promise<number>;
  /** Stops the question under way and those waiting: each rejects with a StoppedError. */
  stop(): void;
  /** The WebAssembly memory's size in bytes. */
  memory(): Promise<number>;
  /** Ends the worker; questions under way or waiting, and those asked later, reject. */
  close(): void;
}

/** Starts a solver in a worker of its own (a worker thread in Node, a Web Worker in a browser). */
export declare function createSolver(options?: SolverOptions): Promise<Solver>;

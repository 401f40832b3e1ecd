// c4-solver: c4's perfect Connect Four solver in WebAssembly.
//
// A position is the string of columns played from the empty board, 1-based
// ("4453"; columns 10, 11, ... of wider boards are "a", "b", ...). A score
// is from the side to move: 0 a draw; a win with one's k-th stone scores
// 22 - k on 7x6 (in general floor((W*H + 1 - n) / 2), n the stones before
// the winning one); a loss is minus the opponent's win. Weak: 1, 0 or -1.

export interface SolverOptions {
  /** The board, "WxH" with (H+1)*W <= 128 and W <= 35: "7x6" by default. */
  board?: string;
  /**
   * The opening book: true (the default) for the package's, every 7x6
   * position of up to 13 stones; false for none; or a book file's URL or
   * bytes (c4 book export, or book.c4b of this package).
   */
  book?: boolean | string | URL | Uint8Array;
  /** The transposition table in MiB, 1 to 4096: 128 by default. */
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
   * the position without search, in words, the sides named Red and Yellow;
   * "" where they prove nothing.
   */
  explain: string;
}

export declare class Solver {
  /** The board of the solver's questions. */
  readonly board: string;
  /** The book's depth in stones (-1 without a book) and the table's size. */
  readonly info: { book: number; tableMiB: number };
  /**
   * The position's score; null if stopped (stop, or another question).
   * Rejects with an Error naming the move of a bad position.
   */
  solve(pos: string, options?: QuestionOptions): Promise<SolveResult | null>;
  /** The score of each move; null if stopped. */
  analyze(pos: string, options?: QuestionOptions): Promise<AnalyzeResult | null>;
  /** Adds a deeper layer of the book (a file's URL or bytes); resolves to the book's depth. */
  addBook(layer: string | URL | Uint8Array): Promise<number>;
  /** Stops the search under way, whose promise resolves to null. */
  stop(): void;
  /** The WebAssembly memory's size in bytes. */
  memory(): Promise<number>;
  /** Ends the worker; questions under way reject. */
  close(): void;
}

/** Starts a solver in a worker of its own (a worker thread in Node, a Web Worker in a browser). */
export declare function createSolver(options?: SolverOptions): Promise<Solver>;

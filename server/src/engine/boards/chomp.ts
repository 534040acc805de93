// Chomp (Gale 1974): nimbers of staircases, winning moves, the theorems that answer without search.
//
// A board is a staircase of squares, the length of each row from the bottom row up (R1 ≥ R2 ≥ … ≥
// 1); the bottom-left square is poisoned and never taken. A move at row r, column c (any square but
// row 1, column 1) cuts every row from r up to at most c − 1 squares; rows left empty disappear. A
// player left with the poisoned square alone has no move and loses (normal play).
//
// Theorems used, each said as such in the answer (`theorem`):
// - An L, a bottom row of a squares and a column of k single squares above its first one, is Nim
//   on two heaps, a − 1 and k (a move shortens one arm and leaves the other): value (a − 1) ⊕ k. A
//   single row [a] is a − 1, a single column of k is k − 1, an L with equal arms is 0 (mirror).
// - Two rows [a, b] are 0 exactly when b = a − 1 (Gale, "A curious Nim-type game", Amer. Math.
//   Monthly 81, 1974): from [a, a − 1] every move leaves a difference other than one, and from
//   any other two rows one move restores it. Their other nimbers have a formula (X. Sun, "The
//   Sprague–Grundy function for Chomp"), not used here: only its abstract could be read.
// - Every rectangle but 1 × 1 is a first-player win (Gale's strategy stealing: if taking the top
//   right square lost, the winning reply would win from the start): nonzero, nimber unknown.
//   Any board as tall as it is wide (squares, symmetric staircases) is nonzero too: the move at
//   (2, 2) leaves an L with equal arms, 0.
// - Three rows [p, q, r] with r ≤ 5: the P-positions listed by A. E. Brouwer ("The game of Chomp",
//   quoted in OEIS A147983; the method of Brouwer, Horváth, Molnár-Sáska and Szabó, "On three-
//   rowed Chomp", INTEGERS 5, 2005, and Zeilberger, "Three-rowed CHOMP", Adv. Appl. Math. 26,
//   2001): used only past the search's reach, checked against the search in the tests.
// Everything else is valued by exhaustive search over the staircases inside the board
// (chompTable.ts), when the board's own table is within the limits (LIMITS.chompPositions and
// LIMITS.chompMoves, decided before any search from its exact size: the same for the board alone or
// beside any others), and a memory ceiling. Row lengths up to 2^53 − 1 are taken (the theorems answer
// huge boards); longer rows are refused with a reason.
import type { Budget, StopCause } from '../types';
import {
  areaOf,
  CHOMP_LIMITS,
  type ChompLimits,
  ChompMemo,
  searchTable,
  searchValue,
  transpose,
  valueIn,
} from './chompTable';

export { CHOMP_LIMITS, type ChompLimits, ChompMemo, chompCount, DEFAULT_CHOMP_MEMO_BYTES } from './chompTable';

/** Row lengths from the bottom up, non-increasing, each ≥ 1. */
export type ChompBoard = readonly number[];

export interface ChompAnalysis {
  /** The nimber, or null when it is not known (see reason). */
  readonly value: number | null;
  /** Why the value is not known: an invalid board, the limits of its search, the user's cancel, the memory ceiling. */
  readonly reason?: string;
  readonly stop?: StopCause;
  /** The theorem that gave the value (or, with `nonzero`, that the value is not 0). */
  readonly theorem?: string;
  /** Positions of the board's own table, however it was answered (0: a theorem answered alone, or it was refused). */
  readonly positions: number;
  /** The value is unknown but not 0 (the player to move wins), by `theorem`. */
  readonly nonzero?: true;
}

/** A move: the square taken, 1-based, row 1 the bottom row. */
export interface ChompMove {
  readonly row: number;
  readonly column: number;
}

export interface ChompOption extends ChompMove {
  readonly after: ChompBoard;
}

export interface ChompWinningMoves {
  readonly moves: readonly ChompMove[];
  /** Every move to the target is listed; when false, `reason` says why some options are unknown. */
  readonly complete: boolean;
  readonly reason?: string;
}

/** The longest row accepted: 2^53 − 1 (row lengths are numbers; the theorems answer huge boards). */
export const CHOMP_MAX_LENGTH = Number.MAX_SAFE_INTEGER;
/** chompOptions refuses (RangeError) boards with more options than this; winning moves stop there. */
export const CHOMP_OPTIONS_LIMIT = 1_000_000;

/** Why a board is not a Chomp board, or undefined if it is one. */
export function chompBoardProblem(board: readonly unknown[]): string | undefined {
  if (!Array.isArray(board) || board.length === 0) return 'a Chomp board needs at least one row';
  for (let i = 0; i < board.length; i++) {
    const length = board[i];
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 1)
      return `row ${i + 1} has ${String(length)} squares: a row has a whole number of squares, at least 1`;
    if (length > CHOMP_MAX_LENGTH)
      return `row ${i + 1} has ${length} squares: at most 2^53 − 1 (${CHOMP_MAX_LENGTH}) are accepted`;
    if (i > 0 && length > (board[i - 1] as number))
      return `row ${i + 1} (${length}) is longer than the row below it (${board[i - 1]}): rows may not grow upwards`;
  }
  return undefined;
}

/** The board after a move (0-based row, keeping `keep` = column − 1 squares in that row and above). */
function cut(board: ChompBoard, row: number, keep: number): number[] {
  if (keep === 0) return board.slice(0, row);
  const after = board.slice();
  for (let j = row; j < after.length && after[j] > keep; j++) after[j] = keep;
  return after;
}

const isL = (board: ChompBoard) => board.length === 1 || board[1] === 1;
const xor = (a: number, b: number) => Number(BigInt(a) ^ BigInt(b));

/** The value of an L (including a single row or column), by Nim on its two arms. */
function lValue(board: ChompBoard): { value: number; theorem: string } {
  const a = board[0];
  const k = board.length - 1;
  if (k === 0) return { value: a - 1, theorem: `a single row of ${a} is Nim on a heap of ${a - 1}` };
  if (a === 1) return { value: k, theorem: `a single column of ${k + 1} is Nim on a heap of ${k}` };
  const value = xor(a - 1, k);
  const arms = `an L (a row of ${a}, a column of ${k} above its first square) is Nim on its arms, ${a - 1} ⊕ ${k}`;
  return { value, theorem: value === 0 ? `${arms}: 0, equal arms (the mirror strategy)` : arms };
}

const TWO_ROWS = 'two rows are 0 exactly when the top one is shorter by one (Gale 1974)';

/** The theorems that answer before any search: an L, two rows shorter by one. */
function theoremValue(board: ChompBoard): { value: number; theorem: string } | undefined {
  if (isL(board)) return lValue(board);
  if (board.length === 2 && board[1] === board[0] - 1) return { value: 0, theorem: TWO_ROWS };
  return undefined;
}

const BROUWER =
  'three-row Chomp with a top row of at most 5: the P-positions listed by Brouwer ' +
  '("The game of Chomp", OEIS A147983; Brouwer, Horváth, Molnár-Sáska and Szabó 2005)';

/** Whether three rows [p, q, r] with 1 ≤ r ≤ 5 are a P-position (Brouwer's list); undefined for r > 5. */
export function brouwerThreeRows(p: number, q: number, r: number): boolean | undefined {
  const is = (...list: [number, number][]) => list.some(([x, y]) => p === x && q === y);
  switch (r) {
    case 1:
      return is([3, 1], [2, 2]);
    case 2:
      return p === q + 2;
    case 3:
      return is([6, 3], [7, 4], [5, 5]);
    case 4:
      return is([8, 4], [9, 5], [10, 6], [7, 7]);
    case 5:
      return is([10, 5], [9, 6]) || (q >= 7 && p === q + 4);
    default:
      return undefined;
  }
}

/** A theorem saying the board is not 0 (with a move to 0 when the theorem names one), for boards not an L. */
function nonzeroWitness(board: ChompBoard): { theorem: string; move?: ChompMove } | undefined {
  const [a, b] = board;
  const k = board.length;
  if (k === 2) {
    const move = b === a ? { row: 2, column: a } : { row: 1, column: b + 2 };
    return { theorem: `${TWO_ROWS}; the move at (${move.row}, ${move.column}) restores it`, move };
  }
  if (k === a)
    return {
      theorem: 'a board as tall as it is wide is a first-player win: the move at (2, 2) leaves an L with equal arms, 0',
      move: { row: 2, column: 2 },
    };
  if (board[2] !== undefined && b === a - 1)
    return { theorem: `the move at (3, 1) leaves two rows [${a}, ${b}], 0 (${TWO_ROWS})`, move: { row: 3, column: 1 } };
  if (k >= 4 && brouwerThreeRows(a, b, board[2]))
    return {
      theorem: `the move at (4, 1) leaves [${a}, ${b}, ${board[2]}], 0 (${BROUWER})`,
      move: { row: 4, column: 1 },
    };
  if (k === 3 && brouwerThreeRows(a, b, board[2]) === false) return { theorem: `not 0: ${BROUWER}` };
  if (board.every((length) => length === a))
    return { theorem: 'every rectangle but 1 × 1 is a first-player win (Gale’s strategy stealing)' };
  return undefined;
}

/** The value by the search alone (no theorem), for checks: the search's answer as it is. */
export function chompSearch(
  board: ChompBoard,
  budget: Budget = {},
  memo = new ChompMemo(),
  limits: ChompLimits = CHOMP_LIMITS,
): ChompAnalysis {
  const problem = chompBoardProblem(board);
  if (problem) return { value: null, reason: problem, positions: 0 };
  return searchValue(board, budget, memo, limits);
}

/**
 * The nimber of a Chomp board: by a theorem where one applies, else by search when its table is
 * within `limits`. `memo`: tables to read and add to (share one between boards and games).
 */
export function chompValue(
  board: ChompBoard,
  budget: Budget = {},
  memo = new ChompMemo(),
  limits: ChompLimits = CHOMP_LIMITS,
): ChompAnalysis {
  const problem = chompBoardProblem(board);
  if (problem) return { value: null, reason: problem, positions: 0 };
  const known = theoremValue(board);
  if (known) return { ...known, positions: 0 };
  const searched = searchValue(board, budget, memo, limits);
  if (searched.value !== null) return searched;
  if (board.length === 3 && brouwerThreeRows(board[0], board[1], board[2]))
    return { value: 0, theorem: BROUWER, positions: searched.positions };
  const witness = nonzeroWitness(board);
  return witness ? { ...searched, nonzero: true, theorem: witness.theorem } : searched;
}

/** How many moves a valid board has (every square but the poisoned one), as a float past 2^53. */
export function chompOptionCount(board: ChompBoard): number {
  return areaOf(board) - 1;
}

/**
 * Every move of a valid board with the board it leaves, row by row from the bottom, left to right.
 * Throws a RangeError past `limit` options (chompOptionCount says how many there are).
 */
export function chompOptions(board: ChompBoard, limit = CHOMP_OPTIONS_LIMIT): ChompOption[] {
  const problem = chompBoardProblem(board);
  if (problem) throw new RangeError(problem);
  const count = chompOptionCount(board);
  if (count > limit) throw new RangeError(`the board has ${count} moves, more than ${limit}`);
  const options: ChompOption[] = [];
  for (let r = 0; r < board.length; r++)
    for (let column = r === 0 ? 2 : 1; column <= board[r]; column++)
      options.push({ row: r + 1, column, after: cut(board, r, column - 1) });
  return options;
}

/**
 * The moves after which the board's value is `target` (in a sum, a winning move takes a component
 * from g to g ⊕ total). An L and two rows (target 0) are answered by their theorems; otherwise the
 * board is searched (its table holds every option) and each option read from that table alone, so
 * the moves are the board's own whatever else the memo holds; a board past the limits of its search
 * lists only the move a theorem names.
 */
export function chompWinningMoves(
  board: ChompBoard,
  target: number,
  budget: Budget = {},
  memo = new ChompMemo(),
  limits: ChompLimits = CHOMP_LIMITS,
): ChompWinningMoves {
  const problem = chompBoardProblem(board);
  if (problem) return { moves: [], complete: false, reason: problem };
  if (!Number.isSafeInteger(target) || target < 0) return { moves: [], complete: true };
  if (isL(board)) {
    // Nim on the arms x = a − 1 (the row) and y = k (the column): x → target ⊕ y, or y → target ⊕ x.
    const x = board[0] - 1;
    const y = board.length - 1;
    const moves: ChompMove[] = [];
    const row = xor(target, y);
    if (row < x) moves.push({ row: 1, column: row + 2 });
    const column = xor(target, x);
    if (column < y) moves.push({ row: column + 2, column: 1 });
    return { moves, complete: true };
  }
  if (board.length === 2 && target === 0) {
    if (board[1] === board[0] - 1) return { moves: [], complete: true };
    return { moves: [nonzeroWitness(board)!.move!], complete: true };
  }
  const partial = (reason: string): ChompWinningMoves => {
    const move = target === 0 ? nonzeroWitness(board)?.move : undefined;
    return { moves: move ? [move] : [], complete: false, reason };
  };
  if (chompOptionCount(board) > CHOMP_OPTIONS_LIMIT)
    return partial(`the board has ${chompOptionCount(board)} moves, too many to value one by one`);
  const searched = searchTable(board, budget, memo, limits);
  const { table, transposed, result } = searched;
  if (!table) return partial(`its moves cannot be valued: ${result.value === null ? result.reason : ''}`);
  const moves: ChompMove[] = [];
  let unknown = 0;
  for (const option of chompOptions(board)) {
    const value = theoremValue(option.after)?.value ?? valueIn(table, option.after, transposed === true);
    if (value === undefined) unknown++;
    else if (value === target) moves.push({ row: option.row, column: option.column });
  }
  if (unknown === 0) return { moves, complete: true };
  const witness = target === 0 ? nonzeroWitness(board)?.move : undefined;
  if (witness && !moves.some((move) => move.row === witness.row && move.column === witness.column)) moves.push(witness);
  const why = result.value === null ? result.reason : 'its table does not hold them';
  const reason = `${unknown} of ${chompOptionCount(board)} moves have no value yet: ${why}`;
  return { moves, complete: false, reason };
}

/** The transpose of a valid board (the same game, rows and columns exchanged). */
export function chompTranspose(board: ChompBoard): number[] {
  return transpose(board)!;
}

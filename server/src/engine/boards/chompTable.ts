// Chomp by exhaustive search: every staircase inside a board numbered, valued bottom-up, kept in a
// shared memo with a memory ceiling (chomp.ts puts the theorems in front of it).
//
// The positions below a board B (row lengths B₀ ≥ B₁ ≥ … ≥ B_{k−1}, from the bottom up) are the
// staircases λ inside it: λ₀ ≥ λ₁ ≥ … ≥ 0 with λ_j ≤ B_j (Young diagrams inside a Young diagram).
// They are numbered in lexicographic order, the bottom row most significant, by a combinatorial
// number system over B: with S(j, m) the number of ways to fill rows j.. when row j holds at most
// m (S(k, ·) = 1, S(j, m) = Σ_{v ≤ min(m, B_j)} S(j + 1, v)), the rank of λ is Σ_j S(j, λ_j − 1).
// A move only shortens rows, so every option is lexicographically smaller than its position: the
// values are computed in rank order, each from ranks already done, walking the staircases with an
// odometer (no recursion, so no stack to overflow). A move at row r keeping c − 1 squares sets
// rows r..t to c − 1, where t is the last row longer than c − 1, and leaves the rest: its rank is
// the position's with the rows r..t replaced, Σ_{j=r..t} S(j, c − 2) read from column sums of S,
// so each option costs a few array reads and a position costs its area. The table of S has one
// entry per square of B, never more than the positions (the square in row r, column c stands for
// the rectangle of r rows of c squares, inside B), so the counting never outgrows the values.
//
// A board is stored with no more rows than columns (its transpose, the same game mirrored, when it
// is taller than wide): a position's work is its area either way, the odometer's is its rows. A
// computation stopped by the user's cancel keeps its place and goes on at the next call; a position
// whose rank is below the place already has its value (everything inside it comes before it), so a
// stopped table still answers the smaller positions, and a position inside a stored board is read
// from that board's table. The memo evicts the tables used longest ago past its ceiling, counting
// each table at its full size from the start.
//
// One game, one answer (issue 55): whether a staircase is searched is decided before any search, by
// the exact size of its own table (chompCount: its positions, and the moves the search examines, a
// position's squares but the poisoned one), against LIMITS.chompPositions and LIMITS.chompMoves. A
// staircase past either is refused at once with that reason; any other is always finished (its table
// cannot pass its count), so reading it from a larger table already in the memo gives the same value.
// Its answer is a function of the staircase alone, on any machine and whatever was computed before.
import { DEFAULT_SEQUENCE_BYTES, describeStop, Meter } from '../budget';
import { LIMITS } from '../limits';
import type { Budget, StopCause } from '../types';

/** The memo's ceiling unless its constructor is given another: 512 MiB. */
export const DEFAULT_CHOMP_MEMO_BYTES = 2 ** 29;
/** The most staircases one table may number (typed arrays index below 2^32; this keeps far below). */
export const MAX_CHOMP_POSITIONS = 2 ** 30;
/** Bytes a table takes per square of its board: S, its column sums and the mex marks (4 bytes each). */
const BYTES_PER_SQUARE = 12;
/** Values are first allocated for this many positions, then doubled as the computation needs. */
const FIRST_CAPACITY = 1 << 16;

type Values = Uint8Array | Uint16Array | Uint32Array;

/** One board's staircases, numbered, and their values as far as computed. */
export interface ChompTable {
  /** The board numbered, with no more rows than columns. */
  readonly board: Int32Array;
  readonly rows: number;
  /** Squares of the board. */
  readonly area: number;
  /** offsets[j]: where row j's entries start in suffix and column (row j has board[j] + 1). */
  readonly offsets: Int32Array;
  /** S(j, m) at offsets[j] + m, for 0 ≤ m ≤ board[j] (at most the total, below 2^30). */
  readonly suffix: Int32Array;
  /**
   * Q(j, m) = Σ_{i ≤ j} S(i, m) at columnStart[j + 1] + m + 1, for −1 ≤ m < board[j] (a row of
   * zeros, j = −1, first: Q(−1, ·) = Q(·, −1) = 0, so an option's rank needs no branch). Modulo
   * 2^32: only differences of two are read, each a count below 2^30, exact in 32-bit arithmetic.
   */
  readonly column: Int32Array;
  readonly columnStart: Int32Array;
  /** Staircases inside the board, the empty one (rank 0, never a position) included. */
  readonly total: number;
  /** Bytes the table counts for in the memo (its full size, whatever is allocated yet). */
  readonly bytes: number;
  values: Values;
  /** values[0 .. done) are known: done − 1 positions valued (rank 0 is the empty staircase). */
  done: number;
  /** The odometer: the staircase of rank done − 1, its nonempty rows, its prefix sums of S(j, λ_j − 1). */
  readonly lambda: Int32Array;
  height: number;
  readonly prefix: Int32Array;
  /** Mex marks, stamped with the rank being valued. */
  readonly seen: Int32Array;
  lastUsed: number;
}

/** The transpose of a staircase (column heights), or undefined if it would have more than maxRows rows. */
export function transpose(board: readonly number[] | Int32Array, maxRows = Number.POSITIVE_INFINITY) {
  const rows = board.length === 0 ? 0 : board[0];
  if (rows > maxRows) return undefined;
  const result = new Array<number>(rows).fill(0);
  // Column c (0-based) is as tall as the number of rows longer than c.
  let j = board.length - 1;
  for (let c = 0; c < rows; c++) {
    while (j >= 0 && board[j] <= c) j--;
    result[c] = j + 1;
  }
  return result;
}

/** Squares of a board, as a float (exact below 2^53). */
export function areaOf(board: readonly number[] | Int32Array): number {
  let area = 0;
  for (let j = 0; j < board.length; j++) area += board[j];
  return area;
}

/** A table's size, or why the board is out of the memory's reach. */
type Sized = { readonly table: ChompTable } | { readonly reason: string; readonly stop: StopCause };

const count = (n: number) => (n < 1e15 ? Math.round(n).toLocaleString('en-US') : n.toExponential(2));

/** A new table for a board (rows ≤ columns), or why it cannot have one within maxBytes. */
export function newTable(board: readonly number[], maxBytes: number): Sized {
  const rows = board.length;
  const area = areaOf(board);
  const positionsLimit = Math.min(MAX_CHOMP_POSITIONS, maxBytes);
  if (area * BYTES_PER_SQUARE > maxBytes || area > positionsLimit)
    return {
      reason:
        `the board has ${count(area)} squares, so at least as many positions below it: ` +
        `more than its memory limit (${count(maxBytes)} bytes) holds`,
      stop: 'size-limit',
    };
  const offsets = new Int32Array(rows + 1);
  for (let j = 0; j < rows; j++) offsets[j + 1] = offsets[j] + board[j] + 1;
  const size = offsets[rows];
  const suffix = new Int32Array(size);
  for (let j = rows - 1; j >= 0; j--) {
    const base = offsets[j];
    const width = board[j];
    let sum = 0;
    for (let m = 0; m <= width; m++) {
      sum += j + 1 === rows ? 1 : suffix[offsets[j + 1] + Math.min(m, board[j + 1])];
      if (sum > positionsLimit)
        return {
          reason: `the board has more than ${count(positionsLimit)} positions below it: more than its memory holds`,
          stop: 'size-limit',
        };
      suffix[base + m] = sum;
    }
  }
  const total = suffix[board[0]];
  const bytesPerValue = area - 1 <= 0xff ? 1 : area - 1 <= 0xffff ? 2 : 4;
  const bytes = total * bytesPerValue + area * BYTES_PER_SQUARE + rows * 16 + 256;
  if (bytes > maxBytes || total > positionsLimit)
    return {
      reason:
        `the board has ${count(total - 1)} positions below it (the staircases inside it), ` +
        `more than its memory limit (${count(maxBytes)} bytes) holds`,
      stop: 'size-limit',
    };
  const columnStart = new Int32Array(rows + 1);
  columnStart[1] = board[0] + 1;
  for (let j = 1; j < rows; j++) columnStart[j + 1] = columnStart[j] + board[j - 1] + 1;
  const column = new Int32Array(columnStart[rows] + board[rows - 1] + 1);
  for (let j = 0; j < rows; j++)
    for (let m = 0; m < board[j]; m++)
      column[columnStart[j + 1] + m + 1] = column[columnStart[j] + m + 1] + suffix[offsets[j] + m];
  const capacity = Math.min(total, FIRST_CAPACITY);
  const values =
    bytesPerValue === 1
      ? new Uint8Array(capacity)
      : bytesPerValue === 2
        ? new Uint16Array(capacity)
        : new Uint32Array(capacity);
  return {
    table: {
      board: Int32Array.from(board),
      rows,
      area,
      offsets,
      suffix,
      column,
      columnStart,
      total,
      bytes,
      values,
      done: 1, // the empty staircase, rank 0: a placeholder, never an option (the poisoned square stays)
      lambda: new Int32Array(rows),
      height: 0,
      prefix: new Int32Array(rows + 1),
      seen: new Int32Array(area + 2),
      lastUsed: 0,
    },
  };
}

/** The rank of a staircase inside the table's board (the caller checked that it is inside). */
export function rankIn(table: ChompTable, staircase: readonly number[]): number {
  let rank = 0;
  for (let j = 0; j < staircase.length; j++) rank += table.suffix[table.offsets[j] + staircase[j] - 1];
  return rank;
}

/** Whether a staircase lies inside the table's board, as it is written. */
function inside(table: ChompTable, staircase: readonly number[]): boolean {
  if (staircase.length > table.rows) return false;
  for (let j = 0; j < staircase.length; j++) if (staircase[j] > table.board[j]) return false;
  return true;
}

/** The staircase as the table numbers it (itself or its transpose: the same game), or undefined if outside. */
export function placeIn(table: ChompTable, staircase: readonly number[]): readonly number[] | undefined {
  if (inside(table, staircase)) return staircase;
  if (staircase.length > table.board[0] || staircase[0] > table.rows) return undefined;
  const mirrored = transpose(staircase)!;
  return inside(table, mirrored) ? mirrored : undefined;
}

/**
 * Values the table's positions in rank order until the staircase of rank `until` is valued, the
 * budget stops it, or it has valued `maxNew` positions. Returns why it stopped, if it did.
 */
export function advance(table: ChompTable, until: number, meter: Meter, maxNew: number, limitCause: StopCause) {
  const { board, rows, offsets, suffix, column, columnStart, lambda, prefix, seen, total } = table;
  let { done, height, values } = table;
  let stop: StopCause | undefined;
  let computed = 0;
  while (done <= until && done < total) {
    if (computed >= maxNew) {
      stop = limitCause;
      break;
    }
    // The next staircase in lexicographic order: the lowest row that can grow grows by one and
    // the rows above it empty. Below `height` every row is nonempty; the row just above can grow.
    let j: number;
    if (height < rows) j = height;
    else {
      j = rows - 1;
      while (j > 0 && lambda[j] >= Math.min(board[j], lambda[j - 1])) j--;
      for (let i = j + 1; i < rows; i++) lambda[i] = 0;
    }
    lambda[j]++;
    height = j + 1;
    prefix[height] = prefix[j] + suffix[offsets[j] + lambda[j] - 1];
    // Its options: at row r (0-based) keep `keep` = c − 1 squares in rows r..t, t the last row
    // longer than that: the rank is the position's with S(j, λ_j − 1) replaced by S(j, keep − 1)
    // for j in r..t, that is head − tail + Q(t, keep − 1) − Q(r − 1, keep − 1).
    const stamp = done;
    const whole = prefix[height];
    let squares = 0;
    for (let r = 0; r < height; r++) {
      const length = lambda[r];
      squares += length;
      const head = (prefix[r] + whole) | 0;
      const below = columnStart[r];
      let t = r;
      let tail = prefix[r + 1];
      let above = columnStart[r + 1];
      for (let keep = length - 1, lowest = r === 0 ? 1 : 0; keep >= lowest; keep--) {
        while (t + 1 < height && lambda[t + 1] > keep) {
          t++;
          tail = prefix[t + 1];
          above = columnStart[t + 1];
        }
        seen[values[(head - tail + column[above + keep] - column[below + keep]) | 0]] = stamp;
      }
    }
    let mex = 0;
    while (seen[mex] === stamp) mex++;
    if (done >= values.length) {
      const grown = new (values.constructor as new (n: number) => Values)(Math.min(total, values.length * 2));
      grown.set(values);
      values = grown;
      table.values = values;
    }
    values[done] = mex;
    done++;
    computed++;
    stop = meter.spend(squares);
    if (stop) break;
  }
  table.done = done;
  table.height = height;
  return stop;
}

/**
 * Tables of Chomp values shared across calls (chomp.ts's chompValue, chompWinningMoves): a
 * position inside a stored board is read from it, a stopped computation goes on where it stopped.
 * Holds at most `maxBytes` (each table counted at its full size); the tables used longest ago go
 * first. Never unbounded: a board whose table alone would pass the ceiling is not computed.
 */
export class ChompMemo {
  private readonly tables: ChompTable[] = [];
  private clock = 0;
  private held = 0;

  constructor(readonly maxBytes = DEFAULT_CHOMP_MEMO_BYTES) {}

  /** Bytes the stored tables count for. */
  get bytes(): number {
    return this.held;
  }

  /** How many tables are stored. */
  get size(): number {
    return this.tables.length;
  }

  clear(): void {
    this.tables.length = 0;
    this.held = 0;
  }

  /** The stored table holding a staircase (the one with the most values known), and its place in it. */
  find(staircase: readonly number[]): { table: ChompTable; rank: number } | undefined {
    let best: { table: ChompTable; rank: number; score: number } | undefined;
    for (const table of this.tables) {
      const placed = placeIn(table, staircase);
      if (!placed) continue;
      const rank = rankIn(table, placed);
      // Known already is best; else the table with the least left to compute before it.
      const score = rank < table.done ? -1 : rank - table.done;
      if (!best || score < best.score) best = { table, rank, score };
    }
    if (best) best.table.lastUsed = ++this.clock;
    return best;
  }

  /** Stores a table, evicting the tables used longest ago to stay under the ceiling. */
  add(table: ChompTable): void {
    this.tables.sort((a, b) => a.lastUsed - b.lastUsed);
    while (this.tables.length > 0 && this.held + table.bytes > this.maxBytes) {
      this.held -= this.tables.shift()!.bytes;
    }
    table.lastUsed = ++this.clock;
    this.tables.push(table);
    this.held += table.bytes;
  }

  /** Drops the finished tables whose boards lie inside a finished table's board (it answers all they did). */
  dropInside(table: ChompTable): void {
    if (table.done < table.total) return;
    for (let i = this.tables.length - 1; i >= 0; i--) {
      const other = this.tables[i];
      if (other === table || other.done < other.total) continue;
      if (placeIn(table, Array.from(other.board))) {
        this.held -= other.bytes;
        this.tables.splice(i, 1);
      }
    }
  }
}

/** How far a staircase's search may go (LIMITS by default; tests give smaller ones). */
export interface ChompLimits {
  /** Positions of its table: the staircases inside it. */
  readonly positions: number;
  /** Moves its search examines: each position's squares but the poisoned one, summed. */
  readonly moves: number;
}

export const CHOMP_LIMITS: ChompLimits = { positions: LIMITS.chompPositions, moves: LIMITS.chompMoves };

/** A staircase's own table, counted: its positions and the moves its search examines; or why it is past a limit. */
export type ChompCount =
  | { readonly positions: number; readonly moves: number }
  | { readonly past: 'positions' | 'moves'; readonly reason: string };

/**
 * The exact size of a valid staircase's search: the staircases inside it but the empty one (its
 * positions), and Σ (|λ| − 1) over them (the moves examined: a position's options are its squares
 * but the poisoned one). Counting stops as soon as either passes its limit, so it costs at most the
 * board's area, itself at most the positions (each square is the corner of a staircase of its own),
 * and nothing at all for a board whose area alone passes the limit of positions.
 *
 * By rows from the top: S(j, m) counts the fillings of rows j.. with row j of at most m squares and
 * A(j, m) sums their areas; S(j, m) = Σ_{v ≤ m} S(j + 1, min(v, B_{j+1})), A likewise with v squares
 * more for each. Every partial count is at most the whole one (a filling of rows j.. extends to a
 * staircase of the board with the rows below it full), so a partial count past a limit settles it.
 */
export function chompCount(staircase: readonly number[], limits: ChompLimits = CHOMP_LIMITS): ChompCount {
  const pastPositions = {
    past: 'positions' as const,
    reason:
      `the board has more than ${count(limits.positions)} positions below it (the staircases inside it), ` +
      "the search's limit",
  };
  const pastMoves = {
    past: 'moves' as const,
    reason:
      `the search would examine more than ${count(limits.moves)} moves (each position's squares ` +
      'but the poisoned one, over the staircases inside the board), its limit',
  };
  const area = areaOf(staircase);
  if (area > limits.positions)
    return {
      past: 'positions',
      reason:
        `the board has ${count(area)} squares, so at least as many positions below it (the staircases ` +
        `inside it): more than the search's limit of ${count(limits.positions)}`,
    };
  // The most a partial sum may be: positions + 1 (the empty staircase), and area = moves + positions.
  const mostWays = limits.positions + 1;
  const mostArea = limits.moves + limits.positions;
  let ways = new Float64Array(1).fill(1);
  let areas = new Float64Array(1);
  for (let j = staircase.length - 1; j >= 0; j--) {
    const width = staircase[j];
    const nextWays = new Float64Array(width + 1);
    const nextAreas = new Float64Array(width + 1);
    let w = 0;
    let a = 0;
    for (let v = 0; v <= width; v++) {
      const above = Math.min(v, ways.length - 1);
      w += ways[above];
      a += areas[above] + v * ways[above];
      if (w > mostWays) return pastPositions;
      if (a > mostArea) return pastMoves;
      nextWays[v] = w;
      nextAreas[v] = a;
    }
    ways = nextWays;
    areas = nextAreas;
  }
  const positions = ways[ways.length - 1] - 1;
  const moves = areas[areas.length - 1] - positions;
  if (moves > limits.moves) return pastMoves;
  return { positions, moves };
}

/** The value of a staircase by the table search, or why it is not known. */
export type SearchResult =
  | { readonly value: number; readonly positions: number }
  | { readonly value: null; readonly reason: string; readonly stop: StopCause; readonly positions: number };

/** A staircase's search: its result, and (when searched) the table that holds it and whether it lies transposed. */
export interface TableSearch {
  readonly result: SearchResult;
  readonly table?: ChompTable;
  readonly transposed?: boolean;
}

/**
 * The value of a valid staircase by exhaustive search, when its own table is within the limits:
 * read from the memo, or computed (going on with a stored table that holds it when that costs no
 * more than its own table, else a new table for the staircase itself). `positions` is always the
 * staircase's own count, however it was answered.
 */
export function searchValue(
  staircase: readonly number[],
  budget: Budget,
  memo: ChompMemo,
  limits: ChompLimits = CHOMP_LIMITS,
): SearchResult {
  return searchTable(staircase, budget, memo, limits).result;
}

export function searchTable(
  staircase: readonly number[],
  budget: Budget,
  memo: ChompMemo,
  limits: ChompLimits = CHOMP_LIMITS,
): TableSearch {
  const counted = chompCount(staircase, limits);
  if ('past' in counted) return { result: { value: null, reason: counted.reason, stop: 'work-limit', positions: 0 } };
  const own = counted.positions;
  let found = memo.find(staircase);
  if (found && found.rank >= found.table.done && found.rank - found.table.done > own) found = undefined;
  if (!found) {
    const oriented = staircase.length > staircase[0] ? transpose(staircase)! : staircase;
    const maxBytes = Math.min(memo.maxBytes, budget.maxSequenceBytes ?? DEFAULT_SEQUENCE_BYTES);
    const sized = newTable(oriented, maxBytes);
    if (!('table' in sized)) return { result: { value: null, reason: sized.reason, stop: sized.stop, positions: 0 } };
    memo.add(sized.table);
    found = { table: sized.table, rank: sized.table.total - 1 };
  }
  const { table, rank } = found;
  const transposed = !inside(table, staircase);
  if (rank >= table.done) {
    // Within its count: only the user's cancel (or an explicit time cap) stops it.
    const stop = advance(table, rank, new Meter(budget), Number.POSITIVE_INFINITY, 'work-limit');
    if (rank >= table.done)
      return {
        result: {
          value: null,
          reason: `stopped after ${count(table.done - 1)} of ${count(rank)} positions because ${describeStop(stop!)}`,
          stop: stop!,
          positions: table.done - 1,
        },
        table,
        transposed,
      };
    memo.dropInside(table);
  }
  return { result: { value: table.values[rank], positions: own }, table, transposed };
}

/** The value of a staircase that lies in a table (as it is, or `transposed`) below what it has done; else undefined. */
export function valueIn(table: ChompTable, staircase: readonly number[], transposed: boolean): number | undefined {
  const placed = transposed ? transpose(staircase, table.rows) : staircase;
  if (!placed || !inside(table, placed)) return undefined;
  const rank = rankIn(table, placed);
  return rank < table.done ? table.values[rank] : undefined;
}

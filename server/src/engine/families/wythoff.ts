// Wythoff positions in sums: nimbers from the table (wythoff.ts), grown as heaps need it.
//
// Wythoff's game: two heaps; a move takes any positive number of coins from one heap, or the same
// positive number from both (a chess queen walking towards the corner).
//
// Outcomes, for heaps of any size. Wythoff (1907): the P-positions are (0, 0) and the pairs
// (A(k), B(k)), (B(k), A(k)) for k ≥ 1, where A(k) = ⌊kφ⌋ and B(k) = ⌊kφ²⌋ = A(k) + k, φ the
// golden ratio. A and B are complementary Beatty sequences: every positive integer is in exactly
// one of them, once. So each heap size x has exactly one P-partner, and each difference d exactly
// one P-position (A(d), A(d) + d): from (a, b) the winning moves are among three, found without
// search. All arithmetic is on integers: A(k) = ⌊(k + √(5k²))/2⌋ = (k + isqrt(5k²)) >> 1, because
// √(5k²) is irrational for k ≥ 1 and ⌊(k + x)/2⌋ = ⌊(k + ⌊x⌋)/2⌋ for an integer k.
//
// Nimbers have no known formula. They are computed exactly for both heaps up to a bound by the
// mex over the position's row, column and diagonal (options keep one heap, or the difference):
// each line's values so far are kept as a bit set, and a position's mex is the first zero bit of
// its three lines' union, found a word at a time from the first word not yet full. The engine
// cache's table grows in place (only the new cells are computed), as far as its heaps need
// whatever the time; only a cancellation stops a growth, which resumes later where it stopped.
import { describeStop } from '../budget';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import type { Budget, WythoffTable } from '../types';

/** ⌊√n⌋ for n ≥ 0, exactly (Newton's method on integers). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  // Start above the root: 2^(⌈bits/2⌉).
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** A(k) = ⌊kφ⌋, the lower Wythoff sequence (A(0) = 0). */
export function lowerWythoff(k: bigint): bigint {
  return (k + isqrt(5n * k * k)) >> 1n;
}

/** The P-position partner of a heap size: the unique p with (x, p) a P-position (0 for 0). */
export function wythoffPartner(x: bigint): { partner: bigint; k: bigint; lower: boolean } {
  if (x === 0n) return { partner: 0n, k: 0n, lower: true };
  // If x = A(k), then k = ⌈x/φ⌉ or near it: ⌊x/φ⌋ = ⌊(√(5x²) − x)/2⌋ = (isqrt(5x²) − x) >> 1.
  const guess = (isqrt(5n * x * x) - x) >> 1n;
  for (const k of [guess, guess + 1n, guess - 1n]) {
    if (k >= 1n && lowerWythoff(k) === x) return { partner: x + k, k, lower: true };
  }
  // Otherwise x = B(k) = A(k) + k for exactly one k, with k = x/φ² or near it: x − k = A(k).
  // ⌊x/φ²⌋ = ⌊x(3 − √5)/2⌋ = x − ⌈x(√5 − 1)/2⌉, near x − guess.
  for (const k of [x - guess - 1n, x - guess, x - guess + 1n, x - guess - 2n]) {
    if (k >= 1n && lowerWythoff(k) + k === x) return { partner: x - k, k, lower: false };
  }
  throw new Error(`internal: ${x} is in neither Beatty sequence`);
}

/** Is (a, b) a P-position (the player to move loses)? Exact for any size. */
export function isWythoffP(a: bigint, b: bigint): boolean {
  return wythoffPartner(a).partner === b;
}

/** A Wythoff move: the position it leaves. */
export interface WythoffMove {
  readonly to: readonly [bigint, bigint];
}

/** Every move from (a, b) to a P-position: at most three (one per line through the position). */
export function wythoffWinningMoves(a: bigint, b: bigint): WythoffMove[] {
  const moves: WythoffMove[] = [];
  const seen = new Set<string>();
  const add = (x: bigint, y: bigint) => {
    const key = `${x},${y}`;
    if (!seen.has(key)) {
      seen.add(key);
      moves.push({ to: [x, y] });
    }
  };
  const pa = wythoffPartner(a).partner;
  if (pa < b) add(a, pa); // take from the second heap
  const pb = wythoffPartner(b).partner;
  if (pb < a) add(pb, b); // take from the first heap
  // The same number from both: the P-position with the same difference, (A(d), A(d) + d).
  const d = a > b ? a - b : b - a;
  const low = lowerWythoff(d);
  const smaller = a < b ? a : b;
  if (low < smaller) {
    const take = smaller - low;
    add(a - take, b - take);
  }
  return moves;
}

/** Exact nimbers of every position with both heaps ≤ size (a square table, row-major). */
export type { WythoffTable };

/**
 * The largest table this engine makes (33.6 MB of values at this size, 16.8 MB of bit sets while it
 * grows; values stay below 2^16 since G(a, b) ≤ a + b ≤ 8192).
 */
export const MAX_WYTHOFF_TABLE = 4096;

/**
 * A table that grows in place: the values of a square of side target + 1 (row-major), and for every
 * row, column and diagonal (b − a) the set of values in it so far, as bits in 32-bit words. The mex
 * of a cell is the first zero bit of the union of its three lines' sets, found a word at a time. It
 * starts at the first word that is not all ones in any of the three lines (kept per line: a line's
 * set only grows, so its index only moves forward), and skips 32 words at a time over the words that
 * are all ones in one of the three lines (a second level of bits per line, one per word, set when the
 * word is full): near the mex the union is full over many words, nearly all of them full in one line.
 *
 * The words of a column (and of a diagonal) are laid out word-major (word w of column b at
 * w·width + b): the cells of a row read the same words of neighbouring columns, whose mexes are near
 * one another, so that a row's cells share cache lines (row-major columns cost a cache line a cell).
 * Rows are line-major: a row's words are read in order.
 *
 * A growth from a complete square of `size` = s to `target` = S computes only the new cells, row by
 * row: rows a ≤ s from column s + 1, then rows a > s from column 0. Every option of a cell comes
 * before it in that order, and a line's set then holds exactly the values of the cell's options
 * on that line (the cells after it on its lines are not computed yet). A cancelled growth stops
 * between rows and resumes at `next`.
 */
interface WythoffGrowth {
  /** Both heaps up to this are complete (−1: nothing yet). */
  size: number;
  /** The square being grown to (equal to size when no growth is under way). */
  target: number;
  /** The next row of the growth to target to compute (target + 1 when done). */
  next: number;
  /** G(a, b) at a·(target + 1) + b. */
  values: Uint16Array;
  /** The layout of the sets for target. */
  layout: Layout;
  /** Every line's set: columns and diagonals word-major, then rows line-major (see Layout). */
  bits: Int32Array;
  /** Every line's full words, one bit a word, laid out as `bits` with `summaryWords` words a line. */
  full: Int32Array;
  /** Per line, its first word that is not all ones: columns (b), diagonals (width + line), rows (width + lines + a). */
  first: Int32Array;
}

/**
 * Where the sets of a table of side width = target + 1 are. Words per line: bits 0..2·target at least
 * (G(a, b) ≤ a + b), and one word more for columns and diagonals (a scan that would pass the last
 * word reads zeros there, and says so). Diagonal b − a is line b − a + target of lines = 2·target + 1.
 * Column b's word w at w·width + b; diagonal line's at diagonals + w·lines + line; row a's at
 * rows + a·words + w. The summaries (`full`) likewise with summaryWords for words.
 */
interface Layout {
  readonly target: number;
  readonly width: number;
  readonly lines: number;
  readonly words: number;
  readonly summaryWords: number;
  readonly diagonals: number;
  readonly rows: number;
  readonly summaryDiagonals: number;
  readonly summaryRows: number;
}

function layoutFor(target: number): Layout {
  const width = target + 1;
  const lines = 2 * target + 1;
  const words = ((2 * target) >>> 5) + 1;
  const summaryWords = (words >>> 5) + 1;
  const diagonals = (words + 1) * width;
  const summaryDiagonals = (summaryWords + 1) * width;
  return {
    target,
    width,
    lines,
    words,
    summaryWords,
    diagonals,
    rows: diagonals + (words + 1) * lines,
    summaryDiagonals,
    summaryRows: summaryDiagonals + (summaryWords + 1) * lines,
  };
}

/** A table of nothing, to grow. */
function emptyGrowth(): WythoffGrowth {
  return {
    size: -1,
    target: -1,
    next: 0,
    values: new Uint16Array(0),
    layout: layoutFor(0),
    bits: new Int32Array(0),
    full: new Int32Array(0),
    first: new Int32Array(0),
  };
}

/** Starts the growth of a complete square to `target` > size: the same values and sets, laid out for target. */
function relayout(g: WythoffGrowth, target: number): void {
  const s = g.size;
  const old = g.layout;
  const to = layoutFor(target);
  const { width, lines } = to;
  const values = new Uint16Array(width * width);
  const bits = new Int32Array(to.rows + width * to.words);
  const full = new Int32Array(to.summaryRows + width * to.summaryWords);
  const first = new Int32Array(2 * width + lines);
  if (s >= 0) {
    const oldWidth = s + 1;
    const oldLines = 2 * s + 1;
    const shift = target - s; // diagonal b − a is line b − a + s before, b − a + target after
    for (let a = 0; a <= s; a++) values.set(g.values.subarray(a * oldWidth, (a + 1) * oldWidth), a * width);
    const copy = (
      from: Int32Array,
      into: Int32Array,
      count: number,
      oldDiagonals: number,
      oldRows: number,
      newDiagonals: number,
      newRows: number,
      newCount: number,
    ) => {
      for (let w = 0; w < count; w++) {
        into.set(from.subarray(w * oldWidth, (w + 1) * oldWidth), w * width);
        const d = oldDiagonals + w * oldLines;
        into.set(from.subarray(d, d + oldLines), newDiagonals + w * lines + shift);
      }
      for (let a = 0; a <= s; a++)
        into.set(from.subarray(oldRows + a * count, oldRows + (a + 1) * count), newRows + a * newCount);
    };
    copy(g.bits, bits, old.words, old.diagonals, old.rows, to.diagonals, to.rows, to.words);
    copy(
      g.full,
      full,
      old.summaryWords,
      old.summaryDiagonals,
      old.summaryRows,
      to.summaryDiagonals,
      to.summaryRows,
      to.summaryWords,
    );
    first.set(g.first.subarray(0, oldWidth), 0);
    first.set(g.first.subarray(oldWidth, oldWidth + oldLines), width + shift);
    first.set(g.first.subarray(oldWidth + oldLines, 2 * oldWidth + oldLines), width + lines);
  }
  g.values = values;
  g.layout = to;
  g.bits = bits;
  g.full = full;
  g.first = first;
  g.target = target;
  g.next = 0;
}

/** Computes row a of the growth from column `from` to target: each cell's mex, then its value joins its three lines. */
function growRow(g: WythoffGrowth, a: number, from: number): void {
  const { values, bits, full, first } = g;
  const { target, width, lines, words, summaryWords } = g.layout;
  const r = g.layout.rows + a * words;
  const rs = g.layout.summaryRows + a * summaryWords;
  const diagonals = g.layout.diagonals;
  const summaryDiagonals = g.layout.summaryDiagonals;
  const rowFirstAt = width + lines + a;
  const valueRow = a * width;
  let rowFirst = first[rowFirstAt];
  for (let b = from; b <= target; b++) {
    const line = b - a + target;
    const cf = first[b];
    const df = first[width + line];
    let w = rowFirst > cf ? rowFirst : cf;
    if (df > w) w = df;
    let x = 0;
    for (;;) {
      // The first word at or after w that is full in none of the three lines; then the union's word.
      let s = w >>> 5;
      let m = full[rs + s] | full[s * width + b] | full[summaryDiagonals + s * lines + line] | ((1 << (w & 31)) - 1);
      while (m === -1) {
        s++;
        m = full[rs + s] | full[s * width + b] | full[summaryDiagonals + s * lines + line];
      }
      w = (s << 5) | (31 - Math.clz32(~m & (m + 1)));
      x = bits[r + w] | bits[w * width + b] | bits[diagonals + w * lines + line];
      if (x !== -1) break;
      w++;
    }
    if (w >= words) throw new Error(`internal: G(${a}, ${b}) is above ${a + b}`);
    const bit = ~x & (x + 1); // the lowest zero bit of x
    values[valueRow + b] = (w << 5) | (31 - Math.clz32(bit));
    // The value joins the three lines; a word that becomes full is marked, and a line's first moves past it.
    const s = w >>> 5;
    const fullBit = 1 << (w & 31);
    const rw = bits[r + w] | bit;
    bits[r + w] = rw;
    if (rw === -1) {
      full[rs + s] |= fullBit;
      if (w === rowFirst) {
        do rowFirst++;
        while (bits[r + rowFirst] === -1);
      }
    }
    const c = w * width + b;
    const cw = bits[c] | bit;
    bits[c] = cw;
    if (cw === -1) {
      full[s * width + b] |= fullBit;
      if (w === cf) {
        let f = cf + 1;
        while (bits[f * width + b] === -1) f++;
        first[b] = f;
      }
    }
    const d = diagonals + w * lines + line;
    const dw = bits[d] | bit;
    bits[d] = dw;
    if (dw === -1) {
      full[summaryDiagonals + s * lines + line] |= fullBit;
      if (w === df) {
        let f = df + 1;
        while (bits[diagonals + f * lines + line] === -1) f++;
        first[width + line] = f;
      }
    }
  }
  first[rowFirstAt] = rowFirst;
}

/**
 * Carries the growth under way to its target, row by row, asking `isCancelled` before each row;
 * false when cancelled (what is done stays, and the growth resumes there).
 */
function finishGrowth(g: WythoffGrowth, isCancelled: (() => boolean) | undefined): boolean {
  const s = g.size;
  while (g.next <= g.target) {
    if (isCancelled?.()) return false;
    growRow(g, g.next, g.next <= s ? s + 1 : 0);
    g.next++;
  }
  g.size = g.target;
  return true;
}

/**
 * Grows the table to at least `size` (at most MAX_WYTHOFF_TABLE): a growth under way is finished
 * first, then one growth to `size`. False when cancelled: how far it gets never depends on time.
 */
function growTo(g: WythoffGrowth, size: number, isCancelled: (() => boolean) | undefined): boolean {
  if (g.target > g.size && !finishGrowth(g, isCancelled)) return false;
  const wanted = Math.min(size, MAX_WYTHOFF_TABLE);
  if (g.size >= wanted) return true;
  relayout(g, wanted);
  return finishGrowth(g, isCancelled);
}

/** The largest complete square the growth holds: its values (copied out when a growth is under way). */
function completeSquare(g: WythoffGrowth): WythoffTable {
  if (g.size === g.target) return { size: g.size, values: g.values };
  // Rows before `next` are complete to target; the rows of the old square are too.
  const size = Math.max(g.size, Math.min(g.next - 1, g.target));
  if (size < 0) return { size: -1, values: new Uint16Array(0) };
  const width = g.target + 1;
  const values = new Uint16Array((size + 1) * (size + 1));
  for (let a = 0; a <= size; a++) values.set(g.values.subarray(a * width, a * width + size + 1), a * (size + 1));
  return { size, values };
}

/**
 * Nimbers of every (a, b) with a, b ≤ size (at most MAX_WYTHOFF_TABLE). Only cancellation stops it,
 * never the clock: the table returned is then the largest complete square (its `size` says how far)
 * with `stop: 'cancelled'`.
 */
export function wythoffTable(size: number, budget: Budget = {}): WythoffTable {
  const n = Math.min(Math.max(0, Math.floor(size)), MAX_WYTHOFF_TABLE);
  const g = emptyGrowth();
  if (growTo(g, n, budget.isCancelled)) return { size: n, values: g.values };
  return { ...completeSquare(g), stop: 'cancelled' };
}

/**
 * The growable tables behind the engine caches' Wythoff tables (EngineCache.wythoff), by table: a
 * table dropped from its cache (trimCache) takes its growth with it. A growth cancelled midway stays
 * here, behind the last complete table, and resumes from where it stopped.
 */
const growths = new WeakMap<WythoffTable, WythoffGrowth>();

/**
 * The cache's table grown to hold both heaps up to `size`, by doubling (at least WYTHOFF_TABLE_MIN),
 * so that a document's heaps do not each cost a growth; `cancelled` when it stopped short.
 */
export function grownWythoffTable(
  cache: EngineCache,
  size: number,
  budget: Budget = {},
): { table: WythoffTable | undefined; cancelled: boolean } {
  const table = cache.wythoff;
  if (table && table.size >= Math.min(size, MAX_WYTHOFF_TABLE)) return { table, cancelled: false };
  const g = (table && growths.get(table)) ?? emptyGrowth();
  const target = Math.min(MAX_WYTHOFF_TABLE, Math.max(WYTHOFF_TABLE_MIN, size, 2 * g.size));
  const done = growTo(g, target, budget.isCancelled);
  if (!done) {
    // What is complete stays; the next call resumes the growth behind the table it finds.
    if (table) growths.set(table, g);
    else {
      const empty: WythoffTable = { size: -1, values: new Uint16Array(0) };
      cache.wythoff = empty;
      growths.set(empty, g);
    }
    return { table: cache.wythoff, cancelled: true };
  }
  const grown: WythoffTable = { size: g.size, values: g.values };
  if (table) growths.delete(table);
  // At the cap the table grows no more: its bit sets go.
  if (g.size < MAX_WYTHOFF_TABLE) growths.set(grown, g);
  cache.wythoff = grown;
  return { table: grown, cancelled: false };
}

/** G(a, b) from a table, or undefined beyond it. */
export function wythoffNimber(table: WythoffTable, a: bigint, b: bigint): number | undefined {
  if (a < 0n || b < 0n || a > BigInt(table.size) || b > BigInt(table.size)) return undefined;
  return table.values[Number(a) * (table.size + 1) + Number(b)];
}

/** Every move from (a, b) to a position of nimber `target`, from a table that holds (a, b). */
export function wythoffMovesTo(table: WythoffTable, a: bigint, b: bigint, target: number): WythoffMove[] {
  const x = Number(a);
  const y = Number(b);
  const w = table.size + 1;
  const moves: WythoffMove[] = [];
  for (let i = 0; i < x; i++) if (table.values[i * w + y] === target) moves.push({ to: [BigInt(i), b] });
  for (let j = 0; j < y; j++) if (table.values[x * w + j] === target) moves.push({ to: [a, BigInt(j)] });
  for (let t = 1; t <= Math.min(x, y); t++)
    if (table.values[(x - t) * w + (y - t)] === target) moves.push({ to: [BigInt(x - t), BigInt(y - t)] });
  return moves;
}

export const wythoffFamily: ComponentFamily<'wythoff'> = { value: wythoffValue, movesTo: wythoffComponentMovesTo };

/** Wythoff nimbers are tabled up to at least this (one table per cache, grown when a larger heap needs it). */
const WYTHOFF_TABLE_MIN = 64;

function wythoffValue(component: Of<'wythoff'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  let largest = 0n;
  for (const [a, b] of component.positions) largest = [largest, a, b].reduce((x, y) => (y > x ? y : x));
  // Grown to the heaps whatever the time: only a cancellation stops it (and the next call resumes it).
  const { table, cancelled } =
    largest <= BigInt(MAX_WYTHOFF_TABLE)
      ? grownWythoffTable(cache, Number(largest), budget)
      : { table: cache.wythoff, cancelled: false };
  const parts = component.positions.map(([a, b]) => (table ? (wythoffNimber(table, a, b) ?? null) : null));
  const known = (g: number | null): g is number => g !== null;
  if (parts.every(known))
    return {
      status: 'value',
      nimber: parts.reduce<bigint>((x, g) => x ^ BigInt(g), 0n),
      parts: parts.map(BigInt),
      ...(table ? { wythoff: table } : {}),
    };
  const reach = table ? table.size : -1;
  const reason =
    largest > BigInt(MAX_WYTHOFF_TABLE)
      ? `Wythoff nimbers have no known formula; they are computed for heaps up to ` +
        `${MAX_WYTHOFF_TABLE.toLocaleString('en-US')}, and this position has a heap of ${largest}`
      : // Only a cancellation leaves a heap up to the cap without its nimber.
        `Wythoff nimbers were computed for heaps up to ${Math.max(reach, 0)} when the growth of their table was ` +
        `${cancelled ? describeStop('cancelled') : 'stopped'}`;
  return {
    status: 'unknown',
    nimber: null,
    parts: parts.map((g) => (g === null ? null : BigInt(g))),
    reason,
    ...(table ? { wythoff: table } : {}),
  };
}

function wythoffComponentMovesTo(
  component: Of<'wythoff'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const table = value.wythoff!;
  const seen = new Set<string>();
  component.positions.forEach(([a, b], position) => {
    const key = `${a},${b}`;
    if (seen.has(key)) return; // equal positions: the same moves
    seen.add(key);
    const target = value.parts[position]! ^ total;
    if (target > 0xffffn) return; // table values are below 2^16
    for (const move of wythoffMovesTo(table, a, b, Number(target)))
      list.add(index, { kind: 'wythoff', position, to: move.to });
  });
}

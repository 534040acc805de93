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
// each line's values so far are kept as flags, so a position costs the length of its mex scan.
import { describeStop, Meter } from '../budget';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import type { Budget, StopCause, WythoffTable } from '../types';

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
 * The largest table this engine makes (about 130 MB of tables and flags at this size; values stay below 2^16 since G(a,
 * b) ≤ a + b).
 */
export const MAX_WYTHOFF_TABLE = 4096;

/**
 * Nimbers of every (a, b) with a, b ≤ size. Rows are computed in order; when the budget stops it,
 * the table returned is the largest complete square (its `size` says how far).
 */
export function wythoffTable(size: number, budget: Budget = {}): WythoffTable {
  const n = Math.min(Math.max(0, Math.floor(size)), MAX_WYTHOFF_TABLE);
  const width = n + 1;
  const values = new Uint16Array(width * width);
  // Flags per line: has value v been seen in row a / column b / diagonal (b − a + n)?
  const valueWidth = 2 * n + 2;
  const row = new Uint8Array(valueWidth); // the current row only: rows are done one at a time
  const column = new Uint8Array(width * valueWidth);
  const diagonal = new Uint8Array((2 * n + 1) * valueWidth);
  const meter = new Meter(budget, 1 << 16);
  for (let a = 0; a <= n; a++) {
    row.fill(0);
    for (let b = 0; b <= n; b++) {
      const c = b * valueWidth;
      const d = (b - a + n) * valueWidth;
      let g = 0;
      while (row[g] || column[c + g] || diagonal[d + g]) g++;
      values[a * width + b] = g;
      row[g] = 1;
      column[c + g] = 1;
      diagonal[d + g] = 1;
      const stop = meter.spend(g + 1);
      if (stop) return shrink(values, width, a, stop);
    }
  }
  return { size: n, values };
}

/** The complete square below row `rows` (rows 0..rows−1 are done). */
function shrink(values: Uint16Array, width: number, rows: number, stop: StopCause): WythoffTable {
  const size = rows - 1;
  if (size < 0) return { size: -1, values: new Uint16Array(0), stop };
  const smaller = new Uint16Array((size + 1) * (size + 1));
  for (let a = 0; a <= size; a++) smaller.set(values.subarray(a * width, a * width + size + 1), a * (size + 1));
  return { size, values: smaller, stop };
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
  let table = cache.wythoff;
  if ((!table || BigInt(table.size) < largest) && largest <= BigInt(MAX_WYTHOFF_TABLE)) {
    // Grow by doubling, so that a document's heaps do not each cost a new table.
    const size = Math.min(MAX_WYTHOFF_TABLE, Math.max(WYTHOFF_TABLE_MIN, Number(largest), 2 * (table?.size ?? 0)));
    const computed = wythoffTable(size, budget);
    if (!table || computed.size > table.size) table = computed;
    if (!computed.stop) cache.wythoff = computed;
  }
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
      : `Wythoff nimbers were computed for heaps up to ${Math.max(reach, 0)} before the budget ran ` +
        `out${table?.stop ? ` (${describeStop(table.stop)})` : ''}`;
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

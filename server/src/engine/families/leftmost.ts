// Leftmost-pile rows: the seed's recurrence (leftmost.ts), any size.
//
// The leftmost-pile game: a row of piles; a move takes any positive number of coins from the
// leftmost non-empty pile. Empty piles are skipped by play (and stay written).
//
// The row's nimber, from the right (the seed's recurrence): with r the nimber of the rest of the
// row and a the leftmost non-empty pile, G = a − 1 if a ≤ r, else a. Why: the options of the pile
// are a' = 0 (value r) and a' = 1 … a − 1, whose values by induction are a' − 1 for a' ≤ r (the
// values 0 … r − 1, all below r) and a' for a' > r. So the options' values are {r} ∪ {0 … min(a,
// r + 1) − 2} ∪ {r + 1 … a − 1}: when a ≤ r, that is 0 … a − 2 and r, whose mex is a − 1; when
// a > r, it is 0 … r − 1, r, r + 1 … a − 1, whose mex is a. Linear time, heaps of any size.
import { independentParts } from '../components';

/** The nimber of a row (big integers, empty piles skipped). */
export function leftmostNimber(piles: readonly bigint[]): bigint {
  let g = 0n;
  for (let i = piles.length - 1; i >= 0; i--) {
    const a = piles[i];
    if (a <= 0n) continue;
    g = a <= g ? a - 1n : a;
  }
  return g;
}

/** A move: the leftmost non-empty pile (its index in the row) goes down to `to`. */
export interface LeftmostMove {
  readonly pile: number;
  readonly to: bigint;
}

/**
 * Every move of a row to a position of nimber `target`: only the leftmost non-empty pile moves,
 * and by the recurrence each value is reached by at most two sizes of it (below: the cases).
 */
export function leftmostMovesTo(piles: readonly bigint[], target: bigint): LeftmostMove[] {
  const first = piles.findIndex((a) => a > 0n);
  if (first < 0) return [];
  const a = piles[first];
  const rest = leftmostNimber(piles.slice(first + 1));
  const moves: LeftmostMove[] = [];
  if (rest === target) moves.push({ pile: first, to: 0n }); // emptied: the rest's value
  if (target + 1n <= rest && target + 1n < a) moves.push({ pile: first, to: target + 1n }); // a' ≤ r: a' − 1
  if (target > rest && target < a) moves.push({ pile: first, to: target }); // a' > r: a'
  return moves;
}

export const leftmostFamily = independentParts<'leftmost', readonly bigint[]>({
  parts: (component) => component.rows,
  key: (piles) => piles.join(','),
  nimber: leftmostNimber,
  movesTo: (piles, target, row) =>
    leftmostMovesTo(piles, target).map((move) => ({ kind: 'leftmost', row, pile: move.pile, to: move.to }) as const),
});

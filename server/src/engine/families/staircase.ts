// Staircase Nim: the nim-sum of the odd steps (below), any size.
//
// Staircase Nim: coins on steps 1, 2, 3, …; a move moves any positive number of coins from one
// step to the step below (from step 1 they leave the staircase).
//
// The nimber is the nim-sum of the coins on the odd steps (steps 1, 3, 5, …: indexes 0, 2, 4, …
// of the list). Why: a move from an odd step to the even step below is a Nim move on that odd
// heap (the coins reach an even step, which does not count); a move from an even step to the odd
// step below adds coins to an odd heap, which the next player can undo by moving the same coins
// one step further down, to an even step (or off the staircase) — so even steps never change who
// wins. Formally, by induction: the options of a staircase reach every value below the odd
// steps' nim-sum by Nim moves on the odd steps, and never the nim-sum itself (each move changes
// exactly one odd step's count). Heaps of any size.
import { independentParts } from '../components';

/** The nimber of one staircase: the XOR of the coins on its odd steps. */
export function staircaseNimber(coins: readonly bigint[]): bigint {
  let g = 0n;
  for (let i = 0; i < coins.length; i += 2) g ^= coins[i];
  return g;
}

/** A move: `count` coins go from `step` (index in the list) to the step below (off, from index 0). */
export interface StaircaseMove {
  readonly step: number;
  readonly count: bigint;
}

/**
 * Every move of a staircase to a position of nimber `target`. Only the odd step that changes
 * matters: d = nimber ⊕ target must be the change of one odd step's count c, to c ⊕ d. Either
 * c ⊕ d < c: move the difference down from that odd step; or c ⊕ d > c: bring the difference
 * down onto it from the even step above, when that step holds enough coins.
 */
export function staircaseMovesTo(coins: readonly bigint[], target: bigint): StaircaseMove[] {
  const d = staircaseNimber(coins) ^ target;
  if (d === 0n) return [];
  const moves: StaircaseMove[] = [];
  for (let i = 0; i < coins.length; i += 2) {
    const c = coins[i];
    const after = c ^ d;
    if (after < c) moves.push({ step: i, count: c - after });
    else if (i + 1 < coins.length && after - c <= coins[i + 1]) moves.push({ step: i + 1, count: after - c });
  }
  return moves;
}

/** The staircase after a move. */
export function staircaseAfter(coins: readonly bigint[], move: StaircaseMove): bigint[] {
  const after = coins.slice();
  after[move.step] -= move.count;
  if (move.step > 0) after[move.step - 1] += move.count;
  return after;
}

export const staircaseFamily = independentParts<'staircase', readonly bigint[]>({
  parts: (component) => component.stairs,
  key: (coins) => coins.join(','),
  nimber: staircaseNimber,
  movesTo: (coins, target, stair) =>
    staircaseMovesTo(coins, target).map(
      (move) => ({ kind: 'staircase', stair, step: move.step, count: move.count }) as const,
    ),
});

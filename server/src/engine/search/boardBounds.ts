// Lower bounds on the positions one board or graph unit reaches (Chomp, Cram, Node and Arc Kayles), for
// positionsAtLeast (remoteness.ts): a search whose game is proved larger than its limit is refused before it
// starts, instead of meeting its limit after seconds of work (Chomp [100, 100, 100] has 176,851 positions; its
// remoteness search used to take 3 s and 500 MB to say it has more than 20,000). Each bound counts positions
// that are distinct as the searches key them (unitStates.ts: a board's cells or rows, a graph's vertices and
// edges as written, no symmetry), and is cheap: linear in the unit's size, capped.
import type { CramBoard } from '../boards';
import type { KaylesPosition } from '../gameTypes';

/** Chomp rows and lengths past these are left out of the count (a smaller board's positions are the board's). */
const CHOMP_ROWS_COUNTED = 32;
const CHOMP_LENGTH_COUNTED = 1024;

/**
 * Chomp: its positions are exactly the staircases inside it that keep the poisoned square, each reachable in
 * one move (take the square just past it in each row, from the top row down). Counted exactly for the board's
 * first CHOMP_ROWS_COUNTED rows, each cut to CHOMP_LENGTH_COUNTED squares: non-increasing lengths s with
 * 1 ≤ s₁ ≤ r₁ and 0 ≤ sᵢ ≤ rᵢ.
 */
export function chompPositionsAtLeast(rows: readonly number[]): number {
  const counted = rows.slice(0, CHOMP_ROWS_COUNTED).map((r) => Math.min(r, CHOMP_LENGTH_COUNTED));
  if (counted.length === 0) return 1;
  // ways[v]: the staircases of the rows so far whose last row has v squares.
  let ways = new Float64Array(counted[0] + 1);
  for (let v = 1; v <= counted[0]; v++) ways[v] = 1;
  for (const r of counted.slice(1)) {
    const next = new Float64Array(r + 1);
    // Row i may have v squares when row i − 1 has at least v: a sum over the previous lengths from the top down.
    let atLeast = 0;
    for (let v = ways.length - 1; v >= 0; v--) {
      atLeast += ways[v];
      if (v <= r) next[v] = atLeast;
    }
    ways = next;
  }
  return ways.reduce((x, y) => x + y, 0);
}

/**
 * Cram: 2^m for m dominoes on empty cells, no two sharing a cell (found greedily): each set of them filled is a
 * position of its own, and one with a move but when all are filled.
 */
export function cramPositionsAtLeast({ width, empty }: CramBoard): number {
  const used = new Uint8Array(empty.length);
  let dominoes = 0;
  for (let i = 0; i < empty.length; i++) {
    if (!empty[i] || used[i]) continue;
    const right = (i % width) + 1 < width ? i + 1 : -1;
    const below = i + width < empty.length ? i + width : -1;
    const other =
      right >= 0 && empty[right] && !used[right] ? right : below >= 0 && empty[below] && !used[below] ? below : -1;
    if (other < 0) continue;
    used[i] = used[other] = 1;
    dominoes++;
  }
  return 2 ** Math.min(dominoes, 1024);
}

/**
 * Node Kayles: 2^k for k vertices whose closed neighbourhoods are disjoint (found greedily): taking any set of
 * them leaves the others with theirs, a different set of vertices each time. Arc Kayles: 2^m for m edges with
 * no end in common (a greedy matching), by the same argument.
 */
export function kaylesPositionsAtLeast(game: 'node' | 'arc', { vertices, edges }: KaylesPosition): number {
  const used = new Set<number>();
  let independent = 0;
  if (game === 'arc') {
    for (const [a, b] of edges) {
      if (a === b || used.has(a) || used.has(b)) continue;
      used.add(a).add(b);
      independent++;
    }
  } else {
    const neighbours = new Map<number, number[]>(vertices.map((v) => [v, []]));
    for (const [a, b] of edges) {
      neighbours.get(a)?.push(b);
      neighbours.get(b)?.push(a);
    }
    for (const [v, around] of neighbours) {
      if (used.has(v) || around.some((w) => used.has(w))) continue;
      used.add(v);
      for (const w of around) used.add(w);
      independent++;
    }
  }
  return 2 ** Math.min(independent, 1024);
}

// How large an exact misère search of a sum of heaps can be, bounded before it is run (game.ts searches a
// sum first only when the bound is small). A heap that only shrinks reaches at most its n + 1 sizes; one
// that splits reaches multisets of heaps, which the bound must count too: a Kayles heap of 30 reaches
// thousands of positions, not 31.
import { heapMoveParts } from '../heaps/heapMoves';
import type { HeapRule } from '../types';

/** Heaps past this size reach more multisets than any search tried first: Σ_{k ≤ 100} p(k) > 10^9. */
const COUNTED_HEAP = 100;
const MANY_POSITIONS = 1e9;

/**
 * At most how many positions a heap of n reaches (itself and everything after, as multisets of heaps), and at
 * most how many options any of them has; undefined when no bound is known (a rule of one's own that splits
 * may leave parts whose sizes add up to more than the heap). A heap of more than `most` sizes is not looked at
 * (its moves are not listed): it reaches more than `most` positions, which is all the caller asks.
 */
export function heapReachAtMost(
  rule: HeapRule,
  n: number,
  most: number,
): { positions: number; options: number } | undefined {
  if (n + 1 > most) return { positions: n + 1, options: 0 };
  const moves = heapMoveParts(rule, n);
  if (!moves.some((parts) => parts.length > 1)) {
    const bound = { positions: n + 1, options: moves.length };
    // A code or a subtraction set whose heap n does not split has no smaller heap that does; a rule of one's
    // own may (looked at only where the bound is small enough to be used).
    if (rule.kind !== 'moves' || (n + 1) * moves.length > most) return bound;
    for (let k = 1; k < n; k++) if (heapMoveParts(rule, k).some((parts) => parts.length > 1)) return undefined;
    return bound;
  }
  // A take-and-break code: every move leaves parts adding up to at most the heap (it takes 0 or more), so
  // a position is a multiset of sizes adding up to at most n: Σ_{k ≤ n} p(k) of them.
  if (rule.kind !== 'octal') return undefined;
  if (n > COUNTED_HEAP) return { positions: MANY_POSITIONS, options: 0 };
  const partitions = new Float64Array(n + 1);
  partitions[0] = 1;
  for (let part = 1; part <= n; part++)
    for (let total = part; total <= n; total++) partitions[total] += partitions[total - part];
  const positions = partitions.reduce((x, y) => x + y, 0);
  // Its options: a heap k ≤ n has at most as many as heap n but for taking it whole (one per digit, at
  // most n + 1 digits), and a position has at most n heaps.
  return { positions, options: n * (moves.length + n + 1) };
}

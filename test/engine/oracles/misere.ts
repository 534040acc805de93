// Misère play of heaps, straight from the definitions: a heap's moves as the rule says them, and
// the outcome of a sum by plain recursion over sorted heap lists (the player who cannot move wins).
// No engine code: the exact search and the quotients are checked against it.
import type { HeapRule } from '../../../server/src/engine/types';
import { octalMoves } from './oracles';

/** The positions a heap of `n` moves to under `rule`, each as the heaps it leaves (finite rules only). */
export function heapMovesOf(rule: HeapRule, n: number): number[][] {
  switch (rule.kind) {
    case 'octal':
      return octalMoves(rule.digits, n);
    case 'subtract':
      return rule.set.filter((s) => s <= BigInt(n)).map((s) => (BigInt(n) === s ? [] : [n - Number(s)]));
    case 'subtractAllExcept': {
      const moves: number[][] = [];
      for (let take = 1; take <= n; take++)
        if (!rule.except.includes(BigInt(take))) moves.push(take === n ? [] : [n - take]);
      return moves;
    }
    default:
      throw new Error(`no misère oracle for ${rule.kind}`);
  }
}

/**
 * Whether the misère sum of `heaps` under `rule` is a P-position: there is a move, and every move
 * reaches an N-position. `memo` is keyed by the sorted non-empty heaps (one memo per rule).
 */
export function bruteMisereIsP(rule: HeapRule, heaps: readonly number[], memo = new Map<string, boolean>()): boolean {
  const sorted = heaps.filter((h) => h > 0).sort((a, b) => a - b);
  const key = sorted.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let any = false;
  let isP = true;
  for (let i = 0; i < sorted.length && isP; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    const rest = sorted.filter((_, j) => j !== i);
    for (const parts of heapMovesOf(rule, sorted[i])) {
      any = true;
      if (bruteMisereIsP(rule, [...rest, ...parts], memo)) {
        isP = false;
        break;
      }
    }
  }
  memo.set(key, any && isP);
  return any && isP;
}

// Conway's genus of heaps (On Numbers and Games, ch. 12; Winning Ways, ch. 13): g^(γ0γ1γ2…), where
// g is the heap's normal-play nimber and γk its misère Grundy value beside k heaps of *2. The
// misère Grundy value G⁻ is the mex of the options' values, except that a position with no move
// has G⁻ = 1. The γk end by alternating between two values, and the symbol is written up to where
// that alternation begins: *0 is 0^(120), *1 is 1^(031), *2 is 2^(20). A heap's genus is tame
// when it is that of some misère Nim position.
//
// Computed by brute force over the positions a heap reaches (sums of smaller heaps, with a copies
// of *2 and b of *1 beside them), with one memo for every heap of the rule: bounded by the budget.
import { Meter } from '../budget';
import { heapMoveParts } from '../heaps/heapMoves';
import type { Budget, HeapRule } from '../types';
import { budgetStop } from './quotientTypes';

/** How many γk are computed: the symbol is written to where they alternate within these. */
export const GENUS_TERMS = 8;

export interface HeapGenus {
  /** The normal-play nimber g. */
  readonly normal: number;
  /** γ0, γ1, …, γ(GENUS_TERMS − 1). */
  readonly terms: readonly number[];
  /** The symbol, e.g. `0^(120)`: the terms up to two past where they start to alternate. */
  readonly symbol: string;
  /** Is this the genus of a misère Nim position (0^(120), 1^(031), or g^(g, g⊕2))? */
  readonly tame: boolean;
}

export interface GeneraResult {
  /** The genus of heaps 0, 1, …, as far as the budget allowed. */
  readonly genera: readonly HeapGenus[];
  readonly stop?: string;
}

/** The genus of heaps 0..upTo, as far as the budget allows. */
export function heapGenera(rule: HeapRule, upTo: number, budget: Budget = {}): GeneraResult {
  const moves: number[][][] = [];
  const movesOf = (n: number) => {
    while (moves.length <= n) moves.push(heapMoveParts(rule, moves.length));
    return moves[n];
  };
  const normal: number[] = [];
  const misere = new Map<string, number>();
  const meter = new Meter(budget);
  let stopped: string | undefined;
  const check = () => {
    const cause = meter.spend(1);
    if (!cause) return;
    stopped = budgetStop(cause).reason;
    throw new GenusStopped();
  };
  // G⁻ of (heaps, a copies of *2, b of *1); heaps sorted, no zeros.
  const value = (heaps: readonly number[], a: number, b: number): number => {
    const key = `${heaps.join(',')}|${a},${b}`;
    const known = misere.get(key);
    if (known !== undefined) return known;
    check();
    const seen = new Set<number>();
    heaps.forEach((n, i) => {
      if (i > 0 && heaps[i - 1] === n) return;
      const rest = heaps.filter((_, j) => j !== i);
      for (const parts of movesOf(n)) seen.add(value(sortedHeaps(rest, parts), a, b));
    });
    if (a > 0) {
      seen.add(value(heaps, a - 1, b + 1));
      seen.add(value(heaps, a - 1, b));
    }
    if (b > 0) seen.add(value(heaps, a, b - 1));
    let result: number;
    if (seen.size === 0) result = 1;
    else for (result = 0; seen.has(result); result++);
    misere.set(key, result);
    return result;
  };
  const genera: HeapGenus[] = [];
  try {
    for (let n = 0; n <= upTo; n++) {
      const options = new Set<number>();
      for (const parts of movesOf(n)) options.add(parts.reduce((x, part) => x ^ normal[part], 0));
      let g = 0;
      while (options.has(g)) g++;
      normal.push(g);
      const heaps = n > 0 ? [n] : [];
      const terms = Array.from({ length: GENUS_TERMS }, (_, k) => value(heaps, k, 0));
      genera.push({ normal: g, terms, symbol: genusSymbol(g, terms), tame: isTameGenus(g, terms) });
    }
  } catch (error) {
    if (!(error instanceof GenusStopped)) throw error;
  }
  return { genera, ...(stopped ? { stop: stopped } : {}) };
}

class GenusStopped extends Error {}

function sortedHeaps(rest: readonly number[], parts: readonly number[]): number[] {
  return [...rest, ...parts].sort((x, y) => x - y);
}

/** g^(γ0…γ(N+1)), N the first index from which γ(k+2) = γk for every computed k. */
export function genusSymbol(normal: number, terms: readonly number[]): string {
  let start = terms.length - 2;
  while (start > 0 && terms[start - 1] === terms[start + 1]) start--;
  const shown = terms.slice(0, start + 2);
  const digits = shown.every((t) => t < 10) ? shown.join('') : shown.join(',');
  return `${normal}^(${digits})`;
}

/**
 * The genus of a misère Nim position (a sum of Nim heaps): 0^(120) and 1^(031) when every heap is
 * 0 or 1 (an even or odd number of 1s), else g^(g, g⊕2, g, …) for its nim-sum g.
 */
function isTameGenus(normal: number, terms: readonly number[]): boolean {
  const alternating = terms.every((t, k) => t === (k % 2 ? normal ^ 2 : normal));
  if (alternating) return true;
  const small = normal === 0 ? [1, 2, 0] : normal === 1 ? [0, 3, 1] : undefined;
  return small !== undefined && terms.every((t, k) => t === (k === 0 ? small[0] : k % 2 ? small[1] : small[2]));
}

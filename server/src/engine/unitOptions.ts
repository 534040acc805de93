// The moves of one unit (one heap, one token, one row), written plainly from the rules'
// definitions. Used where every option must be looked at: the misère search, and oracles.
import type { GraphData, HeapRule } from './types';

export type Unit =
  | { readonly kind: 'heap'; readonly rule: HeapRule; readonly size: number }
  | { readonly kind: 'vertex'; readonly graph: GraphData; readonly vertex: number };

/**
 * Each option is the list of units the moved unit becomes: none (a heap taken away whole),
 * one, or two (a heap split by an octal move).
 */
export function unitOptions(unit: Unit): Unit[][] {
  if (unit.kind === 'vertex') {
    const { succStart, succ } = unit.graph;
    const options: Unit[][] = [];
    for (let slot = succStart[unit.vertex]; slot < succStart[unit.vertex + 1]; slot++) {
      options.push([{ kind: 'vertex', graph: unit.graph, vertex: succ[slot] }]);
    }
    return options;
  }
  const { rule, size: n } = unit;
  const heap = (size: number): Unit => ({ kind: 'heap', rule, size });
  const options: Unit[][] = [];
  switch (rule.kind) {
    case 'subtract':
      for (const s of rule.set) if (s <= BigInt(n)) options.push([heap(n - Number(s))]);
      break;
    case 'subtractAllExcept': {
      const except = new Set(rule.except.map(Number));
      for (let s = 1; s <= n; s++) if (!except.has(s)) options.push([heap(n - s)]);
      break;
    }
    case 'octal':
      for (let k = 1; k < rule.digits.length && k <= n; k++) {
        const digit = rule.digits[k];
        if (digit & 1 && n === k) options.push([]);
        if (digit & 2 && n > k) options.push([heap(n - k)]);
        if (digit & 4) for (let a = 1; 2 * a <= n - k; a++) options.push([heap(a), heap(n - k - a)]);
      }
      break;
  }
  // Heaps of size 0 are no game at all: leave them out, so equal positions look equal.
  return options.map((option) => option.filter((u) => u.kind !== 'heap' || u.size > 0));
}

// A heap rule's moves from one heap, as the sizes of the heaps each leaves: what the searches over
// sums (search/unitOptions.ts) and the misère quotients (misere/quotient.ts) both list. The
// sequences of heap rules compute their values without listing moves (each rule's own module).

import type { HeapRule } from '../types';
import { movesHeapParts } from './moves';
import { membersUpTo } from './subtractionSets';
import { codeDigit, codeDistinct, isInfiniteCode } from './takeBreakCode';

/**
 * Heap n's moves under the rule, each as the sizes of the heaps it leaves (none for a heap taken
 * whole; heaps of size 0 are no game at all and are left out, so equal positions look equal).
 */
export function heapMoveParts(rule: HeapRule, n: number): number[][] {
  const options: number[][] = [];
  const one = (size: number) => (size > 0 ? [size] : []);
  switch (rule.kind) {
    case 'subtract':
      for (const s of rule.set) if (s <= BigInt(n)) options.push(one(n - Number(s)));
      break;
    case 'subtractAllExcept': {
      const except = new Set(rule.except.map(Number));
      for (let s = 1; s <= n; s++) if (!except.has(s)) options.push(one(n - s));
      break;
    }
    case 'subtractSet':
      for (const s of membersUpTo(rule.set, n)) options.push(one(n - s));
      break;
    case 'subtractAllExceptSet': {
      const except = new Set(membersUpTo(rule.except, n));
      for (let s = 1; s <= n; s++) if (!except.has(s)) options.push(one(n - s));
      break;
    }
    case 'octal': {
      // A finite code has no digit past its end; a repeating group has one for every k.
      const last = isInfiniteCode(rule) ? n : Math.min(n, rule.digits.length - 1);
      for (let k = 0; k <= last; k++) {
        const digit = k === 0 ? rule.digits[0] & 12 : codeDigit(rule, k); // before the point, only splits
        const strict = codeDistinct(rule, k) ? 1 : 0; // `!`: the heaps left differ
        if (digit & 1 && n === k) options.push([]);
        if (digit & 2 && n > k) options.push([n - k]);
        if (digit & 4) for (let a = 1; 2 * a + strict <= n - k; a++) options.push([a, n - k - a]);
        if (digit & 8)
          for (let a = 1; 3 * a + 3 * strict <= n - k; a++)
            for (let b = a + strict; a + 2 * b + strict <= n - k; b++) options.push([a, b, n - k - a - b]);
      }
      break;
    }
    case 'moves':
      return movesHeapParts(rule, n);
    default: {
      // Every rule lists its moves here: a rule left out would look like a heap with none.
      const unwritten: never = rule;
      throw new Error(`internal: no moves written for ${(unwritten as HeapRule).kind}`);
    }
  }
  return options;
}

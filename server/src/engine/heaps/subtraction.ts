// Finite subtraction sets: a move takes s tokens, for any s in S, from a heap of at least s.
// G(n) = mex { G(n - s) : s ∈ S, s ≤ n }, so G(n) ≤ |S|.
//
// Periodicity (proved, the "window" argument): let m = max S. For n ≥ m every member of S is a
// legal move, so G(n) is a function of the m values G(n - m) .. G(n - 1) alone. If
// G(n + p) = G(n) for n0 ≤ n < n0 + m, the windows of m values starting at n0 and at n0 + p are
// equal, hence so are the values that follow them, and by induction G(n + p) = G(n) for every
// n ≥ n0. The certificate reads heaps 0 .. n0 + p + m - 1. There are finitely many windows, so every
// finite subtraction game is eventually periodic; whether the period is within reach is another
// matter (max S = 10^12 needs 10^12 values before any window can repeat).
import { valueLimit } from '../budget';
import type { Budget, HeapSequence } from '../types';
import { type CertificateShape, findCertifiedPeriod, smallestPeriodicity } from './period';
import {
  arrayFor,
  computeUntilProved,
  initialCapacity,
  partialSequence,
  provedSequence,
  regrow,
  type SequenceOptions,
  sequenceTarget,
  sortedUnique,
  type ValueArray,
} from './sequence';

type SubtractRule = { readonly kind: 'subtract'; readonly set: readonly bigint[] };

/** Values computed between two looks at the budget. */
const BLOCK = 4096;

export function subtractionSequence(
  rule: SubtractRule,
  key: string,
  budget: Budget,
  options: SequenceOptions,
): HeapSequence {
  const members = sortedUnique(rule.set);
  const largest = members.length > 0 ? members[members.length - 1] : 0n;
  const { target, cause } = sequenceTarget(budget, options);
  // Members larger than every heap this run can reach never apply, and need not fit in a number.
  const moves = Int32Array.from(members.filter((s) => s < BigInt(target)).map(Number));
  const count = moves.length;
  const maxValue = members.length;
  const { limit } = valueLimit(budget);
  const provable = largest < BigInt(limit);
  const shape: CertificateShape = {
    startWeight: 1,
    periodWeight: 1,
    extra: provable ? Number(largest) : 0,
    minStart: 0,
  };
  const unprovable = provable
    ? undefined
    : `a period needs the nimbers of more than max S = ${largest} heaps, beyond the ${limit} this computation may hold`;
  const findPeriod = (options.findPeriod ?? true) && provable;

  const resumed = options.resume?.values;
  let n = resumed ? Math.min(resumed.length, target) : 0;
  let values: ValueArray = arrayFor(maxValue, initialCapacity(target, options, n, 1 << 16));
  if (resumed) values.set(resumed.subarray(0, n));

  const tryProof = (): HeapSequence | undefined => {
    const found = findCertifiedPeriod(values, n, shape);
    if (!found) return undefined;
    const smallest = smallestPeriodicity(values, n, found.start, found.period, 0);
    return provedSequence(rule, key, values, n, {
      ...smallest,
      provedAt: found.needed - 1,
      proof: 'subtraction-window',
    });
  };

  const useBits = count <= 30; // nimbers ≤ count ≤ 30 fit in one 32-bit mask
  const seen = new Int32Array(count + 2);
  const advance = (): number => {
    const end = Math.min(target, n + BLOCK);
    if (end > values.length)
      values = regrow(values, n, Math.min(target, Math.max(end, Math.ceil(values.length * 1.5))), maxValue);
    // Locals, not the closure's variables, in the hot loops: V8 keeps them in registers.
    const g = values;
    let m = n;
    if (useBits) {
      for (; m < end; m++) {
        let mask = 0;
        for (let i = 0; i < count && moves[i] <= m; i++) mask |= 1 << g[m - moves[i]];
        g[m] = 31 - Math.clz32(~mask & (mask + 1)); // index of the lowest clear bit: the mex
      }
    } else {
      for (; m < end; m++) {
        const stamp = m + 1;
        for (let i = 0; i < count && moves[i] <= m; i++) seen[g[m - moves[i]]] = stamp;
        let mex = 0;
        while (seen[mex] === stamp) mex++;
        g[m] = mex;
      }
    }
    n = m;
    return BLOCK * (count + 1);
  };
  const run = computeUntilProved({
    budget,
    target,
    cause,
    findPeriod,
    length: () => n,
    advance,
    tryProof,
    onProgress: options.onProgress,
  });
  return run.proved ?? partialSequence(rule, key, values, n, run.stop, unprovable);
}

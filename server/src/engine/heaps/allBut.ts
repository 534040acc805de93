// `subtract all except E`: a move takes any positive number of tokens that is not in the finite
// set E. G(n) = mex { G(m) : 0 ≤ m < n, n - m ∉ E }.
//
// E empty is Nim: every smaller heap is an option, so G(n) = n (closed form, any bigint).
//
// For E non-empty, let M = max E and U(n) = 1 + max(G(0..n-1)). Facts used (each proved here):
//  (a) G(n) ≤ U(n), and the values seen before n are exactly 0 .. U(n) - 1: U(n) is not an option,
//      so the mex is at most U(n); by induction no value is skipped.
//  (b) A value whose first occurrence is before n - M is an option of n: that occurrence is at least
//      M + 1 below n, a legal move. So G(n) is U(n) or a "live" value, one first seen in the window
//      n - M .. n - 1; a live value is not an option exactly when each of its occurrences (all in
//      the window) is at a distance in E.
//  (c) Let B(q) = q - (first position holding the value G(q)), so B(q) = 0 when G(q) is new, and
//      B(q) ≤ M by (b). In the window of n, position q holds a live value iff B(q) ≤ q - (n - M);
//      two live positions hold the same value iff q - B(q) agree; live values are ordered as their
//      first positions are (new values arrive in increasing order, by (a)). So for n ≥ M, B(n) is a
//      function of the window B(n - M) .. B(n - 1) alone.
//  (d) Hence if B(n + p) = B(n) for n0 ≤ n < n0 + M (n0 ≥ M), then B(n + p) = B(n) for all n ≥ n0,
//      and with s = U(n0 + p) - U(n0) (the number of new values in n0 .. n0 + p - 1):
//      U(x + p) = U(x) + s for x ≥ n0, and G(n) = U(n - B(n)) gives G(n + p) = G(n) + s for every
//      n ≥ n0 + M. The certificate reads heaps 0 .. n0 + p + M - 1.
// B takes finitely many windows, so every such game is arithmetic-periodic (a known theorem; (a)-(d)
// is a self-contained proof of it). s > 0 always, since no value can occur more than |E| + 1 times.
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

type AllButRule = { readonly kind: 'subtractAllExcept'; readonly except: readonly bigint[] };

const BLOCK = 4096;

export function allButSequence(rule: AllButRule, key: string, budget: Budget, options: SequenceOptions): HeapSequence {
  const excluded = sortedUnique(rule.except);
  if (excluded.length === 0) {
    return provedSequence(rule, key, new Uint32Array(1), 1, {
      preperiod: 0,
      period: 1,
      saltus: 1,
      provedAt: 0,
      proof: 'closed-form',
    });
  }
  const largest = excluded[excluded.length - 1];
  const { target, cause } = sequenceTarget(budget, options);
  const { limit } = valueLimit(budget);
  // A certificate needs n0 ≥ M and n0 + p + M values: more than 2M.
  const provable = 2n * largest < BigInt(limit);
  const unprovable = provable
    ? undefined
    : `a period needs the nimbers of more than 2 × max E = ${2n * largest} heaps, beyond the ${limit} this ` +
      `computation may hold`;
  const findPeriod = (options.findPeriod ?? true) && provable;
  // Exceptions beyond every heap this run reaches never apply: the window only needs the others.
  const exceptions = Int32Array.from(excluded.filter((e) => e < BigInt(target)).map(Number));
  const window = exceptions.length > 0 ? exceptions[exceptions.length - 1] : 0;
  const shape: CertificateShape = { startWeight: 1, periodWeight: 1, extra: window, minStart: window };

  // Live values are U - window - 1 < v ≤ U, so a ring of window + 1 slots, indexed by v mod (window + 1), holds them.
  const ring = window + 1;
  const occurrences = new Int32Array(ring);
  const firstAt = new Int32Array(ring);
  const excludedCount = new Int32Array(ring);
  const excludedStamp = new Int32Array(ring);
  let fresh = 0; // U(n)
  let windowFresh = 0; // U(n - window): values below it are dead (always options)

  const resumed = options.resume?.values;
  const resumedLength = resumed ? Math.min(resumed.length, target) : 0;
  let values: ValueArray = new Uint32Array(initialCapacity(target, options, resumedLength, 1 << 16));
  let firsts: ValueArray = arrayFor(window, values.length); // B(n)
  let n = 0;
  const append = (value: number) => {
    values[n] = value;
    const slot = value % ring;
    if (value === fresh) {
      occurrences[slot] = 1;
      firstAt[slot] = n;
      firsts[n] = 0;
      fresh++;
    } else {
      occurrences[slot]++;
      firsts[n] = n - firstAt[slot];
    }
    if (n >= window && values[n - window] === windowFresh) windowFresh++;
    n++;
  };

  if (resumed) while (n < resumedLength) append(resumed[n]);

  const tryProof = (): HeapSequence | undefined => {
    const found = findCertifiedPeriod(firsts, n, shape);
    if (!found) return undefined;
    let saltus = 0;
    for (let q = found.start; q < found.start + found.period; q++) if (firsts[q] === 0) saltus++;
    const smallest = smallestPeriodicity(values, n, found.start + window, found.period, saltus);
    return provedSequence(rule, key, values, n, { ...smallest, provedAt: found.needed - 1, proof: 'all-but-window' });
  };

  const count = exceptions.length;
  const advance = (): number => {
    const end = Math.min(target, n + BLOCK);
    if (end > values.length) {
      const capacity = Math.min(target, Math.max(end, Math.ceil(values.length * 1.5)));
      values = regrow(values, n, capacity, 0xffffffff);
      firsts = regrow(firsts, n, capacity, window);
    }
    while (n < end) {
      const stamp = n + 1;
      let best = fresh;
      for (let i = 0; i < count && exceptions[i] <= n; i++) {
        const value = values[n - exceptions[i]];
        if (value < windowFresh || value >= best) continue;
        const slot = value % ring;
        if (excludedStamp[slot] !== stamp) {
          excludedStamp[slot] = stamp;
          excludedCount[slot] = 0;
        }
        if (++excludedCount[slot] === occurrences[slot]) best = value;
      }
      append(best);
    }
    return BLOCK * (count + 1);
  };
  const run = computeUntilProved({ budget, target, cause, findPeriod, length: () => n, advance, tryProof });
  return run.proved ?? partialSequence(rule, key, values, n, run.stop, unprovable);
}

// Hexadecimal take-and-break codes d0.d1 d2 … dt with digits 0–F: as octal codes (bit 1: take the
// whole heap, bit 2: leave one heap, bit 4: leave two non-empty heaps), and bit 8: leave three
// non-empty heaps. d0 (before the point) may carry bits 4 and 8: split without taking anything.
// Codes whose digits are all below 8 are octal codes and go to octal.ts; this file computes the
// others, plainly (every option of every heap), which is cubic in the heap and bounded by the
// budget.
//
// Periodicity (proved here, the Guy–Smith argument for three parts). Let t be the largest k with
// d_k ≠ 0 and n0 ≥ 1. If G(n + p) = G(n) for every n0 ≤ n < 3·n0 + 2p + t, then G(n + p) = G(n)
// for every n ≥ n0.
// Proof, by induction on n ≥ 3·n0 + 2p + t. n > t, so no move takes a whole heap of n or n + p.
// One heap: n0 ≤ n − k < n, so G(n + p − k) = G(n − k). Two heaps a ≤ b with a + b = n + p − k:
// b ≥ (n + p − k)/2 ≥ n0 + p, so (a, b − p) splits n − k and G(b) = G(b − p); conversely a' ≤ b'
// with a' + b' = n − k has b' ≥ (n − k)/2 ≥ n0, and (a', b' + p) splits n + p − k. Three heaps
// a ≤ b ≤ c with a + b + c = n + p − k: c ≥ (n + p − k)/3 ≥ n0 + p, so (a, b, c − p) splits n − k
// into non-empty heaps with G(c − p) = G(c) (n0 ≤ c − p < n); conversely a' ≤ b' ≤ c' with sum
// n − k has c' ≥ (n − k)/3 ≥ n0 + 2p/3 ≥ n0, and (a', b', c' + p) splits n + p − k. The option
// values of n and n + p are the same sets, so G(n + p) = G(n). The certificate reads heaps
// 0 .. 3·n0 + 3p + t − 1.
import { valueLimit } from '../budget';
import type { Budget, HeapSequence } from '../types';
import { type CertificateShape, findCertifiedPeriod, periodAvoidsZero, smallestPeriodicity } from './period';
import {
  computeUntilProved,
  partialSequence,
  provedSequence,
  regrow,
  type SequenceOptions,
  StampTable,
  sequenceTarget,
  startingValues,
} from './sequence';
import { type CodeRule, codeDistinct } from './takeBreakCode';

/** Does a code leave three heaps anywhere (a digit with bit 8)? Then it is computed here. */
export function leavesThreeHeaps(digits: readonly number[]): boolean {
  return digits.some((d) => (d & 8) !== 0);
}

/** Heaps up to this are split three ways when listing moves (the enumeration is quadratic in the heap). */
export const MAX_THREE_WAY_HEAP = 20_000;

export function hexSequence(
  rule: CodeRule,
  key: string,
  digits: readonly number[],
  budget: Budget,
  options: SequenceOptions,
): HeapSequence {
  const { target, cause } = sequenceTarget(budget, options);
  if (digits.some((d, k) => !Number.isInteger(d) || d < 0 || d > 15 || (k === 0 && (d & 3) !== 0))) {
    return partialSequence(
      rule,
      key,
      new Uint8Array(1),
      1,
      undefined,
      'hexadecimal codes have digits 0 to F, and before the point only 0, 4, 8 or C',
    );
  }
  const t = digits.length - 1;
  const { limit } = valueLimit(budget);
  const shape: CertificateShape = { startWeight: 3, periodWeight: 3, extra: t, minStart: 1 };
  const distinct = digits.map((_, k) => codeDistinct(rule, k));
  // `!` on a two-heap split: the argument below holds with no 0 in the period (as in octal.ts). On a
  // three-heap split, shifting the largest heap may make two heaps equal: no proof is claimed.
  const twoDistinct = digits.some((d, k) => (d & 4) !== 0 && distinct[k]);
  const threeDistinct = digits.some((d, k) => (d & 8) !== 0 && distinct[k]);
  const findPeriod = options.findPeriod ?? true;
  let { values, length } = startingValues(options, target);
  const seen = new StampTable();
  const mark = (value: number, stamp: number) => seen.mark(value, stamp);
  const advance = (): number => {
    const n = length;
    const stamp = n + 1;
    let work = 1;
    for (let k = 0; k <= t && k <= n; k++) {
      const d = k === 0 ? digits[0] & 12 : digits[k];
      const rest = n - k;
      if (d & 1 && rest === 0) mark(0, stamp);
      if (d & 2 && rest > 0) mark(values[rest], stamp);
      // With `!` (strict = 1) the heaps left differ: a < b (< c).
      const strict = distinct[k] ? 1 : 0;
      if (d & 4) for (let a = 1; 2 * a + strict <= rest; a++) mark(values[a] ^ values[rest - a], stamp);
      if (d & 8) {
        for (let a = 1; 3 * a + 3 * strict <= rest; a++) {
          for (let b = a + strict; a + 2 * b + strict <= rest; b++)
            mark(values[a] ^ values[b] ^ values[rest - a - b], stamp);
          work += rest >> 1;
        }
      }
      work += rest;
    }
    let g = 0;
    while (seen.has(g, stamp)) g++;
    if (n >= values.length || g > 0xffff)
      values = regrow(values, n, Math.min(target, Math.max(n + 1, Math.ceil(values.length * 1.5))), Math.max(g, 1));
    values[n] = g;
    length = n + 1;
    return work;
  };
  const tryProof = (): HeapSequence | undefined => {
    if (threeDistinct) return undefined;
    const found = findCertifiedPeriod(values, length, shape);
    if (!found) return undefined;
    if (twoDistinct && !periodAvoidsZero(values, found.start, found.period)) return undefined;
    const smallest = smallestPeriodicity(values, length, found.start, found.period, 0);
    return provedSequence(rule, key, values, length, {
      ...smallest,
      provedAt: found.needed - 1,
      proof: 'guy-smith-three',
    });
  };
  const run = computeUntilProved({ budget, target, cause, findPeriod, length: () => length, advance, tryProof });
  if (run.proved) return run.proved;
  const unprovable = threeDistinct
    ? 'no theorem here covers `!` on a digit that leaves three heaps'
    : limit < 3 + 3 + t
      ? `a period needs the nimbers of at least ${6 + t} heaps`
      : undefined;
  return partialSequence(rule, key, values, length, run.stop, unprovable);
}

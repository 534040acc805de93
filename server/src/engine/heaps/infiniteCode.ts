// Take-and-break codes that go on forever (a repeating group: `4.[3]` is Lasker's Nim, `0.1[37]`):
// a heap of n has a move for every k ≤ n whose digit allows one, so each value costs O(n) for the
// one-heap moves and, for a group that splits, O(n) per new heap split (and O(n²) per three-way
// split). Computed plainly, within the budget.
//
// The splits of the group's digits are kept as running unions. Digit positions k ≥ s (s = where
// the group starts, q its length) with the same residue ρ = (k - s) mod q have the same digit, and
// from a heap n they leave m = n - k ≡ n - s - ρ (mod q), every such m up to n - s - ρ. So for each
// ρ whose digit splits, and each class c mod q, `unions[ρ][c]` holds every value of a split of
// every m ≡ c up to the largest m added so far: heap n adds the one new m = n - s - ρ to its class
// and reads the union. Each split of each heap is then looked at once per residue, not once per
// heap above it.
//
// No period exists in general, and these sequences often grow (arithmetic periodicity, with a
// saltus). Two theorems prove all of a sequence, and are claimed only for the codes they cover
// (after the computed values have been checked against them):
//
// Every smaller heap (proof 'every-smaller-heap'). If d0 does not split and every digit d_k (k ≥ 1)
// has bits 1 and 2 (3, 7, B or F: take any number, leaving no heap or one), then G(n) = n.
// Proof, by induction: from n every m < n is one move away (take k = n - m ≥ 1, leaving m ≥ 1 by
// bit 2 or nothing by bit 1), so the options include G(m) = m for every m < n; a split leaves heaps
// with a + b ≤ n - 1 (or a + b + c ≤ n - 1), whose value a ⊕ b ≤ a + b ≤ n - 1 (or a ⊕ b ⊕ c ≤ n - 1)
// is not n. So the mex is n.
//
// Lasker's Nim (proof 'lasker'), the code 4.[3]: take any number from a heap, or split a heap in
// two non-empty heaps without taking anything. G(0) = 0 and, for n ≥ 1, G(n) = n when n ≡ 1 or 2
// (mod 4), n + 1 when n ≡ 3, n - 1 when n ≡ 0: arithmetic-periodic, period 4, saltus 4.
// Proof, by induction on n. For m ≥ 1 the formula gives G(m) mod 4 = 1, 2, 0, 3 for m ≡ 1, 2, 3, 0
// (mod 4), and the one-heap options of n are G(0), …, G(n - 1): the formula maps {0, …, n - 1} to
// itself when n ≢ 0 (mod 4), and to {0, …, n - 2} ∪ {n} when n ≡ 0. A split a + b = n has value
// G(a) ⊕ G(b), whose last two bits are those of G(a) mod 4 ⊕ G(b) mod 4:
//  - n ≡ 1: (a, b) mod 4 is (0, 1), (2, 3) or a swap: low bits 3 ⊕ 1 = 2 ⊕ 0 = 2, never n's (1). The
//    one-heap options are {0, …, n - 1}, so G(n) = n.
//  - n ≡ 2: (1, 1), (0, 2), (3, 3): low bits 0, 1 or 0, never 2: G(n) = n.
//  - n ≡ 3: (0, 3), (1, 2): low bits 3; the split (1, n - 1) has value 1 ⊕ (n - 1) = n (n - 1 ≡ 2
//    is even). The options hold {0, …, n}, and n + 1 ≡ 0 is neither a split (low bits 3) nor a
//    one-heap option (all at most n): G(n) = n + 1.
//  - n ≡ 0: (0, 0), (1, 3), (2, 2): low bits 0, 1, 0. The one-heap options are {0, …, n - 2} ∪ {n};
//    n - 1 ≡ 3 is not among them nor a split: G(n) = n - 1.
import { valueLimit } from '../budget';
import type { Budget, HeapSequence, Periodicity } from '../types';
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
import { type CodeRule, codeDistinct, codeText } from './takeBreakCode';

/** Lasker's Nim's value, from the theorem above. */
export function laskerValue(n: number): number {
  if (n === 0) return 0;
  switch (n % 4) {
    case 1:
    case 2:
      return n;
    case 3:
      return n + 1;
    default:
      return n - 1;
  }
}

/** Which theorem, if any, gives every value of a (normalized) infinite code. */
export function infiniteCodeTheorem(rule: CodeRule): 'every-smaller-heap' | 'lasker' | undefined {
  const { digits } = rule;
  if ((digits[0] & 12) === 0 && digits.slice(1).every((d) => (d & 3) === 3)) return 'every-smaller-heap';
  if (
    digits.length === 2 &&
    digits[0] === 4 &&
    digits[1] === 3 &&
    rule.repeat === 1 &&
    (rule.distinct ?? []).length === 0
  )
    return 'lasker';
  return undefined;
}

const THEOREMS = {
  'every-smaller-heap': { value: (n: number) => n, preperiod: 0, period: 1, saltus: 1 },
  lasker: { value: laskerValue, preperiod: 1, period: 4, saltus: 4 },
} as const;

/** A growable presence table of values (1 = seen). */
class ValueSet {
  present = new Uint8Array(64);
  add(v: number): void {
    if (v >= this.present.length) {
      const larger = new Uint8Array(Math.max(this.present.length * 2, v + 1));
      larger.set(this.present);
      this.present = larger;
    }
    this.present[v] = 1;
  }
}

export function infiniteCodeSequence(
  rule: CodeRule,
  key: string,
  budget: Budget,
  options: SequenceOptions,
): HeapSequence {
  const { target, cause } = sequenceTarget(budget, options);
  const { digits } = rule;
  const q = rule.repeat ?? 0;
  const s = digits.length - q; // where the group starts
  const digit = (k: number) => (k === 0 ? digits[0] & 12 : k < s ? digits[k] : digits[s + ((k - s) % q)]);
  const distinct = (k: number) => codeDistinct(rule, k);
  const theorem = infiniteCodeTheorem(rule);
  const { limit } = valueLimit(budget);

  let { values, length } = startingValues(options, target);

  // The group's splitting residues, each with its running unions per class (see the header).
  const groupSplits: { rho: number; bits: number; strict: number; unions: ValueSet[]; added: Int32Array }[] = [];
  for (let rho = 0; rho < q; rho++) {
    const d = digits[s + rho] & 12;
    if (d === 0) continue;
    groupSplits.push({
      rho,
      bits: d,
      strict: distinct(s + rho) ? 1 : 0,
      unions: Array.from({ length: q }, () => new ValueSet()),
      added: new Int32Array(q).fill(-1), // per class, the largest m in its union (-1: none yet)
    });
  }

  const seen = new StampTable();
  const mark = (v: number, stamp: number) => seen.mark(v, stamp);
  /** Every split value of heap m under a digit's bits (4: two heaps, 8: three), given to `add`. */
  const splitValues = (m: number, bits: number, strict: number, add: (v: number) => void): number => {
    let work = 0;
    if (bits & 4) for (let a = 1; 2 * a + strict <= m; a++) add(values[a] ^ values[m - a]);
    if (bits & 8)
      for (let a = 1; 3 * a + 3 * strict <= m; a++) {
        for (let b = a + strict; a + 2 * b + strict <= m; b++) add(values[a] ^ values[b] ^ values[m - a - b]);
        work += m >> 1;
      }
    return work + m;
  };

  const advance = (): number => {
    const n = length;
    const stamp = n + 1;
    let work = n + 1;
    // One heap or none: every k from 1 to n.
    for (let k = 1; k <= n; k++) {
      const d = digit(k);
      if (k === n) {
        if (d & 1) mark(0, stamp);
      } else if (d & 2) mark(values[n - k], stamp);
    }
    // Splits by the digits written before the group (d0 included): directly.
    for (let k = 0; k < s && k <= n; k++) {
      const d = digit(k) & 12;
      if (d !== 0) work += splitValues(n - k, d, distinct(k) ? 1 : 0, (v) => mark(v, stamp));
    }
    // Splits by the group: the new m of each residue joins its class's union.
    const unions: Uint8Array[] = [];
    for (const split of groupSplits) {
      const m = n - s - split.rho;
      if (m < 0) continue;
      const c = m % q;
      const union = split.unions[c];
      // Every m of the class not yet in the union: the new one (all of them after a resume).
      for (let from = split.added[c] >= 0 ? split.added[c] + q : c; from <= m; from += q)
        work += splitValues(from, split.bits, split.strict, (v) => union.add(v));
      split.added[c] = m;
      unions.push(union.present);
    }
    let g = 0;
    for (;;) {
      if (seen.has(g, stamp)) {
        g++;
        continue;
      }
      let found = false;
      for (const union of unions) if (g < union.length && union[g] === 1) found = true;
      if (!found) break;
      g++;
    }
    if (n >= values.length || g > 0xffff)
      values = regrow(values, n, Math.min(target, Math.max(n + 1, Math.ceil(values.length * 1.5))), Math.max(g, 1));
    values[n] = g;
    length = n + 1;
    return work;
  };

  const tryProof = (): HeapSequence | undefined => {
    if (!theorem) return undefined;
    const { value, preperiod, period, saltus } = THEOREMS[theorem];
    if (length < preperiod + period) return undefined;
    // The theorem says what every value is; a computed value that differs would be a bug here.
    for (let n = 0; n < length; n++) if (values[n] !== value(n)) return undefined;
    const periodicity: Periodicity = { preperiod, period, saltus, provedAt: length - 1, proof: theorem };
    return provedSequence(rule, key, values, length, periodicity);
  };

  const findPeriod = options.findPeriod ?? true;
  const run = computeUntilProved({ budget, target, cause, findPeriod, length: () => length, advance, tryProof });
  if (run.proved) return run.proved;
  const unprovable = theorem
    ? limit < 5
      ? 'the theorem is checked on the nimbers of at least 5 heaps'
      : undefined
    : `\`${codeText(rule)}\` goes on forever and no theorem here gives its period`;
  return partialSequence(rule, key, values, length, run.stop, unprovable);
}

/** The heap of Lasker's Nim whose value is x ≥ 1 (the values of heaps ≥ 1 are a permutation of 1, 2, 3, …). */
function laskerHeapOf(x: bigint): bigint {
  switch (x % 4n) {
    case 3n:
      return x + 1n;
    case 0n:
      return x - 1n;
    default:
      return x;
  }
}

const bitCount = (x: bigint): number => {
  let count = 0;
  for (let y = x; y > 0n; y &= y - 1n) count++;
  return count;
};

/**
 * The splits a + b = n (1 ≤ a ≤ b) of Lasker's Nim with G(a) ⊕ G(b) = target, for a heap of any
 * size: how many there are, and the first `max` of them by a. Counted, not enumerated: writing
 * x = G(a), y = G(b), the heap of a value is x plus a shift fixed by x mod 4 (laskerHeapOf), so for
 * each pair of residues (x mod 4, y mod 4) the condition is x + y = M (n less the two shifts) and
 * x ⊕ y = target. Then x ∧ y = c = (M − target)/2 (x + y = (x ⊕ y) + 2(x ∧ y)), which must be a
 * whole number with no bit in common with target, and x = c ∨ S for S any subset of target's bits:
 * the two low bits of S are fixed by the residues, the others are free.
 */
export function laskerSplits(n: bigint, target: bigint, max: number): { count: bigint; first: [bigint, bigint][] } {
  let ordered = 0n;
  const found: [bigint, bigint][] = [];
  if (n < 2n || target < 0n) return { count: 0n, first: [] };
  const shift = [-1n, 0n, 0n, 1n]; // heap = value + shift[value mod 4]
  const low = target & 3n;
  const high = target & ~3n;
  for (let rx = 0; rx < 4; rx++) {
    for (let ry = 0; ry < 4; ry++) {
      const m = n - shift[rx] - shift[ry];
      const d = m - target;
      if (d < 0n || d % 2n !== 0n) continue;
      const c = d / 2n;
      if ((c & target) !== 0n) continue;
      for (let sLow = 0n; sLow < 4n; sLow++) {
        if ((sLow & ~low) !== 0n) continue;
        if (Number((c | sLow) & 3n) !== rx || Number((c | (low ^ sLow)) & 3n) !== ry) continue;
        let ways = 1n << BigInt(bitCount(high));
        // x = 0 or y = 0 is no heap: only when c = 0, with S = 0 or S = target.
        if (c === 0n && sLow === 0n) ways--;
        if (c === 0n && sLow === low) ways--;
        ordered += ways;
        // The smallest x first: the subsets H of the high bits in increasing order, while a ≤ b.
        let listed = 0;
        for (let h = 0n; listed < max; ) {
          const x = c | h | sLow;
          const y = c | (high ^ h) | (low ^ sLow);
          if (x > 0n && y > 0n) {
            const a = laskerHeapOf(x);
            const b = laskerHeapOf(y);
            if (a > b + 2n) break;
            if (a <= b) {
              found.push([a, b]);
              listed++;
            }
          }
          if (h === high) break;
          h = (h - high) & high; // the next subset of `high`, in increasing order
        }
      }
    }
  }
  // Each unordered split was counted twice, except the one into two equal heaps (value 0).
  const equal = target === 0n && n % 2n === 0n ? 1n : 0n;
  found.sort((p, q) => (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0));
  return { count: (ordered + equal) / 2n, first: found.slice(0, max) };
}

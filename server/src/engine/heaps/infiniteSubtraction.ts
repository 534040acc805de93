// Subtraction games whose set is infinite (version 3: `subtract squares`, `subtract powers of 2 |
// {3}`, …) and `subtract all except` an infinite set.
//
// Values. A heap of n meets only the members up to n, so the members are generated up to a bound
// that doubles as the heaps grow (subtractionSets.ts). `subtract S`: G(n) = mex { G(n - s) : s ∈ S,
// s ≤ n }, one pass over the members up to n per heap, the mex read from a stamp array (a value is
// marked with the heap's number, so nothing is cleared between heaps). `subtract all except S`:
// every smaller heap is an option except those at a distance in S. The values seen before n are
// exactly 0 .. U - 1 (U is never an option, and by induction no value is skipped), so G(n) is U
// unless some smaller value v has all its positions at distances in S; such a v is G(n - s) for a
// member s, so only the members up to n are visited, each value's positions read from a list.
//
// Periods (`subtract S`, proved by the residue-class argument). Suppose the computed values satisfy
// G(x + p) = G(x) for q ≤ x < length - p, and write g(x mod p) for that periodic value. For each
// residue r mod p let f(r) be the smallest member ≡ r (mod p) (or none: subtractionSets.ts settles
// every class exactly) and M the largest f(r). For n ≥ q + M, a member s ≡ r with s ≤ n - q leads to
// n - s ≥ q, of value g((n - r) mod p), and every class r with a member has one there (f(r) ≤ M);
// members s > n - q lead into the preperiod 0 .. q - 1. So the options' values are
// A(n mod p) = { g((n - r) mod p) : r has a member } plus some values of the preperiod. If for every
// class c the mex of A(c) equals g(c) and is none of the preperiod's values, then G(n) = g(n mod p)
// for every n ≥ length by induction (length ≥ q + M), and the computed values cover the rest. For
// q = 0 the second condition is empty. `subtract powers of 2` is the classic case: the powers are
// 1 and 2 mod 3, A(c) = { g(c - 1), g(c - 2) }, and g = 0, 1, 2 satisfies it (G(n) = n mod 3).

import type { Budget, HeapSequence } from '../types';
import { type CertificateShape, findCertifiedPeriod, smallestPeriodicity } from './period';
import {
  computeUntilProved,
  initialCapacity,
  partialSequence,
  provedSequence,
  regrow,
  type SequenceOptions,
  sequenceTarget,
  type ValueArray,
} from './sequence';
import { firstMembersByResidue, membersUpTo, type SubtractionSet } from './subtractionSets';
import { compileKernel, WASM_PAGE } from './wasm/kernel';
import { subtractionMexWasm } from './wasm/subtractionMex';

type SubtractSetRule = { readonly kind: 'subtractSet'; readonly set: SubtractionSet };
type AllExceptSetRule = { readonly kind: 'subtractAllExceptSet'; readonly except: SubtractionSet };

/** Values computed between two looks at the budget. */
const BLOCK = 4096;
/** The members are first generated up to this heap, then to twice the heap each time it is passed. */
const FIRST_MEMBER_BOUND = 1 << 14;

/** A candidate period must have repeated over three periods before the residue argument is tried. */
const CANDIDATE: CertificateShape = { startWeight: 1, periodWeight: 3, extra: 0, minStart: 0 };

/** The members up to `bound` (< target), regenerated as the heaps pass it. */
class Members {
  list: Int32Array;
  bound: number;
  constructor(
    private readonly set: SubtractionSet,
    private readonly target: number,
  ) {
    this.bound = Math.min(Math.max(1, target - 1), FIRST_MEMBER_BOUND);
    this.list = membersUpTo(set, this.bound);
  }
  /** Makes sure every member up to `heap` is listed. */
  reach(heap: number): void {
    if (heap <= this.bound) return;
    this.bound = Math.min(Math.max(1, this.target - 1), Math.max(heap, 2 * this.bound));
    this.list = membersUpTo(this.set, this.bound);
  }
}

/** The inner loop as WebAssembly (wasm/subtractionMex.wat); undefined where WebAssembly is missing. */
const mexModule = compileKernel(subtractionMexWasm);

/** Whether the inner loop runs as WebAssembly here. */
export const subtractionMexKernelLoaded = mexModule !== undefined;

/** Tests turn the kernel off to check the JavaScript loop (used past 2^16 - 1 members) on the same cases. */
export const mexKernelSwitch = { enabled: true };

type MexRun = (
  m: number,
  end: number,
  count: number,
  total: number,
  values: number,
  members: number,
  seen: number,
) => number;

/**
 * The kernel's memory: the values (16-bit) from byte 0, then the members (32-bit), then the seen
 * stamps (32-bit, one per possible value). The JavaScript array stays the sequence's values: each
 * block computed here is copied back, and the memory is laid out again (values copied in) when the
 * values outgrow their room or the members are generated further, both at doubling sizes.
 */
class MexKernel {
  private readonly memory = new WebAssembly.Memory({ initial: 1 });
  private readonly run: MexRun;
  private capacity = 0;
  private members: Int32Array | undefined;
  private membersAt = 0;
  private seenAt = 0;
  constructor(module: WebAssembly.Module) {
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } });
    this.run = instance.exports.run as MexRun;
  }

  /** Computes values[from .. end) (16-bit values); returns the count of members up to end - 1. */
  block(values: Uint16Array, from: number, end: number, count: number, members: Int32Array): number {
    if (end > this.capacity || members !== this.members) this.layout(values, from, end, members);
    const counted = this.run(from, end, count, members.length, 0, this.membersAt, this.seenAt);
    values.set(new Uint16Array(this.memory.buffer, 2 * from, end - from), from);
    return counted;
  }

  private layout(values: Uint16Array, used: number, end: number, members: Int32Array): void {
    this.capacity = Math.max(end, 2 * this.capacity);
    this.members = members;
    this.membersAt = 4 * Math.ceil(this.capacity / 2);
    this.seenAt = this.membersAt + 4 * members.length;
    const bytes = this.seenAt + 4 * (members.length + 2);
    const pages = Math.ceil(bytes / WASM_PAGE) - this.memory.buffer.byteLength / WASM_PAGE;
    if (pages > 0) this.memory.grow(pages);
    const buffer = this.memory.buffer;
    new Uint16Array(buffer, 0, used).set(values.subarray(0, used));
    new Int32Array(buffer, this.membersAt, members.length).set(members);
    new Int32Array(buffer, this.seenAt, members.length + 2).fill(0);
  }
}

export function subtractSetSequence(
  rule: SubtractSetRule,
  key: string,
  budget: Budget,
  options: SequenceOptions,
): HeapSequence {
  const { target, cause } = sequenceTarget(budget, options);
  const members = new Members(rule.set, target);
  const resumed = options.resume?.values;
  let n = resumed ? Math.min(resumed.length, target) : 0;
  let values: ValueArray = new Uint16Array(initialCapacity(target, options, n, 1 << 16));
  let top = 0; // the largest value so far
  if (resumed) {
    for (let i = 0; i < n; i++) top = Math.max(top, resumed[i]);
    if (top > 0xffff) values = regrow(values, 0, values.length, top);
    values.set(resumed.subarray(0, n));
  }
  let seen = new Int32Array(Math.max(64, top + 2));
  let count = 0; // members ≤ n
  while (count < members.list.length && members.list[count] <= n) count++;

  let kernel: MexKernel | undefined;
  const advance = (): number => {
    const end = Math.min(target, n + BLOCK);
    members.reach(end);
    if (end > values.length)
      values = regrow(values, n, Math.min(target, Math.max(end, Math.ceil(values.length * 1.5))), top);
    const list = members.list;
    // The kernel takes 16-bit values: a value is at most the number of members, kept below 2^16 - 1.
    if (mexModule && mexKernelSwitch.enabled && values instanceof Uint16Array && list.length < 0xffff) {
      kernel ??= new MexKernel(mexModule);
      const from = n;
      const before = count;
      count = kernel.block(values, from, end, count, list);
      for (let m = from; m < end; m++) if (values[m] > top) top = values[m];
      if (top + 2 > seen.length) seen = new Int32Array(2 * (top + 2));
      n = end;
      return (end - from) * (count + 1) + (count - before);
    }
    let g = values;
    let work = 0;
    for (let m = n; m < end; m++) {
      while (count < list.length && list[count] <= m) count++;
      const stamp = m + 1;
      for (let i = 0; i < count; i++) seen[g[m - list[i]]] = stamp;
      let mex = 0;
      while (seen[mex] === stamp) mex++;
      if (mex > top) {
        top = mex;
        if (top + 1 >= seen.length) {
          const wider = new Int32Array(2 * seen.length);
          wider.set(seen);
          seen = wider;
        }
        if (top > 0xffff && !(g instanceof Uint32Array)) g = values = regrow(values, m, values.length, top);
      }
      g[m] = mex;
      work += count + 1;
    }
    n = end;
    return work;
  };

  const tryProof = (): HeapSequence | undefined => {
    const found = findCertifiedPeriod(values, n, CANDIDATE);
    const needed = found && residueClassesProve(values, n, rule.set, found.start, found.period);
    if (!found || !needed) return undefined;
    const smallest = smallestPeriodicity(values, n, found.start, found.period, 0);
    return provedSequence(rule, key, values, n, { ...smallest, provedAt: needed - 1, proof: 'residue-classes' });
  };

  const run = computeUntilProved({
    budget,
    target,
    cause,
    findPeriod: options.findPeriod ?? true,
    length: () => n,
    advance,
    tryProof,
    onProgress: options.onProgress,
  });
  return run.proved ?? partialSequence(rule, key, values, n, run.stop);
}

/**
 * The residue-class argument at the top of this file, for G(x + p) = G(x) from x = q on: how many
 * values the certificate reads (heaps 0 .. q + max(M, p) - 1), or undefined when it fails.
 */
export function residueClassesProve(
  values: ArrayLike<number>,
  length: number,
  set: SubtractionSet,
  q: number,
  p: number,
): number | undefined {
  if (q + p > length) return undefined;
  for (let x = q + p; x < length; x++) if (values[x] !== values[x - p]) return undefined;
  const first = firstMembersByResidue(set, p, length);
  if (!first) return undefined;
  let largest = 0;
  for (const f of first) largest = Math.max(largest, f);
  if (q + largest > length) return undefined;
  const periodic = (x: number) => values[q + ((((x - q) % p) + p) % p)];
  const preperiod = new Set<number>();
  for (let x = 0; x < q; x++) preperiod.add(values[x]);
  const present = new Set<number>();
  for (let c = 0; c < p; c++) {
    present.clear();
    for (let r = 0; r < p; r++) if (first[r] >= 0) present.add(periodic(c - r));
    let mex = 0;
    while (present.has(mex)) mex++;
    if (mex !== periodic(c) || preperiod.has(mex)) return undefined;
  }
  return q + Math.max(largest, p);
}

export function allExceptSetSequence(
  rule: AllExceptSetRule,
  key: string,
  budget: Budget,
  options: SequenceOptions,
): HeapSequence {
  const { target, cause } = sequenceTarget(budget, options);
  const members = new Members(rule.except, target);
  let isMember = memberFlags(members);
  let values: ValueArray = new Uint32Array(initialCapacity(target, options, 0, 1 << 16));
  let nextSame = new Int32Array(values.length); // the next position with the same value, or -1
  let firstOf = new Int32Array(64).fill(-1);
  let lastOf = new Int32Array(64).fill(-1);
  let checked = new Int32Array(64);
  let fresh = 0; // U: the values seen are 0 .. fresh - 1
  let n = 0;
  let count = 0;
  const append = (value: number) => {
    if (value === fresh) {
      fresh++;
      if (fresh >= firstOf.length) {
        const grow = (a: Int32Array, fill: number) => {
          const b = new Int32Array(2 * a.length).fill(fill);
          b.set(a);
          return b;
        };
        firstOf = grow(firstOf, -1);
        lastOf = grow(lastOf, -1);
        checked = grow(checked, 0);
      }
      firstOf[value] = n;
    } else {
      nextSame[lastOf[value]] = n;
    }
    lastOf[value] = n;
    nextSame[n] = -1;
    values[n++] = value;
  };
  const resumed = options.resume?.values;
  if (resumed) {
    const upTo = Math.min(resumed.length, target);
    if (upTo > values.length) {
      values = regrow(values, 0, upTo, 0xffffffff);
      nextSame = new Int32Array(upTo);
    }
    while (n < upTo) append(resumed[n]);
  }
  while (count < members.list.length && members.list[count] <= n) count++;

  const advance = (): number => {
    const end = Math.min(target, n + BLOCK);
    const bound = members.bound;
    members.reach(end);
    if (members.bound !== bound) isMember = memberFlags(members);
    if (end > values.length) {
      const capacity = Math.min(target, Math.max(end, Math.ceil(values.length * 1.5)));
      values = regrow(values, n, capacity, 0xffffffff);
      const links = new Int32Array(capacity);
      links.set(nextSame.subarray(0, n));
      nextSame = links;
    }
    const list = members.list;
    let work = 0;
    while (n < end) {
      while (count < list.length && list[count] <= n) count++;
      const stamp = n + 1;
      let best = fresh;
      for (let i = 0; i < count; i++) {
        const v = values[n - list[i]];
        if (v >= best || checked[v] === stamp) continue;
        checked[v] = stamp;
        let all = true;
        for (let at = firstOf[v]; at >= 0 && all; at = nextSame[at]) {
          all = isMember[n - at] === 1;
          work++;
        }
        if (all) best = v;
      }
      work += count + 1;
      append(best);
    }
    return work;
  };
  const run = computeUntilProved({
    budget,
    target,
    cause,
    findPeriod: false,
    length: () => n,
    advance,
    tryProof: () => undefined,
    onProgress: options.onProgress,
  });
  const unprovable = 'periods of `all except` an infinite set are not proved here';
  return partialSequence(rule, key, values, n, run.proved ? undefined : run.stop, unprovable);
}

function memberFlags(members: Members): Uint8Array {
  const flags = new Uint8Array(members.bound + 1);
  for (const m of members.list) flags[m] = 1;
  return flags;
}

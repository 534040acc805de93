// Octal games 0.d1 d2 … dt: a move removes k tokens from one heap where d_k allows it; bit 1 of d_k
// allows it when the k tokens are the whole heap, bit 2 when one non-empty heap is left, bit 4 when
// the rest is split into two non-empty heaps.
//
// It reads best whole (just over 600 lines): the theorem, the sparse-space method that relies on
// it and the kernels' calls are one algorithm, each part written for the others.
//
// A digit before the point, d0 = 4 (as in 4.07), splits a heap into two non-empty heaps without
// taking anything: k = 0 below. (Its bits 1 and 2 would be no move, or a move to the same heap.)
//
// Periodicity (proved: the Guy–Smith theorem, in the form proved here). Let t be the last non-zero
// digit's position (no move removes more than t tokens; k = 0 ≤ t too) and n0 ≥ 1. If G(n + p) = G(n) for every
// n0 ≤ n < 2·n0 + p + t, then G(n + p) = G(n) for every n ≥ n0.
// Proof, by induction on n ≥ 2·n0 + p + t (smaller n are the hypothesis): n > t, so no move takes a
// whole heap of n or of n + p. Removing k leaves one heap n - k or n + p - k; n0 ≤ n - k < n, so
// they have equal nimbers. Splits: if a + b = n + p - k with 1 ≤ a ≤ b, then
// b ≥ (n + p - k)/2 ≥ n0 + p, so (a, b - p) splits n - k into non-empty heaps (b - p ≥ n0 ≥ 1,
// which is why n0 ≥ 1) and G(b) = G(b - p) by induction (n0 ≤ b - p < n). If a' + b' = n - k with
// 1 ≤ a' ≤ b', then b' ≥ (n - k)/2 ≥ n0, so (a', b' + p) splits n + p - k with equal value. The
// two option sets have the same values, so G(n + p) = G(n). The certificate reads heaps
// 0 .. 2·n0 + 2p + t - 1.
//
// With `!` after a splitting digit (Grundy's game, 4!.0: the two heaps must differ), the same holds
// if moreover no value of the period is 0 (G(n) ≠ 0 for n0 ≤ n < n0 + p). Proof, the same
// induction: a split a' < b' of n - k gives a' < b' + p, a split of n + p - k; a split a < b of
// n + p - k gives (a, b - p), a split of n - k with different heaps unless b - p = a. So the options
// of n are options of n + p, and n + p has at most one more: G(a) ⊕ G(a + p) = 0 (a = (n - k)/2 ≥ n0,
// so G(a + p) = G(a)). But G(n) ≠ 0 (n ≥ n0 is in the period, by induction), so 0 is an option of n
// already: the option sets are equal and G(n + p) = G(n).
//
// Computing G(n) naively takes O(n) per heap for the splits. The "sparse space" method
// (Gangolli–Plambeck; Flammenkamp) is much faster and still exact: pick a mask M and call a value v
// rare when v & M has an even number of bits (0 is always rare), common otherwise. For a good mask
// few heaps have rare values. Rare ⊕ common is common; common ⊕ common and rare ⊕ rare are rare.
//  - Every common option comes from a split with exactly one rare heap, or from a one-heap move:
//    few, enumerated exhaustively. So c = the smallest common value that is not an option is exact.
//  - G(n) is c unless some rare value below c is not an option. Rare options come mostly from
//    common ⊕ common splits, which are abundant: the splits are scanned only until every rare value
//    below c has been seen, usually after a few steps. Only when G(n) is itself rare does the scan
//    run through every split.
// The mask is chosen (and rechosen as the values grow) to minimise the number of rare heaps.
import { valueLimit } from '../budget';
import type { Budget, HeapSequence } from '../types';
import { hexSequence, leavesThreeHeaps } from './hex';
import { type CertificateShape, findCertifiedPeriod, periodAvoidsZero, smallestPeriodicity } from './period';
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
import { type CodeRule, codeDistinct } from './takeBreakCode';
import { compileKernel, WASM_PAGE } from './wasm/kernel';
import { octalScanWasm } from './wasm/octalScan';

/**
 * The scan of splits as WebAssembly SIMD (wasm/octalScan.wat): eight splits per step, compared with
 * up to four wanted values at once. Compiled once; undefined where WebAssembly SIMD is missing
 * (the JavaScript scan then does the same work).
 */
const scanModule = compileKernel(octalScanWasm);

/** Whether the split scan runs as WebAssembly here (a browser without SIMD runs the JavaScript scan). */
export const octalScanKernelLoaded = scanModule !== undefined;

// `strict` is 1 for a split written with `!` (no equal split); `skip` is the heap whose equal split
// is left out (-1: none).
type ScanKernel = (m: number, a: number, w0: number, w1: number, w2: number, w3: number, strict: number) => number;
type TableScanKernel = (m: number, a: number, strict: number) => number;
type TableScanUntilKernel = (
  m: number,
  a: number,
  count: number,
  until: number,
  stamp: number,
  strict: number,
) => number;
type MarkRareKernel = (rareAt: number, count: number, stamp: number, rest: number, skip: number) => number;
/**
 * The kernels' memory: the wanted table (a byte for each 16-bit value), the seen stamps (32-bit, one
 * for each value up to 2^16), the values (16-bit), then the rare heaps (32-bit), as many as values
 * at most, moved up when the values' room grows. 6 bytes a value: octal sequences are quadratic,
 * so they end long before that counts.
 */
const SEEN_OFFSET = 65536;
const VALUES_OFFSET = 393216;
const rareOffset = (capacity: number) => VALUES_OFFSET + 4 * Math.ceil(capacity / 2);

/** The digits without trailing zeros; digits[0] (before the point) included. */
export function significantDigits(digits: readonly number[]): number[] {
  const kept = [...digits];
  while (kept.length > 1 && kept[kept.length - 1] === 0) kept.pop();
  return kept.length === 0 ? [0] : kept;
}

/**
 * Masks are searched with a Walsh–Hadamard transform over all values below 2^width; beyond this width the mask stays.
 */
const MAX_MASK_SEARCH_WIDTH = 16;

export function octalSequence(rule: CodeRule, key: string, budget: Budget, options: SequenceOptions): HeapSequence {
  const digits = significantDigits(rule.digits);
  if (leavesThreeHeaps(digits)) return hexSequence(rule, key, digits, budget, options);
  const { target, cause } = sequenceTarget(budget, options);
  if ((digits[0] !== 0 && digits[0] !== 4) || digits.some((d) => !Number.isInteger(d) || d < 0 || d > 7)) {
    return partialSequence(
      rule,
      key,
      new Uint8Array(1),
      1,
      undefined,
      'only octal codes d0.d1d2… with d0 = 0 or 4 and digits 0 to 7 are supported',
    );
  }
  const t = digits.length - 1;
  const { limit } = valueLimit(budget);
  const shape: CertificateShape = { startWeight: 2, periodWeight: 2, extra: t, minStart: 1 };
  const findPeriod = options.findPeriod ?? true;
  const distinct = digits.map((_, k) => codeDistinct(rule, k));
  const state = new OctalState(
    digits,
    distinct,
    options.resume?.values,
    target,
    initialCapacity(target, options, 0, 1 << 12),
  );
  // With `!` on a split, the Guy–Smith argument needs one more fact: no 0 in the period (guySmithDistinct).
  const distinctSplits = digits.some((d, k) => (d & 4) !== 0 && distinct[k]);

  const tryProof = (): HeapSequence | undefined => {
    const found = findCertifiedPeriod(state.values, state.length, shape);
    if (!found) return undefined;
    if (distinctSplits && !periodAvoidsZero(state.values, found.start, found.period)) return undefined;
    const smallest = smallestPeriodicity(state.values, state.length, found.start, found.period, 0);
    return provedSequence(rule, key, state.plainValues(), state.length, {
      ...smallest,
      provedAt: found.needed - 1,
      proof: distinctSplits ? 'guy-smith-distinct' : 'guy-smith',
    });
  };

  const run = computeUntilProved({
    budget,
    target,
    cause,
    findPeriod,
    length: () => state.length,
    advance: () => state.next(),
    tryProof,
    atCheckpoint: () => state.reconsiderMask(),
    onProgress: options.onProgress,
  });
  if (run.proved) return run.proved;
  const unprovable = limit < 2 + 2 + t ? `a period needs the nimbers of at least ${4 + t} heaps` : undefined;
  return partialSequence(rule, key, state.plainValues(), state.length, run.stop, unprovable);
}

/** The values computed so far and what the sparse-space method keeps beside them. */
class OctalState {
  values: ValueArray;
  length = 0;
  private readonly t: number;
  private readonly takesWhole: Uint8Array; // takesWhole[k]: bit 1 of d_k
  private readonly leavesOne: Uint8Array; // bit 2
  private readonly splits: Int32Array; // the k whose digit has bit 4, ascending
  private readonly strict: Uint8Array; // strict[i]: splits[i] is written with `!` (no two equal heaps)
  private width = 1; // every value so far is below 2^width
  private mask = 1;
  private rareValue = new Uint8Array(0); // rareValue[v] for v ≤ 2^width
  /** The common values 1 .. 2^width - 1 and the rare values below 2^width, ascending (made with rareValue). */
  private commonValues = new Int32Array(0);
  private commonCount = 0;
  private rareValues = new Int32Array(0);
  private rareValueCount = 0;
  private seen = new Int32Array(0); // seen[v] === n + 1: v is known to be an option of n
  private wanted = new Uint8Array(0); // wanted[v]: a rare value below the mex candidate not yet seen (during a scan)
  private histogram = new Float64Array(0); // how many heaps ≥ 1 have each value
  private rare = new Int32Array(64); // heaps ≥ 1 with rare values, ascending
  private rareCount = 0;
  /**
   * While the values fit in 16 bits and a code splits heaps: the values live in this
   * WebAssembly memory (`values` is a view of it), which the kernels read: the rare splits for
   * every code, the SIMD scan for a code with one split size (others scan in JavaScript).
   */
  private memory: WebAssembly.Memory | undefined;
  private scanKernel: ScanKernel | undefined;
  private tableScanKernel: TableScanKernel | undefined;
  private tableScanUntilKernel: TableScanUntilKernel | undefined;
  private markRareKernel: MarkRareKernel | undefined;
  /** The wanted values during a scan, and each one's place in the list (for an O(1) removal). */
  private readonly wantedList: number[] = [];
  private wantedPlace = new Int32Array(0);

  constructor(
    digits: readonly number[],
    distinct: readonly boolean[],
    resumed: ValueArray | undefined,
    private readonly target: number,
    capacity: number,
  ) {
    this.t = digits.length - 1;
    this.takesWhole = Uint8Array.from(digits, (d) => d & 1);
    this.leavesOne = Uint8Array.from(digits, (d) => (d >> 1) & 1);
    // k = 0 (the digit before the point, 4): split a heap in two without taking anything.
    this.splits = Int32Array.from(digits.flatMap((d, k) => (d & 4 ? [k] : [])));
    this.strict = Uint8Array.from(this.splits, (k) => (distinct[k] ? 1 : 0));
    if (scanModule && this.splits.length > 0) {
      this.memory = new WebAssembly.Memory({ initial: Math.ceil((rareOffset(capacity) + 4 * capacity) / WASM_PAGE) });
      const kernels = new WebAssembly.Instance(scanModule, { env: { memory: this.memory } }).exports;
      this.scanKernel = kernels.scan as ScanKernel;
      this.tableScanKernel = kernels.scanTable as TableScanKernel;
      this.tableScanUntilKernel = kernels.scanTableUntil as TableScanUntilKernel;
      this.markRareKernel = kernels.markRare as MarkRareKernel;
      this.values = new Uint16Array(this.memory.buffer, VALUES_OFFSET, capacity);
      this.rare = new Int32Array(this.memory.buffer, rareOffset(capacity), capacity);
      this.seen = new Int32Array(this.memory.buffer, SEEN_OFFSET, (1 << 16) + 1);
    } else {
      this.values = new Uint16Array(capacity);
    }
    this.resizeTables();
    if (resumed) {
      const length = Math.min(resumed.length, target);
      let max = 0;
      for (let i = 0; i < length; i++) max = Math.max(max, resumed[i]);
      this.grow(Math.max(length, this.values.length), max);
      this.values.set(resumed.subarray(0, length));
      this.length = length;
      while (max >= 1 << this.width) this.width++;
      this.resizeTables();
      for (let i = 1; i < length; i++) this.histogram[resumed[i]]++;
      this.reconsiderMask();
      this.rebuildRareList();
    }
  }

  /**
   * Computes the next value; returns roughly how much work that took. The loops are written for
   * V8: locals instead of fields, one split handled apart (most codes have one), and the rare
   * values still missing marked in a byte table, so the scan's test is one load.
   */
  next(): number {
    const n = this.length;
    if (n >= this.values.length)
      this.grow(Math.min(this.target, Math.max(n + 1, Math.ceil(this.values.length * 1.5))), 1 << this.width);
    const values = this.values;
    const seen = this.seen;
    const stamp = n + 1;
    const t = this.t;
    let work = t;
    for (let k = 1; k <= t && k <= n; k++) {
      if (k === n) {
        if (this.takesWhole[k]) seen[0] = stamp;
      } else if (this.leavesOne[k]) {
        seen[values[n - k]] = stamp;
      }
    }
    const splits = this.splits;
    const splitCount = splits.length;
    if (splitCount > 0) {
      // Splits with a rare heap: every common option among them.
      const rare = this.rare;
      const rareCount = this.rareCount;
      const markRare = this.markRareKernel;
      const strict = this.strict;
      for (let i = 0; i < splitCount; i++) {
        const rest = n - splits[i];
        const skip = strict[i] && (rest & 1) === 0 ? rest >> 1 : -1;
        work += markRare
          ? markRare(rare.byteOffset, rareCount, stamp, rest, skip)
          : markRareSplits(values, rare, rareCount, seen, stamp, rest, skip);
      }
    }
    // `common`: the least common value (1 and up) that is not an option. The lists of common and of
    // rare values (ascending) spare the loops below a test per value of the other kind.
    const commonValues = this.commonValues;
    const commonCount = this.commonCount;
    let c = 0;
    while (c < commonCount && seen[commonValues[c]] === stamp) c++;
    const common = c < commonCount ? commonValues[c] : 1 << this.width;
    let missing = 0;
    const wanted = this.wanted;
    const wantedList = this.wantedList;
    wantedList.length = 0;
    const rareValues = this.rareValues;
    for (let r = 0; r < this.rareValueCount; r++) {
      const v = rareValues[r];
      if (v >= common) break;
      if (seen[v] !== stamp) {
        wanted[v] = 1;
        this.wantedPlace[v] = wantedList.length;
        wantedList.push(v);
        missing++;
      }
    }
    if (missing > 0 && splitCount > 0) {
      // Rare options below `common`: scan the splits until all of them are seen.
      const scanned =
        splitCount > 1
          ? scanSplits(values, wanted, seen, stamp, n, splits, this.strict, missing)
          : this.scanKernel
            ? this.scanWithKernels(this.scanKernel, this.tableScanKernel!, n - splits[0], stamp, this.strict[0])
            : scanOneSplit(values, wanted, seen, stamp, n - splits[0], missing, this.strict[0]);
      work += scanned * splitCount;
      for (let i = 0; i < wantedList.length; i++) wanted[wantedList[i]] = 0;
    }
    // The mex: 0 if not an option; else every common value below `common` is an option, so it is
    // the least rare value below `common` still not seen, or `common`.
    let value = common;
    if (seen[0] !== stamp) value = 0;
    else
      for (let i = 0; i < wantedList.length; i++)
        if (seen[wantedList[i]] !== stamp && wantedList[i] < value) value = wantedList[i];
    this.append(value);
    return work;
  }

  /**
   * The one-split scan with the SIMD kernel, which compares with four wanted values at a time: while
   * more are missing, JavaScript finds the next one; each value found is marked seen and no longer
   * wanted. Returns how far the scan went.
   */
  private scanWithKernels(
    kernel: ScanKernel,
    tableKernel: TableScanKernel,
    m: number,
    stamp: number,
    strict: number,
  ): number {
    const { values, wanted, seen, wantedList, wantedPlace } = this;
    let a = 1;
    if (wantedList.length > 4 && this.tableScanUntilKernel) {
      // Down to four wanted values in one call (each found one taken in the kernel), then the
      // list keeps only those still wanted, for the SIMD scan.
      a = this.tableScanUntilKernel(m, a, wantedList.length, 4, stamp, strict);
      let kept = 0;
      for (let i = 0; i < wantedList.length; i++) {
        const v = wantedList[i];
        if (seen[v] === stamp) continue;
        wantedPlace[v] = kept;
        wantedList[kept++] = v;
      }
      wantedList.length = kept;
    }
    while (wantedList.length > 0) {
      if (wantedList.length > 4) a = tableKernel(m, a, strict);
      else {
        const w0 = wantedList[0];
        a = kernel(m, a, w0, wantedList[1] ?? w0, wantedList[2] ?? w0, wantedList[3] ?? w0, strict);
      }
      if (a + strict > m - a) break;
      const v = values[a] ^ values[m - a];
      wanted[v] = 0;
      seen[v] = stamp;
      // Out of the list: the last one takes its place.
      const last = wantedList.pop()!;
      if (last !== v) {
        wantedList[wantedPlace[v]] = last;
        wantedPlace[last] = wantedPlace[v];
      }
      a++;
    }
    return a;
  }

  /** Room for `capacity` values up to `max`: in the WebAssembly memory while it is used, else a new array. */
  private grow(capacity: number, max: number): void {
    if (max > 0xffff) this.leaveWasm();
    if (!this.memory) {
      this.values = regrow(this.values, this.length, capacity, max);
      return;
    }
    const oldRareAt = this.rare.byteOffset;
    const bytes = rareOffset(capacity) + 4 * capacity;
    if (bytes > this.memory.buffer.byteLength)
      this.memory.grow(Math.ceil((bytes - this.memory.buffer.byteLength) / WASM_PAGE));
    // Growing detached the old views' buffer; what they showed is still in the memory. The rare
    // heaps move up, out of the values' new room, before any value is written there.
    const buffer = this.memory.buffer;
    new Uint8Array(buffer).copyWithin(rareOffset(capacity), oldRareAt, oldRareAt + 4 * this.rareCount);
    this.values = new Uint16Array(buffer, VALUES_OFFSET, capacity);
    this.rare = new Int32Array(buffer, rareOffset(capacity), capacity);
    this.seen = new Int32Array(buffer, SEEN_OFFSET, (1 << 16) + 1);
    this.wanted = new Uint8Array(buffer, 0, SEEN_OFFSET);
  }

  /** Values past 16 bits: the kernel reads 16-bit values only, so the JavaScript scan takes over. */
  private leaveWasm(): void {
    if (!this.memory) return;
    this.values = Uint16Array.from(this.values);
    this.wanted = new Uint8Array(this.wanted.length);
    this.seen = Int32Array.from(this.seen);
    this.rare = this.rare.slice();
    this.memory = undefined;
    this.scanKernel = undefined;
    this.tableScanKernel = undefined;
    this.tableScanUntilKernel = undefined;
    this.markRareKernel = undefined;
  }

  /** The values as a plain array of their own (not a view of the WebAssembly memory), for the result. */
  plainValues(): ValueArray {
    return this.memory ? this.values.slice(0, this.length) : this.values;
  }

  private append(value: number): void {
    const n = this.length;
    if (value >= 1 << this.width) {
      while (value >= 1 << this.width) this.width++;
      if (value > 0xffff && !(this.values instanceof Uint32Array)) {
        this.leaveWasm();
        this.values = regrow(this.values, n, this.values.length, value);
      }
      this.resizeTables();
    }
    this.values[n] = value;
    this.length = n + 1;
    if (n === 0) return;
    this.histogram[value]++;
    if (this.rareValue[value]) this.pushRare(n);
  }

  private pushRare(heap: number): void {
    // In the kernels' memory the list has room for every heap already.
    if (this.rareCount === this.rare.length) {
      const grown = new Int32Array(this.rare.length * 2);
      grown.set(this.rare);
      this.rare = grown;
    }
    this.rare[this.rareCount++] = heap;
  }

  /** Tables indexed by value, for values up to 2^width (the largest a mex can be). */
  private resizeTables(): void {
    const size = (1 << this.width) + 1;
    // The wanted table: the WebAssembly memory's first bytes while the kernels scan.
    this.wanted = this.memory ? new Uint8Array(this.memory.buffer, 0, SEEN_OFFSET) : new Uint8Array(size);
    this.wantedPlace = new Int32Array(size);
    if (!this.memory) {
      // (In the kernels' memory the stamps have room for every 16-bit value already.)
      const seen = new Int32Array(size);
      seen.set(this.seen.subarray(0, Math.min(this.seen.length, size)));
      this.seen = seen;
    }
    const histogram = new Float64Array(size);
    histogram.set(this.histogram.subarray(0, Math.min(this.histogram.length, size)));
    this.histogram = histogram;
    this.rareValue = new Uint8Array(size);
    this.classifyValues();
  }

  /** rareValue, and the lists of common and rare values, for the current mask. */
  private classifyValues(): void {
    const size = this.rareValue.length;
    const top = 1 << this.width;
    this.commonValues = new Int32Array(top);
    this.rareValues = new Int32Array(top);
    this.commonCount = 0;
    this.rareValueCount = 0;
    for (let v = 0; v < size; v++) {
      const rare = isRare(v, this.mask);
      this.rareValue[v] = rare ? 1 : 0;
      if (v >= top) continue;
      if (rare) this.rareValues[this.rareValueCount++] = v;
      else if (v >= 1) this.commonValues[this.commonCount++] = v;
    }
  }

  private rebuildRareList(): void {
    this.classifyValues();
    this.rareCount = 0;
    for (let heap = 1; heap < this.length; heap++) if (this.rareValue[this.values[heap]]) this.pushRare(heap);
  }

  /**
   * Switches to the mask with the fewest rare heaps so far, if that beats the current one. For a
   * mask M, the rare heaps number (H + W[M]) / 2 where H counts heaps ≥ 1 and W is the
   * Walsh–Hadamard transform of the value histogram (W[M] = Σ_v count(v)·(-1)^popcount(v & M)).
   */
  reconsiderMask(): void {
    if (this.width > MAX_MASK_SEARCH_WIDTH || this.length < 2) return;
    const size = 1 << this.width;
    const best = fewestRareMask(this.histogram.subarray(0, size), this.length - 1, this.mask < size ? this.mask : 1);
    if (best.mask !== this.mask && best.rare < this.rareCount) {
      this.mask = best.mask;
      this.rebuildRareList();
    }
  }
}

/**
 * The mask under which the fewest of `heaps` heaps have rare values, given how many have each value
 * below `histogram.length` (a power of two): for a mask M they number (heaps + W[M]) / 2, where W
 * is the Walsh–Hadamard transform of the histogram (W[M] = Σ_v count(v)·(-1)^popcount(v & M)).
 * Ties keep `first`, then the smallest mask.
 */
export function fewestRareMask(histogram: ArrayLike<number>, heaps: number, first = 1): { mask: number; rare: number } {
  const size = histogram.length;
  const w = Float64Array.from(histogram);
  for (let half = 1; half < size; half <<= 1) {
    for (let i = 0; i < size; i += half << 1) {
      for (let j = i; j < i + half; j++) {
        const x = w[j];
        const y = w[j + half];
        w[j] = x + y;
        w[j + half] = x - y;
      }
    }
  }
  let mask = first;
  let rare = (heaps + w[first]) / 2;
  for (let m = 1; m < size; m++) {
    const count = (heaps + w[m]) / 2;
    if (count < rare) {
      mask = m;
      rare = count;
    }
  }
  return { mask, rare };
}

/**
 * Marks the options of splitting heap `rest` with a rare heap r (every rare r < rest but `skip`, the
 * equal split a code with `!` leaves out, or -1). Returns how many.
 */
function markRareSplits(
  values: ValueArray,
  rare: Int32Array,
  rareCount: number,
  seen: Int32Array,
  stamp: number,
  rest: number,
  skip: number,
): number {
  let j = 0;
  for (; j < rareCount; j++) {
    const r = rare[j];
    if (r >= rest) break;
    if (r !== skip) seen[values[r] ^ values[rest - r]] = stamp;
  }
  return j;
}

/**
 * The splits of one heap `m` into a ≤ b, until the `missing` wanted values have all been seen (each
 * is marked seen, and unwanted, when found). Returns how many splits were looked at.
 */
function scanOneSplit(
  values: ValueArray,
  wanted: Uint8Array,
  seen: Int32Array,
  stamp: number,
  m: number,
  missing: number,
  strict: number,
): number {
  let a = 1;
  for (let b = m - 1; a + strict <= b; a++, b--) {
    const v = values[a] ^ values[b];
    if (wanted[v] === 1) {
      wanted[v] = 0;
      seen[v] = stamp;
      if (--missing === 0) return a;
    }
  }
  return a;
}

/** scanOneSplit for several split sizes: heap n - k for each k in `splits`, a ascending across them. */
function scanSplits(
  values: ValueArray,
  wanted: Uint8Array,
  seen: Int32Array,
  stamp: number,
  n: number,
  splits: Int32Array,
  strict: Uint8Array,
  missing: number,
): number {
  for (let a = 1; ; a++) {
    let any = false;
    for (let i = 0; i < splits.length; i++) {
      const b = n - splits[i] - a;
      if (b < a + strict[i]) continue;
      any = true;
      const v = values[a] ^ values[b];
      if (wanted[v] === 1) {
        wanted[v] = 0;
        seen[v] = stamp;
        if (--missing === 0) return a;
      }
    }
    if (!any) return a;
  }
}

/** Whether `value` is rare under `mask`: its bits under the mask are even in number (0 always is). */
export function isRare(value: number, mask: number): boolean {
  let x = value & mask;
  let parity = 0;
  while (x !== 0) {
    parity ^= 1;
    x &= x - 1;
  }
  return parity === 0;
}

// How a misère quotient grows by one generator (quotient.ts's header: cases A and B, the quick way
// and the careful one with nested quotients): the growing state, the sets S_i of a new generator's
// multiples, their minimisation into the new monoid, each candidate proved by the exact check.
// A generator is a heap of one rule (generators.ts): heap k itself when there is one rule, a
// (rule, heap) pair of a joint quotient; "heap" below means a generator. Nothing here depends on
// which rule a generator is a heap of, but the periods read per rule (`lastBad`, per series).
import { Meter } from '../budget';
import type { Budget, StopCause } from '../types';
import type { Generators } from './generators';
import {
  type Base,
  budgetStop,
  type JointMisereQuotient,
  type MisereQuotient,
  type QuotientPrefix,
  type QuotientStop,
} from './quotientTypes';
import { Signatures } from './signatures';
import { verify } from './verify';

/** Elements a quotient may have: its table takes 4·size² bytes (4,096 elements: 64 MiB). */
export const MAX_QUOTIENT_SIZE = 4096;
/** Distinct sets S_i tried before the multiples of a new heap are declared not to repeat. */
const MAX_POWER_SETS = 64;

/** f(G) = accept(ψ(G)) and no option of G is in f: misère P-positions, or the S_i below. */
export function misereBase(heapMoves: Generators): Base {
  return {
    size: 2,
    mul: Int32Array.of(0, 1, 1, 1),
    image: (heap) => (heapMoves.hasMove(heap) ? 1 : 0),
    accept: Uint8Array.of(0, 1),
  };
}

/** A quotient of the positions of heaps 0..images.length − 1, as `grow` reads it. */
interface Structure {
  readonly size: number;
  readonly mul: Int32Array;
  readonly isP: Uint8Array;
  readonly images: readonly number[];
  readonly optionImages: readonly Int32Array[];
  /** A position of least height with each element: its heaps, and that height. */
  readonly reps: readonly (readonly number[])[];
  readonly repHeight: readonly number[];
}

/** The growing quotient: mutable while heaps are added, copied out into a MisereQuotient. */
export class QuotientState implements Structure {
  size = 1;
  mul: Int32Array = Int32Array.of(0);
  isP: Uint8Array;
  /** Φ(H_k) for k = 0..heaps. */
  images: number[] = [0];
  /** Each heap's option images, sorted, each once. */
  optionImages: Int32Array[] = [new Int32Array(0)];
  /** The first heap with each (ψ, option images) (case A). */
  private owners = new Map<string, number>();
  reps: number[][] = [[]];
  repHeight: number[] = [0];
  /**
   * Per series (a rule's heaps, generators.ts): lastBad[s][p − 1], the last k ≥ 1 with Φ(H_{k+p}) ≠ Φ(H_k) among
   * that rule's heaps (−1: none); periods are read from it.
   */
  lastBad: number[][];
  stop?: QuotientStop;
  /** The last snapshot taken without a stop, kept while no heap is added (games only read it). */
  snapshotMemo?: MisereQuotient;
  /** The same for a joint quotient (jointQuotient.ts). */
  jointMemo?: JointMisereQuotient;
  /**
   * The work done to add its heaps so far, in the units its meters count (elements read), every call's together
   * (a heap cut short is not counted: it is done again).
   */
  work = 0;
  /** The largest work limit (QuotientOptions.workLimit) the next heap failed to be added within; 0: none. */
  workLimitMet = 0;
  /** A rule's own quotient: what it was at each heap it was grown through (MisereQuotient.prefixes). */
  prefixes: QuotientPrefix[] = [];

  constructor(
    readonly heapMoves: Generators,
    readonly base: Base,
    /** Must the quotient tell apart positions of different ψ (true for the S_i of a split)? */
    readonly refinesBase: boolean,
    readonly ruleKey = '',
  ) {
    // The empty position has no move: in the set exactly when accepted.
    this.isP = Uint8Array.of(base.accept[0]);
    this.lastBad = Array.from({ length: heapMoves.seriesCount }, () => []);
    this.owners.set(this.ownerKey(0, this.optionImages[0]), 0);
  }

  /**
   * A copy of this state (a rule's own quotient, one series) over generators whose first ones are its heaps in
   * order, in series `series` (a joint table: jointQuotient.ts starts a joint quotient from a rule's own), keyed
   * `ruleKey`. The arrays replaced when a heap is added are shared; those grown in place are copied.
   */
  rebase(heapMoves: Generators, series: number, ruleKey: string): QuotientState {
    const copy = new QuotientState(heapMoves, misereBase(heapMoves), false, ruleKey);
    for (let g = 1; g <= this.heaps; g++)
      if (heapMoves.seriesOf(g).series !== series || heapMoves.seriesOf(g).heap !== g)
        throw new Error('internal: a rebased quotient must begin with its own heaps');
    copy.size = this.size;
    copy.mul = this.mul;
    copy.isP = this.isP;
    copy.images = this.images.slice();
    copy.optionImages = this.optionImages.slice();
    copy.owners = new Map(this.owners);
    copy.reps = this.reps;
    copy.repHeight = this.repHeight;
    copy.lastBad[series] = this.lastBad[0].slice();
    copy.work = this.work;
    return copy;
  }

  get heaps(): number {
    return this.images.length - 1;
  }

  private ownerKey(heap: number, options: Int32Array): string {
    return `${this.base.image(heap)}|${options.join(',')}`;
  }

  /** Adds heap n = heaps + 1; false (and `stop` set) when the budget or the method stops it. */
  addHeap(budget: Budget): boolean {
    const n = this.images.length;
    this.heapMoves.ensure(n);
    const options = optionImagesOf(this, this.heapMoves.moves(n));
    const owner = this.owners.get(this.ownerKey(n, options));
    if (owner !== undefined) {
      this.pushImage(this.images[owner], options);
      return true;
    }
    const grown = grow(this, n, options, budget);
    if ('stop' in grown) {
      this.stop = grown.stop;
      return false;
    }
    this.adopt(grown);
    return true;
  }

  private pushImage(image: number, options: Int32Array): void {
    const n = this.images.length;
    this.images.push(image);
    this.optionImages.push(options);
    const key = this.ownerKey(n, options);
    if (!this.owners.has(key)) this.owners.set(key, n);
    // lastBad[p − 1] for p = 1..h, in the new heap's series: it (heap h) against heap h − p (p = h compares
    // with heap 0, which no period starting at 1 looks at, so it starts as "none").
    const { series, heap: h } = this.heapMoves.seriesOf(n);
    const lastBad = this.lastBad[series];
    lastBad.push(-1);
    for (let p = 1; p < h; p++)
      if (this.images[this.heapMoves.generatorOf(series, h - p)] !== image) lastBad[p - 1] = h - p;
  }

  /** Takes a grown quotient of heaps 0..n: every image may have changed (classes split). */
  private adopt(next: Grown): void {
    this.size = next.size;
    this.mul = next.mul;
    this.isP = next.isP;
    this.images = next.images.slice(0, -1);
    this.optionImages = next.optionImages.slice(0, -1);
    this.owners = new Map();
    this.optionImages.forEach((set, k) => {
      const key = this.ownerKey(k, set);
      if (!this.owners.has(key)) this.owners.set(key, k);
    });
    // Each series' heaps among generators 1..n − 1 (those of a series come in increasing size).
    const series: number[][] = Array.from({ length: this.heapMoves.seriesCount }, () => [0]);
    for (let g = 1; g < this.images.length; g++) series[this.heapMoves.seriesOf(g).series].push(this.images[g]);
    this.lastBad = series.map((images) => {
      const last = images.length - 1;
      const lastBad: number[] = [];
      for (let p = 1; p <= last; p++) {
        let bad = -1;
        for (let k = 1; k + p <= last; k++) if (images[k + p] !== images[k]) bad = k;
        lastBad.push(bad);
      }
      return lastBad;
    });
    this.pushImage(next.images[next.images.length - 1], next.optionImages[next.optionImages.length - 1]);
    const representatives = leastRepresentatives(this.size, this.mul, this.images, this.heapMoves.heights);
    this.reps = representatives.reps;
    this.repHeight = representatives.heights;
  }

  /** How many heaps of series s (a rule's: generators.ts) are generators so far: its largest heap. */
  seriesHeaps(series = 0): number {
    return this.lastBad[series].length;
  }

  /** The smallest period of Φ on series s's heaps seen so far, with its start (≥ 1). */
  observedPeriod(series = 0): { start: number; period: number } | undefined {
    const n = this.seriesHeaps(series);
    const lastBad = this.lastBad[series];
    let found: { start: number; period: number } | undefined;
    for (let p = 1; p <= n / 2; p++) {
      const start = Math.max(1, lastBad[p - 1] + 1);
      // Seen repeating at least twice over the tail, to call it a period at all.
      if (n - start + 1 >= 2 * p && (!found || start + p < found.start + found.period)) found = { start, period: p };
    }
    return found;
  }
}

/** The images of a heap's options in a structure, sorted, each once. */
function optionImagesOf(
  structure: { size: number; mul: Int32Array; images: readonly number[] },
  moves: readonly (readonly number[])[],
): Int32Array {
  const { size, mul, images } = structure;
  const out = new Set<number>();
  for (const parts of moves) {
    let image = 0;
    for (const part of parts) image = mul[image * size + images[part]];
    out.add(image);
  }
  return Int32Array.from([...out].sort((a, b) => a - b));
}

/** Least-height representatives: Dijkstra over the monoid, each heap an edge of its height. */
function leastRepresentatives(
  m: number,
  mul: Int32Array,
  images: readonly number[],
  heights: readonly number[],
): { reps: number[][]; heights: number[] } {
  // For each image, the heap of least height that has it.
  const best = new Map<number, number>();
  for (let k = 1; k < images.length; k++) {
    const known = best.get(images[k]);
    if (known === undefined || heights[k] < heights[known]) best.set(images[k], k);
  }
  const edges = [...best.values()];
  const dist = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  const via = new Int32Array(m).fill(-1);
  const from = new Int32Array(m).fill(-1);
  const done = new Uint8Array(m);
  dist[0] = 0;
  for (let round = 0; round < m; round++) {
    let x = -1;
    for (let y = 0; y < m; y++) if (!done[y] && (x < 0 || dist[y] < dist[x])) x = y;
    if (x < 0 || dist[x] === Number.POSITIVE_INFINITY) break;
    done[x] = 1;
    for (const k of edges) {
      const y = mul[x * m + images[k]];
      const d = dist[x] + heights[k];
      if (d < dist[y]) {
        dist[y] = d;
        via[y] = k;
        from[y] = x;
      }
    }
  }
  const reps = Array.from({ length: m }, (_, x) => {
    const heaps: number[] = [];
    for (let y = x; y !== 0; y = from[y]) {
      if (from[y] < 0) throw new Error(`internal: element ${x} of a quotient is reached by no heap`);
      heaps.push(via[y]);
    }
    return heaps.sort((a, b) => a - b);
  });
  return { reps, heights: Array.from(dist) };
}

// ---------------------------------------------------------------------------------------------
// Case B: a new heap that may enlarge the quotient.

interface Grown {
  size: number;
  mul: Int32Array;
  isP: Uint8Array;
  /** Heaps 0..n. */
  images: number[];
  optionImages: Int32Array[];
}

/** The sets S_i (positions G with G + i·H in the predicate) and the powers ψ(H)^i, to a repeat. */
interface PowerSets {
  sets: Uint8Array[];
  powers: number[];
  index: number;
  period: number;
}

function grow(state: QuotientState, n: number, options: Int32Array, budget: Budget): Grown | { stop: QuotientStop } {
  const { base, heapMoves } = state;
  /** The heap being added, in words (`heap 9`, `kayles heap 9`), for a stop's reason. */
  const heap = heapMoves.nameOf(n);
  const psi = base.image(n);
  // The quick way: the S_i read off one representative of each element (no class splits).
  const quick = powerSets(state, options, psi, base, budget);
  if (quick) {
    const built = assemble(state, state, quick, budget);
    if (!('failed' in built)) return built;
    if (built.failed.cause !== 'method') return { stop: built.failed };
  }
  // The careful way: each S_i checked; where a class of heaps < n splits, the quotient of heaps < n
  // for the predicate "G + i·H is in the set" (itself a quotient over a base: this structure) is
  // computed, and refines the structure. It stops refining when the quotient of heaps ≤ n is
  // finite (every structure here is a quotient of the positions that one refines).
  let structure: Structure = state;
  let opts = options;
  const sets: Uint8Array[] = [state.isP];
  const powers = [0];
  const key = (i: number) => `${powers[i]}:${bitsKey(sets[i])}`;
  const seen = new Map<string, number>([[key(0), 0]]);
  const meter = new Meter(budget, 1 << 22);
  for (let i = 1; ; i++) {
    const stopped = meter.spend(structure.size * (opts.length + 2)) ?? meter.poll();
    if (stopped) return { stop: { ...budgetStop(stopped), reason: `${heap}: ${budgetStop(stopped).reason}` } };
    if (i > MAX_POWER_SETS)
      return { stop: { cause: 'method', reason: `${heap}: its multiples did not repeat within ${MAX_POWER_SETS}` } };
    const power = base.mul[powers[i - 1] * base.size + psi];
    const { accept, set } = nextPowerSet(structure, opts, power, sets[i - 1], base);
    const check = verify(structure, set, { ...base, accept }, budget, accept);
    let next = set;
    if (check !== true) {
      if (check.cause !== 'method') return { stop: { cause: check.cause, reason: `${heap}: ${check.reason}` } };
      const parent = structure;
      const nested = new QuotientState(
        heapMoves,
        { size: parent.size, mul: parent.mul, image: (k) => parent.images[k], accept },
        true,
      );
      while (nested.heaps < n - 1)
        if (!nested.addHeap(budget)) {
          // Said of the heap being added (the nested quotient's own heap is one below it).
          const stop = nested.stop as QuotientStop;
          const why = stop.cause === 'method' ? stop.reason : budgetStop(stop.cause).reason;
          return { stop: { cause: stop.cause, reason: `${heap}: ${why}` } as QuotientStop };
        }
      if (nested.size > MAX_QUOTIENT_SIZE) return { stop: tooLarge(heap, nested.size) };
      // The nested quotient refines its base: lift the earlier sets through it.
      const lift = baseValues(nested, nested.base);
      for (let j = 0; j < sets.length; j++) {
        const earlier = sets[j];
        sets[j] = Uint8Array.from(lift, (x) => earlier[x]);
      }
      structure = nested;
      opts = optionImagesOf(nested, heapMoves.moves(n));
      next = nested.isP;
      seen.clear();
      for (let j = 0; j < sets.length; j++) seen.set(key(j), j);
    }
    sets.push(next);
    powers.push(power);
    const earlier = seen.get(key(i));
    if (earlier !== undefined) {
      sets.pop();
      powers.pop();
      const built = assemble(state, structure, { sets, powers, index: earlier, period: i - earlier }, budget);
      if ('failed' in built) return { stop: { cause: built.failed.cause, reason: `${heap}: ${built.failed.reason}` } };
      return built;
    }
    seen.set(key(i), i);
  }
}

function tooLarge(name: string, size: number): QuotientStop {
  return { cause: 'method', reason: `${name}: ${tooLargeReason(size)}` };
}

function tooLargeReason(size: number): string {
  return `the quotient would have ${size} elements, past the limit of ${MAX_QUOTIENT_SIZE}`;
}

/** ψ of each element's representative: well defined where the structure refines the base. */
function baseValues(structure: Structure, base: Base): Int32Array {
  return Int32Array.from(structure.reps, (heaps) =>
    heaps.reduce((value, k) => base.mul[value * base.size + base.image(k)], 0),
  );
}

/** The representatives' options, as elements; a representative's options come before it. */
function representativeOptions(structure: Structure): number[][] {
  const { size: m, mul, images, optionImages } = structure;
  return structure.reps.map((heaps, x) => {
    const out = new Set<number>();
    heaps.forEach((k, i) => {
      if (i > 0 && heaps[i - 1] === k) return; // equal heaps move alike
      let rest = 0;
      heaps.forEach((other, j) => {
        if (j !== i) rest = mul[rest * m + images[other]];
      });
      for (const o of optionImages[k]) out.add(mul[rest * m + o]);
    });
    const options = [...out];
    for (const y of options)
      if (!(structure.repHeight[y] < structure.repHeight[x]))
        throw new Error('internal: a representative is not least');
    return options;
  });
}

/**
 * S_i from S_{i−1}, read on the representatives: G + i·H is in the set iff ψ(G)·ψ(H)^i is
 * accepted, no move of H lands in S_{i−1} (`accept`, over elements) and no move of G lands in S_i.
 */
function nextPowerSet(
  structure: Structure,
  options: Int32Array,
  power: number,
  before: Uint8Array,
  base: Base,
): { accept: Uint8Array; set: Uint8Array } {
  const { size: m, mul } = structure;
  const values = baseValues(structure, base);
  const accept = new Uint8Array(m);
  for (let y = 0; y < m; y++) {
    let ok = base.accept[base.mul[values[y] * base.size + power]];
    for (const o of options) if (ok && before[mul[y * m + o]]) ok = 0;
    accept[y] = ok;
  }
  const repOptions = representativeOptions(structure);
  const order = Array.from({ length: m }, (_, x) => x).sort((x, y) => structure.repHeight[x] - structure.repHeight[y]);
  const set = new Uint8Array(m);
  for (const x of order) {
    let inSet = accept[x];
    if (inSet) for (const y of repOptions[x]) if (set[y]) inSet = 0;
    set[x] = inSet;
  }
  return { accept, set };
}

function powerSets(
  structure: Structure,
  options: Int32Array,
  psi: number,
  base: Base,
  budget: Budget,
): PowerSets | undefined {
  const sets: Uint8Array[] = [structure.isP];
  const powers = [0];
  const seen = new Map<string, number>([[`0:${bitsKey(structure.isP)}`, 0]]);
  const meter = new Meter(budget, 1 << 22);
  for (let i = 1; i <= MAX_POWER_SETS; i++) {
    if (meter.spend(structure.size * (options.length + 2)) ?? meter.poll()) return undefined;
    const power = base.mul[powers[i - 1] * base.size + psi];
    const { set } = nextPowerSet(structure, options, power, sets[i - 1], base);
    const key = `${power}:${bitsKey(set)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return { sets, powers, index: earlier, period: i - earlier };
    seen.set(key, i);
    sets.push(set);
    powers.push(power);
  }
  return undefined;
}

/**
 * The quotient of heaps ≤ n from a structure of heaps < n that every S_i factors through: Moore's
 * refinement of the pairs (x, i) (x·H^i) over the letters (the heaps' images and H), starting from
 * "in S_i" (and ψ, when the state refines its base); then (F) is checked exactly.
 */
function assemble(
  state: QuotientState,
  structure: Structure,
  power: PowerSets,
  budget: Budget,
): Grown | { failed: { cause: StopCause | 'method'; reason: string } } {
  const { base, heapMoves } = state;
  const { sets, powers, index, period } = power;
  const m = structure.size;
  const { mul } = structure;
  const levels = index + period;
  const nextLevel = (j: number) => (j + 1 < levels ? j + 1 : index);
  const reduceLevel = (j: number) => (j < levels ? j : index + ((j - index) % period));
  const values = state.refinesBase ? baseValues(structure, base) : undefined;
  const letters = [...new Set(structure.images.slice(1))].filter((x) => x !== 0);
  const count = m * levels;
  let classes = new Int32Array(count);
  {
    const start = new Map<string, number>();
    for (let j = 0; j < levels; j++)
      for (let x = 0; x < m; x++) {
        const value = values ? base.mul[values[x] * base.size + powers[j]] : 0;
        const k = `${sets[j][x]}:${value}`;
        let c = start.get(k);
        if (c === undefined) {
          c = start.size;
          start.set(k, c);
        }
        classes[j * m + x] = c;
      }
  }
  let classCount = -1;
  // Work is counted in signatures' letters read, as verify counts elements read.
  const meter = new Meter(budget, 1 << 22);
  for (;;) {
    const stopped = meter.spend(count * (letters.length + 2)) ?? meter.poll();
    if (stopped) return { failed: budgetStop(stopped) };
    const signatures = new Signatures(letters.length + 2);
    const next = new Int32Array(count);
    const signature = signatures.scratch;
    for (let j = 0; j < levels; j++)
      for (let x = 0; x < m; x++) {
        const id = j * m + x;
        signature[0] = classes[id];
        for (let l = 0; l < letters.length; l++) signature[l + 1] = classes[j * m + mul[x * m + letters[l]]];
        signature[letters.length + 1] = classes[nextLevel(j) * m + x];
        next[id] = signatures.classOf();
      }
    const done = signatures.size === classCount;
    classes = next;
    classCount = signatures.size;
    if (done) break;
  }
  // (Said without the heap: grow says which heap its assembly failed on.)
  if (classCount > MAX_QUOTIENT_SIZE) return { failed: { cause: 'method', reason: tooLargeReason(classCount) } };
  // Renumber: the identity (the pair (1, 0)) first, then in order of appearance.
  const renumber = new Int32Array(classCount).fill(-1);
  const representative: number[] = [];
  for (let id = 0; id < count; id++)
    if (renumber[classes[id]] < 0) {
      renumber[classes[id]] = representative.length;
      representative.push(id);
    }
  const size = representative.length;
  const classOf = (x: number, j: number) => renumber[classes[j * m + x]];
  const newMul = new Int32Array(size * size);
  const isP = new Uint8Array(size);
  for (let c = 0; c < size; c++) {
    const x = representative[c] % m;
    const j = Math.floor(representative[c] / m);
    isP[c] = sets[j][x];
    for (let d = 0; d < size; d++) {
      const y = representative[d] % m;
      const k = Math.floor(representative[d] / m);
      newMul[c * size + d] = classOf(mul[x * m + y], reduceLevel(j + k));
    }
  }
  const images = [...structure.images.map((x) => classOf(x, 0)), classOf(0, reduceLevel(1))];
  const grown = { size, mul: newMul, images };
  const optionImages = images.map((_, k) => optionImagesOf(grown, heapMoves.moves(k)));
  const check = verify({ size, mul: newMul, images, optionImages }, isP, base, budget);
  if (check !== true) return { failed: check };
  return { size, mul: newMul, isP, images, optionImages };
}

function bitsKey(bits: Uint8Array): string {
  return String.fromCharCode(...bits.map((b) => 48 + b));
}

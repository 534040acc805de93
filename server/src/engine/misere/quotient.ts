// Misère quotients of heap rules (Plambeck 2005, Plambeck–Siegel 2008): the finite commutative
// monoid that decides every misère sum of heaps of one rule, computed heap by heap.
//
// The setting. A position is a multiset of heaps of sizes 1..n (its count vector v). Under misère
// play a position with no move is an N-position (the player to move has nobody to lose to), and a
// position is P iff it has a move and every move leads to an N-position. Two positions are
// indistinguishable, v ≡ w, when v + u and w + u have the same outcome for every u. ≡ is a
// congruence; its classes form a commutative monoid Q_n, the misère quotient of heaps 1..n; the
// P-portion P ⊆ Q_n is the set of classes of P-positions, and the pretending function Φ maps a heap
// to its class. Then a sum is P iff the product of its heaps' images lies in P: any number of heaps,
// of any sizes that Φ covers.
//
// What proves a candidate (Q, P, Φ) is the quotient (checked by `verify`, never assumed):
//   (F) for every v: Φ(v) ∈ P ⟺ v ≠ 0 and no move of v reaches a position of image in P;
//   (R) Q is reduced: distinct elements are told apart by some z (xz ∈ P but not yz, or back);
//   (S) Φ is onto.
// (F) gives, by induction on the game, that v is P iff Φ(v) ∈ P; then Φ(v) = Φ(w) implies v ≡ w,
// and (R) gives the converse. (F) is about infinitely many v; it is decided exactly, see `verify`.
//
// How a heap is added (heap n, its options already in the closed set of heaps < n):
//   A. Its options' images O_n equal those of an earlier heap k: then H_n ≡ H_k and Q is unchanged.
//      Proof: replace every copy of H_n by H_k; moves correspond one to one with images equal, so
//      by induction outcomes are equal; Q stays reduced and Φ onto. (A heap with no move is the
//      zero game: heap 0.)
//   B. Otherwise, first on the hypothesis that the outcome of G + j·H_n depends only on Φ(G) and
//      j: the sets S_j = {x : G + j·H_n is P when Φ(G) = x} follow from S_{j-1} by the misère rule,
//      worked on one representative of each x (the one of least height, so its options' classes
//      come first), until S_j repeats (index + period). The pairs (x, j) are then minimised
//      (Moore's partition refinement over the heaps' images and H_n): the result is reduced and
//      onto by construction, and (F) is checked exactly. When (F) fails, a class of the smaller
//      quotient splits beside copies of H_n (Kayles at heap 9: {1} and {1, 1, 1, 5, 5} are alike
//      among heaps to 8, not beside two heaps of 9). Then each S_j is a predicate of the same kind
//      as "is P" on the heaps < n ("G + j·H_n is P": accepted where no move of H_n lands in
//      S_{j-1}, and no move of G lands in S_j), so its own quotient of heaps < n is computed the
//      same way, heap by heap, over the structure so far as a base that it refines; the structure
//      is replaced by it, and so on until the S_j repeat. The pairs are minimised as before and
//      (F) checked again: nothing is ever assumed.
//
// When it holds for every heap (the analogue of Guy–Smith): for a finite octal or hexadecimal code
// without `!` on a splitting digit (or a finite subtraction set), let t be the largest take and r
// the most heaps a move leaves. If Φ(H_{k+p}) = Φ(H_k) for n0 ≤ k ≤ N − p (n0 ≥ 1) and
// N ≥ r(n0 + p) + t − 1, then for every heap M > N the options of H_M and of H_{M-p} have the same
// images (lower the largest heap left, which is at least n0 + p, by p; back, raise it by p), so by
// A, H_M ≡ H_{M-p}, Q never changes (A splits no class: a sum with H_M has the outcome of the same
// sum with H_{M-p}) and Φ is periodic for ever.
import { describeStop, Meter } from '../budget';
import { heapMoveParts } from '../heaps/heapMoves';
import type { Budget, HeapRule, StopCause } from '../types';

/** Why a quotient stopped growing before the heap asked for. */
export type QuotientStop =
  | { readonly cause: StopCause; readonly reason: string }
  /** The quotient method itself: (F) failed, or a limit on its size was met. */
  | { readonly cause: 'method'; readonly reason: string };

export interface MisereQuotient {
  readonly ruleKey: string;
  /** |Q|: element 0 is the identity (the empty position). */
  readonly size: number;
  /** The multiplication table, size × size: element mul[x * size + y]. */
  readonly mul: Int32Array;
  /** isP[x] = 1 when x lies in the P-portion. */
  readonly isP: Uint8Array;
  /** The pretending function on heaps 0..heaps. */
  readonly images: Int32Array;
  /** The quotient is exact for every sum of heaps of at most this size. */
  readonly heaps: number;
  /** Φ(H_{k+period}) = Φ(H_k) for k ≥ start, with its proof when there is one (then for every heap). */
  readonly periodicity?: QuotientPeriodicity;
  /** The heaps whose images generate Q, first appearance first, with their letters. */
  readonly generators: readonly { readonly heap: number; readonly element: number; readonly name: string }[];
  /** Each element written in the generators (its normal form), e.g. `ab²`; `1` for the identity. */
  readonly names: readonly string[];
  /** The defining relations, each `word = word`, from the normal forms. */
  readonly relations: readonly string[];
  /** Is Q one of the tame quotients (those of misère Nim positions)? */
  readonly tame: boolean;
  readonly stop?: QuotientStop;
}

export interface QuotientPeriodicity {
  readonly start: number;
  readonly period: number;
  /** Proved for every heap (the window theorem above), or only seen up to `heaps`. */
  readonly proved: boolean;
  /** What the proof rests on, or why there is none. */
  readonly ground: string;
}

export interface QuotientOptions {
  /** The largest heap to include; the computation stops earlier when Φ is proved periodic. */
  readonly to?: number;
  /** Keep going to `to` even after a proof (to print the pretending function further). */
  readonly pastProof?: boolean;
  /** An earlier result of the same rule to continue from (as returned in `state`). */
  readonly resume?: QuotientState;
  /**
   * The work (QuotientState.work) past which no heap is added: a stop that depends on the rule
   * alone, never on the machine's speed (QUOTIENT_WORK_FOR_GAMES). Not a property of the rule: a
   * later call with a higher limit (or none) goes on.
   */
  readonly workLimit?: number;
  /**
   * No heap is begun after this time (Date.now(), ms): the heap in progress then still finishes within
   * the budget. A growth in slices gives each slice this soft end and a longer budget, so that a slice
   * does not throw away the part of a heap it did (a heap cut by the budget is done again from its start).
   */
  readonly noHeapAfter?: number;
}

/**
 * The work (elements read, QuotientState.work) a quotient may do per millisecond of a computation
 * budget when it grows for games: measured on the reference machine (2 cores), where Dawson's
 * Kayles reads 50–73 million elements a second from heap 30 to 34 and 0.56 about 20 million. A
 * game's quotient grows within `quotientWorkFor(budget)`, so whether it is decided depends on the
 * budget setting and the rule, never on the machine's speed or load: a slower machine takes longer
 * to give the same answer.
 */
export const QUOTIENT_WORK_PER_MS = 50_000;

/**
 * A quotient grows for games at least this long's work (ms at QUOTIENT_WORK_PER_MS) however small the budget:
 * a budget of 20 ms asks that each computation be short, not that Kayles' quotient (about 2.4·10^7
 * elements read to its proof) never be known.
 */
export const QUOTIENT_WORK_FLOOR_MS = 10_000;

/** The work a quotient may do for games under a computation budget of `budgetMs` (see QUOTIENT_WORK_PER_MS). */
export function quotientWorkFor(budgetMs: number): number {
  return Math.max(QUOTIENT_WORK_FLOOR_MS, Math.round(budgetMs)) * QUOTIENT_WORK_PER_MS;
}

/** Elements a quotient may have: its table takes 4·size² bytes (4,096 elements: 64 MiB). */
export const MAX_QUOTIENT_SIZE = 4096;
/** Distinct sets S_i tried before the multiples of a new heap are declared not to repeat. */
const MAX_POWER_SETS = 64;
/** States of the exact check of (F): each holds a set of elements, so this bounds its memory. */
const MAX_CHECK_STATES = 400_000;

export { heapMoveParts };

/**
 * The heaps of a rule, shared by every quotient built on them: heights, and whether a heap has a
 * move. Moves are listed again when wanted, not kept: heap n has up to n options or more, so
 * keeping every heap's would take memory quadratic in the heaps.
 */
class HeapMoves {
  /** The longest play from each heap: a move lowers the sum of the heights by at least 1. */
  readonly heights: number[] = [0];
  private readonly movable: boolean[] = [false];
  /** The heap listed last, by `ensure`: the one a quotient adds next asks for it again at once. */
  private last?: { heap: number; moves: number[][] };
  constructor(readonly rule: HeapRule) {}
  moves(n: number): number[][] {
    return this.last?.heap === n ? this.last.moves : heapMoveParts(this.rule, n);
  }
  hasMove(n: number): boolean {
    this.ensure(n);
    return this.movable[n];
  }
  ensure(n: number): void {
    while (this.heights.length <= n) {
      const heap = this.heights.length;
      const moves = heapMoveParts(this.rule, heap);
      let height = 0;
      for (const parts of moves) {
        let h = 1;
        for (const part of parts) h += this.heights[part];
        if (h > height) height = h;
      }
      this.movable.push(moves.length > 0);
      this.heights.push(height);
      this.last = { heap, moves };
    }
  }
}

/**
 * What a quotient is taken over: a homomorphism ψ of positions into a finite monoid (`image` of
 * each heap) and the elements `accept` where a position with no move to the predicate's set may
 * belong to it. Misère play: ψ says whether a position has a move, accepted when it has.
 */
interface Base {
  readonly size: number;
  readonly mul: Int32Array;
  image(heap: number): number;
  readonly accept: Uint8Array;
}

/** f(G) = accept(ψ(G)) and no option of G is in f: misère P-positions, or the S_i below. */
function misereBase(heapMoves: HeapMoves): Base {
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
  /** lastBad[p − 1]: the last k ≥ 1 with Φ(H_{k+p}) ≠ Φ(H_k) (−1: none); periods are read from it. */
  lastBad: number[] = [];
  stop?: QuotientStop;
  /** The last snapshot taken without a stop, kept while no heap is added (games only read it). */
  snapshotMemo?: MisereQuotient;
  /**
   * The work done to add its heaps so far, in the units its meters count (elements read), every call's together
   * (a heap cut short is not counted: it is done again).
   */
  work = 0;
  /** The largest work limit (QuotientOptions.workLimit) the next heap failed to be added within; 0: none. */
  workLimitMet = 0;

  constructor(
    readonly heapMoves: HeapMoves,
    readonly base: Base,
    /** Must the quotient tell apart positions of different ψ (true for the S_i of a split)? */
    readonly refinesBase: boolean,
    readonly ruleKey = '',
  ) {
    // The empty position has no move: in the set exactly when accepted.
    this.isP = Uint8Array.of(base.accept[0]);
    this.owners.set(this.ownerKey(0, this.optionImages[0]), 0);
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
    // lastBad[p − 1] for p = 1..n: the new heap n against heap n − p (p = n compares with heap 0,
    // which no period starting at 1 looks at, so it starts as "none").
    this.lastBad.push(-1);
    for (let p = 1; p < n; p++) if (this.images[n - p] !== image) this.lastBad[p - 1] = n - p;
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
    this.lastBad = [];
    const last = this.images.length - 1;
    for (let p = 1; p <= last; p++) {
      let bad = -1;
      for (let k = 1; k + p <= last; k++) if (this.images[k + p] !== this.images[k]) bad = k;
      this.lastBad.push(bad);
    }
    this.pushImage(next.images[next.images.length - 1], next.optionImages[next.optionImages.length - 1]);
    const representatives = leastRepresentatives(this.size, this.mul, this.images, this.heapMoves.heights);
    this.reps = representatives.reps;
    this.repHeight = representatives.heights;
  }

  /** The smallest period of Φ seen so far, with its start (≥ 1). */
  observedPeriod(): { start: number; period: number } | undefined {
    const n = this.heaps;
    let found: { start: number; period: number } | undefined;
    for (let p = 1; p <= n / 2; p++) {
      const start = Math.max(1, this.lastBad[p - 1] + 1);
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
    if (stopped) return { stop: { ...budgetStop(stopped), reason: `heap ${n}: ${budgetStop(stopped).reason}` } };
    if (i > MAX_POWER_SETS)
      return { stop: { cause: 'method', reason: `heap ${n}: its multiples did not repeat within ${MAX_POWER_SETS}` } };
    const power = base.mul[powers[i - 1] * base.size + psi];
    const { accept, set } = nextPowerSet(structure, opts, power, sets[i - 1], base);
    const check = verify(structure, set, { ...base, accept }, budget, accept);
    let next = set;
    if (check !== true) {
      if (check.cause !== 'method') return { stop: { cause: check.cause, reason: `heap ${n}: ${check.reason}` } };
      const parent = structure;
      const nested = new QuotientState(
        heapMoves,
        { size: parent.size, mul: parent.mul, image: (k) => parent.images[k], accept },
        true,
      );
      while (nested.heaps < n - 1) if (!nested.addHeap(budget)) return { stop: nested.stop as QuotientStop };
      if (nested.size > MAX_QUOTIENT_SIZE) return { stop: tooLarge(n, nested.size) };
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
      if ('failed' in built)
        return { stop: { cause: built.failed.cause, reason: `heap ${n}: ${built.failed.reason}` } };
      return built;
    }
    seen.set(key(i), i);
  }
}

/**
 * Whether a quotient stopped so grows no further for games: its method stopped it (a size limit, (F) failing), or
 * the work limit games have (`gamesLimit`: the limit met was theirs, not a smaller one a call set). A clock never is.
 */
export function stopIsFinal(stop: QuotientStop | undefined, gamesLimit = true): boolean {
  return stop?.cause === 'method' || (stop?.cause === 'work-limit' && gamesLimit);
}

/** A clock or cancellation stop, said as every stop of this file says it. */
export function budgetStop(cause: StopCause): { cause: StopCause; reason: string } {
  const reason =
    cause === 'cancelled' ? 'cancelled' : cause === 'deadline' ? 'the time budget ran out' : describeStop(cause);
  return { cause, reason };
}

function tooLarge(n: number, size: number): QuotientStop {
  return { cause: 'method', reason: `heap ${n}: ${tooLargeReason(size)}` };
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
    const signatures = new Map<string, number>();
    const next = new Int32Array(count);
    for (let j = 0; j < levels; j++)
      for (let x = 0; x < m; x++) {
        const id = j * m + x;
        let signature = `${classes[id]}`;
        for (const z of letters) signature += `,${classes[j * m + mul[x * m + z]]}`;
        signature += `;${classes[nextLevel(j) * m + x]}`;
        let c = signatures.get(signature);
        if (c === undefined) {
          c = signatures.size;
          signatures.set(signature, c);
        }
        next[id] = c;
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

// ---------------------------------------------------------------------------------------------
// The exact check of (F).

/**
 * Decides (F) for every position of the heaps given: ρ(v) ∈ set ⟺ ψ(v) accepted and no move of v
 * reaches the set. Heaps with the same image, ψ and option images are one type (they move
 * alike). (⟹) is one test per element and type: if y·h is in the set, no option o of the type
 * may give y·o in it. (⟸) asks whether some position v outside the set, accepted, has no move
 * into it: for each type t present (c_t copies), h_t^(c_t − 1)·(the other types) must be "safe"
 * for t (no option of t lands in the set). Counts past a type's index + period change nothing, so
 * the search is over bounded counts, type by type, keeping (the product so far, ψ so far, the set
 * of products of the types still to come that meet every condition laid down so far): the
 * conditions are preimages under multiplication, so they intersect into one set. `acceptOf`,
 * when given, says acceptance per element (the structure refines ψ); else ψ is tracked.
 */
function verify(
  structure: { size: number; mul: Int32Array; images: readonly number[]; optionImages: readonly Int32Array[] },
  set: Uint8Array,
  base: Base,
  budget: Budget,
  acceptOf?: Uint8Array,
): true | { cause: StopCause | 'method'; reason: string } {
  const { size: m, mul, images, optionImages } = structure;
  const words = (m + 31) >>> 5;
  const has = (bits: Uint32Array, y: number) => (bits[y >>> 5] >>> (y & 31)) & 1;
  const types = new Map<string, { image: number; psi: number; safe: Uint32Array }>();
  // safe(O) = {y : y·o ∉ set for every o in O}: the complement of the union of the sets
  // {y : y·o ∈ set}, each made once per option element, each union once per option set.
  const into = new Map<number, Uint32Array>();
  const safeOf = new Map<string, { safe: Uint32Array; key: string }>();
  for (let k = 1; k < images.length; k++) {
    const optionsKey = optionImages[k].join(',');
    let known = safeOf.get(optionsKey);
    if (!known) {
      const unsafe = new Uint32Array(words);
      for (const o of optionImages[k]) {
        let bits = into.get(o);
        if (!bits) {
          bits = new Uint32Array(words);
          for (let y = 0; y < m; y++) if (set[mul[y * m + o]]) bits[y >>> 5] |= 1 << (y & 31);
          into.set(o, bits);
        }
        for (let w = 0; w < words; w++) unsafe[w] |= bits[w];
      }
      const safe = new Uint32Array(words);
      for (let w = 0; w < words; w++) safe[w] = ~unsafe[w];
      if (m & 31) safe[words - 1] &= (1 << (m & 31)) - 1; // no elements past m
      known = { safe, key: safe.join(',') };
      safeOf.set(optionsKey, known);
    }
    const { safe } = known;
    const psi = acceptOf ? 0 : base.image(k);
    // Heaps that move alike in the quotient (same image, ψ and safe set) are one type.
    const key = `${images[k]}:${psi}:${known.key}`;
    if (!types.has(key)) types.set(key, { image: images[k], psi, safe });
  }
  // (⟹), the moves: an element of the set has no move into it.
  for (const { image, safe } of types.values())
    for (let y = 0; y < m; y++)
      if (set[mul[y * m + image]] && !has(safe, y))
        return { cause: 'method', reason: 'a position in the set would have a move into it' };
  const accepted = (z: number, psi: number) => (acceptOf ? acceptOf[z] : base.accept[psi]);
  // A state: the product so far, ψ so far, and the products still allowed to come. That set is
  // the intersection of the conditions laid down, each "u·s is safe for type t", kept as the pairs
  // (u, t): a later type with product p turns each u into u·p, so no set is ever read through a
  // product element by element; the sets {s : u·s safe for t} are made once each. States are kept
  // once each, found by a hash of the product, ψ and the allowed set.
  type CheckState = { z: number; psi: number; conditions: number[]; allowed: Uint32Array };
  const typeList = [...types.values()];
  const typeCount = typeList.length;
  let states: CheckState[] = [];
  const full = new Uint32Array(words);
  for (let y = 0; y < m; y++) full[y >>> 5] |= 1 << (y & 31);
  states.push({ z: 0, psi: 0, conditions: [], allowed: full });
  // Work is counted in elements read; the clock and the cancellation are asked every 2^22.
  const meter = new Meter(budget, 1 << 22);
  const safeThrough: (Uint32Array | undefined)[] = new Array(m * typeCount);
  /** {s : u·s is safe for type t}. */
  const condition = (u: number, t: number): Uint32Array => {
    const key = u * typeCount + t;
    let bits = safeThrough[key];
    if (bits) return bits;
    bits = new Uint32Array(words);
    const { safe } = typeList[t];
    const row = u * m;
    for (let s = 0; s < m; s++) {
      const y = mul[row + s];
      if ((safe[y >>> 5] >>> (y & 31)) & 1) bits[s >>> 5] |= 1 << (s & 31);
    }
    meter.spend(m);
    safeThrough[key] = bits;
    return bits;
  };
  const hashOf = (z: number, psi: number, bits: Uint32Array) => {
    let h = Math.imul(z ^ 0x9e3779b9, 0x85ebca6b) ^ psi;
    for (let w = 0; w < words; w++) h = Math.imul(h ^ bits[w], 0x01000193);
    return h >>> 0;
  };
  const sameBits = (x: Uint32Array, y: Uint32Array) => {
    for (let w = 0; w < words; w++) if (x[w] !== y[w]) return false;
    return true;
  };
  for (let t = 0; t < typeCount; t++) {
    const { image, psi } = typeList[t];
    const powers = [0];
    const at = new Map<number, number>([[0, 0]]);
    let start = 0;
    for (;;) {
      const next = mul[powers[powers.length - 1] * m + image];
      const earlier = at.get(next);
      if (earlier !== undefined) {
        start = earlier;
        break;
      }
      at.set(next, powers.length);
      powers.push(next);
    }
    const power = (c: number) =>
      c < powers.length ? powers[c] : powers[start + ((c - start) % (powers.length - start))];
    // A count matters through h^(c − 1), h^c and ψ^c: past both cycles' starts, it repeats with
    // the lcm of their periods.
    const psiCycle = cycle(psi, base.size, base.mul);
    const maxCount = Math.max(start, psiCycle.start) + 1 + lcm(powers.length - start, psiCycle.length - psiCycle.start);
    const buckets = new Map<number, CheckState[]>();
    const next: CheckState[] = [];
    const keep = (state: CheckState) => {
      const h = hashOf(state.z, state.psi, state.allowed);
      const bucket = buckets.get(h);
      if (bucket?.some((o) => o.z === state.z && o.psi === state.psi && sameBits(o.allowed, state.allowed))) return;
      if (bucket) bucket.push(state);
      else buckets.set(h, [state]);
      next.push(state);
    };
    for (const state of states) keep(state); // none of this type
    for (const state of states) {
      let psiPower = state.psi;
      for (let c = 1; c <= maxCount; c++) {
        psiPower = base.mul[psiPower * base.size + psi];
        const hc = power(c);
        const before = mul[state.z * m + power(c - 1)];
        const conditions: number[] = [before, t];
        const first = condition(before, t);
        const allowed = new Uint32Array(words);
        let any = 0;
        for (let w = 0; w < words; w++) any |= allowed[w] = first[w];
        for (let i = 0; any && i < state.conditions.length; i += 2) {
          const u = mul[state.conditions[i] * m + hc];
          const bits = condition(u, state.conditions[i + 1]);
          any = 0;
          for (let w = 0; w < words; w++) any |= allowed[w] &= bits[w];
          conditions.push(u, state.conditions[i + 1]);
        }
        meter.spend(words * (1 + state.conditions.length / 2));
        if (!any) continue;
        keep({ z: mul[state.z * m + hc], psi: psiPower, conditions, allowed });
      }
    }
    if (next.length > MAX_CHECK_STATES)
      return {
        cause: 'method',
        reason: `its check needs more than ${MAX_CHECK_STATES.toLocaleString('en-US')} states`,
      };
    const stopped = meter.spend(0);
    if (stopped) return budgetStop(stopped);
    states = next;
  }
  for (const state of states) {
    if (set[state.z] && !accepted(state.z, state.psi))
      return { cause: 'method', reason: 'a position in the set would not be accepted' };
    if (!set[state.z] && accepted(state.z, state.psi) && has(state.allowed, 0))
      return { cause: 'method', reason: 'a position outside the set would have no move into it' };
  }
  return true;
}

/** The powers of x in a monoid to their first repeat: the list and where the cycle starts. */
function cycle(x: number, size: number, mul: Int32Array): { start: number; length: number } {
  const at = new Map<number, number>([[0, 0]]);
  let power = 0;
  for (let c = 1; ; c++) {
    power = mul[power * size + x];
    const earlier = at.get(power);
    if (earlier !== undefined) return { start: earlier, length: c };
    at.set(power, c);
  }
}

function lcm(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** The window theorem's parameters for a rule, or why it has none. */
export function windowTheorem(rule: HeapRule): { take: number; parts: number } | { none: string } {
  switch (rule.kind) {
    case 'subtract': {
      const largest = rule.set.reduce((x, s) => (s > x ? s : x), 0n);
      return { take: Number(largest), parts: 1 };
    }
    case 'octal': {
      if ((rule.repeat ?? 0) > 0) return { none: 'the code goes on for ever (no largest take)' };
      if (rule.distinct && rule.distinct.length > 0)
        return { none: 'a digit with `!` wants the heaps left different, which lowering one heap may break' };
      const parts = rule.digits.some((d) => d & 8) ? 3 : rule.digits.some((d) => d & 4) ? 2 : 1;
      return { take: rule.digits.length - 1, parts };
    }
    case 'subtractAllExcept':
      return { none: 'every take but a few is allowed (no largest take)' };
    case 'subtractSet':
    case 'subtractAllExceptSet':
      return { none: 'the subtraction set is infinite (no largest take)' };
  }
}

function newMisereState(rule: HeapRule, key: string): QuotientState {
  const heapMoves = new HeapMoves(rule);
  return new QuotientState(heapMoves, misereBase(heapMoves), false, key);
}

/** Grows the quotient heap by heap until `to`, a proof, the budget or the method stops it. */
export function misereQuotient(
  rule: HeapRule,
  key: string,
  budget: Budget = {},
  options: QuotientOptions = {},
): {
  quotient: MisereQuotient;
  state: QuotientState;
} {
  const state = options.resume && options.resume.ruleKey === key ? options.resume : newMisereState(rule, key);
  const to = options.to ?? Number.MAX_SAFE_INTEGER;
  const theorem = windowTheorem(rule);
  const proof = () => provedPeriod(state, theorem);
  // Only the work of heaps added counts: a heap cut short by the clock is done again from its start,
  // so the heap the limit stops at depends on the rule and the limit, not on how the time was sliced.
  const limit = options.workLimit ?? Number.POSITIVE_INFINITY;
  const account = { spent: state.work, limit };
  const counted: Budget = { ...budget, work: account };
  const meter = new Meter(budget);
  const workStop = (): QuotientStop => ({
    cause: 'work-limit',
    reason:
      `heap ${state.heaps + 1} was not reached within the ${limit.toLocaleString('en-US')} steps ` +
      'a quotient may take for games',
  });
  while (state.heaps < to && !state.stop) {
    if (!options.pastProof && proof()) break;
    const stopped =
      meter.poll() ?? (options.noHeapAfter !== undefined && Date.now() > options.noHeapAfter && 'deadline');
    if (stopped) {
      state.stop = budgetStop(stopped);
      break;
    }
    if (budget.maxValues !== undefined && state.heaps >= budget.maxValues) {
      state.stop = { cause: 'max-values', reason: `heaps up to ${budget.maxValues} only, as asked` };
      break;
    }
    // A limit no larger than one this heap already failed within fails again: not tried.
    if (state.work >= limit || limit <= state.workLimitMet) {
      state.stop = workStop();
      break;
    }
    account.spent = state.work;
    if (state.addHeap(counted)) {
      state.work = account.spent;
      state.workLimitMet = 0;
    } else if ((state.stop as QuotientStop | undefined)?.cause === 'work-limit') {
      // (addHeap set `stop`: TypeScript keeps it narrowed to undefined by the loop's test.)
      state.workLimitMet = Math.max(state.workLimitMet, limit);
      state.stop = workStop();
    }
  }
  const memo = state.snapshotMemo;
  const quotient = !state.stop && memo?.heaps === state.heaps ? memo : snapshot(state, theorem);
  if (!state.stop) state.snapshotMemo = quotient;
  // A budget stop is no property of the rule: the state may be resumed with more time.
  if (state.stop && state.stop.cause !== 'method') state.stop = undefined;
  return { quotient, state };
}

/** misereQuotient resumed from the engine cache's state for the rule, which then holds the new one (as the newest). */
export function cachedMisereQuotient(
  cache: { readonly quotients: Map<string, QuotientState> },
  rule: HeapRule,
  key: string,
  budget: Budget,
  options: Omit<QuotientOptions, 'resume'> = {},
): MisereQuotient {
  const { quotient, state } = misereQuotient(rule, key, budget, { ...options, resume: cache.quotients.get(key) });
  cache.quotients.delete(key);
  cache.quotients.set(key, state);
  return quotient;
}

function provedPeriod(
  state: QuotientState,
  theorem: ReturnType<typeof windowTheorem>,
): { start: number; period: number } | undefined {
  if ('none' in theorem) return undefined;
  const n = state.heaps;
  let best: { start: number; period: number } | undefined;
  for (let p = 1; p <= n; p++) {
    const start = Math.max(1, (state.lastBad[p - 1] ?? -1) + 1);
    if (n >= theorem.parts * (start + p) + theorem.take - 1) {
      if (!best || start + p < best.start + best.period || (start + p === best.start + best.period && p < best.period))
        best = { start, period: p };
    }
  }
  return best;
}

function snapshot(state: QuotientState, theorem: ReturnType<typeof windowTheorem>): MisereQuotient {
  const proved = provedPeriod(state, theorem);
  const seen = proved ?? state.observedPeriod();
  const periodicity: QuotientPeriodicity | undefined = seen && {
    ...seen,
    proved: proved !== undefined,
    ground: proved
      ? `Φ(H(k + ${proved.period})) = Φ(H(k)) for ${proved.start} ≤ k ≤ ${state.heaps - proved.period}, and the ` +
        `largest take is ${(theorem as { take: number }).take} with at most ${(theorem as { parts: number }).parts} ` +
        `heap${(theorem as { parts: number }).parts === 1 ? '' : 's'} left: by the window theorem every heap repeats`
      : 'none' in theorem
        ? `seen up to heap ${state.heaps}, not proved: ${theorem.none}`
        : `seen up to heap ${state.heaps}; the proof needs heaps up to ` +
          `${theorem.parts * (seen.start + seen.period) + theorem.take - 1}`,
  };
  const presentation = present(state);
  return {
    ruleKey: state.ruleKey,
    size: state.size,
    mul: state.mul,
    isP: state.isP,
    images: Int32Array.from(state.images),
    heaps: state.heaps,
    ...(periodicity ? { periodicity } : {}),
    ...presentation,
    tame: isTame(state.size, state.mul, state.isP),
    ...(state.stop ? { stop: state.stop } : {}),
  };
}

/** The image of heap n, from the computed heaps or, when proved, the period; undefined beyond. */
export function quotientImage(quotient: MisereQuotient, n: bigint): number | undefined {
  if (n < 0n) return undefined;
  if (n <= BigInt(quotient.heaps)) return quotient.images[Number(n)];
  const periodicity = quotient.periodicity;
  if (!periodicity?.proved) return undefined;
  const { start, period } = periodicity;
  return quotient.images[start + Number((n - BigInt(start)) % BigInt(period))];
}

// ---------------------------------------------------------------------------------------------
// The presentation: generators, normal forms, relations.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function present(state: QuotientState): Pick<MisereQuotient, 'generators' | 'names' | 'relations'> {
  const m = state.size;
  const { mul } = state;
  // Generators: heaps whose image the earlier generators do not reach.
  const reached = new Uint8Array(m);
  reached[0] = 1;
  const generators: { heap: number; element: number; name: string }[] = [];
  for (let k = 1; k < state.images.length; k++) {
    const image = state.images[k];
    if (reached[image]) continue;
    const name = generators.length < LETTERS.length ? LETTERS[generators.length] : `g${generators.length + 1}`;
    generators.push({ heap: k, element: image, name });
    // Close the reached set under the new generator.
    const queue = [...reached.keys()].filter((x) => reached[x]);
    for (let i = 0; i < queue.length; i++)
      for (const g of generators) {
        const y = mul[queue[i] * m + g.element];
        if (!reached[y]) {
          reached[y] = 1;
          queue.push(y);
        }
      }
  }
  // Normal forms: words (exponent vectors) by degree, then more of the earlier letters first.
  const g = generators.length;
  const names = new Array<string>(m).fill('');
  const normal = new Map<string, number>(); // normal words → element
  const word = (exponents: readonly number[]) =>
    exponents
      .map((e, i) =>
        e === 0
          ? ''
          : generators[i].name + (e === 1 ? '' : [...String(e)].map((d) => SUPERSCRIPTS[Number(d)]).join('')),
      )
      .join('') || '1';
  const relations: string[] = [];
  let layer: number[][] = [new Array(g).fill(0)];
  const elementOf = new Map<string, number>([[layer[0].join(','), 0]]);
  names[0] = '1';
  normal.set(layer[0].join(','), 0);
  let found = 1;
  while (layer.length > 0) {
    const candidates = new Map<string, number[]>();
    for (const w of layer)
      for (let i = 0; i < g; i++) {
        const v = w.slice();
        v[i]++;
        candidates.set(v.join(','), v);
      }
    const sorted = [...candidates.values()].sort((a, b) => {
      for (let i = 0; i < g; i++) if (a[i] !== b[i]) return b[i] - a[i];
      return 0;
    });
    const nextLayer: number[][] = [];
    for (const v of sorted) {
      // Minimal only when every word one letter shorter is normal.
      let minimal = true;
      let element = -1;
      for (let i = 0; i < g && minimal; i++) {
        if (v[i] === 0) continue;
        const u = v.slice();
        u[i]--;
        const x = normal.get(u.join(','));
        if (x === undefined) minimal = false;
        else element = mul[x * m + generators[i].element];
      }
      if (!minimal) continue;
      const key = v.join(',');
      if (names[element] === '') {
        names[element] = word(v);
        normal.set(key, element);
        elementOf.set(key, element);
        nextLayer.push(v);
        found++;
      } else relations.push(`${word(v)} = ${names[element]}`);
    }
    layer = nextLayer;
  }
  if (found !== m) throw new Error(`internal: the generators reach ${found} of ${m} elements`);
  return { generators, names, relations };
}

// ---------------------------------------------------------------------------------------------
// Tame quotients: those of misère Nim positions.

/**
 * The tame quotients are T1 = {1, a} (a² = 1, P = {a}) and, for k ≥ 2, T_k = ⟨a, b1..b_{k−1} |
 * a² = 1, b_i³ = b_i, b_i² = b_j²⟩ of order 2^k + 2 with P = {a, s} where s = b_i²: the quotients
 * of misère Nim's heaps below 2^(k−1)·2 (Plambeck–Siegel 2008, §5). Its elements are a^e·∏S for
 * S ⊆ {b_i} and a^e·s; s·T_k is the group (Z/2)^k with identity s. So in a Q of that order: a is
 * the one involution in P, s the other element of P, and the b's are any k − 1 elements with
 * x² = s, x³ = x that are independent in that group together with a: chosen greedily, no
 * backtracking is needed, and the map from T_k's normal forms is checked to be a bijection
 * keeping P (the relations hold by the choice, so it is a homomorphism).
 */
export function isTame(m: number, mul: Int32Array, isP: Uint8Array): boolean {
  const inP = [...Array(m).keys()].filter((x) => isP[x]);
  const times = (x: number, y: number) => mul[x * m + y];
  if (m === 2) return inP.length === 1 && inP[0] === 1 && times(1, 1) === 0; // {1, a}, a² = 1, a ∈ P
  let k = 2;
  while (2 ** k + 2 < m) k++;
  if (2 ** k + 2 !== m || inP.length !== 2) return false;
  const a = inP.find((x) => x !== 0 && times(x, x) === 0);
  const s = inP.find((x) => x !== a);
  if (a === undefined || s === undefined || times(s, s) !== s) return false;
  // The span of a and the chosen b's in the group s·Q: {s, a·s} to begin with.
  const span = new Set([s, times(a, s)]);
  const bs: number[] = [];
  for (let x = 0; x < m && bs.length < k - 1; x++) {
    if (span.has(x) || times(x, x) !== s || times(times(x, x), x) !== x) continue;
    bs.push(x);
    for (const y of [...span]) span.add(times(y, x));
  }
  if (bs.length !== k - 1) return false;
  const images = new Set<number>();
  for (let e = 0; e < 2; e++) {
    for (let mask = 0; mask < 1 << bs.length; mask++) {
      let x = e ? a : 0;
      bs.forEach((b, i) => {
        if (mask & (1 << i)) x = times(x, b);
      });
      images.add(x);
      // a^e·∏S is in P only for e = 1, S = ∅.
      if (isP[x] !== (e === 1 && mask === 0 ? 1 : 0)) return false;
    }
    const x = e ? times(a, s) : s;
    images.add(x);
    if (isP[x] !== (e === 0 ? 1 : 0)) return false;
  }
  return images.size === m;
}

// ---------------------------------------------------------------------------------------------

function bitsKey(bits: Uint8Array): string {
  return String.fromCharCode(...bits.map((b) => 48 + b));
}

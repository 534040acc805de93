// What a misère quotient is grown over: its generators, in the order they are added, each a heap of
// one rule, with its moves written as sums of earlier generators (quotient.ts's header, steps A/B).
// One rule (HeapMoves): generator k is heap k. Several rules (JointGenerators, jointQuotient.ts):
// generator k is a (rule, heap) pair, appended in any order in which each rule's heaps come in
// increasing size, so that every option of a generator (heaps of its rule, smaller) is a sum of
// earlier ones. Generator 0 is the zero game (a heap of 0, or no heap), shared by every rule.
//
// A rule's heaps are a series: heap h of series s is one generator. The periodicity of the
// pretending function, and its proof, are read per series (quotient.ts, jointQuotient.ts).
import { heapMoveParts } from '../heaps/heapMoves';
import type { HeapRule } from '../types';

/** The generators a quotient is grown over (see the header). */
export interface Generators {
  /** The longest play from each generator listed so far (a move lowers the sum of the heights by at least 1). */
  readonly heights: readonly number[];
  /** Generator g's moves, each as the generators (indices below g, 0 left out) it leaves. */
  moves(g: number): readonly (readonly number[])[];
  hasMove(g: number): boolean;
  /** Lists generators up to g (heights, whether each has a move); g must be a generator. */
  ensure(g: number): void;
  /** How many series (rules) there are. */
  readonly seriesCount: number;
  /** The series of generator g (≥ 1) and its heap there. */
  seriesOf(g: number): { readonly series: number; readonly heap: number };
  /** The generator of heap h (≥ 1) of series s, which must have been added. */
  generatorOf(series: number, heap: number): number;
  /** Generator g in words, for a stop's reason: `heap 9`, `kayles heap 9`. */
  nameOf(g: number): string;
}

/**
 * The heaps of one rule, shared by every quotient built on them: heights, and whether a heap has a
 * move. Generator k is heap k, in one series. Moves are listed again when wanted, not kept: heap n
 * has up to n options or more, so keeping every heap's would take memory quadratic in the heaps.
 */
export class HeapMoves implements Generators {
  /** The longest play from each heap: a move lowers the sum of the heights by at least 1. */
  readonly heights: number[] = [0];
  readonly seriesCount = 1;
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
      this.movable.push(moves.length > 0);
      this.heights.push(heightOf(moves, this.heights));
      this.last = { heap, moves };
    }
  }
  seriesOf(g: number): { series: number; heap: number } {
    return { series: 0, heap: g };
  }
  generatorOf(_series: number, heap: number): number {
    return heap;
  }
  nameOf(g: number): string {
    return `heap ${g}`;
  }
}

function heightOf(moves: readonly (readonly number[])[], heights: readonly number[]): number {
  let height = 0;
  for (const parts of moves) {
    let h = 1;
    for (const part of parts) h += heights[part];
    if (h > height) height = h;
  }
  return height;
}

/**
 * The heaps of several rules as one list of generators, appended by `add` (each rule's heaps in
 * increasing size, one at a time). A generator's moves are its rule's, each part renamed to its
 * generator. Shared by a joint quotient and the nested quotients its growth builds (quotientGrowth.ts).
 */
export class JointGenerators implements Generators {
  readonly heights: number[] = [0];
  /** Per generator (index 0: none): its series and heap. */
  private readonly owners: { series: number; heap: number }[] = [{ series: -1, heap: 0 }];
  private readonly movable: boolean[] = [false];
  /** Per series: generator of each heap (index 0: the zero game). */
  private readonly indices: number[][];
  private readonly rules: readonly HeapMoves[];
  /** `names`: each rule in words, for stops' reasons. */
  constructor(
    rules: readonly HeapRule[],
    private readonly names: readonly string[],
  ) {
    this.rules = rules.map((rule) => new HeapMoves(rule));
    this.indices = rules.map(() => [0]);
  }
  get seriesCount(): number {
    return this.rules.length;
  }
  /** How many heaps of series s are generators (its largest heap). */
  heapsOf(series: number): number {
    return this.indices[series].length - 1;
  }
  /** How many generators there are, the zero game left out. */
  get count(): number {
    return this.owners.length - 1;
  }
  /** Appends the next heap of series s as a generator; returns its index. */
  add(series: number): number {
    const heap = this.indices[series].length;
    const g = this.owners.length;
    const rule = this.rules[series];
    rule.ensure(heap);
    this.owners.push({ series, heap });
    this.indices[series].push(g);
    this.movable.push(rule.hasMove(heap));
    this.heights.push(rule.heights[heap]);
    return g;
  }
  moves(g: number): number[][] {
    if (g === 0) return []; // the zero game
    const { series, heap } = this.owners[g];
    const index = this.indices[series];
    return this.rules[series].moves(heap).map((parts) => parts.map((part) => index[part]));
  }
  hasMove(g: number): boolean {
    return this.movable[g];
  }
  ensure(g: number): void {
    if (g >= this.owners.length) throw new Error(`internal: generator ${g} was never added`);
  }
  seriesOf(g: number): { series: number; heap: number } {
    return this.owners[g];
  }
  generatorOf(series: number, heap: number): number {
    return this.indices[series][heap];
  }
  nameOf(g: number): string {
    const { series, heap } = this.owners[g];
    return `${this.names[series]} heap ${heap}`;
  }
}

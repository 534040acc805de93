// Misère play of mixed sums (heaps of several rules), straight from the definitions: a position is a
// multiset of (rule, heap) pairs, P iff it has a move and every move reaches an N-position (the player who
// cannot move wins). Plain recursion with a memo, no quotient and no engine code: the joint quotients
// (jointQuotient.ts) and the games they decide are checked against it. Also the multisets the tests walk.
import type { HeapRule } from '../../../server/src/engine/types';
import { heapMovesOf } from '../oracles/misere';

/** A heap of a mixed sum: its rule's index and its size. */
export type MixedHeap = readonly [rule: number, size: number];

/** Heaps are coded rule · 256 + size (sizes below 256), sorted, as a string of char codes: the memo's key. */
const SIZES = 256;

export class MixedMisere {
  private readonly memo = new Map<string, boolean>();
  /** Per rule and size, the heaps each move leaves (each multiset once). */
  private readonly moves: number[][][][];
  constructor(readonly rules: readonly HeapRule[]) {
    this.moves = rules.map(() => []);
  }

  /** The moves of a heap, each as the sizes it leaves, each multiset once. */
  heapMoves(rule: number, size: number): number[][] {
    let known = this.moves[rule][size];
    if (!known) {
      const distinct = new Map<string, number[]>();
      for (const parts of heapMovesOf(this.rules[rule], size)) {
        const sorted = parts.filter((p) => p > 0).sort((a, b) => a - b);
        distinct.set(sorted.join(','), sorted);
      }
      known = [...distinct.values()];
      this.moves[rule][size] = known;
    }
    return known;
  }

  isP(heaps: readonly MixedHeap[]): boolean {
    const codes = heaps.filter(([, size]) => size > 0).map(([rule, size]) => rule * SIZES + size);
    return this.isPCoded(codes.sort((a, b) => a - b));
  }

  private isPCoded(codes: readonly number[]): boolean {
    const key = String.fromCharCode(...codes);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let any = false;
    let isP = true;
    for (let i = 0; i < codes.length && isP; i++) {
      if (i > 0 && codes[i] === codes[i - 1]) continue;
      const rule = Math.floor(codes[i] / SIZES);
      for (const parts of this.heapMoves(rule, codes[i] % SIZES)) {
        any = true;
        if (this.isPCoded(replaced(codes, i, rule * SIZES, parts))) {
          isP = false;
          break;
        }
      }
    }
    this.memo.set(key, any && isP);
    return any && isP;
  }
}

/** The sorted codes with the i-th replaced by `parts` (sorted sizes, each coded from `base`), still sorted. */
function replaced(codes: readonly number[], i: number, base: number, parts: readonly number[]): number[] {
  const out: number[] = [];
  let p = 0;
  for (let j = 0; j < codes.length; j++) {
    if (j === i) continue;
    while (p < parts.length && base + parts[p] < codes[j]) out.push(base + parts[p++]);
    out.push(codes[j]);
  }
  while (p < parts.length) out.push(base + parts[p++]);
  return out;
}

/** Every multiset of at most `count` heaps, each of a rule and a size 1..max[rule] (the empty one first). */
export function* mixedMultisets(count: number, max: readonly number[]): Generator<MixedHeap[]> {
  const kinds: MixedHeap[] = [];
  max.forEach((most, rule) => {
    for (let size = 1; size <= most; size++) kinds.push([rule, size]);
  });
  function* from(least: number, left: number): Generator<MixedHeap[]> {
    yield [];
    if (left === 0) return;
    for (let k = least; k < kinds.length; k++) for (const rest of from(k, left - 1)) yield [kinds[k], ...rest];
  }
  yield* from(0, count);
}

/** A position in words, for a failing assertion: `kayles 3 5 + nim 2`. */
export function positionText(names: readonly string[], heaps: readonly MixedHeap[]): string {
  return (
    names
      .map((name, rule) => {
        const sizes = heaps.filter(([r]) => r === rule).map(([, size]) => size);
        return sizes.length > 0 ? `${name} ${sizes.join(' ')}` : '';
      })
      .filter(Boolean)
      .join(' + ') || 'the empty sum'
  );
}

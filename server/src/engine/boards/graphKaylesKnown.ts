// The graphs whose Kayles values are known without a search, each with its reason.
//
//  - A path of n vertices. Node Kayles: taking an end vertex removes it and its neighbour, taking an
//    inner one removes three and leaves two paths, and a lone vertex is taken alone: the octal game
//    0.137, Dawson's chess (Berlekamp, Conway and Guy, Winning Ways, ch. 4; OEIS A002187). Arc
//    Kayles: an edge removes two adjacent vertices and leaves two paths: 0.07, Dawson's Kayles. Both
//    sequences come from the heaps room's octal engine (heaps/heap.ts), whose period is proved
//    (period 34 from heap 52, Guy–Smith), so paths of any length are answered.
//  - A cycle of n ≥ 3 vertices: every Node Kayles move removes three consecutive vertices and
//    leaves a path of n − 3, every Arc Kayles move two and leaves a path of n − 2; the value is the
//    mex of that single option's value: 1 when it is 0, else 0.
//  - A game every play of which lasts the same number L of moves has value L mod 2 (by induction:
//    all its options have value (L − 1) mod 2). So the complete graph K_n: Node Kayles takes it all
//    in one move (1 for n ≥ 1); Arc Kayles plays floor(n / 2) moves (a maximal matching of K_n
//    leaves at most one vertex). And Arc Kayles on the complete bipartite K_{a,b}: every maximal
//    matching has min(a, b) edges (two unmatched vertices on opposite sides would be joined), so
//    min(a, b) mod 2.
//  - Node Kayles on K_{a,b} (a, b ≥ 1): a vertex on the side of a takes the whole other side and
//    leaves a − 1 lone vertices, of value (a − 1) mod 2: the value is mex{(a − 1) mod 2, (b − 1) mod 2}.
import { ruleSequence, sequenceNimber } from '../heaps/heap';
import type { HeapRule, HeapSequence } from '../types';
import type { KaylesMemo } from './graphKaylesMemo';

export type KaylesKind = 'node' | 'arc';

/** Node Kayles on paths: Dawson's chess. */
export const DAWSONS_CHESS: HeapRule = { kind: 'octal', digits: [0, 1, 3, 7] };
/** Arc Kayles on paths: Dawson's Kayles. */
export const DAWSONS_KAYLES: HeapRule = { kind: 'octal', digits: [0, 0, 7] };

/** The longest path or cycle kept in the quick tables (the search's pieces are at most 32 vertices). */
const TABLE_LENGTH = 64;

/** The values a kind's search reads without computing: paths and cycles up to TABLE_LENGTH vertices. */
export interface KnownTables {
  readonly kind: KaylesKind;
  readonly sequence: HeapSequence;
  /** path[n]: a path of n vertices. */
  readonly path: Int32Array;
  /** cycle[n]: a cycle of n vertices (n ≥ 3). */
  readonly cycle: Int32Array;
}

/** The kind's octal sequence, computed once per memo (a few hundred values, until its period is proved). */
export function knownTables(kind: KaylesKind, memo: KaylesMemo): KnownTables {
  const rule = kind === 'node' ? DAWSONS_CHESS : DAWSONS_KAYLES;
  let sequence = memo.sequences.get(kind);
  if (sequence === undefined) {
    // A fixed computation, bounded by itself: both periods are proved by heap 200.
    sequence = ruleSequence(rule, {});
    memo.sequences.set(kind, sequence);
  }
  const path = new Int32Array(TABLE_LENGTH + 1);
  const cycle = new Int32Array(TABLE_LENGTH + 1);
  for (let n = 0; n <= TABLE_LENGTH; n++) path[n] = Number(sequenceNimber(sequence, n));
  for (let n = 3; n <= TABLE_LENGTH; n++) cycle[n] = path[n - (kind === 'node' ? 3 : 2)] === 0 ? 1 : 0;
  return { kind, sequence, path, cycle };
}

export function pathValue(tables: KnownTables, n: number): number {
  if (n <= TABLE_LENGTH) return tables.path[n];
  const { values, computedUpTo, periodicity } = tables.sequence;
  if (n <= computedUpTo) return values[n];
  // Both periods are proved with no saltus: heap n has the value of heap n - k·period.
  if (periodicity?.saltus === 0) {
    const { preperiod, period } = periodicity;
    return values[preperiod + ((n - preperiod) % period)];
  }
  return Number(sequenceNimber(tables.sequence, n));
}

export function cycleValue(tables: KnownTables, n: number): number {
  return pathValue(tables, n - (tables.kind === 'node' ? 3 : 2)) === 0 ? 1 : 0;
}

export function completeValue(kind: KaylesKind, n: number): number {
  return kind === 'node' ? (n > 0 ? 1 : 0) : Math.floor(n / 2) % 2;
}

/** K_{a,b} with a, b ≥ 1. */
export function bipartiteValue(kind: KaylesKind, a: number, b: number): number {
  if (kind === 'arc') return Math.min(a, b) % 2;
  const seen = (1 << ((a - 1) % 2)) | (1 << ((b - 1) % 2));
  return seen & 1 ? (seen & 2 ? 2 : 1) : 0;
}

/** Why a known family has its value: the words a component's hover shows. */
export function pathWhy(kind: KaylesKind, n: number, value: number): string {
  if (n === 1) return kind === 'node' ? 'a single vertex: one move takes it' : 'a single vertex: no edge, no move';
  return kind === 'node'
    ? `a path of ${n} vertices: Dawson's chess (octal 0.137) at ${n} is ${value}`
    : `a path of ${n} vertices: Dawson's Kayles (octal 0.07) at ${n} is ${value}`;
}

export function cycleWhy(tables: KnownTables, n: number, value: number): string {
  const left = n - (tables.kind === 'node' ? 3 : 2);
  const option = pathValue(tables, left);
  return `a cycle of ${n} vertices: every move leaves a path of ${left} (value ${option}), so ${value}`;
}

export function completeWhy(kind: KaylesKind, n: number): string {
  return kind === 'node'
    ? `a complete graph of ${n} vertices: one move takes it all`
    : `a complete graph of ${n} vertices: every play lasts ${Math.floor(n / 2)} moves`;
}

export function bipartiteWhy(kind: KaylesKind, a: number, b: number, value: number): string {
  return kind === 'node'
    ? `complete bipartite K(${a}, ${b}): a move leaves ${a - 1} or ${b - 1} lone vertices, so ${value}`
    : `complete bipartite K(${a}, ${b}): every play lasts ${Math.min(a, b)} moves`;
}

// The exact search of Node Kayles and Arc Kayles on a graph of more than 64 vertices: a position is
// a set of vertices in an array of 32-bit words. The method of graphKaylesSmall.ts (components,
// known families, the mex over options), simpler: a component of at most 64 vertices is handed to
// the two-word search (graphKaylesWide.ts, relabelled 0..n-1, where the reductions, the canonical
// labelling and the set table take over), and a larger one is keyed by its vertex set in this
// graph (exact; no labelling and no reduction: a search meets few copies of one large component,
// and at this size it rarely finishes anyway). The recursion is one level per move, so its depth is
// at most the number of vertices, which the caller bounds (MAX_SEARCH_VERTICES).
import type { Meter } from '../budget';
import type { StopCause } from '../types';
import {
  bipartiteValue,
  completeValue,
  cycleValue,
  type KaylesKind,
  type KnownTables,
  pathValue,
} from './graphKaylesKnown';
import type { KaylesMemo } from './graphKaylesMemo';
import type { SmallSearch } from './graphKaylesSmall';
import type { WideSearch } from './graphKaylesWide';

/** The largest component the exact search takes on: its recursion is one level per move. */
export const MAX_SEARCH_VERTICES = 1000;

export class LargeSearch {
  stop: StopCause | undefined;
  private n = 0;
  private words = 0;
  private start: Int32Array = new Int32Array(1);
  private neighbours: Int32Array = new Int32Array(0);
  private prefix = '';
  private readonly node: boolean;
  /** Scratch: a vertex's index in the component being relabelled, and the component's rows. */
  private local = new Int32Array(0);
  private readonly low = new Int32Array(64);
  private readonly high = new Int32Array(64);

  constructor(
    readonly kind: KaylesKind,
    private readonly memo: KaylesMemo,
    private readonly meter: Meter,
    private readonly tables: KnownTables,
    private readonly small: SmallSearch,
    private readonly wide: WideSearch,
    /** Components of at most this many vertices go to the wide search (fewer only in tests). */
    private readonly handOverMax = 64,
  ) {
    this.node = kind === 'node';
  }

  /** The graph searched from now on, as adjacency lists: v's neighbours are neighbours[start[v]..start[v + 1]). */
  setGraph(n: number, start: Int32Array, neighbours: Int32Array, stamp = this.memo.newStamp()): number {
    this.n = n;
    this.words = (n + 31) >>> 5;
    this.start = start;
    this.neighbours = neighbours;
    this.local = new Int32Array(n);
    this.prefix = `${this.kind[0]}${stamp}:`;
    return stamp;
  }

  /** A set of no vertex. */
  emptySet(): Uint32Array {
    return new Uint32Array(this.words);
  }

  /** The value of the subgraph induced by `set` (not changed): the XOR of its components'; -1 when stopped. */
  setValue(set: Uint32Array): number {
    const rest = set.slice();
    const stack = new Int32Array(this.n);
    let total = 0;
    for (let w = 0; w < this.words; w++)
      while (rest[w] !== 0) {
        const first = (w << 5) | (31 - Math.clz32(rest[w] & -rest[w]));
        // The component of `first`, by depth-first search, taken out of `rest` as it is found.
        const component = new Uint32Array(this.words);
        const members: number[] = [];
        let top = 0;
        stack[top++] = first;
        rest[first >>> 5] &= ~(1 << (first & 31));
        while (top > 0) {
          const v = stack[--top];
          component[v >>> 5] |= 1 << (v & 31);
          members.push(v);
          for (let i = this.start[v]; i < this.start[v + 1]; i++) {
            const u = this.neighbours[i];
            if ((rest[u >>> 5] >>> (u & 31)) & 1) {
              rest[u >>> 5] &= ~(1 << (u & 31));
              stack[top++] = u;
            }
          }
        }
        const value = this.componentValue(component, members);
        if (value < 0) return -1;
        total ^= value;
      }
    return total;
  }

  /** The value of a connected set, given with its members; -1 when stopped. */
  private componentValue(set: Uint32Array, members: number[]): number {
    const count = members.length;
    if (count <= 2) return count === 1 ? (this.node ? 1 : 0) : 1;
    const key = this.prefix + String.fromCharCode(...new Uint16Array(set.buffer, set.byteOffset, 2 * set.length));
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const value = count <= this.handOverMax ? this.handOver(set, members) : this.search(set, members);
    if (value >= 0) this.memo.set(key, value);
    return value;
  }

  /** The value of a connected set of more than 32 vertices; -1 when stopped. */
  private search(set: Uint32Array, members: number[]): number {
    const count = members.length;
    const has = (u: number) => ((set[u >>> 5] >>> (u & 31)) & 1) === 1;
    let degrees = 0;
    let maxDegree = 0;
    for (const v of members) {
      let degree = 0;
      for (let i = this.start[v]; i < this.start[v + 1]; i++) if (has(this.neighbours[i])) degree++;
      degrees += degree;
      if (degree > maxDegree) maxDegree = degree;
    }
    const edges = degrees / 2;
    if (maxDegree <= 2) return edges === count - 1 ? pathValue(this.tables, count) : cycleValue(this.tables, count);
    if (edges === (count * (count - 1)) / 2) return completeValue(this.kind, count);
    const bipartite = this.bipartite(set, members, edges);
    if (bipartite >= 0) return bipartite;
    if (!this.small.countPosition()) {
      this.stop = this.small.stop;
      return -1;
    }
    const seen = new Set<number>();
    const left = set.slice();
    for (const u of members) {
      if (this.node) {
        if (this.charge(1)) return -1;
        left.set(set);
        left[u >>> 5] &= ~(1 << (u & 31));
        for (let i = this.start[u]; i < this.start[u + 1]; i++) {
          const w = this.neighbours[i];
          left[w >>> 5] &= ~(1 << (w & 31));
        }
        const value = this.setValue(left);
        if (value < 0) return -1;
        seen.add(value);
        continue;
      }
      for (let i = this.start[u]; i < this.start[u + 1]; i++) {
        const w = this.neighbours[i];
        if (w < u || !has(w)) continue;
        if (this.charge(1)) return -1;
        left.set(set);
        left[u >>> 5] &= ~(1 << (u & 31));
        left[w >>> 5] &= ~(1 << (w & 31));
        const value = this.setValue(left);
        if (value < 0) return -1;
        seen.add(value);
      }
    }
    let value = 0;
    while (seen.has(value)) value++;
    return value;
  }

  /** K_{a,b}'s value when the connected set induces one, else -1. */
  private bipartite(set: Uint32Array, members: number[], edges: number): number {
    const has = (u: number) => ((set[u >>> 5] >>> (u & 31)) & 1) === 1;
    const first = members[0];
    const other = new Set<number>();
    for (let i = this.start[first]; i < this.start[first + 1]; i++)
      if (has(this.neighbours[i])) other.add(this.neighbours[i]);
    const a = members.length - other.size;
    if (a * other.size !== edges) return -1;
    for (const v of members) {
      if (other.has(v)) continue;
      let degree = 0;
      for (let i = this.start[v]; i < this.start[v + 1]; i++) {
        const u = this.neighbours[i];
        if (!has(u)) continue;
        if (!other.has(u)) return -1;
        degree++;
      }
      if (degree !== other.size) return -1;
    }
    return bipartiteValue(this.kind, a, other.size);
  }

  /** A component of at most 64 vertices, relabelled in order and searched by the wide search. */
  private handOver(set: Uint32Array, members: number[]): number {
    const { local, low, high } = this;
    members.sort((a, b) => a - b);
    members.forEach((v, i) => {
      local[v] = i;
    });
    members.forEach((v, i) => {
      low[i] = 0;
      high[i] = 0;
      for (let j = this.start[v]; j < this.start[v + 1]; j++) {
        const u = this.neighbours[j];
        if (!((set[u >>> 5] >>> (u & 31)) & 1)) continue;
        if (local[u] < 32) low[i] |= 1 << local[u];
        else high[i] |= 1 << (local[u] - 32);
      }
    });
    this.wide.setGraph(low, high, members.length);
    const n = members.length;
    const value = this.wide.componentValue(
      n >= 32 ? -1 : (1 << n) - 1,
      n <= 32 ? 0 : n === 64 ? -1 : (1 << (n - 32)) - 1,
    );
    if (value < 0) this.stop = this.wide.stop;
    return value;
  }

  /** Spends work on the meter; true when the search must stop. */
  private charge(units: number): boolean {
    const cause = this.meter.spend(units);
    if (cause === undefined) return false;
    this.stop = cause;
    return true;
  }
}

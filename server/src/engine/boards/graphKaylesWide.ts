// The exact search of graphKaylesSmall.ts for graphs of 33 to 64 vertices: a position is a set of
// vertices in two 32-bit words (`low` for vertices 0..31, `high` for 32..63), every set of the
// graph keyed in the set table under one stamp, so that a component met again by any path is not
// searched twice. Same results used, same order of steps: tiny components, the set table, known
// families, the two exact reductions (Node Kayles true twins, Arc Kayles leaves on one vertex),
// the canonical labelling for the smallest components, then the mex over the options. The
// recursion is one level per move: at most 64 deep.
import type { Meter } from '../budget';
import type { StopCause } from '../types';
import { Canonizer, lowestBit, popcount } from './graphKaylesCanon';
import { bipartiteValue, completeValue, type KaylesKind, type KnownTables } from './graphKaylesKnown';
import type { KaylesMemo } from './graphKaylesMemo';
import type { SmallSearch } from './graphKaylesSmall';

export class WideSearch {
  stop: StopCause | undefined;
  private readonly low = new Int32Array(64);
  private readonly high = new Int32Array(64);
  private readonly local = new Int32Array(32);
  private readonly index = new Int8Array(64);
  private readonly closedLow = new Int32Array(64);
  private readonly closedHigh = new Int32Array(64);
  private readonly node: boolean;
  private readonly prefix: string;
  private readonly canonizer = new Canonizer();
  private stamp = 0;

  constructor(
    readonly kind: KaylesKind,
    private readonly memo: KaylesMemo,
    private readonly meter: Meter,
    private readonly tables: KnownTables,
    /** Counts positions (and holds the limit) for both searches. */
    private readonly counter: SmallSearch,
    /** Components of at most this many vertices are looked up by their canonical labelling. */
    private readonly canonicalMax: number,
  ) {
    this.node = kind === 'node';
    this.prefix = this.node ? 'n' : 'a';
  }

  /** The graph searched from now on: v's neighbours are rows (low, high words) for v < n ≤ 64. */
  setGraph(low: ArrayLike<number>, high: ArrayLike<number>, n: number, stamp = this.memo.newStamp()): number {
    for (let v = 0; v < n; v++) {
      this.low[v] = low[v];
      this.high[v] = high[v];
    }
    this.stamp = stamp;
    return stamp;
  }

  /** The value of the subgraph induced by the set: the XOR of its components' values; -1 when stopped. */
  setValue(setLow: number, setHigh: number): number {
    const { low, high } = this;
    let total = 0;
    let restLow = setLow;
    let restHigh = setHigh;
    while ((restLow | restHigh) !== 0) {
      let componentLow = restLow & -restLow;
      let componentHigh = componentLow === 0 ? restHigh & -restHigh : 0;
      let frontierLow = componentLow;
      let frontierHigh = componentHigh;
      // Until nothing grows, or everything left is reached (the common case: a move leaves one piece).
      while ((frontierLow | frontierHigh) !== 0 && (componentLow !== restLow || componentHigh !== restHigh)) {
        let v: number;
        if (frontierLow !== 0) {
          const bit = frontierLow & -frontierLow;
          frontierLow ^= bit;
          v = 31 - Math.clz32(bit);
        } else {
          const bit = frontierHigh & -frontierHigh;
          frontierHigh ^= bit;
          v = 63 - Math.clz32(bit);
        }
        const grownLow = low[v] & restLow & ~componentLow;
        const grownHigh = high[v] & restHigh & ~componentHigh;
        componentLow |= grownLow;
        componentHigh |= grownHigh;
        frontierLow |= grownLow;
        frontierHigh |= grownHigh;
      }
      restLow &= ~componentLow;
      restHigh &= ~componentHigh;
      const value = this.componentValue(componentLow, componentHigh);
      if (value < 0) return -1;
      total ^= value;
    }
    return total;
  }

  /** The value of a connected set; -1 when stopped. */
  componentValue(setLow: number, setHigh: number): number {
    const count = popcount(setLow) + popcount(setHigh);
    if (count <= 2) return count === 1 ? (this.node ? 1 : 0) : 1;
    const stored = this.memo.setValue(this.stamp, setLow, setHigh);
    if (stored >= 0) return stored;
    const { low, high } = this;
    let degrees = 0;
    let maxDegree = 0;
    for (let word = 0; word < 2; word++)
      for (let rest = word === 0 ? setLow : setHigh; rest !== 0; rest &= rest - 1) {
        const v = 32 * word + lowestBit(rest);
        const degree = popcount(low[v] & setLow) + popcount(high[v] & setHigh);
        degrees += degree;
        if (degree > maxDegree) maxDegree = degree;
      }
    const edges = degrees / 2;
    let value: number;
    if (maxDegree <= 2) value = edges === count - 1 ? this.tables.path[count] : this.tables.cycle[count];
    else if (edges === (count * (count - 1)) / 2) value = completeValue(this.kind, count);
    else {
      value = this.bipartite(setLow, setHigh, count, edges);
      if (value < 0) {
        const reduced = this.node ? this.withoutTwins(setLow, setHigh) : this.withoutExtraLeaves(setLow, setHigh);
        if (reduced !== undefined) value = this.componentValue(reduced[0], reduced[1]);
        else value = this.search(setLow, setHigh, count);
        if (value < 0) return -1;
      }
    }
    this.memo.rememberSet(this.stamp, setLow, setHigh, value);
    return value;
  }

  /** K_{a,b}'s value when the connected set induces one, else -1. */
  private bipartite(setLow: number, setHigh: number, count: number, edges: number): number {
    const { low, high } = this;
    const first = setLow !== 0 ? lowestBit(setLow) : 32 + lowestBit(setHigh);
    const otherLow = low[first] & setLow;
    const otherHigh = high[first] & setHigh;
    const sideLow = setLow & ~otherLow;
    const sideHigh = setHigh & ~otherHigh;
    const a = popcount(sideLow) + popcount(sideHigh);
    if (a * (count - a) !== edges) return -1;
    for (let word = 0; word < 2; word++)
      for (let rest = word === 0 ? sideLow : sideHigh; rest !== 0; rest &= rest - 1) {
        const v = 32 * word + lowestBit(rest);
        if ((low[v] & setLow) !== otherLow || (high[v] & setHigh) !== otherHigh) return -1;
      }
    return bipartiteValue(this.kind, a, count - a);
  }

  /** The set with one vertex kept of each class of true twins, or undefined when it has none. */
  private withoutTwins(setLow: number, setHigh: number): [number, number] | undefined {
    const { low, high, closedLow, closedHigh } = this;
    let kept = 0;
    let reducedLow = setLow;
    let reducedHigh = setHigh;
    for (let v = nextIn(setLow, setHigh, 0); v < 64; v = nextIn(setLow, setHigh, v + 1)) {
      const nearLow = (low[v] & setLow) | (v < 32 ? 1 << v : 0);
      const nearHigh = (high[v] & setHigh) | (v < 32 ? 0 : 1 << (v - 32));
      let twin = false;
      for (let i = 0; i < kept && !twin; i++) twin = closedLow[i] === nearLow && closedHigh[i] === nearHigh;
      if (!twin) {
        closedLow[kept] = nearLow;
        closedHigh[kept++] = nearHigh;
      } else if (v < 32) reducedLow &= ~(1 << v);
      else reducedHigh &= ~(1 << (v - 32));
    }
    return reducedLow === setLow && reducedHigh === setHigh ? undefined : [reducedLow, reducedHigh];
  }

  /** The set with one leaf kept on each vertex that has several, or undefined when none has. */
  private withoutExtraLeaves(setLow: number, setHigh: number): [number, number] | undefined {
    const { low, high } = this;
    let holdersLow = 0;
    let holdersHigh = 0;
    let reducedLow = setLow;
    let reducedHigh = setHigh;
    for (let v = nextIn(setLow, setHigh, 0); v < 64; v = nextIn(setLow, setHigh, v + 1)) {
      const nearLow = low[v] & setLow;
      const nearHigh = high[v] & setHigh;
      if (popcount(nearLow) + popcount(nearHigh) !== 1) continue;
      if ((holdersLow & nearLow) !== 0 || (holdersHigh & nearHigh) !== 0) {
        if (v < 32) reducedLow &= ~(1 << v);
        else reducedHigh &= ~(1 << (v - 32));
      }
      holdersLow |= nearLow;
      holdersHigh |= nearHigh;
    }
    return reducedLow === setLow && reducedHigh === setHigh ? undefined : [reducedLow, reducedHigh];
  }

  /** Looks the component up by its canonical labelling (small ones), else tries every option. */
  private search(setLow: number, setHigh: number, count: number): number {
    let key: string | undefined;
    if (count <= this.canonicalMax) {
      const { low, high, local, index, canonizer } = this;
      let i = 0;
      for (let v = nextIn(setLow, setHigh, 0); v < 64; v = nextIn(setLow, setHigh, v + 1)) index[v] = i++;
      i = 0;
      for (let v = nextIn(setLow, setHigh, 0); v < 64; v = nextIn(setLow, setHigh, v + 1)) {
        let row = 0;
        for (let near = low[v] & setLow; near !== 0; near &= near - 1) row |= 1 << index[lowestBit(near)];
        for (let near = high[v] & setHigh; near !== 0; near &= near - 1) row |= 1 << index[32 + lowestBit(near)];
        local[i++] = row;
      }
      canonizer.work = 0;
      const canonical = canonizer.key(local, count);
      if (this.charge(canonizer.work)) return -1;
      if (canonical !== undefined) {
        key = this.prefix + canonical;
        const known = this.memo.get(key);
        if (known !== undefined) return known;
      }
    }
    if (!this.counter.countPosition()) {
      this.stop = this.counter.stop;
      return -1;
    }
    const { low, high } = this;
    let seen = 0;
    let higher: Set<number> | undefined;
    for (let u = nextIn(setLow, setHigh, 0); u < 64; u = nextIn(setLow, setHigh, u + 1)) {
      const uLow = u < 32 ? 1 << u : 0;
      const uHigh = u < 32 ? 0 : 1 << (u - 32);
      if (this.node) {
        if (this.charge(1)) return -1;
        const value = this.setValue(setLow & ~(low[u] | uLow), setHigh & ~(high[u] | uHigh));
        if (value < 0) return -1;
        if (value < 32) seen |= 1 << value;
        else {
          higher ??= new Set();
          higher.add(value);
        }
        continue;
      }
      // Arc Kayles: each edge once, from its lower end.
      const nearLow = low[u] & setLow;
      const nearHigh = high[u] & setHigh;
      for (let w = nextIn(nearLow, nearHigh, u + 1); w < 64; w = nextIn(nearLow, nearHigh, w + 1)) {
        if (this.charge(1)) return -1;
        const wLow = w < 32 ? 1 << w : 0;
        const wHigh = w < 32 ? 0 : 1 << (w - 32);
        const value = this.setValue(setLow & ~(uLow | wLow), setHigh & ~(uHigh | wHigh));
        if (value < 0) return -1;
        if (value < 32) seen |= 1 << value;
        else {
          higher ??= new Set();
          higher.add(value);
        }
      }
    }
    let value = lowestBit(~seen);
    if (seen === -1) for (value = 32; higher?.has(value); ) value++;
    if (key !== undefined) this.memo.set(key, value);
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

/** The first vertex of the set at or after `from` (64 when none). */
function nextIn(low: number, high: number, from: number): number {
  if (from < 32) {
    const rest = low & ~((1 << from) - 1);
    if (rest !== 0) return lowestBit(rest);
    from = 32;
  }
  if (from >= 64) return 64;
  const rest = high & ~((1 << (from - 32)) - 1);
  return rest !== 0 ? 32 + lowestBit(rest) : 64;
}

// The exact search of Node Kayles and Arc Kayles on a graph of at most 32 vertices, a position being
// a 32-bit set of the vertices left (the game on the subgraph they induce).
//
// The value of a set is the XOR of its connected components' values (Sprague–Grundy: the game on a
// disconnected graph is the sum of the games on its components); a component's value is the mex of
// its options' values. Each component, before any search:
//  - one or two vertices: Node Kayles 1, Arc Kayles 0 (one vertex) or 1 (an edge);
//  - found in the transposition table by its vertex set (graphKaylesMemo.ts);
//  - a path, a cycle, a complete or a complete bipartite graph: read or derived (graphKaylesKnown.ts);
//  - reduced, by two exact rules:
//      Node Kayles, true twins: if N[u] = N[v] (closed neighbourhoods), the game on G equals the
//      game on G − v. Taking u or v removes the same set N[u]; any other vertex x adjacent to one is
//      adjacent to both, and takes both; a vertex adjacent to neither leaves u and v true twins in
//      a smaller graph. So the options of G and G − v match one for one, with equal values, by
//      induction on the number of vertices.
//      Arc Kayles, leaves on one vertex: if a and b are leaves hanging from the same vertex w, the
//      game on G equals the game on G − b. An edge through w takes w and leaves a or b (or both)
//      as lone vertices, which have no move; an edge elsewhere keeps a and b leaves of w in a
//      smaller graph. The options match one for one, by induction.
//  - if it is small (canonicalMax), found in the table by its canonical labelling
//    (graphKaylesCanon.ts), exact; else searched.
// Work: positions (components whose options were tried), counted exactly against the search's own
// limit ('work-limit': the same place on any machine when the memo is the search's own); options tried
// (and the labelling's steps) go to the caller's meter, asked only for the user's cancel (or an
// explicit time cap). A stopped search returns -1 all the way up and stores nothing.
import type { Meter } from '../budget';
import type { StopCause } from '../types';
import { Canonizer, lowestBit, popcount } from './graphKaylesCanon';
import { bipartiteValue, completeValue, type KaylesKind, type KnownTables } from './graphKaylesKnown';
import type { KaylesMemo } from './graphKaylesMemo';

export class SmallSearch {
  /** Components searched (their options tried), across every graph given. */
  positions = 0;
  /** Why the search stopped, once it has. */
  stop: StopCause | undefined;
  private readonly adjacency = new Int32Array(32);
  private readonly local = new Int32Array(32);
  private readonly index = new Int8Array(32);
  private readonly closed = new Int32Array(32);
  private readonly node: boolean;
  private readonly prefix: string;
  private readonly canonizer = new Canonizer();
  private stamp = 0;

  constructor(
    readonly kind: KaylesKind,
    private readonly memo: KaylesMemo,
    private readonly meter: Meter,
    private readonly tables: KnownTables,
    /** Components of at most this many vertices are looked up by their canonical labelling. */
    private readonly canonicalMax: number,
    /** The most positions to search (LIMITS.kaylesPositions for a game's component); a listing raises it. */
    public limit = Number.POSITIVE_INFINITY,
  ) {
    this.node = kind === 'node';
    this.prefix = this.node ? 'n' : 'a';
  }

  /**
   * The graph searched from now on: rows[v] is the set of v's neighbours, for v < n ≤ 32. Returns
   * the stamp its sets are stored under; give it back to search the same graph again with them.
   */
  setGraph(rows: ArrayLike<number>, n: number, stamp = this.memo.newStamp()): number {
    for (let v = 0; v < n; v++) this.adjacency[v] = rows[v];
    this.stamp = stamp;
    return stamp;
  }

  /** Counts one more position searched; false (and stopped) past the limit. */
  countPosition(): boolean {
    if (this.positions >= this.limit) {
      this.stop = 'work-limit';
      return false;
    }
    this.positions++;
    return true;
  }

  /** The value of the subgraph induced by `set`: the XOR of its components' values; -1 when stopped. */
  setValue(set: number): number {
    const adjacency = this.adjacency;
    let total = 0;
    let rest = set;
    while (rest !== 0) {
      const low = rest & -rest;
      let component = low;
      let frontier = low;
      // Until nothing grows, or everything left is reached (the common case: a move leaves one piece).
      while (frontier !== 0 && component !== rest) {
        const bit = frontier & -frontier;
        frontier ^= bit;
        const grown = adjacency[31 - Math.clz32(bit)] & rest & ~component;
        component |= grown;
        frontier |= grown;
      }
      rest &= ~component;
      const value = this.componentValue(component);
      if (value < 0) return -1;
      total ^= value;
    }
    return total;
  }

  /** The value of a connected set; -1 when stopped. */
  componentValue(set: number): number {
    const count = popcount(set);
    if (count <= 2) return count === 1 ? (this.node ? 1 : 0) : 1;
    const stored = this.memo.setValue(this.stamp, set, 0);
    if (stored >= 0) return stored;
    const adjacency = this.adjacency;
    let degrees = 0;
    let maxDegree = 0;
    for (let rest = set; rest !== 0; ) {
      const bit = rest & -rest;
      rest ^= bit;
      const degree = popcount(adjacency[31 - Math.clz32(bit)] & set);
      degrees += degree;
      if (degree > maxDegree) maxDegree = degree;
    }
    const edges = degrees / 2;
    let value: number;
    if (maxDegree <= 2) value = edges === count - 1 ? this.tables.path[count] : this.tables.cycle[count];
    else if (edges === (count * (count - 1)) / 2) value = completeValue(this.kind, count);
    else {
      value = this.bipartite(set, count, edges);
      if (value < 0) {
        const reduced = this.node ? this.withoutTwins(set) : this.withoutExtraLeaves(set);
        value = reduced !== set ? this.componentValue(reduced) : this.search(set, count);
        if (value < 0) return -1;
      }
    }
    this.memo.rememberSet(this.stamp, set, 0, value);
    return value;
  }

  /** K_{a,b}'s value when the connected set induces one, else -1. */
  private bipartite(set: number, count: number, edges: number): number {
    const adjacency = this.adjacency;
    const other = adjacency[lowestBit(set)] & set;
    const side = set & ~other;
    const a = popcount(side);
    if (a * (count - a) !== edges) return -1;
    for (let rest = side; rest !== 0; ) {
      const bit = rest & -rest;
      rest ^= bit;
      if ((adjacency[31 - Math.clz32(bit)] & set) !== other) return -1;
    }
    return bipartiteValue(this.kind, a, count - a);
  }

  /** The set with one vertex kept of each class of true twins (same closed neighbourhood). */
  private withoutTwins(set: number): number {
    const { adjacency, closed } = this;
    let kept = 0;
    let reduced = set;
    for (let rest = set; rest !== 0; ) {
      const bit = rest & -rest;
      rest ^= bit;
      const neighbourhood = (adjacency[31 - Math.clz32(bit)] & set) | bit;
      let twin = false;
      for (let i = 0; i < kept; i++)
        if (closed[i] === neighbourhood) {
          twin = true;
          break;
        }
      if (twin) reduced ^= bit;
      else closed[kept++] = neighbourhood;
    }
    return reduced;
  }

  /** The set with one leaf kept on each vertex that has several. */
  private withoutExtraLeaves(set: number): number {
    const adjacency = this.adjacency;
    let holders = 0;
    let reduced = set;
    for (let rest = set; rest !== 0; ) {
      const bit = rest & -rest;
      rest ^= bit;
      const neighbours = adjacency[31 - Math.clz32(bit)] & set;
      if ((neighbours & (neighbours - 1)) !== 0) continue;
      if ((holders & neighbours) !== 0) reduced ^= bit;
      holders |= neighbours;
    }
    return reduced;
  }

  /** Looks the component up by its canonical labelling, else tries every option. */
  private search(set: number, count: number): number {
    const key = count <= this.canonicalMax ? this.canonicalKey(set, count) : undefined;
    if (key === null) return -1;
    if (key !== undefined) {
      const known = this.memo.get(key);
      if (known !== undefined) return known;
    }
    return this.tryOptions(set, key);
  }

  /** The component's canonical key, undefined without one, null when the meter stops the search. */
  private canonicalKey(set: number, count: number): string | undefined | null {
    const { adjacency, local, index, canonizer } = this;
    let i = 0;
    for (let rest = set; rest !== 0; rest &= rest - 1) index[lowestBit(rest)] = i++;
    i = 0;
    for (let rest = set; rest !== 0; rest &= rest - 1) {
      let row = 0;
      for (let near = adjacency[lowestBit(rest)] & set; near !== 0; near &= near - 1)
        row |= 1 << index[lowestBit(near)];
      local[i++] = row;
    }
    canonizer.work = 0;
    const canonical = canonizer.key(local, count);
    if (this.charge(canonizer.work)) return null;
    return canonical === undefined ? undefined : this.prefix + canonical;
  }

  /** The mex of the component's options' values, stored under its key; -1 when stopped. */
  private tryOptions(set: number, key: string | undefined): number {
    const adjacency = this.adjacency;
    if (!this.countPosition()) return -1;
    let seen = 0;
    let high: Set<number> | undefined;
    for (let rest = set; rest !== 0; ) {
      const bit = rest & -rest;
      rest ^= bit;
      const u = 31 - Math.clz32(bit);
      if (this.node) {
        if (this.charge(1)) return -1;
        const value = this.setValue(set & ~(adjacency[u] | bit));
        if (value < 0) return -1;
        if (value < 32) seen |= 1 << value;
        else {
          high ??= new Set();
          high.add(value);
        }
        continue;
      }
      // Arc Kayles: each edge once, from its lower end.
      for (let near = adjacency[u] & set & ~((2 << u) - 1); near !== 0; ) {
        const other = near & -near;
        near ^= other;
        if (this.charge(1)) return -1;
        const value = this.setValue(set & ~(bit | other));
        if (value < 0) return -1;
        if (value < 32) seen |= 1 << value;
        else {
          high ??= new Set();
          high.add(value);
        }
      }
    }
    let value = lowestBit(~seen);
    if (seen === -1) for (value = 32; high?.has(value); ) value++;
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

// Node Kayles and Arc Kayles on undirected graphs: values, options and winning moves.
//
// The games (Schaefer, "On the complexity of some two-person perfect-information games", J. Comput.
// System Sci. 16, 1978, who proved both PSPACE-complete; Bodlaender and Kratsch, "Kayles and
// nimbers", J. Algorithms 43, 2002): on a simple graph (loops and repeated edges change nothing), a
// Node Kayles move takes a vertex with all its neighbours, an Arc Kayles move takes an edge with its
// two ends (and so every edge touching them). Normal play: whoever cannot move loses.
//
// The method, and the results it rests on:
//  - Sprague–Grundy: a graph's value is the XOR of its connected components' values, a component's
//    value the mex of its options' values (each option again a graph, split the same way).
//  - Known families, answered without a search and said as such (graphKaylesKnown.ts): paths by
//    the octal games 0.137 (Dawson's chess) and 0.07 (Dawson's Kayles), whose periods are proved,
//    so a path or cycle of 10^5 vertices is read off; cycles by their one option; complete and
//    complete bipartite graphs by the length of every play.
//  - Two exact reductions (graphKaylesSmall.ts, proved there): Node Kayles keeps one vertex of
//    true twins, Arc Kayles one leaf per vertex.
//  - Exact keys, never a trusted hash. Within one search a component is keyed by its vertex set
//    in the graph searched (one or two 32-bit words, or an array of words beyond 64 vertices). A
//    component of at most CANONICAL_MAX vertices is also keyed by its canonical labelling
//    (graphKaylesCanon.ts: individualization–refinement after McKay), which merges isomorphic
//    copies; above that size, on random graphs, labelling cost more than it saved (measured on
//    Arc Kayles: with labels up to 16 vertices a search met half the positions in 1.8 times the
//    time). A whole
//    component is named by its canonical form (or, without one, its exact edges), so a later call
//    with the same memo on the same graph, or an isomorphic one, finds every set it stored.
//  - A transposition table with a memory ceiling (graphKaylesMemo.ts), shared between calls
//    through a KaylesMemo.
//  - Vertex sets as one 32-bit word for components of at most 32 vertices (graphKaylesSmall.ts),
//    two words up to 64 (graphKaylesWide.ts), arrays of words beyond (graphKaylesLarge.ts), one
//    level of recursion per move. Components of more than MAX_SEARCH_VERTICES vertices are not
//    searched (their value is unknown, with the reason); the budget (deadline, cancellation, work
//    account, maxValues counted in components searched) stops any search cleanly.
//  - Not used: cut vertices. Kayles on a graph glued at a vertex is not the sum of its two sides,
//    and no exact rule for it is known to us; the searches split only at true disconnection.
// Nothing here does I/O or keeps global state; the memo is the caller's.
import { describeStop, Meter } from '../budget';
import type { Budget, StopCause } from '../types';
import { Canonizer } from './graphKaylesCanon';
import type { KaylesGraphData, KaylesShape, LocalGraph } from './graphKaylesGraph';
import { readGraph } from './graphKaylesGraph';
import {
  bipartiteValue,
  bipartiteWhy,
  completeValue,
  completeWhy,
  cycleValue,
  cycleWhy,
  type KaylesKind,
  type KnownTables,
  knownTables,
  pathValue,
  pathWhy,
} from './graphKaylesKnown';
import { LargeSearch, MAX_SEARCH_VERTICES } from './graphKaylesLarge';
import { KaylesMemo } from './graphKaylesMemo';
import { SmallSearch } from './graphKaylesSmall';
import { WideSearch } from './graphKaylesWide';

export type { KaylesKind };
export { KaylesMemo, MAX_SEARCH_VERTICES };

/** An undirected graph on vertices 0..vertices-1. */
export interface KaylesGraph {
  readonly vertices: number;
  readonly edges: readonly (readonly [number, number])[];
}

/** A connected component: its vertices (ascending), its value when known, and why. */
export interface KaylesPart {
  readonly vertices: readonly number[];
  readonly value: number | null;
  readonly why?: string;
}

export interface KaylesAnalysis {
  /** The graph's value: the XOR of its parts'; null when a part's is unknown (see reason). */
  readonly value: number | null;
  readonly parts: readonly KaylesPart[];
  /** Why the value is unknown (or the graph is not one), when it is. */
  readonly reason?: string;
  readonly stop?: StopCause;
  /** Components searched (their options tried). */
  readonly positions: number;
}

/** A move: a vertex (Node Kayles) or an edge, its ends in ascending order (Arc Kayles). */
export type KaylesMove = number | readonly [number, number];

export interface KaylesOption {
  readonly move: KaylesMove;
  /** The vertices the move removes, ascending. */
  readonly removed: readonly number[];
}

export interface KaylesWinningMoves {
  readonly moves: readonly KaylesMove[];
  /** Every move was looked at: `moves` are all of them. */
  readonly complete: boolean;
  readonly reason?: string;
}

/** The value of Node Kayles or Arc Kayles on the graph, by components. */
export function kaylesValue(
  kind: KaylesKind,
  graph: KaylesGraph,
  budget: Budget,
  memo: KaylesMemo = new KaylesMemo(),
): KaylesAnalysis {
  const read = readGraph(graph);
  if (typeof read === 'string') return { value: null, parts: [], reason: read, positions: 0 };
  return new Analysis(kind, read, budget, memo).run();
}

/** Every move on the graph and what it removes: vertices in order, or edges in order (none when it is no graph). */
export function kaylesOptions(kind: KaylesKind, graph: KaylesGraph): KaylesOption[] {
  const read = readGraph(graph);
  return typeof read === 'string' ? [] : optionsOf(kind, read);
}

function optionsOf(kind: KaylesKind, graph: KaylesGraphData): KaylesOption[] {
  const options: KaylesOption[] = [];
  if (kind === 'node')
    for (let v = 0; v < graph.n; v++) options.push({ move: v, removed: [v, ...graph.neighboursOf(v)].sort(byNumber) });
  else graph.forEachEdge((u, v) => options.push({ move: [u, v], removed: [u, v] }));
  return options;
}

/**
 * The moves after which the graph's value is `target` (0: the winning moves). In a sum with other
 * games of total value t, the winning moves on this graph are those to target = value XOR t.
 */
export function kaylesWinningMoves(
  kind: KaylesKind,
  graph: KaylesGraph,
  target: number,
  budget: Budget,
  memo: KaylesMemo = new KaylesMemo(),
): KaylesWinningMoves {
  const read = readGraph(graph);
  if (typeof read === 'string') return { moves: [], complete: false, reason: read };
  const analysis = new Analysis(kind, read, budget, memo);
  const result = analysis.run();
  if (result.value === null) return { moves: [], complete: false, reason: result.reason };
  // No option of a game has the game's own value.
  if (target === result.value) return { moves: [], complete: true };
  return analysis.movesTo(target, result.value);
}

const byNumber = (a: number, b: number) => a - b;

/** Components of at most this many vertices are looked up by their canonical labelling (see the header). */
const CANONICAL_MAX = 10;

/** One component as the analysis keeps it: its shape, value, and (searched) its graph's stamp. */
interface Component {
  readonly members: number[];
  readonly shape: KaylesShape;
  value: number | null;
  why?: string;
  search?: Searched;
}

/** A component as searched: its local graph, the rows and places searched (canonical when it has one), its stamp. */
interface Searched {
  readonly local: LocalGraph;
  readonly rows: Int32Array;
  /** place[v]: where local vertex v is in the graph searched. */
  readonly place: ArrayLike<number>;
  readonly stamp: number;
}

class Analysis {
  private readonly meter: Meter;
  private readonly tables: KnownTables;
  private readonly small: SmallSearch;
  private readonly wide: WideSearch;
  private readonly large: LargeSearch;
  private readonly components: Component[];
  private readonly canonizer = new Canonizer();
  private stop: StopCause | undefined;

  constructor(
    readonly kind: KaylesKind,
    private readonly graph: KaylesGraphData,
    budget: Budget,
    private readonly memo: KaylesMemo,
  ) {
    // The clock is read every 1024 options tried: a position costs microseconds, the clock less.
    this.meter = new Meter(budget, 1024);
    this.tables = knownTables(kind, memo);
    this.small = new SmallSearch(kind, memo, this.meter, this.tables, CANONICAL_MAX, budget.maxValues);
    this.wide = new WideSearch(kind, memo, this.meter, this.tables, this.small, CANONICAL_MAX);
    this.large = new LargeSearch(kind, memo, this.meter, this.tables, this.small, this.wide);
    this.components = graph.components().map((members) => ({ members, shape: graph.shape(members), value: null }));
  }

  run(): KaylesAnalysis {
    // The known families first, then the searches from the smallest: when the budget runs out,
    // as many parts as possible are known.
    for (const component of this.components) this.known(component);
    const searched = this.components.filter((component) => component.value === null);
    searched.sort((a, b) => a.members.length - b.members.length);
    for (const component of searched) this.search(component);
    let value: number | null = 0;
    let unknown: Component | undefined;
    for (const component of this.components) {
      if (component.value === null) {
        value = null;
        unknown ??= component;
      } else if (value !== null) value ^= component.value;
    }
    const parts = this.components.map(({ members, value, why }) => ({ vertices: members, value, why }));
    const positions = this.small.positions;
    if (unknown === undefined) return { value, parts, positions };
    const unknowns = this.components.filter((component) => component.value === null).length;
    const size = count(unknown.members.length);
    const which = `the component of ${size} vertices (${listed(unknown.members)})`;
    const others = unknowns > 1 ? ` (and of ${unknowns - 1} more)` : '';
    const reason = `the value of ${which}${others} is ${unknown.why}`;
    return { value, parts, reason, positions, ...(this.stop ? { stop: this.stop } : {}) };
  }

  /** Answers a component of a known family. */
  private known(component: Component): void {
    const { shape } = component;
    const n = component.members.length;
    const { kind, tables } = this;
    let value: number;
    switch (shape.kind) {
      case 'path':
        value = pathValue(tables, n);
        component.why = pathWhy(kind, n, value);
        break;
      case 'cycle':
        value = cycleValue(tables, n);
        component.why = cycleWhy(tables, n, value);
        break;
      case 'complete':
        value = completeValue(kind, n);
        component.why = completeWhy(kind, n);
        break;
      case 'bipartite':
        value = bipartiteValue(kind, shape.a, shape.b);
        component.why = bipartiteWhy(kind, shape.a, shape.b, value);
        break;
      default:
        return;
    }
    component.value = value;
  }

  /** Searches a component (or says why not). */
  private search(component: Component): void {
    const n = component.members.length;
    if (n > MAX_SEARCH_VERTICES) {
      const most = MAX_SEARCH_VERTICES;
      component.why = `unknown: beyond the exact search, which takes components of at most ${most} vertices`;
      this.stop ??= 'size-limit';
      return;
    }
    if (this.stop !== undefined) {
      component.why = `unknown: not searched, ${describeStop(this.stop)} before its turn`;
      return;
    }
    const before = this.small.positions;
    const value = this.valueWithout(component, []);
    const positions = this.small.positions - before;
    if (value < 0) {
      this.stop = this.small.stop ?? this.wide.stop ?? this.large.stop ?? 'cancelled';
      component.why = `unknown: ${describeStop(this.stop)} after ${count(positions)} positions`;
      return;
    }
    component.value = value;
    const options = this.kind === 'node' ? n : component.shape.edges;
    const mex = `the mex of its ${options} option${options === 1 ? "'s value" : "s' values"}`;
    component.why =
      positions === 0
        ? `${mex}, known from an earlier search`
        : `${mex}, by an exact search of ${count(positions)} position${positions === 1 ? '' : 's'}`;
  }

  /** The value of a searched component less some of its vertices (original names); -1 when stopped. */
  private valueWithout(component: Component, removed: readonly number[]): number {
    const search = this.searched(component);
    const n = component.members.length;
    const gone = removed.map((v) => search.place[search.local.index.get(v)!]);
    if (n <= 32) {
      this.small.setGraph(search.rows, n, search.stamp);
      let set = n === 32 ? -1 : (1 << n) - 1;
      for (const v of gone) set &= ~(1 << v);
      return this.small.setValue(set);
    }
    const { local } = search;
    if (n <= 64) {
      this.wide.setGraph(local.low, local.high, n, search.stamp);
      let low = -1;
      let high = n === 64 ? -1 : (1 << (n - 32)) - 1;
      for (const v of gone) {
        if (v < 32) low &= ~(1 << v);
        else high &= ~(1 << (v - 32));
      }
      return this.wide.setValue(low, high);
    }
    this.large.setGraph(n, local.start, local.neighbours, search.stamp);
    const set = this.large.emptySet();
    for (let v = 0; v < n; v++) set[v >>> 5] |= 1 << (v & 31);
    for (const v of gone) set[v >>> 5] &= ~(1 << (v & 31));
    return this.large.setValue(set);
  }

  /**
   * The graph a component is searched as, with the stamp its sets are kept under in the memo:
   * named by its canonical form when it has one (at most 32 vertices: then it is searched
   * relabelled canonically, and a later call on any isomorphic graph finds its sets), else by its
   * exact edges (a later call on the same graph finds them).
   */
  private searched(component: Component): Searched {
    if (component.search) return component.search;
    const n = component.members.length;
    const local = this.graph.localGraph(component.members);
    let rows: Int32Array = local.rows;
    let place: ArrayLike<number> = Int8Array.from({ length: n }, (_, v) => v);
    let name: string | undefined;
    if (n <= 32) {
      const key = this.canonizer.key(local.rows, n);
      if (key !== undefined) {
        ({ rows, place } = this.canonizer.labelling(n));
        name = key;
      }
    }
    if (name === undefined) {
      const words = n <= 32 ? [local.rows] : n <= 64 ? [local.low, local.high] : [local.start, local.neighbours];
      name = `=${words.map(wordsText).join('/')}`;
    }
    const stamp = this.memo.stampFor(`${this.kind[0]}${name}`);
    component.search = { local, rows, place, stamp };
    return component.search;
  }

  /** Every move to a graph of value `target`, the graph's value being `total`. */
  movesTo(target: number, total: number): KaylesWinningMoves {
    const moves: KaylesMove[] = [];
    const memberOf = new Map<number, Component>();
    for (const component of this.components) for (const v of component.members) memberOf.set(v, component);
    for (const { move, removed } of optionsOf(this.kind, this.graph)) {
      const component = memberOf.get(removed[0])!;
      const wanted = target ^ total ^ (component.value ?? 0);
      const value = this.optionValue(component, removed);
      if (value < 0) {
        const stop = this.small.stop ?? this.wide.stop ?? this.large.stop ?? 'cancelled';
        const reason = `${describeStop(stop)} before every move was looked at: ${moves.length} found so far`;
        return { moves, complete: false, reason };
      }
      if (value === wanted) moves.push(move);
    }
    return { moves, complete: true };
  }

  /** The value a move leaves its component with; -1 when stopped. */
  private optionValue(component: Component, removed: readonly number[]): number {
    const { shape } = component;
    const n = component.members.length;
    const { kind, tables } = this;
    switch (shape.kind) {
      case 'path': {
        // Positions along the path: the move leaves the runs before and after what it removes.
        const first = Math.min(...removed.map((v) => shape.order.get(v)!));
        const before = first;
        const after = n - first - removed.length;
        return pathValue(tables, before) ^ pathValue(tables, after);
      }
      case 'cycle':
        return pathValue(tables, n - removed.length);
      case 'complete':
        return completeValue(kind, n - removed.length);
      case 'bipartite': {
        if (kind === 'arc') return bipartiteValue(kind, shape.a - 1, shape.b - 1);
        const lone = shape.a + shape.b - removed.length;
        return lone % 2;
      }
      default:
        return this.valueWithout(component, removed);
    }
  }
}

/** An array of 32-bit words as text, two UTF-16 code units a word: an exact key. */
function wordsText(array: Int32Array): string {
  const units = new Uint16Array(array.buffer, array.byteOffset, 2 * array.length);
  let text = '';
  // In pieces: a call takes a bounded number of arguments.
  for (let at = 0; at < units.length; at += 4096) text += String.fromCharCode(...units.subarray(at, at + 4096));
  return text;
}

const count = (n: number) => n.toLocaleString('en');

/** The first vertices of a list, for a sentence. */
function listed(vertices: readonly number[]): string {
  const shown = vertices.slice(0, 6).join(', ');
  return vertices.length > 6 ? `${shown}, …` : shown;
}

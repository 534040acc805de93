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
//  - A transposition table with a memory ceiling (graphKaylesMemo.ts), made fresh for each
//    component's search (below).
//  - One game, one answer (issue 55): each component is searched alone, with its own table and its
//    own limit of positions (LIMITS.kaylesPositions), so what it gives is a function of the
//    component's canonical form (or exact edges) alone; only finished searches are shared between
//    graphs and games (searchResults.ts), with the positions each took. A graph's components are
//    searched the smallest first until their positions together (each at its own count, found or
//    searched) reach LIMITS.kaylesGraphPositions; the rest are then not searched. Listing winning
//    moves is the same: each component's listing with its own fresh table and limit.
//  - Vertex sets as one 32-bit word for components of at most 32 vertices (graphKaylesSmall.ts),
//    two words up to 64 (graphKaylesWide.ts), arrays of words beyond (graphKaylesLarge.ts), one
//    level of recursion per move. Components of more than MAX_SEARCH_VERTICES vertices are not
//    searched (their value is unknown, with the reason); the limits of positions, or the user's
//    cancel (the budget's isCancelled, or an explicit deadline), stop any search cleanly.
//  - Not used: cut vertices. Kayles on a graph glued at a vertex is not the sum of its two sides,
//    and no exact rule for it is known to us; the searches split only at true disconnection.
// Nothing here does I/O or keeps global state but the known families' tables (a fixed computation);
// the finished searches are the caller's.
import { describeStop, Meter } from '../budget';
import { LIMITS } from '../limits';
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
import { type FinishedSearch, SearchResults } from './searchResults';

export type { KaylesKind };
export { KaylesMemo, MAX_SEARCH_VERTICES };

/** How far a graph's searches may go (LIMITS by default; tests give smaller ones). */
export interface KaylesLimits {
  /** Positions one component's search may expand. */
  readonly positions: number;
  /** Positions a graph's component searches may take together before no new one starts. */
  readonly graphPositions: number;
}

export const KAYLES_LIMITS: KaylesLimits = {
  positions: LIMITS.kaylesPositions,
  graphPositions: LIMITS.kaylesGraphPositions,
};

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
  /**
   * Positions the graph's component searches took, each at its own search's count (the same whether
   * it was searched in this call or found finished in the shared results).
   */
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

/**
 * The value of Node Kayles or Arc Kayles on the graph, by components. `results`: finished component
 * searches to read and add to (share one between graphs and games; a fresh one by default).
 */
export function kaylesValue(
  kind: KaylesKind,
  graph: KaylesGraph,
  budget: Budget,
  results: SearchResults = new SearchResults(),
  limits: KaylesLimits = KAYLES_LIMITS,
): KaylesAnalysis {
  const read = readGraph(graph);
  if (typeof read === 'string') return { value: null, parts: [], reason: read, positions: 0 };
  return new Analysis(kind, read, budget, results, limits).run();
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
  results: SearchResults = new SearchResults(),
  limits: KaylesLimits = KAYLES_LIMITS,
): KaylesWinningMoves {
  const read = readGraph(graph);
  if (typeof read === 'string') return { moves: [], complete: false, reason: read };
  const analysis = new Analysis(kind, read, budget, results, limits);
  const result = analysis.run();
  if (result.value === null) return { moves: [], complete: false, reason: result.reason };
  // No option of a game has the game's own value.
  if (target === result.value) return { moves: [], complete: true };
  return analysis.movesTo(target, result.value);
}

const byNumber = (a: number, b: number) => a - b;

/** Components of at most this many vertices are looked up by their canonical labelling (see the header). */
const CANONICAL_MAX = 10;

/** One component as the analysis keeps it: its shape, value, and (searched) its graph as searched. */
interface Component {
  readonly members: number[];
  readonly shape: KaylesShape;
  value: number | null;
  why?: string;
  search?: Searched;
}

/** A component as searched: its local graph, the rows and places searched (canonical when it has one), its name. */
interface Searched {
  readonly local: LocalGraph;
  readonly rows: Int32Array;
  /** place[v]: where local vertex v is in the graph searched. */
  readonly place: ArrayLike<number>;
  /** What is searched, exactly: the kind and the canonical form, or the exact edges. */
  readonly key: string;
}

/** The searches of one component, alone: a fresh table, its own limit of positions, the budget's cancel. */
class ComponentSearch {
  private readonly small: SmallSearch;
  private readonly wide: WideSearch;
  private readonly large: LargeSearch;
  private readonly stamp: number;

  constructor(
    kind: KaylesKind,
    private readonly search: Searched,
    private readonly n: number,
    budget: Budget,
    tables: KnownTables,
    limit: number,
  ) {
    const memo = new KaylesMemo();
    // The clock is read every 1024 options tried: a position costs microseconds, the clock less.
    const meter = new Meter(budget, 1024);
    this.small = new SmallSearch(kind, memo, meter, tables, CANONICAL_MAX, limit);
    this.wide = new WideSearch(kind, memo, meter, tables, this.small, CANONICAL_MAX);
    this.large = new LargeSearch(kind, memo, meter, tables, this.small, this.wide);
    this.stamp = memo.newStamp();
  }

  /** Allows `more` positions from here on (a listing's moves, after its component's value). */
  allow(more: number): void {
    this.small.limit = this.small.positions + more;
  }

  /** Positions searched so far. */
  get positions(): number {
    return this.small.positions;
  }

  /** Why it stopped, once it has. */
  get stop(): StopCause | undefined {
    return this.small.stop ?? this.wide.stop ?? this.large.stop;
  }

  /** The value of the component less some of its vertices (original names); -1 when stopped. */
  valueWithout(removed: readonly number[]): number {
    const { search, n } = this;
    const gone = removed.map((v) => search.place[search.local.index.get(v)!]);
    if (n <= 32) {
      this.small.setGraph(search.rows, n, this.stamp);
      let set = n === 32 ? -1 : (1 << n) - 1;
      for (const v of gone) set &= ~(1 << v);
      return this.small.setValue(set);
    }
    const { local } = search;
    if (n <= 64) {
      this.wide.setGraph(local.low, local.high, n, this.stamp);
      let low = -1;
      let high = n === 64 ? -1 : (1 << (n - 32)) - 1;
      for (const v of gone) {
        if (v < 32) low &= ~(1 << v);
        else high &= ~(1 << (v - 32));
      }
      return this.wide.setValue(low, high);
    }
    this.large.setGraph(n, local.start, local.neighbours, this.stamp);
    const set = this.large.emptySet();
    for (let v = 0; v < n; v++) set[v >>> 5] |= 1 << (v & 31);
    for (const v of gone) set[v >>> 5] &= ~(1 << (v & 31));
    return this.large.setValue(set);
  }
}

/** The known families' tables, by kind: a fixed computation, the same for every graph, made once. */
const KNOWN_TABLES = new Map<KaylesKind, KnownTables>();

function knownTablesOf(kind: KaylesKind): KnownTables {
  let tables = KNOWN_TABLES.get(kind);
  if (!tables) {
    tables = knownTables(kind, new KaylesMemo());
    KNOWN_TABLES.set(kind, tables);
  }
  return tables;
}

class Analysis {
  private readonly tables: KnownTables;
  private readonly components: Component[];
  private readonly canonizer = new Canonizer();
  /** Positions the graph's component values took, each at its search's count (found or searched). */
  private positions = 0;
  /** Why the first component left unknown is (a limit, the user's cancel). */
  private stop: StopCause | undefined;

  constructor(
    readonly kind: KaylesKind,
    private readonly graph: KaylesGraphData,
    private readonly budget: Budget,
    private readonly results: SearchResults,
    private readonly limits: KaylesLimits,
  ) {
    this.tables = knownTablesOf(kind);
    this.components = graph.components().map((members) => ({ members, shape: graph.shape(members), value: null }));
  }

  run(): KaylesAnalysis {
    // The known families first, then the searches from the smallest (in the order of their first
    // vertex among equals): when a limit is reached, as many parts as possible are known.
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
    const positions = this.positions;
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
      component.why = 'unknown: not searched, a smaller component is unknown';
      return;
    }
    if (this.positions >= this.limits.graphPositions) {
      component.why = `unknown: not searched, ${this.pastGraphLimit(this.positions)}`;
      this.stop = 'work-limit';
      return;
    }
    const found = this.componentValue(component);
    this.positions += found.positions;
    if (found.value === null) {
      this.stop = found.cancelled ?? 'work-limit';
      component.why =
        found.cancelled !== undefined
          ? `unknown: ${describeStop(found.cancelled)} after ${count(found.positions)} positions`
          : `unknown: the search stopped at its limit of ${count(found.positions)} positions`;
      return;
    }
    const { value, positions } = found;
    component.value = value;
    const options = this.kind === 'node' ? n : component.shape.edges;
    const mex = `the mex of its ${options} option${options === 1 ? "'s value" : "s' values"}`;
    component.why =
      positions === 0
        ? `${mex}, read from a known family after the exact reductions (true twins, extra leaves)`
        : `${mex}, by an exact search of ${count(positions)} position${positions === 1 ? '' : 's'}`;
  }

  private pastGraphLimit(spent: number): string {
    return (
      `the graph's component searches had taken ${count(spent)} positions, ` +
      `past the graph's limit of ${count(this.limits.graphPositions)}`
    );
  }

  /** A component's value by its own search, or the same search finished before (shared results). */
  private componentValue(component: Component): FinishedSearch & { readonly cancelled?: StopCause } {
    const searched = this.searched(component);
    const limit = this.limits.positions;
    const found = this.results.get(searched.key, limit);
    if (found) return found;
    const search = this.newSearch(component);
    const value = search.valueWithout([]);
    if (value < 0) {
      const stop = search.stop ?? 'cancelled';
      if (stop !== 'work-limit') return { value: null, positions: search.positions, cancelled: stop };
    }
    const result = value < 0 ? { value: null, positions: limit } : { value, positions: search.positions };
    this.results.set(searched.key, result);
    return result;
  }

  private newSearch(component: Component): ComponentSearch {
    const n = component.members.length;
    return new ComponentSearch(this.kind, this.searched(component), n, this.budget, this.tables, this.limits.positions);
  }

  /**
   * The graph a component is searched as, and its key: named by its canonical form when it has one
   * (at most 32 vertices: then it is searched relabelled canonically, so any isomorphic component
   * is the same search), else by its exact edges.
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
    component.search = { local, rows, place, key: `${this.kind[0]}${n}:${name}` };
    return component.search;
  }

  /**
   * Every move to a graph of value `target`, the graph's value being `total`. Each component's
   * moves by a search of its own (a fresh table, its own limit); the graph's listings together
   * stop starting new ones at the graph's limit, each counted at its own positions.
   */
  movesTo(target: number, total: number): KaylesWinningMoves {
    const moves: KaylesMove[] = [];
    const memberOf = new Map<number, Component>();
    for (const component of this.components) for (const v of component.members) memberOf.set(v, component);
    const listings = new Map<Component, ComponentSearch>();
    const stopped = (why: string) => ({
      moves,
      complete: false,
      reason: `${why} before every move was looked at: ${moves.length} found so far`,
    });
    for (const { move, removed } of optionsOf(this.kind, this.graph)) {
      const component = memberOf.get(removed[0])!;
      const wanted = target ^ total ^ (component.value ?? 0);
      let value = this.formulaValue(component, removed);
      if (value === undefined) {
        let search = listings.get(component);
        if (!search) {
          let spent = 0;
          for (const done of listings.values()) spent += done.positions;
          if (spent >= this.limits.graphPositions) return stopped(this.pastGraphLimit(spent));
          search = this.newSearch(component);
          listings.set(component, search);
          // First the component's value search again, in the listing's own table: the same search, so the
          // same positions, within the limit (its value was found); then the limit again for the moves,
          // which the table then answers (the value's search valued every option).
          if (search.valueWithout([]) < 0) return stopped(`${describeStop(search.stop ?? 'cancelled')}`);
          search.allow(this.limits.positions);
        }
        value = search.valueWithout(removed);
        if (value < 0) {
          const stop = search.stop ?? 'cancelled';
          return stopped(
            stop === 'work-limit'
              ? `the search of its moves stopped at its limit of ${count(this.limits.positions)} positions`
              : `${describeStop(stop)} after ${count(search.positions)} positions`,
          );
        }
      }
      if (value === wanted) moves.push(move);
    }
    return { moves, complete: true };
  }

  /** The value a move leaves its component with, by its family's formula; undefined for a searched one. */
  private formulaValue(component: Component, removed: readonly number[]): number | undefined {
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
        return undefined;
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

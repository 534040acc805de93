// A Kayles graph read once into adjacency lists: checked, loops and repeated edges dropped, split
// into connected components, each component's shape recognised (the families graphKaylesKnown.ts
// answers) and relabelled for the searches. Linear in the graph's size, no recursion: a graph of
// millions of vertices is read as safely as a small one.

/** The most vertices a graph may have (its arrays take a few bytes per vertex). */
export const MAX_KAYLES_VERTICES = 1 << 24;

export type KaylesShape =
  | { readonly kind: 'path'; readonly edges: number; readonly order: ReadonlyMap<number, number> }
  | { readonly kind: 'cycle'; readonly edges: number }
  | { readonly kind: 'complete'; readonly edges: number }
  | { readonly kind: 'bipartite'; readonly edges: number; readonly a: number; readonly b: number }
  | { readonly kind: 'other'; readonly edges: number };

/**
 * A component relabelled 0..n-1 in the order of its vertices: rows (n ≤ 32), rows in two words
 * (n ≤ 64: vertices 0..31 in `low`, 32..63 in `high`) and adjacency lists.
 */
export interface LocalGraph {
  readonly index: ReadonlyMap<number, number>;
  readonly rows: Int32Array;
  readonly low: Int32Array;
  readonly high: Int32Array;
  readonly start: Int32Array;
  readonly neighbours: Int32Array;
}

/** The graph as data, or a sentence saying why it is not one. */
export function readGraph(graph: {
  readonly vertices: number;
  readonly edges: readonly (readonly [number, number])[];
}): KaylesGraphData | string {
  const n = graph.vertices;
  if (!Number.isSafeInteger(n) || n < 0) return `the number of vertices must be a whole number ≥ 0, not ${n}`;
  if (n > MAX_KAYLES_VERTICES) return `a graph may have at most ${MAX_KAYLES_VERTICES} vertices, not ${n}`;
  const pairs: number[] = [];
  for (let i = 0; i < graph.edges.length; i++) {
    const [u, v] = graph.edges[i];
    for (const end of [u, v])
      if (!Number.isInteger(end) || end < 0 || end >= n)
        return `edge ${i} (${u} - ${v}) has an end that is not a vertex: ${n === 0 ? 'there are none' : `0..${n - 1}`}`;
    if (u !== v) pairs.push(Math.min(u, v) * n + Math.max(u, v));
  }
  const sorted = Float64Array.from(pairs).sort();
  const degree = new Int32Array(n + 1);
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    sorted[distinct++] = sorted[i];
    const u = Math.floor(sorted[i] / n);
    degree[u]++;
    degree[sorted[i] - u * n]++;
  }
  const start = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) start[v + 1] = start[v] + degree[v];
  const fill = start.slice(0, n);
  const neighbours = new Int32Array(2 * distinct);
  for (let i = 0; i < distinct; i++) {
    const u = Math.floor(sorted[i] / n);
    const v = sorted[i] - u * n;
    neighbours[fill[u]++] = v;
    neighbours[fill[v]++] = u;
  }
  return new KaylesGraphData(n, start, neighbours);
}

export class KaylesGraphData {
  constructor(
    readonly n: number,
    /** v's neighbours are neighbours[start[v]..start[v + 1]), ascending. */
    readonly start: Int32Array,
    readonly neighbours: Int32Array,
  ) {}

  neighboursOf(v: number): number[] {
    return Array.from(this.neighbours.subarray(this.start[v], this.start[v + 1]));
  }

  degree(v: number): number {
    return this.start[v + 1] - this.start[v];
  }

  /** Calls back each edge once, as (u, v) with u < v, in lexicographic order. */
  forEachEdge(visit: (u: number, v: number) => void): void {
    for (let u = 0; u < this.n; u++)
      for (let i = this.start[u]; i < this.start[u + 1]; i++) if (this.neighbours[i] > u) visit(u, this.neighbours[i]);
  }

  /** The connected components, each its vertices ascending, in the order of their smallest vertex. */
  components(): number[][] {
    const seen = new Uint8Array(this.n);
    const stack = new Int32Array(this.n);
    const found: number[][] = [];
    for (let first = 0; first < this.n; first++) {
      if (seen[first]) continue;
      const members: number[] = [];
      let top = 0;
      stack[top++] = first;
      seen[first] = 1;
      while (top > 0) {
        const v = stack[--top];
        members.push(v);
        for (let i = this.start[v]; i < this.start[v + 1]; i++) {
          const u = this.neighbours[i];
          if (!seen[u]) {
            seen[u] = 1;
            stack[top++] = u;
          }
        }
      }
      found.push(members.sort((a, b) => a - b));
    }
    return found;
  }

  /** What a component is: a path (with its order), a cycle, complete, complete bipartite, or other. */
  shape(members: readonly number[]): KaylesShape {
    const n = members.length;
    let degrees = 0;
    let maxDegree = 0;
    for (const v of members) {
      degrees += this.degree(v);
      maxDegree = Math.max(maxDegree, this.degree(v));
    }
    const edges = degrees / 2;
    if (maxDegree <= 2 && edges === n - 1) return { kind: 'path', edges, order: this.pathOrder(members) };
    if (maxDegree <= 2) return { kind: 'cycle', edges };
    if (edges === (n * (n - 1)) / 2) return { kind: 'complete', edges };
    // Complete bipartite: the first vertex's neighbours are one side, every other vertex of its side
    // has exactly them as neighbours, and the count of edges says there is nothing else.
    const other = new Set(this.neighboursOf(members[0]));
    const a = n - other.size;
    if (a * other.size === edges) {
      let bipartite = true;
      for (const v of members) {
        if (other.has(v)) continue;
        if (this.degree(v) !== other.size) bipartite = false;
        for (let i = this.start[v]; i < this.start[v + 1] && bipartite; i++)
          if (!other.has(this.neighbours[i])) bipartite = false;
        if (!bipartite) break;
      }
      if (bipartite) return { kind: 'bipartite', edges, a, b: other.size };
    }
    return { kind: 'other', edges };
  }

  /** Each vertex's place along a path component, from one end. */
  private pathOrder(members: readonly number[]): Map<number, number> {
    const order = new Map<number, number>();
    let at = members.find((v) => this.degree(v) <= 1)!;
    let previous = -1;
    for (let place = 0; place < members.length; place++) {
      order.set(at, place);
      let next = -1;
      for (let i = this.start[at]; i < this.start[at + 1]; i++)
        if (this.neighbours[i] !== previous) next = this.neighbours[i];
      previous = at;
      at = next;
    }
    return order;
  }

  /** The component relabelled 0..n-1 in the order of `members` (ascending). */
  localGraph(members: readonly number[]): LocalGraph {
    const index = new Map<number, number>();
    members.forEach((v, i) => index.set(v, i));
    const n = members.length;
    const start = new Int32Array(n + 1);
    members.forEach((v, i) => {
      start[i + 1] = start[i] + this.degree(v);
    });
    const neighbours = new Int32Array(start[n]);
    const rows = new Int32Array(n <= 32 ? n : 0);
    const low = new Int32Array(n <= 64 ? n : 0);
    const high = new Int32Array(n <= 64 ? n : 0);
    members.forEach((v, i) => {
      let at = start[i];
      for (let j = this.start[v]; j < this.start[v + 1]; j++) {
        const u = index.get(this.neighbours[j])!;
        neighbours[at++] = u;
        if (n <= 32) rows[i] |= 1 << u;
        if (n <= 64 && u < 32) low[i] |= 1 << u;
        else if (n <= 64) high[i] |= 1 << (u - 32);
      }
    });
    return { index, rows, low, high, start, neighbours };
  }
}

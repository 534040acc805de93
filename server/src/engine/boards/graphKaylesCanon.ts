// A canonical labelling of graphs of at most 32 vertices (rows of adjacency as 32-bit masks): the
// key two graphs share exactly when they are isomorphic, so that a transposition table merges the
// many copies of one component that a Kayles search meets (graphKaylesSmall.ts).
//
// The key is the graph's adjacency matrix under an order of its vertices chosen from the graph
// alone (never from the names it came with), so equal keys are equal graphs up to renaming, and
// isomorphic graphs get the same order's matrix. Two ways to choose the order, the first taken
// whenever it decides (whether it does depends on the graph alone, so isomorphic graphs go the
// same way):
//  - colours: colour refinement (1-dimensional Weisfeiler–Leman) by hashing, each round mixing a
//    vertex's colour with the sum of a mixing function of its neighbours' colours, from degrees,
//    until the number of colours stops growing. If every colour is then held by one vertex, or by
//    twins only (below), the vertices in the order of their colours give the key. Colours are
//    computed from the graph alone, so a collision of hashes only sends a graph to the second way.
//  - the individualization–refinement scheme of McKay's nauty (B. D. McKay, "Practical graph
//    isomorphism", Congressus Numerantium 30, 1981; McKay and Piperno, "Practical graph
//    isomorphism, II", J. Symbolic Computation 60, 2014), in its plainest exact form:
//      - refinement: an ordered partition of the vertices is split until it is equitable (every vertex
//        of a cell has the same number of neighbours in each cell), cells split by that number in
//        ascending order. Nothing depends on the vertices' names, only on the graph: relabelling the
//        graph relabels the result.
//      - individualization: while a cell has two vertices or more, the first such cell is split by
//        putting each of its vertices first in turn, and refined again; every discrete partition
//        reached (a leaf) orders the vertices, and the key is the smallest adjacency matrix over all
//        leaves. The set of leaves' matrices is the same for isomorphic graphs, so is its minimum.
//      - twins: two vertices with the same neighbours besides each other (N(u) \ {v} = N(v) \ {u})
//        can be swapped by an automorphism that fixes every other vertex, so the branches that put
//        one or the other first have the same leaves: one branch per class of twins is enough. This
//        is what makes stars, complete and complete bipartite pieces cheap; in the colour order, twins
//        may share a colour, as swapping them changes no matrix.
// A graph needing more leaves than its cap has no key (undefined): the caller then keys the
// component by its vertex set instead, which is exact too, and only merges less.

/** The number of set bits of a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The index of the lowest set bit of a non-zero integer. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Leaves a labelling may visit before the graph is left without a key. */
export const DEFAULT_MAX_LEAVES = 512;

export class Canonizer {
  /** Refinement steps and leaves visited, for the caller's meter. */
  work = 0;
  private rows = new Int32Array(32);
  private twin = new Int8Array(32);
  private best = new Int32Array(32);
  private leaf = new Int32Array(32);
  private position = new Int8Array(32);
  private bestPosition = new Int8Array(32);
  private byCount = new Int32Array(33);
  /** The partition at each depth of the search: its cells in order, and how many. */
  private cells: Int32Array[] = Array.from({ length: 33 }, () => new Int32Array(32));
  private sizes = new Int32Array(33);
  private queue = new Int32Array(64);
  /** Colours, and the next round's colours from 32 on. */
  private colours = new Int32Array(64);
  private mixed = new Int32Array(32);
  private sorted = new Int32Array(32);
  /** The hash set distinctCount uses: a slot is taken in this round when its round is the current one. */
  private seenValue = new Int32Array(64);
  private seenRound = new Int32Array(64);
  private round = 0;
  private hasBest = false;
  private leaves = 0;
  private maxLeaves = DEFAULT_MAX_LEAVES;

  /**
   * The canonical key of the graph on vertices 0..n-1 whose adjacency rows are rows[0..n-1]
   * (no loops, symmetric), or undefined when the labelling needs more than maxLeaves leaves.
   */
  key(rows: ArrayLike<number>, n: number, maxLeaves = DEFAULT_MAX_LEAVES): string | undefined {
    const own = this.rows;
    for (let v = 0; v < n; v++) own[v] = rows[v];
    if (this.orderByColours(n)) return encode(this.best, n);
    this.findTwins(n);
    this.hasBest = false;
    this.leaves = 0;
    this.maxLeaves = maxLeaves;
    this.cells[0][0] = n === 32 ? -1 : (1 << n) - 1;
    this.sizes[0] = 1;
    this.queue[0] = this.cells[0][0];
    this.refine(0, 1);
    if (!this.search(0, n)) return undefined;
    return encode(this.best, n);
  }

  /**
   * The last key's labelling: the canonical rows (vertex i of the canonical graph is the one at
   * place i) and each vertex's place, for a caller that searches the canonical graph itself.
   */
  labelling(n: number): { rows: Int32Array; place: Int8Array } {
    return { rows: this.best.slice(0, n), place: this.bestPosition.slice(0, n) };
  }

  /**
   * The quick way, taken whenever it works: colour refinement by hashing (each round, a vertex's
   * colour is mixed with the sum of a function of its neighbours' colours, starting from degrees)
   * until every colour differs, then the vertices in the order of their colours. Colours are
   * computed from the graph alone, so that order is canonical and so is the matrix it gives; two
   * vertices left with one colour when the number of colours stops growing send the graph to the
   * search (the decision itself depends only on the graph, so isomorphic graphs take the same way).
   */
  private orderByColours(n: number): boolean {
    const { rows, colours, mixed, sorted, position } = this;
    for (let v = 0; v < n; v++) colours[v] = popcount(rows[v]);
    let distinct = this.distinctCount(colours, 0, n);
    while (distinct < n) {
      // Each neighbour's colour scrambled once, then summed.
      for (let v = 0; v < n; v++) mixed[v] = scramble(colours[v]);
      for (let v = 0; v < n; v++) {
        let sum = 0;
        for (let rest = rows[v]; rest !== 0; rest &= rest - 1) sum = (sum + mixed[31 - Math.clz32(rest & -rest)]) | 0;
        colours[32 + v] = scramble(Math.imul(colours[v], 0x9e3779b1) ^ sum);
      }
      this.work += n;
      const more = this.distinctCount(colours, 32, n);
      if (more <= distinct) break;
      for (let v = 0; v < n; v++) colours[v] = colours[32 + v];
      distinct = more;
    }
    sortInto(colours, sorted, n);
    // Twins may share a colour (swapping them is an automorphism, so their order changes no
    // matrix); any other two vertices of one colour send the graph to the search.
    if (distinct < n) {
      this.findTwins(n);
      for (let i = 1; i < n; i++)
        if (sorted[i] === sorted[i - 1]) {
          let first = -1;
          for (let v = 0; v < n; v++)
            if (colours[v] === sorted[i]) {
              if (first < 0) first = v;
              else if (this.twin[v] !== this.twin[first]) return false;
            }
        }
    }
    // A vertex's place: where its colour is among the sorted colours, twins of one colour in turn.
    for (let i = 0; i < n; i++) mixed[i] = 0;
    for (let v = 0; v < n; v++) {
      let low = 0;
      let high = n - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (sorted[middle] < colours[v]) low = middle + 1;
        else high = middle;
      }
      position[v] = low + mixed[low]++;
    }
    for (let v = 0; v < n; v++) {
      let row = 0;
      for (let rest = rows[v]; rest !== 0; rest &= rest - 1) row |= 1 << position[31 - Math.clz32(rest & -rest)];
      this.best[position[v]] = row;
    }
    this.bestPosition.set(position.subarray(0, n));
    return true;
  }

  /** How many different values values[from..from + n - 1] holds: a small hash set, cleared by a generation. */
  private distinctCount(values: Int32Array, from: number, n: number): number {
    const { seenValue, seenRound } = this;
    if (this.round >= 0x3fffffff) {
      seenRound.fill(0);
      this.round = 0;
    }
    const round = ++this.round;
    let distinct = 0;
    for (let i = from; i < from + n; i++) {
      const value = values[i];
      let slot = (Math.imul(value, 0x9e3779b1) >>> 26) & 63;
      while (seenRound[slot] === round && seenValue[slot] !== value) slot = (slot + 1) & 63;
      if (seenRound[slot] !== round) {
        seenRound[slot] = round;
        seenValue[slot] = value;
        distinct++;
      }
    }
    return distinct;
  }

  /** twin[v]: the first vertex with v's neighbours besides each other (open or closed), v if none. */
  private findTwins(n: number): void {
    const { rows, twin } = this;
    for (let v = 0; v < n; v++) {
      twin[v] = v;
      const closed = rows[v] | (1 << v);
      for (let u = 0; u < v; u++)
        if (rows[u] === rows[v] || (rows[u] | (1 << u)) === closed) {
          twin[v] = twin[u];
          break;
        }
    }
  }

  /**
   * Splits the cells at `depth` (in place) until the partition is equitable; the first `queued`
   * entries of the queue are the splitters to use.
   */
  private refine(depth: number, queued: number): void {
    const { rows, byCount, queue } = this;
    const cells = this.cells[depth];
    let size = this.sizes[depth];
    while (queued > 0) {
      const splitter = queue[--queued];
      const single = (splitter & (splitter - 1)) === 0;
      const at = 31 - Math.clz32(splitter);
      for (let c = 0; c < size; c++) {
        const cell = cells[c];
        if ((cell & (cell - 1)) === 0) continue;
        this.work++;
        let rest = cell;
        // Against one vertex, the count is whether a vertex is its neighbour.
        if (single) {
          let near = 0;
          while (rest !== 0) {
            const bit = rest & -rest;
            rest ^= bit;
            if ((rows[31 - Math.clz32(bit)] >>> at) & 1) near |= bit;
          }
          if (near === 0 || near === cell) continue;
          byCount[0] = cell ^ near;
          byCount[1] = near;
        }
        const first = single ? 0 : popcount(rows[lowestBit(rest)] & splitter);
        let uniform = !single;
        let low = single ? 0 : 32;
        let high = single ? 1 : 0;
        while (rest !== 0) {
          const bit = rest & -rest;
          rest ^= bit;
          const count = popcount(rows[31 - Math.clz32(bit)] & splitter);
          if (count !== first) uniform = false;
          byCount[count] |= bit;
          if (count < low) low = count;
          if (count > high) high = count;
        }
        if (uniform) {
          byCount[first] = 0;
          continue;
        }
        let groups = 0;
        for (let count = low; count <= high; count++) if (byCount[count] !== 0) groups++;
        // Make room for the groups after cell c, then write them in order of their counts.
        for (let d = size - 1; d > c; d--) cells[d + groups - 1] = cells[d];
        size += groups - 1;
        // Every group but a largest one becomes a splitter (Hopcroft's rule: the cell was a
        // splitter or still is one, and stability against it and the others gives the last).
        let largest = 0;
        for (let count = low; count <= high; count++)
          if (popcount(byCount[count]) > popcount(largest)) largest = byCount[count];
        for (let count = low, to = c; count <= high; count++) {
          const group = byCount[count];
          if (group === 0) continue;
          byCount[count] = 0;
          cells[to++] = group;
          if (group !== largest) queue[queued++] = group;
        }
        c += groups - 1;
      }
    }
    this.sizes[depth] = size;
  }

  /** Visits the leaves below the partition at `depth`; false when the cap on leaves is passed. */
  private search(depth: number, n: number): boolean {
    const cells = this.cells[depth];
    const size = this.sizes[depth];
    if (size === n) {
      this.leaves++;
      this.work += n;
      if (this.leaves > this.maxLeaves) return false;
      this.visitLeaf(cells, n);
      return true;
    }
    let target = 0;
    while ((cells[target] & (cells[target] - 1)) === 0) target++;
    const cell = cells[target];
    const next = this.cells[depth + 1];
    let tried = 0;
    for (let rest = cell; rest !== 0; ) {
      const bit = rest & -rest;
      rest ^= bit;
      const twinBit = 1 << this.twin[31 - Math.clz32(bit)];
      if ((tried & twinBit) !== 0) continue;
      tried |= twinBit;
      // The cell split into the vertex, first, and the rest of the cell.
      for (let c = 0; c < target; c++) next[c] = cells[c];
      next[target] = bit;
      next[target + 1] = cell ^ bit;
      for (let c = target + 1; c < size; c++) next[c + 1] = cells[c];
      this.sizes[depth + 1] = size + 1;
      this.queue[0] = bit;
      this.refine(depth + 1, 1);
      if (!this.search(depth + 1, n)) return false;
    }
    return true;
  }

  /** The leaf's adjacency matrix under its order, kept when smaller than the best so far. */
  private visitLeaf(cells: Int32Array, n: number): void {
    const { rows, leaf, best, position } = this;
    for (let i = 0; i < n; i++) position[31 - Math.clz32(cells[i])] = i;
    for (let i = 0; i < n; i++) {
      let row = 0;
      for (let rest = rows[31 - Math.clz32(cells[i])]; rest !== 0; ) {
        const bit = rest & -rest;
        rest ^= bit;
        row |= 1 << position[31 - Math.clz32(bit)];
      }
      leaf[i] = row;
    }
    let smaller = !this.hasBest;
    if (!smaller)
      for (let i = 0; i < n; i++)
        if (leaf[i] !== best[i]) {
          smaller = leaf[i] >>> 0 < best[i] >>> 0;
          break;
        }
    if (smaller) {
      best.set(leaf.subarray(0, n));
      this.bestPosition.set(position.subarray(0, n));
      this.hasBest = true;
    }
  }
}

/** A 32-bit mixing function (the finalizer of MurmurHash3). */
function scramble(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** values[0..n-1] sorted into `sorted` (insertion sort: n is at most 32). */
function sortInto(values: Int32Array, sorted: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const value = values[i];
    let j = i - 1;
    while (j >= 0 && sorted[j] > value) {
      sorted[j + 1] = sorted[j];
      j--;
    }
    sorted[j + 1] = value;
  }
}

/** The lower triangle of the rows, packed into UTF-16 code units after the vertex count. */
function encode(rows: Int32Array, n: number): string {
  const units: number[] = [n];
  for (let i = 1; i < n; i++) {
    const below = rows[i] & (i === 32 ? -1 : (1 << i) - 1);
    units.push(below & 0xffff);
    if (i > 16) units.push(below >>> 16);
  }
  return String.fromCharCode(...units);
}

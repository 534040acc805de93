// Smith's generalized Sprague–Grundy values of a directed graph that may have cycles (C. A. B.
// Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81; Winning Ways, ch. 12;
// A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance under
// certain mappings", J. Combin. Theory A 43 (1986) 165–177).
//
// The theorem. A finite digraph has exactly one function γ from its vertices to N ∪ {∞} for which
// some counter c (an order on the vertices of finite value) makes these hold:
//   (A) if γ(u) is finite, γ(u) = mex of the finite values among u's followers;
//   (B) if γ(u) is finite and a follower v has γ(v) > γ(u) (∞ counts as larger), then v has a
//       follower w with γ(w) = γ(u) and c(w) < c(u);
//   (C) if γ(u) = ∞, u has a follower v with γ(v) = ∞ that has no follower of value mex γ(F(u)).
// An infinite vertex is written ∞(K), K the finite values among its followers. One token at u: γ(u)
// = 0 loses, a finite non-zero value wins, ∞(K) wins when 0 ∈ K and is a draw otherwise. A sum:
// all finite, the nim-sum; one ∞(K) beside finite values of nim-sum n, ∞(K ⊕ n); two or more
// infinite, a draw (∞ with no finite option). The winner's strategy ends the play in finitely many
// moves: move to value 0; when the opponent moves a component from value a to a larger or infinite
// value, answer in that component to a follower of value a with a smaller counter (B). The
// counters fall, so play cannot go round for ever.
//
// The algorithm (Fraenkel–Yesha's labelling, with counting queues). Stage i = 0, 1, 2, …:
//   1. label i, in turn, every unlabelled u that has no follower labelled i and each of whose
//      followers that is unlabelled or labelled ∞ has a follower labelled i; c(u) is the number of
//      finite labels given before it;
//   2. label ∞ every unlabelled vertex with no follower labelled i;
// until no vertex is unlabelled. A vertex still unlabelled at stage i has followers of every value
// below i (else step 2 of an earlier stage labelled it ∞), which is why its label is the mex (A);
// a follower that was unlabelled or ∞ when u was labelled had a follower labelled i already (B);
// and a vertex labelled ∞ could take no value (C). Step 1 is a fixpoint computed with one counter a
// vertex, `pending[u]`: how many of its followers are unlabelled or ∞ and have no follower labelled
// i yet. Labelling w visits w's predecessors once (each now has a follower labelled i: it can no
// longer be labelled i, and the first time, its own predecessors' counts fall); so a stage costs
// O(V + E), and the whole O((V + E)·(m + 2)) where m is the largest finite value, itself below the
// largest out-degree plus one. Memory: the predecessors (a reversed copy of the edges) and four
// arrays of V numbers.
//
// Which moves win. Every move to a position of value 0 (all finite) wins: from there the winner's
// strategy ends the game (`reversal`). But a player who picks any such move each turn, with no
// memory, may go round for ever: the opponent raises a component, and the reply lowers it back to
// a vertex with a larger counter than before. Even always taking the least-counter follower that
// lowers some value went round on 2 of 3,000 random sums of two tokens (measured while writing
// this). The strategy that ends reads the move it answers: a raise is undone in its component,
// below the counter it came from; anything else is answered by lowering a value.
//
// The vertices from which no cycle can be reached have their ordinary nimbers (an acyclic graph's γ
// is its Sprague–Grundy function, and its finish order a counter): the labelling sees them as
// labelled from the start, in their finish order, so that a graph that is mostly acyclic costs
// little more than one that is wholly so.
import { describeStop, Meter } from '../budget';
import type { Budget, GraphData, LoopyValues, StopCause } from '../types';

/** A vertex's value when it is infinite. */
export const INFINITE = -1;
/** Not labelled yet (never in a finished result). */
const UNLABELLED = -2;

/** The predecessors of every vertex, as CSR arrays (the edges reversed, in one counting pass). */
function predecessors(graph: GraphData, count: number): { predStart: Int32Array; pred: Int32Array } {
  const { succStart, succ } = graph;
  const predStart = new Int32Array(count + 1);
  for (let i = 0; i < succ.length; i++) predStart[succ[i] + 1]++;
  for (let v = 0; v < count; v++) predStart[v + 1] += predStart[v];
  const fill = predStart.slice(0, count);
  const pred = new Int32Array(succ.length);
  for (let u = 0; u < count; u++) for (let i = succStart[u]; i < succStart[u + 1]; i++) pred[fill[succ[i]]++] = u;
  return { predStart, pred };
}

/** Why the arrays are not a well-formed CSR graph, or undefined when they are (tokens.ts checks with it too). */
export function malformedGraph(graph: GraphData): string | undefined {
  const { succStart, succ } = graph;
  const count = succStart.length - 1; // not vertexNames.length: the names of a big graph are made only when asked for
  if (count < 0) return 'succStart is empty (it needs one entry more than there are vertices)';
  if (succStart[0] !== 0 || succStart[count] !== succ.length) return 'succStart must start at 0 and end at succ.length';
  for (let v = 0; v < count; v++) if (succStart[v + 1] < succStart[v]) return `succStart decreases at vertex ${v}`;
  for (let i = 0; i < succ.length; i++)
    if (succ[i] < 0 || succ[i] >= count) return `edge ${i} goes to ${succ[i]}, not a vertex`;
  return undefined;
}

/**
 * The vertices from which no cycle can be reached, with their ordinary nimbers and counters in
 * finish order (every follower before its vertex): values[v] and counters[v] set for them, the
 * rest left UNLABELLED. Kahn's algorithm on the reversed graph: a vertex is done once all its
 * followers are. Returns how many it labelled.
 */
function labelAcyclicPart(
  graph: GraphData,
  predStart: Int32Array,
  pred: Int32Array,
  values: Int32Array,
  counters: Int32Array,
  meter: Meter,
): number | StopCause {
  const { succStart, succ } = graph;
  const count = values.length;
  const left = new Int32Array(count); // followers not done yet
  const queue = new Int32Array(count);
  let tail = 0;
  for (let v = 0; v < count; v++) {
    left[v] = succStart[v + 1] - succStart[v];
    if (left[v] === 0) queue[tail++] = v;
  }
  let maxDegree = 0;
  for (let v = 0; v < count; v++) maxDegree = Math.max(maxDegree, succStart[v + 1] - succStart[v]);
  const seen = new Int32Array(maxDegree + 2);
  for (let head = 0; head < tail; head++) {
    const v = queue[head];
    const stamp = head + 1;
    for (let i = succStart[v]; i < succStart[v + 1]; i++) {
      const x = values[succ[i]];
      if (x <= maxDegree) seen[x] = stamp;
    }
    let mex = 0;
    while (seen[mex] === stamp) mex++;
    values[v] = mex;
    counters[v] = head;
    for (let i = predStart[v]; i < predStart[v + 1]; i++) if (--left[pred[i]] === 0) queue[tail++] = pred[i];
    const stop = meter.spend(1 + succStart[v + 1] - succStart[v] + predStart[v + 1] - predStart[v]);
    if (stop) return stop;
  }
  return tail;
}

/** Smith's values of every vertex of `graph` (see the header), within `budget`. */
export function loopyValues(graph: GraphData, budget: Budget): LoopyValues {
  const count = Math.max(0, graph.succStart.length - 1);
  const values = new Int32Array(count).fill(UNLABELLED);
  const counters = new Int32Array(count).fill(-1);
  const problem = malformedGraph(graph);
  if (problem) return { values, counters, status: 'invalid', reason: problem };
  const meter = new Meter(budget);
  const stopped = (stop: StopCause, labelled: number): LoopyValues => ({
    values,
    counters,
    status: 'over-budget',
    stop,
    reason: `stopped after ${labelled} of ${count} vertices because ${describeStop(stop)}`,
  });
  const { succStart, succ } = graph;
  const { predStart, pred } = predecessors(graph, count);
  const acyclic = labelAcyclicPart(graph, predStart, pred, values, counters, meter);
  if (typeof acyclic !== 'number') return stopped(acyclic, 0);
  let labelled = acyclic;
  let nextCounter = acyclic;
  if (labelled === count) return { values, counters, status: 'complete' };

  // The acyclic part's vertices by value, to stand as labelled i at stage i.
  let maxAcyclic = -1;
  for (let v = 0; v < count; v++) if (values[v] > maxAcyclic) maxAcyclic = values[v];
  const byValueStart = new Int32Array(maxAcyclic + 2);
  for (let v = 0; v < count; v++) if (values[v] >= 0) byValueStart[values[v] + 1]++;
  for (let x = 0; x <= maxAcyclic; x++) byValueStart[x + 1] += byValueStart[x];
  const byValue = new Int32Array(acyclic);
  const fill = byValueStart.slice(0, maxAcyclic + 1);
  for (let v = 0; v < count; v++) if (values[v] >= 0) byValue[fill[values[v]]++] = v;

  const pending = new Int32Array(count);
  const hasFollowerI = new Int32Array(count); // === i + 1: v has a follower labelled i (a stamp: no clearing)
  const queue = new Int32Array(count);
  // The vertices still unlabelled, compacted after every stage.
  let open = new Int32Array(count - acyclic);
  let openCount = 0;
  for (let v = 0; v < count; v++) if (values[v] === UNLABELLED) open[openCount++] = v;

  for (let i = 0; openCount > 0; i++) {
    const stamp = i + 1;
    let tail = 0;
    let labelledNow = 0;
    /** v now has a follower labelled i: it cannot be labelled i, and its predecessors' counts fall. */
    const reached = (v: number) => {
      if (hasFollowerI[v] === stamp) return;
      hasFollowerI[v] = stamp;
      const x = values[v];
      if (x !== UNLABELLED && x !== INFINITE) return; // finite: counted in no pending
      for (let j = predStart[v]; j < predStart[v + 1]; j++) {
        const u = pred[j];
        if (values[u] === UNLABELLED && --pending[u] === 0 && hasFollowerI[u] !== stamp) queue[tail++] = u;
      }
    };
    for (let k = 0; k < openCount; k++) {
      const u = open[k];
      let p = 0;
      for (let j = succStart[u]; j < succStart[u + 1]; j++) {
        const x = values[succ[j]];
        if (x === UNLABELLED || x === INFINITE) p++;
      }
      pending[u] = p;
    }
    let spent = 0;
    for (let k = 0; k < openCount; k++) spent += 1 + succStart[open[k] + 1] - succStart[open[k]];
    const stop = meter.spend(spent);
    if (stop) return stopped(stop, labelled);
    // Queued before any count falls, so that no vertex is queued twice (the queue holds each once).
    for (let k = 0; k < openCount; k++) if (pending[open[k]] === 0) queue[tail++] = open[k];
    // The acyclic part's vertices of value i stand as labelled i from the start.
    if (i <= maxAcyclic)
      for (let k = byValueStart[i]; k < byValueStart[i + 1]; k++) {
        const w = byValue[k];
        for (let j = predStart[w]; j < predStart[w + 1]; j++) reached(pred[j]);
      }
    for (let head = 0; head < tail; head++) {
      const u = queue[head];
      // Queued once its count fell to 0; since then a follower may have been labelled i.
      if (values[u] !== UNLABELLED || hasFollowerI[u] === stamp) continue;
      values[u] = i;
      counters[u] = nextCounter++;
      labelledNow++;
      for (let j = predStart[u]; j < predStart[u + 1]; j++) reached(pred[j]);
      const stop = meter.spend(1 + predStart[u + 1] - predStart[u]);
      if (stop) return stopped(stop, labelled + labelledNow);
    }
    labelled += labelledNow;
    // Step 2, and the vertices left for the next stage.
    let kept = 0;
    for (let k = 0; k < openCount; k++) {
      const u = open[k];
      if (values[u] !== UNLABELLED) continue;
      if (hasFollowerI[u] !== stamp) {
        values[u] = INFINITE;
        labelled++;
      } else open[kept++] = u;
    }
    openCount = kept;
    if (kept < open.length >> 1) open = open.slice(0, kept);
  }
  return { values, counters, status: 'complete' };
}

/** K of an infinite vertex: the finite values among its followers, ascending and distinct. */
export function finiteFollowerValues(graph: GraphData, values: Int32Array, v: number): number[] {
  const found = new Set<number>();
  for (let j = graph.succStart[v]; j < graph.succStart[v + 1]; j++) {
    const x = values[graph.succ[j]];
    if (x >= 0) found.add(x);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The follower of `v` of value `target` with the least counter, or -1 when it has none. Least, so
 * that a reply that undoes the opponent's move (see `reversal`) needs no memory of more than the
 * move it answers.
 */
export function leastCounterFollower(
  graph: GraphData,
  loopy: Pick<LoopyValues, 'values' | 'counters'>,
  v: number,
  target: number,
): number {
  let best = -1;
  for (let j = graph.succStart[v]; j < graph.succStart[v + 1]; j++) {
    const w = graph.succ[j];
    if (loopy.values[w] === target && (best < 0 || loopy.counters[w] < loopy.counters[best])) best = w;
  }
  return best;
}

/**
 * The reply that undoes a move from `before` (finite value a) to `after` (a larger or infinite
 * value): back to a follower of `after` of value a whose counter is below `before`'s, which (B)
 * promises; the least-counter one. -1 when the move did not raise the value. The winner who always
 * answers a raise so, and otherwise moves to a smaller value, ends the game: each pair of moves
 * lowers the components' values (as a multiset), or keeps them and lowers one counter.
 */
export function reversal(
  graph: GraphData,
  loopy: Pick<LoopyValues, 'values' | 'counters'>,
  before: number,
  after: number,
): number {
  const a = loopy.values[before];
  const b = loopy.values[after];
  if (a < 0 || (b >= 0 && b <= a)) return -1;
  return leastCounterFollower(graph, loopy, after, a);
}

/**
 * Each vertex's strongly connected part (Tarjan, iterative: a cycle may be a million long): two
 * vertices share one exactly when each can reach the other, so an edge lies on a cycle exactly
 * when its ends share one (a self-loop too). Parts are numbered from 0 in the order they close.
 */
export function stronglyConnected(graph: Pick<GraphData, 'succStart' | 'succ'>): Int32Array {
  const { succStart, succ } = graph;
  const count = succStart.length - 1;
  const part = new Int32Array(count).fill(-1);
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const cursor = new Int32Array(count);
  const callStack = new Int32Array(count);
  const open = new Int32Array(count); // Tarjan's stack of vertices not yet in a part
  let openCount = 0;
  let nextIndex = 0;
  let parts = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] >= 0) continue;
    let depth = 0;
    callStack[0] = root;
    index[root] = low[root] = nextIndex++;
    cursor[root] = succStart[root];
    open[openCount++] = root;
    while (depth >= 0) {
      const v = callStack[depth];
      if (cursor[v] < succStart[v + 1]) {
        const w = succ[cursor[v]++];
        if (index[w] < 0) {
          index[w] = low[w] = nextIndex++;
          cursor[w] = succStart[w];
          open[openCount++] = w;
          callStack[++depth] = w;
        } else if (part[w] < 0 && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = open[--openCount];
          part[w] = parts;
        } while (w !== v);
        parts++;
      }
      depth--;
      if (depth >= 0) {
        const parent = callStack[depth];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
    }
  }
  return part;
}

/** Graphs known to have a cycle (true) or not (false): Kahn's algorithm once per graph. */
const cyclic = new WeakMap<Pick<GraphData, 'succStart' | 'succ'>, boolean>();

/** Whether the graph has a cycle (a self-loop too): positions of tokens on it may repeat. Linear, once per graph. */
export function hasCycle(graph: Pick<GraphData, 'succStart' | 'succ'>): boolean {
  let known = cyclic.get(graph);
  if (known === undefined) {
    const { succStart, succ } = graph;
    const count = succStart.length - 1;
    const indegree = new Int32Array(count);
    for (let i = 0; i < succ.length; i++) indegree[succ[i]]++;
    const queue = new Int32Array(count);
    let tail = 0;
    for (let v = 0; v < count; v++) if (indegree[v] === 0) queue[tail++] = v;
    for (let head = 0; head < tail; head++) {
      const v = queue[head];
      for (let i = succStart[v]; i < succStart[v + 1]; i++) if (--indegree[succ[i]] === 0) queue[tail++] = succ[i];
    }
    known = tail < count;
    cyclic.set(graph, known);
  }
  return known;
}

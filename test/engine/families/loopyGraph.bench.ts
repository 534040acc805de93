// `npm run bench -- loopyGraph`: Smith's labelling (engine/families/loopyGraph.ts) on graphs of a
// million vertices, against the acyclic graph's nimbers (graphNimbers) in the same process, taken
// in turns. The target: a graph of 10⁶ vertices and 4·10⁶ uniformly random edges, cycles
// and self-loops included, within 3× of the acyclic graph of the same size. Also a 10⁶-vertex cycle
// and a 10⁶-vertex chain of self-loops (they must finish), and the labelling on the acyclic graph.
import type { GraphData } from '../../../server/src/engine';
import { graphNimbers } from '../../../server/src/engine';
import { INFINITE, loopyValues } from '../../../server/src/engine/families/loopyGraph';
import { random } from '../oracles/random';

const VERTICES = 1_000_000;
const EDGES = 4_000_000;
const ROUNDS = 5;

/** CSR arrays from parallel edge lists. */
function fromEdges(vertices: number, from: Int32Array, to: Int32Array): GraphData {
  const succStart = new Int32Array(vertices + 1);
  for (let e = 0; e < from.length; e++) succStart[from[e] + 1]++;
  for (let v = 0; v < vertices; v++) succStart[v + 1] += succStart[v];
  const fill = succStart.slice(0, vertices);
  const succ = new Int32Array(from.length);
  for (let e = 0; e < from.length; e++) succ[fill[from[e]]++] = to[e];
  return { vertexNames: [], succStart, succ };
}

/** Edges between uniformly random vertices (either direction, self-loops too); acyclic: low to high. */
function randomGraph(seed: number, acyclic: boolean): GraphData {
  const next = random(seed);
  const from = new Int32Array(EDGES);
  const to = new Int32Array(EDGES);
  for (let e = 0; e < EDGES; e++) {
    const a = Math.floor(next() * VERTICES);
    const b = Math.floor(next() * VERTICES);
    if (acyclic && a === b) {
      e--;
      continue;
    }
    from[e] = acyclic ? Math.min(a, b) : a;
    to[e] = acyclic ? Math.max(a, b) : b;
  }
  return fromEdges(VERTICES, from, to);
}

function timed<T>(work: () => T): { ms: number; result: T } {
  const start = process.hrtime.bigint();
  const result = work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const acyclic = randomGraph(1, true);
const cyclic = randomGraph(2, false);
const dagTimes: number[] = [];
const loopyTimes: number[] = [];
let summary = '';
for (let round = 0; round < ROUNDS; round++) {
  const dag = timed(() => graphNimbers(acyclic));
  dagTimes.push(dag.ms);
  const loopy = timed(() => loopyValues(cyclic, {}));
  loopyTimes.push(loopy.ms);
  if (round === 0) {
    const { values } = loopy.result;
    let infinite = 0;
    let largest = 0;
    for (const x of values) {
      if (x === INFINITE) infinite++;
      else largest = Math.max(largest, x);
    }
    summary = `${loopy.result.status}: ${infinite.toLocaleString('en-US')} infinite, largest finite value ${largest}`;
  }
}
const ratio = median(loopyTimes) / median(dagTimes);
console.log(`Smith's labelling, ${VERTICES.toLocaleString('en-US')} vertices, ${EDGES.toLocaleString('en-US')} edges`);
console.log(`  acyclic graph, graphNimbers:        median ${median(dagTimes).toFixed(0)} ms of ${ROUNDS}`);
console.log(`  random graph with cycles, labelled: median ${median(loopyTimes).toFixed(0)} ms (${summary})`);
console.log(`  ratio ${ratio.toFixed(2)}× (target ≤ 3×): ${ratio <= 3 ? 'met' : 'NOT MET'}`);
const onAcyclic = timed(() => loopyValues(acyclic, {}));
console.log(`  the labelling on the acyclic graph: ${onAcyclic.ms.toFixed(0)} ms (${onAcyclic.result.status})`);
const ring = fromEdges(
  VERTICES,
  Int32Array.from({ length: VERTICES }, (_, v) => v),
  Int32Array.from({ length: VERTICES }, (_, v) => (v + 1) % VERTICES),
);
const onRing = timed(() => loopyValues(ring, {}));
console.log(`  a cycle of 10^6 vertices: ${onRing.ms.toFixed(0)} ms (${onRing.result.status})`);
const loopsFrom = new Int32Array(2 * VERTICES - 1);
const loopsTo = new Int32Array(2 * VERTICES - 1);
for (let v = 0; v < VERTICES; v++) {
  loopsFrom[2 * v] = v;
  loopsTo[2 * v] = v;
  if (v + 1 < VERTICES) {
    loopsFrom[2 * v + 1] = v;
    loopsTo[2 * v + 1] = v + 1;
  }
}
const onLoops = timed(() => loopyValues(fromEdges(VERTICES, loopsFrom, loopsTo), {}));
console.log(`  a chain of 10^6 self-loops: ${onLoops.ms.toFixed(0)} ms (${onLoops.result.status})`);
if (ratio > 3) process.exitCode = 1;

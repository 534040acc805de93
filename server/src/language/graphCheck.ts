// A graph declaration's check, beside the body the parser builds (graphBody.ts): the engine's
// GraphData (each vertex's successors, duplicate edges left out, with a warning), and whether it has
// a cycle, found by an iterative depth-first search (a graph may have millions of vertices and
// edges). A cycle is no error (language version 4: its values are Smith's, loopyGraph.ts): one is
// named in a hint, with the edges that make it, so the user knows why a value may be ∞ and a game
// drawn. The checker (checker.ts) makes a graph's symbol with it.
import type { GraphData } from '../engine/types';
import type { GraphDeclaration, Name } from './ast';
import { type DiagnosticSink, hint, warning } from './diagnostics';
import { vertexName } from './graphBody';
import type { GraphSymbol } from './model';

/** Where diagnostics go: all that a graph's check needs of the sink. */
type Diagnostics = Pick<DiagnosticSink, 'push'>;

/** How many cycles one graph names: one says why values may be infinite (the hint is no problem to act on). */
const maxCyclesReported = 1;
/** How many of a cycle's edges its diagnostic points to (each one a quick fix): a cycle may be a million long. */
const maxCycleEdgesRelated = 50;

/**
 * Where a graph's data finds its vertex table (a symbol: structured clone, which sends the data to a worker, leaves it
 * out).
 */
const VERTEX_TABLE = Symbol('vertex table');

function vertexNamesOfTable(this: {
  readonly [VERTEX_TABLE]: { readonly names: readonly string[] };
}): readonly string[] {
  return this[VERTEX_TABLE].names;
}

/**
 * A graph's data for the engine, its vertex names made only when asked for (a million names were a
 * tenth of checking a big graph). The names are an own enumerable getter, which structured clone
 * reads; the getter is one function for every graph, not a closure per graph: an object literal's
 * getter gets a map of its own in the old generation, and its closure held the check of the graph
 * (and what that closure held) past the analysis.
 */
function graphData(table: { readonly names: readonly string[] }, edges: Omit<GraphData, 'vertexNames'>): GraphData {
  Object.defineProperty(edges, VERTEX_TABLE, { value: table });
  Object.defineProperty(edges, 'vertexNames', { get: vertexNamesOfTable, enumerable: true });
  return edges as GraphData;
}

export function checkGraph(declaration: GraphDeclaration, diagnostics: Diagnostics): GraphSymbol {
  // The parser has numbered the vertices and listed the edges in text order (graphBody.ts).
  const { body } = declaration;
  const vertexIndex = body.vertices;
  const { lineCount, lineFrom, lineEdges, edgeTo, edgeAt, edgeCount } = body;
  /** The name that wrote edge e's target (for a diagnostic: made only then). */
  const edgeTarget = (e: number): Name => vertexName(body, edgeTo[e], edgeAt[e]);
  const vertexCount = vertexIndex.size;
  // Names only when a message needs them (or the engine, through `data`): a million of them were a tenth of checking a
  // big graph.
  const nameOf = (v: number) => vertexIndex.nameOf(v);
  // Each vertex's edges in its slots (CSR), in text order (a line's edges are its source's).
  const succStart = new Int32Array(vertexCount + 1);
  for (let k = 0; k < lineCount; k++) succStart[lineFrom[k] + 1] += lineEdges[k + 1] - lineEdges[k];
  for (let v = 0; v < vertexCount; v++) succStart[v + 1] += succStart[v];
  const slotEdge = new Int32Array(edgeCount);
  const fill = succStart.slice(0, vertexCount);
  for (let k = 0; k < lineCount; k++) {
    let slot = fill[lineFrom[k]];
    for (let e = lineEdges[k]; e < lineEdges[k + 1]; e++) slotEdge[slot++] = e;
    fill[lineFrom[k]] = slot;
  }
  // Then duplicates out, the first kept: `latestSource[w] === v + 1` when v has an edge to w already.
  const succ = new Int32Array(edgeCount);
  const succEdge = new Int32Array(edgeCount); // which edge each slot holds
  const latestSource = fill.fill(0); // done with: reused
  let kept = 0;
  for (let v = 0; v < vertexCount; v++) {
    const first = succStart[v];
    const end = succStart[v + 1];
    succStart[v] = kept;
    for (let slot = first; slot < end; slot++) {
      const e = slotEdge[slot];
      const w = edgeTo[e];
      if (latestSource[w] === v + 1) {
        const target = edgeTarget(e);
        diagnostics.push(
          warning('duplicate-edge', target, `the edge \`${nameOf(v)} -> ${target.text}\` is already given`),
        );
        continue;
      }
      latestSource[w] = v + 1;
      succ[kept] = w;
      succEdge[kept] = e;
      kept++;
    }
  }
  succStart[vertexCount] = kept;
  const edges: Omit<GraphData, 'vertexNames'> = { succStart, succ: kept === edgeCount ? succ : succ.slice(0, kept) };
  const { cycles, finishOrder } = findCycles(edges, maxCyclesReported);
  const data = graphData(vertexIndex, cycles.length === 0 ? { ...edges, finishOrder } : edges);
  const graphName = declaration.name ? `graph \`${declaration.name.text}\`` : 'this graph';
  /** The name that wrote the edge from → to (the first such edge: duplicates were left out). */
  const edgeName = (from: number, to: number): Name | undefined => {
    for (let slot = succStart[from]; slot < succStart[from + 1]; slot++)
      if (succ[slot] === to) return edgeTarget(succEdge[slot]);
    return undefined;
  };
  for (const { vertices, closingSlot } of cycles) {
    const target = edgeTarget(succEdge[closingSlot]);
    // Every edge of the cycle (a long cycle: its first ones).
    const related = vertices.slice(0, maxCycleEdgesRelated).flatMap((from, i) => {
      const to = vertices[(i + 1) % vertices.length];
      const name = edgeName(from, to);
      return name ? [{ span: name, message: `the edge \`${nameOf(from)} -> ${nameOf(to)}\` of the cycle` }] : [];
    });
    diagnostics.push(
      hint(
        'graph-cycle',
        target,
        `${graphName} has a cycle: ${describeCycle(vertices.map(nameOf))}; positions may repeat, so a value ` +
          'may be infinite, ∞(K), and a game drawn',
        { related },
      ),
    );
  }
  return {
    kind: 'graph',
    name: declaration.name?.text ?? '',
    declaration,
    data,
    vertexIndex,
    acyclic: cycles.length === 0,
  };
}

/** `a -> b -> a`, shortened in the middle when long. */
function describeCycle(names: string[]): string {
  const closed = [...names, names[0]];
  if (closed.length <= 12) return closed.join(' -> ');
  return [...closed.slice(0, 5), '…', ...closed.slice(-4)].join(' -> ');
}

/**
 * Cycles by an iterative depth-first search (graphs may have millions of vertices: no recursion).
 * Each back edge closes a cycle; the cycle is read off the search stack. The vertices in the order
 * the search finished them come too: when there is no cycle, each comes after all its successors.
 */
export function findCycles(
  graph: Pick<GraphData, 'succStart' | 'succ'>,
  limit: number,
): { cycles: { vertices: number[]; closingSlot: number }[]; finishOrder: Int32Array } {
  const n = graph.succStart.length - 1;
  const { succStart, succ } = graph;
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const finishOrder = new Int32Array(n);
  let finished = 0;
  const stackVertex = new Int32Array(n);
  const stackNext = new Int32Array(n); // next successor slot to look at
  const stackPosition = new Int32Array(n); // where a vertex sits on the stack
  const cycles: { vertices: number[]; closingSlot: number }[] = [];
  for (let root = 0; root < n && cycles.length < limit; root++) {
    if (state[root] !== 0) continue;
    let depth = 0;
    stackVertex[0] = root;
    stackNext[0] = succStart[root];
    stackPosition[root] = 0;
    state[root] = 1;
    while (depth >= 0) {
      const v = stackVertex[depth];
      const slot = stackNext[depth];
      if (slot < succStart[v + 1]) {
        stackNext[depth] = slot + 1;
        const w = succ[slot];
        if (state[w] === 0) {
          depth++;
          stackVertex[depth] = w;
          stackNext[depth] = succStart[w];
          stackPosition[w] = depth;
          state[w] = 1;
        } else if (state[w] === 1 && cycles.length < limit) {
          cycles.push({ vertices: Array.from(stackVertex.subarray(stackPosition[w], depth + 1)), closingSlot: slot });
        }
      } else {
        state[v] = 2;
        finishOrder[finished++] = v;
        depth--;
      }
    }
  }
  return { cycles, finishOrder };
}

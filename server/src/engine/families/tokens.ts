// Tokens on a directed graph: each token's vertex nimber, and every slide to a nimber. On a graph
// with cycles the values are Smith's (loopyGraph.ts), an infinite vertex ∞(K) among them.
//
// Nimbers of every vertex of a directed graph in CSR form: nimber(v) = mex of its successors'.
//
// One iterative depth-first search (an explicit stack, so a 1,000,000-vertex chain cannot overflow
// anything): a vertex is finished after all its successors, and gets its mex then, in O(out-degree)
// with a stamped array. A successor still on the stack when its edge is followed closes a cycle:
// the first one found is reported. The language layer rejects cyclic graphs, but the engine does not
// rely on it: a vertex from which a cycle can be reached gets no nimber (-1) instead of a wrong one,
// and every other vertex still gets its exact nimber.
//
// When the graph comes with a finish order (the language layer's cycle search makes one), the
// nimbers are given out in that order with no search at all; the order is checked on the way (a
// vertex whose successor has no nimber yet means it is wrong), and a wrong order falls back to the
// search.
import { describeStop, Meter } from '../budget';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import type { Budget, GraphData, GraphNimbers, LoopyValues } from '../types';
import { finiteFollowerValues, INFINITE, loopyValues, malformedGraph } from './loopyGraph';

const NEW = 0;
const ON_STACK = 1;
const DONE = 2;

/**
 * The mex of v's successors' nimbers, with `seen` stamped by v; -1 when a successor has no nimber
 * (it is on a cycle's path, or not finished yet).
 */
function mexOfSuccessors(
  v: number,
  succStart: Int32Array,
  succ: Int32Array,
  nimbers: Int32Array,
  seen: Int32Array,
): number {
  const stamp = v + 1;
  const limit = seen.length - 2; // the largest nimber worth marking: the mex is at most the out-degree
  for (let i = succStart[v]; i < succStart[v + 1]; i++) {
    const x = nimbers[succ[i]];
    if (x < 0) return -1;
    if (x <= limit) seen[x] = stamp;
  }
  let mex = 0;
  while (seen[mex] === stamp) mex++;
  return mex;
}

export function graphNimbers(graph: GraphData, budget: Budget = {}): GraphNimbers {
  const problem = malformedGraph(graph);
  const { succStart, finishOrder } = graph;
  const count = Math.max(0, succStart.length - 1);
  const nimbers = new Int32Array(count).fill(-1);
  if (problem) return { nimbers, status: 'invalid', computed: 0, reason: problem };
  let maxDegree = 0;
  for (let v = 0; v < count; v++) maxDegree = Math.max(maxDegree, succStart[v + 1] - succStart[v]);
  const seen = new Int32Array(maxDegree + 2); // seen[x] === v + 1: x is a successor's nimber
  if (finishOrder?.length === count) {
    const inOrder = nimbersInOrder(graph, finishOrder, nimbers, seen, budget);
    if (inOrder) return inOrder;
    nimbers.fill(-1);
    seen.fill(0);
  }
  return nimbersBySearch(graph, nimbers, seen, budget);
}

/** Nimbers given out in a finish order; undefined when the order turns out wrong. */
function nimbersInOrder(
  graph: GraphData,
  order: Int32Array,
  nimbers: Int32Array,
  seen: Int32Array,
  budget: Budget,
): GraphNimbers | undefined {
  const { succStart, succ } = graph;
  const count = order.length;
  const meter = new Meter(budget);
  const { maxValues } = budget;
  for (let i = 0; i < count; i++) {
    const v = order[i];
    if (!(v >= 0 && v < count) || nimbers[v] >= 0) return undefined; // not each vertex once
    const mex = mexOfSuccessors(v, succStart, succ, nimbers, seen);
    if (mex < 0) return undefined; // a successor comes later
    nimbers[v] = mex;
    const finished = i + 1;
    const stop =
      maxValues !== undefined && finished >= maxValues
        ? 'max-values'
        : meter.spend(1 + succStart[v + 1] - succStart[v]);
    if (stop && finished < count) {
      return {
        nimbers,
        status: 'over-budget',
        computed: finished,
        stop,
        reason: `stopped after ${finished} of ${count} vertices because ${describeStop(stop)}`,
      };
    }
  }
  return { nimbers, status: 'complete', computed: count };
}

function nimbersBySearch(graph: GraphData, nimbers: Int32Array, seen: Int32Array, budget: Budget): GraphNimbers {
  const { succStart, succ } = graph;
  const count = nimbers.length;
  const state = new Uint8Array(count);
  const stack = new Int32Array(count);
  const depthOf = new Int32Array(count); // where a vertex sits on the stack, while it does
  const cursor = new Int32Array(count); // the next edge of each vertex to follow
  const meter = new Meter(budget);
  const { maxValues } = budget;
  let cycle: number[] | undefined;
  let computed = 0;
  let finished = 0;

  for (let root = 0; root < count; root++) {
    if (state[root] !== NEW) continue;
    let depth = 0;
    stack[depth] = root;
    depthOf[root] = depth++;
    state[root] = ON_STACK;
    cursor[root] = succStart[root];
    while (depth > 0) {
      const v = stack[depth - 1];
      const edge = cursor[v];
      if (edge < succStart[v + 1]) {
        cursor[v] = edge + 1;
        const w = succ[edge];
        if (state[w] === NEW) {
          stack[depth] = w;
          depthOf[w] = depth++;
          state[w] = ON_STACK;
          cursor[w] = succStart[w];
        } else if (state[w] === ON_STACK && !cycle) {
          cycle = Array.from(stack.subarray(depthOf[w], depth));
        }
        continue;
      }
      depth--;
      state[v] = DONE;
      finished++;
      const mex = mexOfSuccessors(v, succStart, succ, nimbers, seen);
      if (mex >= 0) {
        nimbers[v] = mex;
        computed++;
      }
      const stop =
        maxValues !== undefined && finished >= maxValues
          ? 'max-values'
          : meter.spend(1 + succStart[v + 1] - succStart[v]);
      if (stop && finished < count) {
        return {
          nimbers,
          status: 'over-budget',
          computed,
          stop,
          ...(cycle ? { cycle } : {}),
          reason: `stopped after ${finished} of ${count} vertices because ${describeStop(stop)}`,
        };
      }
    }
  }
  if (cycle) {
    const shown = cycle.length <= 12 ? cycle : [...cycle.slice(0, 6), -1, ...cycle.slice(-5)];
    const path = [...shown, cycle[0]].map((v) => (v < 0 ? '…' : graph.vertexNames[v])).join(' -> ');
    return {
      nimbers,
      status: 'cyclic',
      cycle,
      computed,
      reason: `the graph has a cycle (${path}): vertices that can reach it have no nimber`,
    };
  }
  return { nimbers, status: 'complete', computed };
}

/**
 * Every vertex's value, as a graph's hover and view show them: nimbers; on a graph with a cycle,
 * Smith's values (nimbers holds the finite ones, -1 for ∞; `loopy` has them with their counters).
 */
export function graphValues(graph: GraphData, budget: Budget = {}, cache?: EngineCache): GraphNimbers {
  const result = cachedGraphNimbers(graph, budget, cache);
  if (result.status !== 'cyclic') return result;
  const loopy = cachedLoopyValues(graph, budget, cache);
  let computed = 0;
  for (const value of loopy.values) if (value >= 0) computed++;
  return {
    nimbers: loopy.values,
    status: loopy.status === 'complete' ? 'cyclic' : loopy.status,
    ...(result.cycle ? { cycle: result.cycle } : {}),
    computed,
    loopy,
    ...(loopy.stop ? { stop: loopy.stop } : {}),
    ...(loopy.reason ? { reason: loopy.reason } : {}),
  };
}

/** The graph's nimbers from the cache, or computed and kept there unless a budget cut them short. */
function cachedGraphNimbers(graph: GraphData, budget: Budget, cache: EngineCache | undefined): GraphNimbers {
  let result = cache?.graphs.get(graph);
  if (!result) {
    result = graphNimbers(graph, budget);
    if (result.status === 'complete' || result.status === 'cyclic' || result.status === 'invalid')
      cache?.graphs.set(graph, result);
  }
  return result;
}

/** The graph's Smith values from the cache, or labelled and kept there unless a budget cut them short. */
function cachedLoopyValues(graph: GraphData, budget: Budget, cache: EngineCache | undefined): LoopyValues {
  let loopy = cache?.loopyGraphs.get(graph);
  if (!loopy) {
    loopy = loopyValues(graph, budget);
    if (loopy.status !== 'over-budget') cache?.loopyGraphs.set(graph, loopy);
  }
  return loopy;
}

export const tokensFamily: ComponentFamily<'tokens'> = {
  value: (c, budget, cache) => tokensValue(c.graph, c.vertices, budget, cache),
  movesTo: tokenMovesTo,
  infiniteMovesTo: infiniteTokenMovesTo,
};

function tokensValue(
  graph: GraphData,
  vertices: readonly number[],
  budget: Budget,
  cache: EngineCache,
): ComponentAnalysis {
  const known = cachedGraphNimbers(graph, budget, cache);
  if (known.status === 'cyclic') return loopyTokensValue(graph, vertices, budget, cache);
  const parts = vertices.map((v) => (known.nimbers[v] >= 0 ? BigInt(known.nimbers[v]) : null));
  if (parts.every((g) => g !== null)) {
    return { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ g!, 0n), parts, graph: known };
  }
  return {
    status: 'unknown',
    nimber: null,
    parts,
    graph: known,
    reason: known.reason ?? 'a token stands on a vertex without a nimber',
  };
}

/**
 * Tokens on a graph with cycles: Smith's values (loopyGraph.ts). The component's value: the nim-sum
 * of its tokens' when all are finite; ∞(K ⊕ n) when one token stands on an ∞(K) vertex and the
 * others' nim-sum is n; ∞() when two or more do.
 */
function loopyTokensValue(
  graph: GraphData,
  vertices: readonly number[],
  budget: Budget,
  cache: EngineCache,
): ComponentAnalysis {
  const loopy = cachedLoopyValues(graph, budget, cache);
  const { values } = loopy;
  const parts = vertices.map((v) => (values[v] >= 0 ? BigInt(values[v]) : null));
  if (loopy.status !== 'complete')
    return { status: 'unknown', nimber: null, parts, loopy, reason: loopy.reason ?? 'the graph is malformed' };
  let rest = 0n;
  const infinite: number[] = [];
  for (const v of vertices) {
    if (values[v] === INFINITE) infinite.push(v);
    else rest ^= BigInt(values[v]);
  }
  if (infinite.length === 0) return { status: 'value', nimber: rest, parts, loopy };
  const options =
    infinite.length === 1 ? finiteFollowerValues(graph, values, infinite[0]).map((k) => BigInt(k) ^ rest) : [];
  options.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { status: 'infinite', nimber: null, infinite: options, parts, loopy };
}

/**
 * The one token on an infinite vertex, to each follower whose value makes the sum 0: the value of
 * the component's other tokens and of the other components, `rest`. (Any other move leaves an
 * infinite component, which never loses.)
 */
function infiniteTokenMovesTo(
  component: Of<'tokens'>,
  value: ComponentAnalysis,
  index: number,
  rest: bigint,
  list: MoveList,
): void {
  const loopy = value.loopy as LoopyValues;
  const { values } = loopy;
  const { succStart, succ } = component.graph;
  const token = component.vertices.findIndex((v) => values[v] === INFINITE);
  if (token < 0 || component.vertices.some((v, t) => t !== token && values[v] === INFINITE)) return;
  let target = rest;
  component.vertices.forEach((v, t) => {
    if (t !== token) target ^= BigInt(values[v]);
  });
  const v = component.vertices[token];
  for (let slot = succStart[v]; slot < succStart[v + 1]; slot++)
    if (values[succ[slot]] >= 0 && BigInt(values[succ[slot]]) === target)
      list.add(index, { kind: 'token', token, to: succ[slot] });
}

function tokenMovesTo(
  component: Of<'tokens'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const { succStart, succ } = component.graph;
  // Tokens on a graph with cycles, in a sum of finite value: the same moves, by Smith's values
  // (an infinite vertex's -1 equals no target).
  const nimbers = value.graph?.nimbers ?? (value.loopy as LoopyValues).values;
  const seen = new Set<number>();
  component.vertices.forEach((v, token) => {
    if (seen.has(v)) return; // tokens on one vertex: moving either gives the same position
    seen.add(v);
    const target = BigInt(nimbers[v]) ^ total;
    for (let slot = succStart[v]; slot < succStart[v + 1]; slot++) {
      if (BigInt(nimbers[succ[slot]]) === target) list.add(index, { kind: 'token', token, to: succ[slot] });
    }
  });
}

// Tokens on a directed acyclic graph: each token's vertex nimber, and every slide to a nimber.

import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import type { Budget, GraphData } from '../types';
import { graphNimbers } from './graphNimbers';

export const tokensFamily: ComponentFamily<'tokens'> = {
  value: (c, budget, cache) => tokensValue(c.graph, c.vertices, budget, cache),
  movesTo: tokenMovesTo,
};

function tokensValue(
  graph: GraphData,
  vertices: readonly number[],
  budget: Budget,
  cache: EngineCache,
): ComponentAnalysis {
  let result = cache.graphs.get(graph);
  if (!result) {
    result = graphNimbers(graph, budget);
    if (result.status === 'complete' || result.status === 'cyclic' || result.status === 'invalid')
      cache.graphs.set(graph, result);
  }
  const known = result;
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

function tokenMovesTo(
  component: Of<'tokens'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const { succStart, succ } = component.graph;
  const nimbers = value.graph!.nimbers;
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

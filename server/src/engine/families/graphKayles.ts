// Node and Arc Kayles in sums (`node-kayles { a - b, b - c }`): each graph's nimber by boards/graphKayles.ts. Each
// component's search runs alone (its own table and limit of positions), so a graph's answer is its own whatever
// else was computed (issue 55); what the engine cache keeps between graphs, documents and analyses is only the
// finished searches, by canonical form. A position is what is left of a graph as written (KaylesPosition: the
// vertices keep their numbers, so their names): it is given to the solver numbered 0 … n − 1, and its moves are
// numbered back.
import {
  type KaylesGraph,
  type KaylesKind,
  kaylesOptions,
  kaylesValue,
  kaylesWinningMoves,
  SearchResults,
} from '../boards';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import { boardsAnalysis, boardWhy, listingStopped } from '../components';
import type { KaylesPosition } from '../gameTypes';
import type { Budget } from '../types';

/** A position as the solver takes it (vertices 0 … n − 1), and each of its vertices' number in the position. */
export function compactGraph(position: KaylesPosition): { graph: KaylesGraph; original: readonly number[] } {
  const index = new Map<number, number>();
  position.vertices.forEach((v, i) => index.set(v, i));
  const edges = position.edges.map(([a, b]) => [index.get(a)!, index.get(b)!] as const);
  return { graph: { vertices: position.vertices.length, edges }, original: position.vertices };
}

/** What is left after a move takes `removed`. */
export function kaylesPositionAfter(position: KaylesPosition, removed: readonly number[]): KaylesPosition {
  const gone = new Set(removed);
  return {
    vertices: position.vertices.filter((v) => !gone.has(v)),
    edges: position.edges.filter(([a, b]) => !gone.has(a) && !gone.has(b)),
  };
}

/** Whether a position has a move: a vertex (Node Kayles), an edge between two vertices (Arc Kayles). */
export function hasKaylesMove(game: KaylesKind, position: KaylesPosition): boolean {
  return game === 'node' ? position.vertices.length > 0 : position.edges.some(([a, b]) => a !== b);
}

/** Every move of a position: what it takes and what goes, numbered as the position is. */
export function kaylesPositionMoves(
  game: KaylesKind,
  position: KaylesPosition,
): { readonly taken: readonly number[]; readonly removed: readonly number[] }[] {
  const { graph, original } = compactGraph(position);
  return kaylesOptions(game, graph).map(({ move, removed }) => ({
    taken: typeof move === 'number' ? [original[move]] : [original[move[0]], original[move[1]]],
    removed: removed.map((v) => original[v]),
  }));
}

/** The cache's finished Kayles component searches, made when first needed. */
function resultsOf(cache: EngineCache): SearchResults {
  cache.boards.kayles ??= new SearchResults();
  return cache.boards.kayles;
}

/** The finished searches an analysis was made with, for its moves (movesTo has no cache), by the analysis object. */
const resultsOfAnalysis = new WeakMap<ComponentAnalysis, SearchResults>();

function kaylesComponentValue(component: Of<'graph-kayles'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const results = resultsOf(cache);
  const analysis = boardsAnalysis(component.positions, (position, i) => {
    const found = kaylesValue(component.game, compactGraph(position).graph, budget, results);
    const which = component.positions.length > 1 ? `graph ${i + 1}` : 'the graph';
    return {
      value: found.value,
      why: boardWhy(found.parts, (c) => found.parts[c].vertices.length, undefined),
      ...(found.value === null ? { unknown: `the nimber of ${which} is unknown: ${found.reason}` } : {}),
    };
  });
  resultsOfAnalysis.set(analysis, results);
  return analysis;
}

function kaylesMovesTo(
  component: Of<'graph-kayles'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
  budget: Budget,
): void {
  const results = resultsOfAnalysis.get(value) ?? new SearchResults();
  let incomplete: string | undefined;
  const seen = new Set<string>();
  component.positions.forEach((position, i) => {
    const text = kaylesPositionText(position);
    if (seen.has(text)) return; // equal graphs: the same moves
    seen.add(text);
    const { graph, original } = compactGraph(position);
    // Moves that remove the same vertices leave the same graph (a vertex and its only neighbour): one is listed.
    const leaving = new Set<string>();
    const found = kaylesWinningMoves(component.game, graph, Number(value.parts[i]! ^ total), budget, results);
    const options = new Map(kaylesOptions(component.game, graph).map((o) => [String(o.move), o.removed] as const));
    for (const move of found.moves) {
      const taken = typeof move === 'number' ? [original[move]] : [original[move[0]], original[move[1]]];
      const removed = (options.get(String(move)) ?? []).map((v) => original[v]);
      if (leaving.has(removed.join(','))) continue;
      leaving.add(removed.join(','));
      list.add(index, { kind: 'graph-kayles', graph: i, taken, removed });
    }
    if (!found.complete) incomplete ??= found.reason;
  });
  if (incomplete !== undefined) throw listingStopped(budget, incomplete);
}

export const graphKaylesFamily: ComponentFamily<'graph-kayles'> = {
  value: kaylesComponentValue,
  movesTo: kaylesMovesTo,
};

/** A position as text (its vertices, then its edges): equal texts, equal positions. */
export function kaylesPositionText(position: KaylesPosition): string {
  return `${position.vertices.join(',')};${position.edges.map(([a, b]) => `${a}-${b}`).join(',')}`;
}

// What a document needs computed, as keyed requests (computations.ts). Keys are made of what the
// answer depends on, never of positions: a graph by its body's text (the same text gives the same
// vertex numbering), a rule by the engine's ruleKey, a game by its play and components.
import { ruleKey } from '../engine';
import { componentAffinity, componentKey } from '../analysis/families';
import type { HeapRule } from '../engine/types';
import { gameInput } from '../analysis/gameReport';
import type { AnalyzedDocument } from '../language/analyze';
import type { GameSymbol, GraphSymbol } from '../language/model';
import type { ComputationRequest } from './computations';

export function graphKey(document: AnalyzedDocument, graph: GraphSymbol): string {
  const declaration = graph.declaration;
  const bodyStart = declaration.name?.end ?? declaration.start;
  return `graph ${document.file.text.slice(bodyStart, declaration.end)}`;
}

export function ruleRequestKey(rule: HeapRule): string {
  return `rule ${ruleKey(rule)}`;
}

/** The rule keys a game's computation fills its worker's cache with. */
function gameAffinity(game: GameSymbol): string[] {
  return [...new Set(game.components.flatMap(componentAffinity))];
}

export function gameKey(document: AnalyzedDocument, game: GameSymbol): string {
  return `game ${game.play}; ${game.components.map((c) => componentKey(c, (graph) => graphKey(document, graph))).join(' + ')}`;
}

export function gameRequest(document: AnalyzedDocument, game: GameSymbol, maxMoves: number): ComputationRequest {
  return {
    key: `${gameKey(document, game)}; moves ${maxMoves}`,
    label: game.name,
    job: () => ({ kind: 'game', input: gameInput(game), maxMoves }),
    affinity: gameAffinity(game),
  };
}

export function graphRequest(document: AnalyzedDocument, graph: GraphSymbol): ComputationRequest {
  return { key: graphKey(document, graph), label: graph.name, job: () => ({ kind: 'graph', graph: graph.data }), affinity: [] };
}

export function ruleRequest(name: string, rule: HeapRule): ComputationRequest {
  return { key: ruleRequestKey(rule), label: name, job: () => ({ kind: 'rule', rule }), affinity: [ruleKey(rule)] };
}

export interface DocumentRequests {
  readonly games: Map<GameSymbol, ComputationRequest>;
  readonly graphs: Map<GraphSymbol, ComputationRequest>;
}

/**
 * Everything a document's features will show without being asked: its valid games and acyclic
 * graphs. A symbol the analysis kept from the last version (incremental analysis) keeps its
 * request from `previous`: its key would be the same, and building keys was most of an edit's cost.
 */
export function documentRequests(document: AnalyzedDocument, maxMoves: number, previous?: DocumentRequests): DocumentRequests {
  const games = new Map<GameSymbol, ComputationRequest>();
  for (const game of document.model.games) if (game.valid) games.set(game, previous?.games.get(game) ?? gameRequest(document, game, maxMoves));
  const graphs = new Map<GraphSymbol, ComputationRequest>();
  for (const symbol of document.model.symbols.values())
    if (symbol.kind === 'graph' && symbol.acyclic) graphs.set(symbol, previous?.graphs.get(symbol) ?? graphRequest(document, symbol));
  return { games, graphs };
}

// What a document needs computed, as keyed requests (computations.ts). Keys are made of what the
// answer depends on, never of positions: a graph by its body's text (the same text gives the same
// vertex numbering), a rule by the engine's ruleKey, a game by its play and components.
import { ruleKey, TREBLECROSS_OCTAL } from '../engine';
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
  const keys = new Set<string>();
  for (const c of game.components) {
    if (c.kind === 'heaps' || c.kind === 'octal-row') keys.add(ruleKey(c.rule));
    else if (c.kind === 'treblecross') keys.add(ruleKey(TREBLECROSS_OCTAL));
  }
  return [...keys];
}

export function gameKey(document: AnalyzedDocument, game: GameSymbol): string {
  const parts = game.components.map((c) => {
    switch (c.kind) {
      case 'heaps':
        // The heaps as written, not printed from their values: printing a million-digit heap
        // takes a quarter of a second. Equal text means equal values (the converse may fail,
        // as with `007` and `7`, which only costs a computation).
        return `${ruleKey(c.rule)}: ${c.syntax.kind === 'heaps' ? c.syntax.heaps.map((h) => h.text).join(' ') : c.heaps.join(' ')}`;
      case 'octal-row':
        return `${ruleKey(c.rule)}: "${c.cells}"`;
      case 'treblecross':
        return `treblecross: "${c.cells}"`;
      case 'tokens':
        return `${graphKey(document, c.graph)} at ${c.vertices.join(',')}`;
    }
  });
  return `game ${game.play}; ${parts.join(' + ')}`;
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

/** Everything a document's features will show without being asked: its valid games and acyclic graphs. */
export function documentRequests(document: AnalyzedDocument, maxMoves: number): { games: Map<GameSymbol, ComputationRequest>; graphs: Map<GraphSymbol, ComputationRequest> } {
  const games = new Map<GameSymbol, ComputationRequest>();
  for (const game of document.model.games) if (game.valid) games.set(game, gameRequest(document, game, maxMoves));
  const graphs = new Map<GraphSymbol, ComputationRequest>();
  for (const symbol of document.model.symbols.values()) if (symbol.kind === 'graph' && symbol.acyclic) graphs.set(symbol, graphRequest(document, symbol));
  return { games, graphs };
}

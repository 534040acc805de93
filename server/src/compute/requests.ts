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
import type { Job } from './jobs';

export function graphKey(document: AnalyzedDocument, graph: GraphSymbol): string {
  const declaration = graph.declaration;
  const bodyStart = declaration.name?.end ?? declaration.start;
  return `graph ${document.file.text.slice(bodyStart, declaration.end)}`;
}

export function ruleRequestKey(rule: HeapRule): string {
  return `rule ${ruleKey(rule)}`;
}

/** A game's affinity when it uses one rule (most do): one shared list per rule key, not a list per game. */
const singleAffinities = new Map<string, readonly string[]>();
const NO_AFFINITY: readonly string[] = [];

/** The rule keys a game's computation fills its worker's cache with. */
function gameAffinity(game: GameSymbol): readonly string[] {
  // Loops, not a Set over flatMap: a game has a few components, and this runs for every game of a
  // document when it is opened.
  let keys: string[] | undefined;
  for (const component of game.components)
    for (const key of componentAffinity(component)) {
      keys ??= [];
      if (!keys.includes(key)) keys.push(key);
    }
  if (keys === undefined) return NO_AFFINITY;
  if (keys.length > 1) return keys.slice();
  let shared = singleAffinities.get(keys[0]);
  if (shared === undefined) {
    shared = keys;
    // Rule keys are few in practice; a document of many distinct rules only stops sharing.
    if (singleAffinities.size < 10_000) singleAffinities.set(keys[0], shared);
  }
  return shared;
}

/** The key's parts, joined once: a key made by `+` is a tree of pieces until it is first hashed, and three times the memory after. */
function gameKeyParts(document: AnalyzedDocument, game: GameSymbol): string[] {
  const parts = ['game ', game.play, '; '];
  const components = game.components;
  for (let i = 0; i < components.length; i++) {
    if (i > 0) parts.push(' + ');
    parts.push(componentKey(components[i], (graph) => graphKey(document, graph)));
  }
  return parts;
}

export function gameKey(document: AnalyzedDocument, game: GameSymbol): string {
  return gameKeyParts(document, game).join('');
}

/** A class, not a literal with a closure: a document's requests are made for all its games at once, and a closure and its context per game were a third of their memory. */
class GameRequest implements ComputationRequest {
  constructor(
    readonly key: string,
    readonly label: string,
    readonly affinity: readonly string[],
    private readonly game: GameSymbol,
    private readonly maxMoves: number,
  ) {}

  job(): Job {
    return { kind: 'game', input: gameInput(this.game), maxMoves: this.maxMoves };
  }
}

export function gameRequest(document: AnalyzedDocument, game: GameSymbol, maxMoves: number): ComputationRequest {
  const parts = gameKeyParts(document, game);
  parts.push('; moves ', String(maxMoves));
  return new GameRequest(parts.join(''), game.name, gameAffinity(game), game, maxMoves);
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

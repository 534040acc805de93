// What a document needs computed, as keyed requests (computations.ts). Keys are made of what the
// answer depends on, never of positions: a graph by its body's text (the same text gives the same
// vertex numbering; a digest of it stands in for it), a rule by the engine's ruleKey, a game by
// its play and components.
import { gameInput } from '../analysis/gameReport';
import { ruleKey } from '../engine';
import type { HeapRule } from '../engine/types';
import { type AnalyzedDocument, analyzeText } from '../language/analyze';
import { componentAffinity, componentKey } from '../language/families';
import type { GameSymbol, GraphSymbol } from '../language/model';
import { textDigest } from '../textDigest';
import type { ComputationRequest } from './computationTypes';
import type { Job } from './jobs';

/** Each graph's key, made once per symbol (a graph the analysis kept keeps its symbol, and its key). */
const graphKeys = new WeakMap<GraphSymbol, string>();

/**
 * A graph's key: its body's text, as a SHA-256 digest. The text itself was the key, and every
 * game on the graph has the graph's key in its own: a document of a 45 MB graph and a hundred
 * games on it held gigabytes of keys (and the computations keep hundreds of finished keys).
 */
export function graphKey(document: AnalyzedDocument, graph: GraphSymbol): string {
  let key = graphKeys.get(graph);
  if (key === undefined) {
    const declaration = graph.declaration;
    const bodyStart = declaration.name?.end ?? declaration.start;
    const body = document.file.text.slice(bodyStart, declaration.end);
    key = `graph ${textDigest(body)}`;
    graphKeys.set(graph, key);
  }
  return key;
}

export function ruleRequestKey(rule: HeapRule): string {
  return `rule ${ruleKey(rule)}`;
}

/** A game's affinity when it uses one rule (most do): one shared list per rule key, not a list per game. */
const singleAffinities = new Map<string, readonly string[]>();
const NO_AFFINITY: readonly string[] = [];

/**
 * The rule keys a game's computation fills its worker's cache with: a game's value, and the play and
 * the game tree of it, which value its positions and are best sent where those rules are known.
 */
export function gameAffinity(game: GameSymbol): readonly string[] {
  let first: string | undefined;
  let more: string[] | undefined;
  for (const component of game.components) {
    const key = componentAffinity(component);
    if (key === undefined || key === first) continue;
    if (first === undefined) first = key;
    else if (more === undefined) more = [first, key];
    else if (!more.includes(key)) more.push(key);
  }
  if (more) return more;
  if (first === undefined) return NO_AFFINITY;
  let shared = singleAffinities.get(first);
  if (shared === undefined) {
    shared = [first];
    // Rule keys are few in practice; a document of many distinct rules only stops sharing.
    if (singleAffinities.size < 10_000) singleAffinities.set(first, shared);
  }
  return shared;
}

/** The pieces of the key being made (see LanguageFamily.key), joined once: one list for every key. */
const keyParts: string[] = [];

/** Appends the game's key to keyParts. */
function gameKeyParts(game: GameSymbol, graphKey: (graph: GraphSymbol) => string): void {
  keyParts.push('game ', game.play, '; ');
  const components = game.components;
  for (let i = 0; i < components.length; i++) {
    if (i > 0) keyParts.push(' + ');
    componentKey(components[i], keyParts, graphKey);
  }
}

function joinedKey(): string {
  const key = keyParts.join('');
  keyParts.length = 0;
  return key;
}

export function gameKey(document: AnalyzedDocument, game: GameSymbol): string {
  gameKeyParts(game, (graph) => graphKey(document, graph));
  return joinedKey();
}

/**
 * A class, not a literal with a closure: a document's requests are made for all its games at once, and a closure and
 * its context per game were a third of their memory.
 */
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

  ruleName(key: string): string | undefined {
    for (const c of this.game.components)
      if ((c.kind === 'heaps' || c.kind === 'octal-row') && ruleKey(c.rule) === key) return c.ruleName;
    return undefined;
  }
}

export function gameRequest(
  document: AnalyzedDocument,
  game: GameSymbol,
  maxMoves: number,
  graphKeyOf = (graph: GraphSymbol) => graphKey(document, graph),
): ComputationRequest {
  gameKeyParts(game, graphKeyOf);
  keyParts.push('; moves ', String(maxMoves));
  return new GameRequest(joinedKey(), game.name, gameAffinity(game), game, maxMoves);
}

export function graphRequest(document: AnalyzedDocument, graph: GraphSymbol): ComputationRequest {
  return {
    key: graphKey(document, graph),
    label: graph.name,
    job: () => ({ kind: 'graph', graph: graph.data }),
    affinity: [],
  };
}

export function ruleRequest(name: string, rule: HeapRule): ComputationRequest {
  return { key: ruleRequestKey(rule), label: name, job: () => ({ kind: 'rule', rule }), affinity: [ruleKey(rule)] };
}

export interface DocumentRequests {
  readonly games: Map<GameSymbol, ComputationRequest>;
  readonly graphs: Map<GraphSymbol, ComputationRequest>;
}

/**
 * Everything a document's features will show without being asked: its valid games and its
 * graphs. A symbol the analysis kept from the last version (incremental analysis) keeps its
 * request from `previous`: its key would be the same, and building keys was most of an edit's cost.
 */
export function documentRequests(
  document: AnalyzedDocument,
  maxMoves: number,
  previous?: DocumentRequests,
): DocumentRequests {
  const games = new Map<GameSymbol, ComputationRequest>();
  const graphKeyOf = (graph: GraphSymbol) => graphKey(document, graph);
  for (const game of document.model.games)
    if (game.valid) games.set(game, previous?.games.get(game) ?? gameRequest(document, game, maxMoves, graphKeyOf));
  const graphs = new Map<GraphSymbol, ComputationRequest>();
  for (const symbol of document.model.symbols.values())
    if (symbol.kind === 'graph') graphs.set(symbol, previous?.graphs.get(symbol) ?? graphRequest(document, symbol));
  return { games, graphs };
}

/** How many winning moves a game's computation lists (lenses and the move picker show them). */
export const LISTED_MOVES = 200;

/** A version of a document as the server holds it: analysed, with the requests of what its features show. */
export interface AnalyzedVersion extends DocumentRequests {
  readonly analyzed: AnalyzedDocument;
}

/**
 * What the server does on the main thread for each new version of a document: the analysis (from
 * the last version's when there is one: see analyzeText), then the requests. The latency
 * benchmark times exactly this.
 */
export function analyzeVersion(text: string, previous?: AnalyzedVersion): AnalyzedVersion {
  const analyzed = analyzeText(text, { reusable: true }, previous?.analyzed);
  const { games, graphs } = documentRequests(analyzed, LISTED_MOVES, previous);
  return { analyzed, games, graphs };
}

// What every editor feature reads: one document version, its analysis, the settings, and the
// state of each computation it depends on. Features are functions of a view and a position, so
// they never wait: a value still computing is a state like any other, and they say so.

import type { CodeLens, Command, Position } from 'vscode-languageserver';
import type { GameResult, RuleSummary } from '../compute/jobs';
import type { GraphNimbers, HeapRule } from '../engine/types';
import type { AnalyzedDocument } from '../language/analyze';
import { referenceAt } from '../language/checker';
import type { GameSymbol, GraphSymbol, RuleSymbol } from '../language/model';
import { spanAt } from '../language/text';
import type { Settings } from '../settings';

export type Value<T> =
  /** `note`: what it waits for, when it is more than its own computation (a rule's misère quotient). */
  | { readonly state: 'pending'; readonly sinceMs: number; readonly note?: string }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'done'; readonly value: T; readonly cancelled: boolean };

export interface DocumentView {
  readonly uri: string;
  /**
   * A small number the server gives the document while it is open: what lenses and hints sent
   * without their details carry to be resolved (`[number, version, …]` is a tenth of the bytes of
   * a URI and names, on each of thousands of lenses).
   */
  readonly number: number;
  readonly version: number;
  readonly document: AnalyzedDocument;
  readonly settings: Settings;
  /** The client renders VS Code's `$(name)` icon syntax in titles (it says so in initializationOptions). */
  readonly icons: boolean;
  /** Undefined for a game with errors (nothing is computed for it). */
  game(game: GameSymbol): Value<GameResult> | undefined;
  /**
   * A digest of what the game's value depends on (its computation key, compute/requests.ts):
   * equal digests, equal results. Lenses carry it so that a move is applied only to the game it
   * was computed for; a digest, because the key holds every heap's digits and may be megabytes.
   */
  gameKey(game: GameSymbol): string | undefined;
  /** Undefined for a graph with a cycle. */
  graph(graph: GraphSymbol): Value<GraphNimbers> | undefined;
  /** Starts the rule's computation if nothing has. */
  rule(name: string, rule: HeapRule): Value<RuleSummary>;
  /**
   * Starts the longer remoteness search of a game whose value says its remoteness is pending (GameResult
   * `remotenessPending`), if nothing has; a later `game` has it. Absent where nothing runs apart.
   */
  searchRemoteness?(game: GameSymbol): void;
}

/**
 * The games whose declaration meets the offsets first..last, by binary search: an editor asks for
 * the hints of a screenful, and a request must not cost the whole document (100,000 games).
 * `games` is in document order (SemanticModel.games).
 */
export function* gamesBetween(
  games: readonly GameSymbol[],
  first: number,
  last: number,
): Generator<[game: GameSymbol, index: number]> {
  let low = 0;
  let high = games.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (games[middle].declaration.end < first) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < games.length && games[i].declaration.start <= last; i++) yield [games[i], i];
}

/**
 * The game a lens was made for, found again in the current text: only when what its value
 * depends on is unchanged (same key) and the value is known. Otherwise why not, and what to do.
 */
export function gameAgain(
  view: DocumentView | undefined,
  name: string,
  key: string,
  madeFor: string,
):
  | { readonly view: DocumentView; readonly game: GameSymbol; readonly result: GameResult }
  | { readonly refused: string; readonly advice: string } {
  if (!view) return { refused: 'The document is not open any more', advice: '' };
  const game = view.document.model.games.find((g) => g.name === name);
  if (!game) return { refused: `There is no game \`${name}\` in the document any more`, advice: '' };
  if (view.gameKey(game) !== key)
    return { refused: `\`${name}\` changed since ${madeFor} computed`, advice: ' Use the updated code lens.' };
  const value = view.game(game);
  if (value?.state !== 'done')
    return { refused: `The value of \`${name}\` is being recomputed`, advice: ' Try again in a moment.' };
  return { view, game, result: value.value };
}

// ---- the declarations a panel shows (the explorer's rules, the graph view's graphs) ----

/** The game whose declaration holds `offset`. */
export function gameAt(view: DocumentView, offset: number): GameSymbol | undefined {
  const declaration = spanAt(view.document.file.declarations, offset);
  if (declaration?.kind !== 'game') return undefined;
  return view.document.model.games.find((g) => g.declaration === declaration);
}

/** The game a command names: by name, or (from a palette) the one whose declaration holds the position. */
export function gameNamedOrAt(
  view: DocumentView,
  args: { readonly game?: string; readonly position?: Position },
): GameSymbol | undefined {
  if (args.game !== undefined) return view.document.model.games.find((g) => g.name === args.game);
  return args.position === undefined ? undefined : gameAt(view, view.document.lines.offsetAt(args.position));
}

type Declared = { readonly rule: RuleSymbol; readonly graph: GraphSymbol };

/** The name of the rule or graph at `offset`: its declaration, or its name where a game uses it. */
export function declaredNameAt(view: DocumentView, offset: number, kind: keyof Declared): string | undefined {
  const declaration = spanAt(view.document.file.declarations, offset);
  if (declaration?.kind === kind) return declaration.name?.text;
  const symbol = referenceAt(view.document.file, view.document.model, offset)?.symbol;
  return symbol?.kind === kind ? symbol.name : undefined;
}

/**
 * A lens above every rule or graph the document declares (not a duplicate declaration), with the
 * command `make` gives its symbol; none where it gives none.
 */
export function declarationLenses<K extends keyof Declared>(
  view: DocumentView,
  kind: K,
  make: (symbol: Declared[K]) => Command | undefined,
): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const declaration of view.document.file.declarations) {
    if (declaration.kind !== kind || !declaration.name) continue;
    const symbol = view.document.model.symbols.get(declaration.name.text);
    if (symbol?.kind !== kind || symbol.declaration !== declaration) continue;
    const command = make(symbol as Declared[K]);
    if (!command) continue;
    const start = view.document.lines.positionAt(declaration.start);
    lenses.push({ range: { start, end: start }, command });
  }
  return lenses;
}

// The analysis API: the open documents, each analysed at its current version, and the view every
// feature reads (features/view.ts's DocumentView). Text in, views out; no LSP connection. The
// server (server.ts) feeds it the documents the client syncs; tests and tools feed it text and
// call features on its views, with computations run at once (compute/inProcess.ts).
//
// A new version is analysed from the last one's analysis (incremental: see language/analyze.ts)
// and its computations are asked for at once, so that work for the new text starts, and work for
// the old stops, before any feature asks.
import type { Computation, ComputationRequest, ComputationSource } from './compute/computationTypes';
import type { GameResult, RuleSummary } from './compute/jobs';
import { type AnalyzedVersion, analyzeVersion, ruleRequest } from './compute/requests';
import type { GraphNimbers } from './engine/types';
import type { DocumentView, Value } from './features/view';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import { textDigest } from './textDigest';

interface DocumentState extends AnalyzedVersion {
  readonly version: number;
}

export class DocumentStore {
  private readonly documents = new Map<string, { version: number; text: string }>();
  private readonly states = new Map<string, DocumentState>();
  /** Each open document's number (DocumentView.number), and back. */
  private readonly numbers = new Map<string, number>();
  private readonly numbered = new Map<number, string>();
  private lastNumber = 0;
  /** What views carry: the settings, and whether the client renders `$(name)` icons. */
  settings: Settings = DEFAULT_SETTINGS;
  icons = false;

  constructor(private readonly computations: ComputationSource) {}

  /** A document opened or changed: analysed now, its computations asked for. */
  update(uri: string, version: number, text: string): void {
    this.documents.set(uri, { version, text });
    this.stateOf(uri);
  }

  close(uri: string): void {
    this.documents.delete(uri);
    this.states.delete(uri);
    const number = this.numbers.get(uri);
    this.numbers.delete(uri);
    if (number !== undefined) this.numbered.delete(number);
    this.computations.release(uri);
  }

  /** Forgets every analysis (the next view analyses its document again from its text). */
  forgetAnalyses(): void {
    this.states.clear();
  }

  uris(): string[] {
    return [...this.documents.keys()];
  }

  view(uri: string): DocumentView | undefined {
    const state = this.stateOf(uri);
    return state && this.viewOf(uri, state);
  }

  viewNumbered(number: number): DocumentView | undefined {
    const uri = this.numbered.get(number);
    return uri === undefined ? undefined : this.view(uri);
  }

  views(): DocumentView[] {
    return this.uris().flatMap((uri) => this.view(uri) ?? []);
  }

  /** The document's current version, analysed, with every computation it needs asked for. */
  private stateOf(uri: string): DocumentState | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const cached = this.states.get(uri);
    if (cached && cached.version === document.version) return cached;
    // The last version's analysis is the base of this one (used up by it: see analyzeText).
    const { analyzed, games, graphs } = analyzeVersion(document.text, cached);
    const state: DocumentState = { version: document.version, analyzed, games, graphs };
    this.states.set(uri, state);
    if (cached) {
      // An edit: only the requests it changed (a symbol the analysis kept keeps its request). Features ask for the
      // others' computations (ensure) as they show them, so one dropped meanwhile (a cancel) is started again there.
      const added: ComputationRequest[] = [];
      const removed: string[] = [];
      changedRequests(cached.graphs, graphs, added, removed);
      changedRequests(cached.games, games, added, removed);
      this.computations.wantChanges(
        uri,
        added.map((r) => r.key),
        removed,
      );
      for (const request of added) this.computations.ensure(request);
      return state;
    }
    this.computations.want(
      uri,
      [...games.values(), ...graphs.values()].map((r) => r.key),
    );
    for (const request of [...graphs.values(), ...games.values()]) this.computations.ensure(request);
    return state;
  }

  private numberOf(uri: string): number {
    let number = this.numbers.get(uri);
    if (number === undefined) {
      number = ++this.lastNumber;
      this.numbers.set(uri, number);
      this.numbered.set(number, uri);
    }
    return number;
  }

  private viewOf(uri: string, state: DocumentState): DocumentView {
    const computations = this.computations;
    return {
      uri,
      number: this.numberOf(uri),
      version: state.version,
      document: state.analyzed,
      settings: this.settings,
      icons: this.icons,
      game: (game) => {
        const request = state.games.get(game);
        return request && valueState(computations.ensure(request), pickGame);
      },
      gameKey: (game) => {
        const request = state.games.get(game);
        return request && keyDigest(request);
      },
      graph: (graph) => {
        const request = state.graphs.get(graph);
        return request && valueState(computations.ensure(request), pickGraph);
      },
      rule: (name, rule) => {
        const request = ruleRequest(name, rule);
        computations.wantAlso(uri, request.key);
        return valueState(computations.ensure(request), pickRule);
      },
      searchRemoteness: (game) => {
        const request = state.games.get(game);
        if (request) computations.searchRemoteness?.(request);
      },
    };
  }
}

const digests = new WeakMap<ComputationRequest, string>();

/** A short, stable name for a computation key (see DocumentView.gameKey). */
function keyDigest(request: ComputationRequest): string {
  let digest = digests.get(request);
  if (digest === undefined) {
    digest = textDigest(request.key).slice(0, 22);
    digests.set(request, digest);
  }
  return digest;
}

type DoneResult = NonNullable<Extract<Computation, { state: 'done' }>['result']>;

/** How each kind of value is read from a result, with the values read so far (by computation: one never changes). */
interface Picker<T> {
  readonly pick: (result: DoneResult) => T | undefined;
  readonly made: WeakMap<Computation, Value<T>>;
}

const pickGame: Picker<GameResult> = {
  pick: (r) => (r.kind === 'game' ? r.game : undefined),
  made: new WeakMap(),
};
const pickGraph: Picker<GraphNimbers> = {
  pick: (r) => (r.kind === 'graph' ? r.graph : undefined),
  made: new WeakMap(),
};
const pickRule: Picker<RuleSummary> = { pick: (r) => (r.kind === 'rule' ? r.rule : undefined), made: new WeakMap() };

/**
 * A computation as a feature reads it. A finished one's value is made once: features read every game's on each
 * keystroke (diagnostics, hints), and an object per game and read was garbage the next moment.
 */
function valueState<T>(computation: Computation | undefined, picker: Picker<T>): Value<T> {
  if (computation && computation.state !== 'pending') {
    let value = picker.made.get(computation);
    if (!value) {
      value = madeValue(computation, picker.pick);
      picker.made.set(computation, value);
    }
    return value;
  }
  return madeValue(computation, picker.pick);
}

function madeValue<T>(computation: Computation | undefined, pick: (result: DoneResult) => T | undefined): Value<T> {
  if (!computation || computation.state === 'pending') {
    const quotient = computation?.state === 'pending' ? computation.quotient : undefined;
    const note = quotient && `computing the misère quotient of ${quotient.ruleName}… (heap ${quotient.heaps} so far)`;
    return { state: 'pending', sinceMs: computation?.startedAt ?? Date.now(), ...(note ? { note } : {}) };
  }
  if (computation.state === 'failed') return { state: 'failed', message: computation.message };
  const value = pick(computation.result);
  return value === undefined
    ? { state: 'failed', message: 'internal: a result of the wrong kind' }
    : { state: 'done', value, cancelled: computation.cancelled };
}

/** The requests of `after` that `before` did not have (`added`) and the keys of those it had and lost (`removed`). */
function changedRequests<S>(
  before: ReadonlyMap<S, ComputationRequest>,
  after: ReadonlyMap<S, ComputationRequest>,
  added: ComputationRequest[],
  removed: string[],
): void {
  for (const [symbol, request] of after) if (before.get(symbol) !== request) added.push(request);
  for (const [symbol, request] of before) if (after.get(symbol) !== request) removed.push(request.key);
}

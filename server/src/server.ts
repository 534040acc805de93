// The language server: the only module that knows the connection.
//
// On every change a document is parsed and checked at once (cheap) and its diagnostics are
// published after a short pause. What each game, graph and hovered rule needs computed goes to
// the worker pool as keyed computations (compute/); features read whatever state those are in
// and never wait. When a computation finishes the server republishes diagnostics and asks the
// client to refresh inlay hints and code lenses. Computations that take a while show work-done
// progress, which the user can cancel.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeLensRefreshRequest,
  createConnection,
  DidChangeConfigurationNotification,
  ErrorCodes,
  InlayHintRefreshRequest,
  MarkupKind,
  MessageType,
  ShowMessageNotification,
  ProposedFeatures,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { Computations, type Computation } from './compute/computations';
import type { GameResult, RuleSummary } from './compute/jobs';
import { WorkerPool } from './compute/pool';
import { documentRequests, ruleRequest } from './compute/requests';
import type { ComputationRequest } from './compute/computations';
import type { GraphNimbers } from './engine/types';
import { moveEdit } from './features/applyMove';
import { APPLY_MOVE_COMMAND, codeLenses, resolveCodeLens, WINNING_MOVES_REQUEST, winningMoves } from './features/codeLens';
import { computationDiagnostics, lspDiagnostics } from './features/diagnostics';
import { hover } from './features/hover';
import { NUMBER_AT_REQUEST, numberAt } from './features/numberAt';
import { inlayHints } from './features/inlayHints';
import { DEFAULT_SETTINGS, type DocumentView, type Settings, type Value } from './features/view';
import { type AnalyzedDocument, analyzeText } from './language/analyze';
import { withShortNumbers } from './language/numberText';
import type { GameSymbol, GraphSymbol } from './language/model';
import { applyMoveArguments, codeLensResolveParams, executeCommandParams, InvalidParams, showMovesArguments, textDocumentParams, textDocumentPositionParams, textDocumentRangeParams, withCheckedDocumentSync } from './params';
import type { ApplyMoveAnswer } from './protocol';
import { exitOnBrokenStream, openTransport } from './transport';

/** Typing produces bursts of changes; publish diagnostics once the burst pauses this long. */
const diagnosticsDelayMs = 30;
/** Results arrive in bursts too: one refresh for all that finish within this time. */
const refreshDelayMs = 40;
/** Computations that last longer than this get a progress notification. */
const progressAfterMs = 500;
/** How many winning moves a game's computation lists (lenses and the move picker show them). */
const LISTED_MOVES = 200;
/** Test-only commands (a request that throws, a worker that dies), for the protocol tests. */
const testHooks = process.env.GRUNDY_TEST_HOOKS === '1';
const TEST_THROW = 'grundy.test.throw';
const TEST_CRASH_WORKER = 'grundy.test.crashWorker';
/** Test-only: answers the server's pid, then exits as on a broken message stream (the client restarts it). */
const TEST_BREAK_STREAM = 'grundy.test.breakStream';

// Our own reader and writer (transport.ts): a broken stream ends the process so that the client
// restarts it, and requests before `initialize` are refused.
const transport = openTransport();
const connection = createConnection(ProposedFeatures.all, transport.reader, transport.writer);
const documents = new TextDocuments(TextDocument);
let settings: Settings = DEFAULT_SETTINGS;
let capabilities: ClientCapabilities = {};
/** The client renders `$(name)` icons in titles: VS Code's client says so in initializationOptions. */
let renderIcons = false;

const pool = new WorkerPool({
  size: Math.max(2, Math.min(4, availableParallelism() - 1)),
  script: join(__dirname, 'worker.js'),
  onCrash: (why) => connection.console.error(`a computation worker stopped and was replaced: ${why}`),
});
const computations = new Computations(pool, settings.computation.budgetMs);

// ---- documents and their computations ----

interface DocumentState {
  readonly version: number;
  readonly analyzed: AnalyzedDocument;
  readonly games: Map<GameSymbol, ComputationRequest>;
  readonly graphs: Map<GraphSymbol, ComputationRequest>;
}

const states = new Map<string, DocumentState>();

/** The document's current version, analysed, with every computation it needs started. */
function stateOf(document: TextDocument): DocumentState {
  const cached = states.get(document.uri);
  if (cached && cached.version === document.version) return cached;
  const analyzed = analyzeText(document.getText());
  const { games, graphs } = documentRequests(analyzed, LISTED_MOVES);
  const state: DocumentState = { version: document.version, analyzed, games, graphs };
  states.set(document.uri, state);
  computations.want(document.uri, [...games.values(), ...graphs.values()].map((r) => r.key));
  for (const request of [...graphs.values(), ...games.values()]) computations.ensure(request);
  return state;
}

const digests = new WeakMap<ComputationRequest, string>();

/** A short, stable name for a computation key (see DocumentView.gameKey). */
function keyDigest(request: ComputationRequest): string {
  let digest = digests.get(request);
  if (digest === undefined) {
    digest = createHash('sha256').update(request.key).digest('base64url').slice(0, 22);
    digests.set(request, digest);
  }
  return digest;
}

function valueOf<T>(computation: Computation | undefined, pick: (result: NonNullable<Extract<Computation, { state: 'done' }>['result']>) => T | undefined): Value<T> {
  if (!computation || computation.state === 'pending') return { state: 'pending', sinceMs: computation?.startedAt ?? Date.now() };
  if (computation.state === 'failed') return { state: 'failed', message: computation.message };
  const value = pick(computation.result);
  return value === undefined ? { state: 'failed', message: 'internal: a result of the wrong kind' } : { state: 'done', value, cancelled: computation.cancelled };
}

function viewOf(document: TextDocument): DocumentView {
  const state = stateOf(document);
  return {
    uri: document.uri,
    version: document.version,
    document: state.analyzed,
    settings,
    icons: renderIcons,
    game: (game) => {
      const request = state.games.get(game);
      return request && valueOf<GameResult>(computations.ensure(request), (r) => (r.kind === 'game' ? r.game : undefined));
    },
    gameKey: (game) => {
      const request = state.games.get(game);
      return request && keyDigest(request);
    },
    graph: (graph) => {
      const request = state.graphs.get(graph);
      return request && valueOf<GraphNimbers>(computations.ensure(request), (r) => (r.kind === 'graph' ? r.graph : undefined));
    },
    rule: (name, rule) => {
      const request = ruleRequest(name, rule);
      computations.wantAlso(document.uri, request.key);
      return valueOf<RuleSummary>(computations.ensure(request), (r) => (r.kind === 'rule' ? r.rule : undefined));
    },
  };
}

// ---- diagnostics and refreshes ----

const pendingDiagnostics = new Map<string, NodeJS.Timeout>();

/** The version each open document's diagnostics were last published for. */
const publishedVersions = new Map<string, number>();

function publishDiagnostics(uri: string): void {
  const document = documents.get(uri);
  if (!document) return;
  try {
    const view = viewOf(document);
    const diagnostics = [...lspDiagnostics(view.document), ...computationDiagnostics(view)];
    publishedVersions.set(uri, document.version);
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
  } catch (cause) {
    // The front end never throws by design; if it ever does, say so and keep serving.
    connection.console.error(`analysing ${uri} failed: ${describe(cause)}`);
  }
}

function scheduleDiagnostics(uri: string): void {
  clearTimeout(pendingDiagnostics.get(uri));
  pendingDiagnostics.set(
    uri,
    setTimeout(() => {
      pendingDiagnostics.delete(uri);
      publishDiagnostics(uri);
    }, diagnosticsDelayMs),
  );
}

let refreshTimer: NodeJS.Timeout | undefined;
/** Documents whose diagnostics a finished computation changed. */
const finishedFor = new Set<string>();
/**
 * What the last refresh cost, with the hint and lens requests it drew from the client: the next
 * waits four times that, so that refreshes take at most a fifth of the thread however large the
 * document (a whole-document lens request on 100,000 games is not cheap).
 */
let lastRefreshMs = 0;
let refreshAnswersMs = 0;

/** Runs a request that a refresh makes the client send, counting its time against refreshes. */
function countedAgainstRefresh<T>(answer: () => T): T {
  const started = performance.now();
  try {
    return answer();
  } finally {
    refreshAnswersMs += performance.now() - started;
  }
}

function scheduleRefresh(): void {
  if (refreshTimer) return;
  refreshTimer = setTimeout(
    () => {
      refreshTimer = undefined;
      const started = performance.now();
      for (const uri of finishedFor) publishDiagnostics(uri);
      finishedFor.clear();
      lastRefreshMs = performance.now() - started + refreshAnswersMs;
      refreshAnswersMs = 0;
      if (capabilities.workspace?.inlayHint?.refreshSupport) void connection.sendRequest(InlayHintRefreshRequest.type).catch(() => undefined);
      if (capabilities.workspace?.codeLens?.refreshSupport) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    },
    Math.max(refreshDelayMs, 4 * lastRefreshMs),
  );
}

computations.onDidFinish((key, computation) => {
  // Only a failure or an unknown value adds a diagnostic (computationDiagnostics): republishing a
  // document of 100,000 games for every value that arrives would keep the thread busy for nothing.
  if (computation.state === 'failed' || (computation.state === 'done' && computation.result.kind === 'game' && computation.result.game.outcome === null)) {
    for (const uri of computations.ownersOf(key)) finishedFor.add(uri);
  }
  scheduleRefresh();
  // Progress is reported on a timer; only the end of all work is said at once.
  if (computations.pendingCount === 0) updateProgress();
});

// ---- progress ----

interface ProgressState {
  reporter?: WorkDoneProgressServerReporter;
  /** Computations finished before this progress began: the percentage counts those after. */
  readonly finishedAtStart: number;
}
let progress: ProgressState | undefined;
let progressTimer: NodeJS.Timeout | undefined;

/** O(1) in the number of computations (pendingSummary looks at a few of the oldest). */
function updateProgress(): void {
  const pending = computations.pendingSummary();
  if (!pending) {
    progress?.reporter?.done();
    progress = undefined;
    clearInterval(progressTimer);
    progressTimer = undefined;
    return;
  }
  progressTimer ??= setInterval(updateProgress, 250);
  if (!progress) {
    if (Date.now() - pending.oldestStartedAt < progressAfterMs || !capabilities.window?.workDoneProgress) return;
    const started: ProgressState = { finishedAtStart: pending.finishedTotal };
    progress = started;
    void connection.window.createWorkDoneProgress().then(
      (reporter) => {
        if (progress !== started) return reporter.done();
        started.reporter = reporter;
        reporter.begin('Grundy: computing nimbers', 0, message(pending), true);
        reporter.token.onCancellationRequested(() => computations.cancelAll());
      },
      () => undefined,
    );
    return;
  }
  const done = pending.finishedTotal - progress.finishedAtStart;
  progress.reporter?.report(Math.floor((100 * done) / (done + pending.count)), message(pending));
}

function message(pending: { count: number; oldestStartedAt: number; labels: string[] }): string {
  const seconds = ((Date.now() - pending.oldestStartedAt) / 1000).toFixed(0);
  const more = pending.count - pending.labels.length;
  return `${pending.labels.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''} (${seconds} s)`;
}

// ---- settings ----

function normalizeSettings(raw: unknown): Settings {
  const s = (raw ?? {}) as { inlayHints?: { enabled?: unknown }; codeLens?: { maxMoves?: unknown }; computation?: { budgetMs?: unknown } };
  const number = (value: unknown, fallback: number, min: number, max: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : fallback);
  return {
    inlayHints: { enabled: typeof s.inlayHints?.enabled === 'boolean' ? s.inlayHints.enabled : DEFAULT_SETTINGS.inlayHints.enabled },
    codeLens: { maxMoves: number(s.codeLens?.maxMoves, DEFAULT_SETTINGS.codeLens.maxMoves, 0, LISTED_MOVES) },
    computation: { budgetMs: number(s.computation?.budgetMs, DEFAULT_SETTINGS.computation.budgetMs, 10, 3_600_000) },
  };
}

async function loadSettings(): Promise<void> {
  if (!capabilities.workspace?.configuration) return;
  let loaded: Settings;
  try {
    loaded = normalizeSettings(await connection.workspace.getConfiguration('grundy'));
  } catch (cause) {
    connection.console.warn(`could not read the settings: ${describe(cause)}`);
    return;
  }
  useSettings(loaded);
}

function useSettings(next: Settings): void {
  // The first load usually finds what initializationOptions said, and a change elsewhere in the
  // configuration reaches here too: nothing to redo then.
  if (JSON.stringify(next) === JSON.stringify(settings)) return;
  settings = next;
  computations.setBudget(settings.computation.budgetMs);
  states.clear(); // views carry the settings; rebuild them (analysis is cheap)
  for (const document of documents.all()) publishDiagnostics(document.uri);
  scheduleRefresh();
}

// ---- requests ----

/** A warning the user need not answer: a notification (showMessage), not a prompt (showMessageRequest). */
function tell(message: string): void {
  void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
}

function describe(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}

/**
 * An exception in one request is logged and answered as that request's error; the server goes on.
 * Params the client got wrong (InvalidParams, params.ts) are its mistake: a warning and InvalidParams.
 */
function guarded<P, R>(name: string, handler: (params: P) => R | Promise<R>): (params: P) => Promise<R> {
  return async (params: P) => {
    try {
      return await handler(params);
    } catch (cause) {
      if (cause instanceof InvalidParams) {
        connection.console.warn(`${name}: invalid params from the client: ${cause.message}`);
        throw new ResponseError(ErrorCodes.InvalidParams, `${name}: ${cause.message}`);
      }
      connection.console.error(`${name} failed: ${describe(cause)}`);
      throw new ResponseError(ErrorCodes.InternalError, `${name} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  };
}

connection.onInitialize((params) => {
  capabilities = params.capabilities;
  const options = params.initializationOptions as { settings?: unknown; renderIcons?: unknown } | undefined;
  if (options?.settings) settings = normalizeSettings(options.settings);
  renderIcons = options?.renderIcons === true;
  computations.setBudget(settings.computation.budgetMs);
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      inlayHintProvider: true,
      codeLensProvider: { resolveProvider: true },
      executeCommandProvider: { commands: [APPLY_MOVE_COMMAND, ...(testHooks ? [TEST_THROW, TEST_CRASH_WORKER, TEST_BREAK_STREAM] : [])] },
    },
    serverInfo: { name: 'grundy-language-server', version: '0.1.0' },
  };
});

connection.onInitialized(() => {
  if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'grundy' });
  void loadSettings();
});

connection.onDidChangeConfiguration(
  guarded('settings', async (params) => {
    if (capabilities.workspace?.configuration) return loadSettings();
    const pushed = (params?.settings as { grundy?: unknown } | undefined)?.grundy;
    if (pushed) useSettings(normalizeSettings(pushed));
  }),
);

connection.onHover(
  guarded('hover', (raw) => {
    const params = textDocumentPositionParams(raw);
    const document = documents.get(params.uri);
    if (!document) return null;
    const view = viewOf(document);
    const answer = hover(view, view.document.lines.offsetAt(params.position));
    // Markdown only to a client that declared it; plain text otherwise (LSP: contentFormat).
    if (!answer || capabilities.textDocument?.hover?.contentFormat?.includes(MarkupKind.Markdown)) return answer;
    const { value } = answer.contents as { value: string };
    return { ...answer, contents: { kind: MarkupKind.PlainText, value: plainText(value) } };
  }),
);

/** Markdown as plain text: emphasis and code marks dropped, the words kept. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*/g, '')
    .replace(/`/g, '')
    .replace(/(^|\s)_([^_\n]+)_(?=$|[\s.,;:])/gm, '$1$2');
}

connection.languages.inlayHint.on(
  guarded('inlay hints', (raw) => {
    const params = textDocumentRangeParams(raw);
    const document = documents.get(params.uri);
    return document ? countedAgainstRefresh(() => inlayHints(viewOf(document), params.range)) : [];
  }),
);

connection.onCodeLens(
  guarded('code lenses', (raw) => {
    const document = documents.get(textDocumentParams(raw).uri);
    return document ? countedAgainstRefresh(() => codeLenses(viewOf(document))) : [];
  }),
);

connection.onCodeLensResolve(
  guarded('code lens resolve', (raw) => {
    const lens = codeLensResolveParams(raw);
    const document = documents.get(lens.data.uri);
    return resolveCodeLens(document && viewOf(document), lens);
  }),
);

connection.onRequest(
  NUMBER_AT_REQUEST,
  guarded('number at', (raw: unknown): unknown => {
    const params = textDocumentPositionParams(raw);
    const document = documents.get(params.uri);
    if (!document) return { refused: 'The document is not open.' };
    const view = viewOf(document);
    return numberAt(view, view.document.lines.offsetAt(params.position));
  }),
);

connection.onRequest(
  WINNING_MOVES_REQUEST,
  guarded('winning moves', (raw: unknown): unknown => {
    const args = showMovesArguments(raw);
    const document = documents.get(args?.uri);
    return winningMoves(document && viewOf(document), args);
  }),
);

connection.onExecuteCommand(
  guarded('command', async (raw) => {
    const params = executeCommandParams(raw);
    if (testHooks && params.command === TEST_THROW) throw new Error('a test asked this request to fail');
    if (testHooks && params.command === TEST_CRASH_WORKER) return pool.crashOne();
    if (testHooks && params.command === TEST_BREAK_STREAM) {
      // After the answer has gone out: the same exit as a real framing fault.
      setTimeout(() => exitOnBrokenStream('a test asked the server to act as on a broken stream'), 200);
      return { pid: process.pid };
    }
    if (params.command !== APPLY_MOVE_COMMAND) throw new InvalidParams(`unknown command ${params.command}`);
    const args = applyMoveArguments(params.arguments[0]);
    const document = documents.get(args.uri);
    const move = moveEdit(document && viewOf(document), args);
    if (move.status === 'refused') {
      tell(move.message);
      return { applied: false, message: move.message } satisfies ApplyMoveAnswer;
    }
    const edit = capabilities.workspace?.workspaceEdit?.documentChanges
      ? { documentChanges: [{ textDocument: { uri: args.uri, version: move.version }, edits: [move.edit] }] }
      : { changes: { [args.uri]: [move.edit] } };
    if (!capabilities.workspace?.applyEdit) {
      // The client cannot take edits from the server: say so, and answer with the edit, which a
      // client (or a person) can apply itself.
      const message = `The move ${move.label} was not applied: this editor does not accept edits from the server (workspace.applyEdit).`;
      tell(message);
      return { applied: false, message, edit } satisfies ApplyMoveAnswer & { edit: unknown };
    }
    let response: { applied: boolean; failureReason?: string };
    try {
      response = await connection.workspace.applyEdit({ label: `Play ${move.label}`, edit });
    } catch (cause) {
      // A client that fails the request has still answered: nothing was applied.
      response = { applied: false, failureReason: cause instanceof Error ? cause.message : String(cause) };
    }
    if (!response.applied) {
      const message = `The move ${move.label} was not applied${response.failureReason ? `: ${response.failureReason}` : ''}.`;
      tell(message);
      return { applied: false, message } satisfies ApplyMoveAnswer;
    }
    return { applied: true, after: withShortNumbers(move.after) } satisfies ApplyMoveAnswer;
  }),
);

documents.onDidOpen((event) => publishDiagnostics(event.document.uri));
documents.onDidChangeContent((event) => {
  // Analyse now (cheap) so that computations for the new text start, and stale ones stop, at once.
  stateOf(event.document);
  updateProgress();
  // TextDocuments reports an open as a change too, right after onDidOpen published them.
  if (publishedVersions.get(event.document.uri) !== event.document.version) scheduleDiagnostics(event.document.uri);
});
documents.onDidClose((event) => {
  const uri = event.document.uri;
  clearTimeout(pendingDiagnostics.get(uri));
  pendingDiagnostics.delete(uri);
  states.delete(uri);
  publishedVersions.delete(uri);
  computations.release(uri);
  updateProgress();
  void connection.sendDiagnostics({ uri, diagnostics: [] });
});
connection.onShutdown(() => pool.dispose());

documents.listen(withCheckedDocumentSync(connection, (message) => connection.console.warn(message)));
connection.listen();

// The language server: the only module that knows the connection. `createServer` serves one
// connection with no state outside the call, so that tests run servers in-process, several at
// once; main.ts is the process's entry point (transport, worker pool).
//
// On every change a document is parsed and checked at once (cheap) and its diagnostics are
// published after a short pause. What each game, graph and hovered rule needs computed goes to
// the worker pool as keyed computations (compute/); features read whatever state those are in
// and never wait. When a computation finishes the server republishes diagnostics and asks the
// client to refresh inlay hints and code lenses. Computations that take a while show work-done
// progress, which the user can cancel.
//
// Editor features (features/) are registered from one list, FEATURES: each brings its
// capabilities and its handlers, and sees the server only through a FeatureContext.
import { createHash } from 'node:crypto';
import {
  type ClientCapabilities,
  CodeLensRefreshRequest,
  type Connection,
  DidChangeConfigurationNotification,
  ErrorCodes,
  InlayHintRefreshRequest,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  type ServerCapabilities,
  ShowMessageNotification,
  ShowMessageRequest,
  TextDocumentSyncKind,
  TextDocuments,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Computation, type ComputationPool, type ComputationRequest, Computations } from './compute/computations';
import type { GameResult, RuleSummary } from './compute/jobs';
import { type AnalyzedVersion, analyzeVersion, LISTED_MOVES, ruleRequest } from './compute/requests';
import type { GraphNimbers } from './engine/types';
import { FEATURES } from './features';
import { computationDiagnostics, lspDiagnostics } from './features/diagnostics';
import { type Feature, type FeatureContext, type FeatureHandlers, Refusal } from './features/feature';
import { DEFAULT_SETTINGS, type DocumentView, type Settings, type Value } from './features/view';
import { executeCommandParams, InvalidParams, withCheckedDocumentSync } from './params';
import { STATUS_NOTIFICATION, type StatusParams } from './protocol';

/** Typing produces bursts of changes; publish diagnostics once the burst pauses this long. */
const diagnosticsDelayMs = 30;
/** Results arrive in bursts too: one refresh for all that finish within this time. */
const refreshDelayMs = 40;
/** Computations that last longer than this get a progress notification. */
const progressAfterMs = 500;
/** Requests that a refresh makes the client send: their time counts against refreshes (see scheduleRefresh). */
const REFRESH_DRIVEN = new Set([
  'textDocument/inlayHint',
  'textDocument/codeLens',
  'textDocument/semanticTokens/full',
  'textDocument/semanticTokens/full/delta',
]);

export interface ServerOptions {
  /** Runs the computations: the worker pool (main.ts); tests may pass their own. Disposed with the server. */
  readonly pool: ComputationPool;
  /** The features served (default FEATURES): tests add one (a handler that throws) or serve fewer. */
  readonly features?: readonly Feature[];
}

export interface LanguageServer {
  /** Stops timers and computations and disposes the pool; the connection is the caller's. */
  dispose(): Promise<void>;
}

interface DocumentState extends AnalyzedVersion {
  readonly version: number;
}

/**
 * Sends what nobody answers (a notification, a log line) without letting a failure to send throw:
 * once the client has gone (its stream ended, the pipe broke) the library throws "Connection is
 * closed" on every send, and a listener or timer still running must not turn that into a stack
 * trace. A send can only fail when there is nobody left to tell.
 */
function toClient(send: () => unknown): void {
  try {
    const sent = send();
    if (sent instanceof Promise) sent.catch(() => undefined);
  } catch {
    // the connection is closed
  }
}

/** Serves one connection: call before `connection.listen()`. */
export function createServer(connection: Connection, options: ServerOptions): LanguageServer {
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = DEFAULT_SETTINGS;
  let capabilities: ClientCapabilities = {};
  /** The client renders `$(name)` icons in titles: VS Code's client says so in initializationOptions. */
  let renderIcons = false;
  const pool = options.pool;
  const computations = new Computations(pool, settings.computation.budgetMs);

  // ---- documents and their computations ----

  const states = new Map<string, DocumentState>();
  /** Each open document's number (DocumentView.number), and back. */
  const numbers = new Map<string, number>();
  const numbered = new Map<number, string>();
  let lastNumber = 0;
  const numberOf = (uri: string): number => {
    let number = numbers.get(uri);
    if (number === undefined) {
      number = ++lastNumber;
      numbers.set(uri, number);
      numbered.set(number, uri);
    }
    return number;
  };

  /** The document's current version, analysed, with every computation it needs started. */
  function stateOf(document: TextDocument): DocumentState {
    const cached = states.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    // The last version's analysis is the base of this one (used up by it: see analyzeText).
    const { analyzed, games, graphs } = analyzeVersion(document.getText(), cached);
    const state: DocumentState = { version: document.version, analyzed, games, graphs };
    states.set(document.uri, state);
    computations.want(
      document.uri,
      [...games.values(), ...graphs.values()].map((r) => r.key),
    );
    for (const request of [...graphs.values(), ...games.values()]) computations.ensure(request);
    return state;
  }

  function viewOf(document: TextDocument): DocumentView {
    const state = stateOf(document);
    return {
      uri: document.uri,
      number: numberOf(document.uri),
      version: document.version,
      document: state.analyzed,
      settings,
      icons: renderIcons,
      game: (game) => {
        const request = state.games.get(game);
        return (
          request &&
          valueState<GameResult>(computations.ensure(request), (r) => (r.kind === 'game' ? r.game : undefined))
        );
      },
      gameKey: (game) => {
        const request = state.games.get(game);
        return request && keyDigest(request);
      },
      graph: (graph) => {
        const request = state.graphs.get(graph);
        return (
          request &&
          valueState<GraphNimbers>(computations.ensure(request), (r) => (r.kind === 'graph' ? r.graph : undefined))
        );
      },
      rule: (name, rule) => {
        const request = ruleRequest(name, rule);
        computations.wantAlso(document.uri, request.key);
        return valueState<RuleSummary>(computations.ensure(request), (r) => (r.kind === 'rule' ? r.rule : undefined));
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
      const diagnostics = [
        ...lspDiagnostics(
          view.document,
          uri,
          capabilities.textDocument?.publishDiagnostics?.relatedInformation === true,
        ),
        ...computationDiagnostics(view),
      ];
      publishedVersions.set(uri, document.version);
      toClient(() => connection.sendDiagnostics({ uri, version: document.version, diagnostics }));
    } catch (cause) {
      // The front end never throws by design; if it ever does, say so and keep serving.
      toClient(() => connection.console.error(`analysing ${uri} failed: ${describe(cause)}`));
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
        if (capabilities.workspace?.inlayHint?.refreshSupport)
          toClient(() => connection.sendRequest(InlayHintRefreshRequest.type));
        if (capabilities.workspace?.codeLens?.refreshSupport)
          toClient(() => connection.sendRequest(CodeLensRefreshRequest.type));
      },
      Math.max(refreshDelayMs, 4 * lastRefreshMs),
    );
  }

  /** Counts what changes features' answers besides a document's text: a computation finishing, new settings (FeatureContext.resultsVersion). */
  let resultsVersion = 0;

  computations.onDidFinish((key, computation) => {
    resultsVersion++;
    // Only a failure or an unknown value adds a diagnostic (computationDiagnostics): republishing a
    // document of 100,000 games for every value that arrives would keep the thread busy for nothing.
    if (
      computation.state === 'failed' ||
      (computation.state === 'done' && computation.result.kind === 'game' && computation.result.game.outcome === null)
    ) {
      for (const uri of computations.ownersOf(key)) finishedFor.add(uri);
    }
    if (computation.state === 'failed') lastError = `${computation.label}: ${computation.message.split('\n')[0]}`;
    scheduleRefresh();
    // Progress is reported on a timer; only the end of all work is said at once.
    if (computations.pendingCount === 0) updateProgress();
  });

  // ---- progress ----

  let progress: { reporter?: WorkDoneProgressServerReporter; readonly finishedAtStart: number } | undefined;
  let progressTimer: NodeJS.Timeout | undefined;

  /** The client asked for STATUS_NOTIFICATION (initializationOptions.status). */
  let sendStatus = false;
  let lastError: string | undefined;
  let lastStatus = '';

  function updateStatus(pending: ReturnType<Computations['pendingSummary']>): void {
    if (!sendStatus) return;
    const status: StatusParams = {
      computing: pending?.count ?? 0,
      labels: pending?.labels ?? [],
      ...(lastError ? { lastError } : {}),
    };
    const text = JSON.stringify(status);
    if (text === lastStatus) return;
    lastStatus = text;
    toClient(() => connection.sendNotification(STATUS_NOTIFICATION, status));
  }

  /** O(1) in the number of computations (pendingSummary looks at a few of the oldest). */
  function updateProgress(): void {
    const pending = computations.pendingSummary();
    updateStatus(pending);
    if (!pending) {
      const reporter = progress?.reporter;
      if (reporter) toClient(() => reporter.done());
      progress = undefined;
      clearInterval(progressTimer);
      progressTimer = undefined;
      return;
    }
    progressTimer ??= setInterval(updateProgress, 250);
    if (!progress) {
      if (Date.now() - pending.oldestStartedAt < progressAfterMs || !capabilities.window?.workDoneProgress) return;
      // Computations finished before this progress began: the percentage counts those after.
      const started: { reporter?: WorkDoneProgressServerReporter; readonly finishedAtStart: number } = {
        finishedAtStart: pending.finishedTotal,
      };
      progress = started;
      toClient(() =>
        connection.window.createWorkDoneProgress().then(
          (reporter) => {
            if (progress !== started) return reporter.done();
            started.reporter = reporter;
            reporter.begin('Grundy: computing nimbers', 0, progressMessage(pending), true);
            reporter.token.onCancellationRequested(() => computations.cancelAll());
          },
          () => undefined,
        ),
      );
      return;
    }
    const done = pending.finishedTotal - progress.finishedAtStart;
    const reporter = progress.reporter;
    if (reporter)
      toClient(() => reporter.report(Math.floor((100 * done) / (done + pending.count)), progressMessage(pending)));
  }

  // ---- settings ----

  async function loadSettings(): Promise<void> {
    if (!capabilities.workspace?.configuration) return;
    let loaded: Settings;
    try {
      loaded = normalizeSettings(await connection.workspace.getConfiguration('grundy'));
    } catch (cause) {
      toClient(() => connection.console.warn(`could not read the settings: ${describe(cause)}`));
      return;
    }
    useSettings(loaded);
  }

  function useSettings(next: Settings): void {
    // The first load usually finds what initializationOptions said, and a change elsewhere in the
    // configuration reaches here too: nothing to redo then.
    if (JSON.stringify(next) === JSON.stringify(settings)) return;
    settings = next;
    resultsVersion++;
    pool.setMemoryMb?.(settings.computation.memoryMb);
    computations.setBudget(settings.computation.budgetMs, settings.computation.memoryMb);
    states.clear(); // views carry the settings; rebuild them (analysis is cheap)
    for (const document of documents.all()) publishDiagnostics(document.uri);
    scheduleRefresh();
  }

  // ---- what features may do ----

  const context: FeatureContext = {
    get client() {
      return capabilities;
    },
    get resultsVersion() {
      return resultsVersion;
    },
    view: (uri) => {
      const document = documents.get(uri);
      return document && viewOf(document);
    },
    viewNumbered: (number) => {
      const uri = numbered.get(number);
      const document = uri === undefined ? undefined : documents.get(uri);
      return document && viewOf(document);
    },
    views: () => documents.all().map(viewOf),
    tell: (message, type = 'warning') => {
      toClient(() =>
        connection.sendNotification(ShowMessageNotification.type, {
          type: type === 'info' ? MessageType.Info : MessageType.Warning,
          message,
        }),
      );
    },
    ask: async (message, choices) => {
      try {
        const picked = await connection.sendRequest(ShowMessageRequest.type, {
          type: MessageType.Info,
          message,
          actions: choices.map((title) => ({ title })),
        });
        return picked?.title;
      } catch {
        return undefined;
      }
    },
    cancelComputations: () => {
      const running = computations.pendingSummary()?.count ?? 0;
      computations.cancelAll();
      return running;
    },
    compute: async (job, token, affinity) => {
      const handle = pool.run(job, settings.computation.budgetMs, affinity);
      const listening = token.onCancellationRequested(() => handle.cancel());
      try {
        return await handle.outcome;
      } finally {
        listening.dispose();
      }
    },
    applyEdit: async (label, edit) => {
      if (!capabilities.workspace?.applyEdit)
        return {
          applied: false,
          failureReason: 'this editor does not accept edits from the server (workspace.applyEdit)',
        };
      try {
        return await connection.workspace.applyEdit({ label, edit });
      } catch (cause) {
        // A client that fails the request has still answered: nothing was applied.
        return { applied: false, failureReason: cause instanceof Error ? cause.message : String(cause) };
      }
    },
  };

  /**
   * An exception in one request is logged and answered as that request's error; the server goes on.
   * Params the client got wrong (InvalidParams, params.ts) are its mistake: a warning and InvalidParams.
   */
  function guarded<R>(name: string, handler: () => R | Promise<R>): Promise<R> {
    return (async () => {
      try {
        return await handler();
      } catch (cause) {
        if (cause instanceof Refusal) throw new ResponseError(LSPErrorCodes.RequestFailed, cause.message);
        if (cause instanceof InvalidParams) {
          toClient(() => connection.console.warn(`${name}: invalid params from the client: ${cause.message}`));
          throw new ResponseError(ErrorCodes.InvalidParams, `${name}: ${cause.message}`);
        }
        toClient(() => connection.console.error(`${name} failed: ${describe(cause)}`));
        throw new ResponseError(
          ErrorCodes.InternalError,
          `${name} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        );
      }
    })();
  }

  // ---- the features ----

  const features = options.features ?? FEATURES;
  const handlers: [Feature, FeatureHandlers][] = features.map((feature) => [feature, feature.handlers(context)]);
  const commands = new Map<string, (args: readonly unknown[]) => unknown>();
  for (const [feature, own] of handlers) {
    for (const [method, handle] of Object.entries(own.requests ?? {})) {
      const counted = REFRESH_DRIVEN.has(method);
      connection.onRequest(method, (params: unknown, token) =>
        guarded(feature.name, () => {
          if (!counted) return handle(params, token);
          const started = performance.now();
          try {
            return handle(params, token);
          } finally {
            refreshAnswersMs += performance.now() - started;
          }
        }),
      );
    }
    for (const [command, handle] of Object.entries(own.commands ?? {})) {
      if (commands.has(command)) throw new Error(`two features execute ${command}`);
      commands.set(command, handle);
    }
  }
  connection.onExecuteCommand((raw) =>
    guarded('command', () => {
      const params = executeCommandParams(raw);
      const handle = commands.get(params.command);
      if (!handle) throw new InvalidParams(`unknown command ${params.command}`);
      return handle(params.arguments);
    }),
  );

  connection.onInitialize((params) => {
    capabilities = params.capabilities;
    const initOptions = params.initializationOptions as
      | { settings?: unknown; renderIcons?: unknown; status?: unknown }
      | undefined;
    sendStatus = initOptions?.status === true;
    if (initOptions?.settings) settings = normalizeSettings(initOptions.settings);
    renderIcons = initOptions?.renderIcons === true;
    pool.setMemoryMb?.(settings.computation.memoryMb);
    computations.setBudget(settings.computation.budgetMs, settings.computation.memoryMb);
    const declared: ServerCapabilities = {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      executeCommandProvider: { commands: [...commands.keys()] },
    };
    for (const feature of features) Object.assign(declared, feature.capabilities?.(capabilities));
    return { capabilities: declared, serverInfo: { name: 'grundy-language-server', version: '0.1.0' } };
  });

  connection.onInitialized(() => {
    if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration)
      toClient(() => connection.client.register(DidChangeConfigurationNotification.type, { section: 'grundy' }));
    void loadSettings();
  });

  connection.onDidChangeConfiguration((params) =>
    guarded('settings', async () => {
      if (capabilities.workspace?.configuration) return loadSettings();
      const pushed = (params?.settings as { grundy?: unknown } | undefined)?.grundy;
      if (pushed) useSettings(normalizeSettings(pushed));
    }).catch(() => undefined),
  );

  documents.onDidOpen((event) => publishDiagnostics(event.document.uri));
  documents.onDidChangeContent((event) => {
    // The typing pause counts from the keystroke: the analysis below runs within it.
    // TextDocuments reports an open as a change too, right after onDidOpen published them.
    if (publishedVersions.get(event.document.uri) !== event.document.version) scheduleDiagnostics(event.document.uri);
    // Analyse now (cheap) so that computations for the new text start, and stale ones stop, at once.
    stateOf(event.document);
    updateProgress();
  });
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    clearTimeout(pendingDiagnostics.get(uri));
    pendingDiagnostics.delete(uri);
    states.delete(uri);
    publishedVersions.delete(uri);
    const number = numbers.get(uri);
    numbers.delete(uri);
    if (number !== undefined) numbered.delete(number);
    computations.release(uri);
    updateProgress();
    toClient(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
  });
  connection.onShutdown(() => pool.dispose());
  documents.listen(withCheckedDocumentSync(connection, (message) => toClient(() => connection.console.warn(message))));

  return {
    async dispose() {
      for (const timer of pendingDiagnostics.values()) clearTimeout(timer);
      clearTimeout(refreshTimer);
      clearInterval(progressTimer);
      await pool.dispose();
    },
  };
}

// ---- pure helpers ----

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

function valueState<T>(
  computation: Computation | undefined,
  pick: (result: NonNullable<Extract<Computation, { state: 'done' }>['result']>) => T | undefined,
): Value<T> {
  if (!computation || computation.state === 'pending')
    return { state: 'pending', sinceMs: computation?.startedAt ?? Date.now() };
  if (computation.state === 'failed') return { state: 'failed', message: computation.message };
  const value = pick(computation.result);
  return value === undefined
    ? { state: 'failed', message: 'internal: a result of the wrong kind' }
    : { state: 'done', value, cancelled: computation.cancelled };
}

function progressMessage(pending: { count: number; oldestStartedAt: number; labels: string[] }): string {
  const seconds = ((Date.now() - pending.oldestStartedAt) / 1000).toFixed(0);
  const more = pending.count - pending.labels.length;
  return `${pending.labels.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''} (${seconds} s)`;
}

function normalizeSettings(raw: unknown): Settings {
  const s = (raw ?? {}) as {
    inlayHints?: { enabled?: unknown };
    codeLens?: { maxMoves?: unknown };
    computation?: { budgetMs?: unknown; memoryMb?: unknown };
  };
  const number = (value: unknown, fallback: number, min: number, max: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : fallback;
  return {
    inlayHints: {
      enabled: typeof s.inlayHints?.enabled === 'boolean' ? s.inlayHints.enabled : DEFAULT_SETTINGS.inlayHints.enabled,
    },
    codeLens: { maxMoves: number(s.codeLens?.maxMoves, DEFAULT_SETTINGS.codeLens.maxMoves, 0, LISTED_MOVES) },
    computation: {
      budgetMs: number(s.computation?.budgetMs, DEFAULT_SETTINGS.computation.budgetMs, 10, 3_600_000),
      memoryMb: number(s.computation?.memoryMb, DEFAULT_SETTINGS.computation.memoryMb, 64, 1_048_576),
    },
  };
}

function describe(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}

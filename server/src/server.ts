// The language server: the only module that knows the connection, and only wiring. `createServer`
// serves one connection with no state outside the call, so that tests run servers in-process,
// several at once; main.ts is the process's entry point (transport, worker pool).
//
// The open documents and the views features read are documentStore.ts's (the analysis API, no
// LSP); when the client hears of results, publishing.ts's (diagnostics after a typing pause,
// paced refreshes); progress and status, progress.ts's; what features may do, featureContext.ts's;
// the settings, settings.ts's table. Editor features (features/) are registered from one list,
// FEATURES: each brings its capabilities and its handlers, and sees the server only through a
// FeatureContext. A request's exception is that request's error (answers.ts).
import {
  type ClientCapabilities,
  CodeLensRefreshRequest,
  type Connection,
  DidChangeConfigurationNotification,
  InlayHintRefreshRequest,
  type ServerCapabilities,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, guarded, type RequestLog, toClient } from './answers';
import { Computations } from './compute/computations';
import type { ComputationPool } from './compute/computationTypes';
import { DocumentStore } from './documentStore';
import { featureContext } from './featureContext';
import { FEATURES } from './features';
import type { Feature, FeatureHandlers } from './features/feature';
import { InvalidParams } from './paramChecks';
import { executeCommandParams, withCheckedDocumentSync } from './params';
import { ComputationProgress } from './progress';
import { StatusNotification } from './protocol';
import { Publishing, REFRESH_DRIVEN } from './publishing';
import { DEFAULT_SETTINGS, normalizeSettings, type Settings } from './settings';

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

/** Serves one connection: call before `connection.listen()`. */
export function createServer(connection: Connection, options: ServerOptions): LanguageServer {
  const documents = new TextDocuments(TextDocument);
  let capabilities: ClientCapabilities = {};
  const pool = options.pool;
  const computations = new Computations(pool, DEFAULT_SETTINGS.computation.budgetMs);
  // The open documents, analysed, and the views features read (documentStore.ts).
  const store = new DocumentStore(computations);
  const settings = (): Settings => store.settings;

  const publishing = new Publishing(store, {
    relatedInformation: () => capabilities.textDocument?.publishDiagnostics?.relatedInformation === true,
    sendDiagnostics: (uri, version, diagnostics) =>
      toClient(() =>
        connection.sendDiagnostics(version === undefined ? { uri, diagnostics } : { uri, version, diagnostics }),
      ),
    refresh: () => {
      if (capabilities.workspace?.inlayHint?.refreshSupport)
        toClient(() => connection.sendRequest(InlayHintRefreshRequest.type));
      if (capabilities.workspace?.codeLens?.refreshSupport)
        toClient(() => connection.sendRequest(CodeLensRefreshRequest.type));
    },
    logError: (message) => toClient(() => connection.console.error(message)),
  });

  /**
   * Counts what changes features' answers besides a document's text: a computation finishing, new settings
   * (FeatureContext.resultsVersion).
   */
  let resultsVersion = 0;

  computations.onDidFinish((key, computation, remoteness) => {
    resultsVersion++;
    // Only a failure or an unknown value adds a diagnostic (computationDiagnostics): republishing a
    // document of 100,000 games for every value that arrives would keep the thread busy for nothing.
    // A game's remoteness completed later changes no diagnostic.
    const diagnosed =
      !remoteness &&
      (computation.state === 'failed' ||
        (computation.state === 'done' &&
          computation.result.kind === 'game' &&
          computation.result.game.outcome === null));
    if (computation.state === 'failed')
      progress.lastError = `${computation.label}: ${computation.message.split('\n')[0]}`;
    publishing.resultsChanged(diagnosed ? computations.ownersOf(key) : []);
    // Progress is reported on a timer; only the end of all work is said at once.
    if (computations.pendingCount === 0) updateProgress();
  });

  // ---- progress ----

  /** The client asked for StatusNotification (initializationOptions.status). */
  let sendStatus = false;
  const progress = new ComputationProgress(computations, {
    showsProgress: () => capabilities.window?.workDoneProgress === true,
    createProgress: () => connection.window.createWorkDoneProgress(),
    wantsStatus: () => sendStatus,
    // By name: the server's LSP library has its own copy of the protocol's classes.
    sendStatus: (status) => connection.sendNotification(StatusNotification.method, status),
    send: toClient,
  });
  const updateProgress = () => progress.update();

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
    if (JSON.stringify(next) === JSON.stringify(store.settings)) return;
    store.settings = next;
    resultsVersion++;
    pool.setMemoryMb?.(next.computation.memoryMb);
    computations.setBudget(next.computation.budgetMs, next.computation.memoryMb);
    store.forgetAnalyses(); // analysed again, their computations asked for under the new settings
    for (const uri of store.uris()) publishing.publish(uri);
    publishing.resultsChanged();
  }

  // ---- what features may do ----

  const context = featureContext({
    connection,
    capabilities: () => capabilities,
    resultsVersion: () => resultsVersion,
    store,
    computations,
    pool,
    answersChanged: () => {
      resultsVersion++;
      publishing.resultsChanged();
    },
  });
  const log: RequestLog = {
    warn: (message) => toClient(() => connection.console.warn(message)),
    error: (message) => toClient(() => connection.console.error(message)),
  };

  // ---- the features ----

  const features = options.features ?? FEATURES;
  const handlers: [Feature, FeatureHandlers][] = features.map((feature) => [feature, feature.handlers(context)]);
  const commands = new Map<string, (args: readonly unknown[]) => unknown>();
  for (const [feature, own] of handlers) {
    for (const [method, handle] of Object.entries(own.requests ?? {})) {
      const counted = REFRESH_DRIVEN.has(method);
      connection.onRequest(method, (params: unknown, token) =>
        guarded(feature.name, log, () => {
          if (!counted) return handle(params, token);
          const started = performance.now();
          try {
            return handle(params, token);
          } finally {
            publishing.countRefreshAnswer(performance.now() - started);
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
    guarded('command', log, () => {
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
    if (initOptions?.settings) store.settings = normalizeSettings(initOptions.settings);
    store.icons = initOptions?.renderIcons === true;
    pool.setMemoryMb?.(settings().computation.memoryMb);
    computations.setBudget(settings().computation.budgetMs, settings().computation.memoryMb);
    const declared: ServerCapabilities = {
      // Saves too: a save in play mode is the user's "my move is made" (play.ts).
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
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
    guarded('settings', log, async () => {
      if (capabilities.workspace?.configuration) return loadSettings();
      const pushed = (params?.settings as { grundy?: unknown } | undefined)?.grundy;
      if (pushed) useSettings(normalizeSettings(pushed));
    }).catch(() => undefined),
  );

  documents.onDidOpen((event) => {
    store.update(event.document.uri, event.document.version, event.document.getText());
    publishing.publish(event.document.uri);
  });
  documents.onDidChangeContent((event) => {
    // The typing pause counts from the keystroke: the analysis below runs within it.
    // TextDocuments reports an open as a change too, right after onDidOpen published them.
    publishing.changed(event.document.uri, event.document.version);
    // Analyse now (cheap) so that computations for the new text start, and stale ones stop, at once.
    store.update(event.document.uri, event.document.version, event.document.getText());
    updateProgress();
  });
  documents.onDidSave((event) => {
    for (const [feature, handler] of handlers)
      if (handler.saved) void guarded(`${feature.name} on save`, log, async () => handler.saved?.(event.document.uri));
  });
  documents.onDidClose((event) => {
    for (const [, handler] of handlers) handler.closed?.(event.document.uri);
    store.close(event.document.uri);
    updateProgress();
    publishing.closed(event.document.uri);
  });
  connection.onShutdown(() => pool.dispose());
  documents.listen(withCheckedDocumentSync(connection, (message) => toClient(() => connection.console.warn(message))));

  return {
    async dispose() {
      publishing.dispose();
      progress.dispose();
      await pool.dispose();
    },
  };
}

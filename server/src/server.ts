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
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type ComputationPool, Computations } from './compute/computations';
import { DocumentStore } from './documentStore';
import { FEATURES } from './features';
import { type Feature, type FeatureContext, type FeatureHandlers, Refusal } from './features/feature';
import { executeCommandParams, InvalidParams, withCheckedDocumentSync } from './params';
import { ComputationProgress } from './progress';
import { STATUS_NOTIFICATION } from './protocol';
import { describe, Publishing } from './publishing';
import { DEFAULT_SETTINGS, normalizeSettings, type Settings } from './settings';

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

  /** Counts what changes features' answers besides a document's text: a computation finishing, new settings (FeatureContext.resultsVersion). */
  let resultsVersion = 0;

  computations.onDidFinish((key, computation) => {
    resultsVersion++;
    // Only a failure or an unknown value adds a diagnostic (computationDiagnostics): republishing a
    // document of 100,000 games for every value that arrives would keep the thread busy for nothing.
    const diagnosed =
      computation.state === 'failed' ||
      (computation.state === 'done' && computation.result.kind === 'game' && computation.result.game.outcome === null);
    if (computation.state === 'failed')
      progress.lastError = `${computation.label}: ${computation.message.split('\n')[0]}`;
    publishing.resultsChanged(diagnosed ? computations.ownersOf(key) : []);
    // Progress is reported on a timer; only the end of all work is said at once.
    if (computations.pendingCount === 0) updateProgress();
  });

  // ---- progress ----

  /** The client asked for STATUS_NOTIFICATION (initializationOptions.status). */
  let sendStatus = false;
  const progress = new ComputationProgress(computations, {
    showsProgress: () => capabilities.window?.workDoneProgress === true,
    createProgress: () => connection.window.createWorkDoneProgress(),
    wantsStatus: () => sendStatus,
    sendStatus: (status) => connection.sendNotification(STATUS_NOTIFICATION, status),
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

  const context: FeatureContext = {
    get client() {
      return capabilities;
    },
    get resultsVersion() {
      return resultsVersion;
    },
    view: (uri) => store.view(uri),
    viewNumbered: (number) => store.viewNumbered(number),
    views: () => store.views(),
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
      const handle = pool.run(job, settings().computation.budgetMs, affinity);
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
    if (initOptions?.settings) store.settings = normalizeSettings(initOptions.settings);
    store.icons = initOptions?.renderIcons === true;
    pool.setMemoryMb?.(settings().computation.memoryMb);
    computations.setBudget(settings().computation.budgetMs, settings().computation.memoryMb);
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
  documents.onDidClose((event) => {
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

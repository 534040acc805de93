// When the client hears of new results: diagnostics after a typing pause, and, when computations
// finish, republished diagnostics and a request to refresh inlay hints and code lenses, paced so
// that refreshes never take more than a fifth of the thread.
import type { Diagnostic } from 'vscode-languageserver';
import { describe } from './answers';
import type { DocumentStore } from './documentStore';
import { computationDiagnostics, lspDiagnostics } from './features/diagnostics';

/** Typing produces bursts of changes; publish diagnostics once the burst pauses this long. */
const diagnosticsDelayMs = 30;
/** Results arrive in bursts too: one refresh for all that finish within this time. */
const refreshDelayMs = 40;

/** Requests that a refresh makes the client send: their time counts against refreshes (see lastRefreshMs). */
export const REFRESH_DRIVEN: ReadonlySet<string> = new Set([
  'textDocument/inlayHint',
  'textDocument/codeLens',
  'textDocument/semanticTokens/full',
  'textDocument/semanticTokens/full/delta',
]);

/** What publishing needs of the connection (server.ts gives it; sends never throw). */
export interface PublishingClient {
  /** The client shows a diagnostic's related information. */
  relatedInformation(): boolean;
  /** `version` absent: the document closed. */
  sendDiagnostics(uri: string, version: number | undefined, diagnostics: Diagnostic[]): void;
  /** Asks the client to refresh its inlay hints and code lenses (those it supports refreshing). */
  refresh(): void;
  logError(message: string): void;
}

export class Publishing {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** The version each open document's diagnostics were last published for. */
  private readonly published = new Map<string, number>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Documents whose diagnostics a finished computation changed. */
  private readonly finishedFor = new Set<string>();
  /**
   * What the last refresh cost, with the hint and lens requests it drew from the client: the next
   * waits four times that, so that refreshes take at most a fifth of the thread however large the
   * document (a whole-document lens request on 100,000 games is not cheap).
   */
  private lastRefreshMs = 0;
  private refreshAnswersMs = 0;

  constructor(
    private readonly store: DocumentStore,
    private readonly client: PublishingClient,
  ) {}

  /** Publishes the document's diagnostics now. */
  publish(uri: string): void {
    const view = this.store.view(uri);
    if (!view) return;
    try {
      const diagnostics = [
        ...lspDiagnostics(view.document, uri, this.client.relatedInformation()),
        ...computationDiagnostics(view),
      ];
      this.published.set(uri, view.version);
      this.client.sendDiagnostics(uri, view.version, diagnostics);
    } catch (cause) {
      // The front end never throws by design; if it ever does, say so and keep serving.
      this.client.logError(`analysing ${uri} failed: ${describe(cause)}`);
    }
  }

  /** The document changed: its diagnostics after the typing pause (none when this version's are out already). */
  changed(uri: string, version: number): void {
    if (this.published.get(uri) === version) return;
    clearTimeout(this.pending.get(uri));
    this.pending.set(
      uri,
      setTimeout(() => {
        this.pending.delete(uri);
        this.publish(uri);
      }, diagnosticsDelayMs),
    );
  }

  /** The document closed: nothing more is published for it but its empty diagnostics. */
  closed(uri: string): void {
    clearTimeout(this.pending.get(uri));
    this.pending.delete(uri);
    this.published.delete(uri);
    this.client.sendDiagnostics(uri, undefined, []);
  }

  /** Computations finished: these documents' diagnostics changed (the others' hints and lenses may have). */
  resultsChanged(uris: Iterable<string> = []): void {
    for (const uri of uris) this.finishedFor.add(uri);
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(
      () => {
        this.refreshTimer = undefined;
        const started = performance.now();
        for (const uri of this.finishedFor) this.publish(uri);
        this.finishedFor.clear();
        this.lastRefreshMs = performance.now() - started + this.refreshAnswersMs;
        this.refreshAnswersMs = 0;
        this.client.refresh();
      },
      Math.max(refreshDelayMs, 4 * this.lastRefreshMs),
    );
  }

  /** Time spent answering a request that a refresh makes the client send (see lastRefreshMs). */
  countRefreshAnswer(ms: number): void {
    this.refreshAnswersMs += ms;
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    clearTimeout(this.refreshTimer);
  }
}

// A language client for tests. It talks to the server with the LSP's own JSON-RPC library, as an
// editor would: it keeps the text of the documents it opened, applies the edits the server asks
// for (`workspace/applyEdit`, checking versions as VS Code does), answers progress,
// configuration and refresh requests, and records them for tests to wait on.
//
// Two ways to run the server: in this process (`inProcess`: createServer over a pair of streams,
// with options a test may set: a feature of its own, a hand on the workers), which feature tests
// use; or the bundled server as a child process over stdio (`start`), for the tests that are
// about the process itself (its memory, its exit).
import { type ChildProcess, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import type {
  ApplyWorkspaceEditParams,
  CodeLens,
  Diagnostic,
  Hover,
  InitializeResult,
  InlayHint,
  Position,
  PublishDiagnosticsParams,
  RequestType,
  ShowMessageParams,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { nodeWorkers } from '../../server/src/compute/nodeWorkers';
import { WorkerPool } from '../../server/src/compute/pool';
import { FEATURES } from '../../server/src/features';
import type { Feature } from '../../server/src/features/feature';
import {
  EXPLORE_QUOTIENT_COMMAND,
  EXPLORE_SEQUENCE_COMMAND,
  PLAY_COMMAND,
  REPLY_COMMAND,
  SHOW_GRAPH_COMMAND,
  STOP_PLAY_COMMAND,
  StatusNotification,
  type StatusParams,
} from '../../server/src/protocol';
import { createServer } from '../../server/src/server';
import { textDigest } from '../../server/src/textDigest';

/** A `$/progress` notification (work-done progress: begin, report, end). */
export interface ProgressParams {
  readonly token: string | number;
  readonly value: {
    readonly kind: 'begin' | 'report' | 'end';
    readonly title?: string;
    readonly message?: string;
    readonly percentage?: number;
    readonly cancellable?: boolean;
  };
}

import { CLIENT_CAPABILITIES } from './clientCapabilities';
import { repositoryPath } from './paths';

export { CLIENT_CAPABILITIES } from './clientCapabilities';

export interface SessionOptions {
  /** `grundy.*` settings, answered to `workspace/configuration`. */
  readonly settings?: Record<string, unknown>;
  /** The client's capabilities, instead of VS Code's usual ones (CLIENT_CAPABILITIES). */
  readonly capabilities?: Record<string, unknown>;
  /** initializationOptions besides the settings (default: renderIcons and status, as VS Code's client sends). */
  readonly renderIcons?: boolean;
  readonly status?: boolean;
}

export interface InProcessOptions extends SessionOptions {
  /** Features served besides FEATURES (a handler that throws, say). */
  readonly extraFeatures?: readonly Feature[];
  /** Computation workers (default 2). */
  readonly workers?: number;
}

/** A job the in-process server's pool was given: its kind and a digest of the whole job (what it depends on). */
export interface StartedJob {
  readonly kind: string;
  readonly digest: string;
  /** Set when the server cancelled it (the handle's cancel: a document closed, a game edited, the cancel command). */
  cancelled?: boolean;
  /** Set when its outcome came (done, stopped, dropped or failed). */
  ended?: boolean;
}

interface Waiter<T> {
  readonly accept: (value: T) => boolean;
  readonly resolve: (value: T) => void;
}

/** Something the server sent, kept in order, with waits for the next one that matches. */
class Inbox<T> {
  readonly seen: T[] = [];
  private readonly waiters: Waiter<T>[] = [];

  push(value: T): void {
    this.seen.push(value);
    for (const waiter of [...this.waiters]) {
      if (!waiter.accept(value)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(value);
    }
  }

  /** The first value seen (or to come) that satisfies `accept`. */
  next(accept: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
    const seen = this.seen.find(accept);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        accept,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
      });
    });
  }

  clear(): void {
    this.seen.length = 0;
  }
}

export class LanguageServerSession {
  readonly diagnostics = new Inbox<PublishDiagnosticsParams>();
  readonly refreshes = new Inbox<{ method: string; at: number }>();
  readonly progress = new Inbox<ProgressParams>();
  readonly messages = new Inbox<ShowMessageParams>();
  /** StatusNotification's params, as they came. */
  readonly status = new Inbox<StatusParams>();
  /** `window/logMessage`: type 1 error, 2 warning, 3 info, 4 log. */
  readonly logs = new Inbox<{ type: number; message: string }>();
  /** How `window/showMessageRequest` is answered (default: no choice). */
  answerChoice: (params: ShowMessageParams & { actions?: { title: string }[] }) => { title: string } | null = () =>
    null;
  readonly appliedEdits = new Inbox<ApplyWorkspaceEditParams>();
  readonly configurationRequests = new Inbox<{ at: number }>();
  readonly progressTokens: (string | number)[] = [];
  readonly stderr: string[] = [];
  private readonly documents = new Map<string, TextDocument>();
  settings: Record<string, unknown>;

  private constructor(
    readonly connection: MessageConnection,
    options: SessionOptions,
    private readonly end: {
      readonly process?: ChildProcess;
      readonly dispose?: () => Promise<void>;
      readonly workers?: readonly Worker[];
      readonly started?: StartedJob[];
      readonly pool?: WorkerPool;
    },
  ) {
    this.settings = options.settings ?? {};
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) =>
      this.diagnostics.push(params),
    );
    connection.onNotification('window/showMessage', (params: ShowMessageParams) => this.messages.push(params));
    connection.onNotification('window/logMessage', (params: { type: number; message: string }) =>
      this.logs.push(params),
    );
    connection.onNotification('$/progress', (params: ProgressParams) => this.progress.push(params));
    connection.onNotification(StatusNotification, (params: StatusParams) => this.status.push(params));
    connection.onRequest('window/workDoneProgress/create', (params: { token: string | number }) => {
      this.progressTokens.push(params.token);
      return null;
    });
    connection.onRequest(
      'window/showMessageRequest',
      (params: ShowMessageParams & { actions?: { title: string }[] }) => {
        this.messages.push(params);
        return this.answerChoice(params);
      },
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => {
      this.configurationRequests.push({ at: Date.now() });
      return params.items.map((item) => (item.section === 'grundy' ? this.settings : null));
    });
    for (const method of ['workspace/inlayHint/refresh', 'workspace/codeLens/refresh']) {
      connection.onRequest(method, () => {
        this.refreshes.push({ method, at: Date.now() });
        return null;
      });
    }
    connection.onRequest('workspace/applyEdit', (params: ApplyWorkspaceEditParams) => this.applyEdit(params));
  }

  /** The bundled server (out/server/server.js) as a child process over stdio. */
  static async start(
    options: SessionOptions = {},
  ): Promise<{ session: LanguageServerSession; initialize: InitializeResult }> {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.GRUNDY_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
        repositoryPath('out', 'server', 'server.js'),
        '--stdio',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const session = new LanguageServerSession(connection, options, { process: child });
    child.stderr!.on('data', (chunk) => session.stderr.push(String(chunk)));
    return { session, initialize: await session.initialize(options, process.pid) };
  }

  /** createServer in this process, over a pair of streams, with its own worker pool. */
  static async inProcess(
    options: InProcessOptions = {},
  ): Promise<{ session: LanguageServerSession; initialize: InitializeResult }> {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const serverConnection = createConnection(
      ProposedFeatures.all,
      new StreamMessageReader(toServer),
      new StreamMessageWriter(toClient),
    );
    const workers: Worker[] = [];
    const pool = new WorkerPool({
      size: options.workers ?? 2,
      workers: nodeWorkers({
        script: repositoryPath('out', 'server', 'worker.js'),
        onWorker: (worker) => workers.push(worker),
      }),
    });
    // Every job the pool is given, counted: the resource guards check that nothing is computed twice.
    const started: StartedJob[] = [];
    const run = pool.run.bind(pool);
    pool.run = (job, budgetMs, affinity, background) => {
      const entry: StartedJob = { kind: job.kind, digest: jobDigest(job) };
      started.push(entry);
      const handle = run(job, budgetMs, affinity, background);
      void handle.outcome.then(() => {
        entry.ended = true;
      });
      return {
        ...handle,
        cancel: () => {
          entry.cancelled = true;
          handle.cancel();
        },
      };
    };
    const server = createServer(serverConnection, { pool, features: [...FEATURES, ...(options.extraFeatures ?? [])] });
    serverConnection.listen();
    const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const session = new LanguageServerSession(connection, options, {
      dispose: async () => {
        await server.dispose();
        serverConnection.dispose();
        toServer.end();
        toClient.end();
      },
      workers,
      started,
      pool,
    });
    // No processId: the library would watch it and exit this process when it ends.
    return { session, initialize: await session.initialize(options, null) };
  }

  private async initialize(options: SessionOptions, processId: number | null): Promise<InitializeResult> {
    this.connection.listen();
    const initialize = await this.connection.sendRequest<InitializeResult>('initialize', {
      processId,
      rootUri: null,
      // As the extension's client does: settings from the start, before `workspace/configuration`.
      // As VS Code's client does: it renders `$(name)` icons.
      initializationOptions: {
        settings: this.settings,
        renderIcons: options.renderIcons ?? true,
        status: options.status ?? true,
      },
      capabilities: options.capabilities ?? CLIENT_CAPABILITIES,
    });
    await this.connection.sendNotification('initialized', {});
    return initialize;
  }

  /** Workers of an in-process server's pool, replacements included (terminate one: a crash). */
  get workers(): readonly Worker[] {
    return this.end.workers ?? [];
  }

  /** The jobs an in-process server's pool was given, in order (none for a server in a process of its own). */
  get jobsStarted(): readonly StartedJob[] {
    return this.end.started ?? [];
  }

  /** Jobs an in-process server's workers are running now (0 for a server in a process of its own). */
  get busyWorkers(): number {
    return this.end.pool?.busyCount ?? 0;
  }

  /** The server's process id (its peak memory is in /proc/PID/status). */
  get pid(): number | undefined {
    return this.end.process?.pid;
  }

  text(uri: string): string {
    return this.documents.get(uri)!.getText();
  }

  version(uri: string): number {
    return this.documents.get(uri)!.version;
  }

  async open(uri: string, text: string): Promise<void> {
    this.documents.set(uri, TextDocument.create(uri, 'game', 1, text));
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'game', version: 1, text },
    });
  }

  /** Replaces the whole text (a full-document change event). */
  async change(uri: string, text: string): Promise<number> {
    const version = this.version(uri) + 1;
    this.documents.set(uri, TextDocument.create(uri, 'game', version, text));
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    return version;
  }

  /** One incremental change, as an editor sends a keystroke: `newText` replaces `range`. */
  async edit(uri: string, range: { start: Position; end: Position }, newText: string): Promise<number> {
    const before = this.documents.get(uri)!;
    const version = before.version + 1;
    this.documents.set(
      uri,
      TextDocument.create(uri, 'game', version, TextDocument.applyEdits(before, [{ range, newText }])),
    );
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text: newText }],
    });
    return version;
  }

  async close(uri: string): Promise<void> {
    this.documents.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Applies a workspace edit as VS Code does: a versioned change is refused if the document moved on. */
  private async applyEdit(params: ApplyWorkspaceEditParams): Promise<{ applied: boolean; failureReason?: string }> {
    this.appliedEdits.push(params);
    const changes: [string, number | null, TextEdit[]][] = [];
    for (const change of params.edit.documentChanges ?? []) {
      if (!('textDocument' in change)) return { applied: false, failureReason: 'only text edits are supported' };
      changes.push([change.textDocument.uri, change.textDocument.version, change.edits as TextEdit[]]);
    }
    for (const [uri, edits] of Object.entries(params.edit.changes ?? {})) changes.push([uri, null, edits]);
    for (const [uri, version] of changes) {
      const document = this.documents.get(uri);
      if (!document) return { applied: false, failureReason: `${uri} is not open` };
      if (version !== null && version !== document.version)
        return {
          applied: false,
          failureReason: `version ${version} is stale (the document is at ${document.version})`,
        };
    }
    for (const [uri, , edits] of changes)
      await this.change(uri, TextDocument.applyEdits(this.documents.get(uri)!, edits));
    return { applied: true };
  }

  /** The next diagnostics published for a document that satisfy `accept`. */
  nextDiagnostics(
    uri: string,
    accept: (params: PublishDiagnosticsParams) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<PublishDiagnosticsParams> {
    return this.diagnostics.next((p) => p.uri === uri && accept(p), `matching diagnostics for ${uri}`, timeoutMs);
  }

  /** Forgets the diagnostics seen so far, so the next wait sees only new ones. */
  clearDiagnostics(): void {
    this.diagnostics.clear();
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
  }

  inlayHints(uri: string, range?: { start: Position; end: Position }): Promise<InlayHint[] | null> {
    const whole = { start: { line: 0, character: 0 }, end: { line: 1_000_000, character: 0 } };
    return this.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: range ?? whole });
  }

  resolveInlayHint(hint: InlayHint): Promise<InlayHint> {
    return this.connection.sendRequest('inlayHint/resolve', hint);
  }

  resolveCodeLens(lens: CodeLens): Promise<CodeLens> {
    return this.connection.sendRequest('codeLens/resolve', lens);
  }

  codeLenses(uri: string): Promise<CodeLens[] | null> {
    return this.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  }

  /** Any request, for the methods without a helper of their own. */
  /** An LSP request by method, or one of the extension's typed requests (protocol.ts). */
  request<R>(method: string, params: unknown): Promise<R>;
  request<P, R>(type: RequestType<P, R, void>, params: P): Promise<R>;
  request(method: string | RequestType<unknown, unknown, void>, params: unknown): Promise<unknown> {
    return this.connection.sendRequest(typeof method === 'string' ? method : method.method, params);
  }

  executeCommand(command: string, args: unknown[] = []): Promise<unknown> {
    return this.connection.sendRequest('workspace/executeCommand', { command, arguments: args });
  }

  /**
   * The lenses of games' values (without those above rules and graphs, which open their views: sequence.test.ts,
   * graphView.test.ts, jointQuotient.test.ts; and without the play lenses: playLenses, play.test.ts).
   */
  async gameLenses(uri: string): Promise<CodeLens[]> {
    const others = [
      EXPLORE_SEQUENCE_COMMAND,
      EXPLORE_QUOTIENT_COMMAND,
      SHOW_GRAPH_COMMAND,
      PLAY_COMMAND,
      REPLY_COMMAND,
      STOP_PLAY_COMMAND,
    ];
    return ((await this.codeLenses(uri)) ?? []).filter((lens) => !others.includes(lens.command?.command ?? ''));
  }

  /** The play lenses ("play against the computer", "computer's move", "stop playing"). */
  async playLenses(uri: string): Promise<CodeLens[]> {
    const play = [PLAY_COMMAND, REPLY_COMMAND, STOP_PLAY_COMMAND];
    return ((await this.codeLenses(uri)) ?? []).filter((lens) => play.includes(lens.command?.command ?? ''));
  }

  /** The editor saved the document (`textDocument/didSave`). */
  async save(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
  }

  /** The document's game lenses, asked again and again until their titles satisfy `accept`. */
  async codeLensesWhere(uri: string, accept: (titles: string) => boolean, timeoutMs = 20_000): Promise<CodeLens[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lenses = await this.gameLenses(uri);
      if (accept(lenses.map((lens) => lens.command?.title ?? '').join(' | '))) return lenses;
      if (Date.now() > deadline)
        throw new Error(
          `code lenses never matched within ${timeoutMs} ms: ${lenses.map((l) => l.command?.title).join(' | ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Game lenses once no game of the document is still computing. */
  settledCodeLenses(uri: string, timeoutMs = 20_000): Promise<CodeLens[]> {
    return this.codeLensesWhere(uri, (titles) => !titles.includes('computing'), timeoutMs);
  }

  async stop(): Promise<void> {
    const child = this.end.process;
    try {
      await this.connection.sendRequest('shutdown');
      // `exit` ends the process that serves it: not this one.
      if (child) await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    this.connection.dispose();
    await this.end.dispose?.();
    if (!child) return;
    // Give it a moment to exit by itself (a profiling run writes its profile then), then make sure.
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (child.exitCode === null) child.kill();
  }
}

/**
 * A job's digest: its JSON (bigints in hexadecimal, which is linear: printing a million-digit heap in decimal takes
 * a third of a second of the thread the in-process server shares; typed arrays written out), hashed.
 */
function jobDigest(job: unknown): string {
  const json = JSON.stringify(job, (_, value) =>
    typeof value === 'bigint'
      ? `0x${value.toString(16)}n`
      : ArrayBuffer.isView(value)
        ? Array.from(value as unknown as ArrayLike<number>)
        : value,
  );
  return textDigest(json);
}

export function messages(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

/** Splits a fixture line with a `|` cursor marker into its text and the cursor's position. */
export function cursorAt(marked: string): { text: string; position: Position } {
  // `\|` is the language's own `|` (a union of sets), not the cursor.
  const cursors = [...marked.matchAll(/(?<!\\)\|/g)];
  if (cursors.length !== 1) throw new Error(`want exactly one | in ${marked}`);
  const at = cursors[0].index;
  const before = marked.slice(0, at).replaceAll('\\|', '|');
  const lines = before.split('\n');
  return {
    text: before + marked.slice(at + 1).replaceAll('\\|', '|'),
    position: { line: lines.length - 1, character: lines[lines.length - 1].length },
  };
}

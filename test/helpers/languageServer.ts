// Starts the bundled language server over stdio and talks to it with the LSP's own JSON-RPC
// library, as an editor would.
import { type ChildProcess, spawn } from 'node:child_process';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { repositoryPath } from './paths';

export class LanguageServerSession {
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams[]>();
  private readonly waiters: { uri: string; accept: (params: PublishDiagnosticsParams) => boolean; resolve: (params: PublishDiagnosticsParams) => void }[] = [];
  private versions = new Map<string, number>();
  readonly stderr: string[] = [];

  private constructor(
    private readonly process: ChildProcess,
    readonly connection: MessageConnection,
  ) {
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.set(params.uri, [...(this.diagnostics.get(params.uri) ?? []), params]);
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.accept(params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(params);
        }
      }
    });
  }

  static async start(): Promise<{ session: LanguageServerSession; initialize: InitializeResult }> {
    const child = spawn(process.execPath, [repositoryPath('out', 'server', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const session = new LanguageServerSession(child, connection);
    child.stderr!.on('data', (chunk) => session.stderr.push(String(chunk)));
    connection.listen();
    const initialize = await connection.sendRequest<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await connection.sendNotification('initialized', {});
    return { session, initialize };
  }

  async open(uri: string, text: string): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'game', version: 1, text } });
  }

  /** Replaces the whole text (a full-document change event). */
  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  /** The next diagnostics published for a document that satisfy `accept`. */
  nextDiagnostics(uri: string, accept: (params: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 10_000): Promise<PublishDiagnosticsParams> {
    const seen = (this.diagnostics.get(uri) ?? []).find(accept);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ uri, accept, resolve: (params) => (clearTimeout(timer), resolve(params)) });
    });
  }

  /** Forgets the diagnostics seen so far, so the next wait sees only new ones. */
  clearDiagnostics(): void {
    this.diagnostics.clear();
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    this.connection.dispose();
    if (this.process.exitCode === null) this.process.kill();
  }
}

export function messages(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

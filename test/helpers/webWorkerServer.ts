// The browser build of the language server (out/web/server.js) in a page of headless Chromium, as
// a web editor runs it: a Web Worker speaking LSP over `postMessage`, starting its computation
// workers (out/web/worker.js) as nested Web Workers. Used by the end-to-end test
// (test/e2e/webWorker.e2e.ts) and the browser benchmark (test/web/browser.bench.ts).
//
// - serveWebBundles: a small `node:http` server on 127.0.0.1 for the bundles and an empty page,
//   plain or cross-origin isolated (COOP + COEP: the page, and so its workers, get
//   SharedArrayBuffer, and the server cancels computations through shared memory), and with or
//   without a content security policy that forbids compiling WebAssembly (as a strict site's has):
//   there the engine's kernels fall back to JavaScript (rules of one's own: movesClosures.ts).
// - startPageClient: runs *in the page* (playwright serializes it, so it uses nothing from this
//   module but types): starts the server's worker and keeps a small JSON-RPC client for it as
//   `globalThis.lsp` (PageClient). It answers the server's requests as an editor does, keeps the
//   text of the documents it opened and applies the server's edits to it.
// - WebWorkerServer: that page from Node's side: the client's calls, each one `page.evaluate`.
//   Tests that time something run their loop inside the page instead (one evaluate), so that the
//   time is the client's round trip through the worker, not playwright's.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { CLIENT_CAPABILITIES } from './clientCapabilities';

/** The page's LSP client (startPageClient), as `globalThis.lsp` in the page. */
export interface PageClient {
  /** Notifications and requests from the server, in order (`at`: performance.now() when they came). */
  readonly received: { readonly method: string; readonly params: unknown; readonly at: number }[];
  request<R = unknown>(method: string, params?: unknown): Promise<R>;
  /** Sends a request; its id at once (for `$/cancelRequest`), its answer to come. */
  send<R = unknown>(method: string, params?: unknown): { readonly id: number; readonly answer: Promise<R> };
  notify(method: string, params?: unknown): void;
  /** The first notification or request of `method` received (or to come) that `accept` takes. */
  next<P>(method: string, accept?: (params: P) => boolean, timeoutMs?: number): Promise<P>;
  /** Forgets what was received of `method`, so that `next` waits for a new one. */
  forget(method: string): void;
  open(uri: string, text: string): void;
  /** Replaces the whole text (a full change); the new version. */
  change(uri: string, text: string): number;
  /** One incremental change, as an editor sends a keystroke; the new version. */
  edit(uri: string, range: Range, text: string): number;
  close(uri: string): void;
  text(uri: string): string;
  version(uri: string): number;
  /** The diagnostics published for `uri` (at `version`, when given). */
  diagnostics(uri: string, version?: number, timeoutMs?: number): Promise<PublishedDiagnostics>;
  /** `text` with `edits` applied (as the client applies the server's edits). */
  withEdits(text: string, edits: readonly { readonly range: Range; readonly newText: string }[]): string;
}

export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export interface PublishedDiagnostics {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: { readonly range: Range; readonly message: string; readonly severity?: number }[];
}

export interface PageClientOptions {
  /** The server's script, from the page. */
  readonly serverUrl: string;
  /** `grundy.*` settings, answered to `workspace/configuration` (default: null, every setting at its default). */
  readonly settings?: Record<string, unknown>;
}

/** The page's `globalThis`, as functions run in the page see it. */
export type PageGlobals = { lsp: PageClient };

/** Headers that make a page cross-origin isolated: then it, and its workers, have SharedArrayBuffer. */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>grundy web worker</title></head><body></body></html>';

/**
 * A content security policy without 'wasm-unsafe-eval' (nor 'unsafe-eval'): compiling WebAssembly throws a
 * CompileError, and eval an EvalError. Scripts from the page's origin only; workers from it or from blobs (the
 * computation workers start from a blob: browser/workers.ts). Chromium applies it to the page and to each worker
 * from its script's own answer (the server's worker), and a blob's worker inherits its creator's.
 */
export const NO_WASM_POLICY = "script-src 'self'; worker-src 'self' blob:";

export interface WebBundleOptions {
  /** COOP + COEP on every answer: the page is cross-origin isolated. */
  readonly isolated: boolean;
  /** 'no-wasm': NO_WASM_POLICY on every answer, so that WebAssembly cannot compile in the page nor its workers. */
  readonly csp?: 'no-wasm';
}

export interface WebBundleServer {
  /** The page's URL (http://127.0.0.1:PORT/). */
  readonly url: string;
  /** Paths asked for, in order (the page, the server's script, the workers' script…). */
  readonly served: string[];
  close(): Promise<void>;
}

/**
 * Serves `repositoryRoot`'s out/web/ under /out/web/ and an empty page at /, on 127.0.0.1 at a
 * free port; `isolated` adds the cross-origin isolation headers to every answer, `csp: 'no-wasm'`
 * NO_WASM_POLICY.
 */
export async function serveWebBundles(repositoryRoot: string, { isolated, csp }: WebBundleOptions) {
  const webDir = join(repositoryRoot, 'out', 'web');
  const served: string[] = [];
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    served.push(path);
    const headers: Record<string, string> = {
      'Cache-Control': 'no-store',
      ...(isolated ? ISOLATION_HEADERS : {}),
      ...(csp === 'no-wasm' ? { 'Content-Security-Policy': NO_WASM_POLICY } : {}),
    };
    if (path === '/favicon.ico') {
      response.writeHead(204, headers);
      response.end();
      return;
    }
    if (path === '/') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      response.end(PAGE);
      return;
    }
    // Only the bundles, and nothing outside out/web/ however the path is spelled.
    const file = normalize(join(repositoryRoot, path));
    if (!path.startsWith('/out/web/') || !file.startsWith(`${webDir}/`) || !/\.(js|map)$/.test(file)) {
      response.writeHead(404, headers);
      response.end();
      return;
    }
    try {
      const body = await readFile(file);
      const type = file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json';
      response.writeHead(200, { ...headers, 'Content-Type': type });
      response.end(body);
    } catch {
      response.writeHead(404, headers);
      response.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Never what keeps the process alive: a test that fails before closing it still lets Node exit.
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies WebBundleServer;
}

/**
 * Runs in the page: starts `serverUrl` as a Web Worker and installs `globalThis.lsp`, a JSON-RPC
 * client for it. It answers the server's requests as an editor does: `workspace/configuration`
 * with `settings` for `grundy` and nulls for the rest, `workspace/applyEdit` by applying the edit to its own
 * copy of the text (refused if the document moved on, as VS Code does) and sending the change;
 * everything else (registrations, progress, refreshes) with null. Everything self-contained:
 * playwright sends this function's source to the page.
 */
export function startPageClient({ serverUrl, settings }: PageClientOptions): void {
  interface Message {
    readonly jsonrpc: '2.0';
    readonly id?: number | string;
    readonly method?: string;
    readonly params?: unknown;
    readonly result?: unknown;
    readonly error?: { readonly code: number; readonly message: string };
  }
  interface TextEdit {
    readonly range: Range;
    readonly newText: string;
  }
  interface WorkspaceEdit {
    readonly changes?: Record<string, TextEdit[]>;
    readonly documentChanges?: { textDocument: { uri: string; version: number | null }; edits: TextEdit[] }[];
  }
  const page = globalThis as unknown as PageGlobals & {
    Worker: new (
      url: string,
    ) => { postMessage(message: Message): void; onmessage: ((event: { data: Message }) => void) | null };
  };
  const worker = new page.Worker(serverUrl);
  const post = (message: Omit<Message, 'jsonrpc'>) => worker.postMessage({ jsonrpc: '2.0', ...message });
  const pending = new Map<number | string, { resolve(value: unknown): void; reject(error: Error): void }>();
  const received: { method: string; params: unknown; at: number }[] = [];
  const waiters: { method: string; accept(params: unknown): boolean; found(params: unknown): void }[] = [];
  const documents = new Map<string, { text: string; version: number }>();
  let nextId = 1;

  const offsetAt = (text: string, { line, character }: Position) => {
    let at = 0;
    for (let i = 0; i < line; i++) {
      const end = text.indexOf('\n', at);
      if (end < 0) return text.length;
      at = end + 1;
    }
    const end = text.indexOf('\n', at);
    return Math.min(at + character, end < 0 ? text.length : end);
  };
  const applied = (text: string, edits: readonly TextEdit[]) => {
    const spans = edits
      .map((e) => ({ from: offsetAt(text, e.range.start), to: offsetAt(text, e.range.end), newText: e.newText }))
      .sort((a, b) => b.from - a.from);
    for (const span of spans) text = text.slice(0, span.from) + span.newText + text.slice(span.to);
    return text;
  };
  const change = (uri: string, text: string) => {
    const document = documents.get(uri);
    if (!document) throw new Error(`${uri} is not open`);
    document.text = text;
    document.version++;
    post({
      method: 'textDocument/didChange',
      params: { textDocument: { uri, version: document.version }, contentChanges: [{ text }] },
    });
    return document.version;
  };
  const applyEdit = ({ edit }: { edit: WorkspaceEdit }) => {
    const changes: [string, number | null, TextEdit[]][] = [
      ...(edit.documentChanges ?? []).map(
        (c) => [c.textDocument.uri, c.textDocument.version, c.edits] as [string, number | null, TextEdit[]],
      ),
      ...Object.entries(edit.changes ?? {}).map(([uri, edits]) => [uri, null, edits] as [string, null, TextEdit[]]),
    ];
    for (const [uri, version] of changes) {
      const document = documents.get(uri);
      if (!document) return { applied: false, failureReason: `${uri} is not open` };
      if (version !== null && version !== document.version)
        return {
          applied: false,
          failureReason: `version ${version} is stale (the document is at ${document.version})`,
        };
    }
    for (const [uri, , edits] of changes) change(uri, applied(documents.get(uri)!.text, edits));
    return { applied: true };
  };
  const answer = (message: Message): unknown => {
    switch (message.method) {
      case 'workspace/configuration':
        return (message.params as { items: { section?: string }[] }).items.map((item) =>
          item.section === 'grundy' && settings !== undefined ? settings : null,
        );
      case 'workspace/applyEdit':
        return applyEdit(message.params as { edit: WorkspaceEdit });
      default:
        // client/registerCapability, window/workDoneProgress/create, the refreshes: nothing to say.
        return null;
    }
  };
  const receive = (method: string, params: unknown) => {
    received.push({ method, params, at: performance.now() });
    for (const waiter of [...waiters]) {
      if (waiter.method !== method || !waiter.accept(params)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.found(params);
    }
  };
  worker.onmessage = ({ data: message }) => {
    if (message.method !== undefined) {
      receive(message.method, message.params);
      if (message.id !== undefined) post({ id: message.id, result: answer(message) });
    } else if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${message.error.message} (code ${message.error.code})`));
      else waiting?.resolve(message.result);
    }
  };

  const send = <R>(method: string, params?: unknown) => {
    const id = nextId++;
    const answer = new Promise<R>((resolve, reject) => {
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject: (error) => reject(new Error(`${method}: ${error.message}`)),
      });
    });
    post({ id, method, params });
    return { id, answer };
  };
  const next = <P>(method: string, accept: (params: P) => boolean = () => true, timeoutMs = 20_000) => {
    const seen = received.find((r) => r.method === method && accept(r.params as P));
    if (seen) return Promise.resolve(seen.params as P);
    return new Promise<P>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no matching ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        method,
        accept: accept as (params: unknown) => boolean,
        found: (params: unknown) => {
          clearTimeout(timer);
          resolve(params as P);
        },
      };
      waiters.push(waiter);
    });
  };
  page.lsp = {
    received,
    send,
    request: <R>(method: string, params?: unknown) => send<R>(method, params).answer,
    notify: (method, params) => post({ method, params }),
    next,
    forget: (method) => {
      for (let i = received.length - 1; i >= 0; i--) if (received[i].method === method) received.splice(i, 1);
    },
    open: (uri, text) => {
      documents.set(uri, { text, version: 1 });
      post({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'game', version: 1, text } } });
    },
    change,
    edit: (uri, range, text) => {
      const document = documents.get(uri);
      if (!document) throw new Error(`${uri} is not open`);
      document.text = applied(document.text, [{ range, newText: text }]);
      document.version++;
      post({
        method: 'textDocument/didChange',
        params: { textDocument: { uri, version: document.version }, contentChanges: [{ range, text }] },
      });
      return document.version;
    },
    close: (uri) => {
      documents.delete(uri);
      post({ method: 'textDocument/didClose', params: { textDocument: { uri } } });
    },
    text: (uri) => documents.get(uri)?.text ?? '',
    version: (uri) => documents.get(uri)?.version ?? 0,
    withEdits: applied,
    diagnostics: (uri, version, timeoutMs) =>
      next<PublishedDiagnostics>(
        'textDocument/publishDiagnostics',
        (p) => p.uri === uri && (version === undefined || p.version === version),
        timeoutMs,
      ),
  };
}

/** A page running the server's worker, seen from Node: the page client's calls, and the page's workers. */
export class WebWorkerServer {
  /** The page's workers as they start: the server's, then its computation workers (nested). */
  readonly workers: Worker[] = [];
  /**
   * When each worker started (Date.now() as playwright reported it). Playwright does not report
   * the end of a nested worker: that a worker was ended shows as its replacement starting.
   */
  readonly startedAt = new Map<Worker, number>();
  /** The page's console errors and uncaught exceptions (its workers' included). */
  readonly errors: string[] = [];

  private constructor(readonly page: Page) {
    page.on('worker', (worker) => {
      this.workers.push(worker);
      this.startedAt.set(worker, Date.now());
    });
    page.on('pageerror', (error) => this.errors.push(String(error.stack ?? error)));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
  }

  /**
   * Opens `pageUrl` (serveWebBundles' page) in a new page of `context`, starts the server's
   * worker and initializes it; `initialize`'s answer with it.
   */
  static async start(
    context: BrowserContext,
    pageUrl: string,
    {
      settings,
      initializationOptions = {},
    }: { settings?: Record<string, unknown>; initializationOptions?: object } = {},
  ): Promise<{ server: WebWorkerServer; initialize: { capabilities: Record<string, unknown> } }> {
    const page = await context.newPage();
    const server = new WebWorkerServer(page);
    await page.goto(pageUrl);
    await page.evaluate(startPageClient, { serverUrl: '/out/web/server.js', ...(settings ? { settings } : {}) });
    const initialize = await server.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: null,
      rootUri: null,
      initializationOptions: { ...initializationOptions, ...(settings ? { settings } : {}) },
      capabilities: CLIENT_CAPABILITIES,
    });
    await server.notify('initialized', {});
    return { server, initialize };
  }

  /** The server's own worker (out/web/server.js). */
  get serverWorker(): Worker | undefined {
    return this.workers.find((worker) => new URL(worker.url()).pathname === '/out/web/server.js');
  }

  /** The computation workers started so far (nested in the server's worker, started from blobs: workers.ts). */
  get computationWorkers(): Worker[] {
    return this.workers.filter((worker) => worker.url().startsWith('blob:'));
  }

  request<R = unknown>(method: string, params?: unknown): Promise<R> {
    return this.page.evaluate(
      ([method, params]) => (globalThis as unknown as PageGlobals).lsp.request(method, params),
      [method, params] as const,
    ) as Promise<R>;
  }

  async notify(method: string, params?: unknown): Promise<void> {
    await this.page.evaluate(([method, params]) => (globalThis as unknown as PageGlobals).lsp.notify(method, params), [
      method,
      params,
    ] as const);
  }

  open(uri: string, text: string): Promise<void> {
    return this.page.evaluate(([uri, text]) => (globalThis as unknown as PageGlobals).lsp.open(uri, text), [
      uri,
      text,
    ] as const);
  }

  change(uri: string, text: string): Promise<number> {
    return this.page.evaluate(([uri, text]) => (globalThis as unknown as PageGlobals).lsp.change(uri, text), [
      uri,
      text,
    ] as const);
  }

  close(uri: string): Promise<void> {
    return this.page.evaluate((uri) => (globalThis as unknown as PageGlobals).lsp.close(uri), uri);
  }

  text(uri: string): Promise<string> {
    return this.page.evaluate((uri) => (globalThis as unknown as PageGlobals).lsp.text(uri), uri);
  }

  diagnostics(uri: string, version?: number): Promise<PublishedDiagnostics> {
    return this.page.evaluate(
      ([uri, version]) => (globalThis as unknown as PageGlobals).lsp.diagnostics(uri, version),
      [uri, version] as const,
    );
  }

  /** Received notifications (or server requests) of `method`, their params, in order. */
  received<P = unknown>(method: string): Promise<P[]> {
    return this.page.evaluate(
      (method) =>
        (globalThis as unknown as PageGlobals).lsp.received.filter((r) => r.method === method).map((r) => r.params),
      method,
    ) as Promise<P[]>;
  }

  async stop(): Promise<void> {
    await this.page.close().catch(() => {});
  }
}

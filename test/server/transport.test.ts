// The message stream and the protocol's order, byte by byte: the bundled server is started over
// stdio and sent raw frames, bad ones included. A broken frame must end the server (exit code 2,
// one line on stderr) so that the client restarts it, never leave it alive and deaf; the end of
// the stream exits 0 after shutdown and 1 without; a request before `initialize` is refused with
// ServerNotInitialized; malformed params are refused with InvalidParams and logged as warnings
// (malformed document notifications, which have no answer, are dropped with a warning).
// It reads best whole: one server process per case, every case one frame sequence and its answer,
// in the order the protocol goes (start, requests, errors, the end of the stream).
// No case times the server: each waits for what it expects (a message, the process's end) however
// long a busy machine takes, and a server that never gives it fails at the suite's timeout.
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { APPLY_MOVE_COMMAND } from '../../server/src/protocol';
import { repositoryPath } from '../helpers/paths';

const BROKEN_LINE = new RegExp(
  '^grundy-language-server: the message stream from the client is broken \\((.+)\\); ' +
    'exiting so that the client can restart the server$',
  'm',
);
const SERVER_NOT_INITIALIZED = -32002;
const INVALID_PARAMS = -32602;

interface JsonMessage {
  readonly jsonrpc: '2.0';
  readonly id?: number | string | null;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** The server over stdio with nothing in between: raw bytes in, frames parsed out. */
class RawServer {
  readonly messages: JsonMessage[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The process has ended and its output has all been read. */
  private closed = false;
  private pending = Buffer.alloc(0);
  private readonly waiters: (() => void)[] = [];

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += String(chunk)));
    child.stdin!.on('error', () => undefined); // writing after the server died
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    child.on('close', () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static start(): RawServer {
    const child = spawn(process.execPath, [repositoryPath('out', 'server', 'server.js'), '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new RawServer(child);
  }

  private read(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      const end = this.pending.indexOf('\r\n\r\n');
      if (end < 0) break;
      const length = Number(/Content-Length: (\d+)/i.exec(this.pending.subarray(0, end).toString('ascii'))?.[1]);
      if (this.pending.length < end + 4 + length) break;
      this.messages.push(JSON.parse(this.pending.subarray(end + 4, end + 4 + length).toString('utf8')));
      this.pending = this.pending.subarray(end + 4 + length);
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  write(bytes: string | Buffer): void {
    this.child.stdin!.write(bytes);
  }

  send(message: object): void {
    this.write(frame({ jsonrpc: '2.0', ...message }));
  }

  end(): void {
    this.child.stdin!.end();
  }

  /** The client stops reading: the server's next write finds a broken pipe. */
  stopReading(): void {
    this.child.stdout!.destroy();
  }

  /** The first message (seen or to come) that satisfies `accept`; an error if the server ends without it. */
  async next(accept: (message: JsonMessage) => boolean, what: string): Promise<JsonMessage> {
    for (;;) {
      const found = this.messages.find(accept);
      if (found) return found;
      if (this.closed) throw new Error(`no ${what}: the server ended; stderr: ${this.stderr}`);
      // Woken by the next message read, or by the end of the process.
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private nextId = 1000;

  async request(method: string, params?: unknown): Promise<JsonMessage> {
    const id = this.nextId++;
    this.send(params === undefined ? { id, method } : { id, method, params });
    return this.next((m) => m.id === id && m.method === undefined, `an answer to ${method} (id ${id})`);
  }

  async initialize(): Promise<JsonMessage> {
    const answer = await this.request('initialize', { processId: null, rootUri: null, capabilities: {} });
    this.send({ method: 'initialized', params: {} });
    return answer;
  }

  /** The process's exit (a server that stays alive fails the case at the suite's timeout). */
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.exited;
  }

  /** `window/logMessage`s seen so far: [type, message]. */
  logs(): [number, string][] {
    return this.messages
      .filter((m) => m.method === 'window/logMessage')
      .map((m) => {
        const p = m.params as { type: number; message: string };
        return [p.type, p.message];
      });
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

const URI = 'file:///transport/coins.game';
const TEXT = 'rule onetwo = subtract {1, 2}\ngame coins = onetwo 4\n';

function open(server: RawServer): void {
  server.send({
    method: 'textDocument/didOpen',
    params: { textDocument: { uri: URI, languageId: 'game', version: 1, text: TEXT } },
  });
}

/** The hover on the game, asked until its value has been computed. */
async function hoverValue(server: RawServer): Promise<string> {
  for (;;) {
    const answer = await server.request('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 1, character: 6 },
    });
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    const text = (answer.result as { contents: { value: string } }).contents.value;
    if (!text.includes('still computing')) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the message stream and the protocol order', function () {
  this.timeout(120_000);
  const started: RawServer[] = [];
  const start = () => {
    const server = RawServer.start();
    started.push(server);
    return server;
  };
  afterEach(() => {
    for (const server of started.splice(0)) server.kill();
  });

  /** The server exits with code 2 and exactly one "broken" line, whose reason matches. */
  async function assertBroken(server: RawServer, reason: RegExp): Promise<void> {
    const { code } = await server.exit();
    assert.equal(code, 2, `exit code; stderr: ${server.stderr}`);
    const lines = server.stderr.split('\n').filter((line) => BROKEN_LINE.test(line));
    assert.equal(lines.length, 1, `one broken-stream line on stderr: ${JSON.stringify(server.stderr)}`);
    assert.match(BROKEN_LINE.exec(lines[0])![1], reason);
  }

  describe('a broken frame ends the server with exit code 2 and one line on stderr', () => {
    it('a header line without ":"', async () => {
      const server = start();
      server.write('Content-Length 52\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"shutdown"}');
      await assertBroken(server, /separate key and value using ':'/);
    });

    it('a Content-Length that is not a number', async () => {
      const server = start();
      server.write('Content-Length: fifty\r\n\r\n{}');
      await assertBroken(server, /Content-Length value must be a number/);
    });

    it('a header without Content-Length', async () => {
      const server = start();
      server.write('Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}');
      await assertBroken(server, /must provide a Content-Length/);
    });

    it('a short Content-Length mid-session (the body is cut, the rest read as the next header)', async () => {
      const server = start();
      await server.initialize();
      open(server);
      assert.match(await hoverValue(server), /nimber/);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'textDocument/hover',
        params: { textDocument: { uri: URI }, position: { line: 1, character: 6 } },
      });
      server.write(`Content-Length: ${body.length - 10}\r\n\r\n${body}`);
      server.send({
        id: 8,
        method: 'textDocument/hover',
        params: { textDocument: { uri: URI }, position: { line: 1, character: 6 } },
      });
      // Which fault is seen first depends on how the bytes arrive: the cut body (not JSON), or
      // its rest read as the next header. Either ends the server.
      await assertBroken(
        server,
        /a message body is not JSON, is its Content-Length right\?|must provide a Content-Length|separate key and/,
      );
      assert.equal(
        server.messages.find((m) => m.id === 7 || m.id === 8),
        undefined,
        'no answer to the cut request or the one after it',
      );
    });

    it('a long Content-Length (the next message is read as the rest of the body)', async () => {
      const server = start();
      await server.initialize();
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'textDocument/hover',
        params: { textDocument: { uri: URI }, position: { line: 1, character: 6 } },
      });
      server.write(`Content-Length: ${body.length + 40}\r\n\r\n${body}`);
      server.send({
        id: 8,
        method: 'textDocument/hover',
        params: { textDocument: { uri: URI }, position: { line: 1, character: 6 } },
      });
      await assertBroken(server, /a message body is not JSON/);
    });

    it('a body that is not JSON', async () => {
      const server = start();
      server.write('Content-Length: 9\r\n\r\nnot json!');
      await assertBroken(server, /not JSON/);
    });

    it('a body with bytes that are not UTF-8 (outside a string)', async () => {
      const server = start();
      const body = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]); // { ÿþ }
      server.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
      await assertBroken(server, /not JSON/);
    });
  });

  it('bytes not UTF-8 in a document are read as U+FFFD, reported where they are; the server goes on', async () => {
    const server = start();
    await server.initialize();
    const uri = 'file:///transport/bytes.game';
    const text = 'game a = nim 3\ngame b = nim @BAD@ 4\ngame c = nim 5\n';
    const body = Buffer.from(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'textDocument/didOpen',
        params: { textDocument: { uri, languageId: 'game', version: 1, text } },
      }),
      'utf8',
    );
    const at = body.indexOf('@BAD@');
    const bytes = Buffer.concat([body.subarray(0, at), Buffer.from([0xff, 0xfe]), body.subarray(at + 5)]);
    server.write(Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`, 'ascii'), bytes]));
    const published = await server.next(
      (m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri,
      'diagnostics',
    );
    const diagnostics = (
      published.params as {
        diagnostics: {
          range: { start: { line: number; character: number }; end: { line: number; character: number } };
          code: string;
        }[];
      }
    ).diagnostics;
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start, d.range.end]),
      [['unknown-token', { line: 1, character: 13 }, { line: 1, character: 15 }]],
    );
    let hover = '';
    for (;;) {
      const answer = await server.request('textDocument/hover', {
        textDocument: { uri },
        position: { line: 2, character: 6 },
      });
      hover = (answer.result as { contents: { value: string } }).contents.value;
      if (!hover.includes('still computing')) break;
    }
    assert.match(hover, /game c[\s\S]*nimber \*5/);
    server.kill();
  });

  describe('a client that declares little (every editor, not only VS Code)', () => {
    it('hovers come as plain text when the client does not declare Markdown', async () => {
      const server = start();
      await server.initialize();
      open(server);
      const answer = await server.request('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 1, character: 6 },
      });
      const contents = (answer.result as { contents: { kind: string; value: string } }).contents;
      assert.equal(contents.kind, 'plaintext');
      assert.doesNotMatch(contents.value, /\*\*|`/);
      assert.match(contents.value, /game coins/);
    });

    it('without workspace.applyEdit: no applyEdit request; the answer carries the edit, the user is told', async () => {
      const server = start();
      await server.initialize();
      open(server);
      await hoverValue(server); // the value is in
      const lenses = await server.request('textDocument/codeLens', { textDocument: { uri: URI } });
      const lens = (lenses.result as { command?: { command: string; arguments: unknown[] } }[]).find(
        (l) => l.command?.command === APPLY_MOVE_COMMAND,
      );
      assert.ok(lens?.command, 'a move lens');
      const answer = await server.request('workspace/executeCommand', {
        command: APPLY_MOVE_COMMAND,
        arguments: lens.command.arguments,
      });
      const result = answer.result as {
        applied: boolean;
        message: string;
        edit: { changes: Record<string, { newText: string }[]> };
      };
      assert.equal(result.applied, false);
      assert.match(result.message, /does not accept edits from the server/);
      assert.equal(result.edit.changes[URI][0].newText, '3');
      assert.equal(
        server.messages.some((m) => m.method === 'workspace/applyEdit'),
        false,
        'no applyEdit request',
      );
      assert.ok(
        server.messages.some((m) => m.method === 'window/showMessage'),
        'told with showMessage',
      );
      assert.equal(
        server.messages.some((m) => m.method === 'window/showMessageRequest'),
        false,
        'never a prompt to answer',
      );
    });

    it('no VS Code icon syntax in lens titles for a client that did not ask for it', async () => {
      const server = start();
      await server.initialize();
      server.send({
        method: 'textDocument/didOpen',
        params: {
          // Every take but 1: no period of its misère quotient can be proved, and 10^20 is past both.
          textDocument: {
            uri: URI,
            languageId: 'game',
            version: 1,
            text: 'rule most = subtract all except {1}\ngame far = misere most 100000000000000000000\n',
          },
        },
      });
      let titles: string[] = [];
      for (;;) {
        const lenses = await server.request('textDocument/codeLens', { textDocument: { uri: URI } });
        titles = (lenses.result as { command?: { title: string } }[]).map((l) => l.command?.title ?? '');
        if (titles.some((t) => t.includes('not known'))) break;
      }
      assert.ok(
        titles.some((t) => t.startsWith('who wins is not known')),
        titles.join(' | '),
      );
      assert.ok(
        titles.every((t) => !t.includes('$(')),
        titles.join(' | '),
      );
    });

    it('a stale move is told with window/showMessage, not a prompt', async () => {
      const server = start();
      await server.initialize();
      open(server);
      const answer = await server.request('workspace/executeCommand', {
        command: APPLY_MOVE_COMMAND,
        arguments: [{ uri: URI, version: 1, game: 'coins', key: 'stale', index: 0 }],
      });
      assert.equal((answer.result as { applied: boolean }).applied, false);
      const told = await server.next((m) => m.method === 'window/showMessage', 'a showMessage');
      assert.match(
        (told.params as { message: string }).message,
        /changed since this move was computed|being recomputed/,
      );
      assert.equal(
        server.messages.some((m) => m.method === 'window/showMessageRequest'),
        false,
      );
    });
  });

  describe('the end of the stream', () => {
    it('without shutdown: exit code 1, and stderr says why', async () => {
      const server = start();
      await server.initialize();
      server.end();
      const { code } = await server.exit();
      assert.equal(code, 1);
      assert.match(server.stderr, /the client closed the message stream without a shutdown request; exiting/);
      assert.doesNotMatch(server.stderr, BROKEN_LINE);
    });

    it('after shutdown and exit: exit code 0', async () => {
      const server = start();
      await server.initialize();
      const answer = await server.request('shutdown');
      assert.equal(answer.error, undefined);
      server.send({ method: 'exit' });
      const { code } = await server.exit();
      assert.equal(code, 0, server.stderr);
      assert.equal(server.stderr, '');
    });

    it('after shutdown, closed without exit: exit code 0', async () => {
      const server = start();
      await server.initialize();
      await server.request('shutdown');
      server.end();
      assert.equal((await server.exit()).code, 0, server.stderr);
    });

    // A client that quits without shutdown (an editor killed, a script that just closes the pipe):
    // work already under way (diagnostics about to be published, a computation finishing, a
    // refresh, progress) must not turn the closed connection into a stack trace.
    for (const delayMs of [0, 5, 20, 60, 200]) {
      it(`closed ${delayMs} ms after an open, work under way: exit 1, one line on stderr, no stack`, async () => {
        const server = start();
        const capabilities = {
          workspace: { configuration: true, inlayHint: { refreshSupport: true }, codeLens: { refreshSupport: true } },
          window: { workDoneProgress: true },
        };
        await server.request('initialize', { processId: null, rootUri: null, capabilities });
        server.send({ method: 'initialized', params: {} });
        server.send({
          method: 'textDocument/didOpen',
          params: {
            textDocument: {
              uri: URI,
              languageId: 'game',
              version: 1,
              text: `${TEXT}rule o = octal 0.6\ngame slow = o 100000000\n`,
            },
          },
        });
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        server.end();
        const { code } = await server.exit();
        assert.equal(code, 1);
        assert.equal(
          server.stderr,
          'grundy-language-server: the client closed the message stream without a shutdown request; exiting\n',
        );
      });
    }

    it('the client stops reading (a broken pipe): exit code 1, one line on stderr, no stack trace', async () => {
      const server = start();
      await server.initialize();
      open(server);
      server.stopReading();
      // Answers and diagnostics now meet the broken pipe.
      server.send({
        id: 7,
        method: 'textDocument/hover',
        params: { textDocument: { uri: URI }, position: { line: 1, character: 6 } },
      });
      const { code } = await server.exit();
      assert.equal(code, 1);
      assert.equal(
        server.stderr,
        'grundy-language-server: the client stopped reading the message stream without a shutdown request; exiting\n',
      );
    });

    it('exit without shutdown: exit code 1', async () => {
      const server = start();
      await server.initialize();
      server.send({ method: 'exit' });
      assert.equal((await server.exit()).code, 1);
    });
  });

  describe('before initialize', () => {
    it('a request is refused (ServerNotInitialized), a notification dropped, and initialize still works', async () => {
      const server = start();
      const early = await server.request('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 1, character: 6 },
      });
      assert.equal(early.error?.code, SERVER_NOT_INITIALIZED, JSON.stringify(early));
      const shutdown = await server.request('shutdown');
      assert.equal(shutdown.error?.code, SERVER_NOT_INITIALIZED, JSON.stringify(shutdown));
      // Dropped: the document is not open once the server is initialized.
      server.send({
        method: 'textDocument/didOpen',
        params: { textDocument: { uri: URI, languageId: 'game', version: 1, text: TEXT } },
      });
      const initialize = await server.initialize();
      assert.equal(initialize.error, undefined);
      assert.ok((initialize.result as { capabilities: { hoverProvider?: boolean } }).capabilities.hoverProvider);
      const unknown = await server.request('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 1, character: 6 },
      });
      assert.deepEqual([unknown.error, unknown.result], [undefined, null]);
      assert.equal(
        server.messages.some((m) => m.method === 'textDocument/publishDiagnostics'),
        false,
        'nothing published for the dropped open',
      );
      open(server);
      assert.match(await hoverValue(server), /nimber \*1\b/);
    });

    it('exit before initialize is not dropped: the server exits with 1', async () => {
      const server = start();
      server.send({ method: 'exit' });
      assert.equal((await server.exit()).code, 1);
    });
  });

  describe('params the client got wrong', () => {
    const cases: [string, string, unknown][] = [
      ['a hover without textDocument', 'textDocument/hover', { position: { line: 0, character: 0 } }],
      ['a hover without position', 'textDocument/hover', { textDocument: { uri: URI } }],
      [
        'a hover with a position of strings',
        'textDocument/hover',
        { textDocument: { uri: URI }, position: { line: '1', character: '6' } },
      ],
      [
        'a hover with a negative line',
        'textDocument/hover',
        { textDocument: { uri: URI }, position: { line: -1, character: 0 } },
      ],
      [
        'a hover whose textDocument is a number',
        'textDocument/hover',
        { textDocument: 5, position: { line: 0, character: 0 } },
      ],
      [
        'a hover whose uri is a number',
        'textDocument/hover',
        { textDocument: { uri: 5 }, position: { line: 0, character: 0 } },
      ],
      ['inlay hints without a range', 'textDocument/inlayHint', { textDocument: { uri: URI } }],
      [
        'inlay hints with a fractional position',
        'textDocument/inlayHint',
        { textDocument: { uri: URI }, range: { start: { line: 0.5, character: 0 }, end: { line: 2, character: 0 } } },
      ],
      ['code lenses without textDocument', 'textDocument/codeLens', {}],
      ['a code lens to resolve without a range', 'codeLens/resolve', { data: [1, 1, 0, 0] }],
      ['an inlay hint to resolve without a position', 'inlayHint/resolve', { label: 'x', data: 1 }],
      ['the number at a position that is not one', 'grundy/numberAt', { textDocument: { uri: URI }, position: 3 }],
      ['winning moves with no arguments', 'grundy/winningMoves', {}],
      ['a command that is not a string', 'workspace/executeCommand', { command: 5 }],
      ['an unknown command', 'workspace/executeCommand', { command: 'grundy.nothing', arguments: [] }],
      [
        'grundy.applyMove with a wrong argument',
        'workspace/executeCommand',
        { command: 'grundy.applyMove', arguments: [{ uri: URI }] },
      ],
      [
        'grundy.applyMove with arguments that are not an array',
        'workspace/executeCommand',
        { command: 'grundy.applyMove', arguments: 'x' },
      ],
    ];
    for (const [title, method, params] of cases) {
      it(`${title}: InvalidParams, a warning in the log, and the next request is answered`, async () => {
        const server = start();
        await server.initialize();
        open(server);
        const answer = await server.request(method, params);
        assert.equal(answer.error?.code, INVALID_PARAMS, JSON.stringify(answer));
        const warning = await server.next((m) => m.method === 'window/logMessage', 'a log message');
        assert.equal(
          (warning.params as { type: number }).type,
          2,
          `a warning (type 2), not ${JSON.stringify(warning.params)}`,
        );
        assert.match(await hoverValue(server), /nimber/);
        assert.deepEqual(
          server.logs().filter(([type]) => type === 1),
          [],
          'no error in the log',
        );
      });
    }

    const notifications: [string, string, unknown][] = [
      [
        'an open whose text is a number',
        'textDocument/didOpen',
        { textDocument: { uri: URI, languageId: 'game', version: 1, text: 5 } },
      ],
      ['an open without textDocument', 'textDocument/didOpen', {}],
      [
        'a change whose contentChanges is not an array',
        'textDocument/didChange',
        { textDocument: { uri: URI, version: 2 }, contentChanges: 'game x = nim 1' },
      ],
      [
        'a change with a malformed range',
        'textDocument/didChange',
        { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: 0, end: 1 }, text: 'x' }] },
      ],
      [
        'a change without a version',
        'textDocument/didChange',
        { textDocument: { uri: URI }, contentChanges: [{ text: 'x' }] },
      ],
      ['a close without a uri', 'textDocument/didClose', { textDocument: {} }],
    ];
    for (const [title, method, params] of notifications) {
      it(`${title}: dropped with a warning, the document as it was`, async () => {
        const server = start();
        await server.initialize();
        if (method !== 'textDocument/didOpen') open(server);
        server.send({ method, params });
        const warning = await server.next((m) => m.method === 'window/logMessage', 'a log message');
        assert.equal(
          (warning.params as { type: number }).type,
          2,
          `a warning (type 2), not ${JSON.stringify(warning.params)}`,
        );
        assert.match(
          (warning.params as { message: string }).message,
          new RegExp(`^${method}: invalid params from the client, ignored`),
        );
        if (method === 'textDocument/didOpen') {
          const answer = await server.request('textDocument/hover', {
            textDocument: { uri: URI },
            position: { line: 1, character: 6 },
          });
          assert.deepEqual([answer.error, answer.result], [undefined, null], 'the document was not opened');
          open(server);
        }
        assert.match(await hoverValue(server), /nimber \*1\b/);
        assert.deepEqual(
          server.logs().filter(([type]) => type === 1),
          [],
          'no error in the log',
        );
      });
    }

    it('a hover on a document the server does not know answers null, with nothing logged', async () => {
      const server = start();
      await server.initialize();
      const answer = await server.request('textDocument/hover', {
        textDocument: { uri: 'file:///transport/unknown.game' },
        position: { line: 0, character: 0 },
      });
      assert.deepEqual([answer.error, answer.result], [undefined, null]);
      const lenses = await server.request('textDocument/codeLens', {
        textDocument: { uri: 'file:///transport/unknown.game' },
      });
      assert.deepEqual(lenses.result, []);
      assert.deepEqual(server.logs(), []);
    });
  });
});

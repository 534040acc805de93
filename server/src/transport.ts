// The server's end of the message stream: which transport it reads (the command line's
// `--stdio`, `--node-ipc`, `--socket`, `--pipe`, as vscode-languageserver reads them), what
// happens when that stream breaks or ends, and the order the LSP imposes before `initialize`.
//
// vscode-languageserver's own `createConnection()` picks the transport too, but keeps its reader
// to itself, and a reader's error goes nowhere: after one malformed frame (a header without `:`,
// a `Content-Length` that is not a number, a short `Content-Length` that cuts a body, a body that
// is not JSON) the server stayed alive and never read a message again, and said nothing. So the
// server makes the reader and writer here, hands them to `createConnection`, and listens to them:
//
// - A reader or writer error ends the process with one line on stderr and exit code 2, so that
//   the client sees a crash and restarts the server (vscode-languageclient restarts a server
//   that exits up to 4 times in 3 minutes). The framing itself stays the library's.
// - The stream's end exits too: 0 after `shutdown`, 1 without (the LSP's codes for `exit`), and
//   so does a write that finds the client gone (a broken pipe: it stopped reading). Until the
//   process is gone, work already under way (a timer publishing diagnostics, a refresh) may still
//   try to send, and the library throws "Connection is closed": from the end of the stream on,
//   such errors are swallowed, so that the process ends quietly with its exit code, no stack trace.
// - Before `initialize`, requests are answered with ServerNotInitialized (-32002) and
//   notifications are dropped, except `exit` (LSP 3.17, "Initialize Request").
import { Console } from 'node:console';
import {
  createServerPipeTransport,
  createServerSocketTransport,
  type DataCallback,
  type Disposable,
  ErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  Message,
  type MessageReader,
  type MessageWriter,
  type ResponseMessage,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';

export const SERVER_NAME = 'grundy-language-server';

/** The exit code after a broken stream (1 is the LSP's code for an exit without `shutdown`). */
export const BROKEN_STREAM_EXIT_CODE = 2;

/**
 * After the stream ends, how long the messages already read get to be dispatched (the reader
 * hands each one over on a later turn of the event loop): a `shutdown` read just before the end
 * still counts for the exit code.
 */
const DRAIN_MS = 50;

export interface Transport {
  readonly reader: MessageReader;
  readonly writer: MessageWriter;
}

let exiting = false;

function say(line: string): void {
  process.stderr.write(`${SERVER_NAME}: ${line}\n`);
}

/**
 * The one way out when the stream cannot be trusted any more: a line on stderr (VS Code shows
 * the server's stderr in its output channel) and a non-zero exit, which the client treats as a
 * crash and answers with a restart.
 */
export function exitOnBrokenStream(reason: string): void {
  if (exiting) return;
  exiting = true;
  say(`the message stream from the client is broken (${reason}); exiting so that the client can restart the server`);
  process.exit(BROKEN_STREAM_EXIT_CODE);
}

/** Errors that say the other end has gone away, not that the stream is garbled. */
const GONE = new Set([
  'EPIPE',
  'ECONNRESET',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'ERR_IPC_CHANNEL_CLOSED',
]);

function clientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && GONE.has(code);
}

/**
 * From the end of the stream until the exit: whatever still tries to reach the client fails (the
 * library's ConnectionError, a write after the end), and nobody is there to tell. Swallowed.
 */
function ignoreSendsAfterTheEnd(): void {
  process.on('uncaughtException', () => undefined);
  process.on('unhandledRejection', () => undefined);
}

function reasonOf(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  // The reader's JSON decoder throws SyntaxError; say what it was reading.
  return error instanceof SyntaxError ? `a message body is not JSON, is its Content-Length right? ${text}` : text;
}

/**
 * Passes the reader's messages on in the LSP's order: until `initialize` arrives, a request is
 * answered with ServerNotInitialized and a notification other than `exit` is dropped. It also
 * notes whether `shutdown` was asked, for the exit code when the stream ends.
 */
class ProtocolOrderReader implements MessageReader {
  initializeSeen = false;
  shutdownSeen = false;

  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
  ) {}

  get onError() {
    return this.inner.onError;
  }
  get onClose() {
    return this.inner.onClose;
  }
  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      if (this.admit(message)) callback(message);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }

  private admit(message: Message): boolean {
    if (Message.isRequest(message)) {
      if (message.method === 'shutdown') this.shutdownSeen = true;
      if (message.method === 'initialize') this.initializeSeen = true;
      if (this.initializeSeen) return true;
      const response: ResponseMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: {
          code: ErrorCodes.ServerNotInitialized,
          message: `${message.method} before initialize: the server is not initialized yet`,
        },
      };
      this.writer.write(response).catch(() => undefined);
      return false;
    }
    if (Message.isNotification(message)) return this.initializeSeen || message.method === 'exit';
    return true; // responses: the server sends no request before initialize, so none come
  }
}

/** The reader and writer the command line asks for (as vscode-languageserver's `createConnection` reads it). */
function openStreams(argv: readonly string[]): Transport & { readonly ipc: boolean } {
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split('=');
    const value = inline ?? argv[i + 1];
    if (name === '--stdio') {
      // The library's stdio mode sends console.log to the client's log, so that nothing written
      // by accident corrupts the stream on stdout; with our own streams, send it to stderr.
      globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
      return {
        reader: new StreamMessageReader(process.stdin),
        writer: new StreamMessageWriter(process.stdout),
        ipc: false,
      };
    }
    if (name === '--node-ipc')
      return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process), ipc: true };
    if (name === '--socket') {
      const [reader, writer] = createServerSocketTransport(Number.parseInt(value ?? '', 10));
      return { reader, writer, ipc: false };
    }
    if (name === '--pipe' && value) {
      const [reader, writer] = createServerPipeTransport(value);
      return { reader, writer, ipc: false };
    }
  }
  throw new Error(`${SERVER_NAME}: say which transport to use: --stdio, --node-ipc, --socket=<port> or --pipe=<name>`);
}

/**
 * Opens the transport the command line names, watched for faults and kept in the LSP's order:
 * pass the result to `createConnection(features, reader, writer)`.
 */
export function openTransport(argv: readonly string[] = process.argv.slice(2)): Transport {
  const { reader: streamReader, writer, ipc } = openStreams(argv);
  const reader = new ProtocolOrderReader(streamReader, writer);

  const ended = (what: string) => {
    if (exiting) return;
    exiting = true;
    ignoreSendsAfterTheEnd();
    setTimeout(() => {
      if (!reader.shutdownSeen) say(`${what} without a shutdown request; exiting`);
      process.exit(reader.shutdownSeen ? 0 : 1);
    }, DRAIN_MS);
  };

  // Any reader error means the framing can no longer be trusted. That includes a body that is not
  // JSON, after which the library would read on: the body's length came from the same header, so
  // a short or long Content-Length shows up as exactly this error, and the bytes that follow are
  // the rest of one message read as the next one's header. Guessing where the next message starts
  // could hand a handler a fragment of another message; a restart costs the client a second.
  streamReader.onError((error) => exitOnBrokenStream(reasonOf(error)));
  writer.onError(([error]) =>
    clientGone(error)
      ? ended('the client stopped reading the message stream')
      : exitOnBrokenStream(`writing to the client failed: ${reasonOf(error)}`),
  );
  streamReader.onClose(() => ended('the client closed the message stream'));
  writer.onClose(() => ended('the client closed the message stream'));
  // A message whose body never completes: its Content-Length may be too long, and the messages
  // that follow are being read as its body. The next one then fails to parse (and the server
  // exits); meanwhile, say what the server is waiting for.
  streamReader.onPartialMessage((info) =>
    say(`still waiting for the rest of a message after ${info.waitingTime} ms (is its Content-Length too long?)`),
  );
  // Over IPC the end of the stream is the channel's disconnect (the IPC reader's 'close' never comes).
  if (ipc) process.on('disconnect', () => ended('the client disconnected'));
  return { reader, writer };
}

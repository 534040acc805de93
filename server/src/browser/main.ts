// The language server in a browser (bundled as out/web/server.js, a classic Web Worker script):
// the whole server (server.ts, shared with Node) over `postMessage`, its computations in nested
// Web Workers (workers.ts). What differs from Node's main.ts is only this edge: the transport is
// the worker's own message port, the pool's workers are Web Workers, and there is no heap tuning
// or thread priority (a browser offers neither).
//
// Where the computation script is: the client names it in `initialize`'s options
// (`computeWorkerUrl`: VS Code starts this worker from a blob, so it cannot find its neighbours);
// loaded as a plain worker script, the server finds worker.js beside itself.
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  type DataCallback,
  type Disposable,
  Message,
  type MessageReader,
  ProposedFeatures,
} from 'vscode-languageserver/browser';
import { CANCEL_GRACE_MS, WorkerPool } from '../compute/pool';
import { createServer } from '../server';
import { scope } from './webWorkerScope';
import { browserWorkers } from './workers';

/** Where out/web/worker.js is, once known. */
let computeWorkerUrl: string | undefined;
const own = scope.location?.href;
if (own && !own.startsWith('blob:')) computeWorkerUrl = new URL('worker.js', own).href;

/** Reads `initialize`'s `computeWorkerUrl` on its way to the connection. */
function noticingInitialize(inner: MessageReader): MessageReader {
  return {
    onError: inner.onError,
    onClose: inner.onClose,
    onPartialMessage: inner.onPartialMessage,
    dispose: () => inner.dispose(),
    listen(callback: DataCallback): Disposable {
      return inner.listen((message) => {
        if (Message.isRequest(message) && message.method === 'initialize') {
          const options = (message.params as { initializationOptions?: { computeWorkerUrl?: unknown } } | null)
            ?.initializationOptions;
          if (typeof options?.computeWorkerUrl === 'string') computeWorkerUrl = options.computeWorkerUrl;
        }
        callback(message);
      });
    },
  };
}

const port = scope as never;
const connection = createConnection(
  ProposedFeatures.all,
  noticingInitialize(new BrowserMessageReader(port)),
  new BrowserMessageWriter(port),
);
const cores = scope.navigator?.hardwareConcurrency ?? 2;
const size = Math.max(2, Math.min(4, cores - 1));
let told = false;
const pool = new WorkerPool({
  size,
  workers: browserWorkers(
    () => computeWorkerUrl,
    // Said once, in the client's log: how computations run in this browser.
    ({ kernels }, sharedMemory) => {
      if (told) return;
      told = true;
      const compiled = (loaded: boolean) => (loaded ? 'WebAssembly' : 'JavaScript (WebAssembly did not compile here)');
      connection.console.info(
        `computations run in ${size} Web Workers; octal scan: ${compiled(kernels.octalScan)}; ` +
          `subtraction mex: ${compiled(kernels.subtractionMex)}; ` +
          (sharedMemory
            ? 'cancellation: shared memory (the page is cross-origin isolated)'
            : `cancellation: a computation still running ${CANCEL_GRACE_MS} ms after it is cancelled ends its worker ` +
              '(the page is not cross-origin isolated, so workers share no memory)'),
      );
    },
  ),
  onCrash: (why) => connection.console.error(`a computation worker stopped and was replaced: ${why}`),
});
const server = createServer(connection, { pool });
// The LSP's `exit`: a process would end; this worker closes itself, and its computation workers with
// it (vscode-languageclient's browser client does not end the worker it started).
connection.onExit(() => void server.dispose().finally(() => scope.close?.()));
connection.listen();

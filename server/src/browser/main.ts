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
import { WorkerPool } from '../compute/pool';
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
const pool = new WorkerPool({
  size: Math.max(2, Math.min(4, cores - 1)),
  workers: browserWorkers(() => computeWorkerUrl),
  onCrash: (why) => connection.console.error(`a computation worker stopped and was replaced: ${why}`),
});
createServer(connection, { pool });
connection.listen();

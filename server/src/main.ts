// The language server's process in Node (bundled as out/server/server.js): opens the transport the
// command line names, starts the worker pool, and serves the connection (server.ts). The browser's
// entry point is browser/main.ts: the two differ only in these edges.

import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeWorkers } from './compute/nodeWorkers';
import { WorkerPool } from './compute/pool';
import { tuneHeapForAnalyses } from './heapTuning';
import { createServer } from './server';
import { openTransport } from './transport';

tuneHeapForAnalyses();

// Our own reader and writer (transport.ts): a broken stream ends the process so that the client
// restarts it, and requests before `initialize` are refused.
const transport = openTransport();
const connection = createConnection(ProposedFeatures.all, transport.reader, transport.writer);
const pool = new WorkerPool({
  size: Math.max(2, Math.min(4, availableParallelism() - 1)),
  workers: nodeWorkers({ script: join(__dirname, 'worker.js') }),
  onCrash: (why) => connection.console.error(`a computation worker stopped and was replaced: ${why}`),
});
createServer(connection, { pool });
connection.listen();

// A computation worker in Node (bundled as out/server/worker.js): a `worker_threads` thread that
// serves the pool's jobs (jobLoop.ts), at a lower priority than the server's thread.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { jobLoop } from './jobLoop';

/** Niceness of a worker thread (0 normal, 19 lowest): low enough that the main thread goes first. */
const WORKER_NICENESS = 10;

// The main thread answers the editor and must not wait for a computation: on a machine with fewer
// cores than busy workers, a worker at the same priority takes the main thread's core for a whole
// time slice (several ms). So workers run at a lower priority. Only on Linux: there a priority set
// for pid 0 is the calling thread's alone; elsewhere it would be the whole process's.
if (process.platform === 'linux') {
  try {
    setPriority(WORKER_NICENESS);
  } catch {
    // Not permitted here: the normal priority.
  }
}

const port = parentPort!;
port.on(
  'message',
  jobLoop((reply) => port.postMessage(reply), new Int32Array(workerData.cancel as SharedArrayBuffer)),
);

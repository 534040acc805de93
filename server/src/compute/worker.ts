// A computation worker (bundled as out/server/worker.js): runs one job at a time with the engine,
// keeping one engine cache for its whole life, so a rule's sequence computed for one game is
// reused by every later game, rule hover and document that this worker serves.
//
// Cancellation cannot arrive as a message while a job runs (the thread is busy), so the pool
// writes the id of the job to cancel into shared memory (at the job's own position: the pool may
// have sent several) and the engine's budget polls it. Jobs sent together run in the order sent.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createEngineCache, trimCache } from '../engine';
import { runJob } from './jobs';
import type { FromWorker, ToWorker } from './pool';

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

const cancelledId = new Int32Array(workerData.cancel as SharedArrayBuffer);
const cache = createEngineCache();
const port = parentPort!;

port.on('message', (message: ToWorker) => {
  const { id, job, budgetMs, cancelIndex, valueBytes } = message;
  // The cache takes at most half of the values' share; the job's sequences get the rest.
  const cached = trimCache(cache, valueBytes / 2);
  const budget = {
    deadline: Date.now() + budgetMs,
    isCancelled: () => Atomics.load(cancelledId, cancelIndex) === id,
    maxSequenceBytes: Math.max(valueBytes - cached, valueBytes / 2),
  };
  let reply: FromWorker;
  try {
    reply = { type: 'done', id, result: runJob(job, budget, cache), cancelled: budget.isCancelled() };
  } catch (cause) {
    reply = { type: 'failed', id, message: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause) };
  }
  port.postMessage(reply);
});

// What every computation worker does with the jobs it is sent, in Node (worker.ts) and in a
// browser (browserWorker.ts): runs one job at a time with the engine, keeping one engine cache for
// its whole life, so a rule's sequence computed for one game is reused by every later game, rule
// hover and document that this worker serves.
//
// Cancellation cannot arrive as a message while a job runs (the thread is busy), so the pool
// writes the id of the job to cancel into shared memory (at the job's own position: the pool may
// have sent several) and the engine's budget polls it. Where there is no shared memory (`cancel`
// undefined) the pool ends the worker instead (pool.ts). Jobs sent together run in the order sent;
// one taken back before its turn (its id negated) is skipped.
import { createEngineCache, trimCache } from '../engine';
import { runJob } from './jobs';
import type { FromWorker, ToWorker } from './pool';

/** The handler of the pool's messages: each job's answer goes to `post`. */
export function jobLoop(
  post: (reply: FromWorker) => void,
  cancel: Int32Array | undefined,
): (message: ToWorker) => void {
  const cache = createEngineCache();
  return (message) => {
    const { id, job, budgetMs, cancelIndex, valueBytes } = message;
    // Taken back by the pool before it started (its id negated at its position): not run at all (a job
    // whose engine polls its budget only now and then took seconds to notice, and the pool's queue waited
    // behind it). A job its caller cancelled runs and stops at once: the caller gets what it has.
    if (cancel && Atomics.load(cancel, cancelIndex) === -id) {
      post({ type: 'skipped', id });
      return;
    }
    // The cache takes at most half of the values' share; the job's sequences get the rest.
    const cached = trimCache(cache, valueBytes / 2);
    const budget = {
      // Only a finite budget is a deadline: the documents' computations have none (limits count work).
      ...(Number.isFinite(budgetMs) ? { deadline: Date.now() + budgetMs } : {}),
      isCancelled: cancel ? () => Atomics.load(cancel, cancelIndex) === id : () => false,
      maxSequenceBytes: Math.max(valueBytes - cached, valueBytes / 2),
    };
    let reply: FromWorker;
    try {
      reply = { type: 'done', id, result: runJob(job, budget, cache), cancelled: budget.isCancelled() };
    } catch (cause) {
      reply = { type: 'failed', id, message: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause) };
    }
    post(reply);
  };
}

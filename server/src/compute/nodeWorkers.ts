// The Node edge of the worker pool (pool.ts): computation workers as `worker_threads`, started
// from the bundled script (out/server/worker.js, worker.ts) with a V8 heap limit and the shared
// cancel array as workerData.
import { Worker } from 'node:worker_threads';
import { MEMORY_LIMIT_FAILURE } from './jobs';
import type { WorkerStarter } from './pool';

export interface NodeWorkerOptions {
  /** The bundled worker script (out/server/worker.js). */
  readonly script: string;
  /**
   * Called with each worker started (the first ones and replacements): tests keep them, to kill one as a crash would.
   */
  readonly onWorker?: (worker: Worker) => void;
}

export function nodeWorkers(options: NodeWorkerOptions): WorkerStarter {
  return {
    sharedMemory: true,
    start({ cancel, heapMb }, events) {
      const worker = new Worker(options.script, {
        workerData: { cancel: cancel.buffer },
        resourceLimits: { maxOldGenerationSizeMb: heapMb },
      });
      worker.unref();
      options.onWorker?.(worker);
      worker.on('message', events.message);
      worker.on('error', (error) =>
        events.died(
          (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${MEMORY_LIMIT_FAILURE} (${heapMb} MiB of objects for one computation)`
            : `the computation's worker stopped: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
      worker.on('exit', (code) => events.died(`the computation's worker stopped: it exited with code ${code}`));
      return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
    },
  };
}

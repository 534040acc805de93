// The browser edge of the worker pool (compute/pool.ts): computation workers as Web Workers,
// started from the server's own worker (nested workers).
//
// - The script: the client says where out/web/worker.js is (an http(s) or blob: URL, in the
//   `initialize` request's options, browserMain.ts); a server page that loads the bundle itself
//   finds it beside its own script. Each worker is a small blob that imports it: the server's
//   own worker may have been started from a blob (VS Code's web extension host does that), so a
//   relative URL could mean nothing, and a blob imports from any origin.
// - Shared memory: only where the page is cross-origin isolated (SharedArrayBuffer exists);
//   elsewhere the pool ends a worker to stop its job (pool.ts).
// - No heap limit: browsers give a worker no way to bound its heap. The values' share
//   (`valueBytes`, sent with each job) still bounds sequences, as in Node.
// - Started on the first job: the pool makes its workers at once, before `initialize` has said
//   where the script is; jobs only come after it.
import type { ComputeWorker, ToWorker, WorkerStarter } from '../compute/pool';
import type { BrowserWorkerInit, BrowserWorkerReady } from './computeWorker';
import { scope, type WebWorker } from './webWorkerScope';

/** Whether workers can share memory here (a cross-origin isolated page). */
export function canShareMemory(): boolean {
  return typeof SharedArrayBuffer === 'function' && scope.crossOriginIsolated === true;
}

/**
 * `scriptUrl` says where out/web/worker.js is, once known; `onReady` hears each worker's first word (which of the
 * engine's WebAssembly kernels compiled there).
 */
export function browserWorkers(
  scriptUrl: () => string | undefined,
  onReady?: (ready: BrowserWorkerReady, sharedMemory: boolean) => void,
): WorkerStarter {
  const sharedMemory = canShareMemory();
  return {
    sharedMemory,
    start({ cancel }, events): ComputeWorker {
      let worker: WebWorker | undefined;
      let ended = false;
      /** Why no worker can start here; each job is then failed with it (a restart would fail the same way). */
      let cannot: string | undefined;
      const started = (): WebWorker | undefined => {
        if (worker || ended || cannot) return worker;
        const url = scriptUrl();
        const Worker = scope.Worker;
        if (!url || !Worker) {
          cannot = !Worker
            ? "the computation's worker could not start: this browser gives a web worker no workers of its own"
            : "the computation's worker could not start: the client did not say where out/web/worker.js is";
          return undefined;
        }
        const source = new Blob([`importScripts(${JSON.stringify(url)});`], { type: 'text/javascript' });
        worker = new Worker(URL.createObjectURL(source), { name: 'grundy computation' });
        worker.onmessage = ({ data }) => {
          const message = data as Parameters<typeof events.message>[0] | BrowserWorkerReady;
          if (message.type === 'ready') onReady?.(message, sharedMemory);
          else events.message(message);
        };
        worker.onerror = (event) => {
          event.preventDefault();
          if (ended) return;
          ended = true;
          worker?.terminate();
          events.died(`the computation's worker stopped: ${event.message ?? 'an error outside any job'}`);
        };
        worker.onmessageerror = () => undefined;
        worker.postMessage({
          type: 'init',
          cancel: sharedMemory ? (cancel.buffer as SharedArrayBuffer) : undefined,
        } satisfies BrowserWorkerInit);
        return worker;
      };
      return {
        post: (message: ToWorker) => {
          const running = started();
          if (running) running.postMessage(message);
          else if (cannot) {
            const why = cannot;
            setTimeout(() => events.message({ type: 'failed', id: message.id, message: why }), 0);
          }
        },
        terminate: () => {
          ended = true;
          worker?.terminate();
          return undefined;
        },
      };
    },
  };
}

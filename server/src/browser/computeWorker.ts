// A computation worker in a browser (bundled as out/web/worker.js, a classic Web Worker script):
// serves the pool's jobs (compute/jobLoop.ts) as worker.ts does in Node. Its first message is
// `init`, with the shared cancel array where the page is cross-origin isolated (browserWorkers.ts).
import { jobLoop } from '../compute/jobLoop';
import type { FromWorker, ToWorker } from '../compute/pool';
import { octalScanKernelLoaded, subtractionMexKernelLoaded } from '../engine';
import { scope } from './webWorkerScope';

export type BrowserWorkerInit = { readonly type: 'init'; readonly cancel?: SharedArrayBuffer };

/** The answer to `init`: what this browser gives the engine (its WebAssembly kernels compile or not). */
export type BrowserWorkerReady = {
  readonly type: 'ready';
  readonly kernels: { readonly octalScan: boolean; readonly subtractionMex: boolean };
};

let serve: ((message: ToWorker) => void) | undefined;
scope.onmessage = ({ data }) => {
  const message = data as ToWorker | BrowserWorkerInit;
  if (message.type === 'init') {
    const cancel = message.cancel ? new Int32Array(message.cancel) : undefined;
    serve = jobLoop((reply: FromWorker) => scope.postMessage(reply), cancel);
    const ready: BrowserWorkerReady = {
      type: 'ready',
      kernels: { octalScan: octalScanKernelLoaded, subtractionMex: subtractionMexKernelLoaded },
    };
    scope.postMessage(ready);
  } else serve?.(message);
};

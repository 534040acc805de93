// check and analyze in a worker thread whose heap is the memory ceiling (--max-memory-mb): the
// main thread starts it (this same script, re-executed) and turns how it ended into an exit code;
// the worker runs the command and writes its output. Kept apart from both commands because it is
// the one place that knows about the thread, its heap limit and the messages between the two.
import { parentPort, Worker } from 'node:worker_threads';
import { analyze } from './analyze';
import { type Options, UsageError } from './args';
import { check } from './check';
import { defaultMemoryMb, memoryLimitWordsFor, youngGenerationMb } from './memory';
import { HELP_POINTER, INTERRUPTED_EXIT, LIMIT_EXIT, LimitReached, ReaderGone, SyncOutput } from './output';

/** What a check or analyze worker tells the main thread at its end. */
type FromFileWorker =
  | { readonly code: number }
  | { readonly limit: string }
  | { readonly usage: string }
  | { readonly crash: string };

export interface FileWork {
  readonly command: 'check' | 'analyze';
  readonly file: string;
  readonly options: Options;
}

/**
 * Check or analyze, in a worker thread whose heap is the memory ceiling: a file of any size is
 * read, and only the ceiling, really reached, stops the work (V8 stops a worker that outgrows its
 * heap cleanly, where the main thread would crash). Its output reaches stdout through this thread.
 * Ctrl-C ends the worker at once.
 */
export function runInWorker(work: FileWork): Promise<number> {
  const memoryMb = work.options.maxMemoryMb ?? defaultMemoryMb();
  // __filename is the bundle (out/cli/grundy.js), not this module: main.ts sends the thread to fileWorker.
  const worker = new Worker(__filename, {
    workerData: { file: work, memoryMb },
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb - youngGenerationMb(memoryMb),
      maxYoungGenerationSizeMb: youngGenerationMb(memoryMb),
    },
  });
  return new Promise((resolve) => {
    let outcome: FromFileWorker | undefined;
    const onInterrupt = () => {
      void worker.terminate();
      process.stderr.write('grundy: interrupted\n');
      resolve(INTERRUPTED_EXIT);
    };
    process.once('SIGINT', onInterrupt);
    worker.on('message', (message: FromFileWorker) => {
      outcome = message;
    });
    worker.on('error', (error: Error & { code?: string }) => {
      outcome =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? {
              limit:
                `${memoryLimitWordsFor(memoryMb)}: ` +
                `${work.command === 'analyze' ? 'the games written above are finished; ' : ''}raise ` +
                `--max-memory-mb if the machine has more`,
            }
          : { crash: error.stack ?? error.message };
    });
    worker.on('exit', () => {
      process.off('SIGINT', onInterrupt);
      if (outcome === undefined) return resolve(INTERRUPTED_EXIT);
      if ('code' in outcome) return resolve(outcome.code);
      if ('crash' in outcome) {
        process.stderr.write(`${outcome.crash}\n`);
        return resolve(1);
      }
      if ('limit' in outcome) {
        process.stderr.write(`grundy: ${outcome.limit}\n`);
        return resolve(LIMIT_EXIT);
      }
      process.stderr.write(`grundy: ${outcome.usage}\n${HELP_POINTER}\n`);
      resolve(2);
    });
  });
}

/** In the worker: the command, its output written to stdout, its end posted back. */
export function fileWorker(work: FileWork): void {
  const out = new SyncOutput();
  let outcome: FromFileWorker;
  try {
    try {
      outcome = {
        code: work.command === 'check' ? check(work.file, work.options, out) : analyze(work.file, work.options, out),
      };
    } catch (error) {
      if (error instanceof LimitReached) outcome = { limit: error.message };
      else if (error instanceof UsageError) outcome = { usage: error.message };
      else throw error;
    }
    out.flush();
  } catch (error) {
    if (!(error instanceof ReaderGone)) throw error;
    outcome = { code: 0 };
  }
  parentPort!.postMessage(outcome);
}

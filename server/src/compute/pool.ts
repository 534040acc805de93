// A pool of computation workers. The server's thread only parses and answers requests; every
// engine computation runs here, one job per worker at a time.
//
// - Affinity: each worker keeps its own engine cache, so a job goes to an idle worker that has
//   already computed its rules when there is one (a rule's sequence is computed once, then
//   reused by every game and document that uses it). An idle worker is never left idle for
//   affinity's sake: answers matter more than reuse.
// - Cancellation: through shared memory, polled by the engine's budget (see worker.ts).
// - Crashes: a worker that dies (an exception outside the job, out of memory, exit) fails its
//   job with a message and is replaced; the other workers and jobs go on.
import { Worker } from 'node:worker_threads';
import type { Job, JobResult } from './jobs';

export type ToWorker = { readonly type: 'run'; readonly id: number; readonly job: Job; readonly budgetMs: number };

export type FromWorker =
  | { readonly type: 'done'; readonly id: number; readonly result: JobResult; readonly cancelled: boolean }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

export type JobOutcome =
  | { readonly status: 'done'; readonly result: JobResult; readonly cancelled: boolean }
  /** The job threw, or its worker died: `message` says how. */
  | { readonly status: 'failed'; readonly message: string }
  /** Cancelled before a worker took it. */
  | { readonly status: 'dropped' };

export interface JobHandle {
  readonly outcome: Promise<JobOutcome>;
  /** Stops the job: dropped if still queued, asked to stop (it returns what it has) if running. */
  cancel(): void;
}

interface Task {
  readonly id: number;
  readonly job: Job;
  readonly budgetMs: number;
  readonly affinity: readonly string[];
  readonly resolve: (outcome: JobOutcome) => void;
  slot?: Slot;
  cancelled: boolean;
}

interface Slot {
  worker: Worker;
  readonly cancel: Int32Array;
  readonly known: Set<string>;
  task?: Task;
}

export interface PoolOptions {
  readonly size: number;
  /** The bundled worker script (out/server/worker.js). */
  readonly script: string;
  /** Called with a message when a worker dies and is replaced. */
  readonly onCrash?: (message: string) => void;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  /** Tasks waiting for a worker, from `queueHead` on; cancelled ones stay until reached (O(1) cancel). */
  private queue: Task[] = [];
  private queueHead = 0;
  private queuedLive = 0;
  private nextId = 1;
  private disposed = false;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < Math.max(1, options.size); i++) this.slots.push(this.startSlot());
  }

  get busyCount(): number {
    return this.slots.filter((slot) => slot.task).length;
  }

  get queuedCount(): number {
    return this.queuedLive;
  }

  run(job: Job, budgetMs: number, affinity: readonly string[] = []): JobHandle {
    let resolve!: (outcome: JobOutcome) => void;
    const outcome = new Promise<JobOutcome>((r) => (resolve = r));
    const task: Task = { id: this.nextId++, job, budgetMs, affinity, resolve, cancelled: false };
    if (this.disposed) resolve({ status: 'dropped' });
    else {
      this.queue.push(task);
      this.queuedLive++;
      this.dispatch();
    }
    return {
      outcome,
      cancel: () => {
        if (task.cancelled) return;
        task.cancelled = true;
        if (!task.slot && !this.disposed) {
          // Still queued: dropped now, skipped when the queue reaches it.
          this.queuedLive--;
          resolve({ status: 'dropped' });
        } else if (task.slot?.task === task) {
          Atomics.store(task.slot.cancel, 0, task.id);
        }
      },
    };
  }

  /**
   * Test hook: kills the worker running a job (or the first one) as a crash would. From outside,
   * because a busy worker reads no messages until its job is done.
   */
  crashOne(): void {
    const slot = this.slots.find((s) => s.task) ?? this.slots[0];
    void slot.worker.terminate();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const task of this.queue.splice(0).slice(this.queueHead)) if (!task.cancelled) task.resolve({ status: 'dropped' });
    this.queueHead = 0;
    this.queuedLive = 0;
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.task?.resolve({ status: 'dropped' });
        slot.task = undefined;
        await slot.worker.terminate();
      }),
    );
  }

  private startSlot(): Slot {
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const slot: Slot = { worker: undefined!, cancel, known: new Set() };
    this.attach(slot);
    return slot;
  }

  private attach(slot: Slot): void {
    // Typed arrays live outside the V8 heap, so this limit bounds object garbage, not sequences
    // (those are bounded by the engine's MAX_SEQUENCE_LENGTH).
    const worker = new Worker(this.options.script, { workerData: { cancel: slot.cancel.buffer }, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    slot.worker = worker;
    worker.unref();
    worker.on('message', (message: FromWorker) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = undefined;
      if (message.type === 'done') task.resolve({ status: 'done', result: message.result, cancelled: message.cancelled || task.cancelled });
      else task.resolve({ status: 'failed', message: message.message });
      this.dispatch();
    });
    const died = (why: string) => {
      if (slot.worker !== worker || this.disposed) return;
      const task = slot.task;
      slot.task = undefined;
      slot.known.clear();
      this.options.onCrash?.(why);
      task?.resolve({ status: 'failed', message: `the computation's worker stopped: ${why}` });
      this.attach(slot);
      this.dispatch();
    };
    worker.on('error', (error) => died(error instanceof Error ? error.message : String(error)));
    worker.on('exit', (code) => died(`it exited with code ${code}`));
  }

  /** The next task that was not cancelled while queued, if any. Amortised O(1). */
  private nextQueued(): Task | undefined {
    while (this.queueHead < this.queue.length) {
      const task = this.queue[this.queueHead++];
      if (task.cancelled) continue;
      this.queuedLive--;
      return task;
    }
    return undefined;
  }

  private compactQueue(): void {
    // Drop the consumed head now and then, so the array does not keep every task ever queued.
    if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.queueHead);
      this.queueHead = 0;
    }
  }

  private dispatch(): void {
    for (;;) {
      const idle = this.slots.filter((slot) => !slot.task);
      if (idle.length === 0) return;
      const task = this.nextQueued();
      this.compactQueue();
      if (!task) return;
      const score = (slot: Slot) => task.affinity.filter((key) => slot.known.has(key)).length;
      const slot = idle.reduce((best, s) => (score(s) > score(best) ? s : best));
      for (const key of task.affinity) slot.known.add(key);
      slot.task = task;
      task.slot = slot;
      slot.worker.postMessage({ type: 'run', id: task.id, job: task.job, budgetMs: task.budgetMs } satisfies ToWorker);
    }
  }
}

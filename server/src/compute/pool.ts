// A pool of computation workers. The server's thread only parses and answers requests; every
// engine computation runs here, one job per worker at a time.
//
// - Affinity: each worker keeps its own engine cache, so a job goes to an idle worker that has
//   already computed its rules when there is one; an idle worker is never left idle for affinity.
// - Pins: a job that grows or reads a rule's misère quotient (jobs.ts's jobPin) runs on the one
//   worker that holds that quotient's state, its home, and waits for it rather than start from
//   nothing elsewhere. A home shares its time between its pinned jobs and the others, by time and
//   not by turns, so that a long growth does not starve the document's values. A home that dies
//   loses the state: its pinned jobs find a home again (the growth starts over, correctly).
// - Cancellation: through shared memory, polled by the engine's budget (worker.ts).
// - Pipelining: a worker that has just finished quick jobs is given up to PIPELINE jobs at once,
//   so that 100,000 small jobs do not cost 100,000 round trips; jobs sent behind one that turns out
//   slow are taken back (RECLAIM_AFTER_MS), skipped there unrun, and queued again here.
// - Background: a job run with `background` waits in its own queue, taken when the general one is empty.
// - Crashes: a worker that dies fails its job with a message and is replaced; the others go on.
// - Edges: the workers are the platform's (a WorkerStarter: nodeWorkers.ts, or the browser's Web
//   Workers). Where they cannot share memory (no SharedArrayBuffer), a worker gets one job at a
//   time, and a cancelled job not finished within CANCEL_GRACE_MS has its worker replaced.
// - Memory: the pool's memory (the setting grundy.computation.memoryMb) is shared evenly among the
//   workers; half of a worker's share bounds its values in typed arrays (a sequence that reaches it
//   stops "at the memory limit"), half its V8 heap (a computation that outgrows it ends its worker
//   and fails "at the memory limit").
// - Time: the clock and timers come through PoolTimers, so a test can move the clock by hand.
import { DEFAULT_COMPUTATION_MEMORY_MB, type Job, type JobResult, jobPin } from './jobs';

/** `cancelIndex`: where in the worker's shared cancel array this job's cancellation is written. */
export type ToWorker = {
  readonly type: 'run';
  readonly id: number;
  readonly job: Job;
  readonly budgetMs: number;
  readonly cancelIndex: number;
  /** What the worker's values (its cache and this job's sequences) may take, in bytes. */
  readonly valueBytes: number;
};

/** The least memory one worker is given (MiB), however small the setting. */
const MIN_WORKER_MB = 32;

/** Jobs a worker may hold at once (the size of its shared cancel array). */
export const PIPELINE = 16;
/** A worker gets more than one job at a time only while its last job took less than this. */
const QUICK_JOB_MS = 5;
/** Jobs waiting behind one that has run this many quick-job times are taken back. */
const RECLAIM_AFTER_QUICK_JOBS = 4;

/** A job cancelled where workers share no memory, whose worker was ended because it did not stop in time. */
export const CANCELLED_BY_ENDING_WORKER =
  'cancelled: its worker was ended (here computations cannot be asked to stop, so nothing of it is kept)';

/** Without shared memory: how long a cancelled running job may take to finish before its worker is ended. */
export const CANCEL_GRACE_MS = 250;

/** A started worker, as the pool sees it (nodeWorkers.ts, browserWorkers.ts). */
export interface ComputeWorker {
  post(message: ToWorker): void;
  terminate(): Promise<unknown> | undefined;
}

/** What a worker tells the pool: its answers, and its end (`why` for people; the worker is gone). */
export interface ComputeWorkerEvents {
  message(message: FromWorker): void;
  died(why: string): void;
}

/** The platform's workers: how to start one, and whether they share memory with the pool. */
export interface WorkerStarter {
  /**
   * Whether `cancel` reaches the worker (a SharedArrayBuffer's view): if not, the pool sends one
   * job at a time and ends a worker to stop its job.
   */
  readonly sharedMemory: boolean;
  /** Starts a worker whose objects may take `heapMb` MiB (where the platform can bound it). */
  start(options: { readonly cancel: Int32Array; readonly heapMb: number }, events: ComputeWorkerEvents): ComputeWorker;
}

export type FromWorker =
  | { readonly type: 'done'; readonly id: number; readonly result: JobResult; readonly cancelled: boolean }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  /** Taken back (reclaim) before its turn came: never run. */
  | { readonly type: 'skipped'; readonly id: number };

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
  /** Changes when the task is taken back from a worker and queued again (the old id's answer is ignored). */
  id: number;
  readonly job: Job;
  readonly budgetMs: number;
  readonly affinity: readonly string[];
  readonly resolve: (outcome: JobOutcome) => void;
  slot?: Slot;
  cancelIndex: number;
  cancelled: boolean;
  /** Runs only on the worker that holds this (jobPin). */
  readonly pin?: string;
  /** Queued in this worker's pinned queue (not the general one). */
  pinnedTo?: Slot;
  /** Waits in the background queue (see Background above). */
  readonly background?: boolean;
}

/** A job sent to a worker; `task` is gone when it was taken back (its answer is then ignored). */
interface Sent {
  readonly id: number;
  readonly cancelIndex: number;
  task?: Task;
}

interface Slot {
  worker: ComputeWorker;
  /** Per job position: the id of the job to cancel (an id never reused, so a stale one is harmless). */
  readonly cancel: Int32Array;
  readonly known: Set<string>;
  /** Jobs sent to the worker, oldest (the running one) first. */
  readonly sent: Sent[];
  /** When the worker last answered a job (or was sent one while idle): where its running job began. */
  lastFinishAt: number;
  /** How long the last job took, as seen from here. */
  lastJobMs: number;
  /** The V8 heap limit the worker was started with (MiB); -1 once the memory setting changed. */
  heapMb: number;
  /** Pinned jobs waiting for this worker, from `pinnedHead` on (cancelled ones skipped when reached). */
  pinned: Task[];
  pinnedHead: number;
  /**
   * How much longer (ms) its pinned jobs have run than general ones while both queues had work: the
   * next job is a pinned one only when this is not positive (or the general queue is empty).
   */
  pinnedLeadMs: number;
}

/** The pool's clock (ms, for durations only) and timers. */
export interface PoolTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's: `performance.now` and the global timers. */
const PLATFORM_TIMERS: PoolTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PoolOptions {
  readonly size: number;
  /** Starts the workers: nodeWorkers.ts's or browserWorkers.ts's. */
  readonly workers: WorkerStarter;
  /** A worker gets more than one job at a time only while its last job took less than this (default QUICK_JOB_MS). */
  readonly quickJobMs?: number;
  /** Called with a message when a worker dies and is replaced. */
  readonly onCrash?: (message: string) => void;
  /** The memory all workers may take together, in MiB (default DEFAULT_COMPUTATION_MEMORY_MB). */
  readonly memoryMb?: number;
  /** The clock and timers (default the platform's); tests move time by hand. */
  readonly timers?: PoolTimers;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  /** Tasks waiting for a worker, from `queueHead` on; cancelled ones stay until reached (O(1) cancel). */
  private queue: Task[] = [];
  private queueHead = 0;
  /** Background tasks, from `backgroundHead` on, taken when `queue` has none left. */
  private backgroundQueue: Task[] = [];
  private backgroundHead = 0;
  private queuedLive = 0;
  private nextId = 1;
  private disposed = false;
  /** Each pin's worker (see Pins above). */
  private readonly homes = new Map<string, Slot>();

  private readonly timers: PoolTimers;
  /** The next look for jobs to take back (reclaim), every RECLAIM_AFTER_QUICK_JOBS quick-job times. */
  private reclaimTimer: unknown;
  private memoryMb: number;

  constructor(private readonly options: PoolOptions) {
    this.timers = options.timers ?? PLATFORM_TIMERS;
    this.memoryMb = options.memoryMb ?? DEFAULT_COMPUTATION_MEMORY_MB;
    for (let i = 0; i < Math.max(1, options.size); i++) this.slots.push(this.startSlot());
    this.scheduleReclaim();
  }

  private scheduleReclaim(): void {
    this.reclaimTimer = this.timers.setTimeout(() => {
      if (this.disposed) return;
      this.scheduleReclaim();
      this.reclaim();
    }, this.quickJobMs * RECLAIM_AFTER_QUICK_JOBS);
    // In Node the timer must not keep the process alive; browsers have no unref.
    (this.reclaimTimer as { unref?: () => void } | undefined)?.unref?.();
  }

  private get quickJobMs(): number {
    return this.options.quickJobMs ?? QUICK_JOB_MS;
  }

  /** One worker's share of the memory, in MiB. */
  private get workerMb(): number {
    return Math.max(MIN_WORKER_MB, Math.floor(this.memoryMb / Math.max(1, this.options.size)));
  }

  /**
   * A new memory budget for all workers together. Jobs sent from now on get the new share of
   * values; the heap limit is a worker's own from its start, so idle workers are started again
   * now and busy ones when their jobs are done.
   */
  setMemoryMb(memoryMb: number): void {
    if (memoryMb === this.memoryMb || this.disposed) return;
    this.memoryMb = memoryMb;
    for (const slot of this.slots) {
      slot.heapMb = -1; // out of date
      if (slot.sent.length === 0) this.restart(slot);
    }
  }

  private restart(slot: Slot): void {
    const old = slot.worker;
    slot.known.clear();
    this.forgetHomes(slot);
    this.attach(slot); // the old worker's exit is no longer this slot's (died() checks)
    void old.terminate();
  }

  /** A running job stops and returns what it has only where the workers share memory; elsewhere its worker is ended. */
  get cancelKeepsResults(): boolean {
    return this.options.workers.sharedMemory;
  }

  get busyCount(): number {
    return this.slots.filter((slot) => slot.sent.length > 0).length;
  }

  get queuedCount(): number {
    return this.queuedLive;
  }

  run(job: Job, budgetMs: number, affinity: readonly string[] = [], background = false): JobHandle {
    let resolve!: (outcome: JobOutcome) => void;
    const outcome = new Promise<JobOutcome>((r) => (resolve = r));
    const pin = jobPin(job);
    const task: Task = {
      id: this.nextId++,
      job,
      budgetMs,
      affinity,
      resolve,
      cancelIndex: -1,
      cancelled: false,
      ...(pin ? { pin } : {}),
      ...(background ? { background } : {}),
    };
    if (this.disposed) resolve({ status: 'dropped' });
    else {
      const home = pin === undefined ? undefined : this.homes.get(pin);
      if (home) this.pinTo(home, task);
      else {
        (background ? this.backgroundQueue : this.queue).push(task);
        this.queuedLive++;
      }
      this.dispatch();
    }
    return {
      outcome,
      cancel: () => {
        if (task.cancelled) return;
        task.cancelled = true;
        if (!task.slot && !this.disposed) {
          // Still queued: dropped now, skipped when the queue reaches it.
          if (!task.pinnedTo) this.queuedLive--;
          resolve({ status: 'dropped' });
        } else if (task.slot && task.cancelIndex >= 0) {
          if (this.options.workers.sharedMemory) Atomics.store(task.slot.cancel, task.cancelIndex, task.id);
          else this.endIfStillRunning(task.slot, task);
        }
      },
    };
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.timers.clearTimeout(this.reclaimTimer);
    for (const task of this.queue.splice(0).slice(this.queueHead))
      if (!task.cancelled) task.resolve({ status: 'dropped' });
    for (const task of this.backgroundQueue.splice(0).slice(this.backgroundHead))
      if (!task.cancelled) task.resolve({ status: 'dropped' });
    this.backgroundHead = 0;
    for (const slot of this.slots)
      for (const task of slot.pinned.splice(0).slice(slot.pinnedHead))
        if (!task.cancelled) task.resolve({ status: 'dropped' });
    this.queueHead = 0;
    this.queuedLive = 0;
    await Promise.all(
      this.slots.map(async (slot) => {
        for (const sent of slot.sent.splice(0)) sent.task?.resolve({ status: 'dropped' });
        await slot.worker.terminate();
      }),
    );
  }

  /**
   * Without shared memory: a cancelled job still running after CANCEL_GRACE_MS is stopped by ending its worker (it
   * fails with CANCELLED_BY_ENDING_WORKER) and the worker is replaced.
   */
  private endIfStillRunning(slot: Slot, task: Task): void {
    const id = task.id;
    this.timers.setTimeout(() => {
      const running = slot.sent[0];
      if (this.disposed || running?.id !== id || running.task !== task) return;
      slot.sent.shift();
      task.resolve({ status: 'failed', message: CANCELLED_BY_ENDING_WORKER });
      this.restart(slot);
      this.dispatch();
    }, CANCEL_GRACE_MS);
  }

  private startSlot(): Slot {
    // Shared with the worker where the platform allows: the pool writes, the worker's budget polls.
    const cancel = new Int32Array(
      this.options.workers.sharedMemory ? new SharedArrayBuffer(4 * PIPELINE) : new ArrayBuffer(4 * PIPELINE),
    );
    const slot: Slot = {
      worker: undefined!,
      cancel,
      known: new Set(),
      sent: [],
      lastFinishAt: 0,
      lastJobMs: 0,
      heapMb: 0,
      pinned: [],
      pinnedHead: 0,
      pinnedLeadMs: 0,
    };
    this.attach(slot);
    return slot;
  }

  private attach(slot: Slot): void {
    // Typed arrays live outside the V8 heap, so this limit bounds objects (search tables, moves),
    // not sequences: those are bounded by the share of values sent with each job.
    const heapMb = Math.max(MIN_WORKER_MB, Math.floor(this.workerMb / 2));
    slot.heapMb = heapMb;
    let worker: ComputeWorker | undefined;
    const message = (message: FromWorker) => {
      if (slot.worker !== worker) return;
      const sent = slot.sent[0];
      if (!sent || sent.id !== message.id) return;
      slot.sent.shift();
      const now = this.timers.now();
      const task = sent.task;
      // Only a job that ran says how quick the worker is (a skipped one answers at once: counted, it
      // made a worker busy with a slow job look quick, and the pipeline refilled behind the slow one).
      if (message.type !== 'skipped') {
        slot.lastJobMs = now - slot.lastFinishAt;
        if (task?.pin !== undefined) slot.pinnedLeadMs += slot.lastJobMs;
        else if (this.hasPinned(slot)) slot.pinnedLeadMs -= slot.lastJobMs;
      }
      slot.lastFinishAt = now;
      if (!task) {
        // Taken back while it waited here (reclaim): it ran elsewhere, or runs soon.
      } else if (message.type === 'skipped') task.resolve({ status: 'dropped' });
      else if (message.type === 'done')
        task.resolve({ status: 'done', result: message.result, cancelled: message.cancelled || task.cancelled });
      else task.resolve({ status: 'failed', message: message.message });
      if (slot.sent.length === 0 && slot.heapMb < 0) this.restart(slot);
      this.dispatch();
    };
    const died = (why: string) => {
      if (slot.worker !== worker || this.disposed) return;
      // The oldest job was running: it fails. The ones sent behind it never started: queued again.
      const [running, ...waiting] = slot.sent.splice(0);
      slot.known.clear();
      this.forgetHomes(slot);
      this.options.onCrash?.(why);
      running?.task?.resolve({ status: 'failed', message: why });
      for (const again of waiting.reverse()) if (again.task) this.requeue(again.task);
      this.attach(slot);
      this.dispatch();
    };
    worker = this.options.workers.start({ cancel: slot.cancel, heapMb }, { message, died });
    slot.worker = worker;
  }

  /** The worker's state is gone: what it held is nobody's (its queued pinned jobs make it theirs again). */
  private forgetHomes(slot: Slot): void {
    for (const [pin, home] of this.homes) if (home === slot) this.homes.delete(pin);
  }

  private pinTo(slot: Slot, task: Task): void {
    task.pinnedTo = slot;
    slot.pinned.push(task);
  }

  /** The worker's next pinned job that was not cancelled while queued. */
  private nextPinned(slot: Slot): Task | undefined {
    while (slot.pinnedHead < slot.pinned.length) {
      const task = slot.pinned[slot.pinnedHead++];
      if (task.cancelled) continue;
      task.pinnedTo = undefined;
      if (slot.pinnedHead > 256 && slot.pinnedHead * 2 > slot.pinned.length) {
        slot.pinned = slot.pinned.slice(slot.pinnedHead);
        slot.pinnedHead = 0;
      }
      return task;
    }
    return undefined;
  }

  /** Whether the worker has a pinned job waiting (cancelled ones at the head are dropped). */
  private hasPinned(slot: Slot): boolean {
    while (slot.pinnedHead < slot.pinned.length && slot.pinned[slot.pinnedHead].cancelled) slot.pinnedHead++;
    return slot.pinnedHead < slot.pinned.length;
  }

  /**
   * The next task of the general queue this worker may run: pinned tasks whose home is another
   * worker are moved to that worker's queue on the way.
   */
  private nextFor(slot: Slot): Task | undefined {
    for (;;) {
      const task = this.nextQueued();
      if (!task?.pin) return task;
      const home = this.homes.get(task.pin);
      if (!home || home === slot) return task;
      this.pinTo(home, task);
    }
  }

  /** The next task that was not cancelled while queued, if any, background ones last. Amortised O(1). */
  private nextQueued(): Task | undefined {
    while (this.queueHead < this.queue.length) {
      const task = this.queue[this.queueHead++];
      if (task.cancelled) continue;
      this.queuedLive--;
      return task;
    }
    while (this.backgroundHead < this.backgroundQueue.length) {
      const task = this.backgroundQueue[this.backgroundHead++];
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
    if (this.backgroundHead > 1024 && this.backgroundHead * 2 > this.backgroundQueue.length) {
      this.backgroundQueue = this.backgroundQueue.slice(this.backgroundHead);
      this.backgroundHead = 0;
    }
  }

  /**
   * Jobs waiting on a worker behind one that has run a while are taken back: their place there is
   * cancelled (the worker skips through them when it gets there) and they are queued again, first.
   */
  private reclaim(): void {
    const now = this.timers.now();
    let reclaimed = false;
    for (const slot of this.slots) {
      if (slot.sent.length < 2 || now - slot.lastFinishAt < this.quickJobMs * RECLAIM_AFTER_QUICK_JOBS) continue;
      for (let i = slot.sent.length - 1; i >= 1; i--) {
        const sent = slot.sent[i];
        const task = sent.task;
        if (!task) continue;
        sent.task = undefined;
        // Negated: taken back, so the worker skips it (a cancel, the id itself, is run and stops at once).
        Atomics.store(slot.cancel, sent.cancelIndex, -sent.id);
        task.id = this.nextId++;
        this.requeue(task);
        reclaimed = true;
      }
    }
    if (reclaimed) this.dispatch();
  }

  /** Back to the front of the queue (a job sent to a worker that died, or taken back, before it started). */
  private requeue(task: Task): void {
    task.slot = undefined;
    task.cancelIndex = -1;
    if (task.cancelled) {
      task.resolve({ status: 'dropped' });
      return;
    }
    const home = task.pin === undefined ? undefined : this.homes.get(task.pin);
    if (home) {
      // First in its home's queue again.
      task.pinnedTo = home;
      if (home.pinnedHead > 0) home.pinned[--home.pinnedHead] = task;
      else home.pinned.unshift(task);
      return;
    }
    if (task.background) {
      if (this.backgroundHead > 0) this.backgroundQueue[--this.backgroundHead] = task;
      else this.backgroundQueue.unshift(task);
    } else if (this.queueHead > 0) this.queue[--this.queueHead] = task;
    else this.queue.unshift(task);
    this.queuedLive++;
  }

  private send(slot: Slot, task: Task): void {
    for (const key of task.affinity) slot.known.add(key);
    if (task.pin !== undefined) this.homes.set(task.pin, slot);
    if (slot.sent.length === 0) slot.lastFinishAt = this.timers.now();
    // A free position in the cancel array: one no job in flight on this worker uses.
    const used = new Set(slot.sent.map((t) => t.cancelIndex));
    let index = 0;
    while (used.has(index)) index++;
    task.slot = slot;
    task.cancelIndex = index;
    slot.sent.push({ id: task.id, cancelIndex: index, task });
    const valueBytes = Math.floor(this.workerMb / 2) * 2 ** 20;
    slot.worker.post({
      type: 'run',
      id: task.id,
      job: task.job,
      budgetMs: task.budgetMs,
      cancelIndex: index,
      valueBytes,
    } satisfies ToWorker);
  }

  private dispatch(): void {
    // Idle workers with pinned jobs: one of those, unless the pinned ones are ahead in time and
    // the general queue has work (then one of the others, below). Nothing is owed while one side idles.
    for (const slot of this.slots) {
      if (this.queuedLive === 0 || !this.hasPinned(slot)) slot.pinnedLeadMs = 0;
      if (slot.sent.length > 0 || !this.hasPinned(slot)) continue;
      if (slot.pinnedLeadMs > 0 && this.queuedLive > 0) continue;
      this.send(slot, this.nextPinned(slot)!);
    }
    // Idle workers, each to the job's best fit by affinity (a pinned job to its home).
    for (;;) {
      const idle = this.slots.filter((slot) => slot.sent.length === 0);
      if (idle.length === 0) break;
      const task = this.nextQueued();
      this.compactQueue();
      if (!task) break;
      const home = task.pin === undefined ? undefined : this.homes.get(task.pin);
      if (home) {
        if (home.sent.length === 0) this.send(home, task);
        else this.pinTo(home, task);
        continue;
      }
      // A new pin's home: an idle worker that is home to the fewest (two long growths apart).
      const homed = (slot: Slot) =>
        task.pin === undefined ? 0 : [...this.homes.values()].filter((h) => h === slot).length;
      const score = (slot: Slot) => task.affinity.filter((key) => slot.known.has(key)).length - 1000 * homed(slot);
      this.send(
        idle.reduce((best, s) => (score(s) > score(best) ? s : best)),
        task,
      );
    }
    // Idle workers whose time it was to take a general job but found none: their pinned ones.
    for (const slot of this.slots)
      if (slot.sent.length === 0 && this.hasPinned(slot)) this.send(slot, this.nextPinned(slot)!);
    // Then fill the pipelines of workers doing quick jobs, taking turns (only where a job sent
    // behind another can be taken back: with shared memory).
    for (let sent = this.options.workers.sharedMemory; sent; ) {
      sent = false;
      for (const slot of this.slots) {
        if (
          slot.sent.length >= PIPELINE ||
          slot.lastJobMs >= this.quickJobMs ||
          this.timers.now() - slot.lastFinishAt >= this.quickJobMs
        )
          continue;
        const pinnedFirst = this.hasPinned(slot) && slot.pinnedLeadMs <= 0;
        const task = pinnedFirst ? this.nextPinned(slot) : (this.nextFor(slot) ?? this.nextPinned(slot));
        if (!task) {
          this.compactQueue();
          return;
        }
        this.send(slot, task);
        sent = true;
      }
    }
    this.compactQueue();
  }
}

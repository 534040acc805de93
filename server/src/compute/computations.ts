// Computations by what they depend on. A game's value depends only on its plain input (rules,
// heaps, graph, row, play), not on where it is written, so results are kept by a key made of
// that input: the same game in two documents, or a game on a line that did not change while
// another line was edited, is computed once. Documents say which keys they want after each
// change; work nobody wants any more is cancelled.
import { type Job, type JobResult, SharedRuleSummaries } from './jobs';
import type { JobHandle } from './pool';

/** What computations need of a pool (pool.ts's WorkerPool): tests may give a pool of their own. */
export interface ComputationPool {
  run(job: Job, budgetMs: number, affinity?: readonly string[]): JobHandle;
  /** The memory all computations may take together, in MiB (pool.ts). */
  setMemoryMb?(memoryMb: number): void;
  /** False where a cancelled running job loses what it found (pool.ts, workers that share no memory); default true. */
  readonly cancelKeepsResults?: boolean;
  dispose(): Promise<void>;
}

export type Computation =
  | { readonly state: 'pending'; readonly label: string; readonly startedAt: number }
  | { readonly state: 'done'; readonly label: string; readonly result: JobResult; readonly cancelled: boolean }
  | { readonly state: 'failed'; readonly label: string; readonly message: string };

interface Entry {
  computation: Computation;
  handle?: JobHandle;
  /** The user cancelled it (progress cancel): keep the partial result rather than restarting. */
  cancelledByUser?: boolean;
}

export interface ComputationRequest {
  readonly key: string;
  /** For people: the game or rule name, shown in progress messages. */
  readonly label: string;
  /**
   * Made when the computation starts: most requests find their key known, and 100,000 games' inputs need not be held
   * twice.
   */
  readonly job: () => Job;
  /** Rule keys the job computes: the pool prefers a worker that already has them. */
  readonly affinity: readonly string[];
}

/**
 * What the document store (documentStore.ts) needs of computations: this file's Computations (a
 * worker pool behind it), or inProcess.ts's, which computes at once in this thread.
 */
export interface ComputationSource {
  /** Starts what is not known yet; returns the current state. */
  ensure(request: ComputationRequest): Computation | undefined;
  /** The keys `owner` (a document) wants now: the rest it wanted before may be let go. */
  want(owner: string, keys: Iterable<string>): void;
  /** One key more for `owner` (a rule a hover asked for). */
  wantAlso(owner: string, key: string): void;
  /** `owner` wants nothing any more (its document closed). */
  release(owner: string): void;
}

/** Finished results kept beyond what open documents want, for undo and switching files. */
const KEEP_UNWANTED = 500;

/**
 * Every operation that runs once per computation (ensure, a finish, asking what is pending) costs
 * O(1) whatever the number of computations: a document of 100,000 games finishes 100,000 of them,
 * and a scan per finish would make that quadratic. Only edits (`want`) and user actions (cancel,
 * a new budget) walk the entries, and an edit has already walked the whole document to analyse it.
 */
export class Computations implements ComputationSource {
  private readonly entries = new Map<string, Entry>();
  private readonly wanted = new Map<string, Set<string>>();
  /** How many documents want each key (the keys of `wanted`, counted). */
  private readonly wantCount = new Map<string, number>();
  /** Pending keys in the order they started (a Set keeps insertion order): the oldest is first. */
  private readonly pendingKeys = new Set<string>();
  /** Finished keys nobody wants, least recently unwanted first: the ones to forget first. */
  private readonly unwantedDone = new Set<string>();
  private readonly shared = new SharedRuleSummaries();
  private readonly listeners: ((key: string, computation: Computation) => void)[] = [];
  /** Computations finished since this object was made: progress counts those after it began. */
  private finishedTotal = 0;
  /** The memory setting results were computed under (its change recomputes what a limit stopped). */
  private memoryMb = 0;

  constructor(
    private readonly pool: ComputationPool,
    private budgetMs: number,
  ) {}

  /** Called whenever a computation finishes (or fails): features may now show more. */
  onDidFinish(listener: (key: string, computation: Computation) => void): void {
    this.listeners.push(listener);
  }

  /** Starts what is not known yet; returns the current state. */
  ensure(request: ComputationRequest): Computation {
    const known = this.entries.get(request.key);
    if (known) return known.computation;
    const entry: Entry = { computation: { state: 'pending', label: request.label, startedAt: Date.now() } };
    this.entries.set(request.key, entry);
    this.pendingKeys.add(request.key);
    const handle = this.pool.run(request.job(), this.budgetMs, request.affinity);
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.entries.get(request.key) !== entry) return; // forgotten meanwhile
      entry.handle = undefined;
      this.pendingKeys.delete(request.key);
      this.finishedTotal++;
      if (outcome.status === 'dropped') {
        this.entries.delete(request.key);
        return;
      }
      entry.computation =
        outcome.status === 'done'
          ? {
              state: 'done',
              label: request.label,
              result: this.shared.share(outcome.result),
              cancelled: outcome.cancelled,
            }
          : { state: 'failed', label: request.label, message: outcome.message };
      // A result cut short by a cancellation nobody asked for (the document changed) is not kept.
      if (outcome.status === 'done' && outcome.cancelled && !entry.cancelledByUser) this.forget(request.key);
      else if (!this.wantCount.has(request.key)) this.unwantedDone.add(request.key);
      this.evict();
      for (const listener of this.listeners) listener(request.key, entry.computation);
    });
    return entry.computation;
  }

  /** A document now wants exactly these keys (its current version's games, graphs, hovered rules). */
  want(owner: string, keys: Iterable<string>): void {
    const previous = this.wanted.get(owner);
    const next = new Set(keys);
    this.wanted.set(owner, next);
    for (const key of next) if (!previous?.has(key)) this.addWant(key);
    if (previous) for (const key of previous) if (!next.has(key)) this.dropWant(key);
    this.cancelUnwanted();
  }

  /** Adds one key to what a document wants, until its next `want`. */
  wantAlso(owner: string, key: string): void {
    const keys = this.wanted.get(owner) ?? new Set();
    if (keys.has(key)) return;
    keys.add(key);
    this.wanted.set(owner, keys);
    this.addWant(key);
  }

  /** The documents that want a key: the ones to update when it finishes. */
  ownersOf(key: string): string[] {
    const owners: string[] = [];
    if (!this.wantCount.has(key)) return owners;
    for (const [owner, keys] of this.wanted) if (keys.has(key)) owners.push(owner);
    return owners;
  }

  release(owner: string): void {
    const keys = this.wanted.get(owner);
    if (!keys) return;
    this.wanted.delete(owner);
    for (const key of keys) this.dropWant(key);
    this.cancelUnwanted();
  }

  /** How many computations are pending. */
  get pendingCount(): number {
    return this.pendingKeys.size;
  }

  /**
   * For progress: how many are pending, since when the oldest, and the labels of the oldest few
   * (at most `labels` distinct ones, looking at no more than 64 computations).
   */
  pendingSummary(
    labels = 3,
  ): { count: number; oldestStartedAt: number; labels: string[]; finishedTotal: number } | undefined {
    const found = new Set<string>();
    let oldestStartedAt = Infinity;
    let looked = 0;
    for (const key of this.pendingKeys) {
      const c = this.entries.get(key)?.computation;
      if (c?.state !== 'pending') continue;
      oldestStartedAt = Math.min(oldestStartedAt, c.startedAt);
      found.add(c.label);
      if (found.size >= labels || ++looked >= 64) break;
    }
    if (this.pendingKeys.size === 0) return undefined;
    return { count: this.pendingKeys.size, oldestStartedAt, labels: [...found], finishedTotal: this.finishedTotal };
  }

  /** The user cancelled: every pending computation stops and keeps what it has. */
  cancelAll(): void {
    for (const key of this.pendingKeys) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      entry.cancelledByUser = true;
      entry.handle?.cancel();
    }
  }

  /**
   * A new budget: computations running under the old one start again under the new one, and
   * results cut short by the old one, or by a cancellation, are computed again. The caller asks
   * for what it needs again.
   */
  /** New limits: what they stopped or failed is computed again. */
  setBudget(budgetMs: number, memoryMb = this.memoryMb): void {
    if (budgetMs === this.budgetMs && memoryMb === this.memoryMb) return;
    this.budgetMs = budgetMs;
    this.memoryMb = memoryMb;
    for (const [key, entry] of this.entries) {
      const c = entry.computation;
      if (c.state === 'pending') entry.handle?.cancel();
      if (
        c.state === 'pending' ||
        c.state === 'failed' ||
        (c.state === 'done' && (c.cancelled || stoppedEarly(c.result)))
      )
        this.forget(key);
    }
  }

  private addWant(key: string): void {
    const count = this.wantCount.get(key) ?? 0;
    this.wantCount.set(key, count + 1);
    if (count === 0) this.unwantedDone.delete(key);
  }

  private dropWant(key: string): void {
    const count = this.wantCount.get(key) ?? 0;
    if (count > 1) {
      this.wantCount.set(key, count - 1);
      return;
    }
    this.wantCount.delete(key);
    const entry = this.entries.get(key);
    if (entry && entry.computation.state !== 'pending') this.unwantedDone.add(key);
  }

  private forget(key: string): void {
    this.entries.delete(key);
    if (this.pendingKeys.delete(key)) this.finishedTotal++; // stopped counts as finished, for progress
    this.unwantedDone.delete(key);
  }

  /** Pending work nobody wants any more stops. Walks the pending keys only. */
  private cancelUnwanted(): void {
    for (const key of this.pendingKeys) {
      if (this.wantCount.has(key)) continue;
      this.entries.get(key)?.handle?.cancel();
      this.forget(key);
    }
    this.evict();
  }

  private evict(): void {
    while (this.unwantedDone.size > KEEP_UNWANTED) {
      const oldest = this.unwantedDone.values().next().value as string;
      this.forget(oldest);
    }
  }
}

function stoppedEarly(result: JobResult): boolean {
  switch (result.kind) {
    case 'game':
      return result.game.stopped;
    case 'rule':
      return result.rule.periodicity === undefined;
    case 'sequence':
      return result.sequence.stop !== undefined;
    case 'wythoff':
      return result.table.stop !== undefined;
    case 'graph':
      return result.graph.status === 'over-budget';
    case 'reply':
    case 'gameTree':
      return false;
    case 'decimal':
      return 'stopped' in result.decimal;
    case 'quotient':
      return (result.quotient.stop !== undefined && result.quotient.stop.cause !== 'method') || !!result.genera.stop;
  }
}

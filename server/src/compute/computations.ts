// Computations by what they depend on. A game's value depends only on its plain input (rules,
// heaps, graph, row, play), not on where it is written, so results are kept by a key made of
// that input: the same game in two documents, or a game on a line that did not change while
// another line was edited, is computed once. Documents say which keys they want after each
// change; work nobody wants any more is cancelled.
import type { Job, JobResult } from './jobs';
import type { JobHandle, WorkerPool } from './pool';

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
  readonly job: Job;
  /** Rule keys the job computes: the pool prefers a worker that already has them. */
  readonly affinity: readonly string[];
}

/** Finished results kept beyond what open documents want, for undo and switching files. */
const KEEP_UNWANTED = 500;

export class Computations {
  private readonly entries = new Map<string, Entry>();
  private readonly wanted = new Map<string, Set<string>>();
  private readonly listeners: ((key: string) => void)[] = [];

  constructor(
    private readonly pool: WorkerPool,
    private budgetMs: number,
  ) {}

  /** Called whenever a computation finishes (or fails): features may now show more. */
  onDidFinish(listener: (key: string) => void): void {
    this.listeners.push(listener);
  }

  /** Starts what is not known yet; returns the current state. */
  ensure(request: ComputationRequest): Computation {
    const known = this.entries.get(request.key);
    if (known) return known.computation;
    const entry: Entry = { computation: { state: 'pending', label: request.label, startedAt: Date.now() } };
    this.entries.set(request.key, entry);
    const handle = this.pool.run(request.job, this.budgetMs, request.affinity);
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.entries.get(request.key) !== entry) return; // forgotten meanwhile
      entry.handle = undefined;
      if (outcome.status === 'dropped') {
        this.entries.delete(request.key);
        return;
      }
      entry.computation =
        outcome.status === 'done'
          ? { state: 'done', label: request.label, result: outcome.result, cancelled: outcome.cancelled }
          : { state: 'failed', label: request.label, message: outcome.message };
      // A result cut short by a cancellation nobody asked for (the document changed) is not kept.
      if (outcome.status === 'done' && outcome.cancelled && !entry.cancelledByUser) this.entries.delete(request.key);
      this.evict();
      for (const listener of this.listeners) listener(request.key);
    });
    return entry.computation;
  }

  /** A document now wants exactly these keys (its current version's games, graphs, hovered rules). */
  want(owner: string, keys: Iterable<string>): void {
    this.wanted.set(owner, new Set(keys));
    this.cancelUnwanted();
  }

  /** Adds one key to what a document wants, until its next `want`. */
  wantAlso(owner: string, key: string): void {
    const keys = this.wanted.get(owner) ?? new Set();
    keys.add(key);
    this.wanted.set(owner, keys);
  }

  /** The documents that want a key: the ones to update when it finishes. */
  ownersOf(key: string): string[] {
    const owners: string[] = [];
    for (const [owner, keys] of this.wanted) if (keys.has(key)) owners.push(owner);
    return owners;
  }

  release(owner: string): void {
    this.wanted.delete(owner);
    this.cancelUnwanted();
  }

  /** Pending computations, oldest first. */
  pending(): { key: string; label: string; startedAt: number }[] {
    const found: { key: string; label: string; startedAt: number }[] = [];
    for (const [key, entry] of this.entries) if (entry.computation.state === 'pending') found.push({ key, label: entry.computation.label, startedAt: entry.computation.startedAt });
    return found.sort((a, b) => a.startedAt - b.startedAt);
  }

  /** The user cancelled: every pending computation stops and keeps what it has. */
  cancelAll(): void {
    for (const entry of this.entries.values()) {
      if (entry.computation.state !== 'pending') continue;
      entry.cancelledByUser = true;
      entry.handle?.cancel();
    }
  }

  /**
   * A new budget: computations running under the old one start again under the new one, and
   * results cut short by the old one, or by a cancellation, are computed again. The caller asks
   * for what it needs again.
   */
  setBudget(budgetMs: number): void {
    if (budgetMs === this.budgetMs) return;
    this.budgetMs = budgetMs;
    for (const [key, entry] of this.entries) {
      const c = entry.computation;
      if (c.state === 'pending') entry.handle?.cancel();
      if (c.state === 'pending' || c.state === 'failed' || (c.state === 'done' && (c.cancelled || stoppedEarly(c.result)))) this.entries.delete(key);
    }
  }

  /** Asked for every entry on every finish (evict): stops at the first owner, allocates nothing. */
  private isWanted(key: string): boolean {
    for (const keys of this.wanted.values()) if (keys.has(key)) return true;
    return false;
  }

  private cancelUnwanted(): void {
    for (const [key, entry] of this.entries) {
      if (entry.computation.state === 'pending' && !this.isWanted(key)) {
        entry.handle?.cancel();
        this.entries.delete(key);
      }
    }
    this.evict();
  }

  private evict(): void {
    let unwanted = 0;
    for (const key of this.entries.keys()) if (!this.isWanted(key)) unwanted++;
    for (const [key, entry] of this.entries) {
      if (unwanted <= KEEP_UNWANTED) return;
      if (entry.computation.state === 'pending' || this.isWanted(key)) continue;
      this.entries.delete(key);
      unwanted--;
    }
  }
}

function stoppedEarly(result: JobResult): boolean {
  switch (result.kind) {
    case 'game':
      return result.game.stopped;
    case 'rule':
      return result.rule.periodicity === undefined;
    case 'graph':
      return result.graph.status === 'over-budget';
  }
}

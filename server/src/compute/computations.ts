// Computations by what they depend on. A game's value depends only on its plain input (rules,
// heaps, graph, row, play), not on where it is written, so results are kept by a key made of
// that input: the same game in two documents, or a game on a line that did not change while
// another line was edited, is computed once. Documents say which keys they want after each
// change; work nobody wants any more is cancelled.
//
// A game's remoteness beyond the quick search beside its value is a result of its own, searched when
// someone asks (a hover: `searchRemoteness`), not for every game: a document of thousands of games of
// heaps of thousands would otherwise search for minutes after every value was known. It is a
// `remoteness` job in the pool's background queue (after every value), whose answer completes the
// game's result (listeners are told again); pending, it counts as a computation (the status says so),
// and it stops when nobody wants the game any more (started again if the game is wanted again).
//
// A rule's misère quotient is a long result of its own, grown apart (quotientGrowths.ts): a game
// past what it covers waits for it, pending.
import { LIMITS } from '../engine/limits';
import type { Computation, ComputationPool, ComputationRequest, ComputationSource, Entry } from './computationTypes';
import { type Job, type JobResult, SharedRuleSummaries } from './jobs';
import type { JobOutcome } from './pool';
import { QuotientGrowths } from './quotientGrowths';

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
  /** Quotients growing, and the games waiting for them. */
  private readonly quotients: QuotientGrowths;
  /** By owner: each key it wants, with how many of its requests (or `wantAlso`) want it. */
  private readonly wanted = new Map<string, Map<string, number>>();
  /** By owner: the keys `wantAlso` added, wanted until its next `want` or `wantChanges`. */
  private readonly extras = new Map<string, Set<string>>();
  /** How many documents want each key (the keys of `wanted`, counted). */
  private readonly wantCount = new Map<string, number>();
  /** Pending keys in the order they started (a Set keeps insertion order): the oldest is first. */
  private readonly pendingKeys = new Set<string>();
  /** Finished keys nobody wants, least recently unwanted first: the ones to forget first. */
  private readonly unwantedDone = new Set<string>();
  private readonly shared = new SharedRuleSummaries();
  private readonly listeners: ((key: string, computation: Computation, remoteness?: boolean) => void)[] = [];
  /** Computations finished since this object was made: progress counts those after it began. */
  private finishedTotal = 0;
  /** The memory setting results were computed under (its change recomputes what a limit stopped). */
  private memoryMb = 0;

  constructor(
    private readonly pool: ComputationPool,
    private budgetMs: number,
  ) {
    // The growths see the entries and the pending keys themselves: they are this object's, shared, not copied.
    const computations = this;
    this.quotients = new QuotientGrowths({
      entries: this.entries,
      pendingKeys: this.pendingKeys,
      pool,
      get budgetMs() {
        return computations.budgetMs;
      },
      get quotientWork() {
        return computations.quotientWork;
      },
      start: (request, entry, job) => this.start(request, entry, job),
      finish: (request, entry, outcome) => this.finish(request, entry, outcome),
      ended: (key, entry) => this.ended(key, entry),
    });
  }

  /**
   * Called whenever a computation finishes (or fails): features may now show more. `remoteness`: a game's result
   * was completed by its longer remoteness search (its value, its outcome and diagnostics, are as they were).
   */
  onDidFinish(listener: (key: string, computation: Computation, remoteness?: boolean) => void): void {
    this.listeners.push(listener);
  }

  /** Starts what is not known yet; returns the current state. */
  ensure(request: ComputationRequest): Computation {
    const known = this.entries.get(request.key);
    if (known) return known.computation;
    const entry: Entry = { computation: { state: 'pending', label: request.label, startedAt: Date.now() } };
    this.entries.set(request.key, entry);
    this.pendingKeys.add(request.key);
    const job = request.job();
    // A misère game reads its rule's quotient; the quotient grows apart (see the header).
    const misere = job.kind === 'game' && job.input.play === 'misere';
    const quotients = misere ? { quotientsGrowApart: true, quotientWork: this.quotientWork } : {};
    this.start(request, entry, job.kind === 'game' ? { ...job, ...quotients, remotenessApart: true } : job);
    return entry.computation;
  }

  private start(request: ComputationRequest, entry: Entry, job: Job): void {
    // No deadline: a computation ends at its own limits of work (engine/limits.ts) or at the user's cancel, so
    // what it answers does not depend on the machine; until then its state is "computing".
    const handle = this.pool.run(job, Number.POSITIVE_INFINITY, request.affinity);
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.entries.get(request.key) !== entry) return; // forgotten meanwhile
      entry.handle = undefined;
      if (outcome.status === 'done' && !outcome.cancelled && outcome.result.kind === 'game') {
        const wanted = outcome.result.game.quotientWanted;
        if (wanted) return this.quotients.await(request, entry, job, outcome.result.game, wanted);
      }
      this.finish(request, entry, outcome);
    });
  }

  private finish(request: ComputationRequest, entry: Entry, outcome: JobOutcome): void {
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
  }

  /** Asks for the longer remoteness search of a game whose value is known and its remoteness pending (a hover). */
  searchRemoteness(request: ComputationRequest): void {
    const entry = this.entries.get(request.key);
    if (entry) this.startRemoteness(request.key, entry, request);
  }

  /** A game whose remoteness the quick search left pending: the longer search, in the background (see the header). */
  private startRemoteness(gameKey: string, game: Entry, request: ComputationRequest): void {
    const c = game.computation;
    if (c.state !== 'done' || c.result.kind !== 'game' || !c.result.game.remotenessPending) return;
    const key = `remoteness ${gameKey}`;
    if (this.entries.has(key)) return;
    const job = request.job();
    if (job.kind !== 'game') return;
    const entry: Entry = {
      computation: { state: 'pending', label: `remoteness of ${request.label}`, startedAt: Date.now() },
      remotenessOf: gameKey,
    };
    this.entries.set(key, entry);
    this.pendingKeys.add(key);
    game.remotenessRequest = request;
    const handle = this.pool.run({ kind: 'remoteness', input: job.input }, Number.POSITIVE_INFINITY, [], true);
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.entries.get(key) !== entry) return; // forgotten meanwhile (its game edited away, or closed)
      this.entries.delete(key);
      if (this.pendingKeys.delete(key)) this.finishedTotal++;
      const now = this.entries.get(gameKey);
      const done = now?.computation;
      if (done?.state !== 'done' || done.result.kind !== 'game' || outcome.status === 'dropped') return;
      const { remotenessPending: _, ...result } = done.result.game;
      const found =
        outcome.status === 'done' && outcome.result.kind === 'remoteness' ? outcome.result.remoteness : null;
      const game =
        found === null
          ? { ...result, remotenessReason: outcome.status === 'failed' ? outcome.message.split('\n')[0] : 'cancelled' }
          : 'moves' in found
            ? { ...result, remoteness: found.moves }
            : { ...result, remotenessReason: found.reason };
      (now as Entry).computation = { ...done, result: { kind: 'game', game } };
      (now as Entry).remotenessRequest = undefined;
      for (const listener of this.listeners) listener(gameKey, (now as Entry).computation, true);
    });
  }

  /** A growth's entry ended (quotientGrowths.ts): it is pending no more, and listeners are told. */
  private ended(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    if (this.pendingKeys.delete(key)) this.finishedTotal++;
    for (const listener of this.listeners) listener(key, entry.computation);
  }

  /** A document now wants exactly these keys (its current version's games, graphs, hovered rules). */
  want(owner: string, keys: Iterable<string>): void {
    const previous = this.wanted.get(owner);
    const next = new Map<string, number>();
    for (const key of keys) next.set(key, (next.get(key) ?? 0) + 1);
    this.wanted.set(owner, next);
    this.extras.delete(owner);
    for (const key of next.keys()) if (!previous?.has(key)) this.addWant(key);
    if (previous) for (const key of previous.keys()) if (!next.has(key)) this.dropWant(key);
    this.cancelUnwanted();
  }

  /**
   * An edit's change to what a document wants, in time proportional to the change: a keystroke in a document of
   * thousands of games made a set of every key and compared it with the last (half a millisecond a keystroke).
   */
  wantChanges(owner: string, added: readonly string[], removed: readonly string[]): void {
    const keys = this.wanted.get(owner) ?? new Map<string, number>();
    this.wanted.set(owner, keys);
    const dropOne = (key: string) => {
      const count = keys.get(key) ?? 0;
      if (count > 1) keys.set(key, count - 1);
      else if (count === 1) {
        keys.delete(key);
        this.dropWant(key);
      }
    };
    // Added first: a key both added and removed (a game replaced by one alike) is never let go in between.
    for (const key of added) {
      const count = keys.get(key) ?? 0;
      keys.set(key, count + 1);
      if (count === 0) this.addWant(key);
    }
    for (const key of removed) dropOne(key);
    const extras = this.extras.get(owner);
    this.extras.delete(owner);
    if (extras) for (const key of extras) dropOne(key);
    this.cancelUnwanted();
  }

  /** Adds one key to what a document wants, until its next `want` or `wantChanges`. */
  wantAlso(owner: string, key: string): void {
    const keys = this.wanted.get(owner) ?? new Map<string, number>();
    if (keys.has(key)) return;
    keys.set(key, 1);
    this.wanted.set(owner, keys);
    const extras = this.extras.get(owner) ?? new Set<string>();
    extras.add(key);
    this.extras.set(owner, extras);
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
    this.extras.delete(owner);
    for (const key of keys.keys()) this.dropWant(key);
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

  /**
   * The user cancelled: every pending computation stops and keeps what it has (a quotient's growth
   * too: the games waiting for it say where it stopped).
   */
  cancelAll(): void {
    for (const key of this.pendingKeys) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      entry.cancelledByUser = true;
      entry.handle?.cancel();
    }
  }

  /** The work a quotient may do for games: the same heap reached on every machine. */
  private get quotientWork(): number {
    return LIMITS.quotientWork;
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
    if (count > 0) return;
    this.unwantedDone.delete(key);
    // Its remoteness search stopped when it was let go: wanted again, it goes on.
    const entry = this.entries.get(key);
    if (entry?.remotenessRequest) this.startRemoteness(key, entry, entry.remotenessRequest);
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
    const entry = this.entries.get(key);
    if (entry?.remotenessRequest && this.entries.has(`remoteness ${key}`)) {
      this.entries.get(`remoteness ${key}`)?.handle?.cancel();
      this.forget(`remoteness ${key}`);
    }
    this.entries.delete(key);
    if (this.pendingKeys.delete(key)) this.finishedTotal++; // stopped counts as finished, for progress
    this.unwantedDone.delete(key);
    if (entry?.growth) {
      // The worker keeps what it grew: a later growth of the rule resumes it.
      entry.handle?.cancel();
      this.quotients.forgotten(entry.growth);
    }
    const growth = entry?.waiting?.growth;
    if (growth?.waiters.delete(key) && growth.waiters.size === 0) this.forget(growth.key);
  }

  /** Pending work nobody wants any more stops. Walks the pending keys only. */
  private cancelUnwanted(): void {
    for (const key of this.pendingKeys) {
      // A growth goes on while a wanted game waits for it (forget stops it with its last game), a remoteness search
      // while its game is wanted.
      const entry = this.entries.get(key);
      if (this.wantCount.has(key) || entry?.growth) continue;
      if (entry?.remotenessOf !== undefined && this.wantCount.has(entry.remotenessOf)) continue;
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
    case 'movesTable':
      return result.table.stop !== undefined;
    case 'graph':
      return result.graph.status === 'over-budget';
    case 'reply':
    case 'gameTree':
    case 'quotientGrowth':
    case 'remoteness':
      return false;
    case 'decimal':
      return 'stopped' in result.decimal;
    case 'quotient':
      return (result.quotient.stop !== undefined && result.quotient.stop.cause !== 'method') || !!result.genera.stop;
    case 'jointQuotient':
      return result.quotient.stop !== undefined && result.quotient.stop.cause !== 'method';
  }
}

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
// A rule's misère quotient is a long result of its own: grown once per rule, in the background,
// in slices (a `quotientGrowth` job each, resumed by the next where it stopped: the pool runs them
// all on the worker that holds the quotient, pool.ts's pins), for as long as some wanted game waits
// for it. A slice begins no heap after SLICE_MS but finishes the heap in progress within the
// computation budget (a heap cut short is redone from its start: lost work). A misère game of one
// rule's heaps only reads the quotient (Job `quotientsGrowApart`); when it lies past what the
// quotient covers so far, the game stays pending ("computing the misère quotient of kayles… (heap
// 65 so far)") and is computed again when the growth gets past its heaps. Slices share their
// worker's time with the other jobs, so one rule's endless growth starves nothing; a slice that
// added no heap (one heap may take longer than a budget) makes the next twice as long, so every
// heap is reached, with at most as much work lost as done (while another rule's quotient grows
// too, only the one with the shorter slices doubles: they take turns, neither holding a worker
// much longer than the other). Only a
// true end finishes a waiting game unknown: the user's cancel, the memory limit, the quotient's
// own limits (misere/quotient.ts: MAX_QUOTIENT_SIZE and the exact check's states), or the work a
// quotient may do for games under the budget (quotientWorkFor: counted, not timed, so the heap it
// stops at is the same on every machine; Dawson's Kayles stops at heap 33 with the default budget).
import { quotientWorkFor } from '../engine/misere';
import type { HeapRule } from '../engine/types';
import { type GameResult, type Job, type JobResult, type QuotientGrowth, SharedRuleSummaries } from './jobs';
import type { JobHandle, JobOutcome } from './pool';

/** What computations need of a pool (pool.ts's WorkerPool): tests may give a pool of their own. */
export interface ComputationPool {
  /** `background`: after every other queued job (pool.ts). */
  run(job: Job, budgetMs: number, affinity?: readonly string[], background?: boolean): JobHandle;
  /** The memory all computations may take together, in MiB (pool.ts). */
  setMemoryMb?(memoryMb: number): void;
  /** False where a cancelled running job loses what it found (pool.ts, workers that share no memory); default true. */
  readonly cancelKeepsResults?: boolean;
  dispose(): Promise<void>;
}

export type Computation =
  | {
      readonly state: 'pending';
      readonly label: string;
      readonly startedAt: number;
      /** Waiting for a rule's misère quotient to grow (read when shown: it changes as it grows). */
      readonly quotient?: QuotientProgress;
    }
  | { readonly state: 'done'; readonly label: string; readonly result: JobResult; readonly cancelled: boolean }
  | { readonly state: 'failed'; readonly label: string; readonly message: string };

interface Entry {
  computation: Computation;
  handle?: JobHandle;
  /** The user cancelled it (progress cancel): keep the partial result rather than restarting. */
  cancelledByUser?: boolean;
  /** A game waiting for a quotient's growth: the growth, the heap it needs, its job and last result. */
  waiting?: { readonly growth: Growth; readonly to: number; readonly job: Job; readonly result: GameResult };
  /** The entry of a quotient's growth (pending while it grows). */
  growth?: Growth;
  /** The entry of a game's longer remoteness search: the game's key. */
  remotenessOf?: string;
  /** A game whose remoteness is searched apart: its request, to search again when it is wanted again. */
  remotenessRequest?: ComputationRequest;
}

/** How far a rule's misère quotient has grown, for the games that wait for it (and people). */
export interface QuotientProgress {
  /** The rule as the document names it. */
  readonly ruleName: string;
  heaps: number;
}

/** A rule's quotient growing in slices (see the header). */
interface Growth extends QuotientProgress {
  readonly key: string;
  readonly ruleKey: string;
  readonly rule: HeapRule;
  /** The games waiting for it, by key (their requests, to run them again). */
  readonly waiters: Map<string, ComputationRequest>;
  sliceMs: number;
  /** The time its slices were given so far, in ms. */
  spentMs: number;
}

/**
 * A slice of a quotient's growth (or the computation budget, when smaller): the pinned games of the
 * rule wait at most about this long behind it. A slice that added no heap makes the next twice as long.
 */
const SLICE_MS = 1000;

/**
 * A safety net under the work limit (quotientWorkFor, which ends a growth after about one budget of
 * work on the reference machine): a growth that has not covered its games after this many
 * computation budgets (and at least GROWTH_FLOOR_MS) of slices ends, and its games say where the
 * quotient stopped. Only a machine ten times slower than the reference, or a rule whose work the
 * meters undercount tenfold, meets it.
 */
const GROWTH_BUDGETS = 10;
const GROWTH_FLOOR_MS = 60_000;

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
  /** The name the document gives the rule of this key, for people (a game's rules). */
  ruleName?(ruleKey: string): string | undefined;
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
  /**
   * What `owner` wants changed by an edit: one request more for each key `added`, one fewer for each key `removed`
   * (a key may stand for several requests: two games alike), and the keys `wantAlso` gave let go.
   */
  wantChanges(owner: string, added: readonly string[], removed: readonly string[]): void;
  /** One key more for `owner` (a rule a hover asked for). */
  wantAlso(owner: string, key: string): void;
  /** `owner` wants nothing any more (its document closed). */
  release(owner: string): void;
  /** The longer remoteness search of a known game whose remoteness is pending (GameResult.remotenessPending). */
  searchRemoteness?(request: ComputationRequest): void;
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
  /** Quotients growing, by rule key. */
  private readonly growths = new Map<string, Growth>();
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
  ) {}

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
    const handle = this.pool.run(job, this.budgetMs, request.affinity);
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.entries.get(request.key) !== entry) return; // forgotten meanwhile
      entry.handle = undefined;
      if (outcome.status === 'done' && !outcome.cancelled && outcome.result.kind === 'game') {
        const wanted = outcome.result.game.quotientWanted;
        if (wanted) return this.awaitQuotient(request, entry, job, outcome.result.game, wanted);
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
    const handle = this.pool.run({ kind: 'remoteness', input: job.input }, this.budgetMs, [], true);
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

  /** A game past what its rule's quotient covers: pending until the quotient's growth gets there. */
  private awaitQuotient(
    request: ComputationRequest,
    entry: Entry,
    job: Job,
    result: GameResult,
    wanted: { ruleKey: string; rule: HeapRule; to: number; heaps: number },
  ): void {
    let growth = this.growths.get(wanted.ruleKey);
    if (!growth) {
      growth = {
        key: `quotient growth ${wanted.ruleKey}`,
        ruleKey: wanted.ruleKey,
        rule: wanted.rule,
        ruleName: request.ruleName?.(wanted.ruleKey) ?? wanted.ruleKey,
        heaps: wanted.heaps,
        waiters: new Map(),
        sliceMs: this.sliceMs,
        spentMs: 0,
      };
      this.growths.set(wanted.ruleKey, growth);
      const growthEntry: Entry = { computation: { state: 'pending', label: '', startedAt: Date.now() }, growth };
      this.entries.set(growth.key, growthEntry);
      this.pendingKeys.add(growth.key);
    }
    growth.waiters.set(request.key, request);
    entry.waiting = { growth, to: wanted.to, job, result };
    entry.computation = { ...entry.computation, quotient: growth } as Computation;
    const growthEntry = this.entries.get(growth.key) as Entry;
    this.labelGrowth(growthEntry);
    if (!growthEntry.handle) this.growSlice(growthEntry);
  }

  private labelGrowth(entry: Entry): void {
    const growth = entry.growth as Growth;
    const first = growth.waiters.keys().next().value;
    const game = first === undefined ? undefined : this.entries.get(first)?.computation.label;
    const more = growth.waiters.size > 1 ? ` and ${growth.waiters.size - 1} more` : '';
    const label = `misère quotient of ${growth.ruleName}, for game ${game ?? '?'}${more} (heap ${growth.heaps} so far)`;
    const started = entry.computation.state === 'pending' ? entry.computation.startedAt : Date.now();
    entry.computation = { state: 'pending', label, startedAt: started };
  }

  /** The next slice of a growth, toward the largest heap its games need. */
  private growSlice(entry: Entry): void {
    const growth = entry.growth as Growth;
    let to = 0;
    for (const key of growth.waiters.keys()) to = Math.max(to, this.entries.get(key)?.waiting?.to ?? 0);
    // The slice begins no heap after sliceMs but finishes the one in progress within the budget: a heap
    // cut short is done again from its start, so a hard end at sliceMs would throw work away.
    const job: Job = {
      kind: 'quotientGrowth',
      rule: growth.rule,
      to,
      work: this.quotientWork,
      sliceMs: growth.sliceMs,
    };
    const hardMs = Math.max(this.budgetMs, growth.sliceMs);
    const handle = this.pool.run(job, hardMs, [growth.ruleKey]);
    const before = growth.heaps;
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.entries.get(growth.key) !== entry) return; // forgotten meanwhile
      entry.handle = undefined;
      if (outcome.status === 'dropped' && !entry.cancelledByUser) return this.endGrowth(entry);
      if (outcome.status === 'failed') {
        // Its worker died (the memory limit): a true end for every game waiting.
        for (const [key, request] of growth.waiters) {
          const waiter = this.entries.get(key);
          if (!waiter) continue;
          waiter.waiting = undefined;
          this.finish(request, waiter, {
            status: 'failed',
            message: `the misère quotient of ${growth.ruleName}: ${outcome.message}`,
          });
        }
        growth.waiters.clear();
        return this.endGrowth(entry);
      }
      // Dropped: the user's cancel reached it while it was queued, where it got nowhere.
      const grown: QuotientGrowth =
        outcome.status === 'done'
          ? (outcome.result as { growth: QuotientGrowth }).growth
          : { ruleKey: growth.ruleKey, heaps: growth.heaps, size: 0, reached: false };
      // A slice that added no heap: the next is twice as long (one heap may need more than a slice),
      // unless another rule's quotient grows with shorter slices (the two may share a worker: their
      // slices stay within twice each other, and the one with the shortest may always double, so
      // every heap is reached), and not past a computation's budget while other computations wait
      // (they may be waiting for the same worker; they end, and then it doubles). One that added
      // heaps keeps its length.
      const growths = [...this.growths.values()];
      const shortest = growths.every((g) => g === growth || growth.sliceMs <= g.sliceMs);
      const waiting = growths.reduce((n, g) => n + g.waiters.size, 0);
      const othersPending = this.pendingKeys.size - growths.length - waiting > 0;
      const cap = othersPending ? Math.max(this.budgetMs, this.sliceMs, growth.sliceMs) : 2 ** 30;
      // Its time, for the safety net: a slice that added heaps had about sliceMs, one that did not its whole budget.
      growth.spentMs += grown.heaps > before ? growth.sliceMs : hardMs;
      if (grown.heaps <= growth.heaps && shortest) growth.sliceMs = Math.min(2 * growth.sliceMs, cap);
      growth.heaps = grown.heaps;
      if (outcome.status === 'dropped' || outcome.cancelled) {
        // The user's cancel: the games waiting keep what they had, said unknown.
        const reason = `the misère quotient of ${growth.ruleName} was cancelled at heap ${grown.heaps}`;
        return this.endWaiting(entry, reason, true);
      }
      // Games it now covers (every one, when it proved its period or will grow no more) run again.
      for (const [key, request] of growth.waiters) {
        const waiter = this.entries.get(key);
        if (!waiter?.waiting) {
          growth.waiters.delete(key);
          continue;
        }
        // `reached`: to the largest heap asked for, or proved for every heap.
        if (!grown.ended && !grown.reached && waiter.waiting.to > grown.heaps) continue;
        growth.waiters.delete(key);
        const { job: again } = waiter.waiting;
        waiter.waiting = undefined;
        const startedAt = waiter.computation.state === 'pending' ? waiter.computation.startedAt : Date.now();
        waiter.computation = { state: 'pending', label: request.label, startedAt };
        this.start(request, waiter, again);
      }
      if (growth.waiters.size === 0) return this.endGrowth(entry);
      const allowedMs = Math.max(GROWTH_BUDGETS * this.budgetMs, GROWTH_FLOOR_MS);
      if (growth.spentMs >= allowedMs) {
        // Its share is spent: the games still waiting say where the quotient stopped, and rest.
        const seconds = Math.round(growth.spentMs / 1000).toLocaleString('en-US');
        const reason =
          `the misère quotient of ${growth.ruleName} stops at heap ${grown.heaps}: its growth had ${seconds} s ` +
          `(${GROWTH_BUDGETS} computation budgets) and did not reach the heaps this game needs`;
        return this.endWaiting(entry, reason, false);
      }
      this.labelGrowth(entry);
      this.growSlice(entry);
    });
  }

  /**
   * Ends a growth before it covered its games: each game still waiting keeps the result it had,
   * with `reason` added (the user's cancel, or the growth's share spent), and the growth ends.
   */
  private endWaiting(entry: Entry, reason: string, cancelled: boolean): void {
    const growth = entry.growth as Growth;
    for (const [key, request] of growth.waiters) {
      const waiter = this.entries.get(key);
      if (!waiter?.waiting) continue;
      const { result } = waiter.waiting;
      waiter.waiting = undefined;
      if (cancelled) waiter.cancelledByUser = true;
      const { quotientWanted: _, ...rest } = result;
      const game: GameResult = { ...rest, reason: result.reason ? `${result.reason}; ${reason}` : reason };
      this.finish(request, waiter, { status: 'done', result: { kind: 'game', game }, cancelled });
    }
    growth.waiters.clear();
    this.endGrowth(entry);
  }

  private endGrowth(entry: Entry): void {
    const growth = entry.growth as Growth;
    if (this.growths.get(growth.ruleKey) === growth) this.growths.delete(growth.ruleKey);
    if (this.entries.get(growth.key) === entry) this.entries.delete(growth.key);
    if (this.pendingKeys.delete(growth.key)) this.finishedTotal++;
    for (const listener of this.listeners) listener(growth.key, entry.computation);
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

  /** The work a quotient may do for games under the current budget: the same heap reached on every machine. */
  private get quotientWork(): number {
    return quotientWorkFor(this.budgetMs);
  }

  private get sliceMs(): number {
    return Math.min(this.budgetMs, SLICE_MS);
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
      if (this.growths.get(entry.growth.ruleKey) === entry.growth) this.growths.delete(entry.growth.ruleKey);
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
  }
}

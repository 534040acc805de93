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
// much longer than the other). Only a true end finishes a waiting game unknown: the user's cancel,
// the memory limit, the quotient's own limits (misere/quotient.ts: MAX_QUOTIENT_SIZE and the exact
// check's states), or the work a quotient may do for games (engine/limits.ts: counted, not timed,
// so the heap it stops at is the same on every machine). No clock ever ends a growth.
import type { HeapRule } from '../engine/types';
import type { Computation, ComputationPool, ComputationRequest, Entry, Growth } from './computationTypes';
import type { GameResult, Job, QuotientGrowth } from './jobs';
import type { JobOutcome } from './pool';

/**
 * A slice of a quotient's growth (or the computation budget, when smaller): the pinned games of the
 * rule wait at most about this long behind it. A slice that added no heap makes the next twice as long.
 */
const SLICE_MS = 1000;

/** What a growth needs of the computations it serves (computations.ts): their entries, how they start and end. */
export interface GrowthHost {
  readonly entries: Map<string, Entry>;
  /** Pending keys in the order they started (a growth is one of them while it grows). */
  readonly pendingKeys: Set<string>;
  readonly pool: ComputationPool;
  readonly budgetMs: number;
  /** The work a quotient may do for games (engine/limits.ts): it ends every growth, on every machine alike. */
  readonly quotientWork: number;
  /** Runs a game's job (again): its outcome may wait for a quotient again. */
  start(request: ComputationRequest, entry: Entry, job: Job): void;
  finish(request: ComputationRequest, entry: Entry, outcome: JobOutcome): void;
  /** A growth's entry ended: no longer pending, its listeners told. */
  ended(key: string, entry: Entry): void;
}

/** The quotients growing, by rule key, and the games that wait for them (see the header). */
export class QuotientGrowths {
  private readonly growths = new Map<string, Growth>();

  constructor(private readonly host: GrowthHost) {}

  /** A growth's entry was forgotten (its last game let go): the worker keeps what it grew, for a later growth. */
  forgotten(growth: Growth): void {
    if (this.growths.get(growth.ruleKey) === growth) this.growths.delete(growth.ruleKey);
  }

  private get firstSliceMs(): number {
    return Math.min(this.host.budgetMs, SLICE_MS);
  }

  /** A game past what its rule's quotient covers: pending until the quotient's growth gets there. */
  await(
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
        sliceMs: this.firstSliceMs,
      };
      this.growths.set(wanted.ruleKey, growth);
      const growthEntry: Entry = { computation: { state: 'pending', label: '', startedAt: Date.now() }, growth };
      this.host.entries.set(growth.key, growthEntry);
      this.host.pendingKeys.add(growth.key);
    }
    growth.waiters.set(request.key, request);
    entry.waiting = { growth, to: wanted.to, job, result };
    entry.computation = { ...entry.computation, quotient: growth } as Computation;
    const growthEntry = this.host.entries.get(growth.key) as Entry;
    this.label(growthEntry);
    if (!growthEntry.handle) this.slice(growthEntry);
  }

  private label(entry: Entry): void {
    const growth = entry.growth as Growth;
    const first = growth.waiters.keys().next().value;
    const game = first === undefined ? undefined : this.host.entries.get(first)?.computation.label;
    const more = growth.waiters.size > 1 ? ` and ${growth.waiters.size - 1} more` : '';
    const label = `misère quotient of ${growth.ruleName}, for game ${game ?? '?'}${more} (heap ${growth.heaps} so far)`;
    const started = entry.computation.state === 'pending' ? entry.computation.startedAt : Date.now();
    entry.computation = { state: 'pending', label, startedAt: started };
  }

  /** The next slice of a growth, toward the largest heap its games need. */
  private slice(entry: Entry): void {
    const growth = entry.growth as Growth;
    let to = 0;
    for (const key of growth.waiters.keys()) to = Math.max(to, this.host.entries.get(key)?.waiting?.to ?? 0);
    // The slice begins no heap after sliceMs but finishes the one in progress within the budget: a heap
    // cut short is done again from its start, so a hard end at sliceMs would throw work away.
    const job: Job = {
      kind: 'quotientGrowth',
      rule: growth.rule,
      to,
      work: this.host.quotientWork,
      sliceMs: growth.sliceMs,
    };
    const hardMs = Math.max(this.host.budgetMs, growth.sliceMs);
    const handle = this.host.pool.run(job, hardMs, [growth.ruleKey]);
    entry.handle = handle;
    void handle.outcome.then((outcome) => {
      if (this.host.entries.get(growth.key) !== entry) return; // forgotten meanwhile
      entry.handle = undefined;
      if (outcome.status === 'dropped' && !entry.cancelledByUser) return this.end(entry);
      if (outcome.status === 'failed') {
        // Its worker died (the memory limit): a true end for every game waiting.
        for (const [key, request] of growth.waiters) {
          const waiter = this.host.entries.get(key);
          if (!waiter) continue;
          waiter.waiting = undefined;
          this.host.finish(request, waiter, {
            status: 'failed',
            message: `the misère quotient of ${growth.ruleName}: ${outcome.message}`,
          });
        }
        growth.waiters.clear();
        return this.end(entry);
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
      const othersPending = this.host.pendingKeys.size - growths.length - waiting > 0;
      const cap = othersPending ? Math.max(this.host.budgetMs, this.firstSliceMs, growth.sliceMs) : 2 ** 30;
      if (grown.heaps <= growth.heaps && shortest) growth.sliceMs = Math.min(2 * growth.sliceMs, cap);
      growth.heaps = grown.heaps;
      if (outcome.status === 'dropped' || outcome.cancelled) {
        // The user's cancel: the games waiting keep what they had, said unknown.
        const reason = `the misère quotient of ${growth.ruleName} was cancelled at heap ${grown.heaps}`;
        return this.endWaiting(entry, reason, true);
      }
      // Games it now covers (every one, when it proved its period or will grow no more) run again.
      for (const [key, request] of growth.waiters) {
        const waiter = this.host.entries.get(key);
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
        this.host.start(request, waiter, again);
      }
      if (growth.waiters.size === 0) return this.end(entry);
      this.label(entry);
      this.slice(entry);
    });
  }

  /**
   * Ends a growth before it covered its games: each game still waiting keeps the result it had,
   * with `reason` added (the user's cancel), and the growth ends.
   */
  private endWaiting(entry: Entry, reason: string, cancelled: boolean): void {
    const growth = entry.growth as Growth;
    for (const [key, request] of growth.waiters) {
      const waiter = this.host.entries.get(key);
      if (!waiter?.waiting) continue;
      const { result } = waiter.waiting;
      waiter.waiting = undefined;
      if (cancelled) waiter.cancelledByUser = true;
      const { quotientWanted: _, ...rest } = result;
      const game: GameResult = { ...rest, reason: result.reason ? `${result.reason}; ${reason}` : reason };
      this.host.finish(request, waiter, { status: 'done', result: { kind: 'game', game }, cancelled });
    }
    growth.waiters.clear();
    this.end(entry);
  }

  private end(entry: Entry): void {
    const growth = entry.growth as Growth;
    if (this.growths.get(growth.ruleKey) === growth) this.growths.delete(growth.ruleKey);
    this.host.ended(growth.key, entry);
  }
}

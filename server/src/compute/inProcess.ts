// Computations run at once, in this thread, each within its limits of work: what the document store
// (documentStore.ts) needs of computations when there is no worker pool (tests that call features
// directly, a one-shot tool). A value is known as soon as it is asked for.
import { createEngineCache, type EngineCache } from '../engine';
import { LIMITS } from '../engine/limits';
import { cachedMisereQuotient } from '../engine/misere';
import type { Budget } from '../engine/types';
import type { Computation, ComputationRequest, ComputationSource } from './computationTypes';
import { type Job, type JobResult, runJob } from './jobs';

export interface InProcessLimits {
  /** Values one computation may compute (Budget.maxValues): a limit of work, the same on any machine. */
  readonly maxValues?: number;
  /** A deadline for each computation, in milliseconds: only for tests of what a deadline does. None by default. */
  readonly budgetMs?: number;
  /**
   * A misère game past what it grew of its rule's misère quotient has the quotient grown here to its limit of
   * work (LIMITS.quotientWork), then is computed again, as the server grows it in the background for its games.
   */
  readonly growQuotients?: boolean;
}

export class InProcessComputations implements ComputationSource {
  private readonly results = new Map<string, JobResult>();

  constructor(
    private readonly limits: InProcessLimits = { maxValues: 20_000 },
    private readonly cache: EngineCache = createEngineCache(),
  ) {}

  ensure(request: ComputationRequest): Computation {
    let result = this.results.get(request.key);
    if (!result) {
      const budget = (): Budget => ({
        ...(this.limits.maxValues !== undefined ? { maxValues: this.limits.maxValues } : {}),
        ...(this.limits.budgetMs !== undefined ? { deadline: Date.now() + this.limits.budgetMs } : {}),
      });
      const job = request.job();
      if (this.limits.growQuotients && job.kind === 'game' && job.input.play === 'misere') {
        const quotientWork = LIMITS.quotientWork;
        const reading: Job = { ...job, quotientsGrowApart: true, quotientWork };
        result = runJob(reading, budget(), this.cache);
        const wanted = result.kind === 'game' ? result.game.quotientWanted : undefined;
        if (wanted) {
          cachedMisereQuotient(this.cache, wanted.rule, wanted.ruleKey, {}, { to: wanted.to, workLimit: quotientWork });
          result = runJob(reading, budget(), this.cache);
        }
        if (result.kind === 'game' && result.game.quotientWanted) {
          const { quotientWanted: _, ...game } = result.game;
          result = { kind: 'game', game };
        }
      } else result = runJob(job, budget(), this.cache);
      // Remoteness: the quick search beside each value only (a feature test's thousand documents must not wait for
      // the longer one; its reason says the limit it met, in moves).
      this.results.set(request.key, result);
    }
    return { state: 'done', label: request.label, result, cancelled: false };
  }

  // Every result is kept while this object lives: there is nothing to start or to let go.
  want(): void {}
  wantChanges(): void {}
  wantAlso(): void {}
  release(): void {}
}

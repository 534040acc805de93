// Computations run at once, in this thread, each within a budget: what the document store
// (documentStore.ts) needs of computations when there is no worker pool (tests that call features
// directly, a one-shot tool). A value is known as soon as it is asked for.
import { createEngineCache, type EngineCache } from '../engine';
import { cachedMisereQuotient, quotientWorkFor } from '../engine/misere';
import type { Budget } from '../engine/types';
import type { Computation, ComputationRequest, ComputationSource } from './computationTypes';
import { type Job, type JobResult, runJob } from './jobs';

export interface InProcessLimits {
  /** Values one computation may compute (Budget.maxValues); no bound but the time when absent. */
  readonly maxValues?: number;
  /** Time one computation may take, in milliseconds. */
  readonly budgetMs: number;
  /**
   * When set: a misère game past what its share grew of its rule's misère quotient has the
   * quotient grow here for up to this long, then is computed again (the server grows it in the background, for as
   * long as it takes): a test then waits for a long result instead of racing the game's budget. The quotient
   * does the work of this long (quotientWorkFor) at most, as the server's does of its budget.
   */
  readonly quotientMs?: number;
}

export class InProcessComputations implements ComputationSource {
  private readonly results = new Map<string, JobResult>();

  constructor(
    private readonly limits: InProcessLimits = { maxValues: 20_000, budgetMs: 1000 },
    private readonly cache: EngineCache = createEngineCache(),
  ) {}

  ensure(request: ComputationRequest): Computation {
    let result = this.results.get(request.key);
    if (!result) {
      const budget = (): Budget => ({ maxValues: this.limits.maxValues, deadline: Date.now() + this.limits.budgetMs });
      const job = request.job();
      const quotientMs = this.limits.quotientMs;
      if (quotientMs !== undefined && job.kind === 'game' && job.input.play === 'misere') {
        const quotientWork = quotientWorkFor(quotientMs);
        const reading: Job = { ...job, quotientsGrowApart: true, quotientWork };
        result = runJob(reading, budget(), this.cache);
        const wanted = result.kind === 'game' ? result.game.quotientWanted : undefined;
        if (wanted) {
          const growth = { deadline: Date.now() + quotientMs };
          cachedMisereQuotient(this.cache, wanted.rule, wanted.ruleKey, growth, {
            to: wanted.to,
            workLimit: quotientWork,
          });
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

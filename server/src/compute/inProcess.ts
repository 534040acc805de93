// Computations run at once, in this thread, each within a budget: what the document store
// (documentStore.ts) needs of computations when there is no worker pool (tests that call features
// directly, a one-shot tool). A value is known as soon as it is asked for.
import { createEngineCache, type EngineCache } from '../engine';
import type { Budget } from '../engine/types';
import type { Computation, ComputationRequest, ComputationSource } from './computations';
import { type JobResult, runJob } from './jobs';

export interface InProcessLimits {
  /** Values one computation may compute (Budget.maxValues); no bound but the time when absent. */
  readonly maxValues?: number;
  /** Time one computation may take, in milliseconds. */
  readonly budgetMs: number;
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
      const budget: Budget = { maxValues: this.limits.maxValues, deadline: Date.now() + this.limits.budgetMs };
      result = runJob(request.job(), budget, this.cache);
      this.results.set(request.key, result);
    }
    return { state: 'done', label: request.label, result, cancelled: false };
  }

  // Every result is kept while this object lives: there is nothing to start or to let go.
  want(): void {}
  wantAlso(): void {}
  release(): void {}
}

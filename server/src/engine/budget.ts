// How long computations learn that they must stop. The clock and the cancellation callback are
// polled only every few thousand units of work: reading them costs far more than a DP step.
import type { Budget, StopCause } from './types';

/**
 * The most values one sequence may hold, whatever the budget says, so that a budget without a
 * deadline (or a huge `maxValues`) cannot run the process out of memory: 2^25 heap values is at
 * most 128 MiB even when they are stored as 32-bit numbers.
 */
export const MAX_SEQUENCE_LENGTH = 1 << 25;

export function describeStop(cause: StopCause): string {
  switch (cause) {
    case 'cancelled':
      return 'cancelled';
    case 'deadline':
      return 'out of time';
    case 'max-values':
      return 'the value budget ran out';
    case 'size-limit':
      return `the size limit of ${MAX_SEQUENCE_LENGTH} values was reached`;
  }
}

/** How many values a computation may produce under `budget`, never more than `hardLimit`. */
export function valueLimit(budget: Budget, hardLimit = MAX_SEQUENCE_LENGTH): { limit: number; cause: StopCause } {
  const wanted = budget.maxValues;
  if (wanted !== undefined && wanted < hardLimit) return { limit: Math.max(0, Math.floor(wanted)), cause: 'max-values' };
  return { limit: hardLimit, cause: 'size-limit' };
}

/** Counts work and, every `pollEvery` units, asks the budget's clock and cancellation callback. */
export class Meter {
  private sincePoll = 0;
  private stoppedBy: StopCause | undefined;

  constructor(
    private readonly budget: Budget,
    private readonly pollEvery = 4096,
  ) {}

  /** Records `units` of work; returns why to stop, or undefined to go on. Once stopped, stays stopped. */
  spend(units: number): StopCause | undefined {
    if (this.stoppedBy) return this.stoppedBy;
    this.sincePoll += units;
    if (this.sincePoll < this.pollEvery) return undefined;
    this.sincePoll = 0;
    return this.poll();
  }

  /** Asks the clock and the cancellation callback now. */
  poll(): StopCause | undefined {
    if (this.stoppedBy) return this.stoppedBy;
    if (this.budget.isCancelled?.()) this.stoppedBy = 'cancelled';
    else if (this.budget.deadline !== undefined && Date.now() > this.budget.deadline) this.stoppedBy = 'deadline';
    return this.stoppedBy;
  }
}

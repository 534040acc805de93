// How long computations learn that they must stop. The clock and the cancellation callback are
// polled only every few thousand units of work: reading them costs far more than a DP step.
import type { Budget, StopCause } from './types';

/**
 * The memory one sequence may take unless the budget says otherwise (`maxSequenceBytes`), so that a
 * budget without a deadline (or a huge `maxValues`) cannot run the process out of memory: 1 GiB is
 * 2^28 values even when they are stored as 32-bit numbers (most take 1 or 2 bytes).
 */
export const DEFAULT_SEQUENCE_BYTES = 2 ** 30;
/** Bytes a value may take (Uint32Array at worst): the length limit is the memory limit over this. */
const BYTES_PER_VALUE = 4;

/** The most values a sequence may hold under `budget`. */
export function sequenceLengthLimit(budget: Budget): number {
  return Math.floor((budget.maxSequenceBytes ?? DEFAULT_SEQUENCE_BYTES) / BYTES_PER_VALUE);
}

/** The budget with only `fraction` of the time it has left (the same budget without a deadline). */
export function timeShare(budget: Budget, fraction: number): Budget {
  if (budget.deadline === undefined) return budget;
  return { ...budget, deadline: Date.now() + (budget.deadline - Date.now()) * fraction };
}

export function describeStop(cause: StopCause): string {
  switch (cause) {
    case 'cancelled':
      return 'cancelled';
    case 'deadline':
      return 'out of time';
    case 'max-values':
      return 'it reached its limit of values';
    case 'size-limit':
      return 'the memory limit was reached';
    case 'work-limit':
      return 'its work limit was reached';
  }
}

/**
 * How many values a computation may produce under `budget`, never more than `hardLimit` (default: its memory limit).
 */
export function valueLimit(
  budget: Budget,
  hardLimit = sequenceLengthLimit(budget),
): { limit: number; cause: StopCause } {
  const wanted = budget.maxValues;
  if (wanted !== undefined && wanted < hardLimit)
    return { limit: Math.max(0, Math.floor(wanted)), cause: 'max-values' };
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
    if (this.budget.work) this.budget.work.spent += units;
    this.sincePoll += units;
    if (this.sincePoll < this.pollEvery) return undefined;
    this.sincePoll = 0;
    return this.poll();
  }

  /** Asks the clock and the cancellation callback now. */
  poll(): StopCause | undefined {
    if (this.stoppedBy) return this.stoppedBy;
    if (this.budget.isCancelled?.()) this.stoppedBy = 'cancelled';
    else if (this.budget.work && this.budget.work.spent > this.budget.work.limit) this.stoppedBy = 'work-limit';
    else if (this.budget.deadline !== undefined && Date.now() > this.budget.deadline) this.stoppedBy = 'deadline';
    return this.stoppedBy;
  }
}

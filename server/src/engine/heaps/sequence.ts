// What the heap families share: how far to compute, growing the value array, when to look for a
// period, and how a finished or interrupted computation is reported.
import { describeStop, Meter, valueLimit } from '../budget';
import type { Budget, HeapRule, HeapSequence, Periodicity, StopCause } from '../types';

export interface SequenceOptions {
  /** Stop once the nimber of heap `stopAt` is known, even without a proved period. */
  readonly stopAt?: number;
  /** Look for a period and stop when one is proved (default true). False computes plain values. */
  readonly findPeriod?: boolean;
  /** A sequence of the same rule computed earlier: go on from where it stopped instead of from 0. */
  readonly resume?: HeapSequence;
  /** Called every PROGRESS_EVERY values with how many are known (a long run's progress). */
  readonly onProgress?: (computed: number) => void;
}

/** How often, in values, a run calls onProgress. */
const PROGRESS_EVERY = 1 << 16;

export type ValueArray = Uint8Array | Uint16Array | Uint32Array;

/** The positive members, each once, ascending. */
export function sortedUnique(members: readonly bigint[]): bigint[] {
  return [...new Set(members)].filter((m) => m > 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** An array type that holds values up to `max`. */
export function arrayFor(max: number, length: number): ValueArray {
  if (max <= 0xff) return new Uint8Array(length);
  if (max <= 0xffff) return new Uint16Array(length);
  return new Uint32Array(length);
}

/** A copy of `values` (first `used` entries) with room for at least `capacity` and entries up to `max`. */
export function regrow(values: ValueArray, used: number, capacity: number, max: number): ValueArray {
  const wider = max > 0xffff ? !(values instanceof Uint32Array) : max > 0xff && values instanceof Uint8Array;
  const next = wider
    ? arrayFor(max, capacity)
    : (new (values.constructor as new (n: number) => ValueArray)(capacity) as ValueArray);
  next.set(values.subarray(0, used));
  return next;
}

/** How many values a run aims for, and what stops it there if it gets that far. */
export function sequenceTarget(
  budget: Budget,
  options: SequenceOptions,
): { target: number; cause: StopCause | undefined } {
  const { limit, cause } = valueLimit(budget);
  if (options.stopAt !== undefined && options.stopAt + 1 <= limit)
    return { target: Math.max(0, options.stopAt + 1), cause: undefined };
  return { target: limit, cause };
}

/**
 * The first capacity of a value array: all of it when the request names where to stop (the array
 * then never grows, and growing by copying would hold the old and the new array at once: 2.5 times
 * the values), a small start otherwise. Untouched pages of a large array cost no memory.
 */
export function initialCapacity(target: number, options: SequenceOptions, used: number, small: number): number {
  return Math.max(1, used, options.stopAt !== undefined ? target : Math.min(target, small));
}

/** The first length at which a period is looked for. */
const FIRST_CHECKPOINT = 64;

/**
 * The first length past `length` at which a period is looked for. Period searches happen at
 * geometrically spaced lengths (64, then each a quarter more than the one before, rounded up), so
 * their linear cost adds up to O(length). The lengths are a fixed sequence, not counted from where
 * a computation started: a run resumed from any length tries its proofs at the same lengths as one
 * computed in one go, and so proves the same period at the same length (the same provedAt and
 * computedUpTo).
 */
export function nextCheckpoint(length: number): number {
  let checkpoint = FIRST_CHECKPOINT;
  while (checkpoint <= length) checkpoint = Math.ceil(checkpoint * 1.25);
  return checkpoint;
}

/** The first `length` values, without copying when little of the buffer would be wasted. */
export function trimmed(values: ValueArray, length: number): ValueArray {
  return values.length - length > (length >> 2) + 64 ? values.slice(0, length) : values.subarray(0, length);
}

export function provedSequence(
  rule: HeapRule,
  key: string,
  values: ValueArray,
  length: number,
  periodicity: Periodicity,
): HeapSequence {
  return { rule, key, values: trimmed(values, length), computedUpTo: length - 1, periodicity, complete: true };
}

/**
 * A sequence without a proof. `cause` is undefined when it stopped because the request's `stopAt`
 * was reached; `unprovable` explains why no period can be proved at all, when that is the case.
 */
export function partialSequence(
  rule: HeapRule,
  key: string,
  values: ValueArray,
  length: number,
  cause: StopCause | undefined,
  unprovable?: string,
): HeapSequence {
  const known = `nimbers computed up to n = ${length - 1}`;
  const why =
    cause === 'size-limit' ? '; stopped at the memory limit' : cause ? `; stopped because ${describeStop(cause)}` : '';
  const proof = unprovable ? `; ${unprovable}` : '; no period proved yet';
  return {
    rule,
    key,
    values: trimmed(values, length),
    computedUpTo: length - 1,
    complete: false,
    ...(cause ? { stop: cause } : {}),
    reason: known + proof + why,
  };
}

/** What one family's computation plugs into `computeUntilProved`. */
export interface SequenceRun {
  readonly budget: Budget;
  /** Stop once this many values are known, for `cause` (undefined: the request's stopAt). */
  readonly target: number;
  readonly cause: StopCause | undefined;
  readonly findPeriod: boolean;
  /** How many values are known now. */
  length(): number;
  /** Computes one or more values; returns roughly how much work that took, for the budget. */
  advance(): number;
  /** A proved sequence from the values so far, or undefined. */
  tryProof(): HeapSequence | undefined;
  /** Called at each checkpoint, after the period search (octal.ts reconsiders its mask there). */
  atCheckpoint?(): void;
  /** SequenceOptions.onProgress. */
  readonly onProgress?: (computed: number) => void;
}

/**
 * The loop every heap family shares: compute, look for a period at geometrically spaced lengths
 * (nextCheckpoint's, the same whatever length the run resumed from; and once more at the end, even
 * after the budget ran out: the values computed may already prove it), stop at the target or when
 * the budget says so. Returns the proved sequence, or why the computation stopped without one
 * (undefined: it reached the request's stopAt).
 */
export function computeUntilProved(
  run: SequenceRun,
): { proved: HeapSequence } | { proved?: undefined; stop: StopCause | undefined } {
  const meter = new Meter(run.budget);
  const work = run.budget.work;
  let checkpoint = nextCheckpoint(run.length());
  let stopped: StopCause | undefined;
  let report = run.onProgress ? run.length() + PROGRESS_EVERY : Number.POSITIVE_INFINITY;
  while (run.length() < run.target) {
    stopped = meter.spend(run.advance());
    // The Meter reads the work account only every few thousand units; read here after every
    // advance, a work limit stops the run at the advance that passes it: where it stops is a
    // function of the work alone, exact to one advance.
    if (!stopped && work !== undefined && work.spent > work.limit) stopped = 'work-limit';
    if (stopped) break;
    if (run.length() >= report) {
      run.onProgress?.(run.length());
      report = run.length() + PROGRESS_EVERY;
    }
    if (run.length() >= checkpoint) {
      if (run.findPeriod) {
        const proved = run.tryProof();
        if (proved) return { proved };
      }
      run.atCheckpoint?.();
      checkpoint = nextCheckpoint(run.length());
    }
  }
  if (run.findPeriod) {
    const proved = run.tryProof();
    if (proved) return { proved };
  }
  return { stop: stopped ?? (run.length() >= run.target ? run.cause : undefined) };
}

/**
 * Where a plain (one value after another) family starts: the resumed sequence's values, up to the
 * target, or an empty array with room for a thousand.
 */
export function startingValues(options: SequenceOptions, target: number): { values: ValueArray; length: number } {
  let values: ValueArray = new Uint16Array(Math.max(1, Math.min(target, 1 << 10)));
  const resumed = options.resume?.values;
  if (!resumed) return { values, length: 0 };
  const count = Math.min(resumed.length, target);
  let max = 0;
  for (let i = 0; i < count; i++) max = Math.max(max, resumed[i]);
  values = regrow(values, 0, Math.max(count, values.length), max);
  values.set(resumed.subarray(0, count));
  return { values, length: count };
}

/**
 * Stamps by value for a mex: stamps[v] === stamp marks v an option of the heap being computed.
 * Grows with the values.
 */
export class StampTable {
  stamps = new Int32Array(64);
  mark(value: number, stamp: number): void {
    if (value >= this.stamps.length) {
      const larger = new Int32Array(Math.max(this.stamps.length * 2, value + 1));
      larger.set(this.stamps);
      this.stamps = larger;
    }
    this.stamps[value] = stamp;
  }
  has(value: number, stamp: number): boolean {
    return value < this.stamps.length && this.stamps[value] === stamp;
  }
}

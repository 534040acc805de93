// The checks every path of a rule of one's own makes as it runs (the closures, the generated
// WebAssembly, the on-demand search: movesRule.ts says the meaning they share), and what each throws
// to stop a computation midway: a value past ±(2⁵³ − 1) (MovesOverflow), a part not smaller than its
// position (MovesRuleViolation), the budget spent (MovesBudgetStop, asked every STEPS_PER_POLL steps of
// a rule's loops). With them the exact arithmetic they check: floor division and modulo. Its own
// module so that the compilers and the valuations import it without importing each other.
import type { StopCause } from '../types';

/** The largest magnitude computed exactly (2⁵³ − 1). */
export const EXACT = Number.MAX_SAFE_INTEGER;
/** The largest magnitude computed as a 32-bit integer (its negation one too). */
export const INT = 2 ** 31 - 1;

/**
 * The steps of a rule's loops between two questions to the budget (its clock, its cancellation): what
 * stops a rule whose loops are astronomically long but give few options or none (`for k in 1..10^15 if
 * k == 1`). A question costs a call and Date.now(), a step a few nanoseconds (generated code) to a few
 * tens (closures): the budget is asked every fraction of a millisecond to a few milliseconds.
 */
export const STEPS_PER_POLL = 2 ** 16;

/** A value past ±(2⁵³ − 1): the computation stops, saying where. */
export class MovesOverflow extends Error {}

/** A rule whose option leaves a part not smaller than its position: the game might not end. */
export class MovesRuleViolation extends Error {
  constructor(
    readonly position: readonly number[],
    readonly option: readonly (readonly number[])[],
  ) {
    const written = (p: readonly number[]) => (p.length === 1 ? String(p[0]) : `(${p.join(', ')})`);
    const leaves = option.length === 1 ? written(option[0]) : `[${option.map(written).join(', ')}]`;
    super(
      `the option ${leaves} of position ${written(position)} is not smaller than it: every part a move ` +
        'leaves must be smaller than its position (a tuple: a smaller sum), so that every game ends',
    );
  }
}

/**
 * Thrown out of a listing of options (by the closures' or the generated code's poll of the loop steps)
 * when the budget says stop: caught by the valuation that asked, never out of this room.
 */
export class MovesBudgetStop {
  constructor(readonly cause: StopCause) {}
}

export function exact(value: number): number {
  if (value > EXACT || value < -EXACT)
    throw new MovesOverflow(`a value passed 2^53 - 1 (${value.toExponential(3)}): it cannot be computed exactly`);
  return value;
}

/**
 * a / b rounded down, NaN when b = 0. Exact as it is: for |a| < 2^53 the rounding error of a / b is
 * below 1/|b|, the least distance from a quotient that is not an integer to one.
 */
export function floorDivide(a: number, b: number): number {
  return b === 0 ? Number.NaN : Math.floor(a / b);
}

/** a − b·(a / b), NaN when b = 0: JavaScript's `%` is exact (a − b·q computed would round near 2^53). */
export function floorModulo(a: number, b: number): number {
  if (b === 0) return Number.NaN;
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r;
}

// Rules of one's own (language version 4, part 2): `rule NAME = moves VARS -> CLAUSE | …`, as plain
// data (MovesRule, movesData.ts), compiled once and evaluated per position. A position is one integer
// (a heap) or a tuple of them; a clause `OPTION for K in A..B … if CONDITION` gives one option per
// binding of its loops (nested in order, each range inclusive, none when A > B) whose condition holds.
// An option is a position, or a split: the list of positions the move leaves. This module is the
// rules' face: their meaning (below), the values of every position of a box (movesHeapValues,
// movesTupleValues) with the reasons they stop short, and, re-exported, what the rest of the engine
// uses. Behind it, one concern each:
// - movesChecks.ts: the checks every path makes as it runs (exact arithmetic, MovesOverflow,
//   MovesRuleViolation, the budget's stop);
// - movesBounds.ts: the ranges and bounds known before a rule runs, which prove checks needless;
// - movesClosures.ts: a rule compiled into closures, its options of any position (compileMoves);
// - movesWasm.ts (with movesWasmBinary.ts): a rule over a box compiled into WebAssembly;
// - movesBox.ts: every position of a box valued, by the WebAssembly where allowed, else the closures;
// - movesSearch.ts: one position valued on demand, memoised (movesTupleValue).
// The three paths (closures, WebAssembly, the search) must agree to the letter: the tests check each
// against the others and against a brute force written from the contract's words.
//
// Meaning, exactly as the contract says it:
// - Arithmetic is on integers, exact: `/` divides and rounds down, `%` is what is left (a − b·(a / b),
//   so never negative for b > 0); a division by zero makes the option no move. Every value stays within
//   ±(2⁵³ − 1), the range a double holds exactly: a result past it stops the computation with a reason
//   (no silent rounding), never a wrong value.
// - An option with a negative number in it is not a move.
// - The position of zeros (a heap of 0) is nothing, as a game's text has it (a move that leaves nothing is
//   written `0`, or `(0, 0)`): it has no move, so an option that leaves nothing (`[]`) is no move there.
// - Every part an option leaves must be smaller than its position (a heap: a smaller number; a tuple:
//   a smaller sum), so that every game ends; a rule that breaks this is an error naming the position
//   and the option (MovesRuleViolation), found as values are computed.
// - A rule's loops may be long beyond any budget (`for k in 1..10^15`): the budget (its deadline, its
//   cancellation, its work) is asked as they run, every STEPS_PER_POLL steps, on every path, so that a
//   rule that gives few options or none, or never ends, still stops with the budget's reason.
//
// A division by zero is NaN, carried through the arithmetic (no throw, nothing to catch per option):
// no test `x >= 0` lets it through, and a comparison with it marks the option no move (evaluated left
// to right with `and`/`or` short-circuiting, on every path alike). Before a rule runs, each expression's
// range is found (from the positions' bounds and each loop's range), and its bounds relative to the
// position (`n - k` for k in 1..n/2 lies in [n/2, n − 1]): an operation proved to stay within
// ±(2⁵³ − 1) is not checked as it runs, a number proved never negative is not tested, a part proved
// smaller than its position is not compared with it, and a value proved within 32 bits is computed as
// one. Values of every position in a box (a heap rule's G(0..N), movesTupleValues) run as WebAssembly
// generated for the rule where the platform allows it, as closures where it does not (a content
// security policy); a tuple rule's value at any one position is searched on demand, memoised
// (movesTupleValue), by an explicit stack (no recursion whose depth grows with the position).
import { describeStop } from '../budget';
import type { Budget, StopCause } from '../types';
import { fillBox } from './movesBox';
import { MovesRuleViolation } from './movesChecks';
import type { MovesRule } from './movesData';

export { MovesOverflow, MovesRuleViolation } from './movesChecks';
export { compileMoves, type OptionsOf } from './movesClosures';
export type { MovesClause, MovesCondition, MovesExpr, MovesOption, MovesRule } from './movesData';
export { type MovesValue, movesTupleValue } from './movesSearch';

/** G(0 …) of a heap rule (arity 1), as far as asked and the budget allows. */
export interface MovesHeapValues {
  readonly values: Int32Array;
  /** The last heap computed (values beyond it are not). */
  readonly computedUpTo: number;
  readonly stop?: StopCause;
  /** Why it stopped before `upTo`: the budget, a violation of the rule's well-foundedness, an overflow. */
  readonly reason?: string;
  /** Set when the rule itself is wrong (a part not smaller than its position), not the budget. */
  readonly violation?: MovesRuleViolation;
}

/**
 * Computes G(0 … upTo) of a heap rule: each heap's value the mex of its options' (a split: the XOR of
 * its parts'). By generated code where the platform allows it, else (or when asked) by the closures.
 */
export function movesHeapValues(
  rule: MovesRule,
  upTo: number,
  budget: Budget = {},
  how: 'generated' | 'closures' = 'generated',
): MovesHeapValues {
  if (rule.arity !== 1) throw new Error('internal: movesHeapValues needs a heap rule (one variable)');
  const { values, done, stop, error } = fillBox(rule, [upTo], budget, how);
  if (done === upTo + 1) return { values, computedUpTo: upTo };
  const stopped = { values: values.subarray(0, done), computedUpTo: done - 1 };
  if (error instanceof MovesRuleViolation) return { ...stopped, reason: error.message, violation: error };
  if (error) return { ...stopped, reason: `${error.message}, at heap ${done}` };
  const computed = done === 0 ? 'no value computed' : `values computed up to heap ${done - 1}`;
  return { ...stopped, stop, reason: `${computed} because ${describeStop(stop!)}` };
}

/** The values of every position of a box, or as many as were computed and why not the rest. */
export interface MovesTupleValues {
  /** Position p's value at Σ p_i·strides_i (−1: not computed). */
  readonly values: Int32Array;
  readonly strides: readonly number[];
  readonly complete: boolean;
  readonly stop?: StopCause;
  readonly reason?: string;
  readonly violation?: MovesRuleViolation;
}

/**
 * The value of every position p of a rule with 0 ≤ p_i ≤ bounds_i (a tuple rule, or a heap rule as
 * one number), by increasing sum: what movesTupleValue finds one position at a time, for all at once.
 * Positions outside the box that options leave are searched with `memo` (movesTupleValue's) if given.
 */
export function movesTupleValues(
  rule: MovesRule,
  bounds: readonly number[],
  budget: Budget = {},
  how: 'generated' | 'closures' = 'generated',
  memo?: Map<string, number>,
): MovesTupleValues {
  if (bounds.length !== rule.arity) throw new Error('internal: movesTupleValues needs a bound for each variable');
  const filled = fillBox(rule, bounds, budget, how, memo);
  const { done, at, stop, error } = filled;
  const strides = bounds.map((_, i) => bounds.slice(i + 1).reduce((s, b) => s * (b + 1), 1));
  const total = strides[0] * (bounds[0] + 1);
  if (done === total) return { values: filled.values, strides, complete: true };
  // A heap rule's values come as far as computed: the rest −1 here, as a tuple's are.
  const values = rule.arity === 1 ? new Int32Array(total).fill(-1) : filled.values;
  if (rule.arity === 1) values.set(filled.values.subarray(0, done));
  const stopped = { values, strides, complete: false };
  if (error instanceof MovesRuleViolation) return { ...stopped, reason: error.message, violation: error };
  if (error) return { ...stopped, stop, reason: `${error.message}, at position (${at.join(', ')})` };
  return { ...stopped, stop, reason: `${done} positions computed, then stopped because ${describeStop(stop!)}` };
}

// The value of one position of a rule of one's own, searched on demand (movesTupleValue): the mex of
// its options' values, depth first by an explicit stack (no recursion whose depth grows with the
// position), memoised in the caller's map and a dense table beside it. What the sums ask of a tuple
// rule (families/movesTuples.ts), and what values a position outside a box (movesBox.ts). Its options
// listed by the closures (movesClosures.ts), the budget asked as their loops run.
import { describeStop, Meter } from '../budget';
import type { Budget, StopCause } from '../types';
import { INT, MovesBudgetStop, MovesOverflow, MovesRuleViolation } from './movesChecks';
import { compileMoves, type OptionsOf } from './movesClosures';
import type { MovesRule } from './movesData';

/** The value of one position of a rule (any arity), or why it is not known. */
export type MovesValue =
  | { readonly value: number }
  | {
      readonly value: null;
      readonly reason: string;
      readonly stop?: StopCause;
      readonly violation?: MovesRuleViolation;
    };

/**
 * Values known beside a caller's memo (whose keys are strings, slow to make): those of positions in a
 * box [0, sides_i) in a dense table (−1: unknown), shared by the calls given the same memo. Within its
 * box it has every value the memo has (filled from it when made; each value found is written to both).
 */
interface Known {
  readonly sides: readonly number[];
  readonly dense: Int32Array;
}
const knownByMemo = new WeakMap<Map<string, number>, Known>();
/** The dense table's most entries (16 MiB): positions beyond its box are found by their strings. */
const DENSE_LIMIT = 2 ** 22;

/** The memo's dense table, made anew (each side a power of two) to hold `position` if it may. */
function knownFor(memo: Map<string, number>, position: readonly number[]): Known {
  const known = knownByMemo.get(memo);
  const sides = (known?.sides ?? position.map(() => 0)).map((side, i) => {
    while (side <= position[i]) side = Math.max(16, 2 * side);
    return side;
  });
  const size = sides.reduce((p, s) => p * s, 1);
  if (known && (size > DENSE_LIMIT || sides.every((s, i) => s === known.sides[i]))) return known;
  const made: Known =
    size > DENSE_LIMIT
      ? { sides: sides.map(() => 0), dense: new Int32Array(0) }
      : { sides, dense: new Int32Array(size).fill(-1) };
  for (const [key, value] of made.dense.length > 0 ? memo : []) {
    const numbers = key.split(',').map(Number);
    let index = numbers.length === sides.length ? 0 : -1;
    for (let i = 0; i < sides.length && index >= 0; i++)
      index = numbers[i] >= 0 && numbers[i] < sides[i] ? index * sides[i] + numbers[i] : -1;
    if (index >= 0) made.dense[index] = value;
  }
  knownByMemo.set(memo, made);
  return made;
}

/** Each rule's options compiled, for the calls not given them. */
const compiledOptions = new WeakMap<MovesRule, OptionsOf>();

function optionsOf(rule: MovesRule): OptionsOf {
  const options = compiledOptions.get(rule) ?? compileMoves(rule);
  compiledOptions.set(rule, options);
  return options;
}

/**
 * The value of `position` under the rule, memoised in `memo` (by the position's numbers, shared
 * between calls with the same rule): the mex of its options' values, found depth first by an explicit
 * stack. A position's options are listed once when their values are known already (as when the
 * positions are asked in order), else once to find the parts not yet valued and once more when they
 * are. The same for heap rules, where a heap's options are computed only as far as it needs. The
 * budget is asked for each position searched and as the rule's loops run (`options` given by the
 * caller too: their listing takes the poll), so that a position whose loops never end still stops.
 * `inBox`, when given, reads the values a box being filled (movesBox.ts) already holds (−1: not yet):
 * a position outside the box whose options come back into it does not search them again.
 */
export function movesTupleValue(
  rule: MovesRule,
  position: readonly number[],
  budget: Budget = {},
  memo: Map<string, number> = new Map(),
  options: OptionsOf = optionsOf(rule),
  inBox?: (numbers: ArrayLike<number>, at: number) => number,
): MovesValue {
  const { arity } = rule;
  const meter = new Meter(budget);
  const { sides, dense } = knownFor(memo, position);
  const denseIndex = (numbers: ArrayLike<number>, at: number) => {
    let index = 0;
    for (let i = 0; i < arity; i++) {
      const x = numbers[at + i];
      if (x >= sides[i]) return -1;
      index = index * sides[i] + x;
    }
    return index;
  };
  /** The value of the position at numbers[at …], or −1 while unknown. */
  const knownValue = (numbers: ArrayLike<number>, at: number): number => {
    if (inBox) {
      const v = inBox(numbers, at);
      if (v >= 0) return v;
    }
    const index = denseIndex(numbers, at);
    if (index >= 0) return dense[index];
    return memo.get(Array.prototype.slice.call(numbers, at, at + arity).join(',')) ?? -1;
  };
  const store = (p: readonly number[], value: number) => {
    if (value < 0) throw new Error('internal: a position valued before its options');
    const index = denseIndex(p, 0);
    if (index >= 0) dense[index] = value;
    memo.set(p.join(','), value);
  };
  let seen = new Int32Array(64);
  let stamp = 0;
  /** Asked as the rule's loops run: a listing whose loops never end stops with the budget. */
  const poll = (steps: number) => {
    const cause = meter.spend(steps);
    if (cause) throw new MovesBudgetStop(cause);
  };
  /** The parts a listing found not yet valued (flat), reused from one listing to the next. */
  const unknown: number[] = [];
  /** One listing of p's options: its value, or −1 with the parts not yet valued in `unknown`. */
  const pass = (p: readonly number[]): number => {
    stamp++;
    unknown.length = 0;
    let complete = true;
    options(
      p,
      (parts, count) => {
        let g = 0;
        for (let i = 0, at = 0; i < count; i++, at += arity) {
          const v = knownValue(parts, at);
          if (v < 0) {
            complete = false;
            for (let j = at; j < at + arity; j++) unknown.push(parts[j]);
          }
          g ^= v;
        }
        if (!complete) return;
        if (g >= seen.length) {
          const wider = new Int32Array(Math.max(g + 1, 2 * seen.length));
          wider.set(seen);
          seen = wider;
        }
        seen[g] = stamp;
      },
      poll,
    );
    if (!complete) return -1;
    let mex = 0;
    while (mex < seen.length && seen[mex] === stamp) mex++;
    return mex;
  };
  /**
   * A frame: a position whose options have parts not yet valued (flat, packed: 4 bytes a number when
   * they fit, as a deep search holds thousands of frames of thousands of parts), and how far they are valued.
   */
  interface Frame {
    readonly position: readonly number[];
    readonly unknown: Int32Array | Float64Array;
    next: number;
  }
  const frame = (position: readonly number[]): Frame => {
    const small = unknown.every((x) => x <= INT);
    return { position, unknown: small ? Int32Array.from(unknown) : Float64Array.from(unknown), next: 0 };
  };
  try {
    const known = knownValue(position, 0);
    if (known >= 0) return { value: known };
    const first = pass(position);
    if (first >= 0) {
      store(position, first);
      return { value: first };
    }
    const stack: Frame[] = [frame(position)];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      while (top.next < top.unknown.length && knownValue(top.unknown, top.next) >= 0) top.next += arity;
      if (top.next < top.unknown.length) {
        const stop = meter.spend(1);
        if (stop) throw new MovesBudgetStop(stop);
        const child = Array.from(top.unknown.subarray(top.next, top.next + arity));
        const value = pass(child);
        if (value >= 0) store(child, value);
        else stack.push(frame(child));
        continue;
      }
      store(top.position, pass(top.position)); // every part valued now
      stack.pop();
    }
    return { value: knownValue(position, 0) };
  } catch (error) {
    if (error instanceof MovesBudgetStop)
      return { value: null, reason: `stopped because ${describeStop(error.cause)}`, stop: error.cause };
    if (error instanceof MovesRuleViolation) return { value: null, reason: error.message, violation: error };
    if (error instanceof MovesOverflow) return { value: null, reason: error.message };
    throw error;
  }
}

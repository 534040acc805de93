// The values of every position of a box of a rule of one's own (fillBox): a heap rule's G(0..N), a
// tuple rule's positions p with 0 ≤ p_i ≤ bounds_i, by increasing sum, each the mex of its options'
// values with a mark array of generation stamps. By the rule's WebAssembly kernel (movesWasm.ts) where
// the platform allows it, by the closures (movesClosures.ts) where it does not; a position outside the
// box by the on-demand search (movesSearch.ts). The budget is asked after each run of positions and,
// as the rule's loops run, every STEPS_PER_POLL of their steps. movesRule.ts turns what it filled into
// values and reasons.
import { Meter } from '../budget';
import type { Budget, StopCause } from '../types';
import { positionRanges } from './movesBounds';
import { exact, MovesBudgetStop, MovesOverflow, MovesRuleViolation, STEPS_PER_POLL } from './movesChecks';
import { compileMoves, compileOptions, type OptionsOf } from './movesClosures';
import { type MovesRule, movesRuleText } from './movesData';
import { type MovesValue, movesTupleValue } from './movesSearch';
import { kernelModule, type Layout, SCRATCH } from './movesWasm';

const WASM_PAGE = 65536;
/** The options a kernel counts before it returns, for the budget to be asked (about a millisecond). */
const KERNEL_RUN = 1 << 18;

/** The positions valued, in order, and why it stopped short. */
export interface Filled {
  readonly values: Int32Array;
  readonly done: number;
  readonly at: readonly number[];
  readonly stop?: StopCause;
  readonly error?: MovesRuleViolation | MovesOverflow;
}

/**
 * A fill of a tuple rule's box only as far as a sum (its levels): the positions p of the box with
 * Σ p_i ≤ upTo, by increasing sum as always, `level(sum)` called once each sum's positions are all
 * valued (after the budget was told of their work). A fill of the positions of sum ≤ s of any box
 * that holds them all (each bound ≥ s) values the same positions in the same order, so its work at
 * the end of each level is the same whatever the box.
 */
export interface Levels {
  readonly upTo: number;
  readonly level?: (sum: number) => void;
}

/** Thrown when the kernel's memory cannot grow: the values stop there, as at a memory limit. */
class OutOfRoom {}

/** Thrown out of the generated code or the closures when a position outside the box could not be valued. */
class OutsideStop {
  constructor(readonly found: Extract<MovesValue, { value: null }>) {}
}

/**
 * The closures for a box where WebAssembly is forbidden, by the rule's data and the box, the last
 * BOX_OPTIONS_KEPT used: V8 optimises closures made once far better than closures made anew for each
 * job (in the browser the later jobs of a worker ran twice as slow as its first).
 */
const boxOptionsKept = new Map<string, OptionsOf>();
const BOX_OPTIONS_KEPT = 16;

function boxOptions(rule: MovesRule, bounds: readonly number[]): OptionsOf {
  const key = `${bounds.join(',')} ${movesRuleText(rule)}`;
  let options = boxOptionsKept.get(key);
  if (options) boxOptionsKept.delete(key);
  else {
    options = compileOptions(rule, positionRanges(rule, bounds), bounds);
    if (boxOptionsKept.size >= BOX_OPTIONS_KEPT) boxOptionsKept.delete(boxOptionsKept.keys().next().value as string);
  }
  boxOptionsKept.set(key, options);
  return options;
}

/**
 * Every position p with 0 ≤ p_i ≤ bounds_i, by increasing sum (each option within the box comes
 * before its position; one outside is valued on demand, memoised in `outsideMemo`: the caller's memo
 * of movesTupleValue, when it has one, so that what is searched there serves its searches too), its
 * value the mex over its options with a mark array of generation stamps (no clearing). Values not
 * computed are −1 (0 for a heap).
 */
export function fillBox(
  rule: MovesRule,
  bounds: readonly number[],
  budget: Budget,
  how: 'generated' | 'closures',
  outsideMemo: Map<string, number> = new Map(),
  levels?: Levels,
): Filled {
  const { arity } = rule;
  if (levels && arity === 1) throw new Error('internal: levels are a tuple rule’s');
  const strides = bounds.map((_, i) => bounds.slice(i + 1).reduce((s, b) => s * (b + 1), 1));
  /** The box's cells, and the positions to value (fewer when the fill stops at a sum). */
  const cells = strides[0] * (bounds[0] + 1);
  const total = levels ? positionsUpTo(bounds, levels.upTo) : cells;
  // A heap rule's values are made as they are computed (the budget may stop them long before upTo).
  let values = new Int32Array(arity === 1 ? 0 : cells);
  if (arity > 1) values.fill(-1);
  const meter = new Meter(budget);
  /** Asked as the rule's loops run (by the kernel, every STEPS_PER_POLL steps): a position may stop midway. */
  const poll = (steps: number) => {
    const cause = meter.spend(steps);
    if (cause) throw new MovesBudgetStop(cause);
  };
  const at = bounds.map(() => 0);
  let done = 0;
  let outsideOptions: OptionsOf | undefined;
  /** A position's value if it is inside the box and valued already, else −1 (what the search outside reads first). */
  const inBox = (numbers: ArrayLike<number>, from: number): number => {
    let index = 0;
    for (let j = 0; j < arity; j++) {
      const x = numbers[from + j];
      if (x > bounds[j]) return -1;
      index += x * strides[j];
    }
    return values[index];
  };
  const outside = (position: number[]): number => {
    outsideOptions ??= compileMoves(rule);
    const found = movesTupleValue(rule, position, budget, outsideMemo, outsideOptions, inBox);
    if (found.value === null) throw new OutsideStop(found);
    return found.value;
  };
  // A heap rule's kernel serves every bound up to the next power of two (it has no check of the box).
  const kernelBounds = arity === 1 ? [2 ** Math.max(10, Math.ceil(Math.log2(bounds[0] + 1))) - 1] : bounds;
  const kernelTotal = kernelBounds.reduce((p, b) => p * (b + 1), 1);
  const mostParts = Math.max(1, ...rule.clauses.map((c) => (c.option.kind === 'split' ? c.option.parts.length : 1)));
  const valuesAt = 16 * Math.ceil((8 * arity * (mostParts + 1) + 8) / 16); // after the scratch area and `work`
  const layout: Layout = { valuesAt, work: valuesAt - 8 };
  let capacity = arity === 1 ? Math.min(total, 1 << 16) : cells; // the values the kernel's memory holds
  const seenAt = () => valuesAt + 4 * capacity;
  let seenLength = 64; // a power of two above every value so far: an XOR of values stays below it
  let seen = new Int32Array(seenLength);
  let memory: WebAssembly.Memory | undefined;
  let kernel: ((...args: number[]) => number) | undefined;
  let options: OptionsOf | undefined;
  let stamp = 0;
  let count = 0;
  /** Marks twice as wide (a value reached their end), the kernel's memory grown for them. */
  const widen = () => {
    seenLength *= 2;
    if (!memory) {
      const wider = new Int32Array(seenLength);
      wider.set(seen);
      seen = wider;
      return;
    }
    room();
  };
  /** The kernel's memory grown for the values and the marks after them (stale marks there are older stamps). */
  const room = () => {
    const short = seenAt() + 4 * seenLength - memory!.buffer.byteLength;
    try {
      if (short > 0) memory!.grow(Math.ceil(short / WASM_PAGE));
    } catch {
      throw new OutOfRoom(); // past what the platform gives WebAssembly
    }
    values = new Int32Array(memory!.buffer, valuesAt, capacity);
  };
  // A heap's parts are below it (the closures check that), so within the values computed.
  const visitHeap = (parts: Float64Array, partCount: number) => {
    let g = partCount === 1 ? values[parts[0]] : 0;
    for (let i = 0; i < partCount && partCount > 1; i++) g ^= values[parts[i]];
    while (g >= seenLength) widen();
    seen[g] = stamp;
    count++;
  };
  const visit = (parts: Float64Array, partCount: number) => {
    let g = 0;
    for (let i = 0, o = 0; i < partCount; i++, o += arity) {
      let index = 0;
      let inside = true;
      for (let j = 0; j < arity; j++) {
        inside &&= parts[o + j] <= bounds[j];
        index += parts[o + j] * strides[j];
      }
      g ^= inside ? values[index] : outside(Array.from(parts.subarray(o, o + arity)));
    }
    while (g >= seenLength) widen();
    seen[g] = stamp;
    count++;
  };
  try {
    // The kernel addresses its memory with 32-bit numbers: boxes up to 2^28 values.
    const module =
      how === 'generated' && kernelTotal <= 2 ** 28 ? kernelModule(rule, kernelBounds, strides, layout) : undefined;
    if (module) {
      memory = new WebAssembly.Memory({ initial: Math.ceil((seenAt() + 4 * seenLength) / WASM_PAGE) });
      const scratch = (count: number) => Array.from(new Float64Array(memory!.buffer, SCRATCH, count));
      const env = {
        memory,
        over: exact,
        poll: () => poll(STEPS_PER_POLL),
        outside: () => outside(scratch(arity)),
        violation: (parts: number) => {
          const numbers = scratch(arity * (parts + 1));
          const left = Array.from({ length: parts }, (_, i) => numbers.slice(arity * (i + 1), arity * (i + 2)));
          throw new MovesRuleViolation(numbers.slice(0, arity), left);
        },
      };
      kernel = new WebAssembly.Instance(module, { env }).exports.run as (...args: number[]) => number;
      values = new Int32Array(memory.buffer, valuesAt, capacity);
    } else {
      // A heap's closures, as its kernel, serve every bound up to the next power of two (and are kept so).
      options = boxOptions(rule, arity === 1 ? kernelBounds : bounds);
      if (arity === 1) values = new Int32Array(total);
    }
  } catch (error) {
    if (error instanceof MovesOverflow) return { values, done: 0, at, error };
    throw error;
  }
  if (arity > 1) values.fill(-1);
  /** Position `at`'s value, written at `index` (by the closures). */
  const value = (index: number): void => {
    stamp++;
    count = 0;
    options!(at, arity === 1 ? visitHeap : visit, poll);
    let mex = 0;
    while (mex < seenLength && seen[mex] === stamp) mex++;
    if (mex === seenLength) widen();
    values[index] = mex;
  };
  let stop: StopCause | undefined;
  const step = (): boolean => {
    let index = 0;
    for (let i = 0; i < arity; i++) index += at[i] * strides[i];
    value(index);
    done++;
    stop = meter.spend(1 + count);
    return !(stop && done < total);
  };
  // The values on their own (not the kernel's whole memory), with what stopped them.
  const filled = (extra: Partial<Filled>): Filled => ({
    values: memory ? values.slice(0, arity === 1 ? done : cells) : values,
    done,
    at,
    ...extra,
  });
  /**
   * By the kernel: the line of positions (…given, x, sum − x) for x = from..to (a heap rule: heaps
   * from..to), a run of them at a time, the budget asked after each; false when it says stop.
   */
  const line = (given: number[], from: number, to: number): boolean => {
    const indexOf = (x: number) =>
      arity === 1
        ? x
        : given.slice(0, -1).reduce((s, p, i) => s + p * strides[i], 0) + x * strides[arity - 2] + given[arity - 2] - x;
    for (let x = from; x <= to; ) {
      if (arity === 1 && x >= capacity) {
        capacity = Math.min(total, 2 * capacity);
        room();
      }
      let r: number;
      try {
        r = kernel!(
          ...given,
          x,
          arity === 1 ? Math.min(to, capacity - 1) : to,
          stamp + 1,
          seenLength,
          seenAt(),
          KERNEL_RUN,
        );
      } catch (error) {
        const k = new Int32Array(memory!.buffer, layout.work + 4, 1)[0];
        done += k;
        at.splice(0, arity, ...(arity === 1 ? [x + k] : [...given.slice(0, -1), x + k, given[arity - 2] - x - k]));
        throw error;
      }
      const valued = r >= 0 ? r : -1 - r;
      [stamp, done, x] = [stamp + valued, done + valued, x + valued];
      stop = meter.spend(valued + new Int32Array(memory!.buffer, layout.work, 1)[0]);
      // A value from outside the box past the marks, or a mex that took them all: wider marks.
      if (r < 0 || (valued > 0 && values[indexOf(x - 1)] === seenLength)) widen();
      if (stop && done < total) return false;
    }
    return true;
  };
  const byKernel = () => {
    if (arity === 1) return void line([], 0, bounds[0]);
    // By increasing sum; within it, the numbers before the last two in order (as bySum), then x.
    const last = arity - 1;
    const rest = bounds.map((_, i) => bounds.slice(i + 1).reduce((s, b) => s + b, 0));
    const place = (i: number, left: number, given: number[]): boolean => {
      if (i === last - 1)
        return (
          left > rest[i] + bounds[i] ||
          line([...given, left], Math.max(0, left - bounds[last]), Math.min(bounds[i], left))
        );
      for (let x = Math.max(0, left - rest[i]), end = Math.min(bounds[i], left); x <= end; x++)
        if (!place(i + 1, left - x, [...given, x])) return false;
      return true;
    };
    for (let sum = 0, most = Math.min(rest[0] + bounds[0], levels?.upTo ?? Infinity); sum <= most; sum++) {
      if (!place(0, sum, [])) return;
      levels?.level?.(sum);
    }
  };
  try {
    if (kernel) byKernel();
    else bySum(bounds, at, step, levels);
  } catch (error) {
    if (error instanceof MovesRuleViolation || error instanceof MovesOverflow) return filled({ error });
    if (error instanceof OutOfRoom) return filled({ stop: 'size-limit' });
    if (error instanceof MovesBudgetStop) return filled({ stop: error.cause });
    if (error instanceof OutsideStop) {
      const { found } = error;
      return filled({ stop: found.stop, error: found.violation ?? new MovesOverflow(found.reason) });
    }
    throw error;
  }
  return filled(done < total ? { stop } : {});
}

/**
 * Each position of the box [0, bounds] in `at`, by increasing sum (up to `levels.upTo`, telling it of
 * each sum done), until `visit` returns false.
 */
function bySum(bounds: readonly number[], at: number[], visit: () => boolean, levels?: Levels): void {
  if (bounds.length === 1) {
    for (let n = 0; n <= bounds[0]; n++) {
      at[0] = n;
      if (!visit()) return;
    }
    return;
  }
  const last = bounds.length - 1;
  const rest = bounds.map((_, i) => bounds.slice(i + 1).reduce((s, b) => s + b, 0));
  const place = (i: number, left: number): boolean => {
    if (i === last) {
      at[i] = left;
      return visit();
    }
    for (let x = Math.max(0, left - rest[i]), end = Math.min(bounds[i], left); x <= end; x++) {
      at[i] = x;
      if (!place(i + 1, left - x)) return false;
    }
    return true;
  };
  for (let sum = 0, most = Math.min(rest[0] + bounds[0], levels?.upTo ?? Infinity); sum <= most; sum++) {
    if (!place(0, sum)) return;
    levels?.level?.(sum);
  }
}

/** The positions p of the box [0, bounds] with Σ p_i ≤ upTo (by the counts of each sum, a number at a time). */
export function positionsUpTo(bounds: readonly number[], upTo: number): number {
  const most = Math.max(
    0,
    Math.min(
      upTo,
      bounds.reduce((s, b) => s + b, 0),
    ),
  );
  let ways = new Float64Array(most + 1);
  ways[0] = 1;
  for (const bound of bounds) {
    const next = new Float64Array(most + 1);
    let window = 0; // ways[s − bound … s], slid along
    for (let s = 0; s <= most; s++) {
      window += ways[s];
      if (s - bound - 1 >= 0) window -= ways[s - bound - 1];
      next[s] = window;
    }
    ways = next;
  }
  return upTo < 0 ? 0 : ways.reduce((a, b) => a + b, 0);
}

// A rule of one's own compiled into closures: its options of any position, on any platform (no code
// generated at run time, so a content security policy cannot forbid it). What the sums, the searches
// and the on-demand valuation list a position's options with (compileMoves, OptionsOf), and what
// values a box where WebAssembly is forbidden (compileOptions). The checks the ranges and bounds
// (movesBounds.ts) prove needless are left out, as in the generated code, which must agree with it to
// the letter: a division by zero is NaN, carried through the arithmetic (no throw, nothing to catch
// per option), which no test `x >= 0` lets through and whose comparison makes the option no move.
import {
  type Bounds,
  boundsOf,
  loopRange,
  positionBounds,
  positionRanges,
  provedNatural,
  provedSmaller,
  proven,
  type Range,
  rangeOf,
} from './movesBounds';
import { exact, floorDivide, floorModulo, MovesRuleViolation, STEPS_PER_POLL } from './movesChecks';
import type { MovesCondition, MovesExpr, MovesRule } from './movesData';

type Slots = Float64Array;
type Int = (slots: Slots) => number;

function compileExpr(expr: MovesExpr, ranges: readonly Range[]): Int {
  switch (expr.kind) {
    case 'int': {
      const value = exact(expr.value);
      return () => value;
    }
    case 'var': {
      const slot = expr.slot;
      return (s) => s[slot];
    }
    case 'negate': {
      const arg = compileExpr(expr.arg, ranges);
      return (s) => -arg(s);
    }
    case 'call': {
      const args = expr.args.map((a) => compileExpr(a, ranges));
      if (expr.fn === 'abs') {
        const [arg] = args;
        return (s) => Math.abs(arg(s));
      }
      const pick = expr.fn === 'min' ? Math.min : Math.max;
      if (args.length === 2) {
        const [a, b] = args;
        return (s) => pick(a(s), b(s));
      }
      return (s) => {
        let best = args[0](s);
        for (let i = 1; i < args.length; i++) best = pick(best, args[i](s));
        return best;
      };
    }
    case 'binary': {
      const left = compileExpr(expr.left, ranges);
      const right = compileExpr(expr.right, ranges);
      const checked = !proven(expr, ranges);
      // The commonest shape, a variable less another or a number (`n - k`), without the calls.
      if (expr.op === '-' && !checked && expr.left.kind === 'var') {
        const a = expr.left.slot;
        if (expr.right.kind === 'var') {
          const b = expr.right.slot;
          return (s) => s[a] - s[b];
        }
        if (expr.right.kind === 'int') {
          const b = expr.right.value;
          return (s) => s[a] - b;
        }
      }
      switch (expr.op) {
        case '+':
          return checked ? (s) => exact(left(s) + right(s)) : (s) => left(s) + right(s);
        case '-':
          return checked ? (s) => exact(left(s) - right(s)) : (s) => left(s) - right(s);
        case '*':
          return checked ? (s) => exact(left(s) * right(s)) : (s) => left(s) * right(s);
        case '/':
          return (s) => floorDivide(left(s), right(s));
        case '%':
          return (s) => floorModulo(left(s), right(s));
      }
    }
  }
}

/** A condition, which sets `state.bad` when it compares NaN (a division by zero: the option is no move). */
function compileCondition(condition: MovesCondition, ranges: readonly Range[], state: { bad: boolean }) {
  const compile = (c: MovesCondition): ((s: Slots) => boolean) => {
    switch (c.kind) {
      case 'compare': {
        const l = compileExpr(c.left, ranges);
        const r = compileExpr(c.right, ranges);
        const test = COMPARE[c.op];
        return (s) => {
          const a = l(s);
          const b = r(s);
          if (Number.isNaN(a) || Number.isNaN(b)) {
            state.bad = true;
            return false;
          }
          return test(a, b);
        };
      }
      case 'and': {
        const [a, b] = [compile(c.left), compile(c.right)];
        return (s) => a(s) && b(s);
      }
      case 'or': {
        const [a, b] = [compile(c.left), compile(c.right)];
        return (s) => a(s) || b(s);
      }
      case 'not': {
        const a = compile(c.arg);
        return (s) => !a(s);
      }
    }
  };
  return compile(condition);
}

const COMPARE: Record<Extract<MovesCondition, { kind: 'compare' }>['op'], (a: number, b: number) => boolean> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/**
 * Each option of a position, as the numbers of the positions it leaves, flat (`arity` numbers a
 * part): `visit(parts, count)` reads `parts[0 … count·arity − 1]` (the array is reused: copy what is
 * kept). Options with a negative number are left out; a part not smaller than the position throws
 * MovesRuleViolation. `poll`, when given, is called every STEPS_PER_POLL steps of the rule's loops with
 * the steps taken since (it may throw, MovesBudgetStop, to stop the listing): what asks the budget while
 * loops run long but give few options (`for k in 1..10^15 if k == 1`). The steps are counted across the
 * listings given the same `poll`, from nothing when it changes.
 */
export type OptionsOf = (
  position: readonly number[],
  visit: (parts: Float64Array, count: number) => void,
  poll?: (steps: number) => void,
) => void;

/**
 * The rule compiled: its options of any position. `step`, when given, is called at every step of every
 * loop (it may throw to stop the listing): what bounds a listing whose loops are long but give few
 * options (`for d in 1..n - 1 if n % d == 0` on a heap of 10^15), on a thread that must not stall.
 */
export function compileMoves(rule: MovesRule, step?: () => void): OptionsOf {
  return compileOptions(rule, positionRanges(rule), Array(rule.arity).fill(Number.POSITIVE_INFINITY), step);
}

/** compileMoves for positions within `bounds` (a box's, with their `ranges`: fewer checks). */
export function compileOptions(
  rule: MovesRule,
  ranges: Range[],
  bounds: readonly number[],
  step?: () => void,
): OptionsOf {
  const { arity } = rule;
  const slotBounds: Bounds[] = positionBounds(ranges, arity);
  const slots: Slots = new Float64Array(Math.max(rule.slots, arity));
  const maxParts = Math.max(1, ...rule.clauses.map((c) => (c.option.kind === 'split' ? c.option.parts.length : 1)));
  const parts = new Float64Array(maxParts * arity);
  const state = { bad: false };
  let position: readonly number[] = [];
  let size = 0; // the position's number (a heap) or its sum (a tuple)
  let visit: (parts: Float64Array, count: number) => void = () => {};
  let poll: ((steps: number) => void) | undefined;
  let untilPoll = STEPS_PER_POLL; // counted across listings: many short loops are as long as one long one
  const clauses = rule.clauses.map((clause) => {
    const loops = clause.loops.map((loop) => {
      const compiled = { slot: loop.slot, from: compileExpr(loop.from, ranges), to: compileExpr(loop.to, ranges) };
      slotBounds[loop.slot] = {
        lower: boundsOf(loop.from, slotBounds, ranges, arity).lower,
        upper: boundsOf(loop.to, slotBounds, ranges, arity).upper,
      };
      ranges[loop.slot] = loopRange(loop, ranges);
      return compiled;
    });
    const exprs = clause.option.kind === 'position' ? [clause.option.position] : clause.option.parts;
    const coordinates = exprs.flat().map((e) => compileExpr(e, ranges));
    const count = exprs.length;
    // The checks the bounds do not make needless (as in the generated code).
    const proofs = exprs.map((part) => part.map((e) => boundsOf(e, slotBounds, ranges, arity)));
    const checked = exprs.flat().map((e, k) => rangeOf(e, ranges).nan || !provedNatural(proofs.flat()[k], bounds));
    const unproved = proofs.map((part) => !provedSmaller(part, bounds));
    const condition = clause.condition ? compileCondition(clause.condition, ranges, state) : undefined;
    /** The option at the current binding: written into `parts`, checked, visited. */
    const emit = () => {
      if (condition) {
        state.bad = false;
        if (!condition(slots) || state.bad) return;
      }
      for (let k = 0; k < coordinates.length; k++) {
        const value = coordinates[k](slots);
        if (checked[k] && !(value >= 0)) return; // a negative number (or NaN) anywhere: not a move
        parts[k] = value;
      }
      // The position of zeros is nothing (as a heap of 0 is): leaving nothing is no move there.
      if (count === 0 && size === 0) return;
      // A move, then: each part must be smaller than the position.
      for (let i = 0; i < count; i++) {
        if (!unproved[i]) continue;
        let sum = 0;
        for (let j = i * arity; j < (i + 1) * arity; j++) sum += parts[j];
        if (sum >= size)
          throw new MovesRuleViolation(
            position,
            exprs.map((_, p) => Array.from(parts.subarray(p * arity, (p + 1) * arity))),
          );
      }
      visit(parts, count);
    };
    // Nested loops, outermost first, by an explicit recursion over at most loops.length levels. A loop's
    // bindings are spent from `untilPoll` before they run (nothing counted per step); a loop longer than
    // what is left runs that much, asks `poll`, and goes on with STEPS_PER_POLL more.
    const run = (level: number): void => {
      const { slot, from, to } = loops[level];
      let value = from(slots);
      const end = to(slots);
      const inner = level === loops.length - 1;
      for (;;) {
        const long = end - value >= untilPoll;
        const last = long ? value + untilPoll - 1 : end;
        if (value <= last) untilPoll -= last - value + 1;
        for (; value <= last; value++) {
          slots[slot] = value;
          step?.();
          if (inner) emit();
          else run(level + 1);
        }
        if (!long) return;
        if (untilPoll <= 0) {
          untilPoll = STEPS_PER_POLL;
          poll?.(STEPS_PER_POLL);
        }
      }
    };
    return loops.length === 0 ? emit : () => run(0);
  });
  return (at, visitor, polled) => {
    position = at;
    visit = visitor;
    // A new `poll` is a new computation: its steps counted from nothing, so that where it asks its
    // budget (and the work the budget is told of) does not depend on what listings came before.
    if (polled !== poll) untilPoll = STEPS_PER_POLL;
    poll = polled;
    size = 0;
    for (let i = 0; i < arity; i++) {
      slots[i] = at[i];
      size += at[i];
    }
    for (const clause of clauses) clause();
  };
}

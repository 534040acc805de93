// Rules of one's own (language version 4, part 2): `rule NAME = moves VARS -> CLAUSE | …`, as plain
// data (MovesRule), compiled once into closures and evaluated per position. A position is one
// integer (a heap) or a tuple of them; a clause `OPTION for K in A..B … if CONDITION` gives one option
// per binding of its loops (nested in order, each range inclusive, none when A > B) whose condition
// holds. An option is a position, or a split: the list of positions the move leaves.
//
// Meaning, exactly as the contract says it:
// - Arithmetic is on integers, exact: `/` divides and rounds down, `%` is what is left (a − b·(a / b),
//   so never negative for b > 0); a division by zero makes the option no move. Every value stays within
//   ±(2⁵³ − 1), the range a double holds exactly: a result past it stops the computation with a reason
//   (no silent rounding), never a wrong value.
// - An option with a negative number in it is not a move.
// - Every part an option leaves must be smaller than its position (a heap: a smaller number; a tuple:
//   a smaller sum), so that every game ends; a rule that breaks this is an error naming the position
//   and the option (MovesRuleViolation), found as values are computed.
//
// Compiled, not interpreted per option: each expression becomes a closure over a slot array (the
// position's variables first, then the loops'), so an option costs a few calls and no allocation, in
// Node and in the browser alike (no `eval`). A heap rule's values G(0..N) fill a typed array with a
// mex over each heap's options (movesHeapValues); a tuple rule's values are computed on demand for
// the positions asked, memoised (movesTupleValue), by an explicit stack (no recursion whose depth
// grows with the position).
import { describeStop, Meter } from '../budget';
import type { Budget, StopCause } from '../types';

/** An integer expression: a literal, a variable (its slot), an operation, `min`/`max`/`abs`. */
export type MovesExpr =
  | { readonly kind: 'int'; readonly value: number }
  | { readonly kind: 'var'; readonly slot: number }
  | {
      readonly kind: 'binary';
      readonly op: '+' | '-' | '*' | '/' | '%';
      readonly left: MovesExpr;
      readonly right: MovesExpr;
    }
  | { readonly kind: 'negate'; readonly arg: MovesExpr }
  | { readonly kind: 'call'; readonly fn: 'min' | 'max' | 'abs'; readonly args: readonly MovesExpr[] };

/** A condition: a comparison, `and`, `or`, `not`. */
export type MovesCondition =
  | {
      readonly kind: 'compare';
      readonly op: '==' | '!=' | '<' | '<=' | '>' | '>=';
      readonly left: MovesExpr;
      readonly right: MovesExpr;
    }
  | { readonly kind: 'and' | 'or'; readonly left: MovesCondition; readonly right: MovesCondition }
  | { readonly kind: 'not'; readonly arg: MovesCondition };

/** What an option leaves: one position (`arity` numbers), or a split, the positions it leaves (`[]`: none). */
export type MovesOption =
  | { readonly kind: 'position'; readonly position: readonly MovesExpr[] }
  | { readonly kind: 'split'; readonly parts: readonly (readonly MovesExpr[])[] };

export interface MovesClause {
  readonly option: MovesOption;
  /** Loops, outermost first: the slot bound, and its inclusive range (which may use outer slots). */
  readonly loops: readonly { readonly slot: number; readonly from: MovesExpr; readonly to: MovesExpr }[];
  readonly condition?: MovesCondition;
}

export interface MovesRule {
  readonly kind: 'moves';
  /** How many numbers a position has: 1 for a heap rule, the tuple's size otherwise. */
  readonly arity: number;
  /** Slots in all: the position's variables (0 … arity − 1), then every loop's. */
  readonly slots: number;
  readonly clauses: readonly MovesClause[];
}

/** The largest magnitude computed exactly (2⁵³ − 1). */
const EXACT = Number.MAX_SAFE_INTEGER;

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

type Slots = Float64Array;
type Int = (slots: Slots) => number;
type Bool = (slots: Slots) => boolean;

/** Division by zero: the option is no move (thrown, caught per option). */
const NO_MOVE = Symbol('no move');

function exact(value: number): number {
  if (value > EXACT || value < -EXACT)
    throw new MovesOverflow(`a value passed 2^53 - 1 (${value.toExponential(3)}): it cannot be computed exactly`);
  return value;
}

/** a / b rounded down, exactly (a double quotient of exact integers may be one off near 2^53: corrected). */
function floorDivide(a: number, b: number): number {
  if (b === 0) throw NO_MOVE;
  let q = Math.floor(a / b);
  const r = a - q * b; // the remainder, of b's sign when q is right
  if (b > 0 ? r < 0 : r > 0) q -= 1;
  else if (b > 0 ? r >= b : r <= b) q += 1;
  return q;
}

function compileExpr(expr: MovesExpr): Int {
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
      const arg = compileExpr(expr.arg);
      return (s) => -arg(s);
    }
    case 'call': {
      const args = expr.args.map(compileExpr);
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
      const left = compileExpr(expr.left);
      const right = compileExpr(expr.right);
      switch (expr.op) {
        case '+':
          return (s) => exact(left(s) + right(s));
        case '-':
          return (s) => exact(left(s) - right(s));
        case '*':
          return (s) => exact(left(s) * right(s));
        case '/':
          return (s) => floorDivide(left(s), right(s));
        case '%':
          return (s) => {
            const a = left(s);
            const b = right(s);
            return a - b * floorDivide(a, b);
          };
      }
    }
  }
}

function compileCondition(condition: MovesCondition): Bool {
  switch (condition.kind) {
    case 'compare': {
      const l = compileExpr(condition.left);
      const r = compileExpr(condition.right);
      switch (condition.op) {
        case '==':
          return (s) => l(s) === r(s);
        case '!=':
          return (s) => l(s) !== r(s);
        case '<':
          return (s) => l(s) < r(s);
        case '<=':
          return (s) => l(s) <= r(s);
        case '>':
          return (s) => l(s) > r(s);
        case '>=':
          return (s) => l(s) >= r(s);
      }
      break;
    }
    case 'and': {
      const a = compileCondition(condition.left);
      const b = compileCondition(condition.right);
      return (s) => a(s) && b(s);
    }
    case 'or': {
      const a = compileCondition(condition.left);
      const b = compileCondition(condition.right);
      return (s) => a(s) || b(s);
    }
    case 'not': {
      const a = compileCondition(condition.arg);
      return (s) => !a(s);
    }
  }
}

/**
 * Each option of a position, as the numbers of the positions it leaves, flat (`arity` numbers a
 * part): `visit(parts, count)` reads `parts[0 … count·arity − 1]` (the array is reused: copy what is
 * kept). Options with a negative number are left out; a part not smaller than the position throws
 * MovesRuleViolation.
 */
export type OptionsOf = (position: readonly number[], visit: (parts: Float64Array, count: number) => void) => void;

/** The rule compiled: its options of any position. */
export function compileMoves(rule: MovesRule): OptionsOf {
  const { arity } = rule;
  const slots: Slots = new Float64Array(Math.max(rule.slots, arity));
  const maxParts = Math.max(1, ...rule.clauses.map((c) => (c.option.kind === 'split' ? c.option.parts.length : 1)));
  const parts = new Float64Array(maxParts * arity);
  let position: readonly number[] = [];
  let size = 0; // the position's number (a heap) or its sum (a tuple)
  let visit: (parts: Float64Array, count: number) => void = () => {};
  const clauses = rule.clauses.map((clause) => {
    const partExprs =
      clause.option.kind === 'position'
        ? [clause.option.position.map(compileExpr)]
        : clause.option.parts.map((p) => p.map(compileExpr));
    const count = partExprs.length;
    const condition = clause.condition ? compileCondition(clause.condition) : undefined;
    /** The option at the current binding: written into `parts`, checked, visited. */
    const emit = () => {
      let k = 0;
      try {
        if (condition && !condition(slots)) return;
        for (const part of partExprs)
          for (const coordinate of part) {
            const value = coordinate(slots);
            if (value < 0) return; // a negative number anywhere: not a move
            parts[k++] = value;
          }
      } catch (stop) {
        if (stop === NO_MOVE) return;
        throw stop;
      }
      // A move, then: each part must be smaller than the position.
      for (let i = 0; i < count; i++) {
        let sum = 0;
        for (let j = i * arity; j < (i + 1) * arity; j++) sum += parts[j];
        if (sum >= size)
          throw new MovesRuleViolation(
            position,
            partExprs.map((_, p) => Array.from(parts.subarray(p * arity, (p + 1) * arity))),
          );
      }
      visit(parts, count);
    };
    const loops = clause.loops.map((loop) => ({
      slot: loop.slot,
      from: compileExpr(loop.from),
      to: compileExpr(loop.to),
    }));
    // Nested loops, outermost first, by an explicit recursion over at most loops.length levels.
    const run = (level: number): void => {
      if (level === loops.length) {
        emit();
        return;
      }
      const { slot, from, to } = loops[level];
      let start: number;
      let end: number;
      try {
        start = from(slots);
        end = to(slots);
      } catch (stop) {
        if (stop === NO_MOVE) return;
        throw stop;
      }
      for (let value = start; value <= end; value++) {
        slots[slot] = value;
        run(level + 1);
      }
    };
    return () => run(0);
  });
  return (at, visitor) => {
    position = at;
    visit = visitor;
    size = 0;
    for (let i = 0; i < arity; i++) {
      slots[i] = at[i];
      size += at[i];
    }
    for (const clause of clauses) clause();
  };
}

/**
 * One heap's options, as generated code: marks `seen[g] = stamp` for each option's value g (G read
 * from `G`), and returns how many options it has, or -1 when a value does not fit in `seen` (the
 * caller widens it and asks again). Throws MovesRuleViolation and MovesOverflow as the closures do.
 */
type HeapMarks = (n: number, G: Int32Array, seen: Int32Array, stamp: number) => number;

/**
 * The heap rule as JavaScript source, run by `new Function`: the closures cost a call per operation
 * and were 18 times slower than the same loop written out (half to 30,000: 8.8 s against 0.48 s).
 * Undefined where the platform forbids generated code (a content security policy without
 * 'unsafe-eval'): the closures serve there. The same meaning: a division by zero gives NaN, which no
 * test `x >= 0` passes and which a condition reports through `bad`, so the option is no move.
 */
function generatedHeapMarks(rule: MovesRule): HeapMarks | undefined {
  let temp = 0;
  const fresh = () => `t${temp++}`;
  const locals = new Set<string>();
  const expr = (e: MovesExpr): string => {
    switch (e.kind) {
      case 'int':
        return String(exact(e.value));
      case 'var':
        return `s${e.slot}`;
      case 'negate':
        return `(-${expr(e.arg)})`;
      case 'call':
        return e.fn === 'abs' ? `Math.abs(${expr(e.args[0])})` : `Math.${e.fn}(${e.args.map(expr).join(', ')})`;
      case 'binary': {
        const a = expr(e.left);
        const b = expr(e.right);
        if (e.op === '/') return `div(${a}, ${b})`;
        if (e.op === '%') return `mod(${a}, ${b})`;
        const t = fresh();
        locals.add(t);
        return `((${t} = ${a} ${e.op} ${b}) > ${EXACT} || ${t} < -${EXACT} ? over(${t}) : ${t})`;
      }
    }
  };
  const condition = (c: MovesCondition): string => {
    switch (c.kind) {
      case 'compare': {
        const [l, r] = [fresh(), fresh()];
        locals.add(l).add(r);
        const op = c.op === '==' ? '===' : c.op === '!=' ? '!==' : c.op;
        // NaN (a division by zero) is not equal to itself: the option is then no move.
        const nan = `(${l} = ${expr(c.left)}) !== ${l} || (${r} = ${expr(c.right)}) !== ${r}`;
        return `(${nan} ? (bad = 1, false) : ${l} ${op} ${r})`;
      }
      case 'and':
        return `(${condition(c.left)} && ${condition(c.right)})`;
      case 'or':
        return `(${condition(c.left)} || ${condition(c.right)})`;
      case 'not':
        return `(!${condition(c.arg)})`;
    }
  };
  const body: string[] = [];
  for (const clause of rule.clauses) {
    const parts = clause.option.kind === 'position' ? [clause.option.position] : clause.option.parts;
    const names = parts.map(() => fresh());
    const inner = [
      ...(clause.condition ? [`bad = 0; if (!${condition(clause.condition)} || bad) continue;`] : []),
      ...parts.map((part, i) => `const ${names[i]} = ${expr(part[0])}; if (!(${names[i]} >= 0)) continue;`),
      ...names.map((name) => `if (${name} >= n) violation(n, [${names.join(', ')}]);`),
      `g = ${names.length ? names.map((name) => `G[${name}]`).join(' ^ ') : '0'};`,
      'if (g >= seen.length) return -1;',
      'seen[g] = stamp; count++;',
    ].join('\n');
    // The loops, outermost first; a clause without one runs its body once.
    let code = clause.loops.length === 0 ? `do {\n${inner}\n} while (false);` : inner;
    for (const loop of [...clause.loops].reverse()) {
      const [from, to] = [fresh(), fresh()];
      code =
        `{ const ${from} = ${expr(loop.from)}, ${to} = ${expr(loop.to)};\n` +
        `for (let s${loop.slot} = ${from}; s${loop.slot} <= ${to}; s${loop.slot}++) {\n${code}\n} }`;
    }
    body.push(code);
  }
  const source = [
    'return function heapMarks(n, G, seen, stamp) {',
    `const s0 = n; let g = 0, count = 0, bad = 0${[...locals].map((t) => `, ${t} = 0`).join('')};`,
    ...body,
    'return count;',
    '};',
  ].join('\n');
  const violation = (n: number, parts: number[]) => {
    throw new MovesRuleViolation(
      [n],
      parts.map((p) => [p]),
    );
  };
  const over = (value: number) => exact(value);
  const div = (a: number, b: number) =>
    b === 0 || Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : floorDivide(a, b);
  const mod = (a: number, b: number) => {
    const q = div(a, b);
    return Number.isNaN(q) ? Number.NaN : a - b * q;
  };
  try {
    return new Function('violation', 'over', 'div', 'mod', source)(violation, over, div, mod) as HeapMarks;
  } catch {
    return undefined; // generated code forbidden here
  }
}

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

/** Computes G(0 … upTo) of a heap rule: each heap's value the mex of its options' (a split: the XOR of its parts'). */
export function movesHeapValues(
  rule: MovesRule,
  upTo: number,
  budget: Budget = {},
  how: 'generated' | 'closures' = 'generated',
): MovesHeapValues {
  if (rule.arity !== 1) throw new Error('internal: movesHeapValues needs a heap rule (one variable)');
  const generated = how === 'generated' ? generatedHeapMarks(rule) : undefined;
  const options = compileMoves(rule);
  const values = new Int32Array(upTo + 1);
  // seen[g] === stamp: some option of the current heap has value g. Values are at most the options' count.
  let seen = new Int32Array(64);
  const meter = new Meter(budget);
  const at = [0];
  let n = 0;
  let optionCount = 0;
  const visit = (parts: Float64Array, count: number) => {
    let g = 0;
    for (let i = 0; i < count; i++) g ^= values[parts[i]];
    if (g >= seen.length) {
      const wider = new Int32Array(Math.max(g + 1, seen.length * 2));
      wider.set(seen);
      seen = wider;
    }
    seen[g] = n + 1;
    optionCount++;
  };
  const stopped = (reason: string, extra: Partial<MovesHeapValues>): MovesHeapValues => ({
    values: values.subarray(0, n),
    computedUpTo: n - 1,
    reason,
    ...extra,
  });
  for (n = 0; n <= upTo; n++) {
    at[0] = n;
    optionCount = 0;
    try {
      if (generated) {
        for (;;) {
          optionCount = generated(n, values, seen, n + 1);
          if (optionCount >= 0) break;
          const wider = new Int32Array(seen.length * 2); // a value past the marks: wider, and again
          wider.set(seen);
          seen = wider;
        }
      } else options(at, visit);
    } catch (error) {
      if (error instanceof MovesRuleViolation) return stopped(error.message, { violation: error });
      if (error instanceof MovesOverflow) return stopped(`${error.message}, at heap ${n}`, {});
      throw error;
    }
    let mex = 0;
    while (mex < seen.length && seen[mex] === n + 1) mex++;
    values[n] = mex;
    const stop = meter.spend(1 + optionCount);
    if (stop && n < upTo) {
      n++;
      return stopped(`values computed up to heap ${n - 1} because ${describeStop(stop)}`, { stop });
    }
  }
  return { values, computedUpTo: upTo };
}

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
 * The value of `position` under the rule, memoised in `memo` (by the position's numbers, shared
 * between calls with the same rule): the mex of its options' values, found depth first by an explicit
 * stack. The same for heap rules, where a heap's options are computed only as far as it needs.
 */
export function movesTupleValue(
  rule: MovesRule,
  position: readonly number[],
  budget: Budget = {},
  memo: Map<string, number> = new Map(),
  options: OptionsOf = compileMoves(rule),
): MovesValue {
  const meter = new Meter(budget);
  const key = (p: readonly number[]) => p.join(',');
  // A frame: a position, its options (each a list of part keys), and how many are done.
  interface Frame {
    readonly position: readonly number[];
    readonly options: string[][];
    next: number;
  }
  const optionsOf = (p: readonly number[]): string[][] => {
    const found: string[][] = [];
    options(p, (parts, count) => {
      const option: string[] = [];
      for (let i = 0; i < count; i++)
        option.push(key(Array.from(parts.subarray(i * rule.arity, (i + 1) * rule.arity))));
      found.push(option);
    });
    return found;
  };
  try {
    if (memo.has(key(position))) return { value: memo.get(key(position))! };
    const stack: Frame[] = [{ position, options: optionsOf(position), next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      // Past the options whose parts are all known.
      let pending: string | undefined;
      while (frame.next < frame.options.length) {
        pending = frame.options[frame.next].find((part) => !memo.has(part));
        if (pending !== undefined) break;
        frame.next++;
      }
      if (pending !== undefined) {
        const stop = meter.spend(1);
        if (stop) return { value: null, reason: `stopped because ${describeStop(stop)}`, stop };
        const next = pending.split(',').map(Number);
        stack.push({ position: next, options: optionsOf(next), next: 0 });
        continue;
      }
      const seen = new Set<number>();
      for (const option of frame.options) {
        let g = 0;
        for (const part of option) g ^= memo.get(part)!;
        seen.add(g);
      }
      let mex = 0;
      while (seen.has(mex)) mex++;
      memo.set(key(frame.position), mex);
      stack.pop();
    }
    return { value: memo.get(key(position))! };
  } catch (error) {
    if (error instanceof MovesRuleViolation) return { value: null, reason: error.message, violation: error };
    if (error instanceof MovesOverflow) return { value: null, reason: error.message };
    throw error;
  }
}

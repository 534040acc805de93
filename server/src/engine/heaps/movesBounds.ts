// What can be known about a rule of one's own's expressions before it runs, for the compilers
// (movesClosures.ts, movesWasm.ts) to leave out the checks it proves needless. Ranges: each
// expression's values lie within [lo, hi] (from the positions' bounds and each loop's range), or are
// NaN (a division by zero); an operation proved to stay within ±(2⁵³ − 1) is not checked as it runs,
// a value proved within 32 bits is computed as one. Bounds relative to the position (affine forms in
// its numbers: `n - k` for k in 1..n/2 lies in [n/2, n − 1]): a number proved never negative is not
// tested, a part proved smaller than its position is not compared with it. Only ever sound: what is
// not proved is checked.
import { EXACT, INT } from './movesChecks';
import type { MovesExpr, MovesRule } from './movesData';

// ---- ranges: what each expression can be, known before it runs ----

/** Values within [lo, hi], or NaN (a division by zero) where `nan`. */
export interface Range {
  readonly lo: number;
  readonly hi: number;
  readonly nan: boolean;
}

const spread = (values: number[], nan: boolean): Range => ({ lo: Math.min(...values), hi: Math.max(...values), nan });

/**
 * An operation's range before its check. Sound with doubles: an integer past 2^53 − 1 rounds to at
 * least 2^53, so a bound that passes it is seen to.
 */
function operationRange(e: Extract<MovesExpr, { kind: 'binary' }>, slots: readonly Range[]): Range {
  const a = rangeOf(e.left, slots);
  const b = rangeOf(e.right, slots);
  const nan = a.nan || b.nan;
  const nonZero = b.lo > 0 || b.hi < 0;
  switch (e.op) {
    case '+':
      return { lo: a.lo + b.lo, hi: a.hi + b.hi, nan };
    case '-':
      return { lo: a.lo - b.hi, hi: a.hi - b.lo, nan };
    case '*':
      return spread([a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi], nan);
    case '/': {
      // a / b is monotone in each of a and b while b keeps its sign; by |b| ≥ 1, |a / b| ≤ |a|.
      if (nonZero) return spread([a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi].map(Math.floor), nan);
      const m = Math.max(-a.lo, a.hi);
      return { lo: -m, hi: m, nan: true };
    }
    case '%': {
      if (b.lo > 0) return { lo: 0, hi: a.lo >= 0 ? Math.min(a.hi, b.hi - 1) : b.hi - 1, nan };
      if (b.hi < 0) return { lo: a.hi <= 0 ? Math.max(a.lo, b.lo + 1) : b.lo + 1, hi: 0, nan };
      const m = Math.max(-b.lo, b.hi, 1) - 1;
      return { lo: -m, hi: m, nan: true };
    }
  }
}

/** An operation that cannot leave ±(2⁵³ − 1) within these ranges: it runs unchecked. */
export function proven(e: Extract<MovesExpr, { kind: 'binary' }>, slots: readonly Range[]): boolean {
  const r = operationRange(e, slots);
  return r.lo >= -EXACT && r.hi <= EXACT;
}

export function rangeOf(e: MovesExpr, slots: readonly Range[]): Range {
  switch (e.kind) {
    case 'int':
      return { lo: e.value, hi: e.value, nan: false };
    case 'var':
      return slots[e.slot];
    case 'negate': {
      const a = rangeOf(e.arg, slots);
      return { lo: -a.hi, hi: -a.lo, nan: a.nan };
    }
    case 'call': {
      const args = e.args.map((arg) => rangeOf(arg, slots));
      const nan = args.some((a) => a.nan);
      if (e.fn === 'abs') {
        const [a] = args;
        if (a.lo >= 0) return a;
        return a.hi <= 0 ? { lo: -a.hi, hi: -a.lo, nan } : { lo: 0, hi: Math.max(-a.lo, a.hi), nan };
      }
      const pick = e.fn === 'min' ? Math.min : Math.max;
      return { lo: pick(...args.map((a) => a.lo)), hi: pick(...args.map((a) => a.hi)), nan };
    }
    case 'binary': {
      // A checked operation stops past ±(2⁵³ − 1): what flows on is within.
      const r = operationRange(e, slots);
      return { lo: Math.max(r.lo, -EXACT), hi: Math.min(r.hi, EXACT), nan: r.nan };
    }
  }
}

/** The slots' ranges as a clause's loops bind them: the position's as given, each loop's [from, to]. */
export function loopRange(loop: { readonly from: MovesExpr; readonly to: MovesExpr }, slots: readonly Range[]): Range {
  return { lo: rangeOf(loop.from, slots).lo, hi: rangeOf(loop.to, slots).hi, nan: false };
}

/** The slots' ranges before a clause binds its loops': the position's numbers within [0, bounds_i] (or any). */
export const positionRanges = (rule: MovesRule, bounds?: readonly number[]): Range[] =>
  Array.from({ length: Math.max(rule.slots, rule.arity) }, (_, i) => ({
    lo: 0,
    hi: i < rule.arity ? (bounds?.[i] ?? EXACT) : EXACT,
    nan: false,
  }));

// ---- bounds relative to the position: what ranges alone cannot prove ----

/** Σ a_i·s_i + c over the position's numbers: [a_0, …, a_{arity−1}, c]. */
type Affine = readonly number[];
/** Affine bounds of an expression: it is at least each of `lower` and at most each of `upper`. */
export interface Bounds {
  readonly lower: readonly Affine[];
  readonly upper: readonly Affine[];
}
/** The slots' bounds before a clause's loops bind theirs: each of the position's numbers is itself. */
export function positionBounds(ranges: readonly Range[], arity: number): Bounds[] {
  const unit = (i: number): Affine => Array.from({ length: arity + 1 }, (_, j) => (j === i ? 1 : 0));
  return ranges.map((_, i) => (i < arity ? { lower: [unit(i)], upper: [unit(i)] } : { lower: [], upper: [] }));
}
/** Few bounds are kept (`k in 1..min(x, y)` needs two): the pairs of a sum multiply them. */
const MOST_BOUNDS = 4;

/**
 * Bounds of `e` by the position's numbers (slot i < arity is s_i; a loop's slot lies between its
 * range's bounds): `n - k` for k in 1..n/2 is at least n/2 and at most n − 1, which no constant range
 * says. Used only to leave out checks (a negative number, a part not smaller than its position).
 */
export function boundsOf(e: MovesExpr, slots: readonly Bounds[], ranges: readonly Range[], arity: number): Bounds {
  const constant = (c: number): Affine => [...Array(arity).fill(0), c];
  const range = rangeOf(e, ranges);
  const cap = (forms: Affine[]) => forms.slice(0, MOST_BOUNDS);
  const within = (b: Bounds): Bounds =>
    range.nan
      ? { lower: [], upper: [] }
      : { lower: cap([...b.lower, constant(range.lo)]), upper: cap([...b.upper, constant(range.hi)]) };
  const none: Bounds = { lower: [], upper: [] };
  const scale = (f: Affine, k: number) => f.map((a) => a * k);
  const pairs = (xs: readonly Affine[], ys: readonly Affine[], sign: number) =>
    xs.flatMap((x) => ys.map((y) => x.map((a, i) => a + sign * y[i])));
  const of = (x: MovesExpr) => boundsOf(x, slots, ranges, arity);
  switch (e.kind) {
    case 'int':
      return within(none);
    case 'var':
      return within(slots[e.slot]);
    case 'negate': {
      const a = of(e.arg);
      return within({ lower: a.upper.map((f) => scale(f, -1)), upper: a.lower.map((f) => scale(f, -1)) });
    }
    case 'call': {
      const args = e.args.map(of);
      if (e.fn === 'min') return within({ lower: [], upper: args.flatMap((a) => a.upper) });
      if (e.fn === 'max') return within({ lower: args.flatMap((a) => a.lower), upper: [] });
      return within(rangeOf(e.args[0], ranges).lo >= 0 ? args[0] : none); // |x| = x
    }
    case 'binary': {
      const [a, b] = [of(e.left), of(e.right)];
      if (e.op === '+') return within({ lower: pairs(a.lower, b.lower, 1), upper: pairs(a.upper, b.upper, 1) });
      if (e.op === '-') return within({ lower: pairs(a.lower, b.upper, -1), upper: pairs(a.upper, b.lower, -1) });
      const k = e.right.kind === 'int' ? e.right.value : undefined;
      if (k === undefined || k === 0 || e.op === '%') return within(none);
      // By a number: scaled (turned over if it is negative); a quotient rounded down lies within (|k| − 1)/|k| below.
      const [lower, upper] = k > 0 ? [a.lower, a.upper] : [a.upper, a.lower];
      if (e.op === '*') return within({ lower: lower.map((f) => scale(f, k)), upper: upper.map((f) => scale(f, k)) });
      const slack = (Math.abs(k) - 1) / Math.abs(k);
      return within({
        lower: lower.map((f) => scale(f, 1 / k).map((c, i) => (i === arity ? c - slack : c))),
        upper: upper.map((f) => scale(f, 1 / k)),
      });
    }
  }
}

/**
 * The most (or least) an affine form is over the box of positions; infinite (nothing proved) where its
 * terms pass 2^31, whose rounding could pass the slack below.
 */
function extreme(f: Affine, bounds: readonly number[], most: boolean): number {
  const unbounded = most ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  let sum = f[bounds.length];
  if (!(Math.abs(sum) <= INT)) return unbounded;
  for (let i = 0; i < bounds.length; i++) {
    // Only a coefficient that pushes the extreme counts (a bound may be infinite: any position).
    const a = most ? Math.max(0, f[i]) : Math.min(0, f[i]);
    if (a === 0) continue;
    if (!(Math.abs(a * bounds[i]) <= INT)) return unbounded;
    sum += a * bounds[i];
  }
  return sum;
}
/** Slack for the rounding of fractional coefficients: what is proved is about integers, a whole unit apart. */
const ROUNDING = 1e-3;

/** An integer proved never negative: above −1 by some lower bound. */
export const provedNatural = (b: Bounds, bounds: readonly number[]) =>
  b.lower.some((f) => extreme(f, bounds, false) > -1 + ROUNDING);

/** A part proved smaller than its position: the sum of its numbers less the position's, below 0 by some bounds. */
export function provedSmaller(part: readonly Bounds[], bounds: readonly number[]): boolean {
  let sums: Affine[] = [bounds.map(() => -1).concat(0)];
  for (const b of part) sums = sums.flatMap((s) => b.upper.map((f) => s.map((a, i) => a + f[i]))).slice(0, 16);
  return sums.some((f) => extreme(f, bounds, true) < -ROUNDING);
}

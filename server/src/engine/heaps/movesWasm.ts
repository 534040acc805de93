// A rule of one's own over a box of positions as a WebAssembly module, generated from the rule (the
// binary format, version 1, written here byte by byte): what values every position of a box where the
// platform allows it ('wasm-unsafe-eval'), ten times faster than the closures (movesClosures.ts), with
// which it must agree to the letter. Values proved within 32 bits are i32s, the others f64s; the
// checks the ranges and bounds (movesBounds.ts) prove needless are left out; the others call back into
// JavaScript to throw (an overflow, a violation) or to value a position outside the box. Each loop runs
// in chunks of at most LOOP_CHUNK bindings, each chunk's steps spent from a fuel that, once spent, asks
// the budget (an import that throws MovesBudgetStop): a loop that never ends still stops. Also the
// cache of compiled modules, one per rule and box.
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
import { EXACT, exact, INT, STEPS_PER_POLL } from './movesChecks';
import { type MovesCondition, type MovesExpr, type MovesRule, movesRuleText } from './movesData';
import {
  at32,
  COMPARE_OP,
  EMPTY,
  encodedName,
  F64,
  FUNCTION,
  f64,
  I32,
  i32,
  OPS,
  section,
  unsigned,
  vector,
  W,
} from './movesWasmBinary';

/** Code that leaves a value: an i32 (a value proved to fit in 32 bits) or an f64. */
interface Code {
  readonly ops: number[];
  readonly int: boolean;
}
const toDouble = (c: Code) => (c.int ? [...c.ops, W.f64FromI32] : c.ops);
const fitsInt = (r: Range) => !r.nan && r.lo >= -INT && r.hi <= INT;

// The kernel's functions: four imported from JavaScript, then its own.
const IMPORTS = 4;
const [OVER, VIOLATION, OUTSIDE, POLL, CHECKED, DIVIDE, MODULO] = [0, 1, 2, 3, 4, 5, 6];
const NAN_COMPARE = 7; // then one function for each comparison in OPS, then `value`
/** Its globals: `bad` (a comparison met NaN), `fuel` (the loop steps left before `poll` asks the budget). */
const [BAD, FUEL] = [0, 1];
/** The most bindings of a loop between two looks at the fuel (the rest run as before, unchecked). */
const LOOP_CHUNK = 4096;
/** Where the numbers given to `violation` and `outside` are written (f64s from byte 0). */
export const SCRATCH = 0;

/** The helpers' bodies: exact arithmetic on f64 as the closures do it (NaN for a division by zero). */
function helpers(): { type: number[]; body: number[] }[] {
  const ff_f = [FUNCTION, ...vector([[F64], [F64]]), ...vector([[F64]])];
  const nanOf = (a: number, b: number) => [W.get, a, W.get, a, W.f64Ne, W.get, b, W.get, b, W.f64Ne, W.i32Or];
  const checked = [W.get, 0, W.f64Abs, ...f64(EXACT), W.f64Gt, W.if, EMPTY, W.get, 0, W.call, OVER, W.end, W.get, 0];
  const divide = [W.get, 1, ...f64(0), W.f64Eq, W.if, F64, ...f64(Number.NaN), W.else];
  const quotient = [W.get, 0, W.get, 1, W.f64Div, W.f64Floor, W.end];
  // The remainder in 64-bit integers (exact: WebAssembly has no f64 remainder), then of b's sign.
  const remainder = [W.get, 0, W.i64TruncF64, W.get, 1, W.i64TruncF64, W.i64RemS, W.f64FromI64, W.set, 2];
  const signFix = [
    W.get,
    2,
    ...f64(0),
    W.f64Ne,
    W.get,
    2,
    ...f64(0),
    W.f64Lt,
    W.get,
    1,
    ...f64(0),
    W.f64Lt,
    W.i32Ne,
    W.i32And,
  ];
  const modulo = [
    ...[W.get, 1, ...f64(0), W.f64Eq, ...nanOf(0, 1), W.i32Or, W.if, F64, ...f64(Number.NaN), W.else],
    ...[...remainder, ...signFix, W.if, F64, W.get, 2, W.get, 1, W.f64Add, W.else, W.get, 2, W.end, W.end],
  ];
  const compare = OPS.map((op) => [
    ...[...nanOf(0, 1), W.if, I32, ...i32(1), W.globalSet, BAD, ...i32(0), W.else],
    ...[W.get, 0, W.get, 1, COMPARE_OP[op][1], W.end],
  ]);
  return [
    { type: [FUNCTION, ...vector([[F64]]), ...vector([[F64]])], body: [0, ...checked, W.end] },
    { type: ff_f, body: [0, ...divide, ...quotient, W.end] },
    { type: ff_f, body: [1, 1, F64, ...modulo, W.end] },
    ...compare.map((body) => ({
      type: [FUNCTION, ...vector([[F64], [F64]]), ...vector([[I32]])],
      body: [0, ...body, W.end],
    })),
  ];
}

/**
 * The rule over a box of positions as a WebAssembly module (the closures cost a call per operation,
 * and JavaScript's typed arrays a check of the array at each access: half to 30,000 took 5.7 s by
 * closures, 2.1 s as generated JavaScript, 0.2 s as this, as long as C). Its memory holds a scratch
 * area, the box's values (i32, position p at `valuesAt` + 4·Σ p_i·strides_i), then the marks
 * (at `seen`, moved as the values grow). Its function `value(…position, stamp, index, marks, seen)`
 * marks each option's value with the stamp, writes the mex at `index` and returns the count of
 * options, or −1 when a value from outside the box (`outside`) does not fit in the marks; violations
 * and overflows are thrown by `violation` and `over`, from JavaScript. A value not proved to fit in
 * 32 bits is an f64; a check proved needless (an overflow, a negative number, a part not smaller than
 * its position) is left out. The caller runs it by `run` (runFunction).
 */
function kernelBytes(
  rule: MovesRule,
  bounds: readonly number[],
  strides: readonly number[],
  layout: Layout,
): Uint8Array {
  const { arity } = rule;
  const ranges = positionRanges(rule, bounds);
  const slotBounds: Bounds[] = positionBounds(ranges, arity);
  const bounded = (e: MovesExpr) => boundsOf(e, slotBounds, ranges, arity);
  // Locals: the parameters (position, stamp, index, marks, where the marks are), then those declared
  // as they are needed.
  const [STAMP, INDEX, MARKS, SEEN] = [arity, arity + 1, arity + 2, arity + 3];
  const types: number[] = [];
  const local = (int: boolean) => types.push(int ? I32 : F64) + arity + 3;
  const [COUNT, G, X] = [local(true), local(true), local(true)];
  const sizeInt = bounds.reduce((s, b) => s + b, 0) <= INT;
  const SIZE = local(sizeInt);
  const slotLocal = ranges.map((_, i) => i);
  const ints = ranges.map((_, i) => i < arity);
  let nanCompared = false;
  const expr = (e: MovesExpr): Code => {
    const r = rangeOf(e, ranges);
    switch (e.kind) {
      case 'int':
        return fitsInt(r) ? { ops: i32(exact(e.value)), int: true } : { ops: f64(exact(e.value)), int: false };
      case 'var':
        return { ops: [W.get, ...unsigned(slotLocal[e.slot])], int: ints[e.slot] };
      case 'negate': {
        const a = expr(e.arg);
        return a.int && fitsInt(r)
          ? { ops: [...i32(0), ...a.ops, W.i32Sub], int: true }
          : { ops: [...toDouble(a), W.f64Neg], int: false };
      }
      case 'call': {
        const args = e.args.map(expr);
        if (e.fn === 'abs') {
          const [a] = args;
          if (!a.int || !fitsInt(r)) return { ops: [...toDouble(a), W.f64Abs], int: false };
          const t = local(true);
          const sign = [W.get, ...unsigned(t), ...i32(31), W.i32ShrS];
          return { ops: [...a.ops, W.tee, ...unsigned(t), ...sign, W.i32Xor, ...sign, W.i32Sub], int: true };
        }
        if (!args.every((a) => a.int) || !fitsInt(r)) {
          const op = e.fn === 'min' ? W.f64Min : W.f64Max;
          return { ops: args.flatMap((a, i) => (i === 0 ? toDouble(a) : [...toDouble(a), op])), int: false };
        }
        // The least (most) so far against the next: both kept in locals, the pick by `select`.
        const [best, next] = [local(true), local(true)];
        const ops = [...args[0].ops, W.set, ...unsigned(best)];
        for (const a of args.slice(1)) {
          const [b, n] = [
            [W.get, ...unsigned(best)],
            [W.get, ...unsigned(next)],
          ];
          const test = [...n, ...b, COMPARE_OP[e.fn === 'min' ? '<' : '>'][0]];
          ops.push(...a.ops, W.set, ...unsigned(next), ...n, ...b, ...test, W.select, W.set, ...unsigned(best));
        }
        return { ops: [...ops, W.get, ...unsigned(best)], int: true };
      }
      case 'binary': {
        const [a, b] = [expr(e.left), expr(e.right)];
        const [ra, rb] = [rangeOf(e.left, ranges), rangeOf(e.right, ranges)];
        const natural = ra.lo >= 0 && rb.lo > 0; // `/` and `%` as the machine does them
        const [x, y] = [toDouble(a), toDouble(b)];
        const nonZero = rb.lo > 0 || rb.hi < 0;
        if (a.int && b.int && fitsInt(r)) {
          const machine = { '+': W.i32Add, '-': W.i32Sub, '*': W.i32Mul, '/': W.i32DivS, '%': W.i32RemS }[e.op];
          if (e.op === '+' || e.op === '-' || e.op === '*' || natural)
            return { ops: [...a.ops, ...b.ops, machine], int: true };
          // Rounded down (the machine's division rounds toward zero), for a divisor that is never 0.
          if (e.op === '/' && nonZero) return { ops: [...x, ...y, W.f64Div, W.f64Floor, W.i32TruncF64], int: true };
          if (e.op === '%' && nonZero) return { ops: [...x, ...y, W.call, MODULO, W.i32TruncF64], int: true };
        }
        if (e.op === '/')
          return { ops: nonZero ? [...x, ...y, W.f64Div, W.f64Floor] : [...x, ...y, W.call, DIVIDE], int: false };
        if (e.op === '%') return { ops: [...x, ...y, W.call, MODULO], int: false };
        const op = { '+': W.f64Add, '-': W.f64Sub, '*': W.f64Mul }[e.op];
        return { ops: [...x, ...y, op, ...(proven(e, ranges) ? [] : [W.call, CHECKED])], int: false };
      }
    }
  };
  const condition = (c: MovesCondition): number[] => {
    switch (c.kind) {
      case 'compare': {
        const [l, r] = [expr(c.left), expr(c.right)];
        if (l.int && r.int) return [...l.ops, ...r.ops, COMPARE_OP[c.op][0]];
        const [x, y] = [toDouble(l), toDouble(r)];
        if (!rangeOf(c.left, ranges).nan && !rangeOf(c.right, ranges).nan) return [...x, ...y, COMPARE_OP[c.op][1]];
        nanCompared = true;
        return [...x, ...y, W.call, NAN_COMPARE + OPS.indexOf(c.op)];
      }
      case 'and':
        return [...condition(c.left), W.if, I32, ...condition(c.right), W.else, ...i32(0), W.end];
      case 'or':
        return [...condition(c.left), W.if, I32, ...i32(1), W.else, ...condition(c.right), W.end];
      case 'not':
        return [...condition(c.arg), W.i32Eqz];
    }
  };
  const get = (n: number) => [W.get, ...unsigned(n)];
  const set = (n: number) => [W.set, ...unsigned(n)];
  /** Numbers written to the scratch area as f64s, for `violation` and `outside` to read. */
  const scratch = (codes: Code[]) =>
    codes.flatMap((c, i) => [...i32(SCRATCH + 8 * i), ...toDouble(c), W.f64Store, 3, 0]);
  const position = Array.from({ length: arity }, (_, i): Code => ({ ops: get(i), int: true }));
  // The position's size (its sum), which each part must be below.
  const body = [
    ...position.flatMap((p, i) => [
      ...(sizeInt ? p.ops : toDouble(p)),
      ...(i === 0 ? [] : [sizeInt ? W.i32Add : W.f64Add]),
    ]),
    ...set(SIZE),
  ];
  for (const clause of rule.clauses) {
    const heads: { slot: number; from: Code; to: Code; int: boolean }[] = [];
    for (const loop of clause.loops) {
      const [from, to] = [expr(loop.from), expr(loop.to)];
      const range = loopRange(loop, ranges);
      slotBounds[loop.slot] = { lower: bounded(loop.from).lower, upper: bounded(loop.to).upper };
      const int = from.int && to.int && range.hi < INT - 4; // room for four steps past the end
      [ranges[loop.slot], slotLocal[loop.slot], ints[loop.slot]] = [range, local(int), int];
      heads.push({ slot: loop.slot, from, to, int });
    }
    // The option: each `br_if 0` goes on to the next binding (no move here).
    const option: number[] = [];
    let continues = false;
    if (clause.condition) {
      nanCompared = false;
      const test = condition(clause.condition);
      if (nanCompared)
        option.push(...i32(0), W.globalSet, BAD, ...test, W.i32Eqz, W.globalGet, BAD, W.i32Or, W.brIf, 0);
      else option.push(...test, W.i32Eqz, W.brIf, 0);
      continues = true;
    }
    const exprs = clause.option.kind === 'position' ? [clause.option.position] : clause.option.parts;
    const parts = exprs.map((part) =>
      part.map((e) => {
        const value = expr(e);
        const range = rangeOf(e, ranges);
        const name = local(value.int);
        option.push(...value.ops, ...set(name));
        const proof = bounded(e);
        if (range.nan || !provedNatural(proof, bounds)) {
          option.push(...get(name), ...(value.int ? [...i32(0), W.i32Lt] : [...f64(0), W.f64Ge, W.i32Eqz]), W.brIf, 0);
          continues = true;
        }
        return { ops: get(name), int: value.int, range, proof };
      }),
    );
    for (const part of parts) {
      if (
        provedSmaller(
          part.map((c) => c.proof),
          bounds,
        )
      )
        continue;
      const intSum = sizeInt && part.every((c) => c.int) && part.reduce((s, c) => s + c.range.hi, 0) <= INT;
      const sum = part.flatMap((c, i) => [
        ...(intSum ? c.ops : toDouble(c)),
        ...(i === 0 ? [] : [intSum ? W.i32Add : W.f64Add]),
      ]);
      const size = intSum || !sizeInt ? get(SIZE) : [...get(SIZE), W.f64FromI32];
      option.push(...sum, ...size, COMPARE_OP['>='][intSum ? 0 : 1], W.if, EMPTY);
      option.push(...scratch([...position, ...parts.flat()]), ...i32(parts.length), W.call, VIOLATION, W.end);
    }
    parts.forEach((part, p) => {
      const index = part.flatMap((c, i) => {
        const whole = c.int ? c.ops : [...c.ops, W.i32TruncF64];
        const term = strides[i] === 1 ? whole : [...whole, ...i32(strides[i]), W.i32Mul];
        return i === 0 ? term : [...term, W.i32Add];
      });
      const read = [...index, ...i32(2), W.i32Shl, W.i32Load, ...at32(layout.valuesAt)];
      // In the box, except where its range says so (or, for a heap, its being smaller than the heap).
      const beyond = part.filter((c, i) => arity > 1 && c.range.hi > bounds[i]);
      const outside = beyond.flatMap((c, k) => {
        const limit = bounds[part.indexOf(c)];
        return [
          ...c.ops,
          ...(c.int ? [...i32(limit), W.i32Gt] : [...f64(limit), W.f64Gt]),
          ...(k > 0 ? [W.i32Or] : []),
        ];
      });
      if (outside.length > 0) {
        const t = local(true);
        const valued = [...scratch(part), W.call, OUTSIDE, W.i32TruncF64, W.tee, ...unsigned(t)];
        option.push(...outside, W.if, I32, ...valued, ...get(MARKS), W.i32Ge, W.if, EMPTY, ...i32(-1), W.return, W.end);
        option.push(...get(t), W.else, ...read, W.end);
      } else option.push(...read);
      if (p > 0) option.push(W.i32Xor);
    });
    if (parts.length === 0) {
      // The position of zeros is nothing (as a heap of 0 is): leaving nothing is no move there.
      option.push(...get(SIZE), ...(sizeInt ? [W.i32Eqz] : [...f64(0), COMPARE_OP['=='][1]]), W.brIf, 0, ...i32(0));
      continues = true;
    }
    option.push(
      ...set(G),
      ...get(SEEN),
      ...get(G),
      ...i32(2),
      W.i32Shl,
      W.i32Add,
      ...get(STAMP),
      W.i32Store,
      ...at32(0),
    );
    option.push(...get(COUNT), ...i32(1), W.i32Add, ...set(COUNT));
    // The loops around it, innermost first; the innermost four bindings a step where nothing skips one.
    // Each runs in chunks of at most LOOP_CHUNK bindings, the chunk's steps spent from the fuel first.
    let code = [W.block, EMPTY, ...option, W.end];
    heads.reverse().forEach((head, depth) => {
      const s = slotLocal[head.slot];
      const [bound, end] = [local(head.int), local(head.int)];
      const step = head.int ? [...get(s), ...i32(1), W.i32Add] : [...get(s), ...f64(1), W.f64Add];
      const past = (ahead: number, limit: number) =>
        head.int
          ? [...get(s), ...(ahead ? [...i32(ahead), W.i32Add] : []), ...get(limit), COMPARE_OP['>'][0]]
          : [...get(s), ...get(limit), COMPARE_OP['<='][1], W.i32Eqz]; // past a NaN bound too: no binding
      const loop = (inner: number[], ahead: number, limit: number) => [
        ...[W.block, EMPTY, W.loop, EMPTY, ...past(ahead, limit), W.brIf, 1],
        ...[...inner, W.br, 0, W.end, W.end],
      ];
      const once = [...code, ...step, ...set(s)];
      const fours = depth === 0 && !continues && head.int ? loop([...once, ...once, ...once, ...once], 3, end) : [];
      const start = [
        ...(head.int ? head.from.ops : toDouble(head.from)),
        ...set(s),
        ...(head.int ? head.to.ops : toDouble(head.to)),
        ...set(bound),
      ];
      // The chunk's end: the bound, or LOOP_CHUNK − 1 past s (i32: bound − s compared unsigned, which
      // cannot overflow as bound ≥ s; f64: exact below 2^53, and at least 2^53 > bound above).
      const chunkEnd = head.int
        ? [...get(bound), ...get(s), ...i32(LOOP_CHUNK - 1), W.i32Add]
        : [...get(bound), ...get(s), ...f64(LOOP_CHUNK - 1), W.f64Add, W.f64Min];
      if (head.int) chunkEnd.push(...get(bound), ...get(s), W.i32Sub, ...i32(LOOP_CHUNK), W.i32LtU, W.select);
      const span = head.int ? [...get(end), ...get(s), W.i32Sub] : [...get(end), ...get(s), W.f64Sub, W.i32TruncF64];
      const spend = [W.globalGet, FUEL, ...span, W.i32Sub, ...i32(1), W.i32Sub, W.globalSet, FUEL];
      const refuel = [W.call, POLL, ...i32(STEPS_PER_POLL), W.globalSet, FUEL];
      spend.push(W.globalGet, FUEL, ...i32(0), W.i32Lt, W.if, EMPTY, ...refuel, W.end);
      const chunk = [...chunkEnd, ...set(end), ...spend, ...fours, ...loop(once, 0, end)];
      code = [...start, ...loop(chunk, 0, bound)];
    });
    body.push(...code);
  }
  // The mex: the first value not marked with this position's stamp.
  const mex = [...i32(0), ...set(X), W.block, EMPTY, W.loop, EMPTY, ...get(X), ...get(MARKS), W.i32Ge, W.brIf, 1];
  mex.push(
    ...get(SEEN),
    ...get(X),
    ...i32(2),
    W.i32Shl,
    W.i32Add,
    W.i32Load,
    ...at32(0),
    ...get(STAMP),
    W.i32Ne,
    W.brIf,
    1,
  );
  mex.push(...get(X), ...i32(1), W.i32Add, ...set(X), W.br, 0, W.end, W.end);
  body.push(...mex, ...get(INDEX), ...i32(2), W.i32Shl, ...get(X), W.i32Store, ...at32(layout.valuesAt), ...get(COUNT));
  const value = {
    type: [FUNCTION, ...vector(Array(arity + 4).fill([I32])), ...vector([[I32]])],
    body: [...vector(types.map((t) => [1, t])), ...body, W.end],
  };
  const own = [...helpers(), value, runFunction(arity, strides, layout, NAN_COMPARE + OPS.length)];
  const signatures = [
    [FUNCTION, ...vector([[F64]]), ...vector([])],
    [FUNCTION, ...vector([[I32]]), ...vector([])],
    [FUNCTION, ...vector([]), ...vector([[F64]])],
    [FUNCTION, ...vector([]), ...vector([])],
    ...own.map((f) => f.type),
  ];
  const imports = [
    [...encodedName('env'), ...encodedName('memory'), 2, 0, 1],
    ...['over', 'violation', 'outside', 'poll'].map((f, i) => [...encodedName('env'), ...encodedName(f), 0, i]),
  ];
  return Uint8Array.from([
    ...[0, 0x61, 0x73, 0x6d, 1, 0, 0, 0], // "\0asm", version 1
    ...section(1, vector(signatures)),
    ...section(2, vector(imports)),
    ...section(3, vector(own.map((_, i) => unsigned(IMPORTS + i)))),
    ...section(
      6,
      vector([
        [I32, 1, ...i32(0), W.end],
        [I32, 1, ...i32(STEPS_PER_POLL), W.end],
      ]),
    ), // BAD, FUEL
    ...section(7, vector([[...encodedName('run'), 0, ...unsigned(IMPORTS + own.length - 1)]])),
    ...section(10, vector(own.map((f) => [...unsigned(f.body.length), ...f.body]))),
  ]);
}

/**
 * The kernel's export `run(…, sum, from, to, first, marks, seen, limit)`: the positions of a line, in order,
 * each valued by `value` with its own stamp (first, first + 1, …): a heap rule's heaps from..to
 * (no numbers before `from`), or a tuple's positions (…, x, sum − x) for x = from..to, the numbers
 * before x given. It returns how many it valued, stopping after one whose value is `marks` (the
 * caller widens them) or once the options counted reach `limit` (the caller looks at its budget);
 * −1 − k when the k-th needs the marks wider first. The options counted are left at `layout.work`.
 */
function runFunction(arity: number, strides: readonly number[], layout: Layout, valueFunction: number) {
  const given = Math.max(0, arity - 1); // the numbers before x, then the sum (a tuple)
  const [FROM, TO, FIRST, MARKS, SEEN, LIMIT] = [given, given + 1, given + 2, given + 3, given + 4, given + 5];
  const [X, K, WORK, R, BASE, INDEX] = [given + 6, given + 7, given + 8, given + 9, given + 10, given + 11];
  const get = (n: number) => [W.get, ...unsigned(n)];
  const set = (n: number) => [W.set, ...unsigned(n)];
  const code: number[] = [];
  // The index of the numbers before x; then each position's, and its numbers for `value`.
  for (let i = 0; i < arity - 2; i++) code.push(...get(i), ...i32(strides[i]), W.i32Mul, ...(i > 0 ? [W.i32Add] : []));
  code.push(...(arity > 2 ? [] : i32(0)), ...set(BASE), ...get(FROM), ...set(X));
  const last = arity > 1 ? [...get(given - 1), ...get(X), W.i32Sub] : []; // sum − x
  const index = [
    ...get(BASE),
    ...get(X),
    ...i32(arity > 1 ? strides[arity - 2] : 1),
    W.i32Mul,
    W.i32Add,
    ...last,
    ...(arity > 1 ? [W.i32Add] : []),
  ];
  const numbers = [...Array.from({ length: Math.max(0, arity - 2) }, (_, i) => get(i)).flat(), ...get(X), ...last];
  const stored = (work: number[]) => [...i32(layout.work), ...work, W.i32Store, ...at32(0)];
  code.push(W.block, EMPTY, W.loop, EMPTY, ...get(X), ...get(TO), W.i32Gt, W.brIf, 1);
  // How many are valued so far, for the caller to know where a violation or an overflow stopped it.
  code.push(...i32(layout.work + 4), ...get(K), W.i32Store, ...at32(0));
  code.push(
    ...index,
    ...set(INDEX),
    ...numbers,
    ...get(FIRST),
    ...get(K),
    W.i32Add,
    ...get(INDEX),
    ...get(MARKS),
    ...get(SEEN),
  );
  code.push(W.call, ...unsigned(valueFunction), W.tee, ...unsigned(R), ...i32(0), W.i32Lt, W.if, EMPTY);
  code.push(...stored(get(WORK)), ...i32(-1), ...get(K), W.i32Sub, W.return, W.end);
  code.push(...get(WORK), ...get(R), W.i32Add, ...i32(1), W.i32Add, ...set(WORK));
  code.push(...get(K), ...i32(1), W.i32Add, ...set(K), ...get(X), ...i32(1), W.i32Add, ...set(X));
  code.push(...get(INDEX), ...i32(2), W.i32Shl, W.i32Load, ...at32(layout.valuesAt), ...get(MARKS), W.i32Eq, W.brIf, 1);
  code.push(...get(WORK), ...get(LIMIT), W.i32Ge, W.brIf, 1, W.br, 0, W.end, W.end, ...stored(get(WORK)), ...get(K));
  const params = Array(given + 6).fill([I32]);
  return { type: [FUNCTION, ...vector(params), ...vector([[I32]])], body: [...vector([[6, I32]]), ...code, W.end] };
}

/**
 * Boxes' kernels, compiled (undefined where WebAssembly is missing or forbidden), by the rule's plain
 * data and the box, the last KERNELS_KEPT used: a rule parsed again after an edit elsewhere in its
 * document is a new object but the same rule, and its kernel (3 to 20 ms to compile) is not compiled again.
 */
const kernelModules = new Map<string, WebAssembly.Module | undefined>();
const KERNELS_KEPT = 64;

/** The kernel's module, compiled once for each rule and box (and the code V8 optimised as it ran, kept). */
export function kernelModule(rule: MovesRule, bounds: readonly number[], strides: readonly number[], layout: Layout) {
  // The strides and the layout follow from the rule and the bounds.
  const key = `${bounds.join(',')} ${movesRuleText(rule)}`;
  if (kernelModules.has(key)) {
    const known = kernelModules.get(key);
    kernelModules.delete(key); // used again: the newest
    kernelModules.set(key, known);
    return known;
  }
  // A literal past 2^53 - 1 throws here, as the closures do. Copied: WebAssembly takes bytes of an ArrayBuffer.
  const bytes = new Uint8Array(kernelBytes(rule, bounds, strides, layout));
  let compiled: WebAssembly.Module | undefined;
  try {
    compiled = typeof WebAssembly === 'object' ? new WebAssembly.Module(bytes) : undefined;
  } catch (error) {
    // Compiling refused (a content security policy without 'wasm-unsafe-eval'): the closures serve.
    if (!WebAssembly.validate(bytes)) throw error; // invalid bytes would be a fault of this file
  }
  if (kernelModules.size >= KERNELS_KEPT) kernelModules.delete(kernelModules.keys().next().value as string);
  kernelModules.set(key, compiled);
  return compiled;
}

/** Where a kernel's memory holds what: the scratch area, the values, the marks (bytes). */
export interface Layout {
  readonly valuesAt: number;
  /** Where `run` leaves the options it counted (an i32), and how many positions it valued (the next). */
  readonly work: number;
}

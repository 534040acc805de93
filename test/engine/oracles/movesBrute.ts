// The oracle for rules of one's own (`rule NAME = moves VARS -> CLAUSE | …`), written from the contract's words
// alone: a tree-walking evaluation in BigInt (so exact by construction), nested loops as written, each option
// checked (negative numbers no move, nothing left from the position of zeros no move, a part not smaller than its
// position a violation), values by the mex over a memoised recursion. With it, random rules as the engine's plain
// data (MovesRule), and a printer that writes such a rule as `.game` text, parenthesised so that the language reads
// back exactly the data printed: the engine's test (test/engine/heaps/movesRule.test.ts) checks the compiled rules
// against the brute force, and the front end's (test/language/movesRandom.test.ts) checks the same rules written
// as text, through the whole analysis.
import type {
  MovesClause,
  MovesCondition,
  MovesExpr,
  MovesOption,
  MovesRule,
} from '../../../server/src/engine/heaps/movesRule';
import { KEYWORDS } from '../../../server/src/language/lexer';
import { MOVES_WORDS } from '../../../server/src/language/movesBody';
import { integer } from './random';

// ---- the brute force ----

export function evaluate(e: MovesExpr, env: bigint[]): bigint | null {
  switch (e.kind) {
    case 'int':
      return BigInt(e.value);
    case 'var':
      return env[e.slot];
    case 'negate': {
      const a = evaluate(e.arg, env);
      return a === null ? null : -a;
    }
    case 'call': {
      const args = e.args.map((a) => evaluate(a, env));
      if (args.some((a) => a === null)) return null;
      const xs = args as bigint[];
      if (e.fn === 'abs') return xs[0] < 0n ? -xs[0] : xs[0];
      return xs.reduce((m, x) => (e.fn === 'min' ? (x < m ? x : m) : x > m ? x : m));
    }
    case 'binary': {
      const a = evaluate(e.left, env);
      const b = evaluate(e.right, env);
      if (a === null || b === null) return null;
      if (e.op === '+') return a + b;
      if (e.op === '-') return a - b;
      if (e.op === '*') return a * b;
      if (b === 0n) return null; // no move
      // Rounded down (BigInt division truncates toward zero).
      let q = a / b;
      if (a % b !== 0n && a < 0n !== b < 0n) q -= 1n;
      return e.op === '/' ? q : a - b * q;
    }
  }
}

export function holds(c: MovesCondition, env: bigint[]): boolean | null {
  switch (c.kind) {
    case 'compare': {
      const a = evaluate(c.left, env);
      const b = evaluate(c.right, env);
      if (a === null || b === null) return null;
      return { '==': a === b, '!=': a !== b, '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[c.op];
    }
    case 'and':
    case 'or': {
      const a = holds(c.left, env);
      if (a === null) return null;
      if (c.kind === 'and' && !a) return false;
      if (c.kind === 'or' && a) return true;
      return holds(c.right, env);
    }
    case 'not': {
      const a = holds(c.arg, env);
      return a === null ? null : !a;
    }
  }
}

/** A part not smaller than its position: the first such option of the position, as the options are listed. */
export class Violation extends Error {
  constructor(
    readonly position: readonly number[],
    readonly option: readonly (readonly number[])[],
  ) {
    super(`the option [${option.map((p) => `(${p.join(', ')})`).join(', ')}] of (${position.join(', ')})`);
  }
}

/** Every option of a position, as lists of parts (each a list of numbers), by the contract's words. */
export function bruteOptions(rule: MovesRule, position: number[]): number[][][] {
  const found: number[][][] = [];
  const size = position.reduce((s, x) => s + x, 0);
  for (const clause of rule.clauses) {
    const env: bigint[] = new Array(rule.slots).fill(0n);
    position.forEach((x, i) => (env[i] = BigInt(x)));
    const loop = (level: number) => {
      if (level === clause.loops.length) {
        if (clause.condition) {
          const ok = holds(clause.condition, env);
          if (ok === null || !ok) return;
        }
        const exprs = clause.option.kind === 'position' ? [clause.option.position] : clause.option.parts;
        const parts: number[][] = [];
        for (const part of exprs) {
          const numbers = part.map((e) => evaluate(e, env));
          if (numbers.some((x) => x === null)) return;
          if (numbers.some((x) => (x as bigint) < 0n)) return;
          parts.push(numbers.map(Number));
        }
        // The position of zeros is nothing (a heap of 0): leaving nothing is no move there.
        if (parts.length === 0 && size === 0) return;
        for (const part of parts)
          if (part.reduce((s, x) => s + x, 0) >= size) throw new Violation([...position], parts);
        found.push(parts);
        return;
      }
      const { slot, from, to } = clause.loops[level];
      const a = evaluate(from, env);
      const b = evaluate(to, env);
      if (a === null || b === null) return;
      for (let v = a; v <= b; v++) {
        env[slot] = v;
        loop(level + 1);
      }
    };
    loop(0);
  }
  return found;
}

export function bruteValue(rule: MovesRule, position: number[], memo: Map<string, number>): number {
  const key = position.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  const seen = new Set(
    bruteOptions(rule, position).map((parts) => parts.reduce((g, p) => g ^ bruteValue(rule, p, memo), 0)),
  );
  let mex = 0;
  while (seen.has(mex)) mex++;
  memo.set(key, mex);
  return mex;
}

// ---- rules ----

export const int = (value: number): MovesExpr => ({ kind: 'int', value });
export const v = (slot: number): MovesExpr => ({ kind: 'var', slot });
export const bin = (op: '+' | '-' | '*' | '/' | '%', left: MovesExpr, right: MovesExpr): MovesExpr => ({
  kind: 'binary',
  op,
  left,
  right,
});
export const loop = (slot: number, from: MovesExpr, to: MovesExpr) => ({ slot, from, to });

/** A random expression over the slots in scope, small numbers, every operation. */
export function randomExpr(next: () => number, scope: readonly number[], depth = 0): MovesExpr {
  const r = next();
  if (depth > 2 || r < 0.35)
    return next() < 0.6 ? v(scope[integer(next, 0, scope.length - 1)]) : int(integer(next, 0, 4));
  if (r < 0.8) {
    const op = (['+', '-', '-', '*', '/', '%'] as const)[integer(next, 0, 5)];
    return bin(op, randomExpr(next, scope, depth + 1), randomExpr(next, scope, depth + 1));
  }
  if (r < 0.9) return { kind: 'negate', arg: randomExpr(next, scope, depth + 1) };
  const fn = (['min', 'max', 'abs'] as const)[integer(next, 0, 2)];
  const args =
    fn === 'abs'
      ? [randomExpr(next, scope, depth + 1)]
      : [randomExpr(next, scope, depth + 1), randomExpr(next, scope, depth + 1)];
  return { kind: 'call', fn, args };
}

/**
 * A random rule of `arity` variables: options mostly below their position (some rules break it). Its loops'
 * slots are numbered on from clause to clause (the checker numbers each clause's loops from `arity`: see
 * checkerSlots).
 */
export function randomRule(next: () => number, arity: number): MovesRule {
  let slots = arity;
  const clauses: MovesClause[] = [];
  for (let c = integer(next, 1, 3); c > 0; c--) {
    const loops: MovesClause['loops'][number][] = [];
    // In scope: the position's variables and this clause's loops bound so far (as the language scopes them).
    const scope = Array.from({ length: arity }, (_, i) => i);
    for (let l = integer(next, 0, 2); l > 0; l--) {
      const slot = slots++;
      const to = next() < 0.7 ? v(integer(next, 0, arity - 1)) : randomExpr(next, scope);
      loops.push(loop(slot, int(integer(next, 0, 2)), to));
      scope.push(slot);
    }
    // An option: each coordinate a variable less a loop variable or a small number, or anything.
    const coordinate = () =>
      next() < 0.8
        ? bin(
            '-',
            v(integer(next, 0, arity - 1)),
            loops.length && next() < 0.7 ? v(loops[integer(next, 0, loops.length - 1)].slot) : int(integer(next, 1, 3)),
          )
        : randomExpr(next, scope);
    const position = () => Array.from({ length: arity }, coordinate);
    const option =
      next() < 0.7
        ? ({ kind: 'position', position: position() } as const)
        : ({ kind: 'split', parts: Array.from({ length: integer(next, 0, 3) }, position) } as const);
    const condition: MovesCondition | undefined =
      next() < 0.4
        ? {
            kind: 'compare',
            op: (['==', '!=', '<', '<=', '>', '>='] as const)[integer(next, 0, 5)],
            left: randomExpr(next, scope),
            right: randomExpr(next, scope),
          }
        : undefined;
    clauses.push({ option, loops, ...(condition ? { condition } : {}) });
  }
  return { kind: 'moves', arity, slots, clauses };
}

// ---- a rule as text ----

/** Names a rule may not give its variables: the rule's own words, and the language's keywords (never names). */
const RESERVED: ReadonlySet<string> = new Set<string>([...MOVES_WORDS, ...KEYWORDS]);

/** The position's variables: `n` for a heap rule, `x, y, z, w` for tuples (then `p5`, `p6`, …). */
function positionNames(arity: number): string[] {
  if (arity === 1) return ['n'];
  return Array.from({ length: arity }, (_, i) => ['x', 'y', 'z', 'w'][i] ?? `p${i + 1}`);
}

/** A clause's loop variables, outermost first: `a`, `b`, `c`, … (never a position's name), then `k13`, `k14`, …. */
function loopNames(count: number, taken: readonly string[]): string[] {
  const letters = 'abcdefghijklm'.split('').filter((l) => !taken.includes(l));
  return Array.from({ length: count }, (_, i) => letters[i] ?? `k${i + 1}`);
}

/** How tightly a printed expression binds: the parser's levels (movesBody.ts: sum < product < unary < primary). */
const SUM = 1;
const PRODUCT = 2;
const UNARY = 3;
const PRIMARY = 4;

/**
 * An expression as text, parenthesised where the grammar needs it for the parse to give back this very tree:
 * `+ -` and `* / %` associate to the left, so a right operand of the same level is parenthesised; `-x` (the
 * parser's `negate`) binds tighter than `*`. A negative literal (the parser never makes one: `-3` is the
 * negation of 3) is written `(-3)`, which means the same.
 */
function exprText(e: MovesExpr, names: readonly string[]): { text: string; level: number } {
  const at = (arg: MovesExpr, level: number) => {
    const printed = exprText(arg, names);
    return printed.level >= level ? printed.text : `(${printed.text})`;
  };
  switch (e.kind) {
    case 'int':
      return e.value < 0 || Object.is(e.value, -0)
        ? { text: `(-${-e.value})`, level: PRIMARY }
        : { text: String(e.value), level: PRIMARY };
    case 'var': {
      const name = names[e.slot];
      if (name === undefined) throw new Error(`slot ${e.slot} is not in scope`);
      return { text: name, level: PRIMARY };
    }
    case 'negate':
      return { text: `-${at(e.arg, UNARY)}`, level: UNARY };
    case 'call':
      return { text: `${e.fn}(${e.args.map((a) => exprText(a, names).text).join(', ')})`, level: PRIMARY };
    case 'binary': {
      const level = e.op === '+' || e.op === '-' ? SUM : PRODUCT;
      return { text: `${at(e.left, level)} ${e.op} ${at(e.right, level + 1)}`, level };
    }
  }
}

/** A condition as text: `or` < `and` < `not` < a comparison (whose sides are any expressions), left-associative. */
function conditionText(c: MovesCondition, names: readonly string[]): { text: string; level: number } {
  const at = (arg: MovesCondition, level: number) => {
    const printed = conditionText(arg, names);
    return printed.level >= level ? printed.text : `(${printed.text})`;
  };
  switch (c.kind) {
    case 'compare':
      return { text: `${exprText(c.left, names).text} ${c.op} ${exprText(c.right, names).text}`, level: 3 };
    case 'not':
      return { text: `not ${at(c.arg, 2)}`, level: 2 };
    case 'and':
    case 'or': {
      const level = c.kind === 'or' ? 0 : 1;
      return { text: `${at(c.left, level)} ${c.kind} ${at(c.right, level + 1)}`, level };
    }
  }
}

function optionText(option: MovesOption, arity: number, names: readonly string[]): string {
  const position = (exprs: readonly MovesExpr[]) => {
    const texts = exprs.map((e) => exprText(e, names).text);
    return arity === 1 ? texts[0] : `(${texts.join(', ')})`;
  };
  return option.kind === 'position' ? position(option.position) : `[${option.parts.map(position).join(', ')}]`;
}

/**
 * A rule as `.game` source: `rule NAME = moves n -> OPTION for a in A..B … if CONDITION | …` (a tuple rule
 * `moves (x, y) -> (x - a, y) …`), on one line, spaced as the formatter writes a rule (movesCheck.ts's
 * movesText), so that the checker's text of it is the text after `rule NAME = `.
 */
export function movesRuleText(rule: MovesRule, name: string): string {
  const position = positionNames(rule.arity);
  const used = new Set(position);
  const clauses = rule.clauses.map((clause) => {
    const names: string[] = [...position];
    const loopVars = loopNames(clause.loops.length, position);
    for (const name of loopVars) used.add(name);
    const loops = clause.loops.map((l, i) => {
      // A range sees the loops before it; the loop's own variable from its range on.
      const range = `${exprText(l.from, names).text}..${exprText(l.to, names).text}`;
      names[l.slot] = loopVars[i];
      return ` for ${loopVars[i]} in ${range}`;
    });
    const condition = clause.condition ? ` if ${conditionText(clause.condition, names).text}` : '';
    return `${optionText(clause.option, rule.arity, names)}${loops.join('')}${condition}`;
  });
  for (const word of used) if (RESERVED.has(word)) throw new Error(`internal: \`${word}\` is a word of the language`);
  const variables = rule.arity === 1 ? position[0] : `(${position.join(', ')})`;
  return `rule ${name} = moves ${variables} -> ${clauses.join(' | ')}`;
}

/**
 * The rule as the checker makes it from its text (movesCheck.ts): each clause's loops in slots arity, arity + 1, …
 * (a clause sees only its own loops), `slots` the arity plus the longest run of loops; a negative literal as the
 * negation of its size (how `(-3)` reads). The same meaning as `rule`, in the checker's numbering.
 */
export function checkerSlots(rule: MovesRule): MovesRule {
  let slots = rule.arity;
  const clauses = rule.clauses.map((clause): MovesClause => {
    const renamed = new Map<number, number>(Array.from({ length: rule.arity }, (_, i) => [i, i]));
    const expr = (e: MovesExpr): MovesExpr => {
      switch (e.kind) {
        case 'int':
          return e.value < 0 || Object.is(e.value, -0) ? { kind: 'negate', arg: int(-e.value) } : e;
        case 'var':
          return v(renamed.get(e.slot) ?? -1);
        case 'negate':
          return { kind: 'negate', arg: expr(e.arg) };
        case 'call':
          return { kind: 'call', fn: e.fn, args: e.args.map(expr) };
        case 'binary':
          return bin(e.op, expr(e.left), expr(e.right));
      }
    };
    const condition = (c: MovesCondition): MovesCondition =>
      c.kind === 'compare'
        ? { kind: 'compare', op: c.op, left: expr(c.left), right: expr(c.right) }
        : c.kind === 'not'
          ? { kind: 'not', arg: condition(c.arg) }
          : { kind: c.kind, left: condition(c.left), right: condition(c.right) };
    const loops = clause.loops.map((l, i) => {
      const renumbered = loop(rule.arity + i, expr(l.from), expr(l.to));
      renamed.set(l.slot, rule.arity + i);
      return renumbered;
    });
    slots = Math.max(slots, rule.arity + loops.length);
    const option: MovesOption =
      clause.option.kind === 'position'
        ? { kind: 'position', position: clause.option.position.map(expr) }
        : { kind: 'split', parts: clause.option.parts.map((part) => part.map(expr)) };
    return { option, loops, ...(clause.condition ? { condition: condition(clause.condition) } : {}) };
  });
  return { kind: 'moves', arity: rule.arity, slots, clauses };
}

// The rule bodies' checks (`rule NAME = subtract {1, 2}`, `octal 0.77`, `words {"ab"}`): what each
// body means as the engine's rule, and what is wrong with it. One table by body kind
// (RULE_BODY_CHECKS), beside RULE_BODIES, the bodies' forms the parser reads: a new kind of body does not
// compile until its check is here. A family's own body (word games' dictionaries) keeps its check in
// its descriptor's module, and the table names it.
import { isFiniteSet, normalizeCode, type SubtractionSet } from '../engine/heaps';
import type { HeapRule, Rule } from '../engine/types';
import { type NumberLiteral, type RuleBody, type SetExpression, setNumbers } from './ast';
import { type DiagnosticSink, error, warning } from './diagnostics';
import { checkWordsBody } from './families';
import { checkMovesBody } from './movesCheck';
import type { Span } from './text';

/**
 * The ways a rule is defined (`rule NAME = …`), each with the keyword that starts it and whether
 * it is a heap rule: the parser reads these, and every message that lists them (the parser's, the
 * CLI's) lists them from here. Each kind of body has its check in RULE_BODY_CHECKS below.
 */
export const RULE_BODIES = [
  { keyword: 'subtract', example: 'subtract {1, 2}', heap: true },
  { keyword: 'subtract', example: 'subtract squares | {2, 3}', heap: true },
  { keyword: 'subtract', example: 'subtract all except {1}', heap: true },
  { keyword: 'octal', example: 'octal 0.77', heap: true },
  { keyword: 'hex', example: 'hex 0.F7', heap: true },
  { keyword: 'words', example: 'words {"ab", "ba"}', heap: false },
  { keyword: 'moves', example: 'moves n -> n - k for k in 1..n/2', heap: true },
] as const;

/** The heap rules' forms, as examples (`grundy sequence` takes these). */
export const RULE_KINDS: readonly string[] = RULE_BODIES.filter((body) => body.heap).map((body) => body.example);

/** `a`, `b` or `c`. */
function listed(words: readonly string[]): string {
  const quoted = words.map((word) => `\`${word}\``);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** The keywords that start a rule's definition, listed for messages: `subtract`, `octal`, `hex`, `words` or `moves`. */
export const RULE_KEYWORDS = listed([...new Set(RULE_BODIES.map((body) => body.keyword))]);

/** Where diagnostics go: all that a body's check needs of the sink. */
type Diagnostics = Pick<DiagnosticSink, 'push'>;

/** A body's check: the rule it means, or undefined when it means none (the errors reported). */
type RuleBodyCheck<K extends RuleBody['kind']> = (
  body: Extract<RuleBody, { kind: K }>,
  diagnostics: Diagnostics,
) => Rule | undefined;

/** Each kind of rule body's check. */
export const RULE_BODY_CHECKS: { readonly [K in RuleBody['kind']]: RuleBodyCheck<K> } = {
  subtract: (body, diagnostics) => {
    const set = checkSet(body.set, 'subtract', diagnostics);
    if (!set) return undefined;
    return isFiniteSet(set) ? { kind: 'subtract', set: finiteMembers(set) } : { kind: 'subtractSet', set };
  },
  'subtract-all': (body, diagnostics) => {
    if (!body.except) return { kind: 'subtractAllExcept', except: [] };
    const except = checkSet(body.except, 'except', diagnostics);
    if (!except) return undefined;
    return isFiniteSet(except)
      ? { kind: 'subtractAllExcept', except: finiteMembers(except).filter((value) => value > 0n) }
      : { kind: 'subtractAllExceptSet', except };
  },
  octal: (body, diagnostics) => (body.code ? checkOctalCode(body.code, diagnostics, body.base) : undefined),
  words: checkWordsBody,
  moves: checkMovesBody,
};

/** The rule a body means, or undefined when it means none (the errors reported): its kind's check. */
export function checkRuleBody(body: RuleBody, diagnostics: Diagnostics): Rule | undefined {
  return (RULE_BODY_CHECKS[body.kind] as RuleBodyCheck<RuleBody['kind']>)(body, diagnostics);
}

/**
 * A set as the engine takes it, or undefined when it has no meaning (errors reported). In a
 * subtraction set 0 is an error (no move removes nothing); after `except` it is only a warning.
 */
function checkSet(
  set: SetExpression,
  context: 'subtract' | 'except',
  diagnostics: Diagnostics,
): SubtractionSet | undefined {
  if (set.malformed) return undefined;
  let ok = true;
  const parts: SubtractionSet[] = [];
  for (const term of set.terms) {
    switch (term.kind) {
      case 'numbers':
        for (const number of term.numbers) {
          if (number.value !== 0n) continue;
          if (context === 'except')
            diagnostics.push(
              warning('zero-subtraction', number, 'removing 0 is never a move, so excepting it changes nothing'),
            );
          else {
            diagnostics.push(
              error(
                'zero-subtraction',
                number,
                '0 cannot be in a subtraction set: every move removes at least one token',
              ),
            );
            ok = false;
          }
        }
        parts.push({ kind: 'finite', members: term.numbers.map((n) => n.value) });
        break;
      case 'named':
        parts.push({ kind: term.name });
        break;
      case 'powers':
      case 'multiples': {
        const k = term.parameter;
        if (!k) return undefined;
        const least = term.kind === 'powers' ? 2n : 1n;
        if (k.value < least) {
          const why =
            term.kind === 'powers'
              ? 'the base must be at least 2 (the only power of 1 is 1: write `{1}`)'
              : 'the multiples of 0 are only 0, never a move';
          diagnostics.push(error('bad-set-parameter', k, `\`${term.kind} of ${k.text}\`: ${why}`));
          ok = false;
        } else
          parts.push(term.kind === 'powers' ? { kind: 'powers', base: k.value } : { kind: 'multiples', of: k.value });
        break;
      }
    }
  }
  const numbers = setNumbers(set);
  distinctValues(numbers, diagnostics);
  if (context === 'subtract' && set.terms.every((t) => t.kind === 'numbers') && numbers.length === 0) {
    diagnostics.push(
      error(
        'empty-subtraction-set',
        set,
        'a subtraction set needs at least one number: with none, no move is possible',
      ),
    );
    return undefined;
  }
  if (!ok) return undefined;
  return parts.length === 1 ? parts[0] : { kind: 'union', parts };
}

/** The members of a finite set (finite sets and unions of them), each once, in the order written. */
function finiteMembers(set: SubtractionSet): bigint[] {
  const all = set.kind === 'finite' ? set.members : set.kind === 'union' ? set.parts.flatMap(finiteMembers) : [];
  return [...new Set(all)];
}

function distinctValues(numbers: readonly NumberLiteral[], diagnostics: Diagnostics): bigint[] {
  const seen = new Set<bigint>();
  for (const number of numbers) {
    if (seen.has(number.value))
      diagnostics.push(warning('repeated-number', number, `\`${number.text}\` is listed twice`));
    seen.add(number.value);
  }
  return [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `0.d1d2…`: digit d_k's bits say whether removing k tokens may leave 0 (1), 1 (2) or 2 (4) heaps
 * (hexadecimal: 3 heaps, 8). A digit may be followed by `!` (the heaps left must have different
 * sizes), and the code may end with one repeating group in brackets (`0.1[37]`, `4.[3]`).
 */
function checkOctalCode(
  code: Span & { text: string },
  diagnostics: Diagnostics,
  base: 8 | 16 = 8,
): HeapRule | undefined {
  const text = code.text;
  const point = text.indexOf('.');
  const hex = base === 16;
  const example = hex
    ? 'a hexadecimal code is `0.` followed by digits 0 to F, as in `0.F` (the bit 8 of a digit leaves three heaps)'
    : 'an octal code is `0.` followed by octal digits, as in `0.77` (Kayles)';
  const at = (i: number, length = 1) => ({ start: code.start + i, end: code.start + i + length });
  // A character that is neither a digit, the point, `!` nor a bracket (`4?.0`): that is what is wrong.
  const stray = /[^0-9A-Za-z.![\]]/u.exec(text);
  if (stray) {
    diagnostics.push(
      error(
        'bad-octal-code',
        at(stray.index, stray[0].length),
        `\`${stray[0]}\` cannot be in ${hex ? 'a hexadecimal' : 'an octal'} code: ${example}`,
      ),
    );
    return undefined;
  }
  if (point < 0) {
    diagnostics.push(
      error('bad-octal-code', code, `\`${text}\` is not ${hex ? 'a hexadecimal' : 'an octal'} code: ${example}`),
    );
    return undefined;
  }
  // Before the point only splits mean anything (taking nothing, the heap becomes two or three); a
  // `!` there is Grundy's game's (`4!.0`).
  const before = text.slice(0, point).replace(/!$/, '');
  const allowedBefore = hex ? ['0', '4', '8', 'C', 'c'] : ['0', '4'];
  if (!allowedBefore.includes(before)) {
    const what = hex
      ? 'a hexadecimal code starts with `0.`, or `4.`, `8.` or `C.` for a game that may also split a heap in two, ' +
        'three, or either, without taking anything'
      : 'an octal code starts with `0.`, or `4.` for a game that may also split a heap in two without taking anything';
    diagnostics.push(error('bad-octal-code', at(0, point), `${what}; not \`${text.slice(0, point)}.\``));
    return undefined;
  }
  if (point === text.length - 1) {
    diagnostics.push(error('bad-octal-code', code, `\`${text}\` has no digits after the point: ${example}`));
    return undefined;
  }
  const digits = [Number.parseInt(before, 16)];
  const distinct = before.length < point ? [0] : [];
  let groupAt = -1; // where `[` is, in the text
  let groupStart = -1; // the first digit of the group
  let repeat = 0;
  let ok = true;
  const bad = (i: number, length: number, message: string) => {
    diagnostics.push(error('bad-octal-code', at(i, length), message));
    ok = false;
  };
  for (let i = point + 1; i < text.length && ok; i++) {
    const c = text[i];
    if (c === '!') {
      if (!/[0-9A-Za-z]/.test(text[i - 1]))
        bad(i, 1, '`!` goes right after a digit: `4!.0` is Grundy’s game (split a heap into two of different sizes)');
      else distinct.push(digits.length - 1);
    } else if (c === '[') {
      if (groupAt >= 0) bad(i, 1, 'a code has one repeating group, at its end, as in `0.1[37]`');
      groupAt = i;
      groupStart = digits.length;
    } else if (c === ']') {
      if (groupAt < 0) bad(i, 1, '`]` closes a repeating group opened by `[`, as in `0.1[37]`');
      else if (digits.length === groupStart)
        bad(groupAt, i - groupAt + 1, 'a repeating group needs at least one digit, as in `0.[3]`');
      else if (i !== text.length - 1)
        bad(i + 1, text.length - i - 1, 'the repeating group ends the code: nothing can follow `]`');
      else repeat = digits.length - groupStart;
    } else {
      const digit = /[0-9A-Fa-f]/.test(c) ? Number.parseInt(c, 16) : 99;
      if (digit >= base)
        bad(
          i,
          1,
          hex ? `\`${c}\` is not a hexadecimal digit (0 to 9, A to F)` : `\`${c}\` is not an octal digit (0 to 7)`,
        );
      digits.push(digit);
    }
  }
  if (ok && groupAt >= 0 && repeat === 0)
    bad(groupAt, text.length - groupAt, `the repeating group \`${text.slice(groupAt)}\` has no closing \`]\``);
  if (!ok) return undefined;
  // One form for every way of writing a code (trailing zeros, `0.3[3]` = `0.[3]`): equal rules, equal data.
  return normalizeCode({
    kind: 'octal',
    digits,
    ...(distinct.length > 0 ? { distinct } : {}),
    ...(repeat > 0 ? { repeat } : {}),
  });
}

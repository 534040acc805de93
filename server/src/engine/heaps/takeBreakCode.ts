// Take-and-break codes in full: the digits d0.d1 d2 …, a `!` after a digit (its moves only when
// the heaps left have pairwise different sizes) and a final group of digits that repeats forever
// (`0.1[37]` is 0.1373737…, `4.[3]` is Lasker's Nim).
//
// The data: `digits` holds d0 (before the point) and every digit written; when `repeat` is present,
// the last `repeat` of them are the group, so digit k for k ≥ digits.length is read from the group.
// `distinct` lists the positions k written with `!` (a position in the group stands for every
// repetition of it). normalizeCode gives every code one form, so equal games have equal data and
// equal keys.
import type { HeapRule } from '../types';

export type CodeRule = Extract<HeapRule, { kind: 'octal' }>;

/** The number of a code's digit positions before the group repeats: digits.length for a finite code. */
function groupStart(rule: CodeRule): number {
  return rule.digits.length - (rule.repeat ?? 0);
}

/** Where digit k is stored: k itself, or its place in the repeating group. */
function storedAt(rule: CodeRule, k: number): number {
  const length = rule.digits.length;
  if (k < length) return k;
  const repeat = rule.repeat ?? 0;
  if (repeat === 0) return -1;
  const start = length - repeat;
  return start + ((k - start) % repeat);
}

/** Digit d_k (0 past a finite code's end). Before the point only splits are moves: callers mask d0 themselves. */
export function codeDigit(rule: CodeRule, k: number): number {
  const at = storedAt(rule, k);
  return at < 0 ? 0 : rule.digits[at];
}

/** Digit d_k for a take k of any size (a heap of 10^30 under `4.[3]`). */
export function codeDigitOf(rule: CodeRule, k: bigint): number {
  const length = BigInt(rule.digits.length);
  if (k < length) return rule.digits[Number(k)];
  const repeat = BigInt(rule.repeat ?? 0);
  if (repeat === 0n) return 0;
  const start = length - repeat;
  return rule.digits[Number(start + ((k - start) % repeat))];
}

/** Is digit k written with `!` (its heaps left must have pairwise different sizes)? */
export function codeDistinct(rule: CodeRule, k: number): boolean {
  const at = storedAt(rule, k);
  return at >= 0 && rule.distinct !== undefined && rule.distinct.includes(at);
}

/** Does the code go on forever (a repeating group with a non-zero digit)? */
export function isInfiniteCode(rule: CodeRule): boolean {
  return (rule.repeat ?? 0) > 0;
}

/**
 * The one form of a code: `!` kept only on digits that split (with one heap left or none, the sizes
 * left always differ); a group of zeros dropped; the group as short as it repeats (`[33]` is
 * `[3]`) and started as early as it can (`0.3[3]` is `0.[3]`, `0.1[31]` is `0.[13]`); a finite
 * code's trailing zeros dropped. The digit before the point is never part of the group.
 */
export function normalizeCode(rule: CodeRule): CodeRule {
  const digits = [...rule.digits];
  if (digits.length === 0) digits.push(0);
  const flags = digits.map((d, k) => (rule.distinct?.includes(k) ?? false) && (d & 12) !== 0);
  let repeat = Math.min(rule.repeat ?? 0, digits.length - 1);
  if (repeat > 0 && digits.slice(digits.length - repeat).every((d) => d === 0)) {
    digits.length -= repeat;
    flags.length = digits.length;
    repeat = 0;
  }
  if (repeat > 0) {
    // The shortest group that repeats to the same digits and flags.
    const start = digits.length - repeat;
    const same = (i: number, j: number) => digits[i] === digits[j] && flags[i] === flags[j];
    for (let q = 1; q < repeat; q++) {
      if (repeat % q !== 0) continue;
      let holds = true;
      for (let i = start + q; i < digits.length && holds; i++) holds = same(i, i - q);
      if (holds) {
        digits.length = start + q;
        flags.length = digits.length;
        repeat = q;
        break;
      }
    }
    // Rotate the group back over written digits equal to its last one: 0.3[3] → 0.[3].
    while (digits.length - repeat >= 2 && same(digits.length - repeat - 1, digits.length - 1)) {
      const start = digits.length - repeat;
      const group = digits.splice(start);
      const groupFlags = flags.splice(start);
      digits.pop(); // the written digit equal to the group's last: the group, rotated, starts there
      flags.pop();
      digits.push(group[repeat - 1], ...group.slice(0, -1));
      flags.push(groupFlags[repeat - 1], ...groupFlags.slice(0, -1));
    }
  } else {
    while (digits.length > 1 && digits[digits.length - 1] === 0) {
      digits.pop();
      flags.pop();
    }
  }
  const distinct = flags.flatMap((flag, k) => (flag ? [k] : []));
  return {
    kind: 'octal',
    digits,
    ...(distinct.length > 0 ? { distinct } : {}),
    ...(repeat > 0 ? { repeat } : {}),
  };
}

/**
 * The code as written after `octal` or `hex` (`4!.0`, `0.1[37]`, `0.F7`), from normalized data.
 * Digits of 8 or more are written in hexadecimal.
 */
export function codeText(rule: CodeRule): string {
  const digit = (k: number) => rule.digits[k].toString(16).toUpperCase() + (rule.distinct?.includes(k) ? '!' : '');
  const start = groupStart(rule);
  let text = `${digit(0)}.`;
  for (let k = 1; k < rule.digits.length; k++) text += (k === start ? '[' : '') + digit(k);
  if (rule.repeat) text += ']';
  else if (rule.digits.length === 1) text += '0';
  return text;
}

/** Is any digit 8 or more, so that the code is hexadecimal (bit 8: leave three heaps)? */
function isHexCode(rule: CodeRule): boolean {
  return rule.digits.some((d) => d > 7);
}

/**
 * The rule as written in a `.game` file, in its normal form: `octal 4!.0`, `hex 0.F7`. A code with a
 * digit of 8 or more is hexadecimal (it may leave three heaps); one without is an octal code however
 * it was written (`hex 0.77` is Kayles). ruleKey and the editor's words both read it.
 */
export function codeRuleText(rule: CodeRule): string {
  const code = normalizeCode(rule);
  return `${isHexCode(code) ? 'hex' : 'octal'} ${codeText(code)}`;
}

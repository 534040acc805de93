// A heaps component read from a plain game line (plainLines.ts's PlainLines.component) keeps its numbers as
// the text they were written in, and makes them into NumberLiterals only when asked for (a hover,
// semantic tokens, a move written back). The analysis never asks: the checker takes the component
// as it is, a request's key is made from the text (appendHeapTexts) and a computation's input from
// the digits (heapValues). A literal, its digits and its bigint per heap were a third of what a
// 2,000-line document's analysis made and held, and the collector copies all it holds.
import type { HeapsComponent, Name, NumberLiteral } from './ast';
import { knownDigits } from './numberText';

/**
 * Long literals parsed before, by their digits: parsing a million digits takes 140 ms, and a document is analysed again
 * on every keystroke.
 */
const parsedLongNumbers = new Map<string, bigint>();
const LONG_LITERAL = 1000;

/** A number literal's value from its digits. */
export function numberValue(digits: string): bigint {
  // Most heaps are small: through a double (exact below 2^53) is three times faster than BigInt's
  // own parse of the digits.
  if (digits.length <= 15) return BigInt(Number(digits));
  if (digits.length < LONG_LITERAL) {
    const value = BigInt(digits);
    knownDigits(value, digits);
    return value;
  }
  let value = parsedLongNumbers.get(digits);
  if (value === undefined) {
    value = BigInt(digits);
    if (parsedLongNumbers.size >= 16) parsedLongNumbers.delete(parsedLongNumbers.keys().next().value as string);
    parsedLongNumbers.set(digits, value);
  }
  // A long heap's abbreviation is a slice of its digits wherever it is shown (a lens, a hint, its nimber in Nim).
  knownDigits(value, digits);
  return value;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

export class PlainHeaps implements HeapsComponent {
  // Fields in the order of the token path's literal (JSON of a tree reads the same either way).
  readonly kind = 'heaps';
  start: number;
  end: number;
  readonly rule: Name;
  /**
   * The numbers as written: from the first digit of the first to the last digit of the last, with
   * only spaces and tabs between them (PlainLines.component's lines). The last number ends at `end`.
   */
  readonly written: string;

  constructor(start: number, end: number, rule: Name, written: string) {
    this.start = start;
    this.end = end;
    this.rule = rule;
    this.written = written;
  }

  /**
   * The heaps as literals, made anew on every call (moving the component moves what they are made from), but for the
   * last component asked, while it has not moved: a hover reads one line's heaps several times, and reading a line of a
   * megabyte is milliseconds each time.
   */
  get heaps(): readonly NumberLiteral[] {
    const written = this.written;
    const base = this.end - written.length;
    if (lastLiterals?.of === this && lastLiterals.base === base) return lastLiterals.literals;
    const values = heapValues(this);
    const literals: NumberLiteral[] = [];
    for (let i = 0; i < written.length; ) {
      const start = i;
      while (i < written.length && isDigit(written.charCodeAt(i))) i++;
      const text = written.slice(start, i);
      literals.push({ start: base + start, end: base + i, text, value: values[literals.length] });
      while (i < written.length && !isDigit(written.charCodeAt(i))) i++;
    }
    lastLiterals = { of: this, base, literals };
    forget();
    return literals;
  }

  toJSON(): HeapsComponent {
    return { kind: this.kind, start: this.start, end: this.end, rule: this.rule, heaps: this.heaps };
  }
}

/**
 * The last plain component's literals and values made: one line's, kept while it is read again within the same turn of
 * the event loop (a hover reads them several times), and let go at its end (forget): nothing of an analysis outlives
 * it, a closed document's line included. (A WeakRef would not do: what it points to is kept to the end of the turn, and
 * the CLI reads a whole file of games in one turn.)
 */
let lastLiterals:
  | { readonly of: PlainHeaps; readonly base: number; readonly literals: readonly NumberLiteral[] }
  | undefined;
let lastValues: { readonly of: PlainHeaps; readonly values: readonly bigint[] } | undefined;
let forgetting = false;

/**
 * The values of long lines (LONG_LINE characters of heaps or more), for as long as their component lives (a WeakMap
 * does not keep it): a request on a megabyte line of long heaps would otherwise parse them all again, more than the
 * 16 long literals numberValue keeps. Short lines are not kept: values per heap for every line of a document were the
 * memory the plain lines were made to save; a long line's values take less memory than its text.
 */
const longLineValues = new WeakMap<PlainHeaps, readonly bigint[]>();
const LONG_LINE = 10_000;

/** Lets go of the last line's literals and values once the current turn of the event loop is over. */
function forget(): void {
  if (forgetting) return;
  forgetting = true;
  queueMicrotask(() => {
    lastLiterals = undefined;
    lastValues = undefined;
    forgetting = false;
  });
}

/** A heaps component's values, without a literal per heap when it was read from a plain line. */
export function heapValues(component: HeapsComponent): bigint[] {
  if (!(component instanceof PlainHeaps)) return component.heaps.map((heap) => heap.value);
  if (lastValues?.of === component) return [...lastValues.values];
  const kept = longLineValues.get(component);
  if (kept) return [...kept];
  const written = component.written;
  const values: bigint[] = [];
  for (let i = 0; i < written.length; ) {
    const start = i;
    while (i < written.length && isDigit(written.charCodeAt(i))) i++;
    values.push(numberValue(written.slice(start, i)));
    while (i < written.length && !isDigit(written.charCodeAt(i))) i++;
  }
  lastValues = { of: component, values };
  forget();
  if (written.length >= LONG_LINE) longLineValues.set(component, values);
  return [...values];
}

/**
 * Appends ` DIGITS` for each heap as written (a request key's part), in one piece when the numbers are one space apart.
 */
export function appendHeapTexts(component: HeapsComponent, parts: string[]): void {
  if (component instanceof PlainHeaps && singleSpaced(component.written)) {
    parts.push(' ', component.written);
    return;
  }
  for (const heap of component.heaps) parts.push(' ', heap.text);
}

function singleSpaced(written: string): boolean {
  for (let i = 0; i < written.length; i++) {
    const c = written.charCodeAt(i);
    if (!isDigit(c) && (c !== 32 || !isDigit(written.charCodeAt(i + 1)))) return false;
  }
  return true;
}

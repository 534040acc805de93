import type { Span } from './text';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/**
 * Every kind of problem the front end reports. The code is stable (tests and the mistakes
 * example refer to it); the message is for people.
 */
export const DIAGNOSTIC_CODES = [
  'unknown-token',
  'unterminated-string',
  'expected-declaration',
  'expected-equals',
  'expected-open-brace',
  'expected-close-brace',
  'unexpected-token',
  'expected-rule',
  'expected-number',
  'expected-vertex',
  'expected-component',
  'expected-arrow',
  'unknown-name',
  'unknown-vertex',
  'duplicate-declaration',
  'builtin-redeclared',
  'empty-subtraction-set',
  'zero-subtraction',
  'repeated-number',
  'unknown-set',
  'expected-of',
  'bad-set-parameter',
  'bad-octal-code',
  'graph-cycle',
  'duplicate-edge',
  'bad-row-character',
  'row-already-won',
  'heap-rule-given-row',
  'row-rule-given-heaps',
  'graph-used-as-rule',
  'rule-used-as-graph',
  'misere-repeated',
  'misere-misplaced',
  'misere-treblecross',
  'expected-word',
  'empty-word',
  'repeated-word',
  'bad-pair',
  'expected-dash',
  'picture-not-joined',
  'expected-row',
  'bad-chomp-board',
  'ragged-board',
  'wrong-shape',
  'expected-for',
  'range-dots',
  'equals-for-comparison',
  'unknown-variable',
  'variable-rebound',
  'wrong-arity',
  'moves-type',
  'number-too-large',
  'too-many-problems',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface Diagnostic {
  readonly span: Span;
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  /** What the span should read, when the front end can tell ("did you mean `x`?"): a quick fix writes it. */
  readonly replacement?: string;
  /**
   * Where the replacement goes when it is not the diagnostic's own span: a Chomp board's whole list, whose longer row
   * is underlined; an empty span inserts it (the cells a short row of a Cram board lacks).
   */
  readonly replacementSpan?: Span;
  /** Other places the problem involves (the first declaration of a duplicate, the edges of a cycle). */
  readonly related?: readonly { readonly span: Span; readonly message: string }[];
}

/** What a diagnostic may carry besides its message. */
export type DiagnosticExtras = Pick<Diagnostic, 'replacement' | 'replacementSpan' | 'related'>;

export function error(code: DiagnosticCode, span: Span, message: string, extras: DiagnosticExtras = {}): Diagnostic {
  return { span, severity: 'error', code, message, ...extras };
}

export function warning(code: DiagnosticCode, span: Span, message: string, extras: DiagnosticExtras = {}): Diagnostic {
  return { span, severity: 'warning', code, message, ...extras };
}

/** A note that is no problem: something the user may want to know (a graph's cycle: why its values may be ∞). */
export function hint(code: DiagnosticCode, span: Span, message: string, extras: DiagnosticExtras = {}): Diagnostic {
  return { span, severity: 'hint', code, message, ...extras };
}

/** Diagnostics kept per document, at most: the rest are counted and summed up in one more. */
export const MAX_DIAGNOSTICS = 1000;

const byPosition = (a: Diagnostic, b: Diagnostic) => a.span.start - b.span.start || a.span.end - b.span.end;

/**
 * Collects an analysis's diagnostics in bounded memory: it counts every one, but keeps only the
 * first `cap` by position (sorting and cutting whenever twice that many are held, so the work
 * is O(n log cap)). `result()` gives them sorted, followed, when some were left out, by one
 * `too-many-problems` diagnostic saying how many, at the first one left out.
 */
export class DiagnosticSink {
  private kept: Diagnostic[] = [];
  /** Every diagnostic reported, kept or not. */
  total = 0;
  /** Every error reported, kept or not. */
  errors = 0;
  private omitted = 0;
  private omittedErrors = 0;
  private firstOmitted: Diagnostic | undefined;

  constructor(readonly cap = MAX_DIAGNOSTICS) {}

  push(diagnostic: Diagnostic): void {
    this.total++;
    if (diagnostic.severity === 'error') this.errors++;
    this.kept.push(diagnostic);
    if (this.kept.length >= 2 * this.cap) this.cut();
  }

  private cut(): void {
    this.kept.sort(byPosition);
    if (this.kept.length <= this.cap) return;
    const first = this.kept[this.cap];
    if (!this.firstOmitted || byPosition(first, this.firstOmitted) < 0) this.firstOmitted = first;
    for (let i = this.cap; i < this.kept.length; i++) if (this.kept[i].severity === 'error') this.omittedErrors++;
    this.omitted += this.kept.length - this.cap;
    this.kept.length = this.cap;
  }

  /** The kept diagnostics sorted by position, then the summary of the rest, if any. */
  result(): Diagnostic[] {
    this.cut();
    if (this.omitted === 0 || !this.firstOmitted) return [...this.kept];
    const n = this.omitted;
    const span = { start: this.firstOmitted.span.start, end: this.firstOmitted.span.end };
    const message =
      `…and ${n.toLocaleString('en-US')} more ${n === 1 ? 'problem' : 'problems'} not shown (only ` +
      `the first ${this.cap.toLocaleString('en-US')} are listed)`;
    const summary: Diagnostic = {
      span,
      severity: this.omittedErrors > 0 ? 'error' : 'warning',
      code: 'too-many-problems',
      message,
    };
    return [...this.kept, summary];
  }
}

/** A text to quote in a message, shortened in the middle when long (a 1 MB name stays readable). */
export function quoted(text: string, max = 64): string {
  if (text.length <= max) return text;
  let head = Math.floor((max - 1) / 2);
  let tail = text.length - head;
  // Never split a surrogate pair.
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (isLowSurrogate(text.charCodeAt(tail))) tail++;
  return `${text.slice(0, head)}…${text.slice(tail)}`;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

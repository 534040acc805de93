import type { Span } from './text';

export type Severity = 'error' | 'warning' | 'info';

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
  'too-many-problems',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface Diagnostic {
  readonly span: Span;
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
}

export function error(code: DiagnosticCode, span: Span, message: string): Diagnostic {
  return { span, severity: 'error', code, message };
}

/**
 * Diagnostics kept per document: past this many, the first ones by position are kept and one more
 * says how many were left out ('too-many-problems'). Editors, and people, do nothing useful with
 * 500,000 of them, and sending them takes seconds and hundreds of megabytes.
 */
export const MAX_DIAGNOSTICS = 1000;

/** User text quoted in a message, cut when long: a message repeats a 20,000-letter name or a 1 MB run of junk otherwise. */
export function quoted(text: string, max = 40): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? max - 1 : max; // not between the halves of a surrogate pair
  return `${text.slice(0, cut)}… (${text.length.toLocaleString('en-US')} characters)`;
}

/** The first MAX_DIAGNOSTICS of position-sorted diagnostics, and one saying how many more there are. */
export function capDiagnostics(sorted: readonly Diagnostic[]): readonly Diagnostic[] {
  if (sorted.length <= MAX_DIAGNOSTICS) return sorted;
  const omitted = sorted.length - MAX_DIAGNOSTICS;
  const firstOmitted = sorted[MAX_DIAGNOSTICS];
  return [
    ...sorted.slice(0, MAX_DIAGNOSTICS),
    {
      span: firstOmitted.span,
      severity: 'warning',
      code: 'too-many-problems',
      message: `…and ${omitted.toLocaleString('en-US')} more problem${omitted === 1 ? '' : 's'} from here on, not shown: only the first ${MAX_DIAGNOSTICS.toLocaleString('en-US')} are listed`,
    },
  ];
}

export function warning(code: DiagnosticCode, span: Span, message: string): Diagnostic {
  return { span, severity: 'warning', code, message };
}

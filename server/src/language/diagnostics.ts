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

export function warning(code: DiagnosticCode, span: Span, message: string): Diagnostic {
  return { span, severity: 'warning', code, message };
}

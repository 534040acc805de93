// What a rule family says about the components written under its rules: the shapes they take,
// how they are written (for messages), and how one is checked. Each family's module exports its
// own; families/index.ts lists them by rule kind.
import type { Rule } from '../../engine/types';
import type { Component, Name, TokensComponent } from '../ast';
import { type DiagnosticSink, error } from '../diagnostics';
import type { CheckedComponent } from '../model';

/** A component's shape, as the grammar writes it (`3 4`, `"X.X"`, `(3, 5)`, `[1, 2]`, `at a`). */
export type ComponentShape = Component['kind'];

/** A component under a rule (tokens are placed on graphs, not rules). */
export type RuleComponent = Exclude<Component, TokensComponent>;

export type Diagnostics = Pick<DiagnosticSink, 'push'>;

export interface RuleFamily<R extends Rule = Rule> {
  /** The shapes its components are written in ("did you mean" offers the rules that take the shape). */
  readonly shapes: readonly ComponentShape[];
  /** How a component of the rule `name` is written, for messages: "`name` takes …". */
  writtenForm(name: string): string;
  /** Checks a component written under the rule, in whatever shape it was written; reports what is wrong. */
  check(component: RuleComponent, head: Name, rule: R, diagnostics: Diagnostics): CheckedComponent | undefined;
}

/** A component written in a shape its rule does not take. */
export function wrongShape(head: Name, family: Pick<RuleFamily, 'writtenForm'>, diagnostics: Diagnostics): undefined {
  diagnostics.push(error('wrong-shape', head, `\`${head.text}\` takes ${family.writtenForm(head.text)}`));
  return undefined;
}

// A game family as the language sees it, in one descriptor per family (one module each, named as
// the engine's: engine/families/<name>.ts): for each of its rules, the shapes a component takes
// and how one is checked; how a component placed on a graph is checked, and what can still be
// checked of one whose rule has errors, for the shapes it owns; for each kind of checked component,
// the engine's input and what the value depends on (the computation key); for each kind of move,
// how it is written back into the text; and whether it has a misère form. families/index.ts lists
// the families in one table.
import type { ComponentInput, ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { Component, Name, TokensComponent } from '../ast';
import { type DiagnosticCode, type DiagnosticSink, error } from '../diagnostics';
import type { CheckedComponent, GraphSymbol } from '../model';
import type { Suggester } from '../suggest';
import type { MoveText } from './moveText';

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

/**
 * Checks a component placed on the graph `head` names (`g at a, b`), as RuleFamily.check does one
 * written under a rule; `suggester` offers the graph's vertex names for a name it does not have.
 */
export type GraphComponentCheck = (
  component: TokensComponent,
  head: Name,
  graph: GraphSymbol,
  diagnostics: Diagnostics,
  suggester: Pick<Suggester, 'closestMatch'>,
) => CheckedComponent | undefined;

/**
 * Reports what is wrong with a component whose rule's definition has errors (reported there), as far
 * as that can be told without the rule (a row's cells are cells whatever the rule). No rule, no
 * checked component.
 */
export type CheckWithoutRule<S extends RuleComponent['kind']> = (
  component: Extract<RuleComponent, { kind: S }>,
  head: Name,
  diagnostics: Diagnostics,
) => void;

/** A component written in a shape its rule does not take. */
export function wrongShape(head: Name, family: Pick<RuleFamily, 'writtenForm'>, diagnostics: Diagnostics): undefined {
  diagnostics.push(error('wrong-shape', head, `\`${head.text}\` takes ${family.writtenForm(head.text)}`));
  return undefined;
}

type Checked<K extends CheckedComponent['kind']> = Extract<CheckedComponent, { kind: K }>;

/** What the engine needs of a checked component, and what its value depends on. */
export interface ComponentFamily<K extends CheckedComponent['kind']> {
  /** The engine's plain input for the component. */
  input(component: Checked<K>): ComponentInput;
  /**
   * What the value depends on, as text: equal keys, equal values. Appended to `parts` in pieces,
   * which the caller joins once: a document's keys are made all at once, for every game.
   */
  key(component: Checked<K>, parts: string[], graphKey: (graph: GraphSymbol) => string): void;
  /** The rule key whose sequence the computation fills a worker's cache with, if any. */
  affinity(component: Checked<K>): string | undefined;
  /** Set when the family has no misère form: the diagnostic a misère game with such a component gets. */
  readonly noMisere?: { readonly code: DiagnosticCode; readonly message: string };
}

/** How one kind of move is written back into the text. */
export type MoveWriter<M extends ComponentMove['kind']> = (
  move: Extract<ComponentMove, { kind: M }>,
  component: CheckedComponent,
) => MoveText;

/**
 * A family: its rules, its checks by shape (on a graph; under a rule with errors), its kinds of checked component,
 * its kinds of move (each kind and each shape in one family only).
 */
export interface LanguageFamily {
  readonly rules: { readonly [R in Rule['kind']]?: RuleFamily<Extract<Rule, { kind: R }>> };
  /** How a component placed on a graph is checked, by its shape (tokens: `g at a, b`). */
  readonly onGraph?: { readonly [S in TokensComponent['kind']]?: GraphComponentCheck };
  /** What is checked of a component whose rule has errors, by its shape (a shape without one: nothing). */
  readonly withoutRule?: { readonly [S in RuleComponent['kind']]?: CheckWithoutRule<S> };
  readonly components: { readonly [K in CheckedComponent['kind']]?: ComponentFamily<K> };
  readonly moves: { readonly [M in ComponentMove['kind']]?: MoveWriter<M> };
}

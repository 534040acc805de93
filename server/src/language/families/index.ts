// The language side's game families, in one table (LANGUAGE_FAMILIES): one descriptor per family,
// one module each, named as the engine's (engine/families/<name>.ts). Everything that must know
// every family reaches it through the lookups below, made from the table: by rule kind (how a
// component is checked), by shape (how a component placed on a graph is checked, and what is
// checked of one whose rule has errors), by kind of checked component (the engine's input, the
// computation key), by kind of move (how it is written back). A rule, component or move kind, or
// a shape placed on graphs, that no family covers does not compile; one that two families cover
// stops the module from loading.
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { Name, TokensComponent } from '../ast';
import type { CheckedComponent, GraphSymbol } from '../model';
import { chompFamily } from './chomp';
import { cramFamily } from './cram';
import type {
  CheckWithoutRule,
  ComponentFamily,
  Diagnostics,
  GraphComponentCheck,
  LanguageFamily,
  MoveWriter,
  RuleComponent,
  RuleFamily,
} from './family';
import { graphKaylesFamily } from './graphKayles';
import { hackenbushFamily } from './hackenbush';
import { heapsFamily } from './heaps';
import { leftmostFamily } from './leftmost';
import { movesTuplesFamily } from './movesTuples';
import { staircaseFamily } from './staircase';
import { tokensFamily } from './tokens';
import { treblecrossFamily } from './treblecross';
import { wordsFamily } from './words';
import { wythoffFamily } from './wythoff';

export type { MoveText } from './moveText';
export { checkWordsBody } from './words';

export const LANGUAGE_FAMILIES = {
  heaps: heapsFamily,
  treblecross: treblecrossFamily,
  tokens: tokensFamily,
  wythoff: wythoffFamily,
  leftmost: leftmostFamily,
  staircase: staircaseFamily,
  hackenbush: hackenbushFamily,
  words: wordsFamily,
  movesTuples: movesTuplesFamily,
  chomp: chompFamily,
  cram: cramFamily,
  graphKayles: graphKaylesFamily,
} as const;

type Family = (typeof LANGUAGE_FAMILIES)[keyof typeof LANGUAGE_FAMILIES];
type Covered<P extends keyof LanguageFamily> = Family extends infer F
  ? F extends { readonly [Q in P]: infer T }
    ? keyof T
    : never
  : never;
type Uncovered =
  | Exclude<Rule['kind'], Covered<'rules'>>
  | Exclude<TokensComponent['kind'], Covered<'onGraph'>>
  | Exclude<CheckedComponent['kind'], Covered<'components'>>
  | Exclude<ComponentMove['kind'], Covered<'moves'>>;
/** Fails to compile, naming the kind, when a kind has no family. */
const everyKindHasAFamily: [Uncovered] extends [never] ? true : Uncovered = true;
void everyKindHasAFamily;

/** The families' entries for one part, merged: each kind in exactly one family. */
function merged(part: keyof LanguageFamily): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  for (const [name, family] of Object.entries(LANGUAGE_FAMILIES as Record<string, LanguageFamily>))
    for (const [kind, entry] of Object.entries(family[part] ?? {})) {
      if (kind in all) throw new Error(`the ${part} kind ${kind} is in two families (the second: ${name})`);
      all[kind] = entry;
    }
  return all;
}

/** Each rule kind's family: the shapes its components take and how they are checked. */
export const RULE_FAMILIES = merged('rules') as {
  readonly [K in Rule['kind']]: RuleFamily<Extract<Rule, { kind: K }>>;
};

/** Each shape placed on a graph's check (tokens: `g at a, b`). */
export const ON_GRAPH_CHECKS = merged('onGraph') as { readonly [S in TokensComponent['kind']]: GraphComponentCheck };

/** What is checked of a component whose rule has errors, by shape (most shapes: nothing). */
const WITHOUT_RULE_CHECKS = merged('withoutRule') as {
  readonly [S in RuleComponent['kind']]?: CheckWithoutRule<S>;
};

/**
 * Reports what can be told of a component whose rule's definition has errors (reported there):
 * its shape's WITHOUT_RULE_CHECKS, if any. Nothing to check the component through, so no result.
 */
export function checkWithoutRule(component: RuleComponent, head: Name, diagnostics: Diagnostics): undefined {
  (WITHOUT_RULE_CHECKS[component.kind] as CheckWithoutRule<RuleComponent['kind']> | undefined)?.(
    component,
    head,
    diagnostics,
  );
  return undefined;
}

/** Each kind of checked component's: the engine's input and the computation key. */
export const COMPONENT_FAMILIES = merged('components') as {
  readonly [K in CheckedComponent['kind']]: ComponentFamily<K>;
};

/** Each kind of move's writer. */
export const MOVE_WRITERS = merged('moves') as { readonly [M in ComponentMove['kind']]: MoveWriter<M> };

/** The family of a rule, typed for its rule. */
export function ruleFamily<R extends Rule>(rule: R): RuleFamily<R> {
  return RULE_FAMILIES[rule.kind] as unknown as RuleFamily<R>;
}

function componentFamily(component: CheckedComponent): ComponentFamily<CheckedComponent['kind']> {
  return COMPONENT_FAMILIES[component.kind] as ComponentFamily<CheckedComponent['kind']>;
}

/** The engine's plain input for a checked component. */
export function componentInput(component: CheckedComponent) {
  return componentFamily(component).input(component as never);
}

/** Appends the component's key to `parts` (see ComponentFamily.key). */
export function componentKey(
  component: CheckedComponent,
  parts: string[],
  graphKey: (graph: GraphSymbol) => string,
): void {
  componentFamily(component).key(component as never, parts, graphKey);
}

export function componentAffinity(component: CheckedComponent): string | undefined {
  return componentFamily(component).affinity(component as never);
}

/** The diagnostic a misère game gets for this component, when its family has no misère form. */
export function noMisere(component: CheckedComponent): ComponentFamily<CheckedComponent['kind']>['noMisere'] {
  return componentFamily(component).noMisere;
}

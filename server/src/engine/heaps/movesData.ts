// A rule of one's own as plain data (language version 4, part 2): what the language layer builds from
// `rule NAME = moves VARS -> CLAUSE | …` and the engine compiles (movesRule.ts). Its own module, with no
// imports, so that the engine's types (types.ts) can name it without a cycle.

/** An integer expression: a literal, a variable (its slot), an operation, `min`/`max`/`abs`. */
export type MovesExpr =
  | { readonly kind: 'int'; readonly value: number }
  | { readonly kind: 'var'; readonly slot: number }
  | {
      readonly kind: 'binary';
      readonly op: '+' | '-' | '*' | '/' | '%';
      readonly left: MovesExpr;
      readonly right: MovesExpr;
    }
  | { readonly kind: 'negate'; readonly arg: MovesExpr }
  | { readonly kind: 'call'; readonly fn: 'min' | 'max' | 'abs'; readonly args: readonly MovesExpr[] };

/** A condition: a comparison, `and`, `or`, `not`. */
export type MovesCondition =
  | {
      readonly kind: 'compare';
      readonly op: '==' | '!=' | '<' | '<=' | '>' | '>=';
      readonly left: MovesExpr;
      readonly right: MovesExpr;
    }
  | { readonly kind: 'and' | 'or'; readonly left: MovesCondition; readonly right: MovesCondition }
  | { readonly kind: 'not'; readonly arg: MovesCondition };

/** What an option leaves: one position (`arity` numbers), or a split, the positions it leaves (`[]`: none). */
export type MovesOption =
  | { readonly kind: 'position'; readonly position: readonly MovesExpr[] }
  | { readonly kind: 'split'; readonly parts: readonly (readonly MovesExpr[])[] };

export interface MovesClause {
  readonly option: MovesOption;
  /** Loops, outermost first: the slot bound, and its inclusive range (which may use outer slots). */
  readonly loops: readonly { readonly slot: number; readonly from: MovesExpr; readonly to: MovesExpr }[];
  readonly condition?: MovesCondition;
}

export interface MovesRule {
  readonly kind: 'moves';
  /** How many numbers a position has: 1 for a heap rule, the tuple's size otherwise. */
  readonly arity: number;
  /** Slots in all: the position's variables (0 … arity − 1), then every loop's. */
  readonly slots: number;
  readonly clauses: readonly MovesClause[];
}

/** Each rule object's plain data as text, made once per object. */
const ruleTexts = new WeakMap<MovesRule, string>();

/**
 * The rule's plain data as text: what compiled code is cached by, since a rule parsed again (an edit
 * elsewhere in its document, a job posted to a worker) is a new object but the same rule.
 */
export function movesRuleText(rule: MovesRule): string {
  let text = ruleTexts.get(rule);
  if (text === undefined) {
    text = JSON.stringify(rule);
    ruleTexts.set(rule, text);
  }
  return text;
}

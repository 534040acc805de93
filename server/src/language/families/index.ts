// The language side's families: by rule kind, the shapes a component takes and how it is checked;
// by move kind, how a move is written back into the text. One module per family; the mapped types
// make a rule or move kind without an entry a compile error.
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { CheckedComponent } from '../model';
import { octalFamily, subtractionFamily, writeHeapMove } from './heaps';
import { leftmostFamily, writeLeftmostMove } from './leftmost';
import type { MoveText } from './moveText';
import { treblecrossFamily, writeRowMove } from './rows';
import type { RuleFamily } from './ruleFamily';
import { writeTokenMove } from './tokens';
import { wordsFamily, writeWordMove } from './words';
import { writeWythoffMove, wythoffFamily } from './wythoff';

export type { MoveText } from './moveText';

export const MOVE_WRITERS: {
  readonly [K in ComponentMove['kind']]: (
    move: Extract<ComponentMove, { kind: K }>,
    component: CheckedComponent,
  ) => MoveText;
} = {
  heap: writeHeapMove,
  token: writeTokenMove,
  mark: writeRowMove,
  knock: writeRowMove,
  wythoff: writeWythoffMove,
  leftmost: writeLeftmostMove,
  word: writeWordMove,
};

/** Each rule kind's family: the shapes its components take and how they are checked (ruleFamily.ts). */
export const RULE_FAMILIES: { readonly [K in Rule['kind']]: RuleFamily<Extract<Rule, { kind: K }>> } = {
  subtract: subtractionFamily,
  subtractAllExcept: subtractionFamily,
  octal: octalFamily,
  treblecross: treblecrossFamily,
  wythoff: wythoffFamily,
  leftmost: leftmostFamily,
  words: wordsFamily,
};

/** The family of a rule, typed for its rule. */
export function ruleFamily<R extends Rule>(rule: R): RuleFamily<R> {
  return RULE_FAMILIES[rule.kind] as unknown as RuleFamily<R>;
}

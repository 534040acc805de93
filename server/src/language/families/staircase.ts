// Staircase Nim: a move rewrites the one or two steps it changes (`staircase [3, 0, 5, 2]` →
// `staircase [3, 2, 3, 2]`), keeping whatever the user wrote between them.
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { ListsComponent } from '../ast';
import type { CheckedComponent } from '../model';
import { digitsText, numberText } from '../numberText';
import { type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** Staircases of more steps than this are shown in a move's label by the steps around the move only. */
export const LABEL_STEPS = 16;

/** A staircase move: the step the coins leave and the step they reach, written again. */
export function writeStaircaseMove(
  move: Extract<ComponentMove, { kind: 'staircase' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'lists') throw mismatch(move, syntax);
  const list = syntax.lists[move.stair];
  const from = list.numbers[move.step];
  const below = move.step > 0 ? list.numbers[move.step - 1] : undefined;
  const fromAfter = from.value - move.count;
  const belowAfter = below ? below.value + move.count : undefined;
  // A long staircase is shown by the steps around the move only (as a long row is, labelWindow).
  const first = list.numbers.length <= LABEL_STEPS ? 0 : Math.max(0, move.step - 1 - LABEL_STEPS / 2);
  const last =
    list.numbers.length <= LABEL_STEPS
      ? list.numbers.length
      : Math.min(list.numbers.length, move.step + 1 + LABEL_STEPS / 2);
  const rowText = (coins: readonly string[]) =>
    `[${first > 0 ? '…, ' : ''}${coins.join(', ')}${last < list.numbers.length ? ', …' : ''}]`;
  const before = list.numbers.slice(first, last).map((n) => digitsText(n.text));
  const after = before.map((text, j) => {
    const i = first + j;
    return i === move.step ? numberText(fromAfter) : i === move.step - 1 ? numberText(belowAfter!) : text;
  });
  const coins = move.count === 1n ? 'coin' : 'coins';
  return {
    span: below ? { start: below.start, end: from.end } : from,
    newText: below ? (text) => `${belowAfter}${text.slice(below.end, from.start)}${fromAfter}` : fromAfter.toString(),
    // A cut staircase names its step: the windows of two moves far apart may read alike.
    label:
      `${syntax.rule.text} ${rowText(before)} → ${rowText(after)}` +
      (list.numbers.length > LABEL_STEPS ? ` at step ${move.step + 1}` : ''),
    description:
      move.step === 0
        ? `take ${numberText(move.count)} ${coins} off step 1` +
          (syntax.lists.length > 1 ? ` of staircase ${move.stair + 1}` : '')
        : `move ${numberText(move.count)} ${coins} from step ${move.step + 1} to step ${move.step}` +
          (syntax.lists.length > 1 ? ` of staircase ${move.stair + 1}` : ''),
  };
}

/** `staircase [C1, C2, …] …`: any lists of coins, step 1 first. */
export function checkStaircaseLists(component: ListsComponent): CheckedComponent {
  return {
    kind: 'staircase',
    syntax: component,
    stairs: component.lists.map((list) => list.numbers.map((n) => n.value)),
  };
}

/** Staircase Nim: coins per step in brackets (`staircase [3, 0, 5, 2]`). */
export const staircaseRules: RuleFamily<Extract<Rule, { kind: 'staircase' }>> = {
  shapes: ['lists'],
  writtenForm: (name) => `the coins on each step in brackets, step 1 first, as in \`${name} [3, 0, 5, 2]\``,
  check: (component, head, _rule, diagnostics) =>
    component.kind === 'lists' ? checkStaircaseLists(component) : wrongShape(head, staircaseRules, diagnostics),
};

export const staircaseFamily = {
  rules: { staircase: staircaseRules },
  components: {
    staircase: {
      input: (c) => ({ kind: 'staircase', stairs: c.stairs }),
      key: (c, parts) => parts.push(`staircase: ${c.stairs.map((coins) => `[${coins.join(', ')}]`).join(' ')}`),
      affinity: () => undefined,
    },
  },
  moves: { staircase: writeStaircaseMove },
} satisfies LanguageFamily;

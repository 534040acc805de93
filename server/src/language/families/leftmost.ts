// Leftmost rows: a move rewrites the one pile it takes from (`leftmost [3, 1]` → `leftmost [1, 1]`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { ListsComponent } from '../ast';
import type { CheckedComponent } from '../model';
import { digitsText, numberText } from '../numberText';
import { type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** A leftmost move: the pile's number, replaced by what is left. */
export function writeLeftmostMove(
  move: Extract<ComponentMove, { kind: 'leftmost' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'lists') throw mismatch(move, syntax);
  const list = syntax.lists[move.row];
  const pile = list.numbers[move.pile];
  const rowText = (piles: readonly string[]) => `[${piles.join(', ')}]`;
  const before = list.numbers.map((n) => digitsText(n.text));
  return {
    span: pile,
    newText: move.to.toString(),
    label:
      `${syntax.rule.text} ${rowText(before)} → ` +
      `${rowText(before.map((t, i) => (i === move.pile ? numberText(move.to) : t)))}`,
    description:
      `take ${numberText(pile.value - move.to)} from the leftmost non-empty pile ` +
      `(${numberText(pile.value)}) of row ${move.row + 1}`,
  };
}

/** `leftmost [A, B, …] …`: any rows, empty ones included. */
export function checkLeftmostLists(component: ListsComponent): CheckedComponent {
  return { kind: 'leftmost', syntax: component, rows: component.lists.map((list) => list.numbers.map((n) => n.value)) };
}

/** The leftmost-pile game: rows of piles in brackets (`leftmost [1, 2]`). */
export const leftmostRules: RuleFamily<Extract<Rule, { kind: 'leftmost' }>> = {
  shapes: ['lists'],
  writtenForm: (name) => `rows of piles in brackets, as in \`${name} [1, 2]\``,
  check: (component, head, _rule, diagnostics) =>
    component.kind === 'lists' ? checkLeftmostLists(component) : wrongShape(head, leftmostRules, diagnostics),
};

export const leftmostFamily = {
  rules: { leftmost: leftmostRules },
  components: {
    leftmost: {
      input: (c) => ({ kind: 'leftmost', rows: c.rows }),
      key: (c, parts) => parts.push(`leftmost: ${c.rows.map((row) => `[${row.join(', ')}]`).join(' ')}`),
      affinity: () => undefined,
    },
  },
  moves: { leftmost: writeLeftmostMove },
} satisfies LanguageFamily;

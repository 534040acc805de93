// Chomp (language version 4, part 3): `chomp [5, 3, 3, 1]`, a board's rows from the bottom up. A
// move is written as the board after it (`chomp [5, 3, 3, 1]` → take row 3, column 3 →
// `chomp [5, 3, 2, 1]`): the rows it cuts written again, the rows left empty gone.
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { ListsComponent, NumberGroup } from '../ast';
import { error, quoted } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { digitsText, numberText } from '../numberText';
import { type Diagnostics, type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** Boards of more rows than this are labelled by the square taken, not by the whole board. */
const LABEL_ROWS = 16;

/** A Chomp move: the board written again after the square and those above and to its right are taken. */
export function writeChompMove(move: Extract<ComponentMove, { kind: 'chomp' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'lists' || component.kind !== 'chomp') throw mismatch(move, syntax);
  const list = syntax.lists[move.board];
  const cut = BigInt(move.column - 1);
  const after: string[] = [];
  list.numbers.forEach((n, r) => {
    if (r + 1 < move.row || n.value <= cut) after.push(n.text);
    else if (cut > 0n) after.push(cut.toString());
  });
  const where = syntax.lists.length > 1 ? ` of board ${move.board + 1}` : '';
  const square = `the square at row ${move.row}, column ${move.column}${where}`;
  const short = list.numbers.length <= LABEL_ROWS;
  const written = (rows: readonly string[]) => `[${rows.map(digitsText).join(', ')}]`;
  return {
    span: list,
    newText: `[${after.join(', ')}]`,
    label: short
      ? `${syntax.rule.text} ${written(list.numbers.map((n) => n.text))} → ${written(after)}`
      : `${syntax.rule.text}: take (${numberText(BigInt(move.row))}, ${numberText(BigInt(move.column))})${where}`,
    description: `take ${square} and every square above it and to its right`,
  };
}

/** Why a list is no Chomp board (its rows from the bottom up: each at least 1, none longer than the one below). */
function checkBoard(list: NumberGroup, diagnostics: Diagnostics): boolean {
  if (list.numbers.length === 0) {
    diagnostics.push(
      error('bad-chomp-board', list, 'a Chomp board has at least its poisoned square: `[1]`', { replacement: '[1]' }),
    );
    return false;
  }
  const empty = list.numbers.find((n) => n.value === 0n);
  if (empty) {
    diagnostics.push(
      error('bad-chomp-board', empty, 'a row of a Chomp board has at least one square: leave out an empty row'),
    );
    return false;
  }
  const longer = list.numbers.findIndex((n, i) => i > 0 && n.value > list.numbers[i - 1].value);
  if (longer > 0) {
    const [below, above] = [list.numbers[longer - 1], list.numbers[longer]];
    // The same rows as a staircase, the longest at the bottom: what the quick fix writes over the whole list.
    const sorted = [...list.numbers].sort((a, b) => (a.value < b.value ? 1 : a.value > b.value ? -1 : 0));
    const staircase = `[${sorted.map((n) => n.text).join(', ')}]`;
    diagnostics.push(
      error(
        'bad-chomp-board',
        above,
        `row ${longer + 1} (${numberText(above.value)} squares) is longer than the row below it ` +
          `(${numberText(below.value)}): a Chomp board's rows are listed from the bottom up, each no longer than ` +
          'the one below',
        {
          replacement: staircase,
          replacementSpan: { start: list.start, end: list.end },
          related: [{ span: list, message: `as a staircase: ${quoted(staircase)}` }],
        },
      ),
    );
    return false;
  }
  return true;
}

/** `chomp [R1, R2, …] …`: each list a board, its rows from the bottom up. */
export function checkChompLists(component: ListsComponent, diagnostics: Diagnostics): CheckedComponent | undefined {
  let ok = true;
  for (const list of component.lists) ok = checkBoard(list, diagnostics) && ok;
  if (!ok) return undefined;
  return { kind: 'chomp', syntax: component, boards: component.lists.map((list) => list.numbers.map((n) => n.value)) };
}

/** Chomp: boards as their rows' lengths in brackets, from the bottom up (`chomp [5, 3, 3, 1]`). */
export const chompRules: RuleFamily<Extract<Rule, { kind: 'chomp' }>> = {
  shapes: ['lists'],
  writtenForm: (name) => `boards as the lengths of their rows from the bottom up, as in \`${name} [5, 3, 3, 1]\``,
  check: (component, head, _rule, diagnostics) =>
    component.kind === 'lists' ? checkChompLists(component, diagnostics) : wrongShape(head, chompRules, diagnostics),
};

export const chompFamily = {
  rules: { chomp: chompRules },
  components: {
    chomp: {
      input: (c) => ({ kind: 'chomp', boards: c.boards }),
      key: (c, parts) => parts.push(`chomp: ${c.boards.map((rows) => `[${rows.join(', ')}]`).join(' ')}`),
      affinity: () => undefined,
    },
  },
  moves: { chomp: writeChompMove },
} satisfies LanguageFamily;

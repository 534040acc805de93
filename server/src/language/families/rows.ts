// Rows (Treblecross, octal rules on rows): a move rewrites the row's string.
import type { ComponentMove } from '../../engine/gameTypes';
import type { CheckedComponent } from '../model';
import type { Span } from '../text';
import { type MoveText, mismatch } from './moveText';

/** A mark (Treblecross) or a knock (an octal rule on a row): the whole row, written again. */
export function writeRowMove(move: Extract<ComponentMove, { kind: 'mark' | 'knock' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'row') throw mismatch(move, syntax);
  let span: Span;
  let newText: string | (() => string);
  let label: string;
  let description: string;
  const cells = syntax.row.value;
  let after: string;
  if (move.kind === 'mark') {
    after = cells.slice(0, move.cell) + 'X' + cells.slice(move.cell + 1);
    description = `mark cell ${move.cell + 1}${move.winsAtOnce ? ': three in a row, which wins at once' : ''}`;
  } else {
    after = cells.slice(0, move.start) + '.'.repeat(move.count) + cells.slice(move.start + move.count);
    description = move.count === 1 ? `clear cell ${move.start + 1}` : `clear cells ${move.start + 1} to ${move.start + move.count}`;
  }
  newText = `"${after}"`;
  span = syntax.row;
  label = `${syntax.rule.text} "${cells}" → ${newText}`;
  return { span, newText, label, description };
}

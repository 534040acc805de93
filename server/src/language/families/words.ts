// Word games: a move rewrites the component's strings (`dict "abcab"` minus `c` → `dict "ab" "ab"`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { CheckedComponent } from '../model';
import type { Span } from '../text';
import { type MoveText, mismatch } from './moveText';
import { quoted } from '../diagnostics';

/** A word move: the pieces, written again (empty ones dropped; `""` when nothing is left). */
export function writeWordMove(move: Extract<ComponentMove, { kind: 'word' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'row') throw mismatch(move, syntax);
  let span: Span;
  let newText: string | (() => string);
  let label: string;
  let description: string;
  // The component's strings are written again: the piece is replaced by what is left on either
  // side of the deleted word, empty pieces dropped, and `""` when nothing is left at all.
  const literals = [syntax.row, ...syntax.more];
  const pieces = literals.flatMap((literal, i) => (i === move.piece ? [...move.leaves] : [literal.value])).filter((p) => p.length > 0);
  const written = pieces.length === 0 ? '""' : pieces.map((p) => `"${p}"`).join(' ');
  newText = written;
  span = { start: literals[0].start, end: literals.at(-1)!.end };
  const points = [...literals[move.piece].value];
  const word = points.slice(move.start, move.start + move.length).join('');
  label = `${syntax.rule.text} ${literals.map((l) => `"${quoted(l.value)}"`).join(' ')} → ${written.length > 80 ? `${written.slice(0, 79)}…` : written}`;
  description = `delete "${word}" at character ${move.start + 1} of "${quoted(literals[move.piece].value)}"`;
  return { span, newText, label, description };
}

// Wythoff positions: a move rewrites its pair (`wythoff (3, 6)` → `wythoff (3, 5)`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { CheckedComponent } from '../model';
import type { Span } from '../text';
import { type MoveText, mismatch } from './moveText';
import { numberText } from '../numberText';

/** A Wythoff move: the pair, written again. */
export function writeWythoffMove(move: Extract<ComponentMove, { kind: 'wythoff' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'pairs') throw mismatch(move, syntax);
  let span: Span;
  let newText: string | (() => string);
  let label: string;
  let description: string;
  const pair = syntax.pairs[move.position];
  const [x, y] = move.to;
  newText = `(${x}, ${y})`;
  span = pair;
  const [a, b] = [pair.numbers[0].value, pair.numbers[1].value];
  label = `${syntax.rule.text} (${numberText(a)}, ${numberText(b)}) → (${numberText(x)}, ${numberText(y)})`;
  const both = a - x;
  description =
    x < a && y < b ? `take ${numberText(both)} from both heaps` : x < a ? `take ${numberText(a - x)} from the first heap` : `take ${numberText(b - y)} from the second heap`;
  description += ` of (${numberText(a)}, ${numberText(b)})`;
  return { span, newText, label, description };
}

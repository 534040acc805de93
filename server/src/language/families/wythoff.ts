// Wythoff positions: a move rewrites its pair (`wythoff (3, 6)` → `wythoff (3, 5)`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { CheckedComponent } from '../model';
import type { Span } from '../text';
import { type MoveText, mismatch } from './moveText';
import { numberText } from '../numberText';
import type { PairsComponent } from '../ast';
import { type DiagnosticSink, error } from '../diagnostics';

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

/** `wythoff (A, B) …`: each group must be a pair of heaps. */
export function checkWythoffPairs(component: PairsComponent, diagnostics: Pick<DiagnosticSink, 'push'>): CheckedComponent | undefined {
  let ok = true;
  const positions: [bigint, bigint][] = [];
  for (const pair of component.pairs) {
    if (pair.numbers.length !== 2) {
      diagnostics.push(error('bad-pair', pair, `a Wythoff position is two heaps, \`(A, B)\`; this one has ${pair.numbers.length === 1 ? 'one number' : `${pair.numbers.length} numbers`}`));
      ok = false;
    } else positions.push([pair.numbers[0].value, pair.numbers[1].value]);
  }
  return ok ? { kind: 'wythoff', syntax: component, positions } : undefined;
}

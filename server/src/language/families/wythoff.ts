// Wythoff positions: a move rewrites its pair (`wythoff (3, 6)` → `wythoff (3, 5)`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { PairsComponent } from '../ast';
import { type DiagnosticSink, error } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { numberText } from '../numberText';
import { type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** A Wythoff move: the pair, written again. */
export function writeWythoffMove(
  move: Extract<ComponentMove, { kind: 'wythoff' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'pairs') throw mismatch(move, syntax);
  const pair = syntax.pairs[move.position];
  const [x, y] = move.to;
  const [a, b] = [pair.numbers[0].value, pair.numbers[1].value];
  const taken =
    x < a && y < b
      ? `take ${numberText(a - x)} from both heaps`
      : x < a
        ? `take ${numberText(a - x)} from the first heap`
        : `take ${numberText(b - y)} from the second heap`;
  return {
    span: pair,
    newText: `(${x}, ${y})`,
    label: `${syntax.rule.text} (${numberText(a)}, ${numberText(b)}) → (${numberText(x)}, ${numberText(y)})`,
    description: `${taken} of (${numberText(a)}, ${numberText(b)})`,
  };
}

/** `wythoff (A, B) …`: each group must be a pair of heaps. */
export function checkWythoffPairs(
  component: PairsComponent,
  diagnostics: Pick<DiagnosticSink, 'push'>,
): CheckedComponent | undefined {
  let ok = true;
  const positions: [bigint, bigint][] = [];
  for (const pair of component.pairs) {
    if (pair.numbers.length !== 2) {
      diagnostics.push(
        error(
          'bad-pair',
          pair,
          `a Wythoff position is two heaps, \`(A, B)\`; this one has ` +
            `${pair.numbers.length === 1 ? 'one number' : `${pair.numbers.length} numbers`}`,
        ),
      );
      ok = false;
    } else positions.push([pair.numbers[0].value, pair.numbers[1].value]);
  }
  return ok ? { kind: 'wythoff', syntax: component, positions } : undefined;
}

/** Wythoff's game: positions as pairs of heaps (`wythoff (3, 5)`). */
export const wythoffRules: RuleFamily<Extract<Rule, { kind: 'wythoff' }>> = {
  shapes: ['pairs'],
  writtenForm: (name) => `positions as pairs of heaps, as in \`${name} (3, 5)\``,
  check: (component, head, _rule, diagnostics) =>
    component.kind === 'pairs'
      ? checkWythoffPairs(component, diagnostics)
      : wrongShape(head, wythoffRules, diagnostics),
};

export const wythoffFamily = {
  rules: { wythoff: wythoffRules },
  components: {
    wythoff: {
      input: (c) => ({ kind: 'wythoff', positions: c.positions }),
      key: (c, parts) => parts.push(`wythoff: ${c.positions.map(([a, b]) => `(${a}, ${b})`).join(' ')}`),
      affinity: () => 'wythoff',
    },
  },
  moves: { wythoff: writeWythoffMove },
} satisfies LanguageFamily;

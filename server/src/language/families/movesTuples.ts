// Tuple rules of one's own (`rule corner = moves (x, y) -> …`): positions written as tuples
// (`corner (3, 5) (2, 2)`), each of the rule's arity; a move rewrites its tuple, and a split writes the
// positions it leaves in its place (`corner (3, 5)` → `corner (1, 5)`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import { error } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { numberText } from '../numberText';
import { type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

type TupleRule = Extract<Rule, { kind: 'movesTuple' }>;

const tupleText = (numbers: readonly bigint[]) => `(${numbers.map((n) => n.toString()).join(', ')})`;
const tupleLabel = (numbers: readonly bigint[]) => `(${numbers.map((n) => numberText(n)).join(', ')})`;

/** A move of a tuple rule: the tuple, replaced by the positions the move leaves. */
export function writeMovesTupleMove(
  move: Extract<ComponentMove, { kind: 'moves-tuple' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'pairs' || component.kind !== 'moves-tuples') throw mismatch(move, syntax);
  const group = syntax.pairs[move.position];
  const before = component.positions[move.position];
  // A move that leaves nothing leaves the position of zeros, which has no move (every part is smaller).
  const leaves = move.leaves.length === 0 ? [before.map(() => 0n)] : move.leaves;
  const after = leaves.map(tupleLabel).join(' ');
  return {
    span: group,
    newText: leaves.map(tupleText).join(' '),
    label: `${syntax.rule.text} ${tupleLabel(before)} → ${after}`,
    description:
      move.leaves.length === 0
        ? `${tupleLabel(before)} goes (the move leaves nothing)`
        : `${tupleLabel(before)} becomes ${leaves.length === 1 ? after : leaves.map(tupleLabel).join(' and ')}`,
  };
}

/** `corner (3, 5) …` under a tuple rule: each group a position of the rule's arity. */
export const movesTupleRules: RuleFamily<TupleRule> = {
  shapes: ['pairs'],
  writtenForm: (name) => `positions in parentheses, as in \`${name} (3, 5)\``,
  check: (component, head, rule, diagnostics) => {
    if (component.kind !== 'pairs') return wrongShape(head, movesTupleRules, diagnostics);
    const arity = rule.moves.arity;
    let ok = true;
    for (const group of component.pairs)
      if (group.numbers.length !== arity) {
        diagnostics.push(
          error(
            'bad-pair',
            group,
            `a position of \`${head.text}\` has ${arity} numbers; this one has ${group.numbers.length}`,
          ),
        );
        ok = false;
      }
    if (!ok) return undefined;
    return {
      kind: 'moves-tuples',
      syntax: component,
      rule,
      positions: component.pairs.map((group) => group.numbers.map((n) => n.value)),
    };
  },
};

export const movesTuplesFamily = {
  rules: { movesTuple: movesTupleRules },
  components: {
    'moves-tuples': {
      input: (c) => ({ kind: 'moves-tuples', rule: c.rule, positions: c.positions }),
      key: (c, parts) => parts.push(c.rule.text, ': ', c.positions.map(tupleText).join(' ')),
      affinity: (c) => c.rule.text,
    },
  },
  moves: { 'moves-tuple': writeMovesTupleMove },
} satisfies LanguageFamily;

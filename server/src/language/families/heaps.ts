// Heap rules: a move rewrites the one heap it changes (`onetwo 4` → `onetwo 2`; a split writes both heaps).

import { ruleKey } from '../../engine';
import type { ComponentMove } from '../../engine/gameTypes';
import type { HeapRule, Rule } from '../../engine/types';
import type { HeapsComponent, Name } from '../ast';
import type { CheckedComponent } from '../model';
import { digitsText, numberText } from '../numberText';
import { appendHeapTexts, heapValues } from '../plainHeaps';
import { type Diagnostics, type LanguageFamily, type RuleComponent, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';
import { checkRow, writeRowMove } from './treblecross';

/** A heap move: the heap's number, replaced by what it leaves. */
export function writeHeapMove(move: Extract<ComponentMove, { kind: 'heap' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'heaps') throw mismatch(move, syntax);
  // Read once (a plain line's literals are made on every read); the heap's digits from its text, not from its value.
  const literals = syntax.heaps;
  const literal = literals[move.heap];
  const sameSize = literals.filter((heap) => heap.value === literal.value).length > 1;
  const size = digitsText(literal.text.replace(/^0+(?=\d)/, ''));
  const which = sameSize ? `heap of ${size} (heap ${move.heap + 1} of \`${syntax.rule.text}\`)` : `heap of ${size}`;
  const left = move.leaves.map(numberText);
  const leaving = left.length === 3 ? `${left[0]}, ${left[1]} and ${left[2]}` : left.join(' and ');
  if (component.kind === 'heaps' && component.rule.kind === 'moves') {
    // A rule of one's own says nothing of taking: the heap becomes what the move leaves.
    const becomes = left.length === 0 ? 'goes (the move leaves nothing)' : `becomes ${leaving}`;
    return {
      span: literal,
      newText: () => (move.leaves.length === 0 ? '0' : move.leaves.join(' ')),
      label: `${syntax.rule.text} ${digitsText(literal.text)} → ${left.length === 0 ? '0' : left.join(' ')}`,
      description: `the ${which} ${becomes}`,
    };
  }
  return {
    span: literal,
    // Printed only when the edit is wanted: a heap of a million digits takes a quarter of a
    // second to print, and a lens list only needs the label.
    newText: () => (move.leaves.length === 0 ? '0' : move.leaves.join(' ')),
    label: `${syntax.rule.text} ${digitsText(literal.text)} → ${left.length === 0 ? '0' : left.join(' ')}`,
    description:
      move.take === 0n
        ? `split the ${which} into ${leaving}`
        : left.length === 0
          ? `take the whole ${which}`
          : left.length === 1
            ? `take ${numberText(move.take)} from the ${which}`
            : `take ${numberText(move.take)} from the ${which}, leaving heaps of ${leaving}`,
  };
}

/**
 * A heaps component as checked. Its heaps are read from its syntax when asked (the engine's input
 * is made once per computation), not kept as a second list: an analysis is copied by the
 * collector after it is made, and a list per component was a sixth of the lists it held.
 */
class CheckedHeaps {
  // Fields in the order of the other components' (JSON of a component reads the same).
  readonly kind: 'heaps';
  readonly syntax: HeapsComponent;
  readonly ruleName: string;
  readonly rule: HeapRule;
  constructor(syntax: HeapsComponent, ruleName: string, rule: HeapRule) {
    this.kind = 'heaps';
    this.syntax = syntax;
    this.ruleName = ruleName;
    this.rule = rule;
  }

  get heaps(): readonly bigint[] {
    return heapValues(this.syntax);
  }
}

/** `RULE N1 N2 …` under a heap rule: one heap per number. */
export function checkHeaps(component: HeapsComponent, head: Name, rule: HeapRule): CheckedComponent {
  return new CheckedHeaps(component, head.text, rule);
}

type SubtractionRule = Extract<
  Rule,
  { kind: 'subtract' | 'subtractAllExcept' | 'subtractSet' | 'subtractAllExceptSet' }
>;

/** A heap rule's component: heaps, or a row (each rule's checkRow says what a row means to it). */
function checkHeapsOrRow<R extends HeapRule>(
  family: RuleFamily<R>,
  component: RuleComponent,
  head: Name,
  rule: R,
  diagnostics: Diagnostics,
): CheckedComponent | undefined {
  switch (component.kind) {
    case 'heaps':
      return checkHeaps(component, head, rule);
    case 'row':
      return checkRow(component, head, rule, diagnostics);
    default:
      return wrongShape(head, family, diagnostics);
  }
}

/** Subtraction rules (`subtract {…}`, `subtract all except {…}`, Nim): heaps only. */
export const subtractionRules: RuleFamily<SubtractionRule> = {
  shapes: ['heaps'],
  writtenForm: (name) => `heap sizes, as in \`${name} 3 4\``,
  // A row's cells are checked too; then checkRow says this rule is played on heaps.
  check: (component, head, rule, diagnostics) => checkHeapsOrRow(subtractionRules, component, head, rule, diagnostics),
};

/** Octal (and hexadecimal) codes: heaps, or a row whose runs of `X` are the heaps. */
export const octalRules: RuleFamily<Extract<Rule, { kind: 'octal' }>> = {
  shapes: ['heaps', 'row'],
  writtenForm: (name) => `heap sizes, as in \`${name} 3 4\`, or a row, as in \`${name} "XXX.XX"\``,
  check: (component, head, rule, diagnostics) => checkHeapsOrRow(octalRules, component, head, rule, diagnostics),
};

/** Rules of one's own with one variable (`moves n -> …`): heaps only. */
export const movesHeapRules: RuleFamily<Extract<Rule, { kind: 'moves' }>> = {
  shapes: ['heaps'],
  writtenForm: (name) => `heap sizes, as in \`${name} 3 4\``,
  check: (component, head, rule, diagnostics) =>
    component.kind === 'heaps' ? checkHeaps(component, head, rule) : wrongShape(head, movesHeapRules, diagnostics),
};

/** Heap games: subtraction and octal rules, on heaps or (octal) on rows whose runs are heaps. */
export const heapsFamily = {
  rules: {
    subtract: subtractionRules,
    subtractAllExcept: subtractionRules,
    subtractSet: subtractionRules,
    subtractAllExceptSet: subtractionRules,
    octal: octalRules,
    moves: movesHeapRules,
  },
  components: {
    heaps: {
      input: (c) => ({ kind: 'heaps', rule: c.rule, heaps: c.heaps }),
      // The heaps as written, not printed from their values: printing a million-digit heap takes a
      // quarter of a second. Equal text means equal values (`007` and `7` only cost a computation).
      key: (c, parts) => {
        parts.push(ruleKey(c.rule), ':');
        if (c.syntax.kind === 'heaps') appendHeapTexts(c.syntax, parts);
        else for (const heap of c.heaps) parts.push(' ', String(heap));
      },
      affinity: (c) => ruleKey(c.rule),
    },
    'octal-row': {
      input: (c) => ({ kind: 'octal-row', rule: c.rule, cells: c.cells }),
      key: (c, parts) => parts.push(ruleKey(c.rule), ': "', c.cells, '"'),
      affinity: (c) => ruleKey(c.rule),
    },
  },
  moves: { heap: writeHeapMove, knock: writeRowMove },
} satisfies LanguageFamily;

// Treblecross, and the rows octal rules are played on: a move rewrites the row's string.

import { ruleKey, TREBLECROSS_OCTAL } from '../../engine';
import type { ComponentMove } from '../../engine/gameTypes';
import { isHeapRule, type Rule } from '../../engine/types';
import type { Name, RowComponent } from '../ast';
import { type DiagnosticSink, error, warning } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** A mark (Treblecross) or a knock (an octal rule on a row): the whole row, written again. */
export function writeRowMove(
  move: Extract<ComponentMove, { kind: 'mark' | 'knock' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'row') throw mismatch(move, syntax);
  const cells = syntax.row.value;
  const after =
    move.kind === 'mark'
      ? `${cells.slice(0, move.cell)}X${cells.slice(move.cell + 1)}`
      : cells.slice(0, move.start) + '.'.repeat(move.count) + cells.slice(move.start + move.count);
  const description =
    move.kind === 'mark'
      ? `mark cell ${move.cell + 1}${move.winsAtOnce ? ': three in a row, which wins at once' : ''}`
      : move.count === 1
        ? `clear cell ${move.start + 1}`
        : `clear cells ${move.start + 1} to ${move.start + move.count}`;
  const [from, to] = move.kind === 'mark' ? [move.cell, move.cell + 1] : [move.start, move.start + move.count];
  const shown = (row: string) => labelWindow(row, from, to);
  return {
    span: syntax.row,
    newText: `"${after}"`,
    // A cut row names its cell: the windows of two moves far apart may read alike.
    label:
      `${syntax.rule.text} "${shown(cells)}" → "${shown(after)}"` +
      (cells.length > LABEL_ROW_CELLS ? ` at cell ${from + 1}` : ''),
    description,
  };
}

/** Rows longer than this are shown in a move's label by the cells around the move only. */
export const LABEL_ROW_CELLS = 64;

/**
 * A row for a move's label: whole when short; else the cells within LABEL_ROW_CELLS / 2 of the
 * changed ones (`from` to `to`), with `…` where it is cut. A label is a lens title or a quick pick's
 * line: written with the whole row twice, the 200 listed moves of a 100,000-cell row were 40 MB.
 */
export function labelWindow(row: string, from: number, to: number): string {
  if (row.length <= LABEL_ROW_CELLS) return row;
  const start = Math.max(0, from - LABEL_ROW_CELLS / 2);
  const end = Math.min(row.length, to + LABEL_ROW_CELLS / 2);
  return `${start > 0 ? '…' : ''}${row.slice(start, end)}${end < row.length ? '…' : ''}`;
}

/** Is this a rule played on rows (Treblecross, and octal rules, each run of X a heap)? */
export function isRowRule(rule: Rule | undefined): boolean {
  return rule?.kind === 'treblecross' || rule?.kind === 'octal';
}

/** A row (`treblecross "..X.."`, `kayles "XXX.XX"`) under a rule that is not a word game. */
export function checkRow(
  component: RowComponent,
  head: Name,
  rule: Rule | undefined,
  diagnostics: Pick<DiagnosticSink, 'push'>,
): CheckedComponent | undefined {
  const rowOk = checkRowCells(component.row.value, component.row.valueStart, diagnostics);
  if (rule && !isRowRule(rule)) {
    diagnostics.push(
      error(
        'heap-rule-given-row',
        head,
        `\`${head.text}\` is a subtraction rule, played on heaps: write heap sizes, as in \`${head.text} 3 4\`; ` +
          `rows are for \`treblecross\` and octal rules`,
      ),
    );
    return undefined;
  }
  if (component.more.length > 0) {
    const extra = component.more[0];
    diagnostics.push(
      error(
        'wrong-shape',
        { start: extra.start, end: component.more.at(-1)!.end },
        `\`${head.text}\` takes one row; join another with \`+\`, as in \`${head.text} "${component.row.value}" + ` +
          `${head.text} "${extra.value}"\``,
      ),
    );
    return undefined;
  }
  if (!rule || !rowOk) return undefined;
  const cells = component.row.value;
  if (rule.kind === 'treblecross') {
    const won = cells.indexOf('XXX');
    if (won >= 0) {
      const start = component.row.valueStart + won;
      diagnostics.push(
        warning('row-already-won', { start, end: start + 3 }, 'three marked cells in a row: this game is already over'),
      );
    }
    return { kind: 'treblecross', syntax: component, cells };
  }
  if (!isHeapRule(rule)) return undefined;
  if (rule.kind === 'octal' && (rule.digits[0] !== 0 || rule.digits.some((d) => d > 7))) {
    // A row cannot show a heap split without a gap appearing, nor a run broken in three by
    // one knock: such codes are played on heaps.
    const what = rule.digits[0] !== 0 ? 'splits heaps without taking anything' : 'may leave three heaps';
    diagnostics.push(
      error(
        'wrong-shape',
        head,
        `\`${head.text}\` ${what}, which a row cannot show: write heap sizes, as in \`${head.text} 3 4\``,
      ),
    );
    return undefined;
  }
  // Each run of X is a heap (cells are only `.` and `X` here).
  const heaps: bigint[] = [];
  let run = 0;
  for (let i = 0; i <= cells.length; i++) {
    if (i < cells.length && cells.charCodeAt(i) === 88 /* X */) run++;
    else if (run > 0) {
      heaps.push(BigInt(run));
      run = 0;
    }
  }
  return { kind: 'octal-row', syntax: component, ruleName: head.text, rule, cells, heaps };
}

/** `.` or `X`. */
const isCell = (c: number) => c === 46 || c === 88;

/** A row holds `.` (empty) and `X` (marked); each run of other characters is one diagnostic. */
function checkRowCells(cells: string, offset: number, diagnostics: Pick<DiagnosticSink, 'push'>): boolean {
  let ok = true;
  for (let i = 0; i < cells.length; ) {
    if (isCell(cells.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < cells.length && !isCell(cells.charCodeAt(i))) i++;
    const run = cells.slice(start, i);
    const hint = /^x+$/.test(run) ? ': write a capital `X` for a marked cell' : '';
    diagnostics.push(
      error(
        'bad-row-character',
        { start: offset + start, end: offset + i },
        `a row holds only \`.\` (empty) and \`X\` (marked), not \`${run}\`${hint}`,
      ),
    );
    ok = false;
  }
  return ok;
}

/** Treblecross: a row of cells (`treblecross "..X.."`). */
export const treblecrossRules: RuleFamily<Extract<Rule, { kind: 'treblecross' }>> = {
  shapes: ['row'],
  writtenForm: (name) => `a row, as in \`${name} ".....X."\``,
  check: (component, head, rule, diagnostics) => {
    switch (component.kind) {
      case 'heaps':
        diagnostics.push(
          error(
            'row-rule-given-heaps',
            head,
            `\`${head.text}\` is played on a row, not on heaps: write \`${head.text} "....."\``,
          ),
        );
        return undefined;
      case 'row':
        return checkRow(component, head, rule, diagnostics);
      default:
        return wrongShape(head, treblecrossRules, diagnostics);
    }
  },
};

/** Treblecross: a row of cells; a mark that completes three in a row wins. */
export const treblecrossFamily = {
  rules: { treblecross: treblecrossRules },
  // A row's cells are checked whatever its rule; the rule, its definition having errors, says nothing more.
  withoutRule: { row: (component, head, diagnostics) => void checkRow(component, head, undefined, diagnostics) },
  components: {
    treblecross: {
      input: (c) => ({ kind: 'treblecross', cells: c.cells }),
      key: (c, parts) => parts.push('treblecross: "', c.cells, '"'),
      affinity: () => ruleKey(TREBLECROSS_OCTAL),
      // Treblecross ends when someone completes three in a row and that player wins; "whoever
      // moves last loses" would make it a different game, which the language does not define.
      noMisere: {
        code: 'misere-treblecross',
        message:
          'Treblecross has no misère form here: whoever completes three in a row wins; ' +
          'remove `misere` or play this row in another game',
      },
    },
  },
  moves: { mark: writeRowMove },
} satisfies LanguageFamily;

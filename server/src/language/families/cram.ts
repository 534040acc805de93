// Cram (language version 4, part 3): `cram ["....", ".#..", "...."]`, a board a bracketed list of rows, `.` an empty
// cell, `#` a filled one. A move fills two empty neighbours and is written as the board after it: the rows it
// touches written again, the rest (line breaks, comments) as they were.
import type { CramBoard } from '../../engine/boards';
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { Board, BoardsComponent, StringLiteral } from '../ast';
import { error } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { type Diagnostics, type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

const EMPTY = '.';
const FILLED = '#';

/** A character of a row that is no cell. */
const NOT_A_CELL = /[^.#]/;

/** A short row is mended by a quick fix (its missing cells written filled) only when it lacks at most this many. */
const MENDED_CELLS = 64;

/**
 * What a character that is no cell most likely stands for: `o`, `0`, `_` or a space an empty cell (as on paper, or in
 * a row of bits), anything else (`x`, `X`, `1`, `*`) a filled one.
 */
function cellFor(character: string): string {
  return 'oO0_ '.includes(character) ? EMPTY : FILLED;
}

/** A board's cells as the engine takes them, or undefined (reported) when a row is not made of cells or is short. */
function boardData(board: Board, diagnostics: Diagnostics): CramBoard | undefined {
  let ok = true;
  const width = board.rows[0]?.value.length ?? 0;
  for (const row of board.rows) {
    if (!NOT_A_CELL.test(row.value)) continue;
    const cells = [...row.value];
    const bad = cells.findIndex((c) => c !== EMPTY && c !== FILLED);
    if (bad >= 0) {
      const at = row.valueStart + row.value.slice(0, bad).length;
      const character = cells[bad];
      // The quick fix writes the whole row again, each character that is no cell as the cell it most likely means.
      const mended = cells.map((c) => (c === EMPTY || c === FILLED ? c : cellFor(c))).join('');
      diagnostics.push(
        error(
          'bad-row-character',
          { start: at, end: at + character.length },
          `\`${character}\` is not a cell of a Cram board: \`.\` is an empty cell, \`#\` a filled one`,
          { replacement: mended, replacementSpan: { start: row.valueStart, end: row.valueStart + row.value.length } },
        ),
      );
      ok = false;
    }
  }
  for (const row of board.rows.slice(1))
    if (row.value.length !== width) {
      const missing = width - row.value.length;
      const valueEnd = row.valueStart + row.value.length;
      const made = missing > 0 ? ' (filled cells `#` make up a short row)' : '';
      diagnostics.push(
        error(
          'ragged-board',
          row,
          `this row has ${row.value.length} cell${row.value.length === 1 ? '' : 's'}; the board's first row has ` +
            `${width}: the rows of a board are of one length${made}`,
          // The missing cells, written filled at the row's end: bounded, so that a thousand short rows under a long
          // one cost no more than their text.
          missing > 0 && missing <= MENDED_CELLS
            ? { replacement: FILLED.repeat(missing), replacementSpan: { start: valueEnd, end: valueEnd } }
            : {},
        ),
      );
      ok = false;
    }
  if (!ok) return undefined;
  const empty = new Uint8Array(width * board.rows.length);
  board.rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) empty[r * width + c] = row.value[c] === EMPTY ? 1 : 0;
  });
  return { width, height: board.rows.length, empty };
}

/** `cram [ROW, ROW, …] …`: each bracketed list a board. */
export function checkCramBoards(component: BoardsComponent, diagnostics: Diagnostics): CheckedComponent | undefined {
  const boards: CramBoard[] = [];
  let ok = true;
  for (const board of component.boards) {
    const data = boardData(board, diagnostics);
    if (data) boards.push(data);
    else ok = false;
  }
  return ok ? { kind: 'cram', syntax: component, boards } : undefined;
}

/** A Cram move: the rows holding its two cells written again, each cell `#`. */
export function writeCramMove(move: Extract<ComponentMove, { kind: 'cram' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'boards' || component.kind !== 'cram') throw mismatch(move, syntax);
  const board = syntax.boards[move.board];
  const { width } = component.boards[move.board];
  const [a, b] = move.cells;
  const [rowA, rowB] = [Math.floor(a / width), Math.floor(b / width)];
  const first: StringLiteral = board.rows[rowA];
  const last: StringLiteral = board.rows[rowB];
  const fill = (row: StringLiteral, r: number) =>
    [...row.value].map((c, col) => (r * width + col === a || r * width + col === b ? FILLED : c)).join('');
  const cell = (i: number) => `(${Math.floor(i / width) + 1}, ${(i % width) + 1})`;
  const where = syntax.boards.length > 1 ? ` of board ${move.board + 1}` : '';
  const shown = (rows: readonly string[]) =>
    rows.length <= 8 && width <= 40 ? ` [${rows.map((r) => `"${r}"`).join(', ')}]` : '';
  const before = board.rows.slice(rowA, rowB + 1).map((row) => row.value);
  const after = board.rows.slice(rowA, rowB + 1).map((row, i) => fill(row, rowA + i));
  const rows = shown(before) && `:${shown(before)} →${shown(after)}`;
  return {
    span: { start: first.start, end: last.end },
    // The rows between (one above the other: none) and whatever stands between them stay as written.
    newText: (text) =>
      rowA === rowB ? `"${after[0]}"` : `"${after[0]}"${text.slice(first.end, last.start)}"${after[after.length - 1]}"`,
    label: `${syntax.rule.text}${where}: fill ${cell(a)} ${cell(b)}${rows}`,
    description: `fill the cells at ${cell(a)} and ${cell(b)} (row, column)${where}`,
  };
}

/** Cram: boards in brackets, a string a row (`cram ["....", ".#.."]`). */
export const cramRules: RuleFamily<Extract<Rule, { kind: 'cram' }>> = {
  shapes: ['boards'],
  writtenForm: (name) =>
    `boards in brackets, a string a row, \`.\` empty and \`#\` filled, as in \`${name} ["...", ".#."]\``,
  check: (component, head, _rule, diagnostics) =>
    component.kind === 'boards' ? checkCramBoards(component, diagnostics) : wrongShape(head, cramRules, diagnostics),
};

export const cramFamily = {
  rules: { cram: cramRules },
  components: {
    cram: {
      input: (c) => ({ kind: 'cram', boards: c.boards }),
      key: (c, parts) => {
        parts.push('cram:');
        for (const board of c.boards) parts.push(` ${board.width}:${board.empty.join('')}`);
      },
      affinity: () => undefined,
    },
  },
  moves: { cram: writeCramMove },
} satisfies LanguageFamily;

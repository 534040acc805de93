// Chomp in sums (`chomp [5, 3, 3, 1]`): each board's nimber by boards/chomp.ts (its theorems, else the
// search over the staircases inside it, within its limits and a memory ceiling), the boards' tables
// kept in the engine cache so that a document's boards, and the next analysis, share them. Sharing
// them changes no answer (issue 55): whether a board is searched is decided from its own table's exact
// size before any search, and a board within the limits is always valued, from whichever table.
//
// A board the search cannot value is unknown, with the reason; when a theorem says it is not 0 (every
// rectangle but 1 × 1, by strategy stealing) the reason says that the player to move wins, since a
// single such board is a first-player win even though its nimber is unknown.
import { CHOMP_MAX_LENGTH, ChompMemo, chompValue, chompWinningMoves } from '../boards';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import { boardsAnalysis, boardWhy, listingStopped } from '../components';
import type { Budget } from '../types';

const LONGEST = BigInt(CHOMP_MAX_LENGTH);

/** The cache's Chomp tables, made when first needed. */
function memoOf(cache: EngineCache): ChompMemo {
  cache.boards.chomp ??= new ChompMemo();
  return cache.boards.chomp;
}

/** The memo an analysis was made with, for its moves (movesTo has no cache), by the analysis object. */
const memoOfAnalysis = new WeakMap<ComponentAnalysis, ChompMemo>();

/** Rows a reason writes out at each end of a board; the rest are counted. */
const ROWS_SHOWN = 4;
/** Digits a row's length is written with in a reason; a longer one is said by its digit count. */
const DIGITS_SHOWN = 20;

/**
 * `[5, 3, 3, 1]`, as written, for a reason: bounded, since a reason reaches hovers and lens titles and a board
 * may have 10^5 rows or rows of thousands of digits (`[9, 9, 9, 9, … (100,000 rows), 1, 1, 1, 1]`).
 */
export function boardText(rows: readonly bigint[]): string {
  const row = (r: bigint) => {
    const digits = r.toString();
    return digits.length <= DIGITS_SHOWN ? digits : `(a number of ${digits.length.toLocaleString('en-US')} digits)`;
  };
  if (rows.length <= 2 * ROWS_SHOWN + 1) return `[${rows.map(row).join(', ')}]`;
  const first = rows.slice(0, ROWS_SHOWN).map(row).join(', ');
  const last = rows.slice(-ROWS_SHOWN).map(row).join(', ');
  return `[${first}, … (${rows.length.toLocaleString('en-US')} rows), ${last}]`;
}

function chompComponentValue(component: Of<'chomp'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const memo = memoOf(cache);
  const analysis = boardsAnalysis(component.boards, (rows) => {
    if (rows.some((r) => r > LONGEST))
      return {
        value: null,
        why: boardWhy([], () => 0, undefined),
        unknown: `the board ${boardText(rows)} has a row past 2^53 - 1 squares, the longest taken`,
      };
    const found = chompValue(rows.map(Number), budget, memo);
    const wins = found.nonzero ? `; the player to move wins (${found.theorem})` : '';
    return {
      value: found.value,
      why: boardWhy([], () => 0, found.theorem),
      ...(found.value === null
        ? { unknown: `the nimber of ${boardText(rows)} is unknown: ${found.reason}${wins}` }
        : {}),
    };
  });
  memoOfAnalysis.set(analysis, memo);
  return analysis;
}

function chompMovesTo(
  component: Of<'chomp'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
  budget: Budget,
): void {
  const memo = memoOfAnalysis.get(value) ?? new ChompMemo();
  const seen = new Set<string>();
  let incomplete: string | undefined;
  component.boards.forEach((rows, board) => {
    const key = rows.join(',');
    if (seen.has(key)) return; // equal boards: the same moves
    seen.add(key);
    const target = value.parts[board]! ^ total;
    const found = chompWinningMoves(rows.map(Number), Number(target), budget, memo);
    for (const { row, column } of found.moves) list.add(index, { kind: 'chomp', board, row, column });
    if (!found.complete) incomplete ??= found.reason;
  });
  if (incomplete !== undefined) throw listingStopped(budget, incomplete);
}

export const chompFamily: ComponentFamily<'chomp'> = { value: chompComponentValue, movesTo: chompMovesTo };

/** The board after the square at `row`, `column` (from 1) is taken: rows from `row` up cut to column − 1 squares. */
export function chompBoardAfter(rows: readonly bigint[], row: number, column: number): bigint[] {
  const cut = BigInt(column - 1);
  const after = rows.map((length, r) => (r + 1 >= row && length > cut ? cut : length));
  return after.filter((length) => length > 0n);
}

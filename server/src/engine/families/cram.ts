// Cram in sums (`cram ["....", ".#..", "...."]`): each board's nimber by boards/cram.ts (its regions, their
// canonical forms, the theorems it uses, else the search), the boards' table kept in the engine cache so that a
// document's boards, and the next analysis, share what was searched.
import { type CramBoard, CramMemo, cramValue, cramWinningMoves } from '../boards';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import { boardsAnalysis, boardWhy, listingStopped } from '../components';
import type { Budget } from '../types';

/** The cache's Cram table, made when first needed. */
function memoOf(cache: EngineCache): CramMemo {
  cache.boards.cram ??= new CramMemo();
  return cache.boards.cram;
}

/** The memo an analysis was made with, for its moves (movesTo has no cache), by the analysis object. */
const memoOfAnalysis = new WeakMap<ComponentAnalysis, CramMemo>();

function cramComponentValue(component: Of<'cram'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const memo = memoOf(cache);
  const analysis = boardsAnalysis(component.boards, (board, i) => {
    const found = cramValue(board, budget, memo);
    const which = component.boards.length > 1 ? `board ${i + 1}` : 'the board';
    return {
      value: found.value,
      why: boardWhy(found.parts, (r) => found.parts[r].cells.length, found.theorem),
      ...(found.value === null ? { unknown: `the nimber of ${which} is unknown: ${found.reason}` } : {}),
    };
  });
  memoOfAnalysis.set(analysis, memo);
  return analysis;
}

function cramMovesTo(
  component: Of<'cram'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
  budget: Budget,
): void {
  const memo = memoOfAnalysis.get(value) ?? new CramMemo();
  let incomplete: string | undefined;
  const seen = new Set<string>();
  component.boards.forEach((board, i) => {
    const key = `${board.width}:${board.empty.join('')}`;
    if (seen.has(key)) return; // equal boards: the same moves
    seen.add(key);
    const found = cramWinningMoves(board, Number(value.parts[i]! ^ total), budget, memo);
    for (const cells of found.moves) list.add(index, { kind: 'cram', board: i, cells: [cells[0], cells[1]] });
    if (!found.complete) incomplete ??= found.reason;
  });
  if (incomplete !== undefined) throw listingStopped(budget, incomplete);
}

export const cramFamily: ComponentFamily<'cram'> = { value: cramComponentValue, movesTo: cramMovesTo };

/** The board after a move: its two cells filled. */
export function cramBoardAfter(board: CramBoard, cells: readonly [number, number]): CramBoard {
  const empty = board.empty.slice();
  empty[cells[0]] = 0;
  empty[cells[1]] = 0;
  return { width: board.width, height: board.height, empty };
}

/** Whether a board has a move: two empty cells side by side or one above the other. */
export function hasCramMove({ width, empty }: CramBoard): boolean {
  for (let i = 0; i < empty.length; i++)
    if (empty[i] && (((i % width) + 1 < width && empty[i + 1]) || (i + width < empty.length && empty[i + width])))
      return true;
  return false;
}

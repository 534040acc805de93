// Cram in sums (`cram ["....", ".#..", "...."]`): each board's nimber by boards/cram.ts (its regions, their
// canonical forms, the theorems it uses, else the search). Each region's search runs alone (its own table and
// limit of positions), so a board's answer is its own whatever else was computed (issue 55); what the engine
// cache keeps between boards, documents and analyses is only the finished searches, by canonical form.
import { type CramBoard, cramValue, cramWinningMoves, SearchResults } from '../boards';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import { boardsAnalysis, boardWhy, listingStopped } from '../components';
import type { Budget } from '../types';

/** The cache's finished Cram region searches, made when first needed. */
function resultsOf(cache: EngineCache): SearchResults {
  cache.boards.cram ??= new SearchResults();
  return cache.boards.cram;
}

/** The finished searches an analysis was made with, for its moves (movesTo has no cache), by the analysis object. */
const resultsOfAnalysis = new WeakMap<ComponentAnalysis, SearchResults>();

function cramComponentValue(component: Of<'cram'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const results = resultsOf(cache);
  const analysis = boardsAnalysis(component.boards, (board, i) => {
    const found = cramValue(board, budget, results);
    const which = component.boards.length > 1 ? `board ${i + 1}` : 'the board';
    return {
      value: found.value,
      why: boardWhy(found.parts, (r) => found.parts[r].cells.length, found.theorem),
      ...(found.value === null ? { unknown: `the nimber of ${which} is unknown: ${found.reason}` } : {}),
    };
  });
  resultsOfAnalysis.set(analysis, results);
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
  const results = resultsOfAnalysis.get(value) ?? new SearchResults();
  let incomplete: string | undefined;
  const seen = new Set<string>();
  component.boards.forEach((board, i) => {
    const key = `${board.width}:${board.empty.join('')}`;
    if (seen.has(key)) return; // equal boards: the same moves
    seen.add(key);
    const found = cramWinningMoves(board, Number(value.parts[i]! ^ total), budget, results);
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

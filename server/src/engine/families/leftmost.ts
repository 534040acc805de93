// Leftmost-pile rows: the seed's recurrence (leftmost.ts), any size.

import type { ComponentAnalysis, ComponentFamily, MoveList, Of } from '../components';
import { leftmostMovesTo, leftmostNimber } from '../leftmostNimbers';

export const leftmostFamily: ComponentFamily<'leftmost'> = { value: leftmostValue, movesTo: leftmostComponentMovesTo };

function leftmostValue(component: Of<'leftmost'>): ComponentAnalysis {
  const parts = component.rows.map((row) => leftmostNimber(row));
  return { status: 'value', nimber: parts.reduce((x, g) => x ^ g, 0n), parts };
}

function leftmostComponentMovesTo(
  component: Of<'leftmost'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const seen = new Set<string>();
  component.rows.forEach((piles, row) => {
    const key = piles.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    for (const move of leftmostMovesTo(piles, value.parts[row]! ^ total))
      list.add(index, { kind: 'leftmost', row, pile: move.pile, to: move.to });
  });
}

// Staircase Nim: the nim-sum of the odd steps (staircaseNimbers.ts), any size.

import type { ComponentAnalysis, ComponentFamily, MoveList, Of } from '../components';
import { staircaseMovesTo, staircaseNimber } from '../staircaseNimbers';

export const staircaseFamily: ComponentFamily<'staircase'> = {
  value: staircaseValue,
  movesTo: staircaseComponentMovesTo,
};

function staircaseValue(component: Of<'staircase'>): ComponentAnalysis {
  const parts = component.stairs.map((coins) => staircaseNimber(coins));
  return { status: 'value', nimber: parts.reduce((x, g) => x ^ g, 0n), parts };
}

function staircaseComponentMovesTo(
  component: Of<'staircase'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  // Equal staircases have the same moves: each is listed once.
  const seen = new Set<string>();
  component.stairs.forEach((coins, stair) => {
    const key = coins.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    for (const move of staircaseMovesTo(coins, value.parts[stair]! ^ total))
      list.add(index, { kind: 'staircase', stair, step: move.step, count: move.count });
  });
}

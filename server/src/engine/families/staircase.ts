// Staircase Nim: the nim-sum of the odd steps (staircaseNimbers.ts), any size.

import { independentParts } from '../components';
import { staircaseMovesTo, staircaseNimber } from './staircaseNimbers';

export const staircaseFamily = independentParts<'staircase', readonly bigint[]>({
  parts: (component) => component.stairs,
  key: (coins) => coins.join(','),
  nimber: staircaseNimber,
  movesTo: (coins, target, stair) =>
    staircaseMovesTo(coins, target).map(
      (move) => ({ kind: 'staircase', stair, step: move.step, count: move.count }) as const,
    ),
});

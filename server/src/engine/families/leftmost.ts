// Leftmost-pile rows: the seed's recurrence (leftmost.ts), any size.

import { independentParts } from '../components';
import { leftmostMovesTo, leftmostNimber } from './leftmostNimbers';

export const leftmostFamily = independentParts<'leftmost', readonly bigint[]>({
  parts: (component) => component.rows,
  key: (piles) => piles.join(','),
  nimber: leftmostNimber,
  movesTo: (piles, target, row) =>
    leftmostMovesTo(piles, target).map((move) => ({ kind: 'leftmost', row, pile: move.pile, to: move.to }) as const),
});

// The language side's families, by move kind: how a move is written back into the text. One
// module per family; the mapped type makes a move kind without a writer a compile error.
import type { ComponentMove } from '../../engine/gameTypes';
import type { CheckedComponent } from '../model';
import { writeHeapMove } from './heaps';
import { writeLeftmostMove } from './leftmost';
import type { MoveText } from './moveText';
import { writeRowMove } from './rows';
import { writeTokenMove } from './tokens';
import { writeWordMove } from './words';
import { writeWythoffMove } from './wythoff';

export type { MoveText } from './moveText';

export const MOVE_WRITERS: {
  readonly [K in ComponentMove['kind']]: (
    move: Extract<ComponentMove, { kind: K }>,
    component: CheckedComponent,
  ) => MoveText;
} = {
  heap: writeHeapMove,
  token: writeTokenMove,
  mark: writeRowMove,
  knock: writeRowMove,
  wythoff: writeWythoffMove,
  leftmost: writeLeftmostMove,
  word: writeWordMove,
};

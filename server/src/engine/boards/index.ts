// The boards room's face (issue 43: boards and graph games): what code outside server/src/engine/boards/
// imports. Chomp (chomp.ts) so far.
export {
  CHOMP_MAX_LENGTH,
  type ChompAnalysis,
  type ChompBoard,
  type ChompMove,
  ChompMemo,
  chompOptions,
  chompValue,
  chompWinningMoves,
} from './chomp';

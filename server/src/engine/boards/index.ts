// The boards room's face (issue 43: boards and graph games): what code outside server/src/engine/boards/
// imports: Chomp (chomp.ts), Cram (cram.ts), Node and Arc Kayles (graphKayles.ts).
export {
  CHOMP_MAX_LENGTH,
  type ChompAnalysis,
  type ChompBoard,
  ChompMemo,
  type ChompMove,
  chompOptions,
  chompValue,
  chompWinningMoves,
} from './chomp';
export { type CramBoard, CramMemo, cramOptions, cramValue, cramWinningMoves } from './cram';
export {
  type KaylesAnalysis,
  type KaylesGraph,
  type KaylesKind,
  KaylesMemo,
  kaylesOptions,
  kaylesValue,
  kaylesWinningMoves,
} from './graphKayles';
export { type FinishedSearch, SearchResults } from './searchResults';

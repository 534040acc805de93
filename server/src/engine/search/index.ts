// The search room's face: what the searches over sums of positions share (units, their options and states),
// remoteness, and positions as the play sees them (moves, the game after a move, which move made a position).
// Code outside the engine imports this, never a module behind it.
export { gameAfter, gameMoves, gameOver, moveBetween, positionKey, shortDigest } from './gamePositions';
export {
  bestMove,
  DEFAULT_REMOTENESS_LIMITS,
  GAME_REMOTENESS_LIMITS,
  type GameRemoteness,
  gameRemoteness,
  losesAt,
  QUICK_REMOTENESS_LIMITS,
} from './remoteness';

// The computer's move in play mode (the `reply` job, jobs.ts), worker side: only the engine.
//
// By remoteness when the search reaches the game: from a won position the quickest win (the
// remoteness falls by two each round, so the game ends), from a lost one the longest loss. Where
// positions may repeat (tokens on a graph with cycles) and the search does not reach, a winning move
// chosen with no memory may go round for ever (engine/families/loopyGraph.ts's header): the user
// raises a token, the reply lowers it back to a vertex of larger counter, and again. So the reply
// reads the user's last move: a raise (from a finite value a to ∞ or above a) is undone in its
// component, to a follower of value a with a smaller counter (`reversal`); anything else is answered
// by a winning move that lowers a value, never one that raises a token. From one round to the next
// the heaps only shrink and the tokens' (value, counter) pairs fall as a multiset, so the game ends
// and no position comes back at the user's turn. From a drawn position the computer keeps the draw:
// never a move after which the user can win.
import { analyzeGame, type EngineCache, type GameAnalysis } from '../engine';
import { INFINITE, leastCounterFollower, reversal } from '../engine/families';
import type { GameInput, GameMove } from '../engine/gameTypes';
import { bestMove, DEFAULT_REMOTENESS_LIMITS, gameAfter, gameMoves, gameOver, gameRemoteness } from '../engine/search';
import type { Budget, LoopyValues } from '../engine/types';

/**
 * The user's last move when it slid a token, as the position now reads it: token `token` of component
 * `component` (indexes into the reply's input) came from vertex `from` to where it stands.
 */
export interface TokenMoved {
  readonly component: number;
  readonly token: number;
  readonly from: number;
}

/**
 * The computer's move. `how`: by `remoteness` when the search reaches the game (`remoteness` is then
 * the game's after the move); otherwise, from a won position, the `reversal` of the user's raise or a
 * `winning` move that lowers a value; from a drawn one, a move that keeps the `draw`; else `any` move
 * (the first listed). `over`: the game has no move left.
 */
export type ReplyChoice =
  | { readonly kind: 'over' }
  | {
      readonly kind: 'move';
      readonly move: GameMove;
      readonly how: 'remoteness' | 'reversal' | 'winning' | 'draw' | 'any';
      readonly remoteness?: number;
      /** No move is left after it. */
      readonly overAfter: boolean;
      /** Why the remoteness search did not choose it (absent for a draw, which has no remoteness). */
      readonly reason?: string;
    }
  | { readonly kind: 'none'; readonly reason: string };

export interface ReplyOptions {
  readonly userMove?: TokenMoved;
  /** The remoteness search's limits (DEFAULT_REMOTENESS_LIMITS): smaller ones leave bigger games to the values. */
  readonly limits?: Parameters<typeof gameRemoteness>[2];
}

/**
 * Winning moves listed to choose one that lowers a value from; past them a token's is found directly,
 * and another component's among up to MORE_LISTED_MOVES (the moves before it are raises, as many as
 * the edges out of the tokens' vertices).
 */
const LISTED_MOVES = 64;
const MORE_LISTED_MOVES = 10_000;

/** The computer's move in a game: see ReplyChoice and the header. */
export function replyChoice(
  input: GameInput,
  budget: Budget,
  cache: EngineCache,
  options: ReplyOptions = {},
): ReplyChoice {
  const ranked = gameRemoteness(input, budget, options.limits ?? DEFAULT_REMOTENESS_LIMITS);
  if (ranked.remoteness !== null) {
    // From a lost position no move reaches a drawn one (Infinity), so a longest loss is finite.
    const best = bestMove(input.play, ranked.moves);
    if (!best) return { kind: 'over' }; // no move is left
    return {
      kind: 'move',
      move: best.move,
      how: 'remoteness',
      remoteness: best.remoteness,
      overAfter: best.remoteness === 0,
    };
  }
  if (gameOver(input)) return { kind: 'over' };
  const chosen = (move: GameMove, how: 'reversal' | 'winning' | 'draw' | 'any'): ReplyChoice => ({
    kind: 'move',
    move,
    how,
    overAfter: gameOver(gameAfter(input, move)),
    ...(how === 'draw' ? {} : { reason: ranked.reason }),
  });
  const analysis = analyzeGame(input, { budget, cache, maxMoves: LISTED_MOVES });
  if (analysis.outcome === 'N') {
    const undo = options.userMove && undoneRaise(input, analysis, options.userMove, budget, cache);
    if (undo) return chosen(undo, 'reversal');
    const more = () => analyzeGame(input, { budget, cache, maxMoves: MORE_LISTED_MOVES });
    const listedAll = analysis.winningMoveCount <= BigInt(analysis.winningMoves.length);
    const winning =
      lowering(input, analysis) ?? (listedAll ? undefined : lowering(input, more())) ?? analysis.winningMoves[0];
    if (winning) return chosen(winning, 'winning');
  }
  if (analysis.outcome === 'D') {
    const keeping = drawKept(analysis);
    if (keeping) return chosen(keeping, 'draw');
  }
  const listed = gameMoves(input);
  if ('moves' in listed && listed.moves.length > 0) return chosen(listed.moves[0], 'any');
  return { kind: 'none', reason: 'reason' in listed ? listed.reason : ranked.reason };
}

/** Smith's values of a component's graph, when it is tokens on a graph with cycles. */
function loopyOf(analysis: GameAnalysis, component: number): LoopyValues | undefined {
  const loopy = analysis.components[component]?.loopy;
  return loopy?.status === 'complete' ? loopy : undefined;
}

/**
 * The move that undoes the user's raise (loopyGraph.ts `reversal`), when it leaves the user a lost
 * position: it does when the raise was made from one, as it is once the computer is winning.
 */
function undoneRaise(
  input: GameInput,
  analysis: GameAnalysis,
  { component, token, from }: TokenMoved,
  budget: Budget,
  cache: EngineCache,
): GameMove | undefined {
  const c = input.components[component];
  const loopy = loopyOf(analysis, component);
  if (c?.kind !== 'tokens' || !loopy || !(token >= 0 && token < c.vertices.length)) return undefined;
  if (!(Number.isInteger(from) && from >= 0 && from < loopy.values.length)) return undefined;
  const to = reversal(c.graph, loopy, from, c.vertices[token]);
  if (to < 0) return undefined;
  const move: GameMove = { component, move: { kind: 'token', token, to } };
  return analyzeGame(gameAfter(input, move), { budget, cache, maxMoves: 1 }).outcome === 'P' ? move : undefined;
}

/**
 * A winning move that raises no token on a graph with cycles (a token's value falls, ∞ to finite
 * included, or another component moves), its token sent to the follower of that value with the least
 * counter: the first such listed, else one found from the nim-sum (a token whose value has the sum's
 * top bit goes down to value ⊕ sum, which its followers have, values below its own being a mex).
 * Undefined when there is none among those listed.
 */
function lowering(input: GameInput, analysis: GameAnalysis): GameMove | undefined {
  // Misère play has no values to lower: its winning moves come from the search backwards.
  if (input.play === 'misere') return analysis.winningMoves[0];
  for (const listed of analysis.winningMoves) {
    const { component, move } = listed;
    const c = input.components[component];
    const loopy = loopyOf(analysis, component);
    if (move.kind !== 'token' || c.kind !== 'tokens' || !loopy) return listed;
    const from = c.vertices[move.token];
    const before = loopy.values[from];
    const after = loopy.values[move.to];
    if (after === INFINITE || (before !== INFINITE && after > before)) continue; // a raise
    const to = leastCounterFollower(c.graph, loopy, from, after);
    return { component, move: { kind: 'token', token: move.token, to: to < 0 ? move.to : to } };
  }
  const sum = analysis.nimber;
  if (sum === null || sum === 0n) return undefined;
  for (let component = 0; component < input.components.length; component++) {
    const c = input.components[component];
    const loopy = loopyOf(analysis, component);
    if (c.kind !== 'tokens' || !loopy) continue;
    for (let token = 0; token < c.vertices.length; token++) {
      const at = loopy.values[c.vertices[token]];
      const value = BigInt(at);
      if (at === INFINITE || (value ^ sum) >= value) continue;
      const to = leastCounterFollower(c.graph, loopy, c.vertices[token], Number(value ^ sum));
      if (to >= 0) return { component, move: { kind: 'token', token, to } };
    }
  }
  return undefined;
}

/**
 * A move of a drawn game after which it is still drawn, as the analysis lists them (normal play:
 * Smith's rule on each move, drawMoves.ts; misère play: the search backwards). Undefined when none is
 * listed (a heap too big to list its moves).
 */
function drawKept(analysis: GameAnalysis): GameMove | undefined {
  return analysis.drawMoves?.[0];
}

// A drawn sum's moves that keep the draw (tokens on a graph with cycles, normal play). From a drawn
// position no move wins, but a careless one loses: moving the one infinite token to a finite vertex,
// or changing the other components' nim-sum into its K, hands the opponent a win. A move keeps the
// draw exactly when the position after it is drawn for the opponent, and only the component moved
// changes, so each move is judged by Smith's rule on the components' values with that one replaced:
// the sum's moves (as play lists them, search/gamePositions.ts) times one component's value each.
import type { ComponentAnalysis, EngineCache } from './components';
import { FAMILIES } from './families';
import type { ComponentInput, GameInput, GameMove } from './gameTypes';
import { gameAfter, gameMoves } from './search/gamePositions';
import type { Budget } from './types';

/** Who wins a sum of these components, the player to move (Smith's rule); null when a part is unknown. */
export function smithOutcome(components: readonly ComponentAnalysis[]): 'N' | 'P' | 'D' | null {
  let infinite: ComponentAnalysis | undefined;
  let infiniteCount = 0;
  let rest = 0n;
  for (const c of components) {
    if (c.status === 'immediate-win') return 'N';
    if (c.status === 'over') return 'P';
    if (c.status === 'unknown') return null;
    if (c.status === 'infinite') {
      infinite = c;
      infiniteCount++;
    } else rest ^= c.nimber!;
  }
  if (infiniteCount > 1) return 'D';
  if (infinite) return (infinite.infinite ?? []).includes(rest) ? 'N' : 'D';
  return rest === 0n ? 'P' : 'N';
}

/**
 * The moves of a drawn sum after which the opponent cannot win either (at most `maxMoves` of them, in
 * the order play lists moves), or why they are not listed (a heap too big to list its moves).
 */
export function drawKeepingMoves(
  input: GameInput,
  components: readonly ComponentAnalysis[],
  budget: Budget,
  cache: EngineCache,
  maxMoves: number,
): { moves: GameMove[]; reason?: string } {
  const listed = gameMoves(input);
  if ('reason' in listed) return { moves: [], reason: listed.reason };
  const moves: GameMove[] = [];
  const after = components.slice();
  for (const move of listed.moves) {
    const i = move.component;
    const moved = gameAfter(input, move).components[i];
    after[i] = (FAMILIES[moved.kind].value as (c: ComponentInput, b: Budget, k: EngineCache) => ComponentAnalysis)(
      moved,
      budget,
      cache,
    );
    if (smithOutcome(after) === 'D') moves.push(move);
    after[i] = components[i];
    if (moves.length >= maxMoves) break;
  }
  return { moves };
}

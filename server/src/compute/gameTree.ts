// The game tree's node (GameTreeRequest), as a worker computes it: the position reached by a path
// of moves from a game (each step an index into gameMoves' list), its value and remoteness, and
// each of its first children (the moved component after the move, its value, its remoteness,
// whether it has moves). Positions travel as plain data without their graphs (TreeComponent): the
// language server writes them as text with the document's names. Bounded whatever the game: a game
// too large to list its moves says so, each child is valued under a small share of the time, and the
// remoteness search is small.
import { analyzeGame, type EngineCache, type Outcome } from '../engine';
import type { ComponentInput, GameInput, GameMove } from '../engine/gameTypes';
import {
  GAME_REMOTENESS_LIMITS,
  gameAfter,
  gameMoves,
  gameOver,
  gameRemoteness,
  positionKey,
  shortDigest,
} from '../engine/search';
import type { Budget } from '../engine/types';

/** A component of a position without its graph (a token game's vertices only). */
export type TreeComponent =
  | Exclude<ComponentInput, { kind: 'tokens' }>
  | { readonly kind: 'tokens'; readonly vertices: readonly number[] };

/** A position's value: its nimber (normal play, when known) or outcome, and remoteness when the search reached it. */
export interface TreeValue {
  readonly nimber: bigint | null;
  readonly outcome: Outcome | null;
  readonly remoteness?: number;
  /** Why the value is unknown. */
  readonly reason?: string;
}

export interface TreeChild extends TreeValue {
  readonly move: GameMove;
  /** The moved component after the move. */
  readonly after: TreeComponent;
  /** The position after the move has moves (false: the game is over there). */
  readonly hasChildren: boolean;
}

export type GameTreeNode =
  | {
      /** A short hash of the root position (the game as written): a path is only good for this root. */
      readonly root: string;
      readonly position: readonly TreeComponent[];
      readonly value: TreeValue;
      /** The first children, in gameMoves' order (the indexes of a path). */
      readonly children: readonly TreeChild[];
      /** How many moves the position has (children lists at most maxChildren); null when not listed. */
      readonly moveCount: number | null;
      /** Why the moves are not listed (a game too large). */
      readonly movesReason?: string;
    }
  | { readonly refused: string; readonly root?: string };

/** The time a node may take in all (ms), shared among its children's values. */
export const TREE_TIME_MS = 2_000;
/** The longest path followed. */
export const TREE_MAX_DEPTH = 10_000;

export function stripped(c: ComponentInput): TreeComponent {
  return c.kind === 'tokens' ? { kind: 'tokens', vertices: c.vertices } : c;
}

/** A short hash of a position's key. */
export function rootHash(input: GameInput): string {
  const key = positionKey(input);
  return `${key.length.toString(36)}.${shortDigest(key)}`;
}

function positionValue(input: GameInput, budget: Budget, cache: EngineCache): TreeValue {
  const analysis = analyzeGame(input, { budget, cache, maxMoves: 0 });
  return {
    nimber: analysis.nimber,
    outcome: analysis.outcome,
    ...(analysis.outcome === null && analysis.reason ? { reason: analysis.reason } : {}),
  };
}

/** The node at the end of `path` from `input` (see the header). */
export function gameTreeNode(
  input: GameInput,
  path: readonly number[],
  maxChildren: number,
  budget: Budget,
  cache: EngineCache,
  expectedRoot?: string,
): GameTreeNode {
  const root = rootHash(input);
  if (expectedRoot !== undefined && expectedRoot !== root)
    return {
      refused: 'The game changed since its tree was drawn: the tree starts again from the game as written.',
      root,
    };
  if (path.length > TREE_MAX_DEPTH) return { refused: `A path of more than ${TREE_MAX_DEPTH} moves.`, root };
  let node = input;
  for (let depth = 0; depth < path.length; depth++) {
    const listed = gameMoves(node);
    if ('reason' in listed) return { refused: `The moves at depth ${depth} are not listed: ${listed.reason}.`, root };
    const move = listed.moves[path[depth]];
    if (move === undefined)
      return {
        refused: `The position at depth ${depth} has ${listed.moves.length} moves, not a move ${path[depth] + 1}.`,
        root,
      };
    node = gameAfter(node, move);
  }
  const started = Date.now();
  const until = Math.min(budget.deadline ?? Number.POSITIVE_INFINITY, started + TREE_TIME_MS);
  // Within the limits of the search beside a game's value (its children's come from the same search).
  const ranked = gameRemoteness(
    node,
    { ...budget, deadline: Math.min(until, started + TREE_TIME_MS / 4) },
    GAME_REMOTENESS_LIMITS,
  );
  const share = (left: number) => ({ ...budget, deadline: Date.now() + Math.max(1, (until - Date.now()) / left) });
  const own = positionValue(node, share(maxChildren + 1), cache);
  const value = ranked.remoteness === null ? own : { ...own, remoteness: ranked.remoteness };
  const position = node.components.map(stripped);
  const listed = gameMoves(node);
  if ('reason' in listed) return { root, position, value, children: [], moveCount: null, movesReason: listed.reason };
  const first = listed.moves.slice(0, maxChildren);
  const children = first.map((move, k): TreeChild => {
    const after = gameAfter(node, move);
    const child = positionValue(after, share(first.length - k), cache);
    // The search lists the moves in gameMoves' order (gameUnits.ts's unitMoves).
    const r = ranked.remoteness === null ? undefined : ranked.moves[k].remoteness;
    return {
      move,
      after: stripped(after.components[move.component]),
      ...child,
      ...(r === undefined ? {} : { remoteness: r }),
      hasChildren: !gameOver(after),
    };
  });
  return { root, position, value, children, moveCount: listed.moves.length };
}

// The game tree's node (GameTreeRequest), as a worker computes it: the position reached by a path
// of moves from a game (each step an index into gameMoves' list), its value and remoteness, and
// each of its first children (the moved component after the move, its value, its remoteness,
// whether it has moves). Positions travel as plain data without their graphs (TreeComponent): the
// language server writes them as text with the document's names. Bounded whatever the game: a game
// too large to list its moves says so, each child is valued under a small share of the time, and the
// remoteness search is small.
//
// Tokens on a graph with cycles make the tree infinite: a child whose position is the node's own or
// an ancestor's on the path from the root is a back edge (`repeats`: how many steps up), not opened
// further. Values there may be Smith's ∞(K) and outcomes draws (D).
import { analyzeGame, type EngineCache, type Outcome } from '../engine';
import { hasCycle } from '../engine/families';
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
  /** Smith's value ∞(K) of a position on a graph with cycles: K, ascending (nimber null). */
  readonly infinite?: readonly bigint[];
  readonly remoteness?: number;
  /** Why the value is unknown. */
  readonly reason?: string;
}

export interface TreeChild extends TreeValue {
  readonly move: GameMove;
  /** The moved component after the move. */
  readonly after: TreeComponent;
  /** The position after the move has moves (false: the game is over there, or it repeats a position above). */
  readonly hasChildren: boolean;
  /**
   * The position after the move is one met on the path from the root: this many steps above the node
   * (0: the node itself, a move round a loop). Absent when it is new.
   */
  readonly repeats?: number;
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
    ...(analysis.infinite ? { infinite: analysis.infinite } : {}),
    ...(analysis.outcome === null && analysis.reason ? { reason: analysis.reason } : {}),
  };
}

/**
 * The positions met on a path from the root, to tell a move that comes back to one of them. Only
 * tokens on a graph with cycles can come back: every other component's moves are for good (its game
 * is finite), so a move there starts the record afresh, and until the next one the other components
 * are the same, so positions compare by their tokens alone. The path's positions cost one key each
 * (the tokens' vertices), whatever the rest of the game, and nothing for a game without cycles.
 */
class PathPositions {
  private readonly loopy: readonly boolean[];
  private readonly any: boolean;
  /** Each key to the depth of the latest position on the path with it. */
  private readonly depths = new Map<string, number>();

  constructor(root: GameInput) {
    this.loopy = root.components.map((c) => c.kind === 'tokens' && hasCycle(c.graph));
    this.any = this.loopy.includes(true);
    if (this.any) this.depths.set(this.key(root), 0);
  }

  private key(input: GameInput): string {
    return positionKey({ play: input.play, components: input.components.filter((_, i) => this.loopy[i]) });
  }

  /** The path went on by `move` to `after`, at `depth`. */
  step(move: GameMove, after: GameInput, depth: number): void {
    if (!this.any) return;
    if (!this.loopy[move.component]) this.depths.clear();
    this.depths.set(this.key(after), depth);
  }

  /** The depth of the latest position on the path equal to `after`, reached by `move` from the path's end. */
  depthOf(move: GameMove, after: GameInput): number | undefined {
    return this.any && this.loopy[move.component] ? this.depths.get(this.key(after)) : undefined;
  }
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
  const onPath = new PathPositions(input);
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
    onPath.step(move, node, depth + 1);
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
    // The search lists the moves in gameMoves' order (gameUnits.ts's unitMoves); a move to a draw has none.
    const r = ranked.remoteness === null ? undefined : ranked.moves[k].remoteness;
    const seenAt = onPath.depthOf(move, after);
    return {
      move,
      after: stripped(after.components[move.component]),
      ...child,
      ...(r === undefined || !Number.isFinite(r) ? {} : { remoteness: r }),
      hasChildren: seenAt === undefined && !gameOver(after),
      ...(seenAt === undefined ? {} : { repeats: path.length - seenAt }),
    };
  });
  return { root, position, value, children, moveCount: listed.moves.length };
}

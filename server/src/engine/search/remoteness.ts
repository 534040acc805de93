// Remoteness (C. A. B. Smith, "Graphs and composite games", 1966; Winning Ways ch. 9): how many
// moves a game lasts when the winner wins as fast as it can and the loser holds on as long as it
// can. With R(position) that number:
//   R = 0 when no move is left;
//   R = 1 + min{ R(o) : o an option where the player to move there loses }, if there is one;
//   R = 1 + max{ R(o) : o an option }, otherwise.
// In normal play the player to move loses exactly when R is even (no move left is a loss); in
// misère play exactly when R is odd (no move left is a win). Remoteness is not additive over a
// sum, so a sum's is found by searching the sum's whole position graph (unitStates.ts's positions,
// the same as the misère search's), every position once, within its limits (distinct positions
// met, moves generated) and the budget's time. No estimate decides beforehand that a game is too
// large, only a proof: `positionsAtLeast` is a lower bound on the positions (each heap's chain of
// equal takes, the sorted choices along them counted), and a game whose bound passes the limit is
// not searched. Where positions may repeat (tokens on a graph with cycles) the depth-first search
// would go round: the sum is solved backwards instead (retrograde.ts), and a drawn game has no
// remoteness (it is infinite; a move to a drawn position is ranked Infinity, which never loses).

import { hasCycle } from '../families/loopyGraph';
import type { GameInput, GameMove } from '../gameTypes';
import { ruleErrorMessage } from '../heaps/moves';
import type { Budget, StopCause } from '../types';
import { chompPositionsAtLeast, cramPositionsAtLeast, kaylesPositionsAtLeast } from './boardBounds';
import { gameUnits, unitMoves } from './gameUnits';
import { solveBackwards } from './retrograde';
import { treblecrossOver, type Unit, unitOptions } from './unitOptions';
import { limitsForWidth, type OptionCursor, type SearchLimits, SearchStopped, UnitStates } from './unitStates';

/**
 * What a remoteness search may do unless told otherwise (the budget's maxValues, when smaller, takes
 * the place of the positions): the computer's reply in play mode (compute/jobs.ts replyChoice). The
 * moves are the work bound the reply always had (3,000,000: about 2 s here, and at most about 250 MB
 * of listed options when every unit has thousands); the positions bound the memo (about 140 bytes
 * each).
 */
export const DEFAULT_REMOTENESS_LIMITS: SearchLimits = { positions: 1_000_000, moves: 3_000_000 };

/**
 * What every game's remoteness search may do (compute/jobs.ts gameResult, the server's `remoteness` jobs, a node of
 * the game tree), measured here (test/engine/search/remoteness.bench.ts): 20,000 positions of Kayles take about
 * 370,000 moves (19 a position, 0.17 s); nim 10 20 30 has 3,311 positions and 114,000 moves. The moves bound both
 * the time and the memory of a search (each unit's options are listed once and kept, about 100 bytes a move: a
 * search of `nim 1500 3` to 3,000,000 moves passed 256 MB), so that a file of thousands of games pays at most this
 * for each, and a game whose search would pass them says so in moves, at once when its bounds show it.
 */
export const GAME_REMOTENESS_LIMITS: SearchLimits = { positions: 20_000, moves: 1_000_000 };

/**
 * What the search right beside a value may do (about 10 ms at most here): most games' remoteness is
 * found, or proved past GAME_REMOTENESS_LIMITS' positions, at once; a game whose search needs more
 * moves (`further`) gets the longer search apart, after every value (the server's `remoteness`
 * jobs), or after its own value (the CLI).
 */
export const QUICK_REMOTENESS_LIMITS: SearchLimits = { positions: 20_000, moves: 20_000 };

export type Play = GameInput['play'];

/** Whether the player to move at a position of remoteness `r` loses (never at a draw's, infinite). */
export function losesAt(play: Play, r: number): boolean {
  return Number.isFinite(r) && (r % 2 === 0) === (play === 'normal');
}

export type RemotenessSearch =
  | {
      readonly remoteness: number;
      /** The remoteness after each option of each unit (root only): options[unit][option]. */
      readonly options: readonly (readonly number[])[];
      /** Distinct positions met (the search met every position of the game). */
      readonly states: number;
      /** Moves generated. */
      readonly moves: number;
    }
  | {
      readonly remoteness: null;
      readonly reason: string;
      readonly stop: StopCause;
      /** The search's own limit met, if that stopped it. */
      readonly limit?: 'positions' | 'moves';
      readonly states: number;
      readonly moves: number;
    };

/** The remoteness of a sum of units, and of every option of the root. Iterative: deep games cannot overflow. */
export function remotenessSearch(
  units: readonly Unit[],
  play: Play,
  budget: Budget = {},
  limits: SearchLimits = DEFAULT_REMOTENESS_LIMITS,
): RemotenessSearch {
  const states = new UnitStates(budget, limitsForWidth(limits, units.length), 'remoteness search');
  const memo = new Map<string, number>([['', 0]]);

  interface Frame extends OptionCursor {
    readonly state: string;
    pending?: string;
    /** The least remoteness of an option where the player to move there loses (Infinity: none yet). */
    fastestWin: number;
    /** The largest remoteness of any option (-1: no option yet). */
    longest: number;
  }
  const frameOf = (state: string): Frame => ({
    state,
    keys: states.decode(state),
    unit: 0,
    option: 0,
    fastestWin: Number.POSITIVE_INFINITY,
    longest: -1,
  });
  const take = (frame: Frame, r: number) => {
    if (losesAt(play, r) && r < frame.fastestWin) frame.fastestWin = r;
    if (r > frame.longest) frame.longest = r;
  };

  const solve = (root: string): number => {
    const known = memo.get(root);
    if (known !== undefined) return known;
    states.meet();
    const stack: Frame[] = [frameOf(root)];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.pending !== undefined) {
        take(frame, memo.get(frame.pending)!);
        frame.pending = undefined;
      }
      let descended = false;
      for (let child = states.nextOption(frame); child !== undefined; child = states.nextOption(frame)) {
        const r = memo.get(child);
        if (r === undefined) {
          frame.pending = child;
          states.meet();
          stack.push(frameOf(child));
          descended = true;
          break;
        }
        take(frame, r);
      }
      if (descended) continue;
      // A canonical position other than the empty one has a move, so `longest` is set.
      memo.set(frame.state, 1 + (Number.isFinite(frame.fastestWin) ? frame.fastestWin : frame.longest));
      stack.pop();
    }
    return memo.get(root)!;
  };

  try {
    const keys = units.map(states.keyOf);
    const root = states.canonical(keys);
    const remoteness = solve(root);
    // The empty position has no moves, even where a unit has some: a row with three in a row ends the game.
    const options = keys.map((_, unit) =>
      root === '' ? [] : states.optionsOfUnit(keys[unit]).map((_, option) => solve(states.after(keys, unit, option))),
    );
    return { remoteness, options, states: states.positionsMet, moves: states.movesGenerated };
  } catch (stopped) {
    if (stopped instanceof SearchStopped)
      return {
        remoteness: null,
        reason: stopped.reason,
        stop: stopped.stop,
        ...(stopped.limit ? { limit: stopped.limit } : {}),
        states: states.positionsMet,
        moves: states.movesGenerated,
      };
    throw stopped;
  }
}

/** A move and how long the game lasts after it. */
export interface RankedMove {
  readonly move: GameMove;
  readonly remoteness: number;
}

export type GameRemoteness =
  | {
      readonly remoteness: number;
      readonly outcome: 'N' | 'P';
      /** Every move (positions left equal counted once), in gameMoves' order. */
      readonly moves: readonly RankedMove[];
    }
  | {
      readonly remoteness: null;
      readonly reason: string;
      readonly stop?: StopCause;
      /** A search with more moves or time (GAME_REMOTENESS_LIMITS) might find it: moves or time stopped this one. */
      readonly further?: boolean;
    };

/** A game's remoteness and every move's, by the search over its whole sum, within `limits` and the budget. */
export function gameRemoteness(
  input: GameInput,
  budget: Budget = {},
  asked: SearchLimits = DEFAULT_REMOTENESS_LIMITS,
): GameRemoteness {
  try {
    return searchedRemoteness(input, budget, asked);
  } catch (error) {
    // A rule of one's own that breaks the contract (a part not smaller than its position) stops the search.
    const reason = ruleErrorMessage(error);
    if (reason === undefined) throw error;
    return { remoteness: null, reason };
  }
}

function searchedRemoteness(input: GameInput, budget: Budget, asked: SearchLimits): GameRemoteness {
  const game = gameUnits(input, 'remoteness search');
  if ('reason' in game) return { remoteness: null, reason: game.reason };
  const limits = limitsForWidth(asked, game.units.length);
  const beyond = beyondSearchLimits(game.units, budget, limits, 'remoteness search');
  if (beyond) return { remoteness: null, ...beyond };
  // Backwards too: it lists every position and move the depth-first search would meet, and it took
  // a worker's whole heap share to find out, position by position, what the bounds say at once.
  if (positionsMayRepeat(input)) return remotenessBackwards(input.play, game, budget, asked);
  const search = remotenessSearch(game.units, input.play, budget, limits);
  if (search.remoteness === null)
    return {
      remoteness: null,
      reason: search.reason,
      stop: search.stop,
      further: search.stop === 'deadline' || search.limit === 'moves',
    };
  // In gameMoves' order (unitMoves): the game tree pairs them by index.
  const moves: RankedMove[] = [];
  for (const { unit, option, move } of unitMoves(game, (u) => search.options[u].length))
    moves.push({ move, remoteness: search.options[unit][option] });
  const outcome = losesAt(input.play, search.remoteness) ? 'P' : 'N';
  return { remoteness: search.remoteness, outcome, moves };
}

/** Whether a position of the game may come back: tokens on a graph with a cycle. */
function positionsMayRepeat(input: GameInput): boolean {
  return input.components.some((c) => c.kind === 'tokens' && hasCycle(c.graph));
}

/**
 * Remoteness where positions may repeat (search/retrograde.ts): the depth-first search would go
 * round. A drawn game has none (it is infinite); a move to a drawn position is ranked Infinity.
 */
function remotenessBackwards(
  play: Play,
  game: Exclude<ReturnType<typeof gameUnits>, { reason: string }>,
  budget: Budget,
  asked: SearchLimits,
): GameRemoteness {
  const solved = solveBackwards(game.units, play, budget, asked, 'remoteness search');
  if (solved.outcome === null)
    return { remoteness: null, reason: solved.reason, stop: solved.stop, further: solved.stop === 'deadline' };
  if (solved.remoteness === null) return { remoteness: null, reason: 'a draw: with best play the game never ends' };
  const byUnit = game.units.map(() => [] as number[]);
  for (const o of solved.options) byUnit[o.unit][o.option] = o.remoteness ?? Number.POSITIVE_INFINITY;
  const moves: RankedMove[] = [];
  for (const { unit, option, move } of unitMoves(game, (u) => byUnit[u].length))
    moves.push({ move, remoteness: byUnit[unit][option] });
  return { remoteness: solved.remoteness, outcome: solved.outcome === 'N' ? 'N' : 'P', moves };
}

/**
 * Why a search of the units is refused before it starts, when the lower bounds on what it must meet
 * (positionsAtLeast, searchMovesAtLeast) are past its limits; undefined when they are not.
 */
export function beyondSearchLimits(
  units: readonly Unit[],
  budget: Budget,
  limits: SearchLimits,
  what: string,
): { reason: string; stop: StopCause; further?: boolean } | undefined {
  const maxPositions = Math.min(budget.maxValues ?? Number.POSITIVE_INFINITY, limits.positions);
  const atLeast = positionsAtLeast(units);
  if (atLeast > maxPositions)
    return {
      reason:
        `beyond the ${what} limit (${maxPositions.toLocaleString('en-US')} positions): the game has at ` +
        `least ${Math.floor(atLeast).toLocaleString('en-US')}`,
      stop: budget.maxValues !== undefined && budget.maxValues < limits.positions ? 'max-values' : 'size-limit',
    };
  const movesAtLeast = searchMovesAtLeast(units);
  if (movesAtLeast > limits.moves)
    return {
      reason:
        `beyond the ${what} limit (${limits.moves.toLocaleString('en-US')} moves generated): its search ` +
        `generates at least ${Math.floor(movesAtLeast).toLocaleString('en-US')}`,
      stop: 'size-limit',
      further: true,
    };
  return undefined;
}

/**
 * A lower bound on the moves a search of the units generates: it lists every option of every
 * position it meets, and it meets each heap's chain (positionsAtLeast) with the other units as they
 * are. A take t of heap n that leaves one heap is legal at every size above t, so a chain's size x
 * has at least the takes below it. The largest such sum of one heap is the bound (a Wythoff position's: its
 * positions' one-heap moves).
 */
export function searchMovesAtLeast(units: readonly Unit[]): number {
  let most = 0;
  for (const unit of units) {
    if (unit.kind === 'wythoff') {
      most = Math.max(most, wythoffMoves(unit.a, unit.b));
      continue;
    }
    if (unit.kind !== 'heap') continue;
    const n = unit.size;
    const takes: number[] = [];
    for (const option of unitOptions(unit))
      if (option.length === 1 && option[0].kind === 'heap') takes.push(n - option[0].size);
    if (takes.length === 0) continue;
    takes.sort((a, b) => a - b);
    const least = takes[0];
    let moves = 0;
    let below = 0; // takes less than x
    for (let x = n - Math.floor((n - 1) / least) * least; x <= n; x += least) {
      while (below < takes.length && takes[below] < x) below++;
      moves += below;
    }
    if (moves > most) most = moves;
  }
  return most;
}

/**
 * The moves a search of Wythoff's (a, b) generates: it meets every (x, y) with x ≤ a and y ≤ b, and lists
 * x + y + min(x, y) moves at each (the pairs with min(x, y) ≥ k are (a − k + 1)(b − k + 1)).
 */
function wythoffMoves(a: number, b: number): number {
  let moves = (b + 1) * ((a * (a + 1)) / 2) + (a + 1) * ((b * (b + 1)) / 2);
  for (let k = 1; k <= Math.min(a, b, 1_000_000); k++) moves += (a - k + 1) * (b - k + 1);
  return moves;
}

/** Heaps of one rule past this many are left out of positionsAtLeast's count (a bound on fewer heaps still holds). */
const BOUND_MAX_HEAPS = 64;

/**
 * A lower bound on the distinct positions a sum of units reaches, at the cost of listing each heap's
 * options once. A heap of n whose rule takes k leaving one heap (the least such k) reaches n, n − k,
 * n − 2k, … : every heap rule here is the same at every size (a subtraction set, an octal digit), so
 * the take stays legal down the chain. The sizes above k have moves and are distinct units; the last
 * one may have none and vanish from a position, so all of a chain's last sizes count as one value, 0.
 * Heaps move independently, so the sum reaches every choice of one value per heap; the choices whose
 * values never decrease, heap after heap, are distinct positions (each is its multiset, sorted), and
 * they are counted for each rule's heaps (units of different rules never coincide) and multiplied.
 * A board or a graph (Chomp, Cram, Node and Arc Kayles) counts its own positions' bound (boardBounds.ts), a
 * Wythoff position (a, b) its (a + 1)(b + 1): the one of each kind with the largest, since its moves, the rest
 * of the sum kept, reach that many distinct positions; kinds and rules never coincide, so their counts multiply.
 * Other units count 1: they reach at least themselves.
 */
export function positionsAtLeast(units: readonly Unit[]): number {
  if (units.some(treblecrossOver)) return 1; // the game is over: one position
  const chainsByRule = new Map<object, { size: number; take: number }[]>();
  const mostByKind = new Map<string, number>();
  for (const unit of units) {
    const board = boardPositionsAtLeast(unit);
    if (board !== undefined) {
      const kind = unit.kind === 'graph-kayles' ? `kayles-${unit.game}` : unit.kind;
      mostByKind.set(kind, Math.max(mostByKind.get(kind) ?? 1, board));
    }
    if (unit.kind !== 'heap') continue;
    const n = unit.size;
    let take = Number.POSITIVE_INFINITY;
    for (const option of unitOptions(unit))
      if (option.length === 1 && option[0].kind === 'heap' && n - option[0].size < take) take = n - option[0].size;
    if (!Number.isFinite(take) || take < 1 || n <= take) continue; // a chain of one value counts 1
    const chains = chainsByRule.get(unit.rule) ?? [];
    chains.push({ size: n, take });
    chainsByRule.set(unit.rule, chains);
  }
  let product = 1;
  for (const chains of chainsByRule.values()) {
    chains.sort((a, b) => a.size - b.size);
    // ways[v]: the non-decreasing choices for the heaps so far whose last value is v (0 or a size).
    const top = chains[chains.length - 1].size;
    let ways = new Float64Array(top + 1);
    ways[0] = 1;
    for (const { size, take } of chains.slice(0, BOUND_MAX_HEAPS)) {
      const next = new Float64Array(top + 1);
      let below = 0; // the choices so far whose last value is at most v
      for (let v = 0; v <= top; v++) {
        below += ways[v];
        if (v === 0 || (v > take && v <= size && (size - v) % take === 0)) next[v] = below;
      }
      ways = next;
    }
    product *= ways.reduce((x, y) => x + y, 0);
  }
  for (const most of mostByKind.values()) product *= most;
  return product;
}

/** A board's, graph's or Wythoff position's own bound on its positions; undefined for other units. */
function boardPositionsAtLeast(unit: Unit): number | undefined {
  switch (unit.kind) {
    case 'chomp':
      return chompPositionsAtLeast(unit.rows);
    case 'cram':
      return cramPositionsAtLeast(unit.board);
    case 'graph-kayles':
      return kaylesPositionsAtLeast(unit.game, unit.position);
    case 'wythoff':
      // Every (x, y) with x ≤ a and y ≤ b is reached: take from one heap, then from the other.
      return (unit.a + 1) * (unit.b + 1);
    default:
      return undefined;
  }
}

/**
 * The move a perfect player makes: from a winning position, a winning move of least remoteness
 * (it wins soonest); from a losing one, a move of largest remoteness (it holds on longest). The
 * first such move in the game's order; undefined when there is no move.
 */
export function bestMove(play: Play, moves: readonly RankedMove[]): RankedMove | undefined {
  let best: RankedMove | undefined;
  const wins = (m: RankedMove) => losesAt(play, m.remoteness);
  for (const m of moves) {
    if (best === undefined) best = m;
    else if (wins(m) !== wins(best)) {
      if (wins(m)) best = m;
    } else if (wins(m) ? m.remoteness < best.remoteness : m.remoteness > best.remoteness) best = m;
  }
  return best;
}

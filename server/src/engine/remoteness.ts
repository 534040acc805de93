// Remoteness (C. A. B. Smith, "Graphs and composite games", 1966; Winning Ways ch. 9): how many
// moves a game lasts when the winner wins as fast as it can and the loser holds on as long as it
// can. With R(position) that number:
//   R = 0 when no move is left;
//   R = 1 + min{ R(o) : o an option where the player to move there loses }, if there is one;
//   R = 1 + max{ R(o) : o an option }, otherwise.
// In normal play the player to move loses exactly when R is even (no move left is a loss); in
// misère play exactly when R is odd (no move left is a win). Remoteness is not additive over a
// sum, so a sum's is found by searching the sum's whole position graph (unitStates.ts's positions,
// the same as the misère search's), every position once, against the budget.
import type { GameInput, GameMove } from './gameTypes';
import { gameUnits, unitMoves } from './gameUnits';
import type { Budget, StopCause } from './types';
import { type Unit, unitOptions } from './unitOptions';
import { type OptionCursor, SearchStopped, UnitStates } from './unitStates';

/** Work (positions generated) a remoteness search may do unless the budget says otherwise. */
export const DEFAULT_REMOTENESS_WORK = 1_000_000;

export type Play = GameInput['play'];

/** Whether the player to move at a position of remoteness `r` loses. */
export function losesAt(play: Play, r: number): boolean {
  return (r % 2 === 0) === (play === 'normal');
}

export type RemotenessSearch =
  | {
      readonly remoteness: number;
      /** The remoteness after each option of each unit (root only): options[unit][option]. */
      readonly options: readonly (readonly number[])[];
      readonly states: number;
    }
  | { readonly remoteness: null; readonly reason: string; readonly stop: StopCause; readonly states: number };

/** The remoteness of a sum of units, and of every option of the root. Iterative: deep games cannot overflow. */
export function remotenessSearch(units: readonly Unit[], play: Play, budget: Budget = {}): RemotenessSearch {
  const states = new UnitStates(budget, DEFAULT_REMOTENESS_WORK, 'remoteness search');
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
    return { remoteness, options, states: memo.size };
  } catch (stopped) {
    if (stopped instanceof SearchStopped)
      return { remoteness: null, reason: stopped.reason, stop: stopped.stop, states: memo.size };
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
  | { readonly remoteness: null; readonly reason: string; readonly stop?: StopCause };

/**
 * An estimate of a search's work: the product of each unit's sizes below it (a heap of n has up to
 * n + 1, a Wythoff pair (a + 1)(b + 1), …) times the moves from the start. Only an estimate (a
 * subtraction game may reach fewer sizes; splits reach more positions): a search beside a game's
 * value that would surely be long is not started (`estimateFirst`).
 */
export function searchWorkEstimate(units: readonly Unit[]): number {
  let positions = 1;
  let moves = 0;
  for (const unit of units) {
    moves += unitOptions(unit).length;
    switch (unit.kind) {
      case 'heap':
        positions *= unit.size + 1;
        break;
      case 'wythoff':
        positions *= (unit.a + 1) * (unit.b + 1);
        break;
      case 'leftmost':
        positions *= unit.piles.reduce((x, y) => x + y, 0) + 1;
        break;
      case 'staircase':
        positions *= unit.coins.reduce((x, y) => x + y, 0) + 1;
        break;
      case 'hackenbush':
        positions *= unit.edges.length + 1;
        break;
      case 'word':
        positions *= unit.text.length + 1;
        break;
      case 'treblecross':
        positions *= [...unit.cells].filter((c) => c === '.').length + 1;
        break;
      case 'vertex':
        break;
    }
  }
  return positions * moves;
}

/**
 * A game's remoteness and every move's, by the search over its whole sum. With `estimateFirst`, a
 * search whose estimated work (searchWorkEstimate) is twice its limit is not started.
 */
export function gameRemoteness(input: GameInput, budget: Budget = {}, estimateFirst = false): GameRemoteness {
  const game = gameUnits(input, 'remoteness search');
  if ('reason' in game) return { remoteness: null, reason: game.reason };
  const work = budget.maxValues ?? DEFAULT_REMOTENESS_WORK;
  const estimate = estimateFirst ? searchWorkEstimate(game.units) : 0;
  if (estimate > 2 * work)
    return {
      remoteness: null,
      reason:
        `not searched beside the value: about ${estimate.toLocaleString('en-US')} positions, past its limit of ` +
        `${work.toLocaleString('en-US')} (playing against the computer searches further)`,
      stop: budget.maxValues === undefined ? 'size-limit' : 'max-values',
    };
  const search = remotenessSearch(game.units, input.play, budget);
  if (search.remoteness === null) return { remoteness: null, reason: search.reason, stop: search.stop };
  // In gameMoves' order (unitMoves): the game tree pairs them by index.
  const moves: RankedMove[] = [];
  for (const { unit, option, move } of unitMoves(game, (u) => search.options[u].length))
    moves.push({ move, remoteness: search.options[unit][option] });
  const outcome = losesAt(input.play, search.remoteness) ? 'P' : 'N';
  return { remoteness: search.remoteness, outcome, moves };
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

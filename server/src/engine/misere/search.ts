// Misère play (whoever makes the last move loses). The XOR rule does not hold, so:
// - Nim has its own exact rule (Bouton): play as in normal Nim while some heap has 2 or more;
//   when every heap is 0 or 1, the player to move loses iff the number of 1-heaps is odd.
// - any other sum is decided by an exact search over the sum's positions, memoised on a
//   canonical form (units sorted, empty units dropped), bounded by a state budget: past it the
//   answer is "unknown", never a guess;
// - a sum whose positions may repeat (tokens on a graph with cycles) by the same positions decided
//   backwards (misereRetrograde): win, lose or draw.

import { beyondSearchLimits } from '../search/remoteness';
import { solveBackwards } from '../search/retrograde';
import type { Unit } from '../search/unitOptions';
import { limitsForWidth, type SearchLimits, SearchStopped, UnitStates } from '../search/unitStates';
import type { Budget, MisereSearchResult, StopCause } from '../types';

export interface NimMove {
  readonly heap: number;
  readonly to: bigint;
}

/** Bouton's misère Nim: the outcome and every winning move (heap index, new size). */
export function misereNim(heaps: readonly bigint[]): { outcome: 'N' | 'P'; winningMoves: NimMove[] } {
  const big = heaps.filter((h) => h >= 2n).length;
  const ones = heaps.filter((h) => h === 1n).length;
  const xor = heaps.reduce((x, h) => x ^ h, 0n);
  const isP = (sizes: readonly bigint[]): boolean => {
    if (sizes.some((h) => h >= 2n)) return sizes.reduce((x, h) => x ^ h, 0n) === 0n;
    return sizes.filter((h) => h === 1n).length % 2 === 1;
  };
  const outcome = big > 0 ? (xor === 0n ? 'P' : 'N') : ones % 2 === 1 ? 'P' : 'N';
  const winningMoves: NimMove[] = [];
  if (outcome === 'N') {
    heaps.forEach((size, heap) => {
      // The winning targets of a heap are few: the normal-play target size ^ xor, and 0 or 1
      // when this heap is the last big one. Check each candidate exactly.
      const candidates = new Set<bigint>([size ^ xor, 0n, 1n]);
      for (const to of candidates) {
        if (to >= size) continue;
        const after = heaps.map((h, i) => (i === heap ? to : h));
        if (isP(after)) winningMoves.push({ heap, to });
      }
    });
    winningMoves.sort((a, b) => a.heap - b.heap || (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  }
  return { outcome, winningMoves };
}

export type { MisereSearchResult };

/**
 * What a misère search may do unless told otherwise (the budget's maxValues replaces the positions):
 * the moves bound its work and memory as before; the positions, never more than the moves, are
 * there to be worded.
 */
export const DEFAULT_MISERE_LIMITS: SearchLimits = { positions: 2_000_000, moves: 2_000_000 };

/**
 * Exact misère outcome of a sum of units, with the root's winning options (unit index, option
 * index into `unitOptions(units[unit])`). Iterative, so deep games cannot overflow the stack;
 * options are generated one at a time, and every one and every position met count against the
 * limits, so a large position stops early instead of filling memory.
 */
export function misereSearch(
  units: readonly Unit[],
  budget: Budget = {},
  limits: SearchLimits = DEFAULT_MISERE_LIMITS,
): MisereSearchResult {
  const states = new UnitStates(budget, limitsForWidth(limits, units.length), 'misère search');
  const { optionsOfUnit, canonical } = states;

  const memo = new Map<string, boolean>(); // state → the player to move wins
  memo.set('', true); // no move left: the previous player moved last and lost

  interface Frame {
    readonly state: string;
    readonly keys: readonly number[];
    unit: number;
    option: number;
    pending?: string;
  }
  const frameOf = (state: string): Frame => ({ state, keys: states.decode(state), unit: 0, option: 0 });
  const nextOption = (frame: Frame) => states.nextOption(frame);

  // Depth-first with an explicit stack. Returns whether the player to move wins.
  const decide = (root: string): boolean => {
    if (memo.has(root)) return memo.get(root)!;
    states.meet();
    const stack: Frame[] = [frameOf(root)];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      let decided: boolean | undefined;
      if (frame.pending !== undefined) {
        if (!memo.get(frame.pending)) decided = true; // a move to a losing position wins
        frame.pending = undefined;
      }
      while (decided === undefined) {
        const child = nextOption(frame);
        if (child === undefined) {
          decided = false; // every move leads to a position where the opponent wins
          break;
        }
        const known = memo.get(child);
        if (known === undefined) {
          frame.pending = child;
          states.meet();
          stack.push(frameOf(child));
          break;
        }
        if (!known) decided = true;
      }
      if (decided !== undefined) {
        memo.set(frame.state, decided);
        stack.pop();
      }
    }
    return memo.get(root)!;
  };

  try {
    const rootKeys = units.map(states.keyOf);
    const rootWins = decide(canonical(rootKeys));
    const winning: { unit: number; option: number }[] = [];
    if (rootWins) {
      for (let index = 0; index < units.length; index++) {
        const options = optionsOfUnit(rootKeys[index]);
        for (let option = 0; option < options.length; option++) {
          // The search stopped at the first winning move; the others are decided now,
          // sharing everything it learnt.
          if (!decide(states.after(rootKeys, index, option))) winning.push({ unit: index, option });
        }
      }
    }
    return { outcome: rootWins ? 'N' : 'P', winning, states: states.positionsMet };
  } catch (stopped) {
    if (stopped instanceof SearchStopped)
      return { outcome: null, reason: stopped.reason, stop: stopped.stop, states: states.positionsMet };
    throw stopped;
  }
}

/** A retrograde search's answer: N, P or D (a draw: positions repeat and neither can force the end), or not known. */
export type RetrogradeResult =
  | {
      readonly outcome: 'N' | 'P' | 'D';
      /** The root's options that win (to a position lost for the opponent). */
      readonly winning: readonly { readonly unit: number; readonly option: number }[];
      /** The root's options to a drawn position: those that keep a draw. */
      readonly drawing: readonly { readonly unit: number; readonly option: number }[];
      readonly states: number;
    }
  | { readonly outcome: null; readonly reason: string; readonly stop?: StopCause; readonly states: number };

/**
 * Exact misère outcome of a sum whose positions may repeat (tokens on a graph with cycles), where
 * the depth-first search above would go round: solved backwards from the positions with no move
 * (search/retrograde.ts), within the same limits. Win, lose or draw.
 */
export function misereRetrograde(
  units: readonly Unit[],
  budget: Budget = {},
  limits: SearchLimits = DEFAULT_MISERE_LIMITS,
): RetrogradeResult {
  // Refused at once when the bounds on what it must list are past its limits (listing them took a
  // worker's whole heap share first).
  const beyond = beyondSearchLimits(units, budget, limitsForWidth(limits, units.length), 'misère search');
  if (beyond) return { outcome: null, reason: beyond.reason, stop: beyond.stop, states: 0 };
  const solved = solveBackwards(units, 'misere', budget, limits, 'misère search');
  if (solved.outcome === null) return solved;
  // A winning option leaves the opponent a lost position.
  const winning = solved.options.filter((o) => o.outcome === 'P').map(({ unit, option }) => ({ unit, option }));
  const drawing = solved.options.filter((o) => o.outcome === 'D').map(({ unit, option }) => ({ unit, option }));
  return { outcome: solved.outcome, winning, drawing, states: solved.states };
}

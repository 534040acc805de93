// Sums whose positions may repeat (tokens on a graph with cycles), solved backwards. The depth-first
// searches (misère play, remoteness) go round when a position comes back; here every position the
// root can reach is listed first, breadth first, as canonical states (unitStates.ts, within the
// same limits), and then decided from the positions with no move: a position with a move to a lost
// one is won; one whose every move reaches a won one is lost; what is left is drawn (neither player
// can force the end, so play goes on for ever).
//
// Remoteness (Smith) comes with it: the positions are decided in a queue that holds them in
// non-decreasing remoteness, so a won position is decided by its lost option of least remoteness
// (the winner hurries) and a lost one by its won option decided last, of greatest remoteness (the
// loser holds on). A drawn position has none (it is infinite). O(positions + moves).
import type { Budget, StopCause } from '../types';
import type { Unit } from './unitOptions';
import { limitsForWidth, type SearchLimits, SearchStopped, UnitStates } from './unitStates';

/** How one root option ends for the player who then moves: their outcome and the remoteness (null: a draw). */
export interface OptionOutcome {
  readonly unit: number;
  readonly option: number;
  readonly outcome: 'N' | 'P' | 'D';
  readonly remoteness: number | null;
}

export type BackwardsSolution =
  | {
      readonly outcome: 'N' | 'P' | 'D';
      /** Moves the game lasts with best play; null for a draw. */
      readonly remoteness: number | null;
      /** Every option of every root unit (as unitOptions lists them), with how it ends. */
      readonly options: readonly OptionOutcome[];
      readonly states: number;
    }
  | { readonly outcome: null; readonly reason: string; readonly stop?: StopCause; readonly states: number };

const WON = 1;
const LOST = 2;

/** Solves the sum of `units` backwards under `play` (see the header); `what` names the search in its reasons. */
export function solveBackwards(
  units: readonly Unit[],
  play: 'normal' | 'misere',
  budget: Budget,
  limits: SearchLimits,
  what: string,
): BackwardsSolution {
  const states = new UnitStates(budget, limitsForWidth(limits, units.length), what);
  const ids = new Map<string, number>();
  const list: string[] = [];
  const idOf = (state: string): number => {
    let id = ids.get(state);
    if (id === undefined) {
      states.meet();
      id = list.length;
      ids.set(state, id);
      list.push(state);
    }
    return id;
  };
  try {
    const rootKeys = units.map(states.keyOf);
    idOf(states.canonical(rootKeys));
    // Each position's moves, in flat typed arrays (CSR, positions in the order listed): an array per
    // position took more memory than the positions' own keys, and a worker's heap share ran out first.
    let childStart = new Int32Array(1024);
    let child = new Int32Array(4096);
    let moves = 0;
    for (let i = 0; i < list.length; i++) {
      if (i + 1 >= childStart.length) childStart = grown(childStart);
      childStart[i] = moves;
      const cursor = { keys: states.decode(list[i]), unit: 0, option: 0 };
      for (let next = states.nextOption(cursor); next !== undefined; next = states.nextOption(cursor)) {
        if (moves >= child.length) child = grown(child);
        child[moves++] = idOf(next);
      }
    }
    const count = list.length;
    childStart[count] = moves;
    const predStart = new Int32Array(count + 1);
    for (let m = 0; m < moves; m++) predStart[child[m] + 1]++;
    for (let p = 0; p < count; p++) predStart[p + 1] += predStart[p];
    const fill = predStart.slice(0, count);
    const pred = new Int32Array(moves);
    for (let p = 0; p < count; p++) for (let m = childStart[p]; m < childStart[p + 1]; m++) pred[fill[child[m]]++] = p;
    const outcome = new Uint8Array(count);
    const remoteness = new Int32Array(count).fill(-1);
    const left = new Int32Array(count);
    for (let p = 0; p < count; p++) left[p] = childStart[p + 1] - childStart[p];
    const queue = new Int32Array(count);
    let tail = 0;
    for (let p = 0; p < count; p++)
      if (left[p] === 0) {
        // No move: lost in normal play; won in misère (the opponent made the last move).
        outcome[p] = play === 'normal' ? LOST : WON;
        remoteness[p] = 0;
        queue[tail++] = p;
      }
    for (let head = 0; head < tail; head++) {
      const q = queue[head];
      for (let j = predStart[q]; j < predStart[q + 1]; j++) {
        const p = pred[j];
        if (outcome[p] !== 0) continue;
        if (outcome[q] === LOST) outcome[p] = WON;
        else if (--left[p] === 0) outcome[p] = LOST;
        else continue;
        remoteness[p] = remoteness[q] + 1;
        queue[tail++] = p;
      }
    }
    const said = (id: number) => (outcome[id] === WON ? 'N' : outcome[id] === LOST ? 'P' : 'D');
    const options: OptionOutcome[] = [];
    for (let unit = 0; unit < units.length; unit++) {
      const unitOptions = states.optionsOfUnit(rootKeys[unit]);
      for (let option = 0; option < unitOptions.length; option++) {
        const id = ids.get(states.after(rootKeys, unit, option));
        if (id === undefined) continue; // never: the root's options were all listed
        options.push({ unit, option, outcome: said(id), remoteness: remoteness[id] < 0 ? null : remoteness[id] });
      }
    }
    return { outcome: said(0), remoteness: remoteness[0] < 0 ? null : remoteness[0], options, states: count };
  } catch (stopped) {
    if (stopped instanceof SearchStopped)
      return { outcome: null, reason: stopped.reason, stop: stopped.stop, states: states.positionsMet };
    throw stopped;
  }
}

/** The array twice as long, its values kept. */
function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const longer = new Int32Array(array.length * 2);
  longer.set(array);
  return longer;
}

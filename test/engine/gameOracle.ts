// The oracle for whole games: the sum is played directly from the rules' definitions, as one
// explicit game graph over tuples of component states, and every position's nimber is the mex of
// its options' — no XOR theorem, no periods, no sequences, no code shared with the engine. Only
// for small positions.
import type { ComponentInput, ComponentMove, GameInput } from '../../server/src/engine/gameTypes';
import { mex, octalMoves } from './oracles';

/** A component's position in a canonical form: equal positions have equal keys. */
export type ComponentState =
  | { readonly kind: 'heaps'; readonly sizes: readonly number[] } // sorted
  | { readonly kind: 'tokens'; readonly vertices: readonly number[] } // sorted
  | { readonly kind: 'row'; readonly cells: string };

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

export function stateOf(component: ComponentInput): ComponentState {
  switch (component.kind) {
    case 'heaps':
      return { kind: 'heaps', sizes: sorted(component.heaps.map(Number).filter((h) => h > 0)) };
    case 'tokens':
      return { kind: 'tokens', vertices: sorted(component.vertices) };
    case 'octal-row':
    case 'treblecross':
      return { kind: 'row', cells: component.cells };
  }
}

export const stateKey = (states: readonly ComponentState[]) => JSON.stringify(states);

/** The positions a component can move to, each written out in full, from the rules' definitions. */
function componentOptions(component: ComponentInput, state: ComponentState): ComponentState[] {
  const options: ComponentState[] = [];
  if (state.kind === 'heaps' && component.kind === 'heaps') {
    const rule = component.rule;
    state.sizes.forEach((n, i) => {
      const others = state.sizes.filter((_, j) => j !== i);
      const leave = (...left: number[]) => options.push({ kind: 'heaps', sizes: sorted([...others, ...left.filter((h) => h > 0)]) });
      if (rule.kind === 'subtract') for (const s of rule.set.map(Number)) if (s <= n) leave(n - s);
      if (rule.kind === 'subtractAllExcept') for (let s = 1; s <= n; s++) if (!rule.except.map(Number).includes(s)) leave(n - s);
      if (rule.kind === 'octal') for (const heaps of octalMoves(rule.digits, n)) leave(...heaps);
    });
  } else if (state.kind === 'tokens' && component.kind === 'tokens') {
    const { succStart, succ } = component.graph;
    state.vertices.forEach((v, i) => {
      const others = state.vertices.filter((_, j) => j !== i);
      for (let slot = succStart[v]; slot < succStart[v + 1]; slot++) options.push({ kind: 'tokens', vertices: sorted([...others, succ[slot]]) });
    });
  } else if (state.kind === 'row' && component.kind === 'octal-row' && component.rule.kind === 'octal') {
    // Knock down k adjacent X's inside one run; the digit's bits say what may be left of that run.
    const digits = component.rule.digits;
    const cells = state.cells;
    for (let start = 0; start < cells.length; start++) {
      for (let k = 1; k < digits.length && start + k <= cells.length; k++) {
        if (!/^X+$/.test(cells.slice(start, start + k))) break;
        let left = 0;
        while (start - left - 1 >= 0 && cells[start - left - 1] === 'X') left++;
        let right = 0;
        while (start + k + right < cells.length && cells[start + k + right] === 'X') right++;
        const bits = left === 0 && right === 0 ? 1 : left === 0 || right === 0 ? 2 : 4;
        if (digits[k] & bits) options.push({ kind: 'row', cells: cells.slice(0, start) + '.'.repeat(k) + cells.slice(start + k) });
      }
    }
  } else {
    throw new Error(`the product oracle does not play ${component.kind} components`);
  }
  return options;
}

/** The explicit game graph of a sum, explored from its start position. */
export class ProductGame {
  private readonly nimbers = new Map<string, number>();

  constructor(private readonly input: GameInput) {}

  /** The options of a position of the sum: one component moves, the others stay. */
  options(states: readonly ComponentState[]): ComponentState[][] {
    const result: ComponentState[][] = [];
    states.forEach((state, i) => {
      for (const option of componentOptions(this.input.components[i], state)) result.push(states.map((s, j) => (j === i ? option : s)));
    });
    return result;
  }

  /** mex over the explicit graph (memoised; positions here are small, so recursion is shallow). */
  nimber(states: readonly ComponentState[]): number {
    const key = stateKey(states);
    const known = this.nimbers.get(key);
    if (known !== undefined) return known;
    const value = mex(this.options(states).map((option) => this.nimber(option)));
    this.nimbers.set(key, value);
    return value;
  }

  get size(): number {
    return this.nimbers.size;
  }
}

/** The component state after an engine move, written from the move's own description. */
export function applyMove(component: ComponentInput, state: ComponentState, move: ComponentMove): ComponentState {
  if (move.kind === 'heap' && component.kind === 'heaps' && state.kind === 'heaps') {
    const sizes = component.heaps.map(Number);
    const n = sizes[move.heap];
    const left = move.leaves.map(Number);
    if (left.reduce((x, y) => x + y, 0) + Number(move.take) !== n) throw new Error(`move ${JSON.stringify(move, bigints)} does not add up from ${n}`);
    return { kind: 'heaps', sizes: sorted([...sizes.filter((_, j) => j !== move.heap), ...left].filter((h) => h > 0)) };
  }
  if (move.kind === 'token' && component.kind === 'tokens') {
    return { kind: 'tokens', vertices: sorted(component.vertices.map((v, j) => (j === move.token ? move.to : v))) };
  }
  if (move.kind === 'knock' && component.kind === 'octal-row') {
    const cells = component.cells;
    if (!/^X+$/.test(cells.slice(move.start, move.start + move.count))) throw new Error(`knock ${move.start}+${move.count} on ${cells}`);
    return { kind: 'row', cells: cells.slice(0, move.start) + '.'.repeat(move.count) + cells.slice(move.start + move.count) };
  }
  if (move.kind === 'mark' && component.kind === 'treblecross') {
    const cells = component.cells;
    if (cells[move.cell] === 'X') throw new Error(`mark ${move.cell} on ${cells}`);
    return { kind: 'row', cells: cells.slice(0, move.cell) + 'X' + cells.slice(move.cell + 1) };
  }
  throw new Error(`a ${move.kind} move on a ${component.kind} component`);
}

/** The GameInput of a position, for asking the engine about it again. */
export function inputOf(input: GameInput, states: readonly ComponentState[]): GameInput {
  return {
    play: input.play,
    components: input.components.map((component, i) => {
      const state = states[i];
      if (component.kind === 'heaps' && state.kind === 'heaps') return { ...component, heaps: state.sizes.map(BigInt) };
      if (component.kind === 'tokens' && state.kind === 'tokens') return { ...component, vertices: state.vertices };
      if ((component.kind === 'octal-row' || component.kind === 'treblecross') && state.kind === 'row') return { ...component, cells: state.cells };
      throw new Error('state does not fit its component');
    }),
  };
}

export const bigints = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

// The oracle for whole games: the sum is played directly from the rules' definitions, as one
// explicit game graph over tuples of component states, and every position's nimber is the mex of
// its options' — no XOR theorem, no periods, no sequences, no code shared with the engine. Only
// for small positions.
import type { ComponentInput, ComponentMove, GameInput } from '../../../server/src/engine/gameTypes';
import type { SubtractionSet } from '../../../server/src/engine/types';
import { mex, octalMoves } from './oracles';

/** A component's position in a canonical form: equal positions have equal keys. */
export type ComponentState =
  | { readonly kind: 'heaps'; readonly sizes: readonly number[] } // sorted
  | { readonly kind: 'tokens'; readonly vertices: readonly number[] } // sorted
  | { readonly kind: 'row'; readonly cells: string }
  | { readonly kind: 'wythoff'; readonly positions: readonly string[] } // "a,b", sorted
  | { readonly kind: 'leftmost'; readonly rows: readonly string[] } // "a,b,c", sorted
  | { readonly kind: 'staircase'; readonly stairs: readonly string[] } // "c1,c2,…", sorted
  | { readonly kind: 'hackenbush'; readonly pictures: readonly string[] } // standing edges "u-v u-v …", sorted
  | { readonly kind: 'words'; readonly pieces: readonly string[] } // non-empty pieces, sorted
  | { readonly kind: 'chomp'; readonly boards: readonly string[] } // rows "r1,r2,…", sorted
  | { readonly kind: 'cram'; readonly boards: readonly string[] } // "width:cells" (1 empty, 0 filled), sorted
  // Node (`node`) or Arc Kayles: each graph's vertices left and its edges (as numbered), "v,v;a-b,a-b", sorted.
  | { readonly kind: 'kayles'; readonly game: string; readonly graphs: readonly string[] };

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
    case 'wythoff':
      return { kind: 'wythoff', positions: component.positions.map(([a, b]) => `${a},${b}`).sort() };
    case 'leftmost':
      return { kind: 'leftmost', rows: component.rows.map((row) => row.join(',')).sort() };
    case 'staircase':
      return { kind: 'staircase', stairs: component.stairs.map((coins) => coins.join(',')).sort() };
    case 'hackenbush':
      return {
        kind: 'hackenbush',
        pictures: component.pictures
          .map((p) =>
            standingText(Array.from({ length: p.ends.length / 2 }, (_, e) => [p.ends[2 * e], p.ends[2 * e + 1]])),
          )
          .sort(),
      };
    case 'words':
      return { kind: 'words', pieces: component.pieces.filter((p) => p.length > 0).sort() };
    case 'moves-tuples':
      // Its oracle is the brute force beside its rule's tests (test/engine/heaps/movesRule.test.ts).
      throw new Error("this oracle does not play tuple rules of one's own");
    case 'chomp':
      return { kind: 'chomp', boards: component.boards.map((rows) => rows.join(',')).sort() };
    case 'cram':
      return { kind: 'cram', boards: component.boards.map((b) => `${b.width}:${b.empty.join('')}`).sort() };
    case 'graph-kayles':
      return { kind: 'kayles', game: component.game, graphs: component.positions.map(kaylesText).sort() };
  }
}

export const stateKey = (states: readonly ComponentState[]) => JSON.stringify(states);

/** Is s in the set? Tested from each set's definition, not by listing members as the engine does. */
export function isMember(set: SubtractionSet, s: number): boolean {
  switch (set.kind) {
    case 'finite':
      return set.members.some((m) => Number(m) === s);
    case 'squares':
      return Math.round(Math.sqrt(s)) ** 2 === s;
    case 'cubes':
      return Math.round(Math.cbrt(s)) ** 3 === s;
    case 'triangular': {
      const k = Math.round((Math.sqrt(8 * s + 1) - 1) / 2);
      return (k * (k + 1)) / 2 === s;
    }
    case 'primes': {
      if (s < 2) return false;
      for (let d = 2; d * d <= s; d++) if (s % d === 0) return false;
      return true;
    }
    case 'fibonacci': {
      // s is a Fibonacci number iff 5s² + 4 or 5s² - 4 is a square.
      const square = (x: number) => Math.round(Math.sqrt(x)) ** 2 === x;
      return square(5 * s * s + 4) || square(5 * s * s - 4);
    }
    case 'powers': {
      let x = s;
      while (x % Number(set.base) === 0) x /= Number(set.base);
      return x === 1;
    }
    case 'multiples':
      return s % Number(set.of) === 0;
    case 'union':
      return set.parts.some((part) => isMember(part, s));
  }
}

/** The positions a component can move to, each written out in full, from the rules' definitions. */
function componentOptions(component: ComponentInput, state: ComponentState): ComponentState[] {
  const options: ComponentState[] = [];
  if (state.kind === 'heaps' && component.kind === 'heaps') {
    const rule = component.rule;
    state.sizes.forEach((n, i) => {
      const others = state.sizes.filter((_, j) => j !== i);
      const leave = (...left: number[]) =>
        options.push({ kind: 'heaps', sizes: sorted([...others, ...left.filter((h) => h > 0)]) });
      if (rule.kind === 'subtract') for (const s of rule.set.map(Number)) if (s <= n) leave(n - s);
      if (rule.kind === 'subtractAllExcept')
        for (let s = 1; s <= n; s++) if (!rule.except.map(Number).includes(s)) leave(n - s);
      if (rule.kind === 'subtractSet') for (let s = 1; s <= n; s++) if (isMember(rule.set, s)) leave(n - s);
      if (rule.kind === 'subtractAllExceptSet')
        for (let s = 1; s <= n; s++) if (!isMember(rule.except, s)) leave(n - s);
      if (rule.kind === 'octal') for (const heaps of octalMoves(rule.digits, n)) leave(...heaps);
    });
  } else if (state.kind === 'tokens' && component.kind === 'tokens') {
    const { succStart, succ } = component.graph;
    state.vertices.forEach((v, i) => {
      const others = state.vertices.filter((_, j) => j !== i);
      for (let slot = succStart[v]; slot < succStart[v + 1]; slot++)
        options.push({ kind: 'tokens', vertices: sorted([...others, succ[slot]]) });
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
        if (digits[k] & bits)
          options.push({ kind: 'row', cells: cells.slice(0, start) + '.'.repeat(k) + cells.slice(start + k) });
      }
    }
  } else if (state.kind === 'wythoff') {
    // Take any positive number from one heap, or the same from both.
    state.positions.forEach((position, i) => {
      const others = state.positions.filter((_, j) => j !== i);
      const [a, b] = position.split(',').map(Number);
      const to = (x: number, y: number) =>
        options.push({ kind: 'wythoff', positions: [...others, `${x},${y}`].sort() });
      for (let x = 0; x < a; x++) to(x, b);
      for (let y = 0; y < b; y++) to(a, y);
      for (let t = 1; t <= Math.min(a, b); t++) to(a - t, b - t);
    });
  } else if (state.kind === 'leftmost') {
    // Take any positive number from the leftmost non-empty pile of one row.
    state.rows.forEach((row, i) => {
      const others = state.rows.filter((_, j) => j !== i);
      const piles = row === '' ? [] : row.split(',').map(Number);
      const first = piles.findIndex((a) => a > 0);
      if (first < 0) return;
      for (let to = 0; to < piles[first]; to++)
        options.push({
          kind: 'leftmost',
          rows: [...others, piles.map((a, j) => (j === first ? to : a)).join(',')].sort(),
        });
    });
  } else if (state.kind === 'staircase') {
    // Move any positive number of coins from one step to the step below (off from step 1).
    state.stairs.forEach((stair, i) => {
      const others = state.stairs.filter((_, j) => j !== i);
      const coins = stair === '' ? [] : stair.split(',').map(Number);
      coins.forEach((c, step) => {
        for (let count = 1; count <= c; count++) {
          const after = coins.map((x, j) => (j === step ? x - count : j === step - 1 ? x + count : x));
          options.push({ kind: 'staircase', stairs: [...others, after.join(',')].sort() });
        }
      });
    });
  } else if (state.kind === 'hackenbush') {
    // Cut one edge of one picture; what no longer stands on the ground falls.
    state.pictures.forEach((picture, i) => {
      const others = state.pictures.filter((_, j) => j !== i);
      const edges = pictureEdges(picture);
      edges.forEach((_, e) =>
        options.push({
          kind: 'hackenbush',
          pictures: [...others, standingText(edges.filter((_, f) => f !== e))].sort(),
        }),
      );
    });
  } else if (state.kind === 'words' && component.kind === 'words') {
    // Delete one occurrence of a word from one piece; its left and right become pieces.
    state.pieces.forEach((piece, i) => {
      const others = state.pieces.filter((_, j) => j !== i);
      const points = [...piece];
      for (let p = 0; p < points.length; p++) {
        for (const word of new Set(component.words)) {
          const w = [...word];
          if (w.length === 0 || points.slice(p, p + w.length).join('') !== word) continue;
          const left = points.slice(0, p).join('');
          const right = points.slice(p + w.length).join('');
          options.push({ kind: 'words', pieces: [...others, left, right].filter((x) => x.length > 0).sort() });
        }
      }
    });
  } else if (state.kind === 'kayles') {
    // Node: take a vertex and its neighbours. Arc: take an edge (two different ends) and both its ends.
    state.graphs.forEach((graph, i) => {
      const [vertices, edges] = kaylesParse(graph);
      const neighbours = (v: number) => edges.flatMap(([a, b]) => (a === v ? [b] : b === v ? [a] : []));
      const takes =
        state.game === 'node' ? vertices.map((v) => [v, ...neighbours(v)]) : edges.filter(([a, b]) => a !== b);
      for (const take of takes) {
        const after = kaylesText({
          vertices: vertices.filter((v) => !take.includes(v)),
          edges: edges.filter(([a, b]) => !take.includes(a) && !take.includes(b)),
        });
        options.push({ ...state, graphs: state.graphs.map((g, j) => (j === i ? after : g)).sort() });
      }
    });
  } else if (state.kind === 'cram') {
    // Fill two empty cells side by side or one above the other, on one board.
    state.boards.forEach((board, i) => {
      const others = state.boards.filter((_, j) => j !== i);
      const [w, cells] = board.split(':');
      const width = Number(w);
      for (let a = 0; a < cells.length; a++)
        for (const b of [a + 1, a + width])
          if (cells[a] === '1' && cells[b] === '1' && (b === a + width || b % width !== 0)) {
            const after = [...cells].map((c, k) => (k === a || k === b ? '0' : c)).join('');
            options.push({ kind: 'cram', boards: [...others, `${width}:${after}`].sort() });
          }
    });
  } else if (state.kind === 'chomp') {
    // Take a square (not the poisoned bottom-left one) and every square above it and to its right.
    state.boards.forEach((board, i) => {
      const others = state.boards.filter((_, j) => j !== i);
      const rows = board.split(',').map(Number);
      rows.forEach((length, r) => {
        for (let c = r === 0 ? 1 : 0; c < length; c++) {
          const after = rows.map((x, k) => (k >= r ? Math.min(x, c) : x)).filter((x) => x > 0);
          options.push({ kind: 'chomp', boards: [...others, after.join(',')].sort() });
        }
      });
    });
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
      for (const option of componentOptions(this.input.components[i], state))
        result.push(states.map((s, j) => (j === i ? option : s)));
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
    if (left.reduce((x, y) => x + y, 0) + Number(move.take) !== n)
      throw new Error(`move ${JSON.stringify(move, bigints)} does not add up from ${n}`);
    return { kind: 'heaps', sizes: sorted([...sizes.filter((_, j) => j !== move.heap), ...left].filter((h) => h > 0)) };
  }
  if (move.kind === 'token' && component.kind === 'tokens') {
    return { kind: 'tokens', vertices: sorted(component.vertices.map((v, j) => (j === move.token ? move.to : v))) };
  }
  if (move.kind === 'knock' && component.kind === 'octal-row') {
    const cells = component.cells;
    if (!/^X+$/.test(cells.slice(move.start, move.start + move.count)))
      throw new Error(`knock ${move.start}+${move.count} on ${cells}`);
    return {
      kind: 'row',
      cells: cells.slice(0, move.start) + '.'.repeat(move.count) + cells.slice(move.start + move.count),
    };
  }
  if (move.kind === 'mark' && component.kind === 'treblecross') {
    const cells = component.cells;
    if (cells[move.cell] === 'X') throw new Error(`mark ${move.cell} on ${cells}`);
    return { kind: 'row', cells: `${cells.slice(0, move.cell)}X${cells.slice(move.cell + 1)}` };
  }
  if (move.kind === 'wythoff' && component.kind === 'wythoff') {
    const [a, b] = component.positions[move.position];
    const [x, y] = move.to;
    const legal = (x < a && y === b) || (x === a && y < b) || (x < a && a - x === b - y);
    if (!legal || x < 0n || y < 0n) throw new Error(`wythoff (${a}, ${b}) to (${x}, ${y}) is not a move`);
    return {
      kind: 'wythoff',
      positions: component.positions.map((p, j) => (j === move.position ? `${x},${y}` : p.join(','))).sort(),
    };
  }
  if (move.kind === 'leftmost' && component.kind === 'leftmost') {
    const row = component.rows[move.row];
    const first = row.findIndex((a) => a > 0n);
    if (move.pile !== first || move.to < 0n || move.to >= row[first])
      throw new Error(`leftmost [${row}]: pile ${move.pile} to ${move.to} is not a move`);
    return {
      kind: 'leftmost',
      rows: component.rows
        .map((r, j) => (j === move.row ? r.map((a, k) => (k === move.pile ? move.to : a)) : r).join(','))
        .sort(),
    };
  }
  if (move.kind === 'staircase' && component.kind === 'staircase') {
    const coins = component.stairs[move.stair];
    if (move.count <= 0n || move.count > coins[move.step])
      throw new Error(`staircase [${coins}]: ${move.count} from step ${move.step + 1} is not a move`);
    const after = coins.map((x, j) => (j === move.step ? x - move.count : j === move.step - 1 ? x + move.count : x));
    return {
      kind: 'staircase',
      stairs: component.stairs.map((c, j) => (j === move.stair ? after : c).join(',')).sort(),
    };
  }
  if (move.kind === 'hackenbush' && component.kind === 'hackenbush') {
    const p = component.pictures[move.picture];
    const edges = Array.from({ length: p.ends.length / 2 }, (_, e) => [p.ends[2 * e], p.ends[2 * e + 1]]);
    if (move.edge >= edges.length) throw new Error(`no edge ${move.edge} to cut`);
    const [u, v] = edges[move.edge];
    if (
      !standingText(edges)
        .split(' ')
        .includes(u < v ? `${u}-${v}` : `${v}-${u}`)
    )
      throw new Error(`edge ${move.edge} is not standing`);
    return {
      kind: 'hackenbush',
      pictures: component.pictures
        .map((q, j) => {
          const all = Array.from({ length: q.ends.length / 2 }, (_, e) => [q.ends[2 * e], q.ends[2 * e + 1]]);
          return standingText(j === move.picture ? all.filter((_, e) => e !== move.edge) : all);
        })
        .sort(),
    };
  }
  if (move.kind === 'word' && component.kind === 'words') {
    const points = [...component.pieces[move.piece]];
    const deleted = points.slice(move.start, move.start + move.length).join('');
    if (!component.words.includes(deleted)) throw new Error(`"${deleted}" is not a word`);
    const [left, right] = [points.slice(0, move.start).join(''), points.slice(move.start + move.length).join('')];
    if (left !== move.leaves[0] || right !== move.leaves[1])
      throw new Error(`the move's leaves ${move.leaves} are not ${left}|${right}`);
    return {
      kind: 'words',
      pieces: [...component.pieces.filter((_, j) => j !== move.piece), left, right].filter((x) => x.length > 0).sort(),
    };
  }
  if (move.kind === 'graph-kayles' && component.kind === 'graph-kayles' && state.kind === 'kayles') {
    const [vertices, edges] = kaylesParse(kaylesText(component.positions[move.graph]));
    const neighbours = (v: number) => edges.flatMap(([a, b]) => (a === v ? [b] : b === v ? [a] : []));
    const [v, w] = move.taken;
    const legal =
      component.game === 'node'
        ? move.taken.length === 1 && vertices.includes(v)
        : move.taken.length === 2 && edges.some(([a, b]) => (a === v && b === w) || (a === w && b === v));
    if (!legal) throw new Error(`kayles: ${move.taken} cannot be taken`);
    const take = component.game === 'node' ? [v, ...neighbours(v)] : [v, w];
    if ([...new Set(take)].sort().join() !== [...move.removed].sort().join())
      throw new Error(`kayles: taking ${move.taken} removes ${take}, not ${move.removed}`);
    const after = kaylesText({
      vertices: vertices.filter((x) => !take.includes(x)),
      edges: edges.filter(([a, b]) => !take.includes(a) && !take.includes(b)),
    });
    const graphs = component.positions.map((p, j) => (j === move.graph ? after : kaylesText(p)));
    return { ...state, graphs: graphs.sort() };
  }
  if (move.kind === 'cram' && component.kind === 'cram') {
    const { width, empty } = component.boards[move.board];
    const [a, b] = move.cells;
    const beside = b === a + 1 && b % width !== 0;
    if (!(beside || b === a + width) || !empty[a] || !empty[b])
      throw new Error(`cram: cells ${a} and ${b} are not two empty neighbours`);
    const boards = component.boards.map((board, j) => {
      const cells = Array.from(board.empty, (e, k) => (j === move.board && (k === a || k === b) ? 0 : e));
      return `${board.width}:${cells.join('')}`;
    });
    return { kind: 'cram', boards: boards.sort() };
  }
  if (move.kind === 'chomp' && component.kind === 'chomp') {
    const rows = component.boards[move.board].map(Number);
    const [r, c] = [move.row - 1, move.column - 1];
    if (r < 0 || c < 0 || r >= rows.length || c >= rows[r] || (r === 0 && c === 0))
      throw new Error(`chomp [${rows}]: (${move.row}, ${move.column}) is not a square that may be taken`);
    const after = rows.map((x, k) => (k >= r ? Math.min(x, c) : x)).filter((x) => x > 0);
    return {
      kind: 'chomp',
      boards: component.boards.map((b, j) => (j === move.board ? after : b.map(Number)).join(',')).sort(),
    };
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
      if ((component.kind === 'octal-row' || component.kind === 'treblecross') && state.kind === 'row')
        return { ...component, cells: state.cells };
      if (component.kind === 'wythoff' && state.kind === 'wythoff')
        return { ...component, positions: state.positions.map((p) => p.split(',').map(BigInt) as [bigint, bigint]) };
      if (component.kind === 'leftmost' && state.kind === 'leftmost')
        return { ...component, rows: state.rows.map((r) => (r === '' ? [] : r.split(',').map(BigInt))) };
      if (component.kind === 'staircase' && state.kind === 'staircase')
        return { ...component, stairs: state.stairs.map((r) => (r === '' ? [] : r.split(',').map(BigInt))) };
      if (component.kind === 'words' && state.kind === 'words') return { ...component, pieces: state.pieces };
      if (component.kind === 'graph-kayles' && state.kind === 'kayles')
        return {
          ...component,
          positions: state.graphs.map((g) => {
            const [vertices, edges] = kaylesParse(g);
            return { vertices, edges };
          }),
        };
      if (component.kind === 'cram' && state.kind === 'cram')
        return {
          ...component,
          boards: state.boards.map((board) => {
            const [w, cells] = board.split(':');
            const width = Number(w);
            return { width, height: cells.length / width, empty: Uint8Array.from(cells, (c) => (c === '1' ? 1 : 0)) };
          }),
        };
      if (component.kind === 'chomp' && state.kind === 'chomp')
        return { ...component, boards: state.boards.map((b) => b.split(',').map(BigInt)) };
      if (component.kind === 'hackenbush' && state.kind === 'hackenbush')
        return {
          ...component,
          pictures: state.pictures.map((p) => ({
            vertexCount: Math.max(1, ...component.pictures.map((q) => q.vertexCount)),
            ends: Int32Array.from(pictureEdges(p).flat()),
          })),
        };
      throw new Error('state does not fit its component');
    }),
  };
}

export const bigints = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** A picture's edges from its state text. */
function pictureEdges(text: string): number[][] {
  return text === '' ? [] : text.split(' ').map((pair) => pair.split('-').map(Number));
}

/**
 * The edges of a picture that stand (joined to the ground, vertex 0, through standing edges), as
 * the state's text: "u-v" for each (equal pictures, equal texts).
 */
function standingText(edges: readonly (readonly number[])[]): string {
  const joined = new Set([0]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [u, v] of edges)
      if (joined.has(u) !== joined.has(v)) {
        joined.add(u);
        joined.add(v);
        grew = true;
      }
  }
  // Edges between the same two vertices are alike: each written low end first, all sorted.
  return edges
    .filter(([u]) => joined.has(u))
    .map(([u, v]) => (u < v ? `${u}-${v}` : `${v}-${u}`))
    .sort()
    .join(' ');
}

/** Who wins and in how many moves: remoteness from its definition over the explicit graph of the sum (the winner
 * hurries, the loser stalls; with no move left the player to move has lost in normal play, won in misère play). */
export function bruteRemoteness(
  product: ProductGame,
  play: GameInput['play'],
  states: readonly ComponentState[],
  memo = new Map<string, { wins: boolean; moves: number }>(),
): { wins: boolean; moves: number } {
  const key = stateKey(states);
  const known = memo.get(key);
  if (known) return known;
  const options = product.options(states).map((option) => bruteRemoteness(product, play, option, memo));
  const losing = options.filter((o) => !o.wins);
  const result =
    options.length === 0
      ? { wins: play === 'misere', moves: 0 }
      : losing.length > 0
        ? { wins: true, moves: 1 + Math.min(...losing.map((o) => o.moves)) }
        : { wins: false, moves: 1 + Math.max(...options.map((o) => o.moves)) };
  memo.set(key, result);
  return result;
}

/** A graph of Node or Arc Kayles as the oracle's state text: "v,v;a-b,a-b" (its edges as given, both ends left). */
function kaylesText(position: { vertices: readonly number[]; edges: readonly (readonly number[])[] }): string {
  return `${position.vertices.join(',')};${position.edges.map(([a, b]) => `${a}-${b}`).join(',')}`;
}

function kaylesParse(text: string): [number[], [number, number][]] {
  const [v, e] = text.split(';');
  const vertices = v === '' ? [] : v.split(',').map(Number);
  const edges = e === '' ? [] : e.split(',').map((pair) => pair.split('-').map(Number) as [number, number]);
  return [vertices, edges];
}

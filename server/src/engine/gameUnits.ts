// A game as units (one heap, one token, one row's run of X's, one Wythoff position, …), for the
// searches that look at every position of a sum (misère play, remoteness, playing a game out):
// which unit belongs to which component, and which game moves an option of a unit is.
import { xRuns } from './components';
import { piecesKey } from './families/words';
import type { ComponentMove, GameInput, GameMove } from './gameTypes';
import { edgeEndsKey, joinedEdges } from './hackenbushNimbers';
import { staircaseOption, type Unit, unitOptions, wordDeletions } from './unitOptions';

/** Searches give up on heaps larger than this: a heap of n alone has up to n options. */
export const MISERE_MAX_HEAP = 10_000;

/** Where a unit is in the game. */
export type UnitOwner =
  | { readonly component: number; readonly kind: 'heap'; readonly index: number }
  | { readonly component: number; readonly kind: 'token'; readonly index: number }
  | { readonly component: number; readonly kind: 'run'; readonly start: number }
  | { readonly component: number; readonly kind: 'row' }
  | {
      readonly component: number;
      readonly kind: 'wythoff' | 'leftmost' | 'staircase' | 'hackenbush' | 'word';
      readonly index: number;
    };

export type GameUnits =
  | { readonly units: readonly Unit[]; readonly owners: readonly UnitOwner[] }
  | { readonly reason: string };

const limit = MISERE_MAX_HEAP.toLocaleString('en-US');

/**
 * The game's units, or why the searches cannot take it: a heap (or a Wythoff or leftmost pile)
 * past MISERE_MAX_HEAP, a staircase or picture past as many coins or edges, or a Treblecross row
 * in misère play (it has no misère form). Units with no move are left out, except a token (its
 * vertex may be terminal) and a row that is over (it ends the game).
 */
export function gameUnits(input: GameInput, search = 'search'): GameUnits {
  const units: Unit[] = [];
  const owners: UnitOwner[] = [];
  const tooLarge = (size: bigint) =>
    ({ reason: `beyond the ${search} limit (heaps of at most ${limit}; this one has ${size})` }) as const;
  for (let component = 0; component < input.components.length; component++) {
    const c = input.components[component];
    switch (c.kind) {
      case 'treblecross':
        if (input.play === 'misere')
          return { reason: 'Treblecross has no misère form: whoever completes three in a row wins' };
        units.push({ kind: 'treblecross', cells: c.cells });
        owners.push({ component, kind: 'row' });
        break;
      case 'wythoff':
        for (const [index, [a, b]] of c.positions.entries()) {
          const large = a > b ? a : b;
          if (large > BigInt(MISERE_MAX_HEAP)) return tooLarge(large);
          if (large === 0n) continue;
          units.push({ kind: 'wythoff', a: Number(a), b: Number(b) });
          owners.push({ component, kind: 'wythoff', index });
        }
        break;
      case 'leftmost':
        for (const [index, row] of c.rows.entries()) {
          const large = row.reduce((x, y) => (y > x ? y : x), 0n);
          if (large > BigInt(MISERE_MAX_HEAP)) return tooLarge(large);
          if (large === 0n) continue;
          units.push({ kind: 'leftmost', piles: row.map(Number) });
          owners.push({ component, kind: 'leftmost', index });
        }
        break;
      case 'staircase':
        for (const [index, coins] of c.stairs.entries()) {
          // A staircase has one option per coin, each a copy of its steps: its coins and its steps
          // are bounded as a heap is, so that listing one unit's options stays bounded too.
          const total = coins.reduce((x, y) => x + y, 0n);
          if (total > BigInt(MISERE_MAX_HEAP) || coins.length > MISERE_MAX_HEAP)
            return {
              reason:
                `beyond the ${search} limit (staircases of at most ${limit} coins and steps; this one has ` +
                `${total} coins on ${coins.length} steps)`,
            };
          if (total === 0n) continue;
          units.push({ kind: 'staircase', coins: coins.map(Number) });
          owners.push({ component, kind: 'staircase', index });
        }
        break;
      case 'hackenbush':
        for (const [index, picture] of c.pictures.entries()) {
          const joined = joinedEdges(picture);
          const edges = Int32Array.from(joined.keys()).filter((e) => joined[e] === 1);
          if (edges.length === 0) continue;
          // One option per edge, each found by a search of the picture: bounded as a heap's are.
          if (edges.length > MISERE_MAX_HEAP)
            return {
              reason: `beyond the ${search} limit (pictures of at most ${limit} edges; this one has ${edges.length})`,
            };
          units.push({ kind: 'hackenbush', picture, edges });
          owners.push({ component, kind: 'hackenbush', index });
        }
        break;
      case 'words':
        for (const [index, text] of c.pieces.entries()) {
          if (text.length === 0) continue;
          units.push({ kind: 'word', text, words: c.words });
          owners.push({ component, kind: 'word', index });
        }
        break;
      case 'tokens':
        c.vertices.forEach((vertex, index) => {
          units.push({ kind: 'vertex', graph: c.graph, vertex });
          owners.push({ component, kind: 'token', index });
        });
        break;
      case 'heaps':
      case 'octal-row': {
        const sizes =
          c.kind === 'heaps'
            ? c.heaps.map((size, index) => [size, index] as const)
            : xRuns(c.cells).map(([start, length]) => [BigInt(length), start] as const);
        for (const [size, where] of sizes) {
          if (size > BigInt(MISERE_MAX_HEAP)) return tooLarge(size);
          if (size === 0n) continue;
          units.push({ kind: 'heap', rule: c.rule, size: Number(size) });
          owners.push(
            c.kind === 'heaps' ? { component, kind: 'heap', index: where } : { component, kind: 'run', start: where },
          );
        }
        break;
      }
      default: {
        const unwritten: never = c;
        throw new Error(`internal: no units for ${(unwritten as { kind: string }).kind}`);
      }
    }
  }
  return { units, owners };
}

/**
 * The game moves that option `option` of a unit is, each with a key: moves with the same key
 * leave equal positions (equal heaps of one component, alike edges), and lists keep one of them.
 * An option of a row's run is every placement of the knocked-down cells that leaves its runs.
 */
export function optionMoves(owner: UnitOwner, unit: Unit, option: number): { key: string; move: GameMove }[] {
  const { component } = owner;
  const one = (key: string, move: ComponentMove) => [{ key, move: { component, move } }];
  if (unit.kind === 'wythoff' && owner.kind === 'wythoff') {
    const left = unitOptions(unit)[option];
    const to: [bigint, bigint] =
      left.length > 0 && left[0].kind === 'wythoff' ? [BigInt(left[0].a), BigInt(left[0].b)] : [0n, 0n];
    return one(`w${component}:${unit.a},${unit.b}:${to}`, { kind: 'wythoff', position: owner.index, to });
  }
  if (unit.kind === 'leftmost' && owner.kind === 'leftmost') {
    // Options are the leftmost pile's new sizes 0, 1, …, in order.
    const pile = unit.piles.findIndex((a) => a > 0);
    return one(`l${component}:${unit.piles}:${option}`, {
      kind: 'leftmost',
      row: owner.index,
      pile,
      to: BigInt(option),
    });
  }
  if (unit.kind === 'staircase' && owner.kind === 'staircase') {
    const { step, count } = staircaseOption(unit, option);
    return one(`c${component}:${unit.coins}:${step}:${count}`, {
      kind: 'staircase',
      stair: owner.index,
      step,
      count: BigInt(count),
    });
  }
  if (unit.kind === 'hackenbush' && owner.kind === 'hackenbush') {
    const edge = unit.edges[option];
    // Edges between the same two vertices are alike: one cut of them is listed.
    return one(`k${component}:${owner.index}:${unit.edges}:${edgeEndsKey(unit.picture, edge)}`, {
      kind: 'hackenbush',
      picture: owner.index,
      edge,
    });
  }
  if (unit.kind === 'word' && owner.kind === 'word') {
    const deletion = wordDeletions(unit.text, unit.words)[option];
    return one(`s${component}:${unit.text}:${piecesKey(deletion.leaves)}`, {
      kind: 'word',
      piece: owner.index,
      start: deletion.start,
      length: deletion.length,
      leaves: deletion.leaves,
    });
  }
  if (unit.kind === 'treblecross' && owner.kind === 'row') {
    let cell = -1;
    for (let empty = -1; empty < option; ) if (unit.cells[++cell] === '.') empty++;
    const after = `${unit.cells.slice(0, cell)}X${unit.cells.slice(cell + 1)}`;
    return one(`m${component}:${cell}`, { kind: 'mark', cell, winsAtOnce: after.includes('XXX') });
  }
  if (unit.kind === 'vertex' && owner.kind === 'token') {
    const to = unit.graph.succ[unit.graph.succStart[unit.vertex] + option];
    return one(`t${component}:${unit.vertex}:${to}`, { kind: 'token', token: owner.index, to });
  }
  if (unit.kind !== 'heap' || (owner.kind !== 'heap' && owner.kind !== 'run'))
    throw new Error(`internal: a ${unit.kind} unit owned by a ${owner.kind}`);
  const leaves = unitOptions(unit)[option];
  const n = unit.size;
  const sizes = leaves.map((l) => (l.kind === 'heap' ? l.size : 0));
  const take = n - sizes.reduce((x, s) => x + s, 0);
  if (owner.kind === 'heap')
    return one(`h${component}:${n}:${sizes.join(',')}`, {
      kind: 'heap',
      heap: owner.index,
      take: BigInt(take),
      leaves: sizes.map(BigInt),
    });
  // A run: every placement of the knocked-down cells that leaves these runs.
  const offsets = sizes.length === 0 ? [0] : sizes.length === 1 ? [0, sizes[0]] : [...new Set([sizes[0], sizes[1]])];
  return offsets.map((offset) => ({
    key: `r${component}:${owner.start + offset}:${take}`,
    move: { component, move: { kind: 'knock', start: owner.start + offset, count: take } },
  }));
}

/**
 * The game moves of every option of the units, in unit and option order, each with its unit and
 * option; moves with equal keys (optionMoves: they leave equal positions) once. `count(unit)` is
 * how many options the unit has. gameMoves and gameRemoteness list moves by it, so both lists are
 * in one order.
 */
export function* unitMoves(
  game: { readonly units: readonly Unit[]; readonly owners: readonly UnitOwner[] },
  count: (unit: number) => number,
): Generator<{ unit: number; option: number; move: GameMove }> {
  const seen = new Set<string>();
  for (let unit = 0; unit < game.units.length; unit++)
    for (let option = 0; option < count(unit); option++)
      for (const { key, move } of optionMoves(game.owners[unit], game.units[unit], option)) {
        if (seen.has(key)) continue;
        seen.add(key);
        yield { unit, option, move };
      }
}

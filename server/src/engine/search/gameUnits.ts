// A game as units (one heap, one token, one row's run of X's, one Wythoff position, …), for the
// searches that look at every position of a sum (misère play, remoteness, playing a game out):
// which unit belongs to which component, and which game moves an option of a unit is.
import { chompOptions, cramOptions } from '../boards';
import { xRuns } from '../components';
import { hasCramMove } from '../families/cram';
import { hasKaylesMove, kaylesPositionMoves, kaylesPositionText } from '../families/graphKayles';
import { edgeEndsKey, joinedEdges } from '../families/hackenbush';
import { MAX_PIECE_LENGTH } from '../families/words';
import type { ComponentMove, GameInput, GameMove } from '../gameTypes';
import { emptyCells, marksThree, staircaseOption, type Unit, unitOptions, wordDeletions } from './unitOptions';

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
      readonly kind:
        | 'wythoff'
        | 'leftmost'
        | 'staircase'
        | 'hackenbush'
        | 'word'
        | 'tuple'
        | 'chomp'
        | 'cram'
        | 'graph-kayles';
      readonly index: number;
    };

export type GameUnits =
  | { readonly units: readonly Unit[]; readonly owners: readonly UnitOwner[] }
  | { readonly reason: string };

/**
 * The searches make every option of each unit they meet, and an option of a Treblecross row, a
 * staircase, a picture, a leftmost row or a word piece is a copy of the unit: such a unit is
 * searched only when its options hold at most this many cells, steps, edges, piles or characters
 * together (a row of 1,000 cells, a picture of 1,000 edges; 8 MB at most). Past it the options
 * are never made (the estimate beside a game's value made a 100,000-cell row's 100,000 copies,
 * 10^10 cells, and died). A search also keys each position by its units' text: at the game
 * tree's 20,000 positions, rows of this size hold 20 MB.
 */
export const SEARCH_MAX_OPTIONS_SIZE = 1_000_000;

/**
 * Listing a game's moves takes Treblecross rows up to this many cells (each move is found in
 * constant time, without a copy of the row; the list of 100,000 moves holds 10 MB, 10^6 would hold
 * 100 MB and peak past a worker's heap while the moves are told apart), word pieces up to
 * MAX_PIECE_LENGTH characters (longer ones have no value either; each move carries the pieces it
 * leaves, which recognising a hand edit compares), and staircases, pictures and heaps as the
 * searches do (MISERE_MAX_HEAP).
 */
export const LISTING_MAX_ROW = 100_000;

const limit = MISERE_MAX_HEAP.toLocaleString('en-US');

/**
 * The game's units, or why the searches cannot take it: a heap (or a Wythoff or leftmost pile)
 * past MISERE_MAX_HEAP, a staircase or picture past as many coins or edges, a row of X's past
 * LISTING_MAX_ROW cells, a unit whose options hold more than SEARCH_MAX_OPTIONS_SIZE together, or
 * a Treblecross row in misère play (it has no misère form). With `listing` (gameMoves: its moves
 * are made without copies of the units), Treblecross rows up to LISTING_MAX_ROW cells and word
 * pieces up to MAX_PIECE_LENGTH characters are taken whatever their options hold. Units with no
 * move are left out, except a token (its vertex may be terminal) and a row that is over (it ends
 * the game).
 */
export function gameUnits(input: GameInput, search = 'search', listing = false): GameUnits {
  const units: Unit[] = [];
  const owners: UnitOwner[] = [];
  const tooLarge = (size: bigint) =>
    ({ reason: `beyond the ${search} limit (heaps of at most ${limit}; this one has ${size})` }) as const;
  const number = (n: number) => n.toLocaleString('en-US');
  /**
   * Why a unit whose `options` options are copies of its `size` cells, steps, edges… (`what`) each is
   * refused, if it is. Listing takes any but a row or piece (`listed`: its name and its limit) past its limit.
   */
  const copiesTooLarge = (what: string, options: number, size: number, listed?: [string, number]) => {
    if (listing)
      return listed && size > listed[1]
        ? {
            reason:
              `beyond the ${search} limit (${listed[0]} of at most ${number(listed[1])} ${what}; ` +
              `this one has ${number(size)})`,
          }
        : undefined;
    if (options * size <= SEARCH_MAX_OPTIONS_SIZE) return undefined;
    return {
      reason:
        `beyond the ${search} limit (a unit's options hold at most ${number(SEARCH_MAX_OPTIONS_SIZE)} ${what} ` +
        `together, one copy per option; this one's ${number(options)} options hold ${number(size)} each)`,
    };
  };
  for (let component = 0; component < input.components.length; component++) {
    const c = input.components[component];
    switch (c.kind) {
      case 'treblecross':
        if (input.play === 'misere')
          return { reason: 'Treblecross has no misère form: whoever completes three in a row wins' };
        {
          const empty = c.cells.length - c.cells.replaceAll('.', '').length;
          const refused = copiesTooLarge('cells', empty, c.cells.length, ['rows', LISTING_MAX_ROW]);
          if (refused) return refused;
        }
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
      case 'moves-tuples':
        for (const [index, position] of c.positions.entries()) {
          // Bounded as a heap is: a position's options are at most a few per unit of its sum, as a heap's.
          const sum = position.reduce((x, y) => x + y, 0n);
          if (sum > BigInt(MISERE_MAX_HEAP)) return tooLarge(sum);
          if (sum === 0n) continue;
          units.push({ kind: 'tuple', rule: c.rule.moves, position: position.map(Number) });
          owners.push({ component, kind: 'tuple', index });
        }
        break;
      case 'leftmost':
        for (const [index, row] of c.rows.entries()) {
          const large = row.reduce((x, y) => (y > x ? y : x), 0n);
          if (large > BigInt(MISERE_MAX_HEAP)) return tooLarge(large);
          if (large === 0n) continue;
          const first = row.find((a) => a > 0n) ?? 0n;
          const copies = copiesTooLarge('piles', Number(first), row.length);
          if (copies) return copies;
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
          const copies = copiesTooLarge('steps', Number(total), coins.length);
          if (copies) return copies;
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
          const copies = copiesTooLarge('edges', edges.length, edges.length);
          if (copies) return copies;
          units.push({ kind: 'hackenbush', picture, edges });
          owners.push({ component, kind: 'hackenbush', index });
        }
        break;
      case 'words':
        for (const [index, text] of c.pieces.entries()) {
          if (text.length === 0) continue;
          // Each option carries the two pieces it leaves (about one per character: the deletions are
          // not counted here, which would take the piece's occurrences).
          const copies = copiesTooLarge('characters', text.length, text.length, ['pieces', MAX_PIECE_LENGTH]);
          if (copies) return copies;
          units.push({ kind: 'word', text, words: c.words });
          owners.push({ component, kind: 'word', index });
        }
        break;
      case 'chomp':
        for (const [index, rows] of c.boards.entries()) {
          // A board has one option per square but the poisoned one, each a copy of its rows: its squares and
          // its rows are bounded as a heap is.
          const squares = rows.reduce((x, y) => x + y, 0n);
          if (squares > BigInt(MISERE_MAX_HEAP))
            return {
              reason: `beyond the ${search} limit (Chomp boards of at most ${limit} squares; this one has ${squares})`,
            };
          if (squares <= 1n) continue;
          const copies = copiesTooLarge('rows', Number(squares) - 1, rows.length);
          if (copies) return copies;
          units.push({ kind: 'chomp', rows: rows.map(Number) });
          owners.push({ component, kind: 'chomp', index });
        }
        break;
      case 'graph-kayles':
        for (const [index, position] of c.positions.entries()) {
          // One option per vertex or edge, each a copy of what is left: bounded as a heap is.
          const size = position.vertices.length + position.edges.length;
          if (size > MISERE_MAX_HEAP)
            return {
              reason:
                `beyond the ${search} limit (graphs of at most ${limit} vertices and edges; ` +
                `this one has ${number(size)})`,
            };
          if (!hasKaylesMove(c.game, position)) continue;
          const copies = copiesTooLarge('vertices and edges', size, size);
          if (copies) return copies;
          units.push({ kind: 'graph-kayles', game: c.game, position });
          owners.push({ component, kind: 'graph-kayles', index });
        }
        break;
      case 'cram':
        for (const [index, board] of c.boards.entries()) {
          // A board has up to two options per cell, each a copy of its cells: bounded as a heap is.
          const cells = board.empty.length;
          if (cells > MISERE_MAX_HEAP)
            return {
              reason: `beyond the ${search} limit (Cram boards of at most ${limit} cells; this one has ${cells})`,
            };
          if (!hasCramMove(board)) continue;
          const copies = copiesTooLarge('cells', 2 * cells, cells);
          if (copies) return copies;
          units.push({ kind: 'cram', board });
          owners.push({ component, kind: 'cram', index });
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
        // A row's runs are heaps; a row has up to half its length of them, each a unit.
        if (c.kind === 'octal-row' && c.cells.length > LISTING_MAX_ROW)
          return {
            reason:
              `beyond the ${search} limit (rows of at most ${number(LISTING_MAX_ROW)} cells; ` +
              `this one has ${number(c.cells.length)})`,
          };
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

/** A game move of an option, with its key: moves with equal keys leave equal positions. */
export interface KeyedMove {
  readonly key: string;
  readonly move: GameMove;
}

/**
 * Short names for units' contents (a staircase's coins, a piece's text) within one listing: equal
 * contents, equal names. A move's key holds its unit's name, not its content, so that keying a
 * unit's n moves takes one pass over it and not n.
 */
export class UnitNames {
  private readonly names = new Map<string, number>();

  of(content: string): number {
    let name = this.names.get(content);
    if (name === undefined) {
      name = this.names.size;
      this.names.set(content, name);
    }
    return name;
  }
}

/**
 * The game moves of a unit's options, each with a key: moves with the same key leave equal
 * positions (equal units of one component, alike edges), and lists keep one of them. What every
 * option needs (a row's empty cells, a staircase's coins before each step, a piece's deletions) is
 * worked out once, here, so that the moves of all n options take time of the order of the unit,
 * not n times it. An option of a row's run is every placement of the knocked-down cells that
 * leaves its runs.
 */
export function optionMover(
  owner: UnitOwner,
  unit: Unit,
  names: UnitNames = new UnitNames(),
): (option: number) => KeyedMove[] {
  const { component } = owner;
  const one = (key: string, move: ComponentMove) => [{ key, move: { component, move } }];
  if (unit.kind === 'wythoff' && owner.kind === 'wythoff') {
    const options = unitOptions(unit);
    return (option) => {
      const left = options[option];
      const to: [bigint, bigint] =
        left.length > 0 && left[0].kind === 'wythoff' ? [BigInt(left[0].a), BigInt(left[0].b)] : [0n, 0n];
      return one(`w${component}:${unit.a},${unit.b}:${to}`, { kind: 'wythoff', position: owner.index, to });
    };
  }
  if (unit.kind === 'leftmost' && owner.kind === 'leftmost') {
    // Options are the leftmost pile's new sizes 0, 1, …, in order.
    const pile = unit.piles.findIndex((a) => a > 0);
    const name = names.of(unit.piles.join(','));
    return (option) =>
      one(`l${component}:${name}:${option}`, { kind: 'leftmost', row: owner.index, pile, to: BigInt(option) });
  }
  if (unit.kind === 'staircase' && owner.kind === 'staircase') {
    const name = names.of(unit.coins.join(','));
    // before[step]: the options of the steps below it (unitOptions numbers them step by step).
    const before = new Float64Array(unit.coins.length + 1);
    unit.coins.forEach((coins, step) => {
      before[step + 1] = before[step] + coins;
    });
    return (option) => {
      let low = 0; // the last step whose options start at or before `option`
      let high = unit.coins.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (before[middle] <= option) low = middle;
        else high = middle - 1;
      }
      const { step, count } = staircaseOption(unit, option, low, before[low]);
      return one(`c${component}:${name}:${step}:${count}`, {
        kind: 'staircase',
        stair: owner.index,
        step,
        count: BigInt(count),
      });
    };
  }
  if (unit.kind === 'hackenbush' && owner.kind === 'hackenbush') {
    // Edges between the same two vertices are alike: one cut of them is listed. (The picture's
    // index tells the units apart: its standing edges are the picture's.)
    return (option) => {
      const edge = unit.edges[option];
      return one(`k${component}:${owner.index}:${edgeEndsKey(unit.picture, edge)}`, {
        kind: 'hackenbush',
        picture: owner.index,
        edge,
      });
    };
  }
  if (unit.kind === 'tuple' && owner.kind === 'tuple') {
    const options = unitOptions(unit);
    const name = names.of(unit.position.join(','));
    return (option) => {
      const leaves = options[option].map((part) => (part.kind === 'tuple' ? part.position.map(BigInt) : []));
      return one(`p${component}:${name}:${leaves.map((p) => p.join(',')).join(' ')}`, {
        kind: 'moves-tuple',
        position: owner.index,
        leaves,
      });
    };
  }
  if (unit.kind === 'graph-kayles' && owner.kind === 'graph-kayles') {
    const options = kaylesPositionMoves(unit.game, unit.position);
    const name = names.of(`${unit.game}:${kaylesPositionText(unit.position)}`);
    return (option) => {
      const { taken, removed } = options[option];
      // Moves that remove the same vertices leave the same graph: one key.
      return one(`n${component}:${name}:${removed.join(',')}`, {
        kind: 'graph-kayles',
        graph: owner.index,
        taken,
        removed,
      });
    };
  }
  if (unit.kind === 'cram' && owner.kind === 'cram') {
    const options = cramOptions(unit.board);
    const name = names.of(`${unit.board.width}:${unit.board.empty.join('')}`);
    return (option) => {
      const [a, b] = options[option].cells;
      return one(`q${component}:${name}:${a},${b}`, { kind: 'cram', board: owner.index, cells: [a, b] });
    };
  }
  if (unit.kind === 'chomp' && owner.kind === 'chomp') {
    const options = chompOptions(unit.rows);
    const name = names.of(unit.rows.join(','));
    return (option) => {
      const { row, column } = options[option];
      return one(`o${component}:${name}:${row},${column}`, { kind: 'chomp', board: owner.index, row, column });
    };
  }
  if (unit.kind === 'word' && owner.kind === 'word') {
    const deletions = wordDeletions(unit.text, unit.words);
    const equalAfter = equalWordDeletions(unit.text);
    const name = names.of(unit.text);
    return (option) => {
      const { start, length, leaves } = deletions[option];
      return one(`s${component}:${name}:${equalAfter(start, length)}:${length}`, {
        kind: 'word',
        piece: owner.index,
        start,
        length,
        leaves,
      });
    };
  }
  if (unit.kind === 'treblecross' && owner.kind === 'row') {
    const empties = emptyCells(unit.cells);
    return (option) => {
      const cell = empties[option];
      return one(`m${component}:${cell}`, { kind: 'mark', cell, winsAtOnce: marksThree(unit.cells, cell) });
    };
  }
  if (unit.kind === 'vertex' && owner.kind === 'token') {
    return (option) => {
      const to = unit.graph.succ[unit.graph.succStart[unit.vertex] + option];
      return one(`t${component}:${unit.vertex}:${to}`, { kind: 'token', token: owner.index, to });
    };
  }
  if (unit.kind !== 'heap' || (owner.kind !== 'heap' && owner.kind !== 'run'))
    throw new Error(`internal: a ${unit.kind} unit owned by a ${owner.kind}`);
  const options = unitOptions(unit);
  return (option) => {
    const n = unit.size;
    const sizes = options[option].map((l) => (l.kind === 'heap' ? l.size : 0));
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
  };
}

/** The game moves that option `option` of a unit is, each with a key (optionMover, for one option). */
export function optionMoves(owner: UnitOwner, unit: Unit, option: number): KeyedMove[] {
  return optionMover(owner, unit)(option);
}

/**
 * For a piece of text, a number per deletion (start, length) that is equal for two deletions of
 * one length exactly when they leave the same two pieces. Deleting at s leaves A[0, s) and
 * A[s + l, n); deleting at s' ≠ s leaves the same two (swapped: their lengths must be the other's)
 * exactly when s' = n - s - l, A[0, s) = A[n - s, n) and A[s + l, n) = A[0, n - s - l): when s and
 * n - s - l are both borders of A (a prefix that is also a suffix). The borders come from the
 * prefix function, in one pass; each deletion is then named by the smaller of its two starts.
 */
function equalWordDeletions(text: string): (start: number, length: number) => number {
  const points = Array.from(text, (c) => c.codePointAt(0)!);
  const n = points.length;
  const prefix = new Int32Array(n); // prefix[i]: the longest proper border of points[0 .. i]
  for (let i = 1; i < n; i++) {
    let k = prefix[i - 1];
    while (k > 0 && points[i] !== points[k]) k = prefix[k - 1];
    prefix[i] = points[i] === points[k] ? k + 1 : k;
  }
  const border = new Uint8Array(n + 1);
  border[0] = 1;
  for (let k = n > 0 ? prefix[n - 1] : 0; k > 0; k = prefix[k - 1]) border[k] = 1;
  return (start, length) => {
    const other = n - start - length;
    return border[start] && border[other] && other < start ? other : start;
  };
}

/**
 * The game moves of every option of the units, in unit and option order, each with its unit and
 * option; moves with equal keys (optionMover: they leave equal positions) once. `count(unit)` is
 * how many options the unit has. gameMoves and gameRemoteness list moves by it, so both lists are
 * in one order.
 */
export function* unitMoves(
  game: { readonly units: readonly Unit[]; readonly owners: readonly UnitOwner[] },
  count: (unit: number) => number,
): Generator<{ unit: number; option: number; move: GameMove }> {
  const seen = new Set<string>();
  const names = new UnitNames();
  for (let unit = 0; unit < game.units.length; unit++) {
    const options = count(unit); // once: counting may take a pass over the unit
    if (options === 0) continue;
    const moves = optionMover(game.owners[unit], game.units[unit], names);
    for (let option = 0; option < options; option++)
      for (const { key, move } of moves(option)) {
        if (seen.has(key)) continue;
        seen.add(key);
        yield { unit, option, move };
      }
  }
}

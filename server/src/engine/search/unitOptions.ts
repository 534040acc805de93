// The moves of one unit (one heap, one token, one row), written plainly from the rules'
// definitions. Used where every option must be looked at: the misère search, and oracles.
import { type CramBoard, chompOptions, cramOptions, type KaylesKind } from '../boards';
import { hasCramMove } from '../families/cram';
import { hasKaylesMove, kaylesPositionAfter, kaylesPositionMoves } from '../families/graphKayles';
import { type HackenbushPicture, hackenbushKeptAfterCut, subPicture } from '../families/hackenbush';
import { wordPiece } from '../families/words';
import type { KaylesPosition } from '../gameTypes';
import { heapMoveParts } from '../heaps/heapMoves';
import { cachedOptions, listingLimit } from '../heaps/moves';
import type { MovesRule } from '../heaps/movesData';
import type { GraphData, HeapRule } from '../types';

export type Unit =
  | { readonly kind: 'heap'; readonly rule: HeapRule; readonly size: number }
  | { readonly kind: 'vertex'; readonly graph: GraphData; readonly vertex: number }
  /** A Wythoff position (two heaps). */
  | { readonly kind: 'wythoff'; readonly a: number; readonly b: number }
  /** A leftmost-pile row. */
  | { readonly kind: 'leftmost'; readonly piles: readonly number[] }
  /** A staircase: coins per step, step 1 first. */
  | { readonly kind: 'staircase'; readonly coins: readonly number[] }
  /** A Hackenbush picture: the edges still standing (indices into the picture as written). */
  | { readonly kind: 'hackenbush'; readonly picture: HackenbushPicture; readonly edges: Int32Array }
  /** A position of a tuple rule of one's own (one rule object per component). */
  | { readonly kind: 'tuple'; readonly rule: MovesRule; readonly position: readonly number[] }
  /** What is left of a graph of Node or Arc Kayles. */
  | { readonly kind: 'graph-kayles'; readonly game: KaylesKind; readonly position: KaylesPosition }
  /** A Cram board (its empty cells 1, row-major). */
  | { readonly kind: 'cram'; readonly board: CramBoard }
  /** A Chomp board: its rows' lengths from the bottom up. */
  | { readonly kind: 'chomp'; readonly rows: readonly number[] }
  /** A word game's piece, with its dictionary (one array per component). */
  | { readonly kind: 'word'; readonly text: string; readonly words: readonly string[] }
  /**
   * A Treblecross row (normal play only): a move marks an empty cell. A row holding three in a row is over, and so
   * is the whole game: whoever made it has won (`treblecrossOver`).
   */
  | { readonly kind: 'treblecross'; readonly cells: string };

const DOT = 46;
const X = 88;

/** A row holding three X's in a row: the game is over, the player to move has lost. */
export function treblecrossOver(unit: Unit): boolean {
  return unit.kind === 'treblecross' && unit.cells.includes('XXX');
}

/**
 * Every deletion of a word from a piece (code points, not UTF-16 units), in a fixed order: by start, then length.
 * The pieces left are slices of the text (wordMoveLeaves' pieces), which V8 keeps as views of it rather than copies.
 */
export function wordDeletions(
  text: string,
  words: readonly string[],
): { start: number; length: number; leaves: [string, string] }[] {
  const piece = wordPiece(text, words);
  // Where each code point starts in the text (and where it ends, last).
  const offsets = new Int32Array(piece.points.length + 1);
  for (let i = 0; i < piece.points.length; i++) offsets[i + 1] = offsets[i] + (piece.points[i] > 0xffff ? 2 : 1);
  return piece.occurrences.flatMap((lengths, start) =>
    lengths.map((length) => ({
      start,
      length,
      leaves: [text.slice(0, offsets[start]), text.slice(offsets[start + length])] as [string, string],
    })),
  );
}

/** A unit with no moves left at all is no game: options leave such units out. */
function isEmpty(unit: Unit): boolean {
  switch (unit.kind) {
    case 'heap':
      return unit.size === 0;
    case 'vertex':
      return false; // a terminal vertex still carries its token (and graphs are left as they are)
    case 'wythoff':
      return unit.a === 0 && unit.b === 0;
    case 'leftmost':
      return unit.piles.every((a) => a === 0);
    case 'staircase':
      return unit.coins.every((c) => c === 0);
    case 'hackenbush':
      return unit.edges.length === 0;
    case 'word':
      return unit.text.length === 0;
    case 'tuple':
      return unit.position.every((x) => x === 0); // no move: every part must have a smaller, so negative, sum
    case 'treblecross':
      return !unit.cells.includes('.') && !unit.cells.includes('XXX');
    case 'cram':
      return !hasCramMove(unit.board);
    case 'graph-kayles':
      return !hasKaylesMove(unit.game, unit.position);
    case 'chomp':
      return unit.rows.length === 0 || (unit.rows.length === 1 && unit.rows[0] <= 1); // the poisoned square alone
  }
}

/** A row's empty cells (Treblecross), in order: its option i marks empties[i]. */
export function emptyCells(cells: string): Int32Array {
  let count = 0;
  for (let i = 0; i < cells.length; i++) if (cells.charCodeAt(i) === DOT) count++;
  const empties = new Int32Array(count);
  for (let i = 0, k = 0; i < cells.length; i++) if (cells.charCodeAt(i) === DOT) empties[k++] = i;
  return empties;
}

/**
 * Whether marking cell `cell` of a row (otherwise without three in a row) makes three in a row: a
 * look at its neighbours.
 */
export function marksThree(cells: string, cell: number): boolean {
  const marked = (i: number) => i >= 0 && i < cells.length && (i === cell || cells.charCodeAt(i) === X);
  return (
    (marked(cell - 2) && marked(cell - 1)) ||
    (marked(cell - 1) && marked(cell + 1)) ||
    (marked(cell + 1) && marked(cell + 2))
  );
}

/**
 * How many options a unit has (unitOptions(unit).length), without making them: a row's are its
 * empty cells, so counting them takes one pass over it where making them takes one per option.
 */
export function unitOptionCount(unit: Unit): number {
  switch (unit.kind) {
    case 'treblecross': {
      if (unit.cells.includes('XXX')) return 0;
      let count = 0;
      for (let i = 0; i < unit.cells.length; i++) if (unit.cells.charCodeAt(i) === DOT) count++;
      return count;
    }
    case 'staircase':
      return unit.coins.reduce((x, c) => x + c, 0);
    case 'hackenbush':
      return unit.edges.length;
    case 'vertex':
      return unit.graph.succStart[unit.vertex + 1] - unit.graph.succStart[unit.vertex];
    default:
      return unitOptions(unit).length;
  }
}

/**
 * Each option is the list of units the moved unit becomes: none (a heap taken away whole),
 * one, or two (a heap split by an octal move).
 */
export function unitOptions(unit: Unit): Unit[][] {
  if (unit.kind === 'wythoff') {
    const { a, b } = unit;
    const options: Unit[][] = [];
    for (let x = 0; x < a; x++) options.push([{ kind: 'wythoff', a: x, b }]);
    for (let y = 0; y < b; y++) options.push([{ kind: 'wythoff', a, b: y }]);
    for (let t = 1; t <= Math.min(a, b); t++) options.push([{ kind: 'wythoff', a: a - t, b: b - t }]);
    return options.map((option) => option.filter((u) => !isEmpty(u)));
  }
  if (unit.kind === 'leftmost') {
    const first = unit.piles.findIndex((a) => a > 0);
    if (first < 0) return [];
    const options: Unit[][] = [];
    for (let to = 0; to < unit.piles[first]; to++)
      options.push([{ kind: 'leftmost', piles: unit.piles.map((a, i) => (i === first ? to : a)) }]);
    return options.map((option) => option.filter((u) => !isEmpty(u)));
  }
  if (unit.kind === 'staircase') {
    // Every step's every count, step by step: `staircaseOption` numbers them in this order.
    const options: Unit[][] = [];
    unit.coins.forEach((c, step) => {
      for (let count = 1; count <= c; count++) options.push([staircaseUnitAfter(unit, step, count)]);
    });
    return options.map((option) => option.filter((u) => !isEmpty(u)));
  }
  if (unit.kind === 'hackenbush') {
    // Option i cuts the i-th standing edge; what no longer stands falls with it.
    const standing = subPicture(unit.picture, unit.edges);
    return Array.from(unit.edges, (_, i) => {
      const kept = hackenbushKeptAfterCut(standing, i).map((j) => unit.edges[j]);
      return [{ kind: 'hackenbush', picture: unit.picture, edges: kept } satisfies Unit].filter((u) => !isEmpty(u));
    });
  }
  if (unit.kind === 'word') {
    const piece = (text: string): Unit => ({ kind: 'word', text, words: unit.words });
    return wordDeletions(unit.text, unit.words).map(({ leaves }) => leaves.map(piece).filter((u) => !isEmpty(u)));
  }
  if (unit.kind === 'treblecross') {
    // Option i marks the i-th empty cell; a row already over has no moves. Whether an option is
    // over or has no empty cell left is read off the marked cell's neighbours and the count of
    // empty cells, not off the option's cells: looking at every option's cells takes a pass over
    // the row per option.
    if (unit.cells.includes('XXX')) return [];
    const empties = emptyCells(unit.cells);
    const options: Unit[][] = [];
    for (const cell of empties) {
      const cells = `${unit.cells.slice(0, cell)}X${unit.cells.slice(cell + 1)}`;
      const finished = empties.length === 1 && !marksThree(unit.cells, cell); // no empty cell left, not over
      options.push(finished ? [] : [{ kind: 'treblecross', cells }]);
    }
    return options;
  }
  if (unit.kind === 'tuple') {
    const options: Unit[][] = [];
    const { rule } = unit;
    const poll = listingLimit(`(${unit.position.join(', ')})`);
    cachedOptions(rule)(
      unit.position,
      (parts, count) => {
        const option: Unit[] = [];
        for (let i = 0; i < count; i++) {
          const part: Unit = {
            kind: 'tuple',
            rule,
            position: Array.from(parts.subarray(i * rule.arity, (i + 1) * rule.arity)),
          };
          if (!isEmpty(part)) option.push(part);
        }
        options.push(option);
      },
      poll,
    );
    return options;
  }
  if (unit.kind === 'graph-kayles') {
    // kaylesPositionMoves' order: optionMover reads it too.
    return kaylesPositionMoves(unit.game, unit.position).map(({ removed }) =>
      [
        { kind: 'graph-kayles', game: unit.game, position: kaylesPositionAfter(unit.position, removed) } satisfies Unit,
      ].filter((u) => !isEmpty(u)),
    );
  }
  if (unit.kind === 'cram') {
    // cramOptions' order (by the first cell, its right neighbour before the one below): optionMover reads it too.
    return cramOptions(unit.board).map((option) =>
      [{ kind: 'cram', board: option.after } satisfies Unit].filter((u) => !isEmpty(u)),
    );
  }
  if (unit.kind === 'chomp') {
    // chompOptions' order (rows from the bottom up, squares left to right): optionMover reads it too.
    return chompOptions(unit.rows).map((option) =>
      [{ kind: 'chomp', rows: option.after } satisfies Unit].filter((u) => !isEmpty(u)),
    );
  }
  if (unit.kind === 'vertex') {
    const { succStart, succ } = unit.graph;
    const options: Unit[][] = [];
    for (let slot = succStart[unit.vertex]; slot < succStart[unit.vertex + 1]; slot++) {
      options.push([{ kind: 'vertex', graph: unit.graph, vertex: succ[slot] }]);
    }
    return options;
  }
  // Heaps of size 0 are no game at all: left out (heapMoveParts), so equal positions look equal.
  const { rule } = unit;
  return heapMoveParts(rule, unit.size).map((parts) => parts.map((size): Unit => ({ kind: 'heap', rule, size })));
}

type StaircaseUnit = Extract<Unit, { kind: 'staircase' }>;

/** The staircase after `count` coins go from `step` to the one below (off the staircase from step 0). */
function staircaseUnitAfter(unit: StaircaseUnit, step: number, count: number): StaircaseUnit {
  const coins = unit.coins.slice();
  coins[step] -= count;
  if (step > 0) coins[step - 1] += count;
  return { kind: 'staircase', coins };
}

/**
 * The move behind option number `option` of a staircase (unitOptions' order), looked for from step
 * `from` on, whose options start at number `before`.
 */
export function staircaseOption(
  unit: StaircaseUnit,
  option: number,
  from = 0,
  before = 0,
): { step: number; count: number } {
  let left = option - before;
  for (let step = from; step < unit.coins.length; step++) {
    if (left < unit.coins[step]) return { step, count: left + 1 };
    left -= unit.coins[step];
  }
  throw new RangeError(`a staircase has no option ${option}`);
}

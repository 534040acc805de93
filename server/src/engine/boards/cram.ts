// Cram: the value of a board, what every move leaves, and the moves that reach a given value. Over 600 lines, it
// reads best whole: the steps below share one region walk and one table of finished searches.
//
// Cram (popularised by Gardner in Scientific American; Winning Ways): rows of empty and filled cells;
// a move fills two empty cells side by side or one above the other; who cannot move loses. The
// method is the one the records used (Schneider, "Das Spiel Juvavum", master's thesis, 2009: to the
// 3×9, 4×5 and 5×7 boards; Lemoine and Viennot, "Nimbers are inevitable", arXiv:1011.5841, 2010:
// to 3×20, 4×9, 5×9, 6×7 and 7×7; Beling and Rogalski, "On pruning search trees of impartial
// games", Artificial Intelligence 283, 2020, beyond):
//  1. The empty cells fall into regions (4-neighbour connected); no move touches two, so the board
//     is the disjunctive sum of its regions and its value the XOR of theirs (Sprague–Grundy).
//  2. Each region by its canonical form under the symmetries of the square (cramShape.ts), its
//     extra leaves dropped (Beling and Rogalski); two regions of one form cancel (G + G = 0); paths
//     and cycles are Dawson's Kayles (octal 0.07); the mirror strategy gives 0 to a region, or a
//     whole board, symmetric under the half-turn with no cell its own image or next to it
//     (even×even rectangles among them), said as a theorem.
//  3. The rest by search (cramSearch.ts: the truncated mex, outcome questions on the largest part
//     of each option, the exact values of the others) with a transposition table under a memory
//     ceiling (cramMemo.ts).
// One game, one answer (issue 55): each region's search runs alone, a form at a time, with a table
// made fresh for it and its own limit of positions expanded (LIMITS.cramPositions), so what it gives
// is a function of the region's form alone; only finished searches are shared between boards and
// games (searchResults.ts, by canonical form), with the positions each took. A board's regions are
// searched the smallest first until their positions together (each at its own search's count, found
// or searched) reach LIMITS.cramBoardPositions; the rest are then not searched. Listing winning moves
// is the same: each region's listing with its own fresh table and limit. So a board's value, parts,
// words and moves are the same alone or after any other boards, on any machine.
// Limits: a region is searched when it has at most MAX_SEARCH_CELLS cells and fits MAX_WIDTH
// columns one way or the other; a larger one (a 20×20 board) is refused at once with the reason,
// unless a theorem or an identity gives its value. Everything else stops at its limit of positions
// (or the user's cancel), with the value unknown and the reason. The board is read once,
// iteratively: 10^5 cells are fine.

import { describeStop } from '../budget';
import { LIMITS } from '../limits';
import type { Budget, StopCause } from '../types';
import { CramMemo } from './cramMemo';
import { CramSearch, SearchStopped } from './cramSearch';
import { dawsonKayles, Known, MAX_SEARCH_CELLS, MAX_WIDTH, type Shape, ShapeMaker, type ShapeRules } from './cramShape';
import { type FinishedSearch, SearchResults } from './searchResults';

export { CramMemo, DEFAULT_CRAM_MEMO_BYTES } from './cramMemo';
export { dawsonKayles, MAX_SEARCH_CELLS, MAX_WIDTH } from './cramShape';
export { SearchResults } from './searchResults';

/** A board, row-major: empty[row * width + col] is 1 for an empty cell, 0 for a filled one. */
export interface CramBoard {
  readonly width: number;
  readonly height: number;
  readonly empty: Uint8Array;
}

/** A region of empty cells (indices row * width + col, ascending), its value if known, and why. */
export interface CramPart {
  readonly cells: readonly number[];
  readonly value: number | null;
  readonly why?: string;
}

export interface CramAnalysis {
  /** The board's value (nimber), or null when it is not known. */
  readonly value: number | null;
  /** The regions, in the order of their first cell. */
  readonly parts: readonly CramPart[];
  /** Why the value is not known. */
  readonly reason?: string;
  readonly stop?: StopCause;
  /** The theorem that gives the value, when one does for the whole board. */
  readonly theorem?: string;
  /**
   * Positions the board's region searches took, each at its own search's count (the same whether
   * it was searched in this call or found finished in the shared results).
   */
  readonly positions: number;
}

/** How far a board's searches may go (LIMITS by default; tests give smaller ones). */
export interface CramLimits {
  /** Positions one region's search may expand. */
  readonly positions: number;
  /** Positions a board's region searches may take together before no new one starts. */
  readonly boardPositions: number;
}

export const CRAM_LIMITS: CramLimits = { positions: LIMITS.cramPositions, boardPositions: LIMITS.cramBoardPositions };

/** Shortcuts a computation may take; all on by default (tests turn them off to check them). */
export interface CramRules {
  /** The mirror strategy's 0 (regions and boards symmetric under the half-turn). */
  readonly mirror?: boolean;
  /** Paths and cycles by Dawson's Kayles. */
  readonly paths?: boolean;
  /** Extra leaves dropped: next to a cell, all its one-neighbour cells but one (Beling and Rogalski). */
  readonly leaves?: boolean;
}

const MIRROR_BOARD =
  'the empty cells are symmetric under the half-turn about their centre, no cell its own image or next to it: ' +
  'the second player answers each domino with its image and makes the last move (the mirror strategy), so 0';

/**
 * The board's value, its regions' values, and why. `results`: finished region searches to read and
 * add to (share one between boards and games; a fresh one by default).
 */
export function cramValue(
  board: CramBoard,
  budget: Budget,
  results: SearchResults = new SearchResults(),
  rules: CramRules = {},
  limits: CramLimits = CRAM_LIMITS,
): CramAnalysis {
  const problem = malformed(board);
  if (problem) return { value: null, parts: [], reason: problem, stop: 'size-limit', positions: 0 };
  const searches = new RegionSearches(budget, results, shapeRules(rules), limits);
  const theorem = rules.mirror !== false && mirrorsItself(board, allEmpty(board)) ? MIRROR_BOARD : undefined;
  const solved = solve(board, searches, theorem ? 'none' : 'needed');
  const parts = solved.regions.map((region) => region.part(theorem !== undefined));
  const positions = searches.positions;
  if (theorem) return { value: 0, parts, theorem, positions };
  if (solved.value !== null) return { value: solved.value, parts, positions };
  return { value: null, parts, reason: solved.reason, stop: solved.stop, positions };
}

/** A move, as its two cells (the smaller index first), and the board it leaves (made when first read). */
export interface CramMove {
  readonly cells: readonly [number, number];
  readonly after: CramBoard;
}

/** Every move of the board, ordered by their cells. */
export function cramOptions(board: CramBoard): CramMove[] {
  if (malformed(board)) return [];
  const { width, empty } = board;
  const moves: CramMove[] = [];
  for (let i = 0; i < empty.length; i++) {
    if (!empty[i]) continue;
    if ((i % width) + 1 < width && empty[i + 1]) moves.push(new LazyMove(board, i, i + 1));
    if (i + width < empty.length && empty[i + width]) moves.push(new LazyMove(board, i, i + width));
  }
  return moves;
}

/** A move whose board is made only when read: every move of a 10^5-cell board would not fit in memory. */
class LazyMove implements CramMove {
  readonly cells: readonly [number, number];
  private board: CramBoard | undefined;

  constructor(
    private readonly before: CramBoard,
    a: number,
    b: number,
  ) {
    this.cells = [a, b];
  }

  get after(): CramBoard {
    if (!this.board) {
      const empty = this.before.empty.slice();
      empty[this.cells[0]] = 0;
      empty[this.cells[1]] = 0;
      this.board = { width: this.before.width, height: this.before.height, empty };
    }
    return this.board;
  }
}

/**
 * The moves after which the board's value is `target`. In a sum, the winning moves of a component
 * of value g are those to g XOR (the sum's value): ask for that target. `complete` is false when the
 * budget, or a region beyond the search, left some moves unchecked; `moves` are then those found.
 */
export function cramWinningMoves(
  board: CramBoard,
  target: number,
  budget: Budget,
  results: SearchResults = new SearchResults(),
  rules: CramRules = {},
  limits: CramLimits = CRAM_LIMITS,
): { readonly moves: readonly (readonly [number, number])[]; readonly complete: boolean; readonly reason?: string } {
  const problem = malformed(board);
  if (problem) return { moves: [], complete: false, reason: problem };
  const searches = new RegionSearches(budget, results, shapeRules(rules), limits);
  const theorem = rules.mirror !== false && mirrorsItself(board, allEmpty(board));
  // Every move changes the value: from a board of value `target`, no move keeps it.
  if (theorem && target === 0) return { moves: [], complete: true };
  const solved = solve(board, searches, 'all');
  const total = theorem ? 0 : solved.value;
  if (total === null) return { moves: [], complete: false, reason: solved.reason };
  if (target === total) return { moves: [], complete: true };
  const moves: [number, number][] = [];
  let reason: string | undefined;
  // Each region's moves by a search of its own (a fresh table, its own limit); the board's listings
  // together stop starting new ones at the board's limit, each counted at its own positions.
  let spent = 0;
  for (const region of solved.regions) {
    const g = region.value;
    if (g < 0) {
      reason ??= solved.reason ?? region.why;
      continue;
    }
    if (region.kind === 'cell' || !region.shape) {
      // A cell has no move; a path or cycle beyond the search by its formula; anything else is refused.
      if (!region.winningMoves(board, undefined, g ^ total ^ target, moves))
        reason ??=
          `the moves in the region at cell ${region.cells[0]} cannot be checked: ` +
          `${region.cells.length} cells are beyond the search`;
      continue;
    }
    if (spent >= limits.boardPositions) {
      reason = `the moves in the region at cell ${region.cells[0]} were not checked: ${pastBoardLimit(spent, limits)}`;
      break;
    }
    const search = searches.own();
    let valued = -1;
    try {
      // First the region's value search again, in the listing's own table: the same search, so the same
      // positions, within the limit (its value was found); then the limit again for the moves, most of
      // which the table then answers.
      search.value(region.shape);
      valued = search.positions;
      search.allow(limits.positions);
      region.winningMoves(board, search, g ^ total ^ target, moves);
      spent += search.positions;
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      const why =
        error.cause === 'work-limit' && valued >= 0
          ? `the search of its moves stopped at its limit of ${count(limits.positions)} positions ` +
            `past the ${count(valued)} of its value's`
          : stopped(search, error.cause);
      reason = `the moves in the region at cell ${region.cells[0]} were not all checked: ${why}`;
      break;
    }
  }
  moves.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return reason === undefined ? { moves, complete: true } : { moves, complete: false, reason };
}

/** Why a search stopped, the same words for the same search: its limit, or the user's cancel (or a time cap). */
function stopped(search: CramSearch, cause: StopCause): string {
  if (cause === 'work-limit') return `the search stopped at its limit of ${count(search.limit)} positions`;
  return `the search stopped after ${count(search.positions)} positions: ${describeStop(cause)}`;
}

function pastBoardLimit(spent: number, limits: CramLimits): string {
  return (
    `the board's region searches had taken ${count(spent)} positions, ` +
    `past the board's limit of ${count(limits.boardPositions)}`
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A board's region searches: each searchable form valued by a search of its own (a fresh table,
 * its own limit), or read from the finished searches shared between boards; the positions they
 * took counted, each at its own search's count.
 */
class RegionSearches {
  readonly maker: ShapeMaker;
  /** Positions the board's region values took, each at its search's count (found or searched). */
  positions = 0;
  private readonly prefix: string;

  constructor(
    private readonly budget: Budget,
    private readonly results: SearchResults,
    readonly rules: ShapeRules,
    readonly limits: CramLimits,
  ) {
    this.maker = new ShapeMaker(rules);
    // The shortcuts change what a search does (its count), so they are part of what was searched.
    this.prefix = `cram${Number(rules.paths)}${Number(rules.mirror)}${Number(rules.leaves)}:`;
  }

  /** A search of its own: a fresh table, the region limit. */
  own(): CramSearch {
    return new CramSearch(new CramMemo(), this.budget, this.rules, this.limits.positions);
  }

  /**
   * A form's value by its own search (or the same search finished before), and the positions it
   * took; the value null when it stopped at its limit, or `cancelled` with the cause when the user
   * (or a time cap) stopped it.
   */
  value(shape: Shape): FinishedSearch & { readonly cancelled?: StopCause } {
    const key = `${this.prefix}${shape.k0},${shape.k1},${shape.k2},${shape.k3},${shape.wide ?? ''}`;
    const limit = this.limits.positions;
    const found = this.results.get(key, limit);
    if (found) {
      this.positions += found.positions;
      return found;
    }
    const search = this.own();
    let result: FinishedSearch;
    try {
      result = { value: search.value(shape), positions: search.positions };
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      if (error.cause !== 'work-limit') return { value: null, positions: search.positions, cancelled: error.cause };
      result = { value: null, positions: limit };
    }
    this.results.set(key, result);
    this.positions += result.positions;
    return result;
  }
}

// Regions ------------------------------------------------------------------------------------------

type Kind = 'cell' | 'path' | 'cycle' | 'mirror' | 'search' | 'refused';

class Region {
  value = -1;
  why = '';
  kind: Kind = 'search';
  shape: Shape | undefined;
  /** The region's rows in its bounding box, board-oriented or (when `turned`) transposed. */
  rows: number[] = [];
  turned = false;
  /** Another region of the same canonical form, which this one cancels. */
  twin: Region | undefined;

  constructor(
    readonly cells: number[],
    readonly top: number,
    readonly left: number,
    readonly bottom: number,
    readonly right: number,
  ) {}

  part(boardTheorem: boolean): CramPart {
    if (this.value >= 0) return { cells: this.cells, value: this.value, why: this.why };
    let why = this.why;
    if (this.kind === 'search' && boardTheorem) why = 'not searched: the board is 0 by the mirror strategy';
    else if (this.kind === 'search' && this.twin)
      why = `not searched: the same shape as the region at cell ${this.twin.cells[0]}, and G + G = 0`;
    return { cells: this.cells, value: null, why };
  }

  /**
   * Appends the moves to options of value `wanted`; false when they cannot be checked. A searched
   * region's by `search` (throws SearchStopped); the others' by their formulas.
   */
  winningMoves(board: CramBoard, search: CramSearch | undefined, wanted: number, out: [number, number][]): boolean {
    const n = this.cells.length;
    if (this.kind === 'cell') return true;
    // The formulas on the region's own cells (a searchable region's shape may have had leaves dropped).
    if (!this.shape && (this.kind === 'path' || this.kind === 'cycle')) {
      const order = pathOrder(board, this.cells);
      const edges = this.kind === 'cycle' ? n : n - 1;
      for (let k = 0; k < edges; k++) {
        const value = this.kind === 'cycle' ? dawsonKayles(n - 2) : dawsonKayles(k) ^ dawsonKayles(n - k - 2);
        if (value === wanted) out.push(ordered(order[k], order[(k + 1) % n]));
      }
      return true;
    }
    if (!this.shape || !search) return false;
    const { rows } = this;
    const height = rows.length;
    const at = (r: number, c: number) =>
      this.turned ? (this.top + c) * board.width + this.left + r : (this.top + r) * board.width + this.left + c;
    for (let r = 0; r < height; r++) {
      for (let pairs = rows[r] & (rows[r] >>> 1); pairs !== 0; pairs &= pairs - 1) {
        const c = 31 - Math.clz32(pairs & -pairs);
        if (search.optionIs(search.leave(rows, height, r, 3 << c, r, 0), wanted))
          out.push(ordered(at(r, c), at(r, c + 1)));
      }
      if (r + 1 === height) continue;
      for (let pairs = rows[r] & rows[r + 1]; pairs !== 0; pairs &= pairs - 1) {
        const c = 31 - Math.clz32(pairs & -pairs);
        if (search.optionIs(search.leave(rows, height, r, 1 << c, r + 1, 1 << c), wanted))
          out.push(ordered(at(r, c), at(r + 1, c)));
      }
    }
    return true;
  }
}

const ordered = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

interface Solved {
  readonly regions: readonly Region[];
  readonly value: number | null;
  readonly reason?: string;
  readonly stop?: StopCause;
}

/**
 * Every region classified, and searched as `which` says: 'needed' those the board's value needs
 * (one of each canonical form that appears an odd number of times), 'all' every form, 'none' none.
 * Only forms searched here get values by search: a form not needed is not looked up either, so
 * what a board shows never depends on what was searched before it.
 */
function solve(board: CramBoard, searches: RegionSearches, which: 'needed' | 'all' | 'none'): Solved {
  const regions = regionsOf(board);
  let value = 0;
  const forms = new Map<string, Region[]>();
  let refused: Region | undefined;
  for (const region of regions) {
    classify(board, region, searches.maker);
    if (region.value >= 0) value ^= region.value;
    else if (region.kind === 'refused') refused ??= region;
    else {
      const shape = region.shape!;
      const key = `${shape.k0},${shape.k1},${shape.k2},${shape.k3},${shape.wide ?? ''}`;
      const same = forms.get(key);
      if (same) same.push(region);
      else forms.set(key, [region]);
    }
  }
  // One region searched per form, the smallest forms first (in the order of their first cell
  // among equals); equal forms then share its value.
  const needed: Region[][] = [];
  for (const same of forms.values()) {
    for (let i = 0; i + 1 < same.length; i += 2) [same[i].twin, same[i + 1].twin] = [same[i + 1], same[i]];
    if (which === 'all' || (which === 'needed' && same.length % 2 === 1)) needed.push(same);
  }
  needed.sort((x, y) => x[0].cells.length - y[0].cells.length);
  let unknown: { region: Region; reason: string; stop: StopCause } | undefined;
  for (const same of needed) {
    if (unknown) {
      for (const region of same) region.why = 'not searched: a smaller region of the board is unknown';
      continue;
    }
    const { cells } = same[0];
    const where = `a region of ${cells.length} cells (at cell ${cells[0]})`;
    if (searches.positions >= searches.limits.boardPositions) {
      const reason = `${where} was not searched: ${pastBoardLimit(searches.positions, searches.limits)}`;
      unknown = { region: same[0], reason, stop: 'work-limit' };
      for (const region of same) region.why = `not searched: ${pastBoardLimit(searches.positions, searches.limits)}`;
      continue;
    }
    const found = searches.value(same[0].shape!);
    if (found.value !== null) {
      searched(same, found.value, found.positions);
      continue;
    }
    const why =
      found.cancelled !== undefined
        ? `the search stopped after ${count(found.positions)} positions: ${describeStop(found.cancelled)}`
        : `the search stopped at its limit of ${count(found.positions)} positions`;
    unknown = { region: same[0], reason: `${why} (${where} unknown)`, stop: found.cancelled ?? 'work-limit' };
    for (const region of same) region.why = `unknown: ${why}`;
  }
  const whyUnknown = () =>
    refused ? { reason: refused.why, stop: 'size-limit' as const } : { reason: unknown!.reason, stop: unknown!.stop };
  for (const same of forms.values()) {
    if (same.length % 2 === 0) continue;
    if (same[0].value < 0) return { regions, value: null, ...whyUnknown() };
    value ^= same[0].value;
  }
  if (refused) return { regions, value: null, ...whyUnknown() };
  if (which === 'all' && unknown) return { regions, value: null, ...whyUnknown() };
  return { regions, value };
}

function searched(same: readonly Region[], value: number, positions: number): void {
  for (const region of same) {
    region.value = value;
    region.why = `by a search of ${count(positions)} position${positions === 1 ? '' : 's'}`;
  }
}

/**
 * Sets a region's value when a theorem or identity gives it (then true), its shape when it can be
 * searched.
 */
function classify(board: CramBoard, region: Region, maker: ShapeMaker): boolean {
  const n = region.cells.length;
  const height = region.bottom - region.top + 1;
  const width = region.right - region.left + 1;
  if (n === 1) return known(region, 'cell', 0, 'a single empty cell: no domino fits');
  const searchable = n <= MAX_SEARCH_CELLS && Math.min(width, height) <= MAX_WIDTH;
  if (searchable) {
    region.turned = width > MAX_WIDTH;
    const rows: number[] = new Array(region.turned ? width : height).fill(0);
    for (const i of region.cells) {
      const r = Math.floor(i / board.width) - region.top;
      const c = (i % board.width) - region.left;
      if (region.turned) rows[c] |= 1 << r;
      else rows[r] |= 1 << c;
    }
    region.rows = rows;
    const shape = maker.make(rows, 0, rows.length, 0, region.turned ? height : width);
    region.shape = shape;
    // Dropping leaves may have made the shape smaller than the region.
    const extra = n - shape.cells;
    const dropped = extra > 0 ? `with ${extra} extra ${extra === 1 ? 'leaf' : 'leaves'} dropped (same value), ` : '';
    const k = shape.cells;
    if (shape.known === Known.Path)
      return known(region, 'path', shape.value, dropped + pathWhy(region, k, shape.value));
    if (shape.known === Known.Cycle) return known(region, 'cycle', shape.value, dropped + cycleWhy(k, shape.value));
    if (shape.known === Known.Mirror) return known(region, 'mirror', 0, dropped + mirrorWhy(region, width, height));
    return false;
  }
  const rules = maker.rules;
  if (rules.paths) {
    const { edges, branches } = cellGraph(board, region.cells);
    if (!branches && edges === n - 1)
      return known(region, 'path', dawsonKayles(n), pathWhy(region, n, dawsonKayles(n)));
    const cycle = dawsonKayles(n - 2) === 0 ? 1 : 0;
    if (!branches && edges === n) return known(region, 'cycle', cycle, cycleWhy(n, cycle));
  }
  if (rules.mirror && mirrorsItself(board, region)) return known(region, 'mirror', 0, mirrorWhy(region, width, height));
  region.kind = 'refused';
  region.why =
    `a region of ${n} cells (${height}×${width}) is beyond the search, which takes regions of at most ` +
    `${MAX_SEARCH_CELLS} cells within ${MAX_WIDTH} columns one way or the other (the published records reach ` +
    '60 cells, the 3×20 board), and no theorem gives its value';
  return false;
}

function known(region: Region, kind: Kind, value: number, why: string): true {
  region.kind = kind;
  region.value = value;
  region.why = why;
  return true;
}

function pathWhy(region: Region, n: number, value: number): string {
  const line = region.top === region.bottom || region.left === region.right;
  const what = line
    ? `a line of ${n} cells`
    : `a path of ${n} cells (each touching only the cells before and after it)`;
  return `${what}: Dawson's Kayles (octal 0.07), G(${n}) = ${value}`;
}

function cycleWhy(n: number, value: number): string {
  const after = `every domino leaves a path of ${n - 2}, of value G(${n - 2}) in Dawson's Kayles`;
  return `a cycle of ${n} cells: ${after}, so ${value}`;
}

function mirrorWhy(region: Region, width: number, height: number): string {
  const full = region.cells.length === width * height;
  const what =
    full && width % 2 === 0 && height % 2 === 0
      ? `an even×even rectangle (${height}×${width})`
      : 'symmetric under the half-turn about its centre, no cell its own image or next to it';
  return `${what}: the second player answers each domino with its image (the mirror strategy), so 0`;
}

// The board ----------------------------------------------------------------------------------------

function malformed(board: CramBoard): string | undefined {
  const { width, height, empty } = board;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0)
    return `a board of ${width}×${height} has no meaning`;
  if (empty.length !== width * height)
    return `a ${height}×${width} board needs ${width * height} cells, not ${empty.length}`;
  return undefined;
}

const shapeRules = (rules: CramRules) => ({
  paths: rules.paths !== false,
  mirror: rules.mirror !== false,
  leaves: rules.leaves !== false,
});

/** The regions of empty cells, in the order of their first cell (an explicit stack: no recursion). */
function regionsOf(board: CramBoard): Region[] {
  const { width, empty } = board;
  const seen = new Uint8Array(empty.length);
  const stack = new Int32Array(empty.length);
  const regions: Region[] = [];
  for (let start = 0; start < empty.length; start++) {
    if (!empty[start] || seen[start]) continue;
    const cells: number[] = [];
    let [top, left, bottom, right] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
    let size = 0;
    stack[size++] = start;
    seen[start] = 1;
    while (size > 0) {
      const i = stack[--size];
      cells.push(i);
      const r = Math.floor(i / width);
      const c = i - r * width;
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
      for (const j of [c > 0 ? i - 1 : -1, c + 1 < width ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= empty.length || !empty[j] || seen[j]) continue;
        seen[j] = 1;
        stack[size++] = j;
      }
    }
    cells.sort((a, b) => a - b);
    regions.push(new Region(cells, top, left, bottom, right));
  }
  return regions;
}

/** All empty cells, as one cell set with its bounding box. */
function allEmpty(board: CramBoard): Region {
  const cells: number[] = [];
  let [top, left, bottom, right] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let i = 0; i < board.empty.length; i++) {
    if (!board.empty[i]) continue;
    cells.push(i);
    const r = Math.floor(i / board.width);
    const c = i % board.width;
    [top, bottom, left, right] = [Math.min(top, r), Math.max(bottom, r), Math.min(left, c), Math.max(right, c)];
  }
  return new Region(cells, top, left, bottom, right);
}

/**
 * Whether the cells (some) are symmetric under the half-turn about their box's centre, no cell its
 * own image or next to it.
 */
function mirrorsItself(board: CramBoard, set: Region): boolean {
  const { width, empty } = board;
  if (set.cells.length === 0) return false;
  for (const i of set.cells) {
    const r = Math.floor(i / width);
    const c = i % width;
    const [r2, c2] = [set.top + set.bottom - r, set.left + set.right - c];
    if (Math.abs(r - r2) + Math.abs(c - c2) <= 1 || !empty[r2 * width + c2]) return false;
  }
  return true;
}

/** The edges among a region's cells, and whether any cell has three neighbours or more. */
function cellGraph(board: CramBoard, cells: readonly number[]): { edges: number; branches: boolean } {
  const { width, empty } = board;
  let edges = 0;
  let branches = false;
  for (const i of cells) {
    const c = i % width;
    const left = c > 0 && empty[i - 1] === 1;
    const right = c + 1 < width && empty[i + 1] === 1;
    const up = i >= width && empty[i - width] === 1;
    const down = i + width < empty.length && empty[i + width] === 1;
    edges += Number(right) + Number(down);
    if (Number(left) + Number(right) + Number(up) + Number(down) >= 3) branches = true;
  }
  return { edges, branches };
}

/** A path's or a cycle's cells in order along it, from an end (a cycle: from its first cell). */
function pathOrder(board: CramBoard, cells: readonly number[]): number[] {
  const { width, empty } = board;
  const neighbours = (i: number) => {
    const c = i % width;
    const found: number[] = [];
    if (c > 0 && empty[i - 1]) found.push(i - 1);
    if (c + 1 < width && empty[i + 1]) found.push(i + 1);
    if (i >= width && empty[i - width]) found.push(i - width);
    if (i + width < empty.length && empty[i + width]) found.push(i + width);
    return found;
  };
  const start = cells.find((i) => neighbours(i).length <= 1) ?? cells[0];
  const order = [start];
  let [previous, at] = [-1, start];
  while (order.length < cells.length) {
    const next = neighbours(at).find((j) => j !== previous)!;
    [previous, at] = [at, next];
    order.push(at);
  }
  return order;
}

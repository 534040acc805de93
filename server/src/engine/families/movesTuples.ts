// A tuple rule of one's own in sums (`rule corner = moves (x, y) -> …`, `corner (3, 5) (2, 2)`): each
// position's value, or why it is unknown, as a function of the rule, the position and the limits
// alone (issue 55: one game, one answer), whatever other games asked before it, in whatever order, on
// whatever machine. Two ways, chosen by the position alone:
//
// - The rule's table (a position whose positions of smaller sum are few enough: tablePosition): the
//   values of every position of sum ≤ t, level by level (the sum), by the rule's compiled kernel (a
//   hundred times faster a position than the search). Its order is fixed (by sum, then by the numbers),
//   so the work it has done at the end of level t, W(t) (positions, options and steps of the rule's
//   loops, counted from nothing), is a function of the rule and t alone, however large the box it
//   was filled in and however far it went. A position of sum s is valued by the table exactly when
//   W(s) ≤ LIMITS.movesTupleTableWork: whether the table a cache holds is shared by many games, went
//   further (for a game of larger positions), or was dropped and filled again, only W decides, and
//   any table that holds level s holds the same values there. Each growth fills its box from nothing
//   (at least twice the levels before), so that W is counted as one fill counts it.
// - The search (movesSearch.ts) of the position alone, from a memo of nothing, with its own account of
//   LIMITS.movesTupleSearchWork (positions searched and steps of the rule's loops): for a position the
//   table does not take, and for one past the table's limit or past where the rule stopped the table
//   (a part not smaller than its position, a number too large). The latter reads the table's levels
//   within its limit: those are the same for every cache once the table has reached its limit (it
//   has, for the position to be past it), so the search's work is the same too.
//
// So a cache holds only results that are functions of their keys: the table's values and W (by level),
// and each searched position's result (its value with the memo its search filled, for the winning
// moves; or its reason), by the limits and the position. A stop that is not the rule's or the limits'
// (the user's cancel, the CLI's --budget-ms) is said as such and never kept.
import { describeStop, sequenceLengthLimit } from '../budget';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, MovesTuplesEntry, Of } from '../components';
import { movesSpender, partsAnalysis } from '../components';
import { cachedOptions } from '../heaps/moves';
import { fillBox } from '../heaps/movesBox';
import { type MovesRule, type MovesValue, movesTupleValue, movesTupleValues } from '../heaps/movesRule';
import { LIMITS } from '../limits';
import type { Budget, MovesBox, StopCause } from '../types';

/** The work limits of a tuple rule's positions (LIMITS by default; smaller ones in tests). */
export interface MovesTupleLimits {
  /** W(t) at most this for the table to value the positions of sum t (positions, options, loop steps). */
  readonly table: number;
  /** The work of one position's search (positions searched, loop steps). */
  readonly search: number;
  /** The most cells of the table's box (a cube: its side is the levels it may hold). */
  readonly tableCells: number;
}

export const MOVES_TUPLE_LIMITS: MovesTupleLimits = {
  table: LIMITS.movesTupleTableWork,
  search: LIMITS.movesTupleSearchWork,
  tableCells: LIMITS.movesTupleTableCells,
};

/**
 * The fewest positions p's box [0, p] holds for p to be valued by the table: below it the search is
 * as fast (corner (3, 5) and (2, 2) take 0.3 ms by the search; a table's kernel is generated and
 * compiled first, 3 to 20 ms).
 */
const MIN_TABLE_POSITIONS = 2 ** 10;
/**
 * The most positions of sum ≤ Σp, over those of p's box, for p to be valued by the table: a position
 * far from balanced ((2000, 5)) reaches few of the positions of smaller sum by most rules (by corner:
 * its box, 12,006 of 2 million), which the search values alone in far less than the table would take.
 */
const TABLE_RATIO = 8;
/** The levels a table is filled to first, at least (a table of corner to sum 64: a millisecond). */
const MIN_TABLE_LEVELS = 64;
/** The boxes one engine cache keeps, every rule's tables together: four of the largest (64 MiB). */
const BOXES_BYTES = 4 * 4 * LIMITS.movesTupleTableCells;
/** Searched positions' results kept per rule (the newest; values with their memos, reasons). */
const RESULTS_KEPT = 1 << 16;
/**
 * The entries of the searches' memos kept per rule, all together (about 100 bytes each in a Map: 25 MiB
 * a rule). A result dropped is searched again when asked, with the same result.
 */
const MEMO_ENTRIES_KEPT = 1 << 18;

const optionsOf = cachedOptions;

const EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** The positions of the box [0, bounds] (Infinity past 2^1024: too many all the same). */
const positionsIn = (bounds: readonly number[]) => bounds.reduce((p, b) => p * (b + 1), 1);

/** The positions of arity numbers (none negative) whose sum is at most s: C(s + arity, arity). */
function positionsOfSumAtMost(s: number, arity: number): number {
  let count = 1;
  for (let i = 1; i <= arity; i++) count = (count * (s + i)) / i;
  return count;
}

/** 12345678 as 12,345,678 (the same text everywhere: no locale). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The most levels (sums 0 … side) a table of `arity` numbers holds in `cells` cells: its box a cube. */
function tableSide(arity: number, cells: number): number {
  let side = Math.floor(cells ** (1 / arity)) - 1;
  while ((side + 2) ** arity <= cells) side++;
  while (side >= 0 && (side + 1) ** arity > cells) side--;
  return side;
}

// ---- the table ----

/**
 * What a table's fill found, beside its box (a cube [0, side]^arity, −1 where not valued): W(t) for
 * each level t it completed (0 … work.length − 1), and why it went no further.
 */
interface Levels {
  readonly work: readonly number[];
  /** The work limit stopped the fill in level work.length, having spent this (W of that level is more). */
  readonly over?: number;
  /** The rule stopped the fill in level work.length (a part not smaller than its position, a number too large). */
  readonly ruleStopped?: boolean;
}
const levelsOfBox = new WeakMap<MovesBox, Levels>();

/**
 * The levels a table holds for a limit: `reach` (the levels 0 … reach − 1 are valued, each within
 * the limit), and whether it is final (it will never reach further within that limit, or the cap
 * of cells stops it: then every table of the rule, filled however, has this reach).
 */
interface Reach {
  readonly reach: number;
  readonly final: boolean;
}

function reachOf(levels: Levels, limit: number, side: number): Reach {
  const { work } = levels;
  let [lo, hi] = [0, work.length]; // the first level whose W passes the limit (work is increasing)
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (work[mid] > limit) hi = mid;
    else lo = mid + 1;
  }
  if (lo < work.length) return { reach: lo, final: true };
  const final = levels.ruleStopped === true || (levels.over ?? 0) > limit || work.length > side;
  return { reach: work.length, final };
}

/** The table's levels as a position reads them: its box and how many levels are within the limit. */
interface TableView {
  readonly box: MovesBox;
  readonly reach: number;
}

/** A view's value at p (numbers at p[at …]), or −1 past its reach. */
function viewValue(view: TableView, p: ArrayLike<number>, at = 0): number {
  const { bounds, strides, values } = view.box;
  let sum = 0;
  let index = 0;
  for (let i = 0; i < bounds.length; i++) {
    const x = p[at + i];
    sum += x;
    index += x * strides[i];
  }
  return sum < view.reach ? values[index] : -1;
}

/** Keeps `box` as the rule's (the entry moved last: the newest), dropping the oldest rules' boxes past the ceiling. */
function keepBox(cache: EngineCache, key: string, entry: MovesTuplesEntry, box: MovesBox): void {
  entry.box = box;
  cache.movesTuples.delete(key);
  cache.movesTuples.set(key, entry);
  let bytes = 0;
  for (const other of cache.movesTuples.values()) bytes += other.box?.values.byteLength ?? 0;
  for (const other of cache.movesTuples.values()) {
    if (bytes <= BOXES_BYTES) break;
    if (other === entry || !other.box) continue;
    bytes -= other.box.values.byteLength;
    other.box = undefined;
  }
}

/**
 * The rule's table as far as level `sum` within `limits.table`, grown for it if it must be (from
 * nothing, to twice its levels at least, at most the cap's side): the view, or the stop that was not
 * the table's own (a cancel, a deadline: nothing decided), or undefined when the platform gave the
 * kernel too little memory for it (the position is then searched as one the table does not take).
 */
function tableFor(
  component: Of<'moves-tuples'>,
  entry: MovesTuplesEntry,
  sum: number,
  side: number,
  budget: Budget,
  cache: EngineCache,
  limits: MovesTupleLimits,
): TableView | { readonly stop: StopCause } | undefined {
  const { rule } = component;
  const kept = entry.box ? levelsOfBox.get(entry.box) : undefined;
  const before = kept ? reachOf(kept, limits.table, side) : { reach: 0, final: false };
  if (sum < before.reach || before.final) return { box: entry.box!, reach: before.reach };
  const target = Math.min(side, Math.max(sum, 2 * before.reach, MIN_TABLE_LEVELS));
  const bounds = Array<number>(rule.moves.arity).fill(target);
  const account = { spent: 0, limit: limits.table };
  const work: number[] = [];
  const filled = fillBox(rule.moves, bounds, { ...budget, work: account }, 'generated', new Map(), {
    upTo: target,
    level: () => work.push(account.spent),
  });
  if (filled.stop === 'size-limit') return undefined;
  const strides = bounds.map((_, i) => bounds.slice(i + 1).reduce((s, b) => s * (b + 1), 1));
  const levels: Levels = {
    work,
    ...(filled.stop === 'work-limit' ? { over: account.spent } : {}),
    ...(filled.error ? { ruleStopped: true } : {}),
  };
  const box: MovesBox = { bounds, values: filled.values, strides, stoppedByRule: levels.ruleStopped === true };
  // The fill that knows more is kept: more levels, or as many and why the next is not one of them.
  const better =
    !kept ||
    work.length > kept.work.length ||
    (work.length === kept.work.length && (levels.ruleStopped || (levels.over ?? 0) > (kept.over ?? 0)));
  if (better) {
    levelsOfBox.set(box, levels);
    keepBox(cache, rule.text, entry, box);
  }
  const now = reachOf(better ? levels : kept!, limits.table, side);
  if (sum < now.reach || now.final) return { box: better ? box : entry.box!, reach: now.reach };
  return { stop: filled.stop ?? 'cancelled' };
}

/**
 * Whether the table values p (its levels' side at most `side`): its sum within them, its box of
 * MIN_TABLE_POSITIONS at least, and not TABLE_RATIO times fewer positions than those of its sum.
 */
function tablePosition(p: readonly number[], side: number): boolean {
  const sum = p.reduce((s, x) => s + x, 0);
  const box = positionsIn(p);
  return sum <= side && box >= MIN_TABLE_POSITIONS && positionsOfSumAtMost(sum, p.length) <= TABLE_RATIO * box;
}

// ---- the search, and what a rule keeps of it ----

/**
 * A searched position's result: its value and the memo of its search (its options' values, with the
 * table's when it searched from them), or why not.
 */
type Searched =
  | { readonly value: number; readonly memo: Map<string, number>; readonly fromTable: boolean }
  | { readonly value: null; readonly reason: string };

/** What a rule keeps of its searches in one engine cache (by the entry: dropped with it). */
interface RuleState {
  /** By `resultKey`, oldest first. */
  readonly results: Map<string, Searched>;
  memoEntries: number;
}
const stateOfEntry = new WeakMap<MovesTuplesEntry, RuleState>();

function stateOf(entry: MovesTuplesEntry): RuleState {
  let state = stateOfEntry.get(entry);
  if (!state) {
    state = { results: new Map(), memoEntries: 0 };
    stateOfEntry.set(entry, state);
  }
  return state;
}

/** Keeps a search's result, dropping the oldest past RESULTS_KEPT results or MEMO_ENTRIES_KEPT memo entries. */
function keepResult(state: RuleState, key: string, result: Searched): void {
  const size = (r: Searched) => (r.value === null ? 0 : r.memo.size);
  if (size(result) > MEMO_ENTRIES_KEPT) return;
  state.results.set(key, result);
  state.memoEntries += size(result);
  for (const [old, kept] of state.results) {
    if (state.results.size <= RESULTS_KEPT && state.memoEntries <= MEMO_ENTRIES_KEPT) break;
    state.results.delete(old);
    state.memoEntries -= size(kept);
  }
}

/** The rule's entry in the cache, made when first needed. */
function entryOf(component: Of<'moves-tuples'>, cache: EngineCache): MovesTuplesEntry {
  const key = component.rule.text;
  let entry = cache.movesTuples.get(key);
  if (!entry) {
    entry = {};
    cache.movesTuples.set(key, entry);
  }
  return entry;
}

/** Why a search stopped, in the same words every time for the same position and limits. */
function searchReason(found: Extract<MovesValue, { value: null }>, limits: MovesTupleLimits, view?: TableView): string {
  if (found.stop !== 'work-limit') return found.reason;
  const from = view
    ? ` from the rule's table of the positions of sum below ${view.reach} (past them: its limit of ` +
      `${grouped(limits.table)} steps, or the rule's stop)`
    : '';
  return (
    `its search${from} passed its limit of ${grouped(limits.search)} steps ` +
    "(positions searched and steps of the rule's loops)"
  );
}

/** p searched alone: from nothing, or from the table's levels within its limit. */
function searchAlone(
  rule: MovesRule,
  p: readonly number[],
  budget: Budget,
  limits: MovesTupleLimits,
  view: TableView | undefined,
): { readonly found: MovesValue; readonly memo: Map<string, number> } {
  const memo = new Map<string, number>();
  const inTable = view ? (numbers: ArrayLike<number>, at: number) => viewValue(view, numbers, at) : undefined;
  const account = { spent: 0, limit: limits.search };
  const found = movesTupleValue(rule, p, { ...budget, work: account }, memo, optionsOf(rule), inTable);
  return { found, memo };
}

// ---- a component ----

/** A position's value and where its options' values are (for its winning moves), or why it is unknown. */
type PositionValue =
  | { readonly value: number; readonly view?: TableView; readonly memo?: Map<string, number> }
  | { readonly value: null; readonly reason: string };

function positionValue(
  component: Of<'moves-tuples'>,
  p: readonly number[],
  entry: MovesTuplesEntry,
  budget: Budget,
  cache: EngineCache,
  limits: MovesTupleLimits,
): PositionValue {
  const { rule } = component;
  const cells = Math.min(limits.tableCells, sequenceLengthLimit(budget));
  const side = tableSide(p.length, cells);
  const state = stateOf(entry);
  const key = `${limits.table} ${limits.search} ${side} ${p.join(',')}`;
  const sum = p.reduce((s, x) => s + x, 0);
  const kept = state.results.get(key);
  if (kept) {
    state.results.delete(key); // used again: the newest
    state.results.set(key, kept);
    if (kept.value === null || !kept.fromTable) return kept;
    // Its options' values are in the table too: the same levels whatever table the cache holds now.
    const table = tableFor(component, entry, sum, side, budget, cache, limits);
    return table && !('stop' in table) ? { ...kept, view: table } : kept;
  }
  let view: TableView | undefined;
  if (tablePosition(p, side)) {
    const table = tableFor(component, entry, sum, side, budget, cache, limits);
    if (table && 'stop' in table) return { value: null, reason: `stopped because ${describeStop(table.stop)}` };
    view = table;
    const value = view ? viewValue(view, p) : -1;
    if (value >= 0) return { value, view };
  }
  const { found, memo } = searchAlone(rule.moves, p, budget, limits, view);
  if (found.value !== null) {
    keepResult(state, key, { value: found.value, memo, fromTable: view !== undefined });
    return { value: found.value, memo, ...(view ? { view } : {}) };
  }
  const result = { value: null, reason: searchReason(found, limits, view) };
  // A cancel or a deadline decided nothing: only the rule's or the limit's stop is kept.
  if (found.stop === undefined || found.stop === 'work-limit') keepResult(state, key, result);
  return result;
}

/**
 * What an analysis was made with, for its moves (movesTo has no cache): by the analysis object, so
 * nothing extra travels with an analysis posted from a worker. Missing (a copied analysis): options'
 * values are searched in the listing, within the search's limit.
 */
interface Known {
  /** By position (its numbers joined): where its options' values are. */
  readonly positions: Map<string, { readonly view?: TableView; readonly memo?: Map<string, number> }>;
  readonly limits: MovesTupleLimits;
}
const knownOfAnalysis = new WeakMap<ComponentAnalysis, Known>();

/** The component's value: each position's (positionValue), the first unknown one's reason. */
export function movesTuplesValueWithin(
  component: Of<'moves-tuples'>,
  budget: Budget,
  cache: EngineCache,
  limits: MovesTupleLimits = MOVES_TUPLE_LIMITS,
): ComponentAnalysis {
  const entry = entryOf(component, cache);
  const parts: (bigint | null)[] = [];
  const known: Known = { positions: new Map(), limits };
  let reason: string | undefined;
  for (const position of component.positions) {
    if (position.some((x) => x > EXACT)) {
      parts.push(null);
      reason ??= `a number of (${position.join(', ')}) is past 2^53 - 1, the largest computed exactly`;
      continue;
    }
    const numbers = position.map(Number);
    const found = positionValue(component, numbers, entry, budget, cache, limits);
    if (found.value === null) {
      parts.push(null);
      reason ??= `the value of (${position.join(', ')}) is unknown: ${found.reason}`;
      continue;
    }
    parts.push(BigInt(found.value));
    known.positions.set(numbers.join(','), found);
  }
  const analysis = partsAnalysis(parts, reason);
  knownOfAnalysis.set(analysis, known);
  return analysis;
}

function movesTuplesMovesTo(
  component: Of<'moves-tuples'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
  budget: Budget,
): void {
  const rule = component.rule.moves;
  const known = knownOfAnalysis.get(value);
  const limits = known?.limits ?? MOVES_TUPLE_LIMITS;
  const spend = movesSpender(budget);
  const options = optionsOf(rule);
  const seen = new Set<string>();
  /** For a copied analysis: its options' values searched, one memo for them all, within the search's limit. */
  const listingMemo = new Map<string, number>();
  const listingBudget = { ...budget, work: { spent: 0, limit: limits.search } };
  component.positions.forEach((position, at) => {
    const key = position.join(',');
    if (seen.has(key)) return; // equal positions: the same moves
    seen.add(key);
    const where = known?.positions.get(key);
    const target = value.parts[at]! ^ total;
    const found: number[][][] = [];
    options(position.map(Number), (parts, count) => {
      const leaves: number[][] = [];
      for (let i = 0; i < count; i++) leaves.push(Array.from(parts.subarray(i * rule.arity, (i + 1) * rule.arity)));
      found.push(leaves);
    });
    for (const leaves of found) {
      spend(leaves.length + 1);
      let g = 0;
      for (const part of leaves) {
        // The position's options' values are all in its table's levels (below its sum) or its search's memo.
        const inTable = where?.view ? viewValue(where.view, part) : -1;
        const v =
          inTable >= 0
            ? inTable
            : (where?.memo?.get(part.join(',')) ??
              movesTupleValue(rule, part, listingBudget, listingMemo, options).value);
        if (v === null) return; // the search's limit or the budget: the moves found so far stay listed
        g ^= v; // values are below 2^31: their XOR too
      }
      if (BigInt(g) === target)
        list.add(index, { kind: 'moves-tuple', position: at, leaves: leaves.map((p) => p.map(BigInt)) });
    }
  });
}

export const movesTuplesFamily: ComponentFamily<'moves-tuples'> = {
  value: (component, budget, cache) => movesTuplesValueWithin(component, budget, cache),
  movesTo: movesTuplesMovesTo,
};

/** A two-variable rule's values G(a, b) for a, b = 0 … size (the explorer's heat map). */
export interface MovesTable {
  /** The square computed: a, b = 0 … size (short of the size asked when the budget stopped it). */
  readonly size: number;
  /** G(a, b) at a·(size + 1) + b. */
  readonly values: Int32Array;
  readonly stop?: StopCause;
  /** Why it stopped short: the budget, or the rule (a part not smaller than its position, a number too large). */
  readonly reason?: string;
}

/**
 * G(a, b) for a, b up to `size`, a whole square even when it stops short: by one box of values when
 * it fits (the largest square whose values all came, when the budget stops it), else by squares of
 * growing side (each new row and column needs only the smaller square and the memo). Where the rule
 * stops the box (a part not smaller than its position, a number too large, at a position the box
 * holds in its order of sums), the squares go on from the values it reached, searching the rest: the
 * square and the reason are then the search's, as the rule's error is met from the positions asked.
 */
export function movesTable(rule: MovesRule, size: number, given: Budget): MovesTable {
  if (rule.arity !== 2) throw new Error('internal: a table needs a rule of two variables');
  // Its own limit of work unless the caller gives one: the table's (a box of (size + 1)² positions).
  const budget = given.work ? given : { ...given, work: { spent: 0, limit: LIMITS.movesTupleTableWork } };
  const memo = new Map<string, number>();
  const w = size + 1;
  /** Whether the square of side s is whole in `values` (its last row and column; the rest before it). */
  const whole = (values: Int32Array, s: number) => {
    for (let i = 0; i <= s; i++) if (values[s * w + i] < 0 || values[i * w + s] < 0) return false;
    return true;
  };
  const square = (values: Int32Array, side: number): MovesTable => {
    const v = side + 1;
    const square = new Int32Array(v * v);
    for (let a = 0; a <= side; a++) square.set(values.subarray(a * w, a * w + v), a * v);
    return { size: side, values: square };
  };
  let cells: Int32Array | undefined;
  if (w * w >= MIN_TABLE_POSITIONS && w * w <= Math.min(LIMITS.movesTupleTableCells, sequenceLengthLimit(budget))) {
    const box = movesTupleValues(rule, [size, size], budget, 'generated', memo);
    if (box.complete) return { size, values: box.values };
    if (box.stop !== undefined && box.stop !== 'size-limit') {
      let side = -1;
      while (side < size && whole(box.values, side + 1)) side++;
      return { ...square(box.values, side), stop: box.stop, reason: `stopped because ${describeStop(box.stop)}` };
    }
    cells = box.values; // the rule stopped it (or the memory the kernel was given): −1 where not reached
  }
  cells ??= new Int32Array(w * w).fill(-1);
  const options = optionsOf(rule);
  for (let s = 0; s <= size; s++) {
    for (let i = 0; i <= s; i++)
      for (const [a, b] of i === s
        ? [[s, s]]
        : [
            [s, i],
            [i, s],
          ]) {
        if (cells[a * w + b] >= 0) continue;
        const found = movesTupleValue(rule, [a, b], budget, memo, options);
        if (found.value === null)
          return { ...square(cells, s - 1), ...(found.stop ? { stop: found.stop } : {}), reason: found.reason };
        cells[a * w + b] = found.value;
      }
  }
  return square(cells, size);
}

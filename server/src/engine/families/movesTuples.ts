// A tuple rule of one's own in sums (`rule corner = moves (x, y) -> …`, `corner (3, 5) (2, 2)`): each
// position's value read from a box of values (movesTupleValues: every position p with p_i ≤ the
// positions' maxima, by the rule's compiled kernel, a hundred times faster a position than one at a
// time) when the box is small enough, else found by movesRule.ts's memoised search (movesTupleValue);
// its winning moves by listing its options and reading their values from the same box and memo.
//
// Values are exact (numbers to 2⁵³ − 1) or unknown with the reason: the budget ran out, a number was
// too large, or the rule broke the contract's well-foundedness (a part not smaller than its position,
// named). A box's values are exact wherever its fill reached (an option that leaves the box is valued
// by the search, in the rule's memo); a position it did not reach (the fill stopped: the budget, or
// the rule at some position the box holds that this one may never reach) is searched as before, so
// that the value and the reason are the search's. A rule's memo and its last box are kept in the
// engine cache by the rule's text, so a document's positions, and the next analysis after an edit
// elsewhere, share what was computed.
import { describeStop, sequenceLengthLimit, timeShare } from '../budget';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, MovesTuplesEntry, Of } from '../components';
import { movesSpender, partsAnalysis } from '../components';
import { cachedOptions } from '../heaps/moves';
import { type MovesRule, movesTupleValue, movesTupleValues } from '../heaps/movesRule';
import type { Budget, MovesBox, StopCause } from '../types';

/** Memo entries kept per rule, at most: past it the memo starts again (a value costs ~100 bytes in a Map). */
const MEMO_LIMIT = 4_000_000;

/**
 * The most positions a box of values holds: 2^22, 16 MiB as an Int32Array (its fill holds twice that
 * at its peak: the kernel's memory and the copy kept). Measured (Node 20): a box of 2047 × 2047 of a
 * rule with a few options a position fills in 0.3 s, the process at 105 MiB, where the search takes
 * 40 s and 360 MiB for the same positions; at 2^24 (4095²) the box takes 1.3 s but 250 MiB. The time
 * is the budget's to bound (corner's 2047² takes a minute): the cap bounds the memory, as the search's
 * dense table (movesSearch.ts) is bounded at the same 2^22.
 */
const BOX_POSITIONS = 2 ** 22;
/**
 * The fewest positions a box is filled for: below it the search is as fast (a box pays a fixed cost,
 * its kernel generated and compiled for the rule and the box: 3 to 20 ms; corner (3, 5) and (2, 2)
 * take 16 ms by a box, 0.3 ms by the search; at 32 × 32 both about 20 ms; at (100, 100) 25 ms against
 * 0.5 s). A box already cached serves positions of every size.
 */
const MIN_BOX_POSITIONS = 2 ** 10;
/** The boxes one engine cache keeps, every rule's together: four of the largest (64 MiB). */
const BOXES_BYTES = 4 * 4 * BOX_POSITIONS;
/**
 * The share of the time left that a box fill may take: the rest is the search's, should the fill stop
 * (a rule whose positions reach few of the box's, whose loops are long, fills far more than it needs).
 */
const BOX_TIME_SHARE = 0.5;
/** A box grown past the cached one: each side by a quarter at least, so positions growing one by one fill few boxes. */
const BOX_GROWTH = 1.25;

const optionsOf = cachedOptions;

const EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** The positions of the box [0, bounds] (Infinity past 2^1024: too many all the same). */
const positionsIn = (bounds: readonly number[]) => bounds.reduce((p, b) => p * (b + 1), 1);

/** The most positions a box may hold under the budget: its memory limit is a box's too. */
const boxLimit = (budget: Budget) => Math.min(BOX_POSITIONS, sequenceLengthLimit(budget));

/** The value of the position at p[at …] from the first box that has it, or −1 (outside them, or not reached). */
function boxValue(boxes: readonly MovesBox[], p: ArrayLike<number>, at = 0): number {
  for (const box of boxes) {
    let index = 0;
    for (let i = 0; i < box.bounds.length && index >= 0; i++) {
      const x = p[at + i];
      index = x >= 0 && x <= box.bounds[i] ? index + x * box.strides[i] : -1;
    }
    const value = index >= 0 ? box.values[index] : -1;
    if (value >= 0) return value;
  }
  return -1;
}

/** The rule's memo and box from the cache (a memo past MEMO_LIMIT starts again). */
function entryOf(component: Of<'moves-tuples'>, cache: EngineCache): MovesTuplesEntry {
  const key = component.rule.text;
  const entry = cache.movesTuples.get(key);
  if (entry && entry.memo.size <= MEMO_LIMIT) return entry;
  const fresh: MovesTuplesEntry = entry?.box ? { memo: new Map(), box: entry.box } : { memo: new Map() };
  cache.movesTuples.delete(key);
  cache.movesTuples.set(key, fresh);
  return fresh;
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

/** The maxima of as many positions as fit in a box under `limit` together, the smaller boxes taken first. */
function boundsFor(positions: readonly (readonly number[])[], limit: number): number[] | undefined {
  let bounds: number[] | undefined;
  const fitting = positions.filter((p) => positionsIn(p) <= limit);
  for (const p of fitting.sort((a, b) => positionsIn(a) - positionsIn(b))) {
    const wider = bounds ? bounds.map((b, i) => Math.max(b, p[i])) : [...p];
    if (positionsIn(wider) <= limit) bounds = wider;
  }
  return bounds;
}

/**
 * The boxes the positions' values are read from, the first that has a value giving it: the cached box
 * when it holds them all (or when the rule stopped its fill: a larger one would stop there again),
 * else a box filled for them and the cached one's positions (its sides grown by BOX_GROWTH at least,
 * where that fits), then the cached one. A fill that finished, or that the rule stopped, is cached; one
 * the budget stopped serves this analysis only (the values it reached are exact all the same).
 */
function boxesFor(
  component: Of<'moves-tuples'>,
  entry: MovesTuplesEntry,
  budget: Budget,
  cache: EngineCache,
): MovesBox[] {
  const old = entry.box ? [entry.box] : [];
  const exact = component.positions.filter((p) => p.every((x) => x <= EXACT)).map((p) => p.map(Number));
  const limit = boxLimit(budget);
  const need = boundsFor(exact, limit);
  const was = entry.box?.bounds;
  if (!need || positionsIn(need) < MIN_BOX_POSITIONS || entry.box?.stoppedByRule) return old;
  if (was && need.every((b, i) => b <= was[i])) return old;
  const joined = was ? need.map((b, i) => Math.max(b, was[i])) : need;
  const grown = was ? joined.map((b, i) => (b > was[i] ? Math.max(b, Math.ceil(BOX_GROWTH * was[i])) : b)) : need;
  const bounds = [grown, joined].find((b) => positionsIn(b) <= limit) ?? need;
  const { rule } = component;
  const filled = movesTupleValues(rule.moves, bounds, timeShare(budget, BOX_TIME_SHARE), 'generated', entry.memo);
  const { values, strides } = filled;
  const box: MovesBox = { bounds, values, strides, stoppedByRule: !filled.complete && filled.stop === undefined };
  if (filled.complete || box.stoppedByRule) keepBox(cache, rule.text, entry, box);
  return [box, ...old];
}

/**
 * What an analysis was made with, for its moves (movesTo has no cache): by the analysis object, so
 * nothing extra travels with an analysis posted from a worker. Missing (a copied analysis): a new memo.
 */
interface Known {
  readonly memo: Map<string, number>;
  readonly boxes: readonly MovesBox[];
}
const knownOfAnalysis = new WeakMap<ComponentAnalysis, Known>();

function movesTuplesValue(component: Of<'moves-tuples'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const entry = entryOf(component, cache);
  const { memo } = entry;
  const boxes = boxesFor(component, entry, budget, cache);
  const options = optionsOf(component.rule.moves);
  const parts: (bigint | null)[] = [];
  let reason: string | undefined;
  for (const position of component.positions) {
    if (position.some((x) => x > EXACT)) {
      parts.push(null);
      reason ??= `a number of (${position.join(', ')}) is past 2^53 - 1, the largest computed exactly`;
      continue;
    }
    const numbers = position.map(Number);
    const inBox = boxValue(boxes, numbers);
    if (inBox >= 0) {
      parts.push(BigInt(inBox));
      continue;
    }
    const found = movesTupleValue(component.rule.moves, numbers, budget, memo, options);
    if (found.value === null) {
      parts.push(null);
      reason ??= `the value of (${position.join(', ')}) is unknown: ${found.reason}`;
    } else parts.push(BigInt(found.value));
  }
  const analysis = partsAnalysis(parts, reason);
  knownOfAnalysis.set(analysis, { memo, boxes });
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
  const { memo, boxes } = knownOfAnalysis.get(value) ?? { memo: new Map<string, number>(), boxes: [] };
  const spend = movesSpender(budget);
  const options = optionsOf(rule);
  const seen = new Set<string>();
  component.positions.forEach((position, at) => {
    const key = position.join(',');
    if (seen.has(key)) return; // equal positions: the same moves
    seen.add(key);
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
        const inBox = boxValue(boxes, part);
        const v =
          inBox >= 0 ? inBox : (memo.get(part.join(',')) ?? movesTupleValue(rule, part, budget, memo, options).value);
        if (v === null) return; // the budget ran out: the moves found so far stay listed
        g ^= v; // values are below 2^31: their XOR too
      }
      if (BigInt(g) === target)
        list.add(index, { kind: 'moves-tuple', position: at, leaves: leaves.map((p) => p.map(BigInt)) });
    }
  });
}

export const movesTuplesFamily: ComponentFamily<'moves-tuples'> = {
  value: movesTuplesValue,
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
export function movesTable(rule: MovesRule, size: number, budget: Budget): MovesTable {
  if (rule.arity !== 2) throw new Error('internal: a table needs a rule of two variables');
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
  if (w * w >= MIN_BOX_POSITIONS && w * w <= boxLimit(budget)) {
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

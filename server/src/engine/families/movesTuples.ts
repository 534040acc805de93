// A tuple rule of one's own in sums (`rule corner = moves (x, y) -> …`, `corner (3, 5) (2, 2)`): each
// position's value by movesRule.ts's memoised search (movesTupleValue), its winning moves by listing
// its options and reading their values from the same memo.
//
// Values are exact (numbers to 2⁵³ − 1) or unknown with the reason: the budget ran out, a number was
// too large, or the rule broke the contract's well-foundedness (a part not smaller than its position,
// named). A rule's memo is kept in the engine cache by the rule's text, so a document's positions, and
// the next analysis after an edit elsewhere, share what was computed.
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import { movesSpender } from '../components';
import { cachedOptions } from '../heaps/moves';
import { type MovesRule, movesTupleValue } from '../heaps/movesRule';
import type { Budget, StopCause } from '../types';

/** Memo entries kept per rule, at most: past it the memo starts again (a value costs ~100 bytes in a Map). */
const MEMO_LIMIT = 4_000_000;

const optionsOf = cachedOptions;

/** The memo of a rule's values (by the position's numbers joined with commas), from the cache. */
function memoOf(component: Of<'moves-tuples'>, cache: EngineCache): Map<string, number> {
  let memo = cache.movesTuples.get(component.rule.text);
  if (!memo || memo.size > MEMO_LIMIT) {
    memo = new Map();
    cache.movesTuples.delete(component.rule.text);
    cache.movesTuples.set(component.rule.text, memo);
  }
  return memo;
}

const EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The memo an analysis was made with, for its moves (movesTo has no cache): by the analysis object, so
 * nothing extra travels with an analysis posted from a worker. Missing (a copied analysis): a new memo.
 */
const memoOfAnalysis = new WeakMap<ComponentAnalysis, Map<string, number>>();

function movesTuplesValue(component: Of<'moves-tuples'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const memo = memoOf(component, cache);
  const options = optionsOf(component.rule.moves);
  const parts: (bigint | null)[] = [];
  let reason: string | undefined;
  for (const position of component.positions) {
    if (position.some((x) => x > EXACT)) {
      parts.push(null);
      reason ??= `a number of (${position.join(', ')}) is past 2^53 - 1, the largest computed exactly`;
      continue;
    }
    const found = movesTupleValue(component.rule.moves, position.map(Number), budget, memo, options);
    if (found.value === null) {
      parts.push(null);
      reason ??= `the value of (${position.join(', ')}) is unknown: ${found.reason}`;
    } else parts.push(BigInt(found.value));
  }
  const analysis: ComponentAnalysis =
    reason !== undefined
      ? { status: 'unknown', nimber: null, parts, reason }
      : { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ g!, 0n), parts };
  memoOfAnalysis.set(analysis, memo);
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
  const memo = memoOfAnalysis.get(value) ?? new Map<string, number>();
  const spend = movesSpender(budget);
  const options = optionsOf(rule);
  const seen = new Set<string>();
  component.positions.forEach((position, at) => {
    const key = position.join(',');
    if (seen.has(key)) return; // equal positions: the same moves
    seen.add(key);
    const target = value.parts[at]! ^ total;
    const found: (readonly bigint[])[][] = [];
    options(position.map(Number), (parts, count) => {
      const leaves: bigint[][] = [];
      for (let i = 0; i < count; i++)
        leaves.push(Array.from(parts.subarray(i * rule.arity, (i + 1) * rule.arity), (x) => BigInt(x)));
      found.push(leaves);
    });
    for (const leaves of found) {
      spend(leaves.length + 1);
      let g = 0n;
      for (const part of leaves) {
        const known = memo.get(part.join(','));
        const v = known ?? movesTupleValue(rule, part.map(Number), budget, memo, options).value;
        if (v === null || v === undefined) return; // the budget ran out: the moves found so far stay listed
        g ^= BigInt(v);
      }
      if (g === target) list.add(index, { kind: 'moves-tuple', position: at, leaves });
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
 * G(a, b) for a, b up to `size`, by squares of growing side (each new row and column needs only the
 * smaller square and the memo), so that a stop leaves a whole square.
 */
export function movesTable(rule: MovesRule, size: number, budget: Budget): MovesTable {
  if (rule.arity !== 2) throw new Error('internal: a table needs a rule of two variables');
  const memo = new Map<string, number>();
  const options = optionsOf(rule);
  const cells = new Int32Array((size + 1) * (size + 1));
  const square = (side: number): MovesTable => {
    const w = side + 1;
    const values = new Int32Array(w * w);
    for (let a = 0; a <= side; a++) values.set(cells.subarray(a * (size + 1), a * (size + 1) + w), a * w);
    return { size: side, values };
  };
  for (let s = 0; s <= size; s++) {
    for (let i = 0; i <= s; i++)
      for (const [a, b] of i === s
        ? [[s, s]]
        : [
            [s, i],
            [i, s],
          ]) {
        const found = movesTupleValue(rule, [a, b], budget, memo, options);
        if (found.value === null)
          return { ...square(s - 1), ...(found.stop ? { stop: found.stop } : {}), reason: found.reason };
        cells[a * (size + 1) + b] = found.value;
      }
  }
  return square(size);
}

// Wythoff positions in sums: nimbers from the table (wythoff.ts), grown as heaps need it.
import { describeStop } from '../budget';
import type { ComponentAnalysis, ComponentFamily, EngineCache, MoveList, Of } from '../components';
import type { Budget } from '../types';
import { MAX_WYTHOFF_TABLE, wythoffMovesTo, wythoffNimber, wythoffTable } from './wythoffNimbers';

export const wythoffFamily: ComponentFamily<'wythoff'> = { value: wythoffValue, movesTo: wythoffComponentMovesTo };

/** Wythoff nimbers are tabled up to at least this (one table per cache, grown when a larger heap needs it). */
const WYTHOFF_TABLE_MIN = 64;

function wythoffValue(component: Of<'wythoff'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  let largest = 0n;
  for (const [a, b] of component.positions) largest = [largest, a, b].reduce((x, y) => (y > x ? y : x));
  let table = cache.wythoff;
  if ((!table || BigInt(table.size) < largest) && largest <= BigInt(MAX_WYTHOFF_TABLE)) {
    // Grow by doubling, so that a document's heaps do not each cost a new table.
    const size = Math.min(MAX_WYTHOFF_TABLE, Math.max(WYTHOFF_TABLE_MIN, Number(largest), 2 * (table?.size ?? 0)));
    const computed = wythoffTable(size, budget);
    if (!table || computed.size > table.size) table = computed;
    if (!computed.stop) cache.wythoff = computed;
  }
  const parts = component.positions.map(([a, b]) => (table ? (wythoffNimber(table, a, b) ?? null) : null));
  const known = (g: number | null): g is number => g !== null;
  if (parts.every(known))
    return {
      status: 'value',
      nimber: parts.reduce<bigint>((x, g) => x ^ BigInt(g), 0n),
      parts: parts.map(BigInt),
      ...(table ? { wythoff: table } : {}),
    };
  const reach = table ? table.size : -1;
  const reason =
    largest > BigInt(MAX_WYTHOFF_TABLE)
      ? `Wythoff nimbers have no known formula; they are computed for heaps up to ` +
        `${MAX_WYTHOFF_TABLE.toLocaleString('en-US')}, and this position has a heap of ${largest}`
      : `Wythoff nimbers were computed for heaps up to ${Math.max(reach, 0)} before the budget ran ` +
        `out${table?.stop ? ` (${describeStop(table.stop)})` : ''}`;
  return {
    status: 'unknown',
    nimber: null,
    parts: parts.map((g) => (g === null ? null : BigInt(g))),
    reason,
    ...(table ? { wythoff: table } : {}),
  };
}

function wythoffComponentMovesTo(
  component: Of<'wythoff'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const table = value.wythoff!;
  const seen = new Set<string>();
  component.positions.forEach(([a, b], position) => {
    const key = `${a},${b}`;
    if (seen.has(key)) return; // equal positions: the same moves
    seen.add(key);
    const target = value.parts[position]! ^ total;
    if (target > 0xffffn) return; // table values are below 2^16
    for (const move of wythoffMovesTo(table, a, b, Number(target)))
      list.add(index, { kind: 'wythoff', position, to: move.to });
  });
}

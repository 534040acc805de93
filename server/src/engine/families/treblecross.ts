// Treblecross rows: over, won at once, or the runs of safe cells as 0.007 heaps (treblecross.ts).
//
// Treblecross: a row of cells, `X` marked and anything else empty; a move marks an empty cell, and
// whoever makes three marked cells in a row wins at once.
//
// The reduction to a nimber (checked by brute force on the raw rules, in sums with Nim heaps, in
// test/engine/families/treblecross.test.ts):
//  - A row with a cell whose marking makes three in a row is won at once by the player to move: an
//    N-position, in any sum, with no nimber.
//  - Otherwise, in a row of at least 3 cells, no two X are within distance 2 (XX next to an empty
//    cell, or X.X, would be an immediate win; XX flanked by X is three in a row; a row of ≥ 3 cells
//    leaves XX at least one flank). Marking a cell within distance 2 of an X then hands the opponent
//    an immediate win (it makes X.X, or XX with an empty flank), so in a sum nobody does it while
//    anything else is left: the row plays as the game of its safe cells, those at distance ≥ 3 from
//    every X, and a player with no safe move anywhere loses (every move left loses at once).
//  - Marking a safe cell makes the cells within distance 2 of it unsafe, and nothing else: the safe
//    cells fall into maximal runs that do not interact. In a run of m cells, marking its i-th cell
//    (from 0) leaves runs of max(i - 2, 0) and max(m - 3 - i, 0). That is the octal game 0.007
//    (take 3 tokens, leaving up to two heaps) on a heap of m + 2: taking tokens j .. j + 2
//    (0 ≤ j ≤ m - 1) leaves heaps j and m - 1 - j, and as G(0) = G(1) = G(2) = 0 in 0.007 these have
//    the nimbers of runs of max(j - 2, 0) and max(m - 3 - j, 0). So a run of m has nimber
//    G_0.007(m + 2), and the row the XOR of its runs'.
//  - Rows of 1 or 2 cells are the exception: nobody can ever make three, so every move is safe and
//    the nimber is the number of empty cells mod 2 (".." is 0, while the run rule would say 1).
// 0.007 is not known to be periodic, so its values are computed as far as the longest run needs.

import { valueLimit } from '../budget';
import {
  type ComponentAnalysis,
  type ComponentFamily,
  type EngineCache,
  type MoveList,
  type Of,
  rememberSequence,
} from '../components';
import { ruleKey, ruleSequence, sequenceNimber } from '../heaps/heap';
import { withSequenceLimit } from '../limits';
import type { Budget, HeapRule, HeapSequence, TreblecrossAnalysis, TreblecrossSegment } from '../types';

/** Treblecross's octal code, 0.007. */
export const TREBLECROSS_OCTAL: HeapRule = { kind: 'octal', digits: [0, 0, 0, 7] };

const TREBLECROSS_KEY = ruleKey(TREBLECROSS_OCTAL);

function nimberOf(sequence: HeapSequence, heap: number): number {
  return heap <= sequence.computedUpTo ? sequence.values[heap] : Number(sequenceNimber(sequence, heap));
}

const marked = (cells: string, i: number) => i >= 0 && i < cells.length && cells[i] === 'X';

/** Empty cells whose marking makes three in a row. */
export function winningCells(cells: string): number[] {
  const wins: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 'X') continue;
    const left = marked(cells, i - 1);
    const right = marked(cells, i + 1);
    if ((left && right) || (left && marked(cells, i - 2)) || (right && marked(cells, i + 2))) wins.push(i);
  }
  return wins;
}

/** Maximal runs of empty cells at distance ≥ 3 from every X, as [start, length]. */
function safeRuns(cells: string): [number, number][] {
  const runs: [number, number][] = [];
  let lastX = -Infinity;
  let runStart = -1;
  // nextX[i]: the nearest X at or after i, found by one pass from the right.
  const nextX = new Float64Array(cells.length + 1).fill(Infinity);
  for (let i = cells.length - 1; i >= 0; i--) nextX[i] = cells[i] === 'X' ? i : nextX[i + 1];
  for (let i = 0; i <= cells.length; i++) {
    const safe = i < cells.length && cells[i] !== 'X' && i - lastX >= 3 && nextX[i] - i >= 3;
    if (safe && runStart < 0) runStart = i;
    if (!safe && runStart >= 0) {
      runs.push([runStart, i - runStart]);
      runStart = -1;
    }
    if (i < cells.length && cells[i] === 'X') lastX = i;
  }
  return runs;
}

/**
 * What a Treblecross row is: over, an immediate win, or a nimber with its runs of safe cells.
 * `sequence` is a cached 0.007 sequence (ruleSequence(TREBLECROSS_OCTAL)); it is extended when
 * a run is longer than it reaches, and the one used is in the result.
 */
export function analyzeTreblecross(cells: string, budget: Budget = {}, sequence?: HeapSequence): TreblecrossAnalysis {
  const over = cells.indexOf('XXX');
  if (over >= 0) return { status: 'over', at: over };
  const wins = winningCells(cells);
  if (wins.length > 0) return { status: 'immediate-win', winningCells: wins };
  const runs = cells.length >= 3 ? safeRuns(cells) : [];
  const needed = runs.reduce((most, [, length]) => Math.max(most, length + 2), 2);
  // The row reads 0.007's values within that rule's limit (limits.ts), however far the shared sequence went.
  const limited = withSequenceLimit(budget, TREBLECROSS_OCTAL);
  const { limit } = valueLimit(limited);
  if (needed >= limit)
    return {
      status: 'over-budget',
      reason:
        `this row needs the 0.007 nimbers up to ${needed}: they are computed up to ` +
        `n = ${(limit - 1).toLocaleString('en-US')}, the limit of values of a rule whose heaps split`,
      computedUpTo: Math.min(sequence?.computedUpTo ?? -1, limit - 1),
      stop: 'max-values',
    };
  const reaches = (s: HeapSequence | undefined) =>
    s !== undefined && s.key === TREBLECROSS_KEY && (s.complete || s.computedUpTo >= needed);
  let values = reaches(sequence) ? sequence : undefined;
  if (!values) {
    values = ruleSequence(TREBLECROSS_OCTAL, limited, { stopAt: needed, resume: sequence });
    if (!reaches(values)) {
      return {
        status: 'over-budget',
        reason: `this row needs the 0.007 nimbers up to ${needed}: ${values.reason}`,
        computedUpTo: values.computedUpTo,
        ...(values.stop ? { stop: values.stop } : {}),
      };
    }
  }
  const known = values;
  const g = (heap: number) => nimberOf(known, heap);
  const segments: TreblecrossSegment[] = runs.map(([start, length]) => ({ start, length, nimber: g(length + 2) }));
  const nimber =
    cells.length >= 3 ? segments.reduce((x, s) => x ^ s.nimber, 0) : [...cells].filter((c) => c !== 'X').length % 2;
  return { status: 'nimber', cells, nimber, segments, sequence: known };
}

/**
 * Every cell whose marking leaves the row with nimber `target` and hands the opponent no immediate
 * win, in increasing order. (To win a sum whose other components XOR to y, move this row to y.)
 */
export function treblecrossMovesTo(
  analysis: Extract<TreblecrossAnalysis, { status: 'nimber' }>,
  target: number,
): number[] {
  const { cells, segments, nimber, sequence } = analysis;
  const moves: number[] = [];
  if (cells.length < 3) {
    const empty = [...cells].filter((c) => c !== 'X').length;
    if ((empty - 1) % 2 === target) for (let i = 0; i < cells.length; i++) if (cells[i] !== 'X') moves.push(i);
    return moves;
  }
  const g = (heap: number) => nimberOf(sequence, heap);
  for (const segment of segments) {
    const others = nimber ^ segment.nimber;
    const m = segment.length;
    for (let i = 0; i < m; i++) {
      const after = others ^ g(Math.max(i - 2, 0) + 2) ^ g(Math.max(m - 3 - i, 0) + 2);
      if (after === target) moves.push(segment.start + i);
    }
  }
  return moves;
}

export const treblecrossFamily: ComponentFamily<'treblecross'> = {
  value: (c, budget, cache) => treblecrossValue(c.cells, budget, cache),
  movesTo: treblecrossComponentMovesTo,
};

function treblecrossValue(cells: string, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const key = ruleKey(TREBLECROSS_OCTAL);
  const analysis = analyzeTreblecross(cells, budget, cache.sequences.get(key));
  switch (analysis.status) {
    case 'over':
      return {
        status: 'over',
        nimber: null,
        parts: [],
        treblecross: analysis,
        reason: `three marked cells in a row at cell ${analysis.at + 1}: the game is over`,
      };
    case 'immediate-win':
      return { status: 'immediate-win', nimber: null, parts: [], treblecross: analysis };
    case 'nimber':
      rememberSequence(cache, analysis.sequence);
      return {
        status: 'value',
        nimber: BigInt(analysis.nimber),
        parts: analysis.segments.map((s) => BigInt(s.nimber)),
        treblecross: analysis,
        sequence: analysis.sequence,
      };
    case 'over-budget':
      return { status: 'unknown', nimber: null, parts: [], treblecross: analysis, reason: analysis.reason };
  }
}

function treblecrossComponentMovesTo(
  _component: Of<'treblecross'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const analysis = value.treblecross;
  if (analysis?.status !== 'nimber') return;
  const target = BigInt(analysis.nimber) ^ total;
  if (target > 0xffffffffn) return; // row nimbers are 32-bit numbers: no move reaches this one
  for (const cell of treblecrossMovesTo(analysis, Number(target)))
    list.add(index, { kind: 'mark', cell, winsAtOnce: false });
}

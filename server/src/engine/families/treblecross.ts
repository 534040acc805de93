// Treblecross rows: over, won at once, or the runs of safe cells as 0.007 heaps (treblecross.ts).

import {
  type ComponentAnalysis,
  type ComponentFamily,
  type EngineCache,
  type MoveList,
  type Of,
  rememberSequence,
} from '../components';
import { ruleKey } from '../heaps/heap';
import type { Budget } from '../types';
import { analyzeTreblecross, TREBLECROSS_OCTAL, treblecrossMovesTo } from './treblecrossNimbers';

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

// `npm run bench`: the engine's benchmarks. Each case runs in a fresh process of its own, so its
// peak memory (maxRSS) is its own; the time is the median of a few runs inside that process
// (the first run included: caches start empty in every run).

import type { GameInput, GraphData, HeapRule } from '../../server/src/engine';
import { analyzeGame, graphNimbers, heapNimber, ruleSequence } from '../../server/src/engine';
import { leftmostMovesTo, leftmostNimber } from '../../server/src/engine/families/leftmost';
import { wordMovesTo, wordPiece, wordPieceValues } from '../../server/src/engine/families/words';
import { wythoffNimber, wythoffTable, wythoffWinningMoves } from '../../server/src/engine/families/wythoff';
import { type BenchCase, runBenchmarks } from '../helpers/benchCases';
import { random } from './oracles/random';

const subtract = (...set: number[]): HeapRule => ({ kind: 'subtract', set: set.map(BigInt) });

function randomDag(vertices: number, edges: number): GraphData {
  const next = random(99);
  // Edges from lower to higher index, so acyclic; ~edges/vertices successors each.
  const degree = new Int32Array(vertices);
  const from = new Int32Array(edges);
  const to = new Int32Array(edges);
  for (let e = 0; e < edges; e++) {
    const a = Math.floor(next() * (vertices - 1));
    from[e] = a;
    to[e] = a + 1 + Math.floor(next() * Math.min(1000, vertices - a - 1));
    degree[a]++;
  }
  const succStart = new Int32Array(vertices + 1);
  for (let v = 0; v < vertices; v++) succStart[v + 1] = succStart[v] + degree[v];
  const fill = succStart.slice(0, vertices);
  const succ = new Int32Array(edges);
  for (let e = 0; e < edges; e++) succ[fill[from[e]]++] = to[e];
  return { vertexNames: Array.from({ length: vertices }, (_, v) => `v${v}`), succStart, succ };
}

function chain(vertices: number): GraphData {
  const succStart = Int32Array.from({ length: vertices + 1 }, (_, v) => Math.min(v, vertices - 1));
  const succ = Int32Array.from({ length: vertices - 1 }, (_, v) => v + 1);
  return { vertexNames: Array.from({ length: vertices }, (_, v) => `v${v}`), succStart, succ };
}

const heapCase = (label: string, rule: HeapRule, heap: bigint): BenchCase => ({
  name: `${label}, heap ${heap === 10n ** 18n ? '10^18' : heap.toLocaleString('en-US')}`,
  runs: 5,
  prepare: () => () => {
    const result = heapNimber(rule, heap);
    const p = result.sequence?.periodicity;
    return `nimber ${result.nimber}${p ? `; period ${p.period} from ${p.preperiod}, proved at ${p.provedAt}` : ''}`;
  },
});

const game = (components: GameInput['components']): GameInput => ({ play: 'normal', components });

const cases: BenchCase[] = [
  heapCase('subtract {1, 2}', subtract(1, 2), 10n ** 7n),
  heapCase('subtract {1, 2}', subtract(1, 2), 10n ** 18n),
  heapCase('subtract {2, 3, 7}', subtract(2, 3, 7), 10n ** 18n),
  heapCase('subtract {1, 4, 9, 16, 25, 36, 49}', subtract(1, 4, 9, 16, 25, 36, 49), 10n ** 18n),
  heapCase('subtract {3, 17, 42, 101, 999}', subtract(3, 17, 42, 101, 999), 10n ** 7n),
  heapCase('subtract {3, 17, 42, 101, 999}', subtract(3, 17, 42, 101, 999), 10n ** 18n),
  {
    name: 'subtract {1, 3, 10^9} plain DP to heap 10^7 (no period within reach)',
    runs: 3,
    prepare: () => () => `nimber ${heapNimber(subtract(1, 3, 10 ** 9), 10n ** 7n).nimber}`,
  },
  {
    name: 'subtract {3, 17, 42, 101, 999} plain DP to heap 10^7 (period search off)',
    runs: 3,
    prepare: () => () =>
      `G(10^7) = ` +
      `${ruleSequence(subtract(3, 17, 42, 101, 999), {}, { stopAt: 10 ** 7, findPeriod: false }).values[10 ** 7]}`,
  },
  {
    name: 'random DAG, 10^6 vertices, 4·10^6 edges',
    runs: 3,
    prepare: () => {
      const graph = randomDag(1_000_000, 4_000_000);
      return () => {
        const result = graphNimbers(graph);
        let max = 0;
        for (const g of result.nimbers) max = Math.max(max, g);
        return `${result.status}, largest nimber ${max}`;
      };
    },
  },
  {
    name: 'chain of 10^6 vertices',
    runs: 3,
    prepare: () => {
      const graph = chain(1_000_000);
      return () => `${graphNimbers(graph).status}, nimber of the first vertex ${graphNimbers(graph).nimbers[0]}`;
    },
  },
  {
    name: 'Treblecross row of 200 cells (.....X... pattern), all winning moves',
    runs: 5,
    prepare: () => {
      const cells = Array.from({ length: 200 }, (_, i) => (i % 37 === 5 ? 'X' : '.')).join('');
      return () => {
        const a = analyzeGame(game([{ kind: 'treblecross', cells }]));
        return `nimber ${a.nimber}, ${a.winningMoveCount} winning moves`;
      };
    },
  },
  {
    name: 'Treblecross row of 100,000 empty cells, all winning moves',
    runs: 1,
    prepare: () => {
      const cells = '.'.repeat(100_000);
      return () => {
        const a = analyzeGame(game([{ kind: 'treblecross', cells }]));
        return `nimber ${a.nimber}, ${a.winningMoveCount} winning moves`;
      };
    },
  },
  {
    name: 'Kayles heap 10^6 beside Nim 3, nimber and every winning move counted',
    runs: 5,
    prepare: () => () => {
      const a = analyzeGame(
        game([
          { kind: 'heaps', rule: { kind: 'octal', digits: [0, 7, 7] }, heaps: [10n ** 6n] },
          { kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [3n] },
        ]),
      );
      return `nimber ${a.components[0].nimber}, ${a.winningMoveCount} winning moves`;
    },
  },
  {
    name: "Dawson's chess heap 10^18, nimber and every winning move counted",
    runs: 5,
    prepare: () => () => {
      const a = analyzeGame(
        game([
          { kind: 'heaps', rule: { kind: 'octal', digits: [0, 1, 3, 7] }, heaps: [10n ** 18n] },
          { kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [1n] },
        ]),
      );
      return `nimber ${a.components[0].nimber}, ${a.winningMoveCount} winning moves`;
    },
  },
  {
    name: "Wythoff's game: every nimber up to 1,000 × 1,000",
    runs: 3,
    prepare: () => () => {
      const table = wythoffTable(1000);
      return `G(1000, 1000) = ${wythoffNimber(table, 1000n, 1000n)}; G(999, 617) = ${wythoffNimber(table, 999n, 617n)}`;
    },
  },
  {
    name: "Wythoff's game at heaps of 10^100: the P-partner and every winning move",
    runs: 5,
    prepare: () => () => {
      const moves = wythoffWinningMoves(10n ** 100n, 3n * 10n ** 99n);
      return `${moves.length} winning moves`;
    },
  },
  {
    name: 'word game: a piece of 500 characters, 50 words, nimber and winning moves',
    runs: 5,
    prepare: () => {
      const next = random(59);
      const letters = 'abcd';
      const words = Array.from({ length: 50 }, () =>
        Array.from({ length: 1 + Math.floor(next() * 4) }, () => letters[Math.floor(next() * 4)]).join(''),
      );
      const text = Array.from({ length: 500 }, () => letters[Math.floor(next() * 4)]).join('');
      return () => {
        const values = wordPieceValues(wordPiece(text, words));
        return `nimber ${values.nimber}, ${wordMovesTo(values, 0).length} moves to 0`;
      };
    },
  },
  {
    name: 'hexadecimal code 0.8 (take one, leave three heaps): nimbers of heaps 0..2,000',
    runs: 3,
    prepare: () => () => {
      const s = ruleSequence({ kind: 'octal', digits: [0, 8] }, {}, { stopAt: 2000, findPeriod: false });
      return `G(2000) = ${s.values[2000]}`;
    },
  },
  {
    name: 'leftmost-pile game: a row of 10^6 piles of 10^30',
    runs: 3,
    prepare: () => {
      const row = Array.from({ length: 1_000_000 }, (_, i) => 10n ** 30n + BigInt(i % 13));
      return () =>
        `nimber 10^30 + (${leftmostNimber(row) - 10n ** 30n}), ${leftmostMovesTo(row, 0n).length} moves to 0`;
    },
  },
];

runBenchmarks('engine benchmarks: median time of the runs, peak resident memory of the process', cases, 78);

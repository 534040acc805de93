// `npm run bench -- graphKayles` (or `node test/bench.mjs graphKayles` after a build): Node Kayles
// and Arc Kayles (engine/boards/graphKayles.ts) on random graphs of average degree 3 — n vertices and
// 3n/2 edges drawn uniformly among the pairs, seeds 1, 2, … — each analysed cold (no finished
// searches) within the default limits (LIMITS.kaylesPositions a component, no time limit). The issue's
// target: every graph of 30 vertices within them. Reported per size and kind: how many were solved, the wall-clock and
// CPU times (median, p95, max; the machine is shared, so CPU time is the steadier figure), the
// positions searched, and the process's peak resident memory. Then 40, 50 and 60 vertices: how far
// the search goes within the same limits. Last, a published sequence at its end: Node Kayles on the
// 3 × n grid, OEIS A316632 (n = 1..16; the test checks n ≤ 14), each term's time.
import {
  KAYLES_LIMITS,
  type KaylesGraph,
  type KaylesKind,
  kaylesValue,
} from '../../../server/src/engine/boards/graphKayles';
import { SearchResults } from '../../../server/src/engine/boards/searchResults';
import { randomGraph } from './randomGraphs';

const SIZES: [vertices: number, graphs: number][] = [
  [30, 20],
  [40, 5],
  [50, 5],
  [60, 3],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let peak = 0;
const sampleMemory = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const sampler = setInterval(sampleMemory, 50);

console.log(`random graphs, average degree 3, each cold within ${KAYLES_LIMITS.positions} positions a component`);
for (const [n, count] of SIZES)
  for (const kind of ['node', 'arc'] as KaylesKind[]) {
    const walls: number[] = [];
    const cpus: number[] = [];
    const positions: number[] = [];
    const values: string[] = [];
    let solved = 0;
    for (let seed = 1; seed <= count; seed++) {
      const graph = randomGraph(seed, n);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const analysis = kaylesValue(kind, graph, {}, new SearchResults());
      walls.push(performance.now() - started);
      cpus.push((process.cpuUsage().user + process.cpuUsage().system - cpu.user - cpu.system) / 1000);
      positions.push(analysis.positions);
      values.push(analysis.value === null ? '?' : String(analysis.value));
      if (analysis.value !== null) solved++;
      sampleMemory();
    }
    const wall = [...walls].sort((a, b) => a - b);
    const cpu = [...cpus].sort((a, b) => a - b);
    console.log(
      `${n} vertices, ${kind === 'node' ? 'Node' : 'Arc'} Kayles: ${solved}/${count} solved; ` +
        `wall median ${seconds(quantile(wall, 0.5))}, p95 ${seconds(quantile(wall, 0.95))}, ` +
        `max ${seconds(wall[wall.length - 1])}; CPU median ${seconds(quantile(cpu, 0.5))}, ` +
        `p95 ${seconds(quantile(cpu, 0.95))}, max ${seconds(cpu[cpu.length - 1])}; ` +
        `positions max ${Math.max(...positions).toLocaleString('en')}; values ${values.join(' ')}`,
    );
  }
// OEIS A316632 (Brown et al., J. Integer Sequences 23, 2020): Node Kayles on the 3 × n grid.
const A316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
const grid = (columns: number): KaylesGraph => {
  const edges: [number, number][] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < columns; c++) {
      if (c + 1 < columns) edges.push([r * columns + c, r * columns + c + 1]);
      if (r < 2) edges.push([r * columns + c, (r + 1) * columns + c]);
    }
  return { vertices: 3 * columns, edges };
};
const terms: string[] = [];
for (let n = 13; n <= 16; n++) {
  const started = performance.now();
  const { value } = kaylesValue('node', grid(n), {}, new SearchResults());
  const verdict = value === A316632[n - 1] ? '' : value === null ? ' (unknown)' : ` (PUBLISHED ${A316632[n - 1]})`;
  terms.push(`3 × ${n}: ${value}${verdict} in ${seconds(performance.now() - started)}`);
  sampleMemory();
}
console.log(`Node Kayles on the 3 × n grid against OEIS A316632: ${terms.join('; ')}`);
clearInterval(sampler);
sampleMemory();
console.log(`peak resident memory: ${(peak / 2 ** 20).toFixed(0)} MiB`);

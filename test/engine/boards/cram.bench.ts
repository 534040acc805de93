// `npm run bench -- cram` (node test/bench.mjs cram): how far the Cram engine (engine/boards/cram*.ts)
// reaches on empty rectangles, against the published values.
//  1. Every board up to 4×5 and 3×9 (1×1 … 4×5, 3×6 … 3×9; one orientation each, as turning a
//     board keeps its value) within the default limits (LIMITS.cramPositions a region). Target: all of them.
//  2. The 5×7 board (Schneider's record, 2009) within the default limits, and with them raised (no limit of
//     positions, CRAM_RAISED_SECONDS of time, default 1800): its time. Target: finished, and equal to the
//     published 1.
//  3. The reach: rows of 3, 4, 5, 6 and 7 cells, one more column at a time, with no limit of positions,
//     until a board is not done within CRAM_BOARD_SECONDS (default 60) or the run has used
//     CRAM_TOTAL_SECONDS (default 540, so that the whole bench takes about ten minutes). Target: every
//     value reached equals the published one where there is one.
//  4. Memory: the process's peak RSS (each region's table is its search's own, under DEFAULT_CRAM_MEMO_BYTES).
// Each board gets new finished searches, so that its time is its own. Times are wall-clock and CPU (this
// machine is shared: CPU time is the steadier measure). Published values: Piotr Beling's README
// (github.com/beling/impartial-games), whose smaller entries it credits to Glop (Lemoine and
// Viennot, 2010) and Schneider (2009); no table of 3×n values was found published (the records
// page of Glop lists them, but no stored copy of it could be read), so 3×n rows show none.
import {
  CRAM_LIMITS,
  type CramBoard,
  type CramLimits,
  cramValue,
  DEFAULT_CRAM_MEMO_BYTES,
  SearchResults,
} from '../../../server/src/engine/boards/cram';
import { BELING_CRAM as PUBLISHED } from './boardValues';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const BOARD_MS = seconds('CRAM_BOARD_SECONDS', 60);
const TOTAL_MS = seconds('CRAM_TOTAL_SECONDS', 540);
const RAISED_MS = seconds('CRAM_RAISED_SECONDS', 1800);
const RAISED: CramLimits = { positions: Number.POSITIVE_INFINITY, boardPositions: Number.POSITIVE_INFINITY };

const rectangle = (height: number, width: number): CramBoard => ({
  width,
  height,
  empty: new Uint8Array(width * height).fill(1),
});

interface Run {
  readonly name: string;
  readonly value: number | null;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly positions: number;
  readonly how: string;
}

/** A board's value under `limits`, and (when given) a deadline `budgetMs` away. */
function run(height: number, width: number, limits: CramLimits, budgetMs?: number): Run {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const budget = budgetMs === undefined ? {} : { deadline: Date.now() + budgetMs };
  const analysis = cramValue(rectangle(height, width), budget, new SearchResults(), {}, limits);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const how = analysis.theorem
    ? 'theorem'
    : analysis.value === null
      ? (analysis.reason ?? '')
      : analysis.positions === 0
        ? analysis.parts.some((part) => part.why?.includes('Dawson'))
          ? 'identity (Dawson’s Kayles)'
          : 'no move'
        : 'search';
  return {
    name: `${height}×${width}`,
    value: analysis.value,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    positions: analysis.positions,
    how,
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const pad = (text: string, width: number) => text.padEnd(width);
let failed = false;

const header = () =>
  console.log(
    `  ${pad('board', 7)}${pad('value', 7)}${pad('published', 11)}${pad('wall', 10)}${pad('cpu', 10)}positions`,
  );

function print(r: Run): void {
  const published = PUBLISHED.get(r.name);
  const agrees = published === undefined || r.value === null || r.value === published;
  if (!agrees) failed = true;
  const value = r.value === null ? '?' : String(r.value);
  const mark = published === undefined ? '—' : `${published}${agrees ? '' : '  DIFFERENT'}`;
  const positions = r.how === 'search' ? r.positions.toLocaleString('en-US') : r.how;
  console.log(
    `  ${pad(r.name, 7)}${pad(value, 7)}${pad(mark, 11)}${pad(s(r.wallMs), 10)}${pad(s(r.cpuMs), 10)}${positions}`,
  );
}

// 1. The small boards, default budget.
console.log(
  `Cram: every board up to 4×5 and 3×9, within the default limits (${CRAM_LIMITS.positions} positions a region)`,
);
header();
const small: Run[] = [];
for (let height = 1; height <= 4; height++)
  for (let width = height; width <= (height <= 3 ? 9 : 5); width++) {
    small.push(run(height, width, CRAM_LIMITS));
    print(small[small.length - 1]);
  }
const late = small.filter((r) => r.value === null);
console.log(`  ${late.length === 0 ? 'met' : `NOT MET: ${late.map((r) => r.name).join(', ')}`}`);
if (late.length > 0) failed = true;

// 2. 5×7 within the default limits, and with them raised.
console.log(
  `\nCram 5×7 (Schneider's record), within the default limits, then with no limit of positions and ${s(RAISED_MS)}`,
);
header();
print(run(5, 7, CRAM_LIMITS));
const raised = run(5, 7, RAISED, RAISED_MS);
print(raised);
if (raised.value !== 1) failed = true;
console.log(`  ${raised.value === 1 ? 'met' : 'NOT MET'}`);

// 3. The reach.
console.log(`\nCram rectangles: how far, at most ${s(BOARD_MS)} a board and ${s(TOTAL_MS)} in all`);
header();
const reachStarted = performance.now();
const reachedTo: string[] = [];
for (let height = 3; height <= 7; height++) {
  let last = '';
  for (let width = height; ; width++) {
    const left = TOTAL_MS - (performance.now() - reachStarted);
    if (left <= 0) break;
    const r =
      height === 5 && width === 7 && raised.wallMs <= BOARD_MS
        ? raised
        : run(height, width, RAISED, Math.min(BOARD_MS, left));
    print(r);
    if (r.value === null) break;
    last = r.name;
  }
  reachedTo.push(`${height} rows: ${last || 'none'}`);
}
console.log(`  reached ${reachedTo.join('; ')}`);
console.log(`  ${failed ? 'NOT MET: a value differs from the published one' : 'met: every value reached agrees'}`);

// 4. Memory.
const peak = process.resourceUsage().maxRSS * 1024;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
console.log(`\nMemory: peak RSS ${mib(peak)} (a region's table at most ${mib(DEFAULT_CRAM_MEMO_BYTES)})`);
if (failed) process.exitCode = 1;

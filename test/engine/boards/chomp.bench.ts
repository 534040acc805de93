// `node test/bench.mjs chomp`: how far the Chomp engine (engine/boards/chomp.ts) reaches, measured.
// - Every rectangle up to 10 × 10, each alone (a new memo: nothing carried over), against the
//   default budget (10 s): the time of each, the largest, the values; then every one of the
//   184,755 staircases inside 10 × 10 read through one memo.
// - Three rows up to 100 columns: [100, 100, 100] (its C(103, 3) − 1 positions) and every three-row
//   board inside it.
// - How far square boards and four-row boards go in a minute each (n × n, then 4 × w by steps).
// - Peak memory (resident set, sampled after each computation) and the memo's bytes against its
//   ceiling. Times are wall-clock and CPU on a shared machine: the CPU time is the steadier one.
import {
  ChompMemo,
  chompValue,
  chompWinningMoves,
  DEFAULT_CHOMP_MEMO_BYTES,
} from '../../../server/src/engine/boards/chomp';

const MINUTE = 60_000;
const DEFAULT_BUDGET_MS = 10_000;
const rectangle = (rows: number, columns: number) => new Array<number>(rows).fill(columns);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
let peakRss = process.memoryUsage().rss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
let failed = false;

/** Runs `work`, returning its result with wall-clock and CPU milliseconds. */
function timed<T>(work: () => T): { result: T; ms: number; cpu: number } {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const result = work();
  const ms = performance.now() - started;
  const cpuUsed = process.cpuUsage(cpuStart);
  sample();
  return { result, ms, cpu: (cpuUsed.user + cpuUsed.system) / 1000 };
}
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

console.log(`Chomp: the memo's ceiling ${mib(DEFAULT_CHOMP_MEMO_BYTES)}`);

// ---- every rectangle up to 10 × 10, each alone ----
{
  console.log('\nevery rectangle up to 10 × 10, each with a new memo, default budget (10 s):');
  let slowest = { ms: 0, cpu: 0, board: '' };
  const rows: string[] = [];
  for (let r = 1; r <= 10; r++) {
    const cells: string[] = [];
    for (let c = 1; c <= 10; c++) {
      const { result, ms, cpu } = timed(() =>
        chompValue(rectangle(r, c), { deadline: Date.now() + DEFAULT_BUDGET_MS }, new ChompMemo()),
      );
      if (result.value === null) {
        failed = true;
        cells.push('  ?');
        console.log(`  ${r} × ${c}: NOT REACHED: ${result.reason}`);
      } else cells.push(String(result.value).padStart(3));
      if (ms > slowest.ms) slowest = { ms, cpu, board: `${r} × ${c}` };
    }
    rows.push(`  ${String(r).padStart(2)} rows: ${cells.join(' ')}`);
  }
  console.log('  values (rows × columns 1..10):');
  for (const row of rows) console.log(row);
  console.log(`  slowest: ${slowest.board}, ${s(slowest.ms)} (CPU ${s(slowest.cpu)}) [target: within 10 s]`);
  if (slowest.ms > DEFAULT_BUDGET_MS) failed = true;
}

// ---- every staircase inside 10 × 10 through one memo ----
{
  const memo = new ChompMemo();
  const boards: number[][] = [];
  const extend = (prefix: number[]) => {
    if (prefix.length > 0) boards.push(prefix);
    if (prefix.length === 10) return;
    const top = prefix.length > 0 ? prefix[prefix.length - 1] : 10;
    for (let length = 1; length <= top; length++) extend([...prefix, length]);
  };
  extend([]);
  const { result, ms, cpu } = timed(() => {
    // The largest first: every other one is inside its table.
    chompValue(rectangle(10, 10), { deadline: Date.now() + DEFAULT_BUDGET_MS }, memo);
    let unknown = 0;
    let zeros = 0;
    for (const board of boards) {
      const value = chompValue(board, { deadline: Date.now() + DEFAULT_BUDGET_MS }, memo).value;
      if (value === null) unknown++;
      else if (value === 0) zeros++;
    }
    return { unknown, zeros };
  });
  console.log(
    `\nevery staircase inside 10 × 10 (${boards.length.toLocaleString('en-US')} boards), one memo, 10 × 10 first: ` +
      `${s(ms)} (CPU ${s(cpu)}), ${result.zeros.toLocaleString('en-US')} are 0, ${result.unknown} unknown; ` +
      `memo ${mib(memo.bytes)}`,
  );
  if (result.unknown > 0) failed = true;
}

// ---- three rows up to 100 columns ----
{
  const memo = new ChompMemo();
  const { result, ms, cpu } = timed(() =>
    chompValue([100, 100, 100], { deadline: Date.now() + DEFAULT_BUDGET_MS }, memo),
  );
  console.log(
    `\n[100, 100, 100]: value ${result.value}, ${result.positions.toLocaleString('en-US')} positions, ` +
      `${s(ms)} (CPU ${s(cpu)}) [target: within 10 s]; memo ${mib(memo.bytes)}`,
  );
  if (result.value === null || ms > DEFAULT_BUDGET_MS) failed = true;
  const every = timed(() => {
    let count = 0;
    let unknown = 0;
    for (let p = 1; p <= 100; p++)
      for (let q = 0; q <= p; q++)
        for (let r = 0; r <= q; r++) {
          const board = [p, q, r].filter((n) => n > 0);
          if (chompValue(board, {}, memo).value === null) unknown++;
          count++;
        }
    return { count, unknown };
  });
  console.log(
    `  every board of at most three rows inside it (${every.result.count.toLocaleString('en-US')}), read: ` +
      `${s(every.ms)}, ${every.result.unknown} unknown`,
  );
  const moves = timed(() => chompWinningMoves([100, 100, 100], 0, {}, memo));
  console.log(
    `  its winning move: ${moves.result.moves.map((m) => `(${m.row}, ${m.column})`).join(', ')} ` +
      `(${s(moves.ms)}; Gale 1974 and Sheiner 2026: exactly one, not in the bottom row)`,
  );
}

// ---- how far in a minute ----
function reach(title: string, boards: (step: number) => number[] | undefined): void {
  console.log(`\n${title}, a minute each (new memo each):`);
  for (let step = 0; ; step++) {
    const board = boards(step);
    if (!board) break;
    const memo = new ChompMemo();
    const { result, ms, cpu } = timed(() => chompValue(board, { deadline: Date.now() + MINUTE }, memo));
    const name = `${board.length} × ${board[0]}`;
    if (result.value === null) {
      console.log(`  ${name}: not within a minute: ${result.reason}${result.nonzero ? ' (nonzero)' : ''}`);
      break;
    }
    console.log(
      `  ${name}: value ${result.value}, ${result.positions.toLocaleString('en-US')} positions, ` +
        `${s(ms)} (CPU ${s(cpu)}), memo ${mib(memo.bytes)}`,
    );
  }
}
reach('square boards', (step) => (step + 10 <= 20 ? rectangle(step + 10, step + 10) : undefined));
reach('four rows', (step) => (step < 12 ? rectangle(4, 20 * (step + 1)) : undefined));

console.log(`\npeak resident memory: ${mib(peakRss)} (the memo's ceiling ${mib(DEFAULT_CHOMP_MEMO_BYTES)} a memo)`);
if (failed) process.exitCode = 1;

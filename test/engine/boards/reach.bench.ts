// `node test/bench.mjs reach` (after `node esbuild.mjs --tests`; `npm run bench` runs it with the others): issue 43,
// item 4, measured. How far the boards and graph games reach through the CLI (`grundy analyze FILE`, cliRuns.ts),
// with its default flags unless said, each run a process of its own so that nothing computed is carried over:
//  1. Cram: every board up to 4×5 and 3×9 (m ≤ n: 1×1 … 3×9, 4×4, 4×5), each alone. Claim: every one valued.
//  2. Cram 5×7 with the budget raised (--budget-ms, REACH_RAISED_SECONDS, default 1800): its time and value; and
//     once with the default flags, to say whether the default budget is enough.
//  3. Node Kayles and Arc Kayles on 24 random graphs each (30 vertices, 45 edges: average degree 3; seeds 1…24,
//     randomGraphs.ts), each alone. Claim: every one valued; the times' median, p95 and maximum.
//  4. Chomp: every rectangle up to 10 × 10, each alone; every one of the 184,755 boards inside 10 × 10 through the
//     engine in one table, timed; [100, 100, 100] and a seeded sample of three-row boards, each alone; every board
//     of at most three rows inside [100, 100, 100] through the engine. Claim: every one valued.
//  5. Cram rectangles for REACH_MINUTES (default 10): 2 to 7 rows, the boards in order of area, each alone under
//     --budget-ms REACH_BOARD_SECONDS (default 60); a row stops at its first board not valued in that time. When
//     every row has stopped, the time left goes to the stopped boards, the smallest first, each given all of it.
//     The table of values reached beside the published ones (equal, DIFFERS, not published).
//  6. Memory: every run's peak resident set against the CLI's ceiling (--max-memory-mb's default here), and the
//     server's computation ceiling for comparison; the engine's memos against their own ceilings.
// Every value is checked against a source outside the engine (boardValues.ts: published tables, theorems, brute
// forces from the rules alone). The exit code is 1 only for a value that differs or a claim not met; times are
// reported, never judged (the machine is shared: the load average is printed beside them).
import { execFileSync } from 'node:child_process';
import { DEFAULT_COMPUTATION_MEMORY_MB } from '../../../server/src/compute/jobs';
import {
  ChompMemo,
  CramMemo,
  chompValue,
  type KaylesGraph,
  type KaylesKind,
  KaylesMemo,
} from '../../../server/src/engine/boards';
import { integer, random } from '../oracles/random';
import {
  CRAM_BRUTE_CELLS,
  chompStaircases,
  chompThreeRows,
  cramBrute,
  type KnownValue,
  knownCram,
} from './boardValues';
import { analyzeWithCli, CLI_DEFAULTS, type CliRun, mib, quantile, seconds } from './cliRuns';
import { randomGraph } from './randomGraphs';

const fromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const REACH_MS = fromEnv('REACH_MINUTES', 10) * 60_000;
const BOARD_MS = fromEnv('REACH_BOARD_SECONDS', 60) * 1000;
const RAISED_MS = fromEnv('REACH_RAISED_SECONDS', 1800) * 1000;
const KAYLES_GRAPHS = 24;
const CHOMP_SAMPLE = 12;
const MIB = 2 ** 20;

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const count = (n: number) => n.toLocaleString('en-US');
const shown = (value: number | null) => (value === null ? '?' : `*${value}`);
const pad = (text: string, width: number) => text.padEnd(width);
const failures: string[] = [];
const fail = (why: string) => {
  failures.push(why);
  console.log(`  FAILED: ${why}`);
};

/** Every CLI run's peak memory, by what it ran. */
const peaks: { what: string; bytes: number }[] = [];
function cli(what: string, games: readonly string[], flags: readonly string[] = [], killAfterMs?: number): CliRun {
  const run = analyzeWithCli(games, flags, killAfterMs);
  peaks.push({ what, bytes: run.peakRss });
  if (run.exitCode !== 0 || run.peakRss === 0) fail(`${what}: the CLI ended with ${run.exitCode}: ${run.stderr}`);
  return run;
}

const cramText = (rows: number, columns: number) =>
  `game c = cram [${new Array(rows).fill(`"${'.'.repeat(columns)}"`).join(', ')}]`;
const bruteValues = new Map<string, number>();
/** What a source outside the engine says of the rows × columns board: published, theorem, or the brute force. */
function cramReference(rows: number, columns: number): KnownValue | undefined {
  const known = knownCram(rows, columns);
  if (known) return known;
  if (rows * columns > CRAM_BRUTE_CELLS) return undefined;
  const key = `${rows}×${columns}`;
  if (!bruteValues.has(key)) bruteValues.set(key, cramBrute(rows, columns));
  return { value: bruteValues.get(key)!, source: 'brute force' };
}

const row = (cells: readonly [string, number][]) => `  ${cells.map(([text, width]) => pad(text, width)).join('')}`;
const runFigures = (run: CliRun) => [
  [seconds(run.wallMs), 10] as [string, number],
  [seconds(run.cpuMs), 10] as [string, number],
  [mib(run.peakRss), 10] as [string, number],
];

console.log(
  `Reach of the boards and graph games (issue 43, item 4): ${new Date().toISOString()}, Node ${process.version}`,
);
console.log(`uptime: ${uptime()}`);
console.log(
  `CLI: node out/cli/grundy.js analyze FILE; its defaults here: --budget-ms ` +
    `${count(CLI_DEFAULTS.budgetMs)} (the whole file's time), --max-memory-mb ${count(CLI_DEFAULTS.memoryMb)}`,
);
console.log(
  `Memory ceilings: the CLI's ${count(CLI_DEFAULTS.memoryMb)} MiB (its worker's heap; the claim is judged by it); ` +
    `the server's computations together ${count(DEFAULT_COMPUTATION_MEMORY_MB)} MiB (computation.memoryMb, shown ` +
    `for comparison); the engine's memos: Cram ${mib(new CramMemo().maxBytes)}, Chomp ` +
    `${mib(new ChompMemo().maxBytes)}, Kayles ${mib(new KaylesMemo().maxBytes)}`,
);
console.log("Times: the process's wall clock (Node's start, reading the file and the output included) and CPU.");

// ---- 1. Cram, every board up to 4×5 and 3×9 ----
console.log(`\n1. Cram: every board up to 4×5 and 3×9, each alone, default flags   [${uptime()}]`);
const smallHeader: [string, number][] = [
  ['board', 7],
  ['value', 7],
  ['expected', 34],
  ['wall', 10],
  ['cpu', 10],
  ['peak RSS', 10],
];
console.log(row(smallHeader));
const small: { name: string; run: CliRun; value: number | null }[] = [];
for (let rows = 1; rows <= 4; rows++)
  for (let columns = rows; columns <= (rows <= 3 ? 9 : 5); columns++) {
    const name = `${rows}×${columns}`;
    const run = cli(`Cram ${name}`, [cramText(rows, columns)]);
    const value = run.games.get('c')?.value ?? null;
    small.push({ name, run, value });
    const reference = cramReference(rows, columns)!;
    // Where a published value exists, the brute force (≤ 27 cells) is checked too.
    const brute = rows * columns <= CRAM_BRUTE_CELLS && reference.source !== 'brute force';
    const bruteValue = brute ? cramBrute(rows, columns) : reference.value;
    const agrees = value === reference.value && bruteValue === reference.value;
    const expected = `${reference.value} (${reference.source}${brute ? ', brute force' : ''})`;
    console.log(row([[name, 7], [value === null ? '?' : String(value), 7], [expected, 34], ...runFigures(run)]));
    if (value === null) fail(`Cram ${name} not valued within the default budget: ${run.games.get('c')?.words}`);
    else if (!agrees) fail(`Cram ${name}: ${value}, expected ${expected} (brute force ${bruteValue})`);
  }
const smallMissed = small.filter((s) => s.value === null).map((s) => s.name);
const slowestSmall = small.reduce((a, b) => (b.run.wallMs > a.run.wallMs ? b : a));
const smallVerdict = smallMissed.length === 0 ? 'met' : `NOT MET (${smallMissed.join(', ')})`;
console.log(
  `  verdict: ${smallVerdict}: ${small.length - smallMissed.length}/${small.length} valued within the default ` +
    `budget; slowest ${slowestSmall.name}, ${seconds(slowestSmall.run.wallMs)}`,
);

// ---- 2. Cram 5×7 with the budget raised ----
console.log(`\n2. Cram 5×7 (published 1: Beling's table, first by Schneider, 2009)   [${uptime()}]`);
const raised = cli(
  'Cram 5×7, raised budget',
  [cramText(5, 7)],
  ['--budget-ms', String(RAISED_MS)],
  RAISED_MS + 120_000,
);
const raisedValue = raised.games.get('c')?.value ?? null;
console.log(
  `  --budget-ms ${count(RAISED_MS)}: ${raisedValue === null ? `not valued: ${raised.games.get('c')?.words}` : ''}` +
    `${shown(raisedValue)} in ${seconds(raised.wallMs)} (CPU ${seconds(raised.cpuMs)}), ` +
    `peak RSS ${mib(raised.peakRss)}`,
);
if (raisedValue !== knownCram(5, 7)!.value) fail(`Cram 5×7 with the budget raised: ${raisedValue}, published 1`);
const plain = cli('Cram 5×7, default flags', [cramText(5, 7)]);
const plainValue = plain.games.get('c')?.value ?? null;
console.log(
  `  default flags: ${plainValue === null ? `not valued (${plain.games.get('c')?.words})` : `*${plainValue}`} in ` +
    `${seconds(plain.wallMs)} (CPU ${seconds(plain.cpuMs)}), peak RSS ${mib(plain.peakRss)} (not a claim: reported)`,
);
if (plainValue !== null && plainValue !== 1) fail(`Cram 5×7 with default flags: ${plainValue}, published 1`);

// ---- 3. Node Kayles and Arc Kayles on random graphs ----
const graphText = (kind: KaylesKind, graph: KaylesGraph) => {
  const touched = new Set(graph.edges.flat());
  const alone = Array.from({ length: graph.vertices }, (_, v) => v).filter((v) => !touched.has(v));
  const parts = [...graph.edges.map(([u, v]) => `v${u + 1} - v${v + 1}`), ...alone.map((v) => `v${v + 1}`)];
  return `game k = ${kind}-kayles { ${parts.join(', ')} }`;
};
console.log(
  `\n3. Node and Arc Kayles: ${KAYLES_GRAPHS} random graphs each, 30 vertices and 45 edges (average degree 3), ` +
    `each alone, default flags   [${uptime()}]`,
);
const kaylesSummary: string[] = [];
for (const kind of ['node', 'arc'] as const) {
  const runs: CliRun[] = [];
  const values: string[] = [];
  for (let seed = 1; seed <= KAYLES_GRAPHS; seed++) {
    const run = cli(`${kind === 'node' ? 'Node' : 'Arc'} Kayles, seed ${seed}`, [
      graphText(kind, randomGraph(seed, 30)),
    ]);
    runs.push(run);
    const game = run.games.get('k');
    values.push(game?.value == null ? '?' : String(game.value));
    if (game?.value == null) fail(`${kind} Kayles, seed ${seed}: not valued within the default budget: ${game?.words}`);
  }
  const wall = runs.map((r) => r.wallMs).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  const solved = values.filter((v) => v !== '?').length;
  const [p50, p95, max] = [seconds(quantile(wall, 0.5)), seconds(quantile(wall, 0.95)), seconds(wall[wall.length - 1])];
  const line =
    `${solved}/${KAYLES_GRAPHS} valued; wall p50 ${p50}, p95 ${p95}, max ${max}; CPU p50 ` +
    `${seconds(quantile(cpu, 0.5))}, max ${seconds(cpu[cpu.length - 1])}; ` +
    `peak RSS max ${mib(Math.max(...runs.map((r) => r.peakRss)))}`;
  console.log(`  ${kind === 'node' ? 'Node' : 'Arc'} Kayles: ${line}`);
  console.log(`    values (seeds 1…${KAYLES_GRAPHS}): ${values.join(' ')}`);
  kaylesSummary.push(
    `${kind === 'node' ? 'Node' : 'Arc'} Kayles: ${solved}/${KAYLES_GRAPHS}, p50 ${seconds(quantile(wall, 0.5))}, ` +
      `p95 ${seconds(quantile(wall, 0.95))}, max ${seconds(wall[wall.length - 1])}`,
  );
}
console.log('  (no published values for these graphs: the tests check the engine against a brute force)');

// ---- 4. Chomp ----
console.log(`\n4. Chomp   [${uptime()}]`);
const oracleStarted = performance.now();
const staircases = chompStaircases(10, 10);
const staircaseValue = new Map(staircases.map(({ board, value }) => [board.join(','), value]));
console.log(
  `  the brute force: every one of the ${count(staircases.length)} boards inside 10 × 10 from the rules, ` +
    `${seconds(performance.now() - oracleStarted)}`,
);
let rectanglesMissed = 0;
let slowestRectangle = { name: '', ms: 0 };
const rectangleValues: string[] = [];
for (let rows = 1; rows <= 10; rows++) {
  const cells: string[] = [];
  for (let columns = rows; columns <= 10; columns++) {
    const board = new Array<number>(rows).fill(columns);
    const run = cli(`Chomp ${rows} × ${columns}`, [`game h = chomp [${board.join(', ')}]`]);
    const value = run.games.get('h')?.value ?? null;
    const expected = staircaseValue.get(board.join(','));
    cells.push(value === null ? '?' : String(value));
    if (run.wallMs > slowestRectangle.ms) slowestRectangle = { name: `${rows} × ${columns}`, ms: run.wallMs };
    if (value === null) {
      rectanglesMissed++;
      fail(`Chomp ${rows} × ${columns}: not valued within the default budget: ${run.games.get('h')?.words}`);
    } else if (value !== expected) fail(`Chomp ${rows} × ${columns}: ${value}, the brute force ${expected}`);
  }
  rectangleValues.push(`    ${rows} rows × ${rows}…10 columns: ${cells.join(' ')}`);
}
console.log(
  `  every rectangle r × c, r ≤ c ≤ 10 (55; turned boards are the same game), each alone, default flags: ` +
    `${55 - rectanglesMissed}/55 valued, every value the brute force's; slowest ${slowestRectangle.name}, ` +
    `${seconds(slowestRectangle.ms)}`,
);
for (const line of rectangleValues) console.log(line);
{
  const memo = new ChompMemo();
  const started = performance.now();
  const top = chompValue(new Array<number>(10).fill(10), { deadline: Date.now() + CLI_DEFAULTS.budgetMs }, memo);
  let wrong = 0;
  let unknown = 0;
  for (const { board, value } of staircases) {
    const found = chompValue(board, {}, memo).value;
    if (found === null) unknown++;
    else if (found !== value) wrong++;
  }
  const ms = performance.now() - started;
  console.log(
    `  every board inside 10 × 10 through the engine, one table (10 × 10 first, under the default budget, then ` +
      `the ${count(staircases.length)} read): ${seconds(ms)}; ${count(top.positions)} positions searched; ` +
      `${unknown} unknown, ` +
      `${wrong} differ from the brute force; memo ${mib(memo.bytes)} of ${mib(memo.maxBytes)}`,
  );
  if (unknown > 0 || wrong > 0) fail(`Chomp inside 10 × 10 through the engine: ${unknown} unknown, ${wrong} differ`);
  if (memo.bytes > memo.maxBytes) fail('the Chomp memo went past its ceiling');
}
const threeStarted = performance.now();
const threeRows = chompThreeRows(100);
console.log(
  `  the brute force: every board of at most three rows inside [100, 100, 100], ` +
    seconds(performance.now() - threeStarted),
);
const threeBoards: number[][] = [[100, 100, 100]];
{
  const next = random(43);
  while (threeBoards.length < 1 + CHOMP_SAMPLE) {
    const p = integer(next, 50, 100);
    const q = integer(next, 1, p);
    threeBoards.push([p, q, integer(next, 1, q)]);
  }
}
const threeRuns: { board: number[]; run: CliRun; value: number | null }[] = [];
for (const board of threeBoards) {
  const run = cli(`Chomp [${board.join(', ')}]`, [`game h = chomp [${board.join(', ')}]`]);
  const value = run.games.get('h')?.value ?? null;
  threeRuns.push({ board, run, value });
  const expected = threeRows(board[0], board[1], board[2]);
  if (value === null) fail(`Chomp [${board}]: not valued within the default budget: ${run.games.get('h')?.words}`);
  else if (value !== expected) fail(`Chomp [${board}]: ${value}, the brute force ${expected}`);
}
const full = threeRuns[0];
console.log(
  `  [100, 100, 100] alone, default flags: ${full.value === null ? '?' : `*${full.value}`} (brute force ` +
    `${threeRows(100, 100, 100)}) in ${seconds(full.run.wallMs)} (CPU ${seconds(full.run.cpuMs)}), peak RSS ` +
    `${mib(full.run.peakRss)}`,
);
const sampleWall = threeRuns
  .slice(1)
  .map((r) => r.run.wallMs)
  .sort((a, b) => a - b);
console.log(
  `  ${CHOMP_SAMPLE} more three-row boards (seeded), each alone, default flags: ` +
    `${threeRuns.slice(1).filter((r) => r.value !== null).length}/${CHOMP_SAMPLE} valued, each the brute force's; ` +
    `wall p50 ${seconds(quantile(sampleWall, 0.5))}, max ${seconds(sampleWall[sampleWall.length - 1])}: ` +
    threeRuns
      .slice(1)
      .map((r) => `[${r.board.join(',')}] ${r.value ?? '?'}`)
      .join('; '),
);
{
  const memo = new ChompMemo();
  const started = performance.now();
  chompValue([100, 100, 100], { deadline: Date.now() + CLI_DEFAULTS.budgetMs }, memo);
  let boards = 0;
  let unknown = 0;
  let wrong = 0;
  for (let p = 1; p <= 100; p++)
    for (let q = 0; q <= p; q++)
      for (let r = 0; r <= q; r++) {
        const found = chompValue(
          [p, q, r].filter((n) => n > 0),
          {},
          memo,
        ).value;
        boards++;
        if (found === null) unknown++;
        else if (found !== threeRows(p, q, r)) wrong++;
      }
  console.log(
    `  every board of at most three rows inside [100, 100, 100] (${count(boards)}) through the engine, one table: ` +
      `${seconds(performance.now() - started)}; ${unknown} unknown, ${wrong} differ from the brute force; memo ` +
      `${mib(memo.bytes)} of ${mib(memo.maxBytes)}`,
  );
  if (unknown > 0 || wrong > 0) fail(`Chomp three rows through the engine: ${unknown} unknown, ${wrong} differ`);
  if (memo.bytes > memo.maxBytes) fail('the Chomp memo went past its ceiling');
}

// ---- 5. Cram rectangles for ten minutes ----
const FIRST_ROWS = 2;
const LAST_ROWS = 7;
const LAST_COLUMNS = 30; // the engine's widest searched region (MAX_WIDTH); the reach never gets there
console.log(
  `\n5. Cram rectangles for ${seconds(REACH_MS)}: ${FIRST_ROWS} to ${LAST_ROWS} rows in order of area, each alone ` +
    `with --budget-ms ${count(BOARD_MS)} (or what is left)   [${uptime()}]`,
);
// Each row's next number of columns, until its first board not valued.
const nextColumns = new Map<number, number>();
for (let rows = FIRST_ROWS; rows <= LAST_ROWS; rows++) nextColumns.set(rows, rows);
interface Reached {
  readonly rows: number;
  readonly columns: number;
  readonly value: number | null;
  readonly reference?: KnownValue;
  readonly run: CliRun;
  /** The board's --budget-ms: the cap, or less when the time given ran out, or all that was left (extra). */
  readonly budget: number;
  readonly extra: boolean;
}
const reached: Reached[] = [];
console.log(`  ${pad('board', 7)}${pad('got', 4)}${pad('known', 19)}${pad('', 14)}${pad('wall', 10)}peak RSS`);
const reachStarted = performance.now();
// The boards not valued within the cap, by rows: when every row has stopped, the time left goes to them, the
// smallest first, each given all of it (and a row whose board is then valued goes on, under the cap again).
const stopped = new Map<number, number>();
for (;;) {
  const left = REACH_MS - (performance.now() - reachStarted);
  const queue = nextColumns.size > 0 ? nextColumns : stopped;
  if (left < 1000 || queue.size === 0) break;
  const [rows, columns] = [...queue].reduce((a, b) => (b[0] * b[1] < a[0] * a[1] ? b : a));
  const extra = queue === stopped;
  stopped.delete(rows);
  const budget = Math.round(extra ? left : Math.min(BOARD_MS, left));
  const run = cli(
    `Cram ${rows}×${columns} (reach)`,
    [cramText(rows, columns)],
    ['--budget-ms', String(budget)],
    budget + 120_000,
  );
  const value = run.games.get('c')?.value ?? null;
  const reference = cramReference(rows, columns);
  reached.push({ rows, columns, value, reference, run, budget, extra });
  const mark =
    reference === undefined ? 'not published' : value === null ? '' : value === reference.value ? 'equal' : 'DIFFERS';
  console.log(
    `  ${pad(`${rows}×${columns}`, 6)} ${pad(value === null ? '?' : String(value), 3)} ` +
      `${pad(reference ? `${reference.value} (${reference.source})` : '—', 18)} ${pad(mark, 14)}` +
      `${pad(seconds(run.wallMs), 9)} ${pad(mib(run.peakRss), 9)}` +
      (extra ? ` (the time left, ${seconds(budget)})` : '') +
      (value === null ? ` not valued: ${run.games.get('c')?.words}` : ''),
  );
  if (value !== null && reference && value !== reference.value)
    fail(`Cram ${rows}×${columns}: ${value}, ${reference.source} says ${reference.value}`);
  if (value === null && !extra && budget === BOARD_MS) stopped.set(rows, columns);
  if (value === null || columns >= LAST_COLUMNS) nextColumns.delete(rows);
  else nextColumns.set(rows, columns + 1);
}
const reachMs = performance.now() - reachStarted;
const widest = Math.max(FIRST_ROWS, ...reached.map((r) => r.columns));
console.log(`  spent ${seconds(reachMs)}. The table (= equal to the known value, ! differs, ? not valued in time):`);
console.log(`  ${pad('rows', 6)}${Array.from({ length: widest - 1 }, (_, k) => pad(String(k + 2), 4)).join('')}`);
const reachRows: { rows: number; last?: Reached; stop?: Reached }[] = [];
for (let rows = FIRST_ROWS; rows <= LAST_ROWS; rows++) {
  const cells = Array.from({ length: widest - 1 }, (_, k) => {
    const r = reached.filter((x) => x.rows === rows && x.columns === k + 2).at(-1);
    if (!r) return pad('', 4);
    if (r.value === null) return pad('?', 4);
    const mark = r.reference === undefined ? '' : r.value === r.reference.value ? '=' : '!';
    return pad(`${r.value}${mark}`, 4);
  });
  console.log(`  ${pad(String(rows), 6)}${cells.join('')}`);
  const mine = reached.filter((x) => x.rows === rows);
  const stop = mine.at(-1)?.value === null ? mine.at(-1) : undefined;
  reachRows.push({ rows, last: mine.filter((x) => x.value !== null).at(-1), stop });
}
const reachedWords = reachRows
  .map(({ rows, last, stop }) => {
    const to = last ? `${last.rows}×${last.columns} (${seconds(last.run.wallMs)})` : 'none';
    const why = stop ? `, ${stop.rows}×${stop.columns} not in ${seconds(stop.budget)}` : '';
    return `${rows} rows: ${to}${why}`;
  })
  .join('; ');
const published = reached.filter((r) => r.value !== null && r.reference && r.reference.source !== 'brute force');
const differs = reached.filter((r) => r.value !== null && r.reference && r.value !== r.reference.value);
console.log(`  reached: ${reachedWords}`);
console.log(
  `  ${published.length} values reached have a published value or a theorem's, ` +
    `${reached.filter((r) => r.reference?.source === 'brute force').length} the brute force's; ` +
    `${differs.length} differ`,
);

// ---- 6. Memory ----
console.log(`\n6. Memory   [${uptime()}]`);
const peak = peaks.reduce((a, b) => (b.bytes > a.bytes ? b : a));
const overCli = peaks.filter((p) => p.bytes > CLI_DEFAULTS.memoryMb * MIB);
const overServer = peaks.filter((p) => p.bytes > DEFAULT_COMPUTATION_MEMORY_MB * MIB);
console.log(
  `  ${peaks.length} CLI runs; the largest peak RSS ${mib(peak.bytes)} (${peak.what}), ceiling ` +
    `${count(CLI_DEFAULTS.memoryMb)} MiB: ${overCli.length === 0 ? 'met' : `NOT MET: ${overCli.map((p) => p.what)}`}`,
);
console.log(
  `  against the server's ${DEFAULT_COMPUTATION_MEMORY_MB} MiB for all computations (a process's RSS counts Node ` +
    `itself too): ${overServer.length === 0 ? 'under it' : 'over it: '}` +
    overServer.map((p) => `${p.what} ${mib(p.bytes)}`).join(', '),
);
for (const p of overCli) fail(`${p.what}: peak RSS ${mib(p.bytes)} over the CLI's ceiling`);

// ---- Summary ----
const allSamples = threeRuns.every((r) => r.value !== null);
const summary: [string, string, string][] = [
  [
    'Cram, every board to 4×5 and 3×9, default',
    smallVerdict,
    `slowest ${slowestSmall.name} ${seconds(slowestSmall.run.wallMs)}`,
  ],
  [
    'Cram 5×7, budget raised',
    raisedValue === 1 ? 'met' : 'NOT MET',
    `${shown(raisedValue)} in ${seconds(raised.wallMs)}; default flags: ${shown(plainValue)} in ` +
      seconds(plain.wallMs),
  ],
  ...kaylesSummary.map((words): [string, string, string] => [
    `${words.split(':')[0]}, 30 vertices, degree 3, default`,
    words.includes(`${KAYLES_GRAPHS}/${KAYLES_GRAPHS}`) ? 'met' : 'NOT MET',
    words.slice(words.indexOf(':') + 2),
  ]),
  [
    'Chomp, every board to 10 × 10',
    rectanglesMissed === 0 ? 'met' : 'NOT MET',
    `55 rectangles alone (slowest ${seconds(slowestRectangle.ms)}); all ${count(staircases.length)} in one table`,
  ],
  [
    'Chomp, three rows to 100 columns, default',
    allSamples ? 'met' : 'NOT MET',
    `[100, 100, 100] ${shown(full.value)} in ${seconds(full.run.wallMs)}; ${CHOMP_SAMPLE} more, max ` +
      seconds(sampleWall[sampleWall.length - 1]),
  ],
  ['Cram rectangles in the time given', 'measured', `${differs.length} differ; ${reachedWords}`],
  ['Memory under the CLI ceiling', overCli.length === 0 ? 'met' : 'NOT MET', `max ${mib(peak.bytes)} (${peak.what})`],
];
console.log(`\nSummary   [${uptime()}]`);
for (const [what, verdict, figures] of summary) console.log(`  ${pad(what, 44)}${pad(verdict, 10)}${figures}`);
console.log(
  failures.length === 0
    ? '\nverdict: every claim met, every value as known'
    : `\nverdict: FAILED (${failures.length}):`,
);
for (const why of failures) console.log(`  ${why}`);
if (failures.length > 0) process.exitCode = 1;

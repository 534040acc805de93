// `npm run bench -- bigGraph`: the front end on a big file, through the CLI as a user runs it,
// against a plain C++ program in the same run (test/language/baseline/graph.cpp, g++ -O2), which
// reads the same edge list and computes the same nimbers. The files: generated graphs of 10^6
// vertices and 4·10^6 edges (47 MB) and one game of three tokens on each; one graph's targets lie
// within 1,000 of their source, the other's anywhere after it (issue 23). Targets (issues 15 and
// 23): `grundy check` at 50 MB/s or more; `grundy analyze` within 2× of the C++ program's time,
// and its peak memory within 2× of the program's, on both. The game's nimber must be the program's.
// Then a third graph of the same size whose targets lie anywhere, itself included (cycles and
// self-loops): `grundy analyze` within 3× of its time on the acyclic uniform graph (issue 41).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { random } from '../engine/oracles/random';
import { repositoryPath } from '../helpers/paths';

const VERTICES = 1_000_000;
const EDGES = 4_000_000;

/**
 * The graph: one line per source, in order; each source's targets among the later vertices, either
 * within 1,000 of it (`local`) or anywhere after it (`uniform`: a vertex table cannot lean on the
 * names' order).
 */
function generate(path: string, targets: 'local' | 'uniform' | 'cyclic'): void {
  const next = random(12345);
  const lines = ['graph big {'];
  const perVertex = EDGES / VERTICES;
  for (let v = 0; v < VERTICES; v++) {
    const chosen = new Set<number>();
    if (targets === 'cyclic') {
      // Anywhere, before or after, itself included: cycles and self-loops (language version 4).
      for (let k = 0; k < perVertex; k++) chosen.add(Math.floor(next() * VERTICES));
      lines.push(`  v${v} -> ${[...chosen].map((t) => `v${t}`).join(', ')}`);
      continue;
    }
    const span = targets === 'local' ? Math.min(1000, VERTICES - v - 1) : VERTICES - v - 1;
    if (v < VERTICES - 1) for (let k = 0; k < perVertex; k++) chosen.add(v + 1 + Math.floor(next() * span));
    lines.push(chosen.size ? `  v${v} -> ${[...chosen].map((t) => `v${t}`).join(', ')}` : `  v${v}`);
  }
  lines.push('}', 'game start = big at v0, v1, v2');
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** Runs a command, returning its time, its peak memory (MiB) and its output. */
function timed(
  command: string,
  args: string[],
  node: boolean,
): { seconds: number; peakMiB: number; stdout: string; status: number | null } {
  const started = performance.now();
  const run = node
    ? spawnSync(
        process.execPath,
        [
          '--max-old-space-size=8192',
          '--require',
          repositoryPath('test', 'helpers', 'reportPeakMemory.cjs'),
          command,
          ...args,
        ],
        {
          encoding: 'utf8',
          maxBuffer: 2 ** 30,
        },
      )
    : spawnSync('/usr/bin/time', ['-f', 'peak-rss-kib %M', command, ...args], { encoding: 'utf8', maxBuffer: 2 ** 30 });
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = Number(/peak-rss-kib (\d+)/.exec(run.stderr ?? '')?.[1] ?? Number.NaN) / 1024;
  return { seconds, peakMiB, stdout: run.stdout ?? '', status: run.status };
}

const dir = mkdtempSync(join(tmpdir(), 'grundy-big-graph-'));
try {
  const cli = repositoryPath('out', 'cli', 'grundy.js');
  const binary = join(dir, 'graph');
  const gpp = spawnSync(
    'g++',
    ['-O2', '-std=c++17', '-o', binary, repositoryPath('test', 'language', 'baseline', 'graph.cpp')],
    { encoding: 'utf8' },
  );
  let acyclicSeconds = Number.NaN;
  for (const targets of ['local', 'uniform'] as const) {
    const file = join(dir, `${targets}.game`);
    generate(file, targets);
    const megabytes = statSync(file).size / 1e6;
    const name = targets === 'local' ? 'targets within 1,000 of their source' : 'targets uniformly random';
    const check = timed(cli, ['check', file], true);
    console.log(
      `grundy check, ${megabytes.toFixed(1)} MB graph, ${name}: ${check.seconds.toFixed(2)} s = ` +
        `${(megabytes / check.seconds).toFixed(1)} MB/s [target ≥ 50 MB/s], peak ${check.peakMiB.toFixed(0)} MiB, ` +
        `exit ${check.status}`,
    );
    const analyze = timed(cli, ['analyze', file, '--json', '--budget-ms', '600000'], true);
    if (targets === 'uniform') acyclicSeconds = analyze.seconds;
    const ours = JSON.parse(analyze.stdout || '{}').games?.[0]?.nimber;
    if (gpp.status !== 0) {
      console.log(
        `grundy analyze (${name}): ${analyze.seconds.toFixed(2)} s, peak ${analyze.peakMiB.toFixed(0)} MiB, nimber ` +
          `${ours}; no C++ baseline (g++ failed: ${gpp.error?.message ?? gpp.stderr.trim()})`,
      );
      continue;
    }
    const baseline = timed(binary, [file], false);
    const theirs = baseline.stdout.trim().split(' ')[2];
    const same =
      String(ours) === theirs ? `game nimber ${theirs} in both` : `NIMBERS DIFFER: ${ours} against ${theirs}`;
    if (String(ours) !== theirs) process.exitCode = 1;
    const time = analyze.seconds / baseline.seconds;
    const memory = analyze.peakMiB / baseline.peakMiB;
    console.log(
      `grundy analyze (${name}): ${analyze.seconds.toFixed(2)} s, peak ${analyze.peakMiB.toFixed(0)} MiB; C++ ` +
        `${baseline.seconds.toFixed(2)} s, peak ${baseline.peakMiB.toFixed(0)} MiB; time ${time.toFixed(1)}× ` +
        `[target ≤ 2: ${time <= 2 ? 'met' : 'not met'}], memory ${memory.toFixed(1)}× [target ≤ 2: ` +
        `${memory <= 2 ? 'met' : 'not met'}]; ${same}`,
    );
  }
  // Issue 41: the same size with uniformly random edges in both directions (cycles, self-loops):
  // Smith's values, within 3× of the acyclic uniform graph's analysis above.
  const file = join(dir, 'cyclic.game');
  generate(file, 'cyclic');
  const analyze = timed(cli, ['analyze', file, '--json', '--budget-ms', '600000'], true);
  const game = JSON.parse(analyze.stdout || '{}').games?.[0];
  const ratio = analyze.seconds / acyclicSeconds;
  if (!game?.outcome) process.exitCode = 1;
  console.log(
    `grundy analyze (random edges with cycles and self-loops, ${(statSync(file).size / 1e6).toFixed(1)} MB): ` +
      `${analyze.seconds.toFixed(2)} s, peak ${analyze.peakMiB.toFixed(0)} MiB; the acyclic uniform graph ` +
      `${acyclicSeconds.toFixed(2)} s; ${ratio.toFixed(2)}× [target ≤ 3: ${ratio <= 3 ? 'met' : 'not met'}]; ` +
      `game value ${game?.value}, outcome ${game?.outcome}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

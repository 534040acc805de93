// `npm run bench -- cliMemory`: `grundy check` and `analyze` on big files, with the default flags,
// as a user runs them (issue 23: no refusal by a size guess; the ceiling is measured). Each run's
// time, peak resident memory (the whole process: its worker too) and exit code, against the
// target: every run succeeds, within 1 GiB. The files: 50 MB of comments; a graph of 10^6 vertices
// and 4·10^6 edges whose targets are uniformly random among the later vertices (45 MB); 500,000
// games in 50 MB.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { random } from '../engine/oracles/random';
import { repositoryPath } from '../helpers/paths';

const TARGET_MIB = 1024;

function comments(path: string): void {
  const line = `# ${'a comment about impartial games, their nimbers and their sums; '.repeat(2)}\n`;
  writeFileSync(path, line.repeat(Math.ceil(50e6 / line.length)));
}

function randomGraph(path: string): void {
  const next = random(2023);
  const vertices = 1_000_000;
  const lines = ['graph big {'];
  for (let v = 0; v < vertices; v++) {
    const targets = new Set<number>();
    if (v < vertices - 1) for (let k = 0; k < 4; k++) targets.add(v + 1 + Math.floor(next() * (vertices - v - 1)));
    lines.push(targets.size ? `  v${v} -> ${[...targets].map((t) => `v${t}`).join(', ')}` : `  v${v}`);
  }
  lines.push('}', 'game start = big at v0, v1, v2');
  writeFileSync(path, `${lines.join('\n')}\n`);
}

function games(path: string): void {
  const next = random(99);
  const heap = () => Math.floor(next() * 10 ** (1 + Math.floor(next() * 6)));
  const lines = ['rule onetwo = subtract {1, 2}', 'rule s237 = subtract {2, 3, 7}', 'rule k = octal 0.77'];
  for (let i = 0; i < 500_000; i++)
    lines.push(
      `game position-${i} = onetwo ${heap()} ${heap()} + s237 ${heap()} + nim ${heap()} ${heap()} + k "XX.X" + ` +
        `dawson ${heap()} + kayles ${heap()}`,
    );
  writeFileSync(path, `${lines.join('\n')}\n`);
}

function run(args: string[]): { seconds: number; peakMiB: number; status: number | null; stderr: string } {
  const started = performance.now();
  // The output to a file: analyze's JSON for 500,000 games is longer than a string may be.
  const output = openSync(join(dir, 'output.txt'), 'w');
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', 'peak-rss-kib %M', process.execPath, repositoryPath('out', 'cli', 'grundy.js'), ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', output, 'pipe'],
    },
  );
  closeSync(output);
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = Number(/peak-rss-kib (\d+)/.exec(result.stderr ?? '')?.[1] ?? Number.NaN) / 1024;
  return {
    seconds,
    peakMiB,
    status: result.status,
    stderr: (result.stderr ?? '').replace(/peak-rss-kib \d+\n?/, '').trim(),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'grundy-cli-memory-'));
try {
  const cases: [string, (path: string) => void, string][] = [
    ['50 MB of comments', comments, 'check'],
    ['a graph of 10^6 vertices, 4·10^6 uniformly random edges', randomGraph, 'check'],
    ['500,000 games', games, 'analyze'],
  ];
  for (const [name, make, command] of cases) {
    const file = join(dir, 'file.game');
    make(file);
    const megabytes = statSync(file).size / 1e6;
    const result = run([command, file, ...(command === 'analyze' ? ['--json'] : [])]);
    const ok = (result.status === 0 || result.status === 1) && result.peakMiB <= TARGET_MIB;
    if (!ok) process.exitCode = 1;
    console.log(
      `grundy ${command}, ${name} (${megabytes.toFixed(1)} MB), default flags: ${result.seconds.toFixed(1)} s, ` +
        `peak ${result.peakMiB.toFixed(0)} MiB, exit ${result.status} [target: done, within ${TARGET_MIB} MiB: ` +
        `${ok ? 'met' : 'not met'}]${result.stderr ? `; stderr: ${result.stderr.slice(0, 300)}` : ''}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The `grundy` command line run as a user runs it, for the benchmarks that measure what its
// defaults reach: `node out/cli/grundy.js analyze FILE [flags]` on a .game file written here, in a
// process of its own, with no flags but those given (and no NODE_OPTIONS), so the CLI's own
// defaults are what is measured. Read back: each game's value as the text output prints it (the
// line `game NAME (line N): *V, OUTCOME: …`), the process's wall-clock and CPU time, and its peak
// resident memory. The memory is read by a module preloaded with Node's --require, which writes
// process.resourceUsage() to a file as the process exits: the CLI itself is untouched.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The bundle `node esbuild.mjs` builds (the package's `grundy` bin); benchmarks run from the repository. */
export const CLI_PATH = resolve('out', 'cli', 'grundy.js');

/** The environment of every run: this one without NODE_OPTIONS (`npm run bench` gives the bench a larger heap). */
const cleanEnv = (extra: Record<string, string> = {}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
};

/**
 * The CLI's defaults as its help states them on this machine, in a process like those measured (the
 * bench's own process has a larger heap, and the memory ceiling follows the heap limit): the time
 * one `analyze` may take and its memory ceiling (the CLI's MB are 2^20 bytes).
 */
export const CLI_DEFAULTS = (() => {
  const help = spawnSync(process.execPath, [CLI_PATH, '--help'], { encoding: 'utf8', env: cleanEnv() }).stdout ?? '';
  const budget = /--budget-ms MS\s+[^(]*\(default (\d+)\)/.exec(help);
  const memory = /default here:\s*([\d,]+) MB/.exec(help);
  if (!budget || !memory) throw new Error(`the CLI's help does not state its defaults:\n${help}`);
  return { budgetMs: Number(budget[1]), memoryMb: Number(memory[1].replace(/,/g, '')) };
})();

const scratch = mkdtempSync(join(tmpdir(), 'grundy-reach-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const usageHook = join(scratch, 'usage.js');
writeFileSync(
  usageHook,
  [
    "const { isMainThread } = require('node:worker_threads');",
    "if (isMainThread) process.on('exit', () => {",
    '  const u = process.resourceUsage();',
    "  require('node:fs').writeFileSync(process.env.GRUNDY_USAGE_FILE, JSON.stringify(u));",
    '});',
  ].join('\n'),
);

export interface CliGame {
  /** The nimber printed, or null (`no nimber`). */
  readonly value: number | null;
  /** N, P, D or ?. */
  readonly outcome: string;
  /** The rest of the game's first line: who wins, or why the value is unknown. */
  readonly words: string;
}

export interface CliRun {
  readonly games: ReadonlyMap<string, CliGame>;
  readonly exitCode: number | null;
  readonly stderr: string;
  readonly wallMs: number;
  /** User and system CPU time of the whole process (both its threads). */
  readonly cpuMs: number;
  /** Peak resident set of the process, in bytes (0 when the process was killed before its end). */
  readonly peakRss: number;
}

let files = 0;

/**
 * `grundy analyze` on a file holding `games` (lines `game NAME = …`), with `flags` only; killed
 * after `killAfterMs` (a safety net past the CLI's own budget, never the measure).
 */
export function analyzeWithCli(
  games: readonly string[],
  flags: readonly string[] = [],
  killAfterMs = 3_600_000,
): CliRun {
  const file = join(scratch, `games${++files}.game`);
  const usageFile = `${file}.usage.json`;
  writeFileSync(file, `${games.join('\n')}\n`);
  const env = cleanEnv({ GRUNDY_USAGE_FILE: usageFile });
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', usageHook, CLI_PATH, 'analyze', file, ...flags], {
    encoding: 'utf8',
    env,
    maxBuffer: 2 ** 30,
    timeout: killAfterMs,
  });
  const wallMs = performance.now() - started;
  const usage = existsSync(usageFile)
    ? (JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRSS: number; userCPUTime: number; systemCPUTime: number })
    : undefined;
  rmSync(file, { force: true });
  rmSync(usageFile, { force: true });
  const found = new Map<string, CliGame>();
  for (const line of (child.stdout ?? '').split('\n')) {
    const m = /^game (\S+) \(line \d+\): (.*?), ([NPD?]): (.*)$/.exec(line);
    if (!m) continue;
    const nimber = /^\*(\d+)$/.exec(m[2]);
    found.set(m[1], { value: nimber ? Number(nimber[1]) : null, outcome: m[3], words: m[4] });
  }
  return {
    games: found,
    exitCode: child.status,
    stderr: `${child.stderr ?? ''}${child.error ? String(child.error) : ''}`.trim(),
    wallMs,
    cpuMs: usage ? (usage.userCPUTime + usage.systemCPUTime) / 1000 : Number.NaN,
    peakRss: usage ? usage.maxRSS * 1024 : 0,
  };
}

/** The q-quantile of ascending `sorted` (nearest rank). */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
export const mib = (bytes: number) =>
  `${(bytes / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: bytes < 10 * 2 ** 20 ? 1 : 0 })} MiB`;

// What the resource guards share (test/resource/stage.mjs runs them): the CLI in a process of its
// own with its peak memory read at exit, the bounds every guard checks against, and a request to an
// in-process server timed as the main thread's work, and the small readers of its answers they all use.
//
// Bounds are the targets with a margin where they are times: a verdict may not depend on
// the machine's speed or load, so a time bound fails only a stall many times the target (the
// 5.7 s hover it was written for), and each guard prints the time it measured beside its bound.
// Memory is counted, not timed: peak resident memory (maxRSS) of the whole process, its worker
// threads included. Work done twice is counted too (LanguageServerSession.jobsStarted).
import { spawnSync } from 'node:child_process';
import type { InlayHint, Position } from 'vscode-languageserver-protocol';
import { repositoryPath } from '../helpers/paths';

/** The target for one request on the server's main thread (hover, lens, hint, completion). */
export const MAIN_THREAD_TARGET_MS = 100;
/** What fails a guard: ten times the target, so that a busy machine never does, and a stall always does. */
export const MAIN_THREAD_BOUND_MS = 10 * MAIN_THREAD_TARGET_MS;

export interface CliRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Peak resident memory of the CLI's process (its worker threads included), in MiB. */
  readonly peakMb: number;
  readonly ms: number;
}

/** `grundy ARGS` (the bundled CLI, out/cli/grundy.js) with Node's default flags, its peak memory reported. */
export function cli(args: readonly string[], options: { input?: string; timeoutMs?: number } = {}): CliRun {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--require',
      repositoryPath('test', 'helpers', 'reportPeakMemory.cjs'),
      repositoryPath('out', 'cli', 'grundy.js'),
      ...args,
    ],
    {
      encoding: 'utf8',
      input: options.input,
      timeout: options.timeoutMs ?? 300_000,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const ms = performance.now() - started;
  const peak = /peak-rss-kib (\d+)/.exec(result.stderr ?? '');
  return {
    status: result.status,
    signal: result.signal,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? '').replace(/^peak-rss-kib \d+\n?/m, ''),
    peakMb: peak ? Number(peak[1]) / 1024 : Number.NaN,
    ms,
  };
}

/** A V8 or native death, whatever the exit code says: what no input may cause. */
export function crashed(run: Pick<CliRun, 'status' | 'signal' | 'stderr'>): boolean {
  return (
    run.signal !== null ||
    run.status === 134 ||
    /heap out of memory|FATAL ERROR|Allocation failed|RangeError: Maximum call stack/i.test(run.stderr)
  );
}

/** How long `request` takes, with what it answered. */
export async function timed<T>(request: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await request();
  return { value, ms: performance.now() - started };
}

/** One line for the stage's output: what was measured and its bound. */
export function report(what: string, measured: string, bound: string): void {
  console.log(`      ${what}: ${measured} (bound ${bound})`);
}

/** The position of the middle of the last place `written` is found in `text`. */
export function positionOf(text: string, written: string): Position {
  const at = text.lastIndexOf(written) + Math.floor(written.length / 2);
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** A hover's Markdown ('' for none). */
export function markdown(hover: unknown): string {
  return ((hover as { contents?: { value?: string } } | null)?.contents?.value as string | undefined) ?? '';
}

/** An inlay hint's tooltip as text. */
export function tooltip(hint: InlayHint): string {
  return typeof hint.tooltip === 'string' ? hint.tooltip : (hint.tooltip?.value ?? '');
}

/** Polls until `done` holds (every `everyMs`), or fails after `timeoutMs`: a failure's time, never a verdict's. */
export async function until(
  done: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 120_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

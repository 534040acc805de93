// What the benchmarks against C share: compiling a baseline under test/engine/heaps/baseline/ with
// gcc -O2, running it, and the hash both sides print of their values.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryPath } from './paths';

/** FNV-1a over the values as little-endian 32-bit words, as the C baselines print it. */
export function hashValues(values: ArrayLike<number>, count: number): string {
  let hash = 2166136261;
  for (let i = 0; i < count; i++) {
    const v = values[i];
    for (let byte = 0; byte < 4; byte++) {
      hash ^= (v >>> (8 * byte)) & 0xff;
      hash = Math.imul(hash, 16777619) >>> 0;
    }
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * test/engine/heaps/baseline/<source> compiled with gcc -O2 and `flags` into a binary named `name`, or
 * undefined (said on the console) when gcc fails: the benchmark then runs without its baseline.
 */
export function compileBaseline(source: string, name: string, flags: readonly string[] = []): string | undefined {
  const out = join(mkdtempSync(join(tmpdir(), 'grundy-baseline-')), name);
  const sourcePath = repositoryPath('test', 'engine', 'heaps', 'baseline', source);
  const gcc = spawnSync('gcc', ['-O2', ...flags, '-o', out, sourcePath], {
    encoding: 'utf8',
  });
  if (gcc.status !== 0) {
    console.log(`gcc failed (${gcc.error?.message ?? gcc.stderr.trim()}): no C baseline`);
    return undefined;
  }
  return out;
}

/** Runs a baseline: its time, and the hash it prints (the third field of its one line). */
export function runBaseline(binary: string, args: readonly string[]): { ms: number; hash: string } {
  const started = performance.now();
  const run = spawnSync(binary, args, { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed: ${run.stderr}`);
  return { ms, hash: run.stdout.trim().split(' ')[2] };
}

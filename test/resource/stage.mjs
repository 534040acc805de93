// The resource stage of the test command (issue 39, hardening round 3): the unfriendly inputs every
// feature must still take (long rows of every row family, huge numbers wherever a number may
// stand, the 2,000-line document with an edit loop, big misère sums, a big picture, the game tree
// of a big game), through the CLI and an in-process server. Each guard (`test/resource/*.resource.ts`,
// bundled to out/test/resource/) fails on a crash, a main-thread request over its bound, a peak
// memory over its bound, or work started again for an unchanged input (jobs counted, not timed).
// It runs in a process of its own, after the unit suites, one guard file after another (serially:
// a guard's time and memory are its own), and never beside another stage.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const compiled = join(root, 'out', 'test', 'resource');

/** The compiled guards, sorted. */
export function resourceGuards() {
  if (!existsSync(compiled)) return [];
  return readdirSync(compiled)
    .filter((name) => name.endsWith('.resource.js'))
    .sort()
    .map((name) => join(compiled, name));
}

/**
 * Runs every guard file in its own Node process (mocha's spec reporter, serial) and adds up the
 * counts each prints on its last line (`resource: N passed, N failed`).
 */
export function runResourceStage() {
  const guards = resourceGuards();
  if (guards.length === 0) return { passed: 0, failed: 1, error: 'no resource guard was built (out/test/resource)' };
  let passed = 0;
  let failed = 0;
  const errors = [];
  for (const file of guards) {
    process.stdout.write(`\n-- ${file.slice(root.length + 1)}\n`);
    const result = spawnSync(process.execPath, ['--expose-gc', join(root, 'test', 'resource', 'runGuard.mjs'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    process.stdout.write(result.stdout ?? '');
    const counts = /^resource: (\d+) passed, (\d+) failed$/m.exec(result.stdout ?? '');
    if (!counts) {
      failed++;
      errors.push(`${file}: ended without its counts (exit ${result.status}, signal ${result.signal})`);
      continue;
    }
    passed += Number(counts[1]);
    failed += Number(counts[2]);
    if (result.status !== 0 && Number(counts[2]) === 0) {
      failed++;
      errors.push(`${file}: exit ${result.status}`);
    }
  }
  return { passed, failed, ...(errors.length > 0 ? { error: errors.join('; ') } : {}) };
}

if (process.argv[1] === import.meta.filename) {
  const { passed, failed, error } = runResourceStage();
  if (error) console.log(`\nresource stage: ${error}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

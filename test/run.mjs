// The test command: type-check, build, run every mocha suite, and end with the plain
// line `N passed, N failed` that CI reads (mocha's own summary is not recognised).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

function step(title, command, args) {
  process.stdout.write(`\n== ${title}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  return result.status === 0;
}

function findCompiledTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...findCompiledTests(path));
    else if (entry.endsWith('.test.js')) found.push(path);
  }
  return found.sort();
}

const tsc = join('node_modules', '.bin', 'tsc');
if (!step('type check', tsc, ['--noEmit', '-p', '.'])) {
  console.log('\ntype check failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (!step('build', process.execPath, ['esbuild.mjs'])) {
  console.log('\nbuild failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
chmodSync(join('out', 'cli', 'grundy.js'), 0o755);

const grep = process.env.MOCHA_GREP;
const mocha = new Mocha({ reporter: 'spec', timeout: 60_000, grep });
for (const file of findCompiledTests(join('out', 'test'))) mocha.addFile(file);
await mocha.loadFilesAsync();
const runner = mocha.run((failures) => {
  const { passes = 0, failures: failed = 0, pending = 0 } = runner.stats ?? {};
  console.log('');
  if (pending > 0) console.log(`${pending} pending (not counted as passed)`);
  console.log(`${passes} passed, ${failed} failed`);
  process.exitCode = failures > 0 ? 1 : 0;
});

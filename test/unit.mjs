// `npm run test:unit`: the unit and protocol suites only (everything under out/test that is a
// `*.test.js`), without the lint, the type check, Neovim or VS Code that `npm test` adds: the quick
// loop while working. Builds the tests first; ends with the plain line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Mocha from 'mocha';
import { findCompiledTests } from './compiledTests.mjs';

const started = Date.now();
const built = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { stdio: 'inherit' });
if (built.status !== 0) {
  console.log('\nbuild failed\n0 passed, 1 failed');
  process.exit(1);
}
// One file per worker process, as many workers as cores: the suites share nothing between files.
const mocha = new Mocha({
  reporter: 'dot',
  timeout: 300_000,
  grep: process.env.MOCHA_GREP,
  parallel: process.env.MOCHA_SERIAL !== '1',
  jobs: Math.max(1, availableParallelism()),
});
for (const file of findCompiledTests(join('out', 'test'))) mocha.addFile(file);
const { passed, failed } = await new Promise((resolve) => {
  const runner = mocha.run(() => resolve({ passed: runner.stats?.passes ?? 0, failed: runner.stats?.failures ?? 0 }));
});
console.log(`\nunit and protocol tests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;

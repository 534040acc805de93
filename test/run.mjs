// The test command: type-check, build, run every mocha suite (the unit suites under Node, then
// the integration suite inside a real VS Code), and end with the plain line `N passed, N failed`
// that CI reads (mocha's own summary is not recognised).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Mocha from 'mocha';
import { findCompiledTests } from './compiledTests.mjs';
import { runNeovimStage } from './neovim/stage.mjs';
import { runResourceStage } from './resource/stage.mjs';
import { runVSCodeStages, STAGES } from './vscode/host.mjs';

function step(title, command, args) {
  process.stdout.write(`\n== ${title}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  return result.status === 0;
}

const tsc = join('node_modules', '.bin', 'tsc');
// Formatting and lint (Biome, biome.jsonc): a failure is counted, and the tests still run.
const lintPassed = step('format and lint', join('node_modules', '.bin', 'biome'), ['ci', '--colors=off', '.']);
if (
  !step('type check', tsc, ['--noEmit', '-p', '.']) ||
  !step('type check (end-to-end test)', tsc, ['--noEmit', '-p', 'test/e2e']) ||
  !step('type check (the webview page)', tsc, ['--noEmit', '-p', 'client/webview'])
) {
  console.log('\ntype check failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (!step('build', process.execPath, ['esbuild.mjs', '--tests'])) {
  console.log('\nbuild failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
chmodSync(join('out', 'cli', 'grundy.js'), 0o755);

// The unit and protocol suites, a file per core, beside two busy processes: no verdict may depend on the machine's
// speed or load (a test that needs time waits for events; mocha's timeout only guards against a hang), and a busy
// machine is where a test that does shows it. BUSY=0 runs them on an idle machine.
const grep = process.env.MOCHA_GREP;
const busy =
  process.env.BUSY === '0' ? [] : [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBusy = () => {
  for (const child of busy) child.kill('SIGKILL');
};
process.on('exit', stopBusy);
process.stdout.write(
  `\n== unit and protocol tests, ${availableParallelism()} files at a time, ${busy.length} busy processes beside\n`,
);
const mocha = new Mocha({ reporter: 'spec', timeout: 300_000, grep, parallel: true, jobs: availableParallelism() });
for (const file of findCompiledTests(join('out', 'test'))) mocha.addFile(file);
const unit = await new Promise((resolve) => {
  const runner = mocha.run(() => {
    const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
    resolve({ passed: passes, failed: failures, pending });
  });
});
stopBusy();

// The resource stage (test/resource/stage.mjs): the unfriendly inputs through the CLI and an
// in-process server, each guard file in a process of its own, nothing else running beside it.
process.stdout.write('\n== resource guards: node test/resource/stage.mjs\n');
const resource = runResourceStage();
if (resource.error) console.log(`\nresource stage FAILED: ${resource.error}`);

// The server from a second real client: headless Neovim (test/neovim/stage.mjs installs Debian's
// neovim package if needed). Its failure to start is a failure, not a skip.
process.stdout.write('\n== in Neovim: node test/neovim/stage.mjs\n');
const neovim = runNeovimStage();
if (neovim.error) console.log(`\nNeovim stage FAILED: ${neovim.error}`);

// The extension inside a real VS Code (test/vscode/host.mjs): the integration suite against this
// folder, the end-to-end test in the workbench, the integration suite against the installed
// .vsix. It cannot be set up? That is a failure, not a skip; only GRUNDY_SKIP_VSCODE=1 skips it,
// for quick local runs, and the summary says so.
let vscodeStages;
const skipVSCode = process.env.GRUNDY_SKIP_VSCODE === '1';
if (!skipVSCode) {
  process.stdout.write('\n== in VS Code: node test/vscode/host.mjs\n');
  vscodeStages = await runVSCodeStages();
  for (const [stage, result] of Object.entries(vscodeStages)) {
    if (result.error) console.log(`\n${STAGES[stage]} FAILED: ${result.error}`);
  }
}

console.log('\n== summary');
console.log(`unit and protocol tests: ${unit.passed} passed, ${unit.failed} failed`);
if (unit.pending > 0) console.log(`${unit.pending} pending (not counted as passed)`);
console.log(
  `resource guards (CLI and server under unfriendly input): ${resource.passed} passed, ${resource.failed} failed`,
);
console.log(`Neovim (headless, its built-in LSP client): ${neovim.passed} passed, ${neovim.failed} failed`);
console.log(`format and lint (biome ci): ${lintPassed ? '1 passed, 0 failed' : '0 passed, 1 failed'}`);
let passed = unit.passed + resource.passed + neovim.passed + (lintPassed ? 1 : 0);
let failed = unit.failed + resource.failed + neovim.failed + (lintPassed ? 0 : 1);
let exitCodes = 0;
if (vscodeStages) {
  for (const [stage, result] of Object.entries(vscodeStages)) {
    console.log(`${STAGES[stage]}: ${result.passed} passed, ${result.failed} failed`);
    passed += result.passed;
    failed += result.failed;
    if (result.exitCode !== 0) exitCodes++;
  }
} else {
  console.log('tests in VS Code: SKIPPED (GRUNDY_SKIP_VSCODE=1), not counted below');
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || exitCodes > 0 ? 1 : 0;

// Runs the integration suite (out/test/integration/index.js) in a desktop VS Code with
// @vscode/test-electron: the same suite test/vscode/host.mjs runs in the VS Code server.
//
//   npm run test:desktop                                  downloads VS Code (stable) once
//   VSCODE_EXECUTABLE=/path/to/code npm run test:desktop  uses a VS Code already installed
//   VSCODE_VERSION=1.91.0 npm run test:desktop            downloads that version
//
// It needs a machine that can download VS Code (or VSCODE_EXECUTABLE) and a display: on Linux
// without one, run it under `xvfb-run -a`. The machines this project's CI runs on have neither,
// which is why `npm test` uses host.mjs instead.
//
// Downloads go to .cache/vscode-desktop/ (git-ignored), as does the test profile (cleared
// before each run).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { USER_SETTINGS } from './host.mjs';
import { repositoryRoot } from './setup.mjs';

const cache = join(repositoryRoot, '.cache', 'vscode-desktop');
const profile = join(cache, 'run');
rmSync(profile, { recursive: true, force: true });
const userData = join(profile, 'user-data');
const extensions = join(profile, 'extensions');
mkdirSync(join(userData, 'User'), { recursive: true });
mkdirSync(extensions, { recursive: true });
writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2));

let exitCode;
try {
  exitCode = await runTests({
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
    version: process.env.VSCODE_VERSION || undefined,
    cachePath: join(cache, 'downloads'),
    extensionDevelopmentPath: repositoryRoot,
    extensionTestsPath: join(repositoryRoot, 'out', 'test', 'integration', 'index.js'),
    launchArgs: [
      join(repositoryRoot, 'examples'), // the workspace folder the suite expects
      '--disable-extensions', // other installed extensions; the one under test still loads
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      `--user-data-dir=${userData}`,
      `--extensions-dir=${extensions}`,
    ],
  });
} catch (error) {
  // runTests rejects when VS Code cannot be found or downloaded, and when the tests fail.
  console.error(`\nintegration tests in desktop VS Code FAILED: ${error?.message ?? error}`);
  exitCode = typeof error?.code === 'number' ? error.code : 1;
}
// The suite prints its own counts above (`integration tests: N passed, N failed`).
console.log(`\nintegration tests in desktop VS Code: ${exitCode === 0 ? 'passed' : `FAILED (exit ${exitCode})`}`);
process.exitCode = exitCode === 0 ? 0 : 1;

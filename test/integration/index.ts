// The integration suite's entry, loaded by VS Code's extension host (extensionTestsPath): the
// same `run()` contract for the VS Code server driven in Chromium (test/vscode/host.mjs) and for
// a desktop VS Code (test/vscode/desktop.mjs, @vscode/test-electron).
//
// esbuild bundles this file with mocha inside (the extension host cannot resolve the project's
// node_modules from a test module by itself, and one file is simplest to load) and `vscode`
// left external. The test files are `*.itest.ts`, so the unit runner (test/run.mjs, which runs
// every bundled `*.test.js` under plain Node) never picks them up; they are imported here, after
// mocha has put `suite` and `test` on the global object.
import { format } from 'node:util';
import Mocha from 'mocha';
import { markedLog, runAndReport } from './suiteResult';

const log = markedLog(format);

export async function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = log;
  const mocha = new Mocha({ ui: 'tdd', reporter: 'spec', color: false, timeout: 60_000 });
  // What `mocha.addFile` + `loadFiles` would do, for modules that are already in this bundle.
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  await import('./extension.itest');
  await import('./diagnostics.itest');
  await import('./features.itest');
  await import('./language.itest');
  await import('./explorer.itest');
  // Last: it restarts the language server.
  await import('./restart.itest');

  await runAndReport(mocha, log);
}

// The web suite's entry (extensionTestsPath), loaded by VS Code's *web worker* extension host: with the user setting
// `remote.extensionKind` {"grundy-tools.grundy-game": ["web"]} the extension runs there from its `browser` bundle,
// and VS Code runs a development extension's tests in the host that runs it (test/vscode/host.mjs, stage `web`).
//
// So this is a browser bundle (esbuild.mjs: platform `browser`, CommonJS, `vscode` given by the host) with mocha's
// browser build inside, and no Node API anywhere: `node:assert/strict` is ./assert.ts (esbuild's alias), and the
// output goes through console.log, which the workbench hands to test/vscode/host.mjs (codeAutomationLog). The
// contract is test/integration/index.ts's: every line marked, the last one `integration tests: N passed, N failed`.
//
// The suite proves where it runs (./where.itest.ts), checks the extension's answers against nimbers it works out
// itself (./games.itest.ts) and mixed misère sums against a brute force (./misere.itest.ts), then runs the Node-host
// suites whose files use nothing of Node.
// mocha's browser build (a script: esbuild.mjs says so), which puts `mocha` and `Mocha` on the global object.
import 'mocha/mocha';
import { markedLog, runAndReport } from '../integration/suiteResult';

/** util.format's placeholders (%s %d %i %f %j %o %O %%), which mocha's reporters use; Node's util is not here. */
function format(...args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(shown).join(' ');
  let next = 0;
  const text = first.replace(/%([sdifjoO%])/g, (whole, kind: string) => {
    if (kind === '%') return '%';
    if (next >= rest.length) return whole;
    const value = rest[next++];
    if (kind === 'd' || kind === 'i') return String(kind === 'i' ? Math.trunc(Number(value)) : Number(value));
    if (kind === 'f') return String(Number(value));
    return kind === 's' ? String(value) : shown(value);
  });
  return [text, ...rest.slice(next).map(shown)].join(' ');
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const log = markedLog(format);

export async function run(): Promise<void> {
  // mocha's browser build: `mocha` (set up once, its `ui` putting suite/test on the global object) and `Mocha`.
  Mocha.reporters.Base.consoleLog = log;
  mocha.setup({ ui: 'tdd', reporter: 'spec', color: false, timeout: 60_000 });
  await import('./where.itest');
  await import('./games.itest');
  await import('./misere.itest');
  // The Node-host suites with no Node in them (test/integration/index.ts runs them in the Node host too). Not
  // extension.itest.ts (it reads process.env) nor restart.itest.ts (it finds the server among processes).
  await import('../integration/diagnostics.itest');
  await import('../integration/features.itest');
  await import('../integration/language.itest');
  await import('../integration/explorer.itest');
  // Last: it restarts the language server.
  await import('./restart.itest');

  await runAndReport(mocha, log);
}

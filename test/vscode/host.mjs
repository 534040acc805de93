// Runs the extension inside a real VS Code: the VS Code server from the npm package
// `code-server`, whose web workbench is driven by headless Chromium through playwright-core. The
// extension runs in VS Code's own Node extension host, as on a desktop. Four stages, one browser:
//
//   1. integration: the integration suite (out/test/integration/index.js, mocha inside the
//      extension host) against the extension in this folder (extensionDevelopmentPath), with
//      the tests passed in the workbench's `payload` URL parameter; the workbench reports the
//      tests' log lines and exit code back to this process;
//   2. e2e: the end-to-end test (out/test/e2e/workbench.e2e.js, mocha here): a new page of the
//      same browser, on the same server, clicks and hovers like a user;
//   3. start: `npm start` run as a person runs it (out/test/e2e/start.e2e.js): its URL opened in
//      the browser, then Ctrl-C, then no process of it left;
//   4. installed: the integration suite again, against the extension *installed* from a freshly
//      packed .vsix (scripts/package.mjs, then the server's --install-extension) in a server of
//      its own: the proof that the .vsix holds everything the extension needs.
//
// The stage `web` (after e2e) runs the extension as a *web* extension: a server of its own whose user settings
// put it in the workbench's web worker extension host (`remote.extensionKind`, WEB_EXTENSION_SETTINGS), its
// browser bundles (out/web/) instead of the Node ones. There the web suite (out/test/web-integration/index.js, a
// browser bundle: VS Code runs a development extension's tests in the host that runs it) proves where it runs
// and checks the extension's answers, then an end-to-end page (out/test/e2e/web.e2e.js) hovers a heap and takes
// the screenshot of the extension in a browser (media/web.png with GRUNDY_UPDATE_SCREENSHOT=1).
//
// The stage `worker` (after web) runs the browser build of the language server alone, without VS Code: the
// end-to-end test out/test/e2e/webWorker.e2e.js serves out/web/ and a page itself, starts out/web/server.js there as
// a Web Worker and talks LSP to it over postMessage, in a plain and in a cross-origin isolated page.
//
// Screenshots go to test-results/ (git-ignored).
//   node test/vscode/host.mjs      (after `node esbuild.mjs --tests`; `npm run test:vscode` does both)
//
// Ends with `N passed, N failed` when run alone; test/run.mjs calls runVSCodeStages() instead.
// Everything a run writes (user data, server data, logs, the .vsix) is under
// .cache/vscode-host/run/, cleared at the start of each run and kept afterwards for a look when
// something went wrong. GRUNDY_UPDATE_SCREENSHOT=1 copies the hover, explorer, graph view and game
// tree screenshots to media/ (the README's and the extension page's pictures).
import { copyFileSync, createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageExtension } from '../../scripts/package.mjs';
import {
  groupAlive,
  installExtension,
  killGroup,
  serverFolders,
  startVSCodeServer,
  USER_SETTINGS,
  WEB_EXTENSION_SETTINGS,
} from './server.mjs';
import { cacheRoot, ensureHost, repositoryRoot, SetupError, vscodeVersion } from './setup.mjs';

export { USER_SETTINGS } from './server.mjs';

/** Each stage (server start, workbench, extension, tests) must end within this. */
const TIMEOUT_SECONDS = Number(process.env.GRUNDY_VSCODE_TIMEOUT) > 0 ? Number(process.env.GRUNDY_VSCODE_TIMEOUT) : 600;
/** test/integration/index.ts marks each line of its output, and ends with RESULT_LINE. */
const OUTPUT_MARKER = '[integration] ';
const RESULT_LINE = /^integration tests: (\d+) passed, (\d+) failed$/;
/** The workbench's failed look-ups of extension galleries: the closed network, not a failure. */
const NETWORK_NOISE = /ENOTFOUND|ERR_NAME_NOT_RESOLVED|open-vsx\.org|github\.com/;

const workspace = join(repositoryRoot, 'examples');
const testsEntry = join(repositoryRoot, 'out', 'test', 'integration', 'index.js');
const e2eEntry = join(repositoryRoot, 'out', 'test', 'e2e', 'workbench.e2e.js');
const startEntry = join(repositoryRoot, 'out', 'test', 'e2e', 'start.e2e.js');
const webTestsEntry = join(repositoryRoot, 'out', 'test', 'web-integration', 'index.js');
const webE2eEntry = join(repositoryRoot, 'out', 'test', 'e2e', 'web.e2e.js');
/**
 * VS Code runs extension tests only for a window with an extension under development. Against
 * the installed .vsix, that is this empty extension, so the extension under test is the
 * installed one and nothing from this folder.
 */
const runnerExtension = join(repositoryRoot, 'test', 'vscode', 'runner-extension');
export const resultsDir = join(repositoryRoot, 'test-results');
const EXTENSION_ID = 'grundy-tools.grundy-game';

/** The stages, in order, with the names the summary prints. */
export const STAGES = {
  integration: 'integration tests in VS Code (this folder)',
  e2e: 'end-to-end tests in the workbench',
  web: "integration tests in VS Code's web worker extension host",
  worker: 'the language server alone in a Web Worker (headless Chromium, LSP over postMessage)',
  start: 'npm start (the VS Code server for a browser)',
  installed: 'integration tests in VS Code (installed .vsix)',
};

function say(message) {
  process.stdout.write(`[vscode-host] ${message}\n`);
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/** A stage that did not (fully) happen counts as one failure besides what did run. */
function failure(error, counts = { passed: 0, failed: 0 }) {
  return { passed: counts.passed, failed: counts.failed + 1, exitCode: 1, error };
}

/** The workbench passes a log call's arguments as given; make one string of them. */
function formatLog(args) {
  const parts = Array.isArray(args) ? args : [args];
  return parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');
}

/** Rejects with `message` after TIMEOUT_SECONDS; `clear()` stops the clock. */
function stageTimer(message) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${message} did not finish within ${TIMEOUT_SECONDS} s (GRUNDY_VSCODE_TIMEOUT)`)),
      TIMEOUT_SECONDS * 1000,
    );
  });
  expired.catch(() => {});
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * Runs the integration suite (`tests`: the Node host's by default) in a new page of `browser` on `server`, with
 * `developmentPath` as the extension under development. Resolves with `{ passed, failed, exitCode, error? }`.
 */
async function runIntegrationSuite(browser, server, developmentPath, logDir, tests = testsEntry) {
  const started = Date.now();
  const workbenchLog = createWriteStream(join(logDir, 'workbench.log'));
  workbenchLog.on('error', () => {});
  const seen = { resultLine: undefined, recentErrors: [] };
  const withErrors = (message) =>
    seen.recentErrors.length ? `${message}\nlast workbench errors:\n  ${seen.recentErrors.join('\n  ')}` : message;
  const counts = () =>
    seen.resultLine ? { passed: Number(seen.resultLine[1]), failed: Number(seen.resultLine[2]) } : undefined;

  const page = await browser.newPage();
  const timer = stageTimer('the integration suite');
  try {
    let reportExit;
    const exited = new Promise((resolveExit) => (reportExit = resolveExit));
    // Both must exist before the workbench loads: it looks for them as it starts.
    await page.exposeFunction('codeAutomationExit', (code) => reportExit(Number(code)));
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const text = formatLog(args);
      workbenchLog.write(`${seconds(started)} [${type}] ${text}\n`);
      if (text.includes(OUTPUT_MARKER)) {
        // The suite's own output: show it.
        for (const line of text.split('\n')) {
          const at = line.indexOf(OUTPUT_MARKER);
          if (at < 0) continue;
          const own = line.slice(at + OUTPUT_MARKER.length);
          seen.resultLine = RESULT_LINE.exec(own) ?? seen.resultLine;
          process.stdout.write(`  ${own}\n`);
        }
      } else if (type === 'error' && !NETWORK_NOISE.test(text)) {
        // The workbench's own errors: kept to show if the suite does not get to its end.
        seen.recentErrors.push(text.split('\n').slice(0, 12).join('\n  '));
        if (seen.recentErrors.length > 10) seen.recentErrors.shift();
      }
    });
    page.on('console', (message) =>
      workbenchLog.write(`${seconds(started)} [browser ${message.type()}] ${message.text()}\n`),
    );
    page.on('pageerror', (error) =>
      workbenchLog.write(`${seconds(started)} [browser pageerror] ${error.stack ?? error}\n`),
    );

    await page.goto(
      server.url(workspace, [
        ['extensionDevelopmentPath', server.remote(developmentPath)],
        ['extensionTestsPath', server.remote(tests)],
        ['skipWelcome', 'true'],
      ]),
    );
    say(`workbench loaded (${seconds(started)} s); running the integration suite`);
    const exitCode = await Promise.race([exited, timer.expired]);
    say(`the extension host exited with code ${exitCode} (${seconds(started)} s)`);
    const result = counts();
    if (!result)
      return failure(
        withErrors(`the integration suite ended (exit code ${exitCode}) without its result line; logs in ${logDir}`),
      );
    if (result.passed + result.failed === 0) return failure('the integration suite ran no test');
    if (exitCode !== 0 && result.failed === 0) {
      return failure(
        `the extension host exited with code ${exitCode} although no test failed; logs in ${logDir}`,
        result,
      );
    }
    return { ...result, exitCode };
  } catch (error) {
    return failure(withErrors(`${error?.message ?? error}; logs in ${logDir}`), counts());
  } finally {
    timer.clear();
    await page.close().catch(() => {});
    workbenchLog.end();
  }
}

/**
 * Runs one end-to-end test file (mocha, in this process): `entry` exports `define`, which
 * defines its tests for `session`.
 */
async function runEndToEnd(label, entry, define, session) {
  if (!existsSync(entry)) return failure(`${entry} is missing: build first (node esbuild.mjs --tests)`);
  mkdirSync(resultsDir, { recursive: true });
  const { default: Mocha } = await import('mocha');
  // bail: each test goes on from where the one before left the workbench.
  const mocha = new Mocha({ reporter: 'spec', timeout: 120_000, bail: true });
  // What `mocha.addFile` + `loadFiles` do, for a module that defines its tests when called.
  mocha.suite.emit('pre-require', globalThis, entry, mocha);
  createRequire(import.meta.url)(entry)[define](session);
  const timer = stageTimer(label);
  try {
    const stats = await Promise.race([
      new Promise((resolveRun) => {
        const runner = mocha.run(() => resolveRun(runner.stats ?? { passes: 0, failures: 1 }));
      }),
      timer.expired,
    ]);
    if (stats.passes + stats.failures === 0) return failure(`${label} ran no test`);
    return { passed: stats.passes, failed: stats.failures, exitCode: stats.failures > 0 ? 1 : 0 };
  } catch (error) {
    return failure(String(error?.message ?? error));
  } finally {
    timer.clear();
    say(`screenshots in ${resultsDir}`);
  }
}

/**
 * Sets up the host if needed and runs the stages (all by default; `only` names some of them).
 * Resolves with `{ [stage]: { passed, failed, exitCode, error? } }`, `error` (a message)
 * saying why a stage could not run or did not finish (every stage says so when the host could
 * not be set up). Never throws. Log lines of the tests go to stdout as they come.
 */
export async function runVSCodeStages({ only = Object.keys(STAGES) } = {}) {
  const results = {};
  let started = Date.now();
  let host;
  try {
    host = ensureHost();
  } catch (error) {
    const message = error instanceof SetupError ? error.message : String(error?.stack ?? error);
    for (const stage of only) results[stage] = failure(message);
    return results;
  }
  if (!existsSync(testsEntry)) {
    for (const stage of only)
      results[stage] = failure(`${testsEntry} is missing: build first (node esbuild.mjs --tests)`);
    return results;
  }
  say(`VS Code ${vscodeVersion(host.codeServer)} (code-server), setup checked in ${seconds(started)} s`);
  started = Date.now();

  const runDir = join(cacheRoot, 'run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });

  const servers = new Set();
  let browser;
  // The last resort if this process exits some other way: never leave a server behind.
  const killOnExit = () => {
    for (const server of servers) {
      if (groupAlive(server.pid)) {
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {}
      }
    }
  };
  const cleanUp = async () => {
    await browser?.close().catch(() => {});
    browser = undefined;
    for (const server of servers) await server.stop();
    servers.clear();
  };
  // Ctrl-C or a TERM from CI: end the servers and the browser before going.
  const onSignal = (signal) => {
    say(`${signal}: stopping the VS Code server and the browser`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('exit', killOnExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  /**
   * Starts a server with its own folders under runDir/<name>, tracked for clean-up. With
   * `vsix`, the extension is installed from it first and is the one under test; without, the
   * one in this folder is. `settings`: user settings besides the quiet ones.
   */
  const serverFor = async (name, { vsix, settings } = {}) => {
    const dir = join(runDir, name);
    const dirs = serverFolders(dir, { settings: { ...USER_SETTINGS, ...settings } });
    if (vsix) say(installExtension(host, dirs, vsix).split('\n').pop());
    const extensionUnderTest = vsix
      ? `installed:${join(dirs.extensions, `${EXTENSION_ID}-`)}`
      : `development:${repositoryRoot}`;
    const log = createWriteStream(join(dir, 'server.log'));
    log.on('error', () => {});
    // Tracked from the moment it exists, so that a signal during its start still ends it.
    const tracked = { pid: undefined, stop: async () => killGroup(tracked.pid) };
    servers.add(tracked);
    try {
      const server = await startVSCodeServer(host, dirs, {
        smokeTestDriver: true,
        log,
        // Read by the suite (test/integration/extension.itest.ts) in the extension host.
        env: { GRUNDY_EXTENSION_UNDER_TEST: extensionUnderTest },
        onSpawn: (child) => (tracked.pid = child.pid),
      });
      tracked.stop = () => server.stop();
      say(`VS Code server listening on 127.0.0.1:${server.port} (${seconds(started)} s); logs in ${dir}`);
      return {
        server,
        dir,
        stop: async () => {
          servers.delete(tracked);
          await server.stop();
          log.end();
        },
      };
    } catch (error) {
      servers.delete(tracked);
      log.end();
      throw error;
    }
  };

  try {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launchPersistentContext(join(runDir, 'chromium-profile'), {
      executablePath: host.chromium,
      headless: true,
      viewport: { width: 1400, height: 760 },
      args: [
        '--no-sandbox', // root in a container: Chromium's sandbox cannot start
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });

    if (only.includes('integration') || only.includes('e2e')) {
      let development;
      try {
        development = await serverFor('development');
      } catch (error) {
        for (const stage of ['integration', 'e2e'])
          if (only.includes(stage)) results[stage] = failure(String(error?.message ?? error));
      }
      if (development) {
        if (only.includes('integration')) {
          say(`== ${STAGES.integration}`);
          results.integration = await runIntegrationSuite(browser, development.server, repositoryRoot, development.dir);
        }
        if (only.includes('e2e')) {
          say(`== ${STAGES.e2e}`);
          const server = development.server;
          results.e2e = await runEndToEnd(STAGES.e2e, e2eEntry, 'defineWorkbenchTests', {
            browser,
            workbenchUrl: server.url(workspace, [
              ['extensionDevelopmentPath', server.remote(repositoryRoot)],
              ['skipWelcome', 'true'],
            ]),
            resultsDir,
          });
          if (results.e2e.failed === 0 && process.env.GRUNDY_UPDATE_SCREENSHOT === '1') {
            for (const [shot, picture] of [
              ['e2e-2-hover.png', 'screenshot.png'],
              ['e2e-11-explorer.png', 'explorer.png'],
              ['e2e-12-graph.png', 'graph.png'],
              ['e2e-12-picture.png', 'picture.png'],
              ['e2e-16-loops-graph.png', 'graph-loops.png'],
              ['e2e-17-moves-hover.png', 'moves-hover.png'],
              ['e2e-18-moves-heatmap.png', 'moves-heatmap.png'],
              ['e2e-14-markdown.png', 'markdown.png'],
              ['e2e-14-tree.png', 'tree.png'],
              ['e2e-15-play.png', 'play.png'],
              ['e2e-19-board-view.png', 'board-view.png'],
              ['e2e-20-quotient-view.png', 'quotient-view.png'],
            ]) {
              copyFileSync(join(resultsDir, shot), join(repositoryRoot, 'media', picture));
              say(`media/${picture} updated from ${shot}`);
            }
          }
        }
        await development.stop();
      }
    }

    if (only.includes('web')) {
      say(`== ${STAGES.web}`);
      let web;
      try {
        web = await serverFor('web', { settings: WEB_EXTENSION_SETTINGS });
      } catch (error) {
        results.web = failure(String(error?.message ?? error));
      }
      if (web) {
        const suite = existsSync(webTestsEntry)
          ? await runIntegrationSuite(browser, web.server, repositoryRoot, web.dir, webTestsEntry)
          : failure(`${webTestsEntry} is missing: build first (node esbuild.mjs --tests)`);
        // The page after the suite: what it proved about the host, seen on the screen (and the README's picture).
        const seen = await runEndToEnd(STAGES.web, webE2eEntry, 'defineWebTests', {
          browser,
          workbenchUrl: web.server.url(workspace, [
            ['extensionDevelopmentPath', web.server.remote(repositoryRoot)],
            ['skipWelcome', 'true'],
          ]),
          resultsDir,
        });
        results.web = {
          passed: suite.passed + seen.passed,
          failed: suite.failed + seen.failed,
          exitCode: suite.exitCode || seen.exitCode,
          ...((suite.error ?? seen.error) && { error: [suite.error, seen.error].filter(Boolean).join('; ') }),
        };
        if (seen.failed === 0 && process.env.GRUNDY_UPDATE_SCREENSHOT === '1') {
          copyFileSync(join(resultsDir, 'web-1-hover.png'), join(repositoryRoot, 'media', 'web.png'));
          say('media/web.png updated from web-1-hover.png');
        }
        await web.stop();
      }
    }

    if (only.includes('worker')) {
      // No VS Code server: the test serves out/web/ and its page itself.
      say(`== ${STAGES.worker}`);
      results.worker = await runEndToEnd(
        STAGES.worker,
        join(repositoryRoot, 'out', 'test', 'e2e', 'webWorker.e2e.js'),
        'defineWebWorkerTests',
        { browser, repositoryRoot, resultsDir },
      );
    }

    if (only.includes('start')) {
      // Its own server (started by `npm start`), so after the development server is gone.
      say(`== ${STAGES.start}`);
      results.start = await runEndToEnd(STAGES.start, startEntry, 'defineStartTests', {
        browser,
        repositoryRoot,
        startDir: join(runDir, 'start'),
        resultsDir,
      });
    }

    if (only.includes('installed')) {
      say(`== ${STAGES.installed}`);
      try {
        const vsix = await packageExtension(join(runDir, 'grundy-game.vsix'), {
          build: false,
          log: (line) => say(line),
          quiet: true,
        });
        const installed = await serverFor('installed', { vsix: vsix.path });
        results.installed = await runIntegrationSuite(browser, installed.server, runnerExtension, installed.dir);
        await installed.stop();
      } catch (error) {
        results.installed = failure(String(error?.message ?? error));
      }
    }
  } catch (error) {
    for (const stage of only) results[stage] ??= failure(`${error?.message ?? error}; logs in ${runDir}`);
  } finally {
    await cleanUp();
    process.off('exit', killOnExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  for (const stage of only) results[stage] ??= failure('did not run');
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `node test/vscode/host.mjs [integration|e2e|web|worker|start|installed ...]`: some stages only.
  const asked = process.argv.slice(2).filter((name) => name in STAGES);
  const results = await runVSCodeStages(asked.length ? { only: asked } : undefined);
  let passed = 0;
  let failed = 0;
  for (const [stage, result] of Object.entries(results)) {
    if (result.error) say(`${STAGES[stage]} FAILED: ${result.error}`);
    console.log(`${STAGES[stage]}: ${result.passed} passed, ${result.failed} failed`);
    passed += result.passed;
    failed += result.failed;
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || Object.values(results).some((r) => r.exitCode !== 0) ? 1 : 0;
}

// Runs the integration suite (out/test/integration/index.js) inside a real VS Code: the VS Code
// server from the npm package `code-server`, whose web workbench is driven by headless Chromium
// through playwright-core. The extension runs in VS Code's own Node extension host, as on a
// desktop; the workbench reports the tests' log lines and exit code back to this process.
//
//   node test/vscode/host.mjs      (after `node esbuild.mjs`; `npm run test:vscode` does both)
//
// Ends with `N passed, N failed` when run alone; test/run.mjs calls runVSCodeSuite() instead.
// Everything a run writes (user data, server data, logs) is under .cache/vscode-host/run/,
// cleared at the start of each run and kept afterwards for a look when something went wrong.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SetupError, cacheRoot, ensureHost, repositoryRoot, vscodeVersion } from './setup.mjs';

/** The whole run (server start, workbench, extension, tests) must end within this. */
const TIMEOUT_SECONDS = Number(process.env.GRUNDY_VSCODE_TIMEOUT) > 0 ? Number(process.env.GRUNDY_VSCODE_TIMEOUT) : 600;
/** The server prints this line when it listens. */
const SERVER_READY = /Web UI available at/;
const SERVER_START_TIMEOUT_MS = 60_000;
/** test/integration/index.ts marks each line of its output, and ends with RESULT_LINE. */
const OUTPUT_MARKER = '[integration] ';
const RESULT_LINE = /^integration tests: (\d+) passed, (\d+) failed$/;
/** The workbench's failed look-ups of extension galleries: the closed network, not a failure. */
const NETWORK_NOISE = /ENOTFOUND|ERR_NAME_NOT_RESOLVED|open-vsx\.org|github\.com/;

const workspace = join(repositoryRoot, 'examples');
const testsEntry = join(repositoryRoot, 'out', 'test', 'integration', 'index.js');

function say(message) {
  process.stdout.write(`[vscode-host] ${message}\n`);
}

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Quiet, trusted, never saving: user settings for the test workbench. */
export const USER_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'files.autoSave': 'off',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  // The examples folder is inside a git repository; the git extension has nothing to do here.
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'chat.disableAIFeatures': true,
};

/**
 * Starts the VS Code server in its own process group (it leaves children: file watcher,
 * extension host, the language server) and resolves once it listens. `onSpawn` gets the
 * process at once, so that it can be ended even if it never gets ready.
 */
async function startServer(host, port, dirs, serverLog, onSpawn) {
  const args = [
    host.serverMain,
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    // Makes the workbench honour the `payload` (extensionDevelopmentPath, extensionTestsPath)
    // and report through window.codeAutomationLog / codeAutomationExit.
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    '--user-data-dir', dirs.userData,
    '--server-data-dir', dirs.serverData,
    '--extensions-dir', dirs.extensions,
  ];
  const env = { ...process.env, PATH: [join(host.nodeHome, 'bin'), process.env.PATH ?? ''].join(delimiter) };
  const server = spawn(host.node, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  onSpawn(server);
  server.stdout.pipe(serverLog, { end: false });
  server.stderr.pipe(serverLog, { end: false });

  return new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(() => done(new Error(`the VS Code server did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`)), SERVER_START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      if (SERVER_READY.test(output)) done();
    };
    const onExit = (code, signal) => done(new Error(`the VS Code server exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`));
    const onError = (error) => done(new Error(`could not start the VS Code server: ${error.message}`));
    function done(error) {
      clearTimeout(timer);
      server.stdout.off('data', onData);
      server.off('exit', onExit);
      server.off('error', onError);
      if (error) reject(error);
      else resolveStart();
    }
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', onData);
    server.on('exit', onExit);
    server.on('error', onError);
  });
  return server;
}

/** Whether any process of the group `pgid` is still alive. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends the server's whole process group: TERM, then KILL what is left after a few seconds. */
async function killGroup(pgid) {
  if (!pgid || !groupAlive(pgid)) return;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {}
  const deadline = Date.now() + 5_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {}
  }
}

/**
 * Sets up the host if needed, runs the integration suite in it and returns
 * `{ passed, failed, exitCode, error }`; `error` (a message) says why when the suite could not
 * run or did not finish. Never throws. Log lines of the tests go to stdout as they come.
 */
export async function runVSCodeSuite() {
  let started = Date.now();
  let host;
  try {
    host = ensureHost();
  } catch (error) {
    return failure(error instanceof SetupError ? error.message : String(error?.stack ?? error));
  }
  if (!existsSync(testsEntry)) return failure(`${testsEntry} is missing: build first (node esbuild.mjs)`);
  say(`VS Code ${vscodeVersion(host.codeServer)} (code-server), setup checked in ${seconds(started)} s`);
  // The time limit is for the run itself, not for a first-time install.
  started = Date.now();

  const runDir = join(cacheRoot, 'run');
  rmSync(runDir, { recursive: true, force: true });
  const dirs = {
    userData: join(runDir, 'user-data'),
    serverData: join(runDir, 'server-data'),
    extensions: join(runDir, 'extensions'),
    browser: join(runDir, 'chromium-profile'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  // code-server keeps the workbench's user settings on the server, under --user-data-dir.
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2));
  const serverLog = createWriteStream(join(runDir, 'server.log'));
  const workbenchLog = createWriteStream(join(runDir, 'workbench.log'));
  // Logs are for looking at later: a late line after the end must not crash the run.
  serverLog.on('error', () => {});
  workbenchLog.on('error', () => {});

  let server;
  let browser;
  let timer;
  let stopped = false;
  let removeSignalHandlers = () => {};
  // The last resort if this process exits some other way: never leave the server behind.
  const killOnExit = () => {
    if (server?.pid && groupAlive(server.pid)) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {}
    }
  };
  process.on('exit', killOnExit);

  // Idempotent; runSuite() checks `stopped` after each step, so that nothing it starts after a
  // timeout or a signal outlives the run.
  const cleanUp = async () => {
    stopped = true;
    clearTimeout(timer);
    removeSignalHandlers();
    await browser?.close().catch(() => {});
    await killGroup(server?.pid);
    process.off('exit', killOnExit);
    server?.stdout.unpipe(serverLog);
    server?.stderr.unpipe(serverLog);
    serverLog.end();
    workbenchLog.end();
  };

  // Ctrl-C or a TERM from CI: end the server group and the browser before going.
  const onSignal = (signal) => {
    say(`${signal}: stopping the VS Code server and the browser`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  removeSignalHandlers = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };

  // What the run has seen so far, for the message if it times out.
  const seen = { resultLine: undefined, recentErrors: [] };
  const withErrors = (message) =>
    seen.recentErrors.length ? `${message}\nlast workbench errors:\n  ${seen.recentErrors.join('\n  ')}` : message;

  /** Starts everything, runs the suite, and resolves with the extension host's exit code. */
  async function runSuite() {
    const port = await freePort();
    await startServer(host, port, dirs, serverLog, (child) => (server = child));
    if (stopped) return 'stopped';
    say(`VS Code server listening on 127.0.0.1:${port} (${seconds(started)} s); logs in ${runDir}`);

    const { chromium } = await import('playwright-core');
    // A persistent context is how Playwright takes a given (fresh, per run) profile folder.
    browser = await chromium.launchPersistentContext(dirs.browser, {
      executablePath: host.chromium,
      headless: true,
      args: [
        '--no-sandbox', // root in a container: Chromium's sandbox cannot start
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    if (stopped) {
      await browser.close();
      return 'stopped';
    }
    const page = browser.pages()[0] ?? (await browser.newPage());

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
    page.on('console', (message) => workbenchLog.write(`${seconds(started)} [browser ${message.type()}] ${message.text()}\n`));
    page.on('pageerror', (error) => workbenchLog.write(`${seconds(started)} [browser pageerror] ${error.stack ?? error}\n`));

    const remote = (path) => `vscode-remote://127.0.0.1:${port}${path}`;
    const payload = [
      ['extensionDevelopmentPath', remote(repositoryRoot)],
      ['extensionTestsPath', remote(testsEntry)],
      ['skipWelcome', 'true'],
    ];
    const url =
      `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}` +
      `&payload=${encodeURIComponent(JSON.stringify(payload))}`;

    await page.goto(url);
    say(`workbench loaded (${seconds(started)} s); running the integration suite`);
    return await exited;
  }

  const timedOut = new Promise((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout('timeout'), TIMEOUT_SECONDS * 1000);
  });

  try {
    const exitCode = await Promise.race([runSuite(), timedOut]);
    if (exitCode === 'timeout') {
      const message = `the integration suite did not finish within ${TIMEOUT_SECONDS} s (GRUNDY_VSCODE_TIMEOUT); logs in ${runDir}`;
      return failure(withErrors(message), seen.resultLine);
    }
    say(`the extension host exited with code ${exitCode} (${seconds(started)} s)`);
    if (!seen.resultLine) {
      return failure(withErrors(`the integration suite ended (exit code ${exitCode}) without its result line; logs in ${runDir}`));
    }
    const passed = Number(seen.resultLine[1]);
    const failed = Number(seen.resultLine[2]);
    if (passed + failed === 0) return failure('the integration suite ran no test');
    if (exitCode !== 0 && failed === 0) {
      return failure(`the extension host exited with code ${exitCode} although no test failed; logs in ${runDir}`, seen.resultLine);
    }
    return { passed, failed, exitCode };
  } catch (error) {
    return failure(withErrors(`${error?.message ?? error}; logs in ${runDir}`));
  } finally {
    await cleanUp();
  }
}

/** A run that did not (fully) happen counts as one failure besides what did run. */
function failure(error, resultLine) {
  const passed = resultLine ? Number(resultLine[1]) : 0;
  const failed = (resultLine ? Number(resultLine[2]) : 0) + 1;
  return { passed, failed, exitCode: 1, error };
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/** The workbench passes a log call's arguments as given; make one string of them. */
function formatLog(args) {
  const parts = Array.isArray(args) ? args : [args];
  return parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await runVSCodeSuite();
  if (result.error) say(`FAILED: ${result.error}`);
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exitCode = result.failed > 0 || result.exitCode !== 0 ? 1 : 0;
}

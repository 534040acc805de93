// Starts and stops the VS Code server of the npm package `code-server` (installed by setup.mjs):
// shared by the test host (host.mjs) and `npm start` (scripts/start.mjs).
//
// The server runs in its own process group, because it leaves children (file watcher, extension
// host, the language server and its workers); stopping it ends the whole group.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/** The server prints this line when it listens. */
const SERVER_READY = /Web UI available at/;
const SERVER_START_TIMEOUT_MS = 60_000;

/** Quiet, trusted, never saving: user settings for a workbench run by a script. */
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
  // The chat side bar would take a third of the window (and of the screenshots).
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * User settings (added to USER_SETTINGS) that run the extension as a web extension: in the workbench's web worker
 * extension host, from its `browser` bundle, as on vscode.dev, rather than in the server's Node extension host.
 */
export const WEB_EXTENSION_SETTINGS = {
  'remote.extensionKind': { 'grundy-tools.grundy-game': ['web'] },
};

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
export function freePort() {
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

/**
 * The folders one server instance writes to, under `root`, created with the user settings
 * (`keepSettings`: unless a settings file is there already).
 */
export function serverFolders(root, { settings = USER_SETTINGS, keepSettings = false } = {}) {
  const dirs = {
    userData: join(root, 'user-data'),
    serverData: join(root, 'server-data'),
    extensions: join(root, 'extensions'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  // code-server keeps the workbench's user settings on the server, under --user-data-dir.
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  const settingsFile = join(dirs.userData, 'User', 'settings.json');
  if (!keepSettings || !existsSync(settingsFile)) writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  return dirs;
}

function serverEnv(host, extra) {
  return { ...process.env, PATH: [join(host.nodeHome, 'bin'), process.env.PATH ?? ''].join(delimiter), ...extra };
}

/**
 * Installs a .vsix into the extensions folder with the server's own command line
 * (`--install-extension`), as `code --install-extension` does on a desktop. Throws on failure.
 */
/**
 * Where the VS Code server keeps its user data, its own data and its extensions: the same for installing and serving.
 */
function dataDirArgs(dirs) {
  return ['--user-data-dir', dirs.userData, '--server-data-dir', dirs.serverData, '--extensions-dir', dirs.extensions];
}

export function installExtension(host, dirs, vsixPath) {
  const result = spawnSync(
    host.node,
    [
      host.serverMain,
      '--install-extension',
      vsixPath,
      '--force',
      '--accept-server-license-terms',
      ...dataDirArgs(dirs),
    ],
    {
      encoding: 'utf8',
      env: serverEnv(host),
      timeout: 120_000,
    },
  );
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0 || !/successfully installed/.test(output)) {
    throw new Error(`installing ${vsixPath} failed (exit ${result.status ?? result.signal}):\n${output}`);
  }
  return output;
}

/** Whether any process of the group `pgid` is still alive. */
export function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends the process group `pgid`: TERM, then KILL what is left after a few seconds. */
export async function killGroup(pgid) {
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
 * Starts the VS Code server on 127.0.0.1 and resolves, once it listens, with
 * `{ port, pid, url(folder, payload?) , stop() }`. Its output goes to `log` (a writable stream).
 *
 * - `connectionToken`: the secret a browser must present (the URL carries it as `tkn`, which
 *   the server turns into a cookie); without one, anyone on this machine can connect, which is
 *   fine for a test run that lasts a minute, not for `npm start`.
 * - `smokeTestDriver`: makes the workbench honour the `payload` URL parameter
 *   (extensionDevelopmentPath, extensionTestsPath) and report through the page's
 *   codeAutomationLog / codeAutomationExit functions.
 * - `env`: extra environment for the server and so for the extension host and language server.
 * - `onSpawn(child)`: called at once, so that the process can be ended even if it never gets
 *   ready.
 */
export async function startVSCodeServer(host, dirs, options = {}) {
  const { port = await freePort(), connectionToken, smokeTestDriver = false, env = {}, log, onSpawn } = options;
  const args = [
    host.serverMain,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    ...(connectionToken ? ['--connection-token', connectionToken] : ['--without-connection-token']),
    '--accept-server-license-terms',
    ...(smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
    '--disable-telemetry',
    ...dataDirArgs(dirs),
  ];
  const child = spawn(host.node, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv(host, env),
  });
  onSpawn?.(child);
  if (log) {
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
  }

  await new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(
      () => done(new Error(`the VS Code server did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`)),
      SERVER_START_TIMEOUT_MS,
    );
    const onData = (chunk) => {
      output += chunk;
      if (SERVER_READY.test(output)) done();
    };
    const onExit = (code, signal) =>
      done(new Error(`the VS Code server exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`));
    const onError = (error) => done(new Error(`could not start the VS Code server: ${error.message}`));
    function done(error) {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (error) reject(error);
      else resolveStart();
    }
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.on('exit', onExit);
    child.on('error', onError);
  }).catch(async (error) => {
    await killGroup(child.pid);
    throw error;
  });

  return {
    port,
    pid: child.pid,
    child,
    /** The workbench URL that opens `folder` (a path on this machine), with an optional payload. */
    url(folder, payload) {
      const query = [`folder=${encodeURIComponent(folder)}`];
      if (connectionToken) query.push(`tkn=${encodeURIComponent(connectionToken)}`);
      if (payload) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
      return `http://127.0.0.1:${port}/?${query.join('&')}`;
    },
    /** A path on this machine as the workbench names it (for payload entries). */
    remote(path) {
      return `vscode-remote://127.0.0.1:${port}${path}`;
    },
    async stop() {
      if (log) {
        child.stdout.unpipe(log);
        child.stderr.unpipe(log);
      }
      await killGroup(child.pid);
    },
  };
}

// `npm start`: build, then open examples/ in VS Code with the extension loaded.
//
// - With a desktop VS Code on PATH (`code`), opens a new window in extension development mode
//   (`code --extensionDevelopmentPath=<this folder> examples`), as F5 would.
// - Otherwise (or with `--server`), runs the VS Code server of the npm package `code-server`
//   (installed on first use into .cache/vscode-host/ by test/vscode/setup.mjs, the one the tests
//   use) on 127.0.0.1, with the extension packed into a .vsix and installed into it, and prints
//   the URL to open in a browser. The URL carries a random connection token: without it the
//   server answers nobody. Ctrl-C stops the server and everything it started.
//
//   npm start                        desktop VS Code if on PATH, else the server
//   npm start -- --server            the server, even when `code` is on PATH
//   npm start -- --port 8080         the server's port (default: 8080 if free, else any free port)
//   npm start -- --web               the server, with the extension as a web extension: it runs in the
//                                    browser's web worker extension host from its browser bundles
//                                    (out/web/), as on vscode.dev, instead of in the server's Node
//                                    extension host (the user setting `remote.extensionKind`)
//
// The server's user data (settings you change in it, open editors) is kept between runs in
// .cache/vscode-host/start/, or start-web/ with --web (GRUNDY_START_DIR moves it; the tests do).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import {
  freePort,
  installExtension,
  serverFolders,
  startVSCodeServer,
  USER_SETTINGS,
  WEB_EXTENSION_SETTINGS,
} from '../test/vscode/server.mjs';
import { cacheRoot, ensureHost, SetupError, vscodeVersion } from '../test/vscode/setup.mjs';
import { packageExtension, repositoryRoot } from './package.mjs';

const DEFAULT_PORT = 8080;
const examples = join(repositoryRoot, 'examples');
/** The extension as a web extension (in the browser's web worker extension host): the server only. */
const web = process.argv.includes('--web');

function say(message) {
  process.stdout.write(`[grundy] ${message}\n`);
}

function fail(message) {
  say(`npm start FAILED: ${message}`);
  process.exit(1);
}

/** The first executable `name` on PATH, or undefined. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

function portIsFree(port) {
  return new Promise((resolveFree) => {
    const probe = createServer();
    probe.once('error', () => resolveFree(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree(true)));
  });
}

function option(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

const built = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repositoryRoot, stdio: 'inherit' });
if (built.status !== 0) fail(`the build failed (exit ${built.status ?? built.signal})`);
say('built out/');

const desktop = process.argv.includes('--server') || web ? undefined : onPath('code');
if (desktop) {
  say(`opening ${examples} in VS Code (${desktop}) with the extension from ${repositoryRoot}`);
  const child = spawn(desktop, ['--new-window', `--extensionDevelopmentPath=${repositoryRoot}`, examples], {
    stdio: 'inherit',
  });
  child.on('error', (error) => fail(`could not run ${desktop}: ${error.message}`));
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await startServer();
}

/**
 * Makes sure the user settings kept from an earlier run still say to run the extension as a web extension (a
 * person may have changed them): `remote.extensionKind` for it is set to `["web"]`, the rest left as it is.
 */
function runAsWebExtension(settingsFile) {
  const [[key, kinds]] = Object.entries(WEB_EXTENSION_SETTINGS);
  let settings;
  try {
    settings = JSON.parse(readFileSync(settingsFile, 'utf8'));
  } catch (error) {
    // VS Code's settings may hold comments, which JSON.parse refuses: leave such a file alone, and say so.
    say(`could not read ${settingsFile} (${error.message}): make sure it has "${key}": ${JSON.stringify(kinds)}`);
    return;
  }
  const wanted = { ...settings[key], ...kinds };
  if (JSON.stringify(settings[key]) === JSON.stringify(wanted)) return;
  writeFileSync(settingsFile, JSON.stringify({ ...settings, [key]: wanted }, null, 2));
  say(`set "${key}": ${JSON.stringify(wanted)} in ${settingsFile}`);
}

async function startServer() {
  let host;
  try {
    host = ensureHost({ browser: false });
  } catch (error) {
    fail(error instanceof SetupError ? error.message : String(error?.stack ?? error));
  }
  const askedPort = option('--port');
  if (askedPort !== undefined && !(Number(askedPort) > 0 && Number(askedPort) < 65536))
    fail(`--port ${askedPort} is not a port`);
  const port = askedPort ? Number(askedPort) : (await portIsFree(DEFAULT_PORT)) ? DEFAULT_PORT : await freePort();

  const dir = process.env.GRUNDY_START_DIR
    ? resolve(process.env.GRUNDY_START_DIR)
    : join(cacheRoot, web ? 'start-web' : 'start');
  mkdirSync(dir, { recursive: true });
  // Settings a person changed in an earlier run stay; a first run gets quiet defaults.
  const dirs = serverFolders(dir, {
    settings: web ? { ...USER_SETTINGS, ...WEB_EXTENSION_SETTINGS } : USER_SETTINGS,
    keepSettings: true,
  });
  if (web) runAsWebExtension(join(dirs.userData, 'User', 'settings.json'));

  // Installed from a .vsix, as a user would install it: what runs is what ships.
  const vsix = join(dir, 'grundy-game.vsix');
  try {
    await packageExtension(vsix, { build: false, log: () => {}, quiet: true });
    installExtension(host, dirs, vsix);
  } catch (error) {
    fail(String(error?.message ?? error));
  }
  say(`installed the extension from ${vsix}`);

  const token = randomBytes(16).toString('hex');
  const log = createWriteStream(join(dir, 'server.log'));
  log.on('error', () => {});
  let server;
  let spawned;
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the VS Code server and its processes`);
    if (server) await server.stop();
    else if (spawned?.pid) {
      try {
        process.kill(-spawned.pid, 'SIGKILL');
      } catch {}
    }
    say('stopped');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal));

  try {
    server = await startVSCodeServer(host, dirs, {
      port,
      connectionToken: token,
      log,
      onSpawn: (child) => (spawned = child),
    });
  } catch (error) {
    fail(`${error?.message ?? error} (log: ${join(dir, 'server.log')})`);
  }
  if (stopping) return;
  server.child.on('exit', (code, signal) => {
    if (!stopping) fail(`the VS Code server exited (${code ?? signal}); log: ${join(dir, 'server.log')}`);
  });
  say(`VS Code ${vscodeVersion(host.codeServer)} server, log in ${join(dir, 'server.log')}`);
  say(
    web
      ? "open this URL in a browser (examples/ with the Grundy extension in the browser's web worker extension host):"
      : 'open this URL in a browser (examples/ with the Grundy extension):',
  );
  process.stdout.write(`\n    ${server.url(examples)}\n\n`);
  say('Ctrl-C stops it.');
}

// Sets up, once, what the integration tests need to run the extension in a real VS Code:
//
//   - Node 24 (the npm package `node-<platform>-<arch>`, binary and headers): the VS Code server
//     in code-server 4.139 requires it, and this machine's Node is 20;
//   - the npm package `code-server`, which ships the VS Code server and web workbench, installed
//     into its own folder (its postinstall builds native modules against Node 24's headers);
//   - Debian's `chromium` (the browser that drives the workbench, through `playwright-core`, a
//     devDependency of the project) and `libkrb5-dev` (code-server's `kerberos` module builds
//     from source and needs `gssapi/gssapi.h`), installed with apt-get when running as root.
//
// Everything downloaded goes under `.cache/vscode-host/<versions>/` (git-ignored), keyed by the
// pinned versions, and a folder counts as installed only once its `.complete` marker is written:
// only the first run pays for the install (about 3 minutes), and an interrupted install is
// started again from scratch.
//
// Used by host.mjs; `node test/vscode/setup.mjs` runs it alone and prints what it found.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1'; // VS Code 1.139.1
export const NODE_VERSION = '24.21.0';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cacheRoot = join(repositoryRoot, '.cache', 'vscode-host');

const CHROMIUM = '/usr/bin/chromium';

/** A failure to set up the host, with a message meant for the person who runs the tests. */
export class SetupError extends Error {}

function say(message) {
  process.stdout.write(`[vscode-host] ${message}\n`);
}

/**
 * The environment for a nested npm: without the `npm_*` variables of an enclosing `npm test`
 * (`npm_config_local_prefix` and friends would send the install into the project itself), with
 * Node 24 first on PATH and its headers as `nodedir` (the machine's npm config points `nodedir`
 * at Node 20's headers, and native modules built against those would not load in Node 24).
 */
function nestedNpmEnv(nodeHome) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  }
  if (nodeHome) {
    env.PATH = [join(nodeHome, 'bin'), env.PATH ?? ''].join(delimiter);
    env.npm_config_nodedir = nodeHome;
  }
  return env;
}

function run(command, args, options = {}) {
  say(`$ ${command} ${args.join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new SetupError(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new SetupError(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** Installs `dependencies` into `dir` with npm, unless `dir/.complete` says it is done. */
function npmInstallOnce(dir, label, dependencies, { allowScripts, nodeHome } = {}) {
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return false;
  // A folder without its marker is a broken or interrupted install: start again.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = { name: `grundy-vscode-host-${label}`, private: true, dependencies };
  // npm 11 runs dependency install scripts only when the installing project allows them.
  if (allowScripts) manifest.allowScripts = allowScripts;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const started = Date.now();
  say(
    `installing ${label} (${Object.entries(dependencies)
      .map(([n, v]) => `${n}@${v}`)
      .join(', ')}) into ${dir}`,
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=warn'], {
    cwd: dir,
    env: nestedNpmEnv(nodeHome),
  });
  return { marker, seconds: Math.round((Date.now() - started) / 1000) };
}

function dpkgInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

/** Installs the Debian packages that are missing, as root; otherwise says how to. */
function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !p.present());
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    const what =
      names.length === 1 ? `the Debian package ${names[0]} is` : `the Debian packages ${names.join(', ')} are`;
    throw new SetupError(
      `${what} missing and this is not root, so it cannot be installed here; ` +
        `install it (sudo apt-get install -y ${names.join(' ')}) and run again`,
    );
  }
  if (!existsSync('/usr/bin/apt-get')) {
    throw new SetupError(`the packages ${names.join(', ')} are missing and there is no apt-get to install them`);
  }
  say(`installing Debian packages: ${names.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['-q', 'update'], { env });
  run('apt-get', ['-q', 'install', '-y', '--no-install-recommends', ...names], { env });
  const still = missing.filter((p) => !p.present()).map((p) => p.name);
  if (still.length > 0) throw new SetupError(`apt-get did not install ${still.join(', ')}`);
}

/**
 * Only the browser (Debian's Chromium, installed with apt-get when missing), for what drives a
 * page without VS Code (test/web/browser.bench.ts): its path.
 */
export function ensureChromium() {
  ensureDebianPackages([{ name: 'chromium', present: () => existsSync(CHROMIUM) }]);
  return CHROMIUM;
}

/**
 * Makes sure everything is installed and returns where it is:
 * `{ node, nodeHome, codeServer, serverMain, chromium }`. Throws a SetupError with a clear
 * message when something cannot be set up. `browser: false` (for `npm start`, where a person
 * brings the browser) leaves Chromium out.
 */
export function ensureHost({ browser = true } = {}) {
  const platformPackage = `node-${process.platform}-${process.arch}`;
  if (process.platform !== 'linux') {
    throw new SetupError(`the VS Code server host is set up for Linux only (this is ${process.platform})`);
  }
  const hostDir = join(cacheRoot, `code-server-${CODE_SERVER_VERSION}-node-${NODE_VERSION}-${process.arch}`);
  const nodeDir = join(hostDir, 'node');
  const codeServerDir = join(hostDir, 'code-server');
  const nodeHome = join(nodeDir, 'node_modules', platformPackage);
  const node = join(nodeHome, 'bin', 'node');
  const codeServer = join(codeServerDir, 'node_modules', 'code-server');
  const serverMain = join(codeServer, 'lib', 'vscode', 'out', 'server-main.js');
  const codeServerInstalled = existsSync(join(codeServerDir, '.complete'));

  ensureDebianPackages([
    ...(browser ? [{ name: 'chromium', present: () => existsSync(CHROMIUM) }] : []),
    // Needed only to build code-server's native modules, so only before it is installed.
    ...(codeServerInstalled ? [] : [{ name: 'libkrb5-dev', present: () => dpkgInstalled('libkrb5-dev') }]),
  ]);

  const nodeInstall = npmInstallOnce(nodeDir, 'node', { [platformPackage]: NODE_VERSION });
  if (nodeInstall) {
    if (!existsSync(node) || !existsSync(join(nodeHome, 'include', 'node', 'node.h'))) {
      throw new SetupError(`${platformPackage}@${NODE_VERSION} installed, but without bin/node or include/node`);
    }
    writeFileSync(nodeInstall.marker, `${new Date().toISOString()}\n`);
    say(`Node ${NODE_VERSION} installed in ${nodeInstall.seconds} s`);
  }

  const codeServerInstall = npmInstallOnce(
    codeServerDir,
    'code-server',
    { 'code-server': CODE_SERVER_VERSION },
    { allowScripts: { 'code-server': true, argon2: true }, nodeHome },
  );
  if (codeServerInstall) {
    // code-server's postinstall installs the VS Code server's own dependencies; npm skips it
    // silently when scripts are not allowed, so check for its result, not only the exit code.
    const serverDependencies = join(codeServer, 'lib', 'vscode', 'node_modules');
    if (!existsSync(serverMain) || !existsSync(serverDependencies)) {
      throw new SetupError(
        `code-server@${CODE_SERVER_VERSION} installed, but its postinstall did not run ` +
          `(no ${serverDependencies}); see the npm output above`,
      );
    }
    writeFileSync(codeServerInstall.marker, `${new Date().toISOString()}\n`);
    say(`code-server ${CODE_SERVER_VERSION} installed in ${codeServerInstall.seconds} s`);
  }

  return { node, nodeHome, codeServer, serverMain, chromium: browser ? CHROMIUM : undefined, hostDir };
}

/** The VS Code version inside the installed code-server, for the log. */
export function vscodeVersion(codeServer) {
  try {
    return JSON.parse(readFileSync(join(codeServer, 'lib', 'vscode', 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const host = ensureHost();
    say(`ready: VS Code ${vscodeVersion(host.codeServer)} in ${host.codeServer}`);
    say(`node: ${host.node}`);
    say(`browser: ${host.chromium}`);
  } catch (error) {
    say(`setup failed: ${error instanceof SetupError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  }
}

// The Neovim stage of the test command: the bundled server from a second real LSP client,
// Neovim's built-in one, headless (test/neovim/client.lua). Debian's `neovim` package is installed
// here when `nvim` is missing, as the VS Code stages download VS Code: a new machine has neither.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** `nvim` on the PATH, installed from Debian's packages if it is not there; an error message if that fails. */
export function ensureNeovim() {
  if (has('nvim')) return undefined;
  if (!has('apt-get'))
    return 'nvim is not installed and this machine has no apt-get to install Debian’s neovim package';
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  process.stdout.write('installing Debian’s neovim package (apt-get install neovim)\n');
  if (!run(['apt-get', 'install', '-y', '-q', 'neovim'])) {
    // The package lists may be missing or stale on a new machine.
    if (!run(['apt-get', 'update', '-q']) || !run(['apt-get', 'install', '-y', '-q', 'neovim']))
      return 'apt-get could not install neovim';
  }
  return has('nvim') ? undefined : 'neovim was installed but nvim is not on the PATH';
}

/** Runs the Neovim client script; { passed, failed, error? } with one line per check on stdout. */
export function runNeovimStage() {
  const missing = ensureNeovim();
  if (missing) return { passed: 0, failed: 1, error: missing };
  const server = join(root, 'out', 'server', 'server.js');
  if (!existsSync(server))
    return { passed: 0, failed: 1, error: `${server} is missing: build first (node esbuild.mjs --tests)` };
  const work = mkdtempSync(join(tmpdir(), 'grundy-neovim-'));
  const results = join(work, 'results.txt');
  try {
    for (const file of ['coins.game', 'mistakes.game', 'loops.game', 'moves.game', 'boards.game', 'misere.game'])
      copyFileSync(join(root, 'examples', file), join(work, file));
    const nvim = spawnSync(
      'nvim',
      ['--headless', '-u', 'NONE', '-i', 'NONE', '-c', `luafile ${join(root, 'test', 'neovim', 'client.lua')}`],
      {
        cwd: work,
        env: {
          ...process.env,
          GRUNDY_SERVER: server,
          GRUNDY_WORK: work,
          GRUNDY_RESULTS: results,
          XDG_STATE_HOME: work,
          XDG_CACHE_HOME: work,
        },
        timeout: 180_000,
        encoding: 'utf8',
      },
    );
    const lines = existsSync(results) ? readFileSync(results, 'utf8').split('\n').filter(Boolean) : [];
    for (const line of lines) process.stdout.write(`  ${line.startsWith('ok ') ? '✔' : '✗'} ${line}\n`);
    const passed = lines.filter((l) => l.startsWith('ok ')).length;
    const failed = lines.length - passed;
    if (nvim.status !== 0 || lines.length === 0) {
      const why = nvim.error ? nvim.error.message : `nvim exited with ${nvim.status ?? nvim.signal}`;
      return { passed, failed: failed + 1, error: `${why}; stderr: ${(nvim.stderr ?? '').slice(-2000)}` };
    }
    return { passed, failed };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = runNeovimStage();
  if (result.error) console.log(`Neovim stage: ${result.error}`);
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exit(result.failed === 0 ? 0 : 1);
}

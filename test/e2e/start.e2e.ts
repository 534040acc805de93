// `npm start` as a person on a machine without a desktop VS Code uses it: run it, read the URL
// it prints, open that URL in the browser, see the examples with the extension working, then
// press Ctrl-C (SIGINT to the foreground process group, as a terminal sends it) and find every
// process it had started gone.
//
// test/vscode/host.mjs runs this file with mocha, in the browser of the other stages, and hands
// it the browser through `defineStartTests`.
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export interface StartSession {
  browser: BrowserContext;
  repositoryRoot: string;
  /** Where this run of `npm start` keeps its user data and .vsix (GRUNDY_START_DIR). */
  startDir: string;
  resultsDir: string;
}

/** Build, pack, install and start the server; a first install of the server is done by then. */
const URL_MS = 180_000;
const READY_MS = 60_000;
const STOP_MS = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return undefined;
  }
}

/** Every process whose parent chain leads to `root`, with its command line, from /proc. */
function descendants(root: number): Map<number, string> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found = new Map<number, string>();
  for (const pid of parentOf.keys()) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf.get(at)) {
      if (at === root) {
        found.set(pid, commandOf(pid) ?? '');
        break;
      }
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function defineStartTests(session: StartSession): void {
  defineStartRun(session, 'server');
  defineStartRun(session, 'web');
}

/**
 * `npm start -- --server`, or `npm start -- --web`: the same server, with the extension as a web extension, in the
 * browser's web worker extension host (its hints and lenses appear, and no language server process runs).
 */
function defineStartRun(session: StartSession, mode: 'server' | 'web'): void {
  let start: ChildProcess;
  let output = '';
  let exited: Promise<number | string>;
  let url: string;
  let page: Page;
  /** What npm start had started, seen just before Ctrl-C. */
  let tree = new Map<number, string>();

  describe(`npm start -- --${mode}, without a desktop VS Code`, function () {
    this.timeout(URL_MS + READY_MS);

    // If a test failed, or the run is stopped (Ctrl-C on `npm test` ends the host process, and
    // npm start, in its own process group, does not get that SIGINT): never leave anything of it
    // running, whether or not npm start is still there to find its processes from (after it
    // exits, they belong to init). Synchronous, so that it also works from an 'exit' handler.
    const killWhatWasStarted = () => {
      const left = new Map(tree);
      if (start?.pid && alive(start.pid)) for (const [pid, command] of descendants(start.pid)) left.set(pid, command);
      for (const [pid, command] of left) {
        // Only if it is still that process: a number seen before may belong to another one now.
        if (commandOf(pid) !== command) continue;
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      if (start?.pid && start.exitCode === null && start.signalCode === null) {
        try {
          process.kill(-start.pid, 'SIGKILL');
        } catch {}
      }
    };
    before(() => {
      process.on('exit', killWhatWasStarted);
    });
    after(async () => {
      await page?.close().catch(() => {});
      killWhatWasStarted();
      process.off('exit', killWhatWasStarted);
    });

    it('prints the URL of the VS Code server on 127.0.0.1, with a connection token', async () => {
      const port = await freePort();
      // Its own process group, as a shell gives a foreground job: Ctrl-C goes to all of it.
      start = spawn('npm', ['start', '--', `--${mode}`, '--port', String(port)], {
        cwd: session.repositoryRoot,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GRUNDY_START_DIR: join(session.startDir, mode) },
      });
      exited = new Promise((resolve) => start.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
      const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
      start.stdout!.on('data', collect);
      start.stderr!.on('data', collect);
      const deadline = Date.now() + URL_MS;
      let found: RegExpMatchArray | null = null;
      while (!found && Date.now() < deadline) {
        found = output.match(/^\s+(http:\/\/127\.0\.0\.1:(\d+)\/\?\S+)$/m);
        if (!found && start.exitCode !== null) break;
        if (!found) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.ok(found, `no URL from npm start; its output:\n${output.slice(-3000)}`);
      url = found[1];
      assert.equal(Number(found[2]), port);
      assert.match(url, /[?&]folder=[^&]*examples/);
      assert.match(url, /[?&]tkn=[0-9a-f]{32}/);
    });

    it('refuses a browser without the token', async () => {
      const response = await fetch(new URL('/', url).href, { redirect: 'manual' });
      assert.equal(response.status, 403);
    });

    it('the URL opens examples/ with the extension working: hints and lenses', async () => {
      page = await session.browser.newPage();
      await page.goto(url);
      const entry = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'coins.game' });
      await entry.waitFor({ state: 'visible', timeout: READY_MS });
      await entry.click();
      await page
        .locator('.editor-instance .view-line', {
          hasText: /^game\s+coins\s+=\s+onetwo\s+3\s+4\s+5\s*=\s+\*3\s+·\s+win/,
        })
        .waitFor({ timeout: READY_MS });
      await page.locator('.codelens-decoration a', { hasText: '▶ onetwo 4 → 2' }).waitFor({ timeout: READY_MS });
      await page.screenshot({ path: join(session.resultsDir, `start-1-${mode}-coins.png`) });
    });

    it('Ctrl-C stops it and every process it started', async () => {
      tree = descendants(start.pid!);
      const commands = [...tree.values()];
      // The server, its extension host and the language server are all in the tree; with --web the language server
      // is a Web Worker of the page (the hints above came from it), not a process.
      assert.ok(
        commands.some((c) => c.includes('server-main.js')),
        `no VS Code server among:\n${commands.join('\n')}`,
      );
      assert.equal(
        commands.some((c) => c.includes('out/server/server.js')),
        mode === 'server',
        `the language server's process ${mode === 'server' ? 'missing' : 'running'} among:\n${commands.join('\n')}`,
      );
      process.kill(-start.pid!, 'SIGINT');
      const code = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), STOP_MS)),
      ]);
      assert.notEqual(code, 'still running', `npm start did not stop within ${STOP_MS / 1000} s`);
      assert.match(output, /SIGINT: stopping the VS Code server/);
      const deadline = Date.now() + STOP_MS;
      // Still there: the same number with the same command line (a zombie has none).
      const stillThere = (pid: number) => commandOf(pid) === tree.get(pid);
      let left = [...tree.keys()].filter(stillThere);
      while (left.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        left = [...tree.keys()].filter(stillThere);
      }
      assert.deepEqual(
        left.map((pid) => `${pid} ${tree.get(pid)}`),
        [],
        'processes left after Ctrl-C',
      );
    });
  });
}

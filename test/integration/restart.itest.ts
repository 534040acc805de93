// The language server dies (killed, as a crash or a broken message stream ends it: the server
// exits on a framing fault, test/server/transport.test.ts) and VS Code's language client starts
// it again: the features answer once more. The server is found among the extension host's
// child processes (this test runs in the extension host), so the server needs no test hook.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Thenable<T | undefined> | T | undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position)) ?? [];
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

/** The extension host's children running the bundled server (out/server/server.js), by /proc. */
function serverProcesses(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (ppid === process.pid && command.some((arg) => arg.endsWith('server/server.js'))) found.push(Number(entry));
    } catch {
      // gone meanwhile
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

/** coins.game open, once a hover on its game answers with the value. */
async function coinsAnswering(): Promise<{ document: vscode.TextDocument; position: vscode.Position }> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace has no folder (expected examples/)');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'coins.game'));
  await vscode.window.showTextDocument(document);
  const line = document
    .getText()
    .split('\n')
    .findIndex((l) => l.startsWith('game coins'));
  const position = new vscode.Position(line, 6);
  await until('a hover with the value', 30_000, async () =>
    (await hoverText(document, position)).includes('nimber') ? true : undefined,
  );
  return { document, position };
}

suite('the language server after it dies', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('is restarted by the client after it dies, and a hover answers again within 20 s', async () => {
    const { document, position } = await coinsAnswering();

    const servers = serverProcesses();
    assert.equal(
      servers.length,
      1,
      `one language server process is a child of the extension host, not ${JSON.stringify(servers)}`,
    );
    const [pid] = servers;
    process.kill(pid, 'SIGKILL');
    await until(`server process ${pid} to exit`, 10_000, () => (alive(pid) ? undefined : true));

    const text = await until('a hover from the restarted server', 20_000, async () => {
      const found = await hoverText(document, position);
      return found.includes('nimber') ? found : undefined;
    });
    assert.match(text, /nimber \*\*`\*3`\*\*/);
  });

  test('Grundy: Restart Language Server starts a new server process, and a hover answers again', async () => {
    const { document, position } = await coinsAnswering();
    const [before] = serverProcesses();
    await vscode.commands.executeCommand('grundy.restartServer');
    await until(`server process ${before} to exit`, 10_000, () => (alive(before) ? undefined : true));
    const after = await until('a new server process', 20_000, () => {
      const found = serverProcesses();
      return found.length === 1 && found[0] !== before ? found[0] : undefined;
    });
    assert.notEqual(after, before);
    await until('a hover from the new server', 20_000, async () =>
      (await hoverText(document, position)).includes('nimber') ? true : undefined,
    );
  });
});

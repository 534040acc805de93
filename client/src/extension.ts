// The extension's client side: start the language server for `.game` files and register the one
// command that needs VS Code's own UI (the list of every winning move). Everything else, applying
// a move included, happens in the server.
import * as path from 'node:path';
import { commands, env, window, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** What the server's "k more winning moves" lens passes (server/src/features/codeLens.ts). */
interface ShowMovesArguments {
  readonly title: string;
}

/** The server's answer to `grundy/winningMoves`. */
type WinningMoves = { readonly moves: readonly { readonly label: string; readonly description: string; readonly apply: unknown }[]; readonly unlisted: string } | { readonly refused: string };

/** The server's answer to `grundy/numberAt` (server/src/features/numberAt.ts). */
type NumberAt = { readonly text: string; readonly digits: number; readonly what: string } | { readonly refused: string };

export async function activate(context: ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('out', 'server', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'game' }],
    // The server has the settings from its first computation on; it reads changes itself
    // (`workspace/configuration` when told that they changed).
    initializationOptions: { settings: workspace.getConfiguration('grundy') },
  };
  // No errorHandler of our own: the default one restarts a server whose connection closes (up to
  // 4 times in 3 minutes), which is what the server counts on when its message stream breaks and
  // it exits (server/src/transport.ts; test/integration/restart.itest.ts).
  client = new LanguageClient('grundy', 'Grundy language server', serverOptions, clientOptions);
  context.subscriptions.push(
    commands.registerCommand('grundy.showMoves', async (args: ShowMovesArguments) => {
      const answer = await client!.sendRequest<WinningMoves>('grundy/winningMoves', args);
      if ('refused' in answer) return void window.showWarningMessage(answer.refused);
      const items = answer.moves.map((move) => ({ label: `▶ ${move.label}`, detail: move.description, apply: move.apply }));
      const more = BigInt(answer.unlisted);
      const picked = await window.showQuickPick(items, {
        title: args.title,
        placeHolder: more > 0n ? `pick a move to play (${more.toLocaleString('en-US')} more winning moves are not listed)` : 'pick a move to play',
        matchOnDetail: true,
      });
      if (picked) await commands.executeCommand('grundy.applyMove', picked.apply);
    }),
    // Hovers, hints and lenses abbreviate numbers past 64 digits; this copies one whole.
    commands.registerCommand('grundy.copyNimber', async () => {
      const editor = window.activeTextEditor;
      if (!editor || editor.document.languageId !== 'game') return void window.showWarningMessage('Put the cursor in a game of a .game file.');
      const answer = await client!.sendRequest<NumberAt>('grundy/numberAt', { textDocument: { uri: editor.document.uri.toString() }, position: editor.selection.active });
      if ('refused' in answer) return void window.showWarningMessage(answer.refused);
      await env.clipboard.writeText(answer.text);
      void window.showInformationMessage(`Copied the nimber of ${answer.what.replace(/`/g, '')} (${answer.digits.toLocaleString('en-US')} digit${answer.digits === 1 ? '' : 's'}).`);
    }),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

// The extension's client side: start the language server for `.game` files, and give two of
// its commands VS Code's own UI: the "k more winning moves" lens shows a quick pick of every move
// (the server's own version of that command offers a dozen as a message's buttons, which suits
// other editors), and "Copy Nimber at Cursor". Everything else, applying a move included,
// happens in the server.
import * as path from 'node:path';
import { commands, env, window, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import {
  APPLY_MOVE_COMMAND,
  COPY_NIMBER_COMMAND,
  NUMBER_AT_REQUEST,
  type NumberAtAnswer,
  SHOW_MOVES_COMMAND,
  type ShowMovesArguments,
  WINNING_MOVES_REQUEST,
  type WinningMovesAnswer,
} from '../../server/src/protocol';

let client: LanguageClient | undefined;

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
    // renderIcons: VS Code shows `$(name)` icons in lens titles; the server uses them only when told.
    initializationOptions: { settings: workspace.getConfiguration('grundy'), renderIcons: true },
    middleware: {
      // The client registers every command the server executes; this one it runs itself.
      executeCommand: (command, args, next) => (command === SHOW_MOVES_COMMAND ? showMoves(args[0] as ShowMovesArguments) : next(command, args)),
    },
  };
  // No errorHandler of our own: the default one restarts a server whose connection closes (up to
  // 4 times in 3 minutes), which is what the server counts on when its message stream breaks and
  // it exits (server/src/transport.ts; test/integration/restart.itest.ts).
  client = new LanguageClient('grundy', 'Grundy language server', serverOptions, clientOptions);
  context.subscriptions.push(
    // Hovers, hints and lenses abbreviate numbers past 64 digits; this copies one whole.
    commands.registerCommand(COPY_NIMBER_COMMAND, async () => {
      const editor = window.activeTextEditor;
      if (editor?.document.languageId !== 'game') return void window.showWarningMessage('Put the cursor in a game of a .game file.');
      const answer = await client!.sendRequest<NumberAtAnswer>(NUMBER_AT_REQUEST, {
        textDocument: { uri: editor.document.uri.toString() },
        position: editor.selection.active,
      });
      if ('refused' in answer) return void window.showWarningMessage(answer.refused);
      await env.clipboard.writeText(answer.text);
      void window.showInformationMessage(
        `Copied the nimber of ${answer.what.replace(/`/g, '')} (${answer.digits.toLocaleString('en-US')} digit${answer.digits === 1 ? '' : 's'}).`,
      );
    }),
  );
  await client.start();
}

/** Every listed winning move as a quick pick; the one picked is played by the server. */
async function showMoves(args: ShowMovesArguments): Promise<void> {
  const answer = await client!.sendRequest<WinningMovesAnswer>(WINNING_MOVES_REQUEST, args);
  if ('refused' in answer) return void window.showWarningMessage(answer.refused);
  const items = answer.moves.map((move) => ({ label: `▶ ${move.label}`, detail: move.description, apply: move.apply }));
  const more = BigInt(answer.unlisted);
  const picked = await window.showQuickPick(items, {
    title: args.title,
    placeHolder: more > 0n ? `pick a move to play (${more.toLocaleString('en-US')} more winning moves are not listed)` : 'pick a move to play',
    matchOnDetail: true,
  });
  if (picked) await commands.executeCommand(APPLY_MOVE_COMMAND, picked.apply);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

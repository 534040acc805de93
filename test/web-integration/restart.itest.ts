// Restart Language Server in the web worker extension host: the browser's client has no restart() of its own, so
// the command stops the client and starts it again, and browserExtension.ts ends the server's worker before
// starting another. Seen from here: an open document's diagnostics go (the client drops them when it stops) and
// come back (published by the new server), and the new server answers a hover. Last: it restarts the server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bruteSubtraction } from '../engine/oracles/oracles';
import { hoverText, openExample, until } from '../integration/helpers';
import { nimberLabel, subtractionRules } from './bruteForce';

suite('Restart Language Server in the web worker extension host', () => {
  test('the diagnostics go and come back, and the new server answers', async () => {
    const document = await openExample('mistakes.game');
    const key = document.uri.toString();
    const count = () => vscode.languages.getDiagnostics(document.uri).length;
    await until('the diagnostics of mistakes.game', () => (count() > 0 ? true : undefined));
    const before = count();
    // Every change of its diagnostics from now on, in order.
    const seen: number[] = [];
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((uri) => uri.toString() === key)) seen.push(count());
    });
    try {
      await vscode.commands.executeCommand('grundy.restartServer');
      await until('the diagnostics dropped, then published again', () => {
        const dropped = seen.indexOf(0);
        return dropped >= 0 && seen.slice(dropped + 1).includes(before) ? true : undefined;
      });
    } finally {
      subscription.dispose();
    }

    const coins = await openExample('coins.game');
    const game = coins
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('game coins'));
    const heap = coins.lineAt(game).text.indexOf(' 5') + 1;
    const expected = bruteSubtraction(subtractionRules(coins.getText()).get('onetwo')!, 6)[5];
    const hover = await until('a hover from the new server', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        coins.uri,
        new vscode.Position(game, heap),
      );
      const text = hoverText(hovers);
      return text.includes('nimber **') ? text : undefined;
    });
    assert.ok(hover.includes(`nimber **\`${nimberLabel(expected)}\`**`), hover);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

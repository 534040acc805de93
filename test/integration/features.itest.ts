// Hovers, inlay hints and code lenses inside a real VS Code, through VS Code's own provider
// commands: what the user sees, and a winning move played by running the lens's command.
// The document is edited in memory only and reverted, never saved.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { render, sourceOf } from '../features/render';
import { hintLabel, hoverText, openExample, settledLenses, until } from './helpers';

/**
 * Runs a winning-move lens's command; the text then holds `textAfter`, and the game's lens says every move loses
 * (nim-sum 0).
 */
async function playToLosing(document: vscode.TextDocument, move: vscode.CodeLens, textAfter: string): Promise<void> {
  await vscode.commands.executeCommand(move.command!.command, ...(move.command!.arguments ?? []));
  await until('the move in the text', () => (document.getText().includes(textAfter) ? true : undefined));
  const after = await until('the lens of the new position', async () => {
    const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      document.uri,
      100,
    );
    const first = found?.find((l) => l.range.start.line === move.range.start.line);
    return first?.command?.title.startsWith('every move loses') ? first : undefined;
  });
  assert.match(after.command!.title, /nim-sum 0/);
}

suite('hovers, inlay hints and code lenses in VS Code', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('coins.game: hover on a game shows its nimber, outcome and winning moves', async () => {
    const document = await openExample('coins.game');
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('game coins'));
    await settledLenses(document);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      new vscode.Position(line, 6),
    );
    const text = hoverText(hovers);
    assert.match(text, /nimber \*\*`\*3`\*\*/);
    assert.match(text, /the player to move wins/);
    assert.match(text, /`onetwo 4 → 2`: take 2 from the heap of 4/);
  });

  test('language.game: a heap hover gives its nimber and why; every component of a sum has its hint', async () => {
    const document = await openExample('language.game');
    await settledLenses(document);
    const lines = document.getText().split('\n');
    const coins = lines.findIndex((l) => l.startsWith('game coins'));
    const heap = lines[coins].indexOf(' 4 ') + 1;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      new vscode.Position(coins, heap),
    );
    const text = hoverText(hovers);
    assert.match(text, /heap of 4/);
    assert.match(text, /nimber \*\*`\*1`\*\*/);
    assert.match(text, /4 ≡ 1 \(mod 3\)/);
    const mixed = lines.findIndex((l) => l.startsWith('game mixed'));
    const hints = await until('inlay hints on the sum', async () => {
      const found = await vscode.commands.executeCommand<vscode.InlayHint[]>(
        'vscode.executeInlayHintProvider',
        document.uri,
        new vscode.Range(mixed, 0, mixed + 1, 0),
      );
      return found && found.length === 6 ? found : undefined;
    });
    const labels = hints.map(hintLabel);
    assert.deepEqual(labels, ['*1', '0', '*5', '0', '*1', '⊕ = *5 · win']);
  });

  test('coins.game: inlay hints give each game its value and outcome', async () => {
    const document = await openExample('coins.game');
    await settledLenses(document);
    const range = new vscode.Range(0, 0, document.lineCount, 0);
    const hints = await until('inlay hints', async () => {
      const found = await vscode.commands.executeCommand<vscode.InlayHint[]>(
        'vscode.executeInlayHintProvider',
        document.uri,
        range,
      );
      return found && found.length >= 2 ? found : undefined;
    });
    const labels = hints.map(hintLabel);
    assert.deepEqual(labels, ['= *3 · win', '= 0 · lose']);
  });

  test('coins.game: clicking a move lens plays it, and the game becomes a P-position', async () => {
    const document = await openExample('coins.game');
    const lenses = await settledLenses(document);
    const titles = lenses.map((l) => l.command!.title);
    assert.ok(titles.includes('▶ onetwo 4 → 2'), titles.join(' | '));
    assert.ok(
      titles.some((t) => t.startsWith('every move loses')),
      titles.join(' | '),
    );
    await playToLosing(
      document,
      lenses.find((l) => l.command!.title === '▶ onetwo 4 → 2')!,
      'game coins = onetwo 3 2 5',
    );
    // One undo step takes the move back.
    await vscode.commands.executeCommand('undo');
    await until('the undone text', () => (document.getText().includes('game coins = onetwo 3 4 5') ? true : undefined));
  });

  test("the loops editor fixture (a graph with cycles: Smith's values, draws): hints and lenses as in it", async () => {
    // The fixture the unit tests render from the server in-process (test/features/editor.test.ts), here from VS Code.
    const folder = vscode.workspace.workspaceFolders![0];
    const fixture = vscode.Uri.joinPath(folder.uri, '..', 'test', 'fixtures', 'editor', 'loops.game');
    const expected = new TextDecoder().decode(await vscode.workspace.fs.readFile(fixture));
    const document = await vscode.workspace.openTextDocument({ language: 'game', content: sourceOf(expected) });
    await vscode.window.showTextDocument(document);
    const lenses = await settledLenses(document);
    const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>(
      'vscode.executeInlayHintProvider',
      document.uri,
      new vscode.Range(0, 0, document.lineCount, 0),
    );
    const shown = render(
      document.getText(),
      hints.map((h) => ({ position: h.position, label: hintLabel(h) })),
      lenses.map((l) => ({ range: l.range, command: { title: l.command!.title, command: '' } })),
    );
    assert.equal(shown, expected);
    // The winning lens of g1 plays a → e: the game is then lost for the player to move.
    const g1 = lenses.find((l) => l.command!.title === '▶ loops a → e')!;
    await playToLosing(document, g1, 'game g1 = loops at e');
  });

  test("classics.game: clicking Wythoff's winning-move lens plays it, to a Beatty pair", async () => {
    const document = await openExample('classics.game');
    const lenses = await settledLenses(document);
    const titles = lenses.map((l) => l.command!.title);
    const move = lenses.find((l) => l.command!.title === '▶ wythoff (4, 9) → (4, 7)');
    assert.ok(move, titles.join(' | '));
    await playToLosing(document, move, 'game corner = wythoff (4, 7)');
  });
});

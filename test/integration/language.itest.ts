// The language features inside a real VS Code, through its own provider commands: the outline,
// go to definition, rename, completion, a quick fix and formatting on the examples. Documents
// are edited in memory only and reverted, never saved.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openExample, until } from './helpers';

const lineOf = (document: vscode.TextDocument, start: string) =>
  document
    .getText()
    .split(/\r?\n/)
    .findIndex((l) => l.startsWith(start));

suite('language features in VS Code', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('the outline lists the rules, the graph with its vertices, and the games', async () => {
    const document = await openExample('language.game');
    const symbols = await until('document symbols', async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        document.uri,
      );
      return found && found.length > 0 ? found : undefined;
    });
    const names = symbols.map((s) => s.name);
    assert.deepEqual(names.slice(0, 5), ['onetwo', 's237', 'anyof', 'notone', 'k']);
    for (const game of ['coins', 'lost', 'pebbles', 'cells', 'mixed', 'last'])
      assert.ok(names.includes(game), `${game} in ${names.join(', ')}`);
    const graph = symbols.find((s) => s.name === 'g')!;
    assert.equal(graph.kind, vscode.SymbolKind.Class);
    assert.deepEqual(
      graph.children.map((c) => c.name),
      ['a', 'b', 'c', 'd', 'e'],
    );
  });

  test('go to definition (F12) from a use of a rule lands on its declaration', async () => {
    const document = await openExample('language.game');
    const line = lineOf(document, 'game coins');
    const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider',
      document.uri,
      new vscode.Position(line, 15),
    );
    const target = locations[0];
    const range = 'targetRange' in target ? (target.targetSelectionRange ?? target.targetRange) : target.range;
    assert.equal(range.start.line, lineOf(document, 'rule onetwo'));
    assert.equal(document.getText(range), 'onetwo');
  });

  test('rename edits every use, and VS Code applies it', async () => {
    const document = await openExample('language.game');
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      document.uri,
      new vscode.Position(lineOf(document, 'rule onetwo'), 6),
      'take',
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    const text = document.getText();
    assert.ok(!text.includes('onetwo'), text);
    assert.match(text, /rule take = subtract \{1, 2\}/);
    assert.match(text, /game coins = take 3 4 5/);
    assert.match(text, /game mixed = take 7 \+ s237 10/);
  });

  test('completion after `=` lists the rules and graphs with their details', async () => {
    const document = await openExample('coins.game');
    const editor = vscode.window.activeTextEditor!;
    const end = document.lineAt(document.lineCount - 1).range.end;
    await editor.edit((e) => e.insert(end, '\ngame z = '));
    const position = document.lineAt(document.lineCount - 1).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      position,
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const label of ['onetwo', 'nim', 'kayles', 'misere'])
      assert.ok(labels.includes(label), `${label} in ${labels.join(', ')}`);
  });

  test('a quick fix replaces a misspelt name, and its diagnostic goes', async () => {
    const document = await openExample('coins.game');
    const editor = vscode.window.activeTextEditor!;
    const end = document.lineAt(document.lineCount - 1).range.end;
    await editor.edit((e) => e.insert(end, '\ngame typo = onetow 3'));
    const line = document.lineCount - 1;
    const diagnostic = await until('the unknown-name diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((d) => d.code === 'unknown-name'),
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title === 'Replace with `onetwo`');
    assert.ok(fix?.edit, actions.map((a) => a.title).join(' | '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(document.lineAt(line).text, 'game typo = onetwo 3');
    await until('the diagnostic to go', () =>
      vscode.languages.getDiagnostics(document.uri).some((d) => d.code === 'unknown-name') ? undefined : true,
    );
  });

  test('formatting the document gives the canonical layout, comments in their column', async () => {
    const document = await openExample('coins.game');
    const editor = vscode.window.activeTextEditor!;
    const line = lineOf(document, 'game lost');
    await editor.edit((e) => e.replace(document.lineAt(line).range, 'game lost=onetwo 3   4 4   # nimbers 0, 1, 1'));
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
      'vscode.executeFormatDocumentProvider',
      document.uri,
      {
        tabSize: 2,
        insertSpaces: true,
      },
    );
    const workspaceEdit = new vscode.WorkspaceEdit();
    workspaceEdit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(workspaceEdit));
    assert.equal(document.lineAt(line).text, 'game lost = onetwo 3 4 4   # nimbers 0, 1, 1');
    const again = await vscode.commands.executeCommand<vscode.TextEdit[]>(
      'vscode.executeFormatDocumentProvider',
      document.uri,
      {
        tabSize: 2,
        insertSpaces: true,
      },
    );
    assert.ok(again === undefined || again.length === 0, `formatting twice changes nothing: ${JSON.stringify(again)}`);
  });
});

// Diagnostics inside a real VS Code: the extension activates for `.game` files, starts the
// bundled language server, and its diagnostics reach the editor, follow edits and undo.
// The workspace folder is `examples/`; files are edited in memory only, never saved.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** Long enough for a cold start of the extension host and the server on a slow CI machine. */
const READY_TIMEOUT_MS = 30_000;

function exampleUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace has no folder (expected examples/)');
  return vscode.Uri.joinPath(folder.uri, name);
}

function describe(diagnostics: readonly vscode.Diagnostic[]): string {
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`).join('\n  ');
}

/**
 * Subscribes to diagnostic changes for `uri`, then runs `action`, then resolves with the
 * diagnostics as soon as `accept` holds for them (checked on every change event for `uri` and
 * once after `action`). Rejects after `timeoutMs` with the last diagnostics seen. Subscribing
 * first means a change caused by `action` cannot be missed.
 */
async function diagnosticsAfter(
  uri: vscode.Uri,
  action: () => Thenable<unknown> | undefined,
  accept: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  what: string,
  options: { requireEvent?: boolean; timeoutMs?: number } = {},
): Promise<readonly vscode.Diagnostic[]> {
  const { requireEvent = false, timeoutMs = READY_TIMEOUT_MS } = options;
  const key = uri.toString();
  let sawEvent = false;
  let finish: (diagnostics: readonly vscode.Diagnostic[]) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const settled = new Promise<readonly vscode.Diagnostic[]>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const check = () => {
    const diagnostics = vscode.languages.getDiagnostics(uri);
    if ((sawEvent || !requireEvent) && accept(diagnostics)) finish(diagnostics);
  };
  const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
    if (event.uris.some((changed) => changed.toString() === key)) {
      sawEvent = true;
      check();
    }
  });
  const timer = setTimeout(() => {
    fail(
      new Error(
        `timed out after ${timeoutMs} ms waiting for ${what} in ${uri.path}` +
          `${requireEvent && !sawEvent ? ' (no diagnostics event for it at all)' : ''}; ` +
          `last diagnostics:\n  ${describe(vscode.languages.getDiagnostics(uri)) || '(none)'}`,
      ),
    );
  }, timeoutMs);
  try {
    await action();
    check();
    return await settled;
  } finally {
    clearTimeout(timer);
    subscription.dispose();
  }
}

suite('diagnostics in VS Code', () => {
  test('mistakes.game: every mistake is reported, with its exact position', async () => {
    const uri = exampleUri('mistakes.game');
    let document: vscode.TextDocument | undefined;
    const diagnostics = await diagnosticsAfter(
      uri,
      async () => {
        document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
      },
      (found) => found.length > 0,
      'the language server to publish diagnostics',
    );
    assert.equal(document?.languageId, 'game');
    assert.ok(
      diagnostics.length >= 30,
      `expected at least 30 diagnostics, got ${diagnostics.length}:\n  ${describe(diagnostics)}`,
    );

    const unknown = diagnostics.find((d) => d.message === 'unknown rule `onetow`; did you mean `onetwo`?');
    assert.ok(unknown, `no "unknown rule \`onetow\`" diagnostic among:\n  ${describe(diagnostics)}`);
    // Line 23, column 16 as a person counts them: `game unknown = onetow 3`.
    assert.deepEqual([unknown.range.start.line + 1, unknown.range.start.character + 1], [23, 16]);
    assert.equal(unknown.severity, vscode.DiagnosticSeverity.Error);
  });

  test('coins.game: a correct file has no diagnostics', async () => {
    const uri = exampleUri('coins.game');
    let document: vscode.TextDocument | undefined;
    // The server publishes for every document it opens, an empty list included: wait for that
    // event, so "no diagnostics" means "checked and clean", not "not checked yet".
    const diagnostics = await diagnosticsAfter(
      uri,
      async () => {
        document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
      },
      () => true,
      'the language server to publish (empty) diagnostics',
      { requireEvent: true },
    );
    assert.equal(document?.languageId, 'game');
    assert.deepEqual(describe(diagnostics), '');
  });

  test('coins.game: an edit adds a diagnostic, undo clears it', async () => {
    const uri = exampleUri('coins.game');
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document);
    const original = document.getText();
    const line = original.split(/\r?\n/).findIndex((text) => text.startsWith('game coins'));
    assert.ok(line >= 0, 'coins.game has no `game coins` line');
    const at = new vscode.Position(line, 'game coins = onetwo 3'.length);

    const broken = await diagnosticsAfter(
      uri,
      async () => {
        const edit = new vscode.WorkspaceEdit();
        edit.insert(uri, at, ' @');
        assert.ok(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
      },
      (found) => found.some((d) => d.message === 'unexpected character `@`'),
      'a diagnostic for the inserted `@`',
    );
    const unexpected = broken.find((d) => d.message === 'unexpected character `@`');
    assert.deepEqual(
      [unexpected?.range.start.line, unexpected?.range.start.character],
      [line, at.character + 1],
      'the diagnostic is not on the inserted `@`',
    );

    // `undo` acts on the active editor.
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'coins.game is not the active editor');
    const cleared = await diagnosticsAfter(
      uri,
      () => vscode.commands.executeCommand('undo'),
      (found) => found.length === 0,
      'the diagnostics to clear after undo',
      { requireEvent: true },
    );
    assert.deepEqual(describe(cleared), '');
    assert.equal(document.getText(), original, 'undo did not restore the text');
    assert.equal(document.isDirty, false, 'the document is still dirty after undo');
  });
});

// Which Grundy extension this run tests, and that it starts. test/vscode/host.mjs runs the suite
// twice, and says which copy each run is about in GRUNDY_EXTENSION_UNDER_TEST (the server's
// environment reaches the extension host): `development:<this folder>`, or
// `installed:<extensions folder>/grundy-tools.grundy-game-` for the copy installed from the .vsix.
// A desktop run (test/vscode/desktop.mjs) sets nothing and tests the development copy.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'grundy-tools.grundy-game';

suite('the extension under test', () => {
  test('is the copy this run is about, and it activates for a .game file', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    const expected = process.env.GRUNDY_EXTENSION_UNDER_TEST;
    if (expected) {
      const [mode, ...rest] = expected.split(':');
      const where = rest.join(':');
      assert.ok(
        extension.extensionPath.startsWith(where),
        `expected the ${mode} copy under ${where}, but the extension runs from ${extension.extensionPath}`,
      );
      if (mode === 'installed') {
        assert.equal(extension.packageJSON.version, require('../../package.json').version);
      }
    }
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has no folder (expected examples/)');
    // A file no other test opens: the diagnostics tests wait for a first publication.
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'piles.game'));
    assert.equal(document.languageId, 'game');
    await vscode.window.showTextDocument(document);
    await extension.activate();
    assert.ok(extension.isActive);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

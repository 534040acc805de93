// Where this suite and the extension run: VS Code's web worker extension host, not Node. A test that passes here
// but ran in the remote Node extension host would prove nothing about the browser build, so this is checked first,
// from several sides: no Node, a worker's global scope, the browser UI, and the extension loaded and active in this
// very host (`vscode.extensions.getExtension` sees only the extensions of the host it is called in) from its
// `browser` entry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GrundyApi } from '../../client/src/activate';

const EXTENSION_ID = 'grundy-tools.grundy-game';

const here = globalThis as unknown as {
  process?: { versions?: { node?: string } };
  WorkerGlobalScope?: abstract new () => unknown;
  document?: unknown;
  require?: unknown;
};

suite('where the web suite runs', () => {
  test('in a web worker: no Node, no page, a WorkerGlobalScope', () => {
    assert.equal(here.process?.versions?.node, undefined, 'Node runs this suite: it is not the web worker host');
    assert.equal(typeof here.WorkerGlobalScope, 'function', 'no WorkerGlobalScope: not a web worker');
    assert.ok(globalThis instanceof here.WorkerGlobalScope!, 'the global object is not a worker scope');
    assert.equal(here.document, undefined, 'a page (a document): not a worker');
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
  });

  test('the extension runs in this host, from its browser entry, and activates for a .game file', async () => {
    const extension = vscode.extensions.getExtension<GrundyApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not in this extension host`);
    assert.equal(extension.packageJSON.browser, './out/web/extension.js');
    // In a window on a VS Code server, an extension the web worker host runs is a UI extension (local to the
    // browser); one the server's Node host runs would be a workspace extension.
    assert.equal(extension.extensionKind, vscode.ExtensionKind.UI);
    // The development copy: this repository, whose examples/ is the workspace.
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has no folder (expected examples/)');
    assert.equal(vscode.Uri.joinPath(extension.extensionUri, 'examples').toString(), folder.uri.toString());
    assert.equal(folder.uri.scheme, 'vscode-remote');

    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'piles.game'));
    assert.equal(document.languageId, 'game');
    await vscode.window.showTextDocument(document);
    const api = await extension.activate();
    assert.ok(extension.isActive);
    assert.equal(typeof api.explorers, 'function', 'the extension exported no API');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

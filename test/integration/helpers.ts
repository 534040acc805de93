// What the integration suites share: waiting for the editor to catch up, and opening an example.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const READY_TIMEOUT_MS = 30_000;

/** Asks `probe` every 100 ms until it answers something; fails after 30 s naming `what`. */
export async function until<T>(what: string, probe: () => Thenable<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens a file of the test workspace (examples/) in an editor. */
export async function openExample(name: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace has no folder (expected examples/)');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, name));
  await vscode.window.showTextDocument(document);
  return document;
}

// What the integration suites share (the Node host's and the web worker host's): waiting for the editor to catch up,
// opening an example, and reading what the providers answer.
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

/** The document's code lenses once every one has its title (none still computing). */
export async function settledLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
  return until('code lenses with values', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      document.uri,
      100,
    );
    return lenses && lenses.length > 0 && lenses.every((l) => l.command && !l.command.title.includes('computing'))
      ? lenses
      : undefined;
  });
}

/** The text of hovers, their parts joined by lines. */
export function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

/** An inlay hint's label as one string. */
export function hintLabel(hint: vscode.InlayHint): string {
  return typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');
}

// The nim-sequence explorer, the status item and the palette commands inside a real VS Code,
// through the extension's exported API (client/src/extension.ts: GrundyApi). What the panel draws
// is read by the workbench end-to-end test (test/e2e/workbench.e2e.ts), which sees the screen.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GrundyApi } from '../../client/src/extension';
import type { RuleSequenceAnswer } from '../../server/src/protocol';
import { openExample, until } from './helpers';

type Answered = RuleSequenceAnswer;

async function api(): Promise<GrundyApi> {
  const extension = vscode.extensions.getExtension<GrundyApi>('grundy-tools.grundy-game')!;
  return extension.activate();
}

/** The answer of the open explorer of `rule` once it satisfies `accept`. */
async function explorerAnswer(
  grundy: GrundyApi,
  rule: string,
  accept: (answer: Answered) => boolean,
): Promise<Answered> {
  try {
    return await until(`the explorer of ${rule}`, () => {
      const answer = grundy.explorers().find((e) => e.rule === rule)?.answer;
      return answer && 'values' in answer && accept(answer) ? answer : undefined;
    });
  } catch (error) {
    const open = grundy
      .explorers()
      .map((e) => `${e.rule}: ${JSON.stringify(e.answer)?.slice(0, 200)}; its trail: ${e.trail.join(' | ')}`);
    throw new Error(`${(error as Error).message}; the open explorers: ${open.join('; ') || 'none'}`);
  }
}

suite('the nim-sequence explorer, the status item and the palette in VS Code', () => {
  // Panels open beside the editor, in a second group: leave the workbench as the suites after expect it, one group.
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllGroups');
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });

  test("a rule's explore lens opens its explorer: Kayles, period 12 from n = 71", async () => {
    const grundy = await api();
    const document = await openExample('language.game');
    const lens = await until('the explore lens of k', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
        100,
      );
      return lenses?.find((l) => l.command?.title.endsWith('explore the nim-sequence of k'));
    });
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const answer = await explorerAnswer(grundy, 'k', () => true);
    assert.equal(answer.definition, 'octal 0.77');
    assert.equal(answer.values.length, 1001);
    assert.deepEqual([answer.period?.preperiod, answer.period?.period], [71, 12]);
    assert.ok(answer.rareCommon);
  });

  test('a misère game of several rules: its lens opens the view of their joint quotient (kayles and nim)', async () => {
    const grundy = await api();
    const document = await openExample('misere.game');
    const lens = await until('the misère quotient lens of mixed', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
        100,
      );
      return lenses?.find((l) => l.command?.title.endsWith('explore the misère quotient of kayles and nim'));
    });
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const answer = await until('the misère view of mixed', () => {
      const found = grundy.quotientViews().find((v) => v.game === 'mixed')?.answer;
      return found && !('refused' in found) ? found : undefined;
    });
    assert.deepEqual(
      answer.rules.map((r) => [r.rule, r.pretending.length]),
      [
        ['kayles', 61],
        ['nim', 61],
      ],
    );
    // Nim has the game's heaps (to 5); Kayles is known as far as it grew in the budget (no period: it says where it
    // stopped when that is short of the heaps shown), each heap known there and none past.
    assert.equal(answer.rules[1].heaps, 5);
    const kayles = answer.rules[0];
    kayles.pretending.forEach((x, n) => assert.equal(x >= 0, n <= kayles.heaps, `kayles heap ${n}`));
    if (kayles.heaps < 60) assert.ok(answer.stopped, 'short of the heaps shown, and says why');
    assert.ok(answer.size >= 56 && answer.pPortion.length > 0, `${answer.size} elements`);
    assert.equal(new Set(answer.generators.map((g) => g.rule)).size, 2);
  });

  test('from the palette, the rule at the cursor; the explorer follows an edit of the rule', async () => {
    const grundy = await api();
    // One editor, as a user has it (the explorer opened beside took the focus), the cursor on s237.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('every editor closed', () =>
      vscode.window.visibleTextEditors.length === 0 && grundy.explorers().length === 0 ? true : undefined,
    );
    const folder = vscode.workspace.workspaceFolders![0];
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'language.game'));
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('rule s237'));
    const editor = await vscode.window.showTextDocument(document, { selection: new vscode.Range(line, 6, line, 6) });
    await until('the cursor on s237', () =>
      vscode.window.activeTextEditor?.selection.active.line === line ? true : undefined,
    );
    await vscode.commands.executeCommand('grundy.exploreSequence');
    await explorerAnswer(grundy, 's237', (a) => a.definition === 'subtract {2, 3, 7}');
    // Edit the rule: the panel asks again.
    const seven = document.lineAt(line).text.indexOf('7}');
    await editor.edit((edit) => edit.replace(new vscode.Range(line, seven, line, seven + 1), '8'));
    const edited = await explorerAnswer(grundy, 's237', (a) => a.definition === 'subtract {2, 3, 8}');
    assert.deepEqual(edited.values.slice(0, 6), [0, 0, 1, 1, 2, 0]);
    await editor.edit((edit) => edit.replace(new vscode.Range(line, seven, line, seven + 1), '7'));
    await explorerAnswer(grundy, 's237', (a) => a.definition === 'subtract {2, 3, 7}');
    await document.save();
    // The focus in the explorer beside: the palette means the .game editor next to it.
    const k = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('rule k'));
    editor.selection = new vscode.Selection(k, 3, k, 3);
    await until('the focus away from the editor', () =>
      vscode.window.activeTextEditor === undefined ? true : undefined,
    );
    await vscode.commands.executeCommand('grundy.exploreSequence');
    await explorerAnswer(grundy, 'k', (a) => a.definition === 'octal 0.77');
  });

  test("Wythoff's game from the palette, the cursor on a game: the explorer shows its table of G(a, b)", async () => {
    const grundy = await api();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('every editor closed', () => (vscode.window.visibleTextEditors.length === 0 ? true : undefined));
    const folder = vscode.workspace.workspaceFolders![0];
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'classics.game'));
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('game queen = wythoff'));
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(line, 15, line, 15) });
    await until('the cursor on wythoff', () =>
      vscode.window.activeTextEditor?.selection.active.line === line ? true : undefined,
    );
    await vscode.commands.executeCommand('grundy.exploreSequence');
    const answer = await until("Wythoff's table", () => {
      const found = grundy.explorers().find((e) => e.rule === 'wythoff')?.answer;
      return found && 'table' in found ? found : undefined;
    });
    assert.equal(answer.size, 127);
    assert.equal(answer.table.length, 128 * 128);
    // (3, 5) is a P-position: the game on this line loses for the player to move.
    assert.equal(answer.table[3 * 128 + 5], 0);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("a graph's lens opens its graph view: every vertex with its nimber, the tokens of pebbles", async () => {
    const grundy = await api();
    const document = await openExample('pebbles.game');
    const lens = await until('the show-graph lens', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
        100,
      );
      return lenses?.find((l) => l.command?.command === 'grundy.showGraph');
    });
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const answer = await until('the graph view with nimbers', () => {
      const found = grundy.graphViews().find((v) => v.uri === document.uri.toString())?.answer;
      return found && !('refused' in found) && !found.computing ? found : undefined;
    });
    assert.ok(answer.drawn && answer.drawn.vertices.length === answer.vertexCount && answer.vertexCount > 0);
    assert.ok(answer.drawn.vertices.every((v) => v.nimber !== null));
    assert.ok(answer.drawn.tokens.length > 0);
    // From the palette: the graph at the cursor (a game that puts tokens on it).
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('every editor and view closed', () =>
      vscode.window.visibleTextEditors.length === 0 && grundy.graphViews().length === 0 ? true : undefined,
    );
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('game pebbles'));
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(line, 16, line, 16) });
    await until('the cursor on the game', () =>
      vscode.window.activeTextEditor?.selection.active.line === line ? true : undefined,
    );
    await vscode.commands.executeCommand('grundy.showGraph');
    await until('the graph view from the palette', () =>
      grundy.graphViews().some((v) => v.graph === 'g') ? true : undefined,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("a picture's lens opens its picture view: the girl standing on the ground, her winning cuts", async () => {
    const grundy = await api();
    const document = await openExample('stairs.game');
    const lens = await until('the show-picture lens of girl', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
        100,
      );
      return lenses?.find(
        (l) => l.command?.command === 'grundy.showPicture' && l.command.title.endsWith('show the picture 1 of girl'),
      );
    });
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const answer = await until('the picture view with its value', () => {
      const found = grundy.pictureViews().find((v) => v.uri === document.uri.toString())?.answer;
      return found && !('refused' in found) && !found.computing ? found : undefined;
    });
    assert.deepEqual(
      [answer.game, answer.picture, answer.pictures, answer.nimber, answer.gameNimber],
      ['girl', 0, 2, 0, 3],
    );
    assert.equal(answer.drawn!.vertices[0], 'ground');
    // Picture 1 must go from 0 to 3: cutting the hip off the ground, one edge of the head, an arm, the leg's
    // inner edge (worked by hand from the colon and fusion principles).
    assert.deepEqual(
      answer.drawn!.winning.map((e) => answer.drawn!.edges[e].map((v) => answer.drawn!.vertices[v]).join(' - ')),
      ['ground - hip', 'neck - head', 'neck - left', 'neck - right', 'hip - foot'],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the status item: computing a slow game, Cancel Computations, idle again', async () => {
    const grundy = await api();
    const document = await vscode.workspace.openTextDocument({
      language: 'game',
      content: 'rule officers = octal 0.6\ngame big = officers 1000000000000\n',
    });
    await vscode.window.showTextDocument(document);
    await until('the status: computing', () => ((grundy.status()?.computing ?? 0) > 0 ? true : undefined));
    assert.deepEqual(grundy.status()?.labels, ['big']);
    await vscode.commands.executeCommand('grundy.cancelComputations');
    await until('the status: idle', () => (grundy.status()?.computing === 0 ? true : undefined));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('every palette command runs: Output, Example, Copy Nimber, Copy Explanation, Cancel Computations', async () => {
    const manifest = vscode.extensions.getExtension('grundy-tools.grundy-game')!.packageJSON;
    const palette = (manifest.contributes.menus.commandPalette as { command: string; when: string }[]).filter(
      (entry) => entry.when !== 'false',
    );
    const registered = await vscode.commands.getCommands(true);
    for (const { command } of palette) assert.ok(registered.includes(command), `${command} is registered`);
    await vscode.commands.executeCommand('grundy.showOutput');
    await vscode.commands.executeCommand('grundy.openExample');
    const example = vscode.window.activeTextEditor!.document;
    assert.equal(example.languageId, 'game');
    assert.match(example.getText(), /^game coins = onetwo 3 4 5/m);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const document = await openExample('coins.game');
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('game coins'));
    editor.selection = new vscode.Selection(line, 14, line, 14);
    await until('a nimber copied', async () => {
      await vscode.commands.executeCommand('grundy.copyNimber');
      return /^\d+$/.test(await vscode.env.clipboard.readText()) ? true : undefined;
    });
    // The game's explanation, from the server, as Markdown: its XOR table and a heap's working.
    await until('an explanation copied', async () => {
      await vscode.commands.executeCommand('grundy.copyExplanation');
      const copied = await vscode.env.clipboard.readText();
      return copied.startsWith('**game `coins`**') && copied.includes('```') && copied.includes('mex =')
        ? true
        : undefined;
    });
    await vscode.commands.executeCommand('grundy.cancelComputations');
  });
});

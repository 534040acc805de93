// Misère sums of several rules in the web worker extension host (the browser build of the server and its engine):
// each small mixed game of a document edited in memory is decided as a misère brute force from the rules says
// (test/helpers/misereBrute.ts, no engine code), its hover names the joint quotient that decided it, and a winning
// move's lens leaves a game the brute force says is lost. The document is an untitled one, never saved.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HeapRule } from '../../server/src/engine/types';
import { type BruteHeap, MisereBrute } from '../helpers/misereBrute';
import { hintLabel, hoverText, settledLenses, until } from '../integration/helpers';

const KAYLES: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
const NIM: HeapRule = { kind: 'subtractAllExcept', except: [] };
const ONE_TWO: HeapRule = { kind: 'subtract', set: [1n, 2n] };
const RULES: Record<string, HeapRule> = { kayles: KAYLES, nim: NIM, onetwo: ONE_TWO };

/** The games written in, each `misere rule h h + rule h …` over RULES. */
const GAMES = [
  'game m1 = misere kayles 4 5 + nim 2 3',
  'game m2 = misere kayles 3 + nim 1 2',
  'game m3 = misere onetwo 4 + nim 1 3',
  'game m4 = misere kayles 2 6 + onetwo 5 + nim 1',
  'game m5 = misere kayles 7 + nim 1 1',
];

/** The heaps of a game's text (`misere kayles 4 5 + nim 2 3`). */
function heapsOf(text: string): BruteHeap[] {
  const body = text.slice(text.indexOf('misere') + 'misere'.length);
  return body.split('+').flatMap((part) => {
    const [rule, ...sizes] = part.trim().split(/\s+/);
    assert.ok(RULES[rule], `no rule ${rule}`);
    return sizes.map((size) => ({ rule: RULES[rule], size: Number(size) }));
  });
}

suite('misère sums of several rules in the web worker extension host', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('each mixed game as a brute force from the rules says, by a joint quotient; a winning move played', async () => {
    const content = `rule onetwo = subtract {1, 2}\n${GAMES.join('\n')}\n`;
    const document = await vscode.workspace.openTextDocument({ language: 'game', content });
    await vscode.window.showTextDocument(document);
    const brute = new MisereBrute();
    const first = 1;
    for (const [i, game] of GAMES.entries()) {
      const line = first + i;
      assert.equal(document.lineAt(line).text, game);
      const label = await until(`the hint of ${game}`, async () => {
        const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>(
          'vscode.executeInlayHintProvider',
          document.uri,
          document.lineAt(line).range,
        );
        const text = hints?.map(hintLabel).find((l) => l.includes('misère'));
        return text && !text.includes('computing') ? text : undefined;
      });
      const expected = brute.isP(heapsOf(game)) ? 'lose' : 'win';
      assert.match(label, new RegExp(`misère · ${expected}`), `${game}: ${label}`);
      const hover = hoverText(
        await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          document.uri,
          new vscode.Position(line, 6),
        ),
      );
      assert.match(hover, /Decided by (the misère quotient|tame: the heaps) of \w+(, \w+)* and \w+/, hover);
    }
    // m1's first winning move, played by its lens: the brute force says the game left is lost.
    const line = first;
    const lens = (await settledLenses(document)).find(
      (l) => l.range.start.line === line && l.command?.title.startsWith('▶'),
    );
    if (brute.isP(heapsOf(GAMES[0]))) return assert.equal(lens, undefined, 'a lost game has no winning move');
    assert.ok(lens?.command, 'a won game has a winning move');
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
    const after = await until('the move in the text', () => {
      const text = document.lineAt(line).text;
      return text !== GAMES[0] ? text : undefined;
    });
    assert.ok(brute.isP(heapsOf(after)), `${after} is lost for the player to move`);
  });
});

// The extension at work in the web worker extension host, on the examples (vscode-remote: files read through the
// VS Code server): diagnostics, a heap's hover, the inlay hints of a sum, its winning-move lenses and one of them
// played, boards and graph games (their hints and a Chomp lens played), the nim-sequence explorer, the graph view,
// semantic tokens, the status item and the palette's commands.
// The values are checked against ./bruteForce.ts (mex and XOR from the document's own text), not against the
// engine's tables. Documents are edited in memory only and reverted, never saved.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GrundyApi } from '../../client/src/activate';
import { bruteSubtraction } from '../engine/oracles/oracles';
import { hintLabel, hoverText, openExample, settledLenses, until } from '../integration/helpers';
import {
  boardComponentNimber,
  type Component,
  componentNimber,
  components,
  graphNimbers,
  graphOutcomes,
  nimberLabel,
  nimSum,
  subtractionRules,
} from './bruteForce';

const EXTENSION_ID = 'grundy-tools.grundy-game';

async function api(): Promise<GrundyApi> {
  return vscode.extensions.getExtension<GrundyApi>(EXTENSION_ID)!.activate();
}

function lineOf(document: vscode.TextDocument, start: string): number {
  const line = document
    .getText()
    .split(/\r?\n/)
    .findIndex((l) => l.startsWith(start));
  assert.ok(line >= 0, `no line starting "${start}" in ${document.uri.path}`);
  return line;
}

/** A line without its comment: a `#` inside a string is a Cram board's filled cell, not a comment. */
const withoutComment = (line: string) => line.replace(/("[^"]*")|#.*/g, (_, string?: string) => string ?? '');

/** The components of the game on `line` (`game name = …`). */
function gameComponents(document: vscode.TextDocument, line: number): Component[] {
  const text = document.lineAt(line).text;
  return components(text.slice(text.indexOf('=') + 1));
}

/** A move lens's title `▶ upto3 7 → 6` applied to `parts`: the first heap of 7 under upto3 becomes 6. */
function afterMove(parts: readonly Component[], title: string): Component[] {
  const move = /^▶ (\w+) (\d+) → (\d+)$/.exec(title);
  assert.ok(move, `not a heap move: ${title}`);
  const [, rule, from, to] = move;
  let done = false;
  const after = parts.map((part) => {
    const at = part.rule === rule && !done ? part.heaps.indexOf(Number(from)) : -1;
    if (at < 0) return part;
    done = true;
    return { rule, heaps: part.heaps.map((heap, i) => (i === at ? Number(to) : heap)) };
  });
  assert.ok(done, `${title}: no heap of ${from} under ${rule}`);
  return after;
}

suite('the extension at work in the web worker extension host', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  // The explorer and the graph view open beside the editor: leave one group, as the suites after expect.
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllGroups');
  });

  test('mistakes.game: the server reports its errors, each where it is', async () => {
    const document = await openExample('mistakes.game');
    const unknown = await until('the diagnostic of `onetow`', () =>
      vscode.languages
        .getDiagnostics(document.uri)
        .find((d) => d.message === 'unknown rule `onetow`; did you mean `onetwo`?'),
    );
    assert.equal(unknown.severity, vscode.DiagnosticSeverity.Error);
    const line = lineOf(document, 'game unknown');
    assert.equal(unknown.range.start.line, line);
    assert.equal(document.getText(unknown.range), 'onetow');
  });

  test("piles.game: a heap's hover gives its nimber, as mex works it out", async () => {
    const document = await openExample('piles.game');
    await settledLenses(document);
    const line = lineOf(document, 'game tilted');
    const text = document.lineAt(line).text;
    const heap = text.indexOf('upto3 7') + 'upto3 '.length;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      new vscode.Position(line, heap),
    );
    const hover = hoverText(hovers);
    const expected = bruteSubtraction(subtractionRules(document.getText()).get('upto3')!, 8)[7];
    assert.equal(expected, 3, 'the brute force: subtract {1, 2, 3} gives a heap of 7 the nimber 7 mod 4');
    assert.match(hover, /\*\*heap of 7\*\* under `upto3`/);
    assert.ok(hover.includes(`nimber **\`${nimberLabel(expected)}\`**`), hover);
  });

  test("piles.game: a sum's inlay hints give each component's nimber and the nim-sum", async () => {
    const document = await openExample('piles.game');
    const rules = subtractionRules(document.getText());
    const line = lineOf(document, 'game tilted');
    const parts = gameComponents(document, line);
    const sum = nimSum(parts, rules);
    const expected = [
      ...parts.map((part) => nimberLabel(componentNimber(part, rules))),
      `⊕ = ${nimberLabel(sum)} · ${sum === 0 ? 'lose' : 'win'}`,
    ];
    assert.deepEqual(expected, ['*2', '*3', '0', '⊕ = *1 · win'], 'the brute force of onetwo 5 + upto3 7 + evens 7');
    const hints = await until('the inlay hints of game tilted', async () => {
      const found = await vscode.commands.executeCommand<vscode.InlayHint[]>(
        'vscode.executeInlayHintProvider',
        document.uri,
        new vscode.Range(line, 0, line + 1, 0),
      );
      return found && found.length === expected.length ? found : undefined;
    });
    assert.deepEqual(hints.map(hintLabel), expected);
  });

  test('piles.game: every winning-move lens wins, and playing one leaves nim-sum 0', async () => {
    const document = await openExample('piles.game');
    const rules = subtractionRules(document.getText());
    const line = lineOf(document, 'game tilted');
    const before = gameComponents(document, line);
    const lenses = await settledLenses(document);
    const moves = lenses.filter((l) => l.range.start.line === line && l.command!.title.startsWith('▶'));
    const titles = moves.map((l) => l.command!.title);
    // Two winning moves by brute force: upto3 7 → 6, evens 7 → 3 (the lenses show up to three).
    assert.deepEqual(titles.sort(), ['▶ evens 7 → 3', '▶ upto3 7 → 6']);
    for (const title of titles) assert.equal(nimSum(afterMove(before, title), rules), 0, `${title} does not win`);

    const move = moves.find((l) => l.command!.title === '▶ upto3 7 → 6')!;
    await vscode.commands.executeCommand(move.command!.command, ...(move.command!.arguments ?? []));
    const written = await until('the move written into the document', () =>
      document.lineAt(line).text.startsWith('game tilted   = onetwo 5 + upto3 6 + evens 7')
        ? document.lineAt(line).text
        : undefined,
    );
    const after = gameComponents(document, line);
    assert.deepEqual(after, afterMove(before, '▶ upto3 7 → 6'), written);
    assert.equal(nimSum(after, rules), 0, `${written}: not a P-position`);
    // The extension sees it so too: its lens over the game now says every move loses.
    await until('the lens of the P-position', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
        100,
      );
      return found?.some(
        (l) => l.range.start.line === line && l.command?.title.startsWith('every move loses (nim-sum 0)'),
      )
        ? true
        : undefined;
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test("boards.game: each game's hints are the brute force's; a Chomp lens played leaves a lost game", async () => {
    const document = await openExample('boards.game');
    const lines = document
      .getText()
      .split(/\r?\n/)
      .map((text, line) => ({ text: withoutComment(text).trim(), line }))
      .filter(({ text }) => /^game \w+\s*=(?!\s*misere)/.test(text));
    assert.ok(lines.length >= 8, `boards.game has its games: ${lines.length}`);
    for (const { text, line } of lines) {
      const parts = text
        .slice(text.indexOf('=') + 1)
        .split('+')
        .map(boardComponentNimber);
      const sum = parts.reduce((x, g) => x ^ g, 0);
      const verdict = `${nimberLabel(sum)} · ${sum === 0 ? 'lose' : 'win'}`;
      const expected = parts.length === 1 ? [`= ${verdict}`] : [...parts.map(nimberLabel), `⊕ = ${verdict}`];
      const hints = await until(`the inlay hints of ${text}`, async () => {
        const found = await vscode.commands.executeCommand<vscode.InlayHint[]>(
          'vscode.executeInlayHintProvider',
          document.uri,
          new vscode.Range(line, 0, line + 1, 0),
        );
        return found && found.length === expected.length && !found.some((h) => /…|computing/.test(hintLabel(h)))
          ? found
          : undefined;
      });
      assert.deepEqual(hints.map(hintLabel), expected, text);
    }
    // The Chomp board's winning lens, played: the brute force says the board left is lost.
    const line = lineOf(document, 'game bite');
    const lens = (await settledLenses(document)).find(
      (l) => l.range.start.line === line && l.command!.title.startsWith('▶'),
    );
    assert.ok(lens, 'a winning lens over game bite');
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const written = await until('the move written into the document', () => {
      const now = document.lineAt(line).text;
      return now.includes('[5, 3, 3, 1]') ? undefined : now;
    });
    const after = withoutComment(written);
    assert.equal(boardComponentNimber(after.slice(after.indexOf('=') + 1)), 0, `${written}: not a lost board`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test("the nim-sequence explorer opens for the rule at the cursor, with the rule's values", async () => {
    const grundy = await api();
    const document = await openExample('piles.game');
    const line = lineOf(document, 'rule s237');
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(line, 6, line, 6) });
    await vscode.commands.executeCommand('grundy.exploreSequence');
    const explorer = await until('the explorer of s237 with its values', () =>
      grundy.explorers().find((e) => e.rule === 's237' && e.answer && 'values' in e.answer),
    );
    assert.equal(explorer.uri, document.uri.toString());
    const answer = explorer.answer as Extract<typeof explorer.answer, { values: unknown }>;
    assert.equal(answer.definition, 'subtract {2, 3, 7}');
    assert.ok(answer.values.length > 100, `only ${answer.values.length} values`);
    assert.deepEqual(answer.values, bruteSubtraction([2, 3, 7], answer.values.length));
    assert.equal(answer.period?.period, 5);
  });

  test('the graph view shows each vertex with its nimber', async () => {
    const grundy = await api();
    const document = await openExample('language.game');
    const line = lineOf(document, 'graph g');
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(line, 6, line, 6) });
    await vscode.commands.executeCommand('grundy.showGraph');
    const view = await until('the graph view of g with its nimbers', () =>
      grundy.graphViews().find((v) => v.graph === 'g' && v.answer && 'drawn' in v.answer && !v.answer.computing),
    );
    const answer = view.answer as Extract<typeof view.answer, { drawn?: unknown }>;
    const expected = graphNimbers(document.getText(), 'g');
    const byName = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
    assert.deepEqual(
      answer.drawn!.vertices.map((v): [string, unknown] => [v.name, v.nimber]).sort(byName),
      [...expected].sort(byName),
    );
  });

  test('loops.game: cycles, each one-token game won, lost or drawn as retrograde analysis says', async () => {
    const document = await openExample('loops.game');
    await settledLenses(document);
    const outcomes = graphOutcomes(document.getText(), 'loops');
    const words = { win: 'win', lose: 'lose', draw: 'draw' } as const;
    let checked = 0;
    for (const [i, text] of document.getText().split(/\r?\n/).entries()) {
      const one = /^game (\w+) = loops at (\w+)\s*(#|$)/.exec(text);
      if (!one) continue;
      const hints = await until(`the hint of ${one[1]}`, async () => {
        const found = await vscode.commands.executeCommand<vscode.InlayHint[]>(
          'vscode.executeInlayHintProvider',
          document.uri,
          new vscode.Range(i, 0, i + 1, 0),
        );
        return found && found.length > 0 ? found : undefined;
      });
      const label = hintLabel(hints[hints.length - 1]);
      assert.ok(label.endsWith(`· ${words[outcomes.get(one[2])!]}`), `${one[1]}: ${label}`);
      checked++;
    }
    assert.equal(checked, 3, 'g1, g2 and g5 are one token each');
    const g5 = lineOf(document, 'game g5');
    const lenses = await settledLenses(document);
    const keep = lenses.find((l) => l.range.start.line === g5 && l.command!.title.endsWith('(keeps the draw)'));
    assert.ok(keep, lenses.map((l) => l.command!.title).join(' | '));
    await vscode.commands.executeCommand(keep.command!.command, ...(keep.command!.arguments ?? []));
    await until('the move in the text', () =>
      document.lineAt(g5).text.startsWith('game g5 = loops at t') ? true : undefined,
    );
    assert.equal(outcomes.get('t'), 'draw', 'the move kept the draw');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('semantic tokens: a rule declared and used, a game declared', async () => {
    const document = await openExample('piles.game');
    const legend = await vscode.commands.executeCommand<vscode.SemanticTokensLegend>(
      'vscode.provideDocumentSemanticTokensLegend',
      document.uri,
    );
    const tokens = await until('semantic tokens', async () => {
      const found = await vscode.commands.executeCommand<vscode.SemanticTokens>(
        'vscode.provideDocumentSemanticTokens',
        document.uri,
      );
      return found && found.data.length > 0 ? found : undefined;
    });
    // Decode the relative positions: [line, character, length, type, modifiers] five numbers a token.
    const decoded = new Map<string, string>();
    let row = 0;
    let column = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      const [deltaLine, deltaStart, length, type, modifiers] = tokens.data.slice(i, i + 5);
      row += deltaLine;
      column = deltaLine === 0 ? column + deltaStart : deltaStart;
      const names = legend.tokenModifiers.filter((_, bit) => modifiers & (1 << bit));
      decoded.set(`${row}:${column}`, `${[legend.tokenTypes[type], ...names].join(' ')} ${length}`);
    }
    const tilted = lineOf(document, 'game tilted');
    const at = (line: number, needle: string) => `${line}:${document.lineAt(line).text.indexOf(needle)}`;
    assert.equal(decoded.get(at(lineOf(document, 'rule onetwo'), 'onetwo')), 'function declaration 6');
    assert.equal(decoded.get(at(tilted, 'onetwo')), 'function 6');
    assert.equal(decoded.get(at(tilted, 'tilted')), 'variable declaration 6');
    assert.equal(decoded.get(at(tilted, '7')), 'number 1');
  });

  test('the status item is idle once the computations are done; the palette commands are registered', async () => {
    const grundy = await api();
    await openExample('piles.game');
    await until('the status: idle, having been told', () => (grundy.status()?.computing === 0 ? true : undefined));
    assert.equal(grundy.status()?.lastError, undefined, `a computation failed: ${grundy.status()?.lastError}`);
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    const declared = (manifest.contributes.commands as { command: string }[]).map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      declared.filter((command) => !registered.has(command)),
      [],
      'commands declared but not registered',
    );
  });
});

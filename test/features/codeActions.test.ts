// Quick fixes, one case per line: a fixture, the diagnostic's code, the fix's title, and the text
// after the fix. Each fix is applied, the text opened again, and its diagnostic must be gone.
// Each feature is asked of the fixture's view; a client without related information, over the wire.

import * as assert from 'node:assert/strict';
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { ViewFixtures } from '../helpers/features';
import { applyWorkspaceEdit } from '../helpers/fixtures';
import { LanguageServerSession } from '../helpers/languageServer';

describe('quick fixes', () => {
  // What the fixes are, asked of views; a stale diagnostic and a plain client, over the wire.
  const views = new ViewFixtures();

  const cases: [string, string, string, string, string][] = [
    [
      'a misspelt rule',
      'rule onetwo = subtract {1, 2}\ngame g = onetow 3\n',
      'unknown-name',
      'Replace with `onetwo`',
      'rule onetwo = subtract {1, 2}\ngame g = onetwo 3\n',
    ],
    ['a misspelt built-in', 'game g = kayels 3\n', 'unknown-name', 'Replace with `kayles`', 'game g = kayles 3\n'],
    [
      'a misspelt set',
      'rule s = subtract squres\ngame g = s 3\n',
      'unknown-set',
      'Replace with `squares`',
      'rule s = subtract squares\ngame g = s 3\n',
    ],
    [
      '`powers 2` without `of`',
      'rule p = subtract powers 2\n',
      'expected-of',
      'Replace with `powers of`',
      'rule p = subtract powers of 2\n',
    ],
    [
      'a misspelt Staircase Nim',
      'game g = staircse [3, 0, 5]\n',
      'unknown-name',
      'Replace with `staircase`',
      'game g = staircase [3, 0, 5]\n',
    ],
    [
      'a picture edge written as one name',
      'game t = hackenbush { ground - a, a-b }\n',
      'expected-dash',
      'Replace with `a - b`',
      'game t = hackenbush { ground - a, a - b }\n',
    ],
    [
      'a graph arrow in a picture',
      'game t = hackenbush { ground -> a }\n',
      'expected-dash',
      'Replace with `-`',
      'game t = hackenbush { ground - a }\n',
    ],
    [
      'a misspelt vertex',
      'graph g {\n  start -> end\n}\ngame p = g at strat\n',
      'unknown-vertex',
      'Replace with `start`',
      'graph g {\n  start -> end\n}\ngame p = g at start\n',
    ],
    ['a misspelt keyword', 'gaem g = nim 3\n', 'expected-declaration', 'Replace with `game`', 'game g = nim 3\n'],
    [
      'a missing rule: declared above its game',
      'game a = nim 1\ngame g = take 3 + nim 1\n',
      'unknown-name',
      'Declare rule `take` (a subtraction game)',
      'game a = nim 1\nrule take = subtract {1, 2}\ngame g = take 3 + nim 1\n',
    ],
    [
      'a missing row rule',
      'game g = snort "XXX.X"\n',
      'unknown-name',
      'Declare rule `snort` (an octal game on a row)',
      'rule snort = octal 0.77\ngame g = snort "XXX.X"\n',
    ],
    [
      'a missing graph, with the vertices the game names',
      'game p = board at a, b\n',
      'unknown-name',
      'Declare graph `board`',
      'graph board {\n  a\n  b\n}\ngame p = board at a, b\n',
    ],
    [
      'a missing vertex',
      'graph g {\n  a -> b\n}\ngame p = g at zzz\n',
      'unknown-vertex',
      'Add vertex `zzz` to graph `g` (with no moves)',
      'graph g {\n  a -> b\n  zzz\n}\ngame p = g at zzz\n',
    ],
    [
      'a duplicate declaration',
      'rule s = subtract {1}\ngame g = s 3\nrule s = subtract {2}\n',
      'duplicate-declaration',
      'Remove this duplicate declaration of `s`',
      'rule s = subtract {1}\ngame g = s 3\n',
    ],
    [
      'a repeated edge: the repeat, its comma with it',
      'graph g {\n  a -> b, c, b\n}\n',
      'duplicate-edge',
      'Remove the repeated edge `a -> b`',
      'graph g {\n  a -> b, c\n}\n',
    ],
    [
      'a repeated edge on a line of its own: the line keeps its vertex',
      'graph g {\n  a -> b\n  a -> b\n}\n',
      'duplicate-edge',
      'Remove the repeated edge `a -> b`',
      'graph g {\n  a -> b\n  a\n}\n',
    ],
    // Boards and graph games (issue 43): near misses mended in place.
    [
      "a Chomp board's rows listed growing: the whole list as a staircase",
      'game c = chomp [1, 3, 2, 3]\n',
      'bad-chomp-board',
      'Replace with `[3, 3, 2, 1]`',
      'game c = chomp [3, 3, 2, 1]\n',
    ],
    [
      'a growing Chomp board among others: that board alone',
      'game c = chomp [4, 2] [2, 3] + nim 1\n',
      'bad-chomp-board',
      'Replace with `[3, 2]`',
      'game c = chomp [4, 2] [3, 2] + nim 1\n',
    ],
    [
      'a Cram row written with other characters: the whole row in cells',
      'game c = cram ["xo_.", "...."]\n',
      'bad-row-character',
      'Replace with `#...`',
      'game c = cram ["#...", "...."]\n',
    ],
    [
      'a Cram row written in bits: 0 empty, 1 filled',
      'game c = cram ["1001", "...."]\n',
      'bad-row-character',
      'Replace with `#..#`',
      'game c = cram ["#..#", "...."]\n',
    ],
    [
      "a short Cram row: its missing cells filled at the row's end",
      'game c = cram [\n  "....",\n  "..",\n]\n',
      'ragged-board',
      'Insert `##`',
      'game c = cram [\n  "....",\n  "..##",\n]\n',
    ],
    [
      '`node kayles`, a space for the hyphen',
      'game k = node kayles { a - b }\n',
      'expected-dash',
      'Replace with `node-kayles`',
      'game k = node-kayles { a - b }\n',
    ],
    [
      '`node_kayles`',
      'game k = node_kayles { a - b }\n',
      'unknown-name',
      'Replace with `node-kayles`',
      'game k = node-kayles { a - b }\n',
    ],
    [
      'a `;` between the edges of a graph',
      'game k = arc-kayles { a - b; b - c }\n',
      'unknown-token',
      'Replace with `,`',
      'game k = arc-kayles { a - b, b - c }\n',
    ],
    [
      'a dash pasted from a paper',
      'game k = node-kayles { a – b }\n',
      'unknown-token',
      'Replace with `-`',
      'game k = node-kayles { a - b }\n',
    ],
    [
      'a chain of edges',
      'game k = node-kayles { a - b - c, d }\n',
      'unexpected-token',
      'Replace with `a - b, b - c`',
      'game k = node-kayles { a - b, b - c, d }\n',
    ],
    [
      "an edge of Node Kayles' graph written as one name",
      'game k = node-kayles { a - b, c-d }\n',
      'expected-dash',
      'Replace with `c - d`',
      'game k = node-kayles { a - b, c - d }\n',
    ],
  ];

  cases.forEach(([title, source, code, fixTitle, after]) =>
    it(`${title}: ${fixTitle}`, async () => {
      const fixture = await views.open(source);
      const actions = await views.quickFixes(fixture, code);
      const action = actions.find((a) => a.title === fixTitle);
      assert.ok(action, `"${fixTitle}" among ${actions.map((a) => a.title).join(' | ')}`);
      assert.equal(action.kind, 'quickfix');
      assert.deepEqual(
        action.diagnostics?.map((d) => d.code),
        [code],
      );
      const fixed = applyWorkspaceEdit(fixture.uri, fixture.text, action.edit!);
      assert.equal(fixed, after);
      await views.close(fixture.uri);
      // The fix removes its diagnostic (and brings no error of its own).
      const again = await views.open(fixed);
      assert.deepEqual(
        again.diagnostics.filter((d) => d.severity === 1).map((d) => d.message),
        [],
        'no errors after the fix',
      );
      await views.close(again.uri);
    }),
  );

  it("a long board's fix: its title shortened, its edit whole; a row far too short gets no fix", async () => {
    // 2,000 rows in a shuffled order (a generator of its own): the fix writes them longest first, as sorting says.
    const rows = Array.from({ length: 2000 }, (_, i) => ((i * 7919) % 1000) + 1);
    const fixture = await views.open(`game c = chomp [${rows.join(', ')}]\n`);
    const [action] = await views.quickFixes(fixture, 'bad-chomp-board');
    assert.ok(action.title.length < 100, action.title);
    const fixed = applyWorkspaceEdit(fixture.uri, fixture.text, action.edit!);
    assert.equal(fixed, `game c = chomp [${[...rows].sort((a, b) => b - a).join(', ')}]\n`);
    await views.close(fixture.uri);
    const short = await views.open(`game c = cram ["${'.'.repeat(200)}", "..."]\n`);
    assert.ok(short.diagnostics.some((d) => d.code === 'ragged-board'));
    assert.deepEqual(await views.quickFixes(short, 'ragged-board'), []);
    await views.close(short.uri);
  });

  it('a suggestion is the preferred fix, and diagnostics carry it as data', async () => {
    const fixture = await views.open('rule onetwo = subtract {1, 2}\ngame g = onetow 3\n');
    const diagnostic = fixture.diagnostics.find((d) => d.code === 'unknown-name')!;
    assert.deepEqual(diagnostic.data, { replacement: 'onetwo' });
    const actions = await views.quickFixes(fixture, 'unknown-name');
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred ?? false]),
      [
        ['Replace with `onetwo`', true],
        ['Declare rule `onetow` (a subtraction game)', false],
      ],
    );
    await views.close(fixture.uri);
  });

  it('related information: the first declaration of a duplicate, every edge of a cycle', async () => {
    const duplicate = await views.open('rule s = subtract {1}\nrule s = subtract {2}\n');
    const first = duplicate.diagnostics.find((d) => d.code === 'duplicate-declaration')!;
    assert.deepEqual(
      first.relatedInformation?.map((r) => [r.location.uri, r.location.range.start, r.message]),
      [[duplicate.uri, { line: 0, character: 5 }, '`s` is first declared here']],
    );
    const cycle = await views.open('graph g {\n  a -> b\n  b -> c\n  c -> a\n}\n');
    const related = cycle.diagnostics.find((d) => d.code === 'graph-cycle')!.relatedInformation!;
    assert.deepEqual(related.map((r) => r.message).sort(), [
      'the edge `a -> b` of the cycle',
      'the edge `b -> c` of the cycle',
      'the edge `c -> a` of the cycle',
    ]);
    // A cycle is no problem (a hint): nothing to fix.
    assert.equal(cycle.diagnostics.find((d) => d.code === 'graph-cycle')!.severity, DiagnosticSeverity.Hint);
    assert.deepEqual(await views.quickFixes(cycle, 'graph-cycle'), []);
  });

  it('a diagnostic the text no longer has gets no fix', () => {
    const fixture = views.open('game g = onetow 3\n');
    const stale: Diagnostic = {
      ...fixture.diagnostics[0],
      range: { start: { line: 0, character: 2 }, end: { line: 0, character: 3 } },
    };
    assert.deepEqual(views.quickFixes({ view: fixture.view, diagnostics: [stale] }, 'unknown-name'), []);
  });

  it('a client without relatedInformation gets the messages alone', async () => {
    const { session: plain } = await LanguageServerSession.inProcess({ capabilities: { textDocument: {} } });
    try {
      const uri = 'file:///plain.game';
      await plain.open(uri, 'rule s = subtract {1}\nrule s = subtract {2}\n');
      const { diagnostics } = await plain.nextDiagnostics(uri);
      assert.equal(diagnostics[0].relatedInformation, undefined);
      assert.match(String(diagnostics[0].message), /already declared on line 1/);
    } finally {
      await plain.stop();
    }
  });
});

// Navigation and rename, one fixture per case: `|` is the cursor, `«…»` the ranges expected
// (test/helpers/fixtures.ts), each feature asked of the fixture's view. Over the wire: the flat
// outline of a client without hierarchical symbols.

import * as assert from 'node:assert/strict';
import type { SymbolInformation } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentSymbols, workspaceSymbols } from '../../server/src/features/navigation';
import { renameEdits } from '../../server/src/features/rename';
import { ViewFixtures, viewOf } from '../helpers/features';
import { marked } from '../helpers/fixtures';
import { LanguageServerSession } from '../helpers/languageServer';

describe('navigation', () => {
  // What a feature answers, asked of views; the wire is asked below where it matters.
  const views = new ViewFixtures();

  const definitions: [string, string][] = [
    ['a rule used in a game', 'rule «onetwo» = subtract {1, 2}\ngame g = one|two 3 + nim 2'],
    ['a rule used below where it is declared… and above', 'game g = |s 3\nrule «s» = subtract {1}'],
    ['a graph used in a game', 'graph «g» {\n  a -> b\n}\ngame p = |g at a'],
    ['a vertex of a token', 'graph g {\n  «a» -> b\n}\ngame p = g at |a'],
    ['a vertex in its own graph, first named as a target', 'graph g {\n  a -> «b»\n  |b -> c\n}'],
    [
      'two graphs with the same vertex name: the token’s graph',
      'graph g {\n  a -> b\n}\ngraph h {\n  «a» -> b\n}\ngame p = h at |a',
    ],
    ['a declaration is its own definition', 'game «|g» = nim 1'],
    ['a built-in rule has no declaration', 'game g = |nim 3'],
    ['an unknown name has none', 'game g = |nmi 3'],
    ['a duplicate declaration: the first one', 'rule «s» = subtract {1}\nrule s = subtract {2}\ngame g = |s 4'],
    ['a keyword is not a name', 'game g = |misere nim 3'],
  ];
  definitions.forEach(([title, source]) => it(`definition: ${title}`, () => views.expectDefinition(source)));

  const references: [string, string, boolean][] = [
    [
      'a rule: its declaration and every use',
      'rule «s» = subtract {1, 2}\ngame g = «s» 3 + «|s» 4\ngame h = nim 1 + «s» 2',
      true,
    ],
    ['without the declaration', 'rule s = subtract {1, 2}\ngame g = «s» 3 + «|s» 4', false],
    [
      'a vertex: in edges and in tokens, not the other graph’s',
      'graph g {\n  «|a» -> b\n  c -> «a»\n}\ngraph h {\n  a -> b\n}\ngame p = g at «a», c + h at a',
      true,
    ],
    ['a graph', 'graph «|g» {\n  a\n}\ngame p = «g» at a\ngame q = «g» at a, a', true],
    ['a built-in rule: its uses', 'game g = «nim» 3 + «|nim» 4\ngame h = kayles 3', true],
    ['a game: its declaration', 'game «|g» = nim 3\ngame h = nim 3', true],
  ];
  references.forEach(([title, source, include]) =>
    it(`references: ${title}`, () => views.expectReferences(source, include)),
  );

  it('highlights: declarations are writes, uses are reads', () =>
    views.expectHighlights('rule «s» = subtract {1}\ngame g = «|s» 3 + «s» 4', [0]));
  it('highlights: a vertex', () =>
    views.expectHighlights(`graph g {\n  «a» -> b\n  b -> «a|»\n}\ngame p = g at «a»`, [0]));

  it('document symbols: rules, graphs with their vertices, games, each with its detail', () => {
    const fixture = views.open(
      'rule onetwo = subtract {1, 2}\ngraph g {\n  a -> b, c\n  b -> c\n}\ngame coins = onetwo 3 4 5\ngame p = g ' +
        'at a\n',
    );
    const symbols = documentSymbols(fixture.view);
    const outline = symbols.map((s) => [
      s.name,
      s.kind,
      s.detail,
      (s.children ?? []).map((c) => `${c.name} ${c.detail}`),
    ]);
    assert.deepEqual(outline, [
      ['onetwo', 12, 'subtract {1, 2}', []],
      ['g', 5, '3 vertices', ['a *2', 'b *1', 'c 0']],
      ['coins', 19, 'onetwo 3 4 5 = *3 · win', []],
      ['p', 19, 'g at a = *2 · win', []],
    ]);
    assert.deepEqual(symbols[1].selectionRange, { start: { line: 1, character: 6 }, end: { line: 1, character: 7 } });
    assert.deepEqual(symbols[1].range, { start: { line: 1, character: 0 }, end: { line: 4, character: 1 } });
  });

  it("document symbols of a graph with cycles: each vertex's Smith value, each game's value and outcome", () => {
    const fixture = views.open('graph h {\n  a -> a, e\n  s -> t\n  t -> s\n}\ngame g = h at a + nim 1\n');
    const outline = documentSymbols(fixture.view).map((s) => [
      s.name,
      s.detail,
      (s.children ?? []).map((c) => `${c.name} ${c.detail}`),
    ]);
    assert.deepEqual(outline, [
      ['h', '4 vertices', ['a ∞(0)', 'e 0', 's ∞()', 't ∞()']],
      ['g', 'h at a + nim 1 = ∞(1) · draw', []],
    ]);
  });

  it('document symbols for a client without hierarchical symbols: a flat list, vertices with their graph', async () => {
    const { session: plain } = await LanguageServerSession.inProcess({ capabilities: { textDocument: {} } });
    try {
      const uri = 'file:///flat.game';
      await plain.open(uri, 'rule s = subtract {1}\ngraph g {\n  a -> b\n}\ngame p = g at a\n');
      const symbols = (await plain.connection.sendRequest<SymbolInformation[]>('textDocument/documentSymbol', {
        textDocument: { uri },
      }))!;
      assert.deepEqual(
        symbols.map((s) => [s.name, s.containerName ?? '', s.location.range.start.line]),
        [
          ['s', '', 0],
          ['g', '', 1],
          ['a', 'g', 2],
          ['b', 'g', 2],
          ['p', '', 4],
        ],
      );
    } finally {
      await plain.stop();
    }
  });

  it('workspace symbols: every open document, filtered as VS Code filters (letters in order)', () => {
    const one = views.open('rule onetwo = subtract {1, 2}\ngame coins = onetwo 3\n');
    const two = views.open('graph moves {\n  start -> end\n}\ngame other = nim 1\n');
    const query = (q: string) => workspaceSymbols([one.view, two.view], q);
    assert.deepEqual(
      query('o')
        .map((s) => s.name)
        .sort(),
      ['coins', 'moves', 'onetwo', 'other'],
    );
    assert.deepEqual(
      query('ot')
        .map((s) => `${s.name} ${s.location.uri === two.uri ? 2 : 1}`)
        .sort(),
      ['onetwo 1', 'other 2'],
    );
    const vertex = query('start')[0];
    assert.deepEqual([vertex.name, vertex.kind, vertex.containerName], ['start', 22, 'moves']);
  });

  it('the fixture helper itself: cursor and ranges', () => {
    const m = marked('ab «c|d»\n«e»');
    assert.equal(m.text, 'ab cd\ne');
    assert.deepEqual(m.cursor, { line: 0, character: 4 });
    assert.deepEqual(m.ranges, [
      { start: { line: 0, character: 3 }, end: { line: 0, character: 5 } },
      { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } },
    ]);
  });
});

describe('rename', () => {
  const views = new ViewFixtures();

  const renames: [string, string, string, string][] = [
    [
      'a rule: declaration and every use, nothing else',
      'rule «s|» = subtract {1}\ngame g = s 3 + nim 1\ngame h = s 4 # s is a rule\n',
      'take',
      'rule take = subtract {1}\ngame g = take 3 + nim 1\ngame h = take 4 # s is a rule\n',
    ],
    ['from a use', 'rule s = subtract {1}\ngame g = «|s» 3\n', 'one', 'rule one = subtract {1}\ngame g = one 3\n'],
    [
      'a graph',
      'graph «|g» {\n  a -> b\n}\ngame p = g at a\n',
      'board',
      'graph board {\n  a -> b\n}\ngame p = board at a\n',
    ],
    [
      'a vertex, not the other graph’s',
      'graph g {\n  «|a» -> b\n}\ngraph h {\n  a -> b\n}\ngame p = g at a + h at a\n',
      'top',
      'graph g {\n  top -> b\n}\ngraph h {\n  a -> b\n}\ngame p = g at top + h at a\n',
    ],
    [
      'a vertex on a cycle and its self-loop: every end of every edge',
      'graph g {\n  «|a» -> «a», b\n  b -> «a»\n}\ngame p = g at «a»\n',
      'top',
      'graph g {\n  top -> top, b\n  b -> top\n}\ngame p = g at top\n',
    ],
    ['a game', 'game «co|ins» = nim 3\n', 'pile', 'game pile = nim 3\n'],
    [
      'to a name with a hyphen',
      'rule «|s» = subtract {1}\ngame g = s 1\n',
      'take-one',
      'rule take-one = subtract {1}\ngame g = take-one 1\n',
    ],
    [
      'a declared contextual built-in (the file’s own `staircase`)',
      'rule «stair|case» = subtract {1}\ngame g = staircase 3\n',
      'step',
      'rule step = subtract {1}\ngame g = step 3\n',
    ],
    [
      'to a contextual built-in the file does not use',
      'rule «|s» = subtract {1}\ngame g = s 3\n',
      'staircase',
      'rule staircase = subtract {1}\ngame g = staircase 3\n',
    ],
  ];
  renames.forEach(([title, source, newName, after]) =>
    it(`renames ${title}`, () => views.expectRename(source, newName, { after })),
  );

  // Clauses are separated by `|`, the fixtures' cursor: these place the cursor by a marker of their own (`^`).
  const variableRenames: [string, string, string, string][] = [
    [
      "a rule's loop variable: its clause only, not another clause's of the same name",
      'rule r = moves n -> n - ^k for k in 1..n / 2 | n - k for k in 1..2\n',
      'take',
      'rule r = moves n -> n - take for take in 1..n / 2 | n - k for k in 1..2\n',
    ],
    [
      "a rule's position variable: every clause, and the ranges",
      'rule r = moves n^ -> n - k for k in 1..n | [n - 1] if n > 2\n',
      'heap',
      'rule r = moves heap -> heap - k for k in 1..heap | [heap - 1] if heap > 2\n',
    ],
  ];
  variableRenames.forEach(([title, withCaret, newName, after]) =>
    it(`renames ${title}`, () => {
      const offset = withCaret.indexOf('^');
      const text = withCaret.replace('^', '');
      const document = TextDocument.create('file:///r.game', 'game', 1, text);
      const edits = renameEdits(viewOf(text), offset, newName);
      assert.equal(TextDocument.applyEdits(document, edits), after);
    }),
  );

  const refusals: [string, string, string, RegExp, ('refused' | 'allowed')?][] = [
    ['a keyword', 'game g = |misere nim 3', 'x', /`misere` is a keyword/],
    ['a number', 'game g = nim 3|4', 'x', /`34` is a number/],
    ['a built-in rule', 'game g = |kayles 3', 'skittles', /`kayles` is a built-in rule: it cannot be renamed/],
    ['an undeclared name', 'game g = |onetow 3', 'onetwo', /`onetow` is not declared/],
    [
      'to a name taken by a game',
      'rule |s = subtract {1}\ngame t = s 1',
      't',
      /`t` is already the name of a game \(line 2\)/,
      'allowed',
    ],
    ['to a built-in', 'rule |s = subtract {1}', 'nim', /`nim` is a built-in rule: choose another name/, 'allowed'],
    ['the built-in Staircase Nim', 'game g = |staircase [1]', 'x', /`staircase` is a built-in rule/],
    [
      'to a contextual built-in the file uses as the built-in',
      'rule |s = subtract {1}\ngame g = staircase [1]',
      'staircase',
      /`staircase` is used in this document as the built-in rule/,
      'allowed',
    ],
    [
      'to a vertex the graph has',
      'graph g {\n  |a -> b\n}',
      'b',
      /Graph `g` already has a vertex `b` \(line 2\)/,
      'allowed',
    ],
    ['to something that is not a name', 'rule |s = subtract {1}', '2x', /`2x` is not a name/, 'allowed'],
    [
      "a rule's variable, to a variable its clause sees",
      'rule r = moves |n -> n - k for k in 1..n',
      'k',
      /`k` is already a variable where `n` is seen/,
      'allowed',
    ],
    [
      "a rule's variable, to a word of the rule",
      'rule r = moves n -> n - |k for k in 1..n',
      'for',
      /`for` is a word of the rule/,
      'allowed',
    ],
    [
      "a rule's variable, to a name with a hyphen",
      'rule r = moves n -> n - |k for k in 1..n',
      'a-b',
      /would read as a subtraction/,
      'allowed',
    ],
    ['a variable bound by nothing', 'rule r = moves n -> n - |j for k in 1..n', 'x', /not declared/],
    ['to a keyword', 'rule |s = subtract {1}', 'graph', /`graph` is a keyword/, 'allowed'],
    [
      'nothing under the cursor',
      'game g = nim 3 |  + nim 4',
      'x',
      /Only the name of a rule, graph, vertex, game or a rule's variable can be renamed/,
    ],
  ];
  refusals.forEach(([title, source, newName, refused, prepare]) =>
    it(`refuses ${title}`, () => views.expectRename(source, newName, { refused, prepare })),
  );

  it('a vertex may take the name of another graph’s vertex', () =>
    views.expectRename('graph g {\n  «|a» -> b\n}\ngraph h {\n  c -> d\n}\n', 'c', {
      after: 'graph g {\n  c -> b\n}\ngraph h {\n  c -> d\n}\n',
    }));
});

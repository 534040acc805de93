// Formatting (document and range), folding ranges, selection ranges and semantic tokens (full,
// range and delta), one fixture per case, each feature called on the fixture's view.
import * as assert from 'node:assert/strict';
import type { SelectionRange, SemanticTokens, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { foldingRanges } from '../../server/src/features/folding';
import { formattingEdits, rangeFormattingEdits } from '../../server/src/features/formatting';
import { selectionRange } from '../../server/src/features/selectionRanges';
import { SemanticTokensResults, TOKEN_MODIFIERS, TOKEN_TYPES } from '../../server/src/features/semanticTokens';
import { formatText } from '../../server/src/language/format';
import { ViewFixtures, viewOf } from '../helpers/features';

const apply = (text: string, edits: TextEdit[]) =>
  TextDocument.applyEdits(TextDocument.create('file:///x.game', 'game', 1, text), edits);

describe('formatting, folding, selection ranges and semantic tokens', () => {
  const fixtures = new ViewFixtures();

  it('document formatting: per-line edits that give the canonical text; none the second time', () => {
    const fixture = fixtures.open('rule s=subtract{1 ,2}\n\n\n\ngraph g{\na->b\n}\ngame g2=s 3+g at a   \n');
    const edits = formattingEdits(fixture.view);
    const formatted = apply(fixture.text, edits);
    assert.equal(formatted, 'rule s = subtract {1, 2}\n\ngraph g {\n  a -> b\n}\ngame g2 = s 3 + g at a\n');
    assert.equal(formatted, formatText(fixture.text));
    assert.ok(
      edits.every((e) => e.range.start.line === e.range.end.line || e.newText === ''),
      'each edit is one line (or removes one)',
    );
    assert.deepEqual(formattingEdits(viewOf(formatted)), []);
  });

  it('range formatting touches only the lines of the range', () => {
    const fixture = fixtures.open('game a=nim 1\ngame b=nim 2\ngame c=nim 3\n');
    const edits = rangeFormattingEdits(fixture.view, {
      start: { line: 1, character: 3 },
      end: { line: 1, character: 5 },
    });
    assert.equal(apply(fixture.text, edits), 'game a=nim 1\ngame b = nim 2\ngame c=nim 3\n');
    // A range that ends at the start of a line does not take that line in.
    const upToLineTwo = rangeFormattingEdits(fixture.view, {
      start: { line: 0, character: 0 },
      end: { line: 2, character: 0 },
    });
    assert.equal(apply(fixture.text, upToLineTwo), 'game a = nim 1\ngame b = nim 2\ngame c=nim 3\n');
  });

  it("folding: a rule of one's own over several lines, its first line left in sight", () => {
    const fixture = fixtures.open(
      'rule q = moves (x, y) -> (x - k, y) for k in 1..x\n       \\| (x, y - k) for k in 1..y\n' +
        '       \\| (x - k, y - k) for k in 1..min(x, y)\nrule one = moves n -> n - 1\ngame g = q (1, 2)\n',
    );
    assert.deepEqual(
      foldingRanges(fixture.view).map((r) => [r.startLine, r.endLine]),
      [[0, 2]],
    );
  });

  it('folding: a graph body (its brace left in sight) and a block of comments', () => {
    const fixture = fixtures.open(
      '# one\n# two\n# three\ngraph g {\n  a -> b\n  b -> c\n}\n# alone\ngame p = g at a\n',
    );
    const ranges = foldingRanges(fixture.view);
    assert.deepEqual(
      ranges.map((r) => [r.startLine, r.endLine, r.kind ?? 'region']),
      [
        [0, 2, 'comment'],
        [3, 5, 'region'],
      ],
    );
  });

  it('folding: a board a row a line, a graph an edge a line (their `]` and `}` in sight); none on one line', () => {
    const fixture = fixtures.open(
      'game c = cram [\n  "....",\n  "....",\n] + chomp [3, 2]\n' +
        'game k = node-kayles {\n  a - b\n  b - c\n} + arc-kayles { a - b }\n' +
        'game t = hackenbush { ground - a,\n  a - b }\ngame one = cram ["..", ".."] ["...",\n  "..."]\n',
    );
    assert.deepEqual(
      foldingRanges(fixture.view).map((r) => [r.startLine, r.endLine]),
      [
        [0, 2],
        [4, 6],
        [8, 9],
        [10, 11],
      ],
    );
  });

  const selections: [string, string, string[]][] = [
    [
      'a heap: number → component → sum → declaration',
      'game g = nim 3 4|2 + kayles 5',
      ['42', 'nim 3 42', 'nim 3 42 + kayles 5', 'game g = nim 3 42 + kayles 5'],
    ],
    [
      'a one-component game: the sum and the component are one step',
      'game g = nim 4|2',
      ['42', 'nim 42', 'game g = nim 42'],
    ],
    [
      'a vertex of a token',
      'graph t {\n  a -> b\n}\ngame g = t at |a + nim 1',
      ['a', 't at a', 't at a + nim 1', 'game g = t at a + nim 1'],
    ],
    [
      'a number of a subtraction set',
      'rule s = subtract {1, |7}',
      ['7', '{1, 7}', 'subtract {1, 7}', 'rule s = subtract {1, 7}'],
    ],
    ['a vertex in a graph body', 'graph t {\n  a -> |b\n}', ['b', 'a -> b', 'graph t {\n  a -> b\n}']],
    [
      'a Wythoff pair',
      'game w = wythoff (3, |5) (1, 2)',
      ['5', '(3, 5)', 'wythoff (3, 5) (1, 2)', 'game w = wythoff (3, 5) (1, 2)'],
    ],
    ['a game name', 'game g|g = nim 1', ['gg', 'game gg = nim 1']],
    [
      'an end of a picture edge',
      'game t = hackenbush { ground - a, a - |b } + nim 1',
      [
        'b',
        'a - b',
        '{ ground - a, a - b }',
        'hackenbush { ground - a, a - b }',
        'hackenbush { ground - a, a - b } + nim 1',
        'game t = hackenbush { ground - a, a - b } + nim 1',
      ],
    ],
  ];
  selections.forEach(([title, source, expected]) =>
    it(`selection ranges: ${title}`, () => {
      const fixture = fixtures.open(source);
      const range = selectionRange(fixture.view, fixture.cursor!);
      const document = TextDocument.create(fixture.uri, 'game', 1, fixture.text);
      const chain: string[] = [];
      for (let r: SelectionRange | undefined = range; r; r = r.parent) chain.push(document.getText(r.range));
      assert.deepEqual(chain, expected);
    }),
  );

  /** Decoded tokens: "line:character text type [modifiers]". */
  const decode = (text: string, data: readonly number[]) => {
    const lines = text.split('\n');
    const out: string[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
      const modifiers = TOKEN_MODIFIERS.filter((_, bit) => data[i + 4] & (1 << bit));
      out.push(
        `${line}:${character} ${lines[line].slice(character, character + data[i + 2])} ` +
          `${TOKEN_TYPES[data[i + 3]]}${modifiers.length ? ` [${modifiers.join(' ')}]` : ''}`,
      );
    }
    return out;
  };

  it('semantic tokens: rules, graphs, vertices, games, numbers; declarations, built-ins; none if misspelt', () => {
    const fixture = fixtures.open(
      'rule s = subtract {1, 2}\ngraph t {\n  a -> b\n}\ngame g = s 3 + t at a + nim 4 + sx 1\n',
    );
    const results = new SemanticTokensResults();
    const tokens = results.full(fixture.uri, fixture.view);
    assert.deepEqual(decode(fixture.text, tokens.data), [
      '0:5 s function [declaration]',
      '0:19 1 number',
      '0:22 2 number',
      '1:6 t class [declaration]',
      '2:2 a enumMember [declaration]',
      '2:7 b enumMember [declaration]',
      '4:5 g variable [declaration]',
      '4:9 s function',
      '4:11 3 number',
      '4:15 t class',
      '4:20 a enumMember',
      '4:24 nim function [readonly defaultLibrary]',
      '4:28 4 number',
      '4:35 1 number',
    ]);
    const range = results.range(fixture.view, { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } });
    assert.deepEqual(decode(fixture.text, range.data), [
      '2:2 a enumMember [declaration]',
      '2:7 b enumMember [declaration]',
    ]);
  });

  it('semantic tokens: a picture’s ends are vertices, `ground` built in; a declared `staircase` is no built-in', () => {
    const fixture = fixtures.open(
      'game p = hackenbush { ground - a, a - a } + staircase [1]\nrule hackenbush2 = subtract {1}\n' +
        'rule staircase = subtract {1}\ngame q = staircase 2\n',
    );
    const tokens = new SemanticTokensResults().full(fixture.uri, fixture.view);
    assert.deepEqual(decode(fixture.text, tokens.data), [
      '0:5 p variable [declaration]',
      '0:9 hackenbush function [readonly defaultLibrary]',
      '0:22 ground enumMember [readonly defaultLibrary]',
      '0:31 a enumMember',
      '0:34 a enumMember',
      '0:38 a enumMember',
      '0:44 staircase function',
      '0:55 1 number',
      '1:5 hackenbush2 function [declaration]',
      '1:29 1 number',
      '2:5 staircase function [declaration]',
      '2:27 1 number',
      '3:5 q variable [declaration]',
      '3:9 staircase function',
      '3:19 2 number',
    ]);
  });

  it('semantic tokens: boards: built-ins, Chomp lengths as numbers, vertices (`ground` only in Hackenbush)', () => {
    const fixture = fixtures.open(
      'game b = cram [".#", "#."] + chomp [3, 2]\ngame k = node-kayles { ground - a, b } + hackenbush { ground - a }\n',
    );
    const tokens = new SemanticTokensResults().full(fixture.uri, fixture.view);
    assert.deepEqual(decode(fixture.text, tokens.data), [
      '0:5 b variable [declaration]',
      '0:9 cram function [readonly defaultLibrary]',
      '0:29 chomp function [readonly defaultLibrary]',
      '0:36 3 number',
      '0:39 2 number',
      '1:5 k variable [declaration]',
      '1:9 node-kayles function [readonly defaultLibrary]',
      '1:23 ground enumMember',
      '1:32 a enumMember',
      '1:35 b enumMember',
      '1:41 hackenbush function [readonly defaultLibrary]',
      '1:54 ground enumMember [readonly defaultLibrary]',
      '1:63 a enumMember',
    ]);
  });

  it("semantic tokens: a rule of one's own: its words, variables (bound: declared), numbers, functions", () => {
    const fixture = fixtures.open('rule r = moves n -> n - k for k in 1..min(n, 3) if not n < 2 or k > 9\n');
    const tokens = new SemanticTokensResults().full(fixture.uri, fixture.view);
    assert.deepEqual(decode(fixture.text, tokens.data), [
      '0:5 r function [declaration]',
      '0:9 moves keyword',
      '0:15 n parameter [declaration]',
      '0:20 n parameter',
      '0:24 k parameter',
      '0:26 for keyword',
      '0:30 k parameter [declaration]',
      '0:32 in keyword',
      '0:35 1 number',
      '0:38 min function [readonly defaultLibrary]',
      '0:42 n parameter',
      '0:45 3 number',
      '0:48 if keyword',
      '0:51 not keyword',
      '0:55 n parameter',
      '0:59 2 number',
      '0:61 or keyword',
      '0:64 k parameter',
      '0:68 9 number',
    ]);
  });

  it('semantic tokens: a delta after an edit turns the last result into the new one', () => {
    const uri = 'file:///delta.game';
    const results = new SemanticTokensResults();
    const first = results.full(uri, viewOf('rule s = subtract {1, 2}\ngame g = s 3 4\ngame h = nim 5\n'));
    const edited = viewOf('rule s = subtract {1, 2}\ngame g = s 3 4 17 + nim 2\ngame h = nim 5\n');
    const answer = results.delta(uri, edited, first.resultId!);
    assert.ok('edits' in answer && answer.edits.length === 1, 'one edit');
    const data = [...first.data];
    for (const edit of answer.edits) data.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
    const full = results.full(uri, edited);
    assert.deepEqual(data, full.data);
    assert.ok(
      answer.edits[0].start > 0 && answer.edits[0].deleteCount < first.data.length,
      'the unchanged prefix is not sent again',
    );
    const unknown = results.delta(uri, edited, 'no such result') as SemanticTokens;
    assert.deepEqual(unknown.data, full.data, 'an unknown previous result gets the full tokens');
  });
});

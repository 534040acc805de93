// After a mistake the parser goes on: everything declared after a broken line is still there.
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/language/analyze';

describe('error recovery', () => {
  const broken = [
    'rule onetwo = subtract {1, 2',
    'rule onetwo subtract {1, 2}',
    'game = = = +',
    'graph g { a -> -> }',
    '@@@ nonsense "',
    'game x = misere misere',
    'rule r = octal 0.9',
  ];
  for (const line2 of broken) {
    it(`an error on line 2 (${JSON.stringify(line2)}) leaves lines 3..n intact`, () => {
      const text = [
        '# first line',
        line2,
        'rule upto3 = subtract {1, 2, 3}',
        'graph h {',
        '  p -> q',
        '}',
        'game a = upto3 5 6',
        'game b = h at p + kayles "XX.X"',
        'game c = misere nim 1 1',
      ].join('\n');
      const document = analyzeText(text);
      assert.ok(
        document.diagnostics.some((d) => document.lines.positionAt(d.span.start).line === 1),
        'the error is reported on line 2',
      );
      assert.ok(
        document.diagnostics.every((d) => document.lines.positionAt(d.span.start).line <= 1),
        'nothing reported on lines 3..n',
      );
      const games = new Map(document.model.games.map((game) => [game.name, game]));
      for (const name of ['a', 'b', 'c'])
        assert.equal(games.get(name)?.valid, true, `game ${name} is checked and valid`);
      const first = games.get('a')?.components[0];
      assert.deepEqual(first?.kind === 'heaps' ? first.heaps : undefined, [5n, 6n]);
      assert.equal(games.get('c')?.play, 'misere');
    });
  }

  it('a graph missing its `}` ends at the next declaration', () => {
    const document = analyzeText('graph g {\n  a -> b\ngame x = g at a\n');
    assert.deepEqual(
      document.diagnostics.map((d) => d.code),
      ['expected-close-brace'],
    );
    assert.equal(document.model.games[0].valid, true);
  });
});

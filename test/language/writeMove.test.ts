// Moves written back as text. Each case: a game line, a move (component index and move), and
// the right-hand side after it, the lens label and the description.
import * as assert from 'node:assert/strict';
import type { GameMove } from '../../server/src/engine/gameTypes';
import { analyzeText } from '../../server/src/language/analyze';
import { writeMove } from '../../server/src/language/writeMove';

const prelude = 'rule onetwo = subtract {1, 2}\ngraph g {\n  a -> b, c\n  b -> d\n  c -> d, e\n  d -> e\n}\n';

const cases: [string, GameMove, string, string, string][] = [
  [
    'game x = onetwo 3 4 5',
    { component: 0, move: { kind: 'heap', heap: 1, take: 1n, leaves: [3n] } },
    'onetwo 3 3 5',
    'onetwo 4 → 3',
    'take 1 from the heap of 4',
  ],
  [
    'game x = onetwo 3 4 4',
    { component: 0, move: { kind: 'heap', heap: 2, take: 2n, leaves: [2n] } },
    'onetwo 3 4 2',
    'onetwo 4 → 2',
    'take 2 from the heap of 4 (heap 3 of `onetwo`)',
  ],
  [
    'game x = onetwo 2',
    { component: 0, move: { kind: 'heap', heap: 0, take: 2n, leaves: [] } },
    'onetwo 0',
    'onetwo 2 → 0',
    'take the whole heap of 2',
  ],
  [
    'game x = kayles 7 + nim 1',
    { component: 0, move: { kind: 'heap', heap: 0, take: 1n, leaves: [2n, 4n] } },
    'kayles 2 4 + nim 1',
    'kayles 7 → 2 4',
    'take 1 from the heap of 7, leaving heaps of 2 and 4',
  ],
  [
    'game x = nim 1000000000000000000000',
    { component: 0, move: { kind: 'heap', heap: 0, take: 999999999999999999999n, leaves: [1n] } },
    'nim 1',
    'nim 1000000000000000000000 → 1',
    'take 999999999999999999999 from the heap of 1000000000000000000000',
  ],
  [
    'game x = g at a, c',
    { component: 0, move: { kind: 'token', token: 0, to: 1 } },
    'g at b, c',
    'g a → b',
    'move the token on a to b',
  ],
  [
    'game x = treblecross ".....X."',
    { component: 0, move: { kind: 'mark', cell: 2, winsAtOnce: false } },
    'treblecross "..X..X."',
    'treblecross ".....X." → "..X..X."',
    'mark cell 3',
  ],
  [
    'game x = treblecross "..X.X.."',
    { component: 0, move: { kind: 'mark', cell: 3, winsAtOnce: true } },
    'treblecross "..XXX.."',
    'treblecross "..X.X.." → "..XXX.."',
    'mark cell 4: three in a row, which wins at once',
  ],
  [
    'game x = onetwo 7 + kayles "XXX.XX"',
    { component: 1, move: { kind: 'knock', start: 1, count: 1 } },
    'onetwo 7 + kayles "X.X.XX"',
    'kayles "XXX.XX" → "X.X.XX"',
    'clear cell 2',
  ],
  [
    'game x = kayles "XXX.XX"',
    { component: 0, move: { kind: 'knock', start: 4, count: 2 } },
    'kayles "XXX..."',
    'kayles "XXX.XX" → "XXX..."',
    'clear cells 5 to 6',
  ],
  // misère stays, comments and spacing stay, a sum continued over lines stays as written
  [
    'game x = misere nim 1   1 1   # three',
    { component: 0, move: { kind: 'heap', heap: 1, take: 1n, leaves: [] } },
    'misere nim 1   0 1',
    'nim 1 → 0',
    'take the whole heap of 1 (heap 2 of `nim`)',
  ],
  [
    'game x = nim 1 +\n  onetwo 5',
    { component: 1, move: { kind: 'heap', heap: 0, take: 2n, leaves: [3n] } },
    'nim 1 +\n  onetwo 3',
    'onetwo 5 → 3',
    'take 2 from the heap of 5',
  ],
];

describe('writing moves as text', () => {
  for (const [line, move, after, label, description] of cases) {
    it(`${line.replace(/\n/g, '⏎')}: ${label}`, () => {
      const text = `${prelude + line}\n`;
      const document = analyzeText(text);
      assert.deepEqual(document.diagnostics, []);
      const game = document.model.games.find((g) => g.name === 'x')!;
      const written = writeMove(text, game, move);
      assert.deepEqual([written.after, written.label, written.description], [after, label, description]);
      // Applying the edit gives a document whose game reads `after` and that still checks.
      const edited = text.slice(0, written.edit.span.start) + written.edit.newText + text.slice(written.edit.span.end);
      const reanalysed = analyzeText(edited);
      // (a Treblecross win leaves three in a row, which is a warning: the game is over)
      assert.deepEqual(
        reanalysed.diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      assert.ok(edited.includes(`game x = ${after}`), edited);
    });
  }
});

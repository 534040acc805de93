// Rules of one's own that restate built-ins play as the built-ins do: Grundy's game written out
// (`grundy`), Kayles written as splits (`kayles`), `subtract {1, 3, 4}` written as its moves, Mock Turtles
// and Ruler as coin-turning rules (their published values: odious numbers, the ruler function), and
// Wythoff's queen written as a tuple rule (`wythoff`). On random sums of each, in normal and misère
// play: the same nimbers, the same outcome, and the same winning moves (as the positions they leave,
// written in text, compared after renaming the rule).
import * as assert from 'node:assert/strict';
import { reportGame } from '../../server/src/analysis/gameReport';
import { createEngineCache } from '../../server/src/engine';
import { analyzeText } from '../../server/src/language/analyze';
import { random } from '../helpers/mutate';

const RULES = [
  'rule g2 = moves n -> [a, n - a] for a in 1..(n - 1) / 2',
  'rule k2 = moves n -> [a, n - 1 - a] for a in 0..(n - 1) / 2 | [a, n - 2 - a] for a in 0..(n - 2) / 2',
  'rule s2 = moves n -> n - 1 | n - 3 | n - 4',
  'rule s134 = subtract {1, 3, 4}',
  'rule w2 = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y | (x - k, y - k) for k in 1..x',
].join('\n');

/** Pairs: the rule of one's own and the built-in it restates, and how a component of each is written. */
const PAIRS: { own: string; builtin: string; heap: boolean }[] = [
  { own: 'g2', builtin: 'grundy', heap: true },
  { own: 'k2', builtin: 'kayles', heap: true },
  { own: 's2', builtin: 's134', heap: true },
  { own: 'w2', builtin: 'wythoff', heap: false },
];

interface Played {
  readonly value: string;
  readonly moves: readonly string[];
}

function played(text: string): Played {
  const document = analyzeText(text);
  assert.deepEqual(
    document.diagnostics.map((d) => d.message),
    [],
  );
  const game = document.model.games[0];
  const report = reportGame(document, game, { cache: createEngineCache(), maxMoves: 1000 });
  const value = `${report.result?.nimber ?? '-'} ${report.result?.outcome ?? '?'}`;
  return { value, moves: report.winningMoves.map((m) => m.after).sort() };
}

describe("rules of one's own that restate built-ins", () => {
  it('Mock Turtles as a coin-turning rule (a coin turns up to two coins left of it): G is the odious numbers', () => {
    // Coin n (from 0) is heap n + 1; a move turns it and up to two coins to its left, which become heads.
    const text =
      'rule turtles = moves n -> [] | [a] for a in 1..n - 1 | [a, b] for a in 1..n - 1 for b in a + 1..n - 1\n' +
      `game g = turtles ${Array.from({ length: 40 }, (_, i) => i + 1).join(' ')}\n`;
    const document = analyzeText(text);
    assert.deepEqual(document.diagnostics, []);
    const report = reportGame(document, document.model.games[0], { cache: createEngineCache() });
    const odious: bigint[] = [];
    for (let m = 1; odious.length < 40; m++) {
      let bits = 0;
      for (let x = m; x > 0; x >>= 1) bits += x & 1;
      if (bits % 2 === 1) odious.push(BigInt(m));
    }
    assert.deepEqual(report.result?.components[0].parts, odious);
  });

  it('Ruler as a coin-turning rule on runs of coins: G(coin n) is the largest power of 2 dividing n', () => {
    // Ruler turns any run of coins ending at a heads coin, so a coin's options are runs of every length: a
    // split of one coin into a varying number of coins, which a bracketed list cannot write. A position is
    // therefore a run of heads, (64·e, m) for the m coins ending at coin e (from 1); turning coins j − k + 1
    // … j of it leaves at most two runs. The end is scaled by 64 so that every part has a smaller sum than
    // its position (the contract's measure) while runs stay shorter than 64 coins. A run's value must also
    // be the nim-sum of its coins' values (the coin-turning theorem): a check of the encoding itself.
    const e = 'x / 64';
    const runs =
      `rule ruler = moves (x, m) -> [((j - k) * 64, j - k - ${e} + m), (x, ${e} - j)] ` +
      `for j in ${e} - m + 1..${e} for k in 1..j if j - k + 1 >= ${e} - m + 1\n` +
      `  | [((${e} - m) * 64, ${e} - m - j + k), (x, ${e} - j)] ` +
      `for j in ${e} - m + 1..${e} for k in 1..j if j - k + 1 < ${e} - m + 1\n`;
    const coins = Array.from({ length: 40 }, (_, i) => i + 1);
    const ruler = (n: number) => n & -n;
    const runOf = (end: number, length: number) =>
      coins.filter((c) => c > end - length && c <= end).reduce((x, c) => x ^ ruler(c), 0);
    const spans = [
      [12, 5],
      [31, 7],
      [40, 40],
      [16, 16],
    ];
    const positions = [...coins.map((n) => `(${64 * n}, 1)`), ...spans.map(([end, m]) => `(${64 * end}, ${m})`)];
    const text = `${runs}game g = ruler ${positions.join(' ')}\n`;
    const document = analyzeText(text);
    assert.deepEqual(document.diagnostics, []);
    const report = reportGame(document, document.model.games[0], { cache: createEngineCache() });
    const expected = [...coins.map(ruler), ...spans.map(([end, m]) => runOf(end, m))].map(BigInt);
    assert.deepEqual(report.result?.components[0].parts, expected);
  });

  for (const { own, builtin, heap } of PAIRS)
    for (const play of ['', 'misere '])
      it(`${own} plays as ${builtin}${play ? ' in misère play' : ''}: 40 random sums`, () => {
        const next = random(own.length * 31 + play.length);
        for (let i = 0; i < 40; i++) {
          const count = 1 + Math.floor(next() * 3);
          const big = play ? 9 : 30;
          const parts = Array.from({ length: count }, () =>
            heap
              ? String(Math.floor(next() * big))
              : `(${Math.floor(next() * (big / 3))}, ${Math.floor(next() * (big / 3))})`,
          ).join(' ');
          const extra = next() < 0.5 ? ` + nim ${Math.floor(next() * 5)}` : '';
          const mine = played(`${RULES}\ngame g = ${play}${own} ${parts}${extra}\n`);
          const theirs = played(`${RULES}\ngame g = ${play}${builtin} ${parts}${extra}\n`);
          const rename = (s: string) => s.replaceAll(`${own} `, `${builtin} `);
          assert.equal(mine.value, theirs.value, `${own} ${parts}${extra}`);
          assert.deepEqual(mine.moves.map(rename).sort(), [...theirs.moves].sort(), `${own} ${parts}${extra}`);
        }
      });
});

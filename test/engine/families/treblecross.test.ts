// Treblecross against the raw rules: the oracle plays every row of up to 11 cells, beside a Nim
// heap, marking cells and winning at once with three in a row; the engine reduces rows to 0.007.
import * as assert from 'node:assert/strict';
import type { GameInput } from '../../../server/src/engine';
import { analyzeGame, analyzeTreblecross, ruleSequence, TREBLECROSS_OCTAL } from '../../../server/src/engine';
import { bruteOctal, TreblecrossOracle } from '../oracles/oracles';

/** Every row of `length` cells over `.` and `X`. */
function* rows(length: number): Generator<string> {
  for (let bits = 0; bits < 1 << length; bits++) {
    let row = '';
    for (let i = 0; i < length; i++) row += bits & (1 << i) ? 'X' : '.';
    yield row;
  }
}

const nim = { kind: 'subtractAllExcept', except: [] } as const;

describe('Treblecross against the raw rules', () => {
  const oracle = new TreblecrossOracle(6);

  it('every row of up to 11 cells: nimber (or win at once), outcome beside Nim heaps 0..3, the winning moves', () => {
    let checked = 0;
    let immediate = 0;
    for (let length = 1; length <= 11; length++) {
      for (const row of rows(length)) {
        if (TreblecrossOracle.threeInARow(row)) continue;
        const analysis = analyzeTreblecross(row);
        if (analysis.status === 'immediate-win') {
          immediate++;
          assert.ok(oracle.moverWins(row, 0), row);
        } else {
          assert.equal(analysis.status, 'nimber', row);
          if (analysis.status === 'nimber') assert.equal(analysis.nimber, oracle.nimber(row), row);
        }
        for (let heap = 0; heap <= 3; heap++) {
          const input: GameInput = {
            play: 'normal',
            components: [
              { kind: 'treblecross', cells: row },
              { kind: 'heaps', rule: nim, heaps: [BigInt(heap)] },
            ],
          };
          const game = analyzeGame(input);
          const wins = oracle.moverWins(row, heap);
          assert.equal(game.outcome, wins ? 'N' : 'P', `${row} + nim ${heap}`);
          // The winning moves by the oracle: marks that complete three or leave the opponent lost,
          // and Nim moves that leave the opponent lost.
          const expected: string[] = [];
          for (let i = 0; i < row.length; i++) {
            if (row[i] === 'X') continue;
            const after = `${row.slice(0, i)}X${row.slice(i + 1)}`;
            if (TreblecrossOracle.threeInARow(after) || !oracle.moverWins(after, heap)) expected.push(`mark ${i}`);
          }
          for (let smaller = 0; smaller < heap; smaller++)
            if (!oracle.moverWins(row, smaller)) expected.push(`nim ${smaller}`);
          const found = game.winningMoves.map(({ move }) =>
            move.kind === 'mark' ? `mark ${move.cell}` : move.kind === 'heap' ? `nim ${move.leaves[0] ?? 0n}` : '?',
          );
          // An immediate win is shown on its own: the slower wins beside it are not worth listing.
          if (analysis.status === 'immediate-win') {
            assert.deepEqual(
              found,
              analysis.winningCells.map((c) => `mark ${c}`),
              row,
            );
            assert.ok(
              found.every((m) => expected.includes(m)),
              row,
            );
          } else {
            assert.deepEqual(found.sort(), expected.sort(), `${row} + nim ${heap}`);
          }
          checked++;
        }
      }
    }
    assert.ok(checked > 8000 && immediate > 1500, `${checked} positions, ${immediate} immediate wins`);
  });

  it('marks on winning moves say whether they win at once', () => {
    const game = analyzeGame({ play: 'normal', components: [{ kind: 'treblecross', cells: '..X.X....' }] });
    assert.deepEqual(game.winningMoves, [{ component: 0, move: { kind: 'mark', cell: 3, winsAtOnce: true } }]);
    assert.equal(game.nimber, null);
  });

  it('a row with three in a row is over: the player to move has lost, and nothing else is computed', () => {
    const game = analyzeGame({
      play: 'normal',
      components: [
        { kind: 'treblecross', cells: '.XXX.' },
        { kind: 'heaps', rule: nim, heaps: [5n] },
      ],
    });
    assert.deepEqual([game.outcome, game.nimber, game.winningMoves], ['P', null, []]);
    assert.match(game.reason!, /game is over/);
  });

  it('the seed position ".....X." has nimber 1, and three winning cells', () => {
    const game = analyzeGame({ play: 'normal', components: [{ kind: 'treblecross', cells: '.....X.' }] });
    assert.equal(game.nimber, 1n);
    assert.deepEqual(
      game.winningMoves.map(({ move }) => move.kind === 'mark' && move.cell),
      [0, 1, 2],
    );
  });

  it('long rows read 0.007, which agrees with its brute force', () => {
    const sequence = ruleSequence(TREBLECROSS_OCTAL, {}, { stopAt: 400, findPeriod: false });
    assert.deepEqual(Array.from(sequence.values.subarray(0, 401)), bruteOctal([0, 0, 0, 7], 401));
    const row = '.'.repeat(398);
    const analysis = analyzeTreblecross(row, {}, sequence);
    assert.equal(analysis.status === 'nimber' && analysis.nimber, sequence.values[400]);
  });

  it('a row longer than the budget allows says how far it got', () => {
    const analysis = analyzeTreblecross('.'.repeat(50_000), { maxValues: 1000 });
    assert.equal(analysis.status, 'over-budget');
    assert.match(
      analysis.status === 'over-budget' ? analysis.reason : '',
      /needs the 0\.007 nimbers up to 50002.*computed up to n = 999/,
    );
  });
});

// Rows and the other units whose options are copies of them (issue 39, "linear in the input"): the
// moves listed once per unit (empty cells, steps, deletions) against a brute force written from the
// rules, equal deletions of a word found by borders against the positions they leave, a hand edit of
// a row recognised from its changed cells against the key comparison it replaces, and the searches'
// bounds on such units, said before any option is made.
import * as assert from 'node:assert/strict';
import { wordMoveLeaves, wordPiece } from '../../../server/src/engine/families/words';
import type { ComponentInput, GameInput, GameMove } from '../../../server/src/engine/gameTypes';
import {
  gameAfter,
  gameMoves,
  gameOver,
  moveBetween,
  positionKey,
} from '../../../server/src/engine/search/gamePositions';
import { gameUnits, LISTING_MAX_ROW, SEARCH_MAX_OPTIONS_SIZE } from '../../../server/src/engine/search/gameUnits';
import { gameRemoteness } from '../../../server/src/engine/search/remoteness';
import { type Unit, unitOptionCount, unitOptions, wordDeletions } from '../../../server/src/engine/search/unitOptions';
import { analyzeText } from '../../../server/src/language/analyze';
import { writeMove } from '../../../server/src/language/writeMove';
import { integer, random } from '../oracles/random';

const kayles = { kind: 'octal', digits: [0, 7, 7] } as const;
const normal = (...components: ComponentInput[]): GameInput => ({ play: 'normal', components });

/** Every row of `length` cells over `.` and `X`. */
function* rows(length: number): Generator<string> {
  for (let bits = 0; bits < 1 << length; bits++) {
    let row = '';
    for (let i = 0; i < length; i++) row += bits & (1 << i) ? 'X' : '.';
    yield row;
  }
}

/** The positions a game's moves lead to, by key, each move's once: what a brute force of the rules must reach. */
function reachedKeys(input: GameInput, moves: readonly GameMove[]): string[] {
  return moves.map((move) => positionKey(gameAfter(input, move))).sort();
}

/** How `after` follows from `before` as it was found before rows had a way of their own: every move's whole key. */
function moveBetweenByKeys(before: GameInput, after: GameInput): 'same' | 'move' | 'not-a-move' {
  const target = positionKey(after);
  if (positionKey(before) === target) return 'same';
  const listed = gameMoves(before);
  if ('reason' in listed) return 'not-a-move';
  return listed.moves.some((move) => positionKey(gameAfter(before, move)) === target) ? 'move' : 'not-a-move';
}

describe('rows: moves listed once per unit, against the rules', () => {
  it('every Treblecross row of up to 9 cells: one move per empty cell, three in a row said, none once over', () => {
    let checked = 0;
    for (let length = 1; length <= 9; length++)
      for (const cells of rows(length)) {
        const input = normal({ kind: 'treblecross', cells });
        const listed = gameMoves(input);
        assert.ok('moves' in listed);
        const over = cells.includes('XXX');
        const expected = over
          ? []
          : [...cells].flatMap((c, cell) => {
              if (c !== '.') return [];
              const after = `${cells.slice(0, cell)}X${cells.slice(cell + 1)}`;
              return [{ component: 0, move: { kind: 'mark', cell, winsAtOnce: after.includes('XXX') } }];
            });
        assert.deepEqual(listed.moves, expected, cells);
        const unit: Unit = { kind: 'treblecross', cells };
        const options = unitOptions(unit);
        assert.equal(unitOptionCount(unit), options.length, cells);
        // Each option is the row marked there, or nothing when the row is full and not over.
        options.forEach((option, i) => {
          const cell = expected[i].move.kind === 'mark' ? expected[i].move.cell : -1;
          const after = `${cells.slice(0, cell)}X${cells.slice(cell + 1)}`;
          const finished = !after.includes('.') && !after.includes('XXX');
          assert.deepEqual(option, finished ? [] : [{ kind: 'treblecross', cells: after }], `${cells} at ${cell}`);
        });
        assert.equal(gameOver(input), over || expected.length === 0, cells);
        checked++;
      }
    assert.equal(checked, 2 ** 10 - 2);
  });

  it('staircases: one move per step and count, equal staircases of a component listed once', () => {
    const next = random(39);
    for (let trial = 0; trial < 200; trial++) {
      const stairs = Array.from({ length: integer(next, 1, 3) }, () =>
        Array.from({ length: integer(next, 1, 5) }, () => BigInt(integer(next, 0, 3))),
      );
      if (trial % 3 === 0) stairs.push(stairs[0]); // an equal staircase beside it
      const input = normal({ kind: 'staircase', stairs });
      const listed = gameMoves(input);
      assert.ok('moves' in listed);
      // The rules: from any step with coins, move 1..all of them one step down (off from step 1).
      const reached = new Set<string>();
      stairs.forEach((coins, stair) =>
        coins.forEach((c, step) => {
          for (let count = 1n; count <= c; count++)
            reached.add(
              positionKey(gameAfter(input, { component: 0, move: { kind: 'staircase', stair, step, count } })),
            );
        }),
      );
      assert.deepEqual(reachedKeys(input, listed.moves), [...reached].sort(), JSON.stringify(stairs.map(String)));
      for (const [i, coins] of stairs.entries()) {
        const unit: Unit = { kind: 'staircase', coins: coins.map(Number) };
        assert.equal(unitOptionCount(unit), unitOptions(unit).length, `staircase ${i}`);
      }
    }
  });

  it('words: deletions leaving the same pieces are listed once, as the positions they reach say', () => {
    // Texts with long borders ("abab…", "aaa…"), where a deletion and its mirror leave the same pieces.
    const next = random(7);
    const words = ['a', 'ab', 'ba', 'aba', 'b'];
    for (let trial = 0; trial < 300; trial++) {
      const alphabet = trial % 2 === 0 ? 'ab' : 'abc';
      const texts = Array.from({ length: integer(next, 1, 2) }, () =>
        Array.from({ length: integer(next, 0, 9) }, () => alphabet[integer(next, 0, alphabet.length - 1)]).join(''),
      );
      if (trial % 4 === 0) texts.push(texts[0]);
      const input = normal({ kind: 'words', words, pieces: texts });
      const listed = gameMoves(input);
      assert.ok('moves' in listed);
      const reached = new Set<string>();
      texts.forEach((text, piece) => {
        for (const { start, length, leaves } of wordDeletions(text, words))
          reached.add(
            positionKey(gameAfter(input, { component: 0, move: { kind: 'word', piece, start, length, leaves } })),
          );
      });
      const keys = reachedKeys(input, listed.moves);
      assert.deepEqual(keys, [...reached].sort(), JSON.stringify(texts));
    }
    // The pieces left are the text's own slices, code points kept whole.
    const text = 'a😀ba😀';
    const piece = wordPiece(text, ['😀', 'b']);
    for (const { start, length, leaves } of wordDeletions(text, ['😀', 'b']))
      assert.deepEqual(leaves, wordMoveLeaves(piece, { start, length }));
  });

  it('pictures, words and Wythoff pairs: counting options is making them', () => {
    const picture = { vertexCount: 4, ends: Int32Array.from([0, 1, 1, 2, 2, 0, 2, 3, 3, 3]) };
    const units: Unit[] = [
      { kind: 'hackenbush', picture, edges: Int32Array.from([0, 1, 2, 3, 4]) },
      { kind: 'word', text: 'abab', words: ['ab', 'b'] },
      { kind: 'wythoff', a: 3, b: 5 },
      { kind: 'leftmost', piles: [0, 3, 2] },
      { kind: 'heap', rule: kayles, size: 9 },
    ];
    for (const unit of units) assert.equal(unitOptionCount(unit), unitOptions(unit).length, unit.kind);
  });
});

describe('rows: a hand edit recognised from the cells it changed', () => {
  it('every pair of rows of up to 6 cells (Treblecross, and Kayles), as the key comparison says', () => {
    let moves = 0;
    for (let length = 1; length <= 6; length++) {
      const all = [...rows(length)];
      for (const kind of ['treblecross', 'octal-row'] as const)
        for (const before of all)
          for (const after of all) {
            const component = (cells: string): ComponentInput =>
              kind === 'treblecross' ? { kind, cells } : { kind, rule: kayles, cells };
            // Beside a Nim heap, so that the row's component is one of two.
            const nim: ComponentInput = { kind: 'heaps', rule: kayles, heaps: [2n] };
            const a = normal(component(before), nim);
            const b = normal(nim, component(after));
            const found = moveBetween(a, b);
            assert.equal(found.kind, moveBetweenByKeys(a, b), `${kind} ${before} → ${after}`);
            if (found.kind !== 'move') continue;
            moves++;
            assert.equal(positionKey(gameAfter(a, found.move)), positionKey(b), `${kind} ${before} → ${after}`);
          }
    }
    assert.ok(moves > 500, `${moves} moves`);
  });

  it('a move elsewhere, a heap taken, two rows: the components that changed decide', () => {
    const row = (cells: string): ComponentInput => ({ kind: 'treblecross', cells });
    const cases: [GameInput, GameInput][] = [
      [normal(row('.....'), row('.....')), normal(row('..X..'), row('.....'))],
      [normal(row('.....'), row('.....')), normal(row('..X..'), row('X....'))],
      [normal(row('.....'), { kind: 'heaps', rule: kayles, heaps: [3n] }), normal(row('.....'))],
      [normal(row('.X...')), normal(row('.....'))],
      [normal(row('.....')), { play: 'misere', components: [row('..X..')] }],
    ];
    for (const [a, b] of cases) assert.equal(moveBetween(a, b).kind, moveBetweenByKeys(a, b));
  });
});

describe('rows: the searches bound units whose options are copies of them', () => {
  it('a row of 1,000 empty cells is searched; one more cell, and the reason says so before any option is made', () => {
    const fits = gameUnits(normal({ kind: 'treblecross', cells: '.'.repeat(1000) }));
    assert.ok('units' in fits);
    const past = normal({ kind: 'treblecross', cells: '.'.repeat(1001) });
    const refused = gameUnits(past, 'remoteness search');
    assert.ok('reason' in refused);
    assert.match(refused.reason, /beyond the remoteness search limit \(a unit's options hold at most 1,000,000 cells/);
    assert.match(refused.reason, /this one's 1,001 options hold 1,001 each/);
    // A long row with few empty cells holds few copies: searched.
    assert.ok('units' in gameUnits(normal({ kind: 'treblecross', cells: `${'X..'.repeat(300)}.` })));
    assert.equal(SEARCH_MAX_OPTIONS_SIZE, 1_000_000);
  });

  it("a 100,000-cell row: the remoteness says why at once, and its 100,000 moves are listed, each a cell's", () => {
    const input = normal({ kind: 'treblecross', cells: '.'.repeat(100_000) });
    const ranked = gameRemoteness(input, { maxValues: 5_000 });
    assert.equal(ranked.remoteness, null);
    assert.match(ranked.remoteness === null ? ranked.reason : '', /this one's 100,000 options hold 100,000 each/);
    const listed = gameMoves(input);
    assert.ok('moves' in listed);
    assert.equal(listed.moves.length, 100_000);
    assert.deepEqual(listed.moves[99_999], { component: 0, move: { kind: 'mark', cell: 99_999, winsAtOnce: false } });
    const marked = gameAfter(input, listed.moves[500]);
    const found = moveBetween(input, marked);
    assert.deepEqual(found, { kind: 'move', move: listed.moves[500] });
  });

  it('listing takes rows up to 100,000 cells and word pieces up to 3,000 characters, and says so past them', () => {
    const past = gameMoves(normal({ kind: 'treblecross', cells: '.'.repeat(LISTING_MAX_ROW + 1) }));
    assert.match(
      'reason' in past ? past.reason : '',
      /beyond the move listing limit \(rows of at most 100,000 cells; this one has 100,001\)/,
    );
    const piece = gameMoves(normal({ kind: 'words', words: ['ab'], pieces: ['ab'.repeat(1501)] }));
    assert.match('reason' in piece ? piece.reason : '', /pieces of at most 3,000 characters; this one has 3,002/);
    // 1,500 deletions of "ab", each leaving (ab)^k and (ab)^(1499 - k): its mirror's pieces.
    const listed = gameMoves(normal({ kind: 'words', words: ['ab'], pieces: ['ab'.repeat(1500)] }));
    assert.equal('moves' in listed ? listed.moves.length : 0, 750);
  });

  it('staircases, pictures and leftmost rows are refused by what their options hold, and still listed', () => {
    const stairs = normal({ kind: 'staircase', stairs: [Array.from({ length: 2000 }, () => 1n)] });
    const refused = gameUnits(stairs, 'misère search');
    assert.match(
      'reason' in refused ? refused.reason : '',
      /at most 1,000,000 steps together.*2,000 options hold 2,000/,
    );
    const listed = gameMoves(stairs);
    assert.equal('moves' in listed ? listed.moves.length : 0, 2000);
    const ends = new Int32Array(2 * 1500);
    for (let e = 0; e < 1500; e++) {
      ends[2 * e] = e; // a path up from the ground
      ends[2 * e + 1] = e + 1;
    }
    const path = normal({ kind: 'hackenbush', pictures: [{ vertexCount: 1501, ends }] });
    assert.match((gameUnits(path) as { reason: string }).reason, /1,500 options hold 1,500 each/);
    const cuts = gameMoves(path);
    assert.equal('moves' in cuts ? cuts.moves.length : 0, 1500);
    const leftmost = normal({ kind: 'leftmost', rows: [[5000n, ...Array.from({ length: 300 }, () => 1n)]] });
    assert.match((gameUnits(leftmost) as { reason: string }).reason, /5,000 options hold 301 each/);
  });
});

describe("rows: a long row's or staircase's move is labelled by the cells around it", () => {
  const labels = (text: string, moves: GameMove[]) => {
    const document = analyzeText(text);
    const game = document.model.games[0];
    return moves.map((move) => writeMove(text, game, move));
  };

  it('a row past 64 cells: the 32 cells either side, cut with …, and its cell; the edit writes the whole row', () => {
    const cells = '.'.repeat(100_000);
    const text = `game g = treblecross "${cells}"\n`;
    const marks = [0, 50_000, 60_000, 99_999].map(
      (cell): GameMove => ({ component: 0, move: { kind: 'mark', cell, winsAtOnce: false } }),
    );
    const written = labels(text, marks);
    assert.equal(written[0].label, `treblecross "${'.'.repeat(33)}…" → "X${'.'.repeat(32)}…" at cell 1`);
    assert.equal(
      written[1].label,
      `treblecross "…${'.'.repeat(65)}…" → "…${'.'.repeat(32)}X${'.'.repeat(32)}…" at cell 50001`,
    );
    assert.equal(written[3].label, `treblecross "…${'.'.repeat(33)}" → "…${'.'.repeat(32)}X" at cell 100000`);
    // Two moves whose windows read alike are told apart by their cells (a quick pick finds a move by its label).
    assert.notEqual(written[1].label, written[2].label);
    assert.equal(written[1].edit.newText, `"${cells.slice(0, 50_000)}X${cells.slice(50_001)}"`);
    const knock = labels(`game g = kayles "${'X'.repeat(200)}"\n`, [
      { component: 0, move: { kind: 'knock', start: 100, count: 2 } },
    ])[0];
    const knocked = `${'X'.repeat(32)}..${'X'.repeat(32)}`;
    assert.equal(knock.label, `kayles "…${'X'.repeat(66)}…" → "…${knocked}…" at cell 101`);
    // A short row is written whole, as before.
    assert.equal(
      labels('game g = treblecross "....."\n', [
        { component: 0, move: { kind: 'mark', cell: 2, winsAtOnce: false } },
      ])[0].label,
      'treblecross "....." → "..X.."',
    );
  });

  it('a staircase past 16 steps: the steps around the move, cut with …, and its step', () => {
    const steps = Array.from({ length: 40 }, (_, i) => i % 3);
    const text = `game g = staircase [${steps.join(', ')}]\n`;
    const [move] = labels(text, [{ component: 0, move: { kind: 'staircase', stair: 0, step: 20, count: 2n } }]);
    const window = (coins: number[]) => `[…, ${coins.join(', ')}, …]`;
    const after = steps.slice();
    after[20] -= 2;
    after[19] += 2;
    assert.equal(move.label, `staircase ${window(steps.slice(11, 29))} → ${window(after.slice(11, 29))} at step 21`);
    assert.equal(move.after, `staircase [${after.join(', ')}]`);
  });
});

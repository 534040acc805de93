// Cram (server/src/engine/boards/cram*.ts) against an independent brute force, identities and the
// published values.
//
// The brute force here knows only the rules: a board is a string, a move fills two empty cells side
// by side or one above the other, the value is the mex of the options' values, remembered by the
// whole board's string; no regions, no symmetry, no table of the engine's. On a few hundred random
// boards of up to 12 empty cells it gives every value and every move to every value, which the
// engine must match exactly, with its shortcuts on and off. Identities: one row (or column) of n is
// Dawson's Kayles, checked against the repo's own octal engine (ruleSequence of 0.07); even×even
// rectangles are 0, by the theorem and by the search with the theorem off. Published values: the
// table of Piotr Beling's impartial-games README (github.com/beling/impartial-games), whose smaller
// entries it credits to Glop (Lemoine and Viennot) and Schneider's 2009 thesis.
import * as assert from 'node:assert/strict';
import { ruleSequence } from '../../../server/src/engine';
import {
  type CramBoard,
  CramMemo,
  type CramRules,
  cramOptions,
  cramValue,
  cramWinningMoves,
  SearchResults,
} from '../../../server/src/engine/boards/cram';
import { CramSearch } from '../../../server/src/engine/boards/cramSearch';
import { ShapeMaker } from '../../../server/src/engine/boards/cramShape';
import { integer, random } from '../oracles/random';

const board = (rows: readonly string[]): CramBoard => ({
  width: rows[0]?.length ?? 0,
  height: rows.length,
  empty: Uint8Array.from(rows.join(''), (ch) => (ch === '.' ? 1 : 0)),
});
const rectangle = (height: number, width: number) => board(Array.from({ length: height }, () => '.'.repeat(width)));
// No deadline: every search stops at its own limit of positions; only the test of an explicit time cap has one.
const soon = () => ({});
const OFF: CramRules = { mirror: false, paths: false, leaves: false };

// The brute force ----------------------------------------------------------------------------------

/** Every move of a board written as a string, width `width`, as [a, b] with a < b. */
function bruteMoves(cells: string, width: number): [number, number][] {
  const moves: [number, number][] = [];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== '.') continue;
    if ((i % width) + 1 < width && cells[i + 1] === '.') moves.push([i, i + 1]);
    if (i + width < cells.length && cells[i + width] === '.') moves.push([i, i + width]);
  }
  return moves;
}

const fill = (cells: string, [a, b]: [number, number]) =>
  `${cells.slice(0, a)}#${cells.slice(a + 1, b)}#${cells.slice(b + 1)}`;

/** The value by the rules alone, remembered by (width, board string). */
function bruteValue(cells: string, width: number, memo: Map<string, number>): number {
  const key = `${width}:${cells}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const reached = new Set(bruteMoves(cells, width).map((move) => bruteValue(fill(cells, move), width, memo)));
  let mex = 0;
  while (reached.has(mex)) mex++;
  memo.set(key, mex);
  return mex;
}

const asString = (b: CramBoard) => Array.from(b.empty, (e) => (e ? '.' : '#')).join('');

/** A random board of at most 12 empty cells, some of them in one region, some in several. */
function randomBoard(next: () => number): CramBoard {
  const height = integer(next, 1, 6);
  const width = integer(next, 1, 6);
  const empty = new Uint8Array(width * height);
  const wanted = Math.min(width * height, integer(next, 0, 12));
  for (let placed = 0; placed < wanted; ) {
    const i = integer(next, 0, empty.length - 1);
    if (!empty[i]) {
      empty[i] = 1;
      placed++;
    }
  }
  return { width, height, empty };
}

describe('Cram', () => {
  describe('against the brute force', () => {
    const memo = new Map<string, number>();
    const boards = (() => {
      const next = random(43);
      return Array.from({ length: 400 }, () => randomBoard(next));
    })();

    it('every value of 400 random boards, with the shortcuts on and off', () => {
      const shared = new SearchResults();
      for (const b of boards) {
        const expected = bruteValue(asString(b), b.width, memo);
        const on = cramValue(b, soon(), shared);
        assert.equal(on.value, expected, `${asString(b)} (${b.height}×${b.width})`);
        const off = cramValue(b, soon(), new SearchResults(), OFF);
        assert.equal(off.value, expected, `${asString(b)} (${b.height}×${b.width}), shortcuts off`);
        const parts = on.parts.reduce((x, part) => x ^ (part.value ?? Number.NaN), 0);
        assert.equal(parts, expected, 'the parts XOR to the value');
        assert.deepEqual(
          on.parts.flatMap((part) => part.cells).sort((x, y) => x - y),
          Array.from(b.empty.keys()).filter((i) => b.empty[i]),
          'the parts cover the empty cells',
        );
      }
    });

    it('every move, and every move to each value, of the same boards', () => {
      const shared = new SearchResults();
      let checked = 0;
      for (const b of boards) {
        const cells = asString(b);
        const moves = bruteMoves(cells, b.width);
        assert.deepEqual(
          cramOptions(b).map((move) => [...move.cells]),
          moves,
        );
        for (const move of cramOptions(b))
          assert.equal(asString(move.after), fill(cells, [...move.cells] as [number, number]));
        const values = moves.map((move) => bruteValue(fill(cells, move), b.width, memo));
        for (const target of [0, 1, 2, 3, 5]) {
          const expected = moves.filter((_, k) => values[k] === target);
          for (const [rules, memoOf] of [
            [{}, shared],
            [OFF, new SearchResults()],
          ] as const) {
            const found = cramWinningMoves(b, target, soon(), memoOf, rules);
            assert.ok(found.complete, found.reason);
            assert.deepEqual(found.moves, expected, `${cells} (${b.height}×${b.width}) to ${target}`);
            checked++;
          }
        }
      }
      assert.ok(checked >= 4000);
    });

    it('a search whose table passes its ceiling forgets, and stays right', () => {
      // The table is a search's own (cramValue makes one per region): asked here of one search directly.
      const rules = { paths: true, mirror: true, leaves: true };
      const maker = new ShapeMaker(rules);
      const shapeOf = (b: CramBoard) =>
        maker.make(
          Array.from({ length: b.height }, () => (1 << b.width) - 1),
          0,
          b.height,
          0,
          b.width,
        );
      const small = new CramMemo({ maxBytes: 2 ** 16 });
      assert.equal(new CramSearch(small, {}, rules, 1e9).value(shapeOf(rectangle(3, 9))), 1);
      assert.equal(new CramSearch(small, {}, rules, 1e9).value(shapeOf(rectangle(4, 5))), 2);
      assert.ok(small.bytes <= 2 ** 16, `${small.bytes} bytes`);
      const unbounded = new CramMemo();
      new CramSearch(unbounded, {}, rules, 1e9).value(shapeOf(rectangle(3, 9)));
      assert.ok(small.size < unbounded.size / 2, `${small.size} entries kept of ${unbounded.size}: it forgot`);
    });
  });

  describe('identities', () => {
    const dawson = ruleSequence({ kind: 'octal', digits: [0, 0, 7] }, {}, { stopAt: 200, findPeriod: false });

    it('one row of n, and one column, is octal 0.07 (the repo’s octal engine) for n ≤ 40: search and identity', () => {
      for (let n = 1; n <= 40; n++) {
        const expected = dawson.values[n];
        const row = board(['.'.repeat(n)]);
        const column = board(Array.from({ length: n }, () => '.'));
        assert.equal(cramValue(row, soon()).value, expected, `row of ${n}`);
        assert.equal(cramValue(row, soon(), new SearchResults(), OFF).value, expected, `row of ${n}, searched`);
        assert.equal(cramValue(column, soon(), new SearchResults(), OFF).value, expected, `column of ${n}, searched`);
      }
    });

    it('long rows and snakes by the identity, past the period (G(n + 34) = G(n) from n = 53)', () => {
      for (const n of [52, 53, 87, 200, 1001, 100_000]) {
        const expected = dawson.values[n <= 200 ? n : 53 + ((n - 53) % 34)];
        const a = cramValue({ width: n, height: 1, empty: new Uint8Array(n).fill(1) }, soon());
        assert.equal(a.value, expected, `row of ${n}`);
        assert.match(a.parts[0].why!, /Dawson's Kayles/);
      }
      // A snake: rows of 6 joined at alternate ends, no two cells touching out of turn.
      const snake = board(['......', '#####.', '......', '.#####', '......']);
      assert.equal(cramValue(snake, soon()).value, dawson.values[20]);
      assert.equal(cramValue(snake, soon(), new SearchResults(), OFF).value, dawson.values[20]);
    });

    it('even×even rectangles are 0: by the theorem, and by the search with it off', () => {
      for (const [h, w] of [
        [2, 2],
        [2, 4],
        [4, 4],
        [2, 6],
        [4, 6],
        [6, 6],
      ]) {
        const on = cramValue(rectangle(h, w), soon());
        assert.equal(on.value, 0);
        assert.match(on.theorem ?? '', /mirror strategy/, `${h}×${w}`);
        if (h * w > 24) continue; // 6×6 is the theorem's alone
        const off = cramValue(rectangle(h, w), soon(), new SearchResults(), { mirror: false });
        assert.equal(off.value, 0, `${h}×${w} searched`);
        assert.equal(off.theorem, undefined);
      }
    });

    it('the mirror theorem on shapes other than rectangles, and the contract’s example', () => {
      const ring = board(['.....', '.#.#.', '.....']); // symmetric, 3 × 5, centre filled
      assert.equal(cramValue(ring, soon()).value, 0);
      assert.equal(cramValue(ring, soon(), new SearchResults(), OFF).value, 0);
      // Symmetric but the middle cells touch their images: not the theorem's, and not 0.
      const bar = rectangle(3, 3);
      assert.equal(cramValue(bar, soon()).theorem, undefined);
      assert.equal(cramValue(board(['....', '.#..', '....']), soon()).value, 1);
    });
  });

  describe('published values', () => {
    /**
     * Beling's README (github.com/beling/impartial-games, "Cram (under the normal play convention)"),
     * rows × columns; it credits the smaller boards to Glop (Lemoine and Viennot) and most boards up
     * to 5×7 to Schneider's thesis (2009). Those this test computes quickly; the bench the rest.
     */
    const published: [number, number, number][] = [
      [4, 5, 2],
      [4, 6, 0],
      [4, 7, 3],
      [5, 5, 0],
      [5, 6, 2],
      [4, 8, 0],
      [5, 7, 1], // Schneider's record (2009)
    ];
    for (const [h, w, value] of published) {
      it(`${h}×${w} is ${value}`, () => {
        const results = new SearchResults();
        const a = cramValue(rectangle(h, w), soon(), results);
        assert.equal(a.value, value, a.reason);
        const searches = a.theorem ? 0 : 1;
        assert.equal(results.size, searches);
        // Turned, it is the same canonical region: its finished search is read, with the count it took.
        const turned = cramValue(rectangle(w, h), soon(), results);
        assert.deepEqual([turned.value, turned.positions], [value, a.positions], 'turned');
        if (!a.theorem) assert.deepEqual(turned.parts[0].why, a.parts[0].why);
        assert.equal(results.size, searches, 'not searched again');
      });
    }
  });

  describe('budgets and sizes', () => {
    it('refuses at once what the search cannot finish, with the reason', () => {
      const big = cramValue(rectangle(19, 19), soon());
      assert.equal(big.value, null);
      assert.equal(big.stop, 'size-limit');
      assert.match(big.reason!, /361 cells .* beyond the search/);
      const off = cramValue(rectangle(20, 20), soon(), undefined, { mirror: false });
      assert.equal(off.value, null);
      assert.match(off.reason!, /400 cells/);
      assert.deepEqual([big.positions, off.positions], [0, 0], 'refused before any search');
    });

    it('a 20×20 empty board is 0 by the theorem, at once; its winning moves (none) too', () => {
      const a = cramValue(rectangle(20, 20), soon());
      assert.equal(a.value, 0);
      assert.ok(a.theorem);
      assert.deepEqual(cramWinningMoves(rectangle(20, 20), 0, soon()), { moves: [], complete: true });
      const to1 = cramWinningMoves(rectangle(20, 20), 1, soon());
      assert.equal(to1.complete, false);
      assert.match(to1.reason!, /beyond the search/);
    });

    it('stops at an explicit deadline (the CLI’s --budget-ms) with the value unknown and why', () => {
      // A deadline already past: the search stops at its first look at the clock, on any machine.
      const a = cramValue(
        rectangle(8, 9),
        { deadline: Date.now() - 1 },
        undefined,
        {},
        { positions: 1e9, boardPositions: 1e9 },
      );
      assert.equal(a.value, null);
      assert.equal(a.stop, 'deadline');
      assert.match(a.reason!, /stopped after [\d,]+ positions: out of time/);
    });

    it('stops at its limit of positions, with the limit in the reason', () => {
      const limits = { positions: 1000, boardPositions: 1000 };
      const counted = cramValue(rectangle(7, 7), {}, undefined, {}, limits);
      assert.equal(counted.stop, 'work-limit');
      assert.equal(
        counted.reason,
        'the search stopped at its limit of 1,000 positions (a region of 49 cells (at cell 0) unknown)',
      );
      assert.equal(counted.positions, 1000);
      const moves = cramWinningMoves(rectangle(7, 7), 0, {}, undefined, {}, limits);
      assert.equal(moves.complete, false);
      assert.equal(moves.reason, counted.reason);
    });

    it('boards of 10^5 cells: read at once, answered or refused', () => {
      const square = rectangle(316, 317);
      const a = cramValue(square, soon());
      assert.equal(a.value, null);
      assert.match(a.reason!, /beyond the search/);
      assert.equal(a.positions, 0, 'refused before any search');
      const even = cramValue(rectangle(316, 318), soon());
      assert.equal(even.value, 0);
      const line = { width: 100_000, height: 1, empty: new Uint8Array(100_000).fill(1) };
      const moves = cramWinningMoves(line, 0, soon());
      assert.ok(moves.complete);
      assert.equal(cramOptions(square).length, 316 * 316 + 315 * 317);
    });

    it('a board with no empty cell is 0, with no theorem', () => {
      for (const b of [board(['##', '##']), { width: 0, height: 0, empty: new Uint8Array(0) }]) {
        const a = cramValue(b, soon());
        assert.deepEqual([a.value, a.theorem, a.parts], [0, undefined, []]);
        assert.deepEqual(cramWinningMoves(b, 0, soon()), { moves: [], complete: true });
      }
    });

    it('rejects a board whose cells do not match its size', () => {
      const a = cramValue({ width: 3, height: 2, empty: new Uint8Array(5) }, soon());
      assert.equal(a.value, null);
      assert.match(a.reason!, /needs 6 cells/);
    });
  });
});

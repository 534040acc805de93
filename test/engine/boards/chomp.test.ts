// Chomp (engine/boards/chomp.ts) against a brute force written here from the contract's words alone
// (plain recursion over the rules, memo by the board written out): every board inside 5 × 5, its
// value and every move to every target; the identities (rectangles are first-player wins, two rows
// are 0 exactly when the top one is shorter by one, an L is Nim on its arms); published results:
// - A. E. Brouwer, "The game of Chomp" (quoted in OEIS A147983): the P-positions [p, q, r] of
//   three-row Chomp with a top row r of 1 to 5, checked here for every p ≤ 100;
// - D. Gale (1974) reported every 3 × n board for n ≤ 100 to have exactly one winning opening move,
//   and E. Sheiner, "Unique winning opening move in three-row Chomp" (arXiv:2605.23837, 2026)
//   proved it for every n, the move never in the bottom row: checked for n = 2..100.
// And boards no search reaches (10^9 squares in a row, 10^5 rows), invalid ones, budgets, memory.
import * as assert from 'node:assert/strict';
import {
  brouwerThreeRows,
  CHOMP_MAX_LENGTH,
  type ChompBoard,
  ChompMemo,
  chompOptions,
  chompSearch,
  chompTranspose,
  chompValue,
  chompWinningMoves,
} from '../../../server/src/engine/boards/chomp';

// ---- the brute force: the rules as the contract writes them ----

/** The board after taking the square at (row, column), 1-based: rows from `row` up cut to column − 1. */
function bruteAfter(board: readonly number[], row: number, column: number): number[] {
  return board.map((length, i) => (i + 1 >= row ? Math.min(length, column - 1) : length)).filter((n) => n > 0);
}

function bruteMoves(board: readonly number[]): { row: number; column: number; after: number[] }[] {
  const moves: { row: number; column: number; after: number[] }[] = [];
  for (let row = 1; row <= board.length; row++)
    for (let column = 1; column <= board[row - 1]; column++)
      if (row > 1 || column > 1) moves.push({ row, column, after: bruteAfter(board, row, column) });
  return moves;
}

const bruteMemo = new Map<string, number>();
function brute(board: readonly number[]): number {
  const key = board.join(',');
  const known = bruteMemo.get(key);
  if (known !== undefined) return known;
  const seen = new Set(bruteMoves(board).map((move) => brute(move.after)));
  let value = 0;
  while (seen.has(value)) value++;
  bruteMemo.set(key, value);
  return value;
}

/** Every staircase with at most `rows` rows, each at most `columns` long. */
function boardsWithin(rows: number, columns: number): number[][] {
  const found: number[][] = [];
  const extend = (prefix: number[]) => {
    if (prefix.length > 0) found.push(prefix);
    if (prefix.length === rows) return;
    const top = prefix.length > 0 ? prefix[prefix.length - 1] : columns;
    for (let length = 1; length <= top; length++) extend([...prefix, length]);
  };
  extend([]);
  return found;
}

const rectangle = (rows: number, columns: number) => new Array<number>(rows).fill(columns);
const L = (row: number, column: number) => [row, ...new Array<number>(column).fill(1)];
const key = (moves: readonly { row: number; column: number }[]) =>
  moves
    .map((m) => `${m.row}:${m.column}`)
    .sort()
    .join(' ');

// ---- the tests ----

describe('Chomp against brute force', () => {
  const boards = boardsWithin(5, 5);

  it('every board inside 5 × 5 (251 boards): the value, with and without the theorems and the memo', () => {
    assert.equal(boards.length, 251);
    const memo = new ChompMemo();
    for (const board of boards) {
      const expected = brute(board);
      assert.equal(chompValue(board).value, expected, `chomp [${board}]`);
      assert.equal(chompValue(board, {}, memo).value, expected, `chomp [${board}], shared memo`);
      assert.equal(chompSearch(board).value, expected, `chomp [${board}] by search`);
    }
  });

  it('every board inside 5 × 5: every move to every target (0 and the nonzero ones)', () => {
    const memo = new ChompMemo();
    let checked = 0;
    for (const board of boards) {
      const options = bruteMoves(board).map((move) => ({ ...move, value: brute(move.after) }));
      const largest = Math.max(0, ...options.map((o) => o.value));
      for (let target = 0; target <= largest + 1; target++) {
        const expected = options.filter((o) => o.value === target);
        for (const found of [chompWinningMoves(board, target), chompWinningMoves(board, target, {}, memo)]) {
          assert.ok(found.complete, `chomp [${board}] → ${target}: ${found.reason}`);
          assert.equal(key(found.moves), key(expected), `chomp [${board}] → ${target}`);
        }
        checked++;
      }
    }
    assert.ok(checked > 1000, `${checked} board-target pairs`);
  });

  it('chompOptions gives every move and the board it leaves, as the rules do', () => {
    for (const board of boardsWithin(4, 6)) {
      const expected = bruteMoves(board).map((m) => `${m.row}:${m.column}=[${m.after}]`);
      const found = chompOptions(board).map((m) => `${m.row}:${m.column}=[${m.after}]`);
      assert.deepEqual(found.sort(), expected.sort(), `chomp [${board}]`);
    }
  });

  it('every board inside 7 × 7, 2 × 40, 3 × 16 and 12 × 3 by search agrees (one memo each)', () => {
    for (const [rows, columns] of [
      [7, 7],
      [2, 40],
      [3, 16],
      [12, 3],
    ]) {
      const memo = new ChompMemo();
      for (const board of boardsWithin(rows, columns))
        assert.equal(chompSearch(board, {}, memo).value, brute(board), `chomp [${board}]`);
    }
  });

  it('a board and its transpose (the same game mirrored) have the same value', () => {
    for (const board of boardsWithin(6, 6)) assert.equal(chompSearch(chompTranspose(board)).value, brute(board));
  });
});

describe('Chomp identities', () => {
  it("the contract's examples: [5, 3, 3, 1] is 1, [3, 2] is 0, [1] is 0", () => {
    assert.equal(chompValue([5, 3, 3, 1]).value, 1);
    assert.equal(chompSearch([5, 3, 3, 1]).value, 1);
    assert.equal(chompValue([3, 2]).value, 0);
    assert.equal(chompSearch([3, 2]).value, 0);
    assert.equal(chompValue([1]).value, 0);
  });

  it('every rectangle up to 10 × 10 but 1 × 1 is nonzero (strategy stealing), with a winning move', () => {
    const shared = new ChompMemo();
    assert.equal(chompSearch(rectangle(10, 10), {}, shared).value, 19);
    for (let rows = 1; rows <= 10; rows++)
      for (let columns = 1; columns <= 10; columns++) {
        if (rows === 1 && columns === 1) continue;
        const board = rectangle(rows, columns);
        const alone = chompSearch(board);
        assert.ok(alone.value !== null && alone.value > 0, `${rows} × ${columns}: ${alone.value}`);
        assert.equal(chompValue(board, {}, shared).value, alone.value, `${rows} × ${columns} from the 10 × 10 table`);
        const winning = chompWinningMoves(board, 0, {}, shared);
        assert.ok(winning.complete && winning.moves.length > 0, `${rows} × ${columns} has a winning move`);
        // A square's move at (2, 2) leaves the L with equal arms.
        if (rows === columns) assert.ok(key(winning.moves).split(' ').includes('2:2'), `${rows} × ${columns}`);
      }
  });

  it('two rows [a, a − 1] are 0 and [a, b] with b ≠ a − 1 are not, for a ≤ 50 (by search and by theorem)', () => {
    const memo = new ChompMemo();
    chompSearch([50, 50], {}, memo);
    for (let a = 1; a <= 50; a++)
      for (let b = 0; b <= a; b++) {
        const board = b === 0 ? [a] : [a, b];
        const searched = chompSearch(board, {}, memo).value!;
        assert.equal(searched === 0, b === a - 1, `[${board}] by search: ${searched}`);
        assert.equal(chompValue(board).value === 0, b === a - 1, `[${board}]`);
      }
    assert.ok(chompValue([50, 49]).theorem);
  });

  it('an L is Nim on its arms: [a, 1 × k] is (a − 1) ⊕ k, 0 with equal arms; rows and columns alone', () => {
    for (let a = 1; a <= 14; a++)
      for (let k = 0; k <= 14; k++) {
        const board = L(a, k);
        assert.equal(chompSearch(board).value, (a - 1) ^ k, `[${board}] by search`);
        assert.equal(chompValue(board).value, (a - 1) ^ k, `[${board}]`);
      }
    for (let n = 1; n <= 60; n++) {
      assert.equal(chompSearch([n]).value, n - 1, `a row of ${n}`);
      assert.equal(chompSearch(new Array<number>(n).fill(1)).value, n - 1, `a column of ${n}`);
      assert.equal(chompValue(L(n, n - 1)).value, 0, `the L with equal arms ${n - 1}`);
    }
  });

  it('a board as tall as it is wide has the winning move (2, 2), to the L with equal arms', () => {
    for (const board of boardsWithin(7, 7))
      if (board.length === board[0] && board[1] >= 2)
        assert.ok(key(chompWinningMoves(board, 0).moves).split(' ').includes('2:2'), `[${board}]`);
  });
});

describe('Chomp: published results', () => {
  // Brouwer's P-positions (p, q, r) of three-row Chomp (row lengths from the bottom), r = 1..5.
  const brouwer = (p: number, q: number, r: number): boolean => {
    const listed: Record<number, [number, number][]> = {
      1: [
        [3, 1],
        [2, 2],
      ],
      3: [
        [6, 3],
        [7, 4],
        [5, 5],
      ],
      4: [
        [8, 4],
        [9, 5],
        [10, 6],
        [7, 7],
      ],
      5: [
        [10, 5],
        [9, 6],
      ],
    };
    if (r === 2) return p === q + 2;
    if (r === 5 && q >= 7 && p === q + 4) return true; // (a + 11, a + 7, 5) for a ≥ 0
    return (listed[r] ?? []).some(([x, y]) => x === p && y === q);
  };
  const memo = new ChompMemo();

  it('the three-row P-positions with a top row of 1 to 5 are Brouwer’s, for every bottom row up to 100', () => {
    const found = chompSearch(rectangle(3, 100), {}, memo);
    assert.equal(found.positions, 176_850, 'C(103, 3) − 1 staircases inside 3 × 100');
    let zeros = 0;
    for (let r = 1; r <= 5; r++)
      for (let q = r; q <= 100; q++)
        for (let p = q; p <= 100; p++) {
          const value = chompSearch([p, q, r], {}, memo).value;
          assert.equal(value === 0, brouwer(p, q, r), `[${p}, ${q}, ${r}]: ${value}`);
          assert.equal(brouwerThreeRows(p, q, r), brouwer(p, q, r), `the engine's list at [${p}, ${q}, ${r}]`);
          if (value === 0) zeros++;
        }
    assert.equal(zeros, 2 + 97 + 3 + 4 + 2 + 90);
  });

  it('every 3 × n board, 2 ≤ n ≤ 100, has exactly one winning opening move, never in the bottom row', () => {
    for (let n = 2; n <= 100; n++) {
      const winning = chompWinningMoves(rectangle(3, n), 0, {}, memo);
      assert.ok(winning.complete, winning.reason);
      assert.equal(winning.moves.length, 1, `3 × ${n}: ${key(winning.moves)}`);
      assert.notEqual(winning.moves[0].row, 1, `3 × ${n}`);
    }
  });
});

describe('Chomp: boards out of reach, invalid boards, budgets and memory', () => {
  it('[10^9, 5] stops at once: value unknown, nonzero by the two-row theorem, with its move to 0', () => {
    const found = chompValue([1e9, 5]);
    assert.equal(found.value, null);
    assert.equal(found.nonzero, true);
    assert.match(found.reason!, /squares/);
    assert.equal(found.positions, 0, 'refused before any search');
    assert.deepEqual(chompWinningMoves([1e9, 5], 0), { moves: [{ row: 1, column: 7 }], complete: true });
    assert.equal(chompValue([1e9, 1e9 - 1]).value, 0);
  });

  it('10^5 rows: an L by its theorem, a rectangle refused with a reason before any search', () => {
    assert.equal(chompValue(L(100_000, 99_999)).value, 0);
    assert.equal(chompValue(L(100_000, 5)).value, 99_999 ^ 5);
    const tall = chompValue(rectangle(100_000, 3));
    assert.equal(tall.value, null);
    assert.equal(tall.stop, 'work-limit');
    assert.match(tall.reason!, /more than [\d,]+ (positions below it|moves)/);
    assert.equal(tall.nonzero, true);
    assert.equal(tall.positions, 0);
    const wide = chompValue([100_000, ...rectangle(99_999, 2)]);
    assert.equal(wide.value, null);
    assert.equal(wide.positions, 0);
  });

  it('rows up to 2^53 − 1 are taken (an L exactly, by BigInt), longer or invalid ones refused with a reason', () => {
    const huge = CHOMP_MAX_LENGTH;
    assert.equal(chompValue([huge, 1, 1, 1]).value, Number(BigInt(huge - 1) ^ 3n));
    assert.deepEqual(chompWinningMoves([huge, 1, 1], 0).moves, [{ row: 1, column: 4 }]);
    for (const board of [[huge + 1], [2 ** 60, 3], [3, 4], [0], [], [1.5], [2, -1], [Number.NaN]]) {
      const found = chompValue(board);
      assert.equal(found.value, null, `[${board}]`);
      assert.ok(found.reason && found.stop === undefined, `[${board}]: ${found.reason}`);
      assert.equal(chompWinningMoves(board, 0).complete, false);
    }
    assert.throws(() => chompOptions([1e9, 5]), RangeError);
  });

  it('three rows out of reach are answered by Brouwer’s list where it speaks', () => {
    const p = 1e9;
    assert.equal(chompValue([p, p - 2, 2]).value, 0);
    assert.equal(chompValue([p + 11, p + 7, 5]).value, 0);
    const other = chompValue([p, p - 3, 2]);
    assert.equal(other.value, null);
    assert.equal(other.nonzero, true);
    assert.equal(chompValue([p, p - 3, 6]).nonzero, undefined);
  });

  it('the user’s cancel (or an explicit deadline) stops the search; the next call goes on where it stopped', () => {
    const board = rectangle(8, 8);
    const expected = chompSearch(board).value;
    assert.equal(chompValue(board, { deadline: Date.now() - 1 }).stop, 'deadline');
    assert.equal(chompValue(board, { isCancelled: () => true }).stop, 'cancelled');
    const memo = new ChompMemo();
    let calls = 0;
    let found: ReturnType<typeof chompValue>;
    do {
      // Cancelled at its third look (every 4096 squares of work).
      let looks = 0;
      found = chompValue(board, { isCancelled: () => ++looks > 2 }, memo);
      calls++;
      if (found.value === null) {
        assert.equal(found.stop, 'cancelled');
        assert.match(found.reason!, /stopped after/);
      }
    } while (found.value === null && calls < 1000);
    assert.equal(found.value, expected);
    assert.ok(calls > 10, `${calls} calls`);
    assert.equal(found.positions, 12_869, 'its own count, however it was reached');
    // A stopped table already answers the positions ranked before its place.
    const partial = new ChompMemo();
    let looks = 0;
    chompValue(board, { isCancelled: () => ++looks > 10 }, partial);
    assert.equal(chompValue([2, 2], { isCancelled: () => true }, partial).value, brute([2, 2]));
  });

  it('the memo keeps under its ceiling, and a board past it is refused rather than computed', () => {
    const memo = new ChompMemo(400_000);
    for (let n = 2; n <= 10; n++) {
      assert.equal(chompValue(rectangle(n, n), {}, memo).value !== null, true);
      assert.ok(memo.bytes <= memo.maxBytes, `${memo.bytes} bytes`);
    }
    const refused = chompValue(rectangle(11, 11), {}, memo);
    assert.equal(refused.stop, 'size-limit');
    assert.equal(refused.nonzero, true);
    assert.equal(chompValue(rectangle(9, 7), {}, memo).value, chompSearch(rectangle(9, 7)).value);
  });
});

// The brute force itself, on what the contract says.
describe('Chomp brute force (the oracle itself)', () => {
  it('agrees with the contract and hand counts', () => {
    assert.equal(brute([5, 3, 3, 1]), 1);
    assert.equal(brute([3, 2]), 0);
    assert.deepEqual(
      bruteMoves([2, 1]).map((m) => m.after),
      [[1, 1], [2]],
    );
    const board: ChompBoard = [3, 3];
    assert.equal(brute(board) > 0, true);
  });
});

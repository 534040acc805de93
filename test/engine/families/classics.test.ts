// The classics from the seeds, engine side (issue 13): Wythoff's game, the leftmost-pile game and
// word games, each against an independent oracle: plain search over positions, the greedy
// construction of the Beatty pairs, exact integer inequalities for ⌊kφ⌋.
import * as assert from 'node:assert/strict';
import { leftmostMovesTo, leftmostNimber } from '../../../server/src/engine/families/leftmost';
import { wordMoveLeaves, wordMovesTo, wordPiece, wordPieceValues } from '../../../server/src/engine/families/words';
import {
  isqrt,
  isWythoffP,
  lowerWythoff,
  wythoffMovesTo,
  wythoffNimber,
  wythoffPartner,
  wythoffTable,
  wythoffWinningMoves,
} from '../../../server/src/engine/families/wythoff';
import { mex } from '../oracles/oracles';
import { random } from '../oracles/random';

describe('classics: integer square roots and the Beatty pairs', () => {
  it('isqrt is exact, on small numbers and around big squares', () => {
    for (let n = 0; n < 10_000; n++) assert.equal(isqrt(BigInt(n)), BigInt(Math.floor(Math.sqrt(n))), `isqrt(${n})`);
    const next = random(41);
    for (let t = 0; t < 200; t++) {
      const r = BigInt(Math.floor(next() * 1e15)) * 10n ** BigInt(Math.floor(next() * 40)) + 1n;
      assert.equal(isqrt(r * r), r);
      assert.equal(isqrt(r * r - 1n), r - 1n);
      assert.equal(isqrt(r * r + 2n * r), r); // (r + 1)² − 1
    }
  });

  it('A(k) = ⌊kφ⌋ matches the greedy construction of Wythoff pairs for k ≤ 5,000', () => {
    // A(k) is the least positive integer not yet used by A(1..k−1) or B(1..k−1); B(k) = A(k) + k.
    const used = new Set<number>();
    let candidate = 1;
    for (let k = 1; k <= 5000; k++) {
      while (used.has(candidate)) candidate++;
      const a = candidate;
      used.add(a);
      used.add(a + k);
      assert.equal(lowerWythoff(BigInt(k)), BigInt(a), `A(${k})`);
    }
  });

  it('A(k) satisfies A(k) < kφ < A(k) + 1 exactly, for k up to 10^40 (integer inequalities, no φ)', () => {
    const next = random(43);
    for (let t = 0; t < 300; t++) {
      const k = BigInt(Math.floor(next() * 1e15)) * 10n ** BigInt(Math.floor(next() * 26)) + BigInt(t + 1);
      const a = lowerWythoff(k);
      // kφ = (k + k√5)/2, so A < kφ < A + 1 ⇔ 2A − k < k√5 < 2A + 2 − k ⇔ squares, both sides positive.
      assert.ok(
        2n * a - k >= 0n && (2n * a - k) ** 2n < 5n * k * k && 5n * k * k < (2n * a + 2n - k) ** 2n,
        `k = ${k}`,
      );
    }
  });

  it('every heap size has one partner, each pair found from both ends', () => {
    for (let x = 0n; x < 3000n; x++) {
      const { partner } = wythoffPartner(x);
      assert.equal(wythoffPartner(partner).partner, x, `partner of partner of ${x}`);
    }
    const k = 10n ** 30n + 7n;
    const a = lowerWythoff(k);
    assert.deepEqual(wythoffPartner(a), { partner: a + k, k, lower: true });
    assert.deepEqual(wythoffPartner(a + k), { partner: a, k, lower: false });
  });
});

describe("classics: Wythoff's game", () => {
  /** G(a, b) by the definition: mex over every option. */
  function plainTable(n: number): number[][] {
    const g: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(n + 1).fill(0));
    for (let a = 0; a <= n; a++) {
      for (let b = 0; b <= n; b++) {
        const options: number[] = [];
        for (let i = 0; i < a; i++) options.push(g[i][b]);
        for (let j = 0; j < b; j++) options.push(g[a][j]);
        for (let t = 1; t <= Math.min(a, b); t++) options.push(g[a - t][b - t]);
        g[a][b] = mex(options);
      }
    }
    return g;
  }

  it('the table agrees with the plain definition up to 40 × 40', () => {
    const plain = plainTable(40);
    const table = wythoffTable(40);
    assert.equal(table.size, 40);
    for (let a = 0; a <= 40; a++)
      for (let b = 0; b <= 40; b++)
        assert.equal(wythoffNimber(table, BigInt(a), BigInt(b)), plain[a][b], `G(${a}, ${b})`);
  });

  it('its zeros are the Beatty pairs, up to 300 × 300; the contract: (3, 5), (1, 2) are 0, (4, 4) is 7', () => {
    const table = wythoffTable(300);
    for (let a = 0n; a <= 300n; a++)
      for (let b = 0n; b <= 300n; b++) assert.equal(wythoffNimber(table, a, b) === 0, isWythoffP(a, b), `(${a}, ${b})`);
    assert.equal(wythoffNimber(table, 3n, 5n), 0);
    assert.equal(wythoffNimber(table, 1n, 2n), 0);
    assert.equal(wythoffNimber(table, 4n, 4n), 7);
  });

  it('winning moves: exactly the options that are P-positions, for every position up to 60 × 60', () => {
    for (let a = 0n; a <= 60n; a++) {
      for (let b = 0n; b <= 60n; b++) {
        const expected: string[] = [];
        for (let i = 0n; i < a; i++) if (isWythoffP(i, b)) expected.push(`${i},${b}`);
        for (let j = 0n; j < b; j++) if (isWythoffP(a, j)) expected.push(`${a},${j}`);
        for (let t = 1n; t <= (a < b ? a : b); t++) if (isWythoffP(a - t, b - t)) expected.push(`${a - t},${b - t}`);
        const found = wythoffWinningMoves(a, b).map((m) => m.to.join(','));
        assert.deepEqual(found.sort(), expected.sort(), `(${a}, ${b})`);
      }
    }
  });

  it('heaps of any size: every winning move reaches a P-position, and a P-position has none', () => {
    const next = random(47);
    for (let t = 0; t < 200; t++) {
      const a = BigInt(Math.floor(next() * 1e15)) * 10n ** BigInt(Math.floor(next() * 20));
      const b = BigInt(Math.floor(next() * 1e15)) * 10n ** BigInt(Math.floor(next() * 20));
      const moves = wythoffWinningMoves(a, b);
      if (isWythoffP(a, b)) assert.equal(moves.length, 0);
      else assert.ok(moves.length > 0, `(${a}, ${b}) is an N-position: it has a winning move`);
      for (const { to } of moves) {
        assert.ok(isWythoffP(to[0], to[1]), `${to} is P`);
        const [da, db] = [a - to[0], b - to[1]];
        assert.ok((da > 0n && db === 0n) || (da === 0n && db > 0n) || (da > 0n && da === db), 'a legal move');
      }
    }
  });

  it('moves to a given nimber, from the table, against the plain options', () => {
    const table = wythoffTable(30);
    const plain = plainTable(30);
    for (let a = 0; a <= 30; a++) {
      for (let b = 0; b <= 30; b++) {
        const target = plain[a][b] ^ 5;
        const expected: string[] = [];
        for (let i = 0; i < a; i++) if (plain[i][b] === target) expected.push(`${i},${b}`);
        for (let j = 0; j < b; j++) if (plain[a][j] === target) expected.push(`${a},${j}`);
        for (let t = 1; t <= Math.min(a, b); t++)
          if (plain[a - t][b - t] === target) expected.push(`${a - t},${b - t}`);
        assert.deepEqual(
          wythoffMovesTo(table, BigInt(a), BigInt(b), target)
            .map((m) => m.to.join(','))
            .sort(),
          expected.sort(),
        );
      }
    }
  });

  it('a budget stops the table at a complete square and says why', () => {
    let polls = 0;
    const table = wythoffTable(2000, { isCancelled: () => ++polls > 3 });
    assert.equal(table.stop, 'cancelled');
    assert.ok(table.size < 2000);
    const plain = plainTable(Math.min(table.size, 25));
    for (let a = 0; a <= Math.min(table.size, 25); a++)
      for (let b = 0; b <= Math.min(table.size, 25); b++)
        assert.equal(wythoffNimber(table, BigInt(a), BigInt(b)), plain[a][b]);
  });
});

describe('classics: the leftmost-pile game', () => {
  /** G(row) by search: mex over every move of the leftmost non-empty pile. */
  function searchNimber(row: number[], memo = new Map<string, number>()): number {
    const key = row.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    const first = row.findIndex((a) => a > 0);
    const options: number[] = [];
    if (first >= 0)
      for (let to = 0; to < row[first]; to++)
        options.push(
          searchNimber(
            row.map((a, i) => (i === first ? to : a)),
            memo,
          ),
        );
    const g = mex(options);
    memo.set(key, g);
    return g;
  }

  it('the recurrence agrees with search up to 4 piles of up to 5; the contract: [1, 2] is 0, [3, 0, 1] is 3', () => {
    const memo = new Map<string, number>();
    const rows: number[][] = [[]];
    for (let length = 1; length <= 4; length++) {
      const count = 6 ** length;
      for (let code = 0; code < count; code++)
        rows.push(Array.from({ length }, (_, i) => Math.floor(code / 6 ** i) % 6));
    }
    for (const row of rows) {
      const big = row.map(BigInt);
      const g = searchNimber(row, memo);
      assert.equal(leftmostNimber(big), BigInt(g), `[${row}]`);
      for (let target = 0; target < 8; target++) {
        const first = row.findIndex((a) => a > 0);
        const expected: number[] = [];
        if (first >= 0)
          for (let to = 0; to < row[first]; to++)
            if (
              searchNimber(
                row.map((a, i) => (i === first ? to : a)),
                memo,
              ) === target
            )
              expected.push(to);
        assert.deepEqual(
          leftmostMovesTo(big, BigInt(target))
            .map((m) => Number(m.to))
            .sort((x, y) => x - y),
          expected,
          `[${row}] to ${target}`,
        );
      }
    }
    assert.equal(leftmostNimber([1n, 2n]), 0n);
    assert.equal(leftmostNimber([3n, 0n, 1n]), 3n);
  });

  it('piles of any size, in time linear in the row', () => {
    const row = Array.from({ length: 100_000 }, (_, i) => 10n ** 30n + BigInt(i % 7));
    const g = leftmostNimber(row);
    const moves = leftmostMovesTo(row, 0n);
    for (const m of moves) assert.equal(leftmostNimber(row.map((a, i) => (i === m.pile ? m.to : a))), 0n);
    assert.ok(g > 0n ? moves.length > 0 : moves.length === 0);
  });
});

describe('classics: word games', () => {
  /** A position is a list of pieces; its nimber by search over every deletion in every piece (no XOR rule). */
  function searchNimber(pieces: string[], words: string[], memo: Map<string, number>): number {
    const sorted = pieces.filter((p) => p.length > 0).sort();
    const key = sorted.join('|');
    const known = memo.get(key);
    if (known !== undefined) return known;
    const options: number[] = [];
    sorted.forEach((piece, index) => {
      const points = [...piece];
      for (let p = 0; p < points.length; p++) {
        for (const word of words) {
          const w = [...word];
          if (points.slice(p, p + w.length).join('') !== word) continue;
          const rest = [
            ...sorted.slice(0, index),
            ...sorted.slice(index + 1),
            points.slice(0, p).join(''),
            points.slice(p + w.length).join(''),
          ];
          options.push(searchNimber(rest, words, memo));
        }
      }
    });
    const g = mex(options);
    memo.set(key, g);
    return g;
  }

  it('the contract: {"ab", "ba", "c"} on "abcab" has nimber 1', () => {
    const values = wordPieceValues(wordPiece('abcab', ['ab', 'ba', 'c']));
    assert.equal(values.nimber, 1);
  });

  it('interval DP agrees with search on 400 random dictionaries and strings; winning moves exactly right', () => {
    const next = random(53);
    const letters = 'abc';
    const word = (max: number) =>
      Array.from({ length: 1 + Math.floor(next() * max) }, () => letters[Math.floor(next() * letters.length)]).join('');
    for (let t = 0; t < 400; t++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => word(3));
      const text = Array.from(
        { length: Math.floor(next() * 9) },
        () => letters[Math.floor(next() * letters.length)],
      ).join('');
      const memo = new Map<string, number>();
      const values = wordPieceValues(wordPiece(text, words));
      const g = searchNimber([text], words, memo);
      assert.equal(values.nimber, g, `"${text}" with {${words}}`);
      for (const target of [0, 1, 2]) {
        const found = wordMovesTo(values, target).map((m) => wordMoveLeaves(values.piece, m).join('|'));
        // Every deletion whose two pieces, played together, have value `target`.
        const expected: string[] = [];
        const points = [...text];
        for (let p = 0; p < points.length; p++) {
          for (const w of new Set(words)) {
            if (points.slice(p, p + w.length).join('') !== w) continue;
            const left = points.slice(0, p).join('');
            const right = points.slice(p + w.length).join('');
            if (searchNimber([left, right], words, memo) === target) expected.push(`${left}|${right}`);
          }
        }
        assert.deepEqual(found.sort(), expected.sort(), `"${text}" with {${words}} to ${target}`);
      }
    }
  });

  it('characters are code points: an emoji is one character', () => {
    const piece = wordPiece('😀a😀', ['😀']);
    assert.deepEqual(piece.occurrences, [[1], [], [1]]);
    const values = wordPieceValues(piece);
    assert.equal(values.nimber, 0); // two independent deletions: *1 ⊕ *1
    assert.deepEqual(wordMoveLeaves(piece, { start: 2, length: 1 }), ['😀a', '']);
  });

  it('a piece of 500 characters with 50 words is computed, and a budget stops a long one with a reason', () => {
    const next = random(59);
    const letters = 'abcd';
    const words = Array.from({ length: 50 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => letters[Math.floor(next() * 4)]).join(''),
    );
    const text = Array.from({ length: 500 }, () => letters[Math.floor(next() * 4)]).join('');
    const values = wordPieceValues(wordPiece(text, words));
    assert.ok(values.nimber !== null);
    // Each winning move leaves two pieces whose values XOR to 0.
    for (const move of wordMovesTo(values, 0)) {
      const [left, right] = wordMoveLeaves(values.piece, move);
      assert.equal(
        (wordPieceValues(wordPiece(left, words)).nimber ?? -1) ^
          (wordPieceValues(wordPiece(right, words)).nimber ?? -1),
        0,
      );
    }
    let polls = 0;
    const stopped = wordPieceValues(wordPiece(text, words), { isCancelled: () => ++polls > 2 });
    assert.equal(stopped.nimber, null);
    assert.equal(stopped.stop, 'cancelled');
    assert.match(stopped.reason ?? '', /stopped at pieces of \d+ characters/);
  });
});

// Wythoff's nimber table (engine/families/wythoff.ts): the bit-set mex against a brute force written
// here (a plain mex over every option), the table grown in place in the engine cache against the
// table from nothing, growths cancelled and resumed, and what is known of the values: the P-positions
// are (0, 0) and the Beatty pairs (built here greedily, not by the engine's formula), G(0, b) = b,
// G(1, b) runs 1, 2, 0, 4, 5, 3, …, and G(a, b) ≤ a + b (the bound the bit sets are sized by).
import * as assert from 'node:assert/strict';
import { createEngineCache, type EngineCache } from '../../../server/src/engine/components';
import {
  grownWythoffTable,
  MAX_WYTHOFF_TABLE,
  wythoffFamily,
  wythoffNimber,
  wythoffTable,
} from '../../../server/src/engine/families/wythoff';
import type { Budget, WythoffTable } from '../../../server/src/engine/types';

/** G(a, b) for a, b ≤ n by the definition: the mex of the values of every option, each option listed. */
function bruteForce(n: number): number[][] {
  const g: number[][] = [];
  for (let a = 0; a <= n; a++) {
    g.push([]);
    for (let b = 0; b <= n; b++) {
      const options = new Set<number>();
      for (let i = 0; i < a; i++) options.add(g[i][b]);
      for (let j = 0; j < b; j++) options.add(g[a][j]);
      for (let t = 1; t <= Math.min(a, b); t++) options.add(g[a - t][b - t]);
      let mex = 0;
      while (options.has(mex)) mex++;
      g[a].push(mex);
    }
  }
  return g;
}

/**
 * The P-positions' pairs (A(k), B(k)) for k ≥ 1 while A(k) ≤ n: A(k) the least positive integer
 * not used yet, B(k) = A(k) + k.
 */
function beattyPairs(n: number): [number, number][] {
  const used = new Set<number>();
  const pairs: [number, number][] = [];
  let candidate = 1;
  for (let k = 1; ; k++) {
    while (used.has(candidate)) candidate++;
    if (candidate > n) return pairs;
    used.add(candidate);
    used.add(candidate + k);
    pairs.push([candidate, candidate + k]);
  }
}

/** The square of side size + 1 at the top left of a table (the table itself when it is that size). */
function square(table: WythoffTable, size: number): Uint16Array {
  const out = new Uint16Array((size + 1) * (size + 1));
  for (let a = 0; a <= size; a++)
    out.set(table.values.subarray(a * (table.size + 1), a * (table.size + 1) + size + 1), a * (size + 1));
  return out;
}

/** The first cell where two tables of the same size differ, or undefined. */
function firstDifference(x: WythoffTable, y: WythoffTable): string | undefined {
  assert.equal(x.size, y.size, 'sizes');
  for (let i = 0; i < x.values.length; i++)
    if (x.values[i] !== y.values[i]) {
      const [a, b] = [Math.floor(i / (x.size + 1)), i % (x.size + 1)];
      return `G(${a}, ${b}): ${x.values[i]} against ${y.values[i]}`;
    }
  return undefined;
}

/** A budget whose isCancelled turns true at its `after`-th call and stays true. */
function cancelledAfter(after: number): Budget & { calls: () => number } {
  let calls = 0;
  return { isCancelled: () => ++calls >= after, calls: () => calls };
}

const fresh300 = wythoffTable(300);

describe('Wythoff: the nimber table', () => {
  it('equals a brute force over every option, for every position up to 60 × 60', () => {
    const plain = bruteForce(60);
    const table = wythoffTable(60);
    assert.equal(table.size, 60);
    assert.equal(table.stop, undefined);
    assert.equal(table.values.length, 61 * 61);
    for (let a = 0; a <= 60; a++)
      for (let b = 0; b <= 60; b++) assert.equal(table.values[a * 61 + b], plain[a][b], `G(${a}, ${b})`);
    // The engine cache's table (grown to 64 at least) holds the same values.
    const cache = createEngineCache();
    const { table: cached } = grownWythoffTable(cache, 60);
    assert.ok(cached && cached.size >= 60);
    for (let a = 0; a <= 60; a++)
      for (let b = 0; b <= 60; b++)
        assert.equal(wythoffNimber(cached, BigInt(a), BigInt(b)), plain[a][b], `cached G(${a}, ${b})`);
  });

  it('tables of every small size agree with the brute force (the layouts of each size, 0 to 40)', () => {
    const plain = bruteForce(40);
    for (let n = 0; n <= 40; n++) {
      const table = wythoffTable(n);
      assert.equal(table.size, n);
      for (let a = 0; a <= n; a++)
        for (let b = 0; b <= n; b++)
          assert.equal(table.values[a * (n + 1) + b], plain[a][b], `n = ${n}: G(${a}, ${b})`);
    }
  });

  it('grown in place 64 → 128 → 300 equals the table computed at 300 from nothing', () => {
    const cache = createEngineCache();
    for (const size of [64, 128, 300]) {
      const { table, cancelled } = grownWythoffTable(cache, size);
      assert.equal(cancelled, false);
      assert.equal(table?.size, size, `grown to ${size}`);
      assert.equal(cache.wythoff, table, 'the cache holds it');
      assert.equal(firstDifference(table!, { size, values: square(fresh300, size) }), undefined);
    }
    assert.equal(firstDifference(cache.wythoff!, fresh300), undefined);
  });

  it('a table big enough already is not grown; a larger heap doubles it (at least 64)', () => {
    const cache = createEngineCache();
    assert.equal(grownWythoffTable(cache, 3).table?.size, 64);
    const first = cache.wythoff;
    assert.equal(grownWythoffTable(cache, 50).table, first, 'the same table');
    assert.equal(grownWythoffTable(cache, 65).table?.size, 128);
    assert.equal(grownWythoffTable(cache, 500).table?.size, 500);
    assert.equal(grownWythoffTable(cache, 501).table?.size, 1000);
  });

  it('a growth cancelled midway keeps what it had, and resumed gives the table uninterrupted', () => {
    // Cancelled at many points of the growth 64 → 300: among the rows that extend the old square
    // (a ≤ 64), among the new rows, and at once.
    for (const after of [1, 2, 30, 65, 66, 67, 150, 300]) {
      const cache = createEngineCache();
      grownWythoffTable(cache, 64);
      const before = cache.wythoff!;
      const budget = cancelledAfter(after);
      const stopped = grownWythoffTable(cache, 300, budget);
      assert.equal(stopped.cancelled, true, `cancelled at call ${after}`);
      assert.equal(budget.calls(), after, 'no call after the one that said stop');
      assert.equal(stopped.table?.size, 64, 'the complete table it had');
      assert.equal(firstDifference(stopped.table!, { size: 64, values: square(fresh300, 64) }), undefined);
      assert.equal(cache.wythoff, before);
      // Resumed: the rows already done are not done again (fewer polls than a whole growth's 301).
      const resume = cancelledAfter(Number.POSITIVE_INFINITY);
      const resumed = grownWythoffTable(cache, 300, resume);
      assert.equal(resumed.cancelled, false);
      assert.equal(resume.calls(), 301 - (after - 1), `resumed at row ${after - 1}`);
      assert.equal(firstDifference(resumed.table!, fresh300), undefined, `cancelled at call ${after}`);
    }
  });

  it('a growth cancelled several times, from nothing, each time resumed, ends as the uninterrupted one', () => {
    const cache = createEngineCache();
    for (let round = 0; round < 20; round++) {
      const { cancelled, table } = grownWythoffTable(cache, 300, cancelledAfter(20));
      if (!cancelled) break;
      assert.ok(table && table.size < 300);
    }
    const { table } = grownWythoffTable(cache, 300);
    assert.equal(firstDifference(table!, fresh300), undefined);
  });

  it('a growth under way is finished before a larger one starts, and both equal the uninterrupted table', () => {
    const cache = createEngineCache();
    grownWythoffTable(cache, 100);
    assert.equal(grownWythoffTable(cache, 150, cancelledAfter(120)).cancelled, true);
    const { table } = grownWythoffTable(cache, 300);
    assert.equal(table?.size, 300);
    assert.equal(firstDifference(table!, fresh300), undefined);
  });

  it('wythoffTable: only a cancellation stops it, never the clock, and then at a complete square', () => {
    const late = wythoffTable(400, { deadline: Date.now() - 1000, maxValues: 1 });
    assert.equal(late.size, 400);
    assert.equal(late.stop, undefined);
    const cancelled = wythoffTable(300, cancelledAfter(101));
    assert.equal(cancelled.stop, 'cancelled');
    assert.equal(cancelled.size, 99, 'rows 0..99 were done');
    assert.equal(firstDifference(cancelled, { size: 99, values: square(fresh300, 99) }), undefined);
    assert.equal(wythoffTable(300, cancelledAfter(1)).size, -1);
    assert.equal(wythoffTable(MAX_WYTHOFF_TABLE + 1000, cancelledAfter(3)).stop, 'cancelled');
  });

  it('the P-positions up to 1,000: G = 0 exactly at (0, 0) and the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋)', () => {
    const table = wythoffTable(1000);
    const zeros = new Set(['0,0']);
    for (const [x, y] of beattyPairs(1000)) {
      zeros.add(`${x},${y}`);
      zeros.add(`${y},${x}`);
    }
    // The greedy pairs are (⌊kφ⌋, ⌊kφ²⌋) (in doubles: kφ is far enough from an integer for k this small).
    const phi = (1 + Math.sqrt(5)) / 2;
    beattyPairs(1000).forEach(([x, y], i) => {
      assert.equal(x, Math.floor((i + 1) * phi), `A(${i + 1})`);
      assert.equal(y, Math.floor((i + 1) * phi * phi), `B(${i + 1})`);
    });
    assert.deepEqual(beattyPairs(12), [
      [1, 2],
      [3, 5],
      [4, 7],
      [6, 10],
      [8, 13],
      [9, 15],
      [11, 18],
      [12, 20],
    ]);
    for (let a = 0; a <= 1000; a++)
      for (let b = 0; b <= 1000; b++)
        assert.equal(table.values[a * 1001 + b] === 0, zeros.has(`${a},${b}`), `(${a}, ${b})`);
  });

  it('the first rows: G(0, b) = b, G(1, b) = 1, 2, 0, 4, 5, 3, …; symmetric; G(a, b) ≤ a + b, up to 1,000', () => {
    const table = wythoffTable(1000);
    const at = (a: number, b: number) => table.values[a * 1001 + b];
    assert.deepEqual(
      Array.from({ length: 12 }, (_, b) => at(1, b)),
      [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9],
    );
    for (let b = 0; b <= 1000; b++) {
      assert.equal(at(0, b), b, `G(0, ${b})`);
      assert.equal(at(1, b), b % 3 === 2 ? b - 2 : b + 1, `G(1, ${b})`);
    }
    for (let a = 0; a <= 1000; a++)
      for (let b = 0; b <= 1000; b++) {
        assert.equal(at(a, b), at(b, a), `G(${a}, ${b}) = G(${b}, ${a})`);
        assert.ok(at(a, b) <= a + b, `G(${a}, ${b}) ≤ ${a + b}`);
      }
  });
});

describe('Wythoff: nimbers of positions in sums (the family)', () => {
  const value = (positions: [bigint, bigint][], budget: Budget, cache: EngineCache) =>
    wythoffFamily.value({ kind: 'wythoff', positions }, budget, cache);

  it('a heap up to the cap always gets its nimber, whatever the clock says', () => {
    const cache = createEngineCache();
    const found = value([[300n, 7n]], { deadline: Date.now() - 1000 }, cache);
    assert.equal(found.status, 'value');
    assert.equal(found.nimber, BigInt(fresh300.values[300 * 301 + 7]));
  });

  it('a cancelled growth says so, and the next analysis resumes it', () => {
    const cache = createEngineCache();
    assert.equal(value([[3n, 5n]], {}, cache).nimber, 0n);
    const stopped = value([[300n, 299n]], cancelledAfter(40), cache);
    assert.equal(stopped.status, 'unknown');
    assert.match(stopped.reason ?? '', /heaps up to 64 when the growth of their table was cancelled/);
    const resumed = value(
      [
        [300n, 299n],
        [1n, 2n],
      ],
      {},
      cache,
    );
    assert.equal(resumed.status, 'value');
    assert.deepEqual(resumed.parts, [BigInt(fresh300.values[300 * 301 + 299]), 0n]);
  });

  it('a heap above the cap: no growth, the reason as before', () => {
    const cache = createEngineCache();
    const found = value([[BigInt(MAX_WYTHOFF_TABLE) + 1n, 2n]], {}, cache);
    assert.equal(found.status, 'unknown');
    assert.match(found.reason ?? '', /computed for heaps up to 4,096, and this position has a heap of 4097/);
    assert.equal(cache.wythoff, undefined);
  });
});
